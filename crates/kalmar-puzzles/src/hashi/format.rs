//! The plain text format of Hashiwokakero: the grid as it looks, one line per row.
//!
//! ```text
//! file    = { skipped } row { row | skipped }
//! row     = cell { cell } [ spaces ] newline          all rows the same length
//! cell    = "1" … "8"                                 an island and its number
//!         | "."                                       water
//!         | "-" | "="                                 one or two horizontal bridges
//!         | "|" | '"'                                 one or two vertical bridges
//! skipped = [ spaces ] newline                        a blank line
//!         | "#" { any character } newline             a comment
//! ```
//!
//! A carriage return before a newline is allowed, and the last newline may be missing. A
//! puzzle ([`read_puzzle`]) reads bridge characters as water; a solved grid ([`read_solved`])
//! must draw every bridge along the whole gap between its two islands with one character, and
//! draws no bridge character elsewhere. Bridges between islands in adjacent cells cannot be
//! drawn: [`write_solved`] refuses them and [`read_solved`] reads such links as empty. At most
//! 4096 rows of 4096 cells, and at most 2^22 cells, are read; a larger grid is refused where it
//! first exceeds the bound, before it is stored.
//!
//! ```
//! use kalmar_puzzles::hashi::format::{read_puzzle, read_solved, write_puzzle, write_solved};
//! let text = "# a small one\n3=3\n|.|\n2-2\n";
//! let (puzzle, solution) = read_solved(text).unwrap();
//! assert_eq!(solution.bridges, [2, 1, 1, 1]);
//! assert_eq!(write_puzzle(&puzzle), "3.3\n...\n2.2\n");
//! assert_eq!(write_solved(&puzzle, &solution).unwrap(), "3=3\n|.|\n2-2\n");
//! assert_eq!(read_puzzle("3.3\n...\n2.2\n").unwrap(), puzzle);
//! let error = read_puzzle("3.3\n.x.\n").unwrap_err();
//! assert_eq!(error.to_string(), "<input>:2:2: found 'x', expected an island 1-8, '.' or a bridge");
//! ```
//!
//! # Complexity
//! O(size of the text) to read, plus O(width·height) for the puzzle's geometry; O(width·height)
//! to write.

use super::puzzle::{Island, MAX_CELLS, MAX_SIDE, Puzzle, Solution};
use kalmar_core::{ParseError, Span};
use thiserror::Error;

/// The grid as read: its cells and the line each row came from.
struct Grid {
    width: usize,
    rows: Vec<(u32, Vec<u8>)>,
}

impl Grid {
    fn cell(&self, cell: usize) -> u8 {
        self.rows[cell / self.width].1[cell % self.width]
    }

    fn span(&self, cell: usize) -> Span {
        Span {
            line: self.rows[cell / self.width].0,
            column: (cell % self.width + 1) as u32,
        }
    }
}

fn quoted(c: char) -> String {
    format!("'{c}'")
}

fn read_grid(text: &str) -> Result<Grid, ParseError> {
    let mut rows: Vec<(u32, Vec<u8>)> = Vec::new();
    let mut width = 0;
    let mut last_line = 1;
    for (index, raw) in text.lines().enumerate() {
        let line = u32::try_from(index + 1).unwrap_or(u32::MAX);
        last_line = line;
        let content = raw.trim_end();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        let mut cells = Vec::with_capacity(content.len().min(MAX_SIDE));
        for (position, c) in content.chars().enumerate() {
            let span = Span {
                line,
                column: (position + 1) as u32,
            };
            if !matches!(c, '1'..='8' | '.' | '-' | '=' | '|' | '"') {
                return Err(ParseError::new(
                    span,
                    quoted(c),
                    "an island 1-8, '.' or a bridge",
                ));
            }
            if position >= MAX_SIDE || (rows.len() + 1) * (position + 1) > MAX_CELLS {
                return Err(ParseError::new(
                    span,
                    format!("cell {} of row {}", position + 1, rows.len() + 1),
                    format!("at most {MAX_SIDE} cells a row and {MAX_CELLS} in all"),
                ));
            }
            cells.push(c as u8);
        }
        if rows.is_empty() {
            width = cells.len();
        } else if cells.len() != width {
            let column = (cells.len().min(width) + 1) as u32;
            return Err(ParseError::new(
                Span { line, column },
                format!("a row of {} cells", cells.len()),
                format!("{width} cells, as in the first row"),
            ));
        }
        if rows.len() >= MAX_SIDE {
            return Err(ParseError::new(
                Span { line, column: 1 },
                format!("row {}", rows.len() + 1),
                format!("at most {MAX_SIDE} rows"),
            ));
        }
        rows.push((line, cells));
    }
    if rows.is_empty() {
        return Err(ParseError::new(
            Span {
                line: last_line,
                column: 1,
            },
            "no grid",
            "at least one row of cells",
        ));
    }
    Ok(Grid { width, rows })
}

fn puzzle_of(grid: &Grid) -> Puzzle {
    let mut islands = Vec::new();
    for (row, (_, cells)) in grid.rows.iter().enumerate() {
        for (column, &c) in cells.iter().enumerate() {
            if c.is_ascii_digit() {
                islands.push(Island {
                    row,
                    column,
                    number: c - b'0',
                });
            }
        }
    }
    // The reader has bounded the size and the numbers, and islands are distinct cells.
    Puzzle::new(grid.width, grid.rows.len(), islands).expect("a grid read is a valid puzzle")
}

/// Reads a puzzle; bridge characters are read as water.
pub fn read_puzzle(text: &str) -> Result<Puzzle, ParseError> {
    read_grid(text).map(|grid| puzzle_of(&grid))
}

/// The bridge characters of a horizontal or vertical link, for 1 and 2 bridges.
fn symbols(horizontal: bool) -> [u8; 2] {
    if horizontal {
        [b'-', b'=']
    } else {
        [b'|', b'"']
    }
}

/// Reads a solved grid: the puzzle and the bridges drawn on it. The solution is as drawn, not
/// checked (see [`check`](super::check::check)).
pub fn read_solved(text: &str) -> Result<(Puzzle, Solution), ParseError> {
    let grid = read_grid(text)?;
    let puzzle = puzzle_of(&grid);
    let mut claimed = vec![false; grid.width * grid.rows.len()];
    let mut bridges = Vec::with_capacity(puzzle.links().len());
    for (index, link) in puzzle.links().iter().enumerate() {
        let [single, double] = symbols(link.horizontal);
        let count_at = |cell: usize| match grid.cell(cell) {
            c if c == single => 1,
            c if c == double => 2,
            _ => 0,
        };
        let mut cells = puzzle.water_cells(index);
        let count = cells.next().map_or(0, count_at);
        for cell in puzzle.water_cells(index) {
            if count_at(cell) != count {
                let expected = match count {
                    0 => "no bridge, as at the start of this gap".to_string(),
                    _ => format!(
                        "'{}', as at the start of this gap",
                        if count == 1 { single } else { double } as char
                    ),
                };
                return Err(ParseError::new(
                    grid.span(cell),
                    quoted(grid.cell(cell) as char),
                    expected,
                ));
            }
            if count > 0 {
                claimed[cell] = true;
            }
        }
        bridges.push(count);
    }
    for (cell, &is_claimed) in claimed.iter().enumerate() {
        let c = grid.cell(cell);
        if !is_claimed && matches!(c, b'-' | b'=' | b'|' | b'"') {
            return Err(ParseError::new(
                grid.span(cell),
                quoted(c as char),
                "a bridge only between two islands of its row (- =) or column (| \")",
            ));
        }
    }
    Ok((puzzle, Solution { bridges }))
}

/// Why a solution cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DrawError {
    /// The solution does not give one count per link.
    #[error("the solution has {found} bridge counts, the puzzle has {expected} links")]
    Length {
        /// Counts given.
        found: usize,
        /// Links in the puzzle.
        expected: usize,
    },
    /// Bridges between islands in adjacent cells have no cell to be drawn in.
    #[error(
        "bridges between adjacent islands {first} and {second} (counted from 1) cannot be drawn"
    )]
    Adjacent {
        /// One island.
        first: usize,
        /// The other.
        second: usize,
    },
    /// A count other than 0, 1 or 2.
    #[error("{count} bridges between islands {first} and {second} (counted from 1)")]
    Count {
        /// One island.
        first: usize,
        /// The other.
        second: usize,
        /// The count.
        count: u8,
    },
}

fn cells_of(puzzle: &Puzzle) -> Vec<u8> {
    let mut cells = vec![b'.'; puzzle.width() * puzzle.height()];
    for island in puzzle.islands() {
        cells[island.row * puzzle.width() + island.column] = b'0' + island.number;
    }
    cells
}

fn text_of(cells: &[u8], width: usize) -> String {
    let mut text = String::with_capacity(cells.len() + cells.len() / width);
    for row in cells.chunks(width) {
        text.extend(row.iter().map(|&c| c as char));
        text.push('\n');
    }
    text
}

/// Writes a puzzle, one line per row.
pub fn write_puzzle(puzzle: &Puzzle) -> String {
    text_of(&cells_of(puzzle), puzzle.width())
}

/// Writes a solved grid with its bridges drawn. A bridge drawn over another is drawn last.
pub fn write_solved(puzzle: &Puzzle, solution: &Solution) -> Result<String, DrawError> {
    if solution.bridges.len() != puzzle.links().len() {
        return Err(DrawError::Length {
            found: solution.bridges.len(),
            expected: puzzle.links().len(),
        });
    }
    let mut cells = cells_of(puzzle);
    for (index, (link, &count)) in puzzle.links().iter().zip(&solution.bridges).enumerate() {
        let (first, second) = (link.first + 1, link.second + 1);
        let symbol = match count {
            0 => continue,
            1 | 2 => symbols(link.horizontal)[count as usize - 1],
            _ => {
                return Err(DrawError::Count {
                    first,
                    second,
                    count,
                });
            }
        };
        let mut drawn = false;
        for cell in puzzle.water_cells(index) {
            cells[cell] = symbol;
            drawn = true;
        }
        if !drawn {
            return Err(DrawError::Adjacent { first, second });
        }
    }
    Ok(text_of(&cells, puzzle.width()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        read_solved(text).unwrap_err().to_string()
    }

    #[test]
    fn comments_blank_lines_and_carriage_returns_are_skipped() {
        let text = "# title\r\n\r\n1-1\r\n   \n# end\n";
        let (puzzle, solution) = read_solved(text).unwrap();
        assert_eq!((puzzle.width(), puzzle.height()), (3, 1));
        assert_eq!(solution.bridges, [1]);
    }

    #[test]
    fn errors_name_line_and_column() {
        assert_eq!(
            error("1.1\n1.\n"),
            "<input>:2:3: found a row of 2 cells, expected 3 cells, as in the first row"
        );
        assert_eq!(
            error("# nothing\n\n"),
            "<input>:2:1: found no grid, expected at least one row of cells"
        );
        assert_eq!(
            error("1-.1\n"),
            "<input>:1:3: found '.', expected '-', as at the start of this gap"
        );
        assert_eq!(
            error("1.-1\n"),
            "<input>:1:3: found '-', expected no bridge, as at the start of this gap"
        );
        assert_eq!(
            error("1.1\n-..\n"),
            "<input>:2:1: found '-', expected a bridge only between two islands of its row (- =) or column (| \")"
        );
        assert_eq!(
            error("9\n"),
            "<input>:1:1: found '9', expected an island 1-8, '.' or a bridge"
        );
    }

    #[test]
    fn absurd_sizes_are_refused_where_they_start() {
        let wide = ".".repeat(MAX_SIDE + 1);
        assert!(error(&wide).starts_with(&format!("<input>:1:{}:", MAX_SIDE + 1)));
        let tall = ".\n".repeat(MAX_SIDE + 1);
        assert!(error(&tall).starts_with(&format!("<input>:{}:1:", MAX_SIDE + 1)));
    }

    #[test]
    fn bridges_between_adjacent_islands_cannot_be_drawn() {
        let puzzle = read_puzzle("11\n").unwrap();
        let solution = Solution { bridges: vec![1] };
        assert_eq!(
            write_solved(&puzzle, &solution),
            Err(DrawError::Adjacent {
                first: 1,
                second: 2
            })
        );
        let (_, read) = read_solved("11\n").unwrap();
        assert_eq!(read.bridges, [0]);
    }
}
