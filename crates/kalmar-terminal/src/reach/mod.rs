//! Chess-like games: two-player zero-sum games on graphs whose terminals pay 1 (a win for Max,
//! White), -1 (a win for Min, Black) or 0 (a draw), where infinite play is a draw. They are the
//! games of Zermelo's treatment of chess, and the deterministic graphical games whose payoffs lie
//! in {-1, 0, 1} (Andersson, Hansen, Miltersen and Sørensen, *Deterministic Graphical Games
//! Revisited*, §1.1–1.2).
//!
//! - [`Outcome`]: a payoff of a chess-like game, ordered `Loss < Draw < Win`;
//! - [`ChessLike`]: the game, a [`TerminalGame`] with [`Outcome`] payoffs, read from a file's game
//!   graph by [`from_graph`] or explored from rules by [`solve_implicit`];
//! - [`solve`] ([`retrograde`]): classic retrograde analysis in linear time, giving a strong
//!   solution together with the depth to mate of every won or lost position;
//! - [`ReachSolution`]: values, distances and strategies, checked by its [`Certificate`]
//!   implementation without trusting the solver.
//!
//! # Complexity
//! O(n + m) time for n positions and m arcs, both to solve ([`retrograde`]) and to check a
//! solution.
//!
//! # Example
//! ```
//! use kalmar_core::{Certificate, format::read_gg};
//! use kalmar_terminal::reach::{self, Outcome};
//! // Max wins at once from a; Min wins at once from b; Max at c can only lose or loop.
//! let text = "kalmar-gg 1\na max -> w b\nb min -> l a\nc max -> c l\n\
//!             w terminal payoff=1\nl terminal payoff=-1\n";
//! let game = reach::from_graph(&read_gg(text).unwrap()).unwrap();
//! let solution = reach::solve(&game);
//! use Outcome::{Draw, Loss, Win};
//! assert_eq!(solution.values, [Win, Loss, Draw, Win, Loss]);
//! assert_eq!(solution.distance, [1, 1, 0, 0, 0]);
//! assert!(solution.verify(&game).is_ok());
//! ```

pub mod retrograde;

pub use retrograde::solve;

use crate::{GameError, Payoff, TerminalGame};
use kalmar_core::{
    Certificate, ExploreError, Explored, Game, Owner, Player, Rational, Strategy, VerifyError,
    Vertex, explore,
};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;
use std::ops::Neg;

/// Outcome of a chess-like game from Max's (player 0, White) point of view; ordered
/// `Loss < Draw < Win`.
///
/// It serialises as the integer -1, 0 or 1 and displays as `-1`, `0` or `1`.
///
/// ```
/// use kalmar_terminal::reach::Outcome;
/// assert!(Outcome::Loss < Outcome::Draw && Outcome::Draw < Outcome::Win);
/// assert_eq!(Outcome::Win.to_string(), "1");
/// assert_eq!(serde_json::to_string(&[Outcome::Loss, Outcome::Draw]).unwrap(), "[-1,0]");
/// assert_eq!(-Outcome::Win, Outcome::Loss);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Outcome {
    /// Min (Black) wins: payoff -1.
    Loss,
    /// Neither wins (a drawn terminal or infinite play): payoff 0.
    Draw,
    /// Max (White) wins: payoff 1.
    Win,
}

impl Outcome {
    /// The outcome with this sign: `Less` is a loss, `Equal` a draw, `Greater` a win.
    pub fn from_sign(sign: Ordering) -> Outcome {
        match sign {
            Ordering::Less => Outcome::Loss,
            Ordering::Equal => Outcome::Draw,
            Ordering::Greater => Outcome::Win,
        }
    }

    /// The payoff as an integer: -1, 0 or 1.
    pub fn to_i8(self) -> i8 {
        match self {
            Outcome::Loss => -1,
            Outcome::Draw => 0,
            Outcome::Win => 1,
        }
    }

    /// The outcome paying `x`, if `x` is -1, 0 or 1.
    pub fn from_i8(x: i8) -> Option<Outcome> {
        match x {
            -1 => Some(Outcome::Loss),
            0 => Some(Outcome::Draw),
            1 => Some(Outcome::Win),
            _ => None,
        }
    }

    /// The outcome paying exactly `x`, if `x` is -1, 0 or 1.
    pub fn from_rational(x: &Rational) -> Option<Outcome> {
        match x.to_small() {
            Some((num, 1)) => i8::try_from(num).ok().and_then(Outcome::from_i8),
            _ => None,
        }
    }

    /// The payoff as an exact number.
    pub fn to_rational(self) -> Rational {
        Rational::from(i64::from(self.to_i8()))
    }

    /// The player who wins, if it is not a draw.
    pub fn winner(self) -> Option<Player> {
        match self {
            Outcome::Loss => Some(Player::MIN),
            Outcome::Draw => None,
            Outcome::Win => Some(Player::MAX),
        }
    }

    /// The outcome in which `player` wins.
    pub fn won_by(player: Player) -> Outcome {
        if player == Player::MAX {
            Outcome::Win
        } else {
            Outcome::Loss
        }
    }
}

impl Neg for Outcome {
    type Output = Outcome;
    /// The same outcome from Min's point of view.
    fn neg(self) -> Outcome {
        match self {
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
            Outcome::Win => Outcome::Loss,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_i8())
    }
}

impl Payoff for Outcome {
    fn zero() -> Self {
        Outcome::Draw
    }
}

impl Serialize for Outcome {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_i8(self.to_i8())
    }
}

impl<'de> Deserialize<'de> for Outcome {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let x = i8::deserialize(deserializer)?;
        Outcome::from_i8(x)
            .ok_or_else(|| serde::de::Error::custom(format!("an outcome is -1, 0 or 1, not {x}")))
    }
}

/// A chess-like game: a terminal-payoff game whose terminals pay -1, 0 or 1.
pub type ChessLike = TerminalGame<Outcome>;

/// Why a game is not a chess-like game, or could not be explored.
#[derive(Debug, thiserror::Error)]
pub enum ReachError {
    /// The game does not have exactly two players.
    #[error("a chess-like game has two players (Max and Min), this one has {0}")]
    Players(u8),
    /// A terminal has no payoff.
    #[error("vertex {0}: a terminal needs a payoff of -1, 0 or 1")]
    MissingPayoff(String),
    /// The arena and payoffs do not make a terminal-payoff game.
    #[error(transparent)]
    Game(#[from] GameError),
    /// Exploring a rules-based game failed.
    #[error(transparent)]
    Explore(#[from] ExploreError),
}

/// Converts a file's game graph into a chess-like game: it must have two players, no chance
/// vertices, and every terminal must pay -1, 0 or 1 to Max (one payoff, or Max's and Min's
/// summing to zero; a terminal without a payoff is a draw). Rewards, priorities and discounts are
/// ignored.
///
/// ```
/// use kalmar_core::{Builder, Owner, Player, Rational};
/// use kalmar_core::format::GameGraph;
/// use kalmar_terminal::reach::{self, Outcome};
/// let mut b = Builder::new(2);
/// let x = b.add_vertex(Owner::Player(Player::MAX));
/// let t = b.add_vertex(Owner::Terminal);
/// b.add_edge(x, t);
/// b.add_edge(x, x);
/// let mut graph = GameGraph::new(b.build().unwrap());
/// graph.payoff[t.index()] = vec![Rational::from(1)];
/// let game = reach::from_graph(&graph).unwrap();
/// assert_eq!(*game.payoff(t), Outcome::Win);
/// graph.payoff[t.index()] = vec![Rational::from(2)];
/// assert!(reach::from_graph(&graph).unwrap_err().to_string().contains("kalmar dgg solve"));
/// ```
pub fn from_graph(graph: &kalmar_core::format::GameGraph) -> Result<ChessLike, ReachError> {
    Ok(TerminalGame::from_graph(graph, outcome_of)?)
}

/// [`from_graph`] for a graph no longer needed: its arena is taken over, not copied.
pub fn from_owned_graph(graph: kalmar_core::format::GameGraph) -> Result<ChessLike, ReachError> {
    Ok(TerminalGame::from_owned_graph(graph, outcome_of)?)
}

/// The outcome a terminal's payoff stands for, or why it stands for none.
fn outcome_of(x: &Rational) -> Result<Outcome, String> {
    Outcome::from_rational(x).ok_or_else(|| {
        format!("payoff {x} is not -1, 0 or 1; for other payoffs use `kalmar dgg solve`")
    })
}

/// Explores a rules-based two-player game and solves it by retrograde analysis. A terminal state
/// pays the sign of Max's return (`returns[0]`). Vertex `i` of the solution is the state
/// `explored.states[i]`; vertices are not named (use [`Game::state_name`] on the states), so that
/// exploring costs no string per state.
///
/// Fails if the game does not have two players, has more than `limit` reachable states, breaks
/// the [`Game`] contract or gives a terminal no return.
///
/// ```
/// use kalmar_terminal::games::nim::Nim;
/// use kalmar_terminal::reach::{self, Outcome};
/// let nim = Nim::new(vec![1, 2, 3]); // 1 ^ 2 ^ 3 == 0: the player to move loses
/// let (explored, solution) = reach::solve_implicit(&nim, 1000).unwrap();
/// let start = explored.arena.start().unwrap();
/// assert_eq!(solution.values[start.index()], Outcome::Loss);
/// ```
pub fn solve_implicit<G: Game>(
    game: &G,
    limit: usize,
) -> Result<(Explored<G::State>, ReachSolution), ReachError> {
    if game.num_players() != 2 {
        return Err(ReachError::Players(game.num_players()));
    }
    let explored = explore(game, limit, false)?;
    let chess = from_explored(&explored)?;
    let solution = solve(&chess);
    Ok((explored, solution))
}

/// The chess-like game of an explored two-player game: a terminal pays the sign of Max's return
/// (`returns[0]`). [`solve_implicit`] solves this game; build it again to check the solution.
///
/// ```
/// use kalmar_core::{explore, Certificate};
/// use kalmar_terminal::games::nim::Nim;
/// use kalmar_terminal::reach;
/// let explored = explore(&Nim::new(vec![2, 2]), 100, false).unwrap();
/// let game = reach::from_explored(&explored).unwrap();
/// assert!(reach::solve(&game).verify(&game).is_ok());
/// ```
pub fn from_explored<S>(explored: &Explored<S>) -> Result<ChessLike, ReachError> {
    let arena = &explored.arena;
    if arena.num_players() != 2 {
        return Err(ReachError::Players(arena.num_players()));
    }
    let mut payoff = vec![Outcome::Draw; arena.num_vertices()];
    for v in arena.vertices() {
        if arena.is_terminal(v) {
            let returns = explored.returns.get(v.index()).and_then(|r| r.first());
            let x = returns.ok_or_else(|| ReachError::MissingPayoff(arena.name(v).into_owned()))?;
            payoff[v.index()] = Outcome::from_sign(x.signum());
        }
    }
    Ok(TerminalGame::new(arena.clone(), payoff)?)
}

/// A solution that passed its certificate, with the time each part took: what a front end
/// shows after `kalmar reach solve`.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The solution.
    pub solution: ReachSolution,
    /// The time retrograde analysis took.
    pub solve_time: std::time::Duration,
    /// The time the independent certificate took.
    pub verify_time: std::time::Duration,
}

/// Solves `game` by retrograde analysis and checks the answer with its certificate, timing
/// both. A failed certificate is a bug in the solver, returned as the verifier's error.
///
/// ```
/// use kalmar_core::format::read_gg;
/// use kalmar_terminal::reach::{self, Outcome};
/// let graph = read_gg("kalmar-gg 1\na max -> b t\nb min -> a\nt terminal payoff=1\n").unwrap();
/// let game = reach::from_graph(&graph).unwrap();
/// let checked = reach::solve_checked(&game).unwrap();
/// assert_eq!(checked.solution.values[0], Outcome::Win);
/// ```
pub fn solve_checked(game: &ChessLike) -> Result<Checked, VerifyError> {
    let started = std::time::Instant::now();
    let solution = solve(game);
    let solve_time = started.elapsed();
    let started = std::time::Instant::now();
    solution.verify(game)?;
    Ok(Checked {
        solution,
        solve_time,
        verify_time: started.elapsed(),
    })
}

/// A strong solution of a chess-like game with depths to mate: the value of every position, for
/// each won or lost position the number of moves to the end under optimal play (the winner
/// hurrying, the loser delaying), and strategies for both players optimal in both senses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReachSolution {
    /// The value of each position (the payoff at terminals).
    pub values: Vec<Outcome>,
    /// For each non-terminal won or lost position, the number of moves until play reaches a
    /// terminal when the winner wins as fast as possible and the loser delays as long as
    /// possible; 0 at terminals and drawn positions.
    pub distance: Vec<u32>,
    /// The chosen edge at each non-terminal, Max's and Min's.
    pub strategy: Strategy,
}

impl ReachSolution {
    /// The play from `from` when both players follow the strategy: the positions visited up to
    /// a terminal, or up to and including the first position visited twice (from there play
    /// cycles forever, a draw). The line of a won or lost position has `distance + 1` positions.
    pub fn line(&self, game: &ChessLike, from: Vertex) -> Vec<Vertex> {
        let arena = game.arena();
        let mut seen = vec![false; arena.num_vertices()];
        let mut line = Vec::new();
        let mut v = from;
        while v.index() < arena.num_vertices() {
            line.push(v);
            if std::mem::replace(&mut seen[v.index()], true) {
                break;
            }
            match self.strategy.successor(arena, v) {
                Some(w) => v = w,
                None => break,
            }
        }
        line
    }
}

impl Certificate<ChessLike> for ReachSolution {
    /// Checks values, distances and both strategies by local conditions alone, in one pass over
    /// the arcs (no search, no strongly connected components):
    ///
    /// - terminals have their payoff and distance 0;
    /// - at a draw, the distance is 0, no move wins for the player to move, and that player's
    ///   strategy moves to a draw;
    /// - at a won or lost non-terminal `v`, `d(v) = 1 + min d(w)` over the successors `w` of the
    ///   same value if the owner of `v` is the winner, whose strategy moves to such a `w` at
    ///   distance `d(v) - 1`; otherwise every successor has the same value and
    ///   `d(v) = 1 + max d(w)`, and the loser's strategy moves to a successor at `d(v) - 1`.
    ///
    /// Why this proves the values: from a position won by `W`, the distances fall by one at
    /// every move of `W`'s strategy and by at least one at every move of the loser, so play
    /// reaches one of `W`'s terminals within `d(v)` moves. From a draw, or a position won by
    /// Max, Max's strategy never leaves these positions (at Min's draws every move keeps the
    /// draw or better), so Max secures at least a draw, and Min symmetrically at most one: each
    /// claimed value is secured by both sides, so it is the value. The distance equations
    /// have exactly one solution in the natural numbers (by induction on `d`: the positions at
    /// distance `k` are determined by those at distances below `k`), the depth to mate, and
    /// the strategies realise it.
    fn verify(&self, game: &ChessLike) -> Result<(), VerifyError> {
        let arena = game.arena();
        let name = |v: Vertex| arena.name(v).into_owned();
        if let Err(v) = self.strategy.check(arena) {
            return Err(VerifyError::new(format!(
                "the strategy does not choose a move of vertex {} there",
                if v.index() < arena.num_vertices() {
                    name(v)
                } else {
                    v.to_string()
                }
            )));
        }
        for (what, len) in [
            ("values", self.values.len()),
            ("distances", self.distance.len()),
        ] {
            if len != arena.num_vertices() {
                return Err(VerifyError::new(format!(
                    "{len} {what} for {} vertices",
                    arena.num_vertices()
                )));
            }
        }
        for v in arena.vertices() {
            let (value, d) = (self.values[v.index()], self.distance[v.index()]);
            let owner = match arena.owner(v) {
                Owner::Player(owner) => owner,
                _ => {
                    if value != *game.payoff(v) {
                        return Err(VerifyError::new(format!(
                            "terminal {} pays {}, not {value}",
                            name(v),
                            game.payoff(v)
                        )));
                    }
                    if d != 0 {
                        return Err(VerifyError::new(format!(
                            "vertex {} is a terminal, so its distance is 0, not {d}",
                            name(v)
                        )));
                    }
                    continue;
                }
            };
            let Some(chosen) = self.strategy.successor(arena, v) else {
                return Err(VerifyError::new(format!(
                    "the strategy chooses no move at {}",
                    name(v)
                )));
            };
            // The strategy keeps the value, at a draw as at a won or lost position.
            let keeps_value = || {
                let worth = self.values[chosen.index()];
                if worth == value {
                    return Ok(());
                }
                Err(VerifyError::new(format!(
                    "vertex {} has value {value}, but the strategy moves to {}, worth {worth}",
                    name(v),
                    name(chosen)
                )))
            };
            let Some(winner) = value.winner() else {
                if d != 0 {
                    return Err(VerifyError::new(format!(
                        "vertex {} is a draw, so its distance is 0, not {d}",
                        name(v)
                    )));
                }
                let won = Outcome::won_by(owner);
                if let Some(&w) = arena
                    .successors(v)
                    .iter()
                    .find(|w| self.values[w.index()] == won)
                {
                    return Err(VerifyError::new(format!(
                        "vertex {} is claimed a draw, but its player can move to {}, worth {won}",
                        name(v),
                        name(w)
                    )));
                }
                keeps_value()?;
                continue;
            };
            let winner = owner == winner;
            let mut expected: Option<u32> = None;
            for &w in arena.successors(v) {
                let dw = self.distance[w.index()];
                if self.values[w.index()] != value {
                    if winner {
                        continue;
                    }
                    return Err(VerifyError::new(format!(
                        "vertex {} has value {value} but its successor {} has value {}",
                        name(v),
                        name(w),
                        self.values[w.index()]
                    )));
                }
                expected = Some(match expected {
                    None => dw,
                    Some(e) if winner => e.min(dw),
                    Some(e) => e.max(dw),
                });
            }
            let expected = expected.and_then(|e| e.checked_add(1));
            if expected != Some(d) {
                return Err(VerifyError::new(format!(
                    "vertex {}: claimed distance {d}, but its successors make it {}",
                    name(v),
                    expected.map_or_else(|| "undefined".to_string(), |e| e.to_string()),
                )));
            }
            keeps_value()?;
            if self.distance[chosen.index()].checked_add(1) != Some(d) {
                return Err(VerifyError::new(format!(
                    "vertex {}: the strategy moves to {} at distance {}, not {}",
                    name(v),
                    name(chosen),
                    self.distance[chosen.index()],
                    d - 1
                )));
            }
        }
        Ok(())
    }
}
