//! kalmar-puzzles: two pencil puzzles whose solvability Andersson proved NP-complete
//! (*Perfect-Information Games with Cycles*, papers 4 and 5), solved the way puzzle people
//! need them solved: instantly, with a check that the solution is unique, and generated.
//!
//! - [`hashi`]: Hashiwokakero (Nikoli's "Bridges"): join numbered islands by horizontal and
//!   vertical bridges, at most two between a pair, none crossing, each island's number met,
//!   all islands connected.
//! - [`hiroimono`]: collect every stone of a grid, moving along grid lines, picking stones up
//!   as you meet them and turning only where you pick one up (with the paper's variants: a
//!   given start, and 180° turns allowed).
//!
//! - [`source`]: which puzzle a file, a puzz.link URL or a Tatham game ID holds.
//! - [`picture`]: the pictures both puzzles draw, written as SVG or PNG.
//! - [`cnf`]: formulas in DIMACS CNF, the input of the 3-SAT reduction.
//!
//! This is the only crate of kalmar that depends on a SAT solver.
#![deny(missing_docs)]

pub mod cnf;
pub mod hashi;
pub mod hiroimono;
pub mod picture;
mod sat;
pub mod source;

use serde::{Deserialize, Serialize};

/// What a solver is asked, for either puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// One solution, if any.
    Find,
    /// One solution and whether it is the only one (a search for a second).
    Unique,
    /// The number of solutions, counting stops at `limit` (at least 1).
    Count {
        /// The most solutions counted.
        limit: u64,
    },
}

/// A count limit of 0, which asks for nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the count limit must be at least 1")]
pub struct ZeroLimit;

impl Mode {
    /// The mode the front ends' options ask for: `count` (a limit, at least 1) over `unique`
    /// over finding one.
    ///
    /// ```
    /// use kalmar_puzzles::Mode;
    /// assert_eq!(Mode::from_options(true, None), Ok(Mode::Unique));
    /// assert_eq!(Mode::from_options(true, Some(9)), Ok(Mode::Count { limit: 9 }));
    /// assert!(Mode::from_options(false, Some(0)).is_err());
    /// ```
    pub fn from_options(unique: bool, count: Option<u64>) -> Result<Mode, ZeroLimit> {
        match (unique, count) {
            (_, Some(0)) => Err(ZeroLimit),
            (_, Some(limit)) => Ok(Mode::Count { limit }),
            (true, None) => Ok(Mode::Unique),
            (false, None) => Ok(Mode::Find),
        }
    }

    /// How many solutions to look for before stopping.
    pub fn limit(self) -> u64 {
        match self {
            Mode::Find => 1,
            Mode::Unique => 2,
            Mode::Count { limit } => limit,
        }
    }
}
