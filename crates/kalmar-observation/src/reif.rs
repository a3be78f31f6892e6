//! Reif's procedure for games of incomplete information (J. H. Reif, *The complexity of
//! two-player games of incomplete information*, JCSS 1984), as the note of seed 000 states it,
//! and the check of the model assumption under which it is right.
//!
//! The procedure runs on an alternating machine. It keeps the set `P` of positions the system
//! considers possible. At the system's turn it rejects if some position of `P` is a dead end,
//! and otherwise *existentially* chooses an observation `v` among those of the successors of
//! `P`; at the environment's turn it accepts if every position of `P` is a dead end, and
//! otherwise *universally* chooses `v`. Then `P` becomes the successors with observation `v`.
//!
//! The existential choice is optimistic: the system may choose an observation that only some
//! positions of `P` can move to, as if it knew which one it is at. The note's example
//! ([`note_example`]) shows the procedure accepting a game the environment wins. It is right
//! when the positions of one observation offer the same observations of successors, Reif's
//! model assumption, which [`check_assumption`] tests, naming the positions that break it
//! (then the system's choices are exactly its moves in the knowledge game).
//!
//! On cyclic graphs the machine may run forever; as the note proposes, the loop is bounded.
//! The bound is the number of distinct sets `P` the procedure can reach: an accepting run that
//! repeats a set can be shortened, so this bound gives the same answer as an unbounded run
//! that accepts only finite runs. The note's own bound, the number of positions, is too small:
//! when the system must count (two cycles of lengths 2 and 5 that look alike, left together
//! after 10 rounds), the shortest accepting run is longer than the game has positions. The machine is evaluated exactly, as the reachability game
//! of its existential choices on the graph of those sets ([`kalmar_core::attractor`]); the
//! accepting depth is the length of its longest accepting run.
//!
//! # Complexity
//! Linear in the size of the graph of reachable sets `P`, which has at most `2^n` sets for `n`
//! positions.
//!
//! ```
//! use kalmar_observation::{TurnBased, reif};
//! let game = TurnBased::from_graph(&reif::note_example()).unwrap();
//! // It accepts, although the environment wins; the assumption fails at cT and cB.
//! assert!(reif::run(&game, None).accept);
//! let violations = reif::check_assumption(&game);
//! assert_eq!((violations[0].first.as_str(), violations[0].second.as_str()), ("cT", "cB"));
//! ```

use super::TurnBased;
use foldhash::{HashMap, HashMapExt};
use kalmar_core::attractor::attractor;
use kalmar_core::format::GameGraph;
use kalmar_core::{Builder, Owner, Player, Vertex};

/// What Reif's procedure answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReifOutcome {
    /// ACCEPT (the procedure claims the system wins) or REJECT.
    pub accept: bool,
    /// The number of distinct sets `P` the procedure can reach (and the loop bound).
    pub sets: usize,
    /// When it accepts: the number of rounds of its longest accepting run.
    pub rounds: Option<u32>,
}

/// Runs Reif's procedure with the loop bounded by `bound` rounds (by default the number of
/// reachable sets `P`, which makes the bound harmless).
///
/// # Panics
/// If the game has priorities other than 1 (Reif's procedure is for the last-mover objective
/// only); [`crate::TurnBased::from_graph`] gives 1 to games without priorities.
pub fn run(game: &TurnBased, bound: Option<u32>) -> ReifOutcome {
    assert!(
        game.priority.iter().all(|&p| p == 1),
        "Reif's procedure decides last-mover games, without priorities"
    );
    let arena = &game.arena;
    let start = arena.start().expect("a turn-based game has a start");
    // Node 0 accepts, node 1 rejects; sets P are numbered from 2 with whose turn it is.
    let mut sets: Vec<(Vec<Vertex>, bool)> = Vec::new();
    let mut index: HashMap<(Vec<Vertex>, bool), usize> = HashMap::new();
    let mut edges: Vec<(usize, usize)> = Vec::new();
    let system_turn =
        |p: &[Vertex], mover_was_system: bool| match p.iter().find(|&&v| !arena.is_terminal(v)) {
            Some(&v) => game.is_system(v),
            None => !mover_was_system,
        };
    let first = vec![start];
    let turn = system_turn(&first, !game.is_system(start));
    index.insert((first.clone(), turn), 2);
    sets.push((first, turn));
    let mut next = 0;
    while next < sets.len() {
        let (p, system) = sets[next].clone();
        let from = next + 2;
        next += 1;
        let dead = p.iter().filter(|&&v| arena.is_terminal(v)).count();
        if system && dead > 0 {
            edges.push((from, 1));
            continue;
        }
        if !system && dead == p.len() {
            edges.push((from, 0));
            continue;
        }
        let mut successors: Vec<Vertex> = p
            .iter()
            .flat_map(|&v| arena.successors(v).iter().copied())
            .collect();
        successors.sort_unstable();
        successors.dedup();
        let mut observations: Vec<u32> = successors
            .iter()
            .map(|w| game.observation[w.index()])
            .collect();
        observations.sort_unstable();
        observations.dedup();
        for v in observations {
            let child: Vec<Vertex> = successors
                .iter()
                .copied()
                .filter(|w| game.observation[w.index()] == v)
                .collect();
            let turn = system_turn(&child, system);
            let key = (child, turn);
            let to = match index.get(&key) {
                Some(&i) => i,
                None => {
                    let i = sets.len() + 2;
                    index.insert(key.clone(), i);
                    sets.push(key);
                    i
                }
            };
            edges.push((from, to));
        }
    }
    let mut b = Builder::new(2);
    b.add_vertex(Owner::Terminal);
    b.add_vertex(Owner::Terminal);
    for (_, system) in &sets {
        b.add_vertex(Owner::Player(if *system {
            Player::MAX
        } else {
            Player::MIN
        }));
    }
    for (from, to) in edges {
        b.add_edge(Vertex::new(from), Vertex::new(to));
    }
    let graph = b.build().expect("every set P has a move or an answer");
    let mut accept = vec![false; graph.num_vertices()];
    accept[0] = true;
    let attr = attractor(&graph, Player::MAX, &accept, None);
    let bound = bound.unwrap_or(sets.len() as u32);
    let rounds = attr.distance[2];
    let accepted = attr.region[2] && rounds <= bound;
    ReifOutcome {
        accept: accepted,
        sets: sets.len(),
        rounds: accepted.then_some(rounds),
    }
}

/// Two system positions with one observation that offer different observations of successors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The shared observation.
    pub observation: String,
    /// The first position of that observation.
    pub first: String,
    /// A position that differs from it.
    pub second: String,
    /// Observations only the first can move to.
    pub only_first: Vec<String>,
    /// Observations only the second can move to.
    pub only_second: Vec<String>,
}

impl serde::Serialize for Violation {
    /// As `{"observation", "positions": [first, second], "only_first", "only_second"}`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(4))?;
        map.serialize_entry("observation", &self.observation)?;
        map.serialize_entry("positions", &[&self.first, &self.second])?;
        map.serialize_entry("only_first", &self.only_first)?;
        map.serialize_entry("only_second", &self.only_second)?;
        map.end()
    }
}

/// Checks Reif's model assumption: positions of the system with equal observations offer equal
/// sets of observations of their successors. Returns every system position that differs from
/// the first position of its observation. (Environment positions need not satisfy it: the
/// universal choice over all observations of successors is right for the environment, which
/// knows where it is.)
pub fn check_assumption(game: &TurnBased) -> Vec<Violation> {
    let arena = &game.arena;
    let offered = |v: Vertex| {
        let mut o: Vec<u32> = arena
            .successors(v)
            .iter()
            .map(|w| game.observation[w.index()])
            .collect();
        o.sort_unstable();
        o.dedup();
        o
    };
    let names = |os: Vec<u32>| -> Vec<String> {
        os.into_iter()
            .map(|o| game.observation_names[o as usize].clone())
            .collect()
    };
    let mut first: HashMap<u32, (Vertex, Vec<u32>)> = HashMap::new();
    let mut violations = Vec::new();
    for v in arena
        .vertices()
        .filter(|&v| game.is_system(v) && !arena.is_terminal(v))
    {
        let o = game.observation[v.index()];
        let here = offered(v);
        match first.get(&o) {
            None => {
                first.insert(o, (v, here));
            }
            Some((u, there)) if *there != here => {
                let only = |a: &[u32], b: &[u32]| -> Vec<u32> {
                    a.iter().copied().filter(|x| !b.contains(x)).collect()
                };
                violations.push(Violation {
                    observation: game.observation_names[o as usize].clone(),
                    first: arena.name(*u).into_owned(),
                    second: arena.name(v).into_owned(),
                    only_first: names(only(there, &here)),
                    only_second: names(only(&here, there)),
                });
            }
            Some(_) => {}
        }
    }
    violations
}

/// The note's counterexample, as a `.gg` game: the environment moves from `init` to `cT` or
/// `cB`, which the system sees alike (`c`); from `cT` the system moves to `c2`, a dead end of
/// the environment, from `cB` to `c3`, from which the environment moves to a dead end of the
/// system. The environment wins by going down; Reif's procedure accepts.
pub fn note_example() -> GameGraph {
    let text = "\
kalmar-gg 1
start init
init min -> cT cB
cT max obs=c -> c2
cB max obs=c -> c3
c2 terminal obs=c2
c3 min obs=c3 -> dead
dead terminal obs=dead
";
    kalmar_core::format::read_gg(text).expect("the note's example is a well-formed game")
}
