//! Exact solutions of sparse linear systems: Gaussian elimination in rationals, the pivot chosen
//! as Markowitz (*The elimination form of the inverse and its application to linear
//! programming*, Management Science 3, 1957) suggests to keep the rows sparse: a row with the
//! fewest entries, and in it the column met in the fewest rows.
//!
//! A system may have more equations than unknowns (a consistent one is solved, an inconsistent
//! one is recognised) or fewer: the unknowns that no pivot determines take values the caller
//! proposes, and the others follow from them.
//!
//! # Complexity
//! `O(m³)` rational operations for `m` equations in the worst case, far less when the pivots
//! create few new entries (as on systems shaped like a game tree); numbers grow as the exact
//! arithmetic requires.

use kalmar_core::Rational;
use std::cmp::Reverse;
use std::collections::{BTreeSet, BinaryHeap};

/// A sparse row: (column, coefficient) pairs by increasing column, no coefficient zero.
type Row = Vec<(usize, Rational)>;

/// One equation, `Σ coefficient · v[column] = rhs`.
#[derive(Clone, Debug)]
pub(crate) struct Equation {
    /// The (column, coefficient) pairs, in any order; a column may appear more than once.
    pub terms: Vec<(usize, Rational)>,
    /// The right-hand side.
    pub rhs: Rational,
}

/// A solution of the equations over `columns` unknowns, those no equation determines set by
/// `free`; `None` when the equations are inconsistent.
pub(crate) fn solve(
    columns: usize,
    equations: Vec<Equation>,
    free: impl Fn(usize) -> Rational,
) -> Option<Vec<Rational>> {
    let mut rows: Vec<Option<(Row, Rational)>> = equations
        .into_iter()
        .map(|e| Some((canonical(e.terms), e.rhs)))
        .collect();
    // Per column: the rows not yet pivoted on that hold it.
    let mut holders = vec![BTreeSet::new(); columns];
    let mut queue = BinaryHeap::new();
    for (k, row) in rows.iter().enumerate() {
        let (terms, _) = row.as_ref().expect("every row is there");
        for &(c, _) in terms {
            holders[c].insert(k);
        }
        queue.push(Reverse((terms.len(), k)));
    }
    // The pivot rows in the order taken: (column, row, rhs).
    let mut pivots: Vec<(usize, Row, Rational)> = Vec::new();
    while let Some(Reverse((len, k))) = queue.pop() {
        // A row changed since it was queued has been queued again with its new length.
        if rows[k].as_ref().is_none_or(|(terms, _)| terms.len() != len) {
            continue;
        }
        let (terms, rhs) = rows[k].take().expect("checked");
        if terms.is_empty() {
            if rhs.is_zero() {
                continue;
            }
            return None;
        }
        for (c, _) in &terms {
            holders[*c].remove(&k);
        }
        let (column, pivot) = terms
            .iter()
            .min_by_key(|(c, _)| holders[*c].len())
            .expect("not empty")
            .clone();
        for other in std::mem::take(&mut holders[column]) {
            let (old, old_rhs) = rows[other].take().expect("a holder is not pivoted");
            let factor = &coefficient(&old, column) / &pivot;
            let new = subtract(&old, &factor, &terms);
            for (c, _) in &old {
                holders[*c].remove(&other);
            }
            for (c, _) in &new {
                holders[*c].insert(other);
            }
            queue.push(Reverse((new.len(), other)));
            rows[other] = Some((new, &old_rhs - &(&factor * &rhs)));
        }
        pivots.push((column, terms, rhs));
    }
    let mut pivoted = vec![false; columns];
    for (c, _, _) in &pivots {
        pivoted[*c] = true;
    }
    let mut v: Vec<Rational> = (0..columns)
        .map(|c| if pivoted[c] { Rational::ZERO } else { free(c) })
        .collect();
    // A pivot row holds, besides its column, only columns pivoted later or never.
    for (column, terms, rhs) in pivots.into_iter().rev() {
        let rest = terms
            .iter()
            .filter(|(c, _)| *c != column)
            .fold(rhs, |acc, (c, a)| &acc - &(a * &v[*c]));
        v[column] = &rest / &coefficient(&terms, column);
    }
    Some(v)
}

/// The terms sorted by column, those of one column added up, zeros dropped.
fn canonical(mut terms: Vec<(usize, Rational)>) -> Row {
    terms.sort_by_key(|(c, _)| *c);
    let mut row: Row = Vec::with_capacity(terms.len());
    for (c, a) in terms {
        match row.last_mut() {
            Some((last, sum)) if *last == c => *sum = &*sum + &a,
            _ => row.push((c, a)),
        }
    }
    row.retain(|(_, a)| !a.is_zero());
    row
}

/// The coefficient of `column` in a row that holds it.
fn coefficient(row: &Row, column: usize) -> Rational {
    let at = row
        .binary_search_by_key(&column, |(c, _)| *c)
        .expect("the row holds the column");
    row[at].1.clone()
}

/// `a − factor · b`, zeros dropped.
fn subtract(a: &Row, factor: &Rational, b: &Row) -> Row {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        match (a.get(i), b.get(j)) {
            (Some((ca, va)), Some((cb, vb))) if ca == cb => {
                let v = va - &(factor * vb);
                if !v.is_zero() {
                    out.push((*ca, v));
                }
                i += 1;
                j += 1;
            }
            (Some((ca, va)), Some((cb, _))) if ca < cb => {
                out.push((*ca, va.clone()));
                i += 1;
            }
            (Some((ca, va)), None) => {
                out.push((*ca, va.clone()));
                i += 1;
            }
            (_, Some((cb, vb))) => {
                out.push((*cb, -(factor * vb)));
                j += 1;
            }
            (None, None) => unreachable!("the loop runs while a row has terms left"),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn equation(terms: &[(usize, i64)], rhs: i64) -> Equation {
        Equation {
            terms: terms.iter().map(|&(c, a)| (c, Rational::from(a))).collect(),
            rhs: Rational::from(rhs),
        }
    }

    #[test]
    fn square_overdetermined_and_underdetermined_systems() {
        let r = Rational::from;
        // x + y = 3, x − y = 1, and their sum again: x = 2, y = 1.
        let system = vec![
            equation(&[(0, 1), (1, 1)], 3),
            equation(&[(0, 1), (1, -1)], 1),
            equation(&[(0, 2)], 4),
        ];
        assert_eq!(solve(2, system, |_| r(7)), Some(vec![r(2), r(1)]));
        // x + y = 3 alone: one unknown is proposed, the other follows.
        let v = solve(2, vec![equation(&[(0, 1), (1, 1)], 3)], |_| r(5)).unwrap();
        assert_eq!(&v[0] + &v[1], r(3));
        assert!(v.contains(&r(5)));
        // A column appearing twice in an equation counts once with the sum: 2x = 1.
        let twice = solve(1, vec![equation(&[(0, 1), (0, 1)], 1)], |_| r(0));
        assert_eq!(twice, Some(vec![Rational::new(1, 2)]));
    }

    #[test]
    fn inconsistent_systems_have_no_solution() {
        let system = vec![
            equation(&[(0, 1), (1, 1)], 3),
            equation(&[(0, 2), (1, 2)], 5),
        ];
        assert_eq!(solve(2, system, |_| Rational::ZERO), None);
        assert_eq!(
            solve(1, vec![equation(&[(0, 0)], 1)], |_| Rational::ZERO),
            None
        );
    }

    proptest! {
        /// A system made consistent by its right-hand side `A·v₀` is solved, whatever its
        /// shape; an equation `0 = 1` added as a combination of its rows makes it inconsistent.
        #[test]
        fn consistent_systems_are_solved(
            rows in prop::collection::vec(prop::collection::vec((0usize..6, -3i64..=3), 0..4), 1..8),
            v0 in prop::collection::vec(-4i64..=4, 6),
        ) {
            let rhs = |terms: &[(usize, i64)]| terms.iter().map(|&(c, a)| a * v0[c]).sum::<i64>();
            let system: Vec<Equation> = rows.iter().map(|t| equation(t, rhs(t))).collect();
            let v = solve(6, system.clone(), |c| Rational::from(c as i64)).unwrap();
            for e in &system {
                let lhs = e.terms.iter().fold(Rational::ZERO, |acc, (c, a)| &acc + &(a * &v[*c]));
                prop_assert_eq!(lhs, e.rhs.clone());
            }
            let mut contradiction: Vec<(usize, i64)> = rows.iter().flatten().copied().collect();
            contradiction.extend(rows.iter().flatten().map(|&(c, a)| (c, -a)));
            let mut inconsistent = system;
            inconsistent.push(equation(&contradiction, 1));
            prop_assert!(solve(6, inconsistent, |_| Rational::ZERO).is_none());
        }
    }
}
