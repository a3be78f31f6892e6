"""Chess-like games: two players, Max (0) and Min (1), move on a graph until a terminal pays Max
1 (Max wins), 0 (a draw) or -1 (Min wins); infinite play is a draw. Read from `.gg` files and
text or from a `kalmar.graph.Graph`, solved by retrograde analysis in linear time, and verified
(values, both strategies and the depths to mate) before the answer is returned. Outcomes,
distances and strategies are read-only numpy arrays indexed by vertex; the outcome is the
library's own encoding, Max's payoff: 1, 0 or -1.

>>> from kalmar.reach import parse
>>> game = parse('''kalmar-gg 1
... a max -> w b
... b min -> l a
... c max -> c l
... w terminal payoff=1
... l terminal payoff=-1
... ''')
>>> solution = game.solve()
>>> game.names
['a', 'b', 'c', 'w', 'l']
>>> solution.outcome.tolist(), solution.distance.tolist(), solution.strategy.tolist()
([1, -1, 0, 1, -1], [1, 1, 0, 0, 0], [3, 4, 2, -1, -1])
>>> solution.verified
True
"""

from kalmar._kalmar import reach as _native

Game = _native.Game
Solution = _native.Solution
read = _native.read
parse = _native.parse
from_graph = _native.from_graph

__all__ = ["Game", "Solution", "from_graph", "parse", "read"]
