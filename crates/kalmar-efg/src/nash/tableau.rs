//! An exact, fraction-free simplex tableau for complementary pivoting (Lemke–Howson and Lemke),
//! with the lexicographic minimum-ratio rule so that degenerate games cannot make it cycle.
//!
//! Each row states `Σ_j T[i][j] · v_j = rhs_i` and has one basic variable (coefficient 1 in its
//! row, 0 elsewhere). A row is kept sparse, as integers over one positive denominator of its
//! own: the rational row times the least common multiple of its denominators, as in the
//! integer pivoting of von Stengel's and Gambit's exact Lemke, but scaled per row, so that a
//! pivot leaves the rows without a nonzero in the entering column untouched. Pivoting on
//! `p = T[r][c]` replaces a row `R / d` with a nonzero `f = R[c]` by
//! `((p/g)·R − (f/g)·P) / (d·p/g)` for the pivot row's integers `P` and `g = gcd(p, f)`; a row
//! is divided by its content once its numbers pass `2^24`. The ratio test compares
//! `R_a[j] / R_a[c]` with `R_b[j] / R_b[c]` by exact cross-multiplication (the denominators
//! cancel); ties go to the initial basis's columns in increasing order.
//!
//! Rows live in 64-bit integers while a bound on their entries shows that the update cannot
//! overflow (products are compared in 128 bits); a row that could overflow moves to big integers
//! and back when it fits again, so the answer never depends on the machine word.
//!
//! # Complexity
//! A pivot costs `O(Σ (z_i + z))` integer operations over the rows `i` with a nonzero in the
//! entering column, for `z_i` nonzeros in row `i` and `z` in the pivot row, plus a content gcd
//! now and then; the ratio test costs `O(m log z)` for `m` rows, more only on ties.
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_efg::nash::tableau::Tableau;
//! // One row, s + x = 2, with the slack s basic: bringing x in makes s leave and x = 2.
//! let r = Rational::from;
//! let mut t = Tableau::new(2, vec![vec![(0, r(1)), (1, r(1))]], vec![r(2)], vec![0]);
//! assert_eq!(t.enter(1), Ok(0));
//! assert_eq!((t.value(0), t.value(1)), (r(0), r(2)));
//! ```

use kalmar_core::Rational;
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};
use std::cmp::Ordering;

/// One row, sparse: the nonzero entries `(j, v_j)` by column, the right-hand side as column
/// `cols`, each standing for `v_j / den` with `den > 0`.
#[derive(Clone, Debug)]
enum Row {
    /// Machine integers; `bound` is at least the largest absolute value among the `v_j`.
    Small {
        v: Vec<(u32, i64)>,
        den: i64,
        bound: u64,
    },
    /// Big integers, for rows whose update could overflow.
    Big { v: Vec<(u32, BigInt)>, den: BigInt },
}

impl Row {
    /// The row of these entries `(column, value)` (in increasing column order), scaled by the
    /// least common multiple of their denominators.
    fn from_rationals(entries: &[(usize, Rational)]) -> Row {
        let nonzero = || {
            entries
                .iter()
                .filter(|(_, x)| !x.is_zero())
                .map(|(j, x)| (*j as u32, x))
        };
        // Machine integers when every numerator and denominator is one and the scaled row fits.
        let small = || -> Option<Row> {
            let den = nonzero().try_fold(1i64, |l, (_, x)| {
                let (_, d) = x.to_small()?;
                l.checked_mul(d / l.gcd(&d))
            })?;
            let v = nonzero()
                .map(|(j, x)| {
                    let (n, d) = x.to_small()?;
                    let s = n.checked_mul(den / d).filter(|&s| s != i64::MIN)?;
                    Some((j, s))
                })
                .collect::<Option<Vec<_>>>()?;
            let bound = v.iter().map(|x| x.1.unsigned_abs()).max().unwrap_or(0);
            let mut row = Row::Small { v, den, bound };
            row.reduce();
            Some(row)
        };
        small().unwrap_or_else(|| {
            let big: Vec<(u32, BigRational)> = nonzero().map(|(j, x)| (j, x.to_big())).collect();
            let den = big
                .iter()
                .fold(BigInt::from(1), |l, (_, x)| l.lcm(x.denom()));
            let v = big
                .iter()
                .map(|(j, x)| (*j, x.numer() * (&den / x.denom())))
                .collect();
            Row::from_big(v, den)
        })
    }

    /// The row `v / den` (`den ≠ 0`, no zero entries), reduced, in machine integers when they
    /// fit.
    fn from_big(mut v: Vec<(u32, BigInt)>, mut den: BigInt) -> Row {
        if den.is_negative() {
            v.iter_mut().for_each(|(_, x)| *x = -&*x);
            den = -den;
        }
        let one = BigInt::from(1);
        let mut g = den.clone();
        for (_, x) in &v {
            if g == one {
                break;
            }
            g = g.gcd(x);
        }
        if g != one {
            for (_, x) in v.iter_mut() {
                *x = &*x / &g;
            }
            den /= &g;
        }
        let small: Option<Vec<(u32, i64)>> = v
            .iter()
            .map(|(j, x)| Some((*j, x.to_i64().filter(|&s| s != i64::MIN)?)))
            .collect();
        match (small, den.to_i64()) {
            (Some(v), Some(den)) => {
                let bound = v.iter().map(|x| x.1.unsigned_abs()).max().unwrap_or(0);
                Row::Small { v, den, bound }
            }
            _ => Row::Big { v, den },
        }
    }

    /// The entries and denominator as big integers.
    fn to_big(&self) -> (Vec<(u32, BigInt)>, BigInt) {
        match self {
            Row::Small { v, den, .. } => (
                v.iter().map(|&(j, x)| (j, x.into())).collect(),
                (*den).into(),
            ),
            Row::Big { v, den } => (v.clone(), den.clone()),
        }
    }

    /// The column of the `k`-th nonzero entry.
    fn column(&self, k: usize) -> Option<usize> {
        match self {
            Row::Small { v, .. } => v.get(k).map(|e| e.0 as usize),
            Row::Big { v, .. } => v.get(k).map(|e| e.0 as usize),
        }
    }

    /// Entry `j` as a machine integer, if the row is in machine integers.
    fn small(&self, j: usize) -> Option<i64> {
        let Row::Small { v, .. } = self else {
            return None;
        };
        Some(
            v.binary_search_by_key(&(j as u32), |e| e.0)
                .map_or(0, |k| v[k].1),
        )
    }

    /// Entry `j` as a big integer.
    fn big(&self, j: usize) -> BigInt {
        match self {
            Row::Small { .. } => self.small(j).unwrap_or(0).into(),
            Row::Big { v, .. } => v
                .binary_search_by_key(&(j as u32), |e| e.0)
                .map_or_else(|_| BigInt::zero(), |k| v[k].1.clone()),
        }
    }

    /// The sign of entry `j`.
    fn sign(&self, j: usize) -> Ordering {
        match self.small(j) {
            Some(x) => x.cmp(&0),
            None => self.big(j).sign().cmp(&num_bigint::Sign::NoSign),
        }
    }

    /// Entry `j` as an exact rational.
    fn value(&self, j: usize) -> Rational {
        match self {
            Row::Small { den, .. } => Rational::new(self.small(j).unwrap_or(0), *den),
            Row::Big { den, .. } => Rational::from_big(BigRational::new(self.big(j), den.clone())),
        }
    }

    /// Divides the row by entry `c` (which is not zero), making that entry 1.
    fn normalise(&mut self, c: usize) {
        match self.small(c) {
            Some(p) => {
                let Row::Small { v, den, .. } = self else {
                    unreachable!("a row with a machine-integer entry is in machine integers")
                };
                if p < 0 {
                    v.iter_mut().for_each(|(_, x)| *x = -*x);
                }
                *den = p.abs();
                self.reduce();
            }
            None => {
                let p = self.big(c);
                let (v, _) = self.to_big();
                *self = Row::from_big(v, p);
            }
        }
    }

    /// Divides a machine-integer row by its content once its numbers grow: small rows are
    /// left as they are, since a content gcd costs a pass over the row.
    fn reduce(&mut self) {
        const SMALL: u64 = 1 << 24;
        let Row::Small { v, den, bound } = self else {
            return;
        };
        if den.unsigned_abs() < SMALL && *bound < SMALL {
            return;
        }
        let mut g = den.unsigned_abs();
        for (_, x) in v.iter() {
            if g == 1 {
                return;
            }
            g = g.gcd(&x.unsigned_abs());
        }
        if g > 1 {
            let g = g as i64;
            for (_, x) in v.iter_mut() {
                *x /= g;
            }
            *den /= g;
            *bound /= g as u64;
        }
    }

    /// Subtracts `R[c]` times the (normalised) pivot row, whose entry `c` is `p > 0`, making
    /// entry `c` zero. `big_pivot` caches the pivot row in big integers.
    fn eliminate(&mut self, pivot: &Row, c: usize, big_pivot: &mut Option<Vec<(u32, BigInt)>>) {
        if let (
            Row::Small { v, den, bound },
            Row::Small {
                v: pv, bound: pb, ..
            },
        ) = (&mut *self, pivot)
            && let (Some(p), Some(f)) = (pivot.small(c), {
                let k = v.binary_search_by_key(&(c as u32), |e| e.0);
                k.ok().map(|k| v[k].1)
            })
        {
            let g = p.gcd(&f);
            let (a, b) = (p / g, f / g);
            let worst = a as u128 * *bound as u128 + b.unsigned_abs() as u128 * *pb as u128;
            if worst <= i64::MAX as u128
                && let Some(new_den) = den.checked_mul(a)
            {
                // The update cannot overflow: merge the two sparse rows.
                let mut out = Vec::with_capacity(v.len() + pv.len());
                let mut m = 0u64;
                let (mut i, mut k) = (0, 0);
                while i < v.len() || k < pv.len() {
                    let (j, x) = match (v.get(i), pv.get(k)) {
                        (Some(&(ji, xi)), Some(&(jk, _))) if ji < jk => {
                            i += 1;
                            (ji, a * xi)
                        }
                        (Some(&(ji, xi)), Some(&(jk, xk))) if ji == jk => {
                            i += 1;
                            k += 1;
                            (ji, a * xi - b * xk)
                        }
                        (Some(&(ji, xi)), None) => {
                            i += 1;
                            (ji, a * xi)
                        }
                        (_, Some(&(jk, xk))) => {
                            k += 1;
                            (jk, -b * xk)
                        }
                        (None, None) => unreachable!("the loop stops when both are done"),
                    };
                    if x != 0 {
                        m = m.max(x.unsigned_abs());
                        out.push((j, x));
                    }
                }
                *v = out;
                *bound = m;
                *den = new_den;
                self.reduce();
                return;
            }
        }
        let pv = big_pivot.get_or_insert_with(|| pivot.to_big().0);
        let p = pivot.big(c);
        let (v, den) = self.to_big();
        let f = self.big(c);
        let g = p.gcd(&f);
        let (a, b) = (&p / &g, &f / &g);
        let mut merged: std::collections::BTreeMap<u32, BigInt> =
            v.into_iter().map(|(j, x)| (j, &a * x)).collect();
        for (j, y) in pv.iter() {
            let e = merged.entry(*j).or_insert_with(BigInt::zero);
            *e -= &b * y;
        }
        let v = merged.into_iter().filter(|(_, x)| !x.is_zero()).collect();
        *self = Row::from_big(v, den * a);
    }
}

/// Compares `a[j] / a[c]` with `b[j] / b[c]` (entries `c` positive).
fn compare_ratio(a: &Row, b: &Row, j: usize, c: usize) -> Ordering {
    if let (Some(aj), Some(ac), Some(bj), Some(bc)) =
        (a.small(j), a.small(c), b.small(j), b.small(c))
    {
        return (aj as i128 * bc as i128).cmp(&(bj as i128 * ac as i128));
    }
    (a.big(j) * b.big(c)).cmp(&(b.big(j) * a.big(c)))
}

/// A tableau.
#[derive(Clone, Debug)]
pub struct Tableau {
    rows: Vec<Row>,
    /// The number of columns (the right-hand side is stored after them).
    cols: usize,
    basis: Vec<usize>,
    row_of: Vec<Option<usize>>,
    /// Per column, whether it is in the initial basis: the lexicographic tie-breakers.
    lex: Vec<bool>,
    /// Pivots done.
    pub pivots: u64,
}

/// The entering column can increase without bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unbounded;

impl Tableau {
    /// A tableau with `cols` columns from its sparse rows (entries `(column, value)` in
    /// increasing column order), right-hand sides and initial basis (one variable per row,
    /// whose column must be the unit vector of its row).
    pub fn new(
        cols: usize,
        rows: Vec<Vec<(usize, Rational)>>,
        rhs: Vec<Rational>,
        basis: Vec<usize>,
    ) -> Tableau {
        let mut row_of = vec![None; cols];
        for (i, &b) in basis.iter().enumerate() {
            row_of[b] = Some(i);
        }
        let rows = rows
            .into_iter()
            .zip(rhs)
            .map(|(mut entries, r)| {
                entries.push((cols, r));
                Row::from_rationals(&entries)
            })
            .collect();
        let mut lex = vec![false; cols + 1];
        for &b in &basis {
            lex[b] = true;
        }
        Tableau {
            lex,
            rows,
            cols,
            basis,
            row_of,
            pivots: 0,
        }
    }

    /// The value of a variable in the current basic solution.
    pub fn value(&self, var: usize) -> Rational {
        match self.row_of[var] {
            Some(i) => self.rows[i].value(self.cols),
            None => Rational::ZERO,
        }
    }

    /// Whether a variable is basic.
    pub fn is_basic(&self, var: usize) -> bool {
        self.row_of[var].is_some()
    }

    /// The current basis: per row, its basic variable.
    pub fn basis(&self) -> &[usize] {
        &self.basis
    }

    /// Compares rows `a` and `b` by `(rhs, lex columns) / T[row][col]`, lexicographically;
    /// the initial basis's columns are taken in increasing order, walking the two sparse rows
    /// together (a column where both are zero ties).
    fn compare_rows(&self, a: usize, b: usize, col: usize) -> Ordering {
        let (ra, rb) = (&self.rows[a], &self.rows[b]);
        let first = compare_ratio(ra, rb, self.cols, col);
        if first != Ordering::Equal {
            return first;
        }
        let (mut i, mut k) = (0, 0);
        loop {
            let j = match (ra.column(i), rb.column(k)) {
                (None, None) => return Ordering::Equal,
                (Some(x), Some(y)) if x == y => {
                    i += 1;
                    k += 1;
                    x
                }
                (Some(x), y) if y.is_none_or(|y| x < y) => {
                    i += 1;
                    x
                }
                (_, Some(y)) => {
                    k += 1;
                    y
                }
                (Some(_), None) => unreachable!("handled by the guard above"),
            };
            if self.lex[j] {
                let o = compare_ratio(ra, rb, j, col);
                if o != Ordering::Equal {
                    return o;
                }
            }
        }
    }

    /// The row that leaves when `col` enters: the lexicographic minimum ratio.
    pub fn leaving_row(&self, col: usize) -> Result<usize, Unbounded> {
        let mut best: Option<usize> = None;
        for i in 0..self.rows.len() {
            if self.rows[i].sign(col) != Ordering::Greater {
                continue;
            }
            best = match best {
                Some(b) if self.compare_rows(i, b, col) != Ordering::Less => Some(b),
                _ => Some(i),
            };
        }
        best.ok_or(Unbounded)
    }

    /// Brings `col` into the basis at `row` (whose entry in `col` must not be zero); returns
    /// the variable that left.
    pub fn pivot(&mut self, row: usize, col: usize) -> usize {
        self.pivots += 1;
        let mut pivot_row = std::mem::replace(
            &mut self.rows[row],
            Row::Small {
                v: Vec::new(),
                den: 1,
                bound: 0,
            },
        );
        pivot_row.normalise(col);
        let mut big_pivot = None;
        for (i, r) in self.rows.iter_mut().enumerate() {
            if i != row && r.sign(col) != Ordering::Equal {
                r.eliminate(&pivot_row, col, &mut big_pivot);
            }
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
}
