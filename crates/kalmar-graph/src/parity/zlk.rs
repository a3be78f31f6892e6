//! Zielonka's recursive algorithm (W. Zielonka, *Infinite games on finitely coloured graphs with
//! applications to automata on infinite trees*, TCS 1998; McNaughton 1993).
//!
//! In a (sub)game with top priority d, owned by player p = d mod 2, let A be p's attractor of the
//! vertices of priority d and solve the rest G \ A recursively. If the opponent wins nowhere
//! there, p wins everywhere: in G \ A by the recursive strategy, in A by attracting to priority
//! d and from there moving anywhere in G. Otherwise the opponent's winning region there, with
//! his attractor B of it, is his in G too, and the rest G \ B is solved recursively.
//!
//! Priorities are compressed first ([`super::compress`]); the current subgame is one membership
//! mask changed in place as the recursion descends, and attractors inside it cost only what they
//! touch.
//!
//! # Complexity
//! O(m n^d) in the worst case for d priorities (exponential); fast on most games in practice.

use super::{ParityGame, ParitySolution, Stats, complete, winner_of};
use kalmar_core::{AttractorScratch, Edge, Owner, Player, Vertex, attract_in};

/// Solves `game` by Zielonka's algorithm, after compressing its priorities.
pub fn solve(game: &ParityGame, stats: &mut Stats) -> ParitySolution {
    let game = &super::compress::compress(game);
    let arena = game.arena();
    let n = arena.num_vertices();
    let mut state = State {
        game,
        alive: vec![true; n],
        winner: vec![Player(0); n],
        choice: vec![None; n],
        scratch: AttractorScratch::default(),
        stats: Stats::default(),
    };
    // The recursion is as deep as the number of priorities: give it room.
    let all: Vec<Vertex> = arena.vertices().collect();
    let depth = game.max_priority() as usize + 1;
    super::with_stack_for(depth, || state.solve(all));
    *stats = state.stats;
    ParitySolution {
        winner: state.winner,
        strategy: complete(arena, state.choice),
    }
}

struct State<'a> {
    game: &'a ParityGame,
    /// The current subgame: changed in place as the recursion goes down and restored on the
    /// way up, so no level copies it.
    alive: Vec<bool>,
    winner: Vec<Player>,
    choice: Vec<Option<Edge>>,
    scratch: AttractorScratch,
    stats: Stats,
}

impl State<'_> {
    /// Solves the current subgame, whose vertices are `g`: sets the winner of each of them and
    /// the winner's choices. Leaves `alive` as it found it.
    fn solve(&mut self, g: Vec<Vertex>) {
        if g.is_empty() {
            return;
        }
        self.stats.iterations += 1;
        let game = self.game;
        let arena = game.arena();
        let top = g.iter().map(|&v| game.priority(v)).max().unwrap_or(0);
        let p = winner_of(top);
        let tops: Vec<Vertex> = g
            .iter()
            .copied()
            .filter(|&v| game.priority(v) == top)
            .collect();
        self.stats.attractors += 1;
        let a = attract_in(
            arena,
            &self.alive,
            p,
            &tops,
            &mut self.choice,
            &mut self.scratch,
        );
        let rest = self.without(&g, &a);
        self.solve(rest.clone());
        self.set_alive(&a, true);
        let opponent_wins: Vec<Vertex> = rest
            .iter()
            .copied()
            .filter(|&v| self.winner[v.index()] != p)
            .collect();
        if opponent_wins.is_empty() {
            // p wins all of g: the rest by the recursive strategy, A by attraction, and at the
            // top vertices of p any move that stays in g.
            for &v in &a {
                self.winner[v.index()] = p;
            }
            for &v in &tops {
                if arena.owner(v) == Owner::Player(p) {
                    self.choice[v.index()] = arena
                        .out_edges(v)
                        .find(|&e| self.alive[arena.target(e).index()]);
                }
            }
            return;
        }
        self.stats.attractors += 1;
        let b = attract_in(
            arena,
            &self.alive,
            p.opponent(),
            &opponent_wins,
            &mut self.choice,
            &mut self.scratch,
        );
        for &v in &b {
            self.winner[v.index()] = p.opponent();
        }
        let rest = self.without(&g, &b);
        self.solve(rest);
        self.set_alive(&b, true);
    }

    /// Takes `part` out of the current subgame and returns the vertices of `g` left.
    fn without(&mut self, g: &[Vertex], part: &[Vertex]) -> Vec<Vertex> {
        self.set_alive(part, false);
        g.iter()
            .copied()
            .filter(|v| self.alive[v.index()])
            .collect()
    }

    fn set_alive(&mut self, part: &[Vertex], alive: bool) {
        for v in part {
            self.alive[v.index()] = alive;
        }
    }
}
