//! Every choice of the interdictor tried, on small networks: the oracle the solver is tested
//! against. For each choice within the budgets the user's best value from every vertex is found
//! by relaxing every edge n times (Bellman–Ford, no heap, no shared code), and each vertex keeps
//! the most any choice forces there.
//!
//! ```
//! use kalmar_interdiction::{brute_force, budget::Budget, network::Network, operator::Operator};
//! let network = Network::new(3, &[(0, 2, 10), (0, 1, 1), (1, 2, 1)], 0, 2).unwrap();
//! let budget = Budget::removals(&network, vec![1, 0, 0]).unwrap();
//! assert_eq!(brute_force::values(&network, &budget, Operator::Sum, 1000), Some(vec![10, 1, 0]));
//! ```
//!
//! # Complexity
//! O(C · n · m) for C choices; None when C exceeds the limit given, or the budget raises
//! weights within polytopes (infinitely many choices).

use crate::budget::Budget;
use crate::network::Network;
use crate::operator::{INFINITY, Operator};

/// The value of every vertex by trying every choice, or None beyond `limit` choices or for a
/// polyhedral budget.
pub fn values(
    network: &Network,
    budget: &Budget,
    operator: Operator,
    limit: u64,
) -> Option<Vec<u64>> {
    let n = network.num_vertices();
    // Per vertex, the sets of out-edge numbers it may remove.
    let options: Vec<Vec<Vec<u32>>> = (0..n)
        .map(|v| match budget {
            Budget::Affordable(families) => Some(families[v].clone()),
            Budget::Removals(k) => Some(subsets(network.out_degree(v), k[v] as usize)),
            Budget::Polyhedral(_) => None,
        })
        .collect::<Option<_>>()?;
    let count = options
        .iter()
        .try_fold(1u64, |c, o| c.checked_mul(o.len() as u64))?;
    if count > limit {
        return None;
    }
    let mut best = vec![0u64; n];
    let mut pick = vec![0usize; n];
    loop {
        let mut removed = vec![false; network.num_edges()];
        for v in 0..n {
            let first = network.out_edges(v).start;
            for &k in &options[v][pick[v]] {
                removed[first + k as usize] = true;
            }
        }
        let user = bellman_ford(network, &removed, operator);
        for v in 0..n {
            best[v] = best[v].max(user[v]);
        }
        let mut v = 0;
        loop {
            if v == n {
                return Some(best);
            }
            pick[v] += 1;
            if pick[v] < options[v].len() {
                break;
            }
            pick[v] = 0;
            v += 1;
        }
    }
}

/// Every subset of 0..degree of at most `k` elements.
fn subsets(degree: usize, k: usize) -> Vec<Vec<u32>> {
    (0u64..1 << degree)
        .filter(|mask| mask.count_ones() as usize <= k)
        .map(|mask| {
            (0..degree as u32)
                .filter(|&e| mask & (1 << e) != 0)
                .collect()
        })
        .collect()
}

/// The user's best value from every vertex, edges relaxed n times.
fn bellman_ford(network: &Network, removed: &[bool], operator: Operator) -> Vec<u64> {
    let n = network.num_vertices();
    let mut value = vec![INFINITY; n];
    value[network.sink()] = 0;
    for _ in 0..n {
        for e in (0..network.num_edges()).filter(|&e| !removed[e]) {
            let u = network.tail(e);
            if u == network.sink() {
                continue;
            }
            let through = operator
                .extend(network.weight(e), value[network.head(e)])
                .unwrap_or(INFINITY);
            value[u] = value[u].min(through);
        }
    }
    value
}
