"""kalmar: exact game solvers whose every answer is checked by an independent certificate.

>>> import kalmar
>>> game = kalmar.parity.parse("parity 1;\\n0 2 0 1;\\n1 1 1 0;\\n")
>>> game.solve().winner.tolist()
[0, 0]

`kalmar.read` opens any game file as the game of the family it holds:

>>> from pathlib import Path
>>> import tempfile
>>> path = Path(tempfile.mkdtemp()) / "coin.gg"
>>> _ = path.write_text("kalmar-gg 1\\nc chance -> w:1/2 l:1/2\\nw terminal payoff=1\\nl terminal payoff=0\\n")
>>> game = kalmar.read(path)
>>> type(game).__module__, game.solve().values[0]
('kalmar.stochastic', Fraction(1, 2))
"""

from kalmar import dgg, efg, graph, impartial, observation, ohhell, parity, positional, reach, stochastic
from kalmar._kalmar import __version__, read

__all__ = [
    "__version__",
    "dgg",
    "efg",
    "graph",
    "impartial",
    "observation",
    "ohhell",
    "parity",
    "positional",
    "reach",
    "read",
    "stochastic",
]
