//! `kalmar bench`: end-to-end figures on generated games of growing size, and `kalmar bench
//! plot`, log-log plots of saved tables.

mod plot;

use crate::bad_input;
use clap::{Args, Subcommand, ValueEnum};
use kalmar_bench::oink::Peer;
use kalmar_bench::parity::{self, Games, ParityOptions};
use kalmar_bench::reach::{self, Options};
use kalmar_bench::{BadInput, Progress, SIZES, TableRow, markdown_table, parse_size};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// What to benchmark.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suite {
    /// Retrograde analysis of chess-like games against a plain BFS over the reversed graph.
    Reach,
    /// The DGG solvers against each other (time and comparisons), with the BFS floor.
    Dgg,
    /// kalmar's parity solvers on .pg files and generated games, side by side with Oink
    /// (`--peer`).
    Parity,
    /// Stochastic games: exact strategy iteration and value iteration with bounds on random
    /// simple, terminal and discounted games and the Haddad-Monmege chains (sizes in moves;
    /// default 1e2,1e3,1e4; haddad-monmege-3/4 is the chain worth 3/4); with --families
    /// mean-payoff,mean-payoff-chance,parity also strategy improvement against Zwick-Paterson
    /// on deterministic mean-payoff games, si on mean-payoff games with chance (discount
    /// searched) and the parity gadget solver;
    /// --families friedmann runs Friedmann's switch-all games (n = 1..5, sizes not used).
    /// With --peer PRISM (PRISM-games' `prism` launcher): kalmar's si and vi and PRISM-games
    /// (--peer-solvers default,vi-noprob1,gs-noprob1) on the same simple and Haddad-Monmege
    /// games, every answer measured against the exact values.
    Stochastic,
    /// Impartial games: G(0..n) of octal games (--families kayles,dawson,grundy,officers or
    /// codes; sizes as 2^16, 1e6 or 65536, default 2^16,2^18,2^20) by kalmar's sparse and naive
    /// solvers (--solvers) and a peer program (--peer, run as `PEER CODE N`); a run expected
    /// to take longer than --timeout (default 60 s) is skipped.
    Cgt,
}

/// The arguments of `kalmar bench`, shared by its suites.
#[derive(Args)]
#[command(
    after_help = "Examples:\n  kalmar bench reach --sizes 1e3,1e4,1e5,1e6,1e7 --reps 5\n  \
kalmar bench parity --sizes 1e4,1e5,1e6 --priorities 10,n --peer path/to/oink\n  \
kalmar bench parity --files a.pg,b.pg --families laddergame,tc:6 --sizes 1e5 --peer path/to/oink\n  \
kalmar bench stochastic --peer path/to/prism-games/prism/bin/prism --sizes 1e2,1e3 --reps 3\n  \
kalmar bench reach --sizes 1e3,1e4,1e5 --svg reach.svg\n  \
kalmar bench plot docs/BENCHMARKS.md --table \"floor\" --svg floor.svg",
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
pub struct BenchArgs {
    #[command(subcommand)]
    command: Option<BenchCommand>,
    /// The suite.
    #[arg(required = true)]
    suite: Option<Suite>,
    /// Also draw the table as a log-log plot of time against size, one series per family and
    /// algorithm (reach, dgg, parity, stochastic without --peer, cgt).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Generators to run on (see `kalmar generate --list`); default: random-chess and grid for
    /// reach, random and sorting-network for dgg, random for parity. For parity: `random`
    /// (PGSolver's randomgame at each size and number of priorities), a parity generator scaled
    /// to each size (laddergame, recursiveladder, modelcheckerladder, jurdzinskigame,
    /// towersofhanoi, steadygame, randomgame) or one with its numbers, as `tc:6` or
    /// `cliquegame:2000`.
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    families: Vec<String>,
    /// Sizes in arcs, as 65536, 1e3 or 2^16; for parity, in vertices. Default: 1e3,1e4,1e5,1e6
    /// arcs; for parity 1e4,1e5,1e6 vertices.
    #[arg(long, value_delimiter = ',', value_name = "SIZES")]
    sizes: Vec<String>,
    /// Parity: .pg files to run on (besides or instead of generated games).
    #[arg(long, value_delimiter = ',', value_name = "FILES")]
    files: Vec<PathBuf>,
    /// Parity: the numbers of priorities of the random games; `n` means as many as vertices.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "10,n",
        value_name = "COUNTS"
    )]
    priorities: Vec<String>,
    /// Parity and stochastic: kalmar's solvers to run (default: all; see `kalmar parity solvers`, `kalmar stochastic solvers`).
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    solvers: Vec<String>,
    /// Parity: the Oink program to run on the same files (each solver of --peer-solvers).
    /// Stochastic: PRISM-games' `prism` launcher, run on the exported models of the same games.
    #[arg(long, value_name = "OINK")]
    peer: Option<PathBuf>,
    /// Parity: Oink's solvers to run; default: those with the id of a kalmar solver, and zlk,
    /// npp, tl, fpi and psi. Stochastic: PRISM's configurations, default (its defaults),
    /// vi-noprob1 and gs-noprob1 (value iteration without the Prob1 precomputation), all on the
    /// explicit files, and language (its defaults on the model in its language); default:
    /// default,vi-noprob1.
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    peer_solvers: Vec<String>,
    /// Parity: extra arguments for every Oink run (e.g. --peer-args=--no-wcwc); stochastic: for
    /// every PRISM run (e.g. --peer-args="-javamaxmem 8g").
    #[arg(
        long,
        value_delimiter = ' ',
        value_name = "ARGS",
        allow_hyphen_values = true
    )]
    peer_args: Vec<String>,
    /// Parity: a run longer than this many seconds ends the repetitions of its algorithm (and
    /// stops Oink; kalmar's solvers are stopped too with --isolate). Stochastic: a PRISM run is
    /// stopped after this many seconds (default 60).
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<u64>,
    /// Parity: run each timed run of a kalmar solver in a process of its own, killed at
    /// --timeout, so that a solver taking hours on some family is cut short like Oink's, and
    /// each peak memory figure is that solver's alone. The answers are checked by the verifier
    /// there, not compared with Oink's.
    #[arg(long)]
    isolate: bool,
    /// Parity and stochastic: runs of each Oink solver or PRISM configuration (default: --reps).
    #[arg(long, value_name = "N")]
    peer_reps: Option<usize>,
    /// Parity: run kalmar's solvers without the shared preprocessing.
    #[arg(long)]
    no_preprocess: bool,
    /// Parity: write the generated games into this directory and keep them (default: a
    /// temporary file per game, removed after it).
    #[arg(long, value_name = "DIR")]
    keep_games: Option<PathBuf>,
    /// Timed repetitions per algorithm (the median is reported).
    #[arg(long, default_value_t = 5)]
    reps: usize,
    /// Seed of the generated games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Skip checking each solution with its certificate.
    #[arg(long)]
    no_verify: bool,
    /// Print the rows as JSON.
    #[arg(long)]
    json: bool,
}

/// What `kalmar bench` does besides running a suite.
#[derive(Subcommand)]
enum BenchCommand {
    /// Draw a Markdown table of times against sizes (from any .md file, such as
    /// docs/BENCHMARKS.md or a saved `kalmar bench` table) as a log-log plot.
    Plot(Box<plot::PlotArgs>),
}

/// `kalmar bench SUITE`: runs the suite and prints its rows.
pub fn run(args: &BenchArgs) -> anyhow::Result<()> {
    let (None, Some(suite)) = (&args.command, args.suite) else {
        let Some(BenchCommand::Plot(plot)) = &args.command else {
            return Err(bad_input("name a suite or `plot`"));
        };
        return plot::run(plot);
    };
    match suite {
        Suite::Parity => parity(args),
        Suite::Cgt => crate::cgt::bench::run(
            &crate::cgt::bench::Options {
                sizes: &args.sizes,
                games: &args.families,
                solvers: &args.solvers,
                peer: args.peer.as_deref(),
                timeout: args.timeout,
                reps: args.reps,
                json: args.json,
                svg: args.svg.as_deref(),
            },
            &mut progress_bar(),
        ),
        Suite::Stochastic => stochastic(args),
        Suite::Reach | Suite::Dgg => terminal(args, suite),
    }
}

/// Draws the progress of a suite on a bar ([`crate::progress::bar`]), made at its first report
/// and cleared after its last.
fn progress_bar() -> impl FnMut(Progress) {
    let mut bar = None;
    move |progress: Progress| {
        let bar = bar.get_or_insert_with(|| crate::progress::bar(progress.total, "runs"));
        if let Some(bar) = bar {
            bar.set_position(progress.done as u64);
            bar.set_message(progress.step);
            if progress.done == progress.total {
                bar.finish_and_clear();
            }
        }
    }
}

/// A suite's error: bad input (exit code 2) or a failure (1).
pub fn failure<E: BadInput + std::error::Error + Send + Sync + 'static>(error: E) -> anyhow::Error {
    if error.is_bad_input() {
        bad_input(error)
    } else {
        error.into()
    }
}

/// Draws the rows' table as a log-log plot into `svg`, when asked.
pub fn plot_rows<R: TableRow>(rows: &[R], svg: Option<&Path>, title: &str) -> anyhow::Result<()> {
    if let Some(path) = svg {
        let plot = kalmar_bench::table_plot::plot_rows(rows, title).map_err(failure)?;
        plot.write_svg(path)?;
    }
    Ok(())
}

/// The rows as JSON or as a Markdown table (and a plot with --svg).
fn print<R: TableRow + Serialize>(rows: &[R], args: &BenchArgs) -> anyhow::Result<()> {
    let name = args.suite.and_then(|s| s.to_possible_value());
    let title = format!(
        "kalmar bench {}",
        name.as_ref().map_or("", |n| n.get_name())
    );
    plot_rows(rows, args.svg.as_deref(), &title)?;
    if args.json {
        say!("{}", serde_json::to_string_pretty(rows)?);
    } else {
        say!("{}", markdown_table(rows));
    }
    Ok(())
}

/// `kalmar bench stochastic`.
fn stochastic(args: &BenchArgs) -> anyhow::Result<()> {
    let sizes = sizes_or(&args.sizes, &["1e2", "1e3", "1e4"])?;
    if let Some(prism) = &args.peer {
        if args.svg.is_some() {
            return Err(bad_input(
                "--svg plots kalmar's own runs; with --peer, save the table and use `kalmar bench plot`",
            ));
        }
        let options = kalmar_bench::prism::PeerBench {
            prism,
            families: &args.families,
            sizes: &sizes,
            solvers: &args.solvers,
            configurations: &args.peer_solvers,
            extra_args: &args.peer_args,
            reps: args.reps,
            peer_reps: args.peer_reps.unwrap_or(args.reps),
            timeout: args.timeout.unwrap_or(60),
            seed: args.seed,
        };
        return crate::prism::bench(&options, args.json);
    }
    crate::stochastic::bench(
        &args.families,
        &args.solvers,
        &sizes,
        args.reps,
        args.seed,
        args.json,
        args.svg.as_deref(),
    )
}

/// `kalmar bench reach` and `kalmar bench dgg`.
fn terminal(args: &BenchArgs, suite: Suite) -> anyhow::Result<()> {
    if !args.files.is_empty()
        || args.peer.is_some()
        || !args.solvers.is_empty()
        || !args.peer_solvers.is_empty()
        || !args.peer_args.is_empty()
        || args.timeout.is_some()
        || args.isolate
        || args.peer_reps.is_some()
        || args.no_preprocess
        || args.keep_games.is_some()
    {
        return Err(bad_input(
            "--files, --solvers, --peer, --peer-solvers, --peer-args, --peer-reps, --timeout, \
             --isolate, --no-preprocess and --keep-games belong to the parity suite",
        ));
    }
    let sizes = sizes_or(&args.sizes, &["1e3", "1e4", "1e5", "1e6"])?;
    let id = suite.to_possible_value().expect("every suite has a name");
    let suite = &reach::SUITES.get(id.get_name())?.run;
    let options = Options {
        repetitions: args.reps.max(1),
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
    print(&rows, args)
}

/// The sizes given, or these defaults.
fn sizes_or(given: &[String], default: &[&str]) -> anyhow::Result<Vec<usize>> {
    let given: Vec<&str> = given.iter().map(String::as_str).collect();
    let texts = if given.is_empty() { default } else { &given };
    texts
        .iter()
        .map(|text| parse_size(text, SIZES).map_err(bad_input))
        .collect()
}

/// `kalmar bench parity`.
fn parity(args: &BenchArgs) -> anyhow::Result<()> {
    let sizes = sizes_or(&args.sizes, &["1e4", "1e5", "1e6"])?;
    let options = ParityOptions {
        repetitions: args.reps.max(1),
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
    print(&rows, args)
}
