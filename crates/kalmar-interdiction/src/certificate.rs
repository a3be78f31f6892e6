//! The certificate of an interdiction solution, sharing no code with the solver: it proves the
//! claimed values are exactly what the interdictor can force.
//!
//! 1. **The interdictor's choice is affordable and achieves the values.** Every vertex's
//!    removed edges are within its budget, and with them removed the user's best path from
//!    every vertex (a plain Dijkstra from the sink, valid for any non-decreasing p with
//!    p(0, x) ≥ x) costs exactly the claimed value; the claimed path from s is such a path.
//! 2. **No choice does better.** Along the claimed order (the sink first), every vertex u of
//!    finite value satisfies value(u) ≥ L(u, S_u, value), S_u its successors earlier in the
//!    order: whatever the interdictor does at u, one of them costs the user at most value(u).
//!    Following such successors the user reaches the sink, the order strictly decreasing, at
//!    cost at most value(u) against any choice. L is evaluated here by its definition (sorted
//!    candidates for removals, every affordable set otherwise).
//!
//! ```
//! use kalmar_interdiction::{budget::Budget, certificate, gpi, network::Network, operator::Operator};
//! let network = Network::new(3, &[(0, 2, 10), (0, 1, 1), (1, 2, 1)], 0, 2).unwrap();
//! let budget = Budget::removals(&network, vec![1, 0, 0]).unwrap();
//! let mut solution = gpi::solve(&network, &budget, Operator::Sum).unwrap();
//! assert!(certificate::check(&network, &budget, Operator::Sum, &solution).is_ok());
//! solution.values[0] = 2; // the value without interdiction: the removal is not accounted for
//! assert!(certificate::check(&network, &budget, Operator::Sum, &solution).is_err());
//! ```
//!
//! # Complexity
//! O(m log n + Σ_u deg(u) log deg(u)) for removals; O(Σ_u |B(u)| · deg(u)) for affordable sets.

use crate::budget::Budget;
use crate::gpi::Solution;
use crate::network::Network;
use crate::operator::{INFINITY, Operator};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Why a solution is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Wrong {
    /// The arrays do not fit the network.
    #[error(
        "the solution has {0} values and {1} edge marks; the network has {2} vertices and {3} edges"
    )]
    Shape(usize, usize, usize, usize),
    /// Removals beyond a vertex's budget.
    #[error("vertex {0}: removing {1:?} is beyond its budget")]
    Budget(usize, Vec<u32>),
    /// The user's best path under the choice costs something else.
    #[error(
        "vertex {vertex}: with the interdictor's choice the user's best path costs {actual}, not the {claimed} claimed"
    )]
    UserValue {
        /// The vertex.
        vertex: usize,
        /// Its value under the choice.
        actual: String,
        /// The value claimed.
        claimed: String,
    },
    /// The order is not the finite-valued vertices from the sink.
    #[error("the order {0}")]
    Order(String),
    /// The interdictor could force more at a vertex.
    #[error(
        "vertex {vertex}: the interdictor can force {better} against the successors earlier in the order, more than the {claimed} claimed"
    )]
    Improvable {
        /// The vertex.
        vertex: usize,
        /// What it can force.
        better: String,
        /// The value claimed.
        claimed: String,
    },
    /// The path is not a best path from the source.
    #[error("the path {0}")]
    Path(String),
}

/// A value as text.
fn show(x: u64) -> String {
    if x == INFINITY {
        "∞".into()
    } else {
        x.to_string()
    }
}

/// Checks `solution` for `network` under `budget` and `operator`.
pub fn check(
    network: &Network,
    budget: &Budget,
    operator: Operator,
    solution: &Solution,
) -> Result<(), Wrong> {
    let n = network.num_vertices();
    let m = network.num_edges();
    if solution.values.len() != n || solution.removed.len() != m {
        return Err(Wrong::Shape(
            solution.values.len(),
            solution.removed.len(),
            n,
            m,
        ));
    }
    // 1. Affordable, and the user's values under it are the claimed ones.
    for u in 0..n {
        let removed: Vec<u32> = network
            .out_edges(u)
            .enumerate()
            .filter(|&(_, e)| solution.removed[e])
            .map(|(k, _)| k as u32)
            .collect();
        if !budget.allows(network, u, &removed) {
            return Err(Wrong::Budget(u, removed));
        }
    }
    let user = user_values(network, &solution.removed, operator);
    if let Some(v) = (0..n).find(|&v| user[v] != solution.values[v]) {
        return Err(Wrong::UserValue {
            vertex: v,
            actual: show(user[v]),
            claimed: show(solution.values[v]),
        });
    }
    check_path(network, operator, solution)?;
    // 2. The order, and the interdictor's best at each vertex against earlier successors.
    let mut rank = vec![u32::MAX; n];
    for (r, &v) in solution.order.iter().enumerate() {
        let v = v as usize;
        if v >= n || rank[v] != u32::MAX {
            return Err(Wrong::Order(format!(
                "names vertex {v} twice or out of range"
            )));
        }
        rank[v] = r as u32;
    }
    if solution.order.first().map(|&v| v as usize) != Some(network.sink()) {
        return Err(Wrong::Order("does not start at the sink".into()));
    }
    if let Some(v) = (0..n).find(|&v| (rank[v] == u32::MAX) != (solution.values[v] == INFINITY)) {
        return Err(Wrong::Order(format!(
            "must hold exactly the vertices of finite value; vertex {v} is wrong"
        )));
    }
    for &u in &solution.order[1..] {
        let u = u as usize;
        let forced = local_value(network, budget, operator, u, |v| {
            (rank[v] < rank[u]).then_some(solution.values[v])
        });
        if forced > solution.values[u] {
            return Err(Wrong::Improvable {
                vertex: u,
                better: show(forced),
                claimed: show(solution.values[u]),
            });
        }
    }
    Ok(())
}

/// The user's best value from every vertex with the `removed` edges gone: Dijkstra from the
/// sink over the reversed edges.
pub fn user_values(network: &Network, removed: &[bool], operator: Operator) -> Vec<u64> {
    let mut value = vec![INFINITY; network.num_vertices()];
    let mut heap = BinaryHeap::from([Reverse((0u64, network.sink()))]);
    value[network.sink()] = 0;
    while let Some(Reverse((d, v))) = heap.pop() {
        if d != value[v] {
            continue;
        }
        for &e in network.in_edges(v) {
            let e = e as usize;
            let u = network.tail(e);
            if removed[e] || u == network.sink() {
                continue;
            }
            let through = operator.extend(network.weight(e), d).unwrap_or(INFINITY);
            if through < value[u] {
                value[u] = through;
                heap.push(Reverse((through, u)));
            }
        }
    }
    value
}

/// The most the interdictor can force at `u` when the user may continue only to the
/// successors `known` gives a value for: L(u, S, d) by its definition.
fn local_value(
    network: &Network,
    budget: &Budget,
    operator: Operator,
    u: usize,
    known: impl Fn(usize) -> Option<u64>,
) -> u64 {
    // Per out-edge number, the user's cost through it (None: not a known successor).
    let costs: Vec<Option<u64>> = network
        .out_edges(u)
        .map(|e| {
            known(network.head(e))
                .map(|d| operator.extend(network.weight(e), d).unwrap_or(INFINITY))
        })
        .collect();
    match budget {
        Budget::Removals(k) => {
            let mut sorted: Vec<u64> = costs.iter().flatten().copied().collect();
            sorted.sort_unstable();
            sorted.get(k[u] as usize).copied().unwrap_or(INFINITY)
        }
        Budget::Affordable(families) => families[u]
            .iter()
            .map(|set| {
                costs
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| !set.contains(&(*k as u32)))
                    .filter_map(|(_, c)| *c)
                    .min()
                    .unwrap_or(INFINITY)
            })
            .max()
            .unwrap_or(INFINITY),
        // Raises are checked by `partial_certificate`; this check, which sees none, accepts no
        // value against them.
        Budget::Polyhedral(_) => INFINITY,
    }
}

/// The claimed path: from the source to the sink over kept edges, costing the source's value.
fn check_path(network: &Network, operator: Operator, solution: &Solution) -> Result<(), Wrong> {
    let s = network.source();
    if solution.values[s] == INFINITY || s == network.sink() {
        return if solution.path.is_empty() {
            Ok(())
        } else {
            Err(Wrong::Path(
                "is given where the user has none to take".into(),
            ))
        };
    }
    let mut at = s;
    for &e in &solution.path {
        if e >= network.num_edges() || network.tail(e) != at || solution.removed[e] {
            return Err(Wrong::Path(format!(
                "leaves {at} by edge {e}, which it cannot take"
            )));
        }
        at = network.head(e);
    }
    if at != network.sink() {
        return Err(Wrong::Path(format!("ends at {at}, not at the sink")));
    }
    let cost = solution
        .path
        .iter()
        .rev()
        .try_fold(0u64, |rest, &e| operator.extend(network.weight(e), rest))
        .unwrap_or(INFINITY);
    if cost != solution.values[s] {
        return Err(Wrong::Path(format!(
            "costs {}, not the source's value {}",
            show(cost),
            show(solution.values[s])
        )));
    }
    Ok(())
}
