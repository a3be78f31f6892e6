//! The JSON solution file of terminal-payoff games (chess-like games and DGGs): what `--json`
//! prints, `--output` writes and `kalmar verify` checks. Positions are keyed by name, in the
//! game's order, so a file stays readable and survives renumbering; a name that appears twice is
//! refused.
//!
//! [`SolutionFile::verify`] rebuilds the solution from the file and hands it to the family's
//! independent verifier, so a file is accepted exactly when its values and strategies are right
//! for the game.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_terminal::{dgg, solution_file::SolutionFile};
//! let graph = read_gg("kalmar-gg 1\na max -> t u\nt terminal payoff=3\nu terminal payoff=-1\n")
//!     .unwrap();
//! let game = dgg::from_graph(&graph).unwrap();
//! let solved = dgg::solve(&game, &dgg::Options::default()).unwrap();
//! let file = SolutionFile::from_dgg(&game, &solved);
//! let text = serde_json::to_string(&file).unwrap();
//! let back: SolutionFile = serde_json::from_str(&text).unwrap();
//! assert!(back.verify(&graph).is_ok());
//! let lie = text.replace("\"3\"", "\"4\"").replace(":3", ":4");
//! let lie: SolutionFile = serde_json::from_str(&lie).unwrap();
//! assert!(lie.verify(&graph).is_err());
//! ```

use crate::dgg::{self, Solution};
use crate::reach::{self, ChessLike, Outcome, ReachSolution};
use crate::{Dgg, StrongSolution, WeakSolution};
use indexmap::IndexMap;
use kalmar_core::format::GameGraph;
use kalmar_core::{Arena, Certificate, Rational, Strategy, VerifyError, Vertex};
use serde::{Deserialize, Serialize};

/// A solution as saved in JSON: positions by name, in the game's order.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct SolutionFile {
    /// `reach` or `dgg`.
    pub family: String,
    /// `strong` (every position) or `weak` (the start position).
    pub kind: String,
    /// The solver that produced it.
    #[serde(default)]
    pub solver: String,
    /// The start position, for weak solutions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The value of each position (of the start position only, for weak solutions).
    #[serde(deserialize_with = "unique")]
    pub values: IndexMap<String, Rational>,
    /// The number of moves to the forced end of the game (chess-like games).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "unique_some"
    )]
    pub distance: Option<IndexMap<String, u32>>,
    /// The successor each position's owner moves to.
    #[serde(deserialize_with = "unique")]
    pub strategy: IndexMap<String, String>,
    /// Counters the solver reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stats: Option<serde_json::Value>,
}

/// Why a solution file is not a correct solution of a game.
#[derive(Debug, thiserror::Error)]
pub enum SolutionFileError {
    /// The file names a position the game does not have.
    #[error("the game has no position named '{0}'")]
    UnknownPosition(String),
    /// The strategy takes a move the game does not have.
    #[error("the strategy moves from {0} to {1}, which is not a move of the game")]
    NotAMove(String, String),
    /// A strong solution leaves out a position's value.
    #[error("the solution gives no value for position {0}")]
    MissingValue(String),
    /// A chess-like solution has no distances, or leaves one out.
    #[error("the solution gives no distance for position {0}")]
    MissingDistance(String),
    /// A chess-like solution has no distances at all.
    #[error("the solution has no distances")]
    NoDistances,
    /// A chess-like value is not -1, 0 or 1.
    #[error("a chess-like value is -1, 0 or 1, not {0}")]
    NotAnOutcome(Rational),
    /// A weak solution does not name its start position.
    #[error("a weak solution names its start position")]
    NoStart,
    /// A weak solution gives other values than its start position's.
    #[error("a weak solution gives one value, that of its start position {0}")]
    WeakValues(String),
    /// The file's family and kind are not ones this module knows.
    #[error(
        "a solution of family '{0}' and kind '{1}': expected a strong 'reach' or a strong or weak 'dgg' solution"
    )]
    Family(String, String),
    /// The game is not of the file's family.
    #[error("{0}")]
    Game(String),
    /// The solution is wrong: the verifier's reason.
    #[error(transparent)]
    Wrong(#[from] VerifyError),
}

impl SolutionFile {
    /// The file of a verified chess-like solution.
    pub fn from_reach(game: &ChessLike, solution: &ReachSolution) -> SolutionFile {
        let arena = game.arena();
        SolutionFile {
            family: "reach".into(),
            kind: "strong".into(),
            solver: "retrograde".into(),
            start: Some(arena.name(game.start()).into_owned()),
            values: arena
                .vertices()
                .map(|v| {
                    let value = solution.values[v.index()].to_rational();
                    (arena.name(v).into_owned(), value)
                })
                .collect(),
            distance: Some(
                arena
                    .vertices()
                    .map(|v| (arena.name(v).into_owned(), solution.distance[v.index()]))
                    .collect(),
            ),
            strategy: strategy_names(arena, &solution.strategy),
            stats: None,
        }
    }

    /// The file of a solved deterministic graphical game.
    pub fn from_dgg(game: &Dgg, solved: &dgg::Solved) -> SolutionFile {
        let arena = game.arena();
        let (kind, start, values) = match &solved.solution {
            Solution::Strong(s) => (
                "strong",
                game.start(),
                arena
                    .vertices()
                    .map(|v| (arena.name(v).into_owned(), s.values[v.index()].clone()))
                    .collect(),
            ),
            Solution::Weak(w) => (
                "weak",
                w.start,
                std::iter::once((arena.name(w.start).into_owned(), w.value.clone())).collect(),
            ),
        };
        SolutionFile {
            family: "dgg".into(),
            kind: kind.into(),
            solver: solved.solver.into(),
            start: Some(arena.name(start).into_owned()),
            values,
            distance: None,
            strategy: strategy_names(arena, solved.solution.strategy()),
            stats: serde_json::to_value(solved.stats).ok(),
        }
    }

    /// The file's text as `--output` writes it and `kalmar verify` reads it: pretty-printed
    /// JSON ending in a newline.
    ///
    /// ```
    /// use kalmar_core::format::read_gg;
    /// use kalmar_terminal::{reach, solution_file::SolutionFile};
    /// let graph = read_gg("kalmar-gg 1\na max -> t\nt terminal payoff=1\n").unwrap();
    /// let game = reach::from_graph(&graph).unwrap();
    /// let text = SolutionFile::from_reach(&game, &reach::solve(&game)).to_text().unwrap();
    /// assert!(text.starts_with("{\n  \"family\": \"reach\"") && text.ends_with("}\n"));
    /// let back: SolutionFile = serde_json::from_str(&text).unwrap();
    /// assert!(back.verify(&graph).is_ok());
    /// ```
    pub fn to_text(&self) -> Result<String, serde_json::Error> {
        Ok(serde_json::to_string_pretty(self)? + "\n")
    }

    /// Checks the file against the game read from `graph` with the family's independent
    /// verifier: `Ok` exactly when every name is a position, every move a move of the game, and
    /// the values and strategies are a correct solution of the file's family and kind.
    pub fn verify(&self, graph: &GameGraph) -> Result<(), SolutionFileError> {
        let arena = &graph.arena;
        let index = arena.name_index();
        let lookup = |name: &str| {
            index
                .get(name)
                .copied()
                .ok_or_else(|| SolutionFileError::UnknownPosition(name.to_string()))
        };
        let distance_keys = self.distance.iter().flat_map(|d| d.keys());
        for name in self
            .values
            .keys()
            .chain(self.strategy.keys())
            .chain(distance_keys)
        {
            lookup(name)?;
        }
        let mut strategy = Strategy::empty(arena.num_vertices());
        for (from, to) in &self.strategy {
            let v = lookup(from)?;
            let e = arena
                .find_edge(v, lookup(to)?)
                .ok_or_else(|| SolutionFileError::NotAMove(from.clone(), to.clone()))?;
            strategy.set(v, e);
        }
        let game_error = |e: &dyn std::fmt::Display| SolutionFileError::Game(e.to_string());
        match (self.family.as_str(), self.kind.as_str()) {
            ("reach", "strong") => {
                let game = reach::from_graph(graph).map_err(|e| game_error(&e))?;
                let values = self
                    .all_values(arena)?
                    .iter()
                    .map(|x| {
                        Outcome::from_rational(x)
                            .ok_or_else(|| SolutionFileError::NotAnOutcome(x.clone()))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                let distances = self
                    .distance
                    .as_ref()
                    .ok_or(SolutionFileError::NoDistances)?;
                let distance = arena
                    .vertices()
                    .map(|v| {
                        let name = arena.name(v);
                        distances
                            .get(name.as_ref())
                            .copied()
                            .ok_or_else(|| SolutionFileError::MissingDistance(name.into_owned()))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                let solution = ReachSolution {
                    values,
                    distance,
                    strategy,
                };
                Ok(solution.verify(&game)?)
            }
            ("dgg", "strong") => {
                let game = dgg::from_graph(graph).map_err(|e| game_error(&e))?;
                let values = self.all_values(arena)?;
                Ok(StrongSolution { values, strategy }.verify(&game)?)
            }
            ("dgg", "weak") => {
                let game = dgg::from_graph(graph).map_err(|e| game_error(&e))?;
                let name = self.start.as_deref().ok_or(SolutionFileError::NoStart)?;
                let start = lookup(name)?;
                let value = match (self.values.len(), self.values.get(name)) {
                    (1, Some(value)) => value.clone(),
                    _ => return Err(SolutionFileError::WeakValues(name.to_string())),
                };
                let solution = WeakSolution {
                    start,
                    value,
                    strategy,
                };
                Ok(solution.verify(&game)?)
            }
            (family, kind) => Err(SolutionFileError::Family(family.into(), kind.into())),
        }
    }

    /// The values, one per position, for strong solutions.
    fn all_values(&self, arena: &Arena) -> Result<Vec<Rational>, SolutionFileError> {
        arena
            .vertices()
            .map(|v| {
                let name = arena.name(v);
                self.values
                    .get(name.as_ref())
                    .cloned()
                    .ok_or_else(|| SolutionFileError::MissingValue(name.into_owned()))
            })
            .collect()
    }
}

/// A strategy as a map from each position with a chosen move to the successor's name.
pub fn strategy_names(arena: &Arena, strategy: &Strategy) -> IndexMap<String, String> {
    arena
        .vertices()
        .filter_map(|v: Vertex| {
            Some((
                arena.name(v).into_owned(),
                arena.name(strategy.successor(arena, v)?).into_owned(),
            ))
        })
        .collect()
}

/// Reads a JSON object keyed by position names, refusing a name that appears twice.
fn unique<'de, D, V>(deserializer: D) -> Result<IndexMap<String, V>, D::Error>
where
    D: serde::Deserializer<'de>,
    V: Deserialize<'de>,
{
    struct Visitor<V>(std::marker::PhantomData<V>);
    impl<'de, V: Deserialize<'de>> serde::de::Visitor<'de> for Visitor<V> {
        type Value = IndexMap<String, V>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("an object keyed by position names")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut out = IndexMap::new();
            while let Some((name, value)) = map.next_entry::<String, V>()? {
                if out.contains_key(&name) {
                    return Err(serde::de::Error::custom(format!(
                        "position '{name}' appears twice"
                    )));
                }
                out.insert(name, value);
            }
            Ok(out)
        }
    }
    deserializer.deserialize_map(Visitor(std::marker::PhantomData))
}

/// [`unique`] for an optional field.
fn unique_some<'de, D, V>(deserializer: D) -> Result<Option<IndexMap<String, V>>, D::Error>
where
    D: serde::Deserializer<'de>,
    V: Deserialize<'de>,
{
    unique(deserializer).map(Some)
}
