//! A list per index (vertex or priority) where most lists are empty: a slot per index, 0 for
//! none, in memory the allocator hands out zeroed (so untouched pages cost nothing), and a
//! vector only for the indices that have had a list. A vector per index would write 24 bytes an
//! index up front: 24 MB for each such array at 10^6 vertices or priorities.
//!
//! ```text
//! slot:  [0, 1, 0, 0, 2, ...]      lists: [[], [7, 9], [3]]
//! ```
//!
//! # Complexity
//! O(n) zeroed memory for n indices; each access O(1).

pub(crate) struct SparseLists<T> {
    slot: Vec<u32>,
    /// The lists; the first is always empty and stands for every index without one.
    lists: Vec<Vec<T>>,
}

impl<T> SparseLists<T> {
    /// `n` empty lists.
    pub fn new(n: usize) -> Self {
        SparseLists {
            slot: vec![0; n],
            lists: vec![Vec::new()],
        }
    }

    /// The number of lists.
    pub fn len(&self) -> usize {
        self.slot.len()
    }

    /// The list of `i`.
    pub fn get(&self, i: usize) -> &[T] {
        &self.lists[self.slot[i] as usize]
    }

    /// The list of `i`, to reorder or shorten only: an index without a list gets the shared
    /// empty one, which must stay empty.
    pub fn get_mut(&mut self, i: usize) -> &mut Vec<T> {
        &mut self.lists[self.slot[i] as usize]
    }

    /// The list of `i`, given one if it had none.
    fn own(&mut self, i: usize) -> &mut Vec<T> {
        if self.slot[i] == 0 {
            self.slot[i] = u32::try_from(self.lists.len()).expect("fewer lists than 2^32");
            self.lists.push(Vec::new());
        }
        &mut self.lists[self.slot[i] as usize]
    }

    /// Appends `x` to the list of `i`.
    pub fn push(&mut self, i: usize, x: T) {
        self.own(i).push(x);
    }

    /// Makes `list` the list of `i` and returns the one it had.
    pub fn replace(&mut self, i: usize, list: Vec<T>) -> Vec<T> {
        if list.capacity() == 0 && self.slot[i] == 0 {
            return Vec::new();
        }
        std::mem::replace(self.own(i), list)
    }

    /// Empties the list of `i` and returns what it held.
    pub fn take(&mut self, i: usize) -> Vec<T> {
        std::mem::take(self.get_mut(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_apart_and_the_shared_empty_one_stays_empty() {
        let mut lists = SparseLists::new(5);
        assert_eq!(lists.len(), 5);
        lists.push(3, 7);
        lists.push(3, 9);
        lists.push(1, 4);
        assert_eq!(lists.get(3), [7, 9]);
        assert_eq!(lists.get(1), [4]);
        assert!(lists.get(0).is_empty() && lists.get(4).is_empty());
        lists.get_mut(3).truncate(1);
        assert_eq!(lists.take(3), [7]);
        assert!(lists.get(3).is_empty());
        assert!(lists.take(2).is_empty());
        assert_eq!(lists.replace(2, vec![5, 6]), Vec::<i32>::new());
        assert_eq!(lists.replace(2, vec![8]), [5, 6]);
        assert_eq!(lists.get(2), [8]);
        assert!(lists.replace(0, Vec::new()).is_empty());
        lists.get_mut(0).truncate(0);
        assert!(lists.get(0).is_empty() && lists.get(4).is_empty());
    }
}
