//! `kalmar.dgg`: deterministic graphical games (rational payoffs at terminals, infinite play
//! pays 0) read from a file, text or a `kalmar.graph.Graph`, solved by `kalmar_terminal::dgg::solve`
//! with any solver of `kalmar_terminal::dgg::SOLVERS`, strongly or weakly, and verified before
//! the answer reaches Python.

use kalmar_core::format::GameGraph;
use kalmar_terminal::Dgg;
use kalmar_terminal::dgg::{self, DggError, Kind, SOLVERS, Solution as DggSolution};
use kalmar_terminal::solution_file::SolutionFile;

use crate::common::{
    LazyFractions, fraction, fractions, interruptible, read_only, save, value_error, write_error,
};
use crate::graph::{Graph, names, owners, parse_graph, read_graph, successors};
use numpy::PyArray1;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;
use std::sync::Arc;

/// A deterministic graphical game: vertices 0..n in file order, owned by Max (0), Min (1) or no
/// one (a terminal paying Max its exact payoff); infinite play pays 0.
#[pyclass(module = "kalmar.dgg", frozen)]
pub struct Game {
    graph: Arc<GameGraph>,
    game: Arc<Dgg>,
}

/// A verified solution, strong (every vertex) or weak (the start vertex).
#[pyclass(module = "kalmar.dgg", frozen)]
pub struct Solution {
    /// The solver that ran.
    #[pyo3(get)]
    solver: &'static str,
    /// "strong" (values of every vertex, strategies optimal from each) or "weak" (the start
    /// vertex's value, strategies optimal from it).
    #[pyo3(get)]
    kind: &'static str,
    /// The list of `values`, made when first read.
    values: LazyFractions,
    /// The exact value of the start vertex, a `fractions.Fraction`.
    #[pyo3(get)]
    start_value: Py<PyAny>,
    /// Per vertex, the vertex its owner moves to (-1 at terminals), as `int64`: optimal from
    /// every vertex in a strong solution, from the start in a weak one (see `relevant`).
    #[pyo3(get)]
    strategy: Py<PyArray1<i64>>,
    /// The vertices where a weak solution's strategies matter: the non-terminals reachable from
    /// the start when one player follows the strategy and the other plays anything (either
    /// player), as `int64`; every non-terminal for a strong solution.
    #[pyo3(get)]
    relevant: Py<PyArray1<i64>>,
    /// The solver's counters: `comparisons` (of payoffs), `rounds` (narrowing rounds of the
    /// weak solvers) and `retrograde_passes`.
    #[pyo3(get)]
    stats: Py<PyDict>,
    /// Always True: the independent verifier accepted the answer before it was returned.
    #[pyo3(get)]
    verified: bool,
    /// The game and the library's answer, for the solution file (written only when asked).
    game: Arc<Dgg>,
    solved: Arc<dgg::Solved>,
}

#[pymethods]
impl Solution {
    /// Per vertex, its exact value as a `fractions.Fraction` (strong solutions); None for a
    /// weak solution. The list is made when first read, then kept.
    #[getter]
    fn values(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        match &self.solved.solution {
            DggSolution::Strong(s) => self.values.get(py, &s.values).map(Some),
            DggSolution::Weak(_) => Ok(None),
        }
    }

    /// The solution file (JSON: the values and moves by position name, every position's for a
    /// strong solution, the start's value for a weak one), exactly as `kalmar dgg solve
    /// --output` writes it; `kalmar.verify` and `kalmar verify` check it against the game file.
    fn to_text(&self, py: Python<'_>) -> PyResult<String> {
        py.detach(|| SolutionFile::from_dgg(&self.game, &self.solved).to_text())
            .map_err(write_error)
    }

    /// Writes `to_text()` to the file `path`: `OSError` if it cannot be written.
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        save(py, &path, &self.to_text(py)?)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "<kalmar.dgg.Solution ({}) by {}: start value {}, verified>",
            self.kind,
            self.solver,
            self.start_value.bind(py)
        )
    }
}

impl Game {
    /// The game of a graph, or `ValueError` saying why it is not one.
    pub fn from_graph(graph: Arc<GameGraph>) -> PyResult<Game> {
        let game = dgg::from_graph(&graph).map_err(value_error)?;
        Ok(Game {
            graph,
            game: Arc::new(game),
        })
    }
}

#[pymethods]
impl Game {
    /// The number of vertices.
    #[getter]
    fn num_vertices(&self) -> usize {
        self.game.arena().num_vertices()
    }

    /// The number of moves.
    #[getter]
    fn num_edges(&self) -> usize {
        self.game.arena().num_edges()
    }

    /// The vertex names, in vertex order (a given name, or the vertex's number).
    #[getter]
    fn names(&self) -> Vec<String> {
        names(&self.graph)
    }

    /// Per vertex, its owner: 0 (Max), 1 (Min) or -2 (a terminal), as a read-only `int16` array.
    #[getter]
    fn owners(&self, py: Python<'_>) -> PyResult<Py<PyArray1<i16>>> {
        owners(py, self.game.arena())
    }

    /// Per vertex, the payoff to Max as a `fractions.Fraction` (0 at non-terminals).
    #[getter]
    fn payoffs<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        fractions(py, self.game.payoffs())
    }

    /// The start vertex: the file's, or 0.
    #[getter]
    fn start(&self) -> u32 {
        self.game.start().0
    }

    /// The game graph, to build other families' games from or write as `.gg`.
    #[getter]
    fn graph(&self) -> Graph {
        Graph {
            graph: Arc::clone(&self.graph),
        }
    }

    /// The value of every position (`Fraction`s, in vertex order) through bottleneck
    /// interdiction (Andersson, Remark 3.2): the game as an interdiction instance, solved by the
    /// interdiction solver named (see `kalmar.interdiction.solvers()`; None: bspi-buckets),
    /// checked by its certificate, the values mapped back. A cross-check of `solve`.
    #[pyo3(signature = (solver = None))]
    fn solve_by_interdiction<'py>(
        &self,
        py: Python<'py>,
        solver: Option<String>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let game = Arc::clone(&self.game);
        let solved = interruptible(py, move || {
            kalmar_interdiction::reduction::solve(&game, solver.as_deref())
        })?
        .map_err(value_error)?;
        fractions(py, &solved.values)
    }

    /// Solves the game with `solver` (see `solvers()`; None for `sort` when strong,
    /// `almost-linear` when weak) and checks the answer with the independent verifier. `weak`
    /// asks only for the start vertex's value and strategies optimal from it (the weak solvers
    /// need O(n) payoff comparisons, sorting O(n log n)). A weak solver asked for a strong solution raises
    /// `ValueError`. The GIL is released while it runs, and Ctrl-C interrupts it.
    #[pyo3(signature = (solver = None, weak = false))]
    fn solve(&self, py: Python<'_>, solver: Option<String>, weak: bool) -> PyResult<Solution> {
        let options = dgg::Options { weak, solver };
        let game = Arc::clone(&self.game);
        let solved =
            interruptible(py, move || dgg::solve(&game, &options))?.map_err(|e| match e {
                DggError::Certificate(_) => PyRuntimeError::new_err(e.to_string()),
                e => value_error(e),
            })?;
        let arena = self.game.arena();
        let strategy = successors(arena, |v| solved.solution.strategy().get(v));
        let relevant = match &solved.solution {
            DggSolution::Strong(_) => arena
                .vertices()
                .filter(|&v| !arena.is_terminal(v))
                .map(|v| i64::from(v.0))
                .collect(),
            DggSolution::Weak(w) => dgg::relevant_positions(arena, &w.strategy, w.start)
                .into_iter()
                .map(|v| i64::from(v.0))
                .collect(),
        };
        let stats = PyDict::new(py);
        stats.set_item("comparisons", solved.stats.comparisons)?;
        stats.set_item("rounds", solved.stats.rounds)?;
        stats.set_item("retrograde_passes", solved.stats.retrograde_passes)?;
        Ok(Solution {
            solver: solved.solver,
            kind: match solved.solution {
                DggSolution::Strong(_) => "strong",
                DggSolution::Weak(_) => "weak",
            },
            values: LazyFractions::default(),
            start_value: fraction(py, solved.solution.start_value(&self.game))?.unbind(),
            strategy: read_only(py, strategy)?,
            relevant: read_only(py, relevant)?,
            stats: stats.unbind(),
            verified: true,
            game: Arc::clone(&self.game),
            solved: Arc::new(solved),
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "<kalmar.dgg.Game: {} vertices, {} moves>",
            self.num_vertices(),
            self.num_edges()
        )
    }
}

/// Reads a game from a file (`.gg`, also `.gz`, `.bz2`). A file that cannot be opened raises
/// `OSError`, one that does not parse `ValueError` with the file, line and column.
#[pyfunction]
fn read(path: PathBuf) -> PyResult<Game> {
    Game::from_graph(Arc::new(read_graph(&path)?))
}

/// Reads a game from text in kalmar's `.gg` format; errors give the line and column.
#[pyfunction]
fn parse(text: &str) -> PyResult<Game> {
    Game::from_graph(Arc::new(parse_graph(text)?))
}

/// The game of a `kalmar.graph.Graph`: two players, no chance, one exact payoff per terminal (a
/// terminal without one pays 0).
#[pyfunction]
fn from_graph(graph: &Bound<'_, Graph>) -> PyResult<Game> {
    Game::from_graph(Arc::clone(&graph.get().graph))
}

/// The solvers' ids, in the registry's order (strong ones first).
#[pyfunction]
fn solvers() -> Vec<&'static str> {
    SOLVERS.ids().collect()
}

/// The solvers' ids that compute strong solutions (the others are weak only).
#[pyfunction]
fn strong_solvers() -> Vec<&'static str> {
    SOLVERS
        .iter()
        .filter(|e| e.run.kind == Kind::Strong)
        .map(|e| e.id)
        .collect()
}

/// Adds the functions and classes to the `dgg` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<Solution>()?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(from_graph, m)?)?;
    m.add_function(wrap_pyfunction!(solvers, m)?)?;
    m.add_function(wrap_pyfunction!(strong_solvers, m)?)?;
    Ok(())
}
