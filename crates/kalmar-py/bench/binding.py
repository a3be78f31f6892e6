"""What the Python binding costs: the same solve through Python and through Rust, interleaved.

For each game file (a parity game `.pg` or a chess-like game `.gg`), each round runs the solve
twice, in turn: once through the package (`kalmar.read(file).solve()`, timed from Python around
the call: the library's solve and verification plus the binding's work: starting the solve's
thread, waiting, making the numpy arrays) and once through the `kalmar` program (`kalmar parity
solve FILE` or `kalmar reach solve FILE`, whose library calls are the same and which prints its
solve and verification times). The file is read once per process
in both; reading is not timed. Medians are printed, with the binding's own cost: the Python
call's time less the library's time inside it.

    python3 crates/kalmar-py/bench/binding.py --kalmar target/release/kalmar --rounds 7 FILE ...
"""

import argparse
import re
import statistics
import subprocess
import time

import kalmar

CLI_TIMES = re.compile(r"solved by .+? in ([\d.]+) (ms|s)[,;] certificate verified in ([\d.]+) (ms|s)")


def seconds(value, unit):
    return float(value) / (1000.0 if unit == "ms" else 1.0)


def through_rust(program, family, path):
    """The library's solve and verification time as the `kalmar` program prints it."""
    out = subprocess.run(
        [program, family, "solve", path, "--limit", "0"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    found = CLI_TIMES.search(out)
    if not found:
        raise SystemExit(f"unexpected output of {program}:\n{out}")
    return seconds(found[1], found[2]) + seconds(found[3], found[4])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--kalmar", default="target/release/kalmar")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    print("| game | vertices | through Rust (solve + verify) | through Python (the call) | "
          "of which the library | the binding's cost | Python / Rust |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for path in args.files:
        game = kalmar.read(path)
        family = type(game).__module__.rsplit(".", 1)[-1]
        rust, python, inside = [], [], []
        for _ in range(args.rounds):
            rust.append(through_rust(args.kalmar, family, path))
            start = time.perf_counter()
            solution = game.solve()
            python.append(time.perf_counter() - start)
            inside.append(solution.solve_time + solution.verify_time)
        r, p, i = (statistics.median(x) for x in (rust, python, inside))
        overhead = statistics.median(a - b for a, b in zip(python, inside))
        print(f"| {path.rsplit('/', 1)[-1]} | {game.num_vertices:,} | {r * 1e3:.0f} ms | "
              f"{p * 1e3:.0f} ms | {i * 1e3:.0f} ms | {overhead * 1e3:.1f} ms | {p / r:.3f} |")


if __name__ == "__main__":
    main()
