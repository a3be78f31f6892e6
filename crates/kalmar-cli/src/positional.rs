//! `kalmar positional`: n-player games on graphs.

use crate::SolveArgs;
use crate::report::{describe, in_file, load, millis, table};
use crate::solve::{draw, finish, timed};
use clap::Subcommand;
use kalmar_core::Owner;
use kalmar_core::dot::Mark;
use kalmar_core::format::GameGraph;
use kalmar_positional::check::{check, join};
use kalmar_positional::solution_file::SolutionFile;
use kalmar_positional::{PositionalGame, backward_induction};

/// The commands of the positional family.
#[derive(Subcommand)]
pub enum PositionalCommand {
    /// A subgame-perfect equilibrium of an acyclic n-player game (chance allowed) by backward
    /// induction in linear time, with every player's expected utility at every position and an
    /// independent check that no player gains by changing any one move.
    ///
    /// The game is a .gg file with `players N` and a payoff vector at each terminal
    /// (`payoff=(2,1,0)`). Ties go to the earliest move in the file.
    #[command(
        after_help = "Example: `kalmar positional nash examples/three-players.gg -o spe.json`, then `kalmar verify examples/three-players.gg spe.json`."
    )]
    Nash(SolveArgs),
}

/// Runs a positional command.
pub fn run(command: &PositionalCommand) -> anyhow::Result<()> {
    match command {
        PositionalCommand::Nash(args) => nash_graph(args, &load(&args.file)?),
    }
}

/// Solves the n-player game of `graph` and prints, saves and draws the equilibrium as asked.
pub fn nash_graph(args: &SolveArgs, graph: &GameGraph) -> anyhow::Result<()> {
    let game = PositionalGame::from_graph(graph).map_err(|e| in_file(&args.file, e))?;
    let moves = game.arena().num_edges();
    let (solved, elapsed) = timed("backward induction", moves, || {
        backward_induction::solve(&game)
    });
    let solved = solved.map_err(|e| in_file(&args.file, e))?;
    let (checked, check_time) = timed("verifying", moves, || check(&game, &solved));
    checked.map_err(|e| {
        anyhow::anyhow!("internal error, the solver's answer failed its certificate: {e}")
    })?;
    finish(args, || SolutionFile::new(&game, &solved).to_text())?;
    let arena = game.arena();
    draw(args.dot.as_deref(), arena, Some(&solved.strategy), |v| {
        Mark {
            text: format!("({})", join(&solved.values[v.index()])),
            winner: None,
        }
    })?;
    if args.json {
        return Ok(());
    }
    say!(
        "{}-player game {}: {}",
        game.num_players(),
        args.file.display(),
        describe(arena)
    );
    say!(
        "subgame-perfect equilibrium by backward induction in {}; certificate verified in {}\n",
        millis(elapsed),
        millis(check_time)
    );
    let start = game.start();
    say!(
        "  from the start {}, the players expect ({})\n",
        arena.name(start),
        join(&solved.values[start.index()])
    );
    let rows = arena.vertices().map(|v| {
        vec![
            arena.name(v).into_owned(),
            match arena.owner(v) {
                Owner::Player(p) => format!("player {p}"),
                Owner::Chance => "chance".into(),
                Owner::Terminal => "end".into(),
            },
            join(&solved.values[v.index()]),
            solved
                .strategy
                .successor(arena, v)
                .map_or(String::new(), |w| format!("-> {}", arena.name(w))),
        ]
    });
    table(
        &["position", "to move", "utilities", "equilibrium move"],
        rows,
        args.limit,
    )?;
    Ok(())
}
