"""Stochastic games on graphs: Max (0), Min (1) and chance (-1), which moves with exact
probabilities. Simple stochastic games (Condon), terminal-payoff, discounted, mean-payoff and
parity games, read from `.gg` files and text or from a `kalmar.graph.Graph`, solved by every
solver of kalmar: exact strategy iteration (`si`), value iteration with guaranteed bounds
(`vi`, optionally finished exactly), and the mean-payoff solvers (`mpsi`, `zp`). Exact answers
are certified by the library before they are returned; values are `fractions.Fraction`s.

An exact solve the library's size model estimates above `max_memory` bytes (4 GiB by default) is
refused with `MemoryError`, whose message gives the estimate and suggests `vi`.

>>> from fractions import Fraction
>>> from kalmar.stochastic import parse
>>> game = parse('''kalmar-gg 1
... m max -> c l
... c chance -> w:1/2 l:1/2
... w terminal payoff=1
... l terminal payoff=0
... ''')
>>> game.game_class
'simple'
>>> exact = game.solve()
>>> exact.values, exact.strategy.tolist(), exact.verified
([Fraction(1, 2), Fraction(1, 2), Fraction(1, 1), Fraction(0, 1)], [1, -1, -1, -1], True)
>>> bounds = game.solve("vi", epsilon="1/1000")
>>> bounds.lower[0] <= Fraction(1, 2) <= bounds.upper[0], bounds.error <= Fraction(1, 1000)
(True, True)
"""

from kalmar._kalmar import stochastic as _native

Game = _native.Game
Solution = _native.Solution
read = _native.read
parse = _native.parse
from_graph = _native.from_graph
solvers = _native.solvers

__all__ = ["Game", "Solution", "from_graph", "parse", "read", "solvers"]
