//! Oh Hell, the trick-taking card game of the paper's experiments, and the filtering algorithms
//! for trick-taking card games: counting by suit-length assignments, construction by maximum flow
//! (Lemma 2), RingSwap neighbours (Algorithm 1) and the Metropolis–Hastings sampler.
//!
//! The jobs a user runs on them are in [`jobs`] (count, list, construct, sample one public
//! state), [`experiments`] (Table 1, the samplers' distance, the scale run and its diagnostics)
//! and [`value`] (Figure 4).

pub mod assignment;
pub mod experiments;
pub mod jobs;
pub mod maxflow;
pub mod mcmc;
pub mod public;
pub mod ringswap;
pub mod rules;
pub mod value;

pub use assignment::{Assignment, UniformDeals};
pub use maxflow::{construct_assignment, construct_history};
pub use mcmc::{McmcConfig, McmcError, McmcRun, Sampler, Start};
pub use public::{Constraints, PublicState, may_extend};
pub use ringswap::ring_swap;
pub use rules::{Action, Card, OhHell, Outcome, Phase, PrivateObs, PublicObs, World};
