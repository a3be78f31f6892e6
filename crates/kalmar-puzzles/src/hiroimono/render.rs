//! Pictures of a Hiroimono puzzle and a tour, in SVG or PNG: the grid's points as faint dots,
//! stones as black discs (the start ringed), and a tour as a line from stone to stone with each
//! stone's place in the order. [`picture`](fn@picture) says what is drawn; [`svg`] and [`png`] write it
//! (see [`crate::picture`]).
//!
//! ```
//! use kalmar_puzzles::hiroimono::{Mode, Variant, format, render, solve};
//! let puzzle = format::parse("S.o\no.o\n").unwrap();
//! let answer = solve(&puzzle, Variant::Start, Mode::Find);
//! let picture = render::svg(&puzzle, answer.solutions.first()).unwrap();
//! assert!(picture.starts_with("<svg"));
//! assert_eq!(picture.matches("class=\"stone\"").count(), 4);
//! assert_eq!(picture.matches("<polyline").count(), 1);
//! let png = render::png(&puzzle, answer.solutions.first(), 2.0).unwrap();
//! assert!(png.starts_with(b"\x89PNG"));
//! ```
//!
//! # Complexity
//! O(width · height + stones), refused beyond [`MAX_DRAWN_CELLS`] grid points; O(pixels) for
//! the PNG.

use super::format::{DrawError, MAX_DRAWN_CELLS};
use super::model::{Puzzle, Solution};
use crate::picture::{self, Circle, Colour, Label, Line, Picture, Stroke};

/// Picture units (SVG pixels) between neighbouring grid points.
const STEP: i64 = 30;
/// The margin around the grid.
const MARGIN: i64 = 20;
/// The colour of the tour and of the ring round the first stone.
const TOUR: Colour = Colour::rgb(0xcc, 0x33, 0x33);
/// The grid points' colour.
const GRID: Colour = Colour::rgb(0xcc, 0xcc, 0xcc);

/// The puzzle drawn, with `tour` if one is given.
pub fn picture(puzzle: &Puzzle, tour: Option<&Solution>) -> Result<Picture, DrawError> {
    let (low, high) = puzzle.bounding_box();
    let (columns, rows) = (high.x - low.x + 1, high.y - low.y + 1);
    let cells = (columns as u64).saturating_mul(rows as u64);
    if cells > MAX_DRAWN_CELLS {
        return Err(DrawError::TooLarge(cells));
    }
    let place = |x: i64, y: i64| {
        (
            (MARGIN + (x - low.x) * STEP) as f64,
            (MARGIN + (y - low.y) * STEP) as f64,
        )
    };
    let mut picture = Picture::new(
        (2 * MARGIN + (columns - 1) * STEP) as f64,
        (2 * MARGIN + (rows - 1) * STEP) as f64,
    );
    for y in low.y..=high.y {
        for x in low.x..=high.x {
            picture.add(Circle::new(place(x, y), 1.5).filled(GRID));
        }
    }
    if let Some(tour) = tour {
        let points = tour
            .points(puzzle)
            .ok_or_else(|| DrawError::NoSuchStone(first_missing(puzzle, tour)))?;
        picture.add(Line::new(
            points.iter().map(|p| place(p.x, p.y)),
            Stroke::solid(TOUR, 3.0),
        ));
    }
    for (index, stone) in puzzle.stones().iter().enumerate() {
        let at = place(stone.x, stone.y);
        if index == 0 {
            picture.add(Circle::new(at, 12.0).stroked(Stroke::solid(TOUR, 2.0)));
        }
        picture.add(
            Circle::new(at, 9.0)
                .filled(Colour::BLACK)
                .with_class("stone"),
        );
    }
    if let Some(tour) = tour {
        for (number, &stone) in tour.order.iter().enumerate() {
            let at = puzzle.stones()[stone];
            let label = Label::new(place(at.x, at.y), (number + 1).to_string(), 10.0);
            picture.add(label.coloured(Colour::WHITE));
        }
    }
    Ok(picture)
}

/// The puzzle drawn as an SVG document, with `tour` if one is given.
pub fn svg(puzzle: &Puzzle, tour: Option<&Solution>) -> Result<String, DrawError> {
    Ok(picture::to_svg(&picture(puzzle, tour)?))
}

/// The puzzle drawn as a PNG image, `scale` pixels per SVG pixel (2 for sharp pictures on
/// most screens), with `tour` if one is given.
pub fn png(puzzle: &Puzzle, tour: Option<&Solution>, scale: f64) -> Result<Vec<u8>, DrawError> {
    Ok(picture::to_png(&picture(puzzle, tour)?, scale)?)
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
