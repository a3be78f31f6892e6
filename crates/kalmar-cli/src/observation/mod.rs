//! `kalmar observation`: games of imperfect information (Reif's problem) — solve, verify a
//! strategy, generate the prime-cycles family, benchmark.

mod bench;

use crate::bad_input;
use crate::registry_ids::ids;
use crate::report::{in_file, millis, table, write_picture};
use clap::{Args, Subcommand};
use kalmar_core::format::{read_text_file, to_gg_string};
use kalmar_files::{Detected, ObservationError};
use kalmar_observation::families::{FAMILIES, generate};
use kalmar_observation::solve::{
    Assumption, Decided, Input, ReifReport, Report, check, complete_algorithms, solve as run_solve,
};
use kalmar_observation::witness::{StrategyFile, spoiling_tree, verify_file};
use kalmar_observation::picture::to_dot;
use kalmar_observation::{Side, reif, write_gii};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::Duration;
use std::time::Instant;

#[derive(Subcommand)]
pub enum ObservationCommand {
    /// Decide who wins a game of imperfect information: the system sees only observations, the
    /// environment sees everything.
    ///
    /// Reads Alpaga's .gii format (actions, transitions, observations with priorities; the
    /// objective is to reach TARGET, or else to stay in SAFE with an even largest recurring
    /// priority) and kalmar's .gg with `obs=` (turn-based: max is the system, min the
    /// environment, the last player to move wins). The system wins when one strategy that
    /// depends only on what it has observed wins every play. With --strategy the witness is
    /// printed: the system's move for each knowledge set (the positions it may be at), or the
    /// environment's spoiling tree.
    ///
    /// For a .gg game the output also says whether Reif's model assumption holds (positions
    /// that look alike offer the same observations next). Only then is Reif's procedure
    /// (--solver reif) right; on the note's counterexample (examples/reif-note.gg) it
    /// accepts a game the environment wins.
    Solve(SolveArgs),
    /// Check a strategy saved by `solve --output`: replay it against every behaviour of the
    /// environment on the game.
    Verify {
        /// The game file (.gii or .gg).
        game: PathBuf,
        /// The strategy (JSON, as written by `solve --output`).
        strategy: PathBuf,
    },
    /// List the algorithms.
    Solvers(crate::report::ListArgs),
    /// Write a game of a generated family in .gii format.
    Generate {
        /// The family.
        #[arg(value_parser = ids(&FAMILIES))]
        family: String,
        /// Its size: the number of cycles (primes), or of states of the cycle (cerny).
        size: usize,
        /// Write to this file instead of standard output.
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Time the algorithms on the prime-cycles and Černý families and on the files given, and
    /// print a Markdown table: median time of --runs runs, knowledge sets, largest antichain,
    /// and the peak resident memory while each algorithm ran (Linux).
    Bench(bench::BenchArgs),
}

#[derive(Args)]
pub struct SolveArgs {
    /// The game file (.gii or .gg with obs=).
    file: PathBuf,
    /// The algorithm (see `kalmar observation solvers`; `--algorithm` is an old name).
    #[arg(long = "solver", alias = "algorithm", value_name = "ID", default_value = "knowledge", value_parser = ids(&kalmar_observation::ALGORITHMS))]
    algorithm: String,
    /// Print the witness: the system's winning strategy or the environment's spoiling tree.
    #[arg(long)]
    strategy: bool,
    /// Print the answer as JSON (an object whose `winner` is "system" or "environment").
    #[arg(long)]
    json: bool,
    /// Write the system's winning strategy as JSON to this file (for `verify`).
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Rules or tree lines to print with --strategy (0 for all).
    #[arg(long, default_value_t = 40, value_name = "N")]
    limit: usize,
    /// Also draw the game as a Graphviz picture: locations that look alike boxed together under
    /// their observation, the start marked by a dot, targets and unsafe locations named, and
    /// the winner's witness: the locations its strategy can lead to filled with its colour
    /// (blue system, red environment), the moves it uses bold. Render with
    /// `dot -Tsvg FILE -o game.svg`.
    #[arg(long, value_name = "FILE")]
    dot: Option<PathBuf>,
}

pub fn run(command: &ObservationCommand) -> anyhow::Result<()> {
    match command {
        ObservationCommand::Solve(args) => solve(args),
        ObservationCommand::Verify { game, strategy } => verify(game, strategy),
        ObservationCommand::Generate {
            family,
            size,
            output,
        } => {
            let text = write_gii(&generate(family, *size).map_err(bad_input)?)?;
            match output {
                Some(path) => std::fs::write(path, text).map_err(|e| in_file(path, e))?,
                None => say!("{}", text.trim_end()),
            }
            Ok(())
        }
        ObservationCommand::Bench(args) => bench::run(args),
        ObservationCommand::Solvers(args) => crate::report::listing(
            *args,
            &["id", "method"],
            kalmar_observation::ALGORITHMS
                .iter()
                .map(|a| vec![a.id.to_string(), a.summary.to_string()]),
        ),
    }
}

/// `kalmar solve` on a game with observations: the default algorithm, witness checked.
/// `read_time` is how long reading the file took.
pub fn solve_detected(
    args: &crate::SolveArgs,
    detected: &Detected,
    read_time: Duration,
) -> anyhow::Result<()> {
    let args = SolveArgs {
        file: args.file.clone(),
        algorithm: "knowledge".to_string(),
        strategy: false,
        json: args.json,
        output: args.output.clone(),
        limit: args.limit,
        dot: args.dot.clone(),
    };
    solve_input(&args, &input_of(&args.file, detected)?, read_time)
}

/// The game of imperfect information of a file read once: an Alpaga game, or a turn-based game
/// in any graph format.
fn input_of(path: &Path, detected: &Detected) -> anyhow::Result<Input> {
    detected.observation_input().map_err(|e| match e {
        ObservationError::Parse(e) => bad_input(e.in_file(path.display().to_string())),
        e => in_file(path, e),
    })
}

/// Reads a `.gii` game, or a turn-based game in any graph format.
fn read(path: &Path) -> anyhow::Result<Input> {
    input_of(path, &kalmar_files::detect(path).map_err(bad_input)?)
}

/// A report with the file it is about, as `--json` prints it.
#[derive(Serialize)]
struct InFile<'a> {
    file: String,
    #[serde(flatten)]
    report: &'a Report,
}

fn solve(args: &SolveArgs) -> anyhow::Result<()> {
    let started = Instant::now();
    let input = read(&args.file)?;
    solve_input(args, &input, started.elapsed())
}

/// Solves a game read in `read_time` and prints the answer.
fn solve_input(args: &SolveArgs, input: &Input, read_time: Duration) -> anyhow::Result<()> {
    // The time can be exponential in the size of the file: show the spinner on any game.
    let bar = crate::progress::spinner(&args.algorithm);
    let report = run_solve(input, &args.algorithm);
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let report = report.map_err(|e| {
        if e.is_internal() {
            anyhow::anyhow!(e)
        } else {
            in_file(&args.file, e)
        }
    })?;
    let solution = match &report {
        Report::Decided(decided) => Some(&decided.solution),
        Report::Reif(_) => None,
    };
    write_picture(args.dot.as_deref(), || to_dot(input, solution))?;
    if let (Some(path), Report::Decided(decided)) = (&args.output, &report) {
        let Some(strategy) = &decided.solution.strategy else {
            return Err(bad_input(
                "--output writes the system's winning strategy, but the environment wins \
                 (--strategy prints its spoiling tree)",
            ));
        };
        let text = serde_json::to_string_pretty(&StrategyFile::new(&input.game, strategy))?;
        std::fs::write(path, text + "\n").map_err(|e| in_file(path, e))?;
    }
    if args.json {
        let file = args.file.display().to_string();
        let out = InFile {
            file,
            report: &report,
        };
        say!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(());
    }
    match &report {
        Report::Decided(decided) => say_decided(args, input, decided, read_time)?,
        Report::Reif(reif) => say_reif(args, reif)?,
    }
    Ok(())
}

fn say_decided(
    args: &SolveArgs,
    input: &Input,
    decided: &Decided,
    read_time: std::time::Duration,
) -> anyhow::Result<()> {
    let game = &input.game;
    let solution = &decided.solution;
    say!(
        "observation game {}: {} locations, {} actions, {} observations, {} moves",
        args.file.display(),
        game.num_locations(),
        game.num_actions(),
        game.num_observations(),
        game.num_moves()
    );
    let witness = match solution.winner {
        Side::System => "winning strategy",
        Side::Environment => "spoiling strategy",
    };
    say!(
        "read in {}, solved by {} in {}, {witness} verified in {}",
        millis(read_time),
        decided.algorithm,
        millis(decided.solve_time),
        millis(decided.verify_time)
    );
    say!("  winner: the {}", solution.winner);
    say!("  {}", decided.summary);
    if let Some(assumption) = &decided.reif_assumption {
        say_assumption(assumption)?;
    }
    if args.strategy {
        if let Some(strategy) = &solution.strategy {
            say!(
                "the system's strategy (at knowledge K play the action; K ⊆ a listed set uses its rule):"
            );
            table(
                &["knowledge", "action"],
                strategy
                    .rules
                    .iter()
                    .map(|(k, a)| vec![game.show(k), game.action_name(*a).to_string()]),
                args.limit,
            )?;
        }
        if let Some(spoiler) = &solution.spoiler {
            say!("the environment's spoiling tree (what it shows after each action):");
            for line in spoiling_tree(game, spoiler, args.limit) {
                say!("  {line}");
            }
        }
    }
    if let Some(path) = &args.output {
        say!("  strategy written to {}", path.display());
    }
    Ok(())
}

fn say_reif(args: &SolveArgs, reif: &ReifReport) -> anyhow::Result<()> {
    say!(
        "Reif's procedure on {}: {} in {} ({} sets of positions, loop bound {})",
        args.file.display(),
        if reif.accept { "ACCEPT" } else { "REJECT" },
        millis(reif.time),
        reif.sets,
        reif.sets
    );
    say!("  claimed winner: the {}", reif.winner);
    say_assumption(&reif.reif_assumption)?;
    if !reif.reif_assumption.holds {
        say!("  so this answer may be wrong; --solver knowledge decides every game correctly");
    }
    Ok(())
}

/// The section of `kalmar demo` on imperfect information: the note's game, which Reif's
/// procedure accepts although the environment wins.
pub fn demo() -> anyhow::Result<()> {
    let graph = reif::note_example();
    say!(
        "    {}\n",
        to_gg_string(&graph).trim_end().replace('\n', "\n    ")
    );
    let input = Input::from_graph(&graph).map_err(bad_input)?;
    let turn_based = input.turn_based.as_ref().expect("a turn-based game");
    let reif = reif::run(turn_based, None);
    say!(
        "  Reif's procedure: {}",
        if reif.accept { "ACCEPT" } else { "REJECT" }
    );
    for (id, algorithm) in complete_algorithms() {
        let solution = (algorithm.solve)(&input.game);
        check(&input.game, &solution)?;
        say!("  {id}: the {} wins (witness verified)", solution.winner);
    }
    say_assumption(&Assumption::of(turn_based))?;
    say!("  The system cannot tell cT from cB, and no move is available at both: it loses.");
    say!("  Reif's procedure moves to c2 as if it knew it were at cT.");
    Ok(())
}

fn say_assumption(assumption: &Assumption) -> anyhow::Result<()> {
    if assumption.holds {
        say!(
            "  Reif's model assumption holds: positions that look alike offer the same observations"
        );
        return Ok(());
    }
    say!("  Reif's model assumption is violated:");
    let list_or_nothing = |names: &[String]| {
        if names.is_empty() {
            "nothing more".to_string()
        } else {
            names.join(", ")
        }
    };
    for v in &assumption.violations {
        say!(
            "    {} and {} look alike ({}) but {} can move to {} and {} to {}",
            v.first,
            v.second,
            v.observation,
            v.first,
            list_or_nothing(&v.only_first),
            v.second,
            list_or_nothing(&v.only_second)
        );
    }
    Ok(())
}

fn verify(game_path: &Path, strategy_path: &Path) -> anyhow::Result<()> {
    let input = read(game_path)?;
    let text = read_text_file(strategy_path).map_err(bad_input)?;
    let strategy = verify_file(&input.game, &text).map_err(|e| in_file(strategy_path, e))?;
    say!(
        "{}: the strategy wins {} for the system against every behaviour of the environment ({} rules)",
        strategy_path.display(),
        game_path.display(),
        strategy.rules.len()
    );
    Ok(())
}
