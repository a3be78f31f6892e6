//! Hand-made puzzles with known solutions, through every mode and the checker.

use kalmar_puzzles::hashi::check::check;
use kalmar_puzzles::hashi::format::{read_puzzle, read_solved, write_solved};
use kalmar_puzzles::hashi::{Mode, solve};

/// Solved grids, each the only solution of its puzzle.
const UNIQUE: [&str; 2] = ["3=3\n|.|\n1.1\n", "2=5-1\n..\"..\n1-3..\n"];

#[test]
fn unique_puzzles_are_solved_exactly() {
    for text in UNIQUE {
        let (puzzle, expected) = read_solved(text).unwrap();
        assert_eq!(check(&puzzle, &expected), Ok(()), "{text}");
        let answer = solve(&puzzle, Mode::Unique).unwrap();
        assert_eq!(answer.unique, Some(true), "{text}");
        assert_eq!(answer.solutions, vec![expected], "{text}");
        assert_eq!(write_solved(&puzzle, &answer.solutions[0]).unwrap(), text);
        let counted = solve(&puzzle, Mode::Count { limit: 10 }).unwrap();
        assert_eq!((counted.count, counted.count_exact), (1, true));
    }
}

#[test]
fn a_ring_of_threes_has_two_solutions() {
    let puzzle = read_puzzle("3.3\n...\n3.3\n").unwrap();
    let answer = solve(&puzzle, Mode::Count { limit: 10 }).unwrap();
    assert_eq!((answer.count, answer.count_exact), (2, true));
    for solution in &answer.solutions {
        assert_eq!(check(&puzzle, solution), Ok(()));
    }
    let unique = solve(&puzzle, Mode::Unique).unwrap();
    assert_eq!((unique.unique, unique.count_exact), (Some(false), false));
    let limited = solve(&puzzle, Mode::Count { limit: 1 }).unwrap();
    assert_eq!((limited.count, limited.count_exact), (1, false));
}

#[test]
fn unsolvable_puzzles_have_no_solution() {
    // Two 1s joined to each other are cut off from the 2.
    for text in ["1.1\n...\n..2\n", "4.1\n", "1\n"] {
        let puzzle = read_puzzle(text).unwrap();
        let answer = solve(&puzzle, Mode::Unique).unwrap();
        assert_eq!((answer.count, answer.count_exact), (0, true), "{text}");
        assert_eq!(answer.unique, Some(false));
    }
}
