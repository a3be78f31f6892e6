//! kalmar-dist: games solved beyond one machine, on timely-dataflow (the only crate that
//! depends on it). kalmar does not write a distributed runtime: timely is a maintained
//! dataflow engine whose workers run as threads of one process or across processes and
//! machines, exchanging data by key and tracking the progress of every round.
//!
//! - [`cluster`]: where the workers run: threads, processes and hosts, as timely's own
//!   process model has them (`-w`, `-n`, `-p`, `-h`);
//! - [`partition`]: a game graph split over the workers by vertex, each keeping only the
//!   arcs into its own vertices;
//! - [`reach`]: retrograde analysis of chess-like games as an iterative dataflow, round by
//!   round, with the same values and distances as `kalmar_terminal::reach::solve`, merged and
//!   checked by the same certificate;
//! - [`chess`]: a chess endgame table solved by workers that each own a share of its
//!   positions and generate their moves and un-moves where the position lives, so that no
//!   worker holds the whole game;
//! - [`scc`]: strongly connected components of a graph split over the workers, by
//!   forward–backward colouring;
//! - [`vi`]: value iteration with sound bounds for terminal-payoff (and simple) stochastic
//!   games, a sweep in a few rounds, deflated by end components that [`scc`] finds across
//!   the workers;
//!
//! # Example
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_dist::{cluster::Cluster, reach};
//! use kalmar_terminal::reach::from_graph;
//! let text = "kalmar-gg 1\na max -> w b\nb min -> l a\nc max -> c l\n\
//!             w terminal payoff=1\nl terminal payoff=-1\n";
//! let game = std::sync::Arc::new(from_graph(&read_gg(text).unwrap()).unwrap());
//! let solved = reach::solve(&game, &Cluster::threads(2)).unwrap().expect("this process merges");
//! assert_eq!(solved.solution.distance, kalmar_terminal::reach::solve(&game).distance);
//! ```
#![deny(missing_docs)]

pub mod chess;
pub mod cluster;
pub mod partition;
pub mod reach;
pub mod rounds;
pub mod scc;
pub mod vi;

pub use cluster::Cluster;

/// Why a distributed solve failed.
#[derive(Debug, thiserror::Error)]
pub enum DistError {
    /// timely could not start (an address in use, a host unreachable, a bad configuration).
    #[error("the workers could not start: {0}")]
    Start(String),
    /// A worker stopped without an answer.
    #[error("a worker failed: {0}")]
    Worker(String),
    /// The game is outside what the distributed solver handles.
    #[error("{0}")]
    Game(String),
    /// An option is out of its range (the message names it).
    #[error("{0}")]
    Options(String),
    /// The merged answer failed its certificate (a defect of the solver).
    #[error("the merged answer failed its certificate: {0}")]
    Certificate(String),
}
