//! The certificate of a Nash equilibrium in pure positional strategies: for each player, the
//! best outcome it can reach by changing its own strategy while the others keep theirs, found
//! by reachability alone (it does not trust, or share code with, any solver).
//!
//! With the others' moves fixed, player i reaches exactly the terminals reachable from the start
//! in the graph where i's positions keep all their moves and every other position keeps only
//! its profile's move; and i can make the play infinite exactly when that reachable part holds a
//! cycle (a positional strategy then walks to the cycle and around it). The profile is an
//! equilibrium when no player's best reachable outcome is better for it than the profile's own.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_positional::{PositionalGame, deviation};
//! let graph = read_gg("kalmar-gg 1\nplayers 2\ncycle (0,0)\na player0 -> t b\nb player1 -> a u\n\
//!                      t terminal payoff=(1,0)\nu terminal payoff=(2,1)\n").unwrap();
//! let game = PositionalGame::from_graph(&graph).unwrap();
//! let arena = game.arena();
//! let mut profile = kalmar_core::Strategy::empty(arena.num_vertices());
//! for v in arena.vertices().filter(|&v| !arena.is_terminal(v)) {
//!     profile.set(v, arena.out_edges(v).next().unwrap()); // a -> t, b -> a
//! }
//! // Player 0 gets 1 at t; moving to b, where player 1 goes back to a, it could make the play
//! // cycle (worth 0), not reach u: t is the best it can reach, so the profile is an equilibrium.
//! assert!(deviation::check(&game, &profile).is_ok());
//! ```
//!
//! # Complexity
//! O(k · (n + m)) for k players, n positions and m moves.

use crate::PositionalGame;
use crate::play::{Outcome, PlayError, play};
use kalmar_core::{Owner, Rational, Strategy, Vertex};

/// A player who gains by deviating.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotNash {
    /// The profile has no play.
    #[error(transparent)]
    Play(#[from] PlayError),
    /// A player reaches a better outcome on its own.
    #[error(
        "not an equilibrium: player {player} gets {current} from the profile but can reach {better} \
         (worth {gain} to it) by changing its own moves"
    )]
    Deviation {
        /// The player, from 0.
        player: usize,
        /// Its utility under the profile.
        current: Rational,
        /// The better outcome, by name.
        better: String,
        /// Its utility there.
        gain: Rational,
    },
}

/// The best outcome `player` can reach from `from` by its own deviations, against the others'
/// moves in `profile`, with its utility; ties go to the cycle, then to the terminal found first.
pub fn best_deviation(
    game: &PositionalGame,
    profile: &Strategy,
    player: usize,
    from: Vertex,
) -> (Outcome, Rational) {
    let reachable = reachable_outcomes(game, profile, player, from);
    reachable
        .into_iter()
        .map(|o| (o, game.utility(o)[player].clone()))
        .reduce(|best, next| if next.1 > best.1 { next } else { best })
        .expect("a play has an outcome")
}

/// Every outcome `player` can bring about from `from` when the others keep their moves: the
/// cycle first if it is one, then the reachable terminals.
pub fn reachable_outcomes(
    game: &PositionalGame,
    profile: &Strategy,
    player: usize,
    from: Vertex,
) -> Vec<Outcome> {
    let arena = game.arena();
    let n = arena.num_vertices();
    let fixed: Vec<Option<Vertex>> = arena
        .vertices()
        .map(|v| profile.get(v).map(|e| arena.target(e)))
        .collect();
    // The moves each position keeps: all of the deviator's, the profile's for the others.
    let kept = |v: Vertex| -> &[Vertex] {
        match arena.owner(v) {
            Owner::Player(p) if p.index() != player => fixed[v.index()].as_slice(),
            _ => arena.successors(v),
        }
    };
    let mut reached = vec![false; n];
    let mut order = vec![from];
    reached[from.index()] = true;
    let mut k = 0;
    while k < order.len() {
        for &w in kept(order[k]) {
            if !reached[w.index()] {
                reached[w.index()] = true;
                order.push(w);
            }
        }
        k += 1;
    }
    // A cycle among the reached positions: Kahn's algorithm leaves some position unremoved.
    let mut out_degree = vec![0usize; n];
    let mut predecessors: Vec<Vec<Vertex>> = vec![Vec::new(); n];
    for &v in &order {
        for &w in kept(v) {
            out_degree[v.index()] += 1;
            predecessors[w.index()].push(v);
        }
    }
    let mut sinks: Vec<Vertex> = order
        .iter()
        .copied()
        .filter(|v| out_degree[v.index()] == 0)
        .collect();
    let mut removed = 0;
    while let Some(v) = sinks.pop() {
        removed += 1;
        for &u in &predecessors[v.index()] {
            out_degree[u.index()] -= 1;
            if out_degree[u.index()] == 0 {
                sinks.push(u);
            }
        }
    }
    let cycle = (removed < order.len()).then_some(Outcome::Cycle);
    cycle
        .into_iter()
        .chain(
            order
                .iter()
                .filter(|&&v| arena.is_terminal(v))
                .map(|&v| Outcome::Terminal(v)),
        )
        .collect()
}

/// Checks that `profile` is a Nash equilibrium from the start: no player reaches an outcome it
/// prefers by changing its own moves. Returns the utilities of the profile's outcome.
pub fn check(game: &PositionalGame, profile: &Strategy) -> Result<Vec<Rational>, NotNash> {
    check_from(game, profile, game.start())
}

/// [`check`] with play starting at `from`.
pub fn check_from(
    game: &PositionalGame,
    profile: &Strategy,
    from: Vertex,
) -> Result<Vec<Rational>, NotNash> {
    let outcome = play(game, profile, from)?.outcome;
    let utilities = game.utility(outcome).to_vec();
    for (player, current) in utilities.iter().enumerate() {
        let (better, gain) = best_deviation(game, profile, player, from);
        if gain > *current {
            return Err(NotNash::Deviation {
                player,
                current: current.clone(),
                better: outcome_name(game, better),
                gain,
            });
        }
    }
    Ok(utilities)
}

/// Whether `profile` is an equilibrium from every position: a subgame-perfect one (the paper's
/// §5, whose Figure 10 game has none in positional strategies). The first start where it is
/// not, with the reason.
pub fn check_subgame_perfect(
    game: &PositionalGame,
    profile: &Strategy,
) -> Result<(), (Vertex, NotNash)> {
    let arena = game.arena();
    for v in arena.vertices().filter(|&v| !arena.is_terminal(v)) {
        check_from(game, profile, v).map_err(|e| (v, e))?;
    }
    Ok(())
}

/// An outcome by name: a terminal's name, or `c`.
pub fn outcome_name(game: &PositionalGame, outcome: Outcome) -> String {
    match outcome {
        Outcome::Terminal(v) => game.arena().name(v).into_owned(),
        Outcome::Cycle => "c (infinite play)".into(),
    }
}
