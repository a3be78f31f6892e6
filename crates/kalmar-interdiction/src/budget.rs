//! What the interdictor may do at each vertex (Andersson, *General Path Interdiction with Local
//! Budgets*, §2.1, after Khachiyan et al.): remove k(v) of the edges leaving v, or remove any
//! one of a family of "affordable" sets of them, a family closed under taking subsets (an
//! independence system), given explicitly and checked to be one; or, for partial interdiction,
//! raise their weights within a polytope ([`crate::polyhedral`]), solved by
//! [`crate::partial`] rather than by the integer solvers.
//!
//! ```
//! use kalmar_interdiction::budget::Budget;
//! use kalmar_interdiction::network::Network;
//! let network = Network::new(3, &[(0, 1, 1), (0, 2, 5), (1, 2, 1)], 0, 2).unwrap();
//! // At vertex 0, the interdictor may remove edge 0 -> 1 (its out-edge number 0), or nothing.
//! let budget = Budget::affordable(&network, vec![vec![vec![], vec![0]], vec![vec![]], vec![vec![]]]).unwrap();
//! assert!(budget.allows(&network, 0, &[0]));
//! assert!(!budget.allows(&network, 0, &[0, 1]));
//! // Not downward closed: {0, 1} without {1}.
//! assert!(Budget::affordable(&network, vec![vec![vec![], vec![0], vec![0, 1]], vec![vec![]], vec![vec![]]]).is_err());
//! ```
//!
//! # Complexity
//! Checking a family: O(Σ |X|²) over its sets, with hashing.

use crate::network::Network;
use crate::polyhedral::{Polyhedral, Row};
use std::collections::HashSet;

/// The interdictor's budget at every vertex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Budget {
    /// At each vertex, how many of its out-edges may be removed.
    Removals(Vec<u32>),
    /// At each vertex, the affordable sets of its out-edges, by their number among the vertex's
    /// out-edges (0 for the first), each sorted; the family is downward closed.
    Affordable(Vec<Vec<Vec<u32>>>),
    /// At each vertex, a polytope of raises of its out-edges' weights: partial interdiction,
    /// with rational values ([`crate::partial`]).
    Polyhedral(Polyhedral),
}

/// Why a budget does not fit its network.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BudgetError {
    /// One entry per vertex is needed.
    #[error("the budget has {0} vertices, the network {1}")]
    Length(usize, usize),
    /// A set names an out-edge the vertex does not have.
    #[error("vertex {0} has {1} out-edges, but an affordable set names out-edge {2}")]
    Edge(usize, usize, u32),
    /// The family misses a subset of one of its sets.
    #[error(
        "the affordable sets of vertex {0} are not downward closed: {1:?} is affordable but {2:?} is not listed"
    )]
    NotClosed(usize, Vec<u32>, Vec<u32>),
    /// No set at all (not even the empty one).
    #[error("vertex {0} has no affordable set; list the empty set (remove nothing)")]
    Empty(usize),
    /// A row names an out-edge the vertex does not have.
    #[error("vertex {0} has {1} out-edges, but a row of its polytope names out-edge {2}")]
    RowEdge(usize, usize, u32),
    /// A row names an out-edge twice.
    #[error("row {1} of vertex {0}'s polytope names out-edge {2} twice")]
    RowRepeats(usize, usize, u32),
    /// A row with a negative bound: raising nothing would be beyond the budget.
    #[error(
        "row {1} of vertex {0}'s polytope has the bound {2}; bounds are at least 0, so that raising nothing is always allowed"
    )]
    NegativeBound(usize, usize, String),
}

impl Budget {
    /// k(v) removals at every vertex.
    pub fn removals(network: &Network, k: Vec<u32>) -> Result<Budget, BudgetError> {
        if k.len() != network.num_vertices() {
            return Err(BudgetError::Length(k.len(), network.num_vertices()));
        }
        Ok(Budget::Removals(k))
    }

    /// The affordable sets at every vertex, checked to be downward closed.
    pub fn affordable(
        network: &Network,
        mut families: Vec<Vec<Vec<u32>>>,
    ) -> Result<Budget, BudgetError> {
        if families.len() != network.num_vertices() {
            return Err(BudgetError::Length(families.len(), network.num_vertices()));
        }
        for (v, family) in families.iter_mut().enumerate() {
            let degree = network.out_degree(v);
            if family.is_empty() {
                return Err(BudgetError::Empty(v));
            }
            for set in family.iter_mut() {
                set.sort_unstable();
                set.dedup();
                if let Some(&e) = set.iter().find(|&&e| e as usize >= degree) {
                    return Err(BudgetError::Edge(v, degree, e));
                }
            }
            family.sort();
            family.dedup();
            let listed: HashSet<&Vec<u32>> = family.iter().collect();
            for set in family.iter() {
                for skip in 0..set.len() {
                    let smaller: Vec<u32> = set
                        .iter()
                        .enumerate()
                        .filter(|&(k, _)| k != skip)
                        .map(|(_, &e)| e)
                        .collect();
                    if !listed.contains(&smaller) {
                        return Err(BudgetError::NotClosed(v, set.clone(), smaller));
                    }
                }
            }
            if !listed.contains(&Vec::new()) {
                return Err(BudgetError::NotClosed(v, family[0].clone(), Vec::new()));
            }
        }
        Ok(Budget::Affordable(families))
    }

    /// Raises within the polytope of `rows` at every vertex (see [`Polyhedral::new`]).
    pub fn polyhedral(network: &Network, rows: Vec<Vec<Row>>) -> Result<Budget, BudgetError> {
        Ok(Budget::Polyhedral(Polyhedral::new(network, rows)?))
    }

    /// The number of vertices the budget is for.
    pub fn num_vertices(&self) -> usize {
        match self {
            Budget::Removals(k) => k.len(),
            Budget::Affordable(families) => families.len(),
            Budget::Polyhedral(polytopes) => polytopes.num_vertices(),
        }
    }

    /// Whether removing the out-edges of `v` numbered `removed` (among its out-edges) is within
    /// the budget (a polyhedral budget removes nothing: it raises weights).
    pub fn allows(&self, network: &Network, v: usize, removed: &[u32]) -> bool {
        let mut removed = removed.to_vec();
        removed.sort_unstable();
        removed.dedup();
        if removed.iter().any(|&e| e as usize >= network.out_degree(v)) {
            return false;
        }
        match self {
            Budget::Removals(k) => removed.len() <= k[v] as usize,
            Budget::Affordable(families) => families[v].contains(&removed),
            Budget::Polyhedral(_) => removed.is_empty(),
        }
    }
}
