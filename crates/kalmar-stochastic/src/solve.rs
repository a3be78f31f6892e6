//! Solving a game file in one call: the registry of solvers ([`SOLVERS`]), the options of a
//! solve ([`Options`]), and [`solve`], which reads the game in its class, runs the solver and
//! checks the answer with the certificate of the class before returning it ([`Answer`]).
//!
//! Value iteration gives guaranteed bounds; with [`Options::exact`] it is finished by strategy
//! iteration started from the strategies its bounds suggest. Parity games without chance are
//! solved by Zielonka's algorithm (values 0 and 1) and checked by the parity certificate; with
//! chance, by the priority gadget ([`spg`]).
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_stochastic::solve::{Options, solve};
//! let graph = read_gg("kalmar-gg 1\nm max -> c w\nc chance -> w:1/2 l:1/2\n\
//!                      w terminal payoff=1\nl terminal payoff=0\n").unwrap();
//! let answer = solve(&graph, &Options::default()).unwrap();
//! assert_eq!(answer.values[0], kalmar_core::Rational::ONE);
//! assert!(answer.is_exact() && answer.check_time.is_some() && answer.certificate.is_some());
//! let text = answer.solution_file(&graph, Options::default().convention).unwrap();
//! assert_eq!(kalmar_stochastic::solution_file::verify(&graph, &text).unwrap(), answer.class);
//! ```

use crate::size::{ExactSize, exact_size};
use crate::vi::Bounds;
use crate::{
    Class, DiscountedGame, MeanPayoffGame, ParityConvention, Solution, Stats, StochasticError,
    StochasticParityGame, TerminalPayoffGame, is_deterministic, mpsi, si, spg, vi, zp,
};
use kalmar_core::format::GameGraph;
use kalmar_core::memory::bytes;
use kalmar_core::registry::{Entry, Registry, UnknownId};
use kalmar_core::{Certificate, Player, Rational, Strategy, VerifyError};
use std::time::{Duration, Instant};

/// What a solve is asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The solver's id in [`SOLVERS`].
    pub solver: String,
    /// The class to read the game as; by default the one its file suggests ([`Class::of`]).
    pub class: Option<Class>,
    /// Value iteration: finish exactly by strategy iteration from the strategies its bounds
    /// suggest.
    pub exact: bool,
    /// Value iteration: the largest guaranteed error wanted (positive).
    pub epsilon: Rational,
    /// Value iteration: the most sweeps, even if the bounds are wider than `epsilon`.
    pub max_sweeps: u64,
    /// Value iteration: stop at the first sweep's end after this time with the bounds so far
    /// (and without the exact finish); see [`Answer::timed_out`].
    pub deadline: Option<Instant>,
    /// Parity games: which parity of the largest recurring priority makes Max win.
    pub convention: ParityConvention,
    /// Exact solves: the most bytes the [size model](crate::size) may estimate before the solve
    /// is refused ([`SolveError::TooLarge`]); [`DEFAULT_MAX_MEMORY`] unless set.
    pub max_memory: u64,
}

/// The memory an exact solve may be estimated to need unless [`Options::max_memory`] says
/// otherwise: 4 GiB.
pub const DEFAULT_MAX_MEMORY: u64 = kalmar_core::memory::DEFAULT_LIMIT;

impl Default for Options {
    /// Exact strategy iteration (`si`), value iteration's defaults of the command line, and the
    /// even-wins convention.
    fn default() -> Self {
        Options {
            solver: "si".into(),
            class: None,
            exact: false,
            epsilon: Rational::new(1, 1_000_000),
            max_sweeps: 1_000_000,
            deadline: None,
            convention: ParityConvention::EvenWins,
            max_memory: DEFAULT_MAX_MEMORY,
        }
    }
}

/// What a solve produced.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// The class the game was read as.
    pub class: Class,
    /// The algorithm that ran: the solver's id, or `zlk` for a parity game without chance.
    pub solver: &'static str,
    /// The value of every vertex: exact, or the middle of `bounds` when there is no strategy
    /// and the bounds are apart.
    pub values: Vec<Rational>,
    /// Value iteration's guaranteed bounds.
    pub bounds: Option<Bounds>,
    /// Optimal strategies of both players, when the solver gives them.
    pub strategy: Option<Strategy>,
    /// The solver's counters.
    pub stats: Stats,
    /// The time the solver took.
    pub solve_time: Duration,
    /// The time the certificate check took: `Some` exactly when the answer was certified.
    pub check_time: Option<Duration>,
    /// The certificate that checked the answer, when one did.
    pub certificate: Option<&'static str>,
}

impl Answer {
    /// Whether value iteration stopped at [`Options::deadline`], the answer solved with
    /// `options`: its bounds are wider than `epsilon` after fewer than `max_sweeps` sweeps, or
    /// the exact finish asked for was left out.
    pub fn timed_out(&self, options: &Options) -> bool {
        let Some(bounds) = &self.bounds else {
            return false;
        };
        let early = bounds.error() > options.epsilon && self.stats.iterations < options.max_sweeps;
        let unfinished = options.exact && self.strategy.is_none();
        options.deadline.is_some() && (early || unfinished)
    }

    /// Whether the values are exact: strategies were found, or the bounds met.
    pub fn is_exact(&self) -> bool {
        self.strategy.is_some() || self.bounds.as_ref().is_none_or(|b| b.error().is_zero())
    }

    /// The answer as a `kalmar-ssol` solution file for `graph`, the game it solves; `None` when
    /// it lacks exact values or a move at every vertex of Max and Min (value iteration without
    /// [`Options::exact`], Zwick-Paterson).
    pub fn solution_file(&self, graph: &GameGraph, convention: ParityConvention) -> Option<String> {
        let strategy = self
            .strategy
            .clone()
            .filter(|s| s.check(&graph.arena).is_ok())?;
        let solution = Solution {
            values: self.values.clone(),
            strategy,
        };
        Some(crate::solution_file::write(
            &graph.arena,
            self.class,
            convention,
            &solution,
        ))
    }
}

/// Why a solve failed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SolveError {
    /// No solver has this id.
    #[error(transparent)]
    UnknownSolver(#[from] UnknownId),
    /// The solver does not solve games of this class.
    #[error("solver {solver} does not solve {} games (see `kalmar stochastic solvers`)", class.name())]
    Class {
        /// The solver's id.
        solver: &'static str,
        /// The game's class.
        class: Class,
    },
    /// An exact finish was asked of a solver that has none.
    #[error("--exact applies to --solver vi (si and zp are exact already)")]
    Exact,
    /// The error bound is not positive.
    #[error("--epsilon must be positive")]
    Epsilon,
    /// The game is not one of its class, or not one the solver takes; the message names a
    /// vertex or what is missing.
    #[error("{0}")]
    Game(String),
    /// An exact solve is estimated to need more memory than [`Options::max_memory`].
    #[error(
        "an exact solve of this game may need up to {}, more than the {} allowed ({}): use \
         --solver vi for values within guaranteed bounds, or allow more with --max-memory",
        bytes(size.bytes), bytes(*allowed), size.describe()
    )]
    TooLarge {
        /// The estimate.
        size: ExactSize,
        /// The bytes allowed.
        allowed: u64,
    },
    /// The solver's answer failed its certificate: an internal failure.
    #[error("internal error, the solver's answer failed its certificate: {0}")]
    Certificate(VerifyError),
}

impl SolveError {
    /// Whether the error is in the game's content (to be reported with the file's name).
    pub fn is_in_game(&self) -> bool {
        matches!(self, SolveError::Game(_) | SolveError::TooLarge { .. })
    }

    /// Whether the error is an internal failure rather than bad input.
    pub fn is_internal(&self) -> bool {
        matches!(self, SolveError::Certificate(_))
    }
}

impl From<StochasticError> for SolveError {
    fn from(e: StochasticError) -> Self {
        SolveError::Game(e.to_string())
    }
}

/// A stochastic solver: the classes it solves, whether its values are exact, whether it has an
/// exact finish ([`Options::exact`]), and the function that solves and certifies.
#[derive(Clone, Copy, Debug)]
pub struct Solver {
    /// The classes it solves.
    pub classes: &'static [Class],
    /// Whether its values are exact (otherwise: guaranteed bounds).
    pub exact: bool,
    /// Whether [`Options::exact`] applies: bounds finished exactly.
    pub finishes_exactly: bool,
    /// Solves a game of one of `classes` and checks the answer with its certificate.
    pub solve: fn(&GameGraph, Class, &Options) -> Result<Answer, SolveError>,
}

/// Every stochastic solver.
pub static SOLVERS: Registry<Solver> = Registry::new(
    "stochastic solver",
    &[
        Entry {
            id: "si",
            summary: "exact strategy iteration (Hoffman-Karp), exact Markov-chain evaluation; mean-payoff games through discounted games (discount searched towards Lemma 1's, every answer certified), parity games with chance through a priority gadget",
            bounds: "",
            run: Solver {
                classes: &[
                    Class::Simple,
                    Class::Terminal,
                    Class::Discounted,
                    Class::MeanPayoff,
                    Class::Parity,
                ],
                exact: true,
                finishes_exactly: false,
                solve: strategy_iteration,
            },
        },
        Entry {
            id: "vi",
            summary: "value iteration with sound lower and upper bounds (deflation of end components); the guaranteed error is reported",
            bounds: "",
            run: Solver {
                classes: &[Class::Simple, Class::Terminal, Class::Discounted],
                exact: false,
                finishes_exactly: true,
                solve: value_iteration,
            },
        },
        Entry {
            id: "mpsi",
            summary: "strategy improvement for deterministic mean-payoff games (Bjorklund-Vorobyov retreats, thresholds for exact values): exact values and strategies (128-bit integers where they suffice, big integers beyond)",
            bounds: "",
            run: Solver {
                classes: &[Class::MeanPayoff],
                exact: true,
                finishes_exactly: false,
                solve: mean_payoff_improvement,
            },
        },
        Entry {
            id: "zp",
            summary: "Zwick-Paterson value iteration for deterministic mean-payoff games: exact values (no strategies)",
            bounds: "O(n^3 W m)",
            run: Solver {
                classes: &[Class::MeanPayoff],
                exact: true,
                finishes_exactly: false,
                solve: zwick_paterson,
            },
        },
    ],
);

/// Solves the game of `graph` with the solver and options asked for, and checks the answer with
/// the certificate of its class (see the module docs).
pub fn solve(graph: &GameGraph, options: &Options) -> Result<Answer, SolveError> {
    let class = options.class.unwrap_or_else(|| Class::of(graph));
    let entry = SOLVERS.get(&options.solver)?;
    let solver = &entry.run;
    if !solver.classes.contains(&class) {
        return Err(SolveError::Class {
            solver: entry.id,
            class,
        });
    }
    if options.exact && !solver.finishes_exactly {
        return Err(SolveError::Exact);
    }
    if options.epsilon.signum().is_le() {
        return Err(SolveError::Epsilon);
    }
    if solver.exact || options.exact {
        // The file's discount, read as the solver will (a discounted game without one is refused
        // by the solver, with its own message).
        let discount = graph
            .discount
            .as_ref()
            .filter(|_| class == Class::Discounted);
        let size = exact_size(&graph.arena, discount);
        if size.bytes > options.max_memory {
            let allowed = options.max_memory;
            return Err(SolveError::TooLarge { size, allowed });
        }
    }
    (solver.solve)(graph, class, options)
}

/// Times `work`.
fn timed<T>(work: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let result = work();
    (result, start.elapsed())
}

/// The certified answer of a solver that found `solution`: checked by `verify`, timed.
fn certified(
    class: Class,
    solver: &'static str,
    (solution, solve_time): (Solution, Duration),
    bounds: Option<Bounds>,
    stats: Stats,
    verify: impl FnOnce(&Solution) -> Result<(), VerifyError>,
) -> Result<Answer, SolveError> {
    let (check, check_time) = timed(|| verify(&solution));
    check.map_err(SolveError::Certificate)?;
    Ok(Answer {
        class,
        solver,
        values: solution.values,
        bounds,
        strategy: Some(solution.strategy),
        stats,
        solve_time,
        check_time: Some(check_time),
        certificate: Some(certificate_of(class)),
    })
}

/// The certificate that checks solutions of a class.
fn certificate_of(class: Class) -> &'static str {
    match class {
        Class::Simple | Class::Terminal => {
            "optimality equations, safe and stopping strategies (Lemma 5)"
        }
        Class::Discounted => "optimality equations and safe strategies (Shapley)",
        Class::MeanPayoff => "gain/bias witnesses of both players' best replies",
        Class::Parity => "best replies in the parity MDPs of both players",
    }
}

/// `si`: exact strategy iteration on every class (parity games through [`parity`]).
fn strategy_iteration(
    graph: &GameGraph,
    class: Class,
    options: &Options,
) -> Result<Answer, SolveError> {
    let mut stats = Stats::default();
    match class {
        Class::Simple | Class::Terminal => {
            let game = TerminalPayoffGame::from_graph(graph)?;
            let found = timed(|| si::solve_terminal(&game, &mut stats));
            certified(class, "si", found, None, stats, |s| s.verify(&game))
        }
        Class::Discounted => {
            let game = DiscountedGame::from_graph(graph)?;
            let found = timed(|| si::solve_discounted(&game, &mut stats));
            certified(class, "si", found, None, stats, |s| s.verify(&game))
        }
        Class::MeanPayoff => {
            let game = MeanPayoffGame::from_graph(graph)?;
            // Discounted games ever nearer Lemma 1's beta*, until an answer is certified.
            let found = timed(|| si::solve_mean_payoff(&game, &mut stats));
            certified(class, "si", found, None, stats, |s| s.verify(&game))
        }
        Class::Parity => parity(graph, options.convention),
    }
}

/// `vi`: value iteration with bounds on a terminal-payoff or discounted game, finished exactly
/// by strategy iteration from its greedy strategies when [`Options::exact`]; the evaluations
/// counted are then the exact iteration's.
fn value_iteration(
    graph: &GameGraph,
    class: Class,
    options: &Options,
) -> Result<Answer, SolveError> {
    let mut stats = Stats::default();
    let (epsilon, sweeps, deadline) = (&options.epsilon, options.max_sweeps, options.deadline);
    // Past the deadline, the bounds so far are the answer.
    let exact = || options.exact && deadline.is_none_or(|d| Instant::now() < d);
    if class == Class::Discounted {
        let game = DiscountedGame::from_graph(graph)?;
        let (bounds, time) =
            timed(|| vi::solve_discounted_until(&game, epsilon, sweeps, deadline, &mut stats));
        let exactly = |b: &Bounds, stats: &mut Stats| {
            si::solve_discounted_from(&game, b.greedy(game.arena()), stats)
        };
        finish(
            class,
            (bounds, time),
            stats,
            exact().then_some(exactly),
            |s| s.verify(&game),
        )
    } else {
        let game = TerminalPayoffGame::from_graph(graph)?;
        let (bounds, time) =
            timed(|| vi::solve_terminal_until(&game, epsilon, sweeps, deadline, &mut stats));
        answer_of_bounds((&game, class), bounds, (stats.iterations, time), exact())
    }
}

/// The answer of value iteration's `bounds` for `game`, read as `class` (simple or
/// terminal), after `sweeps` sweeps in `time`: the bounds as they are, or with `exact` the
/// solution of strategy iteration started from the strategies they suggest, certified as
/// [`solve`]'s. The bounds may come from elsewhere (the workers of a dataflow, say).
pub fn answer_of_bounds(
    (game, class): (&TerminalPayoffGame, Class),
    bounds: Bounds,
    (sweeps, time): (u64, Duration),
    exact: bool,
) -> Result<Answer, SolveError> {
    let stats = Stats {
        iterations: sweeps,
        ..Stats::default()
    };
    let exactly = |b: &Bounds, stats: &mut Stats| {
        si::solve_terminal_from(game, b.greedy(game.arena()), stats)
    };
    finish(
        class,
        (bounds, time),
        stats,
        exact.then_some(exactly),
        |s| s.verify(game),
    )
}

/// Value iteration's answer: its bounds, or when there is `exactly` (strategy iteration started
/// from the bounds) its solution, checked by `verify`.
fn finish(
    class: Class,
    (bounds, vi_time): (Bounds, Duration),
    mut stats: Stats,
    exactly: Option<impl FnOnce(&Bounds, &mut Stats) -> Solution>,
    verify: impl FnOnce(&Solution) -> Result<(), VerifyError>,
) -> Result<Answer, SolveError> {
    let Some(exactly) = exactly else {
        let values = bounds
            .lower
            .iter()
            .zip(&bounds.upper)
            .map(|(l, u)| &(l + u) / &Rational::from(2))
            .collect();
        return Ok(Answer {
            class,
            solver: "vi",
            values,
            bounds: Some(bounds),
            strategy: None,
            stats,
            solve_time: vi_time,
            check_time: None,
            certificate: None,
        });
    };
    let mut exact_stats = Stats::default();
    let (solution, si_time) = timed(|| exactly(&bounds, &mut exact_stats));
    stats.evaluations = exact_stats.evaluations;
    let found = (solution, vi_time + si_time);
    certified(class, "vi", found, Some(bounds), stats, verify)
}

/// `mpsi`: strategy improvement on a deterministic mean-payoff game.
fn mean_payoff_improvement(
    graph: &GameGraph,
    class: Class,
    _: &Options,
) -> Result<Answer, SolveError> {
    let game = MeanPayoffGame::from_graph(graph)?;
    let mut stats = Stats::default();
    let (solution, time) = timed(|| mpsi::solve(&game, &mut stats));
    let solution = solution.map_err(|e| SolveError::Game(e.to_string()))?;
    certified(class, "mpsi", (solution, time), None, stats, |s| {
        s.verify(&game)
    })
}

/// `zp`: Zwick-Paterson's exact values of a deterministic mean-payoff game (no strategies, so
/// no certificate).
fn zwick_paterson(graph: &GameGraph, class: Class, _: &Options) -> Result<Answer, SolveError> {
    let game = MeanPayoffGame::from_graph(graph)?;
    let mut stats = Stats::default();
    let (values, solve_time) = timed(|| zp::solve(&game, u64::MAX, &mut stats));
    Ok(Answer {
        class,
        solver: "zp",
        values: values.map_err(|e| SolveError::Game(e.to_string()))?,
        bounds: None,
        strategy: None,
        stats,
        solve_time,
        check_time: None,
        certificate: None,
    })
}

/// A parity game: with chance by the priority gadget and exact strategy iteration, checked by
/// the parity-MDP certificate; without, by Zielonka's algorithm (values 0 and 1), checked by the
/// parity verifier.
fn parity(graph: &GameGraph, convention: ParityConvention) -> Result<Answer, SolveError> {
    let class = Class::Parity;
    let game = StochasticParityGame::from_graph(graph, convention)?;
    let mut stats = Stats::default();
    if !is_deterministic(game.arena()) {
        let found = timed(|| spg::solve(&game, &mut stats));
        return certified(class, "si", found, None, stats, |s| s.verify(&game));
    }
    // Odd-wins priorities become even-wins ones by adding 1.
    let shift = u32::from(convention == ParityConvention::OddWins);
    let priority = game
        .priorities()
        .iter()
        .map(|&p| p.checked_add(shift))
        .collect::<Option<Vec<u32>>>()
        .ok_or_else(|| SolveError::Game("a priority is too large".into()))?;
    let classic = kalmar_parity::ParityGame::new(game.arena().clone(), priority)
        .map_err(|e| SolveError::Game(e.to_string()))?;
    let mut parity_stats = kalmar_parity::Stats::default();
    let (solution, solve_time) = timed(|| kalmar_parity::zlk::solve(&classic, &mut parity_stats));
    let (check, check_time) = timed(|| solution.verify(&classic));
    check.map_err(SolveError::Certificate)?;
    Ok(Answer {
        class,
        solver: "zlk",
        values: solution
            .winner
            .iter()
            .map(|&w| Rational::from(i64::from(w == Player::MAX)))
            .collect(),
        bounds: None,
        strategy: Some(solution.strategy),
        stats: Stats {
            iterations: parity_stats.iterations,
            ..Stats::default()
        },
        solve_time,
        check_time: Some(check_time),
        certificate: Some("Zielonka's winning regions and strategies, checked as a parity game"),
    })
}
