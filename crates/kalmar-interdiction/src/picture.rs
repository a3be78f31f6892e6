//! The picture of a solved instance in Graphviz's DOT language: every vertex (numbered from 1,
//! as in the `.gr` file) with its value, the source a diamond and the sink a double circle;
//! every edge with its weight; the interdictor's removals dashed red, the user's path bold.
//! Render with `dot -Tsvg net.dot -o net.svg`; for road networks, draw small ones.
//!
//! ```
//! use kalmar_interdiction::{budget::Budget, gpi, network::Network, operator::Operator, picture};
//! let network = Network::new(3, &[(0, 2, 10), (0, 1, 1), (1, 2, 1)], 0, 2).unwrap();
//! let budget = Budget::removals(&network, vec![1, 0, 0]).unwrap();
//! let solution = gpi::solve(&network, &budget, Operator::Sum).unwrap();
//! let dot = picture::to_dot(&network, &solution);
//! assert!(dot.contains("v0 -> v1 [label=\"1\" style=dashed color=red]"));
//! assert!(dot.contains("v0 -> v2 [label=\"10\" penwidth=3]"));
//! ```
//!
//! # Complexity
//! O(n + m).

use crate::gpi::Solution;
use crate::network::Network;
use crate::operator::INFINITY;
use kalmar_core::dot::{BOLD, HEADER, write_edge, write_node};

/// The DOT text of `network` with `solution` marked on it.
pub fn to_dot(network: &Network, solution: &Solution) -> String {
    let mut out = String::from(HEADER);
    for v in 0..network.num_vertices() {
        let value = match solution.values[v] {
            INFINITY => "∞".to_string(),
            x => x.to_string(),
        };
        let shape = if v == network.source() {
            "diamond"
        } else if v == network.sink() {
            "doublecircle"
        } else {
            "circle"
        };
        write_node(
            &mut out,
            &format!("v{v}"),
            &[format!("{}", v + 1), value],
            shape,
            "white",
        );
    }
    let mut on_path = vec![false; network.num_edges()];
    for &e in &solution.path {
        on_path[e] = true;
    }
    for (e, (from, to, weight)) in network.edges().enumerate() {
        let mut attributes = vec![format!("label=\"{weight}\"")];
        if solution.removed[e] {
            attributes.push("style=dashed color=red".into());
        } else if on_path[e] {
            attributes.push(BOLD.into());
        }
        write_edge(
            &mut out,
            &format!("v{from}"),
            &format!("v{to}"),
            &attributes,
        );
    }
    out.push_str("}\n");
    out
}
