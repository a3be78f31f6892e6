"""Bad input from Python is an exception that says what is wrong, never a crash or a panic:
every reader is fed thousands of damaged versions of the example files."""

import random
from pathlib import Path

import pytest

import kalmar

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
FILES = [
    "tiny.pg",
    "dgg-small.gg",
    "figure-2-3.gg",
    "three-players.gg",
    "reif-note.gg",
    "kuhn-poker.efg",
    "entry.efg",
    "ohhell-table1-192.txt",
    "alpaga/mutex.gii",
]
READERS = [
    kalmar.parse,
    kalmar.parity.parse,
    kalmar.reach.parse,
    kalmar.dgg.parse,
    kalmar.stochastic.parse,
    kalmar.observation.parse,
    kalmar.positional.parse,
    kalmar.efg.parse,
    kalmar.ohhell.parse,
]


def damaged(text, rng):
    """`text` with a few characters deleted, repeated, or replaced by digits and symbols."""
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        if not chars:
            break
        i = rng.randrange(len(chars))
        kind = rng.randrange(4)
        if kind == 0:
            del chars[i]
        elif kind == 1:
            chars.insert(i, chars[i] * rng.randint(1, 3))
        elif kind == 2:
            chars[i] = rng.choice("0123456789-/.;:,{}\"' \nx")
        else:
            chars[i] = str(rng.choice([0, 1, -1, 2**31, 2**64, 10**30]))
    return "".join(chars)


@pytest.mark.parametrize("name", FILES)
def test_damaged_files_raise_value_errors_and_what_parses_solves(name):
    rng = random.Random(name)
    text = (EXAMPLES / name).read_text()
    for _ in range(400):
        bad = damaged(text, rng)
        for reader in READERS:
            try:
                game = reader(bad)
            except ValueError:
                continue
            # What still parses must solve, or refuse with a ValueError of its own.
            solve = next(getattr(game, verb) for verb in ("solve", "nash", "count") if hasattr(game, verb))
            try:
                solve()
            except (ValueError, MemoryError):
                pass


def test_damaged_puzzles_raise_value_errors_and_what_parses_solves():
    rng = random.Random(11)
    for name in ("bridges-7x7.hashi", "stones.hiro"):
        text = (EXAMPLES / name).read_text()
        for _ in range(300):
            bad = damaged(text, rng)
            for reader in (kalmar.puzzles.parse, kalmar.puzzles.Hashi.parse, kalmar.puzzles.Hiroimono.parse):
                try:
                    puzzle = reader(bad)
                except ValueError:
                    continue
                answer = puzzle.solve(count=2)
                for solution in answer.solutions:
                    assert solution.verified and puzzle.check(solution)


def test_bad_graphs_from_python_raise_value_errors():
    rng = random.Random(7)
    owners_choices = [0, 1, 2, -1, -2, -3, 300, "max", "min", "chance", "terminal", "nobody", None, 1.5]
    for _ in range(2000):
        n = rng.randint(0, 5)
        owners = [rng.choice(owners_choices) for _ in range(n)]
        edges = [(rng.randint(-1, n), rng.randint(-1, n)) for _ in range(rng.randint(0, 8))]
        payoffs = {v: rng.choice([0, 1, -1, "1/2", "x", 2**70]) for v in range(n) if rng.random() < 0.5}
        probabilities = [rng.choice(["1/2", "1", "0", "-1/2", 2, "a"]) for _ in edges] if rng.random() < 0.3 else None
        try:
            graph = kalmar.graph.from_edges(owners, edges, payoffs=payoffs, probabilities=probabilities)
        except (ValueError, TypeError):
            continue
        for family in (kalmar.reach, kalmar.dgg, kalmar.stochastic, kalmar.parity):
            try:
                family.from_graph(graph).solve()
            except (ValueError, MemoryError):
                pass
