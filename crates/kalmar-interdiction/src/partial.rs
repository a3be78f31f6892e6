//! Partial interdiction by raises within a polytope at each vertex ([`crate::polyhedral`]),
//! shortest paths (p = sum): Algorithm GPI (Andersson, *General Path Interdiction with Local
//! Budgets*, §2.2) with its local oracle L implemented by linear programming, exactly over the
//! rationals ([`crate::lp`]), as the paper proposes for polyhedral budgets and linear p.
//!
//! The modified Dijkstra is [`crate::gpi::finalise`], shared with the integer solvers. When a
//! successor v of an open vertex u becomes final, the oracle solves, for the final successors
//! S of u so far and c_e = w(e) + d(head e),
//!
//! ```text
//! L(u, S, d) = max y  subject to  y − z_e ≤ c_e  (e ∈ S),   A_u z ≤ b_u,   y, z ≥ 0
//! ```
//!
//! over the raisable out-edges of u (z_e is absent, that is 0, for the others): the most the
//! interdictor can make the user pay through S. Unbounded means ∞. The last program solved at
//! a vertex gives its choice: at a vertex of finite value the optimal raises z and the dual
//! solution (λ on S, μ on the rows, scaled so that Σ λ = 1), which
//! [`crate::partial_certificate`] checks without solving anything; at a vertex of value ∞ a
//! feasible z and a direction r of the polytope along which every edge to a vertex of finite
//! value grows without bound. A vertex without raisable edges needs no program: L is the least
//! c_e, kept as successors come.
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_interdiction::network::Network;
//! use kalmar_interdiction::operator::Operator;
//! use kalmar_interdiction::partial;
//! use kalmar_interdiction::polyhedral::{Extended, Polyhedral, Row};
//! // From 0 to the sink 2: directly (weight 4), or through 1 (1 + 1). Vertex 0 may raise its
//! // two out-edges by 3 in all: it raises the direct edge by 1/2 and 0 -> 1 by 5/2, and the
//! // user pays 9/2 either way.
//! let network = Network::new(3, &[(0, 2, 4), (0, 1, 1), (1, 2, 1)], 0, 2).unwrap();
//! let one = Rational::ONE;
//! let row = Row::new(vec![(0, one.clone()), (1, one)], Rational::from(3));
//! let budget = Polyhedral::new(&network, vec![vec![row], vec![], vec![]]).unwrap();
//! let solution = partial::solve(&network, &budget, Operator::Sum).unwrap();
//! let half = |k| Rational::new(k, 2);
//! let value = Extended::Finite(half(9));
//! assert_eq!(solution.values, [value, Extended::Finite(Rational::ONE), Extended::ZERO]);
//! assert_eq!(solution.raises, [half(1), half(5), Rational::ZERO]);
//! assert_eq!(solution.order, [2, 1, 0]);
//! assert!(partial::solve(&network, &budget, Operator::Max).is_err());
//! ```
//!
//! # Complexity
//! O(m log n) for the modified Dijkstra, plus one exact linear program per edge entering a
//! vertex with raisable edges, of |S| + rows(u) rows and 1 + raisable(u) variables (see
//! [`crate::lp`]); O(1) per edge elsewhere.

use crate::gpi::{finalise, user_path};
use crate::lp::{Outcome, Program, ShapeError};
use crate::network::Network;
use crate::operator::Operator;
use crate::partial_certificate::{self, PartialWrong};
use crate::polyhedral::{Extended, Polyhedral};
use kalmar_core::Rational;

/// The dual solution of a vertex's last program: the proof that the interdictor cannot force
/// more there (see [`crate::partial_certificate`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dual {
    /// λ: (edge id, weight) over edges to successors final before the vertex; the weights are
    /// ≥ 0 and sum to 1.
    pub weights: Vec<(u32, Rational)>,
    /// μ ≥ 0: one multiplier per row of the vertex's polytope.
    pub rows: Vec<Rational>,
}

/// The values and both players' choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartialSolution {
    /// Per vertex, its value: what the user pays from there to the sink.
    pub values: Vec<Extended>,
    /// The vertices of finite value in the order their values became final, the sink first.
    pub order: Vec<u32>,
    /// Per edge, the interdictor's raise z_e (finite part).
    pub raises: Vec<Rational>,
    /// Per edge, the direction r_e ≥ 0 of unbounded raises: the interdictor raises by
    /// z + M·r for M as large as it likes, so an edge with r_e > 0 costs ∞. Zero at every
    /// vertex of finite value.
    pub rays: Vec<Rational>,
    /// Per vertex of finite value other than the sink, the dual of its last program.
    pub duals: Vec<Option<Dual>>,
    /// Per vertex of finite value other than the sink, the edge the user takes.
    pub next: Vec<Option<u32>>,
    /// The user's best path from the source: its edges (empty when the source's value is ∞,
    /// or the source is the sink).
    pub path: Vec<usize>,
}

impl PartialSolution {
    /// What edge `e` costs the user on top of its weight: z_e, or ∞ when r_e > 0.
    pub fn raise(&self, e: usize) -> Extended {
        if self.rays[e] > Rational::ZERO {
            Extended::Infinite
        } else {
            Extended::Finite(self.raises[e].clone())
        }
    }
}

/// Why no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PartialError {
    /// Raises within polytopes are solved for shortest paths only.
    #[error(
        "raises within polytopes are solved for shortest paths (the sum operator) only, not {0}: the local programs are linear only for sums"
    )]
    Operator(&'static str),
    /// The budget is for another number of vertices.
    #[error("the budget has {0} vertices, the network {1}")]
    Length(usize, usize),
    /// A solver other than GPI was named.
    #[error("solver '{0}': raises within polytopes are solved by gpi (with exact linear programs)")]
    Solver(String),
    /// A local program went wrong (infeasible though raising nothing is always allowed, or
    /// malformed): a bug.
    #[error("internal error, the linear program of vertex {0} {1}")]
    Internal(usize, &'static str),
    /// The answer failed its certificate: a bug in the solver.
    #[error("internal error, the solver's answer failed its certificate: {0}")]
    Certificate(PartialWrong),
}

/// Solves with [`solve`] and checks the answer with [`partial_certificate::check`] before
/// returning it: the one call the program and the Python package make. `solver`, when named,
/// must be `gpi`, the only solver of raises.
pub fn solve_checked(
    network: &Network,
    budget: &Polyhedral,
    operator: Operator,
    solver: Option<&str>,
) -> Result<PartialSolution, PartialError> {
    if let Some(id) = solver.filter(|&id| id != "gpi") {
        return Err(PartialError::Solver(id.into()));
    }
    let solution = solve(network, budget, operator)?;
    partial_certificate::check(network, budget, &solution).map_err(PartialError::Certificate)?;
    Ok(solution)
}

/// The last answer of a vertex's oracle.
#[derive(Clone, Debug, Default)]
struct Answer {
    /// L.
    value: Option<Rational>,
    /// z, by raisable index.
    raises: Vec<Rational>,
    /// r, by raisable index (empty when L is finite).
    ray: Vec<Rational>,
    /// The dual, when L is finite.
    dual: Option<Dual>,
}

/// The oracle L by linear programming.
struct Oracle<'a> {
    network: &'a Network,
    budget: &'a Polyhedral,
    /// Per vertex, its raisable out-edge numbers.
    raisable: Vec<Vec<u32>>,
    /// Per vertex with raisable edges, its final successors so far: (edge, c_e).
    known: Vec<Vec<(u32, Rational)>>,
    /// Per vertex, its last answer.
    answers: Vec<Answer>,
}

impl Oracle<'_> {
    /// L(u, S ∪ {e}, d) with c_e = `candidate`.
    fn settle(
        &mut self,
        u: usize,
        e: usize,
        candidate: Rational,
    ) -> Result<Extended, PartialError> {
        if self.raisable[u].is_empty() {
            // No program: L is the least candidate.
            let answer = &mut self.answers[u];
            if answer.value.as_ref().is_none_or(|best| candidate < *best) {
                answer.dual = Some(Dual {
                    weights: vec![(e as u32, Rational::ONE)],
                    rows: vec![Rational::ZERO; self.budget.rows(u).len()],
                });
                answer.value = Some(candidate);
            }
            return Ok(Extended::Finite(answer.value.clone().unwrap_or_default()));
        }
        self.known[u].push((e as u32, candidate));
        let known = self.known[u].len();
        let program = self
            .program(u)
            .map_err(|_| PartialError::Internal(u, "is malformed"))?;
        let answer = match program.maximize() {
            Outcome::Optimal(optimum) => {
                let total = optimum.dual[..known]
                    .iter()
                    .fold(Rational::ZERO, |s, x| s + x);
                if total.is_zero() {
                    return Err(PartialError::Internal(u, "has a dual without weights"));
                }
                let weights = (self.known[u].iter().zip(&optimum.dual))
                    .filter(|(_, l)| !l.is_zero())
                    .map(|(&(e, _), l)| (e, l / &total))
                    .collect();
                let rows = optimum.dual[known..].iter().map(|m| m / &total).collect();
                Answer {
                    value: Some(optimum.value),
                    raises: optimum.primal[1..].to_vec(),
                    ray: Vec::new(),
                    dual: Some(Dual { weights, rows }),
                }
            }
            Outcome::Unbounded(ray) => Answer {
                value: None,
                raises: ray.point[1..].to_vec(),
                ray: ray.direction[1..].to_vec(),
                dual: None,
            },
            Outcome::Infeasible => return Err(PartialError::Internal(u, "is infeasible")),
        };
        let value = answer.value.clone();
        self.answers[u] = answer;
        Ok(value.map_or(Extended::Infinite, Extended::Finite))
    }

    /// u's program over the known successors (their rows first): variables y then z by
    /// raisable index.
    fn program(&self, u: usize) -> Result<Program, ShapeError> {
        let raisable = &self.raisable[u];
        let first = self.network.out_edges(u).start;
        let width = 1 + raisable.len();
        let mut rows = Vec::new();
        let mut bounds = Vec::new();
        for (e, c) in &self.known[u] {
            let mut row = vec![Rational::ZERO; width];
            row[0] = Rational::ONE;
            if let Ok(k) = raisable.binary_search(&(*e - first as u32)) {
                row[1 + k] = Rational::from(-1);
            }
            rows.push(row);
            bounds.push(c.clone());
        }
        for budget_row in self.budget.rows(u) {
            let mut row = vec![Rational::ZERO; width];
            for (edge, a) in &budget_row.terms {
                if let Ok(k) = raisable.binary_search(edge) {
                    row[1 + k] = a.clone();
                }
            }
            rows.push(row);
            bounds.push(budget_row.bound.clone());
        }
        let mut objective = vec![Rational::ZERO; width];
        objective[0] = Rational::ONE;
        Program::new(objective, rows, bounds)
    }
}

/// The values of `network` when the interdictor raises weights within `budget`, paths weighed
/// by `operator` (which must be sum).
pub fn solve(
    network: &Network,
    budget: &Polyhedral,
    operator: Operator,
) -> Result<PartialSolution, PartialError> {
    if operator != Operator::Sum {
        return Err(PartialError::Operator(operator.name()));
    }
    let n = network.num_vertices();
    if budget.num_vertices() != n {
        return Err(PartialError::Length(budget.num_vertices(), n));
    }
    let raisable: Vec<Vec<u32>> = (0..n).map(|v| budget.raisable(v)).collect();
    let mut oracle = Oracle {
        network,
        budget,
        known: vec![Vec::new(); n],
        answers: vec![Answer::default(); n],
        raisable,
    };
    let (values, order) = finalise(network, Extended::ZERO, Extended::Infinite, |arc, d, _| {
        // Only finite values become final.
        let Extended::Finite(d) = d else {
            return Ok(Extended::Infinite);
        };
        let through = Rational::from(arc.weight() as i64) + d;
        oracle.settle(arc.tail(), arc.edge(), through)
    })?;
    let m = network.num_edges();
    let mut raises = vec![Rational::ZERO; m];
    let mut rays = vec![Rational::ZERO; m];
    let mut duals = vec![None; n];
    for (u, answer) in oracle.answers.into_iter().enumerate() {
        let first = network.out_edges(u).start;
        for (k, &edge) in oracle.raisable[u].iter().enumerate() {
            let e = first + edge as usize;
            if let Some(z) = answer.raises.get(k) {
                raises[e] = z.clone();
            }
            if let Some(r) = answer.ray.get(k) {
                rays[e] = r.clone();
            }
        }
        if values[u] != Extended::Infinite && u != network.sink() {
            duals[u] = answer.dual;
        }
    }
    let mut rank = vec![u32::MAX; n];
    for (r, &v) in order.iter().enumerate() {
        rank[v as usize] = r as u32;
    }
    // The user's move: an edge to an earlier vertex that costs exactly the value.
    let next: Vec<Option<u32>> = (0..n)
        .map(|u| {
            let Extended::Finite(value) = &values[u] else {
                return None;
            };
            network.out_edges(u).find_map(|e| {
                let v = network.head(e);
                let Extended::Finite(d) = &values[v] else {
                    return None;
                };
                let cost = Rational::from(network.weight(e) as i64) + &raises[e] + d;
                (u != network.sink() && rank[v] < rank[u] && cost == *value).then_some(e as u32)
            })
        })
        .collect();
    let path = user_path(network, &next);
    Ok(PartialSolution {
        values,
        order,
        raises,
        rays,
        duals,
        next,
        path,
    })
}
