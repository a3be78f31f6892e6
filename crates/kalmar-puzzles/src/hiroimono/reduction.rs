//! CNF satisfiability → Hiroimono: the NP-hardness reduction of Andersson's *Hiroimono is
//! NP-complete* (FUN 2007), as a generator of puzzles that are solvable exactly when a
//! formula is satisfiable, with satisfying assignments and tours mapped both ways.
//!
//! The paper's figures, which define its gadgets, are not in the text this follows; these
//! gadgets are designed from its description (a `choice` per variable made of two
//! staircases, `c`-components below them for the clauses, all of a clause's components on
//! one row), and like the paper's, one puzzle serves all four variants: a satisfiable
//! formula's puzzle has a tour under START-HIROIMONO, the strictest, and a tour under
//! 180-HIROIMONO, the most permissive, maps back to a satisfying assignment. The tests prove
//! it on small formulas: the puzzle is solvable exactly when the formula is satisfiable,
//! under every variant and for every formula of up to three variables and three clauses
//! (some of the sets in ignored tests, `cargo test --release -p kalmar-puzzles --
//! --ignored`); every satisfying assignment maps to a tour the independent checker accepts;
//! the tour the solver finds maps back to a satisfying assignment; and so does every tour
//! under 180-HIROIMONO, enumerated by a search of the tests' own, of every formula of one
//! clause.
//!
//! # The construction
//! Each stone gets a column and a row of its own except where a line is meant to join it to
//! others, so the lines of the puzzle are exactly the ones designed below.
//!
//! - **Start and end.** The tour starts at a stone `⊙` whose only line leads to the first
//!   variable, and ends at a stone `Ω` alike, after the last variable. (Where the start is
//!   free, a tour could as well run from `Ω` to `⊙`, entering each choice by its exit;
//!   nothing below depends on the direction.)
//! - **choice(i)**, for the variable `xᵢ`: two staircases, `T` for the literal `xᵢ` and `F`
//!   for `¬xᵢ`, descending side by side from an entry to a turn. The tour goes down one
//!   staircase, turns, comes back up the other and leaves for the next variable. The
//!   staircase it comes back up is the **true** literal's. The entry's row holds the link
//!   from the previous variable, the entry and `T`'s first two stones; its column holds
//!   `F`'s first two. The exit lies below `T`'s first stone, on a row with `F`'s first stone
//!   and the onward stone.
//! - **A dip** in a literal's staircase for each clause that contains it. Going down, the
//!   staircase reaches a stone `P⁻` from above and runs right through `P` to `P⁺`; then it
//!   hooks back, climbing a pair of its own stones under `P` from below, then a pair under
//!   `P⁻`, and leaves to the left. Below the pairs lie the clause's stones `c` (under `P⁻`)
//!   and `r` (under `P`): the literal's `c`-component.
//! - **A clause's components** lie on one row, closed into a ring by two stones at its ends
//!   and two below those.
//!
//! Coming back up a staircase, the tour has collected the hooks before it reaches `P`, so
//! there it looks straight down at `r`: it may drop, run round the whole ring and climb from
//! `c` straight back to `P⁻`, collecting the clause. Going down, the staircase's own hook
//! still stands between the dip and the ring, and dropping into the ring from the hook or
//! cutting across the dip leaves stones that nothing reaches any more. So every ring is
//! collected from the staircase of a true literal, and the puzzle is solvable exactly when
//! some assignment makes a literal of every clause true.
//!
//! # Why turning back does not help
//! A stone with at most one uncollected stone left on its row and column can only be the
//! next stone or the last: entered along its lines, it must leave along them. `⊙` and `Ω`
//! are such stones from the start, so they are the tour's ends, and a move that leaves a
//! third one behind (other than the next) ends in failure. This counts stones, not
//! directions, so it binds a tour that turns back exactly as one that does not; and a turn
//! back, from a stone reached along a line, goes to the nearest uncollected stone beyond the
//! one it came from, so it matters only on the lines of three stones or more. These are laid
//! so that a turn back either finds only collected stones or strands one; the cases that
//! shaped them:
//!
//! - in a choice, a turn back on a staircase's first or second stone finds the entry's line
//!   collected; leaving the first stone for the exit, instead of going on down, strands the
//!   second, whose lines hold nothing else but the next stone down. (Had the second stone
//!   shared the exit's line, a turn back there would jump straight to the exit, skipping the
//!   whole staircase.)
//! - in a dip, dropping into the ring from the lower stone of a hook's pair strands the upper
//!   one; turning back at the upper one to drop past the lower strands the stone after it,
//!   whose lines hold nothing else but the next one.
//!
//! The tests check all of it, the rings included, by solving and by enumerating every tour,
//! as above.
//!
//! ```
//! use kalmar_puzzles::cnf::Cnf;
//! use kalmar_puzzles::hiroimono::reduction::Reduction;
//! use kalmar_puzzles::hiroimono::{check, Variant};
//! // (x1 or x2) and (not x1)
//! let formula = Cnf::new(2, vec![vec![1, 2], vec![-1]]).unwrap();
//! let reduction = Reduction::new(&formula).unwrap();
//! let tour = reduction.solution(&[false, true]).unwrap();
//! assert!(check(&reduction.puzzle, Variant::Start, &tour).is_ok());
//! assert_eq!(reduction.assignment(&tour), vec![false, true]);
//! assert!(reduction.solution(&[true, true]).is_none()); // (not x1) is false
//! let decided = reduction.decide(Variant::Classic).unwrap();
//! assert_eq!(decided.assignment, Some(vec![false, true]));
//! ```
//!
//! # Complexity
//! Linear: one pass over the clauses, then 2 stones, 15 per variable, 15 per distinct literal
//! of a clause and 4 per clause, laid out in one pass, with coordinates below twice the
//! number of stones. Mapping an assignment to a tour, or a tour back, is linear too;
//! [`Reduction::decide`] is a solver call, exponential in the worst case.

use super::model::{MAX_STONES, Point, Puzzle, PuzzleError, Solution, Variant};
use crate::Mode;
use crate::cnf::Cnf;
use thiserror::Error;

/// Why a formula cannot be reduced.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReductionError {
    /// The puzzle would have more than [`MAX_STONES`] stones.
    #[error(
        "the puzzle would have about {0} stones, more than the {MAX_STONES} a puzzle may have; reduce a smaller formula"
    )]
    TooLarge(usize),
    /// The layout produced an invalid puzzle (a defect of this module).
    #[error("the reduction produced an invalid puzzle: {0}")]
    Puzzle(#[from] PuzzleError),
    /// A tour mapped back to an assignment that does not satisfy the formula (a defect of
    /// this module).
    #[error("a tour of the puzzle maps to an assignment that does not satisfy the formula")]
    NotSatisfying,
}

/// What solving a reduction's puzzle says about its formula.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Decision {
    /// A tour, if the puzzle has one.
    pub tour: Option<Solution>,
    /// The satisfying assignment the tour encodes (`x₁` first); `None` when the puzzle has
    /// no tour, which proves the formula unsatisfiable.
    pub assignment: Option<Vec<bool>>,
    /// Search nodes the solver visited.
    pub nodes: u64,
}

/// A staircase being laid out: its stones from the entry end, and the row it goes on
/// along, rightwards from its last stone.
#[derive(Clone, Debug)]
struct Staircase {
    stones: Vec<usize>,
    row: i64,
}

impl Staircase {
    /// A staircase whose first two stones are in `column`, on `rows`, going on along the
    /// second row.
    fn start(layout: &mut Layout, column: i64, rows: [i64; 2]) -> Staircase {
        Staircase {
            stones: rows.map(|row| layout.stone(column, row)).to_vec(),
            row: rows[1],
        }
    }
}

/// A literal's dip: where the tour leaves the staircase for a ring and comes back.
#[derive(Clone, Copy, Debug)]
struct Dip {
    /// The clause (from 0), the variable (from 0) and whether the literal is positive.
    clause: usize,
    variable: usize,
    positive: bool,
    /// The stone the tour drops from, coming back up the staircase (`P`).
    drop: usize,
    /// The columns of the ring's `c` (under `P⁻`, where the tour climbs back) and `r`
    /// (under `P`).
    column_c: i64,
    column_r: i64,
}

/// The stones of one variable's choice gadget.
#[derive(Clone, Debug)]
struct Choice {
    /// The stone before the entry (below the previous variable's `onward`, or below `⊙`).
    link: usize,
    /// The entry, reached from the left.
    entry: usize,
    /// The staircases of `xᵢ` and `¬xᵢ`, from the entry end to the turn.
    positive: Vec<usize>,
    negative: Vec<usize>,
    /// The turn between the staircases' far ends.
    turn: usize,
    /// The exit, and the stone after it towards the next variable.
    exit: usize,
    onward: usize,
}

/// A clause's ring.
#[derive(Clone, Debug)]
struct Ring {
    /// The literals' dips, left to right (indices into [`Reduction::dips`]).
    dips: Vec<usize>,
    /// The components' stones on the row, `c₁ r₁ c₂ r₂ …`, left to right.
    row: Vec<usize>,
    /// The stones closing the ring: left of `c₁` on the row, below that, below the next,
    /// and right of the last `r` on the row.
    closing: [usize; 4],
}

/// Lays stones out with a fresh column or row for each line: columns numbered left to
/// right, rows top to bottom, in the order they are asked for.
#[derive(Debug, Default)]
struct Layout {
    points: Vec<Point>,
    columns: i64,
    rows: i64,
}

impl Layout {
    /// A fresh column; columns are even, so that the odd ones next to a column are free.
    fn column(&mut self) -> i64 {
        self.columns += 2;
        self.columns
    }

    fn row(&mut self) -> i64 {
        self.rows += 1;
        self.rows
    }

    fn stone(&mut self, x: i64, y: i64) -> usize {
        self.points.push(Point::new(x, y));
        self.points.len() - 1
    }

    /// Lays the stones at `(x, y)` in turn, appending them to `path`.
    fn path(&mut self, path: &mut Vec<usize>, points: &[(i64, i64)]) {
        for &(x, y) in points {
            path.push(self.stone(x, y));
        }
    }
}

/// A formula reduced to a Hiroimono puzzle.
#[derive(Clone, Debug)]
pub struct Reduction {
    /// The puzzle; its first stone is the start `⊙`.
    pub puzzle: Puzzle,
    /// The formula reduced.
    pub formula: Cnf,
    /// The start `⊙` and the end `Ω`.
    start: usize,
    end: usize,
    choices: Vec<Choice>,
    dips: Vec<Dip>,
    /// One per clause; `None` for an empty clause (an isolated stone makes the puzzle
    /// unsolvable).
    rings: Vec<Option<Ring>>,
}

impl Reduction {
    /// The puzzle of `formula`. Repeated literals in a clause count once.
    pub fn new(formula: &Cnf) -> Result<Reduction, ReductionError> {
        let clauses: Vec<Vec<i32>> = formula.clauses().iter().map(|c| distinct(c)).collect();
        let literals: usize = clauses.iter().map(Vec::len).sum();
        let estimate = 2 + 15 * formula.variables() + 15 * literals + 4 * clauses.len();
        if estimate > MAX_STONES {
            return Err(ReductionError::TooLarge(estimate));
        }
        let mut layout = Layout::default();
        let mut link_column = layout.column();
        let start_row = layout.row();
        let start = layout.stone(link_column, start_row);
        let mut choices = Vec::with_capacity(formula.variables());
        let mut dips = Vec::with_capacity(literals);
        // Each variable's occurrences (clause, positive), in clause order: one pass.
        let mut occurrences = vec![Vec::new(); formula.variables()];
        for (clause, literals) in clauses.iter().enumerate() {
            for &literal in literals {
                occurrences[literal.unsigned_abs() as usize - 1].push((clause, literal > 0));
            }
        }
        for (variable, occurrences) in occurrences.iter().enumerate() {
            let choice = lay_choice(&mut layout, link_column, |layout, positive, negative| {
                for &(clause, sign) in occurrences {
                    let (drop, column_c, column_r) =
                        lay_dip(layout, if sign { positive } else { negative });
                    dips.push(Dip {
                        clause,
                        variable,
                        positive: sign,
                        drop,
                        column_c,
                        column_r,
                    });
                }
            });
            link_column = layout.points[choice.onward].x;
            choices.push(choice);
        }
        let end_row = layout.row();
        let end = layout.stone(link_column, end_row);
        // Each clause's dips, left to right: dips are laid out left to right.
        let mut by_clause = vec![Vec::new(); clauses.len()];
        for (index, dip) in dips.iter().enumerate() {
            by_clause[dip.clause].push(index);
        }
        let rings = by_clause
            .into_iter()
            .map(|mine| lay_ring(&mut layout, &dips, mine))
            .collect();
        Ok(Reduction {
            puzzle: Puzzle::new(layout.points)?,
            formula: formula.clone(),
            start,
            end,
            choices,
            dips,
            rings,
        })
    }

    /// The tour of a satisfying `assignment` (one value per variable, `x₁` first), or `None`
    /// if it does not satisfy the formula (or has the wrong length).
    pub fn solution(&self, assignment: &[bool]) -> Option<Solution> {
        if assignment.len() != self.choices.len() {
            return None;
        }
        // Each clause's ring is collected from the dip of its first true literal.
        let mut detours = std::collections::HashMap::new();
        for ring in &self.rings {
            let ring = ring.as_ref()?;
            let at = ring.dips.iter().position(|&d| {
                let dip = &self.dips[d];
                assignment[dip.variable] == dip.positive
            })?;
            detours.insert(self.dips[ring.dips[at]].drop, ring_path(ring, at));
        }
        let mut order = vec![self.start];
        for (choice, &value) in self.choices.iter().zip(assignment) {
            let (first, second) = if value {
                (&choice.negative, &choice.positive)
            } else {
                (&choice.positive, &choice.negative)
            };
            order.extend([choice.link, choice.entry]);
            order.extend_from_slice(first);
            order.push(choice.turn);
            for &stone in second.iter().rev() {
                order.push(stone);
                if let Some(path) = detours.get(&stone) {
                    order.extend_from_slice(path);
                }
            }
            order.extend([choice.exit, choice.onward]);
        }
        order.push(self.end);
        Some(Solution { order })
    }

    /// Solves the puzzle under `variant` with the depth-first search and maps its tour back:
    /// a satisfying assignment of the formula, or the proof (no tour) that there is none.
    pub fn decide(&self, variant: Variant) -> Result<Decision, ReductionError> {
        let answer = super::solve(&self.puzzle, variant, Mode::Find);
        let tour = answer.solutions.into_iter().next();
        let assignment = tour.as_ref().map(|tour| self.assignment(tour));
        if let Some(values) = &assignment
            && !self.formula.satisfied_by(values)
        {
            return Err(ReductionError::NotSatisfying);
        }
        Ok(Decision {
            tour,
            assignment,
            nodes: answer.nodes,
        })
    }

    /// The assignment a tour encodes: `xᵢ` is true when the tour comes back up the staircase
    /// of `xᵢ`, reaching its far end after the turn. For a tour that solves the puzzle, it
    /// satisfies the formula.
    pub fn assignment(&self, solution: &Solution) -> Vec<bool> {
        let mut when = vec![usize::MAX; self.puzzle.len()];
        for (step, &stone) in solution.order.iter().enumerate() {
            if let Some(slot) = when.get_mut(stone) {
                *slot = step;
            }
        }
        self.choices
            .iter()
            .map(|c| {
                c.positive
                    .last()
                    .is_some_and(|&far| when[far] > when[c.turn])
            })
            .collect()
    }
}

/// The clause's literals without repeats, in their order.
fn distinct(clause: &[i32]) -> Vec<i32> {
    let mut seen = std::collections::HashSet::with_capacity(clause.len());
    clause.iter().copied().filter(|&l| seen.insert(l)).collect()
}

/// Lays out one variable's choice below `link_column`: the entry, the staircases' first
/// stones, the dips (laid by `dips`), the turn and the exit.
fn lay_choice(
    layout: &mut Layout,
    link_column: i64,
    dips: impl FnOnce(&mut Layout, &mut Staircase, &mut Staircase),
) -> Choice {
    let entry_row = layout.row();
    let exit_row = layout.row();
    let negative_row = layout.row();
    let link = layout.stone(link_column, entry_row);
    let [entry_column, exit_column, second_column] = [(); 3].map(|()| layout.column());
    let entry = layout.stone(entry_column, entry_row);
    // Each staircase's first two stones go on a line of the entry, and the exit shares a line
    // with neither second stone: a turn back there finds only collected stones.
    let mut positive = Staircase {
        stones: [exit_column, second_column]
            .map(|column| layout.stone(column, entry_row))
            .to_vec(),
        row: entry_row,
    };
    let exit = layout.stone(exit_column, exit_row);
    let mut negative = Staircase::start(layout, entry_column, [exit_row, negative_row]);
    dips(layout, &mut positive, &mut negative);
    // The turn: the positive staircase comes down onto its row from above, the negative one
    // reaches the stone below it from below.
    let [negative_column, left, right] = [(); 3].map(|()| layout.column());
    let [top, bottom, below] = [(); 3].map(|()| layout.row());
    let (positive_row, negative_row) = (positive.row, negative.row);
    layout.path(&mut positive.stones, &[(left, positive_row), (left, top)]);
    layout.path(
        &mut negative.stones,
        &[
            (negative_column, negative_row),
            (negative_column, below),
            (right, below),
            (right, bottom),
        ],
    );
    let turn = layout.stone(right, top);
    let onward_column = layout.column();
    let onward = layout.stone(onward_column, exit_row);
    Choice {
        link,
        entry,
        positive: positive.stones,
        negative: negative.stones,
        turn,
        exit,
        onward,
    }
}

/// Lays out a dip of `stair` on fresh rows and columns. Going down, the staircase reaches
/// `P⁻` from above and runs right through `P` to `P⁺`; then it climbs a pair of stones under
/// `P` from below (`K_b` to `K_a`) and a pair under `P⁻` (`L_b` to `L_a`), and leaves from the
/// left of `L_a`. Returns `P` and the columns of `P⁻` and `P`, under which the ring's `c` and
/// `r` go.
fn lay_dip(layout: &mut Layout, stair: &mut Staircase) -> (usize, i64, i64) {
    let [away, before, between, at, after] = [(); 5].map(|()| layout.column());
    let [top, ka, kb, la, lb, out] = [(); 6].map(|()| layout.row());
    let first = stair.stones.len();
    layout.path(
        &mut stair.stones,
        &[
            (before, stair.row),
            (before, top),
            (at, top),
            (after, top),
            (after, kb),
            (at, kb),
            (at, ka),
            (between, ka),
            (between, lb),
            (before, lb),
            (before, la),
            (away, la),
            (away, out),
        ],
    );
    stair.row = out;
    (stair.stones[first + 2], before, at)
}

/// Lays out the ring of a clause whose dips are `mine` (left to right) on two fresh rows
/// below everything laid out so far; an empty clause gets a stone no line reaches.
fn lay_ring(layout: &mut Layout, dips: &[Dip], mine: Vec<usize>) -> Option<Ring> {
    if mine.is_empty() {
        let (x, y) = (layout.column(), layout.row());
        layout.stone(x, y);
        return None;
    }
    debug_assert!(mine.is_sorted_by_key(|&d| dips[d].column_c));
    let (row, closing_row) = (layout.row(), layout.row());
    let stones = mine
        .iter()
        .flat_map(|&d| [dips[d].column_c, dips[d].column_r])
        .map(|x| layout.stone(x, row))
        .collect();
    let (left, right) = (
        dips[mine[0]].column_c - 1,
        dips[mine[mine.len() - 1]].column_r + 1,
    );
    let closing = [
        layout.stone(left, row),
        layout.stone(left, closing_row),
        layout.stone(right, closing_row),
        layout.stone(right, row),
    ];
    Some(Ring {
        dips: mine,
        row: stones,
        closing,
    })
}

/// The ring's stones in the order a tour entering at the `at`-th literal's `r` collects
/// them, ending at its `c`.
fn ring_path(ring: &Ring, at: usize) -> Vec<usize> {
    let row = &ring.row;
    let mut path = Vec::with_capacity(row.len() + 4);
    path.extend_from_slice(&row[2 * at + 1..]);
    path.extend(ring.closing.iter().rev());
    path.extend_from_slice(&row[..=2 * at]);
    path
}
