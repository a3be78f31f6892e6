//! The independent checker: a claimed solution is legal and complete. It calls no solver and
//! trusts only the islands' coordinates: each bridge is drawn on a fresh grid from its two
//! islands' cells, so a bridge that runs over an island or across another bridge is caught
//! without consulting the puzzle's list of crossings.
//!
//! ```
//! use kalmar_puzzles::hashi::{check::check, format::read_solved};
//! let (puzzle, solution) = read_solved("2-1\n|..\n1..\n").unwrap();
//! assert_eq!(check(&puzzle, &solution), Ok(()));
//! let (puzzle, solution) = read_solved("2-1\n...\n1..\n").unwrap();
//! assert_eq!(
//!     check(&puzzle, &solution).unwrap_err().to_string(),
//!     "island 1 at row 0, column 0 has 1 bridge end, its number is 2"
//! );
//! ```
//!
//! # Complexity
//! O(width·height + links + islands): one grid of cells, one union-find pass.

use super::puzzle::{Puzzle, Solution};
use thiserror::Error;

/// What is wrong with a claimed solution.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CheckError {
    /// The solution does not give one count per link.
    #[error("the solution has {found} bridge counts, the puzzle has {expected} links")]
    Length {
        /// Counts given.
        found: usize,
        /// Links in the puzzle.
        expected: usize,
    },
    /// More than two bridges on a link.
    #[error("{count} bridges between islands {first} and {second}, at most 2 allowed")]
    TooMany {
        /// One island, counted from 1.
        first: usize,
        /// The other.
        second: usize,
        /// The count given.
        count: u8,
    },
    /// The two ends of a link are not in one row or column with only water between.
    #[error("islands {first} and {second} cannot be bridged: {why}")]
    NotNeighbours {
        /// One island.
        first: usize,
        /// The other.
        second: usize,
        /// Why not.
        why: &'static str,
    },
    /// A bridge crosses another bridge.
    #[error(
        "the bridge between islands {first} and {second} crosses another at row {row}, column {column}"
    )]
    Crossing {
        /// One island of the later bridge.
        first: usize,
        /// Its other island.
        second: usize,
        /// The row of the crossing.
        row: usize,
        /// Its column.
        column: usize,
    },
    /// An island's number is not met.
    #[error(
        "island {island} at row {row}, column {column} has {ends} bridge end{}, its number is {number}",
        if *ends == 1 { "" } else { "s" }
    )]
    Number {
        /// The island, counted from 1.
        island: usize,
        /// Its row.
        row: usize,
        /// Its column.
        column: usize,
        /// Bridge ends at it.
        ends: usize,
        /// Its number.
        number: u8,
    },
    /// The bridges leave the islands in more than one group.
    #[error(
        "the islands form {components} separate groups; island {island} at row {row}, column {column} is not reachable from island 1"
    )]
    Disconnected {
        /// How many groups.
        components: usize,
        /// The first island (counted from 1) not joined to island 1.
        island: usize,
        /// Its row.
        row: usize,
        /// Its column.
        column: usize,
    },
}

/// Checks that `solution` solves `puzzle`: at most two bridges per link, links between islands
/// in one row or column with only water between, no crossings, every number met, all islands
/// connected. Islands in messages are counted from 1 in reading order.
pub fn check(puzzle: &Puzzle, solution: &Solution) -> Result<(), CheckError> {
    let links = puzzle.links();
    if solution.bridges.len() != links.len() {
        return Err(CheckError::Length {
            found: solution.bridges.len(),
            expected: links.len(),
        });
    }
    let islands = puzzle.islands();
    let width = puzzle.width();
    // Per cell: 0 water, 1 island, 2 bridge.
    let mut cells = vec![0u8; width * puzzle.height()];
    for island in islands {
        cells[island.row * width + island.column] = 1;
    }
    let mut ends = vec![0usize; islands.len()];
    let mut groups = UnionFind::new(islands.len());
    for (link, &count) in links.iter().zip(&solution.bridges) {
        let (first, second) = (link.first, link.second);
        let named = (first + 1, second + 1);
        if count > 2 {
            return Err(CheckError::TooMany {
                first: named.0,
                second: named.1,
                count,
            });
        }
        if count == 0 {
            continue;
        }
        let (a, b) = (islands[first], islands[second]);
        let step = if a.row == b.row && a.column < b.column {
            1
        } else if a.column == b.column && a.row < b.row {
            width
        } else {
            return Err(CheckError::NotNeighbours {
                first: named.0,
                second: named.1,
                why: "not in one row or column, first before second",
            });
        };
        let mut cell = a.row * width + a.column + step;
        let end = b.row * width + b.column;
        while cell < end {
            match cells[cell] {
                1 => {
                    return Err(CheckError::NotNeighbours {
                        first: named.0,
                        second: named.1,
                        why: "another island lies between them",
                    });
                }
                2 => {
                    return Err(CheckError::Crossing {
                        first: named.0,
                        second: named.1,
                        row: cell / width,
                        column: cell % width,
                    });
                }
                _ => cells[cell] = 2,
            }
            cell += step;
        }
        ends[first] += count as usize;
        ends[second] += count as usize;
        groups.union(first, second);
    }
    for (index, island) in islands.iter().enumerate() {
        if ends[index] != island.number as usize {
            return Err(CheckError::Number {
                island: index + 1,
                row: island.row,
                column: island.column,
                ends: ends[index],
                number: island.number,
            });
        }
    }
    let components = groups.components();
    if components > 1 {
        let root = groups.find(0);
        let index = (0..islands.len())
            .find(|&index| groups.find(index) != root)
            .unwrap_or(0);
        return Err(CheckError::Disconnected {
            components,
            island: index + 1,
            row: islands[index].row,
            column: islands[index].column,
        });
    }
    Ok(())
}

/// Union-find with path halving, private to the checker so that it shares nothing with the
/// solvers.
struct UnionFind {
    parent: Vec<usize>,
    components: usize,
}

impl UnionFind {
    fn new(size: usize) -> Self {
        UnionFind {
            parent: (0..size).collect(),
            components: size,
        }
    }

    fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[a] = b;
            self.components -= 1;
        }
    }

    fn components(&self) -> usize {
        self.components
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hashi::format::read_puzzle;

    fn message(text: &str, bridges: &[u8]) -> String {
        let puzzle = read_puzzle(text).unwrap();
        let solution = Solution {
            bridges: bridges.to_vec(),
        };
        check(&puzzle, &solution).unwrap_err().to_string()
    }

    #[test]
    fn each_rule_has_its_message() {
        // Links of ".1.\n2.2\n.1.": 0 = 1–4 (vertical), 1 = 2–3 (horizontal).
        let cross = ".1.\n2.2\n.1.\n";
        assert_eq!(
            message(cross, &[1, 2]),
            "the bridge between islands 2 and 3 crosses another at row 1, column 1"
        );
        assert_eq!(
            message(cross, &[3, 0]),
            "3 bridges between islands 1 and 4, at most 2 allowed"
        );
        assert_eq!(
            message(cross, &[1]),
            "the solution has 1 bridge counts, the puzzle has 2 links"
        );
        assert_eq!(
            message("1.1\n...\n1.1\n", &[1, 0, 0, 1]),
            "the islands form 2 separate groups; island 3 at row 2, column 0 is not reachable from island 1"
        );
        assert_eq!(
            message("2.2\n", &[1]),
            "island 1 at row 0, column 0 has 1 bridge end, its number is 2"
        );
    }
}
