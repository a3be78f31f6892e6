//! `kalmar generate observation|efg`: games of imperfect information from
//! [`kalmar_observation::families::FAMILIES`] (as `.gii`) and extensive-form games from
//! [`kalmar_efg::generate::FAMILIES`] (as `.efg`).

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
