"""kalmar: exact game solvers whose every answer is checked by an independent certificate.

>>> import kalmar
>>> game = kalmar.parity.parse("parity 1;\\n0 2 0 1;\\n1 1 1 0;\\n")
>>> game.solve().winner.tolist()
[0, 0]
"""

from kalmar import efg, parity
from kalmar._kalmar import __version__

__all__ = ["__version__", "efg", "parity"]
