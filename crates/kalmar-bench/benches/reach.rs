//! Micro benchmarks of retrograde analysis of chess-like games against the floor (a reverse
//! breadth-first search, which reads every arc once and computes nothing), on random games with
//! payoffs -1, 0, 1, ladders and grids (the latter two with their payoffs' signs) at 10^3, 10^4
//! and 10^5 arcs. Larger sizes belong to the end-to-end runner (`kalmar bench`).
//!
//! Run with `cargo bench -p kalmar-bench --bench reach`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use kalmar_bench::reach::{chess_like, reverse_bfs};
use kalmar_terminal::generate;
use kalmar_terminal::reach;
use std::time::Duration;

/// Approximate numbers of arcs.
const SIZES: [usize; 3] = [1_000, 10_000, 100_000];
/// The seed of every generated game.
const SEED: u64 = 2024;

fn retrograde(c: &mut Criterion) {
    for family in ["random-chess", "ladder", "grid"] {
        let mut group = c.benchmark_group(format!("reach/{family}"));
        group
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2))
            .sample_size(20);
        for arcs in SIZES {
            let game = generate::build(family, arcs, SEED).expect("registered family");
            let game = chess_like(&game);
            group.throughput(Throughput::Elements(game.arena().num_edges() as u64));
            group.bench_with_input(BenchmarkId::new("bfs-floor", arcs), &game, |b, g| {
                b.iter(|| reverse_bfs(g.arena()))
            });
            group.bench_with_input(BenchmarkId::new("retrograde", arcs), &game, |b, g| {
                b.iter(|| reach::solve(g))
            });
            let mut scratch = reach::retrograde::Scratch::new();
            group.bench_with_input(
                BenchmarkId::new("retrograde-reused-scratch", arcs),
                &game,
                |b, g| b.iter(|| reach::retrograde::solve_with(g, &mut scratch)),
            );
        }
        group.finish();
    }
}

criterion_group!(benches, retrograde);
criterion_main!(benches);
