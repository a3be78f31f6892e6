"""Deterministic graphical games: exact values by every solver, strong or weak, verified."""

import os
from fractions import Fraction

import numpy as np
import numpy.typing as npt

import kalmar.graph

class Game:
    """A deterministic graphical game: exact payoffs to Max at terminals, 0 for infinite play."""

    @property
    def num_vertices(self) -> int: ...
    @property
    def num_edges(self) -> int: ...
    @property
    def names(self) -> list[str]:
        """Per vertex, its name (a given name, or its number)."""
    @property
    def owners(self) -> npt.NDArray[np.int16]:
        """Per vertex: 0 Max, 1 Min, -2 terminal; read-only."""
    @property
    def payoffs(self) -> list[Fraction]:
        """Per vertex, the payoff to Max (0 at non-terminals)."""
    @property
    def start(self) -> int:
        """The start vertex: the file's, or 0."""
    @property
    def graph(self) -> kalmar.graph.Graph:
        """The game graph."""
    def solve_by_interdiction(self, solver: str | None = None) -> list[Fraction]:
        """Every position's value through bottleneck interdiction (Remark 3.2), checked by the
        interdiction certificate: a cross-check of `solve`."""
    def solve(self, solver: str | None = None, weak: bool = False) -> Solution:
        """Solves with `solver` (see `solvers()`; default `sort`, or `almost-linear` when weak),
        the answer checked independently. ValueError for a weak solver asked for a strong
        solution."""

class Solution:
    """A verified strong or weak solution."""

    solver: str
    kind: str
    """'strong' or 'weak'."""
    values: list[Fraction] | None
    """Per vertex, its exact value (strong solutions); None for weak ones."""
    start_value: Fraction
    """The exact value of the start vertex."""
    strategy: npt.NDArray[np.int64]
    """Per vertex, where its owner moves, -1 at terminals; read-only."""
    relevant: npt.NDArray[np.int64]
    """The vertices where the strategy matters (weak: those reachable from the start against
    either player's strategy; strong: every non-terminal); read-only."""
    stats: dict[str, int]
    """'comparisons', 'rounds', 'retrograde_passes'."""
    verified: bool
    def to_text(self) -> str:
        """The solution file (JSON, positions by name), exactly as `kalmar dgg solve --output`
        writes it; `kalmar.verify` checks it against the game file."""
    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes `to_text()` to the file `path`: OSError if it cannot be written."""

def read(path: str | os.PathLike[str]) -> Game:
    """Reads a .gg file (also .gz, .bz2): OSError if unreadable, ValueError with the file, line
    and column if malformed."""

def parse(text: str) -> Game:
    """Reads a game from .gg text."""

def from_graph(graph: kalmar.graph.Graph) -> Game:
    """The deterministic graphical game of a game graph."""

def solvers() -> list[str]:
    """The solvers' ids, strong ones first."""

def strong_solvers() -> list[str]:
    """The ids of the solvers that compute strong solutions."""
