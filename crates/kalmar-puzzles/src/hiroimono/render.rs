//! Pictures of a Hiroimono puzzle and a tour, in SVG: the grid's points as faint dots, stones
//! as black discs (the start ringed), and a tour as a line from stone to stone with each stone's
//! place in the order.
//!
//! ```
//! use kalmar_puzzles::hiroimono::{Mode, Variant, format, render::svg, solve};
//! let puzzle = format::parse("S.o\no.o\n").unwrap();
//! let answer = solve(&puzzle, Variant::Start, Mode::Find);
//! let picture = svg(&puzzle, answer.solutions.first()).unwrap();
//! assert!(picture.starts_with("<svg"));
//! assert_eq!(picture.matches("class=\"stone\"").count(), 4);
//! assert_eq!(picture.matches("<polyline").count(), 1);
//! ```
//!
//! # Complexity
//! O(width · height + stones), refused beyond [`MAX_DRAWN_CELLS`] grid points.

use super::format::{DrawError, MAX_DRAWN_CELLS};
use super::model::{Puzzle, Solution};
use std::fmt::Write;

/// Pixels between neighbouring grid points.
const STEP: i64 = 30;
/// The margin around the grid, in pixels.
const MARGIN: i64 = 20;

/// The puzzle drawn as an SVG document, with `tour` if one is given.
pub fn svg(puzzle: &Puzzle, tour: Option<&Solution>) -> Result<String, DrawError> {
    let (low, high) = puzzle.bounding_box();
    let (columns, rows) = (high.x - low.x + 1, high.y - low.y + 1);
    let cells = (columns as u64).saturating_mul(rows as u64);
    if cells > MAX_DRAWN_CELLS {
        return Err(DrawError::TooLarge(cells));
    }
    let place = |x: i64, y: i64| (MARGIN + (x - low.x) * STEP, MARGIN + (y - low.y) * STEP);
    let (width, height) = (
        2 * MARGIN + (columns - 1) * STEP,
        2 * MARGIN + (rows - 1) * STEP,
    );
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n"
    );
    for y in low.y..=high.y {
        for x in low.x..=high.x {
            let (px, py) = place(x, y);
            let _ = writeln!(
                out,
                "<circle cx=\"{px}\" cy=\"{py}\" r=\"1.5\" fill=\"#ccc\"/>"
            );
        }
    }
    if let Some(tour) = tour {
        let points = tour
            .points(puzzle)
            .ok_or_else(|| DrawError::NoSuchStone(first_missing(puzzle, tour)))?;
        let line: Vec<String> = points
            .iter()
            .map(|p| {
                let (px, py) = place(p.x, p.y);
                format!("{px},{py}")
            })
            .collect();
        let _ = writeln!(
            out,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"#c33\" stroke-width=\"3\"/>",
            line.join(" ")
        );
    }
    for (index, stone) in puzzle.stones().iter().enumerate() {
        let (px, py) = place(stone.x, stone.y);
        if index == 0 {
            let _ = writeln!(
                out,
                "<circle cx=\"{px}\" cy=\"{py}\" r=\"12\" fill=\"none\" stroke=\"#c33\" stroke-width=\"2\"/>"
            );
        }
        let _ = writeln!(
            out,
            "<circle cx=\"{px}\" cy=\"{py}\" r=\"9\" fill=\"black\" class=\"stone\"/>"
        );
    }
    if let Some(tour) = tour {
        for (number, &stone) in tour.order.iter().enumerate() {
            let at = puzzle.stones()[stone];
            let (px, py) = place(at.x, at.y);
            let _ = writeln!(
                out,
                "<text x=\"{px}\" y=\"{py}\" font-size=\"10\" fill=\"white\" text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
                number + 1
            );
        }
    }
    out.push_str("</svg>\n");
    Ok(out)
}

/// The first stone index of `tour` that `puzzle` does not have.
fn first_missing(puzzle: &Puzzle, tour: &Solution) -> usize {
    tour.order
        .iter()
        .copied()
        .find(|&stone| stone >= puzzle.len())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hiroimono::format;

    #[test]
    fn a_tour_of_foreign_stones_and_a_huge_grid_are_refused() {
        let puzzle = format::parse("S.o\n").unwrap();
        let tour = Solution { order: vec![0, 5] };
        assert_eq!(svg(&puzzle, Some(&tour)), Err(DrawError::NoSuchStone(5)));
        let far = format::parse("hiroimono points\n0 0\n100000 100000\n").unwrap();
        assert!(matches!(svg(&far, None), Err(DrawError::TooLarge(_))));
    }
}
