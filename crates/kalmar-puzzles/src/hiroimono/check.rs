//! The independent checker: whether a claimed order of the stones solves a puzzle under a
//! variant, with the first rule broken when not. It shares nothing with the solvers but the
//! model, and reads the rules straight from Definition 1 of Andersson's paper.
//!
//! ```
//! use kalmar_puzzles::hiroimono::{check, CheckError, Point, Puzzle, Solution, Variant};
//! // o o o
//! let puzzle = Puzzle::new(vec![Point::new(0, 0), Point::new(1, 0), Point::new(2, 0)]).unwrap();
//! assert_eq!(check(&puzzle, Variant::Start, &Solution { order: vec![0, 1, 2] }), Ok(()));
//! let back = Solution { order: vec![1, 0, 2] };
//! assert_eq!(check(&puzzle, Variant::Start, &back), Err(CheckError::WrongStart { stone: 1 }));
//! assert_eq!(check(&puzzle, Variant::Classic, &back), Err(CheckError::Reversal { step: 2 }));
//! assert_eq!(check(&puzzle, Variant::Reversal, &back), Ok(()));
//! let over = Solution { order: vec![0, 2, 1] };
//! assert!(matches!(
//!     check(&puzzle, Variant::Reversal, &over),
//!     Err(CheckError::PassesOver { step: 1, stone: 1, .. })
//! ));
//! ```
//!
//! # Complexity
//! O(n²) for n stones: each move scans the stones for one left uncollected between its ends.

use super::model::{Direction, Point, Puzzle, Solution, Variant};
use thiserror::Error;

/// The first rule a claimed order breaks. Steps count moves from 1 (step `k` goes from the
/// `k`-th collected stone to the `k+1`-th).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CheckError {
    /// The order does not list every stone exactly once.
    #[error("the order has {found} entries for {stones} stones")]
    WrongLength {
        /// Entries in the order.
        found: usize,
        /// Stones in the puzzle.
        stones: usize,
    },
    /// An entry is not a stone index.
    #[error("entry {position} is {stone}, not a stone index")]
    NoSuchStone {
        /// Where in the order (from 0).
        position: usize,
        /// The entry.
        stone: usize,
    },
    /// A stone is listed twice.
    #[error("stone {stone} is collected twice")]
    Repeated {
        /// The stone.
        stone: usize,
    },
    /// A START variant's tour begins elsewhere than at stone 0.
    #[error("the tour starts at stone {stone}, not at the given start, stone 0")]
    WrongStart {
        /// The stone it starts at.
        stone: usize,
    },
    /// A move joins two stones on neither a common row nor a common column.
    #[error("step {step} goes from {from} to {to}, not along a grid line")]
    NotInLine {
        /// The move.
        step: usize,
        /// Where it starts.
        from: Point,
        /// Where it ends.
        to: Point,
    },
    /// A move passes over a stone not yet collected.
    #[error("step {step} passes over stone {stone} at {at}, not yet collected")]
    PassesOver {
        /// The move.
        step: usize,
        /// The stone passed over.
        stone: usize,
        /// Where it is.
        at: Point,
    },
    /// A move goes straight back along the previous one, which the variant forbids.
    #[error("step {step} turns back 180°, which the variant forbids")]
    Reversal {
        /// The move.
        step: usize,
    },
}

/// Checks that `solution` collects every stone of `puzzle` under `variant`'s rules.
pub fn check(puzzle: &Puzzle, variant: Variant, solution: &Solution) -> Result<(), CheckError> {
    let stones = puzzle.stones();
    let order = &solution.order;
    if order.len() != stones.len() {
        return Err(CheckError::WrongLength {
            found: order.len(),
            stones: stones.len(),
        });
    }
    let mut collected_at = vec![usize::MAX; stones.len()];
    for (position, &stone) in order.iter().enumerate() {
        match collected_at.get_mut(stone) {
            None => return Err(CheckError::NoSuchStone { position, stone }),
            Some(slot) if *slot != usize::MAX => return Err(CheckError::Repeated { stone }),
            Some(slot) => *slot = position,
        }
    }
    if let Some(&first) = order.first()
        && variant.fixed_start()
        && first != 0
    {
        return Err(CheckError::WrongStart { stone: first });
    }
    let mut previous: Option<Direction> = None;
    for (step, pair) in (1..).zip(order.windows(2)) {
        let (from, to) = (stones[pair[0]], stones[pair[1]]);
        let Some(direction) = Direction::between(from, to) else {
            return Err(CheckError::NotInLine { step, from, to });
        };
        if !variant.allows_turn(previous, direction) {
            return Err(CheckError::Reversal { step });
        }
        // Stones collected at or after the move's end are still on the board during the move.
        let blocker = (0..stones.len())
            .find(|&s| collected_at[s] >= step && strictly_between(from, to, stones[s]));
        if let Some(stone) = blocker {
            return Err(CheckError::PassesOver {
                step,
                stone,
                at: stones[stone],
            });
        }
        previous = Some(direction);
    }
    Ok(())
}

/// Whether `p` lies on the segment from `a` to `b` (one row or one column), ends excluded.
fn strictly_between(a: Point, b: Point, p: Point) -> bool {
    let inside = |low: i64, high: i64, v: i64| low.min(high) < v && v < low.max(high);
    if a.y == b.y {
        p.y == a.y && inside(a.x, b.x, p.x)
    } else {
        p.x == a.x && inside(a.y, b.y, p.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(points: &[(i64, i64)]) -> Puzzle {
        Puzzle::new(points.iter().map(|&(x, y)| Point::new(x, y)).collect()).unwrap()
    }

    #[test]
    fn reports_each_rule() {
        let p = puzzle(&[(0, 0), (1, 0), (2, 0), (2, 2)]);
        let order = |o: &[usize]| Solution { order: o.to_vec() };
        let c = |o: &[usize]| check(&p, Variant::Classic, &order(o));
        assert_eq!(c(&[0, 1, 2, 3]), Ok(()));
        assert_eq!(
            c(&[0, 1]),
            Err(CheckError::WrongLength {
                found: 2,
                stones: 4
            })
        );
        assert_eq!(
            c(&[0, 1, 2, 9]),
            Err(CheckError::NoSuchStone {
                position: 3,
                stone: 9
            })
        );
        assert_eq!(c(&[0, 1, 1, 3]), Err(CheckError::Repeated { stone: 1 }));
        assert!(matches!(
            c(&[0, 3, 2, 1]),
            Err(CheckError::NotInLine { step: 1, .. })
        ));
        assert!(matches!(
            c(&[0, 2, 1, 3]),
            Err(CheckError::PassesOver {
                step: 1,
                stone: 1,
                ..
            })
        ));
        assert_eq!(c(&[1, 0, 2, 3]), Err(CheckError::Reversal { step: 2 }));
        assert_eq!(check(&p, Variant::Reversal, &order(&[1, 0, 2, 3])), Ok(()));
        assert_eq!(
            check(&p, Variant::ReversalStart, &order(&[1, 0, 2, 3])),
            Err(CheckError::WrongStart { stone: 1 })
        );
    }

    #[test]
    fn the_empty_puzzle_is_solved_by_the_empty_order() {
        assert_eq!(
            check(&puzzle(&[]), Variant::Start, &Solution { order: vec![] }),
            Ok(())
        );
    }
}
