//! The minimal excludant (mex): the least non-negative integer not in a set. It is the second
//! rule of the Sprague–Grundy theory: the nimber of a position is the mex of its options'
//! nimbers.
//!
//! [`ValueSet`] is a bit set of values, 64 to a word, so the mex is found a word at a time
//! (the first word that is not all ones, then its trailing ones): bit-parallel mex.
//!
//! # Complexity
//! Inserting is O(1); [`ValueSet::mex`] and [`ValueSet::clear`] are O(m / 64) for the largest
//! value m inserted since the last clear.

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

    /// The bits of values 64 w .. 64 w + 63.
    #[inline]
    pub(crate) fn word(&self, w: u32) -> u64 {
        self.words.get(w as usize).copied().unwrap_or(0)
    }

    /// The least value not in the set.
    #[inline]
    pub fn mex(&self) -> u32 {
        for (i, &w) in self.words[..self.used].iter().enumerate() {
            if w != u64::MAX {
                return i as u32 * 64 + w.trailing_ones();
            }
        }
        self.used as u32 * 64
    }

    /// The least value not in the set among those for which `wanted` is set in `class_mask`'s
    /// sense: bit `i` of `class` says whether values `64 w + i` belong to the class, for every
    /// word `w` alike. Used by the sparse-space method, whose classes are cosets of a subgroup
    /// of the nim-values under XOR; see [`crate::octal::sparse`].
    #[inline]
    pub fn mex_in(&self, class: impl Fn(u32) -> u64) -> u32 {
        let mut i = 0usize;
        loop {
            let w = self.words.get(i).copied().unwrap_or(0);
            let missing = !w & class(i as u32);
            if missing != 0 {
                return i as u32 * 64 + missing.trailing_zeros();
            }
            i += 1;
        }
    }

    /// Empties the set (only the words that were used).
    #[inline]
    pub fn clear(&mut self) {
        self.words[..self.used].fill(0);
        self.used = 0;
    }
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
    fn mex_in_a_class() {
        let mut set = ValueSet::new();
        for v in [1, 2, 4, 7] {
            set.insert(v);
        }
        // Odd-parity values: 1, 2, 4, 7, 8, ... so the least missing one is 8.
        let odd = |word: u32| {
            (0..64u32)
                .filter(|i| (word * 64 + i).count_ones() % 2 == 1)
                .fold(0u64, |m, i| m | 1 << i)
        };
        assert_eq!(set.mex_in(odd), 8);
    }
}
