//! Random puzzles with a unique solution, in the spirit of Simon Tatham's Bridges generator:
//! grow a random connected layout of bridges from one island, reading the numbers off it, then
//! let the solver decide whether the numbers determine the layout.
//!
//! 1. **Grow**: start with one island on a random cell; repeatedly pick an island and a
//!    direction, walk 2 to `max_span` cells over water no bridge covers, and put a new island
//!    there (never next to another island), joined by one or two bridges. Stop at
//!    `density × cells` islands or when tries run out.
//! 2. **Loops**: each link left free, whose gap no bridge covers, gets one or two bridges with
//!    probability `loops`. Loops make the puzzle harder to read and less often unique.
//! 3. **Numbers** are the islands' bridge ends, so the layout solves the puzzle.
//! 4. **Uniqueness**, in rounds. Each round is one SAT search for a solution other than the
//!    layout, which at every choice tries a value unlike the layout's
//!    ([`SatSearch::avoiding`]), so that one search shows the puzzle's ambiguities all over the
//!    grid at once. The links where it differs from the layout fall into regions joined by
//!    shared islands, and each region is changed so that the other solution dies there and, if
//!    possible, so does its mirror (the layout minus the difference, which the next round would
//!    otherwise find): a link's bridges raised or lowered by one or two (islands' numbers
//!    follow) where the arithmetic shows that neither survives, or else a bridged link split
//!    by a new island in the middle of its gap (number twice its bridges), or else two links
//!    changed, one against each. The layout stays a solution of the new numbers. The
//!    connectivity cuts a search learns are kept, as sets of island cells, for the next rounds:
//!    a cut holds for any set of islands short of all, and islands are only ever added. When no
//!    other solution is left, [`solve`] in unique mode has the final word on the puzzle
//!    returned. After `max_rounds` rounds the attempt is dropped and a new layout grown.
//!
//! Everything is drawn from one [`StdRng`] seeded with `seed`, so a seed gives one puzzle.
//! [`Generated::easy`] tells whether propagation alone solves it (no search needed): the
//! [`Difficulty`] grade, which [`Params::difficulty`] can require (a layout of the other grade
//! is dropped and a new one grown); higher `density` and `loops` make hard puzzles likelier.
//!
//! ```
//! use kalmar_puzzles::hashi::generate::{Params, generate};
//! use kalmar_puzzles::hashi::{Mode, solve};
//! let generated = generate(&Params::new(7, 7, 42)).unwrap();
//! let answer = solve(&generated.puzzle, Mode::Unique).unwrap();
//! assert_eq!(answer.unique, Some(true));
//! assert_eq!(answer.solutions[0], generated.solution);
//! ```
//!
//! Breaking one region per round, with a change that may let the other solution live on (as an
//! earlier version of this generator did), needs a round per ambiguity or more, and large grids
//! have thousands: 150×150 took minutes. Now 300×300 takes about 5 rounds.
//!
//! # Complexity
//! Growing is O(tries · max_span) plus O(width·height) per layout. A round is O(width·height)
//! for the puzzle and its propagation plus one SAT search (NP-complete in general, fast on these
//! puzzles); the rounds are few, as the ambiguities left shrink geometrically from round to
//! round.

use super::propagate::{Groups, propagate};
use super::puzzle::{Island, Puzzle, PuzzleError, Solution, check_size};
use super::sat::SatSearch;
use super::{Error as SolveError, Mode, solve};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Params {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Islands per cell aimed at, from 0 to 0.5 (Tatham's default is about 0.3).
    pub density: f64,
    /// Probability that a free link gets bridges after growing, from 0 to 1.
    pub loops: f64,
    /// The longest bridge grown, at least 2 cells.
    pub max_span: usize,
    /// Rounds of adjustments (each breaking one second solution wherever it differs) before a
    /// layout is dropped.
    pub max_rounds: usize,
    /// Layouts tried before giving up.
    pub max_attempts: usize,
    /// The grade the puzzle must have, if any.
    pub difficulty: Option<Difficulty>,
    /// The seed of the random numbers.
    pub seed: u64,
}

/// How hard a puzzle is, by what it takes to solve it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Difficulty {
    /// The deductions of [`propagate`] alone fix every link: no guessing.
    Easy,
    /// The deductions leave links open: the solution needs a search (a person must look ahead
    /// further than one island and its neighbours).
    Hard,
}

/// A text that names no difficulty.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown difficulty '{0}': expected easy or hard")]
pub struct UnknownDifficulty(pub String);

impl std::str::FromStr for Difficulty {
    type Err = UnknownDifficulty;
    fn from_str(text: &str) -> Result<Self, UnknownDifficulty> {
        match text {
            "easy" => Ok(Difficulty::Easy),
            "hard" => Ok(Difficulty::Hard),
            _ => Err(UnknownDifficulty(text.to_string())),
        }
    }
}

impl Difficulty {
    /// The grade of a puzzle whose deductions fix every link (`easy`) or not.
    pub fn of(easy: bool) -> Difficulty {
        if easy {
            Difficulty::Easy
        } else {
            Difficulty::Hard
        }
    }
}

impl Params {
    /// Defaults for a `width` × `height` grid: density 0.25, loops 0.1, spans up to half the
    /// longer side but from 3 to 8, 100 rounds, 20 attempts, any difficulty.
    pub fn new(width: usize, height: usize, seed: u64) -> Self {
        Params {
            width,
            height,
            density: 0.25,
            loops: 0.1,
            max_span: (width.max(height) / 2).clamp(3, 8),
            max_rounds: 100,
            max_attempts: 20,
            difficulty: None,
            seed,
        }
    }
}

/// A generated puzzle and its unique solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its only solution.
    pub solution: Solution,
    /// Layouts grown (the last one kept).
    pub attempts: usize,
    /// Links of the kept layout changed to make it unique.
    pub adjustments: usize,
    /// Whether propagation alone fixes every link (the puzzle needs no search: "easy").
    pub easy: bool,
}

/// Why no puzzle was generated.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum GenerateError {
    /// The grid size is refused.
    #[error(transparent)]
    Size(#[from] PuzzleError),
    /// A parameter is out of its range.
    #[error("{0}")]
    Parameter(&'static str),
    /// The solver failed (a bug).
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// No layout became unique (and of the difficulty asked) within the attempts allowed.
    #[error("no puzzle with a unique solution (of the difficulty asked) in {0} attempts")]
    GaveUp(usize),
}

/// A layout under construction: islands and bridges on cells.
struct Layout {
    width: usize,
    height: usize,
    island: Vec<bool>,
    covered: Vec<bool>,
    islands: Vec<usize>,
    /// (cell, cell, bridges), first cell before second in reading order.
    bridges: Vec<(usize, usize, u8)>,
}

const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

impl Layout {
    fn new(width: usize, height: usize) -> Self {
        let cells = width * height;
        Layout {
            width,
            height,
            island: vec![false; cells],
            covered: vec![false; cells],
            islands: Vec::new(),
            bridges: Vec::new(),
        }
    }

    /// The cell `steps` away from `cell` in `direction`, if inside the grid.
    fn step(&self, cell: usize, (dr, dc): (isize, isize), steps: usize) -> Option<usize> {
        let row = (cell / self.width).checked_add_signed(dr * steps as isize)?;
        let column = (cell % self.width).checked_add_signed(dc * steps as isize)?;
        (row < self.height && column < self.width).then_some(row * self.width + column)
    }

    /// Whether an island may stand on `cell`: free, and no island beside it.
    fn can_hold_island(&self, cell: usize) -> bool {
        !self.island[cell]
            && !self.covered[cell]
            && DIRECTIONS
                .iter()
                .all(|&d| self.step(cell, d, 1).is_none_or(|next| !self.island[next]))
    }

    fn add_island(&mut self, cell: usize) {
        self.island[cell] = true;
        self.islands.push(cell);
    }

    fn add_bridge(&mut self, a: usize, b: usize, count: u8, gap: &[usize]) {
        for &cell in gap {
            self.covered[cell] = true;
        }
        self.bridges.push((a.min(b), a.max(b), count));
    }

    /// One try at growing an island from a random one.
    fn grow(&mut self, rng: &mut StdRng, max_span: usize) {
        let from = self.islands[rng.random_range(0..self.islands.len())];
        let direction = DIRECTIONS[rng.random_range(0..4)];
        let span = rng.random_range(2..=max_span);
        let mut gap = Vec::with_capacity(span);
        for steps in 1..span {
            match self.step(from, direction, steps) {
                Some(cell) if !self.island[cell] && !self.covered[cell] => gap.push(cell),
                _ => return,
            }
        }
        let Some(to) = self.step(from, direction, span) else {
            return;
        };
        if self.can_hold_island(to) {
            self.add_island(to);
            let count = random_count(rng);
            self.add_bridge(from, to, count, &gap);
        }
    }

    /// The puzzle of the current islands with the numbers read off `bridges`, and its solution.
    fn puzzle(&self) -> (Puzzle, Solution) {
        let mut ends = vec![0u8; self.width * self.height];
        for &(a, b, count) in &self.bridges {
            ends[a] += count;
            ends[b] += count;
        }
        let islands = self
            .islands
            .iter()
            .map(|&cell| Island {
                row: cell / self.width,
                column: cell % self.width,
                number: ends[cell],
            })
            .collect();
        let puzzle = Puzzle::new(self.width, self.height, islands)
            .expect("a grown layout has connected islands with numbers 1 to 8");
        let mut bridges = vec![0; puzzle.links().len()];
        for &(a, b, count) in &self.bridges {
            let island = |cell: usize| puzzle.island_at(cell / self.width, cell % self.width);
            let link = island(a)
                .zip(island(b))
                .and_then(|(a, b)| puzzle.link_between(a, b));
            if let Some(link) = link {
                bridges[link] = count;
            }
        }
        (puzzle, Solution { bridges })
    }

    fn cell_of(&self, puzzle: &Puzzle, island: usize) -> usize {
        let island = puzzle.islands()[island];
        island.row * self.width + island.column
    }

    /// Bridges on free links whose gap nothing covers, each with probability `loops`.
    fn close_loops(&mut self, rng: &mut StdRng, loops: f64) {
        let (puzzle, solution) = self.puzzle();
        for (link, ends) in puzzle.links().iter().enumerate() {
            let gap: Vec<usize> = puzzle.water_cells(link).collect();
            if solution.bridges[link] == 0
                && !gap.is_empty()
                && gap.iter().all(|&cell| !self.covered[cell])
                && rng.random_bool(loops)
            {
                let (a, b) = (
                    self.cell_of(&puzzle, ends.first),
                    self.cell_of(&puzzle, ends.second),
                );
                let count = random_count(rng);
                self.add_bridge(a, b, count, &gap);
            }
        }
    }

    /// The cells of `link`'s islands.
    fn link_cells(&self, puzzle: &Puzzle, link: usize) -> (usize, usize) {
        let ends = puzzle.links()[link];
        (
            self.cell_of(puzzle, ends.first),
            self.cell_of(puzzle, ends.second),
        )
    }

    /// The index in the layout of the bridges of a bridged `link`.
    fn bridge_index(&self, puzzle: &Puzzle, link: usize) -> usize {
        let cells = self.link_cells(puzzle, link);
        self.bridges
            .iter()
            .position(|&(a, b, _)| (a, b) == cells)
            .expect("a bridged link is in the layout")
    }

    /// The gap of a free `link` if nothing covers it (an island inserted earlier in the round
    /// may stand there too).
    fn free_gap(&self, puzzle: &Puzzle, link: usize) -> Option<Vec<usize>> {
        let gap: Vec<usize> = puzzle.water_cells(link).collect();
        let blocked = |cell: &usize| self.covered[*cell] || self.island[*cell];
        (!gap.is_empty() && !gap.iter().any(blocked)).then_some(gap)
    }

    /// Splits a bridged `link` with a new island in its gap (number twice its bridges), on the
    /// cell nearest the middle that can hold one. Returns whether it did.
    fn split(&mut self, puzzle: &Puzzle, solution: &Solution, link: usize) -> bool {
        let count = solution.bridges[link];
        if count == 0 {
            return false;
        }
        let gap: Vec<usize> = puzzle.water_cells(link).collect();
        // Cells nearest the middle first, never next to the link's own islands.
        let middle = gap.len() / 2;
        let mut order: Vec<usize> = (1..gap.len().saturating_sub(1)).collect();
        order.sort_by_key(|&i| i.abs_diff(middle));
        for i in order {
            let cell = gap[i];
            self.covered[cell] = false;
            if self.can_hold_island(cell) {
                let bridge = self.bridge_index(puzzle, link);
                let (a, b) = self.link_cells(puzzle, link);
                self.add_island(cell);
                self.bridges[bridge] = (a, cell, count);
                self.bridges.push((cell, b, count));
                return true;
            }
            self.covered[cell] = true;
        }
        false
    }

    /// The numbers of bridges `link` may be given instead of its `count` in the layout, keeping
    /// the layout connected and free of crossings: more on a free link whose gap is free, a
    /// double where there is a single, a single where there is a double.
    fn new_counts(&self, puzzle: &Puzzle, link: usize, count: u8) -> &'static [u8] {
        match count {
            0 if self.free_gap(puzzle, link).is_some() => &[1, 2],
            0 => &[],
            1 => &[2],
            _ => &[1],
        }
    }

    /// Gives `link` `count` bridges (one of its [`new_counts`](Self::new_counts)). Returns
    /// whether it could (a free link's gap may have been covered since).
    fn set_bridges(&mut self, puzzle: &Puzzle, link: usize, count: u8) -> bool {
        let cells = self.link_cells(puzzle, link);
        match self.bridges.iter().position(|&(a, b, _)| (a, b) == cells) {
            Some(bridge) => self.bridges[bridge].2 = count,
            None => match self.free_gap(puzzle, link) {
                Some(gap) => self.add_bridge(cells.0, cells.1, count, &gap),
                None => return false,
            },
        }
        true
    }

    /// Changes the layout in `region`, links where `other` differs from it, so that `other`
    /// dies and so does its mirror (the layout minus the difference), keeping the layout a
    /// solution of its new numbers. Giving a link c bridges more changes its islands' numbers
    /// by c, so `other` survives with that link at other + c unless that leaves 0 to 2, and the
    /// mirror (if its values are in 0 to 2 at all) with the link at layout + c − (other −
    /// layout). In order, links tried from a random one on:
    /// 1. one link changed so that both die;
    /// 2. a bridged link split with a new island, which changes the numbers around most;
    /// 3. one link changed that kills `other` and another that kills the mirror;
    /// 4. one link changed that kills `other`, or else any change.
    ///
    /// Returns the number of links changed.
    fn break_region(
        &mut self,
        rng: &mut StdRng,
        puzzle: &Puzzle,
        solution: &Solution,
        other: &Solution,
        region: &[usize],
    ) -> usize {
        let start = rng.random_range(0..region.len());
        let links: Vec<usize> = (0..region.len())
            .map(|i| region[(start + i) % region.len()])
            .collect();
        let in_range = |value: i16| (0..=2).contains(&value);
        let values = |link: usize| {
            let (ours, theirs) = (solution.bridges[link], other.bridges[link]);
            (i16::from(ours), i16::from(theirs))
        };
        let mirror_alive = links.iter().all(|&link| {
            let (ours, theirs) = values(link);
            in_range(2 * ours - theirs)
        });
        let kills_other = |link: usize, count: u8| {
            let (ours, theirs) = values(link);
            !in_range(theirs + i16::from(count) - ours)
        };
        let kills_mirror = |link: usize, count: u8| {
            let (ours, theirs) = values(link);
            !mirror_alive || !in_range(i16::from(count) - theirs + ours)
        };
        let changes: Vec<(usize, u8)> = links
            .iter()
            .flat_map(|&link| {
                let counts = self.new_counts(puzzle, link, solution.bridges[link]);
                counts.iter().map(move |&count| (link, count))
            })
            .collect();
        let both = changes
            .iter()
            .find(|&&(link, count)| kills_other(link, count) && kills_mirror(link, count));
        if let Some(&(link, count)) = both {
            return usize::from(self.set_bridges(puzzle, link, count));
        }
        if links.iter().any(|&link| self.split(puzzle, solution, link)) {
            return 1;
        }
        let killer = changes
            .iter()
            .find(|&&(link, count)| kills_other(link, count))
            .or(changes.first());
        let Some(&(first, count)) = killer else {
            return 0;
        };
        let mut changed = usize::from(self.set_bridges(puzzle, first, count));
        if mirror_alive {
            let second = changes
                .iter()
                .filter(|&&(link, count)| link != first && kills_mirror(link, count))
                .any(|&(link, count)| self.set_bridges(puzzle, link, count));
            changed += usize::from(second);
        }
        changed
    }

    /// Breaks `other`, a solution of `puzzle` other than `solution` (the layout's): the links
    /// where they differ fall into [regions](differing_regions), and each region is
    /// [broken](Self::break_region). Regions share no island; where a change reaches into
    /// another region's gap (a new island, a covered cell), the later change sees it. Returns
    /// the number of links changed.
    fn break_solution(
        &mut self,
        rng: &mut StdRng,
        puzzle: &Puzzle,
        solution: &Solution,
        other: &Solution,
    ) -> usize {
        differing_regions(puzzle, solution, other)
            .iter()
            .map(|region| self.break_region(rng, puzzle, solution, other, region))
            .sum()
    }
}

/// The links where `other` differs from `solution`, in regions: two links are in one region
/// when a chain of differing links sharing islands joins them.
fn differing_regions(puzzle: &Puzzle, solution: &Solution, other: &Solution) -> Vec<Vec<usize>> {
    let differing: Vec<usize> = (0..solution.bridges.len())
        .filter(|&link| solution.bridges[link] != other.bridges[link])
        .collect();
    let mut groups = Groups::new(puzzle.islands().len());
    for &link in &differing {
        let ends = puzzle.links()[link];
        groups.union(ends.first, ends.second);
    }
    let (labels, count) = groups.labels();
    let mut regions = vec![Vec::new(); count];
    for &link in &differing {
        regions[labels[puzzle.links()[link].first]].push(link);
    }
    regions.retain(|region| !region.is_empty());
    regions
}

/// A solution of `puzzle` other than `solution`, found by a search that tries values unlike
/// `solution`'s first, or `None` if there is none (or propagation finds none at all, which only
/// a bug could cause: the final check then decides).
///
/// `known_cuts` are sets of island cells whose connectivity cuts earlier searches on this
/// layout learnt. A cut holds for any set of islands short of all of them, and adjustments only
/// add islands, so each set still gives a valid cut: the search starts with them instead of
/// rediscovering them one disconnected model at a time, and adds the ones it learns.
fn another_solution(
    puzzle: &Puzzle,
    solution: &Solution,
    known_cuts: &mut Vec<Vec<usize>>,
) -> Option<Solution> {
    let deductions = propagate(puzzle).ok()?;
    let mut search = SatSearch::avoiding(puzzle, &deductions, solution);
    let width = puzzle.width();
    for cells in known_cuts.iter() {
        let islands: Vec<usize> = cells
            .iter()
            .filter_map(|&cell| puzzle.island_at(cell / width, cell % width))
            .collect();
        search.cut(&islands);
    }
    let other = search.next_solution();
    let cell = |island: usize| {
        let island = puzzle.islands()[island];
        island.row * width + island.column
    };
    known_cuts.extend(
        search
            .cut_sets()
            .iter()
            .map(|islands| islands.iter().map(|&island| cell(island)).collect()),
    );
    other
}

fn random_count(rng: &mut StdRng) -> u8 {
    if rng.random_bool(1.0 / 3.0) { 2 } else { 1 }
}

/// Generates a puzzle with a unique solution.
pub fn generate(params: &Params) -> Result<Generated, GenerateError> {
    check_size(params.width, params.height)?;
    if !(0.0..=0.5).contains(&params.density) {
        return Err(GenerateError::Parameter("density must be from 0 to 0.5"));
    }
    if !(0.0..=1.0).contains(&params.loops) {
        return Err(GenerateError::Parameter("loops must be from 0 to 1"));
    }
    if params.max_span < 2 {
        return Err(GenerateError::Parameter("max_span must be at least 2"));
    }
    let mut rng = StdRng::seed_from_u64(params.seed);
    let cells = params.width * params.height;
    let target = ((params.density * cells as f64) as usize).max(2);
    for attempt in 1..=params.max_attempts {
        let mut layout = Layout::new(params.width, params.height);
        layout.add_island(rng.random_range(0..cells));
        for _ in 0..target * 50 {
            if layout.islands.len() >= target {
                break;
            }
            layout.grow(&mut rng, params.max_span);
        }
        if layout.islands.len() < 2 {
            continue;
        }
        layout.close_loops(&mut rng, params.loops);
        let mut adjustments = 0;
        let mut known_cuts = Vec::new();
        for _ in 0..=params.max_rounds {
            let (puzzle, solution) = layout.puzzle();
            let Some(other) = another_solution(&puzzle, &solution, &mut known_cuts) else {
                // The final word is the solver's, in unique mode; a disagreement drops the
                // layout rather than return a puzzle not proven unique.
                let answer = solve(&puzzle, Mode::Unique)?;
                if answer.unique != Some(true) || answer.solutions[0] != solution {
                    break;
                }
                let easy = propagate(&puzzle).is_ok_and(|bounds| bounds.min == bounds.max);
                if params.difficulty.is_some_and(|d| d != Difficulty::of(easy)) {
                    break;
                }
                return Ok(Generated {
                    puzzle,
                    solution,
                    attempts: attempt,
                    adjustments,
                    easy,
                });
            };
            match layout.break_solution(&mut rng, &puzzle, &solution, &other) {
                0 => break,
                changed => adjustments += changed,
            }
        }
    }
    Err(GenerateError::GaveUp(params.max_attempts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hashi::check::check;

    /// A free link whose gap an island inserted earlier in the same round now stands in must
    /// not get a bridge: the bridge would run through the island.
    #[test]
    fn a_free_link_through_a_new_island_is_left_free() {
        // E . C . F      E–C, C–F, E–A, F–B bridged; C–D bridged through (2, 2);
        // . . . . .      A–B free, crossing C–D at (2, 2).
        // A . . . B
        // . . . . .
        // . . D . .
        let mut layout = Layout::new(5, 5);
        let [e, c, f, a, b, d] = [(0, 0), (0, 2), (0, 4), (2, 0), (2, 4), (4, 2)]
            .map(|(row, column): (usize, usize)| row * 5 + column);
        for cell in [e, c, f, a, b, d] {
            layout.add_island(cell);
        }
        for (x, y, gap) in [
            (e, c, vec![1]),
            (c, f, vec![3]),
            (e, a, vec![5]),
            (f, b, vec![9]),
        ] {
            layout.add_bridge(x, y, 1, &gap);
        }
        layout.add_bridge(c, d, 1, &[7, 12, 17]);
        let (puzzle, solution) = layout.puzzle();
        let link = |x: usize, y: usize| {
            let island = |cell: usize| puzzle.island_at(cell / 5, cell % 5).unwrap();
            puzzle.link_between(island(x), island(y)).unwrap()
        };
        assert!(layout.split(&puzzle, &solution, link(c, d)));
        assert!(layout.island[12]);
        assert_eq!(layout.free_gap(&puzzle, link(a, b)), None);
        assert!(!layout.set_bridges(&puzzle, link(a, b), 1));
        let (puzzle, solution) = layout.puzzle();
        assert_eq!(check(&puzzle, &solution), Ok(()));
    }

    /// A square of islands one cell apart, where no island fits, whose layout has a second
    /// solution: one change must kill it for good (a flip of one random link used to let it come
    /// back round after round).
    #[test]
    fn a_square_with_a_second_solution_is_made_unique_in_one_change() {
        // 3 = 2     layout: top and bottom doubled, left single, right free;
        // |   .     other:  top, right, bottom single, left doubled.
        // 3 = 2
        for seed in 0..8 {
            let mut layout = Layout::new(3, 3);
            for cell in [0, 2, 6, 8] {
                layout.add_island(cell);
            }
            layout.add_bridge(0, 2, 2, &[1]);
            layout.add_bridge(6, 8, 2, &[7]);
            layout.add_bridge(0, 6, 1, &[3]);
            let (puzzle, solution) = layout.puzzle();
            let value = |link: &crate::hashi::Link| match (link.first, link.second) {
                (0, 2) => 2,
                _ => 1,
            };
            let other = Solution {
                bridges: puzzle.links().iter().map(value).collect(),
            };
            assert_eq!(check(&puzzle, &other), Ok(()));
            let mut rng = StdRng::seed_from_u64(seed);
            assert_eq!(
                layout.break_solution(&mut rng, &puzzle, &solution, &other),
                1
            );
            let (puzzle, solution) = layout.puzzle();
            assert_eq!(check(&puzzle, &solution), Ok(()));
            let answer = solve(&puzzle, Mode::Unique).unwrap();
            assert_eq!(answer.unique, Some(true));
        }
    }
}
