//! PRISM-games models of stochastic terminal-payoff games, and the result vectors PRISM writes
//! back: so that the same game can be solved by kalmar and by PRISM-games and the answers
//! compared.
//!
//! [`write_prism`] turns a [`TerminalPayoffGame`] into a turn-based stochastic game of PRISM's
//! modelling language (model type `smg`) and an rPATL property whose value at every state is the
//! value of the vertex:
//!
//! ```text
//! smg
//!
//! player maxplayer
//!   [max0], [max1]
//! endplayer
//! player minplayer
//!   [min0], [min1]
//! endplayer
//!
//! module game
//!   s : [0..5] init 0;
//!   // 0: a (max)
//!   [max0] s=0 -> (s'=1);
//!   [max1] s=0 -> (s'=2);
//!   // 1: c (chance)
//!   [] s=1 -> 1/3:(s'=0) + 2/3:(s'=3);
//!   // 3: t (terminal, payoff 1/2)
//!   [] s=3 -> 1/2:(s'=4) + 1/2:(s'=5);
//!   …
//!   [] s=4 -> true;
//!   [] s=5 -> true;
//! endmodule
//!
//! label "win" = s=4;
//! ```
//!
//! - One integer variable `s`: state `k` is vertex `k` of the arena. The initial state is the
//!   arena's start vertex (vertex 0 when it has none).
//! - Max is the player `maxplayer`, Min the player `minplayer`. The `i`-th move of a vertex of
//!   Max is a command labelled `max{i}`, of Min `min{i}`; the player blocks give each label to
//!   its player, so PRISM gives each state to the owner of the vertex.
//! - A chance vertex is one unlabelled probabilistic command: its moves with their exact
//!   probabilities, written as fractions (`1/3`). A state with a single unlabelled command is
//!   given to the first player, which has only that one choice there.
//! - **Payoffs in [0, 1]** (simple stochastic games among them): two absorbing states follow the
//!   vertices, `win` (`s = n`) and `lose` (`s = n + 1`). A terminal of payoff `q` moves to `win`
//!   with probability `q` and to `lose` otherwise, so the probability of reaching `win` is the
//!   expected payoff and an infinite play, which never reaches `win`, pays 0. The property is
//!   `<<maxplayer>> Pmax=? [ F "win" ]`.
//! - **Other non-negative payoffs** (some above 1): one absorbing state `done` (`s = n`) follows
//!   the vertices, every terminal moves to it, and a reward structure `payoff` gives each terminal
//!   its payoff as a state reward, earned when play leaves the terminal. PRISM-games' `F0`
//!   reachability reward counts the rewards gathered until `done` is reached and 0 on a path
//!   that never reaches it, which is the terminal-payoff game's "infinite play pays 0". The
//!   property is `<<maxplayer>> R{"payoff"}max=? [ F0 "done" ]`.
//! - **Negative payoffs** are refused ([`PrismWriteError`]): PRISM's rewards are non-negative,
//!   and adding a constant to every payoff would change what an infinite play pays.
//!
//! [`write_prism_explicit`] writes the same states and choices in PRISM's explicit format
//! (`.tra`, `.lab`, `.srew`), which PRISM imports far faster than it builds a large model from
//! its language (where every command's guard is evaluated in every state).
//!
//! A probability or payoff whose numerator or denominator does not fit PRISM's 32-bit integer
//! literals is written as the nearest double instead (PRISM evaluates every expression in
//! doubles anyway); [`PrismModel::inexact`] counts them.
//!
//! [`read_prism_vector`] and [`read_prism_states`] read back the files of PRISM's
//! `-exportvector` and `-exportstates` options, which give the value of every state and the
//! value of `s` at each state; [`read_prism_log`] the times, result and claimed error PRISM
//! prints.
//!
//! # Complexity
//! Writing is O(n + m) for n vertices and m moves; reading is linear in the text.

mod explicit;
mod language;
mod results;
#[cfg(test)]
mod tests;

pub use explicit::{PrismExplicit, write_prism_explicit};
pub use language::{PrismModel, write_prism};
pub use results::{PrismLog, read_prism_log, read_prism_states, read_prism_vector};

use crate::TerminalPayoffGame;
use kalmar_core::Rational;

/// The query of an exported model: what PRISM computes at every state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrismQuery {
    /// `<<maxplayer>> Pmax=? [ F "win" ]`: every payoff is in [0, 1].
    ReachWin,
    /// `<<maxplayer>> R{"payoff"}max=? [ F0 "done" ]`: some payoff is above 1.
    RewardF0,
}

impl PrismQuery {
    /// The property, in PRISM's property language.
    pub fn property(self) -> &'static str {
        match self {
            PrismQuery::ReachWin => "<<maxplayer>> Pmax=? [ F \"win\" ]",
            PrismQuery::RewardF0 => "<<maxplayer>> R{\"payoff\"}max=? [ F0 \"done\" ]",
        }
    }
}

/// Why a game cannot be written as a PRISM-games model.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PrismWriteError {
    /// PRISM's reward structures are non-negative, and a negative payoff cannot be shifted away
    /// (an infinite play must still pay 0).
    #[error(
        "terminal {vertex} pays {payoff}, but PRISM-games refuses negative rewards and a shift \
         would change what an infinite play pays; only games with non-negative payoffs can be \
         exported"
    )]
    NegativePayoff {
        /// The terminal's name.
        vertex: String,
        /// Its payoff.
        payoff: Rational,
    },
}

/// What the two writers share: the query, and the absorbing states after the vertices (win
/// and lose, or done) that the terminals lead to.
struct Plan {
    query: PrismQuery,
    vertices: usize,
    states: usize,
}

impl Plan {
    fn of(game: &TerminalPayoffGame) -> Result<Plan, PrismWriteError> {
        let arena = game.arena();
        let terminals = || arena.vertices().filter(|&t| arena.is_terminal(t));
        if let Some(t) = terminals().find(|&t| game.payoff(t).signum().is_lt()) {
            return Err(PrismWriteError::NegativePayoff {
                vertex: arena.name(t).into_owned(),
                payoff: game.payoff(t).clone(),
            });
        }
        let n = arena.num_vertices();
        Ok(if terminals().all(|t| *game.payoff(t) <= Rational::ONE) {
            Plan {
                query: PrismQuery::ReachWin,
                vertices: n,
                states: n + 2,
            }
        } else {
            Plan {
                query: PrismQuery::RewardF0,
                vertices: n,
                states: n + 1,
            }
        })
    }

    /// The label of the target state (`win` or `done`) and the state.
    fn target(&self) -> (&'static str, usize) {
        match self.query {
            PrismQuery::ReachWin => ("win", self.vertices),
            PrismQuery::RewardF0 => ("done", self.vertices),
        }
    }

    /// The absorbing states after the vertices, with their names.
    fn absorbing(&self) -> Vec<(usize, &'static str)> {
        let n = self.vertices;
        match self.query {
            PrismQuery::ReachWin => vec![(n, "win"), (n + 1, "lose")],
            PrismQuery::RewardF0 => vec![(n, "done")],
        }
    }

    /// Where a terminal of this payoff moves: (probability, state), without zero branches.
    fn terminal_branches(&self, payoff: &Rational) -> Vec<(Rational, usize)> {
        let n = self.vertices;
        match self.query {
            PrismQuery::RewardF0 => vec![(Rational::ONE, n)],
            PrismQuery::ReachWin => [(payoff.clone(), n), (&Rational::ONE - payoff, n + 1)]
                .into_iter()
                .filter(|(p, _)| !p.is_zero())
                .collect(),
        }
    }

    /// The terminals with a non-zero payoff (their state rewards), in order.
    fn rewards<'g>(&self, game: &'g TerminalPayoffGame) -> Vec<(usize, &'g Rational)> {
        let arena = game.arena();
        arena
            .vertices()
            .filter(|&t| arena.is_terminal(t) && !game.payoff(t).is_zero())
            .map(|t| (t.index(), game.payoff(t)))
            .collect()
    }
}
