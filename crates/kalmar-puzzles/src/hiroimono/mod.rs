//! Hiroimono, the stone-collecting tour puzzle, and its variants, after D. Andersson,
//! *Hiroimono is NP-complete* (FUN 2007).
//!
//! Stones lie on integer points. A tour starts at a stone (picking it up), moves along rows and
//! columns, picks stones up as it meets them (it cannot pass over one), changes direction only
//! where it picks one up and, in the classic rules, never turns back 180°. The four
//! [`Variant`]s of the paper fix the start at the first stone or not, and allow 180° turns or
//! not.
//!
//! - [`model`]: [`Puzzle`], [`Variant`], [`Solution`];
//! - [`format`](mod@format): the grid and point-list text formats;
//! - [`check`](mod@check): the independent checker;
//! - [`dfs`]: depth-first search with dancing-links lines and pruning (the main solver);
//! - [`dp`]: a dynamic program over (collected set, stone, direction), the cross-check;
//! - [`sat`]: a SAT encoding of the order, the alternative to the search;
//! - [`lines`]: the nearest stone in each direction; [`pockets`]: the search's bridge test;
//! - [`generate`]: random solvable puzzles;
//! - [`render`]: SVG and PNG pictures of a puzzle and a tour;
//! - [`reduction`]: the paper's reduction from 3-SAT, as a generator of puzzles solvable
//!   exactly when a formula is satisfiable.
//!
//! ```
//! use kalmar_puzzles::hiroimono::{check, format, solve, Mode, Variant};
//! let puzzle = format::parse_grid("S.o\n...\n..o\n").unwrap();
//! let answer = solve(&puzzle, Variant::Start, Mode::Unique);
//! assert_eq!(answer.unique, Some(true));
//! assert!(check(&puzzle, Variant::Start, &answer.solutions[0]).is_ok());
//! ```
//!
//! # Complexity
//! Deciding solvability is NP-complete under every variant; see each solver.

pub mod check;
pub mod dead_ends;
pub mod dfs;
pub mod dp;
pub mod format;
pub mod generate;
pub mod lines;
pub mod model;
pub mod pockets;
pub mod reduction;
pub mod render;
pub mod sat;

pub use crate::Mode;
pub use check::{CheckError, check};
pub use model::{Direction, Point, Puzzle, PuzzleError, Solution, UnknownVariant, Variant};

use kalmar_core::registry::{Entry, Registry};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// How many solutions a search in `mode` counts before stopping (at least 1), and how many
/// it keeps.
fn limit_and_keep(mode: Mode) -> (u64, usize) {
    let keep = if mode == Mode::Unique { 2 } else { 1 };
    (mode.limit().max(1), keep)
}

/// A solver's answer.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    /// The first solutions found (one for [`Mode::Find`] and [`Mode::Count`], up to two for
    /// [`Mode::Unique`]).
    pub solutions: Vec<Solution>,
    /// Solutions counted; exact when `complete`, else the limit was reached.
    pub count: u64,
    /// Whether the search finished, so that `count` is the number of solutions.
    pub complete: bool,
    /// `Some(true)` if there is exactly one solution, `Some(false)` if none or several, `None`
    /// if the search stopped before knowing.
    pub unique: Option<bool>,
    /// Search nodes visited (positions for the search, states for the dynamic program,
    /// decisions for the SAT solver).
    pub nodes: u64,
}

impl Answer {
    /// Whether a solution was found.
    pub fn solvable(&self) -> bool {
        self.count > 0
    }

    /// Sets `complete` and `unique` once a search that stops at `limit` solutions is over.
    fn finish(&mut self, limit: u64) {
        self.complete = self.count < limit;
        self.unique = if self.complete || self.count >= 2 {
            Some(self.count == 1)
        } else {
            None
        };
    }
}

/// Solves `puzzle` under `variant` with the depth-first search, [`dfs::solve`].
pub fn solve(puzzle: &Puzzle, variant: Variant, mode: Mode) -> Answer {
    dfs::solve(puzzle, variant, mode)
}

/// An exact solver: how it solves, and what its [`Answer::nodes`] count (for messages:
/// `search nodes`, `SAT decisions`, `dynamic program states`).
#[derive(Clone, Copy, Debug)]
pub struct Solver {
    /// Solves a puzzle under a variant; refuses puzzles above the solver's size.
    pub solve: fn(&Puzzle, Variant, Mode) -> Result<Answer, TooManyStones>,
    /// What its node count counts.
    pub work: &'static str,
}

/// The depth-first search as a [`Solver`]: it takes every size.
fn search(puzzle: &Puzzle, variant: Variant, mode: Mode) -> Result<Answer, TooManyStones> {
    Ok(dfs::solve(puzzle, variant, mode))
}

/// The exact solvers, by id: `dfs` (the default), `sat` and `dp`; they agree on every puzzle.
///
/// ```
/// use kalmar_puzzles::hiroimono::{format, Mode, Variant, SOLVERS};
/// let puzzle = format::parse_grid("S.o\n...\n..o\n").unwrap();
/// for solver in SOLVERS.iter() {
///     let answer = (solver.run.solve)(&puzzle, Variant::Start, Mode::Unique).unwrap();
///     assert_eq!(answer.unique, Some(true), "{}", solver.id);
/// }
/// assert_eq!(SOLVERS.ids().collect::<Vec<_>>(), ["dfs", "sat", "dp"]);
/// assert!(SOLVERS.get("bfs").is_err());
/// ```
pub static SOLVERS: Registry<Solver> = Registry::new(
    "Hiroimono solver",
    &[
        Entry {
            id: "dfs",
            summary: "depth-first search over stone orders with dancing-links lines, \
                      reachability and end pruning and a memo of dead ends (the fastest)",
            bounds: "exponential in the worst case (NP-complete); O(n) per node",
            run: Solver {
                solve: search,
                work: "search nodes",
            },
        },
        Entry {
            id: "sat",
            summary: "a SAT encoding of the stone order (batsat), up to 500 stones",
            bounds: "at most 7n² variables and 32n² clauses; each SAT call exponential in the \
                     worst case",
            run: Solver {
                solve: sat::solve,
                work: "SAT decisions",
            },
        },
        Entry {
            id: "dp",
            summary: "a dynamic program over (collected set, stone, direction), up to 20 stones",
            bounds: "O(2^n n²) time, O(2^n n) memory",
            run: Solver {
                solve: dp::solve,
                work: "dynamic program states",
            },
        },
    ],
);

/// A puzzle larger than a solver accepts.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{stones} stones, more than the {most} the {solver} solver handles")]
pub struct TooManyStones {
    /// The id of the solver that refused.
    pub solver: &'static str,
    /// The puzzle's stones.
    pub stones: usize,
    /// The most it accepts.
    pub most: usize,
}
