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
//! [`claim_winning_cycles`] hands the cycles won over as they are found: the preprocessing
//! solves each with its attractor at once, so that no later search reads what they took, and a
//! search ends at its first won cycle, as Oink's does (the vertices on its stacks reach that
//! cycle through the player's vertices, so the attractor took them).
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

use super::{ParityGame, compress::compress, winner_of};
use kalmar_core::scc::Members;
use kalmar_core::{Arena, Edge, Owner, Vertex};

/// The winning cycles found by [`winning_cycles`].
#[derive(Clone, Debug, Default)]
pub struct WinningCycles {
    /// Each vertex on a cycle of its owner's vertices that he wins, with its move.
    pub moves: Vec<(Vertex, Edge)>,
    /// Whether the search ran to the end, so that every such vertex is listed.
    pub complete: bool,
}

/// In `round`: a vertex never to be searched again (solved, claimed, or on no winning cycle).
const NEVER: u32 = u32::MAX;
/// In `round`: a vertex no search has reached.
const FRESH: u32 = u32::MAX - 1;
/// In `round`: a vertex of the component being claimed.
const CLAIMING: u32 = u32::MAX - 2;

/// What the search for winning cycles works for: the vertices it may search, and what becomes
/// of each won cycle as soon as it is found.
pub trait Claims {
    /// Whether [`Claims::claim`] solves, with each cycle, every vertex of the cycle's player
    /// that can move to what it solved (as an attractor does). A search then ends at its first
    /// won cycle, as Oink's does: every vertex it holds on its stacks reaches that cycle through
    /// the player's vertices, so it is solved too.
    const ATTRACTS: bool;
    /// Whether `v` is unsolved, to be searched (asked once per vertex, before the searches).
    fn is_open(&self, v: Vertex) -> bool;
    /// Takes the vertices of the cycles won in one search from a top, each with its move, and
    /// pushes onto `solved` what it solves with them (their attractor, say): no later search
    /// reads those.
    fn claim(&mut self, moves: &[(Vertex, Edge)], solved: &mut Vec<Vertex>);
}

/// Each vertex (among those with `open(v)`) on a cycle of its owner's vertices whose largest
/// priority has his parity, with its move; the searches stop after `budget_passes` passes over
/// the game (vertices and edges), or run to the end with `None`.
pub fn winning_cycles(
    game: &ParityGame,
    open: &impl Fn(Vertex) -> bool,
    budget_passes: Option<usize>,
) -> WinningCycles {
    struct Collect<'a, F> {
        open: &'a F,
        moves: Vec<(Vertex, Edge)>,
    }
    impl<F: Fn(Vertex) -> bool> Claims for Collect<'_, F> {
        const ATTRACTS: bool = false;
        fn is_open(&self, v: Vertex) -> bool {
            (self.open)(v)
        }
        fn claim(&mut self, moves: &[(Vertex, Edge)], _: &mut Vec<Vertex>) {
            self.moves.extend_from_slice(moves);
        }
    }
    let mut found = Collect {
        open,
        moves: Vec::new(),
    };
    let complete = claim_winning_cycles(game, &mut found, budget_passes);
    WinningCycles {
        moves: found.moves,
        complete,
    }
}

/// The searches of [`winning_cycles`], handing the cycles won in each search to `claims` as
/// soon as it ends, so that what `claims` solves with them (their attractor) is not searched
/// again: on games where one early cycle's attractor takes most of the game, the searches
/// below it read little. Returns whether the searches ran to the end (within the budget).
pub fn claim_winning_cycles(
    game: &ParityGame,
    claims: &mut impl Claims,
    budget_passes: Option<usize>,
) -> bool {
    // Compressed, every priority is below the number of vertices, so that it fits beside the
    // owner in one word.
    let game = &compress(game);
    let arena = game.arena();
    let n = arena.num_vertices();
    let mut budget = budget_passes.map_or(usize::MAX, |passes| {
        passes.saturating_mul(n + arena.num_edges())
    });
    let priority = &game.priority;
    let by_priority = Members::group(priority, game.max_priority() as usize + 1);
    let mut search = Search {
        vertex: arena
            .vertices()
            .map(|v| Facts {
                round: if claims.is_open(v) { FRESH } else { NEVER },
                rank: priority[v.index()] << 1
                    | match arena.owner(v) {
                        Owner::Player(p) => u32::from(p.0),
                        _ => unreachable!("a parity game has only the two players' vertices"),
                    },
            })
            .collect(),
        numbers: vec![(0, 0); n],
        counter: 0,
        stack: Vec::new(),
        frames: Vec::new(),
        moves: Vec::new(),
        solved: Vec::new(),
    };
    for pr in (0..=game.max_priority()).rev() {
        let player = u32::from(winner_of(pr).0);
        for &top in by_priority.of(pr as usize) {
            let r = search.vertex[top.index()].round;
            if r == NEVER || r == pr {
                continue; // solved, hopeless, or reached by a search of this round
            }
            let successors = arena.successors(top);
            if search.vertex[top.index()].owner() != player
                || !successors.iter().any(|&w| search.follows(w, pr, player))
            {
                // Not the player's top, or on no cycle of his below it.
                search.vertex[top.index()].round = NEVER;
                budget = budget.saturating_sub(1 + successors.len());
                continue;
            }
            let read = search.from(arena, top, pr, claims);
            search.hand_over(claims);
            budget = budget.saturating_sub(read);
            if budget == 0 {
                return false;
            }
        }
    }
    true
}

/// What a search asks of a vertex when it meets it, in one word.
#[derive(Clone, Copy)]
struct Facts {
    /// NEVER, FRESH, CLAIMING, or the priority of the last round that reached it.
    round: u32,
    /// Twice its priority, plus its owner's number.
    rank: u32,
}

impl Facts {
    fn priority(self) -> u32 {
        self.rank >> 1
    }

    fn owner(self) -> u32 {
        self.rank & 1
    }
}

/// The state of the searches.
struct Search {
    vertex: Vec<Facts>,
    /// Tarjan's index and lowlink of each vertex; a vertex is reached by the current search
    /// when its index is above the counter's value at the search's start (all start again
    /// from 0 before the counter could overflow).
    numbers: Vec<(u32, u32)>,
    counter: u32,
    /// Tarjan's stack.
    stack: Vec<Vertex>,
    /// The depth-first path: each vertex with the position of its next successor.
    frames: Vec<(Vertex, u32)>,
    /// The moves of the won cycles not yet handed to the claims.
    moves: Vec<(Vertex, Edge)>,
    /// Scratch: what the claims solved besides.
    solved: Vec<Vertex>,
}

impl Search {
    /// Hands the won cycles found so far to `claims`; what they solve is never searched again.
    fn hand_over(&mut self, claims: &mut impl Claims) {
        if self.moves.is_empty() {
            return;
        }
        claims.claim(&self.moves, &mut self.solved);
        self.moves.clear();
        for v in self.solved.drain(..) {
            self.vertex[v.index()].round = NEVER;
        }
    }

    /// Whether a search of the round of `pr` for `player` goes on to `w`: an unsolved vertex of
    /// his of priority up to `pr`, not ruled out, and not reached by an earlier search of the
    /// round.
    #[inline]
    fn follows(&self, w: Vertex, pr: u32, player: u32) -> bool {
        let facts = self.vertex[w.index()];
        facts.round != NEVER
            && facts.round != pr
            && facts.owner() == player
            && facts.priority() <= pr
    }

    /// The search from `top` in the round of priority `pr` over its owner's vertices of
    /// priority up to `pr`, settling every component it finds, or up to the first won one when
    /// the claims attract (see [`Claims::ATTRACTS`]). Returns the vertices and edges it read.
    fn from<C: Claims>(&mut self, arena: &Arena, top: Vertex, pr: u32, claims: &mut C) -> usize {
        let player = self.vertex[top.index()].owner();
        if self.counter > u32::MAX - self.vertex.len() as u32 {
            self.numbers.fill((0, 0));
            self.counter = 0;
        }
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
                let (index, _) = self.numbers[w.index()];
                if index <= bottom {
                    self.frames.last_mut().expect("a frame").1 = i as u32;
                    self.visit(w);
                    continue 'frames;
                }
                // On Tarjan's stack: reached by this search, its component not yet settled.
                let low = &mut self.numbers[v.index()].1;
                *low = (*low).min(index);
            }
            self.frames.pop();
            read += 1 + successors.len();
            let (index, low) = self.numbers[v.index()];
            if let Some(&(parent, _)) = self.frames.last() {
                let parent_low = &mut self.numbers[parent.index()].1;
                *parent_low = (*parent_low).min(low);
            }
            if low != index {
                continue;
            }
            // `v` is the root of a component: the stack from `v` up, settled where it lies.
            let at = self
                .stack
                .iter()
                .rposition(|&u| u == v)
                .expect("a root is on the stack");
            if at + 1 == self.stack.len() && !successors.contains(&v) {
                // On no cycle among these vertices, nor among fewer later.
                self.stack.pop();
                self.vertex[v.index()].round = NEVER;
                continue;
            }
            let won = self.settle(arena, pr, player, at);
            self.stack.truncate(at);
            if won && C::ATTRACTS {
                self.hand_over(claims);
                self.stack.clear();
                self.frames.clear();
                break;
            }
        }
        read
    }

    fn visit(&mut self, v: Vertex) {
        self.counter += 1;
        self.numbers[v.index()] = (self.counter, self.counter);
        self.stack.push(v);
        self.frames.push((v, 0));
    }

    /// Settles the component just found in the round of `pr`, the stack from `at` up (with a
    /// cycle: more than one vertex, or one with a loop): claims it for `player` if its largest
    /// priority is his, and rules out its vertices that can be on no cycle he wins. Returns
    /// whether it claimed it.
    fn settle(&mut self, arena: &Arena, pr: u32, player: u32, at: usize) -> bool {
        let component = &self.stack[at..];
        let top = component
            .iter()
            .copied()
            .max_by_key(|&v| self.vertex[v.index()].priority())
            .expect("a component is not empty");
        let top_priority = self.vertex[top.index()].priority();
        if u32::from(winner_of(top_priority).0) != player {
            // A cycle through a vertex above the player's best priority here has the
            // opponent's parity at its top, here and in every later round.
            let best_own = component
                .iter()
                .map(|&v| self.vertex[v.index()].priority())
                .filter(|&q| u32::from(winner_of(q).0) == player)
                .max();
            for &v in component {
                let q = self.vertex[v.index()].priority();
                self.vertex[v.index()].round = if best_own.is_none_or(|b| q > b) {
                    NEVER
                } else {
                    pr
                };
            }
            return false;
        }
        // Won: every vertex moves along a shortest path to `top`, which moves back inside. The
        // moves claimed are the search's queue: `top` first, then each vertex claimed.
        for &v in component {
            self.vertex[v.index()].round = CLAIMING;
        }
        let start = self.moves.len();
        let mut head = start;
        let mut w = top;
        loop {
            for (&e, &u) in arena.in_edges(w).iter().zip(arena.predecessors(w)) {
                if self.vertex[u.index()].round == CLAIMING {
                    self.vertex[u.index()].round = NEVER;
                    self.moves.push((u, e));
                }
            }
            let Some(&(next, _)) = self.moves.get(head) else {
                break;
            };
            w = next;
            head += 1;
        }
        debug_assert_eq!(
            self.moves.len() - start,
            component.len(),
            "a component reaches its top"
        );
        true
    }
}
