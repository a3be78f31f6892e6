//! Property tests on seeded random heap games: the sparse-space solver against the naive one,
//! the sum rule against a direct search of sums, and proven periods against the values
//! computed further.

use kalmar_cgt::all_but::AllBut;
use kalmar_cgt::octal::heaps::HeapGame;
use kalmar_cgt::octal::naive::Naive;
use kalmar_cgt::octal::sparse::Sparse;
use kalmar_cgt::octal::{self, Rules, Solver};
use kalmar_cgt::{Analysis, Play};
use proptest::prelude::*;

/// A random octal code with up to four digits after the point, or Grundy's game.
fn rules() -> impl Strategy<Value = Rules> {
    (
        prop::bool::ANY,
        prop::collection::vec(0u8..8, 1..5),
        prop::bool::weighted(0.1),
    )
        .prop_map(|(split0, digits, grundy)| {
            if grundy {
                return Rules::grundy();
            }
            let code: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
            Rules::parse(&format!("{}.{code}", if split0 { 4 } else { 0 })).unwrap()
        })
}

fn naive(rules: &Rules, len: usize) -> Vec<u32> {
    let mut solver = Naive::new(rules);
    solver.extend_to(len);
    solver.values().to_vec()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, rng_seed: proptest::test_runner::RngSeed::Fixed(8), ..ProptestConfig::default() })]

    #[test]
    fn the_values_job_agrees_for_every_solver(rules in rules(), up_to in 0usize..300) {
        use kalmar_cgt::octal::analysis::{ValuesOptions, analyse};
        let expected = naive(&rules, up_to + 1);
        for solver in octal::SOLVERS.ids() {
            let options = ValuesOptions {
                solver: solver.to_string(),
                verify: true,
                period: true,
                ..ValuesOptions::new(up_to)
            };
            let report = analyse(&rules, &options, &mut |_| {}).unwrap();
            prop_assert_eq!(&report.values.iter().collect::<Vec<_>>(), &expected, "{} {}", rules, solver);
            prop_assert_eq!(report.solver, solver);
        }
    }

    #[test]
    fn sparse_agrees_with_naive(rules in rules(), warm_up in 2usize..40) {
        let mut sparse = Sparse::with_warm_up(&rules, warm_up);
        sparse.extend_to(400);
        prop_assert_eq!(sparse.values(), &naive(&rules, 400)[..], "{}", rules);
    }

    #[test]
    fn sum_rule_agrees_with_direct_search(rules in rules(), heaps in prop::collection::vec(1u32..9, 1..4)) {
        let values = naive(&rules, 9);
        let mut sorted = heaps.clone();
        sorted.sort_unstable();
        let plain = HeapGame::without_sum_rule(&rules);
        let searched = Analysis::new(&plain).nimber(&sorted).unwrap();
        let summed = heaps.iter().fold(0, |x, &h| x ^ values[h as usize]);
        prop_assert_eq!(searched, summed, "{} {:?}", rules, heaps);
        // The outcome classes follow: P exactly when the nimber is 0.
        let outcome = Analysis::new(&plain).outcome(Play::Normal, &sorted).unwrap();
        prop_assert_eq!(outcome == kalmar_cgt::Outcome::P, summed == 0);
    }

    #[test]
    fn proven_periods_hold_further_on(rules in rules()) {
        let values = naive(&rules, 1200);
        for known in [40, 120, 400] {
            if let Some(p) = octal::period::find(&rules, &values[..known]) {
                prop_assert!(p.proof_needs <= known);
                for n in p.preperiod..values.len() - p.period {
                    prop_assert_eq!(values[n], values[n + p.period], "{} {:?} at {}", rules, p, n);
                }
            }
        }
    }
}

/// G(0..len) of an all-but subtraction game by the definition: the mex over every allowed
/// removal (quadratic; the independent check of the fast computation).
fn all_but_by_definition(game: &AllBut, len: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::new();
    for n in 0..len {
        let options = (1..=n).filter(|&k| game.allows(k)).map(|k| values[n - k]);
        values.push(kalmar_cgt::mex(options));
    }
    values
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, rng_seed: proptest::test_runner::RngSeed::Fixed(8), ..ProptestConfig::default() })]

    /// Siegel (|E| ≤ 2) and Sleator–Slusky (|E| = 3): the nim-sequence of an all-but
    /// subtraction game with at most three excluded removals is purely arithmetic periodic. The
    /// lemma proves such a period from the values, and it holds on values computed by the
    /// definition three times further on.
    #[test]
    fn all_but_periods_are_proven_and_pure(excluded in prop::collection::vec(1u64..10, 0..4)) {
        let game = AllBut::new(&excluded).unwrap();
        let known = 200;
        let values = all_but_by_definition(&game, 3 * known);
        prop_assert_eq!(&game.values(3 * known), &values);
        let period = game.arithmetic_period(&values[..known]);
        prop_assert!(period.is_some(), "{:?}: no period proven from {} values", excluded, known);
        let period = period.unwrap();
        prop_assert_eq!(period.preperiod, 0, "{:?} {:?}", excluded, period);
        for n in 0..values.len() - period.period {
            prop_assert_eq!(values[n + period.period], values[n] + period.saltus, "{:?} {:?} at {}", excluded, period, n);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, rng_seed: proptest::test_runner::RngSeed::Fixed(8), ..ProptestConfig::default() })]

    /// The readers never panic, and what they accept prints back to text read the same (the
    /// fuzz targets check the same on arbitrary bytes).
    #[test]
    fn readers_round_trip(text in "[0-9.4a-dA-DxX é]{0,12}") {
        if let Ok(rules) = Rules::parse(&text) {
            prop_assert_eq!(Rules::parse(&rules.to_string()), Ok(rules));
        }
        if let Ok(reaction) = kalmar_cgt::nukit::Nukit::parse_reaction(&text) {
            let letters = kalmar_cgt::nukit::Nukit::name(&reaction);
            prop_assert_eq!(kalmar_cgt::nukit::Nukit::parse_reaction(&letters), Ok(reaction));
        }
    }
}
