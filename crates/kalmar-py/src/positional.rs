//! `kalmar.positional`: n-player positional games on graphs (chance allowed), read from `.gg`
//! files or text, solved by `kalmar_positional::backward_induction` and checked by
//! `kalmar_positional::check` before Python sees the answer, as `kalmar positional nash` does.

use kalmar_core::format::{GameGraph, read_gg};
use kalmar_core::{Owner, Vertex};
use kalmar_efg::format::GameFile;
use kalmar_parity::format::read_path;
use kalmar_positional::deviation::outcome_name;
use kalmar_positional::solution_file::SolutionFile;
use kalmar_positional::summary::Count;
use kalmar_positional::{
    Equilibrium as LibEquilibrium, PositionalGame, check, cycle_certificate, form_search, nash,
    normal_form, preference_search, ricycle, summary,
};

use crate::common::{
    fraction, fractions, interruptible, read_only, save, value_error, write_error,
};
use numpy::PyArray1;
use pyo3::exceptions::{PyIndexError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;
use std::sync::Arc;

/// An n-player game on a graph: positions numbered 0..n in the file's order, each moved by a
/// player or by chance, or a terminal that pays every player a utility.
#[pyclass(module = "kalmar.positional", frozen)]
pub struct Game {
    graph: GameGraph,
    game: Arc<PositionalGame>,
}

/// A Nash equilibrium in pure positional strategies of a game that may have cycles, checked by
/// every player's best deviation before it was returned (or the proof that there is none).
#[pyclass(module = "kalmar.positional", frozen)]
pub struct NashEquilibrium {
    /// The solver that ran.
    #[pyo3(get)]
    solver: &'static str,
    /// Whether an equilibrium was found (False only when `exact` or `brute` proved there is
    /// none).
    #[pyo3(get)]
    found: bool,
    /// The outcome of its play from the start: a terminal's name, or "c (infinite play)".
    #[pyo3(get)]
    outcome: Option<String>,
    /// Every player's utility of that outcome, as `Fraction`s.
    #[pyo3(get)]
    utilities: Option<Vec<Py<PyAny>>>,
    /// Whether it is an equilibrium from every start too; None when the game is too large to
    /// check every start and the solver does not guarantee it.
    #[pyo3(get)]
    subgame_perfect: Option<bool>,
    /// Each player's position and the position its move goes to, by name.
    #[pyo3(get)]
    moves: Option<std::collections::BTreeMap<String, String>>,
    /// How many strong improvements `improve` took.
    #[pyo3(get)]
    steps: Option<usize>,
    /// How many equilibria `brute` found, among how many `profiles`.
    #[pyo3(get)]
    equilibria: Option<usize>,
    /// How many profiles `brute` tried.
    #[pyo3(get)]
    profiles: Option<u64>,
    /// How many partial profiles `exact` searched.
    #[pyo3(get)]
    nodes: Option<u64>,
    /// The solution file's text, when an equilibrium was found.
    file: Option<String>,
}

#[pymethods]
impl NashEquilibrium {
    /// The solution file (JSON of kind "nash equilibrium": every move, the outcome from the
    /// start and the utilities there), exactly as `kalmar positional nash --output` writes it;
    /// `kalmar.verify` and `kalmar verify` check it. `ValueError` when no equilibrium exists.
    fn to_text(&self) -> PyResult<String> {
        self.file
            .clone()
            .ok_or_else(|| value_error("no equilibrium exists in pure positional strategies"))
    }

    /// Writes `to_text()` to the file `path`: `OSError` if it cannot be written.
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        save(py, &path, &self.to_text()?)
    }

    fn __repr__(&self) -> String {
        match &self.outcome {
            Some(outcome) => format!(
                "<kalmar.positional.NashEquilibrium by {}: play ends in {outcome}, verified>",
                self.solver
            ),
            None => format!(
                "<kalmar.positional.NashEquilibrium by {}: none exists in pure positional strategies>",
                self.solver
            ),
        }
    }
}

/// What `Game.find_preferences` found.
#[pyclass(module = "kalmar.positional", frozen)]
pub struct PreferenceSearch {
    /// Whether some preferences make an ri-cycle of the type asked for.
    #[pyo3(get)]
    found: bool,
    /// The cycle's steps as `(player, [outcome names passed through])`.
    #[pyo3(get)]
    steps: Option<Vec<CycleStep>>,
    /// Preferences that make it an ri-cycle, in the paper's notation (players from 1, worst
    /// to best, `=` for ties).
    #[pyo3(get)]
    preferences: Option<String>,
    /// How many profiles the game form has.
    #[pyo3(get)]
    profiles: u64,
    /// How many partial cycles the search extended.
    #[pyo3(get)]
    nodes: u64,
}

#[pymethods]
impl PreferenceSearch {
    fn __repr__(&self) -> String {
        match &self.steps {
            Some(steps) => format!(
                "<kalmar.positional.PreferenceSearch: an ri-cycle of {} steps, verified>",
                steps.len()
            ),
            None => format!(
                "<kalmar.positional.PreferenceSearch: no preferences make one ({} profiles, {} partial cycles)>",
                self.profiles, self.nodes
            ),
        }
    }
}

/// What `search_forms` found.
#[pyclass(module = "kalmar.positional", frozen)]
pub struct FormSearch {
    /// Whether a form with preferences that make an ri-cycle was found.
    #[pyo3(get)]
    found: bool,
    /// How many forms were drawn.
    #[pyo3(get)]
    forms: usize,
    /// How many partial cycles the searches extended, in all.
    #[pyo3(get)]
    nodes: u64,
    /// The form found, with the preferences as its utilities (0, 1, 2, … by rank).
    #[pyo3(get)]
    game: Option<Py<Game>>,
    /// The cycle's steps as `(player, [outcome names passed through])`.
    #[pyo3(get)]
    steps: Option<Vec<CycleStep>>,
    /// The preferences in the paper's notation.
    #[pyo3(get)]
    preferences: Option<String>,
}

#[pymethods]
impl FormSearch {
    fn __repr__(&self) -> String {
        match &self.steps {
            Some(steps) => format!(
                "<kalmar.positional.FormSearch: form {} has an ri-cycle of {} steps, verified>",
                self.forms,
                steps.len()
            ),
            None => format!(
                "<kalmar.positional.FormSearch: none in {} forms>",
                self.forms
            ),
        }
    }
}

/// Draws up to `forms` random game forms (`positions` positions of `players` players, in turn
/// or at random, each with `moves` moves, to later positions only if `acyclic`; `terminals`
/// terminals a1, a2, …) from `seed` and searches each for preferences that make an ri-cycle of
/// type `improvement` under `restriction` (c-free if asked), as `Game.find_preferences` does,
/// until one is found. Finding none is evidence about forms of that shape, not proof.
#[pyfunction]
#[pyo3(signature = (*, players=2, positions=4, terminals=3, moves=2, acyclic=false, random_owners=false, forms=10_000, seed=1, improvement="standard", restriction="inside-play", c_free=false, max_profiles=1 << 16, max_nodes=1_000_000))]
#[expect(
    clippy::too_many_arguments,
    reason = "keyword arguments of a Python function"
)]
fn search_forms(
    py: Python<'_>,
    players: u8,
    positions: usize,
    terminals: usize,
    moves: usize,
    acyclic: bool,
    random_owners: bool,
    forms: usize,
    seed: u64,
    improvement: &str,
    restriction: &str,
    c_free: bool,
    max_profiles: u64,
    max_nodes: u64,
) -> PyResult<FormSearch> {
    let options = cycle_options(
        improvement,
        restriction,
        c_free,
        max_profiles,
        Some(max_nodes),
    )?;
    let shape = form_search::Shape {
        players,
        positions,
        terminals,
        moves,
        acyclic,
        owners_in_turn: !random_owners,
    };
    let found = interruptible(py, move || {
        form_search::search(&shape, &options, forms, seed)
    })?
    .map_err(value_error)?;
    let (game, steps, preferences) = match found.found {
        Some((form, witness)) => {
            let game = witness.game(&form);
            let steps = checked_steps(&game, &witness.steps, &options)?;
            let notation = witness.notation(&form);
            let game = Py::new(
                py,
                Game {
                    graph: game.to_graph(),
                    game: Arc::new(game),
                },
            )?;
            (Some(game), Some(steps), Some(notation))
        }
        None => (None, None, None),
    };
    Ok(FormSearch {
        found: game.is_some(),
        forms: found.forms,
        nodes: found.nodes,
        game,
        steps,
        preferences,
    })
}

/// The options of a search for ri-cycles, the names checked (`max_nodes` None: the library's).
fn cycle_options(
    improvement: &str,
    restriction: &str,
    c_free: bool,
    max_profiles: u64,
    max_nodes: Option<u64>,
) -> PyResult<ricycle::Options> {
    let (improvement, restriction) = improvement_and_restriction(improvement, restriction)?;
    let default = ricycle::Options::default();
    Ok(ricycle::Options {
        improvement,
        restriction,
        c_free,
        max_profiles,
        max_nodes: max_nodes.unwrap_or(default.max_nodes),
    })
}

/// A cycle's steps for Python, after the cycle's certificate passed.
fn checked_steps(
    game: &PositionalGame,
    cycle: &[ricycle::CycleStep],
    options: &ricycle::Options,
) -> PyResult<Vec<CycleStep>> {
    cycle_certificate::check(game, cycle, options.improvement, options.restriction).map_err(
        |e| {
            PyRuntimeError::new_err(format!(
                "internal error, the cycle found fails its certificate: {e}"
            ))
        },
    )?;
    Ok(cycle
        .iter()
        .map(|step| {
            let names = step
                .outcomes
                .iter()
                .map(|&o| outcome_name(game, o))
                .collect();
            (step.player, names)
        })
        .collect())
}

/// The type of improvement and the restriction named, or `ValueError` listing the names.
fn improvement_and_restriction(
    improvement: &str,
    restriction: &str,
) -> PyResult<(
    kalmar_positional::restricted::Improvement,
    kalmar_positional::restricted::Restriction,
)> {
    let kind = improvement
        .parse()
        .map_err(|e| value_error(format!("improvement {e}")))?;
    let restriction = restriction
        .parse()
        .map_err(|e| value_error(format!("restriction {e}")))?;
    Ok((kind, restriction))
}

/// A step of an improvement cycle: the player, and the names of the outcomes it passes through.
type CycleStep = (usize, Vec<String>);

/// The ids of the solvers of `Game.nash`, in the registry's order.
#[pyfunction]
fn solvers() -> Vec<&'static str> {
    nash::SOLVERS.ids().collect()
}

/// A subgame-perfect equilibrium in positional strategies, with the expected utility of every
/// player at every position, checked by the independent certificate before it was returned.
#[pyclass(module = "kalmar.positional", frozen)]
pub struct Equilibrium {
    game: Arc<PositionalGame>,
    equilibrium: LibEquilibrium,
    /// The solver that ran: "backward-induction".
    #[pyo3(get)]
    solver: &'static str,
    /// Per position, the position its mover goes to (-1 at chance positions and terminals), as
    /// a read-only `int64` array.
    #[pyo3(get)]
    strategy: Py<PyArray1<i64>>,
    /// Always True: no player gains by changing any one move (checked independently).
    #[pyo3(get)]
    verified: bool,
}

/// The position named `position` (a name, or an index in the file's order).
fn vertex(game: &PositionalGame, position: &Bound<'_, PyAny>) -> PyResult<Vertex> {
    let arena = game.arena();
    if let Ok(index) = position.extract::<usize>() {
        return (index < arena.num_vertices())
            .then(|| Vertex::new(index))
            .ok_or_else(|| {
                PyIndexError::new_err(format!(
                    "position {index}: the game has {} positions",
                    arena.num_vertices()
                ))
            });
    }
    let name: String = position.extract()?;
    arena
        .vertices()
        .find(|&v| arena.name(v) == name)
        .ok_or_else(|| PyIndexError::new_err(format!("the game has no position {name}")))
}

#[pymethods]
impl Equilibrium {
    /// Per position (in the file's order), each player's expected utility as Fractions.
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Vec<Vec<Bound<'py, PyAny>>>> {
        self.equilibrium
            .values
            .iter()
            .map(|v| fractions(py, v))
            .collect()
    }

    /// What each player expects from the start, as Fractions.
    #[getter]
    fn start_values<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        fractions(py, &self.equilibrium.values[self.game.start().index()])
    }

    /// Each player's expected utility from `position` (a name or an index), as Fractions.
    fn value<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let v = vertex(&self.game, position)?;
        fractions(py, &self.equilibrium.values[v.index()])
    }

    /// The name of the position the mover of `position` goes to, or None (chance, terminal).
    fn move_at(&self, position: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let v = vertex(&self.game, position)?;
        let arena = self.game.arena();
        Ok(self
            .equilibrium
            .strategy
            .successor(arena, v)
            .map(|w| arena.name(w).into_owned()))
    }

    /// The solution file (JSON: every position's utilities as exact strings and every move),
    /// exactly as `kalmar positional nash --output` writes it; `Game.verify`, `kalmar.verify`
    /// and `kalmar verify` check it.
    fn to_text(&self, py: Python<'_>) -> PyResult<String> {
        py.detach(|| SolutionFile::new(&self.game, &self.equilibrium).to_text())
            .map_err(write_error)
    }

    /// Writes `to_text()` to the file `path`: `OSError` if it cannot be written.
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        save(py, &path, &self.to_text(py)?)
    }

    fn __repr__(&self) -> String {
        let start = self.game.start();
        format!(
            "<kalmar.positional.Equilibrium by {}: from {} the players expect ({}), verified>",
            self.solver,
            self.game.arena().name(start),
            check::join(&self.equilibrium.values[start.index()])
        )
    }
}

impl Game {
    pub fn from_graph(graph: GameGraph) -> PyResult<Game> {
        let game = PositionalGame::from_graph(&graph).map_err(value_error)?;
        Ok(Game {
            graph,
            game: Arc::new(game),
        })
    }
}

#[pymethods]
impl Game {
    /// The number of players.
    #[getter]
    fn num_players(&self) -> usize {
        self.game.num_players()
    }

    /// The number of positions.
    #[getter]
    fn num_positions(&self) -> usize {
        self.game.arena().num_vertices()
    }

    /// The number of moves.
    #[getter]
    fn num_moves(&self) -> usize {
        self.game.arena().num_edges()
    }

    /// The positions' names, in the file's order.
    #[getter]
    fn positions(&self) -> Vec<String> {
        let arena = self.game.arena();
        arena
            .vertices()
            .map(|v| arena.name(v).into_owned())
            .collect()
    }

    /// The name of the position play starts from (the file's `start`, else the first).
    #[getter]
    fn start(&self) -> String {
        self.game.arena().name(self.game.start()).into_owned()
    }

    /// Who moves at `position` (a name or an index): a player's number, "chance", or None at a
    /// terminal.
    fn mover(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let v = vertex(&self.game, position)?;
        Ok(match self.game.arena().owner(v) {
            Owner::Player(p) => p.index().into_pyobject(py)?.into_any().unbind(),
            Owner::Chance => "chance".into_pyobject(py)?.into_any().unbind(),
            Owner::Terminal => py.None(),
        })
    }

    /// What the terminal `position` (a name or an index) pays each player, as Fractions (empty
    /// for other positions).
    fn payoff<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let v = vertex(&self.game, position)?;
        self.game
            .payoff(v)
            .iter()
            .map(|u| fraction(py, u))
            .collect()
    }

    /// A subgame-perfect equilibrium by backward induction (the game must be acyclic; ties go
    /// to the earliest move in the file), checked by the independent certificate: no player
    /// gains by changing any one move. The GIL is released while it runs, and Ctrl-C
    /// interrupts it.
    fn solve(&self, py: Python<'_>) -> PyResult<Equilibrium> {
        let game = Arc::clone(&self.game);
        let solved = interruptible(py, move || nash::subgame_perfect(&game))?
            .map_err(|e| match e {
                nash::BackwardError::Certificate(_) => PyRuntimeError::new_err(e.to_string()),
                e => value_error(e),
            })?
            .equilibrium;
        let arena = self.game.arena();
        let strategy = arena
            .vertices()
            .map(|v| {
                solved
                    .strategy
                    .successor(arena, v)
                    .map_or(-1, |w| w.index() as i64)
            })
            .collect();
        Ok(Equilibrium {
            game: Arc::clone(&self.game),
            solver: "backward-induction",
            strategy: read_only(py, strategy)?,
            verified: true,
            equilibrium: solved,
        })
    }

    /// Follows improvement dynamics from a profile (`start="first"`: every position's first
    /// move, or "random" from `seed`) to an equilibrium or a cycle: steps of type `improvement`
    /// ("standard", "strong", "last-step", "best-reply") under `restriction` ("lazy",
    /// "inside-play", "unrestricted"), chosen by `rule` ("round-robin", or "random" from
    /// `seed`). Returns a dict: `steps` (each `player`, `from`, `to` as outcome names,
    /// `utilities` before and after as Fractions, `changed` decisions), `end` ("equilibrium",
    /// "cycle" or "limit"), `cycle_from` (the step where the repeated profile first appeared)
    /// and `moves` at an equilibrium (checked by the Nash certificate).
    #[pyo3(signature = (improvement="best-reply", *, restriction="lazy", rule="round-robin", seed=1, start="first", max_steps=1_000_000))]
    #[expect(
        clippy::too_many_arguments,
        reason = "one keyword argument per option of the dynamics"
    )]
    fn dynamics<'py>(
        &self,
        py: Python<'py>,
        improvement: &str,
        restriction: &str,
        rule: &str,
        seed: u64,
        start: &str,
        max_steps: usize,
    ) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        use kalmar_positional::improvement::{self, Dynamics, End, Rule};
        let (kind, restriction) = improvement_and_restriction(improvement, restriction)?;
        let rule = Rule::from_name(rule, seed).map_err(|e| value_error(format!("rule {e}")))?;
        let profile = improvement::start_profile(&self.game, start, seed)
            .map_err(|e| value_error(format!("start {e}")))?;
        let dynamics = Dynamics {
            improvement: kind,
            restriction,
            rule,
            max_steps,
        };
        let game = Arc::clone(&self.game);
        let run = interruptible(py, move || improvement::run_with(&game, profile, &dynamics))?
            .map_err(|e| match e {
                improvement::DynamicsError::Certificate(_) => {
                    PyRuntimeError::new_err(e.to_string())
                }
                e => value_error(e),
            })?;
        let arena = self.game.arena();
        let steps = pyo3::types::PyList::empty(py);
        for step in &run.steps {
            let entry = pyo3::types::PyDict::new(py);
            entry.set_item("player", step.player)?;
            entry.set_item("from", outcome_name(&self.game, step.from))?;
            entry.set_item("to", outcome_name(&self.game, step.to))?;
            entry.set_item(
                "utilities",
                (fraction(py, &step.gain.0)?, fraction(py, &step.gain.1)?),
            )?;
            entry.set_item("changed", step.changed)?;
            steps.append(entry)?;
        }
        let answer = pyo3::types::PyDict::new(py);
        answer.set_item("steps", steps)?;
        let (end, cycle_from, moves) = match &run.end {
            End::Equilibrium(profile) => {
                let moves: std::collections::BTreeMap<String, String> = arena
                    .vertices()
                    .filter_map(|v| {
                        let w = profile.successor(arena, v)?;
                        Some((arena.name(v).into_owned(), arena.name(w).into_owned()))
                    })
                    .collect();
                ("equilibrium", None, Some(moves))
            }
            End::Cycle { from } => ("cycle", Some(*from), None),
            End::Limit => ("limit", None, None),
        };
        answer.set_item("end", end)?;
        answer.set_item("cycle_from", cycle_from)?;
        answer.set_item("moves", moves)?;
        Ok(answer)
    }

    /// Searches for an improvement cycle: profiles x¹ → x² → … → x¹, each step one player's
    /// improvement of type `improvement` ("standard", "strong", "last-step", "best-reply",
    /// "strong-best-reply"), restricted to inside-play deviations (`restriction="inside-play"`,
    /// the paper's ri-cycles), lazy ones ("lazy") or any change of the player's strategy
    /// ("unrestricted"); with `c_free`, only through profiles whose play ends. Returns the
    /// cycle's steps as `(player, [outcome names passed through])`, checked by the cycle's
    /// certificate, or None when there is none. Refused above `max_profiles` profiles.
    #[pyo3(signature = (improvement="standard", *, restriction="inside-play", c_free=false, max_profiles=1 << 20))]
    fn ricycle(
        &self,
        py: Python<'_>,
        improvement: &str,
        restriction: &str,
        c_free: bool,
        max_profiles: u64,
    ) -> PyResult<Option<Vec<CycleStep>>> {
        let options = cycle_options(improvement, restriction, c_free, max_profiles, None)?;
        let game = Arc::clone(&self.game);
        let found = interruptible(py, move || ricycle::search_with(&game, &options))?
            .map_err(value_error)?;
        found
            .map(|cycle| checked_steps(&self.game, &cycle, &options))
            .transpose()
    }

    /// Searches for preferences that make an ri-cycle, ignoring the game's utilities (read a
    /// game form with `form=True`): a cycle of deviations of `restriction` whose order
    /// constraints are consistent for every player (§2 of the paper), the steps of type
    /// `improvement`, through profiles whose play ends when `c_free`. The answer says whether
    /// one was found, the cycle's steps, preferences in the paper's notation that make it one
    /// (`read(..., preferences=...)` takes them back), and the search's size; when none is found
    /// no preferences, ties allowed, make one. Refused above `max_profiles` profiles, or when
    /// the search passes `max_nodes` partial cycles.
    #[pyo3(signature = (improvement="standard", *, restriction="inside-play", c_free=false, max_profiles=1 << 20, max_nodes=10_000_000))]
    fn find_preferences(
        &self,
        py: Python<'_>,
        improvement: &str,
        restriction: &str,
        c_free: bool,
        max_profiles: u64,
        max_nodes: u64,
    ) -> PyResult<PreferenceSearch> {
        let options = cycle_options(
            improvement,
            restriction,
            c_free,
            max_profiles,
            Some(max_nodes),
        )?;
        let game = Arc::clone(&self.game);
        let searched = interruptible(py, move || preference_search::search(&game, &options))?
            .map_err(value_error)?;
        let (steps, preferences) = match &searched.witness {
            Some(witness) => {
                let game = witness.game(&self.game);
                let steps = checked_steps(&game, &witness.steps, &options)?;
                (Some(steps), Some(witness.notation(&game)))
            }
            None => (None, None),
        };
        Ok(PreferenceSearch {
            found: steps.is_some(),
            steps,
            preferences,
            profiles: searched.profiles,
            nodes: searched.nodes,
        })
    }

    /// A Nash equilibrium in pure positional strategies from the start, on a game with cycles
    /// too, by a solver of `solvers()` (None: the one that fits: `bi` on an acyclic game, else
    /// `win-lose`, `improve` for two players, `exact`), checked by every player's best deviation
    /// computed by reachability. `exact` searches at most `max_profiles` partial profiles and
    /// finds an equilibrium or proves there is none; `brute` tries at most `max_profiles`
    /// profiles and counts every equilibrium; `improve` takes at most `max_steps` steps. Games
    /// with chance: use `solve()`.
    #[pyo3(signature = (solver=None, *, max_profiles=1 << 24, max_steps=1_000_000))]
    fn nash(
        &self,
        py: Python<'_>,
        solver: Option<String>,
        max_profiles: u64,
        max_steps: usize,
    ) -> PyResult<NashEquilibrium> {
        let game = Arc::clone(&self.game);
        let options = nash::Options {
            solver,
            max_profiles,
            max_steps,
        };
        let solved =
            interruptible(py, move || nash::solve(&game, &options))?.map_err(|e| match e {
                nash::NashError::Certificate(_) => PyRuntimeError::new_err(e.to_string()),
                e => value_error(e),
            })?;
        let arena = self.game.arena();
        let found = solved.equilibrium.as_ref();
        let moves = found.map(|f| {
            arena
                .vertices()
                .filter_map(|v| {
                    let w = f.profile.successor(arena, v)?;
                    Some((arena.name(v).into_owned(), arena.name(w).into_owned()))
                })
                .collect()
        });
        Ok(NashEquilibrium {
            solver: solved.solver,
            found: found.is_some(),
            outcome: found.map(|f| outcome_name(&self.game, f.outcome)),
            utilities: found
                .map(|f| {
                    fractions(py, &f.utilities).map(|u| u.into_iter().map(Bound::unbind).collect())
                })
                .transpose()?,
            subgame_perfect: found.and_then(|f| f.subgame_perfect),
            moves,
            steps: solved.steps,
            equilibria: solved.count.map(|c| c.0),
            profiles: solved.count.map(|c| c.1),
            nodes: solved.nodes,
            file: found
                .map(|f| {
                    SolutionFile::nash(&self.game, solved.solver, &f.profile)
                        .map_err(|e| PyRuntimeError::new_err(format!("internal error: {e}")))?
                        .to_text()
                        .map_err(write_error)
                })
                .transpose()?,
        })
    }

    /// What the game is, before it is solved, as a dict: `players` (per player its `player`
    /// number, `positions`, `moves` and `strategies`, the number of its pure positional
    /// strategies), `positions`, `terminals`, `chance_positions`, `moves`, `start`, `acyclic`
    /// (no cycle reachable from the start), `profiles` (the number of positional profiles),
    /// `win_lose` (two players, every outcome (1,-1) or (-1,1)) and `cycle` (what infinite play
    /// pays, as Fractions). Counts are exact ints up to 2^1024, beyond which they are strings
    /// "at least 2^k". As `kalmar positional info --json`.
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let info = summary::info(&self.game);
        let count = |c: &Count| -> PyResult<Py<PyAny>> {
            Ok(match c {
                Count::Exact(n) => n.into_pyobject(py)?.into_any().unbind(),
                Count::AtLeast(_) => c.to_string().into_pyobject(py)?.into_any().unbind(),
            })
        };
        let players = info
            .players
            .iter()
            .map(|p| {
                let d = PyDict::new(py);
                d.set_item("player", p.player)?;
                d.set_item("positions", p.positions)?;
                d.set_item("moves", p.moves)?;
                d.set_item("strategies", count(&p.strategies)?)?;
                Ok(d)
            })
            .collect::<PyResult<Vec<_>>>()?;
        let d = PyDict::new(py);
        d.set_item("players", players)?;
        d.set_item("positions", info.positions)?;
        d.set_item("terminals", info.terminals)?;
        d.set_item("chance_positions", info.chance_positions)?;
        d.set_item("moves", info.moves)?;
        d.set_item("start", info.start)?;
        d.set_item("acyclic", info.acyclic)?;
        d.set_item("profiles", count(&info.profiles)?)?;
        d.set_item("win_lose", info.win_lose)?;
        d.set_item("cycle", fractions(py, &info.cycle)?)?;
        Ok(d)
    }

    /// The normal form of a game without chance as a strategic-form `kalmar.efg.Game`: each
    /// player's pure positional strategies, named by their moves (`"u>a1,w>x"`: the player's
    /// positions in file order, the first changing fastest), and for every profile the outcome
    /// of its play (a terminal, or `c` for infinite play) with its exact utilities. Its pure
    /// equilibria (`nash("pure")`) are the positional equilibria from the start. A table of more
    /// than `max_size` payoffs (profiles × players) is refused, with its size, by ValueError
    /// before it is built; so is a game with chance.
    #[pyo3(signature = (max_size = normal_form::DEFAULT_MAX_SIZE, *, title = "normal form"))]
    fn normal_form(
        &self,
        py: Python<'_>,
        max_size: u64,
        title: &str,
    ) -> PyResult<crate::efg::Game> {
        let game = Arc::clone(&self.game);
        let title = title.to_string();
        let nfg = interruptible(py, move || {
            normal_form::build(&game, max_size).map(|form| form.to_nfg(&game, &title))
        })?
        .map_err(value_error)?;
        Ok(crate::efg::Game::new(GameFile::Nfg(nfg)))
    }

    /// Checks a saved solution (the JSON of `Equilibrium.to_text` or `kalmar positional nash
    /// --output`) against this game: ValueError saying what is wrong (a position whose
    /// utilities are not the profile's, or a player who gains by another move).
    fn verify(&self, solution: &str) -> PyResult<()> {
        let file = SolutionFile::read(solution).map_err(value_error)?;
        file.verify(&self.graph).map_err(value_error)
    }

    fn __repr__(&self) -> String {
        format!(
            "<kalmar.positional.Game: {} players, {} positions, {} moves>",
            self.num_players(),
            self.num_positions(),
            self.num_moves()
        )
    }
}

/// Reads a game from a `.gg` file (also `.gz`, `.bz2`) with `players N` and a payoff vector at
/// each terminal: OSError if it cannot be read, ValueError with the file, line and column if it
/// does not parse, ValueError if it is not an n-player game. `preferences` (text in the paper's
/// notation, one line per player from worst to best: `"1: a2 < a1 < c\n2: c < a2 < a1"`)
/// gives the utilities, so the file may be a game form without payoffs. `form=True` reads a game
/// form as it is: terminals without payoffs pay 0, for `Game.find_preferences`.
#[pyfunction]
#[pyo3(signature = (path, *, preferences=None, form=false))]
fn read(path: PathBuf, preferences: Option<&str>, form: bool) -> PyResult<Game> {
    let mut graph = read_path(&path).map_err(crate::read_error)?;
    prefer(&mut graph, preferences)?;
    let game = positional_game(&graph, form)
        .map_err(|e| value_error(format!("{}: {e}", path.display())))?;
    Ok(Game {
        graph,
        game: Arc::new(game),
    })
}

/// Reads a game from `.gg` text (`kalmar-gg 1`, `players N`, then one position a line).
/// `preferences`, as in `read`. Errors give the line and column.
#[pyfunction]
#[pyo3(signature = (text, *, preferences=None, form=false))]
fn parse(text: &str, preferences: Option<&str>, form: bool) -> PyResult<Game> {
    let mut graph = read_gg(text).map_err(value_error)?;
    prefer(&mut graph, preferences)?;
    let game = positional_game(&graph, form).map_err(value_error)?;
    Ok(Game {
        graph,
        game: Arc::new(game),
    })
}

/// The game of a graph, or with `form` its game form (terminals without payoffs pay 0).
fn positional_game(
    graph: &GameGraph,
    form: bool,
) -> Result<PositionalGame, kalmar_positional::FromGraphError> {
    if form {
        PositionalGame::from_form(graph)
    } else {
        PositionalGame::from_graph(graph)
    }
}

/// Applies preferences in the paper's notation, if given, to a game form.
fn prefer(graph: &mut GameGraph, preferences: Option<&str>) -> PyResult<()> {
    match preferences {
        Some(text) => kalmar_positional::preferences::apply(graph, text)
            .map_err(|e| value_error(e.in_file("<preferences>"))),
        None => Ok(()),
    }
}

/// Adds the functions and classes to the `positional` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<Equilibrium>()?;
    m.add_class::<NashEquilibrium>()?;
    m.add_class::<PreferenceSearch>()?;
    m.add_class::<FormSearch>()?;
    m.add_function(wrap_pyfunction!(search_forms, m)?)?;
    m.add_function(wrap_pyfunction!(solvers, m)?)?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    Ok(())
}
