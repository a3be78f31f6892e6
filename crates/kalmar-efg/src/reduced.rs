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
//! Without perfect recall a set may hang below several moves. The slots then split into the
//! connected components of the dependency graph (an edge from each set to the slots of its last
//! moves; a set with an EMPTY or later last move is always reachable and hangs below nothing).
//! The components are independent, so the count is the product of theirs. A component where
//! every set hangs below at most one move is a tree and is counted by the products above; only a
//! component with a set below two or more moves is enumerated, on its own slots, and its
//! strategies (in generation order) serve counting, ranking and unranking by binary search. The
//! number of reduced strategies is then exact without enumerating the whole player.
//!
//! # Complexity
//! Building the list and the counts: `O(n + A)` for `n` nodes and `A` moves, plus big-integer
//! products, plus for each component with a set below several moves `O(H_c · S_c)` for its
//! `H_c` slots and `S_c` strategies (`H_c · S_c` bounded by [`COMPONENT_LIMIT`]; we know of no
//! algorithm polynomial in general for those). Ranking and unranking: `O(H + A)` big-integer operations
//! for `H` information sets, plus `O(log S_c)` comparisons per slot of an enumerated component.
//! Enumeration: `O(H)` per strategy.
//!
//! ```
//! use kalmar_efg::format::read_efg;
//! use kalmar_efg::recall::Recall;
//! use kalmar_efg::reduced::ReducedStrategies;
//! let game = read_efg(r#"EFG 2 R "List order is not tree order" { "1" "2" }
//! ""
//!
//! c "" 1 "" { "left" 1/2 "right" 1/2 } 0
//! p "" 1 1 "" { "p" "q" } 0
//! p "" 1 2 "" { "u" "v" } 0
//! t "" 1 "" { 1, 0 }
//! t "" 2 "" { 2, 0 }
//! t "" 3 "" { 0, 0 }
//! p "" 1 3 "" { "x" "y" } 0
//! t "" 4 "" { 3, 0 }
//! t "" 5 "" { 4, 0 }
//! "#)
//! .unwrap();
//! let player = ReducedStrategies::new(&game, &Recall::check(&game), 0);
//! assert_eq!(player.count().unwrap(), 6u32.into());
//! let all = player.enumerate(100).unwrap();
//! let labels: Vec<String> = all.iter().map(|s| player.label(&game, s)).collect();
//! assert_eq!(labels, ["pxu", "pxv", "pyu", "pyv", "qx*", "qy*"]);
//! assert_eq!(player.unrank(&player.rank(&all[4]).unwrap()).unwrap(), all[4]);
//! ```

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

/// The most choices (strategies × slots) listed for one component of sets that hang below
/// several moves (imperfect recall only): a bound on the memory a count may take.
pub const COMPONENT_LIMIT: usize = 1 << 22;

/// A component of slots where some set hangs below several moves, with its strategies.
#[derive(Clone, Debug)]
struct Listed {
    /// Its slots, in list order.
    slots: Vec<usize>,
    /// Its strategies projected on `slots`, in generation order (which is lexicographic), or
    /// `None` when they hold more than [`COMPONENT_LIMIT`] choices.
    strategies: Option<Vec<Reduced>>,
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
    /// Per slot of a tree component: `C(h)`, the number of reduced strategies of the subtree of
    /// sets hanging below `h` (including `h`).
    subtree: Vec<BigUint>,
    /// Per slot of a tree component and move: `N(h, a)`.
    below: Vec<Vec<BigUint>>,
    /// Per slot: its enumerated component and its position there, if any.
    listed_at: Vec<Option<(usize, usize)>>,
    /// The enumerated components.
    listed: Vec<Listed>,
}

/// Why a count or a rank cannot be computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReducedError {
    /// A component of sets below several moves has too many strategies to enumerate.
    #[error(
        "player {player}'s information sets {slots} depend on each other through imperfect \
         recall and have too many reduced strategies together to list (more than {limit} \
         choices): too many to count"
    )]
    ComponentTooLarge {
        /// The player, from 1.
        player: u32,
        /// The component's slots (from 1), as text.
        slots: String,
        /// The limit on choices (strategies × slots).
        limit: usize,
    },
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
            listed_at: Vec::new(),
            listed: Vec::new(),
        };
        strategies.split_components();
        strategies.fill_counts();
        strategies
    }

    /// The slots a slot hangs below: none when it is always reachable.
    fn move_parents(&self, k: usize) -> impl Iterator<Item = (usize, u32)> + '_ {
        let always = self.parents[k]
            .iter()
            .any(|p| matches!(p, Parent::Empty | Parent::Later));
        self.parents[k].iter().filter_map(move |p| match *p {
            Parent::Move { slot, action } if !always => Some((slot, action)),
            _ => None,
        })
    }

    /// Finds the components with a set below several moves and enumerates each on its slots.
    fn split_components(&mut self) {
        let k = self.slots.len();
        let mut root: Vec<usize> = (0..k).collect();
        fn find(root: &mut [usize], mut x: usize) -> usize {
            while root[x] != x {
                root[x] = root[root[x]];
                x = root[x];
            }
            x
        }
        let tangled: Vec<bool> = (0..k)
            .map(|slot| self.move_parents(slot).count() > 1)
            .collect();
        for slot in 0..k {
            for (up, _) in self.move_parents(slot) {
                let (a, b) = (find(&mut root, slot), find(&mut root, up));
                root[a] = b;
            }
        }
        let mut component_of: Vec<Option<usize>> = vec![None; k];
        let mut components: Vec<Vec<usize>> = Vec::new();
        for (slot, &t) in tangled.iter().enumerate() {
            let r = find(&mut root, slot);
            if t && component_of[r].is_none() {
                component_of[r] = Some(components.len());
                components.push(Vec::new());
            }
        }
        self.listed_at = vec![None; k];
        for slot in 0..k {
            if let Some(c) = component_of[find(&mut root, slot)] {
                self.listed_at[slot] = Some((c, components[c].len()));
                components[c].push(slot);
            }
        }
        self.listed = components
            .into_iter()
            .map(|slots| {
                let mut all = Vec::new();
                let complete = self.walk(&slots, &mut vec![None; k], &mut |choices| {
                    all.push(slots.iter().map(|&s| choices[s]).collect());
                    all.len() * slots.len() <= COMPONENT_LIMIT
                });
                Listed {
                    strategies: complete.then_some(all),
                    slots,
                }
            })
            .collect();
    }

    /// `C(h)` and `N(h, a)` bottom-up on the tree components: every set hangs below an earlier
    /// slot, so a reverse scan sees a set's children before the set.
    fn fill_counts(&mut self) {
        let k = self.slots.len();
        let mut below: Vec<Vec<BigUint>> = self
            .arity
            .iter()
            .map(|&a| vec![BigUint::one(); a as usize])
            .collect();
        let mut subtree = vec![BigUint::zero(); k];
        for slot in (0..k).rev() {
            if self.listed_at[slot].is_some() {
                continue;
            }
            let c: BigUint = below[slot].iter().sum();
            if let Some((up, action)) = self.move_parents(slot).next() {
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

    /// The strategies of one enumerated component, or the error saying it is too large.
    fn listed(&self, c: usize) -> Result<&[Reduced], ReducedError> {
        let part = &self.listed[c];
        part.strategies
            .as_deref()
            .ok_or_else(|| ReducedError::ComponentTooLarge {
                player: self.player + 1,
                slots: part
                    .slots
                    .iter()
                    .map(|s| (s + 1).to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                limit: COMPONENT_LIMIT,
            })
    }

    /// The number of reduced strategies, without enumerating them: the product over the tree
    /// components of the counting formula and over the other components of their counts.
    pub fn count(&self) -> Result<BigUint, ReducedError> {
        let mut total: BigUint = (0..self.slots.len())
            .filter(|&k| self.listed_at[k].is_none() && self.move_parents(k).next().is_none())
            .map(|k| &self.subtree[k])
            .product();
        for c in 0..self.listed.len() {
            total *= BigUint::from(self.listed(c)?.len());
        }
        Ok(total)
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

    /// Fills `slots` (in list order) depth-first in generation order, calling `f` on each
    /// completion until it returns false; returns whether it went through all of them.
    fn walk(
        &self,
        slots: &[usize],
        choices: &mut Reduced,
        f: &mut dyn FnMut(&[Option<u32>]) -> bool,
    ) -> bool {
        let Some((&slot, rest)) = slots.split_first() else {
            return f(choices);
        };
        if !self.reachable(slot, choices) {
            choices[slot] = None;
            return self.walk(rest, choices, f);
        }
        for a in 0..self.arity[slot] {
            choices[slot] = Some(a);
            if !self.walk(rest, choices, f) {
                return false;
            }
        }
        choices[slot] = None;
        true
    }

    /// Calls `f` on every reduced strategy in generation order until it returns false.
    pub fn for_each(&self, mut f: impl FnMut(&[Option<u32>]) -> bool) {
        let all: Vec<usize> = (0..self.slots.len()).collect();
        self.walk(&all, &mut vec![None; all.len()], &mut f);
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

    /// The strategies of the ranges `ranges` (one per enumerated component) whose choice at
    /// slot `k` is `choice`, as a subrange: the components' lists are sorted, and within a range
    /// all earlier slots agree.
    fn narrow(
        &self,
        lists: &[&[Reduced]],
        ranges: &[(usize, usize)],
        k: usize,
        choice: Option<u32>,
    ) -> (usize, usize) {
        let (c, at) = self.listed_at[k].expect("an enumerated slot");
        let (lo, hi) = ranges[c];
        let part = &lists[c][lo..hi];
        let start = part.partition_point(|s| s[at] < choice);
        let end = part.partition_point(|s| s[at] <= choice);
        (lo + start, lo + end)
    }

    /// The position of `s` in generation order, computed from the counts.
    ///
    /// After a prefix of slots is fixed, the strategies that complete it number the product of
    /// the open subtrees' `C` and of the enumerated components' ranges of strategies agreeing
    /// with it; the rank adds, per slot, the completions of every smaller choice there.
    pub fn rank(&self, s: &[Option<u32>]) -> Result<BigUint, ReducedError> {
        let mut product = self.count()?;
        if !self.is_reduced(s) {
            return Err(ReducedError::NotReduced(self.player + 1));
        }
        let lists = self.lists()?;
        let mut ranges: Vec<(usize, usize)> = lists.iter().map(|l| (0, l.len())).collect();
        let mut rank = BigUint::zero();
        for (k, choice) in s.iter().enumerate() {
            if let Some((c, _)) = self.listed_at[k] {
                let (lo, hi) = ranges[c];
                let rest = &product / BigUint::from(hi - lo);
                let (start, end) = self.narrow(&lists, &ranges, k, *choice);
                rank += &rest * BigUint::from(start - lo);
                ranges[c] = (start, end);
                product = rest * BigUint::from(end - start);
                continue;
            }
            let Some(a) = *choice else { continue };
            let rest = &product / &self.subtree[k];
            let before: BigUint = self.below[k][..a as usize].iter().sum();
            rank += &rest * before;
            product = rest * &self.below[k][a as usize];
        }
        Ok(rank)
    }

    /// The reduced strategy at position `rank` in generation order.
    pub fn unrank(&self, rank: &BigUint) -> Result<Reduced, ReducedError> {
        let mut product = self.count()?;
        if *rank >= product {
            return Err(ReducedError::OutOfRange {
                player: self.player + 1,
                rank: rank.clone(),
                count: product,
            });
        }
        let lists = self.lists()?;
        let mut ranges: Vec<(usize, usize)> = lists.iter().map(|l| (0, l.len())).collect();
        let mut r = rank.clone();
        let mut s: Reduced = vec![None; self.slots.len()];
        for k in 0..self.slots.len() {
            if !self.reachable(k, &s) {
                continue;
            }
            if let Some((c, _)) = self.listed_at[k] {
                let (lo, hi) = ranges[c];
                let rest = &product / BigUint::from(hi - lo);
                // The choices present in the range, in order, each with its subrange.
                let mut a = 0;
                let (start, end) = loop {
                    let (start, end) = self.narrow(&lists, &ranges, k, Some(a));
                    let block = &rest * BigUint::from(end - start);
                    if r < block {
                        break (start, end);
                    }
                    r -= block;
                    a += 1;
                };
                s[k] = Some(a);
                ranges[c] = (start, end);
                product = rest * BigUint::from(end - start);
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

    /// Every enumerated component's strategies.
    fn lists(&self) -> Result<Vec<&[Reduced]>, ReducedError> {
        (0..self.listed.len()).map(|c| self.listed(c)).collect()
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
