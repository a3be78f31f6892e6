"""The examples a newcomer runs first keep running, and print what they promise."""

import runpy
from pathlib import Path

TOUR = Path(__file__).resolve().parents[3] / "examples" / "python" / "tour.py"


def test_the_tour_runs_and_every_family_is_verified(capsys):
    runpy.run_path(str(TOUR), run_name="__main__")
    out = capsys.readouterr().out
    assert out.count("verified=True") == 5 and "verified=False" not in out
    assert "mate in 500,000" in out
    assert "period 12 after 71" in out
    assert "192 histories" in out
