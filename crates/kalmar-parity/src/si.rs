//! Strategy improvement with discrete valuations (J. Vöge and M. Jurdziński, *A discrete
//! strategy improvement algorithm for solving parity games*, CAV 2000), in two rules: the
//! symmetric rule of S. Schewe, A. Trivedi and T. Varghese (*Symmetric strategy improvement*,
//! ICALP 2015), [`solve`], and the classic switch-all rule, [`solve_switch_all`].
//!
//! Vertices are totally ordered by *relevance*: by priority, ties broken by index. A vertex is
//! good for the improving player when its priority has his parity; his *reward* order ranks
//! good vertices above bad ones, more relevant good ones higher and more relevant bad ones lower.
//! When both strategies are fixed, the play from v runs along a path into a cycle, and its *play
//! profile* is the triple (u, P, e): u the most relevant vertex of the cycle, P the set of
//! vertices more relevant than u visited before u, and e the number of moves until u. Profiles
//! are compared by the reward of u; then by the most relevant vertex of the symmetric difference
//! of the P sets (better for the side holding it when it is good); then, when u is good, the
//! shorter path is better, and when u is bad, the longer.
//!
//! For the improver's current strategy σ, the *valuation* gives every vertex the profile of
//! the opponent's best answer to σ; it is computed by Vöge and Jurdziński's algorithm: the
//! candidate cycle vertices are taken from the worst (for the improver) up, a candidate w that
//! lies on a cycle of vertices not more relevant than w claims every vertex that still reaches
//! it, and in that part the more relevant vertices are settled from the most relevant down (a
//! good one is avoided where it can be, a bad one is visited where it can be), each choice fixed
//! by removing the opponent's edges that would undo it; the distances are then the shortest
//! (for a bad w) or longest (for a good w, the rest being acyclic then) paths to w. The improver
//! switches at every vertex where a successor has a strictly better profile than his current
//! one, to a best successor (switch-all, the locally optimal rule). With no improving switch
//! left, σ is optimal: the improver wins exactly the vertices whose profile's cycle vertex is
//! good, and σ wins for him from there.
//!
//! Switch-all runs the algorithm for Even as the improver, and again for Odd (whose good
//! vertices are the odd ones), which gives each player's winning strategy from an optimal
//! strategy of his own; the two runs' winning regions agree.
//!
//! The symmetric rule runs both improvers in lockstep. The valuation of Odd's current strategy
//! τ is made by Even's best answer to τ, and Even's best answer moves, at each of his vertices,
//! to a successor whose profile is worst for Odd; Even switches only where that move improves
//! on his current strategy, and Odd likewise. Schewe, Trivedi and Varghese show that this rule
//! escapes Friedmann's traps, which make switch-all exponential. When neither player's best
//! answer improves on his strategy but some switch still does, both players switch all, so
//! every round strictly improves at least one strategy and the end is optimal for both.
//!
//! # Complexity
//! A valuation costs O(n m) and an improvement step O(n m) (comparing profiles whose sets hold
//! up to n vertices); a symmetric round makes two of each. The number of rounds is at most the
//! number of pairs of strategies, ∏_v outdeg(v); Friedmann (2009) gives games where switch-all
//! takes exponentially many, which the symmetric rule solves in a few rounds.
//!
//! # Example
//! ```
//! use kalmar_core::{Builder, Certificate, Owner, Player};
//! use kalmar_parity::{si, ParityGame, Stats};
//! let mut b = Builder::new(2);
//! let u = b.add_vertex(Owner::Player(Player(1)));
//! let w = b.add_vertex(Owner::Player(Player(0)));
//! b.add_edge(u, u);
//! b.add_edge(u, w);
//! b.add_edge(w, u);
//! // Odd stays on u (priority 3) and wins both.
//! let game = ParityGame::new(b.build().unwrap(), vec![3, 2]).unwrap();
//! let solution = si::solve(&game, &mut Stats::default());
//! assert_eq!(solution.winner, vec![Player(1), Player(1)]);
//! assert!(solution.verify(&game).is_ok());
//! ```

use super::{ParityGame, ParitySolution, Stats, complete};
use kalmar_core::{Arena, Edge, Owner, Player, Vertex};
use std::cmp::Ordering;

/// Solves `game` by symmetric strategy improvement: both players improve at once, each only by
/// switches to the best answer to the other's current strategy.
pub fn solve(game: &ParityGame, stats: &mut Stats) -> ParitySolution {
    let mut even = Improver::new(game, Player(0));
    let mut odd = Improver::new(game, Player(1));
    *stats = Stats::default();
    loop {
        stats.iterations += 1;
        even.valuation();
        odd.valuation();
        let even_all = even.improving_switches();
        let odd_all = odd.improving_switches();
        if even_all.is_empty() && odd_all.is_empty() {
            break;
        }
        let even_guided = even.switches_towards(&odd);
        let odd_guided = odd.switches_towards(&even);
        if even_guided.is_empty() && odd_guided.is_empty() {
            // Neither best answer improves on the current strategies: improve them the
            // classic way, so that every round makes progress.
            even.switch(&even_all);
            odd.switch(&odd_all);
        } else {
            even.switch(&even_guided);
            odd.switch(&odd_guided);
        }
    }
    solution(game, &even, &odd)
}

/// Solves `game` by discrete strategy improvement with the switch-all rule, once for each
/// player (the classic algorithm, kept for Friedmann's lower bounds).
pub fn solve_switch_all(game: &ParityGame, stats: &mut Stats) -> ParitySolution {
    *stats = Stats::default();
    let [even, odd] = [Player(0), Player(1)].map(|player| {
        let mut si = Improver::new(game, player);
        loop {
            stats.iterations += 1;
            si.valuation();
            let switches = si.improving_switches();
            if switches.is_empty() {
                return si;
            }
            si.switch(&switches);
        }
    });
    solution(game, &even, &odd)
}

/// The solution given by the optimal strategies of both improvers: Even wins where the cycle
/// vertex of his valuation is good for him.
fn solution(game: &ParityGame, even: &Improver<'_>, odd: &Improver<'_>) -> ParitySolution {
    let arena = game.arena();
    let winner = arena
        .vertices()
        .map(|v| {
            let even_wins = even.good(even.cycle[v.index()]);
            debug_assert_eq!(even_wins, !odd.good(odd.cycle[v.index()]), "the runs agree");
            if even_wins { Player(0) } else { Player(1) }
        })
        .collect();
    let choice = arena
        .vertices()
        .map(|v| {
            let improver = if even.mine(v) { even } else { odd };
            Some(improver.sigma[v.index()])
        })
        .collect();
    ParitySolution {
        winner,
        strategy: complete(arena, choice),
    }
}

/// Strategy improvement for one player, the improver.
struct Improver<'a> {
    arena: &'a Arena,
    player: Player,
    /// Per vertex: its rank in the relevance order (by priority, then index).
    rank: Vec<u32>,
    /// The vertex of each rank.
    by_rank: Vec<Vertex>,
    /// Per vertex: whether its priority has the improver's parity.
    is_good: Vec<bool>,
    /// The improver's strategy: an edge at each of his vertices (unused elsewhere).
    sigma: Vec<Edge>,
    /// The valuation: per vertex, the rank of the cycle vertex, the ranks of P in decreasing
    /// order, and the distance.
    cycle: Vec<u32>,
    path: Vec<Vec<u32>>,
    distance: Vec<u32>,
    // Scratch memory of the valuation.
    /// Per edge: whether it is still in the graph of the opponent's possible answers.
    active: Vec<bool>,
    valued: Vec<bool>,
    /// Per vertex: the stamp of the last set it was put in.
    mark: Vec<u32>,
    stamp: u32,
    /// Per vertex: the stamp of the part (K) being subvalued it belongs to.
    part: Vec<u32>,
    /// Per vertex: its position in the list of the part's members.
    position: Vec<u32>,
    queue: Vec<Vertex>,
}

impl<'a> Improver<'a> {
    fn new(game: &'a ParityGame, player: Player) -> Self {
        let arena = game.arena();
        let n = arena.num_vertices();
        let mut by_rank: Vec<Vertex> = arena.vertices().collect();
        by_rank.sort_by_key(|&v| (game.priority(v), v));
        let mut rank = vec![0; n];
        for (r, &v) in by_rank.iter().enumerate() {
            rank[v.index()] = r as u32;
        }
        let sigma = arena
            .vertices()
            .map(|v| arena.out_edges(v).next().unwrap_or(Edge(0)))
            .collect();
        Improver {
            arena,
            player,
            rank,
            is_good: arena
                .vertices()
                .map(|v| game.priority(v) % 2 == u32::from(player.0))
                .collect(),
            by_rank,
            sigma,
            cycle: vec![0; n],
            path: vec![Vec::new(); n],
            distance: vec![0; n],
            active: vec![false; arena.num_edges()],
            valued: vec![false; n],
            mark: vec![0; n],
            stamp: 0,
            part: vec![0; n],
            position: vec![0; n],
            queue: Vec::new(),
        }
    }

    /// Whether the vertex of rank `r` is good for the improver.
    #[inline]
    fn good(&self, r: u32) -> bool {
        self.is_good[self.by_rank[r as usize].index()]
    }

    /// The reward of the vertex of rank `r`: higher is better for the improver.
    #[inline]
    fn reward(&self, r: u32) -> i64 {
        if self.good(r) {
            i64::from(r) + 1
        } else {
            -(i64::from(r) + 1)
        }
    }

    fn mine(&self, v: Vertex) -> bool {
        self.arena.owner(v) == Owner::Player(self.player)
    }

    /// After a valuation: at each of the improver's vertices with an improving switch, the
    /// switch to a best successor.
    fn improving_switches(&self) -> Vec<(Vertex, Edge)> {
        let arena = self.arena;
        let mut switches = Vec::new();
        for v in arena.vertices().filter(|&v| self.mine(v)) {
            let current = self.sigma[v.index()];
            let mut best = current;
            for e in arena.out_edges(v) {
                if self.compare(arena.target(e), arena.target(best)) == Ordering::Greater {
                    best = e;
                }
            }
            if best != current {
                switches.push((v, best));
            }
        }
        switches
    }

    /// After both valuations: the improving switches to the improver's best answer to the
    /// other's current strategy (Schewe, Trivedi and Varghese's symmetric rule). The other's
    /// valuation is that of the improver's best answer, so at each of the improver's vertices
    /// the answer moves to a successor whose profile is worst for the other.
    fn switches_towards(&self, other: &Improver<'_>) -> Vec<(Vertex, Edge)> {
        let arena = self.arena;
        arena
            .vertices()
            .filter(|&v| self.mine(v))
            .filter_map(|v| {
                let answer = arena.out_edges(v).reduce(|worst, e| {
                    if other.compare(arena.target(e), arena.target(worst)) == Ordering::Less {
                        e
                    } else {
                        worst
                    }
                })?;
                let current = arena.target(self.sigma[v.index()]);
                (self.compare(arena.target(answer), current) == Ordering::Greater)
                    .then_some((v, answer))
            })
            .collect()
    }

    /// Applies `switches` to the improver's strategy.
    fn switch(&mut self, switches: &[(Vertex, Edge)]) {
        for &(v, e) in switches {
            self.sigma[v.index()] = e;
        }
    }

    /// Compares the profiles of `a` and `b` for the improver (`Greater`: `a` is better).
    fn compare(&self, a: Vertex, b: Vertex) -> Ordering {
        let (ua, ub) = (self.cycle[a.index()], self.cycle[b.index()]);
        if ua != ub {
            return self.reward(ua).cmp(&self.reward(ub));
        }
        let (pa, pb) = (&self.path[a.index()], &self.path[b.index()]);
        let same = pa.iter().zip(pb).take_while(|(x, y)| x == y).count();
        let first_difference = match (pa.get(same), pb.get(same)) {
            (None, None) => None,
            (Some(&x), None) => Some((x, true)),
            (None, Some(&y)) => Some((y, false)),
            (Some(&x), Some(&y)) => Some(if x > y { (x, true) } else { (y, false) }),
        };
        if let Some((r, in_a)) = first_difference {
            // The most relevant vertex of the symmetric difference is r, on a's side if in_a.
            return if self.good(r) == in_a {
                Ordering::Greater
            } else {
                Ordering::Less
            };
        }
        let (da, db) = (self.distance[a.index()], self.distance[b.index()]);
        if self.good(ua) {
            db.cmp(&da)
        } else {
            da.cmp(&db)
        }
    }

    /// Restores the graph of the opponent's answers (the improver's chosen edges and all edges
    /// of the opponent) and marks every vertex unvalued.
    fn reset_graph(&mut self) {
        let arena = self.arena;
        for v in arena.vertices() {
            let mine = self.mine(v);
            for e in arena.out_edges(v) {
                self.active[e.index()] = !mine || e == self.sigma[v.index()];
            }
        }
        self.valued.iter_mut().for_each(|x| *x = false);
    }

    /// A fresh stamp for `mark` (reset when it wraps).
    fn next_stamp(&mut self) -> u32 {
        if self.stamp == u32::MAX {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.part.iter_mut().for_each(|m| *m = 0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
    }

    /// The vertices that reach `target` over active edges through vertices for which `allowed`
    /// holds (`target` itself first, whatever `allowed` says of it); they are marked with the
    /// returned stamp.
    fn reach_back(&mut self, target: Vertex, allowed: impl Fn(&Self, Vertex) -> bool) -> u32 {
        let arena = self.arena;
        let stamp = self.next_stamp();
        self.queue.clear();
        self.queue.push(target);
        self.mark[target.index()] = stamp;
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            for &e in arena.in_edges(v) {
                let u = arena.source(e);
                if self.active[e.index()] && self.mark[u.index()] != stamp && allowed(self, u) {
                    self.mark[u.index()] = stamp;
                    self.queue.push(u);
                }
            }
        }
        stamp
    }

    /// Computes the valuation of `sigma` (Vöge and Jurdziński's `valuation`).
    fn valuation(&mut self) {
        let arena = self.arena;
        let n = arena.num_vertices();
        self.reset_graph();
        // Candidates from the worst for the improver up: bad ones from the most relevant down,
        // then good ones from the least relevant up.
        let mut candidates: Vec<u32> = (0..n as u32).rev().filter(|&r| !self.good(r)).collect();
        candidates.extend((0..n as u32).filter(|&r| self.good(r)));
        for r in candidates {
            let w = self.by_rank[r as usize];
            if self.valued[w.index()] {
                continue;
            }
            // Is w on a cycle of unvalued vertices not more relevant than w?
            let low = self.reach_back(w, |s, u| !s.valued[u.index()] && s.rank[u.index()] <= r);
            let on_cycle = arena
                .out_edges(w)
                .any(|e| self.active[e.index()] && self.mark[arena.target(e).index()] == low);
            if !on_cycle {
                continue;
            }
            let reach = self.reach_back(w, |s, u| !s.valued[u.index()]);
            let members = self.queue.clone();
            debug_assert!(members.iter().all(|v| self.mark[v.index()] == reach));
            self.subvaluation(&members, w);
            for &v in &members {
                self.valued[v.index()] = true;
            }
        }
    }

    /// Values the part `members` (every unvalued vertex that reaches `w`), whose cycle vertex is
    /// `w` (Vöge and Jurdziński's `subvaluation`).
    fn subvaluation(&mut self, members: &[Vertex], w: Vertex) {
        let arena = self.arena;
        let part = self.next_stamp();
        for &v in members {
            self.part[v.index()] = part;
            self.cycle[v.index()] = self.rank[w.index()];
            self.path[v.index()].clear();
        }
        let rw = self.rank[w.index()];
        let mut higher: Vec<u32> = members
            .iter()
            .map(|v| self.rank[v.index()])
            .filter(|&r| r > rw)
            .collect();
        higher.sort_unstable_by(|a, b| b.cmp(a));
        for ru in higher {
            let u = self.by_rank[ru as usize];
            if self.good(ru) {
                // The opponent avoids u wherever he can: U reaches w without u.
                let inside = self.reach_back(w, move |s, x| s.part[x.index()] == part && x != u);
                for &v in members {
                    if self.mark[v.index()] != inside {
                        self.path[v.index()].push(ru);
                    }
                }
                // No move from U or from u leaves U.
                for &x in members {
                    if self.mark[x.index()] == inside || x == u {
                        self.cut_leaving(x, inside, part);
                    }
                }
            } else {
                // The opponent visits u wherever he can: U reaches u without w.
                let inside = self.reach_back(u, move |s, x| s.part[x.index()] == part && x != w);
                for &v in members {
                    if self.mark[v.index()] == inside {
                        self.path[v.index()].push(ru);
                    }
                }
                // No move from U other than u's leaves U.
                for &x in members {
                    if self.mark[x.index()] == inside && x != u {
                        self.cut_leaving(x, inside, part);
                    }
                }
            }
        }
        // Distances to w over the remaining edges of the part.
        for &v in members {
            self.distance[v.index()] = u32::MAX;
        }
        self.distance[w.index()] = 0;
        if self.good(rw) {
            // The opponent delays: longest paths, in the part without w's moves, which is
            // acyclic now. Kahn's order backwards from w.
            let mut left: Vec<u32> = members
                .iter()
                .map(|&v| {
                    if v == w {
                        0
                    } else {
                        arena.out_edges(v).filter(|&e| self.live(e, part)).count() as u32
                    }
                })
                .collect();
            for (i, &v) in members.iter().enumerate() {
                self.position[v.index()] = i as u32;
            }
            let mut longest = vec![0u32; members.len()];
            self.queue.clear();
            self.queue.push(w);
            let mut head = 0;
            while head < self.queue.len() {
                let y = self.queue[head];
                head += 1;
                let dy = longest[self.position[y.index()] as usize];
                self.distance[y.index()] = dy;
                for &e in arena.in_edges(y) {
                    let x = arena.source(e);
                    if x == w || !self.live(e, part) {
                        continue;
                    }
                    let i = self.position[x.index()] as usize;
                    longest[i] = longest[i].max(dy + 1);
                    left[i] -= 1;
                    if left[i] == 0 {
                        self.queue.push(x);
                    }
                }
            }
        } else {
            // The opponent hurries: shortest paths.
            self.queue.clear();
            self.queue.push(w);
            let mut head = 0;
            while head < self.queue.len() {
                let y = self.queue[head];
                head += 1;
                let dy = self.distance[y.index()];
                for &e in arena.in_edges(y) {
                    let x = arena.source(e);
                    if self.live(e, part) && self.distance[x.index()] == u32::MAX {
                        self.distance[x.index()] = dy + 1;
                        self.queue.push(x);
                    }
                }
            }
        }
    }

    /// Whether edge `e` is active and stays inside the part stamped `part`.
    #[inline]
    fn live(&self, e: Edge, part: u32) -> bool {
        let arena = self.arena;
        self.active[e.index()]
            && self.part[arena.source(e).index()] == part
            && self.part[arena.target(e).index()] == part
    }

    /// Removes the active edges from `x` to vertices of the part not marked `inside`.
    fn cut_leaving(&mut self, x: Vertex, inside: u32, part: u32) {
        let arena = self.arena;
        for e in arena.out_edges(x) {
            let y = arena.target(e);
            if self.part[y.index()] == part && self.mark[y.index()] != inside {
                self.active[e.index()] = false;
            }
        }
    }
}
