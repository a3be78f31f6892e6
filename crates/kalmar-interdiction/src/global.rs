//! Bottleneck interdiction with a *global* budget: the interdictor removes any k edges, then
//! the user takes an s–t path minimising its heaviest edge (Andersson, *General Path
//! Interdiction with Local Budgets*, §3.2). The value is at least x exactly when removing k
//! edges can cut s from t among the edges lighter than x, that is when the s–t edge
//! connectivity of that subgraph is at most k; so a binary search over the sorted weights, one
//! maximum flow each (Dinic's algorithm from `petgraph`, unit capacities), finds it.
//!
//! The answer carries both sides of its proof, which [`check`] verifies without any flow:
//! the interdictor's cut (at most k edges whose removal leaves every s–t path with an edge of
//! weight at least the value) and, when the value is finite, k + 1 edge-disjoint s–t paths
//! whose edges weigh at most the value (whatever k edges are removed, one of them survives).
//!
//! ```
//! use kalmar_interdiction::{global, network::Network};
//! // Two ways from 0 to 3: 0 -> 1 -> 3 (weights 1, 2) and 0 -> 2 -> 3 (weights 5, 1).
//! let network = Network::new(4, &[(0, 1, 1), (1, 3, 2), (0, 2, 5), (2, 3, 1)], 0, 3).unwrap();
//! let solved = global::solve_checked(&network, 1).unwrap();
//! // One removal cuts the light way; the user must cross the edge of weight 5.
//! assert_eq!(solved.value, 5);
//! assert!(global::check(&network, 1, &global::Solved { value: 6, ..solved }).is_err());
//! ```
//!
//! # Complexity
//! O(log m) maximum flows, each O(n² m) at worst for Dinic's algorithm (O(m √m) with unit
//! capacities), after an O(m log m) sort.

use crate::network::Network;
use crate::operator::INFINITY;
use petgraph::algo::dinics;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;

/// The value with its proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The bottleneck the user pays (∞ when k removals cut s from t).
    pub value: u64,
    /// The interdictor's removals: at most k edges.
    pub cut: Vec<usize>,
    /// When the value is finite, k + 1 edge-disjoint s–t paths (edge ids) of edges weighing at
    /// most the value.
    pub paths: Vec<Vec<usize>>,
}

/// The maximum flow from s to t through the edges lighter than `below`, capacity one each:
/// its value, and per edge whether it carries flow (edges not in the subgraph carry none).
fn flow(network: &Network, below: u64) -> (u64, Vec<bool>, Vec<Option<usize>>) {
    let mut graph: DiGraph<(), u64> = DiGraph::with_capacity(network.num_vertices(), 0);
    for _ in 0..network.num_vertices() {
        graph.add_node(());
    }
    // Per graph edge, the network edge it stands for.
    let mut original = Vec::new();
    for (e, (from, to, w)) in network.edges().enumerate() {
        if w < below && from != to {
            graph.add_edge(NodeIndex::new(from), NodeIndex::new(to), 1);
            original.push(e);
        }
    }
    let (value, flows) = dinics(
        &graph,
        NodeIndex::new(network.source()),
        NodeIndex::new(network.sink()),
    );
    let mut carries = vec![false; network.num_edges()];
    let mut in_graph = vec![None; network.num_edges()];
    for edge in graph.edge_references() {
        let e = original[edge.id().index()];
        in_graph[e] = Some(edge.id().index());
        carries[e] = flows[edge.id().index()] > 0;
    }
    (value, carries, in_graph)
}

/// The value of bottleneck interdiction with `k` removals anywhere, with its proof.
pub fn solve(network: &Network, k: usize) -> Solved {
    let (s, t) = (network.source(), network.sink());
    let mut weights: Vec<u64> = network.edges().map(|(_, _, w)| w).collect();
    weights.sort_unstable();
    weights.dedup();
    // Thresholds: the value is the largest x in weights ∪ {∞} with connectivity of the edges
    // lighter than x at most k; connectivity grows with x.
    let cuttable = |x: u64| flow(network, x).0 <= k as u64;
    if s == t {
        return Solved {
            value: 0,
            cut: Vec::new(),
            paths: Vec::new(),
        };
    }
    if cuttable(INFINITY) {
        return Solved {
            value: INFINITY,
            cut: min_cut(network, INFINITY),
            paths: Vec::new(),
        };
    }
    // The lightest weight is always cuttable (nothing is lighter); find the last one that is.
    let (mut low, mut high) = (0, weights.len() - 1);
    while low < high {
        let mid = (low + high).div_ceil(2);
        if cuttable(weights[mid]) {
            low = mid;
        } else {
            high = mid - 1;
        }
    }
    let value = weights[low];
    let above = weights.get(low + 1).copied().unwrap_or(INFINITY);
    Solved {
        value,
        cut: min_cut(network, value),
        paths: disjoint_paths(network, above, k + 1),
    }
}

/// At most k edges lighter than `below` whose removal cuts s from t among those edges: the
/// edges leaving the part of the residual graph reachable from s.
fn min_cut(network: &Network, below: u64) -> Vec<usize> {
    let (_, carries, in_graph) = flow(network, below);
    let usable = |e: usize| in_graph[e].is_some();
    let mut reached = vec![false; network.num_vertices()];
    let mut stack = vec![network.source()];
    reached[network.source()] = true;
    while let Some(v) = stack.pop() {
        // Forward residual edges: usable and empty; backward: carrying flow into v.
        let forward = network
            .out_edges(v)
            .filter(|&e| usable(e) && !carries[e])
            .map(|e| network.head(e));
        let backward = network
            .in_edges(v)
            .iter()
            .filter(|arc| carries[arc.edge()])
            .map(|arc| arc.tail());
        for w in forward.chain(backward).collect::<Vec<_>>() {
            if !reached[w] {
                reached[w] = true;
                stack.push(w);
            }
        }
    }
    (0..network.num_edges())
        .filter(|&e| usable(e) && reached[network.tail(e)] && !reached[network.head(e)])
        .collect()
}

/// `count` edge-disjoint s–t paths through edges lighter than `below`, from a maximum flow.
fn disjoint_paths(network: &Network, below: u64, count: usize) -> Vec<Vec<usize>> {
    let (_, mut carries, _) = flow(network, below);
    let mut paths = Vec::new();
    while paths.len() < count {
        // Walk along edges carrying flow; a walk that revisits a vertex drops the loop.
        let mut path: Vec<usize> = Vec::new();
        let mut at = network.source();
        let mut seen = vec![usize::MAX; network.num_vertices()];
        seen[at] = 0;
        while at != network.sink() {
            let Some(e) = network.out_edges(at).find(|&e| carries[e]) else {
                return paths;
            };
            carries[e] = false;
            at = network.head(e);
            if seen[at] != usize::MAX {
                for &dropped in &path[seen[at]..] {
                    seen[network.head(dropped)] = usize::MAX;
                }
                path.truncate(seen[at]);
            } else {
                path.push(e);
                seen[at] = path.len();
            }
        }
        paths.push(path);
    }
    paths
}

/// [`solve`], then [`check`]: the answer front ends hand out. An error is a bug of the solver.
pub fn solve_checked(network: &Network, k: usize) -> Result<Solved, Wrong> {
    let solved = solve(network, k);
    check(network, k, &solved)?;
    Ok(solved)
}

/// Why a global solution is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Wrong {
    /// More than k removals, or an edge that is not there.
    #[error("the cut has {0} edges (or names one the network does not have); at most {1} may go")]
    Cut(usize, usize),
    /// After the cut the user pays less than the value.
    #[error("after the cut the user's bottleneck path costs {0}, less than the value {1}")]
    Cheaper(String, String),
    /// The paths do not prove the value cannot be higher.
    #[error("the paths {0}")]
    Paths(String),
}

/// Checks a global solution: the cut achieves the value (a bottleneck search with the cut
/// removed), and k + 1 edge-disjoint paths of edges weighing at most the value show no k
/// removals do better.
pub fn check(network: &Network, k: usize, solved: &Solved) -> Result<(), Wrong> {
    let show = |x: u64| {
        if x == INFINITY {
            "∞".to_string()
        } else {
            x.to_string()
        }
    };
    if solved.cut.len() > k || solved.cut.iter().any(|&e| e >= network.num_edges()) {
        return Err(Wrong::Cut(solved.cut.len(), k));
    }
    let mut removed = vec![false; network.num_edges()];
    for &e in &solved.cut {
        removed[e] = true;
    }
    let user = crate::certificate::user_values(network, &removed, crate::operator::Operator::Max);
    let paid = user[network.source()];
    if paid < solved.value {
        return Err(Wrong::Cheaper(show(paid), show(solved.value)));
    }
    if solved.value == INFINITY || network.source() == network.sink() {
        return Ok(());
    }
    if solved.paths.len() != k + 1 {
        return Err(Wrong::Paths(format!(
            "are {}, not k + 1 = {}",
            solved.paths.len(),
            k + 1
        )));
    }
    let mut used = vec![false; network.num_edges()];
    for path in &solved.paths {
        let mut at = network.source();
        for &e in path {
            if e >= network.num_edges() || network.tail(e) != at || used[e] {
                return Err(Wrong::Paths(format!(
                    "take edge {e} from {at}, which they cannot"
                )));
            }
            if network.weight(e) > solved.value {
                return Err(Wrong::Paths(format!(
                    "use edge {e}, heavier than the value"
                )));
            }
            used[e] = true;
            at = network.head(e);
        }
        if at != network.sink() {
            return Err(Wrong::Paths(format!("include one that ends at {at}")));
        }
    }
    Ok(())
}
