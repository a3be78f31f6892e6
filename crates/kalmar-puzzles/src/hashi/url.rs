//! Puzzle links: puzz.link / pzprjs URLs of type `hashikake`, and Simon Tatham's Bridges game
//! IDs.
//!
//! **pzprjs** (`https://puzz.link/p?hashikake/W/H/BODY`, also `pzv.jp/p.html?…`; the type names
//! `hashi` and `bridges` are read too): BODY lists the cells in reading order, as pzprjs's
//! "number16" encoding does: a hexadecimal digit `0`–`f` is a cell with that number (larger
//! numbers take `-` and 2 digits, `+` and 3, and so on), `.` a cell whose number is hidden,
//! and `g`–`z` a run of 1–20 empty cells. Runs are written up to 20 long, before the number
//! that ends them. Reading follows pzprjs: other characters are skipped, and reading stops once
//! the grid is full. A leading `v:…` variant or non-numeric flag field before the size is
//! skipped, as pzprjs does. Only numbers 1 to 8 make a Hashiwokakero, so 0, numbers above 8 and
//! hidden numbers are refused.
//!
//! **Tatham** (`WxHm2:DESC`, parameters `WxH` then optional `i…`, `e…`, `m…`, `L`, `d…` in
//! that order, as `bridges.c` reads them): DESC lists the cells in reading order, `1`–`9` an
//! island, `A`–`G` islands 10–16, `a`–`z` a run of 1–26 empty cells; it must cover the grid
//! exactly. `m` is the most bridges per pair; only 2 (the default) is this puzzle. IDs are
//! written as `WxHm2:DESC`.
//!
//! ```
//! use kalmar_puzzles::hashi::format::read_puzzle;
//! use kalmar_puzzles::hashi::url::{from_puzz_link, from_tatham, to_puzz_link, to_tatham};
//! let puzzle = read_puzzle("2.5.1\n.....\n1.3..\n").unwrap();
//! let url = to_puzz_link(&puzzle);
//! assert_eq!(url, "https://puzz.link/p?hashikake/5/3/2g5g1k1g3h");
//! assert_eq!(from_puzz_link(&url).unwrap(), puzzle);
//! assert_eq!(to_tatham(&puzzle), "5x3m2:2a5a1e1a3b");
//! assert_eq!(from_tatham("5x3:2a5a1e1a3b").unwrap(), puzzle);
//! ```
//!
//! # Complexity
//! O(length of the link + width·height) both ways; the size is checked before the grid is
//! allocated.

use super::puzzle::{Island, MAX_NUMBER, Puzzle, PuzzleError, check_size};
use thiserror::Error;

/// Why a link does not give a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UrlError {
    /// The link is not of the expected shape.
    #[error("not a {expected}: {why}")]
    Shape {
        /// The kind of link expected.
        expected: &'static str,
        /// What is wrong.
        why: String,
    },
    /// A cell's number is not 1 to 8.
    #[error("cell {cell} (row {}, column {}) holds {what}, expected a number 1 to {MAX_NUMBER}", row + 1, column + 1)]
    Number {
        /// The cell, counted from 0 in reading order.
        cell: usize,
        /// Its row, from 0.
        row: usize,
        /// Its column, from 0.
        column: usize,
        /// What it holds.
        what: String,
    },
    /// The size or the islands are refused.
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
}

const PZPR: &str = "puzz.link URL of type hashikake";
const TATHAM: &str = "Tatham Bridges game ID";

fn shape(expected: &'static str, why: impl Into<String>) -> UrlError {
    UrlError::Shape {
        expected,
        why: why.into(),
    }
}

fn number_error(width: usize, cell: usize, what: String) -> UrlError {
    UrlError::Number {
        cell,
        row: cell / width,
        column: cell % width,
        what,
    }
}

/// Collects islands from (cell, number) pairs, checking each number.
fn island(width: usize, cell: usize, number: u32) -> Result<Island, UrlError> {
    match u8::try_from(number) {
        Ok(number @ 1..=MAX_NUMBER) => Ok(Island {
            row: cell / width,
            column: cell % width,
            number,
        }),
        _ => Err(number_error(width, cell, format!("the number {number}"))),
    }
}

/// Reads a pzprjs URL (or just its query, `hashikake/W/H/BODY`).
pub fn from_puzz_link(url: &str) -> Result<Puzzle, UrlError> {
    let query = url.split_once('?').map_or(url, |(_, query)| query);
    let mut fields = query.split('/');
    let kind = fields.next().unwrap_or_default();
    if !matches!(kind, "hashikake" | "hashi" | "bridges") {
        return Err(shape(PZPR, format!("the type is {kind:?}")));
    }
    let mut fields = fields.peekable();
    if fields.peek().is_some_and(|f| f.starts_with("v:")) {
        fields.next();
    }
    if fields.peek().is_some_and(|f| f.parse::<f64>().is_err()) {
        fields.next();
    }
    let mut size = || {
        fields
            .next()
            .and_then(|field| field.parse::<usize>().ok())
            .ok_or_else(|| shape(PZPR, "the width and height must follow the type"))
    };
    let (width, height) = (size()?, size()?);
    check_size(width, height)?;
    let body: Vec<&str> = fields.collect();
    let body = body.join("/");
    let cells = width * height;
    let bytes = body.as_bytes();
    let (mut cell, mut at) = (0, 0);
    let mut islands = Vec::new();
    while at < bytes.len() && cell < cells {
        let c = bytes[at];
        // Hexadecimal digits after the prefix, and the offset added to them.
        let (digits, offset) = match c {
            b'0'..=b'9' | b'a'..=b'f' => (0, 0),
            b'-' => (2, 0),
            b'+' => (3, 0),
            b'=' => (3, 4096),
            b'%' | b'@' => (3, 8192),
            b'*' => (4, 12240),
            b'$' => (5, 77776),
            b'.' => {
                return Err(number_error(width, cell, "a hidden number".into()));
            }
            b'g'..=b'z' => {
                cell += usize::from(c - b'g') + 1;
                at += 1;
                continue;
            }
            _ => {
                at += 1;
                continue;
            }
        };
        let number = if digits == 0 {
            char::from(c).to_digit(16).unwrap_or(0)
        } else {
            let hex = body.get(at + 1..at + 1 + digits).unwrap_or("");
            let number = u32::from_str_radix(hex, 16).map_err(|_| {
                number_error(
                    width,
                    cell,
                    format!("{:?}", format!("{}{hex}", char::from(c))),
                )
            })?;
            number + offset
        };
        islands.push(island(width, cell, number)?);
        cell += 1;
        at += 1 + digits;
    }
    Ok(Puzzle::new(width, height, islands)?)
}

/// Writes the puzz.link URL of a puzzle, as pzprjs encodes it.
pub fn to_puzz_link(puzzle: &Puzzle) -> String {
    let mut body = String::new();
    let mut run = 0u32;
    let flush = |body: &mut String, run: &mut u32| {
        if *run > 0 {
            body.push(char::from_digit(15 + *run, 36).expect("runs are at most 20"));
            *run = 0;
        }
    };
    let numbers = cell_numbers(puzzle);
    for number in numbers {
        if number == 0 {
            run += 1;
            if run == 20 {
                flush(&mut body, &mut run);
            }
        } else {
            flush(&mut body, &mut run);
            body.push(char::from_digit(u32::from(number), 16).expect("numbers are 1 to 8"));
        }
    }
    flush(&mut body, &mut run);
    format!(
        "https://puzz.link/p?hashikake/{}/{}/{body}",
        puzzle.width(),
        puzzle.height()
    )
}

/// Each cell's number in reading order, 0 for water.
fn cell_numbers(puzzle: &Puzzle) -> Vec<u8> {
    let mut numbers = vec![0; puzzle.width() * puzzle.height()];
    for island in puzzle.islands() {
        numbers[island.row * puzzle.width() + island.column] = island.number;
    }
    numbers
}

/// Reads the leading decimal number of `text`, returning it and the rest.
fn leading_number(text: &str) -> (Option<usize>, &str) {
    let end = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    (text[..end].parse().ok(), &text[end..])
}

/// Reads a Tatham Bridges game ID, `WxH[i..][e..][m..][L][d..]:DESC`.
pub fn from_tatham(id: &str) -> Result<Puzzle, UrlError> {
    let (params, description) = id
        .split_once(':')
        .ok_or_else(|| shape(TATHAM, "no ':' between parameters and description"))?;
    let (width, mut rest) = leading_number(params);
    let width = width.ok_or_else(|| shape(TATHAM, "the parameters must start with the width"))?;
    let mut height = width;
    if let Some(after) = rest.strip_prefix('x') {
        let (h, after) = leading_number(after);
        height = h.ok_or_else(|| shape(TATHAM, "a height must follow 'x'"))?;
        rest = after;
    }
    let mut most_bridges = 2;
    for flag in ['i', 'e', 'm', 'L', 'd'] {
        if let Some(after) = rest.strip_prefix(flag) {
            let (value, after) = leading_number(after);
            if flag == 'm' {
                most_bridges = value.unwrap_or(0);
            }
            rest = after;
        }
    }
    if !rest.is_empty() {
        return Err(shape(TATHAM, format!("unexpected parameters {rest:?}")));
    }
    if most_bridges != 2 {
        return Err(shape(
            TATHAM,
            format!("{most_bridges} bridges per pair allowed, Hashiwokakero allows 2"),
        ));
    }
    check_size(width, height)?;
    let cells = width * height;
    let mut cell = 0;
    let mut islands = Vec::new();
    for c in description.chars() {
        if cell >= cells {
            return Err(shape(TATHAM, "the description is longer than the grid"));
        }
        match c {
            'a'..='z' => cell += c as usize - 'a' as usize + 1,
            '1'..='9' | 'A'..='G' => {
                let number = c.to_digit(17).unwrap_or(0);
                islands.push(island(width, cell, number)?);
                cell += 1;
            }
            _ => {
                return Err(shape(
                    TATHAM,
                    format!("unexpected {c:?} in the description"),
                ));
            }
        }
    }
    if cell != cells {
        return Err(shape(
            TATHAM,
            format!("the description covers {cell} cells, the grid has {cells}"),
        ));
    }
    Ok(Puzzle::new(width, height, islands)?)
}

/// Writes the Tatham Bridges game ID of a puzzle.
pub fn to_tatham(puzzle: &Puzzle) -> String {
    let mut description = String::new();
    let mut run = 0u8;
    for number in cell_numbers(puzzle) {
        if number == 0 {
            if run == 26 {
                description.push(char::from(b'a' + run - 1));
                run = 0;
            }
            run += 1;
        } else {
            if run > 0 {
                description.push(char::from(b'a' + run - 1));
                run = 0;
            }
            description.push(char::from(b'0' + number));
        }
    }
    if run > 0 {
        description.push(char::from(b'a' + run - 1));
    }
    format!("{}x{}m2:{description}", puzzle.width(), puzzle.height())
}
