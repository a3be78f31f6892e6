//! Writing a file from what a method found: behaviour strategies for trees, mixed strategies for
//! tables.
//!
//! A mixed equilibrium of a tree's reduced strategic form becomes a behaviour profile by Kuhn's
//! theorem when the tree has perfect recall: at information set `h` move `a` gets the weight of
//! the reduced strategies choosing `a` at `h` over that of those not starring `h` (uniform when
//! that is 0, the set being unreachable by the player's own play). The realization plans are
//! unchanged, so payoffs and every deviation's payoff are too. Without perfect recall a pure
//! equilibrium is still a behaviour profile (a starred set gets its first move) unless a player
//! is absent-minded (a behaviour deviation may then beat every pure one); other equilibria stay
//! mixtures of reduced strategies ([`Form::Reduced`]).

use super::SolutionFileError;
use super::{Distribution, Equilibrium, EquilibriumFile, Form, InfosetMoves, PlayerProfile};
use crate::certificate::tree::Behaviour;
use crate::format::GameFile;
use crate::names::move_names;
use crate::nash::Solution;
use crate::nash::solution::{BehaviourEquilibrium, MixedEquilibrium, MixedStrategy};
use crate::recall::Recall;
use crate::reduced::{Reduced, ReducedStrategies, all_players};
use crate::tree::{Efg, InfosetId, Mover};
use kalmar_core::Rational;

impl EquilibriumFile {
    /// The file's text, as `kalmar efg nash --output` writes it and `kalmar verify` reads it:
    /// pretty-printed JSON, exact numbers as strings, and a final newline.
    ///
    /// ```
    /// use kalmar_efg::format::read_game;
    /// use kalmar_efg::nash::{self, Options};
    /// use kalmar_efg::solution_file::EquilibriumFile;
    /// let file = read_game("NFG 1 R \"\" { \"A\" \"B\" } { 1 1 }\n1 2\n").unwrap();
    /// let solution = nash::solve(&file, &Options::for_game(&file)).unwrap();
    /// let text = EquilibriumFile::from_solution(&file, &solution).unwrap().to_text().unwrap();
    /// assert!(text.ends_with("}\n"));
    /// let back: EquilibriumFile = serde_json::from_str(&text).unwrap();
    /// assert!(back.verify(&file).is_ok());
    /// ```
    pub fn to_text(&self) -> Result<String, serde_json::Error> {
        Ok(serde_json::to_string_pretty(self)? + "\n")
    }

    /// The file of the equilibria a method found for `file`.
    pub fn from_solution(
        file: &GameFile,
        solution: &Solution,
    ) -> Result<EquilibriumFile, SolutionFileError> {
        let (title, players) = match file {
            GameFile::Efg(game) => (&game.title, &game.players),
            GameFile::Nfg(game) => (&game.title, &game.players),
        };
        let epsilon = match solution {
            Solution::Strategic(found) => found.epsilon.clone(),
            Solution::Iterative(found) => Some(found.epsilon.clone()),
            _ => None,
        };
        let (method, form, equilibria) = match (solution, file) {
            (Solution::Strategic(found), GameFile::Nfg(_)) => (
                found.method,
                Form::Strategic,
                found.equilibria.iter().map(mixed).collect(),
            ),
            (Solution::Strategic(found), GameFile::Efg(game)) => {
                let (form, equilibria) = from_reduced(game, &found.equilibria)?;
                (found.method, form, equilibria)
            }
            (Solution::Sequence(found), GameFile::Efg(game)) => (
                found.method,
                Form::Tree,
                behaviour_equilibria(game, &found.equilibria),
            ),
            (Solution::Iterative(found), GameFile::Efg(game)) => (
                found.method,
                Form::Tree,
                behaviour_equilibria(game, &found.equilibria),
            ),
            (Solution::Subgame(found), GameFile::Efg(game)) => {
                let mut behaviour = uniform(game);
                for (x, node) in game.nodes().iter().enumerate() {
                    if let (Some(h), Some(Some(k))) = (node.infoset, found.choice.get(x)) {
                        behaviour.0[h.index()] = Some(point(game.actions_of(h).len(), *k));
                    }
                }
                let equilibrium = tree_equilibrium(game, &behaviour, found.values.clone());
                (found.method, Form::Tree, vec![equilibrium])
            }
            _ => {
                return Err(SolutionFileError::Mismatch(
                    "a tree method's solution needs its tree".into(),
                ));
            }
        };
        Ok(EquilibriumFile {
            family: "efg".into(),
            kind: "equilibria".into(),
            title: title.clone(),
            form,
            players: players.clone(),
            method: method.into(),
            epsilon,
            equilibria,
        })
    }
}

/// Equilibria in behaviour strategies as the file writes them (sets the solution leaves out
/// get the uniform mix).
fn behaviour_equilibria(game: &Efg, equilibria: &[BehaviourEquilibrium]) -> Vec<Equilibrium> {
    equilibria
        .iter()
        .map(|e| {
            let mut behaviour = uniform(game);
            for h in e.players.iter().flat_map(|p| &p.behaviour) {
                let probs = h.moves.0.iter().map(|(_, p)| p.clone()).collect();
                behaviour.0[h.id.index()] = Some(probs);
            }
            tree_equilibrium(game, &behaviour, e.payoffs.clone())
        })
        .collect()
}

/// A mixed equilibrium as the file writes it: each player's support by name.
fn mixed(e: &MixedEquilibrium) -> Equilibrium {
    Equilibrium {
        profile: e
            .players
            .iter()
            .map(|MixedStrategy { player, strategy }| PlayerProfile {
                player: player.clone(),
                infosets: None,
                strategies: Some(Distribution(strategy.0.clone())),
            })
            .collect(),
        payoffs: e.payoffs.clone(),
    }
}

/// Equilibria of a tree's reduced strategic form: behaviour strategies when the tree has perfect
/// recall, or is not absent-minded and every equilibrium is pure; else mixtures of reduced
/// strategies.
fn from_reduced(
    game: &Efg,
    equilibria: &[MixedEquilibrium],
) -> Result<(Form, Vec<Equilibrium>), SolutionFileError> {
    let recall = Recall::check(game);
    let pure = |e: &MixedEquilibrium| {
        e.profile
            .0
            .iter()
            .flatten()
            .all(|p| p.is_zero() || *p == Rational::ONE)
    };
    let behaviour_fits =
        recall.is_perfect() || (recall.absent_minded.is_empty() && equilibria.iter().all(pure));
    if !behaviour_fits {
        return Ok((Form::Reduced, equilibria.iter().map(mixed).collect()));
    }
    if equilibria.is_empty() {
        return Ok((Form::Tree, Vec::new()));
    }
    let players: Vec<(ReducedStrategies, Vec<Reduced>)> = all_players(game, &recall)
        .into_iter()
        .enumerate()
        .map(|(i, s)| {
            let count = equilibria[0].profile.0[i].len();
            let list = s.enumerate(count).filter(|l| l.len() == count);
            list.map(|l| (s, l)).ok_or_else(|| {
                SolutionFileError::Mismatch(
                    "the equilibria are not of this game's reduced strategic form".into(),
                )
            })
        })
        .collect::<Result<_, _>>()?;
    let equilibria = equilibria
        .iter()
        .map(|e| {
            let mut behaviour = uniform(game);
            for ((strategies, list), probs) in players.iter().zip(&e.profile.0) {
                kuhn(game, strategies, list, probs, &mut behaviour);
            }
            tree_equilibrium(game, &behaviour, e.payoffs.clone())
        })
        .collect();
    Ok((Form::Tree, equilibria))
}

/// One player's mixed strategy over reduced strategies as behaviour: per slot, each move's
/// weight among the strategies that do not star the slot (the first move or the uniform mix
/// where none does, by purity).
fn kuhn(
    game: &Efg,
    strategies: &ReducedStrategies,
    list: &[Reduced],
    probs: &[Rational],
    behaviour: &mut Behaviour,
) {
    for (slot, &h) in strategies.slots.iter().enumerate() {
        let mut weight = vec![Rational::ZERO; game.actions_of(h).len()];
        for (s, p) in list.iter().zip(probs) {
            if let Some(a) = s[slot] {
                weight[a as usize] = &weight[a as usize] + p;
            }
        }
        let total = weight.iter().fold(Rational::ZERO, |a, b| a + b);
        if !total.is_zero() {
            behaviour.0[h.index()] = Some(weight.iter().map(|w| w / &total).collect());
        } else if probs.iter().all(|p| p.is_zero() || *p == Rational::ONE) {
            behaviour.0[h.index()] = Some(point(weight.len(), 0));
        }
    }
}

/// The uniform behaviour at every personal player's information set.
fn uniform(game: &Efg) -> Behaviour {
    Behaviour(
        game.infosets()
            .iter()
            .enumerate()
            .map(|(k, h)| match h.mover {
                Mover::Chance => None,
                Mover::Player(_) => {
                    let n = game.actions_of(InfosetId(k as u32)).len();
                    Some(vec![Rational::new(1, n as i64); n])
                }
            })
            .collect(),
    )
}

/// Probability 1 on move `k` of `n`.
fn point(n: usize, k: u32) -> Vec<Rational> {
    (0..n)
        .map(|a| {
            if a == k as usize {
                Rational::ONE
            } else {
                Rational::ZERO
            }
        })
        .collect()
}

/// A behaviour profile as the file writes it: per player, every information set in the file's
/// order with every move's probability.
fn tree_equilibrium(game: &Efg, behaviour: &Behaviour, payoffs: Vec<Rational>) -> Equilibrium {
    let profile = (0..game.num_players() as u32)
        .map(|i| PlayerProfile {
            player: game.players[i as usize].clone(),
            infosets: Some(
                game.player_infosets(i)
                    .map(|h| InfosetMoves {
                        number: game.infoset(h).number,
                        label: Some(game.infoset(h).label.clone()),
                        moves: Distribution(
                            move_names(game, h)
                                .into_iter()
                                .zip(behaviour.0[h.index()].iter().flatten().cloned())
                                .collect(),
                        ),
                    })
                    .collect(),
            ),
            strategies: None,
        })
        .collect();
    Equilibrium { profile, payoffs }
}
