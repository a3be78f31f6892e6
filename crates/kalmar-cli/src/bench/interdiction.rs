//! `kalmar bench interdiction`: every solver with k(v) removals against the plain path search on generated
//! grid and random networks (or a `.gr` file with its budget), with comparisons and the certificate's time; the suite is
//! [`kalmar_bench::interdiction`].

use super::{Common, print};
use crate::bad_input;
use clap::Args;
use kalmar_bench::parse_size;
use std::path::PathBuf;

#[derive(Args)]
#[command(after_help = "Examples:\n  kalmar bench interdiction\n  \
kalmar bench interdiction --families grid,road,random --sizes 1e5,1e6,1e7 --reps 5\n  \
kalmar bench interdiction --families road --sizes 1e7 --solvers bspi-heap,bspi-buckets\n  \
kalmar bench interdiction --file USA-road-d.NY.gr --budget NY.budget")]
pub struct InterdictionBench {
    /// The generated families (`kalmar generate interdiction --help`).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "grid,road,random",
        value_name = "IDS"
    )]
    families: Vec<String>,
    /// About how many edges each network has.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "1e5,1e6",
        value_name = "SIZES"
    )]
    sizes: Vec<String>,
    /// The solvers to run (default: all; see `kalmar interdict solvers`): gpi runs on sums and
    /// maxima, the others on maxima.
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    solvers: Vec<String>,
    /// The seed of the generated networks.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A network (.gr) to run instead of the generated ones, with --budget.
    #[arg(long, value_name = "NET.gr", requires = "budget", conflicts_with_all = ["families", "sizes"])]
    file: Option<PathBuf>,
    /// The budget file of --file.
    #[arg(long, value_name = "FILE", requires = "file")]
    budget: Option<PathBuf>,
    #[command(flatten)]
    common: Common,
}

/// `kalmar bench interdiction`.
pub fn run(args: &InterdictionBench) -> anyhow::Result<()> {
    let runs = args.common.reps_or(3);
    let solvers: Vec<&str> = args.solvers.iter().map(String::as_str).collect();
    if let (Some(file), Some(budget)) = (&args.file, &args.budget) {
        let (network, budget) = crate::interdict::read_instance(file, budget)?;
        let name = file
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        let rows =
            kalmar_bench::interdiction::run_network(&name, &network, &budget, &solvers, runs)
                .map_err(bad_input)?;
        return print(&rows, &args.common, "interdiction");
    }
    let sizes = args
        .sizes
        .iter()
        .map(|s| parse_size(s, 4..=200_000_000).map_err(bad_input))
        .collect::<anyhow::Result<Vec<usize>>>()?;
    let families: Vec<&str> = args.families.iter().map(String::as_str).collect();
    let rows = kalmar_bench::interdiction::run(&families, &sizes, &solvers, runs, args.seed)
        .map_err(bad_input)?;
    print(&rows, &args.common, "interdiction")
}
