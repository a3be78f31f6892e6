//! Drawing a [`Plot`] with plotters' SVG backend: the title, the mesh with tick labels, the
//! shades, the markers, the series (lines, error bars, markers thinned to one per pixel) and a
//! legend to the right of the plotting area, where it cannot hide a point.

use crate::plot::{Axis, Plot, PlotError, Scale, Series, Shape};
use crate::ticks;
use plotters::coord::Shift;
use plotters::coord::combinators::LogCoord;
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::collections::HashSet;

/// The series colours (Tableau 10), in the order series take them.
const PALETTE: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
];
/// The fill of shaded ranges.
const SHADE: RGBColor = RGBColor(255, 221, 170);
/// The colour of vertical markers and their labels.
const MARKER: RGBColor = RGBColor(90, 90, 90);
/// Pixels per character of a 13-point label, as a viewer draws it (an estimate).
const CHAR_WIDTH: i32 = 7;
const FONT: &str = "sans-serif";

/// A series with the points that can be drawn, and its colour.
struct Drawn<'a> {
    series: &'a Series,
    colour: RGBColor,
    /// (x, y, error) of each drawable point.
    points: Vec<(f64, f64, f64)>,
}

fn draw_error(error: impl std::fmt::Display) -> PlotError {
    PlotError::Draw(error.to_string())
}

/// Whether a value can be drawn on an axis of this scale.
fn drawable(value: f64, scale: Scale) -> bool {
    value.is_finite() && (scale == Scale::Linear || value > 0.0)
}

/// The range of one axis: the fixed one (checked) or one around the values.
fn axis_range(
    name: &'static str,
    fixed: Option<(f64, f64)>,
    values: &[f64],
    scale: Scale,
) -> Result<(f64, f64), PlotError> {
    match fixed {
        Some((from, to)) => {
            if from < to && drawable(from, scale) && drawable(to, scale) {
                Ok((from, to))
            } else {
                Err(PlotError::Range {
                    axis: name,
                    from,
                    to,
                })
            }
        }
        None => ticks::range(values, scale).ok_or(PlotError::Empty),
    }
}

/// The plot as an SVG document.
pub(crate) fn render(plot: &Plot) -> Result<String, PlotError> {
    let drawn: Vec<Drawn<'_>> = plot
        .series
        .iter()
        .enumerate()
        .map(|(i, series)| Drawn {
            series,
            colour: PALETTE[series.colour.unwrap_or(i) % PALETTE.len()],
            points: series
                .points
                .iter()
                .enumerate()
                .map(|(j, &(x, y))| (x, y, series.errors.get(j).copied().unwrap_or(0.0)))
                .filter(|&(x, y, e)| {
                    drawable(x, plot.x.scale) && drawable(y, plot.y.scale) && e.is_finite()
                })
                .collect(),
        })
        .collect();
    if drawn.iter().all(|d| d.points.is_empty()) {
        return Err(PlotError::Empty);
    }
    let mut xs: Vec<f64> = drawn
        .iter()
        .flat_map(|d| d.points.iter().map(|p| p.0))
        .collect();
    xs.extend(plot.markers.iter().map(|m| m.x));
    xs.extend(plot.shades.iter().flat_map(|s| [s.from, s.to]));
    let ys: Vec<f64> = drawn
        .iter()
        .flat_map(|d| d.points.iter().flat_map(|&(_, y, e)| [y - e, y, y + e]))
        .collect();
    let x = axis_range("x", plot.x.range, &xs, plot.x.scale)?;
    let y = axis_range("y", plot.y.range, &ys, plot.y.scale)?;

    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, plot.size).into_drawing_area();
        root.fill(&WHITE).map_err(draw_error)?;
        let header = if plot.subtitle.is_empty() { 40 } else { 64 };
        let (_, body) = root.split_vertically(header);
        title(&root, plot)?;
        let legend = legend_width(plot, &drawn);
        let (area, _) = body.split_horizontally(plot.size.0.saturating_sub(legend));
        let (from_x, to_x) = x;
        let (from_y, to_y) = y;
        let chart_x = match plot.x.scale {
            Scale::Linear => Coord::Linear(from_x..to_x),
            Scale::Log => Coord::Log((from_x..to_x).log_scale().into()),
        };
        let chart_y = match plot.y.scale {
            Scale::Linear => Coord::Linear(from_y..to_y),
            Scale::Log => Coord::Log((from_y..to_y).log_scale().into()),
        };
        let frame = Frame {
            root: &root,
            area: &area,
            plot,
            drawn: &drawn,
            x,
            y,
        };
        match (chart_x, chart_y) {
            (Coord::Linear(a), Coord::Linear(b)) => frame.chart(a, b)?,
            (Coord::Linear(a), Coord::Log(b)) => frame.chart(a, b)?,
            (Coord::Log(a), Coord::Linear(b)) => frame.chart(a, b)?,
            (Coord::Log(a), Coord::Log(b)) => frame.chart(a, b)?,
        }
        if legend > 0 {
            draw_legend(&root, plot.size.0 - legend, header + 12, &drawn)?;
        }
        root.present().map_err(draw_error)?;
    }
    Ok(svg)
}

/// An axis' coordinates, linear or logarithmic.
enum Coord {
    Linear(std::ops::Range<f64>),
    Log(LogCoord<f64>),
}

/// Draws the title and the subtitle, centred.
fn title(root: &DrawingArea<SVGBackend<'_>, Shift>, plot: &Plot) -> Result<(), PlotError> {
    let centre = (plot.size.0 / 2) as i32;
    let top = Pos::new(HPos::Center, VPos::Top);
    root.draw_text(
        &plot.title,
        &TextStyle::from((FONT, 24).into_font().style(FontStyle::Bold)).pos(top),
        (centre, 10),
    )
    .map_err(draw_error)?;
    if !plot.subtitle.is_empty() {
        root.draw_text(
            &plot.subtitle,
            &TextStyle::from((FONT, 17).into_font()).pos(top),
            (centre, 38),
        )
        .map_err(draw_error)?;
    }
    Ok(())
}

/// The width of the legend on the right: none for a single series.
fn legend_width(plot: &Plot, drawn: &[Drawn<'_>]) -> u32 {
    if drawn.len() < 2 {
        return 0;
    }
    let longest = drawn
        .iter()
        .map(|d| d.series.name.chars().count())
        .max()
        .unwrap_or(0) as u32;
    (longest * CHAR_WIDTH as u32 + 60).min(plot.size.0 * 2 / 5)
}

/// Draws a marker of `shape` centred at the pixel `at`.
fn shape(
    root: &DrawingArea<SVGBackend<'_>, Shift>,
    at: (i32, i32),
    (shape, radius): (Shape, u32),
    colour: RGBColor,
) -> Result<(), PlotError> {
    let fill = colour.filled();
    let r = radius as i32;
    let (x, y) = at;
    match shape {
        Shape::Circle => root.draw(&Circle::new(at, r, fill)),
        Shape::Square => root.draw(&Rectangle::new([(x - r, y - r), (x + r, y + r)], fill)),
        Shape::Triangle => root.draw(&TriangleMarker::new(at, r + 1, fill)),
        Shape::Diamond => root.draw(&Polygon::new(
            vec![
                (x, y - r - 1),
                (x + r + 1, y),
                (x, y + r + 1),
                (x - r - 1, y),
            ],
            fill,
        )),
        Shape::Cross => root.draw(&Cross::new(at, r, colour.stroke_width(2))),
    }
    .map_err(draw_error)
}

/// Draws the legend: a sample of each series' line and marker, and its name.
fn draw_legend(
    root: &DrawingArea<SVGBackend<'_>, Shift>,
    left: u32,
    top: i32,
    drawn: &[Drawn<'_>],
) -> Result<(), PlotError> {
    let left = left as i32 + 10;
    let style = TextStyle::from((FONT, 15).into_font()).pos(Pos::new(HPos::Left, VPos::Center));
    for (i, d) in drawn.iter().enumerate() {
        let y = top + 20 * i as i32;
        if let Some(width) = d.series.line {
            root.draw(&PathElement::new(
                vec![(left, y), (left + 30, y)],
                d.colour.stroke_width(width.max(2)),
            ))
            .map_err(draw_error)?;
        }
        if let Some(marker) = d.series.marker {
            shape(root, (left + 15, y), marker, d.colour)?;
        }
        root.draw_text(&d.series.name, &style, (left + 38, y))
            .map_err(draw_error)?;
    }
    Ok(())
}

/// What the chart is drawn with.
struct Frame<'r, 'a, 'b> {
    root: &'r DrawingArea<SVGBackend<'a>, Shift>,
    area: &'r DrawingArea<SVGBackend<'a>, Shift>,
    plot: &'b Plot,
    drawn: &'b [Drawn<'b>],
    x: (f64, f64),
    y: (f64, f64),
}

impl Frame<'_, '_, '_> {
    /// Draws the axes, shades, markers and series on coordinates `x` and `y`.
    fn chart<X, Y>(&self, x: X, y: Y) -> Result<(), PlotError>
    where
        X: AsRangedCoord<Value = f64>,
        Y: AsRangedCoord<Value = f64>,
        X::CoordDescType: ValueFormatter<f64>,
        Y::CoordDescType: ValueFormatter<f64>,
    {
        let plot = self.plot;
        let mut chart = ChartBuilder::on(self.area)
            .margin(15)
            .margin_top(if plot.markers.iter().any(|m| !m.label.is_empty()) {
                24
            } else {
                5
            })
            .x_label_area_size(50)
            .y_label_area_size(80)
            .build_cartesian_2d(x, y)
            .map_err(draw_error)?;
        let y_scale = plot.y.scale;
        let x_label = |v: &f64| ticks::label_on(*v, &plot.x);
        let y_label = |v: &f64| ticks::label_on(*v, &plot.y);
        let labels = |axis: &Axis, (from, to): (f64, f64)| match (axis.integer, axis.scale) {
            (true, Scale::Linear) => ((to - from).floor() as usize + 1).clamp(2, 11),
            _ => 11,
        };
        chart
            .configure_mesh()
            .x_labels(labels(&plot.x, self.x))
            .y_labels(labels(&plot.y, self.y))
            .y_max_light_lines(if plot.y.integer { 1 } else { 10 })
            .x_desc(plot.x.label.as_str())
            .y_desc(plot.y.label.as_str())
            .x_label_formatter(&x_label)
            .y_label_formatter(&y_label)
            .label_style((FONT, 15))
            .axis_desc_style((FONT, 17))
            .bold_line_style(BLACK.mix(0.15))
            .light_line_style(BLACK.mix(0.05))
            .draw()
            .map_err(draw_error)?;
        let pixel = |x: f64, y: f64| chart.backend_coord(&(x, y));
        // Where the series' markers go, thinned to one per pixel.
        let markers: Vec<Vec<(i32, i32)>> = self
            .drawn
            .iter()
            .map(|d| {
                let mut seen = HashSet::new();
                d.points
                    .iter()
                    .map(|&(x, y, _)| pixel(x, y))
                    .filter(|&at| seen.insert(at))
                    .collect()
            })
            .collect();
        let (low, high) = (self.x.0, self.x.1);
        let (top, bottom) = (pixel(low, self.y.1).1, pixel(low, self.y.0).1);
        let right = pixel(high, self.y.0).0;
        // Labels of markers too close to the last one labelled are left out.
        let verticals: Vec<(i32, &str)> = plot
            .markers
            .iter()
            .filter(|m| m.x >= low && m.x <= high)
            .map(|m| (pixel(m.x, self.y.0).0, m.label.as_str()))
            .collect();
        let shades: Vec<(i32, i32, &str)> = plot
            .shades
            .iter()
            .map(|s| (s.from.max(low), s.to.min(high), s.label.as_str()))
            .filter(|(from, to, _)| from < to)
            .map(|(from, to, label)| (pixel(from, self.y.0).0, pixel(to, self.y.0).0, label))
            .collect();
        for (left, right, label) in shades {
            self.root
                .draw(&Rectangle::new(
                    [(left, top), (right, bottom)],
                    SHADE.mix(0.45).filled(),
                ))
                .map_err(draw_error)?;
            if !label.is_empty() {
                let width = CHAR_WIDTH * label.chars().count() as i32;
                self.root
                    .draw(&Rectangle::new(
                        [(left + 2, top + 2), (left + 8 + width, top + 20)],
                        WHITE.mix(0.8).filled(),
                    ))
                    .map_err(draw_error)?;
                self.label(label, (left + 5, top + 4), RGBColor(120, 80, 20))?;
            }
        }
        let mut free_from = i32::MIN;
        for (at, label) in verticals {
            let dash = MARKER.mix(0.8).stroke_width(1);
            let mut y = top;
            while y < bottom {
                self.root
                    .draw(&PathElement::new(
                        vec![(at, y), (at, (y + 5).min(bottom))],
                        dash,
                    ))
                    .map_err(draw_error)?;
                y += 9;
            }
            // Above the frame, right of the line (left of it at the right end).
            let width = CHAR_WIDTH * label.chars().count() as i32;
            let left = if at + 3 + width > right {
                at - 3 - width
            } else {
                at + 3
            };
            if !label.is_empty() && left >= free_from {
                self.label(label, (left, top - 19), MARKER)?;
                free_from = left + width + 6;
            }
        }
        for (d, markers) in self.drawn.iter().zip(markers) {
            let style = d.colour.stroke_width(d.series.line.unwrap_or(1));
            if d.series.line.is_some() {
                chart
                    .draw_series(LineSeries::new(d.points.iter().map(|p| (p.0, p.1)), style))
                    .map_err(draw_error)?;
            }
            let bars = d.points.iter().filter(|p| p.2 != 0.0).map(|&(x, y, e)| {
                let under = if y_scale == Scale::Log {
                    (y - e).max(self.y.0)
                } else {
                    y - e
                };
                ErrorBar::new_vertical(x, under, y, y + e, d.colour.stroke_width(1), 8)
            });
            chart.draw_series(bars).map_err(draw_error)?;
            if let Some(marker) = d.series.marker {
                for at in markers {
                    shape(self.root, at, marker, d.colour)?;
                }
            }
        }
        Ok(())
    }

    /// A small label with its top left at the pixel `at`.
    fn label(&self, text: &str, at: (i32, i32), colour: RGBColor) -> Result<(), PlotError> {
        if text.is_empty() {
            return Ok(());
        }
        let style = (FONT, 15).into_font().color(&colour);
        self.root.draw_text(text, &style, at).map_err(draw_error)
    }
}
