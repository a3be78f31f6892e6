//! Reports on a game as data, serialisable as JSON: what it is ([`info`]), whether its players
//! have perfect recall and where not ([`recall`]), how many reduced strategies each player has
//! ([`counts`], [`Reduction`]) and which ([`listing`], [`each_label`]).
//!
//! Counts of reduced strategies are exact: by the products of [`crate::reduced`], or by
//! enumeration up to [`COUNT_LIMIT`] where imperfect recall tangles a large component, beyond
//! which a count is `None` ("more than 16777216").
//!
//! ```
//! use kalmar_efg::format::{GameFile, read_efg};
//! use kalmar_efg::summary::{self, Info};
//! let text = "EFG 2 R \"tiny\" { \"A\" \"B\" }\n\"\"\n\np \"\" 1 1 \"\" { \"l\" \"r\" } 0\n\
//! t \"\" 1 \"\" { 1, 0 }\nt \"\" 2 \"\" { 0, 1 }\n";
//! let game = read_efg(text).unwrap();
//! let Info::Tree(info) = summary::info(&GameFile::Efg(game.clone())) else { panic!() };
//! assert_eq!((info.nodes, info.terminal_nodes, info.perfect_recall), (3, 2, true));
//! assert_eq!(summary::counts(&game).reduced_strategies[0].as_ref().unwrap().to_string(), "2");
//! let listing = summary::listing(&game, 40);
//! assert_eq!(listing.players[0].strategies, ["l", "r"]);
//! ```

use crate::format::GameFile;
use crate::normal::Nfg;
use crate::recall::Recall;
use crate::reduced::{self, ReducedStrategies};
use crate::tree::{Efg, Mover};
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use serde::{Serialize, Serializer};
use std::fmt;

/// The most strategies enumerated to count a component tangled by imperfect recall.
pub const COUNT_LIMIT: u64 = 1 << 24;

/// The most reduced strategies per player a full listing holds.
pub const LIST_LIMIT: usize = 1 << 20;

/// A number of strategies: serialised as a JSON number when it fits `u64`, else as a string of
/// digits.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Count(pub BigUint);

impl Serialize for Count {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0.to_u64() {
            Some(n) => serializer.serialize_u64(n),
            None => serializer.collect_str(&self.0),
        }
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A count as text, `"more than 16777216"` when it is unknown, followed by `reduced strategy`
/// or `reduced strategies`.
pub fn count_text(count: Option<&Count>) -> String {
    let total = count.map_or_else(|| format!("more than {COUNT_LIMIT}"), ToString::to_string);
    let noun = if total == "1" { "y" } else { "ies" };
    format!("{total} reduced strateg{noun}")
}

/// Each player's number of reduced strategies, `None` when a component tangled by imperfect
/// recall has more than [`COUNT_LIMIT`].
pub fn strategy_counts(players: &[ReducedStrategies]) -> Vec<Option<Count>> {
    players
        .iter()
        .map(|s| {
            s.count()
                .ok()
                .or_else(|| s.count_by_enumeration(COUNT_LIMIT).map(BigUint::from))
                .map(Count)
        })
        .collect()
}

/// What a game file holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Info {
    /// An extensive-form game.
    Tree(TreeInfo),
    /// A strategic-form game.
    Strategic(StrategicInfo),
}

/// An extensive-form game described.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TreeInfo {
    /// The title.
    pub title: String,
    /// The comment.
    #[serde(skip)]
    pub comment: String,
    /// Per player.
    pub players: Vec<PlayerInfo>,
    /// Nodes.
    pub nodes: usize,
    /// Terminal nodes.
    pub terminal_nodes: usize,
    /// Chance information sets.
    pub chance_infosets: usize,
    /// Outcomes.
    pub outcomes: usize,
    /// Whether every information set has one node.
    pub perfect_information: bool,
    /// Whether every player has perfect recall.
    pub perfect_recall: bool,
    /// Whether some information set is absent-minded.
    pub absent_minded: bool,
}

/// One player of an extensive-form game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerInfo {
    /// The name as the game gives it.
    pub name: String,
    /// The name to show: the game's, or `player N`.
    #[serde(skip)]
    pub shown: String,
    /// Information sets.
    pub infosets: usize,
    /// Whether the player has perfect recall.
    pub perfect_recall: bool,
    /// Reduced strategies ([`strategy_counts`]).
    pub reduced_strategies: Option<Count>,
}

/// A strategic-form game described.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StrategicInfo {
    /// The title.
    pub title: String,
    /// The players' names.
    pub players: Vec<String>,
    /// Strategies per player.
    pub strategies: Vec<usize>,
    /// Strategy profiles.
    pub profiles: usize,
}

/// Describes a game file.
pub fn info(file: &GameFile) -> Info {
    match file {
        GameFile::Efg(game) => Info::Tree(tree_info(game)),
        GameFile::Nfg(nfg) => Info::Strategic(strategic_info(nfg)),
    }
}

fn tree_info(game: &Efg) -> TreeInfo {
    let recall = Recall::check(game);
    let counts = strategy_counts(&reduced::all_players(game, &recall));
    let players = (0..game.num_players() as u32)
        .zip(counts)
        .map(|(p, reduced_strategies)| PlayerInfo {
            name: game.players[p as usize].clone(),
            shown: game.player_name(p),
            infosets: game.player_infosets(p).count(),
            perfect_recall: recall.is_perfect_for(game, p),
            reduced_strategies,
        })
        .collect();
    TreeInfo {
        title: game.title.clone(),
        comment: game.comment.clone(),
        players,
        nodes: game.num_nodes(),
        terminal_nodes: game.nodes().iter().filter(|n| n.infoset.is_none()).count(),
        chance_infosets: game
            .infosets()
            .iter()
            .filter(|h| h.mover == Mover::Chance)
            .count(),
        outcomes: game.outcomes().len(),
        perfect_information: game.is_perfect_information(),
        perfect_recall: recall.is_perfect(),
        absent_minded: !recall.absent_minded.is_empty(),
    }
}

fn strategic_info(nfg: &Nfg) -> StrategicInfo {
    StrategicInfo {
        title: nfg.title.clone(),
        players: nfg.players.clone(),
        strategies: nfg.shape(),
        profiles: nfg.num_profiles(),
    }
}

/// Perfect recall checked, with the failures named.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RecallReport {
    /// Whether every player has perfect recall.
    pub perfect_recall: bool,
    /// Per player: whether they have perfect recall.
    pub players: Vec<bool>,
    /// Information sets whose nodes differ in the player's last own move.
    pub violations: Vec<RecallViolation>,
    /// Absent-minded information sets.
    pub absent_minded: Vec<AbsentMindedSet>,
    /// The failures in sentences.
    #[serde(skip)]
    pub explanation: Vec<String>,
}

/// An information set two of whose nodes differ in the player's last own move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RecallViolation {
    /// The information set's name.
    pub infoset: String,
    /// The two nodes.
    pub nodes: [String; 2],
    /// Their last own moves (`None`: none yet).
    pub last_moves: [Option<String>; 2],
}

/// An information set with one node on the path to another.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AbsentMindedSet {
    /// The information set's name.
    pub infoset: String,
    /// The upper node and the lower one.
    pub nodes: [String; 2],
}

/// Checks perfect recall ([`Recall::check`]) and names what fails.
pub fn recall(game: &Efg) -> RecallReport {
    let recall = Recall::check(game);
    RecallReport {
        perfect_recall: recall.is_perfect(),
        players: (0..game.num_players() as u32)
            .map(|p| recall.is_perfect_for(game, p))
            .collect(),
        violations: recall
            .violations
            .iter()
            .map(|v| RecallViolation {
                infoset: game.infoset_name(v.infoset),
                nodes: [game.node_name(v.first), game.node_name(v.other)],
                last_moves: [
                    v.first_move.map(|a| game.action_name(a)),
                    v.other_move.map(|a| game.action_name(a)),
                ],
            })
            .collect(),
        absent_minded: recall
            .absent_minded
            .iter()
            .map(|a| AbsentMindedSet {
                infoset: game.infoset_name(a.infoset),
                nodes: [game.node_name(a.ancestor), game.node_name(a.descendant)],
            })
            .collect(),
        explanation: recall.explain(game),
    }
}

/// Each player's reduced strategies and their number.
#[derive(Clone, Debug)]
pub struct Reduction {
    /// Per player: the reduced strategies.
    pub strategies: Vec<ReducedStrategies>,
    /// Per player: their number ([`strategy_counts`]).
    pub counts: Vec<Option<Count>>,
}

impl Reduction {
    /// Each player's reduced strategies, counted.
    pub fn new(game: &Efg) -> Reduction {
        let recall = Recall::check(game);
        let strategies = reduced::all_players(game, &recall);
        let counts = strategy_counts(&strategies);
        Reduction { strategies, counts }
    }
}

/// Each player's number of reduced strategies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// The players' names as the game gives them.
    pub players: Vec<String>,
    /// The names to show.
    #[serde(skip)]
    pub shown: Vec<String>,
    /// Per player ([`strategy_counts`]).
    pub reduced_strategies: Vec<Option<Count>>,
}

/// Counts each player's reduced strategies, without listing them.
pub fn counts(game: &Efg) -> Counts {
    Counts {
        players: game.players.clone(),
        shown: (0..game.num_players() as u32)
            .map(|p| game.player_name(p))
            .collect(),
        reduced_strategies: Reduction::new(game).counts,
    }
}

/// Each player's reduced strategies, listed up to a limit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Listing {
    /// Per player ([`strategy_counts`]).
    pub reduced_strategies: Vec<Option<Count>>,
    /// Per player.
    pub players: Vec<PlayerListing>,
}

/// One player's reduced strategies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerListing {
    /// The name as the game gives it.
    pub player: String,
    /// The name to show.
    #[serde(skip)]
    pub shown: String,
    /// The information sets in slot order (breadth-first).
    pub slots: Vec<String>,
    /// The strategies' labels, in generation order, up to the limit.
    pub strategies: Vec<String>,
    /// Whether they are all listed.
    #[serde(skip)]
    pub complete: bool,
}

/// Lists each player's reduced strategies, at most `limit` per player (0: all).
pub fn listing(game: &Efg, limit: usize) -> Listing {
    let reduction = Reduction::new(game);
    Listing {
        reduced_strategies: reduction.counts,
        players: reduction
            .strategies
            .iter()
            .map(|s| {
                let mut strategies = Vec::new();
                let complete = each_label(game, s, limit, |label| {
                    strategies.push(label);
                    Ok::<(), std::convert::Infallible>(())
                })
                .unwrap_or_else(|never| match never {});
                PlayerListing {
                    player: game.players[s.player as usize].clone(),
                    shown: game.player_name(s.player),
                    slots: s.slots.iter().map(|&h| game.infoset_name(h)).collect(),
                    strategies,
                    complete,
                }
            })
            .collect(),
    }
}

/// Calls `f` on the labels of a player's first `limit` reduced strategies (0: all), in
/// generation order, without holding them; returns whether those were all. The first error of
/// `f` (a closed output, say) stops the listing and is returned.
pub fn each_label<E>(
    game: &Efg,
    strategies: &ReducedStrategies,
    limit: usize,
    mut f: impl FnMut(String) -> Result<(), E>,
) -> Result<bool, E> {
    let limit = if limit == 0 { usize::MAX } else { limit };
    let mut shown = 0;
    let mut complete = true;
    let mut failure = None;
    strategies.for_each(|r| {
        if shown == limit {
            complete = false;
            return false;
        }
        shown += 1;
        match f(strategies.label(game, r)) {
            Ok(()) => true,
            Err(e) => {
                failure = Some(e);
                false
            }
        }
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(complete),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_serialise_as_numbers_or_digits() {
        let small = Count(BigUint::from(7u32));
        let big = Count(BigUint::from(u64::MAX) * 2u32);
        assert_eq!(serde_json::to_string(&small).unwrap(), "7");
        assert_eq!(
            serde_json::to_string(&big).unwrap(),
            "\"36893488147419103230\""
        );
        assert_eq!(
            count_text(Some(&Count(BigUint::from(1u32)))),
            "1 reduced strategy"
        );
        assert_eq!(count_text(None), "more than 16777216 reduced strategies");
    }

    #[test]
    fn a_listing_stops_at_its_limit() {
        let game = crate::generate::poker(3);
        let listing = listing(&game, 5);
        assert!(listing.players.iter().all(|p| p.strategies.len() == 5));
        assert!(listing.players.iter().all(|p| !p.complete));
        let all = super::listing(&game, 0);
        assert_eq!(all.players[0].strategies.len(), 27);
        assert!(all.players[0].complete);
    }

    #[test]
    fn a_listing_stops_at_the_first_failure() {
        let game = crate::generate::poker(3);
        let strategies = &Reduction::new(&game).strategies[0];
        let mut seen = 0;
        let stopped = each_label(&game, strategies, 0, |_| {
            seen += 1;
            if seen == 3 { Err("closed") } else { Ok(()) }
        });
        assert_eq!(stopped, Err("closed"));
        assert_eq!(seen, 3);
    }
}
