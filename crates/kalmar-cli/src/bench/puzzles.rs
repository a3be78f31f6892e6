//! `kalmar bench puzzles`: Hashiwokakero generated with a unique solution at growing sizes,
//! solved and proven unique, and Hiroimono generated with a tour at growing stone counts,
//! solved under each variant by the search and by the SAT encoding; the suite is
//! [`kalmar_bench::puzzles`].

use super::{Common, print};
use crate::bad_input;
use clap::Args;
use kalmar_bench::parse_size;
use kalmar_puzzles::hiroimono::sat::MAX_SAT_STONES;

#[derive(Args)]
#[command(after_help = "Examples:\n  kalmar bench puzzles\n  \
kalmar bench puzzles --hashi 7,15,30,60,100 --hiroimono 20,40,60,80 --instances 9 --reps 3\n  \
kalmar bench puzzles --hashi 7 --hiroimono 20,40,60,80 --hiroimono-sat 20,40,60,80")]
pub struct PuzzlesBench {
    /// Sides of the square Hashiwokakero grids.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "7,15,30,60",
        value_name = "SIDES"
    )]
    hashi: Vec<String>,
    /// Stone counts of the Hiroimono puzzles.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "20,40,60",
        value_name = "STONES"
    )]
    hiroimono: Vec<String>,
    /// Stone counts at which the same Hiroimono puzzles are also solved by the SAT encoding
    /// (seconds per puzzle from about 60 stones).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "20,40",
        value_name = "STONES"
    )]
    hiroimono_sat: Vec<String>,
    /// Puzzles of each size (seeds 1 to N); the table gives the median and the slowest.
    #[arg(long, default_value_t = 5, value_name = "N")]
    instances: u64,
    #[command(flatten)]
    common: Common,
}

/// `kalmar bench puzzles`.
pub fn run(args: &PuzzlesBench) -> anyhow::Result<()> {
    let sizes = |list: &[String], most: usize| -> anyhow::Result<Vec<usize>> {
        list.iter()
            .map(|s| parse_size(s, 2..=most).map_err(bad_input))
            .collect()
    };
    let suite = kalmar_bench::puzzles::Sizes {
        hashi: sizes(&args.hashi, 4096)?,
        hiroimono: sizes(&args.hiroimono, 100_000)?,
        hiroimono_sat: sizes(&args.hiroimono_sat, MAX_SAT_STONES)?,
        instances: args.instances.max(1),
    };
    let rows = kalmar_bench::puzzles::run(&suite, args.common.reps_or(3)).map_err(bad_input)?;
    print(&rows, &args.common, "puzzles")
}
