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
//! The solvers are listed in [`SOLVERS`], which drives the command line and the tests, and
//! [`solve()`] runs one by id and verifies its answer.
//!
//! # Complexity
//! Each solver as in the table. Of the building blocks, a generalized retrograde sweep takes
//! O(n + m) time and no comparison, selection and partition O(n) time and comparisons, sorting
//! O(n log n), and strategy recovery O(n + m) time.
//!
//! # Example
//! ```
//! use kalmar_core::{Certificate, Rational, format::read_gg};
//! use kalmar_terminal::dgg::{self, Stats};
//! // Max at a takes 3 or passes to Min at b, who takes 5 or -2 or returns to a.
//! let text = "kalmar-gg 1\na max -> t b\nb min -> u v a\n\
//!             t terminal payoff=3\nu terminal payoff=5\nv terminal payoff=-2\n";
//! let game = dgg::from_graph(&read_gg(text).unwrap()).unwrap();
//! for entry in &dgg::SOLVERS {
//!     let solution = (entry.run.solve)(&game, &mut Stats::default());
//!     assert_eq!(*solution.start_value(&game), Rational::from(3), "{}", entry.id);
//!     assert!(solution.verify(&game).is_ok());
//! }
//! ```

pub mod almost_linear;
pub mod coarsen;
pub mod compare;
pub mod loglog;
pub mod narrowing;
pub mod paterson;
pub mod recovery;
pub mod retrograde;
pub mod select;
mod solve;
pub mod sorting;

use crate::{Dgg, Payoff, StrongSolution, TerminalGame, WeakSolution};
use kalmar_core::registry::{Entry, Registry, UnknownId};
use kalmar_core::{Certificate, VerifyError};
use serde::Serialize;

pub use solve::{Options, Solved, relevant_positions, solve};

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

/// What a DGG solver computes, and the function that computes it.
#[derive(Clone, Copy, Debug)]
pub struct DggSolver {
    /// Strong (every position) or weak (the start position).
    pub kind: Kind,
    /// Runs it.
    pub solve: fn(&Dgg, &mut Stats) -> Solution<kalmar_core::Rational>,
}

/// Every DGG solver, strong ones first; n is the number of terminals and m of arcs.
pub static SOLVERS: Registry<DggSolver> = Registry::new(
    "DGG solver",
    &[
        Entry {
            id: "sort",
            summary: "sorting method: sort the payoffs, then one generalized retrograde sweep (Prop. 1)",
            bounds: "O(m + n log n) time, O(n log n) comparisons",
            run: DggSolver {
                kind: Kind::Strong,
                solve: |g, s| Solution::Strong(sorting::solve(g, s)),
            },
        },
        Entry {
            id: "paterson",
            summary: "Paterson: halve the terminals around the median each round",
            bounds: "O(m log n) time, O(n) comparisons",
            run: DggSolver {
                kind: Kind::Weak,
                solve: |g, s| Solution::Weak(paterson::solve(g, s)),
            },
        },
        Entry {
            id: "loglog",
            summary: "Paterson's rounds until n_i log n_i <= n, then sort (Thm. 1)",
            bounds: "O(m log log n) time, O(n) comparisons",
            run: DggSolver {
                kind: Kind::Weak,
                solve: |g, s| Solution::Weak(loglog::solve(g, s)),
            },
        },
        Entry {
            id: "almost-linear",
            summary: "sampled many-way splits, sweeps that stop at the start's group, Gabow-Tarjan balancing (Thm. 2)",
            bounds: "O(m + m(log* m - log* m/n)) time, O(m) comparisons per round",
            run: DggSolver {
                kind: Kind::Weak,
                solve: |g, s| Solution::Weak(almost_linear::solve(g, s)),
            },
        },
    ],
);

/// The DGG of a file's game graph: two players, no chance, one payoff per terminal (see
/// [`TerminalGame::from_graph`]).
pub fn from_graph(graph: &kalmar_core::format::GameGraph) -> Result<Dgg, crate::GameError> {
    TerminalGame::from_graph(graph, |x| Ok(x.clone()))
}

/// Errors of the DGG solvers.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DggError {
    /// No solver has this id.
    #[error(transparent)]
    UnknownSolver(#[from] UnknownId),
    /// A weak solver was asked for a strong solution.
    #[error(
        "{0} computes weak solutions (the value of the start position): ask for a weak solution, or use sort for a strong one"
    )]
    WeakOnly(&'static str),
    /// The solver's answer failed its certificate: a bug in the solver.
    #[error("internal error, the solver's answer failed its certificate: {0}")]
    Certificate(VerifyError),
    /// Values given to strategy recovery are not those of the game.
    #[error("the values are not those of the game: {0}")]
    Inconsistent(String),
}
