//! Colours, sizes and text measures of the tree pictures.

use crate::tree::Mover;

/// Player colours, in player order (Gambit's red and blue first), repeated past eight players.
const PLAYERS: [&str; 8] = [
    "#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
];

/// Chance's colour.
pub const CHANCE: &str = "#8c8c8c";

/// The colour of moves a profile never plays.
pub const UNPLAYED: &str = "#c4c4c4";

/// Terminal nodes and payoffs.
pub const INK: &str = "#333";

/// Secondary text (node labels, captions).
pub const MUTED: &str = "#777";

/// Font sizes: move labels and probabilities, node texts, the title.
pub const FONT: f64 = 11.0;
/// Node texts.
pub const SMALL: f64 = 10.0;
/// The title.
pub const TITLE: f64 = 14.0;

/// A mover's colour.
pub fn colour(mover: Mover) -> &'static str {
    match mover {
        Mover::Chance => CHANCE,
        Mover::Player(i) => PLAYERS[i as usize % PLAYERS.len()],
    }
}

/// The width a text takes, estimated generously (proportional fonts average well under 0.6 em
/// per character).
pub fn width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.6
}
