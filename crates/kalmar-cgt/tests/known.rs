//! Known answers from the literature: the nim-sequences of Kayles, Dawson's Kayles and chess,
//! Grundy's game and Officers (OEIS A002186, A002187, A002188, A046695; Winning Ways, ch. 4),
//! and the classical periods.

use kalmar_cgt::octal::{self, Rules};

/// G(0..len) by every registered solver, which must agree.
fn values(rules: &Rules, len: usize) -> Vec<u32> {
    let mut all = octal::SOLVERS
        .iter()
        .map(|s| octal::compute(rules, s, len, false, &mut |_| {}).values);
    let first = all.next().unwrap();
    for other in all {
        assert_eq!(other, first, "{rules}");
    }
    first.iter().collect()
}

/// Kayles (0.77), OEIS A002186, n = 0..83.
const KAYLES: [u32; 84] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, //
    4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, //
    4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, //
    4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, //
    4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, //
    4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, //
    4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
];

/// Dawson's chess (0.137), OEIS A002187, n = 0..104; Dawson's Kayles (0.07) is the same
/// sequence one heap later.
const DAWSON: [u32; 105] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1,
];

/// Grundy's game, OEIS A002188, n = 0..59.
const GRUNDY: [u32; 60] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
    2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3,
];

/// Officers (0.6), OEIS A046695, n = 0..19.
const OFFICERS: [u32; 20] = [0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2, 1, 3, 2, 1];

#[test]
fn kayles() {
    assert_eq!(values(&Rules::parse("0.77").unwrap(), KAYLES.len()), KAYLES);
}

#[test]
fn dawsons_chess_and_dawsons_kayles() {
    assert_eq!(
        values(&Rules::parse("0.137").unwrap(), DAWSON.len()),
        DAWSON
    );
    let kayles = values(&Rules::parse("0.07").unwrap(), DAWSON.len() + 1);
    assert_eq!(kayles[0], 0);
    assert_eq!(kayles[1..], DAWSON);
}

#[test]
fn grundys_game() {
    assert_eq!(values(&Rules::grundy(), GRUNDY.len()), GRUNDY);
}

#[test]
fn officers() {
    assert_eq!(
        values(&Rules::parse("0.6").unwrap(), OFFICERS.len()),
        OFFICERS
    );
}

#[test]
fn kayles_has_period_12_and_last_exception_70() {
    let rules = Rules::parse("0.77").unwrap();
    let sparse = octal::SOLVERS.get("sparse").unwrap();
    let computed = octal::compute(&rules, sparse, 100_000, true, &mut |_| {});
    let period = computed.period.unwrap();
    assert_eq!(period.period, 12);
    assert_eq!(period.last_exception, Some(70));
    assert_eq!(period.preperiod, 71);
    // Proven from a few hundred values, not computed to the end.
    assert!(computed.computed < 2000);
    assert_eq!(computed.values.len(), 100_000);
    assert_eq!(
        computed.values.get(99_999),
        Some(KAYLES[72 + (99_999 - 72) % 12])
    );
    assert!(computed.values.stored().len() < 100_000);
}

#[test]
fn dawsons_chess_has_period_34_and_last_exception_51() {
    // The classical statement counts heaps as in Dawson's chess (0.137); in Dawson's Kayles
    // (0.07) the same values sit one heap later.
    let sparse = octal::SOLVERS.get("sparse").unwrap();
    let chess = octal::compute(
        &Rules::parse("0.137").unwrap(),
        sparse,
        5000,
        true,
        &mut |_| {},
    );
    let period = chess.period.unwrap();
    assert_eq!((period.period, period.last_exception), (34, Some(51)));
    let kayles = octal::compute(
        &Rules::parse("0.07").unwrap(),
        sparse,
        5000,
        true,
        &mut |_| {},
    );
    let period = kayles.period.unwrap();
    assert_eq!((period.period, period.last_exception), (34, Some(52)));
}

#[test]
fn no_period_is_claimed_for_grundys_game() {
    let naive = octal::SOLVERS.get("naive").unwrap();
    let computed = octal::compute(&Rules::grundy(), naive, 3000, true, &mut |_| {});
    assert_eq!(computed.period, None);
    assert_eq!(computed.computed, 3000);
}

#[test]
fn subtraction_games_are_periodic() {
    // S(1, 2, 3): G(n) = n mod 4 (Winning Ways, ch. 4: the values of S(1, 2, ..., k) are
    // n mod (k + 1)).
    let rules = Rules::subtraction(&[1, 2, 3]).unwrap();
    let computed = octal::compute(
        &rules,
        octal::SOLVERS.get("naive").unwrap(),
        50,
        true,
        &mut |_| {},
    );
    assert!(
        computed
            .values
            .iter()
            .enumerate()
            .all(|(n, v)| v as usize == n % 4)
    );
    let period = computed.period.unwrap();
    assert_eq!((period.preperiod, period.period), (0, 4));
}
