"""OpenSpiel's CFR+ (C++, `pyspiel.CFRPlusSolver`) on one of its games, run as a user who wants a
given exploitability runs it: iterate, measure the NashConv of the average policy (the sum of
both players' gains from deviating, as kalmar reports it; OpenSpiel's `exploitability` is half)
every K iterations, stop once it is at most the target. Prints the iterations, the NashConv,
and the seconds of the loop alone (iterations and measurements, `load_game` excluded).

    python3 crates/kalmar-py/bench/openspiel_cfr.py leduc_poker --target 1e-3 --every 10
    python3 crates/kalmar-py/bench/openspiel_cfr.py leduc_poker --iterations 1000

With `--iterations` it makes that many iterations and measures once, at the end.
"""

import argparse
import time

import pyspiel


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="an OpenSpiel game name, e.g. kuhn_poker, leduc_poker")
    parser.add_argument("--target", type=float, help="stop once NashConv is at most this")
    parser.add_argument("--every", type=int, default=10, help="measure every K iterations")
    parser.add_argument("--iterations", type=int, help="make exactly this many iterations")
    args = parser.parse_args()
    if (args.target is None) == (args.iterations is None):
        parser.error("give exactly one of --target and --iterations")
    game = pyspiel.load_game(args.game)
    solver = pyspiel.CFRPlusSolver(game)
    start = time.perf_counter()
    done = 0
    while True:
        solver.evaluate_and_update_policy()
        done += 1
        if args.iterations is not None:
            if done == args.iterations:
                nash_conv = pyspiel.nash_conv(game, solver.average_policy())
                break
        elif done % args.every == 0:
            nash_conv = pyspiel.nash_conv(game, solver.average_policy())
            if nash_conv <= args.target:
                break
    print(done, nash_conv, time.perf_counter() - start)


if __name__ == "__main__":
    main()
