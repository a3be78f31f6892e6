//! The lines of a puzzle: for every stone, the nearest stone in each of the four directions,
//! the table both solvers start from.
//!
//! ```
//! use kalmar_puzzles::hiroimono::{lines::nearest, Direction, Point, Puzzle};
//! let puzzle = Puzzle::new(vec![Point::new(0, 0), Point::new(5, 0), Point::new(0, 3)]).unwrap();
//! let table = nearest(&puzzle);
//! assert_eq!(table[0][Direction::Right.index()], Some(1));
//! assert_eq!(table[0][Direction::Down.index()], Some(2));
//! assert_eq!(table[1][Direction::Up.index()], None);
//! ```
//!
//! # Complexity
//! O(n log n): two sorts, by row then column and by column then row.

use super::model::{Direction, Puzzle};

/// For each stone, its nearest stone in each direction, indexed by [`Direction::index`].
pub type Nearest = Vec<[Option<usize>; 4]>;

/// The nearest stone of every stone in every direction.
pub fn nearest(puzzle: &Puzzle) -> Nearest {
    let stones = puzzle.stones();
    let mut table = vec![[None; 4]; stones.len()];
    let mut order: Vec<usize> = (0..stones.len()).collect();
    let mut link = |order: &[usize], same_line: &dyn Fn(usize, usize) -> bool, back: Direction| {
        for pair in order.windows(2) {
            if same_line(pair[0], pair[1]) {
                table[pair[1]][back.index()] = Some(pair[0]);
                table[pair[0]][back.opposite().index()] = Some(pair[1]);
            }
        }
    };
    order.sort_unstable_by_key(|&i| (stones[i].y, stones[i].x));
    link(&order, &|a, b| stones[a].y == stones[b].y, Direction::Left);
    order.sort_unstable_by_key(|&i| (stones[i].x, stones[i].y));
    link(&order, &|a, b| stones[a].x == stones[b].x, Direction::Up);
    table
}
