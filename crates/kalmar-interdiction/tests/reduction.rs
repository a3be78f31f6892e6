//! Deterministic graphical games through the reduction to bottleneck interdiction: the value of
//! every position by each BSPI solver, mapped back, is the DGG solver's.

use kalmar_core::Rational;
use kalmar_interdiction::operator::Operator;
use kalmar_interdiction::reduction;
use kalmar_interdiction::solvers;
use kalmar_terminal::Dgg;
use kalmar_terminal::dgg::{Stats, sorting};
use kalmar_terminal::generate::{self, PayoffRange};
use proptest::prelude::*;

/// Every BSPI solver's values of `game`, checked by the certificate, against the sorting
/// method's strong solution.
fn agree(game: &Dgg) {
    let expected = sorting::solve(game, &mut Stats::default()).values;
    let reduced = reduction::reduce(game).unwrap();
    for id in ["bspi-heap", "bspi-buckets", "bspi-coarse", "gpi"] {
        let checked =
            solvers::solve(&reduced.network, &reduced.budget, Operator::Max, Some(id)).unwrap();
        let values = reduced.values(&checked.solution.values).unwrap();
        assert_eq!(values, expected, "{id}");
    }
}

const RANGES: [PayoffRange; 5] = [
    PayoffRange::ChessLike,
    PayoffRange::Integers(3),
    PayoffRange::Integers(1000),
    PayoffRange::Distinct,
    PayoffRange::Rationals(6),
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn small_games_agree(
        positions in 1usize..12,
        degree in 1usize..4,
        terminals in 0usize..6,
        range in 0usize..RANGES.len(),
        seed in any::<u64>(),
    ) {
        agree(&generate::random(positions, degree, terminals, RANGES[range], seed).unwrap());
    }
}

#[test]
fn random_games_agree() {
    for seed in 0..40 {
        let range = RANGES[seed as usize % RANGES.len()];
        let positions = 50 + 97 * seed as usize;
        let game =
            generate::random(positions, 1 + seed as usize % 4, positions / 5, range, seed).unwrap();
        agree(&game);
    }
}

#[test]
fn structured_games_agree() {
    for family in generate::FAMILIES.ids() {
        for arcs in [100, 3000] {
            agree(&generate::build(family, arcs, 5).unwrap());
        }
    }
}

#[test]
fn payoffs_beyond_integer_weights_are_ranked() {
    let game = generate::random(30, 2, 6, PayoffRange::Integers(5), 1).unwrap();
    let mut payoffs = game.payoffs().to_vec();
    let terminals: Vec<_> = game.terminals().collect();
    payoffs[terminals[0].index()] = Rational::from(1i64 << 41);
    payoffs[terminals[1].index()] = Rational::from(-(1i64 << 41));
    payoffs[terminals[2].index()] = Rational::new(1, 3);
    agree(&Dgg::new(game.arena().clone(), payoffs).unwrap());
    let reduced = reduction::reduce(&game).unwrap();
    assert!(reduced.values(&[0]).is_err());
    assert!(
        reduced
            .values(&vec![(1 << 40) + 1; reduced.network.num_vertices()])
            .is_err()
    );
}
