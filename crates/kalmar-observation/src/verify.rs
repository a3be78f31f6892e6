//! Independent checks of the witnesses: a claimed winning strategy of the system is replayed
//! against every behaviour of the environment on the original game, and a claimed spoiler of
//! the environment against every behaviour of the system. Neither trusts a solver.
//!
//! Replaying a system strategy from the initial locations, the system's knowledge set after
//! each observation is computed from the game's transitions; the strategy is asked for its
//! action there, which must be available at every location the game can be in. This gives the
//! finite graph of knowledge sets the strategy can meet. Every play of the game consistent with
//! the strategy follows a path of that graph and every path comes from such a play, so the
//! strategy wins exactly when no knowledge set on the graph holds an unsafe location and no
//! cycle of it has an odd largest priority (plays that reach the target leave the knowledge
//! sets; an empty one is won). A spoiler is checked the same way with the roles exchanged.
//!
//! # Complexity
//! Linear in the size of the graph of knowledge sets met (times the cost of one knowledge-set
//! step), plus one strongly-connected-components pass per priority.
//!
//! ```
//! use kalmar_observation::{KnowledgeStrategy, cerny, knowledge, verify};
//! let game = cerny::cerny(3);
//! let strategy = knowledge::solve(&game).strategy.unwrap();
//! verify(&game, &strategy).unwrap();
//! // Playing the risky action `c` everywhere loses.
//! let risky = KnowledgeStrategy { rules: vec![(game.initial().clone(), 2)] };
//! assert!(verify(&game, &risky).is_err());
//! ```

use super::{KnowledgeStrategy, LocationSet, ObservationGame, Spoiler};
use foldhash::HashMap;
use kalmar_core::scc::strongly_connected_components;
use kalmar_core::{Certificate, VerifyError, Vertex};

/// The graph of knowledge sets met while replaying a witness.
#[derive(Default)]
struct Replay {
    sets: Vec<LocationSet>,
    index: HashMap<LocationSet, usize>,
    successors: Vec<Vec<usize>>,
}

impl Replay {
    fn intern(&mut self, k: LocationSet) -> usize {
        if let Some(&i) = self.index.get(&k) {
            return i;
        }
        self.index.insert(k.clone(), self.sets.len());
        self.sets.push(k);
        self.successors.push(Vec::new());
        self.sets.len() - 1
    }

    /// A cycle reachable in the graph whose largest priority has parity `parity`, as its
    /// largest priority and a knowledge set on it.
    fn cycle_with_parity(&self, game: &ObservationGame, parity: u32) -> Option<(u32, usize)> {
        let priority: Vec<u32> = self
            .sets
            .iter()
            .map(|k| game.priority(game.observation_of(k)))
            .collect();
        let mut candidates: Vec<u32> = priority
            .iter()
            .copied()
            .filter(|p| p % 2 == parity)
            .collect();
        candidates.sort_unstable();
        candidates.dedup();
        for p in candidates {
            let keep = |v: usize| priority[v] <= p;
            let succ = |v: Vertex, i: usize| -> Option<Vertex> {
                if !keep(v.index()) {
                    return None;
                }
                self.successors[v.index()]
                    .iter()
                    .filter(|&&w| keep(w))
                    .nth(i)
                    .map(|&w| Vertex::new(w))
            };
            let components = strongly_connected_components(self.sets.len(), succ);
            let members = components.members();
            for c in members.iter() {
                let Some(&top) = c.iter().find(|v| priority[v.index()] == p) else {
                    continue;
                };
                let v = top.index();
                let cyclic = c.len() > 1 || self.successors[v].contains(&v);
                if cyclic && keep(v) {
                    return Some((p, v));
                }
            }
        }
        None
    }
}

impl Certificate<ObservationGame> for KnowledgeStrategy {
    fn verify(&self, game: &ObservationGame) -> Result<(), VerifyError> {
        verify(game, self)
    }
}

impl Certificate<ObservationGame> for Spoiler {
    fn verify(&self, game: &ObservationGame) -> Result<(), VerifyError> {
        verify_spoiler(game, self)
    }
}

/// Checks that `strategy` wins `game` for the system from the initial locations.
pub fn verify(game: &ObservationGame, strategy: &KnowledgeStrategy) -> Result<(), VerifyError> {
    let mut replay = Replay::default();
    let mut open: Vec<usize> = game
        .initial_knowledge()
        .into_iter()
        .map(|k| replay.intern(k))
        .collect();
    let mut done = vec![false; replay.sets.len()];
    let lookup = strategy.lookup();
    while let Some(i) = open.pop() {
        if done.get(i).copied().unwrap_or(false) {
            continue;
        }
        let k = replay.sets[i].clone();
        if let Some(l) = k.iter().find(|&l| !game.safe().contains(l)) {
            return Err(VerifyError::new(format!(
                "the environment can lead the play to the unsafe location {} (knowledge {})",
                game.location_name(l),
                game.show(&k)
            )));
        }
        let a = lookup.action(&k).ok_or_else(|| {
            VerifyError::new(format!(
                "the strategy has no move for the knowledge set {}",
                game.show(&k)
            ))
        })?;
        if a as usize >= game.num_actions() {
            return Err(VerifyError::new(format!(
                "the strategy plays action number {a}, which the game does not have"
            )));
        }
        if let Some(l) = k.iter().find(|&l| !game.available(l, a)) {
            return Err(VerifyError::new(format!(
                "at knowledge {} the strategy plays {}, which location {} does not allow",
                game.show(&k),
                game.action_name(a),
                game.location_name(l)
            )));
        }
        for (_, k2) in game.successors(&k, a) {
            if !k2.is_empty() {
                let j = replay.intern(k2);
                replay.successors[i].push(j);
                open.push(j);
            }
        }
        done.resize(replay.sets.len(), false);
        done[i] = true;
    }
    match replay.cycle_with_parity(game, 1) {
        Some((p, v)) => Err(VerifyError::new(format!(
            "the environment can keep the play forever on a cycle through knowledge {} whose \
             largest priority is {p}, odd",
            game.show(&replay.sets[v])
        ))),
        None => Ok(()),
    }
}

/// Checks that `spoiler` wins `game` for the environment: from its initial knowledge set, every
/// play against it, whatever the system does, loses for the system.
pub fn verify_spoiler(game: &ObservationGame, spoiler: &Spoiler) -> Result<(), VerifyError> {
    let initial = game.initial_knowledge();
    let start = spoiler
        .start
        .clone()
        .ok_or_else(|| VerifyError::new("the spoiler names no initial knowledge set"))?;
    if !initial.contains(&start) {
        return Err(VerifyError::new(format!(
            "the spoiler starts from {}, which is not an initial knowledge set",
            game.show(&start)
        )));
    }
    let mut replay = Replay::default();
    let mut open = vec![replay.intern(start)];
    let mut done = vec![false; 1];
    let answers = spoiler.lookup();
    while let Some(i) = open.pop() {
        if done.get(i).copied().unwrap_or(false) {
            continue;
        }
        let k = replay.sets[i].clone();
        done.resize(replay.sets.len(), false);
        done[i] = true;
        if game.losing_at_once(&k) {
            continue;
        }
        for a in game.common_actions(&k) {
            let o = answers.get(&(&k, a)).copied().ok_or_else(|| {
                VerifyError::new(format!(
                    "the spoiler does not answer {} at knowledge {}",
                    game.action_name(a),
                    game.show(&k)
                ))
            })?;
            let next = game
                .successors(&k, a)
                .into_iter()
                .find(|(p, k2)| *p == o && !k2.is_empty())
                .ok_or_else(|| {
                    VerifyError::new(format!(
                        "the spoiler answers {} at knowledge {} with observation {}, which the \
                         game cannot show there without the system having won",
                        game.action_name(a),
                        game.show(&k),
                        game.observation_name(o)
                    ))
                })?;
            let j = replay.intern(next.1);
            replay.successors[i].push(j);
            open.push(j);
        }
    }
    match replay.cycle_with_parity(game, 0) {
        Some((p, v)) => Err(VerifyError::new(format!(
            "the system can keep the play forever on a cycle through knowledge {} whose largest \
             priority is {p}, even",
            game.show(&replay.sets[v])
        ))),
        None => Ok(()),
    }
}
