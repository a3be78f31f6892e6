//! Solve times against stone count for generated puzzles, printed as a table. Ignored by
//! default; run with `cargo test --release -p kalmar-puzzles --test hiroimono_timing --
//! --ignored --nocapture`.

use kalmar_puzzles::hiroimono::{Mode, Variant, check, generate::generate, solve};
use std::time::Instant;

#[test]
#[ignore = "prints timings"]
fn solve_times_by_stone_count() {
    println!("stones variant mode median_ms max_ms median_nodes max_nodes (over 9 seeds)");
    for stones in sizes() {
        for (variant, mode) in [
            (Variant::Start, Mode::Find),
            (Variant::Classic, Mode::Find),
            (Variant::Start, Mode::Unique),
            (Variant::ReversalStart, Mode::Find),
            (Variant::Reversal, Mode::Find),
        ] {
            let mut runs: Vec<(f64, u64)> = (0..9)
                .map(|seed| {
                    let (puzzle, _) =
                        generate(stones, 4, variant.reversals_allowed(), seed).unwrap();
                    let begun = Instant::now();
                    let answer = solve(&puzzle, variant, mode);
                    let ms = begun.elapsed().as_secs_f64() * 1e3;
                    assert!(answer.solvable());
                    assert_eq!(check(&puzzle, variant, &answer.solutions[0]), Ok(()));
                    (ms, answer.nodes)
                })
                .collect();
            runs.sort_by(|a, b| a.0.total_cmp(&b.0));
            let max_nodes = runs.iter().map(|r| r.1).max().unwrap();
            let mut nodes: Vec<u64> = runs.iter().map(|r| r.1).collect();
            nodes.sort_unstable();
            println!(
                "{stones} {} {mode:?} {:.3} {:.3} {} {max_nodes}",
                variant.id(),
                runs[4].0,
                runs[8].0,
                nodes[4]
            );
        }
    }
}

/// The stone counts measured: `HIROIMONO_SIZES` (comma-separated) or a default ladder.
fn sizes() -> Vec<usize> {
    std::env::var("HIROIMONO_SIZES")
        .ok()
        .and_then(|v| v.split(',').map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![10, 20, 40, 60, 80, 100])
}
