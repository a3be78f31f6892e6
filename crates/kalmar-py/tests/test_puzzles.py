"""kalmar.puzzles: Hashiwokakero and Hiroimono read, solved, checked and generated."""

import doctest
from pathlib import Path

import pytest

import kalmar
from kalmar import puzzles

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def test_the_docstring_examples_run():
    failed, tried = doctest.testmod(puzzles)
    assert tried > 0 and failed == 0


def test_the_bridges_example_has_a_unique_solution_that_checks():
    puzzle = puzzles.read(EXAMPLES / "bridges-7x7.hashi")
    assert isinstance(puzzle, puzzles.Hashi) and puzzle.drawn is None
    assert (puzzle.width, puzzle.height, len(puzzle.islands)) == (7, 7, 9)
    assert puzzle.islands[0] == (1, 1, 2)
    answer = puzzle.solve(unique=True)
    assert answer.unique is True and answer.count == 1 and answer.count_exact
    assert answer.contradiction is None and len(answer.steps) > 0
    assert set(answer.stats) == {"sat_calls", "cuts", "blocked", "clauses"}
    solution = answer.solutions[0]
    assert solution.verified and len(solution.bridges) == len(puzzle.links)
    assert solution.bridges == [1, 1, 0, 1, 1, 0, 0, 2, 2, 0, 1, 1]
    assert (4, 5, 2) in solution.links and all(count > 0 for _, _, count in solution.links)
    grid = solution.to_text()
    assert grid.splitlines()[1] == ".2--2.1"
    assert puzzle.check(solution) and puzzle.check(grid) and puzzle.check(solution.bridges)
    picture = puzzle.svg(solution)
    assert picture.startswith("<svg") and picture.count("<text") == 9
    png = puzzle.png(solution)
    assert isinstance(png, bytes) and png.startswith(b"\x89PNG\r\n\x1a\n")
    # The header's width and height: 7 cells of 40 SVG pixels, 2 PNG pixels each.
    assert png[12:16] == b"IHDR"
    assert int.from_bytes(png[16:20], "big") == int.from_bytes(png[20:24], "big") == 560
    assert len(puzzle.png(scale=1.0)) < len(png)
    with pytest.raises(ValueError, match="scale"):
        puzzle.png(solution, scale=0)


def test_a_solved_grid_file_is_read_with_its_bridges_and_checked(tmp_path):
    puzzle = puzzles.read(EXAMPLES / "bridges-7x7.hashi")
    path = tmp_path / "solved.hashi"
    path.write_text(puzzle.solve().solutions[0].to_text())
    solved = puzzles.read(path)
    assert solved.drawn == puzzle.solve().solutions[0].bridges
    assert solved.check(solved.drawn)
    assert solved.to_text() == puzzle.to_text()


def test_a_tampered_solution_is_rejected_with_the_checkers_reason():
    puzzle = puzzles.read(EXAMPLES / "bridges-7x7.hashi")
    bridges = puzzle.solve().solutions[0].bridges
    bridges[0] = 2
    with pytest.raises(kalmar.Rejected, match="island 1 at row 1, column 1 has 3 bridge ends"):
        puzzle.check(bridges)
    with pytest.raises(kalmar.Rejected, match="12 links"):
        puzzle.check([1, 1])
    with pytest.raises(kalmar.Rejected, match="islands are not the puzzle's"):
        puzzle.check("1-1\n")
    with pytest.raises(TypeError, match="HashiSolution"):
        puzzle.check(3.5)
    with pytest.raises(OverflowError):
        puzzle.check([300] * 12)


def test_links_and_game_ids_give_the_same_puzzle():
    url = "https://puzz.link/p?hashikake/5/3/2g5g1k1g3h"
    from_url = puzzles.read(url)
    from_id = puzzles.read("5x3m2:2a5a1e1a3b")
    assert from_url.islands == from_id.islands == puzzles.Hashi.from_url(url).islands
    assert puzzles.Hashi.from_tatham("5x3:2a5a1e1a3b").to_url() == url
    assert from_url.to_tatham() == "5x3m2:2a5a1e1a3b"
    assert from_id.solve(unique=True).unique is True
    with pytest.raises(ValueError, match="sudoku"):
        puzzles.read("https://puzz.link/p?sudoku/9/9/")


def test_uniqueness_and_counting():
    # A ring of four 3s: the doubles go across or down, two solutions.
    ring = puzzles.Hashi.parse("3.3\n...\n3.3\n")
    assert ring.solve().unique is None and ring.solve().count == 1
    unique = ring.solve(unique=True)
    assert unique.unique is False and len(unique.solutions) == 2
    counted = ring.solve(count=10)
    assert (counted.count, counted.count_exact) == (2, True)
    stopped = ring.solve(count=1)
    assert (stopped.count, stopped.count_exact) == (1, False)
    assert puzzles.Hashi.parse("3.4.3\n.....\n3.4.3\n").solve(count=10).count == 4
    with pytest.raises(ValueError, match="at least 1"):
        ring.solve(count=0)


def test_an_unsolvable_puzzle_says_why():
    answer = puzzles.Hashi(3, 1, [(0, 0, 1), (0, 2, 2)]).solve(unique=True)
    assert answer.count == 0 and answer.solutions == [] and answer.unique is False
    assert answer.contradiction


def test_generated_hashi_puzzles_are_unique_and_reproducible():
    puzzle, solution = puzzles.generate_hashi(7, 7, seed=5)
    again, same = puzzles.generate_hashi(7, 7, seed=5)
    assert puzzle.to_text() == again.to_text() and solution.bridges == same.bridges
    assert puzzles.generate_hashi(7, 7, seed=6)[0].to_text() != puzzle.to_text()
    answer = puzzle.solve(unique=True)
    assert answer.unique is True and answer.solutions[0].bridges == solution.bridges
    with pytest.raises(ValueError):
        puzzles.generate_hashi(0, 7)


def test_the_hamilton_reduction_of_a_square_has_one_circuit():
    reduction = puzzles.hamilton([(0, 0), (0, 1), (1, 0), (1, 1)])
    assert reduction.points == [(0, 0), (0, 1), (1, 0), (1, 1)]
    answer = reduction.puzzle.solve(count=10)
    assert answer.count == 1 and answer.count_exact
    circuit = reduction.circuit(answer.solutions[0])
    assert circuit == [0, 1, 3, 2]
    assert reduction.solution(circuit).bridges == answer.solutions[0].bridges
    assert reduction.solution([0, 3, 1, 2]) is None
    assert reduction.decide() == circuit
    assert puzzles.hamilton("ooo\nooo\nooo\n").decide() is None  # 9 points: odd, no circuit
    assert puzzles.hamilton("oo\noo\n").puzzle.to_text() == reduction.puzzle.to_text()
    with pytest.raises(ValueError, match="at least 3 points"):
        puzzles.hamilton([(0, 0), (0, 1)])
    with pytest.raises(ValueError, match="<input>:2:2"):
        puzzles.hamilton("oo\nox\n")


def test_the_stones_example_under_every_variant():
    puzzle = puzzles.read(EXAMPLES / "stones.hiro")
    assert isinstance(puzzle, puzzles.Hiroimono) and len(puzzle) == 16
    assert puzzle.stones[0] == (2, 4)  # the S
    counts = {}
    for variant in puzzles.variants():
        answer = puzzle.solve(variant, count=1000)
        assert answer.complete and answer.variant == variant
        counts[variant] = answer.count
        tour = answer.solutions[0]
        assert tour.verified and tour.variant == variant and sorted(tour.order) == list(range(16))
        assert puzzle.check(tour, variant) and puzzle.check(tour.to_text(), variant)
    assert counts == {"classic": 8, "start": 3, "180": 79, "180-start": 3}
    unique = puzzle.solve("start", unique=True)
    assert unique.unique is False and len(unique.solutions) == 2
    first = unique.solutions[0]
    assert first.points[0] == (2, 4) and first.draw().split()[0] == "."


def test_the_three_hiroimono_solvers_agree():
    puzzle = puzzles.read(EXAMPLES / "stones.hiro")
    assert puzzles.solvers() == ["dfs", "sat", "dp"]
    for solver in puzzles.solvers():
        answer = puzzle.solve("start", count=100, solver=solver)
        assert answer.complete and answer.count == 3, solver
        assert answer.solutions[0].verified
    with pytest.raises(ValueError, match="solver"):
        puzzle.solve(solver="guess")


def test_a_hiroimono_tour_is_drawn_as_svg_and_png():
    puzzle = puzzles.read(EXAMPLES / "stones.hiro")
    tour = puzzle.solve("start").solutions[0]
    svg = puzzle.svg(tour)
    assert svg.startswith("<svg") and svg.count("<circle") >= 16 and "<polyline" in svg
    assert puzzle.svg() != svg
    png = puzzle.png(tour.order)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(puzzle.png(scale=1.0)) < len(png)
    with pytest.raises(ValueError):
        puzzle.png(scale=0)
    with pytest.raises(ValueError):
        puzzle.svg([0, 99])


def test_the_3sat_reduction_decides_formulas_both_ways():
    text = (EXAMPLES / "formula.cnf").read_text()
    reduction = puzzles.reduce_3sat(text)
    assert reduction.variables == 3 and reduction.clauses == [[1, 2], [-1, 2], [-2, 3, 1]]
    assert len(reduction.puzzle) == 164 and "164 stones" in repr(reduction)
    assert reduction.decide("start") == [False, True, True]
    for bits in range(8):
        assignment = [bool(bits >> i & 1) for i in range(3)]
        tour = reduction.solution(assignment)
        satisfied = assignment[1] and (assignment[2] or assignment[0])
        assert (tour is not None) == satisfied
        if tour is not None:
            assert tour.verified and reduction.assignment(tour.order) == assignment
    assert puzzles.reduce_3sat([[1], [-1]]).decide("start") is None
    assert puzzles.reduce_3sat([[3], [1, -2, 3], [-3]]).decide("180") is None
    with pytest.raises(ValueError, match="2:3: found '3'"):
        puzzles.reduce_3sat("p cnf 2 1\n1 3 0\n")
    with pytest.raises(ValueError, match="literal 0"):
        puzzles.reduce_3sat([[1, 0]])


def test_a_tampered_tour_is_rejected():
    puzzle = puzzles.Hiroimono([(0, 0), (1, 0), (2, 0)])
    assert puzzle.check([0, 1, 2], "start")
    with pytest.raises(kalmar.Rejected, match="turns back 180°"):
        puzzle.check([1, 0, 2])
    assert puzzle.check([1, 0, 2], "180")
    with pytest.raises(kalmar.Rejected, match="passes over stone 1"):
        puzzle.check([0, 2, 1], "180")
    with pytest.raises(kalmar.Rejected, match="2 entries for 3 stones"):
        puzzle.check([0, 1])
    with pytest.raises(ValueError, match="unknown variant 'diagonal'"):
        puzzle.check([0, 1, 2], "diagonal")
    with pytest.raises(ValueError, match="at least 1"):
        puzzle.solve(count=0)


def test_generated_hiroimono_puzzles_are_solvable_and_reproducible():
    puzzle, tour = puzzles.generate_hiroimono(12, seed=5)
    again, same = puzzles.generate_hiroimono(12, seed=5)
    assert puzzle.stones == again.stones and tour.order == same.order
    assert tour.variant == "start" and puzzle.check(tour, "start")
    assert puzzle.solve("start").count == 1
    assert puzzles.Hiroimono.parse(puzzle.to_points()).stones == puzzle.stones
    _, backwards = puzzles.generate_hiroimono(12, seed=5, reversals=True)
    assert backwards.variant == "180-start"
    with pytest.raises(ValueError, match="stones"):
        puzzles.generate_hiroimono(0)


def test_errors_name_the_line_and_column(tmp_path):
    bad = tmp_path / "bad.hashi"
    bad.write_text("2.2\n.x.\n")
    with pytest.raises(ValueError, match=r"bad\.hashi:2:2: found 'x'"):
        puzzles.read(bad)
    stones = tmp_path / "bad.hiro"
    stones.write_text("S.o\no.x\n")
    with pytest.raises(ValueError, match=r"bad\.hiro:2:3: found 'x'"):
        puzzles.read(str(stones))
    with pytest.raises(ValueError, match="<input>:2:2"):
        puzzles.Hashi.parse("3.3\n.x.\n")
    with pytest.raises(ValueError, match="<input>:2:3"):
        puzzles.Hiroimono.parse("S.o\no.x\n")
    with pytest.raises(FileNotFoundError, match="missing.hashi"):
        puzzles.read(tmp_path / "missing.hashi")
    with pytest.raises(ValueError, match="both at"):
        puzzles.Hiroimono([(0, 0), (0, 0)])
    with pytest.raises(ValueError, match="number 9"):
        puzzles.Hashi(3, 3, [(0, 0, 9)])


def test_text_is_told_by_its_content():
    assert isinstance(puzzles.parse("S.o\n...\n..o\n"), puzzles.Hiroimono)
    assert isinstance(puzzles.parse("hiroimono points\n0 0\n3 0\n"), puzzles.Hiroimono)
    solved = puzzles.parse("3=3\n|.|\n2-2\n")
    assert isinstance(solved, puzzles.Hashi) and solved.drawn == [2, 1, 1, 1]
    with pytest.raises(ValueError, match="<text>:1:3"):
        puzzles.parse("2.x\n")


def test_ctrl_c_interrupts_a_long_solve():
    import _thread
    import threading

    # Counting this walk's tours takes over a second; the interrupt comes after a tenth.
    puzzle, _ = puzzles.generate_hiroimono(24, seed=2, max_step=2, reversals=True)
    finished = []
    threading.Timer(0.1, _thread.interrupt_main).start()
    with pytest.raises(KeyboardInterrupt):
        puzzle.solve("180", count=10**12)
        finished.append(True)
    assert not finished


def test_kalmar_read_and_verify_take_puzzle_files(tmp_path):
    puzzle = kalmar.read(EXAMPLES / "bridges-7x7.hashi")
    assert isinstance(puzzle, puzzles.Hashi)
    solved = tmp_path / "solved.hashi"
    solved.write_text(puzzle.solve().solutions[0].to_text())
    accepted = kalmar.verify(EXAMPLES / "bridges-7x7.hashi", solved)
    assert "Hashiwokakero solution" in repr(accepted)
    assert isinstance(kalmar.read(EXAMPLES / "stones.hiro"), puzzles.Hiroimono)
