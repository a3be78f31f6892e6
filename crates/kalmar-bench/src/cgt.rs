//! The impartial-games suite of `kalmar bench impartial`: G(0..n) of Kayles, Dawson's Kayles, Grundy's
//! game and Officers (or other octal codes, [`GAMES`]) at growing n, by kalmar's octal solvers
//! ([`kalmar_cgt::octal::SOLVERS`]) and optionally a peer program, with values per second and
//! peak memory.
//!
//! A game whose period is proven (the Guy–Smith theorem) stops there: its row says from how many
//! values, instead of grinding out the rest. Every solver's values are compared with the first
//! solver's by a hash of G(0..n) ([`hash`]); a peer, run as `PEER CODE N`, must print the same
//! hash (`hash H`; it may also print its peak memory as `peak_kib K`). Times are CPU seconds
//! (user and system; the peer's as a waited-for child, see [`crate::harness::Samples`]), which a
//! loaded machine inflates much less than wall-clock time; both are reported. A run estimated
//! from the previous sizes to take longer than the timeout is skipped.
//!
//! ```
//! use kalmar_bench::cgt::{self, CgtOptions};
//! let games = cgt::games(&["officers".into()]).unwrap();
//! let sizes = cgt::sizes(&["2^8".into()]).unwrap();
//! let solvers = cgt::solvers(&[]).unwrap();
//! let options = CgtOptions { repetitions: 1, ..CgtOptions::default() };
//! let rows = cgt::run_suite(&games, &sizes, &solvers, &options, &mut |_| {}).unwrap();
//! assert_eq!(rows.len(), solvers.len());
//! assert!(rows.iter().all(|row| row.n == 256 && row.computed == Some(256)));
//! ```

use crate::harness::{
    BadInput, CpuOf, Progress, Samples, SizeError, Steps, TableRow, mib, or_dash, parse_size,
    peak_rss, reset_peak_rss, size_name,
};
use crate::table_plot::PlotColumns;
use kalmar_cgt::octal::{self, Rules, SolverEntry};
use kalmar_core::registry::{Entry, Registry, UnknownId};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The numbers of values run when none are given.
pub const DEFAULT_SIZES: &[usize] = &[1 << 16, 1 << 18, 1 << 20];
/// The numbers of values the suite takes: 2 to 2^31.
pub const SIZE_RANGE: std::ops::RangeInclusive<usize> = 2..=1 << 31;

/// A named game: its label in the tables and its rules.
#[derive(Clone, Copy, Debug)]
pub struct NamedGame {
    /// The label in the tables.
    pub label: &'static str,
    /// Its rules.
    pub rules: fn() -> Rules,
}

fn octal_code(code: &str) -> Rules {
    Rules::parse(code).expect("a valid built-in code")
}

/// The games known by name, run when none are given.
pub static GAMES: Registry<NamedGame> = Registry::new(
    "impartial game",
    &[
        Entry {
            id: "kayles",
            summary: "Kayles, 0.77: knock down one pin or two adjacent ones",
            bounds: "",
            run: NamedGame {
                label: "Kayles 0.77",
                rules: || octal_code("0.77"),
            },
        },
        Entry {
            id: "dawson",
            summary: "Dawson's Kayles, 0.07: knock down two adjacent pins",
            bounds: "",
            run: NamedGame {
                label: "Dawson's Kayles 0.07",
                rules: || octal_code("0.07"),
            },
        },
        Entry {
            id: "grundy",
            summary: "Grundy's game: split a heap into two unequal heaps",
            bounds: "",
            run: NamedGame {
                label: "Grundy's game",
                rules: Rules::grundy,
            },
        },
        Entry {
            id: "officers",
            summary: "Officers, 0.6: take one counter, leaving one heap or two",
            bounds: "",
            run: NamedGame {
                label: "Officers 0.6",
                rules: || octal_code("0.6"),
            },
        },
    ],
);

/// A game to run: its label in the tables and its rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The label in the tables.
    pub label: String,
    /// Its rules.
    pub rules: Rules,
}

/// Why the suite failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CgtBenchError {
    /// A size is not one.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// A game is neither named nor an octal code.
    #[error("game '{text}': {known} or an octal code ({message})")]
    Game {
        /// The text given.
        text: String,
        /// The names of [`GAMES`], separated by commas.
        known: String,
        /// Why it is not an octal code.
        message: String,
    },
    /// A solver is not known.
    #[error(transparent)]
    Solver(#[from] UnknownId),
    /// The peer program could not be started.
    #[error("cannot run the peer {program}: {message}")]
    PeerNotRun {
        /// The program.
        program: String,
        /// Why.
        message: String,
    },
    /// The peer program failed.
    #[error("the peer {program} failed on {code} {n}: {message}")]
    PeerFailed {
        /// The program.
        program: String,
        /// The game's code.
        code: String,
        /// The number of values.
        n: usize,
        /// Its standard error.
        message: String,
    },
    /// Two solvers, or a solver and the peer, computed different values.
    #[error("{game}, n = {n}: {who} disagrees")]
    Disagree {
        /// The game's label.
        game: String,
        /// The number of values.
        n: usize,
        /// The solver, or `the peer`.
        who: String,
    },
}

impl BadInput for CgtBenchError {
    fn is_bad_input(&self) -> bool {
        matches!(
            self,
            CgtBenchError::Size(_)
                | CgtBenchError::Game { .. }
                | CgtBenchError::Solver(_)
                | CgtBenchError::PeerNotRun { .. }
        )
    }
}

/// A game by name ([`GAMES`]) or by octal code.
pub fn game(text: &str) -> Result<Game, CgtBenchError> {
    if let Ok(named) = GAMES.get(text) {
        return Ok(Game {
            label: named.run.label.to_string(),
            rules: (named.run.rules)(),
        });
    }
    let rules = Rules::parse(text).map_err(|e| CgtBenchError::Game {
        text: text.to_string(),
        known: GAMES.ids().collect::<Vec<_>>().join(", "),
        message: e.in_file("the code").to_string(),
    })?;
    Ok(Game {
        label: rules.to_string(),
        rules,
    })
}

/// The games given ([`game`]), or every game of [`GAMES`].
pub fn games(given: &[String]) -> Result<Vec<Game>, CgtBenchError> {
    if given.is_empty() {
        GAMES.ids().map(game).collect()
    } else {
        given.iter().map(|text| game(text)).collect()
    }
}

/// The sizes given, as `65536`, `1e6` or `2^16` within [`SIZE_RANGE`], or [`DEFAULT_SIZES`].
pub fn sizes(given: &[String]) -> Result<Vec<usize>, CgtBenchError> {
    if given.is_empty() {
        return Ok(DEFAULT_SIZES.to_vec());
    }
    Ok(given
        .iter()
        .map(|text| parse_size(text, SIZE_RANGE))
        .collect::<Result<_, _>>()?)
}

/// The solvers given by id, or every solver of [`octal::SOLVERS`].
pub fn solvers(given: &[String]) -> Result<Vec<&'static SolverEntry>, CgtBenchError> {
    if given.is_empty() {
        return Ok(octal::SOLVERS.iter().collect());
    }
    Ok(given
        .iter()
        .map(|id| octal::SOLVERS.get(id))
        .collect::<Result<_, _>>()?)
}

/// How to run the suite.
#[derive(Clone, Debug, PartialEq)]
pub struct CgtOptions {
    /// Timed runs per solver and size (the median is reported).
    pub repetitions: usize,
    /// A run estimated to take more seconds than this is skipped.
    pub timeout_seconds: f64,
    /// A program run as `PEER CODE N` that prints `hash H` (and may print `peak_kib K`); not run
    /// on games with unequal splits (Grundy's game), which have no octal code.
    pub peer: Option<PathBuf>,
}

impl Default for CgtOptions {
    fn default() -> Self {
        CgtOptions {
            repetitions: 5,
            timeout_seconds: 60.0,
            peer: None,
        }
    }
}

/// One measured (or skipped) run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CgtRow {
    /// The game's label.
    pub game: String,
    /// The number of values.
    pub n: usize,
    /// The solver's id, or `peer` and the peer program's name.
    pub solver: String,
    /// Median CPU seconds (user and system), if it ran.
    pub cpu_seconds: Option<f64>,
    /// Median wall-clock seconds.
    pub wall_seconds: Option<f64>,
    /// n per median CPU second.
    pub values_per_second: Option<f64>,
    /// The values the solver computed itself (fewer when a period was proven).
    pub computed: Option<usize>,
    /// The peak resident memory, in MiB, where known.
    pub peak_rss_mib: Option<f64>,
    /// A proven period, a skipped run, the peer's agreement.
    pub note: String,
}

impl CgtRow {
    fn new(game: &str, n: usize, solver: &str) -> Self {
        CgtRow {
            game: game.to_string(),
            n,
            solver: solver.to_string(),
            cpu_seconds: None,
            wall_seconds: None,
            values_per_second: None,
            computed: None,
            peak_rss_mib: None,
            note: String::new(),
        }
    }

    /// The median CPU seconds, or wall-clock seconds where CPU time is not known.
    fn seconds(&self) -> f64 {
        self.cpu_seconds.or(self.wall_seconds).unwrap_or(0.0)
    }

    /// The medians (CPU, wall) and n per median CPU second (per wall second without CPU times);
    /// no rate when the values came from a proven period (it would only measure the copying).
    fn fill(&mut self, samples: &Samples) {
        let wall = samples.wall().median;
        let cpu = samples.cpu().map(|t| t.median);
        self.wall_seconds = Some(wall);
        self.cpu_seconds = cpu;
        self.values_per_second = (self.computed == Some(self.n))
            .then(|| self.n as f64 / cpu.filter(|&c| c > 0.0).unwrap_or(wall));
    }
}

impl TableRow for CgtRow {
    fn markdown_header() -> &'static str {
        "| game | n | solver | CPU s | wall s | values/s | computed | peak RSS MiB | note |\n\
         |---|---:|---|---:|---:|---:|---:|---:|---|"
    }

    const PLOT: Option<PlotColumns> = Some(PlotColumns {
        x: "n",
        y: &["CPU s"],
        by: &["game", "solver"],
    });

    fn markdown(&self) -> String {
        format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            self.game,
            size_name(self.n),
            self.solver,
            or_dash(self.cpu_seconds.map(|s| format!("{s:.2}"))),
            or_dash(self.wall_seconds.map(|s| format!("{s:.2}"))),
            or_dash(self.values_per_second.map(|v| format!("{:.0}k", v / 1e3))),
            or_dash(self.computed.map(|c| c.to_string())),
            or_dash(self.peak_rss_mib.map(|m| format!("{m:.1}"))),
            self.note
        )
    }
}

/// The hash of G(0..n) that runs are compared by: h ← h · 1000003 + G(i), modulo 2^64.
pub fn hash(values: &[u32]) -> u64 {
    values.iter().fold(0u64, |h, &v| {
        h.wrapping_mul(1_000_003).wrapping_add(u64::from(v))
    })
}

/// The exponent of growth assumed after one run, until two runs show the real one: quadratic,
/// the worst case of the solvers.
const FIRST_EXPONENT: f64 = 2.0;

/// When a solver last ran: (n, seconds), to estimate the next run.
#[derive(Default)]
struct History(Vec<(usize, f64)>);

impl History {
    /// The estimated seconds at n: from the last two runs' growth (between linear and
    /// quadratic), or after one run as n^[`FIRST_EXPONENT`].
    fn estimate(&self, n: usize) -> Option<f64> {
        let &(last_n, last_t) = self.0.last()?;
        let exponent = match self.0.len() {
            0 | 1 => FIRST_EXPONENT,
            len => {
                let (first_n, first_t) = self.0[len - 2];
                ((last_t / first_t).ln() / (last_n as f64 / first_n as f64).ln()).clamp(1.0, 2.0)
            }
        };
        Some(last_t * (n as f64 / last_n as f64).powf(exponent))
    }

    /// Runs `run` unless the estimate at n is over `timeout`; a run without a proven period is
    /// remembered for the estimates.
    fn run_or_skip(
        &mut self,
        row: CgtRow,
        timeout: f64,
        run: impl FnOnce(CgtRow) -> Result<CgtRow, CgtBenchError>,
    ) -> Result<CgtRow, CgtBenchError> {
        if let Some(estimate) = self.estimate(row.n).filter(|&t| t > timeout) {
            let note = format!("not run: about {estimate:.0} s expected (--timeout)");
            return Ok(CgtRow { note, ..row });
        }
        let row = run(row)?;
        // A proven period makes every size the same work: no estimate.
        if row.computed == Some(row.n) {
            self.0.push((row.n, row.seconds()));
        }
        Ok(row)
    }
}

/// Every solver, and the peer if any, on every game at every size. `progress` hears of each
/// game and size.
pub fn run_suite(
    games: &[Game],
    sizes: &[usize],
    solvers: &[&SolverEntry],
    options: &CgtOptions,
    progress: &mut dyn FnMut(Progress),
) -> Result<Vec<CgtRow>, CgtBenchError> {
    let timeout = options.timeout_seconds;
    let mut steps = Steps::new(games.len() * sizes.len(), progress);
    let mut rows = Vec::new();
    for game in games {
        let mut histories: Vec<History> = solvers.iter().map(|_| History::default()).collect();
        let mut peer_history = History::default();
        for &n in sizes {
            steps.start(format!("{}, n = {n}", game.label));
            let mut reference: Option<u64> = None;
            for (solver, history) in solvers.iter().zip(&mut histories) {
                let row = CgtRow::new(&game.label, n, solver.id);
                rows.push(history.run_or_skip(row, timeout, |row| {
                    let (row, values_hash) = time_solver(row, game, solver, options.repetitions);
                    if reference.is_some_and(|h| h != values_hash) {
                        return Err(game.disagree(n, solver.id));
                    }
                    reference = Some(values_hash);
                    Ok(row)
                })?);
            }
            if let Some(peer) = options.peer.as_deref()
                && !game.rules.unequal_splits()
            {
                let row = CgtRow::new(&game.label, n, &peer_name(peer));
                rows.push(peer_history.run_or_skip(row, timeout, |row| {
                    time_peer(row, peer, game, options.repetitions, reference)
                })?);
            }
            steps.finish();
        }
    }
    Ok(rows)
}

impl Game {
    fn disagree(&self, n: usize, who: &str) -> CgtBenchError {
        CgtBenchError::Disagree {
            game: self.label.clone(),
            n,
            who: who.to_string(),
        }
    }
}

/// Times `repetitions` runs of `solver` to `row.n` values (stopping at a proven period); the
/// row filled in and the values' hash.
fn time_solver(
    mut row: CgtRow,
    game: &Game,
    solver: &SolverEntry,
    repetitions: usize,
) -> (CgtRow, u64) {
    let mut samples = Samples::default();
    let mut last = None;
    for _ in 0..repetitions.max(1) {
        drop(last.take());
        let measured = reset_peak_rss();
        let computed = samples.measure(CpuOf::Own, || {
            octal::compute(&game.rules, solver, row.n, true, &mut |_| {})
        });
        if measured && let Some(peak) = peak_rss().map(mib) {
            row.peak_rss_mib = Some(row.peak_rss_mib.map_or(peak, |p: f64| p.max(peak)));
        }
        last = Some(computed);
    }
    let computed = last.expect("at least one run");
    if let Some(p) = &computed.period {
        row.note = format!(
            "period {} from n = {} proven from {} values; the rest follow",
            p.period, p.preperiod, computed.computed
        );
    }
    row.computed = Some(computed.computed);
    row.fill(&samples);
    (row, hash(&computed.values.iter().collect::<Vec<_>>()))
}

/// Times `repetitions` runs of `PEER CODE N` and checks the hash it prints against `reference`.
fn time_peer(
    mut row: CgtRow,
    peer: &Path,
    game: &Game,
    repetitions: usize,
    reference: Option<u64>,
) -> Result<CgtRow, CgtBenchError> {
    let code = game.rules.to_string();
    let n = row.n;
    let mut samples = Samples::default();
    let mut output = String::new();
    for _ in 0..repetitions.max(1) {
        let run = samples
            .measure(CpuOf::Children, || {
                Command::new(peer).arg(&code).arg(n.to_string()).output()
            })
            .map_err(|e| CgtBenchError::PeerNotRun {
                program: peer.display().to_string(),
                message: e.to_string(),
            })?;
        if !run.status.success() {
            return Err(CgtBenchError::PeerFailed {
                program: peer.display().to_string(),
                code,
                n,
                message: String::from_utf8_lossy(&run.stderr).trim().to_string(),
            });
        }
        output = String::from_utf8_lossy(&run.stdout).into_owned();
    }
    let after = |key: &str| {
        let mut words = output.split_whitespace();
        words.find(|&w| w == key)?;
        words.next()?.parse::<u64>().ok()
    };
    row.note = match (after("hash"), reference) {
        (Some(h), Some(r)) if h == r => "same values as kalmar".to_string(),
        (Some(_), Some(_)) => return Err(game.disagree(n, "the peer")),
        (Some(_), None) => String::new(),
        (None, _) => "printed no hash".to_string(),
    };
    row.computed = Some(n);
    row.peak_rss_mib = after("peak_kib").map(|kib| kib as f64 / 1024.0);
    row.fill(&samples);
    Ok(row)
}

/// "peer" and the peer program's file name.
fn peer_name(peer: &Path) -> String {
    match peer.file_name() {
        Some(name) => format!("peer {}", name.to_string_lossy()),
        None => "peer".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_games_and_solvers_are_read() {
        assert_eq!(sizes(&[]).unwrap(), DEFAULT_SIZES);
        assert_eq!(
            sizes(&["2^16".into(), "1e3".into()]).unwrap(),
            [65536, 1000]
        );
        for bad in ["3^40", "2^40", "x", "1"] {
            let error = sizes(&[bad.into()]).unwrap_err();
            assert!(error.is_bad_input(), "{bad}");
            assert!(error.to_string().contains("expected 2^K"), "{error}");
        }
        let labels: Vec<String> = games(&[]).unwrap().into_iter().map(|g| g.label).collect();
        assert_eq!(
            labels,
            [
                "Kayles 0.77",
                "Dawson's Kayles 0.07",
                "Grundy's game",
                "Officers 0.6"
            ]
        );
        assert_eq!(game("0.137").unwrap().label, "0.137");
        let error = game("0.9").unwrap_err();
        assert!(error.is_bad_input());
        assert!(error.to_string().contains("found '9'"), "{error}");
        assert!(error.to_string().contains("kayles, dawson"), "{error}");
        assert_eq!(solvers(&[]).unwrap().len(), octal::SOLVERS.len());
        assert!(matches!(solvers(&["nonsense".into()]), Err(e) if e.is_bad_input()));
    }

    #[test]
    fn estimates_follow_the_growth_seen() {
        let mut history = History::default();
        assert_eq!(history.estimate(100), None);
        history.0.push((100, 1.0));
        assert_eq!(history.estimate(200), Some(4.0));
        history.0.push((200, 2.0));
        assert!((history.estimate(400).unwrap() - 4.0).abs() < 1e-9);
        let row = CgtRow::new("g", 800, "s");
        let skipped = history.run_or_skip(row, 1.0, |_| unreachable!()).unwrap();
        assert!(
            skipped.note.starts_with("not run: about 8 s"),
            "{}",
            skipped.note
        );
        assert!(skipped.cpu_seconds.is_none());
    }

    #[test]
    fn periods_stop_the_run_and_rows_format() {
        let games = games(&["kayles".into()]).unwrap();
        let solvers = solvers(&[]).unwrap();
        let options = CgtOptions {
            repetitions: 1,
            ..CgtOptions::default()
        };
        let mut seen = Vec::new();
        let rows = run_suite(&games, &[2048], &solvers, &options, &mut |p| {
            seen.push(p.done)
        })
        .unwrap();
        assert_eq!(seen, [0, 1]);
        assert_eq!(rows.len(), solvers.len());
        for row in &rows {
            assert_eq!(row.computed, Some(1024));
            assert!(row.values_per_second.is_none());
            assert!(row.note.contains("period 12 from n = 71"), "{}", row.note);
            assert_eq!(row.markdown().matches('|').count(), 10);
            assert!(row.markdown().contains("| 2^11 |"));
        }
        let json = serde_json::to_string(&rows[0]).unwrap();
        assert_eq!(serde_json::from_str::<CgtRow>(&json).unwrap(), rows[0]);
    }

    #[test]
    fn hashes_follow_the_values() {
        assert_eq!(hash(&[]), 0);
        assert_eq!(hash(&[1, 2]), 1_000_003 + 2);
    }
}
