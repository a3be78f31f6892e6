//! The check of a mixed profile of a strategic-form game: well formed, the claimed payoffs
//! recomputed, and no pure strategy better for any player than the profile.
//!
//! One pass over the table accumulates, for every player `i` and pure strategy `s`, the payoff
//! of `s` against the others' mixtures; the best of those is the best-response value (a mixed
//! deviation is a mixture of pure ones, so it never does better).
//!
//! # Complexity
//! `O(P · N²)` rational operations for `P` profiles and `N` players.
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_efg::certificate::table::check;
//! use kalmar_efg::format::read_nfg;
//! // The prisoner's dilemma: both defecting (strategy 2) pays 1 each and nobody gains by moving.
//! let game = read_nfg("NFG 1 R \"pd\" { \"1\" \"2\" } { 2 2 }\n\n3 3 5 0 0 5 1 1\n").unwrap();
//! let defect = vec![Rational::ZERO, Rational::ONE];
//! let ones = [Rational::ONE, Rational::ONE];
//! assert!(check(&game, &[defect.clone(), defect.clone()], &ones).is_ok());
//! let cooperate = vec![Rational::ONE, Rational::ZERO];
//! let three = [Rational::from(3), Rational::from(3)];
//! let wrong = check(&game, &[cooperate.clone(), cooperate], &three).unwrap_err();
//! assert!(wrong.to_string().contains("gains by deviating: playing 2 pays 5"), "{wrong}");
//! ```

use super::{Checked, Rejection, distribution, judge, player_name};
use crate::names::strategy_names;
use crate::normal::Nfg;
use kalmar_core::Rational;

/// Checks the mixed profile `profile` (per player, a probability per strategy in the game's
/// order) against `game` and the payoffs `claimed`.
pub fn check(
    game: &Nfg,
    profile: &[Vec<Rational>],
    claimed: &[Rational],
) -> Result<Checked, Rejection> {
    check_within(game, profile, claimed, &Rational::ZERO)
}

/// Checks that `profile` is an ε-equilibrium for `epsilon`: as [`check`], but a player may gain
/// up to `epsilon` by deviating.
pub fn check_within(
    game: &Nfg,
    profile: &[Vec<Rational>],
    claimed: &[Rational],
    epsilon: &Rational,
) -> Result<Checked, Rejection> {
    let shape = game.shape();
    if profile.len() != shape.len() {
        return Err(Rejection::Profile(format!(
            "the profile has strategies for {} players; the game has {}",
            profile.len(),
            shape.len()
        )));
    }
    for (i, (probs, &count)) in profile.iter().zip(&shape).enumerate() {
        if probs.len() != count {
            return Err(Rejection::Profile(format!(
                "{} has {count} strategies, the profile gives {}",
                player_name(i, &game.players[i]),
                probs.len()
            )));
        }
        distribution(probs, || {
            format!("{}'s mixed strategy", player_name(i, &game.players[i]))
        })?;
    }
    let value = pure_values(game, profile);
    let payoffs: Vec<Rational> = value
        .iter()
        .zip(profile)
        .map(|(v, p)| {
            v.iter()
                .zip(p)
                .fold(Rational::ZERO, |a, (v, p)| a + &(v * p))
        })
        .collect();
    let names = strategy_names(game);
    judge(&game.players, payoffs, claimed, epsilon, |i| {
        let (s, best) = value[i]
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(&a.0)))
            .expect("every player has a strategy");
        Ok((best.clone(), format!("playing {}", names[i][s])))
    })
}

/// `value[i][s]`: player `i`'s expected payoff from pure strategy `s` against the others' mixed
/// strategies.
fn pure_values(game: &Nfg, profile: &[Vec<Rational>]) -> Vec<Vec<Rational>> {
    let shape = game.shape();
    let n = shape.len();
    let mut value: Vec<Vec<Rational>> = shape.iter().map(|&s| vec![Rational::ZERO; s]).collect();
    let mut digit = vec![0usize; n];
    for k in 0..game.num_profiles() {
        // The others' weight of this profile, for each player: the product of every other
        // player's probability of their strategy here.
        for i in 0..n {
            let weight = (0..n).filter(|&j| j != i).try_fold(Rational::ONE, |w, j| {
                let p = &profile[j][digit[j]];
                (!p.is_zero()).then(|| &w * p)
            });
            if let Some(w) = weight {
                let cell = &mut value[i][digit[i]];
                *cell = &*cell + &(&w * game.payoff(k, i));
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
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::read_nfg;

    fn r(n: i64, d: i64) -> Rational {
        Rational::new(n, d)
    }

    #[test]
    fn battle_of_the_sexes_mixed_equilibrium_and_broken_profiles() {
        let game =
            read_nfg("NFG 1 R \"bos\" { \"1\" \"2\" } { 2 2 }\n\n2 1 0 0 0 0 1 2\n").unwrap();
        let eq = [vec![r(2, 3), r(1, 3)], vec![r(1, 3), r(2, 3)]];
        let pay = [r(2, 3), r(2, 3)];
        let checked = check(&game, &eq, &pay).unwrap();
        assert_eq!(checked.best_responses, pay);
        let wrong = check(&game, &eq, &[r(2, 3), r(1, 2)]).unwrap_err();
        assert_eq!(
            wrong,
            Rejection::Payoff {
                player: "player 2".into(),
                claimed: r(1, 2),
                actual: r(2, 3)
            }
        );
        let negative = [vec![r(3, 2), r(-1, 2)], eq[1].clone()];
        assert!(
            check(&game, &negative, &pay)
                .unwrap_err()
                .to_string()
                .contains("negative")
        );
        let short = [vec![r(1, 2), r(1, 3)], eq[1].clone()];
        assert!(
            check(&game, &short, &pay)
                .unwrap_err()
                .to_string()
                .contains("sum to 5/6")
        );
        assert!(check(&game, &eq[..1], &pay).is_err());
    }
}
