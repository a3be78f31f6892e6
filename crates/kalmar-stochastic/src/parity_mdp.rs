//! The independent check of a solution of a stochastic parity game: fix one player's strategy,
//! solve the parity Markov decision process that remains for the other player exactly, and
//! compare.
//!
//! With the opponent's moves fixed, the remaining player (the controller) maximises the
//! probability of its own parity condition. In a finite MDP that probability is the maximal
//! probability of reaching the union `W` of the controller's *winning end components*: end
//! components whose largest priority is good for it (Courcoubetis and Yannakakis, J. ACM 1995;
//! de Alfaro 1997; Chatterjee, Jurdziński and Henzinger, *Quantitative stochastic parity games*,
//! SODA 2004). In an end component the controller can visit every vertex infinitely often with
//! probability 1, so from `W` it wins surely; and with probability 1 every play ends up visiting
//! exactly the vertices of some end component infinitely often, so it cannot win more than by
//! reaching `W`. `W` is found priority by priority: for each priority `q` good for the
//! controller, the maximal end components among the vertices of priority at most `q`
//! ([`end_components`](super::end_components)) that contain a vertex of priority `q`.
//!
//! The reachability probabilities are those of a Markov decision process (`W` becomes a terminal
//! paying 1, the fixed player keeps its one move), computed exactly by the checkers' own policy
//! iteration for maximal reachability, not by a game solver.
//!
//! A claimed solution (values `x`, strategies `sigma` for Max and `tau` for Min) is correct
//! exactly when Max's best reply to `tau` gets `x` and Min's best reply to `sigma` holds Max to
//! `x`: then `sigma` secures at least `x`, `tau` at most `x`, and both are optimal.
//!
//! # Complexity
//! Per fixed strategy, O(d · n · (n + m)) for the end components of `d` priorities, plus one
//! exact strategy iteration on a one-player game.
//!
//! # Example
//!
//! The optimal answer passes; a claim that Min does better at `m` does not.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_core::Rational;
//! use kalmar_stochastic::{ParityConvention, Stats, StochasticParityGame, parity_mdp, spg};
//! let graph = read_gg("kalmar-gg 1\nm min priority=0 -> w c\n\
//!                      c chance priority=0 -> w:1/2 l:1/2\n\
//!                      w max priority=2 -> w\nl max priority=1 -> l\n").unwrap();
//! let game = StochasticParityGame::from_graph(&graph, ParityConvention::EvenWins).unwrap();
//! let solution = spg::solve(&game, &mut Stats::default());
//! assert!(parity_mdp::verify(&game, &solution.values, &solution.strategy).is_ok());
//! let mut values = solution.values.clone();
//! values[0] = Rational::ZERO;
//! assert!(parity_mdp::verify(&game, &values, &solution.strategy).is_err());
//! ```

use super::end_components::maximal_end_components;
use super::mdp::max_reach;
use super::model::player_of;
use super::{Solution, StochasticParityGame, TerminalPayoffGame};
use kalmar_core::{Builder, Certificate, Owner, Player, Rational, Strategy, VerifyError};

/// The probability that Max wins from every vertex when `fixed` follows its part of `strategy`
/// and the other player replies as well as it can (Max maximising, Min minimising).
///
/// # Panics
/// If `strategy` has no move at some vertex of `fixed`.
pub fn best_reply_values(
    game: &StochasticParityGame,
    fixed: Player,
    strategy: &Strategy,
) -> Vec<Rational> {
    let arena = game.arena();
    let controller = fixed.opponent();
    let allowed = |e| {
        let u = arena.source(e);
        player_of(arena, u) != Some(fixed) || strategy.get(u) == Some(e)
    };
    let good = |p: u32| game.max_wins(p) == (controller == Player::MAX);
    let mut priorities: Vec<u32> = game.priorities().to_vec();
    priorities.sort_unstable();
    priorities.dedup();
    let mut winning = vec![false; arena.num_vertices()];
    for q in priorities.into_iter().filter(|&q| good(q)) {
        let inside: Vec<bool> = game.priorities().iter().map(|&p| p <= q).collect();
        for component in maximal_end_components(arena, &inside, controller, allowed) {
            if component.iter().any(|v| game.priorities()[v.index()] == q) {
                for v in component {
                    winning[v.index()] = true;
                }
            }
        }
    }
    // The reachability game: W is a terminal; the fixed player keeps its one move.
    let mut builder = Builder::new(2);
    builder.reserve(arena.num_vertices(), arena.num_edges());
    for v in arena.vertices() {
        builder.add_vertex(if winning[v.index()] {
            Owner::Terminal
        } else {
            arena.owner(v)
        });
    }
    for v in arena.vertices().filter(|v| !winning[v.index()]) {
        for e in arena.out_edges(v).filter(|&e| allowed(e)) {
            match arena.probability(e) {
                Some(p) => builder.add_chance_edge(v, arena.target(e), p.clone()),
                None => builder.add_edge(v, arena.target(e)),
            }
        }
    }
    let reach_arena = builder.build().expect("a sub-game of a valid arena");
    let payoff = winning
        .iter()
        .map(|&w| if w { Rational::ONE } else { Rational::ZERO })
        .collect();
    let reach = TerminalPayoffGame::new(reach_arena, payoff).expect("two players, some vertices");
    let p = max_reach(&reach.model(), controller);
    if controller == Player::MAX {
        p
    } else {
        p.iter().map(|x| &Rational::ONE - x).collect()
    }
}

/// Checks that `values` are the values of the parity game and that both players' parts of
/// `strategy` are optimal (see the module docs).
pub fn verify(
    game: &StochasticParityGame,
    values: &[Rational],
    strategy: &Strategy,
) -> Result<(), VerifyError> {
    super::verify::verify_by_best_replies(game.arena(), values, strategy, |fixed| {
        Ok(best_reply_values(game, fixed, strategy))
    })
}

impl Certificate<StochasticParityGame> for Solution {
    fn verify(&self, game: &StochasticParityGame) -> Result<(), VerifyError> {
        verify(game, &self.values, &self.strategy)
    }
}
