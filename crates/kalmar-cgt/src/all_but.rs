//! All-but subtraction games: from a heap of n counters, remove any number k ≥ 1 of them except
//! the numbers in a finite set E (the *excluded* set). With E empty this is Nim on one heap.
//!
//! A. Siegel proved that the nim-sequence of every all-but subtraction game is *arithmetic
//! periodic* ("Finite excluded subtraction sets and infinite geography", M.Sc. thesis,
//! Dalhousie, 2005): G(n + p) = G(n) + s for all n ≥ n₀, for some period p and saltus s > 0,
//! and purely so (n₀ = 0) when |E| ≤ 2; D. Sleator and M. Slusky showed the same for |E| = 3
//! ("Subtraction games with FES sets of size 3", 2012). The theorem says that p, s and n₀
//! exist, not what they are; [`AllBut::arithmetic_period`] proves them for the game at hand
//! from finitely many values, by the following lemma.
//!
//! **Lemma.** Let e = max E (0 if E is empty) and p, s ≥ 1. If
//! 1. G(n + p) = G(n) + s for n₀ ≤ n < n₀ + e, and
//! 2. {G(m) : m < n₀ + p} = {0, 1, …, s − 1} ∪ {G(m) + s : m < n₀} (as sets),
//!
//! then G(n + p) = G(n) + s for every n ≥ n₀.
//!
//! *Proof*, by induction on n ≥ n₀ + e. The options of heap n are the values of the heaps
//! m < n − e (all reachable) and of the heaps n − j for 1 ≤ j ≤ e with j ∉ E. Write
//! F = {G(m) : n₀ ≤ m < n − e} and W = {G(n − j) : 1 ≤ j ≤ e, j ∉ E}; let B = {G(m) : m < n₀} and
//! A = {G(m) : m < n₀ + p}. Then G(n) = mex(B ∪ F ∪ W). For n + p, the heaps below n + p − e
//! are those below n₀ + p and those n₀ + p ≤ m + p < n + p − e, whose values are G(m) + s by the
//! induction hypothesis; the window values are G(n − j) + s likewise (n − j ≥ n₀). So
//! G(n + p) = mex(A ∪ (F + s) ∪ (W + s)) = mex({0, …, s − 1} ∪ ((B ∪ F ∪ W) + s)) by 2, which
//! is G(n) + s. For n₀ ≤ n < n₀ + e the claim is hypothesis 1. ∎
//!
//! Both hypotheses are checked on computed values, so a reported period is proven, not just
//! seen. (Once hypothesis 2 holds for some n₀ it holds for every larger n₀ at which the
//! relation holds, so the least such n₀ is found by one pass.)
//!
//! # Complexity
//! [`AllBut::values`]: O(n · |E|) for G(0..n) (the values of the heaps below n − e only grow as
//! a set, so their mex is kept as n grows). [`AllBut::arithmetic_period`]: O(n) per candidate
//! period that holds over the last values.
//!
//! ```
//! use kalmar_cgt::all_but;
//! // Excluding 1: G(n) = n div 2, arithmetic periodic with period 2 and saltus 1.
//! let answer = all_but::analyse(&[1], 40).unwrap();
//! assert_eq!(&answer.values[..6], &[0, 0, 1, 1, 2, 2]);
//! let period = answer.arithmetic_period.unwrap();
//! assert_eq!((period.period, period.saltus), (2, 1));
//! ```

use crate::octal::period::{ArithmeticPeriod, agreement_start};
use crate::octal::{RulesError, removal};
use serde::Serialize;

/// The most values [`analyse`] computes (four bytes each).
pub const MAX_VALUES: usize = 1 << 28;

/// G(0..=up_to) of an all-but subtraction game and its proven arithmetic period.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AllButAnswer {
    /// E, increasing.
    pub excluded: Vec<usize>,
    /// The last heap size.
    pub up_to: usize,
    /// G(0), …, G(up_to).
    pub values: Vec<u32>,
    /// The period proven from them, if any.
    pub arithmetic_period: Option<ArithmeticPeriod>,
}

/// Why [`analyse`] computes nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AllButError {
    /// An excluded removal out of range.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// Too many values asked for.
    #[error("--up-to {0}: at most {MAX_VALUES} values")]
    TooMany(usize),
}

/// The values G(0..=up_to) of the game excluding `excluded`, and the arithmetic period they
/// prove.
pub fn analyse(excluded: &[u64], up_to: usize) -> Result<AllButAnswer, AllButError> {
    let game = AllBut::new(excluded)?;
    let len = up_to
        .checked_add(1)
        .filter(|&len| len <= MAX_VALUES)
        .ok_or(AllButError::TooMany(up_to))?;
    let values = game.values(len);
    let arithmetic_period = game.arithmetic_period(&values);
    Ok(AllButAnswer {
        excluded: game.excluded,
        up_to,
        values,
        arithmetic_period,
    })
}

/// An all-but subtraction game: remove any positive number of counters except those in E.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllBut {
    /// E, increasing, without repeats.
    excluded: Vec<usize>,
}

impl AllBut {
    /// The game that excludes the removals in `excluded` (each at least 1 and at most
    /// [`MAX_REMOVED`](crate::octal::MAX_REMOVED)).
    pub fn new(excluded: &[u64]) -> Result<Self, RulesError> {
        let mut set = Vec::with_capacity(excluded.len());
        for &k in excluded {
            set.push(removal(k)?);
        }
        set.sort_unstable();
        set.dedup();
        Ok(AllBut { excluded: set })
    }

    /// E.
    pub fn excluded(&self) -> &[usize] {
        &self.excluded
    }

    /// e = max E, 0 if E is empty.
    fn largest_excluded(&self) -> usize {
        self.excluded.last().copied().unwrap_or(0)
    }

    /// Whether removing k counters is a move.
    pub fn allows(&self, k: usize) -> bool {
        k >= 1 && self.excluded.binary_search(&k).is_err()
    }

    /// G(0), …, G(len − 1).
    pub fn values(&self, len: usize) -> Vec<u32> {
        let e = self.largest_excluded();
        let mut values: Vec<u32> = Vec::with_capacity(len);
        // far[v]: whether some heap m < n − e has value v; far_mex: the mex of those values.
        let mut far: Vec<bool> = Vec::new();
        let mut far_mex = 0u32;
        let mut window: Vec<u32> = Vec::with_capacity(e);
        for n in 0..len {
            if let Some(m) = n.checked_sub(e + 1) {
                let v = values[m] as usize;
                if far.len() <= v {
                    far.resize(v + 1, false);
                }
                far[v] = true;
                while far.get(far_mex as usize).copied().unwrap_or(false) {
                    far_mex += 1;
                }
            }
            window.clear();
            window.extend(
                (1..=e.min(n))
                    .filter(|&j| self.allows(j))
                    .map(|j| values[n - j]),
            );
            let mut g = far_mex;
            while far.get(g as usize).copied().unwrap_or(false) || window.contains(&g) {
                g += 1;
            }
            values.push(g);
        }
        values
    }

    /// The least arithmetic period (and, for it, the least pre-period) that the lemma of this
    /// module proves from `values` = G(0..len), if any.
    pub fn arithmetic_period(&self, values: &[u32]) -> Option<ArithmeticPeriod> {
        let len = values.len();
        let e = self.largest_excluded();
        (1..len).find_map(|p| {
            let saltus = values[len - 1].checked_sub(values[len - 1 - p])?;
            if saltus == 0 {
                return None;
            }
            let start = agreement_start(values, p, |a, b| a.checked_add(saltus) == Some(b));
            // Hypothesis 1 needs the relation on n₀ ≤ n < n₀ + e, with n + p < len.
            let last_start = (len - p).checked_sub(e)?;
            let preperiod = least_covering_start(values, p, saltus, start, last_start)?;
            Some(ArithmeticPeriod {
                preperiod,
                period: p,
                saltus,
            })
        })
    }
}

/// The least n₀ in `start..=last` at which hypothesis 2 of the lemma holds:
/// {G(m) : m < n₀ + p} = {0, …, s − 1} ∪ {G(m) + s : m < n₀}. Counts of each value on both sides
/// are kept while n₀ grows, and how many values are on one side only.
fn least_covering_start(
    values: &[u32],
    p: usize,
    saltus: u32,
    start: usize,
    last: usize,
) -> Option<usize> {
    if start > last {
        return None;
    }
    let top = values.iter().max().map_or(0, |&v| v as usize) + saltus as usize + 1;
    let mut left = vec![0u32; top];
    let mut right = vec![0u32; top];
    for &v in &values[..start + p] {
        left[v as usize] += 1;
    }
    for count in &mut right[..saltus as usize] {
        *count += 1;
    }
    for &v in &values[..start] {
        right[(v + saltus) as usize] += 1;
    }
    let one_sided = |v: usize, left: &[u32], right: &[u32]| (left[v] > 0) != (right[v] > 0);
    let mut differing = (0..top).filter(|&v| one_sided(v, &left, &right)).count();
    let mut n0 = start;
    loop {
        if differing == 0 {
            return Some(n0);
        }
        if n0 == last {
            return None;
        }
        // n₀ + 1: G(n₀ + p) joins the left side and G(n₀) + s the right.
        for (on_left, v) in [(true, values[n0 + p]), (false, values[n0] + saltus)] {
            let v = v as usize;
            let before = one_sided(v, &left, &right);
            if on_left {
                left[v] += 1;
            } else {
                right[v] += 1;
            }
            match (before, one_sided(v, &left, &right)) {
                (true, false) => differing -= 1,
                (false, true) => differing += 1,
                _ => {}
            }
        }
        n0 += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// G(n) by the definition: the mex over every allowed removal.
    fn by_definition(game: &AllBut, len: usize) -> Vec<u32> {
        let mut values: Vec<u32> = Vec::new();
        for n in 0..len {
            let options = (1..=n).filter(|&k| game.allows(k)).map(|k| values[n - k]);
            values.push(crate::mex(options));
        }
        values
    }

    #[test]
    fn nim_is_the_empty_exclusion() {
        // Bouton: a single Nim heap of n counters has value n.
        let nim = AllBut::new(&[]).unwrap();
        let values = nim.values(50);
        assert!(values.iter().enumerate().all(|(n, &v)| v as usize == n));
        let period = nim.arithmetic_period(&values).unwrap();
        assert_eq!((period.period, period.saltus, period.preperiod), (1, 1, 0));
    }

    #[test]
    fn excluding_one_halves() {
        // With E = {1}, heap n reaches every heap up to n − 2, so G(n) = ⌊n/2⌋.
        let game = AllBut::new(&[1]).unwrap();
        let values = game.values(60);
        assert!(values.iter().enumerate().all(|(n, &v)| v as usize == n / 2));
        let period = game.arithmetic_period(&values).unwrap();
        assert_eq!((period.period, period.saltus, period.preperiod), (2, 1, 0));
    }

    #[test]
    fn fast_values_match_the_definition() {
        for excluded in [
            &[][..],
            &[1],
            &[2],
            &[1, 2],
            &[2, 5],
            &[3, 4, 9],
            &[1, 4, 6, 7],
        ] {
            let game = AllBut::new(excluded).unwrap();
            assert_eq!(game.values(300), by_definition(&game, 300), "{excluded:?}");
        }
    }

    #[test]
    fn bad_exclusions_are_refused() {
        assert_eq!(AllBut::new(&[0]), Err(RulesError::Zero));
        assert!(matches!(
            AllBut::new(&[1 << 40]),
            Err(RulesError::TooLong(_))
        ));
    }
}
