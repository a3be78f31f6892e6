//! The local oracle L of Algorithm GPI (Andersson, *General Path Interdiction with Local
//! Budgets*, §2.2): given a vertex u, the successors S whose values are final, and their
//! values d, the best value the interdictor can force at u, the supremum of z such that some
//! choice within u's budget makes p(w(u, v), d(v)) ≥ z for every v in S. Here it is incremental:
//! the algorithm hands over one final successor at a time.
//!
//! - [`Removals`]: k(u) edge removals (Khachiyan et al.): the interdictor removes the k(u) best
//!   continuations, so L is the (k(u) + 1)-th smallest p(w(e), d(head e)), ∞ while fewer are
//!   known. A max-heap of k(u) + 1 slots per vertex, filled with ∞ at first, in one flat
//!   array: O(log k) per call, O(1) for k = 0.
//! - [`Affordable`]: an explicit independence system: L is the best over the affordable sets X
//!   of the smallest value among the known edges outside X; O(|B(u)| · |S|) per call.
//!
//! ```
//! use kalmar_interdiction::network::Network;
//! use kalmar_interdiction::oracle::{Oracle, Removals};
//! let network = Network::new(4, &[(0, 1, 1), (0, 2, 2), (0, 3, 3)], 0, 3).unwrap();
//! let mut oracle = Removals::new(&network, &[1, 0, 0, 0]);
//! assert_eq!(oracle.settle(0, 0, 5), u64::MAX); // one removal: one known edge is not enough
//! assert_eq!(oracle.settle(0, 1, 7), 7);        // remove the edge worth 5, the user pays 7
//! assert_eq!(oracle.settle(0, 2, 6), 6);        // remove the 5, the user takes the 6
//! let mut removed = vec![false; 3];
//! assert_eq!(oracle.choice(0, network.out_edges(0), &mut removed), Some(2));
//! assert_eq!(removed, [true, false, false]);
//! ```
//!
//! # Complexity
//! As above per call; GPI makes one call per edge.

use crate::network::Network;
use crate::operator::INFINITY;

/// A local oracle, fed the final successors of each vertex one at a time.
pub trait Oracle {
    /// Out-edge `e` of `u` leads to a vertex whose value is final, and taking it costs the user
    /// `candidate` = p(w(e), d(head e)); returns L(u, the final successors so far, d).
    fn settle(&mut self, u: usize, e: usize, candidate: u64) -> u64;
    /// The interdictor's choice at `u` once its value is final: marks the out-edges it removes
    /// in `removed` (`out` are u's out-edges) and returns the edge the user then takes (None
    /// when u's value is ∞).
    fn choice(&self, u: usize, out: std::ops::Range<usize>, removed: &mut [bool]) -> Option<usize>;
    /// Whether `u` has no budget, so that L is the least candidate: the caller may keep that
    /// least itself and skip `settle` and `choice` at u.
    fn plain(&self, _u: usize) -> bool {
        false
    }
}

/// k(u) edge removals at every vertex.
#[derive(Clone, Debug)]
pub struct Removals {
    /// Per vertex, where its slots start in `heap`: k(u) + 1 of them, or none when k(u) is at
    /// least its out-degree (it may remove every edge: its value is ∞).
    first: Vec<u32>,
    /// Per vertex, a max-heap of the k(u) + 1 smallest candidates known, (value, edge), filled
    /// with (∞, none) at first: its top is the (k(u) + 1)-th smallest, ∞ until that many are
    /// known.
    heap: Vec<(u64, u32)>,
    /// Per vertex, a bit: whether k(u) is 0 (a bit set, so that the test stays in cache).
    plain: Vec<u64>,
}

/// The edge of an empty slot.
const NONE: u32 = u32::MAX;

impl Removals {
    /// The oracle of `k[v]` removals at each vertex `v`.
    pub fn new(network: &Network, k: &[u32]) -> Removals {
        let n = network.num_vertices();
        let mut first = Vec::with_capacity(n + 1);
        let mut total = 0usize;
        for (v, &k) in k.iter().enumerate().take(n) {
            first.push(total as u32);
            if (k as usize) < network.out_degree(v) {
                total += k as usize + 1;
            }
        }
        first.push(total as u32);
        let mut plain = vec![0u64; n.div_ceil(64)];
        for (v, _) in k.iter().enumerate().take(n).filter(|&(_, &k)| k == 0) {
            plain[v / 64] |= 1 << (v % 64);
        }
        Removals {
            first,
            heap: vec![(INFINITY, NONE); total],
            plain,
        }
    }
}

impl Oracle for Removals {
    fn plain(&self, u: usize) -> bool {
        self.plain[u / 64] >> (u % 64) & 1 == 1
    }

    fn settle(&mut self, u: usize, e: usize, candidate: u64) -> u64 {
        let heap = &mut self.heap[self.first[u] as usize..self.first[u + 1] as usize];
        match heap.first() {
            None => INFINITY,
            Some(&(top, _)) if candidate < top => {
                heap[0] = (candidate, e as u32);
                sift_down(heap, 0);
                heap[0].0
            }
            Some(&(top, _)) => top,
        }
    }

    fn choice(&self, u: usize, out: std::ops::Range<usize>, removed: &mut [bool]) -> Option<usize> {
        let heap = &self.heap[self.first[u] as usize..self.first[u + 1] as usize];
        match heap.first() {
            // The budget covers every edge.
            None => {
                removed[out].fill(true);
                None
            }
            // k(u) + 1 known: remove the k(u) best, the user takes the next.
            Some(&(top, taken)) if top != INFINITY => {
                for &(_, e) in &heap[1..] {
                    removed[e as usize] = true;
                }
                Some(taken as usize)
            }
            // Fewer: remove them all (the other successors never reach the sink).
            Some(_) => {
                for &(_, e) in heap.iter().filter(|&&(_, e)| e != NONE) {
                    removed[e as usize] = true;
                }
                None
            }
        }
    }
}

fn sift_down(heap: &mut [(u64, u32)], mut k: usize) {
    loop {
        let (left, right) = (2 * k + 1, 2 * k + 2);
        let mut largest = k;
        if left < heap.len() && heap[left] > heap[largest] {
            largest = left;
        }
        if right < heap.len() && heap[right] > heap[largest] {
            largest = right;
        }
        if largest == k {
            return;
        }
        heap.swap(k, largest);
        k = largest;
    }
}

/// An explicit independence system of affordable sets at every vertex.
#[derive(Clone, Debug)]
pub struct Affordable {
    /// Per vertex, its affordable sets (out-edge numbers).
    families: Vec<Vec<Vec<u32>>>,
    /// Per vertex, its first out-edge's id.
    first_edge: Vec<usize>,
    /// Per vertex, the known candidates by out-edge number (∞ while unknown).
    known: Vec<Vec<u64>>,
}

impl Affordable {
    /// The oracle of the affordable sets `families` (checked by [`crate::budget::Budget`]).
    pub fn new(network: &Network, families: &[Vec<Vec<u32>>]) -> Affordable {
        let n = network.num_vertices();
        Affordable {
            families: families.to_vec(),
            first_edge: (0..n).map(|v| network.out_edges(v).start).collect(),
            known: (0..n)
                .map(|v| vec![INFINITY; network.out_degree(v)])
                .collect(),
        }
    }

    /// The best affordable set for the interdictor against the known candidates, with the
    /// value it forces and the out-edge the user then takes.
    fn best(&self, u: usize) -> (usize, u64, Option<usize>) {
        let known = &self.known[u];
        let mut best = (0, 0, None);
        for (k, set) in self.families[u].iter().enumerate() {
            let (value, taken) = known
                .iter()
                .enumerate()
                .filter(|(e, _)| set.binary_search(&(*e as u32)).is_err())
                .map(|(e, &c)| (c, Some(e)))
                .min()
                .unwrap_or((INFINITY, None));
            let taken = taken.filter(|_| value != INFINITY);
            if k == 0 || value > best.1 {
                best = (k, value, taken);
            }
        }
        best
    }
}

impl Oracle for Affordable {
    fn settle(&mut self, u: usize, e: usize, candidate: u64) -> u64 {
        self.known[u][e - self.first_edge[u]] = candidate;
        self.best(u).1
    }

    fn choice(&self, u: usize, _: std::ops::Range<usize>, removed: &mut [bool]) -> Option<usize> {
        let (set, _, taken) = self.best(u);
        let first = self.first_edge[u];
        for &e in &self.families[u][set] {
            removed[first + e as usize] = true;
        }
        taken.map(|e| first + e)
    }
}
