//! An exact simplex tableau for complementary pivoting (Lemke–Howson and Lemke), with the
//! lexicographic minimum-ratio rule so that degenerate games cannot make it cycle.
//!
//! Each row states `Σ_j T[i][j] · v_j = rhs_i` and has one basic variable (coefficient 1 in its
//! row, 0 elsewhere). Rows are dense vectors of exact rationals, but a pivot touches only the rows
//! with a nonzero in the entering column and, in them, only the pivot row's nonzero entries, so
//! sparse tableaux (the sequence form) pivot fast.

use kalmar_core::Rational;
use std::cmp::Ordering;

/// A tableau.
#[derive(Clone, Debug)]
pub struct Tableau {
    rows: Vec<Vec<Rational>>,
    rhs: Vec<Rational>,
    basis: Vec<usize>,
    row_of: Vec<Option<usize>>,
    /// The columns of the initial basis, in order: the lexicographic tie-breakers.
    lex: Vec<usize>,
    /// Pivots done.
    pub pivots: u64,
}

/// The entering column can increase without bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unbounded;

impl Tableau {
    /// A tableau from its rows, right-hand sides and initial basis (one variable per row, whose
    /// column must be the unit vector of its row).
    pub fn new(rows: Vec<Vec<Rational>>, rhs: Vec<Rational>, basis: Vec<usize>) -> Tableau {
        let cols = rows.first().map_or(0, Vec::len);
        let mut row_of = vec![None; cols];
        for (i, &b) in basis.iter().enumerate() {
            row_of[b] = Some(i);
        }
        Tableau {
            lex: basis.clone(),
            rows,
            rhs,
            basis,
            row_of,
            pivots: 0,
        }
    }

    /// The value of a variable in the current basic solution.
    pub fn value(&self, var: usize) -> Rational {
        match self.row_of[var] {
            Some(i) => self.rhs[i].clone(),
            None => Rational::ZERO,
        }
    }

    /// Whether a variable is basic.
    pub fn is_basic(&self, var: usize) -> bool {
        self.row_of[var].is_some()
    }

    /// Compares rows `a` and `b` by `(rhs, lex columns) / T[row][col]`, lexicographically.
    fn compare_ratio(&self, a: usize, b: usize, col: usize) -> Ordering {
        let (pa, pb) = (&self.rows[a][col], &self.rows[b][col]);
        // x/pa vs y/pb with pa, pb > 0: compare x·pb with y·pa.
        let cmp = |x: &Rational, y: &Rational| (x * pb).cmp(&(y * pa));
        let first = cmp(&self.rhs[a], &self.rhs[b]);
        if first != Ordering::Equal {
            return first;
        }
        for &j in &self.lex {
            let (x, y) = (&self.rows[a][j], &self.rows[b][j]);
            if x.is_zero() && y.is_zero() {
                continue;
            }
            let c = cmp(x, y);
            if c != Ordering::Equal {
                return c;
            }
        }
        Ordering::Equal
    }

    /// The row that leaves when `col` enters: the lexicographic minimum ratio.
    pub fn leaving_row(&self, col: usize) -> Result<usize, Unbounded> {
        let mut best: Option<usize> = None;
        for i in 0..self.rows.len() {
            if self.rows[i][col] <= Rational::ZERO {
                continue;
            }
            best = match best {
                Some(b) if self.compare_ratio(i, b, col) != Ordering::Less => Some(b),
                _ => Some(i),
            };
        }
        best.ok_or(Unbounded)
    }

    /// Brings `col` into the basis at `row`; returns the variable that left.
    pub fn pivot(&mut self, row: usize, col: usize) -> usize {
        self.pivots += 1;
        let p = self.rows[row][col].clone();
        if p != Rational::ONE {
            for v in self.rows[row].iter_mut() {
                if !v.is_zero() {
                    *v = &*v / &p;
                }
            }
            self.rhs[row] = &self.rhs[row] / &p;
        }
        let nonzero: Vec<usize> = (0..self.rows[row].len())
            .filter(|&j| !self.rows[row][j].is_zero())
            .collect();
        let pivot_row = std::mem::take(&mut self.rows[row]);
        let pivot_rhs = self.rhs[row].clone();
        for i in 0..self.rows.len() {
            if i == row || self.rows[i][col].is_zero() {
                continue;
            }
            let f = self.rows[i][col].clone();
            let r = &mut self.rows[i];
            for &j in &nonzero {
                r[j] = &r[j] - &(&f * &pivot_row[j]);
            }
            self.rhs[i] = &self.rhs[i] - &(&f * &pivot_rhs);
        }
        self.rows[row] = pivot_row;
        let left = self.basis[row];
        self.row_of[left] = None;
        self.basis[row] = col;
        self.row_of[col] = Some(row);
        left
    }

    /// Brings `col` into the basis by the ratio test; returns the variable that left.
    pub fn enter(&mut self, col: usize) -> Result<usize, Unbounded> {
        let row = self.leaving_row(col)?;
        Ok(self.pivot(row, col))
    }

    /// The right-hand side of a row.
    pub fn rhs(&self, row: usize) -> &Rational {
        &self.rhs[row]
    }

    /// The number of rows.
    pub fn num_rows(&self) -> usize {
        self.rows.len()
    }

    /// An entry.
    pub fn entry(&self, row: usize, col: usize) -> &Rational {
        &self.rows[row][col]
    }
}
