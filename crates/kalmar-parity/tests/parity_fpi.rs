//! Fixpoint iteration with distractions (with and without freezing) against brute force over
//! positional strategies on small seeded random games and against Zielonka's algorithm on larger
//! ones, every answer through the verifier.

mod common;
use common::*;

use kalmar_core::{Builder, Certificate, Owner, Player};
use kalmar_parity::{ParityGame, Stats, fpi, zlk};
use proptest::prelude::*;

const VARIANTS: [fpi::Config; 2] = [fpi::Config { freeze: true }, fpi::Config { freeze: false }];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn fpi_matches_brute_force(
        seed in any::<u64>(),
        n in 1usize..8,
        priorities in 1u32..=8,
        degree in 1usize..=3,
    ) {
        let game = random_game(seed, n, priorities, degree);
        let expected = brute_winners(&game);
        for config in VARIANTS {
            let solution = fpi::solve_with(&game, config, &mut Stats::default());
            prop_assert_eq!(&solution.winner, &expected, "{:?}", config);
            prop_assert!(solution.verify(&game).is_ok(), "{:?}: {:?}", config, solution.verify(&game));
        }
    }
}

#[test]
fn fpi_matches_zielonka_on_larger_games() {
    // Thousands of vertices with few priorities, and a few hundred with as many priorities as
    // vertices (fixpoint iteration is exponential in the number of priorities, and random games
    // with many of them already take it millions of scans at a thousand vertices).
    let sizes = [
        (3000, 2),
        (3000, 3),
        (2500, 4),
        (2000, 5),
        (1500, 6),
        (300, 300),
        (200, 200),
    ];
    for seed in 0..(2 * sizes.len() as u64) {
        let (n, priorities) = sizes[seed as usize % sizes.len()];
        let game = random_game(seed, n, priorities, 1 + seed as usize % 3);
        let expected = zlk::solve(&game, &mut Stats::default()).winner;
        // Without freezing, many priorities take far longer: only the few-priority games.
        let variants = if priorities > 10 {
            &VARIANTS[..1]
        } else {
            &VARIANTS[..]
        };
        for &config in variants {
            let solution = fpi::solve_with(&game, config, &mut Stats::default());
            assert_eq!(solution.winner, expected, "seed {seed}, {config:?}");
            solution.verify(&game).unwrap();
        }
    }
}

#[test]
fn freezing_keeps_the_one_step_choices_winning() {
    // With freezing the choices made while solving already win: no attractor is needed to derive
    // strategies on these games.
    for seed in 0..3000u64 {
        let game = random_game(
            seed,
            2 + seed as usize % 30,
            1 + seed as u32 % 9,
            1 + seed as usize % 3,
        );
        let mut stats = Stats::default();
        let solution = fpi::solve(&game, &mut stats);
        solution.verify(&game).unwrap();
        assert_eq!(stats.attractors, 0, "seed {seed}");
    }
}

/// u (priority 3) can only go to w (priority 2); w can go back to u or to g (priority 2, a
/// self-loop). All of Even's. Without freezing, w's last one-step choice is u once u is a
/// distraction, which closes a cycle of largest priority 3: the strategy must come from
/// elsewhere.
#[test]
fn a_one_step_choice_that_closes_an_odd_cycle_is_not_kept() {
    let mut b = Builder::new(2);
    let [u, w, g] = [(); 3].map(|_| b.add_vertex(Owner::Player(Player(0))));
    b.add_edge(u, w);
    b.add_edge(w, u);
    b.add_edge(w, g);
    b.add_edge(g, g);
    let game = ParityGame::new(b.build().unwrap(), vec![3, 2, 2]).unwrap();
    for config in VARIANTS {
        let solution = fpi::solve_with(&game, config, &mut Stats::default());
        assert_eq!(solution.winner, vec![Player(0); 3]);
        solution.verify(&game).unwrap();
        assert_eq!(solution.strategy.successor(game.arena(), w), Some(g));
    }
}

/// On a single cycle through priorities 0..n, each vertex with one move, the levels behave like
/// a binary counter: a distraction at level p resets the levels below, which then flip again one
/// by one, so the number of scans grows exponentially with n (it is the Fibonacci number
/// F(n + 1)).
#[test]
fn a_cycle_of_distinct_priorities_counts_in_binary() {
    for config in VARIANTS {
        let mut scans = Vec::new();
        for n in [6, 8, 10, 12, 14] {
            let game = cycle_of_distinct_priorities(n);
            let mut stats = Stats::default();
            let solution = fpi::solve_with(&game, config, &mut stats);
            // The cycle's largest priority n - 1 is odd.
            assert!(solution.winner.iter().all(|&w| w == Player(1)));
            solution.verify(&game).unwrap();
            scans.push(stats.iterations);
        }
        assert_eq!(scans, [13, 34, 89, 233, 610], "{config:?}");
    }
}

#[test]
fn freezing_is_the_default() {
    assert_eq!(fpi::Config::default(), fpi::Config { freeze: true });
    let game = random_game(7, 50, 6, 2);
    assert_eq!(
        fpi::solve(&game, &mut Stats::default()),
        fpi::solve_with(&game, fpi::Config::default(), &mut Stats::default())
    );
}
