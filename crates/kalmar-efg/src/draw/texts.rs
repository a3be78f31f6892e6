//! What a tree picture says at each node and move: the player and information set, the move's
//! label and probability, the payoffs at a leaf.

use super::DrawOptions;
use super::style::{SMALL, width};
use crate::names::move_names;
use crate::tree::{Efg, InfosetId, Mover, NodeId};
use kalmar_core::Rational;

/// What each node and move says.
pub(super) struct Texts {
    /// Per decision node: the player and information set number (`2:1`, none for chance) and
    /// the set's label.
    pub(super) designation: Vec<(String, String)>,
    /// Per node: the payoff vector (leaves).
    pub(super) payoff: Vec<String>,
    /// Per node but the root: the label of the move into it.
    pub(super) action: Vec<String>,
    /// Per node but the root: the probability of the move into it, if known.
    pub(super) prob: Vec<Option<Rational>>,
}

/// Every node's and move's texts.
pub(super) fn texts(game: &Efg, options: &DrawOptions<'_>) -> Texts {
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

/// The width of a node's designation: its number, a space and its set's label.
pub(super) fn designation_width((number, label): &(String, String)) -> f64 {
    let space = if number.is_empty() || label.is_empty() {
        0.0
    } else {
        3.0
    };
    width(number, SMALL) + space + width(label, SMALL)
}
