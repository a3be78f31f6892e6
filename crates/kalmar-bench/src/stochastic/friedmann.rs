//! The `friedmann` family of `kalmar bench stochastic`: Friedmann's parity games built against
//! the switch-all rule of strategy improvement (PGSolver's `switchallexp n`), solved by
//! strategy improvement for mean-payoff games on Jurdziński's reduction (mpsi) and by exact
//! strategy iteration on the priority gadget (si-gadget), with their improvement counts. The
//! rewards of the mean-payoff games have 58 to 384 bits: mpsi computes in big integers there.
//!
//! Friedmann's games are sink games that Odd wins from every vertex: with Max as Even, every
//! mean-payoff value is negative and every winning probability 0. The benchmark checks both.
//!
//! ```
//! let mut rows = Vec::new();
//! kalmar_bench::stochastic::friedmann::run_one(1, 1, &mut rows).unwrap();
//! assert_eq!(rows.len(), 2);
//! ```

use super::{Setup, StochasticBenchError, StochasticRow, checked, repeat};
use kalmar_core::{Certificate, Rational};
use kalmar_parity::generate::friedmann::switchallexp;
use kalmar_stochastic::reduce::parity_to_mean;
use kalmar_stochastic::{MeanPayoffGame, ParityConvention, Stats, StochasticParityGame, mpsi, spg};
use std::time::Instant;

/// The parameters `n` of the games run (n = 6 takes about a minute).
const PARAMETERS: [usize; 5] = [1, 2, 3, 4, 5];

/// Rows for `switchallexp n`, n = 1..5: mpsi on the mean-payoff game, si on the gadget game.
pub fn run(
    _: &str,
    setup: &Setup<'_>,
    rows: &mut Vec<StochasticRow>,
) -> Result<(), StochasticBenchError> {
    for n in PARAMETERS {
        run_one(n, setup.reps, rows)?;
    }
    Ok(())
}

/// The two rows of `switchallexp n`.
pub fn run_one(
    n: usize,
    reps: usize,
    rows: &mut Vec<StochasticRow>,
) -> Result<(), StochasticBenchError> {
    let parity = switchallexp(n).map_err(StochasticBenchError::game)?;
    let arena = parity.arena().clone();
    let priorities = arena.vertices().map(|v| parity.priority(v)).collect();
    let game = StochasticParityGame::new(arena, priorities, ParityConvention::EvenWins)
        .map_err(StochasticBenchError::game)?;
    let mean = parity_to_mean::reduce(&game);
    // The same arena, for the sizes in the rows.
    let graph = mean.to_graph();
    let family = format!("friedmann switchallexp {n}");
    let mut stats = Stats::default();
    let timing = repeat(reps, || {
        stats = Stats::default();
        let start = Instant::now();
        let solution = mpsi::solve(&mean, &mut stats).map_err(StochasticBenchError::game)?;
        let elapsed = start.elapsed();
        odd_wins(solution.values.iter().all(|x| *x < Rational::ZERO))?;
        Ok(elapsed)
    })?;
    rows.push(StochasticRow::new(
        family.clone(),
        &graph,
        "mpsi",
        Some(timing),
        stats,
        format!(
            "exact; Odd wins everywhere; rewards of {} bits",
            reward_bits(&mean)
        ),
    ));
    let timing = repeat(reps, || {
        stats = Stats::default();
        let start = Instant::now();
        let solution = spg::solve(&game, &mut stats);
        let elapsed = start.elapsed();
        checked(solution.verify(&game))?;
        odd_wins(solution.values.iter().all(|x| *x == Rational::ZERO))?;
        Ok(elapsed)
    })?;
    rows.push(StochasticRow::new(
        family,
        &graph,
        "si-gadget",
        Some(timing),
        stats,
        format!("exact; Odd wins everywhere; {} gadget games", stats.rounds),
    ));
    Ok(())
}

/// The largest reward's size in bits, as a power of two the rewards reach.
fn reward_bits(game: &MeanPayoffGame) -> u64 {
    game.rewards()
        .iter()
        .map(|r| r.to_big().numer().bits())
        .max()
        .unwrap_or(0)
}

/// Friedmann's games are won by Odd from every vertex.
fn odd_wins(holds: bool) -> Result<(), StochasticBenchError> {
    if holds {
        Ok(())
    } else {
        Err(StochasticBenchError::NotOddWins)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odd_wins_the_smallest_game() {
        let mut rows = Vec::new();
        run_one(1, 1, &mut rows).unwrap();
        let [mpsi, gadget] = &rows[..] else {
            panic!("two rows")
        };
        // Jurdziński's rewards for 21 vertices and their priorities exceed 128-bit arithmetic:
        // mpsi runs in big integers.
        assert!(mpsi.median_ms.is_some());
        assert!(mpsi.error.starts_with("exact; Odd wins everywhere"));
        assert!(mpsi.iterations > 0);
        assert!(gadget.error.starts_with("exact; Odd wins everywhere"));
        assert!(gadget.iterations > 0);
    }
}
