//! Exact behaviour profiles from floating-point ones, readable and summing to 1 exactly.
//!
//! Each probability is replaced by its *best rational approximation* with a denominator at most
//! a bound: the fraction nearest to it among those, found from the continued fraction of the
//! `f64`'s exact value, its last convergent within the bound compared with the last
//! semiconvergent (A. Ya. Khinchin, *Continued fractions*, 1935, §6). Probabilities near `1/3`
//! become `1/3`, those below half of `1/bound` become 0. Then each information set's fractions
//! are divided by their exact sum, so that they form a distribution exactly (unchanged where
//! they already sum to 1). An exact computation on the result, such as its
//! [exploitability](super::best_response), is about exactly the profile returned.
//!
//! # Complexity
//! `O(log bound)` steps of 128-bit arithmetic per probability, plus the sum and division per
//! information set.
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_efg::nash::rounding::{DEFAULT_DENOMINATOR, approximate, round_profile};
//! assert_eq!(approximate(0.333_333_34, DEFAULT_DENOMINATOR), Rational::new(1, 3));
//! assert_eq!(approximate(std::f64::consts::PI - 3.0, 1000), Rational::new(16, 113));
//! let profile = round_profile(&[None, Some(vec![0.666_666_7, 0.333_333_3])], 1000);
//! assert_eq!(profile[1], Some(vec![Rational::new(2, 3), Rational::new(1, 3)]));
//! ```

use kalmar_core::Rational;
use num_bigint::BigInt;
use num_rational::BigRational;

/// The default bound on the denominators: 10^6.
pub const DEFAULT_DENOMINATOR: u32 = 1_000_000;

/// The fraction nearest to `x` among those with a denominator at most `max_denominator` (at
/// least 1), for `x` clamped into `[0, 1]` (`NaN` counts as 0); of two equally near, the one
/// with the smaller denominator.
pub fn approximate(x: f64, max_denominator: u32) -> Rational {
    let bound = i128::from(max_denominator.max(1));
    if x.is_nan() || x < 0.5 / bound as f64 {
        // Every fraction other than 0 within the bound is at least 1/bound away, farther than 0
        // (and negative numbers count as 0).
        return Rational::ZERO;
    }
    if x >= 1.0 {
        return Rational::ONE;
    }
    // x ≥ 2^-33 has at most 53 significant bits, so x · 2^85 is an integer below 2^85.
    let scale = 85;
    let num = (x * 2f64.powi(scale)) as i128;
    let zeros = num.trailing_zeros().min(scale as u32);
    let (num, den) = (num >> zeros, 1i128 << (scale as u32 - zeros));
    if den <= bound {
        return Rational::new(num as i64, den as i64);
    }
    // Convergents p0/q0, p1/q1 of num/den, while the next one's denominator is within the
    // bound. The last convergent is num/den itself, whose denominator is beyond the bound, so
    // the loop stops before the remainder d reaches 0.
    let (mut p0, mut q0, mut p1, mut q1) = (0i128, 1i128, 1i128, 0i128);
    let (mut n, mut d) = (num, den);
    loop {
        let a = n / d;
        let q2 = q0 + a * q1;
        if q2 > bound {
            break;
        }
        (p0, q0, p1, q1) = (p1, q1, p0 + a * p1, q2);
        (n, d) = (d, n - a * d);
    }
    let k = (bound - q0) / q1;
    let semi = fraction(p0 + k * p1, q0 + k * q1);
    let convergent = fraction(p1, q1);
    let exact = Rational::from_big(BigRational::new(BigInt::from(num), BigInt::from(den)));
    if (&convergent - &exact).abs() <= (&semi - &exact).abs() {
        convergent
    } else {
        semi
    }
}

/// `p / q` for a numerator and denominator within the bound's range.
fn fraction(p: i128, q: i128) -> Rational {
    Rational::new(
        i64::try_from(p).expect("within the bound"),
        i64::try_from(q).expect("within the bound"),
    )
}

/// A profile with each probability replaced by its best approximation with a denominator at
/// most `max_denominator`, and each information set's then divided by their sum (a set whose
/// probabilities all round to 0, possible only for probabilities that are not a distribution,
/// gets the uniform one). `None` entries (chance sets) stay `None`.
pub fn round_profile(
    profile: &[Option<Vec<f64>>],
    max_denominator: u32,
) -> Vec<Option<Vec<Rational>>> {
    profile
        .iter()
        .map(|probs| {
            probs.as_ref().map(|probs| {
                let near: Vec<Rational> = probs
                    .iter()
                    .map(|&p| approximate(p, max_denominator))
                    .collect();
                let sum = near.iter().fold(Rational::ZERO, |a, b| a + b);
                if sum.is_zero() {
                    vec![Rational::new(1, probs.len() as i64); probs.len()]
                } else {
                    near.iter().map(|p| p / &sum).collect()
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn known_approximations() {
        let pi = std::f64::consts::PI - 3.0;
        assert_eq!(approximate(pi, 100), Rational::new(14, 99));
        assert_eq!(approximate(pi, 1000), Rational::new(16, 113));
        assert_eq!(
            approximate(pi, DEFAULT_DENOMINATOR),
            Rational::new(140914, 995207)
        );
        assert_eq!(approximate(0.1, DEFAULT_DENOMINATOR), Rational::new(1, 10));
        // Equally near 1/2 and 1: the smaller denominator.
        assert_eq!(approximate(0.75, 2), Rational::ONE);
        assert_eq!(approximate(0.375, 8), Rational::new(3, 8));
        for (x, expected) in [(-0.5, 0), (f64::NAN, 0), (1e-300, 0), (1.5, 1), (1.0, 1)] {
            assert_eq!(approximate(x, 1000), Rational::from(expected), "{x}");
        }
        assert_eq!(approximate(4e-4, 1000), Rational::ZERO);
        assert_eq!(approximate(6e-4, 1000), Rational::new(1, 1000));
    }

    #[test]
    fn rounded_sets_sum_to_one() {
        let rounded = round_profile(&[Some(vec![0.3, 0.3, 0.3]), Some(vec![0.0, 0.0])], 10);
        let third = Rational::new(1, 3);
        assert_eq!(rounded[0], Some(vec![third.clone(), third.clone(), third]));
        let half = Rational::new(1, 2);
        assert_eq!(rounded[1], Some(vec![half.clone(), half]));
    }

    proptest! {
        #[test]
        fn nearest_among_small_denominators(x in 0.0f64..=1.0, bound in 1u32..40) {
            let r = approximate(x, bound);
            let (_, q) = r.to_small().unwrap();
            prop_assert!(q <= i64::from(bound));
            let exact = Rational::from_big(BigRational::from_float(x).unwrap());
            let distance = (&r - &exact).abs();
            for q in 1..=i64::from(bound) {
                for p in 0..=q {
                    prop_assert!(distance <= (&Rational::new(p, q) - &exact).abs());
                }
            }
        }

        #[test]
        fn rounded_profiles_are_distributions(
            weights in prop::collection::vec(0.0f64..1.0, 1..6),
            bound in 1u32..2_000_000,
        ) {
            let total: f64 = weights.iter().sum();
            prop_assume!(total > 0.0);
            let probs: Vec<f64> = weights.iter().map(|w| w / total).collect();
            let rounded = round_profile(&[Some(probs.clone())], bound);
            let rounded = rounded[0].as_ref().unwrap();
            prop_assert!(rounded.iter().all(|p| *p >= Rational::ZERO));
            prop_assert_eq!(rounded.iter().fold(Rational::ZERO, |a, b| a + b), Rational::ONE);
        }
    }
}
