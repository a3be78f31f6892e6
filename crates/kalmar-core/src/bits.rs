//! A set of the numbers below a bound, one bit each, whose nearest member above or below a
//! number is found 64 numbers at a time: the free vertices of a pass of tangle learning, the
//! priorities a descent of priority promotion still has to look at.
//!
//! # Complexity
//! Insertion and removal O(1); a search O(1 + gap / 64) for a gap of that many numbers to the
//! member found. Space n / 8 bytes.
//!
//! # Example
//! ```
//! use kalmar_core::bits::Bits;
//! let mut set = Bits::full(200);
//! set.remove(5);
//! set.remove(6);
//! assert_eq!(set.first_from(5), Some(7));
//! assert_eq!(set.last_below(7), Some(4));
//! assert_eq!(set.first_from(200), None);
//! ```

/// The set: bit `i % 64` of word `i / 64` is set while `i` is a member.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bits {
    words: Vec<u64>,
}

impl Bits {
    /// Every number below `n`.
    pub fn full(n: usize) -> Bits {
        let mut words = vec![u64::MAX; n.div_ceil(64)];
        let in_last_word = n % 64;
        if in_last_word > 0 {
            *words.last_mut().expect("a partial word") = (1u64 << in_last_word) - 1;
        }
        Bits { words }
    }

    /// Adds `i` (below the bound).
    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.words[i / 64] |= 1 << (i % 64);
    }

    /// Removes `i` (below the bound).
    #[inline]
    pub fn remove(&mut self, i: usize) {
        self.words[i / 64] &= !(1 << (i % 64));
    }

    /// Makes this set `other` (of the same bound).
    pub fn copy_from(&mut self, other: &Bits) {
        self.words.copy_from_slice(&other.words);
    }

    /// The smallest member at or above `i`.
    #[inline]
    pub fn first_from(&self, i: usize) -> Option<usize> {
        let mut word = i / 64;
        let mut bits = self.words.get(word)? & (u64::MAX << (i % 64));
        while bits == 0 {
            word += 1;
            bits = *self.words.get(word)?;
        }
        Some(word * 64 + bits.trailing_zeros() as usize)
    }

    /// The largest member below `i`.
    #[inline]
    pub fn last_below(&self, i: usize) -> Option<usize> {
        let last = i.checked_sub(1)?;
        let mut word = (last / 64).min(self.words.len().checked_sub(1)?);
        let mut bits = self.words[word];
        if word == last / 64 {
            bits &= u64::MAX >> (63 - last % 64);
        }
        while bits == 0 {
            word = word.checked_sub(1)?;
            bits = self.words[word];
        }
        Some(word * 64 + 63 - bits.leading_zeros() as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::Bits;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn searches_find_the_nearest_member_either_way(
            n in 0usize..300,
            removed in proptest::collection::vec(0usize..300, 0..300),
            restored in proptest::collection::vec(0usize..300, 0..20),
            at in 0usize..310,
        ) {
            let mut set = Bits::full(n);
            let mut member = vec![true; n];
            for &i in removed.iter().filter(|&&i| i < n) {
                set.remove(i);
                member[i] = false;
            }
            for &i in restored.iter().filter(|&&i| i < n) {
                set.insert(i);
                member[i] = true;
            }
            let first = (at..n).find(|&i| member[i]);
            let last = (0..at.min(n)).rev().find(|&i| member[i]);
            prop_assert_eq!(set.first_from(at), first);
            prop_assert_eq!(set.last_below(at), last);
            let mut copy = Bits::full(n);
            copy.copy_from(&set);
            prop_assert_eq!(copy, set);
        }
    }
}
