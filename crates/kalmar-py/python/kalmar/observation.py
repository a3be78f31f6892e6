"""Games of imperfect information (Reif's problem): the system sees only an observation of each
location, the environment sees everything, and the system wins when one strategy based on what
it has observed wins every play. Read from Alpaga's `.gii` files and text, from `.gg` games with
observations (`obs=`; turn-based: Max is the system, Min the environment, the last player to
move wins) or from a `kalmar.graph.Graph`; decided by the knowledge-game and antichain
algorithms, the winner's witness checked before the answer is returned: the system's strategy
as rules on knowledge sets, or the environment's spoiling strategy.

>>> from kalmar.observation import parse
>>> game = parse('''kalmar-gg 1
... start init
... init min -> cT cB
... cT max obs=c -> c2
... cB max obs=c -> c3
... c2 terminal obs=c2
... c3 min obs=c3 -> dead
... dead terminal obs=dead
... ''')
>>> solution = game.solve("antichain")
>>> solution.winner, solution.verified
('environment', True)
>>> solution.reif_assumption["holds"]
False
>>> game.solve("reif").winner  # Reif's procedure is wrong here, as his assumption fails
'system'
"""

from kalmar._kalmar import observation as _native

Game = _native.Game
Solution = _native.Solution
read = _native.read
parse = _native.parse
from_graph = _native.from_graph
algorithms = _native.algorithms
generate = _native.generate
families = _native.families

__all__ = ["Game", "Solution", "algorithms", "families", "from_graph", "generate", "parse", "read"]
