//! kalmar-graph: games on graphs, one module per family, all over [`kalmar_core::Arena`].
//!
//! - [`terminal`]: two-player zero-sum terminal-payoff games (the common ground of chess-like games
//!   and deterministic graphical games), their solution types and the independent verifier;
//! - [`dgg`]: deterministic graphical games and every algorithm of *Deterministic Graphical Games
//!   Revisited*;
//! - [`format`]: the kalmar game-graph text format `.gg` and PGSolver's `.pg`.
#![deny(missing_docs)]

pub mod dgg;
pub mod format;
pub mod terminal;
