//! Backward induction on an acyclic n-player game with chance: a subgame-perfect equilibrium in
//! positional strategies (Kuhn's theorem for perfect-information games; in the paper of
//! Andersson, Gurvich and Hansen, the acyclic case of Nash-solvability).
//!
//! Positions are valued from the terminals back, in the order in which all their successors are
//! valued (Kahn's algorithm on the reversed graph): a terminal is worth its payoff vector, a
//! chance position the probability-weighted sum of its successors, and a player's position the
//! vector of the successor that is best for that player — the first such move, so ties go to the
//! earliest move in the file. A cycle leaves positions unvalued, and is reported with one of
//! them.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_positional::{PositionalGame, backward_induction};
//! let graph = read_gg(
//!     "kalmar-gg 1\nplayers 3\nstart d\nd chance -> a:1/2 b:1/2\na player2 -> x y\nb player1 -> x y\n\
//!      x terminal payoff=(0,1,2)\ny terminal payoff=(3,2,1)\n",
//! )
//! .unwrap();
//! let game = PositionalGame::from_graph(&graph).unwrap();
//! let solved = backward_induction::solve(&game).unwrap();
//! let start: Vec<String> = solved.values[0].iter().map(|r| r.to_string()).collect();
//! assert_eq!(start, ["3/2", "3/2", "3/2"]);
//! ```
//!
//! # Complexity
//! O((n + m) · k) rational additions and comparisons for n positions, m moves and k players,
//! and O(n · k) rationals of memory.

use crate::{Equilibrium, PositionalGame};
use kalmar_core::{Owner, Rational, Strategy, Vertex};

/// A game with a cycle: backward induction needs an acyclic graph.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error(
    "position {0} lies on a cycle (or leads to one): backward induction solves acyclic games only; \
     games with cycles, where infinite play is an outcome of its own, are solved by the solvers \
     win-lose, improve and brute"
)]
pub struct CycleError(pub String);

/// A subgame-perfect equilibrium of an acyclic game, with every player's expected utility at
/// every position.
pub fn solve(game: &PositionalGame) -> Result<Equilibrium, CycleError> {
    let arena = game.arena();
    let n = arena.num_vertices();
    let mut unvalued_successors: Vec<usize> =
        arena.vertices().map(|v| arena.out_degree(v)).collect();
    let mut ready: Vec<Vertex> = arena
        .vertices()
        .filter(|&v| unvalued_successors[v.index()] == 0)
        .collect();
    let mut values: Vec<Vec<Rational>> = vec![Vec::new(); n];
    let mut strategy = Strategy::empty(n);
    let mut valued = 0;
    while let Some(v) = ready.pop() {
        valued += 1;
        values[v.index()] = match arena.owner(v) {
            Owner::Terminal => game.payoff(v).to_vec(),
            Owner::Chance => expectation(game, &values, v),
            Owner::Player(p) => {
                let mut best = arena
                    .out_edges(v)
                    .next()
                    .expect("a player's position has a move");
                for e in arena.out_edges(v).skip(1) {
                    let utility = &values[arena.target(e).index()][p.index()];
                    if *utility > values[arena.target(best).index()][p.index()] {
                        best = e;
                    }
                }
                strategy.set(v, best);
                values[arena.target(best).index()].clone()
            }
        };
        for &e in arena.in_edges(v) {
            let u = arena.source(e);
            unvalued_successors[u.index()] -= 1;
            if unvalued_successors[u.index()] == 0 {
                ready.push(u);
            }
        }
    }
    if valued < n {
        let stuck = arena
            .vertices()
            .find(|v| values[v.index()].is_empty() && !arena.is_terminal(*v));
        let stuck = stuck.expect("an unvalued position exists");
        return Err(CycleError(arena.name(stuck).into_owned()));
    }
    Ok(Equilibrium { values, strategy })
}

/// The expected utilities at a chance position whose successors are valued.
fn expectation(game: &PositionalGame, values: &[Vec<Rational>], v: Vertex) -> Vec<Rational> {
    let arena = game.arena();
    let mut sum = vec![Rational::from(0); game.num_players()];
    for e in arena.out_edges(v) {
        let p = arena
            .probability(e)
            .expect("chance moves carry probabilities");
        for (total, value) in sum.iter_mut().zip(&values[arena.target(e).index()]) {
            *total = &*total + &(p * value);
        }
    }
    sum
}
