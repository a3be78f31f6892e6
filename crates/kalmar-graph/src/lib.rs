//! kalmar-graph: games on graphs, one module per family, all over [`kalmar_core::Arena`].
//!
//! - [`terminal`]: two-player zero-sum terminal-payoff games (the common ground of chess-like games
//!   and deterministic graphical games), their solution types and the independent verifier;
//! - [`dgg`]: deterministic graphical games and every algorithm of *Deterministic Graphical Games
//!   Revisited*;
//! - [`parity`]: parity games, their solvers and verifier;
//! - [`observation`]: games of imperfect information (Reif's problem): the knowledge game, the
//!   antichain algorithm, Reif's procedure and its counterexample;
//! - [`format`]: the kalmar game-graph text format `.gg` and PGSolver's `.pg`;
//! - [`stochastic`]: stochastic games (simple, terminal-payoff, discounted, mean-payoff, parity):
//!   exact strategy iteration, certificates and strategy recovery;
//! - [`reach`]: chess-like (win/lose/draw) games and retrograde analysis with depths to mate;
//! - [`games`]: rules-based example games (Nim, cops and robber) to explore and solve;
//! - [`generate`]: seeded generators of deterministic graphical games (random, sorting networks,
//!   ladders, grids) and the registry of families for the command line and the benchmarks;
//! - [`bench`](mod@bench): the end-to-end benchmark runner behind `kalmar bench`.
#![deny(missing_docs)]

pub mod bench;
pub mod dgg;
pub mod format;
pub mod games;
pub mod generate;
pub mod observation;
pub mod parity;
pub mod reach;
pub mod stochastic;
pub mod terminal;
