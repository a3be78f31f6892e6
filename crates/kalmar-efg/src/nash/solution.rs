//! Checked equilibria as data: what [`super::solve()`] returns, serialisable as JSON, with every
//! probability and payoff exact (integers as numbers, other fractions as strings `"p/q"`).
//!
//! Strategies and moves are named by their labels, made unique by [`unique_names`] so that a
//! name never stands for two strategies (labels may repeat, and JSON objects are keyed by name).
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_efg::nash::solution::Weights;
//! let w = Weights(vec![("H".into(), Rational::new(1, 2)), ("T".into(), Rational::new(1, 2))]);
//! assert_eq!(w.describe(), "1/2 H + 1/2 T");
//! ```

use super::profile::MixedProfile;
use crate::tree::InfosetId;
use kalmar_core::Rational;
use serde::ser::{Serialize, SerializeMap, Serializer};

pub use crate::names::{strategy_names, unique_names};

/// Checked equilibria, in the form of the method that found them.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum Solution {
    /// Mixed equilibria of a strategic form.
    Strategic(StrategicSolution),
    /// An equilibrium in behaviour strategies from the sequence form.
    Sequence(SequenceSolution),
    /// A subgame-perfect equilibrium by backward induction.
    Subgame(SubgameSolution),
    /// An approximate equilibrium in behaviour strategies from an iterative method (CFR).
    Iterative(IterativeSolution),
}

/// Mixed equilibria of a strategic form (an `.nfg` game or an `.efg` tree's reduced one).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct StrategicSolution {
    /// The method's id.
    pub method: &'static str,
    /// Whether the form is the reduced strategic form of a tree.
    #[serde(skip)]
    pub reduced: bool,
    /// The number of strategies of each player.
    pub strategic_form: Vec<usize>,
    /// For the approximate methods: each profile's regret is at most this ε, checked exactly
    /// (absent for the exact methods, whose regret is 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub epsilon: Option<Rational>,
    /// The equilibria, each checked.
    pub equilibria: Vec<MixedEquilibrium>,
    /// For Lemke–Howson: how many equilibria lie at the ends of paths from the artificial one.
    pub from_artificial: Option<usize>,
    /// Pivots made (Lemke–Howson).
    pub pivots: u64,
    /// Always true: every equilibrium passed the regret check.
    pub checked: bool,
    /// The method stopped at the deadline ([`Options::deadline`](super::Options::deadline)):
    /// these are the equilibria found so far.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub timed_out: bool,
    /// Support enumeration met a witness that the game is degenerate (a mixed strategy with
    /// more pure best replies than strategies in its support): equilibria whose supports
    /// differ in size may be missing, and `vertex` lists every extreme one.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub degenerate: bool,
    /// For `enumpoly`: support profiles whose equations have a continuum of solutions or a
    /// multiple one, where equilibria may be missing.
    #[serde(skip_serializing_if = "is_zero")]
    pub singular_supports: u64,
    /// For `enumpoly`: support profiles given up after their budget of boxes, where
    /// equilibria may be missing.
    #[serde(skip_serializing_if = "is_zero")]
    pub unfinished_supports: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// One mixed equilibrium.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MixedEquilibrium {
    /// Per player: the strategy.
    pub players: Vec<MixedStrategy>,
    /// Per player: the expected payoff.
    pub payoffs: Vec<Rational>,
    /// Per player: the regret (0, or at most the solution's ε for an approximate method).
    pub regret: Vec<Rational>,
    /// The profile itself, every strategy's probability (zeros included), in strategy order.
    #[serde(skip)]
    pub profile: MixedProfile,
}

/// One player's mixed strategy.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MixedStrategy {
    /// The player's name as the game gives it.
    pub player: String,
    /// The strategies played with positive probability, in strategy order.
    pub strategy: Weights,
}

/// Named probabilities in a fixed order, serialised as a JSON object keyed by the (unique) names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights(pub Vec<(String, Rational)>);

impl Weights {
    /// The named probabilities as text: `a + 1/2 b + 1/2 c`, without the zeros and writing a
    /// probability of 1 as the bare name.
    pub fn describe(&self) -> String {
        self.0
            .iter()
            .filter(|(_, p)| !p.is_zero())
            .map(|(name, p)| {
                if *p == Rational::ONE {
                    name.clone()
                } else {
                    format!("{p} {name}")
                }
            })
            .collect::<Vec<_>>()
            .join(" + ")
    }

    /// As [`Weights::describe`], but with the probabilities in decimals (`≈ 0.619233 Top +
    /// 0.380767 Bottom`) when one of them is a fraction of more than 12 characters, as an
    /// irrational equilibrium rounded to fractions has; `None` when none is.
    pub fn describe_long_in_decimals(&self) -> Option<String> {
        let long = |p: &Rational| p.to_string().len() > 12;
        self.0.iter().any(|(_, p)| long(p)).then(|| {
            let terms: Vec<String> = self
                .0
                .iter()
                .filter(|(_, p)| !p.is_zero())
                .map(|(name, p)| format!("{} {name}", decimal(p)))
                .collect();
            format!("≈ {}", terms.join(" + "))
        })
    }
}

/// A number to six decimal places (trailing zeros dropped), for reading.
pub fn decimal(q: &Rational) -> String {
    format!("{:.6}", q.to_f64())
        .trim_end_matches('0')
        .trim_end_matches('.')
        .to_string()
}

impl Serialize for Weights {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, p) in &self.0 {
            map.serialize_entry(name, p)?;
        }
        map.end()
    }
}

/// An equilibrium in behaviour strategies found on the sequence form.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SequenceSolution {
    /// The method's id.
    pub method: &'static str,
    /// The number of sequences of each player.
    pub sequences: [usize; 2],
    /// The equilibrium (one), checked.
    pub equilibria: Vec<BehaviourEquilibrium>,
    /// The subgames solved one after the other, the deepest first (1 when the game has no
    /// proper subgame): the equilibrium is subgame perfect.
    pub subgames: usize,
    /// Pivots of Lemke's algorithm, over all subgames.
    pub pivots: u64,
    /// Always true: the equilibrium passed the regret check.
    pub checked: bool,
}

/// An equilibrium in behaviour strategies.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct BehaviourEquilibrium {
    /// Per player: the behaviour strategy.
    pub players: Vec<BehaviourStrategy>,
    /// Per player: the expected payoff.
    pub payoffs: Vec<Rational>,
    /// Per player: the regret (0).
    pub regret: Vec<Rational>,
}

/// An iterative method's average behaviour profile, rounded to fractions, with its exact
/// exploitability: an ε-equilibrium for the largest gain from deviating.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct IterativeSolution {
    /// The method's id.
    pub method: &'static str,
    /// The iterations made.
    pub iterations: u64,
    /// Why the method stopped.
    pub stopped: Stopped,
    /// The sum of both players' gains from their best deviations, exact (NashConv; OpenSpiel's
    /// `exploitability` is half of it).
    pub exploitability: Rational,
    /// The largest gain of one player from deviating, exact: the profile is an ε-equilibrium
    /// for this ε.
    pub epsilon: Rational,
    /// The profile (one), its regrets the players' gains.
    pub equilibria: Vec<BehaviourEquilibrium>,
    /// Always true: the gains come from an exact best response to the probabilities shown.
    pub checked: bool,
}

/// Why an iterative method stopped, or that the profile is a floating-point answer rounded;
/// serialised in lower case (`"iterations"`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Stopped {
    /// It made the most iterations allowed.
    Iterations,
    /// The exploitability reached the target.
    Target,
    /// The deadline passed.
    Deadline,
    /// The LP's floating-point answer, rounded, when no exact one was recovered.
    Rounding,
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stopped::Iterations => "iterations",
            Stopped::Target => "target",
            Stopped::Deadline => "deadline",
            Stopped::Rounding => "rounding",
        })
    }
}

/// One player's behaviour strategy.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct BehaviourStrategy {
    /// The player's name as the game gives it.
    pub player: String,
    /// The name to show: the game's, or `player N` when it has none.
    #[serde(skip)]
    pub name: String,
    /// Per information set of the player: the probability of each move.
    pub behaviour: Vec<InfosetBehaviour>,
}

/// The probabilities of the moves at one information set.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct InfosetBehaviour {
    /// The information set.
    #[serde(skip)]
    pub id: InfosetId,
    /// The information set's name.
    pub infoset: String,
    /// Every move with its probability, in move order.
    pub moves: Weights,
}

/// A subgame-perfect equilibrium by backward induction.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SubgameSolution {
    /// The method's id.
    pub method: &'static str,
    /// The payoffs at the root.
    pub values: Vec<Rational>,
    /// The move chosen at each decision node of a personal player, in preorder.
    pub moves: Vec<NodeMove>,
    /// Per node: the index of the move chosen (decision nodes of personal players), else `None`.
    #[serde(skip)]
    pub choice: Vec<Option<u32>>,
    /// Always true: the strategy passed the one-shot deviation check.
    pub checked: bool,
}

/// The move chosen at a node.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct NodeMove {
    /// The node's name.
    pub node: String,
    /// The move's label.
    pub r#move: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_serialise_in_order_and_describe_without_zeros() {
        let w = Weights(vec![
            ("b".into(), Rational::new(1, 2)),
            ("a".into(), Rational::ZERO),
            ("c".into(), Rational::new(1, 2)),
        ]);
        assert_eq!(
            serde_json::to_string(&w).unwrap(),
            r#"{"b":"1/2","a":"0","c":"1/2"}"#
        );
        assert_eq!(w.describe(), "1/2 b + 1/2 c");
    }
}
