//! Stochastic games on graphs: two players, Max (player 0) and Min (player 1), and chance, which
//! moves with rational probabilities. The classes of D. Andersson and P. B. Miltersen, *The
//! Complexity of Solving Stochastic Games on Graphs* (ISAAC 2009), all over one
//! [`Arena`](kalmar_core::Arena):
//!
//! - [`TerminalPayoffGame`]: stochastic terminal-payoff games. Play ends at a terminal, which pays
//!   Max its rational payoff (of either sign); an infinite play pays 0. Chance vertices have any
//!   number of moves with any rational distribution.
//! - simple stochastic games (Condon): the terminal games whose chance vertices toss a fair coin
//!   between two moves and whose payoffs are 0 or 1 ([`TerminalPayoffGame::is_simple`]); the
//!   value is the probability that Max reaches a 1-terminal.
//! - [`DiscountedGame`]: every vertex has a rational reward, paid to Max each time play is there,
//!   and play at step `i` counts `beta^i` (the discount factor `beta` of the file).
//! - [`MeanPayoffGame`]: the same rewards, and Max receives the limiting average (the liminf).
//! - [`StochasticParityGame`]: a priority per vertex; the value is the probability that Max wins,
//!   in the convention the game states ([`ParityConvention`]).
//!
//! A game without chance vertices is the *deterministic* special case of its class
//! ([`is_deterministic`]): deterministic mean-payoff and discounted games (Zwick and Paterson) and
//! deterministic graphical games.
//!
//! Rewards sit on vertices, not on actions: a step is a visit to a vertex, including a chance
//! vertex. The paper's actions with a reward and a distribution are a player's move to a chance
//! vertex that carries the reward (which then counts as a step of its own).
//!
//! Every class has optimal positional strategies for both players (Liggett and Lippman; Shapley
//! for discounted games). A [`Solution`] holds the exact value of every vertex and one chosen edge
//! at every player's vertex, and is checked by [`verify`] (terminal-payoff and discounted games),
//! [`mp_witness`] (mean-payoff games: gain/bias witnesses, any size, with or without chance) or
//! [`parity_mdp`], none of which trusts the solver. Solvers are listed in [`solve::SOLVERS`];
//! [`solve::solve`] reads a game file in its class, runs one and certifies its answer;
//! [`picture::to_dot`] draws the answer for Graphviz. The model
//! code that solvers and certificates share is a module of its own, which imports neither.
#![deny(missing_docs)]

mod chain;
mod end_components;
mod game;
pub mod generate;
mod howard;
mod mdp;
mod model;
pub mod mp_check;
pub mod mp_witness;
pub mod mpsi;
pub mod parity_mdp;
pub mod picture;
pub mod prism;
mod reach;
pub mod recover;
pub mod reduce;
pub mod si;
pub mod size;
pub mod solution_file;
pub mod solve;
pub mod spg;
pub mod verify;
pub mod vi;
pub mod zp;

pub use game::{
    Class, DiscountedGame, MeanPayoffGame, ParityConvention, Solution, Stats, StochasticError,
    StochasticParityGame, TerminalPayoffGame,
};
pub use model::is_deterministic;
