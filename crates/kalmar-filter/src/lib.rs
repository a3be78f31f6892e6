//! kalmar-filter: history filtering in imperfect-information games — which histories could have
//! produced what everybody has seen, and with what probability (Solinas, Rebstock, Sturtevant and
//! Buro, *History Filtering in Imperfect Information Games: Algorithms and Complexity*).
//!
//! - [`fosg`]: factored-observation stochastic games as a trait ([`Fosg`]), histories, public and
//!   information states;
//! - [`reach`](mod@reach): reach probabilities split into chance and player parts, and expected utilities,
//!   under a joint policy;
//! - [`policy`]: joint policies — uniform, the paper's random "policy bias" policies, tables read
//!   from a file;
//! - [`filter`]: filtering for any FOSG — enumeration by the breadth-first search of Theorem 2,
//!   existence and construction, counting, exact generation, and the belief and range variants;
//! - [`fsat`]: the 3-FSAT-GAME of Theorem 1, whose construction problem is satisfiability;
//! - [`ohhell`]: Oh Hell, counting by suit-length assignments, construction by maximum flow
//!   (Lemma 2) and the RingSwap Metropolis–Hastings sampler (Algorithm 1, Theorems 3 and 4).
//!
//! ```
//! use kalmar_filter::ohhell::{PublicState, construct_history};
//! // Table 1's smallest public state: 3 players, 2 suits of 4 ranks, 2 tricks, one trick played.
//! let state = PublicState::parse(
//!     "game players=3 suits=2 ranks=4 tricks=2; trump Jd; bids 1 0 0; plays Kc Qc Jc",
//! )
//! .unwrap();
//! assert_eq!(state.constraints().count(), 192u32.into());
//! let history = construct_history(&state).expect("a history exists");
//! let observed = kalmar_filter::public_state(&state.game, &history).unwrap();
//! assert_eq!(observed, state.observations());
//! ```
//!
//! This crate exists as its own dependency boundary: it brings in petgraph (maximum flow) and rayon
//! (parallel chains), which the graph solvers do not need.
#![deny(missing_docs)]

pub mod filter;
pub mod fosg;
pub mod fsat;
pub mod ohhell;
pub mod policy;
pub mod reach;

pub use filter::{Enumeration, ExactSampler, FilterError, construct, count, enumerate};
pub use fosg::{Fosg, History, HistoryError, Step, public_state};
pub use policy::{InfoView, Policy, PolicyBias, TablePolicy, Uniform};
pub use reach::{Reach, reach};
