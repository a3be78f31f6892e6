//! The shared model of the solvers and the certificates: the common shape of terminal-payoff
//! and discounted games ([`Model`]), who owns a vertex, whether an arena has chance, which moves
//! keep the value, the shape every claimed solution must have, and the integer form of
//! mean-payoff rewards. Solvers and verifiers both use it; it uses neither.

use super::MeanPayoffGame;
use kalmar_core::{Arena, Edge, Owner, Player, Rational, Strategy, VerifyError, Vertex};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, ToPrimitive};

/// The common shape of terminal-payoff and discounted games that the solvers work on: the value
/// `x` of a play's vertex sequence `v_0, v_1, …` is `sum_i beta^i r(v_i)`, plus `beta^k` times the
/// payoff of the terminal `v_k` where play ends; with `beta = 1` the rewards are all zero (a
/// terminal-payoff game) and infinite play pays 0.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Model<'a> {
    pub arena: &'a Arena,
    pub payoff: &'a [Rational],
    pub reward: Option<&'a [Rational]>,
    pub discount: Option<&'a Rational>,
}

impl Model<'_> {
    /// Whether plays are discounted (and so every strategy pair's values are unique and finite
    /// without looking at infinite plays).
    pub fn discounted(&self) -> bool {
        self.discount.is_some()
    }

    /// `r(u) + beta * x`: what moving from `u` to a vertex of value `x` is worth.
    pub fn step(&self, u: Vertex, x: &Rational) -> Rational {
        let later = match self.discount {
            Some(beta) => beta * x,
            None => x.clone(),
        };
        match self.reward {
            Some(r) => &r[u.index()] + &later,
            None => later,
        }
    }

    /// The right-hand side of the optimality equation at chance vertex `u`.
    pub fn chance_value(&self, u: Vertex, values: &[Rational]) -> Rational {
        let mean = self.arena.out_edges(u).fold(Rational::ZERO, |acc, e| {
            let p = self
                .arena
                .probability(e)
                .expect("chance edges have probabilities");
            acc + p * &values[self.arena.target(e).index()]
        });
        self.step(u, &mean)
    }
}

/// Whether the move `e` from `u` keeps the value: `values[u] = r(u) + beta * values[target]`.
pub(crate) fn is_safe(model: &Model<'_>, e: Edge, values: &[Rational]) -> bool {
    let arena = model.arena;
    let u = arena.source(e);
    model.step(u, &values[arena.target(e).index()]) == values[u.index()]
}

/// Whether the arena has no chance vertex: the deterministic special case of every class.
pub fn is_deterministic(arena: &Arena) -> bool {
    !arena.vertices().any(|v| arena.owner(v) == Owner::Chance)
}

/// The player who owns `v`, if a player does.
pub(crate) fn player_of(arena: &Arena, v: Vertex) -> Option<Player> {
    match arena.owner(v) {
        Owner::Player(p) => Some(p),
        _ => None,
    }
}

/// One value per vertex, and a valid move wherever a player moves.
pub(crate) fn check_shape(
    arena: &Arena,
    values: &[Rational],
    strategy: &Strategy,
) -> Result<(), VerifyError> {
    if values.len() != arena.num_vertices() {
        return Err(VerifyError::new(format!(
            "{} values for {} vertices",
            values.len(),
            arena.num_vertices()
        )));
    }
    strategy
        .check(arena)
        .map_err(|v| VerifyError::new(format!("vertex {}: no valid move chosen", arena.name(v))))
}

/// The rewards times the least common multiple of their denominators, as integers, and that
/// multiple; `None` if some scaled reward does not fit in 128 bits.
pub(crate) fn integer_rewards(game: &MeanPayoffGame) -> Option<(Vec<i128>, BigInt)> {
    let (reward, scale) = big_integer_rewards(game);
    let reward = reward.iter().map(BigInt::to_i128).collect::<Option<_>>()?;
    Some((reward, scale))
}

/// The rewards times the least common multiple of their denominators, and that multiple.
pub(crate) fn big_integer_rewards(game: &MeanPayoffGame) -> (Vec<BigInt>, BigInt) {
    let scale = game
        .rewards()
        .iter()
        .fold(BigInt::one(), |acc, r| acc.lcm(r.to_big().denom()));
    let reward = game
        .rewards()
        .iter()
        .map(|r| (r.to_big() * num_rational::BigRational::from_integer(scale.clone())).to_integer())
        .collect();
    (reward, scale)
}
