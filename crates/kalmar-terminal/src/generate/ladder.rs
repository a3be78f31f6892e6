//! Ladders: a long chain of alternating Max and Min positions with back arcs, a structured family
//! with long cycles and deep retrograde sweeps.
//!
//! Positions `p_0 … p_{L-1}` (vertices `0 … L-1`) alternate owners, Max at even indices. Every
//! position moves forward to the next; the last moves to the end terminal, and `p_0` may also
//! stop at the start terminal. Max positions `p_i` with `i >= span` have a back arc to
//! `p_{i-span}`, closing cycles of length `span + 1` that overlap along the whole chain; every
//! `spacing`-th Min position (`p_1` first) may leave the chain to a side terminal. Payoffs are
//! distinct and alternate in sign (1, -1, 2, -2, … along the chain; the end pays more than any
//! other terminal and the start terminal less), so values change along the chain and a
//! retrograde sweep runs down it class by class. The start is `p_0`.
//!
//! # Complexity
//! O(L) time, vertices and arcs: about `L (3/2 + 1/(2 spacing))` arcs.
//!
//! # Example
//! ```
//! use kalmar_core::{Certificate, Owner, Player, Vertex};
//! use kalmar_terminal::dgg::{Stats, sorting};
//! use kalmar_terminal::generate::ladder;
//! let length = ladder::length_for_arcs(1000);
//! let game = ladder(length, ladder::default_span(length), ladder::DEFAULT_SPACING).unwrap();
//! assert_eq!(game.start(), Vertex(0));
//! assert_eq!(game.arena().owner(Vertex(0)), Owner::Player(Player::MAX));
//! assert_eq!(game.arena().owner(Vertex(1)), Owner::Player(Player::MIN));
//! assert!(sorting::solve(&game, &mut Stats::default()).verify(&game).is_ok());
//! ```

use super::{GenerateError, alternating, builder, check_size, finish};
use crate::Dgg;
use kalmar_core::{Owner, Player, Rational, Vertex};

/// The spacing of side terminals in the registered family: every 8th Min position.
pub const DEFAULT_SPACING: usize = 8;

/// The span of back arcs in the registered family: about `sqrt(length)`, odd (so that a back arc
/// leads from Max to Min), at least 3.
pub fn default_span(length: usize) -> usize {
    ((length as f64).sqrt() as usize | 1).max(3)
}

/// The chain length whose ladder with [`default_span`] and [`DEFAULT_SPACING`] has about `arcs`
/// arcs.
pub fn length_for_arcs(arcs: usize) -> usize {
    // 3/2 + 1/16 = 25/16 arcs per position.
    (arcs.saturating_mul(16) / 25).max(1)
}

/// The ladder of `length` positions with back arcs of length `span` and a side terminal at every
/// `spacing`-th Min position.
///
/// ```
/// use kalmar_terminal::generate::ladder;
/// let game = ladder(10, 3, 2).unwrap();
/// // 10 forward arcs (the last to the end terminal), 1 to the start terminal,
/// // back arcs from p4, p6, p8 and side terminals at p1, p5, p9.
/// assert_eq!(game.arena().num_edges(), 10 + 1 + 3 + 3);
/// assert_eq!(game.terminals().count(), 2 + 3);
/// ```
pub fn ladder(length: usize, span: usize, spacing: usize) -> Result<Dgg, GenerateError> {
    if length == 0 || span == 0 || spacing == 0 {
        return Err(GenerateError::Parameter(
            "a ladder needs a positive length, span and spacing".into(),
        ));
    }
    let min_positions = length / 2; // p_1, p_3, …
    let sides = min_positions.div_ceil(spacing);
    let backs = if length > span {
        (span..length).filter(|i| i % 2 == 0).count()
    } else {
        0
    };
    let vertices = length.saturating_add(2 + sides);
    let arcs = length.saturating_add(1 + backs + sides);
    check_size(vertices, arcs)?;
    let mut b = builder(vertices, arcs);
    for i in 0..length {
        let player = if i % 2 == 0 { Player::MAX } else { Player::MIN };
        b.add_vertex(Owner::Player(player));
    }
    let start_terminal = b.add_vertex(Owner::Terminal);
    let end_terminal = b.add_vertex(Owner::Terminal);
    let first_side = end_terminal.index() + 1;
    for _ in 0..sides {
        b.add_vertex(Owner::Terminal);
    }
    let p = |i: usize| Vertex(i as u32);
    b.add_edge(p(0), start_terminal);
    let mut side = 0;
    for i in 0..length {
        let next = if i + 1 < length {
            p(i + 1)
        } else {
            end_terminal
        };
        b.add_edge(p(i), next);
        if i % 2 == 0 && i >= span {
            b.add_edge(p(i), p(i - span));
        }
        if i % 2 == 1 && (i / 2) % spacing == 0 {
            b.add_edge(p(i), Vertex::new(first_side + side));
            side += 1;
        }
    }
    debug_assert_eq!(side, sides);
    b.set_start(p(0));
    let mut payoffs = Vec::with_capacity(vertices);
    payoffs.resize(length, Rational::ZERO);
    let extreme = Rational::from(sides as i64 / 2 + 2);
    payoffs.push(-&extreme);
    payoffs.push(extreme);
    payoffs.extend((0..sides).map(alternating));
    Ok(finish(b, payoffs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shape_and_distinct_payoffs() {
        for (length, span, spacing) in [(1, 1, 1), (2, 1, 1), (7, 3, 2), (100, 9, 4), (1000, 31, 8)]
        {
            let g = ladder(length, span, spacing).unwrap();
            let a = g.arena();
            assert_eq!(g.start(), Vertex(0));
            let mut p: Vec<Rational> = g.terminals().map(|t| g.payoff(t).clone()).collect();
            let k = p.len();
            p.sort();
            p.dedup();
            assert_eq!(p.len(), k);
            for i in 0..length {
                let v = Vertex::new(i);
                assert!(a.successors(v).contains(&if i + 1 < length {
                    Vertex::new(i + 1)
                } else {
                    Vertex::new(length + 1)
                }));
            }
        }
        assert!(ladder(0, 1, 1).is_err());
    }

    #[test]
    fn size_for_arcs() {
        for arcs in [1000usize, 100_000] {
            let length = length_for_arcs(arcs);
            let g = ladder(length, default_span(length), DEFAULT_SPACING).unwrap();
            let m = g.arena().num_edges() as f64;
            assert!((m / arcs as f64 - 1.0).abs() < 0.05, "{m} arcs for {arcs}");
        }
    }
}
