//! Nash equilibria in pure positional strategies by the solver chosen from [`SOLVERS`], each
//! answer checked by the certificate of [`crate::deviation`] before it is returned: the one call
//! a front end makes (`kalmar positional nash --solver ID`).
//!
//! Without a solver named, the one that fits is taken: backward induction on an acyclic game;
//! the attractor for a two-player win-lose game; strong improvements for two players (which
//! always end, Theorem 3); and otherwise the exact search of [`crate::exact`], which prunes
//! partial profiles by attractors and also proves that a game has no equilibrium. The
//! exhaustive search (`brute`) counts every equilibrium of a small game.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_positional::{PositionalGame, nash};
//! let graph = read_gg("kalmar-gg 1\nplayers 3\ncycle (1,1,0)\na player0 -> b t\nb player1 -> c\n\
//!                      c player2 -> a u\nt terminal payoff=(0,0,2)\nu terminal payoff=(2,0,1)\n").unwrap();
//! let game = PositionalGame::from_graph(&graph).unwrap();
//! let solved = nash::solve(&game, &nash::Options::default()).unwrap();
//! assert_eq!(solved.solver, "exact");
//! let found = solved.equilibrium.expect("this game has one");
//! assert!(kalmar_positional::deviation::check(&game, &found.profile).is_ok());
//! ```

use crate::brute_force::{self, BruteForceError};
use crate::deviation::{NotNash, check, check_subgame_perfect};
use crate::exact::{self, ExactError};
use crate::improvement::{self, DynamicsError, End};
use crate::play::{Outcome, play};
use crate::win_lose::{self, WinLoseError};
use crate::{PositionalGame, backward_induction};
use kalmar_core::registry::{Entry, Registry};
use kalmar_core::{Rational, Strategy};

/// A subgame-perfect equilibrium of an acyclic game (chance allowed) that passed its
/// certificate, with the time each part took.
#[derive(Clone, Debug)]
pub struct SubgamePerfect {
    /// The equilibrium, with every player's expected utility at every position.
    pub equilibrium: crate::Equilibrium,
    /// The time backward induction took.
    pub solve_time: std::time::Duration,
    /// The time the certificate ([`crate::check`]) took.
    pub check_time: std::time::Duration,
}

/// Why backward induction gives no checked answer.
#[derive(Debug, thiserror::Error)]
pub enum BackwardError {
    /// The game has a cycle.
    #[error(transparent)]
    Cycle(#[from] backward_induction::CycleError),
    /// The answer failed the certificate: a bug.
    #[error("internal error, the solver's answer failed its certificate: {0}")]
    Certificate(crate::check::Wrong),
}

/// Backward induction and its certificate in one call, timed: the subgame-perfect equilibrium
/// of an acyclic game, chance positions included.
pub fn subgame_perfect(game: &PositionalGame) -> Result<SubgamePerfect, BackwardError> {
    let started = std::time::Instant::now();
    let equilibrium = backward_induction::solve(game)?;
    let solve_time = started.elapsed();
    let started = std::time::Instant::now();
    crate::check::check(game, &equilibrium).map_err(BackwardError::Certificate)?;
    Ok(SubgamePerfect {
        equilibrium,
        solve_time,
        check_time: started.elapsed(),
    })
}

/// The most work (k · n · (n + m)) spent checking an equilibrium from every start.
pub const SUBGAME_CHECK_LIMIT: u128 = 1 << 28;

/// A solver: the game and the options to an answer.
pub type Solver = fn(&PositionalGame, &Options) -> Result<Answer, NashError>;

/// The solvers, in the order the default tries them.
pub static SOLVERS: Registry<Solver> = Registry::new(
    "solver",
    &[
        Entry {
            id: "bi",
            summary: "backward induction, acyclic games; subgame perfect",
            bounds: "O((n + m) · k)",
            run: |game, _| {
                let solved = backward_induction::solve(game)
                    .map_err(|e| NashError::Solver(e.to_string()))?;
                Ok(Answer::found(solved.strategy, None))
            },
        },
        Entry {
            id: "win-lose",
            summary: "two players, ±1 outcomes: attractor (Proposition 2)",
            bounds: "O(n + m)",
            run: |game, _| {
                let solved = win_lose::solve(game)?;
                Ok(Answer::found(solved.profile, None))
            },
        },
        Entry {
            id: "improve",
            summary: "strong improvements; end for two players (Theorem 3)",
            bounds: "steps: open (§6)",
            run: |game, options| {
                let run =
                    improvement::run(game, improvement::first_moves(game), options.max_steps)?;
                let steps = run.steps.len();
                match run.end {
                    End::Equilibrium(profile) => Ok(Answer::found(profile, Some(steps))),
                    End::Cycle { from } => Err(NashError::Cycle { steps, from }),
                    End::Limit => Err(NashError::Limit(steps)),
                }
            },
        },
        Entry {
            id: "exact",
            summary: "search with pruning by attractors: one equilibrium, or proof of none",
            bounds: "O(k · (n + m)) per node; exponential nodes at worst",
            run: |game, options| {
                let searched = exact::solve(game, options.max_profiles)?;
                Ok(Answer {
                    nodes: Some(searched.nodes),
                    ..Answer::none(searched.profile)
                })
            },
        },
        Entry {
            id: "brute",
            summary: "every profile: all equilibria, or proof of none",
            bounds: "O(P · k · (n + m)) for P profiles",
            run: |game, options| {
                let found = brute_force::solve(game, options.max_profiles)?;
                Ok(Answer {
                    count: Some(found.equilibria.len()),
                    profiles: Some(found.profiles),
                    ..Answer::none(found.equilibria.into_iter().next())
                })
            },
        },
    ],
);

/// What the caller asks.
#[derive(Clone, Debug)]
pub struct Options {
    /// The solver's id; None for the one that fits the game.
    pub solver: Option<String>,
    /// The most profiles the exhaustive search tries, and the most nodes (partial profiles)
    /// the exact search visits.
    pub max_profiles: u64,
    /// The most steps the improvement dynamics take.
    pub max_steps: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            solver: None,
            max_profiles: 1 << 24,
            max_steps: 1_000_000,
        }
    }
}

/// A solver's raw answer.
#[derive(Clone, Debug)]
pub struct Answer {
    /// An equilibrium, if one was found.
    pub profile: Option<Strategy>,
    /// The improvement steps taken.
    pub steps: Option<usize>,
    /// How many equilibria there are (exhaustive search).
    pub count: Option<usize>,
    /// How many profiles were tried (exhaustive search).
    pub profiles: Option<u64>,
    /// How many nodes were visited (exact search).
    pub nodes: Option<u64>,
}

impl Answer {
    fn found(profile: Strategy, steps: Option<usize>) -> Answer {
        Answer {
            steps,
            ..Answer::none(Some(profile))
        }
    }

    /// The profile, with nothing counted.
    fn none(profile: Option<Strategy>) -> Answer {
        Answer {
            profile,
            steps: None,
            count: None,
            profiles: None,
            nodes: None,
        }
    }
}

/// A checked equilibrium.
#[derive(Clone, Debug)]
pub struct Equilibrium {
    /// One move per player's position.
    pub profile: Strategy,
    /// The outcome of its play from the start.
    pub outcome: Outcome,
    /// Every player's utility of that outcome.
    pub utilities: Vec<Rational>,
    /// Whether it is an equilibrium from every start, not only the game's: checked from every
    /// start when that costs at most [`SUBGAME_CHECK_LIMIT`] steps (n · (n + m)), known for the
    /// solvers that build subgame-perfect profiles (bi, win-lose), None otherwise.
    pub subgame_perfect: Option<bool>,
    /// Whether `subgame_perfect` was checked from every start (rather than known from the
    /// solver).
    pub subgame_checked: bool,
}

/// The answer of [`solve`].
#[derive(Clone, Debug)]
pub struct Solved {
    /// The solver that ran.
    pub solver: &'static str,
    /// An equilibrium, checked; None when the exact or the exhaustive search proved there is
    /// none.
    pub equilibrium: Option<Equilibrium>,
    /// The improvement steps taken (improve).
    pub steps: Option<usize>,
    /// How many equilibria there are, and how many profiles were tried (brute).
    pub count: Option<(usize, u64)>,
    /// How many nodes (partial profiles) the search visited (exact).
    pub nodes: Option<u64>,
}

/// Why no checked answer.
#[derive(Debug, thiserror::Error)]
pub enum NashError {
    /// An unknown solver id.
    #[error("unknown solver '{0}'; the solvers are {1}")]
    UnknownSolver(String, String),
    /// The solver does not apply to the game.
    #[error("{0}")]
    Solver(String),
    /// The exhaustive search would be too large.
    #[error(transparent)]
    BruteForce(#[from] BruteForceError),
    /// The exact search reached its node limit.
    #[error(transparent)]
    Exact(#[from] ExactError),
    /// Not a win-lose game.
    #[error(transparent)]
    WinLose(#[from] WinLoseError),
    /// The dynamics cannot run.
    #[error(transparent)]
    Dynamics(#[from] DynamicsError),
    /// The dynamics came back to a profile: an improvement cycle (possible with three or more
    /// players).
    #[error(
        "the improvements cycle: after {steps} steps the profile of step {from} came back; try solver exact"
    )]
    Cycle {
        /// Steps taken.
        steps: usize,
        /// Where the cycle starts.
        from: usize,
    },
    /// The step limit.
    #[error("no equilibrium after {0} improvement steps (the limit)")]
    Limit(usize),
    /// A solver's answer failed the certificate: a bug.
    #[error("internal error, the solver's answer failed its certificate: {0}")]
    Certificate(NotNash),
}

/// The solver that fits the game: `bi` when it is acyclic, `win-lose` for two players with ±1
/// outcomes, `improve` for two players, `exact` otherwise (it finds one equilibrium or proves
/// there is none; `brute` is the one that counts them all).
pub fn fitting(game: &PositionalGame) -> &'static str {
    if crate::play::is_acyclic(game) {
        "bi"
    } else if win_lose::check_win_lose(game).is_ok() {
        "win-lose"
    } else if game.num_players() == 2 {
        "improve"
    } else {
        "exact"
    }
}

/// Finds an equilibrium with the solver asked for (or the fitting one) and checks it. Games
/// with chance are acyclic games here: [`backward_induction::solve`] and [`crate::check`] are
/// their solver and certificate.
pub fn solve(game: &PositionalGame, options: &Options) -> Result<Solved, NashError> {
    if let Some(v) = crate::play::chance_position(game) {
        return Err(NashError::Solver(format!(
            "position {v} belongs to chance: a game with chance is solved by backward induction \
             (and must be acyclic)"
        )));
    }
    let id = options.solver.as_deref().unwrap_or_else(|| fitting(game));
    let entry = SOLVERS.iter().find(|e| e.id == id).ok_or_else(|| {
        NashError::UnknownSolver(id.to_string(), SOLVERS.ids().collect::<Vec<_>>().join(", "))
    })?;
    let answer = (entry.run)(game, options)?;
    let equilibrium = match answer.profile {
        None => None,
        Some(profile) => {
            let utilities = check(game, &profile).map_err(NashError::Certificate)?;
            let outcome = play(game, &profile, game.start())
                .map_err(|e| NashError::Certificate(e.into()))?
                .outcome;
            let arena = game.arena();
            let n = arena.num_vertices() as u128;
            let work = n * (n + arena.num_edges() as u128) * game.num_players() as u128;
            let subgame_checked = work <= SUBGAME_CHECK_LIMIT;
            let subgame_perfect = if subgame_checked {
                Some(check_subgame_perfect(game, &profile).is_ok())
            } else {
                matches!(entry.id, "bi" | "win-lose").then_some(true)
            };
            Some(Equilibrium {
                profile,
                outcome,
                utilities,
                subgame_perfect,
                subgame_checked,
            })
        }
    };
    Ok(Solved {
        solver: entry.id,
        equilibrium,
        steps: answer.steps,
        count: answer.count.zip(answer.profiles),
        nodes: answer.nodes,
    })
}
