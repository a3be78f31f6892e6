//! Pictures of a Hashiwokakero puzzle and its solution, in SVG or PNG: islands as circles with
//! their numbers, bridges as one or two lines between them, the grid's cells as faint dots.
//! [`picture`](fn@picture) says what is drawn; [`svg`] and [`png`] write it (see [`crate::picture`]).
//!
//! ```
//! use kalmar_puzzles::hashi::{Mode, format::read_puzzle, render, solve};
//! let puzzle = read_puzzle("2.5.1\n.....\n1.3..\n").unwrap();
//! let answer = solve(&puzzle, Mode::Find).unwrap();
//! let picture = render::svg(&puzzle, answer.solutions.first());
//! assert!(picture.starts_with("<svg"));
//! assert_eq!(picture.matches("<text").count(), 5); // one number per island
//! let png = render::png(&puzzle, answer.solutions.first(), 2.0).unwrap();
//! assert!(png.starts_with(b"\x89PNG"));
//! ```
//!
//! # Complexity
//! O(width · height + islands + links), and O(pixels) for the PNG.

use super::puzzle::{Puzzle, Solution};
use crate::picture::{self, Circle, Colour, Label, Line, Picture, PngError, Stroke};

/// Picture units (SVG pixels) per grid cell.
const CELL: usize = 40;
/// The island's radius.
const RADIUS: f64 = 15.0;
/// Half the distance between the two lines of a double bridge.
const DOUBLE: f64 = 4.0;
/// The water dots' colour.
const WATER: Colour = Colour::rgb(0xcc, 0xcc, 0xcc);

/// The puzzle drawn, with the bridges of `solution` if one is given.
pub fn picture(puzzle: &Puzzle, solution: Option<&Solution>) -> Picture {
    let mut picture = Picture::new(
        (puzzle.width() * CELL) as f64,
        (puzzle.height() * CELL) as f64,
    );
    for row in 0..puzzle.height() {
        for column in 0..puzzle.width() {
            picture.add(
                Circle::new(centre(row, column), 1.5)
                    .filled(WATER)
                    .with_class("water"),
            );
        }
    }
    let outline = Stroke::solid(Colour::BLACK, 2.0);
    if let Some(solution) = solution {
        for (link, &bridges) in puzzle.links().iter().zip(&solution.bridges) {
            let (a, b) = (puzzle.islands()[link.first], puzzle.islands()[link.second]);
            let ((x1, y1), (x2, y2)) = (centre(a.row, a.column), centre(b.row, b.column));
            // Double bridges are two lines set apart across the bridge's direction.
            let offsets: &[f64] = match bridges {
                0 => &[],
                1 => &[0.0],
                _ => &[-DOUBLE, DOUBLE],
            };
            for &offset in offsets {
                let (dx, dy) = if link.horizontal {
                    (0.0, offset)
                } else {
                    (offset, 0.0)
                };
                picture.add(Line::new([(x1 + dx, y1 + dy), (x2 + dx, y2 + dy)], outline));
            }
        }
    }
    for island in puzzle.islands() {
        let at = centre(island.row, island.column);
        picture.add(
            Circle::new(at, RADIUS)
                .filled(Colour::WHITE)
                .stroked(outline),
        );
        picture.add(Label::new(at, island.number.to_string(), 18.0));
    }
    picture
}

/// The puzzle drawn as an SVG document, with the bridges of `solution` if one is given.
pub fn svg(puzzle: &Puzzle, solution: Option<&Solution>) -> String {
    picture::to_svg(&picture(puzzle, solution))
}

/// The puzzle drawn as a PNG image, `scale` pixels per SVG pixel (2 for sharp pictures on
/// most screens), with the bridges of `solution` if one is given.
pub fn png(puzzle: &Puzzle, solution: Option<&Solution>, scale: f64) -> Result<Vec<u8>, PngError> {
    picture::to_png(&picture(puzzle, solution), scale)
}

/// The centre of a cell.
fn centre(row: usize, column: usize) -> (f64, f64) {
    let half = CELL as f64 / 2.0;
    ((column * CELL) as f64 + half, (row * CELL) as f64 + half)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hashi::format::read_solved;

    #[test]
    fn a_double_bridge_is_two_lines_and_a_single_one_line() {
        let (puzzle, solution) = read_solved("3=3\n|.|\n2-2\n").unwrap();
        let picture = svg(&puzzle, Some(&solution));
        assert_eq!(picture.matches("<line").count(), 5);
        assert_eq!(svg(&puzzle, None).matches("<line").count(), 0);
        assert_eq!(picture.matches("class=\"water\"").count(), 9);
    }
}
