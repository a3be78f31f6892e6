//! `kalmar.read`: any game file, its family told by `kalmar_files::detect`, opened as that
//! family's `Game`.

use kalmar_files::{Detected, Family};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::path::PathBuf;
use std::sync::Arc;

/// Reads any game file and returns the game of the family it holds, as `kalmar solve FILE`
/// tells it: a `kalmar.reach.Game` (payoffs -1, 0, 1), `kalmar.dgg.Game` (other payoffs),
/// `kalmar.parity.Game`, `kalmar.stochastic.Game` (chance, rewards or a discount factor),
/// `kalmar.observation.Game` (`.gii`, or observations), `kalmar.positional.Game` (more than
/// two players, or payoff vectors), `kalmar.efg.Game` (`.efg`, `.nfg`) or
/// `kalmar.ohhell.PublicState`. A file that cannot be opened raises `OSError`, one that does
/// not parse `ValueError` with the file, line and column.
#[pyfunction]
pub fn read(py: Python<'_>, path: PathBuf) -> PyResult<Py<PyAny>> {
    let detected = kalmar_files::detect(&path).map_err(crate::read_error)?;
    let family = detected.family();
    let in_file = |e: PyErr| {
        let message = format!("{}: {}", path.display(), e.value(py));
        PyValueError::new_err(message)
    };
    match (family, detected) {
        (Family::Observation, detected) => {
            Ok(crate::observation::Game::from_detected(&path, &detected)?
                .into_pyobject(py)?
                .into_any()
                .unbind())
        }
        (Family::ChessLike, Detected::Graph(_, graph)) => {
            let game = crate::reach::Game::from_graph(Arc::new(graph)).map_err(in_file)?;
            Ok(game.into_pyobject(py)?.into_any().unbind())
        }
        (Family::Dgg, Detected::Graph(_, graph)) => {
            let game = crate::dgg::Game::from_graph(Arc::new(graph)).map_err(in_file)?;
            Ok(game.into_pyobject(py)?.into_any().unbind())
        }
        (Family::Parity, Detected::Graph(_, graph)) => {
            let game = crate::parity::Game::from_graph(graph).map_err(in_file)?;
            Ok(game.into_pyobject(py)?.into_any().unbind())
        }
        (Family::Stochastic, Detected::Graph(_, graph)) => {
            let game = crate::stochastic::Game::from_graph(Arc::new(graph));
            Ok(game.into_pyobject(py)?.into_any().unbind())
        }
        (Family::Positional, Detected::Graph(_, graph)) => {
            let game = crate::positional::Game::from_graph(graph).map_err(in_file)?;
            Ok(game.into_pyobject(py)?.into_any().unbind())
        }
        (_, Detected::Gambit(file)) => Ok(crate::efg::Game::new(file)
            .into_pyobject(py)?
            .into_any()
            .unbind()),
        (_, Detected::OhHell(state)) => {
            let state = crate::ohhell::PublicState {
                state: Arc::new(state),
            };
            Ok(state.into_pyobject(py)?.into_any().unbind())
        }
        (family, _) => Err(PyValueError::new_err(format!(
            "{}: a {family} that is not a game graph: a bug in kalmar, please report the file",
            path.display()
        ))),
    }
}
