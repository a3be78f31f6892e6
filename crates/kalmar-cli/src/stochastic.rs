//! `kalmar stochastic`: solve, reduce, recover strategies for, generate and benchmark stochastic
//! games (simple, terminal-payoff, discounted, mean-payoff and parity games with chance).

use crate::bad_input;
use crate::progress::spinner_for as spinner;
use crate::report::{in_file, load, millis, owner_name, table};
use clap::{Args, Subcommand, ValueEnum};
use indexmap::IndexMap;
use kalmar_core::format::{GameGraph, to_gg_string};
use kalmar_core::{Arena, Certificate, Player, Rational, Strategy};
use kalmar_parity as parity;
use kalmar_stochastic::generate::{haddad_monmege_paying, random_deterministic, random_stochastic};
use kalmar_stochastic::reduce::{
    coin_tosses, discounted_to_terminal, mean_to_discounted, parity_to_mean, parity_to_terminal,
    terminal_to_mean,
};
use kalmar_stochastic::vi::Bounds;
use kalmar_stochastic::{
    Class, DiscountedGame, MeanPayoffGame, ParityConvention, ParityGame, SOLVERS, Solution, Stats,
    TerminalGame, mpsi, recover, si, solution_file, solver, spg, vi, zp,
};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

mod friedmann;

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
    Solvers,
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
#[command(after_help = "Examples:\n  kalmar stochastic solve game.gg\n  \
kalmar stochastic solve game.gg --solver vi --epsilon 1/1000000\n  \
kalmar stochastic solve game.gg --solver vi --exact --json\n  kalmar stochastic solvers")]
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
        StochasticCommand::Solve(args) => solve(args),
        StochasticCommand::Reduce(args) => reduce(args),
        StochasticCommand::Recover { file, values, json } => recover_command(file, values, *json),
        StochasticCommand::Generate(args) => generate(args),
        StochasticCommand::Export(args) => crate::prism::export(args),
        StochasticCommand::Solvers => {
            let rows = SOLVERS.iter().map(|s| {
                let classes: Vec<&str> = s.classes.iter().map(|c| c.name()).collect();
                vec![
                    s.id.to_string(),
                    if s.exact { "exact" } else { "bounds" }.to_string(),
                    classes.join(", "),
                    s.summary.to_string(),
                ]
            });
            table(&["id", "values", "classes", "method"], rows, 0)
        }
    }
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

/// What a solve produced.
struct Answer {
    solver: &'static str,
    values: Vec<Rational>,
    /// Guaranteed bounds, when the values are not exact.
    bounds: Option<Bounds>,
    strategy: Option<Strategy>,
    stats: Stats,
    solve_time: Duration,
    /// The time the certificate check took, when there was one.
    check_time: Option<Duration>,
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
    stats: Stats,
    milliseconds: f64,
}

/// Names every vertex's number.
fn named(arena: &Arena, xs: &[Rational]) -> IndexMap<String, String> {
    arena
        .vertices()
        .map(|v| (arena.name(v).into_owned(), xs[v.index()].to_string()))
        .collect()
}

/// The certificate check, as an internal failure if it rejects.
fn checked(result: Result<(), kalmar_core::VerifyError>) -> anyhow::Result<()> {
    result.map_err(|e| {
        anyhow::anyhow!("internal error, the solver's answer failed its certificate: {e}")
    })
}

/// Runs `work` behind a spinner (for games of a thousand moves and more: exact solving is slow
/// long before graph searches are) and times it.
fn timed<T>(message: &str, moves: usize, work: impl FnOnce() -> T) -> (T, Duration) {
    let bar = spinner(message, moves.saturating_mul(1000));
    let start = Instant::now();
    let result = work();
    let elapsed = start.elapsed();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    (result, elapsed)
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
            json: args.json,
            output: args.output.clone(),
            limit: args.limit,
        })
    }
}

/// `kalmar stochastic solve`.
pub fn solve(args: &SolveArgs) -> anyhow::Result<()> {
    let graph = load(&args.file)?;
    solve_graph(args, &graph)
}

/// Solves a game read from `args.file`.
pub fn solve_graph(args: &SolveArgs, graph: &GameGraph) -> anyhow::Result<()> {
    let class = args.class.map_or_else(|| Class::of(graph), Class::from);
    let info = solver(&args.solver).map_err(bad_input)?;
    if !info.classes.contains(&class) {
        return Err(bad_input(format!(
            "solver {} does not solve {} games (see `kalmar stochastic solvers`)",
            info.id,
            class.name()
        )));
    }
    if args.exact && info.id != "vi" {
        return Err(bad_input(
            "--exact applies to --solver vi (si and zp are exact already)",
        ));
    }
    let epsilon = rational(&args.epsilon, "--epsilon")?;
    if epsilon.signum().is_le() {
        return Err(bad_input("--epsilon must be positive"));
    }
    let file = &args.file;
    let moves = graph.arena.num_edges();
    let answer = match class {
        Class::Simple | Class::Terminal => {
            let game = TerminalGame::from_graph(graph).map_err(|e| in_file(file, e))?;
            let mut stats = Stats::default();
            let ((solution, bounds), solve_time) = timed("solving", moves, || {
                iterate(
                    info.id == "vi",
                    args.exact,
                    &mut stats,
                    |stats| vi::solve_terminal(&game, &epsilon, args.max_sweeps, stats),
                    |bounds, stats| {
                        si::solve_terminal_from(&game, bounds.greedy(game.arena()), stats)
                    },
                    |stats| si::solve_terminal(&game, stats),
                )
            });
            finish_solution(moves, info.id, solution, bounds, stats, solve_time, |s| {
                s.verify(&game)
            })?
        }
        Class::Discounted => {
            let game = DiscountedGame::from_graph(graph).map_err(|e| in_file(file, e))?;
            let mut stats = Stats::default();
            let ((solution, bounds), solve_time) = timed("solving", moves, || {
                iterate(
                    info.id == "vi",
                    args.exact,
                    &mut stats,
                    |stats| vi::solve_discounted(&game, &epsilon, args.max_sweeps, stats),
                    |bounds, stats| {
                        si::solve_discounted_from(&game, bounds.greedy(game.arena()), stats)
                    },
                    |stats| si::solve_discounted(&game, stats),
                )
            });
            finish_solution(moves, info.id, solution, bounds, stats, solve_time, |s| {
                s.verify(&game)
            })?
        }
        Class::MeanPayoff => {
            let game = MeanPayoffGame::from_graph(graph).map_err(|e| in_file(file, e))?;
            let mut stats = Stats::default();
            if info.id == "zp" {
                let (values, solve_time) =
                    timed("solving", moves, || zp::solve(&game, u64::MAX, &mut stats));
                Answer {
                    solver: info.id,
                    values: values.map_err(|e| in_file(file, e))?,
                    bounds: None,
                    strategy: None,
                    stats,
                    solve_time,
                    check_time: None,
                }
            } else {
                let (solution, solve_time) = timed("solving", moves, || match info.id {
                    "mpsi" => mpsi::solve(&game, &mut stats).map_err(|e| in_file(file, e)),
                    // Discounted games ever nearer Lemma 1's beta*, until an answer is certified.
                    _ => Ok(si::solve_mean_payoff(&game, &mut stats)),
                });
                finish_solution(
                    moves,
                    info.id,
                    Some(solution?),
                    None,
                    stats,
                    solve_time,
                    |s| s.verify(&game),
                )?
            }
        }
        Class::Parity => parity_answer(args, graph)?,
    };
    print_answer(args, graph, class, &answer)?;
    match &args.output {
        Some(path) => save_solution(path, args, graph, class, answer),
        None => Ok(()),
    }
}

/// Writes an exact solution to `path` in the `kalmar-ssol` format.
fn save_solution(
    path: &Path,
    args: &SolveArgs,
    graph: &GameGraph,
    class: Class,
    answer: Answer,
) -> anyhow::Result<()> {
    let strategy = answer
        .strategy
        .filter(|s| s.check(&graph.arena).is_ok())
        .ok_or_else(|| {
            bad_input(format!(
                "--output needs exact values and a move at every vertex of Max and Min, which \
                 solver {} does not give here (use si, or vi with --exact)",
                answer.solver
            ))
        })?;
    let solution = Solution {
        values: answer.values,
        strategy,
    };
    let text = solution_file::write(&graph.arena, class, convention(args.convention), &solution);
    std::fs::write(path, text).map_err(|e| bad_input(format!("{}: {e}", path.display())))?;
    if !args.json {
        say!("solution written to {}", path.display());
    }
    Ok(())
}

/// `kalmar verify GAME SOLUTION` for a `kalmar-ssol` solution: read it against the game, then
/// check it with the certificate of its class. A wrong solution exits with code 1; a solution
/// file that cannot be read, with code 2 and the line and column.
pub fn verify_solution(
    graph: &GameGraph,
    game_path: &Path,
    text: &str,
    solution_path: &Path,
) -> anyhow::Result<()> {
    let parsed = solution_file::read(text, &graph.arena)
        .map_err(|e| bad_input(e.in_file(solution_path.display().to_string())))?;
    let solution = &parsed.solution;
    let in_game = |e: kalmar_stochastic::StochasticError| in_file(game_path, e);
    let verdict = match parsed.class {
        Class::Simple | Class::Terminal => {
            solution.verify(&TerminalGame::from_graph(graph).map_err(in_game)?)
        }
        Class::Discounted => solution.verify(&DiscountedGame::from_graph(graph).map_err(in_game)?),
        Class::Parity => {
            solution.verify(&ParityGame::from_graph(graph, parsed.convention).map_err(in_game)?)
        }
        Class::MeanPayoff => solution.verify(&MeanPayoffGame::from_graph(graph).map_err(in_game)?),
    };
    verdict
        .map_err(|e| anyhow::anyhow!("{}: the solution is wrong: {e}", solution_path.display()))?;
    say!(
        "accepted: the {} solution in {} is correct for {}",
        parsed.class.name(),
        solution_path.display(),
        game_path.display()
    );
    Ok(())
}

/// Strategy iteration (`bounds` false), or value iteration with bounds, finished exactly by
/// strategy iteration from its greedy strategies when `exact`; the evaluations counted are the
/// exact iteration's.
fn iterate(
    bounds: bool,
    exact: bool,
    stats: &mut Stats,
    value_iteration: impl FnOnce(&mut Stats) -> Bounds,
    strategy_iteration_from: impl FnOnce(&Bounds, &mut Stats) -> Solution,
    strategy_iteration: impl FnOnce(&mut Stats) -> Solution,
) -> (Option<Solution>, Option<Bounds>) {
    if !bounds {
        return (Some(strategy_iteration(stats)), None);
    }
    let b = value_iteration(stats);
    let solution = exact.then(|| {
        let mut exact_stats = Stats::default();
        let s = strategy_iteration_from(&b, &mut exact_stats);
        stats.evaluations = exact_stats.evaluations;
        s
    });
    (solution, Some(b))
}

/// The answer of a solver that returns a solution (exact) and/or bounds.
fn finish_solution(
    moves: usize,
    solver: &'static str,
    solution: Option<Solution>,
    bounds: Option<Bounds>,
    stats: Stats,
    solve_time: Duration,
    verify: impl FnOnce(&Solution) -> Result<(), kalmar_core::VerifyError>,
) -> anyhow::Result<Answer> {
    match solution {
        Some(solution) => {
            let (check, check_time) = timed("verifying", moves, || verify(&solution));
            checked(check)?;
            Ok(Answer {
                solver,
                values: solution.values,
                bounds,
                strategy: Some(solution.strategy),
                stats,
                solve_time,
                check_time: Some(check_time),
            })
        }
        None => {
            let bounds = bounds.expect("a solver gives a solution or bounds");
            let values = bounds
                .lower
                .iter()
                .zip(&bounds.upper)
                .map(|(l, u)| &(l + u) / &Rational::from(2))
                .collect();
            Ok(Answer {
                solver,
                values,
                bounds: Some(bounds),
                strategy: None,
                stats,
                solve_time,
                check_time: None,
            })
        }
    }
}

/// A parity game: with chance by the priority gadget and exact strategy iteration, checked by
/// the parity-MDP certificate; deterministic ones by Zielonka's algorithm (values 0 and 1),
/// checked by the parity verifier.
fn parity_answer(args: &SolveArgs, graph: &GameGraph) -> anyhow::Result<Answer> {
    let game = ParityGame::from_graph(graph, convention(args.convention))
        .map_err(|e| in_file(&args.file, e))?;
    if !kalmar_stochastic::is_deterministic(game.arena()) {
        let moves = game.arena().num_edges();
        let mut stats = Stats::default();
        let (solution, solve_time) = timed("solving", moves, || spg::solve(&game, &mut stats));
        let (check, check_time) = timed("verifying", moves, || solution.verify(&game));
        checked(check)?;
        return Ok(Answer {
            solver: "si",
            values: solution.values,
            bounds: None,
            strategy: Some(solution.strategy),
            stats,
            solve_time,
            check_time: Some(check_time),
        });
    }
    // Odd-wins priorities become even-wins ones by adding 1.
    let shift = u32::from(args.convention == ConventionArg::Odd);
    let priority = game
        .priorities()
        .iter()
        .map(|&p| p.checked_add(shift))
        .collect::<Option<Vec<u32>>>()
        .ok_or_else(|| bad_input("a priority is too large"))?;
    let classic = parity::ParityGame::new(game.arena().clone(), priority)
        .map_err(|e| in_file(&args.file, e))?;
    let mut stats = parity::Stats::default();
    let start = Instant::now();
    let solution = parity::zlk::solve(&classic, &mut stats);
    let solve_time = start.elapsed();
    let check = Instant::now();
    checked(solution.verify(&classic))?;
    Ok(Answer {
        solver: "zlk",
        values: solution
            .winner
            .iter()
            .map(|&w| Rational::from(i64::from(w == Player::MAX)))
            .collect(),
        bounds: None,
        strategy: Some(solution.strategy),
        stats: Stats {
            iterations: stats.iterations,
            ..Stats::default()
        },
        solve_time,
        check_time: Some(check.elapsed()),
    })
}

fn print_answer(
    args: &SolveArgs,
    graph: &GameGraph,
    class: Class,
    answer: &Answer,
) -> anyhow::Result<()> {
    let arena = &graph.arena;
    let exact =
        answer.strategy.is_some() || answer.bounds.as_ref().is_none_or(|b| b.error().is_zero());
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
            stats: answer.stats,
            milliseconds: answer.solve_time.as_secs_f64() * 1e3,
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
    if answer.solver == "vi" {
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

/// `kalmar stochastic reduce`.
fn reduce(args: &ReduceArgs) -> anyhow::Result<()> {
    let graph = load(&args.file)?;
    let from = Class::of(&graph);
    let file = &args.file;
    let to = Class::from(args.to);
    let result: GameGraph = match (from, to) {
        (Class::Discounted, Class::Terminal) => {
            let game = DiscountedGame::from_graph(&graph).map_err(|e| in_file(file, e))?;
            discounted_to_terminal::reduce(&game).game.to_graph()
        }
        (Class::Discounted, Class::Simple) => {
            let game = DiscountedGame::from_graph(&graph).map_err(|e| in_file(file, e))?;
            coin_tosses::reduce(&discounted_to_terminal::reduce(&game).game).to_graph()
        }
        (Class::Terminal | Class::Simple, Class::Simple) => {
            let game = TerminalGame::from_graph(&graph).map_err(|e| in_file(file, e))?;
            coin_tosses::reduce(&game).to_graph()
        }
        (Class::Terminal | Class::Simple, Class::MeanPayoff) => {
            let game = TerminalGame::from_graph(&graph).map_err(|e| in_file(file, e))?;
            terminal_to_mean::reduce(&game).to_graph()
        }
        (Class::MeanPayoff, Class::Discounted) => {
            let game = MeanPayoffGame::from_graph(&graph).map_err(|e| in_file(file, e))?;
            mean_to_discounted::reduce(&game).to_graph()
        }
        (Class::Parity, Class::MeanPayoff) => {
            let game = ParityGame::from_graph(&graph, convention(args.convention))
                .map_err(|e| in_file(file, e))?;
            parity_to_mean::reduce(&game).to_graph()
        }
        (Class::Parity, Class::Terminal) => {
            let game = ParityGame::from_graph(&graph, convention(args.convention))
                .map_err(|e| in_file(file, e))?;
            let delta = match &args.delta {
                Some(text) => rational(text, "--delta")?,
                None => parity_to_terminal::proven_delta(&game),
            };
            if delta.signum().is_le() || delta > Rational::new(1, 2) {
                return Err(bad_input("--delta must be positive and at most 1/2"));
            }
            parity_to_terminal::reduce(&game, &delta).to_graph()
        }
        _ => {
            return Err(bad_input(format!(
                "no reduction from a {} game to a {} game; the reductions are: discounted -> \
                 terminal, discounted -> simple, terminal -> simple, terminal -> mean-payoff, \
                 mean-payoff -> discounted, parity -> mean-payoff, parity -> terminal (priority \
                 gadget)",
                from.name(),
                to.name()
            )));
        }
    };
    if to == Class::Simple && !TerminalGame::from_graph(&result).is_ok_and(|g| g.is_simple()) {
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
    let game = TerminalGame::from_graph(&graph).map_err(|e| in_file(file, e))?;
    let text = std::fs::read_to_string(values_file)
        .map_err(|e| bad_input(format!("{}: {e}", values_file.display())))?;
    let parsed: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| in_file(values_file, e))?;
    let object = parsed
        .get("values")
        .unwrap_or(&parsed)
        .as_object()
        .ok_or_else(|| {
            in_file(
                values_file,
                "expected a JSON object of values by vertex name",
            )
        })?;
    let arena = game.arena();
    let index = arena.name_index();
    let mut values = vec![None; arena.num_vertices()];
    for (name, x) in object {
        let v = crate::report::lookup(&index, name)?;
        let x: Rational = serde_json::from_value(x.clone())
            .map_err(|e| in_file(values_file, format!("vertex {name}: {e}")))?;
        values[v.index()] = Some(x);
    }
    let values: Vec<Rational> = arena
        .vertices()
        .map(|v| {
            values[v.index()].clone().ok_or_else(|| {
                in_file(
                    values_file,
                    format!("no value for vertex {}", arena.name(v)),
                )
            })
        })
        .collect::<anyhow::Result<_>>()?;
    let start = Instant::now();
    let strategy = recover::recover(&game, &values).map_err(|e| in_file(values_file, e))?;
    let elapsed = start.elapsed();
    let solution = Solution { values, strategy };
    solution
        .verify(&game)
        .map_err(|e| in_file(values_file, format!("the values are not the game's: {e}")))?;
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
    let graph = generate_graph(
        &args.generator,
        args.positions,
        args.degree,
        args.terminals,
        &args.discount,
        args.deterministic,
        args.seed,
    )?;
    emit(args.output.as_deref(), &args.generator, &graph)
}

/// The lengths of the Haddad-Monmege chains in the benchmarks.
pub(crate) const CHAINS: [usize; 4] = [6, 8, 10, 12];

/// A Haddad-Monmege chain by family name: `haddad-monmege` (the end pays 1, so the value is 1)
/// or `haddad-monmege-3/4` (the end pays 3/4: a value that no precomputation of the vertices won
/// with probability 1 finds, so value iteration has to converge to it). `None` for other names.
pub(crate) fn haddad_monmege_chain(family: &str, n: usize) -> Option<anyhow::Result<GameGraph>> {
    let end = match family {
        "haddad-monmege" => Rational::ONE,
        "haddad-monmege-3/4" => Rational::new(3, 4),
        _ => return None,
    };
    Some(haddad_monmege_paying(n, end).map_err(bad_input))
}

/// The generators by name: the classes, and haddad-monmege.
fn generate_graph(
    generator: &str,
    positions: usize,
    degree: usize,
    terminals: usize,
    discount: &str,
    deterministic: bool,
    seed: u64,
) -> anyhow::Result<GameGraph> {
    const LIMIT: usize = 50_000_000;
    if positions > LIMIT || degree > 64 || terminals > LIMIT {
        return Err(bad_input(format!(
            "at most {LIMIT} positions and terminals and 64 moves per position"
        )));
    }
    let class = match generator {
        "simple" => Class::Simple,
        "terminal" => Class::Terminal,
        "discounted" => Class::Discounted,
        "mean-payoff" => Class::MeanPayoff,
        "parity" => Class::Parity,
        _ => {
            if let Some(chain) = haddad_monmege_chain(generator, positions) {
                return chain;
            }
            return Err(bad_input(format!(
                "unknown generator '{generator}'; the generators are: simple, terminal, \
                 discounted, mean-payoff, parity, haddad-monmege, haddad-monmege-3/4"
            )));
        }
    };
    let discount = (class == Class::Discounted)
        .then(|| rational(discount, "--discount"))
        .transpose()?;
    let build = if deterministic {
        random_deterministic
    } else {
        random_stochastic
    };
    build(class, positions, degree, terminals, discount, seed).map_err(bad_input)
}

/// `kalmar generate stochastic GENERATOR --size ARCS --seed S`: a game of about `arcs` moves
/// (two per position, a terminal per ten positions).
pub fn generate_sized(generator: &str, arcs: usize, seed: u64) -> anyhow::Result<GameGraph> {
    let positions = (arcs / 2).max(1);
    generate_graph(
        generator,
        positions,
        2,
        positions / 10 + 2,
        "9/10",
        false,
        seed,
    )
}

/// The families `kalmar bench stochastic` runs when none are named.
const DEFAULT_BENCH_FAMILIES: [&str; 4] = ["simple", "terminal", "discounted", "haddad-monmege"];

/// Zwick–Paterson runs in the benchmark only up to this many vertex updates (steps times
/// vertices); beyond, its row says how many steps it would take.
const ZP_BENCH_UPDATES: u128 = 2_000_000_000;

/// `kalmar bench stochastic`: exact strategy iteration and value iteration on random games
/// and the Haddad–Monmege chains; strategy improvement (mpsi) and Zwick–Paterson on random
/// deterministic mean-payoff games; the priority gadget on random parity games with chance. A
/// Markdown table. Each answer with a certificate is checked by it, outside the timed part;
/// mpsi's values are compared with Zwick–Paterson's where that runs.
pub fn bench(
    families: &[String],
    solvers: &[String],
    sizes: &[usize],
    reps: usize,
    seed: u64,
    json: bool,
) -> anyhow::Result<()> {
    let reps = reps.max(1);
    let families: Vec<&str> = if families.is_empty() {
        DEFAULT_BENCH_FAMILIES.to_vec()
    } else {
        families.iter().map(String::as_str).collect()
    };
    let runs = |id: &str| solvers.is_empty() || solvers.iter().any(|s| s == id);
    let mut rows = Vec::new();
    for family in families {
        match family {
            "simple" | "terminal" | "discounted" => {
                for &size in sizes {
                    let graph = generate_sized(family, size, seed)?;
                    bench_si_vi(family.to_string(), &graph, reps, &runs, &mut rows)?;
                }
            }
            "haddad-monmege" | "haddad-monmege-3/4" => {
                for n in CHAINS {
                    let graph = haddad_monmege_chain(family, n).expect("a chain family")?;
                    bench_si_vi(format!("{family} {n}"), &graph, reps, &runs, &mut rows)?;
                }
            }
            "mean-payoff" => {
                for &size in sizes {
                    let positions = (size / 2).max(1);
                    let graph =
                        random_deterministic(Class::MeanPayoff, positions, 2, 0, None, seed)
                            .map_err(bad_input)?;
                    bench_mean_payoff(&graph, reps, &mut rows)?;
                }
            }
            "parity" => {
                for &size in sizes {
                    let positions = (size / 2).max(1);
                    let graph = random_stochastic(Class::Parity, positions, 2, 0, None, seed)
                        .map_err(bad_input)?;
                    let game = ParityGame::from_graph(&graph, ParityConvention::EvenWins)
                        .map_err(bad_input)?;
                    let labels = ("parity (chance)", "si-gadget", "gadget games");
                    rows.push(bench_searched(labels, &graph, reps, |stats| {
                        let start = Instant::now();
                        let solution = spg::solve(&game, stats);
                        let elapsed = start.elapsed();
                        checked(solution.verify(&game)).map(|()| elapsed)
                    })?);
                }
            }
            "mean-payoff-chance" => {
                for &size in sizes {
                    let positions = (size / 2).max(1);
                    let graph = random_stochastic(Class::MeanPayoff, positions, 2, 0, None, seed)
                        .map_err(bad_input)?;
                    let game = MeanPayoffGame::from_graph(&graph).map_err(bad_input)?;
                    let labels = ("mean-payoff (chance)", "si", "discount factors");
                    rows.push(bench_searched(labels, &graph, reps, |stats| {
                        let start = Instant::now();
                        let solution = si::solve_mean_payoff(&game, stats);
                        let elapsed = start.elapsed();
                        checked(solution.verify(&game)).map(|()| elapsed)
                    })?);
                }
            }
            "friedmann" => friedmann::bench(reps, &mut rows)?,
            other => {
                return Err(bad_input(format!(
                    "unknown stochastic benchmark family '{other}'; the families are simple, \
                     terminal, discounted, haddad-monmege, haddad-monmege-3/4, mean-payoff, \
                     mean-payoff-chance, parity and friedmann"
                )));
            }
        }
    }
    if json {
        say!("{}", serde_json::to_string_pretty(&rows)?);
        return Ok(());
    }
    say!(
        "| family | vertices | moves | solver | median ms | iterations | exact solves | float solves | error bound |"
    );
    say!("|---|---:|---:|---|---:|---:|---:|---:|---|");
    for r in rows {
        say!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            r.family,
            r.vertices,
            r.moves,
            r.solver,
            r.median_ms.map_or("–".into(), |t| format!("{t:.2}")),
            r.iterations,
            r.evaluations,
            r.estimates,
            r.error
        );
    }
    Ok(())
}

/// One row of `kalmar bench stochastic`.
#[derive(Serialize)]
struct BenchRow {
    family: String,
    vertices: usize,
    moves: usize,
    solver: &'static str,
    /// None when the solver was not run (too slow at this size).
    median_ms: Option<f64>,
    iterations: u64,
    evaluations: u64,
    estimates: u64,
    error: String,
}

impl BenchRow {
    fn new(
        family: impl Into<String>,
        graph: &GameGraph,
        solver: &'static str,
        times: &[f64],
        stats: Stats,
        error: String,
    ) -> Self {
        BenchRow {
            family: family.into(),
            vertices: graph.arena.num_vertices(),
            moves: graph.arena.num_edges(),
            solver,
            median_ms: times.get(times.len() / 2).copied(),
            iterations: stats.iterations,
            evaluations: stats.evaluations,
            estimates: stats.estimates,
            error,
        }
    }
}

/// Runs `work` `reps` times; the sorted times in milliseconds.
fn repeat(
    reps: usize,
    mut work: impl FnMut() -> anyhow::Result<Duration>,
) -> anyhow::Result<Vec<f64>> {
    let mut times = (0..reps)
        .map(|_| work().map(|t| t.as_secs_f64() * 1e3))
        .collect::<anyhow::Result<Vec<f64>>>()?;
    times.sort_by(f64::total_cmp);
    Ok(times)
}

/// Exact strategy iteration and value iteration with bounds on a terminal or discounted game.
fn bench_si_vi(
    family: String,
    graph: &GameGraph,
    reps: usize,
    runs: &impl Fn(&str) -> bool,
    rows: &mut Vec<BenchRow>,
) -> anyhow::Result<()> {
    let epsilon = Rational::new(1, 1_000_000);
    let discounted = match Class::of(graph) {
        Class::Discounted => Some(DiscountedGame::from_graph(graph).map_err(bad_input)?),
        _ => None,
    };
    let terminal = match discounted {
        Some(_) => None,
        None => Some(TerminalGame::from_graph(graph).map_err(bad_input)?),
    };
    let mut stats = Stats::default();
    if runs("si") {
        let times = repeat(reps, || {
            stats = Stats::default();
            let start = Instant::now();
            let (elapsed, check) = match (&discounted, &terminal) {
                (Some(game), _) => {
                    let solution = si::solve_discounted(game, &mut stats);
                    (start.elapsed(), solution.verify(game))
                }
                (_, Some(game)) => {
                    let solution = si::solve_terminal(game, &mut stats);
                    (start.elapsed(), solution.verify(game))
                }
                _ => unreachable!("one of the two games is built"),
            };
            checked(check).map(|()| elapsed)
        })?;
        rows.push(BenchRow::new(
            family.clone(),
            graph,
            "si",
            &times,
            stats,
            "exact".into(),
        ));
    }
    if !runs("vi") {
        return Ok(());
    }
    let mut error = String::new();
    let times = repeat(reps, || {
        stats = Stats::default();
        let start = Instant::now();
        let bounds = match (&discounted, &terminal) {
            (Some(game), _) => vi::solve_discounted(game, &epsilon, 10_000_000, &mut stats),
            (_, Some(game)) => vi::solve_terminal(game, &epsilon, 10_000_000, &mut stats),
            _ => unreachable!("one of the two games is built"),
        };
        let elapsed = start.elapsed();
        error = bounds.error().to_string();
        Ok(elapsed)
    })?;
    rows.push(BenchRow::new(family, graph, "vi", &times, stats, error));
    Ok(())
}

/// The row of a solver that searches its parameter (the parity gadget's stopping parameter, the
/// discount factor of mean-payoff games): `solve` returns the time of one solve, its answer
/// checked by the certificate outside that time; `rounds` names what one round solves.
fn bench_searched(
    (family, solver, rounds): (&str, &'static str, &str),
    graph: &GameGraph,
    reps: usize,
    mut solve: impl FnMut(&mut Stats) -> anyhow::Result<Duration>,
) -> anyhow::Result<BenchRow> {
    let mut stats = Stats::default();
    let times = repeat(reps, || {
        stats = Stats::default();
        solve(&mut stats)
    })?;
    Ok(BenchRow::new(
        family,
        graph,
        solver,
        &times,
        stats,
        format!("exact; {} {rounds}", stats.rounds),
    ))
}

/// Strategy improvement and (where it fits) Zwick–Paterson on a deterministic mean-payoff game;
/// their values must agree.
fn bench_mean_payoff(
    graph: &GameGraph,
    reps: usize,
    rows: &mut Vec<BenchRow>,
) -> anyhow::Result<()> {
    let game = MeanPayoffGame::from_graph(graph).map_err(bad_input)?;
    let mut stats = Stats::default();
    let mut values = Vec::new();
    let times = repeat(reps, || {
        stats = Stats::default();
        let start = Instant::now();
        let solution = mpsi::solve(&game, &mut stats).map_err(bad_input)?;
        let elapsed = start.elapsed();
        checked(solution.verify(&game))?;
        values = solution.values;
        Ok(elapsed)
    })?;
    let distinct = values
        .iter()
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    rows.push(BenchRow::new(
        "mean-payoff (deterministic)",
        graph,
        "mpsi",
        &times,
        stats,
        format!("exact; {distinct} distinct values"),
    ));
    let n = graph.arena.num_vertices() as u128;
    let w = game
        .rewards()
        .iter()
        .map(|r| r.abs().to_f64().ceil() as u128)
        .max()
        .unwrap_or(1)
        .max(1);
    let steps = 4 * n * n * n * w + 1;
    if steps.saturating_mul(n) > ZP_BENCH_UPDATES {
        rows.push(BenchRow::new(
            "mean-payoff (deterministic)",
            graph,
            "zp",
            &[],
            Stats::default(),
            format!("not run: {steps} steps"),
        ));
        return Ok(());
    }
    let times = repeat(reps, || {
        stats = Stats::default();
        let start = Instant::now();
        let zp_values = zp::solve(&game, u64::MAX, &mut stats).map_err(bad_input)?;
        let elapsed = start.elapsed();
        if zp_values != values {
            return Err(anyhow::anyhow!(
                "internal error: mpsi and Zwick-Paterson disagree on a benchmark game"
            ));
        }
        Ok(elapsed)
    })?;
    rows.push(BenchRow::new(
        "mean-payoff (deterministic)",
        graph,
        "zp",
        &times,
        stats,
        "exact; same values as mpsi".into(),
    ));
    Ok(())
}
