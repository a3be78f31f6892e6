//! `kalmar.interdiction`: network interdiction with vertex-local budgets, as `kalmar interdict`
//! solves it: an instance (a network with integer weights, a source, a sink and each vertex's
//! budget) from edges or a generator, solved by a solver of `kalmar_interdiction::solvers` and
//! checked by its certificate before Python sees it; the global-budget bottleneck variant by
//! `kalmar_interdiction::global`; partial interdiction (raises within polytopes) by
//! `kalmar_interdiction::partial`, with `fractions.Fraction` values.

use kalmar_core::format::read_text_file;
use kalmar_interdiction::budget::Budget;
use kalmar_interdiction::budget_file::{InstanceError, instance};
use kalmar_interdiction::dimacs::read_gr;
use kalmar_interdiction::generate::{
    BudgetParams, Params, generate as lib_generate, random_budget,
};
use kalmar_interdiction::global;
use kalmar_interdiction::network::Network;
use kalmar_interdiction::operator::{INFINITY, Operator};
use kalmar_interdiction::partial;
use kalmar_interdiction::polyhedral::{Extended, Row};
use kalmar_interdiction::solution_file::SolutionFile;
use kalmar_interdiction::solvers::{self as registry, Answer};

use crate::common::{fraction, interruptible, rational, read_only, save, value_error};
use numpy::PyArray1;
use pyo3::prelude::*;
use std::path::PathBuf;
use std::sync::Arc;

/// An interdiction instance: a network (vertices 0..n, edges numbered in the order given, each
/// with an integer weight), a source, a sink, and what the interdictor may remove at each
/// vertex.
#[pyclass(module = "kalmar.interdiction", frozen)]
pub struct Instance {
    instance: Arc<(Network, Budget)>,
}

/// A solution that passed the certificate: the value of every vertex (what the user pays from
/// there once the interdictor has spent its budgets), the interdictor's removals and the
/// user's best path.
#[pyclass(module = "kalmar.interdiction", frozen)]
pub struct Solution {
    /// The solver that found it.
    #[pyo3(get)]
    solver: &'static str,
    /// The path-weight operator: "sum", "max" or "product".
    #[pyo3(get)]
    operator: &'static str,
    /// The source's value, or None when the interdictor cuts it from the sink.
    #[pyo3(get)]
    value: Option<u64>,
    /// Per vertex its value as a read-only `uint64` array; `INFINITY` where the sink is cut off.
    #[pyo3(get)]
    values: Py<PyArray1<u64>>,
    /// Per edge, whether the interdictor removes it (read-only `bool` array).
    #[pyo3(get)]
    removed: Py<PyArray1<bool>>,
    /// The user's best path from the source: its edges.
    #[pyo3(get)]
    path: Vec<usize>,
    /// The comparisons of weights the solver made, when it counts them.
    #[pyo3(get)]
    comparisons: Option<u64>,
    /// Always True: the certificate accepted it.
    #[pyo3(get)]
    verified: bool,
    /// The solution file's text.
    file: String,
}

#[pymethods]
impl Solution {
    /// The solution file (JSON, family "interdiction"), exactly as `kalmar interdict solve -o`
    /// writes it; `Instance.verify` and `kalmar interdict verify` check it.
    fn to_text(&self) -> String {
        self.file.clone()
    }

    /// Writes `to_text()` to the file `path`: `OSError` if it cannot be written.
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        save(py, &path, &self.file)
    }

    fn __repr__(&self) -> String {
        let value = self.value.map_or("∞".to_string(), |v| v.to_string());
        format!(
            "<kalmar.interdiction.Solution by {}: the user pays {value} ({}), verified>",
            self.solver, self.operator
        )
    }
}

/// A partial-interdiction solution (raises within polytopes, shortest paths) that passed the
/// certificate: exact values and raises as `fractions.Fraction`, None for ∞.
#[pyclass(module = "kalmar.interdiction", frozen)]
pub struct PartialSolution {
    /// Always "gpi" (with exact linear programs as its oracle).
    #[pyo3(get)]
    solver: &'static str,
    /// Always "sum".
    #[pyo3(get)]
    operator: &'static str,
    values: Vec<Extended>,
    raises: Vec<Extended>,
    source: usize,
    /// The user's best path from the source: its edges.
    #[pyo3(get)]
    path: Vec<usize>,
    /// Always True: the certificate accepted it.
    #[pyo3(get)]
    verified: bool,
    /// The solution file's text.
    file: String,
}

/// A number of ℚ ∪ {∞} for Python: a `Fraction`, None for ∞.
fn extended<'py>(py: Python<'py>, x: &Extended) -> PyResult<Option<Bound<'py, PyAny>>> {
    x.finite().map(|x| fraction(py, x)).transpose()
}

#[pymethods]
impl PartialSolution {
    /// The source's value (a `Fraction`), or None when the interdictor can make it cost more
    /// than any bound.
    #[getter]
    fn value<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        extended(py, &self.values[self.source])
    }

    /// Per vertex its value: a `Fraction`, or None for ∞.
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Vec<Option<Bound<'py, PyAny>>>> {
        self.values.iter().map(|x| extended(py, x)).collect()
    }

    /// Per edge the interdictor's raise: a `Fraction`, or None where it raises without bound.
    #[getter]
    fn raises<'py>(&self, py: Python<'py>) -> PyResult<Vec<Option<Bound<'py, PyAny>>>> {
        self.raises.iter().map(|x| extended(py, x)).collect()
    }

    /// The solution file (JSON), exactly as `kalmar interdict solve -o` writes it.
    fn to_text(&self) -> String {
        self.file.clone()
    }

    /// Writes `to_text()` to the file `path`: `OSError` if it cannot be written.
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        save(py, &path, &self.file)
    }

    fn __repr__(&self) -> String {
        let value = match &self.values[self.source] {
            Extended::Finite(x) => x.to_string(),
            Extended::Infinite => "∞".into(),
        };
        format!(
            "<kalmar.interdiction.PartialSolution by gpi: the user pays {value} (raises), verified>"
        )
    }
}

/// The source's value alone (bottleneck paths, k(v) removals) that passed its certificate:
/// the value, the interdictor's removals at every vertex and the user's path under them.
#[pyclass(module = "kalmar.interdiction", frozen)]
pub struct SourceValue {
    /// The source's value, or None when the interdictor cuts it from the sink.
    #[pyo3(get)]
    value: Option<u64>,
    /// Per edge, whether the interdictor removes it (read-only `bool` array).
    #[pyo3(get)]
    removed: Py<PyArray1<bool>>,
    /// The user's path from the source: its edges, none heavier than the value.
    #[pyo3(get)]
    path: Vec<usize>,
    /// The rounds of coarsening run.
    #[pyo3(get)]
    rounds: usize,
    /// The comparisons of weights made.
    #[pyo3(get)]
    comparisons: u64,
    /// Always True: the certificate accepted it.
    #[pyo3(get)]
    verified: bool,
    /// The solution file's text.
    file: String,
}

#[pymethods]
impl SourceValue {
    /// The solution file (JSON, family "interdiction", with `source_value`), exactly as
    /// `kalmar interdict solve --source-only -o` writes it; `Instance.verify` checks it.
    fn to_text(&self) -> String {
        self.file.clone()
    }

    /// Writes `to_text()` to the file `path`: `OSError` if it cannot be written.
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        save(py, &path, &self.file)
    }

    fn __repr__(&self) -> String {
        let value = self.value.map_or("∞".to_string(), |v| v.to_string());
        format!(
            "<kalmar.interdiction.SourceValue: the user pays {value} (max), {} rounds, verified>",
            self.rounds
        )
    }
}

/// Bottleneck interdiction with a global budget, with its proof: the cut and the disjoint
/// paths.
#[pyclass(module = "kalmar.interdiction", frozen)]
pub struct GlobalSolution {
    /// The bottleneck the user pays, or None when k removals cut the source from the sink.
    #[pyo3(get)]
    value: Option<u64>,
    /// The interdictor's removals (edges).
    #[pyo3(get)]
    cut: Vec<usize>,
    /// k + 1 edge-disjoint paths of edges no heavier than the value (when finite).
    #[pyo3(get)]
    paths: Vec<Vec<usize>>,
    /// Always True: the certificate accepted it.
    #[pyo3(get)]
    verified: bool,
}

#[pymethods]
impl GlobalSolution {
    fn __repr__(&self) -> String {
        let value = self.value.map_or("∞".to_string(), |v| v.to_string());
        format!("<kalmar.interdiction.GlobalSolution: bottleneck {value}, verified>")
    }
}

fn finite(x: u64) -> Option<u64> {
    (x != INFINITY).then_some(x)
}

#[pymethods]
impl Instance {
    /// The number of vertices.
    #[getter]
    fn num_vertices(&self) -> usize {
        self.instance.0.num_vertices()
    }

    /// The number of edges.
    #[getter]
    fn num_edges(&self) -> usize {
        self.instance.0.num_edges()
    }

    /// The source.
    #[getter]
    fn source(&self) -> usize {
        self.instance.0.source()
    }

    /// The sink.
    #[getter]
    fn sink(&self) -> usize {
        self.instance.0.sink()
    }

    /// Solves with the solver named (`solvers()`; None: `bspi-buckets` for "max" with
    /// removals, `gpi` otherwise), paths weighed by `operator` ("sum", "max" or "product"),
    /// and checks the answer with the certificate. ValueError if the solver does not fit.
    /// A budget of raises gives a `PartialSolution` (gpi, "sum" only).
    #[pyo3(signature = (operator="sum", solver=None))]
    fn solve(&self, py: Python<'_>, operator: &str, solver: Option<String>) -> PyResult<Py<PyAny>> {
        let operator = Operator::from_name(operator).ok_or_else(|| {
            value_error(format!(
                "unknown operator '{operator}': expected sum, max or product"
            ))
        })?;
        let instance = Arc::clone(&self.instance);
        let answer = interruptible(py, move || {
            registry::solve_any(&instance.0, &instance.1, operator, solver.as_deref())
        })?
        .map_err(value_error)?;
        let checked = match answer {
            Answer::Raises(solution) => {
                let solved = self.partial(solution)?;
                return Ok(Bound::new(py, solved)?.into_any().unbind());
            }
            Answer::Removals(checked) => checked,
        };
        let source = self.instance.0.source();
        let file = SolutionFile::new(&self.instance.0, operator, &checked.solution)
            .to_text()
            .map_err(value_error)?;
        let solution = Solution {
            file,
            solver: checked.solver,
            operator: operator.name(),
            value: finite(checked.solution.values[source]),
            path: checked.solution.path.clone(),
            values: read_only(py, checked.solution.values)?,
            removed: read_only(py, checked.solution.removed)?,
            comparisons: checked.comparisons,
            verified: true,
        };
        Ok(Bound::new(py, solution)?.into_any().unbind())
    }

    /// The source's value alone, paths weighed by their heaviest edge, with k(v) removals:
    /// the paper's coarsening (O(m log* m) comparisons, where every vertex's values can need
    /// O(m log m)), checked by its certificate. ValueError for other budgets.
    fn source_value(&self, py: Python<'_>) -> PyResult<SourceValue> {
        let instance = Arc::clone(&self.instance);
        let answer = interruptible(py, move || {
            registry::source_value(&instance.0, &instance.1, Operator::Max)
        })?
        .map_err(value_error)?;
        let file = SolutionFile::new_source_value(&self.instance.0, &answer)
            .to_text()
            .map_err(value_error)?;
        Ok(SourceValue {
            value: finite(answer.value),
            path: answer.path,
            rounds: answer.rounds,
            comparisons: answer.comparisons,
            removed: read_only(py, answer.removed)?,
            verified: true,
            file,
        })
    }

    /// Bottleneck interdiction with a global budget: the interdictor removes any `k` edges
    /// (the vertices' own budgets are ignored); a binary search over maximum flows, checked
    /// by the cut and k + 1 disjoint paths.
    fn solve_global(&self, py: Python<'_>, k: usize) -> PyResult<GlobalSolution> {
        let instance = Arc::clone(&self.instance);
        let solved =
            interruptible(py, move || global::solve_checked(&instance.0, k))?.map_err(|e| {
                pyo3::exceptions::PyRuntimeError::new_err(format!("internal error: {e}"))
            })?;
        Ok(GlobalSolution {
            value: finite(solved.value),
            cut: solved.cut,
            paths: solved.paths,
            verified: true,
        })
    }

    /// Checks a saved solution (the text of its JSON file) with the certificate: `ValueError`
    /// saying what is wrong.
    fn verify(&self, solution: &str) -> PyResult<()> {
        let file = SolutionFile::read(solution).map_err(value_error)?;
        file.verify(&self.instance.0, &self.instance.1)
            .map_err(value_error)
    }

    fn __repr__(&self) -> String {
        let network = &self.instance.0;
        format!(
            "<kalmar.interdiction.Instance: {} vertices, {} edges, from {} to {}>",
            network.num_vertices(),
            network.num_edges(),
            network.source(),
            network.sink()
        )
    }
}

impl Instance {
    /// A partial-interdiction answer for Python.
    fn partial(&self, solution: partial::PartialSolution) -> PyResult<PartialSolution> {
        let network = &self.instance.0;
        let file = SolutionFile::new_partial(network, &solution)
            .to_text()
            .map_err(value_error)?;
        Ok(PartialSolution {
            solver: "gpi",
            operator: "sum",
            raises: (0..network.num_edges())
                .map(|e| solution.raise(e))
                .collect(),
            values: solution.values,
            source: network.source(),
            path: solution.path,
            verified: true,
            file,
        })
    }
}

/// An instance from its edges `(from, to, weight)` (vertices 0..n, weights integers up to
/// 2^40), the source and the sink, and the budgets: `removals` (an int for every vertex, or one
/// per vertex: how many of its out-edges may go), or `affordable` (per vertex, the affordable
/// sets of its out-edges by their number among them, downward closed; ValueError otherwise),
/// or `raises` (per vertex, the rows `(terms, bound)` of its polytope of raises, terms
/// `(out-edge number, coefficient)`, numbers exact: int, `Fraction` or a string such as
/// "3/2"; bounds at least 0; an out-edge no row names is never raised).
#[pyfunction]
#[pyo3(signature = (n, edges, source, sink, *, removals=None, affordable=None, raises=None))]
#[allow(clippy::type_complexity)]
fn from_edges<'py>(
    n: usize,
    edges: Vec<(usize, usize, u64)>,
    source: usize,
    sink: usize,
    removals: Option<&Bound<'py, PyAny>>,
    affordable: Option<Vec<Vec<Vec<u32>>>>,
    raises: Option<Vec<Vec<(Vec<(u32, Bound<'py, PyAny>)>, Bound<'py, PyAny>)>>>,
) -> PyResult<Instance> {
    let network = Network::new(n, &edges, source, sink).map_err(value_error)?;
    let given = [removals.is_some(), affordable.is_some(), raises.is_some()];
    if given.iter().filter(|&&g| g).count() > 1 {
        return Err(value_error("give one of removals, affordable and raises"));
    }
    let budget = match (removals, affordable) {
        (_, Some(families)) => Budget::affordable(&network, families),
        (None, None) if raises.is_some() => {
            let rows = (raises.into_iter().flatten())
                .map(|rows| {
                    (rows.iter())
                        .map(|(terms, bound)| {
                            let terms = (terms.iter())
                                .map(|(e, a)| Ok((*e, rational(a)?)))
                                .collect::<PyResult<_>>()?;
                            Ok(Row::new(terms, rational(bound)?))
                        })
                        .collect::<PyResult<Vec<Row>>>()
                })
                .collect::<PyResult<_>>()?;
            Budget::polyhedral(&network, rows)
        }
        (Some(k), None) => {
            let k: Vec<u32> = match k.extract::<u32>() {
                Ok(every) => vec![every; n],
                Err(_) => k.extract()?,
            };
            Budget::removals(&network, k)
        }
        (None, None) => Budget::removals(&network, vec![0; n]),
    }
    .map_err(value_error)?;
    Ok(Instance {
        instance: Arc::new((network, budget)),
    })
}

/// Reads an instance: the network from a DIMACS `.gr` file, the source, the sink and the
/// budgets from a budget file (see `kalmar interdict --help`). `OSError` if a file cannot be
/// read, `ValueError` with the file, line and column if it does not parse.
#[pyfunction]
fn read(network: PathBuf, budget: PathBuf) -> PyResult<Instance> {
    let text = |path: &PathBuf| read_text_file(path).map_err(crate::read_error);
    let (gr, budget_text) = (text(&network)?, text(&budget)?);
    let instance = instance(&gr, &budget_text).map_err(|e| match e {
        InstanceError::Gr(e) => value_error(e.in_file(network.display().to_string())),
        InstanceError::Budget(e) => value_error(e.in_file(budget.display().to_string())),
        InstanceError::Network(e) => value_error(format!("{}: {e}", network.display())),
    })?;
    Ok(Instance {
        instance: Arc::new(instance),
    })
}

/// An instance from a DIMACS `.gr` file that came without a budget (a road network of the
/// DIMACS challenge, say), with one drawn as `kalmar interdict budget` draws it: `removals`
/// at each vertex with chance `fraction` (by `seed`), none elsewhere; the source and sink
/// (from 0) as given, otherwise drawn. `OSError` if the file cannot be read, `ValueError` with
/// the line and column if it does not parse, or for a fraction outside [0, 1].
#[pyfunction]
#[pyo3(signature = (network, *, source=None, sink=None, removals=1, fraction=0.25, seed=1))]
fn read_network(
    network: PathBuf,
    source: Option<usize>,
    sink: Option<usize>,
    removals: u32,
    fraction: f64,
    seed: u64,
) -> PyResult<Instance> {
    let text = read_text_file(&network).map_err(crate::read_error)?;
    let gr = read_gr(&text).map_err(|e| value_error(e.in_file(network.display().to_string())))?;
    let params = BudgetParams {
        removals,
        fraction,
        seed,
    };
    let instance = random_budget(&gr, source, sink, &params).map_err(value_error)?;
    Ok(Instance {
        instance: Arc::new(instance),
    })
}

/// An instance from the texts of a `.gr` file and a budget file.
#[pyfunction]
fn parse(network: &str, budget: &str) -> PyResult<Instance> {
    let instance = instance(network, budget).map_err(value_error)?;
    Ok(Instance {
        instance: Arc::new(instance),
    })
}

/// A generated instance of family `family` ("grid", "road" or "random") with about `size`
/// edges.
#[pyfunction]
#[pyo3(signature = (family, size, seed=1))]
fn generate(family: &str, size: usize, seed: u64) -> PyResult<Instance> {
    let instance = lib_generate(family, &Params { size, seed }).map_err(value_error)?;
    Ok(Instance {
        instance: Arc::new(instance),
    })
}

/// The solvers' ids, in registry order.
#[pyfunction]
fn solvers() -> Vec<&'static str> {
    registry::SOLVERS.ids().collect()
}

/// Adds the functions and classes to the `interdiction` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Instance>()?;
    m.add_class::<Solution>()?;
    m.add_class::<GlobalSolution>()?;
    m.add_class::<SourceValue>()?;
    m.add_class::<PartialSolution>()?;
    m.add_function(wrap_pyfunction!(from_edges, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(read_network, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(solvers, m)?)?;
    m.add("INFINITY", INFINITY)?;
    Ok(())
}
