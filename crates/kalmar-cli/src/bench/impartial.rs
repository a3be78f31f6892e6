//! `kalmar bench impartial` (old name `kalmar bench cgt`): G(0..n) of Kayles, Dawson's Kayles,
//! Grundy's game and Officers (or other octal codes) at growing n, by the sparse and the naive
//! solvers and optionally a peer program, with values per second and peak memory; the suite is
//! [`kalmar_bench::cgt`].

use super::{Common, failure, print};
use clap::Args;
use kalmar_bench::cgt::{self, CgtOptions};
use std::path::PathBuf;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  kalmar bench impartial --families kayles,dawson --sizes 2^16,2^18\n  \
kalmar bench impartial --families 0.137 --sizes 1e6 --solvers sparse --peer path/to/ogs"
)]
pub struct ImpartialBench {
    /// Games: kayles, dawson, grundy, officers or octal codes (default: the four).
    #[arg(long, value_delimiter = ',', value_name = "GAMES")]
    families: Vec<String>,
    /// Numbers of values n, as 65536, 1e6 or 2^16. Default: 2^16,2^18,2^20.
    #[arg(long, value_delimiter = ',', value_name = "SIZES")]
    sizes: Vec<String>,
    /// kalmar's solvers to run: sparse, naive (default: both).
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    solvers: Vec<String>,
    /// A program run as `PEER CODE N` that prints `hash H` (and may print `peak_kib K`).
    #[arg(long, value_name = "PROGRAM")]
    peer: Option<PathBuf>,
    /// A run expected to take more CPU seconds than this is skipped (default 60).
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<u64>,
    #[command(flatten)]
    common: Common,
}

/// `kalmar bench impartial`.
pub fn run(args: &ImpartialBench) -> anyhow::Result<()> {
    let sizes = cgt::sizes(&args.sizes).map_err(failure)?;
    let games = cgt::games(&args.families).map_err(failure)?;
    let solvers = cgt::solvers(&args.solvers).map_err(failure)?;
    let defaults = CgtOptions::default();
    let suite = CgtOptions {
        repetitions: args.common.reps_or(5),
        timeout_seconds: args.timeout.map_or(defaults.timeout_seconds, |t| t as f64),
        peer: args.peer.clone(),
    };
    let rows = cgt::run_suite(&games, &sizes, &solvers, &suite, &mut super::progress_bar())
        .map_err(failure)?;
    print(&rows, &args.common, "impartial")
}
