//! Strategy recovery (Proposition 2 of *Deterministic Graphical Games Revisited*): optimal
//! strategies from values, in linear time.
//!
//! Knowing values is not enough to play well: in Figure 2(b) of the paper every position has value
//! 1, yet Max moving to any position of value 1 can loop forever and get 0. Recovery therefore
//! reruns retrograde analysis where it is cheap:
//!
//! - [`strong_from_values`]: given the value of every position, arcs between positions of
//!   different values are dropped (Lemma 3); the game falls apart into games where all positions
//!   share one value, and each is solved by one retrograde sweep from its terminals. The player
//!   who prefers that value to 0 takes the arc the sweep reached him by (a green arc); the other
//!   player takes the last such arc; positions of value 0 take any arc to a position of value 0.
//! - [`weak_from_value`]: given the value `z` of the start position, the terminals are merged into
//!   at most five classes, `(-inf, min(z,0))`, `{min(z,0)}`, `(min(z,0), max(z,0))`, `{max(z,0)}`
//!   and `(max(z,0), inf)`, and the coarse game is solved by generalized retrograde analysis
//!   (Lemma 1 makes its strategies optimal from the start position in the original game). Only
//!   the positions the start position can reach take part.
//!
//! # Complexity
//! O(n + m) time; `strong_from_values` makes O(m) payoff comparisons and `weak_from_value` at
//! most two per terminal.
//!
//! # Example
//! ```
//! use kalmar_core::{Certificate, Rational, format::read_gg};
//! use kalmar_terminal::dgg::{self, compare::Comparisons, recovery, retrograde::Retrograde};
//! // Max at a takes 3 or passes to Min at b, who takes 5 or -2 or returns to a.
//! let text = "kalmar-gg 1\na max -> t b\nb min -> u v a\n\
//!             t terminal payoff=3\nu terminal payoff=5\nv terminal payoff=-2\n";
//! let game = dgg::from_graph(&read_gg(text).unwrap()).unwrap();
//! let cmp = Comparisons::new();
//! let values: Vec<Rational> = [3, -2, 3, 5, -2].map(Rational::from).to_vec();
//! let strong = recovery::strong_from_values(&game, &values, &cmp).unwrap();
//! assert!(strong.verify(&game).is_ok());
//! // Max at a takes the 3 (vertex 2), Min at b the -2 (vertex 4).
//! let arena = game.arena();
//! let [a, b] = [0, 1].map(kalmar_core::Vertex);
//! assert_eq!(strong.strategy.successor(arena, a), Some(kalmar_core::Vertex(2)));
//! assert_eq!(strong.strategy.successor(arena, b), Some(kalmar_core::Vertex(4)));
//! let weak = recovery::weak_from_value(&game, &Rational::from(3), &cmp, &mut Retrograde::new())
//!     .unwrap();
//! assert!(weak.verify(&game).is_ok());
//! ```

use super::DggError;
use super::compare::Comparisons;
use super::retrograde::{Retrograde, Subgame, ZERO};
use crate::{Payoff, StrongSolution, TerminalGame, WeakSolution};
use kalmar_core::{Owner, Player, Strategy, Vertex};
use std::cmp::Ordering;

/// A strong solution from the values of all positions.
///
/// Fails when the values cannot be those of the game (a terminal with another value than its
/// payoff, or a position the sweeps cannot justify). Values that pass are still only as good as
/// the solution's [`verify`](crate::verify::verify) says.
pub fn strong_from_values<P: Payoff>(
    game: &TerminalGame<P>,
    values: &[P],
    cmp: &Comparisons,
) -> Result<StrongSolution<P>, DggError> {
    let arena = game.arena();
    let n = arena.num_vertices();
    if values.len() != n {
        return Err(DggError::Inconsistent(format!(
            "{} values for {n} positions",
            values.len()
        )));
    }
    let inconsistent =
        |v: Vertex, why: &str| DggError::Inconsistent(format!("position {}: {why}", arena.name(v)));
    let mut done = vec![false; n];
    let mut remaining = vec![0u32; n];
    let mut strategy = Strategy::empty(n);
    let mut queue = Vec::new();
    for v in arena.vertices() {
        if arena.is_terminal(v) {
            if cmp.cmp(&values[v.index()], game.payoff(v)) != Ordering::Equal {
                return Err(inconsistent(v, "a terminal's value is its payoff"));
            }
            done[v.index()] = true;
            queue.push(v);
        } else {
            remaining[v.index()] = arena
                .successors(v)
                .iter()
                .filter(|w| cmp.cmp(&values[w.index()], &values[v.index()]) == Ordering::Equal)
                .count() as u32;
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head];
        head += 1;
        let x = &values[v.index()];
        let sign = cmp.sign(x);
        for &e in arena.in_edges(v) {
            let u = arena.source(e);
            if done[u.index()] || cmp.cmp(&values[u.index()], x) != Ordering::Equal {
                continue;
            }
            let prefers = match arena.owner(u) {
                Owner::Player(Player::MAX) => sign == Ordering::Greater,
                _ => sign == Ordering::Less,
            };
            if prefers || remaining[u.index()] == 1 {
                done[u.index()] = true;
                strategy.set(u, e);
                queue.push(u);
            } else {
                remaining[u.index()] -= 1;
            }
        }
    }
    for v in arena.vertices() {
        if done[v.index()] {
            continue;
        }
        if cmp.sign(&values[v.index()]) != Ordering::Equal {
            return Err(inconsistent(
                v,
                "no optimal play reaches a terminal of its value",
            ));
        }
        let zero = arena
            .out_edges(v)
            .find(|&e| cmp.sign(&values[arena.target(e).index()]) == Ordering::Equal);
        match zero {
            Some(e) => strategy.set(v, e),
            None => {
                return Err(inconsistent(
                    v,
                    "value 0 but no move to a position of value 0",
                ));
            }
        }
    }
    Ok(StrongSolution {
        values: values.to_vec(),
        strategy,
    })
}

/// A weak solution from the value `z` of the start position.
///
/// Fails when `z` is not the value of the start position.
pub fn weak_from_value<P: Payoff>(
    game: &TerminalGame<P>,
    z: &P,
    cmp: &Comparisons,
    gra: &mut Retrograde,
) -> Result<WeakSolution<P>, DggError> {
    let arena = game.arena();
    let start = game.start();
    let zero = P::zero();
    let z_sign = cmp.sign(z);
    let (lo, hi) = if z_sign == Ordering::Less {
        (z, &zero)
    } else {
        (&zero, z)
    };
    // Classes in increasing order: (-inf, lo), {lo}, (lo, hi), {hi}, (hi, inf); the last three
    // collapse into (lo, inf) when z = 0.
    let sign: &[Ordering] = match z_sign {
        Ordering::Equal => &[Ordering::Less, Ordering::Equal, Ordering::Greater],
        Ordering::Less => &[
            Ordering::Less,
            Ordering::Less,
            Ordering::Less,
            Ordering::Equal,
            Ordering::Greater,
        ],
        Ordering::Greater => &[
            Ordering::Less,
            Ordering::Equal,
            Ordering::Greater,
            Ordering::Greater,
            Ordering::Greater,
        ],
    };
    let z_class = if z_sign == Ordering::Greater { 3 } else { 1 };
    // Only what the start position reaches matters to a weak solution; elsewhere any move will do.
    let sub = Subgame::full(arena).reachable(arena, start);
    let mut class_of = vec![0u32; arena.num_vertices()];
    for t in sub.terminals(arena) {
        let p = game.payoff(t);
        class_of[t.index()] = match cmp.cmp(p, lo) {
            Ordering::Less => 0,
            Ordering::Equal => 1,
            Ordering::Greater if z_sign == Ordering::Equal => 2,
            Ordering::Greater => match cmp.cmp(p, hi) {
                Ordering::Less => 2,
                Ordering::Equal => 3,
                Ordering::Greater => 4,
            },
        };
    }
    gra.run(game, &sub, &class_of, sign);
    let label = gra.label[start.index()];
    let reached = if label == ZERO {
        z_sign == Ordering::Equal
    } else {
        label == z_class
    };
    if !reached {
        return Err(DggError::Inconsistent(format!(
            "{z} is not the value of the start position {}",
            arena.name(start)
        )));
    }
    Ok(WeakSolution {
        start,
        value: z.clone(),
        strategy: gra.take_strategy(arena),
    })
}
