//! Subgame-perfect equilibria of perfect-information trees by backward induction.
//!
//! Zermelo; Kuhn, *Extensive games and the problem of information* (1953); seed 002, section 2.1.
//! Bottom-up over the tree (reverse preorder), each node's value is its chosen child's value (the
//! first child best for the mover) or, at chance, the expectation; values are exact.
//! [`check`] verifies a strategy independently: it recomputes the values the strategy yields and
//! tests at every decision node that no move gives the mover more (the one-shot deviation
//! principle, which for finite trees is equivalent to subgame perfection).
//!
//! # Complexity
//! `O(n · N)` rational operations for `n` nodes and `N` players.
//!
//! ```
//! use kalmar_efg::format::read_efg;
//! use kalmar_efg::nash::backward::{backward_induction, check};
//! // The incumbent would accommodate, so the entrant comes in.
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
//! let spe = backward_induction(&game).unwrap();
//! assert_eq!(spe.value[0], [1.into(), 1.into()]);
//! assert_eq!((spe.choice[0], spe.choice[2]), (Some(1), Some(1)));
//! assert!(check(&game, &spe.choice).is_ok());
//! ```

use crate::tree::{Efg, Mover, NodeId};
use kalmar_core::Rational;

/// A pure behaviour strategy profile on a perfect-information tree and the values it yields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spe {
    /// Per node: the chosen move's index (decision nodes of personal players), else `None`.
    pub choice: Vec<Option<u32>>,
    /// Per node: the expected payoff vector of play from it.
    pub value: Vec<Vec<Rational>>,
}

/// Why backward induction does not apply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpeError {
    /// A personal player's information set has more than one node.
    #[error("the game does not have perfect information ({0} has more than one node)")]
    NotPerfectInformation(String),
}

/// Values bottom-up (reverse preorder): at a personal player's node `choose(node, player,
/// children's values)` picks the move; returns the moves picked and every node's value.
fn evaluate(
    game: &Efg,
    mut choose: impl FnMut(usize, usize, &[&Vec<Rational>]) -> u32,
) -> (Vec<Option<u32>>, Vec<Vec<Rational>>) {
    let n = game.num_players();
    let mut choice: Vec<Option<u32>> = vec![None; game.num_nodes()];
    let mut value: Vec<Vec<Rational>> = vec![Vec::new(); game.num_nodes()];
    for x in (0..game.num_nodes()).rev() {
        let id = NodeId(x as u32);
        let node = game.node(id);
        let mut v = match node.infoset {
            None => vec![Rational::ZERO; n],
            Some(h) => {
                let children: Vec<&Vec<Rational>> = game
                    .children(id)
                    .iter()
                    .map(|c| &value[c.index()])
                    .collect();
                match game.infoset(h).mover {
                    Mover::Chance => {
                        let mut v = vec![Rational::ZERO; n];
                        for (a, c) in game.actions_of(h).iter().zip(&children) {
                            let p = &a.prob.as_ref().expect("chance").value;
                            for (vi, ci) in v.iter_mut().zip(c.iter()) {
                                *vi = &*vi + &(p * ci);
                            }
                        }
                        v
                    }
                    Mover::Player(i) => {
                        let k = choose(x, i as usize, &children);
                        choice[x] = Some(k);
                        children[k as usize].clone()
                    }
                }
            }
        };
        if let Some(o) = node.outcome {
            for (vi, p) in v.iter_mut().zip(&game.outcomes()[o.index()].payoffs) {
                *vi = &*vi + &p.value;
            }
        }
        value[x] = v;
    }
    (choice, value)
}

/// Backward induction: at each node the first move best for the mover.
pub fn backward_induction(game: &Efg) -> Result<Spe, SpeError> {
    let mut count = vec![0u32; game.infosets().len()];
    for node in game.nodes() {
        if let Some(h) = node.infoset {
            count[h.index()] += 1;
            if count[h.index()] > 1 && game.infoset(h).mover != Mover::Chance {
                return Err(SpeError::NotPerfectInformation(game.infoset_name(h)));
            }
        }
    }
    let (choice, value) = evaluate(game, |_, i, children| {
        let mut best = 0;
        for (k, c) in children.iter().enumerate().skip(1) {
            if c[i] > children[best][i] {
                best = k;
            }
        }
        best as u32
    });
    Ok(Spe { choice, value })
}

/// Checks a strategy independently: at every decision node of a personal player, the chosen
/// move's value (under the strategy) is at least every other move's, for the mover. Returns
/// the first node where a deviation pays, if any.
pub fn check(game: &Efg, choice: &[Option<u32>]) -> Result<(), NodeId> {
    let invalid = (0..game.num_nodes()).find(|&x| {
        let id = NodeId(x as u32);
        matches!(game.mover(id), Some(Mover::Player(_)))
            && choice
                .get(x)
                .copied()
                .flatten()
                .is_none_or(|k| k as usize >= game.children(id).len())
    });
    if let Some(x) = invalid {
        return Err(NodeId(x as u32));
    }
    let (_, value) = evaluate(game, |x, _, _| choice[x].expect("checked above"));
    for x in 0..game.num_nodes() {
        let id = NodeId(x as u32);
        if let Some(Mover::Player(i)) = game.mover(id) {
            let children = game.children(id);
            let chosen =
                &value[children[choice[x].expect("checked above") as usize].index()][i as usize];
            if children
                .iter()
                .any(|c| value[c.index()][i as usize] > *chosen)
            {
                return Err(id);
            }
        }
    }
    Ok(())
}
