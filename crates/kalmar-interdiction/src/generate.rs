//! Generated interdiction instances, for tests and benchmarks (`kalmar generate interdiction`):
//!
//! - `grid`: a square grid of about SIZE edges, both directions between neighbours, weights
//!   1..=100, the source and the sink at opposite corners; a quarter of the vertices may remove
//!   one edge;
//! - `road`: a road-like planar network: about SIZE/8 points spread over a square, each joined
//!   both ways to its three nearest neighbours among the nearby points and to the next point
//!   of a snake through the cells (so it is connected), weights the rounded distances; source
//!   and sink at opposite corners, a quarter of the vertices may remove one edge;
//! - `random`: about SIZE/5 vertices with four random out-edges each plus a path through all of
//!   them (so the sink is reachable from everywhere), weights 1..=1000; a quarter of the
//!   vertices may remove one edge.
//!
//! ```
//! use kalmar_interdiction::generate::{Params, generate};
//! use kalmar_interdiction::{gpi, operator::Operator};
//! let (network, budget) = generate("grid", &Params { size: 10_000, seed: 7 }).unwrap();
//! assert!(network.num_edges() >= 9_000);
//! let solution = gpi::solve(&network, &budget, Operator::Sum).unwrap();
//! assert!(solution.values[network.source()] < u64::MAX);
//! ```
//!
//! # Complexity
//! O(SIZE).

use crate::budget::Budget;
use crate::network::Network;
use kalmar_core::generate::{GenerateError, rng};
use kalmar_core::registry::{Entry, Registry};
use rand::Rng;

/// A family: the parameters to an instance.
pub type Generator = fn(&Params) -> Result<(Network, Budget), GenerateError>;

/// What a family takes.
#[derive(Clone, Copy, Debug)]
pub struct Params {
    /// About how many edges.
    pub size: usize,
    /// The seed.
    pub seed: u64,
}

/// The most edges generated: about 40 bytes each while built, so 2·10⁸ is about 8 GiB.
pub const MAX_EDGES: usize = 200_000_000;

/// The families, by id.
pub static FAMILIES: Registry<Generator> = Registry::new(
    "instance family",
    &[
        Entry {
            id: "grid",
            summary: "a square grid, both directions, weights 1..=100, corner to corner",
            bounds: "SIZE edges",
            run: grid,
        },
        Entry {
            id: "road",
            summary: "SIZE/8 points in a square, each joined to its three nearest, distances as weights",
            bounds: "SIZE edges",
            run: road,
        },
        Entry {
            id: "random",
            summary: "SIZE/5 vertices, four random out-edges each and a path, weights 1..=1000",
            bounds: "SIZE edges",
            run: random,
        },
    ],
);

/// The instance of family `id`, refused above [`MAX_EDGES`] before anything is allocated.
pub fn generate(id: &str, params: &Params) -> Result<(Network, Budget), GenerateError> {
    let family = FAMILIES.get(id)?;
    if params.size < 4 || params.size > MAX_EDGES {
        return Err(GenerateError::Parameter(format!(
            "{} edges asked: between 4 and {MAX_EDGES}",
            params.size
        )));
    }
    (family.run)(params)
}

fn build(
    n: usize,
    edges: &[(usize, usize, u64)],
    s: usize,
    t: usize,
    k: Vec<u32>,
) -> Result<(Network, Budget), GenerateError> {
    let network =
        Network::new(n, edges, s, t).map_err(|e| GenerateError::Parameter(e.to_string()))?;
    let budget =
        Budget::removals(&network, k).map_err(|e| GenerateError::Parameter(e.to_string()))?;
    Ok((network, budget))
}

fn grid(params: &Params) -> Result<(Network, Budget), GenerateError> {
    // A side × side grid has 4 · side · (side − 1) directed edges.
    let side = ((params.size as f64 / 4.0).sqrt().ceil() as usize + 1).max(2);
    let n = side * side;
    let mut rng = rng(params.seed);
    let mut edges = Vec::with_capacity(4 * side * (side - 1));
    for r in 0..side {
        for c in 0..side {
            let v = r * side + c;
            for w in [
                (c + 1 < side).then(|| v + 1),
                (r + 1 < side).then(|| v + side),
            ]
            .into_iter()
            .flatten()
            {
                edges.push((v, w, rng.random_range(1..=100)));
                edges.push((w, v, rng.random_range(1..=100)));
            }
        }
    }
    let k = (0..n).map(|_| u32::from(rng.random_bool(0.25))).collect();
    build(n, &edges, 0, n - 1, k)
}

fn random(params: &Params) -> Result<(Network, Budget), GenerateError> {
    let n = (params.size / 5).max(2);
    let mut rng = rng(params.seed);
    let mut edges = Vec::with_capacity(5 * n);
    for v in 0..n {
        if v + 1 < n {
            edges.push((v + 1, v, rng.random_range(1..=1000)));
        }
        for _ in 0..4 {
            let w = rng.random_range(0..n);
            if w != v {
                edges.push((v, w, rng.random_range(1..=1000)));
            }
        }
    }
    let k = (0..n).map(|_| u32::from(rng.random_bool(0.25))).collect();
    build(n, &edges, n - 1, 0, k)
}

fn road(params: &Params) -> Result<(Network, Budget), GenerateError> {
    let n = (params.size / 8).max(2);
    let mut rng = rng(params.seed);
    // Cells of about two points each; the points listed cell by cell along a snake.
    let side = ((n as f64 / 2.0).sqrt().ceil() as usize).max(1);
    let scale = 10_000.0 / side as f64;
    let mut cells: Vec<Vec<(f64, f64)>> = vec![Vec::new(); side * side];
    for _ in 0..n {
        let (x, y) = (
            rng.random::<f64>() * side as f64,
            rng.random::<f64>() * side as f64,
        );
        let (cx, cy) = ((x as usize).min(side - 1), (y as usize).min(side - 1));
        cells[cy * side + cx].push((x, y));
    }
    let mut points = Vec::with_capacity(n);
    let mut cell_of = Vec::with_capacity(n);
    let mut first = vec![0usize; side * side + 1];
    for cy in 0..side {
        for k in 0..side {
            let cx = if cy % 2 == 0 { k } else { side - 1 - k };
            let c = cy * side + cx;
            first[c] = points.len();
            for &p in &cells[c] {
                points.push(p);
                cell_of.push(c);
            }
        }
    }
    let located: Vec<Vec<usize>> = (0..side * side)
        .map(|c| (first[c]..first[c] + cells[c].len()).collect())
        .collect();
    let distance = |a: usize, b: usize| {
        let (dx, dy) = (points[a].0 - points[b].0, points[a].1 - points[b].1);
        ((dx * dx + dy * dy).sqrt() * scale).round() as u64 + 1
    };
    let mut edges = Vec::with_capacity(8 * n);
    for (v, &cell) in cell_of.iter().enumerate() {
        // The snake keeps the network connected.
        if v + 1 < points.len() {
            let w = distance(v, v + 1);
            edges.push((v, v + 1, w));
            edges.push((v + 1, v, w));
        }
        let (cx, cy) = (cell % side, cell / side);
        let mut near: Vec<(u64, usize)> = Vec::new();
        for ny in cy.saturating_sub(1)..(cy + 2).min(side) {
            for nx in cx.saturating_sub(1)..(cx + 2).min(side) {
                for &w in &located[ny * side + nx] {
                    if w != v {
                        near.push((distance(v, w), w));
                    }
                }
            }
        }
        near.sort_unstable();
        for &(d, w) in near.iter().take(3) {
            edges.push((v, w, d));
            edges.push((w, v, d));
        }
    }
    let n = points.len();
    let k = (0..n).map(|_| u32::from(rng.random_bool(0.25))).collect();
    // The snake starts and ends at opposite corners when the side is odd, adjacent ones
    // otherwise; either way far apart.
    build(n, &edges, 0, n - 1, k)
}
