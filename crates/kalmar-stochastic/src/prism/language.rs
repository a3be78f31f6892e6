//! [`write_prism`]: a game in PRISM-games' modelling language (model type `smg`), with its
//! rPATL property.

use super::{Plan, PrismQuery, PrismWriteError};
use crate::TerminalPayoffGame;
use kalmar_core::{Owner, Player, Rational, Vertex};
use std::fmt::Write;

/// A game written in PRISM's language, with its property.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrismModel {
    /// The model file (`.prism`).
    pub model: String,
    /// The properties file (`.props`): one property.
    pub properties: String,
    /// Which query the property is.
    pub query: PrismQuery,
    /// The number of PRISM states: the vertices and the absorbing states after the terminals.
    pub states: usize,
    /// How many probabilities and payoffs were written as doubles because their numerator or
    /// denominator does not fit in 32 bits (0 when every number is written exactly).
    pub inexact: usize,
}

/// The model of `game` in PRISM-games' language, and the property whose value at state `k` is
/// the value of vertex `k`.
///
/// # Errors
/// A negative payoff ([`PrismWriteError::NegativePayoff`]).
///
/// ```
/// use kalmar_core::format::read_gg;
/// use kalmar_stochastic::prism::{PrismQuery, write_prism};
/// use kalmar_stochastic::TerminalPayoffGame;
/// let g = read_gg("kalmar-gg 1\na max -> t c\nc chance -> a:1/2 t:1/2\nt terminal payoff=1\n")
///     .unwrap();
/// let model = write_prism(&TerminalPayoffGame::from_graph(&g).unwrap()).unwrap();
/// assert_eq!(model.query, PrismQuery::ReachWin);
/// assert!(model.model.contains("[] s=1 -> 1/2:(s'=0) + 1/2:(s'=2);"));
/// ```
pub fn write_prism(game: &TerminalPayoffGame) -> Result<PrismModel, PrismWriteError> {
    let plan = Plan::of(game)?;
    let arena = game.arena();
    let (n, query) = (plan.vertices, plan.query);
    let mut numbers = Numbers::default();
    let mut out = String::with_capacity(48 * (n + arena.num_edges()) + 512);
    let start = arena.start().unwrap_or(Vertex(0)).index();
    // Writing to a String cannot fail.
    let _ = writeln!(
        out,
        "// A stochastic terminal-payoff game written by kalmar: {n} vertices, {} moves.\n\
         // State s=k is vertex k; Max is maxplayer, Min is minplayer.\n\
         // Property: {}\n\nsmg\n",
        arena.num_edges(),
        query.property()
    );
    for (player, prefix) in [("maxplayer", "max"), ("minplayer", "min")] {
        let owner = if prefix == "max" {
            Player::MAX
        } else {
            Player::MIN
        };
        // PRISM refuses a label that no command uses, so the block lists exactly those used.
        let labels = arena
            .vertices()
            .filter(|&v| arena.owner(v) == Owner::Player(owner))
            .map(|v| arena.out_degree(v))
            .max()
            .unwrap_or(0);
        let list: Vec<String> = (0..labels).map(|i| format!("[{prefix}{i}]")).collect();
        let _ = writeln!(out, "player {player}\n  {}\nendplayer\n", list.join(", "));
    }
    let _ = writeln!(
        out,
        "module game\n  s : [0..{}] init {start};",
        plan.states - 1
    );
    let mut update = |branches: &[(Rational, usize)]| -> String {
        match branches {
            [(_, target)] => format!("(s'={target})"),
            _ => {
                let parts: Vec<String> = branches
                    .iter()
                    .map(|(p, target)| format!("{}:(s'={target})", numbers.write(p)))
                    .collect();
                parts.join(" + ")
            }
        }
    };
    for v in arena.vertices() {
        let k = v.index();
        let name = serde_json::to_string(arena.name(v).as_ref()).unwrap_or_default();
        match arena.owner(v) {
            Owner::Player(p) => {
                let prefix = if p == Player::MAX { "max" } else { "min" };
                let _ = writeln!(out, "  // {k}: {name} ({prefix})");
                for (i, &w) in arena.successors(v).iter().enumerate() {
                    let _ = writeln!(out, "  [{prefix}{i}] s={k} -> (s'={});", w.index());
                }
            }
            Owner::Chance => {
                let _ = writeln!(out, "  // {k}: {name} (chance)");
                let branches: Vec<(Rational, usize)> = arena
                    .out_edges(v)
                    .map(|e| {
                        let p = arena.probability(e).cloned().unwrap_or(Rational::ZERO);
                        (p, arena.target(e).index())
                    })
                    .collect();
                let _ = writeln!(out, "  [] s={k} -> {};", update(&branches));
            }
            Owner::Terminal => {
                let payoff = game.payoff(v);
                let _ = writeln!(out, "  // {k}: {name} (terminal, payoff {payoff})");
                let branches = plan.terminal_branches(payoff);
                let _ = writeln!(out, "  [] s={k} -> {};", update(&branches));
            }
        }
    }
    for (state, name) in plan.absorbing() {
        let _ = writeln!(out, "  // {state}: {name}\n  [] s={state} -> true;");
    }
    let (label, target) = plan.target();
    let _ = writeln!(out, "endmodule\n\nlabel \"{label}\" = s={target};");
    if query == PrismQuery::RewardF0 {
        let _ = writeln!(out, "\nrewards \"payoff\"");
        for (t, payoff) in plan.rewards(game) {
            let _ = writeln!(out, "  s={t} : {};", numbers.write(payoff));
        }
        let _ = writeln!(out, "endrewards");
    }
    Ok(PrismModel {
        model: out,
        properties: format!("{}\n", query.property()),
        query,
        states: plan.states,
        inexact: numbers.inexact,
    })
}

/// Writes rationals as PRISM expressions, counting those that had to become doubles.
#[derive(Default)]
struct Numbers {
    inexact: usize,
}

impl Numbers {
    fn write(&mut self, x: &Rational) -> String {
        let fits = |i: &num_bigint::BigInt| i32::try_from(i).is_ok();
        let big = x.to_big();
        if fits(big.numer()) && fits(big.denom()) {
            // Negative numbers in parentheses, so that `-1/2` never follows an operator.
            if x.signum().is_lt() {
                format!("({x})")
            } else {
                x.to_string()
            }
        } else {
            self.inexact += 1;
            format!("{:e}", x.to_f64())
        }
    }
}
