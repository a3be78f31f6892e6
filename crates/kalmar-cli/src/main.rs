//! The `kalmar` command-line program: solve games on graphs exactly, verify solutions
//! independently, generate games and benchmark the solvers.

/// Writes a line to standard output, returning an error (not panicking) when it cannot.
macro_rules! say {
    () => {
        $crate::write_out(format_args!("\n"))?
    };
    ($($arg:tt)*) => {
        $crate::write_out(format_args!("{}\n", format_args!($($arg)*)))?
    };
}

mod bench;
mod builtin;
mod cgt;
mod chess;
mod deferred;
mod demo;
mod dist;
mod efg;
mod generate;
mod interdict;
mod observation;
mod ohhell;
mod parity;
mod positional;
mod prism;
mod progress;
mod puzzle;
mod registry_ids;
mod report;
mod solve;
mod stochastic;
mod timeout;
mod verify;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use deferred::Deferred;
use std::path::PathBuf;
use std::process::ExitCode;

/// kalmar solves games: values, optimal strategies and certificates that anyone can check.
#[derive(Parser)]
#[command(name = "kalmar", version, propagate_version = true)]
#[command(
    after_help = "Start with `kalmar demo`. Every solve prints a human-readable table; \
add --json for machines and --output FILE to save a solution that `kalmar verify` checks.\n\
Exit codes: 0 success, 1 internal failure (a defect of kalmar), 2 bad input or usage \
(unreadable file, unknown option, size refused), 3 solution rejected by `kalmar verify`, \
124 timed out (--timeout on any solve, as timeout(1) exits)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// A short tour of what kalmar does, on built-in examples.
    Demo,
    /// Chess-like games: win, lose or draw, where infinite play is a draw.
    #[command(subcommand)]
    Reach(Deferred<ReachCommand>),
    /// Deterministic graphical games: any payoffs at terminals, infinite play pays 0.
    #[command(subcommand)]
    Dgg(Deferred<DggCommand>),
    /// Parity games: the largest priority seen infinitely often decides who wins.
    #[command(subcommand)]
    Parity(Deferred<parity::ParityCommand>),
    /// Games of imperfect information (Reif's problem): the system sees only observations.
    #[command(subcommand)]
    Observation(Deferred<observation::ObservationCommand>),
    /// n-player games on graphs: subgame-perfect equilibria by backward induction.
    #[command(subcommand)]
    Positional(Deferred<positional::PositionalCommand>),
    /// Stochastic games: chance moves with rational probabilities; exact values and strategies.
    #[command(subcommand)]
    Stochastic(Deferred<stochastic::StochasticCommand>),
    /// Network interdiction with local budgets: an interdictor removes edges leaving each
    /// vertex (or raises their weights), then a user takes a best path (DIMACS .gr and a
    /// budget file).
    #[command(subcommand)]
    Interdict(Deferred<interdict::InterdictCommand>),
    /// Pencil puzzles: Hashiwokakero (files, puzz.link URLs, Tatham game IDs) and Hiroimono;
    /// solve, prove unique, count, check, generate, and the NP-hardness reductions.
    #[command(subcommand)]
    Puzzle(Deferred<puzzle::PuzzleCommand>),
    /// Extensive-form games (Gambit .efg/.nfg): perfect recall, reduced strategies, the reduced
    /// strategic form, exact equilibria (saved for `kalmar verify`), and pictures of trees.
    #[command(subcommand)]
    Efg(Deferred<efg::EfgCommand>),
    /// Distributed solving on timely-dataflow: retrograde analysis and value iteration over
    /// worker threads, processes and machines, with the same answers and certificates as on
    /// one machine.
    #[command(subcommand)]
    Dist(Deferred<dist::DistCommand>),
    /// Chess endgames: tables of every position of 3-5 men (KRK, KQKR, KPK…) by retrograde
    /// analysis with depth to mate, probes by FEN with the best moves, and checks of tables.
    #[command(subcommand)]
    Chess(Deferred<chess::ChessCommand>),
    /// Oh Hell history filtering: count, list, build and sample the histories behind a public
    /// state, and the experiments of Solinas et al.
    #[command(subcommand)]
    Ohhell(Deferred<ohhell::OhHellCommand>),
    /// Solve a game file, choosing the family from its contents.
    ///
    /// Observations (`obs=` in .gg, or an Alpaga .gii file) make it a game of imperfect
    /// information (see `kalmar observation solve`). More than two players, or payoff vectors,
    /// make an n-player game (see `kalmar positional nash`); an Oh Hell public state has its
    /// histories counted (see `kalmar ohhell count`). Otherwise a game whose terminal payoffs are
    /// all -1, 0 or 1 is solved as a chess-like game (with
    /// distances to the end); other payoffs make it a deterministic graphical game; priorities
    /// make it a parity game. Games with chance, rewards or a discount factor are stochastic
    /// games, solved exactly by strategy iteration (see `kalmar stochastic solve`).
    Solve(Deferred<SolveArgs>),
    /// Check a solution independently of the solver that made it.
    ///
    /// Fixing one player's strategy leaves a one-player game, solved directly; the claimed
    /// value of each position must be secured by Max's strategy and conceded by Min's. Saved
    /// equilibria of Gambit games must be well formed, pay what they claim (recomputed
    /// exactly), and leave no player a profitable deviation: each player's best response,
    /// computed exactly, must pay no more than the equilibrium.
    #[command(
        after_help = "Examples:\n  kalmar parity solve examples/tiny.pg -o tiny.sol && kalmar verify examples/tiny.pg tiny.sol\n  \
        kalmar efg nash examples/kuhn-poker.efg -o kuhn.json && kalmar verify examples/kuhn-poker.efg kuhn.json"
    )]
    Verify {
        /// The game (any graph format kalmar reads, Alpaga's .gii, or Gambit's .efg and .nfg).
        game: PathBuf,
        /// The solution, as written by `--output`: JSON (chess-like games, DGGs, a system's
        /// winning strategy, equilibria of Gambit games), PGSolver's `paritysol`, or
        /// `kalmar-ssol` text for stochastic games.
        solution: PathBuf,
        /// Print the verdict as JSON (`{"accepted": true, "solution": KIND, ...}`, for equilibria
        /// with each one's payoffs and best-response values); a rejected solution exits with 3
        /// and its reason on standard error, as without --json.
        #[arg(long)]
        json: bool,
    },
    /// Generate games of every family: random ones, the sorting networks of Figure 4, and
    /// structured families (`kalmar generate --list` lists them).
    Generate(Deferred<generate::GenerateArgs>),
    /// Time the solvers of a family on generated games of growing size (and files) and print a
    /// Markdown table, or JSON.
    #[command(subcommand)]
    Bench(Deferred<bench::BenchCommand>),
    #[command(flatten)]
    Cgt(cgt::CgtCommand),
}

#[derive(Subcommand)]
enum ReachCommand {
    /// Solve a chess-like game by retrograde analysis (linear time): the outcome of every
    /// position, the number of moves to the forced end, and optimal strategies.
    ///
    /// In a .gg file terminals pay 1 (Max wins), -1 (Min wins) or 0 (draw). In a .pg file a
    /// position without moves loses for its owner, priorities are ignored and infinite play is
    /// a draw.
    Solve(SolveArgs),
    /// Explore a built-in rules-based game (Nim, cops and robber) into a graph, solve it, and
    /// show the line of optimal play from the start.
    Game(builtin::GameArgs),
}

#[derive(Subcommand)]
enum DggCommand {
    /// Solve a deterministic graphical game: strongly (every position) by default, weakly (the
    /// start position only) with --weak.
    Solve {
        #[command(flatten)]
        args: SolveArgs,
        /// Compute a weak solution: the value of the start position and strategies optimal
        /// from it. Weak solvers need fewer comparisons.
        #[arg(long)]
        weak: bool,
        /// The solver (see `kalmar dgg solvers`). Default: sort, or almost-linear with --weak.
        #[arg(long, value_name = "ID")]
        solver: Option<String>,
    },
    /// List the DGG solvers with their running times and comparison counts.
    Solvers(report::ListArgs),
}

/// What every solve command takes.
#[derive(Args, Clone)]
struct SolveArgs {
    /// The game file (.gg or .pg).
    file: PathBuf,
    /// Print the solution as JSON (an object whose `values` maps each position to its value).
    #[arg(long)]
    json: bool,
    /// Also write the solution as JSON to this file (for `kalmar verify`).
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Positions to list in the human-readable table (0 for all).
    #[arg(long, default_value_t = 40, value_name = "N")]
    limit: usize,
    /// Also draw the game and its solution as a Graphviz picture: positions filled with the
    /// colour of their winner, values under the names, strategies as bold moves (render with
    /// `dot -Tsvg FILE -o game.svg`). `kalmar solve` draws stochastic games and games of
    /// imperfect information too, as their own solve commands do (see their --help).
    #[arg(long, value_name = "FILE")]
    dot: Option<PathBuf>,
    #[command(flatten)]
    timeout: timeout::TimeoutArg,
}

/// An error in what the user gave: exit code 2.
#[derive(Debug)]
struct BadInput(String);

impl std::fmt::Display for BadInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}

/// A library's error: the program's fault (`internal`, exit code 1) or the input's (exit code 2).
fn library_error(internal: bool, error: impl std::fmt::Display) -> anyhow::Error {
    if internal {
        anyhow::anyhow!("internal failure: {error}")
    } else {
        bad_input(error)
    }
}

/// Marks an error as the user's input being wrong.
fn bad_input(error: impl std::fmt::Display) -> anyhow::Error {
    anyhow::Error::new(BadInput(error.to_string()))
}

/// A well-formed solution that its checker rejects: exit code 3.
#[derive(Debug)]
struct Rejected(String);

impl std::fmt::Display for Rejected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Rejected {}

/// The solution file at `path` read well but is wrong: why, prefixed with the file's name.
fn rejected(path: &std::path::Path, why: impl std::fmt::Display) -> anyhow::Error {
    anyhow::Error::new(Rejected(format!("{}: {why}", path.display())))
}

/// The exit codes (documented in the main `--help` and README.md).
mod exit {
    /// Bad input or usage: an unreadable game, an unknown option (clap's own code too).
    pub const BAD_INPUT: u8 = 2;
    /// A solution that `verify` rejects.
    pub const REJECTED: u8 = 3;
}

/// Writes to standard output.
fn write_out(args: std::fmt::Arguments<'_>) -> anyhow::Result<()> {
    use std::io::Write;
    std::io::stdout()
        .lock()
        .write_fmt(args)
        .map_err(|e| anyhow::Error::new(e).context("writing to standard output"))
}

/// Whether the error is standard output having been closed (as by `| head`).
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Demo => demo::run(),
        Command::Reach(Deferred(ReachCommand::Solve(args))) => solve::reach(&args),
        Command::Reach(Deferred(ReachCommand::Game(args))) => builtin::run(&args),
        Command::Dgg(Deferred(DggCommand::Solve { args, weak, solver })) => {
            solve::dgg(&args, weak, solver.as_deref())
        }
        Command::Dgg(Deferred(DggCommand::Solvers(args))) => report::solvers(args),
        Command::Parity(Deferred(command)) => parity::run(&command),
        Command::Observation(Deferred(command)) => observation::run(&command),
        Command::Positional(Deferred(command)) => positional::run(&command),
        Command::Interdict(Deferred(command)) => interdict::run(&command),
        Command::Puzzle(Deferred(command)) => puzzle::run(&command),
        Command::Stochastic(Deferred(command)) => stochastic::run(&command),
        Command::Efg(Deferred(command)) => efg::run(&command),
        Command::Ohhell(Deferred(command)) => ohhell::run(&command),
        Command::Chess(Deferred(command)) => chess::run(&command),
        Command::Dist(Deferred(command)) => dist::run(&command),
        Command::Solve(Deferred(args)) => solve::detect(&args),
        Command::Verify {
            game,
            solution,
            json,
        } => verify::run(&game, &solution, json),
        Command::Generate(Deferred(args)) => generate::run(&args),
        Command::Bench(Deferred(command)) => bench::run(&command),
        Command::Cgt(command) => cgt::run(&command),
    }
}

/// The longest error message printed whole; a longer one (naming a huge token, say) is cut,
/// with the number of characters left out.
const MAX_MESSAGE: usize = 2000;

/// `message`, cut to its first [`MAX_MESSAGE`] characters if longer.
fn shortened(message: &str) -> String {
    let length = message.chars().count();
    if length <= MAX_MESSAGE {
        return message.to_string();
    }
    let start: String = message.chars().take(MAX_MESSAGE).collect();
    format!("{start}… ({} more characters)", length - MAX_MESSAGE)
}

/// The `--timeout` of the command line, on whichever (sub)command it was given.
fn timeout_of(mut matches: &clap::ArgMatches) -> Option<f64> {
    loop {
        if let Ok(Some(&seconds)) = matches.try_get_one::<f64>(timeout::ID) {
            return Some(seconds);
        }
        matches = matches.subcommand()?.1;
    }
}

fn main() -> ExitCode {
    let matches = Cli::command().get_matches();
    if let Some(seconds) = timeout_of(&matches) {
        timeout::start(seconds);
    }
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) if e.is::<timeout::TimedOut>() => {
            eprintln!("{e}");
            ExitCode::from(timeout::TIMED_OUT)
        }
        Err(e) => {
            eprintln!("error: {}", shortened(&format!("{e:#}")));
            if e.chain().any(|c| c.is::<Rejected>()) {
                ExitCode::from(exit::REJECTED)
            } else if e.chain().any(|c| c.is::<BadInput>()) {
                ExitCode::from(exit::BAD_INPUT)
            } else {
                ExitCode::from(1)
            }
        }
    }
}
