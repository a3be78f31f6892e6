//! Parity games as mean-payoff games (Jurdziński's reduction, *Deciding the winner in parity games
//! is in UP ∩ co-UP*, IPL 1998), for deterministic games: a vertex of priority `p` earns
//! `(n + 1)^p` when that priority is good for Max and `-(n + 1)^p` when it is good for Min.
//!
//! On a cycle of at most `n` vertices the largest priority outweighs all the others together, so
//! the average of every cycle has the sign of its largest priority's owner: Max wins a vertex of
//! the parity game exactly when its mean-payoff value is positive, and optimal mean-payoff
//! strategies are winning parity strategies. Priorities are first ranked (the distinct priorities
//! in order, keeping their parities apart), so the exponents stay below the number of distinct
//! priorities.
//!
//! # Complexity
//! O(n + m) numbers of O(d log n) bits, for `d` distinct priorities.

use crate::stochastic::{MeanPayoffGame, ParityGame, StochasticError, is_deterministic};
use kalmar_core::Rational;
use num_bigint::BigInt;

/// The mean-payoff game of a deterministic parity game (same arena).
pub fn reduce(game: &ParityGame) -> Result<MeanPayoffGame, StochasticError> {
    let arena = game.arena();
    if !is_deterministic(arena) {
        return Err(StochasticError::Payoff(
            "-".into(),
            "the parity-to-mean-payoff reduction here is for games without chance".into(),
        ));
    }
    let rank = game.ranks();
    let base = BigInt::from(arena.num_vertices() as u64 + 1);
    let reward = game
        .priorities()
        .iter()
        .zip(&rank)
        .map(|(&p, &k)| {
            let weight = Rational::from_big(num_rational::BigRational::from_integer(
                num_traits::pow(base.clone(), k as usize),
            ));
            if game.max_wins(p) { weight } else { -weight }
        })
        .collect();
    MeanPayoffGame::new(arena.clone(), reward)
}
