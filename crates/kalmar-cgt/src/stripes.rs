//! PEG-O-Stripes (Woburn Challenge; the PEGWiki page on game theory): a board of L empty squares
//! in a row; a move places a strip of one of the given lengths (red R, blue B, green G) on free
//! squares; the player who cannot move loses.
//!
//! A strip splits the free squares into the runs left and right of it, so a board is a
//! disjunctive sum of empty runs and the game is the octal game with digit 7 at each strip
//! length ([`Rules::stripes`]): the seed's dynamic programme over board sizes is the octal
//! solver, with the sum rule giving G(left) ⊕ G(right) for each placement. [`Board`] is the
//! game played square by square, the independent check of that reduction.
//!
//! # Complexity
//! That of [`crate::octal::compute`] for G(0..=L), then O(L · lengths) for a winning placement.
//!
//! ```
//! use kalmar_cgt::{Outcome, stripes};
//! // Strips of length 1 on 3 squares: Nim-like, the first player wins by the middle square.
//! let answer = stripes::solve(3, &[1]).unwrap();
//! assert_eq!(answer.outcome, Outcome::N);
//! assert!(answer.winning_move.is_some());
//! ```

use crate::impartial::{Impartial, Outcome};
use crate::octal::{self, Computed, Rules, RulesError};
use serde::Serialize;

/// A placement: a strip of `length` squares covering `start .. start + length` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Placement {
    /// The strip's length.
    pub length: u64,
    /// The first square it covers, from 0.
    pub start: u64,
}

/// The analysis of an empty board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StripesAnswer {
    /// L.
    pub board: u64,
    /// Its nimber.
    pub nimber: u32,
    /// Its outcome: N means the first player wins.
    pub outcome: Outcome,
    /// A placement leaving a P-position, when the first player wins.
    pub winning_move: Option<Placement>,
}

/// Why a board cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StripesError {
    /// The strip lengths do not make a game.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The board is too large to hold its values in memory.
    #[error("a board of {0} squares is too large (at most {MAX_BOARD})")]
    TooLarge(u64),
}

/// The largest board analysed.
pub const MAX_BOARD: u64 = 1 << 28;

/// Analyses the empty board of `board` squares with strips of the given lengths.
///
/// ```
/// // Strips of length 2 only: Dawson's Kayles, where boards of 5 squares are P-positions.
/// let answer = kalmar_cgt::stripes::solve(5, &[2]).unwrap();
/// assert_eq!(answer.nimber, 0);
/// ```
pub fn solve(board: u64, lengths: &[u64]) -> Result<StripesAnswer, StripesError> {
    if board > MAX_BOARD {
        return Err(StripesError::TooLarge(board));
    }
    let rules = Rules::stripes(lengths)?;
    let sparse = octal::SOLVERS
        .get("sparse")
        .expect("the sparse solver is registered");
    let Computed { values, .. } =
        octal::compute(&rules, sparse, board as usize + 1, true, &mut |_| {});
    // The board is at most MAX_BOARD, so all its values fit.
    let values: Vec<u32> = values.iter().collect();
    let nimber = values[board as usize];
    let winning_move = (nimber != 0)
        .then(|| {
            lengths.iter().find_map(|&length| {
                (0..=board.checked_sub(length)?).find_map(|start| {
                    let right = board - length - start;
                    (values[start as usize] == values[right as usize])
                        .then_some(Placement { length, start })
                })
            })
        })
        .flatten();
    Ok(StripesAnswer {
        board,
        nimber,
        outcome: Outcome::of_value(nimber),
        winning_move,
    })
}

/// The game played square by square on a board of at most 64 squares: a position is the set of
/// covered squares (bit i for square i).
#[derive(Clone, Debug)]
pub struct Board {
    squares: u32,
    lengths: Vec<u32>,
}

impl Board {
    /// A board of `squares` (at most 64) with strips of these lengths.
    pub fn new(squares: u32, lengths: &[u32]) -> Self {
        assert!(squares <= 64, "a board of at most 64 squares");
        Board {
            squares,
            lengths: lengths.to_vec(),
        }
    }
}

impl Impartial for Board {
    type Position = u64;

    fn options(&self, covered: &u64, out: &mut Vec<u64>) {
        for &length in &self.lengths {
            if length == 0 || length > self.squares {
                continue;
            }
            let strip = if length == 64 {
                u64::MAX
            } else {
                (1u64 << length) - 1
            };
            for start in 0..=self.squares - length {
                let placed = strip << start;
                if covered & placed == 0 {
                    out.push(covered | placed);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::Analysis;

    #[test]
    fn the_seed_counts_five_red_placements_on_eight_squares() {
        let board = Board::new(8, &[4]);
        let mut options = Vec::new();
        board.options(&0, &mut options);
        assert_eq!(options.len(), 5);
    }

    #[test]
    fn the_reduction_to_an_octal_game_agrees_with_the_board() {
        for lengths in [&[1u32, 2][..], &[2], &[1, 3, 4], &[2, 3], &[3, 5, 6]] {
            let board_lengths: Vec<u64> = lengths.iter().map(|&l| u64::from(l)).collect();
            for squares in 0..=13 {
                let game = Board::new(squares, lengths);
                let mut analysis = Analysis::new(&game);
                let searched = analysis.nimber(&0).unwrap();
                let answer = solve(u64::from(squares), &board_lengths).unwrap();
                assert_eq!(answer.nimber, searched, "{lengths:?} on {squares}");
                if let Some(m) = answer.winning_move {
                    let strip = ((1u64 << m.length) - 1) << m.start;
                    assert_eq!(
                        analysis.nimber(&strip).unwrap(),
                        0,
                        "{lengths:?} on {squares}"
                    );
                }
            }
        }
    }
}
