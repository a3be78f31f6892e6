//! A persistent array: a copy costs one reference count, and changing an element copies only
//! the path to it (a radix tree of 32-way nodes, reference-counted, as in Bagwell's and
//! Clojure's persistent vectors), so two versions that differ in a few places share the rest,
//! and their differences are found without looking at what they share.
//!
//! The antichain algorithm keeps one antichain per observation for every iterate of its
//! fixpoints; an iterate that changes a few observations then costs a few paths, not a copy of
//! every observation's pointer.
//!
//! ```ignore
//! let mut a = SharedArray::from_vec(vec![0; 1000]);
//! let b = a.clone();
//! a.set(700, 7);
//! assert_eq!((a[700], b[700]), (7, 0));
//! let mut changed = Vec::new();
//! a.differences(&b, |i, _, _| changed.push(i));
//! assert_eq!(changed.len(), 32); // the one leaf that is not shared
//! ```
//!
//! # Complexity
//! `clone` O(1); `get` and `set` O(log₃₂ n), `set` copying one node of 32 per level;
//! `differences` O(32 log₃₂ n) per leaf not shared; `from_vec` and `iter` O(n).

use std::ops::Index;
use std::rc::Rc;

/// The bits of an index a level of the tree decides.
const BITS: u32 = 5;
/// Children of a node, and elements of a leaf.
const WIDTH: usize = 1 << BITS;
const MASK: usize = WIDTH - 1;

#[derive(Clone, Debug)]
enum Node<T> {
    Leaf(Rc<Vec<T>>),
    Branch(Rc<Vec<Node<T>>>),
}

impl<T> Node<T> {
    fn shares(&self, other: &Node<T>) -> bool {
        match (self, other) {
            (Node::Leaf(a), Node::Leaf(b)) => Rc::ptr_eq(a, b),
            (Node::Branch(a), Node::Branch(b)) => Rc::ptr_eq(a, b),
            _ => false,
        }
    }
}

/// A fixed-length array whose copies share their unchanged parts.
#[derive(Clone, Debug)]
pub(crate) struct SharedArray<T> {
    len: usize,
    /// The levels of branches above the leaves.
    depth: u32,
    root: Node<T>,
}

impl<T: Clone> SharedArray<T> {
    /// The array holding `items`.
    pub fn from_vec(items: Vec<T>) -> Self {
        let len = items.len();
        let mut level: Vec<Node<T>> = items
            .chunks(WIDTH)
            .map(|chunk| Node::Leaf(Rc::new(chunk.to_vec())))
            .collect();
        let mut depth = 0;
        while level.len() > 1 {
            level = level
                .chunks(WIDTH)
                .map(|chunk| Node::Branch(Rc::new(chunk.to_vec())))
                .collect();
            depth += 1;
        }
        let root = level
            .pop()
            .unwrap_or_else(|| Node::Leaf(Rc::new(Vec::new())));
        SharedArray { len, depth, root }
    }

    /// Replaces element `i`, copying the nodes on its path that other versions share.
    pub fn set(&mut self, i: usize, value: T) {
        assert!(i < self.len, "index {i} of an array of {}", self.len);
        let mut node = &mut self.root;
        let mut shift = self.depth * BITS;
        loop {
            match node {
                Node::Branch(children) => {
                    shift -= BITS;
                    node = &mut Rc::make_mut(children)[(i >> (shift + BITS)) & MASK];
                }
                Node::Leaf(items) => {
                    Rc::make_mut(items)[i & MASK] = value;
                    return;
                }
            }
        }
    }

    /// Calls `visit(i, mine, theirs)` for every index of the leaves this array does not share
    /// with `other` (an array of the same length), in increasing order: a superset of the
    /// indices where the two differ, found without entering shared subtrees.
    pub fn differences(&self, other: &Self, mut visit: impl FnMut(usize, &T, &T)) {
        assert_eq!(self.len, other.len, "arrays of different lengths");
        fn walk<T>(
            mine: &Node<T>,
            theirs: &Node<T>,
            base: usize,
            span: usize,
            visit: &mut impl FnMut(usize, &T, &T),
        ) {
            if mine.shares(theirs) {
                return;
            }
            match (mine, theirs) {
                (Node::Branch(a), Node::Branch(b)) => {
                    let span = span / WIDTH;
                    for (k, (x, y)) in a.iter().zip(b.iter()).enumerate() {
                        walk(x, y, base + k * span, span, visit);
                    }
                }
                (Node::Leaf(a), Node::Leaf(b)) => {
                    for (k, (x, y)) in a.iter().zip(b.iter()).enumerate() {
                        visit(base + k, x, y);
                    }
                }
                _ => unreachable!("arrays of the same length have the same shape"),
            }
        }
        let span = WIDTH.pow(self.depth + 1);
        walk(&self.root, &other.root, 0, span, &mut visit);
    }

    /// The elements in order.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        let mut stack = vec![&self.root];
        let mut leaf: std::slice::Iter<'_, T> = [].iter();
        std::iter::from_fn(move || {
            loop {
                if let Some(item) = leaf.next() {
                    return Some(item);
                }
                match stack.pop()? {
                    Node::Leaf(items) => leaf = items.iter(),
                    Node::Branch(children) => stack.extend(children.iter().rev()),
                }
            }
        })
    }
}

impl<T> Index<usize> for SharedArray<T> {
    type Output = T;

    fn index(&self, i: usize) -> &T {
        assert!(i < self.len, "index {i} of an array of {}", self.len);
        let mut node = &self.root;
        let mut shift = self.depth * BITS;
        loop {
            match node {
                Node::Branch(children) => {
                    shift -= BITS;
                    node = &children[(i >> (shift + BITS)) & MASK];
                }
                Node::Leaf(items) => return &items[i & MASK],
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_share_and_differ_where_set() {
        for len in [0, 1, 31, 32, 33, 1000, 1025, 40_000] {
            let base = SharedArray::from_vec((0..len).collect::<Vec<usize>>());
            assert!(base.iter().copied().eq(0..len));
            assert!((0..len).all(|i| base[i] == i));
            let mut changed = base.clone();
            let places: Vec<usize> = (0..len).step_by(997).collect();
            for &i in &places {
                changed.set(i, i + 1);
            }
            for i in 0..len {
                let expected = if places.contains(&i) { i + 1 } else { i };
                assert_eq!((changed[i], base[i]), (expected, i));
            }
            let mut seen = Vec::new();
            changed.differences(&base, |i, mine, theirs| {
                if mine != theirs {
                    seen.push(i);
                }
            });
            assert_eq!(seen, places);
            let mut visited = 0;
            base.differences(&base.clone(), |_, _, _| visited += 1);
            assert_eq!(visited, 0, "a copy shares everything");
            let mut leaves = 0;
            changed.differences(&base, |_, _, _| leaves += 1);
            assert!(leaves <= places.len() * WIDTH);
        }
    }
}
