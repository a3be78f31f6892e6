//! `kalmar bench`: end-to-end figures on generated games of growing size.

use crate::bad_input;
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use kalmar_graph::bench::{self, Options, Row, Workload};
use std::io::IsTerminal;

/// What to benchmark.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suite {
    /// Retrograde analysis of chess-like games against a plain BFS over the reversed graph.
    Reach,
    /// The DGG solvers against each other (time and comparisons), with the BFS floor.
    Dgg,
}

#[derive(Args)]
#[command(after_help = "Example: kalmar bench reach --sizes 1e3,1e4,1e5,1e6,1e7 --reps 5")]
pub struct BenchArgs {
    /// The suite.
    suite: Suite,
    /// Generators to run on (see `kalmar generate --list`); default: random-chess and grid for
    /// reach, random and sorting-network for dgg.
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    families: Vec<String>,
    /// Sizes in arcs (1e3 style allowed).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "1e3,1e4,1e5,1e6",
        value_name = "ARCS"
    )]
    sizes: Vec<String>,
    /// Timed repetitions per algorithm (the median is reported).
    #[arg(long, default_value_t = 5)]
    reps: usize,
    /// Seed of the generated games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Skip checking each solution with its certificate.
    #[arg(long)]
    no_verify: bool,
    /// Print the rows as JSON.
    #[arg(long)]
    json: bool,
}

fn parse_size(text: &str) -> anyhow::Result<usize> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| bad_input(format!("size '{text}' is not a number")))?;
    if !(1.0..=2e9).contains(&value) {
        return Err(bad_input(format!(
            "size {text} is not between 1 and 2e9 arcs"
        )));
    }
    Ok(value as usize)
}

pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    let sizes = args
        .sizes
        .iter()
        .map(|s| parse_size(s))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let families: Vec<String> = if args.families.is_empty() {
        match args.suite {
            Suite::Reach => vec!["random-chess".into(), "grid".into()],
            Suite::Dgg => vec!["random".into(), "sorting-network".into()],
        }
    } else {
        args.families.clone()
    };
    for id in &families {
        kalmar_graph::generate::family(id).map_err(bad_input)?;
    }
    let options = Options {
        repetitions: args.reps.max(1),
        verify: !args.no_verify,
    };
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new((families.len() * sizes.len()) as u64);
        bar.set_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} {msg} ({elapsed})")
                .expect("static template"),
        );
        bar
    });
    let mut rows: Vec<Row> = Vec::new();
    for id in &families {
        for &size in &sizes {
            if let Some(bar) = &bar {
                bar.set_message(format!("{id} at {size} arcs"));
            }
            let workload = Workload::generate(id, size, args.seed).map_err(bad_input)?;
            rows.push(bench::run_reach_floor(&workload, &options));
            match args.suite {
                Suite::Reach => rows.push(bench::run_reach(&workload, &options)?),
                Suite::Dgg => rows.extend(bench::run_dgg(&workload, &options)?),
            }
            if let Some(bar) = &bar {
                bar.inc(1);
            }
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if args.json {
        say!("{}", serde_json::to_string_pretty(&rows)?);
    } else {
        say!("{}", bench::markdown_table(&rows));
    }
    Ok(())
}
