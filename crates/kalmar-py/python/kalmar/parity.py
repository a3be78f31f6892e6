"""Parity games: read from `.pg` (PGSolver, Oink), `.gg` or eHOA files and text, solved by every
solver of kalmar behind Oink's preprocessing, and verified by the independent certificate before
the answer is returned. Winners and strategies are read-only numpy arrays indexed by vertex.

>>> from kalmar.parity import parse
>>> game = parse("parity 1;\\n0 2 0 1;\\n1 1 1 0;\\n")
>>> solution = game.solve("tl")
>>> solution.winner.tolist(), solution.strategy.tolist(), solution.verified
([0, 0], [1, -1], True)
"""

from kalmar._kalmar import parity as _native

Game = _native.Game
Solution = _native.Solution
read = _native.read
parse = _native.parse
from_graph = _native.from_graph
solvers = _native.solvers

__all__ = ["Game", "Solution", "from_graph", "parse", "read", "solvers"]
