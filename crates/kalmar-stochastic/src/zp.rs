//! Zwick and Paterson's value iteration for deterministic mean-payoff games (*The complexity of
//! mean payoff games on graphs*, TCS 1996): the exact value of every vertex, in pseudo-polynomial
//! time.
//!
//! `x_k(v)`, the value of the game that stops after `k` steps and pays the sum of the rewards
//! seen, satisfies `x_k(v) = r(v) + max (min) over successors w of x_(k-1)(w)`, and
//! `|x_k(v) - k value(v)| <= 2 n W` for integer rewards of absolute value at most `W`. The value is
//! the average of a cycle of at most `n` vertices, a fraction with denominator at most `n`; two
//! such fractions differ by more than `1 / n^2`, so after `k > 4 n^3 W` steps the value is the only
//! one in `[(x_k - 2nW) / k, (x_k + 2nW) / k]`. Rational rewards are first scaled to integers by
//! the least common multiple of their denominators.
//!
//! The values come without strategies: recovering optimal strategies from the values of a
//! mean-payoff game is not known to be easy, even in the deterministic case (Andersson, Paper 2).
//! Strategies come from [`si::solve_mean_payoff`](super::si::solve_mean_payoff).
//!
//! # Complexity
//! O(n^3 W m) integer operations.
//!
//! # Example
//!
//! Max keeps the reward 1, Min the reward -1.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_core::Rational;
//! use kalmar_stochastic::{MeanPayoffGame, Stats, zp};
//! let graph = read_gg("kalmar-gg 1\na max reward=1 -> a b\nb min reward=-1 -> b a\n").unwrap();
//! let game = MeanPayoffGame::from_graph(&graph).unwrap();
//! let values = zp::solve(&game, u64::MAX, &mut Stats::default()).unwrap();
//! assert_eq!(values, [Rational::ONE, Rational::from(-1)]);
//! ```

use super::model::integer_rewards;
use super::{MeanPayoffGame, Stats, is_deterministic};
use kalmar_core::{Owner, Player, Rational};

/// Why Zwick–Paterson iteration does not apply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ZpError {
    /// The game has chance vertices.
    #[error("Zwick-Paterson value iteration solves deterministic games; this one has chance")]
    Stochastic,
    /// `4 n^3 W` steps do not fit in 64 bits (or exceed the limit given).
    #[error("Zwick-Paterson value iteration would take {0} steps, more than the limit")]
    TooManySteps(String),
}

/// The exact value of every vertex of a deterministic mean-payoff game, if it takes at most
/// `max_steps` steps.
pub fn solve(
    game: &MeanPayoffGame,
    max_steps: u64,
    stats: &mut Stats,
) -> Result<Vec<Rational>, ZpError> {
    let arena = game.arena();
    if !is_deterministic(arena) {
        return Err(ZpError::Stochastic);
    }
    let n = arena.num_vertices() as u64;
    let too_many = |why: String| ZpError::TooManySteps(why);
    let (reward, scale) =
        integer_rewards(game).ok_or_else(|| too_many("rewards too large".into()))?;
    let w = reward
        .iter()
        .map(|r| r.unsigned_abs())
        .max()
        .unwrap_or(0)
        .max(1);
    let steps = (4 * (n as u128).pow(3))
        .checked_mul(w)
        .and_then(|s| s.checked_add(1))
        .filter(|&s| s <= max_steps as u128)
        .ok_or_else(|| too_many(format!("4 * {n}^3 * {w} + 1")))? as u64;
    let mut x = vec![0i128; arena.num_vertices()];
    let mut next = x.clone();
    for _ in 0..steps {
        stats.iterations += 1;
        for v in arena.vertices() {
            let succ = arena.successors(v).iter().map(|u| x[u.index()]);
            let best = match arena.owner(v) {
                Owner::Player(Player::MAX) => succ.max(),
                _ => succ.min(),
            };
            next[v.index()] =
                reward[v.index()] + best.expect("a vertex of a mean-payoff game has moves");
        }
        std::mem::swap(&mut x, &mut next);
    }
    let k = steps as i128;
    let radius = 2 * n as i128 * w as i128;
    let scale = Rational::from_big(num_rational::BigRational::from_integer(scale));
    Ok(x.iter()
        .map(|&total| {
            // The fraction p/q, q <= n, within radius/k of total/k.
            (1..=n as i128)
                .find_map(|q| {
                    let p = (2 * total * q + k).div_euclid(2 * k);
                    ((p * k - total * q).abs() <= radius * q)
                        .then(|| Rational::new(p as i64, q as i64))
                })
                .map(|value| &value / &scale)
                .expect("Zwick and Paterson's bound leaves exactly one candidate")
        })
        .collect())
}
