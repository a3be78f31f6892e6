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
//!     assert_eq!(computed.values.stored(), [0, 0, 1, 2, 0, 1, 2, 3, 1, 2]);
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

/// G(0..len) of a heap game: the values computed, and beyond them the proven period. Only the
/// computed values are stored, so a billion values proven periodic after a thousand take a
/// thousand values of memory; the rest are answered on demand ([`HeapValues::get`],
/// [`HeapValues::iter`]), and the JSON writes them one by one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapValues {
    stored: Vec<u32>,
    len: usize,
    /// (n₀, p) of the proven period, when values beyond the stored ones follow from it.
    period: Option<(usize, usize)>,
}

impl HeapValues {
    /// All values stored: G(0..values.len()).
    pub fn new(values: Vec<u32>) -> Self {
        HeapValues {
            len: values.len(),
            stored: values,
            period: None,
        }
    }

    /// How many values there are, G(0..len).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The values stored (those computed).
    pub fn stored(&self) -> &[u32] {
        &self.stored
    }

    /// G(n), from the stored values or the period; `None` for n ≥ len.
    ///
    /// ```
    /// use kalmar_cgt::octal::{Rules, SOLVERS, compute};
    /// let kayles = Rules::parse("0.77").unwrap();
    /// let sparse = SOLVERS.get("sparse").unwrap();
    /// let computed = compute(&kayles, sparse, 4_000_000_000, true, &mut |_| {});
    /// assert_eq!(computed.values.stored().len(), 1024);
    /// // Kayles: period 12 from 71, G(n) = G(n mod 12) there, 3999999999 = 3 mod 12.
    /// assert_eq!(computed.values.get(3_999_999_999), Some(computed.values.stored()[75]));
    /// ```
    pub fn get(&self, n: usize) -> Option<u32> {
        if n >= self.len {
            return None;
        }
        match (self.stored.get(n), self.period) {
            (Some(&v), _) => Some(v),
            (None, Some((n0, p))) if p > 0 && n >= n0 => {
                self.stored.get(n0 + (n - n0) % p).copied()
            }
            (None, _) => None,
        }
    }

    /// G(0), G(1), …, G(len − 1).
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.len).map_while(|n| self.get(n))
    }

    /// G(0), …, G(len − 1) in one vector: the stored values, extended in place by the period
    /// (no copy when every value was computed).
    ///
    /// ```
    /// use kalmar_cgt::octal::{Rules, SOLVERS, compute};
    /// let kayles = Rules::parse("0.77").unwrap();
    /// let computed = compute(&kayles, SOLVERS.get("sparse").unwrap(), 5000, true, &mut |_| {});
    /// assert_eq!(computed.values.stored().len(), 1024);
    /// let all = computed.values.clone().into_vec();
    /// assert_eq!(all.len(), 5000);
    /// assert!(all.iter().copied().eq(computed.values.iter()));
    /// ```
    pub fn into_vec(self) -> Vec<u32> {
        let mut values = self.stored;
        if let Some((n0, p)) = self.period.filter(|&(_, p)| p > 0) {
            values.reserve(self.len.saturating_sub(values.len()));
            while values.len() < self.len {
                let n = values.len();
                match n.checked_sub(p).filter(|&m| m >= n0) {
                    Some(m) => values.push(values[m]),
                    None => break,
                }
            }
        }
        values.truncate(self.len);
        values
    }

    /// The largest value (the period repeats stored values).
    pub fn largest(&self) -> u32 {
        self.stored.iter().max().copied().unwrap_or(0)
    }
}

impl Serialize for HeapValues {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// G(0..len) of a heap game, and its period if one was proven.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Computed {
    /// G(0), …, G(len − 1): those computed stored, the rest from the period.
    pub values: HeapValues,
    /// The proven period, if any.
    pub period: Option<Period>,
    /// How many values the solver computed (the rest follow from the period).
    pub computed: usize,
}

/// Why [`compute_within`] stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{next} of the {len} values asked for would be stored ({} MB), more than the {max_stored} \
     allowed, and no period is proven from the {proven_from} computed so far to give the rest; \
     ask for --up-to {} or less (and let a proven period answer larger heaps)",
    next * BYTES_PER_VALUE / 1_000_000,
    max_stored - 1
)]
pub struct TooManyValues {
    /// The values computed without a period proven.
    pub proven_from: usize,
    /// The values the next step would store.
    pub next: usize,
    /// The values asked for.
    pub len: usize,
    /// The most values allowed.
    pub max_stored: usize,
}

/// Bytes a solver holds per value computed: the value (4) and its bookkeeping and growth
/// room (the sparse solver's per-heap labels, a vector's doubling), measured as about 8.
pub const BYTES_PER_VALUE: usize = 8;

/// Computes G(0..len) with `solver`. With `stop_at_period`, the values are checked for a
/// provable period each time their number doubles (from 1024 on), and once one is proven the
/// rest follow from it instead of being computed or stored. `progress` is told how many values
/// are known.
pub fn compute(
    rules: &Rules,
    solver: &SolverEntry,
    len: usize,
    stop_at_period: bool,
    progress: &mut dyn FnMut(usize),
) -> Computed {
    match compute_within(rules, solver, len, stop_at_period, usize::MAX, progress) {
        Ok(computed) => computed,
        Err(_) => unreachable!("no step stores more than usize::MAX values"),
    }
}

/// [`compute`], storing at most `max_stored` values: each step is checked before it allocates,
/// and refused with [`TooManyValues`] when no period is proven yet and the next step would
/// store more.
pub fn compute_within(
    rules: &Rules,
    solver: &SolverEntry,
    len: usize,
    stop_at_period: bool,
    max_stored: usize,
    progress: &mut dyn FnMut(usize),
) -> Result<Computed, TooManyValues> {
    let mut run = (solver.run)(rules);
    let mut checkpoint = if stop_at_period { len.min(1024) } else { len };
    let mut proven_from = 0;
    loop {
        if checkpoint > max_stored {
            return Err(TooManyValues {
                proven_from,
                next: checkpoint,
                len,
                max_stored,
            });
        }
        run.extend_to(checkpoint);
        progress(checkpoint);
        proven_from = checkpoint;
        if (stop_at_period || checkpoint == len)
            && let Some(period) = period::find(rules, run.values())
        {
            progress(len);
            return Ok(Computed {
                values: HeapValues {
                    stored: run.into_values(),
                    len,
                    period: Some((period.preperiod, period.period)),
                },
                period: Some(period),
                computed: checkpoint,
            });
        }
        if checkpoint == len {
            return Ok(Computed {
                values: HeapValues::new(run.into_values()),
                period: None,
                computed: len,
            });
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
    fn values_past_the_proof_come_from_the_period() {
        let kayles = Rules::parse("0.77").unwrap();
        let sparse = SOLVERS.get("sparse").unwrap();
        let short = compute(&kayles, sparse, 5000, true, &mut |_| {});
        let full = compute(&kayles, sparse, 5000, false, &mut |_| {});
        assert_eq!(short.values.stored().len(), 1024);
        assert_eq!(full.values.stored().len(), 5000);
        assert!(short.values.iter().eq(full.values.iter()));
        assert_eq!(short.values.get(5000), None);
        // Without a proven period, a step that would store too many values is refused first.
        let err = compute_within(&kayles, sparse, 5000, false, 4000, &mut |_| {}).unwrap_err();
        assert_eq!((err.next, err.max_stored), (5000, 4000));
    }

    #[test]
    fn unknown_solver_lists_the_known_ones() {
        let err = SOLVERS.get("fast").err().unwrap();
        assert!(err.to_string().contains("sparse, naive"), "{err}");
    }
}
