//! The men of an endgame, named the way endgame tables are: `KQKR` is White's king and queen
//! against Black's king and rook.
//!
//! A table is kept once for each pair of sides: the stronger side is White in its name (`KQKR`,
//! never `KRKQ`), and a position where Black has the stronger men is probed with colours
//! swapped and the board turned over ([`Material::canonical`]).
//!
//! ```
//! use kalmar_chess::Material;
//! let m: Material = "KRKQ".parse().unwrap();
//! assert_eq!(m.to_string(), "KRKQ");
//! assert_eq!(m.canonical().0.to_string(), "KQKR");
//! assert!(m.canonical().1, "the colours were swapped");
//! assert_eq!(m.men(), 4);
//! assert!("KPPK".parse::<Material>().is_err(), "one pawn at most");
//! ```

use cozy_chess::{Color, Piece};
use std::fmt;
use std::str::FromStr;

/// The most men (kings included) a table may hold: 5 pieces without pawns index 2 · 10 · 64⁴
/// positions, 335 million bytes of values.
pub const MAX_MEN: usize = 5;

/// White's and Black's men besides their kings, strongest first.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    white: Vec<Piece>,
    black: Vec<Piece>,
}

/// Why a material signature was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MaterialError {
    /// The signature is not `K…K…` with the letters Q, R, B, N and P.
    Syntax(String),
    /// More men than [`MAX_MEN`].
    TooManyMen(usize),
    /// More than one pawn: en passant between pawns is not modelled.
    Pawns(usize),
}

impl fmt::Display for MaterialError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MaterialError::Syntax(s) => write!(
                f,
                "`{s}` is not a material signature: write White's king and men, then Black's, \
                 as in KQK, KRKB or KPK (letters K, Q, R, B, N, P)"
            ),
            MaterialError::TooManyMen(n) => write!(
                f,
                "{n} men: tables of more than {MAX_MEN} men (kings included) do not fit one \
                 machine's memory as arrays; solve a smaller endgame"
            ),
            MaterialError::Pawns(n) => write!(
                f,
                "{n} pawns: tables with more than one pawn (where en passant can arise) are not \
                 supported"
            ),
        }
    }
}

impl std::error::Error for MaterialError {}

fn letter(piece: Piece) -> char {
    match piece {
        Piece::Queen => 'Q',
        Piece::Rook => 'R',
        Piece::Bishop => 'B',
        Piece::Knight => 'N',
        Piece::Pawn => 'P',
        Piece::King => 'K',
    }
}

/// Sorts men strongest first: queen, rook, bishop, knight, pawn.
fn strongest_first(men: &mut [Piece]) {
    men.sort_by_key(|&p| std::cmp::Reverse(strength(p)));
}

fn strength(piece: Piece) -> u8 {
    match piece {
        Piece::Pawn => 1,
        Piece::Knight => 2,
        Piece::Bishop => 3,
        Piece::Rook => 4,
        Piece::Queen => 5,
        Piece::King => 6,
    }
}

impl Material {
    /// The material of these men (kings not included), checked against the limits.
    pub fn new(mut white: Vec<Piece>, mut black: Vec<Piece>) -> Result<Material, MaterialError> {
        if white.contains(&Piece::King) || black.contains(&Piece::King) {
            return Err(MaterialError::Syntax("a second king".into()));
        }
        let men = 2 + white.len() + black.len();
        if men > MAX_MEN {
            return Err(MaterialError::TooManyMen(men));
        }
        let pawns = white
            .iter()
            .chain(&black)
            .filter(|&&p| p == Piece::Pawn)
            .count();
        if pawns > 1 {
            return Err(MaterialError::Pawns(pawns));
        }
        strongest_first(&mut white);
        strongest_first(&mut black);
        Ok(Material { white, black })
    }

    /// The men of `color` besides the king, strongest first.
    pub fn pieces(&self, color: Color) -> &[Piece] {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The number of men, kings included.
    pub fn men(&self) -> usize {
        2 + self.white.len() + self.black.len()
    }

    /// Whether a pawn is on the board (then only left and right may be mirrored).
    pub fn has_pawn(&self) -> bool {
        self.white
            .iter()
            .chain(&self.black)
            .any(|&p| p == Piece::Pawn)
    }

    /// The men in the order a position lists their squares: White's king, Black's king,
    /// White's men strongest first, Black's men strongest first.
    pub fn layout(&self) -> Vec<(Color, Piece)> {
        let mut men = vec![(Color::White, Piece::King), (Color::Black, Piece::King)];
        men.extend(self.white.iter().map(|&p| (Color::White, p)));
        men.extend(self.black.iter().map(|&p| (Color::Black, p)));
        men
    }

    /// The same men with the colours swapped.
    pub fn swapped(&self) -> Material {
        Material {
            white: self.black.clone(),
            black: self.white.clone(),
        }
    }

    /// The name under which this material's table is kept (the stronger side White), and
    /// whether the colours had to be swapped to get it.
    pub fn canonical(&self) -> (Material, bool) {
        let key = |men: &[Piece]| {
            let mut k: Vec<u8> = men.iter().map(|&p| strength(p)).collect();
            k.push(0);
            k
        };
        if key(&self.black) > key(&self.white) {
            (self.swapped(), true)
        } else {
            (self.clone(), false)
        }
    }

    /// This material without one man of `color` (kings excepted) of kind `piece`.
    pub fn without(&self, color: Color, piece: Piece) -> Material {
        let mut m = self.clone();
        let side = if color == Color::White {
            &mut m.white
        } else {
            &mut m.black
        };
        let at = side
            .iter()
            .position(|&p| p == piece)
            .expect("the man is on the board");
        side.remove(at);
        m
    }

    /// This material with a pawn of `color` promoted to `piece`.
    pub fn promoted(&self, color: Color, piece: Piece) -> Material {
        let mut m = self.without(color, Piece::Pawn);
        let side = if color == Color::White {
            &mut m.white
        } else {
            &mut m.black
        };
        side.push(piece);
        strongest_first(side);
        m
    }
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut name = String::new();
        for men in [&self.white, &self.black] {
            name.push('K');
            name.extend(men.iter().map(|&p| letter(p)));
        }
        f.write_str(&name)
    }
}

impl FromStr for Material {
    type Err = MaterialError;

    fn from_str(s: &str) -> Result<Material, MaterialError> {
        let bad = || MaterialError::Syntax(s.to_string());
        let upper = s.trim().to_ascii_uppercase();
        let rest = upper.strip_prefix('K').ok_or_else(bad)?;
        let (white, black) = rest.split_once('K').ok_or_else(bad)?;
        let men = |text: &str| -> Result<Vec<Piece>, MaterialError> {
            text.chars()
                .map(|c| match c {
                    'Q' => Ok(Piece::Queen),
                    'R' => Ok(Piece::Rook),
                    'B' => Ok(Piece::Bishop),
                    'N' => Ok(Piece::Knight),
                    'P' => Ok(Piece::Pawn),
                    _ => Err(bad()),
                })
                .collect()
        };
        Material::new(men(white)?, men(black)?)
    }
}
