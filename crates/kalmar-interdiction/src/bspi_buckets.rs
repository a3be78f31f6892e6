//! Algorithm BSPI over bucket queues (Andersson, *General Path Interdiction with Local Budgets*,
//! §3.1): the keys of the priority queue are weights of edges, so once the weights are sorted
//! and replaced by their ranks (the sink's value is rank 0), and since extractions are
//! monotone, an array of buckets, one per rank, swept once from left to right serves every push
//! and pop in amortised constant time.
//!
//! Equal weights share a rank, so there are as many buckets as distinct weights. BSPI's values
//! are lattice polynomials (maxima and minima) of the weights, and such polynomials commute with
//! the non-decreasing map from ranks to weights, so the values over ranks, mapped back, are the
//! values over weights.
//!
//! The weights are integers, so nothing needs comparing: small weights (below n + m) are their
//! own keys, a bucket per weight, with no sort at all; larger ones are ranked by a radix sort
//! ([`Ranks::sort`]). The paper's route for weights that can only be compared, which avoids
//! the sort, is [`crate::bspi_coarse`].
//!
//! ```
//! use kalmar_interdiction::{bspi_buckets::{self, Ranks}, budget::Budget, network::Network};
//! let network = Network::new(3, &[(0, 2, 10), (0, 1, 3), (1, 2, 1)], 0, 2).unwrap();
//! let budget = Budget::removals(&network, vec![1, 0, 0]).unwrap();
//! let solved = bspi_buckets::solve(&network, &budget).unwrap();
//! assert_eq!(solved.solution.values, [10, 1, 0]);
//! // With the edges given in order of weight, no sort: m - 1 comparisons check the order.
//! let ranks = Ranks::given(&network, vec![2, 1, 0]).unwrap();
//! let presorted = bspi_buckets::solve_ranked(&network, &budget, &ranks).unwrap();
//! assert_eq!(presorted.solution, solved.solution);
//! assert_eq!(presorted.comparisons, 2);
//! ```
//!
//! # Complexity
//! O(n + m) with weights below n + m; otherwise O(m ⌈b / 11⌉) for the radix sort of weights of
//! b bits (b ≤ 40), then O(n + m). m - 1 comparisons, to find the heaviest weight, or to check
//! the order when the caller gives the edges in order of weight.

use crate::bspi::{Bspi, BspiError, EdgeQueue, Run, removals, run};
use crate::budget::Budget;
use crate::network::{InArc, Network};

/// The rank of each edge among the distinct weights: equal weights share a rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranks {
    /// The distinct weights, lightest first: rank r stands for `weights[r - 1]` (rank 0 is the
    /// sink's value).
    weights: Vec<u64>,
    /// Per edge, its rank, from 1.
    rank: Vec<u32>,
    /// The comparisons of weights made to find or check the order.
    comparisons: u64,
}

/// The bits of a digit of the radix sort.
const DIGIT: u32 = 11;

impl Ranks {
    /// The ranks of the edges of `network`, by a least-significant-digit radix sort of the
    /// integer weights (digits of 11 bits, as many as the heaviest weight needs). Finding the
    /// heaviest weight takes m - 1 comparisons; no other weights are compared.
    pub fn sort(network: &Network) -> Ranks {
        let m = network.num_edges();
        let heaviest = network.heaviest();
        let digits = (u64::BITS - heaviest.leading_zeros()).div_ceil(DIGIT);
        let mut keyed: Vec<(u64, u32)> = (0..m).map(|e| (network.weight(e), e as u32)).collect();
        let mut spare = vec![(0, 0); m];
        for digit in 0..digits {
            let shift = digit * DIGIT;
            let bucket = |w: u64| ((w >> shift) & ((1 << DIGIT) - 1)) as usize;
            let mut start = vec![0usize; (1 << DIGIT) + 1];
            for &(w, _) in &keyed {
                start[bucket(w) + 1] += 1;
            }
            for b in 1..start.len() {
                start[b] += start[b - 1];
            }
            for &pair in &keyed {
                let b = bucket(pair.0);
                spare[start[b]] = pair;
                start[b] += 1;
            }
            std::mem::swap(&mut keyed, &mut spare);
        }
        Ranks::from_sorted(m, keyed.into_iter(), m.saturating_sub(1) as u64)
    }

    /// The order `by_weight` given by the caller: every edge of `network` once, lightest first
    /// (ties in any order), checked with m - 1 comparisons.
    pub fn given(network: &Network, by_weight: Vec<u32>) -> Result<Ranks, BspiError> {
        let m = network.num_edges();
        if by_weight.len() != m {
            return Err(BspiError::Ranks(format!(
                "list {} edges, the network has {m}",
                by_weight.len()
            )));
        }
        let mut seen = vec![false; m];
        for &e in &by_weight {
            match seen.get_mut(e as usize) {
                Some(s) if !*s => *s = true,
                _ => {
                    return Err(BspiError::Ranks(format!(
                        "name edge {e} twice or out of range"
                    )));
                }
            }
        }
        if let Some(pair) = by_weight
            .windows(2)
            .find(|p| network.weight(p[0] as usize) > network.weight(p[1] as usize))
        {
            return Err(BspiError::Ranks(format!(
                "put edge {} before the lighter edge {}",
                pair[0], pair[1]
            )));
        }
        let comparisons = m.saturating_sub(1) as u64;
        let sorted = by_weight
            .into_iter()
            .map(|e| (network.weight(e as usize), e));
        Ok(Ranks::from_sorted(m, sorted, comparisons))
    }

    /// The ranks of `m` edges given lightest first with their weights.
    fn from_sorted(m: usize, sorted: impl Iterator<Item = (u64, u32)>, comparisons: u64) -> Ranks {
        let mut weights: Vec<u64> = Vec::new();
        let mut rank = vec![0; m];
        for (w, e) in sorted {
            if weights.last() != Some(&w) {
                weights.push(w);
            }
            rank[e as usize] = weights.len() as u32;
        }
        Ranks {
            weights,
            rank,
            comparisons,
        }
    }

    /// The comparisons of weights made to find or check the order.
    pub fn comparisons(&self) -> u64 {
        self.comparisons
    }
}

/// A monotone queue of edges over integer keys 0..keys: one bucket (a linked list, last in
/// first out) per key and a cursor that only moves forward. The entries lie in the order they
/// were pushed, so an entry popped soon after its push is still in the cache.
pub(crate) struct Buckets {
    /// Per key, the entry at the head of its bucket.
    first: Vec<u32>,
    /// The entries pushed: the next entry of the same bucket, the edge and its tail.
    entries: Vec<(u32, u32, u32)>,
    cursor: usize,
}

const NONE: u32 = u32::MAX;

impl Buckets {
    /// Buckets for keys 0..keys.
    pub fn new(keys: usize) -> Buckets {
        Buckets {
            first: vec![NONE; keys],
            entries: Vec::new(),
            cursor: 0,
        }
    }
}

impl EdgeQueue<u32> for Buckets {
    fn push(&mut self, key: u32, edge: u32, tail: u32) {
        // Keys never fall below the cursor in BSPI; clamping keeps the queue total anyway.
        let key = (key as usize).max(self.cursor);
        self.entries.push((self.first[key], edge, tail));
        self.first[key] = (self.entries.len() - 1) as u32;
    }

    fn pop(&mut self) -> Option<(u32, u32, u32)> {
        while self.cursor < self.first.len() {
            let entry = self.first[self.cursor];
            if entry != NONE {
                let (next, edge, tail) = self.entries[entry as usize];
                self.first[self.cursor] = next;
                return Some((self.cursor as u32, edge, tail));
            }
            self.cursor += 1;
        }
        None
    }
}

/// A monotone queue of edges over few integer keys (the groups of a round of
/// [`crate::bspi_source`]): a stack per key and a cursor that only moves forward. A key's
/// entries lie together, so popping a key's older entries reads memory in order, where
/// [`Buckets`] follows links across every key's entries; with a vector per key it suits few
/// keys only.
pub(crate) struct Stacks {
    stacks: Vec<Vec<(u32, u32)>>,
    cursor: usize,
}

impl Stacks {
    /// Stacks for keys 0..keys.
    pub fn new(keys: usize) -> Stacks {
        Stacks {
            stacks: vec![Vec::new(); keys],
            cursor: 0,
        }
    }
}

impl EdgeQueue<u32> for Stacks {
    fn push(&mut self, key: u32, edge: u32, tail: u32) {
        let key = (key as usize).max(self.cursor);
        self.stacks[key].push((edge, tail));
    }

    fn pop(&mut self) -> Option<(u32, u32, u32)> {
        while self.cursor < self.stacks.len() {
            if let Some((edge, tail)) = self.stacks[self.cursor].pop() {
                return Some((self.cursor as u32, edge, tail));
            }
            self.cursor += 1;
        }
        None
    }
}

/// Algorithm BSPI over bucket queues. When the heaviest weight is below the number of vertices
/// and edges, the weights are their own keys: a bucket per weight up to the heaviest costs no
/// more than the network, and nothing is sorted. Otherwise the weights are ranked first
/// ([`Ranks::sort`]). Either way m - 1 comparisons find the heaviest weight, and no other
/// weights are compared.
pub fn solve(network: &Network, budget: &Budget) -> Result<Bspi, BspiError> {
    let heaviest = network.heaviest();
    let m = network.num_edges();
    if heaviest >= (network.num_vertices() + m) as u64 {
        return solve_ranked(network, budget, &Ranks::sort(network));
    }
    let k = removals(network, budget)?;
    let run = run_keyed(network, k, heaviest as usize + 1, |arc| arc.weight() as u32);
    Ok(Bspi {
        solution: run.solution(network, u64::from),
        comparisons: m.saturating_sub(1) as u64,
    })
}

/// Algorithm BSPI over bucket queues with the edges' `ranks` already known: linear time.
pub fn solve_ranked(network: &Network, budget: &Budget, ranks: &Ranks) -> Result<Bspi, BspiError> {
    let k = removals(network, budget)?;
    let m = network.num_edges();
    if ranks.rank.len() != m {
        return Err(BspiError::Ranks(format!(
            "rank {} edges, the network has {m}",
            ranks.rank.len()
        )));
    }
    let keys = ranks.weights.len() + 1;
    let run = run_keyed(network, k, keys, |arc| ranks.rank[arc.edge()]);
    let weight = |r: u32| match r {
        0 => 0,
        r => ranks.weights[r as usize - 1],
    };
    Ok(Bspi {
        solution: run.solution(network, weight),
        comparisons: ranks.comparisons,
    })
}

/// The most keys per vertex and edge for which [`run_keyed`] keeps a stack per key (24 bytes
/// each, empty): a quarter, so at most 6 bytes per vertex and edge; beyond, linked buckets.
const STACKS_PER_ITEM: usize = 4;

/// Algorithm BSPI with `k` removals over the integer keys 0..`keys` that `key` gives the
/// in-edges. With few keys, a stack per key (a key's entries lie together, so popping reads
/// memory in order: on the generated networks of 10⁶ edges a tenth faster than linked
/// buckets on grids, a sixth on road-like networks, a third or more on random ones); with many,
/// [`Buckets`], 4 bytes a key.
fn run_keyed(network: &Network, k: &[u32], keys: usize, key: impl Fn(InArc) -> u32) -> Run<u32> {
    let candidate = |arc: InArc, value: u32| key(arc).max(value);
    let below = |a: u32, b: u32| a < b;
    if keys * STACKS_PER_ITEM <= network.num_vertices() + network.num_edges() {
        run(network, k, 0, candidate, below, &mut Stacks::new(keys))
    } else {
        run(network, k, 0, candidate, below, &mut Buckets::new(keys))
    }
}
