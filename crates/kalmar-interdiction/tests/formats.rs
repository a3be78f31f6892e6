//! The file formats on random instances: `.gr` and budget files read back to what was written,
//! and solutions saved in JSON are accepted by the certificate, and refused once tampered with.

use kalmar_interdiction::budget::Budget;
use kalmar_interdiction::budget_file::{instance, read_budget, to_budget_string};
use kalmar_interdiction::dimacs::{read_gr, to_gr_string};
use kalmar_interdiction::network::{MAX_WEIGHT, Network};
use kalmar_interdiction::operator::{INFINITY, Operator};
use kalmar_interdiction::{gpi, solution_file::SolutionFile};
use proptest::prelude::*;

/// A network of 1 to 40 vertices and up to 80 edges (loops and parallel edges too) of weights
/// below `top`, with a random source and sink.
fn networks(top: u64) -> impl Strategy<Value = Network> {
    (1usize..41).prop_flat_map(move |n| {
        (
            proptest::collection::vec((0..n, 0..n, 0..top), 0..81),
            0..n,
            0..n,
        )
            .prop_map(move |(edges, s, t)| Network::new(n, &edges, s, t).unwrap())
    })
}

/// A budget for `network`: k(v) removals, or at each vertex every subset of one of two random
/// sets of its first six out-edges (closed under subsets by construction).
fn budgets(network: Network) -> impl Strategy<Value = (Network, Budget)> {
    let n = network.num_vertices();
    (
        proptest::collection::vec(0u32..4, n),
        proptest::collection::vec((0u32..64, 0u32..64), n),
        any::<bool>(),
    )
        .prop_map(move |(k, caps, removals)| {
            let budget = if removals {
                Budget::removals(&network, k).unwrap()
            } else {
                let families = caps
                    .iter()
                    .enumerate()
                    .map(|(v, &(a, b))| {
                        let within = (1u32 << network.out_degree(v).min(6)) - 1;
                        (0u32..64)
                            .filter(|&x| x & !(a & within) == 0 || x & !(b & within) == 0)
                            .map(|x| (0..6).filter(|e| x & (1 << e) != 0).collect())
                            .collect()
                    })
                    .collect();
                Budget::affordable(&network, families).unwrap()
            };
            (network.clone(), budget)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn gr_files_read_back_to_the_network(network in networks(MAX_WEIGHT + 1)) {
        let text = to_gr_string(&network);
        let gr = read_gr(&text).unwrap();
        prop_assert_eq!(gr.network(network.source(), network.sink()).unwrap(), network);
        // The arcs are written grouped by tail, so the file's order is the network's.
        prop_assert!(gr.arcs.iter().copied().eq(gr.network(0, 0).unwrap().edges()));
    }

    #[test]
    fn budget_files_read_back_to_the_budget((network, budget) in networks(10).prop_flat_map(budgets)) {
        let text = to_budget_string(&network, &budget);
        let file = read_budget(&text, &network).unwrap();
        prop_assert_eq!((file.source, file.sink), (network.source(), network.sink()));
        prop_assert_eq!(file.budget, budget.clone());
        let (again, read) = instance(&to_gr_string(&network), &text).unwrap();
        prop_assert_eq!((again, read), (network, budget));
    }

    #[test]
    fn saved_solutions_verify_and_tampered_ones_do_not(
        (network, budget) in networks(1000).prop_flat_map(budgets),
        op in 0usize..3,
        pick in any::<prop::sample::Index>(),
    ) {
        let operator = Operator::ALL[op].1;
        let solution = gpi::solve(&network, &budget, operator);
        prop_assume!(solution.is_ok());
        let file = SolutionFile::new(&network, operator, &solution.unwrap());
        let text = file.to_text().unwrap();
        let read = SolutionFile::read(&text).unwrap();
        prop_assert_eq!(&read, &file);
        prop_assert!(read.verify(&network, &budget).is_ok(), "{:?}", read.verify(&network, &budget));
        // One value one more, or a finite value made ∞: the user's best paths cost something else.
        let v = pick.index(network.num_vertices());
        let mut tampered = read.clone();
        let (_, solution) = read.solution(&network).unwrap();
        tampered.values[v] = match solution.values[v] {
            INFINITY => "0".into(),
            x if x + 1 == INFINITY => "inf".into(),
            x => (x + 1).to_string(),
        };
        prop_assert!(tampered.verify(&network, &budget).is_err());
    }
}
