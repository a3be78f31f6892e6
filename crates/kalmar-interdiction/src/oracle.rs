//! The local oracle L of Algorithm GPI (Andersson, *General Path Interdiction with Local
//! Budgets*, §2.2): given a vertex u, the successors S whose values are final, and their
//! values d, the best value the interdictor can force at u, the supremum of z such that some
//! choice within u's budget makes p(w(u, v), d(v)) ≥ z for every v in S. Here it is incremental:
//! the algorithm hands over one final successor at a time.
//!
//! - [`Removals`]: k(u) edge removals (Khachiyan et al.): the interdictor removes the k(u) best
//!   continuations, so L is the (k(u) + 1)-th smallest p(w(e), d(head e)), ∞ while fewer are
//!   known. A bounded max-heap per vertex, O(log k) per call, in one flat array.
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
//! assert_eq!(oracle.choice(0, &mut removed), Some(2));
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
    /// in `removed` and returns the edge the user then takes (None when u's value is ∞).
    fn choice(&self, u: usize, removed: &mut [bool]) -> Option<usize>;
}

/// k(u) edge removals at every vertex.
#[derive(Clone, Debug)]
pub struct Removals {
    /// Per vertex, where its slots start in `heap`: k(u) + 1 of them, or none when k(u) is at
    /// least its out-degree (it may remove every edge: its value is ∞).
    first: Vec<usize>,
    /// Per vertex, how many slots are used.
    used: Vec<u32>,
    /// Per vertex, a max-heap of the k(u) + 1 smallest candidates known, (value, edge).
    heap: Vec<(u64, u32)>,
    /// Per vertex, its out-edges (for a vertex that removes them all).
    out: Vec<std::ops::Range<usize>>,
}

impl Removals {
    /// The oracle of `k[v]` removals at each vertex `v`.
    pub fn new(network: &Network, k: &[u32]) -> Removals {
        let n = network.num_vertices();
        let mut first = Vec::with_capacity(n + 1);
        let mut total = 0usize;
        for (v, &k) in k.iter().enumerate().take(n) {
            first.push(total);
            if (k as usize) < network.out_degree(v) {
                total += k as usize + 1;
            }
        }
        first.push(total);
        Removals {
            first,
            used: vec![0; n],
            heap: vec![(0, 0); total],
            out: (0..n).map(|v| network.out_edges(v)).collect(),
        }
    }

    /// The known candidates of `u`, as a max-heap, and whether they are k(u) + 1.
    fn known(&self, u: usize) -> (&[(u64, u32)], bool) {
        let slots = self.first[u + 1] - self.first[u];
        let used = self.used[u] as usize;
        let heap = &self.heap[self.first[u]..self.first[u] + used];
        (heap, slots > 0 && used == slots)
    }
}

impl Oracle for Removals {
    fn settle(&mut self, u: usize, e: usize, candidate: u64) -> u64 {
        let (start, end) = (self.first[u], self.first[u + 1]);
        let used = self.used[u] as usize;
        let heap = &mut self.heap[start..end];
        if used < heap.len() {
            heap[used] = (candidate, e as u32);
            sift_up(&mut heap[..=used], used);
            self.used[u] += 1;
        } else if !heap.is_empty() && candidate < heap[0].0 {
            heap[0] = (candidate, e as u32);
            sift_down(heap, 0);
        }
        match self.known(u) {
            (heap, true) => heap[0].0,
            _ => INFINITY,
        }
    }

    fn choice(&self, u: usize, removed: &mut [bool]) -> Option<usize> {
        match self.known(u) {
            (heap, true) => {
                for &(_, e) in &heap[1..] {
                    removed[e as usize] = true;
                }
                Some(heap[0].1 as usize)
            }
            // Fewer than k(u) + 1 final successors: remove them all (the others never reach
            // the sink); or every edge, when the budget covers them.
            (heap, false) if self.first[u + 1] > self.first[u] => {
                for &(_, e) in heap {
                    removed[e as usize] = true;
                }
                None
            }
            _ => {
                removed[self.out[u].clone()].fill(true);
                None
            }
        }
    }
}

fn sift_up(heap: &mut [(u64, u32)], mut k: usize) {
    while k > 0 {
        let parent = (k - 1) / 2;
        if heap[parent] >= heap[k] {
            break;
        }
        heap.swap(parent, k);
        k = parent;
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

    fn choice(&self, u: usize, removed: &mut [bool]) -> Option<usize> {
        let (set, _, taken) = self.best(u);
        let first = self.first_edge[u];
        for &e in &self.families[u][set] {
            removed[first + e as usize] = true;
        }
        taken.map(|e| first + e)
    }
}
