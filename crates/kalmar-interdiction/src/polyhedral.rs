//! Partial interdiction with a polyhedral budget at each vertex (Andersson, *General Path
//! Interdiction with Local Budgets*, §2.1–2.2): instead of removing edges, the interdictor
//! raises the weights of the edges leaving each vertex u by amounts z_e ≥ 0 chosen within a
//! polytope
//!
//! ```text
//! P_u = { z ≥ 0 : A_u z ≤ b_u,  z_e = 0 for every out-edge e of u that no row of A_u names }
//! ```
//!
//! given by rows over u's out-edge numbers. The convention for edges no row names: they cannot
//! be raised, so a vertex without rows raises nothing (P_u = {0}). To let an edge be raised
//! without bound, name it in a row with coefficient 0 (`0·z_e ≤ 0`). Every bound is ≥ 0, so
//! raising nothing is always within the budget (as the empty set is always affordable). A
//! polytope unbounded in the direction of some edges lets the interdictor make them as
//! expensive as it likes: values are exact rationals or ∞ ([`Extended`]).
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_interdiction::network::Network;
//! use kalmar_interdiction::polyhedral::{Polyhedral, Row};
//! let network = Network::new(3, &[(0, 1, 1), (0, 2, 5), (1, 2, 1)], 0, 2).unwrap();
//! // At vertex 0: z_0 + 2 z_1 ≤ 3 over its two out-edges; the others raise nothing.
//! let row = Row::new(vec![(0, Rational::ONE), (1, Rational::from(2))], Rational::from(3));
//! let budget = Polyhedral::new(&network, vec![vec![row], vec![], vec![]]).unwrap();
//! assert_eq!(budget.raisable(0), [0, 1]);
//! assert!(budget.raisable(1).is_empty());
//! // A negative bound would forbid raising nothing.
//! let bad = Row::new(vec![(0, Rational::ONE)], Rational::from(-1));
//! assert!(Polyhedral::new(&network, vec![vec![bad], vec![], vec![]]).is_err());
//! ```
//!
//! # Complexity
//! O(n + Σ row lengths) to check, and for [`Polyhedral::raisable`] per vertex.

use crate::budget::BudgetError;
use crate::network::Network;
use kalmar_core::Rational;
use std::fmt;

/// A number of ℚ ∪ {∞}: a value or a raise. Finite numbers come first in the order.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Extended {
    /// An exact rational.
    Finite(Rational),
    /// Larger than every rational.
    Infinite,
}

impl Extended {
    /// Zero.
    pub const ZERO: Extended = Extended::Finite(Rational::ZERO);

    /// The rational, if finite.
    pub fn finite(&self) -> Option<&Rational> {
        match self {
            Extended::Finite(x) => Some(x),
            Extended::Infinite => None,
        }
    }

    /// Reads `inf` or a rational such as `3`, `-3/4` or `0.5`.
    pub fn parse(text: &str) -> Option<Extended> {
        if text == "inf" {
            return Some(Extended::Infinite);
        }
        text.parse().ok().map(Extended::Finite)
    }
}

impl fmt::Display for Extended {
    /// A rational as `p/q` (or `p`), ∞ as `inf`, the form [`Extended::parse`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Extended::Finite(x) => write!(f, "{x}"),
            Extended::Infinite => f.write_str("inf"),
        }
    }
}

/// One row of a vertex's polytope: Σ coefficient · z_e ≤ bound, over out-edge numbers (0 for
/// the vertex's first out-edge).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Row {
    /// (out-edge number, coefficient), each out-edge at most once.
    pub terms: Vec<(u32, Rational)>,
    /// The bound, ≥ 0.
    pub bound: Rational,
}

impl Row {
    /// The row Σ terms ≤ bound.
    pub fn new(terms: Vec<(u32, Rational)>, bound: Rational) -> Row {
        Row { terms, bound }
    }
}

/// The polytope of raises at every vertex.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Polyhedral {
    rows: Vec<Vec<Row>>,
}

impl Polyhedral {
    /// The rows of every vertex's polytope, checked: one list per vertex, out-edge numbers
    /// below the vertex's out-degree and each once in a row, bounds ≥ 0. Rows without terms
    /// (0 ≤ bound) say nothing and are dropped.
    pub fn new(network: &Network, mut rows: Vec<Vec<Row>>) -> Result<Polyhedral, BudgetError> {
        if rows.len() != network.num_vertices() {
            return Err(BudgetError::Length(rows.len(), network.num_vertices()));
        }
        for (v, vertex_rows) in rows.iter().enumerate() {
            let degree = network.out_degree(v);
            for (k, row) in vertex_rows.iter().enumerate() {
                if let Some(&(e, _)) = row.terms.iter().find(|&&(e, _)| e as usize >= degree) {
                    return Err(BudgetError::RowEdge(v, degree, e));
                }
                let mut edges: Vec<u32> = row.terms.iter().map(|&(e, _)| e).collect();
                edges.sort_unstable();
                if let Some(pair) = edges.windows(2).find(|pair| pair[0] == pair[1]) {
                    return Err(BudgetError::RowRepeats(v, k, pair[0]));
                }
                if row.bound < Rational::ZERO {
                    return Err(BudgetError::NegativeBound(v, k, row.bound.to_string()));
                }
            }
        }
        for vertex_rows in &mut rows {
            vertex_rows.retain(|row| !row.terms.is_empty());
        }
        Ok(Polyhedral { rows })
    }

    /// The number of vertices.
    pub fn num_vertices(&self) -> usize {
        self.rows.len()
    }

    /// The rows of vertex `v`.
    pub fn rows(&self, v: usize) -> &[Row] {
        &self.rows[v]
    }

    /// The out-edge numbers of `v` that some row names, increasing: the only ones it may
    /// raise.
    pub fn raisable(&self, v: usize) -> Vec<u32> {
        let mut edges: Vec<u32> = (self.rows[v].iter())
            .flat_map(|row| row.terms.iter().map(|&(e, _)| e))
            .collect();
        edges.sort_unstable();
        edges.dedup();
        edges
    }
}
