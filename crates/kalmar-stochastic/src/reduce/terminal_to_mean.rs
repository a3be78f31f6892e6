//! Lemma 4: a terminal-payoff game as a mean-payoff game. Every vertex keeps its owner and moves
//! and earns reward 0; a terminal becomes a vertex of Max with a single self-loop that earns the
//! terminal's payoff at every step. A play that reaches a terminal then averages its payoff, and a
//! play that never does averages 0, so the values, and the strategies, are the same.
//!
//! # Complexity
//! O(n + m).
//!
//! # Example
//!
//! The coin toss worth 1/2 as a mean-payoff game worth the same.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_core::Rational;
//! use kalmar_stochastic::reduce::terminal_to_mean;
//! use kalmar_stochastic::{Stats, TerminalPayoffGame, si};
//! let graph = read_gg("kalmar-gg 1\nm max -> c l\nc chance -> w:1/2 l:1/2\n\
//!                      w terminal payoff=1\nl terminal payoff=0\n").unwrap();
//! let game = TerminalPayoffGame::from_graph(&graph).unwrap();
//! let mean = terminal_to_mean::reduce(&game);
//! let solution = si::solve_mean_payoff(&mean, &mut Stats::default());
//! assert_eq!(solution.values[0], Rational::new(1, 2));
//! ```

use crate::{MeanPayoffGame, TerminalPayoffGame};
use kalmar_core::{Owner, Player, Rational};

/// The mean-payoff game of `game`; vertices and their moves keep their numbers, so values and
/// strategies carry over unchanged.
pub fn reduce(game: &TerminalPayoffGame) -> MeanPayoffGame {
    let arena = game.arena();
    let mut b = arena.to_builder();
    let mut reward = vec![Rational::ZERO; arena.num_vertices()];
    for t in arena.vertices().filter(|&t| arena.is_terminal(t)) {
        b.set_owner(t, Owner::Player(Player::MAX));
        b.add_edge(t, t);
        reward[t.index()] = game.payoff(t).clone();
    }
    let arena = b
        .build()
        .expect("a self-loop at each terminal keeps the arena valid");
    MeanPayoffGame::new(arena, reward).expect("no terminals are left")
}
