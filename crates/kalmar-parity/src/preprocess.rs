//! The preprocessing every parity solver shares, as Oink does it: priority compression,
//! self-loops that win for their owner, cycles a player controls and wins, decomposition into
//! strongly connected components solved
//! bottom-up, and the single-parity shortcut.
//!
//! 1. Priorities are compressed ([`super::compress`]).
//! 2. A vertex with a self-loop whose priority has its owner's parity is won by its owner (he
//!    loops forever); with the attractors of these vertices, the owners win more.
//! 3. A cycle of one player's vertices whose largest priority has his parity is won by him;
//!    with their attractors, the owners win more. The cycles are searched from their tops down
//!    ([`super::wcwc`]) under a budget of passes (skipped for games of at most four
//!    priorities, which the solvers take in a few passes). When only one player has unsolved
//!    vertices, his cycles are searched to the end ([`super::cycles`]), which solves the game:
//!    he wins their attractor and the opponent the rest.
//! 4. The strongly connected components of the unsolved vertices are taken bottom-up
//!    (successors first), unless the game has at most four priorities or one component holds
//!    nearly all the unsolved vertices (two searches from one vertex tell, before any full
//!    decomposition): then they are solved together. What is left
//!    unsolved of a component is a game of its own: a vertex whose owner could move to his own
//!    solved region would have been attracted to it, so the moves that leave the component go to
//!    regions the owner loses and play worth having stays inside. It is solved by the solver
//!    (or, if all its priorities have one parity, given to that player at once; or, if all its
//!    vertices are one player's, by [`super::cycles::solve_one_player`]), and both
//!    winning regions are attracted in the unsolved rest of the game before the next component.
//!
//! # Complexity
//! Each vertex and edge is handled a constant number of times outside the solver, so the
//! preprocessing costs O(n log n + m) (the log from compression), and the solver only ever
//! sees one component's unsolved part at a time.
//!
//! # Example
//! ```
//! use kalmar_core::{Certificate, Player};
//! use kalmar_parity::{ParityGame, Stats, format::read_pg, preprocess, zlk};
//! // Even's 0 (priority 2) may stay or go to Odd's 1, who may return or go to Even's 2, which
//! // loops on priority 3; Odd's 3 (priority 4) may loop or go to 2.
//! let graph = read_pg("parity 3;\n0 2 0 0,1;\n1 1 1 0,2;\n2 3 0 2;\n3 4 1 2,3;\n").unwrap();
//! let game = ParityGame::from_graph(&graph, false).unwrap();
//! let solution = preprocess::solve(&game, &mut Stats::default(), zlk::solve);
//! assert_eq!(solution.winner, [Player(0), Player(1), Player(1), Player(1)]);
//! assert!(solution.verify(&game).is_ok());
//! ```

use super::cycles::{components_inside, solve_one_player, winning_cycles};
use super::wcwc;
use super::{ParityGame, ParitySolution, Stats, complete, compress::compress, winner_of};
use kalmar_core::scc::Members;
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
        status: arena
            .vertices()
            .map(|v| match arena.owner(v) {
                Owner::Player(p) => p.0,
                _ => unreachable!("a parity game has only the two players' vertices"),
            })
            .collect(),
        choice: vec![NO_MOVE; n],
        not_yet_lost: arena
            .vertices()
            .map(|v| arena.out_degree(v) as u32)
            .collect(),
        // Allocated once the cycle search, the peak of the preprocessing, has freed its arrays.
        local: Vec::new(),
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
            state.set_winner(v, p);
            state.choice[v.index()] = e.0;
            seeds[p.0 as usize].push(v);
        }
    }
    for p in [Player(0), Player(1)] {
        state.attract(game, p, std::mem::take(&mut seeds[p.0 as usize]));
    }
    // Cycles of one player's vertices that he wins: searched from their tops down, under a
    // budget, while both players have unsolved vertices (unless the solver needs only a few
    // passes, which the search would cost as much as); to the end once only one has.
    let few_priorities = game.max_priority() < FEW_PRIORITIES;
    if !few_priorities && state.open_owners() == [true, true] {
        let mut claims = CycleClaims {
            state: &mut state,
            game,
        };
        wcwc::claim_winning_cycles(game, &mut claims, Some(CYCLE_BUDGET_PASSES));
    }
    if let Some(p) = match state.open_owners() {
        [true, false] => Some(Player(0)),
        [false, true] => Some(Player(1)),
        _ => None,
    } {
        let open = |v: Vertex| state.is_open(v);
        let won = winning_cycles(game, p, &open);
        state.win_cycles(game, &won, &mut Vec::new());
        // Every cycle p wins is in his region now; he wins nothing else.
        for v in arena.vertices() {
            if state.is_open(v) {
                state.set_winner(v, Player(1 - p.0));
            }
        }
        return state.into_solution(arena);
    }
    if arena.vertices().all(|v| !state.is_open(v)) {
        return state.into_solution(arena);
    }
    let unsolved: Vec<Vertex> = arena.vertices().filter(|&v| state.is_open(v)).collect();
    let components = components_worth_solving_apart(game, &unsolved, few_priorities);
    if components.is_none() && unsolved.len() == n {
        // Nothing was solved and the game is one part: the solver gets it whole, and the
        // preprocessing's own arrays are freed first (a fifth of the peak on a ladder game).
        drop(state);
        let (winner, choices) = solve_part(game, &unsolved, None, stats, solver);
        return ParitySolution {
            winner,
            strategy: complete(arena, choices),
        };
    }
    let mut open: Vec<Vertex> = Vec::new();
    state.local = vec![u32::MAX; n];
    for c in 0..components.as_ref().map_or(1, |m| m.iter().len()) {
        // The part's vertices still unsolved (the attractors of earlier parts may have taken
        // some), in increasing order.
        let part = components.as_ref().map_or(&unsolved[..], |m| m.of(c));
        let global = |v: &Vertex| match components {
            Some(_) => unsolved[v.index()],
            None => *v,
        };
        open.clear();
        open.extend(part.iter().map(global).filter(|&v| state.is_open(v)));
        if open.is_empty() {
            continue;
        }
        for (i, &v) in open.iter().enumerate() {
            state.local[v.index()] = i as u32;
        }
        let (winners, choices) = solve_part(game, &open, Some(&state.local), stats, solver);
        for &v in &open {
            state.local[v.index()] = u32::MAX;
        }
        let mut regions: [Vec<Vertex>; 2] = [Vec::new(), Vec::new()];
        for ((&v, w), e) in open.iter().zip(winners).zip(choices) {
            state.set_winner(v, w);
            state.choice[v.index()] = e.map_or(NO_MOVE, |e| e.0);
            regions[w.0 as usize].push(v);
        }
        for p in [Player(0), Player(1)] {
            state.attract(game, p, std::mem::take(&mut regions[p.0 as usize]));
        }
    }
    state.into_solution(arena)
}

/// The strongly connected components of the game restricted to the `unsolved` vertices (as
/// indices into `unsolved`), bottom-up (Tarjan numbers them so that successors come first),
/// when solving them one after the other is worth it; `None` when they are better solved in one
/// call: with `few_priorities` every solver takes a few attractor passes whatever the
/// components, and when one component holds nearly all the unsolved vertices the decomposition
/// saves the solver little, while copying the parts out costs.
///
/// Solving a component of the unsolved vertices on its own is sound once the components below
/// it are solved: every move out of it leads to a solved vertex won by the mover's opponent
/// (a vertex with a move into its owner's region, or with all its moves into the opponent's,
/// would have been attracted), so no player wants to leave.
fn components_worth_solving_apart(
    game: &ParityGame,
    unsolved: &[Vertex],
    few_priorities: bool,
) -> Option<Members> {
    if few_priorities || unsolved.len() < 2 {
        return None;
    }
    let arena = game.arena();
    let mut local = vec![u32::MAX; arena.num_vertices()];
    for (i, &v) in unsolved.iter().enumerate() {
        local[v.index()] = i as u32;
    }
    let nearly_all = |largest: usize| largest * 20 >= unsolved.len() * 19;
    // The component of one vertex, by two searches, is much cheaper than all of them, and when
    // one component holds nearly everything, most vertices are in it. A vertex outside it
    // either reaches it (and then nearly everything) or reaches at most the twentieth left over;
    // one that reaches more but not nearly everything shows there is no such component.
    let last = unsolved.len() - 1;
    for root in [0, last / 2, last] {
        let (reach, size) = component_size(game, unsolved[root], &local);
        if nearly_all(size) {
            return None;
        }
        if !nearly_all(reach) && reach * 20 > unsolved.len() {
            break;
        }
    }
    let members = components_inside(arena, unsolved, &local).members();
    let largest = members.iter().map(<[Vertex]>::len).max().unwrap_or(0);
    (!nearly_all(largest)).then_some(members)
}

/// How many vertices `root` reaches in the graph of the vertices with a `local` id, and the size
/// of its strongly connected component there: those it reaches that reach it back (a forward
/// search, then a backward one inside what the first found).
fn component_size(game: &ParityGame, root: Vertex, local: &[u32]) -> (usize, usize) {
    const FORWARD: u8 = 1;
    const BOTH: u8 = 2;
    let arena = game.arena();
    let inside = |v: Vertex| local[v.index()] != u32::MAX;
    let mut mark = vec![0u8; arena.num_vertices()];
    let mut stack = vec![root];
    mark[root.index()] = FORWARD;
    let mut reach = 0;
    while let Some(v) = stack.pop() {
        reach += 1;
        for &w in arena.successors(v) {
            if mark[w.index()] == 0 && inside(w) {
                mark[w.index()] = FORWARD;
                stack.push(w);
            }
        }
    }
    let mut size = 0;
    stack.push(root);
    mark[root.index()] = BOTH;
    while let Some(v) = stack.pop() {
        size += 1;
        for &u in arena.predecessors(v) {
            if mark[u.index()] == FORWARD {
                mark[u.index()] = BOTH;
                stack.push(u);
            }
        }
    }
    (reach, size)
}

/// Solves the game made of the vertices `part` (every one of which has a move inside it): the
/// winner of each and the move of each winner's own vertex, in the order of `part`. `local_id`
/// gives each vertex of the part its index in it, and `u32::MAX` elsewhere; None when the part
/// is the whole game.
fn solve_part(
    game: &ParityGame,
    part: &[Vertex],
    local_id: Option<&[u32]>,
    stats: &mut Stats,
    solver: fn(&ParityGame, &mut Stats) -> ParitySolution,
) -> (Vec<Player>, Vec<Option<Edge>>) {
    let arena = game.arena();
    let first = game.priority(part[0]);
    if part.iter().all(|&v| game.priority(v) % 2 == first % 2) {
        // One parity: its player wins every play that stays here; any move inside keeps it.
        let p = winner_of(first);
        let inside = |w: Vertex| local_id.is_none_or(|local| local[w.index()] != u32::MAX);
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
        let local_id = local_id.expect("a part smaller than the game has local ids");
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

/// The preprocessing's state as the search for winning cycles sees it: each won cycle is
/// solved with its attractor at once, so that the search does not read what they took.
struct CycleClaims<'a> {
    state: &'a mut Solved,
    game: &'a ParityGame,
}

impl wcwc::Claims for CycleClaims<'_> {
    const ATTRACTS: bool = true;

    fn is_open(&self, v: Vertex) -> bool {
        self.state.is_open(v)
    }

    fn claim(&mut self, moves: &[(Vertex, Edge)], solved: &mut Vec<Vertex>) {
        self.state.win_cycles(self.game, moves, solved);
    }
}

/// The solved part of the game, with scratch memory for attractors over the unsolved rest.
struct Solved {
    /// Per vertex: while unsolved, its owner's number (0 or 1); once solved, `WON` plus its
    /// winner's number. One byte, so that the attractor reads one array to know both.
    status: Vec<u8>,
    /// Per vertex, the number of its winner's move, or [`NO_MOVE`]: four bytes where an
    /// optional edge takes eight, at the peak of the preprocessing.
    choice: Vec<u32>,
    /// Per unsolved vertex: its moves not known to lead into the region of its owner's
    /// opponent (each vertex of a region has its incoming moves looked at once, by the
    /// attractor that adds it).
    not_yet_lost: Vec<u32>,
    /// Per vertex: its index in the part being solved, or `u32::MAX`.
    local: Vec<u32>,
}

/// In [`Solved::status`], where the solved vertices' values start.
const WON: u8 = 2;

/// In [`Solved::choice`], a vertex without a move chosen.
const NO_MOVE: u32 = u32::MAX;

impl Solved {
    fn is_open(&self, v: Vertex) -> bool {
        self.status[v.index()] < WON
    }

    /// Per player, whether he owns an unsolved vertex.
    fn open_owners(&self) -> [bool; 2] {
        let mut owners = [false; 2];
        for &status in &self.status {
            if let Some(o) = owners.get_mut(status as usize) {
                *o = true;
            }
        }
        owners
    }

    fn set_winner(&mut self, v: Vertex, p: Player) {
        self.status[v.index()] = WON + p.0;
    }

    /// Gives each vertex of winning cycles, with its move along the cycle, to its owner, and
    /// attracts for both players from what they won, pushing every vertex solved onto `solved`
    /// (the attractors' queue).
    fn win_cycles(
        &mut self,
        game: &ParityGame,
        moves: &[(Vertex, Edge)],
        solved: &mut Vec<Vertex>,
    ) {
        for p in [Player(0), Player(1)] {
            let start = solved.len();
            for &(v, e) in moves {
                if game.arena().owner(v) == Owner::Player(p) {
                    self.set_winner(v, p);
                    self.choice[v.index()] = e.0;
                    solved.push(v);
                }
            }
            self.attract_onto(game, p, solved, start);
        }
    }

    fn into_solution(self, arena: &kalmar_core::Arena) -> ParitySolution {
        let winner = self
            .status
            .iter()
            .map(|&s| {
                assert!(s >= WON, "every vertex is solved");
                Player(s - WON)
            })
            .collect();
        ParitySolution {
            winner,
            strategy: complete(
                arena,
                (self.choice.into_iter())
                    .map(|e| (e != NO_MOVE).then_some(Edge(e)))
                    .collect(),
            ),
        }
    }

    /// Attracts for `p` from `region` (just solved as `p`) through the unsolved vertices: a
    /// vertex of `p` with a move into p's region, an opponent's vertex all of whose moves lead
    /// there.
    fn attract(&mut self, game: &ParityGame, p: Player, region: Vec<Vertex>) {
        let mut queue = region;
        self.attract_onto(game, p, &mut queue, 0);
    }

    /// Attracts for `p` from `queue[start..]` (just solved as `p`), as [`Solved::attract`]
    /// does, pushing what it attracts onto `queue`.
    fn attract_onto(
        &mut self,
        game: &ParityGame,
        p: Player,
        queue: &mut Vec<Vertex>,
        start: usize,
    ) {
        let arena = game.arena();
        let mut head = start;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            for (&e, &u) in arena.in_edges(v).iter().zip(arena.predecessors(v)) {
                let status = self.status[u.index()];
                let attracted = if status >= WON {
                    continue;
                } else if status == p.0 {
                    self.choice[u.index()] = e.0;
                    true
                } else {
                    self.not_yet_lost[u.index()] -= 1;
                    self.not_yet_lost[u.index()] == 0
                };
                if attracted {
                    self.status[u.index()] = WON + p.0;
                    queue.push(u);
                }
            }
        }
    }
}
