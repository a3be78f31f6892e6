//! Reading a file back against its game: names resolved to the game's players, information
//! sets, moves and strategies (strictly: a name the game lacks, or a set given twice, is
//! refused), then each profile handed to [`crate::certificate`].

use super::{Distribution, Equilibrium, EquilibriumFile, Form, PlayerProfile, SolutionFileError};
use crate::certificate::tree::Behaviour;
use crate::certificate::{Checked, Rejection, player_name, table, tree};
use crate::format::GameFile;
use crate::names::{move_names, strategy_names};
use crate::normal::Nfg;
use crate::strategic::{self, DEFAULT_LIMIT};
use crate::tree::{Efg, InfosetId, Mover};
use kalmar_core::Rational;
use std::collections::HashMap;

/// What the check found for an accepted file.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Verified {
    /// What the profiles are over.
    pub form: Form,
    /// Per equilibrium, in the file's order: the payoffs and best-response values.
    pub equilibria: Vec<Checked>,
}

impl EquilibriumFile {
    /// Checks every equilibrium of the file against the game: accepted exactly when the names
    /// are the game's and each profile is well formed, pays what it claims and leaves no
    /// player a profitable deviation.
    pub fn verify(&self, file: &GameFile) -> Result<Verified, SolutionFileError> {
        self.fits(file)?;
        if self.equilibria.is_empty() {
            return Err(SolutionFileError::Mismatch(
                "the file holds no equilibrium to check".into(),
            ));
        }
        let reduced;
        let table_game: Option<&Nfg> = match (self.form, file) {
            (Form::Tree, GameFile::Efg(_)) => None,
            (Form::Strategic, GameFile::Nfg(game)) => Some(game),
            (Form::Reduced, GameFile::Efg(game)) => {
                reduced = strategic::build(game, DEFAULT_LIMIT)
                    .map_err(|e| SolutionFileError::Game(e.to_string()))?
                    .nfg;
                Some(&reduced)
            }
            (form, _) => {
                return Err(SolutionFileError::Game(format!(
                    "the file holds equilibria of a {}, which this game does not have",
                    match form {
                        Form::Strategic => "strategic-form game (.nfg)",
                        _ => "tree (.efg)",
                    }
                )));
            }
        };
        let epsilon = self.epsilon.clone().unwrap_or(Rational::ZERO);
        if epsilon < Rational::ZERO {
            return Err(SolutionFileError::Mismatch(format!(
                "epsilon is {epsilon}; a tolerance is at least 0"
            )));
        }
        let mut equilibria = Vec::with_capacity(self.equilibria.len());
        for (k, e) in self.equilibria.iter().enumerate() {
            let rejected = |rejection: Rejection| {
                if rejection.is_wrong() {
                    SolutionFileError::Rejected {
                        index: k + 1,
                        rejection: Box::new(rejection),
                    }
                } else {
                    SolutionFileError::Game(rejection.to_string())
                }
            };
            let checked = match (table_game, file) {
                (Some(nfg), _) => {
                    let profile = mixed_profile(nfg, e, k)?;
                    table::check_within(nfg, &profile, &e.payoffs, &epsilon).map_err(rejected)?
                }
                (None, GameFile::Efg(game)) => {
                    let behaviour = self.behaviour(game, k)?;
                    tree::check_within(game, &behaviour, &e.payoffs, &epsilon).map_err(rejected)?
                }
                (None, GameFile::Nfg(_)) => unreachable!("a tree file needs a tree"),
            };
            equilibria.push(checked);
        }
        Ok(Verified {
            form: self.form,
            equilibria,
        })
    }

    /// The behaviour profile of equilibrium `index` (from 0) of a tree file, its names resolved
    /// against `game` but not checked.
    pub fn behaviour(&self, game: &Efg, index: usize) -> Result<Behaviour, SolutionFileError> {
        let mismatch = SolutionFileError::Mismatch;
        if self.form != Form::Tree {
            return Err(mismatch(format!(
                "the file holds {} over the {}, not probabilities of moves",
                self.form.strategies(),
                self.form.name()
            )));
        }
        let e = self
            .equilibria
            .get(index)
            .ok_or_else(|| mismatch(format!("the file has no equilibrium {}", index + 1)))?;
        profile_fits(&game.players, e, index)?;
        let mut behaviour = Behaviour(vec![None; game.infosets().len()]);
        // Each player's information sets by number, so a deep tree's file resolves in
        // linear time.
        let mut by_number: Vec<HashMap<u32, InfosetId>> = vec![HashMap::new(); game.num_players()];
        for (k, set) in game.infosets().iter().enumerate() {
            if let Mover::Player(i) = set.mover {
                by_number[i as usize].insert(set.number, InfosetId(k as u32));
            }
        }
        for (i, p) in e.profile.iter().enumerate() {
            let who = player_name(i, &game.players[i]);
            let sets = match p {
                PlayerProfile {
                    infosets: Some(sets),
                    strategies: None,
                    ..
                } => sets,
                _ => {
                    return Err(mismatch(format!(
                        "equilibrium {}: {who} needs \"infosets\" (and no \"strategies\") in a \
                         tree's file",
                        index + 1
                    )));
                }
            };
            for set in sets {
                let h = by_number[i].get(&set.number).copied().ok_or_else(|| {
                    mismatch(format!(
                        "equilibrium {}: {who} has no information set {}",
                        index + 1,
                        set.number
                    ))
                })?;
                let name = game.infoset_name(h);
                if let Some(label) = &set.label
                    && *label != game.infoset(h).label
                {
                    return Err(mismatch(format!(
                        "equilibrium {}: {name} is labelled \"{}\" in the game, not \"{label}\"",
                        index + 1,
                        game.infoset(h).label
                    )));
                }
                if behaviour.0[h.index()].is_some() {
                    return Err(mismatch(format!(
                        "equilibrium {}: {name} is given twice",
                        index + 1
                    )));
                }
                let probs = resolve(&set.moves, &move_names(game, h), |m| {
                    format!("equilibrium {}: {name} has no move named '{m}'", index + 1)
                })?;
                behaviour.0[h.index()] = Some(probs);
            }
        }
        if let Some(h) = personal_infosets(game).find(|h| behaviour.0[h.index()].is_none()) {
            return Err(mismatch(format!(
                "equilibrium {}: the profile gives no probabilities at {}",
                index + 1,
                game.infoset_name(h)
            )));
        }
        Ok(behaviour)
    }

    /// The family, kind and players are the game's.
    fn fits(&self, file: &GameFile) -> Result<(), SolutionFileError> {
        if self.family != "efg" || self.kind != "equilibria" {
            return Err(SolutionFileError::Mismatch(format!(
                "a file of family '{}' and kind '{}': expected family 'efg' and kind 'equilibria'",
                self.family, self.kind
            )));
        }
        let players = match file {
            GameFile::Efg(game) => &game.players,
            GameFile::Nfg(game) => &game.players,
        };
        if self.players.len() != players.len() {
            return Err(SolutionFileError::Mismatch(format!(
                "the file has {} players; the game has {}",
                self.players.len(),
                players.len()
            )));
        }
        if let Some(i) = (0..players.len()).find(|&i| self.players[i] != players[i]) {
            return Err(SolutionFileError::Mismatch(format!(
                "the file's player {} is '{}'; the game's is '{}'",
                i + 1,
                self.players[i],
                players[i]
            )));
        }
        Ok(())
    }
}

/// Each player of the equilibrium is the game's, in order.
fn profile_fits(
    players: &[String],
    e: &Equilibrium,
    index: usize,
) -> Result<(), SolutionFileError> {
    if e.profile.len() != players.len() {
        return Err(SolutionFileError::Mismatch(format!(
            "equilibrium {}: the profile has {} players; the game has {}",
            index + 1,
            e.profile.len(),
            players.len()
        )));
    }
    if let Some(i) = (0..players.len()).find(|&i| e.profile[i].player != players[i]) {
        return Err(SolutionFileError::Mismatch(format!(
            "equilibrium {}: the profile's player {} is '{}'; the game's is '{}'",
            index + 1,
            i + 1,
            e.profile[i].player,
            players[i]
        )));
    }
    Ok(())
}

/// A mixed profile of a table from the file's strategies by name.
fn mixed_profile(
    nfg: &Nfg,
    e: &Equilibrium,
    index: usize,
) -> Result<Vec<Vec<Rational>>, SolutionFileError> {
    profile_fits(&nfg.players, e, index)?;
    let names = strategy_names(nfg);
    e.profile
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let who = player_name(i, &nfg.players[i]);
            let strategies = match p {
                PlayerProfile {
                    strategies: Some(s),
                    infosets: None,
                    ..
                } => s,
                _ => {
                    return Err(SolutionFileError::Mismatch(format!(
                        "equilibrium {}: {who} needs \"strategies\" (and no \"infosets\") in a \
                         strategic form's file",
                        index + 1
                    )));
                }
            };
            resolve(strategies, &names[i], |s| {
                format!(
                    "equilibrium {}: {who} has no strategy named '{s}'",
                    index + 1
                )
            })
        })
        .collect()
}

/// The probabilities of `names` in order from a distribution by name (names left out get 0);
/// `unknown` says what is wrong with a name the list lacks.
fn resolve(
    given: &Distribution,
    names: &[String],
    unknown: impl Fn(&str) -> String,
) -> Result<Vec<Rational>, SolutionFileError> {
    let position: HashMap<&str, usize> = names
        .iter()
        .enumerate()
        .map(|(k, n)| (n.as_str(), k))
        .collect();
    let mut probs = vec![Rational::ZERO; names.len()];
    for (name, p) in &given.0 {
        let k = *position
            .get(name.as_str())
            .ok_or_else(|| SolutionFileError::Mismatch(unknown(name)))?;
        probs[k] = p.clone();
    }
    Ok(probs)
}

/// Every personal player's information sets, in file order.
fn personal_infosets(game: &Efg) -> impl Iterator<Item = InfosetId> + '_ {
    (0..game.infosets().len())
        .map(|k| InfosetId(k as u32))
        .filter(|&h| game.infoset(h).mover != Mover::Chance)
}
