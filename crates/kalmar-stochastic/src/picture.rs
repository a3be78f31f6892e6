//! The picture of a solved stochastic game in Graphviz's DOT language ([`kalmar_core::dot`]):
//! every vertex with its value (`value 3/4`, or `value ≈ 0.333333` when value iteration left the
//! bounds apart) and its reward or priority, chance moves with their probabilities, and the
//! optimal moves of both players bold.
//!
//! A vertex is filled with the colour of the player who *wins* there, which depends on what the
//! values mean ([`winner`]):
//! - where a value is Max's probability of winning (simple and parity games, and terminal-payoff
//!   games whose payoffs all lie in [0, 1]), Max wins at value 1 and Min at value 0; a vertex
//!   with a value strictly between them is left white, as neither player wins surely;
//! - where values are payoffs of any sign (other terminal-payoff games, discounted and
//!   mean-payoff games), Max wins where the value is positive and Min where it is negative, as in
//!   a deterministic graphical game or the mean-payoff game decided at threshold 0; value 0 is
//!   left white.
//!
//! Inexact values (value iteration's middle of its bounds) colour nothing.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_stochastic::picture::to_dot;
//! use kalmar_stochastic::solve::{Options, solve};
//! let graph = read_gg("kalmar-gg 1\nstart a\na max -> c t0\nc chance -> t1:1/2 t0:1/2\n\
//!                      t0 terminal payoff=0\nt1 terminal payoff=1\n").unwrap();
//! let answer = solve(&graph, &Options::default()).unwrap();
//! let dot = to_dot(&graph, &answer);
//! assert!(dot.contains("\"a\\nvalue 1/2\" shape=diamond fillcolor=\"white\""));
//! assert!(dot.contains("\"t1\\nvalue 1\" shape=doublecircle fillcolor=\"#a6cee3\""));
//! assert!(dot.contains("v0 -> v1 [penwidth=3]")); // Max gambles: 1/2 beats 0
//! assert!(dot.contains("[label=\"1/2\"]"));
//! ```
//!
//! # Complexity
//! O(n + m) for n vertices and m moves, plus the printing of the values.

use crate::Class;
use crate::solve::Answer;
use kalmar_core::dot::{Mark, to_dot as draw};
use kalmar_core::format::GameGraph;
use kalmar_core::{Player, Rational};
use std::cmp::Ordering;

/// The picture of `answer`, a solution of `graph`, as DOT text.
pub fn to_dot(graph: &GameGraph, answer: &Answer) -> String {
    let exact = answer.is_exact();
    let probabilities = is_probability(graph, answer.class);
    draw(&graph.arena, answer.strategy.as_ref(), |v| {
        let i = v.index();
        let value = &answer.values[i];
        let mut lines = vec![if exact {
            format!("value {value}")
        } else {
            format!("value ≈ {:.6}", value.to_f64())
        }];
        if let Some(reward) = graph.reward.as_ref().map(|r| &r[i]) {
            lines.push(format!("reward {reward}"));
        }
        if let Some(priority) = graph.priority.as_ref().map(|p| p[i]) {
            lines.push(format!("priority {priority}"));
        }
        Mark {
            text: lines.join("\n"),
            winner: exact.then(|| winner(value, probabilities)).flatten(),
        }
    })
}

/// Whether the values of a game of this class read from `graph` are Max's probabilities of
/// winning: simple and parity games, and terminal-payoff games whose payoffs all lie in [0, 1].
pub fn is_probability(graph: &GameGraph, class: Class) -> bool {
    match class {
        Class::Simple | Class::Parity => true,
        Class::Terminal => graph
            .payoff
            .iter()
            .flatten()
            .all(|p| !p.signum().is_lt() && *p <= Rational::ONE),
        Class::Discounted | Class::MeanPayoff => false,
    }
}

/// Who wins at a vertex of this value (see the [module documentation](self)): for
/// probabilities Max at 1 and Min at 0, for payoffs Max when positive and Min when negative.
pub fn winner(value: &Rational, probabilities: bool) -> Option<Player> {
    if probabilities {
        if *value == Rational::ONE {
            Some(Player::MAX)
        } else if value.is_zero() {
            Some(Player::MIN)
        } else {
            None
        }
    } else {
        match value.signum() {
            Ordering::Greater => Some(Player::MAX),
            Ordering::Less => Some(Player::MIN),
            Ordering::Equal => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winners_by_meaning() {
        let half = Rational::new(1, 2);
        assert_eq!(winner(&Rational::ONE, true), Some(Player::MAX));
        assert_eq!(winner(&Rational::ZERO, true), Some(Player::MIN));
        assert_eq!(winner(&half, true), None);
        assert_eq!(winner(&half, false), Some(Player::MAX));
        assert_eq!(winner(&-half, false), Some(Player::MIN));
        assert_eq!(winner(&Rational::ZERO, false), None);
    }
}
