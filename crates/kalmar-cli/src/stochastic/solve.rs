//! `kalmar stochastic solve` and `kalmar verify` of a `kalmar-ssol` solution: arguments,
//! printing and files; the solving, certifying and checking are
//! [`kalmar_stochastic::solve`]'s and [`kalmar_stochastic::solution_file`]'s.

use super::{ClassArg, ConventionArg, convention, rational};
use crate::bad_input;
use crate::progress::spinner_for as spinner;
use crate::report::{in_file, load, millis, owner_name, table, write_picture};
use clap::Args;
use indexmap::IndexMap;
use kalmar_core::Arena;
use kalmar_core::Rational;
use kalmar_core::format::GameGraph;
use kalmar_stochastic::picture::to_dot;
use kalmar_stochastic::solve::{Answer, Options, solve as solved};
use kalmar_stochastic::{Class, Stats};
use serde::Serialize;
use std::path::PathBuf;

#[derive(Args)]
#[command(after_help = "Examples:\n  kalmar stochastic solve game.gg\n  \
kalmar stochastic solve game.gg --solver vi --epsilon 1/1000000\n  \
kalmar stochastic solve game.gg --solver vi --exact --json\n  \
kalmar stochastic solve game.gg --dot game.dot && dot -Tsvg game.dot -o game.svg\n  \
kalmar stochastic solvers")]
pub struct SolveArgs {
    /// The game file (.gg).
    pub file: PathBuf,
    /// The solver (see `kalmar stochastic solvers`).
    #[arg(long, default_value = "si", value_name = "ID")]
    pub solver: String,
    /// Read the game as this class instead of the one its file suggests.
    #[arg(long, value_enum)]
    pub class: Option<ClassArg>,
    /// With vi: finish exactly, by strategy iteration started from the strategies the bounds
    /// suggest (exact values and strategies, checked).
    #[arg(long)]
    pub exact: bool,
    /// With vi: the largest guaranteed error wanted (a fraction or decimal).
    #[arg(long, default_value = "1/1000000", value_name = "R")]
    pub epsilon: String,
    /// With vi: stop after this many sweeps even if the bounds are wider than --epsilon.
    #[arg(long, default_value_t = 1_000_000, value_name = "N")]
    pub max_sweeps: u64,
    /// Parity games: which parity of the largest recurring priority makes Max win.
    #[arg(long, value_enum, default_value = "even")]
    pub convention: ConventionArg,
    /// Exact solves (si, mpsi, vi --exact): refuse a game whose exact solve the size model
    /// estimates above this much memory (bytes, or with K, M, G or T: `16G`). The estimate
    /// counts the fill of the largest strongly connected part and the digits of exact values.
    #[arg(long, default_value = "4G", value_name = "SIZE", value_parser = crate::report::memory)]
    pub max_memory: u64,
    /// Print the solution as JSON: `values` maps every vertex to its exact value ("3/4").
    #[arg(long)]
    pub json: bool,
    /// Also write the solution (exact values and both strategies) to this file, in the
    /// `kalmar-ssol` format that `kalmar verify GAME FILE` checks.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Vertices to list in the human-readable table (0 for all).
    #[arg(long, default_value_t = 40, value_name = "N")]
    pub limit: usize,
    /// Also draw the game and its solution as a Graphviz picture: each vertex with its value
    /// ("value 3/4") and reward or priority, optimal moves of both players bold, chance moves
    /// with their probabilities. A vertex is filled with its winner's colour (blue Max, red
    /// Min): where values are probabilities of winning (simple and parity games) at value 1 or
    /// 0, where they are payoffs of any sign at a positive or negative value. Render with
    /// `dot -Tsvg FILE -o game.svg`.
    #[arg(long, value_name = "FILE")]
    pub dot: Option<PathBuf>,
    #[command(flatten)]
    pub timeout: crate::timeout::TimeoutArg,
}

impl SolveArgs {
    /// The options of `kalmar solve FILE` for a stochastic game: the exact solver.
    pub fn from_solve(args: &crate::SolveArgs) -> anyhow::Result<Self> {
        Ok(SolveArgs {
            file: args.file.clone(),
            solver: "si".into(),
            class: None,
            exact: false,
            epsilon: "1/1000000".into(),
            max_sweeps: 1_000_000,
            convention: ConventionArg::Even,
            max_memory: kalmar_stochastic::solve::DEFAULT_MAX_MEMORY,
            json: args.json,
            output: args.output.clone(),
            limit: args.limit,
            dot: args.dot.clone(),
            timeout: args.timeout,
        })
    }
}

/// The JSON form of a solve.
#[derive(Serialize)]
struct AnswerJson {
    class: &'static str,
    solver: &'static str,
    exact: bool,
    values: IndexMap<String, String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lower: Option<IndexMap<String, String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    upper: Option<IndexMap<String, String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    strategy: Option<IndexMap<String, String>>,
    verified: bool,
    /// Stopped by --timeout: the bounds are the best found, wider than --epsilon.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    timed_out: bool,
    stats: Stats,
    milliseconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    dataflow: Option<serde_json::Value>,
}

/// Names every vertex's number.
fn named(arena: &Arena, xs: &[Rational]) -> IndexMap<String, String> {
    arena
        .vertices()
        .map(|v| (arena.name(v).into_owned(), xs[v.index()].to_string()))
        .collect()
}

/// `kalmar stochastic solve`.
pub fn solve(args: &SolveArgs) -> anyhow::Result<()> {
    let graph = load(&args.file)?;
    solve_graph(args, &graph)
}

/// Solves a game read from `args.file`: behind a spinner for games of a thousand moves and more
/// (exact solving is slow long before graph searches are).
pub fn solve_graph(args: &SolveArgs, graph: &GameGraph) -> anyhow::Result<()> {
    let options = Options {
        solver: args.solver.clone(),
        class: args.class.map(Class::from),
        exact: args.exact,
        epsilon: rational(&args.epsilon, "--epsilon")?,
        max_sweeps: args.max_sweeps,
        // Solvers of bounds stop at the deadline with the bounds so far.
        deadline: kalmar_stochastic::solve::SOLVERS
            .get(&args.solver)
            .is_ok_and(|entry| !entry.run.exact)
            .then(crate::timeout::cooperative_deadline)
            .flatten(),
        convention: convention(args.convention),
        max_memory: args.max_memory,
    };
    let answer = crate::progress::spinning(
        spinner("solving", graph.arena.num_edges().saturating_mul(1000)),
        || solved(graph, &options),
    );
    let answer = answer.map_err(|e| match e {
        e if e.is_internal() => anyhow::anyhow!(e),
        e if e.is_in_game() => in_file(&args.file, e),
        e => bad_input(e),
    })?;
    write_picture(args.dot.as_deref(), || to_dot(graph, &answer))?;
    let timed_out = answer.timed_out(&options);
    report(args, graph, &answer, (timed_out, options.convention), None)
}

/// Prints `answer` (with `dataflow`, the figures of workers that found it, in the JSON) and
/// writes its solution file if asked.
pub fn report(
    args: &SolveArgs,
    graph: &GameGraph,
    answer: &Answer,
    (timed_out, convention): (bool, kalmar_stochastic::ParityConvention),
    dataflow: Option<serde_json::Value>,
) -> anyhow::Result<()> {
    print_answer(args, graph, answer, timed_out, dataflow)?;
    if timed_out {
        return Err(crate::timeout::TimedOut.into());
    }
    let Some(path) = &args.output else {
        return Ok(());
    };
    let text = answer.solution_file(graph, convention).ok_or_else(|| {
        bad_input(format!(
            "--output needs exact values and a move at every vertex of Max and Min, which \
             solver {} does not give here (use si, or vi with --exact)",
            answer.solver
        ))
    })?;
    std::fs::write(path, text).map_err(|e| bad_input(format!("{}: {e}", path.display())))?;
    if !args.json {
        say!("solution written to {}", path.display());
    }
    Ok(())
}

/// Prints an answer: as JSON, or a summary line and a table of values and moves.
/// `dataflow`: the figures of workers that found the bounds, for the JSON.
fn print_answer(
    args: &SolveArgs,
    graph: &GameGraph,
    answer: &Answer,
    timed_out: bool,
    dataflow: Option<serde_json::Value>,
) -> anyhow::Result<()> {
    let arena = &graph.arena;
    let class = answer.class;
    let exact = answer.is_exact();
    if args.json {
        let json = AnswerJson {
            class: class.name(),
            solver: answer.solver,
            exact,
            values: named(arena, &answer.values),
            lower: answer.bounds.as_ref().map(|b| named(arena, &b.lower)),
            upper: answer.bounds.as_ref().map(|b| named(arena, &b.upper)),
            error: answer.bounds.as_ref().map(|b| b.error().to_string()),
            strategy: answer
                .strategy
                .as_ref()
                .map(|s| kalmar_terminal::solution_file::strategy_names(arena, s)),
            verified: answer.check_time.is_some(),
            timed_out,
            stats: answer.stats,
            milliseconds: answer.solve_time.as_secs_f64() * 1e3,
            dataflow,
        };
        say!("{}", serde_json::to_string_pretty(&json)?);
        return Ok(());
    }
    let chance = arena
        .vertices()
        .filter(|&v| arena.owner(v) == kalmar_core::Owner::Chance)
        .count();
    say!(
        "{} game {}: {} vertices ({} chance), {} moves",
        class.name(),
        args.file.display(),
        arena.num_vertices(),
        chance,
        arena.num_edges()
    );
    let mut line = format!(
        "solved by {} in {} ({} improvements, {} exact linear solves)",
        answer.solver,
        millis(answer.solve_time),
        answer.stats.iterations,
        answer.stats.evaluations
    );
    if answer.stats.rounds > 0 {
        let (through, games) = if class == Class::Parity {
            ("the priority gadget", "gadget games")
        } else {
            ("discounted games", "discount factors")
        };
        line = format!(
            "solved by si on {through} in {} ({} {games}, {} improvements, {} exact linear solves)",
            millis(answer.solve_time),
            answer.stats.rounds,
            answer.stats.iterations,
            answer.stats.evaluations
        );
    }
    if answer.bounds.is_some() {
        line = format!(
            "solved by vi in {} ({} sweeps)",
            millis(answer.solve_time),
            answer.stats.iterations
        );
    }
    if let Some(t) = answer.check_time {
        line += &format!("; certificate verified in {}", millis(t));
    }
    say!("{line}");
    if let Some(b) = &answer.bounds {
        say!(
            "value iteration bounds: every value within {} (about {:.3e}) of the middle shown{}",
            b.error(),
            b.error().to_f64() / 2.0,
            if answer.strategy.is_some() {
                "; then solved exactly from its strategies"
            } else {
                ""
            }
        );
    }
    say!();
    let rows = arena.vertices().map(|v| {
        let x = &answer.values[v.index()];
        let shown = if exact {
            x.to_string()
        } else {
            "~".to_string()
        };
        let successor = answer
            .strategy
            .as_ref()
            .and_then(|s| s.successor(arena, v))
            .map(|w| arena.name(w).into_owned())
            .unwrap_or_default();
        vec![
            arena.name(v).into_owned(),
            owner_name(arena.owner(v)),
            shown,
            format!("{:.6}", x.to_f64()),
            successor,
        ]
    });
    table(&["vertex", "owner", "value", "≈", "move"], rows, args.limit)
}
