//! Hiroimono: the search, the dynamic program and the SAT encoding against each other on many
//! small random puzzles under all four variants, every solution through the checker, the
//! inclusions between the variants, the generator and the formats.

use kalmar_puzzles::hiroimono::{
    Mode, Point, Puzzle, SOLVERS, Variant, check, dfs, dp, format, generate::generate, sat,
};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Up to `max` distinct stones on a `side` × `side` grid, in a random order.
fn small_puzzle(side: i64, max: usize) -> impl Strategy<Value = Puzzle> {
    proptest::collection::btree_set((0..side, 0..side), 1..=max)
        .prop_map(|set| set.into_iter().collect::<Vec<_>>())
        .prop_shuffle()
        .prop_map(|points| {
            Puzzle::new(points.into_iter().map(|(x, y)| Point::new(x, y)).collect()).unwrap()
        })
}

const ALL_SOLUTIONS: Mode = Mode::Count { limit: u64::MAX };

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn search_and_dynamic_program_agree(puzzle in small_puzzle(5, 10)) {
        for variant in Variant::ALL {
            for mode in [Mode::Find, Mode::Unique, Mode::Count { limit: 3 }, ALL_SOLUTIONS] {
                let searched = dfs::solve(&puzzle, variant, mode);
                let programmed = dp::solve(&puzzle, variant, mode).unwrap();
                prop_assert_eq!(searched.solutions.len(), programmed.solutions.len());
                prop_assert_eq!(searched.count, programmed.count, "{} {:?}", variant, mode);
                prop_assert_eq!(searched.complete, programmed.complete);
                prop_assert_eq!(searched.unique, programmed.unique);
                for solution in searched.solutions.iter().chain(&programmed.solutions) {
                    prop_assert_eq!(check(&puzzle, variant, solution), Ok(()));
                }
            }
        }
    }

    #[test]
    fn the_variants_include_each_other(puzzle in small_puzzle(6, 12)) {
        let solvable = |variant| dfs::solve(&puzzle, variant, Mode::Find).solvable();
        let [classic, start, reversal, reversal_start] = Variant::ALL.map(solvable);
        prop_assert!(!start || classic);
        prop_assert!(!classic || reversal);
        prop_assert!(!start || reversal_start);
        prop_assert!(!reversal_start || reversal);
    }

    #[test]
    fn generated_puzzles_are_solvable(stones in 1usize..40, step in 1u32..5, reversals: bool, seed: u64) {
        let (puzzle, witness) = generate(stones, step, reversals, seed).unwrap();
        prop_assert_eq!(puzzle.len(), stones);
        let variant = if reversals { Variant::ReversalStart } else { Variant::Start };
        prop_assert_eq!(check(&puzzle, variant, &witness), Ok(()));
        if stones <= 16 {
            let answer = dfs::solve(&puzzle, variant, Mode::Find);
            prop_assert!(answer.solvable());
            prop_assert_eq!(check(&puzzle, variant, &answer.solutions[0]), Ok(()));
        }
    }

    #[test]
    fn formats_round_trip(puzzle in small_puzzle(7, 15)) {
        prop_assert_eq!(format::parse(&format::write_points(&puzzle)).unwrap(), puzzle.clone());
        let grid = format::parse(&format::write_grid(&puzzle).unwrap()).unwrap();
        let (low, _) = puzzle.bounding_box();
        let moved = |p: &Point| Point::new(p.x - low.x, p.y - low.y);
        prop_assert_eq!(grid.stones()[0], moved(&puzzle.stones()[0]));
        let set = |stones: &[Point]| stones.iter().copied().collect::<BTreeSet<_>>();
        let moved_all: Vec<Point> = puzzle.stones().iter().map(moved).collect();
        prop_assert_eq!(set(grid.stones()), set(&moved_all));
        if let Some(solution) = dfs::solve(&puzzle, Variant::Reversal, Mode::Find).solutions.first() {
            let text = format::write_solution(&puzzle, solution).unwrap();
            prop_assert_eq!(&format::parse_solution(&puzzle, &text).unwrap(), solution);
        }
    }
}

proptest! {
    // The SAT solver builds a formula per call: fewer cases keep the debug build fast.
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn sat_encoding_agrees_with_search_and_dynamic_program(puzzle in small_puzzle(5, 9)) {
        for variant in Variant::ALL {
            for mode in [Mode::Find, Mode::Unique, Mode::Count { limit: 30 }] {
                let searched = dfs::solve(&puzzle, variant, mode);
                let programmed = dp::solve(&puzzle, variant, mode).unwrap();
                let encoded = sat::solve(&puzzle, variant, mode).unwrap();
                prop_assert_eq!(searched.count, programmed.count);
                prop_assert_eq!(encoded.count, searched.count, "{} {:?}", variant, mode);
                prop_assert_eq!(encoded.solutions.len(), searched.solutions.len());
                prop_assert_eq!(encoded.complete, searched.complete);
                prop_assert_eq!(encoded.unique, searched.unique);
                for solution in &encoded.solutions {
                    prop_assert_eq!(check(&puzzle, variant, solution), Ok(()));
                }
            }
        }
    }

    #[test]
    fn sat_encoding_solves_generated_puzzles(stones in 1usize..20, step in 1u32..5, reversals: bool, seed: u64) {
        let (puzzle, _) = generate(stones, step, reversals, seed).unwrap();
        for variant in Variant::ALL {
            let searched = dfs::solve(&puzzle, variant, Mode::Unique);
            let encoded = sat::solve(&puzzle, variant, Mode::Unique).unwrap();
            prop_assert_eq!(encoded.count, searched.count, "{}", variant);
            prop_assert_eq!(encoded.unique, searched.unique);
            for solution in &encoded.solutions {
                prop_assert_eq!(check(&puzzle, variant, solution), Ok(()));
            }
        }
    }
}

#[test]
fn the_solver_choice_reaches_every_solver_and_refuses_large_puzzles() {
    let (puzzle, _) = generate(21, 3, false, 5).unwrap();
    for solver in SOLVERS.iter() {
        let answer = (solver.run.solve)(&puzzle, Variant::Start, Mode::Find);
        match solver.id {
            "dp" => assert_eq!(
                answer.unwrap_err().to_string(),
                "21 stones, more than the 20 the dp solver handles"
            ),
            _ => assert_eq!(
                check(&puzzle, Variant::Start, &answer.unwrap().solutions[0]),
                Ok(())
            ),
        }
    }
    let line = Puzzle::new(
        (0..=sat::MAX_SAT_STONES as i64)
            .map(|x| Point::new(x, 0))
            .collect(),
    );
    let refused = sat::solve(&line.unwrap(), Variant::Start, Mode::Find).unwrap_err();
    assert_eq!(refused.solver, "sat");
}

#[test]
fn parse_errors_name_line_and_column() {
    let error = |text: &str| format::parse(text).unwrap_err().to_string();
    assert_eq!(
        error("S.o\nS..\n"),
        "<input>:2:1: found a second 'S', expected one start (line 1 has one)"
    );
    assert_eq!(
        error("o.o\n\no..\n"),
        "<input>:3:1: found a grid row after the filler line 2, expected the rows of the grid on consecutive lines"
    );
    assert_eq!(
        error("# sparse\nhiroimono points\n0 0\n1 x\n"),
        "<input>:4:3: found 'x', expected an integer of magnitude at most 1099511627776"
    );
    assert_eq!(
        error("hiroimono points\n0 0\n 0 0\n"),
        "<input>:3:2: found a second stone at one point, expected distinct points (line 2 has it)"
    );
    assert_eq!(
        error("hiroimono points\n0 0 0\n"),
        "<input>:2:5: found 0, expected two integers 'x y'"
    );
    assert_eq!(
        error("hiroimono points\n7\n"),
        "<input>:2:2: found the end of the line, expected two integers 'x y'"
    );
    let puzzle = format::parse("So\n").unwrap();
    assert_eq!(
        format::parse_solution(&puzzle, "hiroimono solution\n0 0\n5 5\n")
            .unwrap_err()
            .to_string(),
        "<input>:3:1: found (5, 5), expected the point of a stone"
    );
}

#[test]
fn a_start_in_the_grid_moves_to_the_front() {
    let puzzle = format::parse("o.o\n.S.\n").unwrap();
    assert_eq!(
        puzzle.stones(),
        [Point::new(1, 1), Point::new(0, 0), Point::new(2, 0)]
    );
    assert_eq!(format::write_grid(&puzzle).unwrap(), "o.o\n.S.\n");
}

#[test]
fn far_apart_stones_are_solved_but_not_drawn() {
    use kalmar_puzzles::hiroimono::model::MAX_COORDINATE;
    let beyond = Puzzle::new(vec![Point::new(0, 0), Point::new(i64::MIN, 0)]);
    assert!(beyond.unwrap_err().to_string().contains("at most"));
    let (west, east) = (
        Point::new(-MAX_COORDINATE, 0),
        Point::new(MAX_COORDINATE, 0),
    );
    let puzzle = Puzzle::new(vec![west, east]).unwrap();
    assert!(matches!(
        format::write_grid(&puzzle),
        Err(format::DrawError::TooLarge(_))
    ));
    let answer = dfs::solve(&puzzle, Variant::Start, Mode::Unique);
    assert_eq!(answer.unique, Some(true));
    assert_eq!(check(&puzzle, Variant::Start, &answer.solutions[0]), Ok(()));
}
