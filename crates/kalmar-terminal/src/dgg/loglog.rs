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
//!
//! # Example
//! ```
//! use kalmar_core::{Certificate, Rational, format::read_gg};
//! use kalmar_terminal::dgg::{self, Stats, loglog, narrowing::{Sizes, Split}};
//! // Max at a takes 3 or passes to Min at b, who takes 5 or -2 or returns to a.
//! let text = "kalmar-gg 1\na max -> t b\nb min -> u v a\n\
//!             t terminal payoff=3\nu terminal payoff=5\nv terminal payoff=-2\n";
//! let game = dgg::from_graph(&read_gg(text).unwrap()).unwrap();
//! let solution = loglog::solve(&game, &mut Stats::default());
//! assert_eq!(solution.value, Rational::from(3));
//! assert!(solution.verify(&game).is_ok());
//! // 1000 · log2 1000 > 1000: halve; 100 · log2 100 <= 1000: sort.
//! let sizes = Sizes { remaining: 1000, terminals: 1000, arcs: 4000, first_round: true };
//! assert_eq!(loglog::split(sizes), Split::Median);
//! assert_eq!(loglog::split(Sizes { remaining: 100, ..sizes }), Split::Sort);
//! ```

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
