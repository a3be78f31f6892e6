//! Restricted improvement cycles (Andersson, Gurvich and Hansen, §1.4): does a game have a cycle
//! of profiles x¹ → x² → … → x¹ in which each step is a player's inside-play restricted
//! improvement of a chosen type? The search builds the graph whose nodes are all positional
//! profiles and whose arcs are those improvements, then looks for a cycle in it.
//!
//! The steps are the improvements of [`crate::restricted`]: inside-play deviations (the
//! paper's ri-cycles), lazy ones, or unrestricted changes (its im-cycles), of type standard,
//! strong, last-step or best-reply.
//!
//! The theorems of the paper are the tests: games on acyclic digraphs have no last-step
//! ri-cycle (Theorem 2; on trees, no standard one, after Kukushkin), two-person games no strong
//! ri-cycle (Theorem 3).
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_positional::{PositionalGame, ricycle::{Improvement, search}};
//! let graph = read_gg("kalmar-gg 1\nplayers 2\ncycle (2,0)\nstart u\nu player0 -> v a1\n\
//!                      v player1 -> u a2\na1 terminal payoff=(1,2)\na2 terminal payoff=(0,1)\n")
//!     .unwrap();
//! let game = PositionalGame::from_graph(&graph).unwrap();
//! // Two players: no strong ri-cycle (Theorem 3).
//! assert!(search(&game, Improvement::Strong, 1 << 16).unwrap().is_none());
//! ```
//!
//! # Complexity
//! The graph has one node per profile (the product of the out-degrees, refused above the
//! limit given) and, per node and player, one arc per inside-play deviation: exponential in the
//! length of plays. It is a tool for the small examples of the theory.

use crate::PositionalGame;
use crate::deviation::outcome_name;
use crate::play::{Outcome, chance_position, decision_points, play, profile_count};
use crate::restricted::improvements;
pub use crate::restricted::{Improvement, Restriction};
use kalmar_core::{Edge, Strategy, Vertex};

/// One step of an ri-cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CycleStep {
    /// The player who improves.
    pub player: usize,
    /// The profile before the step.
    pub profile: Strategy,
    /// The outcomes the deviation passes through, from the profile's to the new one.
    pub outcomes: Vec<Outcome>,
}

/// Why the search does not run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// Too many profiles.
    #[error(
        "the game has {0} positional profiles, more than the limit of {1}: the search is for small games"
    )]
    TooMany(String, u64),
    /// A chance position.
    #[error(
        "position {0} belongs to chance: games with cycles are solved without chance moves here"
    )]
    Chance(String),
    /// The search for preferences tried as many partial cycles as it may.
    #[error(
        "no answer after {0} partial cycles (the limit): raise the limit, or search for c-free cycles or a stronger type of improvement, which prune more"
    )]
    Budget(u64),
}

/// What a search looks for, and how much it may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The type of improvement of every step.
    pub improvement: Improvement,
    /// The changes a step may make.
    pub restriction: Restriction,
    /// Only cycles in which no profile's play is infinite (the paper's c-free cycles).
    pub c_free: bool,
    /// The most profiles a game may have.
    pub max_profiles: u64,
    /// The most partial cycles the search for preferences extends
    /// ([`crate::preference_search`]).
    pub max_nodes: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            improvement: Improvement::Standard,
            restriction: Restriction::InsidePlay,
            c_free: false,
            max_profiles: 1 << 20,
            max_nodes: 10_000_000,
        }
    }
}

/// Searches for an ri-cycle whose steps are improvements of type `kind`: the cycle's steps, or
/// None when there is none. Refuses games with more than `limit` profiles.
pub fn search(
    game: &PositionalGame,
    kind: Improvement,
    limit: u64,
) -> Result<Option<Vec<CycleStep>>, SearchError> {
    search_with(
        game,
        &Options {
            improvement: kind,
            max_profiles: limit,
            ..Options::default()
        },
    )
}

/// Every positional profile of a game without chance, numbered in mixed radix over the
/// positions where someone moves.
pub(crate) struct Profiles {
    movers: Vec<Vertex>,
    moves: Vec<Vec<Edge>>,
    positions: usize,
    /// How many there are.
    pub count: usize,
}

impl Profiles {
    /// The profiles of `game`, refused above `limit`.
    pub(crate) fn of(game: &PositionalGame, limit: u64) -> Result<Profiles, SearchError> {
        if let Some(v) = chance_position(game) {
            return Err(SearchError::Chance(v));
        }
        let (movers, moves) = decision_points(game);
        let count = match profile_count(&moves) {
            Some(c) if c <= u128::from(limit) => c as usize,
            c => {
                return Err(SearchError::TooMany(
                    c.map_or("more than 2^128".into(), |c| c.to_string()),
                    limit,
                ));
            }
        };
        Ok(Profiles {
            movers,
            moves,
            positions: game.arena().num_vertices(),
            count,
        })
    }

    /// The number of a profile.
    pub(crate) fn index(&self, profile: &Strategy) -> usize {
        self.movers
            .iter()
            .zip(&self.moves)
            .rev()
            .fold(0, |acc, (&v, m)| {
                let e = profile.get(v).expect("a profile moves everywhere");
                acc * m.len() + m.iter().position(|&x| x == e).expect("a move of v")
            })
    }

    /// The profile numbered `index`.
    pub(crate) fn profile(&self, mut index: usize) -> Strategy {
        let mut profile = Strategy::empty(self.positions);
        for (&v, m) in self.movers.iter().zip(&self.moves) {
            profile.set(v, m[index % m.len()]);
            index /= m.len();
        }
        profile
    }

    /// The profiles a search of `options` may not pass through: with `c_free`, those whose
    /// play is infinite.
    pub(crate) fn excluded(&self, game: &PositionalGame, options: &Options) -> Vec<bool> {
        (0..self.count)
            .map(|x| {
                options.c_free
                    && play(game, &self.profile(x), game.start())
                        .is_ok_and(|p| p.outcome == Outcome::Cycle)
            })
            .collect()
    }
}

/// The improvement graph: per profile, its improvements of the type and restriction of
/// `options` to profiles not `excluded`, as (next profile, player, outcomes passed through).
pub(crate) fn improvement_graph(
    game: &PositionalGame,
    profiles: &Profiles,
    options: &Options,
    excluded: &[bool],
) -> Vec<Vec<(usize, usize, Vec<Outcome>)>> {
    let mut arcs: Vec<Vec<(usize, usize, Vec<Outcome>)>> = vec![Vec::new(); profiles.count];
    for (x, out) in arcs.iter_mut().enumerate() {
        if excluded[x] {
            continue;
        }
        let profile = profiles.profile(x);
        for player in 0..game.num_players() {
            for (next, outcomes) in improvements(
                game,
                &profile,
                player,
                options.improvement,
                options.restriction,
            ) {
                let y = profiles.index(&next);
                if !excluded[y] {
                    out.push((y, player, outcomes));
                }
            }
        }
    }
    arcs
}

/// [`search`] with every option given: the type of improvement, the restriction, whether
/// profiles with infinite play may be on the cycle, the limit on profiles.
pub fn search_with(
    game: &PositionalGame,
    options: &Options,
) -> Result<Option<Vec<CycleStep>>, SearchError> {
    let profiles = Profiles::of(game, options.max_profiles)?;
    let count = profiles.count;
    let excluded = profiles.excluded(game, options);
    let arcs = improvement_graph(game, &profiles, options, &excluded);
    // A cycle by depth-first search: 0 unvisited, 1 on the stack, 2 done.
    let mut state = vec![0u8; count];
    for root in 0..count {
        if state[root] != 0 {
            continue;
        }
        let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
        state[root] = 1;
        while let Some(&mut (x, ref mut next)) = stack.last_mut() {
            if *next == arcs[x].len() {
                state[x] = 2;
                stack.pop();
                continue;
            }
            let (y, _, _) = &arcs[x][*next];
            let y = *y;
            *next += 1;
            match state[y] {
                0 => {
                    state[y] = 1;
                    stack.push((y, 0));
                }
                1 => {
                    // The stack from y to x, and the arc back to y, is the cycle.
                    let from = stack
                        .iter()
                        .position(|&(z, _)| z == y)
                        .expect("on the stack");
                    let steps = stack[from..]
                        .iter()
                        .map(|&(z, taken)| {
                            let (_, player, outcomes) = &arcs[z][taken - 1];
                            CycleStep {
                                player: *player,
                                profile: profiles.profile(z),
                                outcomes: outcomes.clone(),
                            }
                        })
                        .collect();
                    return Ok(Some(steps));
                }
                _ => {}
            }
        }
    }
    Ok(None)
}

/// A cycle's steps in words, one line each: the player, the outcomes passed through.
pub fn describe(game: &PositionalGame, steps: &[CycleStep]) -> Vec<String> {
    steps
        .iter()
        .map(|s| {
            let path: Vec<String> = s.outcomes.iter().map(|&o| outcome_name(game, o)).collect();
            format!("player {}: {}", s.player, path.join(" → "))
        })
        .collect()
}
