//! Fixpoint iteration with distractions (T. van Dijk and B. Rubbens, *Simple fixpoint iteration to
//! solve parity games*, GandALF 2019), the distraction form of the fixpoint-iteration algorithm
//! studied by F. Bruse, M. Falk and M. Lange (*The fixpoint-iteration algorithm for parity
//! games*, GandALF 2014).
//!
//! Every vertex is first assumed to be won by the player of its priority's parity. A vertex of
//! priority p is a *distraction* when, under the current assumptions, the other player wins its
//! one step: its owner can move to (or, for the opponent's owner, must move to) a vertex currently
//! won by that other player. The levels of priorities are scanned from low to high; at the first
//! level where new distractions appear they are marked, every vertex of a lower priority is reset
//! (its distraction mark cleared), and the scan restarts at priority 0. When a scan finds nothing,
//! the assumptions are a fixpoint: a vertex is won by the parity of its priority, flipped when it is
//! a distraction. This is the nested fixpoint of the game's hierarchical boolean equation system,
//! computed innermost first with the inner levels reset whenever an outer level changes.
//!
//! With [`Config::freeze`] (the default, the paper's freezing optimisation) a change at level p
//! resets only the lower vertices currently won by the player of p's parity; those won by the
//! player who gained at p stay won by him while p's level keeps growing, so they are *frozen* at
//! p (not re-evaluated) and thawed, with their mark cleared, only when a higher level of the
//! other parity changes.
//!
//! Strategies: a distraction's owner (when he wins it) keeps the move by which it became one; a
//! vertex won by the player of its priority's parity moves to a successor it won by in the last
//! scan. These one-step choices alone need not form winning strategies (Bruse, Falk and Lange show
//! that fixpoint iteration yields only eventually-positional strategies in general), so the
//! solver checks each player's choices inside his region (the same cycle test as the verifier)
//! and, for a player whose choices do not pass, derives a strategy inside his winning region by
//! the attractor decomposition described in `winning_strategy`.
//!
//! Priorities are compressed first ([`super::compress`]).
//!
//! # Complexity
//! A scan costs O(n + m); level p can gain at most |V_p| distractions between two resets, so
//! there are at most ∏_p (|V_p| + 1) scans: O((n + m) (n/d + 1)^d) for d priorities, exponential
//! in d, with no attractor computations. Deriving a strategy, when needed, is exponential in the
//! worst case as well.
//!
//! # Example
//! ```
//! use kalmar_core::{Builder, Certificate, Owner, Player};
//! use kalmar_parity::{fpi, ParityGame, Stats};
//! let mut b = Builder::new(2);
//! let u = b.add_vertex(Owner::Player(Player(0)));
//! let w = b.add_vertex(Owner::Player(Player(0)));
//! b.add_edge(u, u);
//! b.add_edge(u, w);
//! b.add_edge(w, w);
//! // Even leaves u (priority 1) for w (priority 2) and wins both.
//! let game = ParityGame::new(b.build().unwrap(), vec![1, 2]).unwrap();
//! let solution = fpi::solve(&game, &mut Stats::default());
//! assert_eq!(solution.winner, vec![Player(0), Player(0)]);
//! assert!(solution.verify(&game).is_ok());
//! ```

use super::{ParityGame, ParitySolution, Stats, complete};
use kalmar_core::scc::strongly_connected_components;
use kalmar_core::{Arena, Builder, Edge, Owner, Player, Vertex};

/// Options of the fixpoint iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Freeze the lower vertices won by the player who gained at a level instead of resetting
    /// them (van Dijk and Rubbens' freezing optimisation).
    pub freeze: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config { freeze: true }
    }
}

/// Solves `game` by fixpoint iteration with distractions and freezing.
pub fn solve(game: &ParityGame, stats: &mut Stats) -> ParitySolution {
    solve_with(game, Config::default(), stats)
}

/// Solves `game` by fixpoint iteration with distractions, as `config` says.
pub fn solve_with(game: &ParityGame, config: Config, stats: &mut Stats) -> ParitySolution {
    let game = &super::compress::compress(game);
    let arena = game.arena();
    let n = arena.num_vertices();
    let mut fpi = Fpi::new(game);
    fpi.run(config.freeze, stats);
    let winner: Vec<Player> = (0..n).map(|v| fpi.winner(v)).collect();
    let mut choice = fpi.choice;
    for p in [Player(0), Player(1)] {
        // The one-step choices of p in his region, kept when they win it.
        let region: Vec<Vertex> = arena
            .vertices()
            .filter(|&v| winner[v.index()] == p)
            .collect();
        if !wins_by(game, &winner, &choice, p, &region) {
            winning_strategy(game, p, &region, &mut choice, stats);
        }
    }
    ParitySolution {
        winner,
        strategy: complete(arena, choice),
    }
}

/// The state of the iteration: the vertices grouped by priority, the distraction marks, the
/// freezing levels and the one-step choices.
struct Fpi<'a> {
    arena: &'a Arena,
    /// The vertices sorted by priority; level p is `order[start[p]..start[p + 1]]`.
    order: Vec<Vertex>,
    start: Vec<usize>,
    /// Per vertex: the parity of its priority (0 even, 1 odd).
    parity: Vec<u8>,
    distraction: Vec<bool>,
    /// Per vertex: the level it is frozen at, 0 when not frozen (nothing freezes at level 0).
    frozen: Vec<u32>,
    /// Per vertex: the edge of its owner's last winning one-step choice.
    choice: Vec<Option<Edge>>,
}

impl<'a> Fpi<'a> {
    fn new(game: &'a ParityGame) -> Self {
        let arena = game.arena();
        let n = arena.num_vertices();
        let d = game.max_priority() as usize;
        // Counting sort by priority.
        let mut start = vec![0usize; d + 2];
        for v in arena.vertices() {
            start[game.priority(v) as usize + 1] += 1;
        }
        for p in 0..=d {
            start[p + 1] += start[p];
        }
        let mut fill = start.clone();
        let mut order = vec![Vertex(0); n];
        for v in arena.vertices() {
            let p = game.priority(v) as usize;
            order[fill[p]] = v;
            fill[p] += 1;
        }
        Fpi {
            arena,
            order,
            start,
            parity: arena
                .vertices()
                .map(|v| (game.priority(v) % 2) as u8)
                .collect(),
            distraction: vec![false; n],
            frozen: vec![0; n],
            choice: vec![None; n],
        }
    }

    /// The player currently assumed to win vertex `v`.
    #[inline]
    fn winner(&self, v: usize) -> Player {
        Player(self.parity[v] ^ u8::from(self.distraction[v]))
    }

    /// The main loop: scan the levels from low to high, restarting after every change.
    fn run(&mut self, freeze: bool, stats: &mut Stats) {
        let levels = self.start.len() - 1;
        stats.iterations = 1;
        let mut p = 0;
        while p < levels {
            if self.update_level(p) == 0 {
                p += 1;
                continue;
            }
            stats.iterations += 1;
            if p > 0 {
                let below = self.start[p];
                if freeze {
                    self.freeze_thaw_reset(below, p as u32);
                } else {
                    for i in 0..below {
                        let v = self.order[i].index();
                        self.distraction[v] = false;
                    }
                }
                p = 0;
            }
        }
    }

    /// Evaluates the one step of every vertex of level `p` that is neither a distraction nor
    /// frozen, marks the new distractions and returns how many there are.
    fn update_level(&mut self, p: usize) -> usize {
        let arena = self.arena;
        let mut found = 0;
        for i in self.start[p]..self.start[p + 1] {
            let v = self.order[i];
            let vi = v.index();
            if self.distraction[vi] || self.frozen[vi] != 0 {
                continue;
            }
            let Owner::Player(owner) = arena.owner(v) else {
                continue;
            };
            // The owner wins the step when he can move to a vertex he currently wins.
            let good = arena
                .out_edges(v)
                .find(|&e| self.winner(arena.target(e).index()) == owner);
            let one_step = match good {
                Some(e) => {
                    self.choice[vi] = Some(e);
                    owner
                }
                None => owner.opponent(),
            };
            if one_step.0 != self.parity[vi] {
                self.distraction[vi] = true;
                found += 1;
            }
        }
        found
    }

    /// After new distractions at level `p` (the first `below` vertices of `order` have lower
    /// priorities): the lower vertices won by the player who gained there are frozen at `p`, the
    /// others reset; vertices frozen at a lower level for the other player thaw and reset.
    fn freeze_thaw_reset(&mut self, below: usize, p: u32) {
        // Distractions at level p are won by `gainer`.
        let gainer = 1 - (p % 2) as u8;
        for i in 0..below {
            let v = self.order[i].index();
            let level = self.frozen[v];
            if level >= p {
                continue;
            }
            if level != 0 {
                if 1 - (level % 2) as u8 == gainer {
                    self.frozen[v] = p;
                } else {
                    self.frozen[v] = 0;
                    self.distraction[v] = false;
                }
            } else if self.winner(v).0 == gainer {
                self.frozen[v] = p;
            } else {
                self.distraction[v] = false;
            }
        }
    }
}

/// Whether `player` wins every vertex of `region` by following `choice` there: `choice` stays in
/// the region, and every cycle of the region under it has a largest priority of `player`'s parity
/// (the test of the verifier, [`super::verify`]). The opponent's moves are assumed to stay in the
/// region (it is his trap when the winners are right).
fn wins_by(
    game: &ParityGame,
    winner: &[Player],
    choice: &[Option<Edge>],
    player: Player,
    region: &[Vertex],
) -> bool {
    let arena = game.arena();
    let n = arena.num_vertices();
    let moves = |v: Vertex| -> Vec<Vertex> {
        match arena.owner(v) {
            Owner::Player(q) if q == player => choice[v.index()]
                .map(|e| arena.target(e))
                .into_iter()
                .collect(),
            _ => arena.successors(v).to_vec(),
        }
    };
    for &v in region {
        if arena.owner(v) == Owner::Player(player) {
            match choice[v.index()] {
                Some(e) if winner[arena.target(e).index()] == player => {}
                _ => return false,
            }
        }
    }
    let mut local = vec![u32::MAX; n];
    let mut pending = vec![region.to_vec()];
    while let Some(set) = pending.pop() {
        for (i, &v) in set.iter().enumerate() {
            local[v.index()] = i as u32;
        }
        let adjacency: Vec<Vec<Vertex>> = set
            .iter()
            .map(|&v| {
                moves(v)
                    .into_iter()
                    .filter(|w| local[w.index()] != u32::MAX)
                    .map(|w| Vertex(local[w.index()]))
                    .collect()
            })
            .collect();
        let components =
            strongly_connected_components(set.len(), |v, i| adjacency[v.index()].get(i).copied());
        let mut members: Vec<Vec<usize>> = vec![Vec::new(); components.count()];
        for i in 0..set.len() {
            members[components.of(Vertex::new(i))].push(i);
        }
        for &v in &set {
            local[v.index()] = u32::MAX;
        }
        for component in members {
            let cyclic =
                component.len() > 1 || adjacency[component[0]].contains(&Vertex::new(component[0]));
            if !cyclic {
                continue;
            }
            let top = component
                .iter()
                .map(|&i| game.priority(set[i]))
                .max()
                .unwrap_or(0);
            if top % 2 != u32::from(player.0) {
                return false;
            }
            let rest: Vec<Vertex> = component
                .iter()
                .map(|&i| set[i])
                .filter(|&v| game.priority(v) != top)
                .collect();
            if !rest.is_empty() {
                pending.push(rest);
            }
        }
    }
    true
}

/// A winning strategy for `player` inside `region`, which he wins from every vertex and which
/// his opponent cannot leave, written into `choice` at his vertices there: the region is taken as
/// a game of its own (his moves that leave it dropped) and solved by Zielonka's attractor
/// recursion ([`super::zlk`]), whose strategy for him wins the whole of it.
fn winning_strategy(
    game: &ParityGame,
    player: Player,
    region: &[Vertex],
    choice: &mut [Option<Edge>],
    stats: &mut Stats,
) {
    let arena = game.arena();
    let mut local = vec![u32::MAX; arena.num_vertices()];
    let mut b = Builder::new(2);
    for (i, &v) in region.iter().enumerate() {
        local[v.index()] = i as u32;
        b.add_vertex(arena.owner(v));
    }
    // The edges of the part, and for each the edge of the game it stands for.
    let mut original = Vec::new();
    for &v in region {
        for e in arena.out_edges(v) {
            let w = local[arena.target(e).index()];
            if w != u32::MAX {
                b.add_edge(Vertex(local[v.index()]), Vertex(w));
                original.push(e);
            }
        }
    }
    let Ok(part) = b.build() else {
        return;
    };
    let priority = region.iter().map(|&v| game.priority(v)).collect();
    let Ok(part) = ParityGame::new(part, priority) else {
        return;
    };
    let mut inner = Stats::default();
    let solution = super::zlk::solve(&part, &mut inner);
    stats.attractors += inner.attractors;
    for (i, &v) in region.iter().enumerate() {
        if arena.owner(v) == Owner::Player(player) {
            let x = Vertex::new(i);
            if let Some(e) = solution.strategy.get(x) {
                // The part's edges are numbered in the order they were added.
                choice[v.index()] = Some(original[e.index()]);
            }
        }
    }
}
