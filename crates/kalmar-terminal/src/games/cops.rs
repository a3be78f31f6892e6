//! Cops and robber on a grid with walls and exits: a chess-like game with cycles and all three
//! outcomes.
//!
//! The cop (Max) and the robber (Min) take turns, the cop first. A move goes to one of the (up to
//! four) orthogonally adjacent free cells, or stays put. The cop wins (+1) when he stands on the
//! robber's cell; the robber wins (-1) when he reaches an exit cell without being caught; if
//! neither ever happens the play is infinite and drawn. A single cop catches the robber on a maze
//! without loops, but a loop of four or more cells lets the robber evade him forever, so drawn
//! positions are common.
//!
//! A grid is given as text, one line per row: `#` a wall, `.` a free cell, `E` an exit, `C` the
//! cop's start and `R` the robber's start (both free). Cells are named like chess squares: files
//! `a`, `b`, … from the left (`aa`, `ab`, … after `z`) and ranks `1`, `2`, … from the bottom.
//!
//! [`CopsAndRobber::table`] lays out every position of a board as an explicit game, the way an
//! endgame table covers all placements; [`CopsAndRobber::random_board`] draws boards for it (the
//! generated family `cops`).
//!
//! ```
//! use kalmar_terminal::games::cops::CopsAndRobber;
//! use kalmar_terminal::reach::{self, Outcome};
//! let game: CopsAndRobber = "
//! C..#
//! .#.E
//! ..R#".parse().unwrap();
//! let (explored, solution) = reach::solve_implicit(&game, 10_000).unwrap();
//! // The robber is one step from the exit and the cop cannot block it in time.
//! assert_eq!(solution.values[0], Outcome::Loss);
//! assert_eq!(solution.distance[0], 4); // cop moves, robber to c2, cop moves, robber out
//! ```

use crate::Dgg;
use crate::generate::{GenerateError, builder, check_size, finish, rng};
use kalmar_core::{Game, Owner, Player, Rational, Turn, Vertex};
use rand::Rng;
use std::fmt;
use std::str::FromStr;

/// The largest number of rows and of columns: cells are named `a1` to `z26` up to 26 columns,
/// and files go on as `aa`, `ab`, … beyond (as spreadsheet columns do), so every cell index fits
/// in 16 bits.
pub const MAX_SIDE: usize = 255;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Wall,
    Free,
    Exit,
}

/// Cops and robber on a grid. Build one from text with [`str::parse`] or [`CopsAndRobber::parse`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopsAndRobber {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
    cop: u16,
    robber: u16,
}

/// A position: where the cop and the robber stand (cell indices, row by row from the top left)
/// and who is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CopsState {
    /// The cop's cell.
    pub cop: u16,
    /// The robber's cell.
    pub robber: u16,
    /// The player to move: Max is the cop, Min the robber.
    pub to_move: Player,
}

/// A move: stay, or step to an adjacent cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Stay on the same cell.
    Stay,
    /// One row up.
    North,
    /// One column right.
    East,
    /// One row down.
    South,
    /// One column left.
    West,
}

/// Why a text is not a cops-and-robber grid. Lines and columns count from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    /// The text has no rows.
    #[error("the grid is empty; give one line per row of '#', '.', 'E', 'C' and 'R'")]
    Empty,
    /// A character that is not a cell.
    #[error(
        "line {line}, column {column}: unexpected {found:?}; a grid uses '#' (wall), '.' (free), 'E' (exit), 'C' (cop) and 'R' (robber)"
    )]
    Char {
        /// The line.
        line: usize,
        /// The column.
        column: usize,
        /// The character found.
        found: char,
    },
    /// A row of a different length than the first.
    #[error(
        "line {line}: {found} cells, but the first row has {expected}; the grid must be rectangular"
    )]
    Ragged {
        /// The line.
        line: usize,
        /// Its number of cells.
        found: usize,
        /// The first row's number of cells.
        expected: usize,
    },
    /// More rows or columns than [`MAX_SIDE`].
    #[error(
        "the grid is {width} wide and {height} high; at most {MAX_SIDE} by {MAX_SIDE} is allowed"
    )]
    TooLarge {
        /// The number of columns.
        width: usize,
        /// The number of rows.
        height: usize,
    },
    /// No start for the cop.
    #[error("the grid has no cop; mark the cop's start with 'C'")]
    NoCop,
    /// No start for the robber.
    #[error("the grid has no robber; mark the robber's start with 'R'")]
    NoRobber,
    /// A second start for the cop or the robber.
    #[error("line {line}, column {column}: a second {piece}; the grid has one cop and one robber")]
    Twice {
        /// "cop" or "robber".
        piece: &'static str,
        /// The line.
        line: usize,
        /// The column.
        column: usize,
    },
}

impl CopsAndRobber {
    /// Reads a grid from text (see the [module documentation](self)). Blank lines before and after
    /// the grid and trailing spaces are ignored.
    pub fn parse(text: &str) -> Result<Self, GridError> {
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim_end()))
            .collect();
        let first = lines.iter().position(|(_, l)| !l.is_empty());
        let last = lines.iter().rposition(|(_, l)| !l.is_empty());
        let rows = match (first, last) {
            (Some(a), Some(b)) => &lines[a..=b],
            _ => return Err(GridError::Empty),
        };
        let width = rows[0].1.chars().count();
        let height = rows.len();
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(GridError::TooLarge { width, height });
        }
        let mut cells = Vec::with_capacity(width * height);
        let (mut cop, mut robber) = (None, None);
        for &(line, row) in rows {
            let found = row.chars().count();
            if found != width {
                return Err(GridError::Ragged {
                    line,
                    found,
                    expected: width,
                });
            }
            for (i, c) in row.chars().enumerate() {
                let column = i + 1;
                let index = cells.len() as u16;
                let start = |slot: &mut Option<u16>, piece| match slot {
                    Some(_) => Err(GridError::Twice {
                        piece,
                        line,
                        column,
                    }),
                    None => {
                        *slot = Some(index);
                        Ok(Cell::Free)
                    }
                };
                cells.push(match c {
                    '#' => Cell::Wall,
                    '.' => Cell::Free,
                    'E' => Cell::Exit,
                    'C' => start(&mut cop, "cop")?,
                    'R' => start(&mut robber, "robber")?,
                    found => {
                        return Err(GridError::Char {
                            line,
                            column,
                            found,
                        });
                    }
                });
            }
        }
        Ok(CopsAndRobber {
            width,
            height,
            cells,
            cop: cop.ok_or(GridError::NoCop)?,
            robber: robber.ok_or(GridError::NoRobber)?,
        })
    }

    /// The built-in layout `capture` (see [`LAYOUTS`]): the cop wins from the start, in 9 moves.
    pub fn example() -> Self {
        Self::layout("capture").expect("the built-in layouts are valid grids")
    }

    /// The built-in layout with this name (see [`LAYOUTS`]), if there is one.
    pub fn layout(name: &str) -> Option<Self> {
        LAYOUTS
            .iter()
            .find(|(n, _)| *n == name)
            .and_then(|(_, text)| Self::parse(text).ok())
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The chess-style name of a cell index: file letters (`a` to `z`, then `aa`, `ab`, …) and
    /// rank number from the bottom.
    pub fn cell_name(&self, cell: u16) -> String {
        let (row, col) = (cell as usize / self.width, cell as usize % self.width);
        let mut file = Vec::new();
        let mut rest = col + 1;
        while rest > 0 {
            file.push(b'a' + ((rest - 1) % 26) as u8);
            rest = (rest - 1) / 26;
        }
        file.reverse();
        let file = String::from_utf8(file).expect("file letters are ASCII");
        format!("{file}{}", self.height.saturating_sub(row))
    }

    /// The cell index of a chess-style name such as `b2` or `ab30`, if it is on the grid.
    pub fn cell(&self, name: &str) -> Option<u16> {
        let digits = name.find(|c: char| c.is_ascii_digit())?;
        let (file, rank) = name.split_at(digits);
        if file.is_empty() || file.len() > 2 {
            return None;
        }
        let col = file.bytes().try_fold(0usize, |col, c| {
            c.is_ascii_lowercase()
                .then(|| col * 26 + usize::from(c - b'a') + 1)
        })? - 1;
        let rank: usize = rank.parse().ok()?;
        if col >= self.width || rank == 0 || rank > self.height {
            return None;
        }
        Some(((self.height - rank) * self.width + col) as u16)
    }

    /// Whether `cell` is an exit.
    pub fn is_exit(&self, cell: u16) -> bool {
        self.cells.get(cell as usize) == Some(&Cell::Exit)
    }

    /// The state with the cop on `cop`, the robber on `robber` and `to_move` to move.
    pub fn state(&self, cop: u16, robber: u16, to_move: Player) -> CopsState {
        CopsState {
            cop,
            robber,
            to_move,
        }
    }

    /// The cell one step from `cell`, if it is on the grid and not a wall.
    fn step(&self, cell: u16, step: Step) -> Option<u16> {
        let (w, h) = (self.width, self.height);
        let (row, col) = (cell as usize / w, cell as usize % w);
        let (row, col) = match step {
            Step::Stay => (row, col),
            Step::North => (row.checked_sub(1)?, col),
            Step::South => (row + 1, col),
            Step::West => (row, col.checked_sub(1)?),
            Step::East => (row, col + 1),
        };
        if row >= h || col >= w || self.cells[row * w + col] == Cell::Wall {
            return None;
        }
        Some((row * w + col) as u16)
    }
}

/// The chance of a wall at each cell of [`CopsAndRobber::random_board`], and of an exit at
/// each free border cell: one in `SPARSENESS`.
const SPARSENESS: u32 = 8;

impl CopsAndRobber {
    /// The side of the square random board whose [`table`](Self::table) has about `arcs` arcs
    /// (about 6.6 side⁴: two positions per pair of free cells, four or five moves each).
    pub fn side_for_arcs(arcs: usize) -> usize {
        ((arcs as f64 / 6.6).powf(0.25).round() as usize).clamp(2, MAX_SIDE)
    }

    /// A square board of `side` cells a side drawn from `seed`: each cell a wall with chance
    /// 1/8, each free border cell an exit with chance 1/8 (the top left corner always), the
    /// cop in the centre and the robber beside him. The walls make corridors and dead ends,
    /// the free cells loops round them, so all three outcomes occur.
    ///
    /// ```
    /// use kalmar_terminal::games::cops::CopsAndRobber;
    /// let board = CopsAndRobber::random_board(5, 1).unwrap();
    /// assert_eq!((board.width(), board.height()), (5, 5));
    /// assert_eq!(board, CopsAndRobber::random_board(5, 1).unwrap());
    /// assert!(CopsAndRobber::random_board(1, 1).is_err());
    /// ```
    pub fn random_board(side: usize, seed: u64) -> Result<Self, GenerateError> {
        if !(2..=MAX_SIDE).contains(&side) {
            return Err(GenerateError::Parameter(format!(
                "a cops-and-robber board has 2 to {MAX_SIDE} cells a side, not {side}"
            )));
        }
        let mut rng = rng(seed);
        let mut one_in = |n: u32| rng.random_range(0..n) == 0;
        let border =
            |row: usize, col: usize| row == 0 || col == 0 || row + 1 == side || col + 1 == side;
        let mut cells = Vec::with_capacity(side * side);
        for row in 0..side {
            for col in 0..side {
                cells.push(if one_in(SPARSENESS) {
                    Cell::Wall
                } else if border(row, col) && one_in(SPARSENESS) {
                    Cell::Exit
                } else {
                    Cell::Free
                });
            }
        }
        cells[0] = Cell::Exit;
        let cop = (side / 2) * side + side / 2;
        let robber = if side / 2 + 1 < side {
            cop + 1
        } else {
            cop - 1
        };
        cells[cop] = Cell::Free;
        cells[robber] = Cell::Free;
        Ok(CopsAndRobber {
            width: side,
            height: side,
            cells,
            cop: cop as u16,
            robber: robber as u16,
        })
    }

    /// Every position of the board as an explicit game, the domain of an endgame table: a
    /// position per placement of the cop and the robber on free cells and player to move, the
    /// start the board's, terminals paying +1 (caught) or -1 (escaped), as [`Game`] plays it.
    /// Vertex `2 (i F + j) + s` has the cop on the i-th free cell, the robber on the j-th (of F,
    /// in row order) and Max (s = 0) or Min (s = 1) to move.
    ///
    /// ```
    /// use kalmar_core::Certificate;
    /// use kalmar_terminal::games::cops::CopsAndRobber;
    /// use kalmar_terminal::{generate, reach::{self, Outcome}};
    /// let board = CopsAndRobber::example();
    /// let table = board.table().unwrap();
    /// let chess = reach::from_graph(&generate::to_chess_graph(&table)).unwrap();
    /// let solution = reach::solve(&chess);
    /// let start = table.arena().start().unwrap();
    /// assert_eq!(solution.values[start.index()], Outcome::Win); // as exploring finds
    /// assert_eq!(solution.distance[start.index()], 9);
    /// assert!(solution.verify(&chess).is_ok());
    /// ```
    ///
    /// # Complexity
    /// O(F²) time and memory: 2F² vertices and at most 10F² arcs.
    pub fn table(&self) -> Result<Dgg, GenerateError> {
        let free: Vec<u16> = (0..self.cells.len() as u16)
            .filter(|&c| self.cells[c as usize] != Cell::Wall)
            .collect();
        let mut index = vec![u32::MAX; self.cells.len()];
        for (i, &c) in free.iter().enumerate() {
            index[c as usize] = i as u32;
        }
        let moves: Vec<Vec<u32>> = free
            .iter()
            .map(|&c| {
                [Step::Stay, Step::North, Step::East, Step::South, Step::West]
                    .into_iter()
                    .filter_map(|step| self.step(c, step).map(|to| index[to as usize]))
                    .collect()
            })
            .collect();
        let f = free.len();
        let terminal = |i: usize, j: usize| i == j || self.is_exit(free[j]);
        let vertices = 2usize.saturating_mul(f).saturating_mul(f);
        let arcs: usize = (0..f)
            .flat_map(|i| (0..f).map(move |j| (i, j)))
            .filter(|&(i, j)| !terminal(i, j))
            .map(|(i, j)| moves[i].len() + moves[j].len())
            .sum();
        check_size(vertices, arcs)?;
        let vertex = |i: usize, j: usize, side: usize| Vertex::new(2 * (i * f + j) + side);
        let mut b = builder(vertices, arcs);
        let mut payoffs = Vec::with_capacity(vertices);
        for i in 0..f {
            for j in 0..f {
                for player in [Player::MAX, Player::MIN] {
                    if terminal(i, j) {
                        b.add_vertex(Owner::Terminal);
                        payoffs.push(Rational::from(if i == j { 1 } else { -1 }));
                    } else {
                        b.add_vertex(Owner::Player(player));
                        payoffs.push(Rational::ZERO);
                    }
                }
            }
        }
        for i in 0..f {
            for j in (0..f).filter(|&j| !terminal(i, j)) {
                for &to in &moves[i] {
                    b.add_edge(vertex(i, j, 0), vertex(to as usize, j, 1));
                }
                for &to in &moves[j] {
                    b.add_edge(vertex(i, j, 1), vertex(i, to as usize, 0));
                }
            }
        }
        let start = |c: u16| index[c as usize] as usize;
        b.set_start(vertex(start(self.cop), start(self.robber), 0));
        Ok(finish(b, payoffs))
    }
}

/// Built-in layouts, by name: one maze with two loops (around the pillars c5 and g5), an exit in
/// the top right corner and two dead ends, and three starts with the three outcomes.
///
/// - `capture`: the robber starts in the bottom corridor, a dead end; the cop catches him in 9
///   moves (5 of his own).
/// - `escape`: the robber starts between the cop and the exit and escapes in 10 moves.
/// - `standoff`: the robber starts on the left loop, which the cop cannot clear, and the cop
///   guards the only way from it to the exit: infinite play, a draw.
///
/// In every layout, positions of all three outcomes are reachable.
pub const LAYOUTS: &[(&str, &str)] = &[
    (
        "capture",
        "\
#########
#...#..E#
#.#.#.#.#
#...C...#
###.###.#
#R....#.#
#########",
    ),
    (
        "escape",
        "\
#########
#...#..E#
#.#.#.#.#
#C..R...#
###.###.#
#.....#.#
#########",
    ),
    (
        "standoff",
        "\
#########
#R..#..E#
#.#.#.#.#
#...C...#
###.###.#
#.....#.#
#########",
    ),
];

impl FromStr for CopsAndRobber {
    type Err = GridError;
    fn from_str(text: &str) -> Result<Self, GridError> {
        Self::parse(text)
    }
}

impl fmt::Display for CopsAndRobber {
    /// The grid as text, in the format [`CopsAndRobber::parse`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, cell) in self.cells.iter().enumerate() {
            if i > 0 && i % self.width == 0 {
                writeln!(f)?;
            }
            let c = match cell {
                _ if i == self.cop as usize => 'C',
                _ if i == self.robber as usize => 'R',
                Cell::Wall => '#',
                Cell::Free => '.',
                Cell::Exit => 'E',
            };
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl Game for CopsAndRobber {
    type State = CopsState;
    type Action = Step;

    fn num_players(&self) -> u8 {
        2
    }

    fn initial_state(&self) -> CopsState {
        self.state(self.cop, self.robber, Player::MAX)
    }

    fn turn(&self, state: &CopsState) -> Turn {
        if state.cop == state.robber || self.is_exit(state.robber) {
            Turn::Terminal
        } else {
            Turn::Player(state.to_move)
        }
    }

    fn legal_actions(&self, state: &CopsState, actions: &mut Vec<Step>) {
        let from = if state.to_move == Player::MAX {
            state.cop
        } else {
            state.robber
        };
        for step in [Step::Stay, Step::North, Step::East, Step::South, Step::West] {
            if self.step(from, step).is_some() {
                actions.push(step);
            }
        }
    }

    fn apply(&self, state: &CopsState, step: &Step) -> CopsState {
        let mut next = *state;
        let piece = if state.to_move == Player::MAX {
            &mut next.cop
        } else {
            &mut next.robber
        };
        *piece = self.step(*piece, *step).unwrap_or(*piece);
        next.to_move = state.to_move.opponent();
        next
    }

    /// +1 when the cop stands on the robber, -1 when the robber stands on an exit.
    fn returns(&self, state: &CopsState) -> Vec<Rational> {
        let cop = if state.cop == state.robber { 1 } else { -1 };
        vec![Rational::from(cop), Rational::from(-cop)]
    }

    fn state_name(&self, state: &CopsState) -> String {
        format!(
            "cop {} robber {}, {} to move",
            self.cell_name(state.cop),
            self.cell_name(state.robber),
            if state.to_move == Player::MAX {
                "Max"
            } else {
                "Min"
            }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reach::{Outcome, from_explored, solve_implicit};
    use kalmar_core::Certificate;

    #[test]
    fn bad_grids_are_refused_with_positions() {
        let err = |text: &str| CopsAndRobber::parse(text).unwrap_err();
        assert_eq!(err("\n  \n"), GridError::Empty);
        assert_eq!(
            err("C.R\n.x."),
            GridError::Char {
                line: 2,
                column: 2,
                found: 'x'
            }
        );
        assert_eq!(
            err("\nC.R\n..\n"),
            GridError::Ragged {
                line: 3,
                found: 2,
                expected: 3
            }
        );
        assert_eq!(err("...\n.R."), GridError::NoCop);
        assert_eq!(err("C..\n..."), GridError::NoRobber);
        assert_eq!(
            err("C.R\n..C"),
            GridError::Twice {
                piece: "cop",
                line: 2,
                column: 3
            }
        );
        let wide = format!("C{}R", ".".repeat(300));
        assert_eq!(
            err(&wide),
            GridError::TooLarge {
                width: 302,
                height: 1
            }
        );
        assert!(
            err("C.R\n.?.")
                .to_string()
                .starts_with("line 2, column 2: unexpected '?'")
        );
    }

    /// The table of every position agrees with exploring from the start: same outcome and
    /// distance at every reachable state, on the layouts and on random boards.
    #[test]
    fn the_table_agrees_with_exploring() {
        let mut boards: Vec<CopsAndRobber> = LAYOUTS
            .iter()
            .map(|(name, _)| CopsAndRobber::layout(name).unwrap())
            .collect();
        boards.extend(
            (0..12).map(|seed| CopsAndRobber::random_board(2 + seed as usize % 6, seed).unwrap()),
        );
        for board in boards {
            let table = board.table().unwrap();
            let chess = crate::reach::from_graph(&crate::generate::to_chess_graph(&table)).unwrap();
            let solved = crate::reach::solve(&chess);
            solved.verify(&chess).unwrap();
            let (explored, explored_solution) = solve_implicit(&board, 1 << 20).unwrap();
            let free: Vec<u16> = (0..board.cells.len() as u16)
                .filter(|&c| board.cells[c as usize] != Cell::Wall)
                .collect();
            let at = |c: u16| free.iter().position(|&f| f == c).unwrap();
            for (k, state) in explored.states.iter().enumerate() {
                let side = usize::from(state.to_move != Player::MAX);
                let v = 2 * (at(state.cop) * free.len() + at(state.robber)) + side;
                assert_eq!(solved.values[v], explored_solution.values[k], "{board}");
                assert_eq!(solved.distance[v], explored_solution.distance[k], "{board}");
            }
            let start = table.arena().start().unwrap().index();
            assert_eq!(solved.values[start], explored_solution.values[0]);
        }
    }

    #[test]
    fn files_go_on_past_z() {
        let board = CopsAndRobber::random_board(60, 3).unwrap();
        for (cell, name) in [
            (0, "a60"),
            (25, "z60"),
            (26, "aa60"),
            (59, "bh60"),
            (59 * 60 + 27, "ab1"),
        ] {
            assert_eq!(board.cell_name(cell), name);
            assert_eq!(board.cell(name), Some(cell));
        }
        assert_eq!(board.cell("bi1"), None);
        assert_eq!(board.cell("abc1"), None);
        assert_eq!(CopsAndRobber::parse(&board.to_string()).unwrap(), board);
    }

    #[test]
    fn names_moves_and_round_trip() {
        let game = CopsAndRobber::example();
        assert_eq!((game.width(), game.height()), (9, 7));
        let start = game.initial_state();
        assert_eq!(game.state_name(&start), "cop e4 robber b2, Max to move");
        assert_eq!(game.cell("e4"), Some(start.cop));
        assert_eq!(game.cell("b2"), Some(start.robber));
        assert_eq!(game.cell("j1"), None);
        assert_eq!(game.cell("a0"), None);
        assert!(game.is_exit(game.cell("h6").unwrap()));
        assert_eq!(
            CopsAndRobber::parse(&game.to_string()).unwrap(),
            game,
            "{game}"
        );
        let mut actions = Vec::new();
        game.legal_actions(&start, &mut actions);
        assert_eq!(actions, vec![Step::Stay, Step::East, Step::West]);
        let next = game.apply(&start, &Step::West);
        assert_eq!(game.state_name(&next), "cop d4 robber b2, Min to move");
        actions.clear();
        game.legal_actions(&next, &mut actions);
        assert_eq!(actions, vec![Step::Stay, Step::East]);
        let caught = game.state(start.cop, start.cop, Player::MIN);
        assert_eq!(game.turn(&caught), Turn::Terminal);
        assert_eq!(game.returns(&caught)[0], Rational::from(1));
        let out = game.state(start.cop, game.cell("h6").unwrap(), Player::MAX);
        assert_eq!(game.returns(&out)[0], Rational::from(-1));
        assert!(CopsAndRobber::layout("nowhere").is_none());
    }

    #[test]
    fn layouts_have_the_documented_outcomes() {
        let expected = [
            ("capture", Outcome::Win, 9),
            ("escape", Outcome::Loss, 10),
            ("standoff", Outcome::Draw, 0),
        ];
        assert_eq!(LAYOUTS.len(), expected.len());
        for (name, value, distance) in expected {
            let game = CopsAndRobber::layout(name).unwrap();
            let (explored, solution) = solve_implicit(&game, 100_000).unwrap();
            let start = explored.vertex(&game.initial_state()).unwrap();
            assert_eq!(solution.values[start.index()], value, "{name}");
            assert_eq!(solution.distance[start.index()], distance, "{name}");
            for outcome in [Outcome::Loss, Outcome::Draw, Outcome::Win] {
                assert!(solution.values.contains(&outcome), "{name}: no {outcome}");
            }
            let chess = from_explored(&explored).unwrap();
            solution.verify(&chess).unwrap();
            // The principal line realises the distance.
            let line = solution.line(&chess, start);
            if value != Outcome::Draw {
                assert_eq!(line.len(), distance as usize + 1);
                let end = &explored.states[line[line.len() - 1].index()];
                assert_eq!(game.turn(end), Turn::Terminal);
            }
        }
    }
}
