//! The whole job of solving a deterministic graphical game, as every front end runs it: the
//! solver chosen from [`SOLVERS`] (by default the sorting method for a strong solution and the
//! almost-linear algorithm for a weak one), a strong answer cut down to a weak one when only the
//! start position was asked for, and the answer checked by the independent verifier before it is
//! returned.
//!
//! ```
//! use kalmar_core::{Rational, format::read_gg};
//! use kalmar_terminal::dgg::{self, Options};
//! let graph = read_gg("kalmar-gg 1\na max -> t u\nt terminal payoff=3\nu terminal payoff=-1/2\n")
//!     .unwrap();
//! let game = dgg::from_graph(&graph).unwrap();
//! let strong = dgg::solve(&game, &Options::default()).unwrap();
//! assert_eq!(strong.solver, "sort");
//! assert_eq!(*strong.solution.start_value(&game), Rational::from(3));
//! let weak = dgg::solve(&game, &Options { weak: true, solver: None }).unwrap();
//! assert_eq!(weak.solver, "almost-linear");
//! assert_eq!(*weak.solution.start_value(&game), Rational::from(3));
//! ```

use super::{DggError, Kind, SOLVERS, Solution, Stats};
use crate::{Dgg, WeakSolution};
use kalmar_core::{Arena, Certificate, Owner, Player, Rational, Strategy, Vertex};
use std::time::{Duration, Instant};

/// How to solve a deterministic graphical game.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// A weak solution (the value of the start position and strategies optimal from it)
    /// instead of a strong one (every position).
    pub weak: bool,
    /// The solver's id in [`SOLVERS`]; `None` for the default of the kind asked for.
    pub solver: Option<String>,
}

/// A solved deterministic graphical game.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The solver that ran.
    pub solver: &'static str,
    /// What it computes.
    pub kind: Kind,
    /// The verified answer: strong or weak, as asked.
    pub solution: Solution<Rational>,
    /// The solver's counters.
    pub stats: Stats,
    /// Time spent by the solver.
    pub solve_time: Duration,
    /// Time spent by the verifier.
    pub verify_time: Duration,
}

/// Solves `game` as `options` say, and verifies the answer.
pub fn solve(game: &Dgg, options: &Options) -> Result<Solved, DggError> {
    let default = if options.weak {
        "almost-linear"
    } else {
        "sort"
    };
    let entry = SOLVERS.get(options.solver.as_deref().unwrap_or(default))?;
    if entry.run.kind == Kind::Weak && !options.weak {
        return Err(DggError::WeakOnly(entry.id));
    }
    let mut stats = Stats::default();
    let started = Instant::now();
    let solution = (entry.run.solve)(game, &mut stats);
    let solve_time = started.elapsed();
    // A strong solver asked for a weak solution answers for every position, which is more.
    let solution = match (solution, options.weak) {
        (Solution::Strong(s), true) => {
            let start = game.start();
            Solution::Weak(WeakSolution {
                start,
                value: s.values[start.index()].clone(),
                strategy: s.strategy,
            })
        }
        (s, _) => s,
    };
    let started = Instant::now();
    solution.verify(game).map_err(DggError::Certificate)?;
    Ok(Solved {
        solver: entry.id,
        kind: entry.run.kind,
        solution,
        stats,
        solve_time,
        verify_time: started.elapsed(),
    })
}

/// The positions where weak strategies matter: the non-terminals reachable from `start` when one
/// player follows `strategy` and the other plays anything, for either player, in breadth-first
/// order (Max's search first).
pub fn relevant_positions(arena: &Arena, strategy: &Strategy, start: Vertex) -> Vec<Vertex> {
    let mut seen = vec![false; arena.num_vertices()];
    let mut order = Vec::new();
    for player in [Player::MAX, Player::MIN] {
        let mut reached = vec![false; arena.num_vertices()];
        let mut queue = vec![start];
        reached[start.index()] = true;
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            if !seen[v.index()] {
                seen[v.index()] = true;
                order.push(v);
            }
            let follows = arena.owner(v) == Owner::Player(player);
            let next = arena
                .successors(v)
                .iter()
                .copied()
                .filter(|&w| !follows || strategy.successor(arena, v) == Some(w));
            for w in next {
                if !reached[w.index()] {
                    reached[w.index()] = true;
                    queue.push(w);
                }
            }
        }
    }
    order.retain(|&v| !arena.is_terminal(v));
    order
}
