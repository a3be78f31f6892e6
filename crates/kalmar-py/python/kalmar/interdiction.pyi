"""Network interdiction with vertex-local budgets."""

import os
from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import numpy.typing as npt

INFINITY: int
"""The value of a vertex the interdictor cuts from the sink (2**64 - 1)."""

class Solution:
    """A solution that passed the certificate."""

    solver: str
    operator: str
    """"sum", "max" or "product"."""
    value: int | None
    """The source's value; None when the interdictor cuts it from the sink."""
    values: npt.NDArray[np.uint64]
    """Per vertex its value; INFINITY where the sink is cut off."""
    removed: npt.NDArray[np.bool_]
    """Per edge, whether the interdictor removes it."""
    path: list[int]
    """The user's best path from the source, as edges."""
    comparisons: int | None
    """Comparisons of weights, when the solver counts them."""
    verified: bool
    def to_text(self) -> str:
        """The solution file (JSON), as `kalmar interdict solve -o` writes it."""
    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes `to_text()` to `path`."""

class PartialSolution:
    """Partial interdiction (raises within polytopes) that passed the certificate."""

    solver: str
    """Always "gpi" (with exact linear programs)."""
    operator: str
    """Always "sum"."""
    value: Fraction | None
    """The source's value; None for ∞."""
    values: list[Fraction | None]
    """Per vertex its value; None for ∞."""
    raises: list[Fraction | None]
    """Per edge the interdictor's raise; None where it raises without bound."""
    path: list[int]
    """The user's best path from the source, as edges."""
    verified: bool
    def to_text(self) -> str:
        """The solution file (JSON), as `kalmar interdict solve -o` writes it."""
    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes `to_text()` to `path`."""

class GlobalSolution:
    """Bottleneck interdiction with a global budget, with its proof."""

    value: int | None
    cut: list[int]
    """The interdictor's removals."""
    paths: list[list[int]]
    """k + 1 edge-disjoint paths no heavier than the value (when finite)."""
    verified: bool

class SourceValue:
    """The source's bottleneck value alone, with the removals at every vertex and the user's
    path that prove it; checked by its certificate."""

    value: int | None
    """The source's value; None when the interdictor cuts it from the sink."""
    removed: npt.NDArray[np.bool_]
    """Per edge, whether the interdictor removes it."""
    path: list[int]
    """The user's path from the source, no edge heavier than the value."""
    rounds: int
    """The rounds of coarsening run."""
    comparisons: int
    """The comparisons of weights made."""
    verified: bool
    def to_text(self) -> str:
        """The solution file (JSON), as `kalmar interdict solve --source-only -o` writes it."""
    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes `to_text()` to `path`."""

class Instance:
    """A network with integer weights, a source, a sink and each vertex's budget."""

    @property
    def num_vertices(self) -> int: ...
    @property
    def num_edges(self) -> int: ...
    @property
    def source(self) -> int: ...
    @property
    def sink(self) -> int: ...
    def solve(
        self, operator: str = "sum", solver: str | None = None
    ) -> Solution | PartialSolution:
        """Every vertex's value, checked; solver from `solvers()` (None: the one that fits).
        A budget of raises gives a PartialSolution."""
    def source_value(self) -> SourceValue:
        """The source's value alone, bottleneck paths with k(v) removals, by coarsening
        (O(m log* m) comparisons); ValueError for other budgets."""
    def solve_global(self, k: int) -> GlobalSolution:
        """Bottleneck interdiction where any k edges may be removed."""
    def verify(self, solution: str) -> None:
        """Checks a saved solution's JSON text; ValueError saying what is wrong."""

def read(network: str | os.PathLike[str], budget: str | os.PathLike[str]) -> Instance:
    """An instance from a DIMACS .gr file and a budget file."""

def read_network(
    network: str | os.PathLike[str],
    *,
    source: int | None = None,
    sink: int | None = None,
    removals: int = 1,
    fraction: float = 0.25,
    seed: int = 1,
) -> Instance:
    """An instance from a .gr file without a budget: `removals` at each vertex with chance
    `fraction`, drawn by `seed`; source and sink (from 0) as given, otherwise drawn."""

def parse(network: str, budget: str) -> Instance:
    """An instance from the texts of a .gr file and a budget file."""

def from_edges(
    n: int,
    edges: Sequence[tuple[int, int, int]],
    source: int,
    sink: int,
    *,
    removals: int | Sequence[int] | None = None,
    affordable: Sequence[Sequence[Sequence[int]]] | None = None,
    raises: Sequence[Sequence[tuple[Sequence[tuple[int, int | Fraction | str]], int | Fraction | str]]]
    | None = None,
) -> Instance:
    """An instance from (from, to, weight) edges and the budgets."""

def generate(family: str, size: int, seed: int = 1) -> Instance:
    """A generated instance ("grid", "road" or "random") of about `size` edges."""

def solvers() -> list[str]:
    """The solvers' ids."""
