//! Depth-first search over stone orders, the main solver.
//!
//! The uncollected stones of every row and column are kept in doubly linked lists in the
//! manner of Knuth's dancing links, so the stone a move reaches (the nearest uncollected one
//! in its direction), collecting it and undoing that are all O(1). At every node the search
//! walks the uncollected stones reachable from the current one along grid lines and prunes
//! when:
//!
//! - some uncollected stone cannot be reached at all (no tour can cover a disconnected rest);
//! - some uncollected stone, other than the only one left, has no uncollected stone on its row
//!   or column: it could be entered only from the current stone and never left, so it would
//!   have to be both the next and the last stone;
//! - with 180° turns allowed: some stone other than the current one is a bridge between the
//!   rows and columns with stones on its far side, and another such bridge's far side lies
//!   beside it (see [`pockets`](super::pockets): each far side must hold the end of the
//!   tour). Without 180° turns the rule below prunes nearly as much for a third of the cost;
//! - without 180° turns, more than two stones are *ends*: their uncollected line neighbours
//!   all lie in one direction, so entering one from those neighbours leaves no way on but back.
//!   An end must be the next stone (entered from the current one) or the last, so with two
//!   ends the next move must collect one of them.
//!
//! States already exhausted without a tour are pruned when another order of moves reaches them
//! again ([`dead_ends`](super::dead_ends)). Moves are tried by Warnsdorff's rule, stones with the fewest uncollected line neighbours
//! first. Without a given start the search tries every stone as the start, in the same
//! order; a tour and its reverse are then counted as two solutions.
//!
//! ```
//! use kalmar_puzzles::hiroimono::{dfs, Mode, Point, Puzzle, Variant};
//! // o . .
//! // . . .
//! // o . o      an L: its two ends must be the first and the last stones.
//! let points = [(0, 0), (0, 2), (2, 2)];
//! let puzzle = Puzzle::new(points.iter().map(|&(x, y)| Point::new(x, y)).collect()).unwrap();
//! let answer = dfs::solve(&puzzle, Variant::Classic, Mode::Count { limit: 100 });
//! assert_eq!(answer.count, 2);
//! assert_eq!(answer.solutions[0].order, [0, 1, 2]);
//! ```
//!
//! # Complexity
//! Exponential in the worst case (the problem is NP-complete); each node costs O(n) for the
//! reachability walk and the bridge search, each move and undo O(1). Memory O(n).

use super::dead_ends::DeadEnds;
use super::lines::nearest;
use super::model::{Direction, Puzzle, Solution, Variant};
use super::pockets::Pockets;
use super::{Answer, Mode, limit_and_keep};

/// No stone: the end of a line.
const NONE: u32 = u32::MAX;

/// Solves `puzzle` under `variant` by depth-first search.
pub fn solve(puzzle: &Puzzle, variant: Variant, mode: Mode) -> Answer {
    let mut search = Search::new(puzzle, variant, mode);
    let starts = if variant.fixed_start() {
        puzzle.len().min(1)
    } else {
        puzzle.len()
    };
    let mut starts: Vec<u32> = (0..starts as u32).collect();
    starts.sort_by_key(|&s| search.degree(s));
    if puzzle.is_empty() {
        search.record();
    }
    for start in starts {
        if search.stop() {
            break;
        }
        search.collect(start);
        search.descend(start, None);
        search.uncollect(start);
    }
    search.answer()
}

/// The state of one search.
struct Search {
    variant: Variant,
    /// Stop after this many solutions.
    limit: u64,
    /// Keep this many solutions.
    keep: usize,
    /// The dancing links: the nearest uncollected stone in each direction, for uncollected
    /// stones and for the stone collected last.
    links: Vec<[u32; 4]>,
    collected: Vec<bool>,
    path: Vec<u32>,
    /// Reachability marks: a stone is marked when its entry equals `generation`.
    mark: Vec<u32>,
    generation: u32,
    stack: Vec<u32>,
    /// The stones reached by the last walk.
    reached: Vec<u32>,
    pockets: Pockets,
    dead_ends: DeadEnds,
    answer: Answer,
}

impl Search {
    fn new(puzzle: &Puzzle, variant: Variant, mode: Mode) -> Self {
        let (limit, keep) = limit_and_keep(mode);
        let rows: Vec<i64> = puzzle.stones().iter().map(|p| p.y).collect();
        let columns: Vec<i64> = puzzle.stones().iter().map(|p| p.x).collect();
        let links = nearest(puzzle)
            .into_iter()
            .map(|row| row.map(|s| s.map_or(NONE, |s| s as u32)))
            .collect();
        Search {
            variant,
            limit,
            keep,
            links,
            collected: vec![false; puzzle.len()],
            path: Vec::with_capacity(puzzle.len()),
            mark: vec![0; puzzle.len()],
            generation: 0,
            stack: Vec::new(),
            reached: Vec::with_capacity(puzzle.len()),
            pockets: Pockets::new(&rows, &columns),
            dead_ends: DeadEnds::new(puzzle.len()),
            answer: Answer::default(),
        }
    }

    fn stop(&self) -> bool {
        self.answer.count >= self.limit
    }

    /// Takes stone `s` out of its row's and column's lists.
    fn collect(&mut self, s: u32) {
        self.collected[s as usize] = true;
        self.dead_ends.collect(s);
        self.path.push(s);
        let link = self.links[s as usize];
        for d in Direction::ALL {
            let neighbour = link[d.index()];
            if neighbour != NONE {
                self.links[neighbour as usize][d.opposite().index()] = link[d.opposite().index()];
            }
        }
    }

    /// Puts stone `s`, the stone collected last, back.
    fn uncollect(&mut self, s: u32) {
        self.collected[s as usize] = false;
        self.dead_ends.uncollect(s);
        self.path.pop();
        let link = self.links[s as usize];
        for d in Direction::ALL {
            let neighbour = link[d.index()];
            if neighbour != NONE {
                self.links[neighbour as usize][d.opposite().index()] = s;
            }
        }
    }

    fn record(&mut self) {
        self.answer.count += 1;
        if self.answer.solutions.len() < self.keep {
            let order = self.path.iter().map(|&s| s as usize).collect();
            self.answer.solutions.push(Solution { order });
        }
    }

    /// Searches on from stone `at`, reached by a move in direction `came` (`None` at the start).
    fn descend(&mut self, at: u32, came: Option<Direction>) {
        self.answer.nodes += 1;
        let remaining = self.collected.len() - self.path.len();
        if remaining == 0 {
            self.record();
            return;
        }
        let state = self.dead_ends.state(at, came.map(Direction::index));
        if self.dead_ends.is_dead(state) {
            return;
        }
        let Some(ends) = self.ends_if_feasible(at, remaining) else {
            self.dead_ends.remember(state);
            return;
        };
        let found = self.answer.count;
        // Warnsdorff's rule: stones with the fewest uncollected line neighbours first, as they
        // are the likeliest to be stranded.
        let mut moves: Vec<(usize, Direction, u32)> = Direction::ALL
            .into_iter()
            .filter(|&d| self.variant.allows_turn(came, d))
            .map(|d| (d, self.links[at as usize][d.index()]))
            .filter(|&(_, next)| next != NONE && (ends.len() < 2 || ends.contains(&next)))
            .map(|(d, next)| (self.degree(next), d, next))
            .collect();
        moves.sort_by_key(|&(degree, _, _)| degree);
        for (_, d, next) in moves {
            self.collect(next);
            self.descend(next, Some(d));
            self.uncollect(next);
            if self.stop() {
                return;
            }
        }
        if self.answer.count == found {
            self.dead_ends.remember(state);
        }
    }

    /// The number of directions in which uncollected stone `s` has an uncollected neighbour.
    fn degree(&self, s: u32) -> usize {
        self.links[s as usize]
            .iter()
            .filter(|&&n| n != NONE)
            .count()
    }

    /// Walks the uncollected stones reachable from `at`; `None` if the pruning rules show that
    /// no tour can finish, else the ends (at most two; none are tracked with 180° turns).
    fn ends_if_feasible(&mut self, at: u32, remaining: usize) -> Option<Vec<u32>> {
        self.generation += 1;
        let generation = self.generation;
        let mut ends = Vec::new();
        self.reached.clear();
        self.stack.clear();
        self.stack.push(at);
        self.mark[at as usize] = generation;
        while let Some(s) = self.stack.pop() {
            let mut directions = 0_u32;
            for &neighbour in &self.links[s as usize] {
                if neighbour == NONE {
                    continue;
                }
                directions += 1;
                if self.mark[neighbour as usize] != generation {
                    self.mark[neighbour as usize] = generation;
                    self.stack.push(neighbour);
                    self.reached.push(neighbour);
                }
            }
            if s == at {
                continue;
            }
            // The links of uncollected stones skip every collected stone, the current one too.
            if directions == 0 && remaining > 1 {
                return None;
            }
            if directions == 1 && !self.variant.reversals_allowed() {
                ends.push(s);
                if ends.len() > 2 {
                    return None;
                }
            }
        }
        // The pocket test costs about twice the walk; it pays with 180° turns, where the
        // ends above are not forced, and not without them.
        let feasible = self.reached.len() == remaining
            && (!self.variant.reversals_allowed() || self.pockets.feasible(at, &self.reached));
        feasible.then_some(ends)
    }

    fn answer(mut self) -> Answer {
        self.answer.finish(self.limit);
        self.answer
    }
}
