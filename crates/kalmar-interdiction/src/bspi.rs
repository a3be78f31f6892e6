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
use crate::network::Network;
use crate::operator::INFINITY;
use std::cell::Cell;
use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;

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
    /// Adds `edge` with `key`.
    fn push(&mut self, key: K, edge: u32);
    /// Removes an edge of least key.
    fn pop(&mut self) -> Option<(K, u32)>;
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

/// Algorithm BSPI on `network` with `k[v]` removals at each vertex: the sink's value is
/// `sink_value`, and `candidate(e, value)` is the key of edge e once its head has `value`.
pub(crate) fn run<K: Copy>(
    network: &Network,
    k: &[u32],
    sink_value: K,
    mut candidate: impl FnMut(usize, K) -> K,
    queue: &mut impl EdgeQueue<K>,
) -> Run<K> {
    let n = network.num_vertices();
    let mut budget = k.to_vec();
    let mut values = vec![None; n];
    let mut order = Vec::with_capacity(n);
    let mut removed = vec![false; network.num_edges()];
    let mut next = vec![None; n];
    let mut settled = (network.sink(), sink_value);
    values[settled.0] = Some(sink_value);
    order.push(settled.0 as u32);
    loop {
        let (v, value) = settled;
        for &e in network.in_edges(v) {
            if values[network.tail(e as usize)].is_none() {
                queue.push(candidate(e as usize, value), e);
            }
        }
        settled = loop {
            let Some((key, e)) = queue.pop() else {
                return Run {
                    values,
                    order,
                    removed,
                    next,
                };
            };
            let u = network.tail(e as usize);
            if values[u].is_some() {
                continue;
            }
            if budget[u] > 0 {
                budget[u] -= 1;
                removed[e as usize] = true;
                continue;
            }
            values[u] = Some(key);
            next[u] = Some(e);
            order.push(u as u32);
            break (u, key);
        };
    }
}

/// A heap entry whose comparisons are counted.
struct Counted<'a> {
    key: u64,
    edge: u32,
    count: &'a Cell<u64>,
}

impl PartialEq for Counted<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Counted<'_> {}

impl PartialOrd for Counted<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Counted<'_> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.count.set(self.count.get() + 1);
        (self.key, self.edge).cmp(&(other.key, other.edge))
    }
}

/// A binary min-heap of edges by weight, counting its comparisons.
struct Heap<'a> {
    heap: BinaryHeap<Reverse<Counted<'a>>>,
    count: &'a Cell<u64>,
}

impl EdgeQueue<u64> for Heap<'_> {
    fn push(&mut self, key: u64, edge: u32) {
        self.heap.push(Reverse(Counted {
            key,
            edge,
            count: self.count,
        }));
    }

    fn pop(&mut self) -> Option<(u64, u32)> {
        self.heap.pop().map(|Reverse(c)| (c.key, c.edge))
    }
}

/// Algorithm BSPI with a binary heap: the values of every vertex of `network` under `budget`
/// (k(v) removals), paths weighed by their heaviest edge.
pub fn solve(network: &Network, budget: &Budget) -> Result<Bspi, BspiError> {
    let k = removals(network, budget)?;
    let count = Cell::new(0);
    let mut queue = Heap {
        heap: BinaryHeap::new(),
        count: &count,
    };
    let candidate = |e: usize, value: u64| {
        count.set(count.get() + 1);
        network.weight(e).max(value)
    };
    let run = run(network, k, 0, candidate, &mut queue);
    Ok(Bspi {
        solution: run.solution(network, |w| w),
        comparisons: count.get(),
    })
}
