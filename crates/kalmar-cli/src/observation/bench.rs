//! `kalmar observation bench`: the complete algorithms timed on the generated families and on
//! files, as a Markdown table.

use super::read;
use crate::bad_input;
use crate::report::millis;
use clap::Args;
use kalmar_bench::{peak_rss, reset_peak_rss, time};
use kalmar_observation::families::generate;
use kalmar_observation::solve::complete_algorithms;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Args)]
pub struct BenchArgs {
    /// The largest number of prime cycles (games 1 to this).
    #[arg(long, default_value_t = 4, value_name = "K")]
    primes: usize,
    /// The sizes of Černý automata to time.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "4,8,12",
        value_name = "N,..."
    )]
    cerny: Vec<usize>,
    /// .gii or .gg files to time as well.
    files: Vec<PathBuf>,
    /// Runs per game and algorithm.
    #[arg(long, default_value_t = 3, value_name = "N")]
    runs: usize,
}

pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    if let Some(n) = args.cerny.iter().find(|&&n| !(2..=24).contains(&n)) {
        return Err(bad_input(format!(
            "--cerny {n}: sizes go from 2 to 24 (2^n knowledge sets)"
        )));
    }
    if args.primes > 8 {
        return Err(bad_input(
            "--primes goes up to 8 (9 cycles have 223092870 rounds to count)",
        ));
    }
    let mut games = Vec::new();
    for (family, sizes) in [
        ("primes", (1..=args.primes).collect()),
        ("cerny", args.cerny.clone()),
    ] {
        for size in sizes {
            games.push((format!("{family} {size}"), generate(family, size)?));
        }
    }
    for path in &args.files {
        games.push((path.display().to_string(), read(path)?.game));
    }
    say!(
        "| game | locations | algorithm | winner | median time | knowledge sets | largest antichain | peak RSS |"
    );
    say!("|---|---:|---|---|---:|---:|---:|---:|");
    for (name, game) in &games {
        for (id, algorithm) in complete_algorithms() {
            // The peak while this algorithm ran, where the system can reset it.
            let reset = reset_peak_rss();
            let (timing, solution) = time(args.runs, || (algorithm.solve)(game));
            let rss = match peak_rss() {
                Some(bytes) if reset => format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0)),
                _ => "–".to_string(),
            };
            let antichain = if algorithm.antichains {
                solution.stats.max_antichain.to_string()
            } else {
                "–".to_string()
            };
            say!(
                "| {name} | {} | {id} | {} | {} | {} | {antichain} | {rss} |",
                game.num_locations(),
                solution.winner,
                millis(Duration::from_secs_f64(timing.median)),
                solution.stats.knowledge_sets
            );
        }
    }
    Ok(())
}
