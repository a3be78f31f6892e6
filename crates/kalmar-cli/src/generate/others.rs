//! `kalmar generate observation|efg|positional`: games of imperfect information from
//! [`kalmar_observation::families::FAMILIES`] (as `.gii`), extensive-form games from
//! [`kalmar_efg::generate::FAMILIES`] (as `.efg`) and n-player games with cycles from
//! [`kalmar_positional::generate::FAMILIES`] (as `.gg`).

use super::Output;
use crate::bad_input;
use crate::registry_ids::ids;
use crate::report::write_game;
use clap::Args;
use kalmar_efg::generate::Params;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  kalmar generate observation primes 3 -o primes.gii\n  \
kalmar generate observation cerny 8"
)]
pub struct ObservationArgs {
    /// The family.
    #[arg(value_parser = ids(&kalmar_observation::families::FAMILIES))]
    family: String,
    /// Its size: the number of cycles (primes), or of states of the cycle (cerny).
    size: usize,
    #[command(flatten)]
    output: Output,
}

/// `kalmar generate observation FAMILY SIZE`.
pub fn observation(args: &ObservationArgs) -> anyhow::Result<()> {
    let game =
        kalmar_observation::families::generate(&args.family, args.size).map_err(bad_input)?;
    let text = kalmar_observation::write_gii(&game)?;
    write_game(args.output.output.as_deref(), &text, || {
        format!(
            "{} {} ({} locations, {} moves)",
            args.family,
            args.size,
            game.num_locations(),
            game.num_moves()
        )
    })
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  kalmar generate efg poker 3   (Kuhn's poker)\n  \
kalmar generate efg repeated 2 -o pd2.efg\n  kalmar generate efg random 5 --players 3 --seed 9"
)]
pub struct EfgArgs {
    /// The family.
    #[arg(value_parser = ids(&kalmar_efg::generate::FAMILIES))]
    family: String,
    /// Cards (poker), rounds (repeated) or depth (random).
    #[arg(default_value_t = 3)]
    size: u32,
    /// The seed (random).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Players (random).
    #[arg(long, default_value_t = 2)]
    players: u32,
    #[command(flatten)]
    output: Output,
}

/// `kalmar generate efg FAMILY [SIZE]`.
pub fn efg(args: &EfgArgs) -> anyhow::Result<()> {
    let params = Params {
        size: args.size,
        seed: args.seed,
        players: args.players,
    };
    let game = kalmar_efg::generate::generate(&args.family, &params).map_err(bad_input)?;
    let text = kalmar_efg::format::to_efg_string(&game);
    write_game(args.output.output.as_deref(), &text, || {
        format!("{} {} ({} nodes)", args.family, args.size, game.num_nodes())
    })
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  kalmar generate positional random --size 1000 --players 3 -o random.gg\n  \
kalmar generate positional win-lose --size 1000000 --seed 2 -o win-lose.gg"
)]
pub struct PositionalArgs {
    /// The family.
    #[arg(value_parser = ids(&kalmar_positional::generate::FAMILIES))]
    family: String,
    /// The number of positions (an eighth of them terminals).
    #[arg(long, default_value_t = 100)]
    size: usize,
    /// The number of players (random).
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// The seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    output: Output,
}

/// `kalmar generate positional FAMILY`.
pub fn positional(args: &PositionalArgs) -> anyhow::Result<()> {
    let params = kalmar_positional::generate::Params {
        size: args.size,
        players: args.players,
        seed: args.seed,
    };
    let graph = kalmar_positional::generate::generate(&args.family, &params).map_err(bad_input)?;
    let text = kalmar_core::format::to_gg_string(&graph);
    super::write_graph(args.output.output.as_deref(), &args.family, &graph, &text)
}

#[derive(Args)]
#[command(
    after_help = "Examples:\n  kalmar generate interdiction grid --size 1000000 -o grid.gr   (writes grid.gr and grid.budget)\n  \
kalmar generate interdiction random --size 100000 --seed 3 -o random.gr"
)]
pub struct InterdictionArgs {
    /// The family.
    #[arg(value_parser = ids(&kalmar_interdiction::generate::FAMILIES))]
    family: String,
    /// About how many edges.
    #[arg(long, default_value_t = 1000)]
    size: usize,
    /// The seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the network to FILE (.gr) and its budget beside it (FILE with the extension
    /// .budget); without it, the budget file's lines follow the network's, as comments.
    #[arg(long, short, value_name = "FILE")]
    output: Option<std::path::PathBuf>,
}

/// `kalmar generate interdiction FAMILY`.
pub fn interdiction(args: &InterdictionArgs) -> anyhow::Result<()> {
    let params = kalmar_interdiction::generate::Params {
        size: args.size,
        seed: args.seed,
    };
    let (network, budget) =
        kalmar_interdiction::generate::generate(&args.family, &params).map_err(bad_input)?;
    let Some(path) = &args.output else {
        let gr = kalmar_interdiction::dimacs::to_gr_string(&network);
        let budget = kalmar_interdiction::budget_file::to_budget_string(&network, &budget);
        crate::write_out(format_args!("{gr}"))?;
        for line in budget.lines() {
            crate::write_out(format_args!("c budget: {line}\n"))?;
        }
        return Ok(());
    };
    let budget_path = crate::interdict::write_instance(path, &network, &budget)?;
    eprintln!(
        "wrote {} ({} vertices, {} edges) to {} and its budget to {}",
        args.family,
        network.num_vertices(),
        network.num_edges(),
        path.display(),
        budget_path.display()
    );
    Ok(())
}
