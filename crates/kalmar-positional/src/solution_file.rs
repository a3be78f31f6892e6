//! The JSON solution file of positional games: what `kalmar positional nash --json` prints,
//! `--output` writes and `kalmar verify` checks. Positions are keyed by name, in the game's
//! order; each has the utilities of every player (exact rationals as strings) and, for a
//! player's position, the successor it moves to.
//!
//! ```json
//! {"family": "positional", "kind": "subgame-perfect equilibrium", "solver": "backward-induction",
//!  "players": 3, "values": {"deal": ["5/6", "1", "1/2"], "p0": ["0", "2", "1"]},
//!  "strategy": {"p0": "b"}}
//! ```
//!
//! [`SolutionFile::verify`] rebuilds the profile from the file and hands it to [`check`], so a
//! file is accepted exactly when it is a subgame-perfect equilibrium with the stated utilities.
//!
//! On a game with cycles the file holds a Nash equilibrium in pure positional strategies (kind
//! `nash equilibrium`): the moves, the outcome of the play from the start (a terminal's name, or
//! `c`) and the utilities there, under the start's name. It is checked by [`crate::deviation`]:
//! no player reaches a better outcome by changing its own moves.
//!
//! ```json
//! {"family": "positional", "kind": "nash equilibrium", "solver": "exact", "players": 3,
//!  "values": {"a": ["2", "0", "1"]}, "strategy": {"a": "b", "b": "c", "c": "u"}, "outcome": "u"}
//! ```
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_positional::{PositionalGame, backward_induction, solution_file::SolutionFile};
//! let graph = read_gg(
//!     "kalmar-gg 1\nplayers 3\na player0 -> x y\nx terminal payoff=(1,0,0)\ny terminal payoff=(2,0,0)\n",
//! )
//! .unwrap();
//! let game = PositionalGame::from_graph(&graph).unwrap();
//! let file = SolutionFile::new(&game, &backward_induction::solve(&game).unwrap());
//! let text = serde_json::to_string(&file).unwrap();
//! assert!(SolutionFile::read(&text).unwrap().verify(&graph).is_ok());
//! let lie = text.replace("\"a\":\"y\"", "\"a\":\"x\"");
//! assert!(SolutionFile::read(&lie).unwrap().verify(&graph).is_err());
//! ```

use crate::check::{Wrong, check};
use crate::deviation::{self, NotNash};
use crate::play::{Outcome, play};
use crate::{Equilibrium, PositionalGame};
use indexmap::IndexMap;
use kalmar_core::format::GameGraph;
use kalmar_core::{Rational, Strategy};
use serde::{Deserialize, Serialize};

/// The family name a positional solution file carries.
pub const FAMILY: &str = "positional";

/// A subgame-perfect equilibrium as saved in JSON.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct SolutionFile {
    /// Always `positional`.
    pub family: String,
    /// What the profile is: `subgame-perfect equilibrium`.
    pub kind: String,
    /// The algorithm that found it.
    pub solver: String,
    /// The number of players.
    pub players: usize,
    /// Per position (by name), every player's expected utility, as exact rationals in strings.
    pub values: IndexMap<String, Vec<String>>,
    /// Per player's position, the successor it moves to.
    pub strategy: IndexMap<String, String>,
    /// A Nash equilibrium's outcome from the start: a terminal's name, or `c` for infinite play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<String>,
}

/// The kind of a subgame-perfect equilibrium's file.
pub const SUBGAME_PERFECT: &str = "subgame-perfect equilibrium";
/// The kind of a Nash equilibrium's file (a game with cycles).
pub const NASH: &str = "nash equilibrium";

/// Why a saved solution is not accepted.
#[derive(Debug, thiserror::Error)]
pub enum SolutionFileError {
    /// Not JSON of this shape.
    #[error("not a positional solution file: {0}")]
    Json(#[from] serde_json::Error),
    /// The game is not a positional game.
    #[error(transparent)]
    Game(#[from] crate::FromGraphError),
    /// The file names positions or numbers the game does not have.
    #[error("{0}")]
    Names(String),
    /// The profile is not a subgame-perfect equilibrium with these utilities.
    #[error(transparent)]
    Wrong(#[from] Wrong),
    /// The profile is not a Nash equilibrium, or not with the outcome and utilities stated.
    #[error(transparent)]
    NotNash(#[from] NotNash),
}

impl SolutionFile {
    /// The file of an equilibrium of `game`.
    pub fn new(game: &PositionalGame, equilibrium: &Equilibrium) -> SolutionFile {
        let arena = game.arena();
        let values = arena
            .vertices()
            .map(|v| {
                let utilities = equilibrium.values[v.index()]
                    .iter()
                    .map(Rational::to_string);
                (arena.name(v).into_owned(), utilities.collect())
            })
            .collect();
        SolutionFile {
            family: FAMILY.into(),
            kind: SUBGAME_PERFECT.into(),
            solver: "backward-induction".into(),
            players: game.num_players(),
            values,
            strategy: moves(game, &equilibrium.strategy),
            outcome: None,
        }
    }

    /// The file of a Nash equilibrium `profile` of a game with cycles, found by `solver`; the
    /// certificate runs first, so a profile that is no equilibrium has no file.
    ///
    /// ```
    /// use kalmar_core::format::read_gg;
    /// use kalmar_positional::{PositionalGame, nash, solution_file::SolutionFile};
    /// let graph = read_gg("kalmar-gg 1\nplayers 3\ncycle (1,1,0)\nstart a\na player0 -> b t\n\
    ///                      b player1 -> c\nc player2 -> a u\nt terminal payoff=(0,0,2)\n\
    ///                      u terminal payoff=(2,0,1)\n").unwrap();
    /// let game = PositionalGame::from_graph(&graph).unwrap();
    /// let found = nash::solve(&game, &nash::Options::default()).unwrap().equilibrium.unwrap();
    /// let file = SolutionFile::nash(&game, "brute", &found.profile).unwrap();
    /// assert!(file.verify(&graph).is_ok());
    /// let lie = file.to_text().unwrap().replace("\"outcome\": \"u\"", "\"outcome\": \"t\"");
    /// assert!(SolutionFile::read(&lie).unwrap().verify(&graph).is_err());
    /// ```
    pub fn nash(
        game: &PositionalGame,
        solver: &str,
        profile: &Strategy,
    ) -> Result<SolutionFile, NotNash> {
        let utilities = deviation::check(game, profile)?;
        let outcome = play(game, profile, game.start())?.outcome;
        let start = game.arena().name(game.start()).into_owned();
        Ok(SolutionFile {
            family: FAMILY.into(),
            kind: NASH.into(),
            solver: solver.into(),
            players: game.num_players(),
            values: [(start, utilities.iter().map(Rational::to_string).collect())].into(),
            strategy: moves(game, profile),
            outcome: Some(outcome_notation(game, outcome)),
        })
    }

    /// The file's text as `--output` writes it: pretty-printed JSON ending in a newline, which
    /// [`SolutionFile::read`] reads back.
    ///
    /// ```
    /// use kalmar_core::format::read_gg;
    /// use kalmar_positional::{PositionalGame, backward_induction, solution_file::SolutionFile};
    /// let graph = read_gg(
    ///     "kalmar-gg 1\nplayers 3\na player1 -> x y\nx terminal payoff=(0,1,0)\ny terminal payoff=(0,2,0)\n",
    /// )
    /// .unwrap();
    /// let game = PositionalGame::from_graph(&graph).unwrap();
    /// let file = SolutionFile::new(&game, &backward_induction::solve(&game).unwrap());
    /// let text = file.to_text().unwrap();
    /// assert!(text.starts_with("{\n  \"family\": \"positional\"") && text.ends_with("}\n"));
    /// assert_eq!(SolutionFile::read(&text).unwrap(), file);
    /// ```
    pub fn to_text(&self) -> Result<String, serde_json::Error> {
        Ok(serde_json::to_string_pretty(self)? + "\n")
    }

    /// Reads a file's JSON text.
    pub fn read(text: &str) -> Result<SolutionFile, SolutionFileError> {
        Ok(serde_json::from_str(text)?)
    }

    /// Checks the file against the game of `graph`.
    pub fn verify(&self, graph: &GameGraph) -> Result<(), SolutionFileError> {
        let game = PositionalGame::from_graph(graph)?;
        match self.kind.as_str() {
            SUBGAME_PERFECT => {
                let equilibrium = self.to_equilibrium(&game)?;
                check(&game, &equilibrium)?;
            }
            NASH => self.verify_nash(&game)?,
            kind => {
                return Err(SolutionFileError::Names(format!(
                    "unknown kind '{kind}': expected '{SUBGAME_PERFECT}' or '{NASH}'"
                )));
            }
        }
        Ok(())
    }

    /// Checks a Nash equilibrium's file: the certificate, then the outcome and utilities stated.
    fn verify_nash(&self, game: &PositionalGame) -> Result<(), SolutionFileError> {
        let profile = self.profile(game)?;
        let utilities = deviation::check(game, &profile)?;
        let outcome = outcome_notation(
            game,
            play(game, &profile, game.start())
                .map_err(NotNash::from)?
                .outcome,
        );
        if self.outcome.as_deref() != Some(outcome.as_str()) {
            return Err(SolutionFileError::Names(format!(
                "the play from the start ends in {outcome}, not in {}",
                self.outcome.as_deref().unwrap_or("(no outcome given)")
            )));
        }
        let start = game.arena().name(game.start());
        let stated = self.values.get(start.as_ref()).ok_or_else(|| {
            SolutionFileError::Names(format!(
                "the file gives no utilities for the start, {start}"
            ))
        })?;
        let parsed: Result<Vec<Rational>, _> = stated.iter().map(|u| u.parse()).collect();
        if parsed.ok().as_deref() != Some(utilities.as_slice()) {
            return Err(SolutionFileError::Names(format!(
                "the utilities at the start are ({}), not ({})",
                crate::check::join(&utilities),
                stated.join(", ")
            )));
        }
        Ok(())
    }

    /// The profile the file states, by the game's position names.
    fn to_equilibrium(&self, game: &PositionalGame) -> Result<Equilibrium, SolutionFileError> {
        let arena = game.arena();
        let names = arena.name_index();
        let index = |name: &str| position(&names, name);
        let mut values = vec![Vec::new(); arena.num_vertices()];
        for (name, utilities) in &self.values {
            let parsed: Result<Vec<Rational>, _> = utilities.iter().map(|u| u.parse()).collect();
            values[index(name)?.index()] = parsed.map_err(|e| {
                SolutionFileError::Names(format!("the utilities of {name} are not numbers: {e}"))
            })?;
        }
        if let Some(v) = arena.vertices().find(|v| values[v.index()].is_empty()) {
            return Err(SolutionFileError::Names(format!(
                "the file gives no utilities for position {}",
                arena.name(v)
            )));
        }
        Ok(Equilibrium {
            values,
            strategy: self.profile(game)?,
        })
    }

    /// The moves the file states, as a profile of the game.
    fn profile(&self, game: &PositionalGame) -> Result<Strategy, SolutionFileError> {
        let arena = game.arena();
        let names = arena.name_index();
        let index = |name: &str| position(&names, name);
        let mut strategy = Strategy::empty(arena.num_vertices());
        for (from, to) in &self.strategy {
            let (from, to) = (index(from)?, index(to)?);
            let edge = arena.find_edge(from, to).ok_or_else(|| {
                SolutionFileError::Names(format!(
                    "{} has no move to {}",
                    arena.name(from),
                    arena.name(to)
                ))
            })?;
            strategy.set(from, edge);
        }
        Ok(strategy)
    }
}

/// The position named `name`.
fn position(
    names: &std::collections::HashMap<String, kalmar_core::Vertex>,
    name: &str,
) -> Result<kalmar_core::Vertex, SolutionFileError> {
    names
        .get(name)
        .copied()
        .ok_or_else(|| SolutionFileError::Names(format!("the game has no position {name}")))
}

/// Every player's position and the successor its move goes to, by name.
fn moves(game: &PositionalGame, profile: &Strategy) -> IndexMap<String, String> {
    let arena = game.arena();
    arena
        .vertices()
        .filter_map(|v| {
            let to = profile.successor(arena, v)?;
            Some((arena.name(v).into_owned(), arena.name(to).into_owned()))
        })
        .collect()
}

/// An outcome as the file names it: the terminal, or `c`.
fn outcome_notation(game: &PositionalGame, outcome: Outcome) -> String {
    match outcome {
        Outcome::Terminal(v) => game.arena().name(v).into_owned(),
        Outcome::Cycle => "c".into(),
    }
}
