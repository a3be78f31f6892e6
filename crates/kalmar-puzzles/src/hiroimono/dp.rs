//! A dynamic program over (collected set, current stone, direction of the last move), the
//! second exact method and the cross-check of [`dfs`](super::dfs), for up to [`MAX_DP_STONES`]
//! stones.
//!
//! The number of ways to finish from a state is the sum over the legal moves of the number of
//! ways to finish from the state they lead to, memoised; a state with every stone collected
//! has one. It shares only the nearest-stone table with the search: a move from a stone
//! follows that table past collected stones instead of keeping linked lists.
//!
//! ```
//! use kalmar_puzzles::hiroimono::{dp, Mode, Point, Puzzle, Variant};
//! let points = [(0, 0), (0, 1), (2, 1), (2, 0)];
//! let puzzle = Puzzle::new(points.iter().map(|&(x, y)| Point::new(x, y)).collect()).unwrap();
//! let answer = dp::solve(&puzzle, Variant::Reversal, Mode::Count { limit: 100 }).unwrap();
//! assert_eq!(answer.count, 8);
//! ```
//!
//! # Complexity
//! At most 2ⁿ · n · 5 states, each with 4 moves found in O(n): O(2ⁿ · n²) time and O(2ⁿ · n)
//! memory in the worst case; only the states reachable from a start are built.

use super::lines::{Nearest, nearest};
use super::model::{Direction, Puzzle, Solution, Variant};
use super::{Answer, Mode, TooManyStones, limit_and_keep};
use std::collections::HashMap;

/// The most stones the dynamic program accepts.
pub const MAX_DP_STONES: usize = 20;

/// Solves `puzzle` under `variant` by counting the ways to finish from every reachable state.
pub fn solve(puzzle: &Puzzle, variant: Variant, mode: Mode) -> Result<Answer, TooManyStones> {
    let n = puzzle.len();
    if n > MAX_DP_STONES {
        return Err(TooManyStones {
            solver: "dp",
            stones: n,
            most: MAX_DP_STONES,
        });
    }
    let (limit, keep) = limit_and_keep(mode);
    let mut table = Table {
        nearest: nearest(puzzle),
        variant,
        full: (1u32 << n) - 1,
        memo: HashMap::new(),
    };
    let starts = if variant.fixed_start() { n.min(1) } else { n };
    let mut total: u64 = u64::from(n == 0);
    for start in 0..starts {
        total = total.saturating_add(table.ways(1 << start, start, None));
    }
    let mut answer = Answer {
        count: total.min(limit),
        nodes: table.memo.len() as u64,
        ..Answer::default()
    };
    if n == 0 && keep > 0 {
        answer.solutions.push(Solution { order: vec![] });
    }
    for start in 0..starts {
        let mut path = vec![start];
        table.list(&mut path, 1 << start, None, keep, &mut answer.solutions);
    }
    answer.finish(limit);
    Ok(answer)
}

/// The memoised counts.
struct Table {
    nearest: Nearest,
    variant: Variant,
    full: u32,
    /// Ways to finish, by (collected set, stone, last direction).
    memo: HashMap<(u32, usize, Option<Direction>), u64>,
}

impl Table {
    /// The stone a move from `at` in direction `d` reaches, with the stones in `collected`
    /// gone.
    fn target(&self, collected: u32, at: usize, d: Direction) -> Option<usize> {
        let mut next = self.nearest[at][d.index()];
        while let Some(s) = next.filter(|&s| collected & (1 << s) != 0) {
            next = self.nearest[s][d.index()];
        }
        next
    }

    /// The legal moves from `at` after a move in direction `came`: (direction, stone).
    fn moves(
        &self,
        collected: u32,
        at: usize,
        came: Option<Direction>,
    ) -> impl Iterator<Item = (Direction, usize)> + '_ {
        Direction::ALL
            .into_iter()
            .filter(move |&d| self.variant.allows_turn(came, d))
            .filter_map(move |d| Some((d, self.target(collected, at, d)?)))
    }

    /// The number of ways to collect the rest from stone `at`.
    fn ways(&mut self, collected: u32, at: usize, came: Option<Direction>) -> u64 {
        if collected == self.full {
            return 1;
        }
        if let Some(&known) = self.memo.get(&(collected, at, came)) {
            return known;
        }
        let moves: Vec<_> = self.moves(collected, at, came).collect();
        let total = moves.into_iter().fold(0u64, |sum, (d, s)| {
            sum.saturating_add(self.ways(collected | (1 << s), s, Some(d)))
        });
        self.memo.insert((collected, at, came), total);
        total
    }

    /// Appends the tours that extend `path` to `out`, in the search's order, until `out` holds
    /// `keep`.
    fn list(
        &self,
        path: &mut Vec<usize>,
        collected: u32,
        came: Option<Direction>,
        keep: usize,
        out: &mut Vec<Solution>,
    ) {
        if out.len() >= keep {
            return;
        }
        if collected == self.full {
            out.push(Solution {
                order: path.clone(),
            });
            return;
        }
        let at = *path.last().expect("a path has a start");
        let moves: Vec<_> = self.moves(collected, at, came).collect();
        for (d, s) in moves {
            let next = collected | (1 << s);
            if next == self.full || self.memo.get(&(next, s, Some(d))).is_some_and(|&w| w > 0) {
                path.push(s);
                self.list(path, next, Some(d), keep, out);
                path.pop();
            }
        }
    }
}
