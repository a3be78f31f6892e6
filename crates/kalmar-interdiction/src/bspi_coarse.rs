//! Algorithm BSPI by coarsening (Andersson, *General Path Interdiction with Local Budgets*,
//! §3.1, after Gabow and Tarjan, *Algorithms for two bottleneck optimization problems*): the
//! weights are never sorted; they are split at their median into light and heavy, BSPI runs on
//! the coarse instance of two weight classes, and each side is solved again on its own, until
//! every part has a single weight left.
//!
//! **Every vertex at once.** A vertex's value is a lattice polynomial of the weights (a max over
//! the interdictor's choices of a min over paths of a max over edges, ∞ for the min of none),
//! and lattice polynomials commute with every non-decreasing map. The map that sends a weight
//! to its class (light or heavy) is one, so BSPI on the coarse instance gives the class of
//! *every* vertex's value, not only the source's: light, heavy, or ∞. (Weights are made
//! distinct by breaking ties by edge id, so a split always halves them.)
//!
//! **The two sides.** A vertex of light value only ever becomes final through light edges to
//! vertices of light value (or the sink), and the events of the heavy phase cannot change it:
//! the light part keeps the light vertices and the light edges among them, and drops the rest
//! (heavy edges, edges to heavier vertices: the interdictor leaves them, the user never takes
//! them). A vertex of heavy value first spends its budget on every edge whose key is light: the
//! heavy part keeps every edge of the heavy vertices, with the lighter vertices and the sink
//! merged into one sink and every edge whose key is light (a light weight, or a head of light
//! value) given a *bottom* key below every heavy weight; heavy edges keep their weight, and
//! edges to vertices of value ∞ are dropped (they are never across the cut). So every edge goes
//! to at most one side, and the values of each side are those of the whole instance.
//!
//! **The answer.** A part with one weight left is a leaf: all its vertices have that weight as
//! value, and BSPI on it (bottom below that weight) gives their removals and the edges the user
//! takes. Parts are solved light side first, so the leaves, in turn, give the order of
//! finality. A first run with every weight alike (no comparison) finds the vertices of value
//! ∞ and their removals; they and the edges to them are left out of every part after it.
//!
//! **The bound reached.** Every level of the recursion splits parts whose weights add up to at
//! most m, by linear-time median selection (Blum, Floyd, Pratt, Rivest and Tarjan), and
//! runs BSPI with three bucket keys (bottom, light, heavy) in O(n + m); there are at most
//! ⌈log₂ m⌉ + 1 levels. So O(m log m) comparisons and O((n + m) log m) time at worst: the same
//! order as sorting, reached without a sort. Not better for every vertex: the sorting-network
//! games of *Deterministic Graphical Games Revisited* (Proposition 3), through the reduction of
//! [`crate::reduction`], need Ω(n log n) comparisons for the values of every vertex. The finer
//! scheme of the paper (O(m log* n)), [`crate::bspi_source`], decides the source's value
//! only, discarding at every round the groups it does not fall in.
//!
//! ```
//! use kalmar_interdiction::{bspi_coarse, budget::Budget, network::Network};
//! let network = Network::new(3, &[(0, 2, 10), (0, 1, 3), (1, 2, 1)], 0, 2).unwrap();
//! let budget = Budget::removals(&network, vec![1, 0, 0]).unwrap();
//! let solved = bspi_coarse::solve(&network, &budget).unwrap();
//! assert_eq!(solved.solution.values, [10, 1, 0]);
//! ```
//!
//! # Complexity
//! O((n + m) log m) time and O(m log m) comparisons of weights at worst, as above.

use crate::bspi::{Bspi, BspiError, removals, run};
use crate::bspi_buckets::Buckets;
use crate::budget::Budget;
use crate::gpi::Solution;
use crate::network::Network;
use crate::operator::INFINITY;
use kalmar_core::Vertex;
use kalmar_terminal::dgg::{compare::Comparisons, select};

/// A part of the instance: vertices whose values lie in one range of weights.
struct Part {
    /// Local vertex i is original vertex `vertices[i]`; the last local vertex is the part's
    /// sink, standing for the sink and every vertex of lower value.
    vertices: Vec<u32>,
    /// The local edges by tail, weighing 0 for a bottom key and 1 for a key of its own weight.
    network: Network,
    /// Per local edge, the original edge.
    original: Vec<u32>,
    /// Whether the vertices of value ∞, and the edges to them, are left out.
    finite: bool,
}

impl Part {
    fn new(
        vertices: Vec<u32>,
        edges: &[(usize, usize, u64)],
        original: Vec<u32>,
        finite: bool,
    ) -> Result<Part, BspiError> {
        let sink = vertices.len();
        let network = Network::new(sink + 1, edges, sink, sink).map_err(BspiError::Part)?;
        Ok(Part {
            vertices,
            network,
            original,
            finite,
        })
    }
}

/// Where a vertex's value falls against a split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Light,
    Heavy,
    Infinite,
}

/// The bucket key of a bottom edge, a light one and a heavy one.
const BOTTOM: u32 = 0;
const HEAVY: u32 = 2;

/// The side `which` of `part`, given the side of each local vertex (the sink is light) and
/// the key of each local edge; None when no vertex is on that side.
fn side(part: &Part, sides: &[Side], keys: &[u32], which: Side) -> Result<Option<Part>, BspiError> {
    let len = part.vertices.len();
    let mut id = vec![0usize; len + 1];
    let mut vertices = Vec::new();
    for u in (0..len).filter(|&u| sides[u] == which) {
        id[u] = vertices.len();
        vertices.push(part.vertices[u]);
    }
    if vertices.is_empty() {
        return Ok(None);
    }
    let sink = vertices.len();
    id[len] = sink;
    let mut edges = Vec::new();
    let mut original = Vec::new();
    for u in (0..len).filter(|&u| sides[u] == which) {
        for e in part.network.out_edges(u) {
            let h = part.network.head(e);
            let edge = match (which, keys[e], sides[h]) {
                (Side::Light, HEAVY, _) | (_, _, Side::Infinite) => continue,
                (Side::Light, _, Side::Heavy) => continue,
                (Side::Light, key, Side::Light) => (id[u], id[h], u64::from(key)),
                (_, key, Side::Heavy) => (id[u], id[h], u64::from(key == HEAVY)),
                (_, key, Side::Light) => (id[u], sink, u64::from(key == HEAVY)),
            };
            edges.push(edge);
            original.push(part.original[e]);
        }
    }
    Part::new(vertices, &edges, original, true).map(Some)
}

/// Algorithm BSPI by repeated median splits: the values of every vertex of `network` under
/// `budget` (k(v) removals), paths weighed by their heaviest edge.
pub fn solve(network: &Network, budget: &Budget) -> Result<Bspi, BspiError> {
    let k = removals(network, budget)?;
    let (n, m, t) = (network.num_vertices(), network.num_edges(), network.sink());
    let mut values = vec![INFINITY; n];
    let mut order = vec![t as u32];
    let mut removed = vec![false; m];
    let mut next = vec![None; n];
    values[t] = 0;
    let cmp = Comparisons::new();
    // The whole instance: every vertex but the sink, every edge not leaving the sink.
    let vertices: Vec<u32> = (0..n as u32).filter(|&v| v as usize != t).collect();
    let local = |v: usize| {
        if v == t {
            n - 1
        } else {
            v - usize::from(v > t)
        }
    };
    let mut edges = Vec::with_capacity(m);
    let mut original = Vec::with_capacity(m);
    for &v in &vertices {
        for e in network.out_edges(v as usize) {
            edges.push((local(v as usize), local(network.head(e)), 1));
            original.push(e as u32);
        }
    }
    let mut parts = vec![Part::new(vertices, &edges, original, false)?];
    while let Some(part) = parts.pop() {
        let len = part.vertices.len();
        let part_k: Vec<u32> = part
            .vertices
            .iter()
            .map(|&v| k[v as usize])
            .chain([0])
            .collect();
        let mut keys: Vec<u32> = (0..part.network.num_edges())
            .map(|e| part.network.weight(e) as u32)
            .collect();
        let mut weighed: Vec<Vertex> = (0..keys.len() as u32)
            .filter(|&e| keys[e as usize] != BOTTOM)
            .map(Vertex)
            .collect();
        let leaf = weighed.len() <= 1;
        // The first run, with every weight alike, only finds the vertices of value ∞: their
        // edges and the edges to them are left out before any weight is compared.
        if !leaf && part.finite {
            let by: Vec<(u64, u32)> = part
                .original
                .iter()
                .map(|&e| (network.weight(e as usize), e))
                .collect();
            select::partition_median(&mut weighed, &|e: Vertex| &by[e.index()], &cmp);
            for e in &weighed[weighed.len() / 2..] {
                keys[e.index()] = HEAVY;
            }
        }
        let mut queue = Buckets::new(HEAVY as usize + 1);
        let run = run(
            &part.network,
            &part_k,
            BOTTOM,
            |arc, value| keys[arc.edge()].max(value),
            |a, b| a < b,
            &mut queue,
        );
        // Removals: every vertex's at a leaf, those of vertices of value ∞ at a split.
        for e in (0..keys.len()).filter(|&e| run.removed[e]) {
            let u = part.network.tail(e);
            if leaf || run.values[u].is_none() {
                removed[part.original[e] as usize] = true;
            }
        }
        if leaf {
            let value = weighed
                .first()
                .map_or(0, |e| network.weight(part.original[e.index()] as usize));
            for &u in &run.order[1..] {
                let (u, v) = (u as usize, part.vertices[u as usize] as usize);
                values[v] = value;
                next[v] = run.next[u].map(|e| part.original[e as usize]);
                order.push(v as u32);
            }
            continue;
        }
        let sides: Vec<Side> = (0..=len)
            .map(|u| match run.values[u] {
                _ if u == len => Side::Light,
                None => Side::Infinite,
                Some(HEAVY) => Side::Heavy,
                Some(_) => Side::Light,
            })
            .collect();
        // The light side is solved first, so that the leaves come in order of value.
        for which in [Side::Heavy, Side::Light] {
            parts.extend(side(&part, &sides, &keys, which)?);
        }
    }
    Ok(Bspi {
        solution: Solution::new(network, values, order, removed, next),
        comparisons: cmp.count(),
    })
}
