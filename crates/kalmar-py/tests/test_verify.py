"""Certificates anyone can check, from Python: every family's solution saves as exactly the file
the command line's `--output` writes, and `kalmar.verify` checks any saved solution against its
game file with the family's independent certificate, as `kalmar verify` does.

The files under `data/` are what the `kalmar` program wrote for the same examples (the command of
each is in CASES; the output is deterministic). With the environment variable KALMAR_BIN naming a
`kalmar` binary, the tests also run those commands and compare with the files.
"""

import os
import re
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest

import kalmar

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
DATA = Path(__file__).resolve().parent / "data"


def tamper_parity(text):
    # Vertex 0 (Even's, "start") moves to 2 in the solution; say it goes to 1, which Odd wins.
    assert "\n0 0 2;\n" in text
    return text.replace("\n0 0 2;\n", "\n0 0 1;\n")


def tamper_reach(text):
    # b is won in 2 moves (b -> a -> win); claim the faster move b -> win, which is Min's too.
    assert '"b": "a"' in text
    return text.replace('"b": "a"', '"b": "win"')


def tamper_dgg(text):
    # s (worth 3/4 by moving to y) moves to x instead, which secures only -1/2.
    assert '"s": "y"' in text
    return text.replace('"s": "y"', '"s": "x"')


def tamper_stochastic(text):
    # a is worth 1/2 by the coin c; claim its value is 2/3.
    assert "\na 1/2 -> c\n" in text
    return text.replace("\na 1/2 -> c\n", "\na 2/3 -> c\n")


def tamper_observation(text):
    # At knowledge {301} the system increments; decrementing leaves a knowledge set unanswered.
    assert '"inc"' in text
    return text.replace('"inc"', '"dec"')


def tamper_positional(text):
    # p0's mover takes a (2 for player 0); send it to b (0 for player 0) and keep the claims: the
    # expected utilities from the deal are no longer the claimed ones.
    assert '"p0": "a"' in text
    return text.replace('"p0": "a"', '"p0": "b"')


# (family, example game, solve from Python, saved file, the `kalmar` command that wrote it,
#  tampering, the certificate's reason for rejecting the tampered text, what is accepted)
CASES = [
    (
        "parity",
        "tiny.pg",
        lambda path: kalmar.parity.read(path).solve(),
        "tiny.pg.sol",
        ["parity", "solve"],
        tamper_parity,
        "player 0 is said to win from left, but the opponent can keep play on a cycle through it whose largest priority is 3",
        "parity solution",
    ),
    (
        "reach",
        "figure2b.gg",
        lambda path: kalmar.reach.read(path).solve(),
        "figure2b.reach.json",
        ["reach", "solve"],
        tamper_reach,
        "vertex b: the strategy moves to win at distance 0, not 1",
        "strong reach solution",
    ),
    (
        "dgg",
        "dgg-small.gg",
        lambda path: kalmar.dgg.read(path).solve(),
        "dgg-small.dgg.json",
        ["dgg", "solve"],
        tamper_dgg,
        "from s, claimed 3/4, Max's strategy moves to x, claimed -1/2",
        "strong dgg solution",
    ),
    (
        "stochastic",
        "coin-toss.gg",
        lambda path: kalmar.stochastic.read(path).solve(),
        "coin-toss.ssol",
        ["stochastic", "solve"],
        tamper_stochastic,
        "vertex a: the chosen move to c is worth 1/2, not the claimed value 2/3",
        "simple solution",
    ),
    (
        "observation",
        "alpaga/locking.gii",
        lambda path: kalmar.observation.read(path).solve(),
        "locking.strategy.json",
        ["observation", "solve"],
        tamper_observation,
        r"the strategy has no move for the knowledge set \{\d+\}",
        "system's winning strategy",
    ),
    (
        "positional",
        "three-players.gg",
        lambda path: kalmar.positional.read(path).solve(),
        "three-players.json",
        ["positional", "nash"],
        tamper_positional,
        r"at deal, the profile gives \(1/6, 5/3, 7/6\), not the claimed \(7/6, 7/6, 2/3\)",
        "subgame-perfect equilibrium",
    ),
]
IDS = [case[0] for case in CASES]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_saved_text_is_what_the_command_line_writes(case):
    _, game, solve, saved, *_ = case
    assert solve(EXAMPLES / game).to_text() == (DATA / saved).read_text()


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_solve_save_and_verify(case, tmp_path):
    _, game, solve, _, _, _, _, accepted = case
    path = tmp_path / "solution"
    solution = solve(EXAMPLES / game)
    assert solution.save(path) is None
    assert path.read_text() == solution.to_text()
    # A path (str or os.PathLike) names a file; text= gives the text itself.
    for verdict in (
        kalmar.verify(EXAMPLES / game, path),
        kalmar.verify(str(EXAMPLES / game), str(path)),
        kalmar.verify(EXAMPLES / game, text=solution.to_text()),
    ):
        assert isinstance(verdict, kalmar.Accepted)
        assert verdict.solution == str(verdict) == accepted
        assert verdict.game_file == str(EXAMPLES / game)
        assert (verdict.form, verdict.equilibria) == (None, None)
    assert kalmar.verify(EXAMPLES / game, path).solution_file == str(path)
    assert kalmar.verify(EXAMPLES / game, text=solution.to_text()).solution_file is None
    assert repr(kalmar.verify(EXAMPLES / game, path)) == f"<kalmar.Accepted: {accepted}>"


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_tampered_solution_is_rejected_with_the_certificates_reason(case, tmp_path):
    _, game, solve, _, _, tamper, reason, _ = case
    tampered = tamper(solve(EXAMPLES / game).to_text())
    with pytest.raises(kalmar.Rejected, match=reason) as rejected:
        kalmar.verify(EXAMPLES / game, text=tampered)
    assert isinstance(rejected.value, ValueError)
    # From a file, the message names it first, as `kalmar verify` does.
    path = tmp_path / "tampered"
    path.write_text(tampered)
    with pytest.raises(kalmar.Rejected, match=f"^{re.escape(str(path))}: .*{reason}"):
        kalmar.verify(EXAMPLES / game, path)


KALMAR_BIN = os.environ.get("KALMAR_BIN")


@pytest.mark.skipif(not KALMAR_BIN, reason="KALMAR_BIN names no kalmar binary to compare with")
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_saved_files_are_what_the_kalmar_program_writes_now(case, tmp_path):
    _, game, _, saved, command, *_ = case
    out = tmp_path / saved
    subprocess.run(
        [KALMAR_BIN, *command, str(EXAMPLES / game), "-o", str(out)],
        check=True,
        capture_output=True,
    )
    assert out.read_text() == (DATA / saved).read_text()


def test_equilibria_of_a_gambit_game_are_checked_with_their_payoffs():
    # Saved by `kalmar efg nash examples/entry.efg -o entry.equilibria.json`.
    saved = DATA / "entry.equilibria.json"
    verdict = kalmar.verify(EXAMPLES / "entry.efg", saved)
    assert verdict.solution == "equilibrium in behaviour strategies"
    assert verdict.form == "tree"
    assert verdict.equilibria == [
        {"payoffs": [Fraction(1), Fraction(1)], "best_responses": [Fraction(1), Fraction(1)]}
    ]
    assert all(
        type(x) is Fraction for e in verdict.equilibria for x in e["payoffs"] + e["best_responses"]
    )
    # The entrant stays out, the incumbent fights: the payoffs claimed are no longer the profile's.
    text = saved.read_text()
    lie = text.replace('"Out": "0"', '"Out": "1"').replace('"In": "1"', '"In": "0"')
    assert lie != text
    with pytest.raises(kalmar.Rejected, match="equilibrium 1: player 1 \\(Entrant\\)'s expected payoff is 0, not 1"):
        kalmar.verify(EXAMPLES / "entry.efg", text=lie)


def test_malformed_solutions_give_the_line_and_column():
    with pytest.raises(ValueError, match="2:3: found 'x', expected the winner") as error:
        kalmar.verify(EXAMPLES / "tiny.pg", text="paritysol 4;\n0 x 2;\n")
    assert not isinstance(error.value, kalmar.Rejected)
    with pytest.raises(ValueError, match="line 1 column 20") as error:
        kalmar.verify(EXAMPLES / "figure2b.gg", text='{"family": "reach", ')
    assert not isinstance(error.value, kalmar.Rejected)
    # A file's name comes first, with the line and column in it: coin-toss's a moves to c, which
    # the stochastic parity game's a does not.
    with pytest.raises(ValueError, match=r"coin-toss\.ssol:3:10: found 'c', expected a successor"):
        kalmar.verify(EXAMPLES / "stochastic-parity.gg", DATA / "coin-toss.ssol")


def test_a_solution_of_another_game_or_family_is_bad_input_not_rejected():
    # A chess-like solution names positions the parity game does not have.
    with pytest.raises(ValueError, match="figure2b.reach.json: the game has no position named 'a'") as error:
        kalmar.verify(EXAMPLES / "tiny.pg", DATA / "figure2b.reach.json")
    assert not isinstance(error.value, kalmar.Rejected)
    # A parity solution against a game without priorities: the game file is named.
    with pytest.raises(ValueError, match="figure2b.gg: the game has no priorities") as error:
        kalmar.verify(EXAMPLES / "figure2b.gg", DATA / "tiny.pg.sol")
    assert not isinstance(error.value, kalmar.Rejected)


def test_missing_files_and_arguments():
    with pytest.raises(FileNotFoundError, match="nonexistent.gg"):
        kalmar.verify(EXAMPLES / "nonexistent.gg", DATA / "tiny.pg.sol")
    with pytest.raises(FileNotFoundError, match="nonexistent.sol"):
        kalmar.verify(EXAMPLES / "tiny.pg", DATA / "nonexistent.sol")
    # Text given where a path goes is not looked for as a file: the error says to use text=.
    text = (DATA / "tiny.pg.sol").read_text()
    with pytest.raises(FileNotFoundError, match="text="):
        kalmar.verify(EXAMPLES / "tiny.pg", text)
    with pytest.raises(TypeError, match="exactly one"):
        kalmar.verify(EXAMPLES / "tiny.pg")
    with pytest.raises(TypeError, match="exactly one"):
        kalmar.verify(EXAMPLES / "tiny.pg", DATA / "tiny.pg.sol", text=text)


def test_solutions_without_a_file_to_save_say_why(tmp_path):
    # Value iteration's bounds are not exact values with strategies.
    bounds = kalmar.stochastic.read(EXAMPLES / "coin-toss.gg").solve("vi")
    with pytest.raises(ValueError, match="solver vi does not give"):
        bounds.to_text()
    with pytest.raises(ValueError, match="solver vi does not give"):
        bounds.save(tmp_path / "bounds.ssol")
    assert not (tmp_path / "bounds.ssol").exists()
    # With exact=True it finishes by strategy iteration, and the file is the same as si's.
    exact = kalmar.stochastic.read(EXAMPLES / "coin-toss.gg").solve("vi", exact=True)
    assert exact.to_text() == (DATA / "coin-toss.ssol").read_text()
    # The environment wins mutex: its spoiler is the answer, and no strategy file exists.
    spoiled = kalmar.observation.read(EXAMPLES / "alpaga" / "mutex.gii").solve()
    assert spoiled.winner == "environment"
    with pytest.raises(ValueError, match="the environment wins"):
        spoiled.to_text()
    # Reif's procedure gives no strategy, even when it says the system wins.
    reif = kalmar.observation.read(EXAMPLES / "reif-note.gg").solve("reif")
    with pytest.raises(ValueError, match="Reif's procedure gives no strategy"):
        reif.to_text()


def test_save_reports_a_file_it_cannot_write(tmp_path):
    solution = kalmar.parity.read(EXAMPLES / "tiny.pg").solve()
    with pytest.raises(FileNotFoundError, match="no-such-directory"):
        solution.save(tmp_path / "no-such-directory" / "tiny.pg.sol")


def test_a_weak_dgg_solution_saves_and_verifies(tmp_path):
    solution = kalmar.dgg.read(EXAMPLES / "dgg-small.gg").solve(weak=True)
    text = solution.to_text()
    assert '"kind": "weak"' in text and '"start": "s"' in text
    assert kalmar.verify(EXAMPLES / "dgg-small.gg", text=text).solution == "weak dgg solution"
    with pytest.raises(kalmar.Rejected, match="3/4"):
        kalmar.verify(EXAMPLES / "dgg-small.gg", text=text.replace('"3/4"', '"1"'))


def test_every_parity_solver_saves_a_solution_that_verifies():
    game = kalmar.parity.read(EXAMPLES / "tiny.pg")
    for solver in kalmar.parity.solvers():
        text = game.solve(solver).to_text()
        assert kalmar.verify(EXAMPLES / "tiny.pg", text=text).solution == "parity solution"


def test_rejected_is_exported_and_documented():
    assert issubclass(kalmar.Rejected, ValueError)
    assert kalmar.Rejected.__module__ == "kalmar"
    assert "certificate" in kalmar.Rejected.__doc__
    assert {"Accepted", "Rejected", "verify"} <= set(kalmar.__all__)
    assert "exactly one" in kalmar.verify.__doc__ or "Give exactly one" in kalmar.verify.__doc__


def test_the_docstring_examples_run():
    import doctest

    failed, tried = doctest.testmod(kalmar)
    assert tried > 0 and failed == 0
