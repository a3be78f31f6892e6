"""kalmar.reach from Python: outcomes, depths to mate and strategies as the library gives them."""

from pathlib import Path

import numpy as np
import pytest

import kalmar
from kalmar import graph, reach

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"

# The library's own example: Max wins at once from a; Min wins at once from b; Max at c can only
# lose or loop.
GAME = "kalmar-gg 1\na max -> w b\nb min -> l a\nc max -> c l\nw terminal payoff=1\nl terminal payoff=-1\n"


def test_outcomes_distances_and_strategies_are_the_librarys():
    game = reach.parse(GAME)
    assert (game.num_vertices, game.num_edges, game.start) == (5, 6, 0)
    assert game.names == ["a", "b", "c", "w", "l"]
    assert game.owners.tolist() == [graph.MAX, graph.MIN, graph.MAX, graph.TERMINAL, graph.TERMINAL]
    solution = game.solve()
    assert solution.outcome.tolist() == [1, -1, 0, 1, -1]
    assert solution.distance.tolist() == [1, 1, 0, 0, 0]
    # Max at c loops rather than lose; terminals have no move.
    assert solution.strategy.tolist() == [3, 4, 2, -1, -1]
    assert solution.verified and solution.start_outcome == 1
    assert (solution.outcome.dtype, solution.distance.dtype, solution.strategy.dtype) == (
        np.int8,
        np.uint32,
        np.int64,
    )
    with pytest.raises(ValueError, match="read-only"):
        solution.outcome[0] = 0
    assert "Max wins 2, draws 1, loses 2" in repr(solution)


def test_the_papers_figures_from_the_examples():
    # Figure 2 (a): neither player leaves the cycle, so both positions are draws.
    figure_a = reach.read(EXAMPLES / "figure2a.gg").solve()
    assert figure_a.outcome.tolist() == [0, 0, 1, -1]
    assert figure_a.strategy.tolist() == [1, 0, -1, -1]
    # Figure 2 (b): both positions are won by Max, who must take the terminal at a; Min at b
    # delays by returning to a, one move longer.
    figure_b = reach.read(EXAMPLES / "figure2b.gg").solve()
    assert figure_b.outcome.tolist() == [1, 1, 1]
    assert figure_b.distance.tolist() == [1, 2, 0]
    assert figure_b.strategy.tolist() == [2, 0, -1]


def test_a_million_moves_from_numpy_arrays():
    # A ladder: Max at 2i moves on to Min's 2i+1 or loses; Min at 2i+1 moves on or gives Max a
    # win at once. The last rung leads to the win: Max wins everywhere, by moving on, and Min
    # delays the end by moving on too, so play from 0 takes every rung.
    rungs = 250_000
    n = 2 * rungs
    owners = np.tile([graph.MAX, graph.MIN], rungs)
    owners = np.concatenate([owners, [graph.TERMINAL, graph.TERMINAL]])
    win, loss = n, n + 1
    vertices = np.arange(n)
    on = np.stack([vertices, vertices + 1], axis=1)
    off = np.stack([vertices, np.where(vertices % 2 == 0, loss, win)], axis=1)
    payoffs = np.zeros(n + 2, dtype=np.int64)
    payoffs[win], payoffs[loss] = 1, -1
    g = graph.from_edges(owners, np.concatenate([on, off]), payoffs=payoffs)
    assert (g.num_vertices, g.num_edges) == (n + 2, 2 * n)
    solution = reach.from_graph(g).solve()
    assert int(solution.outcome[0]) == 1
    assert (solution.outcome[:n] == 1).all()
    assert solution.distance[0] == n
    assert (solution.strategy[:n] == np.arange(1, n + 1)).all()


def test_errors_carry_the_place_and_never_crash():
    with pytest.raises(ValueError, match="2:3: found 'maxx', expected an owner"):
        reach.parse("kalmar-gg 1\na maxx -> b\nb terminal\n")
    with pytest.raises(ValueError, match="vertex b: payoff 2 is not -1, 0 or 1"):
        reach.parse("kalmar-gg 1\na max -> b\nb terminal payoff=2\n")
    with pytest.raises(ValueError, match="belongs to chance"):
        reach.read(EXAMPLES / "coin-toss.gg")
    with pytest.raises(FileNotFoundError, match="/nonexistent/game.gg"):
        reach.read("/nonexistent/game.gg")


def test_the_docstring_examples_run():
    import doctest

    import kalmar.reach

    failed, tried = doctest.testmod(kalmar.reach)
    assert tried > 0 and failed == 0
    assert kalmar.reach is reach


def test_a_dataflow_on_several_workers_gives_the_same_solution():
    rows = ["kalmar-gg 1"]
    import random

    rng = random.Random(7)
    n = 2000
    for v in range(n):
        succ = " ".join(f"v{rng.randrange(n)}" for _ in range(3))
        owner = "max" if v % 2 else "min"
        rows.append(f"v{v} {owner} -> {succ} t{v % 3}")
    rows += ["t0 terminal payoff=1", "t1 terminal payoff=-1", "t2 terminal payoff=0"]
    game = reach.parse("\n".join(rows) + "\n")
    one = game.solve()
    three = game.solve(workers=3)
    assert three.verified
    assert (one.outcome == three.outcome).all()
    assert (one.distance == three.distance).all()
