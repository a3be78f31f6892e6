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
