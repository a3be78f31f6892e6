//! Mixed strategy profiles of strategic-form games and their exact regret: each player's gain
//! from the best pure deviation, 0 for everyone exactly at a Nash equilibrium.
//!
//! For every profile of the game, each player's payoff from each own pure strategy against the
//! others' mixture is accumulated once; the regret is the best of those minus the expected
//! payoff.
//!
//! # Complexity
//! `O(P · N²)` rational operations for `P` profiles and `N` players.
//!
//! ```
//! use kalmar_efg::format::read_nfg;
//! use kalmar_efg::nash::profile::{MixedProfile, is_equilibrium, regret};
//! // The prisoner's dilemma: defecting (strategy 2) is the only equilibrium.
//! let game = read_nfg("NFG 1 R \"pd\" { \"1\" \"2\" } { 2 2 }\n\n3 3 5 0 0 5 1 1\n").unwrap();
//! assert!(is_equilibrium(&game, &MixedProfile::pure(&[2, 2], &[1, 1])));
//! let cooperate = regret(&game, &MixedProfile::pure(&[2, 2], &[0, 0])).unwrap();
//! assert_eq!(cooperate[0], (3.into(), 2.into()));
//! ```

use crate::normal::Nfg;
use kalmar_core::Rational;

/// A mixed strategy profile: per player, a probability per strategy.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MixedProfile(pub Vec<Vec<Rational>>);

impl MixedProfile {
    /// A profile from its probabilities.
    pub fn new(probabilities: Vec<Vec<Rational>>) -> MixedProfile {
        MixedProfile(probabilities)
    }

    /// A profile from nonnegative weights (each player's divided by their sum).
    pub fn normalised(weights: Vec<Vec<Rational>>) -> MixedProfile {
        MixedProfile(
            weights
                .into_iter()
                .map(|w| {
                    let total = w.iter().fold(Rational::ZERO, |a, b| a + b);
                    w.into_iter().map(|v| &v / &total).collect()
                })
                .collect(),
        )
    }

    /// The pure profile playing these strategies.
    pub fn pure(shape: &[usize], profile: &[usize]) -> MixedProfile {
        MixedProfile(
            shape
                .iter()
                .zip(profile)
                .map(|(&n, &s)| {
                    (0..n)
                        .map(|k| {
                            if k == s {
                                Rational::ONE
                            } else {
                                Rational::ZERO
                            }
                        })
                        .collect()
                })
                .collect(),
        )
    }
}

/// Counters of the equilibrium methods.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Pivots (Lemke–Howson, Lemke).
    pub pivots: u64,
    /// Support pairs tried (support enumeration).
    pub supports: u64,
    /// Support enumeration met a mixed strategy with more pure best replies than strategies
    /// in its support: the game is degenerate, and equilibria whose supports differ in size
    /// may be missing.
    pub degenerate: bool,
}

/// Why a profile is not a valid mixed profile of a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProfileError {
    /// Wrong number of players or strategies.
    #[error("the profile does not have the game's shape")]
    Shape,
    /// Negative probabilities or a sum other than 1.
    #[error("player {0}'s probabilities are negative or do not sum to 1")]
    NotDistribution(usize),
}

/// Checks that `profile` has the game's shape and gives every player a distribution.
pub fn check(game: &Nfg, profile: &MixedProfile) -> Result<(), ProfileError> {
    let shape = game.shape();
    if profile.0.len() != shape.len() || profile.0.iter().zip(&shape).any(|(p, &s)| p.len() != s) {
        return Err(ProfileError::Shape);
    }
    for (i, p) in profile.0.iter().enumerate() {
        let sum = p.iter().fold(Rational::ZERO, |a, b| a + b);
        if sum != Rational::ONE || p.iter().any(|v| *v < Rational::ZERO) {
            return Err(ProfileError::NotDistribution(i + 1));
        }
    }
    Ok(())
}

/// For every player, the payoff of each of its pure strategies against the others' mixture,
/// exact.
pub fn strategy_values(
    game: &Nfg,
    profile: &MixedProfile,
) -> Result<Vec<Vec<Rational>>, ProfileError> {
    check(game, profile)?;
    let shape = game.shape();
    let n = shape.len();
    let mut value: Vec<Vec<Rational>> = shape.iter().map(|&s| vec![Rational::ZERO; s]).collect();
    let mut digit = vec![0usize; n];
    for k in 0..game.num_profiles() {
        for i in 0..n {
            let mut w = Rational::ONE;
            for j in (0..n).filter(|&j| j != i) {
                w = &w * &profile.0[j][digit[j]];
                if w.is_zero() {
                    break;
                }
            }
            if !w.is_zero() {
                let u = game.payoff(k, i);
                value[i][digit[i]] = &value[i][digit[i]] + &(&w * u);
            }
        }
        for d in 0..n {
            digit[d] += 1;
            if digit[d] < shape[d] {
                break;
            }
            digit[d] = 0;
        }
    }
    Ok(value)
}

/// Each player's expected payoff and regret (best pure deviation's payoff minus it), exact.
pub fn regret(
    game: &Nfg,
    profile: &MixedProfile,
) -> Result<Vec<(Rational, Rational)>, ProfileError> {
    let value = strategy_values(game, profile)?;
    Ok(value
        .iter()
        .zip(&profile.0)
        .map(|(value, mixed)| {
            let expected = value
                .iter()
                .zip(mixed)
                .fold(Rational::ZERO, |a, (v, p)| a + &(v * p));
            let best = value.iter().max().cloned().unwrap_or(Rational::ZERO);
            let r = &best - &expected;
            (expected, r)
        })
        .collect())
}

/// The largest regret of any player (0 for a game without players), exact.
pub fn max_regret(game: &Nfg, profile: &MixedProfile) -> Result<Rational, ProfileError> {
    Ok(regret(game, profile)?
        .into_iter()
        .map(|(_, r)| r)
        .max()
        .unwrap_or(Rational::ZERO))
}

/// Whether a profile is a Nash equilibrium (every regret is 0).
pub fn is_equilibrium(game: &Nfg, profile: &MixedProfile) -> bool {
    regret(game, profile).is_ok_and(|r| r.iter().all(|(_, r)| r.is_zero()))
}
