"""kalmar.dgg from Python: exact values, every solver, strong and weak solutions."""

from fractions import Fraction
from pathlib import Path

import pytest

from kalmar import dgg, graph

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"

# Max at a takes 3 or passes to Min at b, who takes 5 or -2 or returns to a (the library's own
# example).
GAME = "kalmar-gg 1\na max -> t b\nb min -> u v a\nt terminal payoff=3\nu terminal payoff=5\nv terminal payoff=-2\n"


def test_the_small_example_has_its_known_values():
    # s -> x | y; x (Min) takes lo = -1/2; y (Max) takes hi = 3/4; z (Min) takes lo.
    game = dgg.read(EXAMPLES / "dgg-small.gg")
    assert game.names == ["s", "x", "y", "z", "lo", "mid", "hi", "zero"]
    assert game.payoffs[4:] == [Fraction(-1, 2), Fraction(1, 4), Fraction(3, 4), 0]
    solution = game.solve()
    assert (solution.solver, solution.kind, solution.verified) == ("sort", "strong", True)
    q = Fraction
    assert solution.values == [q(3, 4), q(-1, 2), q(3, 4), q(-1, 2), q(-1, 2), q(1, 4), q(3, 4), 0]
    assert all(type(v) is Fraction for v in solution.values)
    assert solution.start_value == Fraction(3, 4)
    assert solution.strategy.tolist() == [2, 4, 6, 4, -1, -1, -1, -1]
    assert sorted(solution.relevant.tolist()) == [0, 1, 2, 3]
    assert set(solution.stats) == {"comparisons", "rounds", "retrograde_passes"}
    assert solution.stats["comparisons"] > 0 and solution.stats["retrograde_passes"] == 1
    # Through bottleneck interdiction, by every interdiction solver, the same values.
    for solver in ["bspi-heap", "bspi-buckets", "bspi-coarse", "gpi", None]:
        assert game.solve_by_interdiction(solver) == solution.values, solver


def test_every_solver_agrees_on_the_start_value_and_weak_solvers_refuse_strong_answers():
    for text in (GAME, (EXAMPLES / "dgg-small.gg").read_text()):
        game = dgg.parse(text)
        strong = game.solve().values
        for solver in dgg.solvers():
            weak = game.solve(solver, weak=True)
            assert (weak.solver, weak.kind, weak.verified) == (solver, "weak", True)
            assert weak.values is None
            assert weak.start_value == strong[game.start]
            # Following the weak strategies from the start reaches the start's value.
            assert game.start in weak.relevant.tolist()
            if solver in dgg.strong_solvers():
                assert game.solve(solver).values == strong
            else:
                with pytest.raises(ValueError, match=f"{solver} computes weak solutions"):
                    game.solve(solver)
    assert dgg.strong_solvers() == ["sort"]


def test_a_wide_game_built_from_lists_is_solved_alike_by_every_solver():
    # Max at the root chooses among 2000 terminals through Min's vertices, each with two.
    k = 1000
    owners = ["max"] + ["min"] * k + ["terminal"] * (2 * k)
    edges = [(0, 1 + i) for i in range(k)]
    edges += [(1 + i, 1 + k + 2 * i + j) for i in range(k) for j in range(2)]
    payoffs = [None] * (1 + k) + [Fraction(i * 7919 % 2003, 7) for i in range(2 * k)]
    game = dgg.from_graph(graph.from_edges(owners, edges, payoffs=payoffs))
    strong = game.solve()
    expected = max(min(payoffs[1 + k + 2 * i], payoffs[2 + k + 2 * i]) for i in range(k))
    assert strong.start_value == expected
    for solver in dgg.solvers():
        weak = game.solve(solver, weak=True)
        assert weak.start_value == expected
        # The narrowing solvers take rounds, each with its retrograde passes; sorting takes one.
        # With 1.5 arcs a terminal the almost-linear solver takes the paper's few levels a round
        # (sorting the 2000 payoffs could cost more than O(m) comparisons).
        narrowing = solver not in dgg.strong_solvers()
        assert (weak.stats["rounds"] >= 1) == narrowing
        one_pass = solver == "sort"
        assert (weak.stats["retrograde_passes"] == 1) == one_pass


def test_errors_are_the_librarys():
    with pytest.raises(ValueError, match="3:19: found '1/0'"):
        dgg.parse("kalmar-gg 1\na max -> b c\nb terminal payoff=1/0\nc terminal\n")
    with pytest.raises(ValueError, match="vertex c: belongs to chance"):
        dgg.read(EXAMPLES / "coin-toss.gg")
    with pytest.raises(ValueError, match="unknown DGG solver 'nope'; the known ones are: sort"):
        dgg.parse(GAME).solve("nope")


def test_the_docstring_examples_run():
    import doctest

    import kalmar.dgg

    failed, tried = doctest.testmod(kalmar.dgg)
    assert tried > 0 and failed == 0
