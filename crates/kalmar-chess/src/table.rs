//! A solved endgame table: one byte per index, the value of the position for the side to move
//! with its depth to mate, and the statistics published tables are compared by.
//!
//! A value byte is 0 for an unused index (an illegal position or a symmetric duplicate), 1 for
//! a draw, and 2 + p for a position decided in p plies: won by the side to move when p is odd
//! (its mating move is the p-th ply), lost when p is even (0: checkmated now).

use crate::material::Material;
use crate::position::{Layout, Position};
use serde::Serialize;
use std::fmt;

/// The value of a position for the side to move, under best play by both sides (depth to
/// mate; the fifty-move rule is not applied, as in published depth-to-mate tables).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "outcome", rename_all = "lowercase")]
pub enum Value {
    /// Neither side can force mate.
    Draw,
    /// The side to move mates on the `plies`-th ply (odd).
    Win {
        /// Plies to mate, the mating move included.
        plies: u8,
    },
    /// The side to move is mated after `plies` plies (even; 0 when mated now).
    Loss {
        /// Plies to mate.
        plies: u8,
    },
}

/// The byte of an unused index.
pub(crate) const UNUSED: u8 = 0;
/// The byte of a draw.
pub(crate) const DRAW: u8 = 1;
/// The largest depth a byte holds (255 marks an open position while solving).
pub const MAX_PLIES: usize = 252;

impl Value {
    /// The value of a table byte (`None` for an unused index).
    pub fn from_byte(byte: u8) -> Option<Value> {
        match byte {
            UNUSED => None,
            DRAW => Some(Value::Draw),
            b => {
                let plies = b - 2;
                Some(if plies % 2 == 1 {
                    Value::Win { plies }
                } else {
                    Value::Loss { plies }
                })
            }
        }
    }

    /// The byte of this value.
    pub fn to_byte(self) -> u8 {
        match self {
            Value::Draw => DRAW,
            Value::Win { plies } | Value::Loss { plies } => plies + 2,
        }
    }

    /// Depth to mate in moves of the winning side, as tables announce it ("mate in 16"):
    /// `None` for a draw.
    pub fn moves_to_mate(self) -> Option<u32> {
        match self {
            Value::Draw => None,
            Value::Win { plies } => Some((plies as u32).div_ceil(2)),
            Value::Loss { plies } => Some(plies as u32 / 2),
        }
    }

    /// The value one ply earlier, for the side that moved into this position.
    pub fn before(self) -> Value {
        match self {
            Value::Draw => Value::Draw,
            Value::Win { plies } => Value::Loss { plies: plies + 1 },
            Value::Loss { plies } => Value::Win { plies: plies + 1 },
        }
    }

    /// Ordering for the side to move: a quicker win is better, a slower loss is better.
    pub fn rank(self) -> i32 {
        match self {
            Value::Win { plies } => 1000 - plies as i32,
            Value::Draw => 0,
            Value::Loss { plies } => -1000 + plies as i32,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Draw => f.write_str("draw"),
            Value::Win { .. } => write!(f, "win, mate in {}", self.moves_to_mate().unwrap_or(0)),
            Value::Loss { plies: 0 } => f.write_str("loss, checkmated"),
            Value::Loss { .. } => write!(f, "loss, mated in {}", self.moves_to_mate().unwrap_or(0)),
        }
    }
}

/// A material's solved table.
#[derive(Clone, Debug)]
pub struct Table {
    material: Material,
    layout: Layout,
    values: Vec<u8>,
}

/// Counts for one side to move.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SideStats {
    /// Positions (up to symmetry) the side to move wins.
    pub wins: u64,
    /// Drawn positions.
    pub draws: u64,
    /// Positions the side to move loses.
    pub losses: u64,
    /// The longest win of the side to move, in moves (0 when it wins nowhere).
    pub longest_win: u32,
    /// How many positions have that longest win.
    pub longest_win_positions: u64,
    /// One of them in FEN.
    pub longest_win_example: Option<String>,
    /// The longest loss of the side to move, in moves.
    pub longest_loss: u32,
    /// How many positions have it.
    pub longest_loss_positions: u64,
    /// One of them in FEN.
    pub longest_loss_example: Option<String>,
}

/// A table's statistics, as endgame tables are published: per side to move, with positions
/// counted up to the board's symmetries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// The material.
    pub material: String,
    /// Legal positions up to symmetry, both sides to move.
    pub positions: u64,
    /// The array's length (indices, used or not).
    pub indices: u64,
    /// White to move.
    pub white: SideStats,
    /// Black to move.
    pub black: SideStats,
}

impl Table {
    /// A table of these value bytes (one per index of `material`'s layout, as
    /// [`crate::file`] describes them).
    ///
    /// # Panics
    /// If there is not one byte per index.
    pub fn new(material: Material, values: Vec<u8>) -> Table {
        let layout = Layout::new(&material);
        assert_eq!(values.len(), layout.size(), "one byte per index");
        Table {
            material,
            layout,
            values,
        }
    }

    /// The material.
    pub fn material(&self) -> &Material {
        &self.material
    }

    /// The ranking of its positions.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The value bytes, one per index.
    pub fn bytes(&self) -> &[u8] {
        &self.values
    }

    /// The legal positions up to symmetry (the used indices), without the rest of
    /// [`Table::stats`].
    pub fn positions(&self) -> u64 {
        self.values.iter().filter(|&&b| b != UNUSED).count() as u64
    }

    /// The value of the position at `index` (`None` if unused).
    pub fn value_at(&self, index: usize) -> Option<Value> {
        Value::from_byte(self.values[index])
    }

    /// The value of a legal position of this material.
    pub fn value(&self, pos: &Position) -> Option<Value> {
        self.value_at(self.layout.index(pos))
    }

    /// Wins, draws, losses and the longest mates, for each side to move.
    pub fn stats(&self) -> Stats {
        let half = self.values.len() / 2;
        let side = |range: std::ops::Range<usize>| {
            let mut s = SideStats::default();
            let (mut win_at, mut loss_at) = (None, None);
            for index in range {
                match Value::from_byte(self.values[index]) {
                    None => {}
                    Some(Value::Draw) => s.draws += 1,
                    Some(v @ Value::Win { .. }) => {
                        s.wins += 1;
                        let m = v.moves_to_mate().unwrap_or(0);
                        if m > s.longest_win {
                            (s.longest_win, s.longest_win_positions, win_at) = (m, 0, Some(index));
                        }
                        s.longest_win_positions += (m == s.longest_win) as u64;
                    }
                    Some(v @ Value::Loss { .. }) => {
                        s.losses += 1;
                        let m = v.moves_to_mate().unwrap_or(0);
                        if m > s.longest_loss || loss_at.is_none() {
                            (s.longest_loss, s.longest_loss_positions, loss_at) =
                                (m, 0, Some(index));
                        }
                        s.longest_loss_positions += (m == s.longest_loss) as u64;
                    }
                }
            }
            let fen = |at: Option<usize>| at.map(|i| self.layout.fen(&self.layout.position(i)));
            s.longest_win_example = fen(win_at);
            s.longest_loss_example = fen(loss_at);
            s
        };
        let white = side(0..half);
        let black = side(half..self.values.len());
        let count = |s: &SideStats| s.wins + s.draws + s.losses;
        Stats {
            material: self.material.to_string(),
            positions: count(&white) + count(&black),
            indices: self.values.len() as u64,
            white,
            black,
        }
    }
}
