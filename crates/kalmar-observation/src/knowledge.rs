//! The knowledge game (subset construction): the perfect-information game whose positions are
//! the system's knowledge sets (Reif 1984; Chatterjee, Doyen, Henzinger and Raskin, LMCS 2007,
//! §3).
//!
//! At a knowledge set `K` the system chooses an action available at all of `K`; the environment
//! answers with the observation `o` of the next location, and the knowledge becomes the
//! successors of `K` by that action with observation `o`, less those in the target. The empty
//! set is won (every play reached the target); a set with an unsafe location, or without a
//! common action, is lost. The system wins the imperfect-information game exactly when it wins
//! the knowledge game from every initial knowledge set, and a winning positional strategy there
//! is an observation-based winning strategy (the knowledge set is a function of what the system
//! has seen and done).
//!
//! Only the knowledge sets reachable from the initial ones are built, breadth first. The game
//! is then an [`Arena`]: a vertex per knowledge set (the system's) and per (knowledge set,
//! action) pair (the environment's), with a won and a lost sink. Reachability objectives (all
//! priorities odd) are solved by the system's attractor of the won sink, safety objectives (all
//! priorities even) by the environment's attractor of the lost sink, and general parity
//! objectives by Zielonka's algorithm ([`kalmar_parity::zlk`]).
//!
//! # Complexity
//! The knowledge game has at most `2^n` sets for `n` locations, and that many are reachable on
//! some families ([`super::primes`], [`super::cerny`]). Building it costs O(`a·m`) per set
//! for `a` actions and `m` moves (the successors by each action, and a hash look-up per
//! successor set); the attractors are linear in its size, Zielonka's algorithm exponential in
//! the number of priorities. [`solve_within`] asks a budget before each set is expanded, so that
//! a [`MemoryGuard`](kalmar_core::memory::MemoryGuard) can stop an exploration that grows too
//! large.
//!
//! ```
//! use kalmar_observation::{Side, knowledge, primes, verify};
//! // Two cycles of lengths 2 and 3 that look alike: the system wins by counting to 6.
//! let game = primes::prime_cycles(2);
//! let solution = knowledge::solve(&game);
//! assert_eq!(solution.winner, Side::System);
//! verify(&game, solution.strategy.as_ref().unwrap()).unwrap();
//! ```

use super::{KnowledgeStrategy, LocationSet, ObservationGame, Side, Solution, Spoiler, Stats};
use foldhash::{HashMap, HashMapExt};
use kalmar_core::attractor::attractor;
use kalmar_core::memory::{Budget, Unlimited};
use kalmar_core::{Arena, Builder, Edge, Owner, Player, Vertex};
use kalmar_parity::ParityGame;

/// A vertex of the knowledge game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Node {
    /// Where the environment picks the initial knowledge set.
    Root,
    /// Every play has reached the target.
    Won,
    /// The system has lost.
    Lost,
    /// The system at knowledge set number `k`.
    Set(usize),
    /// The environment answering action `a` at knowledge set number `k`.
    Answer(usize, u32),
}

const ROOT: usize = 0;
const WON: usize = 1;
const LOST: usize = 2;

/// The explored knowledge game.
pub struct KnowledgeGame {
    /// The knowledge sets, numbered in the order they were found.
    pub sets: Vec<LocationSet>,
    nodes: Vec<Node>,
    /// Per knowledge set, its vertex.
    vertex_of_set: Vec<usize>,
    arena: Arena,
    priority: Vec<u32>,
}

impl KnowledgeGame {
    /// Builds the knowledge sets reachable from the initial ones, and the game on them.
    pub fn explore(game: &ObservationGame) -> KnowledgeGame {
        let Ok(explored) = Self::explore_within(game, &mut Unlimited);
        explored
    }

    /// [`KnowledgeGame::explore`], asking `budget` before each knowledge set is expanded.
    pub fn explore_within<B: Budget>(
        game: &ObservationGame,
        budget: &mut B,
    ) -> Result<KnowledgeGame, B::Error> {
        let mut nodes = vec![Node::Root, Node::Won, Node::Lost];
        let mut edges: Vec<(usize, usize)> = vec![(WON, WON), (LOST, LOST)];
        let mut sets: Vec<LocationSet> = Vec::new();
        let mut vertex_of_set: Vec<usize> = Vec::new();
        let mut index: HashMap<LocationSet, usize> = HashMap::new();
        let mut intern = |k: LocationSet,
                          nodes: &mut Vec<Node>,
                          sets: &mut Vec<LocationSet>,
                          vertex_of_set: &mut Vec<usize>|
         -> usize {
            if let Some(&i) = index.get(&k) {
                return vertex_of_set[i];
            }
            let i = sets.len();
            index.insert(k.clone(), i);
            sets.push(k);
            nodes.push(Node::Set(i));
            vertex_of_set.push(nodes.len() - 1);
            nodes.len() - 1
        };
        let initial = game.initial_knowledge();
        if initial.is_empty() {
            edges.push((ROOT, WON));
        }
        for k in initial {
            let v = intern(k, &mut nodes, &mut sets, &mut vertex_of_set);
            edges.push((ROOT, v));
        }
        let mut next = 0;
        while next < sets.len() {
            budget.step()?;
            let k = sets[next].clone();
            let from = vertex_of_set[next];
            let actions = if k.is_subset(game.safe()) {
                game.common_actions(&k)
            } else {
                Vec::new()
            };
            if actions.is_empty() {
                edges.push((from, LOST));
            }
            for a in actions {
                nodes.push(Node::Answer(next, a));
                let answer = nodes.len() - 1;
                edges.push((from, answer));
                let mut open = false;
                for (_, k2) in game.successors(&k, a) {
                    if !k2.is_empty() {
                        open = true;
                        let to = intern(k2, &mut nodes, &mut sets, &mut vertex_of_set);
                        edges.push((answer, to));
                    }
                }
                if !open {
                    edges.push((answer, WON));
                }
            }
            next += 1;
        }
        let mut b = Builder::new(2);
        b.reserve(nodes.len(), edges.len());
        let mut priority = Vec::with_capacity(nodes.len());
        for node in &nodes {
            let (owner, p) = match *node {
                Node::Won => (Player::MAX, 0),
                Node::Set(i) => (Player::MAX, game.priority(game.observation_of(&sets[i]))),
                Node::Lost => (Player::MIN, 1),
                Node::Root | Node::Answer(..) => (Player::MIN, 0),
            };
            b.add_vertex(Owner::Player(owner));
            priority.push(p);
        }
        for (from, to) in edges {
            b.add_edge(Vertex::new(from), Vertex::new(to));
        }
        let arena = b
            .build()
            .expect("every vertex of the knowledge game has a move");
        Ok(KnowledgeGame {
            sets,
            nodes,
            vertex_of_set,
            arena,
            priority,
        })
    }

    /// The number of vertices of the game (knowledge sets, answers and three more).
    pub fn num_vertices(&self) -> usize {
        self.arena.num_vertices()
    }

    /// Solves the game: who wins at each vertex, and the chosen edge of each player where it
    /// wins.
    fn solve(&self, stats: &mut Stats) -> (Vec<bool>, Vec<Option<Edge>>, Option<Vec<u32>>) {
        let arena = &self.arena;
        let n = arena.num_vertices();
        let set_priorities = || self.vertex_of_set.iter().map(|&v| self.priority[v]);
        if set_priorities().all(|p| p % 2 == 1) {
            // Reachability: the system must force the won sink.
            let mut target = vec![false; n];
            target[WON] = true;
            let attr = attractor(arena, Player::MAX, &target, None);
            let mut choice = attr.strategy;
            for v in arena.vertices() {
                if !attr.region[v.index()] && arena.owner(v) == Owner::Player(Player::MIN) {
                    choice[v.index()] = arena
                        .out_edges(v)
                        .find(|&e| !attr.region[arena.target(e).index()]);
                }
            }
            (attr.region, choice, Some(attr.distance))
        } else if set_priorities().all(|p| p % 2 == 0) {
            // Safety: the system must avoid the lost sink.
            let mut target = vec![false; n];
            target[LOST] = true;
            let attr = attractor(arena, Player::MIN, &target, None);
            let mut choice = attr.strategy;
            let region: Vec<bool> = attr.region.iter().map(|&x| !x).collect();
            for v in arena.vertices() {
                if region[v.index()] && arena.owner(v) == Owner::Player(Player::MAX) {
                    choice[v.index()] = arena
                        .out_edges(v)
                        .find(|&e| region[arena.target(e).index()]);
                }
            }
            (region, choice, None)
        } else {
            let parity_game = ParityGame::new(arena.clone(), self.priority.clone())
                .expect("the knowledge game is a two-player game without dead ends");
            let mut parity_stats = kalmar_parity::Stats::default();
            let solution = kalmar_parity::zlk::solve(&parity_game, &mut parity_stats);
            stats.iterations = parity_stats.iterations;
            let region = solution.winner.iter().map(|&p| p == Player::MAX).collect();
            let choice = arena.vertices().map(|v| solution.strategy.get(v)).collect();
            (region, choice, None)
        }
    }

    /// The vertices reachable from the root when the player `fixed` follows `choice` and the
    /// other player moves anywhere, in the order found.
    fn reachable(&self, fixed: Player, choice: &[Option<Edge>]) -> Vec<usize> {
        let arena = &self.arena;
        let mut seen = vec![false; arena.num_vertices()];
        let mut order = vec![ROOT];
        seen[ROOT] = true;
        let mut next = 0;
        while next < order.len() {
            let v = Vertex::new(order[next]);
            next += 1;
            let mut visit = |w: Vertex| {
                if !seen[w.index()] {
                    seen[w.index()] = true;
                    order.push(w.index());
                }
            };
            if arena.owner(v) == Owner::Player(fixed) {
                if let Some(e) = choice[v.index()] {
                    visit(arena.target(e));
                }
            } else {
                arena.successors(v).iter().copied().for_each(visit);
            }
        }
        order
    }
}

/// Decides `game` by building and solving its knowledge game; the witness is a winning
/// strategy of the system on the knowledge sets it can reach, or the environment's spoiler.
///
/// ```
/// use kalmar_observation::{GameBuilder, Side, knowledge};
/// // The system must guess a hidden bit: it cannot, so it loses.
/// let mut b = GameBuilder::new();
/// let hidden = b.add_observation("hidden", 1);
/// let goal = b.add_observation("goal", 1);
/// let [guess0, guess1] = [b.add_action("0"), b.add_action("1")];
/// let zero = b.add_location("zero", hidden);
/// let one = b.add_location("one", hidden);
/// let win = b.add_location("win", goal);
/// let lose = b.add_location("lose", goal);
/// b.add_move(zero, guess0, win); b.add_move(zero, guess1, lose);
/// b.add_move(one, guess1, win); b.add_move(one, guess0, lose);
/// b.add_move(lose, guess0, lose);
/// b.add_initial(zero); b.add_initial(one); b.add_target(win);
/// let solution = knowledge::solve(&b.build().unwrap());
/// assert_eq!(solution.winner, Side::Environment);
/// ```
pub fn solve(game: &ObservationGame) -> Solution {
    let Ok(solution) = solve_within(game, &mut Unlimited);
    solution
}

/// [`solve`], asking `budget` before each knowledge set is expanded: the knowledge game can
/// have 2^n sets, and a [`MemoryGuard`](kalmar_core::memory::MemoryGuard) stops it cleanly.
pub fn solve_within<B: Budget>(
    game: &ObservationGame,
    budget: &mut B,
) -> Result<Solution, B::Error> {
    let kg = KnowledgeGame::explore_within(game, budget)?;
    let mut stats = Stats {
        knowledge_sets: kg.sets.len() as u64,
        ..Stats::default()
    };
    let (region, choice, distance) = kg.solve(&mut stats);
    let arena = &kg.arena;
    if region[ROOT] {
        let mut rules: Vec<(u32, LocationSet, u32)> = kg
            .reachable(Player::MAX, &choice)
            .into_iter()
            .filter_map(|v| match kg.nodes[v] {
                Node::Set(i) => {
                    let e = choice[v]?;
                    let Node::Answer(_, a) = kg.nodes[arena.target(e).index()] else {
                        return None;
                    };
                    let rank = distance.as_ref().map_or(0, |d| d[v]);
                    Some((rank, kg.sets[i].clone(), a))
                }
                _ => None,
            })
            .collect();
        // Fewest moves to the target first, so that a rule found by inclusion makes progress.
        rules.sort_by_key(|(rank, _, _)| *rank);
        let rules = rules.into_iter().map(|(_, k, a)| (k, a)).collect();
        Ok(Solution {
            winner: Side::System,
            strategy: Some(KnowledgeStrategy { rules }),
            spoiler: None,
            stats,
        })
    } else {
        let mut spoiler = Spoiler::default();
        for v in kg.reachable(Player::MIN, &choice) {
            let Some(e) = choice[v] else { continue };
            let to = kg.nodes[arena.target(e).index()];
            match (kg.nodes[v], to) {
                (Node::Root, Node::Set(j)) => spoiler.start = Some(kg.sets[j].clone()),
                (Node::Answer(i, a), Node::Set(j)) => {
                    let o = game.observation_of(&kg.sets[j]);
                    spoiler.answers.push(((kg.sets[i].clone(), a), o));
                }
                _ => {}
            }
        }
        Ok(Solution {
            winner: Side::Environment,
            strategy: None,
            spoiler: Some(spoiler),
            stats,
        })
    }
}
