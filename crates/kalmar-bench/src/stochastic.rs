//! The stochastic benchmark behind `kalmar bench stochastic`: exact strategy iteration and value
//! iteration on random games and the Haddad-Monmege chains; strategy improvement (mpsi) and
//! Zwick-Paterson on random deterministic mean-payoff games; the searching solvers on
//! mean-payoff and parity games with chance; Friedmann's games ([`friedmann`]). One
//! [`StochasticRow`] per solver and game. Each answer with a certificate is checked by it,
//! outside the timed part; mpsi's values are compared with Zwick-Paterson's where that runs.
//!
//! ```
//! use kalmar_bench::stochastic::{Setup, run};
//! let setup = Setup { sizes: &[40], reps: 1, seed: 1, solvers: &[] };
//! let rows = run(&["simple".to_string()], &setup).unwrap();
//! assert_eq!(rows.iter().map(|r| r.solver).collect::<Vec<_>>(), ["si", "vi"]);
//! assert_eq!(rows[0].error, "exact");
//! ```

use crate::table_plot::PlotColumns;
use crate::{TableRow, Timing};
use kalmar_core::format::GameGraph;
use kalmar_core::registry::{Entry, Registry, UnknownId};
use kalmar_core::{Certificate, Rational, VerifyError};
use kalmar_stochastic::generate::{
    GeneratorError, instances, random_deterministic, random_stochastic,
};
use kalmar_stochastic::{
    Class, DiscountedGame, MeanPayoffGame, ParityConvention, Stats, StochasticParityGame,
    TerminalPayoffGame, mpsi, si, spg, vi, zp,
};
use serde::Serialize;
use std::time::{Duration, Instant};

pub mod friedmann;

/// One row of the benchmark: a solver on one game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StochasticRow {
    /// The family, with the chain's length or Friedmann's parameter where there is one.
    pub family: String,
    /// The game's vertices.
    pub vertices: usize,
    /// The game's moves.
    pub moves: usize,
    /// The solver.
    pub solver: &'static str,
    /// The median time in milliseconds; `None` when the solver was not run (too slow here).
    pub median_ms: Option<f64>,
    /// Improvements or sweeps.
    pub iterations: u64,
    /// Exact Markov-chain solves.
    pub evaluations: u64,
    /// Floating-point Markov-chain solves.
    pub estimates: u64,
    /// `exact` and what was checked, value iteration's error bound, or why it was not run.
    pub error: String,
}

impl StochasticRow {
    fn new(
        family: impl Into<String>,
        graph: &GameGraph,
        solver: &'static str,
        timing: Option<Timing>,
        stats: Stats,
        error: String,
    ) -> Self {
        StochasticRow {
            family: family.into(),
            vertices: graph.arena.num_vertices(),
            moves: graph.arena.num_edges(),
            solver,
            median_ms: timing.map(|t| t.median * 1e3),
            iterations: stats.iterations,
            evaluations: stats.evaluations,
            estimates: stats.estimates,
            error,
        }
    }
}

impl TableRow for StochasticRow {
    fn markdown_header() -> &'static str {
        "| family | vertices | moves | solver | median ms | iterations | exact solves | float solves | error bound |\n\
         |---|---:|---:|---|---:|---:|---:|---:|---|"
    }

    const PLOT: Option<PlotColumns> = Some(PlotColumns {
        x: "moves",
        y: &["median ms"],
        by: &["family", "solver"],
    });

    fn markdown(&self) -> String {
        format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            self.family,
            self.vertices,
            self.moves,
            self.solver,
            self.median_ms.map_or("–".into(), |t| format!("{t:.2}")),
            self.iterations,
            self.evaluations,
            self.estimates,
            self.error
        )
    }
}

/// Why the benchmark stopped.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum StochasticBenchError {
    /// No family or solver has this id.
    #[error(transparent)]
    Family(#[from] UnknownId),
    /// A game could not be generated or read.
    #[error("{0}")]
    Game(String),
    /// A solver's answer failed its certificate: an internal failure.
    #[error("internal error, the solver's answer failed its certificate: {0}")]
    Certificate(VerifyError),
    /// mpsi and Zwick-Paterson gave different values: an internal failure.
    #[error("internal error: mpsi and Zwick-Paterson disagree on a benchmark game")]
    Disagree,
    /// A vertex of Friedmann's game is not won by Odd: an internal failure.
    #[error("internal error: a vertex of Friedmann's game is not won by Odd")]
    NotOddWins,
}

impl StochasticBenchError {
    fn game(e: impl ToString) -> Self {
        StochasticBenchError::Game(e.to_string())
    }
}

impl crate::harness::BadInput for StochasticBenchError {
    /// Bad families and games; every other error is a failure of a solver.
    fn is_bad_input(&self) -> bool {
        matches!(
            self,
            StochasticBenchError::Family(_) | StochasticBenchError::Game(_)
        )
    }
}

impl From<GeneratorError> for StochasticBenchError {
    fn from(e: GeneratorError) -> Self {
        StochasticBenchError::game(e)
    }
}

/// The certificate's verdict, as an internal failure if it rejects.
fn checked(result: Result<(), VerifyError>) -> Result<(), StochasticBenchError> {
    result.map_err(StochasticBenchError::Certificate)
}

/// What to run.
#[derive(Clone, Copy, Debug)]
pub struct Setup<'a> {
    /// Sizes in moves of the random games.
    pub sizes: &'a [usize],
    /// Timed runs of each solver (at least 1).
    pub reps: usize,
    /// The seed of the random games.
    pub seed: u64,
    /// The solvers of the terminal-payoff and discounted families to run (`si`, `vi`; empty:
    /// both).
    pub solvers: &'a [String],
}

impl Setup<'_> {
    fn runs(&self, id: &str) -> bool {
        self.solvers.is_empty() || self.solvers.iter().any(|s| s == id)
    }
}

/// What runs a family: its id, the setup, and the rows to add to.
pub type Family = fn(&str, &Setup<'_>, &mut Vec<StochasticRow>) -> Result<(), StochasticBenchError>;

/// The families of `kalmar bench stochastic`.
pub static FAMILIES: Registry<Family> = Registry::new(
    "stochastic benchmark family",
    &[
        Entry {
            id: "simple",
            summary: "random simple stochastic games: si and vi",
            bounds: "",
            run: si_vi,
        },
        Entry {
            id: "terminal",
            summary: "random terminal-payoff games: si and vi",
            bounds: "",
            run: si_vi,
        },
        Entry {
            id: "discounted",
            summary: "random discounted games: si and vi",
            bounds: "",
            run: si_vi,
        },
        Entry {
            id: "haddad-monmege",
            summary: "Haddad-Monmege chains: si and vi",
            bounds: "",
            run: si_vi,
        },
        Entry {
            id: "haddad-monmege-3/4",
            summary: "the chains worth 3/4: si and vi",
            bounds: "",
            run: si_vi,
        },
        Entry {
            id: "mean-payoff",
            summary: "random deterministic mean-payoff games: mpsi and Zwick-Paterson",
            bounds: "",
            run: mean_payoff,
        },
        Entry {
            id: "mean-payoff-chance",
            summary: "random mean-payoff games with chance: si, the discount factor searched",
            bounds: "",
            run: mean_payoff_chance,
        },
        Entry {
            id: "parity",
            summary: "random parity games with chance: si on the priority gadget",
            bounds: "",
            run: parity,
        },
        Entry {
            id: "friedmann",
            summary: "Friedmann's switch-all games: mpsi and si on the gadget",
            bounds: "",
            run: friedmann::run,
        },
    ],
);

/// The families run when none are named.
pub const DEFAULT_FAMILIES: [&str; 4] = ["simple", "terminal", "discounted", "haddad-monmege"];

/// Runs the families (default [`DEFAULT_FAMILIES`]).
pub fn run(
    families: &[String],
    setup: &Setup<'_>,
) -> Result<Vec<StochasticRow>, StochasticBenchError> {
    let families: Vec<&str> = if families.is_empty() {
        DEFAULT_FAMILIES.to_vec()
    } else {
        families.iter().map(String::as_str).collect()
    };
    for id in setup.solvers {
        kalmar_stochastic::solve::SOLVERS.get(id)?;
    }
    let mut rows = Vec::new();
    for family in families {
        (FAMILIES.get(family)?.run)(family, setup, &mut rows)?;
    }
    Ok(rows)
}

/// Runs `work` `reps` times (at least once); its timing.
fn repeat(
    reps: usize,
    mut work: impl FnMut() -> Result<Duration, StochasticBenchError>,
) -> Result<Timing, StochasticBenchError> {
    let samples = (0..reps.max(1))
        .map(|_| work().map(|t| t.as_secs_f64()))
        .collect::<Result<Vec<f64>, _>>()?;
    Ok(Timing::from_samples(samples))
}

/// A random game of `class` of about `size` moves (two per position), with or without chance.
fn drawn(
    class: Class,
    size: usize,
    seed: u64,
    chance: bool,
) -> Result<GameGraph, StochasticBenchError> {
    let build = if chance {
        random_stochastic
    } else {
        random_deterministic
    };
    build(class, (size / 2).max(1), 2, 0, None, seed).map_err(StochasticBenchError::game)
}

/// Exact strategy iteration and value iteration with bounds on the games of a generator.
fn si_vi(
    id: &str,
    setup: &Setup<'_>,
    rows: &mut Vec<StochasticRow>,
) -> Result<(), StochasticBenchError> {
    for (family, graph) in instances(id, setup.sizes, setup.seed)? {
        si_vi_on(family, &graph, setup, rows)?;
    }
    Ok(())
}

/// A terminal-payoff or discounted game, read from its file form.
enum Game {
    Terminal(TerminalPayoffGame),
    Discounted(DiscountedGame),
}

impl Game {
    fn of(graph: &GameGraph) -> Result<Game, StochasticBenchError> {
        Ok(match Class::of(graph) {
            Class::Discounted => Game::Discounted(
                DiscountedGame::from_graph(graph).map_err(StochasticBenchError::game)?,
            ),
            _ => Game::Terminal(
                TerminalPayoffGame::from_graph(graph).map_err(StochasticBenchError::game)?,
            ),
        })
    }

    /// Exact strategy iteration, then its certificate (outside the time returned).
    fn si(&self, stats: &mut Stats) -> Result<Duration, StochasticBenchError> {
        let start = Instant::now();
        let (elapsed, check) = match self {
            Game::Discounted(game) => {
                let solution = si::solve_discounted(game, stats);
                (start.elapsed(), solution.verify(game))
            }
            Game::Terminal(game) => {
                let solution = si::solve_terminal(game, stats);
                (start.elapsed(), solution.verify(game))
            }
        };
        checked(check).map(|()| elapsed)
    }

    /// Value iteration's bounds.
    fn vi(&self, epsilon: &Rational, stats: &mut Stats) -> vi::Bounds {
        match self {
            Game::Discounted(game) => vi::solve_discounted(game, epsilon, 10_000_000, stats),
            Game::Terminal(game) => vi::solve_terminal(game, epsilon, 10_000_000, stats),
        }
    }
}

/// The si and vi rows of one game.
fn si_vi_on(
    family: String,
    graph: &GameGraph,
    setup: &Setup<'_>,
    rows: &mut Vec<StochasticRow>,
) -> Result<(), StochasticBenchError> {
    let game = Game::of(graph)?;
    let mut stats = Stats::default();
    if setup.runs("si") {
        let timing = repeat(setup.reps, || {
            stats = Stats::default();
            game.si(&mut stats)
        })?;
        rows.push(StochasticRow::new(
            family.clone(),
            graph,
            "si",
            Some(timing),
            stats,
            "exact".into(),
        ));
    }
    if !setup.runs("vi") {
        return Ok(());
    }
    let epsilon = Rational::new(1, 1_000_000);
    let mut error = String::new();
    let timing = repeat(setup.reps, || {
        stats = Stats::default();
        let start = Instant::now();
        let bounds = game.vi(&epsilon, &mut stats);
        let elapsed = start.elapsed();
        error = bounds.error().to_string();
        Ok(elapsed)
    })?;
    rows.push(StochasticRow::new(
        family,
        graph,
        "vi",
        Some(timing),
        stats,
        error,
    ));
    Ok(())
}

/// The row of a solver that searches its parameter (the parity gadget's stopping parameter, the
/// discount factor of mean-payoff games): `solve` returns the time of one solve, its answer
/// checked by the certificate outside that time; `rounds` names what one round solves.
fn searched(
    (family, solver, rounds): (&str, &'static str, &str),
    graph: &GameGraph,
    reps: usize,
    mut solve: impl FnMut(&mut Stats) -> Result<Duration, StochasticBenchError>,
) -> Result<StochasticRow, StochasticBenchError> {
    let mut stats = Stats::default();
    let timing = repeat(reps, || {
        stats = Stats::default();
        solve(&mut stats)
    })?;
    Ok(StochasticRow::new(
        family,
        graph,
        solver,
        Some(timing),
        stats,
        format!("exact; {} {rounds}", stats.rounds),
    ))
}

/// si-gadget on random parity games with chance.
fn parity(
    _: &str,
    setup: &Setup<'_>,
    rows: &mut Vec<StochasticRow>,
) -> Result<(), StochasticBenchError> {
    for &size in setup.sizes {
        let graph = drawn(Class::Parity, size, setup.seed, true)?;
        let game = StochasticParityGame::from_graph(&graph, ParityConvention::EvenWins)
            .map_err(StochasticBenchError::game)?;
        let labels = ("parity (chance)", "si-gadget", "gadget games");
        rows.push(searched(labels, &graph, setup.reps, |stats| {
            let start = Instant::now();
            let solution = spg::solve(&game, stats);
            let elapsed = start.elapsed();
            checked(solution.verify(&game)).map(|()| elapsed)
        })?);
    }
    Ok(())
}

/// si on random mean-payoff games with chance, the discount factor searched.
fn mean_payoff_chance(
    _: &str,
    setup: &Setup<'_>,
    rows: &mut Vec<StochasticRow>,
) -> Result<(), StochasticBenchError> {
    for &size in setup.sizes {
        let graph = drawn(Class::MeanPayoff, size, setup.seed, true)?;
        let game = MeanPayoffGame::from_graph(&graph).map_err(StochasticBenchError::game)?;
        let labels = ("mean-payoff (chance)", "si", "discount factors");
        rows.push(searched(labels, &graph, setup.reps, |stats| {
            let start = Instant::now();
            let solution = si::solve_mean_payoff(&game, stats);
            let elapsed = start.elapsed();
            checked(solution.verify(&game)).map(|()| elapsed)
        })?);
    }
    Ok(())
}

/// Zwick-Paterson runs in the benchmark only up to this many vertex updates (steps times
/// vertices); beyond, its row says how many steps it would take.
const ZP_UPDATES: u128 = 2_000_000_000;

/// Strategy improvement and (where it fits) Zwick-Paterson on random deterministic mean-payoff
/// games; their values must agree.
fn mean_payoff(
    _: &str,
    setup: &Setup<'_>,
    rows: &mut Vec<StochasticRow>,
) -> Result<(), StochasticBenchError> {
    for &size in setup.sizes {
        let graph = drawn(Class::MeanPayoff, size, setup.seed, false)?;
        mean_payoff_on(&graph, setup.reps, rows)?;
    }
    Ok(())
}

/// The mpsi and zp rows of one deterministic mean-payoff game.
fn mean_payoff_on(
    graph: &GameGraph,
    reps: usize,
    rows: &mut Vec<StochasticRow>,
) -> Result<(), StochasticBenchError> {
    const FAMILY: &str = "mean-payoff (deterministic)";
    let game = MeanPayoffGame::from_graph(graph).map_err(StochasticBenchError::game)?;
    let mut stats = Stats::default();
    let mut values = Vec::new();
    let timing = repeat(reps, || {
        stats = Stats::default();
        let start = Instant::now();
        let solution = mpsi::solve(&game, &mut stats).map_err(StochasticBenchError::game)?;
        let elapsed = start.elapsed();
        checked(solution.verify(&game))?;
        values = solution.values;
        Ok(elapsed)
    })?;
    let distinct = values
        .iter()
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    let exact = format!("exact; {distinct} distinct values");
    rows.push(StochasticRow::new(
        FAMILY,
        graph,
        "mpsi",
        Some(timing),
        stats,
        exact,
    ));
    let n = graph.arena.num_vertices() as u128;
    let w = game
        .rewards()
        .iter()
        .map(|r| r.abs().to_f64().ceil() as u128)
        .max()
        .unwrap_or(1)
        .max(1);
    let steps = 4 * n * n * n * w + 1;
    if steps.saturating_mul(n) > ZP_UPDATES {
        let why = format!("not run: {steps} steps");
        rows.push(StochasticRow::new(
            FAMILY,
            graph,
            "zp",
            None,
            Stats::default(),
            why,
        ));
        return Ok(());
    }
    let timing = repeat(reps, || {
        stats = Stats::default();
        let start = Instant::now();
        let zp_values =
            zp::solve(&game, u64::MAX, &mut stats).map_err(StochasticBenchError::game)?;
        let elapsed = start.elapsed();
        if zp_values != values {
            return Err(StochasticBenchError::Disagree);
        }
        Ok(elapsed)
    })?;
    let same = "exact; same values as mpsi".to_string();
    rows.push(StochasticRow::new(
        FAMILY,
        graph,
        "zp",
        Some(timing),
        stats,
        same,
    ));
    Ok(())
}
