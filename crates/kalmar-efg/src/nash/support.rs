//! Support enumeration for two-player games: every pair of supports of equal size whose
//! indifference equations have a nonnegative solution with no better reply outside the support.
//!
//! For a nondegenerate game every equilibrium has supports of equal size and is found, so this
//! lists all equilibria (all of which are extreme); degenerate games may have equilibria it does
//! not list. See von Stengel, *Computing equilibria for two-person games* (2002), section 3.
//! Where it meets a witness of degeneracy — a mixed strategy it solved for with more pure best
//! replies than strategies in its support — it says so ([`Stats::degenerate`]). On random
//! degenerate games every equilibrium it missed came with that flag (a test checks it against
//! the vertex enumeration), but a game can keep its witnesses out of the supports solved, so
//! no flag is not a proof; [`super::vertex`] lists every extreme equilibrium of any game.
//! Exact rational Gaussian elimination.
//!
//! # Complexity
//! `Σ_k C(m,k)·C(n,k)` support pairs, `O(k³)` each: exponential, for small games.
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_efg::Matrix;
//! use kalmar_efg::nash::support::support_enumeration;
//! // Matching pennies: the one equilibrium mixes half and half.
//! let a = Matrix::from_rows(&[&[1, -1], &[-1, 1]]);
//! let b = Matrix::from_rows(&[&[-1, 1], &[1, -1]]);
//! let (found, _) = support_enumeration(&a, &b);
//! let half = Rational::new(1, 2);
//! assert_eq!(found.len(), 1);
//! assert_eq!(found[0].0, [[half.clone(), half.clone()], [half.clone(), half]]);
//! ```

use super::passed;
use super::profile::{MixedProfile, Stats};
use crate::normal::Matrix;
use kalmar_core::Rational;
use std::time::Instant;

/// Solves `Σ_{c ∈ cols} M[r][c]·v_c = t` for `r ∈ rows` and `Σ v_c = 1` (unknowns `v`, `t`), with
/// `M` read through `get(r, c)`. Returns `None` when singular.
pub(super) fn indifference(
    rows: &[usize],
    cols: &[usize],
    get: impl Fn(usize, usize) -> Rational,
) -> Option<(Vec<Rational>, Rational)> {
    let k = cols.len();
    // Unknowns v_0..v_{k-1}, t; equations: k indifference rows and the sum.
    let mut eq: Vec<Vec<Rational>> = rows
        .iter()
        .map(|&r| {
            let mut e: Vec<Rational> = cols.iter().map(|&c| get(r, c)).collect();
            e.push(-Rational::ONE);
            e.push(Rational::ZERO);
            e
        })
        .collect();
    let mut sum = vec![Rational::ONE; k];
    sum.push(Rational::ZERO);
    sum.push(Rational::ONE);
    eq.push(sum);
    let vars = k + 1;
    for c in 0..vars {
        let pivot = (c..eq.len()).find(|&r| !eq[r][c].is_zero())?;
        eq.swap(c, pivot);
        let p = eq[c][c].clone();
        for v in eq[c].iter_mut() {
            *v = &*v / &p;
        }
        let pivot_row = eq[c].clone();
        for (r, row) in eq.iter_mut().enumerate() {
            if r != c && !row[c].is_zero() {
                let f = row[c].clone();
                for (v, p) in row.iter_mut().zip(&pivot_row) {
                    *v = &*v - &(&f * p);
                }
            }
        }
    }
    let v = (0..k).map(|i| eq[i][vars].clone()).collect();
    Some((v, eq[k][vars].clone()))
}

/// The subsets of `0..n` of size `k`, in lexicographic order.
fn subsets(n: usize, k: usize, mut f: impl FnMut(&[usize])) {
    let mut s: Vec<usize> = (0..k).collect();
    if k > n {
        return;
    }
    loop {
        f(&s);
        let mut i = k;
        loop {
            if i == 0 {
                return;
            }
            i -= 1;
            if s[i] < n - k + i {
                s[i] += 1;
                for j in i + 1..k {
                    s[j] = s[j - 1] + 1;
                }
                break;
            }
        }
    }
}

/// How many of the `count` pure strategies whose payoffs `payoff` gives reach `value`, or None
/// when one exceeds it.
fn best_replies(
    count: usize,
    payoff: impl Fn(usize) -> Rational,
    value: &Rational,
) -> Option<usize> {
    let mut replies = 0;
    for k in 0..count {
        match payoff(k).cmp(value) {
            std::cmp::Ordering::Greater => return None,
            std::cmp::Ordering::Equal => replies += 1,
            std::cmp::Ordering::Less => {}
        }
    }
    Some(replies)
}

/// The number of strategies a mixed strategy plays.
fn support(mixed: &[Rational]) -> usize {
    mixed.iter().filter(|p| !p.is_zero()).count()
}

/// All equilibria with supports of equal size.
pub fn support_enumeration(a: &Matrix, b: &Matrix) -> (Vec<MixedProfile>, Stats) {
    let (found, stats, _) = support_enumeration_until(a, b, None);
    (found, stats)
}

/// [`support_enumeration`], stopping when `deadline` passes with the equilibria found so far;
/// the flag says whether it stopped.
pub fn support_enumeration_until(
    a: &Matrix,
    b: &Matrix,
    deadline: Option<Instant>,
) -> (Vec<MixedProfile>, Stats, bool) {
    let (m, n) = (a.rows(), a.cols());
    let mut found = Vec::new();
    let mut stats = Stats::default();
    let mut stopped = false;
    for k in 1..=m.min(n) {
        subsets(m, k, |rows| {
            subsets(n, k, |cols| {
                // Past the deadline the remaining pairs are skipped (a check of the clock
                // each, far cheaper than solving them).
                stopped = stopped || passed(deadline);
                if stopped {
                    return;
                }
                stats.supports += 1;
                // y on cols makes player 1 indifferent on rows.
                let Some((ys, v)) = indifference(rows, cols, |r, c| a.get(r, c).clone()) else {
                    return;
                };
                if ys.iter().any(|y| *y < Rational::ZERO) {
                    return;
                }
                let mut y = vec![Rational::ZERO; n];
                for (&c, yc) in cols.iter().zip(ys) {
                    y[c] = yc;
                }
                let row = |i| (0..n).fold(Rational::ZERO, |acc, j| acc + &(a.get(i, j) * &y[j]));
                let Some(replies) = best_replies(m, row, &v) else {
                    return;
                };
                stats.degenerate |= replies > support(&y);
                let Some((xs, u)) = indifference(cols, rows, |c, r| b.get(r, c).clone()) else {
                    return;
                };
                if xs.iter().any(|x| *x < Rational::ZERO) {
                    return;
                }
                let mut x = vec![Rational::ZERO; m];
                for (&r, xr) in rows.iter().zip(xs) {
                    x[r] = xr;
                }
                let col = |j| (0..m).fold(Rational::ZERO, |acc, i| acc + &(b.get(i, j) * &x[i]));
                let Some(replies) = best_replies(n, col, &u) else {
                    return;
                };
                stats.degenerate |= replies > support(&x);
                let e = MixedProfile::new(vec![x, y]);
                if !found.contains(&e) {
                    found.push(e);
                }
            });
        });
    }
    (found, stats, stopped)
}
