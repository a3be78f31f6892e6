//! Pictures of games on graphs and their solutions in Graphviz's DOT language, as PGSolver and
//! Oink draw parity games: Max's (player 0's) positions are diamonds and Min's (player 1's)
//! boxes, chance positions circles and terminals double circles; each position is filled with
//! the colour of the player who wins it (blue for player 0, red for player 1, none for a draw or
//! an unknown winner); the moves a strategy chooses are bold; chance moves carry their
//! probabilities. Render with `dot -Tsvg game.dot -o game.svg`.
//!
//! ```
//! use kalmar_core::dot::{Mark, to_dot};
//! use kalmar_core::format::read_gg;
//! use kalmar_core::{Player, Strategy};
//! let graph = read_gg("kalmar-gg 1\na max -> t u\nt terminal payoff=1\nu terminal payoff=0\n")
//!     .unwrap();
//! let arena = &graph.arena;
//! let mut strategy = Strategy::empty(arena.num_vertices());
//! strategy.set(arena.name_index()["a"], arena.out_edges(arena.name_index()["a"]).next().unwrap());
//! let dot = to_dot(arena, Some(&strategy), |v| Mark {
//!     text: format!("value {}", if arena.name(v) == "u" { 0 } else { 1 }),
//!     winner: (arena.name(v) != "u").then_some(Player(0)),
//! });
//! assert!(dot.starts_with("digraph game {"));
//! assert!(dot.contains("\"a\\nvalue 1\""));
//! assert!(dot.contains("v0 -> v1 [penwidth=3"));
//! ```
//!
//! # Complexity
//! O(n + m) for n positions and m moves.

use crate::{Arena, Owner, Player, Strategy, Vertex};
use std::fmt::Write;

/// What a picture says about one position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mark {
    /// A line under the position's name (its value, priority, outcome, ...); empty for none.
    pub text: String,
    /// The player who wins there, if one does.
    pub winner: Option<Player>,
}

/// The fill colour of a winner's positions.
fn colour(winner: Option<Player>) -> &'static str {
    match winner {
        Some(Player(0)) => "#a6cee3",
        Some(_) => "#fb9a99",
        None => "white",
    }
}

/// A name as a DOT string, without its quotes.
fn escaped(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The DOT picture of `arena` with each position marked by `mark` and the moves of `strategy`
/// (if any) drawn bold.
pub fn to_dot(arena: &Arena, strategy: Option<&Strategy>, mark: impl Fn(Vertex) -> Mark) -> String {
    let mut out = String::from("digraph game {\n  node [style=filled fontname=\"Helvetica\"];\n");
    for v in arena.vertices() {
        let shape = match arena.owner(v) {
            Owner::Player(Player(0)) => "diamond",
            Owner::Player(_) => "box",
            Owner::Chance => "circle",
            Owner::Terminal => "doublecircle",
        };
        let Mark { text, winner } = mark(v);
        let mut label = escaped(&arena.name(v));
        if !text.is_empty() {
            label = format!("{label}\\n{}", escaped(&text));
        }
        let fill = colour(winner);
        let _ = writeln!(
            out,
            "  v{} [label=\"{label}\" shape={shape} fillcolor=\"{fill}\"];",
            v.0
        );
    }
    for v in arena.vertices() {
        let chosen = strategy.and_then(|s| s.get(v));
        for e in arena.out_edges(v) {
            let mut attributes = Vec::new();
            if chosen == Some(e) {
                attributes.push("penwidth=3".to_string());
            }
            if let Some(p) = arena.probability(e) {
                attributes.push(format!("label=\"{p}\""));
            }
            let target = arena.target(e).0;
            if attributes.is_empty() {
                let _ = writeln!(out, "  v{} -> v{target};", v.0);
            } else {
                let _ = writeln!(out, "  v{} -> v{target} [{}];", v.0, attributes.join(" "));
            }
        }
    }
    out.push_str("}\n");
    out
}
