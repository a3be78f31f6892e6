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

Every family's solution gives the file the command line's `--output` writes: `to_text()`, and
`save(path)` to write it. `kalmar.verify` checks a saved solution (a file, or `text=`) against
its game file with the family's independent certificate, as `kalmar verify` does, and says what
it accepted; a wrong solution raises `kalmar.Rejected` (a `ValueError`) with the reason:

>>> solution = game.solve()
>>> print(solution.to_text(), end="")
kalmar-ssol 1
class simple
c 1/2
w 1
l 0
>>> solution.save(path.with_suffix(".ssol"))
>>> kalmar.verify(path, path.with_suffix(".ssol"))
<kalmar.Accepted: simple solution>
>>> kalmar.verify(path, text=solution.to_text().replace("c 1/2", "c 2/3"))
Traceback (most recent call last):
  ...
kalmar.Rejected: the solution is wrong: solution rejected: vertex c: claimed value 2/3, but the optimality equation gives 1/2
"""

from kalmar import (
    chess,
    dgg,
    efg,
    graph,
    impartial,
    interdiction,
    observation,
    ohhell,
    parity,
    positional,
    puzzles,
    reach,
    stochastic,
)
from kalmar._kalmar import Accepted, Rejected, __version__, parse, read, verify

__all__ = [
    "Accepted",
    "Rejected",
    "__version__",
    "chess",
    "dgg",
    "efg",
    "graph",
    "impartial",
    "interdiction",
    "observation",
    "ohhell",
    "parity",
    "positional",
    "puzzles",
    "reach",
    "parse",
    "read",
    "stochastic",
    "verify",
]
