//! All extreme equilibria of a two-player game, degenerate or not, by exact enumeration of the
//! vertices of the two best-response polytopes.
//!
//! D. Avis, G. D. Rosenberg, R. Savani and B. von Stengel, *Enumeration of Nash equilibria for
//! two-player games*, Economic Theory 42 (2010). The extreme equilibria are the completely
//! labelled pairs of vertices `(x, y) ≠ (0, 0)` of `P` and `Q` ([`super::polytope`]), normalised.
//! A vertex's labels are read from its coordinates (every variable that is zero there), so a
//! degenerate vertex, which has more labels than the dimension, is matched correctly; this is
//! what support enumeration with equal supports misses in degenerate games.
//!
//! The vertices are found by a search of the graph of lexicographically feasible bases, as in
//! lrs: the bases of the polytope perturbed by the lexicographic rule (right-hand side
//! `1 + (ε, ε², …)` on the initial basis's rows), which is simple, so each of its vertices has
//! one basis and one pivot with the lexicographic minimum-ratio row per entering column leads to
//! each neighbour, and back. The perturbed polytope's graph is connected, and every vertex of
//! `P` is the limit of at least one perturbed vertex, so the search from the origin's basis finds
//! every vertex while visiting far fewer bases than all feasible ones on degenerate games. It
//! pivots forward and back on one exact tableau and remembers the bases seen (lrs's reverse
//! search visits the same bases without remembering them).
//!
//! # Complexity
//! Per polytope, `O(F · (m + n))` pivots and ratio tests for `F` lexicographically feasible
//! bases (at least the number of vertices, which can be exponential in `min(m, n)`, and more on
//! degenerate games), with `F` bases kept in memory;
//! then `O(V_P · V_Q · (m + n) / 64)` for the pairs of vertices.
//!
//! ```
//! use kalmar_efg::Matrix;
//! use kalmar_efg::nash::{is_equilibrium, vertex::extreme_equilibria};
//! use kalmar_efg::normal::bimatrix_game;
//! // A degenerate 3 × 2 game (von Stengel 2007) with three extreme equilibria.
//! let a = Matrix::from_rows(&[&[3, 3], &[2, 5], &[0, 6]]);
//! let b = Matrix::from_rows(&[&[3, 3], &[2, 6], &[3, 1]]);
//! let (found, _) = extreme_equilibria(&a, &b);
//! assert_eq!(found.len(), 3);
//! let game = bimatrix_game("degenerate", &a, &b);
//! assert!(found.iter().all(|e| is_equilibrium(&game, e)));
//! ```

use super::passed;
use super::polytope::Polytope;
use super::profile::{MixedProfile, Stats};
use crate::normal::Matrix;
use kalmar_core::Rational;
use std::collections::HashSet;
use std::time::Instant;

/// A vertex: its point and its labels as a bit set.
type Vertex = (Vec<Rational>, Vec<u64>);

/// The vertices of a polytope other than the origin, in the order found, and the pivots made;
/// only those found before `deadline`, if it passes.
fn vertices(mut poly: Polytope, deadline: Option<Instant>) -> (Vec<Vertex>, u64) {
    let key = |t: &Polytope| {
        let mut b = t.tableau.basis().to_vec();
        b.sort_unstable();
        b
    };
    let columns = poly.tableau.basis().len() + poly.point().len();
    let mut seen_bases: HashSet<Vec<usize>> = HashSet::from([key(&poly)]);
    let mut seen_points: HashSet<Vec<Rational>> = HashSet::from([poly.point()]);
    let mut found: Vec<Vertex> = Vec::new();
    // The lexicographic pivots out of the current basis: one per entering column.
    let moves = |t: &Polytope| -> Vec<(usize, usize)> {
        (0..columns)
            .filter(|&c| !t.tableau.is_basic(c))
            .filter_map(|c| Some((t.tableau.leaving_row(c).ok()?, c)))
            .collect()
    };
    // Depth-first: per basis on the path, its moves, the next one to try, and how to go back.
    struct Frame {
        moves: Vec<(usize, usize)>,
        next: usize,
        back: Option<(usize, usize)>,
    }
    let mut stack = vec![Frame {
        moves: moves(&poly),
        next: 0,
        back: None,
    }];
    while let Some(frame) = stack.last_mut() {
        if passed(deadline) {
            break;
        }
        let Some(&(row, col)) = frame.moves.get(frame.next) else {
            if let Some((row, var)) = frame.back {
                poly.tableau.pivot(row, var);
            }
            stack.pop();
            continue;
        };
        frame.next += 1;
        let left = poly.tableau.pivot(row, col);
        if !seen_bases.insert(key(&poly)) {
            poly.tableau.pivot(row, left);
            continue;
        }
        let point = poly.point();
        if seen_points.insert(point.clone()) {
            found.push((point, poly.labels()));
        }
        stack.push(Frame {
            moves: moves(&poly),
            next: 0,
            back: Some((row, left)),
        });
    }
    (found, poly.tableau.pivots)
}

/// Every extreme equilibrium, without repetition, in the order found.
pub fn extreme_equilibria(a: &Matrix, b: &Matrix) -> (Vec<MixedProfile>, Stats) {
    let (equilibria, stats, _) = extreme_equilibria_until(a, b, None);
    (equilibria, stats)
}

/// [`extreme_equilibria`], stopping when `deadline` passes with the equilibria among the
/// vertices found so far (each one an equilibrium); the flag says whether it stopped.
pub fn extreme_equilibria_until(
    a: &Matrix,
    b: &Matrix,
    deadline: Option<Instant>,
) -> (Vec<MixedProfile>, Stats, bool) {
    let labels = a.rows() + a.cols();
    let [p, q] = Polytope::pair(a, b);
    let (xs, p_pivots) = vertices(p, deadline);
    let (ys, q_pivots) = vertices(q, deadline);
    let complete =
        |l: &[u64], r: &[u64]| (0..labels).all(|k| (l[k / 64] | r[k / 64]) & (1 << (k % 64)) != 0);
    let mut equilibria: Vec<MixedProfile> = Vec::new();
    let mut seen: HashSet<MixedProfile> = HashSet::new();
    let mut stopped = passed(deadline);
    for (x, lx) in &xs {
        for (y, ly) in &ys {
            if complete(lx, ly) {
                let e = MixedProfile::normalised(vec![x.clone(), y.clone()]);
                if seen.insert(e.clone()) {
                    equilibria.push(e);
                }
            }
        }
        if passed(deadline) {
            stopped = true;
            break;
        }
    }
    let stats = Stats {
        pivots: p_pivots + q_pivots,
        ..Stats::default()
    };
    (equilibria, stats, stopped)
}
