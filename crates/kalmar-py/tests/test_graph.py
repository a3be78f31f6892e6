"""kalmar.graph and kalmar.read from Python: game graphs built from lists and numpy arrays,
checked by the library's builder, shared by every family on a graph; any file opened as the
game of its family."""

import gzip
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import kalmar
from kalmar import dgg, graph, observation, parity, reach, stochastic

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def test_a_graph_from_lists_is_the_graph_of_its_text():
    g = graph.from_edges(
        ["max", "min", "terminal", "terminal"],
        [(0, 2), (0, 1), (1, 3), (1, 0)],
        payoffs=[None, None, "-1/2", 3],
        names=["a", "b", "t", "u"],
        start="a",
    )
    assert (g.num_vertices, g.num_edges, g.num_players, g.start) == (4, 4, 2, 0)
    assert g.owners.tolist() == [0, 1, -2, -2]
    assert (g.sources.tolist(), g.targets.tolist()) == ([0, 0, 1, 1], [2, 1, 3, 0])
    assert g.names == ["a", "b", "t", "u"]
    assert g.family == "dgg"
    text = g.to_gg()
    assert text.startswith("kalmar-gg 1")
    again = graph.parse(text)
    assert again.to_gg() == text
    assert dgg.from_graph(again).solve().values == dgg.from_graph(g).solve().values
    # Max at a would rather loop with Min's b (0) than take t; Min would rather loop than pay 3.
    assert dgg.from_graph(g).solve().values == [0, 0, Fraction(-1, 2), 3]
    assert "4 vertices, 4 moves, deterministic graphical game" in repr(g)


def test_numpy_arrays_of_any_integer_type_and_owner_codes():
    owners = np.array([graph.MAX, graph.CHANCE, graph.TERMINAL, graph.TERMINAL], dtype=np.int8)
    edges = np.array([[0, 1], [0, 3], [1, 2], [1, 3]], dtype=np.uint32)
    payoffs = np.array([0, 0, 1, 0], dtype=np.int32)
    g = graph.from_edges(owners, edges, payoffs=payoffs, probabilities=[None, None, "1/2", "1/2"])
    assert g.family == "stochastic"
    assert stochastic.from_graph(g).solve().values[0] == Fraction(1, 2)


def test_every_family_on_a_graph_builds_from_it():
    # One two-player graph, labelled for each family in turn.
    owners, edges = ["max", "min", "terminal"], [(0, 1), (0, 2), (1, 0), (1, 1)]
    chess = graph.from_edges(owners, edges, payoffs={2: 1})
    assert chess.family == "reach" and reach.from_graph(chess).solve().outcome.tolist() == [1, 0, 1]
    priorities = graph.from_edges(["max", "min"], [(0, 1), (0, 0), (1, 0), (1, 1)], priorities=[2, 1])
    assert priorities.family == "parity"
    assert parity.from_graph(priorities).solve().winner.tolist() == [0, 1]
    discounted = graph.from_edges(
        ["max", "min"], [(0, 1), (0, 0), (1, 0), (1, 1)], rewards=[1, "-1/2"], discount="1/2"
    )
    assert discounted.family == "stochastic"
    # Max stays on 1 forever, 1 / (1 - 1/2) = 2; Min stays on -1/2, -1.
    assert stochastic.from_graph(discounted).solve().values == [2, -1]
    seen = graph.from_edges(
        ["min", "max", "terminal"], [(0, 1), (1, 2)], observations=["e", "s", "t"], start=0
    )
    assert seen.family == "observation"
    assert observation.from_graph(seen).solve().winner == "system"


def test_the_builders_errors_name_what_is_at_fault():
    with pytest.raises(ValueError, match=r"move 0 \(0 -> 2\): vertex 2 does not exist \(the game has 2 vertices\)"):
        graph.from_edges(["max", "terminal"], [(0, 2)])
    with pytest.raises(ValueError, match="payoffs\\[1\\]: 0.5 is a float"):
        graph.from_edges(["max", "terminal"], [(0, 1)], payoffs=[0, 0.5])
    with pytest.raises(ValueError, match="payoffs are floats"):
        graph.from_edges(["max", "terminal"], [(0, 1)], payoffs=np.array([0.0, 0.5]))
    with pytest.raises(ValueError, match="owners\\[1\\] is 'termnal'"):
        graph.from_edges(["max", "termnal"], [(0, 1)])
    with pytest.raises(ValueError, match="vertex 0: probabilities sum to 5/6, not 1"):
        graph.from_edges(["chance", "terminal", "terminal"], [(0, 1), (0, 2)], probabilities=[Fraction(1, 2), "1/3"])
    with pytest.raises(ValueError, match="vertex 1: a terminal cannot have moves"):
        graph.from_edges(["max", "terminal"], [(0, 1), (1, 0)])
    with pytest.raises(ValueError, match="vertex 1: has no moves but is not a terminal"):
        graph.from_edges(["max", "min"], [(0, 1)])
    with pytest.raises(ValueError, match="vertex 0 has a payoff but is not a terminal"):
        graph.from_edges(["max", "terminal"], [(0, 1)], payoffs=[1, 1])
    with pytest.raises(ValueError, match="shape \\(m, 2\\)"):
        graph.from_edges(["max", "terminal"], [0, 1])
    with pytest.raises(ValueError, match="vertex 'a': the same name as vertex 0"):
        graph.from_edges(["max", "terminal"], [(0, 1)], names=["a", "a"])
    with pytest.raises(ValueError, match="discount factor 3/2 is not strictly between 0 and 1"):
        graph.from_edges(["max"], [(0, 0)], rewards=[1], discount="3/2")
    with pytest.raises(ValueError, match="priorities\\[1\\] is -2"):
        graph.from_edges(["max", "max"], [(0, 1), (1, 0)], priorities=[1, -2])
    with pytest.raises(ValueError, match="payoffs has 1 entries, expected 2"):
        graph.from_edges(["max", "terminal"], [(0, 1)], payoffs=[1])
    with pytest.raises(ValueError, match="vertex 1: owned by player 5"):
        graph.from_edges([0, 5], [(0, 1), (1, 0)], players=2)
    with pytest.raises(ValueError, match="start: no vertex is named 'q'"):
        graph.from_edges(["max", "terminal"], [(0, 1)], start="q")


def test_kalmar_read_opens_each_file_as_its_familys_game(tmp_path):
    expected = {
        "figure2a.gg": reach.Game,
        "dgg-small.gg": dgg.Game,
        "tiny.pg": parity.Game,
        "coin-toss.gg": stochastic.Game,
        "figure-2-3.gg": stochastic.Game,
        "stochastic-parity.gg": stochastic.Game,
        "reif-note.gg": observation.Game,
        "alpaga/mutex.gii": observation.Game,
    }
    for name, kind in expected.items():
        game = kalmar.read(EXAMPLES / name)
        assert type(game) is kind, name
        assert game.solve().verified
    # n players, and an Oh Hell public state, whose histories are counted.
    assert type(kalmar.read(EXAMPLES / "three-players.gg")) is kalmar.positional.Game
    assert kalmar.read(EXAMPLES / "ohhell-table1-192.txt").count() == 192
    assert kalmar.read(EXAMPLES / "kuhn-poker.efg").nash("seqform")[0].payoffs[0] == Fraction(-1, 18)
    # Compressed files are read through, named by what they hold.
    packed = tmp_path / "dgg-small.gg.gz"
    packed.write_bytes(gzip.compress((EXAMPLES / "dgg-small.gg").read_bytes()))
    assert kalmar.read(packed).solve().start_value == Fraction(3, 4)


def test_kalmar_read_says_which_file_is_missing():
    with pytest.raises(FileNotFoundError, match="/nonexistent/game.gg"):
        kalmar.read("/nonexistent/game.gg")


def test_kalmar_read_errors_carry_the_file_and_place(tmp_path):
    bad = tmp_path / "bad.gg"
    bad.write_text("kalmar-gg 1\na maxx -> b\n")
    with pytest.raises(ValueError, match="bad.gg:2:3: found 'maxx'"):
        kalmar.read(bad)
    chance_two_players = tmp_path / "bad.gii"
    chance_two_players.write_text("ALPHABET : a\nSTATES : x\nINIT : z\nOBS :\nx\n")
    with pytest.raises(ValueError, match="bad.gii:3:8: found 'z'"):
        kalmar.read(chance_two_players)


def test_the_docstring_examples_run():
    import doctest

    import kalmar.graph

    for module in (kalmar, kalmar.graph):
        failed, tried = doctest.testmod(module)
        assert tried > 0 and failed == 0, module


def test_kalmar_parse_tells_every_format_by_its_first_word():
    for name in ["tiny.pg", "dgg-small.gg", "figure-2-3.gg", "three-players.gg", "kuhn-poker.efg",
                 "ohhell-table1-192.txt", "alpaga/mutex.gii"]:
        text = (EXAMPLES / name).read_text()
        assert type(kalmar.parse(text)) is type(kalmar.read(EXAMPLES / name)), name
    with pytest.raises(ValueError, match="<text>:2:3: found 'maxx'"):
        kalmar.parse("kalmar-gg 1\na maxx -> b\n")
