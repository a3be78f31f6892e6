//! The TTCG Metropolis–Hastings sampler (Section 5.3 of the paper): a Markov chain on the
//! histories of a public state whose stationary distribution is `P^π(· | S)`.
//!
//! From the current history `h` with deal `σ` and suit-length assignment `A`:
//! 1. `Ω_σ` is the set of histories whose assignment is `A` or one of its [`ring_swap`]
//!    neighbours;
//! 2. propose `h'` uniformly from `Ω_σ` — an assignment `B` in proportion to its number of
//!    histories, then a deal uniformly among `B`'s;
//! 3. accept with probability `z = min(1, P̄^π(h') |Ω_σ| / (P̄^π(h) |Ω_σ'|))`, where `P̄^π` is the
//!    unnormalised reach probability, otherwise stay at `h`.
//!
//! Counting `A` among its own neighbours (the paper's Algorithm 1 lists only the other ones) keeps
//! the relation symmetric and lets the chain mix between deals of one assignment even when a
//! public state has a single assignment. A chain starts from a history drawn uniformly from `H_S`
//! ([`UniformDeals`], as in the paper's experiments) or from the one built by maximum flow
//! ([`construct_assignment`], Lemma 2). The flow's history can be an extreme one — few histories
//! share its assignment — from which the Hastings correction `|Ω_σ| / |Ω_σ'|` rarely lets the
//! chain leave: on a 52-card state no proposal was accepted in 2,000 transitions. Several chains
//! run in parallel (rayon), each with its own ChaCha8 stream of one seed, so results do not depend
//! on the number of threads.
//!
//! # Complexity
//! One transition: one [`ring_swap`] (cached per assignment), one reach probability (a replay of
//! the history, linear in its length) and one uniform deal (linear in the deck).
//!
//! ```
//! use kalmar_filter::Uniform;
//! use kalmar_filter::ohhell::{McmcConfig, PublicState, Sampler, Start};
//! let state = PublicState::parse(
//!     "game players=3 suits=2 ranks=4 tricks=2; trump Jd; bids 1 0 0; plays Kc Qc Jc",
//! )
//! .unwrap();
//! let sampler = Sampler::new(&state, &Uniform).unwrap();
//! let config = McmcConfig {
//!     start: Start::Uniform,
//!     chains: 2,
//!     samples_per_chain: 5,
//!     burn_in: 10,
//!     thin: 2,
//!     seed: 1,
//! };
//! let run = sampler.run(&config).unwrap();
//! assert_eq!(run.samples.len(), 10);
//! assert!(run.accepted <= run.transitions);
//! ```

use super::assignment::{Assignment, UniformDeals};
use super::maxflow::construct_assignment;
use super::public::{Constraints, PublicState};
use super::ringswap::ring_swap;
use super::rules::{Card, OhHell};
use crate::fosg::HistoryError;
use crate::policy::Policy;
use crate::reach::players_reach;
use foldhash::HashMap;
use kalmar_core::Rational;
use num_bigint::BigUint;
use num_traits::Zero;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

/// The proposal of one assignment: its neighbours (itself included) and their weights.
#[derive(Clone, Debug)]
struct Neighbourhood {
    members: Vec<Assignment>,
    /// Cumulative shares of the members' histories in `Ω`, for drawing one.
    cumulative: Vec<f64>,
    /// `ln |Ω|`.
    ln_size: f64,
}

/// The most neighbourhoods a chain keeps.
const CACHE: usize = 512;

/// Where a chain starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Start {
    /// A history drawn uniformly from the public state (each chain its own).
    #[default]
    Uniform,
    /// The history built by maximum flow (the same for every chain).
    Flow,
}

/// Settings of a sampling run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct McmcConfig {
    /// Where the chains start.
    pub start: Start,
    /// Independent chains, run in parallel.
    pub chains: usize,
    /// Samples each chain keeps.
    pub samples_per_chain: usize,
    /// Transitions before a chain's first sample.
    pub burn_in: usize,
    /// Transitions between two samples of a chain (at least 1).
    pub thin: usize,
    /// The seed; chain `c` uses stream `c` of ChaCha8 with this seed.
    pub seed: u64,
}

/// What a sampling run produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct McmcRun {
    /// The sampled deals, chain after chain.
    pub samples: Vec<Vec<Card>>,
    /// Transitions made by all chains.
    pub transitions: u64,
    /// Proposals accepted.
    pub accepted: u64,
}

/// The sampler of one public state under one joint policy.
pub struct Sampler<'a, P: Policy<OhHell> + ?Sized> {
    state: &'a PublicState,
    constraints: Constraints,
    policy: &'a P,
    flow: Assignment,
    uniform: UniformDeals,
}

/// One chain's position and caches.
pub struct Chain {
    deal: Vec<Card>,
    assignment: Assignment,
    /// The players' part of the reach probability (the chance part is the same for all).
    reach: Rational,
    neighbourhoods: HashMap<Assignment, Neighbourhood>,
    rng: ChaCha8Rng,
    /// Transitions made.
    pub transitions: u64,
    /// Proposals accepted.
    pub accepted: u64,
}

impl Chain {
    /// The current deal.
    pub fn deal(&self) -> &[Card] {
        &self.deal
    }
}

/// Why a sampler cannot start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum McmcError {
    /// The public state has no history.
    #[error("the public state has no history")]
    Empty,
    /// The start history has reach probability zero under the policy (the sampler needs a policy
    /// with full support).
    #[error("the policy gives the start history probability zero; the sampler needs full support")]
    ZeroReach,
    /// A history could not be replayed.
    #[error(transparent)]
    History(#[from] HistoryError),
}

impl<'a, P: Policy<OhHell> + ?Sized> Sampler<'a, P> {
    /// A sampler of `state` under `policy`, starting from the maximum-flow construction.
    pub fn new(state: &'a PublicState, policy: &'a P) -> Result<Self, McmcError> {
        let constraints = state.constraints();
        let flow = construct_assignment(&constraints).ok_or(McmcError::Empty)?;
        let uniform = UniformDeals::new(&constraints).ok_or(McmcError::Empty)?;
        Ok(Sampler {
            state,
            constraints,
            policy,
            flow,
            uniform,
        })
    }

    /// The constraints of the public state.
    pub fn constraints(&self) -> &Constraints {
        &self.constraints
    }

    /// The players' part of the reach probability of the history with `deal`.
    pub fn players_reach(&self, deal: &[Card]) -> Result<Rational, HistoryError> {
        let r = players_reach(&self.state.game, self.policy, &self.state.history(deal))?;
        Ok(r.players.iter().fold(Rational::from(1), |acc, p| &acc * p))
    }

    fn neighbourhood(&self, a: &Assignment) -> Neighbourhood {
        let mut members = ring_swap(&self.constraints, a);
        members.push(*a);
        let base = self.constraints.ln_histories_base();
        let ln: Vec<f64> = members
            .iter()
            .map(|m| base - m.ln_cell_factorials())
            .collect();
        let top = ln.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mut sum = 0.0;
        let cumulative: Vec<f64> = ln
            .iter()
            .map(|&l| {
                sum += (l - top).exp();
                sum
            })
            .collect();
        let cumulative = cumulative.iter().map(|c| c / sum).collect();
        Neighbourhood {
            members,
            cumulative,
            ln_size: top + sum.ln(),
        }
    }

    /// The exact size `|Ω|` of the proposal set of histories with assignment `a`.
    pub fn proposal_size(&self, a: &Assignment) -> BigUint {
        let mut members = ring_swap(&self.constraints, a);
        members.push(*a);
        members
            .iter()
            .map(|m| self.constraints.histories_with(m))
            .fold(BigUint::zero(), |acc, x| acc + x)
    }

    /// The exact probability that one transition moves the chain from the history with `from` to
    /// the different history with `to` (both deals of the public state): the proposal `1/|Ω_σ|`
    /// times the acceptance `z`. For checking detailed balance.
    pub fn transition_probability(
        &self,
        from: &[Card],
        to: &[Card],
    ) -> Result<Rational, HistoryError> {
        let a = self.constraints.assignment_of(from);
        let b = self.constraints.assignment_of(to);
        if a != b && !ring_swap(&self.constraints, &a).contains(&b) {
            return Ok(Rational::from(0));
        }
        let big =
            |n: BigUint| Rational::from_big(num_rational::BigRational::from_integer(n.into()));
        let omega_from = big(self.proposal_size(&a));
        let omega_to = big(self.proposal_size(&b));
        let ratio =
            &(&self.players_reach(to)? * &omega_from) / &(&self.players_reach(from)? * &omega_to);
        let z = if ratio > Rational::from(1) {
            Rational::from(1)
        } else {
            ratio
        };
        Ok(&z / &omega_from)
    }

    /// A chain at a `start` history, drawing from `stream` of `seed`.
    pub fn chain(&self, start: Start, seed: u64, stream: u64) -> Result<Chain, McmcError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(stream);
        let deal = match start {
            Start::Flow => self.constraints.deal_in_order(&self.flow),
            Start::Uniform => self.uniform.deal(&mut rng),
        };
        let reach = self.players_reach(&deal)?;
        if reach.is_zero() {
            return Err(McmcError::ZeroReach);
        }
        Ok(Chain {
            assignment: self.constraints.assignment_of(&deal),
            deal,
            reach,
            neighbourhoods: HashMap::default(),
            rng,
            transitions: 0,
            accepted: 0,
        })
    }

    /// One Metropolis–Hastings transition of `chain`.
    pub fn step(&self, chain: &mut Chain) -> Result<(), HistoryError> {
        let from = chain.assignment;
        let ln_from = self.cached(chain, &from).ln_size;
        let u: f64 = chain.rng.random();
        let hood = &chain.neighbourhoods[&from];
        let pick = hood
            .cumulative
            .partition_point(|&c| c <= u)
            .min(hood.members.len() - 1);
        let to = hood.members[pick];
        let deal = self.constraints.random_deal(&to, &mut chain.rng);
        let ln_to = self.cached(chain, &to).ln_size;
        let reach = self.players_reach(&deal)?;
        chain.transitions += 1;
        if reach.is_zero() {
            return Ok(());
        }
        let ratio = (&reach / &chain.reach).to_f64().ln() + ln_from - ln_to;
        let accept = ratio >= 0.0 || chain.rng.random::<f64>() < ratio.exp();
        if accept {
            chain.deal = deal;
            chain.assignment = to;
            chain.reach = reach;
            chain.accepted += 1;
        }
        Ok(())
    }

    fn cached<'c>(&self, chain: &'c mut Chain, a: &Assignment) -> &'c Neighbourhood {
        // Large public states visit ever new assignments: keep the cache small.
        if chain.neighbourhoods.len() >= CACHE && !chain.neighbourhoods.contains_key(a) {
            chain.neighbourhoods.clear();
        }
        chain
            .neighbourhoods
            .entry(*a)
            .or_insert_with(|| self.neighbourhood(a))
    }

    /// Runs `config.chains` chains in parallel and gathers their samples.
    pub fn run(&self, config: &McmcConfig) -> Result<McmcRun, McmcError>
    where
        P: Sync,
    {
        let runs: Vec<Result<McmcRun, McmcError>> = (0..config.chains)
            .into_par_iter()
            .map(|c| {
                let mut chain = self.chain(config.start, config.seed, c as u64)?;
                let mut samples = Vec::with_capacity(config.samples_per_chain);
                for _ in 0..config.burn_in {
                    self.step(&mut chain)?;
                }
                for i in 0..config.samples_per_chain {
                    if i > 0 {
                        for _ in 0..config.thin.max(1) {
                            self.step(&mut chain)?;
                        }
                    }
                    samples.push(chain.deal.clone());
                }
                Ok(McmcRun {
                    samples,
                    transitions: chain.transitions,
                    accepted: chain.accepted,
                })
            })
            .collect();
        let mut run = McmcRun {
            samples: Vec::new(),
            transitions: 0,
            accepted: 0,
        };
        for r in runs {
            let r = r?;
            run.samples.extend(r.samples);
            run.transitions += r.transitions;
            run.accepted += r.accepted;
        }
        Ok(run)
    }
}
