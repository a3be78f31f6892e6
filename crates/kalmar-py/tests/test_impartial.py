"""kalmar.impartial from Python: the library's known values and periods, cross-checks between
the solvers and the definition, errors with their column."""

import numpy as np
import pytest

import kalmar
from kalmar import impartial

# Kayles (0.77), OEIS A002186, n = 0..35 (the library's own test has 0..83).
KAYLES = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7,
          4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7]
# Dawson's chess (0.137), OEIS A002187, n = 0..31; Dawson's Kayles (0.07) one heap later.
DAWSON = [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
          0, 4, 5, 2]
# Grundy's game, OEIS A002188, n = 0..29.
GRUNDY = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4,
          1, 2]


def test_nim_by_boutons_rule():
    assert impartial.nim([1, 2, 3]) == 0
    assert impartial.nim([1, 2, 4]) == 7
    position = impartial.nim_position([1, 2, 4])
    assert (position.nimber, position.outcome) == (7, "N")
    move = position.winning_move
    assert (move.heap, move.before, move.after) == (2, 4, 3)
    assert impartial.nim_position([1, 2, 3]).winning_move is None
    assert impartial.nim_position([1, 2, 3]).outcome == "P"
    # Misère: three lone counters lose for the player to move; from 1 1 2 the winner leaves
    # three of them, taking one counter from the 2.
    assert impartial.nim_position([1, 1, 1], misere=True).outcome == "P"
    misere = impartial.nim_position([1, 1, 2], misere=True)
    assert misere.outcome == "N"
    assert (misere.winning_move.heap, misere.winning_move.after) == (2, 1)
    with pytest.raises(OverflowError):
        impartial.nim([-1])


def test_known_sequences():
    assert impartial.grundy("0.77", len(KAYLES) - 1).tolist() == KAYLES
    assert impartial.grundy("0.137", len(DAWSON) - 1).tolist() == DAWSON
    assert impartial.grundy(".07", len(DAWSON)).tolist() == [0] + DAWSON
    assert impartial.grundy(impartial.Rules.grundys_game(), len(GRUNDY) - 1).tolist() == GRUNDY
    # Officers (0.6) and the subtraction game S(1, 2, 3), whose values are n mod 4.
    assert impartial.grundy("0.6", 9).tolist() == [0, 0, 1, 2, 0, 1, 2, 3, 1, 2]
    assert impartial.grundy(impartial.Rules.subtraction([1, 2, 3]), 20).tolist() == [
        n % 4 for n in range(21)
    ]


def test_proven_periods_are_the_known_ones():
    kayles = impartial.period("0.77", 1000)
    assert (kayles.period, kayles.preperiod, kayles.last_exception) == (12, 71, 70)
    # The Guy–Smith window: 2 * 71 + 12 + 2 values checked, and one more period to see it.
    assert kayles.proof_needs == 2 * 71 + 12 + 2 + 12
    chess = impartial.period("0.137", 5000)
    assert (chess.period, chess.last_exception) == (34, 51)
    dawson = impartial.period("0.07", 5000)
    assert (dawson.period, dawson.last_exception) == (34, 52)
    # Too few values prove nothing, and Grundy's game is not covered by the theorem.
    assert impartial.period("0.77", 100) is None
    assert impartial.period(impartial.Rules.grundys_game(), 2000) is None


def test_a_million_values_come_as_a_read_only_array():
    values = impartial.grundy("0.77", 1_000_000)
    assert (values.dtype, values.shape) == (np.uint32, (1_000_001,))
    with pytest.raises(ValueError, match="read-only"):
        values[0] = 1
    # Beyond the proof, G(n) = G(n - 12).
    assert np.array_equal(values[71 + 12 :], values[71:-12])
    assert values[999_999] == values[71 + (999_999 - 71) % 12]


def test_the_values_job_reports_what_the_cli_does():
    report = impartial.values("0.77", 4_000_000_000)
    assert report.computed == 1024 and len(report) == 4_000_000_001
    assert report.value(3_999_999_999) == report[75]
    assert (report.period.period, report.period.preperiod) == (12, 71)
    assert report.game == "0.77" and "Kayles" in repr(report)
    with pytest.raises(ValueError, match="value\\(n\\)"):
        report.values
    with pytest.raises(ValueError, match="G\\(4000000001\\)"):
        report.value(4_000_000_001)
    small = impartial.values("0.77", 200, verify=True)
    assert small.verified and small.values.tolist()[:36] == KAYLES
    assert small.svg().startswith("<svg")
    # Without a proven period: an arithmetic period seen, never claimed as proven.
    nim_like = impartial.values(impartial.Rules.subtraction(range(1, 40)), 30)
    assert nim_like.period is None


def test_misere_values_and_genus():
    report = impartial.values("0.77", 12, misere=True)
    # Misère Kayles: a lone counter loses for the player who must take it.
    assert report.misere[1] == 0 and report.misere[0] == 1
    # A heap of one counter: nimber 1 in normal play, 0 in misère play (Winning Ways: *1 = 1^031).
    assert report.genus[0] == "0^120" and report.genus[1] == "1^031"
    assert report.misere.dtype == np.uint32
    with pytest.raises(ValueError, match="misère"):
        impartial.values("0.77", 5000, misere=True)


def test_solvers_agree_and_the_definition_checks_them():
    assert impartial.solvers() == ["sparse", "naive"]
    for code in ["0.77", "0.137", "4.7", "0.6", "0.16"]:
        sparse = impartial.grundy(code, 3000)
        naive = impartial.grundy(code, 3000, solver="naive")
        assert np.array_equal(sparse, naive), code
        impartial.verify(code, sparse[:500])
        full = impartial.values(code, 600, shortcut=False, verify=True)
        assert np.array_equal(full.values, sparse[:601])
    wrong = impartial.grundy("0.77", 10).tolist()
    wrong[4] = 2
    with pytest.raises(ValueError, match="G\\(4\\) = 2"):
        impartial.verify("0.77", wrong)


def test_rules_by_code_and_constructors():
    kayles = impartial.Rules("0.77")
    assert (kayles.code, kayles.name, kayles.max_removed, kayles.splits) == ("0.77", "Kayles", 2, True)
    assert str(impartial.Rules(".07")) == "0.07" and impartial.Rules("0.137").name == "Dawson's chess"
    assert impartial.Rules("0.77") == kayles and kayles.digit(1) == 7
    assert impartial.Rules.stripes([2]) == impartial.Rules("0.07")
    assert impartial.Rules.grundys_game().name == "Grundy's game"


def test_all_but_stripes_and_nukit():
    # Excluding 1: G(n) = n div 2, proven arithmetic periodic (period 2, saltus 1).
    answer = impartial.all_but([1], 40)
    assert answer.values.tolist() == [n // 2 for n in range(41)]
    period = answer.arithmetic_period
    assert (period.period, period.saltus, period.preperiod, period.proven) == (2, 1, 0, True)
    assert impartial.all_but([], 10).values.tolist() == list(range(11))
    # Strips of length 2 only are Dawson's Kayles, where 5 squares are a P-position.
    assert impartial.stripes(5, [2]).nimber == 0
    three = impartial.stripes(3, [1])
    assert three.outcome == "N" and three.winning_move is not None
    # The contest's samples: Roland wins from 0 2 0 2, Patrick from 1 3 1 3 by ABCD.
    assert impartial.nukit((0, 2, 0, 2)).winner == "Roland"
    patrick = impartial.nukit((1, 3, 1, 3))
    assert (patrick.outcome, patrick.winning_reaction) == ("N", "ABCD")
    assert impartial.nukit((2, 0, 0, 2), ["AD"]).winner == "Roland"


def test_errors_carry_the_column_and_never_crash():
    with pytest.raises(ValueError, match="the octal code:1:4: found '8', expected an octal digit"):
        impartial.grundy("0.78", 10)
    with pytest.raises(ValueError, match="1:1: found '3', expected 0 or 4 before the point"):
        impartial.Rules("3.7")
    with pytest.raises(ValueError, match="sparse, naive"):
        impartial.grundy("0.77", 10, solver="fast")
    with pytest.raises(ValueError, match="at least one counter"):
        impartial.Rules.subtraction([0])
    with pytest.raises(ValueError, match="octal code"):
        impartial.grundy(77, 10)
    with pytest.raises(ValueError, match="reaction:1:"):
        impartial.nukit((1, 1, 1, 1), ["AXB"])
    with pytest.raises(ValueError, match="too large"):
        impartial.stripes(1 << 40, [1])


def test_the_docstring_examples_run():
    import doctest

    failed, tried = doctest.testmod(impartial)
    assert tried > 0 and failed == 0
    failed, tried = doctest.testmod(kalmar)
    assert tried > 0 and failed == 0


def test_ctrl_c_interrupts_a_long_computation():
    import _thread
    import threading

    finished = []
    threading.Timer(0.2, _thread.interrupt_main).start()
    with pytest.raises(KeyboardInterrupt):
        # Grundy's game has no proven period, and the naive solver is quadratic: seconds.
        impartial.grundy(impartial.Rules.grundys_game(), 100_000, solver="naive")
        finished.append(True)
    assert not finished
