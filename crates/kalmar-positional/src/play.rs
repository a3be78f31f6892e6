//! The play of a positional profile and its outcome (Andersson, Gurvich and Hansen, *On
//! Acyclicity of Games with Cycles*, §1): from the start, every position's owner takes the move
//! its strategy names, until a terminal ends the play or a position repeats, when the play
//! cycles forever and its outcome is `c`.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_positional::{Outcome, PositionalGame, play};
//! let graph = read_gg("kalmar-gg 1\nplayers 3\ncycle (1,1,1)\na player0 -> b t\nb player1 -> a\n\
//!                      t terminal payoff=(0,2,0)\n").unwrap();
//! let game = PositionalGame::from_graph(&graph).unwrap();
//! let arena = game.arena();
//! let mut profile = kalmar_core::Strategy::empty(arena.num_vertices());
//! for v in arena.vertices().filter(|&v| !arena.is_terminal(v)) {
//!     profile.set(v, arena.out_edges(v).next().unwrap()); // a -> b, b -> a
//! }
//! let p = play(&game, &profile, game.start()).unwrap();
//! assert_eq!((p.outcome, p.positions.len()), (Outcome::Cycle, 2));
//! assert_eq!(game.utility(p.outcome)[0].to_string(), "1");
//! ```
//!
//! # Complexity
//! O(n) time and a bit per position.

use crate::PositionalGame;
use kalmar_core::{Owner, Strategy, Vertex};

/// What a play ends in: a terminal, or the one outcome `c` of every infinite play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// The play reaches this terminal.
    Terminal(Vertex),
    /// The play repeats a position and cycles forever.
    Cycle,
}

/// A play: the positions visited, each once, and its outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    /// The positions in the order visited: the terminal last for a finite play, the first
    /// repeated position somewhere for an infinite one.
    pub positions: Vec<Vertex>,
    /// The outcome.
    pub outcome: Outcome,
}

/// Why a profile has no play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// A chance position: the family's cyclic games are deterministic.
    #[error(
        "position {0} belongs to chance: games with cycles are solved without chance moves here"
    )]
    Chance(String),
    /// A player's position where the profile names no move.
    #[error("the profile names no move at position {0}")]
    NoMove(String),
}

/// The play of `profile` from `from`.
pub fn play(game: &PositionalGame, profile: &Strategy, from: Vertex) -> Result<Play, PlayError> {
    let arena = game.arena();
    let mut seen = vec![false; arena.num_vertices()];
    let mut positions = Vec::new();
    let mut v = from;
    loop {
        if seen[v.index()] {
            return Ok(Play {
                positions,
                outcome: Outcome::Cycle,
            });
        }
        seen[v.index()] = true;
        positions.push(v);
        match arena.owner(v) {
            Owner::Terminal => {
                return Ok(Play {
                    positions,
                    outcome: Outcome::Terminal(v),
                });
            }
            Owner::Chance => return Err(PlayError::Chance(arena.name(v).into_owned())),
            Owner::Player(_) => match profile.get(v) {
                Some(e) => v = arena.target(e),
                None => return Err(PlayError::NoMove(arena.name(v).into_owned())),
            },
        }
    }
}

/// Whether the game has chance positions, which the cyclic solvers refuse (the name of one).
pub fn chance_position(game: &PositionalGame) -> Option<String> {
    let arena = game.arena();
    arena
        .vertices()
        .find(|&v| arena.owner(v) == Owner::Chance)
        .map(|v| arena.name(v).into_owned())
}

/// Whether the game's graph has no cycle (Kahn's algorithm), in O(n + m).
pub fn is_acyclic(game: &PositionalGame) -> bool {
    let arena = game.arena();
    let mut out_degree: Vec<usize> = arena.vertices().map(|v| arena.out_degree(v)).collect();
    let mut sinks: Vec<Vertex> = arena
        .vertices()
        .filter(|v| out_degree[v.index()] == 0)
        .collect();
    let mut removed = 0;
    while let Some(v) = sinks.pop() {
        removed += 1;
        for &e in arena.in_edges(v) {
            let u = arena.source(e);
            out_degree[u.index()] -= 1;
            if out_degree[u.index()] == 0 {
                sinks.push(u);
            }
        }
    }
    removed == arena.num_vertices()
}

/// The positions where someone moves, in vertex order, each with its moves: the digits of a
/// profile's number in the exhaustive searches.
pub fn decision_points(game: &PositionalGame) -> (Vec<Vertex>, Vec<Vec<kalmar_core::Edge>>) {
    let arena = game.arena();
    let movers: Vec<Vertex> = arena
        .vertices()
        .filter(|&v| !arena.is_terminal(v))
        .collect();
    let moves = movers
        .iter()
        .map(|&v| arena.out_edges(v).collect())
        .collect();
    (movers, moves)
}

/// The number of profiles of positions with these moves, or None when it passes 2^128.
pub fn profile_count(moves: &[Vec<kalmar_core::Edge>]) -> Option<u128> {
    moves
        .iter()
        .try_fold(1u128, |product, m| product.checked_mul(m.len() as u128))
}
