//! One line per game of the parity suite ([`summarize`]): the two tools' reading, their fastest
//! solvers, their whole processes and peak memory, and every solver's median, from the rows of
//! [`run_game`](super::run_game).

use super::run::{Measure, ParityRow, fastest};
use crate::harness::{TableRow, mib, or_dash};
use serde::{Deserialize, Serialize};

/// One game of the parity suite, summed up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ParitySummary {
    /// The game, as in its rows.
    pub family: String,
    /// Vertices.
    pub vertices: usize,
    /// Edges.
    pub edges: usize,
    /// Distinct priorities.
    pub priorities: usize,
    /// The `parse` row.
    pub parse: Option<ParityRow>,
    /// The `process` row.
    pub process: Option<ParityRow>,
    /// The rows of the solvers, kalmar's and Oink's.
    pub solvers: Vec<ParityRow>,
}

/// The rows of [`run_game`](super::run_game) or [`run_suite`](super::run_suite), one summary
/// per game, in their order.
pub fn summarize(rows: &[ParityRow]) -> Vec<ParitySummary> {
    let mut games: Vec<ParitySummary> = Vec::new();
    for row in rows {
        let same = |g: &ParitySummary| {
            (&g.family, g.vertices, g.edges) == (&row.family, row.vertices, row.edges)
        };
        // Each game's rows start with its `parse` row.
        if row.solver == "parse" || !games.last().is_some_and(same) {
            games.push(ParitySummary {
                family: row.family.clone(),
                vertices: row.vertices,
                edges: row.edges,
                priorities: row.priorities,
                parse: None,
                process: None,
                solvers: Vec::new(),
            });
        }
        let game = games.last_mut().expect("a game was just pushed");
        let row = row.clone();
        match row.solver.as_str() {
            "parse" => game.parse = Some(row),
            "best" => {}
            "process" => game.process = Some(row),
            _ => game.solvers.push(row),
        }
    }
    games
}

/// Milliseconds, to three significant figures or to the unit.
fn ms(seconds: f64) -> String {
    let ms = seconds * 1e3;
    match ms {
        _ if ms < 10.0 => format!("{ms:.2}"),
        _ if ms < 100.0 => format!("{ms:.1}"),
        _ => format!("{ms:.0}"),
    }
}

/// A measure's time, `> T` when cut at the timeout, `failed` when the run failed.
fn time(m: &Measure) -> String {
    if m.failed.is_some() {
        "failed".into()
    } else if m.timed_out {
        format!("> {}", ms(m.median_seconds))
    } else {
        ms(m.median_seconds)
    }
}

/// `kalmar / Oink` of one figure of a row.
fn pair(row: Option<&ParityRow>, figure: impl Fn(&Measure) -> Option<String>) -> String {
    let side = |m: Option<&Measure>| or_dash(m.and_then(&figure));
    let k = side(row.and_then(|r| r.kalmar.as_ref()));
    let p = side(row.and_then(|r| r.peer.as_ref()));
    format!("{k} / {p}")
}

/// A solver's name and time, as `zlk 1.26`.
fn named(best: Option<&(String, Measure)>) -> String {
    or_dash(best.map(|(name, m)| format!("{name} {}", time(m))))
}

/// The peak memory of a side's whole process where it ran, else of its fastest solver's runs.
fn peak(process: Option<&Measure>, best: Option<&(String, Measure)>) -> String {
    let bytes = process
        .and_then(|m| m.peak_rss_bytes)
        .or_else(|| best.and_then(|(_, m)| m.peak_rss_bytes));
    or_dash(bytes.map(|b| format!("{:.0}", mib(b))))
}

/// A ratio, in bold.
fn bold(ratio: Option<f64>) -> String {
    or_dash(ratio.map(|r| format!("**{r:.2}**")))
}

impl TableRow for ParitySummary {
    fn markdown_header() -> &'static str {
        "| game | vertices | edges | priorities | read kalmar / Oink (ms) | kalmar's best (ms) | Oink's best (ms) | best ratio | whole process kalmar / Oink (ms) | process ratio | peak MiB kalmar / Oink | kalmar's solvers (ms) | Oink's solvers (ms) |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|"
    }

    fn markdown(&self) -> String {
        let process = self.process.as_ref();
        let kalmar = fastest(&self.solvers, |r| r.kalmar.as_ref());
        let peer = fastest(&self.solvers, |r| r.peer.as_ref());
        let best_ratio = kalmar
            .as_ref()
            .zip(peer.as_ref())
            .map(|((_, k), (_, p))| k.median_seconds / p.median_seconds.max(1e-9));
        let list = |side: fn(&ParityRow) -> Option<&Measure>| {
            let named: Vec<String> = self
                .solvers
                .iter()
                .filter_map(|r| side(r).map(|m| format!("{} {}", r.solver, time(m))))
                .collect();
            if named.is_empty() {
                "-".to_string()
            } else {
                named.join(", ")
            }
        };
        let peak = format!(
            "{} / {}",
            peak(process.and_then(|r| r.kalmar.as_ref()), kalmar.as_ref()),
            peak(process.and_then(|r| r.peer.as_ref()), peer.as_ref()),
        );
        format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            self.family,
            self.vertices,
            self.edges,
            self.priorities,
            pair(self.parse.as_ref(), |m| Some(ms(m.median_seconds))),
            named(kalmar.as_ref()),
            named(peer.as_ref()),
            bold(best_ratio),
            pair(process, |m| Some(time(m))),
            bold(process.and_then(|r| r.ratio)),
            peak,
            list(|r| r.kalmar.as_ref()),
            list(|r| r.peer.as_ref()),
        )
    }
}
