//! An independent check of computed values: the certificate of [`super::compute`].
//!
//! Each G(n) is checked against the definition, move by move as the rules list them (not as a
//! solver walks them): no option of heap n has the value G(n), and every smaller value is the
//! value of some option. A claimed period is checked on the window the periodicity theorem asks
//! for; the theorem (see [`super::period`]) then covers every larger heap.
//!
//! # Complexity
//! O(m² · splitting digits) for the m values checked.
//!
//! ```
//! use kalmar_cgt::octal::{Rules, verify::verify_values};
//! let kayles = Rules::parse("0.77").unwrap();
//! assert!(verify_values(&kayles, &[0, 1, 2, 3]).is_ok());
//! assert!(verify_values(&kayles, &[0, 1, 2, 2]).is_err());
//! ```

use super::period::{Period, proof_needs};
use super::{Computed, ONE_HEAP, Rules, TWO_HEAPS, WHOLE};
use crate::mex::ValueSet;

/// What is wrong with a set of values.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// A heap has an option with its own value.
    #[error("G({heap}) = {value}, but heap {heap} has a move to a position of value {value}")]
    OptionWithSameValue {
        /// The heap.
        heap: usize,
        /// Its claimed value.
        value: u32,
    },
    /// A value below the claimed one is not reachable.
    #[error("G({heap}) = {value}, but no move from heap {heap} reaches value {missing}")]
    MissingValue {
        /// The heap.
        heap: usize,
        /// Its claimed value.
        value: u32,
        /// The smaller value that no option has.
        missing: u32,
    },
    /// The claimed period does not hold on the values, or they are too few to prove it.
    #[error("the claimed period {period} from heap {preperiod} is not proven by these values")]
    Period {
        /// The claimed period.
        period: usize,
        /// The claimed pre-period.
        preperiod: usize,
    },
}

/// Checks `values` (G(0), G(1), …) against the rules by the definition.
pub fn verify_values(rules: &Rules, values: &[u32]) -> Result<(), VerifyError> {
    let mut options = ValueSet::new();
    for (n, &value) in values.iter().enumerate() {
        options.clear();
        for k in 0..=rules.max_removed().min(n) {
            let d = rules.digit(k);
            if k > 0 && d & WHOLE != 0 && n == k {
                options.insert(0);
            }
            if k > 0 && d & ONE_HEAP != 0 && n > k {
                options.insert(values[n - k]);
            }
            if d & TWO_HEAPS != 0 {
                // Parts a and b with a + b = n − k, both non-empty, a < b in Grundy's game.
                for a in 1..n - k {
                    let b = n - k - a;
                    if a <= b && !(rules.unequal_splits() && a == b) {
                        options.insert(values[a] ^ values[b]);
                    }
                }
            }
        }
        if options.contains(value) {
            return Err(VerifyError::OptionWithSameValue { heap: n, value });
        }
        if let Some(missing) = (0..value).find(|&v| !options.contains(v)) {
            return Err(VerifyError::MissingValue {
                heap: n,
                value,
                missing,
            });
        }
    }
    Ok(())
}

/// Checks a computation: the values it computed by the definition, and the values it filled in
/// from a period by the periodicity theorem's window and the period itself.
pub fn verify(rules: &Rules, computed: &Computed) -> Result<(), VerifyError> {
    let values = computed.values.stored();
    verify_values(rules, &values[..computed.computed.min(values.len())])?;
    let Some(Period {
        preperiod, period, ..
    }) = computed.period
    else {
        return Ok(());
    };
    let bad = VerifyError::Period { period, preperiod };
    let needs = proof_needs(rules, preperiod, period);
    if rules.unequal_splits() || period == 0 || needs > computed.computed {
        return Err(bad);
    }
    let repeats = (preperiod..values.len() - period.min(values.len()))
        .all(|n| values[n] == values[n + period]);
    if repeats { Ok(()) } else { Err(bad) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal;

    #[test]
    fn computed_values_pass_and_altered_ones_fail() {
        for code in ["0.77", "0.6", "4.7", "0.137"] {
            let rules = Rules::parse(code).unwrap();
            let sparse = octal::SOLVERS.get("sparse").unwrap();
            let computed = octal::compute(&rules, sparse, 3000, true, &mut |_| {});
            assert_eq!(verify(&rules, &computed), Ok(()), "{code}");
        }
        let rules = Rules::parse("0.77").unwrap();
        // Kayles: G(4) = 1; claiming 2 (an option of heap 4 has value 2) or 0 fails.
        let mut values = vec![0, 1, 2, 3, 2];
        assert_eq!(
            verify_values(&rules, &values),
            Err(VerifyError::OptionWithSameValue { heap: 4, value: 2 })
        );
        values[4] = 4;
        assert_eq!(
            verify_values(&rules, &values),
            Err(VerifyError::MissingValue {
                heap: 4,
                value: 4,
                missing: 1
            })
        );
    }

    #[test]
    fn unproven_periods_fail() {
        let rules = Rules::parse("0.77").unwrap();
        let naive = octal::SOLVERS.get("naive").unwrap();
        let mut computed = octal::compute(&rules, naive, 100, false, &mut |_| {});
        // 100 values are too few to prove Kayles' period 12 from 71.
        computed.period = Some(Period {
            preperiod: 71,
            period: 12,
            last_exception: Some(70),
            proof_needs: 168,
        });
        assert!(verify(&rules, &computed).is_err());
        // Grundy's game has no proven periods at all.
        let grundy = octal::compute(&Rules::grundy(), naive, 50, true, &mut |_| {});
        assert_eq!(verify(&Rules::grundy(), &grundy), Ok(()));
    }
}
