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

use super::Stats;
use super::narrowing::{self, Split};
use crate::{Payoff, TerminalGame, WeakSolution};

/// Weakly solves `game` from its start position by Paterson's algorithm.
pub fn solve<P: Payoff>(game: &TerminalGame<P>, stats: &mut Stats) -> WeakSolution<P> {
    narrowing::solve(game, stats, |_| Split::Median)
}
