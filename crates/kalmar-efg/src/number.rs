//! Numbers as Gambit files write them: an exact rational value together with the text it was
//! written as (`1/2`, `0.5`, `5e-1`), so a file is written back byte for byte.
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_efg::Num;
//! let half = Num::parse("5e-1").unwrap();
//! assert_eq!(half.value, Rational::new(1, 2));
//! assert_eq!(half.text, "5e-1");
//! assert!(Num::parse("1/0").is_none() && Num::parse("x").is_none());
//! ```

use kalmar_core::Rational;
use num_bigint::BigInt;
use std::fmt;

/// The largest decimal exponent accepted (`1e400` is refused rather than expanded).
pub const MAX_EXPONENT: u32 = 400;

/// An exact number with the text it was written as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Num {
    /// The exact value.
    pub value: Rational,
    /// The text, as read (or the value's canonical text for numbers made by programs).
    pub text: String,
}

impl Num {
    /// A number written in kalmar's canonical form (`3`, `-1/2`).
    pub fn new(value: Rational) -> Num {
        Num {
            text: value.to_string(),
            value,
        }
    }

    /// Parses an integer, a fraction `p/q`, or a decimal with an optional exponent (`-1.5e-3`),
    /// exactly. Returns `None` for anything else.
    pub fn parse(text: &str) -> Option<Num> {
        let value = parse_exact(text)?;
        Some(Num {
            value,
            text: text.to_string(),
        })
    }
}

impl From<i64> for Num {
    fn from(n: i64) -> Num {
        Num::new(Rational::from(n))
    }
}

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

fn parse_exact(text: &str) -> Option<Rational> {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], Some(&text[i + 1..])),
        None => (text, None),
    };
    if mantissa.is_empty() || mantissa.ends_with('.') || mantissa.starts_with('+') {
        return None;
    }
    let value: Rational = mantissa.parse().ok()?;
    let Some(exponent) = exponent else {
        return Some(value);
    };
    if mantissa.contains('/') {
        return None;
    }
    let digits = exponent.strip_prefix(['+', '-']).unwrap_or(exponent);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 6 {
        return None;
    }
    let e: u32 = digits.parse().ok()?;
    if e > MAX_EXPONENT {
        return None;
    }
    let power = Rational::from_big(num_rational::BigRational::from_integer(
        BigInt::from(10).pow(e),
    ));
    Some(if exponent.starts_with('-') {
        value / power
    } else {
        value * power
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_fractions_and_exponents_are_exact() {
        assert_eq!(Num::parse("0.5").unwrap().value, Rational::new(1, 2));
        assert_eq!(Num::parse("1/3").unwrap().value, Rational::new(1, 3));
        assert_eq!(Num::parse("-2.5e-1").unwrap().value, Rational::new(-1, 4));
        assert_eq!(Num::parse("3E2").unwrap().value, Rational::from(300));
        assert_eq!(
            Num::parse("0.333333").unwrap().value,
            Rational::new(333333, 1000000)
        );
        assert_eq!(Num::parse("0.500000").unwrap().text, "0.500000");
        for bad in ["", "1e", "1e999999", "1/2e3", "abc", "1.", "+1", "1e1000"] {
            assert!(Num::parse(bad).is_none(), "{bad}");
        }
    }
}
