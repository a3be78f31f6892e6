//! The interdiction suite: on generated grid and random networks (or a given one, with
//! [`run_network`]), every solver of
//! [`kalmar_interdiction::solvers`] with k(v) edge removals against the plain path search it
//! extends on the same graph (the user's best paths with nothing removed: Dijkstra for sums;
//! for maxima the fastest of the bottleneck searches of every vertex over a heap and over
//! buckets, [`plain`]), with the comparisons counted and the certificate timed; and the
//! source's value alone by the coarsening of [`bspi_source`] with its certificate, against the
//! fastest of those and the plain searches for the source's value alone (from either end
//! until the other, over each queue). The paper's claim is interdiction "for free": each
//! solver within a small factor of its plain search.
//!
//! ```
//! use kalmar_bench::interdiction::run;
//! let rows = run(&["grid"], &[1000], &[], 1, 1).unwrap();
//! // gpi on sums; on maxima gpi, three BSPI solvers, and bspi-source with and without budgets
//! assert_eq!(rows.len(), 7);
//! assert!(rows.iter().all(|row| row.verified));
//! assert_eq!(rows[0].plain, "Dijkstra");
//! ```

pub mod plain;

use crate::harness::{TableRow, Timing, time};
use kalmar_core::generate::GenerateError;
use kalmar_interdiction::budget::Budget;
use kalmar_interdiction::generate::{Params, generate};
use kalmar_interdiction::network::Network;
use kalmar_interdiction::operator::Operator;
use kalmar_interdiction::{bspi_source, certificate, solvers};
use plain::{End, Queue};
use serde::Serialize;
use std::time::Instant;

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
    /// The fastest plain search (nothing removed) by its median.
    pub plain: String,
    /// The median time of that search, in seconds.
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
        "| family | operator | solver | vertices | edges | fastest plain search | plain | solver | solver / plain | comparisons per edge | certificate |\n\
         |---|---|---|---:|---:|---|---:|---:|---:|---:|---:|"
    }

    fn markdown(&self) -> String {
        format!(
            "| {} | {} | {} | {} | {} | {} | {:.3} ms | {:.3} ms | {:.2} | {} | {:.3} ms{} |",
            self.family,
            self.operator,
            self.solver,
            self.vertices,
            self.edges,
            self.plain,
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
        let measured = match solver {
            SOURCE_VALUE => source_only(network, budget, runs),
            WITHOUT_BUDGET => source_only(network, &none, runs),
            _ => every_vertex(network, budget, operator, solver, runs),
        };
        let measured = measured.map_err(GenerateError::Parameter)?;
        rows.push(measured.row(family, operator, solver, network));
    }
    Ok(rows)
}

/// The fastest plain search and its median time, and a solver's (run in turn), the solver's
/// comparisons, the certificate's median time and verdict.
struct Measured {
    plain: String,
    plain_seconds: f64,
    solver_seconds: f64,
    comparisons: Option<u64>,
    check_seconds: f64,
    verified: bool,
}

impl Measured {
    /// The row of `solver` on `network` (of `family`) under `operator`.
    fn row(
        self,
        family: &str,
        operator: Operator,
        solver: &'static str,
        network: &Network,
    ) -> InterdictionRow {
        InterdictionRow {
            family: family.to_string(),
            operator: operator.name(),
            solver,
            vertices: network.num_vertices(),
            edges: network.num_edges(),
            plain: self.plain,
            plain_seconds: self.plain_seconds,
            solver_seconds: self.solver_seconds,
            comparisons: self.comparisons,
            check_seconds: self.check_seconds,
            verified: self.verified,
        }
    }
}

/// A plain search, named, run for its time alone.
type Floor<'a> = (String, Box<dyn FnMut() + 'a>);

/// The plain searches of every vertex's value under `operator` with nothing removed: Dijkstra
/// for sums; for maxima the bottleneck search over each queue the weights allow.
fn every_vertex_floors(network: &Network, operator: Operator) -> Vec<Floor<'_>> {
    if operator != Operator::Max {
        let nothing = vec![false; network.num_edges()];
        let dijkstra = move || {
            std::hint::black_box(certificate::user_values(network, &nothing, operator));
        };
        return vec![("Dijkstra".to_string(), Box::new(dijkstra))];
    }
    let queues = Queue::ALL.into_iter();
    queues
        .filter(|&queue| queue.fits(network))
        .map(|queue| {
            let search = move || {
                std::hint::black_box(plain::every_vertex(network, queue));
            };
            let floor: Floor<'_> = (format!("{}, every vertex", queue.name()), Box::new(search));
            floor
        })
        .collect()
}

/// The least time a row's runs take together: rows of a millisecond are run until then,
/// beyond `runs`, since a median of three such runs moves by a tenth from one run of the bench
/// to the next.
const ROW_SECONDS: f64 = 0.5;

/// The most runs a row makes to fill [`ROW_SECONDS`].
const ROW_RUNS: usize = 1000;

/// Runs each of `floors` and then `solve` in turn `runs` times (at least once), and more while
/// the row has taken less than [`ROW_SECONDS`], so that a drift of the machine's speed falls
/// on all alike; returns the floor of least median with that median, the solver's timing and
/// its last result.
fn time_against<T>(
    runs: usize,
    mut floors: Vec<Floor<'_>>,
    mut solve: impl FnMut() -> T,
) -> (String, f64, Timing, T) {
    let mut samples = vec![Vec::new(); floors.len()];
    let mut solved = Vec::new();
    let started_row = Instant::now();
    loop {
        for ((_, floor), samples) in floors.iter_mut().zip(&mut samples) {
            let started = Instant::now();
            floor();
            samples.push(started.elapsed().as_secs_f64());
        }
        let started = Instant::now();
        let result = std::hint::black_box(solve());
        solved.push(started.elapsed().as_secs_f64());
        let long_enough =
            started_row.elapsed().as_secs_f64() >= ROW_SECONDS || solved.len() >= ROW_RUNS;
        if solved.len() >= runs.max(1) && long_enough {
            let (name, median) = (floors.iter().zip(samples))
                .map(|((name, _), samples)| (name.clone(), Timing::from_samples(samples).median))
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .unwrap_or(("none".to_string(), f64::NAN));
            return (name, median, Timing::from_samples(solved), result);
        }
    }
}

/// The registry's solver `id`, which gives every vertex's value, in turn with the plain
/// searches of every vertex.
fn every_vertex(
    network: &Network,
    budget: &Budget,
    operator: Operator,
    id: &str,
    runs: usize,
) -> Result<Measured, String> {
    let entry = solvers::SOLVERS.get(id).map_err(|e| e.to_string())?;
    let floors = every_vertex_floors(network, operator);
    let (plain, plain_seconds, timing, solved) =
        time_against(runs, floors, || (entry.run)(network, budget, operator));
    let solved = solved.map_err(|e| e.to_string())?;
    let (check, verdict) = time(runs, || {
        certificate::check(network, budget, operator, &solved.solution)
    });
    Ok(Measured {
        plain,
        plain_seconds,
        solver_seconds: timing.median,
        comparisons: solved.comparisons,
        check_seconds: check.median,
        verified: verdict.is_ok(),
    })
}

/// The source's value alone, by the coarsening of [`bspi_source`], in turn with the plain
/// searches of every vertex and those for the source's value alone (from either end until the
/// other, over each queue): a user who wants one value runs the search that finds it soonest,
/// and which that is depends on the network.
fn source_only(network: &Network, budget: &Budget, runs: usize) -> Result<Measured, String> {
    let mut floors = every_vertex_floors(network, Operator::Max);
    for from in [End::Source, End::Sink] {
        for queue in Queue::ALL {
            if queue.fits(network) {
                let end = match from {
                    End::Source => "source",
                    End::Sink => "sink",
                };
                let search = move || {
                    std::hint::black_box(plain::source_value(network, from, queue));
                };
                floors.push((format!("{} from the {end}", queue.name()), Box::new(search)));
            }
        }
    }
    let (plain, plain_seconds, timing, answer) =
        time_against(runs, floors, || bspi_source::solve(network, budget));
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
        plain,
        plain_seconds,
        solver_seconds: timing.median,
        comparisons: Some(answer.comparisons),
        check_seconds: check.median,
        verified: verdict.is_ok(),
    })
}
