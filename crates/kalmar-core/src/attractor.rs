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
