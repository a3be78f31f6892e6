//! The certificate of a restricted improvement cycle: every step, from each profile to the next
//! and from the last back to the first, is one player's deviation of the restriction claimed and
//! an improvement of the type claimed, under the game's utilities. It recomputes every play
//! itself and shares no code with the searches ([`crate::ricycle`],
//! [`crate::preference_search`]).
//!
//! An inside-play deviation (§1.4.2) changes the player's decisions at v₁, then at v₂ after v₁
//! on the new play, and so on. Each change keeps the play up to the next changed position, so
//! the final play visits v₁, v₂, … in that order: a change of the player's own decisions is an
//! inside-play deviation exactly when every changed position lies on the new play, and the
//! outcomes it passes through are those of the changes made in the order of that play. A lazy
//! deviation is checked as an inside-play one from its first outcome to its last (that it
//! changes the fewest decisions is the claim of [`crate::lazy`], tested against brute force).
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_positional::{PositionalGame, cycle_certificate, preferences};
//! use kalmar_positional::ricycle::{Improvement, Restriction, search};
//! // The four-person flower of the paper's Figure 7, with preferences that make it cycle.
//! let mut graph = read_gg("kalmar-gg 1\nplayers 4\nstart v0\nv0 player0 -> c1 c2\n\
//!                          c1 player1 -> c2 a1\nc2 player2 -> c3 a2\nc3 player3 -> c1 a3\n\
//!                          a1 terminal\na2 terminal\na3 terminal\n").unwrap();
//! preferences::apply(&mut graph, "1: a3 < a1 < a2 < c\n2: a2 < a1 < a3 < c\n\
//!                                 3: a3 < c < a2 < a1\n4: a1 < a2 < a3 < c\n").unwrap();
//! let game = PositionalGame::from_graph(&graph).unwrap();
//! let cycle = search(&game, Improvement::Strong, 1 << 10).unwrap().expect("an ri-cycle");
//! assert!(cycle_certificate::check(&game, &cycle, Improvement::Strong, Restriction::InsidePlay).is_ok());
//! // Reversed, its steps are no improvements.
//! let mut reversed = cycle.clone();
//! reversed.reverse();
//! assert!(cycle_certificate::check(&game, &reversed, Improvement::Strong, Restriction::InsidePlay).is_err());
//! ```
//!
//! # Complexity
//! O(s · d · n + s · k · (n + m)) for s steps changing at most d decisions each.

use crate::PositionalGame;
use crate::deviation::{outcome_name, reachable_outcomes};
use crate::play::{Outcome, play};
use crate::restricted::{Improvement, Restriction};
use crate::ricycle::CycleStep;
use kalmar_core::{Strategy, Vertex};

/// Why a claimed cycle is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotACycle {
    /// No steps.
    #[error("the cycle has no steps")]
    Empty,
    /// A step that is not one player's deviation of the restriction claimed.
    #[error("step {step}: {reason}")]
    NotADeviation {
        /// The step, from 1.
        step: usize,
        /// Why.
        reason: String,
    },
    /// A step that does not improve as claimed.
    #[error(
        "step {step}: player {player}'s deviation through {outcomes} is not a {kind} improvement"
    )]
    NotAnImprovement {
        /// The step, from 1.
        step: usize,
        /// The player, from 0.
        player: usize,
        /// The outcomes passed through.
        outcomes: String,
        /// The type claimed.
        kind: &'static str,
    },
}

/// Checks that `steps` is a cycle of improvements of type `kind` under `restriction`: step k
/// goes from its profile to the profile of step k + 1 (the last back to the first) by a
/// deviation of its player, and the outcomes recorded in the step are the ones passed through.
pub fn check(
    game: &PositionalGame,
    steps: &[CycleStep],
    kind: Improvement,
    restriction: Restriction,
) -> Result<(), NotACycle> {
    if steps.is_empty() {
        return Err(NotACycle::Empty);
    }
    for (k, step) in steps.iter().enumerate() {
        let next = &steps[(k + 1) % steps.len()].profile;
        let number = k + 1;
        let outcomes = passed_through(game, &step.profile, next, step.player, restriction)
            .map_err(|reason| NotACycle::NotADeviation {
                step: number,
                reason,
            })?;
        if outcomes != step.outcomes {
            return Err(NotACycle::NotADeviation {
                step: number,
                reason: format!(
                    "the deviation passes through {}, not the {} recorded",
                    names(game, &outcomes),
                    names(game, &step.outcomes)
                ),
            });
        }
        let utility = |o: Outcome| &game.utility(o)[step.player];
        let best = reachable_outcomes(game, &step.profile, step.player, game.start())
            .into_iter()
            .map(utility)
            .max()
            .expect("a play has an outcome");
        if !kind.holds(&outcomes, &utility, best) {
            return Err(NotACycle::NotAnImprovement {
                step: number,
                player: step.player,
                outcomes: names(game, &outcomes),
                kind: kind.name(),
            });
        }
    }
    Ok(())
}

/// The outcomes a deviation of `player` from `before` to `after` passes through, or why it is
/// no deviation of the restriction.
fn passed_through(
    game: &PositionalGame,
    before: &Strategy,
    after: &Strategy,
    player: usize,
    restriction: Restriction,
) -> Result<Vec<Outcome>, String> {
    let arena = game.arena();
    let outcome = |profile: &Strategy| {
        play(game, profile, game.start())
            .map(|p| p.outcome)
            .map_err(|e| e.to_string())
    };
    let changed: Vec<Vertex> = arena
        .vertices()
        .filter(|&v| before.get(v) != after.get(v))
        .collect();
    if changed.is_empty() {
        return Err("the profile does not change".into());
    }
    if let Some(&v) = changed.iter().find(|&&v| game.mover(v) != Some(player)) {
        return Err(format!(
            "position {} changes, which is not player {player}'s",
            arena.name(v)
        ));
    }
    if restriction == Restriction::Unrestricted {
        return Ok(vec![outcome(before)?, outcome(after)?]);
    }
    let new_play = play(game, after, game.start()).map_err(|e| e.to_string())?;
    let mut order = Vec::with_capacity(changed.len());
    for &v in &changed {
        let at = new_play
            .positions
            .iter()
            .position(|&w| w == v)
            .ok_or(format!(
                "position {} changes off the new play: not an inside-play deviation",
                arena.name(v)
            ))?;
        order.push((at, v));
    }
    order.sort_unstable();
    let mut outcomes = vec![outcome(before)?];
    let mut partial = before.clone();
    for (_, v) in order {
        partial.set(v, after.get(v).expect("a changed position has a move"));
        outcomes.push(outcome(&partial)?);
    }
    if restriction == Restriction::Lazy {
        Ok(vec![outcomes[0], outcomes[outcomes.len() - 1]])
    } else {
        Ok(outcomes)
    }
}

/// Outcomes by name, joined by arrows.
fn names(game: &PositionalGame, outcomes: &[Outcome]) -> String {
    let names: Vec<String> = outcomes.iter().map(|&o| outcome_name(game, o)).collect();
    names.join(" → ")
}
