//! Micro benchmarks of history filtering in Oh Hell: breadth-first enumeration (histories per
//! second) on Table 1's two smaller public states, exact counting, one Metropolis–Hastings
//! transition on a small and on the 52-card public state, and drawing one sample exactly (from
//! the enumerated state) against drawing one by the sampler (burn-in and thinning 20).
//!
//! Run with `cargo bench -p kalmar-filter --bench filter`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use kalmar_core::Rational;
use kalmar_filter::PolicyBias;
use kalmar_filter::filter::{ExactSampler, weigh};
use kalmar_filter::ohhell::{McmcConfig, PublicState, Sampler, Start};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

const SMALL: &str = "game players=3 suits=2 ranks=4 tricks=2; trump Jd; bids 1 0 0; plays Kc Qc Jc";
const MEDIUM: &str =
    "game players=3 suits=3 ranks=4 tricks=3; trump Jh; bids 1 1 0; plays Ac Kc Qc Ad Kd Qd";
const DECK52: &str =
    "game players=4 suits=4 ranks=13 tricks=12; trump 7d; bids 3 2 4 1; plays Kc 4c Ac 9c";

fn state(text: &str) -> PublicState {
    PublicState::parse(text).expect("a valid public state")
}

fn enumerate_state(s: &PublicState) -> usize {
    s.histories(usize::MAX, None).expect("small").len()
}

fn enumeration(c: &mut Criterion) {
    let mut group = c.benchmark_group("ohhell/enumerate");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sample_size(10);
    for (name, text, histories) in [("192", SMALL, 192u64), ("12960", MEDIUM, 12_960)] {
        let s = state(text);
        group.throughput(Throughput::Elements(histories));
        group.bench_with_input(BenchmarkId::new("bfs", name), &s, |b, s| {
            b.iter(|| enumerate_state(s))
        });
    }
    group.finish();
    let mut group = c.benchmark_group("ohhell/count");
    let s = state(DECK52);
    group.bench_function("assignments-52-cards", |b| {
        b.iter(|| s.constraints().count())
    });
    group.finish();
}

fn sampling(c: &mut Criterion) {
    let policy = PolicyBias::new(Rational::new(7, 10), 1);
    let mut group = c.benchmark_group("ohhell/mcmc-transition");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for (name, text) in [("192", SMALL), ("52-cards", DECK52)] {
        let s = state(text);
        let sampler = Sampler::new(&s, &policy).expect("has histories");
        let mut chain = sampler.chain(Start::Uniform, 1, 0).expect("starts");
        group.throughput(Throughput::Elements(1));
        group.bench_function(name, |b| {
            b.iter(|| sampler.step(&mut chain).expect("legal"))
        });
    }
    group.finish();

    // One sample: exactly from the enumerated 12,960 histories, or by MCMC with 20 transitions.
    let mut group = c.benchmark_group("ohhell/sample-12960");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    let s = state(MEDIUM);
    group.sample_size(10);
    group.bench_function("exact-setup", |b| {
        b.iter(|| {
            let histories = s.histories(usize::MAX, None).expect("small");
            weigh(&s.game, &policy, histories).expect("legal").len()
        })
    });
    group.sample_size(100);
    let histories = s.histories(usize::MAX, None).expect("small");
    let weighted: Vec<_> = weigh(&s.game, &policy, histories)
        .expect("legal")
        .into_iter()
        .map(|(h, r)| (h, r.total()))
        .collect();
    let exact = ExactSampler::new(weighted);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    group.bench_function("exact-draw", |b| b.iter(|| exact.sample_index(&mut rng)));
    let sampler = Sampler::new(&s, &policy).expect("has histories");
    let config = McmcConfig {
        start: Start::Uniform,
        chains: 1,
        samples_per_chain: 1,
        burn_in: 20,
        thin: 20,
        seed: 1,
    };
    group.bench_function("mcmc-burn-in-20", |b| {
        b.iter(|| sampler.run(&config).expect("runs"))
    });
    group.finish();
}

criterion_group!(benches, enumeration, sampling);
criterion_main!(benches);
