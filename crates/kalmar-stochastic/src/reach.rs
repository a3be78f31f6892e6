//! Positive-probability attractors: from which vertices a player, with chance on its side, can
//! make play reach a target with positive probability, whatever the opponent does.
//!
//! This is the retrograde analysis behind "stopping" strategies (Andersson and Miltersen,
//! Definition 2): a vertex of the attracting player, or of chance, joins when one of its allowed
//! moves leads in; an opponent's vertex when all its allowed moves do. Which moves are allowed is
//! the caller's filter: the safe moves, or the one move a fixed strategy makes.
//!
//! # Complexity
//! O(n + m): every edge is looked at once, from its target.

use kalmar_core::{Arena, Edge, Owner, Player, Vertex};

/// The attractor: per vertex whether it is attracted, and for attracted vertices of the
/// attracting player outside the target, the edge that leads closer.
pub(crate) struct Reach {
    pub region: Vec<bool>,
    pub strategy: Vec<Option<Edge>>,
}

/// The positive-probability attractor of `target` for `player` (with chance), using only the
/// edges for which `allowed` holds (chance edges are always allowed).
pub(crate) fn attract(
    arena: &Arena,
    player: Player,
    target: &[bool],
    allowed: impl Fn(Edge) -> bool,
) -> Reach {
    let n = arena.num_vertices();
    let allowed = |e: Edge| arena.owner(arena.source(e)) == Owner::Chance || allowed(e);
    let mut region = target.to_vec();
    let mut strategy = vec![None; n];
    let mut remaining: Vec<u32> = arena
        .vertices()
        .map(|v| arena.out_edges(v).filter(|&e| allowed(e)).count() as u32)
        .collect();
    let mut queue: Vec<Vertex> = arena.vertices().filter(|v| target[v.index()]).collect();
    while let Some(w) = queue.pop() {
        for &e in arena.in_edges(w) {
            let u = arena.source(e);
            if region[u.index()] || !allowed(e) {
                continue;
            }
            let joins = match arena.owner(u) {
                Owner::Chance => true,
                Owner::Player(p) if p == player => {
                    strategy[u.index()] = Some(e);
                    true
                }
                Owner::Player(_) => {
                    remaining[u.index()] -= 1;
                    remaining[u.index()] == 0
                }
                Owner::Terminal => false,
            };
            if joins {
                region[u.index()] = true;
                queue.push(u);
            }
        }
    }
    Reach { region, strategy }
}
