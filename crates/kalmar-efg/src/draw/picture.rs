//! The picture itself: sizes from the texts, then information-set lines, moves, nodes, texts and
//! the legend, written with [`kalmar_core::svg`].

use super::layout::Layout;
use super::style::{self, CHANCE, FONT, INK, MUTED, SMALL, TITLE, UNPLAYED, width};
use super::{Direction, DrawOptions};
use crate::certificate::player_name;
use crate::names::move_names;
use crate::tree::{Efg, InfosetId, Mover, NodeId};
use kalmar_core::Rational;
use kalmar_core::svg::{Anchor, Point, Svg};

/// Space around the picture.
const MARGIN: f64 = 20.0;
/// The distance between two lanes of information-set lines.
const LANE: f64 = 5.0;
/// The first lane's distance from the nodes (clear of a node's dot).
const FIRST_LANE: f64 = 9.0;

/// Where things go: the lengths of a level's parts (the node's own line, the fan of its moves,
/// the straight part of each move) and the space between two leaves.
struct Geometry {
    direction: Direction,
    node_line: f64,
    fan: f64,
    tine: f64,
    /// The end of the straight part kept free of labels for the lanes.
    lanes: f64,
    spacing: f64,
    origin: Point,
}

impl Geometry {
    fn level(&self) -> f64 {
        self.node_line + self.fan + self.tine
    }

    /// A point `along` the way the tree grows and `across` it, in pixels from the root's level
    /// and the first leaf.
    fn at(&self, along: f64, across: f64) -> Point {
        match self.direction {
            Direction::LeftToRight => (self.origin.0 + along, self.origin.1 + across),
            Direction::TopDown => (self.origin.0 + across, self.origin.1 + along),
        }
    }

    /// A node's (along, across) in pixels.
    fn place(&self, layout: &Layout, x: NodeId) -> (f64, f64) {
        (
            f64::from(layout.depth[x.index()]) * self.level(),
            layout.across[x.index()] * self.spacing,
        )
    }
}

/// The dashed line joining two members of an information set: straight when no node of their
/// depth lies between them, else in a lane beside the nodes.
struct Link {
    from: NodeId,
    to: NodeId,
    lane: Option<usize>,
    colour: &'static str,
}

/// What each node and move says.
struct Texts {
    /// Per decision node: the player and information set number (`2:1`, none for chance) and
    /// the set's label.
    designation: Vec<(String, String)>,
    /// Per node: the payoff vector (leaves).
    payoff: Vec<String>,
    /// Per node but the root: the label of the move into it.
    action: Vec<String>,
    /// Per node but the root: the probability of the move into it, if known.
    prob: Vec<Option<Rational>>,
}

pub(super) fn render(game: &Efg, layout: &Layout, options: &DrawOptions<'_>) -> String {
    let texts = texts(game, options);
    // Top down, a node's texts are beside it, where a straight link would run: every link
    // between nodes of one depth takes a lane above them.
    let (links, lanes) = links(game, layout, options.direction == Direction::TopDown);
    let widest = |v: &[String], size: f64| v.iter().map(|t| width(t, size)).fold(0.0, f64::max);
    let designation = texts
        .designation
        .iter()
        .map(designation_width)
        .fold(0.0, f64::max);
    let prob_texts: Vec<String> = texts
        .prob
        .iter()
        .flatten()
        .map(ToString::to_string)
        .collect();
    let label = widest(&texts.action, FONT).max(widest(&prob_texts, FONT));
    let payoff = widest(&texts.payoff, FONT);
    let header = 34.0 + 20.0 + if options.caption.is_some() { 18.0 } else { 0.0 };
    let lane_space = if lanes == 0 {
        4.0
    } else {
        FIRST_LANE + lanes as f64 * LANE
    };
    let mut geometry = match options.direction {
        Direction::LeftToRight => Geometry {
            direction: options.direction,
            node_line: (designation + 8.0).clamp(36.0, 140.0),
            fan: 34.0,
            tine: (label + 18.0).max(50.0) + lane_space,
            lanes: lane_space,
            spacing: 40.0,
            origin: (MARGIN + 6.0, header + 22.0),
        },
        Direction::TopDown => {
            let spacing = (label.max(payoff) + 14.0)
                .max(designation + 12.0 + label / 2.0)
                .max(44.0);
            Geometry {
                direction: options.direction,
                node_line: 12.0,
                fan: 28.0,
                tine: 2.0 * FONT + 18.0 + lane_space,
                lanes: lane_space,
                spacing,
                origin: (MARGIN + spacing / 2.0, header + 14.0),
            }
        }
    };
    // The extent of the tree, to size the picture.
    let (mut far_along, mut far_across) = (0.0f64, 0.0f64);
    for x in 0..game.num_nodes() {
        let id = NodeId(x as u32);
        let (along, across) = geometry.place(layout, id);
        let (along_end, across_end) = match (options.direction, game.node(id).infoset) {
            (_, Some(_)) => (along + geometry.node_line + designation, across),
            (Direction::LeftToRight, None) => {
                (along + 10.0 + width(&texts.payoff[x], FONT), across)
            }
            (Direction::TopDown, None) => {
                (along + 20.0, across + width(&texts.payoff[x], FONT) / 2.0)
            }
        };
        far_along = far_along.max(along_end);
        far_across = far_across.max(across_end);
    }
    let caption = options.caption.as_deref().map_or(0.0, |c| width(c, FONT));
    let legend = legend_width(game)
        .max(caption)
        .max(width(&game.title, TITLE));
    let (w, h) = match options.direction {
        Direction::LeftToRight => (
            (geometry.origin.0 + far_along).max(MARGIN + legend) + MARGIN,
            geometry.origin.1 + far_across + 26.0,
        ),
        Direction::TopDown => {
            let right = geometry.origin.0 + far_across + geometry.spacing / 2.0;
            let wide = (MARGIN + legend + MARGIN).max(right + MARGIN);
            (wide, geometry.origin.1 + far_along + 12.0 + MARGIN)
        }
    };
    geometry.origin = (geometry.origin.0.round(), geometry.origin.1.round());
    let mut svg = Svg::new(w.ceil(), h.ceil());
    header_and_legend(&mut svg, game, options);
    for link in &links {
        draw_link(&mut svg, game, layout, &geometry, link);
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

fn texts(game: &Efg, options: &DrawOptions<'_>) -> Texts {
    let pay = game.path_payoffs();
    let n = game.num_nodes();
    let mut t = Texts {
        designation: vec![(String::new(), String::new()); n],
        payoff: vec![String::new(); n],
        action: vec![String::new(); n],
        prob: vec![None; n],
    };
    let names: Vec<Vec<String>> = (0..game.infosets().len())
        .map(|k| move_names(game, InfosetId(k as u32)))
        .collect();
    for (x, node) in game.nodes().iter().enumerate() {
        let id = NodeId(x as u32);
        match node.infoset {
            Some(h) => {
                let set = game.infoset(h);
                let number = match set.mover {
                    Mover::Chance => String::new(),
                    Mover::Player(i) => format!("{}:{}", i + 1, set.number),
                };
                t.designation[x] = (number, set.label.clone());
                for (k, &child) in game.children(id).iter().enumerate() {
                    let c = child.index();
                    t.action[c] = names[h.index()][k].clone();
                    t.prob[c] = match set.mover {
                        Mover::Chance => {
                            game.actions_of(h)[k].prob.as_ref().map(|p| p.value.clone())
                        }
                        Mover::Player(_) => options
                            .profile
                            .and_then(|p| p.0[h.index()].as_ref())
                            .map(|p| p[k].clone()),
                    };
                }
            }
            None => {
                let values: Vec<String> = pay[x].iter().map(ToString::to_string).collect();
                t.payoff[x] = format!("({})", values.join(", "));
            }
        }
    }
    t
}

/// The dashed lines of the information sets, and the most lanes any depth needs; `all_laned`
/// puts every link between nodes of one depth in a lane.
fn links(game: &Efg, layout: &Layout, all_laned: bool) -> (Vec<Link>, usize) {
    let mut members: Vec<Vec<NodeId>> = vec![Vec::new(); game.infosets().len()];
    let mut at_depth: Vec<Vec<f64>> = vec![Vec::new(); layout.max_depth as usize + 1];
    for (x, node) in game.nodes().iter().enumerate() {
        at_depth[layout.depth[x] as usize].push(layout.across[x]);
        if let Some(h) = node.infoset {
            members[h.index()].push(NodeId(x as u32));
        }
    }
    for row in &mut at_depth {
        row.sort_by(f64::total_cmp);
    }
    let mut links = Vec::new();
    for (k, nodes) in members.iter_mut().enumerate() {
        let mover = game.infoset(InfosetId(k as u32)).mover;
        if mover == Mover::Chance || nodes.len() < 2 {
            continue;
        }
        nodes.sort_by(|a, b| layout.across[a.index()].total_cmp(&layout.across[b.index()]));
        for pair in nodes.windows(2) {
            let (a, b) = (pair[0].index(), pair[1].index());
            let depth = layout.depth[a];
            let between = depth == layout.depth[b]
                && (all_laned || {
                    let row = &at_depth[depth as usize];
                    let lo = row.partition_point(|&v| v <= layout.across[a]);
                    let hi = row.partition_point(|&v| v < layout.across[b]);
                    hi > lo
                });
            links.push(Link {
                from: pair[0],
                to: pair[1],
                lane: between.then_some(0),
                colour: style::colour(mover),
            });
        }
    }
    // Lanes, greedily per depth: a link takes the first lane free from its start on.
    let mut order: Vec<usize> = (0..links.len())
        .filter(|&k| links[k].lane.is_some())
        .collect();
    order.sort_by(|&p, &q| {
        let key = |k: usize| {
            (
                layout.depth[links[k].from.index()],
                layout.across[links[k].from.index()],
            )
        };
        key(p).partial_cmp(&key(q)).expect("finite places")
    });
    let mut lane_end: Vec<Vec<f64>> = vec![Vec::new(); layout.max_depth as usize + 1];
    let mut lanes = 0;
    for k in order {
        let depth = layout.depth[links[k].from.index()] as usize;
        let (lo, hi) = (
            layout.across[links[k].from.index()],
            layout.across[links[k].to.index()],
        );
        let ends = &mut lane_end[depth];
        let lane = match ends.iter().position(|&end| end <= lo) {
            Some(lane) => lane,
            None => {
                ends.push(hi);
                ends.len() - 1
            }
        };
        ends[lane] = hi;
        lanes = lanes.max(lane + 1);
        links[k].lane = Some(lane);
    }
    (links, lanes)
}

fn draw_link(svg: &mut Svg, game: &Efg, layout: &Layout, g: &Geometry, link: &Link) {
    let _ = game;
    let (a_along, a_across) = g.place(layout, link.from);
    let (b_along, b_across) = g.place(layout, link.to);
    match link.lane {
        None => svg.dashed_line(
            g.at(a_along, a_across),
            g.at(b_along, b_across),
            link.colour,
            1.4,
        ),
        Some(lane) => {
            let back = a_along - FIRST_LANE - LANE * lane as f64;
            let points = [
                g.at(a_along, a_across),
                g.at(back, a_across),
                g.at(back, b_across),
                g.at(b_along, b_across),
            ];
            for pair in points.windows(2) {
                svg.dashed_line(pair[0], pair[1], link.colour, 1.4);
            }
        }
    }
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

/// The width of the legend's row of players.
fn legend_width(game: &Efg) -> f64 {
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
fn header_and_legend(svg: &mut Svg, game: &Efg, options: &DrawOptions<'_>) {
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

/// The width of a node's designation: its number, a space and its set's label.
fn designation_width((number, label): &(String, String)) -> f64 {
    let space = if number.is_empty() || label.is_empty() {
        0.0
    } else {
        3.0
    };
    width(number, SMALL) + space + width(label, SMALL)
}
