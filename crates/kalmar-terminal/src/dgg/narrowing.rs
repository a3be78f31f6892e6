//! The skeleton shared by the weak solvers of *Deterministic Graphical Games Revisited* §4.2:
//! repeatedly split the remaining terminals into ordered groups, solve the coarse game in which
//! each group is merged (Lemma 1), and keep only the positions whose value lies in the start
//! position's group (Lemma 3), until the group is a single payoff. That payoff is the value.
//! Each round's sweep stops once it has swept the start position's group
//! ([`Retrograde::run_until`]): the groups nearer the middle are not needed.
//!
//! The first round splits all the terminals of the game, the negative, zero and positive ones
//! apart (one comparison each) and each side by the policy, so that it also gives the sign of
//! every value (Lemma 2) where the paper spends a sweep of its own on the signs. Each round's
//! sweep colours green the arcs optimal in its coarse game, and positions dropped by a round
//! keep the arcs of that round: play from the start position that follows them never comes back
//! into the kept group, whose positions take the arcs of later rounds. So the strategies need no
//! recovery sweep ([`weak_from_value`](super::recovery::weak_from_value) recovers them from a
//! value alone).
//!
//! The solvers differ only in how they split ([`Split`]): Paterson's halves around the median,
//! the O(m log log n) algorithm switches to sorting once few terminals remain, and the
//! almost-linear algorithm cuts into many groups at once.
//!
//! # Complexity
//! Each round costs the split's comparisons and one generalized retrograde sweep over the
//! positions still in play, O(m); the first sweeps the whole game, not only the part the start
//! position reaches (finding that part would cost another pass over it). The split policy decides the
//! number of rounds and so the totals stated by each solver.
//!
//! # Example
//! ```
//! use kalmar_core::{Certificate, Rational, format::read_gg};
//! use kalmar_terminal::dgg::{self, Stats, narrowing::{self, Split}};
//! // Max at a takes 3 or passes to Min at b, who takes 5 or -2 or returns to a.
//! let text = "kalmar-gg 1\na max -> t b\nb min -> u v a\n\
//!             t terminal payoff=3\nu terminal payoff=5\nv terminal payoff=-2\n";
//! let game = dgg::from_graph(&read_gg(text).unwrap()).unwrap();
//! // Sorting at once: one round, and its sweep gives the value.
//! let mut stats = Stats::default();
//! let solution = narrowing::solve(&game, &mut stats, |_| Split::Sort);
//! assert_eq!(solution.value, Rational::from(3));
//! assert_eq!((stats.rounds, stats.retrograde_passes), (1, 1));
//! assert!(solution.verify(&game).is_ok());
//! ```

use super::Stats;
use super::compare::Comparisons;
use super::retrograde::{Retrograde, Subgame, ZERO};
use super::select::{Group, partition_median, partition_sampled, partition_sign, sort_groups};
use crate::{Payoff, TerminalGame, WeakSolution};
use kalmar_core::Vertex;
use std::cmp::Ordering;

/// How one round splits the remaining terminals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Split {
    /// Around the median: below, equal, above.
    Median,
    /// Into about this many groups, around splitters drawn from a sample
    /// ([`partition_sampled`]).
    Sample(usize),
    /// Completely, by sorting.
    Sort,
}

/// The sizes a split policy sees.
#[derive(Clone, Copy, Debug)]
pub struct Sizes {
    /// Terminals still in play, of the sign being split.
    pub remaining: usize,
    /// Terminals of the game.
    pub terminals: usize,
    /// Arcs of the game.
    pub arcs: usize,
    /// Whether this is the first round, which sweeps the whole game.
    pub first_round: bool,
}

/// Weakly solves `game` from its start position, splitting by `policy` in each round.
pub fn solve<P: Payoff>(
    game: &TerminalGame<P>,
    stats: &mut Stats,
    policy: impl Fn(Sizes) -> Split,
) -> WeakSolution<P> {
    let cmp = Comparisons::new();
    let arena = game.arena();
    let start = game.start();
    let key = |t: Vertex| game.payoff(t);
    let split = |terminals: &mut [Vertex], sizes: Sizes| match policy(sizes) {
        Split::Median => partition_median(terminals, &key, &cmp),
        Split::Sample(groups) => partition_sampled(terminals, groups, &key, &cmp),
        Split::Sort => sort_groups(terminals, &key, &cmp),
    };
    let mut gra = Retrograde::new();
    let mut class_of = vec![0u32; arena.num_vertices()];
    let mut terminals: Vec<Vertex> = game.terminals().collect();
    let sizes = Sizes {
        remaining: terminals.len(),
        terminals: terminals.len(),
        arcs: arena.num_edges(),
        first_round: true,
    };

    // The first round: the signs (Lemma 2) and each side split by the policy.
    let mut sub = Subgame::full(arena);
    let (lt, gt) = partition_sign(&mut terminals, &key, &cmp);
    let mut groups: Vec<Group> = Vec::new();
    let mut signs = Vec::new();
    let (negative, rest) = terminals.split_at_mut(lt);
    let (zero, positive) = rest.split_at_mut(gt - lt);
    for (side, offset, sign) in [
        (negative, 0, Ordering::Less),
        (zero, lt, Ordering::Equal),
        (positive, gt, Ordering::Greater),
    ] {
        if side.is_empty() {
            continue;
        }
        let side_groups = if sign == Ordering::Equal {
            vec![Group {
                range: 0..side.len(),
                exact: true,
            }]
        } else {
            let remaining = side.len();
            split(side, Sizes { remaining, ..sizes })
        };
        for group in side_groups {
            groups.push(group.shifted(offset));
            signs.push(sign);
        }
    }
    let value = loop {
        stats.rounds += 1;
        for (c, group) in groups.iter().enumerate() {
            for &t in &terminals[group.range.clone()] {
                class_of[t.index()] = c as u32;
            }
        }
        gra.run_until(game, &sub, &class_of, &signs, start);
        stats.retrograde_passes += 1;
        let kept = gra.label[start.index()];
        if kept == ZERO || signs[kept as usize] == Ordering::Equal {
            break P::zero();
        }
        let group = &groups[kept as usize];
        if group.exact {
            break game.payoff(terminals[group.range.start]).clone();
        }
        // Only positions of the kept group matter (Lemma 3 makes the group's subgame a game of
        // its own).
        let sign = signs[kept as usize];
        sub = sub.restrict(|v| gra.label[v.index()] == kept);
        terminals = terminals[group.range.clone()]
            .iter()
            .copied()
            .filter(|&t| sub.contains(t))
            .collect();
        let remaining = terminals.len();
        groups = split(
            &mut terminals,
            Sizes {
                remaining,
                first_round: false,
                ..sizes
            },
        );
        signs = vec![sign; groups.len()];
    };
    stats.comparisons += cmp.count();
    WeakSolution {
        start,
        value,
        strategy: gra.take_strategy(arena),
    }
}
