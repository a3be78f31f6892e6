//! `kalmar.read`: any game file, its family told by `kalmar_files::detect`, opened as that
//! family's `Game`; `kalmar.verify`: a saved solution checked against a game file by
//! `kalmar_files::verify::verify_detected`, as `kalmar verify` does.

use kalmar_core::format::{ReadError, read_text_file};
use kalmar_files::verify::{Accepted as LibAccepted, VerifyFileError, verify_detected};
use kalmar_files::{Detected, Family};
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::common::{fractions, interruptible};

create_exception!(
    kalmar,
    Rejected,
    PyValueError,
    "A well-formed solution that its family's independent certificate rejects: the message is \
     the certificate's reason (a position whose value is wrong, a move that loses, a player who \
     gains by deviating, ...). A subclass of ValueError."
);

/// Reads any game file and returns the game of the family it holds, as `kalmar solve FILE`
/// tells it: a `kalmar.reach.Game` (payoffs -1, 0, 1), `kalmar.dgg.Game` (other payoffs),
/// `kalmar.parity.Game`, `kalmar.stochastic.Game` (chance, rewards or a discount factor),
/// `kalmar.observation.Game` (`.gii`, or observations), `kalmar.positional.Game` (more than
/// two players, or payoff vectors), `kalmar.efg.Game` (`.efg`, `.nfg`),
/// `kalmar.ohhell.PublicState`, or a `kalmar.puzzles.Hashi` (`.hashi`) or
/// `kalmar.puzzles.Hiroimono` (`.hiro`). A file that cannot be opened raises `OSError`, one that does
/// not parse `ValueError` with the file, line and column.
#[pyfunction]
pub fn read(py: Python<'_>, path: PathBuf) -> PyResult<Py<PyAny>> {
    let detected = kalmar_files::detect(&path).map_err(crate::read_error)?;
    game_of(py, &path, detected)
}

/// Reads a game from text in any format kalmar reads, told by its first word as `read` tells a
/// file without a known extension: `EFG`/`NFG` (Gambit), `ALPHABET`/`STATES` (Alpaga's `.gii`),
/// `game` (an Oh Hell public state), `parity` (PGSolver's `.pg`), `kalmar-gg` or `HOA:`. Returns
/// the game of the family it holds, as `read` does; errors name `<text>` with the line and
/// column.
#[pyfunction]
pub fn parse(py: Python<'_>, text: String) -> PyResult<Py<PyAny>> {
    let name = Path::new("<text>");
    let detected = kalmar_files::detect_text(name, text).map_err(crate::read_error)?;
    game_of(py, name, detected)
}

/// The game of a detected file, as its family's class.
fn game_of(py: Python<'_>, path: &Path, detected: Detected) -> PyResult<Py<PyAny>> {
    let family = detected.family();
    let in_file = |e: PyErr| {
        let message = format!("{}: {}", path.display(), e.value(py));
        PyValueError::new_err(message)
    };
    match (family, detected) {
        (Family::Observation, detected) => {
            Ok(crate::observation::Game::from_detected(path, &detected)?
                .into_pyobject(py)?
                .into_any()
                .unbind())
        }
        (Family::ChessLike, Detected::Graph(_, graph)) => {
            let game = crate::reach::Game::from_graph(Arc::new(*graph)).map_err(in_file)?;
            Ok(game.into_pyobject(py)?.into_any().unbind())
        }
        (Family::Dgg, Detected::Graph(_, graph)) => {
            let game = crate::dgg::Game::from_graph(Arc::new(*graph)).map_err(in_file)?;
            Ok(game.into_pyobject(py)?.into_any().unbind())
        }
        (Family::Parity, Detected::Graph(_, graph)) => {
            let game = crate::parity::Game::from_graph(*graph).map_err(in_file)?;
            Ok(game.into_pyobject(py)?.into_any().unbind())
        }
        (Family::Stochastic, Detected::Graph(_, graph)) => {
            let game = crate::stochastic::Game::from_graph(Arc::new(*graph));
            Ok(game.into_pyobject(py)?.into_any().unbind())
        }
        (Family::Positional, Detected::Graph(_, graph)) => {
            let game = crate::positional::Game::from_graph(*graph).map_err(in_file)?;
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
        (_, Detected::Puzzle(source)) => crate::puzzles::puzzle_object(py, *source),
        (family, _) => Err(PyValueError::new_err(format!(
            "{}: a {family} that is not a game graph: a bug in kalmar, please report the file",
            path.display()
        ))),
    }
}

/// A solution that passed its family's certificate: what `kalmar.verify` returns, with the
/// fields of `kalmar verify --json`.
#[pyclass(module = "kalmar", frozen)]
pub struct Accepted {
    /// What was accepted, in words: `parity solution`, `strong reach solution`, `weak dgg
    /// solution`, `simple solution` (a stochastic game's class: `simple`, `terminal`,
    /// `discounted`, `mean-payoff` or `parity`), `system's winning strategy`, `subgame-perfect
    /// equilibrium`, `equilibrium in behaviour strategies`, `2 equilibria in mixed strategies`.
    #[pyo3(get)]
    solution: String,
    /// The game file, as given.
    #[pyo3(get)]
    game_file: String,
    /// The solution file, as given; None when the solution was given as text.
    #[pyo3(get)]
    solution_file: Option<String>,
    /// For equilibria of a Gambit game, what the profiles are over: `tree`, `strategic form` or
    /// `reduced strategic form`; None for other solutions.
    #[pyo3(get)]
    form: Option<&'static str>,
    /// For equilibria of a Gambit game, one dict per equilibrium in the file's order:
    /// `payoffs` (each player's expected payoff, recomputed) and `best_responses` (each
    /// player's best value against the others, equal to the payoff), lists of
    /// `fractions.Fraction`; None for other solutions.
    #[pyo3(get)]
    equilibria: Option<Py<PyList>>,
}

#[pymethods]
impl Accepted {
    fn __str__(&self) -> String {
        self.solution.clone()
    }

    fn __repr__(&self) -> String {
        format!("<kalmar.Accepted: {}>", self.solution)
    }
}

/// Why `verify` did not accept: a file that cannot be read, or the library's verdict.
enum Failure {
    Read(ReadError),
    Verify(VerifyFileError),
}

/// Checks a saved solution against a game file with the solution's family's independent
/// certificate, as `kalmar verify GAME SOLUTION` does: the kind of solution is told by its first
/// word (`paritysol`, `kalmar-ssol`, or JSON), the family of the game by the file.
///
/// - `game`: the path of the game file (`str` or `os.PathLike`).
/// - `solution`: the path of the solution file, as `save()` or `kalmar ... solve --output`
///   wrote it; or else
/// - `text`: the solution's text itself, as `to_text()` returns it (keyword only).
///
/// Give exactly one of `solution` and `text`. Returns `kalmar.Accepted`; a wrong solution raises
/// `kalmar.Rejected` (a `ValueError`) with the certificate's reason, a malformed one
/// `ValueError` with the line and column, a solution of another family or for another game
/// `ValueError` saying so, a missing file `FileNotFoundError` (other `OSError`s for other
/// failures to read). The GIL is released while it runs, and Ctrl-C interrupts it.
#[pyfunction]
#[pyo3(signature = (game, solution = None, *, text = None))]
pub fn verify(
    py: Python<'_>,
    game: PathBuf,
    solution: Option<PathBuf>,
    text: Option<String>,
) -> PyResult<Accepted> {
    if solution.is_some() == text.is_some() {
        return Err(PyTypeError::new_err(
            "verify() takes the solution's file (solution=PATH) or its text (text=...), exactly one",
        ));
    }
    let (game_path, solution_path) = (game.clone(), solution.clone());
    let accepted = interruptible(py, move || {
        let detected = kalmar_files::detect(&game_path).map_err(Failure::Read)?;
        let text = match (solution_path, text) {
            (Some(path), _) => read_text_file(&path).map_err(Failure::Read)?,
            (None, text) => text.unwrap_or_default(),
        };
        verify_detected(&detected, &text).map_err(Failure::Verify)
    })?;
    let solution_name = solution.as_ref().map(|p| p.display().to_string());
    let in_solution = |e: &dyn std::fmt::Display| match &solution_name {
        Some(name) => format!("{name}: {e}"),
        None => e.to_string(),
    };
    let accepted = accepted.map_err(|failure| match failure {
        Failure::Read(ReadError::Io(path, e))
            if e.kind() == std::io::ErrorKind::NotFound
                && Some(&path) == solution.as_ref()
                && path.as_os_str().to_string_lossy().contains('\n') =>
        {
            pyo3::exceptions::PyFileNotFoundError::new_err(
                "no solution file of that name; to check a solution's text, pass it as text=...",
            )
        }
        Failure::Read(e) => crate::read_error(e),
        Failure::Verify(VerifyFileError::Parse(e)) => match &solution_name {
            Some(name) => PyValueError::new_err(e.in_file(name.clone()).to_string()),
            None => PyValueError::new_err(e.to_string()),
        },
        Failure::Verify(VerifyFileError::Game(e)) => {
            PyValueError::new_err(format!("{}: {e}", game.display()))
        }
        Failure::Verify(VerifyFileError::Wrong(e)) => Rejected::new_err(in_solution(&e)),
        Failure::Verify(e) => PyValueError::new_err(in_solution(&e)),
    })?;
    let (form, equilibria) = match &accepted {
        LibAccepted::Equilibria(verified) => {
            let list = PyList::empty(py);
            for checked in &verified.equilibria {
                let dict = PyDict::new(py);
                dict.set_item("payoffs", fractions(py, &checked.payoffs)?)?;
                dict.set_item("best_responses", fractions(py, &checked.best_responses)?)?;
                list.append(dict)?;
            }
            (Some(verified.form.name()), Some(list.unbind()))
        }
        _ => (None, None),
    };
    Ok(Accepted {
        solution: accepted.to_string(),
        game_file: game.display().to_string(),
        solution_file: solution_name,
        form,
        equilibria,
    })
}
