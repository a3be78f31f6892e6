//! Text formats: puzzles as a grid or as a list of points, solutions as a list of points or
//! drawn on the grid.
//!
//! # Grammar
//!
//! Lines end with `\n` (a `\r` before it is dropped). A *filler* line is blank (spaces and
//! tabs only) or a comment, whose first non-blank character is `#`.
//!
//! **Grid form.** Filler lines, then the rows of the grid, one line per row, top row first,
//! then filler lines. Each row is a string of cells, left to right: `o` a stone, `S` the
//! start stone, `.` an empty point. Rows may be of different lengths (missing cells are
//! empty); a filler line inside the grid is an error. At most one `S`; the stones are listed
//! in reading order (row by row, left to right) except that `S`, if present, is moved to the
//! front. The first stone is the start of the START variants. Row `r` (from 0) and column `c`
//! (from 0) make the point `(c, r)`.
//!
//! ```text
//! # a U-turn
//! S.o
//! o.o
//! ```
//!
//! **Point-list form.** Filler lines, the header line `hiroimono points`, then one line
//! `x y` per stone (integers of magnitude at most [`MAX_COORDINATE`], separated by spaces or
//! tabs), filler lines allowed anywhere. The first stone is the start. This is the form for
//! large sparse puzzles such as the reduction's.
//!
//! ```text
//! hiroimono points
//! 0 0
//! 0 1
//! 2 1
//! 2 0
//! ```
//!
//! **Solutions.** The header `hiroimono solution`, then the collected stones' points, one
//! `x y` line each, in the order collected ([`write_solution`], [`parse_solution`]). For
//! reading by people, [`draw_solution`] puts each stone's place in the order (from 1) on the
//! grid.
//!
//! ```
//! use kalmar_puzzles::hiroimono::{format, Solution};
//! let puzzle = format::parse("# a U\nS.o\no.o\n").unwrap();
//! assert_eq!(format::write_points(&puzzle), "hiroimono points\n0 0\n2 0\n0 1\n2 1\n");
//! let solution = Solution { order: vec![0, 2, 3, 1] };
//! assert_eq!(format::draw_solution(&puzzle, &solution).unwrap(), "1 . 4\n2 . 3\n");
//! let text = format::write_solution(&puzzle, &solution).unwrap();
//! assert_eq!(format::parse_solution(&puzzle, &text).unwrap(), solution);
//! let error = format::parse("S.o\no.x\n").unwrap_err();
//! assert_eq!(error.to_string(), "<input>:2:3: found 'x', expected 'o', 'S' or '.'");
//! ```
//!
//! # Complexity
//! Reading is O(size of the text) plus O(n log n) to refuse duplicate stones; drawing a grid
//! is O(width · height), refused beyond [`MAX_DRAWN_CELLS`].

use super::model::{MAX_COORDINATE, MAX_STONES, Point, Puzzle, PuzzleError, Solution};
use kalmar_core::{ParseError, Span};
use std::collections::HashMap;
use thiserror::Error;

/// The most cells a drawn grid may have.
pub const MAX_DRAWN_CELLS: u64 = 1 << 24;

/// Why a puzzle or solution cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DrawError {
    /// The bounding box has more than [`MAX_DRAWN_CELLS`] cells.
    #[error("the grid would have {0} cells, more than the {MAX_DRAWN_CELLS} drawn")]
    TooLarge(u64),
    /// The solution names a stone the puzzle does not have.
    #[error("the solution names stone {0}, which the puzzle does not have")]
    NoSuchStone(usize),
    /// The picture cannot become a PNG (a bad scale, or too many pixels).
    #[error(transparent)]
    Png(#[from] crate::picture::PngError),
}

/// The lines of a text with their numbers (from 1), a final `\r` dropped.
fn numbered_lines(text: &str) -> impl Iterator<Item = (u32, &str)> {
    (1..).zip(text.lines())
}

fn is_filler(line: &str) -> bool {
    let line = line.trim_start();
    line.is_empty() || line.starts_with('#')
}

/// Reads a puzzle in either form: the point-list form if its first non-filler line is the
/// header `hiroimono points`, else the grid form.
pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let header = numbered_lines(text).find(|(_, line)| !is_filler(line));
    match header {
        Some((_, line)) if line.trim() == "hiroimono points" => parse_points(text),
        _ => parse_grid(text),
    }
}

/// Reads the grid form.
pub fn parse_grid(text: &str) -> Result<Puzzle, ParseError> {
    let mut stones = Vec::new();
    let mut rows_ended_at: Option<u32> = None;
    let mut first_row: Option<u32> = None;
    let mut start: Option<(usize, Span)> = None;
    for (number, line) in numbered_lines(text) {
        if is_filler(line) {
            if first_row.is_some() {
                rows_ended_at.get_or_insert(number);
            }
            continue;
        }
        let span = |column: usize| Span {
            line: number,
            column: column as u32 + 1,
        };
        if let Some(end) = rows_ended_at {
            return Err(ParseError::new(
                span(0),
                format!("a grid row after the filler line {end}"),
                "the rows of the grid on consecutive lines",
            ));
        }
        let row = i64::from(number - *first_row.get_or_insert(number));
        for (column, cell) in line.chars().enumerate() {
            let point = Point::new(column as i64, row);
            match cell {
                '.' => {}
                'o' => stones.push(point),
                'S' => {
                    if let Some((_, first)) = start {
                        return Err(ParseError::new(
                            span(column),
                            "a second 'S'",
                            format!("one start (line {} has one)", first.line),
                        ));
                    }
                    start = Some((stones.len(), span(column)));
                    stones.push(point);
                }
                other => {
                    return Err(ParseError::new(
                        span(column),
                        format!("'{other}'"),
                        "'o', 'S' or '.'",
                    ));
                }
            }
            if stones.len() > MAX_STONES {
                return Err(ParseError::new(
                    span(column),
                    "too many stones",
                    format!("at most {MAX_STONES} stones"),
                ));
            }
        }
    }
    if let Some((index, _)) = start {
        stones[..=index].rotate_right(1);
    }
    let spans: Vec<Span> = stones
        .iter()
        .map(|p| Span {
            line: first_row.unwrap_or(1) + p.y as u32,
            column: p.x as u32 + 1,
        })
        .collect();
    Puzzle::new(stones).map_err(|e| puzzle_error(e, &spans))
}

/// A puzzle error as a parse error at the later stone's place.
fn puzzle_error(error: PuzzleError, spans: &[Span]) -> ParseError {
    match error {
        PuzzleError::Duplicate { first, second, .. } => ParseError::new(
            spans[second],
            "a second stone at one point",
            format!("distinct points (line {} has it)", spans[first].line),
        ),
        PuzzleError::Coordinate { stone, point } => ParseError::new(
            spans[stone],
            format!("a stone at {point}"),
            format!("coordinates of magnitude at most {MAX_COORDINATE}"),
        ),
        PuzzleError::TooMany(n) => ParseError::new(
            spans.last().copied().unwrap_or_default(),
            format!("{n} stones"),
            format!("at most {MAX_STONES}"),
        ),
    }
}

/// Reads the point-list form.
pub fn parse_points(text: &str) -> Result<Puzzle, ParseError> {
    let (points, spans) = parse_point_lines(text, "hiroimono points")?;
    Puzzle::new(points).map_err(|e| puzzle_error(e, &spans))
}

/// Reads `header` and then `x y` lines, with each point's place.
fn parse_point_lines(text: &str, header: &str) -> Result<(Vec<Point>, Vec<Span>), ParseError> {
    let mut points = Vec::new();
    let mut spans = Vec::new();
    let mut seen_header = false;
    let mut last = Span { line: 1, column: 1 };
    for (number, line) in numbered_lines(text) {
        last = Span {
            line: number,
            column: line.chars().count() as u32 + 1,
        };
        if is_filler(line) {
            continue;
        }
        let indent = (line.len() - line.trim_start().len()) as u32;
        let at = Span {
            line: number,
            column: indent + 1,
        };
        if !seen_header {
            if line.trim() != header {
                return Err(ParseError::new(
                    at,
                    format!("'{}'", line.trim()),
                    format!("the header '{header}'"),
                ));
            }
            seen_header = true;
            continue;
        }
        if points.len() == MAX_STONES {
            return Err(ParseError::new(
                at,
                "too many points",
                format!("at most {MAX_STONES}"),
            ));
        }
        points.push(parse_point(number, line)?);
        spans.push(at);
    }
    if !seen_header {
        return Err(ParseError::new(
            last,
            "the end of the input",
            format!("the header '{header}'"),
        ));
    }
    Ok((points, spans))
}

/// Reads one `x y` line.
fn parse_point(number: u32, line: &str) -> Result<Point, ParseError> {
    let mut fields = Vec::with_capacity(2);
    let mut column = 0u32;
    for word in line.split([' ', '\t']) {
        if !word.is_empty() {
            fields.push((column + 1, word));
        }
        column += word.chars().count() as u32 + 1;
    }
    let span = |column| Span {
        line: number,
        column,
    };
    if fields.len() != 2 {
        let (column, word) = fields
            .get(2)
            .copied()
            .unwrap_or((column, "the end of the line"));
        return Err(ParseError::new(span(column), word, "two integers 'x y'"));
    }
    let coordinate = |(column, word): (u32, &str)| {
        word.parse::<i64>()
            .ok()
            .filter(|v| v.abs() <= MAX_COORDINATE)
            .ok_or_else(|| {
                ParseError::new(
                    span(column),
                    format!("'{word}'"),
                    format!("an integer of magnitude at most {MAX_COORDINATE}"),
                )
            })
    };
    Ok(Point::new(coordinate(fields[0])?, coordinate(fields[1])?))
}

/// Writes the puzzle as people read it: the grid form, or the point list when the grid would be
/// too large to draw (as `kalmar puzzle generate` and Python's `to_text` write it).
pub fn write(puzzle: &Puzzle) -> String {
    write_grid(puzzle).unwrap_or_else(|_| write_points(puzzle))
}

/// Writes the grid form (`S` the first stone). The stones' order after the first is not kept.
pub fn write_grid(puzzle: &Puzzle) -> Result<String, DrawError> {
    draw(puzzle, 1, false, |stone| {
        if stone == 0 { "S" } else { "o" }.to_string()
    })
}

/// Writes the point-list form, which keeps the stones' order.
pub fn write_points(puzzle: &Puzzle) -> String {
    write_point_list("hiroimono points", puzzle.stones())
}

fn write_point_list(header: &str, points: &[Point]) -> String {
    let mut text = format!("{header}\n");
    for p in points {
        text += &format!("{} {}\n", p.x, p.y);
    }
    text
}

/// Writes a solution as the points of its order.
pub fn write_solution(puzzle: &Puzzle, solution: &Solution) -> Result<String, DrawError> {
    let points = solution.points(puzzle).ok_or_else(|| {
        let missing = solution.order.iter().find(|&&s| s >= puzzle.len());
        DrawError::NoSuchStone(missing.copied().unwrap_or_default())
    })?;
    Ok(write_point_list("hiroimono solution", &points))
}

/// Reads a solution of `puzzle` written by [`write_solution`]: every point must be a stone.
pub fn parse_solution(puzzle: &Puzzle, text: &str) -> Result<Solution, ParseError> {
    let (points, spans) = parse_point_lines(text, "hiroimono solution")?;
    let index: HashMap<Point, usize> = puzzle.stones().iter().copied().zip(0..).collect();
    let order = points
        .iter()
        .zip(&spans)
        .map(|(p, &span)| {
            index
                .get(p)
                .copied()
                .ok_or_else(|| ParseError::new(span, format!("{p}"), "the point of a stone"))
        })
        .collect::<Result<_, _>>()?;
    Ok(Solution { order })
}

/// Draws the grid with each stone's place in the solution's order (from 1), right-aligned in
/// columns as wide as the largest number, `.` for empty points.
pub fn draw_solution(puzzle: &Puzzle, solution: &Solution) -> Result<String, DrawError> {
    let mut place = vec![None; puzzle.len()];
    for (k, &s) in solution.order.iter().enumerate() {
        *place.get_mut(s).ok_or(DrawError::NoSuchStone(s))? = Some(k + 1);
    }
    let width = puzzle.len().max(1).to_string().len();
    draw(puzzle, width, true, |stone| {
        place[stone].map_or("?".to_string(), |k| k.to_string())
    })
}

/// Draws the bounding box, cells `width` wide (separated by a space if `separated`), a
/// stone's cell given by `cell`.
fn draw(
    puzzle: &Puzzle,
    width: usize,
    separated: bool,
    cell: impl Fn(usize) -> String,
) -> Result<String, DrawError> {
    let (low, high) = puzzle.bounding_box();
    let extent = |low: i64, high: i64| (i128::from(high) - i128::from(low) + 1) as u128;
    let (columns, rows) = (extent(low.x, high.x), extent(low.y, high.y));
    let cells = u64::try_from(columns.saturating_mul(rows)).unwrap_or(u64::MAX);
    if cells > MAX_DRAWN_CELLS {
        return Err(DrawError::TooLarge(cells));
    }
    let mut grid = vec![vec![None; columns as usize]; rows as usize];
    for (stone, p) in puzzle.stones().iter().enumerate() {
        grid[(p.y - low.y) as usize][(p.x - low.x) as usize] = Some(stone);
    }
    let separator = if separated { " " } else { "" };
    let mut text = String::new();
    for row in grid {
        let cells: Vec<String> = row
            .into_iter()
            .map(|s| format!("{:>width$}", s.map_or(".".to_string(), &cell)))
            .collect();
        text += &cells.join(separator);
        text.push('\n');
    }
    Ok(text)
}
