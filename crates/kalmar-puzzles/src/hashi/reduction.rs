//! The reduction from Hamiltonian circuit in grid graphs to Hashiwokakero (Andersson,
//! *Hashiwokakero is NP-complete*, §2), and its map back from solutions to circuits.
//!
//! For a set P of at least 3 grid points, every x ∈ P gets a *big* island at 2x numbered
//! 6 − (its neighbours in P), and every grid neighbour y ∉ P of x a *small* island at x + y
//! numbered 1 (cells are shifted by one so that x + y stays inside the grid). A small island
//! sees only its big island and other 1s; two 1s joined would be cut off, so every small
//! island is bridged once to its big island, which leaves each big island 2 bridge ends for the
//! links to the big islands of its neighbours in P. A double bridge there would cut a pair off
//! (|P| ≥ 3), so the bridges between big islands are single, two at each: a connected
//! 2-regular spanning subgraph of P's grid graph, that is a Hamiltonian circuit. Solutions and
//! circuits (as edge sets) correspond one to one.
//!
//! ```
//! use kalmar_puzzles::hashi::reduction::Reduction;
//! use kalmar_puzzles::hashi::{Mode, solve};
//! // A 2×2 square of points has one Hamiltonian circuit.
//! let reduction = Reduction::new(&[(0, 0), (0, 1), (1, 0), (1, 1)]).unwrap();
//! let answer = solve(&reduction.puzzle, Mode::Count { limit: 10 }).unwrap();
//! assert_eq!(answer.count, 1);
//! let circuit = reduction.circuit(&answer.solutions[0]).unwrap();
//! assert_eq!(circuit, [0, 1, 3, 2]);
//! assert_eq!(reduction.solution(&circuit).unwrap(), answer.solutions[0]);
//! assert_eq!(reduction.decide().unwrap(), Some(circuit));
//! ```
//!
//! # Complexity
//! O(|P| log |P| + width·height) to build, with the grid about twice the points' bounding box;
//! O(links) to map a solution back or a circuit forward.

use super::puzzle::{Island, Puzzle, PuzzleError, Solution};
use kalmar_core::{ParseError, Span};
use thiserror::Error;

/// Why a point set cannot be reduced.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReductionError {
    /// Fewer than 3 points.
    #[error("the reduction needs at least 3 points, got {0}")]
    TooFew(usize),
    /// A point given twice.
    #[error("point ({0}, {1}) is given twice")]
    Duplicate(usize, usize),
    /// The grid would be too large.
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// Solving the puzzle failed (a defect: a solution failed the checker).
    #[error(transparent)]
    Solve(#[from] super::Error),
    /// A solution of the puzzle is not a Hamiltonian circuit (a defect of this module).
    #[error("internal error: a solution of the puzzle is not a Hamiltonian circuit")]
    NotACircuit,
}

/// The puzzle of a point set and what is needed to map its solutions back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduction {
    /// The points (row, column), in the order given.
    pub points: Vec<(usize, usize)>,
    /// The Hashiwokakero puzzle.
    pub puzzle: Puzzle,
    /// The island of each point (its big island).
    pub big: Vec<usize>,
}

/// The points of a grid graph drawn as text: one line per row, `o` a point, `.` none; blank
/// lines and `#` comments around the grid. Points are (row, column) from 0, in reading order.
///
/// ```
/// use kalmar_puzzles::hashi::reduction::read_points;
/// assert_eq!(read_points("# an L\no.\noo\n").unwrap(), [(0, 0), (1, 0), (1, 1)]);
/// assert_eq!(read_points("o.\nox\n").unwrap_err().to_string(), "<input>:2:2: found 'x', expected 'o' (a point) or '.'");
/// ```
pub fn read_points(text: &str) -> Result<Vec<(usize, usize)>, ParseError> {
    let mut points = Vec::new();
    let rows = (1u32..)
        .zip(text.lines())
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'));
    for (row, (line, cells)) in rows.enumerate() {
        for (column, cell) in cells.trim_end().chars().enumerate() {
            match cell {
                'o' => points.push((row, column)),
                '.' => {}
                other => {
                    let span = Span {
                        line,
                        column: column as u32 + 1,
                    };
                    return Err(ParseError::new(
                        span,
                        format!("'{other}'"),
                        "'o' (a point) or '.'",
                    ));
                }
            }
        }
    }
    Ok(points)
}

const STEPS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

impl Reduction {
    /// The reduction of the grid points `points` (row, column).
    pub fn new(points: &[(usize, usize)]) -> Result<Self, ReductionError> {
        if points.len() < 3 {
            return Err(ReductionError::TooFew(points.len()));
        }
        let mut sorted = points.to_vec();
        sorted.sort_unstable();
        if let Some(pair) = sorted.windows(2).find(|pair| pair[0] == pair[1]) {
            return Err(ReductionError::Duplicate(pair[0].0, pair[0].1));
        }
        let is_point = |row: isize, column: isize| {
            row >= 0
                && column >= 0
                && sorted
                    .binary_search(&(row as usize, column as usize))
                    .is_ok()
        };
        let max_row = sorted.iter().map(|p| p.0).max().unwrap_or(0);
        let max_column = sorted.iter().map(|p| p.1).max().unwrap_or(0);
        let (height, width) = (
            max_row.saturating_mul(2).saturating_add(3),
            max_column.saturating_mul(2).saturating_add(3),
        );
        super::puzzle::check_size(width, height)?;
        let mut islands = Vec::new();
        for &(row, column) in points {
            let (r, c) = (row as isize, column as isize);
            let mut inside = 0;
            for (dr, dc) in STEPS {
                if is_point(r + dr, c + dc) {
                    inside += 1;
                } else {
                    // x + y, shifted by one: 2x + step + 1.
                    islands.push(Island {
                        row: (2 * r + dr + 1) as usize,
                        column: (2 * c + dc + 1) as usize,
                        number: 1,
                    });
                }
            }
            islands.push(Island {
                row: 2 * row + 1,
                column: 2 * column + 1,
                number: 6 - inside,
            });
        }
        let puzzle = Puzzle::new(width, height, islands)?;
        let big = points
            .iter()
            .map(|&(row, column)| {
                puzzle
                    .island_at(2 * row + 1, 2 * column + 1)
                    .expect("every point has its big island")
            })
            .collect();
        Ok(Reduction {
            points: points.to_vec(),
            puzzle,
            big,
        })
    }

    /// The point of each island, for big islands.
    fn point_of_island(&self) -> Vec<Option<usize>> {
        let mut point = vec![None; self.puzzle.islands().len()];
        for (index, &island) in self.big.iter().enumerate() {
            point[island] = Some(index);
        }
        point
    }

    /// The Hamiltonian circuit of a solution: the points (indices into `points`) in circuit
    /// order from point 0, towards its neighbour of lower index. `None` if the bridges between
    /// big islands do not form one single-bridged circuit through all points.
    pub fn circuit(&self, solution: &Solution) -> Option<Vec<usize>> {
        let point = self.point_of_island();
        let mut next: Vec<Vec<usize>> = vec![Vec::new(); self.points.len()];
        for (link, &count) in self.puzzle.links().iter().zip(&solution.bridges) {
            if let (Some(a), Some(b)) = (point[link.first], point[link.second]) {
                match count {
                    0 => {}
                    1 => {
                        next[a].push(b);
                        next[b].push(a);
                    }
                    _ => return None,
                }
            }
        }
        if next.iter().any(|n| n.len() != 2) {
            return None;
        }
        let mut circuit = vec![0];
        let (mut previous, mut current) = (0, next[0][0].min(next[0][1]));
        while current != 0 {
            if circuit.len() == self.points.len() {
                return None;
            }
            circuit.push(current);
            let following = if next[current][0] == previous {
                next[current][1]
            } else {
                next[current][0]
            };
            (previous, current) = (current, following);
        }
        (circuit.len() == self.points.len()).then_some(circuit)
    }

    /// Solves the puzzle and maps its first solution back: a Hamiltonian circuit of the
    /// points (as [`circuit`](Self::circuit) gives it), or `None` when the puzzle has no
    /// solution, which proves the grid graph has no Hamiltonian circuit.
    pub fn decide(&self) -> Result<Option<Vec<usize>>, ReductionError> {
        let answer = super::solve(&self.puzzle, super::Mode::Find)?;
        (answer.solutions.first())
            .map(|solution| self.circuit(solution).ok_or(ReductionError::NotACircuit))
            .transpose()
    }

    /// The solution of a Hamiltonian circuit (point indices in circuit order), or `None` if
    /// it is not one: every point once, consecutive points (and the last and first) adjacent.
    pub fn solution(&self, circuit: &[usize]) -> Option<Solution> {
        let count = self.points.len();
        let mut seen = vec![false; count];
        if circuit.len() != count || circuit.iter().any(|&p| p >= count) {
            return None;
        }
        for &p in circuit {
            if std::mem::replace(&mut seen[p], true) {
                return None;
            }
        }
        let mut bridges = vec![0u8; self.puzzle.links().len()];
        for (index, &a) in circuit.iter().enumerate() {
            let b = circuit[(index + 1) % count];
            let link = self.puzzle.link_between(self.big[a], self.big[b])?;
            let ((ra, ca), (rb, cb)) = (self.points[a], self.points[b]);
            if ra.abs_diff(rb) + ca.abs_diff(cb) != 1 {
                return None;
            }
            bridges[link] = 1;
        }
        let point = self.point_of_island();
        for (link, ends) in self.puzzle.links().iter().enumerate() {
            let small = |island: usize| self.puzzle.islands()[island].number == 1;
            let joins_own_big = match (point[ends.first], point[ends.second]) {
                (Some(_), None) => small(ends.second),
                (None, Some(_)) => small(ends.first),
                _ => false,
            };
            // A small island's only big neighbour is its own, in the next cell.
            if joins_own_big && self.puzzle.water_cells(link).next().is_none() {
                bridges[link] = 1;
            }
        }
        Some(Solution { bridges })
    }
}
