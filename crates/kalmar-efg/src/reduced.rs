//! Reduced strategies, generated, counted and numbered as in seed 001.
//!
//! A player's information sets are put in a linear list in breadth-first order (an information set
//! comes before every one it precedes in the tree, because a player's own sets are never ordered
//! circularly). A reduced strategy has one slot per set in the list: a move (its index at the set)
//! or `*` when the set cannot be reached because of the player's *own earlier move in the tree*:
//! with `h'` the set where `lastmove[h]` is made, `h` is reachable exactly when `lastmove[h]` is
//! EMPTY or the strategy chooses `lastmove[h]` at `h'`. It is the tree order that counts, not the
//! position in the list: the set just before `h` in the list may be unrelated to `h`.
//!
//! For imperfect recall the seed's variant keeps the *set* of last moves of `h`'s nodes: `h` is
//! filled in when one of them is EMPTY or chosen. A last move made at a set that is not earlier
//! in the list (possible only without perfect recall) counts as chosen, so a set is never starred
//! while it may still be reached.
//!
//! With perfect recall the sets form a forest under "`h` hangs below move `lastmove[h]`", and the
//! number of reduced strategies is `C(root sets)` multiplied, where `C(h) = Σ_a N(h, a)` and
//! `N(h, a) = Π C(h'')` over the sets `h''` hanging below `(h, a)`. The same products number the
//! strategies in the order they are generated (slots in list order, moves in index order): see
//! [`ReducedStrategies::rank`] and [`ReducedStrategies::unrank`].
//!
//! # Complexity
//! Building the list and the counts: `O(n + A)` for `n` nodes and `A` moves, plus big-integer
//! products. Ranking and unranking: `O(H + A)` big-integer operations for `H` information sets.
//! Enumeration: `O(H)` per strategy.

use crate::recall::Recall;
use crate::tree::{Efg, InfosetId, Mover, NodeId};
use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

/// A reduced strategy: per slot of the list, a move index or `None` for `*`.
pub type Reduced = Vec<Option<u32>>;

/// Where an information set hangs: the EMPTY last move, or a move at an earlier slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parent {
    /// No earlier move of the player: always reachable.
    Empty,
    /// Reachable when slot `slot` chooses move `action`.
    Move {
        /// The slot (position in the player's list).
        slot: usize,
        /// The move index at that slot.
        action: u32,
    },
    /// A last move made at the same or a later slot (imperfect recall only): counted as chosen.
    Later,
}

/// One player's reduced strategies.
#[derive(Clone, Debug)]
pub struct ReducedStrategies {
    /// The player (from 0).
    pub player: u32,
    /// The player's information sets in breadth-first order: the slots.
    pub slots: Vec<InfosetId>,
    /// Per slot: the number of moves.
    pub arity: Vec<u32>,
    /// Per slot: the set of last moves (one entry with perfect recall).
    pub parents: Vec<Vec<Parent>>,
    /// Whether the player has perfect recall.
    pub perfect_recall: bool,
    /// Per slot, under perfect recall: `C(h)`, the number of reduced strategies of the subtree
    /// of sets hanging below `h` (including `h`).
    subtree: Vec<BigUint>,
    /// Per slot and move, under perfect recall: `N(h, a)`.
    below: Vec<Vec<BigUint>>,
}

/// Why a count or a rank cannot be computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReducedError {
    /// Counting and numbering without enumeration need perfect recall.
    #[error("player {0} does not have perfect recall: count by enumeration instead")]
    ImperfectRecall(u32),
    /// A rank at or beyond the count.
    #[error("rank {rank} is out of range: player {player} has {count} reduced strategies")]
    OutOfRange {
        /// The player, from 1.
        player: u32,
        /// The rank asked for.
        rank: BigUint,
        /// The number of reduced strategies.
        count: BigUint,
    },
    /// A vector that is not a reduced strategy of the player.
    #[error("not a reduced strategy of player {0}")]
    NotReduced(u32),
}

impl ReducedStrategies {
    /// The reduced strategies of `player` (from 0).
    pub fn new(game: &Efg, recall: &Recall, player: u32) -> ReducedStrategies {
        // The list: information sets by the breadth-first position of their first node.
        let mut bfs_rank = vec![0usize; game.num_nodes()];
        for (rank, x) in game.bfs_order().into_iter().enumerate() {
            bfs_rank[x.index()] = rank;
        }
        let mut slots: Vec<InfosetId> = game
            .player_infosets(player)
            .filter(|h| !recall.members[h.index()].is_empty())
            .collect();
        slots.sort_by_key(|h| bfs_rank[recall.members[h.index()][0].index()]);
        let mut position = vec![usize::MAX; game.infosets().len()];
        for (k, h) in slots.iter().enumerate() {
            position[h.index()] = k;
        }
        let arity: Vec<u32> = slots
            .iter()
            .map(|&h| game.actions_of(h).len() as u32)
            .collect();
        let parents: Vec<Vec<Parent>> = slots
            .iter()
            .enumerate()
            .map(|(k, h)| {
                recall.lastmoves[h.index()]
                    .iter()
                    .map(|m| match m {
                        None => Parent::Empty,
                        Some(a) => {
                            let action = game.action(*a);
                            let slot = position[action.infoset.index()];
                            if slot < k {
                                Parent::Move {
                                    slot,
                                    action: action.index,
                                }
                            } else {
                                Parent::Later
                            }
                        }
                    })
                    .collect()
            })
            .collect();
        let perfect_recall = recall.is_perfect_for(game, player)
            && parents
                .iter()
                .all(|p| p.len() == 1 && p[0] != Parent::Later);
        let mut strategies = ReducedStrategies {
            player,
            slots,
            arity,
            parents,
            perfect_recall,
            subtree: Vec::new(),
            below: Vec::new(),
        };
        if perfect_recall {
            strategies.fill_counts();
        }
        strategies
    }

    /// `C(h)` and `N(h, a)` bottom-up: every set hangs below an earlier slot, so a reverse scan
    /// sees a set's children before the set.
    fn fill_counts(&mut self) {
        let k = self.slots.len();
        let mut below: Vec<Vec<BigUint>> = self
            .arity
            .iter()
            .map(|&a| vec![BigUint::one(); a as usize])
            .collect();
        let mut subtree = vec![BigUint::zero(); k];
        for slot in (0..k).rev() {
            let c: BigUint = below[slot].iter().sum();
            if let Parent::Move { slot: up, action } = self.parents[slot][0] {
                below[up][action as usize] *= &c;
            }
            subtree[slot] = c;
        }
        self.subtree = subtree;
        self.below = below;
    }

    /// Whether slot `k` is reachable given the choices made at earlier slots.
    pub fn reachable(&self, k: usize, choices: &[Option<u32>]) -> bool {
        self.parents[k].iter().any(|p| match *p {
            Parent::Empty | Parent::Later => true,
            Parent::Move { slot, action } => choices[slot] == Some(action),
        })
    }

    /// The number of reduced strategies, without enumerating them (perfect recall).
    pub fn count(&self) -> Result<BigUint, ReducedError> {
        if !self.perfect_recall {
            return Err(ReducedError::ImperfectRecall(self.player + 1));
        }
        Ok(self
            .parents
            .iter()
            .zip(&self.subtree)
            .filter(|(p, _)| p[0] == Parent::Empty)
            .map(|(_, c)| c)
            .product())
    }

    /// The number of reduced strategies by walking the generation tree (any recall); stops and
    /// returns `None` beyond `limit`.
    pub fn count_by_enumeration(&self, limit: u64) -> Option<u64> {
        let mut n = 0u64;
        let mut ok = true;
        self.for_each(|_| {
            n += 1;
            ok = n <= limit;
            ok
        });
        ok.then_some(n)
    }

    /// Calls `f` on every reduced strategy in generation order until it returns false.
    pub fn for_each(&self, mut f: impl FnMut(&[Option<u32>]) -> bool) {
        let k = self.slots.len();
        let mut choices: Reduced = vec![None; k];
        // Depth-first over slots: `slot` is the next to fill.
        fn go(
            s: &ReducedStrategies,
            slot: usize,
            choices: &mut Reduced,
            f: &mut dyn FnMut(&[Option<u32>]) -> bool,
        ) -> bool {
            if slot == s.slots.len() {
                return f(choices);
            }
            if !s.reachable(slot, choices) {
                choices[slot] = None;
                return go(s, slot + 1, choices, f);
            }
            for a in 0..s.arity[slot] {
                choices[slot] = Some(a);
                if !go(s, slot + 1, choices, f) {
                    return false;
                }
            }
            choices[slot] = None;
            true
        }
        if k == 0 {
            f(&choices);
            return;
        }
        go(self, 0, &mut choices, &mut f);
    }

    /// All reduced strategies in generation order, or `None` if there are more than `limit`.
    pub fn enumerate(&self, limit: usize) -> Option<Vec<Reduced>> {
        let mut all = Vec::new();
        let mut ok = true;
        self.for_each(|s| {
            if all.len() == limit {
                ok = false;
                return false;
            }
            all.push(s.to_vec());
            true
        });
        ok.then_some(all)
    }

    /// Whether `s` is one of the player's reduced strategies.
    pub fn is_reduced(&self, s: &[Option<u32>]) -> bool {
        s.len() == self.slots.len()
            && (0..s.len()).all(|k| match (self.reachable(k, s), s[k]) {
                (true, Some(a)) => a < self.arity[k],
                (false, None) => true,
                _ => false,
            })
    }

    /// The position of `s` in generation order, computed from the counts (perfect recall).
    pub fn rank(&self, s: &[Option<u32>]) -> Result<BigUint, ReducedError> {
        let mut product = self.count()?;
        if !self.is_reduced(s) {
            return Err(ReducedError::NotReduced(self.player + 1));
        }
        let mut rank = BigUint::zero();
        for (k, choice) in s.iter().enumerate() {
            let Some(a) = *choice else { continue };
            let rest = &product / &self.subtree[k];
            let before: BigUint = self.below[k][..a as usize].iter().sum();
            rank += &rest * before;
            product = rest * &self.below[k][a as usize];
        }
        Ok(rank)
    }

    /// The reduced strategy at position `rank` in generation order (perfect recall).
    pub fn unrank(&self, rank: &BigUint) -> Result<Reduced, ReducedError> {
        let mut product = self.count()?;
        if *rank >= product {
            return Err(ReducedError::OutOfRange {
                player: self.player + 1,
                rank: rank.clone(),
                count: product,
            });
        }
        let mut r = rank.clone();
        let mut s: Reduced = vec![None; self.slots.len()];
        for k in 0..self.slots.len() {
            if !self.reachable(k, &s) {
                continue;
            }
            let rest = &product / &self.subtree[k];
            let mut a = 0;
            loop {
                let block = &rest * &self.below[k][a];
                if r < block {
                    break;
                }
                r -= block;
                a += 1;
            }
            s[k] = Some(a as u32);
            product = rest * &self.below[k][a];
        }
        Ok(s)
    }

    /// A strategy's label: the moves' labels in slot order, `*` for unreachable slots; labels are
    /// run together when every move label of the player is one character, else spaced.
    pub fn label(&self, game: &Efg, s: &[Option<u32>]) -> String {
        let short = self.slots.iter().all(|&h| {
            game.actions_of(h)
                .iter()
                .all(|a| a.label.chars().count() == 1)
        });
        let parts: Vec<String> = s
            .iter()
            .zip(&self.slots)
            .map(|(c, &h)| match c {
                None => "*".to_string(),
                Some(a) => {
                    let label = &game.actions_of(h)[*a as usize].label;
                    if label.is_empty() {
                        (a + 1).to_string()
                    } else {
                        label.clone()
                    }
                }
            })
            .collect();
        parts.join(if short { "" } else { " " })
    }

    /// The count as a `u64` if it fits.
    pub fn count_u64(&self) -> Option<u64> {
        self.count().ok().and_then(|c| c.to_u64())
    }
}

/// The reduced strategies of every personal player.
pub fn all_players(game: &Efg, recall: &Recall) -> Vec<ReducedStrategies> {
    (0..game.num_players() as u32)
        .map(|p| ReducedStrategies::new(game, recall, p))
        .collect()
}

/// The reduced strategies of `player` by brute force, for tests: every pure strategy (one move
/// per information set) is walked through the tree to find the sets it reaches, and projected
/// onto them. Returns the distinct projections in the player's slot order, sorted.
pub fn brute_force(game: &Efg, strategies: &ReducedStrategies) -> Vec<Reduced> {
    let k = strategies.slots.len();
    let mut position = vec![usize::MAX; game.infosets().len()];
    for (i, h) in strategies.slots.iter().enumerate() {
        position[h.index()] = i;
    }
    let mut pure = vec![0u32; k];
    let mut found = std::collections::BTreeSet::new();
    loop {
        let mut reached = vec![false; k];
        let mut stack: Vec<NodeId> = vec![game.root()];
        while let Some(x) = stack.pop() {
            let Some(h) = game.node(x).infoset else {
                continue;
            };
            let children = game.children(x);
            if game.infoset(h).mover == Mover::Player(strategies.player) {
                let slot = position[h.index()];
                reached[slot] = true;
                stack.push(children[pure[slot] as usize]);
            } else {
                stack.extend_from_slice(children);
            }
        }
        let projected: Reduced = (0..k).map(|i| reached[i].then_some(pure[i])).collect();
        found.insert(projected);
        // Next pure strategy (odometer).
        let mut i = 0;
        loop {
            if i == k {
                return found.into_iter().collect();
            }
            pure[i] += 1;
            if pure[i] < strategies.arity[i] {
                break;
            }
            pure[i] = 0;
            i += 1;
        }
    }
}
