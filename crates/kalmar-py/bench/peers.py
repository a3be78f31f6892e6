"""kalmar against pygambit and OpenSpiel, each through its own Python routines, in one process.

For each game, each round runs every tool once, in turn (kalmar, then the peers), and the medians
over the rounds are printed as a markdown table. What each row times:

- Gambit's files (`.efg`): `kalmar.efg.read(f).nash("seqform")` (exact, the sequence form with
  Lemke's algorithm) against `pygambit.nash.lcp_solve(pygambit.read_efg(f), rational=True)`, the
  same method in Gambit, exact too; both include reading the file. The payoffs must agree.
- OpenSpiel's games: `kalmar.efg.from_openspiel(game).nash("seqform")` (the walk of OpenSpiel's
  tree into kalmar's, then the exact solve) against OpenSpiel's `sequence_form_lp` (the same
  sequence form as a linear program, in floats, solved by cvxpy's default solver) and against
  OpenSpiel's CFR (C++, `pyspiel.CFRSolver`) for a fixed number of iterations, with the
  exploitability it reaches.

    python3 crates/kalmar-py/bench/peers.py --rounds 5 --efg examples/kuhn-poker.efg ... --openspiel kuhn_poker leduc_poker
"""

import argparse
import statistics
import time
from fractions import Fraction

import kalmar


def timed(work):
    start = time.perf_counter()
    result = work()
    return time.perf_counter() - start, result


def show(seconds):
    return f"{seconds * 1e3:.0f} ms" if seconds < 10 else f"{seconds:.1f} s"


def gambit_files(paths, rounds):
    import pygambit

    print("| game | nodes | kalmar `seqform` (exact) | pygambit `lcp_solve(rational=True)` | pygambit / kalmar | payoffs agree |")
    print("|---|---:|---:|---:|---:|---|")
    for path in paths:
        ours, theirs, agree = [], [], True
        for _ in range(rounds):
            t, found = timed(lambda: kalmar.efg.read(path).nash("seqform"))
            ours.append(t)
            t, result = timed(lambda: pygambit.nash.lcp_solve(pygambit.read_efg(path), rational=True))
            theirs.append(t)
            gambit = [Fraction(str(v)) for v in result.equilibrium.payoffs.values()]
            agree &= found[0].payoffs == gambit
        a, b = statistics.median(ours), statistics.median(theirs)
        nodes = kalmar.efg.read(path).num_nodes
        print(f"| {path.rsplit('/', 1)[-1]} | {nodes:,} | {show(a)} | {show(b)} | {b / a:.0f}× | {agree} |")


def openspiel_games(names, rounds, iterations):
    import pyspiel
    from open_spiel.python.algorithms import exploitability, sequence_form_lp

    print(f"| game | nodes | kalmar: walk + exact `seqform` | value (exact) | OpenSpiel `sequence_form_lp` (floats) | its value | OpenSpiel CFR, {iterations:,} iterations | its exploitability |")
    print("|---|---:|---:|---|---:|---|---:|---|")
    for name in names:
        game = pyspiel.load_game(name)
        ours, lp, cfr = [], [], []
        for _ in range(rounds):
            t, found = timed(lambda: kalmar.efg.from_openspiel(game).nash("seqform"))
            ours.append(t)
            t, solved = timed(lambda: sequence_form_lp.solve_zero_sum_game(game))
            lp.append(t)

            def run_cfr():
                solver = pyspiel.CFRSolver(game)
                for _ in range(iterations):
                    solver.evaluate_and_update_policy()
                return solver.average_policy()

            t, policy = timed(run_cfr)
            cfr.append(t)
        nodes = kalmar.efg.from_openspiel(game).num_nodes
        value = found[0].payoffs[0]
        print(
            f"| {name} | {nodes:,} | {show(statistics.median(ours))} | {value} = {float(value):.9f} | "
            f"{show(statistics.median(lp))} | {solved[0]:.9f} | {show(statistics.median(cfr))} | "
            f"{exploitability.exploitability(game, policy):.2e} |"
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--efg", nargs="*", default=[])
    parser.add_argument("--openspiel", nargs="*", default=[])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cfr-iterations", type=int, default=1000)
    args = parser.parse_args()
    if args.efg:
        gambit_files(args.efg, args.rounds)
        print()
    if args.openspiel:
        openspiel_games(args.openspiel, args.rounds, args.cfr_iterations)


if __name__ == "__main__":
    main()
