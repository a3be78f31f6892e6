"""Impartial games by the Sprague–Grundy theory: Nim, octal games, periods, misère play."""

from collections.abc import Sequence
from typing import TypeAlias

import numpy as np
import numpy.typing as npt

class NimMove:
    """A move in Nim: heap `heap` (from 0) goes from `before` counters down to `after`."""

    heap: int
    before: int
    after: int

class NimPosition:
    """A Nim position by Bouton's rule."""

    heaps: list[int]
    misere: bool
    nimber: int
    """The nim-sum (XOR) of the heaps."""
    outcome: str
    """"N" when the player to move wins, "P" when it loses."""
    winning_move: NimMove | None
    """A winning move, or None (a P-position, or no counters left)."""

def nim(heaps: Sequence[int]) -> int:
    """The nim-sum of the heaps: the nimber of the position."""

def nim_position(heaps: Sequence[int], misere: bool = False) -> NimPosition:
    """Nim in normal play, or misère play (taking the last counter loses)."""

class Rules:
    """The rules of a heap game: an octal code, Grundy's game, a subtraction game, PEG-O-Stripes."""

    def __init__(self, code: str) -> None:
        """Reads an octal code such as "0.77"; ValueError with the column of a bad character."""
    @staticmethod
    def grundys_game() -> Rules:
        """Grundy's game: split a heap into two heaps of different sizes."""
    @staticmethod
    def subtraction(removals: Sequence[int]) -> Rules:
        """The subtraction game: remove one of these numbers of counters."""
    @staticmethod
    def stripes(lengths: Sequence[int]) -> Rules:
        """PEG-O-Stripes: place a strip of one of these lengths (digit 7 at each)."""
    @property
    def code(self) -> str:
        """The octal code ("Grundy's game" for Grundy's game)."""
    @property
    def name(self) -> str | None:
        """The common name (Kayles, Dawson's Kayles, Dawson's chess, Officers), or None."""
    @property
    def max_removed(self) -> int: ...
    @property
    def splits(self) -> bool: ...
    def digit(self, k: int) -> int:
        """Digit d_k: 1 take the whole heap, 2 leave one heap, 4 leave two (their sums)."""

_Game: TypeAlias = str | Rules

class Period:
    """A period proven by the Guy–Smith theorem: G(n + period) = G(n) for n >= preperiod."""

    preperiod: int
    period: int
    last_exception: int | None
    proof_needs: int
    """How many values G(0), G(1), ... the proof uses."""

class ArithmeticPeriod:
    """G(n + period) = G(n) + saltus for n >= preperiod; proven, or only seen in the values."""

    preperiod: int
    period: int
    saltus: int
    proven: bool

class Values:
    """The values job of a heap game: G(0..=up_to), the period, misère play."""

    solver: str
    verified: bool
    period: Period | None
    """The proven period, or None when none is proven from the values computed."""
    arithmetic_period_observed: ArithmeticPeriod | None
    misere: npt.NDArray[np.uint32] | None
    genus: list[str] | None
    @property
    def game(self) -> str: ...
    @property
    def up_to(self) -> int: ...
    @property
    def computed(self) -> int:
        """How many values the solver computed; the rest follow from the period."""
    @property
    def seconds(self) -> float: ...
    @property
    def values(self) -> npt.NDArray[np.uint32]:
        """G(0), ..., G(up_to), read-only."""
    def value(self, n: int) -> int:
        """G(n), from the values computed or the proven period."""
    def svg(self) -> str:
        """The plot of G(n) against n, as SVG text."""
    def __len__(self) -> int: ...
    def __getitem__(self, n: int) -> int: ...

def values(
    game: _Game,
    up_to: int,
    *,
    solver: str = "sparse",
    shortcut: bool = True,
    verify: bool = False,
    misere: bool = False,
) -> Values:
    """G(0..=up_to) with the period, checked with `verify`, misère values with `misere`."""

def grundy(game: _Game, up_to: int, *, solver: str = "sparse") -> npt.NDArray[np.uint32]:
    """G(0), ..., G(up_to) as a read-only uint32 array."""

def period(game: _Game, up_to: int, *, solver: str = "sparse") -> Period | None:
    """The least period proven from G(0..=up_to), or None when none is proven from them."""

def verify(game: _Game, values: Sequence[int] | npt.NDArray[np.uint32]) -> None:
    """Checks values against the definition; ValueError naming the first wrong heap."""

def solvers() -> list[str]:
    """The ids of the solvers of G(0..n)."""

class AllBut:
    """An all-but subtraction game's values and proven arithmetic period."""

    excluded: list[int]
    values: npt.NDArray[np.uint32]
    arithmetic_period: ArithmeticPeriod | None
    @property
    def up_to(self) -> int: ...
    def svg(self) -> str: ...

def all_but(excluded: Sequence[int], up_to: int) -> AllBut:
    """Remove any positive number of counters except the excluded ones."""

class Stripes:
    """PEG-O-Stripes on an empty board."""

    board: int
    nimber: int
    outcome: str
    winning_move: tuple[int, int] | None
    """(length, first square from 0) of a winning placement, or None."""

def stripes(board: int, lengths: Sequence[int]) -> Stripes:
    """Strips of these lengths placed on `board` squares; who cannot place one loses."""

class NukitGame:
    """Who wins a game of Nukit, and with which reaction."""

    particles: tuple[int, int, int, int]
    outcome: str
    winner: str
    winning_reaction: str | None

def nukit(
    particles: tuple[int, int, int, int], reactions: Sequence[str] | None = None
) -> NukitGame:
    """Nukit (CCC 2008) from counts of A, B, C, D; Patrick moves first."""
