//! The PNG back end: the shapes rasterised anti-aliased by tiny-skia at `scale` pixels per
//! picture unit, labels in the stroke font of [`font`](super::font).

use super::{Circle, Colour, Label, Line, Picture, Shape, Stroke, font};
use thiserror::Error;
use tiny_skia::{
    Color, FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, StrokeDash, Transform,
};

/// The most pixels a PNG may have (64 Mi, 256 MiB while it is drawn).
pub const MAX_PIXELS: u64 = 1 << 26;

/// Why a picture cannot become a PNG.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PngError {
    /// The scale is not a positive finite number.
    #[error("the scale must be a positive finite number")]
    BadScale,
    /// The image would have more than [`MAX_PIXELS`] pixels.
    #[error(
        "the image would be {width}×{height} pixels, more than the {MAX_PIXELS} drawn; use a smaller scale"
    )]
    TooLarge {
        /// Its width, in pixels.
        width: u64,
        /// Its height, in pixels.
        height: u64,
    },
    /// The PNG encoder failed.
    #[error("PNG encoding failed: {0}")]
    Encoding(String),
}

/// The picture as a PNG image of `scale` pixels per picture unit (rounded up to whole pixels,
/// at least one).
pub fn to_png(picture: &Picture, scale: f64) -> Result<Vec<u8>, PngError> {
    if !(scale.is_finite() && scale > 0.0) {
        return Err(PngError::BadScale);
    }
    let pixels = |units: f64| (units * scale).ceil().clamp(1.0, u32::MAX as f64) as u64;
    let (width, height) = (pixels(picture.width), pixels(picture.height));
    let too_large = PngError::TooLarge { width, height };
    if width.saturating_mul(height) > MAX_PIXELS {
        return Err(too_large);
    }
    let mut pixmap = Pixmap::new(width as u32, height as u32).ok_or(too_large)?;
    pixmap.fill(Color::WHITE);
    let mut canvas = Canvas {
        pixmap: &mut pixmap,
        transform: Transform::from_scale(scale as f32, scale as f32),
    };
    for shape in &picture.shapes {
        match shape {
            Shape::Line(line) => canvas.line(line),
            Shape::Circle(circle) => canvas.circle(circle),
            Shape::Label(label) => canvas.label(label),
        }
    }
    pixmap
        .encode_png()
        .map_err(|e| PngError::Encoding(e.to_string()))
}

/// A pixmap and the scaling from picture units to its pixels.
struct Canvas<'a> {
    pixmap: &'a mut Pixmap,
    transform: Transform,
}

impl Canvas<'_> {
    fn line(&mut self, line: &Line) {
        if let Some(path) = polyline(&line.points) {
            self.stroke(&path, &line.stroke, LineCap::Butt, LineJoin::Miter);
        }
    }

    fn circle(&mut self, circle: &Circle) {
        let ((x, y), radius) = (circle.centre, circle.radius);
        let Some(path) = PathBuilder::from_circle(x as f32, y as f32, radius as f32) else {
            return;
        };
        if let Some(fill) = circle.fill {
            let paint = paint(fill);
            let (pixmap, transform) = (&mut *self.pixmap, self.transform);
            pixmap.fill_path(&path, &paint, FillRule::Winding, transform, None);
        }
        if let Some(stroke) = &circle.stroke {
            self.stroke(&path, stroke, LineCap::Butt, LineJoin::Miter);
        }
    }

    fn label(&mut self, label: &Label) {
        let stroke = Stroke::solid(label.colour, font::stroke_width(label.size));
        for points in font::layout(&label.text, label.at, label.size) {
            if let Some(path) = polyline(&points) {
                self.stroke(&path, &stroke, LineCap::Round, LineJoin::Round);
            }
        }
    }

    fn stroke(&mut self, path: &Path, stroke: &Stroke, line_cap: LineCap, line_join: LineJoin) {
        let style = tiny_skia::Stroke {
            width: stroke.width as f32,
            line_cap,
            line_join,
            dash: stroke
                .dash
                .and_then(|(on, off)| StrokeDash::new(vec![on as f32, off as f32], 0.0)),
            ..tiny_skia::Stroke::default()
        };
        let paint = paint(stroke.colour);
        self.pixmap
            .stroke_path(path, &paint, &style, self.transform, None);
    }
}

/// The path through `points`, if there are at least two.
fn polyline(points: &[(f64, f64)]) -> Option<Path> {
    let (&(x, y), rest) = points.split_first()?;
    let mut builder = PathBuilder::new();
    builder.move_to(x as f32, y as f32);
    for &(x, y) in rest {
        builder.line_to(x as f32, y as f32);
    }
    builder.finish()
}

/// An anti-aliased paint of `colour`.
fn paint(colour: Colour) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color_rgba8(colour.red, colour.green, colour.blue, 255);
    paint.anti_alias = true;
    paint
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The picture decoded, and the darkness (255 minus the red channel) at a point.
    fn decoded(png: &[u8]) -> Pixmap {
        Pixmap::decode_png(png).unwrap()
    }

    fn darkness(pixmap: &Pixmap, x: u32, y: u32) -> u8 {
        255 - pixmap.pixel(x, y).unwrap().red()
    }

    #[test]
    fn shapes_land_where_they_are_drawn_at_every_scale() {
        let mut picture = Picture::new(40.0, 20.0);
        picture.add(Circle::new((10.0, 10.0), 5.0).filled(Colour::BLACK));
        picture.add(Line::new(
            [(20.0, 10.0), (40.0, 10.0)],
            Stroke::solid(Colour::BLACK, 2.0).dashed(4.0, 4.0),
        ));
        for scale in [1.0, 2.5] {
            let pixmap = decoded(&to_png(&picture, scale).unwrap());
            assert_eq!(
                (pixmap.width(), pixmap.height()),
                ((40.0 * scale) as u32, (20.0 * scale) as u32)
            );
            let at = |x: f64, y: f64| darkness(&pixmap, (x * scale) as u32, (y * scale) as u32);
            assert_eq!(at(10.0, 10.0), 255, "the disc is black");
            assert_eq!(at(2.0, 2.0), 0, "the canvas is white");
            assert!(at(22.0, 10.0) > 128, "a dash");
            assert!(at(26.0, 10.0) < 128, "a gap");
        }
    }

    #[test]
    fn a_label_is_drawn_around_its_point() {
        let mut picture = Picture::new(40.0, 40.0);
        picture.add(Label::new((20.0, 20.0), "8", 30.0));
        let pixmap = decoded(&to_png(&picture, 1.0).unwrap());
        let dark = |x0: u32, x1: u32, y0: u32, y1: u32| {
            (x0..x1).any(|x| (y0..y1).any(|y| darkness(&pixmap, x, y) > 128))
        };
        // An 8 is 21.6 units tall and 14.4 wide: ink inside that box, none outside it.
        assert!(dark(12, 28, 9, 31));
        assert!(!dark(0, 40, 0, 7) && !dark(0, 40, 33, 40));
        assert!(!dark(0, 10, 0, 40) && !dark(30, 40, 0, 40));
        // The 8's waist crosses the middle; its two loops are hollow.
        assert!(dark(18, 22, 18, 22));
        assert!(!dark(19, 21, 13, 15) && !dark(19, 21, 25, 27));
    }

    #[test]
    fn bad_scales_and_huge_images_are_refused() {
        let picture = Picture::new(100.0, 100.0);
        for scale in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            assert_eq!(to_png(&picture, scale), Err(PngError::BadScale));
        }
        assert!(matches!(
            to_png(&picture, 1e6),
            Err(PngError::TooLarge { .. })
        ));
        let empty = Picture::new(0.0, 0.0);
        let pixmap = decoded(&to_png(&empty, 1.0).unwrap());
        assert_eq!((pixmap.width(), pixmap.height()), (1, 1));
    }
}
