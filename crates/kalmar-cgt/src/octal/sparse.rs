//! The sparse-space ("rare values") method for G(0..n) of a heap game with splits
//! (Berlekamp, Conway and Guy, *Winning Ways*, ch. 4; Gangolli and Plambeck, "A note on
//! periodicity in some octal games", 1989).
//!
//! Each heap x gets the label L(x) = 2·G(x) + (x mod 2): its value and the parity of its size
//! (Gangolli and Plambeck's refinement, which makes Officers sparse). A split of heap n that
//! removes k counters into parts a and b has a + b = n − k, so
//! L(a) ⊕ L(b) = 2·(G(a) ⊕ G(b)) + ((n − k) mod 2) = L′ ⊕ (k mod 2), where L′ = 2·(G(a) ⊕ G(b))
//! + (n mod 2) is the label heap n would have if its value were that of the split.
//!
//! The splitting removals are taken apart by their parity d = k mod 2. For each d the labels
//! are split into *common* ones, a set C_d that most heaps have, and *rare* ones, all others.
//! C_d is kept so that c₁ ⊕ c₂ ⊕ c₃ ≠ d for all c₁, c₂, c₃ in C_d. Then a split by a removal of
//! parity d into two parts with labels in C_d never has a value m whose label 2m + (n mod 2)
//! is in C_d: that label would be L(a) ⊕ L(b) ⊕ d. Hence:
//!
//! - the options that leave one heap, and for each d the splits with a part that is rare for d
//!   (found by walking that side's short list of rare heaps), give a set of option values
//!   whose mex m is a lower bound for G(n);
//! - if 2m + (n mod 2) is in C_d for every parity d that has splitting removals, no other
//!   split has the value m, so G(n) = m: a heap with a common label is found without looking
//!   at its other splits;
//! - otherwise the other splits of each parity d whose C_d does not hold that label are
//!   scanned, raising m as it is found among them, until m is certified or every split of
//!   those parities has been seen. Then G(n) = m exactly.
//!
//! The answer is exact for any such C_d; they only decide the speed. Each is chosen greedily
//! from the most frequent labels after the first 1024 heaps (computed directly) and again each
//! time the number of heaps doubles; a label never seen before joins C_d when the condition
//! still holds (the `ogs` crate chooses its common sets the same way).
//!
//! The option values of a heap are marked in an array of one byte per value (a store each, so
//! the loops over splits have no chain of dependent memory operations), the values of the rare
//! heaps are kept beside their list so that loop reads them in order, and the other splits are
//! scanned a chunk at a time, the parities in turn, so that a value reached by splits of one
//! parity only is found there without exhausting the other.
//!
//! # Complexity
//! O(r) per heap for r rare heaps below it, plus a scan of the other splits for each heap whose
//! lower bound is not certified: until every smaller value with a rare label is found among
//! them (in Officers, a few thousand splits per heap from 2^16 to 2^20), or all O(n) of them
//! when the heap itself is rare. About linear when rare heaps are rare; O(n²) in the worst
//! case (no sparse space), like the naive solver.
//!
//! ```
//! use kalmar_cgt::octal::{Rules, Solver, sparse::Sparse};
//! let mut sparse = Sparse::new(&Rules::parse("0.77").unwrap()); // Kayles
//! sparse.extend_to(8);
//! assert_eq!(sparse.values(), &[0, 1, 2, 3, 1, 4, 3, 2]);
//! ```

use super::naive::value_at;
use super::{Rules, Solver};
use crate::mex::ValueSet;

/// Heaps computed directly before the common labels are first chosen.
const WARM_UP: usize = 1024;
/// The sparse step handles values below this; beyond, heaps are computed directly.
const SEEN: usize = 1 << 16;
/// One byte per value: whether some option of the heap at hand has that value.
type Seen = [u8; SEEN];
/// Splits scanned between two looks at the mex.
const CHUNK: usize = 64;

/// The label of heap `n` with value `v`: 2v + (n mod 2).
#[inline]
fn label(n: usize, v: u32) -> u32 {
    2 * v + (n & 1) as u32
}

/// The splitting removals of one parity d, their common labels C_d and the heaps rare for them.
struct Side {
    /// d: the parity of the removals.
    parity: u32,
    /// The removals k (k mod 2 = d) after which the rest may be split in two.
    removals: Vec<usize>,
    /// C_d.
    common: ValueSet,
    /// C_d, in a list.
    common_list: Vec<u32>,
    /// c₁ ⊕ c₂ for all c₁, c₂ in C_d.
    sums: ValueSet,
    /// Heaps n ≥ 1 whose label is not in C_d, in increasing order.
    rare: Vec<u32>,
    /// Their values, in the same order.
    rare_values: Vec<u32>,
}

impl Side {
    fn new(parity: u32, removals: Vec<usize>) -> Self {
        Side {
            parity,
            removals,
            common: ValueSet::new(),
            common_list: Vec::new(),
            sums: ValueSet::new(),
            rare: Vec::new(),
            rare_values: Vec::new(),
        }
    }

    /// Whether label `l` may join C_d: c₁ ⊕ c₂ ⊕ l ≠ d for c₁, c₂ in C_d ∪ {l}.
    fn fits(&self, l: u32) -> bool {
        l != self.parity && !self.sums.contains(l ^ self.parity)
    }

    fn add_common(&mut self, l: u32) {
        self.common.insert(l);
        self.common_list.push(l);
        for &c in &self.common_list {
            self.sums.insert(c ^ l);
        }
    }

    /// Chooses C_d greedily from the labels in `by_count` (most frequent first) and rebuilds
    /// the list of rare heaps.
    fn choose(&mut self, by_count: &[u32], values: &[u32]) {
        self.common.clear();
        self.common_list.clear();
        self.sums.clear();
        for &l in by_count {
            if self.fits(l) {
                self.add_common(l);
            }
        }
        self.rare.clear();
        self.rare_values.clear();
        for (n, &v) in values.iter().enumerate().skip(1) {
            if !self.common.contains(label(n, v)) {
                self.rare.push(n as u32);
                self.rare_values.push(v);
            }
        }
    }

    /// Records heap `n` with value `v` (its label seen `seen` times before).
    fn record(&mut self, n: usize, v: u32, seen: u64) {
        let l = label(n, v);
        if self.common.contains(l) {
            return;
        }
        if seen == 0 && self.fits(l) {
            self.add_common(l);
        } else {
            self.rare.push(n as u32);
            self.rare_values.push(v);
        }
    }

    /// Marks the values of the splits of heap n by removal k with a rare part in `seen`.
    fn mark_rare(&self, values: &[u32], n: usize, k: usize, unequal: bool, seen: &mut Seen) {
        let Some(rest) = n.checked_sub(k) else {
            return;
        };
        let below = self.rare.partition_point(|&a| (a as usize) < rest);
        let mut mark = |from: usize, to: usize| {
            let parts = self.rare[from..to].iter().zip(&self.rare_values[from..to]);
            for (&a, &ga) in parts {
                // Values are below 2^16 here (see `Sparse::limit`): the mask changes nothing.
                seen[(ga ^ values[rest - a as usize]) as usize & (SEEN - 1)] = 1;
            }
        };
        // In Grundy's game the split into equal parts is not a move.
        let half = self.rare.partition_point(|&a| 2 * (a as usize) < rest);
        if unequal && self.rare.get(half).is_some_and(|&a| 2 * a as usize == rest) {
            mark(0, half);
            mark(half + 1, below);
        } else {
            mark(0, below);
        }
    }
}

/// How far the scan of one side's splits of the current heap has come.
#[derive(Clone, Copy, Default)]
struct Cursor {
    /// Index into the side's removals.
    removal: usize,
    /// How many splits (by their smaller part 1, 2, …) were seen for that removal.
    seen: usize,
    /// Every split of the side has been seen.
    done: bool,
}

/// The sparse-space solver.
pub struct Sparse {
    rules: Rules,
    splits: Vec<usize>,
    values: Vec<u32>,
    /// One side per parity of the splitting removals that has any.
    sides: Vec<Side>,
    /// Whether the common labels have been chosen.
    chosen: bool,
    /// How many heaps n ≥ 1 have each label.
    histogram: Vec<u64>,
    next_review: usize,
    /// All zero between heaps.
    seen: Box<Seen>,
    set: ValueSet,
}

impl Sparse {
    /// A solver for `rules`, with nothing computed yet.
    pub fn new(rules: &Rules) -> Self {
        Sparse::with_warm_up(rules, WARM_UP)
    }

    /// A solver that computes the first `warm_up` values directly (at least 2) before it
    /// chooses the common labels; small values exercise the sparse step on small games (tests).
    pub fn with_warm_up(rules: &Rules, warm_up: usize) -> Self {
        let splits = rules.split_removals();
        let sides = (0..2)
            .map(|d| {
                let removals: Vec<usize> = splits.iter().copied().filter(|k| k % 2 == d).collect();
                Side::new(d as u32, removals)
            })
            .filter(|side| !side.removals.is_empty())
            .collect();
        Sparse {
            rules: rules.clone(),
            splits,
            values: Vec::new(),
            sides,
            chosen: false,
            histogram: Vec::new(),
            next_review: warm_up.max(2),
            seen: Box::new([0; SEEN]),
            set: ValueSet::new(),
        }
    }

    /// The common labels 2·G + (n mod 2) of the removals of parity `d`, in the order they
    /// were chosen (empty if no splitting removal has that parity).
    pub fn common_labels(&self, d: u32) -> &[u32] {
        self.sides
            .iter()
            .find(|side| side.parity == d)
            .map_or(&[], |side| &side.common_list)
    }

    /// The number of heaps so far that are rare for some parity of the removals.
    pub fn rare_count(&self) -> usize {
        let mut rare: Vec<u32> = self
            .sides
            .iter()
            .flat_map(|side| side.rare.iter().copied())
            .collect();
        rare.sort_unstable();
        rare.dedup();
        rare.len()
    }

    /// Chooses the common labels of every side and rebuilds the lists of rare heaps.
    fn review(&mut self) {
        let mut by_count: Vec<u32> = (0..self.histogram.len() as u32)
            .filter(|&l| self.histogram[l as usize] > 0)
            .collect();
        by_count.sort_by_key(|&l| (std::cmp::Reverse(self.histogram[l as usize]), l));
        for side in &mut self.sides {
            side.choose(&by_count, &self.values);
        }
        self.chosen = true;
    }

    /// Records G(n) = v for the next heap n.
    fn push(&mut self, v: u32) {
        let n = self.values.len();
        self.values.push(v);
        if n >= 1 {
            let l = label(n, v) as usize;
            if self.histogram.len() <= l {
                self.histogram.resize(l + 1, 0);
            }
            let seen = self.histogram[l];
            self.histogram[l] += 1;
            if self.chosen {
                for side in &mut self.sides {
                    side.record(n, v, seen);
                }
            }
        }
        if n + 1 == self.next_review {
            self.next_review = self.next_review.saturating_mul(2);
            if !self.sides.is_empty() && self.histogram.len() > 1 {
                self.review();
            }
        }
    }

    /// A power of two above every option value of the next heap (XORs of values below it), if
    /// it is at most [`SEEN`].
    fn limit(&self) -> Option<u32> {
        // The histogram has the labels 0 ..= 2·G + 1 of the largest G so far.
        let limit = (self.histogram.len() / 2 + 1).next_power_of_two();
        (limit <= SEEN).then_some(limit as u32)
    }

    /// G(n) for the next heap n by the sparse step; every option value is below `limit`.
    fn heap_value(&mut self, limit: u32) -> u32 {
        let n = self.values.len();
        let values = &self.values;
        let unequal = self.rules.unequal_splits();
        let seen = &mut *self.seen;
        self.rules.for_each_simple_option(n, values, |v| {
            seen[v as usize & (SEEN - 1)] = 1;
        });
        for side in &self.sides {
            for &k in &side.removals {
                side.mark_rare(values, n, k, unequal, seen);
            }
        }
        let mut m = 0;
        let mut cursors = [Cursor::default(); 2];
        loop {
            while m < limit && seen[m as usize] != 0 {
                m += 1;
            }
            // m is certified for a side when its label is common there, or when every split of
            // the side has been seen; the others are scanned a chunk further, in turn.
            let l = label(n, m);
            let mut scanned = false;
            for (side, cursor) in self.sides.iter().zip(&mut cursors) {
                if !cursor.done && !side.common.contains(l) {
                    scan_chunk(values, unequal, side, n, cursor, seen);
                    scanned = true;
                }
            }
            if !scanned {
                break;
            }
        }
        seen[..limit as usize].fill(0);
        m
    }
}

/// Marks the values of the next [`CHUNK`] splits of heap n by the removals of `side` (from
/// `cursor` on) in `seen`.
fn scan_chunk(
    values: &[u32],
    unequal: bool,
    side: &Side,
    n: usize,
    cursor: &mut Cursor,
    seen: &mut Seen,
) {
    let mut budget = CHUNK;
    while let Some(&k) = side.removals.get(cursor.removal) {
        if let Some(rest) = n.checked_sub(k) {
            let last = if unequal {
                rest.saturating_sub(1) / 2
            } else {
                rest / 2
            };
            let from = cursor.seen.min(last);
            let to = last.min(from + budget);
            mark_splits(
                &values[1 + from..=to],
                &values[rest - to..rest - from],
                seen,
            );
            budget -= to - from;
            if to < last {
                cursor.seen = to;
                return;
            }
        }
        cursor.removal += 1;
        cursor.seen = 0;
        if budget == 0 {
            return;
        }
    }
    cursor.done = true;
}

/// Marks G(low[i]) ⊕ G(high[len − 1 − i]) in `seen` for all i: the splits whose smaller parts
/// are `low` (the larger ones are `high`, in reverse), eight at a time.
#[inline(never)]
fn mark_splits(low: &[u32], high: &[u32], seen: &mut Seen) {
    // Values are below 2^16 here (see `Sparse::limit`): the mask changes nothing.
    let mut lows = low.chunks_exact(8);
    let mut highs = high.rchunks_exact(8);
    for (l, h) in (&mut lows).zip(&mut highs) {
        for i in 0..8 {
            seen[(l[i] ^ h[7 - i]) as usize & (SEEN - 1)] = 1;
        }
    }
    let high = highs.remainder().iter().rev();
    for (&x, &y) in lows.remainder().iter().zip(high) {
        seen[(x ^ y) as usize & (SEEN - 1)] = 1;
    }
}

impl Solver for Sparse {
    fn extend_to(&mut self, len: usize) {
        self.values.reserve(len.saturating_sub(self.values.len()));
        while self.values.len() < len {
            let v = match self.limit().filter(|_| self.chosen) {
                Some(limit) => self.heap_value(limit),
                // Before the common labels are chosen, or with values too large for the sparse
                // step, the heap is computed directly.
                None => {
                    let bound = self.histogram.len() as u32 / 2 + 1;
                    value_at(
                        &self.rules,
                        &self.splits,
                        &self.values,
                        self.values.len(),
                        bound,
                        &mut self.set,
                    )
                }
            };
            self.push(v);
        }
    }

    fn values(&self) -> &[u32] {
        &self.values
    }

    fn into_values(self: Box<Self>) -> Vec<u32> {
        self.values
    }
}
