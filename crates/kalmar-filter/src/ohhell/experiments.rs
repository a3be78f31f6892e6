//! The paper's experiments on Oh Hell, one call each: Table 1 (counting and enumerating three
//! public states), the samplers' total-variation distance to the exact distribution, the scale
//! run on a 52-card public state with its MCMC diagnostics (transitions per second, acceptance,
//! Gelman and Rubin's R-hat), and Figure 4 (value-estimation error against samples). Each
//! returns a typed report whose serialisation is the command line's JSON.
//!
//! ```
//! use kalmar_filter::Uniform;
//! use kalmar_filter::ohhell::experiments::{r_hat, table1};
//! let table = table1(true, None).unwrap();
//! assert_eq!(table.rows[0].histories, 192);
//! assert!(table.matches_paper());
//! // Two chains that agree have an R-hat near 1.
//! let r = r_hat(&[vec![1.0, 2.0, 3.0, 2.0], vec![2.0, 1.0, 2.0, 3.0]]);
//! assert!((r - 1.0).abs() < 0.2);
//! ```

use super::jobs::{DynPolicy, JobError, Progress, SamplerSettings, weighted_deals};
use super::{Card, PublicState, Sampler, UniformDeals};
use crate::filter::ExactSampler;
use foldhash::HashMap;
use kalmar_core::{Player, Rational};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use std::time::Instant;

/// The public states of Table 1, with the numbers of histories the paper gives.
pub const TABLE1: [(&str, u64); 3] = [
    (
        "game players=3 suits=2 ranks=4 tricks=2; trump Jd; bids 1 0 0; plays Kc Qc Jc",
        192,
    ),
    (
        "game players=3 suits=3 ranks=4 tricks=3; trump Jh; bids 1 1 0; plays Ac Kc Qc Ad Kd Qd",
        12_960,
    ),
    (
        "game players=3 suits=3 ranks=4 tricks=3; trump Jh; bids 1 1 0; plays Ac Kc Qc",
        544_320,
    ),
];

/// The 52-card public state of the scale experiment.
pub const SCALE_STATE: &str =
    "game players=4 suits=4 ranks=13 tricks=12; trump 7d; bids 3 2 4 1; plays Kc 4c Ac 9c";

/// Public state `index` of Table 1.
fn table1_state(index: usize) -> PublicState {
    PublicState::parse(TABLE1[index].0).expect("Table 1's public states are well formed")
}

/// A row of Table 1.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Table1Row {
    /// The public state, as text.
    pub public_state: String,
    /// The paper's number of histories.
    pub paper: u64,
    /// The histories enumerated.
    pub histories: usize,
    /// The histories counted by assignments (when the count fits).
    pub counted: Option<u64>,
    /// The time counting took.
    pub count_seconds: f64,
    /// The time enumerating took.
    pub enumerate_seconds: f64,
    /// Enumerated histories per second.
    pub histories_per_second: f64,
    /// The public state.
    #[serde(skip)]
    pub state: PublicState,
}

/// Table 1.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Table1 {
    /// `"table1"`.
    pub experiment: &'static str,
    /// Its rows.
    pub rows: Vec<Table1Row>,
}

impl Table1 {
    /// Whether every count is the paper's.
    pub fn matches_paper(&self) -> bool {
        self.rows
            .iter()
            .all(|r| r.histories as u64 == r.paper && r.counted == Some(r.paper))
    }
}

/// Table 1: each public state counted and enumerated (with `small`, the first two only).
pub fn table1(small: bool, mut progress: Progress<'_>) -> Result<Table1, JobError> {
    let mut report = |depth: usize, kept: usize| {
        if let Some(progress) = progress.as_mut() {
            progress(depth, kept);
        }
    };
    let mut rows = Vec::new();
    for (index, &(_, paper)) in TABLE1.iter().enumerate().take(if small { 2 } else { 3 }) {
        let state = table1_state(index);
        let start = Instant::now();
        let counted = state.constraints().count();
        let count_seconds = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let histories = state.histories(usize::MAX, Some(&mut report))?.len();
        let enumerate_seconds = start.elapsed().as_secs_f64();
        rows.push(Table1Row {
            public_state: state.to_text(),
            paper,
            histories,
            counted: counted.to_string().parse().ok(),
            count_seconds,
            enumerate_seconds,
            histories_per_second: histories as f64 / enumerate_seconds,
            state,
        });
    }
    Ok(Table1 {
        experiment: "table1",
        rows,
    })
}

/// Total-variation distance between the empirical distribution of `samples` and `exact`.
pub fn total_variation(exact: &[(Vec<Card>, f64)], samples: &[Vec<Card>]) -> f64 {
    let mut seen: HashMap<&[Card], usize> = Default::default();
    for s in samples {
        *seen.entry(s.as_slice()).or_default() += 1;
    }
    let n = samples.len() as f64;
    exact
        .iter()
        .map(|(deal, p)| (p - seen.get(deal.as_slice()).copied().unwrap_or(0) as f64 / n).abs())
        .sum::<f64>()
        / 2.0
}

/// A row of the distance experiment.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DistanceRow {
    /// Samples drawn.
    pub samples: usize,
    /// The sampler's distance to the exact distribution.
    pub mcmc: f64,
    /// Exact sampling's distance, for comparison.
    pub exact: f64,
}

/// The distance experiment.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Distance {
    /// `"distance"`.
    pub experiment: &'static str,
    /// The histories of the public state.
    pub histories: usize,
    /// 100, 1000, … samples up to the settings' number.
    pub rows: Vec<DistanceRow>,
}

/// The samplers' total-variation distance to the exact distribution of Table 1's smallest
/// public state, for 100, 1000, … samples.
pub fn distance(policy: &DynPolicy, settings: &SamplerSettings) -> Result<Distance, JobError> {
    let state = table1_state(0);
    let weighted = weighted_deals(&state, policy, usize::MAX, None)?;
    let total = weighted.iter().fold(Rational::from(0), |a, (_, p)| &a + p);
    let exact: Vec<(Vec<Card>, f64)> = weighted
        .iter()
        .map(|(d, p)| (d.clone(), (p / &total).to_f64()))
        .collect();
    let exact_sampler = ExactSampler::new(weighted);
    let sampler = Sampler::new(&state, policy).map_err(JobError::Start)?;
    let mut rows = Vec::new();
    let mut n = 100;
    while n <= settings.samples.max(100) {
        let run = sampler
            .run(&settings.config(n))
            .map_err(JobError::Sampling)?;
        let mut rng = ChaCha8Rng::seed_from_u64(settings.seed);
        let draws: Vec<Vec<Card>> = (0..run.samples.len())
            .map(|_| exact_sampler.sample(&mut rng).clone())
            .collect();
        rows.push(DistanceRow {
            samples: run.samples.len(),
            mcmc: total_variation(&exact, &run.samples),
            exact: total_variation(&exact, &draws),
        });
        n *= 10;
    }
    Ok(Distance {
        experiment: "distance",
        histories: TABLE1[0].1 as usize,
        rows,
    })
}

/// Gelman and Rubin's potential scale reduction factor of per-chain series (NaN with fewer
/// than two chains or two samples each).
pub fn r_hat(chains: &[Vec<f64>]) -> f64 {
    let m = chains.len() as f64;
    let n = chains.iter().map(Vec::len).min().unwrap_or(0) as f64;
    if m < 2.0 || n < 2.0 {
        return f64::NAN;
    }
    let means: Vec<f64> = chains.iter().map(|c| c.iter().sum::<f64>() / n).collect();
    let grand = means.iter().sum::<f64>() / m;
    let between = n / (m - 1.0) * means.iter().map(|x| (x - grand).powi(2)).sum::<f64>();
    let within = chains
        .iter()
        .zip(&means)
        .map(|(c, mean)| c.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0))
        .sum::<f64>()
        / m;
    (((n - 1.0) / n * within + between / n) / within).sqrt()
}

/// The scale experiment.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Scale {
    /// `"scale"`.
    pub experiment: &'static str,
    /// The public state, as text.
    pub public_state: String,
    /// Its number of histories, in decimal.
    pub histories: String,
    /// Samples drawn.
    pub samples: usize,
    /// The sampler's transitions.
    pub transitions: u64,
    /// Proposals accepted.
    pub accepted: u64,
    /// The sampler's time.
    pub seconds: f64,
    /// Transitions per second.
    pub transitions_per_second: f64,
    /// Exact uniform draws (no policy) per second, for comparison.
    pub uniform_draws_per_second: f64,
    /// R-hat of the number of trumps in player 0's hand across chains.
    pub r_hat: f64,
    /// The public state.
    #[serde(skip)]
    pub state: PublicState,
    /// The chains run.
    #[serde(skip)]
    pub chains: usize,
}

/// The sampler on a 52-card public state early in the game: its speed, acceptance and R-hat.
pub fn scale(policy: &DynPolicy, settings: &SamplerSettings) -> Result<Scale, JobError> {
    let state = PublicState::parse(SCALE_STATE).expect("the scale state is well formed");
    let game = state.game;
    settings.check(game.dealt())?;
    let sampler = Sampler::new(&state, policy).map_err(JobError::Start)?;
    let histories = sampler.constraints().count();
    let config = settings.config(settings.samples);
    let start = Instant::now();
    let run = sampler.run(&config).map_err(JobError::from_run)?;
    let seconds = start.elapsed().as_secs_f64();
    let trump = game.suit(state.trump);
    let series: Vec<Vec<f64>> = run
        .samples
        .chunks(config.samples_per_chain)
        .map(|chain| {
            chain
                .iter()
                .map(|deal| {
                    deal.iter()
                        .enumerate()
                        .filter(|&(j, &c)| game.receiver(j) == Player(0) && game.suit(c) == trump)
                        .count() as f64
                })
                .collect()
        })
        .collect();
    let uniform = UniformDeals::new(sampler.constraints()).ok_or(JobError::NoHistory)?;
    let mut rng = ChaCha8Rng::seed_from_u64(settings.seed);
    let started = Instant::now();
    let draws = 1000;
    for _ in 0..draws {
        std::hint::black_box(uniform.deal(&mut rng));
    }
    let uniform_draws_per_second = draws as f64 / started.elapsed().as_secs_f64();
    Ok(Scale {
        experiment: "scale",
        public_state: state.to_text(),
        histories: histories.to_string(),
        samples: run.samples.len(),
        transitions: run.transitions,
        accepted: run.accepted,
        seconds,
        transitions_per_second: run.transitions as f64 / seconds,
        uniform_draws_per_second,
        r_hat: r_hat(&series),
        chains: config.chains,
        state,
    })
}
