"""Pencil puzzles whose solvability Andersson proved NP-complete (*Perfect-Information Games
with Cycles*, papers 4 and 5), solved as puzzle people need them: at once, with a proof that
the solution is unique, and generated. Every solution has passed the library's independent
checker before Python sees it; ``check`` puts a claimed one through the same checker and
raises ``kalmar.Rejected`` (a ``ValueError``) with the rule it breaks.

``Hashi`` is Hashiwokakero (Nikoli's "Bridges"): join the numbered islands by horizontal and
vertical bridges, at most two between a pair, none crossing, each island's number met, all
islands connected. It is solved by the deductions a person makes (``steps`` lists them), then
a SAT search with connectivity added as cuts. Islands are numbered from 0 in reading order;
a solution's ``bridges`` gives the count on each of the puzzle's ``links``.

>>> from kalmar import puzzles
>>> puzzle = puzzles.Hashi.parse("2.5.1\\n.....\\n1.3..\\n")
>>> answer = puzzle.solve(unique=True)
>>> answer.unique, answer.count, answer.solutions[0].links
(True, 1, [(0, 1, 2), (1, 2, 1), (1, 4, 2), (3, 4, 1)])
>>> print(answer.solutions[0].to_text(), end="")
2=5-1
.."..
1-3..
>>> answer.steps[0]
'islands 1 and 2: 1 to 2 bridges (the number of island 2)'
>>> puzzle.to_url(), puzzle.to_tatham()
('https://puzz.link/p?hashikake/5/3/2g5g1k1g3h', '5x3m2:2a5a1e1a3b')
>>> puzzles.read("5x3m2:2a5a1e1a3b").islands == puzzle.islands
True
>>> puzzle.check("2=5-1\\n.....\\n1-3..\\n")
Traceback (most recent call last):
  ...
kalmar.Rejected: island 2 at row 0, column 2 has 3 bridge ends, its number is 5

``puzzles.read`` takes what ``kalmar puzzle solve`` takes: a file (``.hashi``, ``.hiro``, or
told by its text), a puzz.link URL or a Tatham game ID. ``generate_hashi`` makes puzzles
whose solution the solver proves unique; ``hamilton`` is the paper's reduction, whose
puzzle's solutions are the Hamiltonian circuits of a grid graph:

>>> reduction = puzzles.hamilton([(0, 0), (0, 1), (1, 0), (1, 1)])
>>> solved = reduction.puzzle.solve(count=10)
>>> solved.count, solved.count_exact, reduction.circuit(solved.solutions[0])
(1, True, [0, 1, 3, 2])

``Hiroimono`` collects stones: a tour starts at a stone, moves along rows and columns, picks
up every stone it meets, and turns only where it picks one up. The variants of the paper:
``"classic"`` (any start, no 180° turns), ``"start"`` (from stone 0, ``S`` in a grid),
``"180"`` (turning back allowed) and ``"180-start"``. A solution is the stones' order.

>>> stones = puzzles.Hiroimono.parse("S.o\\no.o\\n")
>>> stones.stones
[(0, 0), (2, 0), (0, 1), (2, 1)]
>>> [stones.solve(variant, count=100).count for variant in puzzles.variants()]
[8, 2, 8, 2]
>>> tour = stones.solve("start").solutions[0]
>>> tour.order, tour.points, tour.verified
([0, 1, 3, 2], [(0, 0), (2, 0), (2, 1), (0, 1)], True)
>>> stones.check([0, 2, 3, 1], "start")
True
>>> stones.check([1, 0, 2, 3], "start")
Traceback (most recent call last):
  ...
kalmar.Rejected: the tour starts at stone 1, not at the given start, stone 0

``reduce_3sat`` is the paper's reduction the other way: a CNF formula (DIMACS text or a list
of clauses) becomes a Hiroimono puzzle that has a tour exactly when the formula is
satisfiable, and a tour becomes a satisfying assignment:

>>> reduction = puzzles.reduce_3sat([[1, 2], [-1, 2], [-2, 3, 1]])
>>> reduction.decide("start")
[False, True, True]
>>> tour = reduction.solution([True, True, True])
>>> reduction.puzzle.check(tour, "180"), reduction.assignment(tour)
(True, [True, True, True])
>>> puzzles.reduce_3sat([[1], [-1]]).decide() is None
True
"""

from kalmar._kalmar import puzzles as _native

Hashi = _native.Hashi
HashiAnswer = _native.HashiAnswer
HashiSolution = _native.HashiSolution
HamiltonReduction = _native.HamiltonReduction
Hiroimono = _native.Hiroimono
HiroimonoAnswer = _native.HiroimonoAnswer
HiroimonoSolution = _native.HiroimonoSolution
SatReduction = _native.SatReduction
generate_hashi = _native.generate_hashi
generate_hiroimono = _native.generate_hiroimono
hamilton = _native.hamilton
reduce_3sat = _native.reduce_3sat
parse = _native.parse
read = _native.read
solvers = _native.solvers
variants = _native.variants

__all__ = [
    "Hashi",
    "HashiAnswer",
    "HashiSolution",
    "HamiltonReduction",
    "Hiroimono",
    "HiroimonoAnswer",
    "HiroimonoSolution",
    "SatReduction",
    "generate_hashi",
    "generate_hiroimono",
    "hamilton",
    "reduce_3sat",
    "parse",
    "read",
    "solvers",
    "variants",
]
