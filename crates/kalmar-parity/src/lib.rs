//! Parity games: two players, Even (player 0, kalmar's Max) and Odd (player 1, Min), move a token
//! forever; each vertex has a priority, and Even wins a play when the largest priority seen
//! infinitely often is even (max-parity, the PGSolver convention). Both players have positional
//! winning strategies (Emerson and Jutla), so a solution is the winner of every vertex and a
//! strategy for each player that wins from its region.
//!
//! Files come in PGSolver's `.pg` format ([`crate::format::pg`]); a vertex without moves loses
//! for its owner. Solvers are listed in [`SOLVERS`]; every solution is checked by [`verify`],
//! which does not trust the solver.
//!
//! The solvers: Zielonka's recursive algorithm ([`zlk`]), its quasi-polynomial variant
//! ([`qpz`]), priority promotion ([`pp`]), tangle learning ([`tl`]), fixpoint iteration
//! ([`fpi`]) and strategy improvement ([`si`]), each behind Oink's [`preprocess`]ing; PGSolver's
//! generators are in [`generate`], the file formats in [`format`](mod@format).
//!
//! # Complexity
//! Each solver states its bounds in its module and in [`SOLVERS`]; the preprocessing costs
//! O(n log n + m) and the verifier O(d (n + m)) for n vertices, m edges and d priorities.
//!
//! # Example
//! ```
//! use kalmar_core::{Certificate, Player};
//! use kalmar_parity::{Options, ParityGame, SOLVERS, Stats, format::read_pg, solve};
//! // Even's 0 (priority 2) may stay or go to Odd's 1, who may return or go to Even's 2, which
//! // loops on priority 3; Odd's 3 (priority 4) may loop or go to 2.
//! let graph = read_pg("parity 3;\n0 2 0 0,1;\n1 1 1 0,2;\n2 3 0 2;\n3 4 1 2,3;\n").unwrap();
//! let game = ParityGame::from_graph(&graph, false).unwrap();
//! let solved = solve(&game, &Options::default()).unwrap();
//! assert_eq!(solved.solution.winner, [Player(0), Player(1), Player(1), Player(1)]);
//! for entry in &SOLVERS {
//!     let solution = (entry.run)(&game, &mut Stats::default());
//!     assert_eq!(solution.winner, solved.solution.winner, "{}", entry.id);
//!     assert!(solution.verify(&game).is_ok());
//! }
//! ```
#![deny(missing_docs)]

pub mod compress;
pub mod cycles;
pub mod format;
pub mod fpi;
pub mod generate;
pub mod pp;
pub mod preprocess;
pub mod qpz;
mod recursion;
pub mod si;
mod solve;
mod sparse_lists;
pub mod tl;
pub mod verify;
pub mod wcwc;
pub mod zlk;

use kalmar_core::format::GameGraph;
use kalmar_core::registry::{Entry, Registry};
use kalmar_core::{Arena, Certificate, Owner, Player, Strategy, VerifyError, Vertex};
use serde::Serialize;
use std::sync::Arc;

pub use solve::{Options, SolveError, Solved, solve};

/// A max-parity game: an arena of two players without terminals or chance, and a priority per
/// vertex.
#[derive(Clone, Debug, PartialEq)]
pub struct ParityGame {
    /// Shared, so that a game with other priorities (compressed ones, say) on the same graph
    /// costs no copy of the graph.
    arena: Arc<Arena>,
    priority: Vec<u32>,
}

/// Why a game graph is not a parity game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParityError {
    /// The game has no priorities.
    #[error("the game has no priorities, so it is not a parity game")]
    NoPriorities,
    /// The game has no vertices.
    #[error("the game has no positions")]
    Empty,
    /// The arena is not declared with two players.
    #[error("a parity game has two players, Even and Odd; this one has {0}")]
    Players(u8),
    /// A vertex belongs to chance.
    #[error("vertex {0}: belongs to chance, but a parity game has no moves of chance")]
    Chance(String),
    /// A vertex is a terminal (parity games are played forever).
    #[error("vertex {0}: has no moves; a parity game is played forever")]
    Terminal(String),
}

/// The priorities of a file's game graph as max-parity ones (see [`ParityGame::from_graph`]).
fn max_parity_priorities(graph: &GameGraph, min_parity: bool) -> Result<Vec<u32>, ParityError> {
    let given = graph.priority.as_ref().ok_or(ParityError::NoPriorities)?;
    let mut priority = given.clone();
    if min_parity {
        // Min-parity to max-parity: reverse the order, keep each parity (and merge runs of
        // one parity, which changes no winner), so no number can overflow.
        let mut distinct = given.clone();
        distinct.sort_unstable_by(|a, b| b.cmp(a));
        distinct.dedup();
        let rank = compress::parity_ranks(&distinct);
        for p in &mut priority {
            let x = *p;
            *p = rank[distinct
                .binary_search_by(|q| x.cmp(q))
                .expect("every priority is listed")];
        }
    }
    Ok(priority)
}

impl ParityGame {
    /// The parity game on `arena` with these priorities (max-parity).
    pub fn new(arena: Arena, priority: Vec<u32>) -> Result<Self, ParityError> {
        ParityGame::on_shared(Arc::new(arena), priority)
    }

    /// [`ParityGame::new`] on an arena shared with others (a file's [`GameGraph`], say).
    pub fn on_shared(arena: Arc<Arena>, priority: Vec<u32>) -> Result<Self, ParityError> {
        if arena.num_vertices() == 0 {
            return Err(ParityError::Empty);
        }
        if arena.num_players() != 2 {
            return Err(ParityError::Players(arena.num_players()));
        }
        assert_eq!(
            priority.len(),
            arena.num_vertices(),
            "one priority per vertex"
        );
        for v in arena.vertices() {
            match arena.owner(v) {
                Owner::Chance => return Err(ParityError::Chance(arena.name(v).into_owned())),
                Owner::Terminal => return Err(ParityError::Terminal(arena.name(v).into_owned())),
                Owner::Player(_) => {}
            }
        }
        Ok(ParityGame { arena, priority })
    }

    /// The parity game of a file's game graph. A dead end (a terminal) loses for its owner: it
    /// becomes a vertex with a self-loop whose priority is odd when Even is stuck there and even
    /// when Odd is. With `min_parity`, the priorities are read in the min-parity convention
    /// (the smallest priority seen infinitely often decides) and turned into max-parity ones of
    /// the same parity, in reverse order. Without dead ends the game shares the graph's
    /// arena: no copy.
    pub fn from_graph(graph: &GameGraph, min_parity: bool) -> Result<Self, ParityError> {
        let arena = &graph.arena;
        let mut priority = max_parity_priorities(graph, min_parity)?;
        if !arena.vertices().any(|v| arena.is_terminal(v)) {
            return ParityGame::on_shared(Arc::clone(arena), priority);
        }
        let mut builder = arena.to_builder();
        for v in arena.vertices() {
            if arena.is_terminal(v) {
                // The payoff says who wins there: [-1] Even is stuck, [1] Odd is.
                let odd_wins = graph.payoff[v.index()]
                    .first()
                    .is_none_or(|x| x.signum().is_lt());
                let stuck = if odd_wins { Player(0) } else { Player(1) };
                builder.set_owner(v, Owner::Player(stuck));
                builder.add_edge(v, v);
                priority[v.index()] = if odd_wins { 1 } else { 0 };
            }
        }
        let arena = builder.build().map_err(|_| ParityError::Empty)?;
        ParityGame::new(arena, priority)
    }

    /// [`ParityGame::from_graph`] for a caller that keeps the graph only to name vertices and
    /// show the file's priorities (a front end writing the answer): what the game has made
    /// redundant is freed from the graph, its payoffs (they only say who loses at each dead
    /// end: an empty vector per vertex) and, where the game's priorities are the file's (no
    /// dead ends, max-parity), its priorities. [`ParityGame::file_priority`] reads either.
    ///
    /// ```
    /// use kalmar_parity::{ParityGame, format::read_pg};
    /// let mut graph = read_pg("parity 1;\n0 3 0 0,1;\n1 2 1 0;\n").unwrap();
    /// let game = ParityGame::from_graph_releasing(&mut graph, false).unwrap();
    /// assert!(graph.payoff.is_empty() && graph.priority.is_none());
    /// assert_eq!(game.file_priority(&graph, kalmar_core::Vertex(0)), 3);
    /// ```
    pub fn from_graph_releasing(
        graph: &mut GameGraph,
        min_parity: bool,
    ) -> Result<Self, ParityError> {
        let game = ParityGame::from_graph(graph, min_parity)?;
        graph.payoff = Vec::new();
        if !min_parity && Arc::ptr_eq(&game.arena, &graph.arena) {
            // The game shares the arena only where the file has no dead ends.
            graph.priority = None;
        }
        Ok(game)
    }

    /// The priority the file gave `v`: the graph's where it kept them, else the game's (see
    /// [`ParityGame::from_graph_releasing`]).
    pub fn file_priority(&self, graph: &GameGraph, v: Vertex) -> u32 {
        graph
            .priority
            .as_ref()
            .map_or(self.priority(v), |p| p[v.index()])
    }

    /// The file form of the game: its arena and priorities, for [`format::write_pg`] or `.gg`.
    ///
    /// ```
    /// use kalmar_parity::{ParityGame, format::{read_pg, write_pg}};
    /// let game = kalmar_parity::generate::laddergame(3).unwrap();
    /// let mut text = String::new();
    /// write_pg(&game.to_graph(), &mut text).unwrap();
    /// assert_eq!(ParityGame::from_graph(&read_pg(&text).unwrap(), false).unwrap(), game);
    /// ```
    pub fn to_graph(&self) -> GameGraph {
        GameGraph {
            priority: Some(self.priority.clone()),
            ..GameGraph::new(Arena::clone(&self.arena))
        }
    }

    /// The game graph.
    pub fn arena(&self) -> &Arena {
        &self.arena
    }

    /// The priority of `v`.
    #[inline]
    pub fn priority(&self, v: Vertex) -> u32 {
        self.priority[v.index()]
    }

    /// The largest priority.
    pub fn max_priority(&self) -> u32 {
        self.priority.iter().copied().max().unwrap_or(0)
    }

    /// The number of distinct priorities.
    pub fn distinct_priorities(&self) -> usize {
        let mut p = self.priority.clone();
        p.sort_unstable();
        p.dedup();
        p.len()
    }
}

/// The player who wins a play whose largest recurring priority is `p`.
#[inline]
pub fn winner_of(p: u32) -> Player {
    Player((p % 2) as u8)
}

/// A solution: the winner of every vertex, and a strategy for both players (each wins from its
/// own region by following it; elsewhere its choices are arbitrary).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ParitySolution {
    /// Per vertex, the player who wins from it.
    pub winner: Vec<Player>,
    /// The chosen edge at every vertex.
    pub strategy: Strategy,
}

impl Certificate<ParityGame> for ParitySolution {
    fn verify(&self, game: &ParityGame) -> Result<(), VerifyError> {
        verify::verify(game, self)
    }
}

/// Counters a parity solver reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Recursive calls, iterations or promotions, as the solver counts its steps.
    pub iterations: u64,
    /// Attractor computations.
    pub attractors: u64,
}

/// A parity solver: the game, counters to fill in, and the solution.
pub type Solver = fn(&ParityGame, &mut Stats) -> ParitySolution;

/// Every parity solver, as `--solver` lists them; [`solve()`] runs one by id.
pub static SOLVERS: Registry<Solver> = Registry::new(
    "parity solver",
    &[
        Entry {
            id: "zlk",
            summary: "Zielonka's recursive algorithm (1998): attractors of the top priorities down to the first inversion, recursion on the rest, no second call when the opponent's attractor stays out",
            bounds: "O(m n^d) time for d priorities",
            run: zlk::solve,
        },
        Entry {
            id: "pp",
            summary: "priority promotion (Benerecetti, Dell'Erba, Mogavero 2016): regions promoted to the opponent's best escape until a dominion closes",
            bounds: "O(m) per promotion, O(d (n + d choose d)) states per search, at most n searches",
            run: pp::solve,
        },
        Entry {
            id: "ppp",
            summary: "priority promotion PP+: after a promotion only the opponent's lower regions are reset",
            bounds: "as pp, with fewer resets; exponential in the worst case",
            run: pp::solve_npp,
        },
        Entry {
            id: "tl",
            summary: "tangle learning (van Dijk, CAV 2018): tangle attractors, tangles from closed regions, dominions attracted and removed",
            bounds: "O(n + m + tangles) per pass; exponentially many passes in the worst case",
            run: tl::solve,
        },
        Entry {
            id: "fpi",
            summary: "fixpoint iteration with distractions and freezing (van Dijk and Rubbens 2019): no attractors, levels reset by priority",
            bounds: "O((n + m) (n/d + 1)^d) time for d priorities",
            run: fpi::solve,
        },
        Entry {
            id: "si",
            summary: "symmetric strategy improvement (Schewe, Trivedi, Varghese 2015): both players improve towards the best answer to the other, discrete valuations",
            bounds: "O(n m) per round; at most prod outdeg(v) rounds",
            run: si::solve,
        },
        Entry {
            id: "sia",
            summary: "discrete strategy improvement (Voege and Jurdzinski 2000) with the switch-all rule, once per player",
            bounds: "O(n m) per round; exponentially many rounds (Friedmann 2009)",
            run: si::solve_switch_all,
        },
        Entry {
            id: "qpz",
            summary: "quasi-polynomial Zielonka (Parys 2019; Lehtinen, Schewe, Wojtczak 2019): recursion with a precision per player, halved in the inner calls",
            bounds: "n^O(log(1 + d / log n)) recursive calls: quasi-polynomial",
            run: qpz::solve,
        },
    ],
);

/// Runs `f`, a recursion at most `depth` levels deep, on a thread with room for it: the
/// current thread when the recursion is shallow (a thread with a large stack costs
/// milliseconds to set up, which would dominate small games and small components).
pub(crate) fn with_stack_for<R: Send>(depth: usize, f: impl FnOnce() -> R + Send) -> R {
    const SHALLOW: usize = 256;
    if depth <= SHALLOW {
        return f();
    }
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(1 << 30)
            .spawn_scoped(s, f)
            .expect("a thread for the recursion")
            .join()
            .expect("the recursion finishes")
    })
}

/// The vertices of `game` by priority, largest first, in index order within a priority: the
/// order in which Zielonka's recursion and tangle learning take their heads. A counting sort,
/// O(n + d) for priorities below d; the solvers call it on compressed games, where d ≤ n + 1.
pub(crate) fn by_priority_largest_first(game: &ParityGame) -> Vec<Vertex> {
    let levels = game.max_priority() as usize + 1;
    // The first place of each priority, counted from the largest.
    let mut start = vec![0u32; levels + 1];
    for &p in &game.priority {
        start[levels - p as usize] += 1;
    }
    for i in 1..=levels {
        start[i] += start[i - 1];
    }
    let mut order = vec![Vertex(0); game.priority.len()];
    for (v, &p) in game.priority.iter().enumerate() {
        let slot = &mut start[levels - 1 - p as usize];
        order[*slot as usize] = Vertex::new(v);
        *slot += 1;
    }
    order
}

/// Fills in an arbitrary move wherever `choice` has none, so that the strategy covers every
/// vertex (the losing player's choices are arbitrary).
pub(crate) fn complete(arena: &Arena, mut choice: Vec<Option<kalmar_core::Edge>>) -> Strategy {
    for v in arena.vertices() {
        if choice[v.index()].is_none() {
            choice[v.index()] = arena.out_edges(v).next();
        }
    }
    Strategy::from_choices(choice)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalmar_core::Builder;

    #[test]
    fn vertices_by_priority_largest_first() {
        let mut b = Builder::new(2);
        let vs: Vec<_> = (0..6)
            .map(|_| b.add_vertex(Owner::Player(Player(0))))
            .collect();
        for &v in &vs {
            b.add_edge(v, v);
        }
        let game = ParityGame::new(b.build().unwrap(), vec![1, 3, 0, 3, 2, 1]).unwrap();
        let order: Vec<u32> = by_priority_largest_first(&game)
            .iter()
            .map(|v| v.0)
            .collect();
        assert_eq!(order, [1, 3, 4, 0, 5, 2]);
    }
}
