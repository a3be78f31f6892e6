//! `kalmar.efg`: extensive-form (`.efg`) and strategic-form (`.nfg`) games, read from Gambit's
//! files or built node by node, with perfect recall, reduced strategies, the reduced strategic
//! form and equilibria by every method of `kalmar_efg::nash::METHODS`, each equilibrium checked
//! by the library's regret test and then by its independent certificate.
//!
//! One class, `Game`, holds either kind, as the library's `GameFile` and Gambit's files do: a
//! file's first word decides, and equilibria, `to_nfg` and the strategic-form methods work on
//! both; what only a tree has raises `ValueError` on a table.

use kalmar_core::Rational;
use kalmar_efg::format::{GameFile, read_game, read_path, to_efg_string, to_nfg_string};
use kalmar_efg::names::{move_names, strategy_names};
use kalmar_efg::nash::solution::Stopped;
use kalmar_efg::nash::{self, METHODS, NashError, Options, Solution};
use kalmar_efg::recall::Recall;
use kalmar_efg::reduced::ReducedStrategies;
use kalmar_efg::solution_file::{Distribution, EquilibriumFile, SolutionFileError};
use kalmar_efg::summary::{COUNT_LIMIT, LIST_LIMIT, each_label};
use kalmar_efg::{Efg, EfgBuilder, InfosetId, Mover, Nfg, Num, strategic};
use num_bigint::BigUint;

use crate::common::{fraction, fractions, interruptible, rational, value_error};
use numpy::PyArray;
use numpy::ndarray::{ArrayD, IxDyn, ShapeBuilder};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A game: an extensive-form tree (from `.efg`, or built with `Builder`) or a strategic-form
/// table (from `.nfg`, or a tree's `strategic_form()`); `is_strategic` tells which.
#[pyclass(module = "kalmar.efg", frozen)]
pub struct Game {
    file: Arc<GameFile>,
}

impl Game {
    pub fn new(file: GameFile) -> Game {
        Game {
            file: Arc::new(file),
        }
    }

    /// The tree, or `ValueError` for a table.
    fn tree(&self) -> PyResult<&Efg> {
        match &*self.file {
            GameFile::Efg(game) => Ok(game),
            GameFile::Nfg(_) => Err(PyValueError::new_err(
                "this needs an extensive-form game (.efg); this one is in strategic form",
            )),
        }
    }

    /// The table, or `ValueError` for a tree.
    fn table(&self) -> PyResult<&Nfg> {
        match &*self.file {
            GameFile::Nfg(game) => Ok(game),
            GameFile::Efg(_) => Err(PyValueError::new_err(
                "this needs a strategic-form game (.nfg): use game.strategic_form() for a tree's",
            )),
        }
    }

    /// The player's index, checked.
    fn player(&self, player: usize) -> PyResult<u32> {
        let n = self.players().len();
        if player >= n {
            return Err(PyValueError::new_err(format!(
                "player {player} does not exist: the game has players 0 to {}",
                n.saturating_sub(1)
            )));
        }
        Ok(player as u32)
    }
}

#[pymethods]
impl Game {
    /// The title.
    #[getter]
    fn title(&self) -> &str {
        match &*self.file {
            GameFile::Efg(game) => &game.title,
            GameFile::Nfg(game) => &game.title,
        }
    }

    /// The comment (may be empty).
    #[getter]
    fn comment(&self) -> &str {
        match &*self.file {
            GameFile::Efg(game) => &game.comment,
            GameFile::Nfg(game) => &game.comment,
        }
    }

    /// The players' names, in order (player 0 is Gambit's player 1).
    #[getter]
    fn players(&self) -> Vec<String> {
        match &*self.file {
            GameFile::Efg(game) => game.players.clone(),
            GameFile::Nfg(game) => game.players.clone(),
        }
    }

    /// Whether the game is a strategic-form table (`.nfg`) rather than a tree (`.efg`).
    #[getter]
    fn is_strategic(&self) -> bool {
        matches!(&*self.file, GameFile::Nfg(_))
    }

    /// The number of nodes of the tree.
    #[getter]
    fn num_nodes(&self) -> PyResult<usize> {
        Ok(self.tree()?.num_nodes())
    }

    /// The number of terminal nodes of the tree.
    #[getter]
    fn num_terminal_nodes(&self) -> PyResult<usize> {
        Ok(self
            .tree()?
            .nodes()
            .iter()
            .filter(|n| n.infoset.is_none())
            .count())
    }

    /// The number of outcomes (payoff vectors attached to nodes) of the tree.
    #[getter]
    fn num_outcomes(&self) -> PyResult<usize> {
        Ok(self.tree()?.outcomes().len())
    }

    /// The information sets of the tree, chance ones included, in the file's order.
    #[getter]
    fn infosets(&self) -> PyResult<Vec<Infoset>> {
        let game = self.tree()?;
        let members = game.members();
        Ok(game
            .infosets()
            .iter()
            .zip(members)
            .enumerate()
            .map(|(k, (h, nodes))| {
                let id = InfosetId(k as u32);
                Infoset {
                    player: match h.mover {
                        Mover::Chance => None,
                        Mover::Player(p) => Some(p),
                    },
                    number: h.number,
                    label: h.label.clone(),
                    actions: move_names(game, id),
                    probabilities: game
                        .actions_of(id)
                        .iter()
                        .map(|a| a.prob.as_ref().map(|p| p.value.clone()))
                        .collect(),
                    nodes: nodes.iter().map(|x| x.0).collect(),
                }
            })
            .collect())
    }

    /// Whether every information set of a personal player has one node.
    #[getter]
    fn perfect_information(&self) -> PyResult<bool> {
        Ok(self.tree()?.is_perfect_information())
    }

    /// Whether every player has perfect recall (`recall_violations` says where not).
    #[getter]
    fn perfect_recall(&self) -> PyResult<bool> {
        Ok(Recall::check(self.tree()?).is_perfect())
    }

    /// Per player (from 0): whether that player has perfect recall.
    #[getter]
    fn players_perfect_recall(&self) -> PyResult<Vec<bool>> {
        let game = self.tree()?;
        let recall = Recall::check(game);
        Ok((0..game.num_players() as u32)
            .map(|p| recall.is_perfect_for(game, p))
            .collect())
    }

    /// Why recall is imperfect, in sentences: each information set whose nodes differ in the
    /// player's last own move, and each absent-minded one (empty under perfect recall).
    #[getter]
    fn recall_violations(&self) -> PyResult<Vec<String>> {
        let game = self.tree()?;
        Ok(Recall::check(game).explain(game))
    }

    /// Whether some information set is absent-minded (one of its nodes lies below another).
    #[getter]
    fn absent_minded(&self) -> PyResult<bool> {
        Ok(!Recall::check(self.tree()?).absent_minded.is_empty())
    }

    /// Each player's strategies in a strategic-form game, named as equilibria name them (labels
    /// made unique: an empty one becomes its number from 1, a repeated one gets " (2)", ...).
    #[getter]
    fn strategies(&self) -> PyResult<Vec<Vec<String>>> {
        Ok(strategy_names(self.table()?))
    }

    /// The number of strategies of each player of a strategic-form game.
    #[getter]
    fn shape(&self) -> PyResult<Vec<usize>> {
        Ok(self.table()?.shape())
    }

    /// Per player, the payoffs of a strategic-form game as a read-only numpy array of
    /// `fractions.Fraction` (dtype object) indexed by one strategy per player:
    /// `tables[i][s0, s1, ...]` is player i's payoff when player j plays strategy `sj`.
    fn payoff_tables(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        let nfg = self.table()?;
        let shape = nfg.shape();
        (0..nfg.num_players())
            .map(|i| {
                let cells = nfg
                    .payoffs_of(i)
                    .iter()
                    .map(|v| fraction(py, v).map(Bound::unbind))
                    .collect::<PyResult<Vec<Py<PyAny>>>>()?;
                // Gambit's profile order: player 1's strategy changes fastest (column-major).
                let table =
                    ArrayD::from_shape_vec(IxDyn(&shape).f(), cells).map_err(value_error)?;
                let array = PyArray::from_owned_object_array(py, table);
                array.getattr("flags")?.setattr("writeable", false)?;
                Ok(array.into_any().unbind())
            })
            .collect()
    }

    /// The tree in Gambit's `.efg` format, as the library writes it (numbers as they were read).
    fn to_efg(&self) -> PyResult<String> {
        Ok(to_efg_string(self.tree()?))
    }

    /// The game in Gambit's `.nfg` format: a table as the library writes it; for a tree, its
    /// reduced strategic form (refused beyond `max_size` numbers, profiles × players, before
    /// it is built).
    #[pyo3(signature = (max_size = strategic::DEFAULT_LIMIT))]
    fn to_nfg(&self, py: Python<'_>, max_size: u64) -> PyResult<String> {
        match &*self.file {
            GameFile::Nfg(nfg) => Ok(to_nfg_string(nfg)),
            GameFile::Efg(_) => Ok(to_nfg_string(self.reduced_form(py, max_size)?.table()?)),
        }
    }

    /// The reduced strategic form of the tree: a strategic-form `Game` whose strategies are the
    /// reduced strategies (labelled as `ReducedStrategies.labels` lists them) and whose payoffs
    /// are the exact expected payoffs. A form of more than `max_size` numbers (profiles ×
    /// players) is refused with its size before anything is built.
    #[pyo3(signature = (max_size = strategic::DEFAULT_LIMIT))]
    fn strategic_form(&self, py: Python<'_>, max_size: u64) -> PyResult<Game> {
        self.reduced_form(py, max_size)
    }

    /// One player's (from 0) reduced strategies: counted exactly without listing them, listed,
    /// ranked and unranked.
    fn reduced(&self, py: Python<'_>, player: usize) -> PyResult<ReducedStrategiesPy> {
        self.tree()?;
        let player = self.player(player)?;
        let file = Arc::clone(&self.file);
        let (strategies, count) = interruptible(py, move || {
            let GameFile::Efg(game) = &*file else {
                unreachable!("checked to be a tree")
            };
            let strategies = ReducedStrategies::new(game, &Recall::check(game), player);
            let count = strategies
                .count()
                .or_else(|e| {
                    strategies
                        .count_by_enumeration(COUNT_LIMIT)
                        .map(BigUint::from)
                        .ok_or(e)
                })
                .map_err(|e| e.to_string());
            (strategies, count)
        })?;
        Ok(ReducedStrategiesPy {
            file: Arc::clone(&self.file),
            strategies: Arc::new(strategies),
            count,
        })
    }

    /// Equilibria by `method` (see `methods()`; by default the one that fits the game: the
    /// sequence form for two-player trees, Lemke–Howson for two-player tables, pure equilibria
    /// otherwise). Strategic-form methods on a tree work on its reduced strategic form, refused
    /// beyond `max_size` numbers, as are sequence forms and support enumerations larger than
    /// it. `timeout` (seconds) stops the enumerations on a strategic form (lh, enum, vertex)
    /// with the equilibria found so far, and the iterative methods (cfr, cfr+, dcfr) with their
    /// average strategy so far (`timed_out` is then True); the other methods run to the end.
    /// The iterative methods make at most `iterations` (1000 by default, no limit when
    /// `target` is given) and stop once the exploitability is at most `target`; their answer
    /// is an ε-equilibrium (`epsilon`, `exploitability`, exact). Every equilibrium is checked by the method's exact regret test and then by the
    /// library's independent certificate (`verified`). The GIL is released while it runs, and
    /// Ctrl-C interrupts it.
    #[pyo3(signature = (method = None, max_size = strategic::DEFAULT_LIMIT, timeout = None, iterations = None, target = None))]
    fn nash(
        &self,
        py: Python<'_>,
        method: Option<&str>,
        max_size: u64,
        timeout: Option<f64>,
        iterations: Option<u64>,
        target: Option<f64>,
    ) -> PyResult<Equilibria> {
        let deadline = match timeout {
            None => None,
            Some(seconds) => Some(
                Instant::now()
                    + Duration::try_from_secs_f64(seconds).map_err(|_| {
                        PyValueError::new_err(format!(
                            "timeout must be a nonnegative number of seconds, not {seconds}"
                        ))
                    })?,
            ),
        };
        let options = Options {
            method: method
                .map_or_else(|| Options::for_game(&self.file).method, ToString::to_string),
            max_size,
            deadline,
            iterations,
            target,
        };
        let file = Arc::clone(&self.file);
        let (solution, saved, verified) = interruptible(py, move || {
            let solution = nash::solve(&file, &options)?;
            let saved = EquilibriumFile::from_solution(&file, &solution)
                .map_err(|e| NashError::Internal(e.to_string()))?;
            let verified = if saved.equilibria.is_empty() {
                Ok(())
            } else {
                match saved.verify(&file) {
                    Ok(_) => Ok(()),
                    Err(SolutionFileError::Game(why)) => Err(why),
                    Err(e) => {
                        return Err(NashError::Internal(format!(
                            "the certificate rejects an equilibrium the method found: {e}"
                        )));
                    }
                }
            };
            Ok((solution, saved, verified))
        })?
        .map_err(nash_error)?;
        Equilibria::new(py, &solution, saved, verified)
    }

    fn __repr__(&self) -> String {
        match &*self.file {
            GameFile::Efg(game) => format!(
                "<kalmar.efg.Game {:?}: a tree of {} players, {} nodes, {} information sets>",
                game.title,
                game.num_players(),
                game.num_nodes(),
                game.infosets().len()
            ),
            GameFile::Nfg(game) => format!(
                "<kalmar.efg.Game {:?}: a strategic form of {} players, {} strategies>",
                game.title,
                game.num_players(),
                game.shape()
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" × ")
            ),
        }
    }
}

impl Game {
    /// The reduced strategic form as a `Game`, built on the solve thread.
    fn reduced_form(&self, py: Python<'_>, max_size: u64) -> PyResult<Game> {
        self.tree()?;
        let file = Arc::clone(&self.file);
        let form = interruptible(py, move || {
            let GameFile::Efg(game) = &*file else {
                unreachable!("checked to be a tree")
            };
            strategic::build(game, max_size).map(|form| form.nfg)
        })?
        .map_err(value_error)?;
        Ok(Game::new(GameFile::Nfg(form)))
    }
}

/// A library failure as Python's: `RuntimeError` for a defect of kalmar, `ValueError` for
/// anything about the input (an unknown method, a game it does not fit, a size limit).
fn nash_error(error: NashError) -> PyErr {
    if error.is_internal() {
        PyRuntimeError::new_err(format!(
            "internal error: {error} (a bug in kalmar: please report the game)"
        ))
    } else {
        value_error(error)
    }
}

/// An information set: its mover (`player` from 0, None for chance), its number among its
/// mover's (from 1, as in the `.efg` file), label, moves and nodes.
#[pyclass(module = "kalmar.efg", frozen)]
pub struct Infoset {
    /// The player who moves here (from 0), or None for chance.
    #[pyo3(get)]
    player: Option<u32>,
    /// The number among its mover's information sets, from 1 (as in the `.efg` file and in
    /// `Equilibrium.behaviour`).
    #[pyo3(get)]
    number: u32,
    /// The label (may be empty).
    #[pyo3(get)]
    label: String,
    /// The moves' names, in order: their labels made unique (an empty one becomes its number
    /// from 1, a repeated one gets " (2)", ...), as equilibria name them.
    #[pyo3(get)]
    actions: Vec<String>,
    probabilities: Vec<Option<Rational>>,
    /// The nodes (preorder numbers from 0, as in the file), in preorder.
    #[pyo3(get)]
    nodes: Vec<u32>,
}

#[pymethods]
impl Infoset {
    /// For chance, the probability of each move as a `fractions.Fraction`; None for a player.
    #[getter]
    fn probabilities<'py>(&self, py: Python<'py>) -> PyResult<Option<Vec<Bound<'py, PyAny>>>> {
        if self.player.is_some() {
            return Ok(None);
        }
        self.probabilities
            .iter()
            .map(|p| fraction(py, p.as_ref().unwrap_or(&Rational::ZERO)))
            .collect::<PyResult<_>>()
            .map(Some)
    }

    fn __repr__(&self) -> String {
        let mover = self
            .player
            .map_or_else(|| "chance".to_string(), |p| format!("player {p}"));
        format!(
            "<kalmar.efg.Infoset {} of {mover} {:?}: {} moves, {} nodes>",
            self.number,
            self.label,
            self.actions.len(),
            self.nodes.len()
        )
    }
}

/// One player's reduced strategies: one move per information set the player's own earlier
/// moves do not rule out, `None` (written `*`) at the others. A strategy is a tuple with one
/// entry per slot (`slots`: the player's information sets in breadth-first order): a move's
/// index, or None.
#[pyclass(name = "ReducedStrategies", module = "kalmar.efg", frozen)]
pub struct ReducedStrategiesPy {
    file: Arc<GameFile>,
    strategies: Arc<ReducedStrategies>,
    count: Result<BigUint, String>,
}

impl ReducedStrategiesPy {
    fn game(&self) -> &Efg {
        match &*self.file {
            GameFile::Efg(game) => game,
            GameFile::Nfg(_) => unreachable!("reduced strategies of a tree"),
        }
    }

    fn counted(&self) -> PyResult<&BigUint> {
        self.count
            .as_ref()
            .map_err(|e| PyValueError::new_err(e.clone()))
    }

    /// Refuses to list more than `limit` strategies, before listing any.
    fn within(&self, limit: usize) -> PyResult<()> {
        let count = self.counted()?;
        if *count > BigUint::from(limit) {
            return Err(PyValueError::new_err(format!(
                "player {} has {count} reduced strategies, more than the limit of {limit}: \
                 count them, unrank single ones, or raise the limit",
                self.strategies.player
            )));
        }
        Ok(())
    }

    fn strategy<'py>(&self, py: Python<'py>, s: &[Option<u32>]) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, s)
    }
}

#[pymethods]
impl ReducedStrategiesPy {
    /// The player, from 0.
    #[getter]
    fn player(&self) -> u32 {
        self.strategies.player
    }

    /// The slots: the numbers (from 1, as in the file) of the player's information sets, in
    /// breadth-first order.
    #[getter]
    fn slots(&self) -> Vec<u32> {
        let game = self.game();
        self.strategies
            .slots
            .iter()
            .map(|&h| game.infoset(h).number)
            .collect()
    }

    /// Whether the player has perfect recall.
    #[getter]
    fn perfect_recall(&self) -> bool {
        self.strategies.perfect_recall
    }

    /// The number of reduced strategies, exact (a Python int, however large), counted without
    /// listing them. `ValueError` when imperfect recall tangles more than 2^24 of them in a way
    /// only listing could count.
    #[getter]
    fn count(&self) -> PyResult<BigUint> {
        self.counted().cloned()
    }

    /// The labels of all reduced strategies in order: the moves' labels slot by slot, `*` for a
    /// slot ruled out (run together when every label is one character, else spaced). More than
    /// `limit` is refused before any is listed.
    #[pyo3(signature = (limit = LIST_LIMIT))]
    fn labels(&self, py: Python<'_>, limit: usize) -> PyResult<Vec<String>> {
        self.within(limit)?;
        let file = Arc::clone(&self.file);
        let strategies = Arc::clone(&self.strategies);
        interruptible(py, move || {
            let GameFile::Efg(game) = &*file else {
                unreachable!("reduced strategies of a tree")
            };
            let mut labels = Vec::new();
            each_label(game, &strategies, 0, |label| {
                labels.push(label);
                Ok::<(), std::convert::Infallible>(())
            })
            .unwrap_or_else(|never| match never {});
            labels
        })
    }

    /// All reduced strategies in order, as tuples (a move index or None per slot). More than
    /// `limit` is refused before any is listed.
    #[pyo3(signature = (limit = LIST_LIMIT))]
    fn list<'py>(&self, py: Python<'py>, limit: usize) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        self.within(limit)?;
        let strategies = Arc::clone(&self.strategies);
        let all = interruptible(py, move || strategies.enumerate(limit))?
            .ok_or_else(|| PyValueError::new_err("more reduced strategies than the limit"))?;
        all.iter().map(|s| self.strategy(py, s)).collect()
    }

    /// The position of a reduced strategy (a tuple as `list` gives) in the order of `list`,
    /// computed from the counts without listing.
    fn rank(&self, strategy: Vec<Option<u32>>) -> PyResult<BigUint> {
        self.strategies.rank(&strategy).map_err(value_error)
    }

    /// The reduced strategy at position `rank` of the order of `list`, without listing.
    fn unrank<'py>(&self, py: Python<'py>, rank: BigUint) -> PyResult<Bound<'py, PyTuple>> {
        let s = self.strategies.unrank(&rank).map_err(value_error)?;
        self.strategy(py, &s)
    }

    /// A reduced strategy's label (as `labels` writes it).
    fn label(&self, strategy: Vec<Option<u32>>) -> PyResult<String> {
        if !self.strategies.is_reduced(&strategy) {
            return Err(PyValueError::new_err(format!(
                "{strategy:?} is not a reduced strategy of player {}",
                self.strategies.player
            )));
        }
        Ok(self.strategies.label(self.game(), &strategy))
    }

    fn __repr__(&self) -> String {
        let count = match &self.count {
            Ok(n) => n.to_string(),
            Err(_) => format!("more than {COUNT_LIMIT}"),
        };
        format!(
            "<kalmar.efg.ReducedStrategies of player {}: {count} over {} information sets>",
            self.strategies.player,
            self.strategies.slots.len()
        )
    }
}

/// Equilibria found by one method, each checked.
#[pyclass(module = "kalmar.efg", frozen)]
pub struct Equilibria {
    /// The method's id.
    #[pyo3(get)]
    method: String,
    /// What the profiles are over: "tree" (behaviour strategies), "strategic form" (mixed
    /// strategies of a table) or "reduced strategic form" (mixtures of a tree's reduced
    /// strategies, for trees without perfect recall).
    #[pyo3(get)]
    form: &'static str,
    /// The equilibria, in the method's order.
    #[pyo3(get)]
    equilibria: Vec<Py<Equilibrium>>,
    /// Whether the library's independent certificate accepted every equilibrium (True when
    /// there is none); `unverified` says why not.
    #[pyo3(get)]
    verified: bool,
    /// Why the certificate could not check the equilibria (the game is outside what it
    /// handles), or None.
    #[pyo3(get)]
    unverified: Option<String>,
    /// Whether the method stopped at the timeout: the equilibria are those found so far.
    #[pyo3(get)]
    timed_out: bool,
    /// Pivots made (Lemke–Howson, Lemke's algorithm on the sequence form), else 0.
    #[pyo3(get)]
    pivots: u64,
    /// Whether support enumeration ("enum") found the game degenerate, a mixed strategy with
    /// more pure best replies than strategies in its support: equilibria may then be
    /// missing, and "vertex" lists every extreme one.
    #[pyo3(get)]
    degenerate: bool,
    /// For "enumpoly": the support profiles whose equations have a continuum of solutions or
    /// a multiple one, and those given up after their budget of boxes; equilibria may be
    /// missing there. (0, 0) for the other methods.
    #[pyo3(get)]
    incomplete_supports: (u64, u64),
    /// The subgames the sequence form ("seqform") solved one after the other, the deepest
    /// first (1 when the game has none below the root: the equilibrium is then subgame
    /// perfect in the trivial sense); 0 for the other methods.
    #[pyo3(get)]
    subgames: usize,
    /// The iterations an iterative method ("cfr", "cfr+", "dcfr") made, else 0.
    #[pyo3(get)]
    iterations: u64,
    /// For an approximate method: each player's best deviation gains at most this (an exact
    /// `Fraction`); None for the exact methods, whose equilibria have regret 0.
    #[pyo3(get)]
    epsilon: Option<Py<PyAny>>,
    /// For an iterative method: the sum of both players' gains from deviating, exact
    /// (NashConv; OpenSpiel's exploitability is half of it); else None.
    #[pyo3(get)]
    exploitability: Option<Py<PyAny>>,
    text: String,
}

impl Equilibria {
    fn new(
        py: Python<'_>,
        solution: &Solution,
        saved: EquilibriumFile,
        verified: Result<(), String>,
    ) -> PyResult<Equilibria> {
        let (timed_out, pivots, degenerate, subgames) = match solution {
            Solution::Strategic(s) => (s.timed_out, s.pivots, s.degenerate, 0),
            Solution::Sequence(s) => (false, s.pivots, false, s.subgames),
            Solution::Subgame(_) => (false, 0, false, 0),
            Solution::Iterative(s) => (s.stopped == Stopped::Deadline, 0, false, 0),
        };
        let incomplete_supports = match solution {
            Solution::Strategic(s) => (s.singular_supports, s.unfinished_supports),
            _ => (0, 0),
        };
        let (iterations, exploitability) = match solution {
            Solution::Iterative(s) => (
                s.iterations,
                Some(fraction(py, &s.exploitability)?.unbind()),
            ),
            _ => (0, None),
        };
        let epsilon = saved
            .epsilon
            .as_ref()
            .map(|e| fraction(py, e).map(Bound::unbind))
            .transpose()?;
        let ok = verified.is_ok();
        let text = saved.to_text().map_err(value_error)?;
        let equilibria = saved
            .equilibria
            .iter()
            .map(|e| {
                let behaviour = e
                    .profile
                    .iter()
                    .map(|p| {
                        p.infosets
                            .as_ref()
                            .map(|sets| {
                                let player = PyDict::new(py);
                                for h in sets {
                                    player.set_item(h.number, distribution(py, &h.moves)?)?;
                                }
                                Ok::<_, PyErr>(player.into_any().unbind())
                            })
                            .transpose()
                    })
                    .collect::<PyResult<Option<Vec<_>>>>()?;
                let strategies = e
                    .profile
                    .iter()
                    .map(|p| {
                        p.strategies
                            .as_ref()
                            .map(|d| distribution(py, d).map(|d| d.into_any().unbind()))
                            .transpose()
                    })
                    .collect::<PyResult<Option<Vec<_>>>>()?;
                Py::new(
                    py,
                    Equilibrium {
                        form: saved.form.name(),
                        payoffs: fractions(py, &e.payoffs)?
                            .into_iter()
                            .map(Bound::unbind)
                            .collect(),
                        behaviour,
                        strategies,
                        verified: ok,
                    },
                )
            })
            .collect::<PyResult<_>>()?;
        Ok(Equilibria {
            method: saved.method.clone(),
            form: saved.form.name(),
            equilibria,
            verified: ok,
            unverified: verified.err(),
            timed_out,
            pivots,
            degenerate,
            incomplete_supports,
            subgames,
            iterations,
            epsilon,
            exploitability,
            text,
        })
    }
}

/// Probabilities by name as a dict of `fractions.Fraction`, in order.
fn distribution<'py>(py: Python<'py>, d: &Distribution) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (name, p) in &d.0 {
        dict.set_item(name, fraction(py, p)?)?;
    }
    Ok(dict)
}

#[pymethods]
impl Equilibria {
    /// The equilibria as the JSON file `kalmar efg nash --output` writes and `kalmar.verify` and
    /// `kalmar verify` check.
    fn to_text(&self) -> String {
        self.text.clone()
    }

    /// Writes `to_text()` to the file `path`: `OSError` if it cannot be written.
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        crate::common::save(py, &path, &self.text)
    }

    fn __len__(&self) -> usize {
        self.equilibria.len()
    }

    fn __getitem__(&self, py: Python<'_>, index: isize) -> PyResult<Py<Equilibrium>> {
        let n = self.equilibria.len() as isize;
        let k = if index < 0 { index + n } else { index };
        if !(0..n).contains(&k) {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "equilibrium index out of range",
            ));
        }
        Ok(self.equilibria[k as usize].clone_ref(py))
    }

    fn __repr__(&self) -> String {
        format!(
            "<kalmar.efg.Equilibria by {}: {} on the {}{}{}>",
            self.method,
            self.equilibria.len(),
            self.form,
            if self.verified { ", verified" } else { "" },
            if self.timed_out {
                ", stopped at the timeout"
            } else {
                ""
            }
        )
    }
}

/// One equilibrium: per player a behaviour strategy (trees) or a mixed strategy (tables), and
/// every player's expected payoff, all exact.
#[pyclass(module = "kalmar.efg", frozen)]
pub struct Equilibrium {
    /// "tree", "strategic form" or "reduced strategic form" (see `Equilibria.form`).
    #[pyo3(get)]
    form: &'static str,
    /// Per player: the expected payoff, a `fractions.Fraction`.
    #[pyo3(get)]
    payoffs: Vec<Py<PyAny>>,
    /// For the tree form, per player: a dict from information set number (from 1, as in
    /// `Game.infosets`) to a dict from move name to probability (`fractions.Fraction`), every
    /// move listed; None for the other forms.
    #[pyo3(get)]
    behaviour: Option<Vec<Py<PyAny>>>,
    /// For the strategic forms, per player: a dict from strategy name (as `Game.strategies`,
    /// or the reduced strategies' labels) to probability, the strategies played only; None for
    /// the tree form.
    #[pyo3(get)]
    strategies: Option<Vec<Py<PyAny>>>,
    /// Whether the library's independent certificate accepted it.
    #[pyo3(get)]
    verified: bool,
}

#[pymethods]
impl Equilibrium {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let payoffs = self
            .payoffs
            .iter()
            .map(|p| Ok(p.bind(py).str()?.to_string()))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(format!(
            "<kalmar.efg.Equilibrium ({}) paying {}{}>",
            self.form,
            payoffs.join(", "),
            if self.verified { ", verified" } else { "" }
        ))
    }
}

/// A game built node by node in preorder (the order of an `.efg` file), as a depth-first walk
/// of another library's tree meets them: declare an information set before its first node
/// (`infoset` for a player, `chance` for a chance node with its own set), then push each node
/// followed by its children's subtrees in move order; `terminal` ends a branch. Payoffs and
/// probabilities are exact: int, `fractions.Fraction` or a string such as "1/3"; floats are
/// refused.
#[pyclass(module = "kalmar.efg", frozen)]
pub struct Builder {
    builder: Mutex<Option<EfgBuilder>>,
}

impl Builder {
    fn with<T>(&self, f: impl FnOnce(&mut EfgBuilder) -> PyResult<T>) -> PyResult<T> {
        let mut guard = self
            .builder
            .lock()
            .map_err(|_| PyRuntimeError::new_err("the builder failed earlier"))?;
        let builder = guard
            .as_mut()
            .ok_or_else(|| PyValueError::new_err("the game is finished: start a new Builder"))?;
        f(builder)
    }
}

/// Exact payoffs from Python numbers, as an outcome of the builder (None: no outcome).
fn outcome(
    b: &mut EfgBuilder,
    label: &str,
    payoffs: Option<Vec<Bound<'_, PyAny>>>,
) -> PyResult<Option<kalmar_efg::OutcomeId>> {
    let Some(payoffs) = payoffs else {
        return Ok(None);
    };
    let payoffs = payoffs
        .iter()
        .map(|p| rational(p).map(Num::new))
        .collect::<PyResult<Vec<_>>>()?;
    b.outcome(label, payoffs).map(Some).map_err(value_error)
}

/// The id of a declared information set, checked.
fn declared(b: &EfgBuilder, infoset: usize) -> PyResult<InfosetId> {
    if infoset >= b.num_infosets() {
        return Err(PyValueError::new_err(format!(
            "information set {infoset} is not declared: {} are",
            b.num_infosets()
        )));
    }
    Ok(InfosetId(infoset as u32))
}

#[pymethods]
impl Builder {
    /// A builder of a game with this title and these players (player 0 first).
    #[new]
    #[pyo3(signature = (title, players, comment = ""))]
    fn new(title: &str, players: Vec<String>, comment: &str) -> Builder {
        let mut builder = EfgBuilder::new(title, players);
        builder.comment(comment);
        Builder {
            builder: Mutex::new(Some(builder)),
        }
    }

    /// Declares an information set of `player` (from 0) with these move labels; returns its id
    /// for `node`. Its number (as `Game.infosets` gives it) is the player's next.
    #[pyo3(signature = (player, actions, label = ""))]
    fn infoset(&self, player: u32, actions: Vec<String>, label: &str) -> PyResult<usize> {
        self.with(|b| {
            if player as usize >= b.num_players() {
                return Err(PyValueError::new_err(format!(
                    "player {player} does not exist: the game has players 0 to {}",
                    b.num_players().saturating_sub(1)
                )));
            }
            let actions = actions.into_iter().map(|a| (a, None)).collect();
            b.infoset(Mover::Player(player), label, actions)
                .map(|h| h.index())
                .map_err(value_error)
        })
    }

    /// Declares a chance information set: `actions` is a sequence of (label, probability)
    /// pairs, or a dict from label to probability; the probabilities must be exact,
    /// nonnegative and sum to 1. Returns its id for `node`.
    #[pyo3(signature = (actions, label = ""))]
    fn chance_infoset(&self, actions: &Bound<'_, PyAny>, label: &str) -> PyResult<usize> {
        let pairs: Vec<(String, Bound<'_, PyAny>)> = match actions.cast::<PyDict>() {
            Ok(dict) => dict
                .iter()
                .map(|(k, v)| Ok((k.extract()?, v)))
                .collect::<PyResult<_>>()?,
            Err(_) => actions.extract()?,
        };
        let actions = pairs
            .iter()
            .map(|(a, p)| Ok((a.clone(), Some(Num::new(rational(p)?)))))
            .collect::<PyResult<Vec<_>>>()?;
        self.with(|b| {
            b.infoset(Mover::Chance, label, actions)
                .map(|h| h.index())
                .map_err(value_error)
        })
    }

    /// Pushes the next node (in preorder): a decision node of a declared information set,
    /// optionally with payoffs added to every play through it (Gambit's outcome on a
    /// nonterminal node). Returns the node's number (from 0).
    #[pyo3(signature = (infoset, label = "", payoffs = None, outcome_label = ""))]
    fn node(
        &self,
        infoset: usize,
        label: &str,
        payoffs: Option<Vec<Bound<'_, PyAny>>>,
        outcome_label: &str,
    ) -> PyResult<u32> {
        self.with(|b| {
            let h = declared(b, infoset)?;
            let o = outcome(b, outcome_label, payoffs)?;
            b.node(label, Some(h), o).map(|x| x.0).map_err(value_error)
        })
    }

    /// Pushes a chance node with a fresh chance information set of these (label,
    /// probability) pairs (or dict); returns the node's number.
    #[pyo3(signature = (actions, label = "", infoset_label = ""))]
    fn chance(
        &self,
        actions: &Bound<'_, PyAny>,
        label: &str,
        infoset_label: &str,
    ) -> PyResult<u32> {
        let h = self.chance_infoset(actions, infoset_label)?;
        self.node(h, label, None, "")
    }

    /// Pushes a terminal node paying `payoffs` (one exact number per player; None pays
    /// nothing beyond the outcomes above it); returns the node's number.
    #[pyo3(signature = (payoffs = None, label = "", outcome_label = ""))]
    fn terminal(
        &self,
        payoffs: Option<Vec<Bound<'_, PyAny>>>,
        label: &str,
        outcome_label: &str,
    ) -> PyResult<u32> {
        self.with(|b| {
            let o = outcome(b, outcome_label, payoffs)?;
            b.node(label, None, o).map(|x| x.0).map_err(value_error)
        })
    }

    /// Whether every node pushed has all its children: the tree is complete.
    #[getter]
    fn is_complete(&self) -> PyResult<bool> {
        self.with(|b| Ok(b.is_complete()))
    }

    /// The finished game; the builder cannot be used after.
    fn finish(&self) -> PyResult<Game> {
        let mut guard = self
            .builder
            .lock()
            .map_err(|_| PyRuntimeError::new_err("the builder failed earlier"))?;
        let builder = guard
            .take()
            .ok_or_else(|| PyValueError::new_err("the game is finished already"))?;
        if !builder.is_complete() {
            let error = builder.clone().finish().err();
            *guard = Some(builder);
            return Err(PyValueError::new_err(error.map_or_else(
                || "the tree is incomplete".to_string(),
                |e| e.to_string(),
            )));
        }
        let game = builder.finish().map_err(value_error)?;
        Ok(Game::new(GameFile::Efg(game)))
    }

    fn __repr__(&self) -> String {
        match self.builder.lock().ok().as_deref() {
            Some(Some(b)) => format!(
                "<kalmar.efg.Builder: {} players, {} information sets{}>",
                b.num_players(),
                b.num_infosets(),
                if b.is_complete() { ", complete" } else { "" }
            ),
            _ => "<kalmar.efg.Builder: finished>".to_string(),
        }
    }
}

/// Reads a game from a `.efg` or `.nfg` file (told by its first word; `.gz` and `.bz2`
/// decompressed). A file that cannot be opened raises `OSError` (`FileNotFoundError`, ...),
/// one that does not parse `ValueError` naming the file, line and column.
#[pyfunction]
fn read(path: PathBuf) -> PyResult<Game> {
    read_path(&path).map(Game::new).map_err(crate::read_error)
}

/// Reads a game from text in Gambit's `.efg` ("EFG 2 R ...") or `.nfg` ("NFG 1 R ...")
/// format, told by its first word. Errors give the line and column.
#[pyfunction]
fn parse(text: &str) -> PyResult<Game> {
    read_game(text).map(Game::new).map_err(value_error)
}

/// A generated game of a family of `kalmar generate efg`: "poker" (SIZE cards; 3 is Kuhn's),
/// "leduc" (SIZE ranks; 3 is Leduc hold'em as OpenSpiel's leduc_poker), "repeated" (the
/// prisoner's dilemma SIZE times), "random" (depth SIZE, `players`, from `seed`). Sizes out of
/// a family's range raise ValueError.
#[pyfunction]
#[pyo3(signature = (family, size = 3, seed = 1, players = 2))]
fn generate(family: &str, size: u32, seed: u64, players: u32) -> PyResult<Game> {
    let params = kalmar_efg::generate::Params {
        size,
        seed,
        players,
    };
    kalmar_efg::generate::generate(family, &params)
        .map(|game| Game::new(GameFile::Efg(game)))
        .map_err(value_error)
}

/// The ids of the generated families, in the registry's order.
#[pyfunction]
fn families() -> Vec<&'static str> {
    kalmar_efg::generate::FAMILIES.ids().collect()
}

/// The ids of the equilibrium methods, in the registry's order.
#[pyfunction]
fn methods() -> Vec<&'static str> {
    METHODS.ids().collect()
}

/// Every method as (id, what it works on: "tree" or "strategic form", what it does, bounds).
#[pyfunction]
fn method_info() -> Vec<(&'static str, &'static str, &'static str, &'static str)> {
    METHODS
        .iter()
        .map(|m| (m.id, m.run.works_on(), m.summary, m.bounds))
        .collect()
}

/// Adds the functions and classes to the `efg` submodule.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<Infoset>()?;
    m.add_class::<ReducedStrategiesPy>()?;
    m.add_class::<Equilibria>()?;
    m.add_class::<Equilibrium>()?;
    m.add_class::<Builder>()?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(methods, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(families, m)?)?;
    m.add_function(wrap_pyfunction!(method_info, m)?)?;
    m.add("DEFAULT_MAX_SIZE", strategic::DEFAULT_LIMIT)?;
    m.add("LIST_LIMIT", LIST_LIMIT)?;
    Ok(())
}
