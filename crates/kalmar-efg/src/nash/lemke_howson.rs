//! The Lemke–Howson algorithm for two-player games, exact, from every starting label.
//!
//! C. E. Lemke and J. T. Howson, *Equilibrium points of bimatrix games*, SIAM J. Appl. Math. 12
//! (1964); in the polytope form of B. von Stengel, *Computing equilibria for two-person games*,
//! Handbook of Game Theory vol. 3 (2002), ch. 45. With payoffs made positive, the polytopes
//! `P = {x ≥ 0 : Bᵀx ≤ 1}` and `Q = {y ≥ 0 : Ay ≤ 1}` are kept as two tableaux. Dropping label
//! `k` at the artificial equilibrium `(0, 0)` and alternately pivoting in the tableau that has
//! the duplicate label follows a path that ends at a Nash equilibrium (normalise `x` and `y`).
//! Every one of the `m + n` labels starts a path; the equilibria found are collected without
//! repetition. The lexicographic ratio test keeps degenerate games from cycling.
//!
//! # Complexity
//! Each pivot costs `O(mn)` rational operations; a path can be exponentially long in the worst
//! case (Savani and von Stengel 2006) and is short on most games.

use super::tableau::Tableau;
use super::{MixedProfile, Stats};
use crate::normal::Matrix;
use kalmar_core::Rational;

/// The equilibrium at the end of the Lemke–Howson path that drops label `k` (labels
/// `0..m` are player 1's strategies, `m..m+n` player 2's), and the pivots it took.
pub fn lemke_howson(a: &Matrix, b: &Matrix, k: usize) -> (MixedProfile, u64) {
    let (m, n) = (a.rows(), a.cols());
    assert!(k < m + n, "a label is a strategy of one of the players");
    // Shift payoffs so that every entry is at least 1.
    let shift = |mat: &Matrix| Rational::ONE - mat.min();
    let (sa, sb) = (shift(a), shift(b));
    // P: rows j: s_j + Σ_i B[i][j] x_i = 1; columns s_0..s_{n-1}, x_0..x_{m-1}.
    let p_rows = (0..n)
        .map(|j| {
            let mut row = vec![Rational::ZERO; n + m];
            row[j] = Rational::ONE;
            for i in 0..m {
                row[n + i] = b.get(i, j) + &sb;
            }
            row
        })
        .collect();
    // Q: rows i: r_i + Σ_j A[i][j] y_j = 1; columns r_0..r_{m-1}, y_0..y_{n-1}.
    let q_rows = (0..m)
        .map(|i| {
            let mut row = vec![Rational::ZERO; m + n];
            row[i] = Rational::ONE;
            for j in 0..n {
                row[m + j] = a.get(i, j) + &sa;
            }
            row
        })
        .collect();
    let mut p = Tableau::new(p_rows, vec![Rational::ONE; n], (0..n).collect());
    let mut q = Tableau::new(q_rows, vec![Rational::ONE; m], (0..m).collect());
    // Column of the variable with label l in each tableau.
    let p_col = |l: usize| if l < m { n + l } else { l - m };
    let q_col = |l: usize| if l < m { l } else { m + (l - m) };
    let p_label = |c: usize| if c < n { m + c } else { c - n };
    let q_label = |c: usize| if c < m { c } else { m + (c - m) };
    let mut in_p = k < m;
    let mut label = k;
    loop {
        let left = if in_p {
            p_label(p.enter(p_col(label)).expect("P is bounded"))
        } else {
            q_label(q.enter(q_col(label)).expect("Q is bounded"))
        };
        if left == k {
            break;
        }
        label = left;
        in_p = !in_p;
    }
    let x: Vec<Rational> = (0..m).map(|i| p.value(n + i)).collect();
    let y: Vec<Rational> = (0..n).map(|j| q.value(m + j)).collect();
    let pivots = p.pivots + q.pivots;
    (MixedProfile::normalised(vec![x, y]), pivots)
}

/// The equilibria found from every starting label, without repetition, in order of label.
pub fn all_labels(a: &Matrix, b: &Matrix) -> (Vec<MixedProfile>, Stats) {
    let mut found: Vec<MixedProfile> = Vec::new();
    let mut stats = Stats::default();
    for k in 0..a.rows() + a.cols() {
        let (e, pivots) = lemke_howson(a, b, k);
        stats.pivots += pivots;
        if !found.contains(&e) {
            found.push(e);
        }
    }
    (found, stats)
}
