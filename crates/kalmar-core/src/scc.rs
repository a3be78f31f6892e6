//! Strongly connected components by Pearce's space-efficient variant of Tarjan's algorithm
//! (D. J. Pearce, *A space-efficient algorithm for finding strongly connected components*, IPL
//! 2016), iterative (no recursion, so deep graphs do not overflow the stack).
//!
//! One number per vertex serves as Tarjan's index, low-link and component: while a vertex is
//! open it holds the smallest index it reaches, and once its component is complete it holds the
//! component's number counted down from `n - 1`, above every index still in use. Looking at an
//! edge touches one array, where Tarjan's algorithm touches three; on large graphs, whose
//! arrays do not fit in cache, that is what the time is spent on.
//!
//! # Complexity
//! O(n + m) time; one word per vertex and the DFS stacks.

use crate::Vertex;

/// The strongly connected components of a graph.
#[derive(Clone, Debug)]
pub struct Components {
    component: Vec<u32>,
    count: usize,
}

impl Components {
    /// The component of `v`. Components are numbered in reverse topological order: every edge
    /// goes from a component to one with the same or a smaller number, so component 0 is a sink.
    #[inline]
    pub fn of(&self, v: Vertex) -> usize {
        self.component[v.index()] as usize
    }

    /// The number of components.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The vertices of each component, component 0 first, each in increasing order (a counting
    /// sort into one array, not one allocation per component).
    ///
    /// ```
    /// use kalmar_core::{scc::strongly_connected_components, Vertex};
    /// let succ = [vec![1], vec![0, 2], vec![]];
    /// let c = strongly_connected_components(3, |v, i| succ[v.index()].get(i).map(|&w| Vertex(w)));
    /// let members = c.members();
    /// assert_eq!(members.iter().collect::<Vec<_>>(), vec![&[Vertex(2)][..], &[Vertex(0), Vertex(1)][..]]);
    /// ```
    pub fn members(&self) -> Members {
        Members::group(&self.component, self.count)
    }
}

/// The vertices of every component, grouped: see [`Components::members`].
#[derive(Clone, Debug)]
pub struct Members {
    offset: Vec<usize>,
    vertices: Vec<Vertex>,
}

impl Members {
    /// The vertices `0..labels.len()` grouped by their label (each below `count`), each group
    /// in increasing order: one array and its offsets, by counting.
    ///
    /// ```
    /// use kalmar_core::{scc::Members, Vertex};
    /// let by_priority = Members::group(&[2, 0, 2, 1], 3);
    /// assert_eq!(by_priority.of(2), [Vertex(0), Vertex(2)]);
    /// assert_eq!(by_priority.of(1), [Vertex(3)]);
    /// ```
    pub fn group(labels: &[u32], count: usize) -> Members {
        let mut offset = vec![0usize; count + 1];
        for &c in labels {
            offset[c as usize + 1] += 1;
        }
        for c in 0..count {
            offset[c + 1] += offset[c];
        }
        let mut next = offset.clone();
        let mut vertices = vec![Vertex(0); labels.len()];
        for (v, &c) in labels.iter().enumerate() {
            vertices[next[c as usize]] = Vertex(v as u32);
            next[c as usize] += 1;
        }
        Members { offset, vertices }
    }

    /// The vertices of component `c`.
    pub fn of(&self, c: usize) -> &[Vertex] {
        &self.vertices[self.offset[c]..self.offset[c + 1]]
    }

    /// Each component's vertices, component 0 first.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &[Vertex]> + '_ {
        (0..self.offset.len() - 1).map(|c| self.of(c))
    }
}

/// The strongly connected components of the graph on vertices `0..n` whose `i`-th successor of
/// `v` is `successor(v, i)` (`None` past the last one).
///
/// ```
/// use kalmar_core::{scc::strongly_connected_components, Vertex};
/// let succ = [vec![1], vec![0, 2], vec![]];
/// let c = strongly_connected_components(3, |v, i| succ[v.index()].get(i).map(|&w| Vertex(w)));
/// assert_eq!(c.count(), 2);
/// assert_eq!(c.of(Vertex(0)), c.of(Vertex(1)));
/// assert!(c.of(Vertex(2)) < c.of(Vertex(0)));
/// ```
pub fn strongly_connected_components(
    n: usize,
    successor: impl Fn(Vertex, usize) -> Option<Vertex>,
) -> Components {
    decompose(
        n,
        |v| (v, 0),
        |(v, i)| {
            let w = successor(Vertex(*v), *i);
            *i += 1;
            w
        },
    )
}

/// The strongly connected components of the graph on vertices `0..n` whose successors of `v`
/// are the slice `successors(v)`: the same as [`strongly_connected_components`], faster on
/// graphs stored as adjacency arrays (each edge is read once, from a slice the search keeps).
///
/// ```
/// use kalmar_core::{scc::strongly_connected_components_of_slices, Vertex};
/// let succ = [vec![Vertex(1)], vec![Vertex(0), Vertex(2)], vec![]];
/// let c = strongly_connected_components_of_slices(3, |v| &succ[v.index()]);
/// assert_eq!(c.count(), 2);
/// assert!(c.of(Vertex(2)) < c.of(Vertex(0)));
/// ```
pub fn strongly_connected_components_of_slices<'a>(
    n: usize,
    successors: impl Fn(Vertex) -> &'a [Vertex],
) -> Components {
    decompose(
        n,
        |v| successors(Vertex(v)).iter(),
        |rest| rest.next().copied(),
    )
}

/// Pearce's search, with each vertex's successors read through a cursor: `start(v)` makes
/// one, and `next` gives the successor it is at and moves it on.
fn decompose<C>(
    n: usize,
    start: impl Fn(u32) -> C,
    next: impl Fn(&mut C) -> Option<Vertex>,
) -> Components {
    assert!(n < u32::MAX as usize, "too many vertices for 32-bit ids");
    const UNVISITED: u32 = 0;
    /// A vertex on the DFS path: the cursor over its successors still to look at, and whether
    /// it is still the root of its component (no edge from its subtree reached below its
    /// index).
    struct Frame<C> {
        v: u32,
        rest: C,
        root: bool,
    }
    // Indices start at 1 (0 is unvisited); components count down from n - 1... + 1, kept above
    // every index in use because the index counter goes down as components complete.
    let mut rindex = vec![UNVISITED; n];
    let mut index = 1u32;
    let mut next_component = n as u32;
    let mut open: Vec<u32> = Vec::new();
    let mut frames: Vec<Frame<C>> = Vec::new();
    for root in 0..n as u32 {
        if rindex[root as usize] != UNVISITED {
            continue;
        }
        rindex[root as usize] = index;
        index += 1;
        frames.push(Frame {
            v: root,
            rest: start(root),
            root: true,
        });
        while let Some(frame) = frames.last_mut() {
            let v = frame.v;
            if let Some(w) = next(&mut frame.rest) {
                let w = w.0 as usize;
                if rindex[w] == UNVISITED {
                    rindex[w] = index;
                    index += 1;
                    frames.push(Frame {
                        v: w as u32,
                        rest: start(w as u32),
                        root: true,
                    });
                } else if rindex[w] < rindex[v as usize] {
                    rindex[v as usize] = rindex[w];
                    frame.root = false;
                }
                continue;
            }
            let is_root = frame.root;
            frames.pop();
            let low = rindex[v as usize];
            if is_root {
                // v closes its component: v and every open vertex above it on the stack.
                next_component -= 1;
                index -= 1;
                while let Some(&w) = open.last() {
                    if rindex[w as usize] < low {
                        break;
                    }
                    open.pop();
                    rindex[w as usize] = next_component;
                    index -= 1;
                }
                rindex[v as usize] = next_component;
            } else {
                open.push(v);
            }
            if let Some(parent) = frames.last_mut() {
                let p = parent.v as usize;
                if rindex[v as usize] < rindex[p] {
                    rindex[p] = rindex[v as usize];
                    parent.root = false;
                }
            }
        }
    }
    // Components completed first (sinks) got the largest numbers: count them from 0 instead.
    for c in &mut rindex {
        *c = n as u32 - 1 - *c;
    }
    Components {
        component: rindex,
        count: n - next_component as usize,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn reaches(adj: &[Vec<u32>], from: usize, to: usize) -> bool {
        let mut seen = vec![false; adj.len()];
        let mut todo = vec![from];
        seen[from] = true;
        while let Some(v) = todo.pop() {
            for &w in &adj[v] {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    todo.push(w as usize);
                }
            }
        }
        seen[to]
    }

    proptest! {
        #[test]
        fn matches_mutual_reachability(adj in (1usize..12).prop_flat_map(|n| proptest::collection::vec(proptest::collection::vec(0..n as u32, 0..4), n))) {
            let n = adj.len();
            let c = strongly_connected_components(n, |v, i| adj[v.index()].get(i).map(|&w| Vertex(w)));
            for a in 0..n {
                for b in 0..n {
                    let same = reaches(&adj, a, b) && reaches(&adj, b, a);
                    prop_assert_eq!(same, c.of(Vertex(a as u32)) == c.of(Vertex(b as u32)));
                }
                for &w in &adj[a] {
                    prop_assert!(c.of(Vertex(w)) <= c.of(Vertex(a as u32)));
                }
            }
            let slices: Vec<Vec<Vertex>> =
                adj.iter().map(|s| s.iter().map(|&w| Vertex(w)).collect()).collect();
            let d = strongly_connected_components_of_slices(n, |v| &slices[v.index()]);
            prop_assert_eq!(&c.component, &d.component);
        }
    }

    #[test]
    fn empty_graph_has_no_components() {
        assert_eq!(strongly_connected_components(0, |_, _| None).count(), 0);
    }

    #[test]
    fn deep_path_does_not_overflow() {
        let n = 1_000_000;
        let c = strongly_connected_components(n, |v, i| {
            (i == 0 && v.index() + 1 < n).then(|| Vertex(v.0 + 1))
        });
        assert_eq!(c.count(), n);
    }
}
