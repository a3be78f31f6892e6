//! Priority promotion (PP and PP+) against brute force over positional strategies on small seeded
//! random games, against Zielonka's algorithm on larger ones, and on structured families that make
//! the search promote a lot; every answer goes through the verifier.

mod common;
use common::*;

use kalmar_core::{Builder, Certificate, Owner, Player, Vertex};
use kalmar_parity::{ParityGame, ParitySolution, Stats, pp, zlk};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

type Solver = fn(&ParityGame, &mut Stats) -> ParitySolution;

const SOLVERS: [(&str, Solver); 2] = [("pp", pp::solve), ("npp", pp::solve_npp)];

/// Solves `game` with both variants, checks each answer with the verifier and against
/// `expected`, and returns the promotions each needed.
fn check(game: &ParityGame, expected: &[Player], what: &str) -> [u64; 2] {
    let mut promotions = [0; 2];
    for (i, (id, solve)) in SOLVERS.iter().enumerate() {
        let mut stats = Stats::default();
        let solution = solve(game, &mut stats);
        assert_eq!(solution.winner, expected, "{id} on {what}");
        if let Err(e) = solution.verify(game) {
            panic!("{id} on {what}: {e:?}");
        }
        promotions[i] = stats.iterations;
    }
    promotions
}

#[test]
fn small_random_games_match_brute_force() {
    let mut promoted = 0;
    let mut cases = 0;
    for seed in 0..420u64 {
        let n = 1 + (seed % 7) as usize;
        let priorities = 1 + (seed / 7 % 8) as u32;
        let degree = 1 + (seed / 56 % 3) as usize;
        let game = random_game(seed, n, priorities, degree);
        let expected = brute_winners(&game);
        let [p, _] = check(&game, &expected, &format!("seed {seed}"));
        promoted += u64::from(p > 0);
        cases += 1;
    }
    assert_eq!(cases, 420);
    // The brute-force games exercise promotions, not only direct dominions.
    assert!(promoted >= 5, "only {promoted} games promoted");
}

#[test]
fn larger_random_games_match_zielonka() {
    for seed in 0..24u64 {
        let n = 300 + (seed as usize % 4) * 900;
        let priorities = [2, 3, 8, 40, 400, 5000][seed as usize % 6];
        let degree = 1 + (seed as usize % 3) * 2;
        let game = random_game(1000 + seed, n, priorities, degree);
        let expected = zlk::solve(&game, &mut Stats::default()).winner;
        check(&game, &expected, &format!("large seed {seed}"));
    }
}

#[test]
fn sparse_games_with_many_small_dominions() {
    // Out-degree one or two over thousands of vertices: many small cycles, many searches.
    for seed in 0..6u64 {
        let game = random_game(5000 + seed, 3000, 6 + seed as u32 * 10, 2);
        let expected = zlk::solve(&game, &mut Stats::default()).winner;
        check(&game, &expected, &format!("sparse seed {seed}"));
    }
}

/// A cycle 0 -> 1 -> ... -> n-1 -> 0 of alternating owners in which every vertex may also step
/// back to its predecessor; priority i at vertex i. Each player would like to stop on its own
/// high priorities, so regions are built at every priority and promoted up the chain.
fn ladder(n: usize) -> ParityGame {
    let mut b = Builder::new(2);
    for i in 0..n {
        b.add_vertex(Owner::Player(Player((i % 2) as u8)));
    }
    for i in 0..n {
        b.add_edge(Vertex::new(i), Vertex::new((i + 1) % n));
        b.add_edge(Vertex::new(i), Vertex::new((i + n - 1) % n));
    }
    ParityGame::new(b.build().unwrap(), (0..n as u32).collect()).unwrap()
}

/// Nested self-loop-free "onion": vertex i (priority i, owned by the opponent of i's parity) can
/// move down to any lower vertex or up to i + 1; the top vertex returns to 0. Closed regions of a
/// player keep escaping to the next higher priority of its parity, so the search promotes along
/// the whole chain before it finds a dominion.
fn onion(n: usize) -> ParityGame {
    let mut b = Builder::new(2);
    for i in 0..n {
        b.add_vertex(Owner::Player(Player(1 - (i % 2) as u8)));
    }
    for i in 0..n {
        if i + 1 < n {
            b.add_edge(Vertex::new(i), Vertex::new(i + 1));
        } else {
            b.add_edge(Vertex::new(i), Vertex::new(0));
        }
        for j in (0..i).step_by(2) {
            b.add_edge(Vertex::new(i), Vertex::new(j));
        }
    }
    ParityGame::new(b.build().unwrap(), (0..n as u32).collect()).unwrap()
}

#[test]
fn structured_families_promote_and_agree_with_zielonka() {
    let mut most = 0;
    for n in [2, 3, 5, 8, 13, 40, 101, 400] {
        for (name, game) in [("ladder", ladder(n)), ("onion", onion(n))] {
            let expected = zlk::solve(&game, &mut Stats::default()).winner;
            let [p, _] = check(&game, &expected, &format!("{name} {n}"));
            most = most.max(p);
        }
    }
    assert!(
        most > 10,
        "the families should make the search promote; at most {most}"
    );
}

#[test]
fn deep_priorities_and_self_loops() {
    // A chain with a distinct priority per vertex (d = n), and every vertex also with a self-loop
    // of its owner: each vertex whose own priority has its owner's parity is a dominion.
    let n = 5000;
    let mut b = Builder::new(2);
    for i in 0..n {
        b.add_vertex(Owner::Player(Player(((i / 2) % 2) as u8)));
    }
    for i in 0..n {
        b.add_edge(Vertex::new(i), Vertex::new((i + 1) % n));
        b.add_edge(Vertex::new(i), Vertex::new(i));
    }
    let game = ParityGame::new(b.build().unwrap(), (0..n as u32).collect()).unwrap();
    // Zielonka's algorithm needs millions of calls here; the verifier certifies the answer alone
    // (regions and strategies both checked), and the two variants must agree.
    let pp = pp::solve(&game, &mut Stats::default());
    pp.verify(&game).unwrap();
    check(&game, &pp.winner, "self-loop chain");
    // Vertex i has a self-loop of its owner, who wins it exactly when i's parity is the owner's.
    for i in 0..n {
        if (i / 2) % 2 == i % 2 {
            assert_eq!(pp.winner[i], Player((i % 2) as u8), "vertex {i}");
        }
    }
}

/// A random game whose edges stay within `window` positions of their source (on a ring): local
/// structure makes regions nest and promote far more often than in uniform random games.
fn local_game(seed: u64, n: usize, priorities: u32, window: usize) -> ParityGame {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut b = Builder::new(2);
    let mut priority = Vec::new();
    for _ in 0..n {
        b.add_vertex(Owner::Player(Player(rng.random_range(0..2))));
        priority.push(rng.random_range(0..priorities));
    }
    for v in 0..n {
        for _ in 0..rng.random_range(1..=3) {
            let w = (v + n + rng.random_range(0..=2 * window) - window) % n;
            b.add_edge(Vertex::new(v), Vertex::new(w));
        }
    }
    ParityGame::new(b.build().unwrap(), priority).unwrap()
}

#[test]
fn small_local_games_match_brute_force() {
    let mut promotions = 0;
    for seed in 0..300u64 {
        let n = 4 + (seed % 5) as usize;
        let game = local_game(seed, n, 2 + (seed / 5 % 7) as u32, 1);
        let expected = brute_winners(&game);
        promotions += check(&game, &expected, &format!("local seed {seed}"))[0];
    }
    assert!(promotions >= 10, "only {promotions} promotions");
}

#[test]
fn local_games_match_zielonka_and_partial_resets_matter() {
    let mut differ = 0;
    let mut most = 0;
    for seed in 0..400u64 {
        let n = 10 + (seed as usize % 200);
        let window = [1, 2, 3, 5][seed as usize % 4];
        let game = local_game(seed, n, 2 + (seed as u32 % 30), window);
        let expected = zlk::solve(&game, &mut Stats::default()).winner;
        let [pp, npp] = check(&game, &expected, &format!("local seed {seed}"));
        differ += u32::from(pp != npp);
        most = most.max(pp);
    }
    // PP+ keeps regions PP rebuilds, so their searches part ways on some games.
    assert!(differ > 10, "PP and PP+ differ on only {differ} games");
    assert!(most > 50, "at most {most} promotions");
}
