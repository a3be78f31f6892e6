//! What every family's binding shares: answers as read-only numpy arrays and exact fractions,
//! library errors as Python exceptions, and long solves that release the GIL and honour Ctrl-C.

use kalmar_core::Rational;
use kalmar_core::format::ReadError;
use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;
use std::panic::AssertUnwindSafe;
use std::path::Path;
use std::sync::{Mutex, PoisonError, mpsc};
use std::time::Duration;

/// `values` as a numpy array that Python cannot write to (an answer is not to be edited), the
/// vector handed over without a copy.
pub fn read_only<T: numpy::Element>(py: Python<'_>, values: Vec<T>) -> PyResult<Py<PyArray1<T>>> {
    let array = values.into_pyarray(py);
    array.getattr("flags")?.setattr("writeable", false)?;
    Ok(array.unbind())
}

/// Python's `fractions.Fraction`, imported once.
static FRACTION: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// An exact number as Python's `fractions.Fraction`; one that fits in 64 bits goes over as two
/// small ints, without a big integer's conversion.
pub fn fraction<'py>(py: Python<'py>, value: &Rational) -> PyResult<Bound<'py, PyAny>> {
    match value.to_small() {
        Some((numerator, denominator)) => FRACTION
            .import(py, "fractions", "Fraction")?
            .call1((numerator, denominator)),
        None => value.to_big().into_pyobject(py),
    }
}

/// Exact numbers as a list of `fractions.Fraction`.
pub fn fractions<'py>(py: Python<'py>, values: &[Rational]) -> PyResult<Vec<Bound<'py, PyAny>>> {
    values.iter().map(|v| fraction(py, v)).collect()
}

/// A list of `Fraction`s made on first use and then kept: a solve of a million vertices does
/// not pay for a million Python objects that nobody reads.
pub struct LazyFractions(PyOnceLock<Py<PyAny>>);

impl Default for LazyFractions {
    fn default() -> Self {
        LazyFractions(PyOnceLock::new())
    }
}

impl LazyFractions {
    /// The list of `values`, made the first time it is asked for.
    pub fn get(&self, py: Python<'_>, values: &[Rational]) -> PyResult<Py<PyAny>> {
        self.0
            .get_or_try_init(py, || {
                Ok::<_, PyErr>(fractions(py, values)?.into_pyobject(py)?.unbind())
            })
            .map(|list| list.clone_ref(py))
    }
}

/// A Python number taken exactly: an `int`, a `fractions.Fraction`, or a string such as `"3/4"`
/// or `"0.25"`. A float is refused, since a float is rarely the number its writer meant.
pub fn rational(value: &Bound<'_, PyAny>) -> PyResult<Rational> {
    if let Ok(text) = value.extract::<String>() {
        return text
            .trim()
            .parse::<Rational>()
            .map_err(|e| PyValueError::new_err(format!("'{text}' is not an exact number: {e}")));
    }
    if value.is_instance_of::<pyo3::types::PyFloat>() {
        return Err(PyValueError::new_err(format!(
            "{value} is a float: give an exact number (an int, a fractions.Fraction or a string such as \"1/3\")"
        )));
    }
    let big: num_rational::BigRational = value.extract()?;
    Ok(Rational::from_big(big))
}

/// Any library error as `ValueError` with the library's message.
pub fn value_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// Writes a solution's text to `path` with the GIL released: `OSError` (`FileNotFoundError`,
/// `PermissionError`, ...) naming the file if it cannot be written.
pub fn save(py: Python<'_>, path: &Path, text: &str) -> PyResult<()> {
    py.detach(|| std::fs::write(path, text))
        .map_err(|e| crate::read_error(ReadError::Io(path.to_path_buf(), e)))
}

/// A solution's text that the library failed to write (a solver's answer it cannot name: a
/// bug), as `RuntimeError`.
pub fn write_error(error: impl std::fmt::Display) -> PyErr {
    PyRuntimeError::new_err(format!(
        "internal error, the solution cannot be written: {error} (a bug in kalmar: please report the input)"
    ))
}

/// How often a waiting solve looks for Ctrl-C.
const POLL: Duration = Duration::from_millis(50);

/// Stack of a solve's thread: as much as a main thread's, since some solvers recurse on deep
/// trees (only the pages touched are ever committed).
const STACK: usize = 256 << 20;

/// A solve handed to a solve thread.
type Job = Box<dyn FnOnce() + Send>;

/// The solve threads waiting for a job, each by its channel. A thread is kept once started:
/// mapping and unmapping a stack of [`STACK`] bytes for every call cost up to about 4 ms at
/// times, more than a small solve.
static IDLE: Mutex<Vec<mpsc::Sender<Job>>> = Mutex::new(Vec::new());

/// Runs `job` on an idle solve thread, or on a new one if none is idle (a solve interrupted
/// from Python keeps its thread until it ends).
fn dispatch(job: Job) -> std::io::Result<()> {
    let idle = IDLE.lock().unwrap_or_else(PoisonError::into_inner).pop();
    let job = match idle {
        Some(worker) => match worker.send(job) {
            Ok(()) => return Ok(()),
            Err(mpsc::SendError(job)) => job,
        },
        None => job,
    };
    let (send, receive) = mpsc::channel::<Job>();
    std::thread::Builder::new()
        .name("kalmar solve".into())
        .stack_size(STACK)
        .spawn(move || {
            let mut next = Some(job);
            while let Some(job) = next.take() {
                // A panic ends the job, not the thread (its answer channel is dropped, which
                // the caller reports).
                let _ = std::panic::catch_unwind(AssertUnwindSafe(job));
                IDLE.lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(send.clone());
                next = receive.recv().ok();
            }
        })?;
    Ok(())
}

/// Runs `work` (a solve) on a solve thread with the GIL released, so that other Python threads
/// go on, and looks for signals every 50 ms: Ctrl-C raises `KeyboardInterrupt` at once. An
/// interrupted solve cannot be stopped from outside, so it runs on in the background and its
/// answer is dropped; what it holds is shared (`Arc`), never borrowed from Python. A panic in
/// `work` becomes `RuntimeError`, never a crash.
pub fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let (send, receive) = mpsc::sync_channel(1);
    dispatch(Box::new(move || {
        // The receiver is gone only after an interrupt: nobody wants the answer then.
        let _ = send.send(work());
    }))
    .map_err(|e| PyRuntimeError::new_err(format!("cannot start the solve: {e}")))?;
    let mut receive = receive;
    loop {
        // The receiver goes with the detached wait and comes back (it may not be shared).
        let (answer, back) = py.detach(move || (receive.recv_timeout(POLL), receive));
        receive = back;
        match answer {
            Ok(answer) => return Ok(answer),
            Err(mpsc::RecvTimeoutError::Timeout) => py.check_signals()?,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "internal error: the solver stopped without an answer (a bug in kalmar: please report the input)",
                ));
            }
        }
    }
}
