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
//!
//! [`convert`] runs the one that leads from a game file's class to the class asked for:
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_stochastic::{Class, ParityConvention, reduce::convert};
//! let graph = read_gg("kalmar-gg 1\nm max -> c w\nc chance -> w:1/3 l:2/3\n\
//!                      w terminal payoff=1\nl terminal payoff=0\n").unwrap();
//! let simple = convert(&graph, Class::Simple, ParityConvention::EvenWins, None).unwrap();
//! assert_eq!(Class::of(&simple), Class::Simple);
//! assert!(convert(&graph, Class::Parity, ParityConvention::EvenWins, None).is_err());
//! ```

pub mod coin_tosses;
pub mod discounted_to_terminal;
pub mod mean_to_discounted;
pub mod parity_to_mean;
pub mod parity_to_terminal;
pub mod terminal_to_mean;

use crate::{
    Class, DiscountedGame, MeanPayoffGame, ParityConvention, StochasticError, StochasticParityGame,
    TerminalPayoffGame,
};
use kalmar_core::format::GameGraph;
use kalmar_core::{Arena, Rational, Strategy, Vertex};

/// Why [`convert`] made no game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConvertError {
    /// The game is not one of the class its file suggests.
    #[error(transparent)]
    Game(#[from] StochasticError),
    /// No reduction leads from the one class to the other.
    #[error(
        "no reduction from a {} game to a {} game; the reductions are: discounted -> \
         terminal, discounted -> simple, terminal -> simple, terminal -> mean-payoff, \
         mean-payoff -> discounted, parity -> mean-payoff, parity -> terminal (priority \
         gadget)",
        from.name(),
        to.name()
    )]
    NoReduction {
        /// The game's class.
        from: Class,
        /// The class asked for.
        to: Class,
    },
    /// The gadget's stopping parameter is out of range.
    #[error("--delta must be positive and at most 1/2")]
    Delta,
}

/// The game of `graph` (in the class [`Class::of`] reads) reduced to a game of class `to`:
/// parity games are read in `convention`, and the priority gadget stops with `delta` (default:
/// [`parity_to_terminal::proven_delta`]).
pub fn convert(
    graph: &GameGraph,
    to: Class,
    convention: ParityConvention,
    delta: Option<Rational>,
) -> Result<GameGraph, ConvertError> {
    let from = Class::of(graph);
    let parity = || StochasticParityGame::from_graph(graph, convention);
    Ok(match (from, to) {
        (Class::Discounted, Class::Terminal) => {
            let game = DiscountedGame::from_graph(graph)?;
            discounted_to_terminal::reduce(&game).game.to_graph()
        }
        (Class::Discounted, Class::Simple) => {
            let game = DiscountedGame::from_graph(graph)?;
            coin_tosses::reduce(&discounted_to_terminal::reduce(&game).game).to_graph()
        }
        (Class::Terminal | Class::Simple, Class::Simple) => {
            coin_tosses::reduce(&TerminalPayoffGame::from_graph(graph)?).to_graph()
        }
        (Class::Terminal | Class::Simple, Class::MeanPayoff) => {
            terminal_to_mean::reduce(&TerminalPayoffGame::from_graph(graph)?).to_graph()
        }
        (Class::MeanPayoff, Class::Discounted) => {
            mean_to_discounted::reduce(&MeanPayoffGame::from_graph(graph)?).to_graph()
        }
        (Class::Parity, Class::MeanPayoff) => parity_to_mean::reduce(&parity()?).to_graph(),
        (Class::Parity, Class::Terminal) => {
            let game = parity()?;
            let delta = delta.unwrap_or_else(|| parity_to_terminal::proven_delta(&game));
            if delta.signum().is_le() || delta > Rational::new(1, 2) {
                return Err(ConvertError::Delta);
            }
            parity_to_terminal::reduce(&game, &delta).to_graph()
        }
        _ => return Err(ConvertError::NoReduction { from, to }),
    })
}

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
