"""Chess-like games: retrograde analysis, outcomes and depths to mate, verified."""

import os

import numpy as np
import numpy.typing as npt

import kalmar.graph

class Game:
    """A chess-like game: Max (0) and Min (1) move until a terminal pays Max 1, 0 or -1."""

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
    def start(self) -> int:
        """The start vertex: the file's, or 0."""
    @property
    def graph(self) -> kalmar.graph.Graph:
        """The game graph."""
    def solve(self, *, workers: int = 1) -> Solution:
        """Retrograde analysis in O(n + m), the answer checked independently; with
        `workers` above 1 as a dataflow on that many threads (`kalmar dist reach`)."""

class Solution:
    """A verified strong solution, with depths to mate."""

    outcome: npt.NDArray[np.int8]
    """Per vertex, Max's payoff with best play: 1 Max wins, 0 draw, -1 Min wins; read-only."""
    distance: npt.NDArray[np.uint32]
    """Per vertex, the moves to the end when the winner hurries and the loser delays; 0 at
    terminals and draws; read-only."""
    strategy: npt.NDArray[np.int64]
    """Per vertex, where its owner moves (optimal, fastest win, slowest loss), -1 at
    terminals; read-only."""
    start_outcome: int
    """The outcome of the start vertex."""
    verified: bool
    solve_time: float
    """Seconds retrograde analysis took inside the library."""
    verify_time: float
    """Seconds the independent verifier took inside the library."""
    def to_text(self) -> str:
        """The solution file (JSON, positions by name), exactly as `kalmar reach solve --output`
        writes it; `kalmar.verify` checks it against the game file."""
    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes `to_text()` to the file `path`: OSError if it cannot be written."""

def read(path: str | os.PathLike[str]) -> Game:
    """Reads a .gg file (also .gz, .bz2): OSError if unreadable, ValueError with the file, line
    and column if malformed, ValueError naming the vertex if a payoff is not -1, 0 or 1."""

def parse(text: str) -> Game:
    """Reads a game from .gg text."""

def from_graph(graph: kalmar.graph.Graph) -> Game:
    """The chess-like game of a game graph."""
