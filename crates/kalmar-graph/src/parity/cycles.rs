//! Winner-controlled winning cycles, a preprocessing step of Oink (T. van Dijk, *Oink: an
//! implementation and evaluation of modern parity game solvers*, TACAS 2018).
//!
//! A cycle on which every vertex belongs to player p and whose largest priority has p's parity
//! is won by p from each of its vertices: he just goes round it. For each player p and each
//! priority L of p's parity, from the highest down, this step looks for the strongly connected
//! components of the graph of p's unsolved vertices with priorities at most L (Tarjan's
//! algorithm from each unsolved vertex of p at level L). A component with a cycle whose largest
//! priority has p's parity is p's, with the strategy that goes to a vertex of that priority
//! along shortest paths and from it back into the component.
//!
//! # Complexity
//! Each search visits a vertex at most once per level, so the worst case is O(d (n + m)) for d
//! levels; the searches share a budget of a few passes over the game, after which the step
//! stops (it only saves the solver work, so stopping early is always sound). On random games
//! it takes a large part of the game off the solver's hands.

use super::{ParityGame, winner_of};
use kalmar_core::{Edge, Owner, Player, Vertex};

/// The passes over the game (vertices and edges) that the searches may take together.
const BUDGET_PASSES: usize = 4;

/// The vertices of `player` (among those with `open(v)`) in the components of his own vertices
/// that have a cycle he wins, each with its move.
pub fn winning_cycles(
    game: &ParityGame,
    player: Player,
    open: &impl Fn(Vertex) -> bool,
) -> Vec<(Vertex, Edge)> {
    let arena = game.arena();
    let n = arena.num_vertices();
    let mine = |v: Vertex| arena.owner(v) == Owner::Player(player) && open(v);
    // The vertices of `player` at the priorities of his parity, highest first.
    let mut tops: Vec<Vertex> = arena
        .vertices()
        .filter(|&v| mine(v) && winner_of(game.priority(v)) == player)
        .collect();
    tops.sort_unstable_by_key(|&v| std::cmp::Reverse(game.priority(v)));
    let mut search = Search {
        game,
        player,
        level: vec![u32::MAX; n],
        index: vec![0; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        won: vec![false; n],
        stack: Vec::new(),
        won_list: Vec::new(),
        budget: BUDGET_PASSES * (n + arena.num_edges()),
    };
    for &t in &tops {
        let top = game.priority(t);
        if search.won[t.index()] || search.level[t.index()] == top {
            continue;
        }
        if !search.components_from(t, top, &mine) {
            break;
        }
    }
    search.won_list
}

/// The state of the searches of one player.
struct Search<'a> {
    game: &'a ParityGame,
    player: Player,
    /// Per vertex: the level of the last search that visited it (`u32::MAX`: none).
    level: Vec<u32>,
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    won: Vec<bool>,
    stack: Vec<Vertex>,
    won_list: Vec<(Vertex, Edge)>,
    /// Edge and vertex visits left.
    budget: usize,
}

impl Search<'_> {
    /// Tarjan's algorithm from `root` over the vertices of `mine` with priorities at most `top`
    /// not yet won nor visited at this level; claims the components the player wins. Returns
    /// false when the budget ran out.
    fn components_from(&mut self, root: Vertex, top: u32, mine: &impl Fn(Vertex) -> bool) -> bool {
        let arena = self.game.arena();
        let usable =
            |s: &Self, w: Vertex| mine(w) && !s.won[w.index()] && s.game.priority(w) <= top;
        let mut next_index = 0u32;
        let mut frames: Vec<(Vertex, usize)> = Vec::new();
        self.enter(root, top, &mut next_index);
        frames.push((root, 0));
        while let Some(&(v, i)) = frames.last() {
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            if let Some(&w) = arena.successors(v).get(i) {
                frames.last_mut().expect("a frame").1 += 1;
                if !usable(self, w) {
                    continue;
                }
                if self.level[w.index()] != top {
                    self.enter(w, top, &mut next_index);
                    frames.push((w, 0));
                } else if self.on_stack[w.index()] {
                    self.low[v.index()] = self.low[v.index()].min(self.index[w.index()]);
                }
                continue;
            }
            frames.pop();
            if let Some(&(parent, _)) = frames.last() {
                self.low[parent.index()] = self.low[parent.index()].min(self.low[v.index()]);
            }
            if self.low[v.index()] == self.index[v.index()] {
                let at = self
                    .stack
                    .iter()
                    .rposition(|&w| w == v)
                    .expect("the root is on the stack");
                let component = self.stack.split_off(at);
                self.claim(v, &component, &usable);
                for w in &component {
                    self.on_stack[w.index()] = false;
                }
            }
        }
        true
    }

    fn enter(&mut self, v: Vertex, top: u32, next_index: &mut u32) {
        self.level[v.index()] = top;
        self.index[v.index()] = *next_index;
        self.low[v.index()] = *next_index;
        *next_index += 1;
        self.on_stack[v.index()] = true;
        self.stack.push(v);
    }

    /// Claims a finished component (found from `root`, its vertices still marked on the
    /// stack) when it has a cycle whose largest priority is the player's: each vertex moves
    /// along a shortest path to a vertex of that priority, which moves back into the component.
    fn claim(
        &mut self,
        root: Vertex,
        component: &[Vertex],
        usable: &impl Fn(&Self, Vertex) -> bool,
    ) {
        let arena = self.game.arena();
        let game = self.game;
        let target = *component
            .iter()
            .max_by_key(|&&v| game.priority(v))
            .expect("a component is not empty");
        if winner_of(game.priority(target)) != self.player {
            return;
        }
        // The component's vertices: on the stack, at this level, and entered after its root.
        let top = self.level[root.index()];
        let first = self.index[root.index()];
        let inside = |s: &Self, w: Vertex| {
            usable(s, w)
                && s.level[w.index()] == top
                && s.on_stack[w.index()]
                && s.index[w.index()] >= first
        };
        let Some(back) = arena.out_edges(target).find(|&e| {
            let w = arena.target(e);
            component.len() > 1 && inside(self, w) || w == target
        }) else {
            return; // a single vertex without a self-loop: no cycle
        };
        // Backwards from the target, inside the component.
        let start = self.won_list.len();
        self.won[target.index()] = true;
        self.won_list.push((target, back));
        let mut head = start;
        while head < self.won_list.len() {
            let (w, _) = self.won_list[head];
            head += 1;
            for (&e, &u) in arena.in_edges(w).iter().zip(arena.predecessors(w)) {
                if !self.won[u.index()] && inside(self, u) {
                    self.won[u.index()] = true;
                    self.won_list.push((u, e));
                }
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
    /// cycle of those moves has a largest priority of the player's parity.
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
            for player in [Player(0), Player(1)] {
                let won = winning_cycles(&g, player, &|_| true);
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
