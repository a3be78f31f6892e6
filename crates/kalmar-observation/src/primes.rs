//! The prime-cycles family (Chatterjee, Doyen, Henzinger and Raskin, LMCS 2007; the
//! exponential example of the Alpaga tool), on which the knowledge game is exponential.
//!
//! From the start the environment puts the play on one of `k` cycles, of the first `k` prime
//! lengths `p_1, …, p_k`, and every location looks the same to the system. Each round the
//! system plays one of the actions `l1 … lk` (go round) or `leave`. Leaving is safe only
//! from the last location of a cycle; there, action `l_i` is unsafe on cycle `i`. So the
//! system must count rounds: it leaves after a multiple of `p_1 ⋯ p_k` rounds, and at a round
//! that is a multiple of some of the primes it goes round by the action of a cycle whose
//! length does not divide it. The system wins (safety), but its knowledge sets are the
//! `p_1 ⋯ p_k` residues of the joint count.

use super::{GameBuilder, ObservationGame};

/// The first `k` primes.
pub fn first_primes(k: usize) -> Vec<u32> {
    let mut primes: Vec<u32> = Vec::with_capacity(k);
    let mut candidate = 2;
    while primes.len() < k {
        if primes.iter().all(|p| candidate % p != 0) {
            primes.push(candidate);
        }
        candidate += 1;
    }
    primes
}

/// The prime-cycles game with `k` cycles (`k ≥ 1`): `3 + p_1 + … + p_k` locations, one
/// observation, a safety objective.
///
/// ```
/// use kalmar_observation::{primes, knowledge, Side};
/// let game = primes::prime_cycles(2);
/// assert_eq!(game.num_locations(), 3 + 2 + 3);
/// assert_eq!(knowledge::solve(&game).winner, Side::System);
/// ```
pub fn prime_cycles(k: usize) -> ObservationGame {
    let primes = first_primes(k);
    let mut b = GameBuilder::new();
    let all = b.add_observation("all", 0);
    let leave = b.add_action("leave");
    let around: Vec<u32> = (1..=k).map(|i| b.add_action(format!("l{i}"))).collect();
    let start = b.add_location("s0", all);
    let safe = b.add_location("Safe", all);
    let bad = b.add_location("Bad", all);
    b.make_unsafe(bad);
    b.add_initial(start);
    b.add_move(start, leave, bad);
    b.add_move(safe, leave, safe);
    for &a in &around {
        b.add_move(safe, a, bad);
    }
    for (i, &p) in primes.iter().enumerate() {
        let cycle: Vec<u32> = (1..=p)
            .map(|j| b.add_location(format!("s{}_{j}", i + 1), all))
            .collect();
        for &a in &around {
            b.add_move(start, a, cycle[0]);
        }
        for j in 0..p as usize - 1 {
            for &a in &around {
                b.add_move(cycle[j], a, cycle[j + 1]);
            }
            b.add_move(cycle[j], leave, bad);
        }
        let last = cycle[p as usize - 1];
        for (k, &a) in around.iter().enumerate() {
            b.add_move(last, a, if k == i { bad } else { cycle[0] });
        }
        b.add_move(last, leave, safe);
    }
    b.build().expect("the game has a start")
}

#[cfg(test)]
mod tests {
    #[test]
    fn primes() {
        assert_eq!(super::first_primes(6), vec![2, 3, 5, 7, 11, 13]);
    }
}
