//! Every pure positional profile tried, each checked by the certificate of [`crate::deviation`]:
//! the oracle the other solvers are tested against, and the count of every equilibrium in pure
//! positional strategies (the search of [`crate::exact`] finds one, or proves there is none, on
//! games far beyond this one's reach).
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_positional::{PositionalGame, brute_force};
//! // The paper's Figure 10: two players, c between the terminals for both.
//! let graph = read_gg("kalmar-gg 1\nplayers 2\ncycle (1,0)\nstart u\nu player0 -> v a1\n\
//!                      v player1 -> u a2\na1 terminal payoff=(0,2)\na2 terminal payoff=(-1,1)\n")
//!     .unwrap();
//! let game = PositionalGame::from_graph(&graph).unwrap();
//! let found = brute_force::solve(&game, 1 << 20).unwrap();
//! assert_eq!(found.profiles, 4);
//! assert!(!found.equilibria.is_empty());
//! ```
//!
//! # Complexity
//! O(P · k · (n + m)) for P = the product of the players' out-degrees, refused before anything
//! is tried when P exceeds the limit given.

use crate::PositionalGame;
use crate::deviation::check;
use crate::play::{chance_position, decision_points, profile_count};
use kalmar_core::Strategy;

/// Every equilibrium of a game, by trying every profile.
#[derive(Clone, Debug)]
pub struct Found {
    /// How many profiles there are (all were tried).
    pub profiles: u64,
    /// The profiles that are Nash equilibria from the start, in the order tried.
    pub equilibria: Vec<Strategy>,
}

/// Why the search does not run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BruteForceError {
    /// Too many profiles.
    #[error(
        "the game has {profiles} positional profiles, more than the limit of {limit}: try a \
         solver for its class (win-lose, improvement for two players), the exact search, or a \
         smaller game"
    )]
    TooMany {
        /// The number of profiles, in words (it may not fit in 64 bits).
        profiles: String,
        /// The limit.
        limit: u64,
    },
    /// A chance position.
    #[error(
        "position {0} belongs to chance: games with cycles are solved without chance moves here"
    )]
    Chance(String),
}

/// Tries every profile of `game`, refusing when there are more than `limit`.
pub fn solve(game: &PositionalGame, limit: u64) -> Result<Found, BruteForceError> {
    if let Some(v) = chance_position(game) {
        return Err(BruteForceError::Chance(v));
    }
    let arena = game.arena();
    let (movers, moves) = decision_points(game);
    let profiles = profile_count(&moves);
    if profiles.is_none_or(|p| p > u128::from(limit)) {
        return Err(BruteForceError::TooMany {
            profiles: profiles.map_or("more than 2^128".into(), |p| p.to_string()),
            limit,
        });
    }
    let profiles = profiles.unwrap_or_default();
    let mut profile = Strategy::empty(arena.num_vertices());
    for (k, &v) in movers.iter().enumerate() {
        profile.set(v, moves[k][0]);
    }
    let mut choice = vec![0usize; movers.len()];
    let mut equilibria = Vec::new();
    loop {
        if check(game, &profile).is_ok() {
            equilibria.push(profile.clone());
        }
        // The next profile, as a mixed-radix counter over the positions.
        let mut k = 0;
        loop {
            if k == movers.len() {
                return Ok(Found {
                    profiles: profiles as u64,
                    equilibria,
                });
            }
            choice[k] += 1;
            if choice[k] < moves[k].len() {
                profile.set(movers[k], moves[k][choice[k]]);
                break;
            }
            choice[k] = 0;
            profile.set(movers[k], moves[k][0]);
            k += 1;
        }
    }
}
