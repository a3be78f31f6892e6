//! The SVG back end: one element per shape, a pixel per picture unit, labels as text in the
//! reader's sans-serif font.

use super::{Circle, Colour, Label, Line, Picture, Shape, Stroke};
use kalmar_core::svg::escape;
use std::fmt::Write;

/// The picture as an SVG document.
pub fn to_svg(picture: &Picture) -> String {
    let (width, height) = (picture.width, picture.height);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n"
    );
    for shape in &picture.shapes {
        match shape {
            Shape::Line(line) => write_line(&mut out, line),
            Shape::Circle(circle) => write_circle(&mut out, circle),
            Shape::Label(label) => write_label(&mut out, label),
        }
    }
    out.push_str("</svg>\n");
    out
}

/// A two-point line as `<line>`, a longer one as `<polyline>`.
fn write_line(out: &mut String, line: &Line) {
    let stroke = stroke_attributes(&line.stroke);
    if let [(x1, y1), (x2, y2)] = line.points[..] {
        let _ = writeln!(
            out,
            "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\"{stroke}/>"
        );
    } else {
        let points: Vec<String> = line
            .points
            .iter()
            .map(|(x, y)| format!("{x},{y}"))
            .collect();
        let _ = writeln!(
            out,
            "<polyline points=\"{}\" fill=\"none\"{stroke}/>",
            points.join(" ")
        );
    }
}

fn write_circle(out: &mut String, circle: &Circle) {
    let ((x, y), radius) = (circle.centre, circle.radius);
    let fill = circle.fill.map_or("none".to_string(), colour);
    let stroke = circle.stroke.as_ref().map(stroke_attributes);
    let class = circle
        .class
        .map(|class| format!(" class=\"{}\"", escape(class)));
    let _ = writeln!(
        out,
        "<circle cx=\"{x}\" cy=\"{y}\" r=\"{radius}\" fill=\"{fill}\"{}{}/>",
        stroke.unwrap_or_default(),
        class.unwrap_or_default()
    );
}

/// Text centred on its point both ways.
fn write_label(out: &mut String, label: &Label) {
    let (x, y) = label.at;
    let _ = writeln!(
        out,
        "<text x=\"{x}\" y=\"{y}\" font-size=\"{}\" fill=\"{}\" text-anchor=\"middle\" \
         dominant-baseline=\"central\">{}</text>",
        label.size,
        colour(label.colour),
        escape(&label.text)
    );
}

/// ` stroke=… stroke-width=…` and the dash array if any.
fn stroke_attributes(stroke: &Stroke) -> String {
    let mut text = format!(
        " stroke=\"{}\" stroke-width=\"{}\"",
        colour(stroke.colour),
        stroke.width
    );
    if let Some((on, off)) = stroke.dash {
        let _ = write!(text, " stroke-dasharray=\"{on} {off}\"");
    }
    text
}

/// `#rrggbb`.
fn colour(colour: Colour) -> String {
    format!("#{:02x}{:02x}{:02x}", colour.red, colour.green, colour.blue)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_shape_becomes_one_element_with_its_style() {
        let mut picture = Picture::new(50.0, 30.0);
        let grey = Colour::rgb(0xcc, 0xcc, 0xcc);
        picture.add(Line::new(
            [(0.0, 0.0), (10.5, 0.0)],
            Stroke::solid(Colour::BLACK, 2.0).dashed(3.0, 1.0),
        ));
        picture.add(Line::new(
            [(0.0, 0.0), (1.0, 1.0), (2.0, 0.0)],
            Stroke::solid(grey, 1.0),
        ));
        picture.add(
            Circle::new((5.0, 5.0), 1.5)
                .filled(grey)
                .with_class("water"),
        );
        picture.add(Label::new((5.0, 5.0), "<1&2>", 10.0).coloured(Colour::WHITE));
        let svg = to_svg(&picture);
        for element in [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"50\" height=\"30\" viewBox=\"0 0 50 30\"",
            "<line x1=\"0\" y1=\"0\" x2=\"10.5\" y2=\"0\" stroke=\"#000000\" stroke-width=\"2\" stroke-dasharray=\"3 1\"/>",
            "<polyline points=\"0,0 1,1 2,0\" fill=\"none\" stroke=\"#cccccc\" stroke-width=\"1\"/>",
            "<circle cx=\"5\" cy=\"5\" r=\"1.5\" fill=\"#cccccc\" class=\"water\"/>",
            "fill=\"#ffffff\" text-anchor=\"middle\" dominant-baseline=\"central\">&lt;1&amp;2&gt;</text>",
        ] {
            assert!(svg.contains(element), "{element} not in {svg}");
        }
        assert!(svg.ends_with("</svg>\n"));
    }
}
