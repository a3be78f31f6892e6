//! Exact values and optimal positional strategies of stochastic parity games, through the
//! priority gadget ([`reduce::parity_to_terminal`](super::reduce::parity_to_terminal)) and exact
//! strategy iteration, every candidate checked by the independent certificate
//! ([`parity_mdp`](super::parity_mdp)).
//!
//! Optimal positional strategies exist for both players (Chatterjee, Jurdziński and Henzinger,
//! *Quantitative stochastic parity games*, SODA 2004). For a stopping parameter `delta`, the
//! gadget game is a terminal-payoff game with payoffs 0 and 1, solved exactly by Hoffman–Karp
//! strategy iteration ([`si`](super::si)); its optimal strategies, carried back, are optimal in
//! the parity game once `delta` is small enough: at the bound `delta*` proven in the
//! reduction's docs ([`proven_delta`]) or above it. That bound is a worst case and its numbers
//! are long, so the solver starts with `delta = 1/(4(n + 1))`, and while the strategies it gets
//! fail the certificate, squares `delta` (doubling the bits of every stopping probability) — but
//! never below `delta*` — and runs strategy iteration again from the strategies it has. The
//! answer's values are the exact winning probabilities of the returned strategy pair
//! ([`StochasticParityGame::evaluate`]), and the certificate has shown that neither player can do
//! better against the other's strategy: the answer is exact whatever `delta` it stopped at.
//!
//! # Complexity
//! Rounds: at most O(log(log(1/delta*) / log n)) = O(log n + log log Lambda) for the largest
//! denominator `Lambda` of a probability, each one exact strategy iteration on a game of
//! `2n + 2` vertices (exponentially many improvements in the worst case, few in practice) and
//! one certificate (two parity MDPs, see [`parity_mdp`](super::parity_mdp)).
//!
//! # Example
//!
//! Min chooses between a vertex Max wins and a coin toss: the toss, worth 1/2.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_core::{Certificate, Rational};
//! use kalmar_stochastic::{ParityConvention, Stats, StochasticParityGame, spg};
//! let graph = read_gg("kalmar-gg 1\nm min priority=0 -> w c\n\
//!                      c chance priority=0 -> w:1/2 l:1/2\n\
//!                      w max priority=2 -> w\nl max priority=1 -> l\n").unwrap();
//! let game = StochasticParityGame::from_graph(&graph, ParityConvention::EvenWins).unwrap();
//! let solution = spg::solve(&game, &mut Stats::default());
//! assert_eq!(solution.values[0], Rational::new(1, 2));
//! assert!(solution.verify(&game).is_ok());
//! ```

use super::reduce::parity_to_terminal::{map_back, map_forward, proven_delta, reduce};
use super::si::certified_search;
use super::{Solution, Stats, StochasticParityGame, parity_mdp, si};
use kalmar_core::Rational;

/// Solves a stochastic parity game exactly (see the module docs). `stats.iterations` and
/// `stats.evaluations` add up over the rounds; `rounds` counts them.
pub fn solve(game: &StochasticParityGame, stats: &mut Stats) -> Solution {
    let n = game.arena().num_vertices() as i64;
    certified_search(
        Rational::new(1, 4 * (n + 1)),
        &proven_delta(game),
        stats,
        |delta, start, stats| {
            let gadget = reduce(game, delta);
            let begin = match start {
                Some(strategy) => map_forward(game, &gadget, &strategy),
                None => si::initial_profile_of(gadget.arena()),
            };
            let solution = si::solve_terminal_from(&gadget, begin, stats);
            let strategy = map_back(game, &gadget, &solution.strategy);
            Solution {
                values: game.evaluate(&strategy),
                strategy,
            }
        },
        |solution| parity_mdp::verify(game, &solution.values, &solution.strategy),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ParityConvention;
    use kalmar_core::Certificate;
    use kalmar_core::format::read_gg;

    fn solve_text(text: &str, convention: ParityConvention) -> (StochasticParityGame, Solution) {
        let game = StochasticParityGame::from_graph(&read_gg(text).unwrap(), convention).unwrap();
        let solution = solve(&game, &mut Stats::default());
        solution.verify(&game).unwrap();
        (game, solution)
    }

    #[test]
    fn min_prefers_a_fair_coin_to_a_loop_she_loses() {
        // Min at m can loop at priority 2 (Max wins that loop, even wins) or toss a fair coin
        // between Max's winning loop w (priority 2) and his losing loop l (priority 1): 1/2.
        // Reaching the set where Max wins almost surely is not the answer here (it would be 0:
        // Min never has to go there), which is why end components matter.
        let text = "kalmar-gg 1\nm min priority=2 -> m c\nc chance priority=0 -> w:1/2 l:1/2\n\
                    w max priority=2 -> w\nl max priority=1 -> l\n";
        let (_, s) = solve_text(text, ParityConvention::EvenWins);
        assert_eq!(s.values[0], Rational::new(1, 2));
        // The seed's convention (odd wins for Max) swaps the loops: Min now loops at m.
        let (_, s) = solve_text(text, ParityConvention::OddWins);
        assert_eq!(s.values[0], Rational::ZERO);
    }

    #[test]
    fn a_small_difference_needs_a_smaller_stopping_probability() {
        // Max at a: through Min's x (priority 3, Min's, passed once) to a fair coin between his
        // winning and losing loops, 1/2; or a coin that wins with probability 499/1000. The
        // first gadget game charges the pass through x about delta/2 and prefers the second
        // coin; its answer fails the certificate, and the next round (delta squared) gets it.
        let text = "kalmar-gg 1
a max priority=0 -> x b
x min priority=3 -> c
                    c chance priority=0 -> w:1/2 l:1/2
b chance priority=0 -> w:499/1000 l:501/1000
                    w max priority=2 -> w
l max priority=1 -> l
";
        let game =
            StochasticParityGame::from_graph(&read_gg(text).unwrap(), ParityConvention::EvenWins)
                .unwrap();
        let mut stats = Stats::default();
        let s = solve(&game, &mut stats);
        s.verify(&game).unwrap();
        assert_eq!(s.values[0], Rational::new(1, 2));
        assert_eq!(
            game.arena()
                .target(s.strategy.get(kalmar_core::Vertex::new(0)).unwrap())
                .index(),
            1
        );
        assert!(stats.rounds >= 2, "{} rounds", stats.rounds);
    }

    #[test]
    fn max_wins_almost_surely_by_retrying_a_coin() {
        // Max at a may stay at priority 1 forever (he loses) or try a coin that reaches his
        // winning loop w with probability 1/3 and otherwise comes back: he wins with
        // probability 1, although no single try does.
        let text = "kalmar-gg 1\na max priority=1 -> a c\nc chance priority=1 -> w:1/3 a:2/3\n\
                    w min priority=2 -> w\n";
        let (_, s) = solve_text(text, ParityConvention::EvenWins);
        assert_eq!(s.values[..2], [Rational::ONE, Rational::ONE]);
    }
}
