//! Paterson's algorithm: a weak solution with O(n) comparisons (*Deterministic Graphical Games
//! Revisited*, §4.2, due to Mike Paterson).
//!
//! Each round partitions the remaining terminals around their median (linear-time selection),
//! solves the coarse game with each half merged, and keeps the half holding the start position's
//! value. The terminals halve every round, so the comparisons add up to n + n/2 + n/4 + … = O(n),
//! which is optimal; each round costs a retrograde sweep, O(m).
//!
//! # Complexity
//! O(m log n) time and O(n) comparisons.
//!
//! # Example
//! ```
//! use kalmar_core::{Certificate, Rational, format::read_gg};
//! use kalmar_terminal::dgg::{self, Stats, paterson};
//! // Max at a takes 3 or passes to Min at b, who takes 5 or -2 or returns to a.
//! let text = "kalmar-gg 1\na max -> t b\nb min -> u v a\n\
//!             t terminal payoff=3\nu terminal payoff=5\nv terminal payoff=-2\n";
//! let game = dgg::from_graph(&read_gg(text).unwrap()).unwrap();
//! let mut stats = Stats::default();
//! let solution = paterson::solve(&game, &mut stats);
//! assert_eq!(solution.value, Rational::from(3));
//! assert!(solution.verify(&game).is_ok());
//! assert!(stats.rounds >= 1);
//! ```

use super::Stats;
use super::narrowing::{self, Split};
use crate::{Payoff, TerminalGame, WeakSolution};

/// Weakly solves `game` from its start position by Paterson's algorithm.
pub fn solve<P: Payoff>(game: &TerminalGame<P>, stats: &mut Stats) -> WeakSolution<P> {
    narrowing::solve(game, stats, |_| Split::Median)
}
