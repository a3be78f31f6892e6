//! `kalmar.parity`: parity games read from `.pg`, `.gg` and `.ehoa` files or text, solved by
//! every solver of `kalmar_parity::SOLVERS` behind Oink's preprocessing, and verified by the
//! independent certificate before the answer reaches Python.

use kalmar_core::Player;
use kalmar_core::format::GameGraph;
use kalmar_parity::format::{Format, read_path};
use kalmar_parity::{Options, ParityGame, SOLVERS, Solved, solve as solve_game};

use crate::common::{interruptible, read_only, save, value_error, write_error};
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::path::PathBuf;
use std::sync::Arc;

/// A parity game: vertices numbered 0..n as in its file's order, each owned by Even (0) or Odd
/// (1), with a priority; Even wins a play whose largest priority seen infinitely often is even.
#[pyclass(module = "kalmar.parity", frozen)]
pub struct Game {
    graph: Arc<GameGraph>,
    game: Arc<ParityGame>,
}

/// A verified solution: the winner of every vertex and each player's move where it wins, as
/// read-only numpy arrays indexed by vertex.
#[pyclass(module = "kalmar.parity", frozen)]
pub struct Solution {
    /// The solver that ran.
    #[pyo3(get)]
    solver: &'static str,
    /// Per vertex, the player who wins from it: 0 (Even) or 1 (Odd), as `uint8`.
    #[pyo3(get)]
    winner: Py<PyArray1<u8>>,
    /// Per vertex, the vertex its owner moves to when the owner wins there, -1 elsewhere, as
    /// `int64`.
    #[pyo3(get)]
    strategy: Py<PyArray1<i64>>,
    /// Always True: the independent verifier accepted the answer before it was returned.
    #[pyo3(get)]
    verified: bool,
    /// Seconds the solver took, inside the library (the binding's own cost is not in it).
    #[pyo3(get)]
    solve_time: f64,
    /// Seconds the independent verifier took, inside the library.
    #[pyo3(get)]
    verify_time: f64,
    /// How many vertices Even wins, and how many there are, for the representation.
    even: usize,
    vertices: usize,
    /// The game and the library's answer, for the solution file (written only when asked).
    graph: Arc<GameGraph>,
    game: Arc<ParityGame>,
    solved: Arc<Solved>,
}

#[pymethods]
impl Solution {
    /// The solution in PGSolver's format (`paritysol`, vertices by their ids in the game file),
    /// exactly as `kalmar parity solve --output` writes it; `kalmar.verify` and `kalmar verify`
    /// check it against the game file.
    fn to_text(&self, py: Python<'_>) -> PyResult<String> {
        py.detach(|| {
            self.solved
                .to_pg(&self.game, &self.graph)
                .to_text(&self.graph)
        })
        .map_err(write_error)
    }

    /// Writes `to_text()` to the file `path`: `OSError` if it cannot be written.
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        save(py, &path, &self.to_text(py)?)
    }

    fn __repr__(&self) -> String {
        format!(
            "<kalmar.parity.Solution by {}: Even wins {} of {} vertices, verified>",
            self.solver, self.even, self.vertices
        )
    }
}

impl Game {
    /// The parity game of a graph, or `ValueError` saying why it is not one.
    pub fn from_graph(mut graph: GameGraph) -> PyResult<Game> {
        // The graph is kept for names only (the solution's text).
        let game = ParityGame::from_graph_releasing(&mut graph, false).map_err(value_error)?;
        Ok(Game {
            graph: Arc::new(graph),
            game: Arc::new(game),
        })
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

    /// Solves the game with `solver` (see `solvers()`), behind the preprocessing, and checks
    /// the answer with the independent verifier. The GIL is released while it runs, and Ctrl-C
    /// interrupts it.
    #[pyo3(signature = (solver = "zlk"))]
    fn solve(&self, py: Python<'_>, solver: &str) -> PyResult<Solution> {
        let options = Options {
            solver: solver.to_string(),
            ..Options::default()
        };
        let game = Arc::clone(&self.game);
        let solved =
            interruptible(py, move || solve_game(&game, &options))?.map_err(value_error)?;
        let arena = self.game.arena();
        let winner: Vec<u8> = solved
            .solution
            .winner
            .iter()
            .map(|&w| u8::from(w != Player::MAX))
            .collect();
        let strategy = arena
            .vertices()
            .map(|v| {
                let wins = solved.solution.winner[v.index()];
                let owned = arena.owner(v) == kalmar_core::Owner::Player(wins);
                owned
                    .then(|| solved.solution.strategy.get(v))
                    .flatten()
                    .map_or(-1, |e| i64::from(arena.target(e).0))
            })
            .collect();
        Ok(Solution {
            solver: solved.solver,
            even: winner.iter().filter(|&&w| w == 0).count(),
            vertices: winner.len(),
            winner: read_only(py, winner)?,
            strategy: read_only(py, strategy)?,
            verified: solved.verified,
            solve_time: solved.solve_time.as_secs_f64(),
            verify_time: solved.verify_time.as_secs_f64(),
            graph: Arc::clone(&self.graph),
            game: Arc::clone(&self.game),
            solved: Arc::new(solved),
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "<kalmar.parity.Game: {} vertices, {} moves>",
            self.num_vertices(),
            self.num_edges()
        )
    }
}

/// Reads a game from a file: `.pg`, `.gg` or `.ehoa` by its extension or first word, `.gz` and
/// `.bz2` decompressed. A file that cannot be opened raises `OSError` (`FileNotFoundError`, ...),
/// one that does not parse `ValueError` naming the file, line and column.
#[pyfunction]
fn read(path: PathBuf) -> PyResult<Game> {
    Game::from_graph(read_path(&path).map_err(crate::read_error)?)
}

/// Reads a game from text in PGSolver's `.pg` format, kalmar's `.gg` or eHOA, told by its first
/// word. Errors give the line and column.
#[pyfunction]
fn parse(text: &str) -> PyResult<Game> {
    let format = Format::sniff(text).ok_or_else(|| {
        PyValueError::new_err("expected 'parity' (a .pg game), 'kalmar-gg' or 'HOA:' first")
    })?;
    let graph = format.read(text).map_err(value_error)?;
    Game::from_graph(graph)
}

/// The parity game of a `kalmar.graph.Graph`: two players and a priority per vertex.
#[pyfunction]
fn from_graph(graph: &Bound<'_, crate::graph::Graph>) -> PyResult<Game> {
    Game::from_graph(GameGraph::clone(&graph.get().graph))
}

/// The ids of the solvers, in the registry's order.
#[pyfunction]
fn solvers() -> Vec<&'static str> {
    SOLVERS.ids().collect()
}

/// Adds the functions and classes to the `parity` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<Solution>()?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(from_graph, m)?)?;
    m.add_function(wrap_pyfunction!(solvers, m)?)?;
    Ok(())
}
