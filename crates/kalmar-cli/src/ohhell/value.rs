//! `kalmar ohhell experiment value`: Figure 4 of the paper — the error of estimating a public
//! belief state's value `V^π(S) = Σ_h P^π(h|S) V^π(h)` from samples, against the number of
//! samples, for exact ("true") sampling, importance sampling with a uniform proposal (weights: the
//! unnormalised reach probabilities) and the Metropolis–Hastings sampler with several burn-ins.
//! Each method is run `runs` times; the mean absolute error and its standard error are written as
//! a table, a CSV file and an SVG plot.

use super::{DynPolicy, PolicyArgs, TABLE1, deal_of, enumerate_state};
use crate::bad_input;
use foldhash::HashMap;
use kalmar_core::{Player, Rational};
use kalmar_filter::filter::{ExactSampler, weigh};
use kalmar_filter::ohhell::{Card, McmcConfig, PublicState, Sampler, Start};
use kalmar_filter::reach::expected_utilities;
use plotters::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct ValueArgs {
    /// The public state: Table 1's `192`, `12960` or `544320` (the last takes minutes).
    #[arg(long, default_value = "192", value_name = "SIZE")]
    size: String,
    #[command(flatten)]
    policy: PolicyArgs,
    /// The player whose value is estimated.
    #[arg(long, default_value_t = 0, value_name = "P")]
    player: usize,
    /// Independent runs of each method.
    #[arg(long, default_value_t = 100, value_name = "N")]
    runs: usize,
    /// The largest number of samples.
    #[arg(long, default_value_t = 1000, value_name = "N")]
    max_samples: usize,
    /// The burn-ins of the sampler (each sample follows this many transitions).
    #[arg(
        long,
        default_value = "1,5,20",
        value_delimiter = ',',
        value_name = "B,…"
    )]
    burn_ins: Vec<usize>,
    /// Write the errors as CSV (method, samples, mean error, standard error).
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
    /// Draw the errors as an SVG plot.
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// The seed of run 0 (run r uses seed + r).
    #[arg(long, default_value_t = 1, value_name = "N")]
    seed: u64,
}

/// One curve: a method's mean error and standard error at each sample count.
struct Curve {
    method: String,
    points: Vec<(usize, f64, f64)>,
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
            (n, mean, (variance / k).sqrt())
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

pub fn run(args: &ValueArgs) -> anyhow::Result<()> {
    let index = match args.size.as_str() {
        "192" => 0,
        "12960" => 1,
        "544320" => 2,
        other => {
            return Err(bad_input(format!(
                "--size {other}: expected 192, 12960 or 544320"
            )));
        }
    };
    let policy: Box<DynPolicy> = args.policy.load()?;
    let state = PublicState::parse(TABLE1[index].0).map_err(bad_input)?;
    let game = state.game;
    if args.player >= game.players() {
        return Err(bad_input(format!(
            "--player {}: the game has {} players",
            args.player,
            game.players()
        )));
    }
    if args.runs < 2 || args.max_samples == 0 {
        return Err(bad_input(
            "--runs must be at least 2 and --max-samples at least 1",
        ));
    }
    let bar = crate::progress::spinner("computing the value of every history");
    let weighted = weigh(&game, &*policy, enumerate_state(&state, usize::MAX)?)?;
    let total = weighted
        .iter()
        .fold(Rational::from(0), |a, (_, r)| &a + &r.total());
    let mut truth = Rational::from(0);
    let mut values: HashMap<Vec<Card>, f64> = HashMap::default();
    let mut table: Vec<(Vec<Card>, f64, f64)> = Vec::with_capacity(weighted.len());
    let mut exact_weights = Vec::with_capacity(weighted.len());
    for (h, r) in &weighted {
        let v = expected_utilities(&game, &*policy, h)?[Player::new(args.player).index()].clone();
        let p = &r.total() / &total;
        truth = &truth + &(&p * &v);
        let deal = deal_of(&game, h);
        values.insert(deal.clone(), v.to_f64());
        table.push((deal, v.to_f64(), p.to_f64()));
        exact_weights.push((v.to_f64(), p));
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let truth_f = truth.to_f64();
    let checkpoints = checkpoints(args.max_samples);
    let exact = ExactSampler::new(exact_weights);
    let mut curves = Vec::new();

    // Exact ("true") sampling and importance sampling with a uniform proposal.
    let mut true_errors = Vec::new();
    let mut importance_errors = Vec::new();
    for r in 0..args.runs {
        let mut rng = ChaCha8Rng::seed_from_u64(args.seed + r as u64);
        let draws: Vec<(f64, f64)> = (0..args.max_samples)
            .map(|_| (*exact.sample(&mut rng), 1.0))
            .collect();
        true_errors.push(running_errors(&draws, truth_f, &checkpoints));
        let draws: Vec<(f64, f64)> = (0..args.max_samples)
            .map(|_| {
                let (_, v, p) = &table[rng.random_range(0..table.len())];
                (*v, *p)
            })
            .collect();
        importance_errors.push(running_errors(&draws, truth_f, &checkpoints));
    }
    curves.push(curve("true".into(), &true_errors, &checkpoints));
    curves.push(curve(
        "importance (uniform)".into(),
        &importance_errors,
        &checkpoints,
    ));

    let sampler = Sampler::new(&state, &*policy).map_err(bad_input)?;
    for &burn_in in &args.burn_ins {
        let bar = crate::progress::spinner(&format!("sampler, burn-in {burn_in}"));
        let mut errors = Vec::new();
        for r in 0..args.runs {
            let config = McmcConfig {
                start: Start::Uniform,
                chains: 1,
                samples_per_chain: args.max_samples,
                burn_in,
                thin: burn_in.max(1),
                seed: args.seed + r as u64,
            };
            let run = sampler.run(&config)?;
            let draws: Vec<(f64, f64)> = run
                .samples
                .iter()
                .map(|deal| (values.get(deal).copied().unwrap_or(f64::NAN), 1.0))
                .collect();
            errors.push(running_errors(&draws, truth_f, &checkpoints));
        }
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        curves.push(curve(
            format!("MCMC burn-in {burn_in}"),
            &errors,
            &checkpoints,
        ));
    }

    if let Some(path) = &args.csv {
        let mut csv = String::from("method,samples,mean_error,standard_error\n");
        for c in &curves {
            for (n, mean, se) in &c.points {
                csv += &format!("{},{n},{mean},{se}\n", c.method);
            }
        }
        std::fs::write(path, csv).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    }
    if let Some(path) = &args.plot {
        plot(path, &curves, table.len()).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    }
    if args.json {
        let curves: Vec<_> = curves
            .iter()
            .map(|c| {
                let points: Vec<_> = c
                    .points
                    .iter()
                    .map(|(n, m, s)| json!({"samples": n, "mean_error": m, "standard_error": s}))
                    .collect();
                json!({"method": c.method, "points": points})
            })
            .collect();
        say!(
            "{}",
            json!({"experiment": "value", "histories": table.len(), "value": truth.to_string(), "runs": args.runs, "curves": curves})
        );
        return Ok(());
    }
    say!(
        "Value of player {} at the {}-history public state: {truth} ({truth_f:.4}); mean absolute \
         error of the estimate over {} runs (± one standard error)",
        args.player,
        table.len(),
        args.runs
    );
    let header: Vec<&str> = curves.iter().map(|c| c.method.as_str()).collect();
    say!("| samples | {} |", header.join(" | "));
    say!("|---|{}", "---|".repeat(curves.len()));
    for (i, n) in checkpoints.iter().enumerate() {
        let cells: Vec<String> = curves
            .iter()
            .map(|c| format!("{:.3} ± {:.3}", c.points[i].1, c.points[i].2))
            .collect();
        say!("| {n} | {} |", cells.join(" | "));
    }
    Ok(())
}

/// Draws the curves with error bars on a logarithmic sample axis.
fn plot(
    path: &PathBuf,
    curves: &[Curve],
    histories: usize,
) -> Result<(), Box<dyn std::error::Error>> {
    let max_n = curves
        .iter()
        .flat_map(|c| c.points.iter().map(|p| p.0))
        .max()
        .unwrap_or(1) as f64;
    let top = curves
        .iter()
        .flat_map(|c| c.points.iter().map(|p| p.1 + p.2))
        .fold(0.0, f64::max)
        * 1.05;
    let root = SVGBackend::new(path, (900, 560)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("Value estimation error, {histories} histories"),
            ("sans-serif", 22),
        )
        .margin(15)
        .x_label_area_size(45)
        .y_label_area_size(65)
        .build_cartesian_2d((1f64..max_n).log_scale(), 0f64..top.max(1e-9))?;
    chart
        .configure_mesh()
        .x_desc("samples")
        .y_desc("mean absolute error")
        .draw()?;
    for (i, c) in curves.iter().enumerate() {
        let color = Palette99::pick(i).to_rgba();
        chart
            .draw_series(LineSeries::new(
                c.points.iter().map(|&(n, m, _)| (n as f64, m)),
                color,
            ))?
            .label(c.method.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color));
        chart.draw_series(c.points.iter().map(|&(n, m, s)| {
            ErrorBar::new_vertical(n as f64, m - s, m, m + s, color.filled(), 6)
        }))?;
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}
