//! Strongly connected components by Tarjan's algorithm, iterative (no recursion, so deep graphs do
//! not overflow the stack).
//!
//! # Complexity
//! O(n + m) time and O(n) extra space.

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
    const UNVISITED: u32 = u32::MAX;
    let mut index = vec![UNVISITED; n];
    let mut low = vec![0u32; n];
    let mut component = vec![UNVISITED; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut frames: Vec<(u32, usize)> = Vec::new();
    let mut next_index = 0u32;
    let mut count = 0u32;
    for root in 0..n as u32 {
        if index[root as usize] != UNVISITED {
            continue;
        }
        frames.push((root, 0));
        index[root as usize] = next_index;
        low[root as usize] = next_index;
        next_index += 1;
        stack.push(root);
        while let Some(frame) = frames.last_mut() {
            let v = frame.0;
            match successor(Vertex(v), frame.1) {
                Some(w) => {
                    frame.1 += 1;
                    let w = w.0;
                    if index[w as usize] == UNVISITED {
                        index[w as usize] = next_index;
                        low[w as usize] = next_index;
                        next_index += 1;
                        stack.push(w);
                        frames.push((w, 0));
                    } else if component[w as usize] == UNVISITED {
                        low[v as usize] = low[v as usize].min(index[w as usize]);
                    }
                }
                None => {
                    frames.pop();
                    if let Some(parent) = frames.last() {
                        let p = parent.0 as usize;
                        low[p] = low[p].min(low[v as usize]);
                    }
                    if low[v as usize] == index[v as usize] {
                        loop {
                            let w = stack.pop().expect("Tarjan stack holds the component");
                            component[w as usize] = count;
                            if w == v {
                                break;
                            }
                        }
                        count += 1;
                    }
                }
            }
        }
    }
    Components {
        component,
        count: count as usize,
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
        }
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
