//! A stroke font for the PNG back end: each digit is a few polylines on a 4 × 6 grid (corners
//! cut at 45° in place of curves, in the manner of plotter and engraving fonts), drawn with
//! round caps and joins. It needs no font file, so a PNG looks the same on every machine.
//! A character without a glyph is drawn as an empty box, so that nothing vanishes silently.
//!
//! The proportions follow a sans-serif font's digits: 0.72 em tall, 0.48 em wide, 0.66 em
//! apart, strokes 0.09 em wide.
//!
//! ```
//! use kalmar_puzzles::picture::font::{layout, glyph};
//! assert!(glyph('7').is_some() && glyph('x').is_none());
//! let strokes = layout("80", (50.0, 50.0), 10.0);
//! assert_eq!(strokes.len(), 3); // the 8's two loops, the 0's
//! // The text is centred on its point.
//! let xs = strokes.iter().flatten().map(|p| p.0);
//! let (left, right) = xs.fold((f64::MAX, f64::MIN), |(l, r), x| (l.min(x), r.max(x)));
//! assert!(((left + right) / 2.0 - 50.0).abs() < 1e-9);
//! ```
//!
//! # Complexity
//! O(characters) for [`layout`].

use super::Point;

/// A glyph's strokes, in grid units: x from 0 to [`WIDTH`], y from 0 (top) to [`HEIGHT`]
/// (baseline).
pub type Glyph = &'static [&'static [(f64, f64)]];

/// A glyph's width, in grid units.
pub const WIDTH: f64 = 4.0;
/// A glyph's height, in grid units.
pub const HEIGHT: f64 = 6.0;
/// From one glyph's left edge to the next one's, in grid units.
pub const ADVANCE: f64 = 5.5;
/// The height of a glyph, as a fraction of the font size.
const HEIGHT_PER_EM: f64 = 0.72;
/// The strokes' width, as a fraction of the font size.
const STROKE_PER_EM: f64 = 0.09;

/// What stands for a character without a glyph.
const MISSING: Glyph = &[&[(0.0, 0.0), (4.0, 0.0), (4.0, 6.0), (0.0, 6.0), (0.0, 0.0)]];

/// The glyph of `c`, if the font has one: the digits.
pub fn glyph(c: char) -> Option<Glyph> {
    let strokes: Glyph = match c {
        '0' => &[&[
            (1.0, 0.0),
            (3.0, 0.0),
            (4.0, 1.0),
            (4.0, 5.0),
            (3.0, 6.0),
            (1.0, 6.0),
            (0.0, 5.0),
            (0.0, 1.0),
            (1.0, 0.0),
        ]],
        '1' => &[
            &[(0.8, 1.2), (2.2, 0.0), (2.2, 6.0)],
            &[(0.8, 6.0), (3.6, 6.0)],
        ],
        '2' => &[&[
            (0.0, 1.0),
            (1.0, 0.0),
            (3.0, 0.0),
            (4.0, 1.0),
            (4.0, 2.2),
            (0.0, 6.0),
            (4.0, 6.0),
        ]],
        '3' => &[
            &[
                (0.0, 1.0),
                (1.0, 0.0),
                (3.0, 0.0),
                (4.0, 1.0),
                (4.0, 2.0),
                (3.0, 3.0),
                (1.4, 3.0),
            ],
            &[
                (3.0, 3.0),
                (4.0, 4.0),
                (4.0, 5.0),
                (3.0, 6.0),
                (1.0, 6.0),
                (0.0, 5.0),
            ],
        ],
        '4' => &[&[(3.0, 6.0), (3.0, 0.0), (0.0, 4.2), (4.0, 4.2)]],
        '5' => &[&[
            (3.8, 0.0),
            (0.3, 0.0),
            (0.0, 2.8),
            (3.0, 2.5),
            (4.0, 3.5),
            (4.0, 5.0),
            (3.0, 6.0),
            (1.0, 6.0),
            (0.0, 5.0),
        ]],
        '6' => &[&[
            (3.8, 0.6),
            (3.0, 0.0),
            (1.0, 0.0),
            (0.0, 1.0),
            (0.0, 5.0),
            (1.0, 6.0),
            (3.0, 6.0),
            (4.0, 5.0),
            (4.0, 3.8),
            (3.0, 2.8),
            (1.0, 2.8),
            (0.0, 3.8),
        ]],
        '7' => &[&[(0.0, 0.0), (4.0, 0.0), (1.4, 6.0)]],
        '8' => &[
            &[
                (1.0, 3.0),
                (0.2, 2.2),
                (0.2, 0.8),
                (1.0, 0.0),
                (3.0, 0.0),
                (3.8, 0.8),
                (3.8, 2.2),
                (3.0, 3.0),
                (1.0, 3.0),
            ],
            &[
                (1.0, 3.0),
                (0.0, 4.0),
                (0.0, 5.0),
                (1.0, 6.0),
                (3.0, 6.0),
                (4.0, 5.0),
                (4.0, 4.0),
                (3.0, 3.0),
            ],
        ],
        '9' => &[&[
            (0.2, 5.4),
            (1.0, 6.0),
            (3.0, 6.0),
            (4.0, 5.0),
            (4.0, 1.0),
            (3.0, 0.0),
            (1.0, 0.0),
            (0.0, 1.0),
            (0.0, 2.2),
            (1.0, 3.2),
            (3.0, 3.2),
            (4.0, 2.2),
        ]],
        _ => return None,
    };
    Some(strokes)
}

/// The strokes of `text` at font size `size`, centred on `at` both ways: polylines in picture
/// units, to be drawn [`stroke_width`] wide with round caps and joins.
pub fn layout(text: &str, at: Point, size: f64) -> Vec<Vec<Point>> {
    let unit = size * HEIGHT_PER_EM / HEIGHT;
    let characters = text.chars().count() as f64;
    let text_width = (characters - 1.0).max(0.0) * ADVANCE + WIDTH;
    let left = at.0 - text_width * unit / 2.0;
    let top = at.1 - HEIGHT * unit / 2.0;
    text.chars()
        .enumerate()
        .flat_map(|(index, c)| {
            let x = left + index as f64 * ADVANCE * unit;
            glyph(c).unwrap_or(MISSING).iter().map(move |stroke| {
                stroke
                    .iter()
                    .map(|&(gx, gy)| (x + gx * unit, top + gy * unit))
                    .collect()
            })
        })
        .collect()
}

/// The width of the strokes at font size `size`.
pub fn stroke_width(size: f64) -> f64 {
    size * STROKE_PER_EM
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_digit_stays_on_its_grid_and_unknown_characters_are_boxes() {
        for digit in '0'..='9' {
            let strokes = glyph(digit).unwrap();
            for &(x, y) in strokes.iter().flat_map(|stroke| stroke.iter()) {
                assert!((0.0..=WIDTH).contains(&x) && (0.0..=HEIGHT).contains(&y));
            }
            assert!(strokes.iter().all(|stroke| stroke.len() >= 2));
        }
        assert_eq!(layout("?", (0.0, 0.0), 10.0).len(), 1);
        assert!(layout("", (0.0, 0.0), 10.0).is_empty());
    }
}
