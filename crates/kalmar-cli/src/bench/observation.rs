//! `kalmar bench observation`: the complete algorithms of [`kalmar_observation`] timed on the
//! generated families and on files, by [`kalmar_bench::observation`].

use super::{Common, print};
use crate::bad_input;
use clap::Args;
use kalmar_bench::observation::{games, run as measure};
use std::path::PathBuf;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  kalmar bench observation --primes 4 --cerny 4,8,12\n  \
kalmar bench observation --primes 0 --cerny 4 --chain 1000,10000,100000\n  \
kalmar bench observation --primes 0 --cerny 4 examples/alpaga/mutex.gii --json"
)]
pub struct ObservationBench {
    /// The largest number of prime cycles (games 1 to this; 0 for none).
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
    /// The lengths of chains to time (nothing hidden: every solver should be linear there).
    #[arg(long, value_delimiter = ',', value_name = "N,...")]
    chain: Vec<usize>,
    /// .gii or .gg files to time as well.
    files: Vec<PathBuf>,
    #[command(flatten)]
    common: Common,
}

/// `kalmar bench observation`: median time of the runs, knowledge sets, largest antichain, and
/// the peak resident memory while each algorithm ran (Linux).
pub fn run(args: &ObservationBench) -> anyhow::Result<()> {
    let mut games = games(args.primes, &args.cerny, &args.chain).map_err(bad_input)?;
    for path in &args.files {
        games.push((
            path.display().to_string(),
            crate::observation::read(path)?.game,
        ));
    }
    print(
        &measure(&games, args.common.reps_or(3)),
        &args.common,
        "observation",
    )
}
