//! GPI against every choice of the interdictor on small random networks, for each operator and
//! each kind of budget; every solution passes the certificate, and wrong ones do not.

use kalmar_interdiction::budget::Budget;
use kalmar_interdiction::network::Network;
use kalmar_interdiction::operator::{INFINITY, Operator};
use kalmar_interdiction::{brute_force, certificate, gpi};
use proptest::prelude::*;

/// A random network of 2 to 6 vertices (sink 0, source the last), up to 12 edges of weight
/// 0..5, and a budget: k(v) in 0..3, or random affordable sets closed under subsets.
fn instances() -> impl Strategy<Value = (Network, Budget, Operator)> {
    (2usize..7).prop_flat_map(|n| {
        (
            proptest::collection::vec((0..n, 0..n, 0u64..5), 0..13),
            proptest::collection::vec(0u32..3, n),
            proptest::collection::vec(proptest::collection::vec(0u32..16, 0..4), n),
            any::<bool>(),
            0usize..3,
        )
            .prop_map(move |(edges, k, masks, removals, op)| {
                let edges: Vec<(usize, usize, u64)> =
                    edges.into_iter().filter(|&(a, b, _)| a != b).collect();
                let network = Network::new(n, &edges, n - 1, 0).unwrap();
                let budget = if removals {
                    Budget::removals(&network, k).unwrap()
                } else {
                    // The sets of the masks and all their subsets: downward closed.
                    let families = (0..n)
                        .map(|v| {
                            let degree = network.out_degree(v).min(4);
                            let mut family = vec![vec![]];
                            for &mask in &masks[v] {
                                let top = mask & ((1 << degree) - 1);
                                for sub in 0u32..16 {
                                    if sub & !top == 0 {
                                        family
                                            .push((0..4).filter(|e| sub & (1 << e) != 0).collect());
                                    }
                                }
                            }
                            family
                        })
                        .collect();
                    Budget::affordable(&network, families).unwrap()
                };
                (network, budget, Operator::ALL[op].1)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn gpi_agrees_with_every_choice_and_passes_its_certificate((network, budget, operator) in instances()) {
        let solution = gpi::solve(&network, &budget, operator).unwrap();
        let expected = brute_force::values(&network, &budget, operator, 1 << 16);
        prop_assume!(expected.is_some());
        prop_assert_eq!(&solution.values, &expected.unwrap(), "{:?}", network);
        prop_assert!(certificate::check(&network, &budget, operator, &solution).is_ok(),
            "{:?}", certificate::check(&network, &budget, operator, &solution));
    }

    #[test]
    fn wrong_solutions_are_rejected((network, budget, operator) in instances(), pick in 0usize..64) {
        let solution = gpi::solve(&network, &budget, operator).unwrap();
        // A lower value at a vertex the user can reach the sink from.
        let finite: Vec<usize> = (0..network.num_vertices())
            .filter(|&v| solution.values[v] != INFINITY && solution.values[v] > 0)
            .collect();
        if let Some(&v) = finite.get(pick % finite.len().max(1)) {
            let mut lower = solution.clone();
            lower.values[v] -= 1;
            prop_assert!(certificate::check(&network, &budget, operator, &lower).is_err());
        }
        // One removal undone or added.
        if network.num_edges() > 0 {
            let mut toggled = solution.clone();
            let e = pick % network.num_edges();
            toggled.removed[e] = !toggled.removed[e];
            let verdict = certificate::check(&network, &budget, operator, &toggled);
            // Toggling can leave a correct answer only if the values are still forced.
            if verdict.is_ok() {
                prop_assert_eq!(
                    certificate::user_values(&network, &toggled.removed, operator),
                    solution.values.clone()
                );
            }
        }
    }
}
