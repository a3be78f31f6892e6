//! `kalmar generate stochastic` (and its old place, `kalmar stochastic generate`): the
//! generators of [`kalmar_stochastic::generate::GENERATORS`].

use super::{Output, write_graph};
use crate::bad_input;
use crate::registry_ids::ids;
use clap::Args;
use kalmar_core::format::to_gg_string;
use kalmar_stochastic::generate::{GENERATORS, Parameters, generate};

#[derive(Args)]
#[command(
    after_help = "Examples:\n  kalmar generate stochastic simple --positions 1000 --seed 7\n  \
kalmar generate stochastic discounted --positions 200 --discount 9/10 -o d.gg\n  \
kalmar generate stochastic terminal --size 100000 -o big.gg\n  \
kalmar generate stochastic haddad-monmege --positions 20"
)]
pub struct StochasticArgs {
    /// The generator: a class (random games), or a Haddad-Monmege chain.
    #[arg(value_parser = ids(&GENERATORS))]
    generator: String,
    /// About this many moves: --degree moves per position and a terminal per ten positions.
    /// Default: 1000, unless --positions is given.
    #[arg(long, value_name = "ARCS", conflicts_with = "positions")]
    size: Option<usize>,
    /// Positions (Max, Min and chance vertices), or the chain's length.
    #[arg(long, value_name = "N")]
    positions: Option<usize>,
    /// Moves per position.
    #[arg(long, default_value_t = 2, value_name = "D")]
    degree: usize,
    /// Terminals (terminal-payoff and simple games). Default: 4 with --positions, a tenth of
    /// the positions with --size.
    #[arg(long, value_name = "T")]
    terminals: Option<usize>,
    /// Discount factor of discounted games.
    #[arg(long, default_value = "9/10", value_name = "R")]
    discount: String,
    /// No chance vertices: the deterministic special case.
    #[arg(long)]
    deterministic: bool,
    /// The seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    output: Output,
}

/// The default size when neither `--size` nor `--positions` is given.
pub enum DefaultSize {
    /// About this many moves (`kalmar generate stochastic`).
    Arcs(usize),
    /// This many positions (`kalmar stochastic generate`, as it always was).
    Positions(usize),
}

/// Generates the game; `default` is the size when none is given (`None`: 1000 moves).
pub fn run(args: &StochasticArgs, default: Option<DefaultSize>) -> anyhow::Result<()> {
    let size = match (args.size, args.positions) {
        (Some(arcs), _) => DefaultSize::Arcs(arcs),
        (None, Some(positions)) => DefaultSize::Positions(positions),
        (None, None) => default.unwrap_or(DefaultSize::Arcs(1000)),
    };
    let mut parameters = match size {
        DefaultSize::Arcs(arcs) => Parameters::sized_with_degree(arcs, args.degree, args.seed),
        DefaultSize::Positions(positions) => Parameters {
            positions,
            degree: args.degree,
            seed: args.seed,
            ..Parameters::default()
        },
    };
    if let Some(terminals) = args.terminals {
        parameters.terminals = terminals;
    }
    parameters.discount = crate::stochastic::rational(&args.discount, "--discount")?;
    parameters.deterministic = args.deterministic;
    let graph = generate(&args.generator, &parameters).map_err(bad_input)?;
    let text = to_gg_string(&graph);
    write_graph(
        args.output.output.as_deref(),
        &args.generator,
        &graph,
        &text,
    )
}
