//! The certificate of a subgame-perfect equilibrium, independent of the solver: it evaluates the
//! claimed profile itself (a depth-first search from every position, in post-order) and checks
//!
//! 1. that each player's position takes one of its own moves and nothing else does;
//! 2. that the claimed utilities are the profile's: payoffs at terminals, expectations at chance
//!    positions, the chosen successor's at players' positions;
//! 3. that no owner gains by changing the move at one position: the chosen successor is worth at
//!    least as much to the owner as every other successor.
//!
//! In a finite game, 3 (the one-shot deviation principle) makes the profile a Nash equilibrium of
//! every subgame, that is subgame perfect.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_core::Rational;
//! use kalmar_positional::{PositionalGame, backward_induction, check::check};
//! let graph = read_gg(
//!     "kalmar-gg 1\nplayers 3\na player0 -> x y\nx terminal payoff=(1,0,0)\ny terminal payoff=(2,0,0)\n",
//! )
//! .unwrap();
//! let game = PositionalGame::from_graph(&graph).unwrap();
//! let mut claimed = backward_induction::solve(&game).unwrap();
//! assert!(check(&game, &claimed).is_ok());
//! claimed.values[1][0] = Rational::from(5);
//! assert!(check(&game, &claimed).is_err());
//! ```
//!
//! # Complexity
//! O((n + m) · k) rational operations for n positions, m moves and k players.

use crate::{Equilibrium, PositionalGame};
use kalmar_core::{Owner, Rational, Vertex};

/// What is wrong with a claimed equilibrium.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum Wrong {
    /// The profile has the wrong shape.
    #[error("{0}")]
    Shape(String),
    /// A position's claimed utilities are not the profile's.
    #[error("at {position}, the profile gives ({actual}), not the claimed ({claimed})")]
    Value {
        /// The position.
        position: String,
        /// The utilities the profile gives.
        actual: String,
        /// The utilities claimed.
        claimed: String,
    },
    /// An owner gains by another move.
    #[error(
        "at {position}, player {player} gets {better} by moving to {to} instead of {chosen} by the profile's move"
    )]
    Deviation {
        /// The position.
        position: String,
        /// Its owner.
        player: usize,
        /// The better successor.
        to: String,
        /// What the deviation gives the owner.
        better: Rational,
        /// What the profile gives the owner.
        chosen: Rational,
    },
    /// The game has a cycle, so no profile is checked by this certificate.
    #[error("position {0} lies on a cycle; this certificate is for acyclic games")]
    Cycle(String),
}

/// Checks that `claimed` is a subgame-perfect equilibrium of `game` with the utilities it states.
pub fn check(game: &PositionalGame, claimed: &Equilibrium) -> Result<(), Wrong> {
    let arena = game.arena();
    let n = arena.num_vertices();
    if claimed.values.len() != n || claimed.strategy.len() != n {
        return Err(Wrong::Shape(format!(
            "the game has {n} positions, the profile {} values and {} moves",
            claimed.values.len(),
            claimed.strategy.len()
        )));
    }
    let k = game.num_players();
    for v in arena.vertices() {
        let owns_a_move = game.mover(v).is_some();
        if claimed.strategy.get(v).is_some() != owns_a_move {
            let what = if owns_a_move {
                "has no move"
            } else {
                "is not a player's position but has a move"
            };
            return Err(Wrong::Shape(format!("position {} {what}", arena.name(v))));
        }
        if claimed.values[v.index()].len() != k {
            return Err(Wrong::Shape(format!(
                "position {} does not have {k} utilities",
                arena.name(v)
            )));
        }
    }
    claimed.strategy.check(arena).map_err(|v| {
        Wrong::Shape(format!(
            "the move of {} is not one of its moves",
            arena.name(v)
        ))
    })?;
    let actual = evaluate(game, claimed)?;
    for v in arena.vertices() {
        if actual[v.index()] != claimed.values[v.index()] {
            return Err(Wrong::Value {
                position: arena.name(v).into_owned(),
                actual: join(&actual[v.index()]),
                claimed: join(&claimed.values[v.index()]),
            });
        }
        let Some(player) = game.mover(v) else {
            continue;
        };
        let chosen = &actual[v.index()][player];
        for w in arena.successors(v) {
            let better = &actual[w.index()][player];
            if better > chosen {
                return Err(Wrong::Deviation {
                    position: arena.name(v).into_owned(),
                    player,
                    to: arena.name(*w).into_owned(),
                    better: better.clone(),
                    chosen: chosen.clone(),
                });
            }
        }
    }
    Ok(())
}

/// The utilities the profile gives at every position, by an iterative depth-first search that
/// values a position once all its successors are valued.
fn evaluate(game: &PositionalGame, claimed: &Equilibrium) -> Result<Vec<Vec<Rational>>, Wrong> {
    #[derive(Clone, Copy, PartialEq)]
    enum State {
        New,
        Open,
        Done,
    }
    let arena = game.arena();
    let mut state = vec![State::New; arena.num_vertices()];
    let mut value: Vec<Vec<Rational>> = vec![Vec::new(); arena.num_vertices()];
    for root in arena.vertices() {
        if state[root.index()] != State::New {
            continue;
        }
        let mut stack: Vec<(Vertex, usize)> = vec![(root, 0)];
        state[root.index()] = State::Open;
        while let Some(&mut (v, ref mut next)) = stack.last_mut() {
            if let Some(&w) = arena.successors(v).get(*next) {
                *next += 1;
                match state[w.index()] {
                    State::New => {
                        state[w.index()] = State::Open;
                        stack.push((w, 0));
                    }
                    State::Open => return Err(Wrong::Cycle(arena.name(w).into_owned())),
                    State::Done => {}
                }
                continue;
            }
            stack.pop();
            state[v.index()] = State::Done;
            value[v.index()] = match arena.owner(v) {
                Owner::Terminal => game.payoff(v).to_vec(),
                Owner::Player(_) => {
                    let to = claimed.strategy.successor(arena, v).expect("checked above");
                    value[to.index()].clone()
                }
                Owner::Chance => {
                    let mut sum = vec![Rational::from(0); game.num_players()];
                    for e in arena.out_edges(v) {
                        let p = arena
                            .probability(e)
                            .expect("chance moves carry probabilities");
                        let target = &value[arena.target(e).index()];
                        sum = sum.iter().zip(target).map(|(s, t)| s + &(p * t)).collect();
                    }
                    sum
                }
            };
        }
    }
    Ok(value)
}

/// Utilities as `a, b, c`.
pub fn join(values: &[Rational]) -> String {
    values
        .iter()
        .map(Rational::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
