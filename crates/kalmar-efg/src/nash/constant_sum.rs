//! Whether a game is constant-sum: every play's payoffs sum to the same total, checked exactly
//! on the tree (a play without any outcome pays 0 to everyone).
//!
//! # Complexity
//! `O(n · N)` for `n` nodes and `N` players: one pass in preorder with a stack of the open
//! path's partial sums.

use crate::tree::{Efg, NodeId};
use kalmar_core::Rational;

/// Two plays whose payoffs sum to different totals.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the payoffs of the play ending at node {first} sum to {first_total}, those of the play \
     ending at node {other} to {other_total}"
)]
pub struct NotConstantSum {
    /// The first terminal node in preorder.
    pub first: String,
    /// The sum of its payoffs.
    pub first_total: Rational,
    /// A terminal node whose payoffs sum to another total.
    pub other: String,
    /// That total.
    pub other_total: Rational,
}

/// Checks that every play's payoffs sum to the same total.
pub(crate) fn constant_sum(game: &Efg) -> Result<(), NotConstantSum> {
    let mut path: Vec<(NodeId, Rational)> = Vec::new();
    let mut first: Option<(NodeId, Rational)> = None;
    for (x, node) in game.nodes().iter().enumerate() {
        let id = NodeId(x as u32);
        while path
            .last()
            .is_some_and(|(top, _)| Some(*top) != node.parent)
        {
            path.pop();
        }
        let mut total = path.last().map_or(Rational::ZERO, |(_, t)| t.clone());
        if let Some(o) = node.outcome {
            for p in &game.outcomes()[o.index()].payoffs {
                total = total + &p.value;
            }
        }
        if node.infoset.is_some() {
            path.push((id, total));
            continue;
        }
        match &first {
            None => first = Some((id, total)),
            Some((z, c)) if *c != total => {
                return Err(NotConstantSum {
                    first: game.node_name(*z),
                    first_total: c.clone(),
                    other: game.node_name(id),
                    other_total: total,
                });
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// A zero-sum game in which player 1 forgets their first move: the refusal of imperfect recall
/// by the methods for constant-sum games is tested on it.
#[cfg(test)]
pub(crate) fn forgetful_zero_sum() -> crate::tree::Efg {
    crate::format::read_efg(
        r#"EFG 2 R "Forgetful" { "1" "2" }
""

p "" 1 1 "" { "L" "R" } 0
p "" 2 1 "" { "a" "b" } 0
p "" 1 2 "" { "x" "y" } 0
t "" 1 "" { 1, -1 }
t "" 2 "" { 0, 0 }
t "" 3 "" { 2, -2 }
p "" 2 2 "" { "c" "d" } 0
p "" 1 2 "" { "x" "y" } 0
t "" 4 "" { -1, 1 }
t "" 5 "" { 3, -3 }
t "" 6 "" { 1, -1 }
"#,
    )
    .expect("a well-formed game")
}
