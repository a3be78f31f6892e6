//! Axis ranges and tick labels: the range an axis shows for its values (padded on a linear
//! axis, by a factor on a logarithmic one) and short labels for tick values (powers of ten from
//! 10³ up and 10⁻³ down as 10³, 10⁻⁵, …).
//!
//! ```
//! use kalmar_plot::Scale;
//! use kalmar_plot::ticks::{label, range};
//! assert_eq!(label(1e6, Scale::Log), "10⁶");
//! assert_eq!(label(100.0, Scale::Log), "100");
//! assert_eq!(label(0.30000000000000004, Scale::Linear), "0.3");
//! let (low, high) = range(&[10.0, 1e5], Scale::Log).unwrap();
//! assert!((low - 10f64.powf(0.8)).abs() < 1e-9 && (high - 10f64.powf(5.2)).abs() < 1e-6);
//! assert_eq!(range(&[16.0, 511.0], Scale::Log), Some((10.0, 1000.0)));
//! ```

use crate::plot::{Axis, Scale};

/// The label of a tick at `value`.
pub fn label(value: f64, scale: Scale) -> String {
    if scale == Scale::Log && value > 0.0 {
        let exponent = value.log10().round();
        let power = 10f64.powf(exponent);
        if (value - power).abs() <= power * 1e-9 && exponent.abs() >= 3.0 {
            return format!("10{}", superscript(exponent as i64));
        }
    }
    short(value)
}

/// The label of a tick at `value` on `axis`: none between whole numbers on an axis of
/// integers.
pub fn label_on(value: f64, axis: &Axis) -> String {
    if axis.integer && value.fract().abs() > 1e-9 {
        return String::new();
    }
    label(value, axis.scale)
}

/// A number with at most 6 significant digits and no trailing zeros.
fn short(value: f64) -> String {
    if value == 0.0 || !value.is_finite() {
        return format!("{}", if value == 0.0 { 0.0 } else { value });
    }
    let digits = 6 - 1 - value.abs().log10().floor() as i32;
    let scale = 10f64.powi(digits.clamp(-300, 300));
    let rounded = (value * scale).round() / scale;
    format!("{rounded}")
}

/// An integer written in superscript digits.
fn superscript(n: i64) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let mut text: String = n
        .unsigned_abs()
        .to_string()
        .chars()
        .map(|c| DIGITS[c as usize - '0' as usize])
        .collect();
    if n < 0 {
        text.insert(0, '⁻');
    }
    text
}

/// The range an axis of this scale shows for these values (None when there are none it can
/// show): from the smallest to the largest, padded on each side by 3% of the span on a linear
/// axis, and on a logarithmic one by 5% of the span of the logarithms (at least a factor 1.2),
/// then out to a power of ten when one is within a factor 3, or when the range is less than two
/// decades.
pub fn range(values: &[f64], scale: Scale) -> Option<(f64, f64)> {
    let shown = values
        .iter()
        .copied()
        .filter(|v| v.is_finite() && (scale == Scale::Linear || *v > 0.0));
    let (low, high) = shown.fold(None, |acc: Option<(f64, f64)>, v| match acc {
        None => Some((v, v)),
        Some((low, high)) => Some((low.min(v), high.max(v))),
    })?;
    Some(match scale {
        Scale::Linear => {
            let pad = if high > low {
                (high - low) * 0.03
            } else {
                low.abs().max(1.0) * 0.5
            };
            (low - pad, high + pad)
        }
        Scale::Log => {
            let pad = ((high / low).log10() * 0.05).max(1.2f64.log10());
            let factor = 10f64.powf(pad);
            let (low, high) = (low / factor, high * factor);
            // A power of ten within a factor 3 is taken in, so that the axis has a label near
            // each end; a range of less than two decades is widened to whole decades.
            let below = 10f64.powf(low.log10().floor());
            let above = 10f64.powf(high.log10().ceil());
            let short = high / low < 100.0;
            (
                if short || below * 3.0 >= low {
                    below
                } else {
                    low
                },
                if short || above <= high * 3.0 {
                    above
                } else {
                    high
                },
            )
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels() {
        assert_eq!(label(1e-5, Scale::Log), "10⁻⁵");
        assert_eq!(label(0.001, Scale::Log), "10⁻³");
        assert_eq!(label(0.01, Scale::Log), "0.01");
        assert_eq!(label(1000.0, Scale::Log), "10³");
        assert_eq!(label(100.0, Scale::Log), "100");
        assert_eq!(label(2000.0, Scale::Log), "2000");
        assert_eq!(label(0.0, Scale::Linear), "0");
        assert_eq!(label(2.5, Scale::Linear), "2.5");
        assert_eq!(label(-40.0, Scale::Linear), "-40");
        assert_eq!(label(1e6, Scale::Linear), "1000000");
    }

    #[test]
    fn ranges() {
        assert_eq!(range(&[], Scale::Linear), None);
        assert_eq!(range(&[-1.0, 0.0], Scale::Log), None);
        assert_eq!(range(&[0.0, 100.0], Scale::Linear), Some((-3.0, 103.0)));
        assert_eq!(range(&[5.0], Scale::Linear), Some((2.5, 7.5)));
        assert_eq!(range(&[10.0, 10.0], Scale::Log), Some((1.0, 100.0)));
        assert_eq!(
            range(&[4096.0, 16384.0], Scale::Log),
            Some((1000.0, 100000.0))
        );
        // Zero cannot be shown on a logarithmic axis; 0.01 is within a factor 3 of 0.02.
        let (low, _) = range(&[0.02, 0.0, 7.0], Scale::Log).unwrap();
        assert!((low - 0.01).abs() < 1e-12);
    }
}
