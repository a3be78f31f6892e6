"""Game graphs: read, or built from lists and numpy arrays; shared by the families on graphs."""

import os
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

Exact = int | Fraction | str
"""An exact number: an int, a `fractions.Fraction` or a string such as "3/4" or "0.25"."""

MAX: int
"""The owner code of Max (player 0)."""
MIN: int
"""The owner code of Min (player 1)."""
CHANCE: int
"""The owner code of chance (-1)."""
TERMINAL: int
"""The owner code of a terminal (-2)."""

class Graph:
    """A game graph: vertices 0..n, owners, moves (probabilities at chance) and labels."""

    @property
    def num_vertices(self) -> int: ...
    @property
    def num_edges(self) -> int: ...
    @property
    def num_players(self) -> int:
        """The number of players, not counting chance."""
    @property
    def owners(self) -> npt.NDArray[np.int16]:
        """Per vertex: the player (0 Max, 1 Min, ...), -1 chance or -2 terminal; read-only."""
    @property
    def sources(self) -> npt.NDArray[np.int64]:
        """Per move (grouped by source vertex), the vertex it leaves; read-only."""
    @property
    def targets(self) -> npt.NDArray[np.int64]:
        """Per move, the vertex it enters; read-only."""
    @property
    def probabilities(self) -> list[Fraction | None]:
        """Per move, its probability at chance, None elsewhere."""
    @property
    def names(self) -> list[str]:
        """Per vertex, its name (a given name, or its number)."""
    @property
    def start(self) -> int | None:
        """The start vertex, if the graph names one."""
    @property
    def family(self) -> str:
        """The submodule for the family the graph holds: 'reach', 'dgg', 'parity',
        'stochastic', 'observation' or 'positional'."""
    def to_gg(self) -> str:
        """The graph in kalmar's `.gg` format, which `parse` reads back unchanged."""

def from_edges(
    owners: Sequence[int | str] | npt.ArrayLike,
    edges: Sequence[tuple[int, int]] | npt.ArrayLike,
    *,
    payoffs: Sequence[Exact | None] | Mapping[int, Exact] | npt.ArrayLike | None = None,
    probabilities: Sequence[Exact | None] | Mapping[int, Exact] | None = None,
    rewards: Sequence[Exact | None] | Mapping[int, Exact] | npt.ArrayLike | None = None,
    priorities: Sequence[int] | npt.ArrayLike | None = None,
    discount: Exact | None = None,
    observations: Sequence[str | None] | None = None,
    names: Sequence[str | None] | None = None,
    start: int | str | None = None,
    players: int | None = None,
) -> Graph:
    """Builds a game graph from per-vertex owners (0 Max, 1 Min, ..., CHANCE, TERMINAL, or
    'max', 'min', 'chance', 'terminal') and (source, target) moves, with exact payoffs at
    terminals, probabilities at chance moves and the other labels; checked by the library's
    builder. ValueError names the vertex, move or entry at fault."""

def read(path: str | os.PathLike[str]) -> Graph:
    """Reads a .gg, .pg or .ehoa file (also .gz, .bz2): OSError if unreadable, ValueError with
    the file, line and column if malformed."""

def parse(text: str) -> Graph:
    """Reads a game graph from text, its format told by the first word."""

def _from_arrays(*args: Any, **kwargs: Any) -> Graph: ...
