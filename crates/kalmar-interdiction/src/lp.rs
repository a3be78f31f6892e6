//! An exact linear-programming solver: the two-phase simplex method (Dantzig) on a dense
//! tableau of [`Rational`] numbers, with Bland's rule (the entering column of least index with a
//! positive reduced cost, the leaving row of least basic index among the minimum ratios), which
//! cannot cycle. It solves
//!
//! ```text
//! maximise c·x  subject to  A x ≤ b,  x ≥ 0        (b of any sign)
//! ```
//!
//! and returns, exactly, one of: an optimum with its primal solution x and a dual solution
//! y ≥ 0 with Aᵀy ≥ c and b·y = c·x (so that any reader can check optimality by weak duality
//! without solving anything); a feasible point with a direction d ≥ 0, A d ≤ 0, c·d > 0 along
//! which the objective grows without bound; or infeasibility.
//!
//! Phase I maximises −Σ aᵢ over one artificial variable aᵢ per row with bᵢ < 0 (rows with
//! bᵢ ≥ 0 start with their slack basic); artificials left basic at zero are pivoted out where
//! the row allows it, and never enter again. Phase II then maximises c·x. The dual is read off
//! the final reduced costs of the slack columns: yᵢ = −(reduced cost of sᵢ).
//!
//! Why written here: the maintained Rust LP solvers (minilp and its fork microlp, the good_lp
//! backends, Clarabel, the HiGHS bindings) all compute in floating point, which cannot certify
//! an exact rational answer; the one exact crate found, relp, is licensed GPL-3.0 only, which
//! this MIT OR Apache-2.0 workspace cannot take. The local programs of interdiction are tiny
//! (one variable per raisable edge of a vertex), so a dense tableau is enough.
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_interdiction::lp::{Outcome, Program};
//! let r = Rational::from;
//! // max x + y with x + 2y ≤ 4 and 3x + y ≤ 6: the optimum 14/5 at x = 8/5, y = 6/5.
//! let program = Program::new(
//!     vec![r(1), r(1)],
//!     vec![vec![r(1), r(2)], vec![r(3), r(1)]],
//!     vec![r(4), r(6)],
//! )
//! .unwrap();
//! let Outcome::Optimal(optimum) = program.maximize() else { panic!("bounded") };
//! assert_eq!(optimum.value, Rational::new(14, 5));
//! assert_eq!(optimum.primal, [Rational::new(8, 5), Rational::new(6, 5)]);
//! assert_eq!(optimum.dual, [Rational::new(2, 5), Rational::new(1, 5)]);
//! // Without the second row, x grows without bound.
//! let open = Program::new(vec![r(1), r(1)], vec![vec![r(-1), r(2)]], vec![r(4)]).unwrap();
//! assert!(matches!(open.maximize(), Outcome::Unbounded(_)));
//! ```
//!
//! # Complexity
//! O((m + k)(n + m + k)) exact operations per pivot for m rows, n variables and k artificial
//! variables; Bland's rule may take exponentially many pivots in the worst case (Klee–Minty),
//! few on the small programs met here. Numbers grow as the exact arithmetic requires.

use kalmar_core::Rational;
use std::cmp::Ordering;

/// A linear program: maximise `objective · x` subject to `rows[i] · x ≤ bounds[i]`, x ≥ 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    objective: Vec<Rational>,
    rows: Vec<Vec<Rational>>,
    bounds: Vec<Rational>,
}

/// The program's arrays do not fit together.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "a program of {variables} variables has a row of {row_length} coefficients, or {rows} rows and {bounds} bounds"
)]
pub struct ShapeError {
    /// The number of variables (the objective's length).
    pub variables: usize,
    /// The length of a row that differs, or of the first row.
    pub row_length: usize,
    /// The number of rows.
    pub rows: usize,
    /// The number of bounds.
    pub bounds: usize,
}

/// An optimum, with the certificate of its optimality.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Optimum {
    /// The optimal value c·x.
    pub value: Rational,
    /// An optimal x.
    pub primal: Vec<Rational>,
    /// A dual solution y ≥ 0 (one per row) with Aᵀy ≥ c and b·y = the value.
    pub dual: Vec<Rational>,
}

/// A feasible point and a direction of unbounded growth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ray {
    /// A feasible x.
    pub point: Vec<Rational>,
    /// d ≥ 0 with A d ≤ 0 and c·d > 0: x + t·d is feasible for every t ≥ 0.
    pub direction: Vec<Rational>,
}

/// What the simplex method finds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A finite optimum.
    Optimal(Optimum),
    /// The objective is unbounded above.
    Unbounded(Ray),
    /// No x satisfies the rows.
    Infeasible,
}

impl Program {
    /// The program maximising `objective · x` subject to `rows · x ≤ bounds` and x ≥ 0.
    pub fn new(
        objective: Vec<Rational>,
        rows: Vec<Vec<Rational>>,
        bounds: Vec<Rational>,
    ) -> Result<Program, ShapeError> {
        let n = objective.len();
        let bad = rows.iter().find(|row| row.len() != n);
        if bad.is_some() || rows.len() != bounds.len() {
            return Err(ShapeError {
                variables: n,
                row_length: bad.or(rows.first()).map_or(n, Vec::len),
                rows: rows.len(),
                bounds: bounds.len(),
            });
        }
        Ok(Program {
            objective,
            rows,
            bounds,
        })
    }

    /// Solves the program exactly.
    pub fn maximize(&self) -> Outcome {
        let mut tableau = Tableau::new(self);
        if !tableau.phase_one() {
            return Outcome::Infeasible;
        }
        tableau.set_objective(&self.objective);
        match tableau.run() {
            Some(column) => Outcome::Unbounded(tableau.ray(column)),
            None => Outcome::Optimal(tableau.optimum(&self.objective)),
        }
    }
}

/// The simplex tableau: `cells[i]` is row i over the columns x (n), slacks s (m) and
/// artificials (k), `rhs[i]` its right-hand side, `basis[i]` its basic column; `reduced` the
/// reduced costs of the current objective (a column may enter while its cost is positive).
struct Tableau {
    n: usize,
    m: usize,
    cells: Vec<Vec<Rational>>,
    rhs: Vec<Rational>,
    basis: Vec<usize>,
    reduced: Vec<Rational>,
    /// The columns that may enter: all but the artificials in phase II.
    enterable: usize,
}

impl Tableau {
    /// Row i is `a_i x + s_i = b_i` with s_i basic when b_i ≥ 0, else `−a_i x − s_i + a = −b_i`
    /// with its artificial a basic.
    fn new(program: &Program) -> Tableau {
        let (n, m) = (program.objective.len(), program.rows.len());
        let negative: Vec<usize> = (0..m)
            .filter(|&i| program.bounds[i] < Rational::ZERO)
            .collect();
        let width = n + m + negative.len();
        let mut cells = Vec::with_capacity(m);
        let mut rhs = Vec::with_capacity(m);
        let mut basis = Vec::with_capacity(m);
        for (i, (row, bound)) in program.rows.iter().zip(&program.bounds).enumerate() {
            let mut cell = vec![Rational::ZERO; width];
            let artificial = negative.binary_search(&i).ok();
            let sign = if artificial.is_some() {
                Rational::from(-1)
            } else {
                Rational::ONE
            };
            for (j, a) in row.iter().enumerate() {
                cell[j] = a * &sign;
            }
            cell[n + i] = sign.clone();
            rhs.push(bound * &sign);
            match artificial {
                Some(k) => {
                    cell[n + m + k] = Rational::ONE;
                    basis.push(n + m + k);
                }
                None => basis.push(n + i),
            }
            cells.push(cell);
        }
        Tableau {
            n,
            m,
            cells,
            rhs,
            basis,
            reduced: vec![Rational::ZERO; width],
            enterable: width,
        }
    }

    /// Sets the reduced costs of the objective `cost` (by column): c_j − c_B·column j.
    fn set_costs(&mut self, cost: &[Rational]) {
        self.reduced = cost.to_vec();
        for (row, &b) in self.cells.iter().zip(&self.basis) {
            if cost[b].is_zero() {
                continue;
            }
            for (r, a) in self.reduced.iter_mut().zip(row) {
                if !a.is_zero() {
                    *r = &*r - &(&cost[b] * a);
                }
            }
        }
    }

    /// Phase I: maximises minus the sum of the artificials; whether it reaches zero (the
    /// program is feasible). Basic artificials left at zero are pivoted out where their row
    /// has another nonzero.
    fn phase_one(&mut self) -> bool {
        let width = self.reduced.len();
        let first_artificial = self.n + self.m;
        if width == first_artificial {
            return true;
        }
        let mut cost = vec![Rational::ZERO; width];
        cost[first_artificial..].fill(Rational::from(-1));
        self.set_costs(&cost);
        // Phase I is bounded above by zero.
        let _ = self.run();
        if self
            .rhs
            .iter()
            .zip(&self.basis)
            .any(|(value, &b)| b >= first_artificial && *value > Rational::ZERO)
        {
            return false;
        }
        for i in 0..self.m {
            if self.basis[i] >= first_artificial
                && let Some(j) = (0..first_artificial).find(|&j| !self.cells[i][j].is_zero())
            {
                self.pivot(i, j);
            }
        }
        self.enterable = first_artificial;
        true
    }

    /// Sets the phase II objective (zero on slacks and artificials).
    fn set_objective(&mut self, objective: &[Rational]) {
        let mut cost = vec![Rational::ZERO; self.reduced.len()];
        cost[..self.n].clone_from_slice(objective);
        self.set_costs(&cost);
    }

    /// Pivots with Bland's rule until optimal (None) or until a column may grow without bound
    /// (Some of it).
    fn run(&mut self) -> Option<usize> {
        loop {
            let column = (0..self.enterable).find(|&j| self.reduced[j] > Rational::ZERO)?;
            let mut leaving: Option<(usize, Rational)> = None;
            for i in 0..self.m {
                let a = &self.cells[i][column];
                if *a <= Rational::ZERO {
                    continue;
                }
                let ratio = &self.rhs[i] / a;
                let better = match &leaving {
                    None => true,
                    Some((k, best)) => match ratio.cmp(best) {
                        Ordering::Less => true,
                        Ordering::Equal => self.basis[i] < self.basis[*k],
                        Ordering::Greater => false,
                    },
                };
                if better {
                    leaving = Some((i, ratio));
                }
            }
            let Some((row, _)) = leaving else {
                return Some(column);
            };
            self.pivot(row, column);
        }
    }

    /// Makes `column` basic in `row`.
    fn pivot(&mut self, row: usize, column: usize) {
        let pivot = self.cells[row][column].clone();
        for a in self.cells[row].iter_mut().filter(|a| !a.is_zero()) {
            *a = &*a / &pivot;
        }
        self.rhs[row] = &self.rhs[row] / &pivot;
        let pivot_row = self.cells[row].clone();
        let pivot_rhs = self.rhs[row].clone();
        let eliminate = |cells: &mut [Rational], value: &mut Rational, factor: &Rational| {
            for (a, p) in cells.iter_mut().zip(&pivot_row) {
                if !p.is_zero() {
                    *a = &*a - &(factor * p);
                }
            }
            *value = &*value - &(factor * &pivot_rhs);
        };
        for i in (0..self.m).filter(|&i| i != row) {
            let factor = self.cells[i][column].clone();
            if !factor.is_zero() {
                eliminate(&mut self.cells[i], &mut self.rhs[i], &factor);
            }
        }
        let factor = self.reduced[column].clone();
        if !factor.is_zero() {
            // The objective's value is not tracked: it is recomputed from x at the end.
            let mut unused = Rational::ZERO;
            eliminate(&mut self.reduced, &mut unused, &factor);
        }
        self.basis[row] = column;
    }

    /// The current basic solution's x.
    fn point(&self) -> Vec<Rational> {
        let mut x = vec![Rational::ZERO; self.n];
        for (value, &b) in self.rhs.iter().zip(&self.basis) {
            if b < self.n {
                x[b] = value.clone();
            }
        }
        x
    }

    /// The optimum at the current basis: x, y from the slacks' reduced costs, and c·x.
    fn optimum(&self, objective: &[Rational]) -> Optimum {
        let primal = self.point();
        let value = dot(objective, &primal);
        let dual = (0..self.m).map(|i| -&self.reduced[self.n + i]).collect();
        Optimum {
            value,
            primal,
            dual,
        }
    }

    /// The ray of an entering `column` with no positive entry: it grows by 1, the basic
    /// variables by minus their entries.
    fn ray(&self, column: usize) -> Ray {
        let mut direction = vec![Rational::ZERO; self.n];
        if column < self.n {
            direction[column] = Rational::ONE;
        }
        for (row, &b) in self.cells.iter().zip(&self.basis) {
            if b < self.n {
                direction[b] = -&row[column];
            }
        }
        Ray {
            point: self.point(),
            direction,
        }
    }
}

/// Σ aᵢ bᵢ.
pub fn dot(a: &[Rational], b: &[Rational]) -> Rational {
    a.iter()
        .zip(b)
        .filter(|(x, y)| !x.is_zero() && !y.is_zero())
        .fold(Rational::ZERO, |sum, (x, y)| sum + x * y)
}

#[cfg(test)]
mod tests {
    use super::{Outcome, Program, dot};
    use kalmar_core::Rational;
    use proptest::prelude::*;

    fn r(x: i64) -> Rational {
        Rational::from(x)
    }

    /// The solution of the square system `a x = b` by Gaussian elimination, None when singular.
    fn solve_square(mut a: Vec<Vec<Rational>>, mut b: Vec<Rational>) -> Option<Vec<Rational>> {
        let n = b.len();
        for c in 0..n {
            let p = (c..n).find(|&i| !a[i][c].is_zero())?;
            a.swap(c, p);
            b.swap(c, p);
            for i in 0..n {
                if i != c && !a[i][c].is_zero() {
                    let f = &a[i][c] / &a[c][c];
                    let pivot = a[c].clone();
                    for (x, p) in a[i].iter_mut().zip(&pivot) {
                        *x = &*x - &(&f * p);
                    }
                    b[i] = &b[i] - &(&f * &b[c]);
                }
            }
        }
        Some((0..n).map(|i| &b[i] / &a[i][i]).collect())
    }

    /// Whether x ≥ 0 satisfies every row.
    fn feasible(program: &Program, x: &[Rational]) -> bool {
        x.iter().all(|v| *v >= Rational::ZERO)
            && (program.rows.iter().zip(&program.bounds)).all(|(row, b)| dot(row, x) <= *b)
    }

    /// The best objective over the vertices of the feasible set (rows and x ≥ 0 as equalities,
    /// n at a time), None when there is no feasible vertex: with x ≥ 0 the set has a vertex
    /// whenever it is not empty, and a bounded program attains its optimum at one.
    fn best_vertex(program: &Program) -> Option<Rational> {
        let n = program.objective.len();
        let mut all: Vec<(Vec<Rational>, Rational)> = (program.rows.iter().cloned())
            .zip(program.bounds.iter().cloned())
            .collect();
        for j in 0..n {
            let mut unit = vec![r(0); n];
            unit[j] = r(1);
            all.push((unit, r(0)));
        }
        let mut best: Option<Rational> = None;
        for mask in 0u32..1 << all.len() {
            if mask.count_ones() as usize != n {
                continue;
            }
            let chosen: Vec<&(Vec<Rational>, Rational)> = (0..all.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| &all[i])
                .collect();
            let a = chosen.iter().map(|(row, _)| row.clone()).collect();
            let b = chosen.iter().map(|(_, b)| b.clone()).collect();
            let Some(x) = solve_square(a, b) else {
                continue;
            };
            if feasible(program, &x) {
                let value = dot(&program.objective, &x);
                if best.as_ref().is_none_or(|b| value > *b) {
                    best = Some(value);
                }
            }
        }
        best
    }

    /// Checks an outcome against its own certificate and against vertex enumeration.
    fn check(program: &Program) {
        let n = program.objective.len();
        match program.maximize() {
            Outcome::Optimal(optimum) => {
                assert!(feasible(program, &optimum.primal), "{program:?}");
                assert_eq!(dot(&program.objective, &optimum.primal), optimum.value);
                assert!(optimum.dual.iter().all(|y| *y >= r(0)));
                for j in 0..n {
                    let column: Vec<Rational> =
                        program.rows.iter().map(|row| row[j].clone()).collect();
                    assert!(
                        dot(&column, &optimum.dual) >= program.objective[j],
                        "{program:?}"
                    );
                }
                assert_eq!(dot(&program.bounds, &optimum.dual), optimum.value);
                assert_eq!(best_vertex(program), Some(optimum.value), "{program:?}");
            }
            Outcome::Unbounded(ray) => {
                assert!(feasible(program, &ray.point), "{program:?}");
                assert!(ray.direction.iter().all(|d| *d >= r(0)));
                assert!(
                    program
                        .rows
                        .iter()
                        .all(|row| dot(row, &ray.direction) <= r(0))
                );
                assert!(
                    dot(&program.objective, &ray.direction) > r(0),
                    "{program:?}"
                );
            }
            Outcome::Infeasible => assert_eq!(best_vertex(program), None, "{program:?}"),
        }
    }

    #[test]
    fn known_programs() {
        // Infeasible: x ≤ -1.
        let p = Program::new(vec![r(1)], vec![vec![r(1)]], vec![r(-1)]).unwrap();
        assert_eq!(p.maximize(), Outcome::Infeasible);
        // A bound of the wrong sign made feasible by a negative coefficient: -x ≤ -2, x ≤ 5.
        let p = Program::new(
            vec![r(-1)],
            vec![vec![r(-1)], vec![r(1)]],
            vec![r(-2), r(5)],
        )
        .unwrap();
        let Outcome::Optimal(o) = p.maximize() else {
            panic!("bounded")
        };
        assert_eq!(
            (o.value, o.primal, o.dual),
            (r(-2), vec![r(2)], vec![r(1), r(0)])
        );
        // No rows, nothing to gain.
        let p = Program::new(vec![r(0), r(-1)], vec![], vec![]).unwrap();
        assert!(matches!(p.maximize(), Outcome::Optimal(o) if o.value == r(0)));
        // A redundant equality pair: x + y = 2 twice over, max x.
        let p = Program::new(
            vec![r(1), r(0)],
            vec![
                vec![r(1), r(1)],
                vec![r(-1), r(-1)],
                vec![r(2), r(2)],
                vec![r(-2), r(-2)],
            ],
            vec![r(2), r(-2), r(4), r(-4)],
        )
        .unwrap();
        check(&p);
        assert!(matches!(p.maximize(), Outcome::Optimal(o) if o.value == r(2)));
        assert!(Program::new(vec![r(1)], vec![vec![]], vec![r(1)]).is_err());
        assert!(Program::new(vec![r(1)], vec![vec![r(1)]], vec![]).is_err());
    }

    /// Beale's cycling example: Dantzig's rule cycles on it, Bland's does not.
    #[test]
    fn beale_does_not_cycle() {
        let q = Rational::new;
        let p = Program::new(
            vec![q(3, 4), r(-150), q(1, 50), r(-6)],
            vec![
                vec![q(1, 4), r(-60), q(-1, 25), r(9)],
                vec![q(1, 2), r(-90), q(-1, 50), r(3)],
                vec![r(0), r(0), r(1), r(0)],
            ],
            vec![r(0), r(0), r(1)],
        )
        .unwrap();
        check(&p);
        assert!(matches!(p.maximize(), Outcome::Optimal(o) if o.value == q(1, 20)));
    }

    fn program(max_vars: usize, max_rows: usize) -> impl Strategy<Value = Program> {
        (1..=max_vars, 0..=max_rows).prop_flat_map(|(n, m)| {
            let small = || (-4i64..=4, 1i64..=3).prop_map(|(a, b)| Rational::new(a, b));
            (
                prop::collection::vec(small(), n),
                prop::collection::vec(prop::collection::vec(small(), n), m),
                prop::collection::vec(-3i64..=6, m),
            )
                .prop_map(|(c, a, b)| {
                    Program::new(c, a, b.into_iter().map(Rational::from).collect()).unwrap()
                })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(600))]
        #[test]
        fn agrees_with_vertex_enumeration(p in program(3, 4)) {
            check(&p);
        }

        #[test]
        fn degenerate_programs_agree(p in program(4, 5).prop_map(|mut p| {
            // Many zero bounds: degenerate vertices everywhere.
            for b in p.bounds.iter_mut().step_by(2) {
                *b = Rational::ZERO;
            }
            p
        })) {
            check(&p);
        }
    }
}
