//! `kalmar bench reach` and `kalmar bench dgg`: the suites of [`kalmar_bench::reach`].

use super::{Common, failure, print, progress_bar, sizes_or};
use clap::Args;
use kalmar_bench::reach::{self, Options};

#[derive(Args)]
#[command(
    after_help = "Examples:\n  kalmar bench reach --sizes 1e3,1e4,1e5,1e6,1e7 --reps 5\n  \
kalmar bench dgg --families random,sorting-network --sizes 2^16 --json"
)]
pub struct TerminalBench {
    /// Generators to run on (see `kalmar generate --list`); default: random-chess, grid and cops
    /// for reach, random and sorting-network for dgg.
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    families: Vec<String>,
    /// Sizes in arcs, as 65536, 1e3 or 2^16. Default: 1e3,1e4,1e5,1e6.
    #[arg(long, value_delimiter = ',', value_name = "SIZES")]
    sizes: Vec<String>,
    /// Seed of the generated games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Skip checking each solution with its certificate.
    #[arg(long)]
    no_verify: bool,
    #[command(flatten)]
    common: Common,
}

/// The suite `id` (`reach` or `dgg`) of [`reach::SUITES`].
pub fn run(args: &TerminalBench, id: &str) -> anyhow::Result<()> {
    let sizes = sizes_or(&args.sizes, &["1e3", "1e4", "1e5", "1e6"])?;
    let suite = &reach::SUITES.get(id)?.run;
    let options = Options {
        repetitions: args.common.reps_or(5),
        verify: !args.no_verify,
    };
    let rows = reach::run_suite(
        suite,
        &args.families,
        &sizes,
        args.seed,
        &options,
        &mut progress_bar(),
    )
    .map_err(failure)?;
    print(&rows, &args.common, id)
}
