//! `kalmar.observation`: games of imperfect information (Reif's problem) read from Alpaga's
//! `.gii`, from `.gg` with observations or from a `kalmar.graph.Graph`, decided by
//! `kalmar_observation::solve::solve` with any algorithm of its registry, the winner's witness
//! checked before the answer reaches Python.

use kalmar_core::format::GameGraph;
use kalmar_core::memory::DEFAULT_LIMIT;
use kalmar_files::ObservationError;
use kalmar_observation::KnowledgeStrategy;
use kalmar_observation::families::{FAMILIES, generate as generate_family};
use kalmar_observation::gii::is_gii;
use kalmar_observation::reif::Violation;
use kalmar_observation::solve::{ALGORITHMS, Assumption, Input, Report, SolveError, solve};
use kalmar_observation::witness::{NamedSpoiler, Rule, StrategyFile};

use crate::common::{interruptible, save, value_error, write_error};
use crate::graph::{Graph, parse_graph};
use pyo3::exceptions::{PyMemoryError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A game of imperfect information: locations, actions, a transition relation and an
/// observation per location; the system sees only observations, the environment everything.
/// A `.gg` game is turn-based (Reif's setting): Max is the system, Min the environment, and the
/// last player to move wins.
#[pyclass(module = "kalmar.observation", frozen)]
pub struct Game {
    input: Arc<Input>,
    graph: Option<Arc<GameGraph>>,
}

/// Who wins, and the winner's witness as the library gives it, checked.
#[pyclass(module = "kalmar.observation", frozen)]
pub struct Solution {
    /// The algorithm that ran.
    #[pyo3(get)]
    algorithm: &'static str,
    /// "system" (the player who sees only observations) or "environment".
    #[pyo3(get)]
    winner: &'static str,
    /// The system's winning strategy when it wins: a list of rules
    /// `{"knowledge": [location, ...], "action": action}`, tried in order; at a knowledge set
    /// (the locations the game may be in) the system plays the action of the first rule whose
    /// knowledge set contains it. None when the environment wins.
    #[pyo3(get)]
    strategy: Option<Py<PyList>>,
    /// The environment's spoiling strategy when it wins: `{"start": [location, ...] or None,
    /// "answers": [{"knowledge": [...], "action": a, "observation": o}, ...]}`, the observation
    /// it shows after the system plays `a` at that knowledge set. None when the system wins.
    #[pyo3(get)]
    spoiler: Option<Py<PyDict>>,
    /// True when the witness was replayed against every behaviour of the other player and held
    /// (every complete algorithm); False for Reif's procedure, which gives no witness and is
    /// right only when `reif_assumption["holds"]`.
    #[pyo3(get)]
    verified: bool,
    /// For a turn-based (`.gg`) game, Reif's model assumption: `{"holds": bool, "violations":
    /// [{"observation", "positions": [first, second], "only_first", "only_second"}, ...]}`;
    /// None for an Alpaga game.
    #[pyo3(get)]
    reif_assumption: Option<Py<PyDict>>,
    /// The counters: `knowledge_sets`, `max_antichain` and `iterations` (complete algorithms),
    /// `sets` and `rounds` (Reif's procedure).
    #[pyo3(get)]
    stats: Py<PyDict>,
    /// The game and the system's winning strategy as the library gives it, for the strategy
    /// file (written only when asked); None when the environment wins or Reif's procedure ran.
    input: Arc<Input>,
    witness: Option<KnowledgeStrategy>,
}

#[pymethods]
impl Solution {
    /// The system's winning strategy as a file (JSON: the rules by location and action names),
    /// exactly as `kalmar observation solve --output` writes it; `kalmar.verify` and `kalmar
    /// verify` replay it against every behaviour of the environment. `ValueError` when there is
    /// no such strategy: the environment wins, or Reif's procedure ran (it gives none).
    fn to_text(&self, py: Python<'_>) -> PyResult<String> {
        let Some(strategy) = &self.witness else {
            return Err(PyValueError::new_err(if self.winner == "environment" {
                "the environment wins: a solution file holds the system's winning strategy, and \
                 there is none (the spoiler is the answer)"
            } else {
                "Reif's procedure gives no strategy to save: solve with 'knowledge' or 'antichain'"
            }));
        };
        py.detach(|| StrategyFile::new(&self.input.game, strategy).to_text())
            .map_err(write_error)
    }

    /// Writes `to_text()` to the file `path`: `OSError` if it cannot be written.
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        save(py, &path, &self.to_text(py)?)
    }

    fn __repr__(&self) -> String {
        format!(
            "<kalmar.observation.Solution by {}: the {} wins{}>",
            self.algorithm,
            self.winner,
            if self.verified {
                ", witness verified"
            } else {
                " (not verified)"
            }
        )
    }
}

/// Rules as a list of dicts.
fn rules<'py>(py: Python<'py>, rules: &[Rule]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for rule in rules {
        let dict = PyDict::new(py);
        dict.set_item("knowledge", &rule.knowledge)?;
        dict.set_item("action", &rule.action)?;
        list.append(dict)?;
    }
    Ok(list)
}

/// A spoiler as a dict.
fn spoiler<'py>(py: Python<'py>, spoiler: &NamedSpoiler) -> PyResult<Bound<'py, PyDict>> {
    let answers = PyList::empty(py);
    for answer in &spoiler.answers {
        let dict = PyDict::new(py);
        dict.set_item("knowledge", &answer.knowledge)?;
        dict.set_item("action", &answer.action)?;
        dict.set_item("observation", &answer.observation)?;
        answers.append(dict)?;
    }
    let dict = PyDict::new(py);
    dict.set_item("start", &spoiler.start)?;
    dict.set_item("answers", answers)?;
    Ok(dict)
}

/// Reif's assumption as a dict, in the library's JSON form.
fn assumption<'py>(py: Python<'py>, assumption: &Assumption) -> PyResult<Bound<'py, PyDict>> {
    let violations = PyList::empty(py);
    for Violation {
        observation,
        first,
        second,
        only_first,
        only_second,
    } in &assumption.violations
    {
        let dict = PyDict::new(py);
        dict.set_item("observation", observation)?;
        dict.set_item("positions", [first, second])?;
        dict.set_item("only_first", only_first)?;
        dict.set_item("only_second", only_second)?;
        violations.append(dict)?;
    }
    let dict = PyDict::new(py);
    dict.set_item("holds", assumption.holds)?;
    dict.set_item("violations", violations)?;
    Ok(dict)
}

/// A solve's error as Python's: `MemoryError` when the process grew past `max_memory`,
/// `RuntimeError` for a witness that fails its check (a bug), `ValueError` for the rest; the
/// message is the library's.
fn solve_error(error: SolveError) -> PyErr {
    match error {
        SolveError::OutOfMemory { .. } => PyMemoryError::new_err(error.to_string()),
        e if e.is_internal() => PyRuntimeError::new_err(e.to_string()),
        e => value_error(e),
    }
}

impl Game {
    /// The game of imperfect information of a turn-based game graph.
    pub fn from_graph(graph: Arc<GameGraph>) -> PyResult<Game> {
        let input = Input::from_graph(&graph).map_err(value_error)?;
        Ok(Game {
            input: Arc::new(input),
            graph: Some(graph),
        })
    }

    /// The game of a file read and told apart by `kalmar_files::detect`.
    pub fn from_detected(path: &Path, detected: &kalmar_files::Detected) -> PyResult<Game> {
        let input = detected.observation_input().map_err(|e| match e {
            ObservationError::Parse(e) => value_error(e.in_file(path.display().to_string())),
            e => value_error(format!("{}: {e}", path.display())),
        })?;
        let graph = match detected {
            kalmar_files::Detected::Graph(_, graph) => Some(Arc::new(GameGraph::clone(graph))),
            _ => None,
        };
        Ok(Game {
            input: Arc::new(input),
            graph,
        })
    }
}

#[pymethods]
impl Game {
    /// The number of locations.
    #[getter]
    fn num_locations(&self) -> usize {
        self.input.game.num_locations()
    }

    /// The number of transitions (location, action, location).
    #[getter]
    fn num_moves(&self) -> usize {
        self.input.game.num_moves()
    }

    /// The location names, in order.
    #[getter]
    fn locations(&self) -> Vec<String> {
        let game = &self.input.game;
        (0..game.num_locations() as u32)
            .map(|l| game.location_name(l).to_string())
            .collect()
    }

    /// The action names, in order.
    #[getter]
    fn actions(&self) -> Vec<String> {
        let game = &self.input.game;
        (0..game.num_actions() as u32)
            .map(|a| game.action_name(a).to_string())
            .collect()
    }

    /// The observation names, in order.
    #[getter]
    fn observations(&self) -> Vec<String> {
        let game = &self.input.game;
        (0..game.num_observations() as u32)
            .map(|o| game.observation_name(o).to_string())
            .collect()
    }

    /// Whether the game is turn-based (read from a game graph), which Reif's procedure needs.
    #[getter]
    fn turn_based(&self) -> bool {
        self.input.turn_based.is_some()
    }

    /// The game graph of a turn-based game, None for an Alpaga game.
    #[getter]
    fn graph(&self) -> Option<Graph> {
        self.graph.as_ref().map(|graph| Graph {
            graph: Arc::clone(graph),
        })
    }

    /// Decides who wins with `algorithm` (see `algorithms()`) and checks the winner's witness
    /// independently. The complete algorithms (`knowledge`, `antichain`) stop with
    /// `MemoryError` when the process grows past `max_memory` bytes (4 GiB by default); Reif's
    /// procedure (`reif`) runs on turn-based games without priorities only, and is right only
    /// under his model assumption. The GIL is released while it runs, and Ctrl-C interrupts it.
    #[pyo3(signature = (algorithm = "knowledge", max_memory = None))]
    fn solve(
        &self,
        py: Python<'_>,
        algorithm: &str,
        max_memory: Option<u64>,
    ) -> PyResult<Solution> {
        let input = Arc::clone(&self.input);
        let game = Arc::clone(&self.input);
        let algorithm = algorithm.to_string();
        let limit = max_memory.unwrap_or(DEFAULT_LIMIT);
        let report =
            interruptible(py, move || solve(&input, &algorithm, limit))?.map_err(solve_error)?;
        let stats = PyDict::new(py);
        let side = |side: kalmar_observation::Side| match side {
            kalmar_observation::Side::System => "system",
            kalmar_observation::Side::Environment => "environment",
        };
        match report {
            Report::Decided(decided) => {
                stats.set_item("knowledge_sets", decided.stats.knowledge_sets)?;
                stats.set_item("max_antichain", decided.stats.max_antichain)?;
                stats.set_item("iterations", decided.stats.iterations)?;
                Ok(Solution {
                    algorithm: decided.algorithm,
                    winner: side(decided.winner),
                    strategy: decided
                        .strategy
                        .as_deref()
                        .map(|r| rules(py, r).map(Bound::unbind))
                        .transpose()?,
                    spoiler: decided
                        .spoiler
                        .as_ref()
                        .map(|s| spoiler(py, s).map(Bound::unbind))
                        .transpose()?,
                    verified: decided.verified,
                    reif_assumption: decided
                        .reif_assumption
                        .as_ref()
                        .map(|a| assumption(py, a).map(Bound::unbind))
                        .transpose()?,
                    stats: stats.unbind(),
                    input: game,
                    witness: decided.solution.strategy,
                })
            }
            Report::Reif(reif) => {
                stats.set_item("sets", reif.sets)?;
                stats.set_item("rounds", reif.rounds)?;
                Ok(Solution {
                    algorithm: reif.algorithm,
                    winner: side(reif.winner),
                    strategy: None,
                    spoiler: None,
                    verified: false,
                    reif_assumption: Some(assumption(py, &reif.reif_assumption)?.unbind()),
                    stats: stats.unbind(),
                    input: game,
                    witness: None,
                })
            }
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "<kalmar.observation.Game: {} locations, {} actions, {} observations, {} moves>",
            self.num_locations(),
            self.input.game.num_actions(),
            self.input.game.num_observations(),
            self.num_moves()
        )
    }
}

/// Reads a game from a file: Alpaga's `.gii` (by its extension or first keyword), or a game
/// graph with observations (`.gg` with `obs=`). A file that cannot be opened raises `OSError`,
/// one that does not parse `ValueError` with the file, line and column.
#[pyfunction]
fn read(path: PathBuf) -> PyResult<Game> {
    let detected = kalmar_files::detect(&path).map_err(crate::read_error)?;
    Game::from_detected(&path, &detected)
}

/// Reads a game from text: Alpaga's `.gii` when it starts with `ALPHABET` or `STATES`, else a
/// game graph with observations (`.gg`). Errors give the line and column.
#[pyfunction]
fn parse(text: &str) -> PyResult<Game> {
    if is_gii(Path::new(""), text) {
        let input = Input::from_gii(text).map_err(value_error)?;
        return Ok(Game {
            input: Arc::new(input),
            graph: None,
        });
    }
    Game::from_graph(Arc::new(parse_graph(text)?))
}

/// The turn-based game of imperfect information of a `kalmar.graph.Graph` with observations.
#[pyfunction]
fn from_graph(graph: &Bound<'_, Graph>) -> PyResult<Game> {
    Game::from_graph(Arc::clone(&graph.get().graph))
}

/// A game of a generated family (see `families()`): `primes` (cycles of the first `size` prime
/// lengths that look alike: the knowledge game is exponential), `cerny` (Černý's automaton
/// with `size` states as a safety game) or `chain` (a chain of `size` locations to reach the
/// end of, nothing hidden). `ValueError` for a size the family has no game of.
#[pyfunction]
fn generate(family: &str, size: usize) -> PyResult<Game> {
    let game = generate_family(family, size).map_err(value_error)?;
    Ok(Game {
        input: Arc::new(Input {
            game,
            turn_based: None,
        }),
        graph: None,
    })
}

/// The generated families' ids.
#[pyfunction]
fn families() -> Vec<&'static str> {
    FAMILIES.ids().collect()
}

/// The algorithms' ids, in the registry's order.
#[pyfunction]
fn algorithms() -> Vec<&'static str> {
    ALGORITHMS.ids().collect()
}

/// Adds the functions and classes to the `observation` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<Solution>()?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(from_graph, m)?)?;
    m.add_function(wrap_pyfunction!(algorithms, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(families, m)?)?;
    Ok(())
}
