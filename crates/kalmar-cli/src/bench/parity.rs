//! `kalmar bench parity`: the suite of [`kalmar_bench::parity`], side by side with Oink.

use super::{Common, failure, print, progress_bar, sizes_or};
use crate::bad_input;
use clap::Args;
use kalmar_bench::oink::Peer;
use kalmar_bench::parity::{self, Games, ParityOptions};
use std::path::PathBuf;

#[derive(Args)]
#[command(after_help = "Examples:\n  \
kalmar bench parity --sizes 1e4,1e5,1e6 --priorities 10,n --peer path/to/oink --summary\n  \
kalmar bench parity --files a.pg,b.pg --families laddergame,tc:6 --sizes 1e5 --peer path/to/oink")]
pub struct ParityBench {
    /// Generators to run on: `random` (PGSolver's randomgame at each size and number of
    /// priorities), a parity generator scaled to each size (laddergame, recursiveladder,
    /// modelcheckerladder, jurdzinskigame, towersofhanoi, steadygame, randomgame) or one with its
    /// numbers, as `tc:6` or `cliquegame:2000` (see `kalmar generate --list`). Default: random.
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    families: Vec<String>,
    /// Sizes in vertices, as 65536, 1e3 or 2^16. Default: 1e4,1e5,1e6.
    #[arg(long, value_delimiter = ',', value_name = "SIZES")]
    sizes: Vec<String>,
    /// .pg files to run on (besides or instead of generated games).
    #[arg(long, value_delimiter = ',', value_name = "FILES")]
    files: Vec<PathBuf>,
    /// The numbers of priorities of the random games; `n` means as many as vertices.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "10,n",
        value_name = "COUNTS"
    )]
    priorities: Vec<String>,
    /// kalmar's solvers to run (default: all; see `kalmar parity solvers`).
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    solvers: Vec<String>,
    /// The Oink program to run on the same files (each solver of --peer-solvers).
    #[arg(long, value_name = "OINK")]
    peer: Option<PathBuf>,
    /// Oink's solvers to run; default: those with the id of a kalmar solver, and zlk, npp, tl,
    /// fpi and psi.
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    peer_solvers: Vec<String>,
    /// Extra arguments for every Oink run (e.g. --peer-args=--no-wcwc).
    #[arg(
        long,
        value_delimiter = ' ',
        value_name = "ARGS",
        allow_hyphen_values = true
    )]
    peer_args: Vec<String>,
    /// A run longer than this many seconds ends the repetitions of its algorithm (and stops
    /// Oink; kalmar's solvers are stopped too with --isolate).
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<u64>,
    /// Run each timed run of a kalmar solver in a process of its own, killed at --timeout, so
    /// that a solver taking hours on some family is cut short like Oink's, and each peak memory
    /// figure is that solver's alone. The answers are checked by the verifier there, not
    /// compared with Oink's.
    #[arg(long)]
    isolate: bool,
    /// Skip the `process` row: the whole `kalmar parity solve` process with kalmar's fastest
    /// solver, timed from outside against Oink's whole process, and its cold read times in
    /// the `parse` row (without it, the `parse` row is this process's warm read).
    #[arg(long)]
    no_process: bool,
    /// Runs of each Oink solver (default: --reps).
    #[arg(long, value_name = "N")]
    peer_reps: Option<usize>,
    /// Run kalmar's solvers without the shared preprocessing.
    #[arg(long)]
    no_preprocess: bool,
    /// Write the generated games into this directory and keep them (default: a temporary file
    /// per game, removed after it).
    #[arg(long, value_name = "DIR")]
    keep_games: Option<PathBuf>,
    /// Seed of the generated games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Skip checking each solution with its certificate.
    #[arg(long)]
    no_verify: bool,
    /// Print one line per game (the reading, each side's fastest solver and whole process, the
    /// peak memory, every solver's median) instead of one per solver. Not plotted: draw the
    /// table of one line per solver with --svg.
    #[arg(long, conflicts_with = "svg")]
    summary: bool,
    #[command(flatten)]
    common: Common,
}

/// `kalmar bench parity`.
pub fn run(args: &ParityBench) -> anyhow::Result<()> {
    let sizes = sizes_or(&args.sizes, &["1e4", "1e5", "1e6"])?;
    let options = ParityOptions {
        repetitions: args.common.reps_or(5),
        verify: !args.no_verify,
        preprocess: !args.no_preprocess,
        timeout_seconds: args.timeout,
        peer_repetitions: args.peer_reps,
        solvers: args.solvers.clone(),
        isolate: args
            .isolate
            .then(std::env::current_exe)
            .transpose()
            .map_err(|e| anyhow::anyhow!("cannot find the kalmar program to isolate runs: {e}"))?,
        program: (!args.no_process)
            .then(std::env::current_exe)
            .transpose()
            .map_err(|e| anyhow::anyhow!("cannot find the kalmar program to time: {e}"))?,
    };
    let specs = parity::specs(
        &args.families,
        &sizes,
        &args.priorities,
        !args.files.is_empty(),
    )
    .map_err(failure)?;
    let games = Games {
        files: args.files.clone(),
        specs,
        seed: args.seed,
        keep_in: args.keep_games.clone(),
    };
    let peer = args.peer.as_ref().map(|program| Peer {
        program: program.clone(),
        args: args.peer_args.clone(),
    });
    let peer_solvers = peer
        .as_ref()
        .map(|peer| peer.choose_solvers(&args.peer_solvers))
        .transpose()
        .map_err(bad_input)?
        .unwrap_or_default();
    let peer = peer.as_ref().map(|p| (p, peer_solvers.as_slice()));
    let rows = parity::run_suite(&games, &options, peer, &mut progress_bar()).map_err(failure)?;
    for row in &rows {
        if let Some(message) = row.peer.as_ref().and_then(|p| p.failed.as_ref()) {
            eprintln!(
                "warning: Oink's {} failed on {} ({} vertices): {message}",
                row.solver, row.family, row.vertices
            );
        }
        if row.peer.as_ref().and_then(|p| p.agrees) == Some(false) {
            eprintln!(
                "warning: Oink's {} and kalmar disagree on the winners of {} ({} vertices)",
                row.solver, row.family, row.vertices
            );
        }
    }
    if args.summary {
        print(&parity::summarize(&rows), &args.common, "parity")
    } else {
        print(&rows, &args.common, "parity")
    }
}
