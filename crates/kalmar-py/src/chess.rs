//! `kalmar.chess`: endgame tables as `kalmar chess` makes them (`kalmar_chess::make::make`:
//! solved, timed, sampled lines checked on the rules), probes by FEN
//! (`kalmar_chess::Tables::probe`), and table files written and read back with their ranking
//! checked (`kalmar_chess::file`).

use crate::common::{interruptible, value_error};
use kalmar_chess::make::{self, Options};
use kalmar_chess::{Material, Tables, file};
use pyo3::exceptions::{PyMemoryError, PyRuntimeError};
use pyo3::prelude::*;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// The value of a position for the side to move: "win", "draw" or "loss", with the plies to
/// mate (the mating move included; 0 when checkmated).
#[pyclass(module = "kalmar.chess", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct Value {
    /// "win", "draw" or "loss".
    #[pyo3(get)]
    outcome: &'static str,
    /// Plies to mate (None for a draw).
    #[pyo3(get)]
    plies: Option<u8>,
}

impl From<kalmar_chess::Value> for Value {
    fn from(v: kalmar_chess::Value) -> Value {
        match v {
            kalmar_chess::Value::Draw => Value {
                outcome: "draw",
                plies: None,
            },
            kalmar_chess::Value::Win { plies } => Value {
                outcome: "win",
                plies: Some(plies),
            },
            kalmar_chess::Value::Loss { plies } => Value {
                outcome: "loss",
                plies: Some(plies),
            },
        }
    }
}

impl Value {
    fn native(&self) -> kalmar_chess::Value {
        match (self.outcome, self.plies) {
            ("win", Some(plies)) => kalmar_chess::Value::Win { plies },
            ("loss", Some(plies)) => kalmar_chess::Value::Loss { plies },
            _ => kalmar_chess::Value::Draw,
        }
    }
}

#[pymethods]
impl Value {
    /// Depth to mate in moves of the winning side ("mate in 16"); None for a draw.
    #[getter]
    fn moves_to_mate(&self) -> Option<u32> {
        self.native().moves_to_mate()
    }

    fn __repr__(&self) -> String {
        format!("<kalmar.chess.Value: {}>", self.native())
    }

    fn __str__(&self) -> String {
        self.native().to_string()
    }
}

/// A probe: the value of a position and its moves, each with the value after it for the
/// opponent, best first.
#[pyclass(module = "kalmar.chess", frozen)]
pub struct Probe {
    /// The position.
    #[pyo3(get)]
    fen: String,
    /// Its table ("KRK"; the stronger side is White in a table's name).
    #[pyo3(get)]
    material: String,
    /// Who is to move: "white" or "black".
    #[pyo3(get)]
    side: &'static str,
    /// Its value for the side to move.
    #[pyo3(get)]
    value: Value,
    /// The moves that keep the value, as (UCI move, value after it).
    #[pyo3(get)]
    best: Vec<(String, Value)>,
    /// Every legal move, as (UCI move, value after it), best first.
    #[pyo3(get)]
    moves: Vec<(String, Value)>,
}

#[pymethods]
impl Probe {
    fn __repr__(&self) -> String {
        format!(
            "<kalmar.chess.Probe {}: {}>",
            self.material,
            self.value.native()
        )
    }
}

impl From<kalmar_chess::Probe> for Probe {
    fn from(p: kalmar_chess::Probe) -> Probe {
        let scored = |moves: Vec<kalmar_chess::tables::ScoredMove>| {
            moves
                .into_iter()
                .map(|m| (m.uci, Value::from(m.value)))
                .collect()
        };
        Probe {
            fen: p.fen,
            material: p.material,
            side: p.side,
            value: p.value.into(),
            best: scored(p.best),
            moves: scored(p.moves),
        }
    }
}

/// A solved endgame table with the tables it needed, its statistics, timings and check.
#[pyclass(module = "kalmar.chess", frozen)]
pub struct Table {
    tables: Arc<Mutex<Tables>>,
    report: make::Report,
}

fn json(py: Python<'_>, value: &impl serde::Serialize) -> PyResult<Py<PyAny>> {
    let text = serde_json::to_string(value).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

fn chess_error(e: kalmar_chess::ChessError) -> PyErr {
    match e {
        kalmar_chess::ChessError::TooBig { .. } => PyMemoryError::new_err(e.to_string()),
        kalmar_chess::ChessError::Check(_) => PyRuntimeError::new_err(e.to_string()),
        _ => value_error(e),
    }
}

#[pymethods]
impl Table {
    /// The material ("KQKR").
    #[getter]
    fn material(&self) -> String {
        self.report.stats.material.clone()
    }

    /// Positions up to symmetry, wins, draws, losses and the longest mates (in moves, with
    /// how many positions have them and one in FEN) for each side to move: `{"material",
    /// "positions", "indices", "white": {...}, "black": {...}}`.
    #[getter]
    fn stats(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json(py, &self.report.stats)
    }

    /// This table's solve: `{"material", "positions", "seconds", "positions_per_second"}`.
    #[getter]
    fn timing(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json(py, &self.report.timing)
    }

    /// The smaller tables solved first, each as `timing`.
    #[getter]
    fn smaller(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json(py, &self.report.smaller)
    }

    /// The lines played out on the rules: `{"lines", "mates", "positions", "longest",
    /// "unreachable"}`.
    #[getter]
    fn check(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json(py, &self.report.check)
    }

    /// Every position of every table made checked against its moves on the rules (when
    /// asked with `certify=True`): `{"tables", "positions", "unreachable"}`, else None.
    #[getter]
    fn certificate(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json(py, &self.report.certificate)
    }

    /// Probes a position of this table, or of any smaller one it leads to (others are solved
    /// on the way).
    fn probe(&self, py: Python<'_>, fen: String) -> PyResult<Probe> {
        let tables = Arc::clone(&self.tables);
        let probe = interruptible(py, move || tables.lock().expect("no panic").probe(&fen))?;
        probe.map(Probe::from).map_err(chess_error)
    }

    /// Writes the table to `path` (`kalmar chess check` and `kalmar.chess.probe(tables=…)`
    /// read it).
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        let tables = self.tables.lock().expect("no panic");
        let material: Material = self.report.stats.material.parse().map_err(value_error)?;
        let table = tables.get(&material).expect("made");
        let mut bytes = Vec::new();
        file::write(table, &mut bytes).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        py.detach(|| std::fs::write(&path, bytes))
            .map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("{}: {e}", path.display())))
    }

    fn __repr__(&self) -> String {
        format!(
            "<kalmar.chess.Table {}: {} positions>",
            self.report.stats.material, self.report.stats.positions
        )
    }
}

/// Solves every position of an endgame ("KRK", "KQKR", "KPK"…: White's king and men, then
/// Black's; up to 5 men and one pawn) and the smaller tables its captures and promotions
/// lead to, then plays `lines` sampled positions out on the rules, each of which must mate
/// in exactly the announced moves; `certify=True` also checks every position of every table
/// against its moves, which proves them. `max_memory` (bytes) refuses a table estimated above
/// it with `MemoryError`, before allocating. With `workers` above 1 the table is solved as
/// `kalmar dist chess` solves it, by that many threads each owning a share of the positions
/// (the same table byte for byte).
#[pyfunction]
#[pyo3(signature = (material, *, lines = 1000, seed = 1, certify = false, max_memory = 4 << 30, workers = 1))]
fn table(
    py: Python<'_>,
    material: &str,
    lines: u64,
    seed: u64,
    certify: bool,
    max_memory: u64,
    workers: usize,
) -> PyResult<Table> {
    let material: Material = material.parse().map_err(value_error)?;
    let options = Options {
        lines,
        seed,
        memory: max_memory,
        certify,
    };
    let made = if workers > 1 {
        let cluster = kalmar_dist::Cluster::threads(workers);
        let solved = interruptible(py, move || {
            kalmar_dist::chess::solve(&material, &cluster, &options).map_err(|e| e.to_string())
        })?
        .map_err(PyRuntimeError::new_err)?;
        solved
            .ok_or_else(|| PyRuntimeError::new_err("the workers gave no table"))?
            .made
    } else {
        interruptible(py, move || make::make(&material, &options))?.map_err(chess_error)?
    };
    Ok(Table {
        tables: Arc::new(Mutex::new(made.tables)),
        report: made.report,
    })
}

/// The value and best moves of a position in FEN (no castling rights), solving its table
/// and the smaller ones unless found among the `.kct` files of the folder `tables`.
#[pyfunction]
#[pyo3(signature = (fen, *, tables = None, max_memory = 4 << 30))]
fn probe(py: Python<'_>, fen: String, tables: Option<PathBuf>, max_memory: u64) -> PyResult<Probe> {
    let answer = interruptible(py, move || {
        let mut all = Tables::with_limit(max_memory);
        if let Some(dir) = &tables {
            file::read_dir(dir, &mut all)
                .map_err(|e| value_error(format!("{}: {e}", dir.display())))?;
        }
        all.probe(&fen).map_err(chess_error)
    })?;
    answer.map(Probe::from)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Value>()?;
    m.add_class::<Probe>()?;
    m.add_class::<Table>()?;
    m.add_function(wrap_pyfunction!(table, m)?)?;
    m.add_function(wrap_pyfunction!(probe, m)?)?;
    Ok(())
}
