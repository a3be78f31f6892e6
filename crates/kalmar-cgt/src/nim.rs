//! Nim: heaps of counters; a move takes one or more counters from one heap.
//!
//! In normal play the nimber of a position is the nim-sum (bitwise XOR) of the heap sizes
//! (Bouton, 1901), so a position is P exactly when the nim-sum is 0, and a winning move makes it
//! 0: take heap `h` down to `h XOR s` for a heap where that is smaller. In misère play the same
//! holds unless every heap has at most one counter; then the position is P exactly when the
//! number of heaps of size 1 is odd (Bouton). [`Nim`] is also an [`Impartial`] game, so both
//! rules can be checked against a direct search.
//!
//! # Complexity
//! O(number of heaps) for the outcome and for a winning move.
//!
//! ```
//! use kalmar_cgt::{Outcome, Play, nim};
//! let answer = nim::analyse(&[1, 2, 3], Play::Normal);
//! assert_eq!((answer.nimber, answer.outcome, answer.winning_move), (0, Outcome::P, None));
//! ```

use crate::impartial::{Impartial, Outcome, Play};
use serde::Serialize;

/// A move in Nim: heap `heap` (0-based) goes from `from` counters down to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct NimMove {
    /// Which heap (0-based).
    pub heap: usize,
    /// Its size before the move.
    pub from: u64,
    /// Its size after the move.
    pub to: u64,
}

/// The answer for a Nim position: its nimber, outcome and a winning move (`--json` of
/// `kalmar nim`, where heaps of a move are numbered from 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NimAnswer {
    /// The heap sizes.
    pub heaps: Vec<u64>,
    /// The convention of play.
    pub play: Play,
    /// The nim-sum of the heaps.
    pub nimber: u64,
    /// Whether the player to move wins.
    pub outcome: Outcome,
    /// A winning move, if the player to move wins and has a move.
    #[serde(serialize_with = "numbered_from_one")]
    pub winning_move: Option<NimMove>,
}

fn numbered_from_one<S: serde::Serializer>(
    m: &Option<NimMove>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    m.map(|m| NimMove {
        heap: m.heap + 1,
        ..m
    })
    .serialize(serializer)
}

/// Everything about a Nim position, in one call.
///
/// ```
/// use kalmar_cgt::{Outcome, Play, nim};
/// let answer = nim::analyse(&[1, 2, 4], Play::Normal);
/// assert_eq!((answer.nimber, answer.outcome), (7, Outcome::N));
/// // Take one counter from the heap of four (heap 3, numbered from 1 in JSON).
/// let json = serde_json::to_value(&answer).unwrap();
/// assert_eq!(json["winning_move"], serde_json::json!({"heap": 3, "from": 4, "to": 3}));
/// ```
pub fn analyse(heaps: &[u64], play: Play) -> NimAnswer {
    NimAnswer {
        heaps: heaps.to_vec(),
        play,
        nimber: nim_sum(heaps),
        outcome: outcome(heaps, play),
        winning_move: winning_move(heaps, play),
    }
}

/// The nim-sum of the heaps: their bitwise XOR, the nimber of the position.
///
/// ```
/// // The seed's examples: 1 XOR 2 XOR 3 = 0 (a P-position), 1 XOR 2 XOR 4 = 7.
/// assert_eq!(kalmar_cgt::nim::nim_sum(&[1, 2, 3]), 0);
/// assert_eq!(kalmar_cgt::nim::nim_sum(&[1, 2, 4]), 7);
/// ```
pub fn nim_sum(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |x, &h| x ^ h)
}

/// The outcome of a Nim position under `play`.
pub fn outcome(heaps: &[u64], play: Play) -> Outcome {
    let sum = nim_sum(heaps);
    let misere_endgame = play == Play::Misere && heaps.iter().all(|&h| h <= 1);
    let p = if misere_endgame { sum == 1 } else { sum == 0 };
    if p { Outcome::P } else { Outcome::N }
}

/// A move to a P-position under `play`, if the position is an N-position that has moves (in
/// misère play a position without counters is an N-position without moves).
///
/// ```
/// use kalmar_cgt::{Play, nim};
/// // The seed: from 1, 2, 4, take one counter from the heap of four.
/// let m = nim::winning_move(&[1, 2, 4], Play::Normal).unwrap();
/// assert_eq!((m.heap, m.from, m.to), (2, 4, 3));
/// ```
pub fn winning_move(heaps: &[u64], play: Play) -> Option<NimMove> {
    let sum = nim_sum(heaps);
    let big = heaps.iter().filter(|&&h| h >= 2).count();
    if play == Play::Misere && big <= 1 {
        return misere_endgame_move(heaps, big);
    }
    if sum == 0 {
        return None;
    }
    heaps.iter().enumerate().find_map(|(heap, &from)| {
        let to = from ^ sum;
        (to < from).then_some(NimMove { heap, from, to })
    })
}

/// The winning move of misère Nim when at most one heap has two or more counters: leave an odd
/// number of heaps of size 1 and nothing bigger.
fn misere_endgame_move(heaps: &[u64], big: usize) -> Option<NimMove> {
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    if big == 1 {
        let (heap, &from) = heaps.iter().enumerate().find(|(_, h)| **h >= 2)?;
        // Reduce the big heap to 1 or 0 so that the number of ones becomes odd.
        let to = if ones % 2 == 0 { 1 } else { 0 };
        return Some(NimMove { heap, from, to });
    }
    // Only heaps of 0 and 1: the player to move wins with an even number of ones.
    if ones % 2 == 1 {
        return None;
    }
    let heap = heaps.iter().position(|&h| h == 1)?;
    Some(NimMove {
        heap,
        from: 1,
        to: 0,
    })
}

/// Nim as a rules-based game, for checking the closed forms by search. A position is the list
/// of heap sizes; it splits into its heaps.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

impl Impartial for Nim {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &h) in heaps.iter().enumerate() {
            for to in 0..h {
                let mut next = heaps.clone();
                next[i] = to;
                out.push(next);
            }
        }
    }

    fn components(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> bool {
        if heaps.len() < 2 {
            return false;
        }
        out.extend(heaps.iter().map(|&h| vec![h]));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::Analysis;

    #[test]
    fn seed_examples() {
        assert_eq!(nim_sum(&[1, 2, 3]), 0);
        assert_eq!(outcome(&[1, 2, 3], Play::Normal), Outcome::P);
        assert_eq!(nim_sum(&[1, 2, 4]), 7);
        assert_eq!(outcome(&[1, 2, 4], Play::Normal), Outcome::N);
        let m = winning_move(&[1, 2, 4], Play::Normal).unwrap();
        assert_eq!(
            m,
            NimMove {
                heap: 2,
                from: 4,
                to: 3
            }
        );
        assert_eq!(winning_move(&[1, 2, 3], Play::Normal), None);
    }

    #[test]
    fn misere_rule_against_search() {
        let mut analysis = Analysis::new(&Nim);
        for a in 0..5u64 {
            for b in 0..5 {
                for c in 0..4 {
                    let heaps = vec![a, b, c];
                    let searched = analysis.outcome(Play::Misere, &heaps).unwrap();
                    assert_eq!(outcome(&heaps, Play::Misere), searched, "{heaps:?}");
                    match winning_move(&heaps, Play::Misere) {
                        Some(m) => {
                            assert_eq!(searched, Outcome::N);
                            let mut next = heaps.clone();
                            assert_eq!(next[m.heap], m.from);
                            assert!(m.to < m.from);
                            next[m.heap] = m.to;
                            assert_eq!(outcome(&next, Play::Misere), Outcome::P, "{heaps:?}");
                        }
                        // No move: a P-position, or no counters left (the player to move
                        // has won in misère play without moving).
                        None => assert!(
                            searched == Outcome::P || heaps.iter().all(|&h| h == 0),
                            "{heaps:?}"
                        ),
                    }
                }
            }
        }
    }

    #[test]
    fn normal_rule_against_search_without_the_sum_rule() {
        // The direct search ignores components in misère play only, so compare the misère-free
        // normal value with a search over a game that does not split.
        let plain = crate::impartial::FnGame::new(|h: &Vec<u64>, out: &mut Vec<Vec<u64>>| {
            Nim.options(h, out)
        });
        let mut direct = Analysis::new(&plain);
        let mut summed = Analysis::new(&Nim);
        for a in 0..6u64 {
            for b in 0..6 {
                for c in 0..5 {
                    let heaps = vec![a, b, c];
                    let v = u64::from(direct.nimber(&heaps).unwrap());
                    assert_eq!(v, nim_sum(&heaps), "{heaps:?}");
                    assert_eq!(u64::from(summed.nimber(&heaps).unwrap()), v);
                }
            }
        }
    }
}
