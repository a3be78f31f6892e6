"""Games of imperfect information: who wins, with the winner's witness checked."""

import os
from typing import Any

import kalmar.graph

class Game:
    """A game of imperfect information: locations, actions, moves, observations."""

    @property
    def num_locations(self) -> int: ...
    @property
    def num_moves(self) -> int: ...
    @property
    def locations(self) -> list[str]: ...
    @property
    def actions(self) -> list[str]: ...
    @property
    def observations(self) -> list[str]: ...
    @property
    def turn_based(self) -> bool:
        """Whether it was read from a game graph (Reif's setting)."""
    @property
    def graph(self) -> kalmar.graph.Graph | None:
        """The game graph of a turn-based game."""
    def solve(self, algorithm: str = "knowledge", max_memory: int | None = None) -> Solution:
        """Decides who wins with `algorithm` (see `algorithms()`), the witness checked.
        MemoryError past `max_memory` bytes of the process (default 4 GiB)."""

class Solution:
    """Who wins, and the winner's witness."""

    algorithm: str
    winner: str
    """'system' or 'environment'."""
    strategy: list[dict[str, Any]] | None
    """The system's winning rules: [{'knowledge': [location, ...], 'action': a}, ...]."""
    spoiler: dict[str, Any] | None
    """The environment's answers: {'start': [...] | None, 'answers': [{'knowledge', 'action',
    'observation'}, ...]}."""
    verified: bool
    """True when the witness was checked; False for Reif's procedure."""
    reif_assumption: dict[str, Any] | None
    """For turn-based games: {'holds': bool, 'violations': [...]}."""
    stats: dict[str, int | None]
    def to_text(self) -> str:
        """The system's winning strategy as a file (JSON), exactly as `kalmar observation solve
        --output` writes it; `kalmar.verify` replays it. ValueError when the environment wins
        or Reif's procedure ran (no strategy)."""
    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes `to_text()` to the file `path`: OSError if it cannot be written."""

def read(path: str | os.PathLike[str]) -> Game:
    """Reads a .gii file or a game graph with observations: OSError if unreadable, ValueError
    with the file, line and column if malformed."""

def parse(text: str) -> Game:
    """Reads a game from .gii text (first word ALPHABET or STATES) or .gg text."""

def from_graph(graph: kalmar.graph.Graph) -> Game:
    """The turn-based game of a game graph with observations."""

def algorithms() -> list[str]:
    """The algorithms' ids."""

def generate(family: str, size: int) -> Game:
    """A game of a generated family: 'primes' (1 to 12 prime cycles), 'cerny' (Černý's
    automaton with 2 to 2^20 states) or 'chain' (1 to 2^24 locations, nothing hidden)."""

def families() -> list[str]:
    """The generated families' ids."""
