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

use serde::{Deserialize, Serialize};
use std::fmt;
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

/// One of the exact solvers.
///
/// ```
/// use kalmar_puzzles::hiroimono::{format, solve_with, Mode, Solver, Variant};
/// let puzzle = format::parse_grid("S.o\n...\n..o\n").unwrap();
/// for solver in Solver::ALL {
///     let answer = solve_with(&puzzle, Variant::Start, Mode::Unique, solver).unwrap();
///     assert_eq!(answer.unique, Some(true), "{solver}");
/// }
/// assert_eq!("sat".parse::<Solver>(), Ok(Solver::Sat));
/// assert!("bfs".parse::<Solver>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Solver {
    /// The depth-first search, [`dfs`], the default.
    #[default]
    Dfs,
    /// The SAT encoding, [`sat`], up to [`sat::MAX_SAT_STONES`] stones.
    Sat,
    /// The dynamic program, [`dp`], up to [`dp::MAX_DP_STONES`] stones.
    Dp,
}

impl Solver {
    /// All three.
    pub const ALL: [Solver; 3] = [Solver::Dfs, Solver::Sat, Solver::Dp];

    /// The short id for command lines: `dfs`, `sat`, `dp`.
    pub const fn id(self) -> &'static str {
        match self {
            Solver::Dfs => "dfs",
            Solver::Sat => "sat",
            Solver::Dp => "dp",
        }
    }

    /// What [`Answer::nodes`] counts for this solver, for messages: `search nodes`, `SAT
    /// decisions` or `dynamic program states`.
    pub const fn work(self) -> &'static str {
        match self {
            Solver::Dfs => "search nodes",
            Solver::Sat => "SAT decisions",
            Solver::Dp => "dynamic program states",
        }
    }
}

/// A text that names no solver.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown solver '{0}': expected dfs, sat or dp")]
pub struct UnknownSolver(pub String);

impl std::str::FromStr for Solver {
    type Err = UnknownSolver;
    fn from_str(text: &str) -> Result<Self, UnknownSolver> {
        Solver::ALL
            .into_iter()
            .find(|s| text.eq_ignore_ascii_case(s.id()))
            .ok_or_else(|| UnknownSolver(text.to_string()))
    }
}

impl fmt::Display for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A puzzle larger than a solver accepts.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{stones} stones, more than the {most} the {solver} solver handles")]
pub struct TooManyStones {
    /// The solver that refused.
    pub solver: Solver,
    /// The puzzle's stones.
    pub stones: usize,
    /// The most it accepts.
    pub most: usize,
}

/// Solves `puzzle` under `variant` with `solver`; the SAT encoding and the dynamic program
/// refuse puzzles above their sizes.
pub fn solve_with(
    puzzle: &Puzzle,
    variant: Variant,
    mode: Mode,
    solver: Solver,
) -> Result<Answer, TooManyStones> {
    match solver {
        Solver::Dfs => Ok(dfs::solve(puzzle, variant, mode)),
        Solver::Sat => sat::solve(puzzle, variant, mode),
        Solver::Dp => dp::solve(puzzle, variant, mode),
    }
}
