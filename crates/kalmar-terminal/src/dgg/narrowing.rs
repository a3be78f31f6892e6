//! The skeleton shared by the weak solvers of *Deterministic Graphical Games Revisited* §4.2:
//! find the sign of the start position's value (Lemma 2), keep the positions of that sign
//! (Lemma 3), then repeatedly split the remaining terminals into ordered groups, solve the coarse
//! game in which each group is merged (Lemma 1), and keep only the positions whose value lies in
//! the start position's group, until the group is a single payoff. That payoff is the value, and
//! [`weak_from_value`] turns it into optimal strategies.
//!
//! When the split policy would sort all the terminals at once, no round is needed: the sorting
//! method ([`sweep_sorted`]) gives the value and optimal strategies in one sweep, where the
//! sign, a round and the recovery would take three.
//!
//! The solvers differ only in how they split ([`Split`]): Paterson's halves around the median,
//! the O(m log log n) algorithm switches to sorting once few terminals remain, and the
//! almost-linear algorithm cuts into many groups at once.
//!
//! # Complexity
//! The signs cost one retrograde sweep, O(n + m), and one comparison per terminal; each round
//! costs the split's comparisons and one generalized retrograde sweep over the positions still in
//! play, O(m); the final strategy recovery is O(n + m). The split policy decides the number of
//! rounds and so the totals stated by each solver.
//!
//! # Example
//! ```
//! use kalmar_core::{Certificate, Rational, format::read_gg};
//! use kalmar_terminal::dgg::{self, Stats, narrowing::{self, Split}};
//! // Max at a takes 3 or passes to Min at b, who takes 5 or -2 or returns to a.
//! let text = "kalmar-gg 1\na max -> t b\nb min -> u v a\n\
//!             t terminal payoff=3\nu terminal payoff=5\nv terminal payoff=-2\n";
//! let game = dgg::from_graph(&read_gg(text).unwrap()).unwrap();
//! // Sorting at once: one round, then the value.
//! let solution = narrowing::solve(&game, &mut Stats::default(), |_| Split::Sort);
//! assert_eq!(solution.value, Rational::from(3));
//! assert!(solution.verify(&game).is_ok());
//! ```

use super::Stats;
use super::compare::Comparisons;
use super::recovery::weak_from_value;
use super::retrograde::{Retrograde, Subgame, ZERO};
use super::select::{partition_levels, partition_median, sort_groups};
use super::sorting::sweep_sorted;
use crate::{Payoff, TerminalGame, WeakSolution};
use kalmar_core::Vertex;
use std::cmp::Ordering;

/// How one round splits the remaining terminals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Split {
    /// Around the median: below, equal, above.
    Median,
    /// Around medians recursively, this many levels deep.
    Levels(u32),
    /// Completely, by sorting.
    Sort,
}

/// The sizes a split policy sees.
#[derive(Clone, Copy, Debug)]
pub struct Sizes {
    /// Terminals still in play.
    pub remaining: usize,
    /// Terminals of the start position's sign at the outset.
    pub terminals: usize,
    /// Arcs of the part of the game reachable from the start position.
    pub arcs: usize,
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
    let mut gra = Retrograde::new();
    let mut class_of = vec![0u32; arena.num_vertices()];
    let terminals = game.terminals().count();
    let sizes = Sizes {
        remaining: terminals,
        terminals,
        arcs: arena.num_edges(),
    };
    if policy(sizes) == Split::Sort {
        // Sorting all the terminals is as cheap as a round: the sorting method's one sweep
        // gives the value and strategies optimal from every position.
        let payoffs = sweep_sorted(game, &cmp, &mut gra);
        stats.rounds += 1;
        stats.retrograde_passes += 1;
        stats.comparisons += cmp.count();
        let value = match gra.label[start.index()] {
            ZERO => P::zero(),
            c => payoffs[c as usize].clone(),
        };
        return WeakSolution {
            start,
            value,
            strategy: gra.strategy(arena),
        };
    }
    let mut sub = Subgame::full(arena).reachable(arena, start);

    // Lemma 2: the signs, from the game with the positive and the negative terminals merged.
    const SIGNS: [Ordering; 3] = [Ordering::Less, Ordering::Equal, Ordering::Greater];
    for &t in sub.vertices() {
        if arena.is_terminal(t) {
            class_of[t.index()] = (cmp.sign(game.payoff(t)) as i8 + 1) as u32;
        }
    }
    gra.run(game, &sub, &class_of, &SIGNS);
    stats.retrograde_passes += 1;
    let start_class = gra.label[start.index()];
    let value = if start_class == ZERO || SIGNS[start_class as usize] == Ordering::Equal {
        P::zero()
    } else {
        let sign = SIGNS[start_class as usize];
        sub = sub
            .restrict(|v| gra.label[v.index()] == start_class)
            .reachable(arena, start);
        let mut terminals: Vec<Vertex> = sub.terminals(arena).collect();
        let sizes = Sizes {
            remaining: terminals.len(),
            terminals: terminals.len(),
            arcs: sub.vertices().iter().map(|&v| arena.out_degree(v)).sum(),
        };
        let key = |t: Vertex| game.payoff(t);
        loop {
            stats.rounds += 1;
            let groups = match policy(Sizes {
                remaining: terminals.len(),
                ..sizes
            }) {
                Split::Median => partition_median(&mut terminals, &key, &cmp),
                Split::Levels(depth) => partition_levels(&mut terminals, depth, &key, &cmp),
                Split::Sort => sort_groups(&mut terminals, &key, &cmp),
            };
            for (c, group) in groups.iter().enumerate() {
                for &t in &terminals[group.range.clone()] {
                    class_of[t.index()] = c as u32;
                }
            }
            gra.run(game, &sub, &class_of, &vec![sign; groups.len()]);
            stats.retrograde_passes += 1;
            let kept = gra.label[start.index()];
            let group = &groups[kept as usize];
            if group.exact {
                break game.payoff(terminals[group.range.start]).clone();
            }
            // Only positions of the kept group that the start position can still reach matter
            // (Lemma 3 makes the group's subgame a game of its own).
            sub = sub
                .restrict(|v| gra.label[v.index()] == kept)
                .reachable(arena, start);
            terminals = terminals[group.range.clone()]
                .iter()
                .copied()
                .filter(|&t| sub.contains(t))
                .collect();
        }
    };
    let solution = weak_from_value(game, &value, &cmp, &mut gra)
        .expect("the narrowed value is the start position's value");
    stats.retrograde_passes += 1;
    stats.comparisons += cmp.count();
    solution
}
