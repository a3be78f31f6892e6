"""Parity games: read, solved by every solver of kalmar, verified."""

import os

import numpy as np
import numpy.typing as npt

import kalmar.graph

class Game:
    """A parity game: vertices 0..n in file order, owned by Even (0) or Odd (1)."""

    @property
    def num_vertices(self) -> int: ...
    @property
    def num_edges(self) -> int: ...
    def solve(self, solver: str = "zlk") -> Solution:
        """Solves with `solver` (see `solvers()`) and checks the answer independently."""

class Solution:
    """A verified solution."""

    solver: str
    winner: npt.NDArray[np.uint8]
    """Per vertex, the player who wins from it: 0 (Even) or 1 (Odd); read-only."""
    strategy: npt.NDArray[np.int64]
    """Per vertex, where its owner moves when the owner wins there, -1 elsewhere; read-only."""
    verified: bool
    solve_time: float
    """Seconds the solver took inside the library."""
    verify_time: float
    """Seconds the independent verifier took inside the library."""
    def to_text(self) -> str:
        """The solution in PGSolver's format (`paritysol`), exactly as `kalmar parity solve
        --output` writes it; `kalmar.verify` checks it against the game file."""
    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes `to_text()` to the file `path`: OSError if it cannot be written."""

def read(path: str | os.PathLike[str]) -> Game:
    """Reads a .pg, .gg or .ehoa file (also .gz, .bz2): OSError if unreadable, ValueError with
    the file, line and column if malformed."""

def parse(text: str) -> Game:
    """Reads a game from text, its format told by the first word."""

def from_graph(graph: kalmar.graph.Graph) -> Game:
    """The parity game of a game graph: two players and a priority per vertex."""

def solvers() -> list[str]:
    """The solvers' ids."""
