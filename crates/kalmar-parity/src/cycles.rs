//! Winner-controlled winning cycles, a preprocessing step of Oink (T. van Dijk, *Oink: an
//! implementation and evaluation of modern parity game solvers*, TACAS 2018).
//!
//! A cycle on which every vertex belongs to player p and whose largest priority has p's parity
//! is won by p from each of its vertices: he just goes round it. The vertices on such cycles
//! are found as a one-player game is solved: take the strongly connected components of the
//! graph of p's unsolved vertices; a component with a cycle whose largest priority M has p's
//! parity is p's (he goes to a vertex of priority M along shortest paths, and from it back into
//! the component); in a component whose largest priority is the opponent's, the vertices of
//! priorities above p's largest one there (all the opponent's) are removed and what is left is
//! decomposed again. Each set is first rid of the vertices above the player's best priority in
//! it together with their attractor for the opponent (every path inside the set from those reaches one), which on games where every
//! cycle passes such a vertex ends the search in one pass instead of two decompositions.
//!
//! # Complexity
//! A decomposition costs O(n + m) and each round removes at least the top priority from a
//! component, so the worst case is O(d (n + m)) for d priorities. The decomposition is
//! complete, which solves a game where only one player moves: he wins exactly where he can
//! reach one of his winning cycles. While both players move, the preprocessing searches under a
//! budget from the tops down instead ([`super::wcwc`]), which reads little where no player
//! controls a winning cycle.
//!
//! # Example
//! ```
//! use kalmar_core::{Player, Vertex};
//! use kalmar_parity::{ParityGame, cycles, format::read_pg};
//! // Even's 0 (priority 2) may stay or go to Odd's 1, who may return or go to Even's 2, which
//! // loops on priority 3; Odd's 3 (priority 4) may loop or go to 2.
//! let graph = read_pg("parity 3;\n0 2 0 0,1;\n1 1 1 0,2;\n2 3 0 2;\n3 4 1 2,3;\n").unwrap();
//! let game = ParityGame::from_graph(&graph, false).unwrap();
//! // Even wins on his loop at 0; Odd has no cycle of his own.
//! let even = cycles::winning_cycles(&game, Player(0), &|_| true);
//! assert_eq!(even.iter().map(|&(v, _)| v).collect::<Vec<_>>(), [Vertex(0)]);
//! assert!(cycles::winning_cycles(&game, Player(1), &|_| true).is_empty());
//! // Where only Even moves, he wins where he can reach a winning cycle.
//! let graph = read_pg("parity 2;\n0 1 0 1,2;\n1 2 0 1;\n2 3 0 2;\n").unwrap();
//! let solo = ParityGame::from_graph(&graph, false).unwrap();
//! let solution = cycles::solve_one_player(&solo, Player(0));
//! assert_eq!(solution.winner, [Player(0), Player(0), Player(1)]);
//! ```

use super::{ParityGame, ParitySolution, complete, winner_of};
use kalmar_core::scc::{Components, strongly_connected_components_of_slices};
use kalmar_core::{Arena, AttractorScratch, Edge, Owner, Player, Vertex, attract_in};

/// The vertices of `player` (among those with `open(v)`) in the components of his own vertices
/// that have a cycle he wins, each with its move: every vertex on such a cycle.
pub fn winning_cycles(
    game: &ParityGame,
    player: Player,
    open: &impl Fn(Vertex) -> bool,
) -> Vec<(Vertex, Edge)> {
    let arena = game.arena();
    let n = arena.num_vertices();
    // Per vertex: its index in the set being decomposed, or u32::MAX.
    let mut local = vec![u32::MAX; n];
    let mut won: Vec<(Vertex, Edge)> = Vec::new();
    let mut claimed = vec![false; n];
    let mut peel = Peel::new(n);
    let mut sets: Vec<Vec<Vertex>> = vec![
        arena
            .vertices()
            .filter(|&v| arena.owner(v) == Owner::Player(player) && open(v))
            .collect(),
    ];
    while let Some(mut set) = sets.pop() {
        // The graph of the set, in local ids.
        for (i, &v) in set.iter().enumerate() {
            local[v.index()] = i as u32;
        }
        // The vertices above the player's best priority are lost at once, with every vertex
        // all of whose paths lead to them: on games whose cycles all pass one of them, one pass
        // where a decomposition would take two.
        for v in peel.lost(arena, game, player, &set) {
            local[v.index()] = u32::MAX;
        }
        set.retain(|v| local[v.index()] != u32::MAX);
        for (i, &v) in set.iter().enumerate() {
            local[v.index()] = i as u32;
        }
        let components = components_inside(arena, &set, &local);
        let members = components.members();
        for (c, local_component) in members.iter().enumerate() {
            let single = local_component.len() == 1;
            let v0 = set[local_component[0].index()];
            if single && !arena.successors(v0).contains(&v0) {
                continue; // no cycle
            }
            let component: Vec<Vertex> = local_component.iter().map(|w| set[w.index()]).collect();
            let top = component
                .iter()
                .map(|&v| game.priority(v))
                .max()
                .expect("not empty");
            if winner_of(top) == player {
                let inside = |u: Vertex| {
                    let i = local[u.index()];
                    i != u32::MAX && components.of(Vertex(i)) == c
                };
                claim(game, &component, top, inside, &mut claimed, &mut won);
            } else if !single {
                // Every priority above the player's best one here is the opponent's, so a
                // cycle through any of them is lost: remove them all at once.
                let best_own = component
                    .iter()
                    .map(|&v| game.priority(v))
                    .filter(|&q| winner_of(q) == player)
                    .max();
                if let Some(best_own) = best_own {
                    let rest: Vec<Vertex> = component
                        .into_iter()
                        .filter(|&v| game.priority(v) <= best_own)
                        .collect();
                    sets.push(rest);
                }
            }
        }
        for &v in &set {
            local[v.index()] = u32::MAX;
        }
    }
    won
}

/// The strongly connected components of the graph `arena` induces on `part`, in local ids:
/// `local` gives each vertex of `part` its index there, and `u32::MAX` to every other vertex.
pub(super) fn components_inside(arena: &Arena, part: &[Vertex], local: &[u32]) -> Components {
    let mut offset = Vec::with_capacity(part.len() + 1);
    let mut inner = Vec::new();
    offset.push(0);
    for &v in part {
        inner.extend(
            arena
                .successors(v)
                .iter()
                .map(|w| local[w.index()])
                .filter(|&w| w != u32::MAX)
                .map(Vertex),
        );
        offset.push(inner.len());
    }
    strongly_connected_components_of_slices(part.len(), |v| {
        &inner[offset[v.index()]..offset[v.index() + 1]]
    })
}

/// Solves a game in which every vertex belongs to `player`: he wins where he can reach one of
/// his winning cycles (moving along the way there), and the opponent wins everywhere else.
///
/// # Complexity
/// O(d (n + m)): the complete decomposition of [`winning_cycles`], then one backward search.
pub fn solve_one_player(game: &ParityGame, player: Player) -> ParitySolution {
    let arena = game.arena();
    debug_assert!(
        arena
            .vertices()
            .all(|v| arena.owner(v) == Owner::Player(player))
    );
    let mut choice: Vec<Option<Edge>> = vec![None; arena.num_vertices()];
    let mut reached = winning_cycles(game, player, &|_| true);
    for &(v, e) in &reached {
        choice[v.index()] = Some(e);
    }
    let mut head = 0;
    while head < reached.len() {
        let (w, _) = reached[head];
        head += 1;
        for (&e, &u) in arena.in_edges(w).iter().zip(arena.predecessors(w)) {
            if choice[u.index()].is_none() {
                choice[u.index()] = Some(e);
                reached.push((u, e));
            }
        }
    }
    let opponent = Player(1 - player.0);
    let winner = choice
        .iter()
        .map(|c| if c.is_some() { player } else { opponent })
        .collect();
    ParitySolution {
        winner,
        strategy: complete(arena, choice),
    }
}

/// The memory of the peel that starts each set of a search run to the end.
struct Peel {
    /// Per vertex, whether it is in the set being peeled.
    alive: Vec<bool>,
    /// The attractor's strategy: never written, since every vertex of a set is the player's.
    strategy: Vec<Option<Edge>>,
    scratch: AttractorScratch,
}

impl Peel {
    fn new(n: usize) -> Peel {
        Peel {
            alive: vec![false; n],
            strategy: vec![None; n],
            scratch: AttractorScratch::default(),
        }
    }

    /// The vertices of `set` (all of them `player`'s) on no cycle inside the set that
    /// `player` wins: those above his best priority there, with the opponent's attractor of
    /// them inside the set (every path from those inside the set reaches one).
    fn lost(
        &mut self,
        arena: &Arena,
        game: &ParityGame,
        player: Player,
        set: &[Vertex],
    ) -> Vec<Vertex> {
        let best_own = set
            .iter()
            .map(|&v| game.priority(v))
            .filter(|&q| winner_of(q) == player)
            .max();
        let above: Vec<Vertex> = set
            .iter()
            .copied()
            .filter(|&v| best_own.is_none_or(|best| game.priority(v) > best))
            .collect();
        if above.is_empty() {
            return above;
        }
        for &v in set {
            self.alive[v.index()] = true;
        }
        let opponent = Player(1 - player.0);
        let lost = attract_in(
            arena,
            &self.alive,
            opponent,
            &above,
            &mut self.strategy,
            &mut self.scratch,
        );
        for &v in set {
            self.alive[v.index()] = false;
        }
        lost
    }
}

/// Claims a component with a cycle whose largest priority `top` is the player's: each vertex
/// moves along a shortest path to a vertex of priority `top`, which moves back into the
/// component.
fn claim(
    game: &ParityGame,
    component: &[Vertex],
    top: u32,
    inside: impl Fn(Vertex) -> bool,
    claimed: &mut [bool],
    won: &mut Vec<(Vertex, Edge)>,
) {
    let arena = game.arena();
    let target = *component
        .iter()
        .find(|&&v| game.priority(v) == top)
        .expect("the top is in the component");
    let back = arena
        .out_edges(target)
        .find(|&e| inside(arena.target(e)))
        .expect("a vertex of a component with a cycle has a move inside it");
    let start = won.len();
    claimed[target.index()] = true;
    won.push((target, back));
    let mut head = start;
    while head < won.len() {
        let (w, _) = won[head];
        head += 1;
        for (&e, &u) in arena.in_edges(w).iter().zip(arena.predecessors(w)) {
            if !claimed[u.index()] && inside(u) {
                claimed[u.index()] = true;
                won.push((u, e));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalmar_core::Builder;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn game(owners: &[u8], priorities: &[u32], edges: &[(usize, usize)]) -> ParityGame {
        let mut b = Builder::new(2);
        for &o in owners {
            b.add_vertex(Owner::Player(Player(o)));
        }
        for &(x, y) in edges {
            b.add_edge(Vertex::new(x), Vertex::new(y));
        }
        ParityGame::new(b.build().unwrap(), priorities.to_vec()).unwrap()
    }

    fn claimed(game: &ParityGame, player: Player) -> Vec<usize> {
        let mut v: Vec<usize> = winning_cycles(game, player, &|_| true)
            .into_iter()
            .map(|(v, _)| v.index())
            .collect();
        v.sort();
        v
    }

    /// Odd's vertices 0 -> 1 -> 2 -> 0 pass Even's priority 4 at 0; 3 -> 1 is forced into
    /// that cycle, while 4 may also take its own loop through 5 (priority 3, Odd's best).
    #[test]
    fn the_attractor_of_the_lost_vertices_is_peeled_before_decomposing() {
        let edges = [(0, 1), (1, 2), (2, 0), (3, 1), (4, 1), (4, 5), (5, 4)];
        let g = game(&[1; 6], &[4, 1, 1, 1, 1, 3], &edges);
        let set: Vec<Vertex> = (0..6).map(Vertex::new).collect();
        let mut lost = Peel::new(6).lost(g.arena(), &g, Player(1), &set);
        lost.sort();
        assert_eq!(lost, [0, 1, 2, 3].map(Vertex::new));
        assert_eq!(claimed(&g, Player(1)), [4, 5]);
        let solution = solve_one_player(&g, Player(1));
        assert_eq!(solution.winner[..4], [Player(0); 4]);
        assert_eq!(solution.winner[4..], [Player(1); 2]);
    }

    #[test]
    fn claims_exactly_the_cycles_a_player_owns_and_wins() {
        // Even owns 0 -> 1 -> 0 (top 4, even) and 2 -> 3 -> 2 (top 5, odd); 4 is Odd's, on a
        // cycle with 0 of mixed ownership; 5 is Even's with a self-loop of priority 2.
        let g = game(
            &[0, 0, 0, 0, 1, 0],
            &[4, 1, 5, 2, 6, 2],
            &[(0, 1), (1, 0), (0, 4), (4, 0), (2, 3), (3, 2), (5, 5)],
        );
        assert_eq!(claimed(&g, Player(0)), vec![0, 1, 5]);
        assert_eq!(claimed(&g, Player(1)), Vec::<usize>::new());
        // Inside 2 -> 3 -> 2 there is no cycle below 5, so Even gets nothing there; with a
        // self-loop at 3 (priority 2) he does.
        let g = game(&[0, 0], &[5, 2], &[(0, 1), (1, 0), (1, 1)]);
        assert_eq!(claimed(&g, Player(0)), vec![1]);
    }

    /// On random games: every claimed vertex moves to a claimed vertex of its own, and every
    /// cycle of those moves has a largest priority of the player's parity, whether claimed by
    /// the decompositions or by the search from the tops down ([`crate::wcwc`]); run to the
    /// end, both claim the same vertices.
    #[test]
    fn claimed_moves_form_winning_cycles() {
        for seed in 0..300 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let n = rng.random_range(1..30);
            let owners: Vec<u8> = (0..n).map(|_| rng.random_range(0..2)).collect();
            let priorities: Vec<u32> = (0..n).map(|_| rng.random_range(0..8)).collect();
            let mut edges = Vec::new();
            for v in 0..n {
                for _ in 0..rng.random_range(1..4) {
                    edges.push((v, rng.random_range(0..n)));
                }
            }
            let g = game(&owners, &priorities, &edges);
            let from_tops = crate::wcwc::winning_cycles(&g, &|_| true, None);
            assert!(from_tops.complete);
            let mut by_tops: Vec<usize> = from_tops.moves.iter().map(|(v, _)| v.index()).collect();
            by_tops.sort();
            let mut by_decomposition: Vec<usize> = [Player(0), Player(1)]
                .iter()
                .flat_map(|&p| claimed(&g, p))
                .collect();
            by_decomposition.sort();
            assert_eq!(by_tops, by_decomposition, "seed {seed}");
            let budgeted = crate::wcwc::winning_cycles(&g, &|_| true, Some(1)).moves;
            for player in [Player(0), Player(1)] {
                let mine = |&&(v, _): &&(Vertex, Edge)| g.arena().owner(v) == Owner::Player(player);
                let from_tops: Vec<(Vertex, Edge)> =
                    budgeted.iter().filter(mine).copied().collect();
                for won in [winning_cycles(&g, player, &|_| true), from_tops] {
                    let mut next = vec![None; n];
                    for &(v, e) in &won {
                        assert_eq!(g.arena().source(e), v);
                        assert_eq!(g.arena().owner(v), Owner::Player(player));
                        next[v.index()] = Some(g.arena().target(e));
                    }
                    for &(v, _) in &won {
                        // Follow the moves until a vertex repeats; the cycle's top must be good.
                        let mut path = vec![v];
                        let mut w = v;
                        loop {
                            w = next[w.index()].expect("a claimed vertex moves to a claimed one");
                            if let Some(at) = path.iter().position(|&u| u == w) {
                                let top = path[at..].iter().map(|&u| g.priority(u)).max().unwrap();
                                assert_eq!(winner_of(top), player, "seed {seed}");
                                break;
                            }
                            path.push(w);
                        }
                    }
                }
            }
        }
    }
}
