//! `kalmar bench FAMILY …`: the benchmark suites of [`kalmar_bench`], one subcommand per family
//! with its own options; what every suite takes is [`Common`].

mod efg;
mod impartial;
mod interdiction;
mod observation;
mod parity;
mod plot;
mod positional;
mod puzzles;
mod stochastic;
mod terminal;

pub use efg::{EfgBench, single as efg_single};
pub use observation::{ObservationBench, run as run_observation};

use crate::bad_input;
use clap::{Args, Subcommand};
use kalmar_bench::{BadInput, Progress, SIZES, TableRow, markdown_table, parse_size};
use serde::Serialize;
use std::path::PathBuf;

/// The suites.
#[derive(Subcommand)]
#[command(
    after_help = "Examples:\n  kalmar bench reach --sizes 1e3,1e4,1e5,1e6,1e7 --reps 5\n  \
kalmar bench parity --sizes 1e4,1e5,1e6 --priorities 10,n --peer path/to/oink\n  \
kalmar bench stochastic --peer path/to/prism-games/prism/bin/prism --sizes 1e2,1e3 --reps 3\n  \
kalmar bench observation --primes 4 --cerny 4,8\n  kalmar bench efg --families poker:3,poker:5\n  \
kalmar bench impartial --families kayles,dawson --sizes 2^16\n  \
kalmar bench reach --sizes 1e3,1e4,1e5 --svg reach.svg\n  \
kalmar bench plot docs/BENCHMARKS.md --table \"floor\" --svg floor.svg"
)]
pub enum BenchCommand {
    /// Retrograde analysis of chess-like games against a plain BFS over the reversed graph.
    Reach(terminal::TerminalBench),
    /// The DGG solvers against each other (time and comparisons), with the BFS floor and
    /// retrograde analysis of the same arena.
    Dgg(terminal::TerminalBench),
    /// kalmar's parity solvers on .pg files and generated games, side by side with Oink
    /// (`--peer`).
    Parity(parity::ParityBench),
    /// Stochastic games: exact strategy iteration and value iteration with bounds, mean-payoff
    /// strategy improvement, Friedmann's games; against PRISM-games with --peer.
    Stochastic(stochastic::StochasticBench),
    /// Games of imperfect information: the knowledge game and antichains on the prime-cycles and
    /// Černý families and on files.
    Observation(ObservationBench),
    /// Extensive-form games: the reduced strategic form and the equilibrium methods on
    /// generated games and .efg files.
    Efg(EfgBench),
    /// Impartial games: G(0..n) of octal games by kalmar's sparse and naive solvers and a peer
    /// program (`kalmar bench cgt` is an old name).
    #[command(alias = "cgt")]
    Impartial(impartial::ImpartialBench),
    /// n-player games with cycles: the win-lose attractor and the strong improvement dynamics
    /// of two players on generated games, with the steps taken.
    Positional(positional::PositionalBench),
    /// Network interdiction: GPI with local edge removals against a plain Dijkstra on the same
    /// generated networks.
    Interdiction(interdiction::InterdictionBench),
    /// Puzzles: Hashiwokakero proven unique by size, Hiroimono under each variant by stone
    /// count, on generated puzzles.
    Puzzles(puzzles::PuzzlesBench),
    /// Draw a Markdown table of times against sizes (from any .md file, such as
    /// docs/BENCHMARKS.md or a saved `kalmar bench` table) as a log-log plot.
    Plot(Box<plot::PlotArgs>),
}

/// What every suite takes.
#[derive(Args)]
pub struct Common {
    /// Timed repetitions of each algorithm on each game; the median is reported. Default: 5
    /// (observation: 3).
    #[arg(long, value_name = "N", alias = "runs")]
    pub reps: Option<usize>,
    /// Print the rows as JSON.
    #[arg(long)]
    pub json: bool,
    /// Also draw the table as a log-log plot of time against size, one series per family and
    /// algorithm (reach, dgg, parity, stochastic without --peer, impartial).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

impl Common {
    /// The repetitions asked for (at least one), or `default`.
    pub fn reps_or(&self, default: usize) -> usize {
        self.reps.unwrap_or(default).max(1)
    }
}

/// `kalmar bench FAMILY`: runs the suite and prints its rows.
pub fn run(command: &BenchCommand) -> anyhow::Result<()> {
    match command {
        BenchCommand::Reach(args) => terminal::run(args, "reach"),
        BenchCommand::Dgg(args) => terminal::run(args, "dgg"),
        BenchCommand::Parity(args) => parity::run(args),
        BenchCommand::Stochastic(args) => stochastic::run(args),
        BenchCommand::Observation(args) => observation::run(args),
        BenchCommand::Efg(args) => efg::run(args),
        BenchCommand::Impartial(args) => impartial::run(args),
        BenchCommand::Positional(args) => positional::run(args),
        BenchCommand::Interdiction(args) => interdiction::run(args),
        BenchCommand::Puzzles(args) => puzzles::run(args),
        BenchCommand::Plot(args) => plot::run(args),
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

/// The rows as JSON or as a Markdown table, and with --svg as a plot titled after `suite`.
fn print<R: TableRow + Serialize>(rows: &[R], common: &Common, suite: &str) -> anyhow::Result<()> {
    if let Some(path) = &common.svg {
        let title = format!("kalmar bench {suite}");
        let plot = kalmar_bench::table_plot::plot_rows(rows, &title).map_err(failure)?;
        plot.write_svg(path)?;
    }
    if common.json {
        say!("{}", serde_json::to_string_pretty(rows)?);
    } else {
        say!("{}", markdown_table(rows));
    }
    Ok(())
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
