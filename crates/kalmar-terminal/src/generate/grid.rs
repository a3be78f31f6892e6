//! Grid games: a `w × h` grid of positions with moves to neighbouring cells and terminals around
//! the border.
//!
//! Cell `(x, y)` (column `x`, row `y`, row 0 at the top) is vertex `y w + x`, owned by Max when
//! `x + y` is even and by Min otherwise (a checkerboard, so the players alternate along every
//! move inside the grid). Every cell moves east and south; Max cells also move west and Min
//! cells north. A move off the grid ends at a terminal of its own, which pays a positive amount
//! on the east and south sides (where Max is heading) and a negative one on the west and north
//! sides (where Min is heading); the amounts are distinct, 1, 2, 3, … in the order the terminals
//! are created (row by row). So Max pushes east while Min pushes north, each can undo the other's
//! last step (closing cycles of length 2 and 4), and values spread across the grid from the
//! border. Neither player can keep play inside the grid alone, unlike with moves to all four
//! neighbours, where every value off the border is 0. The start is the centre cell.
//!
//! There are `3 w h` arcs and `w + h + ceil(h/2) + floor(w/2)` terminals.
//!
//! # Complexity
//! O(w h) time, vertices and arcs.
//!
//! # Example
//! ```
//! use kalmar_core::{Certificate, Owner, Player, Vertex};
//! use kalmar_terminal::dgg::{Stats, sorting};
//! use kalmar_terminal::generate::grid;
//! let game = grid(2, 2).unwrap();
//! assert_eq!(game.arena().num_edges(), 12); // three per cell
//! assert_eq!(game.terminals().count(), 2 + 2 + 1 + 1);
//! assert_eq!(game.arena().owner(Vertex(1)), Owner::Player(Player::MIN)); // cell (1, 0)
//! assert!(sorting::solve(&game, &mut Stats::default()).verify(&game).is_ok());
//! ```

use super::{GenerateError, builder, check_size, finish};
use crate::Dgg;
use kalmar_core::{Owner, Player, Rational, Vertex};

/// The side of the square grid with about `arcs` arcs (three per cell).
pub fn side_for_arcs(arcs: usize) -> usize {
    ((arcs as f64 / 3.0).sqrt().round() as usize).max(1)
}

/// The grid game of width `w` and height `h`.
///
/// ```
/// use kalmar_terminal::generate::grid;
/// let game = grid(3, 2).unwrap();
/// assert_eq!(game.arena().num_edges(), 3 * 3 * 2);
/// // East 2, south 3, west 1 (Max in column 0), north 1 (Min in row 0).
/// assert_eq!(game.terminals().count(), 7);
/// ```
pub fn grid(w: usize, h: usize) -> Result<Dgg, GenerateError> {
    if w == 0 || h == 0 {
        return Err(GenerateError::Parameter(
            "a grid needs a positive width and height".into(),
        ));
    }
    let cells = w.saturating_mul(h);
    let terminals = w + h + h.div_ceil(2) + w / 2;
    let vertices = cells.saturating_add(terminals);
    let arcs = cells.saturating_mul(3);
    check_size(vertices, arcs)?;
    let mut b = builder(vertices, arcs);
    let max = |x: usize, y: usize| (x + y) & 1 == 0;
    for y in 0..h {
        for x in 0..w {
            let player = if max(x, y) { Player::MAX } else { Player::MIN };
            b.add_vertex(Owner::Player(player));
        }
    }
    let mut payoffs = Vec::with_capacity(vertices);
    payoffs.resize(cells, Rational::ZERO);
    let cell = |x: usize, y: usize| Vertex::new(y * w + x);
    // A fresh terminal paying `sign` times the next amount.
    let mut exit = |b: &mut kalmar_core::Builder, positive: bool| {
        let t = b.add_vertex(Owner::Terminal);
        let amount = (payoffs.len() - cells + 1) as i64;
        payoffs.push(Rational::from(if positive { amount } else { -amount }));
        t
    };
    for y in 0..h {
        for x in 0..w {
            let v = cell(x, y);
            let east = if x + 1 < w {
                cell(x + 1, y)
            } else {
                exit(&mut b, true)
            };
            b.add_edge(v, east);
            let south = if y + 1 < h {
                cell(x, y + 1)
            } else {
                exit(&mut b, true)
            };
            b.add_edge(v, south);
            let back = if max(x, y) {
                if x > 0 {
                    cell(x - 1, y)
                } else {
                    exit(&mut b, false)
                }
            } else if y > 0 {
                cell(x, y - 1)
            } else {
                exit(&mut b, false)
            };
            b.add_edge(v, back);
        }
    }
    b.set_start(cell(w / 2, h / 2));
    debug_assert_eq!(payoffs.len(), vertices);
    Ok(finish(b, payoffs))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dgg::{Stats, sorting};

    #[test]
    fn shape() {
        for (w, h) in [(1, 1), (1, 5), (4, 3), (10, 10), (7, 9)] {
            let g = grid(w, h).unwrap();
            let a = g.arena();
            assert_eq!(a.num_edges(), 3 * w * h);
            assert_eq!(g.terminals().count(), w + h + h.div_ceil(2) + w / 2);
            for t in g.terminals() {
                assert_eq!(a.in_edges(t).len(), 1, "each terminal borders one cell");
            }
            for v in a.vertices().filter(|&v| !a.is_terminal(v)) {
                for &s in a.successors(v) {
                    assert!(a.is_terminal(s) || a.owner(s) != a.owner(v));
                }
            }
        }
        assert!(grid(0, 3).is_err());
        assert_eq!(side_for_arcs(30_000), 100);
    }

    #[test]
    fn values_spread_across_the_grid() {
        let g = grid(30, 30).unwrap();
        let solution = sorting::solve(&g, &mut Stats::default());
        let inner: Vec<&Rational> = (0..900).map(|i| &solution.values[i]).collect();
        let nonzero = inner.iter().filter(|x| !x.is_zero()).count();
        let mut distinct = inner.clone();
        distinct.sort();
        distinct.dedup();
        // The cells on and below the anti-diagonal, from which Max reaches the east or south
        // border before Min reaches the north one, and the north row.
        assert!(
            nonzero >= 400,
            "{nonzero} cells of 900 have a non-zero value"
        );
        assert!(distinct.len() > 10, "{} distinct values", distinct.len());
    }
}
