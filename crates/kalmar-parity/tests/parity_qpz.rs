//! The quasi-polynomial Zielonka algorithm against brute force over positional strategies on
//! small seeded random games, against Zielonka's algorithm on larger random games and on
//! PGSolver's families, and behind the shared preprocessing; every answer through the verifier.

mod common;
use common::*;

use kalmar_core::{Builder, Certificate, Owner, Player, Vertex};
use kalmar_parity::generate as families;
use kalmar_parity::{self as parity, ParityGame, ParitySolution, Stats, qpz, zlk};
use proptest::prelude::*;

/// Solves `game` by the algorithm, checks the answer with the verifier and against Zielonka's
/// algorithm, and returns it with the counters.
fn solve_checked(game: &ParityGame) -> (ParitySolution, Stats) {
    let mut stats = Stats::default();
    let solution = qpz::solve(game, &mut stats);
    if let Err(e) = solution.verify(game) {
        panic!("the answer is rejected: {e}");
    }
    let reference = zlk::solve(game, &mut Stats::default());
    assert_eq!(solution.winner, reference.winner, "qpz and zlk disagree");
    (solution, stats)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn qpz_matches_brute_force(
        seed in any::<u64>(),
        n in 1usize..8,
        priorities in 1u32..=8,
        degree in 1usize..=3,
    ) {
        let game = random_game_of(seed, n, priorities, degree, Owners::Both);
        let mut stats = Stats::default();
        let solution = qpz::solve(&game, &mut stats);
        prop_assert_eq!(&solution.winner, &brute_winners(&game));
        prop_assert!(solution.verify(&game).is_ok(), "{:?}", solution.verify(&game));
        prop_assert!(stats.iterations >= 1);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn qpz_matches_zielonka_on_larger_random_games(
        seed in any::<u64>(),
        n in 50usize..600,
        spread in 0u32..4,
        degree in 1usize..=4,
    ) {
        // From two priorities to one per vertex.
        let priorities = [2, 10, 60, n as u32][spread as usize];
        let game = random_game_of(seed, n, priorities, degree, Owners::Both);
        let solution = qpz::solve(&game, &mut Stats::default());
        prop_assert_eq!(&solution.winner, &zlk::solve(&game, &mut Stats::default()).winner);
        prop_assert!(solution.verify(&game).is_ok(), "{:?}", solution.verify(&game));
    }
}

#[test]
fn qpz_matches_brute_force_on_fixed_seeds() {
    // A deterministic sweep: few and many priorities, sparse and denser games (self-loops
    // come with them), and games where one player owns every vertex.
    for seed in 0..400u64 {
        let n = 1 + seed as usize % 7;
        let priorities = 1 + (seed / 7) as u32 % 9;
        let degree = 1 + seed as usize % 3;
        let owners = [Owners::Both, Owners::Both, Owners::Even, Owners::Odd][seed as usize % 4];
        let game = random_game_of(seed, n, priorities, degree, owners);
        let solution = qpz::solve(&game, &mut Stats::default());
        assert_eq!(
            solution.winner,
            brute_winners(&game),
            "seed {seed} ({owners:?})"
        );
        solution.verify(&game).unwrap();
    }
}

#[test]
fn qpz_matches_zielonka_on_many_small_games() {
    for seed in 0..3000u64 {
        let game = random_game_of(
            seed,
            2 + seed as usize % 40,
            1 + seed as u32 % 24,
            1 + seed as usize % 3,
            Owners::Both,
        );
        let solution = qpz::solve(&game, &mut Stats::default());
        assert_eq!(
            solution.winner,
            zlk::solve(&game, &mut Stats::default()).winner,
            "seed {seed}"
        );
        solution.verify(&game).unwrap();
    }
}

#[test]
fn qpz_matches_zielonka_with_many_priorities() {
    // Sparse games with about one priority per vertex: the recursion goes deep enough for
    // precisions to run out.
    for seed in 0..12u64 {
        let n = 200 + 300 * seed as usize;
        let game = families::randomgame(n, n as u32, 1, 2, seed).unwrap();
        solve_checked(&game);
    }
}

#[test]
fn pgsolver_families_match_zielonka() {
    for (h, w) in [(1, 1), (2, 3), (3, 2), (5, 5), (8, 10)] {
        solve_checked(&families::jurdzinskigame(h, w).unwrap());
    }
    for n in [1, 2, 3, 5, 8, 13] {
        solve_checked(&families::recursiveladder(n).unwrap());
    }
    for n in [1, 2, 3, 4, 6] {
        solve_checked(&families::tc(n).unwrap());
    }
    for n in [1, 2, 5, 50] {
        solve_checked(&families::laddergame(n).unwrap());
        solve_checked(&families::modelcheckerladder(n).unwrap());
    }
    for n in [2, 3, 10, 30] {
        solve_checked(&families::cliquegame(n).unwrap());
    }
    for seed in 0..4 {
        solve_checked(&families::steadygame(300, 1, 3, 1, 3, seed).unwrap());
    }
}

#[test]
fn recursive_ladders_take_fewer_calls_than_zielonka() {
    // Zielonka's algorithm is exponential on these, even with Oink's refinements; the
    // precisions cut the recursion short, by more as the ladder grows.
    let mut ratios = Vec::new();
    for n in [12, 16, 20] {
        let game = families::recursiveladder(n).unwrap();
        let (_, stats) = solve_checked(&game);
        let mut reference = Stats::default();
        zlk::solve(&game, &mut reference);
        assert!(
            stats.iterations < reference.iterations,
            "{n}: {stats:?} against {reference:?}"
        );
        ratios.push(reference.iterations as f64 / stats.iterations as f64);
    }
    assert!(ratios[2] > 2.0 && ratios[2] > ratios[0], "{ratios:?}");
}

#[test]
fn small_families_match_brute_force() {
    for game in [
        families::jurdzinskigame(1, 1).unwrap(),
        families::recursiveladder(1).unwrap(),
        families::laddergame(3).unwrap(),
        families::cliquegame(4).unwrap(),
    ] {
        let solution = qpz::solve(&game, &mut Stats::default());
        assert_eq!(solution.winner, brute_winners(&game));
        solution.verify(&game).unwrap();
    }
}

#[test]
fn a_long_cycle_of_distinct_priorities() {
    // One cycle with a distinct priority per vertex, the largest odd: Odd wins everywhere, and
    // the game has far more priorities than the precisions can halve through.
    let game = cycle_of_distinct_priorities(20_000);
    let (solution, _) = solve_checked(&game);
    assert!(solution.winner.iter().all(|&w| w == Player(1)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Behind the shared preprocessing (self-loops, components bottom-up, one-parity shortcut).
    #[test]
    fn qpz_behind_the_preprocessing(
        seed in any::<u64>(),
        n in 1usize..8,
        priorities in 1u32..6,
        degree in 1usize..=3,
    ) {
        let game = random_game_of(seed, n, priorities, degree, Owners::Both);
        let solution = parity::preprocess::solve(&game, &mut Stats::default(), qpz::solve);
        prop_assert_eq!(&solution.winner, &brute_winners(&game));
        prop_assert!(solution.verify(&game).is_ok(), "{:?}", solution.verify(&game));
    }
}

#[test]
fn qpz_behind_the_preprocessing_on_larger_games() {
    for seed in 0..8u64 {
        let game = random_game_of(
            seed,
            2000,
            2 + 40 * seed as u32,
            1 + seed as usize % 3,
            Owners::Both,
        );
        let solution = parity::preprocess::solve(&game, &mut Stats::default(), qpz::solve);
        assert_eq!(
            solution.winner,
            zlk::solve(&game, &mut Stats::default()).winner,
            "seed {seed}"
        );
        solution.verify(&game).unwrap();
    }
}

#[test]
fn qpz_is_in_the_registry() {
    let info = parity::SOLVERS.get("qpz").unwrap();
    assert_eq!(info.id, "qpz");
    let game = families::jurdzinskigame(3, 3).unwrap();
    let solution = (info.run)(&game, &mut Stats::default());
    solution.verify(&game).unwrap();
}

#[test]
fn a_chain_of_self_loops_one_level_deeper_per_vertex() {
    // Vertex i, of priority i, belongs to the player of its parity, loops on itself and may
    // step down to i - 1: each wins his own vertices by looping. The recursion goes one
    // priority down per vertex, deeper than a shallow stack allows.
    let n = 400;
    let mut b = Builder::new(2);
    for i in 0..n {
        b.add_vertex(Owner::Player(Player((i % 2) as u8)));
    }
    for i in 0..n {
        b.add_edge(Vertex::new(i), Vertex::new(i));
        if i > 0 {
            b.add_edge(Vertex::new(i), Vertex::new(i - 1));
        }
    }
    let priority = (0..n as u32).collect();
    let game = ParityGame::new(b.build().unwrap(), priority).unwrap();
    let (solution, _) = solve_checked(&game);
    assert!((0..n).all(|i| solution.winner[i] == Player((i % 2) as u8)));
}
