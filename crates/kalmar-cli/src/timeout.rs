//! `--timeout SECONDS` on every solve (as Oink's `-z`): a deadline watchdog.
//!
//! Every solve command flattens [`TimeoutArg`], one clap argument with one help text. `main`
//! finds it in the parsed command line, whatever the command, and [`start`]s a thread that sleeps
//! until the deadline and then prints `timed out after N s` on standard error and ends the
//! process with [`TIMED_OUT`] — no solver needs to know. A solver that can stop by itself with a
//! partial answer (value iteration's bounds) takes the deadline through its options
//! ([`cooperative_deadline`]); the watchdog then waits a grace period longer, so that the answer
//! so far is printed before the process ends.

use clap::Args;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub use kalmar_bench::harness::TIMED_OUT;

/// The clap id of the argument, distinct from the benchmark suites' `--timeout` (a limit per
/// peer run, not on the whole command).
pub const ID: &str = "deadline_seconds";

/// The `--timeout` of every solve command.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct TimeoutArg {
    /// Give up after this many seconds (decimals allowed): print "timed out after N s" on
    /// standard error and exit with code 124. Value iteration (`stochastic solve --solver vi`)
    /// first prints its bounds so far, and the enumerations of `efg nash` (lh, enum, vertex)
    /// the equilibria found so far, each checked.
    #[arg(long = "timeout", id = ID, value_name = "SECONDS", value_parser = seconds)]
    pub seconds: Option<f64>,
}

/// A positive, finite number of seconds.
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 1e9 => Ok(s),
        _ => Err(format!(
            "'{text}' is not a number of seconds (a positive number up to 1e9, such as 10 or 0.5)"
        )),
    }
}

/// The deadline and the seconds it was set to.
static DEADLINE: OnceLock<(Instant, f64)> = OnceLock::new();

/// Whether a solver stops by itself at the deadline.
static COOPERATING: AtomicBool = AtomicBool::new(false);

/// Starts the watchdog for a command line with `--timeout seconds`.
pub fn start(seconds: f64) {
    let deadline = Instant::now() + Duration::from_secs_f64(seconds);
    if DEADLINE.set((deadline, seconds)).is_err() {
        return;
    }
    std::thread::spawn(move || {
        sleep_until(deadline);
        if COOPERATING.load(Ordering::SeqCst) {
            sleep_until(deadline + grace(seconds));
        }
        eprintln!("timed out after {seconds} s");
        std::process::exit(TIMED_OUT.into());
    });
}

/// The deadline for a solver that stops by itself with a partial answer; the watchdog then
/// waits [`grace`] longer for it to print. `None` without `--timeout`.
pub fn cooperative_deadline() -> Option<Instant> {
    let (deadline, _) = DEADLINE.get()?;
    COOPERATING.store(true, Ordering::SeqCst);
    Some(*deadline)
}

/// The error a command returns when its solver stopped at [`cooperative_deadline`] after the
/// partial answer was printed: `main` prints it (without "error:") and exits with [`TIMED_OUT`].
#[derive(Debug)]
pub struct TimedOut;

impl std::fmt::Display for TimedOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let seconds = DEADLINE.get().map_or(0.0, |&(_, s)| s);
        write!(
            f,
            "timed out after {seconds} s (what was printed is the best answer found)"
        )
    }
}

impl std::error::Error for TimedOut {}

/// How long past the deadline a cooperating solver may take to stop and print: a tenth of the
/// time, at least a second.
fn grace(seconds: f64) -> Duration {
    Duration::from_secs_f64((seconds / 10.0).max(1.0))
}

fn sleep_until(deadline: Instant) {
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        if left.is_zero() {
            break;
        }
        std::thread::sleep(left);
    }
}
