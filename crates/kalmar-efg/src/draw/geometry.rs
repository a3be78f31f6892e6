//! The geometry of a tree picture: how long each part of a level is, how far apart the leaves
//! are, where a node goes, and how large the picture must be for every text to fit.

use super::layout::Layout;
use super::legend::legend_width;
use super::style::{FONT, TITLE, width};
use super::texts::{Texts, designation_width};
use super::{Direction, DrawOptions};
use crate::tree::{Efg, NodeId};
use kalmar_core::svg::Point;

/// Space around the picture.
pub(super) const MARGIN: f64 = 20.0;
/// The distance between two lanes of information-set lines.
pub(super) const LANE: f64 = 5.0;
/// The first lane's distance from the nodes (clear of a node's dot).
pub(super) const FIRST_LANE: f64 = 9.0;

/// Where things go: the lengths of a level's parts (the node's own line, the fan of its moves,
/// the straight part of each move) and the space between two leaves.
pub(super) struct Geometry {
    pub(super) direction: Direction,
    pub(super) node_line: f64,
    pub(super) fan: f64,
    pub(super) tine: f64,
    /// The end of the straight part kept free of labels for the lanes.
    pub(super) lanes: f64,
    pub(super) spacing: f64,
    pub(super) origin: Point,
}

impl Geometry {
    pub(super) fn level(&self) -> f64 {
        self.node_line + self.fan + self.tine
    }

    /// A point `along` the way the tree grows and `across` it, in pixels from the root's level
    /// and the first leaf.
    pub(super) fn at(&self, along: f64, across: f64) -> Point {
        match self.direction {
            Direction::LeftToRight => (self.origin.0 + along, self.origin.1 + across),
            Direction::TopDown => (self.origin.0 + across, self.origin.1 + along),
        }
    }

    /// A node's (along, across) in pixels.
    pub(super) fn place(&self, layout: &Layout, x: NodeId) -> (f64, f64) {
        (
            f64::from(layout.depth[x.index()]) * self.level(),
            layout.across[x.index()] * self.spacing,
        )
    }

    /// The geometry that fits the texts and `lanes` lanes of information-set lines, with the
    /// picture's width and height.
    pub(super) fn fit(
        game: &Efg,
        layout: &Layout,
        texts: &Texts,
        lanes: usize,
        options: &DrawOptions<'_>,
    ) -> (Geometry, (f64, f64)) {
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
        (geometry, (w, h))
    }
}
