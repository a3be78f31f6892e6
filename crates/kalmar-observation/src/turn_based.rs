//! Turn-based games with observations, Reif's setting: a `.gg` game graph whose vertices carry
//! observations (`obs=`).
//!
//! The system owns the `max` (player 0) positions, the environment the `min` (player 1) ones.
//! A position without `obs=` is observed by its own name (so it looks like no other position,
//! unless another one has `obs=` that name). Whose turn it is must be observable: the
//! positions of one observation that have moves belong to one player. The last player to move
//! wins (a terminal entered by a move of the system is a dead end of the environment, and the
//! other way round; terminals carry no payoffs); infinite play is won by the environment, or, when the file has priorities,
//! decided by max-parity on observations (even: the system wins), so priorities must be equal
//! on the positions of one observation.
//!
//! [`TurnBased::to_game`] makes it an [`ObservationGame`]: the same locations; at a system
//! position one action per observation of a successor (the system names its move by what it
//! will see), at an environment position the single action `(environment)`; terminals entered
//! by the system are the target, terminals entered by the environment have no moves (the system
//! is stuck there and loses).
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_observation::{Side, TurnBased, knowledge};
//! // The system cannot tell l from r, but the move it names by what it will see, w, ends
//! // the game at both: the system moves last and wins.
//! let graph = read_gg("kalmar-gg 1\nplayers 2\nstart s\ns min -> l r\nl max obs=x -> w\n\
//!                      r max obs=x -> w\nw terminal\n").unwrap();
//! let game = TurnBased::from_graph(&graph).unwrap().to_game();
//! assert_eq!(game.num_locations(), 4);
//! assert_eq!(knowledge::solve(&game).winner, Side::System);
//! ```

use super::{GameBuilder, ObservationGame};
use foldhash::{HashMap, HashMapExt};
use kalmar_core::format::GameGraph;
use kalmar_core::{Arena, Owner, Player, Vertex};

/// The name of the environment's single action in a turn-based game.
pub const ENVIRONMENT_MOVE: &str = "(environment)";

/// A turn-based game with observations.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnBased {
    /// The game graph (two players, no chance).
    pub arena: Arena,
    /// Per vertex, its observation.
    pub observation: Vec<u32>,
    /// Per observation, its name.
    pub observation_names: Vec<String>,
    /// Per observation, its priority (all 1, the environment winning infinite play, when the
    /// file has none).
    pub priority: Vec<u32>,
}

/// Why a game graph is not a turn-based game with observations.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TurnBasedError {
    /// The game does not have two players.
    #[error(
        "an observation game has two players, the system (max) and the environment (min); this one has {0}"
    )]
    Players(u8),
    /// A vertex belongs to chance.
    #[error("vertex {0}: belongs to chance, but an observation game has no moves of chance")]
    Chance(String),
    /// A terminal has a payoff, which the last-mover rule would ignore.
    #[error(
        "terminal {0} has a payoff, but in an observation game the last player to move wins; \
         remove the payoffs"
    )]
    Payoff(String),
    /// No start vertex.
    #[error("the game has no start vertex (add a line 'start NAME')")]
    NoStart,
    /// Positions of both players share an observation.
    #[error(
        "vertices {0} and {1} share the observation '{2}' but belong to different players \
         (whose turn it is must be observable)"
    )]
    MixedTurn(String, String, String),
    /// Positions of one observation have different priorities.
    #[error(
        "vertices {0} and {1} share the observation '{2}' but have different priorities \
         (priorities belong to observations)"
    )]
    MixedPriority(String, String, String),
    /// A terminal is entered by moves of both players, so the last mover is not known there.
    #[error(
        "terminal {0} is entered by moves of both players; give each player its own terminal \
         (the last player to move wins)"
    )]
    SharedTerminal(String),
}

impl TurnBased {
    /// Reads the turn-based game of a file's game graph.
    pub fn from_graph(graph: &GameGraph) -> Result<TurnBased, TurnBasedError> {
        let arena = &graph.arena;
        if arena.num_players() != 2 {
            return Err(TurnBasedError::Players(arena.num_players()));
        }
        if let Some(v) = arena.vertices().find(|&v| arena.owner(v) == Owner::Chance) {
            return Err(TurnBasedError::Chance(arena.name(v).into_owned()));
        }
        if arena.start().is_none() {
            return Err(TurnBasedError::NoStart);
        }
        if let Some(v) = arena
            .vertices()
            .find(|v| !graph.payoff[v.index()].is_empty())
        {
            return Err(TurnBasedError::Payoff(arena.name(v).into_owned()));
        }
        let mut ids: HashMap<String, u32> = HashMap::new();
        let mut observation = Vec::with_capacity(arena.num_vertices());
        let mut observation_names: Vec<String> = Vec::new();
        for v in arena.vertices() {
            let name = match graph
                .observation
                .as_ref()
                .and_then(|o| o.get(v.index())?.as_deref())
            {
                Some(given) => given.to_string(),
                None => arena.name(v).into_owned(),
            };
            let next = observation_names.len() as u32;
            let id = *ids.entry(name.clone()).or_insert(next);
            if id == next {
                observation_names.push(name);
            }
            observation.push(id);
        }
        // The first non-terminal vertex of each observation, to compare the others with.
        let mut first: Vec<Option<Vertex>> = vec![None; observation_names.len()];
        let given_priority = graph.priority.as_ref();
        for v in arena.vertices().filter(|&v| !arena.is_terminal(v)) {
            let o = observation[v.index()] as usize;
            let Some(u) = first[o] else {
                first[o] = Some(v);
                continue;
            };
            let names = || {
                (
                    arena.name(u).into_owned(),
                    arena.name(v).into_owned(),
                    observation_names[o].clone(),
                )
            };
            if arena.owner(u) != arena.owner(v) {
                let (a, b, c) = names();
                return Err(TurnBasedError::MixedTurn(a, b, c));
            }
            if let Some(p) = given_priority
                && p[u.index()] != p[v.index()]
            {
                let (a, b, c) = names();
                return Err(TurnBasedError::MixedPriority(a, b, c));
            }
        }
        for v in arena.vertices().filter(|&v| arena.is_terminal(v)) {
            let mut movers = arena.predecessors(v).iter().map(|&u| arena.owner(u));
            if let Some(m) = movers.next()
                && movers.any(|o| o != m)
            {
                return Err(TurnBasedError::SharedTerminal(arena.name(v).into_owned()));
            }
        }
        let priority = first
            .iter()
            .map(|v| match (v, given_priority) {
                (Some(v), Some(p)) => p[v.index()],
                _ => 1,
            })
            .collect();
        Ok(TurnBased {
            arena: kalmar_core::Arena::clone(arena),
            observation,
            observation_names,
            priority,
        })
    }

    /// Whether `v` is a position of the system.
    pub fn is_system(&self, v: Vertex) -> bool {
        self.arena.owner(v) == Owner::Player(Player::MAX)
    }

    /// Whether the terminal `v` was entered by a move of the system (so the system wins there).
    pub fn won_by_system(&self, v: Vertex) -> bool {
        self.arena
            .predecessors(v)
            .first()
            .is_some_and(|&u| self.is_system(u))
    }

    /// The game as an [`ObservationGame`] (see the [module documentation](self)). Location `i`
    /// is vertex `i`; action `o` is "move to observation `o`", and the last action, when there
    /// are environment positions, is the environment's move.
    pub fn to_game(&self) -> ObservationGame {
        let arena = &self.arena;
        let mut b = GameBuilder::new();
        for (name, &p) in self.observation_names.iter().zip(&self.priority) {
            b.add_observation(name.as_str(), p);
            b.add_action(name.as_str());
        }
        let environment = b.add_action(ENVIRONMENT_MOVE);
        for v in arena.vertices() {
            b.add_location(arena.name(v), self.observation[v.index()]);
        }
        for v in arena.vertices() {
            let l = v.index() as u32;
            if arena.is_terminal(v) {
                if self.won_by_system(v) {
                    b.add_target(l);
                }
                continue;
            }
            for &w in arena.successors(v) {
                let action = if self.is_system(v) {
                    self.observation[w.index()]
                } else {
                    environment
                };
                b.add_move(l, action, w.index() as u32);
            }
        }
        if let Some(s) = arena.start() {
            b.add_initial(s.index() as u32);
        }
        b.build()
            .expect("a turn-based game has a start and fits the ids")
    }
}
