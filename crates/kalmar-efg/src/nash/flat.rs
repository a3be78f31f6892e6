//! A game tree laid out for numeric passes over it, built once: the nodes in breadth-first order,
//! so that a node's children are consecutive and come after it (a pass from the root is a loop
//! forward over the nodes, a pass from the leaves a loop backward, and no pass recurses however
//! deep the tree), with the numbers of the game (chance probabilities, payoffs) in the number
//! type of the passes.
//!
//! Moves keep the game's action ids, which number each information set's moves consecutively,
//! so per-move arrays (probabilities, regrets) are indexed by them directly. A player's
//! *sequence* is named by its last move (an action id) or, for the empty sequence, by
//! `num_actions` ([`Flat::empty`]).
//!
//! # Complexity
//! `O(n · N)` time and memory for `n` nodes and `N` players; the payoffs of the plays are summed
//! along the paths with a stack as deep as the tree.

use super::best_response::Number;
use crate::tree::{Efg, InfosetId, Mover, NodeId};

/// [`Flat::owner`] of a chance node.
pub(crate) const CHANCE: u32 = u32::MAX - 1;
/// [`Flat::owner`] of a terminal node.
pub(crate) const TERMINAL: u32 = u32::MAX;

/// An information set as the passes read it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Set {
    /// The player (from 0), or [`CHANCE`].
    pub owner: u32,
    /// The action id of its first move; its moves are `first .. first + len`.
    pub first: u32,
    /// The number of moves.
    pub len: u32,
    /// Its number among its mover's, from 1 (as in the file).
    pub number: u32,
    /// Its player's last move before it, the same at all its nodes under perfect recall
    /// ([`Flat::empty`] for none, or for a set without nodes).
    pub before: u32,
}

/// The tree in breadth-first order with numbers of type `T`.
#[derive(Clone, Debug)]
pub(crate) struct Flat<T> {
    /// The number of personal players.
    pub players: usize,
    /// Node `k`'s children are `start[k] .. start[k + 1]` (`n + 1` entries).
    pub start: Vec<u32>,
    /// Per node: the player who moves (from 0), [`CHANCE`] or [`TERMINAL`].
    pub owner: Vec<u32>,
    /// Per node: at a decision node the action id of its set's first move (its children's moves
    /// are consecutive from there); at a terminal node its index among the terminal nodes.
    pub first: Vec<u32>,
    /// Per terminal node and player (`t · N + i`): the payoff, the sum of the outcomes on the
    /// path (0 where none is).
    pub payoff: Vec<T>,
    /// Per terminal node and player: the player's last move on the path (the sequence the play
    /// ends in).
    pub last: Vec<u32>,
    /// Per action id: the chance probability of a chance move, 0 for a player's move.
    pub chance: Vec<T>,
    /// Per information set (by id).
    pub sets: Vec<Set>,
    /// Per player: the information sets with nodes, each after every set below it (in
    /// decreasing order of their first node: a set below another has its first node below a
    /// node of the other, so later in breadth-first order).
    pub upward: Vec<Vec<InfosetId>>,
}

impl<T: Number> Flat<T> {
    /// Lays out the tree.
    pub fn new(game: &Efg) -> Flat<T> {
        let players = game.num_players();
        let order = game.bfs_order();
        let n = order.len();
        let mut start = Vec::with_capacity(n + 1);
        let mut owner = Vec::with_capacity(n);
        let mut first = Vec::with_capacity(n);
        // Per node of the game: its terminal index (terminal nodes only).
        let mut terminal = vec![u32::MAX; n];
        let mut terminals = 0u32;
        let mut seen = vec![false; game.infosets().len()];
        let mut upward: Vec<Vec<InfosetId>> = vec![Vec::new(); players];
        start.push(1u32);
        for &x in &order {
            let arity = game.children(x).len() as u32;
            start.push(start[start.len() - 1] + arity);
            match game.node(x).infoset {
                None => {
                    owner.push(TERMINAL);
                    first.push(terminals);
                    terminal[x.index()] = terminals;
                    terminals += 1;
                }
                Some(h) => {
                    let mover = game.infoset(h).mover;
                    owner.push(match mover {
                        Mover::Chance => CHANCE,
                        Mover::Player(i) => i,
                    });
                    first.push(game.action_id(h, 0).0);
                    if let Mover::Player(i) = mover
                        && !std::mem::replace(&mut seen[h.index()], true)
                    {
                        upward[i as usize].push(h);
                    }
                }
            }
        }
        for sets in &mut upward {
            sets.reverse();
        }
        let empty = game.num_actions() as u32;
        let mut chance = vec![T::zero(); game.num_actions()];
        let mut sets = Vec::with_capacity(game.infosets().len());
        for (k, h) in game.infosets().iter().enumerate() {
            let id = InfosetId(k as u32);
            let actions = game.actions_of(id);
            let at = game.action_id(id, 0).index();
            for (slot, a) in chance[at..at + actions.len()].iter_mut().zip(actions) {
                if let Some(p) = &a.prob {
                    *slot = T::exact(&p.value);
                }
            }
            sets.push(Set {
                owner: match h.mover {
                    Mover::Chance => CHANCE,
                    Mover::Player(i) => i,
                },
                first: at as u32,
                len: actions.len() as u32,
                number: h.number,
                before: empty,
            });
        }
        let (payoff, last) = plays(game, &terminal, terminals as usize, &mut sets, empty);
        Flat {
            players,
            start,
            owner,
            first,
            payoff,
            last,
            chance,
            sets,
            upward,
        }
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.owner.len()
    }

    /// The name of the empty sequence: one past the last action id.
    pub fn empty(&self) -> usize {
        self.chance.len()
    }
}

/// Every terminal node's payoffs and every player's last move on its path, and each personal
/// set's `before`: one pass over the game's nodes in preorder with a stack of the open path,
/// each entry carrying the path's payoff sums and last moves (`N` numbers and `N` moves).
fn plays<T: Number>(
    game: &Efg,
    terminal: &[u32],
    terminals: usize,
    sets: &mut [Set],
    empty: u32,
) -> (Vec<T>, Vec<u32>) {
    let players = game.num_players();
    let mut payoff = vec![T::zero(); terminals * players];
    let mut last = vec![empty; terminals * players];
    // The open path: node ids, and per entry `players` sums and last moves.
    let mut path: Vec<NodeId> = Vec::new();
    let mut sums: Vec<T> = Vec::new();
    let mut moves: Vec<u32> = Vec::new();
    for (x, node) in game.nodes().iter().enumerate() {
        let id = NodeId(x as u32);
        while path.last().is_some_and(|&top| Some(top) != node.parent) {
            path.pop();
            sums.truncate(path.len() * players);
            moves.truncate(path.len() * players);
        }
        // This node's entry starts as a copy of its parent's.
        let base = path.len().saturating_sub(1) * players;
        if path.is_empty() {
            sums.resize(players, T::zero());
            moves.resize(players, empty);
        } else {
            sums.extend_from_within(base..base + players);
            moves.extend_from_within(base..base + players);
        }
        let top = path.len() * players;
        if let Some(parent) = node.parent
            && let Some(Mover::Player(i)) = game.mover(parent)
        {
            let a = game
                .incoming_action(id)
                .expect("a child has a move into it");
            moves[top + i as usize] = a.0;
        }
        if let Some(o) = node.outcome {
            for (s, p) in sums[top..]
                .iter_mut()
                .zip(&game.outcomes()[o.index()].payoffs)
            {
                *s = s.plus(&T::exact(&p.value));
            }
        }
        match node.infoset {
            None => {
                let t = terminal[x] as usize * players;
                payoff[t..t + players].clone_from_slice(&sums[top..]);
                last[t..t + players].copy_from_slice(&moves[top..]);
                sums.truncate(top);
                moves.truncate(top);
            }
            Some(h) => {
                if let Mover::Player(i) = game.infoset(h).mover {
                    sets[h.index()].before = moves[top + i as usize];
                }
                path.push(id);
            }
        }
    }
    (payoff, last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::poker;

    #[test]
    fn children_are_consecutive_and_plays_keep_their_payoffs() {
        let game = poker(3);
        let flat: Flat<f64> = Flat::new(&game);
        assert_eq!(flat.len(), game.num_nodes());
        assert_eq!(flat.start[flat.len()] as usize, game.num_nodes());
        // Six deals, each with five plays.
        let leaves = flat.owner.iter().filter(|&&o| o == TERMINAL).count();
        assert_eq!(leaves, 30);
        assert_eq!(flat.payoff.len(), 60);
        assert!(flat.payoff.chunks(2).all(|p| p[0] == -p[1]));
        assert!(
            flat.chance[..6]
                .iter()
                .all(|&p| (p - 1.0 / 6.0).abs() < 1e-15)
        );
        // Player 1's first sets come first in breadth-first order, so last upward.
        let first_sets: Vec<InfosetId> = game.player_infosets(0).take(3).collect();
        assert!(flat.upward[0].ends_with(&[first_sets[2], first_sets[1], first_sets[0]]));
        assert!(flat.sets[first_sets[0].index()].before as usize == flat.empty());
    }
}
