//! `kalmar.ohhell`: history filtering in Oh Hell, as `kalmar ohhell` runs it — public states
//! read by `kalmar_filter::ohhell::PublicState`, the jobs of `kalmar_filter::ohhell::jobs`
//! (count, enumerate, construct, sample) and the exact values of
//! `kalmar_filter::ohhell::value`.

use kalmar_core::Rational;
use kalmar_core::format::read_text_file;
use kalmar_filter::ohhell::jobs::{self, COUNTERS, SamplerSettings};
use kalmar_filter::ohhell::value::{history_values, public_value};
use kalmar_filter::ohhell::{Card, OhHell, PublicState as LibState};
use kalmar_filter::policy::{AnyPolicy, from_spec};

use crate::common::{fraction, fractions, interruptible, value_error};
use pyo3::prelude::*;
use std::path::PathBuf;
use std::sync::Arc;

/// The joint policy written `spec` ("uniform", "bias:P", "file:PATH"), drawn with `seed`.
fn policy(spec: &str, seed: u64) -> PyResult<AnyPolicy> {
    from_spec(spec, seed).map_err(value_error)
}

/// Each player's cards of a deal, by name.
fn hands(game: &OhHell, deal: &[Card]) -> Vec<Vec<String>> {
    game.hands_of(deal)
        .iter()
        .map(|cards| game.card_names(cards))
        .collect()
}

/// An Oh Hell public state after the deal: the game, the trump card, the bids and the cards
/// played so far. Which hidden cards each player holds is what history filtering recovers.
#[pyclass(module = "kalmar.ohhell", frozen)]
pub struct PublicState {
    pub(crate) state: Arc<LibState>,
}

/// One history of a public state: the deal, with its probabilities when it was weighed.
#[pyclass(module = "kalmar.ohhell", frozen)]
pub struct History {
    /// The cards dealt, by name, in deal order (from the dealer's left).
    #[pyo3(get)]
    deal: Vec<String>,
    /// Each player's cards, by name, in the order dealt.
    #[pyo3(get)]
    hands: Vec<Vec<String>>,
    /// Its reach probability under the policy (a Fraction), or None when not weighed.
    #[pyo3(get)]
    reach: Option<Py<PyAny>>,
    /// Its probability given the public state (a Fraction), or None when not weighed.
    #[pyo3(get)]
    probability: Option<Py<PyAny>>,
}

#[pymethods]
impl History {
    fn __repr__(&self) -> String {
        let hands: Vec<String> = self
            .hands
            .iter()
            .enumerate()
            .map(|(p, cards)| format!("{p}: {}", cards.join(" ")))
            .collect();
        format!("<kalmar.ohhell.History {}>", hands.join(" | "))
    }
}

/// The histories of a public state with positive reach: how many, and the first ones.
#[pyclass(module = "kalmar.ohhell", frozen)]
pub struct Listing {
    /// How many histories have positive reach under the policy.
    #[pyo3(get)]
    total: usize,
    /// The first histories (all with `limit=0`), in order, each with its probabilities.
    #[pyo3(get)]
    histories: Vec<Py<History>>,
}

#[pymethods]
impl Listing {
    fn __len__(&self) -> usize {
        self.histories.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<kalmar.ohhell.Listing: {} of {} histories>",
            self.histories.len(),
            self.total
        )
    }
}

/// Histories drawn from a public state.
#[pyclass(module = "kalmar.ohhell", frozen)]
pub struct Samples {
    /// The deals drawn, each by card names in deal order.
    #[pyo3(get)]
    deals: Vec<Vec<String>>,
    /// Each deal as the players' hands, by card names.
    #[pyo3(get)]
    hands: Vec<Vec<Vec<String>>>,
    /// True when drawn exactly from the enumerated histories, False for the RingSwap sampler.
    #[pyo3(get)]
    exact: bool,
    /// The sampler's transitions (0 when exact).
    #[pyo3(get)]
    transitions: u64,
    /// The proposals it accepted.
    #[pyo3(get)]
    accepted: u64,
    /// The share of proposals accepted.
    #[pyo3(get)]
    acceptance: f64,
}

#[pymethods]
impl Samples {
    fn __len__(&self) -> usize {
        self.deals.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<kalmar.ohhell.Samples: {} deals, {}>",
            self.deals.len(),
            if self.exact {
                "exact".to_string()
            } else {
                format!("{} transitions", self.transitions)
            }
        )
    }
}

impl PublicState {
    fn history(
        &self,
        py: Python<'_>,
        cards: &[Card],
        reach: Option<&Rational>,
        probability: Option<&Rational>,
    ) -> PyResult<Py<History>> {
        let game = &self.state.game;
        let exact = |r: Option<&Rational>| -> PyResult<Option<Py<PyAny>>> {
            r.map(|r| fraction(py, r).map(Bound::unbind)).transpose()
        };
        Py::new(
            py,
            History {
                deal: game.card_names(cards),
                hands: hands(game, cards),
                reach: exact(reach)?,
                probability: exact(probability)?,
            },
        )
    }
}

#[pymethods]
impl PublicState {
    /// The number of players.
    #[getter]
    fn players(&self) -> usize {
        self.state.game.players()
    }

    /// The number of suits.
    #[getter]
    fn suits(&self) -> usize {
        self.state.game.suits()
    }

    /// The number of ranks of each suit.
    #[getter]
    fn ranks(&self) -> usize {
        self.state.game.ranks()
    }

    /// The number of tricks (cards dealt to each player).
    #[getter]
    fn tricks(&self) -> usize {
        self.state.game.tricks()
    }

    /// The dealer (the last player unless the file says `dealer=`).
    #[getter]
    fn dealer(&self) -> usize {
        self.state.game.dealer().index()
    }

    /// The trump card's name.
    #[getter]
    fn trump(&self) -> String {
        self.state.game.card_name(self.state.trump)
    }

    /// The bids so far, in bidding order (from the dealer's left).
    #[getter]
    fn bids(&self) -> Vec<u32> {
        self.state.bids.iter().map(|&b| u32::from(b)).collect()
    }

    /// The cards played so far, by name, in order.
    #[getter]
    fn plays(&self) -> Vec<String> {
        self.state.game.card_names(&self.state.plays)
    }

    /// The game and how far it went, in one line.
    fn describe(&self) -> String {
        self.state.describe()
    }

    /// The text form, which `parse` reads back.
    fn to_text(&self) -> String {
        self.state.to_text()
    }

    /// The number of histories, exactly, by `method` (see `counters()`): "assignments" sums
    /// over suit-length assignments without listing them; "enumeration" lists them (small
    /// states only). The GIL is released while it runs, and Ctrl-C interrupts it.
    #[pyo3(signature = (method = "assignments"))]
    fn count(&self, py: Python<'_>, method: &str) -> PyResult<num_bigint::BigUint> {
        let state = Arc::clone(&self.state);
        let method = method.to_string();
        let report =
            interruptible(py, move || jobs::count(&state, &method, None))?.map_err(value_error)?;
        Ok(report.histories)
    }

    /// The histories with positive reach under `policy` ("uniform", "bias:P" drawn with
    /// `policy_seed`, or "file:PATH"), in order: how many, and the first `limit` (0 for all)
    /// with their reach and their probability given the public state, as Fractions. Refused
    /// when the state has more than `max` histories (counted first).
    #[pyo3(signature = (limit = 20, *, policy = "uniform", policy_seed = 0, max = 10_000_000))]
    fn enumerate(
        &self,
        py: Python<'_>,
        limit: usize,
        policy: &str,
        policy_seed: u64,
        max: usize,
    ) -> PyResult<Listing> {
        let chosen = self::policy(policy, policy_seed)?;
        let state = Arc::clone(&self.state);
        let listing = interruptible(py, move || jobs::list(&state, &chosen, limit, max, None))?
            .map_err(value_error)?;
        let histories = listing
            .shown
            .iter()
            .map(|h| self.history(py, &h.cards, Some(&h.reach), Some(&h.probability)))
            .collect::<PyResult<_>>()?;
        Ok(Listing {
            total: listing.histories,
            histories,
        })
    }

    /// One history of the public state, built by maximum flow (Lemma 2) and checked by
    /// replaying it, or None when no deal fits the plays and voids.
    fn construct(&self, py: Python<'_>) -> PyResult<Option<Py<History>>> {
        let state = Arc::clone(&self.state);
        let construction =
            interruptible(py, move || jobs::construct(&state))?.map_err(value_error)?;
        construction
            .cards
            .map(|cards| self.history(py, &cards, None, None))
            .transpose()
    }

    /// Draws `n` histories in proportion to their reach under `policy`: by the RingSwap
    /// Metropolis–Hastings sampler (`chains` chains, `burn_in` transitions before a chain's
    /// first sample, `thin` between samples, from a uniformly drawn deal or with `flow_start`
    /// from the maximum-flow one), or with `exact=True` exactly from the enumerated histories
    /// (small states only). The same `seed` gives the same draws.
    #[pyo3(signature = (
        n, *, seed = 1, exact = false, policy = "uniform", policy_seed = 0, chains = 4,
        burn_in = 20, thin = 20, flow_start = false
    ))]
    #[expect(
        clippy::too_many_arguments,
        reason = "the sampler's settings, as keywords"
    )]
    fn sample(
        &self,
        py: Python<'_>,
        n: usize,
        seed: u64,
        exact: bool,
        policy: &str,
        policy_seed: u64,
        chains: usize,
        burn_in: usize,
        thin: usize,
        flow_start: bool,
    ) -> PyResult<Samples> {
        let chosen = self::policy(policy, policy_seed)?;
        let settings = SamplerSettings {
            samples: n,
            chains,
            burn_in,
            thin,
            seed,
            flow_start,
        };
        let state = Arc::clone(&self.state);
        let samples = interruptible(py, move || jobs::sample(&state, &chosen, &settings, exact))?
            .map_err(value_error)?;
        let game = &self.state.game;
        Ok(Samples {
            hands: samples.cards.iter().map(|d| hands(game, d)).collect(),
            acceptance: samples.acceptance(),
            deals: samples.samples,
            exact,
            transitions: samples.transitions,
            accepted: samples.accepted,
        })
    }

    /// The value of the public state to each player under `policy`,
    /// V(S) = sum over its histories h of P(h|S) V(h), where V(h) is what the player expects
    /// when play goes on from h under the policy to the end of the hand: one Fraction per
    /// player. Every history is enumerated and played out, so this is for small states (at
    /// most `max` histories, counted first).
    #[pyo3(signature = (*, policy = "uniform", policy_seed = 0, max = 1_000_000))]
    fn value<'py>(
        &self,
        py: Python<'py>,
        policy: &str,
        policy_seed: u64,
        max: usize,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let chosen = self::policy(policy, policy_seed)?;
        let state = Arc::clone(&self.state);
        let histories = interruptible(py, move || history_values(&state, &chosen, max, None))?
            .map_err(value_error)?;
        fractions(py, &public_value(&histories))
    }

    fn __str__(&self) -> String {
        self.state.to_text()
    }

    fn __repr__(&self) -> String {
        format!("<kalmar.ohhell.PublicState: {}>", self.state.describe())
    }
}

/// Reads a public state from its text form (`game players=3 suits=2 ranks=4 tricks=2`, then
/// `trump`, `bids` and `plays` lines; `;` also ends a line). ValueError with the line and column.
#[pyfunction]
fn parse(text: &str) -> PyResult<PublicState> {
    let state = LibState::parse(text).map_err(value_error)?;
    Ok(PublicState {
        state: Arc::new(state),
    })
}

/// Reads a public state from a file: OSError if it cannot be read, ValueError with the file,
/// line and column if it does not parse.
#[pyfunction]
fn read(path: PathBuf) -> PyResult<PublicState> {
    let text = read_text_file(&path).map_err(crate::read_error)?;
    let state =
        LibState::parse(&text).map_err(|e| value_error(e.in_file(path.display().to_string())))?;
    Ok(PublicState {
        state: Arc::new(state),
    })
}

/// The ids of the counting methods, in the registry's order.
#[pyfunction]
fn counters() -> Vec<&'static str> {
    COUNTERS.ids().collect()
}

/// Adds the functions and classes to the `ohhell` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PublicState>()?;
    m.add_class::<History>()?;
    m.add_class::<Listing>()?;
    m.add_class::<Samples>()?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(counters, m)?)?;
    Ok(())
}
