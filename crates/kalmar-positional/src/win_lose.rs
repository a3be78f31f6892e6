//! Two players whose every outcome, the cycle `c` included, is a win for one and a loss for the
//! other (utilities ±1): an equilibrium in linear time by the constructive proof of
//! Proposition 2 (Andersson, Gurvich and Hansen, §5, after Gimbert and Sørensen).
//!
//! Let q be the player who loses `c`: q must end the play in a terminal it wins. The positions
//! from which q can force that are q's attractor to those terminals; q plays the attractor's
//! moves there, and its opponent keeps play outside the attractor wherever it can (every
//! position of the opponent outside has such a move, or it would be inside). Whoever's region
//! holds a position wins from it against anything, so the profile is an equilibrium from every
//! start: subgame perfect.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_positional::{PositionalGame, deviation, win_lose};
//! let graph = read_gg("kalmar-gg 1\nplayers 2\ncycle (1,-1)\na player1 -> b w\nb player0 -> a l\n\
//!                      w terminal payoff=(-1,1)\nl terminal payoff=(1,-1)\n").unwrap();
//! let game = PositionalGame::from_graph(&graph).unwrap();
//! let solved = win_lose::solve(&game).unwrap();
//! // Player 1 must end the play at w, and can: it moves there at once.
//! assert_eq!(game.utility(kalmar_positional::play(&game, &solved.profile, game.start()).unwrap().outcome)[1].to_string(), "1");
//! assert!(deviation::check_subgame_perfect(&game, &solved.profile).is_ok());
//! ```
//!
//! # Complexity
//! O(n + m).

use crate::PositionalGame;
use crate::play::chance_position;
use kalmar_core::attractor::attractor;
use kalmar_core::{Owner, Player, Rational, Strategy};

/// An equilibrium of a win-lose game, with each position's winner.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The profile: subgame perfect.
    pub profile: Strategy,
    /// Per position, the player (0 or 1) who wins from it.
    pub winner: Vec<u8>,
}

/// Why a game is not a two-player win-lose game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WinLoseError {
    /// Not two players.
    #[error("a win-lose game has two players; this one has {0}")]
    Players(usize),
    /// An outcome that is not a win for one player and a loss for the other.
    #[error(
        "outcome {0} pays ({1}, {2}): a win-lose game pays (1,-1) or (-1,1) at every terminal and for the cycle"
    )]
    NotWinLose(String, Rational, Rational),
    /// A chance position.
    #[error(
        "position {0} belongs to chance: games with cycles are solved without chance moves here"
    )]
    Chance(String),
}

/// Whether player 0 wins an outcome paying `payoff`, or why it is not a win-lose outcome.
fn wins_for_0(payoff: &[Rational], name: impl FnOnce() -> String) -> Result<bool, WinLoseError> {
    let one = Rational::from(1);
    let minus_one = -&one;
    match (&payoff[0], &payoff[1]) {
        (a, b) if *a == one && *b == minus_one => Ok(true),
        (a, b) if *a == minus_one && *b == one => Ok(false),
        (a, b) => Err(WinLoseError::NotWinLose(name(), a.clone(), b.clone())),
    }
}

/// Checks that a game is a two-player win-lose game without chance, in O(n).
pub fn check_win_lose(game: &PositionalGame) -> Result<(), WinLoseError> {
    if game.num_players() != 2 {
        return Err(WinLoseError::Players(game.num_players()));
    }
    if let Some(v) = chance_position(game) {
        return Err(WinLoseError::Chance(v));
    }
    let arena = game.arena();
    wins_for_0(game.cycle_payoff(), || "c".into())?;
    for v in arena.vertices().filter(|&v| arena.is_terminal(v)) {
        wins_for_0(game.payoff(v), || arena.name(v).into_owned())?;
    }
    Ok(())
}

/// Solves a two-player game whose outcomes are all wins for one player.
pub fn solve(game: &PositionalGame) -> Result<Solved, WinLoseError> {
    check_win_lose(game)?;
    let arena = game.arena();
    // q loses the cycle and must reach one of its terminals.
    let q = if wins_for_0(game.cycle_payoff(), || "c".into())? {
        Player(1)
    } else {
        Player(0)
    };
    let mut target = vec![false; arena.num_vertices()];
    for v in arena.vertices().filter(|&v| arena.is_terminal(v)) {
        let zero_wins = wins_for_0(game.payoff(v), || arena.name(v).into_owned())?;
        target[v.index()] = zero_wins == (q == Player(0));
    }
    let forced = attractor(arena, q, &target, None);
    let mut profile = Strategy::empty(arena.num_vertices());
    for v in arena.vertices() {
        let Owner::Player(p) = arena.owner(v) else {
            continue;
        };
        let inside = forced.region[v.index()];
        let edge = match (p == q, inside) {
            (true, true) => forced.strategy[v.index()],
            // The other player stays outside q's region where it can.
            (false, false) => arena
                .out_edges(v)
                .find(|&e| !forced.region[arena.target(e).index()]),
            _ => None,
        };
        let edge = edge.or_else(|| arena.out_edges(v).next());
        profile.set(v, edge.expect("a player's position has a move"));
    }
    let winner = forced
        .region
        .iter()
        .map(|&inside| if inside == (q == Player(0)) { 0 } else { 1 })
        .collect();
    Ok(Solved { profile, winner })
}
