//! Periods of heap games, proven from finitely many values.
//!
//! **The periodicity theorem** (Guy and Smith, 1956; *Winning Ways*, ch. 4). Let an octal game
//! remove at most t counters per move. If G(n + p) = G(n) for all n with
//! n₀ ≤ n < 2·max(n₀, 1) + p + t, then G(n + p) = G(n) for all n ≥ n₀.
//!
//! Sketch, by induction on n ≥ 2·max(n₀, 1) + p + t: a split of n + p − k (k ≤ t) into a ≤ b
//! has b ≥ max(n₀, 1) + p, so b − p is a non-empty heap with G(b − p) = G(b), and a split of
//! n − k has its larger part at least n₀, which may grow by p; moves that leave one heap
//! correspond likewise, and n > t means no move takes a whole heap. The options of n and n + p
//! have the same values, so their mex agree. (The max with 1 keeps a part from shrinking to an
//! empty heap when n₀ = 0; it asks for at most one more value than the classical statement.)
//!
//! Without splits, G(n) depends on G(n − 1), …, G(n − t) only, and the same induction needs the
//! equality only for n₀ ≤ n < max(n₀ + t, t + 1).
//!
//! Grundy's game only allows unequal splits, which breaks the correspondence, so no period is
//! claimed for it here. [`find`] reports only proven periods. [`observed_arithmetic`] reports
//! an arithmetic period G(n + p) = G(n) + s seen in the data, **without** proof.
//!
//! # Complexity
//! O(n + Σ_p run(p)) for n values, where run(p) is how far a candidate period p agrees from the
//! end backwards (usually a few values for a wrong p).
//!
//! ```
//! use kalmar_cgt::octal::{Rules, SOLVERS, compute, period};
//! let kayles = Rules::parse("0.77").unwrap();
//! let values = compute(&kayles, SOLVERS.get("sparse").unwrap(), 200, false, &mut |_| {}).values;
//! let values = values.stored();
//! let p = period::find(&kayles, values).unwrap();
//! assert_eq!((p.preperiod, p.period), (71, 12));
//! ```

use super::Rules;
use serde::Serialize;

/// A proven period: G(n + period) = G(n) for every n ≥ `preperiod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Period {
    /// n₀: the least heap from which the values repeat.
    pub preperiod: usize,
    /// p: the least period proven.
    pub period: usize,
    /// The last heap n with G(n) ≠ G(n + p) (n₀ − 1), if n₀ > 0.
    pub last_exception: Option<usize>,
    /// The values G(0..proof_needs) used by the proof.
    pub proof_needs: usize,
}

/// An arithmetic period: G(n + period) = G(n) + saltus for n ≥ preperiod. Proven where the
/// function that returns it says so ([`crate::all_but::AllBut::arithmetic_period`]); only seen
/// in the data, for preperiod ≤ n < values − period, when it comes from
/// [`observed_arithmetic`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ArithmeticPeriod {
    /// From which heap the relation holds in the data.
    pub preperiod: usize,
    /// p.
    pub period: usize,
    /// s > 0.
    pub saltus: u32,
}

/// How many values G(0..m) the periodicity theorem needs to prove period `p` from `n0`.
pub fn proof_needs(rules: &Rules, n0: usize, p: usize) -> usize {
    let t = rules.max_removed();
    let checked_below = if rules.splits() {
        2 * n0.max(1) + p + t
    } else {
        (n0 + t).max(t + 1)
    };
    checked_below + p
}

/// The least period proven by the values G(0..values.len()), with its least pre-period; `None`
/// if none is (or for Grundy's game, where the theorem does not apply).
pub fn find(rules: &Rules, values: &[u32]) -> Option<Period> {
    if rules.unequal_splits() {
        return None;
    }
    let len = values.len();
    for p in 1..=len / 2 {
        let n0 = agreement_start(values, p, |a, b| a == b);
        let needs = proof_needs(rules, n0, p);
        if needs <= len {
            return Some(Period {
                preperiod: n0,
                period: p,
                last_exception: n0.checked_sub(1),
                proof_needs: needs,
            });
        }
    }
    None
}

/// The least n₀ such that `related(values[n], values[n + p])` for all n₀ ≤ n < len − p.
pub(crate) fn agreement_start(
    values: &[u32],
    p: usize,
    related: impl Fn(u32, u32) -> bool,
) -> usize {
    let mut n0 = values.len() - p;
    while n0 > 0 && related(values[n0 - 1], values[n0 - 1 + p]) {
        n0 -= 1;
    }
    n0
}

/// The least p (with s > 0) such that G(n + p) = G(n) + s holds over at least the last half of
/// the values and for at least three periods: an arithmetic period *seen*, not proven.
pub fn observed_arithmetic(values: &[u32]) -> Option<ArithmeticPeriod> {
    let len = values.len();
    for p in 1..=len / 4 {
        let Some(saltus) = values[len - 1].checked_sub(values[len - 1 - p]) else {
            continue;
        };
        if saltus == 0 {
            continue;
        }
        let n0 = agreement_start(values, p, |a, b| a.checked_add(saltus) == Some(b));
        if n0 <= len / 2 && len - p - n0 >= 3 * p {
            return Some(ArithmeticPeriod {
                preperiod: n0,
                period: p,
                saltus,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bound_of_the_theorem() {
        let kayles = Rules::parse("0.77").unwrap();
        assert_eq!(proof_needs(&kayles, 71, 12), 2 * 71 + 12 + 2 + 12);
        let subtraction = Rules::subtraction(&[1, 3, 4]).unwrap();
        assert_eq!(proof_needs(&subtraction, 0, 7), 5 + 7);
        assert_eq!(proof_needs(&subtraction, 3, 7), 7 + 7);
    }

    #[test]
    fn too_few_values_prove_nothing() {
        // Nim (0.333...): G(n) = n is not periodic.
        let nim_like = Rules::subtraction(&[1, 2, 3, 4, 5, 6, 7, 8]).unwrap();
        let values: Vec<u32> = (0..8).collect();
        assert_eq!(find(&nim_like, &values), None);
    }

    #[test]
    fn arithmetic_periods_are_seen() {
        let values: Vec<u32> = (0..40)
            .map(|n| 3 * (n / 4) + [0, 1, 0, 2][n as usize % 4])
            .collect();
        let seen = observed_arithmetic(&values).unwrap();
        assert_eq!((seen.period, seen.saltus, seen.preperiod), (4, 3, 0));
    }
}
