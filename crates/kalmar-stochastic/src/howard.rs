//! Howard's policy iteration for the one-player game that fixing one player's strategy in a
//! mean-payoff game leaves: a Markov decision process of the other player (the *replier*), with
//! the average-reward criterion and any number of recurrent classes (R. A. Howard, *Dynamic
//! Programming and Markov Processes*, 1960; the multichain algorithm as in M. L. Puterman,
//! *Markov Decision Processes*, 1994, section 9.2). Its result is the replier's best gain from
//! every vertex and a bias, the raw material of the potential that
//! [`mp_witness`](super::mp_witness) checks.
//!
//! Each round values the current strategy pair exactly (gain `g` and bias `h`, by
//! [`chain`](super::chain)), then:
//! 1. *gain step*: at every replier's vertex, switch to a move whose target has a strictly
//!    better gain (smaller for Min, larger for Max) than the current move's, if there is one;
//! 2. if nothing switched, *bias step*: among the moves that keep the gain (`g(w) = g(v)`),
//!    switch to one whose target has a strictly better bias than the current one's;
//! 3. if nothing switched either, stop: `g` and `h` satisfy the multichain optimality equations
//!    of the replier's process, so `g` is its best gain (Puterman, section 9.2).
//!
//! The current move is kept on ties. Each round improves the pair `(g, h)` lexicographically
//! (the bias of each bottom component is normalised at its smallest vertex, so a component that
//! survives a switch keeps its normalisation), so no strategy repeats and the iteration ends.
//!
//! # Complexity
//! At most one round per strategy of the replier (exponentially many in the worst case:
//! Fearnley, *Exponential lower bounds for policy iteration*, ICALP 2010); started from an
//! optimal strategy, as the certificate does, the gain step does nothing and the bias steps are
//! few. A round is one exact evaluation plus O(n + m): linear time in a game without chance.
//!
//! # Example
//!
//! The witnesses it finds for both players' parts of an optimal strategy pair pass the exact check
//! (the module is internal: the example goes through [`mp_witness`](super::mp_witness)).
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_core::Player;
//! use kalmar_stochastic::{MeanPayoffGame, Stats, mp_witness, mpsi};
//! let graph = read_gg("kalmar-gg 1\na max reward=1 -> a b\nb min reward=-1 -> b a\n").unwrap();
//! let game = MeanPayoffGame::from_graph(&graph).unwrap();
//! let s = mpsi::solve(&game, &mut Stats::default()).unwrap();
//! for player in [Player::MAX, Player::MIN] {
//!     let witness = mp_witness::witness(&game, &s.values, &s.strategy, player).unwrap();
//!     assert!(mp_witness::check(&game, &s.values, &s.strategy, &witness).is_ok());
//! }
//! ```

use super::MeanPayoffGame;
use super::chain::{GainBias, gain_and_bias};
use super::model::player_of;
use kalmar_core::{Edge, Player, Rational, Strategy};

/// The replier's best reply to a fixed strategy, with its gain and bias.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Reply {
    /// The gain and bias of the strategy pair at the end.
    pub values: GainBias,
    /// The fixed player's strategy and the replier's best reply.
    pub strategy: Strategy,
}

/// The best reply of `fixed`'s opponent to `fixed`'s part of `strategy`, by policy iteration
/// started from the opponent's part of `strategy`.
///
/// # Panics
/// If `strategy` has no valid move at some player's vertex.
pub(crate) fn best_reply(game: &MeanPayoffGame, fixed: Player, strategy: &Strategy) -> Reply {
    let arena = game.arena();
    let replier = fixed.opponent();
    let better = |a: &Rational, b: &Rational| {
        if replier == Player::MIN { a < b } else { a > b }
    };
    let mut profile = strategy.clone();
    loop {
        let values = gain_and_bias(arena, game.rewards(), &profile);
        let (g, h) = (&values.gain, &values.bias);
        // The best move at `v` by `key`, among the moves `keep` allows, if it is strictly better
        // than the current move.
        let switch = |profile: &Strategy, v, key: &[Rational], keep: &dyn Fn(Edge) -> bool| {
            let current = profile.get(v).expect("a choice at every player's vertex");
            let mut best = (current, &key[arena.target(current).index()]);
            for e in arena.out_edges(v).filter(|&e| keep(e)) {
                let x = &key[arena.target(e).index()];
                if better(x, best.1) {
                    best = (e, x);
                }
            }
            (best.0 != current).then_some(best.0)
        };
        let replier_vertices = || {
            arena
                .vertices()
                .filter(|&v| player_of(arena, v) == Some(replier))
        };
        let gain_switches: Vec<_> = replier_vertices()
            .filter_map(|v| switch(&profile, v, g, &|_| true).map(|e| (v, e)))
            .collect();
        let switches = if gain_switches.is_empty() {
            replier_vertices()
                .filter_map(|v| {
                    let keeps_gain = |e: Edge| g[arena.target(e).index()] == g[v.index()];
                    switch(&profile, v, h, &keeps_gain).map(|e| (v, e))
                })
                .collect()
        } else {
            gain_switches
        };
        if switches.is_empty() {
            return Reply {
                values,
                strategy: profile,
            };
        }
        for (v, e) in switches {
            profile.set(v, e);
        }
    }
}
