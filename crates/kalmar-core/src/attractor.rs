//! Attractors: the set of vertices from which a player can force play into a target set, with a
//! strategy that does it.
//!
//! A vertex of the player is attracted when one of its successors is; a vertex of anyone else
//! (another player or chance) when all its successors are. Terminals outside the target are never
//! attracted. This is the backward sweep of retrograde analysis restricted to one outcome.
//!
//! # Complexity
//! O(n + m): every edge is looked at once, from its target.

use crate::{Arena, Edge, Owner, Player, Vertex};

/// The result of an attractor computation.
#[derive(Clone, Debug)]
pub struct Attractor {
    /// `region[v]`: the player can force play from `v` into the target.
    pub region: Vec<bool>,
    /// For each attracted vertex of the player outside the target, an edge that moves closer.
    pub strategy: Vec<Option<Edge>>,
    /// For each attracted vertex, the number of moves the player needs at most (0 in the target).
    pub distance: Vec<u32>,
}

/// The attractor of `target` for `player` in the subgame of vertices with `alive[v]` (all vertices
/// when `alive` is `None`). Edges to vertices outside the subgame are ignored.
///
/// ```
/// use kalmar_core::{attractor::attractor, Builder, Owner, Player};
/// let mut b = Builder::new(2);
/// let [x, y, t] = [b.add_vertex(Owner::Player(Player::MAX)), b.add_vertex(Owner::Player(Player::MIN)), b.add_vertex(Owner::Terminal)];
/// b.add_edge(x, t); b.add_edge(x, y); b.add_edge(y, x); b.add_edge(y, y);
/// let a = b.build().unwrap();
/// let mut target = vec![false; 3];
/// target[t.index()] = true;
/// let attr = attractor(&a, Player::MAX, &target, None);
/// assert!(attr.region[x.index()] && !attr.region[y.index()]);
/// ```
pub fn attractor(
    arena: &Arena,
    player: Player,
    target: &[bool],
    alive: Option<&[bool]>,
) -> Attractor {
    let n = arena.num_vertices();
    let is_alive = |v: Vertex| alive.is_none_or(|a| a[v.index()]);
    let mut region = vec![false; n];
    let mut strategy = vec![None; n];
    let mut distance = vec![0u32; n];
    let mut remaining: Vec<u32> = arena
        .vertices()
        .map(|v| arena.successors(v).iter().filter(|&&w| is_alive(w)).count() as u32)
        .collect();
    let mut queue: Vec<Vertex> = arena
        .vertices()
        .filter(|&v| target[v.index()] && is_alive(v))
        .collect();
    for &v in &queue {
        region[v.index()] = true;
    }
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head];
        head += 1;
        for &e in arena.in_edges(v) {
            let u = arena.source(e);
            if region[u.index()] || !is_alive(u) {
                continue;
            }
            let attracted = match arena.owner(u) {
                Owner::Player(p) if p == player => {
                    strategy[u.index()] = Some(e);
                    true
                }
                Owner::Terminal => false,
                _ => {
                    remaining[u.index()] -= 1;
                    remaining[u.index()] == 0
                }
            };
            if attracted {
                region[u.index()] = true;
                distance[u.index()] = distance[v.index()] + 1;
                queue.push(u);
            }
        }
    }
    Attractor {
        region,
        strategy,
        distance,
    }
}

/// The vertices of `set` (the vertices with `inside`) from which some path stays in the set
/// and never meets a vertex with `target`, following the moves `counts(u, w)` allows (the
/// other moves are not played: a fixed strategy, say). From every other vertex of the set all
/// such paths reach the target: the attractor of the target inside the set for whoever
/// opposes every mover, found by counting each vertex's moves inside the set in `unforced`,
/// a scratch array of one entry per vertex of the arena. A vertex with no move inside is not
/// returned either. The parity preprocessing uses it to drop at once the vertices whose every
/// cycle passes a target vertex.
///
/// ```
/// use kalmar_core::{attractor::avoiding, Builder, Owner, Player, Vertex};
/// // 0 -> 1 -> 0 and 2 -> 0, 2 -> 3 -> 2: only 2 and 3 can keep away from 0.
/// let mut b = Builder::new(2);
/// let v: Vec<Vertex> = (0..4).map(|_| b.add_vertex(Owner::Player(Player(0)))).collect();
/// for (x, y) in [(0, 1), (1, 0), (2, 0), (2, 3), (3, 2)] { b.add_edge(v[x], v[y]); }
/// let arena = b.build().unwrap();
/// let mut unforced = vec![0; 4];
/// let rest = avoiding(&arena, &v, |u| u == v[0], |_| true, |_, _| true, &mut unforced);
/// assert_eq!(rest, [v[2], v[3]]);
/// ```
///
/// # Complexity
/// O(size of the set and its vertices' moves).
pub fn avoiding(
    arena: &Arena,
    set: &[Vertex],
    target: impl Fn(Vertex) -> bool,
    inside: impl Fn(Vertex) -> bool,
    counts: impl Fn(Vertex, Vertex) -> bool,
    unforced: &mut [u32],
) -> Vec<Vertex> {
    let mut queue = Vec::new();
    for &v in set {
        unforced[v.index()] = if target(v) {
            queue.push(v);
            0
        } else {
            let moves = arena.successors(v).iter();
            moves.filter(|&&w| inside(w) && counts(v, w)).count() as u32
        };
    }
    let mut head = 0;
    while head < queue.len() {
        let w = queue[head];
        head += 1;
        for &u in arena.predecessors(w) {
            if inside(u) && unforced[u.index()] > 0 && counts(u, w) {
                unforced[u.index()] -= 1;
                if unforced[u.index()] == 0 {
                    queue.push(u);
                }
            }
        }
    }
    set.iter()
        .copied()
        .filter(|v| unforced[v.index()] > 0)
        .collect()
}
