//! Algorithm BSPI (Andersson, *General Path Interdiction with Local Budgets*, §3.1, after the
//! "modified algorithm" of Khachiyan et al., §2.4): bottleneck shortest path interdiction, where
//! the user pays the heaviest edge of his path and the interdictor may remove k(v) of the edges
//! leaving each vertex v.
//!
//! The edges across the cut between the final vertices (the sink first) and the others are
//! processed by increasing key c(u, v) = max(w(u, v), value(v)). An edge popped is removed if
//! its tail u still has budget; otherwise u becomes final with value c(u, v), the user takes
//! that edge, and u's in-edges from open vertices join the cut. A vertex that never becomes
//! final has value ∞: it removed every edge towards a final vertex. Unlike the paper, which
//! stops at the source, the loop runs until the cut is empty, so every vertex gets its value,
//! and the answer is a [`Solution`] with the choices of both players that
//! [`crate::certificate::check`] verifies.
//!
//! This module holds the algorithm over any monotone priority queue (`EdgeQueue`; keys never
//! decrease between pops because a key is the max of a weight and the value just made final)
//! and its binary-heap version; [`crate::bspi_buckets`] and [`crate::bspi_coarse`] run the same
//! loop over bucket queues.
//!
//! ```
//! use kalmar_interdiction::{bspi, budget::Budget, certificate, network::Network, operator::Operator};
//! // From 0: straight to the sink over an edge of weight 10, or over 1 with edges 3 and 1.
//! let network = Network::new(3, &[(0, 2, 10), (0, 1, 3), (1, 2, 1)], 0, 2).unwrap();
//! let budget = Budget::removals(&network, vec![1, 0, 0]).unwrap();
//! let solved = bspi::solve(&network, &budget).unwrap();
//! // The interdictor removes 0 -> 1 (the cheaper way, 3), the user pays 10.
//! assert_eq!(solved.solution.values, [10, 1, 0]);
//! assert!(certificate::check(&network, &budget, Operator::Max, &solved.solution).is_ok());
//! assert!(solved.comparisons > 0);
//! ```
//!
//! # Complexity
//! O(m log m) = O(m log n) time with a binary heap (each edge is pushed at most once, when its
//! head becomes final) and O(m log m) comparisons of weights: the heap's key comparisons and one
//! max per edge pushed, all counted.

use crate::budget::Budget;
use crate::gpi::Solution;
use crate::network::{InArc, Network};
use crate::operator::INFINITY;
use std::cell::Cell;

/// A BSPI solution and the comparisons of weights made to find it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bspi {
    /// The values and both players' choices.
    pub solution: Solution,
    /// The comparisons of weights (or of keys made of weights) made.
    pub comparisons: u64,
}

/// Why BSPI does not apply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BspiError {
    /// The budget is not k(v) removals.
    #[error(
        "bottleneck interdiction takes k(v) edge removals at each vertex, not affordable sets: use gpi"
    )]
    Affordable,
    /// One removal count per vertex is needed.
    #[error("the budget has {0} vertices, the network {1}")]
    Length(usize, usize),
    /// The ranks given do not sort this network's edges.
    #[error("the ranks {0}")]
    Ranks(String),
    /// The coarsening scheme lost track of the source: a bug.
    #[error("internal error: {0}")]
    Internal(&'static str),
    /// A part of the coarsening scheme is not a network: a bug.
    #[error("internal error, a part of the coarse instance is not a network: {0}")]
    Part(crate::network::NetworkError),
}

/// The removal counts of `budget`, one per vertex of `network`.
pub(crate) fn removals<'a>(network: &Network, budget: &'a Budget) -> Result<&'a [u32], BspiError> {
    match budget {
        Budget::Removals(k) if k.len() == network.num_vertices() => Ok(k),
        Budget::Removals(k) => Err(BspiError::Length(k.len(), network.num_vertices())),
        Budget::Affordable(_) | Budget::Polyhedral(_) => Err(BspiError::Affordable),
    }
}

/// A priority queue of the edges across the cut. Keys pushed are never below the key last
/// popped.
pub(crate) trait EdgeQueue<K> {
    /// Adds `edge`, whose tail is `tail`, with `key`.
    fn push(&mut self, key: K, edge: u32, tail: u32);
    /// Removes an edge of least key: (key, edge, tail). Keeping the tail beside the edge spares
    /// a lookup in the network's arrays at every pop.
    fn pop(&mut self) -> Option<(K, u32, u32)>;
}

/// What a run of BSPI finds, with values as keys (None for ∞).
pub(crate) struct Run<K> {
    /// Per vertex, its value.
    pub values: Vec<Option<K>>,
    /// The vertices in the order they became final, the sink first.
    pub order: Vec<u32>,
    /// Per edge, whether it is removed.
    pub removed: Vec<bool>,
    /// Per final vertex but the sink, the edge that made it final.
    pub next: Vec<Option<u32>>,
}

impl<K: Copy> Run<K> {
    /// The solution, with each key turned into its weight by `weight`.
    pub fn solution(self, network: &Network, weight: impl Fn(K) -> u64) -> Solution {
        let values = self
            .values
            .into_iter()
            .map(|v| v.map_or(INFINITY, &weight))
            .collect();
        Solution::new(network, values, self.order, self.removed, self.next)
    }
}

/// A key of the queue: `OPEN` is above every key a run pushes.
pub(crate) trait Key: Copy + Ord {
    /// The largest key.
    const OPEN: Self;
}

impl Key for u64 {
    const OPEN: u64 = u64::MAX;
}

impl Key for u32 {
    const OPEN: u32 = u32::MAX;
}

/// The budget of a final vertex.
const FINAL: u32 = u32::MAX;

/// Algorithm BSPI on `network` with `k[v]` removals at each vertex: the sink's value is
/// `sink_value`, and `candidate(arc, value)` is the key of the in-edge `arc` once its head
/// has `value`.
/// `below(a, b)` is `a < b` on keys, counted by the caller when it counts comparisons.
pub(crate) fn run<K: Key>(
    network: &Network,
    k: &[u32],
    sink_value: K,
    mut candidate: impl FnMut(InArc, K) -> K,
    below: impl FnMut(K, K) -> bool,
    queue: &mut impl EdgeQueue<K>,
) -> Run<K> {
    let mut state: Vec<(u32, K)> = k.iter().map(|&k| (k, K::OPEN)).collect();
    state[network.sink()] = (FINAL, sink_value);
    run_from(
        network,
        state,
        Start::Vertices(&[network.sink() as u32]),
        |arc, value| Some(candidate(arc, value)),
        below,
        queue,
        None,
    )
}

/// The state of a vertex for [`run_from`]: open with `k` removals.
pub(crate) fn open<K: Key>(k: u32) -> (u32, K) {
    (k, K::OPEN)
}

/// The state of a vertex for [`run_from`]: final with `value` (never to be finalised again
/// when it is not among the starts).
pub(crate) fn closed<K: Key>(value: K) -> (u32, K) {
    (FINAL, value)
}

/// Where a run of [`run_from`] starts.
pub(crate) enum Start<'a> {
    /// These vertices, final with the values the state gives them, are the first in the
    /// order, and each of their in-edges joins the cut.
    Vertices(&'a [u32]),
    /// These in-edges, as (position, head), join the cut; their heads are final with the
    /// values the state gives them, and are not in the order.
    Edges(&'a [(u32, u32)]),
}

/// Algorithm BSPI from `start`; every vertex not final there is open with the removals
/// `state` gives it, or [`closed`] and out of play. `candidate(arc, value)` is the key of the
/// in-edge `arc` once its head has `value`, or None when the edge is out of play.
/// `below(a, b)` is `a < b` on keys, counted by the caller when it counts comparisons.
///
/// An edge into a vertex u whose budget is spent is pushed only if its key is below the least
/// key already pushed for u since then: u becomes final at its first pop, so an edge of a key
/// at least that large would be popped after u is final and skipped, or tie with the edge that
/// makes it final. This keeps the queue as small as a plain search's where budgets are zero
/// and changes no value.
///
/// With `until`, the run ends as soon as that vertex is final: the vertices not final then
/// have values at least its value, and each has removed every edge popped for it.
pub(crate) fn run_from<K: Key>(
    network: &Network,
    mut state: Vec<(u32, K)>,
    start: Start<'_>,
    mut candidate: impl FnMut(InArc, K) -> Option<K>,
    mut below: impl FnMut(K, K) -> bool,
    queue: &mut impl EdgeQueue<K>,
    until: Option<usize>,
) -> Run<K> {
    // `state` holds per vertex, in one slot so that one cache line serves both: the removals
    // left, or FINAL; and for a final vertex its value, for an open one with no removals left
    // the least key pushed since (OPEN for none).
    let n = network.num_vertices();
    let mut order = Vec::with_capacity(n);
    // The edges removed, and the vertices made final with the edge that made each final, are
    // listed as they come and marked at the end: a write per pop into arrays of all edges
    // and vertices would compete with the search's reads for the cache.
    let mut removals = Vec::new();
    let mut taken = Vec::with_capacity(n);
    match start {
        Start::Vertices(vertices) => {
            for &v in vertices {
                let (v, value) = (v as usize, state[v as usize].1);
                order.push(v as u32);
                for &arc in network.in_edges(v) {
                    join(arc, value, &mut state, &mut candidate, &mut below, queue);
                }
            }
        }
        Start::Edges(edges) => {
            for &(position, v) in edges {
                let value = state[v as usize].1;
                let arc = network.in_arc(position as usize);
                join(arc, value, &mut state, &mut candidate, &mut below, queue);
            }
        }
    }
    while let Some((key, e, u)) = queue.pop() {
        let u = u as usize;
        match state[u].0 {
            FINAL => continue,
            0 => {}
            left => {
                state[u].0 = left - 1;
                removals.push(e);
                continue;
            }
        }
        state[u] = (FINAL, key);
        taken.push((u as u32, e));
        order.push(u as u32);
        if until == Some(u) {
            break;
        }
        for &arc in network.in_edges(u) {
            join(arc, key, &mut state, &mut candidate, &mut below, queue);
        }
    }
    let mut removed = vec![false; network.num_edges()];
    for e in removals {
        removed[e as usize] = true;
    }
    let mut next = vec![None; n];
    for (u, e) in taken {
        next[u as usize] = Some(e);
    }
    let values = state
        .iter()
        .map(|&(left, value)| (left == FINAL).then_some(value))
        .collect();
    Run {
        values,
        order,
        removed,
        next,
    }
}

/// The in-edge `arc`, into a vertex now final with `value`, joins the cut of [`run_from`].
#[inline(always)]
fn join<K: Key>(
    arc: InArc,
    value: K,
    state: &mut [(u32, K)],
    candidate: &mut impl FnMut(InArc, K) -> Option<K>,
    below: &mut impl FnMut(K, K) -> bool,
    queue: &mut impl EdgeQueue<K>,
) {
    let u = arc.tail();
    let (left, best) = state[u];
    if left == FINAL {
        return;
    }
    let Some(key) = candidate(arc, value) else {
        return;
    };
    // With removals left, `best` is OPEN, above every key: one test serves both cases, and
    // whether the vertex has removals left (often a coin toss) is not branched on.
    if !below(key, best) {
        return;
    }
    state[u].1 = if left == 0 { key } else { best };
    queue.push(key, arc.edge() as u32, u as u32);
}

/// A binary min-heap of edges by (key, edge), counting its comparisons. A pop moves the hole
/// at the root down to a leaf along the lesser children (one comparison per level) and then
/// lifts the last entry into it, which rarely climbs: about log₂ of the size comparisons per
/// pop, against twice that for the textbook sift-down.
struct Heap {
    slots: Vec<(u64, u32, u32)>,
    comparisons: u64,
}

impl Heap {
    /// Puts `entry` at the hole `at` and lifts it towards the root.
    fn lift(&mut self, mut at: usize, entry: (u64, u32, u32)) {
        while at > 0 {
            let parent = (at - 1) / 2;
            self.comparisons += 1;
            if entry >= self.slots[parent] {
                break;
            }
            self.slots[at] = self.slots[parent];
            at = parent;
        }
        self.slots[at] = entry;
    }
}

impl EdgeQueue<u64> for Heap {
    fn push(&mut self, key: u64, edge: u32, tail: u32) {
        self.slots.push((key, edge, tail));
        self.lift(self.slots.len() - 1, (key, edge, tail));
    }

    fn pop(&mut self) -> Option<(u64, u32, u32)> {
        let last = self.slots.pop()?;
        let len = self.slots.len();
        if len == 0 {
            return Some(last);
        }
        let top = self.slots[0];
        let mut at = 0;
        loop {
            let child = 2 * at + 1;
            if child >= len {
                break;
            }
            let lesser = if child + 1 < len {
                self.comparisons += 1;
                child + usize::from(self.slots[child + 1] < self.slots[child])
            } else {
                child
            };
            self.slots[at] = self.slots[lesser];
            at = lesser;
        }
        self.lift(at, last);
        Some(top)
    }
}

/// Algorithm BSPI with a binary heap: the values of every vertex of `network` under `budget`
/// (k(v) removals), paths weighed by their heaviest edge.
pub fn solve(network: &Network, budget: &Budget) -> Result<Bspi, BspiError> {
    let k = removals(network, budget)?;
    let mut queue = Heap {
        slots: Vec::new(),
        comparisons: 0,
    };
    // A max and a test per key made.
    let counted = Cell::new(0u64);
    let tick = || counted.set(counted.get() + 1);
    let candidate = |arc: InArc, value: u64| {
        tick();
        arc.weight().max(value)
    };
    let below = |a: u64, b: u64| {
        tick();
        a < b
    };
    let run = run(network, k, 0, candidate, below, &mut queue);
    Ok(Bspi {
        solution: run.solution(network, |w| w),
        comparisons: queue.comparisons + counted.get(),
    })
}
