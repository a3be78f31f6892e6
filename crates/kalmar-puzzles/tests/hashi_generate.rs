//! Generated puzzles: unique, checked, reproducible from the seed, and through the text format.

use kalmar_puzzles::hashi::check::check;
use kalmar_puzzles::hashi::format::{read_puzzle, read_solved, write_puzzle, write_solved};
use kalmar_puzzles::hashi::generate::{GenerateError, Params, generate};
use kalmar_puzzles::hashi::propagate::propagate;
use kalmar_puzzles::hashi::{Mode, solve};

#[test]
fn generated_puzzles_are_unique_and_reproducible() {
    for size in [3, 5, 8, 12] {
        for seed in 0..8 {
            let params = Params::new(size, size + 1, seed);
            let generated = generate(&params).unwrap();
            let puzzle = &generated.puzzle;
            assert_eq!(check(puzzle, &generated.solution), Ok(()));
            let answer = solve(puzzle, Mode::Count { limit: 5 }).unwrap();
            assert_eq!((answer.count, answer.count_exact), (1, true));
            assert_eq!(answer.solutions[0], generated.solution);
            assert_eq!(generate(&params).unwrap(), generated);
            let deductions = propagate(puzzle).unwrap();
            assert_eq!(generated.easy, deductions.min == deductions.max);
            if generated.easy {
                assert_eq!(deductions.min, generated.solution.bridges);
            }
            let text = write_solved(puzzle, &generated.solution).unwrap();
            assert_eq!(
                read_solved(&text).unwrap(),
                (puzzle.clone(), generated.solution)
            );
            assert_eq!(read_puzzle(&write_puzzle(puzzle)).unwrap(), *puzzle);
        }
    }
}

#[test]
fn bad_parameters_are_refused() {
    let mut params = Params::new(5, 5, 1);
    params.density = 0.9;
    assert!(matches!(
        generate(&params),
        Err(GenerateError::Parameter(_))
    ));
    assert!(matches!(
        generate(&Params::new(0, 5, 1)),
        Err(GenerateError::Size(_))
    ));
}

#[test]
fn a_difficulty_asked_is_the_difficulty_given() {
    use kalmar_puzzles::hashi::generate::Difficulty;
    for (difficulty, seed) in [
        (Difficulty::Easy, 3),
        (Difficulty::Hard, 3),
        (Difficulty::Hard, 9),
    ] {
        let mut params = Params::new(12, 12, seed);
        params.loops = 0.3;
        params.max_attempts = 500;
        params.difficulty = Some(difficulty);
        let generated = generate(&params).unwrap();
        let bounds = propagate(&generated.puzzle).unwrap();
        assert_eq!(bounds.min == bounds.max, difficulty == Difficulty::Easy);
        assert_eq!(Difficulty::of(generated.easy), difficulty);
        let answer = solve(&generated.puzzle, Mode::Unique).unwrap();
        assert_eq!(answer.unique, Some(true));
    }
}
