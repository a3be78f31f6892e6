//! kalmar for Python: a thin layer over the libraries, which do all the work. Each family is a
//! submodule of the extension `kalmar._kalmar`, re-exported by the package `kalmar`:
//! [`graph`] (the game graph the families on graphs share, built from arrays), [`parity`],
//! [`reach`], [`dgg`], [`stochastic`], [`observation`], [`positional`], [`efg`], [`impartial`],
//! [`ohhell`], [`interdiction`], [`puzzles`] (Hashiwokakero and Hiroimono) and [`chess`]
//! (endgame tables); [`files::read`] opens any game file as its family's game, and [`files::verify`] checks a saved solution
//! against one (`kalmar.Rejected` when its certificate says no). A library's error becomes a
//! Python exception with the library's message (file, line and column for syntax); long solves
//! run through [`common::interruptible`]: the GIL released, Ctrl-C honoured.
//!
//! The binding adds no algorithm: each family's reading, solving and checking are its library's
//! functions, the same ones the command line calls.

use kalmar_core::format::ReadError;
use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyPermissionError, PyValueError};
use pyo3::prelude::*;
use std::io::ErrorKind;

mod chess;
mod common;
mod dgg;
mod efg;
mod files;
mod graph;
mod impartial;
mod interdiction;
mod observation;
mod ohhell;
mod parity;
mod positional;
mod puzzles;
mod reach;
mod stochastic;

/// A reader's error as Python's: `OSError` (its usual subclasses) for a file that cannot be
/// read, `ValueError` for text that does not parse or a file too large; the message is the
/// library's, with the file's name.
fn read_error(error: ReadError) -> PyErr {
    let message = error.to_string();
    match &error {
        ReadError::Io(_, io) => match io.kind() {
            ErrorKind::NotFound => PyFileNotFoundError::new_err(message),
            ErrorKind::PermissionDenied => PyPermissionError::new_err(message),
            _ => PyOSError::new_err(message),
        },
        _ => PyValueError::new_err(message),
    }
}

/// Each submodule's name and the function that fills it.
type Family = (&'static str, fn(&Bound<'_, PyModule>) -> PyResult<()>);

/// The submodules: the game graph every family on a graph shares, then one per family.
const FAMILIES: [Family; 13] = [
    ("graph", graph::register),
    ("parity", parity::register),
    ("reach", reach::register),
    ("dgg", dgg::register),
    ("stochastic", stochastic::register),
    ("observation", observation::register),
    ("positional", positional::register),
    ("efg", efg::register),
    ("impartial", impartial::register),
    ("ohhell", ohhell::register),
    ("interdiction", interdiction::register),
    ("puzzles", puzzles::register),
    ("chess", chess::register),
];

/// The extension module: one submodule per family, `read` for any game file and `verify` for
/// any saved solution.
#[pymodule]
fn _kalmar(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    for (name, register) in FAMILIES {
        let family = PyModule::new(py, name)?;
        register(&family)?;
        m.add_submodule(&family)?;
    }
    m.add_function(wrap_pyfunction!(files::read, m)?)?;
    m.add_function(wrap_pyfunction!(files::parse, m)?)?;
    m.add_function(wrap_pyfunction!(files::verify, m)?)?;
    m.add_class::<files::Accepted>()?;
    m.add("Rejected", py.get_type::<files::Rejected>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
