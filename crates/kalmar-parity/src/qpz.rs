//! Quasi-polynomial Zielonka: Parys' recursive algorithm (P. Parys, *Parity games: Zielonka's
//! algorithm in quasi-polynomial time*, MFCS 2019) with the improvement of Lehtinen, Schewe and
//! Wojtczak (*Improving the complexity of Parys' recursive algorithm*, arXiv 2019; both in
//! Lehtinen, Parys, Schewe, Wojtczak, *A recursive approach to solving parity games in
//! quasipolynomial time*, LMCS 2022).
//!
//! # The algorithm
//! Each recursive call solves a subgame G with a precision per player: a player's precision
//! bounds the size of his dominions that the call is sure to find. With p the owner of the top
//! priority and q his opponent, a step takes p's attractor A of the top vertices (those whose
//! priority, of p's parity, exceeds every priority of q's), solves G \ A recursively, and takes
//! q's attractor of what q wins there out of G, for q. Where Zielonka's algorithm makes steps
//! until q wins nothing, this one
//! 1. makes steps whose inner call has q's precision halved, until one takes nothing;
//! 2. then, if what is left is larger than that half, makes one step at q's full precision,
//!    and if it takes something, makes halved steps again until one takes nothing;
//! 3. gives p what is left, and q all it took.
//!
//! When q's precision is 0 the call gives p the whole subgame at once. For each player, every
//! dominion of G with at most the player's precision vertices ends up in his part, so the call
//! on the whole game with both precisions n (the number of vertices) finds the winning regions
//! exactly. Step 2 is also skipped when the last step of step 1 is sure of its answer (see
//! below): q then has no dominion left at all.
//!
//! # Strategies
//! They are put together as in Zielonka's algorithm: the attracting player's choices on each
//! attractor, at p's top vertices a move that stays in his part, and the inner calls' choices
//! on what they give. Every vertex of a part owned by its winner gets its choice from the call
//! that settles it, so no stale choice is left. This is sound as long as no subgame was given
//! away at precision 0, with arbitrary moves: q wins each piece he took, a dominion of the
//! subgame left before it, which p can leave only into earlier pieces; and p wins what is left,
//! since play from it either meets the top vertices again and again or stays, from some point
//! on, in the last step's inner subgame, all of which the inner call gave him. So each call
//! reports, per player, whether his part rests on such a gift: p's through the last step's inner
//! call, q's through the inner calls of the steps that took something. (A gift of a subgame
//! whose priorities all have p's parity is no doubt: every play in it is p's.)
//!
//! The regions found at the top are exact whatever the doubts. A player whose strategy is in
//! doubt gets it rebuilt in his region R, which he wins everywhere, by Zielonka's recursion
//! for that case: if the top priority of R is his, attract to it and rebuild in the rest;
//! otherwise take the opponent's attractor A of the top vertices and solve R \ A at full
//! precision. The player wins a nonempty part W of it (else the opponent would win all of R),
//! a dominion of R too, whose strategy is rebuilt in turn only if in doubt; take W with the
//! player's attractor and go on in what is left.
//!
//! Priorities are compressed first ([`super::compress`]); as in [`super::zlk`], the current
//! subgame is one membership mask changed in place.
//!
//! # Complexity
//! n^O(log(1 + d / log n)) recursive calls for n vertices and d priorities: quasi-polynomial,
//! and polynomial when d = O(log n). A step costs O(n + m) beside its inner call. Rebuilding
//! strategies solves at most n d more subgames (at each depth of its recursion the subgames are
//! disjoint, and every step takes at least one vertex), within the same bound. When neither
//! parity has more than log₂ n + 1 distinct priorities no precision runs out, and the
//! algorithm makes Zielonka's steps and no others.
//!
//! # Example
//! ```
//! use kalmar_core::{Builder, Certificate, Owner, Player};
//! use kalmar_parity::{ParityGame, Stats, qpz};
//! // Even at 0 may stay (priority 2) or go to Odd's 1, which loops on priority 3.
//! let mut b = Builder::new(2);
//! let v0 = b.add_vertex(Owner::Player(Player(0)));
//! let v1 = b.add_vertex(Owner::Player(Player(1)));
//! b.add_edge(v0, v0);
//! b.add_edge(v0, v1);
//! b.add_edge(v1, v1);
//! let game = ParityGame::new(b.build().unwrap(), vec![2, 3]).unwrap();
//! let solution = qpz::solve(&game, &mut Stats::default());
//! assert_eq!(solution.winner, vec![Player(0), Player(1)]);
//! assert!(solution.verify(&game).is_ok());
//! ```

use super::recursion::Recursion;
use super::{ParityGame, ParitySolution, Stats, winner_of};
use kalmar_core::{Player, Vertex};

/// Solves `game` by the quasi-polynomial Zielonka algorithm, after compressing its priorities.
pub fn solve(game: &ParityGame, stats: &mut Stats) -> ParitySolution {
    let n = game.arena().num_vertices();
    solve_with_precision(game, [n, n], stats)
}

/// Solves `game` with a precision per player (indexed by player): exact when each player's
/// precision is at least the size of his winning region.
fn solve_with_precision(
    game: &ParityGame,
    precision: [usize; 2],
    stats: &mut Stats,
) -> ParitySolution {
    let game = &super::compress::compress(game);
    let arena = game.arena();
    let mut state = Recursion::new(game);
    // The recursion, rebuilding included, is as deep as the number of priorities.
    let depth = game.max_priority() as usize + 1;
    super::with_stack_for(depth, || {
        let all: Vec<Vertex> = arena.vertices().collect();
        let doubt = state.solve(all.clone(), precision);
        for p in [Player(0), Player(1)] {
            if doubt[index(p)] {
                let (region, others): (Vec<Vertex>, Vec<Vertex>) =
                    all.iter().partition(|v| state.winner[v.index()] == p);
                state.set_alive(&others, false);
                state.rebuild(region, p);
                state.set_alive(&others, true);
            }
        }
    });
    *stats = state.stats;
    state.into_solution()
}

/// A player's place in per-player arrays.
fn index(p: Player) -> usize {
    usize::from(p.0)
}

/// What a step did.
enum Step {
    /// The opponent won something in the inner subgame, and it was taken with his attractor;
    /// whether his part there is in doubt.
    Took(bool),
    /// The opponent won nothing there: the player on top wins all that is left; whether his part
    /// there is in doubt.
    Settled(bool),
}

impl Recursion<'_> {
    /// Solves the current subgame, whose vertices are `g`, with `precision` (per player): sets
    /// the winner of each vertex and the winner's choices. Returns, per player, whether his
    /// choices on his part may fail to win, because it rests on a subgame given to him when the
    /// opponent's precision ran out. Leaves `alive` as it found it.
    fn solve(&mut self, g: Vec<Vertex>, precision: [usize; 2]) -> [bool; 2] {
        let Some(top) = g.iter().map(|&v| self.game.priority(v)).max() else {
            return [false; 2];
        };
        self.stats.iterations += 1;
        let p = winner_of(top);
        let q = p.opponent();
        let mut doubt = [false; 2];
        if precision[index(q)] == 0 {
            // No dominion of q is sought: p gets it all, with moves that stay, which win for
            // sure only if every priority is his.
            for &v in &g {
                self.winner[v.index()] = p;
                self.stay(v, p);
            }
            doubt[index(p)] = g.iter().any(|&v| winner_of(self.game.priority(v)) == q);
            return doubt;
        }
        let mut half = precision;
        half[index(q)] /= 2;
        let mut rest = g;
        let mut taken = Vec::new();
        let mut doubt_p = self.steps(&mut rest, &mut taken, p, half, &mut doubt[index(q)]);
        // A dominion of q may be left only if that answer is in doubt and what is left is
        // larger than the halved precision.
        if doubt_p && rest.len() > half[index(q)] {
            doubt_p = match self.step(&mut rest, &mut taken, p, precision) {
                Step::Settled(d) => d,
                Step::Took(d) => {
                    doubt[index(q)] |= d;
                    self.steps(&mut rest, &mut taken, p, half, &mut doubt[index(q)])
                }
            };
        }
        doubt[index(p)] = doubt_p;
        for &v in &rest {
            self.winner[v.index()] = p;
        }
        self.set_alive(&taken, true);
        doubt
    }

    /// Makes steps with `precision` until one takes nothing; returns whether p's part of that
    /// last one is in doubt, and notes in `doubt_q` whether the opponent's part of any step
    /// that took something was.
    fn steps(
        &mut self,
        rest: &mut Vec<Vertex>,
        taken: &mut Vec<Vertex>,
        p: Player,
        precision: [usize; 2],
        doubt_q: &mut bool,
    ) -> bool {
        loop {
            match self.step(rest, taken, p, precision) {
                Step::Took(d) => *doubt_q |= d,
                Step::Settled(d) => return d,
            }
        }
    }

    /// One step in the subgame `rest`, p on top: attract to p's top vertices, solve the rest
    /// with `precision`, and take the opponent's attractor of what he wins there out of `rest`
    /// (into `taken`, no longer alive).
    fn step(
        &mut self,
        rest: &mut Vec<Vertex>,
        taken: &mut Vec<Vertex>,
        p: Player,
        precision: [usize; 2],
    ) -> Step {
        let tops = self.tops(rest, p);
        let a = self.attract(p, &tops);
        let h = self.without(rest, &a);
        let doubt = self.solve(h.clone(), precision);
        self.set_alive(&a, true);
        let lost: Vec<Vertex> = h
            .into_iter()
            .filter(|&v| self.winner[v.index()] != p)
            .collect();
        if lost.is_empty() {
            // p wins all of `rest`: at his top vertices, any move that stays.
            for &v in &tops {
                self.stay(v, p);
            }
            return Step::Settled(doubt[index(p)]);
        }
        let b = self.attract(p.opponent(), &lost);
        for &v in &b {
            self.winner[v.index()] = p.opponent();
        }
        *rest = self.without(rest, &b);
        taken.extend(b);
        Step::Took(doubt[index(p.opponent())])
    }

    /// Makes p's choices win everywhere in the current subgame `region` (its vertices), which p
    /// wins everywhere, by Zielonka's recursion with [`Recursion::solve`] at full precision for the
    /// inner subgames. Sets p as the winner of `region`; leaves `alive` as it found it.
    fn rebuild(&mut self, mut region: Vec<Vertex>, p: Player) {
        let mut taken = Vec::new();
        while let Some(top) = region.iter().map(|&v| self.game.priority(v)).max() {
            self.stats.iterations += 1;
            let t = winner_of(top);
            let tops = self.tops(&region, t);
            let a = self.attract(t, &tops);
            if t == p {
                for &v in &tops {
                    self.stay(v, p);
                }
                for &v in &a {
                    self.winner[v.index()] = p;
                }
                let h = self.without(&region, &a);
                self.rebuild(h, p);
                self.set_alive(&a, true);
                break;
            }
            // The opponent is on top: p wins a nonempty dominion of the rest, which is one of
            // the region too.
            let h = self.without(&region, &a);
            let n = h.len();
            let doubt = self.solve(h.clone(), [n, n]);
            let (won, others): (Vec<Vertex>, Vec<Vertex>) =
                h.into_iter().partition(|v| self.winner[v.index()] == p);
            debug_assert!(!won.is_empty(), "the region is not won everywhere");
            if doubt[index(p)] {
                self.set_alive(&others, false);
                self.rebuild(won.clone(), p);
                self.set_alive(&others, true);
            }
            self.set_alive(&a, true);
            let b = self.attract(p, &won);
            for &v in &b {
                self.winner[v.index()] = p;
            }
            region = self.without(&region, &b);
            taken.extend(b);
        }
        self.set_alive(&taken, true);
    }

    /// The vertices of `g` whose priority, of p's parity, is above every priority of the
    /// opponent's in `g` (all of them if he has none): plays through them infinitely often are
    /// p's.
    fn tops(&self, g: &[Vertex], p: Player) -> Vec<Vertex> {
        let game = self.game;
        let theirs = g
            .iter()
            .map(|&v| game.priority(v))
            .filter(|&x| winner_of(x) != p)
            .max();
        g.iter()
            .copied()
            .filter(|&v| theirs.is_none_or(|t| game.priority(v) > t))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{verify::verify, zlk};
    use kalmar_core::{Builder, Owner};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// With each precision cut down to the size of its player's winning region, the regions
    /// are still exact, but precisions run out all the time and leave strategies in doubt:
    /// they must be rebuilt.
    #[test]
    fn precision_of_the_winning_regions_is_enough() {
        let mut in_doubt = 0;
        for seed in 0..3000u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let n = rng.random_range(1..=30);
            let mut b = Builder::new(2);
            for _ in 0..n {
                b.add_vertex(Owner::Player(Player(rng.random_range(0..2))));
            }
            for v in 0..n {
                for _ in 0..rng.random_range(1..=3) {
                    b.add_edge(Vertex::new(v), Vertex::new(rng.random_range(0..n)));
                }
            }
            let top = rng.random_range(1..=16);
            let priority = (0..n).map(|_| rng.random_range(0..top)).collect();
            let game = ParityGame::new(b.build().unwrap(), priority).unwrap();
            let expected = zlk::solve(&game, &mut Stats::default()).winner;
            let even = expected.iter().filter(|&&w| w == Player(0)).count();
            let precision = [even, n - even];
            let solution = solve_with_precision(&game, precision, &mut Stats::default());
            assert_eq!(solution.winner, expected, "seed {seed}");
            verify(&game, &solution).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            // Without rebuilding, how often the strategies would be in doubt.
            let game = &crate::compress::compress(&game);
            let mut state = Recursion::new(game);
            let doubt = state.solve(game.arena().vertices().collect(), precision);
            in_doubt += usize::from(doubt != [false; 2]);
        }
        assert!(in_doubt > 300, "{in_doubt}");
    }
}
