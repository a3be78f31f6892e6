//! The games: the four classes over one arena, their file forms and exact evaluation of a
//! strategy pair, the class a file belongs to, and what a solver returns.

use crate::chain;
use crate::model::Model;
use kalmar_core::format::GameGraph;
use kalmar_core::{Arena, Owner, Rational, Strategy, Vertex};
use serde::Serialize;

/// Why a game graph is not a game of the class asked for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StochasticError {
    /// The game has no vertices.
    #[error("the game has no positions")]
    Empty,
    /// The arena is not declared with two players.
    #[error("a stochastic game has two players, Max and Min (and chance); this one has {0}")]
    Players(u8),
    /// A terminal's payoff is not a single number (Max's) or a zero-sum pair.
    #[error("vertex {0}: {1}")]
    Payoff(String, String),
    /// A game of infinite play has a terminal.
    #[error(
        "vertex {0}: has no moves, but a {1} game is played forever (give it a self-loop instead)"
    )]
    Terminal(String, &'static str),
    /// A discounted game without a discount factor.
    #[error("a discounted game needs a discount factor (a line such as `discount 9/10`)")]
    NoDiscount,
    /// A game of rewards without rewards.
    #[error("a {0} game needs rewards (`reward=R` on its vertices)")]
    NoRewards(&'static str),
    /// A parity game without priorities.
    #[error("a parity game needs priorities (`priority=N` on its vertices)")]
    NoPriorities,
}

/// Checks that an arena can carry a stochastic two-player game.
fn check_arena(arena: &Arena) -> Result<(), StochasticError> {
    if arena.num_vertices() == 0 {
        return Err(StochasticError::Empty);
    }
    if arena.num_players() != 2 {
        return Err(StochasticError::Players(arena.num_players()));
    }
    Ok(())
}

/// Checks that a game of infinite play has no terminal.
fn check_infinite(arena: &Arena, class: &'static str) -> Result<(), StochasticError> {
    match arena.vertices().find(|&v| arena.is_terminal(v)) {
        Some(v) => Err(StochasticError::Terminal(arena.name(v).into_owned(), class)),
        None => Ok(()),
    }
}

/// A stochastic terminal-payoff game: Max, Min and chance vertices, and terminals that pay Max a
/// rational payoff; infinite play pays 0.
#[derive(Clone, Debug, PartialEq)]
pub struct TerminalPayoffGame {
    arena: Arena,
    payoff: Vec<Rational>,
}

impl TerminalPayoffGame {
    /// The game on `arena` paying `payoff[t]` at each terminal `t` (entries at other vertices are
    /// ignored and stored as zero).
    ///
    /// # Panics
    /// If `payoff` does not have one entry per vertex.
    pub fn new(arena: Arena, mut payoff: Vec<Rational>) -> Result<Self, StochasticError> {
        check_arena(&arena)?;
        assert_eq!(payoff.len(), arena.num_vertices(), "one payoff per vertex");
        for v in arena.vertices() {
            if !arena.is_terminal(v) {
                payoff[v.index()] = Rational::ZERO;
            }
        }
        Ok(TerminalPayoffGame { arena, payoff })
    }

    /// The game of a file's game graph: a terminal pays Max the single entry of its payoff vector
    /// (or the first of a zero-sum pair); a terminal without a payoff pays 0. Rewards, priorities
    /// and a discount factor are not part of this class and are ignored.
    pub fn from_graph(graph: &GameGraph) -> Result<Self, StochasticError> {
        let arena = &graph.arena;
        check_arena(arena)?;
        let mut payoff = Vec::with_capacity(arena.num_vertices());
        for v in arena.vertices() {
            let given = graph.payoff.get(v.index()).map_or(&[][..], Vec::as_slice);
            payoff.push(match given {
                [] => Rational::ZERO,
                [x] => x.clone(),
                [x, y] if (x + y).is_zero() => x.clone(),
                _ => {
                    return Err(StochasticError::Payoff(
                        arena.name(v).into_owned(),
                        "a two-player zero-sum game gives one payoff (Max's), or two that sum to 0"
                            .into(),
                    ));
                }
            });
        }
        TerminalPayoffGame::new(kalmar_core::Arena::clone(arena), payoff)
    }

    /// The game graph.
    pub fn arena(&self) -> &Arena {
        &self.arena
    }

    /// The payoff of terminal `t` (zero elsewhere).
    pub fn payoff(&self, t: Vertex) -> &Rational {
        &self.payoff[t.index()]
    }

    /// The payoffs of all vertices (zero at non-terminals).
    pub fn payoffs(&self) -> &[Rational] {
        &self.payoff
    }

    /// The file form of the game: its arena and each terminal's payoff.
    pub fn to_graph(&self) -> GameGraph {
        let mut graph = GameGraph::new(self.arena.clone());
        for t in self.arena.vertices().filter(|&t| self.arena.is_terminal(t)) {
            graph.payoff[t.index()] = vec![self.payoff[t.index()].clone()];
        }
        graph
    }

    /// Whether this is a simple stochastic game in Condon's sense: every chance vertex tosses a
    /// fair coin between two moves, and every terminal pays 0 or 1.
    pub fn is_simple(&self) -> bool {
        let half = Rational::new(1, 2);
        self.arena.vertices().all(|v| match self.arena.owner(v) {
            Owner::Chance => {
                self.arena.out_degree(v) == 2
                    && self
                        .arena
                        .out_edges(v)
                        .all(|e| self.arena.probability(e) == Some(&half))
            }
            Owner::Terminal => {
                self.payoff[v.index()].is_zero() || self.payoff[v.index()] == Rational::ONE
            }
            Owner::Player(_) => true,
        })
    }

    /// The exact value of every vertex when both players follow `profile`.
    ///
    /// # Panics
    /// If `profile` has no move at some player's vertex.
    pub fn evaluate(&self, profile: &Strategy) -> Vec<Rational> {
        chain::evaluate(&self.model(), profile)
    }

    pub(crate) fn model(&self) -> Model<'_> {
        Model {
            arena: &self.arena,
            payoff: &self.payoff,
            reward: None,
            discount: None,
        }
    }
}

/// A stochastic discounted-payoff game: Max receives `sum_i beta^i r(v_i)` for the rewards `r` of
/// the vertices `v_0, v_1, …` of the play. Played forever: no terminals.
#[derive(Clone, Debug, PartialEq)]
pub struct DiscountedGame {
    arena: Arena,
    reward: Vec<Rational>,
    discount: Rational,
    /// Zero at every vertex (there are no terminals): the terminal payoffs of the shared model.
    zero: Vec<Rational>,
}

impl DiscountedGame {
    /// The game on `arena` with these rewards and discount factor `beta`, `0 < beta < 1`.
    ///
    /// # Panics
    /// If `reward` does not have one entry per vertex or `beta` is not strictly between 0 and 1.
    pub fn new(
        arena: Arena,
        reward: Vec<Rational>,
        beta: Rational,
    ) -> Result<Self, StochasticError> {
        check_arena(&arena)?;
        check_infinite(&arena, "discounted")?;
        assert_eq!(reward.len(), arena.num_vertices(), "one reward per vertex");
        assert!(
            beta.signum().is_gt() && beta < Rational::ONE,
            "0 < beta < 1"
        );
        let zero = vec![Rational::ZERO; arena.num_vertices()];
        Ok(DiscountedGame {
            arena,
            reward,
            discount: beta,
            zero,
        })
    }

    /// The game of a file's game graph: its rewards (0 where a vertex has none) and its
    /// discount factor.
    pub fn from_graph(graph: &GameGraph) -> Result<Self, StochasticError> {
        let beta = graph.discount.clone().ok_or(StochasticError::NoDiscount)?;
        let reward = graph
            .reward
            .clone()
            .unwrap_or_else(|| vec![Rational::ZERO; graph.arena.num_vertices()]);
        DiscountedGame::new(kalmar_core::Arena::clone(&graph.arena), reward, beta)
    }

    /// The game graph.
    pub fn arena(&self) -> &Arena {
        &self.arena
    }

    /// The reward of every vertex.
    pub fn rewards(&self) -> &[Rational] {
        &self.reward
    }

    /// The discount factor.
    pub fn discount(&self) -> &Rational {
        &self.discount
    }

    /// The file form of the game: its arena, rewards and discount factor.
    pub fn to_graph(&self) -> GameGraph {
        let mut graph = GameGraph::new(self.arena.clone());
        graph.reward = Some(self.reward.clone());
        graph.discount = Some(self.discount.clone());
        graph
    }

    /// The exact value of every vertex when both players follow `profile`.
    ///
    /// # Panics
    /// If `profile` has no move at some player's vertex.
    pub fn evaluate(&self, profile: &Strategy) -> Vec<Rational> {
        chain::evaluate(&self.model(), profile)
    }

    pub(crate) fn model(&self) -> Model<'_> {
        Model {
            arena: &self.arena,
            payoff: &self.zero,
            reward: Some(&self.reward),
            discount: Some(&self.discount),
        }
    }
}

/// A stochastic mean-payoff game: Max receives the limiting average
/// `liminf_n (r(v_0) + … + r(v_n)) / (n + 1)` of the rewards of the play. Played forever.
#[derive(Clone, Debug, PartialEq)]
pub struct MeanPayoffGame {
    arena: Arena,
    reward: Vec<Rational>,
}

impl MeanPayoffGame {
    /// The game on `arena` with these rewards.
    ///
    /// # Panics
    /// If `reward` does not have one entry per vertex.
    pub fn new(arena: Arena, reward: Vec<Rational>) -> Result<Self, StochasticError> {
        check_arena(&arena)?;
        check_infinite(&arena, "mean-payoff")?;
        assert_eq!(reward.len(), arena.num_vertices(), "one reward per vertex");
        Ok(MeanPayoffGame { arena, reward })
    }

    /// The game of a file's game graph and its rewards.
    pub fn from_graph(graph: &GameGraph) -> Result<Self, StochasticError> {
        let reward = graph
            .reward
            .clone()
            .ok_or(StochasticError::NoRewards("mean-payoff"))?;
        MeanPayoffGame::new(kalmar_core::Arena::clone(&graph.arena), reward)
    }

    /// The game graph.
    pub fn arena(&self) -> &Arena {
        &self.arena
    }

    /// The reward of every vertex.
    pub fn rewards(&self) -> &[Rational] {
        &self.reward
    }

    /// The file form of the game: its arena and rewards.
    pub fn to_graph(&self) -> GameGraph {
        let mut graph = GameGraph::new(self.arena.clone());
        graph.reward = Some(self.reward.clone());
        graph
    }

    /// The exact limiting average reward of every vertex when both players follow `profile`.
    ///
    /// # Panics
    /// If `profile` has no move at some player's vertex.
    pub fn evaluate(&self, profile: &Strategy) -> Vec<Rational> {
        chain::mean_payoff(&self.arena, &self.reward, profile)
    }
}

/// Which parity of the largest priority seen infinitely often makes Max (player 0) win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ParityConvention {
    /// Max wins when it is even: PGSolver's convention and kalmar's parity games.
    EvenWins,
    /// Max wins when it is odd: the convention of Andersson and Miltersen (their Player 1 is
    /// kalmar's Max).
    OddWins,
}

/// A stochastic parity game: the value of a vertex is the probability that Max wins.
#[derive(Clone, Debug, PartialEq)]
pub struct StochasticParityGame {
    arena: Arena,
    priority: Vec<u32>,
    convention: ParityConvention,
}

impl StochasticParityGame {
    /// The game on `arena` with these priorities, read in `convention`.
    ///
    /// # Panics
    /// If `priority` does not have one entry per vertex.
    pub fn new(
        arena: Arena,
        priority: Vec<u32>,
        convention: ParityConvention,
    ) -> Result<Self, StochasticError> {
        check_arena(&arena)?;
        check_infinite(&arena, "parity")?;
        assert_eq!(
            priority.len(),
            arena.num_vertices(),
            "one priority per vertex"
        );
        Ok(StochasticParityGame {
            arena,
            priority,
            convention,
        })
    }

    /// The game of a file's game graph and its priorities.
    pub fn from_graph(
        graph: &GameGraph,
        convention: ParityConvention,
    ) -> Result<Self, StochasticError> {
        let priority = graph
            .priority
            .clone()
            .ok_or(StochasticError::NoPriorities)?;
        StochasticParityGame::new(
            kalmar_core::Arena::clone(&graph.arena),
            priority,
            convention,
        )
    }

    /// The game graph.
    pub fn arena(&self) -> &Arena {
        &self.arena
    }

    /// The priority of every vertex.
    pub fn priorities(&self) -> &[u32] {
        &self.priority
    }

    /// The convention the priorities are read in.
    pub fn convention(&self) -> ParityConvention {
        self.convention
    }

    /// The exact probability that Max wins from every vertex when both players follow
    /// `profile`.
    ///
    /// # Panics
    /// If `profile` has no move at some player's vertex.
    pub fn evaluate(&self, profile: &Strategy) -> Vec<Rational> {
        chain::parity_win(&self.arena, &self.priority, |p| self.max_wins(p), profile)
    }

    /// The rank of every vertex's priority: the distinct priorities in increasing order, one
    /// step up each time the winner changes, so that vertices of equal rank have the same winner
    /// and the order between priorities of different winners is kept.
    pub fn ranks(&self) -> Vec<u32> {
        let mut distinct: Vec<u32> = self.priority.clone();
        distinct.sort_unstable();
        distinct.dedup();
        // The winner changes exactly where the parity does.
        let rank_of = kalmar_parity::compress::parity_ranks(&distinct);
        let first = rank_of.first().copied().unwrap_or(0);
        self.priority
            .iter()
            .map(|p| rank_of[distinct.binary_search(p).expect("listed")] - first)
            .collect()
    }

    /// Whether Max wins a play whose largest recurring priority is `p`.
    pub fn max_wins(&self, p: u32) -> bool {
        p.is_multiple_of(2) == (self.convention == ParityConvention::EvenWins)
    }
}

/// The class a game file belongs to, as [`Class::of`] reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// A simple stochastic game (Condon).
    Simple,
    /// A stochastic terminal-payoff game.
    Terminal,
    /// A stochastic discounted-payoff game.
    Discounted,
    /// A stochastic mean-payoff game.
    MeanPayoff,
    /// A stochastic parity game.
    Parity,
}

impl Class {
    /// The class of a file's game: discounted when it gives a discount factor, mean-payoff when
    /// it has rewards but none, parity when it has priorities, and a terminal-payoff game
    /// otherwise (simple when it fits Condon's restrictions).
    pub fn of(graph: &GameGraph) -> Class {
        if graph.discount.is_some() {
            Class::Discounted
        } else if graph.reward.is_some() {
            Class::MeanPayoff
        } else if graph.priority.is_some() {
            Class::Parity
        } else if TerminalPayoffGame::from_graph(graph).is_ok_and(|g| g.is_simple()) {
            Class::Simple
        } else {
            Class::Terminal
        }
    }

    /// The class's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Class::Simple => "simple",
            Class::Terminal => "terminal",
            Class::Discounted => "discounted",
            Class::MeanPayoff => "mean-payoff",
            Class::Parity => "parity",
        }
    }
}

/// A solution: the exact value of every vertex and a positional strategy for both players.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Solution {
    /// The value of each vertex.
    pub values: Vec<Rational>,
    /// The chosen edge at every vertex of Max and Min.
    pub strategy: Strategy,
}

/// Counters a stochastic solver reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Improvements of Max's strategy (strategy iteration) or sweeps (value iteration).
    pub iterations: u64,
    /// Markov chains solved exactly (strategy iteration: every improvement of either player).
    pub evaluations: u64,
    /// Markov chains solved in floating point to guide strategy iteration.
    pub estimates: u64,
    /// Solvers that search for a parameter (the stopping parameter of parity games' gadget,
    /// the discount factor of mean-payoff games): games solved, one per parameter tried.
    pub rounds: u64,
}
