//! `kalmar.impartial`: impartial games by the Sprague–Grundy theory, as `kalmar impartial`
//! computes them: Nim by Bouton's rule (`kalmar_cgt::nim`), heap games by their octal code (the
//! values job `kalmar_cgt::octal::analysis::analyse`, periods proven by the Guy–Smith theorem,
//! misère values and genera), all-but subtraction games, PEG-O-Stripes and Nukit.

use kalmar_cgt::nukit::{Nukit, Particles};
use kalmar_cgt::octal::analysis::{
    MAX_STORED_VALUES, MISERE_POSITIONS, ValuesOptions, ValuesReport, analyse,
};
use kalmar_cgt::octal::period::ArithmeticPeriod as LibArithmeticPeriod;
use kalmar_cgt::octal::verify::verify_values;
use kalmar_cgt::octal::{Period as LibPeriod, Rules as LibRules, SOLVERS};
use kalmar_cgt::plot::{all_but_plot, values_plot};
use kalmar_cgt::{Outcome, Play, all_but as lib_all_but, nim as lib_nim, stripes as lib_stripes};

use crate::common::{interruptible, read_only, value_error};
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::{Arc, OnceLock};

/// "N" (the player to move wins) or "P" (the player to move loses).
fn letter(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::N => "N",
        Outcome::P => "P",
    }
}

/// Normal play, or misère play when `misere`.
fn play(misere: bool) -> Play {
    if misere { Play::Misere } else { Play::Normal }
}

/// The nim-sum of the heaps (their bitwise XOR): the nimber of the Nim position, 0 exactly when
/// the player to move loses in normal play.
#[pyfunction]
fn nim(heaps: Vec<u64>) -> u64 {
    lib_nim::nim_sum(&heaps)
}

/// A move in Nim: heap `heap` (numbered from 0) goes from `before` counters down to `after`.
#[pyclass(module = "kalmar.impartial", frozen, eq)]
#[derive(PartialEq, Eq)]
pub struct NimMove {
    /// The heap, numbered from 0.
    #[pyo3(get)]
    heap: usize,
    /// Its size before the move.
    #[pyo3(get)]
    before: u64,
    /// Its size after the move.
    #[pyo3(get)]
    after: u64,
}

#[pymethods]
impl NimMove {
    fn __repr__(&self) -> String {
        format!(
            "<kalmar.impartial.NimMove: heap {} from {} to {}>",
            self.heap, self.before, self.after
        )
    }
}

/// A Nim position analysed by Bouton's rule: its nim-sum, its outcome and a winning move.
#[pyclass(module = "kalmar.impartial", frozen)]
pub struct NimPosition {
    /// The heap sizes.
    #[pyo3(get)]
    heaps: Vec<u64>,
    /// Whether misère play (the player who takes the last counter loses).
    #[pyo3(get)]
    misere: bool,
    /// The nim-sum of the heaps.
    #[pyo3(get)]
    nimber: u64,
    /// "N" when the player to move wins, "P" when it loses.
    #[pyo3(get)]
    outcome: &'static str,
    /// A move to a position the player to move then wins from, or None (a P-position, or no
    /// counters left).
    #[pyo3(get)]
    winning_move: Option<Py<NimMove>>,
}

#[pymethods]
impl NimPosition {
    fn __repr__(&self) -> String {
        format!(
            "<kalmar.impartial.NimPosition {:?} ({} play): nim-sum {}, {}-position>",
            self.heaps,
            if self.misere { "misère" } else { "normal" },
            self.nimber,
            self.outcome
        )
    }
}

/// Nim with these heaps, in normal play or with `misere` in misère play (the player who takes
/// the last counter loses): the nim-sum, the outcome ("N" or "P") and a winning move.
#[pyfunction]
#[pyo3(signature = (heaps, misere = false))]
fn nim_position(py: Python<'_>, heaps: Vec<u64>, misere: bool) -> PyResult<NimPosition> {
    let answer = lib_nim::analyse(&heaps, play(misere));
    let winning_move = answer
        .winning_move
        .map(|m| {
            Py::new(
                py,
                NimMove {
                    heap: m.heap,
                    before: m.from,
                    after: m.to,
                },
            )
        })
        .transpose()?;
    Ok(NimPosition {
        heaps: answer.heaps,
        misere,
        nimber: answer.nimber,
        outcome: letter(answer.outcome),
        winning_move,
    })
}

/// The rules of a heap game: an octal code such as `Rules("0.77")` (Kayles), Grundy's game,
/// a subtraction game or PEG-O-Stripes. Every function of this module that takes a game takes
/// these rules or an octal code as a string.
#[pyclass(module = "kalmar.impartial", frozen, eq)]
#[derive(PartialEq, Eq)]
pub struct Rules {
    rules: LibRules,
}

#[pymethods]
impl Rules {
    /// Reads an octal code such as "0.77", ".07" or "4.7"; ValueError with the column of a bad
    /// character.
    #[new]
    fn new(code: &str) -> PyResult<Rules> {
        parse_code(code).map(|rules| Rules { rules })
    }

    /// Grundy's game: split a heap into two heaps of different sizes.
    #[staticmethod]
    fn grundys_game() -> Rules {
        Rules {
            rules: LibRules::grundy(),
        }
    }

    /// The subtraction game S(s1, s2, ...): remove one of these numbers of counters from a heap.
    #[staticmethod]
    fn subtraction(removals: Vec<u64>) -> PyResult<Rules> {
        let rules = LibRules::subtraction(&removals).map_err(value_error)?;
        Ok(Rules { rules })
    }

    /// PEG-O-Stripes: place a strip of one of these lengths on a row of free squares (octal
    /// digit 7 at each length).
    #[staticmethod]
    fn stripes(lengths: Vec<u64>) -> PyResult<Rules> {
        let rules = LibRules::stripes(&lengths).map_err(value_error)?;
        Ok(Rules { rules })
    }

    /// The octal code, such as "0.77" ("Grundy's game" for Grundy's game).
    #[getter]
    fn code(&self) -> String {
        self.rules.to_string()
    }

    /// The game's common name (Kayles, Dawson's Kayles, Dawson's chess, Officers), or None.
    #[getter]
    fn name(&self) -> Option<&'static str> {
        if self.rules.unequal_splits() {
            return Some("Grundy's game");
        }
        self.rules.common_name()
    }

    /// The most counters one move removes.
    #[getter]
    fn max_removed(&self) -> usize {
        self.rules.max_removed()
    }

    /// Whether some move splits a heap in two.
    #[getter]
    fn splits(&self) -> bool {
        self.rules.splits()
    }

    /// Digit d_k of the code (0 beyond it): 1 take the whole heap, 2 leave one heap, 4 leave two.
    fn digit(&self, k: usize) -> u8 {
        self.rules.digit(k)
    }

    fn __str__(&self) -> String {
        self.rules.to_string()
    }

    fn __repr__(&self) -> String {
        match self.rules.common_name() {
            Some(name) => format!("<kalmar.impartial.Rules {} ({name})>", self.rules),
            None => format!("<kalmar.impartial.Rules {}>", self.rules),
        }
    }
}

/// An octal code read by the library, its errors placed in "the octal code".
fn parse_code(code: &str) -> PyResult<LibRules> {
    LibRules::parse(code).map_err(|e| value_error(e.in_file("the octal code")))
}

/// The rules of `game`: a `Rules` or an octal code.
fn rules_of(game: &Bound<'_, PyAny>) -> PyResult<LibRules> {
    if let Ok(rules) = game.cast::<Rules>() {
        return Ok(rules.get().rules.clone());
    }
    match game.extract::<String>() {
        Ok(code) => parse_code(&code),
        Err(_) => Err(PyValueError::new_err(format!(
            "expected an octal code such as \"0.77\" or a kalmar.impartial.Rules, not {}",
            game.get_type().name()?
        ))),
    }
}

/// A period proven by the Guy–Smith periodicity theorem: G(n + period) = G(n) for every
/// n >= preperiod, from the values G(0..proof_needs).
#[pyclass(module = "kalmar.impartial", frozen, eq)]
#[derive(PartialEq, Eq)]
pub struct Period {
    /// n0: the least heap from which the values repeat.
    #[pyo3(get)]
    preperiod: usize,
    /// p: the least period proven.
    #[pyo3(get)]
    period: usize,
    /// The last heap n with G(n) != G(n + p) (preperiod - 1), or None when preperiod is 0.
    #[pyo3(get)]
    last_exception: Option<usize>,
    /// How many values G(0), G(1), ... the proof uses.
    #[pyo3(get)]
    proof_needs: usize,
}

impl From<LibPeriod> for Period {
    fn from(p: LibPeriod) -> Self {
        Period {
            preperiod: p.preperiod,
            period: p.period,
            last_exception: p.last_exception,
            proof_needs: p.proof_needs,
        }
    }
}

#[pymethods]
impl Period {
    fn __repr__(&self) -> String {
        format!(
            "<kalmar.impartial.Period {} from n = {}, proven from G(0..{})>",
            self.period,
            self.preperiod,
            self.proof_needs.saturating_sub(1)
        )
    }
}

/// An arithmetic period: G(n + period) = G(n) + saltus for n >= preperiod. `proven` tells
/// whether it is proven (all-but games) or only seen in the values computed (octal games).
#[pyclass(module = "kalmar.impartial", frozen, eq)]
#[derive(PartialEq, Eq)]
pub struct ArithmeticPeriod {
    /// n0: from which heap the relation holds.
    #[pyo3(get)]
    preperiod: usize,
    /// p.
    #[pyo3(get)]
    period: usize,
    /// s > 0.
    #[pyo3(get)]
    saltus: u32,
    /// Whether the relation is proven for every n >= preperiod (else only seen in the values).
    #[pyo3(get)]
    proven: bool,
}

impl ArithmeticPeriod {
    fn new(p: LibArithmeticPeriod, proven: bool) -> Self {
        ArithmeticPeriod {
            preperiod: p.preperiod,
            period: p.period,
            saltus: p.saltus,
            proven,
        }
    }
}

#[pymethods]
impl ArithmeticPeriod {
    fn __repr__(&self) -> String {
        format!(
            "<kalmar.impartial.ArithmeticPeriod G(n + {}) = G(n) + {} from n = {}, {}>",
            self.period,
            self.saltus,
            self.preperiod,
            if self.proven {
                "proven"
            } else {
                "seen, not proven"
            }
        )
    }
}

/// The values job of a heap game: G(0..=up_to), how they were computed and checked, the proven
/// period (or an arithmetic one seen), and with `misere=True` the misère values and genera.
#[pyclass(module = "kalmar.impartial", frozen)]
pub struct Values {
    report: Arc<ValuesReport>,
    title: String,
    all: OnceLock<Py<PyArray1<u32>>>,
    /// The solver that computed the values.
    #[pyo3(get)]
    solver: &'static str,
    /// True when every value computed was checked against the definition and a proven period
    /// on the theorem's window (`verify=True`).
    #[pyo3(get)]
    verified: bool,
    /// The period proven by the Guy–Smith theorem, or None when none is proven from the values
    /// computed (or for Grundy's game, which the theorem does not cover).
    #[pyo3(get)]
    period: Option<Py<Period>>,
    /// When no period is proven: an arithmetic period seen in the values (not proven), or None.
    #[pyo3(get)]
    arithmetic_period_observed: Option<Py<ArithmeticPeriod>>,
    /// The misère values G-(0..=up_to) of single heaps (0: the player to move loses) as a
    /// read-only `uint32` array, with `misere=True`; else None.
    #[pyo3(get)]
    misere: Option<Py<PyArray1<u32>>>,
    /// The genus of the first heaps (such as "1^031"), with `misere=True`; else None.
    #[pyo3(get)]
    genus: Option<Vec<String>>,
}

#[pymethods]
impl Values {
    /// The game's octal code.
    #[getter]
    fn game(&self) -> &str {
        &self.report.game
    }

    /// The last heap size: the values are G(0), ..., G(up_to).
    #[getter]
    fn up_to(&self) -> usize {
        self.report.up_to
    }

    /// How many values the solver computed; the rest follow from the proven period.
    #[getter]
    fn computed(&self) -> usize {
        self.report.computed
    }

    /// The solver's time in seconds.
    #[getter]
    fn seconds(&self) -> f64 {
        self.report.seconds
    }

    /// G(0), ..., G(up_to) as a read-only `uint32` numpy array (those beyond the computed ones
    /// filled in from the period). Built on first use; refused above the values the library
    /// stores at most (use `value(n)` for single heaps then).
    #[getter]
    fn values(&self, py: Python<'_>) -> PyResult<Py<PyArray1<u32>>> {
        if let Some(array) = self.all.get() {
            return Ok(array.clone_ref(py));
        }
        let values = &self.report.values;
        if values.len() > MAX_STORED_VALUES {
            return Err(PyValueError::new_err(format!(
                "G(0..={}) are {} values, more than the {MAX_STORED_VALUES} held at once; read \
                 single heaps with value(n)",
                self.report.up_to,
                values.len()
            )));
        }
        let array = read_only(py, values.clone().into_vec())?;
        Ok(self.all.get_or_init(|| array).clone_ref(py))
    }

    /// G(n) for any heap n <= up_to, from the values computed or the proven period.
    fn value(&self, n: usize) -> PyResult<u32> {
        self.report.values.get(n).ok_or_else(|| {
            PyValueError::new_err(format!(
                "G({n}) is not known: the values end at G({})",
                self.report.up_to
            ))
        })
    }

    /// The plot of G(n) against n (the pre-period shaded, each period start marked) as SVG text.
    fn svg(&self) -> PyResult<String> {
        values_plot(&self.report, &self.title)
            .to_svg()
            .map_err(value_error)
    }

    fn __len__(&self) -> usize {
        self.report.values.len()
    }

    fn __getitem__(&self, n: usize) -> PyResult<u32> {
        self.report
            .values
            .get(n)
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err(format!("heap {n}")))
    }

    fn __repr__(&self) -> String {
        let period = match self.report.proven {
            Some(p) => format!("period {} from n = {}", p.period, p.preperiod),
            None => format!("no period proven from G(0..={})", self.report.computed - 1),
        };
        format!(
            "<kalmar.impartial.Values of {}: G(0..={}), {period}>",
            self.title, self.report.up_to
        )
    }
}

/// The title of a game: its code and common name.
fn title(rules: &LibRules) -> String {
    match rules.common_name() {
        Some(name) => format!("{rules} ({name})"),
        None => rules.to_string(),
    }
}

/// Runs the library's values job off the GIL.
fn run_values(
    py: Python<'_>,
    rules: LibRules,
    options: ValuesOptions,
) -> PyResult<(LibRules, ValuesReport)> {
    interruptible(py, move || {
        let report = analyse(&rules, &options, &mut |_| {});
        (rules, report)
    })
    .and_then(|(rules, report)| Ok((rules, report.map_err(value_error)?)))
}

/// The values of the heap game `game` (an octal code or `Rules`) for heaps 0..=up_to, as
/// `kalmar impartial octal` computes them: by `solver` (see `solvers()`), stopping once a
/// period is proven unless `shortcut=False`, checked against the definition with `verify=True`,
/// with the misère values and genera of single heaps with `misere=True` (small heaps only).
/// The GIL is released while it runs, and Ctrl-C interrupts it.
#[pyfunction]
#[pyo3(signature = (game, up_to, *, solver = "sparse", shortcut = true, verify = false, misere = false))]
fn values(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    up_to: usize,
    solver: &str,
    shortcut: bool,
    verify: bool,
    misere: bool,
) -> PyResult<Values> {
    let options = ValuesOptions {
        solver: solver.to_string(),
        shortcut,
        verify,
        period: true,
        misere,
        ..ValuesOptions::new(up_to)
    };
    let (rules, report) = run_values(py, rules_of(game)?, options)?;
    let period = report
        .proven
        .map(|p| Py::new(py, Period::from(p)))
        .transpose()?;
    let observed = report
        .periods
        .as_ref()
        .and_then(|p| p.arithmetic_period_observed)
        .map(|p| Py::new(py, ArithmeticPeriod::new(p, false)))
        .transpose()?;
    let (misere, genus) = match &report.misere {
        Some(m) => (
            Some(read_only(py, m.misere.clone())?),
            Some(m.genus.clone()),
        ),
        None => (None, None),
    };
    Ok(Values {
        title: title(&rules),
        solver: report.solver,
        verified: report.verified,
        report: Arc::new(report),
        all: OnceLock::new(),
        period,
        arithmetic_period_observed: observed,
        misere,
        genus,
    })
}

/// G(0), ..., G(up_to) of the heap game `game` (an octal code or `Rules`) as a read-only
/// `uint32` numpy array, by the sparse solver (or `solver`), values beyond a proven period
/// filled in from it. The GIL is released while it runs, and Ctrl-C interrupts it.
#[pyfunction]
#[pyo3(signature = (game, up_to, *, solver = "sparse"))]
fn grundy(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    up_to: usize,
    solver: &str,
) -> PyResult<Py<PyArray1<u32>>> {
    if up_to >= MAX_STORED_VALUES {
        return Err(PyValueError::new_err(format!(
            "G(0..={up_to}) would be more than the {MAX_STORED_VALUES} values held at once; use \
             values(game, up_to).value(n) for single heaps"
        )));
    }
    let options = ValuesOptions {
        solver: solver.to_string(),
        ..ValuesOptions::new(up_to)
    };
    let (_, report) = run_values(py, rules_of(game)?, options)?;
    read_only(py, report.values.into_vec())
}

/// The least period of the heap game `game` proven by the Guy–Smith theorem from G(0..=up_to)
/// (computed until the proof is complete), or None when none is proven from those values (or
/// for Grundy's game, which the theorem does not cover).
#[pyfunction]
#[pyo3(signature = (game, up_to, *, solver = "sparse"))]
fn period(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    up_to: usize,
    solver: &str,
) -> PyResult<Option<Period>> {
    let options = ValuesOptions {
        solver: solver.to_string(),
        period: true,
        ..ValuesOptions::new(up_to)
    };
    let (_, report) = run_values(py, rules_of(game)?, options)?;
    Ok(report.proven.map(Period::from))
}

/// Checks values G(0), G(1), ... of `game` against the definition, independently of the
/// solvers: raises ValueError naming the first heap whose value is wrong.
#[pyfunction]
fn verify(py: Python<'_>, game: &Bound<'_, PyAny>, values: Vec<u32>) -> PyResult<()> {
    let rules = rules_of(game)?;
    interruptible(py, move || verify_values(&rules, &values))?.map_err(value_error)
}

/// The ids of the solvers of G(0..n), in the registry's order.
#[pyfunction]
fn solvers() -> Vec<&'static str> {
    SOLVERS.ids().collect()
}

/// The values of an all-but subtraction game and the arithmetic period they prove.
#[pyclass(module = "kalmar.impartial", frozen)]
pub struct AllBut {
    answer: Arc<lib_all_but::AllButAnswer>,
    /// The removals that are not allowed, increasing.
    #[pyo3(get)]
    excluded: Vec<usize>,
    /// G(0), ..., G(up_to) as a read-only `uint32` array.
    #[pyo3(get)]
    values: Py<PyArray1<u32>>,
    /// The arithmetic period proven from the values, or None when none is proven from them.
    #[pyo3(get)]
    arithmetic_period: Option<Py<ArithmeticPeriod>>,
}

#[pymethods]
impl AllBut {
    /// The last heap size.
    #[getter]
    fn up_to(&self) -> usize {
        self.answer.up_to
    }

    /// The plot of G(n) against n with the saltus line, as SVG text.
    fn svg(&self) -> PyResult<String> {
        all_but_plot(&self.answer).to_svg().map_err(value_error)
    }

    fn __repr__(&self) -> String {
        let period = match self.answer.arithmetic_period {
            Some(p) => format!(
                "G(n + {}) = G(n) + {} from n = {}, proven",
                p.period, p.saltus, p.preperiod
            ),
            None => "no arithmetic period proven".to_string(),
        };
        format!(
            "<kalmar.impartial.AllBut excluding {:?}: G(0..={}), {period}>",
            self.excluded, self.answer.up_to
        )
    }
}

/// The all-but subtraction game that may remove any positive number of counters except those
/// in `excluded`: G(0..=up_to) and the arithmetic period G(n + p) = G(n) + s they prove.
#[pyfunction]
fn all_but(py: Python<'_>, excluded: Vec<u64>, up_to: usize) -> PyResult<AllBut> {
    let answer =
        interruptible(py, move || lib_all_but::analyse(&excluded, up_to))?.map_err(value_error)?;
    let arithmetic_period = answer
        .arithmetic_period
        .map(|p| Py::new(py, ArithmeticPeriod::new(p, true)))
        .transpose()?;
    Ok(AllBut {
        excluded: answer.excluded.clone(),
        values: read_only(py, answer.values.clone())?,
        arithmetic_period,
        answer: Arc::new(answer),
    })
}

/// PEG-O-Stripes on an empty board: its nimber, outcome and a winning placement.
#[pyclass(module = "kalmar.impartial", frozen)]
pub struct Stripes {
    /// The number of squares.
    #[pyo3(get)]
    board: u64,
    /// The board's nimber.
    #[pyo3(get)]
    nimber: u32,
    /// "N" when the first player wins, "P" when the second does.
    #[pyo3(get)]
    outcome: &'static str,
    /// A winning placement as (length, first square from 0), or None.
    #[pyo3(get)]
    winning_move: Option<(u64, u64)>,
}

#[pymethods]
impl Stripes {
    fn __repr__(&self) -> String {
        format!(
            "<kalmar.impartial.Stripes on {} squares: nimber {}, {}-position>",
            self.board, self.nimber, self.outcome
        )
    }
}

/// PEG-O-Stripes: strips of the given lengths placed on `board` empty squares in a row without
/// overlap; the player who cannot place one loses.
#[pyfunction]
fn stripes(py: Python<'_>, board: u64, lengths: Vec<u64>) -> PyResult<Stripes> {
    let answer =
        interruptible(py, move || lib_stripes::solve(board, &lengths))?.map_err(value_error)?;
    Ok(Stripes {
        board: answer.board,
        nimber: answer.nimber,
        outcome: letter(answer.outcome),
        winning_move: answer.winning_move.map(|m| (m.length, m.start)),
    })
}

/// Who wins a game of Nukit, and with which reaction.
#[pyclass(module = "kalmar.impartial", frozen)]
pub struct NukitGame {
    /// The counts of A, B, C and D at the start.
    #[pyo3(get)]
    particles: (u32, u32, u32, u32),
    /// "N" when Patrick (who moves first) wins, "P" when Roland does.
    #[pyo3(get)]
    outcome: &'static str,
    /// "Patrick" or "Roland".
    #[pyo3(get)]
    winner: &'static str,
    /// A reaction that wins for Patrick, by its letters (such as "ABCD"), or None.
    #[pyo3(get)]
    winning_reaction: Option<String>,
}

#[pymethods]
impl NukitGame {
    fn __repr__(&self) -> String {
        format!(
            "<kalmar.impartial.NukitGame {:?}: {} wins>",
            self.particles, self.winner
        )
    }
}

/// Nukit (CCC 2008) from these counts of particles A, B, C and D: a move forms one reaction;
/// the player who cannot loses; Patrick moves first. `reactions` are written as their
/// particles ("AABDD"); by default the contest's AABDD, ABCD, CCD, BBB and AD.
#[pyfunction]
#[pyo3(signature = (particles, reactions = None))]
fn nukit(
    py: Python<'_>,
    particles: (u32, u32, u32, u32),
    reactions: Option<Vec<String>>,
) -> PyResult<NukitGame> {
    let game = match reactions {
        None => Nukit::ccc2008(),
        Some(reactions) => {
            let parsed: Result<Vec<Particles>, _> = reactions
                .iter()
                .map(|r| Nukit::parse_reaction(r).map_err(|e| value_error(e.in_file("reaction"))))
                .collect();
            Nukit::new(parsed?)
        }
    };
    let (a, b, c, d) = particles;
    let answer = interruptible(py, move || game.solve([a, b, c, d], MISERE_POSITIONS))?
        .map_err(value_error)?;
    Ok(NukitGame {
        particles,
        outcome: letter(answer.outcome),
        winner: answer.winner,
        winning_reaction: answer.winning_reaction,
    })
}

/// Adds the functions and classes to the `impartial` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NimMove>()?;
    m.add_class::<NimPosition>()?;
    m.add_class::<Rules>()?;
    m.add_class::<Period>()?;
    m.add_class::<ArithmeticPeriod>()?;
    m.add_class::<Values>()?;
    m.add_class::<AllBut>()?;
    m.add_class::<Stripes>()?;
    m.add_class::<NukitGame>()?;
    m.add_function(wrap_pyfunction!(nim, m)?)?;
    m.add_function(wrap_pyfunction!(nim_position, m)?)?;
    m.add_function(wrap_pyfunction!(values, m)?)?;
    m.add_function(wrap_pyfunction!(grundy, m)?)?;
    m.add_function(wrap_pyfunction!(period, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(solvers, m)?)?;
    m.add_function(wrap_pyfunction!(all_but, m)?)?;
    m.add_function(wrap_pyfunction!(stripes, m)?)?;
    m.add_function(wrap_pyfunction!(nukit, m)?)?;
    Ok(())
}
