"""kalmar.parity from Python: the same answers as the library, every solver, errors placed."""

from pathlib import Path

import numpy as np
import pytest

import kalmar

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"

# Even's 0 (priority 2) may stay or go to Odd's 1, who may return or go to Even's 2, which loops
# on priority 3; Odd's 3 (priority 4) may loop or go to 2 (the library's own example).
GAME = "parity 3;\n0 2 0 0,1;\n1 1 1 0,2;\n2 3 0 2;\n3 4 1 2,3;\n"


def test_every_solver_finds_the_same_verified_winners():
    game = kalmar.parity.parse(GAME)
    assert (game.num_vertices, game.num_edges) == (4, 7)
    assert "zlk" in kalmar.parity.solvers()
    for solver in kalmar.parity.solvers():
        solution = game.solve(solver)
        assert solution.solver == solver
        assert solution.verified
        assert solution.winner.tolist() == [0, 1, 1, 1]


def test_the_strategy_wins_where_its_owner_wins():
    solution = kalmar.parity.parse(GAME).solve()
    # Even wins at 0 by staying on priority 2; Odd wins at 1 and 3 by going to 2, which loops on
    # priority 3; Even's 2 is lost, so it has no winning move.
    assert solution.strategy.tolist() == [0, 2, -1, 2]
    # numpy arrays indexed by vertex, which the answer's reader cannot edit.
    assert (solution.winner.dtype, solution.strategy.dtype) == (np.uint8, np.int64)
    with pytest.raises(ValueError, match="read-only"):
        solution.winner[0] = 1


def test_files_are_read_by_their_format():
    from kalmar.parity import read

    game = read(EXAMPLES / "tiny.pg")
    assert game.solve().verified
    assert "vertices" in repr(game)


def test_errors_carry_the_place_and_never_crash():
    with pytest.raises(ValueError, match="2:3: found 'x', expected a priority"):
        kalmar.parity.parse("parity 1;\n0 x 0 1;\n")
    with pytest.raises(ValueError):
        kalmar.parity.parse("not a game")
    with pytest.raises(FileNotFoundError, match="/nonexistent/game.pg"):
        kalmar.parity.read("/nonexistent/game.pg")
    with pytest.raises(ValueError, match="zlk"):
        kalmar.parity.parse(GAME).solve("nope")


def test_the_docstring_examples_run():
    import doctest

    import kalmar.parity

    for module in (kalmar, kalmar.parity):
        failed, tried = doctest.testmod(module)
        assert tried > 0 and failed == 0, module


def test_ctrl_c_interrupts_a_long_solve():
    import _thread
    import random
    import threading

    # A random game of 200,000 vertices, which tangle learning takes seconds to solve.
    rng = random.Random(1)
    n = 200_000
    rows = [f"{v} {rng.randrange(n)} {rng.randrange(2)} {rng.randrange(n)},{rng.randrange(n)};" for v in range(n)]
    game = kalmar.parity.parse(f"parity {n - 1};\n" + "\n".join(rows) + "\n")
    finished = []
    threading.Timer(0.2, _thread.interrupt_main).start()
    with pytest.raises(KeyboardInterrupt):
        game.solve("tl")
        finished.append(True)
    assert not finished
