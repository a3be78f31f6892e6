//! Micro benchmarks of the mean-payoff certificate (gain/bias witnesses): on `mpsi`'s answers of
//! random deterministic games of 10^3, 10^4 and 10^5 moves, and on `si`'s answers of small random
//! games with chance. Two figures per game: `verify` (both witnesses produced by policy iteration
//! and checked) and `check` (the linear-time check of both, witnesses given); and where its
//! quadratic table fits, Karp's check (`karp`), the method the certificate replaced. The solvers
//! run once per game, outside the measurements.
//!
//! Run with `cargo bench -p kalmar-graph --bench mp_witness`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use kalmar_core::Player;
use kalmar_stochastic::generate::{random_deterministic, random_stochastic};
use kalmar_stochastic::{Class, MeanPayoffGame, Solution, Stats, mp_check, mp_witness, mpsi, si};
use std::time::Duration;

/// The seed of every generated game.
const SEED: u64 = 1;

fn measure(
    c: &mut Criterion,
    group: &str,
    label: usize,
    game: &MeanPayoffGame,
    solution: &Solution,
) {
    let mut group = c.benchmark_group(group);
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sample_size(10)
        .throughput(Throughput::Elements(game.arena().num_edges() as u64));
    let (values, strategy) = (&solution.values, &solution.strategy);
    group.bench_with_input(BenchmarkId::new("verify", label), game, |b, g| {
        b.iter(|| mp_witness::verify(g, values, strategy).expect("a correct solution"))
    });
    let witnesses: Vec<_> = [Player::MAX, Player::MIN]
        .map(|p| mp_witness::witness(game, values, strategy, p).expect("a correct solution"))
        .into();
    group.bench_with_input(BenchmarkId::new("check", label), game, |b, g| {
        b.iter(|| {
            for w in &witnesses {
                mp_witness::check(g, values, strategy, w).expect("a correct witness");
            }
        })
    });
    if mp_check::verify(game, values, strategy).is_ok() {
        group.bench_with_input(BenchmarkId::new("karp", label), game, |b, g| {
            b.iter(|| mp_check::verify(g, values, strategy).expect("a correct solution"))
        });
    }
    group.finish();
}

fn certificate(c: &mut Criterion) {
    for moves in [1_000, 10_000, 100_000] {
        let graph = random_deterministic(Class::MeanPayoff, moves / 2, 2, 0, None, SEED)
            .expect("a valid size");
        let game = MeanPayoffGame::from_graph(&graph).expect("a mean-payoff game");
        let solution = mpsi::solve(&game, &mut Stats::default()).expect("small rewards");
        measure(c, "mp-witness/deterministic-mpsi", moves, &game, &solution);
    }
    for positions in [10, 20] {
        let graph = random_stochastic(Class::MeanPayoff, positions, 2, 0, None, SEED)
            .expect("a valid size");
        let game = MeanPayoffGame::from_graph(&graph).expect("a mean-payoff game");
        let solution = si::solve_mean_payoff(&game, &mut Stats::default());
        measure(c, "mp-witness/chance-si", positions, &game, &solution);
    }
}

criterion_group!(benches, certificate);
criterion_main!(benches);
