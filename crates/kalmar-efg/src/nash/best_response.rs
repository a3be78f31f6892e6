//! Best responses to a behaviour profile on the tree, and how far the profile is from an
//! equilibrium: each player's gain from the best deviation, and their sum, the *NashConv* —
//! the exploitability of the profile.
//!
//! A player's best response against the others' behaviour strategies, under perfect recall, is
//! found bottom-up over the player's own information sets in the sequence form's terms (Koller,
//! Megiddo and von Stengel 1996), as in M. Johanson, K. Waugh, M. Bowling and M. Zinkevich,
//! *Accelerating best response calculation in large extensive games* (IJCAI 2011): with the
//! *others' reach* of a node (the product of the chance and the other players' probabilities on
//! its path) and `direct(σ)` the others' reach times the payoff summed over the plays whose own
//! last move is `σ`, `best(σ) = direct(σ) + Σ_{h below σ} max_a best(σ h a)`. So each
//! information set picks the move maximising the sum over its nodes of others' reach × value,
//! and the best response is worth `best(∅)`. The same recursion with the profile's own
//! probabilities in place of the maximum gives the player's payoff under the profile.
//!
//! Each player's *gain* is the best response's value minus the payoff under the profile (under
//! perfect recall, the player's regret over all strategies), and the **exploitability** here is
//! the sum of the gains, the NashConv: 0 exactly at a Nash equilibrium. In a two-player game
//! whose payoffs sum to a constant `c` on every play it is `BR₁ + BR₂ − c`, and each player's
//! strategy guarantees that player the value of the game minus at most the exploitability.
//! (OpenSpiel's `exploitability` is half of it, the mean gain; its `nash_conv` is this.)
//!
//! The computation is generic in the [`Number`] type: exact with [`Rational`] to certify a
//! profile, in `f64` to follow the convergence of an approximate method
//! ([`cfr`](super::cfr)). A profile gives, per information set (by id), its moves'
//! probabilities for a personal player's set and `None` for a chance set, as
//! [`certificate::tree::Behaviour`](crate::certificate::tree::Behaviour) does.
//!
//! # Complexity
//! `O(N · (n + A))` operations for `n` nodes, `A` moves and `N` players, after an `O(n · N)`
//! layout of the tree ([`Responder::new`]) that can serve any number of profiles.
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_efg::Mover;
//! use kalmar_efg::generate::poker;
//! use kalmar_efg::nash::best_response::best_response;
//! // Kuhn's poker, both players betting and calling with the highest card (2) only.
//! let game = poker(3);
//! let (never, always) = (vec![Rational::ONE, Rational::ZERO], vec![Rational::ZERO, Rational::ONE]);
//! let profile: Vec<Option<Vec<Rational>>> = game
//!     .infosets()
//!     .iter()
//!     .map(|h| {
//!         let highest = h.label.starts_with('2');
//!         (h.mover != Mover::Chance).then(|| if highest { always.clone() } else { never.clone() })
//!     })
//!     .collect();
//! let br = best_response(&game, &profile).unwrap();
//! assert_eq!(br.value, [Rational::ZERO, Rational::ZERO]);
//! // Player 1 would gain 1/6 by deviating, player 2 1/3: not an equilibrium.
//! assert_eq!(br.best, [Rational::new(1, 6), Rational::new(1, 3)]);
//! assert_eq!(br.exploitability(), Rational::new(1, 2));
//! ```

use super::flat::{CHANCE, Flat, TERMINAL};
use crate::recall::Recall;
use crate::tree::{Efg, InfosetId};
use kalmar_core::Rational;

/// The numbers a best response is computed in: exact rationals or `f64`.
pub trait Number: Clone + PartialOrd {
    /// Zero.
    fn zero() -> Self;
    /// One.
    fn one() -> Self;
    /// The number nearest to a rational (the rational itself when exact).
    fn exact(value: &Rational) -> Self;
    /// `self + other`.
    fn plus(&self, other: &Self) -> Self;
    /// `self − other`.
    fn minus(&self, other: &Self) -> Self;
    /// `self · other`.
    fn times(&self, other: &Self) -> Self;
    /// Whether these are probabilities summing to 1 (within rounding for floating point).
    fn is_distribution(probs: &[Self]) -> bool;
}

impl Number for Rational {
    fn zero() -> Self {
        Rational::ZERO
    }
    fn one() -> Self {
        Rational::ONE
    }
    fn exact(value: &Rational) -> Self {
        value.clone()
    }
    fn plus(&self, other: &Self) -> Self {
        self + other
    }
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
    fn times(&self, other: &Self) -> Self {
        self * other
    }
    fn is_distribution(probs: &[Self]) -> bool {
        probs.iter().all(|p| *p >= Rational::ZERO)
            && probs.iter().fold(Rational::ZERO, |a, b| a + b) == Rational::ONE
    }
}

impl Number for f64 {
    fn zero() -> Self {
        0.0
    }
    fn one() -> Self {
        1.0
    }
    fn exact(value: &Rational) -> Self {
        value.to_f64()
    }
    fn plus(&self, other: &Self) -> Self {
        self + other
    }
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
    fn times(&self, other: &Self) -> Self {
        self * other
    }
    fn is_distribution(probs: &[Self]) -> bool {
        probs.iter().all(|&p| p >= 0.0) && (probs.iter().sum::<f64>() - 1.0).abs() <= 1e-9
    }
}

/// Why a best response is not computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BestResponseError {
    /// The recursion over a player's own information sets needs perfect recall.
    #[error("best responses on the tree need perfect recall: {0}")]
    ImperfectRecall(String),
    /// The profile does not fit the game: what is wrong.
    #[error("{0}")]
    Profile(String),
}

/// Each player's best-response value and payoff under a profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestResponse<T> {
    /// Per player: the value of a best response against the others' strategies.
    pub best: Vec<T>,
    /// Per player: the expected payoff under the profile.
    pub value: Vec<T>,
}

impl<T: Number> BestResponse<T> {
    /// Per player: the gain from the best deviation, `best − value` (never negative, up to
    /// rounding in floating point).
    pub fn gains(&self) -> Vec<T> {
        self.best
            .iter()
            .zip(&self.value)
            .map(|(b, v)| b.minus(v))
            .collect()
    }

    /// The exploitability (NashConv): the sum of the gains, 0 exactly at an equilibrium.
    pub fn exploitability(&self) -> T {
        self.gains().iter().fold(T::zero(), |acc, g| acc.plus(g))
    }
}

/// The tree laid out once for best responses to any number of profiles.
#[derive(Clone, Debug)]
pub struct Responder<T> {
    flat: Flat<T>,
}

impl<T: Number> Responder<T> {
    /// Lays out a game whose players all have perfect recall.
    pub fn new(game: &Efg) -> Result<Responder<T>, BestResponseError> {
        let recall = Recall::check(game);
        if !recall.is_perfect() {
            return Err(BestResponseError::ImperfectRecall(
                recall.explain(game).join("; "),
            ));
        }
        Ok(Responder::with_perfect_recall(game))
    }

    /// Lays out a game already known to have perfect recall.
    pub(crate) fn with_perfect_recall(game: &Efg) -> Responder<T> {
        Responder {
            flat: Flat::new(game),
        }
    }

    /// The layout, for methods that iterate over the same tree.
    pub(crate) fn flat(&self) -> &Flat<T> {
        &self.flat
    }

    /// Best responses to a profile: per information set, the probabilities of its moves for a
    /// personal player's set, `None` for a chance set.
    pub fn respond(
        &self,
        profile: &[Option<Vec<T>>],
    ) -> Result<BestResponse<T>, BestResponseError> {
        let sets = &self.flat.sets;
        if profile.len() != sets.len() {
            return Err(BestResponseError::Profile(format!(
                "the profile covers {} information sets; the game has {}",
                profile.len(),
                sets.len()
            )));
        }
        let mut probs = self.flat.chance.clone();
        for (set, given) in sets.iter().zip(profile) {
            let name = || match set.owner {
                CHANCE => format!("chance's information set {}", set.number),
                i => format!("player {}'s information set {}", i + 1, set.number),
            };
            match (set.owner == CHANCE, given) {
                (true, None) => {}
                (true, Some(_)) => {
                    return Err(BestResponseError::Profile(format!(
                        "{} is chance's: its probabilities are the game's",
                        name()
                    )));
                }
                (false, None) => {
                    return Err(BestResponseError::Profile(format!(
                        "the profile gives no probabilities at {}",
                        name()
                    )));
                }
                (false, Some(given)) => {
                    if given.len() != set.len as usize || !T::is_distribution(given) {
                        return Err(BestResponseError::Profile(format!(
                            "the probabilities at {} are not a distribution over its {} moves",
                            name(),
                            set.len
                        )));
                    }
                    let at = set.first as usize;
                    probs[at..at + given.len()].clone_from_slice(given);
                }
            }
        }
        Ok(self.respond_to_moves(&probs))
    }

    /// Best responses to the probabilities of every move (by action id; chance moves with
    /// their chance probabilities), assumed well formed.
    pub(crate) fn respond_to_moves(&self, probs: &[T]) -> BestResponse<T> {
        let players = self.flat.players;
        let mut reach = vec![T::zero(); self.flat.len()];
        let (mut best, mut value) = (Vec::with_capacity(players), Vec::with_capacity(players));
        for player in 0..players {
            let (b, v) = self.player(player, probs, &mut reach);
            best.push(b);
            value.push(v);
        }
        BestResponse { best, value }
    }

    /// One player's best-response value and payoff: the others' reach from the root, then the
    /// recursion over the player's sequences from the last information sets up.
    fn player(&self, player: usize, probs: &[T], reach: &mut [T]) -> (T, T) {
        let f = &self.flat;
        let empty = f.empty();
        let mut direct = vec![T::zero(); empty + 1];
        reach[0] = T::one();
        for k in 0..f.len() {
            let owner = f.owner[k];
            if owner == TERMINAL {
                let t = f.first[k] as usize * f.players + player;
                let s = f.last[t] as usize;
                direct[s] = direct[s].plus(&reach[k].times(&f.payoff[t]));
                continue;
            }
            let (here, first) = (reach[k].clone(), f.first[k] as usize);
            let children = f.start[k] as usize..f.start[k + 1] as usize;
            if owner == player as u32 {
                reach[children].fill(here);
            } else {
                for (r, p) in reach[children].iter_mut().zip(&probs[first..]) {
                    *r = here.times(p);
                }
            }
        }
        let mut best = direct.clone();
        let mut on = direct;
        for &h in &f.upward[player] {
            let set = f.sets[h.index()];
            let moves = set.first as usize..(set.first + set.len) as usize;
            let top = best[moves.clone()]
                .iter()
                .fold(None::<&T>, |m, b| match m {
                    Some(m) if *m >= *b => Some(m),
                    _ => Some(b),
                })
                .expect("a set has moves")
                .clone();
            let mixed = on[moves.clone()]
                .iter()
                .zip(&probs[moves])
                .fold(T::zero(), |acc, (v, p)| acc.plus(&v.times(p)));
            let before = set.before as usize;
            best[before] = best[before].plus(&top);
            on[before] = on[before].plus(&mixed);
        }
        (best[empty].clone(), on[empty].clone())
    }
}

/// Each player's best response to a behaviour profile (per information set, the probabilities
/// of its moves for a personal player's set, `None` for a chance set), on a game with perfect
/// recall.
pub fn best_response<T: Number>(
    game: &Efg,
    profile: &[Option<Vec<T>>],
) -> Result<BestResponse<T>, BestResponseError> {
    Responder::new(game)?.respond(profile)
}

/// A profile in the form [`best_response`] takes from the behaviour strategies of some players
/// (each as pairs of an information set and its probabilities, as
/// [`sequence_form::behaviour`](super::sequence_form::behaviour) gives them); sets no pair
/// covers get `None`.
pub fn profile_of<T: Clone>(
    game: &Efg,
    strategies: &[Vec<(InfosetId, Vec<T>)>],
) -> Vec<Option<Vec<T>>> {
    let mut profile = vec![None; game.infosets().len()];
    for (h, probs) in strategies.iter().flatten() {
        profile[h.index()] = Some(probs.clone());
    }
    profile
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{TreeParams, poker, random_tree};
    use crate::nash::profile::{MixedProfile, regret};
    use crate::nash::sequence_form::{self, SequenceForm, mixed_strategy};
    use crate::strategic::{DEFAULT_LIMIT, build};
    use crate::tree::Mover;
    use proptest::prelude::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A random behaviour profile with small denominators, some moves never played.
    fn random_profile(game: &Efg, seed: u64) -> Vec<Option<Vec<Rational>>> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        (0..game.infosets().len())
            .map(|k| {
                let h = InfosetId(k as u32);
                (game.infoset(h).mover != Mover::Chance).then(|| {
                    let moves = game.actions_of(h).len();
                    let mut w: Vec<i64> = (0..moves).map(|_| rng.random_range(0..=3)).collect();
                    if w.iter().all(|&x| x == 0) {
                        w[0] = 1;
                    }
                    let total: i64 = w.iter().sum();
                    w.iter().map(|&x| Rational::new(x, total)).collect()
                })
            })
            .collect()
    }

    /// Each player's payoff and best pure reply in the reduced strategic form, against the mixed
    /// strategies the behaviour profile induces (Kuhn's theorem); `None` where the reduced
    /// strategic form is too large to build.
    fn by_brute_force(
        game: &Efg,
        profile: &[Option<Vec<Rational>>],
    ) -> Option<BestResponse<Rational>> {
        let form = build(game, DEFAULT_LIMIT).ok()?;
        let mixed = (0..game.num_players())
            .map(|i| {
                let own: Vec<(InfosetId, Vec<Rational>)> = game
                    .player_infosets(i as u32)
                    .map(|h| (h, profile[h.index()].clone().unwrap()))
                    .collect();
                mixed_strategy(&form.players[i], &form.strategies[i], &own)
            })
            .collect();
        let regrets = regret(&form.nfg, &MixedProfile::new(mixed)).unwrap();
        Some(BestResponse {
            best: regrets.iter().map(|(v, r)| v + r).collect(),
            value: regrets.into_iter().map(|(v, _)| v).collect(),
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn equals_the_best_pure_strategy_of_the_reduced_form(seed in 0u64..10_000, players in 2u32..=3) {
            let params = TreeParams { players, ..TreeParams::default() };
            let game = random_tree(&params, seed);
            let profile = random_profile(&game, seed);
            let exact = best_response(&game, &profile).unwrap();
            // Some drawn three-player trees have reduced forms of millions of profiles: the
            // brute force is skipped there, the floating-point comparison is not.
            if let Some(brute) = by_brute_force(&game, &profile) {
                prop_assert_eq!(&exact, &brute);
            }
            // The same in floating point, up to rounding.
            let float: Vec<Option<Vec<f64>>> = profile
                .iter()
                .map(|p| p.as_ref().map(|p| p.iter().map(Rational::to_f64).collect()))
                .collect();
            let approx = best_response(&game, &float).unwrap();
            for (a, e) in approx.best.iter().chain(&approx.value).zip(exact.best.iter().chain(&exact.value)) {
                prop_assert!((a - e.to_f64()).abs() < 1e-9);
            }
        }

        #[test]
        fn sequence_form_equilibria_have_exploitability_zero(seed in 0u64..10_000) {
            let game = random_tree(&TreeParams::default(), seed);
            let form = SequenceForm::new(&game, &Recall::check(&game)).unwrap();
            let (eq, _) = sequence_form::solve(&form).unwrap();
            let profile = profile_of(&game, &[
                sequence_form::behaviour(&game, &form.players[0], &eq.x),
                sequence_form::behaviour(&game, &form.players[1], &eq.y),
            ]);
            let br = best_response(&game, &profile).unwrap();
            prop_assert_eq!(&br.value[..], &eq.payoffs[..]);
            prop_assert!(br.exploitability().is_zero());
        }
    }

    #[test]
    fn kuhn_at_its_equilibrium() {
        let game = poker(3);
        let form = SequenceForm::new(&game, &Recall::check(&game)).unwrap();
        let (eq, _) = sequence_form::solve(&form).unwrap();
        let profile = profile_of(
            &game,
            &[
                sequence_form::behaviour(&game, &form.players[0], &eq.x),
                sequence_form::behaviour(&game, &form.players[1], &eq.y),
            ],
        );
        let br = best_response(&game, &profile).unwrap();
        let value = Rational::new(-1, 18);
        assert_eq!(br.best, [value.clone(), -&value]);
        assert_eq!(br.value, [value.clone(), -&value]);
        assert_eq!(br.gains(), [Rational::ZERO, Rational::ZERO]);
    }

    #[test]
    fn ill_formed_profiles_and_imperfect_recall_are_refused() {
        let game = poker(3);
        let mut profile = random_profile(&game, 1);
        assert!(best_response(&game, &profile[1..]).is_err());
        profile[0] = Some(vec![Rational::ONE]);
        let chance = best_response(&game, &profile).unwrap_err().to_string();
        assert!(chance.contains("chance's information set 1"), "{chance}");
        profile[0] = None;
        profile[1] = None;
        let missing = best_response(&game, &profile).unwrap_err().to_string();
        assert!(
            missing.contains("player 1's information set 1"),
            "{missing}"
        );
        profile[1] = Some(vec![Rational::new(1, 2), Rational::new(1, 3)]);
        assert!(matches!(
            best_response(&game, &profile),
            Err(BestResponseError::Profile(_))
        ));
        let forgetful = random_tree(
            &TreeParams {
                perfect_recall: false,
                merge: 1.0,
                max_depth: 5,
                ..TreeParams::default()
            },
            3,
        );
        assert!(!Recall::check(&forgetful).is_perfect());
        assert!(matches!(
            Responder::<Rational>::new(&forgetful),
            Err(BestResponseError::ImperfectRecall(_))
        ));
    }
}
