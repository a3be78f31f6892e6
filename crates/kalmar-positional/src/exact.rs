//! A Nash equilibrium in pure positional strategies, or the proof that there is none, by a
//! search with pruning rather than by trying every profile: the games with cycles of Andersson,
//! Gurvich and Hansen, *On Acyclicity of Games with Cycles*, with any number of players.
//!
//! A profile x with outcome a is an equilibrium when no player i can reach, against the others'
//! moves in x, an outcome it prefers to a (the certificate of [`crate::deviation`]). The search
//! fixes a first, then assigns one move at a time, depth first:
//!
//! 1. **the outcome**: `c` and every terminal are tried in turn as the outcome a of the play;
//! 2. **the play**: while the assigned moves lead from the start to a position without one,
//!    that position's move is chosen next, among the moves that can still end in a, the
//!    shortest way to a first;
//! 3. **the punishments**: once the play ends in a, a position off it is assigned where two
//!    players' punishments disagree (below), until none do.
//!
//! At every node each player i plays a game against the positions not yet assigned: i moves at
//! all its own positions (assigned or not: it may deviate), every other assigned position keeps
//! its move, and the other unassigned positions are adversaries. If i can force an outcome it
//! prefers to a, no completion is an equilibrium and the node is pruned. Whether it can is one
//! attractor: when i prefers `c` to a, i wins unless the adversaries force play into the
//! terminals i does not prefer (i then keeps play away from them forever, or ends in a better
//! one); otherwise i wins when it forces play into the terminals it prefers. Reachability and
//! safety games are determined with positional strategies, so when every position is assigned
//! (nothing adversarial is left) the test is exact: a leaf that passes is an equilibrium.
//!
//! The same attractors prune the play. Assigning moves only helps i (fixing an adversary's
//! move can only grow i's winning region), so if the play of a completion passed through a
//! position where i wins now, i would win from the start there too: it follows the play to that
//! position and forces its outcome from it. The play is therefore extended only through
//! positions where no player wins, and only while the outcome a is still reachable through
//! them (the goal terminal, or for `c` a way back onto the play or round a cycle).
//!
//! When i cannot win, the attractor also names the adversaries' moves that keep i from winning
//! (stay outside i's attractor; or move closer to the terminals i does not prefer), and the
//! positions reachable when i deviates and the adversaries keep to those moves are the ones i's
//! punishment needs. Once the play ends in a, assigning every unassigned position a move that
//! all the players who need it allow gives an equilibrium at once: each player's deviations
//! stay where its punishment holds. So the search branches only on a position where those sets
//! of moves have nothing in common (the moves allowed by most players first), and stops at the
//! first node without such a conflict. Every completion of a node falls under one of its
//! branches (a play's moves, or all the moves of the conflicting position), and every prune is
//! sound, so when the search ends without an equilibrium there is none.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_positional::{PositionalGame, deviation, exact};
//! let graph = read_gg("kalmar-gg 1\nplayers 3\ncycle (1,1,0)\na player0 -> b t\nb player1 -> c\n\
//!                      c player2 -> a u\nt terminal payoff=(0,0,2)\nu terminal payoff=(2,0,1)\n").unwrap();
//! let game = PositionalGame::from_graph(&graph).unwrap();
//! let searched = exact::solve(&game, 1000).unwrap();
//! let profile = searched.profile.expect("player 2 ends the play at u rather than loop");
//! assert!(deviation::check(&game, &profile).is_ok());
//! assert!(searched.nodes <= 1000);
//!
//! // Three players, one cycle (v1, v2), three terminals, the shape of the game of Boros,
//! // Gurvich, Milanič, Oudalov and Vičič (*A three-person deterministic graphical game without
//! // Nash equilibria*, 2018); this one was found by trying every game of that shape: it has no
//! // equilibrium, and the search proves it.
//! let graph = read_gg("kalmar-gg 1\nplayers 3\nstart v0\ncycle (3,3,0)\nv0 player1 -> v2 v3\n\
//!                      v1 player2 -> v2 a2\nv2 player0 -> v1 a1\nv3 player2 -> v1 a0\n\
//!                      a0 terminal payoff=(0,1,2)\na1 terminal payoff=(2,0,3)\n\
//!                      a2 terminal payoff=(1,2,1)\n").unwrap();
//! let game = PositionalGame::from_graph(&graph).unwrap();
//! assert!(exact::solve(&game, 1000).unwrap().profile.is_none());
//! ```
//!
//! # Complexity
//! The number of nodes is exponential in the worst case; each node costs O(k · (n + m)) for k
//! players, n positions and m moves: one attractor and one reachability sweep per player, and
//! one sweep toward the outcome while the play is open. The search refuses to visit more nodes
//! than the limit given.

use crate::PositionalGame;
use crate::play::{Outcome, chance_position};
use kalmar_core::{Arena, Edge, Strategy, Vertex};

/// The answer of the search.
#[derive(Clone, Debug)]
pub struct Searched {
    /// An equilibrium; None when the search proved there is none.
    pub profile: Option<Strategy>,
    /// The nodes visited (partial profiles tested).
    pub nodes: u64,
}

/// Why the search gives no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExactError {
    /// The node limit.
    #[error(
        "the exact search stopped at its limit of {0} partial profiles without an answer: raise \
         the limit (max_profiles)"
    )]
    Limit(u64),
    /// A chance position.
    #[error(
        "position {0} belongs to chance: games with cycles are solved without chance moves here"
    )]
    Chance(String),
}

/// An equilibrium of `game`, or the proof that it has none, visiting at most `limit` nodes.
pub fn solve(game: &PositionalGame, limit: u64) -> Result<Searched, ExactError> {
    if let Some(v) = chance_position(game) {
        return Err(ExactError::Chance(v));
    }
    let mut search = Search::new(game, limit);
    let arena = game.arena();
    let goals = std::iter::once(Outcome::Cycle).chain(
        arena
            .vertices()
            .filter(|&v| arena.is_terminal(v))
            .map(Outcome::Terminal),
    );
    for goal in goals {
        if let Some(profile) = search.run(goal)? {
            return Ok(Searched {
                profile: Some(profile),
                nodes: search.nodes,
            });
        }
    }
    Ok(Searched {
        profile: None,
        nodes: search.nodes,
    })
}

/// What a node comes to.
enum Node {
    /// No completion is an equilibrium.
    Pruned,
    /// Every completion by the punishments' moves is one: this one.
    Found(Strategy),
    /// The position to assign next, with its moves in the order to try.
    Branch(Vertex, Vec<Edge>),
}

/// Where the assigned moves lead from the start.
enum Walk {
    /// To an outcome.
    Ends(Outcome),
    /// To a position without a move yet.
    At(Vertex),
}

/// One branch in progress: a position and the moves left to try there.
struct Frame {
    vertex: Vertex,
    moves: Vec<Edge>,
    next: usize,
}

struct Search<'a> {
    arena: &'a Arena,
    start: Vertex,
    mover: Vec<Option<usize>>,
    /// Per player, the rank of each terminal's utility among the player's utilities.
    rank: Vec<Vec<u32>>,
    /// Per player, the rank of the cycle's utility.
    cycle_rank: Vec<u32>,
    /// Per player, its highest rank.
    top: Vec<u32>,
    goal: Outcome,
    assigned: Vec<Option<Edge>>,
    nodes: u64,
    limit: u64,
    // Scratch, per node.
    on_play: Vec<bool>,
    play: Vec<Vertex>,
    region: Vec<bool>,
    distance: Vec<u32>,
    remaining: Vec<u32>,
    reached: Vec<bool>,
    queue: Vec<Vertex>,
    /// The positions from which some player wins at this node: never on the play.
    forbidden: Vec<bool>,
    /// The fewest moves to the goal (see [`Search::toward_goal`]).
    to_goal: Vec<u32>,
    /// Per edge, how many players' punishments allow it.
    votes: Vec<u32>,
    /// Per position, how many players' punishments need it.
    needs: Vec<u32>,
}

impl<'a> Search<'a> {
    fn new(game: &'a PositionalGame, limit: u64) -> Search<'a> {
        let arena = game.arena();
        let n = arena.num_vertices();
        let players = game.num_players();
        let mut rank = vec![vec![0; n]; players];
        let mut cycle_rank = vec![0; players];
        let mut top = vec![0; players];
        for i in 0..players {
            let mut values: Vec<_> = arena
                .vertices()
                .filter(|&v| arena.is_terminal(v))
                .map(|v| &game.payoff(v)[i])
                .chain([&game.cycle_payoff()[i]])
                .collect();
            values.sort();
            values.dedup();
            let rank_of = |u| values.partition_point(|&w| w < u) as u32;
            for v in arena.vertices().filter(|&v| arena.is_terminal(v)) {
                rank[i][v.index()] = rank_of(&game.payoff(v)[i]);
            }
            cycle_rank[i] = rank_of(&game.cycle_payoff()[i]);
            top[i] = values.len() as u32 - 1;
        }
        Search {
            arena,
            start: game.start(),
            mover: arena.vertices().map(|v| game.mover(v)).collect(),
            rank,
            cycle_rank,
            top,
            goal: Outcome::Cycle,
            assigned: vec![None; n],
            nodes: 0,
            limit,
            on_play: vec![false; n],
            play: Vec::new(),
            region: vec![false; n],
            distance: vec![0; n],
            remaining: vec![0; n],
            reached: vec![false; n],
            queue: Vec::new(),
            forbidden: vec![false; n],
            to_goal: vec![0; n],
            votes: vec![0; arena.num_edges()],
            needs: vec![0; n],
        }
    }

    /// The depth-first search for an equilibrium whose play ends in `goal`.
    fn run(&mut self, goal: Outcome) -> Result<Option<Strategy>, ExactError> {
        self.goal = goal;
        let mut stack: Vec<Frame> = Vec::new();
        loop {
            match self.node()? {
                Node::Found(profile) => return Ok(Some(profile)),
                Node::Branch(vertex, moves) => stack.push(Frame {
                    vertex,
                    moves,
                    next: 0,
                }),
                Node::Pruned => {}
            }
            // The next untried move of the deepest branch, undoing the exhausted ones.
            loop {
                let Some(frame) = stack.last_mut() else {
                    return Ok(None);
                };
                if let Some(&e) = frame.moves.get(frame.next) {
                    frame.next += 1;
                    self.assigned[frame.vertex.index()] = Some(e);
                    break;
                }
                self.assigned[frame.vertex.index()] = None;
                stack.pop();
            }
        }
    }

    /// Tests the current partial profile.
    fn node(&mut self) -> Result<Node, ExactError> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(ExactError::Limit(self.limit));
        }
        let open = match self.walk() {
            Walk::Ends(outcome) if outcome != self.goal => return Ok(Node::Pruned),
            Walk::Ends(_) => None,
            Walk::At(v) => Some(v),
        };
        self.votes.fill(0);
        self.needs.fill(0);
        self.forbidden.fill(false);
        for i in 0..self.top.len() {
            if !self.held_back(i) {
                return Ok(Node::Pruned);
            }
        }
        let arena = self.arena;
        if let Some(v) = open {
            // The play goes on from v toward the goal, off the positions where a player wins.
            if self.goal == Outcome::Cycle && !self.cycle_reachable(v) {
                return Ok(Node::Pruned);
            }
            self.toward_goal();
            let mut moves: Vec<(u32, Edge)> = arena
                .out_edges(v)
                .filter_map(|e| {
                    let w = arena.target(e);
                    let (goal, cycle) = (
                        self.goal == Outcome::Terminal(w),
                        self.goal == Outcome::Cycle,
                    );
                    let fits = if arena.is_terminal(w) {
                        goal
                    } else if self.on_play[w.index()] {
                        cycle
                    } else {
                        !self.forbidden[w.index()] && (cycle || self.to_goal[w.index()] < u32::MAX)
                    };
                    fits.then_some((self.to_goal[w.index()], e))
                })
                .collect();
            if moves.is_empty() {
                return Ok(Node::Pruned);
            }
            // The shortest way to the goal first, then the move most punishments allow.
            moves
                .sort_by_key(|&(distance, e)| (distance, std::cmp::Reverse(self.votes[e.index()])));
            return Ok(Node::Branch(v, moves.into_iter().map(|(_, e)| e).collect()));
        }
        // The play ends in the goal: a position where the punishments disagree, or an
        // equilibrium.
        let agreed = |this: &Self, v: Vertex| {
            arena
                .out_edges(v)
                .find(|e| this.votes[e.index()] == this.needs[v.index()])
        };
        let conflict = arena
            .vertices()
            .filter(|&v| self.needs[v.index()] > 0 && agreed(self, v).is_none())
            .max_by_key(|&v| (self.needs[v.index()], std::cmp::Reverse(v)));
        if let Some(v) = conflict {
            let mut moves: Vec<Edge> = arena.out_edges(v).collect();
            moves.sort_by_key(|e| std::cmp::Reverse(self.votes[e.index()]));
            return Ok(Node::Branch(v, moves));
        }
        let mut profile = Strategy::empty(arena.num_vertices());
        for v in arena
            .vertices()
            .filter(|&v| self.mover[v.index()].is_some())
        {
            // Unneeded positions agree on every move, and take their first.
            if let Some(e) = self.assigned[v.index()].or_else(|| agreed(self, v)) {
                profile.set(v, e);
            }
        }
        Ok(Node::Found(profile))
    }

    /// Follows the assigned moves from the start, marking the play's positions.
    fn walk(&mut self) -> Walk {
        for v in self.play.drain(..) {
            self.on_play[v.index()] = false;
        }
        let mut v = self.start;
        loop {
            if self.on_play[v.index()] {
                return Walk::Ends(Outcome::Cycle);
            }
            self.on_play[v.index()] = true;
            self.play.push(v);
            if self.arena.is_terminal(v) {
                return Walk::Ends(Outcome::Terminal(v));
            }
            match self.assigned[v.index()] {
                Some(e) => v = self.arena.target(e),
                None => return Walk::At(v),
            }
        }
    }

    /// Whether the play, at `end` without a move yet, can still become infinite: a path from
    /// `end` off the play and off the forbidden positions back onto the play, or round a cycle
    /// (over-approximated by any move to a position already reached).
    fn cycle_reachable(&mut self, end: Vertex) -> bool {
        self.reached.fill(false);
        self.queue.clear();
        self.queue.push(end);
        let mut k = 0;
        while k < self.queue.len() {
            let v = self.queue[k];
            k += 1;
            for &w in self.kept(v) {
                if self.on_play[w.index()] || self.reached[w.index()] {
                    return true;
                }
                if !self.forbidden[w.index()] {
                    self.reached[w.index()] = true;
                    self.queue.push(w);
                }
            }
        }
        false
    }

    /// Into `to_goal`, the fewest moves from each position off the play and off the forbidden
    /// positions to the goal: to the goal terminal, or for `c` back onto the play.
    fn toward_goal(&mut self) {
        let arena = self.arena;
        self.to_goal.fill(u32::MAX);
        self.queue.clear();
        match self.goal {
            Outcome::Terminal(t) => self.queue.push(t),
            Outcome::Cycle => self.queue.extend_from_slice(&self.play),
        }
        for v in &self.queue {
            self.to_goal[v.index()] = 0;
        }
        let mut k = 0;
        while k < self.queue.len() {
            let v = self.queue[k];
            k += 1;
            for &e in arena.in_edges(v) {
                let u = arena.source(e);
                let blocked = self.on_play[u.index()]
                    || self.forbidden[u.index()]
                    || self.to_goal[u.index()] < u32::MAX
                    || self.assigned[u.index()].is_some_and(|a| a != e);
                if !blocked {
                    self.to_goal[u.index()] = self.to_goal[v.index()] + 1;
                    self.queue.push(u);
                }
            }
        }
    }

    /// The targets of the moves `v` keeps: its assigned one, or all.
    fn kept(&self, v: Vertex) -> &'a [Vertex] {
        let all = self.arena.successors(v);
        match (self.assigned[v.index()], self.arena.out_edges(v).next()) {
            (Some(e), Some(first)) => {
                let k = e.index() - first.index();
                all.get(k..=k).unwrap_or(all)
            }
            _ => all,
        }
    }

    /// The goal's rank for player `i`.
    fn goal_rank(&self, i: usize) -> u32 {
        match self.goal {
            Outcome::Terminal(t) => self.rank[i][t.index()],
            Outcome::Cycle => self.cycle_rank[i],
        }
    }

    /// Whether player `i` cannot force an outcome it prefers to the goal, whatever the
    /// unassigned positions of the others do; if it cannot, adds its punishment to the votes:
    /// the positions it needs and the moves there that keep it from winning.
    fn held_back(&mut self, i: usize) -> bool {
        let t = self.goal_rank(i);
        if t == self.top[i] {
            return true;
        }
        // Either i attracts play to the terminals it prefers, or (when it prefers c) the
        // adversaries attract play to the others.
        let cycle_better = self.cycle_rank[i] > t;
        self.attract(i, t, cycle_better);
        if self.region[self.start.index()] != cycle_better {
            return false;
        }
        for (forbidden, &inside) in self.forbidden.iter_mut().zip(&self.region) {
            *forbidden |= inside != cycle_better;
        }
        // The positions i reaches against the moves that keep it from winning.
        let keeps = |this: &Self, v: Vertex, w: Vertex| {
            if cycle_better {
                this.region[w.index()] && this.distance[w.index()] < this.distance[v.index()]
            } else {
                !this.region[w.index()]
            }
        };
        self.reached.fill(false);
        self.reached[self.start.index()] = true;
        self.queue.clear();
        self.queue.push(self.start);
        let mut k = 0;
        while k < self.queue.len() {
            let v = self.queue[k];
            k += 1;
            let adversary =
                self.mover[v.index()].is_some_and(|j| j != i) && self.assigned[v.index()].is_none();
            if adversary {
                self.needs[v.index()] += 1;
            }
            for e in self.arena.out_edges(v) {
                let w = self.arena.target(e);
                let kept = if adversary {
                    keeps(self, v, w)
                } else {
                    self.mover[v.index()] == Some(i) || self.assigned[v.index()] == Some(e)
                };
                if !kept {
                    continue;
                }
                if adversary {
                    self.votes[e.index()] += 1;
                }
                if !self.reached[w.index()] {
                    self.reached[w.index()] = true;
                    self.queue.push(w);
                }
            }
        }
        true
    }

    /// The attractor in player `i`'s game at this node, into `region` and `distance`: of the
    /// terminals i ranks above `t` for i, or when `adversaries`, of the others for the
    /// unassigned positions of the other players. Every other position of the others keeps its
    /// assigned move; i moves freely at its own.
    fn attract(&mut self, i: usize, t: u32, adversaries: bool) {
        let arena = self.arena;
        let fixed = |this: &Self, v: Vertex| {
            this.mover[v.index()].is_some_and(|j| j != i) && this.assigned[v.index()].is_some()
        };
        self.queue.clear();
        for v in arena.vertices() {
            let inside = arena.is_terminal(v) && (self.rank[i][v.index()] > t) != adversaries;
            self.region[v.index()] = inside;
            self.distance[v.index()] = 0;
            self.remaining[v.index()] = if fixed(self, v) {
                1
            } else {
                arena.out_degree(v) as u32
            };
            if inside {
                self.queue.push(v);
            }
        }
        let mut k = 0;
        while k < self.queue.len() {
            let v = self.queue[k];
            k += 1;
            for &e in arena.in_edges(v) {
                let u = arena.source(e);
                if self.region[u.index()] {
                    continue;
                }
                let attracted = if fixed(self, u) {
                    self.assigned[u.index()] == Some(e)
                } else if (self.mover[u.index()] == Some(i)) != adversaries {
                    true
                } else {
                    self.remaining[u.index()] -= 1;
                    self.remaining[u.index()] == 0
                };
                if attracted {
                    self.region[u.index()] = true;
                    self.distance[u.index()] = self.distance[v.index()] + 1;
                    self.queue.push(u);
                }
            }
        }
    }
}
