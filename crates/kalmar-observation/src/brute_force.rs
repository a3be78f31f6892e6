//! Brute force over observation-based strategies, an exact cross-check of the solvers on tiny
//! games (for every objective: reachability, safety, Büchi, parity).
//!
//! # Why positional strategies on knowledge sets suffice
//! After any history the system's knowledge set is a function of what it has seen and done (the
//! observations and its own actions), so a map from knowledge sets to actions is an
//! observation-based strategy. Conversely, the knowledge game (see [`super::knowledge`]) is a
//! game of perfect information whose plays correspond to the plays of the game, with the same
//! observations and hence the same priorities, the same unsafe sets and the same visits of the
//! target; its objective is a parity objective (safety and reachability are parity objectives
//! once the won and lost positions are made sinks), and parity games are positionally
//! determined (Emerson and Jutla 1991). So the system wins exactly when some map from knowledge
//! sets to actions wins, and only the sets that the map itself meets from the initial ones
//! matter.
//!
//! # The enumeration
//! The search assigns an action (available at all of the set) to each knowledge set the
//! partial map meets, in every possible way, depth first. A set without such an action, or with
//! an unsafe location, ends the branch. Each complete map is checked against every behaviour of
//! the environment by solving the environment's one-player game on pairs *(location, knowledge
//! set)* with `location ∈ set`: the environment wins when it can reach a pair whose location is
//! unsafe or a cycle whose largest priority is odd. This check works on locations, unlike
//! [`super::verify()`], which works on knowledge sets.
//!
//! # Complexity
//! Up to `a^(2^n)` maps for `a` actions and `n` locations, each checked in time linear in the
//! `n·2^n` pairs: tiny games only. It is a test oracle, not a solver.
//!
//! ```
//! use kalmar_observation::{brute_force, cerny, verify};
//! let game = cerny::cerny(3);
//! let strategy = brute_force::solve(&game).expect("the system wins Černý's game");
//! verify(&game, &strategy).unwrap();
//! ```

use super::{KnowledgeStrategy, LocationSet, ObservationGame};
use foldhash::{HashMap, HashMapExt};
use kalmar_core::Vertex;
use kalmar_core::scc::strongly_connected_components;

/// A winning map from knowledge sets to actions for the system, if there is one (then the
/// system wins; otherwise the environment does). Its rules are exact: one per knowledge set
/// the strategy meets.
pub fn solve(game: &ObservationGame) -> Option<KnowledgeStrategy> {
    let mut map: Vec<(LocationSet, u32)> = Vec::new();
    search(game, &mut map)
}

/// The knowledge sets `map` meets from the initial ones, and the first one it has no action
/// for. `Err(())` when a set met loses at once.
fn first_open(
    game: &ObservationGame,
    map: &[(LocationSet, u32)],
) -> Result<Option<LocationSet>, ()> {
    let action: HashMap<&LocationSet, u32> = map.iter().map(|(k, a)| (k, *a)).collect();
    let mut seen: Vec<LocationSet> = Vec::new();
    let mut open = game.initial_knowledge();
    while let Some(k) = open.pop() {
        if seen.contains(&k) {
            continue;
        }
        if game.losing_at_once(&k) {
            return Err(());
        }
        let Some(&a) = action.get(&k) else {
            return Ok(Some(k));
        };
        open.extend(
            game.successors(&k, a)
                .into_iter()
                .map(|(_, k2)| k2)
                .filter(|k2| !k2.is_empty()),
        );
        seen.push(k);
    }
    Ok(None)
}

fn search(game: &ObservationGame, map: &mut Vec<(LocationSet, u32)>) -> Option<KnowledgeStrategy> {
    match first_open(game, map) {
        Err(()) => None,
        Ok(None) => wins(game, map).then(|| KnowledgeStrategy { rules: map.clone() }),
        Ok(Some(k)) => {
            for a in game.common_actions(&k) {
                map.push((k.clone(), a));
                if let Some(strategy) = search(game, map) {
                    return Some(strategy);
                }
                map.pop();
            }
            None
        }
    }
}

/// Whether the complete map wins against every behaviour of the environment: the one-player
/// game of the environment on (location, knowledge set) pairs has no reachable unsafe pair and
/// no reachable cycle with an odd largest priority.
fn wins(game: &ObservationGame, map: &[(LocationSet, u32)]) -> bool {
    let action: HashMap<&LocationSet, u32> = map.iter().map(|(k, a)| (k, *a)).collect();
    let mut index: HashMap<(u32, LocationSet), usize> = HashMap::new();
    let mut pairs: Vec<(u32, LocationSet)> = Vec::new();
    let mut successors: Vec<Vec<usize>> = Vec::new();
    let mut intern = |pair: (u32, LocationSet), pairs: &mut Vec<(u32, LocationSet)>| {
        *index.entry(pair.clone()).or_insert_with(|| {
            pairs.push(pair);
            pairs.len() - 1
        })
    };
    for k in game.initial_knowledge() {
        for l in k.iter() {
            intern((l, k.clone()), &mut pairs);
        }
    }
    let mut next = 0;
    while next < pairs.len() {
        let (l, k) = pairs[next].clone();
        if !game.safe().contains(l) {
            return false;
        }
        let a = action[&k];
        let mut out = Vec::new();
        for t in game.post(l, a) {
            if game.target().contains(t) {
                continue;
            }
            // What the system knows next: the successors it cannot tell from `t`.
            let o = game.observation(t);
            let k2 = LocationSet::of(
                game.num_locations(),
                k.iter()
                    .flat_map(|m| game.post(m, a))
                    .filter(|&u| game.observation(u) == o && !game.target().contains(u)),
            );
            out.push(intern((t, k2), &mut pairs));
        }
        successors.push(out);
        next += 1;
    }
    let priority: Vec<u32> = pairs
        .iter()
        .map(|(l, _)| game.priority(game.observation(*l)))
        .collect();
    // A cycle with odd top priority p: a nontrivial component of the pairs of priority ≤ p
    // through a pair of priority p.
    let mut odd: Vec<u32> = priority.iter().copied().filter(|p| p % 2 == 1).collect();
    odd.sort_unstable();
    odd.dedup();
    !odd.into_iter().any(|p| {
        let succ = |v: Vertex, i: usize| -> Option<Vertex> {
            if priority[v.index()] > p {
                return None;
            }
            successors[v.index()]
                .iter()
                .filter(|&&w| priority[w] <= p)
                .nth(i)
                .map(|&w| Vertex::new(w))
        };
        let components = strongly_connected_components(pairs.len(), succ);
        components.members().iter().any(|c| {
            c.iter().any(|v| {
                priority[v.index()] == p
                    && (c.len() > 1 || successors[v.index()].contains(&v.index()))
            })
        })
    })
}
