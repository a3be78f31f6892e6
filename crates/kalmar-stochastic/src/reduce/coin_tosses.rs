//! Lemma 3, second step (Zwick and Paterson): a terminal-payoff game with any rational
//! distributions as one whose chance vertices all toss a fair coin between two moves — a simple
//! stochastic game when the payoffs are 0 and 1.
//!
//! A distribution `p_1, …, p_k` over moves, with common denominator `q` and `2^d >= q`, is played
//! as `d` fair coin tosses that spell a number `x` in `[0, 2^d)` bit by bit: move `i` is taken
//! when `x` falls in `[q (p_1 + … + p_(i-1)), q (p_1 + … + p_i))`, and the tosses start over when
//! `x >= q`. A toss whose outcomes so far already decide the interval moves straight on, so only
//! prefixes of the `k` boundaries get a coin vertex of their own: at most `k d` vertices per
//! distribution, polynomial in the size of the numbers. Starting over happens with probability
//! below 1/2 each round, so play leaves the gadget with probability 1, by move `i` with
//! probability exactly `p_i`: values and strategies are unchanged.
//!
//! # Complexity
//! O(m + sum over chance vertices of k d) vertices and moves, for `k` moves and `d` bits.
//!
//! # Example
//!
//! A toss of 1/3 becomes fair coins; the value, 1/3, stays.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_core::Rational;
//! use kalmar_stochastic::reduce::coin_tosses;
//! use kalmar_stochastic::{Stats, TerminalPayoffGame, si};
//! let graph = read_gg("kalmar-gg 1\nm max -> c l\nc chance -> w:1/3 l:2/3\n\
//!                      w terminal payoff=1\nl terminal payoff=0\n").unwrap();
//! let game = TerminalPayoffGame::from_graph(&graph).unwrap();
//! let simple = coin_tosses::reduce(&game);
//! assert!(simple.is_simple());
//! let solution = si::solve_terminal(&simple, &mut Stats::default());
//! assert_eq!(solution.values[0], Rational::new(1, 3));
//! ```

use crate::TerminalPayoffGame;
use kalmar_core::{Builder, Owner, Rational, Vertex};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Zero};

/// The game with every chance vertex replaced by a gadget of fair coin tosses. The first `n`
/// vertices are the original ones (a chance vertex is the first toss of its gadget), with the same
/// moves at players' vertices, so values and strategies of the original vertices carry over
/// unchanged.
pub fn reduce(game: &TerminalPayoffGame) -> TerminalPayoffGame {
    let arena = game.arena();
    let mut b = Builder::new(2);
    for v in arena.vertices() {
        b.add_vertex(arena.owner(v));
        if let Some(name) = arena.given_name(v) {
            b.set_name(v, name);
        }
    }
    let half = Rational::new(1, 2);
    for v in arena.vertices() {
        match arena.owner(v) {
            Owner::Player(_) => {
                for &w in arena.successors(v) {
                    b.add_edge(v, w);
                }
            }
            Owner::Chance => {
                let moves: Vec<(Vertex, num_rational::BigRational)> = arena
                    .out_edges(v)
                    .map(|e| {
                        let p = arena
                            .probability(e)
                            .expect("chance edges have probabilities");
                        (arena.target(e), p.to_big())
                    })
                    .collect();
                let q = moves
                    .iter()
                    .fold(BigInt::one(), |acc, (_, p)| acc.lcm(p.denom()));
                let mut bounds = Vec::with_capacity(moves.len());
                let mut sum = BigInt::zero();
                for (_, p) in &moves {
                    sum += p.numer() * (&q / p.denom());
                    bounds.push(sum.clone());
                }
                let mut bits = 0u64;
                while BigInt::one() << bits < q {
                    bits += 1;
                }
                let gadget = Gadget {
                    root: v,
                    q: &q,
                    bounds: &bounds,
                    targets: moves.iter().map(|m| m.0).collect(),
                };
                let size = BigInt::one() << bits;
                let mid = &size >> 1u32;
                let (left, right) = if bits == 0 {
                    (gadget.targets[0], gadget.targets[0])
                } else {
                    (
                        gadget.node(&mut b, BigInt::zero(), mid.clone()),
                        gadget.node(&mut b, mid, size),
                    )
                };
                b.add_chance_edge(v, left, half.clone());
                b.add_chance_edge(v, right, half.clone());
            }
            Owner::Terminal => {}
        }
    }
    let arena = b.build().expect("the gadgets are valid");
    let mut payoff = game.payoffs().to_vec();
    payoff.resize(arena.num_vertices(), Rational::ZERO);
    TerminalPayoffGame::new(arena, payoff).expect("two players")
}

/// One distribution's coin tosses.
struct Gadget<'a> {
    root: Vertex,
    q: &'a BigInt,
    /// Cumulative numerators over `q`: move `i` takes `[bounds[i-1], bounds[i])`.
    bounds: &'a [BigInt],
    targets: Vec<Vertex>,
}

impl Gadget<'_> {
    /// The vertex that finishes the tosses once they have narrowed `x` to `[lo, hi)`.
    fn node(&self, b: &mut Builder, lo: BigInt, hi: BigInt) -> Vertex {
        if lo >= *self.q {
            return self.root;
        }
        // The move whose interval contains lo.
        let i = self.bounds.partition_point(|c| *c <= lo);
        if hi <= self.bounds[i] {
            return self.targets[i];
        }
        let mid = (&lo + &hi) >> 1u32;
        let toss = b.add_vertex(Owner::Chance);
        let left = self.node(b, lo, mid.clone());
        let right = self.node(b, mid, hi);
        b.add_chance_edge(toss, left, Rational::new(1, 2));
        b.add_chance_edge(toss, right, Rational::new(1, 2));
        toss
    }
}
