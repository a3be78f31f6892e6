//! Weak solution in almost-linear time, O(m + m (log* m - log* (m/n))) (Theorem 2 of
//! *Deterministic Graphical Games Revisited*), by the balancing technique of Gabow and Tarjan.
//!
//! A round with `n_i` terminals left cuts them into groups of at most `n_i 2^(-m/n_i)` by a
//! partial perfect quicksort (partition around medians, `ceil(m/n_i) + 1` levels deep, O(m)
//! comparisons), solves the coarse game over the groups, and keeps the start position's group.
//! Since `n_{i+1} <= n_i 2^(-m/n_i)`, the terminals shrink like a tower of powers of `2^(m/n)`,
//! so O(log*_b n) rounds of O(m) run. When sorting the remaining terminals costs no more
//! comparisons than those levels would, they are sorted instead and a last sweep gives the value
//! (and when that holds for all the terminals at the outset, the round is the sorting method's
//! single sweep). The number of comparisons is superlinear in n (but O(m) per round).
//!
//! Sorting is chosen by comparisons counted, not by the paper's `n_i 2^(-m/n_i) < 1`: a level
//! of median partitions (linear-time selection) costs about 9.5 comparisons per terminal on
//! random payoffs, a level of sorting about 1.1 (`tests/comparisons.rs` counts both), so the
//! round sorts when `log2 n_i <= 8 (ceil(m/n_i) + 1)`. The sort then costs no more comparisons
//! than the levels would, O(m), and the bound stands; on every game with a dozen arcs per
//! terminal or more, up to `2^100` terminals, the solver is the sorting method in one sweep.
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
//! // A million terminals among a million arcs: two levels of medians; among three million, a
//! // sort (log2 of a million is 20, below 8 times 4 levels).
//! let sizes = Sizes { remaining: 1 << 20, terminals: 1 << 20, arcs: 1 << 20 };
//! assert_eq!(almost_linear::split(sizes), Split::Levels(2));
//! assert_eq!(almost_linear::split(Sizes { arcs: 3 << 20, ..sizes }), Split::Sort);
//! ```

use super::Stats;
use super::narrowing::{self, Sizes, Split};
use crate::{Payoff, TerminalGame, WeakSolution};

/// How many times as many comparisons a level of median partitions makes as a level of
/// sorting (about 9.5 per terminal against 1.1, counted on random payoffs).
pub const LEVEL_COST: f64 = 8.0;

/// The split of a round: `ceil(m/n_i) + 1` levels of median partitions, or a sort when it
/// costs no more comparisons (`log2 n_i <= LEVEL_COST` times the levels).
pub fn split(sizes: Sizes) -> Split {
    let n_i = sizes.remaining.max(1);
    let levels = sizes.arcs.div_ceil(n_i).max(1) as u32 + 1;
    if (n_i as f64).log2() <= LEVEL_COST * levels as f64 {
        Split::Sort
    } else {
        Split::Levels(levels)
    }
}

/// Weakly solves `game` from its start position in almost-linear time.
pub fn solve<P: Payoff>(game: &TerminalGame<P>, stats: &mut Stats) -> WeakSolution<P> {
    narrowing::solve(game, stats, split)
}
