//! `kalmar observation bench`: the complete algorithms timed on the generated families and on
//! files, as a Markdown table.

use super::read;
use crate::bad_input;
use clap::Args;
use kalmar_bench::markdown_table;
use kalmar_bench::observation::{games, run as measure};
use std::path::PathBuf;

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
    let mut games = games(args.primes, &args.cerny).map_err(bad_input)?;
    for path in &args.files {
        games.push((path.display().to_string(), read(path)?.game));
    }
    say!("{}", markdown_table(&measure(&games, args.runs)));
    Ok(())
}
