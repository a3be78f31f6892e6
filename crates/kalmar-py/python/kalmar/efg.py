"""Extensive-form games (Gambit's `.efg`) and strategic-form games (`.nfg`): read from files and
text or built node by node, checked for perfect recall, their reduced strategies counted,
listed, ranked and unranked, their reduced strategic form built with exact payoffs, and their
equilibria found by every method of kalmar, each checked by the method's exact regret test and
by the library's independent certificate. Probabilities and payoffs are `fractions.Fraction`.

>>> from fractions import Fraction
>>> import kalmar.efg
>>> b = kalmar.efg.Builder("Entry game", ["Entrant", "Incumbent"])
>>> enter = b.infoset(0, ["Out", "In"])
>>> respond = b.infoset(1, ["Fight", "Accommodate"])
>>> b.node(enter)
0
>>> b.terminal([0, 2])
1
>>> b.node(respond)
2
>>> b.terminal([-1, -1]), b.terminal([1, 1])
(3, 4)
>>> game = b.finish()
>>> game.num_nodes, game.perfect_recall, game.reduced(0).labels()
(5, True, ['Out', 'In'])
>>> found = game.nash("seqform")
>>> found.verified, found[0].payoffs
(True, [Fraction(1, 1), Fraction(1, 1)])
>>> found[0].behaviour[1]
{1: {'Fight': Fraction(0, 1), 'Accommodate': Fraction(1, 1)}}

Interop: `from_pygambit` and `to_pygambit` go through Gambit's own file formats, and
`from_openspiel` walks an OpenSpiel game's tree into a `Builder` (see their docstrings).
"""

from kalmar._kalmar import efg as _native
from kalmar._efg_interop import from_openspiel, from_pygambit, pygambit_profile, to_pygambit

Game = _native.Game
Infoset = _native.Infoset
ReducedStrategies = _native.ReducedStrategies
Equilibria = _native.Equilibria
Equilibrium = _native.Equilibrium
Builder = _native.Builder
read = _native.read
parse = _native.parse
methods = _native.methods
method_info = _native.method_info
generate = _native.generate
families = _native.families
DEFAULT_MAX_SIZE = _native.DEFAULT_MAX_SIZE
LIST_LIMIT = _native.LIST_LIMIT

__all__ = [
    "DEFAULT_MAX_SIZE",
    "LIST_LIMIT",
    "Builder",
    "Equilibria",
    "Equilibrium",
    "Game",
    "Infoset",
    "ReducedStrategies",
    "families",
    "from_openspiel",
    "from_pygambit",
    "generate",
    "method_info",
    "methods",
    "parse",
    "pygambit_profile",
    "read",
    "to_pygambit",
]
