//! `kalmar ohhell experiment value`: Figure 4 of the paper (computed by
//! `kalmar_filter::ohhell::value`) — the error of estimating a public belief state's value from
//! samples, written as a table, a CSV file and an SVG plot.

use super::{PolicyArgs, failed};
use kalmar_filter::ohhell::value::{ValueSettings, value};
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
    /// Draw the errors as an SVG plot (`--plot` is an old name).
    #[arg(long = "svg", alias = "plot", value_name = "FILE")]
    plot: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// The seed of run 0 (run r uses seed + r).
    #[arg(long, default_value_t = 1, value_name = "N")]
    seed: u64,
}

pub fn run(args: &ValueArgs) -> anyhow::Result<()> {
    let settings = ValueSettings {
        size: args.size.clone(),
        player: args.player,
        runs: args.runs,
        max_samples: args.max_samples,
        burn_ins: args.burn_ins.clone(),
        seed: args.seed,
    };
    let policy = args.policy.load()?;
    let bar = crate::progress::spinner("computing the value of every history");
    let result = value(&settings, &policy, &mut |stage| {
        if let Some(bar) = &bar {
            bar.set_message(stage.to_string());
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let experiment = result.map_err(failed)?;
    if let Some(path) = &args.csv {
        std::fs::write(path, experiment.csv())
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
    }
    if let Some(path) = &args.plot {
        experiment.plot().write_svg(path)?;
    }
    if args.json {
        say!("{}", serde_json::to_string(&experiment)?);
        return Ok(());
    }
    let truth = &experiment.value;
    say!(
        "Value of player {} at the {}-history public state: {truth} ({:.4}); mean absolute \
         error of the estimate over {} runs (± one standard error)",
        experiment.player,
        experiment.histories,
        truth.to_f64(),
        experiment.runs
    );
    let curves = &experiment.curves;
    let header: Vec<&str> = curves.iter().map(|c| c.method.as_str()).collect();
    say!("| samples | {} |", header.join(" | "));
    say!("|---|{}", "---|".repeat(curves.len()));
    for (i, n) in experiment.checkpoints.iter().enumerate() {
        let cells: Vec<String> = curves
            .iter()
            .map(|c| {
                format!(
                    "{:.3} ± {:.3}",
                    c.points[i].mean_error, c.points[i].standard_error
                )
            })
            .collect();
        say!("| {n} | {} |", cells.join(" | "));
    }
    Ok(())
}
