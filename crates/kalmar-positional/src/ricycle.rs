//! Restricted improvement cycles (Andersson, Gurvich and Hansen, §1.4): does a game have a cycle
//! of profiles x¹ → x² → … → x¹ in which each step is a player's inside-play restricted
//! improvement of a chosen type? The search builds the graph whose nodes are all positional
//! profiles and whose arcs are those improvements, then looks for a cycle in it.
//!
//! An inside-play deviation of player i from x⁰ changes i's decision at a position v₁ of the
//! play p(x⁰), then at a position v₂ after v₁ on the new play p(x¹), and so on (§1.4.2); it
//! passes through outcomes a₀, a₁, …, a_m. It is an improvement of type
//! - `standard` when u_i(a_m) > u_i(a₀),
//! - `strong` when u_i(a_m) > u_i(a_j) for every j < m,
//! - `last-step` when u_i(a_m) > u_i(a_{m−1}),
//! - `best-reply` when a_m is the best outcome i can reach at all, and better than a₀ (§1.4.3).
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
use crate::deviation::{outcome_name, reachable_outcomes};
use crate::play::{Outcome, chance_position, play};
use kalmar_core::{Edge, Rational, Strategy, Vertex};

/// The four types of improvement of §1.4.3.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Improvement {
    /// The last outcome is better than the first.
    Standard,
    /// The last outcome is better than every earlier one.
    Strong,
    /// The last outcome is better than the one before it.
    LastStep,
    /// The last outcome is the best the player can reach, and better than the first.
    BestReply,
}

impl Improvement {
    /// The types by name, as the command line spells them.
    pub const ALL: [(&'static str, Improvement); 4] = [
        ("standard", Improvement::Standard),
        ("strong", Improvement::Strong),
        ("last-step", Improvement::LastStep),
        ("best-reply", Improvement::BestReply),
    ];

    /// The type named `name`.
    pub fn from_name(name: &str) -> Option<Improvement> {
        Improvement::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, t)| t)
    }
}

/// Which changes of strategy a player may make in one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Restriction {
    /// Inside-play deviations (§1.4.2): each change on the play the previous change made.
    InsidePlay,
    /// Any change of the player's own strategy, on the play or off it: the unrestricted
    /// improvements of the paper's im-cycles (Figure 1: even trees have such cycles).
    Unrestricted,
}

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
}

/// Searches for an ri-cycle whose steps are improvements of type `kind`: the cycle's steps, or
/// None when there is none. Refuses games with more than `limit` profiles.
pub fn search(
    game: &PositionalGame,
    kind: Improvement,
    limit: u64,
) -> Result<Option<Vec<CycleStep>>, SearchError> {
    search_with(game, kind, Restriction::InsidePlay, limit)
}

/// [`search`] with the changes a step may make given.
pub fn search_with(
    game: &PositionalGame,
    kind: Improvement,
    restriction: Restriction,
    limit: u64,
) -> Result<Option<Vec<CycleStep>>, SearchError> {
    if let Some(v) = chance_position(game) {
        return Err(SearchError::Chance(v));
    }
    let arena = game.arena();
    let movers: Vec<Vertex> = arena
        .vertices()
        .filter(|&v| !arena.is_terminal(v))
        .collect();
    let moves: Vec<Vec<Edge>> = movers
        .iter()
        .map(|&v| arena.out_edges(v).collect())
        .collect();
    let count = moves
        .iter()
        .try_fold(1u128, |p, m| p.checked_mul(m.len() as u128));
    let count = match count {
        Some(c) if c <= u128::from(limit) => c as usize,
        c => {
            return Err(SearchError::TooMany(
                c.map_or("more than 2^128".into(), |c| c.to_string()),
                limit,
            ));
        }
    };
    // Profiles are numbered in mixed radix over `movers`.
    let index_of = |profile: &Strategy| -> usize {
        movers.iter().zip(&moves).rev().fold(0, |acc, (&v, m)| {
            let e = profile.get(v).expect("a profile moves everywhere");
            acc * m.len() + m.iter().position(|&x| x == e).expect("a move of v")
        })
    };
    let profile_of = |mut index: usize| -> Strategy {
        let mut profile = Strategy::empty(arena.num_vertices());
        for (&v, m) in movers.iter().zip(&moves) {
            profile.set(v, m[index % m.len()]);
            index /= m.len();
        }
        profile
    };
    // The improvement graph, arcs with the step that makes them.
    let mut arcs: Vec<Vec<(usize, usize, Vec<Outcome>)>> = vec![Vec::new(); count];
    for (x, out) in arcs.iter_mut().enumerate() {
        let profile = profile_of(x);
        for player in 0..game.num_players() {
            let steps = match restriction {
                Restriction::InsidePlay => improvements(game, &profile, player, kind),
                Restriction::Unrestricted => unrestricted(game, &profile, player, kind),
            };
            for (next, outcomes) in steps {
                out.push((index_of(&next), player, outcomes));
            }
        }
    }
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
                                profile: profile_of(z),
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

/// Every inside-play deviation of `player` from `profile` that is an improvement of type `kind`:
/// the new profile and the outcomes passed through.
pub fn improvements(
    game: &PositionalGame,
    profile: &Strategy,
    player: usize,
    kind: Improvement,
) -> Vec<(Strategy, Vec<Outcome>)> {
    let utility = |o: Outcome| -> &Rational { &game.utility(o)[player] };
    let best = reachable_outcomes(game, profile, player, game.start())
        .into_iter()
        .map(|o| utility(o).clone())
        .max()
        .expect("a play has an outcome");
    let start = play(game, profile, game.start()).expect("no chance, a move everywhere");
    let mut found = Vec::new();
    let mut outcomes = vec![start.outcome];
    deviations(
        game,
        profile,
        player,
        &start.positions,
        &mut outcomes,
        &mut |next, outcomes| {
            let last = utility(outcomes[outcomes.len() - 1]);
            let first = utility(outcomes[0]);
            let improves = match kind {
                Improvement::Standard => last > first,
                Improvement::Strong => outcomes[..outcomes.len() - 1]
                    .iter()
                    .all(|&o| last > utility(o)),
                Improvement::LastStep => last > utility(outcomes[outcomes.len() - 2]),
                Improvement::BestReply => *last == best && last > first,
            };
            if improves {
                found.push((next.clone(), outcomes.to_vec()));
            }
        },
    );
    found
}

/// Every change of `player`'s strategy that improves by type `kind` (one step, so the strong,
/// standard and last-step types agree): the new profile and the outcomes before and after.
pub fn unrestricted(
    game: &PositionalGame,
    profile: &Strategy,
    player: usize,
    kind: Improvement,
) -> Vec<(Strategy, Vec<Outcome>)> {
    let arena = game.arena();
    let utility = |o: Outcome| -> &Rational { &game.utility(o)[player] };
    let before = play(game, profile, game.start())
        .expect("no chance, a move everywhere")
        .outcome;
    let best = reachable_outcomes(game, profile, player, game.start())
        .into_iter()
        .map(|o| utility(o).clone())
        .max()
        .expect("a play has an outcome");
    let mine: Vec<Vertex> = arena
        .vertices()
        .filter(|&v| game.mover(v) == Some(player))
        .collect();
    let mut found = Vec::new();
    let mut next = profile.clone();
    let mut choice = vec![0usize; mine.len()];
    for (k, &v) in mine.iter().enumerate() {
        next.set(v, arena.out_edges(v).next().expect("a move"));
        choice[k] = 0;
    }
    loop {
        if next != *profile {
            let after = play(game, &next, game.start())
                .expect("no chance, a move everywhere")
                .outcome;
            let better = utility(after) > utility(before);
            if better && (kind != Improvement::BestReply || *utility(after) == best) {
                found.push((next.clone(), vec![before, after]));
            }
        }
        let mut k = 0;
        loop {
            let Some(&v) = mine.get(k) else {
                return found;
            };
            let moves: Vec<Edge> = arena.out_edges(v).collect();
            choice[k] += 1;
            if choice[k] < moves.len() {
                next.set(v, moves[choice[k]]);
                break;
            }
            choice[k] = 0;
            next.set(v, moves[0]);
            k += 1;
        }
    }
}

/// Every continuation of an inside-play deviation: a change at a position of `player` among
/// `allowed` (the part of the current play after the last change), then the same from the new
/// play after it. `report` sees each deviation's profile and outcomes.
fn deviations(
    game: &PositionalGame,
    profile: &Strategy,
    player: usize,
    allowed: &[Vertex],
    outcomes: &mut Vec<Outcome>,
    report: &mut impl FnMut(&Strategy, &[Outcome]),
) {
    let arena = game.arena();
    for &v in allowed {
        if game.mover(v) != Some(player) {
            continue;
        }
        for e in arena.out_edges(v) {
            if profile.get(v) == Some(e) {
                continue;
            }
            let mut next = profile.clone();
            next.set(v, e);
            let p = play(game, &next, game.start()).expect("no chance, a move everywhere");
            outcomes.push(p.outcome);
            report(&next, outcomes);
            let after = p
                .positions
                .iter()
                .position(|&w| w == v)
                .map_or(0, |k| k + 1);
            deviations(game, &next, player, &p.positions[after..], outcomes, report);
            outcomes.pop();
        }
    }
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
