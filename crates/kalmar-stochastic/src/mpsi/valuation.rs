//! Valuations of the retreat game of [`mpsi`](super): Min's shortest distance from every vertex
//! to a retreat when Max keeps to an admissible strategy `sigma`, computed once from scratch and
//! then *incrementally* after each round of switches.
//!
//! The distances come with a shortest-path tree: `via[v]` is the move that attains `d(v)` (Max's
//! move under `sigma`, or Min's best move; none at a retreat). When Max switches at a set `S` of
//! vertices, a vertex whose tree path to its retreat avoids `S` keeps a path of the same length,
//! and valuations of improving switches never fall, so its distance stays. Only the vertices whose
//! tree path passes through `S`, found by a reverse search in the tree from `S`, need new
//! distances: they are cleared, seeded from their moves to the rest, and label correcting runs from
//! there (a distance that did fall anywhere would still be propagated, so the result is exactly
//! the valuation from scratch). The vertices whose distance was written are kept in
//! [`Valuation::changed`], so that the caller can look for new improvements next to them only.
//!
//! # Complexity
//! From scratch: label correcting, O(n m) in the worst case, near linear on typical games. An
//! update: the same bound on the subgraph of the vertices it clears and their predecessors,
//! plus their in-degrees for the reverse tree search.

use super::Local;
use super::int::Int;
use std::collections::VecDeque;

/// The game a decision plays: a subgame with integer rewards, the player who maximises at each
/// vertex (and may retreat there), and the vertices set aside (value `<= 0`, out of play).
pub(super) struct Retreats<'a, T> {
    pub local: &'a Local,
    pub maximiser: &'a [bool],
    pub reward: &'a [T],
    pub set_aside: &'a [bool],
}

/// No move: the retreat, or no path to one.
const NONE: u32 = u32::MAX;
/// Flags of a [`Node`].
const MAXIMISER: u8 = 1;
const SET_ASIDE: u8 = 2;
const QUEUED: u8 = 4;

/// What label correcting reads and writes at a vertex, in one place: the relaxation of a move
/// touches one cache line at its source.
#[derive(Clone)]
struct Node<T> {
    /// The distance (`INF` where Min cannot reach a retreat).
    d: T,
    reward: T,
    /// The maximiser's move under `sigma`, or `NONE` (the retreat).
    sigma: u32,
    /// The move attaining `d`, or `NONE` (a retreat, or `d = INF`).
    via: u32,
    /// `mark == epoch`: the vertex is in the current list `changed`.
    mark: u32,
    flags: u8,
}

impl<T> Node<T> {
    /// Whether the move with index `j` out of this vertex is open.
    fn open(&self, j: u32) -> bool {
        self.flags & SET_ASIDE == 0 && (self.flags & MAXIMISER == 0 || self.sigma == j)
    }

    /// Whether this is a vertex of the maximiser in play that retreats.
    fn retreats(&self) -> bool {
        self.flags & (MAXIMISER | SET_ASIDE) == MAXIMISER && self.sigma == NONE
    }
}

fn move_of(j: Option<usize>) -> u32 {
    j.map_or(NONE, |j| j as u32)
}

/// Min's distances to a retreat with their shortest-path tree, and reusable scratch memory.
pub(super) struct Valuation<T> {
    node: Vec<Node<T>>,
    queue: VecDeque<u32>,
    epoch: u32,
    /// The vertices whose distance the last valuation wrote.
    changed: Vec<usize>,
}

impl<T> Default for Valuation<T> {
    fn default() -> Self {
        Valuation {
            node: Vec::new(),
            queue: VecDeque::new(),
            epoch: 0,
            changed: Vec::new(),
        }
    }
}

impl<T: Int> Valuation<T> {
    /// The distance of `v`.
    pub fn d(&self, v: usize) -> &T {
        &self.node[v].d
    }

    /// The vertices whose distance the last call wrote (possibly to the same value); every
    /// other vertex kept its distance.
    pub fn changed(&self) -> &[usize] {
        &self.changed
    }

    /// A fresh mark for a new list of vertices.
    fn next_epoch(&mut self) -> u32 {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            for x in &mut self.node {
                x.mark = 0;
            }
            self.epoch = 1;
        }
        self.epoch
    }

    /// The valuation of `sigma` from scratch (all vertices changed).
    pub fn full(&mut self, game: &Retreats<'_, T>, sigma: &[Option<usize>]) {
        let k = game.local.len();
        self.node.clear();
        self.node.extend((0..k).map(|v| Node {
            d: T::INF,
            reward: game.reward[v].clone(),
            sigma: move_of(sigma[v]),
            via: NONE,
            mark: 0,
            flags: if game.maximiser[v] { MAXIMISER } else { 0 }
                | if game.set_aside[v] { SET_ASIDE } else { 0 },
        }));
        self.epoch = 0;
        let epoch = self.next_epoch();
        self.changed.clear();
        for v in 0..k {
            self.node[v].mark = epoch;
            self.changed.push(v);
            if self.node[v].retreats() {
                self.node[v].d = self.node[v].reward.clone();
                self.push(v);
            }
        }
        self.correct(game.local, epoch);
    }

    /// The valuation of `sigma` after Max switched at the vertices `switched` (and nowhere else)
    /// from the strategy of the last valuation.
    pub fn update(&mut self, game: &Retreats<'_, T>, sigma: &[Option<usize>], switched: &[usize]) {
        let local = game.local;
        let epoch = self.next_epoch();
        // The vertices whose tree path passes through a switched vertex.
        self.changed.clear();
        for &v in switched {
            self.node[v].sigma = move_of(sigma[v]);
            if self.node[v].mark != epoch {
                self.node[v].mark = epoch;
                self.changed.push(v);
            }
        }
        let mut next = 0;
        while let Some(&u) = self.changed.get(next) {
            next += 1;
            for &(p, j) in local.preds(u) {
                let node = &mut self.node[p as usize];
                if node.via == j && node.mark != epoch {
                    node.mark = epoch;
                    self.changed.push(p as usize);
                }
            }
        }
        for &v in &self.changed {
            self.node[v].d = T::INF;
            self.node[v].via = NONE;
        }
        // Seed each cleared vertex from its open moves to vertices that kept their distance.
        for i in 0..self.changed.len() {
            let v = self.changed[i];
            let node = &self.node[v];
            if node.flags & SET_ASIDE != 0 {
                continue;
            }
            let (mut d, mut via) = (T::INF, NONE);
            if node.retreats() {
                d = node.reward.clone();
            } else {
                for j in local.moves(v) {
                    let w = &self.node[local.target[j] as usize].d;
                    if *w != T::INF && node.open(j as u32) {
                        let x = node.reward.plus(w);
                        if x < d {
                            (d, via) = (x, j as u32);
                        }
                    }
                }
            }
            let finite = d != T::INF;
            (self.node[v].d, self.node[v].via) = (d, via);
            if finite {
                self.push(v);
            }
        }
        self.correct(local, epoch);
    }

    fn push(&mut self, v: usize) {
        let node = &mut self.node[v];
        if node.flags & QUEUED == 0 {
            node.flags |= QUEUED;
            self.queue.push_back(v as u32);
        }
    }

    /// Label correcting from the queued vertices along the open moves, backwards; every vertex
    /// whose distance falls joins `changed` (marked with `epoch`).
    fn correct(&mut self, local: &Local, epoch: u32) {
        while let Some(u) = self.queue.pop_front() {
            let u = u as usize;
            self.node[u].flags &= !QUEUED;
            let du = self.node[u].d.clone();
            for &(p, j) in local.preds(u) {
                let p = p as usize;
                let node = &mut self.node[p];
                if !node.open(j) {
                    continue;
                }
                let x = node.reward.plus(&du);
                if x < node.d {
                    node.d = x;
                    node.via = j;
                    if node.mark != epoch {
                        node.mark = epoch;
                        self.changed.push(p);
                    }
                    self.push(p);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Local, attract_minimiser, improvement, nonpositive_cycles};
    use super::*;
    use crate::generate::random_deterministic;
    use crate::{Class, MeanPayoffGame};
    use kalmar_core::Vertex;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]

        /// Max switches a random nonempty part of his improvable vertices each round (still
        /// improving switches, so every strategy is admissible); after each round the update
        /// equals the valuation from scratch, and every vertex whose distance moved is listed.
        #[test]
        fn incremental_valuation_equals_valuation_from_scratch(
            seed in any::<u64>(), n in 1usize..14, degree in 1usize..=3, shift in -4i128..=4,
            coins in proptest::collection::vec(any::<bool>(), 61),
        ) {
            let graph = random_deterministic(Class::MeanPayoff, n, degree, 0, None, seed).unwrap();
            let game = MeanPayoffGame::from_graph(&graph).unwrap();
            let (reward, _) = crate::model::integer_rewards(&game).unwrap();
            // Rewards shifted as a threshold shifts them.
            let reward: Vec<i128> = reward.iter().map(|r| r - shift).collect();
            let vertices: Vec<Vertex> = game.arena().vertices().collect();
            let local = Local::new(&game, &vertices, &mut vec![u32::MAX; n]);
            let maximiser = local.max.clone();
            let bound = num_bigint::BigInt::from(reward.iter().map(|r| r.abs()).max().unwrap());
            let (mut set_aside, mut choice) = nonpositive_cycles(&local, &maximiser, &reward, &bound);
            attract_minimiser(&local, &maximiser, &mut set_aside, &mut choice);
            let retreats = Retreats {
                local: &local,
                maximiser: &maximiser,
                reward: &reward,
                set_aside: &set_aside,
            };
            let mut sigma = vec![None; n];
            let mut valuation = Valuation::default();
            valuation.full(&retreats, &sigma);
            let mut flips = coins.iter().cycle();
            loop {
                let improvable: Vec<(usize, Option<usize>)> = (0..n)
                    .filter(|&v| maximiser[v] && !set_aside[v])
                    .filter_map(|v| improvement(&retreats, &sigma, &valuation, v).map(|b| (v, b)))
                    .collect();
                if improvable.is_empty() {
                    break;
                }
                let mut switched: Vec<usize> = Vec::new();
                for (i, &(v, better)) in improvable.iter().enumerate() {
                    let last_chance = switched.is_empty() && i + 1 == improvable.len();
                    if *flips.next().unwrap() || last_chance {
                        sigma[v] = better;
                        switched.push(v);
                    }
                }
                let distances = |x: &Valuation<i128>| (0..n).map(|v| *x.d(v)).collect::<Vec<i128>>();
                let before = distances(&valuation);
                valuation.update(&retreats, &sigma, &switched);
                let mut fresh = Valuation::default();
                fresh.full(&retreats, &sigma);
                prop_assert_eq!(distances(&valuation), distances(&fresh));
                for (v, (old, new)) in before.iter().zip(distances(&valuation)).enumerate() {
                    // Valuations of improving switches only grow.
                    prop_assert!(*old <= new);
                    prop_assert!(*old == new || valuation.changed().contains(&v));
                }
            }
        }
    }
}
