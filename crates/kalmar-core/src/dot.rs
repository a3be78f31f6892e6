//! Pictures of games on graphs and their solutions in Graphviz's DOT language, as PGSolver and
//! Oink draw parity games: Max's (player 0's) positions are diamonds and Min's (player 1's)
//! boxes, chance positions circles and terminals double circles; each position is filled with
//! the colour of the player who wins it (blue for player 0, red for player 1, none for a draw or
//! an unknown winner); the moves a strategy chooses are bold; chance moves carry their
//! probabilities. Render with `dot -Tsvg game.dot -o game.svg`. Families whose pictures need more
//! (clusters, labelled moves) build them from the same pieces: [`HEADER`], [`write_node`],
//! [`write_edge`], [`fill`], [`shape`].
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
    /// Lines under the position's name (its value, priority, outcome, ...), separated by `\n`;
    /// empty for none.
    pub text: String,
    /// The player who wins there, if one does.
    pub winner: Option<Player>,
}

/// The fill colour of a winner's positions: blue for player 0 (Max), red for the others, white
/// for none.
pub fn fill(winner: Option<Player>) -> &'static str {
    match winner {
        Some(Player(0)) => "#a6cee3",
        Some(_) => "#fb9a99",
        None => "white",
    }
}

/// The shape of a position of this owner: diamond (Max), box (Min and other players), circle
/// (chance), double circle (terminal).
pub fn shape(owner: Owner) -> &'static str {
    match owner {
        Owner::Player(Player(0)) => "diamond",
        Owner::Player(_) => "box",
        Owner::Chance => "circle",
        Owner::Terminal => "doublecircle",
    }
}

/// Text as the inside of a DOT string (quotes and backslashes escaped).
pub fn escaped(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The first lines of a picture: `digraph game {` and the node style every picture uses.
pub const HEADER: &str = "digraph game {\n  node [style=filled fontname=\"Helvetica\"];\n  \
                          edge [fontname=\"Helvetica\"];\n";

/// The attribute of a move drawn bold (one a strategy chooses).
pub const BOLD: &str = "penwidth=3";

/// Appends a node `id` whose label is `lines` (escaped here, one per line).
pub fn write_node(out: &mut String, id: &str, lines: &[String], shape: &str, fill: &str) {
    let label: Vec<String> = lines.iter().map(|l| escaped(l)).collect();
    let _ = writeln!(
        out,
        "  {id} [label=\"{}\" shape={shape} fillcolor=\"{fill}\"];",
        label.join("\\n")
    );
}

/// Appends a move from node `from` to node `to` with these attributes (`penwidth=3`,
/// `label="1/2"`, ...).
pub fn write_edge(out: &mut String, from: &str, to: &str, attributes: &[String]) {
    if attributes.is_empty() {
        let _ = writeln!(out, "  {from} -> {to};");
    } else {
        let _ = writeln!(out, "  {from} -> {to} [{}];", attributes.join(" "));
    }
}

/// The DOT picture of `arena` with each position marked by `mark` and the moves of `strategy`
/// (if any) drawn bold.
pub fn to_dot(arena: &Arena, strategy: Option<&Strategy>, mark: impl Fn(Vertex) -> Mark) -> String {
    let mut out = String::from(HEADER);
    for v in arena.vertices() {
        let Mark { text, winner } = mark(v);
        let mut lines = vec![arena.name(v).into_owned()];
        lines.extend(text.lines().map(str::to_string));
        write_node(
            &mut out,
            &format!("v{}", v.0),
            &lines,
            shape(arena.owner(v)),
            fill(winner),
        );
    }
    for v in arena.vertices() {
        let chosen = strategy.and_then(|s| s.get(v));
        for e in arena.out_edges(v) {
            let mut attributes = Vec::new();
            if chosen == Some(e) {
                attributes.push(BOLD.to_string());
            }
            if let Some(p) = arena.probability(e) {
                attributes.push(format!("label=\"{p}\""));
            }
            let to = format!("v{}", arena.target(e).0);
            write_edge(&mut out, &format!("v{}", v.0), &to, &attributes);
        }
    }
    out.push_str("}\n");
    out
}
