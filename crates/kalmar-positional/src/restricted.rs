//! The changes of strategy a player may make in one step, and which of them are improvements
//! (Andersson, Gurvich and Hansen, §1.4 and §4).
//!
//! - **Inside play** (§1.4.2): player i changes its decision at a position v₁ of the play, then
//!   at a position v₂ after v₁ on the new play, and so on; equivalently, every changed position
//!   lies on the final play. The outcomes a₀, a₁, …, a_m passed through decide the type of
//!   improvement (§1.4.3): `standard` when u_i(a_m) > u_i(a₀), `strong` when u_i(a_m) exceeds
//!   every earlier u_i(a_j), `last-step` when u_i(a_m) > u_i(a_{m−1}), `best-reply` when a_m is
//!   the best outcome i can reach at all, and better than a₀, `strong-best-reply` when both.
//! - **Lazy** (§4): to each better outcome it can reach, the player changes as few decisions as
//!   possible ([`crate::lazy`]; one such deviation per outcome, the one the search finds); a lazy
//!   improvement is strong, so the types differ only for best reply.
//! - **Unrestricted**: any change of the player's own strategy, on the play or off it (the
//!   im-cycles of the paper's Figure 1 exist even on trees). One step, so outcomes a₀, a₁.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_positional::{PositionalGame, improvement::first_moves};
//! use kalmar_positional::restricted::{Improvement, Restriction, improvements};
//! let graph = read_gg("kalmar-gg 1\nplayers 2\ncycle (2,0)\nstart u\nu player0 -> v a1\n\
//!                      v player1 -> u a2\na1 terminal payoff=(1,2)\na2 terminal payoff=(0,1)\n")
//!     .unwrap();
//! let game = PositionalGame::from_graph(&graph).unwrap();
//! // From u -> v -> u (infinite play, worth 0 to player 1), player 1 improves by ending at a2.
//! let found = improvements(&game, &first_moves(&game), 1, Improvement::Strong, Restriction::InsidePlay);
//! assert_eq!(found.len(), 1);
//! ```
//!
//! # Complexity
//! Inside play: one play per deviation, and deviations are exponential in the length of plays;
//! lazy: O(k · (n + m)) per reachable outcome (O(n · (n + m)) to `c`); unrestricted: one play
//! per strategy of the player.

use crate::PositionalGame;
use crate::deviation::reachable_outcomes;
use crate::lazy;
use crate::play::{Outcome, play};
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
    /// Strong and best reply at once: the steps the paper's Nash-solvability argument takes
    /// (§1.4.3, §2.2).
    StrongBestReply,
}

impl Improvement {
    /// The types by name, as the command line spells them.
    pub const ALL: [(&'static str, Improvement); 5] = [
        ("standard", Improvement::Standard),
        ("strong", Improvement::Strong),
        ("last-step", Improvement::LastStep),
        ("best-reply", Improvement::BestReply),
        ("strong-best-reply", Improvement::StrongBestReply),
    ];

    /// The type named `name`.
    pub fn from_name(name: &str) -> Option<Improvement> {
        Improvement::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, t)| t)
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        Improvement::ALL
            .iter()
            .find(|&&(_, t)| t == self)
            .map_or("", |&(n, _)| n)
    }
}

/// Which changes of strategy a player may make in one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Restriction {
    /// Inside-play deviations (§1.4.2): each change on the play the previous change made.
    InsidePlay,
    /// Lazy deviations (§4): the fewest changes that reach a better outcome.
    Lazy,
    /// Any change of the player's own strategy, on the play or off it: the unrestricted
    /// improvements of the paper's im-cycles (Figure 1: even trees have such cycles).
    Unrestricted,
}

/// A name that is no type of improvement or restriction, with the names there are.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}': expected {1}")]
pub struct UnknownName(pub String, pub &'static str);

impl std::str::FromStr for Improvement {
    type Err = UnknownName;
    fn from_str(name: &str) -> Result<Improvement, UnknownName> {
        Improvement::from_name(name).ok_or_else(|| {
            UnknownName(
                name.into(),
                "standard, strong, last-step, best-reply or strong-best-reply",
            )
        })
    }
}

impl std::str::FromStr for Restriction {
    type Err = UnknownName;
    fn from_str(name: &str) -> Result<Restriction, UnknownName> {
        Restriction::from_name(name)
            .ok_or_else(|| UnknownName(name.into(), "inside-play, lazy or unrestricted"))
    }
}

impl Restriction {
    /// The restrictions by name, as the command line spells them.
    pub const ALL: [(&'static str, Restriction); 3] = [
        ("inside-play", Restriction::InsidePlay),
        ("lazy", Restriction::Lazy),
        ("unrestricted", Restriction::Unrestricted),
    ];

    /// The restriction named `name`.
    pub fn from_name(name: &str) -> Option<Restriction> {
        Restriction::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, r)| r)
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        Restriction::ALL
            .iter()
            .find(|&&(_, r)| r == self)
            .map_or("", |&(n, _)| n)
    }
}

/// Every deviation of `player` from `profile` allowed by `restriction` that is an improvement of
/// type `kind`: the new profile and the outcomes passed through.
pub fn improvements(
    game: &PositionalGame,
    profile: &Strategy,
    player: usize,
    kind: Improvement,
    restriction: Restriction,
) -> Vec<(Strategy, Vec<Outcome>)> {
    let utility = |o: Outcome| -> &Rational { &game.utility(o)[player] };
    let best = reachable_outcomes(game, profile, player, game.start())
        .into_iter()
        .map(utility)
        .max()
        .expect("a play has an outcome");
    let improves = |outcomes: &[Outcome]| kind.holds(outcomes, &utility, best);
    match restriction {
        // A lazy deviation is computed only toward the outcomes that would improve: to c it
        // costs O(n · (n + m)).
        Restriction::Lazy => lazy_deviations(game, profile, player, improves),
        _ => deviations(game, profile, player, restriction)
            .into_iter()
            .filter(|(_, outcomes)| improves(outcomes))
            .collect(),
    }
}

/// Every deviation of `player` from `profile` that `restriction` allows, better or not: the new
/// profile and the outcomes passed through (for lazy ones, one to each other outcome the player
/// can reach).
pub fn deviations(
    game: &PositionalGame,
    profile: &Strategy,
    player: usize,
    restriction: Restriction,
) -> Vec<(Strategy, Vec<Outcome>)> {
    match restriction {
        Restriction::InsidePlay => inside_play(game, profile, player),
        Restriction::Lazy => lazy_deviations(game, profile, player, |_| true),
        Restriction::Unrestricted => unrestricted(game, profile, player),
    }
}

/// One order between two outcomes in one player's preferences: `lower` is worse than `higher`
/// (strictly, or at most as good).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Order {
    /// The worse outcome.
    pub lower: Outcome,
    /// The better outcome.
    pub higher: Outcome,
    /// Whether `higher` must be strictly better.
    pub strict: bool,
}

impl Improvement {
    /// Whether a deviation through `outcomes` (a₀, …, a_m) is an improvement of this type for a
    /// player with these utilities, whose best reachable outcome is worth `best`.
    pub fn holds<'a>(
        self,
        outcomes: &[Outcome],
        utility: &dyn Fn(Outcome) -> &'a Rational,
        best: &Rational,
    ) -> bool {
        let last = utility(outcomes[outcomes.len() - 1]);
        match self {
            Improvement::Standard => last > utility(outcomes[0]),
            Improvement::Strong => outcomes[..outcomes.len() - 1]
                .iter()
                .all(|&o| last > utility(o)),
            Improvement::LastStep => last > utility(outcomes[outcomes.len() - 2]),
            Improvement::BestReply => last == best && last > utility(outcomes[0]),
            Improvement::StrongBestReply => {
                Improvement::Strong.holds(outcomes, utility, best)
                    && Improvement::BestReply.holds(outcomes, utility, best)
            }
        }
    }

    /// What a player's preferences must satisfy for a deviation through `outcomes` to be an
    /// improvement of this type, when the player can reach `reachable`; None when no
    /// preferences make it one (it must beat an outcome equal to itself).
    pub fn orders(self, outcomes: &[Outcome], reachable: &[Outcome]) -> Option<Vec<Order>> {
        let last = outcomes[outcomes.len() - 1];
        let below = |lower: Outcome, strict: bool| Order {
            lower,
            higher: last,
            strict,
        };
        let strict: Vec<Outcome> = match self {
            Improvement::Standard | Improvement::BestReply => vec![outcomes[0]],
            Improvement::Strong | Improvement::StrongBestReply => {
                outcomes[..outcomes.len() - 1].to_vec()
            }
            Improvement::LastStep => vec![outcomes[outcomes.len() - 2]],
        };
        if strict.contains(&last) {
            return None;
        }
        let mut orders: Vec<Order> = strict.into_iter().map(|o| below(o, true)).collect();
        if matches!(self, Improvement::BestReply | Improvement::StrongBestReply) {
            orders.extend(
                reachable
                    .iter()
                    .filter(|&&o| o != last)
                    .map(|&o| below(o, false)),
            );
        }
        orders.sort_unstable_by_key(|o| (o.lower, !o.strict));
        orders.dedup_by_key(|o| o.lower);
        Some(orders)
    }
}

/// A lazy deviation to each other outcome the player can reach whose outcomes (before, after)
/// pass `keep`.
fn lazy_deviations(
    game: &PositionalGame,
    profile: &Strategy,
    player: usize,
    keep: impl Fn(&[Outcome]) -> bool,
) -> Vec<(Strategy, Vec<Outcome>)> {
    let before = play(game, profile, game.start())
        .expect("no chance, a move everywhere")
        .outcome;
    reachable_outcomes(game, profile, player, game.start())
        .into_iter()
        .filter(|&o| o != before && keep(&[before, o]))
        .filter_map(|o| {
            let (_, deviated) = lazy::deviate(game, profile, player, o)?;
            Some((deviated, vec![before, o]))
        })
        .collect()
}

/// Every inside-play deviation of `player` from `profile`: the new profile and the outcomes
/// passed through.
fn inside_play(
    game: &PositionalGame,
    profile: &Strategy,
    player: usize,
) -> Vec<(Strategy, Vec<Outcome>)> {
    let start = play(game, profile, game.start()).expect("no chance, a move everywhere");
    let mut found = Vec::new();
    let mut outcomes = vec![start.outcome];
    deviations_after(
        game,
        profile,
        player,
        &start.positions,
        &mut outcomes,
        &mut |next, outcomes| found.push((next.clone(), outcomes.to_vec())),
    );
    found
}

/// Every change of `player`'s strategy, one step: the new profile and the outcomes before and
/// after.
fn unrestricted(
    game: &PositionalGame,
    profile: &Strategy,
    player: usize,
) -> Vec<(Strategy, Vec<Outcome>)> {
    let arena = game.arena();
    let before = play(game, profile, game.start())
        .expect("no chance, a move everywhere")
        .outcome;
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
            found.push((next.clone(), vec![before, after]));
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
fn deviations_after(
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
            deviations_after(game, &next, player, &p.positions[after..], outcomes, report);
            outcomes.pop();
        }
    }
}
