//! The three BSPI solvers against GPI and against every choice of the interdictor on small
//! random networks, all through the certificate; on larger random networks (10^4 to 10^5 edges)
//! against GPI, with the comparisons each one made printed.

use kalmar_interdiction::budget::Budget;
use kalmar_interdiction::network::Network;
use kalmar_interdiction::operator::INFINITY;
use kalmar_interdiction::operator::Operator;
use kalmar_interdiction::solvers::{self, SOLVERS};
use kalmar_interdiction::{brute_force, bspi_source, certificate, gpi};
use proptest::prelude::*;
use rand::{Rng, SeedableRng, rngs::StdRng};

const BSPI: [&str; 3] = ["bspi-heap", "bspi-buckets", "bspi-coarse"];

/// A random network of 2 to 7 vertices (sink 0, source the last), up to 14 edges of weight
/// 0..6 (ties abound), and k(v) in 0..3.
fn small() -> impl Strategy<Value = (Network, Budget)> {
    (2usize..8).prop_flat_map(|n| {
        (
            proptest::collection::vec((0..n, 0..n, 0u64..6), 0..15),
            proptest::collection::vec(0u32..3, n),
        )
            .prop_map(move |(edges, k)| {
                let network = Network::new(n, &edges, n - 1, 0).unwrap();
                let budget = Budget::removals(&network, k).unwrap();
                (network, budget)
            })
    })
}

/// A random network of 4 to 40 vertices and 20 to 300 edges with weights 0..10 (ties abound)
/// or 0..1000, and k(v) in 0..3: enough edges for the source's value to take more than one
/// round.
fn medium() -> impl Strategy<Value = (Network, Budget)> {
    (4usize..41, prop_oneof![Just(10u64), Just(1000)]).prop_flat_map(|(n, spread)| {
        (
            proptest::collection::vec((0..n, 0..n, 0..spread), 20..300),
            proptest::collection::vec(0u32..3, n),
        )
            .prop_map(move |(edges, k)| {
                let network = Network::new(n, &edges, n - 1, 0).unwrap();
                let budget = Budget::removals(&network, k).unwrap();
                (network, budget)
            })
    })
}

/// A random network of `n` vertices and `m` edges (self-loops and parallel edges included)
/// with weights below `spread`, and k(v) up to `k`.
fn large(n: usize, m: usize, spread: u64, k: u32, seed: u64) -> (Network, Budget) {
    let mut rng = StdRng::seed_from_u64(seed);
    let edges: Vec<(usize, usize, u64)> = (0..m)
        .map(|_| {
            (
                rng.random_range(0..n),
                rng.random_range(0..n),
                rng.random_range(0..spread),
            )
        })
        .collect();
    let network = Network::new(n, &edges, n - 1, 0).unwrap();
    let budget =
        Budget::removals(&network, (0..n).map(|_| rng.random_range(0..=k)).collect()).unwrap();
    (network, budget)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn bspi_agrees_with_gpi_and_every_choice((network, budget) in small()) {
        let expected = gpi::solve(&network, &budget, Operator::Max).unwrap().values;
        if let Some(brute) = brute_force::values(&network, &budget, Operator::Max, 1 << 14) {
            prop_assert_eq!(&brute, &expected);
        }
        for id in BSPI {
            let solved = (SOLVERS.get(id).unwrap().run)(&network, &budget, Operator::Max).unwrap();
            prop_assert_eq!(&solved.solution.values, &expected, "{} on {:?}", id, network);
            let verdict = certificate::check(&network, &budget, Operator::Max, &solved.solution);
            prop_assert!(verdict.is_ok(), "{} on {:?}: {:?}", id, network, verdict);
        }
        // The source's value alone, and its certificate, which refuses every other value.
        let answer = bspi_source::solve(&network, &budget).unwrap();
        let s = network.source();
        prop_assert_eq!(answer.value, expected[s], "{:?}", network);
        let check = |value| {
            certificate::check_source_value(&network, &budget, value, &answer.removed, &answer.path)
        };
        prop_assert!(check(answer.value).is_ok(), "{:?}: {:?}", network, check(answer.value));
        for wrong in [0, 1, 2, 3, 4, 5, 6, INFINITY] {
            if wrong != answer.value {
                prop_assert!(check(wrong).is_err(), "{} accepted on {:?}", wrong, network);
            }
        }
    }

    #[test]
    fn the_source_value_over_several_rounds_agrees_with_gpi(
        (network, budget) in medium(),
        pace in 1usize..=bspi_source::PACE,
    ) {
        let expected = gpi::solve(&network, &budget, Operator::Max).unwrap().values;
        let answer = bspi_source::solve_at_pace(&network, &budget, pace).unwrap();
        prop_assert_eq!(answer.value, expected[network.source()], "{:?}", network);
        let verdict = certificate::check_source_value(
            &network, &budget, answer.value, &answer.removed, &answer.path,
        );
        prop_assert!(verdict.is_ok(), "{:?}: {:?}", network, verdict);
    }
}

#[test]
fn bspi_agrees_with_gpi_on_large_networks() {
    for (n, m, spread, k, seed) in [
        (2_000, 10_000, 1 << 40, 2, 1),
        (5_000, 30_000, 100, 3, 2),
        (20_000, 100_000, 1 << 20, 1, 3),
        (10_000, 100_000, 2, 4, 4),
    ] {
        let (network, budget) = large(n, m, spread, k, seed);
        let expected = gpi::solve(&network, &budget, Operator::Max).unwrap();
        for id in BSPI {
            let checked = solvers::solve(&network, &budget, Operator::Max, Some(id)).unwrap();
            assert_eq!(
                checked.solution.values, expected.values,
                "{id}, n = {n}, m = {m}"
            );
            println!(
                "n = {n}, m = {m}, weights < {spread}, k <= {k}, {} finite: {id} made {} comparisons",
                expected.order.len(),
                checked.comparisons.unwrap_or(0)
            );
        }
        for pace in [1, 2, bspi_source::PACE] {
            let answer = bspi_source::solve_at_pace(&network, &budget, pace).unwrap();
            if pace == 1 && spread > 2 {
                // The later rounds, which start from the edges into the decided vertices,
                // are exercised: many distinct weights take more than one round at pace 1.
                assert!(answer.rounds > 1, "n = {n}, m = {m}: one round at pace 1");
            }
            assert_eq!(answer.value, expected.values[network.source()]);
            let verdict = certificate::check_source_value(
                &network,
                &budget,
                answer.value,
                &answer.removed,
                &answer.path,
            );
            assert!(verdict.is_ok(), "n = {n}, m = {m}: {verdict:?}");
            println!(
                "n = {n}, m = {m}, pace {pace}: the source's value alone in {} rounds, {} comparisons",
                answer.rounds, answer.comparisons
            );
        }
    }
}

#[test]
fn bspi_refuses_other_operators_and_budgets() {
    let network = Network::new(2, &[(1, 0, 1)], 1, 0).unwrap();
    let removals = Budget::removals(&network, vec![0, 0]).unwrap();
    let affordable = Budget::affordable(&network, vec![vec![vec![]], vec![vec![]]]).unwrap();
    for id in BSPI {
        let run = SOLVERS.get(id).unwrap().run;
        let sum = run(&network, &removals, Operator::Sum).unwrap_err();
        assert!(sum.to_string().contains("max operator"), "{sum}");
        let sets = run(&network, &affordable, Operator::Max).unwrap_err();
        assert!(sets.to_string().contains("affordable sets"), "{sets}");
    }
    assert_eq!(solvers::fitting(&removals, Operator::Max), "bspi-buckets");
    assert_eq!(solvers::fitting(&affordable, Operator::Max), "gpi");
    assert_eq!(solvers::fitting(&removals, Operator::Product), "gpi");
    let wrong = Budget::Removals(vec![0]);
    assert!(solvers::solve(&network, &wrong, Operator::Max, None).is_err());
    assert!(solvers::solve(&network, &removals, Operator::Max, Some("dijkstra")).is_err());
}
