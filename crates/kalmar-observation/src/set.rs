//! Sets of locations as bit sets: the knowledge sets of the system.

use std::fmt;

/// A set of locations of a game with a fixed number of locations, as a bit set.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocationSet {
    words: Box<[u64]>,
}

impl LocationSet {
    /// The empty set over `n` locations.
    pub fn empty(n: usize) -> Self {
        LocationSet {
            words: vec![0; n.div_ceil(64)].into_boxed_slice(),
        }
    }

    /// The set of all `n` locations.
    pub fn full(n: usize) -> Self {
        let mut s = Self::empty(n);
        for l in 0..n as u32 {
            s.insert(l);
        }
        s
    }

    /// The set of these locations, out of `n`.
    pub fn of(n: usize, locations: impl IntoIterator<Item = u32>) -> Self {
        let mut s = Self::empty(n);
        for l in locations {
            s.insert(l);
        }
        s
    }

    /// Adds `l`.
    #[inline]
    pub fn insert(&mut self, l: u32) {
        self.words[l as usize / 64] |= 1 << (l % 64);
    }

    /// Removes `l`.
    #[inline]
    pub fn remove(&mut self, l: u32) {
        self.words[l as usize / 64] &= !(1 << (l % 64));
    }

    /// Whether `l` is in the set.
    #[inline]
    pub fn contains(&self, l: u32) -> bool {
        self.words[l as usize / 64] >> (l % 64) & 1 == 1
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The number of locations in the set.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether every location of `self` is in `other`.
    pub fn is_subset(&self, other: &LocationSet) -> bool {
        self.words
            .iter()
            .zip(other.words.iter())
            .all(|(a, b)| a & !b == 0)
    }

    /// The locations in both sets.
    pub fn intersection(&self, other: &LocationSet) -> LocationSet {
        LocationSet {
            words: self
                .words
                .iter()
                .zip(other.words.iter())
                .map(|(a, b)| a & b)
                .collect(),
        }
    }

    /// Adds the locations of `other`.
    pub fn union_with(&mut self, other: &LocationSet) {
        for (a, b) in self.words.iter_mut().zip(other.words.iter()) {
            *a |= b;
        }
    }

    /// Removes the locations of `other`.
    pub fn subtract(&mut self, other: &LocationSet) {
        for (a, b) in self.words.iter_mut().zip(other.words.iter()) {
            *a &= !b;
        }
    }

    /// The locations, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            let mut rest = w;
            std::iter::from_fn(move || {
                if rest == 0 {
                    return None;
                }
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                Some(i as u32 * 64 + bit)
            })
        })
    }
}

impl fmt::Debug for LocationSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a = LocationSet::of(70, [0, 3, 65]);
        let b = LocationSet::of(70, [3, 65, 69]);
        assert_eq!(a.intersection(&b).iter().collect::<Vec<_>>(), vec![3, 65]);
        assert!(!a.is_subset(&b) && a.intersection(&b).is_subset(&b));
        let mut c = a.clone();
        c.union_with(&b);
        assert_eq!(c.len(), 4);
        c.subtract(&a);
        assert_eq!(c.iter().collect::<Vec<_>>(), vec![69]);
        assert!(LocationSet::empty(70).is_empty() && LocationSet::full(70).len() == 70);
    }
}
