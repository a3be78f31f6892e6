//! Winner-controlled winning cycles searched from the top down, the way Oink's preprocessing
//! searches them (T. van Dijk, *Oink: an implementation and evaluation of modern parity game
//! solvers*, TACAS 2018).
//!
//! A vertex `t` whose owner p has the parity of its priority is the possible top of a cycle p
//! wins. Taking the tops from the highest priority down, a depth-first search from `t` over the
//! unsolved vertices of p of priority at most t's finds, by Tarjan's algorithm, the strongly
//! connected components it reaches:
//! - a component with a cycle whose largest priority is p's is won by p, each vertex moving
//!   along a shortest path to a vertex of that priority (found by a backward search inside the
//!   component), which moves back into it;
//! - a single vertex without a self-loop is on no cycle of p's among vertices of priority up to
//!   t's, nor among fewer vertices later: it is never looked at again;
//! - in a component whose largest priority is the opponent's, a cycle through a vertex above p's
//!   best priority there passes only opponent's priorities above it: such vertices are never
//!   looked at again.
//!
//! A vertex reached from a top is not searched again from another top of the same priority.
//! Unlike [`super::cycles::winning_cycles`], which decomposes all of a player's vertices and then
//! the components below their top again and again, the search starts only where a winning top
//! is, and goes only down: on games where no player controls a winning cycle it reads little.
//!
//! # Complexity
//! Each priority's searches read every vertex and edge at most once, so O(d (n + m)) for d
//! priorities in the worst case; under a budget of passes the search stops when that much is
//! read (it only saves the solver work, so stopping early is sound). Run to the end it finds
//! every vertex on a cycle of one player's vertices that he wins.
//!
//! # Example
//! ```
//! use kalmar_core::{Player, Vertex};
//! use kalmar_parity::{ParityGame, format::read_pg, wcwc};
//! // Even's 0 (priority 2) may stay or go to Odd's 1, who may return or go to Even's 2, which
//! // loops on priority 3; Odd's 3 (priority 4) may loop or go to 2.
//! let graph = read_pg("parity 3;\n0 2 0 0,1;\n1 1 1 0,2;\n2 3 0 2;\n3 4 1 2,3;\n").unwrap();
//! let game = ParityGame::from_graph(&graph, false).unwrap();
//! let found = wcwc::winning_cycles(&game, &|_| true, None);
//! // Only Even's loop at 0 is a cycle a player owns and wins.
//! assert_eq!(found.moves.iter().map(|&(v, _)| v).collect::<Vec<_>>(), [Vertex(0)]);
//! assert!(found.complete);
//! ```

use super::cycles::WinningCycles;
use super::{ParityGame, winner_of};
use kalmar_core::scc::Members;
use kalmar_core::{Arena, Edge, Owner, Vertex};

/// In `round`: a vertex never to be searched again (solved, claimed, or on no winning cycle).
const NEVER: u32 = u32::MAX;
/// In `round`: a vertex no search has reached.
const FRESH: u32 = u32::MAX - 1;
/// In `round`: a vertex of the component being claimed.
const CLAIMING: u32 = u32::MAX - 2;

/// Each vertex (among those with `open(v)`) on a cycle of its owner's vertices whose largest
/// priority has his parity, with its move; the searches stop after `budget_passes` passes over
/// the game (vertices and edges), or run to the end with `None`.
pub fn winning_cycles(
    game: &ParityGame,
    open: &impl Fn(Vertex) -> bool,
    budget_passes: Option<usize>,
) -> WinningCycles {
    let arena = game.arena();
    let n = arena.num_vertices();
    let mut budget = budget_passes.map_or(usize::MAX, |passes| {
        passes.saturating_mul(n + arena.num_edges())
    });
    let priority: Vec<u32> = arena.vertices().map(|v| game.priority(v)).collect();
    let owner: Vec<u32> = arena
        .vertices()
        .map(|v| match arena.owner(v) {
            Owner::Player(p) => u32::from(p.0),
            _ => unreachable!("a parity game has only the two players' vertices"),
        })
        .collect();
    let by_priority = Members::group(&priority, game.max_priority() as usize + 1);
    let mut search = Search {
        priority,
        owner,
        round: arena
            .vertices()
            .map(|v| if open(v) { FRESH } else { NEVER })
            .collect(),
        index: vec![0; n],
        lowlink: vec![0; n],
        counter: 0,
        stack: Vec::new(),
        frames: Vec::new(),
        component: Vec::new(),
        moves: Vec::new(),
    };
    for pr in (0..=game.max_priority()).rev() {
        let player = u32::from(winner_of(pr).0);
        for &top in by_priority.of(pr as usize) {
            let r = search.round[top.index()];
            if r == NEVER || r == pr {
                continue; // solved, hopeless, or reached by a search of this round
            }
            let successors = arena.successors(top);
            if search.owner[top.index()] != player
                || !successors.iter().any(|&w| search.follows(w, pr, player))
            {
                // Not the player's top, or on no cycle of his below it.
                search.round[top.index()] = NEVER;
                budget = budget.saturating_sub(1 + successors.len());
                continue;
            }
            let read = search.from(arena, top, pr);
            budget = budget.saturating_sub(read);
            if budget == 0 {
                return WinningCycles {
                    moves: search.moves,
                    complete: false,
                };
            }
        }
    }
    WinningCycles {
        moves: search.moves,
        complete: true,
    }
}

/// The state of the searches.
struct Search {
    priority: Vec<u32>,
    /// Per vertex, its owner's number.
    owner: Vec<u32>,
    /// Per vertex: NEVER, FRESH, CLAIMING, or the priority of the last round that reached it.
    round: Vec<u32>,
    /// Tarjan's numbers; a vertex is reached by the current search when its index is above the
    /// counter's value at the search's start.
    index: Vec<u64>,
    lowlink: Vec<u64>,
    counter: u64,
    /// Tarjan's stack.
    stack: Vec<Vertex>,
    /// The depth-first path: each vertex with the position of its next successor.
    frames: Vec<(Vertex, u32)>,
    component: Vec<Vertex>,
    moves: Vec<(Vertex, Edge)>,
}

impl Search {
    /// Whether a search of the round of `pr` for `player` goes on to `w`: an unsolved vertex of
    /// his of priority up to `pr`, not ruled out, and not reached by an earlier search of the
    /// round.
    #[inline]
    fn follows(&self, w: Vertex, pr: u32, player: u32) -> bool {
        let r = self.round[w.index()];
        r != NEVER && r != pr && self.owner[w.index()] == player && self.priority[w.index()] <= pr
    }

    /// The search from `top` in the round of priority `pr` over its owner's vertices of
    /// priority up to `pr`, settling every component it finds. Returns the vertices and edges
    /// it read.
    fn from(&mut self, arena: &Arena, top: Vertex, pr: u32) -> usize {
        let player = self.owner[top.index()];
        let bottom = self.counter;
        let mut read = 0;
        self.visit(top);
        'frames: while let Some(&(v, next)) = self.frames.last() {
            let successors = arena.successors(v);
            let mut i = next as usize;
            while let Some(&w) = successors.get(i) {
                i += 1;
                if !self.follows(w, pr, player) {
                    continue;
                }
                if self.index[w.index()] <= bottom {
                    self.frames.last_mut().expect("a frame").1 = i as u32;
                    self.visit(w);
                    continue 'frames;
                }
                // On Tarjan's stack: reached by this search, its component not yet settled.
                self.lowlink[v.index()] = self.lowlink[v.index()].min(self.index[w.index()]);
            }
            self.frames.pop();
            read += 1 + successors.len();
            let low = self.lowlink[v.index()];
            if let Some(&(parent, _)) = self.frames.last() {
                self.lowlink[parent.index()] = self.lowlink[parent.index()].min(low);
            }
            if low != self.index[v.index()] {
                continue;
            }
            // `v` is the root of a component: the stack from `v` up.
            self.component.clear();
            if self.stack.last() == Some(&v) {
                self.stack.pop();
                if !successors.contains(&v) {
                    // On no cycle among these vertices, nor among fewer later.
                    self.round[v.index()] = NEVER;
                    continue;
                }
                self.component.push(v);
            } else {
                let at = self
                    .stack
                    .iter()
                    .rposition(|&u| u == v)
                    .expect("a root is on the stack");
                self.component.extend(self.stack.drain(at..));
            }
            self.settle(arena, pr, player);
        }
        read
    }

    fn visit(&mut self, v: Vertex) {
        self.counter += 1;
        self.index[v.index()] = self.counter;
        self.lowlink[v.index()] = self.counter;
        self.stack.push(v);
        self.frames.push((v, 0));
    }

    /// Settles the component just found in the round of `pr` (with a cycle: more than one
    /// vertex, or one with a loop): claims it for `player` if its largest priority is his, and
    /// rules out its vertices that can be on no cycle he wins.
    fn settle(&mut self, arena: &Arena, pr: u32, player: u32) {
        let top = self
            .component
            .iter()
            .copied()
            .max_by_key(|&v| self.priority[v.index()])
            .expect("a component is not empty");
        let top_priority = self.priority[top.index()];
        if u32::from(winner_of(top_priority).0) != player {
            // A cycle through a vertex above the player's best priority here has the
            // opponent's parity at its top, here and in every later round.
            let best_own = self
                .component
                .iter()
                .map(|&v| self.priority[v.index()])
                .filter(|&q| u32::from(winner_of(q).0) == player)
                .max();
            for &v in &self.component {
                let q = self.priority[v.index()];
                self.round[v.index()] = if best_own.is_none_or(|b| q > b) {
                    NEVER
                } else {
                    pr
                };
            }
            return;
        }
        // Won: every vertex moves along a shortest path to `top`, which moves back inside.
        for &v in &self.component {
            self.round[v.index()] = CLAIMING;
        }
        let start = self.moves.len();
        let mut queue = vec![top];
        let mut head = 0;
        while head < queue.len() {
            let w = queue[head];
            head += 1;
            for (&e, &u) in arena.in_edges(w).iter().zip(arena.predecessors(w)) {
                if self.round[u.index()] == CLAIMING {
                    self.round[u.index()] = NEVER;
                    self.moves.push((u, e));
                    queue.push(u);
                }
            }
        }
        debug_assert_eq!(
            self.moves.len() - start,
            self.component.len(),
            "a component reaches its top"
        );
    }
}
