//! The sparse-space ("rare values") method for G(0..n) of a heap game with splits
//! (Berlekamp, Conway and Guy, *Winning Ways*, ch. 4; Gangolli and Plambeck, "A note on
//! periodicity in some octal games", 1989).
//!
//! For many games a linear form on the nim-values — the parity of `v & mask` — splits them into
//! *common* values (odd parity), which most heaps have, and *rare* values (even parity), which
//! few heaps have. A split of a heap into parts a and b has the value G(a) ⊕ G(b), whose parity
//! is the sum of the parts' parities, so:
//!
//! - a **common** option value comes from a split with exactly one rare part: walking the list
//!   of rare heaps gives all of them in O(#rare) steps;
//! - a **rare** option value comes from two common parts (or two rare ones). Such values are
//!   plentiful, so each rare value below the least missing common value is usually found after
//!   a few splits; only when one of them is missing (G(n) is rare, which is rare) does the scan
//!   run over all splits.
//!
//! G(n) is the least value missing from both, so the answer is exact for any mask: the mask
//! only decides the speed. It is chosen as the one with the fewest rare heaps so far, after
//! the first 1024 values (computed directly) and again each time the number of values doubles.
//!
//! # Complexity
//! O(n · (r + w)) for r rare heaps below n and w the splits scanned until every small rare value
//! is witnessed — about linear when r stays small — and O(n²) in the worst case (no sparse
//! space), like the naive solver.

use super::naive::value_at;
use super::{Rules, Solver};
use crate::mex::ValueSet;

/// Heaps computed directly before a mask is first chosen.
const WARM_UP: usize = 1024;

/// Whether `v` is rare for `mask`: `v & mask` has an even number of ones.
#[inline]
fn is_rare(v: u32, mask: u32) -> bool {
    (v & mask).count_ones() & 1 == 0
}

/// The sparse-space solver.
pub struct Sparse {
    rules: Rules,
    splits: Vec<usize>,
    values: Vec<u32>,
    /// Heaps n ≥ 1 whose value is rare, in increasing order.
    rare: Vec<u32>,
    /// A value v is rare when `v & mask` has an even number of ones; 0 means not chosen yet.
    mask: u32,
    /// Bit i is set when `i & mask` has odd parity: the common values among 0..64.
    common_low: u64,
    /// How many heaps n ≥ 1 have each value.
    histogram: Vec<u64>,
    next_review: usize,
    set: ValueSet,
}

impl Sparse {
    /// A solver for `rules`, with nothing computed yet.
    pub fn new(rules: &Rules) -> Self {
        Sparse::with_warm_up(rules, WARM_UP)
    }

    /// A solver that computes the first `warm_up` values directly (at least 2) before it
    /// chooses a mask; small values exercise the sparse step on small games (tests).
    pub fn with_warm_up(rules: &Rules, warm_up: usize) -> Self {
        Sparse {
            rules: rules.clone(),
            splits: rules.split_removals(),
            values: Vec::new(),
            rare: Vec::new(),
            mask: 0,
            common_low: 0,
            histogram: Vec::new(),
            next_review: warm_up.max(2),
            set: ValueSet::new(),
        }
    }

    /// The mask in use (0 before the first choice).
    pub fn mask(&self) -> u32 {
        self.mask
    }

    /// The number of rare heaps so far.
    pub fn rare_count(&self) -> usize {
        self.rare.len()
    }

    /// The bits of the common values among 64 w .. 64 w + 63.
    #[inline]
    fn common_word(mask: u32, common_low: u64, w: u32) -> u64 {
        if is_rare(w.wrapping_mul(64), mask) {
            common_low
        } else {
            !common_low
        }
    }

    /// Chooses the mask with the fewest rare heaps so far and rebuilds the list of rare heaps.
    fn review(&mut self) {
        let top = self.histogram.len().next_power_of_two() as u32;
        let mut best = (u64::MAX, 0u32);
        for mask in 1..top {
            let rare: u64 = self
                .histogram
                .iter()
                .enumerate()
                .filter(|&(v, _)| is_rare(v as u32, mask))
                .map(|(_, c)| c)
                .sum();
            if rare < best.0 {
                best = (rare, mask);
            }
        }
        self.mask = best.1;
        self.common_low = (0..64u32)
            .filter(|&i| !is_rare(i, self.mask))
            .fold(0, |m, i| m | 1 << i);
        let mask = self.mask;
        self.rare = (1..self.values.len() as u32)
            .filter(|&n| is_rare(self.values[n as usize], mask))
            .collect();
    }

    /// G(n) by the sparse-space method (the mask has been chosen).
    fn sparse_value(&mut self, n: usize) -> u32 {
        let values = &self.values;
        let set = &mut self.set;
        set.clear();
        self.rules.for_each_simple_option(n, values, |v| {
            set.insert(v);
        });
        let unequal = self.rules.unequal_splits();
        let mask = self.mask;
        // Common option values: one rare part and one common part.
        for &k in &self.splits {
            if n < k + 2 {
                continue;
            }
            let rest = n - k;
            for &a in &self.rare {
                let a = a as usize;
                if a >= rest {
                    break;
                }
                let b = rest - a;
                if unequal && a == b {
                    continue;
                }
                let gb = values[b];
                if !is_rare(gb, mask) {
                    set.insert(values[a] ^ gb);
                }
            }
        }
        let common_low = self.common_low;
        let common_mex = set.mex_in(|w| Self::common_word(mask, common_low, w));
        // Rare values below the common mex that no option has shown yet.
        let mut pending: u32 = 0;
        for w in 0..=common_mex / 64 {
            let below = if w == common_mex / 64 {
                (1u64 << (common_mex % 64)) - 1
            } else {
                u64::MAX
            };
            let rare_bits = !Self::common_word(mask, common_low, w) & below;
            let present = set.word(w);
            pending += (rare_bits & !present).count_ones();
        }
        if pending == 0 {
            return common_mex;
        }
        // Witness the rare values by scanning splits from the middle out: two large parts have the
        // most varied values.
        let longest = self.splits.iter().map(|&k| n.saturating_sub(k)).max();
        let half = longest.unwrap_or(0) / 2;
        'scan: for a in (1..=half).rev() {
            for &k in &self.splits {
                let Some(rest) = n.checked_sub(k) else {
                    continue;
                };
                if 2 * a > rest || (unequal && 2 * a == rest) {
                    continue;
                }
                let v = values[a] ^ values[rest - a];
                if v < common_mex && is_rare(v, mask) && set.insert(v) {
                    pending -= 1;
                    if pending == 0 {
                        break 'scan;
                    }
                }
            }
        }
        if pending == 0 { common_mex } else { set.mex() }
    }
}

impl Solver for Sparse {
    fn extend_to(&mut self, len: usize) {
        self.values.reserve(len.saturating_sub(self.values.len()));
        for n in self.values.len()..len {
            let v = if self.mask == 0 {
                value_at(&self.rules, &self.splits, &self.values, n, &mut self.set)
            } else {
                self.sparse_value(n)
            };
            self.values.push(v);
            if n >= 1 {
                if self.histogram.len() <= v as usize {
                    self.histogram.resize(v as usize + 1, 0);
                }
                self.histogram[v as usize] += 1;
                if self.mask != 0 && is_rare(v, self.mask) {
                    self.rare.push(n as u32);
                }
            }
            if n + 1 == self.next_review {
                self.next_review = self.next_review.saturating_mul(2);
                if !self.splits.is_empty() && self.histogram.len() > 1 {
                    self.review();
                }
            }
        }
    }

    fn values(&self) -> &[u32] {
        &self.values
    }

    fn into_values(self: Box<Self>) -> Vec<u32> {
        self.values
    }
}
