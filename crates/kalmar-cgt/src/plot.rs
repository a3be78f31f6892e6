//! Plots of nim-sequences that show their period: G(n) against n, the pre-period shaded, a
//! dashed line at each period start from n₀ on, the period (or that none is proven) under the
//! title, and for arithmetic-periodic games the saltus line, of slope s / p through the middle
//! of the values.
//!
//! A plot of up to [`JOINED_UP_TO`] values joins its points; a longer one shows points only,
//! smaller, so that the values stay readable; beyond 20,000 values only the distinct values of
//! each of 4,000 columns of heaps are kept, so that the plot of a million values stays small.
//! At most [`MOST_MARKERS`] period starts are drawn (every k-th period beyond that).
//!
//! ```
//! use kalmar_cgt::octal::Rules;
//! use kalmar_cgt::octal::analysis::{ValuesOptions, analyse};
//! use kalmar_cgt::plot::values_plot;
//! let kayles = Rules::parse("0.77").unwrap();
//! let report = analyse(&kayles, &ValuesOptions::new(200), &mut |_| {}).unwrap();
//! let plot = values_plot(&report, "Kayles");
//! assert_eq!(plot.subtitle, "period 12 from n₀ = 71 (proven by the Guy–Smith theorem)");
//! assert_eq!(plot.shades[0].to, 70.5);
//! // Period starts 71, 83, …, 191, each marked half a heap before it.
//! assert_eq!(plot.markers.len(), 11);
//! assert_eq!((plot.markers[1].x, plot.markers[1].label.as_str()), (82.5, "83"));
//! assert!(plot.to_svg().unwrap().contains("Kayles"));
//! ```
//!
//! # Complexity
//! Linear in the number of values.

use crate::all_but::AllButAnswer;
use crate::octal::Period;
use crate::octal::analysis::{MAX_LISTED_VALUES, ValuesReport};
use crate::octal::period::{ArithmeticPeriod, observed_arithmetic};
use kalmar_plot::{Plot, Scale, Series, Shape};

/// The most values whose points are joined by lines.
pub const JOINED_UP_TO: usize = 300;
/// The most period starts marked.
pub const MOST_MARKERS: usize = 16;
/// Beyond this many values, only the distinct values of each of [`COLUMNS`] columns are kept.
const THINNED_FROM: usize = 20_000;
const COLUMNS: usize = 4_000;

/// What is known of a nim-sequence's period, as the plot shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Periodicity {
    /// A period proven by the Guy–Smith periodicity theorem.
    Proven(Period),
    /// An arithmetic period G(n + p) = G(n) + s: proven (all-but games) or only seen.
    Arithmetic {
        /// p, s and n₀.
        period: ArithmeticPeriod,
        /// Whether it is proven.
        proven: bool,
    },
    /// No period proven from the values.
    Unknown,
}

/// The plot of a heap game's values job: the period proven, or else an arithmetic period seen
/// in the values, or none.
pub fn values_plot(report: &ValuesReport, title: &str) -> Plot {
    let periodicity = match report.proven {
        Some(period) => Periodicity::Proven(period),
        None => {
            let seen = match &report.periods {
                Some(periods) => periods.arithmetic_period_observed,
                None => observed_arithmetic(report.values.stored()),
            };
            match seen {
                Some(period) => Periodicity::Arithmetic {
                    period,
                    proven: false,
                },
                None => Periodicity::Unknown,
            }
        }
    };
    // At most as many points as may be listed; a larger plot is refused before the values.
    let values: Vec<u32> = report.values.iter().take(MAX_LISTED_VALUES).collect();
    sequence_plot(title, &values, &periodicity)
}

/// The plot of an all-but subtraction game's values and their proven arithmetic period.
pub fn all_but_plot(answer: &AllButAnswer) -> Plot {
    let excluded: Vec<String> = answer.excluded.iter().map(usize::to_string).collect();
    let title = format!(
        "the all-but subtraction game excluding {{{}}}",
        excluded.join(", ")
    );
    let periodicity = match answer.arithmetic_period {
        Some(period) => Periodicity::Arithmetic {
            period,
            proven: true,
        },
        None => Periodicity::Unknown,
    };
    sequence_plot(&title, &answer.values, &periodicity)
}

/// G(n) against n for the values G(0..len), with what is known of the period.
pub fn sequence_plot(title: &str, values: &[u32], periodicity: &Periodicity) -> Plot {
    let up_to = values.len().saturating_sub(1);
    let mut series = Series::new("G(n)", points(values));
    series = if values.len() <= JOINED_UP_TO {
        series.line_width(1).markers(Shape::Circle, 3)
    } else {
        series
            .no_line()
            .markers(Shape::Circle, if up_to < 5_000 { 2 } else { 1 })
    };
    let mut plot = Plot::new(format!("{title}: G(n) for n = 0..{up_to}"))
        .x_axis("n (heap size)", Scale::Linear)
        .y_axis("G(n)", Scale::Linear)
        .y_integers()
        .size(1000, 520);
    // The saltus line goes under the values.
    if let Periodicity::Arithmetic { period, .. } = *periodicity {
        plot = plot.series(saltus_line(values, &period).colour(3));
    }
    plot = plot.series(series.colour(0));
    // Heap n0 starts the period; its marker is drawn half a heap before it.
    let (n0, p, proven) = match *periodicity {
        Periodicity::Proven(period) => (period.preperiod, period.period, true),
        Periodicity::Arithmetic { period, proven } => (period.preperiod, period.period, proven),
        Periodicity::Unknown => {
            return plot.subtitle(format!("no period proven within n ≤ {up_to}"));
        }
    };
    plot.subtitle = match *periodicity {
        Periodicity::Arithmetic { period, proven } => format!(
            "arithmetic period {p} from n₀ = {n0}, saltus {}: G(n + {p}) = G(n) + {} ({})",
            period.saltus,
            period.saltus,
            if proven { "proven" } else { "seen, not proven" }
        ),
        _ => format!("period {p} from n₀ = {n0} (proven by the Guy–Smith theorem)"),
    };
    if !proven {
        return plot;
    }
    if n0 > 0 {
        plot = plot.shade(-0.5, n0 as f64 - 0.5, format!("pre-period 0..{}", n0 - 1));
    }
    let starts = (up_to.saturating_sub(n0)) / p + 1;
    let step = starts.div_ceil(MOST_MARKERS).max(1);
    for start in (n0..=up_to).step_by(p * step) {
        plot = plot.marker(start as f64 - 0.5, start.to_string());
    }
    plot
}

/// The points (n, G(n)); beyond [`THINNED_FROM`] values, the distinct values of each column of
/// heaps, at the column's first heap.
fn points(values: &[u32]) -> Vec<(f64, f64)> {
    if values.len() <= THINNED_FROM {
        return values
            .iter()
            .enumerate()
            .map(|(n, &v)| (n as f64, v as f64))
            .collect();
    }
    let width = values.len().div_ceil(COLUMNS);
    let mut points = Vec::new();
    for (column, chunk) in values.chunks(width).enumerate() {
        let mut distinct = chunk.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        let n = (column * width) as f64;
        points.extend(distinct.into_iter().map(|v| (n, v as f64)));
    }
    points
}

/// The line of slope s / p through the mean of G(n) − n·s/p over the values from n₀ on.
fn saltus_line(values: &[u32], period: &ArithmeticPeriod) -> Series {
    let slope = period.saltus as f64 / period.period as f64;
    let tail = &values[period.preperiod.min(values.len())..];
    let offset = tail
        .iter()
        .enumerate()
        .map(|(i, &v)| v as f64 - (period.preperiod + i) as f64 * slope)
        .sum::<f64>()
        / tail.len().max(1) as f64;
    let ends = [
        period.preperiod as f64,
        values.len().saturating_sub(1) as f64,
    ];
    let (p, s) = (period.period, period.saltus as usize);
    let gcd = (1..=p.min(s)).rev().find(|d| p % d == 0 && s % d == 0);
    let d = gcd.unwrap_or(1);
    let name = format!("G(n + {p}) = G(n) + {s}: slope {}/{}", s / d, p / d);
    Series::new(name, ends.map(|n| (n, offset + n * slope)).to_vec())
        .line_width(2)
        .no_markers()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::all_but;

    #[test]
    fn all_but_games_have_a_saltus_line() {
        let answer = all_but::analyse(&[1], 40).unwrap();
        let plot = all_but_plot(&answer);
        assert_eq!(plot.series.len(), 2);
        // G(n) = n div 2: the line has slope 1/2.
        let line = &plot.series[0].points;
        assert_eq!(plot.series[0].name, "G(n + 2) = G(n) + 1: slope 1/2");
        let slope = (line[1].1 - line[0].1) / (line[1].0 - line[0].0);
        assert!((slope - 0.5).abs() < 1e-12);
        assert!(plot.subtitle.contains("(proven)"));
        // 21 period starts 0, 2, …, 40: every second one is marked.
        assert_eq!(plot.markers.len(), 11);
        assert_eq!(plot.markers[1].label, "4");
    }

    #[test]
    fn long_sequences_are_thinned_and_markers_limited() {
        let values: Vec<u32> = (0..100_000).map(|n| (n % 3) as u32).collect();
        let period = Period {
            preperiod: 0,
            period: 3,
            last_exception: None,
            proof_needs: 10,
        };
        let plot = sequence_plot("x", &values, &Periodicity::Proven(period));
        assert_eq!(plot.series[0].points.len(), 3 * COLUMNS);
        assert!(plot.markers.len() <= MOST_MARKERS);
        assert!(plot.shades.is_empty());
        assert_eq!(plot.series[0].line, None);
    }

    #[test]
    fn unknown_periods_are_said() {
        let plot = sequence_plot("x", &[0, 1, 0, 2], &Periodicity::Unknown);
        assert_eq!(plot.subtitle, "no period proven within n ≤ 3");
        assert!(plot.markers.is_empty() && plot.shades.is_empty());
    }
}
