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
//! A network that came without a budget (a road network of the DIMACS challenge, say) gets one
//! from [`random_budget`]: K removals at each vertex with chance F, none elsewhere, the source
//! and sink given or drawn, all by a seed (`kalmar interdict budget`).
//!
//! ```
//! use kalmar_interdiction::generate::{Params, generate};
//! use kalmar_interdiction::{gpi, operator::Operator};
//! let (network, budget) = generate("grid", &Params { size: 10_000, seed: 7 }).unwrap();
//! assert!(network.num_edges() >= 9_000);
//! let solution = gpi::solve(&network, &budget, Operator::Sum).unwrap();
//! assert!(solution.values[network.source()] < u64::MAX);
//!
//! use kalmar_interdiction::budget::Budget;
//! use kalmar_interdiction::dimacs::read_gr;
//! use kalmar_interdiction::generate::{BudgetParams, random_budget};
//! let gr = read_gr("p sp 3 3\na 1 2 4\na 2 3 1\na 1 3 9\n").unwrap();
//! // Two removals at every vertex (F = 1), from vertex 1 (0 here) to vertex 3.
//! let params = BudgetParams { removals: 2, fraction: 1.0, seed: 7 };
//! let (network, budget) = random_budget(&gr, Some(0), Some(2), &params).unwrap();
//! assert_eq!((network.source(), network.sink()), (0, 2));
//! assert_eq!(budget, Budget::Removals(vec![2, 2, 2]));
//! let solution = gpi::solve(&network, &budget, Operator::Sum).unwrap();
//! assert_eq!(solution.values[0], u64::MAX); // every path can be cut
//! ```
//!
//! # Complexity
//! O(SIZE); [`random_budget`] O(n + m), the network being built from the arcs.

use crate::budget::Budget;
use crate::dimacs::Gr;
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

/// What [`random_budget`] takes.
#[derive(Clone, Copy, Debug)]
pub struct BudgetParams {
    /// K, the removals at each vertex drawn.
    pub removals: u32,
    /// F, each vertex's chance to be drawn, from 0 to 1.
    pub fraction: f64,
    /// The seed.
    pub seed: u64,
}

/// The network of `gr` with a budget drawn by `params.seed`: each vertex independently with
/// chance `params.fraction` may remove `params.removals` of its out-edges, the others none.
/// The source and the sink (from 0) are `source` and `sink` where given, otherwise drawn
/// (distinct when there are two vertices or more), after the budget. Refuses a fraction outside
/// [0, 1] and a terminal that is not a vertex.
pub fn random_budget(
    gr: &Gr,
    source: Option<usize>,
    sink: Option<usize>,
    params: &BudgetParams,
) -> Result<(Network, Budget), GenerateError> {
    if !(0.0..=1.0).contains(&params.fraction) {
        return Err(GenerateError::Parameter(format!(
            "fraction {}: expected a number from 0 to 1",
            params.fraction
        )));
    }
    let n = gr.vertices;
    if n == 0 {
        return Err(GenerateError::Parameter("the network has no vertex".into()));
    }
    for (name, v) in [("source", source), ("sink", sink)] {
        if let Some(v) = v.filter(|&v| v >= n) {
            return Err(GenerateError::Parameter(format!(
                "{name} {}: expected a vertex from 1 to {n}",
                v + 1
            )));
        }
    }
    let mut rng = rng(params.seed);
    let k = (0..n)
        .map(|_| {
            if rng.random_bool(params.fraction) {
                params.removals
            } else {
                0
            }
        })
        .collect();
    let source = source.unwrap_or_else(|| match sink {
        Some(t) if n > 1 => (t + rng.random_range(1..n)) % n,
        _ => rng.random_range(0..n),
    });
    let sink = sink.unwrap_or_else(|| {
        if n > 1 {
            (source + rng.random_range(1..n)) % n
        } else {
            source
        }
    });
    let network = gr
        .network(source, sink)
        .map_err(|e| GenerateError::Parameter(e.to_string()))?;
    let budget =
        Budget::removals(&network, k).map_err(|e| GenerateError::Parameter(e.to_string()))?;
    Ok((network, budget))
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

#[cfg(test)]
mod tests {
    use super::{BudgetParams, random_budget};
    use crate::budget::Budget;
    use crate::budget_file::{instance, to_budget_string};
    use crate::dimacs::{read_gr, to_gr_string};

    /// A path 1 -> 2 -> … -> n, weights 1.
    fn path(n: usize) -> crate::dimacs::Gr {
        let arcs: String = (1..n).map(|v| format!("a {v} {} 1\n", v + 1)).collect();
        read_gr(&format!("p sp {n} {}\n{arcs}", n - 1)).unwrap()
    }

    fn params(removals: u32, fraction: f64, seed: u64) -> BudgetParams {
        BudgetParams {
            removals,
            fraction,
            seed,
        }
    }

    fn removals(budget: &Budget) -> &[u32] {
        match budget {
            Budget::Removals(k) => k,
            _ => panic!("removals expected"),
        }
    }

    #[test]
    fn draws_about_the_fraction_with_k_removals() {
        let gr = path(10_000);
        let (network, budget) =
            random_budget(&gr, Some(0), Some(9_999), &params(3, 0.3, 5)).unwrap();
        assert_eq!((network.source(), network.sink()), (0, 9_999));
        let k = removals(&budget);
        assert!(k.iter().all(|&k| k == 0 || k == 3));
        let drawn = k.iter().filter(|&&k| k == 3).count();
        assert!((2_700..3_300).contains(&drawn), "{drawn} of 10000 drawn");
        // The same seed draws the same budget, another seed another one.
        let again = random_budget(&gr, Some(0), Some(9_999), &params(3, 0.3, 5)).unwrap();
        assert_eq!(again.1, budget);
        let other = random_budget(&gr, Some(0), Some(9_999), &params(3, 0.3, 6)).unwrap();
        assert_ne!(other.1, budget);
        // F = 0 and F = 1.
        let none = random_budget(&gr, Some(0), Some(1), &params(3, 0.0, 5)).unwrap();
        assert!(removals(&none.1).iter().all(|&k| k == 0));
        let all = random_budget(&gr, Some(0), Some(1), &params(2, 1.0, 5)).unwrap();
        assert!(removals(&all.1).iter().all(|&k| k == 2));
    }

    #[test]
    fn draws_distinct_terminals_when_not_given() {
        let gr = path(5);
        for seed in 0..50 {
            let (network, _) = random_budget(&gr, None, None, &params(1, 0.5, seed)).unwrap();
            assert!(network.source() < 5 && network.sink() < 5);
            assert_ne!(network.source(), network.sink());
            let (network, _) = random_budget(&gr, None, Some(4), &params(1, 0.5, seed)).unwrap();
            assert_eq!(network.sink(), 4);
            assert_ne!(network.source(), 4);
            let (network, _) = random_budget(&gr, Some(2), None, &params(1, 0.5, seed)).unwrap();
            assert_eq!(network.source(), 2);
            assert_ne!(network.sink(), 2);
        }
        // One vertex: it is both.
        let (network, _) = random_budget(&path(1), None, None, &params(1, 0.5, 1)).unwrap();
        assert_eq!((network.source(), network.sink()), (0, 0));
    }

    #[test]
    fn the_written_budget_reads_back_with_the_network() {
        let gr = path(50);
        let (network, budget) = random_budget(&gr, None, None, &params(2, 0.4, 9)).unwrap();
        let (read, read_budget) = instance(
            &to_gr_string(&network),
            &to_budget_string(&network, &budget),
        )
        .unwrap();
        assert_eq!(read_budget, budget);
        assert_eq!(
            (read.source(), read.sink()),
            (network.source(), network.sink())
        );
    }

    #[test]
    fn refuses_a_bad_fraction_or_terminal() {
        let gr = path(3);
        for fraction in [-0.1, 1.5, f64::NAN] {
            let error = random_budget(&gr, None, None, &params(1, fraction, 1)).unwrap_err();
            assert!(
                error.to_string().contains("expected a number from 0 to 1"),
                "{error}"
            );
        }
        let error = random_budget(&gr, Some(0), Some(3), &params(1, 0.5, 1)).unwrap_err();
        assert_eq!(
            error.to_string(),
            "bad parameter: sink 4: expected a vertex from 1 to 3"
        );
        let empty = crate::dimacs::Gr {
            vertices: 0,
            arcs: Vec::new(),
        };
        assert!(random_budget(&empty, None, None, &params(1, 0.5, 1)).is_err());
    }
}
