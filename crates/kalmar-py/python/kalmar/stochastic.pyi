"""Stochastic games: exact values and strategies, certified, or value iteration's bounds."""

import os
from fractions import Fraction

import numpy as np
import numpy.typing as npt

import kalmar.graph

Exact = int | Fraction | str

class Game:
    """A stochastic game: Max (0), Min (1), chance (-1) and terminals (-2) on a graph."""

    @property
    def num_vertices(self) -> int: ...
    @property
    def num_edges(self) -> int: ...
    @property
    def names(self) -> list[str]:
        """Per vertex, its name (a given name, or its number)."""
    @property
    def owners(self) -> npt.NDArray[np.int16]:
        """Per vertex: 0 Max, 1 Min, -1 chance, -2 terminal; read-only."""
    @property
    def game_class(self) -> str:
        """'simple', 'terminal', 'discounted', 'mean-payoff' or 'parity', as the file says."""
    @property
    def graph(self) -> kalmar.graph.Graph:
        """The game graph."""
    def solve(
        self,
        solver: str = "si",
        *,
        game_class: str | None = None,
        exact: bool = False,
        epsilon: Exact | None = None,
        max_sweeps: int = 1_000_000,
        timeout: float | None = None,
        convention: str = "even",
        max_memory: int | None = None,
        workers: int = 1,
    ) -> Solution:
        """Solves with `solver` (see `solvers()`) and certifies the answer. Value iteration
        (`vi`) stops within `epsilon` (default 1/1000000), after `max_sweeps` or `timeout`
        seconds; `exact` finishes it exactly. Exact solves estimated above `max_memory` bytes
        (default 4 GiB) raise MemoryError with the library's estimate. With `vi` on a simple or
        terminal-payoff game, `workers` above 1 finds the bounds by a dataflow on that many
        threads (`kalmar dist vi`)."""

class Solution:
    """Exact values and strategies, certified; or value iteration's guaranteed bounds."""

    game_class: str
    solver: str
    exact: bool
    """Whether `values` are exact."""
    values: list[Fraction]
    """Per vertex, the value: exact, or the middle of the bounds when they are apart."""
    lower: list[Fraction] | None
    """Value iteration's guaranteed lower bounds."""
    upper: list[Fraction] | None
    """Value iteration's guaranteed upper bounds."""
    error: Fraction | None
    """Value iteration's guaranteed error: the largest upper - lower."""
    strategy: npt.NDArray[np.int64] | None
    """Per vertex, where its owner moves (Max's and Min's optimal moves), -1 at chance and
    terminals; None when the solver gives no strategies; read-only."""
    verified: bool
    """Whether the library's certificate checked values and strategies."""
    certificate: str | None
    timed_out: bool
    stats: dict[str, int]
    """'iterations', 'evaluations', 'estimates', 'rounds'."""
    def to_text(self) -> str:
        """The solution file (`kalmar-ssol`), exactly as `kalmar stochastic solve --output`
        writes it; `kalmar.verify` checks it against the game file. ValueError without exact
        values and a move at every vertex of Max and Min (`vi` without `exact`, `zp`)."""
    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes `to_text()` to the file `path`: OSError if it cannot be written."""

def read(path: str | os.PathLike[str]) -> Game:
    """Reads a .gg, .pg or .ehoa file (also .gz, .bz2): OSError if unreadable, ValueError with
    the file, line and column if malformed."""

def parse(text: str) -> Game:
    """Reads a game from text, its format told by the first word."""

def from_graph(graph: kalmar.graph.Graph) -> Game:
    """The stochastic game of a game graph."""

def solvers() -> list[str]:
    """The solvers' ids."""
