"""Deterministic graphical games (Washburn): two players, Max (0) and Min (1), move on a graph
until a terminal pays Max its exact rational payoff; infinite play pays 0. Read from `.gg` files
and text or from a `kalmar.graph.Graph`, solved by every solver of kalmar (the algorithms of
Andersson, Hansen, Miltersen and Sørensen): strongly (every vertex's value, `sort`) or weakly
(the start vertex's value, with fewer payoff comparisons), and verified before the answer is
returned. Values are exact `fractions.Fraction`s; strategies read-only numpy arrays.

>>> from fractions import Fraction
>>> from kalmar.dgg import parse, solvers
>>> game = parse('''kalmar-gg 1
... a max -> t b
... b min -> u v a
... t terminal payoff=3
... u terminal payoff=5
... v terminal payoff=-2/3
... ''')
>>> solution = game.solve()
>>> solution.values
[Fraction(3, 1), Fraction(-2, 3), Fraction(3, 1), Fraction(5, 1), Fraction(-2, 3)]
>>> solution.strategy.tolist()
[2, 4, -1, -1, -1]
>>> [game.solve(s, weak=True).start_value for s in solvers()]
[Fraction(3, 1), Fraction(3, 1), Fraction(3, 1), Fraction(3, 1)]
"""

from kalmar._kalmar import dgg as _native

Game = _native.Game
Solution = _native.Solution
read = _native.read
parse = _native.parse
from_graph = _native.from_graph
solvers = _native.solvers
strong_solvers = _native.strong_solvers

__all__ = ["Game", "Solution", "from_graph", "parse", "read", "solvers", "strong_solvers"]
