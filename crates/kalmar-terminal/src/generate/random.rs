//! Random games: Max and Min positions with uniformly random successors and terminals with random
//! payoffs.
//!
//! Vertices `0 .. n_positions` are positions, each owned by Max or Min with probability 1/2 and
//! with exactly `out_degree` arcs to uniformly random vertices (positions or terminals, self-loops
//! and parallel arcs allowed), so cycles abound; vertices `n_positions ..` are terminals with
//! payoffs drawn from a [`PayoffRange`]. The start is vertex 0.
//!
//! # Complexity
//! O(n + m) time, one random draw per arc, no allocation per arc.
//!
//! # Example
//! ```
//! use kalmar_core::{Certificate, Rational};
//! use kalmar_terminal::dgg::{Stats, sorting};
//! use kalmar_terminal::generate::{PayoffRange, random};
//! let game = random(50, 2, 10, PayoffRange::Integers(5), 3).unwrap();
//! assert_eq!(game.arena().num_edges(), 100);
//! assert_eq!(game, random(50, 2, 10, PayoffRange::Integers(5), 3).unwrap()); // the seed decides
//! assert!(game.payoffs().iter().all(|p| (Rational::from(-5)..=Rational::from(5)).contains(p)));
//! assert!(sorting::solve(&game, &mut Stats::default()).verify(&game).is_ok());
//! ```

use super::{GenerateError, PayoffRange, builder, check_size, finish, rng};
use crate::Dgg;
use kalmar_core::{Owner, Player, Rational, Vertex};
use rand::Rng;

/// A random game with `n_positions` positions of `out_degree` arcs each and `n_terminals`
/// terminals paying from `payoffs`, drawn from `seed`; the start is vertex 0.
///
/// ```
/// use kalmar_terminal::generate::{random, PayoffRange};
/// let game = random(100, 3, 20, PayoffRange::ChessLike, 1).unwrap();
/// assert_eq!(game.arena().num_vertices(), 120);
/// assert_eq!(game.arena().num_edges(), 300);
/// assert_eq!(game.terminals().count(), 20);
/// ```
pub fn random(
    n_positions: usize,
    out_degree: usize,
    n_terminals: usize,
    payoffs: PayoffRange,
    seed: u64,
) -> Result<Dgg, GenerateError> {
    if n_positions == 0 {
        return Err(GenerateError::Parameter(
            "a random game needs at least one position (the start)".into(),
        ));
    }
    if out_degree == 0 {
        return Err(GenerateError::Parameter(
            "positions need at least one move (out-degree >= 1)".into(),
        ));
    }
    let n = n_positions
        .checked_add(n_terminals)
        .ok_or(GenerateError::TooLarge {
            vertices: usize::MAX,
            arcs: usize::MAX,
        })?;
    let arcs = n_positions
        .checked_mul(out_degree)
        .ok_or(GenerateError::TooLarge {
            vertices: n,
            arcs: usize::MAX,
        })?;
    check_size(n, arcs)?;
    let mut rng = rng(seed);
    let mut b = builder(n, arcs);
    for _ in 0..n_positions {
        let player = if rng.random::<bool>() {
            Player::MAX
        } else {
            Player::MIN
        };
        b.add_vertex(Owner::Player(player));
    }
    for _ in 0..n_terminals {
        b.add_vertex(Owner::Terminal);
    }
    let n32 = n as u32;
    for v in 0..n_positions as u32 {
        for _ in 0..out_degree {
            b.add_edge(Vertex(v), Vertex(rng.random_range(0..n32)));
        }
    }
    b.set_start(Vertex(0));
    let mut values = Vec::with_capacity(n);
    values.resize(n_positions, Rational::ZERO);
    values.extend(payoffs.draw(n_terminals, &mut rng));
    Ok(finish(b, values))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalmar_core::Owner;

    #[test]
    fn deterministic_and_well_formed() {
        for range in [
            PayoffRange::ChessLike,
            PayoffRange::Integers(5),
            PayoffRange::Distinct,
            PayoffRange::Rationals(7),
        ] {
            let a = random(200, 3, 50, range, 42).unwrap();
            let b = random(200, 3, 50, range, 42).unwrap();
            let c = random(200, 3, 50, range, 43).unwrap();
            assert_eq!(a, b);
            assert_ne!(a, c);
            let arena = a.arena();
            assert_eq!(arena.num_edges(), 600);
            assert_eq!(a.start(), Vertex(0));
            for v in arena.vertices() {
                match arena.owner(v) {
                    Owner::Terminal => assert!(v.index() >= 200),
                    _ => assert_eq!(arena.out_degree(v), 3),
                }
            }
        }
    }

    #[test]
    fn payoff_ranges() {
        let k = Rational::from(5);
        let g = random(10, 1, 500, PayoffRange::Integers(5), 1).unwrap();
        assert!(g.terminals().all(|t| g.payoff(t).abs() <= k));
        let g = random(10, 1, 500, PayoffRange::ChessLike, 1).unwrap();
        assert!(g.terminals().all(|t| g.payoff(t).abs() <= Rational::ONE));
        let g = random(10, 1, 500, PayoffRange::Rationals(5), 1).unwrap();
        assert!(g.terminals().all(|t| g.payoff(t).abs() <= k));
        assert!(g.terminals().any(|t| !g.payoff(t).is_integer()));
        for n in [1, 2, 7, 500] {
            let g = random(10, 1, n, PayoffRange::Distinct, 1).unwrap();
            let mut p: Vec<Rational> = g.terminals().map(|t| g.payoff(t).clone()).collect();
            p.sort();
            p.dedup();
            assert_eq!(p.len(), n);
            assert!(p.iter().all(|x| !x.is_zero()));
        }
    }

    #[test]
    fn rejects_bad_parameters() {
        assert!(random(0, 2, 5, PayoffRange::Distinct, 0).is_err());
        assert!(random(5, 0, 5, PayoffRange::Distinct, 0).is_err());
    }
}
