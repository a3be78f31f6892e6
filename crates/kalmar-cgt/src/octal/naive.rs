//! The direct computation of G(0..n) for a heap game: for every heap size, the nim-value of
//! every option (the XOR of the two parts for a split), then their mex in a bit set.
//!
//! This is the definition itself (Guy and Smith, 1956), and it is the independent check of the
//! sparse-space solver in the tests.
//!
//! # Complexity
//! O(n² · s / 2) for s digits that allow splits, O(n · t) for a code of length t without
//! splits; the mex is bit-parallel, O(m / 64) for values below m.
//!
//! ```
//! use kalmar_cgt::octal::{Rules, Solver, naive::Naive};
//! let mut naive = Naive::new(&Rules::parse("0.07").unwrap()); // Dawson's Kayles
//! naive.extend_to(10);
//! assert_eq!(naive.values(), &[0, 0, 1, 1, 2, 0, 3, 1, 1, 0]);
//! ```

use super::{Rules, Solver};
use crate::mex::ValueSet;

/// The direct solver.
pub struct Naive {
    rules: Rules,
    splits: Vec<usize>,
    values: Vec<u32>,
    /// One more than the largest value so far.
    bound: u32,
    set: ValueSet,
}

impl Naive {
    /// A solver for `rules`, with nothing computed yet.
    pub fn new(rules: &Rules) -> Self {
        Naive {
            rules: rules.clone(),
            splits: rules.split_removals(),
            values: Vec::new(),
            bound: 1,
            set: ValueSet::new(),
        }
    }
}

/// G(n) from G(0..n) by looking at every option; every value so far is below `bound`.
pub(crate) fn value_at(
    rules: &Rules,
    splits: &[usize],
    values: &[u32],
    n: usize,
    bound: u32,
    set: &mut ValueSet,
) -> u32 {
    set.clear();
    rules.for_each_simple_option(n, values, |v| {
        set.insert(v);
    });
    // Splits have XORs of values below the power of two at or above `bound`.
    let words = set.words_below(bound.next_power_of_two());
    for &k in splits {
        if n < k + 2 {
            continue;
        }
        let rest = n - k;
        let last = if rules.unequal_splits() {
            (rest - 1) / 2
        } else {
            rest / 2
        };
        let low = &values[1..=last];
        let high = values[rest - last..rest].iter().rev();
        for (&x, &y) in low.iter().zip(high) {
            let v = x ^ y;
            words[(v / 64) as usize] |= 1 << (v % 64);
        }
    }
    set.mex()
}

impl Solver for Naive {
    fn extend_to(&mut self, len: usize) {
        self.values.reserve(len.saturating_sub(self.values.len()));
        for n in self.values.len()..len {
            let v = value_at(
                &self.rules,
                &self.splits,
                &self.values,
                n,
                self.bound,
                &mut self.set,
            );
            self.bound = self.bound.max(v + 1);
            self.values.push(v);
        }
    }

    fn values(&self) -> &[u32] {
        &self.values
    }

    fn into_values(self: Box<Self>) -> Vec<u32> {
        self.values
    }
}
