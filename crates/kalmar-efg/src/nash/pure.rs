//! Pure-strategy Nash equilibria of a strategic-form game with any number of players.
//!
//! For every player and every choice of the others' strategies, the best payoff the player can
//! get is computed once; a profile is an equilibrium when each player's payoff equals that best.
//!
//! # Complexity
//! `O(N · P)` rational comparisons for `N` players and `P` profiles, and `O(P)` memory per
//! player.
//!
//! ```
//! use kalmar_efg::format::read_nfg;
//! use kalmar_efg::nash::pure::pure_equilibria;
//! // The prisoner's dilemma: both defect (strategy 2, numbered from 0 as 1).
//! let game = read_nfg("NFG 1 R \"pd\" { \"1\" \"2\" } { 2 2 }\n\n3 3 5 0 0 5 1 1\n").unwrap();
//! assert_eq!(pure_equilibria(&game), [[1, 1]]);
//! ```

use crate::normal::Nfg;
use kalmar_core::Rational;

/// The pure equilibria, as strategy indices per player, in profile order.
pub fn pure_equilibria(game: &Nfg) -> Vec<Vec<usize>> {
    let shape = game.shape();
    let n = shape.len();
    let profiles = game.num_profiles();
    let mut stride = vec![1usize; n];
    for i in 1..n {
        stride[i] = stride[i - 1] * shape[i - 1];
    }
    let digit = |k: usize, i: usize| (k / stride[i]) % shape[i];
    // best[i][k with player i's digit zeroed]: player i's best payoff against the others.
    let mut best: Vec<Vec<Option<&Rational>>> = vec![vec![None; profiles]; n];
    for k in 0..profiles {
        for (i, best) in best.iter_mut().enumerate() {
            let others = k - digit(k, i) * stride[i];
            let u = game.payoff(k, i);
            if best[others].is_none_or(|b| u > b) {
                best[others] = Some(u);
            }
        }
    }
    (0..profiles)
        .filter(|&k| {
            (0..n).all(|i| {
                let others = k - digit(k, i) * stride[i];
                best[i][others] == Some(game.payoff(k, i))
            })
        })
        .map(|k| (0..n).map(|i| digit(k, i)).collect())
        .collect()
}
