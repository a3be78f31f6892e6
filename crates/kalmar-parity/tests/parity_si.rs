//! Discrete strategy improvement, symmetric and switch-all, against brute force over positional strategies on small seeded
//! random games and against Zielonka's algorithm on larger ones, every answer through the
//! verifier.

mod common;
use common::*;

use kalmar_core::{Builder, Certificate, Owner, Player, Vertex};
use kalmar_parity::{ParityGame, Stats, si, zlk};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn si_matches_brute_force(
        seed in any::<u64>(),
        n in 1usize..8,
        priorities in 1u32..=8,
        degree in 1usize..=3,
    ) {
        let game = random_game(seed, n, priorities, degree);
        let expected = brute_winners(&game);
        for solver in [si::solve, si::solve_switch_all] {
            let solution = solver(&game, &mut Stats::default());
            prop_assert_eq!(&solution.winner, &expected);
            prop_assert!(solution.verify(&game).is_ok(), "{:?}", solution.verify(&game));
        }
    }
}

#[test]
fn si_matches_zielonka_on_many_small_games() {
    for seed in 0..3000u64 {
        let game = random_game(
            seed,
            2 + seed as usize % 40,
            1 + seed as u32 % 12,
            1 + seed as usize % 3,
        );
        let expected = zlk::solve(&game, &mut Stats::default()).winner;
        for solver in [si::solve, si::solve_switch_all] {
            let solution = solver(&game, &mut Stats::default());
            assert_eq!(solution.winner, expected, "seed {seed}");
            solution.verify(&game).unwrap();
        }
    }
}

#[test]
fn si_matches_zielonka_on_larger_games() {
    for seed in 0..16u64 {
        let n = 1000 + 250 * (seed as usize % 8);
        let priorities = [2, 3, 5, 10, 40, 200, 1000, 5000][seed as usize % 8];
        let game = random_game(seed, n, priorities, 1 + seed as usize % 3);
        let expected = zlk::solve(&game, &mut Stats::default()).winner;
        for solver in [si::solve, si::solve_switch_all] {
            let solution = solver(&game, &mut Stats::default());
            assert_eq!(solution.winner, expected, "seed {seed}");
            solution.verify(&game).unwrap();
        }
    }
}

#[test]
fn a_cycle_of_distinct_priorities_and_a_choice() {
    // Even at 0 chooses between a self-loop (priority 1) and a long cycle whose top priority is
    // even; Odd's vertices on the cycle may leave it for an odd self-loop of lower priority.
    let n = 50;
    let mut b = Builder::new(2);
    for i in 0..n {
        b.add_vertex(Owner::Player(Player((i % 2) as u8)));
    }
    // The self-loop first: both rules start from the first move, which loses.
    b.add_edge(Vertex::new(0), Vertex::new(0));
    for i in 0..n {
        b.add_edge(Vertex::new(i), Vertex::new((i + 1) % n));
    }
    let mut priority: Vec<u32> = (0..n as u32).map(|i| i + 2).collect();
    priority[0] = 1;
    priority[n - 1] = 2 * n as u32;
    let game = ParityGame::new(b.build().unwrap(), priority).unwrap();
    for solver in [si::solve, si::solve_switch_all] {
        let mut stats = Stats::default();
        let solution = solver(&game, &mut stats);
        solution.verify(&game).unwrap();
        assert!(solution.winner.iter().all(|&w| w == Player(0)));
        assert!(stats.iterations >= 2, "the first strategy is improved");
    }
}
