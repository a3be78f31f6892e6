//! The suite of n-player positional games with cycles: on generated games of growing size, the
//! win-lose attractor (Proposition 2, linear), the strong improvement dynamics of two players
//! (Theorem 3: whether their number of steps is polynomial is open) and the Nash certificate,
//! each timed, with the steps the dynamics took from a random profile.
//!
//! ```
//! use kalmar_bench::positional::run;
//! let rows = run(&[200], &[200], 1, 1).unwrap();
//! assert_eq!(rows.len(), 2);
//! assert!(rows.iter().all(|row| row.verified));
//! assert!(kalmar_bench::markdown_table(&rows).starts_with("| family |"));
//! ```

use crate::harness::{TableRow, time};
use kalmar_core::generate::GenerateError;
use kalmar_positional::generate::{Params, generate};
use kalmar_positional::improvement::{self, End};
use kalmar_positional::{PositionalGame, deviation, win_lose};
use serde::Serialize;

/// One solver on one generated game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PositionalRow {
    /// The family: `win-lose` or `random` (two players).
    pub family: &'static str,
    /// The solver: `win-lose` (the attractor) or `improve` (strong improvements).
    pub solver: &'static str,
    /// Positions.
    pub positions: usize,
    /// Moves.
    pub moves: usize,
    /// Improvement steps (improve).
    pub steps: Option<usize>,
    /// The median time of a solve, in seconds.
    pub median_seconds: f64,
    /// The median time of the Nash certificate, in seconds.
    pub check_seconds: f64,
    /// Whether the certificate accepted the answer.
    pub verified: bool,
}

impl TableRow for PositionalRow {
    fn markdown_header() -> &'static str {
        "| family | solver | positions | moves | steps | median time | certificate |\n\
         |---|---|---:|---:|---:|---:|---:|"
    }

    fn markdown(&self) -> String {
        format!(
            "| {} | {} | {} | {} | {} | {:.3} ms | {:.3} ms{} |",
            self.family,
            self.solver,
            self.positions,
            self.moves,
            self.steps.map_or("–".into(), |s| s.to_string()),
            self.median_seconds * 1e3,
            self.check_seconds * 1e3,
            if self.verified { "" } else { " REJECTED" },
        )
    }
}

/// Why the suite cannot run.
#[derive(Debug, thiserror::Error)]
pub enum PositionalBenchError {
    /// A size the generator refuses.
    #[error(transparent)]
    Generate(#[from] GenerateError),
    /// The dynamics did not end (they always do for two players: a bug).
    #[error("improvement dynamics on {0} positions did not end in an equilibrium")]
    NoEquilibrium(usize),
}

/// The win-lose attractor on `win_lose` sizes and the two-player improvement dynamics on
/// `improve` sizes, each `runs` times (medians), on games from `seed`.
pub fn run(
    win_lose_sizes: &[usize],
    improve_sizes: &[usize],
    runs: usize,
    seed: u64,
) -> Result<Vec<PositionalRow>, PositionalBenchError> {
    let mut rows = Vec::new();
    let game = |family: &str, size: usize| -> Result<PositionalGame, PositionalBenchError> {
        let graph = generate(
            family,
            &Params {
                size,
                players: 2,
                seed,
            },
        )?;
        Ok(PositionalGame::from_graph(&graph).expect("generated games are positional games"))
    };
    for &size in win_lose_sizes {
        let g = game("win-lose", size)?;
        let (timing, solved) = time(runs, || win_lose::solve(&g).expect("a win-lose game"));
        let (check, verdict) = time(runs, || deviation::check(&g, &solved.profile));
        rows.push(PositionalRow {
            family: "win-lose",
            solver: "win-lose",
            positions: g.arena().num_vertices(),
            moves: g.arena().num_edges(),
            steps: None,
            median_seconds: timing.median,
            check_seconds: check.median,
            verified: verdict.is_ok(),
        });
    }
    for &size in improve_sizes {
        let g = game("random", size)?;
        let (timing, run) = time(runs, || {
            let start = improvement::random_profile(&g, seed);
            improvement::run(&g, start, usize::MAX).expect("no chance")
        });
        let End::Equilibrium(profile) = &run.end else {
            return Err(PositionalBenchError::NoEquilibrium(size));
        };
        let (check, verdict) = time(runs, || deviation::check(&g, profile));
        rows.push(PositionalRow {
            family: "random",
            solver: "improve",
            positions: g.arena().num_vertices(),
            moves: g.arena().num_edges(),
            steps: Some(run.steps.len()),
            median_seconds: timing.median,
            check_seconds: check.median,
            verified: verdict.is_ok(),
        });
    }
    Ok(rows)
}
