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
//! Games with cycles, where every infinite play is one outcome `c` that each player ranks
//! anywhere (the `cycle` line of `.gg`), are the paper's subject, in pure positional strategies
//! and without chance:
//! - [`play`]: the play and outcome of a profile, in O(n);
//! - [`deviation`]: the certificate of a Nash equilibrium: each player's best outcome over all
//!   its deviations, by reachability, in O(k · (n + m));
//! - [`brute_force`]: every profile tried, with a size guard: the oracle, and the count of all
//!   equilibria;
//! - [`exact`]: one equilibrium or the proof that there is none, by a search over partial
//!   profiles that an attractor per player prunes, for any number of players;
//! - [`win_lose`]: two players with utilities ±1, an equilibrium in linear time by an attractor
//!   (Proposition 2);
//! - [`lazy`]: a player's deviation to a chosen outcome that changes the fewest decisions
//!   (Proposition 1), by 0-1 shortest paths;
//! - [`improvement`]: restricted improvement dynamics; for two players, strong improvements
//!   always end in an equilibrium (Theorem 3), and the steps are counted; [`longest_run`]: the
//!   most steps any rule can take from any profile, on small games;
//! - [`ricycle`]: a restricted improvement cycle of a game, by search in the graph of
//!   profiles; [`preference_search`]: given only a game form, a cycle and preferences that make
//!   it an ri-cycle, or a proof that none do; [`cycle_certificate`]: the check of either;
//!   [`form_search`]: random game forms searched for such preferences, as §2's examples are
//!   found;
//! - [`normal_form`]: every pure positional strategy of every player and the outcome of every
//!   profile, as a Gambit `.nfg` table with a size guard;
//! - [`summary`]: what a game is before it is solved (players, positions, moves, whether play
//!   can cycle, the number of strategies and profiles, win-lose or not), as data.
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
pub mod brute_force;
pub mod check;
pub mod cycle_certificate;
pub mod deviation;
pub mod exact;
pub mod form_search;
pub mod generate;
pub mod improvement;
pub mod lazy;
pub mod longest_run;
pub mod nash;
pub mod normal_form;
pub mod play;
pub mod preference_search;
pub mod preferences;
pub mod restricted;
pub mod ricycle;
pub mod solution_file;
pub mod summary;
pub mod win_lose;

pub use play::{Outcome, Play, play};

use kalmar_core::format::GameGraph;
use kalmar_core::{Arena, Owner, Rational, Strategy, Vertex};

/// An n-player game on a graph: positions owned by players or chance, terminals paying one
/// utility to each player.
#[derive(Clone, Debug)]
pub struct PositionalGame {
    arena: Arena,
    payoff: Vec<Vec<Rational>>,
    cycle: Vec<Rational>,
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
        let cycle = match &graph.cycle {
            Some(cycle) if cycle.len() != players => {
                return Err(FromGraphError::PayoffLength {
                    vertex: "cycle".into(),
                    found: cycle.len(),
                    players,
                });
            }
            Some(cycle) => cycle.clone(),
            None => vec![Rational::from(0); players],
        };
        Ok(PositionalGame {
            arena: Arena::clone(arena),
            payoff: graph.payoff.clone(),
            cycle,
            start: arena.start().unwrap_or(Vertex::new(0)),
        })
    }

    /// The game form of a game graph, for searches that ignore utilities
    /// ([`preference_search`]): like [`PositionalGame::from_graph`], but terminals may have no
    /// payoffs (they get 0 for every player).
    pub fn from_form(graph: &GameGraph) -> Result<PositionalGame, FromGraphError> {
        let players = usize::from(graph.arena.num_players());
        let mut graph = graph.clone();
        for v in graph
            .arena
            .vertices()
            .filter(|&v| graph.arena.is_terminal(v))
        {
            if graph.payoff[v.index()].is_empty() {
                graph.payoff[v.index()] = vec![Rational::from(0); players];
            }
        }
        PositionalGame::from_graph(&graph)
    }

    /// The game as a game graph, for writing as `.gg`: payoff vectors at the terminals and the
    /// utilities of infinite play as its `cycle` line.
    pub fn to_graph(&self) -> GameGraph {
        let mut graph = GameGraph::new(self.arena.clone());
        graph.payoff = self.payoff.clone();
        graph.cycle = Some(self.cycle.clone());
        graph
    }

    /// Gives `player` utility `value` for `outcome`.
    pub fn set_utility(&mut self, outcome: Outcome, player: usize, value: Rational) {
        match outcome {
            Outcome::Terminal(v) => self.payoff[v.index()][player] = value,
            Outcome::Cycle => self.cycle[player] = value,
        }
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

    /// The utilities of infinite play, the outcome `c` (the `cycle` line of `.gg`; 0 to every
    /// player when the file has none, as in the terminal-payoff model).
    pub fn cycle_payoff(&self) -> &[Rational] {
        &self.cycle
    }

    /// The utilities of an outcome.
    pub fn utility(&self, outcome: Outcome) -> &[Rational] {
        match outcome {
            Outcome::Terminal(v) => self.payoff(v),
            Outcome::Cycle => &self.cycle,
        }
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

/// Whether a game graph is best read as an n-player game: more than two players, utilities of
/// infinite play (`cycle`), or payoff vectors with more than one entry (a two-player game that
/// is not zero-sum).
pub fn is_positional(graph: &GameGraph) -> bool {
    graph.arena.num_players() > 2
        || graph.cycle.is_some()
        || graph.payoff.iter().any(|p| p.len() > 1)
}
