//! Tangle learning (T. van Dijk, *Attracting Tangles to Solve Parity Games*, CAV 2018).
//!
//! A *p-tangle* of player α (p's parity) is a set of vertices U with top priority p and a
//! strategy σ for α inside U (one edge per vertex of α) such that the graph on U that keeps σ's
//! edges and every edge of the opponent inside U is strongly connected and every cycle in it is
//! won by α. Its *escapes* are the vertices outside U that the opponent can move to from U. A
//! tangle without escapes is a *dominion*: α wins from it by σ, whatever the opponent does.
//!
//! The solver keeps a set T of learned tangles and repeats, until the game is solved:
//! - `search`: decompose the remaining game top-down into regions. In what is left (H), take the
//!   top priority p, owned by α = p mod 2, and compute the *tangle attractor* of α to the
//!   *heads*, the vertices of H of priority p and of the priorities below it down to the first
//!   of the other parity that H holds (priorities emptied by higher regions merge, as in Oink):
//!   besides the ordinary attractor steps, a learned tangle of α that lies in H is attracted as
//!   a whole, its vertices following its strategy, once every escape of it that lies in H is in
//!   the region. A region Z is *closed* when no head leaks: every head of α has a move in Z and
//!   no head of the opponent can move down to H \ Z (the vertices attracted cannot: they stay in
//!   Z or move up). Regions that are not closed yield nothing (Oink's default too; the lowest
//!   region is always closed). The first closed region of α in a pass is a dominion as a whole:
//!   the opponent cannot move to a higher region of its own (that region's attractor would have
//!   taken the vertex) nor down, and every cycle of the attractor strategy passes through a head
//!   or stays in a tangle of α. In any other closed region, so is its *sealed part*: what is
//!   left after removing every vertex from which the opponent can move out of the region (up)
//!   or the strategy leads out, and, peeling backwards, every opponent vertex with a move to a
//!   removed vertex and every vertex of α whose strategy moves to one; play never leaves it,
//!   so the same argument applies. (Oink finds these parts through the strongly connected
//!   components of the region, taking those whose exits all lead into dominions already
//!   found. On Jurdziński's games the first pass ends in such a part, the bottom row: taken
//!   whole, the solver makes Oink's 31,024 passes at 10^5 vertices, where taking only bottom
//!   components, two vertices each, it made 34,470, each down to the bottom.) From a closed
//!   region without a sealed part, each bottom strongly connected component, restricted to the
//!   attractor strategy, that has a cycle is a new tangle, with its
//!   escapes all in higher regions of α. The region is removed from H and the next one
//!   computed. When a pass ends, its new tangles join T and a new pass starts, unless a dominion
//!   was found: then search stops with it.
//! - the dominion's player attracts (with the tangle attractor, in the whole remaining game) to
//!   the dominion; the attracted part is solved for that player and removed, with every learned
//!   tangle that touches it.
//!
//! Every pass of search learns at least one tangle that is not yet in T: the lowest region of a
//! pass is closed and yields one, and a tangle already in T would have been attracted to the
//! lowest higher region of its player that holds one of its escapes. Winning strategies come
//! from the attractors; a vertex attracted via a tangle follows the tangle's strategy, and a
//! dominion's vertices follow the strategy it was learned with.
//!
//! Priorities are compressed first ([`super::compress`]), and the vertices are ranked by
//! priority, largest first (Oink renumbers the game so), so that the next region's heads are
//! the first free vertices in rank order: a bitset of the free ranks finds them 64 at a time,
//! and a new pass frees every vertex by copying the bitset of those in the game and raising the
//! number below which a region counts as past. The solver reads the game's own arena: a copy
//! numbered by priority would cost a pass over every edge and the memory of a second arena.
//!
//! # Complexity
//! One pass of search costs O(n + m + Σ_t (|t| + |E(t)|)) over the learned tangles t with their
//! escape sets E(t): every vertex, edge and tangle is handled a constant number of times by the
//! attractors, and the extraction is a linear SCC computation per region. The number of passes
//! is at most the number of distinct tangles learned plus the number of dominions, which is
//! exponential in the worst case; no polynomial bound is known (the paper gives none), although
//! tangle learning is fast on random and practical games.
//!
//! ```
//! use kalmar_core::{Builder, Owner, Player};
//! use kalmar_parity::{tl, ParityGame, Stats};
//! let mut b = Builder::new(2);
//! let x = b.add_vertex(Owner::Player(Player(0)));
//! let y = b.add_vertex(Owner::Player(Player(1)));
//! b.add_edge(x, x);
//! b.add_edge(x, y);
//! b.add_edge(y, x);
//! b.add_edge(y, y);
//! let game = ParityGame::new(b.build().unwrap(), vec![2, 1]).unwrap();
//! let mut stats = Stats::default();
//! let solution = tl::solve(&game, &mut stats);
//! // Even keeps x on its loop of priority 2; Odd keeps y on its loop of priority 1.
//! assert_eq!(solution.winner, vec![Player(0), Player(1)]);
//! ```

use super::sparse_lists::SparseLists;
use super::{ParityGame, ParitySolution, Stats, by_priority_largest_first, complete, winner_of};
use kalmar_core::bits::Bits;
use kalmar_core::scc::strongly_connected_components_of_slices;
use kalmar_core::{Arena, Edge, Owner, Player, Vertex};

/// `region` of a vertex that is solved (out of the game).
const GONE: u32 = u32::MAX;
/// The priority in `tstate` of a tangle that lost a vertex.
const DEAD: u32 = u32::MAX;

/// A learned tangle.
#[derive(Clone, Debug)]
struct Tangle {
    /// Its vertices.
    vertices: Vec<Vertex>,
    /// Its top priority, whose parity is the player who wins every cycle inside it.
    priority: u32,
    /// The winner's strategy inside it: one edge per vertex of the winner, from that vertex to
    /// a vertex of the tangle.
    strategy: Vec<Edge>,
    /// The vertices outside it that the opponent can move to from it (when it was learned).
    /// Emptied once it is learned: the solver keeps what it needs of them in `escaping_to`
    /// and `escapes_left`.
    escapes: Vec<Vertex>,
}

/// Solves `game` by tangle learning, after compressing its priorities.
pub fn solve(game: &ParityGame, stats: &mut Stats) -> ParitySolution {
    let game = &super::compress::compress(game);
    let mut solver = Solver::new(game);
    solver.run();
    *stats = solver.stats;
    ParitySolution {
        winner: solver.winner,
        strategy: complete(game.arena(), solver.strat),
    }
}

/// Puts the free vertex `v` in region `id`: its number, and its free bit cleared. (A function
/// of the arrays, not of the solver, so that it can run while a tangle is borrowed.)
fn claim(region: &mut [u32], free_bits: &mut Bits, rank: &[u32], v: Vertex, id: u32) {
    region[v.index()] = id;
    free_bits.remove(rank[v.index()] as usize);
}

struct Solver<'a> {
    game: &'a ParityGame,
    arena: &'a Arena,
    /// The vertices by priority, largest first.
    order: Vec<Vertex>,
    /// Each vertex's place in `order`: its rank.
    rank: Vec<u32>,
    /// Per rank, a bit: set while its vertex is in the game.
    alive: Bits,
    /// Per rank, a bit: set while its vertex is free (in the game, in no region of this
    /// pass), so that the next region's heads are found 64 vertices at a time.
    free_bits: Bits,
    /// Per vertex: `GONE`, or the last region it was in. Regions are numbered on across
    /// passes, so a vertex is free (still in the game, in no region of this pass) exactly when
    /// its number is below `base`, and a new pass frees every vertex by raising `base`.
    region: Vec<u32>,
    /// The first region of the current pass.
    base: u32,
    /// The next region's number.
    next_region: u32,
    /// The attractor strategy of the current pass (or dominion attraction); at a solved
    /// vertex, its move in the answer (the winner's, or none).
    strat: Vec<Option<Edge>>,
    /// Per opponent vertex: 0 when untouched, else its successors not yet attracted.
    count: Vec<u32>,
    touched: Vec<Vertex>,
    /// The learned tangles (dead ones included, so indices stay stable).
    tangles: Vec<Tangle>,
    /// Per player, per vertex: the tangles of the player having the vertex as an escape (dead
    /// ones are dropped lazily). An attractor of one player walks only that player's lists.
    escaping_to: [SparseLists<u32>; 2],
    /// Per player, a bit per vertex: set once a tangle of the player has the vertex as an
    /// escape (what a non-zero slot of `escaping_to` says, in a bit instead of four bytes). The
    /// attractor tests it before it reads the vertex's slot: on a large game with few tangles
    /// the slots would cost a cache miss per vertex.
    may_escape_to: [Vec<u64>; 2],
    /// Per vertex: the live tangles containing it.
    member_of: SparseLists<u32>,
    /// Per vertex, the index of the player who owns it.
    owner: Vec<u8>,
    /// Every tangle as it was learned, and every dominion extracted as one, for the tests
    /// (a whole region found closed is a dominion but need not be strongly connected).
    #[cfg(test)]
    log: Vec<Tangle>,
    /// Per tangle, side by side in one word pair (the attractor reads both for every escape
    /// it reaches, and the tangle itself only when one is attracted): 0 when untouched, else
    /// its escapes in the game not yet attracted; and its top priority, or `DEAD` once a vertex
    /// of it is solved.
    tstate: Vec<(u32, u32)>,
    /// Per tangle, its escapes still in the game: the count a pass starts from when it first
    /// reaches the tangle, kept up to date as vertices are solved instead of recounted.
    escapes_left: Vec<u32>,
    ttouched: Vec<u32>,
    /// Per vertex, scratch for the extraction (local index or mark), `u32::MAX` when unused.
    local: Vec<u32>,
    /// Vertices still in the game.
    left: usize,
    winner: Vec<Player>,
    stats: Stats,
}

impl<'a> Solver<'a> {
    fn new(game: &'a ParityGame) -> Self {
        let arena = game.arena();
        let n = arena.num_vertices();
        let order = by_priority_largest_first(game);
        let mut rank = vec![0u32; n];
        for (i, &v) in order.iter().enumerate() {
            rank[v.index()] = i as u32;
        }
        let alive = Bits::full(n);
        Solver {
            game,
            arena,
            order,
            rank,
            free_bits: alive.clone(),
            alive,
            region: vec![0; n],
            base: 1,
            next_region: 1,
            strat: vec![None; n],
            count: vec![0; n],
            touched: Vec::new(),
            tangles: Vec::new(),
            escaping_to: [SparseLists::new(n), SparseLists::new(n)],
            may_escape_to: [vec![0; n.div_ceil(64)], vec![0; n.div_ceil(64)]],
            member_of: SparseLists::new(n),
            owner: arena
                .vertices()
                .map(|v| match arena.owner(v) {
                    Owner::Player(p) => p.0,
                    _ => u8::MAX,
                })
                .collect(),
            #[cfg(test)]
            log: Vec::new(),
            tstate: Vec::new(),
            escapes_left: Vec::new(),
            ttouched: Vec::new(),
            local: vec![u32::MAX; n],
            left: n,
            winner: vec![Player(0); n],
            stats: Stats::default(),
        }
    }

    fn owned_by(&self, v: Vertex, player: Player) -> bool {
        self.owner[v.index()] == player.0
    }

    fn in_game(&self, v: Vertex) -> bool {
        self.region[v.index()] != GONE
    }

    /// Whether `v` is in the game and in no region of this pass.
    fn free(&self, v: Vertex) -> bool {
        self.region[v.index()] < self.base
    }

    /// The first free vertex from rank `from` on (by priority, largest first), and its rank.
    fn next_free(&self, from: usize) -> Option<(usize, Vertex)> {
        let rank = self.free_bits.first_from(from)?;
        Some((rank, self.order[rank]))
    }

    /// A number for a new region.
    fn new_region(&mut self) -> u32 {
        self.next_region += 1;
        self.next_region - 1
    }

    /// Frees every vertex still in the game from its region and resets the attractor counters.
    fn reset(&mut self) {
        if self.next_region >= GONE - 1 {
            // Numbers run out after 2^32 regions: number afresh from 1.
            for region in &mut self.region {
                *region = if *region == GONE { GONE } else { 0 };
            }
            self.next_region = 1;
        }
        self.base = self.next_region;
        self.free_bits.copy_from(&self.alive);
        for v in self.touched.drain(..) {
            self.count[v.index()] = 0;
        }
        for t in self.ttouched.drain(..) {
            self.tstate[t as usize].0 = 0;
        }
    }

    /// Solves the whole game: search for a dominion, attract to it, remove it; repeat.
    fn run(&mut self) {
        while self.left > 0 {
            let (dominion, player, attracted) = self.search();
            self.reset();
            let solved = if attracted {
                dominion.vertices
            } else {
                for &v in &dominion.vertices {
                    self.strat[v.index()] = None;
                }
                for &e in &dominion.strategy {
                    self.strat[self.arena.source(e).index()] = Some(e);
                }
                self.stats.attractors += 1;
                let id = self.new_region();
                self.attract(id, player, u32::MAX, &dominion.vertices)
            };
            for &v in &solved {
                self.region[v.index()] = GONE;
                self.alive.remove(self.rank[v.index()] as usize);
                self.winner[v.index()] = player;
                // A solved vertex keeps its move for good: the winner's, or none.
                if !self.owned_by(v, player) {
                    self.strat[v.index()] = None;
                }
                if self.tangles.is_empty() {
                    continue;
                }
                // Tangles that lose a vertex are no longer tangles of the remaining game.
                for t in self.member_of.take(v.index()) {
                    if self.tstate[t as usize].1 != DEAD {
                        self.tstate[t as usize].1 = DEAD;
                        let tangle = &mut self.tangles[t as usize];
                        tangle.vertices = Vec::new();
                        tangle.strategy = Vec::new();
                    }
                }
                for lists in &mut self.escaping_to {
                    for t in lists.take(v.index()) {
                        self.escapes_left[t as usize] -= 1;
                    }
                }
            }
            // The next search starts with a reset.
            self.left -= solved.len();
        }
    }

    /// Passes of region decomposition and tangle extraction until a dominion is found; returns
    /// it, its player, and whether it is already its player's attractor in the remaining game
    /// (it is the first region of its pass, whose heads are the top priorities and which could
    /// attract every vertex and every tangle: attracting to it again would add nothing).
    /// Tangles learned on the way are added to the learned set.
    fn search(&mut self) -> (Tangle, Player, bool) {
        loop {
            self.stats.iterations += 1;
            self.reset();
            let mut learned = Vec::new();
            // Per player, whether none of its regions has been made in this pass.
            let mut highest = [true, true];
            // Each region's first head is free and every higher vertex is in a region.
            let mut pos = 0;
            while let Some((first_rank, first)) = self.next_free(pos) {
                pos = first_rank;
                let top = self.game.priority(first);
                let player = winner_of(top);
                // The heads: the free vertices of the top priorities down to the first free one
                // of the other parity (priorities with nothing free left between them merge).
                let mut targets = vec![first];
                let mut last = first_rank;
                while let Some((rank, v)) = self.next_free(last + 1) {
                    if winner_of(self.game.priority(v)) != player {
                        break;
                    }
                    targets.push(v);
                    last = rank;
                }
                for &v in &targets {
                    self.strat[v.index()] = None;
                }
                self.stats.attractors += 1;
                let id = self.new_region();
                let mut z = self.attract(id, player, top, &targets);
                let first_of_pass = highest == [true, true];
                let first_of_player = std::mem::replace(&mut highest[player.0 as usize], false);
                if self.leaks(&targets, player) {
                    continue;
                }
                // Closed, and no region of the player above it: the opponent's vertices here
                // cannot move to a higher region of the opponent (it would have attracted
                // them), nor below (the region is closed), so the region is a dominion, every
                // cycle of the strategy passing through a head. In any other closed region,
                // so is the part that play cannot leave while the player keeps the strategy.
                let sealed = if first_of_player {
                    std::mem::take(&mut z)
                } else {
                    self.sealed_part(&z, id, player)
                };
                if !sealed.is_empty() {
                    let strategy = sealed
                        .iter()
                        .filter(|&&v| self.owned_by(v, player))
                        .filter_map(|&v| self.strat[v.index()])
                        .collect();
                    self.learn(learned);
                    let dominion = Tangle {
                        vertices: sealed,
                        priority: top,
                        strategy,
                        escapes: Vec::new(),
                    };
                    return (dominion, player, first_of_pass);
                }
                // No part is sealed, so every tangle found has an escape.
                learned.extend(self.extract(&z, id, player));
            }
            // The lowest region always yields a tangle that is new (see the module docs).
            debug_assert!(!learned.is_empty(), "a pass of search learns a tangle");
            self.learn(learned);
        }
    }

    /// Whether a region of `player` with these heads is open: a head of the player has no move
    /// into it, or one of the opponent's can move down to a free vertex. (Every other vertex of
    /// a region was attracted, so it stays in the region or moves up.)
    fn leaks(&self, heads: &[Vertex], player: Player) -> bool {
        heads.iter().any(|&v| {
            if self.owned_by(v, player) {
                self.strat[v.index()].is_none()
            } else {
                self.arena.successors(v).iter().any(|&w| self.free(w))
            }
        })
    }

    /// The part of the closed region `z` (number `id`, of `player`) that play never leaves
    /// while `player` follows the attractor strategy: the region less every vertex from which
    /// the opponent can move out of it (to a higher region) or the strategy leads out, and,
    /// peeling backwards, every vertex of the opponent with a move to one removed and every
    /// vertex of the player whose strategy moves to one. It is a dominion of the player: play
    /// stays in it, and every cycle of the strategy in a region passes through a head or stays
    /// in a tangle of the player. Linear in the region and its moves.
    fn sealed_part(&mut self, z: &[Vertex], id: u32, player: Player) -> Vec<Vertex> {
        let arena = self.arena;
        const KEPT: u32 = 0;
        const OUT: u32 = 1;
        let mut out = Vec::new();
        for &v in z {
            let leaves = if self.owned_by(v, player) {
                self.strat[v.index()].is_none_or(|e| self.region[arena.target(e).index()] != id)
            } else {
                arena.successors(v).iter().any(|&w| {
                    let r = self.region[w.index()];
                    r != id && r != GONE
                })
            };
            self.local[v.index()] = if leaves { OUT } else { KEPT };
            if leaves {
                out.push(v);
            }
        }
        while let Some(v) = out.pop() {
            for &u in arena.predecessors(v) {
                if self.region[u.index()] != id || self.local[u.index()] != KEPT {
                    continue;
                }
                let follows = !self.owned_by(u, player)
                    || self.strat[u.index()].is_some_and(|e| arena.target(e) == v);
                if follows {
                    self.local[u.index()] = OUT;
                    out.push(u);
                }
            }
        }
        let sealed = z
            .iter()
            .copied()
            .filter(|v| self.local[v.index()] == KEPT)
            .collect();
        for &v in z {
            self.local[v.index()] = u32::MAX;
        }
        sealed
    }

    fn learn(&mut self, tangles: Vec<Tangle>) {
        for mut t in tangles {
            let index = self.tangles.len() as u32;
            let player = winner_of(t.priority).0 as usize;
            for &w in &t.escapes {
                self.escaping_to[player].push(w.index(), index);
                self.may_escape_to[player][w.index() / 64] |= 1 << (w.index() % 64);
            }
            for &w in &t.vertices {
                self.member_of.push(w.index(), index);
            }
            #[cfg(test)]
            self.log.push(t.clone());
            self.tstate.push((0, t.priority));
            self.escapes_left.push(t.escapes.len() as u32);
            t.escapes = Vec::new();
            self.tangles.push(t);
        }
    }

    /// The tangle attractor of `player` to `targets` among the free vertices, as region `id`,
    /// using the learned tangles of `player` whose top priority is at most `top`. The caller
    /// sets the strategy of the targets (`None` where there is none yet; a target of `player`
    /// without one gets an edge into the region if it has one). Returns the region in the
    /// order of attraction, targets first.
    fn attract(&mut self, id: u32, player: Player, top: u32, targets: &[Vertex]) -> Vec<Vertex> {
        let arena = self.arena;
        // Free: below the pass's first region (kept in a local, which the loops need not
        // reload after every write to the arrays).
        let base = self.base;
        let mut z: Vec<Vertex> = targets.to_vec();
        for &v in targets {
            claim(&mut self.region, &mut self.free_bits, &self.rank, v, id);
        }
        let mut head = 0;
        while head < z.len() {
            let v = z[head];
            head += 1;
            // The sources from the predecessor array; an edge's id only where it is kept.
            let positions = arena.in_positions(v);
            for (position, &u) in positions.clone().zip(arena.predecessors(v)) {
                let r = self.region[u.index()];
                if r == id {
                    if self.strat[u.index()].is_none() && self.owned_by(u, player) {
                        self.strat[u.index()] = Some(arena.in_edge_at(position));
                    }
                    continue;
                }
                if r >= base {
                    continue;
                }
                if self.owned_by(u, player) {
                    self.strat[u.index()] = Some(arena.in_edge_at(position));
                } else {
                    if self.count[u.index()] == 0 {
                        let region = &self.region;
                        self.count[u.index()] = arena
                            .successors(u)
                            .iter()
                            .filter(|w| region[w.index()] != GONE)
                            .count() as u32;
                        self.touched.push(u);
                    }
                    self.count[u.index()] -= 1;
                    if self.count[u.index()] > 0 {
                        continue;
                    }
                    self.strat[u.index()] = None;
                }
                claim(&mut self.region, &mut self.free_bits, &self.rank, u, id);
                z.push(u);
            }
            // The tangles of the player escaping to `v`; dead ones are dropped from the list
            // where they are met. A tangle above `top` cannot join this region nor any later
            // one of the pass (their tops are lower), so its escapes are not counted. Nor are
            // the tangles of the opponent: a tangle of the player one of whose escapes joins
            // a region of the opponent never lies among the free vertices again in this pass
            // (its vertex with the move to that escape joins that region too, or was gone
            // before), so counting its escapes there would serve nothing.
            if self.may_escape_to[player.0 as usize][v.index() / 64] >> (v.index() % 64) & 1 == 0 {
                continue;
            }
            let escaping = self.escaping_to[player.0 as usize].get_mut(v.index());
            let mut kept = 0;
            for i in 0..escaping.len() {
                let t = escaping[i] as usize;
                let (mut left, priority) = self.tstate[t];
                if priority == DEAD {
                    continue;
                }
                escaping[kept] = t as u32;
                kept += 1;
                if priority > top {
                    continue;
                }
                if left == 0 {
                    left = self.escapes_left[t];
                    self.ttouched.push(t as u32);
                }
                left -= 1;
                self.tstate[t].0 = left;
                if left > 0 {
                    continue;
                }
                let tangle = &self.tangles[t];
                let inside = |w: &Vertex| {
                    let r = self.region[w.index()];
                    r < base || r == id
                };
                if !tangle.vertices.iter().all(inside) {
                    continue;
                }
                // Every escape of the tangle in the subgame is in the region: attract it all.
                for &e in &tangle.strategy {
                    let w = arena.source(e);
                    if self.region[w.index()] < base {
                        self.strat[w.index()] = Some(e);
                    }
                }
                for &w in &tangle.vertices {
                    if self.region[w.index()] < base {
                        if self.owner[w.index()] != player.0 {
                            self.strat[w.index()] = None;
                        }
                        claim(&mut self.region, &mut self.free_bits, &self.rank, w, id);
                        z.push(w);
                    }
                }
            }
            escaping.truncate(kept);
        }
        z
    }

    /// The new tangles of region `z` (number `id`, of `player`): the bottom strongly connected
    /// components, with a cycle, of the closed part of the region restricted to the strategy.
    fn extract(&mut self, z: &[Vertex], id: u32, player: Player) -> Vec<Tangle> {
        let arena = self.arena;
        for (i, &v) in z.iter().enumerate() {
            self.local[v.index()] = i as u32;
        }
        // The region restricted to the strategy, as a local CSR graph; open vertices marked.
        let mut offset = Vec::with_capacity(z.len() + 1);
        let mut adjacency: Vec<Vertex> = Vec::new();
        let mut open = vec![false; z.len()];
        offset.push(0);
        for (i, &v) in z.iter().enumerate() {
            if self.owned_by(v, player) {
                match self.strat[v.index()] {
                    Some(e) => adjacency.push(Vertex(self.local[arena.target(e).index()])),
                    None => open[i] = true,
                }
            } else {
                for &w in arena.successors(v) {
                    if self.region[w.index()] == id {
                        adjacency.push(Vertex(self.local[w.index()]));
                    } else if self.free(w) {
                        open[i] = true;
                    }
                }
            }
            offset.push(adjacency.len());
        }
        let components = strongly_connected_components_of_slices(z.len(), |v| {
            &adjacency[offset[v.index()]..offset[v.index() + 1]]
        });
        // A component qualifies when nothing leaves it, it has no open vertex and a cycle.
        let count = components.count();
        let mut leaves = vec![false; count];
        let mut cyclic = vec![false; count];
        let mut size = vec![0usize; count];
        for i in 0..z.len() {
            let c = components.of(Vertex::new(i));
            size[c] += 1;
            if open[i] {
                leaves[c] = true;
            }
            for &j in &adjacency[offset[i]..offset[i + 1]] {
                if j.index() == i {
                    cyclic[c] = true;
                } else if components.of(j) != c {
                    leaves[c] = true;
                }
            }
        }
        let mut members: Vec<Vec<Vertex>> = vec![Vec::new(); count];
        for (i, &v) in z.iter().enumerate() {
            let c = components.of(Vertex::new(i));
            if !leaves[c] && (cyclic[c] || size[c] > 1) {
                members[c].push(v);
            }
        }
        for &v in z {
            self.local[v.index()] = u32::MAX;
        }
        let mut found = Vec::new();
        for vertices in members.into_iter().filter(|m| !m.is_empty()) {
            // Mark the tangle (local = 0) and collect the escapes (marked 1).
            for &v in &vertices {
                self.local[v.index()] = 0;
            }
            let mut strategy = Vec::new();
            let mut escapes = Vec::new();
            for &v in &vertices {
                if self.owned_by(v, player) {
                    strategy.extend(self.strat[v.index()]);
                } else {
                    for &w in arena.successors(v) {
                        if self.local[w.index()] == u32::MAX && self.in_game(w) {
                            self.local[w.index()] = 1;
                            escapes.push(w);
                        }
                    }
                }
            }
            for &v in vertices.iter().chain(&escapes) {
                self.local[v.index()] = u32::MAX;
            }
            let priority = vertices
                .iter()
                .map(|&v| self.game.priority(v))
                .max()
                .unwrap_or(0);
            found.push(Tangle {
                vertices,
                priority,
                strategy,
                escapes,
            });
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalmar_core::scc::strongly_connected_components;
    use kalmar_core::{Builder, Certificate};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn random_game(seed: u64, n: usize, priorities: u32) -> ParityGame {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut b = Builder::new(2);
        let mut priority = Vec::new();
        for _ in 0..n {
            b.add_vertex(Owner::Player(Player(rng.random_range(0..2))));
            priority.push(rng.random_range(0..priorities));
        }
        for v in 0..n {
            for _ in 0..rng.random_range(1..=3) {
                b.add_edge(Vertex::new(v), Vertex::new(rng.random_range(0..n)));
            }
        }
        ParityGame::new(b.build().unwrap(), priority).unwrap()
    }

    /// Checks that `t` is a tangle of `game`: its strategy stays inside, the restricted graph is
    /// strongly connected, every cycle in it is won by its player, its priority is its top one,
    /// and its escapes are moves of the opponent out of it.
    fn check_tangle(game: &ParityGame, t: &Tangle) {
        let arena = game.arena();
        let n = arena.num_vertices();
        let mut member = vec![false; n];
        for &v in &t.vertices {
            member[v.index()] = true;
        }
        let mut next: Vec<Vec<Vertex>> = vec![Vec::new(); n];
        let mut chosen = vec![false; n];
        for &e in &t.strategy {
            let v = arena.source(e);
            assert!(member[v.index()] && member[arena.target(e).index()]);
            assert_eq!(arena.owner(v), Owner::Player(winner_of(t.priority)));
            assert!(!chosen[v.index()], "one edge per vertex");
            chosen[v.index()] = true;
            next[v.index()].push(arena.target(e));
        }
        for &v in &t.vertices {
            if arena.owner(v) == Owner::Player(winner_of(t.priority)) {
                assert!(chosen[v.index()], "every vertex of the winner has a move");
            } else {
                for &w in arena.successors(v) {
                    if member[w.index()] {
                        next[v.index()].push(w);
                    }
                }
            }
        }
        for &w in &t.escapes {
            assert!(!member[w.index()]);
            assert!(t.vertices.iter().any(|&v| {
                arena.owner(v) != Owner::Player(winner_of(t.priority))
                    && arena.successors(v).contains(&w)
            }));
        }
        let top = t.vertices.iter().map(|&v| game.priority(v)).max().unwrap();
        assert_eq!(top, t.priority);
        assert_eq!(winner_of(top), winner_of(t.priority));
        // Strongly connected, and every cycle is won: decompose by removing top priorities.
        let components = strongly_connected_components(n, |v, i| next[v.index()].get(i).copied());
        let c = components.of(t.vertices[0]);
        assert!(t.vertices.iter().all(|&v| components.of(v) == c));
        let mut pending = vec![t.vertices.clone()];
        while let Some(set) = pending.pop() {
            let mut inside = vec![false; n];
            for &v in &set {
                inside[v.index()] = true;
            }
            let comps = strongly_connected_components(n, |v, i| {
                next[v.index()]
                    .iter()
                    .filter(|w| inside[v.index()] && inside[w.index()])
                    .nth(i)
                    .copied()
            });
            let mut groups: Vec<Vec<Vertex>> = vec![Vec::new(); comps.count()];
            for &v in &set {
                groups[comps.of(v)].push(v);
            }
            for g in groups.into_iter().filter(|g| !g.is_empty()) {
                let cycle = g.len() > 1 || next[g[0].index()].contains(&g[0]);
                if !cycle {
                    continue;
                }
                let top = g.iter().map(|&v| game.priority(v)).max().unwrap();
                assert_eq!(
                    winner_of(top),
                    winner_of(t.priority),
                    "a cycle is lost by the tangle's owner"
                );
                pending.push(g.into_iter().filter(|&v| game.priority(v) != top).collect());
            }
        }
    }

    #[test]
    fn learned_tangles_are_tangles() {
        for seed in 0..300 {
            let game = random_game(seed, 1 + (seed as usize % 40), 1 + (seed as u32 % 9));
            let game = super::super::compress::compress(&game);
            let mut solver = Solver::new(&game);
            solver.run();
            for t in &solver.log {
                check_tangle(&game, t);
            }
            let solution = ParitySolution {
                winner: solver.winner.clone(),
                strategy: complete(game.arena(), solver.strat.clone()),
            };
            solution.verify(&game).unwrap();
        }
    }

    /// In Jurdziński's game of height 3 and width 3 the lowest region of the first pass is
    /// the bottom row, which no move of Even leaves: it is solved as one dominion, as Oink
    /// solves it, and each later pass finds one, seven passes in all (nine when only
    /// its bottom strongly connected components counted).
    #[test]
    fn a_sealed_region_is_a_dominion() {
        let game = crate::generate::jurdzinskigame(3, 3).unwrap();
        let mut stats = Stats::default();
        let solution = solve(&game, &mut stats);
        solution.verify(&game).unwrap();
        assert_eq!(stats.iterations, 7);
    }
}
