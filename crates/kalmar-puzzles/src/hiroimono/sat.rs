//! A SAT encoding of the tour, the alternative to the depth-first search of
//! [`dfs`](super::dfs): the order of the stones as a permutation matrix, with the moves, the
//! stones passed over and the turns as clauses, solved by the crate's SAT solver (batsat, a
//! MiniSat). Solutions are enumerated by blocking each order found.
//!
//! # The encoding
//! For n stones, steps `t = 0 … n−1` (the stone collected at step `t`) and moves
//! `t = 0 … n−2` (from the stone of step `t` to that of step `t+1`):
//!
//! - `x[s][t]`: stone `s` is collected at step `t`;
//! - `y[s][t]`: stone `s` is collected at step `t` or before, a ladder
//!   (`y[s][t−1] → y[s][t]`, `x[s][t] ↔ y[s][t] ∧ ¬y[s][t−1]`, `y[s][0] = x[s][0]`) closed by
//!   the unit clause `y[s][n−1]`: each stone is collected exactly once, and `y` is the
//!   prefix "collected by step t" the moves need;
//! - each step collects at least one stone (one clause) and at most one (Sinz's sequential
//!   counter, linear, not the quadratic pairwise clauses);
//! - `dir[t][d]`: move `t` goes in direction `d`; at least one per move;
//! - `arrive[c][d][t]`: move `t`, going in direction `d`, reaches stone `c` (made only for
//!   stones with a stone behind them in direction `d`). A move starts at its stone's
//!   nearest neighbour: `x[a][t] ∧ dir[t][d] → arrive[next_d(a)][d][t]`, or
//!   `¬(x[a][t] ∧ dir[t][d])` when `a` has no neighbour that way. It passes over collected
//!   stones, `arrive[c][d][t] ∧ y[c][t] → arrive[next_d(c)][d][t]` (false at the end of the
//!   line), and stops at the first stone still there, `arrive[c][d][t] ∧ ¬y[c][t] →
//!   x[c][t+1]`. The move thus forces the next stone; as each step holds one stone, no other
//!   can follow, and a direction without a stone to reach is impossible;
//! - the same backwards, so that the solver can reason from a stone to the move that reached
//!   it: `arrive[c][d][t]` implies `dir[t][d]`, `y[b][t]` and `x[b][t] ∨ arrive[b][d][t]` for
//!   the stone `b` behind `c`, and `x[c][t+1]` implies `arrive[c][d][t]` for some `d`. These
//!   clauses are implied by the others, but cut the solver's decisions about tenfold on
//!   generated puzzles of 20 stones;
//! - no 180° turns (unless the variant allows them): `¬(dir[t][d] ∧ dir[t+1][opposite d])`;
//! - a START variant: the unit clause `x[0][0]`.
//!
//! The order determines every other variable (`arrive[c][d][t]` holds exactly for the stones
//! move `t` reaches or passes over), so a solution is blocked by the clause
//! `∨ₜ ¬x[order[t]][t]` over the order alone, and the solutions are counted as orders: without
//! a given start a tour and its reverse are two, as for the search.
//!
//! Running example: three stones in a row, `0 1 2` at `(0,0)`, `(1,0)`, `(2,0)`. The order
//! `1, 0, 2` (a 180° turn at stone 0) sets `x[1][0]`, `x[0][1]`, `x[2][2]`, `dir[0][left]`,
//! `dir[1][right]`. Move 1 starts at stone 0 going right, `arrive[1][right][1]`; stone 1 was
//! collected at step 0, so `y[1][1]` holds and the move passes over it,
//! `arrive[2][right][1]`; stone 2 is still there, so `x[2][2]`. Without 180° turns the clause
//! `¬(dir[0][left] ∧ dir[1][right])` forbids this order; the two left are `0 1 2` and its
//! reverse:
//!
//! ```
//! use kalmar_puzzles::hiroimono::{sat, Mode, Point, Puzzle, Variant};
//! let puzzle = Puzzle::new(vec![Point::new(0, 0), Point::new(1, 0), Point::new(2, 0)]).unwrap();
//! let all = Mode::Count { limit: 100 };
//! assert_eq!(sat::solve(&puzzle, Variant::Classic, all).unwrap().count, 2);
//! // With 180° turns also 1 0 2 and 1 2 0.
//! assert_eq!(sat::solve(&puzzle, Variant::Reversal, all).unwrap().count, 4);
//! // n = 3 stones, A = 4 (stone, direction) pairs with a stone behind: see the sizes below.
//! let size = sat::encoding_size(&puzzle, Variant::Reversal).unwrap();
//! assert_eq!((size.variables, size.clauses), (37, 114));
//! ```
//!
//! # Complexity
//! With n stones, m = n − 1 moves and A ≤ 4n the (stone, direction) pairs with a stone behind
//! (about 2n on generated puzzles), the encoding has
//!
//! - variables: n² (`x`) + n(n−1) (`y`) + n(n−1) (the counters) + m(4 + A) (`dir`, `arrive`),
//!   at most 7n²;
//! - clauses: 4n(n−1) (the ladders) + n(3n−3) (the steps) + m(1 + 5n + 5A) (the moves) +
//!   4(m−1) (the turns, without 180° turns), at most about 32n² and about 22n² on generated
//!   puzzles,
//!
//! against the O(n³) clauses of forbidding every pair of stones not in line at every step.
//! Each SAT call is exponential in the worst case (the problem is NP-complete); counting k
//! solutions takes k + 1 calls.
//!
//! Measured against the search in docs/BENCHMARKS.md (`kalmar bench puzzles --hiroimono-sat`):
//! milliseconds at 20 stones, seconds at 60, where the search stays under a millisecond.
//!
//! The search's pruning (reachability, forced ends) has no counterpart in the clauses, which
//! the solver must learn conflict by conflict, at each step anew; the encoding is the
//! independent second method for puzzles beyond the dynamic program's 20 stones, not the fast
//! one.

use super::lines::{Nearest, nearest};
use super::model::{Direction, Puzzle, Solution, Variant};
use super::{Answer, Mode, TooManyStones, limit_and_keep};
use crate::sat::{Backend, Lit};

/// The most stones the encoding accepts: at most 7n² variables and 32n² clauses, a few hundred
/// megabytes at this size.
pub const MAX_SAT_STONES: usize = 500;

/// The size of the encoding of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncodingSize {
    /// Variables, auxiliary ones included.
    pub variables: usize,
    /// Clauses the solver keeps (unit clauses are absorbed as assignments and not counted).
    pub clauses: usize,
}

/// Solves `puzzle` under `variant` with the SAT encoding, blocking each order found to look
/// for the next; [`Answer::nodes`] counts the solver's decisions.
pub fn solve(puzzle: &Puzzle, variant: Variant, mode: Mode) -> Result<Answer, TooManyStones> {
    let (limit, keep) = limit_and_keep(mode);
    let mut encoding = Encoding::new(puzzle, variant)?;
    let mut answer = Answer::default();
    while answer.count < limit {
        let Some(solution) = encoding.next_solution() else {
            break;
        };
        answer.count += 1;
        encoding.block(&solution);
        if answer.solutions.len() < keep {
            answer.solutions.push(solution);
        }
    }
    answer.nodes = encoding.solver.decisions();
    answer.finish(limit);
    Ok(answer)
}

/// The size of the encoding of `puzzle` under `variant`.
pub fn encoding_size(puzzle: &Puzzle, variant: Variant) -> Result<EncodingSize, TooManyStones> {
    let encoding = Encoding::new(puzzle, variant)?;
    Ok(EncodingSize {
        variables: encoding.solver.variables(),
        clauses: encoding.solver.clauses(),
    })
}

/// The clauses of one puzzle in a solver.
struct Encoding {
    solver: Backend,
    /// `collected_at[s][t]`: stone `s` is collected at step `t` (`x` above).
    collected_at: Vec<Vec<Lit>>,
    /// False once an empty clause was added: no (further) solution.
    satisfiable: bool,
}

impl Encoding {
    fn new(puzzle: &Puzzle, variant: Variant) -> Result<Self, TooManyStones> {
        let n = puzzle.len();
        if n > MAX_SAT_STONES {
            return Err(TooManyStones {
                solver: "sat",
                stones: n,
                most: MAX_SAT_STONES,
            });
        }
        let mut solver = Backend::new();
        let collected_at: Vec<Vec<Lit>> = (0..n)
            .map(|_| (0..n).map(|_| solver.new_variable()).collect())
            .collect();
        let mut encoding = Encoding {
            solver,
            collected_at,
            satisfiable: true,
        };
        let collected_by = encoding.each_stone_once();
        encoding.one_stone_per_step();
        let directions = encoding.moves(puzzle, &collected_by);
        if !variant.reversals_allowed() {
            encoding.no_reversals(&directions);
        }
        if variant.fixed_start() && n > 0 {
            encoding.add(&[encoding.collected_at[0][0]]);
        }
        Ok(encoding)
    }

    fn add(&mut self, clause: &[Lit]) {
        self.satisfiable &= self.solver.add(clause);
    }

    /// The ladders: `collected_by[s][t]` (`y` above) says stone `s` is collected at step `t`
    /// or before, and each stone is collected at exactly one step.
    fn each_stone_once(&mut self) -> Vec<Vec<Lit>> {
        let n = self.collected_at.len();
        let mut collected_by = Vec::with_capacity(n);
        for s in 0..n {
            let at = self.collected_at[s].clone();
            let mut by = vec![at[0]];
            for t in 1..n {
                let (before, now) = (by[t - 1], self.solver.new_variable());
                self.add(&[-before, now]);
                self.add(&[-at[t], now]);
                self.add(&[-at[t], -before]);
                self.add(&[-now, before, at[t]]);
                by.push(now);
            }
            self.add(&[by[n - 1]]);
            collected_by.push(by);
        }
        collected_by
    }

    /// Each step collects exactly one stone.
    fn one_stone_per_step(&mut self) {
        let n = self.collected_at.len();
        for t in 0..n {
            let stones: Vec<Lit> = (0..n).map(|s| self.collected_at[s][t]).collect();
            self.add(&stones);
            self.satisfiable &= self.solver.at_most_one(&stones);
        }
    }

    /// Each move goes in one of the four directions and collects the first stone still there
    /// that way; returns `direction[t][d]` (`dir` above).
    fn moves(&mut self, puzzle: &Puzzle, collected_by: &[Vec<Lit>]) -> Vec<[Lit; 4]> {
        let next = nearest(puzzle);
        (0..puzzle.len().saturating_sub(1))
            .map(|t| self.one_move(t, &next, collected_by))
            .collect()
    }

    /// The clauses of move `t`, from step `t` to step `t + 1`; returns its `dir` variables.
    fn one_move(&mut self, t: usize, next: &Nearest, collected_by: &[Vec<Lit>]) -> [Lit; 4] {
        let direction = [(); 4].map(|_| self.solver.new_variable());
        self.add(&direction);
        // arrive[c][d]: this move, going in direction d, reaches stone c.
        let arrive: Vec<[Option<Lit>; 4]> = (next.iter())
            .map(|neighbours| {
                Direction::ALL
                    .map(|d| neighbours[d.opposite().index()].map(|_| self.solver.new_variable()))
            })
            .collect();
        for (a, neighbours) in next.iter().enumerate() {
            for d in Direction::ALL {
                let start = [-self.collected_at[a][t], -direction[d.index()]];
                match neighbours[d.index()] {
                    Some(c) => self.add(&[start[0], start[1], arrive_at(&arrive, c, d)]),
                    None => self.add(&start),
                }
            }
        }
        for (c, neighbours) in next.iter().enumerate() {
            let collected = collected_by[c][t];
            let taken = self.collected_at[c][t + 1];
            let mut entries = vec![-taken];
            for d in Direction::ALL {
                let (Some(reached), Some(behind)) =
                    (arrive[c][d.index()], neighbours[d.opposite().index()])
                else {
                    continue;
                };
                entries.push(reached);
                // Forwards: stop at a stone still there, pass over a collected one.
                self.add(&[-reached, collected, taken]);
                match neighbours[d.index()] {
                    Some(e) => self.add(&[-reached, -collected, arrive_at(&arrive, e, d)]),
                    None => self.add(&[-reached, -collected]),
                }
                // Backwards: the move went this way, from the stone behind or over it.
                self.add(&[-reached, direction[d.index()]]);
                self.add(&[-reached, collected_by[behind][t]]);
                let mut from = vec![-reached, self.collected_at[behind][t]];
                from.extend(arrive[behind][d.index()]);
                self.add(&from);
            }
            self.add(&entries);
        }
        direction
    }

    /// No move goes straight back along the one before.
    fn no_reversals(&mut self, directions: &[[Lit; 4]]) {
        for pair in directions.windows(2) {
            for d in Direction::ALL {
                self.add(&[-pair[0][d.index()], -pair[1][d.opposite().index()]]);
            }
        }
    }

    /// The next order not yet blocked, or `None` if there is none.
    fn next_solution(&mut self) -> Option<Solution> {
        if !self.satisfiable || !self.solver.solve() {
            self.satisfiable = false;
            return None;
        }
        let n = self.collected_at.len();
        let order = (0..n)
            .map(|t| {
                (0..n)
                    .find(|&s| self.solver.value(self.collected_at[s][t]))
                    .expect("each step of a model collects a stone")
            })
            .collect();
        Some(Solution { order })
    }

    /// Forbids the order of `solution`.
    fn block(&mut self, solution: &Solution) {
        let clause: Vec<Lit> = (solution.order.iter().enumerate())
            .map(|(t, &s)| -self.collected_at[s][t])
            .collect();
        self.add(&clause);
    }
}

/// The `arrive` variable of stone `c` in direction `d`, which exists as `c` has a stone behind
/// it that way.
fn arrive_at(arrive: &[[Option<Lit>; 4]], c: usize, d: Direction) -> Lit {
    arrive[c][d.index()].expect("a stone with a neighbour behind it has an arrive variable")
}
