//! Priority promotion (M. Benerecetti, D. Dell'Erba and F. Mogavero, *Solving parity games via
//! priority promotion*, CAV 2016; Formal Methods in System Design 52, 2018), and its variant PP+
//! from the same paper, which resets fewer regions after a promotion.
//!
//! The solver repeatedly searches for a *dominion* (a set of positions one player, α, can keep
//! the play in and win from), takes α's attractor of it out of the game, and searches again on
//! the rest. A search walks the *dominion space* of the paper: a state is a pair (r, p) of a
//! region function r (each position's current priority: its own, or a higher one it was promoted
//! to) and the priority p being looked at. With α the player of p's parity and Λ the subgame of
//! the positions with r ≤ p, the query computes the α-region R = atr_α(r⁻¹(p)) in Λ, a
//! quasi-dominion: α can force every play that stays in R forever to be won. Then
//! - if R is *open* in Λ (the opponent can leave it to a lower position, or α cannot stay), R is
//!   recorded as the region of p (r[R ↦ p]) and the search goes on at the next lower priority
//!   that still heads positions of its own;
//! - if R is *closed* in Λ but the opponent can escape it in the whole game, every escape goes to
//!   a higher region of α; R is *promoted* to the lowest such, p* (the best escape priority): r
//!   becomes p* on R, stays as it was at p* and above, and every region below p* is reset to the
//!   original priorities. The search goes on at (r*, p*);
//! - if R is closed in the whole game, it is an α-dominion, and the search ends.
//!
//! The search starts at (pr, the largest priority). PP+ keeps, after a promotion to p* of α's
//! parity, the lower regions of α that the promotion did not break (positions that were attracted
//! to a higher region of α simply leave them; a region that lost a position to a region of the
//! opponent, or to a reset, is rebuilt), and resets only the opponent's regions below p*. Both
//! rebuild each region lazily, when the descent reaches its priority.
//!
//! Strategies are those of the paper's proofs: in a region, α's attracted positions move towards
//! its targets (attractor strategy), a position promoted into it keeps the move of its old
//! region, and a position of α whose own priority is the region's top priority moves to any
//! position of the region. A dominion found by a search is closed, so this strategy keeps every
//! play in it; the positions it attracts in the whole game move towards it.
//!
//! Priorities are compressed first ([`super::compress`]).
//!
//! # Complexity
//! Each query and each promotion costs one attractor, O(m) for m edges; a dominion's attractor
//! in the whole game costs the same. Within one search the states visited increase strictly in the
//! lexicographic order of the region sizes read from the top priority down, so a search visits at
//! most O(d (n + d choose d)) states for n positions and d priorities — exponential in d in the
//! worst case, and the authors give games on which PP needs exponentially many promotions. There
//! are at most n searches. Space is O(n + m): a region value per position (the paper's O(n log d)
//! bits) and a list per priority.
//!
//! ```
//! use kalmar_core::{Builder, Certificate, Owner, Player, Vertex};
//! use kalmar_parity::{ParityGame, Stats, pp};
//! // Even's 0 may go to 1 (priority 2) or 2 (priority 3); Odd's 1 must return to 0.
//! let mut b = Builder::new(2);
//! let v: Vec<Vertex> = [0, 1, 0].iter().map(|&p| b.add_vertex(Owner::Player(Player(p)))).collect();
//! for (x, y) in [(0, 1), (0, 2), (1, 0), (2, 2)] {
//!     b.add_edge(v[x], v[y]);
//! }
//! let game = ParityGame::new(b.build().unwrap(), vec![0, 2, 3]).unwrap();
//! let solution = pp::solve(&game, &mut Stats::default());
//! assert_eq!(solution.winner, vec![Player(0), Player(0), Player(1)]);
//! assert!(solution.verify(&game).is_ok());
//! ```

use super::sparse_lists::SparseLists;
use super::{ParityGame, ParitySolution, Stats, complete, winner_of};
use kalmar_core::bits::Bits;
use kalmar_core::scc::Members;
use kalmar_core::{Arena, Edge, Owner, Player, Vertex};

/// Solves `game` by priority promotion (PP), after compressing its priorities.
/// `stats.iterations` counts promotions, `stats.attractors` attractor computations.
pub fn solve(game: &ParityGame, stats: &mut Stats) -> ParitySolution {
    run(game, stats, Policy::ResetAll)
}

/// Solves `game` by priority promotion with partial resets (PP+), after compressing its
/// priorities. `stats.iterations` counts promotions, `stats.attractors` attractor computations.
pub fn solve_npp(game: &ParityGame, stats: &mut Stats) -> ParitySolution {
    run(game, stats, Policy::ResetOpponent)
}

/// Which regions below the target of a promotion are reset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Policy {
    /// PP: all of them.
    ResetAll,
    /// PP+: those of the opponent of the promoted region's player, and those that broke.
    ResetOpponent,
}

/// What a query found out about the region of the current priority.
enum Step {
    /// The region is open in the current subgame.
    Open,
    /// The region is closed in the subgame; the opponent's best escape is this priority.
    Promote(u32),
    /// The region is closed in the whole game: a dominion.
    Dominion,
}

/// Marks a position that no dominion has taken yet.
const UNSOLVED: u32 = u32::MAX;

/// The region of a position a dominion took: above every priority, so that the subgame's test
/// `r <= p` leaves it out by itself.
const TAKEN: u32 = u32::MAX;

fn run(game: &ParityGame, stats: &mut Stats, policy: Policy) -> ParitySolution {
    let game = &super::compress::compress(game);
    let arena = game.arena();
    let mut search = Search::new(game, policy);
    search.solve_all();
    *stats = search.stats;
    ParitySolution {
        winner: search.winner,
        strategy: complete(arena, search.choice),
    }
}

struct Search<'a> {
    arena: &'a Arena,
    policy: Policy,
    /// The (compressed) priority of each position.
    prio: Vec<u32>,
    /// The positions of each priority.
    by_prio: Members,
    /// Per position: the index of the dominion that took it, or [`UNSOLVED`].
    solved_in: Vec<u32>,
    winner: Vec<Player>,
    choice: Vec<Option<Edge>>,
    /// The region function r, or [`TAKEN`] once a dominion took the position: one read tells
    /// both.
    region: Vec<u32>,
    /// Per priority q, the positions of the region of q (entries whose `region` is no longer q
    /// are stale and skipped).
    members: SparseLists<Vertex>,
    /// The priorities whose `members` may be non-empty, or that may head positions of their own
    /// (a position of that priority, unsolved, whose region is its own priority): a descent
    /// skips every other priority at once, where it looked at each of them.
    busy: Bits,
    /// PP+: the regions of priority q with q of parity x and q <= force[x] are rebuilt from
    /// scratch when the descent reaches them.
    force: [i64; 2],
    /// Attractor scratch: edges of a position not yet known to lead into the region (0: not
    /// counted yet).
    count: Vec<u32>,
    touched: Vec<Vertex>,
    mark: Vec<bool>,
    /// The region being built, its targets first.
    queue: Vec<Vertex>,
    /// Emptied lists of positions, kept for their room.
    spare: Vec<Vec<Vertex>>,
    dominions: u32,
    stats: Stats,
}

impl<'a> Search<'a> {
    fn new(game: &'a ParityGame, policy: Policy) -> Self {
        let arena = game.arena();
        let n = arena.num_vertices();
        let prio: Vec<u32> = arena.vertices().map(|v| game.priority(v)).collect();
        let levels = game.max_priority() as usize + 1;
        let by_prio = Members::group(&prio, levels);
        Search {
            arena,
            policy,
            region: prio.clone(),
            prio,
            by_prio,
            solved_in: vec![UNSOLVED; n],
            winner: vec![Player(0); n],
            choice: vec![None; n],
            members: SparseLists::new(levels),
            busy: Bits::full(levels),
            force: [i64::MAX; 2],
            count: vec![0; n],
            touched: Vec::new(),
            mark: vec![false; n],
            queue: Vec::new(),
            spare: Vec::new(),
            dominions: 0,
            stats: Stats::default(),
        }
    }

    #[inline]
    fn solved(&self, v: Vertex) -> bool {
        self.solved_in[v.index()] != UNSOLVED
    }

    /// Whether `v` is in the region of `p` (unsolved, with r(v) = p).
    #[inline]
    fn in_region(&self, v: Vertex, p: u32) -> bool {
        self.region[v.index()] == p
    }

    /// The sol procedure: search a dominion, take its attractor out, and repeat on the rest.
    fn solve_all(&mut self) {
        let levels = self.members.len() as u32;
        let mut remaining = self.arena.num_vertices();
        while remaining > 0 {
            // The initial state (pr, top): every region is rebuilt as the descent reaches it.
            self.force = [i64::MAX; 2];
            let Some(mut p) = self.next_level(levels) else {
                break;
            };
            let mut targets = self.setup(p);
            // How many of the targets are the region's positions from its last query.
            let mut kept = 0;
            loop {
                match self.query(p, &targets, kept) {
                    Step::Open => {
                        let spare = self.spare();
                        let region = std::mem::replace(&mut self.queue, spare);
                        let emptied = self.members.replace(p as usize, region);
                        self.recycle(emptied);
                        self.busy.insert(p as usize);
                        // An open region leaves positions below it, so a lower priority heads
                        // positions of its own.
                        let Some(q) = self.next_level(p) else {
                            debug_assert!(false, "an open region has positions below it");
                            break;
                        };
                        p = q;
                        let next = self.setup(p);
                        self.recycle(std::mem::replace(&mut targets, next));
                        kept = 0;
                    }
                    Step::Promote(best) => {
                        self.stats.iterations += 1;
                        debug_assert_eq!(winner_of(best), winner_of(p), "escapes lead to α");
                        let spare = self.spare();
                        let promoted = std::mem::replace(&mut self.queue, spare);
                        for &v in &promoted {
                            self.region[v.index()] = best;
                        }
                        if self.policy == Policy::ResetOpponent {
                            // The opponent's regions below `best` are rebuilt; α's are kept.
                            let opponent = (1 - best % 2) as usize;
                            self.force[opponent] = self.force[opponent].max(best as i64 - 1);
                        }
                        // (Under PP every region below `best` is rebuilt when reached.)
                        let old = self.members.take(best as usize);
                        targets.clear();
                        targets.extend(old.iter().filter(|&&v| self.in_region(v, best)));
                        kept = targets.len();
                        targets.extend_from_slice(&promoted);
                        self.recycle(old);
                        self.recycle(promoted);
                        p = best;
                    }
                    Step::Dominion => {
                        remaining -= self.dominion(p);
                        self.recycle(targets);
                        break;
                    }
                }
            }
        }
    }

    /// The highest priority below `p` that heads a position of its own (unsolved, with r = pr),
    /// resetting on the way the regions of the priorities passed over.
    fn next_level(&mut self, p: u32) -> Option<u32> {
        let mut below = p;
        while let Some(q) = self.busy.last_below(below as usize) {
            let q = q as u32;
            below = q;
            let heads = self
                .by_prio
                .of(q as usize)
                .iter()
                .any(|&v| self.in_region(v, q));
            if heads {
                return Some(q);
            }
            if !self.members.get(q as usize).is_empty() {
                // The region lost all its top positions: it is no region any more.
                self.reset(q);
                self.force[(q % 2) as usize] = q as i64 - 2;
            }
            // No heads and no region: only a reset of a higher region gives q heads again, and
            // it marks q busy.
            self.busy.remove(q as usize);
        }
        None
    }

    /// Resets the region of `q`: its positions get their own priorities back.
    fn reset(&mut self, q: u32) {
        let members = self.members.take(q as usize);
        for &v in &members {
            if self.in_region(v, q) {
                let own = self.prio[v.index()];
                self.region[v.index()] = own;
                self.busy.insert(own as usize);
            }
        }
        self.recycle(members);
    }

    /// An empty list, with room from an earlier one where there is one: lists of positions
    /// pass between the queue, the regions and the targets at every step, and growing each
    /// anew cost more than the step on games with many small regions.
    fn spare(&mut self) -> Vec<Vertex> {
        self.spare.pop().unwrap_or_default()
    }

    /// Keeps `list`'s room for [`Self::spare`].
    fn recycle(&mut self, mut list: Vec<Vertex>) {
        if list.capacity() > 0 {
            list.clear();
            self.spare.push(list);
        }
    }

    /// The targets of the query at `p` reached by descending: r⁻¹(p), after rebuilding the
    /// region of `p` where the policy asks for it.
    fn setup(&mut self, p: u32) -> Vec<Vertex> {
        let parity = (p % 2) as usize;
        let mut rebuild = true;
        if self.policy == Policy::ResetOpponent {
            if p as i64 <= self.force[parity] {
                self.force[parity] = p as i64 - 2;
            } else {
                // Kept unless it lost a position to a reset, a dominion or the opponent.
                rebuild = self.members.get(p as usize).iter().any(|&v| {
                    let r = self.region[v.index()];
                    self.solved(v) || r < p || (r > p && r % 2 != p % 2)
                });
            }
        }
        if rebuild {
            self.reset(p);
        }
        let mut targets = self.spare();
        let kept = self.members.take(p as usize);
        for &v in kept.iter().chain(self.by_prio.of(p as usize)) {
            if self.in_region(v, p) && !self.mark[v.index()] {
                self.mark[v.index()] = true;
                targets.push(v);
            }
        }
        for &v in &targets {
            self.mark[v.index()] = false;
        }
        self.recycle(kept);
        targets
    }

    /// The query at state (r, `p`): α's attractor R of `targets` = r⁻¹(p) in the subgame of
    /// the unsolved positions with r <= p (left in `self.queue`, each with r = p), whether it is
    /// open or closed there, and if closed the opponent's best escape from it.
    ///
    /// The first `kept` targets are the region of `p` as its last query left it, in this
    /// descent, and the rest were just promoted into it (as in Oink's `pp`). Since that query
    /// only regions below `p` changed, among themselves, so the region is still an attractor
    /// there: the attractor starts from the promoted positions. Those are closed by
    /// construction (they had no move below their old region, nor to one between it and `p`),
    /// so only the kept positions are checked again.
    fn query(&mut self, p: u32, targets: &[Vertex], kept: usize) -> Step {
        self.stats.attractors += 1;
        let arena = self.arena;
        let alpha = winner_of(p);
        let mut queue = std::mem::take(&mut self.queue);
        queue.clear();
        queue.extend_from_slice(targets);
        // After a promotion, `mark`: in R, and its moves in not read yet (otherwise every
        // position of R has its moves in read).
        let marking = kept > 0;
        if marking {
            for &v in &targets[kept..] {
                self.mark[v.index()] = true;
            }
        }
        let mut head = kept;
        while head < queue.len() {
            let w = queue[head];
            head += 1;
            if marking {
                self.mark[w.index()] = false;
            }
            for (&e, &u) in arena.in_edges(w).iter().zip(arena.predecessors(w)) {
                if self.region[u.index()] >= p {
                    continue; // outside the subgame (solved or higher), or already in R
                }
                let attracted = if arena.owner(u) == Owner::Player(alpha) {
                    self.choice[u.index()] = Some(e);
                    true
                } else {
                    let slot = self.count[u.index()];
                    let left = if slot == 0 {
                        // The moves into the subgame not yet known to lead into R: those
                        // outside R, and those into positions of R whose moves in are not read
                        // yet, or being read (w's, this one aside).
                        self.touched.push(u);
                        let successors = arena.successors(u).iter();
                        let inside = if marking {
                            successors
                                .filter(|&&x| {
                                    let r = self.region[x.index()];
                                    r < p || (r == p && (self.mark[x.index()] || x == w))
                                })
                                .count()
                        } else {
                            successors.filter(|&&x| self.region[x.index()] <= p).count()
                        };
                        inside as u32 - 1
                    } else {
                        slot - 1
                    };
                    // Once counted, a slot stays at least 1 until the position is attracted.
                    self.count[u.index()] = left.max(1);
                    left == 0
                };
                if attracted {
                    self.region[u.index()] = p;
                    if marking {
                        self.mark[u.index()] = true;
                    }
                    queue.push(u);
                }
            }
        }
        for v in self.touched.drain(..) {
            self.count[v.index()] = 0;
        }
        // Closed in the subgame: no target of the opponent has a move to a lower position, and
        // every target of α has a move into R (the attracted positions satisfy both by
        // construction, and so do the promoted ones).
        let mut open = false;
        let checked = if kept > 0 { &targets[..kept] } else { targets };
        for &v in checked {
            if arena.owner(v) == Owner::Player(alpha) {
                let stays =
                    self.choice[v.index()].is_some_and(|e| self.in_region(arena.target(e), p));
                if !stays {
                    debug_assert_eq!(
                        self.prio[v.index()],
                        p,
                        "promoted positions keep their moves"
                    );
                    match arena
                        .out_edges(v)
                        .find(|&e| self.in_region(arena.target(e), p))
                    {
                        Some(e) => self.choice[v.index()] = Some(e),
                        None => {
                            open = true;
                            break;
                        }
                    }
                }
            } else if arena
                .successors(v)
                .iter()
                .any(|&x| self.region[x.index()] < p)
            {
                open = true;
                break;
            }
        }
        let step = if open {
            Step::Open
        } else {
            // The best escape: the lowest region the opponent can move to from R.
            let mut best = None::<u32>;
            for &v in &queue {
                if arena.owner(v) == Owner::Player(alpha) {
                    continue;
                }
                for &x in arena.successors(v) {
                    let r = self.region[x.index()];
                    if r > p && r != TAKEN && best.is_none_or(|b| r < b) {
                        best = Some(r);
                    }
                }
            }
            match best {
                Some(b) => Step::Promote(b),
                None => Step::Dominion,
            }
        };
        self.queue = queue;
        step
    }

    /// Takes the dominion R of `p`'s player (in `self.queue`) and its attractor in the rest of
    /// the game out of the game. Returns how many positions it took.
    fn dominion(&mut self, p: u32) -> usize {
        self.stats.attractors += 1;
        let arena = self.arena;
        let alpha = winner_of(p);
        let k = self.dominions;
        self.dominions += 1;
        let mut queue = std::mem::take(&mut self.queue);
        for &v in &queue {
            self.solved_in[v.index()] = k;
            self.region[v.index()] = TAKEN;
            self.winner[v.index()] = alpha;
        }
        // Positions solved earlier are out of the game; those of this dominion count as in.
        let mut head = 0;
        while head < queue.len() {
            let w = queue[head];
            head += 1;
            for (&e, &u) in arena.in_edges(w).iter().zip(arena.predecessors(w)) {
                if self.solved(u) {
                    continue;
                }
                let attracted = if arena.owner(u) == Owner::Player(alpha) {
                    self.choice[u.index()] = Some(e);
                    true
                } else {
                    let slot = self.count[u.index()];
                    let left = if slot == 0 {
                        self.touched.push(u);
                        let inside = arena
                            .successors(u)
                            .iter()
                            .filter(|&&x| self.solved_in[x.index()] >= k)
                            .count() as u32;
                        inside - 1
                    } else {
                        slot - 1
                    };
                    self.count[u.index()] = left.max(1);
                    left == 0
                };
                if attracted {
                    self.solved_in[u.index()] = k;
                    self.region[u.index()] = TAKEN;
                    self.winner[u.index()] = alpha;
                    queue.push(u);
                }
            }
        }
        for v in self.touched.drain(..) {
            self.count[v.index()] = 0;
        }
        let taken = queue.len();
        queue.clear();
        self.queue = queue;
        taken
    }
}
