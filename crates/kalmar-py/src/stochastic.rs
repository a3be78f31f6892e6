//! `kalmar.stochastic`: stochastic games on graphs (simple, terminal-payoff, discounted,
//! mean-payoff and parity, with chance) read from a file, text or a `kalmar.graph.Graph`, solved
//! by `kalmar_stochastic::solve::solve` with any solver of its registry, and certified by the
//! library before the answer reaches Python (exact solvers), or given as value iteration's
//! guaranteed bounds.

use kalmar_core::format::GameGraph;
use kalmar_stochastic::solve::{Answer, DEFAULT_MAX_MEMORY, Options, SOLVERS, SolveError, solve};
use kalmar_stochastic::{Class, ParityConvention};

use crate::common::{LazyFractions, interruptible, rational, read_only, save, value_error};
use crate::graph::{Graph, names, owners, parse_graph, read_graph, successors};
use numpy::PyArray1;
use pyo3::exceptions::{PyMemoryError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Every class, to read a class from its name.
const CLASSES: [Class; 5] = [
    Class::Simple,
    Class::Terminal,
    Class::Discounted,
    Class::MeanPayoff,
    Class::Parity,
];

/// A stochastic game: vertices 0..n in file order, owned by Max (0), Min (1), chance (-1) or no
/// one (a terminal, -2). Its class (`game_class`) is what the file suggests: `discounted` with a
/// discount factor, `mean-payoff` with rewards but none, `parity` with priorities, `simple` for
/// Condon's games (fair coins, payoffs 0 and 1) and `terminal` otherwise.
#[pyclass(module = "kalmar.stochastic", frozen)]
pub struct Game {
    graph: Arc<GameGraph>,
}

/// A solution: exact values and both players' optimal strategies, certified by the library;
/// or, from value iteration without `exact`, guaranteed bounds on every value.
#[pyclass(module = "kalmar.stochastic", frozen)]
pub struct Solution {
    /// The class the game was solved as.
    #[pyo3(get)]
    game_class: &'static str,
    /// The algorithm that ran: the solver's id, or `zlk` for a parity game without chance.
    #[pyo3(get)]
    solver: &'static str,
    /// Whether `values` are exact: strategies were found, or the bounds met.
    #[pyo3(get)]
    exact: bool,
    /// The lists of `values`, `lower` and `upper`, made when first read.
    values: LazyFractions,
    lower: LazyFractions,
    upper: LazyFractions,
    /// Value iteration's guaranteed error: the largest `upper - lower` (a `Fraction`), None for
    /// other solvers.
    #[pyo3(get)]
    error: Option<Py<PyAny>>,
    /// Per vertex, the vertex its owner moves to, as `int64`: Max's optimal move at Max's
    /// vertices, Min's at Min's, -1 at chance and terminals; None when the solver gives no
    /// strategies (`zp`, and `vi` without `exact`).
    #[pyo3(get)]
    strategy: Option<Py<PyArray1<i64>>>,
    /// Whether the library's certificate checked the values and strategies (every solver that
    /// gives strategies); False for bounds and for `zp`'s values.
    #[pyo3(get)]
    verified: bool,
    /// The certificate that checked the answer, in words, or None.
    #[pyo3(get)]
    certificate: Option<&'static str>,
    /// Whether value iteration stopped at `timeout` with bounds wider than `epsilon`.
    #[pyo3(get)]
    timed_out: bool,
    /// The solver's counters: `iterations`, `evaluations` (exact Markov-chain solves),
    /// `estimates` (floating-point ones) and `rounds` (games solved by a parameter search).
    #[pyo3(get)]
    stats: Py<PyDict>,
    /// The game, the library's answer and the parity convention it was solved under, for the
    /// solution file (written only when asked).
    graph: Arc<GameGraph>,
    answer: Arc<Answer>,
    convention: ParityConvention,
}

#[pymethods]
impl Solution {
    /// Per vertex, its value as a `fractions.Fraction`: exact, or the middle of `lower` and
    /// `upper` when value iteration's bounds are apart (see `exact` and `error`). The list is
    /// made when first read, then kept.
    #[getter]
    fn values(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.values.get(py, &self.answer.values)
    }

    /// Value iteration's guaranteed lower bound per vertex (`Fraction`s), None for other solvers.
    #[getter]
    fn lower(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let bounds = self.answer.bounds.as_ref();
        bounds.map(|b| self.lower.get(py, &b.lower)).transpose()
    }

    /// Value iteration's guaranteed upper bound per vertex (`Fraction`s), None for other solvers.
    #[getter]
    fn upper(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let bounds = self.answer.bounds.as_ref();
        bounds.map(|b| self.upper.get(py, &b.upper)).transpose()
    }

    /// The solution file (`kalmar-ssol`: the class, and every vertex's exact value and move by
    /// name), exactly as `kalmar stochastic solve --output` writes it; `kalmar.verify` and
    /// `kalmar verify` check it against the game file. `ValueError` when the answer lacks
    /// exact values or a move at every vertex of Max and Min (`vi` without `exact`, `zp`).
    fn to_text(&self, py: Python<'_>) -> PyResult<String> {
        py.detach(|| self.answer.solution_file(&self.graph, self.convention))
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "a solution file needs exact values and a move at every vertex of Max and \
                     Min, which solver {} does not give here (use si, or vi with exact=True)",
                    self.solver
                ))
            })
    }

    /// Writes `to_text()` to the file `path`: `OSError` if it cannot be written.
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        save(py, &path, &self.to_text(py)?)
    }

    fn __repr__(&self) -> String {
        format!(
            "<kalmar.stochastic.Solution of a {} game by {}: {}{}>",
            self.game_class,
            self.solver,
            if self.exact { "exact" } else { "bounds" },
            if self.verified { ", verified" } else { "" }
        )
    }
}

impl Game {
    /// The game of a graph (its class is checked when it is solved).
    pub fn from_graph(graph: Arc<GameGraph>) -> Game {
        Game { graph }
    }
}

/// A solve's error as Python's: `MemoryError` for the size refusal (the exact solve is estimated
/// to need more than `max_memory`), `RuntimeError` for a certificate that fails (a bug), and
/// `ValueError` for the rest; the message is the library's.
fn solve_error(error: SolveError) -> PyErr {
    match error {
        SolveError::TooLarge { .. } => PyMemoryError::new_err(error.to_string()),
        SolveError::Certificate(_) => PyRuntimeError::new_err(error.to_string()),
        e => value_error(e),
    }
}

#[pymethods]
impl Game {
    /// The number of vertices.
    #[getter]
    fn num_vertices(&self) -> usize {
        self.graph.arena.num_vertices()
    }

    /// The number of moves.
    #[getter]
    fn num_edges(&self) -> usize {
        self.graph.arena.num_edges()
    }

    /// The vertex names, in vertex order (a given name, or the vertex's number).
    #[getter]
    fn names(&self) -> Vec<String> {
        names(&self.graph)
    }

    /// Per vertex, its owner: 0 (Max), 1 (Min), -1 (chance) or -2 (a terminal), as a read-only
    /// `int16` array.
    #[getter]
    fn owners(&self, py: Python<'_>) -> PyResult<Py<PyArray1<i16>>> {
        owners(py, &self.graph.arena)
    }

    /// The class the file suggests: `simple`, `terminal`, `discounted`, `mean-payoff` or
    /// `parity`.
    #[getter]
    fn game_class(&self) -> &'static str {
        Class::of(&self.graph).name()
    }

    /// The game graph, to build other families' games from or write as `.gg`.
    #[getter]
    fn graph(&self) -> Graph {
        Graph {
            graph: Arc::clone(&self.graph),
        }
    }

    /// Solves the game with `solver` (see `solvers()`) and certifies the answer.
    ///
    /// - `game_class`: read the game as this class instead of the one its file suggests.
    /// - `exact`, `epsilon`, `max_sweeps`, `timeout`: value iteration (`vi`) stops when its
    ///   bounds are within `epsilon` (an exact number: int, `Fraction` or string such as
    ///   `"1/1000"`), after `max_sweeps` sweeps, or after `timeout` seconds; with `exact` it
    ///   finishes by exact strategy iteration from the strategies its bounds suggest.
    /// - `convention`: parity games, `"even"` (Max wins when the largest priority seen
    ///   infinitely often is even) or `"odd"`.
    /// - `max_memory`: exact solves (`si`, `mpsi`, `zp`, `vi` with `exact`) are refused with
    ///   `MemoryError` when the library's size model estimates more bytes than this (4 GiB by
    ///   default); the message gives the estimate.
    ///
    /// - `workers`: with `vi` on a simple or terminal-payoff game, above 1 the bounds are found
    ///   by a dataflow on that many threads (`kalmar dist vi`: the same guarantee, the exact
    ///   finish and its certificate as with one); `stats` then also has the dataflow's
    ///   `sweeps`, `deflations`, `messages` and `workers`.
    ///
    /// An unknown solver or one that does not solve the class raises `ValueError`. The GIL is
    /// released while it runs, and Ctrl-C interrupts it.
    #[pyo3(signature = (solver = "si", *, game_class = None, exact = false, epsilon = None,
        max_sweeps = 1_000_000, timeout = None, convention = "even", max_memory = None,
        workers = 1))]
    #[expect(clippy::too_many_arguments, reason = "one keyword argument per option")]
    fn solve(
        &self,
        py: Python<'_>,
        solver: &str,
        game_class: Option<&str>,
        exact: bool,
        epsilon: Option<&Bound<'_, PyAny>>,
        max_sweeps: u64,
        timeout: Option<f64>,
        convention: &str,
        max_memory: Option<u64>,
        workers: usize,
    ) -> PyResult<Solution> {
        let defaults = Options::default();
        let class = game_class
            .map(|name| {
                CLASSES.into_iter().find(|c| c.name() == name).ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "unknown class '{name}': expected one of simple, terminal, discounted, mean-payoff, parity"
                    ))
                })
            })
            .transpose()?;
        let convention = match convention {
            "even" => ParityConvention::EvenWins,
            "odd" => ParityConvention::OddWins,
            other => {
                return Err(PyValueError::new_err(format!(
                    "unknown convention '{other}': expected 'even' or 'odd'"
                )));
            }
        };
        let deadline = timeout
            .map(|seconds| {
                Duration::try_from_secs_f64(seconds)
                    .map(|d| Instant::now() + d)
                    .map_err(|_| {
                        PyValueError::new_err(format!(
                            "timeout {seconds} is not a number of seconds"
                        ))
                    })
            })
            .transpose()?;
        let options = Options {
            solver: solver.to_string(),
            class,
            exact,
            epsilon: epsilon
                .map(rational)
                .transpose()?
                .unwrap_or(defaults.epsilon),
            max_sweeps,
            deadline,
            convention,
            max_memory: max_memory.unwrap_or(DEFAULT_MAX_MEMORY),
        };
        let graph = Arc::clone(&self.graph);
        let stats = PyDict::new(py);
        let (answer, options) = if workers > 1 {
            if solver != "vi" || game_class.is_some() || timeout.is_some() {
                return Err(PyValueError::new_err(
                    "workers above 1 take solver 'vi' on the game's own class, without timeout",
                ));
            }
            let dist = kalmar_dist::vi::Options {
                epsilon: options.epsilon.clone(),
                max_sweeps,
                ..kalmar_dist::vi::Options::default()
            };
            let found = interruptible(py, move || {
                let cluster = kalmar_dist::Cluster::threads(workers);
                kalmar_dist::vi::solve_graph(&graph, &dist, exact, &cluster)
            })?;
            let (answer, dataflow) = match found {
                Ok(Some(found)) => found,
                Ok(None) => return Err(PyRuntimeError::new_err("the workers gave no answer")),
                Err(e @ (kalmar_dist::DistError::Game(_) | kalmar_dist::DistError::Options(_))) => {
                    return Err(PyValueError::new_err(e.to_string()));
                }
                Err(e) => return Err(PyRuntimeError::new_err(e.to_string())),
            };
            stats.set_item("sweeps", dataflow.sweeps)?;
            stats.set_item("deflations", dataflow.deflations)?;
            stats.set_item("messages", dataflow.dataflow.messages)?;
            stats.set_item("workers", dataflow.dataflow.workers)?;
            (answer, options)
        } else {
            let (answer, options) = interruptible(py, move || {
                let answer = solve(&graph, &options);
                (answer, options)
            })?;
            (answer.map_err(solve_error)?, options)
        };
        let arena = &self.graph.arena;
        stats.set_item("iterations", answer.stats.iterations)?;
        stats.set_item("evaluations", answer.stats.evaluations)?;
        stats.set_item("estimates", answer.stats.estimates)?;
        stats.set_item("rounds", answer.stats.rounds)?;
        let bounds = answer.bounds.as_ref();
        Ok(Solution {
            game_class: answer.class.name(),
            solver: answer.solver,
            exact: answer.is_exact(),
            timed_out: answer.timed_out(&options),
            values: LazyFractions::default(),
            lower: LazyFractions::default(),
            upper: LazyFractions::default(),
            error: bounds
                .map(|b| crate::common::fraction(py, &b.error()).map(Bound::unbind))
                .transpose()?,
            strategy: answer
                .strategy
                .as_ref()
                .map(|s| read_only(py, successors(arena, |v| s.get(v))))
                .transpose()?,
            verified: answer.check_time.is_some(),
            certificate: answer.certificate,
            stats: stats.unbind(),
            graph: Arc::clone(&self.graph),
            convention: options.convention,
            answer: Arc::new(answer),
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "<kalmar.stochastic.Game ({}): {} vertices, {} moves>",
            self.game_class(),
            self.num_vertices(),
            self.num_edges()
        )
    }
}

/// Reads a stochastic game from a file (`.gg`, `.pg` or `.ehoa` by its extension or first word;
/// `.gz`, `.bz2` decompressed). A file that cannot be opened raises `OSError`, one that does not
/// parse `ValueError` with the file, line and column.
#[pyfunction]
fn read(path: PathBuf) -> PyResult<Game> {
    Ok(Game::from_graph(Arc::new(read_graph(&path)?)))
}

/// Reads a stochastic game from text (`.gg`, `.pg` or eHOA, told by its first word); errors give
/// the line and column.
#[pyfunction]
fn parse(text: &str) -> PyResult<Game> {
    Ok(Game::from_graph(Arc::new(parse_graph(text)?)))
}

/// The stochastic game of a `kalmar.graph.Graph`.
#[pyfunction]
fn from_graph(graph: &Bound<'_, Graph>) -> Game {
    Game::from_graph(Arc::clone(&graph.get().graph))
}

/// The solvers' ids, in the registry's order.
#[pyfunction]
fn solvers() -> Vec<&'static str> {
    SOLVERS.ids().collect()
}

/// Adds the functions and classes to the `stochastic` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<Solution>()?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(from_graph, m)?)?;
    m.add_function(wrap_pyfunction!(solvers, m)?)?;
    Ok(())
}
