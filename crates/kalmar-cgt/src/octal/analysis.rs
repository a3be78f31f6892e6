//! The values job of a heap game, one call: G(0..=n) by a registered solver (stopping at a
//! proven period unless told not to), optionally checked against the definition, with the
//! period proven or an arithmetic period seen, and the misère values and genera of small heaps.
//! Its report serialises to the command line's `--json`.
//!
//! ```
//! use kalmar_cgt::octal::Rules;
//! use kalmar_cgt::octal::analysis::{ValuesOptions, analyse};
//! let kayles = Rules::parse("0.77").unwrap();
//! let options = ValuesOptions { verify: true, period: true, ..ValuesOptions::new(400) };
//! let report = analyse(&kayles, &options, &mut |_| {}).unwrap();
//! assert_eq!(&report.values.stored()[..8], &[0, 1, 2, 3, 1, 4, 3, 2]);
//! let period = report.proven.unwrap();
//! assert_eq!((period.preperiod, period.period), (71, 12));
//! assert_eq!(Rules::parse("0.77").unwrap().common_name(), Some("Kayles"));
//! ```

use super::heaps::{COUNTED_HEAPS, HeapGame, misere_positions_bound, misere_values};
use super::period::{ArithmeticPeriod, observed_arithmetic};
use super::verify::{VerifyError, verify};
use super::{Computed, HeapValues, Period, Rules, SOLVERS, TooManyValues, compute_within};
use crate::genus::genus;
use kalmar_core::registry::UnknownId;
use serde::Serialize;
use std::time::Instant;

/// Positions stored at most by a misère search: a position is a list of heaps in a hash map,
/// about 100 bytes with its value, so 2 million take some 200 MB, and their search takes seconds.
pub const MISERE_POSITIONS: usize = 2_000_000;
/// Values stored at most when no period is proven: 2²⁶ values of [`super::BYTES_PER_VALUE`] bytes
/// each are about 540 MB, what a machine of a few GB holds beside everything else, and a step
/// that doubles to it still ends in about a minute with the sparse solver.
pub const MAX_STORED_VALUES: usize = 1 << 26;
/// Values listed at most in full (the JSON, `--limit 0`, a plot): 10 million values are up to
/// about 100 MB of text, already more than anyone reads; larger heaps are asked for one by one
/// from the period ([`HeapValues::get`]).
pub const MAX_LISTED_VALUES: usize = 10_000_000;
/// Heaps whose genus is given.
pub const GENUS_HEAPS: usize = 16;

/// What to compute.
#[derive(Clone, Debug)]
pub struct ValuesOptions {
    /// Compute G(0), …, G(up_to).
    pub up_to: usize,
    /// The solver's id in [`SOLVERS`].
    pub solver: String,
    /// Stop once a period is proven (the rest follow from it).
    pub shortcut: bool,
    /// Check the values against the definition.
    pub verify: bool,
    /// Report the period (proven, or an arithmetic one seen).
    pub period: bool,
    /// Also the misère values and genera of single heaps.
    pub misere: bool,
    /// How many values will be listed in full (JSON, a table of all, a plot): refused above
    /// [`MAX_LISTED_VALUES`] before anything is computed.
    pub listed: usize,
}

impl ValuesOptions {
    /// G(0..=up_to) by the sparse solver, stopping at a proven period, nothing else.
    pub fn new(up_to: usize) -> Self {
        ValuesOptions {
            up_to,
            solver: "sparse".to_string(),
            shortcut: true,
            verify: false,
            period: false,
            misere: false,
            listed: 0,
        }
    }
}

/// The periods reported when asked for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Periods {
    /// The period proven by the Guy–Smith theorem, if any.
    pub period: Option<Period>,
    /// When none is proven: an arithmetic period seen in the values (not proven).
    pub arithmetic_period_observed: Option<ArithmeticPeriod>,
}

/// Misère play on single heaps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Misere {
    /// G⁻(0), …, G⁻(up_to) (0: the player to move loses).
    pub misere: Vec<u32>,
    /// The genus of the first heaps, as far as it was found.
    pub genus: Vec<String>,
}

/// What [`analyse`] reports.
#[derive(Clone, Debug, Serialize)]
pub struct ValuesReport {
    /// The game's octal code.
    pub game: String,
    /// The last heap size.
    pub up_to: usize,
    /// G(0), …, G(up_to): those computed, the rest from the proven period.
    pub values: HeapValues,
    /// How many values the solver computed (the rest follow from the period).
    pub computed: usize,
    /// The solver's time.
    pub seconds: f64,
    /// Whether the values were checked against the definition.
    pub verified: bool,
    /// The periods, when asked for.
    #[serde(flatten)]
    pub periods: Option<Periods>,
    /// Misère play, when asked for.
    #[serde(flatten)]
    pub misere: Option<Misere>,
    /// The solver's id.
    #[serde(skip)]
    pub solver: &'static str,
    /// The proven period, asked for or not.
    #[serde(skip)]
    pub proven: Option<Period>,
}

/// Why [`analyse`] gives no values.
#[derive(Debug, thiserror::Error)]
pub enum ValuesError {
    /// No solver has this id.
    #[error(transparent)]
    Unknown(#[from] UnknownId),
    /// More values than the solvers index.
    #[error("--up-to {0} is too large")]
    TooLarge(usize),
    /// More values would be listed than can be written.
    #[error(
        "listing all {0} values would write about {mb} MB; at most {max} are listed: use \
         --limit N for the first N (the period gives the rest), or ask for --up-to {last} or less",
        mb = .0 / 100_000, max = MAX_LISTED_VALUES, last = MAX_LISTED_VALUES - 1
    )]
    TooManyListed(usize),
    /// Without a proven period, more values would be stored than allowed.
    #[error(transparent)]
    TooManyValues(#[from] TooManyValues),
    /// The misère search could visit more positions than allowed; refused before it starts.
    #[error(
        "misère play is searched position by position, and G-(0..{up_to}) could visit \
         {estimate} positions (the ways to split up to {up_to} counters into heaps), more than \
         the {limit} allowed; ask for --up-to {largest} or less with --misere"
    )]
    MisereEstimate {
        /// The last heap size.
        up_to: usize,
        /// The bound on the positions of the search, in words ("up to 4,000,000").
        estimate: String,
        /// The most positions allowed.
        limit: usize,
        /// The largest heap whose search fits.
        largest: usize,
    },
    /// The misère search needs more positions than allowed.
    #[error(
        "misère play is searched position by position, and G-(0..{up_to}) needs too many: \
         {reason}; ask for fewer heaps"
    )]
    MisereTooLarge {
        /// The last heap size.
        up_to: usize,
        /// The search's error.
        reason: crate::CgtError,
    },
    /// The values failed their check (a defect of the solver).
    #[error("the values failed the check: {0}")]
    Check(#[from] VerifyError),
}

impl ValuesError {
    /// Whether the fault is the program's rather than the input's.
    pub fn is_internal(&self) -> bool {
        matches!(self, ValuesError::Check(_))
    }
}

/// G(0..=up_to) of the game and what `options` asks for; `progress` is told how many values
/// are known.
pub fn analyse(
    rules: &Rules,
    options: &ValuesOptions,
    progress: &mut dyn FnMut(usize),
) -> Result<ValuesReport, ValuesError> {
    let solver = SOLVERS.get(&options.solver)?;
    let len = options
        .up_to
        .checked_add(1)
        .filter(|&len| len <= u32::MAX as usize)
        .ok_or(ValuesError::TooLarge(options.up_to))?;
    if options.listed.min(len) > MAX_LISTED_VALUES {
        return Err(ValuesError::TooManyListed(options.listed.min(len)));
    }
    let misere = if options.misere {
        Some(misere_table(rules, len)?)
    } else {
        None
    };
    let started = Instant::now();
    let result = compute_within(
        rules,
        solver,
        len,
        options.shortcut,
        MAX_STORED_VALUES,
        progress,
    )?;
    let seconds = started.elapsed().as_secs_f64();
    if options.verify {
        verify(rules, &result)?;
    }
    let Computed {
        values,
        period,
        computed,
    } = result;
    let periods = options.period.then(|| Periods {
        period,
        arithmetic_period_observed: if period.is_none() {
            observed_arithmetic(values.stored())
        } else {
            None
        },
    });
    Ok(ValuesReport {
        game: rules.to_string(),
        up_to: options.up_to,
        values,
        computed,
        seconds,
        verified: options.verify,
        periods,
        misere,
        solver: solver.id,
        proven: period,
    })
}

/// Misère values of single heaps of 0..len counters, and the genus of the first few.
fn misere_table(rules: &Rules, len: usize) -> Result<Misere, ValuesError> {
    let (estimate, largest_len) = misere_positions_bound(rules, len, MISERE_POSITIONS);
    if estimate > MISERE_POSITIONS as u128 {
        return Err(ValuesError::MisereEstimate {
            up_to: len - 1,
            estimate: if len > COUNTED_HEAPS + 1 {
                format!("more than {estimate}")
            } else {
                format!("up to {estimate}")
            },
            limit: MISERE_POSITIONS,
            largest: largest_len.saturating_sub(1),
        });
    }
    let misere = misere_values(rules, len, MISERE_POSITIONS).map_err(|reason| {
        ValuesError::MisereTooLarge {
            up_to: len - 1,
            reason,
        }
    })?;
    let game = HeapGame::new(rules);
    let mut genera = Vec::new();
    for n in 0..len.min(GENUS_HEAPS) {
        let position = if n == 0 { vec![] } else { vec![n as u32] };
        match genus(&game, &position, 6) {
            Ok(g) => genera.push(g.to_string()),
            Err(_) => break,
        }
    }
    Ok(Misere {
        misere,
        genus: genera,
    })
}
