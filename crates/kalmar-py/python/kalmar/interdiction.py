"""Network interdiction with vertex-local budgets (Andersson, *General Path Interdiction with
Local Budgets*; Khachiyan et al.): an interdictor first removes edges leaving each vertex within
its budget, then a user takes a best path from the source to the sink. ``Instance.solve``
gives every vertex's value, the interdictor's removals and the user's path, by Algorithm GPI
(any operator: ``"sum"`` shortest paths, ``"max"`` bottleneck paths, ``"product"``) or the
bottleneck solvers, each answer checked by the certificate; ``Instance.solve_global`` removes
any k edges (bottleneck paths, by maximum flows); ``Instance.source_value`` decides the
source's bottleneck value alone by the paper's coarsening, O(m log* m) comparisons. With ``raises`` (rows of a polytope at each
vertex) the interdictor raises weights instead of removing edges: partial interdiction, solved
by GPI with exact linear programs, values and raises as ``fractions.Fraction`` (None for ∞)
in a ``PartialSolution``, checked by linear-programming duality.

>>> from kalmar import interdiction
>>> # From 0: straight to the sink 2 (weight 10), or through 1 (1 + 1); one removal at 0.
>>> instance = interdiction.from_edges(3, [(0, 2, 10), (0, 1, 1), (1, 2, 1)], 0, 2, removals=[1, 0, 0])
>>> solution = instance.solve()
>>> solution.value, solution.values.tolist(), solution.removed.tolist(), solution.verified
(10, [10, 1, 0], [False, True, False], True)
>>> instance.solve("max").value, instance.solve_global(1).value, instance.source_value().value
(10, 10, 10)
>>> # Vertex 0 may raise its two out-edges by 3 in all instead.
>>> raising = interdiction.from_edges(3, [(0, 2, 4), (0, 1, 1), (1, 2, 1)], 0, 2, raises=[[([(0, 1), (1, 1)], 3)], [], []])
>>> partial = raising.solve()
>>> partial.value, partial.raises
(Fraction(9, 2), [Fraction(1, 2), Fraction(5, 2), Fraction(0, 1)])
"""

from kalmar._kalmar import interdiction as _native

INFINITY = _native.INFINITY
GlobalSolution = _native.GlobalSolution
Instance = _native.Instance
PartialSolution = _native.PartialSolution
Solution = _native.Solution
SourceValue = _native.SourceValue
from_edges = _native.from_edges
generate = _native.generate
parse = _native.parse
read = _native.read
read_network = _native.read_network
solvers = _native.solvers

__all__ = [
    "INFINITY",
    "GlobalSolution",
    "Instance",
    "PartialSolution",
    "Solution",
    "SourceValue",
    "from_edges",
    "generate",
    "parse",
    "read",
    "read_network",
    "solvers",
]
