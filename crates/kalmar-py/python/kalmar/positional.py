"""n-player positional games on graphs, chance allowed: read from ``.gg`` files or text with
``players N`` and a payoff vector at every terminal, solved by backward induction (a
subgame-perfect equilibrium with every player's expected utility at every position, exact
Fractions), and checked by the independent certificate — no player gains by changing any one
move — before the answer is returned. On games with cycles (every infinite play is the one
outcome c), ``Game.nash`` finds a Nash equilibrium in pure positional strategies; ``Game.info``
describes a game before it is solved, and ``Game.normal_form`` gives its normal form as a
strategic-form ``kalmar.efg.Game``, whose pure equilibria are the positional ones.
``Game.ricycle`` searches a game for a restricted improvement cycle, and
``Game.find_preferences`` a game form (``form=True``) for preferences that make one.

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
>>> flower = positional.parse(
...     "kalmar-gg 1\\nplayers 4\\nstart v0\\nv0 player0 -> c1 c2\\nc1 player1 -> c2 a1\\n"
...     "c2 player2 -> c3 a2\\nc3 player3 -> c1 a3\\na1 terminal\\na2 terminal\\na3 terminal\\n",
...     form=True,
... )
>>> found = flower.find_preferences("strong-best-reply")
>>> found.found, len(found.steps), found.preferences.splitlines()[0]
(True, 8, '1: a3 < a1 < a2 < c')
>>> flower.find_preferences(c_free=True).found
False
"""

from kalmar._kalmar import positional as _native

Equilibrium = _native.Equilibrium
Game = _native.Game
FormSearch = _native.FormSearch
NashEquilibrium = _native.NashEquilibrium
PreferenceSearch = _native.PreferenceSearch
parse = _native.parse
read = _native.read
search_forms = _native.search_forms
solvers = _native.solvers

__all__ = [
    "Equilibrium",
    "FormSearch",
    "Game",
    "NashEquilibrium",
    "PreferenceSearch",
    "parse",
    "read",
    "search_forms",
    "solvers",
]
