//! The plain bottleneck searches the interdiction solvers are measured against: paths weighed
//! by their heaviest edge, nothing removed. A floor must be the fastest plain search for the
//! same answer, not a weakened one, so there are two queues and, for the source's value alone,
//! two directions:
//!
//! - a binary heap (O(m log n)), and buckets indexed by the weights themselves (Dial's queue,
//!   O(n + m + W) for weights below W), when the heaviest weight is below n + m, as
//!   [`kalmar_interdiction::bspi_buckets`] requires for its own buckets: a stack per weight, or
//!   a list per weight read first in, first out (which is faster depends on the network);
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
//!     for queue in Queue::ALL {
//!         assert_eq!(every_vertex(&network, queue).unwrap().0, values);
//!     }
//!     for from in [End::Source, End::Sink] {
//!         for queue in Queue::ALL {
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
    Stacks,
    /// A list per weight read from its start: ties go to the vertex pushed first.
    Lists,
}

impl Queue {
    /// The queues over buckets.
    pub const BUCKETS: [Queue; 2] = [Queue::Stacks, Queue::Lists];
    /// Every queue.
    pub const ALL: [Queue; 3] = [Queue::Heap, Queue::Stacks, Queue::Lists];

    /// Its name: heap, stacks or lists.
    pub fn name(self) -> &'static str {
        match self {
            Queue::Heap => "heap",
            Queue::Stacks => "stacks",
            Queue::Lists => "lists",
        }
    }

    /// Whether the queue can run on `network`: a heap always, buckets when the heaviest
    /// weight is below n + m (a bucket per weight would cost more than the network).
    pub fn fits(self, network: &Network) -> bool {
        let limit = (network.num_vertices() + network.num_edges()) as u64;
        self == Queue::Heap || network.heaviest() < limit
    }
}

/// One bucket per weight up to the heaviest of `network`, or None when they do not fit.
fn buckets(network: &Network) -> Option<Vec<Vec<u32>>> {
    Queue::Stacks
        .fits(network)
        .then(|| vec![Vec::new(); network.heaviest() as usize + 1])
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

/// A stack per weight, popped from the least weight.
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

/// A list per weight, read from its start from the least weight; a list read to its end is
/// freed.
struct Lists {
    lists: Vec<Vec<u32>>,
    cursor: usize,
    read: usize,
}

impl Pending for Lists {
    fn push(&mut self, value: u64, v: u32) {
        self.lists[value as usize].push(v);
    }

    fn pop(&mut self) -> Option<(u64, u32)> {
        while let Some(list) = self.lists.get_mut(self.cursor) {
            if let Some(&v) = list.get(self.read) {
                self.read += 1;
                return Some((self.cursor as u64, v));
            }
            *list = Vec::new();
            self.cursor += 1;
            self.read = 0;
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

/// Runs `search` with the queue `queue` (buckets over `network`'s weights for
/// [`Queue::Stacks`] and [`Queue::Lists`]); None when the weights are too heavy for buckets.
fn with_queue<T>(network: &Network, queue: Queue, search: impl Searcher<T>) -> Option<T> {
    Some(match queue {
        Queue::Heap => search.run(BinaryHeap::new()),
        Queue::Stacks => search.run(Stacks {
            stacks: buckets(network)?,
            cursor: 0,
        }),
        Queue::Lists => search.run(Lists {
            lists: buckets(network)?,
            cursor: 0,
            read: 0,
        }),
    })
}

/// A search waiting for its queue.
trait Searcher<T> {
    fn run(self, queue: impl Pending) -> T;
}

/// The search of every vertex's value.
struct EveryVertex<'a>(&'a Network);

impl Searcher<(Vec<u64>, Vec<Option<u32>>)> for EveryVertex<'_> {
    fn run(self, queue: impl Pending) -> (Vec<u64>, Vec<Option<u32>>) {
        let mut next = Some(vec![None; self.0.num_vertices()]);
        let (values, _) = search::<Backwards>(self.0, queue, self.0.sink(), None, &mut next);
        (values, next.unwrap_or_default())
    }
}

/// The search for the source's value alone from one end.
struct SourceValue<'a>(&'a Network, End);

impl Searcher<u64> for SourceValue<'_> {
    fn run(self, queue: impl Pending) -> u64 {
        let (network, (s, t)) = (self.0, (self.0.source(), self.0.sink()));
        let (_, value) = match self.1 {
            End::Source => search::<Forwards>(network, queue, s, Some(t), &mut None),
            End::Sink => search::<Backwards>(network, queue, t, Some(s), &mut None),
        };
        value
    }
}

/// Every vertex's value (`INFINITY` where the sink is out of reach) and the edge its path
/// takes first (None at the sink and out of reach), by the search backwards from the sink
/// with `queue`; None for buckets when the weights are too heavy for them.
pub fn every_vertex(network: &Network, queue: Queue) -> Option<(Vec<u64>, Vec<Option<u32>>)> {
    with_queue(network, queue, EveryVertex(network))
}

/// The source's value (`INFINITY` when the sink is out of reach) by the search from `from`
/// with `queue`, stopping when the other end is settled; None for buckets when the weights
/// are too heavy for them.
pub fn source_value(network: &Network, from: End, queue: Queue) -> Option<u64> {
    with_queue(network, queue, SourceValue(network, from))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn out_of_reach_and_heavy_weights() {
        // 0 -> 1 -> 2 (the sink); 3 reaches nothing; one weight too heavy for buckets.
        let network = Network::new(4, &[(0, 1, 5), (1, 2, 1 << 40), (3, 0, 2)], 0, 2).unwrap();
        for queue in Queue::BUCKETS {
            assert!(!queue.fits(&network));
            assert_eq!(every_vertex(&network, queue), None);
        }
        assert!(Queue::Heap.fits(&network));
        assert!(every_vertex(&network, Queue::Heap).is_some());
        for from in [End::Source, End::Sink] {
            assert_eq!(source_value(&network, from, Queue::Heap), Some(1 << 40));
            for queue in Queue::BUCKETS {
                assert_eq!(source_value(&network, from, queue), None);
            }
        }
        let network = Network::new(4, &[(0, 1, 5), (1, 3, 1), (2, 0, 2)], 0, 2).unwrap();
        for queue in Queue::ALL {
            let (values, next) = every_vertex(&network, queue).unwrap();
            assert_eq!(values, [INFINITY, INFINITY, 0, INFINITY]);
            assert_eq!(next, [None; 4]);
        }
        for from in [End::Source, End::Sink] {
            for queue in Queue::ALL {
                assert_eq!(source_value(&network, from, queue), Some(INFINITY));
            }
        }
    }
}
