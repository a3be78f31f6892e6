//! `kalmar.graph`: the game graph every family on a graph shares (`kalmar_core::format::GameGraph`),
//! read from a file or text, or built from Python lists or numpy arrays through the library's
//! `kalmar_core::Builder`; each family's `from_graph` makes its game of it, and
//! `kalmar_files::family_of_graph` says which family a graph holds.

use kalmar_core::format::{GameGraph, to_gg_string};
use kalmar_core::{Arena, Builder, Owner, Player, Rational, Vertex};
use kalmar_files::family_of_graph;
use kalmar_parity::format::{Format, read_path};
use numpy::{PyArray1, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PySequence;
use std::path::PathBuf;
use std::sync::Arc;

use crate::common::{fraction, rational, read_only, value_error};

/// The owner code of chance in `owners` arrays (players are 0, 1, ...).
pub const CHANCE: i64 = -1;
/// The owner code of a terminal in `owners` arrays.
pub const TERMINAL: i64 = -2;

/// Per vertex, its owner's code (see [`owner_code`]) as a read-only `int16` array.
pub fn owners(py: Python<'_>, arena: &Arena) -> PyResult<Py<PyArray1<i16>>> {
    read_only(
        py,
        arena
            .vertices()
            .map(|v| owner_code(arena.owner(v)))
            .collect(),
    )
}

/// The owner code of an owner: the player's number, [`CHANCE`] or [`TERMINAL`].
pub fn owner_code(owner: Owner) -> i16 {
    match owner {
        Owner::Player(p) => i16::from(p.0),
        Owner::Chance => CHANCE as i16,
        Owner::Terminal => TERMINAL as i16,
    }
}

/// A game graph as every reader gives it: vertices numbered 0..n, each owned by a player (0 =
/// Max, 1 = Min, ...), chance (-1) or no one (a terminal, -2); moves between them, with
/// probabilities at chance; and the labels families read (payoffs, rewards, priorities, a
/// discount factor, observations), names and a start vertex.
#[pyclass(module = "kalmar.graph", frozen)]
pub struct Graph {
    pub(crate) graph: Arc<GameGraph>,
}

impl Graph {
    pub(crate) fn new(graph: GameGraph) -> Graph {
        Graph {
            graph: Arc::new(graph),
        }
    }
}

/// The vertex names of a graph, in vertex order (a given name, or the vertex's number).
pub fn names(graph: &GameGraph) -> Vec<String> {
    let arena = &graph.arena;
    arena
        .vertices()
        .map(|v| arena.name(v).into_owned())
        .collect()
}

/// The successor each vertex's strategy moves to, -1 where `choice` gives none.
pub fn successors(
    arena: &kalmar_core::Arena,
    choice: impl Fn(Vertex) -> Option<kalmar_core::Edge>,
) -> Vec<i64> {
    arena
        .vertices()
        .map(|v| choice(v).map_or(-1, |e| i64::from(arena.target(e).0)))
        .collect()
}

#[pymethods]
impl Graph {
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

    /// The number of players, not counting chance.
    #[getter]
    fn num_players(&self) -> u8 {
        self.graph.arena.num_players()
    }

    /// Per vertex, its owner: the player's number (0 = Max, 1 = Min, ...), -1 for chance, -2 for
    /// a terminal, as a read-only `int16` array.
    #[getter]
    fn owners(&self, py: Python<'_>) -> PyResult<Py<PyArray1<i16>>> {
        owners(py, &self.graph.arena)
    }

    /// Per move (numbered by source vertex, in the order given), the vertex it leaves, as a
    /// read-only `int64` array.
    #[getter]
    fn sources(&self, py: Python<'_>) -> PyResult<Py<PyArray1<i64>>> {
        let arena = &self.graph.arena;
        let sources = arena
            .vertices()
            .flat_map(|v| std::iter::repeat_n(i64::from(v.0), arena.out_degree(v)))
            .collect();
        read_only(py, sources)
    }

    /// Per move, the vertex it enters, as a read-only `int64` array.
    #[getter]
    fn targets(&self, py: Python<'_>) -> PyResult<Py<PyArray1<i64>>> {
        let arena = &self.graph.arena;
        let targets = arena
            .vertices()
            .flat_map(|v| arena.successors(v).iter().map(|w| i64::from(w.0)))
            .collect();
        read_only(py, targets)
    }

    /// Per move, its probability as a `fractions.Fraction` at moves of chance, None elsewhere.
    #[getter]
    fn probabilities<'py>(&self, py: Python<'py>) -> PyResult<Vec<Option<Bound<'py, PyAny>>>> {
        let arena = &self.graph.arena;
        (0..arena.num_edges())
            .map(|e| {
                arena
                    .probability(kalmar_core::Edge::new(e))
                    .map(|p| fraction(py, p))
                    .transpose()
            })
            .collect()
    }

    /// The vertex names, in vertex order: a given name, or the vertex's number.
    #[getter]
    fn names(&self) -> Vec<String> {
        names(&self.graph)
    }

    /// The start vertex, or None when the graph names none.
    #[getter]
    fn start(&self) -> Option<u32> {
        self.graph.arena.start().map(|v| v.0)
    }

    /// The family the graph holds, as its submodule is called: `reach` (payoffs -1, 0, 1),
    /// `dgg` (other payoffs), `parity`, `stochastic` (chance, rewards or a discount factor),
    /// `observation` (observations) or `positional` (more players or payoff vectors).
    #[getter]
    fn family(&self) -> &'static str {
        family_of_graph(&self.graph).command()
    }

    /// The graph in kalmar's `.gg` format, which `parse` reads back unchanged.
    fn to_gg(&self) -> String {
        to_gg_string(&self.graph)
    }

    fn __repr__(&self) -> String {
        format!(
            "<kalmar.graph.Graph: {} vertices, {} moves, {}>",
            self.num_vertices(),
            self.num_edges(),
            family_of_graph(&self.graph)
        )
    }
}

/// Reads a game graph from a file: `.gg`, `.pg` or `.ehoa` by its extension or first word, `.gz`
/// and `.bz2` decompressed. `OSError` if it cannot be read, `ValueError` with the file, line and
/// column if it does not parse.
pub fn read_graph(path: &std::path::Path) -> PyResult<GameGraph> {
    read_path(path).map_err(crate::read_error)
}

/// Reads a game graph from text, its format told by the first word (`kalmar-gg`, `parity`,
/// `HOA:`); errors give the line and column.
pub fn parse_graph(text: &str) -> PyResult<GameGraph> {
    let format = Format::sniff(text).ok_or_else(|| {
        PyValueError::new_err(
            "expected 'kalmar-gg' (a .gg game), 'parity' (a .pg game) or 'HOA:' first",
        )
    })?;
    format.read(text).map_err(value_error)
}

/// Reads a game graph from a file (`.gg`, `.pg`, `.ehoa`; `.gz`, `.bz2` decompressed).
#[pyfunction]
fn read(path: PathBuf) -> PyResult<Graph> {
    Ok(Graph::new(read_graph(&path)?))
}

/// Reads a game graph from text (`.gg`, `.pg` or eHOA, told by its first word).
#[pyfunction]
fn parse(text: &str) -> PyResult<Graph> {
    Ok(Graph::new(parse_graph(text)?))
}

/// A per-vertex or per-move list of exact numbers: an `int64` array, or a sequence of ints,
/// `Fraction`s, strings and None.
fn exact_list(value: &Bound<'_, PyAny>, len: usize, what: &str) -> PyResult<Vec<Option<Rational>>> {
    if let Ok(array) = value.extract::<PyReadonlyArray1<'_, i64>>() {
        let values = array.as_array();
        check_length(values.len(), len, what)?;
        return Ok(values.iter().map(|&x| Some(Rational::from(x))).collect());
    }
    let sequence = value.cast::<PySequence>()?;
    check_length(sequence.len()?, len, what)?;
    sequence
        .try_iter()?
        .enumerate()
        .map(|(i, item)| {
            let item = item?;
            if item.is_none() {
                return Ok(None);
            }
            rational(&item)
                .map(Some)
                .map_err(|e| PyValueError::new_err(format!("{what}[{i}]: {}", e.value(item.py()))))
        })
        .collect()
}

fn check_length(found: usize, len: usize, what: &str) -> PyResult<()> {
    if found == len {
        Ok(())
    } else {
        Err(PyValueError::new_err(format!(
            "{what} has {found} entries, expected {len}"
        )))
    }
}

/// The vertex of an index given from Python, if the graph has it.
fn vertex(index: i64, n: usize, what: impl FnOnce() -> String) -> PyResult<Vertex> {
    usize::try_from(index)
        .ok()
        .filter(|&i| i < n)
        .map(Vertex::new)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "{}: vertex {index} does not exist (the game has {n} vertices)",
                what()
            ))
        })
}

/// Builds a game graph from arrays (the native half of `kalmar.graph.from_edges`, which
/// normalises its arguments to these): per vertex its owner code, per move its source and
/// target, and the optional labels.
#[pyfunction]
#[pyo3(signature = (owners, sources, targets, players, *, payoffs=None, probabilities=None,
    rewards=None, priorities=None, discount=None, observations=None, names=None, start=None))]
#[expect(
    clippy::too_many_arguments,
    reason = "one keyword argument per label of the graph"
)]
fn _from_arrays(
    owners: PyReadonlyArray1<'_, i64>,
    sources: PyReadonlyArray1<'_, i64>,
    targets: PyReadonlyArray1<'_, i64>,
    players: i64,
    payoffs: Option<&Bound<'_, PyAny>>,
    probabilities: Option<&Bound<'_, PyAny>>,
    rewards: Option<&Bound<'_, PyAny>>,
    priorities: Option<PyReadonlyArray1<'_, i64>>,
    discount: Option<&Bound<'_, PyAny>>,
    observations: Option<Vec<Option<String>>>,
    names: Option<Vec<Option<String>>>,
    start: Option<i64>,
) -> PyResult<Graph> {
    let owners = owners.as_array();
    let (sources, targets) = (sources.as_array(), targets.as_array());
    let n = owners.len();
    let m = sources.len();
    if n >= Vertex::LIMIT {
        return Err(PyValueError::new_err(format!(
            "{n} vertices is more than the limit {}",
            Vertex::LIMIT - 1
        )));
    }
    check_length(targets.len(), m, "targets")?;
    let players = u8::try_from(players).map_err(|_| {
        PyValueError::new_err(format!(
            "{players} players: a game graph has at most {} players, numbered from 0",
            u8::MAX
        ))
    })?;
    let mut builder = Builder::new(players);
    builder.reserve(n, m);
    for (v, &code) in owners.iter().enumerate() {
        let owner = match code {
            CHANCE => Owner::Chance,
            TERMINAL => Owner::Terminal,
            p => Owner::Player(Player(u8::try_from(p).map_err(|_| {
                PyValueError::new_err(format!(
                    "owners[{v}] is {p}: an owner is a player (0, 1, ...), -1 (chance) or -2 (a terminal)"
                ))
            })?)),
        };
        builder.add_vertex(owner);
    }
    let probabilities = probabilities
        .map(|p| exact_list(p, m, "probabilities"))
        .transpose()?;
    for (e, (&from, &to)) in sources.iter().zip(targets.iter()).enumerate() {
        let move_name = || format!("move {e} ({from} -> {to})");
        let (from, to) = (vertex(from, n, move_name)?, vertex(to, n, move_name)?);
        match probabilities.as_ref().and_then(|p| p[e].clone()) {
            Some(p) => builder.add_chance_edge(from, to, p),
            None => builder.add_edge(from, to),
        }
    }
    if let Some(names) = names {
        check_length(names.len(), n, "names")?;
        for (v, name) in names.into_iter().enumerate() {
            if let Some(name) = name {
                builder.set_name(Vertex::new(v), name);
            }
        }
    }
    if let Some(start) = start {
        builder.set_start(vertex(start, n, || "start".to_string())?);
    }
    let arena = builder.build().map_err(value_error)?;
    let mut graph = GameGraph::new(arena);
    if let Some(payoffs) = payoffs {
        // A zero at a vertex that is not a terminal is no payoff (numpy arrays have no None).
        let arena = &graph.arena;
        for (v, payoff) in exact_list(payoffs, n, "payoffs")?.into_iter().enumerate() {
            let terminal = arena.is_terminal(Vertex::new(v));
            match payoff {
                Some(x) if terminal || !x.is_zero() => graph.payoff[v] = vec![x],
                _ => {}
            }
        }
    }
    if let Some(rewards) = rewards {
        let rewards = exact_list(rewards, n, "rewards")?;
        graph.reward = Some(rewards.into_iter().map(Option::unwrap_or_default).collect());
    }
    if let Some(priorities) = priorities {
        let priorities = priorities.as_array();
        check_length(priorities.len(), n, "priorities")?;
        let priorities = priorities
            .iter()
            .enumerate()
            .map(|(v, &p)| {
                u32::try_from(p).map_err(|_| {
                    PyValueError::new_err(format!(
                        "priorities[{v}] is {p}, not a priority (0, 1, ...)"
                    ))
                })
            })
            .collect::<PyResult<_>>()?;
        graph.priority = Some(priorities);
    }
    if let Some(discount) = discount {
        graph.discount = Some(rational(discount)?);
    }
    if let Some(observations) = observations {
        check_length(observations.len(), n, "observations")?;
        graph.observation = Some(observations);
    }
    graph.validate().map_err(value_error)?;
    Ok(Graph::new(graph))
}

/// Adds the functions and classes to the `graph` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Graph>()?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(_from_arrays, m)?)?;
    m.add("CHANCE", CHANCE)?;
    m.add("TERMINAL", TERMINAL)?;
    Ok(())
}
