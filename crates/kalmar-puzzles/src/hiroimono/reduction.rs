//! **Work in progress, not sound: kept off the main branch.** `examples/reduction_probe 1 2`
//! finds tours for unsatisfiable formulas. Two designs tried, two families of cheats found:
//! 1. *Each staircase blocks the other's dips* (its turns `H`/`B` under the dip): the tour can
//!    swap tracks at any dip (from `H'` up to `w`, or from `g` down to `H`), and the ring of
//!    that dip then reconnects the pieces, so a variable can be true for some clauses and
//!    false for others ([[1],[-1]] becomes solvable).
//! 2. *A gate collected between the two staircases blocks the dips*: the first staircase cuts
//!    into the gate at `g`, runs the gate backwards to the turn, comes back up its own far
//!    part to `w`, drops into the gate again and closes the loop through the ring's ports.
//! Any blocker is a stone next to the dip, so it is also a way in. What is needed is a
//! blocker whose early collection strands stones for good, or an argument in the static
//! regime (at most three stones per line, no stone in the middle of both its lines), where
//! tours are exactly Hamiltonian paths of a fixed graph.
//!
//! CNF satisfiability → Hiroimono: the NP-hardness reduction of Andersson's *Hiroimono is
//! NP-complete* (FUN 2007), as a generator of puzzles that are solvable exactly when a
//! formula is satisfiable, with satisfying assignments and tours mapped both ways.
//!
//! The paper's figures, which define its gadgets, are not in the text this follows; these
//! gadgets are designed from its description (a `choice` per variable made of two
//! staircases, `c`-components for the clauses, all of a clause's components on one row) and
//! proven by the tests: on every small formula, the puzzle is solvable under each of the four
//! variants exactly when the formula is satisfiable, every satisfying assignment maps to a
//! tour the independent checker accepts, and every tour the solver finds maps back to a
//! satisfying assignment.
//!
//! # The construction
//! Each stone gets a column and a row of its own except where a line is meant to join it to
//! others, so the lines of the puzzle are exactly the ones designed below.
//!
//! - **Start and end.** The tour starts at a stone `⊙` whose only line leads to the first
//!   variable, and must end at a stone `Ω` alike, after the last variable.
//! - **choice(i)**, for the variable `xᵢ`: two staircases, `T` for the literal `xᵢ` and `F`
//!   for `¬xᵢ`, descending side by side from an entry to a turn, and a *gate* that runs
//!   from the turn back under both staircases and returns to the turn. The tour goes down one
//!   staircase, through the gate, and back up the other, then leaves for the next variable.
//!   The staircase it goes down *first* is the one of the **false** literal.
//! - **A dip** of a literal's staircase for each clause that contains it: two stones `g`,
//!   `w` on a row, which the staircase reaches from above and leaves upwards. Straight below
//!   `g` and `w` the gate passes, turning at each (stones `H` over `B`, and `H'` over `B'`),
//!   and below those lie the clause's two stones `c` (under `g`) and `r` (under `w`): the
//!   literal's `c`-component.
//! - **A clause's components** lie on one row, with two stones at its ends and two below
//!   those closing them into a ring.
//!
//! When the tour comes back up the second staircase, the gate is gone, so each dip looks
//! straight down at its component: from `w` the tour may drop to `r`, run round the whole
//! ring and climb from `c` back to `g`, collecting the clause. Going down the first
//! staircase, the gate still stands between the dips and the rings, and cutting into it
//! leaves pieces of it that cannot all be collected. So each clause's ring is collected from
//! the staircase of one of its true literals, and the puzzle is solvable exactly when some
//! assignment makes a literal of every clause true.
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
//! assert!(reduction.solution(&[true, true]).is_none()); // does not satisfy (not x1)
//! ```
//!
//! # Complexity
//! Linear: at most 26 stones per variable, 12 per distinct literal of a clause and 4 per
//! clause, laid out in one pass; the coordinates grow with the number of stones. Mapping an
//! assignment to a tour, or a tour back, is linear as well.

use super::model::{MAX_STONES, Point, Puzzle, PuzzleError, Solution};
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
}

/// A staircase being laid out: its stones from the entry end, and the row it goes on
/// along, rightwards from its last stone.
#[derive(Clone, Debug)]
struct Staircase {
    stones: Vec<usize>,
    row: i64,
}

/// A literal's dip: the staircase stones the tour leaves and rejoins a ring by, and the
/// columns the gate turns in below it.
#[derive(Clone, Copy, Debug)]
struct Dip {
    /// The clause (from 0), the variable (from 0) and whether the literal is positive.
    clause: usize,
    variable: usize,
    positive: bool,
    /// The stone the tour drops from (`w`).
    w: usize,
    /// The gate's columns: before `g`, `g`'s, between, `w`'s, after.
    columns: [i64; 5],
}

impl Dip {
    fn column_g(&self) -> i64 {
        self.columns[1]
    }

    fn column_w(&self) -> i64 {
        self.columns[3]
    }
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
    /// The turn's two stones, and the gate between them.
    turn: [usize; 2],
    gate: Vec<usize>,
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
        let estimate = 4 + 26 * formula.variables() + 12 * literals + 4 * clauses.len();
        if estimate > MAX_STONES {
            return Err(ReductionError::TooLarge(estimate));
        }
        let mut layout = Layout::default();
        let mut link_column = layout.column();
        let start_row = layout.row();
        let start = layout.stone(link_column, start_row);
        let mut choices = Vec::with_capacity(formula.variables());
        let mut dips = Vec::with_capacity(literals);
        for variable in 0..formula.variables() {
            let mut occurrences = Vec::new();
            for (clause, literals) in clauses.iter().enumerate() {
                let literal = variable as i32 + 1;
                for positive in [true, false] {
                    if literals.contains(&if positive { literal } else { -literal }) {
                        occurrences.push((clause, positive));
                    }
                }
            }
            let first_dip = dips.len();
            let choice = lay_choice(&mut layout, link_column, |layout, positive, negative| {
                for &(clause, sign) in &occurrences {
                    let (w, columns) = lay_dip(layout, if sign { positive } else { negative });
                    dips.push(Dip {
                        clause,
                        variable,
                        positive: sign,
                        w,
                        columns,
                    });
                }
                dips[first_dip..].iter().map(|d| d.columns).collect()
            });
            link_column = layout.points[choice.onward].x;
            choices.push(choice);
        }
        let end_row = layout.row();
        let end = layout.stone(link_column, end_row);
        let rings = (0..clauses.len())
            .map(|clause| lay_ring(&mut layout, &dips, clause))
            .collect();
        Ok(Reduction {
            puzzle: Puzzle::new(layout.points)?,
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
            detours.insert(self.dips[ring.dips[at]].w, ring_path(ring, at));
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
            order.push(choice.turn[0]);
            order.extend_from_slice(&choice.gate);
            order.push(choice.turn[1]);
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

    /// The assignment a tour encodes: `xᵢ` is true when the tour reaches the staircase of
    /// `¬xᵢ` before that of `xᵢ`. For a tour that solves the puzzle, it satisfies the
    /// formula.
    pub fn assignment(&self, solution: &Solution) -> Vec<bool> {
        let mut when = vec![usize::MAX; self.puzzle.len()];
        for (step, &stone) in solution.order.iter().enumerate() {
            if let Some(slot) = when.get_mut(stone) {
                *slot = step;
            }
        }
        self.choices
            .iter()
            .map(|c| when[c.negative[0]] < when[c.positive[0]])
            .collect()
    }
}

/// The clause's literals without repeats, in their order.
fn distinct(clause: &[i32]) -> Vec<i32> {
    let mut seen = Vec::with_capacity(clause.len());
    for &literal in clause {
        if !seen.contains(&literal) {
            seen.push(literal);
        }
    }
    seen
}

/// Lays out one variable's choice below `link_column`: the entry, the staircases' first
/// stones, the dips (laid by `dips`, which returns their gate columns left to right), the
/// turn, the gate and the exit.
fn lay_choice(
    layout: &mut Layout,
    link_column: i64,
    dips: impl FnOnce(&mut Layout, &mut Staircase, &mut Staircase) -> Vec<[i64; 5]>,
) -> Choice {
    let positive_row = layout.row();
    let entry_row = layout.row();
    let exit_row = layout.row();
    let negative_row = layout.row();
    let link = layout.stone(link_column, entry_row);
    let entry_column = layout.column();
    let positive_column = layout.column();
    let return_column = layout.column();
    let entry = layout.stone(entry_column, entry_row);
    let mut positive = Staircase {
        stones: vec![
            layout.stone(positive_column, entry_row),
            layout.stone(positive_column, positive_row),
        ],
        row: positive_row,
    };
    let exit = layout.stone(positive_column, exit_row);
    let mut negative = Staircase {
        stones: vec![
            layout.stone(entry_column, exit_row),
            layout.stone(entry_column, negative_row),
        ],
        row: negative_row,
    };
    let gate_columns = dips(layout, &mut positive, &mut negative);
    // The turn: a rectangle of the positive staircase's last stone (top left), the turn's
    // first stone (top right), the negative staircase's last stone (bottom right, reached
    // from below) and the turn's second stone (bottom left, reached by the gate from below).
    let [negative_column, left, right, gate_column] = [(); 4].map(|()| layout.column());
    let [top, bottom, below, gate_row, last_row] = [(); 5].map(|()| layout.row());
    layout.path(&mut positive.stones, &[(left, positive.row), (left, top)]);
    let (negative_row, pair) = (negative.row, [(negative_column, below), (right, below)]);
    layout.path(&mut negative.stones, &[(negative_column, negative_row)]);
    layout.path(&mut negative.stones, &pair);
    layout.path(&mut negative.stones, &[(right, bottom)]);
    let turn = [layout.stone(right, top), layout.stone(left, bottom)];
    // The gate: from the turn's first stone back left under everything, then right through
    // every dip, turning under its `g` and `w`, and up to the turn's second stone.
    let mut gate = Vec::new();
    layout.path(
        &mut gate,
        &[(gate_column, top), (gate_column, gate_row), (return_column, gate_row)],
    );
    let mut column = return_column;
    for [before, g, between, w, after] in gate_columns {
        let [corner, h, b, h2, b2] = [(); 5].map(|()| layout.row());
        layout.path(
            &mut gate,
            &[
                (column, corner),
                (before, corner),
                (before, h),
                (g, h),
                (g, b),
                (between, b),
                (between, h2),
                (w, h2),
                (w, b2),
                (after, b2),
            ],
        );
        column = after;
    }
    layout.path(&mut gate, &[(column, last_row), (left, last_row)]);
    let onward_column = layout.column();
    let onward = layout.stone(onward_column, exit_row);
    Choice {
        link,
        entry,
        positive: positive.stones,
        negative: negative.stones,
        turn,
        gate,
        exit,
        onward,
    }
}

/// Lays out a dip of `stair` on fresh rows and columns; returns `w` and the five columns the
/// gate will turn in below it.
fn lay_dip(layout: &mut Layout, stair: &mut Staircase) -> (usize, [i64; 5]) {
    let columns = [(); 5].map(|()| layout.column());
    let [above_w, dip_row] = [(); 2].map(|()| layout.row());
    let (g, w) = (columns[1], columns[3]);
    let first = stair.stones.len();
    layout.path(
        &mut stair.stones,
        &[(g, stair.row), (g, dip_row), (w, dip_row), (w, above_w)],
    );
    stair.row = above_w;
    (stair.stones[first + 2], columns)
}

/// Lays out clause `clause`'s ring on two fresh rows below everything laid out so far; an
/// empty clause gets a stone no line reaches.
fn lay_ring(layout: &mut Layout, dips: &[Dip], clause: usize) -> Option<Ring> {
    let mut mine: Vec<usize> = (0..dips.len()).filter(|&d| dips[d].clause == clause).collect();
    if mine.is_empty() {
        let (x, y) = (layout.column(), layout.row());
        layout.stone(x, y);
        return None;
    }
    mine.sort_by_key(|&d| dips[d].column_g());
    let (row, closing_row) = (layout.row(), layout.row());
    let stones = mine
        .iter()
        .flat_map(|&d| [dips[d].column_g(), dips[d].column_w()])
        .map(|x| layout.stone(x, row))
        .collect();
    let (left, right) = (
        dips[mine[0]].column_g() - 1,
        dips[mine[mine.len() - 1]].column_w() + 1,
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
