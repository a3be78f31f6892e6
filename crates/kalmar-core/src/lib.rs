//! kalmar-core: the types every kalmar game family is built on.
//!
//! - typed ids ([`Vertex`], [`Edge`], [`Player`]);
//! - the explicit game graph [`Arena`] (CSR successors and predecessors, owners including chance
//!   and any number of players, edge probabilities) and its validating [`Builder`];
//! - graph algorithms every family needs: [`attractor`]s and strongly connected components
//!   ([`scc`]), and [`Subgame`]s with attractors inside them;
//! - implicit, rules-based games ([`Game`]) and [`explore`], which makes them explicit;
//! - exact numbers ([`Rational`]);
//! - kalmar's game-graph format `.gg` and the [`format::GameGraph`] every graph format reads into;
//! - the one [`registry`] shape every family lists its solvers, methods and generators in;
//! - pictures of games and their solutions in Graphviz's DOT language ([`dot`]), and a small SVG
//!   writer ([`svg`]) for trees and plots;
//! - positional strategies ([`Strategy`]), certificates ([`Certificate`]) and parse errors with
//!   positions ([`ParseError`]).
#![deny(missing_docs)]

pub mod arena;
pub mod attractor;
pub mod bits;
pub mod certificate;
pub mod dot;
pub mod error;
pub mod format;
pub mod game;
pub mod generate;
pub mod ids;
pub mod memory;
pub mod num;
pub mod registry;
pub mod scc;
pub mod strategy;
pub mod subgame;
pub mod svg;

pub use arena::{Arena, BuildError, Builder, LOOK_AHEAD, Owner};
pub use certificate::{Certificate, VerifyError};
pub use error::{ParseError, Span};
pub use game::{ExploreError, Explored, Game, Turn, explore};
pub use ids::{Edge, Player, Vertex};
pub use num::Rational;
pub use strategy::Strategy;
pub use subgame::{AttractorScratch, Subgame, attract_in, attract_onto};
