//! Deterministic graphical games (Washburn): two-player zero-sum games on graphs with arbitrary
//! payoffs at terminals and payoff 0 for infinite play, solved by the algorithms of Andersson,
//! Hansen, Miltersen and Sørensen, *Deterministic Graphical Games Revisited* (J. Logic and
//! Computation; paper 1 of Andersson's dissertation, 2009).
//!
//! | solver | solution | time | comparisons |
//! |---|---|---|---|
//! | [`sorting`] | strong | O(m + n log n) | O(n log n) |
//! | [`paterson`] | weak | O(m log n) | O(n) |
//! | [`loglog`] | weak | O(m log log n) | O(n) |
//! | [`almost_linear`] | weak | O(m + m(log* m - log* m/n)) | O(m) per round |
//!
//! n is the number of terminals and m the number of arcs. The building blocks are generalized
//! retrograde analysis over ordered classes of terminals ([`retrograde`]), coarsening by merging
//! terminals and the sign computation ([`coarsen`], Lemmas 1 and 2), strategy recovery from values
//! ([`recovery`], Proposition 2) and linear-time selection ([`select`]). Every payoff comparison
//! goes through a counting oracle ([`compare`]) and is reported in [`Stats`].
//!
//! The solvers are listed in [`SOLVERS`], which drives the command line and the tests.

pub mod almost_linear;
pub mod coarsen;
pub mod compare;
pub mod loglog;
pub mod narrowing;
pub mod paterson;
pub mod recovery;
pub mod retrograde;
pub mod select;
pub mod sorting;

use crate::{Dgg, Payoff, StrongSolution, TerminalGame, WeakSolution};
use kalmar_core::{Certificate, VerifyError};
use serde::Serialize;

/// Counters a DGG solver reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Payoff comparisons made.
    pub comparisons: u64,
    /// Narrowing rounds (weak solvers).
    pub rounds: u32,
    /// Runs of generalized retrograde analysis.
    pub retrograde_passes: u32,
}

/// What a solver computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Values of all positions and strategies optimal from all of them.
    Strong,
    /// The value of the start position and strategies optimal from it.
    Weak,
}

/// A strong or a weak solution.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Solution<P> {
    /// A strong solution.
    Strong(StrongSolution<P>),
    /// A weak solution.
    Weak(WeakSolution<P>),
}

impl<P: Payoff> Solution<P> {
    /// The value of the start position of `game`.
    pub fn start_value(&self, game: &TerminalGame<P>) -> &P {
        match self {
            Solution::Strong(s) => &s.values[game.start().index()],
            Solution::Weak(w) => &w.value,
        }
    }

    /// The strategies of both players.
    pub fn strategy(&self) -> &kalmar_core::Strategy {
        match self {
            Solution::Strong(s) => &s.strategy,
            Solution::Weak(w) => &w.strategy,
        }
    }
}

impl<P: Payoff> Certificate<TerminalGame<P>> for Solution<P> {
    fn verify(&self, game: &TerminalGame<P>) -> Result<(), VerifyError> {
        match self {
            Solution::Strong(s) => s.verify(game),
            Solution::Weak(w) => w.verify(game),
        }
    }
}

/// A solver in the registry.
#[derive(Clone, Copy, Debug)]
pub struct SolverInfo {
    /// Short id, as given to `--solver`.
    pub id: &'static str,
    /// What it computes.
    pub kind: Kind,
    /// One line on what it is.
    pub summary: &'static str,
    /// Its running time.
    pub time: &'static str,
    /// Its number of payoff comparisons.
    pub comparisons: &'static str,
    /// Runs it.
    pub solve: fn(&Dgg, &mut Stats) -> Solution<kalmar_core::Rational>,
}

/// Every DGG solver, strong ones first.
pub const SOLVERS: &[SolverInfo] = &[
    SolverInfo {
        id: "sort",
        kind: Kind::Strong,
        summary: "sorting method: sort the payoffs, then one generalized retrograde sweep (Prop. 1)",
        time: "O(m + n log n)",
        comparisons: "O(n log n)",
        solve: |g, s| Solution::Strong(sorting::solve(g, s)),
    },
    SolverInfo {
        id: "paterson",
        kind: Kind::Weak,
        summary: "Paterson: halve the terminals around the median each round",
        time: "O(m log n)",
        comparisons: "O(n)",
        solve: |g, s| Solution::Weak(paterson::solve(g, s)),
    },
    SolverInfo {
        id: "loglog",
        kind: Kind::Weak,
        summary: "Paterson's rounds until n_i log n_i <= n, then sort (Thm. 1)",
        time: "O(m log log n)",
        comparisons: "O(n)",
        solve: |g, s| Solution::Weak(loglog::solve(g, s)),
    },
    SolverInfo {
        id: "almost-linear",
        kind: Kind::Weak,
        summary: "many-way median splits balanced against sweeps, Gabow-Tarjan style (Thm. 2)",
        time: "O(m + m(log* m - log* m/n))",
        comparisons: "O(m) per round",
        solve: |g, s| Solution::Weak(almost_linear::solve(g, s)),
    },
];

/// The DGG of a file's game graph: two players, no chance, one payoff per terminal (see
/// [`TerminalGame::from_graph`]).
pub fn from_graph(graph: &kalmar_core::format::GameGraph) -> Result<Dgg, crate::GameError> {
    TerminalGame::from_graph(graph, |x| Ok(x.clone()))
}

/// The solver with this id.
pub fn solver(id: &str) -> Result<&'static SolverInfo, DggError> {
    SOLVERS
        .iter()
        .find(|s| s.id == id)
        .ok_or_else(|| DggError::UnknownSolver {
            id: id.to_string(),
            known: SOLVERS.iter().map(|s| s.id).collect::<Vec<_>>().join(", "),
        })
}

/// Errors of the DGG solvers.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DggError {
    /// No solver has this id.
    #[error("unknown DGG solver '{id}'; the solvers are: {known}")]
    UnknownSolver {
        /// The id asked for.
        id: String,
        /// The ids there are.
        known: String,
    },
    /// Values given to strategy recovery are not those of the game.
    #[error("the values are not those of the game: {0}")]
    Inconsistent(String),
}
