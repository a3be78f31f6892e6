//! The certificate of a partial-interdiction solution ([`crate::partial`]): it proves the
//! claimed values are exactly what the interdictor can force by raising weights within the
//! polytopes of [`crate::polyhedral`], with no linear program solved and no code shared with
//! the solver (only exact comparisons, sums and products of rationals).
//!
//! 1. **The raises are within the budget.** At every vertex u, z ≥ 0 and r ≥ 0 on its
//!    out-edges, both 0 on the edges no row names, A_u z ≤ b_u and A_u r ≤ 0 exactly: z + M·r
//!    is within P_u for every M ≥ 0.
//! 2. **They achieve the values.** With weights w + z, and the edges with r_e > 0 gone (as M
//!    grows they cost more than any bound), the user's shortest paths (Dijkstra from the sink
//!    over the reversed edges, in rationals) cost exactly the claimed values, ∞ included; the
//!    claimed path from s is such a path. Hence for every M the user pays the claimed value
//!    from each vertex of finite value once M is large, and more than M·min{r_e > 0} from the
//!    others: the interdictor forces the values.
//! 3. **No raise does better (duality).** Along the claimed order (the sink first), each vertex
//!    u of finite value carries λ ≥ 0 on edges e to vertices earlier in the order (S_u) with
//!    Σ λ_e = 1, and μ ≥ 0 on u's rows, such that
//!
//!    ```text
//!    λ_e ≤ (A_uᵀ μ)_e  for every raisable out-edge e of u (λ_e = 0 off S_u),
//!    Σ_e λ_e (w(e) + d(head e)) + μ·b_u ≤ d(u).
//!    ```
//!
//!    This is a feasible solution of the dual of u's local program
//!    `max y s.t. y − z_e ≤ c_e (e ∈ S_u), A_u z ≤ b_u, y, z ≥ 0` (its columns: y gives
//!    Σ λ ≥ 1, each z_e gives (A_uᵀμ)_e − λ_e ≥ 0), and it bounds that program by weak duality.
//!    Directly: for any z ∈ P_u, with y = min over S_u of c_e + z_e,
//!    y = Σ λ_e y ≤ Σ λ_e (c_e + z_e) ≤ Σ λ_e c_e + Σ_e (A_uᵀμ)_e z_e = Σ λ_e c_e + μ·A_u z
//!    ≤ Σ λ_e c_e + μ·b_u ≤ d(u), using z ≥ 0 and z_e = 0 off the raisable edges. So whatever
//!    the interdictor does at u, some successor earlier in the order costs the user at most
//!    d(u); by induction along the order the user pays at most d(u) from u against any raise.
//!    A vertex of value ∞ needs no dual: 2 witnesses it.
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_interdiction::network::Network;
//! use kalmar_interdiction::polyhedral::{Extended, Polyhedral, Row};
//! use kalmar_interdiction::{operator::Operator, partial, partial_certificate};
//! let network = Network::new(3, &[(0, 2, 4), (0, 1, 1), (1, 2, 1)], 0, 2).unwrap();
//! let row = Row::new(vec![(0, Rational::ONE), (1, Rational::ONE)], Rational::from(3));
//! let budget = Polyhedral::new(&network, vec![vec![row], vec![], vec![]]).unwrap();
//! let mut solution = partial::solve(&network, &budget, Operator::Sum).unwrap();
//! assert!(partial_certificate::check(&network, &budget, &solution).is_ok());
//! solution.raises[1] = Rational::from(3); // beyond the budget
//! assert!(partial_certificate::check(&network, &budget, &solution).is_err());
//! ```
//!
//! # Complexity
//! O(m log n) rational operations for Dijkstra, plus O(Σ row lengths + m) for the budget and
//! the duals.

use crate::network::Network;
use crate::partial::PartialSolution;
use crate::polyhedral::{Extended, Polyhedral};
use kalmar_core::Rational;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Why a partial-interdiction solution is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PartialWrong {
    /// The arrays do not fit the network.
    #[error(
        "the solution has {0} values, {1} raises, {2} rays and {3} duals; the network has {4} vertices and {5} edges"
    )]
    Shape(usize, usize, usize, usize, usize, usize),
    /// The budget is for another network.
    #[error("the budget has {0} vertices, the network {1}")]
    Budget(usize, usize),
    /// Raises outside a vertex's polytope.
    #[error("vertex {0}: the raises {1}")]
    Raises(usize, String),
    /// The user's best path under the raises costs something else.
    #[error(
        "vertex {vertex}: with the interdictor's raises the user's best path costs {actual}, not the {claimed} claimed"
    )]
    UserValue {
        /// The vertex.
        vertex: usize,
        /// Its value under the raises.
        actual: Extended,
        /// The value claimed.
        claimed: Extended,
    },
    /// The order is not the finite-valued vertices from the sink.
    #[error("the order {0}")]
    Order(String),
    /// A vertex's dual does not prove its value.
    #[error("vertex {0}: the dual {1}")]
    Dual(usize, String),
    /// The path is not a best path from the source.
    #[error("the path {0}")]
    Path(String),
}

/// Checks `solution` for `network` under `budget`.
pub fn check(
    network: &Network,
    budget: &Polyhedral,
    solution: &PartialSolution,
) -> Result<(), PartialWrong> {
    let (n, m) = (network.num_vertices(), network.num_edges());
    let s = solution;
    if (s.values.len(), s.raises.len(), s.rays.len(), s.duals.len()) != (n, m, m, n) {
        return Err(PartialWrong::Shape(
            s.values.len(),
            s.raises.len(),
            s.rays.len(),
            s.duals.len(),
            n,
            m,
        ));
    }
    if budget.num_vertices() != n {
        return Err(PartialWrong::Budget(budget.num_vertices(), n));
    }
    for u in 0..n {
        within_budget(network, budget, solution, u)?;
    }
    let user = user_values(network, solution);
    if let Some(v) = (0..n).find(|&v| user[v] != solution.values[v]) {
        return Err(PartialWrong::UserValue {
            vertex: v,
            actual: user[v].clone(),
            claimed: solution.values[v].clone(),
        });
    }
    check_path(network, solution)?;
    let rank = ranks(network, solution)?;
    for &u in &solution.order[1..] {
        check_dual(network, budget, solution, &rank, u as usize)?;
    }
    Ok(())
}

/// 1: z and r at u's out-edges are within P_u and its recession cone.
fn within_budget(
    network: &Network,
    budget: &Polyhedral,
    solution: &PartialSolution,
    u: usize,
) -> Result<(), PartialWrong> {
    let out = network.out_edges(u);
    let first = out.start;
    let wrong = |what: String| Err(PartialWrong::Raises(u, what));
    let rows = budget.rows(u);
    for e in out {
        let (z, r) = (&solution.raises[e], &solution.rays[e]);
        if *z < Rational::ZERO || *r < Rational::ZERO {
            return wrong(format!("of edge {e} are negative"));
        }
        let named = rows
            .iter()
            .any(|row| row.terms.iter().any(|&(k, _)| k as usize == e - first));
        if !named && (!z.is_zero() || !r.is_zero()) {
            return wrong(format!("raise edge {e}, which no row names"));
        }
    }
    for (k, row) in rows.iter().enumerate() {
        let (mut lhs, mut direction) = (Rational::ZERO, Rational::ZERO);
        for (edge, a) in &row.terms {
            let e = first + *edge as usize;
            lhs = lhs + a * &solution.raises[e];
            direction = direction + a * &solution.rays[e];
        }
        if lhs > row.bound {
            return wrong(format!(
                "give {lhs} on row {k}, above its bound {}",
                row.bound
            ));
        }
        if direction > Rational::ZERO {
            return wrong(format!("grow without bound beyond row {k}"));
        }
    }
    Ok(())
}

/// 2: the user's shortest distances to the sink with weights w + z, edges with r > 0 gone.
fn user_values(network: &Network, solution: &PartialSolution) -> Vec<Extended> {
    let t = network.sink();
    let mut value = vec![Extended::Infinite; network.num_vertices()];
    value[t] = Extended::ZERO;
    let mut heap = BinaryHeap::from([Reverse((Rational::ZERO, t))]);
    while let Some(Reverse((d, v))) = heap.pop() {
        if value[v] != Extended::Finite(d.clone()) {
            continue;
        }
        for arc in network.in_edges(v) {
            let (e, u) = (arc.edge(), arc.tail());
            if solution.rays[e] > Rational::ZERO || u == t {
                continue;
            }
            let through = Rational::from(network.weight(e) as i64) + &solution.raises[e] + &d;
            if Extended::Finite(through.clone()) < value[u] {
                value[u] = Extended::Finite(through.clone());
                heap.push(Reverse((through, u)));
            }
        }
    }
    value
}

/// The claimed path: from the source to the sink over edges not cut, costing the source's
/// value with the raises.
fn check_path(network: &Network, solution: &PartialSolution) -> Result<(), PartialWrong> {
    let s = network.source();
    let Extended::Finite(value) = &solution.values[s] else {
        return if solution.path.is_empty() {
            Ok(())
        } else {
            Err(PartialWrong::Path(
                "is given where the user has none to take".into(),
            ))
        };
    };
    let mut at = s;
    let mut cost = Rational::ZERO;
    for &e in &solution.path {
        if e >= network.num_edges() || network.tail(e) != at || solution.rays[e] > Rational::ZERO {
            return Err(PartialWrong::Path(format!(
                "leaves {at} by edge {e}, which it cannot take"
            )));
        }
        cost = cost + Rational::from(network.weight(e) as i64) + &solution.raises[e];
        at = network.head(e);
    }
    if at != network.sink() {
        return Err(PartialWrong::Path(format!("ends at {at}, not at the sink")));
    }
    if cost != *value {
        return Err(PartialWrong::Path(format!(
            "costs {cost}, not the source's value {value}"
        )));
    }
    Ok(())
}

/// Each vertex's place in the order, which must hold the vertices of finite value once each,
/// the sink first.
fn ranks(network: &Network, solution: &PartialSolution) -> Result<Vec<u32>, PartialWrong> {
    let n = network.num_vertices();
    let mut rank = vec![u32::MAX; n];
    for (r, &v) in solution.order.iter().enumerate() {
        let v = v as usize;
        if v >= n || rank[v] != u32::MAX {
            return Err(PartialWrong::Order(format!(
                "names vertex {v} twice or out of range"
            )));
        }
        rank[v] = r as u32;
    }
    if solution.order.first().map(|&v| v as usize) != Some(network.sink()) {
        return Err(PartialWrong::Order("does not start at the sink".into()));
    }
    let finite = |v: usize| solution.values[v] != Extended::Infinite;
    if let Some(v) = (0..n).find(|&v| (rank[v] != u32::MAX) != finite(v)) {
        return Err(PartialWrong::Order(format!(
            "must hold exactly the vertices of finite value; vertex {v} is wrong"
        )));
    }
    Ok(rank)
}

/// 3: u's dual proves that no raise at u forces more than its value.
fn check_dual(
    network: &Network,
    budget: &Polyhedral,
    solution: &PartialSolution,
    rank: &[u32],
    u: usize,
) -> Result<(), PartialWrong> {
    let wrong = |what: String| Err(PartialWrong::Dual(u, what));
    let Some(dual) = &solution.duals[u] else {
        return wrong("is missing".into());
    };
    let Extended::Finite(value) = &solution.values[u] else {
        return Ok(());
    };
    let rows = budget.rows(u);
    if dual.rows.len() != rows.len() {
        return wrong(format!(
            "has {} row multipliers for {} rows",
            dual.rows.len(),
            rows.len()
        ));
    }
    if dual.rows.iter().any(|mu| *mu < Rational::ZERO) {
        return wrong("has a negative row multiplier".into());
    }
    let out = network.out_edges(u);
    // Per out-edge number: λ, and (A_uᵀ μ) with whether a row names it.
    let mut lambda = vec![Rational::ZERO; out.len()];
    let mut bound = Rational::ZERO;
    let mut total = Rational::ZERO;
    for (e, l) in &dual.weights {
        let e = *e as usize;
        if !out.contains(&e) {
            return wrong(format!("weighs edge {e}, which does not leave the vertex"));
        }
        let v = network.head(e);
        let Extended::Finite(d) = &solution.values[v] else {
            return wrong(format!("weighs edge {e}, to a vertex of value ∞"));
        };
        if rank[v] >= rank[u] {
            return wrong(format!(
                "weighs edge {e}, to a vertex not earlier in the order"
            ));
        }
        if *l < Rational::ZERO || !lambda[e - out.start].is_zero() {
            return wrong(format!("weighs edge {e} negatively or twice"));
        }
        lambda[e - out.start] = l.clone();
        total = total + l;
        bound = bound + l * &(Rational::from(network.weight(e) as i64) + d);
    }
    if total != Rational::ONE {
        return wrong(format!("has weights summing to {total}, not 1"));
    }
    let mut cover: Vec<Option<Rational>> = vec![None; out.len()];
    for (row, mu) in rows.iter().zip(&dual.rows) {
        bound = bound + mu * &row.bound;
        for (k, a) in &row.terms {
            let slot = cover[*k as usize].get_or_insert(Rational::ZERO);
            *slot = &*slot + &(a * mu);
        }
    }
    for (k, (l, c)) in lambda.iter().zip(&cover).enumerate() {
        if let Some(c) = c
            && c < l
        {
            return wrong(format!(
                "gives out-edge {k} a weight {l} above its row multipliers' {c}"
            ));
        }
    }
    if bound > *value {
        return wrong(format!(
            "bounds the local program by {bound}, above the value {value}"
        ));
    }
    Ok(())
}
