//! Lemma 1: a mean-payoff game as a discounted game. With `n` vertices and every probability and
//! reward a fraction whose numerator and denominator are at most `M` in absolute value, every
//! optimal positional strategy of the discounted game with
//!
//! `beta* = 1 - 1 / ((n!)^2 2^(2n+3) M^(2n^2))`
//!
//! is optimal in the mean-payoff game. The proof bounds the coefficients of the polynomials in
//! `1 - beta` whose signs compare two strategy pairs' discounted values; past `beta*` no sign
//! changes. `beta*` is exact: a rational with O(n^2 log M) digits.
//!
//! Each row of the system `(I - beta P) v = r` holds up to `n` probabilities and one reward; to
//! cover the reward's denominator too, `n + 1` stands for `n` in the formula, which only moves the
//! factor closer to 1 (the lemma holds for every `beta` in `[beta*, 1)`). Parallel moves of chance
//! to one vertex count as one move with the sum of their probabilities.
//!
//! The mean-payoff values are then those of the strategy pair, computed exactly by
//! [`MeanPayoffGame::evaluate`].
//!
//! # Complexity
//! O(n + m) to build; solving the discounted game works with numbers of O(n^2 log M) digits.
//!
//! # Example
//!
//! Optimal strategies of the discounted game at `beta*` are optimal for the mean payoff.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_core::Rational;
//! use kalmar_stochastic::reduce::mean_to_discounted;
//! use kalmar_stochastic::{MeanPayoffGame, Stats, si};
//! let graph = read_gg("kalmar-gg 1\na max reward=1 -> a b\nb min reward=-1 -> b a\n").unwrap();
//! let game = MeanPayoffGame::from_graph(&graph).unwrap();
//! let discounted = mean_to_discounted::reduce(&game);
//! let solution = si::solve_discounted(&discounted, &mut Stats::default());
//! assert_eq!(game.evaluate(&solution.strategy), [Rational::ONE, Rational::from(-1)]);
//! ```

use crate::{DiscountedGame, MeanPayoffGame};
use kalmar_core::{Owner, Rational};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed};

/// The discount factor `beta*` of Lemma 1 for `game` (with `n + 1` for `n`; see the module docs).
pub fn beta_star(game: &MeanPayoffGame) -> Rational {
    let arena = game.arena();
    let n = arena.num_vertices() as u64 + 1;
    let mut m = BigInt::one();
    let mut see = |x: &Rational| {
        let big = x.to_big();
        for part in [big.numer().abs(), big.denom().clone()] {
            if part > m {
                m = part;
            }
        }
    };
    for r in game.rewards() {
        see(r);
    }
    for v in arena.vertices() {
        if arena.owner(v) != Owner::Chance {
            continue;
        }
        let mut merged: Vec<(kalmar_core::Vertex, Rational)> = Vec::new();
        for e in arena.out_edges(v) {
            let p = arena
                .probability(e)
                .expect("chance edges have probabilities");
            match merged.iter_mut().find(|(w, _)| *w == arena.target(e)) {
                Some((_, q)) => *q = &*q + p,
                None => merged.push((arena.target(e), p.clone())),
            }
        }
        for (_, p) in &merged {
            see(p);
        }
    }
    let factorial: BigInt = (1..=n).map(BigInt::from).product();
    let denominator = &factorial
        * &factorial
        * num_traits::pow(BigInt::from(2), (2 * n + 3) as usize)
        * num_traits::pow(m, (2 * n * n) as usize);
    Rational::from_big(BigRational::one() - BigRational::new(BigInt::one(), denominator))
}

/// The discounted game with discount factor `beta*` on the same arena and rewards: its optimal
/// strategies are optimal for `game`.
pub fn reduce(game: &MeanPayoffGame) -> DiscountedGame {
    DiscountedGame::new(
        game.arena().clone(),
        game.rewards().to_vec(),
        beta_star(game),
    )
    .expect("the arena is that of a valid mean-payoff game")
}
