//! Tests of the generators: the documented shapes, determinism, parameter checks and the registry.

use super::listed::{EVEN, ODD};
use super::*;
use crate::{Stats, zlk};
use kalmar_core::{Certificate, Owner, Player, Vertex};

/// Solves `game` with Zielonka's algorithm and checks the solution; returns the winners.
fn solve_and_verify(game: &ParityGame) -> Vec<Player> {
    let solution = zlk::solve(game, &mut Stats::default());
    solution.verify(game).expect("the solution verifies");
    solution.winner
}

fn successors(game: &ParityGame, v: usize) -> Vec<usize> {
    game.arena()
        .successors(Vertex::new(v))
        .iter()
        .map(|w| w.index())
        .collect()
}

fn owner(game: &ParityGame, v: usize) -> Player {
    match game.arena().owner(Vertex::new(v)) {
        Owner::Player(p) => p,
        other => panic!("vertex {v} belongs to {other:?}"),
    }
}

fn is_sorted_set(s: &[usize]) -> bool {
    s.windows(2).all(|w| w[0] < w[1])
}

#[test]
fn randomgame_has_the_documented_shape() {
    for (n, p, l, h) in [
        (1, 0, 1, 1),
        (10, 3, 1, 10),
        (100, 20, 2, 5),
        (300, 5, 1, 3),
    ] {
        for seed in 0..3 {
            let game = randomgame(n, p, l, h, seed).unwrap();
            assert_eq!(game.arena().num_vertices(), n);
            assert!(game.max_priority() <= p);
            for v in 0..n {
                let s = successors(&game, v);
                assert!((l..=h).contains(&s.len()), "degree {} at {v}", s.len());
                assert!(is_sorted_set(&s));
            }
            solve_and_verify(&game);
        }
    }
    for (n, p, l, h) in [(2, 1, 1, 1), (20, 6, 1, 19), (200, 9, 1, 4)] {
        let game = randomgame_without_self_cycles(n, p, l, h, 5).unwrap();
        assert_eq!(game.arena().num_vertices(), n);
        for v in 0..n {
            let s = successors(&game, v);
            assert!((l..=h).contains(&s.len()));
            assert!(is_sorted_set(&s));
            assert!(!s.contains(&v), "self-cycle at {v}");
        }
        solve_and_verify(&game);
    }
    // Every vertex but one as successor, and every vertex.
    let game = randomgame_without_self_cycles(5, 2, 4, 4, 1).unwrap();
    assert_eq!(game.arena().num_edges(), 20);
    assert_eq!(randomgame(5, 2, 5, 5, 1).unwrap().arena().num_edges(), 25);
}

#[test]
fn randomgame_rejects_bad_parameters() {
    assert!(randomgame(0, 3, 1, 1, 0).is_err());
    assert!(randomgame(5, 3, 0, 2, 0).is_err());
    assert!(randomgame(5, 3, 3, 2, 0).is_err());
    assert!(randomgame(5, 3, 1, 6, 0).is_err());
    assert!(randomgame_without_self_cycles(5, 3, 1, 5, 0).is_err());
    assert!(randomgame_without_self_cycles(1, 3, 1, 1, 0).is_err());
}

#[test]
fn random_families_are_deterministic() {
    assert_eq!(randomgame(200, 10, 1, 4, 9), randomgame(200, 10, 1, 4, 9));
    assert_ne!(randomgame(200, 10, 1, 4, 9), randomgame(200, 10, 1, 4, 10));
    assert_eq!(
        randomgame_without_self_cycles(200, 10, 1, 4, 9),
        randomgame_without_self_cycles(200, 10, 1, 4, 9)
    );
    assert_eq!(
        steadygame(200, 1, 4, 1, 4, 9),
        steadygame(200, 1, 4, 1, 4, 9)
    );
    assert_ne!(
        steadygame(200, 1, 4, 1, 4, 9),
        steadygame(200, 1, 4, 1, 4, 10)
    );
    for f in &FAMILIES {
        let params: &[u64] = match f.id {
            "randomgame" => &[50, 6, 1, 3],
            "steadygame" => &[50, 1, 3, 1, 3],
            "jurdzinskigame" => &[2, 3],
            _ => &[3],
        };
        assert_eq!(
            build(f.id, params, 4).unwrap(),
            build(f.id, params, 4).unwrap(),
            "{}",
            f.id
        );
    }
}

#[test]
fn steadygame_has_the_documented_shape() {
    for (n, l, h, x, y) in [
        (1, 1, 1, 1, 1),
        (2, 1, 2, 1, 2),
        (10, 1, 3, 1, 3),
        (100, 2, 4, 2, 4),
        (300, 1, 2, 1, 5),
        (50, 3, 3, 3, 3),
    ] {
        for seed in 0..3 {
            let game = steadygame(n, l, h, x, y, seed).unwrap();
            let arena = game.arena();
            assert_eq!(arena.num_vertices(), n);
            for v in 0..n {
                assert_eq!(game.priority(Vertex::new(v)), v as u32);
                let s = successors(&game, v);
                assert!(!s.is_empty());
                assert!(is_sorted_set(&s));
                if l < h {
                    assert!(s.len() <= h, "out-degree {} at {v}", s.len());
                }
                if x < y {
                    assert!(arena.in_edges(Vertex::new(v)).len() <= y);
                }
            }
            solve_and_verify(&game);
        }
    }
}

#[test]
fn steadygame_rejects_bad_parameters() {
    assert!(steadygame(0, 1, 2, 1, 2, 0).is_err());
    assert!(steadygame(5, 0, 2, 1, 2, 0).is_err());
    assert!(steadygame(5, 1, 2, 0, 2, 0).is_err());
    assert!(steadygame(5, 3, 2, 1, 2, 0).is_err());
    assert!(steadygame(5, 1, 2, 3, 2, 0).is_err());
    // Too few predecessors for the successors asked for: an error, not a dead end.
    for seed in 0..5 {
        let _ = steadygame(20, 4, 5, 1, 2, seed);
    }
}

#[test]
fn laddergame_is_won_by_the_owner() {
    for n in [1, 2, 3, 10, 100] {
        let game = laddergame(n).unwrap();
        assert_eq!(game.arena().num_vertices(), 2 * n);
        assert_eq!(game.arena().num_edges(), 4 * n);
        for v in 0..2 * n {
            assert_eq!(game.priority(Vertex::new(v)), (v % 2) as u32);
            assert_eq!(owner(&game, v), Player((v % 2) as u8));
        }
        let winner = solve_and_verify(&game);
        for (v, w) in winner.iter().enumerate() {
            assert_eq!(*w, Player((v % 2) as u8));
        }
    }
    assert_eq!(successors(&laddergame(3).unwrap(), 5), vec![0, 1]);
    assert!(laddergame(0).is_err());
}

#[test]
fn jurdzinskigame_has_the_documented_shape() {
    for h in 1..=5 {
        for w in 1..=5 {
            let game = jurdzinskigame(h, w).unwrap();
            let arena = game.arena();
            assert_eq!(
                arena.num_vertices(),
                2 * w + 1 + (h - 1) * (3 * w + 1),
                "h={h} w={w}"
            );
            assert_eq!(arena.num_edges(), 2 * w + w * (h + 1) + 7 * w * (h - 1));
            assert_eq!(arena.name(Vertex(0)), "L(0,0)");
            assert_eq!(
                game.max_priority(),
                if h == 1 { 1 } else { 2 * h as u32 - 1 }
            );
            solve_and_verify(&game);
        }
    }
    // Height 0 is height 1, width 0 is width 1.
    assert_eq!(jurdzinskigame(0, 3), jurdzinskigame(1, 3));
    assert_eq!(jurdzinskigame(3, 0), jurdzinskigame(3, 1));
    // Discovery order: L(0,0), then R(0,0), then its successors.
    let game = jurdzinskigame(2, 2).unwrap();
    let names: Vec<String> = (0..5)
        .map(|v| game.arena().name(Vertex(v)).into_owned())
        .collect();
    assert_eq!(names, ["L(0,0)", "R(0,0)", "L(0,1)", "R(1,0)", "R(0,1)"]);
}

#[test]
fn recursiveladder_has_the_documented_shape() {
    for n in 1..=12 {
        let game = recursiveladder(n).unwrap();
        assert_eq!(game.arena().num_vertices(), 5 * n);
        assert_eq!(game.max_priority(), 3 * n as u32 + 2);
        solve_and_verify(&game);
    }
    // The first game: block 0 (vertices 0, 1, 2) and block 1 (vertices 3, 4).
    let game = recursiveladder(1).unwrap();
    let expect: [(u32, u8, &[usize]); 5] = [
        (5, 1, &[1, 4]),
        (4, 0, &[2]),
        (3, 1, &[1, 4]),
        (0, 0, &[1, 4]),
        (0, 1, &[3]),
    ];
    for (v, (p, o, s)) in expect.into_iter().enumerate() {
        assert_eq!(game.priority(Vertex::new(v)), p, "vertex {v}");
        assert_eq!(owner(&game, v), Player(o), "vertex {v}");
        assert_eq!(successors(&game, v), s, "vertex {v}");
    }
    assert!(recursiveladder(0).is_err());
}

#[test]
fn modelcheckerladder_has_the_documented_shape() {
    for n in 0..=20 {
        let game = modelcheckerladder(n).unwrap();
        assert_eq!(game.arena().num_vertices(), 3 * n + 1);
        assert_eq!(game.max_priority(), 2 * n as u32);
        assert!((0..3 * n + 1).all(|v| owner(&game, v) == ODD));
        assert_eq!(game.arena().name(Vertex(0)), format!("a{n}"));
        solve_and_verify(&game);
    }
    let game = modelcheckerladder(1).unwrap();
    let names: Vec<String> = (0..4)
        .map(|v| game.arena().name(Vertex(v)).into_owned())
        .collect();
    assert_eq!(names, ["a1", "b1", "c1", "a0"]);
    assert_eq!(successors(&game, 1), vec![2, 3]);
    assert_eq!(successors(&game, 3), vec![0]);
}

#[test]
fn cliquegame_has_the_documented_shape() {
    for n in [2, 3, 4, 7, 20] {
        let game = cliquegame(n).unwrap();
        assert_eq!(game.arena().num_vertices(), n);
        assert_eq!(game.arena().num_edges(), n * (n - 1));
        assert_eq!(game.distinct_priorities(), n);
        solve_and_verify(&game);
        let game = cliquegame_with_self_cycles(n).unwrap();
        assert_eq!(game.arena().num_edges(), n * n);
        solve_and_verify(&game);
    }
    assert!(cliquegame(1).is_err());
    assert_eq!(
        cliquegame_with_self_cycles(1).unwrap().arena().num_edges(),
        1
    );
}

#[test]
fn towersofhanoi_is_won_by_even() {
    for n in 1..=5 {
        let game = towersofhanoi(n).unwrap();
        let arena = game.arena();
        assert_eq!(arena.num_vertices(), 3usize.pow(n as u32));
        assert_eq!(arena.num_edges(), 3usize.pow(n as u32 + 1) - 4);
        let start: String = format!(
            "[{}] [] []",
            (1..=n).map(|d| d.to_string()).collect::<Vec<_>>().join(",")
        );
        assert_eq!(arena.name(Vertex(0)), start);
        assert_eq!(game.distinct_priorities(), 2);
        let winner = solve_and_verify(&game);
        assert!(winner.iter().all(|&w| w == EVEN));
    }
    assert!(towersofhanoi(0).is_err());
}

#[test]
fn registry_builds_every_family() {
    let cases: &[(&str, &[&[u64]])] = &[
        (
            "randomgame",
            &[&[30, 5, 1, 3], &[30, 5, 1, 3, 1], &[1, 0, 1, 1]],
        ),
        ("steadygame", &[&[30, 1, 3, 1, 3], &[5, 2, 2, 2, 2]]),
        ("laddergame", &[&[1], &[7]]),
        ("jurdzinskigame", &[&[1, 1], &[3, 2], &[0, 0]]),
        ("recursiveladder", &[&[1], &[6]]),
        ("modelcheckerladder", &[&[0], &[6]]),
        ("cliquegame", &[&[2], &[6, 1], &[6, 0]]),
        ("towersofhanoi", &[&[1], &[4]]),
        ("tc", &[&[1], &[5]]),
        ("switchallexp", &[&[1], &[6]]),
        ("switchallsubexp", &[&[0], &[6]]),
        ("switchbestexp", &[&[1], &[4]]),
    ];
    assert_eq!(cases.len(), FAMILIES.len());
    for (id, params) in cases {
        for p in *params {
            let game = build(id, p, 11).unwrap();
            assert!(game.arena().num_vertices() <= 300);
            solve_and_verify(&game);
        }
    }
    assert_eq!(
        build("cliquegame", &[6, 1], 0),
        cliquegame_with_self_cycles(6)
    );
    assert_eq!(
        build("randomgame", &[30, 5, 1, 3, 1], 2),
        randomgame_without_self_cycles(30, 5, 1, 3, 2)
    );
    assert!(build("laddergame", &[], 0).is_err());
    assert!(build("laddergame", &[1, 2], 0).is_err());
    match build("nope", &[1], 0) {
        Err(GenerateError::Unknown(e)) => {
            assert!(e.known.contains(&"towersofhanoi") && e.known.contains(&"randomgame"))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn tc_has_the_documented_shape() {
    for n in 1..=9 {
        let game = tc(n).unwrap();
        assert_eq!(game.arena().num_vertices(), 8 * n + 3 * n * (n - 1));
        let p: Vec<u32> = game.arena().vertices().map(|v| game.priority(v)).collect();
        assert!(p.windows(2).all(|w| w[0] <= w[1]), "sorted by priority");
        solve_and_verify(&game);
    }
    // One bit each: the priorities 8, 2, 5, 1 (Even's bit) and 9, 1, 6, 0 (Odd's),
    // sorted and renumbered.
    let game = tc(1).unwrap();
    let arena = game.arena();
    let names: Vec<String> = arena
        .vertices()
        .map(|v| arena.name(v).into_owned())
        .collect();
    assert_eq!(
        names,
        [
            "Odd-0-Z", "Even-0-Z", "Odd-0-T", "Even-0-T", "Even-0-L", "Odd-0-L", "Even-0-H",
            "Odd-0-H"
        ]
    );
    let p: Vec<u32> = arena.vertices().map(|v| game.priority(v)).collect();
    assert_eq!(p, [0, 1, 1, 2, 3, 4, 6, 7]);
    let owners: Vec<u8> = (0..8).map(|v| owner(&game, v).0).collect();
    assert_eq!(owners, [1, 0, 0, 1, 1, 0, 0, 1]);
    // Odd-0-Z moves to Odd-0-T and Even-0-L; Even-0-H to Even-0-L.
    assert_eq!(successors(&game, 0), vec![2, 4]);
    assert_eq!(successors(&game, 6), vec![4]);
    assert!(tc(0).is_err());
}

#[test]
fn steady_games_with_contradictory_or_equal_degree_bounds() {
    let error = steadygame(1000, 5000, 5000, 1, 1, 1)
        .unwrap_err()
        .to_string();
    assert!(error.contains("need 5000000 moves"), "{error}");
    assert!(steadygame(100, 1, 2, 3, 4, 1).is_err());
    let game = steadygame(200, 3, 3, 3, 3, 7).unwrap();
    let arena = game.arena();
    assert!(arena.vertices().all(|v| arena.out_degree(v) <= 3));
    assert!(arena.vertices().all(|v| arena.in_edges(v).len() <= 3));
}
