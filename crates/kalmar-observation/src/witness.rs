//! Witnesses by name: the system's strategy as saved in a JSON file (written, read back and
//! replayed), the environment's spoiling strategy as printed, and its spoiling tree unfolded
//! for reading.
//!
//! ```
//! use kalmar_observation::{primes, solve::ALGORITHMS, witness::{StrategyFile, verify_file}};
//! let game = primes::prime_cycles(2);
//! let knowledge = ALGORITHMS.get("knowledge").unwrap().run.complete().unwrap();
//! let strategy = (knowledge.solve)(&game).strategy.expect("the system wins");
//! let text = serde_json::to_string(&StrategyFile::new(&game, &strategy)).unwrap();
//! assert_eq!(verify_file(&game, &text).unwrap(), strategy);
//! assert!(verify_file(&game, r#"{"strategy": []}"#).is_err());
//! ```

use crate::{KnowledgeStrategy, LocationSet, ObservationGame, Spoiler};
use kalmar_core::VerifyError;
use serde::Serialize;
use std::collections::{HashMap, HashSet};

fn names(game: &ObservationGame, k: &LocationSet) -> Vec<String> {
    k.iter()
        .map(|l| game.location_name(l).to_string())
        .collect()
}

/// A rule of a strategy by names: at this knowledge set, play this action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rule {
    /// The locations of the knowledge set.
    pub knowledge: Vec<String>,
    /// The action.
    pub action: String,
}

/// The rules of a strategy by names.
pub fn named_rules(game: &ObservationGame, strategy: &KnowledgeStrategy) -> Vec<Rule> {
    strategy
        .rules
        .iter()
        .map(|(k, a)| Rule {
            knowledge: names(game, k),
            action: game.action_name(*a).to_string(),
        })
        .collect()
}

/// A strategy file: `{"strategy": [{"knowledge": [...], "action": ...}, ...]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StrategyFile {
    /// The rules, in the order they are tried.
    pub strategy: Vec<Rule>,
}

impl StrategyFile {
    /// The file of this strategy.
    pub fn new(game: &ObservationGame, strategy: &KnowledgeStrategy) -> Self {
        StrategyFile {
            strategy: named_rules(game, strategy),
        }
    }

    /// The file's text as `kalmar observation solve --output` writes it and [`verify_file`]
    /// reads it: pretty-printed JSON ending in a newline.
    ///
    /// ```
    /// use kalmar_observation::{primes, solve::ALGORITHMS, witness::{StrategyFile, verify_file}};
    /// let game = primes::prime_cycles(2);
    /// let knowledge = ALGORITHMS.get("knowledge").unwrap().run.complete().unwrap();
    /// let strategy = (knowledge.solve)(&game).strategy.expect("the system wins");
    /// let text = StrategyFile::new(&game, &strategy).to_text().unwrap();
    /// assert!(text.starts_with("{\n  \"strategy\": [") && text.ends_with("}\n"));
    /// assert_eq!(verify_file(&game, &text).unwrap(), strategy);
    /// ```
    pub fn to_text(&self) -> Result<String, serde_json::Error> {
        Ok(serde_json::to_string_pretty(self)? + "\n")
    }
}

/// An answer of the environment by names: at this knowledge set, after this action, it shows
/// this observation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// The locations of the knowledge set.
    pub knowledge: Vec<String>,
    /// The system's action.
    pub action: String,
    /// The observation shown next.
    pub observation: String,
}

/// A spoiling strategy by names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NamedSpoiler {
    /// The initial knowledge set the environment starts from.
    pub start: Option<Vec<String>>,
    /// Its answers.
    pub answers: Vec<Answer>,
}

impl NamedSpoiler {
    /// The spoiler by names.
    pub fn new(game: &ObservationGame, spoiler: &Spoiler) -> Self {
        NamedSpoiler {
            start: spoiler.start.as_ref().map(|k| names(game, k)),
            answers: spoiler
                .answers
                .iter()
                .map(|((k, a), o)| Answer {
                    knowledge: names(game, k),
                    action: game.action_name(*a).to_string(),
                    observation: game.observation_name(*o).to_string(),
                })
                .collect(),
        }
    }
}

/// Why a strategy file is refused.
#[derive(Debug, thiserror::Error)]
pub enum StrategyFileError {
    /// Not JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// JSON without a list of rules.
    #[error(
        "expected an object with a \"strategy\" list of {{\"knowledge\": [...], \"action\": ...}}"
    )]
    NoRules,
    /// A rule names what the game does not have.
    #[error("rule {rule}: {what}")]
    Rule {
        /// The rule, from 1.
        rule: usize,
        /// What is wrong.
        what: String,
    },
    /// The strategy does not win.
    #[error(transparent)]
    Loses(#[from] VerifyError),
}

/// Each of `count` names to its id, the first of equal names: a lookup in O(1), where a file
/// can have many rules.
fn first_ids<'g>(count: usize, name_of: impl Fn(u32) -> &'g str) -> HashMap<&'g str, u32> {
    let mut ids = HashMap::with_capacity(count);
    for id in (0..count as u32).rev() {
        ids.insert(name_of(id), id);
    }
    ids
}

/// Reads a strategy file of this game.
pub fn read_file(
    game: &ObservationGame,
    text: &str,
) -> Result<KnowledgeStrategy, StrategyFileError> {
    let value: serde_json::Value = serde_json::from_str(text)?;
    let rules = value["strategy"]
        .as_array()
        .ok_or(StrategyFileError::NoRules)?;
    let locations = first_ids(game.num_locations(), |l| game.location_name(l));
    let actions = first_ids(game.num_actions(), |a| game.action_name(a));
    let location = |name: &str| locations.get(name).copied();
    let action = |name: &str| actions.get(name).copied();
    let mut strategy = KnowledgeStrategy::default();
    for (i, rule) in rules.iter().enumerate() {
        let bad = |what: String| StrategyFileError::Rule { rule: i + 1, what };
        let mut k = LocationSet::empty(game.num_locations());
        for name in rule["knowledge"]
            .as_array()
            .ok_or_else(|| bad("no \"knowledge\" list".into()))?
        {
            let name = name.as_str().unwrap_or_default();
            k.insert(location(name).ok_or_else(|| bad(format!("no location '{name}'")))?);
        }
        let name = rule["action"].as_str().unwrap_or_default();
        let a = action(name).ok_or_else(|| bad(format!("no action '{name}'")))?;
        strategy.rules.push((k, a));
    }
    Ok(strategy)
}

/// Reads a strategy file of this game and replays the strategy against every behaviour of the
/// environment; returns it when it wins.
pub fn verify_file(
    game: &ObservationGame,
    text: &str,
) -> Result<KnowledgeStrategy, StrategyFileError> {
    let strategy = read_file(game, text)?;
    crate::verify::verify(game, &strategy)?;
    Ok(strategy)
}

/// The spoiling tree, unfolded from the start, each knowledge set expanded once: at most
/// `limit` lines (0 for all), then a line saying there are more.
pub fn spoiling_tree(game: &ObservationGame, spoiler: &Spoiler, limit: usize) -> Vec<String> {
    let limit = if limit == 0 { usize::MAX } else { limit };
    let mut lines = Vec::new();
    let mut seen: HashSet<LocationSet> = HashSet::new();
    let Some(start) = &spoiler.start else {
        return lines;
    };
    let answers = spoiler.lookup();
    let mut stack: Vec<(LocationSet, usize, String)> =
        vec![(start.clone(), 0, "start:".to_string())];
    while let Some((k, depth, prefix)) = stack.pop() {
        if lines.len() >= limit {
            lines.push("… (more with --limit 0)".to_string());
            break;
        }
        let pad = "  ".repeat(depth);
        let shown = game.show(&k);
        if !seen.insert(k.clone()) {
            lines.push(format!("{pad}{prefix} {shown} (as above)"));
            continue;
        }
        if let Some(l) = k.iter().find(|&l| !game.safe().contains(l)) {
            lines.push(format!(
                "{pad}{prefix} {shown}: the play may be at the unsafe {}, the system loses",
                game.location_name(l)
            ));
            continue;
        }
        let actions = game.common_actions(&k);
        if actions.is_empty() {
            lines.push(format!(
                "{pad}{prefix} {shown}: no action is allowed at all of it, the system loses"
            ));
            continue;
        }
        lines.push(format!("{pad}{prefix} {shown}"));
        for &a in actions.iter().rev() {
            let Some(&o) = answers.get(&(&k, a)) else {
                continue;
            };
            if let Some((_, next)) = game
                .successors(&k, a)
                .into_iter()
                .find(|(p, s)| *p == o && !s.is_empty())
            {
                let label = format!(
                    "after {}, shows {} →",
                    game.action_name(a),
                    game.observation_name(o)
                );
                stack.push((next, depth + 1, label));
            }
        }
    }
    lines
}
