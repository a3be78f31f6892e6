//! `kalmar reach solve`, `kalmar dgg solve` and `kalmar solve`.

use crate::report::{SolutionFile, count, describe, in_file, load, millis, owner_name, table};
use crate::{SolveArgs, bad_input};
use kalmar_core::format::GameGraph;
use kalmar_core::{Certificate, Rational};
use kalmar_terminal::Dgg;
use kalmar_terminal::dgg::{self, Kind, Solution, Stats};
use kalmar_terminal::reach::{self, Outcome, ReachSolution};
use std::time::Instant;

/// Runs `work` behind a spinner and returns its result with the time it took.
fn timed<T>(message: &str, moves: usize, work: impl FnOnce() -> T) -> (T, std::time::Duration) {
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

/// An outcome as a payoff to Max.
pub fn outcome_value(outcome: Outcome) -> i64 {
    match outcome {
        Outcome::Loss => -1,
        Outcome::Draw => 0,
        Outcome::Win => 1,
    }
}

/// The JSON solution of a chess-like game.
pub fn reach_file(game: &reach::ChessLike, solution: &ReachSolution) -> SolutionFile {
    let arena = game.arena();
    SolutionFile {
        family: "reach".into(),
        kind: "strong".into(),
        solver: "retrograde".into(),
        start: Some(arena.name(game.start()).into_owned()),
        values: arena
            .vertices()
            .map(|v| {
                (
                    arena.name(v).into_owned(),
                    Rational::from(outcome_value(solution.values[v.index()])),
                )
            })
            .collect(),
        distance: Some(
            arena
                .vertices()
                .map(|v| (arena.name(v).into_owned(), solution.distance[v.index()]))
                .collect(),
        ),
        strategy: SolutionFile::strategy_names(arena, &solution.strategy),
        stats: None,
    }
}

/// `kalmar reach solve`.
pub fn reach(args: &SolveArgs) -> anyhow::Result<()> {
    let graph = load(&args.file)?;
    reach_graph(args, &graph)
}

fn reach_graph(args: &SolveArgs, graph: &GameGraph) -> anyhow::Result<()> {
    let game = reach::from_graph(graph).map_err(|e| in_file(&args.file, e))?;
    let moves = game.arena().num_edges();
    let (solution, elapsed) = timed("retrograde analysis", moves, || reach::solve(&game));
    let (check, check_time) = timed("verifying", moves, || solution.verify(&game));
    check.map_err(|e| {
        anyhow::anyhow!("internal error, the solver's answer failed its certificate: {e}")
    })?;
    finish(args, || reach_file(&game, &solution))?;
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
    let game: Dgg = dgg::from_graph(graph).map_err(|e| in_file(&args.file, e))?;
    let id = solver.unwrap_or(if weak { "almost-linear" } else { "sort" });
    let info = dgg::solver(id).map_err(bad_input)?;
    if info.kind == Kind::Weak && !weak {
        return Err(bad_input(format!(
            "{id} computes weak solutions (the value of the start position): add --weak, or use sort for a strong one"
        )));
    }
    let moves = game.arena().num_edges();
    let mut stats = Stats::default();
    let (solution, elapsed) = timed(info.id, moves, || (info.solve)(&game, &mut stats));
    // A strong solver asked for a weak solution answers for every position, which is more.
    let solution = match (solution, weak) {
        (Solution::Strong(s), true) => {
            let start = game.start();
            Solution::Weak(kalmar_terminal::WeakSolution {
                start,
                value: s.values[start.index()].clone(),
                strategy: s.strategy,
            })
        }
        (s, _) => s,
    };
    let (check, check_time) = timed("verifying", moves, || solution.verify(&game));
    check.map_err(|e| {
        anyhow::anyhow!("internal error, the solver's answer failed its certificate: {e}")
    })?;
    let arena = game.arena();
    let kind = if matches!(solution, Solution::Strong(_)) {
        "strong"
    } else {
        "weak"
    };
    finish(args, || dgg_file(&game, &solution, info.id, &stats))?;
    if args.json {
        return Ok(());
    }
    say!(
        "deterministic graphical game {}: {}",
        args.file.display(),
        describe(arena)
    );
    say!(
        "{} solution by {} in {}: {}, {}{}; certificate verified in {}\n",
        kind,
        info.id,
        millis(elapsed),
        count(stats.comparisons, "payoff comparison"),
        count(stats.retrograde_passes, "retrograde pass"),
        if info.kind == Kind::Weak {
            format!(", {}", count(stats.rounds, "round"))
        } else {
            String::new()
        },
        millis(check_time)
    );
    say!(
        "  value of the start position {}: {}\n",
        arena.name(game.start()),
        solution.start_value(&game)
    );
    match &solution {
        Solution::Strong(s) => {
            let rows = arena.vertices().map(|v| {
                vec![
                    arena.name(v).into_owned(),
                    owner_name(arena.owner(v)),
                    format_value(&s.values[v.index()]),
                    s.strategy
                        .successor(arena, v)
                        .map_or(String::new(), |w| format!("-> {}", arena.name(w))),
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
            let reachable = reachable_under(&game, &w.strategy, w.start);
            let rows = reachable.into_iter().map(|v| {
                vec![
                    arena.name(v).into_owned(),
                    owner_name(arena.owner(v)),
                    w.strategy
                        .successor(arena, v)
                        .map_or(String::new(), |x| format!("-> {}", arena.name(x))),
                ]
            });
            table(&["position", "to move", "move"], rows, args.limit)?;
        }
    }
    Ok(())
}

/// The positions where the weak strategies matter: those reachable from `start` when one player
/// follows the strategy and the other plays anything, for either player, in breadth-first order.
fn reachable_under(
    game: &Dgg,
    strategy: &kalmar_core::Strategy,
    start: kalmar_core::Vertex,
) -> Vec<kalmar_core::Vertex> {
    let arena = game.arena();
    let mut seen = vec![false; arena.num_vertices()];
    let mut order = Vec::new();
    for player in [kalmar_core::Player::MAX, kalmar_core::Player::MIN] {
        let mut reached = vec![false; arena.num_vertices()];
        let mut queue = vec![start];
        reached[start.index()] = true;
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            if !seen[v.index()] {
                seen[v.index()] = true;
                order.push(v);
            }
            let next: Vec<kalmar_core::Vertex> =
                if arena.owner(v) == kalmar_core::Owner::Player(player) {
                    strategy.successor(arena, v).into_iter().collect()
                } else {
                    arena.successors(v).to_vec()
                };
            for w in next {
                if !reached[w.index()] {
                    reached[w.index()] = true;
                    queue.push(w);
                }
            }
        }
    }
    order.retain(|&v| !arena.is_terminal(v));
    order
}

/// The JSON solution of a deterministic graphical game.
fn dgg_file(
    game: &Dgg,
    solution: &Solution<Rational>,
    solver: &str,
    stats: &Stats,
) -> SolutionFile {
    let arena = game.arena();
    let (kind, start, values) = match solution {
        Solution::Strong(s) => (
            "strong",
            Some(arena.name(game.start()).into_owned()),
            arena
                .vertices()
                .map(|v| (arena.name(v).into_owned(), s.values[v.index()].clone()))
                .collect(),
        ),
        Solution::Weak(w) => (
            "weak",
            Some(arena.name(w.start).into_owned()),
            std::iter::once((arena.name(w.start).into_owned(), w.value.clone())).collect(),
        ),
    };
    SolutionFile {
        family: "dgg".into(),
        kind: kind.into(),
        solver: solver.into(),
        start,
        values,
        distance: None,
        strategy: SolutionFile::strategy_names(arena, solution.strategy()),
        stats: serde_json::to_value(stats).ok(),
    }
}

/// A value with its decimal approximation when it is not an integer.
fn format_value(x: &Rational) -> String {
    if x.is_integer() {
        x.to_string()
    } else {
        format!("{x} (≈ {:.4})", x.to_f64())
    }
}

/// Prints the JSON and writes the output file, as asked (building the name-keyed file only then).
fn finish(args: &SolveArgs, file: impl FnOnce() -> SolutionFile) -> anyhow::Result<()> {
    if !args.json && args.output.is_none() {
        return Ok(());
    }
    let file = file();
    if let Some(path) = &args.output {
        file.save(path)?;
        if !args.json {
            eprintln!("solution written to {}", path.display());
        }
    }
    if args.json {
        say!("{}", serde_json::to_string_pretty(&file)?);
    }
    Ok(())
}

/// `kalmar solve`: picks the family from the file.
pub fn detect(args: &SolveArgs) -> anyhow::Result<()> {
    if crate::observation::is_gii_path(&args.file) {
        return crate::observation::solve_detected(&args.file, args.json);
    }
    let graph = load(&args.file)?;
    if graph.observation.is_some() {
        return crate::observation::solve_detected(&args.file, args.json);
    }
    if graph.arena.has_chance() || graph.reward.is_some() || graph.discount.is_some() {
        return crate::stochastic::solve_graph(
            &crate::stochastic::SolveArgs::from_solve(args)?,
            &graph,
        );
    }
    if graph.priority.is_some() {
        let args = crate::parity::ParityArgs::from_solve(args);
        return crate::parity::solve_graph(&args, &graph, Instant::now());
    }
    // Chess-like when every payoff is -1, 0 or 1 (the reach family accepts it), else a DGG.
    if reach::from_graph(&graph).is_ok() {
        reach_graph(args, &graph)
    } else {
        dgg_graph(args, &graph, false, None)
    }
}
