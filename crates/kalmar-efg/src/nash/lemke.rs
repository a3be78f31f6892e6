//! Lemke's algorithm for the linear complementarity problem: find `z ≥ 0` with
//! `w = q + M z ≥ 0` and `wᵀz = 0`.
//!
//! C. E. Lemke, *Bimatrix equilibrium points and mathematical programming*, Management Science
//! 11 (1965). An artificial variable `z0` with covering vector `d > 0` makes `z = 0` feasible for
//! `w = q + M z + d z0`; complementary pivoting then follows a path of almost-complementary
//! bases until `z0` leaves (a solution) or a ray is found. Ties in the ratio test are broken
//! lexicographically, so degenerate problems do not cycle. Arithmetic is exact.
//!
//! # Complexity
//! Each pivot costs at most `O(n²)` integer operations on an `n × 2n` tableau (far less while
//! the tableau is sparse, as the sequence form's is; see [`super::tableau`]); the number of
//! pivots can be exponential in the worst case and is small in practice.
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_efg::nash::lemke::lemke;
//! // w = q + M z with q = (-1, -1) and M the identity: z = (1, 1) makes w = 0.
//! let r = Rational::from;
//! let m = vec![vec![r(1), r(0)], vec![r(0), r(1)]];
//! let solution = lemke(&[r(-1), r(-1)], &m, &[r(1), r(1)]).unwrap();
//! assert_eq!(solution.z, [r(1), r(1)]);
//! ```

use super::tableau::Tableau;
use kalmar_core::Rational;

/// How Lemke's algorithm ended without a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LemkeError {
    /// The path ended in a secondary ray.
    #[error("Lemke's algorithm ended on a ray after {0} pivots")]
    Ray(u64),
}

/// A solution and the pivots it took.
#[derive(Clone, Debug)]
pub struct LcpSolution {
    /// The solution `z`.
    pub z: Vec<Rational>,
    /// Pivots made.
    pub pivots: u64,
}

/// Solves the LCP `(q, M)` with covering vector `d` (all positive). `m` is given by rows.
pub fn lemke(
    q: &[Rational],
    m: &[Vec<Rational>],
    d: &[Rational],
) -> Result<LcpSolution, LemkeError> {
    let n = q.len();
    if q.iter().all(|v| *v >= Rational::ZERO) {
        return Ok(LcpSolution {
            z: vec![Rational::ZERO; n],
            pivots: 0,
        });
    }
    // Variables: w_0..w_{n-1}, z_0..z_{n-1}, z0. Rows: w − M z − d z0 = q.
    let z0 = 2 * n;
    let rows: Vec<Vec<(usize, Rational)>> = (0..n)
        .map(|i| {
            let mut row = vec![(i, Rational::ONE)];
            row.extend(
                (0..n)
                    .filter(|&j| !m[i][j].is_zero())
                    .map(|j| (n + j, -&m[i][j])),
            );
            row.push((z0, -&d[i]));
            row
        })
        .collect();
    let mut tableau = Tableau::new(2 * n + 1, rows, q.to_vec(), (0..n).collect());
    // z0 enters where −q_i/d_i is largest; ties go to the last such row (the lexicographic
    // maximum of (−q_i, −e_i)/d_i).
    let mut start = 0;
    for i in 1..n {
        let a = -&(&q[i] / &d[i]);
        let b = -&(&q[start] / &d[start]);
        if a >= b {
            start = i;
        }
    }
    let mut left = tableau.pivot(start, z0);
    loop {
        // The complement of the variable that left enters.
        let entering = if left < n { left + n } else { left - n };
        left = tableau
            .enter(entering)
            .map_err(|_| LemkeError::Ray(tableau.pivots))?;
        if left == z0 {
            break;
        }
    }
    Ok(LcpSolution {
        z: (0..n).map(|j| tableau.value(n + j)).collect(),
        pivots: tableau.pivots,
    })
}
