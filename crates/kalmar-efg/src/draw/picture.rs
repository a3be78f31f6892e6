//! The picture itself: information-set lines, moves, nodes and their texts, under the legend,
//! written with [`kalmar_core::svg`].

use super::geometry::Geometry;
use super::layout::Layout;
use super::legend::header_and_legend;
use super::links::{draw_link, links};
use super::style::{self, FONT, INK, MUTED, SMALL, UNPLAYED, width};
use super::texts::{Texts, texts};
use super::{Direction, DrawOptions};
use crate::tree::{Efg, Mover, NodeId};
use kalmar_core::svg::{Anchor, Svg};

/// The picture of the tree.
pub(super) fn render(game: &Efg, layout: &Layout, options: &DrawOptions<'_>) -> String {
    let texts = texts(game, options);
    // Top down, a node's texts are beside it, where a straight link would run: every link
    // between nodes of one depth takes a lane above them.
    let (links, lanes) = links(game, layout, options.direction == Direction::TopDown);
    let (geometry, (w, h)) = Geometry::fit(game, layout, &texts, lanes, options);
    let mut svg = Svg::new(w.ceil(), h.ceil());
    header_and_legend(&mut svg, game, options);
    for link in &links {
        draw_link(&mut svg, layout, &geometry, link);
    }
    for x in 0..game.num_nodes() {
        draw_moves(
            &mut svg,
            game,
            layout,
            &geometry,
            &texts,
            options,
            NodeId(x as u32),
        );
    }
    for x in 0..game.num_nodes() {
        draw_node(&mut svg, game, layout, &geometry, &texts, NodeId(x as u32));
    }
    svg.finish()
}

/// The moves out of a node: the fan, the straight part, the label and the probability.
fn draw_moves(
    svg: &mut Svg,
    game: &Efg,
    layout: &Layout,
    g: &Geometry,
    texts: &Texts,
    options: &DrawOptions<'_>,
    x: NodeId,
) {
    let Some(h) = game.node(x).infoset else {
        return;
    };
    let mover = game.infoset(h).mover;
    let (along, across) = g.place(layout, x);
    let start = along + g.node_line;
    for &child in game.children(x) {
        let c = child.index();
        let (child_along, child_across) = g.place(layout, child);
        let prob = texts.prob[c].as_ref();
        let shown = options.profile.is_some() || mover == Mover::Chance;
        let played = prob.is_none_or(|p| !p.is_zero());
        let (colour, stroke, text) = match (shown, played) {
            (true, false) => (UNPLAYED, 1.0, UNPLAYED),
            (true, true) if options.profile.is_some() => (style::colour(mover), 2.8, INK),
            _ => (style::colour(mover), 1.6, INK),
        };
        let bend = start + g.fan;
        svg.polyline(
            &[
                g.at(start, across),
                g.at(bend, child_across),
                g.at(child_along, child_across),
            ],
            colour,
            stroke,
        );
        let mid = (bend + child_along - g.lanes) / 2.0;
        let label = &texts.action[c];
        let prob = prob.map(ToString::to_string);
        match g.direction {
            Direction::LeftToRight => {
                let (lx, ly) = g.at(mid, child_across);
                svg.styled_text((lx, ly - 5.0), label, FONT, Anchor::Middle, text, false);
                if let Some(p) = &prob {
                    svg.styled_text(
                        (lx, ly + 13.0),
                        p,
                        FONT,
                        Anchor::Middle,
                        text,
                        played && shown,
                    );
                }
            }
            Direction::TopDown => {
                let (lx, ly) = g.at(mid, child_across);
                let lines: Vec<&String> = std::iter::once(label).chain(&prob).collect();
                let top = ly - lines.len() as f64 * (FONT + 2.0) / 2.0;
                for (k, line) in lines.iter().enumerate() {
                    let base = top + (k as f64 + 1.0) * (FONT + 2.0) - 2.0;
                    let w = width(line, FONT) * 0.9 + 4.0;
                    svg.rect(
                        (lx - w / 2.0, base - FONT + 1.0),
                        (w, FONT + 2.0),
                        "white",
                        None,
                    );
                    let bold = k == 1 && played && shown;
                    svg.styled_text((lx, base), line, FONT, Anchor::Middle, text, bold);
                }
            }
        }
    }
}

/// A node: a dot and its own line in the mover's colour with its texts, or a leaf with its
/// payoffs.
fn draw_node(svg: &mut Svg, game: &Efg, layout: &Layout, g: &Geometry, texts: &Texts, x: NodeId) {
    let (along, across) = g.place(layout, x);
    let at = g.at(along, across);
    let node = game.node(x);
    let Some(h) = node.infoset else {
        svg.circle(at, 3.5, INK);
        let payoff = &texts.payoff[x.index()];
        match g.direction {
            Direction::LeftToRight => svg.styled_text(
                (at.0 + 8.0, at.1 + 4.0),
                payoff,
                FONT,
                Anchor::Start,
                INK,
                false,
            ),
            Direction::TopDown => svg.styled_text(
                (at.0, at.1 + 17.0),
                payoff,
                FONT,
                Anchor::Middle,
                INK,
                false,
            ),
        }
        return;
    };
    let colour = style::colour(game.infoset(h).mover);
    svg.line(at, g.at(along + g.node_line, across), colour, 3.0);
    svg.circle(at, 5.0, colour);
    let (number, label) = &texts.designation[x.index()];
    let (at_text, anchor_label, label_at) = match g.direction {
        Direction::LeftToRight => (
            (at.0 + 3.0, at.1 - 7.0),
            Anchor::Start,
            (at.0 + 3.0, at.1 + 15.0),
        ),
        Direction::TopDown => (
            (at.0 + 8.0, at.1 + 4.0),
            Anchor::End,
            (at.0 - 8.0, at.1 + 4.0),
        ),
    };
    svg.styled_text(at_text, number, SMALL, Anchor::Start, colour, true);
    if !label.is_empty() {
        let shift = if number.is_empty() {
            0.0
        } else {
            width(number, SMALL) + 3.0
        };
        let at_label = (at_text.0 + shift, at_text.1);
        svg.styled_text(at_label, label, SMALL, Anchor::Start, colour, false);
    }
    if !node.label.is_empty() {
        svg.styled_text(label_at, &node.label, SMALL, anchor_label, MUTED, false);
    }
}
