"""kalmar's n-player equilibrium methods against Gambit's of the same name, from Python.

A method (simpdiv, gnm, logit or enumpoly) is run on a set of games by both tools, each as a
library called from Python (kalmar's binding, pygambit), interleaved: each round runs kalmar's,
then Gambit's, on each game in turn, and the medians over the rounds are printed as a markdown
table with a total line. Both tools read the same `.nfg` text:

- random games (`--random 3x3x3,4x4x4`): integer payoffs drawn uniformly from `--payoffs LO
  HI` by Python's `random.Random(seed)` for seeds 0 to `--seeds` - 1, written as `.nfg` text
  here, so anyone gets the same games;
- game files (`.nfg`, or `.efg` trees, whose reduced strategic form kalmar writes as `.nfg`
  text first: kalmar's strategic methods solve that form, and so both tools get the same
  strategies in the same order). Games of one player are skipped.

What is timed (reading the game is not):

- kalmar: `game.nash(method)`: the method, the exact regret of its answer (`epsilon`) and the
  library's independent certificate.
- Gambit (pygambit): `simpdiv_solve` from the centroid with `maxregret` 1/10^8 (kalmar's
  criterion; Gambit's default is 1/10^7), `gnm_solve` on kalmar's ray (kalmar's `gnm` draws it
  uniformly from [0, 1) by ChaCha8 from seed 0; it is recomputed here and handed to Gambit, so
  both follow the same curve), `logit_solve` with its defaults, `enumpoly_solve` with its
  defaults.

Each call runs in a Python process of its own (after one untimed call on a small game, so that
no first call is timed), killed after `--timeout` seconds, its start included; a tool that fails
or is killed is not run again on that game. Per game the table gives both medians, the
equilibria each found, each side's largest regret as a fraction of the payoff range (kalmar's
exact; Gambit's from its profiles' `max_regret()`, in floats but for simpdiv), how Gambit's run
ended, and how many of Gambit's equilibria are among kalmar's (every probability within `--tol`),
with the largest distance (in the largest difference of a probability) from one of Gambit's to
the nearest of kalmar's. The total adds the medians of the games both tools finished.

    python3 crates/kalmar-py/bench/gambit_nplayer.py simpdiv --random 3x3x3,4x4x4 --seeds 3
    python3 crates/kalmar-py/bench/gambit_nplayer.py gnm --random 5x5x5 --payoffs -1000000 1000000
    python3 crates/kalmar-py/bench/gambit_nplayer.py logit --rounds 5 game.nfg tree.efg
"""

import argparse
import json
import math
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from fractions import Fraction
from importlib import metadata

METHODS = ("simpdiv", "gnm", "logit", "enumpoly")
# Solved once, untimed, before the timed call of each process, so that neither tool's first
# call (code paged in, caches) is what is timed.
WARM_UP = 'NFG 1 R "warm-up" { "1" "2" "3" } { 2 2 2 }\n\n9 8 12 0 0 0 0 0 0 9 8 2 0 0 0 3 4 6 0 0 0 3 4 6\n'


def random_nfg(shape, seed, low, high):
    """A game of `shape` with integer payoffs in [low, high] from `seed`, as `.nfg` text."""
    draw = random.Random(seed)
    players = " ".join(f'"{n + 1}"' for n in range(len(shape)))
    sizes = " ".join(map(str, shape))
    cells = math.prod(shape) * len(shape)
    payoffs = " ".join(str(draw.randint(low, high)) for _ in range(cells))
    return f'NFG 1 R "random {"x".join(map(str, shape))}, seed {seed}" {{ {players} }} {{ {sizes} }}\n\n{payoffs}\n'


def chacha8_uniform(seed, count):
    """`count` draws of Rust's `ChaCha8Rng::seed_from_u64(seed).random::<f64>()` (rand 0.9)."""
    mask = 0xFFFFFFFF
    key, state = [], seed
    for _ in range(8):  # rand_core's seed_from_u64: PCG32 outputs make the key
        state = (state * 6364136223846793005 + 11634580027462260723) % 2**64
        x, rot = (((state >> 18) ^ state) >> 27) & mask, state >> 59
        key.append(((x >> rot) | (x << (32 - rot))) & mask)

    def block(counter):
        s = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574, *key, counter & mask, counter >> 32, 0, 0]
        x = s[:]

        def quarter(a, b, c, d):
            for p, q, r, bits in ((a, b, d, 16), (c, d, b, 12), (a, b, d, 8), (c, d, b, 7)):
                x[p] = (x[p] + x[q]) & mask
                x[r] ^= x[p]
                x[r] = ((x[r] << bits) | (x[r] >> (32 - bits))) & mask

        for _ in range(4):  # eight rounds: four column and four diagonal
            for a, b, c, d in ((0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15)):
                quarter(a, b, c, d)
            for a, b, c, d in ((0, 5, 10, 15), (1, 6, 11, 12), (2, 7, 8, 13), (3, 4, 9, 14)):
                quarter(a, b, c, d)
        return [(v + w) & mask for v, w in zip(x, s)]

    words = [w for counter in range((2 * count + 15) // 16) for w in block(counter)]
    return [((words[2 * k] | words[2 * k + 1] << 32) >> 11) * 2.0**-53 for k in range(count)]


def kalmar_side(method, text):
    from kalmar import efg

    game = efg.parse(text)
    start = time.perf_counter()
    found = game.nash(method)
    seconds = time.perf_counter() - start
    flat = [v for t in game.payoff_tables() for v in t.flat]
    scale = max(flat) - min(flat) or 1
    profiles = [
        [float(e.strategies[n].get(s, 0)) for n, names in enumerate(game.strategies) for s in names]
        for e in found
    ]
    regret = None if found.epsilon is None else float(Fraction(found.epsilon) / scale)
    ended = "stopped at the deadline" if found.timed_out else ""
    return seconds, profiles, regret, ended


def gambit_side(method, text):
    import io

    import pygambit as gbt

    game = gbt.read_nfg(io.StringIO(text))
    players = list(game.players)
    if method == "gnm":
        ray = game.mixed_strategy_profile()
        draws = iter(chacha8_uniform(0, sum(len(game.get_strategies(p)) for p in players)))
        for p in players:
            ray[p] = {s: next(draws) for s in game.get_strategies(p)}
    start = time.perf_counter()
    if method == "simpdiv":
        start_profile = game.mixed_strategy_profile(rational=True)
        result = gbt.nash.simpdiv_solve(start_profile, maxregret=gbt.Rational(1, 10**8))
    elif method == "gnm":
        result = gbt.nash.gnm_solve(ray)
    elif method == "logit":
        result = gbt.nash.logit_solve(game, use_strategic=True)
    else:
        result = gbt.nash.enumpoly_solve(game, use_strategic=True)
    seconds = time.perf_counter() - start
    found = result.equilibria if hasattr(result, "equilibria") else [result.equilibrium]
    found = [e for e in found if e is not None]
    scale = float(game.max_payoff - game.min_payoff) or 1.0
    profiles = [[float(e[p][s]) for p in players for s in game.get_strategies(p)] for e in found]
    regret = max((float(e.max_regret()) / scale for e in found), default=None)
    reason = getattr(result, "reason", None)
    ended = reason.name if reason is not None else ("" if result.success else "no success")
    return seconds, profiles, regret, ended


def child():
    """Runs one side on one game: the request on stdin, the answer on stdout, as JSON."""
    request = json.load(sys.stdin)
    side = kalmar_side if request["tool"] == "kalmar" else gambit_side
    try:
        side(request["method"], WARM_UP)
        answer = dict(zip(("seconds", "profiles", "regret", "ended"), side(request["method"], request["text"])))
    except Exception as error:  # noqa: BLE001 - any failure is reported in the table
        answer = {"error": f"{type(error).__name__}: {error}".splitlines()[0][:80]}
    json.dump(answer, sys.stdout)


def run(tool, method, text, timeout):
    request = json.dumps({"tool": tool, "method": method, "text": text})
    try:
        done = subprocess.run(
            [sys.executable, __file__, "--child"], input=request, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return {"error": f"> {timeout:g} s"}
    if done.returncode != 0:
        return {"error": f"exit {done.returncode}: {done.stderr.strip().splitlines()[-1:]}"}
    return json.loads(done.stdout)


def games(args, notes):
    """(name, shape, .nfg text) for each random game and file, in order."""
    from kalmar import efg

    for shape in filter(None, args.random.split(",")):
        sizes = [int(s) for s in shape.split("x")]
        for seed in range(args.seeds):
            yield f"random {shape}, seed {seed}", sizes, random_nfg(sizes, seed, *args.payoffs)
    for path in args.files:
        name = path
        try:
            game = efg.read(path)
            if game.is_strategic:
                with open(path) as file:
                    text = file.read()
            else:
                text = game.to_nfg()
            yield name, efg.parse(text).shape, text
        except ValueError as error:
            notes.append(f"{name}: not read as a strategic form: {error}")


def show(seconds):
    if seconds < 0.01:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e3:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def summary(answers, regret_name):
    first = next((a for a in answers if "error" not in a), None)
    if first is None:
        return None, answers[0]["error"]
    times = [a["seconds"] for a in answers if "error" not in a]
    regret = "–" if first["regret"] is None else f"{first['regret']:.1e}"
    ended = f", {first['ended']}" if first["ended"] else ""
    if "error" in answers[-1]:
        ended += f", then {answers[-1]['error']}"
    return statistics.median(times), f"{len(first['profiles'])}, {regret_name} {regret}{ended}"


def among(theirs, ours, tol):
    if not theirs:
        return "–"
    nearest = [min((max(abs(a - b) for a, b in zip(p, q)) for q in ours), default=math.inf) for p in theirs]
    return f"{sum(d < tol for d in nearest)} of {len(theirs)} ({max(nearest):.0e})"


def main():
    if sys.argv[1:] == ["--child"]:
        return child()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("method", choices=METHODS)
    parser.add_argument("files", nargs="*", help=".nfg or .efg files")
    parser.add_argument("--random", default="", metavar="SHAPES", help="e.g. 3x3x3,4x4x4")
    parser.add_argument("--seeds", type=int, default=3, help="random games of seeds 0 to this - 1 a shape")
    parser.add_argument("--payoffs", nargs=2, type=int, default=[0, 99], metavar=("LO", "HI"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds per call")
    parser.add_argument("--tol", type=float, default=1e-6)
    args = parser.parse_intermixed_args()

    tools = ", ".join(f"{name} {metadata.version(name)}" for name in ("kalmar", "pygambit"))
    print(f"{tools}, Python {platform.python_version()}, {os.cpu_count()} cores; medians of {args.rounds} rounds\n")
    print(f"| game | shape | kalmar `{args.method}` | Gambit | Gambit / kalmar | kalmar: equilibria, ε / range | Gambit: equilibria, regret / range, end | Gambit's among kalmar's (distance) |")
    print("|---|---|---:|---:|---:|---|---|---|")
    both, notes = [], []
    for name, shape, text in games(args, notes):
        if len(shape) < 2:
            notes.append(f"{name}: one player, skipped")
            continue
        answers = {"kalmar": [], "gambit": []}
        for _ in range(args.rounds):
            for tool, done in answers.items():
                if not done or "error" not in done[-1]:
                    done.append(run(tool, args.method, text, args.timeout))
        ours, ours_text = summary(answers["kalmar"], "ε")
        theirs, theirs_text = summary(answers["gambit"], "regret")
        ratio, match = "", ""
        if ours is not None and theirs is not None:
            both.append((ours, theirs))
            ratio = f"{theirs / ours:.2f}"
            first = lambda tool: next(a for a in answers[tool] if "error" not in a)["profiles"]  # noqa: E731
            match = among(first("gambit"), first("kalmar"), args.tol)
        cells = [show(t) if t is not None else "–" for t in (ours, theirs)]
        print(f"| {name} | {' × '.join(map(str, shape))} | {cells[0]} | {cells[1]} | {ratio} | {ours_text} | {theirs_text} | {match} |")
    if both:
        ours, theirs = (sum(t) for t in zip(*both))
        mean = math.exp(statistics.fmean(math.log(b / a) for a, b in both))
        print(f"| total, {len(both)} games both finished | | {show(ours)} | {show(theirs)} | {theirs / ours:.2f} (geometric mean {mean:.2f}) | | | |")
    for note in notes:
        print(f"\n- {note}", end="")
    print()


if __name__ == "__main__":
    main()
