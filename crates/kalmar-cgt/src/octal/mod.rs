//! Octal games (take-and-break games on heaps) by their code, and Grundy's game.
//!
//! A code `d₀.d₁d₂…d_t` (Guy and Smith, 1956; the digit semantics of CGSuite) says what a move
//! that removes k counters from one heap may leave behind. Digit d_k is a sum of
//! - 1: the heap may be taken whole (it had exactly k counters);
//! - 2: one non-empty heap may be left (the heap had more than k);
//! - 4: two non-empty heaps may be left (the rest of the heap is split in two).
//!
//! So `0.77` is Kayles, `0.07` Dawson's Kayles, `0.137` Dawson's chess, `0.6` Officers, and a
//! digit before the point is d₀: `4.7` may split a heap in two without removing anything. Removing
//! nothing while leaving zero or one heap would not be a move, so d₀ is 0 or 4. Grundy's game
//! (split a heap into two heaps of different sizes) is the same kind of game with d₀ = 4 and
//! only unequal splits, [`Rules::grundy`]; subtraction games and the strip-placing game of the
//! seed are octal games too ([`Rules::subtraction`], [`Rules::stripes`]).
//!
//! A heap game is a sum of single heaps, so G(n), the nimber of one heap of n counters for n = 0,
//! 1, 2, …, decides every position. The solvers in [`SOLVERS`] compute G(0..n); [`compute`]
//! also stops early once a period is proven ([`period`]); [`verify`] checks the result without
//! trusting the solver.
//!
//! ```
//! use kalmar_cgt::octal::{Rules, SOLVERS, compute};
//! let officers = Rules::parse("0.6").unwrap();
//! for solver in &SOLVERS {
//!     let computed = compute(&officers, solver, 10, true, &mut |_| {});
//!     assert_eq!(computed.values, [0, 0, 1, 2, 0, 1, 2, 3, 1, 2]);
//! }
//! ```

pub mod analysis;
pub mod heaps;
pub mod naive;
pub mod period;
pub mod sparse;
pub mod verify;

use kalmar_core::registry::{Entry, Registry};
use kalmar_core::{ParseError, Span};
pub use period::Period;
use serde::Serialize;
use std::fmt;

/// The largest number of counters a rule may remove in one move (the length of a code).
pub const MAX_REMOVED: usize = 1 << 16;

/// Digit bit: the heap may be taken whole.
pub const WHOLE: u8 = 1;
/// Digit bit: one non-empty heap may be left.
pub const ONE_HEAP: u8 = 2;
/// Digit bit: two non-empty heaps may be left.
pub const TWO_HEAPS: u8 = 4;

/// The rules of a take-and-break heap game: the digits of its octal code, and whether a heap
/// may only be split into two heaps of different sizes (Grundy's game).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rules {
    digits: Vec<u8>,
    unequal_splits: bool,
}

/// Why a set of rules could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// A move would remove more counters than [`MAX_REMOVED`].
    #[error("a move removes {0} counters; at most {MAX_REMOVED} are supported")]
    TooLong(u64),
    /// A move removes no counters.
    #[error("a move must remove at least one counter")]
    Zero,
}

impl Rules {
    /// Reads an octal code such as `0.77`, `.07` or `4.7`.
    ///
    /// ```
    /// let kayles = kalmar_cgt::octal::Rules::parse("0.77").unwrap();
    /// assert_eq!(kayles.to_string(), "0.77");
    /// let err = kalmar_cgt::octal::Rules::parse("0.78").unwrap_err();
    /// assert_eq!(err.span().column, 4);
    /// ```
    pub fn parse(code: &str) -> Result<Self, ParseError> {
        let at = |column: usize| Span {
            line: 1,
            column: u32::try_from(column + 1).unwrap_or(u32::MAX),
        };
        let found = |c: char| format!("'{c}'");
        let mut chars = code.chars().enumerate().peekable();
        let mut digits = vec![0u8];
        match chars.peek().copied() {
            None => {
                return Err(ParseError::new(
                    at(0),
                    "an empty code",
                    "an octal code such as 0.77 (Kayles)",
                ));
            }
            Some((_, c @ ('0' | '4'))) => {
                digits[0] = c as u8 - b'0';
                chars.next();
            }
            Some((_, '.')) => {}
            Some((i, c)) if c.is_ascii_digit() => {
                return Err(ParseError::new(
                    at(i),
                    found(c),
                    "0 or 4 before the point (removing no counters can only split a heap)",
                ));
            }
            Some((i, c)) => {
                return Err(ParseError::new(
                    at(i),
                    found(c),
                    "a digit or '.' (octal codes look like 0.77)",
                ));
            }
        }
        match chars.next() {
            Some((_, '.')) => {}
            Some((i, c)) => {
                return Err(ParseError::new(
                    at(i),
                    found(c),
                    "'.' after the single digit before the point",
                ));
            }
            None => {
                return Err(ParseError::new(
                    at(code.chars().count()),
                    "end of input",
                    "'.' and the digits d1 d2 ... (octal codes look like 0.77)",
                ));
            }
        }
        let mut after_point = 0;
        for (i, c) in chars {
            match c {
                '0'..='7' if digits.len() <= MAX_REMOVED => digits.push(c as u8 - b'0'),
                '0'..='7' => {
                    return Err(ParseError::new(
                        at(i),
                        found(c),
                        format!("the end of the code (at most {MAX_REMOVED} digits)"),
                    ));
                }
                _ => {
                    return Err(ParseError::new(
                        at(i),
                        found(c),
                        "an octal digit 0-7 (1: take a whole heap, 2: leave one heap, 4: leave \
                         two heaps)",
                    ));
                }
            }
            after_point += 1;
        }
        if after_point == 0 {
            return Err(ParseError::new(
                at(code.chars().count()),
                "end of input",
                "at least one digit after the point",
            ));
        }
        Ok(Rules::from_digits(digits, false))
    }

    fn from_digits(mut digits: Vec<u8>, unequal_splits: bool) -> Self {
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Rules {
            digits,
            unequal_splits,
        }
    }

    /// Grundy's game: split a heap into two non-empty heaps of different sizes.
    pub fn grundy() -> Self {
        Rules::from_digits(vec![TWO_HEAPS], true)
    }

    /// The subtraction game S(s₁, s₂, …): remove sᵢ counters from a heap (octal digit 3 at
    /// each sᵢ).
    pub fn subtraction(set: &[u64]) -> Result<Self, RulesError> {
        Rules::with_digit_at(set, WHOLE | ONE_HEAP)
    }

    /// The strip-placing game PEG-O-Stripes on a board of empty squares: place a strip of one of
    /// the given lengths on free squares; a board splits into the free runs left and right of
    /// the strip (octal digit 7 at each length).
    pub fn stripes(lengths: &[u64]) -> Result<Self, RulesError> {
        Rules::with_digit_at(lengths, WHOLE | ONE_HEAP | TWO_HEAPS)
    }

    fn with_digit_at(removals: &[u64], digit: u8) -> Result<Self, RulesError> {
        let mut digits = vec![0u8];
        for &k in removals {
            let k = removal(k)?;
            if digits.len() <= k {
                digits.resize(k + 1, 0);
            }
            digits[k] = digit;
        }
        Ok(Rules::from_digits(digits, false))
    }

    /// Digit d_k (0 beyond the code).
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// t: the most counters a move removes (the index of the last non-zero digit).
    pub fn max_removed(&self) -> usize {
        self.digits.len() - 1
    }

    /// Whether some move splits a heap in two.
    pub fn splits(&self) -> bool {
        self.digits.iter().any(|d| d & TWO_HEAPS != 0)
    }

    /// Whether splits must leave heaps of different sizes (Grundy's game).
    pub fn unequal_splits(&self) -> bool {
        self.unequal_splits
    }

    /// The removals k (including 0) after which the rest may be split in two.
    pub(crate) fn split_removals(&self) -> Vec<usize> {
        (0..self.digits.len())
            .filter(|&k| self.digits[k] & TWO_HEAPS != 0)
            .collect()
    }

    /// Calls `f` with the nim-value of every option of a heap of `n` counters that leaves at
    /// most one heap (takes it whole or leaves a smaller one); `values[..n]` must be known.
    #[inline]
    pub(crate) fn for_each_simple_option(&self, n: usize, values: &[u32], mut f: impl FnMut(u32)) {
        for k in 1..self.digits.len().min(n + 1) {
            let d = self.digits[k];
            if d & WHOLE != 0 && n == k {
                f(0);
            }
            if d & ONE_HEAP != 0 && n > k {
                f(values[n - k]);
            }
        }
    }
}

/// Codes with a common name.
const NAMED: &[(&str, &str)] = &[
    ("0.77", "Kayles"),
    ("0.07", "Dawson's Kayles"),
    ("0.137", "Dawson's chess"),
    ("0.6", "Officers"),
];

impl Rules {
    /// The game's common name, if it has one (Kayles for 0.77, ...).
    pub fn common_name(&self) -> Option<&'static str> {
        let code = self.to_string();
        NAMED
            .iter()
            .find(|(c, _)| *c == code)
            .map(|&(_, name)| name)
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.unequal_splits {
            return f.write_str("Grundy's game");
        }
        write!(f, "{}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        for d in &self.digits[1..] {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// A solver of G(0..n), extended step by step.
pub trait Solver {
    /// Computes G(m) for all m < `len` not computed yet.
    fn extend_to(&mut self, len: usize);
    /// G(0), G(1), … as far as computed.
    fn values(&self) -> &[u32];
    /// The computed values.
    fn into_values(self: Box<Self>) -> Vec<u32>;
}

/// Makes a solver for the rules.
pub type NewSolver = fn(&Rules) -> Box<dyn Solver>;

/// A registered octal solver.
pub type SolverEntry = Entry<NewSolver>;

/// The solvers of G(0..n).
pub static SOLVERS: Registry<NewSolver> = Registry::new(
    "octal solver",
    &[
        Entry {
            id: "sparse",
            summary: "sparse space (rare values) method, Berlekamp-Conway-Guy and Gangolli-Plambeck: \
                      about linear when the rare values are rare",
            bounds: "O(r) per heap for r rare heaps below it, plus the uncertified splits; O(n^2) worst case",
            run: |rules| Box::new(sparse::Sparse::new(rules)),
        },
        Entry {
            id: "naive",
            summary: "every option of every heap, bit-parallel mex: O(n^2) with splits, O(n t) without",
            bounds: "O(n^2 s / 2) for s splitting digits, O(n t) without splits; mex O(m / 64)",
            run: |rules| Box::new(naive::Naive::new(rules)),
        },
    ],
);

/// G(0..len) of a heap game, and its period if one was proven.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Computed {
    /// G(0), …, G(len − 1).
    pub values: Vec<u32>,
    /// The proven period, if any.
    pub period: Option<Period>,
    /// How many values the solver computed (the rest follow from the period).
    pub computed: usize,
}

/// Computes G(0..len) with `solver`. With `stop_at_period`, the values are checked for a
/// provable period each time their number doubles (from 1024 on), and once one is proven the
/// rest follow from it instead of being computed. `progress` is told how many values are known.
pub fn compute(
    rules: &Rules,
    solver: &SolverEntry,
    len: usize,
    stop_at_period: bool,
    progress: &mut dyn FnMut(usize),
) -> Computed {
    let mut run = (solver.run)(rules);
    let mut checkpoint = len.min(1024);
    loop {
        run.extend_to(checkpoint);
        progress(checkpoint);
        if (stop_at_period || checkpoint == len)
            && let Some(period) = period::find(rules, run.values())
        {
            let computed = checkpoint;
            let mut values = run.into_values();
            for n in computed..len {
                values.push(values[n - period.period]);
            }
            progress(len);
            return Computed {
                values,
                period: Some(period),
                computed,
            };
        }
        if checkpoint == len {
            return Computed {
                values: run.into_values(),
                period: None,
                computed: len,
            };
        }
        checkpoint = checkpoint.saturating_mul(2).min(len);
    }
}

/// A number of counters a move may remove, checked: at least one and at most [`MAX_REMOVED`].
pub(crate) fn removal(k: u64) -> Result<usize, RulesError> {
    if k == 0 {
        return Err(RulesError::Zero);
    }
    usize::try_from(k)
        .ok()
        .filter(|&k| k <= MAX_REMOVED)
        .ok_or(RulesError::TooLong(k))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_and_print() {
        for (code, shown) in [
            ("0.77", "0.77"),
            (".07", "0.07"),
            ("4.7", "4.7"),
            ("0.1370", "0.137"),
            ("4.0", "4.0"),
        ] {
            assert_eq!(Rules::parse(code).unwrap().to_string(), shown);
        }
        let kayles = Rules::parse("0.77").unwrap();
        assert_eq!(kayles.max_removed(), 2);
        assert!(kayles.splits());
        assert_eq!(Rules::subtraction(&[1, 2]).unwrap().to_string(), "0.33");
        assert_eq!(Rules::stripes(&[2]).unwrap().to_string(), "0.07");
    }

    #[test]
    fn bad_codes_say_where_and_what() {
        for (code, column, expected) in [
            ("", 1, "an octal code"),
            ("0.78", 4, "an octal digit"),
            ("3.7", 1, "0 or 4 before the point"),
            ("07", 2, "'.' after"),
            ("0.", 3, "at least one digit"),
            ("x", 1, "a digit or '.'"),
            ("0", 2, "'.' and the digits"),
            ("0.7é", 4, "an octal digit"),
        ] {
            let err = Rules::parse(code).unwrap_err();
            assert_eq!(err.span().column, column, "{code}: {err}");
            assert!(err.expected().contains(expected), "{code}: {err}");
        }
    }

    #[test]
    fn unknown_solver_lists_the_known_ones() {
        let err = SOLVERS.get("fast").err().unwrap();
        assert!(err.to_string().contains("sparse, naive"), "{err}");
    }
}
