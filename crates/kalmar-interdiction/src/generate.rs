//! Generated interdiction instances, for tests and benchmarks (`kalmar generate interdiction`):
//!
//! - `grid`: a square grid of about SIZE edges, both directions between neighbours, weights
//!   1..=100, the source and the sink at opposite corners; a quarter of the vertices may remove
//!   one edge;
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
