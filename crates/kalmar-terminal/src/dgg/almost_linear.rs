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
//!
//! # Example
//! ```
//! use kalmar_core::{Certificate, Rational, format::read_gg};
//! use kalmar_terminal::dgg::{self, Stats, almost_linear, narrowing::{Sizes, Split}};
//! // Max at a takes 3 or passes to Min at b, who takes 5 or -2 or returns to a.
//! let text = "kalmar-gg 1\na max -> t b\nb min -> u v a\n\
//!             t terminal payoff=3\nu terminal payoff=5\nv terminal payoff=-2\n";
//! let game = dgg::from_graph(&read_gg(text).unwrap()).unwrap();
//! let solution = almost_linear::solve(&game, &mut Stats::default());
//! assert_eq!(solution.value, Rational::from(3)); // Min would answer b with -2
//! assert!(solution.verify(&game).is_ok());
//! // 1000 terminals among 1000 arcs: two levels of medians; among 20000 arcs, a sort.
//! let sizes = Sizes { remaining: 1000, terminals: 1000, arcs: 1000 };
//! assert_eq!(almost_linear::split(sizes), Split::Levels(2));
//! assert_eq!(almost_linear::split(Sizes { arcs: 20_000, ..sizes }), Split::Sort);
//! ```

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
