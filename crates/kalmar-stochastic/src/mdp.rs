//! The largest probability of reaching the terminals of a Markov decision process, exactly: the
//! checkers' own one-player solver, so that a certificate never relies on a game solver it could
//! be checking.
//!
//! The process is a terminal-payoff game in which only the controller has a choice (the other
//! player, if any, has one move at each of its vertices) and every terminal pays 1. Policy
//! iteration (Howard 1960) in the form for maximal reachability (Puterman, *Markov Decision
//! Processes*, 1994, §7.2): the vertices that cannot reach a terminal at all are found by a
//! backward search and keep probability 0; the first policy follows a breadth-first tree towards
//! the terminals, so every other vertex reaches one with positive probability (the policy is
//! *proper*); each round evaluates the policy exactly (the chain's linear system, solved over
//! rationals) and switches a vertex only to a move strictly better under those values. A
//! strict improvement keeps the policy proper (a closed class that never reaches a terminal would
//! have to contain a strictly improved vertex of positive value, which its stationary
//! distribution rules out), values never decrease, and the policy at which no move improves is
//! optimal.
//!
//! # Complexity
//! O(n + m) for the search and the first policy, then per round one exact evaluation of a Markov
//! chain ([`chain`](super::chain)) and O(m) for the improvement; at most as many rounds as
//! there are policies, and few in practice.

use super::chain::evaluate;
use super::model::Model;
use kalmar_core::{Owner, Player, Rational, Strategy, Vertex};
use std::collections::VecDeque;

/// The largest probability, over the controller's strategies, of reaching a terminal from each
/// vertex of `model`, whose terminals pay 1 and whose vertices of players other than
/// `controller` have one move each.
pub(crate) fn max_reach(model: &Model<'_>, controller: Player) -> Vec<Rational> {
    let arena = model.arena;
    let mut profile = Strategy::empty(arena.num_vertices());
    let mut reached = vec![false; arena.num_vertices()];
    let mut queue: VecDeque<Vertex> = arena.vertices().filter(|&v| arena.is_terminal(v)).collect();
    for &t in &queue {
        reached[t.index()] = true;
    }
    // Backwards from the terminals: each vertex reached takes the move it was reached by.
    while let Some(w) = queue.pop_front() {
        for &e in arena.in_edges(w) {
            let u = arena.source(e);
            if !reached[u.index()] {
                reached[u.index()] = true;
                if matches!(arena.owner(u), Owner::Player(_)) {
                    profile.set(u, e);
                }
                queue.push_back(u);
            }
        }
    }
    // Vertices that reach no terminal: any move (their probability is 0 whatever they do).
    for v in arena.vertices() {
        if matches!(arena.owner(v), Owner::Player(_)) && profile.get(v).is_none() {
            let e = arena
                .out_edges(v)
                .next()
                .expect("a player's vertex has moves");
            profile.set(v, e);
        }
    }
    loop {
        let values = evaluate(model, &profile);
        let mut improved = false;
        for v in arena.vertices() {
            if arena.owner(v) != Owner::Player(controller) {
                continue;
            }
            let current = &values[arena.target(profile.get(v).expect("set above")).index()];
            let best = arena
                .out_edges(v)
                .max_by(|&a, &b| {
                    values[arena.target(a).index()].cmp(&values[arena.target(b).index()])
                })
                .expect("a player's vertex has moves");
            if values[arena.target(best).index()] > *current {
                profile.set(v, best);
                improved = true;
            }
        }
        if !improved {
            return values;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TerminalPayoffGame;
    use kalmar_core::format::read_gg;

    #[test]
    fn a_loop_that_tempts_the_controller_is_left_for_the_coin() {
        // At a, staying in the loop a -> b -> a never reaches the terminal; the coin c reaches it
        // with probability 1/2, and again from z half the time: 3/4 in all.
        let graph = read_gg(
            "kalmar-gg 1\na max -> b c\nb max -> a\nc chance -> t:1/2 z:1/2\n\
             z chance -> t:1/2 dead:1/2\ndead max -> dead\nt terminal payoff=1\n",
        )
        .unwrap();
        let game = TerminalPayoffGame::from_graph(&graph).unwrap();
        let values = max_reach(&game.model(), Player::MAX);
        let [a, b, c, z, dead, t] = [0, 1, 2, 3, 4, 5].map(|i| values[i].clone());
        assert_eq!(
            (a, b, c),
            (
                Rational::new(3, 4),
                Rational::new(3, 4),
                Rational::new(3, 4)
            )
        );
        assert_eq!(
            (z, dead, t),
            (Rational::new(1, 2), Rational::ZERO, Rational::ONE)
        );
    }
}
