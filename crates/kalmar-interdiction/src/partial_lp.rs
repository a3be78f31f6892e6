//! Partial interdiction as one linear program for the whole network, the independent answer
//! that [`crate::partial`] (GPI with a local program per vertex) is tested against. The
//! interdictor commits to raises z first, then the user's distance from x to the sink under
//! w + z is the largest π_x of a feasible potential (linear-programming duality for shortest
//! paths), so the value of x is
//!
//! ```text
//! max π_x  subject to  π_t ≤ 0,  π_u − π_v − z_e ≤ w(e) for every edge e = (u, v),
//!                      A_u z_u ≤ b_u at every vertex u,  π, z ≥ 0
//! ```
//!
//! with z only on raisable edges, solved by the exact simplex of [`crate::lp`]; unbounded
//! means ∞. (π ≥ 0 loses nothing: max(π, 0) is feasible whenever π is, weights and raises
//! being ≥ 0.)
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_interdiction::network::Network;
//! use kalmar_interdiction::partial_lp;
//! use kalmar_interdiction::polyhedral::{Extended, Polyhedral, Row};
//! let network = Network::new(3, &[(0, 2, 4), (0, 1, 1), (1, 2, 1)], 0, 2).unwrap();
//! let row = Row::new(vec![(0, Rational::ONE), (1, Rational::ONE)], Rational::from(3));
//! let budget = Polyhedral::new(&network, vec![vec![row], vec![], vec![]]).unwrap();
//! assert_eq!(partial_lp::value(&network, &budget, 0), Ok(Extended::Finite(Rational::new(9, 2))));
//! ```
//!
//! # Complexity
//! One exact program of n + R variables (R raisable edges) and m + 1 + Σ rows rows, dense: for
//! small networks only.

use crate::lp::{Outcome, Program};
use crate::network::Network;
use crate::partial::PartialError;
use crate::polyhedral::{Extended, Polyhedral};
use kalmar_core::Rational;

/// The value of vertex `x` (the user's cost from x under the interdictor's best raises).
pub fn value(network: &Network, budget: &Polyhedral, x: usize) -> Result<Extended, PartialError> {
    let n = network.num_vertices();
    if budget.num_vertices() != n {
        return Err(PartialError::Length(budget.num_vertices(), n));
    }
    // The column of each raisable edge's z, after the n potentials.
    let mut column = vec![None; network.num_edges()];
    let mut width = n;
    for u in 0..n {
        let first = network.out_edges(u).start;
        for k in budget.raisable(u) {
            column[first + k as usize] = Some(width);
            width += 1;
        }
    }
    let mut rows = Vec::new();
    let mut bounds = Vec::new();
    let mut sink = vec![Rational::ZERO; width];
    sink[network.sink()] = Rational::ONE;
    rows.push(sink);
    bounds.push(Rational::ZERO);
    for (e, (u, v, w)) in network.edges().enumerate() {
        let mut row = vec![Rational::ZERO; width];
        row[u] = &row[u] + &Rational::ONE;
        row[v] = &row[v] - &Rational::ONE;
        if let Some(j) = column[e] {
            row[j] = Rational::from(-1);
        }
        rows.push(row);
        bounds.push(Rational::from(w as i64));
    }
    for u in 0..n {
        let first = network.out_edges(u).start;
        for budget_row in budget.rows(u) {
            let mut row = vec![Rational::ZERO; width];
            for (k, a) in &budget_row.terms {
                if let Some(j) = column[first + *k as usize] {
                    row[j] = a.clone();
                }
            }
            rows.push(row);
            bounds.push(budget_row.bound.clone());
        }
    }
    let mut objective = vec![Rational::ZERO; width];
    objective[x] = Rational::ONE;
    let program = Program::new(objective, rows, bounds)
        .map_err(|_| PartialError::Internal(x, "is malformed"))?;
    match program.maximize() {
        Outcome::Optimal(optimum) => Ok(Extended::Finite(optimum.value)),
        Outcome::Unbounded(_) => Ok(Extended::Infinite),
        Outcome::Infeasible => Err(PartialError::Internal(x, "is infeasible")),
    }
}
