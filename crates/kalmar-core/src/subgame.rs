//! Subgames: a set of positions of an arena, as a membership mask and a list, and the attractor
//! computed inside one. Solvers that recurse on parts of a game (the narrowing rounds of the DGG
//! solvers, Zielonka's algorithm for parity games) keep their parts as subgames.
//!
//! ```
//! use kalmar_core::{AttractorScratch, Builder, Owner, Player, Subgame, Vertex};
//! // a (Max) -> b (Min) -> a, and b -> t: Min can avoid t, so only t itself is attracted for Max.
//! let mut b = Builder::new(2);
//! let [a, m, t] = [Owner::Player(Player::MAX), Owner::Player(Player::MIN), Owner::Player(Player::MAX)]
//!     .map(|o| b.add_vertex(o));
//! b.add_edge(a, m);
//! b.add_edge(m, a);
//! b.add_edge(m, t);
//! b.add_edge(t, t);
//! let arena = b.build().unwrap();
//! let all = Subgame::full(&arena);
//! let mut strategy = vec![None; arena.num_vertices()];
//! let mut scratch = AttractorScratch::default();
//! let max_wins = all.attract(&arena, Player::MAX, &[t], &mut strategy, &mut scratch);
//! assert_eq!(max_wins, [t]);
//! let min_wins = all.attract(&arena, Player::MIN, &[t], &mut strategy, &mut scratch);
//! assert_eq!(min_wins.len(), 3);
//! assert_eq!(min_wins[0], Vertex(2));
//! ```

use crate::{Arena, Edge, Owner, Player, Vertex};

/// A set of positions of an arena: those with `alive[v]`, also listed in `vertices`.
#[derive(Clone, Debug)]
pub struct Subgame {
    alive: Vec<bool>,
    vertices: Vec<Vertex>,
}

impl Subgame {
    /// All positions of the arena.
    pub fn full(arena: &Arena) -> Self {
        Subgame {
            alive: vec![true; arena.num_vertices()],
            vertices: arena.vertices().collect(),
        }
    }

    /// The positions reachable from `start` inside this subgame, listed in index order (so
    /// that passes over them read the arena's arrays in order).
    ///
    /// # Complexity
    /// O(k + m_k) for the k positions reached and their m_k arcs, plus ordering them:
    /// O(min(n, k log k)).
    pub fn reachable(&self, arena: &Arena, start: Vertex) -> Self {
        let mut alive = vec![false; arena.num_vertices()];
        let mut queue = vec![start];
        alive[start.index()] = true;
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            for &w in arena.successors(v) {
                if self.alive[w.index()] && !alive[w.index()] {
                    alive[w.index()] = true;
                    queue.push(w);
                }
            }
        }
        // Ordered by a scan of the membership mask when that is cheaper than sorting.
        let vertices = if queue.len() * 16 >= arena.num_vertices() {
            arena.vertices().filter(|v| alive[v.index()]).collect()
        } else {
            queue.sort_unstable();
            queue
        };
        Subgame { alive, vertices }
    }

    /// The positions of this subgame for which `keep` holds.
    pub fn restrict(&self, keep: impl Fn(Vertex) -> bool) -> Self {
        let mut alive = vec![false; self.alive.len()];
        let vertices: Vec<Vertex> = self.vertices.iter().copied().filter(|&v| keep(v)).collect();
        for v in &vertices {
            alive[v.index()] = true;
        }
        Subgame { alive, vertices }
    }

    /// Whether `v` is in the subgame.
    #[inline]
    pub fn contains(&self, v: Vertex) -> bool {
        self.alive[v.index()]
    }

    /// The positions of the subgame.
    pub fn vertices(&self) -> &[Vertex] {
        &self.vertices
    }

    /// The terminals of the subgame.
    pub fn terminals<'a>(&'a self, arena: &'a Arena) -> impl Iterator<Item = Vertex> + 'a {
        self.vertices
            .iter()
            .copied()
            .filter(|&v| arena.is_terminal(v))
    }
}

/// Scratch memory for [`Subgame::attract`], kept between calls so that an attractor costs time in
/// proportion to the part of the game it touches, not to the whole arena.
#[derive(Clone, Debug, Default)]
pub struct AttractorScratch {
    /// Per vertex: 0 when not yet counted, else 1 + the number of successors not yet attracted.
    remaining: Vec<u32>,
    touched: Vec<Vertex>,
}

impl Subgame {
    /// The attractor for `player` of the vertices in `target` (which must lie in this subgame):
    /// the vertices of the subgame from which `player` can force play into `target` without
    /// leaving the subgame. Returns them (the target first), and records in `strategy` an edge
    /// that moves closer for each attracted vertex of `player` outside the target. Moves of anyone
    /// else (the opponent, chance) count against `player`.
    ///
    /// # Complexity
    /// O(the vertices attracted and the edges into and out of them).
    pub fn attract(
        &self,
        arena: &Arena,
        player: Player,
        target: &[Vertex],
        strategy: &mut [Option<Edge>],
        scratch: &mut AttractorScratch,
    ) -> Vec<Vertex> {
        attract_in(arena, &self.alive, player, target, strategy, scratch)
    }
}

/// [`Subgame::attract`] for the subgame of the vertices with `alive[v]`, for solvers that keep
/// one membership mask and change it in place as they recurse.
pub fn attract_in(
    arena: &Arena,
    alive: &[bool],
    player: Player,
    target: &[Vertex],
    strategy: &mut [Option<Edge>],
    scratch: &mut AttractorScratch,
) -> Vec<Vertex> {
    let mut inside = Vec::new();
    attract_onto(arena, alive, player, target, strategy, scratch, &mut inside);
    inside
}

/// [`attract_in`], appending the attractor (the target first) to `out` instead of returning a
/// new vector, for recursions that keep their vectors for reuse.
pub fn attract_onto(
    arena: &Arena,
    alive: &[bool],
    player: Player,
    target: &[Vertex],
    strategy: &mut [Option<Edge>],
    scratch: &mut AttractorScratch,
    out: &mut Vec<Vertex>,
) {
    scratch.remaining.resize(arena.num_vertices(), 0);
    let mut head = out.len();
    out.extend_from_slice(target);
    for &v in target {
        scratch.remaining[v.index()] = u32::MAX; // attracted
        scratch.touched.push(v);
    }
    while head < out.len() {
        let v = out[head];
        head += 1;
        // The sources from the predecessor array; an edge's id only where it is kept.
        for (position, &u) in arena.in_positions(v).zip(arena.predecessors(v)) {
            if !alive[u.index()] || scratch.remaining[u.index()] == u32::MAX {
                continue;
            }
            let attracted = match arena.owner(u) {
                Owner::Player(p) if p == player => {
                    strategy[u.index()] = Some(arena.in_edge_at(position));
                    true
                }
                Owner::Terminal => false,
                _ => {
                    let slot = &mut scratch.remaining[u.index()];
                    if *slot == 0 {
                        *slot = 1 + arena
                            .successors(u)
                            .iter()
                            .filter(|w| alive[w.index()])
                            .count() as u32;
                        scratch.touched.push(u);
                    }
                    *slot -= 1;
                    *slot == 1
                }
            };
            if attracted {
                if scratch.remaining[u.index()] == 0 {
                    scratch.touched.push(u);
                }
                scratch.remaining[u.index()] = u32::MAX;
                out.push(u);
            }
        }
    }
    for v in scratch.touched.drain(..) {
        scratch.remaining[v.index()] = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Builder;
    use crate::attractor::attractor;

    #[test]
    fn attract_agrees_with_the_whole_arena_attractor() {
        // A little game with a cycle: Max at 0 can reach the target 3 through Min's 1 only if
        // Min has no way out; Min's 2 has a way out to 0.
        let mut b = Builder::new(2);
        let max = Owner::Player(Player::MAX);
        let min = Owner::Player(Player::MIN);
        let v: Vec<Vertex> = [max, min, min, max]
            .iter()
            .map(|&o| b.add_vertex(o))
            .collect();
        for (x, y) in [(0, 1), (0, 2), (1, 3), (2, 3), (2, 0), (3, 3)] {
            b.add_edge(v[x], v[y]);
        }
        let arena = b.build().unwrap();
        let full = Subgame::full(&arena);
        let mut strategy = vec![None; 4];
        let mut scratch = AttractorScratch::default();
        let mut got = full.attract(&arena, Player::MAX, &[v[3]], &mut strategy, &mut scratch);
        got.sort();
        let mut target = vec![false; 4];
        target[3] = true;
        let expected = attractor(&arena, Player::MAX, &target, None);
        let want: Vec<Vertex> = arena
            .vertices()
            .filter(|x| expected.region[x.index()])
            .collect();
        assert_eq!(got, want);
        // Without vertex 1, Max at 0 can only go to 2, from which Min escapes to 0: a cycle.
        let smaller = full.restrict(|x| x != v[1]);
        let got = smaller.attract(&arena, Player::MAX, &[v[3]], &mut strategy, &mut scratch);
        assert_eq!(got, vec![v[3]]);
    }
}
