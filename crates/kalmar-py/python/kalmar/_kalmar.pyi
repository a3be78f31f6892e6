"""The extension module; use the package `kalmar` and its submodules instead."""

import os
from fractions import Fraction
from types import ModuleType

__version__: str
efg: ModuleType
"""Extensive- and strategic-form games: recall, reduced strategies, exact equilibria."""
impartial: ModuleType
ohhell: ModuleType
parity: ModuleType
"""Parity games: read, solved by every solver of kalmar, verified."""
graph: ModuleType
"""Game graphs: read, or built from lists and numpy arrays; shared by the families on graphs."""
reach: ModuleType
"""Chess-like games: retrograde analysis, outcomes and depths to mate, verified."""
dgg: ModuleType
"""Deterministic graphical games: exact values by every solver, strong or weak, verified."""
stochastic: ModuleType
"""Stochastic games: exact values and strategies, certified, or value iteration's bounds."""
observation: ModuleType
"""Games of imperfect information: who wins, with the winner's witness checked."""
positional: ModuleType
"""n-player games on graphs: subgame-perfect equilibria by backward induction, checked."""
interdiction: ModuleType
puzzles: ModuleType
"""Hashiwokakero and Hiroimono: read, solved, proved unique, checked and generated."""
chess: ModuleType
"""Chess endgame tables: solved, probed by FEN, saved and read back."""

def parse(text: str) -> object:
    """Reads a game from text in any format kalmar reads, told by its first word (`kalmar.parse`)."""

def read(path: str | os.PathLike[str]) -> object:
    """Reads any game file as the game of its family (`kalmar.read`)."""

class Rejected(ValueError):
    """A well-formed solution that its family's independent certificate rejects; the message is
    the certificate's reason."""

class Accepted:
    """A solution that passed its family's certificate (the fields of `kalmar verify --json`)."""

    solution: str
    """What was accepted, in words: 'parity solution', 'strong reach solution', ..."""
    game_file: str
    solution_file: str | None
    """None when the solution was given as text."""
    form: str | None
    """Equilibria of a Gambit game: 'tree', 'strategic form' or 'reduced strategic form'."""
    equilibria: list[dict[str, list[Fraction]]] | None
    """Equilibria of a Gambit game: per equilibrium, 'payoffs' and 'best_responses' per player."""

def verify(
    game: str | os.PathLike[str],
    solution: str | os.PathLike[str] | None = None,
    *,
    text: str | None = None,
) -> Accepted:
    """Checks a saved solution (the file `solution`, or its `text`) against the game file
    `game` with its family's independent certificate, as `kalmar verify` does: kalmar.Rejected
    (a ValueError) with the certificate's reason if it is wrong, ValueError with the line and
    column if malformed, FileNotFoundError if a file is missing."""
