//! Algorithm GPI (Andersson, *General Path Interdiction with Local Budgets*, §2.2, after
//! Khachiyan et al.'s modified Dijkstra): the value of every vertex when the interdictor first
//! spends its local budgets and the user then takes a best path to the sink.
//!
//! Vertices are finalised in increasing order of value from the sink (value 0). When a vertex v
//! becomes final, every predecessor u still open asks the local oracle L for the best value it
//! can force given its final successors; that is an upper bound on u's value, and exact when u
//! is the least open vertex (its other successors cannot be cheaper). Removals of the k(u) best
//! continuations make this Dijkstra's algorithm with the (k(u) + 1)-th best candidate in place
//! of the best.
//!
//! ```
//! use kalmar_interdiction::{budget::Budget, gpi, network::Network, operator::Operator};
//! // From 0: straight to the sink (10), or through 1 (1 + 1). One removal at 0.
//! let network = Network::new(3, &[(0, 2, 10), (0, 1, 1), (1, 2, 1)], 0, 2).unwrap();
//! let budget = Budget::removals(&network, vec![1, 0, 0]).unwrap();
//! let solution = gpi::solve(&network, &budget, Operator::Sum).unwrap();
//! // The interdictor removes 0 -> 1, the user pays 10.
//! assert_eq!(solution.values, [10, 1, 0]);
//! assert_eq!(solution.path, [0]);
//! ```
//!
//! # Complexity
//! O(m log n) with a binary heap (lazy deletion), plus one oracle call per edge into a vertex
//! with a budget: O(log k) each for removals. Where a vertex has none (k(u) = 0) L is the least
//! candidate, which GPI keeps itself with the edge that gives it, as Dijkstra does.

use crate::budget::Budget;
use crate::network::{InArc, Network};
use crate::operator::{INFINITY, Operator};
use crate::oracle::{Affordable, Oracle, Removals};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The values and both players' choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Per vertex, its value (∞ as [`INFINITY`]): what the user pays from there to the sink.
    pub values: Vec<u64>,
    /// The vertices of finite value in the order their values became final, the sink first.
    pub order: Vec<u32>,
    /// Per edge, whether the interdictor removes it.
    pub removed: Vec<bool>,
    /// Per vertex of finite value other than the sink, the edge the user takes.
    pub next: Vec<Option<u32>>,
    /// The user's best path from the source: its edges (empty when the source's value is ∞,
    /// or the source is the sink).
    pub path: Vec<usize>,
}

/// Why GPI gives no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GpiError {
    /// A path weight beyond 64 bits.
    #[error("a path's weight under the {0} operator passes 2^64 - 1: use smaller weights")]
    Overflow(&'static str),
    /// Raises within polytopes have rational values: [`crate::partial`] solves them.
    #[error("raises within polytopes have rational values: solve them with partial::solve")]
    Polyhedral,
    /// The budget is not one per vertex.
    #[error("the budget has {0} vertices, the network {1}")]
    Length(usize, usize),
}

/// The values of `network` under `budget`, paths weighed by `operator`.
pub fn solve(network: &Network, budget: &Budget, operator: Operator) -> Result<Solution, GpiError> {
    if budget.num_vertices() != network.num_vertices() {
        return Err(GpiError::Length(
            budget.num_vertices(),
            network.num_vertices(),
        ));
    }
    match budget {
        Budget::Removals(k) => solve_with(network, Removals::new(network, k), operator),
        Budget::Affordable(families) => {
            solve_with(network, Affordable::new(network, families), operator)
        }
        Budget::Polyhedral(_) => Err(GpiError::Polyhedral),
    }
}

/// GPI with any local oracle.
pub fn solve_with(
    network: &Network,
    mut oracle: impl Oracle,
    operator: Operator,
) -> Result<Solution, GpiError> {
    let n = network.num_vertices();
    let t = network.sink();
    // Where the oracle is plain (no budget), L is the least candidate: GPI keeps it itself,
    // with the edge that gives it, and never asks the oracle.
    let mut next = vec![None; n];
    let (values, order) = finalise(network, 0u64, INFINITY, |arc, &value, &bound| {
        let (u, e) = (arc.tail(), arc.edge());
        let candidate = operator
            .extend(arc.weight(), value)
            .ok_or(GpiError::Overflow(operator.name()))?;
        if !oracle.plain(u) {
            return Ok(oracle.settle(u, e, candidate));
        }
        if candidate < bound {
            next[u] = Some(e as u32);
        }
        Ok(candidate)
    })?;
    let mut removed = vec![false; network.num_edges()];
    for u in (0..n).filter(|&u| u != t && !oracle.plain(u)) {
        let taken = oracle.choice(u, network.out_edges(u), &mut removed);
        if values[u] != INFINITY {
            next[u] = taken.map(|e| e as u32);
        }
    }
    Ok(Solution::new(network, values, order, removed, next))
}

/// The modified Dijkstra of GPI over any ordered values (integers here, exact rationals for
/// raises within polytopes in [`crate::partial`]): the sink is worth `zero`; when a vertex v
/// becomes final, `settle(arc, value of v, u's bound so far)` is called for every in-edge
/// `arc` = (u, v) of v from a vertex u still open and returns L(u, the final successors so
/// far, values), which bounds u's value (it never grows as more successors are known).
/// Returns every vertex's value (`infinity` where none became final) and the order the values
/// became final, the sink first.
pub fn finalise<V: Ord + Clone, E>(
    network: &Network,
    zero: V,
    infinity: V,
    mut settle: impl FnMut(InArc, &V, &V) -> Result<V, E>,
) -> Result<(Vec<V>, Vec<u32>), E> {
    let n = network.num_vertices();
    let t = network.sink();
    let mut values = vec![infinity; n];
    let mut done = vec![false; n];
    let mut order = Vec::new();
    let mut heap = BinaryHeap::new();
    values[t] = zero.clone();
    heap.push(Reverse((zero, t as u32)));
    while let Some(Reverse((value, v))) = heap.pop() {
        let v = v as usize;
        if done[v] || value != values[v] {
            continue;
        }
        done[v] = true;
        order.push(v as u32);
        for &arc in network.in_edges(v) {
            let u = arc.tail();
            if done[u] {
                continue;
            }
            let bound = settle(arc, &value, &values[u])?;
            if bound < values[u] {
                values[u] = bound.clone();
                heap.push(Reverse((bound, u as u32)));
            }
        }
    }
    Ok((values, order))
}

/// The user's path from the source along `next`, the edge taken at each vertex (None where
/// the value is ∞), until the sink: at most one step per vertex, so a cycle in `next` cannot
/// hold it up.
///
/// A step reads the edge and then its head, two dependent loads from arrays as large as the
/// network. Paths of bottleneck values can be long (a tenth to a half of the vertices on
/// grids), so past n / 16 steps the heads of every vertex's edge are read first, in one pass
/// whose loads do not wait for each other, and each later step waits for one load only: about
/// half the time on such paths, and at most the cost of that pass on any.
pub(crate) fn user_path(network: &Network, next: &[Option<u32>]) -> Vec<usize> {
    const NONE: u32 = u32::MAX;
    let mut path = Vec::new();
    let mut u = network.source();
    let mut successor: Vec<u32> = Vec::new();
    while u != network.sink() && path.len() < next.len() {
        let Some(e) = next[u] else { break };
        path.push(e as usize);
        if path.len() == next.len() / 16 {
            successor = (next.iter())
                .map(|e| e.map_or(NONE, |e| network.head(e as usize) as u32))
                .collect();
        }
        u = match successor.get(u) {
            Some(&v) => v as usize,
            None => network.head(e as usize),
        };
    }
    path
}

impl Solution {
    /// The solution of these values and choices, with the user's path from the source found by
    /// following `next` (at most one step per vertex, so a cycle in `next` cannot hold it up).
    pub(crate) fn new(
        network: &Network,
        values: Vec<u64>,
        order: Vec<u32>,
        removed: Vec<bool>,
        next: Vec<Option<u32>>,
    ) -> Solution {
        let path = user_path(network, &next);
        Solution {
            values,
            order,
            removed,
            next,
            path,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::user_path;
    use crate::network::Network;

    /// The id of the edge from `u` to `v`.
    fn edge(network: &Network, u: usize, v: usize) -> u32 {
        let mut out = network.out_edges(u);
        out.find(|&e| network.head(e) == v).unwrap() as u32
    }

    #[test]
    fn long_paths_and_cycles() {
        // A chain 0 -> 1 -> ... -> 99, the sink, a shortcut 0 -> 99 that `next` ignores, and
        // an edge 50 -> 0: the paths are long enough for the heads to be gathered first.
        let mut edges: Vec<(usize, usize, u64)> = (0..99).map(|v| (v, v + 1, 1)).collect();
        edges.extend([(0, 99, 5), (50, 0, 1)]);
        let network = Network::new(100, &edges, 0, 99).unwrap();
        let mut next: Vec<Option<u32>> = (0..100)
            .map(|v| (v < 99).then(|| edge(&network, v, v + 1)))
            .collect();
        let chain: Vec<usize> = (0..99).map(|v| edge(&network, v, v + 1) as usize).collect();
        assert_eq!(user_path(&network, &next), chain);
        // The path stops where `next` ends.
        next[98] = None;
        assert_eq!(user_path(&network, &next), chain[..98]);
        // A cycle 0 -> ... -> 50 -> 0: one step per vertex, then it stops.
        next[50] = Some(edge(&network, 50, 0));
        let path = user_path(&network, &next);
        assert_eq!(path.len(), 100);
        assert_eq!(path[..50], chain[..50]);
        assert_eq!(path[51..], chain[..49]);
    }
}
