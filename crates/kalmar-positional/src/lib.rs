//! kalmar-positional: n-player positional games on graphs.
//!
//! A positional game (Andersson, Gurvich and Hansen, *On Acyclicity of Games with Cycles*) is a
//! digraph whose positions belong to n players, with terminal positions that pay each player a
//! utility. kalmar reads such games from `.gg` files with `players N` and payoff vectors
//! (`payoff=(2,1,0)`), and also allows chance positions, whose moves carry probabilities: a
//! perfect-information game with chance, in which each player maximises an expected utility.
//!
//! What is here:
//! - [`PositionalGame`]: the game, checked to be an n-player game with a payoff vector at every
//!   terminal;
//! - [`backward_induction`]: on an acyclic game, a subgame-perfect equilibrium in positional
//!   strategies and the expected utility of every player at every position, in O((n + m) · k)
//!   rational operations for n positions, m moves and k players;
//! - [`check`]: the certificate, which recomputes the utilities of the claimed profile by its own
//!   evaluation and checks that no owner gains by changing one move anywhere (by the one-shot
//!   deviation principle, which holds in finite games, that makes the profile subgame perfect);
//! - [`solution_file`]: the JSON solution that `kalmar positional nash --output` writes and
//!   `kalmar verify` checks.
//!
//! Games with cycles, where every infinite play is one outcome that each player ranks anywhere,
//! are refused: their equilibria need the improvement dynamics of the paper, not backward
//! induction.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_positional::{PositionalGame, backward_induction, check};
//! let graph = read_gg(
//!     "kalmar-gg 1\nplayers 3\nstart a\na player0 -> b x\nb player1 -> y z\n\
//!      x terminal payoff=(1,1,1)\ny terminal payoff=(2,0,0)\nz terminal payoff=(0,2,0)\n",
//! )
//! .unwrap();
//! let game = PositionalGame::from_graph(&graph).unwrap();
//! let equilibrium = backward_induction::solve(&game).unwrap();
//! // Player 1 would take z (utility 2), which gives player 0 nothing: player 0 stops at x.
//! assert_eq!(equilibrium.values[game.start().index()][0].to_string(), "1");
//! assert!(check::check(&game, &equilibrium).is_ok());
//! ```
#![deny(missing_docs)]

pub mod backward_induction;
pub mod check;
pub mod solution_file;

use kalmar_core::format::GameGraph;
use kalmar_core::{Arena, Owner, Rational, Strategy, Vertex};

/// An n-player game on a graph: positions owned by players or chance, terminals paying one
/// utility to each player.
#[derive(Clone, Debug)]
pub struct PositionalGame {
    arena: Arena,
    payoff: Vec<Vec<Rational>>,
    start: Vertex,
}

/// A profile of positional strategies with the expected utilities it gives at every position.
#[derive(Clone, Debug, PartialEq)]
pub struct Equilibrium {
    /// Per position, the expected utility of each player when play starts there.
    pub values: Vec<Vec<Rational>>,
    /// The move each player's position takes (chance positions and terminals have none).
    pub strategy: Strategy,
}

/// Why a game graph is not a positional game kalmar solves.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum FromGraphError {
    /// A label this family has no use for.
    #[error(
        "a positional game has payoff vectors at terminals only; this one has {0} (see the families in `kalmar solve --help`)"
    )]
    Unsupported(&'static str),
    /// A position of a player or of chance without moves.
    #[error(
        "position {0} has no moves; a position where play ends must be a terminal with payoffs"
    )]
    NoMoves(String),
    /// A terminal whose payoff vector does not have one utility per player.
    #[error("terminal {vertex} has {found} payoffs, but the game has {players} players")]
    PayoffLength {
        /// The terminal's name.
        vertex: String,
        /// Its number of payoffs.
        found: usize,
        /// The number of players.
        players: usize,
    },
}

impl PositionalGame {
    /// The positional game of a game graph: every terminal must pay one utility per player, and
    /// the graph may have no priorities, rewards, discount or observations.
    pub fn from_graph(graph: &GameGraph) -> Result<PositionalGame, FromGraphError> {
        let unsupported = [
            (graph.priority.is_some(), "priorities"),
            (graph.reward.is_some(), "rewards"),
            (graph.discount.is_some(), "a discount factor"),
            (graph.observation.is_some(), "observations"),
        ];
        if let Some((_, label)) = unsupported.iter().find(|(present, _)| *present) {
            return Err(FromGraphError::Unsupported(label));
        }
        let arena = &graph.arena;
        let players = usize::from(arena.num_players());
        if let Some(v) = arena
            .vertices()
            .find(|&v| !arena.is_terminal(v) && arena.out_degree(v) == 0)
        {
            return Err(FromGraphError::NoMoves(arena.name(v).into_owned()));
        }
        for v in arena.vertices().filter(|&v| arena.is_terminal(v)) {
            let found = graph.payoff[v.index()].len();
            if found != players {
                return Err(FromGraphError::PayoffLength {
                    vertex: arena.name(v).into_owned(),
                    found,
                    players,
                });
            }
        }
        Ok(PositionalGame {
            arena: arena.clone(),
            payoff: graph.payoff.clone(),
            start: arena.start().unwrap_or(Vertex::new(0)),
        })
    }

    /// The graph.
    pub fn arena(&self) -> &Arena {
        &self.arena
    }

    /// The number of players.
    pub fn num_players(&self) -> usize {
        usize::from(self.arena.num_players())
    }

    /// The utilities a terminal pays, one per player (empty for other positions).
    pub fn payoff(&self, v: Vertex) -> &[Rational] {
        &self.payoff[v.index()]
    }

    /// The position play starts from (the file's `start`, else the first position).
    pub fn start(&self) -> Vertex {
        self.start
    }

    /// The player who moves at `v`, if a player does.
    pub fn mover(&self, v: Vertex) -> Option<usize> {
        match self.arena.owner(v) {
            Owner::Player(p) => Some(p.index()),
            Owner::Chance | Owner::Terminal => None,
        }
    }
}

/// Whether a game graph is best read as an n-player game: more than two players, or payoff
/// vectors with more than one entry (a two-player game that is not zero-sum).
pub fn is_positional(graph: &GameGraph) -> bool {
    graph.arena.num_players() > 2 || graph.payoff.iter().any(|p| p.len() > 1)
}
