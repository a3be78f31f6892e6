//! `kalmar parity`: solve, describe and list solvers of parity games.

use crate::bad_input;
use crate::progress::spinner_for as spinner;
use crate::report::{count, in_file, load, millis, table};
use clap::{Args, Subcommand};
use kalmar_core::dot::Mark;
use kalmar_core::format::GameGraph;
use kalmar_core::scc::strongly_connected_components_of_slices;
use kalmar_core::{Owner, Player, Vertex};
use kalmar_parity::format::Format;
use kalmar_parity::{self as parity, ParityGame, SOLVERS};
use std::path::PathBuf;
use std::time::Instant;

#[derive(Subcommand)]
pub enum ParityCommand {
    /// Solve a parity game (PGSolver .pg, SYNTCOMP's extended HOA .ehoa, or .gg with
    /// priorities): the winner of every vertex and winning strategies, checked by the verifier.
    ///
    /// Max-parity (the largest priority seen infinitely often decides; even: player 0 wins), as
    /// PGSolver and Oink read files; --min-parity for the other convention. A vertex without
    /// moves loses for its owner. An .ehoa file states its own acceptance condition and is read
    /// as a max-parity game whose player 0 is the controller (the specification is realizable
    /// when the start vertex is won by player 0); --min-parity does not apply to it.
    Solve(ParityArgs),
    /// Describe a parity game: vertices, edges, priorities, strongly connected components.
    Info {
        /// The game file.
        file: PathBuf,
        /// Print the properties as one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// List the parity solvers.
    Solvers(crate::report::ListArgs),
}

#[derive(Args)]
pub struct ParityArgs {
    #[command(flatten)]
    timeout: crate::timeout::TimeoutArg,
    /// The game file.
    file: PathBuf,
    /// The solver (see `kalmar parity solvers`).
    #[arg(long, default_value = "zlk", value_name = "ID")]
    solver: String,
    /// Read priorities in the min-parity convention (.pg and .gg files).
    #[arg(long)]
    min_parity: bool,
    /// Run the solver on the whole game, without the shared preprocessing (self-loops, cycles
    /// a player owns and wins, components bottom-up, one-parity shortcut).
    #[arg(long)]
    no_preprocess: bool,
    /// Write the solution in PGSolver's solution format to this file.
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Check the solution with the independent verifier (regions are traps, every cycle the
    /// strategies allow has the winner's parity). On by default.
    #[arg(long, overrides_with = "no_verify")]
    verify: bool,
    /// Skip the verifier (for timing the solver alone).
    #[arg(long)]
    no_verify: bool,
    /// Print the winners and strategies as JSON.
    #[arg(long)]
    json: bool,
    /// Vertices to list in the table of winners and moves (0 for all).
    #[arg(long, default_value_t = 40, value_name = "N")]
    limit: usize,
    /// Also draw the game and its solution as a Graphviz picture: positions filled with the
    /// colour of their winner (blue: player 0, red: player 1), priorities under the names,
    /// winning strategies as bold moves (render with `dot -Tsvg FILE -o game.svg`).
    #[arg(long, value_name = "FILE")]
    dot: Option<PathBuf>,
}

pub fn run(command: &ParityCommand) -> anyhow::Result<()> {
    match command {
        ParityCommand::Solve(args) => solve(args),
        ParityCommand::Info { file, json } => info(file, *json),
        ParityCommand::Solvers(args) => crate::report::listing(
            *args,
            &["id", "bounds", "method"],
            SOLVERS.iter().map(|s| {
                vec![
                    s.id.to_string(),
                    s.bounds.to_string(),
                    s.summary.to_string(),
                ]
            }),
        ),
    }
}

fn game_of(
    file: &std::path::Path,
    graph: &GameGraph,
    min_parity: bool,
) -> anyhow::Result<ParityGame> {
    ParityGame::from_graph(graph, min_parity).map_err(|e| in_file(file, e))
}

impl ParityArgs {
    /// The arguments `kalmar solve` passes on for a parity game: the default solver, and the
    /// PGSolver solution format for `--output`.
    pub fn from_solve(args: &crate::SolveArgs) -> Self {
        ParityArgs {
            file: args.file.clone(),
            solver: "zlk".into(),
            min_parity: false,
            no_preprocess: false,
            output: args.output.clone(),
            verify: true,
            no_verify: false,
            json: args.json,
            limit: args.limit,
            dot: args.dot.clone(),
            timeout: args.timeout,
        }
    }
}

fn solve(args: &ParityArgs) -> anyhow::Result<()> {
    let started = Instant::now();
    let graph = load(&args.file)?;
    solve_graph(args, graph, started)
}

/// Solves a loaded game; `started` is when reading it began.
pub fn solve_graph(
    args: &ParityArgs,
    mut graph: GameGraph,
    started: Instant,
) -> anyhow::Result<()> {
    if args.min_parity && Format::from_extension(&args.file) == Some(Format::Hoa) {
        return Err(bad_input(format!(
            "{}: --min-parity does not apply to an extended HOA file, which states its own \
             acceptance condition",
            args.file.display()
        )));
    }
    // Only names and the file's priorities are read from the graph below: what the game
    // made redundant is freed before solving.
    let game = ParityGame::from_graph_releasing(&mut graph, args.min_parity)
        .map_err(|e| in_file(&args.file, e))?;
    let graph = &graph;
    let file_priority = |v: Vertex| game.file_priority(graph, v);
    let parse_time = started.elapsed();
    let arena = game.arena();
    let options = parity::Options {
        solver: args.solver.clone(),
        preprocess: !args.no_preprocess,
        verify: !args.no_verify,
    };
    let solved = crate::progress::spinning(spinner(&args.solver, arena.num_edges()), || {
        parity::solve(&game, &options)
    });
    let solved = solved.map_err(|e| match e {
        parity::SolveError::UnknownSolver(e) => bad_input(e),
        e => anyhow::anyhow!("{e}"),
    })?;
    let (solution, stats) = (&solved.solution, solved.stats);
    let pg = solved.to_pg(&game, graph);
    crate::solve::draw(args.dot.as_deref(), arena, Some(&solution.strategy), |v| {
        Mark {
            text: format!("priority {}", file_priority(v)),
            winner: Some(solution.winner[v.index()]),
        }
    })?;
    if let Some(path) = &args.output {
        let text = pg.to_text(graph).map_err(|e| in_file(&args.file, e))?;
        std::fs::write(path, text).map_err(|e| in_file(path, e))?;
    }
    if args.json {
        let names = |v: kalmar_core::Vertex| arena.name(v).into_owned();
        let winners: serde_json::Map<String, serde_json::Value> = arena
            .vertices()
            .map(|v| (names(v), serde_json::json!(solution.winner[v.index()].0)))
            .collect();
        let moves: serde_json::Map<String, serde_json::Value> = arena
            .vertices()
            .filter_map(|v| Some((names(v), serde_json::json!(names(pg.strategy[v.index()]?)))))
            .collect();
        say!(
            "{}",
            serde_json::to_string_pretty(&serde_json::json!({
                "solver": solved.solver, "verified": solved.verified, "winner": winners,
                "strategy": moves, "stats": stats,
            }))?
        );
        return Ok(());
    }
    let even = solution.winner.iter().filter(|&&w| w == Player(0)).count();
    say!(
        "parity game {}: {}, {} priorities",
        args.file.display(),
        count(arena.num_vertices() as u64, "vertex"),
        game.distinct_priorities()
    );
    let checked = if args.no_verify {
        "not verified (--no-verify)".to_string()
    } else {
        format!("certificate verified in {}", millis(solved.verify_time))
    };
    // The peak so far: the table below adds little.
    let memory = kalmar_bench::harness::peak_rss().map_or(String::new(), |bytes| {
        format!(", peak memory {:.1} MiB", bytes as f64 / 1048576.0)
    });
    say!(
        "read in {}, solved by {} in {}, {checked}{memory}",
        millis(parse_time),
        solved.solver,
        millis(solved.solve_time),
    );
    say!(
        "  player 0 (Even) wins {}, player 1 (Odd) wins {}",
        count(even as u64, "vertex"),
        count((arena.num_vertices() - even) as u64, "vertex")
    );
    if let Some(start) = arena.start() {
        say!(
            "  start {}: won by player {}",
            arena.name(start),
            solution.winner[start.index()]
        );
    }
    say!();
    let rows = arena.vertices().map(|v| {
        vec![
            arena.name(v).into_owned(),
            match arena.owner(v) {
                Owner::Player(p) => format!("player {p}"),
                _ => String::new(),
            },
            file_priority(v).to_string(),
            format!("player {}", solution.winner[v.index()]),
            pg.strategy[v.index()].map_or(String::new(), |w| format!("-> {}", arena.name(w))),
        ]
    });
    table(
        &["vertex", "owner", "priority", "won by", "winning move"],
        rows,
        args.limit,
    )?;
    if let Some(path) = &args.output {
        say!("  solution written to {}", path.display());
    }
    Ok(())
}

fn info(file: &std::path::Path, json: bool) -> anyhow::Result<()> {
    let graph = load(file)?;
    let game = game_of(file, &graph, false)?;
    let arena = game.arena();
    let components =
        strongly_connected_components_of_slices(arena.num_vertices(), |v| arena.successors(v));
    let self_loops = arena
        .vertices()
        .filter(|&v| arena.successors(v).contains(&v))
        .count();
    let even = arena
        .vertices()
        .filter(|&v| arena.owner(v) == Owner::Player(Player(0)))
        .count();
    let rows = [
        ("vertices", arena.num_vertices().to_string()),
        (
            "owned by player 0 / 1",
            format!("{even} / {}", arena.num_vertices() - even),
        ),
        ("edges", arena.num_edges().to_string()),
        ("self-loops", self_loops.to_string()),
        (
            "distinct priorities",
            game.distinct_priorities().to_string(),
        ),
        ("largest priority", game.max_priority().to_string()),
        (
            "strongly connected components",
            components.count().to_string(),
        ),
        (
            "dead ends in the file",
            arena
                .vertices()
                .filter(|&v| graph.arena.is_terminal(v))
                .count()
                .to_string(),
        ),
    ];
    if json {
        let object: serde_json::Map<String, serde_json::Value> = rows
            .into_iter()
            .map(|(k, v)| (k.to_string(), serde_json::Value::String(v)))
            .collect();
        say!("{}", serde_json::to_string_pretty(&object)?);
        return Ok(());
    }
    table(
        &["property", "value"],
        rows.into_iter().map(|(k, v)| vec![k.to_string(), v]),
        0,
    )
}
