//! kalmar-plot: the plots kalmar draws, described as data and written as SVG.
//!
//! A [`Plot`] has a title (and an optional subtitle), two axes, each linear or logarithmic
//! ([`Scale`]), any number of named [`Series`] of points (joined by lines, drawn as markers of
//! a [`Shape`], optionally with error bars), vertical [`Marker`]s with labels and shaded x
//! ranges ([`Shade`]). [`Plot::to_svg`] draws it into a string, [`Plot::write_svg`] into a file.
//! This is the one crate that depends on the plotting library (plotters, SVG backend only).
//!
//! ```
//! use kalmar_plot::{Plot, Scale, Series};
//! let squares: Vec<(f64, f64)> = (1..=100).map(|n| (n as f64, (n * n) as f64)).collect();
//! let plot = Plot::new("n² on log-log axes")
//!     .x_axis("n", Scale::Log)
//!     .y_axis("n²", Scale::Log)
//!     .series(Series::new("n²", squares).no_markers())
//!     .marker(10.0, "n = 10")
//!     .shade(1.0, 5.0, "small");
//! let svg = plot.to_svg().unwrap();
//! assert!(svg.starts_with("<svg"));
//! assert!(svg.contains("n = 10") && svg.contains("small"));
//! ```
//!
//! Points that cannot be drawn (not finite, or not positive on a logarithmic axis) are left
//! out; a plot with no point left is refused ([`PlotError::Empty`]). Many points of a series
//! drawn without lines are thinned to one per pixel, so that a plot of 10⁶ points stays a small
//! file.
//!
//! # Complexity
//! Linear in the number of points, markers and shades.
#![deny(missing_docs)]

mod draw;
pub mod plot;
pub mod ticks;

pub use plot::{Axis, Marker, Plot, PlotError, Scale, Series, Shade, Shape};
