//! `kalmar reach solve`, `kalmar dgg solve` and `kalmar solve`.

use crate::report::{count, describe, in_file, load, millis, owner_name, table};
use crate::{SolveArgs, bad_input};
use kalmar_core::Rational;
use kalmar_core::dot::{Mark, to_dot};
use kalmar_core::format::GameGraph;
use kalmar_files::{Detected, Family};
use kalmar_terminal::Dgg;
use kalmar_terminal::dgg::{self, DggError, Kind, Solution};
use kalmar_terminal::reach::{self, Outcome, ReachSolution};
use kalmar_terminal::solution_file::SolutionFile;
use std::time::Instant;

/// Runs `work` behind a spinner and returns its result with the time it took.
pub fn timed<T>(message: &str, moves: usize, work: impl FnOnce() -> T) -> (T, std::time::Duration) {
    let bar = crate::progress::spinner_for(message, moves);
    let start = Instant::now();
    let result = work();
    let elapsed = start.elapsed();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    (result, elapsed)
}

/// How a chess-like outcome reads in a table.
pub fn outcome_text(outcome: Outcome, distance: u32, terminal: bool) -> String {
    match (outcome, terminal) {
        (Outcome::Draw, _) => "draw".into(),
        (Outcome::Win, true) => "Max has won".into(),
        (Outcome::Loss, true) => "Min has won".into(),
        (Outcome::Win, false) => format!("Max wins in {distance}"),
        (Outcome::Loss, false) => format!("Min wins in {distance}"),
    }
}

/// `kalmar reach solve`.
pub fn reach(args: &SolveArgs) -> anyhow::Result<()> {
    let graph = load(&args.file)?;
    reach_graph(args, graph)
}

/// Solves a chess-like game read into `graph`, which it takes over (the arena is not copied).
fn reach_graph(args: &SolveArgs, graph: GameGraph) -> anyhow::Result<()> {
    let game = reach::from_owned_graph(graph).map_err(|e| in_file(&args.file, e))?;
    let moves = game.arena().num_edges();
    let (checked, _) = timed("retrograde analysis", moves, || reach::solve_checked(&game));
    let reach::Checked {
        solution,
        solve_time: elapsed,
        verify_time: check_time,
    } = checked.map_err(|e| {
        anyhow::anyhow!("internal error, the solver's answer failed its certificate: {e}")
    })?;
    finish(args, || {
        SolutionFile::from_reach(&game, &solution).to_text()
    })?;
    draw(
        args.dot.as_deref(),
        game.arena(),
        Some(&solution.strategy),
        |v| Mark {
            text: outcome_text(
                solution.values[v.index()],
                solution.distance[v.index()],
                game.arena().is_terminal(v),
            ),
            winner: solution.values[v.index()].winner(),
        },
    )?;
    if args.json {
        return Ok(());
    }
    let arena = game.arena();
    say!(
        "chess-like game {}: {}",
        args.file.display(),
        describe(arena)
    );
    say!(
        "solved by retrograde analysis in {}; certificate verified in {}\n",
        millis(elapsed),
        millis(check_time)
    );
    let start = game.start();
    say!(
        "  start {}: {}\n",
        arena.name(start),
        outcome_text(
            solution.values[start.index()],
            solution.distance[start.index()],
            arena.is_terminal(start)
        )
    );
    let rows = reach_rows(&game, &solution);
    table(
        &["position", "to move", "outcome", "optimal move"],
        rows,
        args.limit,
    )?;
    Ok(())
}

/// The table rows of a chess-like solution: position, who moves, outcome, optimal move.
pub fn reach_rows<'a>(
    game: &'a reach::ChessLike,
    solution: &'a ReachSolution,
) -> impl ExactSizeIterator<Item = Vec<String>> + 'a {
    let arena = game.arena();
    arena.vertices().map(move |v| {
        vec![
            arena.name(v).into_owned(),
            owner_name(arena.owner(v)),
            outcome_text(
                solution.values[v.index()],
                solution.distance[v.index()],
                arena.is_terminal(v),
            ),
            solution
                .strategy
                .successor(arena, v)
                .map_or(String::new(), |w| format!("-> {}", arena.name(w))),
        ]
    })
}

/// `kalmar dgg solve`.
pub fn dgg(args: &SolveArgs, weak: bool, solver: Option<&str>) -> anyhow::Result<()> {
    let graph = load(&args.file)?;
    dgg_graph(args, &graph, weak, solver)
}

fn dgg_graph(
    args: &SolveArgs,
    graph: &GameGraph,
    weak: bool,
    solver: Option<&str>,
) -> anyhow::Result<()> {
    if weak && args.dot.is_some() {
        return Err(bad_input(
            "--dot draws strong solutions: leave out --weak to draw the values of every position",
        ));
    }
    let game: Dgg = dgg::from_graph(graph).map_err(|e| in_file(&args.file, e))?;
    let options = dgg::Options {
        weak,
        solver: solver.map(str::to_string),
    };
    let (solved, _) = timed("solving", game.arena().num_edges(), || {
        dgg::solve(&game, &options)
    });
    let solved = solved.map_err(|e| match e {
        DggError::WeakOnly(id) => bad_input(format!(
            "{id} computes weak solutions (the value of the start position): add --weak, or use sort for a strong one"
        )),
        DggError::Certificate(_) => anyhow::anyhow!("{e}"),
        _ => bad_input(e),
    })?;
    finish(args, || SolutionFile::from_dgg(&game, &solved).to_text())?;
    if let Solution::Strong(s) = &solved.solution {
        draw(args.dot.as_deref(), game.arena(), Some(&s.strategy), |v| {
            let value = &s.values[v.index()];
            Mark {
                text: value.to_string(),
                winner: Outcome::from_sign(value.signum()).winner(),
            }
        })?;
    }
    if args.json {
        return Ok(());
    }
    let arena = game.arena();
    let stats = &solved.stats;
    say!(
        "deterministic graphical game {}: {}",
        args.file.display(),
        describe(arena)
    );
    say!(
        "{} solution by {} in {}: {}, {}{}; certificate verified in {}\n",
        if weak { "weak" } else { "strong" },
        solved.solver,
        millis(solved.solve_time),
        count(stats.comparisons, "payoff comparison"),
        count(stats.retrograde_passes, "retrograde pass"),
        if solved.kind == Kind::Weak {
            format!(", {}", count(stats.rounds, "round"))
        } else {
            String::new()
        },
        millis(solved.verify_time)
    );
    say!(
        "  value of the start position {}: {}\n",
        arena.name(game.start()),
        solved.solution.start_value(&game)
    );
    let next = |strategy: &kalmar_core::Strategy, v| {
        strategy
            .successor(arena, v)
            .map_or(String::new(), |w| format!("-> {}", arena.name(w)))
    };
    match &solved.solution {
        Solution::Strong(s) => {
            let rows = arena.vertices().map(|v| {
                vec![
                    arena.name(v).into_owned(),
                    owner_name(arena.owner(v)),
                    format_value(&s.values[v.index()]),
                    next(&s.strategy, v),
                ]
            });
            table(
                &["position", "to move", "value", "optimal move"],
                rows,
                args.limit,
            )?;
        }
        Solution::Weak(w) => {
            say!(
                "  moves that are optimal when play starts at {}:",
                arena.name(w.start)
            );
            let positions = dgg::relevant_positions(arena, &w.strategy, w.start);
            let rows = positions.into_iter().map(|v| {
                vec![
                    arena.name(v).into_owned(),
                    owner_name(arena.owner(v)),
                    next(&w.strategy, v),
                ]
            });
            table(&["position", "to move", "move"], rows, args.limit)?;
        }
    }
    Ok(())
}

/// A value with its decimal approximation when it is not an integer.
fn format_value(x: &Rational) -> String {
    if x.is_integer() {
        x.to_string()
    } else {
        format!("{x} (≈ {:.4})", x.to_f64())
    }
}

/// Writes the picture of a solved game to `path`, if one is asked for.
pub fn draw(
    path: Option<&std::path::Path>,
    arena: &kalmar_core::Arena,
    strategy: Option<&kalmar_core::Strategy>,
    mark: impl Fn(kalmar_core::Vertex) -> Mark,
) -> anyhow::Result<()> {
    crate::report::write_picture(path, || to_dot(arena, strategy, mark))
}

/// Prints the JSON and writes the output file, as asked (building the solution file's text,
/// with the library's `to_text`, only then).
pub fn finish(
    args: &SolveArgs,
    text: impl FnOnce() -> serde_json::Result<String>,
) -> anyhow::Result<()> {
    if !args.json && args.output.is_none() {
        return Ok(());
    }
    let text = text()?;
    if let Some(path) = &args.output {
        std::fs::write(path, &text).map_err(|e| in_file(path, e))?;
        if !args.json {
            eprintln!("solution written to {}", path.display());
        }
    }
    if args.json {
        say!("{}", text.strip_suffix('\n').unwrap_or(&text));
    }
    Ok(())
}

/// `kalmar solve`: picks the family from the file.
pub fn detect(args: &SolveArgs) -> anyhow::Result<()> {
    let started = Instant::now();
    let detected = kalmar_files::detect(&args.file).map_err(bad_input)?;
    let read_time = started.elapsed();
    let family = detected.family();
    let on_a_graph = !matches!(
        detected,
        Detected::Gambit(_) | Detected::OhHell(_) | Detected::Puzzle(_)
    );
    if (args.dot.is_some() && !on_a_graph) || (args.output.is_some() && family == Family::OhHell) {
        let option = if args.dot.is_some() {
            "--dot"
        } else {
            "--output"
        };
        return Err(bad_input(format!(
            "{option} is for games on graphs and their solutions; {} is not one ({family})",
            args.file.display()
        )));
    }
    match (family, detected) {
        (_, detected @ Detected::Gii(_)) | (Family::Observation, detected) => {
            crate::observation::solve_detected(args, &detected, read_time)
        }
        (_, Detected::OhHell(state)) => crate::ohhell::count(&state, "assignments", args.json),
        (_, Detected::Puzzle(puzzle)) => crate::puzzle::solve(
            *puzzle,
            &crate::puzzle::SolveOptions::find(args.output.as_deref(), args.json),
        ),
        (_, Detected::Gambit(game)) => {
            crate::efg::solve_detected(&args.file, &game, args.json, args.output.as_deref())
        }
        (Family::Stochastic, Detected::Graph(_, graph)) => {
            crate::stochastic::solve_graph(&crate::stochastic::SolveArgs::from_solve(args)?, &graph)
        }
        (Family::Parity, Detected::Graph(_, graph)) => {
            let parity_args = crate::parity::ParityArgs::from_solve(args);
            crate::parity::solve_graph(&parity_args, *graph, started)
        }
        (Family::Positional, Detected::Graph(_, graph)) => {
            crate::positional::nash_graph(args, &graph, None)
        }
        (Family::ChessLike, Detected::Graph(_, graph)) => reach_graph(args, *graph),
        (_, Detected::Graph(_, graph)) => dgg_graph(args, &graph, false, None),
    }
}
