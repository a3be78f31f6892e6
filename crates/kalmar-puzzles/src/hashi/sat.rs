//! The SAT encoding of Hashiwokakero, with connectivity added lazily.
//!
//! Each link gets two variables: `one` (at least one bridge) and `two` (two bridges), with
//! `two → one`. An island's number is enforced by forbidding each combination of values on its
//! at most four links whose sum is wrong (at most 3⁴ = 81 clauses, fewer once propagation has
//! fixed some links). Crossing links get `¬one_h ∨ ¬one_v`; propagation's bounds go in as unit
//! clauses. Connectivity is not encoded up front: the solver finds a model, the components of
//! its bridges are computed, and if there are several, each component gets a *cut clause*
//! (some link leaving it carries a bridge); repeat until a model is connected. Every cut is
//! implied by connectivity, so no solution is lost, and each round removes the model found.
//! To enumerate, a solution is blocked by a clause saying some link differs from it.
//!
//! The solver is [batsat](https://crates.io/crates/batsat) 0.6, a pure-Rust MiniSat, chosen
//! over CaDiCaL (the `cadical` 0.1 binding, which compiles C++ from source) by measurement.
//! Find plus proof of uniqueness, 5 generated puzzles per size (loops 0.3), release build,
//! total milliseconds, same instances and same encoding:
//!
//! | size    | with propagation: batsat | cadical | SAT alone: batsat | cadical |
//! |---------|--------------------------|---------|-------------------|---------|
//! | 30×30   | 8.1                      | 11.1    | 83                | 123     |
//! | 60×60   | 44                       | 57      | 699               | 1034    |
//! | 100×100 | 264                      | 314     | 3674              | 7063    |
//!
//! The incremental calls are many and small (one per cut round), where CaDiCaL's heavier
//! machinery does not pay; batsat also keeps the build free of a C++ compiler and adds
//! seconds, not minutes, to a clean build.
//!
//! ```
//! use kalmar_puzzles::hashi::{format::read_puzzle, propagate::propagate, sat::SatSearch};
//! let puzzle = read_puzzle("2.2\n...\n2.2\n").unwrap();
//! let deductions = propagate(&puzzle).unwrap();
//! let mut search = SatSearch::new(&puzzle, &deductions);
//! let mut count = 0;
//! while let Some(solution) = search.next_solution() {
//!     search.block(&solution);
//!     count += 1;
//! }
//! // A square of four 2s: all single bridges, or two opposite doubles are not connected.
//! assert_eq!(count, 1);
//! ```
//!
//! # Complexity
//! The encoding has 2·links variables and O(81·islands + crossings) clauses. Each SAT call is
//! exponential in the worst case (the puzzle is NP-complete); the number of cut rounds is
//! bounded by the number of disconnected models, small in practice.

use super::propagate::{Deductions, Groups};
use super::puzzle::{Puzzle, Solution};
use crate::sat::{Backend, Lit};

/// Counters of the lazy search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Stats {
    /// Calls to the SAT solver.
    pub sat_calls: usize,
    /// Cut clauses added (for disconnected models, or given).
    pub cuts: usize,
    /// Solutions blocked to search for another.
    pub blocked: usize,
    /// Clauses the solver holds after the initial encoding (unit clauses are absorbed as
    /// assignments and not counted).
    pub clauses: usize,
}

/// An incremental search for connected solutions.
pub struct SatSearch<'a> {
    puzzle: &'a Puzzle,
    solver: Backend,
    one: Vec<Lit>,
    two: Vec<Lit>,
    /// False once an empty clause was added: no (further) solution.
    satisfiable: bool,
    /// The components cut so far, but the largest of each model.
    cut_sets: Vec<Vec<usize>>,
    stats: Stats,
}

impl<'a> SatSearch<'a> {
    /// The encoding of `puzzle` with the bounds of `deductions` as unit clauses.
    pub fn new(puzzle: &'a Puzzle, deductions: &Deductions) -> Self {
        Self::encoded(puzzle, deductions, |_| (None, None))
    }

    /// The encoding of `puzzle` with `avoid` blocked, whose search, at every choice it makes,
    /// tries on the link a number of bridges other than `avoid`'s (0 → 1, 1 → 0 or 2, 2 → 1).
    /// The solution it finds, if any, tends to differ from `avoid` wherever it can: all the
    /// ambiguities of a puzzle that `avoid` solves show up at once, not one per search.
    pub fn avoiding(puzzle: &'a Puzzle, deductions: &Deductions, avoid: &Solution) -> Self {
        let mut search = Self::encoded(puzzle, deductions, |link| {
            let count = avoid.bridges[link];
            (Some(count != 1), Some(count == 1))
        });
        search.block(avoid);
        search
    }

    /// The encoding, with each link's preferred values of `one` and `two`.
    fn encoded(
        puzzle: &'a Puzzle,
        deductions: &Deductions,
        preference: impl Fn(usize) -> (Option<bool>, Option<bool>),
    ) -> Self {
        let links = puzzle.links().len();
        let mut solver = Backend::new();
        let one: Vec<Lit> = (0..links)
            .map(|link| solver.new_variable_preferring(preference(link).0))
            .collect();
        let two: Vec<Lit> = (0..links)
            .map(|link| solver.new_variable_preferring(preference(link).1))
            .collect();
        let mut search = SatSearch {
            puzzle,
            solver,
            one,
            two,
            satisfiable: true,
            cut_sets: Vec::new(),
            stats: Stats::default(),
        };
        search.encode(deductions);
        search.stats.clauses = search.solver.clauses();
        search
    }

    fn add(&mut self, clause: Vec<Lit>) {
        if !self.solver.add(&clause) {
            self.satisfiable = false;
        }
    }

    /// The clause "link `link` does not carry `count` bridges".
    fn differs(&self, link: usize, count: u8, clause: &mut Vec<Lit>) {
        let (one, two) = (self.one[link], self.two[link]);
        match count {
            0 => clause.push(one),
            1 => clause.extend([-one, two]),
            _ => clause.push(-two),
        }
    }

    fn encode(&mut self, deductions: &Deductions) {
        let puzzle = self.puzzle;
        for link in 0..puzzle.links().len() {
            self.add(vec![-self.two[link], self.one[link]]);
            for count in 0..=2 {
                if !(deductions.min[link]..=deductions.max[link]).contains(&count) {
                    let mut clause = Vec::new();
                    self.differs(link, count, &mut clause);
                    self.add(clause);
                }
            }
        }
        for &(horizontal, vertical) in puzzle.crossings() {
            self.add(vec![-self.one[horizontal], -self.one[vertical]]);
        }
        for (island, data) in puzzle.islands().iter().enumerate() {
            let links = puzzle.links_of(island);
            let ranges: Vec<(u8, u8)> = links
                .iter()
                .map(|&l| (deductions.min[l], deductions.max[l]))
                .collect();
            // Every combination within the bounds whose sum is wrong gets a clause.
            let mut values: Vec<u8> = ranges.iter().map(|&(min, _)| min).collect();
            loop {
                let sum: u32 = values.iter().map(|&v| u32::from(v)).sum();
                if sum != u32::from(data.number) {
                    let mut clause = Vec::new();
                    for (&link, &value) in links.iter().zip(&values) {
                        self.differs(link, value, &mut clause);
                    }
                    self.add(clause);
                }
                // Next combination, odometer style.
                let Some(position) = (0..values.len()).find(|&i| values[i] < ranges[i].1) else {
                    break;
                };
                values[position] += 1;
                for i in 0..position {
                    values[i] = ranges[i].0;
                }
            }
        }
    }

    /// The next connected solution not yet blocked, or `None` if there is none.
    pub fn next_solution(&mut self) -> Option<Solution> {
        while self.satisfiable {
            self.stats.sat_calls += 1;
            if !self.solver.solve() {
                self.satisfiable = false;
                break;
            }
            let bridges: Vec<u8> = (0..self.puzzle.links().len())
                .map(|l| {
                    u8::from(self.solver.value(self.one[l]))
                        + u8::from(self.solver.value(self.two[l]))
                })
                .collect();
            let components = self.components(&bridges);
            if components.len() <= 1 {
                return Some(Solution { bridges });
            }
            let largest = (0..components.len()).max_by_key(|&i| components[i].len());
            for (index, component) in components.into_iter().enumerate() {
                self.cut(&component);
                if Some(index) != largest {
                    self.cut_sets.push(component);
                }
            }
        }
        None
    }

    /// The islands of each component of a model's bridges, in increasing order.
    fn components(&self, bridges: &[u8]) -> Vec<Vec<usize>> {
        let puzzle = self.puzzle;
        let count = puzzle.islands().len();
        let mut groups = Groups::new(count);
        for (link, &value) in puzzle.links().iter().zip(bridges) {
            if value > 0 {
                groups.union(link.first, link.second);
            }
        }
        let (labels, components) = groups.labels();
        let mut islands = vec![Vec::new(); components];
        for (island, &label) in labels.iter().enumerate() {
            islands[label].push(island);
        }
        islands
    }

    /// Adds the cut clause of a set of `islands`: some link leaving them carries a bridge.
    /// Connectivity implies it for every set short of all the islands, so no solution is lost,
    /// whichever set it is. Indices that are not islands are left out; a set that ends up empty
    /// or holding every island adds nothing.
    pub fn cut(&mut self, islands: &[usize]) {
        let puzzle = self.puzzle;
        let count = puzzle.islands().len();
        let mut islands: Vec<usize> = islands.iter().copied().filter(|&i| i < count).collect();
        islands.sort_unstable();
        islands.dedup();
        if islands.is_empty() || islands.len() == count {
            return;
        }
        let inside = |island: usize| islands.binary_search(&island).is_ok();
        let clause = islands
            .iter()
            .flat_map(|&island| {
                puzzle
                    .links_of(island)
                    .iter()
                    .filter(move |&&link| !inside(puzzle.other_end(link, island)))
            })
            .map(|&link| self.one[link])
            .collect();
        self.stats.cuts += 1;
        self.add(clause);
    }

    /// The islands of the components whose cuts [`next_solution`](Self::next_solution) added so
    /// far, all but the largest of each disconnected model (whose cut the others' usually
    /// cover): sets whose cuts a changed puzzle with the same islands and more may reuse.
    pub fn cut_sets(&self) -> &[Vec<usize>] {
        &self.cut_sets
    }

    /// Forbids `solution`, so that the next search finds another.
    pub fn block(&mut self, solution: &Solution) {
        let mut clause = Vec::new();
        for (link, &count) in solution.bridges.iter().enumerate() {
            self.differs(link, count, &mut clause);
        }
        self.stats.blocked += 1;
        self.add(clause);
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }
}
