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
//! Heaps are computed in blocks of 256: the splits of a block's heaps whose rare part is at
//! least the block's length have their other part before the block, so for each such rare heap
//! the common parts are one contiguous run of known values, read in order (instead of one
//! scattered read per heap). Splits with a smaller rare part, or with a heap found rare inside
//! the block, are added heap by heap.
//!
//! # Complexity
//! O(n · (r + w)) for r rare heaps below n and w the splits scanned until every small rare value
//! is witnessed — about linear when r stays small — and O(n²) in the worst case (no sparse
//! space), like the naive solver.

use super::naive::value_at;
use super::{Rules, Solver};
use crate::mex::{ValueSet, insert_into_words, mex_in_words, mex_of_words};

/// Heaps computed directly before a mask is first chosen.
const WARM_UP: usize = 1024;
/// Heaps computed together.
const BLOCK: usize = 256;

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
    /// The option values of each heap of a block, side by side.
    block_sets: Vec<u64>,
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
            block_sets: Vec::new(),
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

    /// Records G(n) = v for the next heap n.
    fn push(&mut self, v: u32) {
        let n = self.values.len();
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

    /// Computes the heaps from the next one up to `end` (exclusive) at most, as one block; may
    /// stop early when a value needs wider sets than the block was laid out for.
    fn block(&mut self, end: usize) {
        let n0 = self.values.len();
        let len = end - n0;
        let mask = self.mask;
        let unequal = self.rules.unequal_splits();
        // Every option value is below 2^bits (XORs of values below it) until a value reaches it.
        let largest = self.histogram.len() as u32;
        let bits = 32 - largest.leading_zeros();
        let limit = 1u32 << bits;
        let words = limit as usize / 64 + 1;
        let sets = &mut self.block_sets;
        sets.clear();
        sets.resize(len * words, 0);
        let values = &self.values;
        // Rare parts a with a + k >= len: the other part lies before the block.
        for &k in &self.splits {
            for &a in &self.rare {
                let a = a as usize;
                if a + k < len {
                    continue;
                }
                let first = (a + k + 1).saturating_sub(n0);
                if first >= len {
                    break;
                }
                let ga = values[a];
                let others = &values[n0 + first - k - a..n0 + len - k - a];
                for (j, &gb) in (first..len).zip(others) {
                    let equal_parts = unequal && n0 + j - k - a == a;
                    if !is_rare(gb, mask) && !equal_parts {
                        insert_into_words(&mut sets[j * words..(j + 1) * words], ga ^ gb);
                    }
                }
            }
        }
        let small_rare: Vec<u32> = self
            .rare
            .iter()
            .copied()
            .take_while(|&a| (a as usize) < len)
            .collect();
        let mut fresh: Vec<u32> = Vec::new();
        for j in 0..len {
            let n = n0 + j;
            let set = &mut self.block_sets[j * words..(j + 1) * words];
            let v = Self::heap_value(
                &self.rules,
                &self.splits,
                &self.values,
                (mask, self.common_low),
                n,
                (&small_rare, len, &fresh),
                set,
            );
            self.push(v);
            if is_rare(v, mask) {
                fresh.push(n as u32);
            }
            if v >= limit {
                return;
            }
        }
    }

    /// G(n) for heap n of a block of `len` heaps whose set already holds the common option
    /// values of splits with a rare part a (one of the rare heaps before the block) where
    /// a + k >= len; `small_rare` are the rare heaps below `len` from before the block and
    /// `fresh` those found in the block, whose splits are added here.
    fn heap_value(
        rules: &Rules,
        splits: &[usize],
        values: &[u32],
        (mask, common_low): (u32, u64),
        n: usize,
        (small_rare, len, fresh): (&[u32], usize, &[u32]),
        set: &mut [u64],
    ) -> u32 {
        let unequal = rules.unequal_splits();
        rules.for_each_simple_option(n, values, |v| {
            insert_into_words(set, v);
        });
        // Common option values from the splits with a rare part that the block pass left out.
        for &k in splits {
            if n < k + 2 {
                continue;
            }
            let rest = n - k;
            let small = small_rare.iter().filter(|&&a| a as usize + k < len);
            for &a in small.chain(fresh) {
                let a = a as usize;
                if a >= rest {
                    continue;
                }
                let b = rest - a;
                if unequal && a == b {
                    continue;
                }
                let gb = values[b];
                if !is_rare(gb, mask) {
                    insert_into_words(set, values[a] ^ gb);
                }
            }
        }
        let common_mex = mex_in_words(set, |w| Self::common_word(mask, common_low, w));
        // Rare values below the common mex that no option has shown yet.
        let mut pending: u32 = 0;
        for w in 0..=common_mex / 64 {
            let below = if w == common_mex / 64 {
                (1u64 << (common_mex % 64)) - 1
            } else {
                u64::MAX
            };
            let rare_bits = !Self::common_word(mask, common_low, w) & below;
            let present = set.get(w as usize).copied().unwrap_or(0);
            pending += (rare_bits & !present).count_ones();
        }
        if pending == 0 {
            return common_mex;
        }
        // Witness the rare values by scanning splits from the middle out: two large parts have
        // the most varied values.
        for &k in splits {
            let Some(rest) = n.checked_sub(k) else {
                continue;
            };
            let last = if unequal {
                (rest.max(1) - 1) / 2
            } else {
                rest / 2
            };
            for a in (1..=last).rev() {
                let v = values[a] ^ values[rest - a];
                if v < common_mex && is_rare(v, mask) && insert_into_words(set, v) {
                    pending -= 1;
                    if pending == 0 {
                        return common_mex;
                    }
                }
            }
        }
        mex_of_words(set)
    }
}

impl Solver for Sparse {
    fn extend_to(&mut self, len: usize) {
        self.values.reserve(len.saturating_sub(self.values.len()));
        while self.values.len() < len {
            let n = self.values.len();
            if self.mask == 0 {
                let v = value_at(&self.rules, &self.splits, &self.values, n, &mut self.set);
                self.push(v);
            } else {
                self.block(len.min(n + BLOCK).min(self.next_review));
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
