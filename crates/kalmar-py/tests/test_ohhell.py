"""kalmar.ohhell from Python: the paper's counts (Table 1), exact integers of any size,
histories listed, built and sampled consistently with each other, exact values, errors placed."""

from fractions import Fraction
from pathlib import Path

import pytest

from kalmar import ohhell

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
TABLE1 = "game players=3 suits=2 ranks=4 tricks=2; trump Jd; bids 1 0 0; plays Kc Qc Jc"


def test_table1_counts_by_both_methods():
    state = ohhell.read(EXAMPLES / "ohhell-table1-192.txt")
    assert (state.players, state.suits, state.ranks, state.tricks, state.dealer) == (3, 2, 4, 2, 2)
    assert (state.trump, state.bids, state.plays) == ("Jd", [1, 0, 0], ["Kc", "Qc", "Jc"])
    assert ohhell.counters() == ["assignments", "enumeration"]
    assert state.count() == 192
    assert state.count("enumeration") == 192
    # The paper's second and third public states.
    second = "game players=3 suits=3 ranks=4 tricks=3; trump Jh; bids 1 1 0; plays Ac Kc Qc Ad Kd Qd"
    third = "game players=3 suits=3 ranks=4 tricks=3; trump Jh; bids 1 1 0; plays Ac Kc Qc"
    assert ohhell.parse(second).count() == 12_960
    assert ohhell.parse(third).count() == 544_320
    # The text form reads back to the same state.
    assert ohhell.parse(state.to_text()).to_text() == state.to_text() == str(state)


def test_counts_are_exact_python_integers_of_any_size():
    # 51!/3! histories before any card is played with 52 cards.
    state = ohhell.parse("game players=4 suits=4 ranks=13 tricks=12; trump 2c")
    import math

    assert state.count() == math.factorial(51) // math.factorial(3)
    assert state.count() == 258519792214563713370707169411550535177209953336164352000000000000


def test_enumerated_histories_have_their_probabilities():
    state = ohhell.parse(TABLE1)
    listing = state.enumerate(limit=0)
    assert listing.total == len(listing) == 192
    assert sum(h.probability for h in listing.histories) == 1
    assert all(isinstance(h.reach, Fraction) and h.reach > 0 for h in listing.histories)
    deals = {tuple(h.deal) for h in listing.histories}
    assert len(deals) == 192
    for h in listing.histories:
        # The hands split the deal, two cards each; every player was dealt the card it
        # played, and nobody holds the trump card.
        assert sorted(sum(h.hands, [])) == sorted(h.deal) and [len(x) for x in h.hands] == [2, 2, 2]
        assert "Kc" in h.hands[0] and "Qc" in h.hands[1] and "Jc" in h.hands[2]
        assert "Jd" not in h.deal
    first = state.enumerate(limit=5)
    assert first.total == 192 and len(first.histories) == 5
    assert [h.deal for h in first.histories] == [h.deal for h in listing.histories[:5]]
    # Under a biased policy the histories keep their number and their probabilities sum to 1.
    biased = state.enumerate(limit=0, policy="bias:7/10", policy_seed=3)
    assert biased.total == 192 and sum(h.probability for h in biased.histories) == 1


def test_construction_and_samples_are_histories_of_the_state():
    state = ohhell.parse(TABLE1)
    deals = {tuple(h.deal) for h in state.enumerate(limit=0).histories}
    built = state.construct()
    assert tuple(built.deal) in deals and built.probability is None
    for exact in (False, True):
        samples = state.sample(50, seed=7, exact=exact, policy="bias:7/10")
        assert len(samples) == len(samples.deals) == 50 and samples.exact == exact
        assert all(tuple(d) in deals for d in samples.deals)
        # The same seed draws the same deals.
        assert state.sample(50, seed=7, exact=exact, policy="bias:7/10").deals == samples.deals
    mcmc = state.sample(10, chains=2, burn_in=5, thin=3, flow_start=True)
    assert mcmc.transitions > 0 and 0 <= mcmc.acceptance <= 1
    assert state.sample(10, exact=True).transitions == 0
    # Player 1 shows a void in clubs, then plays a club: no deal fits.
    none = ohhell.parse("game players=2 suits=2 ranks=4 tricks=2; trump Ad; bids 0 0; plays Ac Jd Kc Qc")
    assert none.construct() is None
    assert none.count() == 0


def test_values_are_exact():
    # Every card played: the outcome is fixed. Player 0 (bid 1) took both tricks and scores 2;
    # players 1 and 2 bid 0, took none and score 10 each.
    done = ohhell.parse("game players=3 suits=2 ranks=4 tricks=2; trump Jd; bids 1 0 0; plays Kc Qc Jc Ad Kd Qd")
    assert done.count() == 8
    assert done.value() == [2, 10, 10]
    state = ohhell.parse(TABLE1)
    value = state.value()
    assert len(value) == 3 and all(isinstance(v, Fraction) for v in value)
    assert value == [Fraction(17, 2), Fraction(27, 4), Fraction(27, 4)]
    assert state.value(policy="bias:7/10") != value


def test_errors_carry_the_place():
    with pytest.raises(ValueError, match="<input>:1:48: found 'Jx'"):
        ohhell.parse("game players=3 suits=2 ranks=4 tricks=2; trump Jx")
    with pytest.raises(ValueError, match="1:1: .*expected 'game', 'trump', 'bids', 'plays' or '#'"):
        ohhell.parse("nonsense")
    with pytest.raises(FileNotFoundError, match="/nonexistent/state.txt"):
        ohhell.read("/nonexistent/state.txt")
    state = ohhell.parse(TABLE1)
    with pytest.raises(ValueError, match="bias from 0 to 1"):
        state.sample(10, policy="bias:2")
    with pytest.raises(ValueError, match="at least 1"):
        state.sample(0)
    with pytest.raises(ValueError, match="assignments, enumeration"):
        state.count("guess")
    with pytest.raises(ValueError, match="more than the 100"):
        state.enumerate(max=100)
    big = ohhell.parse("game players=4 suits=4 ranks=13 tricks=12; trump 2c")
    with pytest.raises(ValueError, match="histories"):
        big.sample(5, exact=True)


def test_the_docstring_examples_run():
    import doctest

    failed, tried = doctest.testmod(ohhell)
    assert tried > 0 and failed == 0


def test_ctrl_c_interrupts_a_long_enumeration():
    import _thread
    import threading

    # Table 1's third public state: 544,320 histories, enumerated and weighed in seconds.
    state = ohhell.parse("game players=3 suits=3 ranks=4 tricks=3; trump Jh; bids 1 1 0; plays Ac Kc Qc")
    finished = []
    threading.Timer(0.2, _thread.interrupt_main).start()
    with pytest.raises(KeyboardInterrupt):
        state.enumerate(limit=1)
        finished.append(True)
    assert not finished
