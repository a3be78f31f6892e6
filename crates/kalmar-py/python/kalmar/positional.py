"""n-player positional games on graphs, chance allowed: read from ``.gg`` files or text with
``players N`` and a payoff vector at every terminal, solved by backward induction (a
subgame-perfect equilibrium with every player's expected utility at every position, exact
Fractions), and checked by the independent certificate — no player gains by changing any one
move — before the answer is returned. On games with cycles (every infinite play is the one
outcome c), ``Game.nash`` finds a Nash equilibrium in pure positional strategies; ``Game.info``
describes a game before it is solved, and ``Game.normal_form`` gives its normal form as a
strategic-form ``kalmar.efg.Game``, whose pure equilibria are the positional ones.

>>> from kalmar import positional
>>> game = positional.parse(
...     "kalmar-gg 1\\nplayers 3\\nstart a\\na player0 -> b x\\nb player1 -> y z\\n"
...     "x terminal payoff=(1,1,1)\\ny terminal payoff=(2,0,0)\\nz terminal payoff=(0,2,0)\\n"
... )
>>> spe = game.solve()
>>> [str(u) for u in spe.start_values], spe.move_at("a"), spe.verified
(['1', '1', '1'], 'x', True)
>>> game.info()["profiles"], game.normal_form().shape
(4, [2, 2, 1])
"""

from kalmar._kalmar import positional as _native

Equilibrium = _native.Equilibrium
Game = _native.Game
NashEquilibrium = _native.NashEquilibrium
parse = _native.parse
read = _native.read
solvers = _native.solvers

__all__ = ["Equilibrium", "Game", "NashEquilibrium", "parse", "read", "solvers"]
