//! G(0..n) of octal games and Grundy's game by the naive and the sparse-space solvers, at
//! n = 2^13: `cargo bench -p kalmar-cgt`. The large sizes are timed with `kalmar bench cgt`
//! (see docs/BENCHMARKS.md).

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use kalmar_cgt::octal::{self, Rules};

fn games(c: &mut Criterion) {
    let games = [
        ("officers", Rules::parse("0.6").unwrap()),
        ("dawson-kayles", Rules::parse("0.07").unwrap()),
        ("grundy", Rules::grundy()),
    ];
    let mut group = c.benchmark_group("octal");
    group.sample_size(10);
    for (name, rules) in &games {
        for solver in &octal::SOLVERS {
            let n = 1usize << 13;
            group.bench_with_input(
                BenchmarkId::new(format!("{name}/{}", solver.id), n),
                &n,
                |b, &n| b.iter(|| octal::compute(rules, solver, n, false, &mut |_| {})),
            );
        }
    }
    group.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
