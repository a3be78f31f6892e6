//! The runs of the parity suite: kalmar's solvers (in this process, or each run in a process of
//! its own), Oink's, one game ([`run_game`]) and every game asked for ([`run_suite`]), and the
//! rows they give ([`ParityRow`], [`Measure`]).

use super::setup::{GameSpec, Games, ParityBenchError, ParityOptions, ParityWorkload};
use crate::harness::{
    Progress, Steps, TIMED_OUT, TableRow, Timing, mib, or_dash, peak_rss, reset_peak_rss,
    run_with_limit,
};
use crate::oink::{Launch, Peer, PeerReport, PeerRun, solution_winners};
use crate::table_plot::PlotColumns;
use kalmar_core::registry::Entry;
use kalmar_core::{Certificate, Player};
use kalmar_parity::{SOLVERS, Solver, Stats, preprocess};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// The times of one side (kalmar or Oink) for one algorithm on one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Measure {
    /// Runs measured.
    pub runs: usize,
    /// The median time of a run, in seconds (for Oink: its reported total solving time).
    pub median_seconds: f64,
    /// The fastest run, in seconds.
    pub min_seconds: f64,
    /// The peak resident memory, in bytes, where known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peak_rss_bytes: Option<u64>,
    /// kalmar's iterations of one run, as the solver counts them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iterations: Option<u64>,
    /// Oink: the median of its reported solving time alone (without preprocessing; 0 when
    /// its preprocessing solved the game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solve_median_seconds: Option<f64>,
    /// Oink: the median of its reported parsing time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_median_seconds: Option<f64>,
    /// Whether a run hit the timeout (Oink: it stopped; kalmar: it finished, late).
    #[serde(default)]
    pub timed_out: bool,
    /// Oink: whether its winners are kalmar's, where compared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agrees: Option<bool>,
    /// Oink: why it gave no answer, if it failed (a crash, an error); the times are then
    /// meaningless.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed: Option<String>,
}

impl Measure {
    fn of(timing: &Timing) -> Self {
        Measure {
            runs: timing.samples.len(),
            median_seconds: timing.median,
            min_seconds: timing.min,
            peak_rss_bytes: None,
            iterations: None,
            solve_median_seconds: None,
            parse_median_seconds: None,
            timed_out: false,
            agrees: None,
            failed: None,
        }
    }

    /// Whether the figure is a time to compare: finished, not failed.
    pub(super) fn usable(&self) -> bool {
        !self.timed_out && self.failed.is_none()
    }
}

/// One algorithm on one game: kalmar's figure, Oink's, or both.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ParityRow {
    /// The game: `random`, a family with its parameters, or a file's name.
    pub family: String,
    /// The seed of a generated game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Vertices (after kalmar's reading: a dead end of the file gets a self-loop).
    pub vertices: usize,
    /// Edges.
    pub edges: usize,
    /// Distinct priorities.
    pub priorities: usize,
    /// `parse`, a solver's id, `best` (the fastest solver of each side, named in
    /// `kalmar_best` and `peer_best`) or `process` (each side's whole process with that
    /// solver, timed from outside).
    pub solver: String,
    /// kalmar's figure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kalmar: Option<Measure>,
    /// Oink's figure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peer: Option<Measure>,
    /// kalmar's median over Oink's (above 1: kalmar is slower).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratio: Option<f64>,
    /// On the `best` row: kalmar's fastest solver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kalmar_best: Option<String>,
    /// On the `best` row: Oink's fastest solver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peer_best: Option<String>,
}

impl TableRow for ParityRow {
    fn markdown_header() -> &'static str {
        "| family | vertices | edges | priorities | solver | kalmar median (ms) | oink median (ms) | kalmar / oink | kalmar peak (MiB) | oink peak (MiB) |\n\
         |---|---:|---:|---:|---|---:|---:|---:|---:|---:|"
    }

    const PLOT: Option<PlotColumns> = Some(PlotColumns {
        x: "vertices",
        y: &["kalmar median (ms)", "oink median (ms)"],
        by: &["family", "solver"],
    });

    fn markdown(&self) -> String {
        let ms = |m: &Measure| {
            let figure = format!("{:.3}", m.median_seconds * 1e3);
            if m.failed.is_some() {
                "failed".to_string()
            } else if m.timed_out {
                format!("> {figure} (timeout)")
            } else {
                figure
            }
        };
        let peak = |m: &Measure| or_dash(m.peak_rss_bytes.map(|b| format!("{:.1}", mib(b))));
        let side = |m: Option<&Measure>, f: &dyn Fn(&Measure) -> String| or_dash(m.map(f));
        let row = &self.solver;
        let solver = match (&self.kalmar_best, &self.peer_best) {
            (Some(k), Some(p)) => format!("{row} ({k} / {p})"),
            (Some(k), None) => format!("{row} ({k})"),
            (None, Some(p)) => format!("{row} (- / {p})"),
            (None, None) => row.clone(),
        };
        let disagrees = self.peer.as_ref().and_then(|p| p.agrees) == Some(false);
        format!(
            "| {} | {} | {} | {} | {}{} | {} | {} | {} | {} | {} |",
            self.family,
            self.vertices,
            self.edges,
            self.priorities,
            solver,
            if disagrees { " (winners differ!)" } else { "" },
            side(self.kalmar.as_ref(), &ms),
            side(self.peer.as_ref(), &ms),
            or_dash(self.ratio.map(|r| format!("{r:.2}"))),
            side(self.kalmar.as_ref(), &peak),
            side(self.peer.as_ref(), &peak),
        )
    }
}

/// One timed run of a kalmar solver.
#[derive(Clone, Copy, Debug)]
struct KalmarRun {
    /// Its time in seconds; `None` when it was cut short (a run in a process of its own,
    /// killed at the timeout).
    seconds: Option<f64>,
    /// Whether it ran longer than the timeout.
    timed_out: bool,
    peak_rss_bytes: Option<u64>,
    iterations: Option<u64>,
}

/// The runs so far of one kalmar solver on a game, and the winners of its first answer (not
/// known when the runs are isolated in processes of their own).
struct KalmarRuns<'a> {
    solver: &'a Entry<Solver>,
    runs: Vec<KalmarRun>,
    winners: Option<Vec<Player>>,
}

impl<'a> KalmarRuns<'a> {
    fn new(solver: &'a Entry<Solver>) -> Self {
        KalmarRuns {
            solver,
            runs: Vec::new(),
            winners: None,
        }
    }

    /// Whether another round should run it: fewer runs than asked for, none over the timeout.
    fn wants_more(&self, repetitions: usize) -> bool {
        self.runs.len() < repetitions && !self.runs.iter().any(|r| r.timed_out)
    }

    /// Times one more run, in this process or in a child of [`ParityOptions::isolate`]. The
    /// first answer of a run in this process is checked by its certificate (untimed) if asked.
    fn run_once(
        &mut self,
        workload: &ParityWorkload,
        options: &ParityOptions,
    ) -> Result<(), ParityBenchError> {
        let run = match &options.isolate {
            Some(program) => run_isolated(program, workload, self.solver, options)?,
            None => self.run_here(workload, options)?,
        };
        self.runs.push(run);
        Ok(())
    }

    fn run_here(
        &mut self,
        workload: &ParityWorkload,
        options: &ParityOptions,
    ) -> Result<KalmarRun, ParityBenchError> {
        let game = &workload.game;
        let solver = self.solver;
        reset_peak_rss();
        let mut stats = Stats::default();
        let started = Instant::now();
        let solution = std::hint::black_box(if options.preprocess {
            preprocess::solve(game, &mut stats, solver.run)
        } else {
            (solver.run)(game, &mut stats)
        });
        let seconds = started.elapsed().as_secs_f64();
        let peak_rss_bytes = peak_rss();
        if self.winners.is_none() {
            if options.verify {
                solution
                    .verify(game)
                    .map_err(|e| workload.wrong(solver.id, e))?;
            }
            self.winners = Some(solution.winner);
        }
        Ok(KalmarRun {
            seconds: Some(seconds),
            timed_out: options
                .timeout_seconds
                .is_some_and(|limit| seconds > limit as f64),
            peak_rss_bytes,
            iterations: Some(stats.iterations),
        })
    }

    /// The figure of the runs: the median of those that gave a time (the timeout, a lower
    /// bound, when none did).
    fn measure(&self, options: &ParityOptions) -> Measure {
        let mut samples: Vec<f64> = self.runs.iter().filter_map(|r| r.seconds).collect();
        if samples.is_empty() {
            samples.push(options.timeout_seconds.unwrap_or(0) as f64);
        }
        let mut measure = Measure::of(&Timing::from_samples(samples));
        measure.runs = self.runs.len();
        measure.timed_out = self.runs.iter().any(|r| r.timed_out);
        measure.peak_rss_bytes = self.runs.iter().filter_map(|r| r.peak_rss_bytes).max();
        measure.iterations = self.runs.iter().filter_map(|r| r.iterations).max();
        measure
    }
}

/// Gives a `kalmar` child process the timeout, preprocessing and verification of `options`.
fn pass_options(command: &mut Command, options: &ParityOptions) {
    if let Some(t) = options.timeout_seconds {
        command.arg("--timeout").arg(t.to_string());
    }
    if !options.preprocess {
        command.arg("--no-preprocess");
    }
    if !options.verify {
        command.arg("--no-verify");
    }
}

/// One run of a kalmar solver in a child process of `program`, killed when it has solved for
/// longer than the timeout (see [`ParityOptions::isolate`]); the child checks the answer.
fn run_isolated(
    program: &Path,
    workload: &ParityWorkload,
    solver: &Entry<Solver>,
    options: &ParityOptions,
) -> Result<KalmarRun, ParityBenchError> {
    let err = |message: String| workload.wrong(solver.id, message);
    // The child reads the game again before its clock starts: allow for that.
    let reading = 2.0 * workload.parse.median + 1.0;
    let limit = options
        .timeout_seconds
        .map(|t| std::time::Duration::from_secs_f64(t as f64 + reading));
    let mut command = Command::new(program);
    command
        .args([
            "bench",
            "parity",
            "--reps",
            "1",
            "--json",
            "--no-process",
            "--files",
        ])
        .arg(&workload.path)
        .args(["--solvers", solver.id]);
    pass_options(&mut command, options);
    let output =
        run_with_limit(command, limit).map_err(|e| err(format!("{}: {e}", program.display())))?;
    let Some(stdout) = output else {
        return Ok(KalmarRun {
            seconds: None,
            timed_out: true,
            peak_rss_bytes: None,
            iterations: None,
        });
    };
    let rows: Vec<ParityRow> = serde_json::from_slice(&stdout)
        .map_err(|e| err(format!("unreadable report of its process: {e}")))?;
    let measure = rows
        .into_iter()
        .find(|r| r.solver == solver.id)
        .and_then(|r| r.kalmar)
        .ok_or_else(|| err("its process reported no run".into()))?;
    Ok(KalmarRun {
        seconds: Some(measure.median_seconds),
        timed_out: measure.timed_out,
        peak_rss_bytes: measure.peak_rss_bytes,
        iterations: measure.iterations,
    })
}

/// What a `kalmar parity solve` process reports of itself: its read time and peak memory.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolveReport {
    /// The time to read the file, in seconds.
    pub read_seconds: f64,
    /// The peak resident memory, in bytes, where the system reports it.
    pub peak_rss_bytes: Option<u64>,
}

/// The [`SolveReport`] in the output of `kalmar parity solve` (its line `read in X ms, solved
/// by …, peak memory Y MiB`), if there.
pub fn parse_solve_report(text: &str) -> Option<SolveReport> {
    let line = text.lines().find(|l| l.starts_with("read in "))?;
    let read_ms: f64 = line["read in ".len()..].split(" ms").next()?.parse().ok()?;
    let peak_rss_bytes = line.split_once("peak memory ").and_then(|(_, rest)| {
        let mib: f64 = rest.split(" MiB").next()?.parse().ok()?;
        Some((mib * 1048576.0) as u64)
    });
    Some(SolveReport {
        read_seconds: read_ms / 1e3,
        peak_rss_bytes,
    })
}

/// One whole `program parity solve FILE --solver ID` process on the workload's file, timed
/// from outside (the timeout given to it as its own `--timeout`): its wall time, and what it
/// reports of itself unless it timed out.
fn run_process(
    program: &Path,
    id: &str,
    workload: &ParityWorkload,
    options: &ParityOptions,
) -> Result<(f64, Option<SolveReport>), ParityBenchError> {
    let err = |message: String| workload.wrong(id, message);
    let mut command = Command::new(program);
    command.args(["parity", "solve"]).arg(&workload.path);
    command.args(["--solver", id]);
    pass_options(&mut command, options);
    let started = Instant::now();
    let output = command
        .output()
        .map_err(|e| err(format!("{}: {e}", program.display())))?;
    let wall = started.elapsed().as_secs_f64();
    if output.status.code() == Some(TIMED_OUT.into()) {
        return Ok((wall, None));
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let report = parse_solve_report(&text).ok_or_else(|| {
        let stderr = String::from_utf8_lossy(&output.stderr);
        err(format!(
            "`parity solve` reported no read time ({}): {}",
            output.status,
            stderr.trim()
        ))
    })?;
    Ok((wall, Some(report)))
}

/// The runs so far of one Oink solver on a game: what Oink reported of each, the wall times of
/// its processes where they were started directly, whether its winners are kalmar's, and why it
/// failed if it did.
struct PeerRuns<'a> {
    id: &'a str,
    reports: Vec<PeerReport>,
    walls: Vec<f64>,
    agrees: Option<bool>,
    failed: Option<String>,
}

impl<'a> PeerRuns<'a> {
    fn new(id: &'a str) -> Self {
        PeerRuns {
            id,
            reports: Vec::new(),
            walls: Vec::new(),
            agrees: None,
            failed: None,
        }
    }

    /// Whether another round should run it: fewer runs than asked for, none timed out or
    /// failed.
    fn wants_more(&self, repetitions: usize) -> bool {
        self.failed.is_none()
            && self.reports.len() < repetitions
            && !self.reports.iter().any(|r| r.timed_out)
    }

    /// Runs it once more, started as `launch` says, taking the times Oink reports, and the
    /// wall time of a process started directly. With `winners`, the first run also writes
    /// Oink's solution, whose winners are compared with these. A failure (a crash, an output
    /// without times) ends its runs and is kept for its row.
    fn run_once(
        &mut self,
        peer: &Peer,
        workload: &ParityWorkload,
        options: &ParityOptions,
        winners: Option<&[Player]>,
        launch: Launch,
    ) {
        let id = self.id;
        let solution_file = (self.reports.is_empty() && winners.is_some()).then(|| {
            std::env::temp_dir().join(format!("kalmar-bench-{}-{id}.sol", std::process::id()))
        });
        let run = peer.run_once(
            id,
            &workload.path,
            options.timeout_seconds,
            solution_file.as_deref(),
            launch,
        );
        let compared = match (&run, &solution_file, winners) {
            (Ok(run), Some(file), Some(winners)) if !run.report.timed_out => {
                Some(solution_winners(&workload.path, file).map(|w| w == winners))
            }
            _ => None,
        };
        if let Some(file) = &solution_file {
            let _ = std::fs::remove_file(file);
        }
        match (run, compared.transpose()) {
            (
                Ok(PeerRun {
                    report,
                    wall_seconds,
                }),
                Ok(agrees),
            ) => {
                if launch == Launch::Direct {
                    self.walls.push(wall_seconds);
                }
                self.agrees = self.agrees.or(agrees);
                self.reports.push(report);
            }
            (Err(e), _) | (_, Err(e)) => self.failed = Some(e.to_string()),
        }
    }

    /// The figure of the runs: the median of the total solving times Oink reported (the
    /// timeout, a lower bound, when every run timed out).
    fn measure(&self, options: &ParityOptions) -> Measure {
        if let Some(message) = &self.failed {
            return Measure {
                runs: 1,
                failed: Some(message.clone()),
                ..Measure::of(&Timing::from_samples(vec![0.0]))
            };
        }
        let finished: Vec<_> = self.reports.iter().filter(|r| !r.timed_out).collect();
        let median = |xs: Vec<f64>| (!xs.is_empty()).then(|| Timing::from_samples(xs).median);
        let totals: Vec<f64> = if finished.is_empty() {
            vec![options.timeout_seconds.unwrap_or(0) as f64]
        } else {
            finished.iter().filter_map(|r| r.total_seconds).collect()
        };
        let mut measure = Measure::of(&Timing::from_samples(totals));
        measure.runs = self.reports.len();
        measure.timed_out = self.reports.iter().any(|r| r.timed_out);
        measure.peak_rss_bytes = self.reports.iter().filter_map(|r| r.peak_rss_bytes).max();
        measure.solve_median_seconds = median(
            finished
                .iter()
                .map(|r| r.solve_seconds.unwrap_or(0.0))
                .collect(),
        );
        measure.parse_median_seconds = median(
            self.reports
                .iter()
                .filter_map(|r| r.parse_seconds)
                .collect(),
        );
        measure.agrees = self.agrees;
        measure
    }
}

/// Every kalmar solver of `options`, and with a peer each of `peer_solvers` of Oink, on one
/// game: a `parse` row, a row per solver id (kalmar's and Oink's solver of the same id side by
/// side), a `best` row (each side's fastest solver) and a `process` row (each side's whole
/// process with its fastest solver). kalmar's solvers must agree on the winners; Oink's
/// winners are compared with theirs.
///
/// The runs go in rounds: each round runs every kalmar solver once and then every Oink solver
/// once, so that a drift of the machine's speed falls on both tools alike; each side's order
/// turns by one solver a round, so that the cost of running first (caches left cold by the
/// other tool's processes) falls on each solver once, not on one solver every time. The whole processes
/// then run in rounds of their own, kalmar's and Oink's in turn.
pub fn run_game(
    workload: &ParityWorkload,
    options: &ParityOptions,
    peer: Option<(&Peer, &[String])>,
) -> Result<Vec<ParityRow>, ParityBenchError> {
    let priorities = workload.game.distinct_priorities();
    let row = |solver: &str| ParityRow {
        family: workload.family.clone(),
        seed: workload.seed,
        vertices: workload.vertices(),
        edges: workload.edges(),
        priorities,
        solver: solver.to_string(),
        kalmar: None,
        peer: None,
        ratio: None,
        kalmar_best: None,
        peer_best: None,
    };
    let repetitions = options.repetitions.max(1);
    let peer_repetitions = options.peer_repetitions.unwrap_or(repetitions).max(1);
    let mut kalmar: Vec<KalmarRuns<'_>> = SOLVERS
        .iter()
        .filter(|s| options.solvers.is_empty() || options.solvers.iter().any(|id| id == s.id))
        .map(KalmarRuns::new)
        .collect();
    let mut oink: Vec<PeerRuns<'_>> = peer
        .map(|(_, ids)| ids.iter().map(|id| PeerRuns::new(id)).collect())
        .unwrap_or_default();
    for round in 0..repetitions.max(peer_repetitions) {
        for runs in in_turn(&mut kalmar, round) {
            if runs.wants_more(repetitions) {
                runs.run_once(workload, options)?;
            }
        }
        // Isolated runs return no winners: each answer was checked by the verifier instead,
        // and winning regions are unique, so verified answers agree.
        let mut answered = kalmar
            .iter()
            .filter_map(|r| Some((r.solver.id, r.winners.as_ref()?)));
        let reference = answered.next();
        if let Some((first, expected)) = reference
            && let Some((id, _)) = answered.find(|(_, winners)| winners != &expected)
        {
            return Err(workload.wrong(id, format!("its winners differ from those of {first}")));
        }
        if let Some((peer, _)) = peer {
            for runs in in_turn(&mut oink, round) {
                if runs.wants_more(peer_repetitions) {
                    let winners = reference.map(|(_, w)| w.as_slice());
                    runs.run_once(peer, workload, options, winners, Launch::Forked);
                }
            }
        }
    }
    let mut rows: Vec<ParityRow> = Vec::new();
    for runs in &kalmar {
        let mut r = row(runs.solver.id);
        r.kalmar = Some(runs.measure(options));
        rows.push(r);
    }
    for runs in &oink {
        let measure = runs.measure(options);
        match rows.iter_mut().find(|r| r.solver == runs.id) {
            Some(r) => r.peer = Some(measure),
            None => {
                let mut r = row(runs.id);
                r.peer = Some(measure);
                rows.push(r);
            }
        }
    }
    let mut parse = row("parse");
    parse.kalmar = Some(Measure {
        peak_rss_bytes: workload.parse_peak_rss_bytes,
        ..Measure::of(&workload.parse)
    });
    let parse_times: Vec<f64> = rows
        .iter()
        .filter_map(|r| r.peer.as_ref()?.parse_median_seconds)
        .collect();
    if !parse_times.is_empty() {
        parse.peer = Some(Measure::of(&Timing::from_samples(parse_times)));
    }
    let mut best = row("best");
    if let Some((id, m)) = fastest(&rows, |r| r.kalmar.as_ref()) {
        best.kalmar_best = Some(id);
        best.kalmar = Some(m);
    }
    if let Some((id, m)) = fastest(&rows, |r| r.peer.as_ref()) {
        best.peer_best = Some(id);
        best.peer = Some(m);
    }
    let (process, reads) = run_processes(
        workload,
        options,
        peer.map(|(p, _)| p),
        &best,
        row("process"),
    )?;
    if let Some(reads) = reads {
        parse.kalmar = Some(Measure::of(&reads));
    }
    let mut all = vec![parse];
    all.extend(rows);
    if best.peer.is_some() {
        all.push(best);
    }
    if process.kalmar.is_some() || process.peer.is_some() {
        all.push(process);
    }
    for r in &mut all {
        if let (Some(k), Some(p)) = (&r.kalmar, &r.peer)
            && p.usable()
            && k.usable()
        {
            r.ratio = Some(k.median_seconds / p.median_seconds.max(1e-9));
        }
    }
    Ok(all)
}

/// The items of `list` in the order of round `round`: from the `round`-th on, round the list,
/// so that no solver always runs first, right after the other tool's processes.
fn in_turn<T>(list: &mut [T], round: usize) -> impl Iterator<Item = &mut T> {
    let at = round % list.len().max(1);
    let (before, from) = list.split_at_mut(at);
    from.iter_mut().chain(before)
}

/// The solver of `rows` whose figure on one side is the fastest finished one, and that figure.
pub(super) fn fastest(
    rows: &[ParityRow],
    side: fn(&ParityRow) -> Option<&Measure>,
) -> Option<(String, Measure)> {
    rows.iter()
        .filter_map(|r| side(r).filter(|m| m.usable()).map(|m| (r, m)))
        .min_by(|a, b| a.1.median_seconds.total_cmp(&b.1.median_seconds))
        .map(|(r, m)| (r.solver.clone(), m.clone()))
}

/// The `process` row, with [`ParityOptions::program`]: kalmar's whole process with its fastest
/// solver and Oink's with its fastest, both started directly as a user starts them, in rounds,
/// one run of each in turn (Oink's peak memory is taken from its solver's runs, whose figure is
/// its own); and the read times kalmar's process reported (when any run finished).
fn run_processes(
    workload: &ParityWorkload,
    options: &ParityOptions,
    peer: Option<&Peer>,
    best: &ParityRow,
    mut process: ParityRow,
) -> Result<(ParityRow, Option<Timing>), ParityBenchError> {
    let Some((program, id)) = options.program.as_deref().zip(best.kalmar_best.as_deref()) else {
        return Ok((process, None));
    };
    let repetitions = options.repetitions.max(1);
    let peer_repetitions = options.peer_repetitions.unwrap_or(repetitions).max(1);
    let mut oink = peer.zip(best.peer_best.as_deref().map(PeerRuns::new));
    let (mut walls, mut reports, mut timed_out) = (Vec::new(), Vec::new(), false);
    for _ in 0..repetitions.max(peer_repetitions) {
        if walls.len() < repetitions && !timed_out {
            let (wall, report) = run_process(program, id, workload, options)?;
            walls.push(wall);
            match report {
                Some(report) => reports.push(report),
                None => timed_out = true,
            }
        }
        if let Some((peer, runs)) = &mut oink
            && runs.wants_more(peer_repetitions)
        {
            runs.run_once(peer, workload, options, None, Launch::Direct);
        }
    }
    process.kalmar = Some(Measure {
        timed_out,
        peak_rss_bytes: reports.iter().filter_map(|r| r.peak_rss_bytes).max(),
        ..Measure::of(&Timing::from_samples(walls))
    });
    process.kalmar_best = Some(id.to_string());
    if let Some((_, runs)) = &oink {
        let oink = runs.measure(options);
        let walls = runs.walls.clone();
        process.peer = Some(Measure {
            runs: oink.runs,
            peak_rss_bytes: best.peer.as_ref().and_then(|m| m.peak_rss_bytes),
            timed_out: oink.timed_out,
            failed: oink.failed,
            ..Measure::of(&Timing::from_samples(walls))
        });
        process.peer_best.clone_from(&best.peer_best);
    }
    let reads: Vec<f64> = reports.iter().map(|r| r.read_seconds).collect();
    Ok((
        process,
        (!reads.is_empty()).then(|| Timing::from_samples(reads)),
    ))
}

/// Every game of `games`, by [`run_game`]: the files first, then the generated games. The
/// solvers of `options` are looked up, and the directory to keep games in is made, before
/// anything runs. `progress` hears of each game.
pub fn run_suite(
    games: &Games,
    options: &ParityOptions,
    peer: Option<(&Peer, &[String])>,
    progress: &mut dyn FnMut(Progress),
) -> Result<Vec<ParityRow>, ParityBenchError> {
    for id in &options.solvers {
        kalmar_parity::SOLVERS
            .get(id)
            .map_err(|e| ParityBenchError::Game(e.to_string()))?;
    }
    let dir = match &games.keep_in {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .map_err(|e| ParityBenchError::Game(format!("{}: {e}", dir.display())))?;
            dir.clone()
        }
        None => std::env::temp_dir(),
    };
    let mut steps = Steps::new(games.files.len() + games.specs.len(), progress);
    let mut rows = Vec::new();
    for file in &games.files {
        steps.start(file.display().to_string());
        let family = file.file_name().map_or_else(
            || file.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let workload = ParityWorkload::from_file(family, file, options)?;
        rows.extend(run_game(&workload, options, peer)?);
        steps.finish();
    }
    for spec in &games.specs {
        steps.start(match spec {
            GameSpec::Random {
                vertices,
                priorities,
            } => format!("random, {vertices} vertices, {priorities} priorities"),
            GameSpec::Family { .. } => spec.label(),
        });
        let keep = games.keep_in.is_some();
        let workload = ParityWorkload::generate(spec, games.seed, &dir, keep, options)?;
        rows.extend(run_game(&workload, options, peer)?);
        steps.finish();
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalmar_parity::SOLVERS;

    #[test]
    fn the_report_of_a_solve_process() {
        let text = "parity game g.pg: 10 vertices, 3 priorities\n\
                    read in 1.500 ms, solved by zlk in 0.200 ms, certificate verified in 0.100 ms, peak memory 3.0 MiB\n";
        let report = parse_solve_report(text).unwrap();
        assert_eq!(report.read_seconds, 0.0015);
        assert_eq!(report.peak_rss_bytes, Some(3 << 20));
        let without = "read in 2.000 ms, solved by tl in 1.000 ms, not verified (--no-verify)";
        let report = parse_solve_report(without).unwrap();
        assert_eq!((report.read_seconds, report.peak_rss_bytes), (0.002, None));
        assert_eq!(parse_solve_report("no such line"), None);
    }

    #[test]
    fn generated_games_run_without_a_peer() {
        let options = ParityOptions {
            repetitions: 2,
            ..ParityOptions::default()
        };
        let spec = GameSpec::Random {
            vertices: 500,
            priorities: 500,
        };
        let workload =
            ParityWorkload::generate(&spec, 3, std::env::temp_dir(), false, &options).unwrap();
        let path = workload.path.clone();
        assert!(path.exists());
        let rows = run_game(&workload, &options, None).unwrap();
        assert_eq!(rows.len(), 1 + SOLVERS.len());
        assert_eq!(rows[0].solver, "parse");
        for r in &rows {
            assert_eq!(r.vertices, 500);
            assert_eq!(r.kalmar.as_ref().unwrap().runs, 2);
            assert!(r.peer.is_none() && r.ratio.is_none());
            assert_eq!(r.markdown().matches('|').count(), 11);
            let back: ParityRow = serde_json::from_str(&serde_json::to_string(r).unwrap()).unwrap();
            assert_eq!(
                (back.solver.as_str(), back.edges),
                (r.solver.as_str(), r.edges)
            );
        }
        drop(workload);
        assert!(!path.exists());
    }

    #[test]
    fn each_round_starts_one_solver_further() {
        let mut list = [1, 2, 3];
        let order = |list: &mut [i32], round| in_turn(list, round).map(|x| *x).collect::<Vec<_>>();
        assert_eq!(order(&mut list, 0), [1, 2, 3]);
        assert_eq!(order(&mut list, 1), [2, 3, 1]);
        assert_eq!(order(&mut list, 5), [3, 1, 2]);
        assert!(order(&mut [], 3).is_empty());
    }

    /// kalmar's and Oink's runs alternate, round by round, for the solvers and for the whole
    /// processes: stand-in programs write down the order they are run in.
    #[cfg(unix)]
    #[test]
    fn kalmar_and_oink_run_in_turn() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("kalmar-bench-turns-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let log = dir.join("log");
        let script = |name: &str, body: &str| {
            let path = dir.join(name);
            let text = format!("#!/bin/sh\n{body}\n");
            std::fs::write(&path, text.replace("LOG", &log.display().to_string())).unwrap();
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
            path
        };
        let kalmar = script(
            "kalmar",
            r#"if [ "$1" = parity ]; then
  printf K >> LOG; echo "read in 1.000 ms, solved by zlk in 0.100 ms, peak memory 3.0 MiB"
else
  printf k >> LOG
  echo '[{"family":"g","vertices":1,"edges":1,"priorities":1,"solver":"zlk","kalmar":{"runs":1,"median_seconds":0.002,"min_seconds":0.002}}]'
fi"#,
        );
        let oink = script(
            "oink",
            "printf o >> LOG; echo '[ 0.00] parsing took 0.5 sec.'; \
             echo '[ 0.00] total solving time: 0.001 sec.'",
        );
        let options = ParityOptions {
            repetitions: 3,
            solvers: vec!["zlk".into()],
            isolate: Some(kalmar.clone()),
            program: Some(kalmar),
            ..ParityOptions::default()
        };
        let spec = GameSpec::family("laddergame", 10).unwrap();
        let workload = ParityWorkload::generate(&spec, 1, &dir, false, &options).unwrap();
        let peer = Peer {
            program: oink,
            args: Vec::new(),
        };
        let rows = run_game(&workload, &options, Some((&peer, &["zlk".to_string()]))).unwrap();
        assert_eq!(std::fs::read_to_string(&log).unwrap(), "kokokoKoKoKo");
        let solvers: Vec<&str> = rows.iter().map(|r| r.solver.as_str()).collect();
        assert_eq!(solvers, ["parse", "zlk", "best", "process"]);
        let zlk = &rows[1];
        assert_eq!(zlk.kalmar.as_ref().unwrap().median_seconds, 0.002);
        assert_eq!(zlk.peer.as_ref().unwrap().median_seconds, 0.001);
        assert_eq!(zlk.ratio, Some(2.0));
        assert_eq!(rows[0].kalmar.as_ref().unwrap().median_seconds, 0.001);
        assert_eq!(rows[0].peer.as_ref().unwrap().median_seconds, 0.5);
        let process = &rows[3];
        assert_eq!(process.kalmar.as_ref().unwrap().runs, 3);
        assert_eq!(process.peer.as_ref().unwrap().runs, 3);
        let summary = crate::parity::summarize(&rows);
        assert_eq!(summary.len(), 1);
        let line = summary[0].markdown();
        assert!(line.starts_with("| laddergame"), "{line}");
        assert!(
            line.contains("| 1.00 / 500 | zlk 2.00 | zlk 1.00 | **2.00** |"),
            "{line}"
        );
        assert!(line.ends_with("| zlk 2.00 | zlk 1.00 |"), "{line}");
        drop(workload);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_suite_runs_files_then_generated_games() {
        let options = ParityOptions {
            repetitions: 1,
            solvers: vec!["zlk".into()],
            ..ParityOptions::default()
        };
        let dir = std::env::temp_dir().join(format!("kalmar-bench-suite-{}", std::process::id()));
        let generated = Games {
            specs: vec![GameSpec::family("laddergame", 40).unwrap()],
            seed: 1,
            keep_in: Some(dir.clone()),
            ..Games::default()
        };
        let mut seen = Vec::new();
        let rows = run_suite(&generated, &options, None, &mut |p| seen.push(p.done)).unwrap();
        assert_eq!(seen, [0, 1]);
        let kept: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(kept.len(), 1);
        let file = kept[0].as_ref().unwrap().path();
        let from_file = Games {
            files: vec![file.clone()],
            ..Games::default()
        };
        let again = run_suite(&from_file, &options, None, &mut |_| {}).unwrap();
        let solvers =
            |rows: &[ParityRow]| -> Vec<String> { rows.iter().map(|r| r.solver.clone()).collect() };
        assert_eq!(solvers(&rows), ["parse", "zlk"]);
        assert_eq!(solvers(&again), solvers(&rows));
        assert_eq!(again[0].family, file.file_name().unwrap().to_string_lossy());
        std::fs::remove_dir_all(&dir).unwrap();
        let unknown = ParityOptions {
            solvers: vec!["nonsense".into()],
            ..options
        };
        let error = run_suite(&generated, &unknown, None, &mut |_| {}).unwrap_err();
        assert!(matches!(error, ParityBenchError::Game(_)), "{error}");
    }
}
