//! `kalmar.reach`: chess-like games (win, lose or draw on a graph) read from a file, text or a
//! `kalmar.graph.Graph`, solved by `kalmar_terminal::reach::solve` (retrograde analysis) and
//! checked by the library's certificate (values, both strategies and the depths to mate) before
//! the answer reaches Python.

use kalmar_core::format::GameGraph;
use kalmar_terminal::reach::{self, ChessLike, ReachSolution};
use kalmar_terminal::solution_file::SolutionFile;

use crate::common::{interruptible, read_only, save, value_error, write_error};
use crate::graph::{Graph, names, owners, parse_graph, read_graph, successors};
use numpy::PyArray1;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::path::PathBuf;
use std::sync::Arc;

/// A chess-like game: vertices 0..n in file order, owned by Max (0), Min (1) or no one (a
/// terminal paying Max 1, 0 or -1); infinite play is a draw.
#[pyclass(module = "kalmar.reach", frozen)]
pub struct Game {
    graph: Arc<GameGraph>,
    game: Arc<ChessLike>,
}

/// A verified strong solution: per vertex the outcome, the number of moves to the end under
/// optimal play, and the move of its owner, as read-only numpy arrays indexed by vertex.
#[pyclass(module = "kalmar.reach", frozen)]
pub struct Solution {
    /// Per vertex, the outcome for Max with best play: 1 (Max wins), 0 (draw) or -1 (Min
    /// wins), as `int8` (the library's `Outcome` as an integer).
    #[pyo3(get)]
    outcome: Py<PyArray1<i8>>,
    /// Per vertex, the moves until play ends when the winner hurries and the loser delays (the
    /// depth to mate); 0 at terminals and draws, as `uint32`.
    #[pyo3(get)]
    distance: Py<PyArray1<u32>>,
    /// Per vertex, the vertex its owner moves to (optimal, and winning fastest or losing
    /// slowest), -1 at terminals, as `int64`.
    #[pyo3(get)]
    strategy: Py<PyArray1<i64>>,
    /// Always True: the independent verifier accepted the answer before it was returned.
    #[pyo3(get)]
    verified: bool,
    /// Seconds retrograde analysis took, inside the library (the binding's own cost is not in it).
    #[pyo3(get)]
    solve_time: f64,
    /// Seconds the independent verifier took, inside the library.
    #[pyo3(get)]
    verify_time: f64,
    /// The outcome of the start vertex.
    #[pyo3(get)]
    start_outcome: i8,
    /// How many vertices Max wins, draws and loses, for the representation.
    counts: [usize; 3],
    /// The game and the library's answer, for the solution file (written only when asked).
    game: Arc<ChessLike>,
    solution: Arc<ReachSolution>,
}

#[pymethods]
impl Solution {
    /// The solution file (JSON: every position's value, distance and move, by name), exactly as
    /// `kalmar reach solve --output` writes it; `kalmar.verify` and `kalmar verify` check it
    /// against the game file.
    fn to_text(&self, py: Python<'_>) -> PyResult<String> {
        py.detach(|| SolutionFile::from_reach(&self.game, &self.solution).to_text())
            .map_err(write_error)
    }

    /// Writes `to_text()` to the file `path`: `OSError` if it cannot be written.
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        save(py, &path, &self.to_text(py)?)
    }

    fn __repr__(&self) -> String {
        let [wins, draws, losses] = self.counts;
        format!(
            "<kalmar.reach.Solution: Max wins {wins}, draws {draws}, loses {losses} vertices, verified>"
        )
    }
}

impl Game {
    /// The chess-like game of a graph, or `ValueError` saying why it is not one.
    pub fn from_graph(graph: Arc<GameGraph>) -> PyResult<Game> {
        let game = reach::from_graph(&graph).map_err(value_error)?;
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

    /// Solves the game by retrograde analysis in O(n + m) and checks the answer (values, both
    /// strategies and the distances) with the independent verifier. The GIL is released while
    /// it runs, and Ctrl-C interrupts it. With `workers` above 1 it runs as a dataflow on that
    /// many threads (`kalmar dist reach`: the same values and distances, the merged answer
    /// checked by the same verifier, whose time is then part of `solve_time`).
    #[pyo3(signature = (*, workers = 1))]
    fn solve(&self, py: Python<'_>, workers: usize) -> PyResult<Solution> {
        let game = Arc::clone(&self.game);
        let (outcome, distance, strategy, solve_time, verify_time, solution) =
            interruptible(py, move || {
                let checked = if workers > 1 {
                    let start = std::time::Instant::now();
                    let cluster = kalmar_dist::Cluster::threads(workers);
                    let solved = kalmar_dist::reach::solve(&game, &cluster)
                        .map_err(|e| e.to_string())?
                        .ok_or("the dataflow gave no answer")?;
                    let solve_time = start.elapsed();
                    let verify_time = std::time::Duration::ZERO;
                    reach::Checked {
                        solution: solved.solution,
                        solve_time,
                        verify_time,
                    }
                } else {
                    reach::solve_checked(&game).map_err(|e| {
                        format!("internal error, the solver's answer failed its certificate: {e}")
                    })?
                };
                let solution = checked.solution;
                let arena = game.arena();
                let outcome: Vec<i8> = solution.values.iter().map(|o| o.to_i8()).collect();
                let strategy = successors(arena, |v| solution.strategy.get(v));
                Ok::<_, String>((
                    outcome,
                    solution.distance.clone(),
                    strategy,
                    checked.solve_time.as_secs_f64(),
                    checked.verify_time.as_secs_f64(),
                    solution,
                ))
            })?
            .map_err(PyRuntimeError::new_err)?;
        let mut counts = [0; 3];
        for &o in &outcome {
            counts[usize::from(o < 1) + usize::from(o < 0)] += 1;
        }
        Ok(Solution {
            start_outcome: outcome[self.game.start().index()],
            counts,
            outcome: read_only(py, outcome)?,
            distance: read_only(py, distance)?,
            strategy: read_only(py, strategy)?,
            verified: true,
            solve_time,
            verify_time,
            game: Arc::clone(&self.game),
            solution: Arc::new(solution),
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "<kalmar.reach.Game: {} vertices, {} moves>",
            self.num_vertices(),
            self.num_edges()
        )
    }
}

/// Reads a chess-like game from a file (`.gg`, also `.gz`, `.bz2`). A file that cannot be opened
/// raises `OSError`, one that does not parse `ValueError` with the file, line and column, one
/// whose payoffs are not -1, 0 and 1 `ValueError` naming the vertex.
#[pyfunction]
fn read(path: PathBuf) -> PyResult<Game> {
    Game::from_graph(Arc::new(read_graph(&path)?))
}

/// Reads a chess-like game from text in kalmar's `.gg` format; errors give the line and column.
#[pyfunction]
fn parse(text: &str) -> PyResult<Game> {
    Game::from_graph(Arc::new(parse_graph(text)?))
}

/// The chess-like game of a `kalmar.graph.Graph`: two players, no chance, terminal payoffs -1,
/// 0 or 1 (a terminal without one is a draw).
#[pyfunction]
fn from_graph(graph: &Bound<'_, Graph>) -> PyResult<Game> {
    Game::from_graph(Arc::clone(&graph.get().graph))
}

/// Adds the functions and classes to the `reach` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<Solution>()?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(from_graph, m)?)?;
    Ok(())
}
