//! Partial interdiction (raises within polytopes): GPI with linear-programming oracles against
//! one global linear program on small random networks, every answer through its duality
//! certificate; answers known by hand; and raises that amount to removals against the integer
//! solver.

use kalmar_core::Rational;
use kalmar_interdiction::budget::Budget;
use kalmar_interdiction::network::Network;
use kalmar_interdiction::operator::{INFINITY, Operator};
use kalmar_interdiction::partial::{self, PartialSolution};
use kalmar_interdiction::polyhedral::{Extended, Polyhedral, Row};
use kalmar_interdiction::{gpi, partial_certificate, partial_lp};
use proptest::prelude::*;

fn r(x: i64) -> Rational {
    Rational::from(x)
}

fn finite(x: i64) -> Extended {
    Extended::Finite(r(x))
}

/// Solves, checks the certificate and compares every value with the global program.
fn solve_and_cross_check(network: &Network, budget: &Polyhedral) -> PartialSolution {
    let solution = partial::solve(network, budget, Operator::Sum).unwrap();
    if let Err(e) = partial_certificate::check(network, budget, &solution) {
        panic!("the certificate refuses GPI's answer: {e}\n{network:?}\n{budget:?}\n{solution:?}");
    }
    for v in 0..network.num_vertices() {
        let global = partial_lp::value(network, budget, v).unwrap();
        assert_eq!(
            solution.values[v], global,
            "vertex {v}\n{network:?}\n{budget:?}"
        );
    }
    solution
}

/// A random network of 2 to 6 vertices (sink 0, source the last), up to 10 edges of weight
/// 0..5, and up to two rows per vertex over its out-edges with coefficients from -1 to 2 in
/// halves and bounds 0..4 (coefficient 0 included: unbounded raises).
fn instances() -> impl Strategy<Value = (Network, Polyhedral)> {
    (2usize..7).prop_flat_map(|n| {
        let term = (0u32..4, -2i64..=4);
        let row = (proptest::collection::vec(term, 0..4), 0i64..5);
        (
            proptest::collection::vec((0..n, 0..n, 0u64..5), 0..11),
            proptest::collection::vec(proptest::collection::vec(row, 0..3), n),
        )
            .prop_map(move |(edges, rows)| {
                let network = Network::new(n, &edges, n - 1, 0).unwrap();
                let rows = (0..n)
                    .map(|v| {
                        let degree = network.out_degree(v) as u32;
                        (rows[v].iter())
                            .filter(|_| degree > 0)
                            .map(|(terms, bound)| {
                                let mut seen = Vec::new();
                                let terms = (terms.iter())
                                    .map(|&(e, a)| (e % degree, Rational::new(a, 2)))
                                    .filter(|&(e, _)| {
                                        let new = !seen.contains(&e);
                                        seen.push(e);
                                        new
                                    })
                                    .collect();
                                Row::new(terms, r(*bound))
                            })
                            .collect()
                    })
                    .collect();
                let budget = Polyhedral::new(&network, rows).unwrap();
                (network, budget)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn gpi_agrees_with_the_global_program((network, budget) in instances()) {
        solve_and_cross_check(&network, &budget);
    }

    /// Each edge raisable without bound alone (a row `E:0 <= 0`) is the affordable family
    /// {∅, {E}}: the same values, ∞ included.
    #[test]
    fn unbounded_raises_are_removals(
        (network, _) in instances(),
        picks in proptest::collection::vec(proptest::option::of(0u32..4), 6),
    ) {
        let n = network.num_vertices();
        let pick = |v: usize| {
            let degree = network.out_degree(v) as u32;
            picks[v].filter(|_| degree > 0).map(|e| e % degree)
        };
        let rows = (0..n)
            .map(|v| pick(v).map(|e| Row::new(vec![(e, r(0))], r(0))).into_iter().collect())
            .collect();
        let budget = Polyhedral::new(&network, rows).unwrap();
        let families = (0..n)
            .map(|v| std::iter::once(vec![]).chain(pick(v).map(|e| vec![e])).collect())
            .collect();
        let removals = Budget::affordable(&network, families).unwrap();
        let expected = gpi::solve(&network, &removals, Operator::Sum).unwrap();
        let solution = solve_and_cross_check(&network, &budget);
        for v in 0..n {
            let value = match expected.values[v] {
                INFINITY => Extended::Infinite,
                x => finite(x as i64),
            };
            prop_assert_eq!(&solution.values[v], &value, "vertex {}", v);
        }
    }

    /// Raising one chosen edge per vertex by at most M, for M above every finite path weight,
    /// gives the values of removing it wherever those are finite, and more than any path
    /// weight elsewhere.
    #[test]
    fn large_bounded_raises_agree_with_removals_where_finite(
        (network, _) in instances(),
        picks in proptest::collection::vec(0u32..4, 6),
    ) {
        let n = network.num_vertices();
        let total: u64 = network.edges().map(|(_, _, w)| w).sum();
        let big = r(total as i64 + 1);
        let pick = |v: usize| picks[v] % network.out_degree(v).max(1) as u32;
        let rows = (0..n)
            .map(|v| {
                (network.out_degree(v) > 0)
                    .then(|| Row::new(vec![(pick(v), r(1))], big.clone()))
                    .into_iter()
                    .collect()
            })
            .collect();
        let budget = Polyhedral::new(&network, rows).unwrap();
        let families = (0..n)
            .map(|v| {
                let mut family = vec![vec![]];
                if network.out_degree(v) > 0 {
                    family.push(vec![pick(v)]);
                }
                family
            })
            .collect();
        let removals = Budget::affordable(&network, families).unwrap();
        let expected = gpi::solve(&network, &removals, Operator::Sum).unwrap();
        let solution = solve_and_cross_check(&network, &budget);
        for v in 0..n {
            match expected.values[v] {
                INFINITY => prop_assert!(solution.values[v] > Extended::Finite(r(total as i64))),
                x => prop_assert_eq!(&solution.values[v], &finite(x as i64), "vertex {}", v),
            }
        }
    }
}

/// Three routes from 0 to the sink 3: direct (weight 6), through 1 (2 + 0) and through 2
/// (1 + 1); vertex 0 may raise its three out-edges by 2 in all, the direct one not at all.
fn three_routes(rows: Vec<Row>) -> (Network, Polyhedral) {
    let edges = [(0, 3, 6), (0, 1, 2), (0, 2, 1), (1, 3, 0), (2, 3, 1)];
    let network = Network::new(4, &edges, 0, 3).unwrap();
    let budget = Polyhedral::new(&network, vec![rows, vec![], vec![], vec![]]).unwrap();
    (network, budget)
}

#[test]
fn answers_known_by_hand() {
    // Both cheap routes cost 2; a budget of 2 over them lifts both to 3.
    let (network, budget) = three_routes(vec![Row::new(vec![(1, r(1)), (2, r(1))], r(2))]);
    let solution = solve_and_cross_check(&network, &budget);
    assert_eq!(solution.values[0], finite(3));
    assert_eq!(solution.raises[1..3], [r(1), r(1)]);
    // A budget of 1, raising edge 2 costing twice as much: z1 + 2 z2 ≤ 1 lifts both to 7/3.
    let (network, budget) = three_routes(vec![Row::new(vec![(1, r(1)), (2, r(2))], r(1))]);
    let solution = solve_and_cross_check(&network, &budget);
    assert_eq!(solution.values[0], Extended::Finite(Rational::new(7, 3)));
    assert_eq!(
        solution.raises[1..3],
        [Rational::new(1, 3), Rational::new(1, 3)]
    );
    let dual = solution.duals[0].as_ref().unwrap();
    assert_eq!(dual.rows, [Rational::new(1, 3)]);
    // Unbounded raises on both cheap routes: the direct edge's 6 is left.
    let (network, budget) = three_routes(vec![Row::new(vec![(1, r(0)), (2, r(0))], r(0))]);
    let solution = solve_and_cross_check(&network, &budget);
    assert_eq!(solution.values[0], finite(6));
    assert_eq!(solution.path, [0]);
    // Every route raisable without bound: ∞, the raise proven by a ray.
    let row = Row::new(vec![(0, r(1)), (1, r(-1)), (2, r(0))], r(0));
    let (network, budget) = three_routes(vec![row]);
    let solution = solve_and_cross_check(&network, &budget);
    assert_eq!(solution.values[0], Extended::Infinite);
    assert!((0..3).all(|e| solution.raise(e) == Extended::Infinite));
    assert!(solution.path.is_empty());
    // No rows: plain shortest paths.
    let (network, budget) = three_routes(vec![]);
    let solution = solve_and_cross_check(&network, &budget);
    assert_eq!(
        solution.values,
        [finite(2), finite(0), finite(1), finite(0)]
    );
    assert_eq!(solution.path, [1, 3]);
}

#[test]
fn wrong_answers_fail_the_certificate() {
    let (network, budget) = three_routes(vec![Row::new(vec![(1, r(1)), (2, r(2))], r(1))]);
    let solution = partial::solve(&network, &budget, Operator::Sum).unwrap();
    type Change = fn(&mut PartialSolution);
    let changes: [(Change, &str); 8] = [
        (
            |s| s.raises[1] = r(1),
            "vertex 0: the raises give 5/3 on row 0",
        ),
        (|s| s.raises[0] = r(1), "raise edge 0, which no row names"),
        (|s| s.rays[1] = r(1), "grow without bound beyond row 0"),
        (
            |s| s.values[0] = finite(2),
            "vertex 0: with the interdictor's raises the user's best path costs 7/3",
        ),
        (
            |s| {
                s.values[0] = finite(3);
                s.raises[1] = r(0);
                s.raises[2] = r(0);
            },
            "costs 2, not the 3 claimed",
        ),
        (|s| s.duals[0] = None, "vertex 0: the dual is missing"),
        (
            |s| {
                let dual = s.duals[0].as_mut().unwrap();
                dual.rows[0] = r(0);
            },
            "above its row multipliers' 0",
        ),
        (|s| s.order.swap(0, 1), "the order"),
    ];
    for (change, message) in changes {
        let mut wrong = solution.clone();
        change(&mut wrong);
        let error = partial_certificate::check(&network, &budget, &wrong).unwrap_err();
        assert!(error.to_string().contains(message), "{error}");
    }
    assert!(partial::solve(&network, &budget, Operator::Product).is_err());
}
