//! Parity games as mean-payoff games, with or without chance.
//!
//! - *Deterministic games*: Jurdziński's reduction (*Deciding the winner in parity games is in
//!   UP ∩ co-UP*, IPL 1998), on the same arena: a vertex of priority `p` earns `(n + 1)^p` when
//!   that priority is good for Max and `-(n + 1)^p` when it is good for Min. On a cycle of at
//!   most `n` vertices the largest priority outweighs all the others together, so the average of
//!   every cycle has the sign of its largest priority's owner: Max wins a vertex of the parity
//!   game exactly when its mean-payoff value is positive, and optimal mean-payoff strategies are
//!   winning parity strategies. Priorities are first ranked (the distinct priorities in order,
//!   keeping their parities apart), so the exponents stay below the number of distinct
//!   priorities.
//! - *Games with chance*: the priority gadget at the stopping parameter proven to work
//!   ([`parity_to_terminal::proven_delta`](super::parity_to_terminal::proven_delta)), which makes
//!   a terminal-payoff game whose optimal positional strategies are optimal in the parity game,
//!   then Lemma 4 ([`terminal_to_mean`](super::terminal_to_mean)). Chatterjee and Henzinger
//!   (*Reduction of stochastic parity to stochastic mean-payoff games*, IPL 2008) show that
//!   strategically solving stochastic parity games reduces to strategically solving stochastic
//!   mean-payoff games; this composition is such a reduction, many-one and in polynomial time,
//!   with its own proof in the gadget's docs. The mean-payoff values are within `1/(2 D^2)` of
//!   the parity values, not equal to them, so [`map_back`] values the mapped strategies exactly
//!   in the parity game. The numbers are long (the gadget's probabilities, and Lemma 1's
//!   discount factor on top of them when kalmar's `si` solves the result), so kalmar solves
//!   parity games with chance directly ([`crate::spg`]); the reduction is for other
//!   mean-payoff solvers and for tests.
//!
//! In both cases a vertex of the parity game keeps its number and its moves in their order, so
//! strategies carry over move by move.
//!
//! # Complexity
//! Deterministic: O(n + m) numbers of O(d log n) bits, for `d` distinct priorities. With chance:
//! 2n + 2 vertices and O(n + m) moves, with probabilities of O(d (n log Lambda + sum_i log L_i))
//! bits (see the gadget's docs).
//!
//! # Example
//!
//! The parity game with a coin toss as a mean-payoff game, solved and mapped back.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_core::Rational;
//! use kalmar_stochastic::reduce::parity_to_mean;
//! use kalmar_stochastic::{ParityConvention, Stats, StochasticParityGame, si};
//! let graph = read_gg("kalmar-gg 1\nm min priority=0 -> w c\n\
//!                      c chance priority=0 -> w:1/2 l:1/2\n\
//!                      w max priority=2 -> w\nl max priority=1 -> l\n").unwrap();
//! let game = StochasticParityGame::from_graph(&graph, ParityConvention::EvenWins).unwrap();
//! let mean = parity_to_mean::reduce(&game);
//! let solution = si::solve_mean_payoff(&mean, &mut Stats::default());
//! let back = parity_to_mean::map_back(&game, &mean, &solution);
//! assert_eq!(back.values[0], Rational::new(1, 2));
//! ```

use super::{parity_to_terminal, terminal_to_mean, transfer};
use crate::{MeanPayoffGame, Solution, StochasticParityGame, is_deterministic};
use kalmar_core::Rational;
use num_bigint::BigInt;

/// The mean-payoff game of a parity game (see the module docs).
pub fn reduce(game: &StochasticParityGame) -> MeanPayoffGame {
    let arena = game.arena();
    if !is_deterministic(arena) {
        let gadget = parity_to_terminal::reduce(game, &parity_to_terminal::proven_delta(game));
        return terminal_to_mean::reduce(&gadget);
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
    MeanPayoffGame::new(arena.clone(), reward).expect("a parity game has no terminals")
}

/// The parity game's solution of a solution of its mean-payoff game: the strategies carried
/// back, and their exact winning probabilities in the parity game.
pub fn map_back(
    game: &StochasticParityGame,
    mean: &MeanPayoffGame,
    solution: &Solution,
) -> Solution {
    let strategy = transfer(mean.arena(), &solution.strategy, game.arena(), Some);
    Solution {
        values: game.evaluate(&strategy),
        strategy,
    }
}
