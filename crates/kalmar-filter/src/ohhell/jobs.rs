//! The jobs on one public state, one call each, as `kalmar ohhell` runs them: count its
//! histories (by a registered method), list them with their probabilities, construct one, and
//! sample them. Each returns a typed report whose serialisation is the command line's JSON.
//!
//! ```
//! use kalmar_filter::Uniform;
//! use kalmar_filter::ohhell::PublicState;
//! use kalmar_filter::ohhell::jobs::{SamplerSettings, construct, count, list, sample};
//! let state = PublicState::parse(
//!     "game players=3 suits=2 ranks=4 tricks=2; trump Jd; bids 1 0 0; plays Kc Qc Jc",
//! )
//! .unwrap();
//! assert_eq!(count(&state, "assignments", None).unwrap().histories, 192u32.into());
//! let listing = list(&state, &Uniform, 5, usize::MAX, None).unwrap();
//! assert_eq!((listing.histories, listing.shown.len()), (192, 5));
//! assert!(construct(&state).unwrap().history.is_some());
//! let settings = SamplerSettings { samples: 8, ..SamplerSettings::default() };
//! let samples = sample(&state, &Uniform, &settings, false).unwrap();
//! assert_eq!(samples.samples.len(), 8);
//! ```

use super::{
    Card, McmcConfig, McmcError, OhHell, PublicState, Sampler, Start, construct_assignment,
};
use crate::filter::{ExactSampler, FilterError, weigh};
use crate::fosg::HistoryError;
use crate::policy::Policy;
use kalmar_core::Rational;
use kalmar_core::registry::{Entry, Registry, UnknownId};
use num_bigint::BigUint;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use std::time::Instant;

/// A joint policy for Oh Hell as the jobs take it.
pub type DynPolicy = dyn Policy<OhHell> + Send + Sync;

/// Told the depth and the prefixes kept while histories are enumerated.
pub type Progress<'a> = Option<&'a mut dyn FnMut(usize, usize)>;

/// The most histories an exact sample enumerates.
pub const EXACT_SAMPLE_HISTORIES: usize = 10_000_000;

/// Why a job gives no answer.
#[derive(Debug, thiserror::Error)]
pub enum JobError {
    /// The public state is too large to enumerate, or breaks the rules.
    #[error(transparent)]
    Filter(#[from] FilterError),
    /// A history could not be replayed (a defect).
    #[error(transparent)]
    History(#[from] HistoryError),
    /// The sampler cannot start on this public state and policy.
    #[error(transparent)]
    Start(McmcError),
    /// The sampler failed while running (a defect).
    #[error(transparent)]
    Sampling(McmcError),
    /// The public state has no history.
    #[error("the public state has no history")]
    NoHistory,
    /// The constructed history does not give the public state (a defect).
    #[error("the constructed history does not produce the public state")]
    Mismatch,
    /// No counting method has this id.
    #[error(transparent)]
    Unknown(#[from] UnknownId),
    /// An experiment's setting is out of range.
    #[error("{0}")]
    Setting(String),
}

impl JobError {
    /// A sampler's failure while running: a policy that gives a chain's start probability zero
    /// is the input's fault, anything else the program's.
    pub fn from_run(error: McmcError) -> JobError {
        match error {
            McmcError::History(_) => JobError::Sampling(error),
            _ => JobError::Start(error),
        }
    }

    /// Whether the fault is the program's rather than the input's.
    pub fn is_internal(&self) -> bool {
        matches!(
            self,
            JobError::History(_) | JobError::Sampling(_) | JobError::Mismatch
        )
    }
}

/// Counts the histories of a public state.
pub type Counter = fn(&PublicState, Progress<'_>) -> Result<BigUint, JobError>;

fn by_assignments(state: &PublicState, _: Progress<'_>) -> Result<BigUint, JobError> {
    Ok(state.constraints().count())
}

fn by_enumeration(state: &PublicState, progress: Progress<'_>) -> Result<BigUint, JobError> {
    refuse_more_than(state, EXACT_SAMPLE_HISTORIES, "enumerate")?;
    Ok(state.histories(usize::MAX, progress)?.len().into())
}

/// Counts the histories of `state` exactly (by suit-length assignments, without listing them)
/// and refuses a job that would `enumerate` more than `max` of them, before it starts.
pub fn refuse_more_than(state: &PublicState, max: usize, job: &str) -> Result<(), JobError> {
    let histories = state.constraints().count();
    if histories > BigUint::from(max) {
        return Err(JobError::Setting(format!(
            "the public state has {histories} histories (counted exactly), more than the {max} a \
             job may {job}: use `kalmar ohhell count` for their number, or `sample` without \
             --exact"
        )));
    }
    Ok(())
}

/// The ways of counting the histories of a public state.
pub static COUNTERS: Registry<Counter> = Registry::new(
    "counting method",
    &[
        Entry {
            id: "assignments",
            summary: "sum over suit-length assignments of the deals each allows",
            bounds: "polynomial in the assignments, which are few for a fixed number of suits",
            run: by_assignments,
        },
        Entry {
            id: "enumeration",
            summary: "the breadth-first enumeration of Theorem 2 with the Oh Hell pruner",
            bounds: "linear in the histories and their prefixes",
            run: by_enumeration,
        },
    ],
);

/// The number of histories of a public state.
#[derive(Clone, Debug, PartialEq)]
pub struct CountReport {
    /// The exact count.
    pub histories: BigUint,
    /// The counting method's id.
    pub method: &'static str,
    /// The time it took.
    pub seconds: f64,
}

impl CountReport {
    /// As JSON, `{"histories": N, "method": …, "seconds": …}`, with the count an exact integer
    /// of any size.
    pub fn to_json(&self) -> String {
        format!(
            "{{\"histories\": {}, \"method\": \"{}\", \"seconds\": {}}}",
            self.histories, self.method, self.seconds
        )
    }
}

/// Counts the histories of `state` by the method of this id.
pub fn count(
    state: &PublicState,
    method: &str,
    progress: Progress<'_>,
) -> Result<CountReport, JobError> {
    let entry = COUNTERS.get(method)?;
    let start = Instant::now();
    let histories = (entry.run)(state, progress)?;
    Ok(CountReport {
        histories,
        method: entry.id,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// A history with its probabilities.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Listed {
    /// The deal, by card names in deal order.
    pub deal: Vec<String>,
    /// Its reach probability.
    pub reach: Rational,
    /// Its probability given the public state.
    pub probability: Rational,
    /// The deal's cards.
    #[serde(skip)]
    pub cards: Vec<Card>,
}

/// The histories of a public state with positive reach, the first few listed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Listing {
    /// How many there are.
    pub histories: usize,
    /// The time taken.
    pub seconds: f64,
    /// The first ones, in order.
    pub shown: Vec<Listed>,
}

/// Weighs every history of `state` (at most `max` prefixes at a depth) under `policy`: the
/// deals with positive reach and their reach probabilities.
pub fn weighted_deals(
    state: &PublicState,
    policy: &DynPolicy,
    max: usize,
    progress: Progress<'_>,
) -> Result<Vec<(Vec<Card>, Rational)>, JobError> {
    let game = &state.game;
    refuse_more_than(state, max, "enumerate")?;
    Ok(weigh(game, policy, state.histories(max, progress)?)?
        .into_iter()
        .map(|(h, r)| (game.deal_of(&h), r.total()))
        .collect())
}

/// The histories of `state` with positive reach under `policy`, the first `limit` (0 for all)
/// with their probabilities; refused when a depth has more than `max` prefixes.
pub fn list(
    state: &PublicState,
    policy: &DynPolicy,
    limit: usize,
    max: usize,
    progress: Progress<'_>,
) -> Result<Listing, JobError> {
    let game = &state.game;
    let start = Instant::now();
    let weighted = weighted_deals(state, policy, max, progress)?;
    let seconds = start.elapsed().as_secs_f64();
    let total = weighted.iter().fold(Rational::from(0), |a, (_, r)| &a + r);
    let shown = if limit == 0 {
        weighted.len()
    } else {
        limit.min(weighted.len())
    };
    Ok(Listing {
        histories: weighted.len(),
        seconds,
        shown: weighted[..shown]
            .iter()
            .map(|(cards, reach)| Listed {
                deal: game.card_names(cards),
                reach: reach.clone(),
                probability: reach / &total,
                cards: cards.clone(),
            })
            .collect(),
    })
}

/// One history of a public state, built by maximum flow, or none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Construction {
    /// The deal, by card names, when there is one.
    pub history: Option<Vec<String>>,
    /// Cards each player still hides per suit (rows: players, then the stock).
    pub assignment: Option<Vec<Vec<u8>>>,
    /// The deal's cards.
    #[serde(skip)]
    pub cards: Option<Vec<Card>>,
}

/// Builds a history of `state` by maximum flow (Lemma 2) and checks it independently: replayed
/// by the rules, it gives the public observations.
pub fn construct(state: &PublicState) -> Result<Construction, JobError> {
    let game = &state.game;
    let constraints = state.constraints();
    let assignment = construct_assignment(&constraints);
    let cards = assignment.as_ref().map(|a| constraints.deal_in_order(a));
    if let Some(deal) = &cards {
        let observed = crate::public_state(game, &state.history(deal))?;
        if observed != state.observations() {
            return Err(JobError::Mismatch);
        }
    }
    Ok(Construction {
        history: cards.as_ref().map(|d| game.card_names(d)),
        assignment: assignment.map(|a| {
            (0..constraints.rows())
                .map(|r| (0..game.suits()).map(|s| a.get(r, s)).collect())
                .collect()
        }),
        cards,
    })
}

/// Settings of the Metropolis–Hastings sampler, as the command line gives them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SamplerSettings {
    /// Samples to draw in all.
    pub samples: usize,
    /// Chains run in parallel.
    pub chains: usize,
    /// Transitions before a chain's first sample.
    pub burn_in: usize,
    /// Transitions between two samples of a chain.
    pub thin: usize,
    /// The seed.
    pub seed: u64,
    /// Start from the maximum-flow history instead of a uniformly drawn one.
    pub flow_start: bool,
}

impl Default for SamplerSettings {
    fn default() -> Self {
        SamplerSettings {
            samples: 1000,
            chains: 4,
            burn_in: 20,
            thin: 20,
            seed: 1,
            flow_start: false,
        }
    }
}

/// The most memory the samples of one run may take (4 GiB), estimated before sampling.
pub const MAX_SAMPLE_BYTES: u64 = 4 << 30;

/// The most transitions one run may make (about hours at the sampler's millions per second).
pub const MAX_TRANSITIONS: u64 = 10_000_000_000;

impl SamplerSettings {
    /// Checks the settings before any work: at least one sample and one chain (more chains than
    /// samples run as many chains as samples), samples of `cards` cards that fit in [`MAX_SAMPLE_BYTES`] (each card kept
    /// as a byte and as its name), and at most [`MAX_TRANSITIONS`] transitions.
    pub fn check(&self, cards: usize) -> Result<(), JobError> {
        let setting = |s: String| Err(JobError::Setting(s));
        if self.samples == 0 {
            return setting("--samples must be at least 1".into());
        }
        if self.chains == 0 {
            return setting("--chains must be at least 1".into());
        }
        let bytes = self.samples as u64 * (48 + 40 * cards as u64);
        if bytes > MAX_SAMPLE_BYTES {
            return setting(format!(
                "{} samples of {cards} cards need about {:.1} GB, more than the {} GB allowed: draw fewer",
                self.samples,
                bytes as f64 / 1e9,
                MAX_SAMPLE_BYTES >> 30
            ));
        }
        let chains = self.chains.min(self.samples);
        let per_chain = self.samples.div_ceil(chains) as u64;
        let transitions = (chains as u64).saturating_mul(
            (self.burn_in as u64).saturating_add(per_chain.saturating_mul(self.thin.max(1) as u64)),
        );
        if transitions > MAX_TRANSITIONS {
            return setting(format!(
                "{transitions} transitions (chains × (burn-in + samples per chain × thin)) would take hours; \
                 at most {MAX_TRANSITIONS} are run: lower --burn-in, --thin or --samples"
            ));
        }
        Ok(())
    }

    /// The sampler's configuration for `samples` samples in all.
    pub fn config(&self, samples: usize) -> McmcConfig {
        let chains = self.chains.clamp(1, samples.max(1));
        McmcConfig {
            start: if self.flow_start {
                Start::Flow
            } else {
                Start::Uniform
            },
            chains,
            samples_per_chain: samples.div_ceil(chains),
            burn_in: self.burn_in,
            thin: self.thin.max(1),
            seed: self.seed,
        }
    }
}

/// Histories drawn from a public state.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Samples {
    /// The deals, by card names.
    pub samples: Vec<Vec<String>>,
    /// The sampler's transitions (0 for exact sampling).
    pub transitions: u64,
    /// Proposals accepted.
    pub accepted: u64,
    /// The time taken.
    pub seconds: f64,
    /// The deals' cards.
    #[serde(skip)]
    pub cards: Vec<Vec<Card>>,
}

impl Samples {
    /// The share of proposals accepted.
    pub fn acceptance(&self) -> f64 {
        self.accepted as f64 / self.transitions.max(1) as f64
    }
}

/// Draws `settings.samples` histories of `state` in proportion to their reach under `policy`:
/// by the RingSwap sampler, or with `exact` from the enumerated histories.
pub fn sample(
    state: &PublicState,
    policy: &DynPolicy,
    settings: &SamplerSettings,
    exact: bool,
) -> Result<Samples, JobError> {
    settings.check(state.game.dealt())?;
    let start = Instant::now();
    let (cards, transitions, accepted) = if exact {
        let weighted = weighted_deals(state, policy, EXACT_SAMPLE_HISTORIES, None)?;
        if weighted.is_empty() {
            return Err(JobError::NoHistory);
        }
        let sampler = ExactSampler::new(weighted);
        let mut rng = ChaCha8Rng::seed_from_u64(settings.seed);
        let cards: Vec<Vec<Card>> = (0..settings.samples)
            .map(|_| sampler.sample(&mut rng).clone())
            .collect();
        (cards, 0, 0)
    } else {
        let sampler = Sampler::new(state, policy).map_err(JobError::Start)?;
        let mut run = sampler
            .run(&settings.config(settings.samples))
            .map_err(JobError::from_run)?;
        run.samples.truncate(settings.samples);
        (run.samples, run.transitions, run.accepted)
    };
    Ok(Samples {
        samples: cards.iter().map(|d| state.game.card_names(d)).collect(),
        transitions,
        accepted,
        seconds: start.elapsed().as_secs_f64(),
        cards,
    })
}
