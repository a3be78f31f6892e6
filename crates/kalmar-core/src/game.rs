//! Implicit games: a game given by its rules rather than by its graph, in the spirit of
//! OpenSpiel's `Game`/`State`, and [`explore`], which turns one into an [`Arena`].
//!
//! A rules-based game says who moves in a state, which actions are legal, what state an action
//! leads to and what a terminal state pays. States are values (`Clone + Eq + Hash`), so the same
//! position reached along different paths is one vertex, and cycles appear where the rules allow
//! a position to repeat.
//!
//! ```
//! use kalmar_core::{Game, Player, Rational, Turn, explore};
//! /// A pile of counters; a move takes one or two; who cannot move loses.
//! struct Pile(u32);
//! impl Game for Pile {
//!     type State = (u32, u8);
//!     type Action = u32;
//!     fn num_players(&self) -> u8 { 2 }
//!     fn initial_state(&self) -> (u32, u8) { (self.0, 0) }
//!     fn turn(&self, s: &(u32, u8)) -> Turn {
//!         if s.0 == 0 { Turn::Terminal } else { Turn::Player(Player(s.1)) }
//!     }
//!     fn legal_actions(&self, s: &(u32, u8), actions: &mut Vec<u32>) {
//!         actions.extend((1..=2).filter(|&k| k <= s.0));
//!     }
//!     fn apply(&self, s: &(u32, u8), k: &u32) -> (u32, u8) { (s.0 - k, 1 - s.1) }
//!     fn returns(&self, s: &(u32, u8)) -> Vec<Rational> {
//!         // The player to move at the end cannot move and loses.
//!         let max_won = s.1 == 1;
//!         vec![Rational::from(if max_won { 1 } else { -1 })]
//!     }
//! }
//! let explored = explore(&Pile(4), 100, false).unwrap();
//! assert_eq!(explored.arena.num_vertices(), 8); // the (pile, player to move) states reached
//! assert_eq!(explored.arena.num_edges(), 10);
//! assert!(explored.vertex(&(0, 1)).is_some());
//! ```

use crate::{Arena, BuildError, Builder, Owner, Player, Rational, Vertex};
use foldhash::{HashMap, HashMapExt};
use std::fmt;
use std::hash::Hash;

/// Who acts in a state of an implicit game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// This player chooses an action.
    Player(Player),
    /// Play has ended; see [`Game::returns`].
    Terminal,
}

/// A game given by its rules.
///
/// Contract: `legal_actions` is non-empty exactly when `turn` is a player; `returns` is called
/// only on terminal states and gives one payoff per player (a zero-sum game gives `[x, -x]`).
pub trait Game {
    /// A position, including whose turn it is and any other state the rules need.
    type State: Clone + Eq + Hash + fmt::Debug;
    /// A move.
    type Action: Clone + fmt::Debug;

    /// The number of players.
    fn num_players(&self) -> u8;
    /// The starting position.
    fn initial_state(&self) -> Self::State;
    /// Who acts in `state`.
    fn turn(&self, state: &Self::State) -> Turn;
    /// Appends the legal actions in `state` to `actions`.
    fn legal_actions(&self, state: &Self::State, actions: &mut Vec<Self::Action>);
    /// The state after `action` in `state`.
    fn apply(&self, state: &Self::State, action: &Self::Action) -> Self::State;
    /// The payoffs of a terminal state, one per player.
    fn returns(&self, state: &Self::State) -> Vec<Rational>;
    /// A short human-readable name of `state`.
    fn state_name(&self, state: &Self::State) -> String {
        format!("{state:?}")
    }
}

/// An implicit game made explicit: the arena of all reachable states.
#[derive(Clone, Debug)]
pub struct Explored<S> {
    /// The game graph; vertex `i` is `states[i]` and the start vertex is the initial state.
    pub arena: Arena,
    /// The state of each vertex.
    pub states: Vec<S>,
    /// The payoffs of each terminal vertex (empty for non-terminals).
    pub returns: Vec<Vec<Rational>>,
    index: HashMap<S, Vertex>,
}

impl<S: Eq + Hash> Explored<S> {
    /// The vertex of `state`, if it is reachable.
    pub fn vertex(&self, state: &S) -> Option<Vertex> {
        self.index.get(state).copied()
    }
}

/// Why [`explore`] stopped.
#[derive(Debug)]
pub enum ExploreError {
    /// More than the allowed number of states are reachable.
    TooManyStates {
        /// The limit that was passed.
        limit: usize,
    },
    /// The rules broke the [`Game`] contract (for example a player with no legal action).
    Rules(BuildError),
}

impl fmt::Display for ExploreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExploreError::TooManyStates { limit } => {
                write!(f, "the game has more than {limit} reachable states")
            }
            ExploreError::Rules(e) => write!(f, "the rules do not define a valid game graph: {e}"),
        }
    }
}

impl std::error::Error for ExploreError {}

/// Explores all states reachable from the initial state, breadth first, and builds their arena.
/// Refuses with [`ExploreError::TooManyStates`] rather than exhausting memory when more than
/// `limit` states are reachable. Names are given to vertices when `named` is set.
///
/// # Complexity
/// O(states + moves) calls of the rules and expected O(1) hashing per move.
pub fn explore<G: Game>(
    game: &G,
    limit: usize,
    named: bool,
) -> Result<Explored<G::State>, ExploreError> {
    let limit = limit.min(Vertex::LIMIT - 1);
    let mut builder = Builder::new(game.num_players());
    let mut states = vec![game.initial_state()];
    let mut index = HashMap::new();
    index.insert(states[0].clone(), Vertex(0));
    let mut returns = Vec::new();
    let mut edges = Vec::new();
    let mut actions = Vec::new();
    let mut head = 0;
    while head < states.len() {
        let v = Vertex::new(head);
        let state = states[head].clone();
        head += 1;
        match game.turn(&state) {
            Turn::Terminal => {
                builder.add_vertex(Owner::Terminal);
                returns.push(game.returns(&state));
            }
            Turn::Player(p) => {
                builder.add_vertex(Owner::Player(p));
                returns.push(Vec::new());
                actions.clear();
                game.legal_actions(&state, &mut actions);
                for action in &actions {
                    let next = game.apply(&state, action);
                    let w = match index.get(&next) {
                        Some(&w) => w,
                        None => {
                            if states.len() >= limit {
                                return Err(ExploreError::TooManyStates { limit });
                            }
                            let w = Vertex::new(states.len());
                            index.insert(next.clone(), w);
                            states.push(next);
                            w
                        }
                    };
                    edges.push((v, w));
                }
            }
        }
        if named {
            builder.set_name(v, game.state_name(&state));
        }
    }
    for (v, w) in edges {
        builder.add_edge(v, w);
    }
    builder.set_start(Vertex(0));
    let arena = builder.build().map_err(ExploreError::Rules)?;
    Ok(Explored {
        arena,
        states,
        returns,
        index,
    })
}
