//! Parity games: Zielonka's algorithm against brute force over all pairs of positional
//! strategies on seeded random games, every answer through the verifier, and the verifier against
//! corrupted solutions.

mod common;
use common::*;

use kalmar_core::format::GameGraph;
use kalmar_core::{Certificate, Edge, Player, Vertex};
use kalmar_parity::format::read_pg;
use kalmar_parity::{self as parity, ParityGame, ParitySolution, SOLVERS, Stats, zlk};
use proptest::prelude::*;

fn successors_of(game: &ParityGame, solution: &ParitySolution) -> Vec<Vertex> {
    let arena = game.arena();
    arena
        .vertices()
        .map(|v| solution.strategy.successor(arena, v).unwrap())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn solvers_match_brute_force(seed in any::<u64>(), n in 1usize..8, priorities in 1u32..6) {
        let game = random_game(seed, n, priorities, 3);
        let expected = brute_winners(&game);
        for info in SOLVERS.iter() {
            let solution = (info.run)(&game, &mut Stats::default());
            prop_assert_eq!(&solution.winner, &expected, "solver {}", info.id);
            prop_assert!(solution.verify(&game).is_ok(), "solver {}: {:?}", info.id, solution.verify(&game));
        }
    }

    /// The verifier accepts a strategy change exactly when both players still win their regions.
    #[test]
    fn verifier_agrees_with_brute_force(seed in any::<u64>(), n in 1usize..7, priorities in 1u32..5, pick in any::<u64>()) {
        let game = random_game(seed, n, priorities, 3);
        let arena = game.arena();
        let mut solution = zlk::solve(&game, &mut Stats::default());
        let movable: Vec<Vertex> = arena.vertices().filter(|&v| arena.out_degree(v) > 1).collect();
        if let Some(&v) = movable.get(pick as usize % movable.len().max(1)) {
            let edges: Vec<Edge> = arena.out_edges(v).collect();
            solution.strategy.set(v, edges[(pick as usize / 7) % edges.len()]);
        }
        let choice = successors_of(&game, &solution);
        let correct = arena.vertices().all(|v| wins_with(&game, &choice, solution.winner[v.index()], v));
        prop_assert_eq!(solution.verify(&game).is_ok(), correct);

        let mut wrong = zlk::solve(&game, &mut Stats::default());
        let v = Vertex::new(pick as usize % n);
        wrong.winner[v.index()] = wrong.winner[v.index()].opponent();
        prop_assert!(wrong.verify(&game).is_err());
    }
}

#[test]
fn larger_random_games_are_certified() {
    for seed in 0..20 {
        let game = random_game(seed, 2000, 1 + seed as u32 * 50, 3);
        let solution = zlk::solve(&game, &mut Stats::default());
        solution.verify(&game).unwrap();
    }
}

#[test]
fn deep_priorities_do_not_overflow_the_stack() {
    // A chain with a distinct priority per vertex: the recursion is as deep as the chain.
    let game = cycle_of_distinct_priorities(20_000);
    let solution = zlk::solve(&game, &mut Stats::default());
    // The cycle's largest priority n - 1 is odd: Odd wins everywhere.
    assert!(solution.winner.iter().all(|&w| w == Player(1)));
    solution.verify(&game).unwrap();
}

#[test]
fn pgsolver_files_with_dead_ends_and_min_parity() {
    // Vertex 2 is a dead end of Even: Even loses there.
    let graph: GameGraph = read_pg("parity 2;\n0 2 0 1,2;\n1 1 1 0;\n2 0 0;\n").unwrap();
    let game = ParityGame::from_graph(&graph, false).unwrap();
    let solution = zlk::solve(&game, &mut Stats::default());
    solution.verify(&game).unwrap();
    // From 0 Even moves to 1, Odd must return: priority 2 recurs, Even wins 0 and 1.
    assert_eq!(solution.winner, vec![Player(0), Player(0), Player(1)]);
    // Read as min-parity, priority 1 (odd) is now the deciding one on the 0-1 cycle.
    let min = ParityGame::from_graph(&graph, true).unwrap();
    let solution = zlk::solve(&min, &mut Stats::default());
    assert_eq!(solution.winner, vec![Player(1), Player(1), Player(1)]);
    let mut no_priorities = graph.clone();
    no_priorities.priority = None;
    assert!(ParityGame::from_graph(&no_priorities, false).is_err());
    // Without dead ends the game shares the graph's arena, with them it has its own.
    let no_dead_ends: GameGraph = read_pg("parity 1;\n0 3 0 0,1;\n1 2 1 0;\n").unwrap();
    let shared = ParityGame::from_graph(&no_dead_ends, true).unwrap();
    assert!(std::ptr::eq(shared.arena(), &*no_dead_ends.arena));
    let own = ParityGame::from_graph(&graph, false).unwrap();
    assert!(!std::ptr::eq(own.arena(), &*graph.arena));
    // Releasing: the payoffs always go; the priorities only where the game's are the file's.
    for (source, min_parity, kept) in [
        (&no_dead_ends, false, false),
        (&no_dead_ends, true, true),
        (&graph, false, true),
    ] {
        let mut released = source.clone();
        let game = ParityGame::from_graph_releasing(&mut released, min_parity).unwrap();
        assert_eq!(game, ParityGame::from_graph(source, min_parity).unwrap());
        assert!(released.payoff.is_empty());
        assert_eq!(released.priority.is_some(), kept);
        for v in source.arena.vertices() {
            let file = source.priority.as_ref().unwrap()[v.index()];
            assert_eq!(game.file_priority(&released, v), file);
        }
    }
}

proptest! {
    /// Compressing priorities keeps every winner.
    #[test]
    fn compression_keeps_winners(seed in any::<u64>(), n in 1usize..8) {
        let game = random_game(seed, n, 40, 3);
        let compressed = parity::compress::compress(&game);
        prop_assert!(compressed.max_priority() <= game.max_priority());
        for v in game.arena().vertices() {
            prop_assert_eq!(compressed.priority(v) % 2, game.priority(v) % 2);
        }
        prop_assert_eq!(brute_winners(&compressed), brute_winners(&game));
        // Priorities far above the game's size (compressed by sorting, not by a table) in the
        // same order and of the same parities compress to the same.
        let spread = game.arena().vertices().map(|v| {
            let p = game.priority(v);
            2_000_000 * p + p
        });
        let spread = ParityGame::new(game.arena().clone(), spread.collect()).unwrap();
        let recompressed = parity::compress::compress(&spread);
        for v in game.arena().vertices() {
            prop_assert_eq!(recompressed.priority(v), compressed.priority(v));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The shared preprocessing (self-loops, components bottom-up, one-parity shortcut) around
    /// every solver gives the brute-force winners and certified strategies.
    #[test]
    fn preprocessing_keeps_solutions_right(seed in any::<u64>(), n in 1usize..8, priorities in 1u32..6) {
        let game = random_game(seed, n, priorities, 3);
        let expected = brute_winners(&game);
        for info in SOLVERS.iter() {
            let solution = parity::preprocess::solve(&game, &mut Stats::default(), info.run);
            prop_assert_eq!(&solution.winner, &expected, "solver {}", info.id);
            prop_assert!(solution.verify(&game).is_ok(), "solver {}: {:?}", info.id, solution.verify(&game));
        }
    }
}

proptest! {
    /// Games where only one player moves are solved by the preprocessing alone (his winning
    /// cycles searched to the end), and components of one player's vertices by the one-player
    /// solver: both as brute force says.
    #[test]
    fn one_player_games_and_components_are_solved_right(
        seed in any::<u64>(),
        n in 1usize..9,
        priorities in 1u32..7,
        odd in any::<bool>(),
    ) {
        let owners = if odd { Owners::Odd } else { Owners::Even };
        let game = random_game_of(seed, n, priorities, 3, owners);
        let expected = brute_winners(&game);
        let solution = parity::cycles::solve_one_player(&game, Player(u8::from(odd)));
        prop_assert_eq!(&solution.winner, &expected);
        prop_assert!(solution.verify(&game).is_ok(), "{:?}", solution.verify(&game));
        let solution = parity::preprocess::solve(&game, &mut Stats::default(), zlk::solve);
        prop_assert_eq!(&solution.winner, &expected);
        prop_assert!(solution.verify(&game).is_ok(), "{:?}", solution.verify(&game));
    }
}

#[test]
fn one_player_games_agree_with_plain_zielonka() {
    for seed in 0..40 {
        let owners = if seed % 2 == 0 {
            Owners::Even
        } else {
            Owners::Odd
        };
        let game = random_game_of(
            seed,
            2000,
            2 + seed as u32 * 5,
            1 + seed as usize % 3,
            owners,
        );
        let plain = zlk::solve(&game, &mut Stats::default());
        let pre = parity::preprocess::solve(&game, &mut Stats::default(), zlk::solve);
        assert_eq!(plain.winner, pre.winner, "seed {seed}");
        pre.verify(&game).unwrap();
    }
}

#[test]
fn preprocessing_on_larger_games_agrees_with_plain_zielonka() {
    for seed in 0..30 {
        // Sparse games have many components; dense ones few.
        let game = random_game(seed, 3000, 2 + seed as u32 * 7, 3);
        let plain = zlk::solve(&game, &mut Stats::default());
        let pre = parity::preprocess::solve(&game, &mut Stats::default(), zlk::solve);
        assert_eq!(plain.winner, pre.winner, "seed {seed}");
        pre.verify(&game).unwrap();
    }
}

proptest! {
    /// Min-parity files: the smallest recurring priority decides, including the largest
    /// priorities a file may hold.
    #[test]
    fn min_parity_is_read_correctly(seed in any::<u64>(), n in 1usize..7, high in any::<bool>()) {
        let game = random_game(seed, n, 5, 3);
        let arena = game.arena().clone();
        let shift = if high { u32::MAX - 4 } else { 0 };
        let mut graph = GameGraph::new(arena.clone());
        graph.priority = Some(arena.vertices().map(|v| game.priority(v) + shift).collect());
        let min = ParityGame::from_graph(&graph, true).unwrap();
        let solution = zlk::solve(&min, &mut Stats::default());
        // Brute force with the min-parity rule: flip the priorities' order by hand.
        let flipped: Vec<u32> = arena.vertices().map(|v| {
            let p = game.priority(v) + shift;
            let q = 4 - game.priority(v); // order reversed
            q + u32::from(q % 2 != p % 2) // the same shift for all: keeps the order
        }).collect();
        let reference = ParityGame::new(arena, flipped).unwrap();
        prop_assert_eq!(solution.winner, brute_winners(&reference));
    }
}
