//! What every suite measures with: wall-clock timing of closures ([`time`], [`time_within`],
//! summarised by [`Timing`] as the fastest run and the median), CPU time of this process and of
//! its waited-for children ([`cpu_time`], [`Samples`]), the peak resident memory and its reset
//! ([`peak_rss`], [`reset_peak_rss`], from `/proc` on Linux), a child process run with a time
//! limit ([`run_with_limit`]), sizes as people write them ([`parse_size`]), Markdown tables
//! ([`markdown_table`]) and the progress of a long run ([`Progress`]).
//!
//! ```
//! use kalmar_bench::harness::{parse_size, time};
//! let (timing, sum) = time(3, || (1..=100u64).sum::<u64>());
//! assert_eq!((sum, timing.samples.len()), (5050, 3));
//! assert!(timing.min <= timing.median);
//! assert_eq!(parse_size("2^10", 1..=1 << 20).unwrap(), 1024);
//! assert_eq!(parse_size("1e3", 1..=1 << 20).unwrap(), 1000);
//! ```

use crate::table_plot::PlotColumns;
use serde::{Deserialize, Serialize};
use std::io::Read;
use std::ops::RangeInclusive;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The exit code of a `kalmar` command stopped by its `--timeout`: `timeout(1)`'s, so that
/// scripts that already run solvers under `timeout` read kalmar's own deadline the same way.
pub const TIMED_OUT: u8 = 124;

/// Wall-clock times of repeated runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Timing {
    /// Each run's time in seconds, in the order run.
    pub samples: Vec<f64>,
    /// The median time.
    pub median: f64,
    /// The fastest time.
    pub min: f64,
}

impl Timing {
    /// The timing of these samples (0 for both figures when there are none).
    pub fn from_samples(samples: Vec<f64>) -> Self {
        Timing {
            min: samples
                .iter()
                .copied()
                .min_by(f64::total_cmp)
                .unwrap_or(0.0),
            median: median(&samples),
            samples,
        }
    }
}

/// The median of `samples`: the middle one, or the mean of the middle two when their number is
/// even; 0 when there are none.
pub fn median(samples: &[f64]) -> f64 {
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    let k = sorted.len();
    match k {
        0 => 0.0,
        _ if k % 2 == 1 => sorted[k / 2],
        _ => (sorted[k / 2 - 1] + sorted[k / 2]) / 2.0,
    }
}

/// Runs `f` `repetitions` times (at least once), timing each run; returns the timing and the
/// last run's result.
pub fn time<T>(repetitions: usize, f: impl FnMut() -> T) -> (Timing, T) {
    time_within(repetitions, None, f)
}

/// Runs each of `runs` in turn, `repetitions` times over (at least once), timing each run, so
/// that a drift of the machine's speed falls on all alike and none runs warm on its own data
/// from the run before; returns each one's timing and last result.
pub fn time_in_turn<T>(
    repetitions: usize,
    runs: &mut [impl FnMut() -> T],
) -> (Vec<Timing>, Vec<T>) {
    let mut samples = vec![Vec::new(); runs.len()];
    let mut last = Vec::new();
    for round in 0..repetitions.max(1) {
        for (i, run) in runs.iter_mut().enumerate() {
            let started = Instant::now();
            let result = std::hint::black_box(run());
            samples[i].push(started.elapsed().as_secs_f64());
            if round + 1 == repetitions.max(1) {
                last.push(result);
            }
        }
    }
    (
        samples.into_iter().map(Timing::from_samples).collect(),
        last,
    )
}

/// Runs `f` up to `repetitions` times (at least once), timing each run, and stops after a run
/// longer than `limit` seconds; returns the timing and the last run's result.
pub fn time_within<T>(
    repetitions: usize,
    limit: Option<f64>,
    mut f: impl FnMut() -> T,
) -> (Timing, T) {
    let mut samples = Vec::with_capacity(repetitions.max(1));
    loop {
        let started = Instant::now();
        let result = std::hint::black_box(f());
        let seconds = started.elapsed().as_secs_f64();
        samples.push(seconds);
        if samples.len() >= repetitions.max(1) || limit.is_some_and(|limit| seconds > limit) {
            return (Timing::from_samples(samples), result);
        }
    }
}

/// CPU seconds (user and system) used so far.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CpuTime {
    /// By this process.
    pub own: f64,
    /// By its child processes that have ended and been waited for.
    pub children: f64,
}

/// The CPU time used so far, from `/proc/self/stat` (Linux; its clock ticks are 1/100 s), where
/// the system reports it.
pub fn cpu_time() -> Option<CpuTime> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name, which is in parentheses and may hold spaces; utime,
    // stime, cutime and cstime are fields 14 to 17 of the line.
    let fields: Vec<&str> = stat
        .get(stat.rfind(')')? + 1..)?
        .split_whitespace()
        .collect();
    let seconds = |i: usize| Some(fields.get(i)?.parse::<f64>().ok()? / 100.0);
    Some(CpuTime {
        own: seconds(11)? + seconds(12)?,
        children: seconds(13)? + seconds(14)?,
    })
}

/// Whose CPU time a measurement counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CpuOf {
    /// This process's (the run is a function call).
    Own,
    /// The waited-for children's (the run is another program).
    Children,
}

/// Wall-clock and CPU seconds of repeated runs. CPU time is inflated much less than wall-clock
/// time by a loaded machine.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Samples {
    /// Each run's wall-clock seconds.
    pub wall: Vec<f64>,
    /// Each run's CPU seconds, where the system reports them.
    pub cpu: Vec<f64>,
}

impl Samples {
    /// Runs `run` once, recording its wall-clock time and the CPU time of `of`.
    pub fn measure<T>(&mut self, of: CpuOf, run: impl FnOnce() -> T) -> T {
        let pick = |cpu: CpuTime| match of {
            CpuOf::Own => cpu.own,
            CpuOf::Children => cpu.children,
        };
        let cpu_before = cpu_time().map(pick);
        let started = Instant::now();
        let result = std::hint::black_box(run());
        self.wall.push(started.elapsed().as_secs_f64());
        if let (Some(before), Some(after)) = (cpu_before, cpu_time().map(pick)) {
            self.cpu.push(after - before);
        }
        result
    }

    /// The wall-clock timing.
    pub fn wall(&self) -> Timing {
        Timing::from_samples(self.wall.clone())
    }

    /// The CPU timing, if the system reported CPU times.
    pub fn cpu(&self) -> Option<Timing> {
        (!self.cpu.is_empty()).then(|| Timing::from_samples(self.cpu.clone()))
    }
}

/// The process's peak resident set size in bytes (`VmHWM` of `/proc/self/status`), where the
/// system reports it.
pub fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line
        .trim_start_matches("VmHWM:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib * 1024)
}

/// Resets the process's peak resident set size to its current size (writing 5 to
/// `/proc/self/clear_refs`, Linux 4.0 and later); returns whether that worked.
pub fn reset_peak_rss() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

/// Bytes as MiB.
pub fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1u64 << 20) as f64
}

/// Runs `command` to its end and returns its standard output, or kills it and returns `None`
/// once it has run for `limit`. A process that fails is an error with its standard error.
/// Its output is read while it runs, so a large report cannot fill the pipe and stall it.
pub fn run_with_limit(
    mut command: Command,
    limit: Option<Duration>,
) -> std::io::Result<Option<Vec<u8>>> {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let mut stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let out = std::thread::spawn(move || {
        let mut buffer = Vec::new();
        stdout.read_to_end(&mut buffer).map(|_| buffer)
    });
    let errors = std::thread::spawn(move || {
        let mut buffer = String::new();
        stderr.read_to_string(&mut buffer).map(|_| buffer)
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if limit.is_some_and(|limit| started.elapsed() > limit) {
            child.kill()?;
            child.wait()?;
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = out.join().expect("reader thread")?;
    let stderr = errors.join().expect("reader thread")?;
    match status {
        None => Ok(None),
        Some(status) if status.success() => Ok(Some(stdout)),
        Some(status) => Err(std::io::Error::other(format!(
            "{status}: {}",
            stderr.trim()
        ))),
    }
}

/// The sizes the suites take (arcs, vertices, moves, priorities): 1 to 2·10^9.
pub const SIZES: RangeInclusive<usize> = 1..=2_000_000_000;

/// A size that [`parse_size`] does not accept.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "size '{text}': expected 2^K, 1e6 or a whole number like 65536, from {} to {}",
    size_name(*min),
    size_name(*max)
)]
pub struct SizeError {
    /// The text given.
    pub text: String,
    /// The smallest size allowed.
    pub min: usize,
    /// The largest size allowed.
    pub max: usize,
}

/// A size as people write them: a whole number (`65536`), scientific notation (`1e6`, `2.5e3`)
/// or a power (`2^16`, `10^6`), within `range`.
///
/// ```
/// use kalmar_bench::harness::parse_size;
/// assert_eq!(parse_size("2^16", 2..=1 << 31).unwrap(), 65536);
/// assert!(parse_size("2^40", 2..=1 << 31).is_err());
/// ```
pub fn parse_size(text: &str, range: RangeInclusive<usize>) -> Result<usize, SizeError> {
    let trimmed = text.trim();
    let value: Option<u128> = match trimmed.split_once('^') {
        Some((base, exponent)) => base
            .parse::<u128>()
            .ok()
            .zip(exponent.parse::<u32>().ok())
            .and_then(|(base, exponent)| base.checked_pow(exponent)),
        None => trimmed.parse::<u128>().ok().or_else(|| {
            let x = trimmed.parse::<f64>().ok()?;
            (x.is_finite() && x >= 0.0 && x.fract() == 0.0 && x < 1e30).then_some(x as u128)
        }),
    };
    value
        .and_then(|v| usize::try_from(v).ok())
        .filter(|v| range.contains(v))
        .ok_or_else(|| SizeError {
            text: text.to_string(),
            min: *range.start(),
            max: *range.end(),
        })
}

/// A size as `2^K` when it is a power of two from 2^10 on, else as a number.
pub fn size_name(n: usize) -> String {
    if n.is_power_of_two() && n >= 1 << 10 {
        format!("2^{}", n.trailing_zeros())
    } else {
        n.to_string()
    }
}

/// An error that may lie in what was asked for (a size, a game, a solver, a program) rather than
/// in a run: the command line reports the two differently.
pub trait BadInput {
    /// Whether the error is in what was asked for.
    fn is_bad_input(&self) -> bool;
}

/// A row of a Markdown table.
pub trait TableRow {
    /// The header of a table of such rows (two lines, no trailing newline).
    fn markdown_header() -> &'static str;
    /// The row as a Markdown table row (one line).
    fn markdown(&self) -> String;
    /// The columns of a log-log plot of such rows (`kalmar bench SUITE --svg`); none: such
    /// tables are not plotted.
    const PLOT: Option<PlotColumns> = None;
}

/// A Markdown table of `rows`, with its header (no trailing newline).
pub fn markdown_table<R: TableRow>(rows: &[R]) -> String {
    let mut table = R::markdown_header().to_string();
    for row in rows {
        table.push('\n');
        table.push_str(&row.markdown());
    }
    table
}

/// `-` for a figure that is not known.
pub fn or_dash(figure: Option<String>) -> String {
    figure.unwrap_or_else(|| "-".to_string())
}

/// Where a long benchmark is: reported before each step and once after the last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Steps finished.
    pub done: usize,
    /// Steps in all.
    pub total: usize,
    /// The step starting now (empty after the last).
    pub step: String,
}

/// Counts the steps of a long benchmark and reports them to a callback.
pub(crate) struct Steps<'a> {
    done: usize,
    total: usize,
    report: &'a mut dyn FnMut(Progress),
}

impl<'a> Steps<'a> {
    /// `total` steps, reported to `report`.
    pub(crate) fn new(total: usize, report: &'a mut dyn FnMut(Progress)) -> Self {
        Steps {
            done: 0,
            total,
            report,
        }
    }

    /// Step `step` starts.
    pub(crate) fn start(&mut self, step: String) {
        (self.report)(Progress {
            done: self.done,
            total: self.total,
            step,
        });
    }

    /// The step started last is done; after the last, the callback hears so.
    pub(crate) fn finish(&mut self) {
        self.done += 1;
        if self.done == self.total {
            self.start(String::new());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timing_statistics() {
        let t = Timing::from_samples(vec![3.0, 1.0, 2.0, 10.0]);
        assert_eq!((t.median, t.min), (2.5, 1.0));
        let t = Timing::from_samples(vec![3.0, 1.0, 2.0]);
        assert_eq!((t.median, t.min), (2.0, 1.0));
        assert_eq!(Timing::from_samples(Vec::new()).median, 0.0);
        let (t, x) = time(0, || 7);
        assert_eq!((t.samples.len(), x), (1, 7));
        let (t, _) = time_within(5, Some(0.0), || {
            std::thread::sleep(Duration::from_millis(1))
        });
        assert_eq!(t.samples.len(), 1);
    }

    #[test]
    fn sizes_in_every_notation() {
        let any = 1..=usize::MAX;
        for (text, size) in [
            ("1000", 1000),
            (" 65536 ", 65536),
            ("1e6", 1_000_000),
            ("2.5e3", 2500),
            ("1E3", 1000),
            ("2^16", 65536),
            ("10^6", 1_000_000),
            ("2^0", 1),
        ] {
            assert_eq!(parse_size(text, any.clone()), Ok(size), "{text}");
        }
        for bad in [
            "", "x", "1.5", "-3", "2^", "^3", "2^x", "2^200", "1e40", "inf", "NaN",
        ] {
            assert!(parse_size(bad, any.clone()).is_err(), "{bad}");
        }
        let cgt = 2..=1 << 31;
        assert_eq!(parse_size("2^31", cgt.clone()), Ok(1 << 31));
        for bad in ["2^32", "2^40", "1", "0"] {
            assert!(parse_size(bad, cgt.clone()).is_err(), "{bad}");
        }
        let message = parse_size("2^40", cgt).unwrap_err().to_string();
        assert!(
            message.contains("expected 2^K") && message.contains("2^31"),
            "{message}"
        );
    }

    #[test]
    fn size_names() {
        assert_eq!(size_name(1 << 16), "2^16");
        assert_eq!(size_name(1000), "1000");
        assert_eq!(size_name(64), "64");
    }

    #[test]
    fn samples_and_memory() {
        let mut samples = Samples::default();
        let x = samples.measure(CpuOf::Own, || 3);
        assert_eq!((x, samples.wall.len()), (3, 1));
        assert!(samples.wall().min >= 0.0);
        if cfg!(target_os = "linux") {
            assert!(cpu_time().is_some() && samples.cpu().is_some());
            assert!(peak_rss().is_some_and(|b| b > 0));
        }
    }

    #[cfg(unix)]
    #[test]
    fn children_are_cut_short() {
        let mut quick = Command::new("/bin/sh");
        quick.args(["-c", "echo hi"]);
        assert_eq!(run_with_limit(quick, None).unwrap(), Some(b"hi\n".to_vec()));
        let mut slow = Command::new("/bin/sh");
        slow.args(["-c", "sleep 5"]);
        let limit = Some(Duration::from_millis(50));
        assert_eq!(run_with_limit(slow, limit).unwrap(), None);
        let mut failing = Command::new("/bin/sh");
        failing.args(["-c", "echo oops >&2; exit 3"]);
        let error = run_with_limit(failing, None).unwrap_err().to_string();
        assert!(error.contains("oops"), "{error}");
    }

    #[test]
    fn steps_report_progress() {
        let mut seen = Vec::new();
        let mut report = |p: Progress| seen.push((p.done, p.total, p.step));
        let mut steps = Steps::new(2, &mut report);
        steps.start("a".into());
        steps.finish();
        steps.start("b".into());
        steps.finish();
        assert_eq!(
            seen,
            [
                (0, 2, "a".to_string()),
                (1, 2, "b".to_string()),
                (2, 2, String::new())
            ]
        );
    }
}
