//! kalmar for Python: a thin layer over the libraries, which do all the work. Each family is a
//! submodule of the extension `kalmar._kalmar`, re-exported by the package `kalmar`:
//! [`parity`] so far. A library's error becomes a Python exception with the library's message
//! (file, line and column for syntax); long solves release the GIL.
//!
//! The binding adds no algorithm: reading is `kalmar_parity::format`, solving
//! `kalmar_parity::solve`, checking the library's certificate.

use kalmar_core::format::ReadError;
use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyPermissionError, PyValueError};
use pyo3::prelude::*;
use std::io::ErrorKind;

mod common;
mod efg;
mod parity;

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

/// The extension module: one submodule per family.
#[pymodule]
fn _kalmar(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let parity = PyModule::new(py, "parity")?;
    parity::register(&parity)?;
    m.add_submodule(&parity)?;
    let efg = PyModule::new(py, "efg")?;
    efg::register(&efg)?;
    m.add_submodule(&efg)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
