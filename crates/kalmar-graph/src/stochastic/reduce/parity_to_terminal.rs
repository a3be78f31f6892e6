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
//! answer is checked by the independent certificate of [`crate::stochastic::parity_mdp`].
//!
//! Why it works for `delta` small enough (the argument [`crate::stochastic::spg`] relies on): for
//! a fixed pair of positional strategies, play in the parity game ends up in a bottom component
//! of the Markov chain and visits all of it infinitely often. In the gadget game the stop before
//! reaching a bottom component has probability O(delta), and inside a bottom component the stop
//! happens, with probability tending to 1, at its vertices of the lowest rank exponent, which are
//! those of its largest priority: each pair's value tends to its winning probability in the
//! parity game as `delta` tends to 0. Each pair's value is a rational function of `delta`, so
//! below some `delta` the order between any two pairs' values no longer changes, and an optimal
//! pair of the gadget game is then a pair of optimal strategies of the parity game (positional
//! replies suffice in parity MDPs). How small `delta` has to be is not computed here: the solver
//! halves the exponent's bits until its answer passes the independent certificate.
//!
//! The gadget game's vertices `0 .. n` are the parity game's (same owners, moves in the same
//! order), `n + v` is the gadget in front of `v`, and the last two are the terminals paying 1 and
//! 0, so strategies carry over move by move ([`map_back`], [`super::transfer`]).
//!
//! # Complexity
//! O(n + m) vertices and moves; the stopping probabilities have O(d · log(1/delta)) bits for `d`
//! ranks.

use crate::stochastic::{ParityGame, TerminalGame, player_of};
use kalmar_core::{Builder, Owner, Rational, Strategy, Vertex};

/// The gadget game of `game` for the stopping parameter `delta`, `0 < delta <= 1/2`.
///
/// # Panics
/// If `delta` is not in `(0, 1/2]`.
pub fn reduce(game: &ParityGame, delta: &Rational) -> TerminalGame {
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
    TerminalGame::new(gadget_arena, payoff).expect("two players, some vertices")
}

/// The parity game's strategies of a strategy pair of its gadget game.
pub fn map_back(game: &ParityGame, gadget: &TerminalGame, strategy: &Strategy) -> Strategy {
    super::transfer(gadget.arena(), strategy, game.arena(), Some)
}

/// A strategy pair of the parity game carried into its gadget game (a starting point for
/// strategy iteration).
pub fn map_forward(game: &ParityGame, gadget: &TerminalGame, strategy: &Strategy) -> Strategy {
    let n = game.arena().num_vertices();
    super::transfer(game.arena(), strategy, gadget.arena(), |v| {
        (v.index() < n && player_of(gadget.arena(), v).is_some()).then_some(v)
    })
}
