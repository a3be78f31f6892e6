//! Mixed strategy profiles of strategic-form games and their exact regret: each player's gain
//! from the best pure deviation, 0 for everyone exactly at a Nash equilibrium.
//!
//! For each player, the payoff from each own pure strategy against the others' mixture is
//! summed over the profiles of the others' supports alone; the regret is the best of those
//! minus the expected payoff.
//!
//! # Complexity
//! `O(Σᵢ Sᵢ · Πⱼ≠ᵢ |supp ⱼ|)` rational operations for `Sᵢ` strategies of player `i` and the
//! supports `supp ⱼ` of the others: `O(N · P)` for `P` profiles at worst, `O(Σᵢ Sᵢ)` for a pure
//! profile.
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

    /// The profile of these fractions `(numerator, denominator)`, player by player.
    ///
    /// ```
    /// use kalmar_core::Rational;
    /// use kalmar_efg::nash::profile::MixedProfile;
    /// let half = MixedProfile::from_fractions(&[&[(1, 2), (1, 2)]]);
    /// assert_eq!(half.0[0][1], Rational::new(1, 2));
    /// ```
    pub fn from_fractions(rows: &[&[(i64, i64)]]) -> MixedProfile {
        MixedProfile::new(
            rows.iter()
                .map(|r| r.iter().map(|&(p, q)| Rational::new(p, q)).collect())
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
    /// Supports whose equations are singular (polynomial support enumeration).
    pub singular: u64,
    /// Supports given up unfinished (polynomial support enumeration).
    pub unfinished: u64,
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
/// exact, summed over the profiles of the others' supports only (one profile for a pure
/// profile).
pub fn strategy_values(
    game: &Nfg,
    profile: &MixedProfile,
) -> Result<Vec<Vec<Rational>>, ProfileError> {
    check(game, profile)?;
    let stride = game.strides();
    let supports: Vec<Vec<usize>> = profile
        .0
        .iter()
        .map(|p| (0..p.len()).filter(|&s| !p[s].is_zero()).collect())
        .collect();
    Ok((0..game.num_players())
        .map(|i| deviation_payoffs(game, profile, &supports, &stride, i))
        .collect())
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

/// Player `i`'s payoff from each own pure strategy against the others' mixture: an odometer
/// over the others' supports, and for each of their profiles a pass over `i`'s strategies.
fn deviation_payoffs(
    game: &Nfg,
    profile: &MixedProfile,
    supports: &[Vec<usize>],
    stride: &[usize],
    i: usize,
) -> Vec<Rational> {
    let n = supports.len();
    let mut value = vec![Rational::ZERO; profile.0[i].len()];
    let others: Vec<usize> = (0..n).filter(|&j| j != i).collect();
    let mut digit = vec![0usize; n];
    loop {
        let mut weight = Rational::ONE;
        let mut base = 0;
        for &j in &others {
            let s = supports[j][digit[j]];
            weight = &weight * &profile.0[j][s];
            base += s * stride[j];
        }
        for (s, v) in value.iter_mut().enumerate() {
            *v = &*v + &(&weight * game.payoff(base + s * stride[i], i));
        }
        // The next profile of the others' supports, or the end.
        let Some(j) = others
            .iter()
            .position(|&j| digit[j] + 1 < supports[j].len())
        else {
            return value;
        };
        for &k in &others[..j] {
            digit[k] = 0;
        }
        digit[others[j]] += 1;
    }
}

/// The largest payoff of the game minus the smallest (0 without payoffs), the scale against
/// which the approximate methods bound their regret.
pub fn payoff_range(game: &Nfg) -> Rational {
    let mut all = (0..game.num_profiles())
        .flat_map(|k| (0..game.num_players()).map(move |i| game.payoff(k, i)));
    let Some(first) = all.next() else {
        return Rational::ZERO;
    };
    let (low, high) = all.fold((first, first), |(l, h), u| (l.min(u), h.max(u)));
    high - low
}

/// Whether a profile is a Nash equilibrium (every regret is 0).
pub fn is_equilibrium(game: &Nfg, profile: &MixedProfile) -> bool {
    regret(game, profile).is_ok_and(|r| r.iter().all(|(_, r)| r.is_zero()))
}
