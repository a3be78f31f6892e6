//! Weak solution in O(m log log n) time with O(n) comparisons (Theorem 1 of *Deterministic
//! Graphical Games Revisited*).
//!
//! Paterson's rounds halve the terminals around the median; as soon as the `n_i` remaining ones
//! satisfy `n_i log n_i <= n`, they are sorted (O(n) comparisons) and one last retrograde sweep
//! over the sorted payoffs gives the value. Only O(log n - log f(n)) = O(log log n) rounds run,
//! where f is the inverse of `n -> n log n`.
//!
//! # Complexity
//! O(m log log n) time and O(n) comparisons.

use super::Stats;
use super::narrowing::{self, Sizes, Split};
use crate::{Payoff, TerminalGame, WeakSolution};

/// The split of a round: sort once `n_i log2 n_i <= n`, else halve.
pub fn split(sizes: Sizes) -> Split {
    let n_i = sizes.remaining as f64;
    if n_i * n_i.log2().max(0.0) <= sizes.terminals as f64 {
        Split::Sort
    } else {
        Split::Median
    }
}

/// Weakly solves `game` from its start position in O(m log log n) time.
pub fn solve<P: Payoff>(game: &TerminalGame<P>, stats: &mut Stats) -> WeakSolution<P> {
    narrowing::solve(game, stats, split)
}
