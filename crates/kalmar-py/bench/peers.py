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

    python3 crates/kalmar-py/bench/peers.py --rounds 5 --efg examples/kuhn-poker.efg ... \
        --openspiel kuhn_poker leduc_poker --skip-exact leduc_poker
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
            gambit = [Fraction(str(v)) for _, v in result.equilibrium.payoffs]
            agree &= found[0].payoffs == gambit
        a, b = statistics.median(ours), statistics.median(theirs)
        nodes = kalmar.efg.read(path).num_nodes
        print(f"| {path.rsplit('/', 1)[-1]} | {nodes:,} | {show(a)} | {show(b)} | {b / a:.0f}× | {agree} |")


def openspiel_games(names, rounds, iterations, skip_exact):
    import pyspiel
    from open_spiel.python.algorithms import exploitability, sequence_form_lp

    print(f"| game | nodes | kalmar: the walk | kalmar: exact `seqform` | value (exact) | OpenSpiel `sequence_form_lp` (floats) | its value | OpenSpiel CFR, {iterations:,} iterations | its exploitability |")
    print("|---|---:|---:|---:|---|---:|---|---:|---|")
    for name in names:
        game = pyspiel.load_game(name)
        walk, ours, lp, cfr = [], [], [], []
        found = None
        for _ in range(rounds):
            t, tree = timed(lambda: kalmar.efg.from_openspiel(game))
            walk.append(t)
            if name not in skip_exact:
                t, found = timed(lambda: tree.nash("seqform"))
                ours.append(t)
            t, solved = timed(lambda: sequence_form_lp.solve_zero_sum_game(game))
            lp.append(t)

            def run_cfr():
                solver = pyspiel.CFRSolver(game)
                for _ in range(iterations):
                    solver.evaluate_and_update_policy()
                return solver, solver.average_policy()

            # The policy reads the solver's tables: the solver is kept alive beside it.
            t, (solver, policy) = timed(run_cfr)
            cfr.append(t)
        if found:
            value = found[0].payoffs[0]
            exact = f"{show(statistics.median(ours))} | {value} = {float(value):.9f}"
        else:
            exact = "not run | "
        print(
            f"| {name} | {tree.num_nodes:,} | {show(statistics.median(walk))} | {exact} | "
            f"{show(statistics.median(lp))} | {solved[0]:.9f} | {show(statistics.median(cfr))} | "
            f"{exploitability.exploitability(game, policy):.2e} |"
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--efg", nargs="*", default=[])
    parser.add_argument("--openspiel", nargs="*", default=[])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cfr-iterations", type=int, default=1000)
    parser.add_argument("--skip-exact", nargs="*", default=[], help="OpenSpiel games read but not solved exactly")
    args = parser.parse_args()
    if args.efg:
        gambit_files(args.efg, args.rounds)
        print()
    if args.openspiel:
        openspiel_games(args.openspiel, args.rounds, args.cfr_iterations, args.skip_exact)


if __name__ == "__main__":
    main()
