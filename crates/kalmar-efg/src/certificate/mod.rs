//! The independent check of a claimed equilibrium: it uses the game and the profile only, never
//! the methods that found it.
//!
//! A profile is accepted when (1) it is well formed: every distribution is nonnegative and sums to
//! 1; (2) the expected payoff of every player, recomputed exactly, is the one claimed; and (3) no
//! player has a profitable deviation: the value of each player's best response against the
//! others' profile, computed exactly, equals the player's payoff (or exceeds it by at most ε,
//! for an ε-equilibrium, the answer of the approximate methods: `check_within`). The best response is found
//! on the tree for behaviour profiles ([`tree`]: by backward induction over the player's own
//! information sets under perfect recall, by enumerating pure strategies otherwise) and by the
//! best pure strategy for tables ([`table`]).
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_efg::certificate::{Rejection, table};
//! use kalmar_efg::format::read_nfg;
//! // Matching pennies: half and half for both is the equilibrium, worth 0 to each.
//! let game = read_nfg("NFG 1 R \"pennies\" { \"1\" \"2\" } { 2 2 }\n\n1 -1 -1 1 -1 1 1 -1\n")
//!     .unwrap();
//! let half = vec![Rational::new(1, 2), Rational::new(1, 2)];
//! let zero = [Rational::ZERO, Rational::ZERO];
//! let checked = table::check(&game, &[half.clone(), half.clone()], &zero).unwrap();
//! assert_eq!(checked.best_responses, zero);
//! // Player 1 playing heads for sure is exploited by player 2.
//! let heads = vec![Rational::ONE, Rational::ZERO];
//! let claimed = [Rational::ZERO, Rational::ZERO];
//! let wrong = table::check(&game, &[heads, half], &claimed).unwrap_err();
//! assert!(matches!(wrong, Rejection::Deviation { .. }));
//! ```

pub mod table;
pub mod tree;

use kalmar_core::Rational;

/// Why a claimed equilibrium is rejected, or cannot be checked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Rejection {
    /// The profile is not well formed: what is wrong.
    #[error("{0}")]
    Profile(String),
    /// A claimed payoff is not the profile's.
    #[error("{player}'s expected payoff is {actual}, not {claimed} as claimed")]
    Payoff {
        /// The player, as `player N (name)`.
        player: String,
        /// The payoff the file claims.
        claimed: Rational,
        /// The payoff recomputed from the profile.
        actual: Rational,
    },
    /// A player gains by deviating (more than the tolerance `epsilon`, for an ε-equilibrium).
    #[error(
        "{player} gains by deviating: {deviation} pays {best}, the profile pays {payoff}, so it \
         is not {}",
        equilibrium_within(epsilon)
    )]
    Deviation {
        /// The player, as `player N (name)`.
        player: String,
        /// The profitable deviation, in words.
        deviation: String,
        /// The deviation's (the best response's) expected payoff.
        best: Rational,
        /// The player's expected payoff under the profile.
        payoff: Rational,
        /// The gain allowed: 0 for an equilibrium, ε for an ε-equilibrium.
        epsilon: Rational,
    },
    /// The game is outside what the check handles (the profile may still be right).
    #[error("{0}")]
    Unchecked(String),
}

impl Rejection {
    /// Whether the profile was found wrong (rather than the game being outside the check).
    pub fn is_wrong(&self) -> bool {
        !matches!(self, Rejection::Unchecked(_))
    }
}

/// What the check computed for an accepted equilibrium.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Checked {
    /// Per player: the expected payoff, recomputed.
    #[serde(serialize_with = "texts")]
    pub payoffs: Vec<Rational>,
    /// Per player: the value of a best response against the others (equal to the payoff).
    #[serde(serialize_with = "texts")]
    pub best_responses: Vec<Rational>,
}

/// Serialises rationals as strings `"p/q"` (integers as `"3"`).
pub(crate) fn texts<S: serde::Serializer>(
    values: &[Rational],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(values.iter().map(ToString::to_string))
}

/// A player as messages name them: `player 2 (Incumbent)`, or `player 2` when the name says
/// no more (empty, `2` or `Player 2`).
pub fn player_name(index: usize, name: &str) -> String {
    let number = (index + 1).to_string();
    if name.is_empty() || name == number || name.eq_ignore_ascii_case(&format!("player {number}")) {
        format!("player {}", index + 1)
    } else {
        format!("player {} ({name})", index + 1)
    }
}

/// Checks that `probs` is a distribution: nonnegative and summing to 1; `what` names it.
fn distribution(probs: &[Rational], what: impl FnOnce() -> String) -> Result<(), Rejection> {
    if let Some(p) = probs.iter().find(|p| **p < Rational::ZERO) {
        return Err(Rejection::Profile(format!(
            "{} has the negative probability {p}",
            what()
        )));
    }
    let sum = probs.iter().fold(Rational::ZERO, |a, b| a + b);
    if sum != Rational::ONE {
        return Err(Rejection::Profile(format!(
            "the probabilities of {} sum to {sum}, not 1",
            what()
        )));
    }
    Ok(())
}

/// "an equilibrium", or "an ε-equilibrium for ε = …" when a gain up to `epsilon` is allowed.
fn equilibrium_within(epsilon: &Rational) -> String {
    if epsilon.is_zero() {
        "an equilibrium".to_string()
    } else {
        format!("an ε-equilibrium for ε = {epsilon}")
    }
}

/// Compares the recomputed payoffs with the claimed ones and each best response with the
/// payoff, allowing a gain of at most `epsilon`; `best` gives a player's best-response value
/// and the deviation in words.
fn judge(
    players: &[String],
    payoffs: Vec<Rational>,
    claimed: &[Rational],
    epsilon: &Rational,
    mut best: impl FnMut(usize) -> Result<(Rational, String), Rejection>,
) -> Result<Checked, Rejection> {
    if claimed.len() != players.len() {
        return Err(Rejection::Profile(format!(
            "{} payoffs are claimed; the game has {} players",
            claimed.len(),
            players.len()
        )));
    }
    for (i, (actual, claimed)) in payoffs.iter().zip(claimed).enumerate() {
        if actual != claimed {
            return Err(Rejection::Payoff {
                player: player_name(i, &players[i]),
                claimed: claimed.clone(),
                actual: actual.clone(),
            });
        }
    }
    let mut best_responses = Vec::with_capacity(players.len());
    for (i, payoff) in payoffs.iter().enumerate() {
        let (value, deviation) = best(i)?;
        if &value - payoff > *epsilon {
            return Err(Rejection::Deviation {
                player: player_name(i, &players[i]),
                deviation,
                best: value,
                payoff: payoff.clone(),
                epsilon: epsilon.clone(),
            });
        }
        best_responses.push(value);
    }
    Ok(Checked {
        payoffs,
        best_responses,
    })
}

/// A list in words, at most `shown` items and then how many more.
fn listing(items: Vec<String>, shown: usize) -> String {
    let more = items.len().saturating_sub(shown);
    let mut text = items.into_iter().take(shown).collect::<Vec<_>>().join(", ");
    if more > 0 {
        text += &format!(" and {more} more");
    }
    text
}
