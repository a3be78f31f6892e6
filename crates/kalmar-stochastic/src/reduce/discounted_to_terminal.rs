//! Lemma 3, first step (generalising Zwick and Paterson): a discounted game as a terminal-payoff
//! game with payoffs 0 and 1.
//!
//! Rewards are first scaled affinely into [0, 1]: `r~ = (r - lo) / (hi - lo)` for the smallest and
//! largest reward `lo` and `hi`. Each vertex `u` becomes two: a chance vertex `s(u)` that stops
//! play with probability `1 - beta` — at the terminal 1 with probability `(1 - beta) r~(u)` and at
//! the terminal 0 with probability `(1 - beta)(1 - r~(u))` — and otherwise, with probability
//! `beta`, moves to `c(u)`, which has `u`'s owner and `u`'s moves, redirected to the `s` vertices.
//! Under any strategy pair, play from `s(u)` reaches 1 with probability exactly `(1 - beta)` times
//! the discounted value of the scaled rewards from `u`, so
//! `value(u) = lo / (1 - beta) + (hi - lo) value'(s(u)) / (1 - beta)`, and strategies carry over
//! move by move between `u` and `c(u)`.
//!
//! (The seed's text of the proof has `beta` and `1 - beta` exchanged in the gadget; with its
//! weights the probability of reaching 1 would not be proportional to the discounted sum. This is
//! the form that is.)
//!
//! # Complexity
//! O(n + m): `2n + 2` vertices and `m + 3n` moves.
//!
//! # Example
//!
//! The discounted game where Max stays for 2, solved as a terminal-payoff game and mapped back.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_core::Rational;
//! use kalmar_stochastic::reduce::discounted_to_terminal;
//! use kalmar_stochastic::{DiscountedGame, Stats, si};
//! let graph = read_gg("kalmar-gg 1\ndiscount 1/2\na max reward=1 -> a b\n\
//!                      b min reward=0 -> b\n").unwrap();
//! let game = DiscountedGame::from_graph(&graph).unwrap();
//! let reduction = discounted_to_terminal::reduce(&game);
//! let solution = si::solve_terminal(&reduction.game, &mut Stats::default());
//! let back = reduction.map_back(&game, &solution);
//! assert_eq!(back.values, [Rational::from(2), Rational::ZERO]);
//! ```

use crate::{DiscountedGame, Solution, TerminalPayoffGame};
use kalmar_core::{Owner, Rational, Vertex};

/// The terminal-payoff game of a discounted game, and how to map its solutions back.
#[derive(Clone, Debug)]
pub struct Reduction {
    /// The terminal-payoff game, with payoffs 0 and 1.
    pub game: TerminalPayoffGame,
    lo: Rational,
    spread: Rational,
    beta: Rational,
    n: usize,
}

/// Vertex `s(u)` is `u`, vertex `c(u)` is `n + u`, then the terminals 0 and 1.
pub fn reduce(game: &DiscountedGame) -> Reduction {
    let arena = game.arena();
    let n = arena.num_vertices();
    let beta = game.discount().clone();
    let lo = game
        .rewards()
        .iter()
        .min()
        .cloned()
        .unwrap_or(Rational::ZERO);
    let hi = game
        .rewards()
        .iter()
        .max()
        .cloned()
        .unwrap_or(Rational::ZERO);
    let spread = &hi - &lo;
    let mut b = kalmar_core::Builder::new(2);
    b.reserve(2 * n + 2, arena.num_edges() + 3 * n);
    for _ in arena.vertices() {
        b.add_vertex(Owner::Chance);
    }
    for v in arena.vertices() {
        b.add_vertex(arena.owner(v));
    }
    let zero = b.add_vertex(Owner::Terminal);
    let one = b.add_vertex(Owner::Terminal);
    let stop = &Rational::ONE - &beta;
    for u in arena.vertices() {
        let (s, c) = (u, Vertex::new(n + u.index()));
        if let Some(name) = arena.given_name(u) {
            b.set_name(s, name);
        }
        let scaled = if spread.is_zero() {
            Rational::ZERO
        } else {
            &(&game.rewards()[u.index()] - &lo) / &spread
        };
        for (target, p) in [
            (one, &stop * &scaled),
            (zero, &stop * &(&Rational::ONE - &scaled)),
            (c, beta.clone()),
        ] {
            if !p.is_zero() {
                b.add_chance_edge(s, target, p);
            }
        }
        for e in arena.out_edges(u) {
            let w = arena.target(e);
            match arena.probability(e) {
                Some(p) => b.add_chance_edge(c, w, p.clone()),
                None => b.add_edge(c, w),
            }
        }
    }
    let terminal_arena = b.build().expect("the gadgets are valid");
    let mut payoff = vec![Rational::ZERO; 2 * n + 2];
    payoff[one.index()] = Rational::ONE;
    Reduction {
        game: TerminalPayoffGame::new(terminal_arena, payoff).expect("two players"),
        lo,
        spread,
        beta,
        n,
    }
}

impl Reduction {
    /// The solution of the discounted game from a solution of the terminal-payoff game.
    pub fn map_back(&self, discounted: &DiscountedGame, solution: &Solution) -> Solution {
        let stop = &Rational::ONE - &self.beta;
        let values = (0..self.n)
            .map(|u| &(&self.lo + &(&self.spread * &solution.values[u])) / &stop)
            .collect();
        let strategy = super::transfer(
            self.game.arena(),
            &solution.strategy,
            discounted.arena(),
            |v| Some(Vertex::new(self.n + v.index())),
        );
        Solution { values, strategy }
    }
}
