"""kalmar.interdiction: network interdiction with local budgets, every answer certified."""

import doctest

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
