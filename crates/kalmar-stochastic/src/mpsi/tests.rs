//! Tests of mean-payoff strategy improvement: both arithmetics, simplest fractions, small games.

use super::*;
use crate::Class;
use crate::generate::random_deterministic;
use kalmar_core::format::read_gg;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// The algorithm in big integers makes exactly the decisions it makes in `i128`: the
    /// same values, strategies and counts.
    #[test]
    fn big_integers_decide_as_128_bit_integers(
        seed in any::<u64>(), n in 1usize..12, degree in 1usize..=3,
    ) {
        let graph = random_deterministic(Class::MeanPayoff, n, degree, 0, None, seed).unwrap();
        let game = MeanPayoffGame::from_graph(&graph).unwrap();
        let (mut small_stats, mut big_stats) = (Stats::default(), Stats::default());
        let small = solve_in(&game, Arithmetic::Fastest, &mut small_stats).unwrap();
        let big = solve_in(&game, Arithmetic::Big, &mut big_stats).unwrap();
        prop_assert_eq!(&small.values, &big.values);
        prop_assert_eq!(small.strategy, big.strategy);
        prop_assert_eq!(small_stats.iterations, big_stats.iterations);
        prop_assert_eq!(small_stats.evaluations, big_stats.evaluations);
    }
}

#[test]
fn simplest_fractions() {
    let r = Rational::new;
    assert_eq!(simplest_between(&r(1, 3), &r(1, 2)), r(2, 5));
    assert_eq!(simplest_between(&r(-1, 2), &r(1, 2)), r(0, 1));
    assert_eq!(simplest_between(&r(0, 1), &r(1, 3)), r(1, 4));
    assert_eq!(simplest_between(&r(7, 3), &r(12, 5)), r(19, 8));
    assert_eq!(simplest_between(&r(-12, 5), &r(-7, 3)), r(-19, 8));
}

#[test]
fn fractional_rewards_and_a_choice_of_cycles() {
    // Max at a: the 2-cycle with b (rewards 1/2 and -1/3, mean 1/12) or the self-loop at c
    // (reward -1/5). Min at b can only return. Max takes the cycle: a, b are worth 1/12.
    let graph = read_gg(
        "kalmar-gg 1\na max reward=1/2 -> b c\nb min reward=-1/3 -> a\n\
         c max reward=-1/5 -> c\n",
    )
    .unwrap();
    let game = MeanPayoffGame::from_graph(&graph).unwrap();
    let s = solve(&game, &mut Stats::default()).unwrap();
    assert_eq!(
        s.values,
        [
            Rational::new(1, 12),
            Rational::new(1, 12),
            Rational::new(-1, 5)
        ]
    );
    assert_eq!(game.evaluate(&s.strategy), s.values);
}

#[test]
fn min_keeps_a_cycle_of_her_own() {
    // Min's own 2-cycle has sum 0 (value 0); her exit leads to Max's loop worth 3.
    let graph =
        read_gg("kalmar-gg 1\na min reward=2 -> b m\nb min reward=-2 -> a\nm max reward=3 -> m\n")
            .unwrap();
    let game = MeanPayoffGame::from_graph(&graph).unwrap();
    let s = solve(&game, &mut Stats::default()).unwrap();
    assert_eq!(
        s.values,
        [Rational::ZERO, Rational::ZERO, Rational::from(3)]
    );
    assert_eq!(game.evaluate(&s.strategy), s.values);
}
