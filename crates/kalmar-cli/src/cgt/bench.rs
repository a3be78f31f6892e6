//! `kalmar bench cgt`: G(0..n) of Kayles, Dawson's Kayles, Grundy's game and Officers (or
//! other octal codes) at growing n, by the sparse and the naive solvers and optionally a peer
//! program, with values per second and peak memory.
//!
//! A game whose period is proven (the Guy–Smith theorem) stops there: its row says from how
//! many values, instead of grinding out the rest. Every solver's values are compared with the
//! sparse solver's (a hash of G(0..n)); a peer must print the same hash. Times are CPU seconds
//! (user and system, from `/proc/self/stat`; the peer's as a waited-for child), which a loaded
//! machine inflates much less than wall-clock time; both are shown.

use crate::bad_input;
use kalmar_cgt::octal::{self, Computed, Rules};
use serde::Serialize;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// What `kalmar bench cgt` was asked for (the shared `kalmar bench` options it uses).
pub struct Options<'a> {
    /// Numbers of values n, as `65536` or `2^16`.
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
}

/// One measured (or skipped) run.
#[derive(Serialize)]
struct Row {
    game: String,
    n: usize,
    solver: String,
    /// Median CPU seconds (user and system), if it ran.
    cpu_seconds: Option<f64>,
    /// Median wall-clock seconds.
    wall_seconds: Option<f64>,
    /// n per median CPU second.
    values_per_second: Option<f64>,
    /// The values the solver computed itself (fewer when a period was proven).
    computed: Option<usize>,
    peak_rss_mib: Option<f64>,
    note: String,
}

const DEFAULT_SIZES: &[&str] = &["2^16", "2^18", "2^20"];
const DEFAULT_GAMES: &[&str] = &["kayles", "dawson", "grundy", "officers"];
const DEFAULT_TIMEOUT: u64 = 60;

impl Row {
    /// The median CPU seconds, or wall-clock seconds where CPU time is not known.
    fn seconds(&self) -> f64 {
        self.cpu_seconds.or(self.wall_seconds).unwrap_or(0.0)
    }
}

/// A number of values: `65536` or `2^16`.
fn parse_size(text: &str) -> anyhow::Result<usize> {
    let size = match text.trim().split_once('^') {
        Some(("2", bits)) => bits
            .parse::<u32>()
            .ok()
            .filter(|&bits| bits < 32)
            .map(|bits| 1usize << bits),
        Some(_) => None,
        None => text.trim().parse().ok(),
    };
    size.filter(|&n| n >= 2).ok_or_else(|| {
        bad_input(format!(
            "size '{text}': expected 2^K (K < 32) or a number ≥ 2"
        ))
    })
}

/// A game by name or octal code, with the name shown in the table.
fn parse_game(text: &str) -> anyhow::Result<(String, Rules)> {
    let named = |code: &str, name: &str| {
        let rules = Rules::parse(code).expect("a valid built-in code");
        (format!("{name} {code}"), rules)
    };
    Ok(match text {
        "kayles" => named("0.77", "Kayles"),
        "dawson" => named("0.07", "Dawson's Kayles"),
        "officers" => named("0.6", "Officers"),
        "grundy" => ("Grundy's game".to_string(), Rules::grundy()),
        code => {
            let rules = Rules::parse(code).map_err(|e| {
                bad_input(format!(
                    "game '{code}': kayles, dawson, grundy, officers or an octal code ({})",
                    e.in_file("the code")
                ))
            })?;
            (rules.to_string(), rules)
        }
    })
}

/// The hash of G(0..n) that runs are compared by: h ← h · 1000003 + G(i), modulo 2^64.
fn hash(values: &[u32]) -> u64 {
    values.iter().fold(0u64, |h, &v| {
        h.wrapping_mul(1_000_003).wrapping_add(u64::from(v))
    })
}

/// Resets the process's peak resident set to the current one (Linux); whether it could.
fn reset_peak_rss() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

/// The process's peak resident set since the last reset, in MiB (Linux).
fn peak_rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

/// CPU seconds (user and system) used so far by this process and by its children that have
/// been waited for, from `/proc/self/stat` (Linux; its clock ticks are 1/100 s).
fn cpu_seconds() -> Option<(f64, f64)> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name, which is in parentheses and may hold spaces; utime,
    // stime, cutime and cstime are fields 14 to 17 of the line.
    let fields: Vec<&str> = stat
        .get(stat.rfind(')')? + 1..)?
        .split_whitespace()
        .collect();
    let seconds = |i: usize| Some(fields.get(i)?.parse::<f64>().ok()? / 100.0);
    Some((seconds(11)? + seconds(12)?, seconds(13)? + seconds(14)?))
}

/// Times of repeated runs: wall-clock and CPU seconds.
#[derive(Default)]
struct Times {
    wall: Vec<f64>,
    cpu: Vec<f64>,
}

impl Times {
    /// Times `run`; `children` counts the CPU time of child processes instead of this one's.
    fn time<T>(&mut self, children: bool, run: impl FnOnce() -> T) -> T {
        let pick = |(own, waited): (f64, f64)| if children { waited } else { own };
        let cpu_before = cpu_seconds().map(pick);
        let start = Instant::now();
        let result = run();
        self.wall.push(start.elapsed().as_secs_f64());
        if let (Some(before), Some(after)) = (cpu_before, cpu_seconds().map(pick)) {
            self.cpu.push(after - before);
        }
        result
    }

    /// The medians (CPU, wall) and n per median CPU second (per wall second without CPU times);
    /// no rate when the values came from a proven period (it would only measure the copying).
    fn fill(self, row: &mut Row) {
        let n = row.n as f64;
        let wall = median(self.wall);
        let cpu = (!self.cpu.is_empty()).then(|| median(self.cpu));
        row.wall_seconds = Some(wall);
        row.cpu_seconds = cpu;
        row.values_per_second =
            (row.computed == Some(row.n)).then(|| n / cpu.filter(|&c| c > 0.0).unwrap_or(wall));
    }
}

fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// When each solver last ran: (n, seconds), to estimate the next run.
#[derive(Default)]
struct History(Vec<(usize, f64)>);

impl History {
    /// The estimated seconds at n: from the last two runs' growth, or after one run as n^`first`.
    fn estimate(&self, n: usize, first: f64) -> Option<f64> {
        let &(last_n, last_t) = self.0.last()?;
        let exponent = match self.0.len() {
            0 | 1 => first,
            len => {
                let (first_n, first_t) = self.0[len - 2];
                ((last_t / first_t).ln() / (last_n as f64 / first_n as f64).ln()).clamp(1.0, 2.0)
            }
        };
        Some(last_t * (n as f64 / last_n as f64).powf(exponent))
    }
}

/// The items given, or the defaults, each read by `parse`.
fn given_or<T>(
    given: &[String],
    default: &[&str],
    parse: impl Fn(&str) -> anyhow::Result<T>,
) -> anyhow::Result<Vec<T>> {
    if given.is_empty() {
        default.iter().map(|text| parse(text)).collect()
    } else {
        given.iter().map(|text| parse(text)).collect()
    }
}

/// `kalmar bench cgt`.
pub fn run(options: &Options<'_>) -> anyhow::Result<()> {
    let sizes = given_or(options.sizes, DEFAULT_SIZES, parse_size)?;
    let games = given_or(options.games, DEFAULT_GAMES, parse_game)?;
    let solvers: Vec<&octal::SolverEntry> = if options.solvers.is_empty() {
        octal::SOLVERS.iter().collect()
    } else {
        options
            .solvers
            .iter()
            .map(|id| octal::SOLVERS.get(id).map_err(bad_input))
            .collect::<anyhow::Result<_>>()?
    };
    let timeout = options.timeout.unwrap_or(DEFAULT_TIMEOUT) as f64;
    let reps = options.reps.max(1);
    let bar = crate::progress::bar(games.len() * sizes.len(), "runs");
    let mut rows = Vec::new();
    for (name, rules) in &games {
        let mut histories: Vec<History> = solvers.iter().map(|_| History::default()).collect();
        let mut peer_history = History::default();
        for &n in &sizes {
            if let Some(bar) = &bar {
                bar.set_message(format!("{name}, n = {n}"));
            }
            let mut reference: Option<u64> = None;
            for (solver, history) in solvers.iter().zip(&mut histories) {
                // The naive solver is quadratic; the others are taken as linear until seen.
                let first = if solver.id == "naive" { 2.0 } else { 1.0 };
                let skip = history.estimate(n, first).filter(|&t| t > timeout);
                let row = match skip {
                    Some(t) => skipped(name, n, solver.id, t),
                    None => {
                        let (row, values_hash) = time_solver(name, rules, solver, n, reps)?;
                        match reference {
                            Some(h) if h != values_hash => {
                                anyhow::bail!("{name}, n = {n}: {} disagrees", solver.id)
                            }
                            _ => reference = Some(values_hash),
                        }
                        // A proven period makes every size the same work: no estimate.
                        if row.computed == Some(n) {
                            history.0.push((n, row.seconds()));
                        }
                        row
                    }
                };
                rows.push(row);
            }
            if let Some(peer) = options.peer.filter(|_| !rules.unequal_splits()) {
                let row = match peer_history.estimate(n, 1.0).filter(|&t| t > timeout) {
                    Some(t) => skipped(name, n, &peer_name(peer), t),
                    None => {
                        let row = time_peer(peer, name, rules, n, reps, reference)?;
                        peer_history.0.push((n, row.seconds()));
                        row
                    }
                };
                rows.push(row);
            }
            if let Some(bar) = &bar {
                bar.inc(1);
            }
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if options.json {
        say!("{}", serde_json::to_string_pretty(&rows)?);
    } else {
        say!("{}", markdown_table(&rows));
    }
    Ok(())
}

fn skipped(name: &str, n: usize, solver: &str, estimate: f64) -> Row {
    Row {
        game: name.to_string(),
        n,
        solver: solver.to_string(),
        cpu_seconds: None,
        wall_seconds: None,
        values_per_second: None,
        computed: None,
        peak_rss_mib: None,
        note: format!("not run: about {estimate:.0} s expected (--timeout)"),
    }
}

/// Times `reps` runs of `solver` to n values (stopping at a proven period); the row and the
/// values' hash.
fn time_solver(
    name: &str,
    rules: &Rules,
    solver: &octal::SolverEntry,
    n: usize,
    reps: usize,
) -> anyhow::Result<(Row, u64)> {
    let mut times = Times::default();
    let mut peak: Option<f64> = None;
    let mut last: Option<Computed> = None;
    for _ in 0..reps {
        drop(last.take());
        let measured = reset_peak_rss();
        let computed = times.time(false, || {
            octal::compute(rules, solver, n, true, &mut |_| {})
        });
        if measured && let Some(mib) = peak_rss_mib() {
            peak = Some(peak.map_or(mib, |p: f64| p.max(mib)));
        }
        last = Some(computed);
    }
    let computed = last.expect("at least one run");
    let note = match &computed.period {
        Some(p) => format!(
            "period {} from n = {} proven from {} values; the rest follow",
            p.period, p.preperiod, computed.computed
        ),
        None => String::new(),
    };
    let mut row = Row {
        game: name.to_string(),
        n,
        solver: solver.id.to_string(),
        cpu_seconds: None,
        wall_seconds: None,
        values_per_second: None,
        computed: Some(computed.computed),
        peak_rss_mib: peak,
        note,
    };
    times.fill(&mut row);
    Ok((row, hash(&computed.values)))
}

/// Times `reps` runs of `PEER CODE N` and checks the hash it prints against `reference`.
fn time_peer(
    peer: &Path,
    name: &str,
    rules: &Rules,
    n: usize,
    reps: usize,
    reference: Option<u64>,
) -> anyhow::Result<Row> {
    let code = rules.to_string();
    let mut times = Times::default();
    let mut output = String::new();
    for _ in 0..reps {
        let run = times
            .time(true, || {
                Command::new(peer).arg(&code).arg(n.to_string()).output()
            })
            .map_err(|e| bad_input(format!("cannot run the peer {}: {e}", peer.display())))?;
        if !run.status.success() {
            anyhow::bail!(
                "the peer {} failed on {code} {n}: {}",
                peer.display(),
                String::from_utf8_lossy(&run.stderr).trim()
            );
        }
        output = String::from_utf8_lossy(&run.stdout).into_owned();
    }
    let after = |key: &str| {
        let mut words = output.split_whitespace();
        words.find(|&w| w == key)?;
        words.next()?.parse::<u64>().ok()
    };
    let note = match (after("hash"), reference) {
        (Some(h), Some(r)) if h == r => "same values as kalmar".to_string(),
        (Some(_), Some(_)) => anyhow::bail!("{name}, n = {n}: the peer's values differ"),
        (Some(_), None) => String::new(),
        (None, _) => "printed no hash".to_string(),
    };
    let mut row = Row {
        game: name.to_string(),
        n,
        solver: peer_name(peer),
        cpu_seconds: None,
        wall_seconds: None,
        values_per_second: None,
        computed: Some(n),
        peak_rss_mib: after("peak_kib").map(|kib| kib as f64 / 1024.0),
        note,
    };
    times.fill(&mut row);
    Ok(row)
}

/// "peer" and the peer program's file name.
fn peer_name(peer: &Path) -> String {
    match peer.file_name() {
        Some(name) => format!("peer {}", name.to_string_lossy()),
        None => "peer".to_string(),
    }
}

fn markdown_table(rows: &[Row]) -> String {
    let mut out = String::from(
        "| game | n | solver | CPU s | wall s | values/s | computed | peak RSS MiB | note |\n\
         |---|---:|---|---:|---:|---:|---:|---:|---|\n",
    );
    let or_dash = |x: Option<String>| x.unwrap_or_else(|| "—".to_string());
    for row in rows {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
            row.game,
            size_name(row.n),
            row.solver,
            or_dash(row.cpu_seconds.map(|s| format!("{s:.2}"))),
            or_dash(row.wall_seconds.map(|s| format!("{s:.2}"))),
            or_dash(row.values_per_second.map(|v| format!("{:.0}k", v / 1e3))),
            or_dash(row.computed.map(|c| c.to_string())),
            or_dash(row.peak_rss_mib.map(|m| format!("{m:.1}"))),
            row.note
        ));
    }
    out
}

/// n as 2^k when it is a power of two.
fn size_name(n: usize) -> String {
    if n.is_power_of_two() {
        format!("2^{}", n.trailing_zeros())
    } else {
        n.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_powers_or_numbers() {
        assert_eq!(parse_size("2^16").unwrap(), 65536);
        assert_eq!(parse_size("1000").unwrap(), 1000);
        for bad in ["3^4", "2^40", "x", "1"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn estimates_follow_the_growth_seen() {
        let mut history = History::default();
        assert_eq!(history.estimate(100, 2.0), None);
        history.0.push((100, 1.0));
        assert_eq!(history.estimate(200, 2.0), Some(4.0));
        assert_eq!(history.estimate(200, 1.0), Some(2.0));
        history.0.push((200, 2.0));
        assert!((history.estimate(400, 2.0).unwrap() - 4.0).abs() < 1e-9);
    }
}
