//! A tidy layout of a game tree: every node's depth, and its place across the tree in units
//! of the space between two leaves.
//!
//! Leaves are evenly spaced in preorder (0, 1, 2, …), whatever their depth, and every decision
//! node sits halfway between its first and last child, so a parent is centred over its children,
//! subtrees never overlap and the order of moves is kept. Two nodes of one depth are at least one
//! unit apart, since each lies within the span of its own leaves.
//!
//! # Complexity
//! `O(n)` for `n` nodes: one pass in preorder for the depths and the leaves, one in reverse
//! preorder for the decision nodes.
//!
//! ```
//! use kalmar_efg::draw::layout::tidy;
//! use kalmar_efg::format::read_efg;
//! let game = read_efg(r#"EFG 2 R "Entry game" { "Entrant" "Incumbent" }
//! ""
//!
//! p "" 1 1 "" { "Out" "In" } 0
//! t "" 1 "" { 0, 2 }
//! p "" 2 1 "" { "Fight" "Accommodate" } 0
//! t "" 2 "" { -1, -1 }
//! t "" 3 "" { 1, 1 }
//! "#)
//! .unwrap();
//! let layout = tidy(&game);
//! assert_eq!(layout.depth, [0, 1, 1, 2, 2]);
//! // The leaves 0, 1, 2; the incumbent's node over its two leaves; the root over its children.
//! assert_eq!(layout.across, [0.75, 0.0, 1.5, 1.0, 2.0]);
//! assert_eq!((layout.leaves, layout.max_depth), (3, 2));
//! ```

use crate::tree::{Efg, NodeId};

/// Where every node goes.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Per node: its depth (the root is 0).
    pub depth: Vec<u32>,
    /// Per node: its place across the tree, in leaf spacings from the first leaf.
    pub across: Vec<f64>,
    /// The number of leaves.
    pub leaves: usize,
    /// The largest depth.
    pub max_depth: u32,
}

/// The tidy layout of the tree.
pub fn tidy(game: &Efg) -> Layout {
    let n = game.num_nodes();
    let mut depth = vec![0u32; n];
    let mut across = vec![0.0f64; n];
    let mut leaves = 0usize;
    // Preorder: a parent before its children, and the leaves in left-to-right order.
    for (x, node) in game.nodes().iter().enumerate() {
        if let Some(p) = node.parent {
            depth[x] = depth[p.index()] + 1;
        }
        if node.infoset.is_none() {
            across[x] = leaves as f64;
            leaves += 1;
        }
    }
    for x in (0..n).rev() {
        let children = game.children(NodeId(x as u32));
        if let (Some(first), Some(last)) = (children.first(), children.last()) {
            across[x] = (across[first.index()] + across[last.index()]) / 2.0;
        }
    }
    Layout {
        max_depth: depth.iter().copied().max().unwrap_or(0),
        depth,
        across,
        leaves,
    }
}
