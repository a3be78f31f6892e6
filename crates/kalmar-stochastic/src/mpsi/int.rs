//! The integers strategy improvement computes with: `i128` when a bound on the magnitudes it can
//! form fits (the fast path), else [`Big`], arbitrary-precision integers extended with the two
//! infinities. The algorithm is written once, generic over [`Int`].

use num_bigint::BigInt;
use num_traits::ToPrimitive;
use std::fmt::Debug;

/// The arithmetic strategy improvement needs: a totally ordered ring with a largest element
/// `INF` ("no path to a retreat") and a smallest `NEG_INF` (a move out of play). The
/// algorithm never adds to or multiplies an infinity.
pub(super) trait Int: Clone + Ord + Debug {
    const INF: Self;
    const NEG_INF: Self;
    /// A finite integer given as a big one; for `i128` the caller has checked that it fits.
    fn from_big(x: &BigInt) -> Self;
    /// The finite integer as a big one.
    fn to_big(&self) -> BigInt;
    fn plus(&self, other: &Self) -> Self;
    fn minus(&self, other: &Self) -> Self;
    fn times(&self, other: &Self) -> Self;
}

impl Int for i128 {
    const INF: Self = i128::MAX;
    const NEG_INF: Self = i128::MIN;

    fn from_big(x: &BigInt) -> Self {
        x.to_i128()
            .expect("the caller checked the magnitudes fit in 128 bits")
    }

    fn to_big(&self) -> BigInt {
        BigInt::from(*self)
    }

    #[inline]
    fn plus(&self, other: &Self) -> Self {
        self + other
    }

    #[inline]
    fn minus(&self, other: &Self) -> Self {
        self - other
    }

    #[inline]
    fn times(&self, other: &Self) -> Self {
        self * other
    }
}

/// An arbitrary-precision integer or an infinity; the derived order puts `NegInf` below every
/// finite value and `Inf` above.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Big {
    NegInf,
    Finite(BigInt),
    Inf,
}

impl Big {
    /// Both operands, which must be finite.
    fn finite<'a>(&'a self, other: &'a Self) -> (&'a BigInt, &'a BigInt) {
        match (self, other) {
            (Big::Finite(x), Big::Finite(y)) => (x, y),
            _ => unreachable!("strategy improvement computes with finite integers only"),
        }
    }
}

impl Int for Big {
    const INF: Self = Big::Inf;
    const NEG_INF: Self = Big::NegInf;

    fn from_big(x: &BigInt) -> Self {
        Big::Finite(x.clone())
    }

    fn to_big(&self) -> BigInt {
        match self {
            Big::Finite(x) => x.clone(),
            _ => unreachable!("strategy improvement computes with finite integers only"),
        }
    }

    fn plus(&self, other: &Self) -> Self {
        let (x, y) = self.finite(other);
        Big::Finite(x + y)
    }

    fn minus(&self, other: &Self) -> Self {
        let (x, y) = self.finite(other);
        Big::Finite(x - y)
    }

    fn times(&self, other: &Self) -> Self {
        let (x, y) = self.finite(other);
        Big::Finite(x * y)
    }
}
