"""Extensive-form and strategic-form games: read, built, reduced, solved exactly, verified;
interop with pygambit and OpenSpiel."""

import os
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

Number = int | Fraction | str
"""An exact number: an int, a Fraction or a string such as "1/3" (floats are refused)."""

DEFAULT_MAX_SIZE: int
"""The default limit on a strategic form's numbers (profiles × players), and on what a method
builds or searches: 2^24."""
LIST_LIMIT: int
"""The default limit on the reduced strategies listed at once: 2^20."""

class Game:
    """A tree (`.efg`, or built with `Builder`) or a strategic-form table (`.nfg`, or a tree's
    `strategic_form()`). Properties of trees raise ValueError on a table and vice versa."""

    @property
    def title(self) -> str: ...
    @property
    def comment(self) -> str: ...
    @property
    def players(self) -> list[str]:
        """The players' names; player 0 is Gambit's player 1."""
    @property
    def is_strategic(self) -> bool:
        """Whether this is a strategic-form table rather than a tree."""
    @property
    def num_nodes(self) -> int: ...
    @property
    def num_terminal_nodes(self) -> int: ...
    @property
    def num_outcomes(self) -> int: ...
    @property
    def infosets(self) -> list[Infoset]:
        """Every information set, chance ones included, in the file's order."""
    @property
    def perfect_information(self) -> bool: ...
    @property
    def perfect_recall(self) -> bool: ...
    @property
    def players_perfect_recall(self) -> list[bool]: ...
    @property
    def recall_violations(self) -> list[str]:
        """Where recall is imperfect or a set absent-minded, in sentences."""
    @property
    def absent_minded(self) -> bool: ...
    @property
    def strategies(self) -> list[list[str]]:
        """A table's strategies per player, named as equilibria name them."""
    @property
    def shape(self) -> list[int]:
        """A table's number of strategies per player."""
    def payoff_tables(self) -> list[npt.NDArray[np.object_]]:
        """Per player, a read-only array of Fractions indexed by one strategy per player."""
    def to_efg(self) -> str:
        """The tree in Gambit's .efg format."""
    def to_nfg(self, max_size: int = ...) -> str:
        """A table in Gambit's .nfg format; for a tree, its reduced strategic form."""
    def strategic_form(self, max_size: int = ...) -> Game:
        """The tree's reduced strategic form, exact; refused beyond max_size numbers before it
        is built."""
    def reduced(self, player: int) -> ReducedStrategies:
        """One player's reduced strategies."""
    def nash(
        self,
        method: str | None = None,
        max_size: int = ...,
        timeout: float | None = None,
        iterations: int | None = None,
        target: float | None = None,
    ) -> Equilibria:
        """Equilibria by a method of `methods()` (by default the one that fits the game), each
        checked by its regret test and by the independent certificate. `timeout` (seconds)
        stops lh, enum and vertex with the equilibria found so far, and cfr, cfr+ and dcfr
        with their average strategy so far; those three make at most `iterations` (default
        1000, no limit with `target`) and stop once the exploitability is at most `target`."""

class Infoset:
    """An information set of a tree."""

    player: int | None
    """The player (from 0), None for chance."""
    number: int
    """The number among its mover's, from 1, as in the file and in `Equilibrium.behaviour`."""
    label: str
    actions: list[str]
    """The moves' names (labels made unique), as equilibria name them."""
    nodes: list[int]
    """Its nodes' preorder numbers, in preorder."""
    @property
    def probabilities(self) -> list[Fraction] | None:
        """Chance's probabilities; None for a player's set."""

class ReducedStrategies:
    """One player's reduced strategies; a strategy is a tuple with a move index or None (`*`)
    per slot."""

    player: int
    slots: list[int]
    """The numbers of the player's information sets, in breadth-first order."""
    perfect_recall: bool
    @property
    def count(self) -> int:
        """The exact number, however large, counted without listing."""
    def labels(self, limit: int = ...) -> list[str]:
        """Every strategy's label, in order; refused beyond `limit`."""
    def list(self, limit: int = ...) -> list[tuple[int | None, ...]]:
        """Every strategy, in order; refused beyond `limit`."""
    def rank(self, strategy: Sequence[int | None]) -> int:
        """A strategy's position in the order of `list`."""
    def unrank(self, rank: int) -> tuple[int | None, ...]:
        """The strategy at a position of the order of `list`."""
    def label(self, strategy: Sequence[int | None]) -> str: ...

class Equilibria:
    """Equilibria found by one method."""

    method: str
    form: str
    """"tree", "strategic form" or "reduced strategic form"."""
    equilibria: list[Equilibrium]
    verified: bool
    """Whether the independent certificate accepted every equilibrium."""
    unverified: str | None
    """Why the certificate could not check them, if it could not."""
    timed_out: bool
    pivots: int
    degenerate: bool
    incomplete_supports: tuple[int, int]
    """"enumpoly": supports (singular, unfinished) where equilibria may be missing."""
    subgames: int
    """Subgames "seqform" solved in turn, the deepest first (0 for other methods)."""
    iterations: int
    """Iterations of "cfr", "cfr+" or "dcfr" (0 for other methods)."""
    epsilon: Fraction | None
    """For an approximate method: each player's best deviation gains at most this, exact."""
    exploitability: Fraction | None
    """For an iterative method: the sum of both players' gains (NashConv), exact."""
    def to_text(self) -> str:
        """The equilibria as the JSON file `kalmar efg nash --output` writes (`kalmar.verify`
        checks it)."""
    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes `to_text()` to the file `path`: OSError if it cannot be written."""
    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> Equilibrium: ...

class Equilibrium:
    """One equilibrium, exact."""

    form: str
    payoffs: list[Fraction]
    behaviour: list[dict[int, dict[str, Fraction]]] | None
    """Tree form: per player, information set number -> move name -> probability."""
    strategies: list[dict[str, Fraction]] | None
    """Strategic forms: per player, strategy name -> probability (support only)."""
    verified: bool

class Builder:
    """Builds a tree node by node in preorder, as a depth-first walk meets the nodes."""

    def __init__(self, title: str, players: Sequence[str], comment: str = "") -> None: ...
    def infoset(self, player: int, actions: Sequence[str], label: str = "") -> int:
        """Declares a player's information set; returns its id for `node`."""
    def chance_infoset(
        self, actions: Sequence[tuple[str, Number]] | Mapping[str, Number], label: str = ""
    ) -> int:
        """Declares a chance information set with exact probabilities summing to 1."""
    def node(
        self,
        infoset: int,
        label: str = "",
        payoffs: Sequence[Number] | None = None,
        outcome_label: str = "",
    ) -> int:
        """Pushes a decision node of a declared information set; returns its number."""
    def chance(
        self,
        actions: Sequence[tuple[str, Number]] | Mapping[str, Number],
        label: str = "",
        infoset_label: str = "",
    ) -> int:
        """Pushes a chance node with its own chance information set."""
    def terminal(
        self, payoffs: Sequence[Number] | None = None, label: str = "", outcome_label: str = ""
    ) -> int:
        """Pushes a terminal node paying `payoffs`."""
    @property
    def is_complete(self) -> bool: ...
    def finish(self) -> Game:
        """The finished game (ValueError if a node lacks children)."""

def read(path: str | os.PathLike[str]) -> Game:
    """Reads a .efg or .nfg file (also .gz, .bz2): OSError if unreadable, ValueError with the
    file, line and column if malformed."""

def parse(text: str) -> Game:
    """Reads a game from .efg or .nfg text, told by its first word."""

def generate(family: str, size: int = 3, seed: int = 1, players: int = 2) -> Game:
    """A generated game: "poker" (size cards, 3 is Kuhn's), "leduc" (size ranks, 3 is
    OpenSpiel's leduc_poker), "repeated" (the prisoner's dilemma size times) or "random" (depth
    size, `players`, from `seed`); ValueError for a size out of range."""

def families() -> list[str]:
    """The ids of the generated families."""

def methods() -> list[str]:
    """The equilibrium methods' ids."""

def method_info() -> list[tuple[str, str, str, str]]:
    """Per method: id, "tree" or "strategic form", summary, bounds."""
def from_pygambit(game: Any) -> Game:
    """A pygambit game, through Gambit's file format."""

def to_pygambit(game: Game) -> Any:
    """A pygambit game, through Gambit's file format."""

def pygambit_profile(gambit_game: Any, game: Game, equilibrium: Equilibrium) -> Any:
    """kalmar's equilibrium as a pygambit profile with exact rationals."""

def from_openspiel(game: Any, max_nodes: int = 1_000_000) -> Game:
    """An OpenSpiel game's tree, walked into a `Builder`; refused beyond `max_nodes` nodes."""
