//! The sequence form one subgame at a time: subgame-perfect equilibria of two-player trees with
//! perfect recall, each subgame's LCP as small as the subgame.
//!
//! A *subgame* starts at a decision node whose subtree holds every node of every information
//! set it meets (Selten 1965). Solved from the deepest up, each subgame is a tree whose own
//! subgames have been replaced by leaves paying their equilibrium payoffs; an equilibrium of
//! every such tree, put together, is a subgame-perfect equilibrium of the whole game (Selten's
//! backward induction over subgames), hence a Nash equilibrium. Each tree is solved by the
//! sequence form and Lemke's algorithm ([`super::sequence_form`]), whose dense tableau is
//! quadratic in the tree it is given: a chain of `d` decisions costs `O(d)` small LCPs instead of
//! one LCP of dimension `O(d)`.
//!
//! Nodes are stored in preorder, so a subtree is a range of node ids. A node roots a subgame when
//! the smallest and largest node of every personal information set met in its range lie inside
//! the range: one pass from the last node to the first.
//!
//! # Complexity
//! `O(n)` for the subgames of `n` nodes; then one sequence-form solve per subgame, each on a
//! tree of its own nodes and its child subgames' leaves ([`largest_entries`] bounds the largest
//! LCP); `O(n)` rational operations to join the behaviour strategies into realization plans.
//!
//! ```
//! use kalmar_efg::format::read_efg;
//! use kalmar_efg::nash::sequence_form::{SequenceForm, regret};
//! use kalmar_efg::nash::subgames::{self, subgame_roots};
//! use kalmar_efg::recall::Recall;
//! // Two rounds of "stop or go on": every decision roots a subgame.
//! let game = read_efg(r#"EFG 2 R "centipede" { "1" "2" }
//! ""
//!
//! p "" 1 1 "" { "stop" "go" } 0
//! t "" 1 "" { 1, 0 }
//! p "" 2 1 "" { "stop" "go" } 0
//! t "" 2 "" { 0, 2 }
//! t "" 3 "" { 3, 1 }
//! "#)
//! .unwrap();
//! assert_eq!(subgame_roots(&game).len(), 2);
//! let form = SequenceForm::new(&game, &Recall::check(&game)).unwrap();
//! let solved = subgames::solve(&game, &form).unwrap();
//! // Player 2 stops (2 > 1), so player 1 stops too (1 > 0): the subgame-perfect outcome.
//! assert_eq!(solved.equilibrium.payoffs, [1.into(), 0.into()]);
//! assert!(regret(&form, &solved.equilibrium.x, &solved.equilibrium.y).unwrap().iter().all(|r| r.is_zero()));
//! ```

use super::profile::Stats;
use super::sequence_form::{self, PlanEquilibrium, SequenceForm, SequenceFormError};
use crate::number::Num;
use crate::recall::Recall;
use crate::tree::{Efg, EfgBuilder, InfosetId, Mover, NodeId, TreeError};
use kalmar_core::Rational;
use std::collections::HashMap;

/// The decision nodes that root a subgame, in preorder (the root first).
pub fn subgame_roots(game: &Efg) -> Vec<NodeId> {
    let n = game.num_nodes();
    let sets = game.infosets();
    // The first and last member of every personal information set.
    let mut first = vec![u32::MAX; sets.len()];
    let mut last = vec![0u32; sets.len()];
    for (x, node) in game.nodes().iter().enumerate() {
        if let Some(h) = personal(game, node.infoset) {
            first[h] = first[h].min(x as u32);
            last[h] = last[h].max(x as u32);
        }
    }
    // Per node: the end of its subtree and the extremes of the sets met in it.
    let mut end: Vec<u32> = (0..n as u32).collect();
    let mut low: Vec<u32> = (0..n as u32).collect();
    let mut high: Vec<u32> = (0..n as u32).collect();
    let mut roots = Vec::new();
    for x in (0..n).rev() {
        let node = &game.nodes()[x];
        if let Some(h) = personal(game, node.infoset) {
            low[x] = low[x].min(first[h]);
            high[x] = high[x].max(last[h]);
        }
        if node.infoset.is_some() && low[x] >= x as u32 && high[x] <= end[x] {
            roots.push(NodeId(x as u32));
        }
        if let Some(p) = node.parent {
            let p = p.index();
            end[p] = end[p].max(end[x]);
            low[p] = low[p].min(low[x]);
            high[p] = high[p].max(high[x]);
        }
    }
    roots.reverse();
    roots
}

/// The index of a personal player's information set, `None` for chance and leaves.
fn personal(game: &Efg, infoset: Option<InfosetId>) -> Option<usize> {
    infoset
        .filter(|&h| matches!(game.infoset(h).mover, Mover::Player(_)))
        .map(InfosetId::index)
}

/// Per node: the position in `roots` of the innermost subgame holding it.
fn innermost(game: &Efg, roots: &[NodeId]) -> Vec<u32> {
    let mut own = vec![0u32; game.num_nodes()];
    let mut next = roots.iter().enumerate().skip(1).peekable();
    for (x, node) in game.nodes().iter().enumerate() {
        if next.peek().is_some_and(|(_, r)| r.index() == x) {
            own[x] = next.next().expect("peeked").0 as u32;
        } else if let Some(p) = node.parent {
            own[x] = own[p.index()];
        }
    }
    own
}

/// The entries of the largest dense sequence-form LCP one subgame needs (`d²` as
/// [`super::size::sequence_form_entries`] counts them, saturating).
pub fn largest_entries(game: &Efg) -> u128 {
    let roots = subgame_roots(game);
    let own = innermost(game, &roots);
    // Per subgame: sequences and information sets of each player, counted at a set's first node.
    let mut counts = vec![[1u128; 4]; roots.len().max(1)];
    let mut seen = vec![false; game.infosets().len()];
    for (x, node) in game.nodes().iter().enumerate() {
        let Some(h) = node.infoset else { continue };
        let Mover::Player(p @ 0..=1) = game.infoset(h).mover else {
            continue;
        };
        if !std::mem::replace(&mut seen[h.index()], true) {
            let c = &mut counts[own[x] as usize];
            c[p as usize] += game.actions_of(h).len() as u128;
            c[2 + p as usize] += 1;
        }
    }
    counts
        .iter()
        .map(|c| {
            let d = c[0] + c[1] + 2 * c[2] + 2 * c[3];
            d.saturating_mul(d)
        })
        .max()
        .unwrap_or(0)
}

/// A subgame-perfect equilibrium found subgame by subgame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubgameEquilibrium {
    /// The realization plans on the whole game's sequence form, and the payoffs.
    pub equilibrium: PlanEquilibrium,
    /// Per information set of the game: the behaviour its subgame's equilibrium plays there
    /// (`None` for chance), also where the plans do not reach it.
    pub behaviour: Vec<Option<Vec<Rational>>>,
    /// The subgames solved.
    pub subgames: usize,
    /// Lemke's pivots, summed over the subgames.
    pub stats: Stats,
}

/// Solves every subgame of `game` by the sequence form, deepest first, and joins the answers
/// into realization plans on `form`, the whole game's sequence form.
pub fn solve(game: &Efg, form: &SequenceForm) -> Result<SubgameEquilibrium, SequenceFormError> {
    let roots = subgame_roots(game);
    let mut behaviour: Vec<Option<Vec<Rational>>> = vec![None; game.infosets().len()];
    let mut stats = Stats::default();
    if roots.len() <= 1 {
        // No proper subgame: the game itself, as the sequence form gives it.
        let (equilibrium, found) = sequence_form::solve(form)?;
        for seqs in &form.players {
            let plan = if seqs.player == 0 {
                &equilibrium.x
            } else {
                &equilibrium.y
            };
            for (h, probs) in sequence_form::behaviour(game, seqs, plan) {
                behaviour[h.index()] = Some(probs);
            }
        }
        return Ok(SubgameEquilibrium {
            equilibrium,
            behaviour,
            subgames: 1,
            stats: found,
        });
    }
    // value[x]: the equilibrium payoffs from subgame root x on, its own outcome included.
    let mut value: HashMap<NodeId, Vec<Rational>> = HashMap::with_capacity(roots.len());
    let mut solved = vec![false; game.num_nodes()];
    for &root in roots.iter().rev() {
        let (tree, sets) = cut(game, root, &solved, &value)?;
        let sub_form = SequenceForm::new(&tree, &Recall::check(&tree))?;
        let (eq, found) = sequence_form::solve(&sub_form)?;
        stats.pivots += found.pivots;
        for seqs in &sub_form.players {
            let plan = if seqs.player == 0 { &eq.x } else { &eq.y };
            for (h, probs) in sequence_form::behaviour(&tree, seqs, plan) {
                behaviour[sets[h.index()].index()] = Some(probs);
            }
        }
        value.insert(root, eq.payoffs.to_vec());
        solved[root.index()] = true;
    }
    let x = plan_of(game, &form.players[0], &behaviour);
    let y = plan_of(game, &form.players[1], &behaviour);
    let payoffs = form.payoffs(&x, &y);
    Ok(SubgameEquilibrium {
        equilibrium: PlanEquilibrium { x, y, payoffs },
        behaviour,
        subgames: roots.len(),
        stats,
    })
}

/// The subgame at `root` as a tree of its own, each solved subgame below it a leaf paying its
/// value; with, per information set of the new tree, the game's set it copies.
fn cut(
    game: &Efg,
    root: NodeId,
    solved: &[bool],
    value: &HashMap<NodeId, Vec<Rational>>,
) -> Result<(Efg, Vec<InfosetId>), TreeError> {
    let mut b = EfgBuilder::new(game.title.clone(), game.players.clone());
    // The nodes in preorder, below solved subgames left out; their sets declared in id order.
    let mut nodes = Vec::new();
    let mut stack = vec![root];
    while let Some(x) = stack.pop() {
        nodes.push(x);
        if x == root || !solved[x.index()] {
            stack.extend(game.children(x).iter().rev());
        }
    }
    let mut sets: Vec<InfosetId> = nodes
        .iter()
        .filter(|&&x| x == root || !solved[x.index()])
        .filter_map(|&x| game.node(x).infoset)
        .collect();
    sets.sort_unstable();
    sets.dedup();
    let mut new_id = HashMap::with_capacity(sets.len());
    for &h in &sets {
        let set = game.infoset(h);
        let actions = game
            .actions_of(h)
            .iter()
            .map(|a| (a.label.clone(), a.prob.clone()))
            .collect();
        new_id.insert(h, b.infoset(set.mover, set.label.clone(), actions)?);
    }
    for &x in &nodes {
        let node = game.node(x);
        if x != root && solved[x.index()] {
            let pays = value[&x].iter().cloned().map(Num::new).collect();
            let outcome = b.outcome("", pays)?;
            b.node(node.label.clone(), None, Some(outcome))?;
        } else {
            let outcome = match node.outcome {
                Some(o) => Some(b.outcome("", game.outcomes()[o.index()].payoffs.clone())?),
                None => None,
            };
            b.node(
                node.label.clone(),
                node.infoset.map(|h| new_id[&h]),
                outcome,
            )?;
        }
    }
    Ok((b.finish()?, sets))
}

/// A player's realization plan of a behaviour profile: each sequence's weight is its parent's
/// times the move's probability, sets taken in the order of their first node (under perfect
/// recall the set a sequence leads from comes earlier in preorder).
fn plan_of(
    game: &Efg,
    seqs: &sequence_form::Sequences,
    behaviour: &[Option<Vec<Rational>>],
) -> Vec<Rational> {
    let mut first = vec![u32::MAX; game.infosets().len()];
    for (x, node) in game.nodes().iter().enumerate() {
        if let Some(h) = node.infoset {
            first[h.index()] = first[h.index()].min(x as u32);
        }
    }
    let mut order: Vec<usize> = (0..seqs.infosets.len()).collect();
    order.sort_unstable_by_key(|&k| first[seqs.infosets[k].index()]);
    let mut plan = vec![Rational::ZERO; seqs.len()];
    plan[0] = Rational::ONE;
    for k in order {
        let probs = behaviour[seqs.infosets[k].index()]
            .as_ref()
            .expect("every set of a player is in some subgame");
        let parent = plan[seqs.parent[k]].clone();
        for (&s, p) in seqs.children[k].iter().zip(probs) {
            plan[s] = &parent * p;
        }
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::read_efg;
    use crate::generate::poker;

    #[test]
    fn information_sets_across_branches_keep_them_in_one_subgame() {
        // Kuhn's poker: the deal is chance's, and every player's set spans several deals.
        assert_eq!(subgame_roots(&poker(3)), [NodeId(0)]);
        // Player 2 does not see player 1's move; the second stage after it is a subgame.
        let game = read_efg(
            r#"EFG 2 R "" { "1" "2" }
""

p "" 1 1 "" { "a" "b" } 0
p "" 2 1 "" { "c" "d" } 0
p "" 1 2 "" { "e" "f" } 0
t "" 1 "" { 1, 1 }
t "" 2 "" { 0, 0 }
t "" 3 "" { 2, 0 }
p "" 2 1 "" { "c" "d" } 0
t "" 4 "" { 0, 2 }
t "" 5 "" { 1, 1 }
"#,
        )
        .unwrap();
        assert_eq!(subgame_roots(&game), [NodeId(0), NodeId(2)]);
    }
}
