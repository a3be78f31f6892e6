//! Exact rational numbers.
//!
//! [`Rational`] is the number type of every value that is rational: payoffs, probabilities,
//! rewards and the values solvers compute. It keeps small numbers (numerator and denominator in
//! `i64`) inline and exact, comparing them with one 128-bit cross multiplication, and falls back to
//! arbitrary precision ([`BigRational`]) only when a result does not fit. The representation is
//! canonical (reduced, positive denominator, small whenever it fits), so equality and hashing are
//! structural.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Div, Mul, Neg, Sub};
use std::str::FromStr;

/// An exact rational number.
///
/// ```
/// use kalmar_core::Rational;
/// let a: Rational = "3/4".parse().unwrap();
/// let b: Rational = "0.25".parse().unwrap();
/// assert_eq!(&a + &b, Rational::from(1));
/// assert!(b < a);
/// assert_eq!((&a * &b).to_string(), "3/16");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Rational(Repr);

#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    /// Reduced, `den > 0`.
    Small { num: i64, den: i64 },
    /// Reduced, and does not fit `Small`.
    Big(Box<BigRational>),
}

impl Rational {
    /// Zero.
    pub const ZERO: Rational = Rational(Repr::Small { num: 0, den: 1 });
    /// One.
    pub const ONE: Rational = Rational(Repr::Small { num: 1, den: 1 });

    /// `num / den`, reduced.
    ///
    /// # Panics
    /// If `den` is zero.
    pub fn new(num: i64, den: i64) -> Rational {
        assert!(den != 0, "rational with zero denominator");
        Self::from_i128(num as i128, den as i128)
    }

    fn from_i128(num: i128, den: i128) -> Rational {
        // Fast paths: integers need no gcd, and a gcd of 64-bit values is much cheaper than
        // one of 128-bit values.
        if den == 1
            && let Ok(num) = i64::try_from(num)
        {
            return Rational(Repr::Small { num, den: 1 });
        }
        if let (Ok(n), Ok(d)) = (i64::try_from(num), i64::try_from(den))
            && n != i64::MIN
            && d != i64::MIN
        {
            let g = (n.unsigned_abs()).gcd(&d.unsigned_abs()) as i64;
            let (mut n, mut d) = if g == 1 { (n, d) } else { (n / g, d / g) };
            if d < 0 {
                n = -n;
                d = -d;
            }
            return Rational(Repr::Small { num: n, den: d });
        }
        let g = num.gcd(&den);
        let (mut num, mut den) = (num / g, den / g);
        if den < 0 {
            num = -num;
            den = -den;
        }
        match (i64::try_from(num), i64::try_from(den)) {
            (Ok(num), Ok(den)) => Rational(Repr::Small { num, den }),
            _ => Rational(Repr::Big(Box::new(BigRational::new_raw(
                num.into(),
                den.into(),
            )))),
        }
    }

    /// The number equal to `big`.
    pub fn from_big(big: BigRational) -> Rational {
        // `BigRational` keeps itself reduced with a positive denominator.
        match (big.numer().to_i64(), big.denom().to_i64()) {
            (Some(num), Some(den)) => Rational(Repr::Small { num, den }),
            _ => Rational(Repr::Big(Box::new(big))),
        }
    }

    /// The same number as a [`BigRational`].
    pub fn to_big(&self) -> BigRational {
        match &self.0 {
            Repr::Small { num, den } => {
                BigRational::new_raw(BigInt::from(*num), BigInt::from(*den))
            }
            Repr::Big(b) => (**b).clone(),
        }
    }

    /// The nearest `f64` (for display and plots only).
    pub fn to_f64(&self) -> f64 {
        match &self.0 {
            Repr::Small { num, den } => *num as f64 / *den as f64,
            Repr::Big(b) => b.to_f64().unwrap_or(f64::NAN),
        }
    }

    /// The numerator and denominator if both fit in `i64`.
    pub fn to_small(&self) -> Option<(i64, i64)> {
        match &self.0 {
            Repr::Small { num, den } => Some((*num, *den)),
            Repr::Big(_) => None,
        }
    }

    /// Less than, equal to or greater than zero.
    pub fn signum(&self) -> Ordering {
        match &self.0 {
            Repr::Small { num, .. } => num.cmp(&0),
            Repr::Big(b) => {
                if b.is_positive() {
                    Ordering::Greater
                } else {
                    Ordering::Less
                }
            }
        }
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.signum() == Ordering::Equal
    }

    /// Whether this is an integer.
    pub fn is_integer(&self) -> bool {
        match &self.0 {
            Repr::Small { den, .. } => *den == 1,
            Repr::Big(b) => b.is_integer(),
        }
    }

    /// The absolute value.
    pub fn abs(&self) -> Rational {
        if self.signum() == Ordering::Less {
            -self
        } else {
            self.clone()
        }
    }
}

impl Default for Rational {
    fn default() -> Self {
        Rational::ZERO
    }
}

impl From<i64> for Rational {
    fn from(n: i64) -> Self {
        Rational(Repr::Small { num: n, den: 1 })
    }
}

impl From<i32> for Rational {
    fn from(n: i32) -> Self {
        Rational::from(n as i64)
    }
}

impl Ord for Rational {
    fn cmp(&self, other: &Self) -> Ordering {
        match (&self.0, &other.0) {
            (Repr::Small { num: a, den: b }, Repr::Small { num: c, den: d }) => {
                (*a as i128 * *d as i128).cmp(&(*c as i128 * *b as i128))
            }
            _ => self.to_big().cmp(&other.to_big()),
        }
    }
}

impl PartialOrd for Rational {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

macro_rules! binary_op {
    ($trait:ident, $method:ident, $small:expr, $big:expr) => {
        impl $trait<&Rational> for &Rational {
            type Output = Rational;
            fn $method(self, other: &Rational) -> Rational {
                if let (Repr::Small { num: a, den: b }, Repr::Small { num: c, den: d }) =
                    (&self.0, &other.0)
                {
                    let small: fn(i128, i128, i128, i128) -> Option<(i128, i128)> = $small;
                    if let Some((n, m)) = small(*a as i128, *b as i128, *c as i128, *d as i128) {
                        return Rational::from_i128(n, m);
                    }
                }
                let big: fn(BigRational, BigRational) -> BigRational = $big;
                Rational::from_big(big(self.to_big(), other.to_big()))
            }
        }
        impl $trait<Rational> for Rational {
            type Output = Rational;
            fn $method(self, other: Rational) -> Rational {
                (&self).$method(&other)
            }
        }
        impl $trait<&Rational> for Rational {
            type Output = Rational;
            fn $method(self, other: &Rational) -> Rational {
                (&self).$method(other)
            }
        }
    };
}

binary_op!(
    Add,
    add,
    |a, b, c, d| Some((
        a.checked_mul(d)?.checked_add(c.checked_mul(b)?)?,
        b.checked_mul(d)?
    )),
    |x, y| x + y
);
binary_op!(
    Sub,
    sub,
    |a, b, c, d| Some((
        a.checked_mul(d)?.checked_sub(c.checked_mul(b)?)?,
        b.checked_mul(d)?
    )),
    |x, y| x - y
);
binary_op!(
    Mul,
    mul,
    |a, b, c, d| Some((a.checked_mul(c)?, b.checked_mul(d)?)),
    |x, y| x * y
);
binary_op!(
    Div,
    div,
    |a, b, c, d| {
        assert!(c != 0, "division of a rational by zero");
        Some((a.checked_mul(d)?, b.checked_mul(c)?))
    },
    |x, y| x / y
);

impl Neg for &Rational {
    type Output = Rational;
    fn neg(self) -> Rational {
        match &self.0 {
            Repr::Small { num, den } => Rational::from_i128(-(*num as i128), *den as i128),
            Repr::Big(b) => Rational::from_big(-(**b).clone()),
        }
    }
}

impl Neg for Rational {
    type Output = Rational;
    fn neg(self) -> Rational {
        -&self
    }
}

impl fmt::Display for Rational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small { num, den: 1 } => write!(f, "{num}"),
            Repr::Small { num, den } => write!(f, "{num}/{den}"),
            Repr::Big(b) if b.is_integer() => write!(f, "{}", b.numer()),
            Repr::Big(b) => write!(f, "{}/{}", b.numer(), b.denom()),
        }
    }
}

impl fmt::Debug for Rational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a text is not a rational number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRationalError {
    reason: &'static str,
}

impl fmt::Display for ParseRationalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.reason)
    }
}

impl std::error::Error for ParseRationalError {}

/// Digits longer than this are refused, so that a hostile input cannot make the parser build a
/// huge integer.
const MAX_DIGITS: usize = 4096;

fn parse_integer(text: &str) -> Result<BigInt, ParseRationalError> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseRationalError {
            reason: "a number: digits with an optional sign",
        });
    }
    if digits.len() > MAX_DIGITS {
        return Err(ParseRationalError {
            reason: "a number of at most 4096 digits",
        });
    }
    text.parse::<BigInt>().map_err(|_| ParseRationalError {
        reason: "a number: digits with an optional sign",
    })
}

impl FromStr for Rational {
    type Err = ParseRationalError;

    /// Parses `7`, `-7`, `3/4`, `-3/4` and decimals such as `0.25` or `-1.5`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if let Ok(n) = text.parse::<i64>() {
            return Ok(Rational::from(n));
        }
        if let Some((num, den)) = text.split_once('/') {
            let num = parse_integer(num)?;
            if den.starts_with(['-', '+']) {
                return Err(ParseRationalError {
                    reason: "a positive denominator",
                });
            }
            let den = parse_integer(den)?;
            if den.is_zero() {
                return Err(ParseRationalError {
                    reason: "a non-zero denominator",
                });
            }
            return Ok(Rational::from_big(BigRational::new(num, den)));
        }
        if let Some((int, frac)) = text.split_once('.') {
            let negative = int.starts_with('-');
            let int_digits = int.strip_prefix(['-', '+']).unwrap_or(int);
            if frac.is_empty() || !frac.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ParseRationalError {
                    reason: "digits after the decimal point",
                });
            }
            if !int_digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ParseRationalError {
                    reason: "a number: digits with an optional sign",
                });
            }
            let whole = if int_digits.is_empty() {
                BigInt::zero()
            } else {
                parse_integer(int_digits)?
            };
            let frac_value = parse_integer(frac)?;
            let scale = num_traits::pow(BigInt::from(10), frac.len());
            let mut value = BigRational::new(whole * &scale + frac_value, scale);
            if negative {
                value = -value;
            }
            return Ok(Rational::from_big(value));
        }
        Ok(Rational::from_big(BigRational::from_integer(
            parse_integer(text)?,
        )))
    }
}

impl Serialize for Rational {
    /// Every rational serialises as a string, `"p/q"` or, for an integer, `"3"`: one form for
    /// every value, and no precision lost in readers that take JSON numbers as floats.
    /// Deserialising also accepts JSON integers (the form of files written before).
    ///
    /// ```
    /// use kalmar_core::Rational;
    /// assert_eq!(serde_json::to_string(&Rational::new(-3, 4)).unwrap(), "\"-3/4\"");
    /// assert_eq!(serde_json::to_string(&Rational::from(3)).unwrap(), "\"3\"");
    /// let old: Rational = serde_json::from_str("3").unwrap();
    /// assert_eq!(old, Rational::from(3));
    /// ```
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Rational {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Rational;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an integer or a string such as \"3/4\"")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Rational, E> {
                Ok(Rational::from(v))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Rational, E> {
                Ok(Rational::from_big(BigRational::from_integer(v.into())))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Rational, E> {
                v.parse().map_err(E::custom)
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

impl Zero for Rational {
    fn zero() -> Self {
        Rational::ZERO
    }
    fn is_zero(&self) -> bool {
        Rational::is_zero(self)
    }
}

impl One for Rational {
    fn one() -> Self {
        Rational::ONE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn big(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    #[test]
    fn parses_all_forms() {
        assert_eq!("12".parse::<Rational>().unwrap(), Rational::from(12));
        assert_eq!("-6/4".parse::<Rational>().unwrap(), Rational::new(-3, 2));
        assert_eq!("0.125".parse::<Rational>().unwrap(), Rational::new(1, 8));
        assert_eq!("-2.5".parse::<Rational>().unwrap(), Rational::new(-5, 2));
        assert_eq!(".5".parse::<Rational>().unwrap(), Rational::new(1, 2));
        for bad in [
            "", "-", "1/0", "1/-2", "a", "1.", "1.2.3", "3/x", "--1", "--1.5", "+-1.5", "-+1.5",
            "1/+2", "--1/2",
        ] {
            assert!(bad.parse::<Rational>().is_err(), "{bad} parsed");
        }
    }

    #[test]
    fn big_numbers_stay_exact() {
        let huge: Rational = "123456789012345678901234567890/7".parse().unwrap();
        assert!(huge.to_small().is_none());
        let back = &(&huge * &Rational::from(7)) / &Rational::from(7);
        assert_eq!(back, huge);
        let one = &(&huge - &huge) + &Rational::ONE;
        assert_eq!(
            one.to_small(),
            Some((1, 1)),
            "results that fit become small again"
        );
        let max = Rational::from(i64::MAX);
        assert_eq!((&max + &max).to_string(), "18446744073709551614");
    }

    #[test]
    fn json_round_trip() {
        let xs = [
            Rational::from(-4),
            Rational::new(2, 3),
            "99999999999999999999".parse().unwrap(),
        ];
        let text = serde_json::to_string(&xs).unwrap();
        assert_eq!(text, r#"["-4","2/3","99999999999999999999"]"#);
        let back: Vec<Rational> = serde_json::from_str(&text).unwrap();
        assert_eq!(back, xs);
        // JSON integers, the form written before, still read.
        let old: Vec<Rational> =
            serde_json::from_str(r#"[-4,"2/3","99999999999999999999"]"#).unwrap();
        assert_eq!(old, xs);
    }

    proptest! {
        #[test]
        fn agrees_with_big_rational(a in any::<i64>(), b in 1..i64::MAX, c in any::<i64>(), d in 1..i64::MAX) {
            let (x, y) = (Rational::new(a, b), Rational::new(c, d));
            let (bx, by) = (big(a, b), big(c, d));
            prop_assert_eq!(x.cmp(&y), bx.cmp(&by));
            prop_assert_eq!((&x + &y).to_big(), &bx + &by);
            prop_assert_eq!((&x - &y).to_big(), &bx - &by);
            prop_assert_eq!((&x * &y).to_big(), &bx * &by);
            if c != 0 {
                prop_assert_eq!((&x / &y).to_big(), &bx / &by);
            }
            prop_assert_eq!(x.to_string().parse::<Rational>().unwrap(), x);
        }
    }
}
