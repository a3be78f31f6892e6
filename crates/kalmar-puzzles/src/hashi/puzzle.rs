//! The Hashiwokakero model: a grid with numbered islands, the links between neighbouring
//! islands (the places a bridge may be built), the pairs of links that cross, and a solution as
//! a number of bridges (0, 1 or 2) per link.
//!
//! Islands are kept in reading order (by row, then column); link `k` joins islands
//! [`Link::first`] < [`Link::second`], the first being left of or above the second. The JSON
//! form of a puzzle holds only `width`, `height` and `islands`; links and crossings are derived
//! on reading, so a file cannot contradict its own geometry.
//!
//! ```
//! use kalmar_puzzles::hashi::{Island, Puzzle};
//! // 2 . 2
//! // . . .
//! // 1 . 1
//! let islands = [(0, 0, 2), (0, 2, 2), (2, 0, 1), (2, 2, 1)]
//!     .map(|(row, column, number)| Island { row, column, number });
//! let puzzle = Puzzle::new(3, 3, islands.to_vec()).unwrap();
//! assert_eq!(puzzle.links().len(), 4);
//! assert!(puzzle.crossings().is_empty());
//! let json = serde_json::to_string(&puzzle).unwrap();
//! assert_eq!(serde_json::from_str::<Puzzle>(&json).unwrap(), puzzle);
//! ```
//!
//! # Complexity
//! [`Puzzle::new`] takes O(width·height + islands·log islands): one pass over the grid finds
//! each island's right and lower neighbour, and crossings are found by marking the cells under
//! each horizontal link and looking them up under each vertical one.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The largest width or height accepted.
pub const MAX_SIDE: usize = 4096;
/// The most cells (width × height) accepted: the grid is scanned cell by cell.
pub const MAX_CELLS: usize = 1 << 22;
/// The largest island number: four neighbours, two bridges each.
pub const MAX_NUMBER: u8 = 8;

/// An island: its cell and the number of bridge ends it must carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Island {
    /// Row, from 0 at the top.
    pub row: usize,
    /// Column, from 0 at the left.
    pub column: usize,
    /// The number, 1 to 8.
    pub number: u8,
}

/// A place for bridges: two islands in the same row or column with only water between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Link {
    /// The island on the left (horizontal link) or on top (vertical link).
    pub first: usize,
    /// The island on the right or below.
    pub second: usize,
    /// Whether the islands share a row.
    pub horizontal: bool,
}

/// Why islands do not make a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// Width or height is 0, above [`MAX_SIDE`], or the area is above [`MAX_CELLS`].
    #[error(
        "a {width}×{height} grid is not allowed (sides 1 to {MAX_SIDE}, at most {MAX_CELLS} cells)"
    )]
    Size {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// An island lies outside the grid.
    #[error("island at row {row}, column {column} lies outside the grid")]
    Outside {
        /// Its row.
        row: usize,
        /// Its column.
        column: usize,
    },
    /// Two islands share a cell.
    #[error("two islands at row {row}, column {column}")]
    Duplicate {
        /// The row.
        row: usize,
        /// The column.
        column: usize,
    },
    /// A number outside 1 to 8.
    #[error("island at row {row}, column {column} has number {number}, expected 1 to {MAX_NUMBER}")]
    Number {
        /// Its row.
        row: usize,
        /// Its column.
        column: usize,
        /// The number given.
        number: u8,
    },
}

/// The islands as stored in JSON.
#[derive(Serialize, Deserialize)]
struct PuzzleData {
    width: usize,
    height: usize,
    islands: Vec<Island>,
}

/// A Hashiwokakero puzzle: grid size, islands in reading order, links and crossings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "PuzzleData", into = "PuzzleData")]
pub struct Puzzle {
    width: usize,
    height: usize,
    islands: Vec<Island>,
    links: Vec<Link>,
    crossings: Vec<(usize, usize)>,
    links_of: Vec<Vec<usize>>,
}

impl TryFrom<PuzzleData> for Puzzle {
    type Error = PuzzleError;
    fn try_from(data: PuzzleData) -> Result<Self, PuzzleError> {
        Puzzle::new(data.width, data.height, data.islands)
    }
}

impl From<Puzzle> for PuzzleData {
    fn from(puzzle: Puzzle) -> Self {
        PuzzleData {
            width: puzzle.width,
            height: puzzle.height,
            islands: puzzle.islands,
        }
    }
}

/// Checks a grid size against [`MAX_SIDE`] and [`MAX_CELLS`].
pub fn check_size(width: usize, height: usize) -> Result<(), PuzzleError> {
    let fits = (1..=MAX_SIDE).contains(&width)
        && (1..=MAX_SIDE).contains(&height)
        && width * height <= MAX_CELLS;
    if fits {
        Ok(())
    } else {
        Err(PuzzleError::Size { width, height })
    }
}

impl Puzzle {
    /// A puzzle of `width` × `height` cells with these islands (in any order; they are sorted
    /// into reading order).
    pub fn new(width: usize, height: usize, mut islands: Vec<Island>) -> Result<Self, PuzzleError> {
        check_size(width, height)?;
        islands.sort();
        for (index, island) in islands.iter().enumerate() {
            let Island {
                row,
                column,
                number,
            } = *island;
            if row >= height || column >= width {
                return Err(PuzzleError::Outside { row, column });
            }
            if !(1..=MAX_NUMBER).contains(&number) {
                return Err(PuzzleError::Number {
                    row,
                    column,
                    number,
                });
            }
            if index > 0 && (islands[index - 1].row, islands[index - 1].column) == (row, column) {
                return Err(PuzzleError::Duplicate { row, column });
            }
        }
        let mut puzzle = Puzzle {
            width,
            height,
            islands,
            links: Vec::new(),
            crossings: Vec::new(),
            links_of: Vec::new(),
        };
        puzzle.find_links();
        puzzle.find_crossings();
        Ok(puzzle)
    }

    /// The island index of each cell, `None` for water.
    fn island_grid(&self) -> Vec<Option<usize>> {
        let mut grid = vec![None; self.width * self.height];
        for (index, island) in self.islands.iter().enumerate() {
            grid[island.row * self.width + island.column] = Some(index);
        }
        grid
    }

    fn find_links(&mut self) {
        let grid = self.island_grid();
        // The last island seen in each column, and in the current row.
        let mut above: Vec<Option<usize>> = vec![None; self.width];
        for row in 0..self.height {
            let mut left = None;
            for column in 0..self.width {
                let Some(island) = grid[row * self.width + column] else {
                    continue;
                };
                if let Some(first) = left {
                    self.links.push(Link {
                        first,
                        second: island,
                        horizontal: true,
                    });
                }
                if let Some(first) = above[column] {
                    self.links.push(Link {
                        first,
                        second: island,
                        horizontal: false,
                    });
                }
                left = Some(island);
                above[column] = Some(island);
            }
        }
        self.links.sort_by_key(|link| (link.first, link.second));
        self.links_of = vec![Vec::new(); self.islands.len()];
        for (index, link) in self.links.iter().enumerate() {
            self.links_of[link.first].push(index);
            self.links_of[link.second].push(index);
        }
    }

    fn find_crossings(&mut self) {
        let mut under_horizontal = vec![None; self.width * self.height];
        for (index, link) in self.links.iter().enumerate() {
            if link.horizontal {
                for cell in self.water_cells(index) {
                    under_horizontal[cell] = Some(index);
                }
            }
        }
        let mut crossings = Vec::new();
        for (index, link) in self.links.iter().enumerate() {
            if !link.horizontal {
                for cell in self.water_cells(index) {
                    if let Some(other) = under_horizontal[cell] {
                        crossings.push((other, index));
                    }
                }
            }
        }
        crossings.sort();
        self.crossings = crossings;
    }

    /// The cells (row · width + column) strictly between the two islands of link `link`.
    pub fn water_cells(&self, link: usize) -> impl Iterator<Item = usize> + '_ {
        let Link {
            first,
            second,
            horizontal,
        } = self.links[link];
        let (a, b) = (self.islands[first], self.islands[second]);
        let width = self.width;
        let (start, end, step) = if horizontal {
            (a.row * width + a.column + 1, b.row * width + b.column, 1)
        } else {
            (
                a.row * width + a.column + width,
                b.row * width + b.column,
                width,
            )
        };
        (start..end).step_by(step)
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The islands in reading order.
    pub fn islands(&self) -> &[Island] {
        &self.islands
    }

    /// The links, sorted by (first, second) island.
    pub fn links(&self) -> &[Link] {
        &self.links
    }

    /// The links at island `island`.
    pub fn links_of(&self, island: usize) -> &[usize] {
        &self.links_of[island]
    }

    /// The pairs (horizontal link, vertical link) that cross, sorted.
    pub fn crossings(&self) -> &[(usize, usize)] {
        &self.crossings
    }

    /// The island at the other end of `link` from `island`.
    pub fn other_end(&self, link: usize, island: usize) -> usize {
        let Link { first, second, .. } = self.links[link];
        if first == island { second } else { first }
    }

    /// The index of the island at (`row`, `column`), if there is one.
    pub fn island_at(&self, row: usize, column: usize) -> Option<usize> {
        self.islands
            .binary_search_by(|island| (island.row, island.column).cmp(&(row, column)))
            .ok()
    }

    /// The index of the link between islands `a` and `b`, if there is one.
    pub fn link_between(&self, a: usize, b: usize) -> Option<usize> {
        let key = (a.min(b), a.max(b));
        self.links
            .binary_search_by(|link| (link.first, link.second).cmp(&key))
            .ok()
    }
}

/// A solution: the number of bridges (0, 1 or 2) on each link of the puzzle, by link index.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Solution {
    /// Bridges per link.
    pub bridges: Vec<u8>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_and_crossings_follow_the_grid() {
        // .1.
        // 2.2
        // .1.
        let islands =
            [(0, 1, 1), (1, 0, 2), (1, 2, 2), (2, 1, 1)].map(|(row, column, number)| Island {
                row,
                column,
                number,
            });
        let puzzle = Puzzle::new(3, 3, islands.to_vec()).unwrap();
        let ends: Vec<_> = puzzle
            .links()
            .iter()
            .map(|l| (l.first, l.second, l.horizontal))
            .collect();
        assert_eq!(ends, [(0, 3, false), (1, 2, true)]);
        assert_eq!(puzzle.crossings(), [(1, 0)]);
        assert_eq!(puzzle.water_cells(0).collect::<Vec<_>>(), [4]);
        assert_eq!(puzzle.link_between(3, 0), Some(0));
        assert_eq!(puzzle.other_end(1, 2), 1);
        assert_eq!(puzzle.island_at(1, 2), Some(2));
        assert_eq!(puzzle.links_of(2), [1]);
    }

    #[test]
    fn bad_islands_and_json_are_refused() {
        let island = |row, column, number| Island {
            row,
            column,
            number,
        };
        assert_eq!(
            Puzzle::new(2, 2, vec![island(2, 0, 1)]),
            Err(PuzzleError::Outside { row: 2, column: 0 })
        );
        assert_eq!(
            Puzzle::new(2, 2, vec![island(0, 0, 9)]),
            Err(PuzzleError::Number {
                row: 0,
                column: 0,
                number: 9
            })
        );
        assert_eq!(
            Puzzle::new(2, 2, vec![island(0, 0, 1), island(0, 0, 2)]),
            Err(PuzzleError::Duplicate { row: 0, column: 0 })
        );
        assert!(matches!(
            Puzzle::new(5000, 1, vec![]),
            Err(PuzzleError::Size { .. })
        ));
        let json = r#"{"width":2,"height":2,"islands":[{"row":0,"column":0,"number":0}]}"#;
        assert!(serde_json::from_str::<Puzzle>(json).is_err());
        let json = r#"{"width":100000000,"height":100000000,"islands":[]}"#;
        assert!(serde_json::from_str::<Puzzle>(json).is_err());
    }
}
