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
use crate::network::{InArc, Network};
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
    /// The budget is of a kind this check does not cover.
    #[error("{0}")]
    Kind(&'static str),
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
    affordable(network, budget, &solution.removed)?;
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

/// Every vertex's removals are within its budget.
fn affordable(network: &Network, budget: &Budget, removed: &[bool]) -> Result<(), Wrong> {
    for u in 0..network.num_vertices() {
        let chosen: Vec<u32> = network
            .out_edges(u)
            .enumerate()
            .filter(|&(_, e)| removed[e])
            .map(|(k, _)| k as u32)
            .collect();
        if !budget.allows(network, u, &chosen) {
            return Err(Wrong::Budget(u, chosen));
        }
    }
    Ok(())
}

/// Checks the source's value alone, paths weighed by their heaviest edge (the answers of
/// [`crate::bspi_source`]), in O(n + m) for removals:
///
/// 1. the `removed` edges are within every vertex's budget;
/// 2. with them removed, no path leads from the source to the sink over edges lighter than
///    `value` (no path at all when it is ∞): the interdictor forces at least `value`;
/// 3. `path` leads from the source to the sink over kept edges, its heaviest weighing `value`;
/// 4. whatever the interdictor removes, the user reaches the sink over edges of weight at most
///    `value`: the source is in the set grown from the sink by adding a vertex once the
///    out-edges of weight at most `value` into the set are more than it can remove. So it
///    forces no more.
pub fn check_source_value(
    network: &Network,
    budget: &Budget,
    value: u64,
    removed: &[bool],
    path: &[usize],
) -> Result<(), Wrong> {
    let (n, m, s, t) = (
        network.num_vertices(),
        network.num_edges(),
        network.source(),
        network.sink(),
    );
    if removed.len() != m {
        return Err(Wrong::Shape(n, removed.len(), n, m));
    }
    if let Budget::Polyhedral(_) = budget {
        return Err(Wrong::Kind(
            "the source's value alone is checked under removals or affordable sets, not raises",
        ));
    }
    affordable(network, budget, removed)?;
    // 2. The sink's side over kept edges lighter than the value.
    let reached = grow(network, t, |arc| {
        !removed[arc.edge()] && arc.weight() < value
    });
    if reached[s] && (s != t || value > 0) {
        return Err(Wrong::Path(format!(
            "is not needed: with the interdictor's choice the user reaches the sink over edges lighter than the {} claimed",
            show(value)
        )));
    }
    // 3. The path.
    if value == INFINITY || s == t {
        if !path.is_empty() {
            return Err(Wrong::Path(
                "is given where the user has none to take".into(),
            ));
        }
        return Ok(());
    }
    let mut at = s;
    let mut heaviest = 0;
    for &e in path {
        if e >= m || network.tail(e) != at || removed[e] {
            return Err(Wrong::Path(format!(
                "leaves {at} by edge {e}, which it cannot take"
            )));
        }
        heaviest = heaviest.max(network.weight(e));
        at = network.head(e);
    }
    if at != t || heaviest != value {
        return Err(Wrong::Path(format!(
            "ends at {at} with its heaviest edge {heaviest}, not at the sink with {value}"
        )));
    }
    // 4. The vertices where the user holds the value against any choice.
    // Per vertex, how many of its good edges (no heavier than the value, into the set) are
    // known; with affordable sets also which, to ask the budget (removals need the count only).
    let mut count = vec![0u32; n];
    let mut good: Vec<Vec<u32>> = match budget {
        Budget::Removals(_) => Vec::new(),
        _ => vec![Vec::new(); n],
    };
    let mut safe = vec![false; n];
    safe[t] = true;
    let mut stack = vec![t];
    while let Some(v) = stack.pop() {
        for arc in network.in_edges(v) {
            let (e, u) = (arc.edge(), arc.tail());
            if safe[u] || arc.weight() > value {
                continue;
            }
            count[u] += 1;
            let held = match budget {
                Budget::Removals(k) => count[u] > k[u],
                _ => {
                    good[u].push((e - network.out_edges(u).start) as u32);
                    !budget.allows(network, u, &good[u])
                }
            };
            if held {
                safe[u] = true;
                stack.push(u);
            }
        }
    }
    if !safe[s] {
        return Err(Wrong::Improvable {
            vertex: s,
            better: format!("more than {value}"),
            claimed: value.to_string(),
        });
    }
    Ok(())
}

/// The vertices that reach `from` over the edges `usable` allows.
fn grow(network: &Network, from: usize, usable: impl Fn(InArc) -> bool) -> Vec<bool> {
    let mut reached = vec![false; network.num_vertices()];
    reached[from] = true;
    let mut stack = vec![from];
    while let Some(v) = stack.pop() {
        for arc in network.in_edges(v) {
            let u = arc.tail();
            if !reached[u] && usable(*arc) {
                reached[u] = true;
                stack.push(u);
            }
        }
    }
    reached
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
        for arc in network.in_edges(v) {
            let (e, u) = (arc.edge(), arc.tail());
            if removed[e] || u == network.sink() {
                continue;
            }
            let through = operator.extend(arc.weight(), d).unwrap_or(INFINITY);
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
