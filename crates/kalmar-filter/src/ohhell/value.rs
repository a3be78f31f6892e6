//! Figure 4 of the paper: the error of estimating a public belief state's value
//! `V^π(S) = Σ_h P^π(h|S) V^π(h)` from samples, against the number of samples, for exact
//! ("true") sampling, importance sampling with a uniform proposal (weights: the unnormalised
//! reach probabilities) and the Metropolis–Hastings sampler with several burn-ins. Each method
//! is run `runs` times; each curve is the mean absolute error and its standard error.
//!
//! ```
//! use kalmar_filter::Uniform;
//! use kalmar_filter::ohhell::value::{ValueSettings, value};
//! let settings =
//!     ValueSettings { runs: 2, max_samples: 10, burn_ins: vec![1], ..Default::default() };
//! let experiment = value(&settings, &Uniform, &mut |_| {}).unwrap();
//! assert_eq!(experiment.histories, 192);
//! // true, importance (uniform) and one burn-in, at 1, 2, 5 and 10 samples.
//! assert_eq!(experiment.curves.len(), 3);
//! assert_eq!(experiment.checkpoints, [1, 2, 5, 10]);
//! assert!(experiment.csv().starts_with("method,samples,mean_error,standard_error\n"));
//! assert!(experiment.plot().to_svg().unwrap().contains("importance (uniform)"));
//! ```

use super::experiments::TABLE1;
use super::jobs::{DynPolicy, JobError, Progress, refuse_more_than};
use super::{Card, McmcConfig, PublicState, Sampler, Start};
use crate::filter::{ExactSampler, weigh};
use crate::reach::expected_utilities;
use foldhash::HashMap;
use kalmar_core::Rational;
use kalmar_plot::{Plot, Scale, Series};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

/// What the experiment runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueSettings {
    /// The public state: the number of histories of one of Table 1's, as `192`.
    pub size: String,
    /// The player whose value is estimated.
    pub player: usize,
    /// Independent runs of each method (at least 2).
    pub runs: usize,
    /// The largest number of samples (at least 1).
    pub max_samples: usize,
    /// The sampler's burn-ins.
    pub burn_ins: Vec<usize>,
    /// The seed of run 0 (run r uses seed + r).
    pub seed: u64,
}

impl Default for ValueSettings {
    fn default() -> Self {
        ValueSettings {
            size: "192".to_string(),
            player: 0,
            runs: 100,
            max_samples: 1000,
            burn_ins: vec![1, 5, 20],
            seed: 1,
        }
    }
}

/// A curve's point: the mean absolute error and its standard error after some samples.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Point {
    /// Samples drawn.
    pub samples: usize,
    /// Mean absolute error over the runs.
    pub mean_error: f64,
    /// Its standard error.
    pub standard_error: f64,
}

/// A method's curve.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Curve {
    /// The method.
    pub method: String,
    /// One point per checkpoint.
    pub points: Vec<Point>,
}

/// The experiment's result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ValueExperiment {
    /// `"value"`.
    pub experiment: &'static str,
    /// The public state's histories.
    pub histories: usize,
    /// The exact value (in JSON a string `p/q`, as every rational).
    pub value: Rational,
    /// Runs per method.
    pub runs: usize,
    /// The curves.
    pub curves: Vec<Curve>,
    /// The sample counts of the points: 1, 2, 5, 10, 20, 50, …
    #[serde(skip)]
    pub checkpoints: Vec<usize>,
    /// The player whose value it is.
    #[serde(skip)]
    pub player: usize,
}

impl ValueExperiment {
    /// The curves as CSV: method, samples, mean error, standard error.
    pub fn csv(&self) -> String {
        let mut csv = String::from("method,samples,mean_error,standard_error\n");
        for c in &self.curves {
            for p in &c.points {
                csv += &format!(
                    "{},{},{},{}\n",
                    c.method, p.samples, p.mean_error, p.standard_error
                );
            }
        }
        csv
    }

    /// The curves as a plot: mean absolute error (± one standard error) against samples, on a
    /// logarithmic sample axis.
    pub fn plot(&self) -> Plot {
        let points = || self.curves.iter().flat_map(|c| c.points.iter());
        let max_samples = points().map(|p| p.samples).max().unwrap_or(1).max(2);
        let top = points()
            .map(|p| p.mean_error + p.standard_error)
            .fold(0.0, f64::max);
        let mut plot = Plot::new(format!(
            "Value estimation error, {} histories",
            self.histories
        ))
        .x_axis("samples", Scale::Log)
        .y_axis("mean absolute error", Scale::Linear)
        .x_range(1.0, max_samples as f64)
        .y_range(0.0, (top * 1.05).max(1e-9));
        for c in &self.curves {
            let xy = c.points.iter().map(|p| (p.samples as f64, p.mean_error));
            let errors = c.points.iter().map(|p| p.standard_error).collect();
            plot = plot.series(Series::new(c.method.clone(), xy.collect()).errors(errors));
        }
        plot
    }
}

/// The sample counts of the curves: 1, 2, 5, 10, 20, 50, … up to `max`.
fn checkpoints(max: usize) -> Vec<usize> {
    let mut points = Vec::new();
    let mut decade = 1;
    'outer: loop {
        for m in [1, 2, 5] {
            if m * decade > max {
                break 'outer;
            }
            points.push(m * decade);
        }
        decade *= 10;
    }
    points
}

/// The mean absolute error of the running estimates at each checkpoint, over runs.
fn curve(method: String, errors: &[Vec<f64>], checkpoints: &[usize]) -> Curve {
    let points = checkpoints
        .iter()
        .enumerate()
        .map(|(i, &n)| {
            let values: Vec<f64> = errors.iter().map(|run| run[i]).collect();
            let k = values.len() as f64;
            let mean = values.iter().sum::<f64>() / k;
            let variance =
                values.iter().map(|e| (e - mean).powi(2)).sum::<f64>() / (k - 1.0).max(1.0);
            Point {
                samples: n,
                mean_error: mean,
                standard_error: (variance / k).sqrt(),
            }
        })
        .collect();
    Curve { method, points }
}

/// The errors at each checkpoint of the weighted running means of `(value, weight)` draws.
fn running_errors(draws: &[(f64, f64)], truth: f64, checkpoints: &[usize]) -> Vec<f64> {
    let (mut sum, mut weights, mut next) = (0.0, 0.0, 0);
    let mut errors = Vec::with_capacity(checkpoints.len());
    for (i, &(v, w)) in draws.iter().enumerate() {
        sum += v * w;
        weights += w;
        while next < checkpoints.len() && checkpoints[next] == i + 1 {
            errors.push((sum / weights - truth).abs());
            next += 1;
        }
    }
    errors
}

/// A history of a public state with its probability given the state and what each player
/// expects from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryValue {
    /// The deal, in deal order.
    pub cards: Vec<Card>,
    /// P^π(h|S): its reach over the reach of all the state's histories.
    pub probability: Rational,
    /// V^π(h): each player's expected utility when play goes on from it under the policy.
    pub utilities: Vec<Rational>,
}

/// Every history of `state` with positive reach under `policy` (refused when it has more than
/// `max`, counted before they are listed), with its probability given the state and the
/// players' expected utilities from it. Play is continued to the end of the hand in full, so
/// this is for states near the end of one (as Table 1's are).
///
/// ```
/// use kalmar_filter::Uniform;
/// use kalmar_filter::ohhell::PublicState;
/// use kalmar_filter::ohhell::value::{history_values, public_value};
/// let state = PublicState::parse(
///     "game players=3 suits=2 ranks=4 tricks=2; trump Jd; bids 1 0 0; plays Kc Qc Jc",
/// )
/// .unwrap();
/// let histories = history_values(&state, &Uniform, 1000, None).unwrap();
/// assert_eq!(histories.len(), 192);
/// let total = histories.iter().fold(kalmar_core::Rational::from(0), |a, h| &a + &h.probability);
/// assert_eq!(total, 1.into());
/// assert_eq!(public_value(&histories).len(), 3);
/// ```
pub fn history_values(
    state: &PublicState,
    policy: &DynPolicy,
    max: usize,
    progress: Progress<'_>,
) -> Result<Vec<HistoryValue>, JobError> {
    let game = &state.game;
    refuse_more_than(state, max, "enumerate")?;
    let weighted = weigh(game, policy, state.histories(max, progress)?)?;
    let total = weighted
        .iter()
        .fold(Rational::from(0), |a, (_, r)| &a + &r.total());
    weighted
        .iter()
        .map(|(h, r)| {
            Ok(HistoryValue {
                cards: game.deal_of(h),
                probability: &r.total() / &total,
                utilities: expected_utilities(game, policy, h)?,
            })
        })
        .collect()
}

/// The value of a public state to each player, V^π(S) = Σ_h P^π(h|S) V^π(h), from its
/// histories' values ([`history_values`]); empty when there are none.
pub fn public_value(histories: &[HistoryValue]) -> Vec<Rational> {
    let players = histories.first().map_or(0, |h| h.utilities.len());
    let mut value = vec![Rational::from(0); players];
    for h in histories {
        for (v, u) in value.iter_mut().zip(&h.utilities) {
            *v = &*v + &(&h.probability * u);
        }
    }
    value
}

/// Runs the experiment; `stage` is told what is being computed.
pub fn value(
    settings: &ValueSettings,
    policy: &DynPolicy,
    stage: &mut dyn FnMut(&str),
) -> Result<ValueExperiment, JobError> {
    let sizes: Vec<String> = TABLE1.iter().map(|(_, n)| n.to_string()).collect();
    let text = TABLE1
        .iter()
        .zip(&sizes)
        .find(|&(_, n)| *n == settings.size)
        .map(|(&(text, _), _)| text)
        .ok_or_else(|| {
            JobError::Setting(format!(
                "--size {}: expected {} or {}",
                settings.size,
                sizes[..sizes.len() - 1].join(", "),
                sizes[sizes.len() - 1]
            ))
        })?;
    let state = PublicState::parse(text).expect("Table 1's public states are well formed");
    let game = state.game;
    if settings.player >= game.players() {
        return Err(JobError::Setting(format!(
            "--player {}: the game has {} players",
            settings.player,
            game.players()
        )));
    }
    if settings.runs < 2 || settings.max_samples == 0 {
        return Err(JobError::Setting(
            "--runs must be at least 2 and --max-samples at least 1".to_string(),
        ));
    }
    stage("computing the value of every history");
    let histories = history_values(&state, policy, usize::MAX, None)?;
    let truth = public_value(&histories)[settings.player].clone();
    let mut values: HashMap<Vec<Card>, f64> = HashMap::default();
    let mut table: Vec<(f64, f64)> = Vec::with_capacity(histories.len());
    let mut exact_weights = Vec::with_capacity(histories.len());
    for h in histories {
        let v = h.utilities[settings.player].to_f64();
        table.push((v, h.probability.to_f64()));
        exact_weights.push((v, h.probability));
        values.insert(h.cards, v);
    }
    let truth_f = truth.to_f64();
    let checkpoints = checkpoints(settings.max_samples);
    let exact = ExactSampler::new(exact_weights);
    let mut curves = Vec::new();

    // Exact ("true") sampling and importance sampling with a uniform proposal.
    let mut true_errors = Vec::new();
    let mut importance_errors = Vec::new();
    for r in 0..settings.runs {
        let mut rng = ChaCha8Rng::seed_from_u64(settings.seed + r as u64);
        let draws: Vec<(f64, f64)> = (0..settings.max_samples)
            .map(|_| (*exact.sample(&mut rng), 1.0))
            .collect();
        true_errors.push(running_errors(&draws, truth_f, &checkpoints));
        let draws: Vec<(f64, f64)> = (0..settings.max_samples)
            .map(|_| table[rng.random_range(0..table.len())])
            .collect();
        importance_errors.push(running_errors(&draws, truth_f, &checkpoints));
    }
    curves.push(curve("true".into(), &true_errors, &checkpoints));
    curves.push(curve(
        "importance (uniform)".into(),
        &importance_errors,
        &checkpoints,
    ));

    let sampler = Sampler::new(&state, policy).map_err(JobError::Start)?;
    for &burn_in in &settings.burn_ins {
        stage(&format!("sampler, burn-in {burn_in}"));
        let mut errors = Vec::new();
        for r in 0..settings.runs {
            let config = McmcConfig {
                start: Start::Uniform,
                chains: 1,
                samples_per_chain: settings.max_samples,
                burn_in,
                thin: burn_in.max(1),
                seed: settings.seed + r as u64,
            };
            let run = sampler.run(&config).map_err(JobError::Sampling)?;
            let draws: Vec<(f64, f64)> = run
                .samples
                .iter()
                .map(|deal| (values.get(deal).copied().unwrap_or(f64::NAN), 1.0))
                .collect();
            errors.push(running_errors(&draws, truth_f, &checkpoints));
        }
        curves.push(curve(
            format!("MCMC burn-in {burn_in}"),
            &errors,
            &checkpoints,
        ));
    }
    Ok(ValueExperiment {
        experiment: "value",
        histories: table.len(),
        value: truth,
        runs: settings.runs,
        curves,
        checkpoints,
        player: settings.player,
    })
}
