//! The JSON file of equilibria: what `kalmar efg nash -o` and `kalmar solve -o` write and
//! `kalmar verify` checks. Every probability and payoff is an exact rational written as a string
//! (`"1/3"`, `"0"`); strategies and moves are named by the game's labels (made unique as
//! [`crate::names`] says) and information sets by their numbers, so a file stays readable.
//!
//! ```json
//! {
//!   "family": "efg",
//!   "kind": "equilibria",
//!   "title": "Entry game",
//!   "form": "tree",
//!   "players": ["Entrant", "Incumbent"],
//!   "method": "seqform",
//!   "equilibria": [
//!     {
//!       "profile": [
//!         {"player": "Entrant",
//!          "infosets": [{"number": 1, "label": "", "moves": {"Out": "0", "In": "1"}}]},
//!         {"player": "Incumbent",
//!          "infosets": [{"number": 1, "label": "", "moves": {"Fight": "0", "Accommodate": "1"}}]}
//!       ],
//!       "payoffs": ["1", "1"]
//!     }
//!   ]
//! }
//! ```
//!
//! `form` is `tree` (behaviour strategies: per player, per information set, the probability of
//! each move), `strategic form` (an `.nfg` game: per player, the probability of each strategy) or
//! `reduced strategic form` (mixed equilibria of a tree without perfect recall, over its reduced
//! strategies, named as `kalmar efg reduce` lists them). Strategies and moves left out of a
//! distribution have probability 0; a tree's profile lists every information set of every
//! player. [`EquilibriumFile::from_solution`] writes a file from what [`crate::nash::solve()`]
//! found, and [`EquilibriumFile::verify`] resolves the names and hands each profile to the
//! independent [`crate::certificate`].
//!
//! ```
//! use kalmar_efg::format::GameFile;
//! use kalmar_efg::generate::poker;
//! use kalmar_efg::nash::{self, Options};
//! use kalmar_efg::solution_file::EquilibriumFile;
//! let kuhn = GameFile::Efg(poker(3));
//! let solution = nash::solve(&kuhn, &Options::for_game(&kuhn)).unwrap();
//! let file = EquilibriumFile::from_solution(&kuhn, &solution).unwrap();
//! let text = serde_json::to_string_pretty(&file).unwrap();
//! assert!(text.contains("\"payoffs\": [\n        \"-1/18\",\n        \"1/18\"\n      ]"));
//! let back: EquilibriumFile = serde_json::from_str(&text).unwrap();
//! let verified = back.verify(&kuhn).unwrap();
//! assert_eq!(verified.equilibria[0].best_responses, verified.equilibria[0].payoffs);
//! // Claiming another payoff is caught.
//! let lie: EquilibriumFile = serde_json::from_str(&text.replace("\"-1/18\"", "\"0\"")).unwrap();
//! assert!(lie.verify(&kuhn).unwrap_err().to_string().contains("not 0 as claimed"));
//! ```

mod read;
mod write;

pub use read::Verified;

use crate::certificate::Rejection;
use kalmar_core::Rational;
use serde::de::{Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::fmt;

/// Equilibria as saved in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EquilibriumFile {
    /// Always `efg`.
    pub family: String,
    /// Always `equilibria`.
    pub kind: String,
    /// The game's title (not checked).
    #[serde(default)]
    pub title: String,
    /// What the profiles are over.
    pub form: Form,
    /// The players' names, in order.
    pub players: Vec<String>,
    /// The method that found them (not checked).
    #[serde(default)]
    pub method: String,
    /// For the approximate methods: the equilibria are ε-equilibria for this ε, each player's
    /// best deviation gaining at most it (absent: exact equilibria, ε = 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub epsilon: Option<Rational>,
    /// The equilibria.
    pub equilibria: Vec<Equilibrium>,
}

/// What a file's profiles are over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Form {
    /// Behaviour strategies on the tree of an `.efg` game.
    #[serde(rename = "tree")]
    Tree,
    /// Mixed strategies of an `.nfg` game.
    #[serde(rename = "strategic form")]
    Strategic,
    /// Mixed strategies over the reduced strategies of an `.efg` game.
    #[serde(rename = "reduced strategic form")]
    Reduced,
}

impl Form {
    /// The form's name as files write it.
    pub fn name(self) -> &'static str {
        match self {
            Form::Tree => "tree",
            Form::Strategic => "strategic form",
            Form::Reduced => "reduced strategic form",
        }
    }

    /// What the profiles are, in words: `behaviour strategies` or `mixed strategies`.
    pub fn strategies(self) -> &'static str {
        match self {
            Form::Tree => "behaviour strategies",
            Form::Strategic | Form::Reduced => "mixed strategies",
        }
    }
}

/// One equilibrium: the profile and every player's expected payoff.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Equilibrium {
    /// Per player, in order.
    pub profile: Vec<PlayerProfile>,
    /// Per player: the expected payoff.
    #[serde(serialize_with = "crate::certificate::texts")]
    pub payoffs: Vec<Rational>,
}

/// One player's strategy: behaviour at information sets (trees) or a mixture of strategies
/// (strategic forms).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerProfile {
    /// The player's name as the game gives it.
    pub player: String,
    /// Behaviour: per information set of the player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub infosets: Option<Vec<InfosetMoves>>,
    /// A mixed strategy: strategies by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strategies: Option<Distribution>,
}

/// The probabilities of the moves at one information set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InfosetMoves {
    /// The set's number among its player's, from 1 (as in the game file).
    pub number: u32,
    /// The set's label (checked when given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The moves by name.
    pub moves: Distribution,
}

/// Probabilities by name, in order; a JSON object whose values are strings `"p/q"`. A name
/// given twice is refused when read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Distribution(pub Vec<(String, Rational)>);

impl Serialize for Distribution {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, p) in &self.0 {
            map.serialize_entry(name, &p.to_string())?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Distribution {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Names;
        impl<'de> Visitor<'de> for Names {
            type Value = Distribution;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object of probabilities by name, such as {\"H\": \"1/2\"}")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Distribution, M::Error> {
                let mut seen = HashSet::new();
                let mut entries = Vec::new();
                while let Some((name, p)) = map.next_entry::<String, Rational>()? {
                    if !seen.insert(name.clone()) {
                        return Err(serde::de::Error::custom(format!("'{name}' is given twice")));
                    }
                    entries.push((name, p));
                }
                Ok(Distribution(entries))
            }
        }
        deserializer.deserialize_map(Names)
    }
}

/// Why a file is not written, or not accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolutionFileError {
    /// The game is not of the kind the file is for, or outside what the check handles.
    #[error("{0}")]
    Game(String),
    /// The file does not fit the game: a name, number or count that the game lacks.
    #[error("{0}")]
    Mismatch(String),
    /// An equilibrium (numbered from 1) is rejected by the check.
    #[error("equilibrium {index}: {rejection}")]
    Rejected {
        /// The equilibrium's position in the file, from 1.
        index: usize,
        /// Why (boxed: the rare path should not make every result large).
        rejection: Box<Rejection>,
    },
}
