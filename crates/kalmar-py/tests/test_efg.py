"""kalmar.efg from Python: the library's answers (Kuhn's poker is worth -1/18 to player 1), every
method, reduced strategies however many, exact numbers both ways, errors placed."""

import json
from fractions import Fraction
from pathlib import Path

import pytest

import kalmar
from kalmar import efg

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"

PENNIES = 'NFG 1 R "pennies" { "1" "2" } { 2 2 }\n\n1 -1 -1 1 -1 1 1 -1\n'


def test_files_are_read_and_written_back_exactly():
    for name in ("entry.efg", "kuhn-poker.efg", "list-vs-tree.efg", "forgetful.efg"):
        text = (EXAMPLES / name).read_text()
        game = efg.read(EXAMPLES / name)
        assert not game.is_strategic
        assert game.to_efg() == text, name
        assert efg.parse(text).to_efg() == text
    table = efg.parse(PENNIES)
    assert table.is_strategic and table.shape == [2, 2]
    assert table.to_nfg() == PENNIES
    assert efg.parse(table.to_nfg()).to_nfg() == PENNIES


def test_a_tree_describes_itself():
    kuhn = efg.read(EXAMPLES / "kuhn-poker.efg")
    assert kuhn.title == "poker with 3 cards"
    assert kuhn.players == ["Player 1", "Player 2"]
    assert (kuhn.num_nodes, kuhn.num_terminal_nodes) == (55, 30)
    assert kuhn.perfect_recall and not kuhn.perfect_information and not kuhn.absent_minded
    assert kuhn.recall_violations == []
    deal = kuhn.infosets[0]
    assert (deal.player, deal.number, deal.label) == (None, 1, "deal")
    assert deal.probabilities == [Fraction(1, 6)] * 6
    assert deal.actions == ["01", "02", "10", "12", "20", "21"]
    mine = [h for h in kuhn.infosets if h.player == 0]
    assert [h.number for h in mine] == [1, 2, 3, 4, 5, 6]
    assert all(h.probabilities is None and len(h.nodes) == 2 for h in mine)
    assert "55 nodes" in repr(kuhn)
    with pytest.raises(ValueError, match="extensive-form"):
        efg.parse(PENNIES).num_nodes
    with pytest.raises(ValueError, match="strategic_form"):
        kuhn.shape


def test_imperfect_recall_is_explained():
    forgetful = efg.read(EXAMPLES / "forgetful.efg")
    assert not forgetful.perfect_recall
    assert forgetful.players_perfect_recall == [False, True]
    [why] = forgetful.recall_violations
    assert why.startswith("player 1's information set 2: at node #3 the player's last move was L")


def test_reduced_strategies_are_listed_ranked_and_unranked():
    # The library's own example: the list order of the sets is not the tree order.
    game = efg.read(EXAMPLES / "list-vs-tree.efg")
    player = game.reduced(0)
    assert player.count == 6 and player.perfect_recall
    assert player.labels() == ["pxu", "pxv", "pyu", "pyv", "qx*", "qy*"]
    every = player.list()
    assert every[4] == (1, 0, None)
    for rank, strategy in enumerate(every):
        assert player.rank(strategy) == rank
        assert player.unrank(rank) == strategy
        assert player.label(strategy) == player.labels()[rank]
    with pytest.raises(ValueError, match="out of range"):
        player.unrank(6)
    with pytest.raises(ValueError, match="not a reduced strategy"):
        player.rank((1, 0, 0))
    with pytest.raises(ValueError, match="player 2 does not exist"):
        game.reduced(2)


def test_counts_are_exact_however_large_and_long_lists_are_refused():
    # Chance picks one of 100 branches, each with its own two-way choice: 2^100 strategies.
    b = efg.Builder("wide", ["one", "two"])
    b.chance([(str(k), Fraction(1, 100)) for k in range(100)])
    for k in range(100):
        b.node(b.infoset(0, ["l", "r"]))
        b.terminal([k, -k])
        b.terminal([0, 0])
    player = b.finish().reduced(0)
    assert player.count == 2**100
    with pytest.raises(ValueError, match=f"{2**100} reduced strategies, more than the limit"):
        player.labels()
    with pytest.raises(ValueError, match="more than the limit of 10"):
        player.list(limit=10)
    last = player.unrank(2**100 - 1)
    assert last == (1,) * 100
    assert player.rank(last) == 2**100 - 1
    assert player.rank((0,) * 99 + (1,)) == 1


def test_the_reduced_strategic_form_has_exact_payoffs_and_a_size_limit():
    kuhn = efg.read(EXAMPLES / "kuhn-poker.efg")
    form = kuhn.strategic_form()
    assert form.is_strategic and form.shape == [27, 64]
    assert form.strategies[0] == kuhn.reduced(0).labels()
    tables = form.payoff_tables()
    assert [t.shape for t in tables] == [(27, 64), (27, 64)]
    # Zero-sum, with fractions of sixths; reading a cell gives a Fraction.
    assert all(tables[0][i, j] == -tables[1][i, j] for i in range(27) for j in range(64))
    assert isinstance(tables[0][0, 0], Fraction)
    assert {t.denominator for t in tables[0].flat} <= {1, 2, 3, 6}
    # Always checking and always folding against always checking: the higher card wins the ante.
    assert tables[0][0, 0] == 0
    with pytest.raises(ValueError, match="read-only"):
        tables[0][0, 0] = 1
    assert kuhn.to_nfg() == form.to_nfg()
    with pytest.raises(ValueError, match="27 × 64 = 1728 profiles × 2 payoffs; the limit is 100"):
        kuhn.strategic_form(max_size=100)
    pennies = efg.parse(PENNIES).payoff_tables()
    assert pennies[0].tolist() == [[1, -1], [-1, 1]]


def test_kuhn_poker_is_worth_minus_one_eighteenth_by_every_method_that_fits():
    kuhn = efg.read(EXAMPLES / "kuhn-poker.efg")
    assert "seqform" in efg.methods() and "lh" in efg.methods()
    for method in ("seqform", "lh", None):
        found = kuhn.nash(method)
        assert found.verified and found.unverified is None
        assert found.form == "tree" and len(found) >= 1
        for e in found.equilibria:
            assert e.payoffs == [Fraction(-1, 18), Fraction(1, 18)]
            assert e.verified
            # Behaviour: every information set of every player, every move, summing to 1.
            assert [sorted(b) for b in e.behaviour] == [[1, 2, 3, 4, 5, 6]] * 2
            for player in e.behaviour:
                for moves in player.values():
                    assert sum(moves.values()) == 1
    # Facing a bet, player 2 always calls with the king (card 2, information set 4 "2 b") and
    # always folds with the jack (card 0, set 6 "0 b"), in every equilibrium.
    seqform = kuhn.nash("seqform")[0]
    second = {h.number: h.label for h in kuhn.infosets if h.player == 1}
    assert (second[4], second[6]) == ("2 b", "0 b")
    assert seqform.behaviour[1][4] == {"fold": 0, "call": 1}
    assert seqform.behaviour[1][6] == {"fold": 1, "call": 0}
    assert kuhn.nash("seqform").pivots > 0


def test_every_method_agrees_on_the_entry_game():
    entry = efg.read(EXAMPLES / "entry.efg")
    in_accommodate = [{1: {"Out": 0, "In": 1}}, {1: {"Fight": 0, "Accommodate": 1}}]
    assert [m[0] for m in efg.method_info()] == efg.methods()
    # The iterative methods and the LP need a constant-sum game, which the entry game is not;
    # logit's limit, simpdiv's grid point and gnm's are approximate (their own test below).
    for method in set(efg.methods()) - {"cfr", "cfr+", "dcfr", "lp", "logit", "simpdiv", "gnm"}:
        found = entry.nash(method)
        assert found.method == method and found.verified and not found.timed_out
        payoffs = {tuple(e.payoffs) for e in found}
        # (In, Accommodate) is the subgame-perfect equilibrium; (Out, Fight) pays (0, 2).
        assert (1, 1) in payoffs and payoffs <= {(1, 1), (0, 2)}
        assert in_accommodate in [e.behaviour for e in found]
    assert len(entry.nash("vertex")) == 3  # the extreme equilibria: Fight at 1/2 is one
    # The entry game is degenerate (Out has two best replies), and support enumeration says so.
    assert entry.nash("enum").degenerate and not entry.nash("vertex").degenerate
    assert {len(entry.nash(m)) for m in ("lh", "seqform", "spe")} == {1}


def test_mixed_equilibria_of_a_table_are_named_by_strategy():
    pennies = efg.parse(PENNIES)
    assert pennies.strategies == [["1", "2"], ["1", "2"]]
    for method in ("lh", "enum", "vertex"):
        [e] = pennies.nash(method).equilibria
        assert e.form == "strategic form" and e.behaviour is None
        assert e.strategies == [{"1": Fraction(1, 2), "2": Fraction(1, 2)}] * 2
        assert e.payoffs == [0, 0]
    assert not pennies.nash("enum").degenerate
    nothing = pennies.nash("pure")
    assert len(nothing) == 0 and nothing.verified
    with pytest.raises(ValueError, match="method seqform works on the tree"):
        pennies.nash("seqform")


def test_equilibria_save_as_the_library_solution_file(tmp_path):
    found = efg.read(EXAMPLES / "entry.efg").nash("seqform")
    found.save(tmp_path / "entry.json")
    assert kalmar.verify(EXAMPLES / "entry.efg", tmp_path / "entry.json").equilibria[0]["payoffs"] == [1, 1]
    saved = json.loads(found.to_text())
    assert (saved["family"], saved["kind"], saved["form"], saved["method"]) == (
        "efg",
        "equilibria",
        "tree",
        "seqform",
    )
    assert saved["equilibria"][0]["payoffs"] == ["1", "1"]
    assert saved["equilibria"][0]["profile"][1]["infosets"][0]["moves"] == {
        "Fight": "0",
        "Accommodate": "1",
    }


def test_imperfect_recall_equilibria_are_mixtures_of_reduced_strategies():
    forgetful = efg.read(EXAMPLES / "forgetful.efg")
    with pytest.raises(ValueError, match="perfect recall"):
        forgetful.nash("seqform")
    # Pure equilibria are behaviour strategies still; mixed ones stay mixtures of the reduced
    # strategies, named by their labels.
    assert {e.form for e in forgetful.nash("pure")} == {"tree"}
    found = forgetful.nash("vertex")
    assert found.verified and found.form == "reduced strategic form" and len(found) == 6
    labels = [forgetful.reduced(p).labels() for p in (0, 1)]
    assert labels == [["Lx", "Ly", "Rx", "Ry"], ["ac", "ad", "bc", "bd"]]
    for e in found:
        assert e.behaviour is None
        assert all(set(s) <= set(names) for s, names in zip(e.strategies, labels))
    assert [{"Lx": 1}, {"bc": Fraction(1, 2), "bd": Fraction(1, 2)}] in [e.strategies for e in found]


def test_timeouts_stop_the_enumerations_with_what_they_found():
    kuhn = efg.read(EXAMPLES / "kuhn-poker.efg")
    found = kuhn.nash("vertex", timeout=0)
    assert found.timed_out and "stopped at the timeout" in repr(found)
    assert all(e.verified for e in found)
    with pytest.raises(ValueError, match="timeout must be a nonnegative"):
        kuhn.nash("lh", timeout=-1)
    with pytest.raises(ValueError, match="support pairs"):
        kuhn.nash("enum")
    with pytest.raises(ValueError, match="perfect information"):
        kuhn.nash("spe")
    with pytest.raises(ValueError, match="pure, lh, enum, seqform, spe, vertex, simpdiv, gnm, enumpoly, logit, lp, cfr\\+, dcfr, cfr"):
        kuhn.nash("nope")


def test_a_built_game_is_the_one_a_file_describes():
    # Kuhn's poker built node by node must be the example file, numbers and all.
    kuhn = efg.read(EXAMPLES / "kuhn-poker.efg")
    deal = kuhn.infosets[0]
    b = efg.Builder(kuhn.title, kuhn.players, kuhn.comment)
    sets = {}
    for h in kuhn.infosets:
        if h.player is None:
            sets[h.number, None] = b.chance_infoset(dict(zip(h.actions, h.probabilities)), h.label)
        else:
            sets[h.number, h.player] = b.infoset(h.player, h.actions, h.label)
    assert deal.player is None
    # The file's nodes, in order, from its lines.
    for line in (EXAMPLES / "kuhn-poker.efg").read_text().splitlines()[3:]:
        words = line.split('"')
        kind, fields = line[0], line.split()
        if kind == "t":
            payoffs = [int(v) for v in line.split("{")[1].split("}")[0].replace(",", " ").split()]
            b.terminal(payoffs, outcome_label=words[3])
        else:
            owner = None if kind == "c" else int(fields[2]) - 1
            number = int(fields[2] if kind == "c" else fields[3])
            assert not b.is_complete
            b.node(sets[number, owner])
    assert b.is_complete
    built = b.finish()
    assert built.nash("seqform")[0].payoffs == [Fraction(-1, 18), Fraction(1, 18)]
    tables = [g.strategic_form().payoff_tables()[0].tolist() for g in (built, kuhn)]
    assert tables[0] == tables[1]
    with pytest.raises(ValueError, match="finished"):
        b.terminal([0, 0])


def test_builder_errors_are_values_not_crashes():
    b = efg.Builder("t", ["a", "b"])
    with pytest.raises(ValueError, match="0.5 is a float"):
        b.chance([("x", 0.5), ("y", 0.5)])
    with pytest.raises(ValueError, match="do not sum to 1"):
        b.chance([("x", Fraction(1, 3)), ("y", "1/2")])
    with pytest.raises(ValueError, match="information set 3 is not declared"):
        b.node(3)
    with pytest.raises(ValueError, match="player 5 does not exist: the game has players 0 to 1"):
        b.infoset(5, ["x"])
    with pytest.raises(ValueError, match="has no actions"):
        b.infoset(0, [])
    with pytest.raises(ValueError, match="incomplete"):
        b.finish()
    # A refused set takes no number: the first accepted chance set is number 1.
    b.chance({"x": "1/2", "y": Fraction(1, 2)})
    with pytest.raises(ValueError, match="has 1 payoffs, the game has 2 players"):
        b.terminal([1])
    b.terminal([1, "-1/3"])
    b.terminal()
    game = b.finish()
    assert [(h.player, h.number) for h in game.infosets] == [(None, 1)]
    assert game.nash("pure")[0].payoffs == [Fraction(1, 2), Fraction(-1, 6)]


def test_parse_errors_carry_the_place():
    with pytest.raises(ValueError, match="<input>:4:21: found 'x', expected an outcome number"):
        efg.parse('EFG 2 R "x" { "1" "2" }\n""\n\np "" 1 1 "" { "a" } x\n')
    with pytest.raises(ValueError, match="1:1: found 'hello', expected 'EFG'"):
        efg.parse("hello")
    bad = EXAMPLES / "entry.efg"
    with pytest.raises(FileNotFoundError, match="/nonexistent/game.efg"):
        efg.read("/nonexistent/game.efg")
    assert efg.read(str(bad)).title == "Entry game"


def test_the_docstring_examples_run():
    import doctest

    import kalmar.efg

    for module in (kalmar, kalmar.efg):
        failed, tried = doctest.testmod(module)
        assert tried > 0 and failed == 0, module


def test_ctrl_c_interrupts_a_long_solve():
    import _thread
    import threading

    # Vertex enumeration on Kuhn's 27 × 64 form takes far longer than the interrupt; the
    # timeout only bounds the work left running in the background after it.
    kuhn = efg.read(EXAMPLES / "kuhn-poker.efg")
    finished = []
    threading.Timer(0.3, _thread.interrupt_main).start()
    with pytest.raises(KeyboardInterrupt):
        kuhn.nash("vertex", timeout=20)
        finished.append(True)
    assert not finished


def test_cfr_gives_an_epsilon_equilibrium_with_exact_gains():
    kuhn = efg.read(EXAMPLES / "kuhn-poker.efg")
    found = kuhn.nash("cfr+", target=1e-3)
    assert found.iterations > 0 and found.verified
    assert isinstance(found.epsilon, Fraction) and isinstance(found.exploitability, Fraction)
    assert 0 < found.epsilon <= found.exploitability <= Fraction(11, 10000)
    # The gains bracket Kuhn's value, -1/18, around player 1's payoff.
    first = found.equilibria[0].payoffs[0]
    assert first - found.exploitability <= Fraction(-1, 18) <= first + found.exploitability
    assert json.loads(found.to_text())["epsilon"] == str(found.epsilon)
    exact = kuhn.nash("seqform")
    assert exact.epsilon is None and exact.iterations == 0 and exact.subgames == 1
    with pytest.raises(ValueError, match="constant-sum"):
        efg.read(EXAMPLES / "entry.efg").nash("dcfr", iterations=10)


def test_generated_families_match_the_program():
    assert efg.families() == ["poker", "leduc", "repeated", "random"]
    leduc = efg.generate("leduc", 3)
    assert leduc.num_nodes == 9457 and len(leduc.infosets) == 157 + 936
    found = leduc.nash("dcfr", iterations=50)
    assert found.iterations == 50 and found.exploitability < 1
    assert efg.generate("poker").num_nodes == 55
    with pytest.raises(ValueError, match="poker takes 2 to 1000 cards"):
        efg.generate("poker", 1)
    with pytest.raises(ValueError, match="chess"):
        efg.generate("chess")


def test_the_linear_program_solves_leduc_exactly():
    leduc = efg.generate("leduc", 3)
    found = leduc.nash("lp")
    assert found.verified and found.epsilon is None
    value = found.equilibria[0].payoffs[0]
    assert isinstance(value, Fraction) and abs(value - Fraction(-85606, 1000000)) < Fraction(1, 10**6)


def test_logit_and_simpdiv_give_epsilon_equilibria():
    three = efg.parse(
        'NFG 1 R "three" { "1" "2" "3" } { 2 2 2 }\n\n'
        "9 8 12 0 0 0 0 0 0 9 8 2 0 0 0 3 4 6 0 0 0 3 4 6\n"
    )
    for method in ("logit", "simpdiv", "gnm"):
        found = three.nash(method)
        assert found.verified and len(found) >= 1
        assert isinstance(found.epsilon, Fraction) and found.epsilon < Fraction(12, 10**6)
        assert json.loads(found.to_text())["epsilon"] == str(found.epsilon)


def test_enumpoly_lists_every_equilibrium_exact_where_rational():
    # Nau, Gomez Canovas and Hansen (2004), section 4: three players, one equilibrium, irrational.
    irrational = efg.parse(
        'NFG 1 R "" { "1" "2" "3" } { 2 2 2 }\n\n'
        "3 0 2 0 1 0 0 2 0 1 0 0 1 0 0 0 3 0 0 1 0 2 0 3\n"
    )
    [e] = irrational.nash("enumpoly").equilibria
    found = irrational.nash("enumpoly")
    assert found.verified and 0 < found.epsilon < Fraction(1, 10**15)
    assert abs(float(e.strategies[0]["1"]) - 0.6192325794725538) < 1e-9
    # The battle of the sexes: two pure equilibria and a mixed one, all exact.
    sexes = efg.parse('NFG 1 R "" { "1" "2" } { 2 2 }\n\n2 1 0 0 0 0 1 2\n')
    found = sexes.nash("enumpoly")
    assert len(found) == 3 and found.epsilon is None and found.incomplete_supports == (0, 0)
    assert {"1": Fraction(2, 3), "2": Fraction(1, 3)} in [e.strategies[0] for e in found]
    # Every profile of a game without payoffs is an equilibrium: the pure ones are listed, and
    # the supports with a continuum are counted.
    zero = efg.parse('NFG 1 R "" { "1" "2" } { 2 2 }\n\n0 0 0 0 0 0 0 0\n')
    found = zero.nash("enumpoly")
    assert len(found) == 4 and found.incomplete_supports[0] > 0
