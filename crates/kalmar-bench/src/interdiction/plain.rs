//! The plain bottleneck searches the interdiction solvers are measured against: paths weighed
//! by their heaviest edge, nothing removed. A floor must be the fastest plain search for the
//! same answer, not a weakened one, so there are two queues and, for the source's value alone,
//! two directions:
//!
//! - a binary heap (O(m log n)), and buckets indexed by the weights themselves (Dial's queue,
//!   O(n + m + W) for weights below W, a stack per weight), when the heaviest weight is below
//!   n + m, as [`kalmar_interdiction::bspi_buckets`] requires for its own buckets;
//! - every vertex's value, searching backwards from the sink to the end; or the source's alone,
//!   searching forwards from the source until the sink is settled, or backwards from the sink
//!   until the source is (which of the two stops sooner depends on the network and on how ties
//!   fall).
//!
//! ```
//! use kalmar_bench::interdiction::plain::{End, Queue, every_vertex, source_value};
//! use kalmar_interdiction::generate::{Params, generate};
//! use kalmar_interdiction::{certificate, operator::Operator};
//! for family in ["grid", "road", "random"] {
//!     let (network, _) = generate(family, &Params { size: 3000, seed: 7 }).unwrap();
//!     let nothing = vec![false; network.num_edges()];
//!     let values = certificate::user_values(&network, &nothing, Operator::Max);
//!     let (buckets, _) = every_vertex(&network).unwrap();
//!     assert_eq!(buckets, values);
//!     for from in [End::Source, End::Sink] {
//!         for queue in [Queue::Heap, Queue::Buckets] {
//!             assert_eq!(source_value(&network, from, queue), Some(values[network.source()]));
//!         }
//!     }
//! }
//! ```

use kalmar_interdiction::network::Network;
use kalmar_interdiction::operator::INFINITY;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Where a search for the source's value starts; it stops when it settles the other end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Forwards over out-edges, until the sink.
    Source,
    /// Backwards over in-edges, until the source.
    Sink,
}

/// The priority queue of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Queue {
    /// A binary heap of (value, vertex): ties go to the lower vertex.
    Heap,
    /// A stack per weight: ties go to the vertex pushed last.
    Buckets,
}

/// The buckets for `network`'s weights, one per weight up to the heaviest, or None when the
/// heaviest is not below n + m (a bucket per weight would cost more than the network).
fn buckets(network: &Network) -> Option<Stacks> {
    let heaviest = (0..network.num_edges())
        .map(|e| network.weight(e))
        .max()
        .unwrap_or(0);
    let limit = (network.num_vertices() + network.num_edges()) as u64;
    (heaviest < limit).then(|| Stacks {
        stacks: vec![Vec::new(); heaviest as usize + 1],
        cursor: 0,
    })
}

/// A monotone queue of (value, vertex).
trait Pending {
    fn push(&mut self, value: u64, v: u32);
    fn pop(&mut self) -> Option<(u64, u32)>;
}

impl Pending for BinaryHeap<Reverse<(u64, u32)>> {
    fn push(&mut self, value: u64, v: u32) {
        BinaryHeap::push(self, Reverse((value, v)));
    }

    fn pop(&mut self) -> Option<(u64, u32)> {
        BinaryHeap::pop(self).map(|Reverse(entry)| entry)
    }
}

/// A stack per weight, popped from the least.
struct Stacks {
    stacks: Vec<Vec<u32>>,
    cursor: usize,
}

impl Pending for Stacks {
    fn push(&mut self, value: u64, v: u32) {
        self.stacks[value as usize].push(v);
    }

    fn pop(&mut self) -> Option<(u64, u32)> {
        while let Some(stack) = self.stacks.get_mut(self.cursor) {
            if let Some(v) = stack.pop() {
                return Some((self.cursor as u64, v));
            }
            self.cursor += 1;
        }
        None
    }
}

/// The direction of a search: how a vertex's neighbours are read.
trait Direction {
    /// Calls `visit(neighbour, weight, edge)` for each edge out of `u` in this direction.
    fn each(network: &Network, u: usize, visit: impl FnMut(usize, u64, u32));
}

/// Over out-edges.
struct Forwards;

impl Direction for Forwards {
    #[inline(always)]
    fn each(network: &Network, u: usize, mut visit: impl FnMut(usize, u64, u32)) {
        for e in network.out_edges(u) {
            visit(network.head(e), network.weight(e), e as u32);
        }
    }
}

/// Over in-edges.
struct Backwards;

impl Direction for Backwards {
    #[inline(always)]
    fn each(network: &Network, u: usize, mut visit: impl FnMut(usize, u64, u32)) {
        for &arc in network.in_edges(u) {
            visit(arc.tail(), arc.weight(), arc.edge() as u32);
        }
    }
}

/// The search from `start` in direction `D` with `queue`, until `goal` is settled (to the end
/// for None): each vertex's value (the least heaviest edge of a path found) and the edge
/// that gives it; the goal's value.
fn search<D: Direction>(
    network: &Network,
    mut queue: impl Pending,
    start: usize,
    goal: Option<usize>,
    next: &mut Option<Vec<Option<u32>>>,
) -> (Vec<u64>, u64) {
    let mut value = vec![INFINITY; network.num_vertices()];
    value[start] = 0;
    queue.push(0, start as u32);
    while let Some((key, u)) = queue.pop() {
        let u = u as usize;
        // A vertex is pushed once per value it improves to, so only its last is current.
        if value[u] != key {
            continue;
        }
        if goal == Some(u) {
            return (value, key);
        }
        D::each(network, u, |v, weight, edge| {
            let through = weight.max(key);
            if through < value[v] {
                value[v] = through;
                if let Some(next) = next {
                    next[v] = Some(edge);
                }
                queue.push(through, v as u32);
            }
        });
    }
    let reached = goal.map_or(INFINITY, |goal| value[goal]);
    (value, reached)
}

/// Every vertex's value (`INFINITY` where the sink is out of reach) and the edge its path
/// takes first (None at the sink and out of reach), by the bucket search backwards from the
/// sink; None when the weights are too heavy for buckets.
pub fn every_vertex(network: &Network) -> Option<(Vec<u64>, Vec<Option<u32>>)> {
    let mut next = Some(vec![None; network.num_vertices()]);
    let queue = buckets(network)?;
    let (values, _) = search::<Backwards>(network, queue, network.sink(), None, &mut next);
    Some((values, next.unwrap_or_default()))
}

/// The source's value (`INFINITY` when the sink is out of reach) by the search from `from`
/// with `queue`, stopping when the other end is settled; None for buckets when the weights
/// are too heavy for them.
pub fn source_value(network: &Network, from: End, queue: Queue) -> Option<u64> {
    let (s, t) = (network.source(), network.sink());
    let heap = || BinaryHeap::new();
    let (_, value) = match (from, queue) {
        (End::Source, Queue::Heap) => search::<Forwards>(network, heap(), s, Some(t), &mut None),
        (End::Sink, Queue::Heap) => search::<Backwards>(network, heap(), t, Some(s), &mut None),
        (End::Source, Queue::Buckets) => {
            search::<Forwards>(network, buckets(network)?, s, Some(t), &mut None)
        }
        (End::Sink, Queue::Buckets) => {
            search::<Backwards>(network, buckets(network)?, t, Some(s), &mut None)
        }
    };
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn out_of_reach_and_heavy_weights() {
        // 0 -> 1 -> 2 (the sink); 3 reaches nothing; one weight too heavy for buckets.
        let network = Network::new(4, &[(0, 1, 5), (1, 2, 1 << 40), (3, 0, 2)], 0, 2).unwrap();
        assert_eq!(every_vertex(&network), None);
        for from in [End::Source, End::Sink] {
            assert_eq!(source_value(&network, from, Queue::Heap), Some(1 << 40));
            assert_eq!(source_value(&network, from, Queue::Buckets), None);
        }
        let network = Network::new(4, &[(0, 1, 5), (1, 3, 1), (2, 0, 2)], 0, 2).unwrap();
        let (values, next) = every_vertex(&network).unwrap();
        assert_eq!(values, [INFINITY, INFINITY, 0, INFINITY]);
        assert_eq!(next, [None; 4]);
        for from in [End::Source, End::Sink] {
            for queue in [Queue::Heap, Queue::Buckets] {
                assert_eq!(source_value(&network, from, queue), Some(INFINITY));
            }
        }
    }
}
