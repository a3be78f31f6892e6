//! The suite of n-player positional games with cycles: on generated games of growing size, the
//! win-lose attractor (Proposition 2, linear), the strong improvement dynamics of two players
//! (Theorem 3: whether their number of steps is polynomial is open) and the Nash certificate,
//! each timed, with the steps the dynamics took from a random profile; the exact search of
//! three-player games, with the partial profiles it searched; and on small games, the
//! longest run any rule can take from any profile ([`kalmar_positional::longest_run`]), the
//! most over many games of each size: the open question's exact measure.
//!
//! ```
//! use kalmar_bench::positional::{Sizes, run};
//! let sizes = Sizes {
//!     win_lose: vec![200],
//!     improve: vec![200],
//!     exact: vec![200],
//!     longest: vec![8],
//!     games: 5,
//! };
//! let rows = run(&sizes, 1, 1).unwrap();
//! assert_eq!(rows.len(), 4);
//! assert!(rows.iter().all(|row| row.verified));
//! assert!(kalmar_bench::markdown_table(&rows).starts_with("| family |"));
//! ```

use crate::harness::{TableRow, time};
use kalmar_core::generate::GenerateError;
use kalmar_positional::generate::{Params, generate};
use kalmar_positional::improvement::{self, Dynamics, End, Rule};
use kalmar_positional::longest_run::{Longest, longest};
use kalmar_positional::ricycle::{Improvement, Options, Restriction, SearchError};
use kalmar_positional::{PositionalGame, deviation, exact, win_lose};
use serde::Serialize;

/// One solver on one generated game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PositionalRow {
    /// The family: `win-lose`, `random` (two players) or `random, 3 players`.
    pub family: &'static str,
    /// The solver: `win-lose` (the attractor), `improve` (strong improvements) or `longest
    /// run` (the most strong steps from any profile, the worst of the games of that size).
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
    /// A game too large for the longest run.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// The exact search refused.
    #[error(transparent)]
    Exact(#[from] exact::ExactError),
}

/// The sizes of each part of the suite.
#[derive(Clone, Debug, Default)]
pub struct Sizes {
    /// Positions of the win-lose games (the attractor).
    pub win_lose: Vec<usize>,
    /// Positions of the two-player games of the strong improvement dynamics.
    pub improve: Vec<usize>,
    /// Positions of the three-player games of the exact search (the steps column gives the
    /// partial profiles it searched).
    pub exact: Vec<usize>,
    /// Positions of the small two-player games whose longest strong run is found.
    pub longest: Vec<usize>,
    /// How many games of each size the longest run is found in.
    pub games: usize,
}

/// The win-lose attractor, the two-player improvement dynamics and the longest strong runs on
/// the sizes given, each timed `runs` times (medians), on games from `seed`.
pub fn run(
    sizes: &Sizes,
    runs: usize,
    seed: u64,
) -> Result<Vec<PositionalRow>, PositionalBenchError> {
    let mut rows = Vec::new();
    let game =
        |family: &str, size: usize, seed: u64| -> Result<PositionalGame, PositionalBenchError> {
            // "random3": the random family with three players.
            let (family, players) = match family {
                "random3" => ("random", 3),
                family => (family, 2),
            };
            let graph = generate(
                family,
                &Params {
                    size,
                    players,
                    seed,
                },
            )?;
            Ok(PositionalGame::from_graph(&graph).expect("generated games are positional games"))
        };
    for &size in &sizes.win_lose {
        let g = game("win-lose", size, seed)?;
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
    for &size in &sizes.improve {
        let g = game("random", size, seed)?;
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
    for &size in &sizes.exact {
        let g = game("random3", size, seed)?;
        let (timing, searched) = time(runs, || exact::solve(&g, u64::MAX));
        let searched = searched?;
        let (check, verdict) = time(runs, || {
            searched
                .profile
                .as_ref()
                .map(|profile| deviation::check(&g, profile))
        });
        rows.push(PositionalRow {
            family: "random, 3 players",
            solver: "exact",
            positions: g.arena().num_vertices(),
            moves: g.arena().num_edges(),
            steps: Some(searched.nodes as usize),
            median_seconds: timing.median,
            check_seconds: check.median,
            verified: verdict.is_none_or(|v| v.is_ok()),
        });
    }
    for &size in &sizes.longest {
        let options = Options {
            improvement: Improvement::Strong,
            ..Options::default()
        };
        let mut worst: Option<(Longest, PositionalGame)> = None;
        let mut seconds = Vec::with_capacity(sizes.games);
        for k in 0..sizes.games as u64 {
            let g = game("random", size, seed + k)?;
            let (timing, found) = time(1, || longest(&g, &options));
            seconds.push(timing.median);
            let found = found?.ok_or(PositionalBenchError::NoEquilibrium(size))?;
            if worst.as_ref().is_none_or(|(w, _)| found.steps > w.steps) {
                worst = Some((found, g));
            }
        }
        let Some((worst, g)) = worst else { continue };
        // The worst start, replayed by the round-robin dynamics: they end, within the bound.
        let dynamics = Dynamics {
            improvement: Improvement::Strong,
            restriction: Restriction::InsidePlay,
            rule: Rule::RoundRobin,
            max_steps: worst.steps + 1,
        };
        let (check, replay) = time(1, || {
            improvement::run_with(&g, worst.from.clone(), &dynamics)
        });
        let verified = replay
            .is_ok_and(|r| matches!(r.end, End::Equilibrium(_)) && r.steps.len() <= worst.steps);
        seconds.sort_by(f64::total_cmp);
        rows.push(PositionalRow {
            family: "random",
            solver: "longest run",
            positions: size,
            moves: g.arena().num_edges(),
            steps: Some(worst.steps),
            median_seconds: seconds.get(seconds.len() / 2).copied().unwrap_or(0.0),
            check_seconds: check.median,
            verified,
        });
    }
    Ok(rows)
}
