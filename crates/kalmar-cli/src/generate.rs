//! `kalmar generate`: games from the generator registry, written as `.gg`.

use crate::bad_input;
use crate::report::table;
use clap::{Args, ValueEnum};
use kalmar_core::format::{GameGraph, to_gg_string};
use kalmar_parity::format::write_pg;
use kalmar_terminal::generate::{to_chess_graph, to_graph};
use std::path::PathBuf;

/// The family of the games to generate.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Deterministic graphical games: payoffs as the generator draws them.
    Dgg,
    /// Chess-like games: each payoff replaced by its sign (-1, 0 or 1).
    Reach,
    /// Parity games, by PGSolver's generators (numbers as PGSolver takes them), written as .pg.
    Parity,
    /// Stochastic games: simple, terminal, discounted, mean-payoff, parity, haddad-monmege or haddad-monmege-3/4
    /// (more options in `kalmar stochastic generate`).
    Stochastic,
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  kalmar generate dgg random --size 100000 --seed 7 -o random.gg\n  \
kalmar generate dgg sorting-network --size 5000 -o net.gg\n  kalmar generate reach grid --size 40000 -o grid.gg\n  \
kalmar generate --list"
)]
pub struct GenerateArgs {
    /// The family: dgg or reach.
    #[arg(required_unless_present = "list")]
    target: Option<Target>,
    /// The generator (see --list).
    #[arg(required_unless_present = "list")]
    generator: Option<String>,
    /// The numbers a parity generator takes, in PGSolver's order (see --list), e.g.
    /// `kalmar generate parity randomgame 1000 20 1 5`.
    params: Vec<u64>,
    /// The approximate number of moves (arcs).
    #[arg(long, default_value_t = 1000, value_name = "ARCS")]
    size: usize,
    /// The seed of the random generators.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the game to this file instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
    /// List the generators.
    #[arg(long)]
    list: bool,
}

/// The largest size `generate` and `bench` accept: a generated game needs about 50 bytes per arc
/// while it is built, so 2e8 arcs is about 10 GiB, and larger games would exhaust the memory of a
/// typical machine rather than fail cleanly.
pub const MAX_ARCS: usize = 200_000_000;

pub fn run(args: &GenerateArgs) -> anyhow::Result<()> {
    if args.list {
        let rows = kalmar_terminal::generate::FAMILIES.iter().map(|f| {
            vec![
                f.id.to_string(),
                if f.run.seeded { "yes" } else { "no" }.to_string(),
                f.summary.to_string(),
            ]
        });
        table(&["generator", "seeded", "games"], rows, 0)?;
        say!("\nparity generators (kalmar generate parity ID NUMBERS…):\n");
        let rows = kalmar_parity::generate::FAMILIES.iter().map(|f| {
            vec![
                f.id.to_string(),
                f.run.params.to_string(),
                f.summary.to_string(),
            ]
        });
        table(&["generator", "numbers", "games"], rows, 0)?;
        return Ok(());
    }
    let (Some(target), Some(generator)) = (args.target, args.generator.as_deref()) else {
        return Err(bad_input(
            "name a family (dgg or reach) and a generator, or pass --list",
        ));
    };
    if target == Target::Parity {
        return parity(args, generator);
    }
    if target == Target::Stochastic {
        let graph = crate::stochastic::generate_sized(generator, args.size, args.seed)?;
        return emit(args, generator, &graph, to_gg_string(&graph));
    }
    if !args.params.is_empty() {
        return Err(bad_input(
            "dgg and reach generators take --size and --seed, not numbers",
        ));
    }
    if args.size == 0 || args.size > MAX_ARCS {
        return Err(bad_input(format!(
            "--size must be between 1 and {MAX_ARCS} arcs"
        )));
    }
    let family = kalmar_terminal::generate::FAMILIES
        .get(generator)
        .map_err(bad_input)?;
    let bar = crate::progress::spinner_for("generating", args.size);
    let game = (family.run.build)(args.size, args.seed).map_err(bad_input)?;
    let graph = if target == Target::Reach {
        to_chess_graph(&game)
    } else {
        to_graph(&game)
    };
    let text = to_gg_string(&graph);
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    emit(args, generator, &graph, text)
}

/// `kalmar generate parity ID NUMBERS…`.
fn parity(args: &GenerateArgs, generator: &str) -> anyhow::Result<()> {
    let bar = crate::progress::spinner("generating");
    let game =
        kalmar_parity::generate::build(generator, &args.params, args.seed).map_err(bad_input)?;
    let graph = game.to_graph();
    let mut text = String::new();
    write_pg(&graph, &mut text)?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    emit(args, generator, &graph, text)
}

/// Writes a generated game to the output file or standard output.
fn emit(
    args: &GenerateArgs,
    generator: &str,
    graph: &GameGraph,
    text: String,
) -> anyhow::Result<()> {
    match &args.output {
        Some(path) => {
            std::fs::write(path, text)
                .map_err(|e| bad_input(format!("{}: {e}", path.display())))?;
            eprintln!(
                "wrote {} ({} positions, {} moves) to {}",
                generator,
                graph.arena.num_vertices(),
                graph.arena.num_edges(),
                path.display()
            );
        }
        None => crate::write_out(format_args!("{text}"))?,
    }
    Ok(())
}
