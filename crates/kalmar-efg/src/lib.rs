//! kalmar-efg: extensive-form games.
//!
//! - the game tree ([`Efg`]): personal players and chance with exact probabilities, information
//!   sets, moves identified by (information set, index), outcomes with payoff vectors;
//! - Gambit's file formats ([`mod@format`]): `.efg` and `.nfg`, read and written exactly;
//! - perfect recall and absent-mindedness ([`recall`]), by the breadth-first `move[x][i]` method;
//! - reduced strategies ([`reduced`]): `*` for information sets the player's own earlier move in
//!   the tree makes unreachable, counting and numbering without enumeration;
//! - the reduced strategic form ([`strategic`]) with exact expected payoffs;
//! - equilibria ([`nash`]): pure equilibria, backward induction, Lemke–Howson, support
//!   enumeration, vertex enumeration and the sequence form with Lemke's algorithm, chosen by id
//!   and each answer checked exactly ([`nash::solve()`]); for larger two-player constant-sum
//!   games the sequence-form linear program in floating point, certified exactly
//!   ([`nash::sequence_lp`]), and CFR+ and DCFR ([`nash::cfr`]), with exact best responses
//!   ([`nash::best_response`]);
//! - the independent check of a claimed equilibrium ([`certificate`]) and the JSON file that
//!   saves equilibria ([`solution_file`]);
//! - pictures of trees as SVG, with an equilibrium's probabilities on the moves ([`draw`]);
//! - reports on a game as data: description, recall and reduced strategies ([`summary`]);
//! - generated families for tests and benchmarks ([`generate`]).
#![deny(missing_docs)]

pub mod certificate;
pub mod draw;
pub mod format;
pub mod generate;
pub mod names;
pub mod nash;
pub mod normal;
pub mod number;
pub mod recall;
pub mod reduced;
pub mod solution_file;
pub mod strategic;
pub mod summary;
pub mod tree;

pub use normal::{Matrix, Nfg, NfgBody, NfgOutcome};
pub use number::Num;
pub use tree::{ActionId, Efg, EfgBuilder, InfosetId, Mover, NodeId, OutcomeId, TreeError};
