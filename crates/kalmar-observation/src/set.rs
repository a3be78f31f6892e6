//! Sets of locations: the knowledge sets of the system.
//!
//! A set is stored either as a sorted list of its locations (sparse) or as a bit set over all
//! locations of the game (dense), whichever is smaller: a game with many locations and small
//! knowledge sets (a chain of `n` locations has `n` singleton sets) then takes memory linear in
//! its size, not `n²/8` bytes. Equality, hashing and order depend only on the locations, never
//! on the representation.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

/// A sparse set becomes dense when `len * DENSE_FACTOR >= n`: at that size the bit set (`n/8`
/// bytes) is no larger than the list (`4·len` bytes), and inserting stays cheap.
const DENSE_FACTOR: usize = 32;

#[derive(Clone)]
enum Repr {
    /// The locations, sorted increasingly, without repeats.
    Sparse(Vec<u32>),
    /// A bit per location, `n.div_ceil(64)` words.
    Dense(Box<[u64]>),
}

/// A set of locations of a game with a fixed number `n` of locations.
#[derive(Clone)]
pub struct LocationSet {
    n: usize,
    repr: Repr,
}

/// The locations of a [`LocationSet`], in increasing order.
pub enum Iter<'a> {
    /// Of a sparse set.
    Sparse(std::slice::Iter<'a, u32>),
    /// Of a dense set: the current word's index and its remaining bits, and the later words.
    Dense(usize, u64, std::iter::Enumerate<std::slice::Iter<'a, u64>>),
}

impl Iterator for Iter<'_> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        match self {
            Iter::Sparse(it) => it.next().copied(),
            Iter::Dense(index, rest, words) => loop {
                if *rest != 0 {
                    let bit = rest.trailing_zeros();
                    *rest &= *rest - 1;
                    return Some(*index as u32 * 64 + bit);
                }
                let (i, &w) = words.next()?;
                (*index, *rest) = (i, w);
            },
        }
    }
}

impl LocationSet {
    /// The empty set over `n` locations.
    pub fn empty(n: usize) -> Self {
        LocationSet {
            n,
            repr: Repr::Sparse(Vec::new()),
        }
    }

    /// The set of all `n` locations.
    pub fn full(n: usize) -> Self {
        let mut words = vec![u64::MAX; n.div_ceil(64)].into_boxed_slice();
        if !n.is_multiple_of(64) {
            words[n / 64] = (1u64 << (n % 64)) - 1;
        }
        LocationSet {
            n,
            repr: Repr::Dense(words),
        }
    }

    /// The set of these locations, out of `n`.
    pub fn of(n: usize, locations: impl IntoIterator<Item = u32>) -> Self {
        let mut list: Vec<u32> = locations.into_iter().collect();
        list.sort_unstable();
        list.dedup();
        Self::from_sorted(n, list)
    }

    /// The set of a sorted list without repeats, in the smaller representation.
    fn from_sorted(n: usize, list: Vec<u32>) -> Self {
        let mut s = LocationSet {
            n,
            repr: Repr::Sparse(list),
        };
        s.densify_if_large();
        s
    }

    fn densify_if_large(&mut self) {
        if let Repr::Sparse(list) = &self.repr
            && list.len() * DENSE_FACTOR >= self.n
            && !list.is_empty()
        {
            let mut words = vec![0u64; self.n.div_ceil(64)].into_boxed_slice();
            for &l in list {
                words[l as usize / 64] |= 1 << (l % 64);
            }
            self.repr = Repr::Dense(words);
        }
    }

    /// A dense set's words made sparse again when few of its bits are set.
    fn from_words(n: usize, words: Box<[u64]>) -> Self {
        let len: usize = words.iter().map(|w| w.count_ones() as usize).sum();
        if len * DENSE_FACTOR < n {
            let s = LocationSet {
                n,
                repr: Repr::Dense(words),
            };
            let list = s.iter().collect();
            LocationSet {
                n,
                repr: Repr::Sparse(list),
            }
        } else {
            LocationSet {
                n,
                repr: Repr::Dense(words),
            }
        }
    }

    /// Adds `l`.
    #[inline]
    pub fn insert(&mut self, l: u32) {
        match &mut self.repr {
            Repr::Dense(words) => words[l as usize / 64] |= 1 << (l % 64),
            Repr::Sparse(list) => {
                if list.last().is_none_or(|&last| last < l) {
                    list.push(l);
                } else if let Err(i) = list.binary_search(&l) {
                    list.insert(i, l);
                } else {
                    return;
                }
                self.densify_if_large();
            }
        }
    }

    /// Removes `l`.
    #[inline]
    pub fn remove(&mut self, l: u32) {
        match &mut self.repr {
            Repr::Dense(words) => words[l as usize / 64] &= !(1 << (l % 64)),
            Repr::Sparse(list) => {
                if let Ok(i) = list.binary_search(&l) {
                    list.remove(i);
                }
            }
        }
    }

    /// Whether `l` is in the set.
    #[inline]
    pub fn contains(&self, l: u32) -> bool {
        match &self.repr {
            Repr::Dense(words) => words
                .get(l as usize / 64)
                .is_some_and(|w| w >> (l % 64) & 1 == 1),
            Repr::Sparse(list) => list.binary_search(&l).is_ok(),
        }
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        match &self.repr {
            Repr::Dense(words) => words.iter().all(|&w| w == 0),
            Repr::Sparse(list) => list.is_empty(),
        }
    }

    /// The number of locations in the set.
    pub fn len(&self) -> usize {
        match &self.repr {
            Repr::Dense(words) => words.iter().map(|w| w.count_ones() as usize).sum(),
            Repr::Sparse(list) => list.len(),
        }
    }

    /// Whether every location of `self` is in `other`.
    pub fn is_subset(&self, other: &LocationSet) -> bool {
        match (&self.repr, &other.repr) {
            (Repr::Dense(a), Repr::Dense(b)) => a.iter().zip(b.iter()).all(|(a, b)| a & !b == 0),
            _ => self.iter().all(|l| other.contains(l)),
        }
    }

    /// The locations in both sets.
    pub fn intersection(&self, other: &LocationSet) -> LocationSet {
        match (&self.repr, &other.repr) {
            (Repr::Dense(a), Repr::Dense(b)) => {
                Self::from_words(self.n, a.iter().zip(b.iter()).map(|(a, b)| a & b).collect())
            }
            (Repr::Sparse(list), _) => LocationSet {
                n: self.n,
                repr: Repr::Sparse(
                    list.iter()
                        .copied()
                        .filter(|&l| other.contains(l))
                        .collect(),
                ),
            },
            (_, Repr::Sparse(list)) => LocationSet {
                n: self.n,
                repr: Repr::Sparse(list.iter().copied().filter(|&l| self.contains(l)).collect()),
            },
        }
    }

    /// Adds the locations of `other`.
    pub fn union_with(&mut self, other: &LocationSet) {
        match (&mut self.repr, &other.repr) {
            (Repr::Dense(a), Repr::Dense(b)) => {
                for (a, b) in a.iter_mut().zip(b.iter()) {
                    *a |= b;
                }
            }
            (Repr::Sparse(a), Repr::Sparse(b)) => {
                let mut merged = Vec::with_capacity(a.len() + b.len());
                merged.extend_from_slice(a);
                merged.extend_from_slice(b);
                merged.sort_unstable();
                merged.dedup();
                *self = Self::from_sorted(self.n, merged);
            }
            (_, Repr::Sparse(b)) => b.iter().for_each(|&l| self.insert(l)),
            (Repr::Sparse(_), Repr::Dense(b)) => {
                let mut words = b.clone();
                for l in self.iter() {
                    words[l as usize / 64] |= 1 << (l % 64);
                }
                self.repr = Repr::Dense(words);
            }
        }
    }

    /// Removes the locations of `other`.
    pub fn subtract(&mut self, other: &LocationSet) {
        match (&mut self.repr, &other.repr) {
            (Repr::Dense(a), Repr::Dense(b)) => {
                for (a, b) in a.iter_mut().zip(b.iter()) {
                    *a &= !b;
                }
            }
            (Repr::Sparse(a), _) => a.retain(|&l| !other.contains(l)),
            (Repr::Dense(_), Repr::Sparse(b)) => b.iter().for_each(|&l| self.remove(l)),
        }
    }

    /// The locations, in increasing order.
    pub fn iter(&self) -> Iter<'_> {
        match &self.repr {
            Repr::Sparse(list) => Iter::Sparse(list.iter()),
            Repr::Dense(words) => Iter::Dense(0, 0, words.iter().enumerate()),
        }
    }

    /// The nonzero 64-bit words of the bit set, with their indices, in increasing order.
    fn nonzero_words(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        let mut it = self.iter().peekable();
        std::iter::from_fn(move || {
            let first = it.next()?;
            let index = first as usize / 64;
            let mut word = 1u64 << (first % 64);
            while let Some(l) = it.next_if(|&l| l as usize / 64 == index) {
                word |= 1 << (l % 64);
            }
            Some((index, word))
        })
    }
}

impl PartialEq for LocationSet {
    fn eq(&self, other: &Self) -> bool {
        match (&self.repr, &other.repr) {
            (Repr::Sparse(a), Repr::Sparse(b)) => a == b,
            (Repr::Dense(a), Repr::Dense(b)) => a == b,
            _ => self.iter().eq(other.iter()),
        }
    }
}

impl Eq for LocationSet {}

impl Hash for LocationSet {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for (i, w) in self.nonzero_words() {
            state.write_usize(i);
            state.write_u64(w);
        }
        state.write_usize(usize::MAX);
    }
}

impl Ord for LocationSet {
    /// As the bit sets' words compared in order, each as a number: the set whose first
    /// differing word is larger is larger.
    fn cmp(&self, other: &Self) -> Ordering {
        let (mut a, mut b) = (self.nonzero_words(), other.nonzero_words());
        loop {
            match (a.next(), b.next()) {
                (None, None) => return Ordering::Equal,
                (Some(_), None) => return Ordering::Greater,
                (None, Some(_)) => return Ordering::Less,
                (Some((i, x)), Some((j, y))) => {
                    if i != j {
                        return j.cmp(&i);
                    }
                    if x != y {
                        return x.cmp(&y);
                    }
                }
            }
        }
    }
}

impl PartialOrd for LocationSet {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
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

    #[test]
    fn sparse_and_dense_sets_agree() {
        use std::hash::BuildHasher;
        // Over 1000 locations, 3 locations are stored as a list, 100 as a bit set.
        let small = LocationSet::of(1000, [5, 700, 64]);
        let mut from_dense = LocationSet::full(1000);
        from_dense.subtract(&LocationSet::of(
            1000,
            (0..1000).filter(|l| ![5, 64, 700].contains(l)),
        ));
        assert!(matches!(small.repr, Repr::Sparse(_)));
        assert!(matches!(from_dense.repr, Repr::Dense(_)));
        assert_eq!(small, from_dense);
        let hasher = foldhash::fast::FixedState::with_seed(1);
        assert_eq!(hasher.hash_one(&small), hasher.hash_one(&from_dense));
        let big = LocationSet::of(1000, 0..100);
        assert!(matches!(big.repr, Repr::Dense(_)));
        // The order is that of the bit sets' words: the first differing word decides.
        let words = |s: &LocationSet| {
            let mut w = vec![0u64; 16];
            s.iter().for_each(|l| w[l as usize / 64] |= 1 << (l % 64));
            w
        };
        let sets = [
            small.clone(),
            big.clone(),
            LocationSet::of(1000, [63]),
            LocationSet::empty(1000),
        ];
        for a in &sets {
            for b in &sets {
                assert_eq!(a.cmp(b), words(a).cmp(&words(b)), "{a:?} {b:?}");
            }
        }
        assert_eq!(
            big.intersection(&small).iter().collect::<Vec<_>>(),
            vec![5, 64]
        );
        assert!(small.intersection(&big).is_subset(&big) && !small.is_subset(&big));
    }
}
