"""n-player positional games: backward induction, checked by an independent certificate."""

import os
from typing import Any, TypeAlias
from fractions import Fraction

from kalmar import efg

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

class NashEquilibrium:
    """A Nash equilibrium in pure positional strategies (the game may have cycles), checked by
    every player's best deviation; or the proof that there is none (`found` False)."""

    solver: str
    found: bool
    outcome: str | None
    """Where play from the start ends: a terminal's name, or "c (infinite play)"."""
    utilities: list[Fraction] | None
    subgame_perfect: bool | None
    """Whether it is an equilibrium from every start too (None: too large to check, and not
    guaranteed by the solver)."""
    moves: dict[str, str] | None
    """Each player's position and where its move goes, by name."""
    steps: int | None
    """Strong improvements taken (solver improve)."""
    equilibria: int | None
    """How many equilibria there are (solver brute)."""
    profiles: int | None
    """How many profiles were tried (solver brute)."""
    nodes: int | None
    """How many partial profiles were searched (solver exact)."""
    def to_text(self) -> str:
        """The solution file as `kalmar positional nash -o` writes it (ValueError if none)."""
    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes `to_text()` to the file `path`."""

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
    def nash(
        self, solver: str | None = None, *, max_profiles: int = ..., max_steps: int = ...
    ) -> NashEquilibrium:
        """A Nash equilibrium from the start, on a game with cycles too, by a solver of
        `solvers()` (None: the one that fits), checked independently."""
    def dynamics(
        self,
        improvement: str = "best-reply",
        *,
        restriction: str = "lazy",
        rule: str = "round-robin",
        seed: int = 1,
        start: str = "first",
        max_steps: int = ...,
    ) -> dict[str, object]:
        """Improvement dynamics to an equilibrium or a cycle: the steps taken and how it
        ended (`end`: "equilibrium", "cycle" or "limit")."""
    def ricycle(
        self,
        improvement: str = "standard",
        *,
        restriction: str = "inside-play",
        c_free: bool = False,
        max_profiles: int = ...,
    ) -> list[tuple[int, list[str]]] | None:
        """An improvement cycle of the type asked for (standard, strong, last-step,
        best-reply, strong-best-reply), inside-play, lazy or unrestricted, through profiles
        whose play ends if `c_free`: its steps as (player, outcomes passed through), checked
        by the cycle's certificate, or None."""
    def find_preferences(
        self,
        improvement: str = "standard",
        *,
        restriction: str = "inside-play",
        c_free: bool = False,
        max_profiles: int = ...,
        max_nodes: int = ...,
    ) -> PreferenceSearch:
        """Preferences that make an ri-cycle in this game form (its utilities ignored; read
        forms with `form=True`), with the cycle, or the proof that none do (ties allowed)."""
    def solve(self) -> Equilibrium:
        """A subgame-perfect equilibrium by backward induction, checked independently."""
    def verify(self, solution: str) -> None:
        """Checks a saved solution's JSON; ValueError saying what is wrong."""
    def info(self) -> dict[str, Any]:
        """What the game is before it is solved: `players` (each with `player`, `positions`,
        `moves`, `strategies`), `positions`, `terminals`, `chance_positions`, `moves`, `start`,
        `acyclic`, `profiles`, `win_lose` and `cycle` (Fractions). Counts are exact ints up to
        2^1024, else strings "at least 2^k"."""
    def normal_form(self, max_size: int = ..., *, title: str = "normal form") -> efg.Game:
        """The normal form (no chance) as a strategic-form `kalmar.efg.Game`: pure positional
        strategies named by their moves ("u>a1,w>x"), exact utilities of every profile's
        outcome (a terminal or c). ValueError beyond `max_size` payoffs (profiles × players),
        before it is built."""

def solvers() -> list[str]:
    """The ids of the solvers of `Game.nash`."""

class PreferenceSearch:
    """What `Game.find_preferences` found."""

    found: bool
    """Whether some preferences make an ri-cycle of the type asked for."""
    steps: list[tuple[int, list[str]]] | None
    """The cycle's steps: (player, outcomes passed through)."""
    preferences: str | None
    """Preferences that make it one, in the paper's notation (players from 1, worst to best)."""
    profiles: int
    """How many profiles the game form has."""
    nodes: int
    """How many partial cycles the search extended."""

class FormSearch:
    """What `search_forms` found."""

    found: bool
    """Whether a form with preferences that make an ri-cycle was found."""
    forms: int
    """How many forms were drawn."""
    nodes: int
    """How many partial cycles the searches extended, in all."""
    game: Game | None
    """The form found, with the preferences as its utilities (0, 1, 2, ... by rank)."""
    steps: list[tuple[int, list[str]]] | None
    """The cycle's steps: (player, outcomes passed through)."""
    preferences: str | None
    """The preferences in the paper's notation."""

def search_forms(
    *,
    players: int = 2,
    positions: int = 4,
    terminals: int = 3,
    moves: int = 2,
    acyclic: bool = False,
    random_owners: bool = False,
    forms: int = 10000,
    seed: int = 1,
    improvement: str = "standard",
    restriction: str = "inside-play",
    c_free: bool = False,
    max_profiles: int = ...,
    max_nodes: int = ...,
) -> FormSearch:
    """Random game forms searched for preferences that make an ri-cycle, until one is found."""

def read(
    path: str | os.PathLike[str], *, preferences: str | None = None, form: bool = False
) -> Game:
    """Reads a .gg file: OSError if unreadable, ValueError with file, line and column.
    `form=True` reads a game form (terminals without payoffs pay 0)."""

def parse(text: str, *, preferences: str | None = None, form: bool = False) -> Game:
    """Reads a game from .gg text."""
