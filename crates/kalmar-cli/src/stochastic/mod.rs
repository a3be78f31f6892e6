//! `kalmar stochastic`: solve, reduce, recover strategies for, generate and benchmark stochastic
//! games (simple, terminal-payoff, discounted, mean-payoff and parity games with chance).

use crate::bad_input;
use crate::report::{in_file, load, millis, table};
use clap::{Args, Subcommand, ValueEnum};
use kalmar_core::Rational;
use kalmar_core::format::{GameGraph, to_gg_string};
use kalmar_stochastic::generate::{Parameters, generate as generated};
use kalmar_stochastic::recover::ValuesError;
use kalmar_stochastic::reduce::{ConvertError, convert};
use kalmar_stochastic::solve::SOLVERS;
use kalmar_stochastic::{Class, ParityConvention, TerminalPayoffGame, recover};
use std::path::{Path, PathBuf};
use std::time::Instant;

mod bench;
mod solve;

pub use bench::bench;
pub use solve::{SolveArgs, solve_graph};

#[derive(Subcommand)]
pub enum StochasticCommand {
    /// Solve a stochastic game exactly: the value of every vertex as a fraction, optimal
    /// strategies for both players, and an independent check of both.
    ///
    /// The class comes from the .gg file: a `discount` line makes a discounted game, rewards
    /// without one a mean-payoff game, priorities a parity game, and otherwise terminals pay
    /// Max their payoff (infinite play pays 0) — a simple stochastic game when chance tosses fair
    /// coins and the payoffs are 0 and 1. Max is player 0 (`max`), Min player 1 (`min`).
    Solve(SolveArgs),
    /// Turn a game into one of another class by a reduction of Andersson and Miltersen, and
    /// write it as .gg (values and strategies carry over as each reduction's docs say).
    ///
    /// discounted -> terminal (0/1 payoffs, Lemma 3), discounted or terminal -> simple (coin
    /// tosses, Zwick-Paterson), terminal -> mean-payoff (Lemma 4), mean-payoff -> discounted
    /// (the exact discount factor of Lemma 1), parity -> terminal (the priority gadget, with
    /// the stopping parameter proven to work or --delta), parity -> mean-payoff (Jurdziński's
    /// rewards without chance; with chance, the proven gadget then Lemma 4).
    Reduce(ReduceArgs),
    /// Optimal strategies of a terminal-payoff game from the values of its vertices, in linear
    /// time (Theorem 2: safe and stopping strategies), checked by the verifier.
    ///
    /// VALUES is JSON: an object mapping every vertex name to its value ("3/4"), or the output
    /// of `kalmar stochastic solve --json`.
    Recover {
        /// The game (.gg).
        file: PathBuf,
        /// The values (JSON).
        values: PathBuf,
        /// Print the strategies as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Generate a random stochastic game, or the Haddad-Monmege chain, as .gg.
    Generate(GenerateArgs),
    /// Write a game in another tool's format: `--to prism` gives a PRISM-games model (`smg`)
    /// and the rPATL property whose value at every state is the vertex's value.
    Export(crate::prism::ExportArgs),
    /// List the solvers and the classes they solve.
    Solvers(crate::report::ListArgs),
}

/// The classes on the command line.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClassArg {
    /// Simple stochastic games (Condon): fair coins, payoffs 0 and 1.
    Simple,
    /// Terminal-payoff games: any distributions and payoffs; infinite play pays 0.
    Terminal,
    /// Discounted games: rewards, discount factor.
    Discounted,
    /// Mean-payoff games: rewards, limiting average.
    MeanPayoff,
    /// Parity games: priorities.
    Parity,
}

impl From<ClassArg> for Class {
    fn from(c: ClassArg) -> Class {
        match c {
            ClassArg::Simple => Class::Simple,
            ClassArg::Terminal => Class::Terminal,
            ClassArg::Discounted => Class::Discounted,
            ClassArg::MeanPayoff => Class::MeanPayoff,
            ClassArg::Parity => Class::Parity,
        }
    }
}

/// Which parity makes Max win.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConventionArg {
    /// The largest priority seen infinitely often is even (PGSolver's convention).
    Even,
    /// It is odd (the convention of the seed's paper 2).
    Odd,
}

#[derive(Args)]
pub struct ReduceArgs {
    /// The game file (.gg).
    file: PathBuf,
    /// The class to reduce to.
    #[arg(long, value_enum)]
    to: ClassArg,
    /// Parity games: which parity makes Max win.
    #[arg(long, value_enum, default_value = "even")]
    convention: ConventionArg,
    /// Parity -> terminal: the gadget's stopping parameter, at most 1/2 (a vertex of the k-th
    /// of K priority ranks stops with probability delta^(K - k)). Default: the bound proven
    /// to keep optimal strategies optimal, delta* = 1/(8n 4^n L^n P^2) for the largest
    /// denominator L of a vertex's probabilities and their product P; a larger delta gives
    /// shorter numbers but may not.
    #[arg(long, value_name = "R")]
    delta: Option<String>,
    /// Write the game to this file instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  kalmar stochastic generate simple --positions 1000 --seed 7\n  \
kalmar stochastic generate discounted --positions 200 --discount 9/10 -o d.gg\n  \
kalmar stochastic generate haddad-monmege --positions 20"
)]
pub struct GenerateArgs {
    /// What to generate: a class (simple, terminal, discounted, mean-payoff, parity),
    /// haddad-monmege (a chain on which value iteration needs about 2^n sweeps) or
    /// haddad-monmege-3/4 (the same chain worth 3/4 instead of 1).
    generator: String,
    /// Positions (Max, Min and chance vertices), or the chain's length.
    #[arg(long, default_value_t = 100, value_name = "N")]
    positions: usize,
    /// Moves per position.
    #[arg(long, default_value_t = 2, value_name = "D")]
    degree: usize,
    /// Terminals (terminal-payoff and simple games).
    #[arg(long, default_value_t = 4, value_name = "T")]
    terminals: usize,
    /// Discount factor of discounted games.
    #[arg(long, default_value = "9/10", value_name = "R")]
    discount: String,
    /// No chance vertices: the deterministic special case.
    #[arg(long)]
    deterministic: bool,
    /// The seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the game to this file instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
}

pub fn run(command: &StochasticCommand) -> anyhow::Result<()> {
    match command {
        StochasticCommand::Solve(args) => solve::solve(args),
        StochasticCommand::Reduce(args) => reduce(args),
        StochasticCommand::Recover { file, values, json } => recover_command(file, values, *json),
        StochasticCommand::Generate(args) => generate(args),
        StochasticCommand::Export(args) => crate::prism::export(args),
        StochasticCommand::Solvers(args) => {
            let rows = SOLVERS.iter().map(|s| {
                let classes: Vec<&str> = s.run.classes.iter().map(|c| c.name()).collect();
                let summary = match s.bounds {
                    "" => s.summary.to_string(),
                    bounds => format!("{} in {bounds}", s.summary),
                };
                vec![
                    s.id.to_string(),
                    if s.run.exact { "exact" } else { "bounds" }.to_string(),
                    classes.join(", "),
                    summary,
                ]
            });
            crate::report::listing(*args, &["id", "values", "classes", "method"], rows)
        }
    }
}

/// `kalmar stochastic reduce`.
fn reduce(args: &ReduceArgs) -> anyhow::Result<()> {
    let graph = load(&args.file)?;
    let to = Class::from(args.to);
    let delta = args
        .delta
        .as_deref()
        .map(|text| rational(text, "--delta"))
        .transpose()?;
    let result = convert(&graph, to, convention(args.convention), delta).map_err(|e| match e {
        ConvertError::Game(e) => in_file(&args.file, e),
        other => bad_input(other),
    })?;
    if to == Class::Simple && !TerminalPayoffGame::from_graph(&result).is_ok_and(|g| g.is_simple())
    {
        eprintln!(
            "note: the result tosses fair coins only, but its payoffs are not all 0 and 1, so it \
             is a terminal-payoff game rather than a simple stochastic game"
        );
    }
    emit(args.output.as_deref(), to.name(), &result)
}

/// Writes a game as .gg to a file or standard output.
fn emit(output: Option<&Path>, what: &str, graph: &GameGraph) -> anyhow::Result<()> {
    let text = to_gg_string(graph);
    match output {
        Some(path) => {
            std::fs::write(path, text)
                .map_err(|e| bad_input(format!("{}: {e}", path.display())))?;
            eprintln!(
                "wrote {what} game ({} vertices, {} moves) to {}",
                graph.arena.num_vertices(),
                graph.arena.num_edges(),
                path.display()
            );
            Ok(())
        }
        None => crate::write_out(format_args!("{text}")),
    }
}

/// `kalmar stochastic recover`.
fn recover_command(file: &Path, values_file: &Path, json: bool) -> anyhow::Result<()> {
    let graph = load(file)?;
    let game = TerminalPayoffGame::from_graph(&graph).map_err(|e| in_file(file, e))?;
    let text = kalmar_core::format::read_text_file(values_file).map_err(bad_input)?;
    let in_values = |e: ValuesError| match e {
        ValuesError::Name(_) => bad_input(e),
        e => in_file(values_file, e),
    };
    let arena = game.arena();
    let values = recover::values_from_json(arena, &text).map_err(in_values)?;
    let start = Instant::now();
    let solution = recover::certified(&game, values).map_err(in_values)?;
    let elapsed = start.elapsed();
    let moves = kalmar_terminal::solution_file::strategy_names(arena, &solution.strategy);
    if json {
        say!(
            "{}",
            serde_json::to_string_pretty(
                &serde_json::json!({ "strategy": moves, "verified": true })
            )?
        );
        return Ok(());
    }
    say!(
        "optimal strategies recovered in {} (safe and stopping, Theorem 2) and verified",
        millis(elapsed)
    );
    let rows = moves.into_iter().map(|(from, to)| vec![from, to]);
    table(&["vertex", "move"], rows, 0)
}

/// `kalmar stochastic generate`.
fn generate(args: &GenerateArgs) -> anyhow::Result<()> {
    let parameters = Parameters {
        positions: args.positions,
        degree: args.degree,
        terminals: args.terminals,
        discount: rational(&args.discount, "--discount")?,
        deterministic: args.deterministic,
        seed: args.seed,
    };
    let graph = generated(&args.generator, &parameters).map_err(bad_input)?;
    emit(args.output.as_deref(), &args.generator, &graph)
}

/// `kalmar generate stochastic GENERATOR --size ARCS --seed S`: a game of about `arcs` moves
/// (two per position, a terminal per ten positions).
pub fn generate_sized(generator: &str, arcs: usize, seed: u64) -> anyhow::Result<GameGraph> {
    generated(generator, &Parameters::sized(arcs, seed)).map_err(bad_input)
}

fn rational(text: &str, what: &str) -> anyhow::Result<Rational> {
    text.parse()
        .map_err(|e| bad_input(format!("{what} '{text}': expected {e}")))
}

fn convention(c: ConventionArg) -> ParityConvention {
    match c {
        ConventionArg::Even => ParityConvention::EvenWins,
        ConventionArg::Odd => ParityConvention::OddWins,
    }
}
