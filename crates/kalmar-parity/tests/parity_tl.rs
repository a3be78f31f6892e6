//! Parity games: tangle learning against brute force over all pairs of positional strategies on
//! seeded random small games, against Zielonka's algorithm on larger random games and on
//! structured families that make solvers iterate, every answer through the verifier.

mod common;
use common::*;

use kalmar_core::{Certificate, Player};
use kalmar_parity::{ParityGame, ParitySolution, Stats, tl, zlk};
use proptest::prelude::*;

/// Solves `game` by tangle learning, checks the answer with the verifier and against Zielonka's
/// algorithm, and returns it with the counters.
fn solve_checked(game: &ParityGame) -> (ParitySolution, Stats) {
    let mut stats = Stats::default();
    let solution = tl::solve(game, &mut stats);
    if let Err(e) = solution.verify(game) {
        panic!("tangle learning's answer is rejected: {e}");
    }
    let reference = zlk::solve(game, &mut Stats::default());
    assert_eq!(solution.winner, reference.winner, "tl and zlk disagree");
    (solution, stats)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn tl_matches_brute_force(
        seed in any::<u64>(),
        n in 1usize..8,
        priorities in 1u32..=8,
        degree in 1usize..=3,
    ) {
        let game = random_game(seed, n, priorities, degree);
        let expected = brute_winners(&game);
        let mut stats = Stats::default();
        let solution = tl::solve(&game, &mut stats);
        prop_assert_eq!(&solution.winner, &expected);
        prop_assert!(solution.verify(&game).is_ok(), "{:?}", solution.verify(&game));
        prop_assert!(stats.iterations >= 1);
    }
}

#[test]
fn tl_matches_brute_force_on_fixed_seeds() {
    // A deterministic sweep over the parameters, independent of proptest's seeding.
    let mut cases = 0;
    for seed in 0..120u64 {
        for degree in 1..=3 {
            let n = 1 + (seed as usize % 7);
            let priorities = 1 + (seed as u32 % 8);
            let game = random_game(seed * 31 + degree as u64, n, priorities, degree);
            let solution = tl::solve(&game, &mut Stats::default());
            assert_eq!(
                solution.winner,
                brute_winners(&game),
                "seed {seed} degree {degree}"
            );
            solution.verify(&game).unwrap();
            cases += 1;
        }
    }
    assert!(cases >= 300);
}

#[test]
fn tl_matches_zlk_on_larger_random_games() {
    for seed in 0..24u64 {
        let n = 1000 + 250 * (seed as usize % 8);
        // Few priorities (2, 3, 4, ...) and many (up to n).
        let priorities = match seed % 3 {
            0 => 2 + seed as u32 % 4,
            1 => 10 + seed as u32,
            _ => n as u32,
        };
        let degree = 1 + seed as usize % 4;
        let game = random_game(1000 + seed, n, priorities, degree);
        solve_checked(&game);
    }
}

#[test]
fn tl_matches_zlk_on_a_large_sparse_game() {
    let game = random_game(77, 20_000, 50, 2);
    solve_checked(&game);
}

#[test]
fn long_cycle_with_distinct_priorities() {
    // A single cycle with a distinct priority per vertex: the largest, n - 1, is odd.
    let n = 20_000;
    let vertices: Vec<(u8, u32)> = (0..n).map(|i| ((i % 2) as u8, i as u32)).collect();
    let edges: Vec<(usize, usize)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
    let game = game_of(&vertices, &edges);
    let (solution, _) = solve_checked(&game);
    assert!(solution.winner.iter().all(|&w| w == Player(1)));
}

/// A ladder of n pieces: piece i has a head of priority i + 2 owned by player i mod 2 and a
/// two-vertex loop of the opponent's low priority; heads and loops chain to the next piece, and
/// each loop reaches back into the previous one. Solvers that peel one priority at a time must
/// work through every piece.
fn ladder(n: usize) -> ParityGame {
    let mut vertices = Vec::new();
    let mut edges = Vec::new();
    for i in 0..=n {
        let mine = (i % 2) as u8;
        let theirs = 1 - mine;
        vertices.push((mine, i as u32 + 2));
        vertices.push((mine, u32::from(theirs)));
        vertices.push((theirs, u32::from(theirs)));
        edges.extend([
            (3 * i, 3 * i + 1),
            (3 * i + 1, 3 * i + 2),
            (3 * i + 2, 3 * i + 1),
        ]);
    }
    for i in 0..n {
        edges.extend([
            (3 * i, 3 * i + 3),
            (3 * i + 1, 3 * i + 3),
            (3 * i + 5, 3 * i + 2),
        ]);
    }
    game_of(&vertices, &edges)
}

/// A ring of n groups of two two-cycles (priorities n - 1 - i and n + 1 + i), each group
/// feeding the next; the owners alternate with the group.
fn ring_of_pairs(n: usize) -> ParityGame {
    let mut vertices = Vec::new();
    let mut edges = Vec::new();
    for i in 0..n {
        let owner = ((n + i) % 2) as u8;
        let low = (n - 1 - i) as u32;
        let high = (n + 1 + i) as u32;
        vertices.extend([(owner, low), (owner, low), (owner, high), (owner, high)]);
        let b = 4 * i;
        edges.extend([(b, b + 1), (b + 1, b), (b + 2, b + 3), (b + 3, b + 2)]);
        edges.extend([(b, b + 2), (b + 1, b + 3)]);
        let next = if i + 1 == n { 0 } else { b + 4 };
        edges.extend([(b + 2, next), (b + 3, next + 1)]);
    }
    game_of(&vertices, &edges)
}

/// A chain of n pieces, each a pair of two-cycles of priority i (one per player) and a vertex
/// of priority i + 3 leading into them, linked forwards and backwards with the next piece.
fn linked_pairs(n: usize) -> ParityGame {
    let mut vertices = Vec::new();
    let mut edges = Vec::new();
    for i in 0..=n {
        let odd = (i % 2) as u8;
        let p = i as u32;
        vertices.extend([(1 - odd, p), (1 - odd, p), (odd, p), (odd, p + 3)]);
        let b = 4 * i;
        edges.extend([
            (b, b + 1),
            (b + 1, b),
            (b + 1, b + 2),
            (b + 2, b + 1),
            (b + 3, b + 2),
        ]);
    }
    for i in 0..n {
        edges.extend([(4 * i + 6, 4 * i + 3), (4 * i + 1, 4 * i + 7)]);
    }
    game_of(&vertices, &edges)
}

/// A family where tangles are found one at a time: an Odd root with a self-loop of priority 1
/// is linked to n "distracted" Even vertices of decreasing even priority; each is lured by a
/// higher even "distraction" into a small Odd tangle of priority 1, which an odd vertex above
/// the distraction attracts back to the distracted vertex.
fn distracted_tangles(n: usize) -> ParityGame {
    let mut vertices = vec![(1u8, 1u32)];
    let mut edges = vec![(0usize, 0usize)];
    for i in 0..n {
        let c = 5 * i + 1;
        let d = 2 * (n + i + 1) as u32;
        vertices.extend([(0, 2 * (n - i) as u32), (0, d), (1, 1), (0, 1), (0, d + 1)]);
        edges.extend([
            (c, 0),
            (0, c),
            (c, c + 1),
            (c + 1, c + 2),
            (c + 2, c + 3),
            (c + 3, c + 2),
            (c + 3, c + 4),
            (c + 4, c),
        ]);
    }
    game_of(&vertices, &edges)
}

#[test]
fn structured_families_small_sizes_match_brute_force() {
    for n in 1..=2 {
        for game in [ladder(n), ring_of_pairs(n + 1), linked_pairs(n)] {
            if game.arena().num_vertices() <= 12 {
                let solution = tl::solve(&game, &mut Stats::default());
                assert_eq!(solution.winner, brute_winners(&game));
                solution.verify(&game).unwrap();
            }
        }
    }
    let game = distracted_tangles(1);
    let solution = tl::solve(&game, &mut Stats::default());
    assert_eq!(solution.winner, brute_winners(&game));
}

#[test]
fn structured_families_are_solved() {
    // Zielonka's algorithm is exponential on the first three: compare with it on small sizes
    // only, and rely on the verifier for the larger ones.
    for n in [1, 2, 3, 5, 8] {
        solve_checked(&ladder(n));
        solve_checked(&ring_of_pairs(n));
        solve_checked(&linked_pairs(n));
        solve_checked(&distracted_tangles(n));
    }
    for n in [20, 60, 200] {
        for game in [
            ladder(n),
            ring_of_pairs(n),
            linked_pairs(n),
            distracted_tangles(n),
        ] {
            let solution = tl::solve(&game, &mut Stats::default());
            solution.verify(&game).unwrap();
        }
    }
}

#[test]
fn linked_pairs_learn_one_tangle_per_pass() {
    // Every pass of search learns new tangles; on this chain it takes about one pass per piece,
    // so the number of passes grows linearly (and stays far below Zielonka's recursion count).
    for n in [10, 40] {
        let mut stats = Stats::default();
        let game = linked_pairs(n);
        tl::solve(&game, &mut stats).verify(&game).unwrap();
        assert!(stats.iterations as usize > n / 2, "{n}: {stats:?}");
        assert!(stats.iterations as usize <= 4 * n + 4, "{n}: {stats:?}");
    }
}

#[test]
fn distracted_tangles_make_search_iterate() {
    // Each distracted vertex needs its own tangle before the root's region closes: the number
    // of passes of search grows with n.
    let mut previous = 0;
    for n in [2, 4, 8, 16] {
        let (_, stats) = solve_checked(&distracted_tangles(n));
        assert!(
            stats.iterations > previous,
            "{n}: {} passes after {previous}",
            stats.iterations
        );
        previous = stats.iterations;
    }
}

#[test]
fn a_dominion_of_each_player_and_attraction_through_a_tangle() {
    // 0 (Even, 4) <-> 1 (Odd, 3): Even wins this pair by 0 -> 1 -> 0 (priority 4). Vertex 1
    // may escape to 2 (Even, 0), whose only move is into the pair. 3 (Odd, 5) has a self-loop
    // and a move to 0; 4 (Even, 2) may go to 3 or 0.
    let game = game_of(
        &[(0, 4), (1, 3), (0, 0), (1, 5), (0, 2)],
        &[
            (0, 1),
            (1, 0),
            (1, 2),
            (2, 0),
            (3, 3),
            (3, 0),
            (4, 3),
            (4, 0),
        ],
    );
    let (solution, _) = solve_checked(&game);
    assert_eq!(
        solution.winner,
        vec![Player(0), Player(0), Player(0), Player(1), Player(0)]
    );
    assert_eq!(solution.winner, brute_winners(&game));
}
