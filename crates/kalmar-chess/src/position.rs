//! Positions of an endgame and their ranks: every position of a material is one index into an
//! array, with the board's symmetries folded out.
//!
//! A position lists the squares of its men in the material's [layout](Material::layout) order
//! and says who is to move. Its index is
//! `((side · R + region(white king)) · 64 + s₁) · 64 + … + s_{n-1}`, where the white king is
//! first brought into a region by a symmetry of the board: without pawns the triangle
//! a1–d1–d4 (R = 10) under all eight rotations and reflections, with a pawn the files a–d
//! (R = 32) under the left–right mirror. Where two symmetries reach the region (a king on the
//! diagonal) and where men of one kind may be swapped, the smallest index is the position's
//! rank, so each position up to symmetry has exactly one index; the others are left unused.
//!
//! Moves come from `cozy-chess`'s attack tables (magic bitboards); legality (kings apart, the
//! side that just moved not in check) is tested here, and moves are generated both ways:
//! forwards to count a position's moves, backwards ("un-moves") to find the positions that
//! lead to it.
//!
//! ```
//! use kalmar_chess::{Material, position::Layout};
//! let layout = Layout::new(&"KRK".parse::<Material>().unwrap());
//! assert_eq!(layout.size(), 2 * 10 * 64 * 64);
//! let pos = layout.from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1").unwrap();
//! let index = layout.index(&pos);
//! assert_eq!(layout.index(&layout.position(index)), index);
//! assert!(layout.is_legal(&layout.position(index)));
//! ```

use crate::material::{MAX_MEN, Material};
use cozy_chess::{
    BitBoard, Board, Color, Piece, Square, get_bishop_moves, get_king_moves, get_knight_moves,
    get_pawn_attacks, get_rook_moves,
};

/// A position of a given material: the square (0 = a1 … 63 = h8) of each man in layout order,
/// and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The squares, in the material's layout order; entries past the last man are 0.
    pub squares: [u8; MAX_MEN],
    /// Who moves.
    pub side: Color,
}

/// One of the eight symmetries of the board: bit 2 transposes (a1–h8 diagonal), bit 0 mirrors
/// the files, bit 1 the ranks.
fn transform(t: u8, sq: u8) -> u8 {
    let sq = if t & 4 != 0 {
        ((sq & 7) << 3) | (sq >> 3)
    } else {
        sq
    };
    let sq = if t & 1 != 0 { sq ^ 7 } else { sq };
    if t & 2 != 0 { sq ^ 56 } else { sq }
}

fn square(sq: u8) -> Square {
    Square::index(sq as usize)
}

/// The squares `piece` of `color` on `from` attacks, with `occupied` blocking sliders.
pub(crate) fn attacks(piece: Piece, color: Color, from: u8, occupied: BitBoard) -> BitBoard {
    let from = square(from);
    match piece {
        Piece::King => get_king_moves(from),
        Piece::Knight => get_knight_moves(from),
        Piece::Bishop => get_bishop_moves(from, occupied),
        Piece::Rook => get_rook_moves(from, occupied),
        Piece::Queen => get_bishop_moves(from, occupied) | get_rook_moves(from, occupied),
        Piece::Pawn => get_pawn_attacks(from, color),
    }
}

/// How a material's positions are ranked, and the rules on them.
#[derive(Clone, Debug)]
pub struct Layout {
    men: Vec<(Color, Piece)>,
    /// The king's region index of each square, or `u8::MAX` outside the region.
    region: [u8; 64],
    /// The square of each region index.
    region_squares: Vec<u8>,
    /// For each square, the symmetries that bring it into the region (one, or two on the
    /// diagonal, which the transposition leaves in place), and how many there are.
    to_region: [([u8; 2], u8); 64],
    /// The slots of men of one kind and colour, as ranges of the layout, where there are two.
    alike: Vec<std::ops::Range<usize>>,
    /// 64^(men - 1): the positions per king square and side.
    stride: usize,
}

impl Layout {
    /// The ranking of `material`'s positions.
    pub fn new(material: &Material) -> Layout {
        let pawn = material.has_pawn();
        let in_region = |sq: u8| {
            let (file, rank) = (sq & 7, sq >> 3);
            if pawn {
                file <= 3
            } else {
                file <= 3 && rank <= file
            }
        };
        let symmetries: &[u8] = if pawn {
            &[0, 1]
        } else {
            &[0, 1, 2, 3, 4, 5, 6, 7]
        };
        let mut region = [u8::MAX; 64];
        let mut region_squares = Vec::new();
        for sq in 0..64u8 {
            if in_region(sq) {
                region[sq as usize] = region_squares.len() as u8;
                region_squares.push(sq);
            }
        }
        let mut to_region = [([0u8; 2], 0u8); 64];
        for (sq, (list, count)) in (0..64u8).zip(&mut to_region) {
            for &t in symmetries.iter().filter(|&&t| in_region(transform(t, sq))) {
                list[*count as usize] = t;
                *count += 1;
            }
        }
        let men = material.layout();
        let mut alike = Vec::new();
        let mut i = 2;
        while i < men.len() {
            let j = (i..men.len())
                .find(|&j| men[j] != men[i])
                .unwrap_or(men.len());
            if j - i > 1 {
                alike.push(i..j);
            }
            i = j;
        }
        let stride = 64usize.pow(men.len() as u32 - 1);
        Layout {
            men,
            region,
            region_squares,
            to_region,
            alike,
            stride,
        }
    }

    /// The men in layout order.
    pub fn men(&self) -> &[(Color, Piece)] {
        &self.men
    }

    /// The number of indices: positions up to symmetry, plus unused ones.
    pub fn size(&self) -> usize {
        2 * self.region_squares.len() * self.stride
    }

    /// The index of a position (any of its symmetric images gives the same one).
    pub fn index(&self, pos: &Position) -> usize {
        let n = self.men.len();
        let (symmetries, count) = &self.to_region[pos.squares[0] as usize];
        let mut best = usize::MAX;
        for &t in &symmetries[..*count as usize] {
            let mut sq = [0u8; MAX_MEN];
            for (to, &from) in sq.iter_mut().zip(&pos.squares[..n]) {
                *to = transform(t, from);
            }
            // Men of one kind and colour are interchangeable: list their squares in order.
            for run in &self.alike {
                sq[run.clone()].sort_unstable();
            }
            let mut index = (pos.side as usize) * self.region_squares.len()
                + self.region[sq[0] as usize] as usize;
            for &s in &sq[1..n] {
                index = index * 64 + s as usize;
            }
            best = best.min(index);
        }
        best
    }

    /// Whether the position at `index` is the one its index names: true unless the white
    /// king is on the diagonal or men of one kind are out of order, where the smallest of
    /// the symmetric indices is the rank.
    pub fn is_rank(&self, index: usize, pos: &Position) -> bool {
        let plain = self.to_region[pos.squares[0] as usize].1 == 1 && self.alike.is_empty();
        plain || self.index(pos) == index
    }

    /// The position at an index (which may be unused or illegal: see [`Layout::is_legal`]).
    pub fn position(&self, mut index: usize) -> Position {
        let n = self.men.len();
        let mut squares = [0u8; MAX_MEN];
        for i in (1..n).rev() {
            squares[i] = (index % 64) as u8;
            index /= 64;
        }
        let regions = self.region_squares.len();
        squares[0] = self.region_squares[index % regions];
        let side = if index / regions == 0 {
            Color::White
        } else {
            Color::Black
        };
        Position { squares, side }
    }

    fn occupied(&self, pos: &Position) -> BitBoard {
        let mut occ = BitBoard::EMPTY;
        for &sq in &pos.squares[..self.men.len()] {
            occ |= square(sq).bitboard();
        }
        occ
    }

    /// Whether the king of `color` is attacked.
    pub fn in_check(&self, pos: &Position, color: Color) -> bool {
        let king = pos.squares[if color == Color::White { 0 } else { 1 }];
        let occ = self.occupied(pos);
        self.men
            .iter()
            .zip(&pos.squares)
            .any(|(&(c, piece), &from)| {
                c != color && attacks(piece, c, from, occ).has(square(king))
            })
    }

    /// Whether the position may occur in a game: the men on distinct squares, no pawn on the
    /// first or last rank, the kings apart and the side not to move not in check.
    pub fn is_legal(&self, pos: &Position) -> bool {
        let n = self.men.len();
        let occ = self.occupied(pos);
        if occ.len() as usize != n {
            return false;
        }
        let pawn_ok = self
            .men
            .iter()
            .zip(&pos.squares)
            .all(|(&(_, p), &sq)| p != Piece::Pawn || (8..56).contains(&sq));
        pawn_ok
            && !get_king_moves(square(pos.squares[0])).has(square(pos.squares[1]))
            && !self.in_check(pos, !pos.side)
    }

    /// Whether `index` is the rank of a legal position (not an unused symmetric duplicate).
    pub fn is_ranked_legal(&self, index: usize) -> bool {
        let pos = self.position(index);
        self.is_legal(&pos) && self.is_rank(index, &pos)
    }

    /// Calls `f` with every position reached by one legal move of the side to move, with the
    /// man that moved, whether it captured (the man's layout slot) and the piece a pawn was
    /// promoted to. A capture or a promotion leaves this material: see [`Move`].
    pub fn moves(&self, pos: &Position, mut f: impl FnMut(Move)) {
        let n = self.men.len();
        let occ = self.occupied(pos);
        let mut own = BitBoard::EMPTY;
        for i in 0..n {
            if self.men[i].0 == pos.side {
                own |= square(pos.squares[i]).bitboard();
            }
        }
        for i in 0..n {
            let (color, piece) = self.men[i];
            if color != pos.side {
                continue;
            }
            let from = pos.squares[i];
            let targets = if piece == Piece::Pawn {
                let enemy = occ & !own;
                (attacks(piece, color, from, occ) & enemy) | pawn_pushes(color, from, occ)
            } else {
                attacks(piece, color, from, occ) & !own
            };
            for to in targets {
                let to = to as u8;
                let captured = (0..n).find(|&j| j != i && pos.squares[j] == to);
                let mut child = *pos;
                child.squares[i] = to;
                child.side = !pos.side;
                // The captured man's square stays as it was; [`Move::captured`] says to drop it.
                if let Some(j) = captured {
                    child.squares[j] = to;
                }
                if self.in_check_without(&child, pos.side, captured) {
                    continue;
                }
                let last_rank = if color == Color::White { 56..64 } else { 0..8 };
                if piece == Piece::Pawn && last_rank.contains(&to) {
                    for promotion in [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight] {
                        f(Move {
                            man: i,
                            from,
                            to,
                            captured,
                            promotion: Some(promotion),
                            child,
                        });
                    }
                } else {
                    f(Move {
                        man: i,
                        from,
                        to,
                        captured,
                        promotion: None,
                        child,
                    });
                }
            }
        }
    }

    /// `in_check` with the man in slot `gone` (just captured) taken off the board.
    fn in_check_without(&self, pos: &Position, color: Color, gone: Option<usize>) -> bool {
        let n = self.men.len();
        let king = square(pos.squares[if color == Color::White { 0 } else { 1 }]);
        let mut occ = BitBoard::EMPTY;
        for (i, &sq) in pos.squares[..n].iter().enumerate() {
            if Some(i) != gone {
                occ |= square(sq).bitboard();
            }
        }
        (0..n).any(|i| {
            let (c, piece) = self.men[i];
            Some(i) != gone && c != color && attacks(piece, c, pos.squares[i], occ).has(king)
        })
    }

    /// Calls `f` with every legal position, in this material, from which a move without a
    /// capture or a promotion leads to `pos`. `pos` must be legal.
    pub fn unmoves(&self, pos: &Position, mut f: impl FnMut(&Position)) {
        let n = self.men.len();
        let occ = self.occupied(pos);
        let mover = !pos.side;
        for i in 0..n {
            let (color, piece) = self.men[i];
            if color != mover {
                continue;
            }
            let from = pos.squares[i];
            let origins = if piece == Piece::Pawn {
                pawn_origins(color, from, occ)
            } else {
                attacks(piece, color, from, occ) & !occ
            };
            for origin in origins {
                let mut parent = *pos;
                parent.squares[i] = origin as u8;
                parent.side = mover;
                let kings_apart =
                    !get_king_moves(square(parent.squares[0])).has(square(parent.squares[1]));
                if kings_apart && !self.in_check(&parent, pos.side) {
                    f(&parent);
                }
            }
        }
    }

    /// The position of a board holding exactly this material, or `None`.
    pub fn from_board(&self, board: &Board) -> Option<Position> {
        let n = self.men.len();
        let mut squares = [0u8; MAX_MEN];
        let mut used = BitBoard::EMPTY;
        for (i, &(color, piece)) in self.men.iter().enumerate() {
            let free = board.colored_pieces(color, piece) & !used;
            let sq = free.next_square()?;
            used |= sq.bitboard();
            squares[i] = sq as u8;
        }
        (used == board.occupied() && used.len() as usize == n).then_some(Position {
            squares,
            side: board.side_to_move(),
        })
    }

    /// The position of a FEN string holding exactly this material.
    pub fn from_fen(&self, fen: &str) -> Option<Position> {
        self.from_board(&Board::from_fen(fen, false).ok()?)
    }

    /// The position in Forsyth–Edwards notation (no castling, no en passant).
    pub fn fen(&self, pos: &Position) -> String {
        let mut board = [None; 64];
        for (&(color, piece), &sq) in self.men.iter().zip(&pos.squares) {
            board[sq as usize] = Some((color, piece));
        }
        let mut fen = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match board[rank * 8 + file] {
                    None => empty += 1,
                    Some((color, piece)) => {
                        if empty > 0 {
                            fen.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let c = char::from(piece);
                        fen.push(if color == Color::White {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        });
                    }
                }
            }
            if empty > 0 {
                fen.push_str(&empty.to_string());
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push_str(if pos.side == Color::White {
            " w - - 0 1"
        } else {
            " b - - 0 1"
        });
        fen
    }
}

/// A legal move, as [`Layout::moves`] reports it.
#[derive(Clone, Copy, Debug)]
pub struct Move {
    /// The layout slot of the man that moved.
    pub man: usize,
    /// Where it came from.
    pub from: u8,
    /// Where it went.
    pub to: u8,
    /// The layout slot of the man it captured.
    pub captured: Option<usize>,
    /// What a pawn became on the last rank.
    pub promotion: Option<Piece>,
    /// The position after the move, in this material's layout (for a capture, the captured
    /// man's slot holds the capturing square and must be dropped).
    pub child: Position,
}

impl Move {
    /// Whether the move stays within the material (no capture, no promotion).
    pub fn is_quiet(&self) -> bool {
        self.captured.is_none() && self.promotion.is_none()
    }
}

/// The squares a pawn of `color` on `from` may advance to.
fn pawn_pushes(color: Color, from: u8, occ: BitBoard) -> BitBoard {
    let (step, start) = if color == Color::White {
        (8i8, 1)
    } else {
        (-8i8, 6)
    };
    let mut out = BitBoard::EMPTY;
    let one = (from as i8 + step) as u8;
    if !occ.has(square(one)) {
        out |= square(one).bitboard();
        let two = (one as i8 + step) as u8;
        if from >> 3 == start && !occ.has(square(two)) {
            out |= square(two).bitboard();
        }
    }
    out
}

/// The squares a pawn of `color` now on `to` may have advanced from (not from its first rank).
fn pawn_origins(color: Color, to: u8, occ: BitBoard) -> BitBoard {
    let (step, double_to) = if color == Color::White {
        (-8i8, 3)
    } else {
        (8i8, 4)
    };
    let mut out = BitBoard::EMPTY;
    let one = to as i8 + step;
    let one_ok = (8..56).contains(&one) && !occ.has(square(one as u8));
    if one_ok {
        out |= square(one as u8).bitboard();
        let two = (one + step) as u8;
        if to >> 3 == double_to && !occ.has(square(two)) {
            out |= square(two).bitboard();
        }
    }
    out
}
