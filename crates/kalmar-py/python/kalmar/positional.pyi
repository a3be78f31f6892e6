"""n-player positional games: backward induction, checked by an independent certificate."""

import os
from typing import TypeAlias
from fractions import Fraction

import numpy as np
import numpy.typing as npt

_Position: TypeAlias = str | int

class Equilibrium:
    """A subgame-perfect equilibrium with every player's expected utility everywhere."""

    solver: str
    strategy: npt.NDArray[np.int64]
    """Per position, where its mover goes (-1 at chance and terminals); read-only."""
    verified: bool
    @property
    def values(self) -> list[list[Fraction]]:
        """Per position, each player's expected utility."""
    @property
    def start_values(self) -> list[Fraction]:
        """Each player's expected utility from the start."""
    def value(self, position: _Position) -> list[Fraction]:
        """Each player's expected utility from `position` (a name or an index)."""
    def move_at(self, position: _Position) -> str | None:
        """Where the mover of `position` goes, or None at chance and terminals."""
    def to_text(self) -> str:
        """The solution file (JSON), exactly as `kalmar positional nash --output` writes it;
        `Game.verify`, `kalmar.verify` and `kalmar verify` check it."""
    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes `to_text()` to the file `path`: OSError if it cannot be written."""

class Game:
    """An n-player game on a graph: positions of players, chance, and paying terminals."""

    @property
    def num_players(self) -> int: ...
    @property
    def num_positions(self) -> int: ...
    @property
    def num_moves(self) -> int: ...
    @property
    def positions(self) -> list[str]:
        """The positions' names in the file's order."""
    @property
    def start(self) -> str: ...
    def mover(self, position: _Position) -> int | str | None:
        """A player's number, "chance", or None at a terminal."""
    def payoff(self, position: _Position) -> list[Fraction]:
        """What a terminal pays each player (empty elsewhere)."""
    def solve(self) -> Equilibrium:
        """A subgame-perfect equilibrium by backward induction, checked independently."""
    def verify(self, solution: str) -> None:
        """Checks a saved solution's JSON; ValueError saying what is wrong."""

def read(path: str | os.PathLike[str]) -> Game:
    """Reads a .gg file: OSError if unreadable, ValueError with file, line and column."""

def parse(text: str) -> Game:
    """Reads a game from .gg text."""
