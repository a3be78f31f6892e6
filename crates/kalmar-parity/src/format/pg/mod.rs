//! PGSolver's parity-game format (`.pg`) and its solution format, read and written exactly.
//!
//! ```text
//! parity 4;
//! start 0;
//! 0 6 1 4,2 "Africa";
//! 4 5 1 0 "Antarctica";
//! 1 8 1 2,4,3 "America";
//! 3 6 0 4,2 "Australia";
//! 2 7 0 3,1,0,4 "Asia";
//! ```
//!
//! A file is an optional header `parity <max-id>;`, an optional `start <id>;` and node
//! specifications `<id> <priority> <owner> <successors> ["<name>"];` where the owner is 0 (Even,
//! kalmar's Max) or 1 (Odd, Min), the successors are ids separated by commas and the name is any
//! text without `"` or a line break. The reader is token based like PGSolver's: white space
//! (line breaks included) may stand between any two tokens, so several specifications may share
//! a line and one may span several.
//!
//! **Ids.** Vertices are numbered in increasing id order. When the ids are exactly `0..n`, vertex
//! `i` is id `i` and a vertex's name is its quoted name. Otherwise (sparse ids, or names used
//! twice, which kalmar's arenas do not allow) every vertex is named by its id, followed by a
//! space and its quoted name if it has one (`17` or `17 "Asia"`), and writers recover the ids
//! from these names; see [`pg_ids`].
//!
//! **Dead ends.** A specification without successors (some tools write them) is a terminal; the
//! player who cannot move loses, so its payoff is `[-1]` (a loss for Max) when its owner is 0
//! and `[1]` when it is 1. The writer writes such terminals back as dead ends of that owner.
//!
//! **Errors.** Duplicate ids, successors that are not defined, ids above the header's max-id,
//! priorities above 4294967295, owners other than 0 and 1 and negative numbers are errors with
//! line and column. The header's max-id is only compared with ids, never used to allocate.
//!
//! **Solutions.** `paritysol <max-id>;` then one `<id> <winner> [<successor>];` per vertex: the
//! winner (0 or 1) and, where the winner's strategy is fixed there, the successor it moves to.

mod game;
mod lexer;
mod solution;
#[cfg(test)]
mod tests;

pub(crate) use game::parse_usual;
pub use game::{pg_ids, read_pg, write_pg};
pub use solution::{PgSolution, read_pg_solution, write_pg_solution};

use kalmar_core::format::LabelError;
use std::fmt;

/// Why a game graph or solution cannot be written in PGSolver's formats.
#[derive(Debug, thiserror::Error)]
pub enum PgWriteError {
    /// A parity game has exactly two players.
    #[error("a parity game has two players, this game has {0}")]
    Players(u8),
    /// The graph has no priorities.
    #[error("the game has no priorities")]
    NoPriorities,
    /// A label PGSolver's format cannot hold (rewards or a discount factor).
    #[error("the game has {0}, which PGSolver's format cannot hold")]
    Unsupported(&'static str),
    /// A chance vertex.
    #[error("vertex {0} belongs to chance, which PGSolver's format cannot hold")]
    Chance(String),
    /// A terminal whose payoff is not that of a dead end (`[-1]` or `[1]`).
    #[error(
        "terminal {0} has payoff {1}; a dead end in PGSolver's format has payoff -1 (owner 0 cannot \
         move) or 1 (owner 1 cannot move)"
    )]
    Terminal(String, String),
    /// A name with a `"` or a line break.
    #[error(
        "the name of vertex {0} has a '\"' or a line break, which PGSolver's format cannot hold"
    )]
    Name(String),
    /// The labels do not fit the arena.
    #[error("the labels do not fit the arena: {0}")]
    Invalid(#[from] LabelError),
    /// A solution whose size is not the game's.
    #[error(
        "the solution has {winners} winners and {strategy} strategy entries for {vertices} vertices"
    )]
    SolutionSize {
        /// The number of winners.
        winners: usize,
        /// The number of strategy entries.
        strategy: usize,
        /// The number of vertices.
        vertices: usize,
    },
    /// A winner other than player 0 or 1.
    #[error("the winner at vertex {0} is player {1}, not 0 or 1")]
    Winner(String, u8),
    /// A strategy that moves to a vertex that is not a successor.
    #[error("the strategy at vertex {0} moves to {1}, which is not a successor")]
    Strategy(String, String),
    /// The output refused the text.
    #[error("could not write: {0}")]
    Fmt(#[from] fmt::Error),
}
