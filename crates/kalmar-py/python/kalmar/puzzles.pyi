"""Hashiwokakero and Hiroimono: read, solved, proved unique, checked and generated."""

import os
from collections.abc import Sequence

class HashiSolution:
    """A Hashiwokakero solution that passed the independent checker."""

    bridges: list[int]
    """Per link of the puzzle (`Hashi.links`), its bridges: 0, 1 or 2."""
    links: list[tuple[int, int, int]]
    """The links that carry bridges, as (island, island, bridges)."""
    verified: bool
    def to_text(self) -> str:
        """The solved grid, as `kalmar puzzle solve -o` writes it."""

class HashiAnswer:
    """What the Hashiwokakero solver found."""

    solutions: list[HashiSolution]
    unique: bool | None
    """Exactly one solution; None when not asked."""
    count: int
    """Solutions found: exact if `count_exact`, else a lower bound."""
    count_exact: bool
    steps: list[str]
    """The deductions, as `kalmar puzzle solve --explain` prints them (islands from 1)."""
    contradiction: str | None
    """Why the deductions proved the puzzle unsolvable, if they did."""
    stats: dict[str, int]
    """sat_calls, cuts, blocked, clauses."""

class Hashi:
    """A Hashiwokakero puzzle; islands numbered from 0 in reading order."""

    def __init__(self, width: int, height: int, islands: Sequence[tuple[int, int, int]]) -> None:
        """Islands as (row, column, number)."""
    @staticmethod
    def parse(text: str) -> Hashi:
        """From the plain grid (`1`-`8` islands, `.` water)."""
    @staticmethod
    def from_url(url: str) -> Hashi:
        """From a puzz.link URL of type hashikake."""
    @staticmethod
    def from_tatham(id: str) -> Hashi:
        """From a Tatham Bridges game ID."""
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def islands(self) -> list[tuple[int, int, int]]:
        """(row, column, number) in reading order."""
    @property
    def links(self) -> list[tuple[int, int]]:
        """The places a bridge may go, (island, island), by link index."""
    @property
    def drawn(self) -> list[int] | None:
        """The bridges drawn in the grid it was read from, per link."""
    def to_text(self) -> str: ...
    def to_url(self) -> str: ...
    def to_tatham(self) -> str: ...
    def svg(self, solution: HashiSolution | str | Sequence[int] | None = None) -> str: ...
    def png(
        self, solution: HashiSolution | str | Sequence[int] | None = None, scale: float = 2.0
    ) -> bytes:
        """The picture of `svg` as PNG bytes, `scale` pixels per SVG pixel."""
    def solve(self, unique: bool = False, count: int | None = None) -> HashiAnswer:
        """One solution; with `unique` whether it is the only one; with `count` up to N."""
    def check(self, solution: HashiSolution | str | Sequence[int]) -> bool:
        """True, or kalmar.Rejected with the rule broken."""

class HiroimonoSolution:
    """A tour that passed the independent checker under `variant`."""

    order: list[int]
    """The stones in the order collected."""
    points: list[tuple[int, int]]
    """Their points (x, y)."""
    variant: str
    verified: bool
    def to_text(self) -> str:
        """The solution file, as `kalmar puzzle solve -o` writes it."""
    def draw(self) -> str:
        """The grid with each stone's place in the order."""

class HiroimonoAnswer:
    """What the Hiroimono search found."""

    solutions: list[HiroimonoSolution]
    variant: str
    unique: bool | None
    """Exactly one solution; None when the search stopped before knowing."""
    count: int
    """Solutions counted: exact if `complete`, else the limit."""
    complete: bool
    nodes: int

class Hiroimono:
    """A Hiroimono puzzle: stones at (x, y), stone 0 the start of the start variants."""

    def __init__(self, stones: Sequence[tuple[int, int]]) -> None: ...
    @staticmethod
    def parse(text: str) -> Hiroimono:
        """From a grid (`o`, `S`, `.`) or a point list (`hiroimono points`)."""
    @property
    def stones(self) -> list[tuple[int, int]]: ...
    def __len__(self) -> int: ...
    def to_text(self) -> str:
        """The grid (the point list when the grid would be too large)."""
    def to_points(self) -> str:
        """The point list, which keeps every stone's number."""
    def solve(
        self,
        variant: str = "classic",
        unique: bool = False,
        count: int | None = None,
        solver: str = "dfs",
    ) -> HiroimonoAnswer:
        """Variants: "classic", "start", "180", "180-start"; solvers: "dfs", "sat", "dp"."""
    def svg(self, order: HiroimonoSolution | str | Sequence[int] | None = None) -> str:
        """The stones, and the tour numbered if an order is given."""
    def png(
        self, order: HiroimonoSolution | str | Sequence[int] | None = None, scale: float = 2.0
    ) -> bytes:
        """The picture of svg() as PNG bytes."""
    def check(self, order: HiroimonoSolution | str | Sequence[int], variant: str = "classic") -> bool:
        """True, or kalmar.Rejected with the first rule broken."""

class SatReduction:
    """A CNF formula as a Hiroimono puzzle that has a tour exactly when it is satisfiable."""

    variables: int
    clauses: list[list[int]]
    """DIMACS literals: v or -v for variable v."""
    puzzle: Hiroimono
    def solution(self, assignment: Sequence[bool]) -> HiroimonoSolution | None:
        """The tour of a satisfying assignment (x1 first); None if it does not satisfy."""
    def assignment(self, order: HiroimonoSolution | str | Sequence[int]) -> list[bool]:
        """The assignment a tour encodes."""
    def decide(self, variant: str = "classic") -> list[bool] | None:
        """A satisfying assignment from the solver's tour, or None: unsatisfiable."""

class HamiltonReduction:
    """A grid graph's Hamiltonian circuits as a Hashiwokakero puzzle's solutions."""

    points: list[tuple[int, int]]
    """(row, column), in the order given."""
    puzzle: Hashi
    def circuit(self, solution: HashiSolution | str | Sequence[int]) -> list[int] | None:
        """The points' indices in circuit order; None if the bridges make no circuit."""
    def decide(self) -> list[int] | None:
        """A Hamiltonian circuit from the solved puzzle, or None: there is none."""
    def solution(self, circuit: Sequence[int]) -> HashiSolution | None:
        """The puzzle's solution of a circuit; None if it is not one."""

def read(source: str | os.PathLike[str]) -> Hashi | Hiroimono:
    """A file, a puzz.link URL or a Tatham game ID."""

def parse(text: str) -> Hashi | Hiroimono:
    """A puzzle's text, its kind told by the text."""

def generate_hashi(
    width: int, height: int, seed: int = 1, density: float = 0.25, loops: float = 0.1
) -> tuple[Hashi, HashiSolution]:
    """A puzzle whose solution the solver proves unique, and the solution."""

def generate_hiroimono(
    stones: int, seed: int = 1, max_step: int = 4, reversals: bool = False
) -> tuple[Hiroimono, HiroimonoSolution]:
    """A puzzle and a tour from stone 0 that solves it."""

def hamilton(points: str | Sequence[tuple[int, int]]) -> HamiltonReduction:
    """The reduction of a grid graph: (row, column) points, or a grid of `o` and `.`."""

def reduce_3sat(formula: str | Sequence[Sequence[int]]) -> SatReduction:
    """The reduction of a CNF formula: DIMACS text, or clauses of DIMACS literals."""

def variants() -> list[str]:
    """Hiroimono's variants: classic, start, 180, 180-start."""

def solvers() -> list[str]:
    """Hiroimono's solvers: dfs, sat, dp."""
