//! Restricted improvement dynamics (Andersson, Gurvich and Hansen, §1.4): from a profile,
//! players replace their strategy by an improvement of a chosen type under a chosen restriction
//! ([`crate::restricted`]), by a rule ([`Rule`]: in turn, or at random from a seed), until an
//! equilibrium or a repeated profile. The default of [`run`] is the lazy best reply — a
//! deviation to the best outcome the player can reach that changes the fewest decisions
//! ([`crate::lazy`]), which keeps to the inside play restriction and is both a best-reply and a
//! strong improvement. By Theorem 3, two-person games have no restricted strong
//! improvement cycles, so for two players the dynamics always end in a Nash equilibrium; the
//! number of steps is reported (whether a polynomial bound exists is open, §6). With more
//! players the dynamics may cycle: the driver notices the first repeated profile and returns
//! the cycle.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_positional::{PositionalGame, deviation, improvement};
//! let graph = read_gg("kalmar-gg 1\nplayers 2\ncycle (0,3)\na player0 -> b t\nb player1 -> a u\n\
//!                      t terminal payoff=(1,1)\nu terminal payoff=(2,2)\n").unwrap();
//! let game = PositionalGame::from_graph(&graph).unwrap();
//! let start = improvement::first_moves(&game);
//! let run = improvement::run(&game, start, 1000).unwrap();
//! let improvement::End::Equilibrium(profile) = &run.end else { panic!("two players always stop") };
//! assert!(deviation::check(&game, profile).is_ok());
//! ```
//!
//! # Complexity
//! Per step O(k · (n + m)) to find the improving player and O(n + m) for a lazy deviation to a
//! terminal (O(n · (n + m)) to the cycle); the number of steps is the open question.

use crate::PositionalGame;
use crate::play::{Outcome, PlayError, chance_position, play};
use crate::restricted::improvements;
pub use crate::restricted::{Improvement, Restriction};
use kalmar_core::{Rational, Strategy};
use std::collections::HashMap;

/// One improvement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The player who improved, from 0.
    pub player: usize,
    /// The outcome before and after.
    pub from: Outcome,
    /// The outcome after.
    pub to: Outcome,
    /// The player's utilities of the two.
    pub gain: (Rational, Rational),
    /// How many of the player's decisions changed.
    pub changed: u32,
}

/// How the dynamics ended.
#[derive(Clone, Debug)]
pub enum End {
    /// No player can improve: a Nash equilibrium.
    Equilibrium(Strategy),
    /// The profile after step `from` came back after the last step: an improvement cycle.
    Cycle {
        /// The index in the trace of the first step of the cycle.
        from: usize,
    },
    /// The step limit was reached.
    Limit,
}

/// A run of the dynamics: the steps taken and how it ended.
#[derive(Clone, Debug)]
pub struct Run {
    /// Every step, in order.
    pub steps: Vec<Step>,
    /// How it ended.
    pub end: End,
}

/// Why the dynamics cannot run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DynamicsError {
    /// The profile has no play, or the game has chance.
    #[error(transparent)]
    Play(#[from] PlayError),
    /// The dynamics stopped at a profile the Nash certificate rejects: a bug.
    #[error("internal error, the dynamics stopped off equilibrium: {0}")]
    Certificate(crate::deviation::NotNash),
    /// A rule or start the dynamics do not know.
    #[error(transparent)]
    Name(#[from] crate::restricted::UnknownName),
}

impl Rule {
    /// The rule named `name` (`round-robin` or `random`, which draws from `seed`).
    pub fn from_name(name: &str, seed: u64) -> Result<Rule, crate::restricted::UnknownName> {
        match name {
            "round-robin" => Ok(Rule::RoundRobin),
            "random" => Ok(Rule::Random(seed)),
            _ => Err(crate::restricted::UnknownName(
                name.into(),
                "round-robin or random",
            )),
        }
    }
}

/// The profile the dynamics start from, by name: `first` ([`first_moves`]) or `random`
/// ([`random_profile`] from `seed`).
pub fn start_profile(
    game: &PositionalGame,
    name: &str,
    seed: u64,
) -> Result<Strategy, crate::restricted::UnknownName> {
    match name {
        "first" => Ok(first_moves(game)),
        "random" => Ok(random_profile(game, seed)),
        _ => Err(crate::restricted::UnknownName(
            name.into(),
            "first or random",
        )),
    }
}

/// The profile in which every position takes its first move (in the file's order).
pub fn first_moves(game: &PositionalGame) -> Strategy {
    let arena = game.arena();
    let mut profile = Strategy::empty(arena.num_vertices());
    for v in arena.vertices().filter(|&v| !arena.is_terminal(v)) {
        if let Some(e) = arena.out_edges(v).next() {
            profile.set(v, e);
        }
    }
    profile
}

/// A profile with a move drawn at random at every position, from `seed`.
pub fn random_profile(game: &PositionalGame, seed: u64) -> Strategy {
    use rand::Rng;
    let arena = game.arena();
    let mut rng = kalmar_core::generate::rng(seed);
    let mut profile = Strategy::empty(arena.num_vertices());
    for v in arena.vertices().filter(|&v| !arena.is_terminal(v)) {
        let moves: Vec<_> = arena.out_edges(v).collect();
        if !moves.is_empty() {
            profile.set(v, moves[rng.random_range(0..moves.len())]);
        }
    }
    profile
}

/// How the next improvement is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The players in turn, starting after the last mover; each takes the first improvement
    /// found for it (for lazy best replies: to the best outcome it can reach).
    RoundRobin,
    /// A player and one of its improvements drawn at random, from the seed.
    Random(u64),
}

/// What the dynamics follow.
#[derive(Clone, Copy, Debug)]
pub struct Dynamics {
    /// The type of improvement a step must be.
    pub improvement: Improvement,
    /// The changes a step may make.
    pub restriction: Restriction,
    /// How the step is chosen.
    pub rule: Rule,
    /// The most steps.
    pub max_steps: usize,
}

/// Runs lazy best-reply improvements from `profile`, the players taking turns after the last
/// mover, for at most `max_steps` steps: the strong improvements of Theorem 3.
pub fn run(
    game: &PositionalGame,
    profile: Strategy,
    max_steps: usize,
) -> Result<Run, DynamicsError> {
    let dynamics = Dynamics {
        improvement: Improvement::BestReply,
        restriction: Restriction::Lazy,
        rule: Rule::RoundRobin,
        max_steps,
    };
    run_with(game, profile, &dynamics)
}

/// Follows improvements of the type and restriction asked for, chosen by the rule, from
/// `profile` until no player has one (a Nash equilibrium: whoever can reach a better outcome has
/// a lazy, hence strong and inside-play, improvement of every type), a profile repeats (an
/// improvement cycle) or the step limit. An equilibrium has passed the Nash certificate.
pub fn run_with(
    game: &PositionalGame,
    mut profile: Strategy,
    dynamics: &Dynamics,
) -> Result<Run, DynamicsError> {
    use rand::Rng;
    if let Some(v) = chance_position(game) {
        return Err(PlayError::Chance(v).into());
    }
    let arena = game.arena();
    let players = game.num_players();
    let key = |profile: &Strategy| -> Vec<u32> {
        arena
            .vertices()
            .map(|v| profile.get(v).map_or(u32::MAX, |e| e.0))
            .collect()
    };
    let mut rng = kalmar_core::generate::rng(match dynamics.rule {
        Rule::Random(seed) => seed,
        Rule::RoundRobin => 0,
    });
    let mut seen: HashMap<Vec<u32>, usize> = HashMap::from([(key(&profile), 0)]);
    let mut steps = Vec::new();
    let mut next_player = 0;
    while steps.len() < dynamics.max_steps {
        play(game, &profile, game.start())?;
        let candidates = |player: usize| {
            improvements(
                game,
                &profile,
                player,
                dynamics.improvement,
                dynamics.restriction,
            )
        };
        let chosen = match dynamics.rule {
            Rule::RoundRobin => {
                (0..players)
                    .map(|k| (next_player + k) % players)
                    .find_map(|player| {
                        let mut found = candidates(player);
                        // A lazy best reply goes to the best outcome first found.
                        (!found.is_empty()).then(|| (player, found.swap_remove(0)))
                    })
            }
            Rule::Random(_) => {
                let mut all: Vec<(usize, (Strategy, Vec<Outcome>))> = (0..players)
                    .flat_map(|player| candidates(player).into_iter().map(move |c| (player, c)))
                    .collect();
                (!all.is_empty()).then(|| {
                    let k = rng.random_range(0..all.len());
                    all.swap_remove(k)
                })
            }
        };
        let Some((player, (improved, outcomes))) = chosen else {
            crate::deviation::check(game, &profile).map_err(DynamicsError::Certificate)?;
            return Ok(Run {
                steps,
                end: End::Equilibrium(profile),
            });
        };
        let (from, to) = (outcomes[0], outcomes[outcomes.len() - 1]);
        let changed = arena
            .vertices()
            .filter(|&v| profile.get(v) != improved.get(v))
            .count() as u32;
        steps.push(Step {
            player,
            from,
            to,
            gain: (
                game.utility(from)[player].clone(),
                game.utility(to)[player].clone(),
            ),
            changed,
        });
        profile = improved;
        next_player = (player + 1) % players;
        if let Some(&from) = seen.get(&key(&profile)) {
            return Ok(Run {
                steps,
                end: End::Cycle { from },
            });
        }
        seen.insert(key(&profile), steps.len());
    }
    Ok(Run {
        steps,
        end: End::Limit,
    })
}
