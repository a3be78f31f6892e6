//! The minimal excludant (mex): the least non-negative integer not in a set. It is the second
//! rule of the Sprague–Grundy theory: the nimber of a position is the mex of its options'
//! nimbers.
//!
//! [`ValueSet`] is a bit set of values, 64 to a word, so the mex is found a word at a time
//! (the first word that is not all ones, then its trailing ones): bit-parallel mex. The same
//! operations on plain word slices serve solvers that keep many sets side by side.
//!
//! # Complexity
//! Inserting is O(1); [`ValueSet::mex`] and [`ValueSet::clear`] are O(m / 64) for the largest
//! value m inserted since the last clear.
//!
//! ```
//! use kalmar_cgt::mex;
//! assert_eq!(mex([0, 1, 3]), 2);
//! assert_eq!(mex([]), 0);
//! ```

/// The least non-negative integer that is not among `values`.
///
/// ```
/// // The seed's example: options with nimbers 3, 0, 5 and 2 give the nimber 1.
/// assert_eq!(kalmar_cgt::mex([3, 0, 5, 2]), 1);
/// assert_eq!(kalmar_cgt::mex([]), 0);
/// ```
pub fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let mut set = ValueSet::new();
    for v in values {
        set.insert(v);
    }
    set.mex()
}

/// A set of small non-negative integers as a bit set, reused across positions: the scratch
/// memory of a mex computation.
#[derive(Clone, Debug, Default)]
pub struct ValueSet {
    words: Vec<u64>,
    /// Words that may hold a set bit: `words[..used]`.
    used: usize,
}

impl ValueSet {
    /// An empty set.
    pub fn new() -> Self {
        ValueSet::default()
    }

    /// Adds `value`; returns whether it was new.
    #[inline]
    pub fn insert(&mut self, value: u32) -> bool {
        let word = (value / 64) as usize;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        if word >= self.used {
            self.used = word + 1;
        }
        let bit = 1u64 << (value % 64);
        let new = self.words[word] & bit == 0;
        self.words[word] |= bit;
        new
    }

    /// Whether `value` is in the set.
    #[inline]
    pub fn contains(&self, value: u32) -> bool {
        self.words
            .get((value / 64) as usize)
            .is_some_and(|w| w & (1u64 << (value % 64)) != 0)
    }

    /// The words holding values below `limit` (a multiple of 64 or less), for filling in bulk.
    #[inline]
    pub fn words_below(&mut self, limit: u32) -> &mut [u64] {
        let len = (limit as usize).div_ceil(64);
        if self.words.len() < len {
            self.words.resize(len, 0);
        }
        self.used = self.used.max(len);
        &mut self.words[..len]
    }

    /// The least value not in the set.
    #[inline]
    pub fn mex(&self) -> u32 {
        mex_of_words(&self.words[..self.used])
    }

    /// Empties the set (only the words that were used).
    #[inline]
    pub fn clear(&mut self) {
        self.words[..self.used].fill(0);
        self.used = 0;
    }
}

/// The least value whose bit is clear in `words` (bit i of word w stands for 64 w + i; words
/// beyond the slice are empty).
#[inline]
pub fn mex_of_words(words: &[u64]) -> u32 {
    for (i, &w) in words.iter().enumerate() {
        if w != u64::MAX {
            return i as u32 * 64 + w.trailing_ones();
        }
    }
    words.len() as u32 * 64
}

/// Sets the bit of `value` in `words`; returns whether it was clear.
#[inline]
pub fn insert_into_words(words: &mut [u64], value: u32) -> bool {
    let word = &mut words[(value / 64) as usize];
    let bit = 1u64 << (value % 64);
    let new = *word & bit == 0;
    *word |= bit;
    new
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_example() {
        assert_eq!(mex([3, 0, 5, 2]), 1);
    }

    #[test]
    fn mex_across_words() {
        assert_eq!(mex(0..64), 64);
        assert_eq!(mex((0..200).filter(|&v| v != 130)), 130);
        let mut set = ValueSet::new();
        set.insert(500);
        assert_eq!(set.mex(), 0);
        set.clear();
        assert!(!set.contains(500));
        assert_eq!(set.mex(), 0);
    }

    #[test]
    fn word_slices() {
        let mut words = [0u64; 2];
        for v in [0, 1, 2, 4, 7] {
            assert!(insert_into_words(&mut words, v));
        }
        assert!(!insert_into_words(&mut words, 7));
        assert_eq!(mex_of_words(&words), 3);
        assert_eq!(mex_of_words(&[u64::MAX, u64::MAX]), 128);
    }
}
