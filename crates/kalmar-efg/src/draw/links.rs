//! The dashed lines joining the members of each information set.
//!
//! Consecutive members (across the tree) are joined. When no node of their depth lies between
//! them the line is straight; otherwise it runs in a lane just before the nodes, so that it
//! passes no dot. Lanes are given greedily per depth, each link the first lane free from its start
//! on: an interval colouring, which uses as many lanes as the most links crossing one place.
//!
//! # Complexity
//! `O(n log n)` to sort the nodes of each depth and the members of each set, and `O(L · K)` for
//! `L` laned links and `K` lanes.

use super::geometry::{FIRST_LANE, Geometry, LANE};
use super::layout::Layout;
use super::style;
use crate::tree::{Efg, InfosetId, Mover, NodeId};
use kalmar_core::svg::Svg;

/// The dashed line joining two members of an information set: straight when no node of their
/// depth lies between them, else in a lane beside the nodes.
pub(super) struct Link {
    pub(super) from: NodeId,
    pub(super) to: NodeId,
    pub(super) lane: Option<usize>,
    pub(super) colour: &'static str,
}

/// The dashed lines of the information sets, and the most lanes any depth needs; `all_laned`
/// puts every link between nodes of one depth in a lane.
pub(super) fn links(game: &Efg, layout: &Layout, all_laned: bool) -> (Vec<Link>, usize) {
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

/// Draws a link.
pub(super) fn draw_link(svg: &mut Svg, layout: &Layout, g: &Geometry, link: &Link) {
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
