//! The quasi-polynomial Zielonka algorithm against brute force over positional strategies on
//! small seeded random games, against Zielonka's algorithm on larger random games and on
//! PGSolver's families, and behind the shared preprocessing; every answer through the verifier.

use kalmar_core::{Builder, Certificate, Owner, Player, Vertex};
use kalmar_graph::generate::parity as families;
use kalmar_graph::parity::{self, ParityGame, ParitySolution, Stats, qpz, zlk};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Who owns the vertices of a random game.
#[derive(Clone, Copy, Debug)]
enum Owners {
    Both,
    Even,
    Odd,
}

/// A random game on `n` vertices with priorities below `priorities` and 1 to `degree` moves
/// per vertex (self-loops and parallel edges allowed).
fn random_game(seed: u64, n: usize, priorities: u32, degree: usize, owners: Owners) -> ParityGame {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut b = Builder::new(2);
    let mut priority = Vec::new();
    for _ in 0..n {
        let owner = match owners {
            Owners::Both => rng.random_range(0..2),
            Owners::Even => 0,
            Owners::Odd => 1,
        };
        b.add_vertex(Owner::Player(Player(owner)));
        priority.push(rng.random_range(0..priorities));
    }
    for v in 0..n {
        for _ in 0..rng.random_range(1..=degree) {
            b.add_edge(Vertex::new(v), Vertex::new(rng.random_range(0..n)));
        }
    }
    ParityGame::new(b.build().unwrap(), priority).unwrap()
}

/// Who wins the play from `v` when every vertex moves to `choice[v]`: the parity of the largest
/// priority on the cycle the play ends in.
fn play(game: &ParityGame, choice: &[Vertex], v: Vertex) -> Player {
    let mut seen = vec![usize::MAX; choice.len()];
    let mut path = Vec::new();
    let mut x = v;
    while seen[x.index()] == usize::MAX {
        seen[x.index()] = path.len();
        path.push(x);
        x = choice[x.index()];
    }
    let top = path[seen[x.index()]..]
        .iter()
        .map(|&w| game.priority(w))
        .max()
        .unwrap();
    parity::winner_of(top)
}

/// Every positional strategy of `player` as successor choices (others at their first move).
fn strategies(game: &ParityGame, player: Player) -> Vec<Vec<Vertex>> {
    let arena = game.arena();
    let mut all = vec![
        arena
            .vertices()
            .map(|v| arena.successors(v)[0])
            .collect::<Vec<_>>(),
    ];
    for v in arena
        .vertices()
        .filter(|&v| arena.owner(v) == Owner::Player(player))
    {
        all = all
            .into_iter()
            .flat_map(|s| {
                arena.successors(v).iter().map(move |&w| {
                    let mut s = s.clone();
                    s[v.index()] = w;
                    s
                })
            })
            .collect();
    }
    all
}

/// Whether `mine` (a choice for `player`'s vertices) wins from `v` against every opponent
/// strategy.
fn wins_with(game: &ParityGame, mine: &[Vertex], player: Player, v: Vertex) -> bool {
    let arena = game.arena();
    strategies(game, player.opponent()).iter().all(|theirs| {
        let choice: Vec<Vertex> = arena
            .vertices()
            .map(|u| {
                if arena.owner(u) == Owner::Player(player) {
                    mine[u.index()]
                } else {
                    theirs[u.index()]
                }
            })
            .collect();
        play(game, &choice, v) == player
    })
}

/// The winner of each vertex by brute force.
fn brute_winners(game: &ParityGame) -> Vec<Player> {
    let even = strategies(game, Player(0));
    game.arena()
        .vertices()
        .map(|v| {
            if even.iter().any(|s| wins_with(game, s, Player(0), v)) {
                Player(0)
            } else {
                Player(1)
            }
        })
        .collect()
}

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
        let game = random_game(seed, n, priorities, degree, Owners::Both);
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
        let game = random_game(seed, n, priorities, degree, Owners::Both);
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
        let game = random_game(seed, n, priorities, degree, owners);
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
        let game = random_game(
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
    // Zielonka's algorithm is exponential on these; the precisions cut the recursion short.
    for n in [12, 16] {
        let game = families::recursiveladder(n).unwrap();
        let (_, stats) = solve_checked(&game);
        let mut reference = Stats::default();
        zlk::solve(&game, &mut reference);
        assert!(
            2 * stats.iterations < reference.iterations,
            "{n}: {stats:?} against {reference:?}"
        );
    }
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
    let n = 20_000;
    let mut b = Builder::new(2);
    for i in 0..n {
        b.add_vertex(Owner::Player(Player((i % 2) as u8)));
    }
    for i in 0..n {
        b.add_edge(Vertex::new(i), Vertex::new((i + 1) % n));
    }
    let priority = (0..n as u32).collect();
    let game = ParityGame::new(b.build().unwrap(), priority).unwrap();
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
        let game = random_game(seed, n, priorities, degree, Owners::Both);
        let solution = parity::preprocess::solve(&game, &mut Stats::default(), qpz::solve);
        prop_assert_eq!(&solution.winner, &brute_winners(&game));
        prop_assert!(solution.verify(&game).is_ok(), "{:?}", solution.verify(&game));
    }
}

#[test]
fn qpz_behind_the_preprocessing_on_larger_games() {
    for seed in 0..8u64 {
        let game = random_game(
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
    let info = parity::solver("qpz").unwrap();
    assert_eq!(info.id, "qpz");
    let game = families::jurdzinskigame(3, 3).unwrap();
    let solution = (info.solve)(&game, &mut Stats::default());
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
