//! Algorithm BSPI over bucket queues (Andersson, *General Path Interdiction with Local Budgets*,
//! §3.1): the keys of the priority queue are weights of edges, so once the weights are sorted
//! and replaced by their ranks 1..m (the sink's value is rank 0), and since extractions are
//! monotone, an array of m + 1 buckets swept once from left to right serves every push and pop
//! in amortised constant time.
//!
//! Ranks break ties between equal weights by edge id. BSPI's values are lattice polynomials
//! (maxima and minima) of the weights, and such polynomials commute with the non-decreasing map
//! from ranks to weights, so the values over ranks, mapped back, are the values over weights.
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
//! O(m log m) time and comparisons for the sort, then O(n + m) time and no comparison; O(n + m)
//! in all, with m - 1 comparisons, when the caller gives the edges in order of weight.

use crate::bspi::{Bspi, BspiError, EdgeQueue, removals, run};
use crate::budget::Budget;
use crate::network::Network;

/// The edges in order of weight (ties by id) and the rank of each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranks {
    /// The edges, lightest first.
    by_rank: Vec<u32>,
    /// Per edge, its position in `by_rank` plus one (0 is the sink's value).
    rank: Vec<u32>,
    /// The comparisons of weights made to find or check the order.
    comparisons: u64,
}

impl Ranks {
    /// The edges of `network` sorted by weight, the comparisons counted.
    pub fn sort(network: &Network) -> Ranks {
        // The weights beside the ids, so the sort reads them in place, not through the ids.
        let mut keyed: Vec<(u64, u32)> = (0..network.num_edges())
            .map(|e| (network.weight(e), e as u32))
            .collect();
        let mut comparisons = 0;
        keyed.sort_unstable_by(|a, b| {
            comparisons += 1;
            a.cmp(b)
        });
        Ranks::from_order(keyed.into_iter().map(|(_, e)| e).collect(), comparisons)
    }

    /// The order `by_rank` given by the caller: every edge of `network` once, lightest first
    /// (ties in any order), checked with m - 1 comparisons.
    pub fn given(network: &Network, by_rank: Vec<u32>) -> Result<Ranks, BspiError> {
        let m = network.num_edges();
        if by_rank.len() != m {
            return Err(BspiError::Ranks(format!(
                "list {} edges, the network has {m}",
                by_rank.len()
            )));
        }
        let mut seen = vec![false; m];
        for &e in &by_rank {
            match seen.get_mut(e as usize) {
                Some(s) if !*s => *s = true,
                _ => {
                    return Err(BspiError::Ranks(format!(
                        "name edge {e} twice or out of range"
                    )));
                }
            }
        }
        if let Some(pair) = by_rank
            .windows(2)
            .find(|p| network.weight(p[0] as usize) > network.weight(p[1] as usize))
        {
            return Err(BspiError::Ranks(format!(
                "put edge {} before the lighter edge {}",
                pair[0], pair[1]
            )));
        }
        let comparisons = m.saturating_sub(1) as u64;
        Ok(Ranks::from_order(by_rank, comparisons))
    }

    fn from_order(by_rank: Vec<u32>, comparisons: u64) -> Ranks {
        let mut rank = vec![0; by_rank.len()];
        for (r, &e) in by_rank.iter().enumerate() {
            rank[e as usize] = r as u32 + 1;
        }
        Ranks {
            by_rank,
            rank,
            comparisons,
        }
    }

    /// The comparisons of weights made to find or check the order.
    pub fn comparisons(&self) -> u64 {
        self.comparisons
    }
}

/// A monotone queue of edges over integer keys 0..keys: one bucket (a linked list) per key and
/// a cursor that only moves forward.
pub(crate) struct Buckets {
    first: Vec<u32>,
    link: Vec<u32>,
    cursor: usize,
}

const NONE: u32 = u32::MAX;

impl Buckets {
    /// Buckets for keys 0..keys and edges 0..edges, each pushed at most once.
    pub fn new(keys: usize, edges: usize) -> Buckets {
        Buckets {
            first: vec![NONE; keys],
            link: vec![NONE; edges],
            cursor: 0,
        }
    }
}

impl EdgeQueue<u32> for Buckets {
    fn push(&mut self, key: u32, edge: u32) {
        // Keys never fall below the cursor in BSPI; clamping keeps the queue total anyway.
        let key = (key as usize).max(self.cursor);
        self.link[edge as usize] = self.first[key];
        self.first[key] = edge;
    }

    fn pop(&mut self) -> Option<(u32, u32)> {
        while self.cursor < self.first.len() {
            let edge = self.first[self.cursor];
            if edge != NONE {
                self.first[self.cursor] = self.link[edge as usize];
                return Some((self.cursor as u32, edge));
            }
            self.cursor += 1;
        }
        None
    }
}

/// Algorithm BSPI with the weights sorted first, then bucket queues.
pub fn solve(network: &Network, budget: &Budget) -> Result<Bspi, BspiError> {
    solve_ranked(network, budget, &Ranks::sort(network))
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
    let mut queue = Buckets::new(m + 1, m);
    let run = run(
        network,
        k,
        0,
        |e, value| ranks.rank[e].max(value),
        &mut queue,
    );
    let weight = |r: u32| match r {
        0 => 0,
        r => network.weight(ranks.by_rank[r as usize - 1] as usize),
    };
    Ok(Bspi {
        solution: run.solution(network, weight),
        comparisons: ranks.comparisons,
    })
}
