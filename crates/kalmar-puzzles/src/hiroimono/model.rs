//! The model: stones on integer points, the four variants of Andersson's paper, and a
//! solution as an order of the stones.
//!
//! Coordinates are `(x, y)` with `x` growing to the right (the column) and `y` growing
//! downwards (the row), as a grid is read.
//!
//! ```
//! use kalmar_puzzles::hiroimono::{Point, Puzzle, Variant};
//! let puzzle = Puzzle::new(vec![Point::new(0, 0), Point::new(3, 0), Point::new(3, 2)]).unwrap();
//! assert_eq!(puzzle.len(), 3);
//! assert_eq!(puzzle.bounding_box(), (Point::new(0, 0), Point::new(3, 2)));
//! assert_eq!(Variant::from_id("180-start"), Some(Variant::ReversalStart));
//! assert_eq!(Variant::ReversalStart.name(), "180-START-HIROIMONO");
//! assert_eq!("START-HIROIMONO".parse::<Variant>(), Ok(Variant::Start));
//! assert!("diagonal".parse::<Variant>().is_err());
//! ```
//!
//! # Complexity
//! [`Puzzle::new`] sorts the stones once to refuse duplicates: O(n log n).

use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// The most stones a puzzle may have: far beyond what any solver here finishes, small enough
/// that every per-stone table is a few megabytes.
pub const MAX_STONES: usize = 1 << 20;

/// An integer point of the grid: `x` the column (growing rightwards), `y` the row (growing
/// downwards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Point {
    /// The column.
    pub x: i64,
    /// The row.
    pub y: i64,
}

impl Point {
    /// The point in column `x` and row `y`.
    pub const fn new(x: i64, y: i64) -> Self {
        Point { x, y }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// One of the four directions of a move along a grid line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    /// Towards smaller `y`.
    Up,
    /// Towards larger `x`.
    Right,
    /// Towards larger `y`.
    Down,
    /// Towards smaller `x`.
    Left,
}

impl Direction {
    /// All four, in the order of their [`Direction::index`].
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Right,
        Direction::Down,
        Direction::Left,
    ];

    /// 0 to 3, in the order of [`Direction::ALL`] (clockwise from up).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction back.
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 2) % 4]
    }

    /// The direction of a move from `from` to `to` if they share a row or a column and differ.
    pub fn between(from: Point, to: Point) -> Option<Direction> {
        use std::cmp::Ordering::*;
        match (to.x.cmp(&from.x), to.y.cmp(&from.y)) {
            (Equal, Less) => Some(Direction::Up),
            (Equal, Greater) => Some(Direction::Down),
            (Greater, Equal) => Some(Direction::Right),
            (Less, Equal) => Some(Direction::Left),
            _ => None,
        }
    }
}

/// The four decision problems of the paper (Definition 1): whether the start is given, and
/// whether 180° turns are allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Variant {
    /// HIROIMONO: any start, no 180° turns.
    Classic,
    /// START-HIROIMONO: start at the first stone, no 180° turns.
    Start,
    /// 180-HIROIMONO: any start, 180° turns allowed.
    Reversal,
    /// 180-START-HIROIMONO: start at the first stone, 180° turns allowed.
    ReversalStart,
}

impl Variant {
    /// All four.
    pub const ALL: [Variant; 4] = [
        Variant::Classic,
        Variant::Start,
        Variant::Reversal,
        Variant::ReversalStart,
    ];

    /// The name the paper gives the problem, such as `180-START-HIROIMONO`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Classic => "HIROIMONO",
            Variant::Start => "START-HIROIMONO",
            Variant::Reversal => "180-HIROIMONO",
            Variant::ReversalStart => "180-START-HIROIMONO",
        }
    }

    /// The short id for command lines: `classic`, `start`, `180`, `180-start`.
    pub const fn id(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::Start => "start",
            Variant::Reversal => "180",
            Variant::ReversalStart => "180-start",
        }
    }

    /// The variant of a short id or of a paper name (case-insensitive).
    pub fn from_id(text: &str) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|v| text.eq_ignore_ascii_case(v.id()) || text.eq_ignore_ascii_case(v.name()))
    }

    /// Whether the tour must start at the first stone of the instance.
    pub const fn fixed_start(self) -> bool {
        matches!(self, Variant::Start | Variant::ReversalStart)
    }

    /// Whether a move may go straight back along the previous one.
    pub const fn reversals_allowed(self) -> bool {
        matches!(self, Variant::Reversal | Variant::ReversalStart)
    }

    /// Whether `next` may follow a move in direction `previous` (`None` at the start).
    pub fn allows_turn(self, previous: Option<Direction>, next: Direction) -> bool {
        self.reversals_allowed() || previous != Some(next.opposite())
    }
}

/// A text that names no variant.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown variant '{0}': expected classic, start, 180 or 180-start (or a paper name)")]
pub struct UnknownVariant(pub String);

impl std::str::FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(text: &str) -> Result<Self, UnknownVariant> {
        Variant::from_id(text).ok_or_else(|| UnknownVariant(text.to_string()))
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a list of points is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// Two stones on one point.
    #[error("stones {first} and {second} are both at {point}")]
    Duplicate {
        /// The earlier stone's index.
        first: usize,
        /// The later stone's index.
        second: usize,
        /// Where both are.
        point: Point,
    },
    /// More than [`MAX_STONES`] stones.
    #[error("{0} stones, more than the {MAX_STONES} allowed")]
    TooMany(usize),
    /// A coordinate above [`MAX_COORDINATE`] in magnitude.
    #[error("stone {stone} at {point}: coordinates are at most {MAX_COORDINATE} in magnitude")]
    Coordinate {
        /// The stone's index.
        stone: usize,
        /// Where it is.
        point: Point,
    },
}

/// The largest magnitude of a coordinate, so that distances and drawn grids stay in range.
pub const MAX_COORDINATE: i64 = 1 << 40;

/// A Hiroimono instance: an ordered list of distinct points, the first being the start of the
/// START variants.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<Point>", into = "Vec<Point>")]
pub struct Puzzle {
    stones: Vec<Point>,
}

impl Puzzle {
    /// The puzzle of these stones, the first being the start. Refuses two stones on one point
    /// and coordinates above [`MAX_COORDINATE`] in magnitude.
    pub fn new(stones: Vec<Point>) -> Result<Self, PuzzleError> {
        if stones.len() > MAX_STONES {
            return Err(PuzzleError::TooMany(stones.len()));
        }
        let far = |(_, p): &(usize, &Point)| {
            p.x.unsigned_abs().max(p.y.unsigned_abs()) > MAX_COORDINATE as u64
        };
        if let Some((stone, &point)) = stones.iter().enumerate().find(far) {
            return Err(PuzzleError::Coordinate { stone, point });
        }
        let mut sorted: Vec<(Point, usize)> = stones.iter().copied().zip(0..).collect();
        sorted.sort_unstable();
        if let Some(pair) = sorted.windows(2).find(|pair| pair[0].0 == pair[1].0) {
            return Err(PuzzleError::Duplicate {
                first: pair[0].1,
                second: pair[1].1,
                point: pair[0].0,
            });
        }
        Ok(Puzzle { stones })
    }

    /// The stones, in the instance's order.
    pub fn stones(&self) -> &[Point] {
        &self.stones
    }

    /// The number of stones.
    pub fn len(&self) -> usize {
        self.stones.len()
    }

    /// Whether there are no stones (trivially solved by the empty order).
    pub fn is_empty(&self) -> bool {
        self.stones.is_empty()
    }

    /// The smallest and largest corner of the box around the stones (the origin twice when
    /// there are none).
    pub fn bounding_box(&self) -> (Point, Point) {
        let Some(&first) = self.stones.first() else {
            return (Point::new(0, 0), Point::new(0, 0));
        };
        self.stones.iter().fold((first, first), |(low, high), p| {
            (
                Point::new(low.x.min(p.x), low.y.min(p.y)),
                Point::new(high.x.max(p.x), high.y.max(p.y)),
            )
        })
    }
}

impl TryFrom<Vec<Point>> for Puzzle {
    type Error = PuzzleError;
    fn try_from(stones: Vec<Point>) -> Result<Self, PuzzleError> {
        Puzzle::new(stones)
    }
}

impl From<Puzzle> for Vec<Point> {
    fn from(puzzle: Puzzle) -> Self {
        puzzle.stones
    }
}

/// A claimed solution: the stones' indices in the order they are collected.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Solution {
    /// Stone indices, first collected first.
    pub order: Vec<usize>,
}

impl Solution {
    /// The points of the order, in the order; `None` if an index is not a stone of `puzzle`.
    pub fn points(&self, puzzle: &Puzzle) -> Option<Vec<Point>> {
        self.order
            .iter()
            .map(|&i| puzzle.stones().get(i).copied())
            .collect()
    }
}
