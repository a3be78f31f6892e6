//! `kalmar generate FAMILY GENERATOR …`: games from the generator registries of the libraries,
//! one subcommand per family with the options of its generators, and `kalmar generate --list`.

mod graphs;
mod list;
mod others;
mod stochastic;

pub use others::{EfgArgs, InterdictionArgs, ObservationArgs, PositionalArgs, efg, observation};
pub use stochastic::StochasticArgs;

use crate::report::write_game;
use clap::{Args, Subcommand};
use kalmar_core::format::GameGraph;
use std::path::PathBuf;

#[derive(Args)]
#[command(
    args_conflicts_with_subcommands = true,
    subcommand_required = false,
    after_help = "Examples:\n  kalmar generate --list\n  \
kalmar generate dgg random --size 100000 --seed 7 -o random.gg\n  \
kalmar generate reach grid --size 40000 -o grid.gg\n  \
kalmar generate parity randomgame 1000 20 1 5 -o random.pg\n  \
kalmar generate stochastic simple --positions 100 -o simple.gg\n  \
kalmar generate observation primes 3 -o primes.gii\n  \
kalmar generate efg poker 4 -o poker.efg\n  \
kalmar generate positional win-lose --size 100000 -o win-lose.gg\n  \
kalmar generate interdiction grid --size 100000 -o grid.gr"
)]
pub struct GenerateArgs {
    #[command(subcommand)]
    command: Option<GenerateCommand>,
    /// List every family's generators, with what each takes.
    #[arg(long)]
    list: bool,
    /// With --list: print the list as JSON (an array of objects keyed by the column names).
    #[arg(long, requires = "list")]
    json: bool,
}

#[derive(Subcommand)]
pub enum GenerateCommand {
    /// Chess-like games (.gg): the games of `dgg` with each payoff replaced by its sign.
    Reach(graphs::TerminalArgs),
    /// Deterministic graphical games (.gg): random games, the sorting networks of Figure 4,
    /// ladders, grids.
    Dgg(graphs::TerminalArgs),
    /// Parity games (.pg) by PGSolver's and Friedmann's generators, with their numbers in
    /// PGSolver's order.
    Parity(graphs::ParityArgs),
    /// Stochastic games (.gg): random games of each class, the Haddad-Monmege chains.
    Stochastic(StochasticArgs),
    /// Games of imperfect information (Alpaga's .gii): prime cycles, Černý's automata.
    Observation(ObservationArgs),
    /// Extensive-form games (Gambit's .efg): poker, repeated prisoner's dilemma, random trees.
    Efg(EfgArgs),
    /// n-player games with cycles (.gg): random games, two-player win-lose games.
    Positional(PositionalArgs),
    /// Network interdiction (DIMACS .gr and a budget file): grids and random networks.
    Interdiction(InterdictionArgs),
}

/// `kalmar generate`.
pub fn run(args: &GenerateArgs) -> anyhow::Result<()> {
    match &args.command {
        None if args.list => list::run(args.json),
        None => Err(crate::bad_input(
            "name a family (reach, dgg, parity, stochastic, observation, efg, positional or interdiction) \
             and a generator, \
             or pass --list",
        )),
        Some(GenerateCommand::Reach(family)) => graphs::terminal(family, true),
        Some(GenerateCommand::Dgg(family)) => graphs::terminal(family, false),
        Some(GenerateCommand::Parity(family)) => graphs::parity(family),
        Some(GenerateCommand::Stochastic(family)) => stochastic::run(family, None),
        Some(GenerateCommand::Observation(family)) => others::observation(family),
        Some(GenerateCommand::Efg(family)) => others::efg(family),
        Some(GenerateCommand::Positional(family)) => others::positional(family),
        Some(GenerateCommand::Interdiction(family)) => others::interdiction(family),
    }
}

/// `kalmar stochastic generate`, the old place of `kalmar generate stochastic`: the same, with
/// its old default size of 100 positions.
pub fn stochastic_alias(args: &StochasticArgs) -> anyhow::Result<()> {
    stochastic::run(args, Some(stochastic::DefaultSize::Positions(100)))
}

/// Writes a generated game graph as `text` to `output` or standard output.
fn write_graph(
    output: Option<&std::path::Path>,
    generator: &str,
    graph: &GameGraph,
    text: &str,
) -> anyhow::Result<()> {
    write_game(output, text, || {
        format!(
            "{generator} ({} positions, {} moves)",
            graph.arena.num_vertices(),
            graph.arena.num_edges()
        )
    })
}

/// What every generator takes: where to write.
#[derive(Args)]
pub struct Output {
    /// Write the game to this file instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
}
