//! Weak solution in almost-linear time, O(m + m (log* m - log* (m/n))) (Theorem 2 of
//! *Deterministic Graphical Games Revisited*), by the balancing technique of Gabow and Tarjan.
//!
//! A round with `n_i` terminals left cuts them into groups of at most `n_i 2^(-m/n_i)` by a
//! partial perfect quicksort (partition around medians, `ceil(m/n_i) + 1` levels deep, O(m)
//! comparisons), solves the coarse game over the groups, and keeps the start position's group.
//! Since `n_{i+1} <= n_i 2^(-m/n_i)`, the terminals shrink like a tower of powers of `2^(m/n)`,
//! so O(log*_b n) rounds of O(m) run. When groups of that size would be single terminals, the
//! remaining ones are sorted instead and a last sweep gives the value. The number of comparisons
//! is superlinear in n (but O(m) per round).
//!
//! # Complexity
//! O(m + m (log* m - log* (m/n))) time: linear when m = Ω(n log^(k) n) for a constant k.

use super::Stats;
use super::narrowing::{self, Sizes, Split};
use crate::{Payoff, TerminalGame, WeakSolution};

/// The split of a round: `ceil(m/n_i) + 1` levels of median partitions, or a sort when the
/// groups would have fewer than one terminal (`n_i 2^(-m/n_i) < 1`).
pub fn split(sizes: Sizes) -> Split {
    let n_i = sizes.remaining.max(1);
    let ratio = sizes.arcs.div_ceil(n_i).max(1);
    if (n_i as f64).log2() < sizes.arcs as f64 / n_i as f64 {
        Split::Sort
    } else {
        Split::Levels(ratio as u32 + 1)
    }
}

/// Weakly solves `game` from its start position in almost-linear time.
pub fn solve<P: Payoff>(game: &TerminalGame<P>, stats: &mut Stats) -> WeakSolution<P> {
    narrowing::solve(game, stats, split)
}
