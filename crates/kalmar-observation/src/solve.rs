//! The jobs on an observation game, one call each: the registry of algorithms, solving a game
//! with one of them and checking its witness, and Reif's procedure with the check of his model
//! assumption. Each job returns a typed report whose serialisation is the command line's JSON.
//!
//! ```
//! use kalmar_observation::solve::{ALGORITHMS, Input, Report, solve};
//! let input = Input::from_graph(&kalmar_observation::reif::note_example()).unwrap();
//! let limit = kalmar_core::memory::DEFAULT_LIMIT;
//! let Report::Decided(decided) = solve(&input, "antichain", limit).unwrap() else { panic!() };
//! assert_eq!(decided.winner, kalmar_observation::Side::Environment);
//! assert!(decided.verified);
//! // Reif's procedure is wrong on the note's game: it claims the system wins.
//! let Report::Reif(reif) = solve(&input, "reif", limit).unwrap() else { panic!() };
//! assert!(reif.accept && !reif.reif_assumption.holds);
//! assert_eq!(ALGORITHMS.ids().collect::<Vec<_>>(), ["knowledge", "antichain", "reif"]);
//! ```

use crate::reif::{self, ReifOutcome, Violation};
use crate::verify::{verify, verify_spoiler};
use crate::witness::{NamedSpoiler, Rule, named_rules};
use crate::{
    ObservationGame, Side, Solution, Stats, TurnBased, TurnBasedError, antichain, knowledge,
};
use kalmar_core::VerifyError;
use kalmar_core::error::ParseError;
use kalmar_core::format::GameGraph;
use kalmar_core::memory::{MemoryGuard, OverLimit, bytes};
use kalmar_core::registry::{Entry, Registry, UnknownId};
use serde::Serialize;
use std::time::{Duration, Instant};

/// How an algorithm of [`ALGORITHMS`] runs.
#[derive(Clone, Copy, Debug)]
pub enum Run {
    /// It decides every observation game and gives a witness.
    Complete(Complete),
    /// It runs on turn-based games without priorities only, and may be wrong (Reif's procedure).
    TurnBased(fn(&TurnBased) -> ReifOutcome),
}

/// An algorithm that decides every game.
#[derive(Clone, Copy, Debug)]
pub struct Complete {
    /// Solves a game.
    pub solve: fn(&ObservationGame) -> Solution,
    /// Solves a game, stopping when the process grows past the guard's limit.
    pub solve_within: fn(&ObservationGame, &mut MemoryGuard) -> Result<Solution, OverLimit>,
    /// Whether it works on antichains (then [`Stats::max_antichain`] is its largest one).
    pub antichains: bool,
}

impl Complete {
    /// What its counters say, in words.
    pub fn describe(&self, stats: &Stats) -> String {
        if self.antichains {
            format!(
                "{} maximal winning knowledge sets, largest antichain {}, {} iterations",
                stats.knowledge_sets, stats.max_antichain, stats.iterations
            )
        } else {
            format!("{} knowledge sets built", stats.knowledge_sets)
        }
    }
}

impl Run {
    /// The algorithm, when it decides every game.
    pub fn complete(&self) -> Option<&Complete> {
        match self {
            Run::Complete(complete) => Some(complete),
            Run::TurnBased(_) => None,
        }
    }
}

fn reif_unbounded(game: &TurnBased) -> ReifOutcome {
    reif::run(game, None)
}

/// The algorithms, as given to `--solver`. Only the [`Run::Complete`] ones decide every
/// game; Reif's procedure is kept to show where it is wrong (see [`reif`]).
pub static ALGORITHMS: Registry<Run> = Registry::new(
    "algorithm",
    &[
        Entry {
            id: "knowledge",
            summary: "knowledge game (subset construction) built on the fly, solved by attractors or Zielonka",
            bounds: "2^n knowledge sets for n locations, O(a·m) each; exponential in the priorities",
            run: Run::Complete(Complete {
                solve: knowledge::solve,
                solve_within: knowledge::solve_within,
                antichains: false,
            }),
        },
        Entry {
            id: "antichain",
            summary: "antichains of knowledge sets (Chatterjee, Doyen, Henzinger, Raskin 2007): controllable-predecessor fixpoints",
            bounds: "antichains of up to C(n, n/2) sets for n locations",
            run: Run::Complete(Complete {
                solve: antichain::solve,
                solve_within: antichain::solve_within,
                antichains: true,
            }),
        },
        Entry {
            id: "reif",
            summary: "Reif's procedure (1984), right only under his model assumption (.gg games only)",
            bounds: "",
            run: Run::TurnBased(reif_unbounded),
        },
    ],
);

/// The algorithms that decide every game, with their ids.
pub fn complete_algorithms() -> impl Iterator<Item = (&'static str, &'static Complete)> {
    ALGORITHMS
        .iter()
        .filter_map(|e| e.run.complete().map(|complete| (e.id, complete)))
}

/// A game as read: Alpaga's action-based game, or a turn-based `.gg` game with its translation.
#[derive(Clone, Debug)]
pub struct Input {
    /// The game the complete algorithms solve.
    pub game: ObservationGame,
    /// The turn-based game it was translated from, if any.
    pub turn_based: Option<TurnBased>,
}

impl Input {
    /// A game in Alpaga's `.gii` format.
    pub fn from_gii(text: &str) -> Result<Self, ParseError> {
        Ok(Input {
            game: crate::read_gii(text)?,
            turn_based: None,
        })
    }

    /// A turn-based game with observations (`.gg` with `obs=`).
    pub fn from_graph(graph: &GameGraph) -> Result<Self, TurnBasedError> {
        let turn_based = TurnBased::from_graph(graph)?;
        Ok(Input {
            game: turn_based.to_game(),
            turn_based: Some(turn_based),
        })
    }

    /// Whether Reif's model assumption holds, for a turn-based game.
    pub fn assumption(&self) -> Option<Assumption> {
        self.turn_based.as_ref().map(Assumption::of)
    }
}

/// Whether Reif's model assumption holds, and where it fails.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Assumption {
    /// No violation.
    pub holds: bool,
    /// The system positions that look alike but offer different observations next.
    pub violations: Vec<Violation>,
}

impl Assumption {
    /// Checks the assumption on a turn-based game.
    pub fn of(game: &TurnBased) -> Self {
        let violations = reif::check_assumption(game);
        Assumption {
            holds: violations.is_empty(),
            violations,
        }
    }
}

/// The answer of a complete algorithm, its witness checked.
#[derive(Clone, Debug, Serialize)]
pub struct Decided {
    /// The algorithm's id.
    pub algorithm: &'static str,
    /// Who wins.
    pub winner: Side,
    /// Whether a witness was checked (always, once solved).
    pub verified: bool,
    /// The solver's counters.
    pub stats: Stats,
    /// The system's winning strategy, by names.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strategy: Option<Vec<Rule>>,
    /// The environment's spoiling strategy, by names.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spoiler: Option<NamedSpoiler>,
    /// Reif's model assumption, for a turn-based game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reif_assumption: Option<Assumption>,
    /// The counters in words.
    #[serde(skip)]
    pub summary: String,
    /// The solution itself.
    #[serde(skip)]
    pub solution: Solution,
    /// The time the algorithm took.
    #[serde(skip)]
    pub solve_time: Duration,
    /// The time the check of the witness took.
    #[serde(skip)]
    pub verify_time: Duration,
}

/// The answer of Reif's procedure, with his model assumption checked.
#[derive(Clone, Debug, Serialize)]
pub struct ReifReport {
    /// The algorithm's id.
    pub algorithm: &'static str,
    /// The winner it claims.
    pub winner: Side,
    /// ACCEPT (the system wins) or REJECT.
    pub accept: bool,
    /// Sets of positions reached (and the loop bound).
    pub sets: usize,
    /// Rounds of the longest accepting run, when it accepts.
    pub rounds: Option<u32>,
    /// Whether its answer can be trusted.
    pub reif_assumption: Assumption,
    /// The time it took.
    #[serde(skip)]
    pub time: Duration,
}

/// What [`solve`] reports.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Report {
    /// A complete algorithm's checked answer.
    Decided(Box<Decided>),
    /// Reif's procedure's claim.
    Reif(ReifReport),
}

/// Why [`solve`] gives no answer.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// No algorithm has this id.
    #[error(transparent)]
    Unknown(#[from] UnknownId),
    /// Reif's procedure on a game that is not turn-based.
    #[error("Reif's procedure runs on turn-based .gg games; use --solver knowledge")]
    NotTurnBased,
    /// Reif's procedure on a game with priorities.
    #[error("Reif's procedure decides who moves last; this game has priorities")]
    Priorities,
    /// The process grew past the memory allowed while the algorithm ran.
    #[error(
        "the {algorithm} solver stopped at {} in use, past the {} allowed: {}, or allow more \
         with --max-memory",
        bytes(over.resident),
        bytes(over.limit),
        if *algorithm == "antichain" {
            "its antichains grow too large on this game; try --solver knowledge"
        } else {
            "this game has too many knowledge sets; try --solver antichain"
        }
    )]
    OutOfMemory {
        /// The algorithm's id.
        algorithm: &'static str,
        /// How far the process had grown.
        over: OverLimit,
    },
    /// The solver's witness is missing or wrong (a defect of the solver).
    #[error(transparent)]
    Witness(#[from] WitnessError),
}

impl SolveError {
    /// Whether the fault is the program's rather than the input's.
    pub fn is_internal(&self) -> bool {
        matches!(self, SolveError::Witness(_))
    }
}

/// A solver's witness is missing or fails its independent check.
#[derive(Debug, thiserror::Error)]
pub enum WitnessError {
    /// Neither a strategy nor a spoiler.
    #[error("internal error, the solver gave no witness")]
    Missing,
    /// The check rejected it.
    #[error("internal error, the solver's witness failed its check: {0}")]
    Rejected(VerifyError),
}

/// Checks a solution's witness independently of the solver.
pub fn check(game: &ObservationGame, solution: &Solution) -> Result<(), WitnessError> {
    match (&solution.strategy, &solution.spoiler) {
        (Some(s), _) => verify(game, s),
        (_, Some(s)) => verify_spoiler(game, s),
        _ => return Err(WitnessError::Missing),
    }
    .map_err(WitnessError::Rejected)
}

/// Solves the game with the algorithm of this id and checks the witness (complete
/// algorithms), or runs Reif's procedure and checks his assumption. A complete algorithm stops
/// with [`SolveError::OutOfMemory`] when the process grows past `max_memory` bytes (see
/// [`kalmar_core::memory`]).
pub fn solve(input: &Input, algorithm: &str, max_memory: u64) -> Result<Report, SolveError> {
    let entry = ALGORITHMS.get(algorithm)?;
    match entry.run {
        Run::Complete(ref complete) => {
            let mut guard = MemoryGuard::new(max_memory);
            decide(input, entry.id, complete, &mut guard).map(|d| Report::Decided(Box::new(d)))
        }
        Run::TurnBased(run) => run_reif(input, entry.id, run).map(Report::Reif),
    }
}

fn decide(
    input: &Input,
    id: &'static str,
    complete: &Complete,
    guard: &mut MemoryGuard,
) -> Result<Decided, SolveError> {
    let game = &input.game;
    let started = Instant::now();
    let solution =
        (complete.solve_within)(game, guard).map_err(|over| SolveError::OutOfMemory {
            algorithm: id,
            over,
        })?;
    let solve_time = started.elapsed();
    let started = Instant::now();
    check(game, &solution)?;
    let verify_time = started.elapsed();
    Ok(Decided {
        algorithm: id,
        winner: solution.winner,
        verified: solution.strategy.is_some() || solution.spoiler.is_some(),
        stats: solution.stats,
        strategy: solution.strategy.as_ref().map(|s| named_rules(game, s)),
        spoiler: solution
            .spoiler
            .as_ref()
            .map(|s| NamedSpoiler::new(game, s)),
        reif_assumption: input.assumption(),
        summary: complete.describe(&solution.stats),
        solution,
        solve_time,
        verify_time,
    })
}

fn run_reif(
    input: &Input,
    id: &'static str,
    run: fn(&TurnBased) -> ReifOutcome,
) -> Result<ReifReport, SolveError> {
    let turn_based = input.turn_based.as_ref().ok_or(SolveError::NotTurnBased)?;
    if turn_based.priority.iter().any(|&p| p != 1) {
        return Err(SolveError::Priorities);
    }
    let started = Instant::now();
    let outcome = run(turn_based);
    let time = started.elapsed();
    Ok(ReifReport {
        algorithm: id,
        winner: if outcome.accept {
            Side::System
        } else {
            Side::Environment
        },
        accept: outcome.accept,
        sets: outcome.sets,
        rounds: outcome.rounds,
        reif_assumption: Assumption::of(turn_based),
        time,
    })
}
