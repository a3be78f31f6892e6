"""kalmar.interdiction: network interdiction with local budgets, every answer certified."""

import doctest
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from kalmar import interdiction


def test_the_docstring_examples_run():
    failed, tried = doctest.testmod(interdiction)
    assert tried > 0 and failed == 0


def test_removals_raise_the_users_shortest_path():
    # Two ways from 0 to 3: 0-1-3 (2 + 2) and 0-2-3 (3 + 3); vertex 0 may remove one edge.
    instance = interdiction.from_edges(
        4, [(0, 1, 2), (0, 2, 3), (1, 3, 2), (2, 3, 3)], 0, 3, removals=[1, 0, 0, 0]
    )
    solution = instance.solve()
    assert solution.value == 6 and solution.solver == "gpi"
    assert solution.removed.tolist() == [True, False, False, False]
    assert solution.path == [1, 3]
    # Two removals at 0 cut it off.
    cut = interdiction.from_edges(4, [(0, 1, 2), (0, 2, 3), (1, 3, 2), (2, 3, 3)], 0, 3, removals=2)
    assert cut.solve().value is None
    assert cut.solve().values[0] == interdiction.INFINITY


def test_every_bottleneck_solver_agrees_with_gpi():
    instance = interdiction.generate("random", 20_000, seed=3)
    answers = {solver: instance.solve("max", solver) for solver in interdiction.solvers()}
    reference = answers["gpi"].values
    for solver, solution in answers.items():
        assert solution.verified and np.array_equal(solution.values, reference), solver
    assert answers["bspi-heap"].comparisons > 0
    assert instance.solve("max").solver == "bspi-buckets"
    with pytest.raises(ValueError, match="use gpi"):
        instance.solve("sum", "bspi-heap")


def test_the_source_value_alone_agrees_and_verifies():
    for family, seed in [("grid", 1), ("road", 2), ("random", 3)]:
        instance = interdiction.generate(family, 20_000, seed=seed)
        answer = instance.source_value()
        assert answer.value == instance.solve("max").value, family
        assert answer.verified and answer.rounds >= 1
        # A few comparisons per edge, where sorting the weights takes about log2(m).
        assert 0 < answer.comparisons < 8 * instance.num_edges
        instance.verify(answer.to_text())
        wrong = answer.to_text().replace(
            f'"source_value": "{answer.value}"', f'"source_value": "{answer.value + 1}"'
        )
        with pytest.raises(ValueError, match="certificate"):
            instance.verify(wrong)
    raising = interdiction.from_edges(2, [(0, 1, 1)], 0, 1, raises=[[([(0, 1)], 1)], []])
    with pytest.raises(ValueError):
        raising.source_value()


def test_a_network_without_a_budget_gets_one_drawn(tmp_path):
    path = tmp_path / "net.gr"
    # 1 -> 2 -> 3 and 1 -> 3: one removal everywhere cuts the source off.
    path.write_text("p sp 3 3\na 1 2 1\na 2 3 1\na 1 3 5\n")
    cut = interdiction.read_network(path, source=0, sink=2, removals=1, fraction=1.0)
    assert (cut.source, cut.sink) == (0, 2) and cut.solve().value is None
    free = interdiction.read_network(path, source=0, sink=2, fraction=0.0)
    assert free.solve().value == 2
    with pytest.raises(ValueError, match="fraction"):
        interdiction.read_network(path, fraction=2.0)


def test_affordable_sets_and_the_global_budget():
    edges = [(0, 1, 1), (0, 2, 5), (1, 3, 1), (2, 3, 1)]
    # At 0 the interdictor may remove the edge to 1 (its out-edge 0), or nothing.
    instance = interdiction.from_edges(4, edges, 0, 3, affordable=[[[], [0]], [[]], [[]], [[]]])
    assert instance.solve().value == 6
    with pytest.raises(ValueError, match="downward closed"):
        interdiction.from_edges(4, edges, 0, 3, affordable=[[[], [0, 1]], [[]], [[]], [[]]])
    solved = interdiction.from_edges(4, edges, 0, 3).solve_global(1)
    assert solved.value == 5 and len(solved.cut) == 1 and len(solved.paths) == 2


def test_bad_input_is_refused_with_the_reason():
    with pytest.raises(ValueError, match="vertices are 0..2"):
        interdiction.from_edges(2, [(0, 5, 1)], 0, 1)
    with pytest.raises(ValueError, match="unknown operator"):
        interdiction.from_edges(2, [(0, 1, 1)], 0, 1).solve("min")
    with pytest.raises(ValueError, match="edges asked"):
        interdiction.generate("grid", 10**12)


def test_files_are_read_and_solutions_saved_and_verified(tmp_path):
    gr = tmp_path / "net.gr"
    budget = tmp_path / "net.budget"
    gr.write_text("p sp 4 4\na 1 2 2\na 1 3 3\na 2 4 2\na 3 4 3\n")
    budget.write_text("s 1\nt 4\nk 1 1\n")
    instance = interdiction.read(gr, budget)
    solution = instance.solve()
    assert solution.value == 6
    solution.save(tmp_path / "net.json")
    instance.verify((tmp_path / "net.json").read_text())
    lie = solution.to_text().replace('"6"', '"5"', 1)
    with pytest.raises(ValueError):
        instance.verify(lie)
    budget.write_text("s 1\nt 9\n")
    with pytest.raises(ValueError, match="net.budget:2:3"):
        interdiction.read(gr, budget)
    assert interdiction.parse(gr.read_text(), "s 1\nt 4\n").solve().value == 4


EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def test_raises_within_polytopes_give_exact_fractions():
    # From 1 to 5 (vertices from 0 here): vertex 0 raises its two out-edges by 3/2 each, within
    # z1 + z2 <= 3 and -z1/2 + z2 <= 1; both routes then cost 17/2.
    instance = interdiction.read(
        EXAMPLES / "interdiction-raises.gr", EXAMPLES / "interdiction-raises.budget"
    )
    solution = instance.solve()
    assert isinstance(solution, interdiction.PartialSolution) and solution.verified
    assert solution.value == Fraction(17, 2)
    assert solution.values == [Fraction(17, 2), 5, 4, 3, 0]
    raises = solution.raises
    assert raises[0] == raises[1] == Fraction(3, 2) and raises[6] == 1
    assert solution.path == [0, 2, 6]
    instance.verify(solution.to_text())
    lie = solution.to_text().replace('"17/2"', '"9"')
    with pytest.raises(ValueError, match="the certificate refuses it"):
        instance.verify(lie)
    with pytest.raises(ValueError, match="sum operator"):
        instance.solve("max")
    with pytest.raises(ValueError, match="solved by gpi"):
        instance.solve("sum", "bspi-heap")


def test_unbounded_raises_cut_like_removals():
    # Vertex 0 may raise its edge to the sink without bound: ∞, as removing it would.
    instance = interdiction.from_edges(
        3, [(0, 2, 5), (0, 1, 1), (1, 2, 1)], 0, 2, raises=[[([(0, 0), (1, "1/2")], 1)], [], []]
    )
    solution = instance.solve()
    # Out-edge 1 (to vertex 1) may rise by 2 at most: the user pays 1 + 2 + 1.
    assert solution.value == 4 and solution.raises[1] == 2
    assert solution.values == [4, 1, 0]
    cut = interdiction.from_edges(2, [(0, 1, 3)], 0, 1, raises=[[([(0, 0)], 0)], []])
    assert cut.solve().value is None and cut.solve().raises == [None]
    with pytest.raises(ValueError, match="bound"):
        interdiction.from_edges(2, [(0, 1, 3)], 0, 1, raises=[[([(0, 1)], -1)], []])
    with pytest.raises(ValueError, match="float"):
        interdiction.from_edges(2, [(0, 1, 3)], 0, 1, raises=[[([(0, 0.5)], 1)], []])
    with pytest.raises(ValueError, match="one of"):
        interdiction.from_edges(2, [(0, 1, 3)], 0, 1, removals=1, raises=[[], []])
