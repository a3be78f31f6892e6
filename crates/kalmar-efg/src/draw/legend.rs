//! The head of a tree picture: the title, the players by colour, and a caption.

use super::DrawOptions;
use super::geometry::MARGIN;
use super::style::{self, CHANCE, FONT, INK, MUTED, TITLE, width};
use crate::certificate::player_name;
use crate::tree::{Efg, Mover};
use kalmar_core::svg::{Anchor, Svg};

/// The width of the legend's row of players.
pub(super) fn legend_width(game: &Efg) -> f64 {
    legend_items(game)
        .iter()
        .map(|(name, _)| 16.0 + width(name, FONT) + 14.0)
        .sum()
}

fn legend_items(game: &Efg) -> Vec<(String, &'static str)> {
    let mut items: Vec<(String, &'static str)> = (0..game.num_players() as u32)
        .map(|i| {
            (
                player_name(i as usize, &game.players[i as usize]),
                style::colour(Mover::Player(i)),
            )
        })
        .collect();
    if game.infosets().iter().any(|h| h.mover == Mover::Chance) {
        items.push(("chance".into(), CHANCE));
    }
    items
}

/// The title, a row naming the players by colour, and the caption.
pub(super) fn header_and_legend(svg: &mut Svg, game: &Efg, options: &DrawOptions<'_>) {
    let title = if game.title.is_empty() {
        "(untitled)"
    } else {
        &game.title
    };
    svg.styled_text(
        (MARGIN, MARGIN + 4.0),
        title,
        TITLE,
        Anchor::Start,
        INK,
        true,
    );
    let mut x = MARGIN;
    let y = MARGIN + 26.0;
    for (name, colour) in legend_items(game) {
        svg.circle((x + 5.0, y - 4.0), 5.0, colour);
        svg.styled_text((x + 14.0, y), &name, FONT, Anchor::Start, INK, false);
        x += 16.0 + width(&name, FONT) + 14.0;
    }
    if let Some(caption) = &options.caption {
        svg.styled_text(
            (MARGIN, y + 18.0),
            caption,
            FONT,
            Anchor::Start,
            MUTED,
            false,
        );
    }
}
