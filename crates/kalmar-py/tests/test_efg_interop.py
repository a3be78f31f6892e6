"""kalmar.efg with pygambit and OpenSpiel, the real packages: games converted both ways, tree
sizes as OpenSpiel counts them, Kuhn's value -1/18, and kalmar's equilibria checked by
pygambit's exact regret and by OpenSpiel's NashConv. Skipped where the packages are missing."""

from fractions import Fraction
from pathlib import Path

import pytest

from kalmar import efg
from kalmar._efg_interop import exact

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def test_floats_are_taken_as_the_fractions_they_stand_for():
    assert exact(1 / 3) == Fraction(1, 3)
    assert exact(0.1) == Fraction(1, 10)
    assert exact(-2.0) == -2 and exact(7) == 7
    # No fraction of small denominator rounds to 0.1 + 0.2: the float's binary value is kept.
    assert exact(0.1 + 0.2) == Fraction(0.1 + 0.2) != Fraction(3, 10)
    for bad in (float("nan"), float("inf")):
        with pytest.raises(ValueError, match="not a finite number"):
            exact(bad)


def same_game(a, b):
    """The same tree or table: players, information sets with their moves, probabilities and
    nodes, and the same exact payoffs (the reduced strategic form's tables)."""
    assert (a.title, a.players, a.is_strategic) == (b.title, b.players, b.is_strategic)
    if a.is_strategic:
        assert a.strategies == b.strategies
        tables = a.payoff_tables(), b.payoff_tables()
    else:
        assert a.num_nodes == b.num_nodes
        def sets(game):
            return [(h.player, h.number, h.label, h.actions, h.probabilities, h.nodes) for h in game.infosets]

        assert sets(a) == sets(b)
        tables = a.strategic_form().payoff_tables(), b.strategic_form().payoff_tables()
    assert [t.tolist() for t in tables[0]] == [t.tolist() for t in tables[1]]


# pygambit


def catalog_games(gbt):
    return [(slug, gbt.catalog.load(slug)) for slug in gbt.catalog.games()["Game"]]


def test_pygambit_catalog_games_go_to_kalmar_and_back():
    gbt = pytest.importorskip("pygambit")
    games = catalog_games(gbt)
    assert len(games) >= 20
    for slug, game in games:
        kalmar_game = efg.from_pygambit(game)
        assert kalmar_game.is_strategic != isinstance(game, gbt.ExtensiveGame), slug
        assert kalmar_game.players == list(game.players), slug
        back = efg.from_pygambit(efg.to_pygambit(kalmar_game))
        # Not the text: pygambit reads backslashes in a comment back doubled (a comment of
        # von Stengel and Forges' Figure 9 grows at each trip), so the games are compared.
        same_game(kalmar_game, back)


def test_kalmar_files_go_to_pygambit_and_back():
    gbt = pytest.importorskip("pygambit")
    for name in ("entry.efg", "kuhn-poker.efg", "list-vs-tree.efg", "forgetful.efg"):
        game = efg.read(EXAMPLES / name)
        gambit_game = efg.to_pygambit(game)
        assert isinstance(gambit_game, gbt.ExtensiveGame)
        assert gambit_game.is_perfect_recall == game.perfect_recall
        # pygambit names unlabelled outcomes ("_1", ...) when it writes them: not the text,
        # the game comes back.
        same_game(efg.from_pygambit(gambit_game), game)
    pennies = efg.parse('NFG 1 R "pennies" { "1" "2" } { 2 2 }\n\n1 -1 -1 1 -1 1 1 -1\n')
    assert efg.from_pygambit(efg.to_pygambit(pennies)).payoff_tables()[0].tolist() == [[1, -1], [-1, 1]]


def test_pygambit_finds_no_regret_in_kalmar_equilibria_of_its_catalog():
    gbt = pytest.importorskip("pygambit")
    checked = 0
    for slug, game in catalog_games(gbt):
        kalmar_game = efg.from_pygambit(game)
        if len(kalmar_game.players) != 2:
            continue
        if kalmar_game.is_strategic:
            method = "lh"
        elif kalmar_game.perfect_recall:
            method = "seqform"
        else:
            continue
        found = kalmar_game.nash(method)
        assert found.verified and len(found) >= 1, slug
        for equilibrium in found:
            profile = efg.pygambit_profile(game, kalmar_game, equilibrium)
            # Exact rationals on both sides: no tolerance.
            assert profile.max_regret() == 0, slug
            assert [Fraction(str(profile.payoffs[p])) for p in game.players] == equilibrium.payoffs
            checked += 1
    assert checked >= 15


def test_a_game_built_with_pygambit_is_solved_by_kalmar():
    gbt = pytest.importorskip("pygambit")
    import numpy as np

    # A 3 × 3 game with a unique mixed equilibrium (rock, paper, scissors with a bonus).
    a = np.array([[0, -1, 2], [1, 0, -1], [-1, 1, 0]])
    game = gbt.StrategicGame.from_arrays(a, -a, title="rps")
    kalmar_game = efg.from_pygambit(game)
    assert kalmar_game.shape == [3, 3]
    for method in ("lh", "enum", "vertex"):
        [equilibrium] = kalmar_game.nash(method).equilibria
        mixed = map(Fraction, ["1/4", "5/12", "1/3"])
        assert equilibrium.strategies[0] == dict(zip(kalmar_game.strategies[0], mixed))
        assert equilibrium.payoffs == [Fraction(1, 12), Fraction(-1, 12)]
        assert efg.pygambit_profile(game, kalmar_game, equilibrium).max_regret() == 0


def test_a_tree_of_kalmar_with_a_mixed_equilibrium_checks_in_pygambit():
    pytest.importorskip("pygambit")
    kuhn = efg.read(EXAMPLES / "kuhn-poker.efg")
    gambit_kuhn = efg.to_pygambit(kuhn)
    for method in ("seqform", "lh"):
        [equilibrium] = kuhn.nash(method).equilibria
        profile = efg.pygambit_profile(gambit_kuhn, kuhn, equilibrium)
        assert profile.max_regret() == 0
        assert profile.payoffs["Player 1"] == Fraction(-1, 18)
    # A profile that is not an equilibrium has regret in pygambit too.
    uniform = gambit_kuhn.mixed_behavior_profile(rational=True)
    assert uniform.max_regret() > 0
    # Without perfect recall, a mixed equilibrium stays a mixture of reduced strategies, which
    # pygambit's unreduced strategies cannot hold.
    forgetful = efg.read(EXAMPLES / "forgetful.efg")
    mixed = forgetful.nash("vertex")[0]
    assert mixed.form == "reduced strategic form"
    with pytest.raises(ValueError, match="pygambit's strategies are not reduced"):
        efg.pygambit_profile(efg.to_pygambit(forgetful), forgetful, mixed)


# OpenSpiel


def openspiel_size(pyspiel, game):
    """OpenSpiel's own count of the tree: every history, chance and terminal ones included."""
    from open_spiel.python.algorithms import get_all_states

    states = get_all_states.get_all_states(
        game, include_terminals=True, include_chance_states=True, to_string=lambda s: s.history_str()
    )
    infostates = {
        (s.current_player(), s.information_state_string())
        for s in states.values()
        if not s.is_terminal() and not s.is_chance_node()
    }
    return len(states), len(infostates)


def player_sets(game):
    return [h for h in game.infosets if h.player is not None]


def test_kuhn_poker_from_openspiel_is_worth_minus_one_eighteenth():
    pyspiel = pytest.importorskip("pyspiel")
    openspiel_kuhn = pyspiel.load_game("kuhn_poker")
    kuhn = efg.from_openspiel(openspiel_kuhn)
    assert (kuhn.num_nodes, len(player_sets(kuhn))) == openspiel_size(pyspiel, openspiel_kuhn) == (58, 12)
    assert kuhn.perfect_recall and kuhn.players == ["Player 0", "Player 1"]
    # Two chance nodes deal the cards one by one: 1/3, then 1/2.
    chance = [h.probabilities for h in kuhn.infosets if h.player is None]
    assert chance[:2] == [[Fraction(1, 3)] * 3, [Fraction(1, 2)] * 2]
    assert {h.label for h in player_sets(kuhn) if h.player == 0} == {"0", "1", "2", "0pb", "1pb", "2pb"}
    found = kuhn.nash("seqform")
    assert found.verified
    assert found[0].payoffs == [Fraction(-1, 18), Fraction(1, 18)]
    assert kuhn.nash("lh")[0].payoffs == [Fraction(-1, 18), Fraction(1, 18)]
    # The same game as Gambit's file of Kuhn's poker, dealt in one chance move.
    assert kuhn.reduced(0).count == efg.read(EXAMPLES / "kuhn-poker.efg").reduced(0).count == 27


def test_openspiel_finds_kalmar_kuhn_equilibrium_unexploitable():
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python import policy
    from open_spiel.python.algorithms import exploitability

    game = pyspiel.load_game("kuhn_poker")
    kuhn = efg.from_openspiel(game)
    [equilibrium] = kuhn.nash("seqform").equilibria
    by_label = {(h.player, h.label): h.number for h in player_sets(kuhn)}
    tabular = policy.TabularPolicy(game)
    for state_string, index in tabular.state_lookup.items():
        player = 0 if (0, state_string) in by_label else 1
        moves = equilibrium.behaviour[player][by_label[player, state_string]]
        # Kuhn's actions are 0 (Pass) and 1 (Bet), named so by action_to_string.
        tabular.action_probability_array[index] = [float(moves["Pass"]), float(moves["Bet"])]
    assert exploitability.nash_conv(game, tabular) == pytest.approx(0, abs=1e-12)


def test_leduc_poker_is_read_with_its_size_and_huge_counts():
    pyspiel = pytest.importorskip("pyspiel")
    openspiel_leduc = pyspiel.load_game("leduc_poker")
    leduc = efg.from_openspiel(openspiel_leduc)
    assert (leduc.num_nodes, len(player_sets(leduc))) == openspiel_size(pyspiel, openspiel_leduc) == (9457, 936)
    assert leduc.perfect_recall
    counts = [leduc.reduced(p).count for p in (0, 1)]
    # Far beyond 64 bits, exact all the same.
    assert all(c > 2**128 for c in counts)
    with pytest.raises(ValueError, match="reduced strategic form has"):
        leduc.strategic_form()
    too_many = "more than 1000 nodes, the limit of from_openspiel: pass a larger max_nodes"
    with pytest.raises(ValueError, match=too_many):
        efg.from_openspiel(openspiel_leduc, max_nodes=1000)


def test_tiny_hanabi_from_openspiel_is_solved_and_checked():
    pyspiel = pytest.importorskip("pyspiel")
    openspiel_hanabi = pyspiel.load_game("tiny_hanabi")
    hanabi = efg.from_openspiel(openspiel_hanabi)
    assert (hanabi.num_nodes, len(player_sets(hanabi))) == openspiel_size(pyspiel, openspiel_hanabi)
    found = hanabi.nash("seqform")
    assert found.verified
    # Identical interests: both players get the same.
    assert found[0].payoffs[0] == found[0].payoffs[1]
    # The cooperative optimum is 10 (OpenSpiel's own example); an equilibrium need not reach
    # it, but no pure profile pays more.
    table = hanabi.strategic_form().payoff_tables()[0]
    assert max(table.flat) == 10 and found[0].payoffs[0] <= 10


def test_simultaneous_games_are_refused_until_turn_based():
    pyspiel = pytest.importorskip("pyspiel")
    with pytest.raises(ValueError, match="convert_to_turn_based"):
        efg.from_openspiel(pyspiel.load_game("matrix_rps"))
    # Turn-based, player 1 moves without seeing player 0's move: one set of three nodes.
    rps = efg.from_openspiel(pyspiel.convert_to_turn_based(pyspiel.load_game("matrix_rps")))
    assert rps.num_nodes == 1 + 3 + 9 and rps.perfect_recall
    assert [len(h.nodes) for h in player_sets(rps)] == [1, 3]
    [equilibrium] = rps.nash("lh").equilibria
    assert equilibrium.payoffs == [0, 0]
    assert [list(b[1].values()) for b in equilibrium.behaviour] == [[Fraction(1, 3)] * 3] * 2
