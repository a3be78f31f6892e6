//! Micro benchmarks of extensive-form games: the reduced strategic form of 4-card poker
//! (81 × 256 strategies), exact Lemke on the sequence form of the prisoner's dilemma repeated
//! three and four times (127 and 511 nodes), and vertex enumeration of an 8 × 8 random
//! bimatrix game.
//!
//! Run with `cargo bench -p kalmar-efg --bench efg`.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use kalmar_efg::generate::{PRISONERS_DILEMMA, poker, random_bimatrix, repeated};
use kalmar_efg::nash::sequence_form::{self, SequenceForm};
use kalmar_efg::nash::vertex::extreme_equilibria;
use kalmar_efg::recall::Recall;
use kalmar_efg::strategic::{DEFAULT_LIMIT, strategic_form};
use std::time::Duration;

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("efg");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sample_size(10);
    let game = poker(4);
    let recall = Recall::check(&game);
    group.bench_function("strategic/poker-4", |b| {
        b.iter(|| strategic_form(&game, &recall, DEFAULT_LIMIT).expect("small enough"))
    });
    for rounds in [3, 4] {
        let game = repeated(rounds, PRISONERS_DILEMMA);
        let recall = Recall::check(&game);
        let form = SequenceForm::new(&game, &recall).expect("two players, perfect recall");
        group.bench_with_input(
            BenchmarkId::new("seqform/repeated", rounds),
            &form,
            |b, f| b.iter(|| sequence_form::solve(f).expect("an equilibrium")),
        );
    }
    let (a, bm) = random_bimatrix(8, 8, 1_000, 1);
    group.bench_function("vertex/random-8x8", |b| {
        b.iter(|| extreme_equilibria(&a, &bm))
    });
    group.finish();
}

criterion_group!(efg, benches);
criterion_main!(efg);
