//! Games of imperfect information on graphs (Reif's problem): the *system* sees only an
//! observation of each position, the *environment* sees everything, and the system's moves may
//! depend only on what it has observed.
//!
//! # The model
//! An [`ObservationGame`] is the game structure of Chatterjee, Doyen, Henzinger and Raskin
//! (*Algorithms for omega-regular games with imperfect information*, LMCS 2007), the model of the
//! Alpaga tool: locations, an alphabet of actions, a transition relation (location, action,
//! location), an observation per location and a set of initial locations. In each round the
//! system chooses an action and the environment chooses a successor of the current location by
//! that action. The system knows the observations seen and the actions it played, so it knows a
//! *knowledge set*: the locations the game can be in. An action may be played only when it is
//! available at every location of the knowledge set (a system that has no such action has no
//! safe move and loses; this is what Alpaga's default totalisation with a losing `SINK` amounts
//! to).
//!
//! The objective is Alpaga's: `Reach(T) ∪ (Parity(p) ∩ Safe(S))`. The system wins a play that
//! visits a target location, or that stays in safe locations forever while the largest priority
//! seen infinitely often is even (max-parity; priorities belong to observations). Reachability
//! (all priorities odd), safety (all priorities even, no target) and Büchi (priorities 1 and 2)
//! are special cases. Targets and safe sets need not be observable: plays that reached the target
//! are dropped from the knowledge set, and a knowledge set with an unsafe location loses. The
//! system wins when it has one observation-based strategy that wins every play (sure winning).
//!
//! # Turn-based games and Reif's problem
//! A `.gg` game with observations (the `obs=` key) is Reif's setting, as in the note on his
//! procedure (seed 000): positions of the system (`max`, player 0) and of the environment
//! (`min`, player 1), the last player to move wins (a terminal entered by a move of the system
//! is a dead end of the environment, and the other way round), infinite play is won by the
//! environment unless the file has priorities (then by parity on observations). The system
//! names its move by the observation of the position it moves to. [`TurnBased::from_graph`]
//! reads it, [`TurnBased::to_game`] turns it into an [`ObservationGame`], and [`reif`] runs
//! Reif's procedure on it and checks his model assumption.
//!
//! # Algorithms
//! - [`knowledge`]: the knowledge game (subset construction), explored on the fly from the
//!   initial knowledge sets and solved as a perfect-information game by attractors (reachability,
//!   safety) or Zielonka's algorithm (parity);
//! - [`antichain`]: the antichain algorithm of Chatterjee, Doyen, Henzinger and Raskin, fixpoints
//!   of the controllable predecessor over antichains of knowledge sets, without building the
//!   knowledge game;
//! - [`reif`]: Reif's procedure (1984), kept to show where it is wrong, and the check of his
//!   model assumption under which it is right;
//! - [`brute_force`]: every strategy on knowledge sets, each checked against every behaviour of
//!   the environment, a test oracle for tiny games.
//!
//! Generated families: [`primes`] (prime cycles, where the knowledge game is exponential and
//! the antichains large) and [`cerny`] (Černý's automata, where the knowledge game is
//! exponential and the antichains small).
//!
//! The jobs a user runs are in [`solve`](mod@solve) (the registry [`ALGORITHMS`], solving with a checked
//! witness, Reif's procedure with his assumption checked), [`witness`] (strategy files, the
//! spoiling tree), [`families`] (the generated families by id) and [`picture`] (the game and
//! the winner's witness drawn for Graphviz).
//!
//! Every answer carries a witness: an observation-based winning [`KnowledgeStrategy`] for the system
//! (checked by [`verify()`], which replays it against every behaviour of the environment), or a
//! [`Spoiler`] for the environment.
#![deny(missing_docs)]

pub mod antichain;
pub mod brute_force;
pub mod cerny;
pub mod chain;
pub mod families;
pub mod gii;
pub mod knowledge;
pub mod picture;
pub mod primes;
pub mod reif;
mod set;
mod shared_array;
pub mod solve;
pub mod turn_based;
pub mod verify;
pub mod witness;

pub use gii::{read_gii, write_gii};
pub use set::LocationSet;
pub use solve::{ALGORITHMS, solve};
pub use turn_based::{TurnBased, TurnBasedError};
pub use verify::verify;

use foldhash::{HashMap, HashMapExt};
use serde::Serialize;
use std::fmt;

/// Who wins: the system (the player with imperfect information) or the environment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The player who sees observations only.
    System,
    /// The player who sees everything.
    Environment,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::System => "system",
            Side::Environment => "environment",
        })
    }
}

/// A game of imperfect information: locations, actions, transitions, observations, initial
/// locations and the objective `Reach(target) ∪ (Parity(priority) ∩ Safe(safe))` (see the
/// [module documentation](self)). Build one with [`GameBuilder`].
#[derive(Clone, Debug, PartialEq)]
pub struct ObservationGame {
    location_names: Vec<String>,
    observation: Vec<u32>,
    observation_names: Vec<String>,
    action_names: Vec<String>,
    /// CSR over locations: the moves of location `l` are `moves[offset[l]..offset[l + 1]]`,
    /// sorted by action and then target, without repetition.
    offset: Vec<u32>,
    moves: Vec<(u32, u32)>,
    /// Per observation, the set of its locations.
    classes: Vec<LocationSet>,
    initial: LocationSet,
    target: LocationSet,
    safe: LocationSet,
    /// Per observation.
    priority: Vec<u32>,
}

/// Builds an [`ObservationGame`]; ids are given out in the order of the calls.
#[derive(Clone, Debug, Default)]
pub struct GameBuilder {
    location_names: Vec<String>,
    observation: Vec<u32>,
    observation_names: Vec<String>,
    priority: Vec<u32>,
    action_names: Vec<String>,
    moves: Vec<(u32, u32, u32)>,
    initial: Vec<u32>,
    target: Vec<u32>,
    unsafe_locations: Vec<u32>,
}

/// Why a game cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// The game has no initial location.
    #[error("the game has no initial location")]
    NoInitial,
    /// More locations, actions or observations than ids allow.
    #[error("the game has more than {limit} {0}", limit = u32::MAX - 1)]
    TooMany(&'static str),
}

impl GameBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds an observation with this name and priority; returns its id.
    pub fn add_observation(&mut self, name: impl Into<String>, priority: u32) -> u32 {
        self.observation_names.push(name.into());
        self.priority.push(priority);
        (self.observation_names.len() - 1) as u32
    }

    /// Adds an action; returns its id.
    pub fn add_action(&mut self, name: impl Into<String>) -> u32 {
        self.action_names.push(name.into());
        (self.action_names.len() - 1) as u32
    }

    /// Adds a location with this observation (an id from [`GameBuilder::add_observation`]).
    pub fn add_location(&mut self, name: impl Into<String>, observation: u32) -> u32 {
        self.location_names.push(name.into());
        self.observation.push(observation);
        (self.location_names.len() - 1) as u32
    }

    /// Adds the transition `from --action--> to`.
    pub fn add_move(&mut self, from: u32, action: u32, to: u32) {
        self.moves.push((from, action, to));
    }

    /// Makes `l` an initial location.
    pub fn add_initial(&mut self, l: u32) {
        self.initial.push(l);
    }

    /// Makes `l` a target location (reaching it wins).
    pub fn add_target(&mut self, l: u32) {
        self.target.push(l);
    }

    /// Makes `l` unsafe (a play that is there and has not reached the target loses).
    pub fn make_unsafe(&mut self, l: u32) {
        self.unsafe_locations.push(l);
    }

    /// The number of locations added so far.
    pub fn num_locations(&self) -> usize {
        self.location_names.len()
    }

    /// Builds the game.
    ///
    /// # Panics
    /// If a location, action or observation id was not given out by this builder.
    pub fn build(self) -> Result<ObservationGame, BuildError> {
        let n = self.location_names.len();
        for (what, count) in [
            ("locations", n),
            ("actions", self.action_names.len()),
            ("observations", self.observation_names.len()),
        ] {
            if count >= u32::MAX as usize {
                return Err(BuildError::TooMany(what));
            }
        }
        if self.initial.is_empty() {
            return Err(BuildError::NoInitial);
        }
        let mut moves = self.moves;
        for &(from, action, to) in &moves {
            assert!(
                (from as usize) < n
                    && (to as usize) < n
                    && (action as usize) < self.action_names.len(),
                "a move between known locations by a known action"
            );
        }
        moves.sort_unstable();
        moves.dedup();
        let mut offset = vec![0u32; n + 1];
        for &(from, _, _) in &moves {
            offset[from as usize + 1] += 1;
        }
        for i in 0..n {
            offset[i + 1] += offset[i];
        }
        let moves = moves.into_iter().map(|(_, a, t)| (a, t)).collect();
        let mut classes = vec![LocationSet::empty(n); self.observation_names.len()];
        for (l, &o) in self.observation.iter().enumerate() {
            classes[o as usize].insert(l as u32);
        }
        let set_of = |ls: &[u32]| {
            let mut s = LocationSet::empty(n);
            for &l in ls {
                s.insert(l);
            }
            s
        };
        let mut safe = LocationSet::full(n);
        for &l in &self.unsafe_locations {
            safe.remove(l);
        }
        Ok(ObservationGame {
            location_names: self.location_names,
            observation: self.observation,
            observation_names: self.observation_names,
            action_names: self.action_names,
            offset,
            moves,
            classes,
            initial: set_of(&self.initial),
            target: set_of(&self.target),
            safe,
            priority: self.priority,
        })
    }
}

impl ObservationGame {
    /// The number of locations.
    pub fn num_locations(&self) -> usize {
        self.location_names.len()
    }

    /// The number of actions.
    pub fn num_actions(&self) -> usize {
        self.action_names.len()
    }

    /// The number of observations.
    pub fn num_observations(&self) -> usize {
        self.observation_names.len()
    }

    /// The number of transitions.
    pub fn num_moves(&self) -> usize {
        self.moves.len()
    }

    /// The name of location `l`.
    pub fn location_name(&self, l: u32) -> &str {
        &self.location_names[l as usize]
    }

    /// The name of action `a`.
    pub fn action_name(&self, a: u32) -> &str {
        &self.action_names[a as usize]
    }

    /// The name of observation `o`.
    pub fn observation_name(&self, o: u32) -> &str {
        &self.observation_names[o as usize]
    }

    /// The observation of location `l`.
    pub fn observation(&self, l: u32) -> u32 {
        self.observation[l as usize]
    }

    /// The priority of observation `o`.
    pub fn priority(&self, o: u32) -> u32 {
        self.priority[o as usize]
    }

    /// The locations of observation `o`.
    pub fn class(&self, o: u32) -> &LocationSet {
        &self.classes[o as usize]
    }

    /// The initial locations.
    pub fn initial(&self) -> &LocationSet {
        &self.initial
    }

    /// The target locations.
    pub fn target(&self) -> &LocationSet {
        &self.target
    }

    /// The safe locations.
    pub fn safe(&self) -> &LocationSet {
        &self.safe
    }

    /// The moves of location `l`: (action, target) pairs sorted by action.
    pub fn moves(&self, l: u32) -> &[(u32, u32)] {
        &self.moves[self.offset[l as usize] as usize..self.offset[l as usize + 1] as usize]
    }

    /// The successors of `l` by action `a` (empty when `a` is not available at `l`).
    pub fn post(&self, l: u32, a: u32) -> impl Iterator<Item = u32> + '_ {
        let moves = self.moves(l);
        let start = moves.partition_point(|&(b, _)| b < a);
        moves[start..]
            .iter()
            .take_while(move |&&(b, _)| b == a)
            .map(|&(_, t)| t)
    }

    /// Whether action `a` is available at `l`.
    pub fn available(&self, l: u32, a: u32) -> bool {
        self.post(l, a).next().is_some()
    }

    /// The actions available at every location of the nonempty set `k`, in increasing order.
    pub fn common_actions(&self, k: &LocationSet) -> Vec<u32> {
        let mut locations = k.iter();
        let Some(first) = locations.next() else {
            return Vec::new();
        };
        let mut actions: Vec<u32> = self.moves(first).iter().map(|&(a, _)| a).collect();
        actions.dedup();
        for l in locations {
            actions.retain(|&a| self.available(l, a));
            if actions.is_empty() {
                break;
            }
        }
        actions
    }

    /// The knowledge sets the system can be in after the environment answers action `a` in
    /// knowledge set `k`: for each observation `o` that some successor has, the pair
    /// `(o, successors with observation o that have not reached the target)`. An empty set
    /// means every play with that observation has reached the target.
    pub fn successors(&self, k: &LocationSet, a: u32) -> Vec<(u32, LocationSet)> {
        let n = self.num_locations();
        let mut by_observation: Vec<(u32, LocationSet)> = Vec::new();
        for l in k.iter() {
            for t in self.post(l, a) {
                let o = self.observation(t);
                let slot = match by_observation.iter().position(|(p, _)| *p == o) {
                    Some(i) => i,
                    None => {
                        by_observation.push((o, LocationSet::empty(n)));
                        by_observation.len() - 1
                    }
                };
                if !self.target.contains(t) {
                    by_observation[slot].1.insert(t);
                }
            }
        }
        by_observation.sort_unstable_by_key(|(o, _)| *o);
        by_observation
    }

    /// The initial knowledge sets: the initial locations grouped by observation, without those
    /// in the target. Empty sets (all plays of an observation already won) are left out.
    pub fn initial_knowledge(&self) -> Vec<LocationSet> {
        let mut sets: Vec<LocationSet> = Vec::new();
        for o in 0..self.num_observations() as u32 {
            let mut k = self.initial.intersection(self.class(o));
            k.subtract(&self.target);
            if !k.is_empty() {
                sets.push(k);
            }
        }
        sets
    }

    /// Whether the nonempty knowledge set `k` loses at once: it holds an unsafe location, or no
    /// action is available at all its locations.
    pub fn losing_at_once(&self, k: &LocationSet) -> bool {
        !k.is_subset(&self.safe) || self.common_actions(k).is_empty()
    }

    /// The observation of the nonempty knowledge set `k` (all its locations share it).
    pub fn observation_of(&self, k: &LocationSet) -> u32 {
        k.iter().next().map_or(0, |l| self.observation(l))
    }

    /// The names of the locations of `k`, as `{a, b}`.
    pub fn show(&self, k: &LocationSet) -> String {
        let names: Vec<&str> = k.iter().map(|l| self.location_name(l)).collect();
        format!("{{{}}}", names.join(", "))
    }
}

/// An observation-based strategy of the system: a list of (knowledge set, action) rules. At
/// knowledge set `K` the system plays the action of the rule whose set is exactly `K`, or else
/// of the first rule whose set contains `K` (rules are listed so that this wins).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KnowledgeStrategy {
    /// The rules, in the order they are tried.
    pub rules: Vec<(LocationSet, u32)>,
}

impl KnowledgeStrategy {
    /// An index of the rules, to look actions up fast.
    pub fn lookup(&self) -> StrategyLookup<'_> {
        let mut exact = HashMap::with_capacity(self.rules.len());
        for (k, a) in &self.rules {
            exact.entry(k).or_insert(*a);
        }
        StrategyLookup {
            rules: &self.rules,
            exact,
        }
    }
}

/// The rules of a [`KnowledgeStrategy`], indexed by their sets.
pub struct StrategyLookup<'a> {
    rules: &'a [(LocationSet, u32)],
    exact: HashMap<&'a LocationSet, u32>,
}

impl StrategyLookup<'_> {
    /// The action the strategy plays at `k`, if it covers `k`: the rule for exactly `k`, or
    /// else the first rule whose set contains `k`.
    pub fn action(&self, k: &LocationSet) -> Option<u32> {
        self.exact.get(k).copied().or_else(|| {
            self.rules
                .iter()
                .find(|(s, _)| k.is_subset(s))
                .map(|&(_, a)| a)
        })
    }
}

/// The environment's counter-strategy: for each knowledge set and action of the system that it
/// must answer, the observation it shows next. Together with the losing knowledge sets it is
/// a spoiling tree: followed from the initial knowledge set, every play loses for the system.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Spoiler {
    /// The initial knowledge set the environment starts from.
    pub start: Option<LocationSet>,
    /// (knowledge set, action) → observation.
    pub answers: Vec<((LocationSet, u32), u32)>,
}

impl Spoiler {
    /// The answers, indexed by knowledge set and action.
    pub fn lookup(&self) -> HashMap<(&LocationSet, u32), u32> {
        self.answers
            .iter()
            .map(|((k, a), o)| ((k, *a), *o))
            .collect()
    }
}

/// What a solver counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Knowledge sets built (knowledge game), or the size of the final antichain of winning
    /// knowledge sets (antichains).
    pub knowledge_sets: u64,
    /// The largest antichain of a fixpoint iteration (antichains only).
    pub max_antichain: u64,
    /// Fixpoint iterations (antichains) or solver iterations (knowledge game).
    pub iterations: u64,
}

/// The answer of a solver: the winner and a witness when the solver gives one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Who wins from the initial locations.
    pub winner: Side,
    /// A winning observation-based strategy of the system, when it wins.
    pub strategy: Option<KnowledgeStrategy>,
    /// A spoiling strategy of the environment, when it wins.
    pub spoiler: Option<Spoiler>,
    /// Counters.
    pub stats: Stats,
}
