//! The sparse-space ("rare values") method for G(0..n) of a heap game with splits
//! (Berlekamp, Conway and Guy, *Winning Ways*, ch. 4; Gangolli and Plambeck, "A note on
//! periodicity in some octal games", 1989).
//!
//! Each heap x gets the label L(x) = 2·G(x) + (x mod 2): its value and the parity of its size
//! (Gangolli and Plambeck's refinement, which makes Officers sparse). The labels are split into
//! *common* ones, a set C that most heaps have, and *rare* ones, all the others. C is kept
//! **sum-free** under XOR: 0 ∉ C, and c₁ ⊕ c₂ ∉ C for all c₁, c₂ in C. A split of heap n that
//! removes k counters into parts a and b has L(a) ⊕ L(b) = 2·(G(a) ⊕ G(b)) + ((n − k) mod 2), so
//! a split into two common parts never has a value v with 2v + ((n − k) mod 2) in C. Hence:
//!
//! - the options that leave one heap, and the splits with at least one rare part (found by
//!   walking the short list of rare heaps), give a set of option values whose mex m is a lower
//!   bound for G(n);
//! - if 2m + ((n − k) mod 2) is common for every removal k that splits, no split into two common
//!   parts has the value m either, so G(n) = m;
//! - otherwise the other splits are scanned, raising m as it is found among them, until m is
//!   certified so or every split has been seen. Then G(n) = m exactly.
//!
//! The answer is exact for any sum-free C; C only decides the speed. It is chosen greedily from
//! the most frequent labels after the first 1024 heaps (computed directly) and again each time
//! the number of heaps doubles; a label never seen before joins C when C stays sum-free.
//!
//! Heaps are computed in blocks of 256: the splits of a block's heaps whose rare part is at
//! least the block's length have their other part before the block, so for each such rare heap
//! the other parts are one contiguous run of known values, read in order (instead of one
//! scattered read per heap). Splits with a smaller rare part, or with a heap found rare inside
//! the block, are added heap by heap.
//!
//! # Complexity
//! O(n · r) for r rare heaps below n, plus a scan of O(n) splits for each heap whose lower
//! bound is rare — about linear when both are rare — and O(n²) in the worst case (no sparse
//! space), like the naive solver.

use super::naive::value_at;
use super::{Rules, Solver};
use crate::mex::{ValueSet, insert_into_words, mex_of_words};

/// Heaps computed directly before C is first chosen.
const WARM_UP: usize = 1024;
/// Heaps computed together.
const BLOCK: usize = 256;

/// The label of heap `n` with value `v`: 2v + (n mod 2).
#[inline]
fn label(n: usize, v: u32) -> u32 {
    2 * v + (n & 1) as u32
}

/// The sparse-space solver.
pub struct Sparse {
    rules: Rules,
    splits: Vec<usize>,
    values: Vec<u32>,
    /// Heaps n ≥ 1 whose label is rare, in increasing order.
    rare: Vec<u32>,
    /// The common labels, a sum-free set (empty until first chosen).
    common: ValueSet,
    /// The common labels, in a list.
    common_list: Vec<u32>,
    /// Whether C has been chosen.
    chosen: bool,
    /// How many heaps n ≥ 1 have each label.
    histogram: Vec<u64>,
    /// Bit p is set when some removal k that splits a heap has k mod 2 = p.
    split_parities: u8,
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
    /// chooses the common values; small values exercise the sparse step on small games (tests).
    pub fn with_warm_up(rules: &Rules, warm_up: usize) -> Self {
        Sparse {
            rules: rules.clone(),
            splits: rules.split_removals(),
            values: Vec::new(),
            rare: Vec::new(),
            common: ValueSet::new(),
            common_list: Vec::new(),
            chosen: false,
            histogram: Vec::new(),
            split_parities: rules
                .split_removals()
                .iter()
                .fold(0, |bits, &k| bits | 1 << (k % 2)),
            next_review: warm_up.max(2),
            block_sets: Vec::new(),
            set: ValueSet::new(),
        }
    }

    /// The common labels 2·G + (n mod 2), in the order they were chosen.
    pub fn common_labels(&self) -> &[u32] {
        &self.common_list
    }

    /// The number of rare heaps so far.
    pub fn rare_count(&self) -> usize {
        self.rare.len()
    }

    /// Whether label `v` may join C with C staying sum-free.
    fn fits(&self, v: u32) -> bool {
        v != 0
            && self
                .common_list
                .iter()
                .all(|&c| !self.common.contains(c ^ v))
    }

    fn add_common(&mut self, v: u32) {
        self.common.insert(v);
        self.common_list.push(v);
    }

    /// Chooses C greedily from the most frequent labels and rebuilds the list of rare heaps.
    fn review(&mut self) {
        let mut by_count: Vec<u32> = (0..self.histogram.len() as u32).collect();
        by_count.sort_by_key(|&v| (std::cmp::Reverse(self.histogram[v as usize]), v));
        self.common.clear();
        self.common_list.clear();
        for v in by_count {
            if self.histogram[v as usize] > 0 && self.fits(v) {
                self.add_common(v);
            }
        }
        self.chosen = true;
        let common = &self.common;
        self.rare = (1..self.values.len() as u32)
            .filter(|&n| !common.contains(label(n as usize, self.values[n as usize])))
            .collect();
    }

    /// Records G(n) = v for the next heap n.
    fn push(&mut self, v: u32) {
        let n = self.values.len();
        self.values.push(v);
        if n >= 1 {
            let l = label(n, v);
            if self.histogram.len() <= l as usize {
                self.histogram.resize(l as usize + 1, 0);
            }
            let seen = self.histogram[l as usize];
            self.histogram[l as usize] += 1;
            if self.chosen && !self.common.contains(l) {
                if seen == 0 && self.fits(l) {
                    self.add_common(l);
                } else {
                    self.rare.push(n as u32);
                }
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
        let unequal = self.rules.unequal_splits();
        // Every option value is below 2^bits (XORs of values below it) until a value reaches it.
        let largest = self.histogram.len() as u32 / 2 + 1;
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
                    // In Grundy's game the split into equal parts a, a is not a move.
                    if !(unequal && n0 + j == 2 * a + k) {
                        let v = ga ^ gb;
                        sets[j * words + (v / 64) as usize] |= 1 << (v % 64);
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
                (&self.common, self.split_parities),
                n,
                (&small_rare, len, &fresh),
                set,
            );
            let rare_before = self.rare.len();
            self.push(v);
            if self.rare.len() > rare_before {
                fresh.push(n as u32);
            }
            if v >= limit {
                return;
            }
        }
    }

    /// G(n) for heap n of a block of `len` heaps whose set already holds the option values of
    /// splits with a rare part a (one of the rare heaps before the block) where a + k >= len;
    /// `small_rare` are the rare heaps below `len` from before the block and `fresh` those
    /// found in the block, whose splits are added here.
    fn heap_value(
        rules: &Rules,
        splits: &[usize],
        values: &[u32],
        (common, split_parities): (&ValueSet, u8),
        n: usize,
        (small_rare, len, fresh): (&[u32], usize, &[u32]),
        set: &mut [u64],
    ) -> u32 {
        let unequal = rules.unequal_splits();
        rules.for_each_simple_option(n, values, |v| {
            insert_into_words(set, v);
        });
        // The splits with a rare part that the block pass left out.
        for &k in splits {
            if n < k + 2 {
                continue;
            }
            let rest = n - k;
            let small = small_rare.iter().filter(|&&a| a as usize + k < len);
            for &a in small.chain(fresh) {
                let a = a as usize;
                if a >= rest || (unequal && 2 * a == rest) {
                    continue;
                }
                insert_into_words(set, values[a] ^ values[rest - a]);
            }
        }
        // Whether no split into two common parts can have the value m.
        let certified = |m: u32| {
            (0..2).all(|p| {
                split_parities & (1 << p) == 0 || common.contains(2 * m + ((n as u32 + p) & 1))
            })
        };
        let mut m = mex_of_words(set);
        if certified(m) {
            return m;
        }
        // m is not certified: scan the other splits while it is found among them.
        for &k in splits {
            let Some(rest) = n.checked_sub(k) else {
                continue;
            };
            let last = if unequal {
                rest.saturating_sub(1) / 2
            } else {
                rest / 2
            };
            let low = &values[1..=last];
            let high = values[rest - last..rest].iter().rev();
            for (&x, &y) in low.iter().zip(high) {
                let v = x ^ y;
                set[(v / 64) as usize] |= 1 << (v % 64);
                if v == m {
                    m = mex_of_words(set);
                    if certified(m) {
                        return m;
                    }
                }
            }
        }
        m
    }
}

impl Solver for Sparse {
    fn extend_to(&mut self, len: usize) {
        self.values.reserve(len.saturating_sub(self.values.len()));
        while self.values.len() < len {
            let n = self.values.len();
            if !self.chosen {
                let bound = self.histogram.len() as u32 / 2 + 1;
                let v = value_at(
                    &self.rules,
                    &self.splits,
                    &self.values,
                    n,
                    bound,
                    &mut self.set,
                );
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
