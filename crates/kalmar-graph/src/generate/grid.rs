//! Grid games: a `w × h` grid of positions with moves to the neighbouring cells and terminals
//! around the border.
//!
//! Cell `(x, y)` is vertex `y w + x`, owned by Max when `x + y` is even and by Min otherwise (a
//! checkerboard, so the players alternate along every move inside the grid). Each cell moves to
//! its (up to four) neighbours, and each border cell also to the terminal just outside it on each
//! side where it touches the border, so there are `2 (w + h)` terminals and exactly `4 w h` arcs.
//! The terminals, numbered clockwise from the top-left corner, pay 1, -1, 2, -2, … (distinct,
//! alternating in sign). The start is the centre cell.
//!
//! # Complexity
//! O(w h) time, vertices and arcs.

use super::{GenerateError, alternating, builder, check_size, finish};
use crate::terminal::Dgg;
use kalmar_core::{Owner, Player, Rational, Vertex};

/// The side of the square grid with about `arcs` arcs (four per cell).
pub fn side_for_arcs(arcs: usize) -> usize {
    ((arcs as f64 / 4.0).sqrt().round() as usize).max(1)
}

/// The grid game of width `w` and height `h`.
///
/// ```
/// use kalmar_graph::generate::grid;
/// let game = grid(3, 2).unwrap();
/// assert_eq!(game.arena().num_edges(), 4 * 3 * 2);
/// assert_eq!(game.terminals().count(), 2 * (3 + 2));
/// ```
pub fn grid(w: usize, h: usize) -> Result<Dgg, GenerateError> {
    if w == 0 || h == 0 {
        return Err(GenerateError::Parameter(
            "a grid needs a positive width and height".into(),
        ));
    }
    let cells = w.saturating_mul(h);
    let terminals = 2 * (w + h);
    let vertices = cells.saturating_add(terminals);
    check_size(vertices, cells.saturating_mul(4))?;
    let mut b = builder(vertices, 4 * cells);
    for y in 0..h {
        for x in 0..w {
            let player = if (x + y) % 2 == 0 {
                Player::MAX
            } else {
                Player::MIN
            };
            b.add_vertex(Owner::Player(player));
        }
    }
    // Terminals clockwise from the top-left: north (x = 0..w), east (y = 0..h), south
    // (x = w-1..=0), west (y = h-1..=0).
    for _ in 0..terminals {
        b.add_vertex(Owner::Terminal);
    }
    let cell = |x: usize, y: usize| Vertex::new(y * w + x);
    let north = |x: usize| Vertex::new(cells + x);
    let east = |y: usize| Vertex::new(cells + w + y);
    let south = |x: usize| Vertex::new(cells + w + h + (w - 1 - x));
    let west = |y: usize| Vertex::new(cells + 2 * w + h + (h - 1 - y));
    for y in 0..h {
        for x in 0..w {
            let v = cell(x, y);
            b.add_edge(v, if y > 0 { cell(x, y - 1) } else { north(x) });
            b.add_edge(v, if x + 1 < w { cell(x + 1, y) } else { east(y) });
            b.add_edge(v, if y + 1 < h { cell(x, y + 1) } else { south(x) });
            b.add_edge(v, if x > 0 { cell(x - 1, y) } else { west(y) });
        }
    }
    b.set_start(cell(w / 2, h / 2));
    let mut payoffs = Vec::with_capacity(vertices);
    payoffs.resize(cells, Rational::ZERO);
    payoffs.extend((0..terminals).map(alternating));
    Ok(finish(b, payoffs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shape() {
        for (w, h) in [(1, 1), (1, 5), (4, 3), (10, 10)] {
            let g = grid(w, h).unwrap();
            let a = g.arena();
            assert_eq!(a.num_edges(), 4 * w * h);
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
        assert_eq!(side_for_arcs(40_000), 100);
    }
}
