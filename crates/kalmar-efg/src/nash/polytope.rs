//! The best-response polytopes of a bimatrix game as tableaux, with their labels.
//!
//! B. von Stengel, *Computing equilibria for two-person games*, Handbook of Game Theory vol. 3
//! (2002), section 3. With payoffs shifted so that every entry is at least 1,
//! `P = {x ≥ 0 : Bᵀx ≤ 1}` and `Q = {y ≥ 0 : Ay ≤ 1}` are bounded. Labels `0..m` are player 1's
//! strategies, `m..m+n` player 2's. In `P`, label `i < m` is `x_i = 0` and label `m + j` is the
//! slack `s_j = 0` (strategy `j` a best response); in `Q`, label `i` is the slack `r_i = 0` and
//! label `m + j` is `y_j = 0`. A pair `(x, y) ≠ (0, 0)` with every label is an equilibrium once
//! normalised; the extreme equilibria are the pairs of such vertices.
//!
//! ```
//! use kalmar_efg::Matrix;
//! use kalmar_efg::nash::polytope::Polytope;
//! let a = Matrix::from_rows(&[&[2, 0], &[0, 1]]);
//! let [p, q] = Polytope::pair(&a, &a);
//! // Both start at the origin, where every label of the point's own player is present.
//! assert!(p.point().iter().chain(&q.point()).all(|v| v.is_zero()));
//! assert!(p.has_nonbasic(0) && p.has_nonbasic(1));
//! assert!(q.has_nonbasic(2) && q.has_nonbasic(3));
//! ```

use super::tableau::Tableau;
use crate::normal::Matrix;
use kalmar_core::Rational;

/// One polytope: a tableau whose columns carry labels.
#[derive(Clone, Debug)]
pub struct Polytope {
    /// The tableau (slacks first, in the initial basis).
    pub tableau: Tableau,
    /// Per column, its label.
    label: Vec<usize>,
    /// Per label, its column.
    column: Vec<usize>,
    /// The columns of the point (`x` in `P`, `y` in `Q`).
    point: std::ops::Range<usize>,
}

impl Polytope {
    /// `[P, Q]` for the game `(A, B)`.
    pub fn pair(a: &Matrix, b: &Matrix) -> [Polytope; 2] {
        let (m, n) = (a.rows(), a.cols());
        let shift = |mat: &Matrix| Rational::ONE - mat.min();
        let (sa, sb) = (shift(a), shift(b));
        // P: rows j: s_j + Σ_i B[i][j] x_i = 1; columns s_0..s_{n-1}, x_0..x_{m-1}.
        let p = Polytope::new(n, m, m, |j, i| b.get(i, j) + &sb);
        // Q: rows i: r_i + Σ_j A[i][j] y_j = 1; columns r_0..r_{m-1}, y_0..y_{n-1}.
        let q = Polytope::new(m, n, 0, |i, j| a.get(i, j) + &sa);
        [p, q]
    }

    /// `rows` slack columns and `vars` point columns; the slacks' labels start at `slack_label`,
    /// the point's at the other player's first label.
    fn new(
        rows: usize,
        vars: usize,
        slack_label: usize,
        entry: impl Fn(usize, usize) -> Rational,
    ) -> Polytope {
        let tableau_rows = (0..rows)
            .map(|r| {
                std::iter::once((r, Rational::ONE))
                    .chain((0..vars).map(|v| (rows + v, entry(r, v))))
                    .collect()
            })
            .collect();
        let tableau = Tableau::new(
            rows + vars,
            tableau_rows,
            vec![Rational::ONE; rows],
            (0..rows).collect(),
        );
        // The point's labels are 0..m in P (slack_label = m) and m..m+n in Q (slack_label = 0).
        let point_label = if slack_label == 0 { rows } else { 0 };
        let label: Vec<usize> = (0..rows)
            .map(|r| slack_label + r)
            .chain((0..vars).map(|v| point_label + v))
            .collect();
        let mut column = vec![0; rows + vars];
        for (c, &l) in label.iter().enumerate() {
            column[l] = c;
        }
        Polytope {
            tableau,
            label,
            column,
            point: rows..rows + vars,
        }
    }

    /// The column of a label.
    pub fn column(&self, label: usize) -> usize {
        self.column[label]
    }

    /// The label of a column.
    pub fn label(&self, column: usize) -> usize {
        self.label[column]
    }

    /// The current vertex (`x` or `y`, not normalised).
    pub fn point(&self) -> Vec<Rational> {
        self.point.clone().map(|c| self.tableau.value(c)).collect()
    }

    /// Whether the label's variable is nonbasic (so the label is present by the basis).
    pub fn has_nonbasic(&self, label: usize) -> bool {
        !self.tableau.is_basic(self.column[label])
    }

    /// The labels of the current vertex: every variable that is zero there (nonbasic, or basic
    /// at zero when the vertex is degenerate), as a bit set over `0..m+n`.
    pub fn labels(&self) -> Vec<u64> {
        let mut bits = vec![0u64; self.label.len().div_ceil(64)];
        for (c, &l) in self.label.iter().enumerate() {
            if self.tableau.value(c).is_zero() {
                bits[l / 64] |= 1 << (l % 64);
            }
        }
        bits
    }
}
