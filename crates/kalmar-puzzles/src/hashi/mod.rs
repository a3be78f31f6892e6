//! Hashiwokakero (Nikoli's "Bridges"): islands on a grid carry numbers 1 to 8; join them by
//! horizontal and vertical bridges between islands of one row or column with only water
//! between, at most two per pair, no two crossing, so that each island has its number of bridge
//! ends and all islands are connected.
//!
//! - [`puzzle`]: the model ([`Puzzle`], [`Solution`]) and its JSON form;
//! - [`format`](mod@format): the plain text grid, solved or not; [`url`]: puzz.link URLs and Tatham's
//!   game IDs;
//! - [`check`]: the independent checker;
//! - [`propagate`](mod@propagate): human-style deductions with explanations;
//! - [`sat`]: the SAT search with lazy connectivity cuts;
//! - [`generate`]: random puzzles with a unique solution;
//! - [`reduction`]: Andersson's reduction from Hamiltonian circuits in grid graphs;
//! - [`render`]: SVG and PNG pictures of a puzzle and its solution.
//!
//! [`solve`] is the one call: propagation, then the SAT search, every solution checked.
//!
//! ```
//! use kalmar_puzzles::hashi::{Mode, format::read_puzzle, solve};
//! let puzzle = read_puzzle("2.5.1\n.....\n1.3..\n").unwrap();
//! let answer = solve(&puzzle, Mode::Unique).unwrap();
//! assert_eq!(answer.unique, Some(true));
//! assert_eq!(answer.solutions[0].bridges, [2, 0, 1, 2, 1]);
//! ```
//!
//! # Complexity
//! Propagation is polynomial; the SAT search is exponential in the worst case, as the puzzle is
//! NP-complete (Andersson), and fast on puzzles made for people.

pub mod check;
pub mod format;
pub mod generate;
pub mod propagate;
pub mod puzzle;
pub mod reduction;
pub mod render;
pub mod sat;
pub mod url;

pub use crate::Mode;
pub use puzzle::{Island, Link, Puzzle, PuzzleError, Solution};

use check::CheckError;
use propagate::{Step, propagate};
use sat::{SatSearch, Stats};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// What the solver found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    /// The solutions found, each passed through the checker.
    pub solutions: Vec<Solution>,
    /// Whether the puzzle has exactly one solution, when the mode decides it.
    pub unique: Option<bool>,
    /// The number of solutions: exact if `count_exact`, otherwise a lower bound.
    pub count: usize,
    /// Whether `count` is the exact number of solutions.
    pub count_exact: bool,
    /// The deductions of propagation, in order.
    pub steps: Vec<Step>,
    /// Why propagation proved the puzzle unsolvable, if it did.
    pub contradiction: Option<String>,
    /// Counters of the SAT search.
    pub stats: Stats,
}

/// Why [`solve`] gave no answer.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Error {
    /// `Mode::Count` with a limit of 0.
    #[error("the count limit must be at least 1")]
    ZeroLimit,
    /// A solution found failed the independent checker: a bug.
    #[error("internal error: a solution found fails the checker: {0}")]
    Unchecked(#[from] CheckError),
}

/// Solves `puzzle`: propagation, then the SAT search for up to 1 (find), 2 (unique) or `limit`
/// (count) solutions. Each solution is checked before it is returned.
pub fn solve(puzzle: &Puzzle, mode: Mode) -> Result<Answer, Error> {
    if mode == (Mode::Count { limit: 0 }) {
        return Err(Error::ZeroLimit);
    }
    let limit = usize::try_from(mode.limit()).unwrap_or(usize::MAX);
    let deductions = match propagate(puzzle) {
        Ok(deductions) => deductions,
        Err(contradiction) => {
            return Ok(Answer {
                solutions: Vec::new(),
                unique: Some(false),
                count: 0,
                count_exact: true,
                steps: contradiction.steps,
                contradiction: Some(contradiction.why),
                stats: Stats::default(),
            });
        }
    };
    let mut search = SatSearch::new(puzzle, &deductions);
    let mut solutions = Vec::new();
    while solutions.len() < limit {
        let Some(solution) = search.next_solution() else {
            break;
        };
        check::check(puzzle, &solution)?;
        if solutions.len() + 1 < limit {
            search.block(&solution);
        }
        solutions.push(solution);
    }
    let count = solutions.len();
    let count_exact = count < limit;
    let unique = if count_exact {
        Some(count == 1)
    } else if limit >= 2 {
        Some(false)
    } else {
        None
    };
    Ok(Answer {
        solutions,
        unique,
        count,
        count_exact,
        steps: deductions.steps,
        contradiction: None,
        stats: search.stats(),
    })
}
