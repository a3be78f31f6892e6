//! The suite of games of imperfect information: every complete algorithm of
//! [`kalmar_observation`] (the knowledge game and antichains) timed on the generated families
//! (prime cycles, Černý's automata, chains) and on files, with the knowledge sets it built, its
//! largest antichain and its peak memory.
//!
//! ```
//! use kalmar_bench::observation::{games, run};
//! let games = games(2, &[4], &[100]).unwrap();
//! assert_eq!(games.len(), 4);
//! let rows = run(&games, 1);
//! assert!(rows.iter().all(|row| row.knowledge_sets > 0));
//! assert!(kalmar_bench::markdown_table(&rows).starts_with("| game |"));
//! ```

use crate::harness::{TableRow, mib, or_dash, peak_rss, reset_peak_rss, time};
use kalmar_observation::ObservationGame;
use kalmar_observation::families::{GenerateError, generate};
use kalmar_observation::solve::complete_algorithms;
use serde::Serialize;

/// The most prime cycles timed: 9 cycles have 223,092,870 rounds to count.
pub const MAX_PRIMES: usize = 8;

/// The largest Černý automaton timed: 2^n knowledge sets.
pub const MAX_CERNY: usize = 24;

/// Why the suite's games could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ObservationBenchError {
    /// Too many prime cycles.
    #[error("--primes goes up to {MAX_PRIMES} (9 cycles have 223092870 rounds to count)")]
    Primes,
    /// A Černý automaton too large or too small.
    #[error("--cerny {0}: sizes go from 2 to {MAX_CERNY} (2^n knowledge sets)")]
    Cerny(usize),
    /// A family refused a size.
    #[error(transparent)]
    Generate(#[from] GenerateError),
}

/// The prime-cycle games with 1 to `primes` cycles, and the Černý automata and chains of the
/// sizes given, each with its label.
pub fn games(
    primes: usize,
    cerny: &[usize],
    chains: &[usize],
) -> Result<Vec<(String, ObservationGame)>, ObservationBenchError> {
    if primes > MAX_PRIMES {
        return Err(ObservationBenchError::Primes);
    }
    if let Some(&n) = cerny.iter().find(|&&n| !(2..=MAX_CERNY).contains(&n)) {
        return Err(ObservationBenchError::Cerny(n));
    }
    let mut games = Vec::new();
    for (family, sizes) in [
        ("primes", (1..=primes).collect()),
        ("cerny", cerny.to_vec()),
        ("chain", chains.to_vec()),
    ] {
        for size in sizes {
            games.push((format!("{family} {size}"), generate(family, size)?));
        }
    }
    Ok(games)
}

/// One algorithm on one game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ObservationRow {
    /// The game's label.
    pub game: String,
    /// Its locations.
    pub locations: usize,
    /// The algorithm's id.
    pub algorithm: &'static str,
    /// Who wins: `system` or `environment`.
    pub winner: String,
    /// The median time of a run, in seconds.
    pub median_seconds: f64,
    /// The knowledge sets built.
    pub knowledge_sets: u64,
    /// The largest antichain, for the antichain algorithm.
    pub largest_antichain: Option<u64>,
    /// The peak resident memory while the algorithm ran, where the system can reset it.
    pub peak_rss_bytes: Option<u64>,
}

impl TableRow for ObservationRow {
    fn markdown_header() -> &'static str {
        "| game | locations | algorithm | winner | median time | knowledge sets | largest antichain | peak RSS |\n\
         |---|---:|---|---|---:|---:|---:|---:|"
    }

    fn markdown(&self) -> String {
        format!(
            "| {} | {} | {} | {} | {:.3} ms | {} | {} | {} |",
            self.game,
            self.locations,
            self.algorithm,
            self.winner,
            self.median_seconds * 1e3,
            self.knowledge_sets,
            or_dash(self.largest_antichain.map(|a| a.to_string())),
            or_dash(self.peak_rss_bytes.map(|b| format!("{:.1} MiB", mib(b)))),
        )
    }
}

/// Times every complete algorithm on every game, `runs` times each (the median is reported).
pub fn run(games: &[(String, ObservationGame)], runs: usize) -> Vec<ObservationRow> {
    let mut rows = Vec::new();
    for (name, game) in games {
        for (id, algorithm) in complete_algorithms() {
            let reset = reset_peak_rss();
            let (timing, solution) = time(runs, || (algorithm.solve)(game));
            rows.push(ObservationRow {
                game: name.clone(),
                locations: game.num_locations(),
                algorithm: id,
                winner: solution.winner.to_string(),
                median_seconds: timing.median,
                knowledge_sets: solution.stats.knowledge_sets,
                largest_antichain: algorithm.antichains.then_some(solution.stats.max_antichain),
                peak_rss_bytes: peak_rss().filter(|_| reset),
            });
        }
    }
    rows
}
