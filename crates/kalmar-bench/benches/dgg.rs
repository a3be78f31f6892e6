//! Micro benchmarks of the DGG solvers against each other and against the floor (a reverse
//! breadth-first search), on random games with distinct payoffs and on sorting-network games
//! (Figure 4 of *Deterministic Graphical Games Revisited*), at 10^3, 10^4 and 10^5 arcs; and of
//! the generators themselves. Larger sizes belong to the end-to-end runner (`kalmar bench`).
//!
//! Run with `cargo bench -p kalmar-bench --bench dgg`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use kalmar_bench::reach::reverse_bfs;
use kalmar_terminal::dgg::{SOLVERS, Stats};
use kalmar_terminal::generate::{self, FAMILIES};
use std::hint::black_box;
use std::time::Duration;

/// Approximate numbers of arcs.
const SIZES: [usize; 3] = [1_000, 10_000, 100_000];
/// The seed of every generated game.
const SEED: u64 = 2024;

fn solvers(c: &mut Criterion) {
    for family in ["random", "sorting-network"] {
        let mut group = c.benchmark_group(format!("dgg/{family}"));
        group
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2))
            .sample_size(20);
        for arcs in SIZES {
            let game = generate::build(family, arcs, SEED).expect("registered family");
            group.throughput(Throughput::Elements(game.arena().num_edges() as u64));
            group.bench_with_input(BenchmarkId::new("bfs-floor", arcs), &game, |b, g| {
                b.iter(|| reverse_bfs(g.arena()))
            });
            for solver in SOLVERS.iter() {
                group.bench_with_input(BenchmarkId::new(solver.id, arcs), &game, |b, g| {
                    b.iter(|| {
                        let mut stats = Stats::default();
                        (solver.run.solve)(g, &mut stats)
                    })
                });
            }
        }
        group.finish();
    }
}

fn generators(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20);
    let arcs = SIZES[SIZES.len() - 1];
    group.throughput(Throughput::Elements(arcs as u64));
    for family in &FAMILIES {
        group.bench_function(BenchmarkId::new(family.id, arcs), |b| {
            b.iter(|| (family.run.build)(black_box(arcs), SEED).expect("registered family"))
        });
    }
    group.finish();
}

criterion_group!(benches, solvers, generators);
criterion_main!(benches);
