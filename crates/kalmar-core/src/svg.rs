//! A small writer of SVG pictures: lines, polylines, circles, rectangles and text, with the
//! escaping SVG needs, so that every picture kalmar draws (trees, plots) is a standalone file any
//! browser shows. Coordinates are in pixels from the top left.
//!
//! ```
//! use kalmar_core::svg::{Anchor, Svg};
//! let mut svg = Svg::new(120.0, 40.0);
//! svg.line((10.0, 20.0), (110.0, 20.0), "#333", 1.5);
//! svg.circle((10.0, 20.0), 4.0, "#1f78b4");
//! svg.text((60.0, 15.0), "1/2 < x & y", 11.0, Anchor::Middle);
//! let picture = svg.finish();
//! assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert!(picture.contains("1/2 &lt; x &amp; y"));
//! assert!(picture.trim_end().ends_with("</svg>"));
//! ```
//!
//! # Complexity
//! Each element is appended in time linear in its text.

use std::fmt::Write;

/// Where a text's position is: at its start, middle or end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// The text begins at the position.
    Start,
    /// The text is centred on the position.
    Middle,
    /// The text ends at the position.
    End,
}

impl Anchor {
    fn as_str(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

/// A point in pixels: (x, y), y growing downwards.
pub type Point = (f64, f64);

/// An SVG picture being written.
#[derive(Clone, Debug)]
pub struct Svg {
    body: String,
    width: f64,
    height: f64,
}

/// Text with `&`, `<`, `>` and `"` escaped for SVG (XML).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

impl Svg {
    /// An empty picture of the given size in pixels, on a white background.
    pub fn new(width: f64, height: f64) -> Svg {
        let mut svg = Svg {
            body: String::new(),
            width,
            height,
        };
        svg.rect((0.0, 0.0), (width, height), "white", None);
        svg
    }

    /// The picture's width and height in pixels.
    pub fn size(&self) -> (f64, f64) {
        (self.width, self.height)
    }

    /// A straight line from `a` to `b`.
    pub fn line(&mut self, a: Point, b: Point, colour: &str, width: f64) {
        let _ = writeln!(
            self.body,
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{}\" stroke-width=\"{width}\"/>",
            a.0,
            a.1,
            b.0,
            b.1,
            escape(colour)
        );
    }

    /// A dashed straight line from `a` to `b`.
    pub fn dashed_line(&mut self, a: Point, b: Point, colour: &str, width: f64) {
        let _ = writeln!(
            self.body,
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{}\" stroke-width=\"{width}\" stroke-dasharray=\"4 3\"/>",
            a.0,
            a.1,
            b.0,
            b.1,
            escape(colour)
        );
    }

    /// A polyline through `points` (nothing for fewer than two).
    pub fn polyline(&mut self, points: &[Point], colour: &str, width: f64) {
        if points.len() < 2 {
            return;
        }
        let mut coordinates = String::new();
        for (x, y) in points {
            let _ = write!(coordinates, "{x:.1},{y:.1} ");
        }
        let _ = writeln!(
            self.body,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{width}\" stroke-linejoin=\"round\"/>",
            coordinates.trim_end(),
            escape(colour)
        );
    }

    /// A filled circle.
    pub fn circle(&mut self, centre: Point, radius: f64, fill: &str) {
        let _ = writeln!(
            self.body,
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{radius}\" fill=\"{}\" stroke=\"#333\" stroke-width=\"1\"/>",
            centre.0,
            centre.1,
            escape(fill)
        );
    }

    /// A rectangle from its top-left corner with the given (width, height), filled, with an
    /// optional outline colour.
    pub fn rect(&mut self, corner: Point, size: Point, fill: &str, stroke: Option<&str>) {
        let outline = stroke
            .map(|s| format!(" stroke=\"{}\" stroke-width=\"1\"", escape(s)))
            .unwrap_or_default();
        let _ = writeln!(
            self.body,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{}\"{outline}/>",
            corner.0,
            corner.1,
            size.0,
            size.1,
            escape(fill)
        );
    }

    /// Text at `at` in the given font size (pixels), anchored as `anchor` says.
    pub fn text(&mut self, at: Point, text: &str, size: f64, anchor: Anchor) {
        self.styled_text(at, text, size, anchor, "#222", false);
    }

    /// Text with a colour, bold or not.
    pub fn styled_text(
        &mut self,
        at: Point,
        text: &str,
        size: f64,
        anchor: Anchor,
        colour: &str,
        bold: bool,
    ) {
        let weight = if bold { " font-weight=\"bold\"" } else { "" };
        let _ = writeln!(
            self.body,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"{size}\" text-anchor=\"{}\" fill=\"{}\"{weight}>{}</text>",
            at.0,
            at.1,
            anchor.as_str(),
            escape(colour),
            escape(text)
        );
    }

    /// Text turned a quarter anticlockwise about its position (for a vertical axis label).
    pub fn vertical_text(&mut self, at: Point, text: &str, size: f64) {
        let _ = writeln!(
            self.body,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"{size}\" text-anchor=\"middle\" fill=\"#222\" transform=\"rotate(-90 {:.1} {:.1})\">{}</text>",
            at.0,
            at.1,
            at.0,
            at.1,
            escape(text)
        );
    }

    /// The finished SVG document.
    pub fn finish(self) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.0} {h:.0}\">\n{}</svg>\n",
            self.body,
            w = self.width,
            h = self.height
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_is_well_formed_xml_with_its_elements() {
        let mut svg = Svg::new(100.0, 50.0);
        svg.polyline(&[(0.0, 0.0), (50.0, 25.0), (100.0, 0.0)], "red", 2.0);
        svg.polyline(&[(0.0, 0.0)], "red", 2.0);
        svg.vertical_text((10.0, 25.0), "time \"s\"", 10.0);
        let out = svg.finish();
        assert_eq!(out.matches("<polyline").count(), 1);
        assert!(out.contains("points=\"0.0,0.0 50.0,25.0 100.0,0.0\""));
        assert!(out.contains("time &quot;s&quot;"));
        assert_eq!(out.matches('<').count(), out.matches('>').count());
    }
}
