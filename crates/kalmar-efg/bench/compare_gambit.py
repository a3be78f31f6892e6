#!/usr/bin/env python3
"""Times kalmar against Gambit (through pygambit) on the same generated extensive-form games, in
the same run, and prints a Markdown table.

    cargo build --release
    python3 crates/kalmar-efg/bench/compare_gambit.py --kalmar target/release/kalmar

pygambit is installed from PyPI into a fresh virtual environment in a temporary directory, unless
--python names an interpreter that already has it. Games come from `kalmar generate efg`:
random two-player trees with perfect recall, poker with N cards (N = 3 is Kuhn's poker) and the
prisoner's dilemma repeated N times. Tasks, kalmar against Gambit:

  strategic  reduced strategic form written as .nfg text  vs  Game.to_nfg()
  pure       pure equilibria of the reduced strategic form vs  nash.enumpure_solve
  enum       support enumeration (exact)                  vs  nash.enummixed_solve (exact)
  vertex     vertex enumeration (exact)                   vs  nash.enummixed_solve (exact)
  seqform    sequence form + Lemke (exact)                vs  nash.lcp_solve(use_strategic=False),
                                                              floating point and exact

Each figure is the median of --reps runs in-process (file reading excluded); kalmar checks every
equilibrium it reports. A Gambit run longer than --timeout seconds is reported as such. Peak
memory is each process's resident high-water mark: kalmar's from after reading the game, Gambit's
for the whole Python process (interpreter and pygambit included).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import venv

GAMBIT_RUNNER = r"""
import json, resource, sys, time
import pygambit as gbt
path, task, reps = sys.argv[1], sys.argv[2], int(sys.argv[3])
game = gbt.read_efg(path)
def run():
    if task == "strategic":
        return "%d bytes" % len(game.to_nfg())
    if task == "pure":
        return "%d pure equilibria" % len(gbt.nash.enumpure_solve(game).equilibria)
    if task == "enum":
        return "%d equilibria" % len(gbt.nash.enummixed_solve(game, rational=True).equilibria)
    if task == "seqform-float":
        return "%d equilibria" % len(gbt.nash.lcp_solve(game, rational=False, use_strategic=False).equilibria)
    if task == "seqform-exact":
        return "%d equilibria" % len(gbt.nash.lcp_solve(game, rational=True, use_strategic=False).equilibria)
    raise SystemExit("unknown task " + task)
times = []
for _ in range(reps):
    start = time.perf_counter()
    result = run()
    times.append((time.perf_counter() - start) * 1e3)
times.sort()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"median_ms": times[len(times) // 2], "result": result, "peak_rss_bytes": peak}))
"""


def gambit_python(args):
    if args.python:
        return args.python
    where = tempfile.mkdtemp(prefix="kalmar-gambit-")
    venv.create(where, with_pip=True)
    python = os.path.join(where, "bin", "python")
    subprocess.run([python, "-m", "pip", "install", "-q", "pygambit==16.7.0"], check=True)
    return python


def kalmar_time(args, path, task):
    out = subprocess.run(
        [args.kalmar, "bench", "efg", path, "--solvers", task, "--reps", str(args.reps),
         "--json"],
        check=True, capture_output=True, text=True)
    return json.loads(out.stdout)[0]


def gambit_time(args, python, path, task, reps):
    try:
        out = subprocess.run([python, "-c", GAMBIT_RUNNER, path, task, str(reps)],
                             check=True, capture_output=True, text=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return None
    return json.loads(out.stdout)


def megabytes(n):
    return "–" if n is None else f"{n / 2**20:.1f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kalmar", default="target/release/kalmar")
    parser.add_argument("--python", help="a Python that already has pygambit")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--games", nargs="*", metavar="FAMILY-SIZE",
                        help="only these games, e.g. random-4 poker-3 (default: all)")
    parser.add_argument("--tasks", nargs="*", metavar="TASK",
                        help="only these kalmar tasks, e.g. vertex seqform (default: all)")
    args = parser.parse_args()
    python = gambit_python(args)
    version = subprocess.run([python, "-c", "import pygambit; print(pygambit.__version__)"],
                             check=True, capture_output=True, text=True).stdout.strip()
    work = tempfile.mkdtemp(prefix="kalmar-efg-bench-")
    # Per game, the tasks (kalmar's, Gambit's): the strategic-form tasks only where the form
    # is small enough for both, the exact Gambit Lemke only where it ends within the timeout.
    full = [("strategic", "strategic"), ("pure", "pure"), ("seqform", "seqform-float"),
            ("seqform", "seqform-exact")]
    tree = [("seqform", "seqform-float")]
    games = [
        ("random", 4, 1, full + [("enum", "enum"), ("vertex", "enum")]),
        ("random", 6, 2, full),
        ("poker", 3, 0, full),
        ("poker", 4, 0, full),
        ("poker", 6, 0, tree),
        ("repeated", 2, 0, full),
        ("repeated", 3, 0, tree),
        ("repeated", 4, 0, tree),
    ]
    print(f"pygambit {version}; medians of {args.reps} runs (Gambit: 1 run when over 10 s)\n")
    print("| game | nodes | task | kalmar (ms) | Gambit (ms) | Gambit / kalmar | kalmar peak (MB) | Gambit peak (MB) | kalmar's answer | Gambit's answer |")
    print("|---|---:|---|---:|---:|---:|---:|---:|---|---|")
    gambit_runs = {}
    for family, size, seed, plan in games:
        if args.games and f"{family}-{size}" not in args.games:
            continue
        plan = [(t, g) for t, g in plan if not args.tasks or t in args.tasks]
        path = os.path.join(work, f"{family}-{size}.efg")
        with open(path, "w") as f:
            subprocess.run([args.kalmar, "generate", "efg", family, str(size), "--seed", str(seed)],
                           check=True, stdout=f)
        for task, gtask in plan:
            try:
                k = kalmar_time(args, path, task)
            except subprocess.CalledProcessError as e:
                if "strategic form has" in e.stderr or "two players" in e.stderr:
                    continue  # too large a strategic form: kalmar refuses, sized
                raise
            # One run first; repeated only when it is short. Two kalmar tasks may share one.
            if (path, gtask) not in gambit_runs:
                g = gambit_time(args, python, path, gtask, 1)
                if g is not None and g["median_ms"] < 10_000 and args.reps > 1:
                    g = gambit_time(args, python, path, gtask, args.reps)
                gambit_runs[(path, gtask)] = g
            g = gambit_runs[(path, gtask)]
            name = f"{family} {size}" + (f" (seed {seed})" if family == "random" else "")
            label = task if task != "seqform" else f"seqform vs lcp_solve ({gtask.split('-')[1]})"
            k_mb = megabytes(k.get("peak_rss_bytes"))
            if g is None:
                print(f"| {name} | {k['nodes']} | {label} | {k['median_ms']:.2f} | > {args.timeout * 1e3:.0f} | > {args.timeout * 1e3 / k['median_ms']:.0f} | {k_mb} | – | {k['result']} | timed out |")
            else:
                print(f"| {name} | {k['nodes']} | {label} | {k['median_ms']:.2f} | {g['median_ms']:.2f} | {g['median_ms'] / k['median_ms']:.1f} | {k_mb} | {megabytes(g['peak_rss_bytes'])} | {k['result']} | {g['result']} |")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
