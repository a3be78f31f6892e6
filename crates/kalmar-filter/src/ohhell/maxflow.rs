//! History construction by maximum flow (Lemma 2 and Section 5.2 of the paper).
//!
//! The network: a source with an edge to every suit (capacity: the suit's unknown cards), an edge
//! from each suit to each row that may hold it — every player not void in it, and the undealt
//! stock — (capacity: the row's hidden cards), and an edge from each row to the sink (capacity: the
//! row's hidden cards). A flow that saturates the source's edges is a suit-length assignment; a
//! smaller maximum flow proves that the public state has no history. An integral maximum flow comes
//! from petgraph's Edmonds–Karp (`ford_fulkerson`); the assignment is then dealt out explicitly.
//!
//! # Complexity
//! Edmonds–Karp is `O(|V| |E|²)` on `m + N + 3` vertices and at most `m (N + 1) + m + N + 1` edges
//! for `m` suits and `N` players: polynomial in the game, independent of the number of histories.
//!
//! ```
//! use kalmar_filter::ohhell::{PublicState, construct_assignment, construct_history};
//! let state = PublicState::parse(
//!     "game players=3 suits=2 ranks=4 tricks=2; trump Jd; bids 1 0 0; plays Kc Qc Jc",
//! )
//! .unwrap();
//! assert!(construct_assignment(&state.constraints()).is_some());
//! let history = construct_history(&state).unwrap();
//! assert_eq!(kalmar_filter::public_state(&state.game, &history).unwrap(), state.observations());
//! ```

use super::assignment::Assignment;
use super::public::{Constraints, PublicState};
use super::rules::OhHell;
use crate::fosg::History;
use petgraph::Graph;
use petgraph::algo::maximum_flow::ford_fulkerson;

/// A valid suit-length assignment, or `None` when the public state has no history.
pub fn construct_assignment(constraints: &Constraints) -> Option<Assignment> {
    if !constraints.consistent {
        return None;
    }
    let (rows, suits) = (constraints.rows(), constraints.game.suits());
    let mut network: Graph<(), u32> = Graph::new();
    let source = network.add_node(());
    let sink = network.add_node(());
    let suit_nodes: Vec<_> = (0..suits).map(|_| network.add_node(())).collect();
    let row_nodes: Vec<_> = (0..rows).map(|_| network.add_node(())).collect();
    let mut assignment_edges = Vec::new();
    for (s, &suit) in suit_nodes.iter().enumerate() {
        network.add_edge(source, suit, constraints.unknown_in(s) as u32);
        for (r, &row) in row_nodes.iter().enumerate() {
            if constraints.allows(r, s) {
                let edge = network.add_edge(suit, row, constraints.hidden[r] as u32);
                assignment_edges.push((r, s, edge));
            }
        }
    }
    for (r, &row) in row_nodes.iter().enumerate() {
        network.add_edge(row, sink, constraints.hidden[r] as u32);
    }
    let (value, flows) = ford_fulkerson(&network, source, sink);
    let unknown = constraints.unknown.count_ones();
    if value != unknown {
        return None;
    }
    let mut assignment = Assignment::zero();
    for (r, s, edge) in assignment_edges {
        assignment.set(r, s, flows[edge.index()] as u8);
    }
    Some(assignment)
}

/// A history of the public state (the deal in a fixed order, then the public moves), or `None`
/// when it has none.
pub fn construct_history(state: &PublicState) -> Option<History<OhHell>> {
    let constraints = state.constraints();
    construct_assignment(&constraints).map(|a| state.history(&constraints.deal_in_order(&a)))
}
