//! The interdiction suite: on generated grid and random networks (or a given one, with
//! [`run_network`]), every solver of
//! [`kalmar_interdiction::solvers`] with k(v) edge removals against the plain path search it
//! extends on the same graph (the user's best paths with nothing removed: Dijkstra for sums,
//! the bottleneck search for maxima), with the comparisons counted and the certificate timed;
//! and the source's value alone by the coarsening of [`bspi_source`] with its certificate,
//! against the faster of that search and [`bottleneck_path`], which stops at the sink.
//! The paper's claim is interdiction "for free": each solver within a small factor of its
//! plain search.
//!
//! ```
//! use kalmar_bench::interdiction::run;
//! let rows = run(&["grid"], &[1000], &[], 1, 1).unwrap();
//! // gpi on sums; on maxima gpi, three BSPI solvers, and bspi-source with and without budgets
//! assert_eq!(rows.len(), 7);
//! assert!(rows.iter().all(|row| row.verified));
//! ```

use crate::harness::{TableRow, Timing, time, time_pair};
use kalmar_core::generate::GenerateError;
use kalmar_interdiction::budget::Budget;
use kalmar_interdiction::generate::{Params, generate};
use kalmar_interdiction::network::Network;
use kalmar_interdiction::operator::Operator;
use kalmar_interdiction::{bspi_source, certificate, solvers};
use serde::Serialize;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// One solver on one network, against the plain search.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct InterdictionRow {
    /// The family.
    pub family: String,
    /// The operator: sum or max.
    pub operator: &'static str,
    /// The solver.
    pub solver: &'static str,
    /// Vertices.
    pub vertices: usize,
    /// Edges.
    pub edges: usize,
    /// The median time of the plain search (nothing removed), in seconds.
    pub plain_seconds: f64,
    /// The median time of the solver, in seconds.
    pub solver_seconds: f64,
    /// The comparisons of weights it made, when counted.
    pub comparisons: Option<u64>,
    /// The median time of the certificate, in seconds.
    pub check_seconds: f64,
    /// Whether the certificate accepted the answer.
    pub verified: bool,
}

impl TableRow for InterdictionRow {
    fn markdown_header() -> &'static str {
        "| family | operator | solver | vertices | edges | plain search | solver | solver / plain | comparisons per edge | certificate |\n\
         |---|---|---|---:|---:|---:|---:|---:|---:|---:|"
    }

    fn markdown(&self) -> String {
        format!(
            "| {} | {} | {} | {} | {} | {:.3} ms | {:.3} ms | {:.2} | {} | {:.3} ms{} |",
            self.family,
            self.operator,
            self.solver,
            self.vertices,
            self.edges,
            self.plain_seconds * 1e3,
            self.solver_seconds * 1e3,
            self.solver_seconds / self.plain_seconds,
            self.comparisons.map_or("–".into(), |c| format!(
                "{:.1}",
                c as f64 / self.edges as f64
            )),
            self.check_seconds * 1e3,
            if self.verified { "" } else { " REJECTED" },
        )
    }
}

/// Each family at each size (edges), `runs` times (medians), on instances from `seed`: GPI on
/// shortest paths, then every solver on bottleneck paths, and the source's value alone by
/// [`bspi_source`] (`bspi-source`); only those in `only`, when it names
/// any.
pub fn run(
    families: &[&str],
    sizes: &[usize],
    only: &[&str],
    runs: usize,
    seed: u64,
) -> Result<Vec<InterdictionRow>, GenerateError> {
    let mut rows = Vec::new();
    for family in families {
        for &size in sizes {
            let (network, budget) = generate(family, &Params { size, seed })?;
            rows.extend(run_network(family, &network, &budget, only, runs)?);
        }
    }
    Ok(rows)
}

/// The id of the source's value alone, [`bspi_source`].
const SOURCE_VALUE: &str = solvers::SOURCE_VALUE;

/// The row of [`bspi_source`] with no budget anywhere: the same coarsening as a plain
/// bottleneck search, the floor the paper's "interdiction for free" compares with.
pub const WITHOUT_BUDGET: &str = "bspi-source, k = 0";

/// The rows of [`run`] for one network and budget (a file's, say), `family` naming it: GPI on
/// shortest paths, then every solver on bottleneck paths and the source's value alone, with
/// the budget and with none (only those in `only`, when it names any; `bspi-source` names
/// both), `runs` times (medians).
pub fn run_network(
    family: &str,
    network: &Network,
    budget: &Budget,
    only: &[&str],
    runs: usize,
) -> Result<Vec<InterdictionRow>, GenerateError> {
    for id in only.iter().filter(|&&id| id != SOURCE_VALUE) {
        solvers::SOLVERS
            .get(id)
            .map_err(|e| GenerateError::Parameter(e.to_string()))?;
    }
    let mut rows = Vec::new();
    let nothing = vec![false; network.num_edges()];
    let cases = std::iter::once((Operator::Sum, "gpi"))
        .chain(solvers::SOLVERS.ids().map(|id| (Operator::Max, id)))
        .chain([SOURCE_VALUE, WITHOUT_BUDGET].map(|id| (Operator::Max, id)))
        .filter(|&(_, id)| {
            let named = if id == WITHOUT_BUDGET {
                SOURCE_VALUE
            } else {
                id
            };
            only.is_empty() || only.contains(&named)
        });
    let none = Budget::Removals(vec![0; network.num_vertices()]);
    for (operator, solver) in cases {
        let plain = || certificate::user_values(network, &nothing, operator);
        let measured = match solver {
            SOURCE_VALUE => source_only(network, budget, runs, plain),
            WITHOUT_BUDGET => source_only(network, &none, runs, plain),
            _ => every_vertex(network, budget, operator, solver, runs, plain),
        };
        let Measured {
            plain_seconds,
            solver_seconds,
            comparisons,
            check_seconds,
            verified,
        } = measured.map_err(GenerateError::Parameter)?;
        rows.push(InterdictionRow {
            family: family.to_string(),
            operator: operator.name(),
            solver,
            vertices: network.num_vertices(),
            edges: network.num_edges(),
            plain_seconds,
            solver_seconds,
            comparisons,
            check_seconds,
            verified,
        });
    }
    Ok(rows)
}

/// The plain search's and a solver's median times (run in turn), the solver's comparisons,
/// the certificate's median time and verdict.
struct Measured {
    plain_seconds: f64,
    solver_seconds: f64,
    comparisons: Option<u64>,
    check_seconds: f64,
    verified: bool,
}

/// The registry's solver `id`, which gives every vertex's value, in turn with `plain`.
fn every_vertex<U>(
    network: &Network,
    budget: &Budget,
    operator: Operator,
    id: &str,
    runs: usize,
    plain: impl FnMut() -> U,
) -> Result<Measured, String> {
    let entry = solvers::SOLVERS.get(id).map_err(|e| e.to_string())?;
    let (floor, timing, solved) = time_pair(runs, plain, || (entry.run)(network, budget, operator));
    let solved = solved.map_err(|e| e.to_string())?;
    let (check, verdict) = time(runs, || {
        certificate::check(network, budget, operator, &solved.solution)
    });
    Ok(Measured {
        plain_seconds: floor.median,
        solver_seconds: timing.median,
        comparisons: solved.comparisons,
        check_seconds: check.median,
        verified: verdict.is_ok(),
    })
}

/// The source's value alone, by the coarsening of [`bspi_source`], in turn with two plain
/// searches: `plain`, every vertex's value, and [`bottleneck_path`], from the source until the
/// sink. The floor is the faster of the two (medians): which one wins depends on the network.
fn source_only<U>(
    network: &Network,
    budget: &Budget,
    runs: usize,
    mut plain: impl FnMut() -> U,
) -> Result<Measured, String> {
    let (mut every, mut path) = (Vec::new(), Vec::new());
    let both = || {
        every.push(time(1, &mut plain).0.median);
        path.push(time(1, || bottleneck_path(network)).0.median);
    };
    let (_, timing, answer) = time_pair(runs, both, || bspi_source::solve(network, budget));
    let floor = Timing::from_samples(every)
        .median
        .min(Timing::from_samples(path).median);
    let answer = answer.map_err(|e| e.to_string())?;
    let (check, verdict) = time(runs, || {
        certificate::check_source_value(
            network,
            budget,
            answer.value,
            &answer.removed,
            &answer.path,
        )
    });
    Ok(Measured {
        plain_seconds: floor,
        solver_seconds: timing.median,
        comparisons: Some(answer.comparisons),
        check_seconds: check.median,
        verified: verdict.is_ok(),
    })
}

/// The plain bottleneck path search for the source's value alone: Dijkstra from the source
/// over out-edges, paths weighed by their heaviest edge, with a binary heap, stopping when the
/// sink is settled (`u64::MAX` when it is never reached). O(m log n), and often far less.
///
/// ```
/// use kalmar_bench::interdiction::bottleneck_path;
/// use kalmar_interdiction::generate::{Params, generate};
/// use kalmar_interdiction::{certificate, operator::Operator};
/// for family in ["grid", "road", "random"] {
///     let (network, _) = generate(family, &Params { size: 3000, seed: 7 }).unwrap();
///     let nothing = vec![false; network.num_edges()];
///     let every = certificate::user_values(&network, &nothing, Operator::Max);
///     assert_eq!(bottleneck_path(&network), every[network.source()]);
/// }
/// ```
pub fn bottleneck_path(network: &Network) -> u64 {
    let (s, t) = (network.source(), network.sink());
    // Per vertex, the lightest heaviest edge found so far; a heap entry above it is stale.
    let mut best = vec![u64::MAX; network.num_vertices()];
    best[s] = 0;
    let mut heap = BinaryHeap::from([Reverse((0u64, s as u32))]);
    while let Some(Reverse((value, u))) = heap.pop() {
        let u = u as usize;
        if u == t {
            return value;
        }
        if value != best[u] {
            continue;
        }
        for e in network.out_edges(u) {
            let (v, through) = (network.head(e), value.max(network.weight(e)));
            if through < best[v] {
                best[v] = through;
                heap.push(Reverse((through, v as u32)));
            }
        }
    }
    u64::MAX
}
