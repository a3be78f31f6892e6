//! `kalmar bench positional`: n-player games with cycles, the win-lose attractor and the
//! two-player strong improvement dynamics on generated games of growing size, with the steps
//! taken and the certificate's time; the suite is [`kalmar_bench::positional`].

use super::{Common, print};
use crate::bad_input;
use clap::Args;
use kalmar_bench::parse_size;

#[derive(Args)]
#[command(after_help = "Examples:\n  kalmar bench positional\n  \
kalmar bench positional --win-lose 1e5,1e6 --improve 1e2,1e3,1e4 --reps 3\n  \
kalmar bench positional --win-lose 1e3 --improve 1e2 --exact 1e3,1e4,1e5 --longest 8,12,16,20 --games 200")]
pub struct PositionalBench {
    /// Positions of the generated win-lose games (the attractor, linear).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "1e4,1e5,1e6",
        value_name = "SIZES"
    )]
    win_lose: Vec<String>,
    /// Positions of the generated two-player games (strong improvements).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "1e2,1e3,1e4",
        value_name = "SIZES"
    )]
    improve: Vec<String>,
    /// Positions of the generated three-player games of the exact search.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "1e3,1e4",
        value_name = "SIZES"
    )]
    exact: Vec<String>,
    /// Positions of the small two-player games whose longest run of strong improvements,
    /// from any profile by any rule, is found (the most over --games games of each size).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "8,12,16",
        value_name = "SIZES"
    )]
    longest: Vec<String>,
    /// How many games of each --longest size.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// The seed of the generated games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    common: Common,
}

/// `kalmar bench positional`.
pub fn run(args: &PositionalBench) -> anyhow::Result<()> {
    let sizes = |list: &[String]| -> anyhow::Result<Vec<usize>> {
        list.iter()
            .map(|s| parse_size(s, 2..=10_000_000).map_err(bad_input))
            .collect()
    };
    let suite = kalmar_bench::positional::Sizes {
        win_lose: sizes(&args.win_lose)?,
        improve: sizes(&args.improve)?,
        exact: sizes(&args.exact)?,
        longest: sizes(&args.longest)?,
        games: args.games,
    };
    let rows = kalmar_bench::positional::run(&suite, args.common.reps_or(3), args.seed)
        .map_err(bad_input)?;
    print(&rows, &args.common, "positional")
}
