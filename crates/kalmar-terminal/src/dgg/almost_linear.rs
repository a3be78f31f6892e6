//! Weak solution in almost-linear time, O(m + m (log* m - log* (m/n))) (Theorem 2 of
//! *Deterministic Graphical Games Revisited*), by the balancing technique of Gabow and Tarjan.
//!
//! A round with `n_i` terminals left cuts them into up to `2^(ceil(m/n_i) + 1)` groups with
//! O(m) comparisons, solves the coarse game over the groups, and keeps the start position's
//! group. Since the groups hold at most `n_i 2^(-m/n_i)` terminals each, the terminals shrink
//! like a tower of powers of `2^(m/n)`, so O(log*_b n) rounds of O(m) run.
//!
//! The paper cuts by a partial perfect quicksort (medians, `ceil(m/n_i) + 1` levels deep). Here
//! splitters drawn from a sample cut instead, each terminal placed by a binary search among
//! them ([`partition_sampled`](super::select::partition_sampled)): a level costs one comparison
//! a terminal where linear-time selection costs about ten, and medians still cut any group the
//! sample left too large, so the bound on the groups holds.
//!
//! Fewer groups than the paper allows are often faster. Each group is a class of the round's
//! sweep, and the sweep labels one class to the end before the next: a class spanning many
//! arcs gives the processor independent reads of memory to overlap, a class of a few arcs is
//! a chain of dependent ones. So a round takes about `m / 2^16` groups
//! ([`ARCS_PER_GROUP`]), and sorts when that leaves fewer than sixteen: on a game of 10^7 arcs,
//! about 150 groups (the sweep stops once the start position's group is done, and the second
//! round sorts the few terminals of that group), where the sorting method sweeps one class
//! per terminal. The first round, which sweeps the whole game, takes at most sixteen groups a
//! side ([`FIRST_ROUND_GROUPS`]): where the game lies in memory layer by layer (a sorting
//! network), each class of a sweep is spread evenly through the layers, and a sweep of many
//! classes reads the whole game once per class; later rounds sweep only the start's group. A
//! constant cap on one round adds at most a constant number of rounds of O(m) each, so the
//! bound below stands.
//!
//! # Complexity
//! O(m + m (log* m - log* (m/n))) time: linear when m = Ω(n log^(k) n) for a constant k. O(m)
//! comparisons per round.
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
//! // Half of a million terminals (one sign) among sixteen million arcs: 256 groups of 2^16
//! // arcs, 128 for this side; among two million arcs, 16; with no more arcs than the side has
//! // terminals, the paper's two levels (ceil(m/n_i) + 1): 4 groups. The thousand
//! // terminals of a second round are sorted.
//! let sizes = Sizes { remaining: 1 << 19, terminals: 1 << 20, arcs: 1 << 24, first_round: false };
//! assert_eq!(almost_linear::split(sizes), Split::Sample(128));
//! // The first round takes sixteen a side at most.
//! assert_eq!(almost_linear::split(Sizes { first_round: true, ..sizes }), Split::Sample(16));
//! assert_eq!(almost_linear::split(Sizes { arcs: 1 << 21, ..sizes }), Split::Sample(16));
//! assert_eq!(almost_linear::split(Sizes { terminals: 1 << 25, remaining: 1 << 24, ..sizes }), Split::Sample(4));
//! assert_eq!(almost_linear::split(Sizes { remaining: 1000, ..sizes }), Split::Sort);
//! ```

use super::Stats;
use super::narrowing::{self, Sizes, Split};
use crate::{Payoff, TerminalGame, WeakSolution};

/// The most groups a side of the first round, whose sweep reads the whole game.
pub const FIRST_ROUND_GROUPS: usize = 16;

/// The arcs a class of a round's sweep spans on average (a round cuts a game of `m` arcs into
/// about `m / ARCS_PER_GROUP` groups).
pub const ARCS_PER_GROUP: usize = 1 << 16;

/// The split of a round: `2^k` groups, `k` the paper's `ceil(m/n_i) + 1` levels or fewer so that
/// a group's class spans [`ARCS_PER_GROUP`] arcs (each side of zero taking its share of the
/// terminals); a sort when that leaves fewer than sixteen groups or fewer than two terminals a
/// group, unless the paper's levels are fewer than four (about as many terminals as arcs),
/// where sorting could cost more than O(m) comparisons and the levels are taken. The first
/// round takes at most [`FIRST_ROUND_GROUPS`] a side.
pub fn split(sizes: Sizes) -> Split {
    let n_i = sizes.remaining.max(1);
    let levels = sizes.arcs.div_ceil(n_i).max(1) + 1;
    if levels < 4 {
        return Split::Sample(1 << levels);
    }
    let share =
        (sizes.arcs / ARCS_PER_GROUP) as u128 * n_i as u128 / sizes.terminals.max(1) as u128;
    let mut k = levels.min(share.max(1).ilog2() as usize);
    if sizes.first_round {
        k = k.min(FIRST_ROUND_GROUPS.ilog2() as usize);
    }
    if k < 4 || 2 << k > n_i {
        Split::Sort
    } else {
        Split::Sample(1 << k)
    }
}

/// Weakly solves `game` from its start position in almost-linear time.
pub fn solve<P: Payoff>(game: &TerminalGame<P>, stats: &mut Stats) -> WeakSolution<P> {
    narrowing::solve(game, stats, split)
}
