//! Maximal end components of the Markov decision process that one player controls when the
//! other player's moves are fixed (Courcoubetis and Yannakakis, *The complexity of probabilistic
//! verification*, J. ACM 1995; de Alfaro, PhD thesis, 1997).
//!
//! An end component is a set `C` of vertices, strongly connected by allowed moves, such that the
//! controlling player has an allowed move inside `C` at each of its vertices in `C`, and every
//! other vertex of `C` (chance, or a vertex whose move is fixed) has all its allowed moves
//! inside `C`: the controller can keep play in `C` forever and visit all of it infinitely often
//! with probability 1. The maximal ones are disjoint and found by the classical refinement: take
//! the strongly connected components, drop the vertices that cannot stay in their component
//! (a non-controlled vertex with a move out of it, a controlled one without a move inside it),
//! and repeat until nothing is dropped.
//!
//! # Complexity
//! O(n · (n + m)): each round costs one component split and drops at least one vertex.

use kalmar_core::scc::strongly_connected_components;
use kalmar_core::{Arena, Edge, Owner, Player, Vertex};

/// The maximal end components among the vertices with `inside[v]`, for `controller` choosing
/// among the moves for which `allowed` holds (all moves of chance are allowed; a vertex of the
/// other player should allow exactly its fixed move).
pub(crate) fn maximal_end_components(
    arena: &Arena,
    inside: &[bool],
    controller: Player,
    allowed: impl Fn(Edge) -> bool,
) -> Vec<Vec<Vertex>> {
    let n = arena.num_vertices();
    let allowed = |e: Edge| arena.owner(arena.source(e)) == Owner::Chance || allowed(e);
    let controls = |v: Vertex| arena.owner(v) == Owner::Player(controller);
    let mut alive = inside.to_vec();
    loop {
        let components = strongly_connected_components(n, |v, i| {
            if !alive[v.index()] {
                return None;
            }
            // Moves that are not allowed or leave the living vertices become self-loops, which
            // do not change the components.
            arena.out_edges(v).nth(i).map(|e| {
                let w = arena.target(e);
                if allowed(e) && alive[w.index()] { w } else { v }
            })
        });
        let mut dropped = false;
        for v in arena.vertices() {
            if !alive[v.index()] {
                continue;
            }
            let c = components.of(v);
            let stays = |e: Edge| {
                let w = arena.target(e);
                alive[w.index()] && components.of(w) == c
            };
            let mut moves = arena.out_edges(v).filter(|&e| allowed(e));
            let keeps = if controls(v) {
                moves.any(stays)
            } else {
                moves.all(stays) && arena.out_edges(v).any(allowed)
            };
            if !keeps {
                alive[v.index()] = false;
                dropped = true;
            }
        }
        if !dropped {
            let mut by_component: Vec<Vec<Vertex>> = vec![Vec::new(); components.count()];
            for v in arena.vertices().filter(|v| alive[v.index()]) {
                by_component[components.of(v)].push(v);
            }
            by_component.retain(|c| !c.is_empty());
            return by_component;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalmar_core::format::read_gg;

    fn components(text: &str, controller: Player) -> Vec<Vec<String>> {
        let graph = read_gg(text).unwrap();
        let arena = &graph.arena;
        let inside = vec![true; arena.num_vertices()];
        let mut found: Vec<Vec<String>> =
            maximal_end_components(arena, &inside, controller, |_| true)
                .into_iter()
                .map(|c| c.iter().map(|&v| arena.name(v).into_owned()).collect())
                .collect();
        found.sort();
        found
    }

    #[test]
    fn a_coin_that_can_leave_is_no_end_component_but_a_choice_is() {
        // Max at a chooses between b and the loop at s; the coin at b returns to a or goes to
        // s. Play in {a, b} leaves with probability 1, so only {s} is an end component.
        let text = "kalmar-gg 1\na max -> b s\nb chance -> a:1/2 s:1/2\ns max -> s\n";
        assert_eq!(components(text, Player::MAX), vec![vec!["s".to_string()]]);
    }

    #[test]
    fn the_controller_may_drop_moves_but_not_chance() {
        // Max at a can stay with b (which must return) and ignore the exit to t; t loops.
        let text = "kalmar-gg 1\na max -> b t\nb chance -> a:1\nt chance -> t:1\n";
        assert_eq!(
            components(text, Player::MAX),
            vec![
                vec!["a".to_string(), "b".to_string()],
                vec!["t".to_string()]
            ]
        );
        // Seen from Min's side, a is not hers to choose: it must have all its moves inside.
        assert_eq!(components(text, Player::MIN), vec![vec!["t".to_string()]]);
    }
}
