//! The preprocessing every parity solver shares, as Oink does it: priority compression,
//! self-loops that win for their owner, cycles a player controls and wins, decomposition into
//! strongly connected components solved
//! bottom-up, and the single-parity shortcut.
//!
//! 1. Priorities are compressed ([`super::compress`]).
//! 2. A vertex with a self-loop whose priority has its owner's parity is won by its owner (he
//!    loops forever); with the attractors of these vertices, the owners win more.
//! 3. A cycle of one player's vertices whose largest priority has his parity is won by him
//!    ([`super::cycles`]); with their attractors, the owners win more (skipped for games of at
//!    most four priorities, which the solvers take in a few passes). When only one player
//!    has unsolved vertices, his cycles are searched to the end, which solves the game: he
//!    wins their attractor and the opponent the rest.
//! 4. The strongly connected components are taken bottom-up (successors first), unless the
//!    game has at most four priorities or one component holds nearly all the unsolved
//!    vertices: then they are solved together. What is left
//!    unsolved of a component is a game of its own: a vertex whose owner could move to his own
//!    solved region would have been attracted to it, so the moves that leave the component go to
//!    regions the owner loses and play worth having stays inside. It is solved by the solver
//!    (or, if all its priorities have one parity, given to that player at once; or, if all its
//!    vertices are one player's, by [`super::cycles::solve_one_player`]), and both
//!    winning regions are attracted in the unsolved rest of the game before the next component.
//!
//! Each vertex and edge is handled a constant number of times outside the solver, so the
//! preprocessing costs O(n log n + m) (the log from compression), and the solver only ever
//! sees one component's unsolved part at a time.

use super::cycles::{solve_one_player, winning_cycles};
use super::{ParityGame, ParitySolution, Stats, complete, compress::compress, winner_of};
use kalmar_core::scc::strongly_connected_components;
use kalmar_core::{Edge, Owner, Player, Vertex};

/// Games with fewer (compressed) priorities than this are solved in one call, without the
/// search for winning cycles or the decomposition into components.
const FEW_PRIORITIES: u32 = 4;

/// The passes over the game that the search for winning cycles may take, unless it solves the
/// game.
const CYCLE_BUDGET_PASSES: usize = 2;

/// Solves `game` with `solver` after the shared preprocessing.
pub fn solve(
    game: &ParityGame,
    stats: &mut Stats,
    solver: fn(&ParityGame, &mut Stats) -> ParitySolution,
) -> ParitySolution {
    let game = &compress(game);
    let arena = game.arena();
    let n = arena.num_vertices();
    let mut state = Solved {
        winner: vec![None; n],
        choice: vec![None; n],
        count: vec![0; n],
        local: vec![u32::MAX; n],
        fresh: vec![false; n],
    };
    // Self-loops that win for their owner.
    let mut seeds: [Vec<Vertex>; 2] = [Vec::new(), Vec::new()];
    for v in arena.vertices() {
        let Owner::Player(p) = arena.owner(v) else {
            continue;
        };
        if winner_of(game.priority(v)) == p
            && let Some(e) = arena.out_edges(v).find(|&e| arena.target(e) == v)
        {
            state.winner[v.index()] = Some(p);
            state.choice[v.index()] = Some(e);
            seeds[p.0 as usize].push(v);
        }
    }
    for p in [Player(0), Player(1)] {
        state.attract(game, p, std::mem::take(&mut seeds[p.0 as usize]));
    }
    // Cycles of one player's vertices that he wins.
    let few_priorities = game.max_priority() < FEW_PRIORITIES;
    for p in [Player(0), Player(1)] {
        let open = |v: Vertex| state.winner[v.index()].is_none();
        let opponent = Owner::Player(Player(1 - p.0));
        let one_player = !arena
            .vertices()
            .any(|v| open(v) && arena.owner(v) == opponent);
        if !one_player && few_priorities {
            // The solver needs only a few passes; the search would cost as much.
            continue;
        }
        let budget = (!one_player).then_some(CYCLE_BUDGET_PASSES);
        let won = winning_cycles(game, p, &open, budget);
        let mut region = Vec::with_capacity(won.moves.len());
        for (v, e) in won.moves {
            state.winner[v.index()] = Some(p);
            state.choice[v.index()] = Some(e);
            region.push(v);
        }
        state.attract(game, p, region);
        if one_player && won.complete {
            // Every cycle p wins is in his region now; he wins nothing else.
            for w in &mut state.winner {
                w.get_or_insert(Player(1 - p.0));
            }
            return state.into_solution(arena);
        }
    }
    if state.winner.iter().all(Option::is_some) {
        return state.into_solution(arena);
    }
    let members;
    let everything: Vec<Vertex>;
    let parts: Vec<&[Vertex]> =
        match components_worth_solving_apart(game, &state.winner, few_priorities) {
            Some(components) => {
                members = components.members();
                members.iter().collect()
            }
            None => {
                everything = arena.vertices().collect();
                vec![&everything]
            }
        };
    let mut open: Vec<Vertex> = Vec::new();
    for component in parts {
        open.clear();
        open.extend(
            component
                .iter()
                .copied()
                .filter(|v| state.winner[v.index()].is_none()),
        );
        if open.is_empty() {
            continue;
        }
        for (i, &v) in open.iter().enumerate() {
            state.local[v.index()] = i as u32;
        }
        let (winners, choices) = solve_part(game, &open, &state.local, stats, solver);
        for &v in &open {
            state.local[v.index()] = u32::MAX;
        }
        let mut regions: [Vec<Vertex>; 2] = [Vec::new(), Vec::new()];
        for ((&v, w), e) in open.iter().zip(winners).zip(choices) {
            state.winner[v.index()] = Some(w);
            state.choice[v.index()] = e;
            regions[w.0 as usize].push(v);
        }
        for p in [Player(0), Player(1)] {
            state.attract(game, p, std::mem::take(&mut regions[p.0 as usize]));
        }
    }
    state.into_solution(arena)
}

/// The strongly connected components, bottom-up (Tarjan numbers them so that successors come
/// first), when solving the unsolved vertices component by component is worth it; `None` when
/// they are better solved in one call: with `few_priorities` every solver takes a few attractor
/// passes whatever the components, and when one component holds nearly
/// all the unsolved vertices the decomposition saves the solver little, while copying the parts
/// out costs.
fn components_worth_solving_apart(
    game: &ParityGame,
    winner: &[Option<Player>],
    few_priorities: bool,
) -> Option<kalmar_core::scc::Components> {
    if few_priorities {
        return None;
    }
    let arena = game.arena();
    let components = strongly_connected_components(arena.num_vertices(), |v, i| {
        arena.successors(v).get(i).copied()
    });
    let mut open_in = vec![0usize; components.count()];
    for v in arena.vertices() {
        if winner[v.index()].is_none() {
            open_in[components.of(v)] += 1;
        }
    }
    let open_count: usize = open_in.iter().sum();
    let largest = open_in.iter().copied().max().unwrap_or(0);
    (largest * 20 < open_count * 19).then_some(components)
}

/// Solves the game made of the vertices `part` (every one of which has a move inside it): the
/// winner of each and the move of each winner's own vertex, in the order of `part`. `local_id`
/// gives each vertex of the part its index in it, and `u32::MAX` elsewhere.
fn solve_part(
    game: &ParityGame,
    part: &[Vertex],
    local_id: &[u32],
    stats: &mut Stats,
    solver: fn(&ParityGame, &mut Stats) -> ParitySolution,
) -> (Vec<Player>, Vec<Option<Edge>>) {
    let arena = game.arena();
    let first = game.priority(part[0]);
    if part.iter().all(|&v| game.priority(v) % 2 == first % 2) {
        // One parity: its player wins every play that stays here; any move inside keeps it.
        let p = winner_of(first);
        let inside = |w: Vertex| local_id[w.index()] != u32::MAX;
        let choices = part
            .iter()
            .map(|&v| {
                (arena.owner(v) == Owner::Player(p))
                    .then(|| arena.out_edges(v).find(|&e| inside(arena.target(e))))
                    .flatten()
            })
            .collect();
        return (vec![p; part.len()], choices);
    }
    // The induced game, with local ids in the order of `part` (which is sorted), or the game
    // itself when the part is all of it.
    let induced;
    let (sub, global_edge) = if part.len() == arena.num_vertices() {
        (game, None)
    } else {
        let (sub_arena, global_edge) = arena
            .induced(part, local_id)
            .expect("every vertex of a part has a move inside it");
        let priority = part.iter().map(|&v| game.priority(v)).collect();
        induced = ParityGame::new(sub_arena, priority).expect("a part is a parity game");
        (&induced, Some(global_edge))
    };
    let owner = arena.owner(part[0]);
    let solution = match owner {
        Owner::Player(p) if part.iter().all(|&v| arena.owner(v) == owner) => {
            solve_one_player(sub, p)
        }
        _ => solver(sub, stats),
    };
    let choices = part
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            let w = solution.winner[i];
            (arena.owner(v) == Owner::Player(w))
                .then(|| {
                    solution
                        .strategy
                        .get(Vertex::new(i))
                        .map(|e| global_edge.as_ref().map_or(e, |g| g[e.index()]))
                })
                .flatten()
        })
        .collect();
    (solution.winner, choices)
}

/// The solved part of the game, with scratch memory for attractors over the unsolved rest.
struct Solved {
    winner: Vec<Option<Player>>,
    choice: Vec<Option<Edge>>,
    /// For unsolved opponent vertices touched by an attractor: the moves not yet known to lead
    /// into the attracting player's region (0: not touched).
    count: Vec<u32>,
    /// Per vertex: its index in the part being solved, or `u32::MAX`.
    local: Vec<u32>,
    /// The vertices solved by the attractor running now (their incoming moves are still to be
    /// looked at).
    fresh: Vec<bool>,
}

impl Solved {
    fn into_solution(self, arena: &kalmar_core::Arena) -> ParitySolution {
        let winner = self
            .winner
            .iter()
            .map(|w| w.expect("every vertex is solved"))
            .collect();
        ParitySolution {
            winner,
            strategy: complete(arena, self.choice),
        }
    }

    /// Attracts for `p` from `region` (just solved as `p`) through the unsolved vertices: a
    /// vertex of `p` with a move into p's region, an opponent's vertex all of whose moves lead
    /// there.
    fn attract(&mut self, game: &ParityGame, p: Player, region: Vec<Vertex>) {
        let arena = game.arena();
        for v in &region {
            self.fresh[v.index()] = true;
        }
        let mut queue = region;
        let mut touched = Vec::new();
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            for (&e, &u) in arena.in_edges(v).iter().zip(arena.predecessors(v)) {
                if self.winner[u.index()].is_some() {
                    continue;
                }
                let attracted = if arena.owner(u) == Owner::Player(p) {
                    self.choice[u.index()] = Some(e);
                    true
                } else {
                    if self.count[u.index()] == 0 {
                        // First touch: every move counts except those into p's region as it
                        // was before this attractor (whose incoming moves are not looked at).
                        let old = |w: &Vertex| {
                            self.winner[w.index()] == Some(p) && !self.fresh[w.index()]
                        };
                        self.count[u.index()] =
                            arena.successors(u).iter().filter(|w| !old(w)).count() as u32;
                        touched.push(u);
                    }
                    self.count[u.index()] -= 1;
                    self.count[u.index()] == 0
                };
                if attracted {
                    self.winner[u.index()] = Some(p);
                    self.fresh[u.index()] = true;
                    queue.push(u);
                }
            }
        }
        for u in touched {
            self.count[u.index()] = 0;
        }
        for v in queue {
            self.fresh[v.index()] = false;
        }
    }
}
