//! A picture as a list of shapes, shared by the puzzles' renderers, with two back ends: SVG
//! text ([`to_svg`]) and PNG images ([`to_png`]). A renderer says once what to draw; the back
//! ends only translate, so the SVG and the PNG of a puzzle show the same thing.
//!
//! The shapes are few: lines through points (stroked with a width, a colour and an optional
//! dash), circles (filled, stroked or both) and short labels centred on a point. Coordinates
//! are picture units, y pointing down; an SVG unit is a pixel, and a PNG has `scale` pixels
//! per unit. Labels are SVG text; the PNG draws them with a stroke font defined in code
//! ([`font`]), so it needs no font installed.
//!
//! ```
//! use kalmar_puzzles::picture::{Circle, Colour, Label, Picture, Stroke, to_png, to_svg};
//! let mut picture = Picture::new(40.0, 40.0);
//! picture.add(Circle::new((20.0, 20.0), 15.0).filled(Colour::WHITE).stroked(Stroke::solid(Colour::BLACK, 2.0)));
//! picture.add(Label::new((20.0, 20.0), "3", 18.0));
//! assert!(to_svg(&picture).contains(">3</text>"));
//! let png = to_png(&picture, 2.0).unwrap();
//! assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
//! ```
//!
//! # Complexity
//! Both back ends are linear in the shapes and the labels' characters; the PNG also costs
//! O(pixels), refused beyond [`MAX_PIXELS`].

pub mod font;
mod png;
mod svg;

pub use png::{MAX_PIXELS, PngError, to_png};
pub use svg::to_svg;

/// PNG pixels per SVG pixel that the front ends use unless asked otherwise: sharp on most
/// screens.
pub const DEFAULT_PNG_SCALE: f64 = 2.0;

/// A point, (x, y) in picture units, y pointing down.
pub type Point = (f64, f64);

/// An opaque colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colour {
    /// Red, 0 to 255.
    pub red: u8,
    /// Green, 0 to 255.
    pub green: u8,
    /// Blue, 0 to 255.
    pub blue: u8,
}

impl Colour {
    /// Black.
    pub const BLACK: Colour = Colour::rgb(0, 0, 0);
    /// White.
    pub const WHITE: Colour = Colour::rgb(255, 255, 255);

    /// The colour of these components.
    pub const fn rgb(red: u8, green: u8, blue: u8) -> Colour {
        Colour { red, green, blue }
    }
}

/// How a line or an outline is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// The colour.
    pub colour: Colour,
    /// The width, in picture units.
    pub width: f64,
    /// Dashes: the lengths drawn and skipped in turn, or `None` for a solid line.
    pub dash: Option<(f64, f64)>,
}

impl Stroke {
    /// A solid stroke.
    pub fn solid(colour: Colour, width: f64) -> Stroke {
        Stroke {
            colour,
            width,
            dash: None,
        }
    }

    /// This stroke dashed: `on` units drawn, `off` skipped, in turn.
    pub fn dashed(self, on: f64, off: f64) -> Stroke {
        Stroke {
            dash: Some((on, off)),
            ..self
        }
    }
}

/// A line through two or more points (a polyline), not closed.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The points in order.
    pub points: Vec<Point>,
    /// How it is drawn.
    pub stroke: Stroke,
}

impl Line {
    /// A line through `points`.
    pub fn new(points: impl IntoIterator<Item = Point>, stroke: Stroke) -> Line {
        Line {
            points: points.into_iter().collect(),
            stroke,
        }
    }
}

/// A circle, filled, outlined or both.
#[derive(Clone, Debug, PartialEq)]
pub struct Circle {
    /// The centre.
    pub centre: Point,
    /// The radius, in picture units.
    pub radius: f64,
    /// The fill, if any.
    pub fill: Option<Colour>,
    /// The outline, if any.
    pub stroke: Option<Stroke>,
    /// What the circle stands for (`water`, `stone`): the SVG's `class`, for style sheets and
    /// tests; the PNG ignores it.
    pub class: Option<&'static str>,
}

impl Circle {
    /// A circle neither filled nor outlined yet.
    pub fn new(centre: Point, radius: f64) -> Circle {
        Circle {
            centre,
            radius,
            fill: None,
            stroke: None,
            class: None,
        }
    }

    /// This circle filled with `colour`.
    pub fn filled(self, colour: Colour) -> Circle {
        Circle {
            fill: Some(colour),
            ..self
        }
    }

    /// This circle outlined with `stroke`.
    pub fn stroked(self, stroke: Stroke) -> Circle {
        Circle {
            stroke: Some(stroke),
            ..self
        }
    }

    /// This circle with a class (see [`Circle::class`]).
    pub fn with_class(self, class: &'static str) -> Circle {
        Circle {
            class: Some(class),
            ..self
        }
    }
}

/// A short text (a number) centred on a point.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// The centre of the text.
    pub at: Point,
    /// The text.
    pub text: String,
    /// The font size (the em), in picture units.
    pub size: f64,
    /// The colour.
    pub colour: Colour,
}

impl Label {
    /// A black label.
    pub fn new(at: Point, text: impl Into<String>, size: f64) -> Label {
        Label {
            at,
            text: text.into(),
            size,
            colour: Colour::BLACK,
        }
    }

    /// This label in `colour`.
    pub fn coloured(self, colour: Colour) -> Label {
        Label { colour, ..self }
    }
}

/// One thing drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A line.
    Line(Line),
    /// A circle.
    Circle(Circle),
    /// A label.
    Label(Label),
}

impl From<Line> for Shape {
    fn from(line: Line) -> Shape {
        Shape::Line(line)
    }
}

impl From<Circle> for Shape {
    fn from(circle: Circle) -> Shape {
        Shape::Circle(circle)
    }
}

impl From<Label> for Shape {
    fn from(label: Label) -> Shape {
        Shape::Label(label)
    }
}

/// A picture: a white canvas and shapes drawn on it in order, later ones on top.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    /// The width, in picture units.
    pub width: f64,
    /// The height, in picture units.
    pub height: f64,
    /// The shapes, in drawing order.
    pub shapes: Vec<Shape>,
}

impl Picture {
    /// An empty white picture of this size.
    pub fn new(width: f64, height: f64) -> Picture {
        Picture {
            width,
            height,
            shapes: Vec::new(),
        }
    }

    /// Draws `shape` on top of what is there.
    pub fn add(&mut self, shape: impl Into<Shape>) {
        self.shapes.push(shape.into());
    }
}
