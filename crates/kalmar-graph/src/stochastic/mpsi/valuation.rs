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

use super::{INF, Local};
use std::collections::VecDeque;

/// The game a decision plays: a subgame with integer rewards, the player who maximises at each
/// vertex (and may retreat there), and the vertices set aside (value `<= 0`, out of play).
pub(super) struct Retreats<'a> {
    pub local: &'a Local,
    pub maximiser: &'a [bool],
    pub reward: &'a [i128],
    pub set_aside: &'a [bool],
}

impl Retreats<'_> {
    /// Whether the move with index `j` out of `p` is open when Max keeps to `sigma`.
    fn open(&self, sigma: &[Option<usize>], p: usize, j: usize) -> bool {
        !self.set_aside[p] && (!self.maximiser[p] || sigma[p] == Some(j))
    }

    /// Whether `v` is a vertex of Max in play, retreating under `sigma`.
    fn retreats(&self, sigma: &[Option<usize>], v: usize) -> bool {
        self.maximiser[v] && !self.set_aside[v] && sigma[v].is_none()
    }
}

/// Min's distances to a retreat with their shortest-path tree, and reusable scratch memory.
#[derive(Default)]
pub(super) struct Valuation {
    /// The distance of every vertex (`INF` where Min cannot reach a retreat).
    d: Vec<i128>,
    /// The move attaining `d(v)`, or none (a retreat, or `d(v) = INF`).
    via: Vec<Option<usize>>,
    queued: Vec<bool>,
    queue: VecDeque<usize>,
    /// `mark[v] == epoch`: `v` is in the current list `changed`.
    mark: Vec<u32>,
    epoch: u32,
    /// The vertices whose distance the last valuation wrote.
    changed: Vec<usize>,
}

impl Valuation {
    /// The distances.
    pub fn d(&self) -> &[i128] {
        &self.d
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
            self.mark.fill(0);
            self.epoch = 1;
        }
        self.epoch
    }

    /// The valuation of `sigma` from scratch (all vertices changed).
    pub fn full(&mut self, game: &Retreats<'_>, sigma: &[Option<usize>]) {
        let k = game.local.len();
        self.d.clear();
        self.d.resize(k, INF);
        self.via.clear();
        self.via.resize(k, None);
        self.queued.clear();
        self.queued.resize(k, false);
        self.mark.clear();
        self.mark.resize(k, 0);
        self.epoch = 0;
        let epoch = self.next_epoch();
        self.changed.clear();
        for v in 0..k {
            self.mark[v] = epoch;
            self.changed.push(v);
            if game.retreats(sigma, v) {
                self.d[v] = game.reward[v];
                self.push(v);
            }
        }
        self.correct(game, sigma, epoch);
    }

    /// The valuation of `sigma` after Max switched at the vertices `switched` (and nowhere else)
    /// from the strategy of the last valuation.
    pub fn update(&mut self, game: &Retreats<'_>, sigma: &[Option<usize>], switched: &[usize]) {
        let local = game.local;
        let epoch = self.next_epoch();
        // The vertices whose tree path passes through a switched vertex.
        self.changed.clear();
        for &v in switched {
            if self.mark[v] != epoch {
                self.mark[v] = epoch;
                self.changed.push(v);
            }
        }
        let mut next = 0;
        while let Some(&u) = self.changed.get(next) {
            next += 1;
            for &(p, j) in local.preds(u) {
                let p = p as usize;
                if self.via[p] == Some(j) && self.mark[p] != epoch {
                    self.mark[p] = epoch;
                    self.changed.push(p);
                }
            }
        }
        for &v in &self.changed {
            self.d[v] = INF;
            self.via[v] = None;
        }
        // Seed each cleared vertex from its open moves to vertices that kept their distance.
        for i in 0..self.changed.len() {
            let v = self.changed[i];
            if game.set_aside[v] {
                continue;
            }
            if game.retreats(sigma, v) {
                self.d[v] = game.reward[v];
            } else {
                for j in local.moves(v) {
                    let w = local.target[j] as usize;
                    if self.d[w] == INF || !game.open(sigma, v, j) {
                        continue;
                    }
                    let x = game.reward[v] + self.d[w];
                    if x < self.d[v] {
                        self.d[v] = x;
                        self.via[v] = Some(j);
                    }
                }
            }
            if self.d[v] != INF {
                self.push(v);
            }
        }
        self.correct(game, sigma, epoch);
    }

    fn push(&mut self, v: usize) {
        if !self.queued[v] {
            self.queued[v] = true;
            self.queue.push_back(v);
        }
    }

    /// Label correcting from the queued vertices along the open moves, backwards; every vertex
    /// whose distance falls joins `changed` (marked with `epoch`).
    fn correct(&mut self, game: &Retreats<'_>, sigma: &[Option<usize>], epoch: u32) {
        while let Some(u) = self.queue.pop_front() {
            self.queued[u] = false;
            let du = self.d[u];
            for &(p, j) in game.local.preds(u) {
                let p = p as usize;
                if !game.open(sigma, p, j) {
                    continue;
                }
                let x = game.reward[p] + du;
                if x < self.d[p] {
                    self.d[p] = x;
                    self.via[p] = Some(j);
                    if self.mark[p] != epoch {
                        self.mark[p] = epoch;
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
    use crate::generate::stochastic::random_deterministic;
    use crate::stochastic::{Class, MeanPayoffGame, zp};
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
            let (reward, _) = zp::integer_rewards(&game).unwrap();
            // Rewards shifted as a threshold shifts them.
            let reward: Vec<i128> = reward.iter().map(|r| r - shift).collect();
            let vertices: Vec<Vertex> = game.arena().vertices().collect();
            let local = Local::new(&game, &vertices, &mut vec![u32::MAX; n]);
            let maximiser = local.max.clone();
            let (mut set_aside, mut choice) = nonpositive_cycles(&local, &maximiser, &reward);
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
                    .filter_map(|v| improvement(&retreats, &sigma, valuation.d(), v).map(|b| (v, b)))
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
                let before = valuation.d().to_vec();
                valuation.update(&retreats, &sigma, &switched);
                let mut fresh = Valuation::default();
                fresh.full(&retreats, &sigma);
                prop_assert_eq!(valuation.d(), fresh.d());
                for (v, (old, new)) in before.iter().zip(valuation.d()).enumerate() {
                    // Valuations of improving switches only grow.
                    prop_assert!(old <= new);
                    prop_assert!(old == new || valuation.changed().contains(&v));
                }
            }
        }
    }
}
