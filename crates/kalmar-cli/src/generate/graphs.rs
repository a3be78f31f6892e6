//! `kalmar generate reach|dgg|parity`: terminal-payoff games from
//! [`kalmar_terminal::generate::FAMILIES`] and parity games from
//! [`kalmar_parity::generate::FAMILIES`].

use super::{Output, write_graph};
use crate::bad_input;
use crate::registry_ids::ids;
use clap::Args;
use kalmar_core::format::to_gg_string;
use kalmar_parity::format::write_pg;
use kalmar_terminal::generate::{FAMILIES, to_chess_graph, to_graph};

/// The largest size accepted: a generated game needs about 50 bytes per arc while it is built,
/// so 2e8 arcs is about 10 GiB, and larger games would exhaust the memory of a typical machine
/// rather than fail cleanly.
pub const MAX_ARCS: usize = 200_000_000;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  kalmar generate dgg random --size 100000 --seed 7 -o random.gg\n  \
kalmar generate dgg sorting-network --size 5000 -o net.gg\n  \
kalmar generate reach grid --size 40000 -o grid.gg"
)]
pub struct TerminalArgs {
    /// The generator.
    #[arg(value_parser = ids(&FAMILIES))]
    generator: String,
    /// The approximate number of moves (arcs).
    #[arg(long, default_value_t = 1000, value_name = "ARCS")]
    size: usize,
    /// The seed of the random generators (the structured ones ignore it).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    output: Output,
}

/// `kalmar generate reach|dgg`: `chess` replaces each payoff by its sign.
pub fn terminal(args: &TerminalArgs, chess: bool) -> anyhow::Result<()> {
    if args.size == 0 || args.size > MAX_ARCS {
        return Err(bad_input(format!(
            "--size must be between 1 and {MAX_ARCS} arcs"
        )));
    }
    let family = FAMILIES.get(&args.generator).map_err(bad_input)?;
    let built = crate::progress::spinning(
        crate::progress::spinner_for("generating", args.size),
        || -> anyhow::Result<_> {
            let game = (family.run.build)(args.size, args.seed).map_err(bad_input)?;
            let graph = if chess {
                to_chess_graph(&game)
            } else {
                to_graph(&game)
            };
            let text = to_gg_string(&graph);
            Ok((graph, text))
        },
    );
    let (graph, text) = built?;
    write_graph(
        args.output.output.as_deref(),
        &args.generator,
        &graph,
        &text,
    )
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  kalmar generate parity randomgame 1000 20 1 5 -o random.pg\n  \
kalmar generate parity laddergame 50\n  kalmar generate --list   (the numbers of each generator)"
)]
pub struct ParityArgs {
    /// The generator.
    #[arg(value_parser = ids(&kalmar_parity::generate::FAMILIES))]
    generator: String,
    /// The numbers the generator takes, in PGSolver's order (see `kalmar generate --list`).
    #[arg(value_name = "NUMBERS")]
    params: Vec<u64>,
    /// The seed of the random generators (the structured ones ignore it).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    output: Output,
}

/// `kalmar generate parity ID NUMBERS…`.
pub fn parity(args: &ParityArgs) -> anyhow::Result<()> {
    let built = crate::progress::spinning(
        crate::progress::spinner("generating"),
        || -> anyhow::Result<_> {
            let game = kalmar_parity::generate::build(&args.generator, &args.params, args.seed)
                .map_err(bad_input)?;
            let graph = game.to_graph();
            let mut text = String::new();
            write_pg(&graph, &mut text)?;
            Ok((graph, text))
        },
    );
    let (graph, text) = built?;
    write_graph(
        args.output.output.as_deref(),
        &args.generator,
        &graph,
        &text,
    )
}
