//! The whole job of solving a parity game, as every front end runs it: the solver chosen by id
//! from [`SOLVERS`], behind the shared [`preprocess`](crate::preprocess) unless asked otherwise,
//! and the answer checked by the independent [`verify`](crate::verify::verify) before it is
//! returned.
//!
//! ```
//! use kalmar_core::Player;
//! use kalmar_parity::{Options, ParityGame, format::read_pg, solve};
//! let graph = read_pg("parity 2;\n0 2 0 1;\n1 1 1 0;\n2 3 0 2;\n").unwrap();
//! let game = ParityGame::from_graph(&graph, false).unwrap();
//! let solved = solve(&game, &Options::default()).unwrap();
//! assert_eq!(solved.solution.winner, [Player(0), Player(0), Player(1)]);
//! assert!(solved.verified);
//! let pg = solved.to_pg(&game, &graph);
//! assert_eq!(pg.winner, solved.solution.winner);
//! assert!(kalmar_core::Certificate::verify(&pg.to_solution(&game), &game).is_ok());
//! ```

use crate::format::PgSolution;
use crate::{ParityGame, ParitySolution, SOLVERS, Stats, preprocess};
use kalmar_core::format::GameGraph;
use kalmar_core::registry::UnknownId;
use kalmar_core::{Certificate, Owner, Strategy, VerifyError};
use std::time::{Duration, Instant};

/// How to solve a parity game.
#[derive(Clone, Debug)]
pub struct Options {
    /// The solver's id in [`SOLVERS`].
    pub solver: String,
    /// Run the shared preprocessing (self-loops, winning cycles, components bottom-up, the
    /// one-parity shortcut) around the solver.
    pub preprocess: bool,
    /// Check the answer with the independent verifier.
    pub verify: bool,
}

impl Default for Options {
    /// Zielonka's algorithm behind the preprocessing, verified.
    fn default() -> Self {
        Options {
            solver: "zlk".into(),
            preprocess: true,
            verify: true,
        }
    }
}

/// A solved parity game.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The solver that ran.
    pub solver: &'static str,
    /// Winners and strategies.
    pub solution: ParitySolution,
    /// The solver's counters.
    pub stats: Stats,
    /// Whether the verifier checked the answer (it is only returned when it passed).
    pub verified: bool,
    /// Time spent by the solver (with the preprocessing).
    pub solve_time: Duration,
    /// Time spent by the verifier.
    pub verify_time: Duration,
}

/// Why a parity game could not be solved.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// No solver has the id asked for.
    #[error(transparent)]
    UnknownSolver(#[from] UnknownId),
    /// The solver's answer failed its certificate: a bug in the solver.
    #[error("internal error, the solver's answer failed its certificate: {0}")]
    Certificate(VerifyError),
}

/// Solves `game` as `options` say; the answer is verified unless `options.verify` is off.
pub fn solve(game: &ParityGame, options: &Options) -> Result<Solved, SolveError> {
    let entry = SOLVERS.get(&options.solver)?;
    let mut stats = Stats::default();
    let started = Instant::now();
    let solution = if options.preprocess {
        preprocess::solve(game, &mut stats, entry.run)
    } else {
        (entry.run)(game, &mut stats)
    };
    let solve_time = started.elapsed();
    let started = Instant::now();
    if options.verify {
        solution.verify(game).map_err(SolveError::Certificate)?;
    }
    Ok(Solved {
        solver: entry.id,
        solution,
        stats,
        verified: options.verify,
        solve_time,
        verify_time: started.elapsed(),
    })
}

impl Solved {
    /// The answer to `game`, read from the file `graph`, in PGSolver's solution format: the
    /// winner of every vertex, and the winner's move where it owns the vertex (dead ends of the
    /// file have none).
    pub fn to_pg(&self, game: &ParityGame, graph: &GameGraph) -> PgSolution {
        let arena = game.arena();
        let strategy = arena
            .vertices()
            .map(|v| {
                let own = arena.owner(v) == Owner::Player(self.solution.winner[v.index()]);
                (own && !graph.arena.is_terminal(v))
                    .then(|| self.solution.strategy.successor(arena, v))
                    .flatten()
            })
            .collect();
        PgSolution {
            winner: self.solution.winner.clone(),
            strategy,
        }
    }
}

impl PgSolution {
    /// The solution of `game` this PGSolver solution states, for the verifier: the winner of
    /// every vertex, and its move where the file gives one (any move elsewhere: the loser's
    /// choices do not matter).
    pub fn to_solution(&self, game: &ParityGame) -> ParitySolution {
        let arena = game.arena();
        let mut strategy = Strategy::empty(arena.num_vertices());
        for v in arena.vertices() {
            let edge = match self.strategy[v.index()] {
                Some(w) => arena.find_edge(v, w),
                None => arena.out_edges(v).next(),
            };
            if let Some(e) = edge {
                strategy.set(v, e);
            }
        }
        ParitySolution {
            winner: self.winner.clone(),
            strategy,
        }
    }
}
