"""Chess endgame tables: solved, probed by FEN, saved and read back."""

import os
from typing import Any

class Value:
    """The value of a position for the side to move."""

    outcome: str
    """"win", "draw" or "loss"."""
    plies: int | None
    """Plies to mate, the mating move included (0: checkmated); None for a draw."""
    moves_to_mate: int | None
    """Depth to mate in moves of the winning side; None for a draw."""

class Probe:
    """A position's value and its moves, each with the value after it for the opponent."""

    fen: str
    material: str
    """Its table ("KRK"); the stronger side is White in a table's name."""
    side: str
    """Who is to move: "white" or "black"."""
    value: Value
    best: list[tuple[str, Value]]
    """The moves (UCI) that keep the value: the quickest mate, the slowest loss, the draw."""
    moves: list[tuple[str, Value]]
    """Every legal move, best first."""

class Table:
    """A solved table, with the smaller tables it needed."""

    material: str
    stats: dict[str, Any]
    """Positions, wins, draws, losses and longest mates per side to move ("white", "black")."""
    timing: dict[str, Any]
    """{"material", "positions", "seconds", "positions_per_second"}."""
    smaller: list[dict[str, Any]]
    """The smaller tables solved first, each as `timing`."""
    check: dict[str, Any]
    """The lines played out on the rules: {"lines", "mates", "positions", "longest", "unreachable"}."""
    certificate: dict[str, int] | None
    """With certify=True, every position of every table checked: {"tables", "positions", "unreachable"}."""
    def probe(self, fen: str) -> Probe:
        """The value and moves of a position of this table or of one it leads to."""
    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes the table (`.kct`), for `probe(tables=...)` and `kalmar chess check`."""

def table(
    material: str,
    *,
    lines: int = 1000,
    seed: int = 1,
    certify: bool = False,
    max_memory: int = 4 << 30,
    workers: int = 1,
) -> Table:
    """Solves an endgame ("KQKR") and checks `lines` sampled positions on the rules (every
    position of every table with certify=True); MemoryError when its estimate is over
    `max_memory` bytes; with `workers` above 1 solved by that many threads, each owning a
    share of the positions (`kalmar dist chess`)."""

def probe(
    fen: str,
    *,
    tables: str | os.PathLike[str] | None = None,
    max_memory: int = 4 << 30,
) -> Probe:
    """The value and best moves of a FEN position (no castling rights)."""
