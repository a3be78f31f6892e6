//! Axis ranges and tick labels: the range an axis shows for its values (padded on a linear
//! axis, widened to whole powers of ten on a logarithmic one) and short labels for tick values
//! (powers of ten beyond 10³ as 10⁴, 10⁻⁵, …).
//!
//! ```
//! use kalmar_plot::Scale;
//! use kalmar_plot::ticks::{label, range};
//! assert_eq!(label(1e6, Scale::Log), "10⁶");
//! assert_eq!(label(100.0, Scale::Log), "100");
//! assert_eq!(label(0.30000000000000004, Scale::Linear), "0.3");
//! assert_eq!(range(&[3.0, 2500.0], Scale::Log), Some((1.0, 10000.0)));
//! ```

use crate::plot::{Axis, Scale};

/// The label of a tick at `value`.
pub fn label(value: f64, scale: Scale) -> String {
    if scale == Scale::Log && value > 0.0 {
        let exponent = value.log10().round();
        let power = 10f64.powf(exponent);
        if (value - power).abs() <= power * 1e-9 && exponent.abs() > 3.0 {
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
/// show): on a linear axis from the smallest to the largest, padded by 3% on each side; on a
/// logarithmic axis from the power of ten at or below the smallest positive value to the one
/// at or above the largest.
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
            // The tolerance keeps an exact power of ten (whose logarithm may be off by an ulp) as it is.
            let low = 10f64.powf((low.log10() + 1e-9).floor());
            let mut high = 10f64.powf((high.log10() - 1e-9).ceil());
            if high <= low {
                high = low * 10.0;
            }
            (low, high)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels() {
        assert_eq!(label(1e-5, Scale::Log), "10⁻⁵");
        assert_eq!(label(0.001, Scale::Log), "0.001");
        assert_eq!(label(1000.0, Scale::Log), "1000");
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
        assert_eq!(range(&[10.0, 10.0], Scale::Log), Some((10.0, 100.0)));
        assert_eq!(range(&[0.02, 0.0, 7.0], Scale::Log), Some((0.01, 10.0)));
    }
}
