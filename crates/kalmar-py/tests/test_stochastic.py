"""kalmar.stochastic from Python: exact values certified, value iteration's bounds around them,
every class and solver, the size refusal as MemoryError."""

from fractions import Fraction as Q
from pathlib import Path

import pytest

from kalmar import graph, stochastic

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def test_the_coin_toss_game_has_its_known_values():
    # a = max(1/2, b), b = min(1, d), d = a/2: a is worth 1/2, b and d 1/4.
    game = stochastic.read(EXAMPLES / "coin-toss.gg")
    assert game.game_class == "simple"
    assert game.names == ["a", "c", "b", "d", "one", "zero"]
    assert game.owners.tolist() == [graph.MAX, graph.CHANCE, graph.MIN, graph.CHANCE, graph.TERMINAL, graph.TERMINAL]
    solution = game.solve()
    assert (solution.solver, solution.game_class, solution.exact, solution.verified) == ("si", "simple", True, True)
    assert solution.values == [Q(1, 2), Q(1, 2), Q(1, 4), Q(1, 4), 1, 0]
    # Max tosses the coin c; Min prefers the returning coin d to the 1-sink.
    assert solution.strategy.tolist() == [1, -1, 3, -1, -1, -1]
    assert solution.certificate and solution.lower is None and solution.error is None
    assert set(solution.stats) == {"iterations", "evaluations", "estimates", "rounds"}


def test_value_iteration_bounds_contain_the_exact_values():
    for name in ("coin-toss.gg", "figure-2-3.gg"):
        game = stochastic.read(EXAMPLES / name)
        exact = game.solve().values
        epsilon = Q(1, 1000)
        bounds = game.solve("vi", epsilon=epsilon)
        assert (bounds.solver, bounds.verified, bounds.strategy) == ("vi", False, None)
        assert bounds.error <= epsilon and not bounds.timed_out
        assert all(lo <= x <= hi for lo, x, hi in zip(bounds.lower, exact, bounds.upper))
        assert bounds.error == max(hi - lo for lo, hi in zip(bounds.lower, bounds.upper))
        # Finished exactly, value iteration gives the exact values and certified strategies.
        finished = game.solve("vi", exact=True, epsilon="1/100")
        assert finished.values == exact and finished.verified and finished.exact


def test_value_iteration_on_several_workers_holds_the_exact_values():
    for name in ("coin-toss.gg", "figure-2-3.gg"):
        game = stochastic.read(EXAMPLES / name)
        if game.game_class not in ("simple", "terminal"):
            continue
        exact = game.solve().values
        bounds = game.solve("vi", epsilon=Q(1, 1000), workers=3)
        assert bounds.error <= Q(1, 1000) and bounds.stats["workers"] == 3
        assert all(lo <= x <= hi for lo, x, hi in zip(bounds.lower, exact, bounds.upper))
        finished = game.solve("vi", exact=True, workers=2)
        assert finished.values == exact and finished.verified
    with pytest.raises(ValueError, match="workers above 1"):
        stochastic.read(EXAMPLES / "coin-toss.gg").solve("si", workers=2)
    with pytest.raises(ValueError, match="simple and terminal-payoff"):
        stochastic.read(EXAMPLES / "stochastic-parity.gg").solve("vi", workers=2)
    with pytest.raises(ValueError, match="epsilon must be positive"):
        stochastic.read(EXAMPLES / "coin-toss.gg").solve("vi", epsilon=0, workers=2)


def test_a_discounted_game_read_as_mean_payoff_by_every_solver():
    # Figure 2.3: 40 175/271 from a, discounted. Without the discount, the cycle b -> c -> d
    # pays 11/3 per step on average; e loops on 0.
    game = stochastic.read(EXAMPLES / "figure-2-3.gg")
    assert game.game_class == "discounted"
    assert game.solve().values[0] == Q(40 * 271 + 175, 271)
    mean = [Q(11, 3)] * 4 + [0, Q(11, 3)]
    for solver in ("si", "mpsi", "zp"):
        solution = game.solve(solver, game_class="mean-payoff")
        assert (solution.game_class, solution.values) == ("mean-payoff", mean), solver
        # zp gives exact values but no strategies, so nothing to certify.
        assert solution.verified == (solver != "zp")
        assert (solution.strategy is None) == (solver == "zp")


def test_stochastic_parity_under_both_conventions():
    # The file's comment: m and c are worth 1/2, Max wins from a with probability 1; with odd
    # winning, m is worth 0, d 2/3 and a 1.
    game = stochastic.read(EXAMPLES / "stochastic-parity.gg")
    assert game.game_class == "parity"
    assert game.solve().values == [Q(1, 2), Q(1, 2), 1, 1, 1, 0]
    odd = game.solve(convention="odd")
    assert odd.values == [0, Q(1, 2), 1, Q(2, 3), 0, 1] and odd.verified


def test_a_game_built_from_lists_with_chance():
    # Max at 0 chooses a coin of 1/3 towards the win or a sure 1/4.
    g = graph.from_edges(
        ["max", "chance", "terminal", "terminal", "terminal"],
        [(0, 1), (0, 4), (1, 2), (1, 3)],
        probabilities=[None, None, "1/3", Q(2, 3)],
        payoffs={2: 1, 3: 0, 4: Q(1, 4)},
    )
    assert g.family == "stochastic"
    assert g.probabilities == [None, None, Q(1, 3), Q(2, 3)]
    solution = stochastic.from_graph(g).solve()
    assert solution.values[:2] == [Q(1, 3), Q(1, 3)]
    assert solution.strategy[0] == 1


def test_the_size_refusal_is_a_memory_error_with_the_librarys_estimate():
    game = stochastic.read(EXAMPLES / "coin-toss.gg")
    with pytest.raises(MemoryError, match=r"may need up to \d+ bytes, more than the 1 bytes allowed"):
        game.solve(max_memory=1)
    # Value iteration is not refused, and the same game solves with room.
    assert game.solve("vi", max_memory=1).exact
    assert game.solve(max_memory=1 << 20).verified


def test_errors_are_the_librarys():
    game = stochastic.read(EXAMPLES / "coin-toss.gg")
    with pytest.raises(ValueError, match="solver mpsi does not solve simple games"):
        game.solve("mpsi")
    with pytest.raises(ValueError, match="is a float"):
        game.solve("vi", epsilon=0.1)
    with pytest.raises(ValueError, match="must be positive"):
        game.solve("vi", epsilon=0)
    with pytest.raises(ValueError, match="unknown class 'mean'"):
        game.solve(game_class="mean")
    with pytest.raises(ValueError, match="needs a discount factor"):
        game.solve(game_class="discounted")
    with pytest.raises(ValueError, match="unknown convention"):
        game.solve(convention="both")
    with pytest.raises(ValueError, match="unknown stochastic solver 'nope'"):
        game.solve("nope")
    with pytest.raises(ValueError, match="2:1: found probabilities summing to 5/6"):
        stochastic.parse("kalmar-gg 1\nc chance -> w:1/2 l:1/3\nw terminal payoff=1\nl terminal payoff=0\n")
    assert stochastic.solvers() == ["si", "vi", "mpsi", "zp"]


def test_the_docstring_examples_run():
    import doctest

    import kalmar.stochastic

    failed, tried = doctest.testmod(kalmar.stochastic)
    assert tried > 0 and failed == 0
