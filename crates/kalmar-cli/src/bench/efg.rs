//! `kalmar bench efg`: the reduced strategic form and the equilibrium methods timed on
//! generated games and `.efg` files, by [`kalmar_bench::efg`]; and `kalmar efg bench`, its old
//! place, which times one task on one file.

use super::{Common, failure, print};
use clap::Args;
use kalmar_efg::format::GameFile;
use std::path::PathBuf;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  kalmar bench efg --families poker:3,poker:5,repeated:2\n  \
kalmar bench efg examples/kuhn-poker.efg --solvers seqform,lh,strategic --reps 3 --json"
)]
pub struct EfgBench {
    /// .efg files to time on (besides or instead of generated games).
    files: Vec<PathBuf>,
    /// Generated games, as family or family:size (see `kalmar generate --list`: poker with
    /// SIZE cards, repeated SIZE times, random of depth SIZE). Default, without files:
    /// poker:3,poker:4,repeated:2.
    #[arg(long, value_delimiter = ',', value_name = "GAMES")]
    families: Vec<String>,
    /// The tasks: strategic (build the reduced strategic form and write it as .nfg text) and
    /// the equilibrium methods (see `kalmar efg solvers`), timed without the check of their
    /// answers. Default: strategic,seqform.
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    solvers: Vec<String>,
    /// Seed of the random games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    common: Common,
}

/// `kalmar bench efg`.
pub fn run(args: &EfgBench) -> anyhow::Result<()> {
    let defaults = |given: &[String], default: &[&str]| -> Vec<String> {
        if given.is_empty() {
            default.iter().map(|s| s.to_string()).collect()
        } else {
            given.to_vec()
        }
    };
    let families = if args.files.is_empty() {
        defaults(&args.families, &["poker:3", "poker:4", "repeated:2"])
    } else {
        args.families.clone()
    };
    let mut games = kalmar_bench::efg::games(&families, args.seed).map_err(failure)?;
    for path in &args.files {
        games.push((path.display().to_string(), crate::efg::load(path)?));
    }
    let tasks = defaults(&args.solvers, &["strategic", "seqform"]);
    let rows =
        kalmar_bench::efg::run_suite(&games, &tasks, args.common.reps_or(5)).map_err(failure)?;
    print(&rows, &args.common, "efg")
}

/// `kalmar efg bench FILE --solver ID`: one task on a game read, its report as one line of
/// JSON.
pub fn single(game: &GameFile, task: &str, reps: usize) -> anyhow::Result<()> {
    let report = kalmar_bench::efg::run(game, task, reps).map_err(failure)?;
    say!("{}", serde_json::to_string(&report)?);
    Ok(())
}
