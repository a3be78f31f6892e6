//! The state that Zielonka-style recursions ([`super::zlk`], [`super::qpz`]) share: the current
//! subgame as one membership mask changed in place as the recursion descends and restored on
//! the way up (so no level copies it), the winners and choices found so far, and attractors
//! inside the current subgame that cost only what they touch.
//!
//! # Complexity
//! Taking a part out of the current subgame, or putting it back, costs the part's size (and
//! listing what is left, the subgame's); an attractor costs what it touches (the vertices it
//! reaches and their edges), not the size of the subgame.

use super::{ParityGame, ParitySolution, Stats, complete};
use kalmar_core::{AttractorScratch, Edge, Owner, Player, Vertex, attract_onto};

pub(crate) struct Recursion<'a> {
    pub game: &'a ParityGame,
    /// The current subgame.
    pub alive: Vec<bool>,
    pub winner: Vec<Player>,
    pub choice: Vec<Option<Edge>>,
    scratch: AttractorScratch,
    /// Emptied vectors kept for reuse, so that a recursion of millions of calls on a small game
    /// does not spend its time allocating the lists of each level.
    pool: Vec<Vec<Vertex>>,
    pub stats: Stats,
}

impl<'a> Recursion<'a> {
    /// The whole of `game` as the current subgame, nothing solved.
    pub fn new(game: &'a ParityGame) -> Self {
        let n = game.arena().num_vertices();
        Recursion {
            game,
            alive: vec![true; n],
            winner: vec![Player(0); n],
            choice: vec![None; n],
            scratch: AttractorScratch::default(),
            pool: Vec::new(),
            stats: Stats::default(),
        }
    }

    /// p's attractor of `target` inside the current subgame, recording p's choices, in a
    /// vector from the pool.
    pub fn attract(&mut self, p: Player, target: &[Vertex]) -> Vec<Vertex> {
        let mut out = self.take();
        self.attract_onto(p, target, &mut out);
        out
    }

    /// [`Recursion::attract`], appending the attractor to `out`.
    pub fn attract_onto(&mut self, p: Player, target: &[Vertex], out: &mut Vec<Vertex>) {
        self.stats.attractors += 1;
        attract_onto(
            self.game.arena(),
            &self.alive,
            p,
            target,
            &mut self.choice,
            &mut self.scratch,
            out,
        );
    }

    /// An empty vector from the pool (or a new one).
    pub fn take(&mut self) -> Vec<Vertex> {
        self.pool.pop().unwrap_or_default()
    }

    /// Returns `list` to the pool, emptied.
    pub fn give(&mut self, mut list: Vec<Vertex>) {
        list.clear();
        self.pool.push(list);
    }

    /// If `v` is p's, chooses a move of it that stays in the current subgame.
    pub fn stay(&mut self, v: Vertex, p: Player) {
        self.choose(v, p, |_, _| true);
    }

    /// If `v` is p's, chooses a move of it to a vertex of the current subgame that p wins.
    pub fn stay_winning(&mut self, v: Vertex, p: Player) {
        self.choose(v, p, |state, w| state.winner[w.index()] == p);
    }

    /// If `v` is p's, chooses its first move to a vertex of the current subgame that `keep`
    /// accepts.
    fn choose(&mut self, v: Vertex, p: Player, keep: impl Fn(&Self, Vertex) -> bool) {
        let arena = self.game.arena();
        if arena.owner(v) == Owner::Player(p) {
            self.choice[v.index()] = arena.out_edges(v).find(|&e| {
                let w = arena.target(e);
                self.alive[w.index()] && keep(self, w)
            });
        }
    }

    /// Takes `part` out of the current subgame and returns the vertices of `g` left (in the
    /// order of `g`), in a vector from the pool.
    pub fn without(&mut self, g: &[Vertex], part: &[Vertex]) -> Vec<Vertex> {
        self.set_alive(part, false);
        let mut rest = self.take();
        rest.extend(g.iter().copied().filter(|v| self.alive[v.index()]));
        rest
    }

    /// Puts `part` back into the current subgame (`alive`) or takes it out.
    pub fn set_alive(&mut self, part: &[Vertex], alive: bool) {
        for v in part {
            self.alive[v.index()] = alive;
        }
    }

    /// The winners and choices found, with an arbitrary move wherever none was chosen.
    pub fn into_solution(self) -> ParitySolution {
        ParitySolution {
            winner: self.winner,
            strategy: complete(self.game.arena(), self.choice),
        }
    }
}
