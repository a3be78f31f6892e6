//! A set of solved tables: [`Tables::solve`] makes a material's table after the smaller ones
//! its captures and promotions lead to, and [`Tables::probe`] answers for a FEN position.
//!
//! ```
//! use kalmar_chess::{Tables, Value};
//! let mut tables = Tables::new();
//! let probe = tables.probe("k7/8/1K6/8/8/8/7Q/8 w - - 0 1").unwrap();
//! assert_eq!(probe.value, Value::Win { plies: 1 }); // mate in one
//! assert!(probe.best.iter().any(|m| m.uci == "h2h8"));
//! assert!(probe.best.iter().all(|m| m.value == Value::Loss { plies: 0 }));
//! ```

use crate::material::{Material, MaterialError};
use crate::position::Layout;
use crate::retrograde::{self, Men, RetrogradeError};
use crate::table::{Table, Value};
use cozy_chess::{Board, Color, Piece};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;

/// Why a probe or a table failed.
#[derive(Debug)]
pub enum ChessError {
    /// A material outside the limits.
    Material(MaterialError),
    /// A table too deep for its bytes.
    Retrograde(RetrogradeError),
    /// The FEN string could not be read.
    Fen(String),
    /// The position is not one tables cover (castling rights, more men, …).
    Unsupported(String),
    /// A table failed the check of [`crate::playout`]: a defect of the solver.
    Check(String),
    /// Solving would take more memory than allowed.
    TooBig {
        /// The material.
        material: String,
        /// The estimate, in bytes.
        bytes: u64,
        /// The limit, in bytes.
        limit: u64,
    },
}

impl fmt::Display for ChessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChessError::Material(e) => e.fmt(f),
            ChessError::Retrograde(e) => e.fmt(f),
            ChessError::Fen(fen) => write!(
                f,
                "`{fen}` is not a legal position in FEN (six fields: board, side, castling, \
                 en passant, halfmove clock, move number)"
            ),
            ChessError::Unsupported(why) => f.write_str(why),
            ChessError::Check(why) => write!(f, "the table failed its check: {why}"),
            ChessError::TooBig {
                material,
                bytes,
                limit,
            } => write!(
                f,
                "{material} would take about {} to solve, over the limit of {}; raise the \
                 limit (--max-memory) on a machine that has it, or solve a smaller endgame",
                kalmar_core::memory::bytes(*bytes),
                kalmar_core::memory::bytes(*limit)
            ),
        }
    }
}

impl std::error::Error for ChessError {}

impl From<MaterialError> for ChessError {
    fn from(e: MaterialError) -> ChessError {
        ChessError::Material(e)
    }
}

impl From<RetrogradeError> for ChessError {
    fn from(e: RetrogradeError) -> ChessError {
        ChessError::Retrograde(e)
    }
}

/// Solved tables by material (the stronger side White), and the memory they may take.
#[derive(Debug)]
pub struct Tables {
    tables: BTreeMap<Material, Table>,
    limit: u64,
}

impl Default for Tables {
    fn default() -> Tables {
        Tables {
            tables: BTreeMap::new(),
            limit: kalmar_core::memory::DEFAULT_LIMIT,
        }
    }
}

/// The bytes solving `material` takes at its peak, with every smaller table it needs kept:
/// three bytes per index while solving (value, count, ways out), four per listed position,
/// one per index of each smaller table.
///
/// ```
/// let krk: kalmar_chess::Material = "KRK".parse().unwrap();
/// assert_eq!(kalmar_chess::tables::memory_estimate(&krk), 7 * 81_920 + 2 * 10 * 64);
/// ```
pub fn memory_estimate(material: &Material) -> u64 {
    let mut all = vec![material.canonical().0];
    let mut i = 0;
    while i < all.len() {
        for smaller in exits(&all[i]) {
            let smaller = smaller.canonical().0;
            if !all.contains(&smaller) {
                all.push(smaller);
            }
        }
        i += 1;
    }
    let size = |m: &Material| Layout::new(m).size() as u64;
    7 * size(&all[0]) + all[1..].iter().map(size).sum::<u64>()
}

/// A move and the value of the position it leads to, for the side that then moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ScoredMove {
    /// The move in UCI notation (`e7e8q`).
    pub uci: String,
    /// The value after it, for the opponent.
    pub value: Value,
}

/// The answer of [`Tables::probe`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Probe {
    /// The position as read.
    pub fen: String,
    /// The table it belongs to.
    pub material: String,
    /// Who is to move: "white" or "black".
    pub side: &'static str,
    /// Its value for the side to move.
    pub value: Value,
    /// The moves that keep that value (quickest mate, slowest loss, or a draw), best first.
    pub best: Vec<ScoredMove>,
    /// Every legal move with its value for the opponent, best first for the side to move.
    pub moves: Vec<ScoredMove>,
}

/// The men on a board, or why they are not an endgame of a table.
pub fn men_of(board: &Board) -> Men {
    let mut men = Men::new();
    for color in [Color::White, Color::Black] {
        for piece in Piece::ALL {
            for sq in board.colored_pieces(color, piece) {
                men.push((color, piece, sq as u8));
            }
        }
    }
    men
}

/// The material of these men, or why no table holds it.
pub fn material_of(men: &Men) -> Result<Material, MaterialError> {
    let side = |c: Color| {
        men.iter()
            .filter(|m| m.0 == c && m.1 != Piece::King)
            .map(|m| m.1)
            .collect::<Vec<_>>()
    };
    Material::new(side(Color::White), side(Color::Black))
}

impl Tables {
    /// No tables yet, and the default memory limit
    /// ([`kalmar_core::memory::DEFAULT_LIMIT`]).
    pub fn new() -> Tables {
        Tables::default()
    }

    /// No tables yet, and a memory limit in bytes: a material whose
    /// [`memory_estimate`] is over it is refused before anything is allocated.
    pub fn with_limit(limit: u64) -> Tables {
        Tables {
            limit,
            ..Tables::default()
        }
    }

    /// The table of `material` (its canonical name), solving it, and first every smaller
    /// table it leads to, unless already here.
    pub fn solve(&mut self, material: &Material) -> Result<&Table, ChessError> {
        self.solve_with(material, &mut |_, _| {})
    }

    /// [`Tables::solve`], calling `progress` with each table as it is made and the seconds
    /// it took.
    pub fn solve_with(
        &mut self,
        material: &Material,
        progress: &mut dyn FnMut(&Table, f64),
    ) -> Result<&Table, ChessError> {
        let (material, _) = material.canonical();
        if !self.tables.contains_key(&material) {
            let bytes = memory_estimate(&material);
            if bytes > self.limit {
                let (material, limit) = (material.to_string(), self.limit);
                return Err(ChessError::TooBig {
                    material,
                    bytes,
                    limit,
                });
            }
            for smaller in exits(&material) {
                self.solve_with(&smaller, progress)?;
            }
            let start = std::time::Instant::now();
            let table = retrograde::solve(&material, |men, side| self.value_of(men, side))?;
            progress(&table, start.elapsed().as_secs_f64());
            self.tables.insert(material.clone(), table);
        }
        Ok(&self.tables[&material])
    }

    /// The table of `material` (under its canonical name), if it is here.
    pub fn get(&self, material: &Material) -> Option<&Table> {
        self.tables.get(&material.canonical().0)
    }

    /// The tables made so far, smallest material first.
    pub fn tables(&self) -> impl Iterator<Item = &Table> {
        self.tables.values()
    }

    /// Adds a table read from a file.
    pub fn insert(&mut self, table: Table) {
        self.tables.insert(table.material().clone(), table);
    }

    /// The value of a legal position with these men for `side` to move. The material's
    /// table must have been solved.
    ///
    /// # Panics
    /// If the table is missing or the men are not a legal position.
    pub fn value_of(&self, men: &Men, side: Color) -> Value {
        let material = material_of(men).expect("men within the limits");
        let (canonical, swapped) = material.canonical();
        let table = &self.tables[&canonical];
        let (men, side) = if swapped {
            swap(men, side)
        } else {
            (men.clone(), side)
        };
        let pos = place(table.layout(), &men, side);
        table.value(&pos).expect("a legal position")
    }

    /// The value and best moves of a position given in FEN, solving its table (and the
    /// smaller ones) if needed.
    pub fn probe(&mut self, fen: &str) -> Result<Probe, ChessError> {
        let board = Board::from_fen(fen.trim(), false).map_err(|_| ChessError::Fen(fen.into()))?;
        for color in [Color::White, Color::Black] {
            let rights = board.castle_rights(color);
            if rights.short.is_some() || rights.long.is_some() {
                return Err(ChessError::Unsupported(
                    "the position has castling rights, which endgame tables do not model; \
                     give `-` as the castling field"
                        .into(),
                ));
            }
        }
        if board.en_passant().is_some() {
            return Err(ChessError::Unsupported(
                "the position has an en passant square, which tables of one pawn do not model"
                    .into(),
            ));
        }
        let men = men_of(&board);
        let material = material_of(&men)?;
        self.solve(&material)?;
        let side = board.side_to_move();
        let value = self.value_of(&men, side);
        let mut moves = Vec::new();
        board.generate_moves(|piece_moves| {
            for mv in piece_moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                moves.push((mv, men_of(&child)));
            }
            false
        });
        let mut scored = Vec::with_capacity(moves.len());
        for (mv, child) in moves {
            let m = material_of(&child)?;
            self.solve(&m)?;
            scored.push(ScoredMove {
                uci: mv.to_string(),
                value: self.value_of(&child, !side),
            });
        }
        scored.sort_by_key(|m| (-m.value.before().rank(), m.uci.clone()));
        let best = scored
            .iter()
            .filter(|m| m.value.before() == value)
            .cloned()
            .collect();
        Ok(Probe {
            fen: fen.trim().to_string(),
            material: material.canonical().0.to_string(),
            side: if side == Color::White {
                "white"
            } else {
                "black"
            },
            value,
            best,
            moves: scored,
        })
    }
}

/// The smaller materials one capture or promotion leads to.
pub fn exits(material: &Material) -> Vec<Material> {
    let mut out = Vec::new();
    for color in [Color::White, Color::Black] {
        for &piece in material.pieces(color) {
            out.push(material.without(color, piece));
            if piece == Piece::Pawn {
                for promoted in [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight] {
                    let m = material.promoted(color, promoted);
                    out.push(m.clone());
                    // A promotion by capture removes one of the opponent's men too.
                    for &other in material.pieces(!color) {
                        out.push(m.without(!color, other));
                    }
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The men with colours swapped and the board turned over (ranks mirrored).
fn swap(men: &Men, side: Color) -> (Men, Color) {
    (
        men.iter().map(|&(c, p, sq)| (!c, p, sq ^ 56)).collect(),
        !side,
    )
}

/// The position of these men in a layout of the same material.
fn place(layout: &Layout, men: &Men, side: Color) -> crate::position::Position {
    let mut squares = [0u8; crate::material::MAX_MEN];
    let mut used = vec![false; men.len()];
    for (slot, &(color, piece)) in layout.men().iter().enumerate() {
        let at = (0..men.len())
            .find(|&i| !used[i] && men[i].0 == color && men[i].1 == piece)
            .expect("the same material");
        used[at] = true;
        squares[slot] = men[at].2;
    }
    crate::position::Position { squares, side }
}
