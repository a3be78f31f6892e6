"""kalmar.observation from Python: who wins, the witness as the library gives it, every
algorithm alike, Reif's procedure where it is wrong."""

from pathlib import Path

import pytest

from kalmar import graph, observation

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
ALPAGA = sorted((EXAMPLES / "alpaga").glob("*.gii"))


def test_the_notes_counterexample_is_won_by_the_environment_whom_reif_misjudges():
    game = observation.read(EXAMPLES / "reif-note.gg")
    assert game.turn_based and game.graph.family == "observation"
    assert (game.num_locations, "cT" in game.locations) == (6, True)
    for algorithm in ("knowledge", "antichain"):
        solution = game.solve(algorithm)
        assert (solution.algorithm, solution.winner, solution.verified) == (algorithm, "environment", True)
        assert solution.strategy is None
        # The environment moves down, where the system sees c as it would up.
        assert solution.spoiler["start"] == ["init"]
        assert solution.spoiler["answers"][0]["observation"] == "c"
        assert solution.reif_assumption == {
            "holds": False,
            "violations": [
                {"observation": "c", "positions": ["cT", "cB"], "only_first": ["c2"], "only_second": ["c3"]}
            ],
        }
    reif = game.solve("reif")
    assert (reif.winner, reif.verified, reif.strategy, reif.spoiler) == ("system", False, None, None)
    assert reif.stats["rounds"] is not None


def test_alpagas_examples_are_decided_alike_by_both_algorithms():
    assert len(ALPAGA) == 10
    for path in ALPAGA:
        game = observation.read(path)
        assert not game.turn_based and game.graph is None
        answers = {algorithm: game.solve(algorithm) for algorithm in ("knowledge", "antichain")}
        assert answers["knowledge"].winner == answers["antichain"].winner, path.name
        for solution in answers.values():
            assert solution.verified and solution.reif_assumption is None
            assert (solution.strategy is None) == (solution.winner == "environment")
            assert (solution.spoiler is None) == (solution.winner == "system")
    # Alpaga's first parity game: the environment never lets the play reach 3.
    assert observation.read(EXAMPLES / "alpaga" / "parityGame1.gii").solve().winner == "environment"


def test_the_systems_strategy_is_rules_on_knowledge_sets():
    # s moves by a to t, the target: the system wins by playing a at {s}.
    game = observation.parse(
        "ALPHABET : a, b\nSTATES : s, t\nINIT : s\nTARGET : t\nTRANS :\ns, t, a\nt, t, a\nOBS :\ns\nt\n"
    )
    assert (game.actions, game.locations) == (["a", "b"], ["s", "t"])
    solution = game.solve()
    assert solution.winner == "system" and solution.spoiler is None
    assert {"knowledge": ["s"], "action": "a"} in solution.strategy
    # Prime cycles: the system wins by counting, knowledge and antichains alike.
    primes = observation.generate("primes", 3)
    assert [primes.solve(a).winner for a in ("knowledge", "antichain")] == ["system", "system"]
    assert observation.families() == ["primes", "cerny", "chain"]
    # A chain hides nothing: one knowledge set per location before the target.
    chain = observation.generate("chain", 50)
    assert chain.solve("knowledge").winner == "system"


def test_a_turn_based_game_built_from_lists():
    # The note's game, built from Python: the environment's init, the system's cT and cB alike.
    g = graph.from_edges(
        ["min", "max", "max", "terminal", "min", "terminal"],
        [(0, 1), (0, 2), (1, 3), (2, 4), (4, 5)],
        names=["init", "cT", "cB", "c2", "c3", "dead"],
        observations=[None, "c", "c", "c2", "c3", "dead"],
        start="init",
    )
    assert g.family == "observation"
    assert observation.from_graph(g).solve().winner == "environment"


def test_memory_and_errors_are_the_librarys():
    with pytest.raises(MemoryError, match="past the 1 bytes allowed"):
        observation.generate("primes", 5).solve(max_memory=1)
    with pytest.raises(ValueError, match="3:8: found 'z', expected a state listed in STATES"):
        observation.parse("ALPHABET : a\nSTATES : x\nINIT : z\nOBS :\nx\n")
    with pytest.raises(ValueError, match="no start vertex"):
        observation.parse("kalmar-gg 1\na max -> b\nb terminal\n")
    with pytest.raises(ValueError, match="Reif's procedure runs on turn-based"):
        observation.read(ALPAGA[0]).solve("reif")
    with pytest.raises(ValueError, match="1 to 12 cycles"):
        observation.generate("primes", 13)
    with pytest.raises(FileNotFoundError):
        observation.read(EXAMPLES / "alpaga" / "missing.gii")


def test_the_docstring_examples_run():
    import doctest

    import kalmar.observation

    failed, tried = doctest.testmod(kalmar.observation)
    assert tried > 0 and failed == 0
