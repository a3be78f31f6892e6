//! The description of a plot: axes, series, markers and shaded ranges, with builder methods.
//! Drawing is in the crate's `draw` module.

use std::path::Path;

/// How an axis maps values to positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scale {
    /// Equal distances for equal differences.
    #[default]
    Linear,
    /// Equal distances for equal ratios (base 10); only positive values are drawn.
    Log,
}

/// An axis: its label, its scale and, optionally, the range it shows (by default the range of
/// the points, markers and shades, padded a little).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Axis {
    /// The label under (or beside) the axis.
    pub label: String,
    /// Linear or logarithmic.
    pub scale: Scale,
    /// The range shown, when fixed.
    pub range: Option<(f64, f64)>,
    /// Whether the values are whole numbers: ticks are then labelled only at whole numbers.
    pub integer: bool,
}

/// The shape of a series' markers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A filled circle.
    Circle,
    /// A filled square.
    Square,
    /// A filled triangle, point up.
    Triangle,
    /// A filled diamond.
    Diamond,
    /// An upright cross (×).
    Cross,
}

impl Shape {
    /// The shapes in the order series take them.
    pub const ALL: [Shape; 5] = [
        Shape::Circle,
        Shape::Square,
        Shape::Triangle,
        Shape::Diamond,
        Shape::Cross,
    ];
}

/// A named series of points.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// The name shown in the legend.
    pub name: String,
    /// The points (x, y), joined in this order.
    pub points: Vec<(f64, f64)>,
    /// Error bars: point i is drawn with a bar from y − errors\[i\] to y + errors\[i\] (empty:
    /// no bars).
    pub errors: Vec<f64>,
    /// The width in pixels of the line joining the points (None: no line).
    pub line: Option<u32>,
    /// The markers' shape and radius in pixels (None: no markers).
    pub marker: Option<(Shape, u32)>,
    /// The colour, as an index into the palette (None: the series' own index).
    pub colour: Option<usize>,
}

impl Series {
    /// Points joined by lines 2 pixels wide, with circles of radius 3.
    pub fn new(name: impl Into<String>, points: Vec<(f64, f64)>) -> Self {
        Series {
            name: name.into(),
            points,
            errors: Vec::new(),
            line: Some(2),
            marker: Some((Shape::Circle, 3)),
            colour: None,
        }
    }

    /// The width of the joining line.
    pub fn line_width(mut self, width: u32) -> Self {
        self.line = Some(width);
        self
    }

    /// Points only, not joined.
    pub fn no_line(mut self) -> Self {
        self.line = None;
        self
    }

    /// Markers of this shape and radius.
    pub fn markers(mut self, shape: Shape, radius: u32) -> Self {
        self.marker = Some((shape, radius));
        self
    }

    /// A line only, no markers.
    pub fn no_markers(mut self) -> Self {
        self.marker = None;
        self
    }

    /// Symmetric error bars, one per point.
    pub fn errors(mut self, errors: Vec<f64>) -> Self {
        self.errors = errors;
        self
    }

    /// The palette colour with this index.
    pub fn colour(mut self, index: usize) -> Self {
        self.colour = Some(index);
        self
    }
}

/// A vertical line across the plot at `x`, with a label at its top.
#[derive(Clone, Debug, PartialEq)]
pub struct Marker {
    /// Where the line is.
    pub x: f64,
    /// The label (may be empty).
    pub label: String,
}

/// A shaded band over the x range from `from` to `to`, with a label at its top left.
#[derive(Clone, Debug, PartialEq)]
pub struct Shade {
    /// The band's left end.
    pub from: f64,
    /// The band's right end.
    pub to: f64,
    /// The label (may be empty).
    pub label: String,
}

/// A plot to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct Plot {
    /// The title, at the top.
    pub title: String,
    /// A smaller line under the title (may be empty).
    pub subtitle: String,
    /// The horizontal axis.
    pub x: Axis,
    /// The vertical axis.
    pub y: Axis,
    /// The series, drawn in order (later ones on top).
    pub series: Vec<Series>,
    /// Vertical lines with labels.
    pub markers: Vec<Marker>,
    /// Shaded x ranges, drawn under everything else.
    pub shades: Vec<Shade>,
    /// Width and height in pixels.
    pub size: (u32, u32),
}

/// Why a plot cannot be drawn.
#[derive(Debug, thiserror::Error)]
pub enum PlotError {
    /// No series has a point that can be drawn.
    #[error(
        "nothing to plot: no series has a point that can be drawn (finite, and positive on a \
         logarithmic axis)"
    )]
    Empty,
    /// A fixed range is empty, reversed, or not positive on a logarithmic axis.
    #[error("the {axis} range {from}..{to} cannot be drawn")]
    Range {
        /// "x" or "y".
        axis: &'static str,
        /// The range's start.
        from: f64,
        /// The range's end.
        to: f64,
    },
    /// The plotting library failed.
    #[error("drawing the plot: {0}")]
    Draw(String),
    /// The file could not be written.
    #[error("{path}: {source}")]
    Write {
        /// The file.
        path: String,
        /// The error.
        source: std::io::Error,
    },
}

impl Plot {
    /// An empty plot of 900 × 560 pixels with this title and linear axes.
    pub fn new(title: impl Into<String>) -> Self {
        Plot {
            title: title.into(),
            subtitle: String::new(),
            x: Axis::default(),
            y: Axis::default(),
            series: Vec::new(),
            markers: Vec::new(),
            shades: Vec::new(),
            size: (900, 560),
        }
    }

    /// The line under the title.
    pub fn subtitle(mut self, text: impl Into<String>) -> Self {
        self.subtitle = text.into();
        self
    }

    /// The horizontal axis' label and scale.
    pub fn x_axis(mut self, label: impl Into<String>, scale: Scale) -> Self {
        self.x.label = label.into();
        self.x.scale = scale;
        self
    }

    /// The vertical axis' label and scale.
    pub fn y_axis(mut self, label: impl Into<String>, scale: Scale) -> Self {
        self.y.label = label.into();
        self.y.scale = scale;
        self
    }

    /// Labels the y axis at whole numbers only (for counts and nim-values).
    pub fn y_integers(mut self) -> Self {
        self.y.integer = true;
        self
    }

    /// Shows exactly this x range.
    pub fn x_range(mut self, from: f64, to: f64) -> Self {
        self.x.range = Some((from, to));
        self
    }

    /// Shows exactly this y range.
    pub fn y_range(mut self, from: f64, to: f64) -> Self {
        self.y.range = Some((from, to));
        self
    }

    /// Adds a series.
    pub fn series(mut self, series: Series) -> Self {
        self.series.push(series);
        self
    }

    /// Adds a vertical line at `x` with a label.
    pub fn marker(mut self, x: f64, label: impl Into<String>) -> Self {
        self.markers.push(Marker {
            x,
            label: label.into(),
        });
        self
    }

    /// Shades the x range from `from` to `to`, with a label.
    pub fn shade(mut self, from: f64, to: f64, label: impl Into<String>) -> Self {
        self.shades.push(Shade {
            from,
            to,
            label: label.into(),
        });
        self
    }

    /// The size in pixels.
    pub fn size(mut self, width: u32, height: u32) -> Self {
        self.size = (width, height);
        self
    }

    /// The plot as an SVG document.
    pub fn to_svg(&self) -> Result<String, PlotError> {
        crate::draw::render(self)
    }

    /// Writes the plot as an SVG file.
    pub fn write_svg(&self, path: &Path) -> Result<(), PlotError> {
        let svg = self.to_svg()?;
        std::fs::write(path, svg).map_err(|source| PlotError::Write {
            path: path.display().to_string(),
            source,
        })
    }
}
