//! Global-budget bottleneck interdiction against every set of at most k removals.

use kalmar_interdiction::certificate::user_values;
use kalmar_interdiction::global;
use kalmar_interdiction::network::Network;
use kalmar_interdiction::operator::Operator;
use proptest::prelude::*;

/// The most any k removals force, by trying them all.
fn brute(network: &Network, k: usize) -> u64 {
    let m = network.num_edges();
    (0u32..1 << m)
        .filter(|mask| mask.count_ones() as usize <= k)
        .map(|mask| {
            let removed: Vec<bool> = (0..m).map(|e| mask & (1 << e) != 0).collect();
            user_values(network, &removed, Operator::Max)[network.source()]
        })
        .max()
        .unwrap_or(0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn the_binary_search_over_flows_agrees_with_every_cut(
        n in 2usize..6,
        edges in proptest::collection::vec((0usize..6, 0usize..6, 0u64..6), 0..11),
        k in 0usize..3,
    ) {
        let edges: Vec<_> = edges.into_iter().filter(|&(a, b, _)| a < n && b < n && a != b).collect();
        let network = Network::new(n, &edges, n - 1, 0).unwrap();
        let solved = global::solve(&network, k);
        prop_assert_eq!(solved.value, brute(&network, k));
        prop_assert!(global::check(&network, k, &solved).is_ok(), "{:?}", global::check(&network, k, &solved));
        // A claim one higher is refused.
        if solved.value < u64::MAX {
            let mut higher = solved.clone();
            higher.value += 1;
            prop_assert!(global::check(&network, k, &higher).is_err());
        }
    }
}
