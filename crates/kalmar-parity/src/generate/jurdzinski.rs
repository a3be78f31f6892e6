//! PGSolver's [`jurdzinskigame`], the lower-bound family of small progress measures.

use super::listed::{Description, EVEN, ODD, explore};
use crate::ParityGame;
use kalmar_core::Player;
use kalmar_core::generate::{GenerateError, check_size};

/// A node of Jurdziński's game: layer and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Jurdzinski {
    Left(usize, usize),
    Right(usize, usize),
    Above(usize, usize),
}

struct JurdzinskiGame {
    height: usize,
    width: usize,
}

impl Description for JurdzinskiGame {
    type Node = Jurdzinski;

    fn owner(&self, v: &Jurdzinski) -> Player {
        match *v {
            Jurdzinski::Left(0, _) => EVEN,
            Jurdzinski::Right(0, _) => ODD,
            Jurdzinski::Left(..) => ODD,
            Jurdzinski::Right(..) | Jurdzinski::Above(..) => EVEN,
        }
    }

    fn priority(&self, v: &Jurdzinski) -> u32 {
        let p = match *v {
            Jurdzinski::Left(0, _) => 0,
            Jurdzinski::Right(0, _) => 1,
            Jurdzinski::Left(h, _) | Jurdzinski::Right(h, _) => 2 * h,
            Jurdzinski::Above(h, _) => 2 * h + 1,
        };
        p as u32
    }

    fn successors(&self, v: &Jurdzinski) -> Vec<Jurdzinski> {
        use Jurdzinski::{Above, Left, Right};
        match *v {
            Left(0, 0) => vec![Right(0, 0)],
            Left(0, w) if w < self.width => vec![Right(0, w - 1), Right(0, w)],
            Left(0, w) => vec![Right(0, w - 1)],
            Right(0, w) => [Left(0, w), Left(0, w + 1)]
                .into_iter()
                .chain((1..self.height).map(|h| Right(h, w)))
                .collect(),
            Left(h, 0) => vec![Above(h, 0), Right(h, 0)],
            Left(h, w) if w < self.width => vec![Right(h, w - 1), Above(h, w), Right(h, w)],
            Left(h, w) => vec![Right(h, w - 1)],
            Above(h, w) => vec![Right(h, w)],
            Right(h, w) => vec![Left(h, w), Left(h, w + 1), Right(0, w)],
        }
    }

    fn name(&self, v: &Jurdzinski) -> String {
        match *v {
            Jurdzinski::Left(h, w) => format!("L({h},{w})"),
            Jurdzinski::Right(h, w) => format!("R({h},{w})"),
            Jurdzinski::Above(h, w) => format!("A({h},{w})"),
        }
    }
}

/// PGSolver's Jurdziński game of height `h` and width `w` (the lower-bound family of small
/// progress measures, as a max-parity game), explored from `L(0,0)`.
///
/// Nodes `L(k,x)`, `R(k,x)` and `A(k,x)` for layer `k` and column `x`. Layer 0: `L(0,x)` belongs
/// to Even with priority 0 and `R(0,x)` to Odd with priority 1. Layer `k >= 1`: `L(k,x)` belongs
/// to Odd and `R(k,x)` to Even, both of priority `2k`, and `A(k,x)` to Even with priority
/// `2k + 1`. Moves: `L(0,0) -> R(0,0)`; `L(0,x) -> R(0,x-1), R(0,x)` for `0 < x < w` and
/// `L(0,x) -> R(0,x-1)` for `x >= w`; `R(0,x) -> L(0,x), L(0,x+1), R(1,x), …, R(h-1,x)`;
/// `L(k,0) -> A(k,0), R(k,0)`; `L(k,x) -> R(k,x-1), A(k,x), R(k,x)` for `0 < x < w` and
/// `L(k,x) -> R(k,x-1)` for `x >= w`; `A(k,x) -> R(k,x)`; `R(k,x) -> L(k,x), L(k,x+1), R(0,x)`.
///
/// For `h, w >= 1` the reachable game has `2w + 1 + (h - 1)(3w + 1)` vertices: layer 0 has
/// `L(0,0..=w)` and `R(0,0..w)`, every other layer also `A(k,0..w)`. Height 0 gives the game of
/// height 1 and width 0 that of width 1, as in PGSolver. Vertices are named `L(k,x)`, `R(k,x)`,
/// `A(k,x)`.
///
/// ```
/// use kalmar_parity::generate::jurdzinskigame;
/// let game = jurdzinskigame(3, 4).unwrap();
/// assert_eq!(game.arena().num_vertices(), 9 + 2 * 13);
/// ```
pub fn jurdzinskigame(h: usize, w: usize) -> Result<ParityGame, GenerateError> {
    let (hh, ww) = (h.max(1), w.max(1));
    let vertices = hh.saturating_mul(3 * ww.min(usize::MAX / 4) + 1);
    let arcs = vertices.saturating_mul(hh.saturating_add(2));
    check_size(vertices, arcs)?;
    if 2 * hh + 1 > u32::MAX as usize {
        return Err(GenerateError::TooLarge { vertices, arcs });
    }
    explore(
        &JurdzinskiGame {
            height: h,
            width: w,
        },
        Jurdzinski::Left(0, 0),
    )
}
