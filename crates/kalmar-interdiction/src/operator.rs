//! How User weighs a path (Andersson, *General Path Interdiction with Local Budgets*, §2.1):
//! w(ε) = 0 and w(eπ) = p(w(e), w(π)) for an operator p that is non-decreasing in each argument
//! with p(0, x) ≥ x, extended by p(x, ∞) = ∞. Three are here, all exact on integers:
//!
//! - `sum`: p(a, x) = a + x, the shortest path;
//! - `max`: p(a, x) = max(a, x), the bottleneck path;
//! - `product`: p(a, x) = a + x + a·x, so that 1 + w(π) is the product of 1 + w(e) along π
//!   (compounding: a weight of 1 doubles the path's 1 + w), for reliability-style costs.
//!
//! ```
//! use kalmar_interdiction::operator::{INFINITY, Operator};
//! assert_eq!(Operator::Sum.extend(3, 4), Some(7));
//! assert_eq!(Operator::Max.extend(3, 4), Some(4));
//! assert_eq!(Operator::Product.extend(1, 1), Some(3)); // (1 + 1)(1 + 1) - 1
//! assert_eq!(Operator::Sum.extend(3, INFINITY), Some(INFINITY));
//! ```
//!
//! # Complexity
//! O(1).

/// The value ∞: no path, or a path the interdictor can block.
pub const INFINITY: u64 = u64::MAX;

/// A path-weight operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operator {
    /// Shortest path: the weights add up.
    Sum,
    /// Bottleneck path: the heaviest edge.
    Max,
    /// Compounding: 1 + w(π) is the product of 1 + w(e).
    Product,
}

impl Operator {
    /// The operators by name, as the command line spells them.
    pub const ALL: [(&'static str, Operator); 3] = [
        ("sum", Operator::Sum),
        ("max", Operator::Max),
        ("product", Operator::Product),
    ];

    /// The operator named `name`.
    pub fn from_name(name: &str) -> Option<Operator> {
        Operator::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, o)| o)
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        Operator::ALL
            .iter()
            .find(|&&(_, o)| o == self)
            .map_or("", |&(n, _)| n)
    }

    /// p(edge, rest): the weight of a path that takes an edge of weight `edge`, then a path of
    /// weight `rest` (∞ stays ∞); None when the exact value does not fit in 64 bits.
    pub fn extend(self, edge: u64, rest: u64) -> Option<u64> {
        if rest == INFINITY || edge == INFINITY {
            return Some(INFINITY);
        }
        let value = match self {
            Operator::Sum => edge.checked_add(rest)?,
            Operator::Max => edge.max(rest),
            Operator::Product => edge
                .checked_mul(rest)?
                .checked_add(edge)?
                .checked_add(rest)?,
        };
        // A finite value equal to the ∞ marker does not fit either.
        (value != INFINITY).then_some(value)
    }
}
