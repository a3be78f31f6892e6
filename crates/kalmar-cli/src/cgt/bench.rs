//! `kalmar bench cgt`: G(0..n) of Kayles, Dawson's Kayles, Grundy's game and Officers (or
//! other octal codes) at growing n, by the sparse and the naive solvers and optionally a peer
//! program, with values per second and peak memory; the suite is [`kalmar_bench::cgt`].

use crate::bad_input;
use kalmar_bench::cgt::{self, CgtBenchError, CgtOptions};
use kalmar_bench::{BadInput, Progress, markdown_table};
use std::path::Path;

/// What `kalmar bench cgt` was asked for (the shared `kalmar bench` options it uses).
pub struct Options<'a> {
    /// Numbers of values n, as `65536`, `1e6` or `2^16`.
    pub sizes: &'a [String],
    /// Games: `kayles`, `dawson`, `grundy`, `officers` or an octal code.
    pub games: &'a [String],
    /// kalmar's solvers to run (default: all).
    pub solvers: &'a [String],
    /// A program run as `PEER CODE N` that prints `hash H` (and may print `peak_kib K`).
    pub peer: Option<&'a Path>,
    /// A solver whose next run is estimated to take more CPU seconds than this is skipped.
    pub timeout: Option<u64>,
    /// Timed runs per solver and size (the median is reported).
    pub reps: usize,
    /// Print the rows as JSON.
    pub json: bool,
    /// Also draw the table as a log-log plot into this file.
    pub svg: Option<&'a Path>,
}

/// `kalmar bench cgt`, its progress drawn by `progress`.
pub fn run(options: &Options<'_>, progress: &mut dyn FnMut(Progress)) -> anyhow::Result<()> {
    let failure = |error: CgtBenchError| {
        if error.is_bad_input() {
            bad_input(error)
        } else {
            error.into()
        }
    };
    let sizes = cgt::sizes(options.sizes).map_err(failure)?;
    let games = cgt::games(options.games).map_err(failure)?;
    let solvers = cgt::solvers(options.solvers).map_err(failure)?;
    let defaults = CgtOptions::default();
    let suite = CgtOptions {
        repetitions: options.reps.max(1),
        timeout_seconds: options
            .timeout
            .map_or(defaults.timeout_seconds, |t| t as f64),
        peer: options.peer.map(Path::to_path_buf),
    };
    let rows = cgt::run_suite(&games, &sizes, &solvers, &suite, progress).map_err(failure)?;
    crate::bench::plot_rows(&rows, options.svg, "kalmar bench cgt")?;
    if options.json {
        say!("{}", serde_json::to_string_pretty(&rows)?);
    } else {
        say!("{}", markdown_table(&rows));
    }
    Ok(())
}
