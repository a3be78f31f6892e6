//! The dataflow's answers against the single-machine retrograde analysis: the same values
//! and distances on every generated family and the examples, whatever the number of
//! workers, and a merged solution that passes the certificate.

use kalmar_dist::{Cluster, reach};
use kalmar_terminal::generate;
use kalmar_terminal::reach::{self as single, ChessLike};
use proptest::prelude::*;

fn chess(family: &str, arcs: usize, seed: u64) -> ChessLike {
    let game = generate::build(family, arcs, seed).unwrap();
    single::from_graph(&generate::to_chess_graph(&game)).unwrap()
}

fn agree(game: &ChessLike, workers: usize) {
    let expected = single::solve(game);
    let shared = std::sync::Arc::new(game.clone());
    let solved = reach::solve(&shared, &Cluster::threads(workers))
        .unwrap()
        .unwrap();
    assert_eq!(solved.solution.values, expected.values, "{workers} workers");
    assert_eq!(
        solved.solution.distance, expected.distance,
        "{workers} workers"
    );
    assert_eq!(solved.stats.workers, workers);
    let decided_arcs: u64 = (0..game.arena().num_vertices())
        .filter(|&v| expected.values[v] != single::Outcome::Draw)
        .map(|v| game.arena().predecessors(kalmar_core::Vertex::new(v)).len() as u64)
        .sum();
    // One message per arc into a decided vertex, those between workers counted.
    let local = (0..game.arena().num_vertices())
        .filter(|&v| expected.values[v] != single::Outcome::Draw)
        .flat_map(|v| {
            game.arena()
                .predecessors(kalmar_core::Vertex::new(v))
                .iter()
                .map(move |u| (u.index(), v))
        })
        .filter(|&(u, v)| u % workers == v % workers)
        .count() as u64;
    assert_eq!(
        solved.stats.messages,
        decided_arcs - local,
        "{workers} workers"
    );
}

#[test]
fn every_family_agrees_on_one_to_three_workers() {
    for family in [
        "random-chess",
        "grid",
        "ladder",
        "sorting-network",
        "random-int",
    ] {
        let game = chess(family, 5_000, 3);
        for workers in 1..=3 {
            agree(&game, workers);
        }
    }
}

#[test]
fn the_examples_agree() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut solved = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "gg") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let Ok(graph) = kalmar_core::format::read_gg(&text) else {
            continue;
        };
        let Ok(game) = single::from_graph(&graph) else {
            continue;
        };
        agree(&game, 3);
        solved += 1;
    }
    assert!(solved >= 3, "{solved} chess-like examples");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn random_small_games_agree(seed in 0u64..1_000_000, arcs in 10usize..400, workers in 1usize..4) {
        agree(&chess("random-chess", arcs, seed), workers);
    }
}
