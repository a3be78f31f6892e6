//! Pictures of a Hashiwokakero puzzle and its solution, in SVG: islands as circles with their
//! numbers, bridges as one or two lines between them, the grid's cells as faint dots.
//!
//! ```
//! use kalmar_puzzles::hashi::{Mode, format::read_puzzle, render::svg, solve};
//! let puzzle = read_puzzle("2.5.1\n.....\n1.3..\n").unwrap();
//! let answer = solve(&puzzle, Mode::Find).unwrap();
//! let picture = svg(&puzzle, answer.solutions.first());
//! assert!(picture.starts_with("<svg"));
//! assert_eq!(picture.matches("<text").count(), 5); // one number per island
//! ```
//!
//! # Complexity
//! O(width · height + islands + links).

use super::puzzle::{Puzzle, Solution};
use std::fmt::Write;

/// Pixels per grid cell.
const CELL: usize = 40;
/// The island's radius, in pixels.
const RADIUS: f64 = 15.0;
/// Half the distance between the two lines of a double bridge, in pixels.
const DOUBLE: f64 = 4.0;

/// The puzzle drawn as an SVG document, with the bridges of `solution` if one is given.
pub fn svg(puzzle: &Puzzle, solution: Option<&Solution>) -> String {
    let (width, height) = (puzzle.width() * CELL, puzzle.height() * CELL);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n"
    );
    for row in 0..puzzle.height() {
        for column in 0..puzzle.width() {
            let (x, y) = centre(row, column);
            let _ = writeln!(
                out,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"1.5\" fill=\"#ccc\" class=\"water\"/>"
            );
        }
    }
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
                let _ = writeln!(
                    out,
                    "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\" stroke-width=\"2\"/>",
                    x1 + dx,
                    y1 + dy,
                    x2 + dx,
                    y2 + dy
                );
            }
        }
    }
    for island in puzzle.islands() {
        let (x, y) = centre(island.row, island.column);
        let _ = writeln!(
            out,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{RADIUS}\" fill=\"white\" stroke=\"black\" stroke-width=\"2\"/>\n\
             <text x=\"{x}\" y=\"{y}\" font-size=\"18\" text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
            island.number
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The centre of a cell, in pixels.
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
