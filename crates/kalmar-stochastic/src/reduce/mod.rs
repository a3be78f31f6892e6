//! The reductions of Andersson and Miltersen (*The Complexity of Solving Stochastic Games on
//! Graphs*), as transformations that build the other game and map its solutions back:
//!
//! - [`mean_to_discounted`]: Lemma 1, a mean-payoff game as a discounted one with the exact
//!   discount factor `beta*` past which optimal strategies of the discounted game are optimal for
//!   the mean payoff;
//! - [`discounted_to_terminal`]: the first step of Lemma 3, a discounted game as a terminal-payoff
//!   game with payoffs 0 and 1 (play stops with probability `1 - beta` at each step);
//! - [`coin_tosses`]: the second step of Lemma 3, after Zwick and Paterson: a terminal game with
//!   payoffs 0 and 1 and any rational distributions as a simple stochastic game, each distribution
//!   built from fair coin tosses;
//! - [`terminal_to_mean`]: Lemma 4, a terminal-payoff game as a mean-payoff game (a terminal
//!   becomes a self-loop that earns its payoff forever);
//! - [`parity_to_terminal`]: stochastic parity games as terminal-payoff games with payoffs 0 and
//!   1, by a priority gadget that stops play with a probability growing steeply with the
//!   priority, with a stopping parameter proven small enough;
//! - [`parity_to_mean`]: parity games as mean-payoff games: deterministic ones by Jurdziński's
//!   rewards `±(n + 1)^p`, stochastic ones by the gadget and Lemma 4 (the reduction Chatterjee
//!   and Henzinger show exists, here with a proof of its own).
//!
//! Strategies carry over move by move: a player's `k`-th move at a vertex of one game is its
//! `k`-th move at the corresponding vertex of the other ([`transfer`]).

pub mod coin_tosses;
pub mod discounted_to_terminal;
pub mod mean_to_discounted;
pub mod parity_to_mean;
pub mod parity_to_terminal;
pub mod terminal_to_mean;

use kalmar_core::{Arena, Strategy, Vertex};

/// Carries a strategy of `from` over to `to`: at every player's vertex `v` of `to` that stands
/// for `origin(v)` of `from`, the move with the same position among the out-moves.
pub fn transfer(
    from: &Arena,
    strategy: &Strategy,
    to: &Arena,
    origin: impl Fn(Vertex) -> Option<Vertex>,
) -> Strategy {
    let mut result = Strategy::empty(to.num_vertices());
    for v in to.vertices() {
        if !matches!(to.owner(v), kalmar_core::Owner::Player(_)) {
            continue;
        }
        let Some(u) = origin(v) else { continue };
        let Some(e) = strategy.get(u) else { continue };
        let first = from.out_edges(u).next().expect("a chosen move exists");
        let k = e.index() - first.index();
        if let Some(f) = to.out_edges(v).nth(k) {
            result.set(v, f);
        }
    }
    result
}
