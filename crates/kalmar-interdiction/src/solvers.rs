//! The interdiction solvers by id, in [`SOLVERS`], and [`solve()`], which runs one and checks
//! its answer with [`crate::certificate::check`] before returning it.
//!
//! | id | algorithm | operators, budgets | time | comparisons |
//! |---|---|---|---|---|
//! | `gpi` | [`crate::gpi`] | any | O(m log n) + oracle calls | not counted |
//! | `bspi-heap` | [`crate::bspi`] | max, removals | O(m log n) | O(m log m) |
//! | `bspi-buckets` | [`crate::bspi_buckets`] | max, removals | O(n + m), after a radix sort when weights reach n + m | m - 1 |
//! | `bspi-coarse` | [`crate::bspi_coarse`] | max, removals | O((n + m) log m) | O(m log m) |
//!
//! Without a solver named, [`fitting`] takes `bspi-buckets` for bottleneck paths with k(v)
//! removals and `gpi` otherwise. Outside the registry, [`source_value`] decides the source's
//! value alone (`bspi-source`, [`crate::bspi_source`]: O((n + m) log* m) time, O(m log* m)
//! comparisons) and checks it with [`crate::certificate::check_source_value`].
//!
//! ```
//! use kalmar_interdiction::{budget::Budget, network::Network, operator::Operator, solvers};
//! let network = Network::new(3, &[(0, 2, 10), (0, 1, 3), (1, 2, 1)], 0, 2).unwrap();
//! let budget = Budget::removals(&network, vec![1, 0, 0]).unwrap();
//! for entry in &solvers::SOLVERS {
//!     let checked = solvers::solve(&network, &budget, Operator::Max, Some(entry.id)).unwrap();
//!     assert_eq!(checked.solution.values, [10, 1, 0]);
//! }
//! let sum = solvers::solve(&network, &budget, Operator::Sum, None).unwrap();
//! assert_eq!((sum.solver, sum.solution.values[0]), ("gpi", 10));
//! assert!(solvers::solve(&network, &budget, Operator::Sum, Some("bspi-heap")).is_err());
//! ```
//!
//! # Complexity
//! Each solver's, plus the certificate's: O(m log n + Σ deg(u) log deg(u)) for removals.

use crate::bspi::{self, Bspi, BspiError};
use crate::bspi_source::{self, SourceValue};
use crate::budget::{Budget, BudgetError};
use crate::certificate::{self, Wrong};
use crate::gpi::{self, GpiError, Solution};
use crate::network::Network;
use crate::operator::Operator;
use crate::partial::{self, PartialError, PartialSolution};
use crate::{bspi_buckets, bspi_coarse};
use kalmar_core::registry::{Entry, Registry, UnknownId};

/// A solver's answer: the solution, and the comparisons of weights when the solver counts them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The values and both players' choices.
    pub solution: Solution,
    /// The comparisons of weights made, when counted.
    pub comparisons: Option<u64>,
}

/// An answer that passed the certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The id of the solver that found it.
    pub solver: &'static str,
    /// The values and both players' choices.
    pub solution: Solution,
    /// The comparisons of weights made, when counted.
    pub comparisons: Option<u64>,
}

/// Why no checked answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// No solver has this id.
    #[error(transparent)]
    UnknownSolver(#[from] UnknownId),
    /// A BSPI solver was given paths weighed by another operator.
    #[error(
        "{0} solves bottleneck interdiction only (paths weighed by their heaviest edge, the max operator), not {1}: use gpi"
    )]
    Operator(&'static str, &'static str),
    /// BSPI refused the instance.
    #[error(transparent)]
    Bspi(#[from] BspiError),
    /// GPI gave no answer.
    #[error(transparent)]
    Gpi(#[from] GpiError),
    /// The budget does not fit the network.
    #[error(transparent)]
    Budget(#[from] BudgetError),
    /// The answer failed its certificate: a bug in the solver.
    #[error("internal error, the solver's answer failed its certificate: {0}")]
    Certificate(Wrong),
    /// Partial interdiction refused the instance or failed.
    #[error(transparent)]
    Partial(#[from] PartialError),
}

impl Error {
    /// Whether the error is a bug of kalmar's (an answer that failed its certificate, a solver
    /// that lost its way), not something wrong with the input.
    pub fn is_internal(&self) -> bool {
        matches!(
            self,
            Error::Certificate(_)
                | Error::Bspi(BspiError::Internal(_) | BspiError::Part(_))
                | Error::Partial(PartialError::Internal(..) | PartialError::Certificate(_))
        )
    }
}

/// A checked answer under any budget.
#[derive(Clone, Debug)]
pub enum Answer {
    /// Removals or affordable sets: integer values, from a solver of the registry.
    Removals(Checked),
    /// Raises within polytopes: exact rational values, from GPI with linear programs.
    Raises(PartialSolution),
}

/// A solver: the network, the budget and the operator to an answer.
pub type Solver = fn(&Network, &Budget, Operator) -> Result<Solved, Error>;

/// Runs the BSPI solver `id` after checking the operator is max.
fn bspi_with(
    id: &'static str,
    solve: fn(&Network, &Budget) -> Result<Bspi, BspiError>,
    network: &Network,
    budget: &Budget,
    operator: Operator,
) -> Result<Solved, Error> {
    if operator != Operator::Max {
        return Err(Error::Operator(id, operator.name()));
    }
    let solved = solve(network, budget)?;
    Ok(Solved {
        solution: solved.solution,
        comparisons: Some(solved.comparisons),
    })
}

/// Every solver; the BSPI ones take the max operator and k(v) removals only.
pub static SOLVERS: Registry<Solver> = Registry::new(
    "interdiction solver",
    &[
        Entry {
            id: "gpi",
            summary: "Algorithm GPI: modified Dijkstra over a local oracle, any operator and budget (§2.2)",
            bounds: "O(m log n) time plus one oracle call per edge",
            run: |network, budget, operator| {
                Ok(Solved {
                    solution: gpi::solve(network, budget, operator)?,
                    comparisons: None,
                })
            },
        },
        Entry {
            id: "bspi-heap",
            summary: "Algorithm BSPI with a binary heap: bottleneck paths, k(v) removals (§3.1)",
            bounds: "O(m log n) time, O(m log m) comparisons",
            run: |network, budget, operator| {
                bspi_with("bspi-heap", bspi::solve, network, budget, operator)
            },
        },
        Entry {
            id: "bspi-buckets",
            summary: "Algorithm BSPI with bucket queues over the weights or their ranks (§3.1)",
            bounds: "O(n + m) time after a radix sort of weights of n + m or more, m - 1 comparisons",
            run: |network, budget, operator| {
                bspi_with(
                    "bspi-buckets",
                    bspi_buckets::solve,
                    network,
                    budget,
                    operator,
                )
            },
        },
        Entry {
            id: "bspi-coarse",
            summary: "Algorithm BSPI by median splits into light and heavy, no sort (§3.1, Gabow-Tarjan)",
            bounds: "O((n + m) log m) time, O(m log m) comparisons",
            run: |network, budget, operator| {
                bspi_with("bspi-coarse", bspi_coarse::solve, network, budget, operator)
            },
        },
    ],
);

/// The name of the source-only solver, [`source_value`], which is not in the registry: its
/// answer is the source's value, not every vertex's.
pub const SOURCE_VALUE: &str = "bspi-source";

/// The solver that fits: `bspi-buckets` for bottleneck paths with k(v) removals, `gpi`
/// otherwise.
pub fn fitting(budget: &Budget, operator: Operator) -> &'static str {
    match (budget, operator) {
        (Budget::Removals(_), Operator::Max) => "bspi-buckets",
        _ => "gpi",
    }
}

/// Solves with the solver `id` (or the fitting one) and checks the answer.
pub fn solve(
    network: &Network,
    budget: &Budget,
    operator: Operator,
    id: Option<&str>,
) -> Result<Checked, Error> {
    let entry = SOLVERS.get(id.unwrap_or_else(|| fitting(budget, operator)))?;
    fits(network, budget)?;
    let solved = (entry.run)(network, budget, operator)?;
    certificate::check(network, budget, operator, &solved.solution).map_err(Error::Certificate)?;
    Ok(Checked {
        solver: entry.id,
        solution: solved.solution,
        comparisons: solved.comparisons,
    })
}

/// Solves under any budget and checks the answer: removals and affordable sets by [`solve`]
/// with the solver `id` (or the fitting one), raises within polytopes by
/// [`partial::solve_checked`] (GPI with exact linear programs; `id` must be `gpi` if given).
///
/// ```
/// use kalmar_interdiction::budget_file::instance;
/// use kalmar_interdiction::solvers::{self, Answer};
/// use kalmar_interdiction::operator::Operator;
/// let gr = "p sp 2 1\na 1 2 4\n";
/// let (network, budget) = instance(gr, "s 1\nt 2\nr 1 1:1 <= 1/2\n").unwrap();
/// let Ok(Answer::Raises(raised)) = solvers::solve_any(&network, &budget, Operator::Sum, None)
/// else { panic!("raises") };
/// assert_eq!(raised.values[0].to_string(), "9/2");
/// let (network, budget) = instance(gr, "s 1\nt 2\n").unwrap();
/// assert!(matches!(solvers::solve_any(&network, &budget, Operator::Sum, None), Ok(Answer::Removals(_))));
/// ```
pub fn solve_any(
    network: &Network,
    budget: &Budget,
    operator: Operator,
    id: Option<&str>,
) -> Result<Answer, Error> {
    match budget {
        Budget::Polyhedral(polytopes) => Ok(Answer::Raises(partial::solve_checked(
            network, polytopes, operator, id,
        )?)),
        _ => Ok(Answer::Removals(solve(network, budget, operator, id)?)),
    }
}

/// The budget is one of removals or affordable sets for every vertex of `network`.
fn fits(network: &Network, budget: &Budget) -> Result<(), Error> {
    if let Budget::Polyhedral(_) = budget {
        return Err(Error::Gpi(GpiError::Polyhedral));
    }
    let vertices = budget.num_vertices();
    if vertices != network.num_vertices() {
        return Err(BudgetError::Length(vertices, network.num_vertices()).into());
    }
    Ok(())
}

/// The source's value alone, paths weighed by their heaviest edge, by the coarsening of
/// [`bspi_source`] (O(m log* m) comparisons), checked by
/// [`certificate::check_source_value`].
///
/// ```
/// use kalmar_interdiction::{budget::Budget, network::Network, operator::Operator, solvers};
/// let network = Network::new(3, &[(0, 2, 10), (0, 1, 3), (1, 2, 1)], 0, 2).unwrap();
/// let budget = Budget::removals(&network, vec![1, 0, 0]).unwrap();
/// assert_eq!(solvers::source_value(&network, &budget, Operator::Max).unwrap().value, 10);
/// assert!(solvers::source_value(&network, &budget, Operator::Sum).is_err());
/// ```
pub fn source_value(
    network: &Network,
    budget: &Budget,
    operator: Operator,
) -> Result<SourceValue, Error> {
    if operator != Operator::Max {
        return Err(Error::Operator(SOURCE_VALUE, operator.name()));
    }
    fits(network, budget)?;
    let answer = bspi_source::solve(network, budget)?;
    certificate::check_source_value(network, budget, answer.value, &answer.removed, &answer.path)
        .map_err(Error::Certificate)?;
    Ok(answer)
}
