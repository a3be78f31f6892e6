//! The instrumented comparison of payoffs: every comparison the DGG algorithms make goes through a
//! [`Comparisons`] oracle, which counts it. The comparison complexity of the algorithms (the number
//! of payoff comparisons, separately from their running time) is the subject of the paper, and
//! this count is how kalmar reports it.
//!
//! # Complexity
//! O(1) per comparison: the count is one cell incremented before the payoffs' own comparison.
//!
//! # Example
//! ```
//! use kalmar_terminal::dgg::compare::Comparisons;
//! use std::cmp::Ordering;
//! let cmp = Comparisons::new();
//! assert_eq!(cmp.cmp(&1i64, &2), Ordering::Less);
//! assert_eq!(cmp.sign(&-3i64), Ordering::Less);
//! assert_eq!(cmp.count(), 2);
//! ```

use crate::Payoff;
use std::cell::Cell;
use std::cmp::Ordering;

/// A payoff comparison oracle that counts the comparisons made through it.
#[derive(Debug, Default)]
pub struct Comparisons {
    count: Cell<u64>,
}

impl Comparisons {
    /// A new oracle with a zero count.
    pub fn new() -> Self {
        Self::default()
    }

    /// Compares two payoffs, counting one comparison.
    #[inline]
    pub fn cmp<P: Ord>(&self, a: &P, b: &P) -> Ordering {
        self.count.set(self.count.get() + 1);
        a.cmp(b)
    }

    /// Compares a payoff with zero, counting one comparison.
    #[inline]
    pub fn sign<P: Payoff>(&self, a: &P) -> Ordering {
        self.count.set(self.count.get() + 1);
        a.sign()
    }

    /// The number of comparisons made so far.
    pub fn count(&self) -> u64 {
        self.count.get()
    }
}
