"""kalmar.positional from Python: the equilibrium the CLI finds, exact Fractions, the certificate
as `verified` and on saved solutions, errors with their place."""

import json
from fractions import Fraction
from pathlib import Path

import pytest

from kalmar import positional

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
CYCLE = "kalmar-gg 1\nplayers 3\na player0 -> b x\nb player1 -> a x\nx terminal payoff=(1,1,1)\n"


def test_three_players_with_chance():
    game = positional.read(EXAMPLES / "three-players.gg")
    assert (game.num_players, game.num_positions, game.num_moves) == (3, 7, 9)
    assert game.start == "deal" and game.positions[:4] == ["deal", "p0", "p1", "p2"]
    assert (game.mover("deal"), game.mover("p1"), game.mover("a")) == ("chance", 1, None)
    assert game.payoff("a") == [2, 1, 0] and game.payoff(4) == [2, 1, 0] and game.payoff("p0") == []
    spe = game.solve()
    assert spe.verified and spe.solver == "backward-induction"
    # As `kalmar solve examples/three-players.gg` prints: the players expect (7/6, 7/6, 2/3).
    assert spe.start_values == [Fraction(7, 6), Fraction(7, 6), Fraction(2, 3)]
    assert spe.value("deal") == spe.values[0] == spe.start_values
    # Each player takes the terminal that pays it most.
    assert (spe.move_at("p0"), spe.move_at("p1"), spe.move_at("p2")) == ("a", "b", "c")
    assert spe.move_at("deal") is None
    assert spe.strategy.tolist() == [-1, 4, 5, 6, -1, -1, -1]
    with pytest.raises(ValueError, match="read-only"):
        spe.strategy[0] = 1


def test_values_agree_with_a_direct_expectation():
    game = positional.read(EXAMPLES / "three-players.gg")
    spe = game.solve()
    # Chance moves to p0, p1, p2 with 1/2, 1/3, 1/6; each player's choice pays as its terminal.
    by_hand = [Fraction(0)] * 3
    for p, mover in ((Fraction(1, 2), "p0"), (Fraction(1, 3), "p1"), (Fraction(1, 6), "p2")):
        chosen = game.payoff(spe.move_at(mover))
        by_hand = [v + p * u for v, u in zip(by_hand, chosen)]
        assert spe.value(mover) == chosen
    assert by_hand == spe.start_values


def test_saved_solutions_are_checked():
    game = positional.read(EXAMPLES / "three-players.gg")
    saved = game.solve().to_text()
    game.verify(saved)
    solution = json.loads(saved)
    assert solution["values"]["deal"] == ["7/6", "7/6", "2/3"]
    # Player 1 moves to c, with the utilities this profile gives: it would rather move to b.
    solution["strategy"]["p1"] = "c"
    solution["values"]["p1"] = ["1", "0", "2"]
    solution["values"]["deal"] = ["3/2", "1/2", "1"]
    with pytest.raises(ValueError, match="player 1 gets 2 by moving to b instead of 0"):
        game.verify(json.dumps(solution))
    with pytest.raises(ValueError, match="not a positional solution file"):
        game.verify("{}")


def test_errors_carry_the_place_and_never_crash():
    with pytest.raises(ValueError, match="lies on a cycle"):
        positional.parse(CYCLE).solve()
    with pytest.raises(ValueError, match="3:14: found"):
        positional.parse("kalmar-gg 1\nplayers 3\na player0 -> \n")
    with pytest.raises(ValueError, match="terminal x has 2 payoffs, but the game has 3 players"):
        positional.parse("kalmar-gg 1\nplayers 3\na player0 -> x\nx terminal payoff=(1,1)\n")
    with pytest.raises(FileNotFoundError, match="/nonexistent/game.gg"):
        positional.read("/nonexistent/game.gg")
    game = positional.read(EXAMPLES / "three-players.gg")
    with pytest.raises(IndexError, match="no position q"):
        game.payoff("q")
    with pytest.raises(IndexError, match="7 positions"):
        game.mover(7)


def test_the_docstring_examples_run():
    import doctest

    failed, tried = doctest.testmod(positional)
    assert tried > 0 and failed == 0


def test_games_with_cycles_have_checked_equilibria():
    assert positional.solvers() == ["bi", "win-lose", "improve", "exact", "brute"]
    figure_10 = positional.read(EXAMPLES / "figure-10.gg")
    by_improvement = figure_10.nash()
    assert by_improvement.solver == "improve" and by_improvement.steps >= 1
    everything = figure_10.nash("brute")
    assert (everything.equilibria, everything.profiles) == (1, 4)
    for found in (by_improvement, everything):
        assert found.found and found.outcome == "a1"
        assert found.utilities == [Fraction(1), Fraction(2)]
        # The paper's point: no positional profile of this game is subgame perfect.
        assert found.subgame_perfect is False
    # Three players and a cycle worth (1, 1, 0): player 2 ends the play at u rather than loop.
    three = positional.parse(
        "kalmar-gg 1\nplayers 3\ncycle (1,1,0)\na player0 -> b t\nb player1 -> c\n"
        "c player2 -> a u\nt terminal payoff=(0,0,2)\nu terminal payoff=(2,0,1)\n"
    )
    found = three.nash()
    assert found.solver == "exact" and found.found and found.nodes >= 1
    # A three-player game without an equilibrium (of the shape of Boros, Gurvich, Milanič,
    # Oudalov and Vičič's):
    # the search proves it, and trying all 16 profiles agrees.
    none = positional.parse(
        "kalmar-gg 1\nplayers 3\nstart v0\ncycle (3,3,0)\nv0 player1 -> v2 v3\n"
        "v1 player2 -> v2 a2\nv2 player0 -> v1 a1\nv3 player2 -> v1 a0\n"
        "a0 terminal payoff=(0,1,2)\na1 terminal payoff=(2,0,3)\na2 terminal payoff=(1,2,1)\n"
    )
    proof = none.nash()
    assert proof.solver == "exact" and not proof.found and proof.outcome is None
    assert (none.nash("brute").equilibria, none.nash("brute").profiles) == (0, 16)
    with pytest.raises(ValueError, match="win-lose game"):
        three.nash("win-lose")
    with pytest.raises(ValueError, match="unknown solver 'nope'"):
        three.nash("nope")


def test_improvement_cycles_are_searched():
    figure_10 = positional.read(EXAMPLES / "figure-10.gg")
    for improvement in ("standard", "strong", "last-step", "best-reply"):
        assert figure_10.ricycle(improvement) is None
    # Unrestricted improvements cycle in this three-position game: player 0 prefers b when
    # player 1 plays x, player 1 prefers y when player 0 is at b, and so on around.
    game = positional.parse(
        "kalmar-gg 1\nplayers 2\nstart s\ns player0 -> a b\na player1 -> w x\nb player1 -> y z\n"
        "w terminal payoff=(0,1)\nx terminal payoff=(1,0)\ny terminal payoff=(0,1)\nz terminal payoff=(1,0)\n"
    )
    cycle = game.ricycle("standard", restriction="unrestricted")
    assert cycle is not None and len(cycle) >= 2
    assert {player for player, _ in cycle} == {0, 1}
    # Inside the play, a tree has none (Theorem 1).
    assert game.ricycle("standard") is None
    with pytest.raises(ValueError, match="expected standard, strong"):
        game.ricycle("weak")


def test_preferences_for_an_ri_cycle_are_found_in_a_game_form():
    form = positional.read(EXAMPLES / "flower-4.gg", form=True)
    found = form.find_preferences("strong-best-reply")
    assert found.found and len(found.steps) == 8 and found.profiles == 16
    # The preferences found make the cycle a strong best-reply ri-cycle of the game.
    game = positional.read(EXAMPLES / "flower-4.gg", preferences=found.preferences)
    assert game.ricycle("strong-best-reply") is not None
    # Every ri-cycle of this form passes through c (§2.3.3): none is c-free, for any preferences.
    for improvement in ("standard", "best-reply"):
        none = form.find_preferences(improvement, c_free=True, restriction="unrestricted")
        assert not none.found and none.steps is None and none.nodes > 0
    assert game.ricycle("strong-best-reply", c_free=True) is None
    with pytest.raises(ValueError, match="no payoffs|payoffs"):
        positional.read(EXAMPLES / "flower-4.gg")


def test_a_nash_equilibrium_of_a_game_with_cycles_is_saved_and_verified(tmp_path):
    import kalmar

    found = positional.read(EXAMPLES / "figure-10.gg").nash()
    path = tmp_path / "nash.json"
    found.save(path)
    accepted = kalmar.verify(EXAMPLES / "figure-10.gg", path)
    assert "nash equilibrium" in str(accepted)
    lie = found.to_text().replace('"outcome": "a1"', '"outcome": "a2"')
    with pytest.raises(kalmar.Rejected, match="ends in a1"):
        kalmar.verify(EXAMPLES / "figure-10.gg", text=lie)


def test_random_forms_are_searched_for_an_ri_cycle():
    # The paper's Figure 3: a two-person acyclic form with a standard ri-cycle.
    found = positional.search_forms(players=2, positions=4, terminals=4, acyclic=True)
    assert found.found and found.forms > 1 and found.game.info()["acyclic"]
    assert found.game.ricycle("standard") is not None
    assert found.game.ricycle("strong") is None
    none = positional.search_forms(improvement="strong", forms=30)
    assert not none.found and none.forms == 30 and none.game is None


def test_preferences_in_the_papers_notation_give_the_utilities():
    prefs = (EXAMPLES / "figure-10.prefs").read_text()
    game = positional.read(EXAMPLES / "figure-10-form.gg", preferences=prefs)
    assert game.nash("brute").equilibria == 1
    assert game.payoff("a1") == [Fraction(1), Fraction(2)]
    with pytest.raises(ValueError, match="<preferences>:1:14"):
        positional.read(EXAMPLES / "figure-10-form.gg", preferences="1: a2 < a1 < d\n")


def test_info_describes_a_game_before_it_is_solved():
    info = positional.read(EXAMPLES / "figure-10.gg").info()
    assert (info["positions"], info["terminals"], info["moves"], info["start"]) == (4, 2, 4, "u")
    assert not info["acyclic"] and not info["win_lose"] and info["chance_positions"] == 0
    assert info["profiles"] == 4 and info["cycle"] == [Fraction(2), Fraction(0)]
    assert [p["strategies"] for p in info["players"]] == [2, 2]
    assert positional.read(EXAMPLES / "three-players.gg").info()["acyclic"]
    # 200 positions of two moves: 2^200 profiles, an exact int.
    ring = "kalmar-gg 1\nplayers 2\ncycle (1,-1)\n" + "".join(
        f"p{i} player{i % 2} -> p{(i + 1) % 200} x\n" for i in range(200)
    ) + "x terminal payoff=(-1,1)\n"
    info = positional.parse(ring).info()
    assert info["profiles"] == 2**200 and info["win_lose"]
    assert info["players"][0]["strategies"] == 2**100


def test_the_normal_form_has_the_positional_equilibria():
    game = positional.read(EXAMPLES / "figure-10.gg")
    table = game.normal_form(title="Figure 10")
    assert table.is_strategic and table.title == "Figure 10"
    assert table.strategies == [["u>v", "u>a1"], ["v>u", "v>a2"]]
    # Player 0's payoffs: c (both to each other) pays it 2; a1 pays 1, a2 pays 0.
    assert table.payoff_tables()[0].tolist() == [[2, 0], [1, 1]]
    found = table.nash("pure")
    assert len(found) == 1 == game.nash("brute").equilibria
    assert found[0].strategies == [{"u>a1": 1}, {"v>a2": 1}]
    assert "u>a1" in table.to_nfg()
    with pytest.raises(ValueError, match="8 payoffs, more than the limit of 7"):
        game.normal_form(7)
    with pytest.raises(ValueError, match="belongs to chance"):
        positional.read(EXAMPLES / "three-players.gg").normal_form()


def test_improvement_dynamics_are_traced():
    game = positional.read(EXAMPLES / "figure-10.gg")
    run = game.dynamics()
    assert run["end"] == "equilibrium" and run["moves"] == {"u": "a1", "v": "a2"}
    assert [(s["player"], s["from"], s["to"]) for s in run["steps"]] == [
        (1, "c (infinite play)", "a2"),
        (0, "a2", "a1"),
    ]
    assert run["steps"][0]["utilities"] == (Fraction(0), Fraction(1))
    for restriction in ("lazy", "inside-play", "unrestricted"):
        for seed in range(5):
            run = game.dynamics("strong", restriction=restriction, rule="random", seed=seed, start="random")
            assert run["end"] == "equilibrium"
    with pytest.raises(ValueError, match="expected round-robin or random"):
        game.dynamics(rule="sometimes")
