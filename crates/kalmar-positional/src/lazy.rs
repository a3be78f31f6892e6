//! Lazy deviations (Andersson, Gurvich and Hansen, §4, Proposition 1): player i changes its
//! decisions at as few positions as possible so that the play ends in a chosen outcome.
//!
//! Give each move length 0 if the profile takes it, 1 if it is another move of player i, and
//! leave out every other move; a lazy deviation to a terminal is a shortest path to it (0-1
//! breadth-first search). To the cycle `c` it is a shortest "lasso": a path to some position v
//! and a shortest cycle through v, the cheapest over all v; where the path meets the cycle
//! before v it is cut there, which costs no more. Every lazy deviation keeps to the inside play
//! restriction, and a lazy deviation that improves is a strong improvement.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_positional::{Outcome, PositionalGame, lazy, play};
//! let graph = read_gg("kalmar-gg 1\nplayers 2\na player0 -> t b\nb player1 -> c\nc player0 -> u b\n\
//!                      t terminal payoff=(0,0)\nu terminal payoff=(1,1)\n").unwrap();
//! let game = PositionalGame::from_graph(&graph).unwrap();
//! let arena = game.arena();
//! let mut profile = kalmar_core::Strategy::empty(arena.num_vertices());
//! for v in arena.vertices().filter(|&v| !arena.is_terminal(v)) {
//!     profile.set(v, arena.out_edges(v).next().unwrap()); // a -> t, b -> c, c -> u
//! }
//! let u = kalmar_core::Vertex::new(4);
//! let (changed, deviated) = lazy::deviate(&game, &profile, 0, Outcome::Terminal(u)).unwrap();
//! assert_eq!(changed, 1); // only a changes: c already goes to u
//! assert_eq!(play(&game, &deviated, game.start()).unwrap().outcome, Outcome::Terminal(u));
//! ```
//!
//! # Complexity
//! O(n + m) to a terminal; O(n · (n + m)) to the cycle (a search from every position), below
//! the paper's O(m) runs of Dijkstra's algorithm.

use crate::PositionalGame;
use crate::play::Outcome;
use kalmar_core::{Edge, Owner, Strategy, Vertex};
use std::collections::VecDeque;

/// The length of a move for a lazy deviation of `player`, or None when it may not be taken.
fn length(game: &PositionalGame, profile: &Strategy, player: usize, e: Edge) -> Option<u32> {
    let arena = game.arena();
    let v = arena.source(e);
    match arena.owner(v) {
        _ if profile.get(v) == Some(e) => Some(0),
        Owner::Player(p) if p.index() == player => Some(1),
        _ => None,
    }
}

/// 0-1 breadth-first search from `from`: per position its distance and the move that reaches
/// it on a shortest path.
fn shortest(
    game: &PositionalGame,
    profile: &Strategy,
    player: usize,
    from: Vertex,
) -> (Vec<u32>, Vec<Option<Edge>>) {
    let arena = game.arena();
    let n = arena.num_vertices();
    let mut distance = vec![u32::MAX; n];
    let mut via = vec![None; n];
    let mut queue = VecDeque::from([from]);
    distance[from.index()] = 0;
    while let Some(v) = queue.pop_front() {
        for e in arena.out_edges(v) {
            let Some(d) = length(game, profile, player, e) else {
                continue;
            };
            let w = arena.target(e);
            let through = distance[v.index()] + d;
            if through < distance[w.index()] {
                distance[w.index()] = through;
                via[w.index()] = Some(e);
                if d == 0 {
                    queue.push_front(w);
                } else {
                    queue.push_back(w);
                }
            }
        }
    }
    (distance, via)
}

/// The moves of a shortest path from the search's start to `to`, in order.
fn path_to(game: &PositionalGame, via: &[Option<Edge>], from: Vertex, to: Vertex) -> Vec<Edge> {
    let arena = game.arena();
    let mut path = Vec::new();
    let mut v = to;
    while v != from {
        let e = via[v.index()].expect("a reached position has a move into it");
        path.push(e);
        v = arena.source(e);
    }
    path.reverse();
    path
}

/// A lazy deviation of `player` from `profile` that makes the play from the start end in
/// `target`: the number of positions where its decision changes and the new profile, or None
/// when the player cannot bring `target` about.
pub fn deviate(
    game: &PositionalGame,
    profile: &Strategy,
    player: usize,
    target: Outcome,
) -> Option<(u32, Strategy)> {
    let start = game.start();
    let (distance, via) = shortest(game, profile, player, start);
    let moves = match target {
        Outcome::Terminal(t) => {
            if distance[t.index()] == u32::MAX {
                return None;
            }
            path_to(game, &via, start, t)
        }
        Outcome::Cycle => lasso(game, profile, player, &distance, &via)?,
    };
    let mut deviated = profile.clone();
    let mut changed = 0;
    for e in moves {
        let v = game.arena().source(e);
        if deviated.get(v) != Some(e) {
            changed += 1;
            deviated.set(v, e);
        }
    }
    Some((changed, deviated))
}

/// The moves of a cheapest path-and-cycle from the start, stem first, then once around.
fn lasso(
    game: &PositionalGame,
    profile: &Strategy,
    player: usize,
    distance: &[u32],
    via: &[Option<Edge>],
) -> Option<Vec<Edge>> {
    let arena = game.arena();
    let start = game.start();
    let mut best: Option<(u32, Vec<Edge>)> = None;
    for v in arena.vertices().filter(|v| distance[v.index()] != u32::MAX) {
        // A shortest cycle through v: a move out of v, then a shortest path back to v.
        let (back, toward) = shortest_to(game, profile, player, v);
        for e in arena.out_edges(v) {
            let Some(d) = length(game, profile, player, e) else {
                continue;
            };
            let w = arena.target(e);
            if back[w.index()] == u32::MAX {
                continue;
            }
            let cost = distance[v.index()] + d + back[w.index()];
            if best.as_ref().is_none_or(|b| cost < b.0) {
                let mut cycle = vec![e];
                let mut x = w;
                while x != v {
                    let step = toward[x.index()].expect("a position with a path to v");
                    cycle.push(step);
                    x = arena.target(step);
                }
                let mut moves = path_to(game, via, start, v);
                moves.extend(cycle);
                best = Some((cost, moves));
            }
        }
    }
    let (_, moves) = best?;
    // The stem may meet the cycle before v: the lasso then closes there (it costs no more).
    let mut seen = std::collections::HashMap::new();
    let mut lasso = Vec::new();
    for e in moves {
        let v = arena.source(e);
        if seen.insert(v, lasso.len()).is_some() {
            break;
        }
        lasso.push(e);
    }
    Some(lasso)
}

/// 0-1 breadth-first search backwards to `to`: per position the length of a shortest path to
/// `to` and its first move.
fn shortest_to(
    game: &PositionalGame,
    profile: &Strategy,
    player: usize,
    to: Vertex,
) -> (Vec<u32>, Vec<Option<Edge>>) {
    let arena = game.arena();
    let n = arena.num_vertices();
    let mut distance = vec![u32::MAX; n];
    let mut toward = vec![None; n];
    let mut queue = VecDeque::from([to]);
    distance[to.index()] = 0;
    while let Some(w) = queue.pop_front() {
        for &e in arena.in_edges(w) {
            let Some(d) = length(game, profile, player, e) else {
                continue;
            };
            let u = arena.source(e);
            let through = distance[w.index()] + d;
            if through < distance[u.index()] {
                distance[u.index()] = through;
                toward[u.index()] = Some(e);
                if d == 0 {
                    queue.push_front(u);
                } else {
                    queue.push_back(u);
                }
            }
        }
    }
    (distance, toward)
}
