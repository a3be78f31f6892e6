"""The examples a newcomer runs first keep running, and print what they promise."""

import runpy
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "python"
TOUR = EXAMPLES / "tour.py"


def test_the_tour_runs_and_every_family_is_verified(capsys):
    runpy.run_path(str(TOUR), run_name="__main__")
    out = capsys.readouterr().out
    assert out.count("verified=True") == 6 and "verified=False" not in out
    assert "value is -1/18" in out
    assert "mate in 500,000" in out
    assert "period 12 after 71" in out
    assert "192 histories" in out


def test_the_interop_example_runs_where_openspiel_and_pygambit_are_installed(capsys):
    pytest.importorskip("pyspiel")
    pytest.importorskip("pygambit")
    runpy.run_path(str(EXAMPLES / "interop.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "58 nodes, 12 information sets of players" in out
    assert "exact value for the first player: -1/18" in out
    assert "max_regret of kalmar's equilibrium: 0" in out
    assert "reduced strategies per player: [27, 64]" in out
