//! Times generation, then find and proof of uniqueness, on generated puzzles of several sizes.
//! Run with `cargo run --release -p kalmar-puzzles --example hashi_timing`.

use kalmar_puzzles::hashi::generate::{Params, generate};
use kalmar_puzzles::hashi::propagate::propagate;
use kalmar_puzzles::hashi::{Mode, solve};
use std::time::Instant;

fn main() {
    println!(
        "size     seed islands links attempts adjust  generate_ms propagate_ms find_ms unique_ms sat_calls cuts steps easy"
    );
    for size in [7, 10, 15, 20, 30, 40, 60, 80, 100, 150, 200, 300] {
        for seed in 1..=3 {
            let start = Instant::now();
            let generated = match generate(&Params::new(size, size, seed)) {
                Ok(generated) => generated,
                Err(error) => {
                    println!("{size}x{size} {seed}: {error}");
                    continue;
                }
            };
            let generate_ms = start.elapsed().as_secs_f64() * 1e3;
            let puzzle = &generated.puzzle;
            let start = Instant::now();
            propagate(puzzle).expect("a generated puzzle has a solution");
            let propagate_ms = start.elapsed().as_secs_f64() * 1e3;
            let start = Instant::now();
            let find = solve(puzzle, Mode::Find).expect("solver");
            let find_ms = start.elapsed().as_secs_f64() * 1e3;
            let start = Instant::now();
            let unique = solve(puzzle, Mode::Unique).expect("solver");
            let unique_ms = start.elapsed().as_secs_f64() * 1e3;
            assert_eq!(find.solutions[0], generated.solution);
            assert_eq!(unique.unique, Some(true));
            println!(
                "{:>7} {seed:>4} {:>7} {:>5} {:>8} {:>6} {generate_ms:>12.1} {propagate_ms:>12.2} {find_ms:>7.2} {unique_ms:>9.2} {:>9} {:>4} {:>5} {}",
                format!("{size}x{size}"),
                puzzle.islands().len(),
                puzzle.links().len(),
                generated.attempts,
                generated.adjustments,
                unique.stats.sat_calls,
                unique.stats.cuts,
                unique.steps.len(),
                generated.easy,
            );
        }
    }
}
