//! Stochastic parity games as terminal-payoff games with payoffs 0 and 1 (stochastic reachability
//! games), by a priority gadget: every move into a vertex `v` first passes a chance vertex that
//! ends the play with a small probability `eps(v)` — at a terminal paying 1 when `v`'s priority is
//! good for Max and 0 otherwise — and goes on to `v` with probability `1 - eps(v)`. Higher
//! priorities stop much more often: priorities are ranked (the distinct priorities in order, one
//! rank per change of winner), and with `K` ranks a vertex of rank `k` (0 the lowest) stops with
//! probability `delta^(K - k)`. The idea is that of Chatterjee and Fijalkow's reduction of
//! deterministic parity games (*A reduction from parity games to simple stochastic games*,
//! GandALF 2011) and of Berthon, Katoen and Zhou's direct reduction of stochastic parity games to
//! simple stochastic games (CONCUR 2025, which shows that a gadget with numbers of polynomially
//! many bits exists); the construction and the argument below are this module's own, and every
//! answer is checked by the independent certificate of [`crate::parity_mdp`].
//!
//! # Why it works, and how small `delta` must be
//!
//! Fix a pair `pi` of positional strategies, and let `C` be the Markov chain it leaves on the
//! parity game's `n` vertices. Max wins the parity game from `x` with the probability that play
//! ends up in a bottom component of `C` whose largest priority is good for him (play visits all
//! of a bottom component infinitely often). In the gadget game the same pair moves along the
//! same chain, and at each step `t >= 1` an independent coin stops play with probability
//! `eps(X_t)`, paying by `X_t`'s priority. Let `q` be the smallest positive probability of `C`
//! (1 at a player's vertex). The two games pay differently only if the gadget stops play
//!
//! - *before play reaches a bottom component*: from any vertex a bottom component is reached
//!   within `n` steps with probability at least `q^n`, so the expected number of steps before
//!   it is at most `n / q^n`, and each step stops with probability at most `delta` (the largest
//!   `eps`): probability at most `n delta / q^n`;
//! - *in a bottom component `B`, at a vertex below `B`'s top rank `k`*: those stop with
//!   probability at most `delta s` per step, where `s = delta^(K - k)` is the stopping
//!   probability of `B`'s top vertices, which all pay as `B`'s largest priority does (ranks
//!   change exactly where the winner does). In each block of `n` steps play visits a top vertex
//!   with probability at least `q^n`, reaching it unstopped with probability at least
//!   `(1 - delta)^n >= 1/2` when `delta <= 1/(2n)`, and stops there with probability `s`; so a
//!   block ends play with probability at least `q^n s / 2`, and stops it badly with probability
//!   at most `n delta s`. Summed over the blocks: probability at most `2 n delta / q^n`.
//!
//! So each pair's gadget value is within `eps = 3 n delta / q^n` of its parity value. The parity
//! values are exact absorption probabilities: scaling the row of each transient vertex `i` of
//! `I - Q` by `L_i`, the least common multiple of the denominators of its probabilities (1 at a
//! player's vertex), gives an integer matrix whose rows have Euclidean norm at most `2 L_i`; by
//! Cramer's rule and Hadamard's inequality every value is a fraction whose denominator is at most
//! `D = 2^n prod_i L_i`. Two different values of two pairs therefore differ by at least
//! `1 / D^2`. With `q >= 1 / Lambda` for `Lambda = max_i L_i`, the parameter
//! [`proven_delta`], `delta* = 1 / (8 n 4^n Lambda^n (prod_i L_i)^2)`, makes `2 eps < 1 / D^2`.
//!
//! Then every optimal positional strategy of the gadget game is optimal in the parity game. Say
//! Max's `sigma` is optimal in the gadget game but not in the parity game at a vertex `i`: some
//! reply `y'` holds it at `i` below what some `x*` secures against every reply `y` there. Those
//! parity values differ, so by at least `2 eps`, and the gadget values keep their order:
//! `min_y val(sigma, y) <= val(sigma, y') < min_y val(x*, y)` in the gadget game, so `sigma` was
//! not optimal there. (Positional strategies and positional replies suffice in stochastic parity
//! games and in parity MDPs; Chatterjee, Jurdziński and Henzinger, SODA 2004.) Min's side is the
//! mirror image. The gadget is a polynomial-time reduction: `delta*` has
//! O(n log Lambda + sum_i log L_i) bits, and the stopping probabilities `d` times as many, for
//! `d` ranks.
//!
//! The bound is a worst case over all pairs of strategies, and the numbers it makes are long.
//! The solver ([`crate::spg`]) starts from a far larger `delta`, checks each answer
//! with the independent certificate of [`crate::parity_mdp`], and squares `delta` —
//! never going below `delta*` — until an answer passes; at `delta*` one must.
//!
//! The gadget game's vertices `0 .. n` are the parity game's (same owners, moves in the same
//! order), `n + v` is the gadget in front of `v`, and the last two are the terminals paying 1 and
//! 0, so strategies carry over move by move ([`map_back`], [`super::transfer`]).
//!
//! # Complexity
//! O(n + m) vertices and moves; the stopping probabilities have O(d · log(1/delta)) bits for `d`
//! ranks. [`proven_delta`]: O(n + m) arithmetic operations on numbers of O(log(1/delta*)) bits.
//!
//! # Example
//!
//! At the proven stopping parameter, optimal strategies of the gadget game are optimal in the
//! parity game.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_core::Rational;
//! use kalmar_stochastic::reduce::parity_to_terminal::{map_back, proven_delta, reduce};
//! use kalmar_stochastic::{ParityConvention, Stats, StochasticParityGame, si};
//! let graph = read_gg("kalmar-gg 1\nm min priority=0 -> w c\n\
//!                      c chance priority=0 -> w:1/2 l:1/2\n\
//!                      w max priority=2 -> w\nl max priority=1 -> l\n").unwrap();
//! let game = StochasticParityGame::from_graph(&graph, ParityConvention::EvenWins).unwrap();
//! let gadget = reduce(&game, &proven_delta(&game));
//! let solution = si::solve_terminal(&gadget, &mut Stats::default());
//! let strategy = map_back(&game, &gadget, &solution.strategy);
//! assert_eq!(game.evaluate(&strategy)[0], Rational::new(1, 2));
//! ```

use crate::model::player_of;
use crate::{StochasticParityGame, TerminalPayoffGame};
use kalmar_core::{Builder, Owner, Rational, Strategy, Vertex};
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;

/// The gadget game of `game` for the stopping parameter `delta`, `0 < delta <= 1/2`.
///
/// # Panics
/// If `delta` is not in `(0, 1/2]`.
pub fn reduce(game: &StochasticParityGame, delta: &Rational) -> TerminalPayoffGame {
    assert!(
        delta.signum().is_gt() && *delta <= Rational::new(1, 2),
        "0 < delta <= 1/2"
    );
    let arena = game.arena();
    let n = arena.num_vertices();
    let rank = game.ranks();
    let top = rank.iter().copied().max().unwrap_or(0);
    // stop[k] = delta^(top + 1 - k).
    let mut stop = vec![delta.clone(); top as usize + 1];
    for k in (0..top as usize).rev() {
        stop[k] = &stop[k + 1] * delta;
    }
    let mut builder = Builder::new(2);
    builder.reserve(2 * n + 2, arena.num_edges() + 2 * n);
    for v in arena.vertices() {
        let u = builder.add_vertex(arena.owner(v));
        builder.set_name(u, arena.name(v).into_owned());
    }
    for v in arena.vertices() {
        let g = builder.add_vertex(Owner::Chance);
        builder.set_name(g, format!("{}.gadget", arena.name(v)));
    }
    let win = builder.add_vertex(Owner::Terminal);
    builder.set_name(win, "parity.win");
    let lose = builder.add_vertex(Owner::Terminal);
    builder.set_name(lose, "parity.lose");
    for v in arena.vertices() {
        for e in arena.out_edges(v) {
            let gadget = Vertex::new(n + arena.target(e).index());
            match arena.probability(e) {
                Some(p) => builder.add_chance_edge(v, gadget, p.clone()),
                None => builder.add_edge(v, gadget),
            }
        }
    }
    for v in arena.vertices() {
        let g = Vertex::new(n + v.index());
        let eps = &stop[rank[v.index()] as usize];
        let end = if game.max_wins(game.priorities()[v.index()]) {
            win
        } else {
            lose
        };
        builder.add_chance_edge(g, v, &Rational::ONE - eps);
        builder.add_chance_edge(g, end, eps.clone());
    }
    let gadget_arena = builder.build().expect("the gadget game of a valid arena");
    let mut payoff = vec![Rational::ZERO; 2 * n + 2];
    payoff[win.index()] = Rational::ONE;
    TerminalPayoffGame::new(gadget_arena, payoff).expect("two players, some vertices")
}

/// The stopping parameter proven small enough for `game` (see the module docs): with it, the
/// optimal positional strategies of the gadget game are optimal in the parity game.
/// `delta* = 1 / (8 n 4^n Lambda^n (prod_i L_i)^2)`, where `L_i` is the least common multiple
/// of the denominators of vertex `i`'s move probabilities (1 at a player's vertex) and `Lambda`
/// the largest `L_i`.
pub fn proven_delta(game: &StochasticParityGame) -> Rational {
    let arena = game.arena();
    let n = arena.num_vertices();
    let lcms: Vec<BigInt> = arena
        .vertices()
        .map(|v| {
            arena
                .out_edges(v)
                .filter_map(|e| arena.probability(e))
                .fold(BigInt::from(1), |l, p| l.lcm(p.to_big().denom()))
        })
        .collect();
    let largest = lcms
        .iter()
        .max()
        .cloned()
        .unwrap_or_else(|| BigInt::from(1));
    let product: BigInt = lcms.iter().product();
    let n_big = BigInt::from(n as u64);
    let denominator = BigInt::from(8u32)
        * &n_big
        * num_traits::pow(BigInt::from(4u32) * largest, n)
        * &product
        * &product;
    Rational::from_big(BigRational::new(BigInt::from(1), denominator))
}

/// The parity game's strategies of a strategy pair of its gadget game.
pub fn map_back(
    game: &StochasticParityGame,
    gadget: &TerminalPayoffGame,
    strategy: &Strategy,
) -> Strategy {
    super::transfer(gadget.arena(), strategy, game.arena(), Some)
}

/// A strategy pair of the parity game carried into its gadget game (a starting point for
/// strategy iteration).
pub fn map_forward(
    game: &StochasticParityGame,
    gadget: &TerminalPayoffGame,
    strategy: &Strategy,
) -> Strategy {
    let n = game.arena().num_vertices();
    super::transfer(game.arena(), strategy, gadget.arena(), |v| {
        (v.index() < n && player_of(gadget.arena(), v).is_some()).then_some(v)
    })
}
