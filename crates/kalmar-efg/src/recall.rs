//! Perfect recall and absent-mindedness, by the breadth-first method of seed 001.
//!
//! Traverse the nodes breadth-first. For every node `x` record `move[x][i]`: for each personal
//! player `i` the last move of `i` on the path from the root to `x` (or EMPTY). (The seed's chance
//! component, the product of the chance probabilities on the path, is not needed for the check
//! and is left to [`Efg::chance_reach`]: on a deep chance chain its exact rationals grow with the
//! depth, and keeping one per node would take memory quadratic in the depth.) A child copies its
//! parent's entry and updates the one component of the player who moves at the parent. A player
//! has perfect recall exactly when, at every information set `h` of theirs, all nodes agree on
//! `move[x][i]`; that common move is `lastmove[h]`. (By induction over the tree: equal last moves
//! at `h`, made at an information set that itself passes the check, give equal sequences of own
//! moves.)
//!
//! When the check fails, [`Recall::violations`] names the information set, two of its nodes and
//! their differing last moves. An information set is *absent-minded* when one of its nodes lies
//! on the path to another; [`Recall::absent_minded`] lists those, found by one depth-first pass.
//!
//! # Complexity
//! `O(n · N)` time and memory for `n` nodes and `N` players (one copy of the entry per node),
//! plus `O(n)` for absent-mindedness.
//!
//! ```
//! use kalmar_efg::format::read_efg;
//! use kalmar_efg::recall::Recall;
//! // Player 1 forgets their first move: both their later nodes share an information set.
//! let game = read_efg(r#"EFG 2 R "Forgetful" { "1" "2" }
//! ""
//!
//! p "" 1 1 "" { "L" "R" } 0
//! p "" 2 1 "" { "a" "b" } 0
//! p "" 1 2 "" { "x" "y" } 0
//! t "" 1 "" { 1, 0 }
//! t "" 2 "" { 0, 1 }
//! t "" 3 "" { 2, 2 }
//! p "" 2 2 "" { "c" "d" } 0
//! p "" 1 2 "" { "x" "y" } 0
//! t "" 4 "" { 0, 0 }
//! t "" 5 "" { 3, 1 }
//! t "" 6 "" { 1, 3 }
//! "#)
//! .unwrap();
//! let recall = Recall::check(&game);
//! assert!(!recall.is_perfect());
//! assert!(!recall.is_perfect_for(&game, 0) && recall.is_perfect_for(&game, 1));
//! assert_eq!(recall.violations.len(), 1);
//! assert!(recall.absent_minded.is_empty());
//! ```

use crate::tree::{ActionId, Efg, InfosetId, Mover, NodeId};

/// The breadth-first `move[x][i]` table.
#[derive(Clone, Debug)]
pub struct MoveTable {
    players: usize,
    /// `last[x * players + i]`: player `i`'s last move on the path to `x` (None = EMPTY).
    last: Vec<Option<ActionId>>,
}

impl MoveTable {
    /// Fills the table by breadth-first traversal, as the seed describes.
    pub fn new(game: &Efg) -> MoveTable {
        let players = game.num_players();
        let n = game.num_nodes();
        let mut last = vec![None; n * players];
        for x in game.bfs_order() {
            let Some(h) = game.node(x).infoset else {
                continue;
            };
            let mover = game.infoset(h).mover;
            for (index, &child) in game.children(x).iter().enumerate() {
                let a = game.action_id(h, index as u32);
                let (from, to) = (x.index() * players, child.index() * players);
                last.copy_within(from..from + players, to);
                if let Mover::Player(i) = mover {
                    last[to + i as usize] = Some(a);
                }
            }
        }
        MoveTable { players, last }
    }

    /// `move[x][i]` for personal player `i` (from 0): the player's last move on the path to `x`,
    /// `None` for EMPTY.
    pub fn last_move(&self, x: NodeId, player: u32) -> Option<ActionId> {
        self.last[x.index() * self.players + player as usize]
    }
}

/// Two nodes of one information set whose player's last moves differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The information set.
    pub infoset: InfosetId,
    /// The first node of the set in breadth-first order.
    pub first: NodeId,
    /// Its last own move (None = no earlier move of the player).
    pub first_move: Option<ActionId>,
    /// A node whose last own move differs.
    pub other: NodeId,
    /// Its last own move.
    pub other_move: Option<ActionId>,
}

/// An information set one of whose nodes precedes another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AbsentMinded {
    /// The information set.
    pub infoset: InfosetId,
    /// The earlier node.
    pub ancestor: NodeId,
    /// The later node, below it.
    pub descendant: NodeId,
}

/// The outcome of the recall check.
#[derive(Clone, Debug)]
pub struct Recall {
    /// The `move[x][i]` table.
    pub table: MoveTable,
    /// Per information set (chance ones get an empty list): the distinct last moves of its
    /// player at its nodes, in breadth-first order of first appearance. One entry at every
    /// information set exactly when the player has perfect recall.
    pub lastmoves: Vec<Vec<Option<ActionId>>>,
    /// Per information set: its nodes in breadth-first order.
    pub members: Vec<Vec<NodeId>>,
    /// One violation per information set that fails the check, in breadth-first order.
    pub violations: Vec<Violation>,
    /// Absent-minded information sets (one witness pair each).
    pub absent_minded: Vec<AbsentMinded>,
    players: usize,
}

impl Recall {
    /// Runs the check.
    pub fn check(game: &Efg) -> Recall {
        let table = MoveTable::new(game);
        let mut lastmoves: Vec<Vec<Option<ActionId>>> = vec![Vec::new(); game.infosets().len()];
        let mut members: Vec<Vec<NodeId>> = vec![Vec::new(); game.infosets().len()];
        let mut violations = Vec::new();
        let mut violated = vec![false; game.infosets().len()];
        for x in game.bfs_order() {
            let Some(h) = game.node(x).infoset else {
                continue;
            };
            members[h.index()].push(x);
            let Mover::Player(i) = game.infoset(h).mover else {
                continue;
            };
            let m = table.last_move(x, i);
            let seen = &mut lastmoves[h.index()];
            if !seen.contains(&m) {
                if let Some(&first_move) = seen.first()
                    && !violated[h.index()]
                {
                    violated[h.index()] = true;
                    violations.push(Violation {
                        infoset: h,
                        first: members[h.index()][0],
                        first_move,
                        other: x,
                        other_move: m,
                    });
                }
                seen.push(m);
            }
        }
        Recall {
            table,
            lastmoves,
            members,
            violations,
            absent_minded: absent_minded(game),
            players: game.num_players(),
        }
    }

    /// Whether every player has perfect recall.
    pub fn is_perfect(&self) -> bool {
        self.violations.is_empty()
    }

    /// Whether this player (from 0) has perfect recall.
    pub fn is_perfect_for(&self, game: &Efg, player: u32) -> bool {
        self.violations
            .iter()
            .all(|v| game.infoset(v.infoset).mover != Mover::Player(player))
    }

    /// `lastmove[h]` under perfect recall: the player's last move before `h` (None = EMPTY).
    /// With imperfect recall, the first of the set's last moves.
    pub fn lastmove(&self, h: InfosetId) -> Option<ActionId> {
        self.lastmoves[h.index()].first().copied().flatten()
    }

    /// The number of personal players.
    pub fn num_players(&self) -> usize {
        self.players
    }

    /// A human-readable explanation of each violation and each absent-minded set.
    pub fn explain(&self, game: &Efg) -> Vec<String> {
        let name = |m: Option<ActionId>| match m {
            None => "no earlier move".to_string(),
            Some(a) => game.action_name(a),
        };
        let mut lines = Vec::new();
        for v in &self.violations {
            lines.push(format!(
                "{}: at node {} the player's last move was {}, at node {} it was {}",
                game.infoset_name(v.infoset),
                game.node_name(v.first),
                name(v.first_move),
                game.node_name(v.other),
                name(v.other_move)
            ));
        }
        for a in &self.absent_minded {
            lines.push(format!(
                "{} is absent-minded: node {} lies below node {} of the same set",
                game.infoset_name(a.infoset),
                game.node_name(a.descendant),
                game.node_name(a.ancestor)
            ));
        }
        lines
    }
}

/// The absent-minded information sets: a depth-first pass keeps, per information set, the
/// node of it on the current path (if any).
fn absent_minded(game: &Efg) -> Vec<AbsentMinded> {
    let mut on_path: Vec<Option<NodeId>> = vec![None; game.infosets().len()];
    let mut found: Vec<Option<AbsentMinded>> = vec![None; game.infosets().len()];
    // (node, entering?) pairs: the exit marker restores the set's entry.
    let mut stack = vec![(game.root(), true)];
    while let Some((x, entering)) = stack.pop() {
        let Some(h) = game.node(x).infoset else {
            continue;
        };
        if !entering {
            if on_path[h.index()] == Some(x) {
                on_path[h.index()] = None;
            }
            continue;
        }
        match on_path[h.index()] {
            Some(ancestor) => {
                if found[h.index()].is_none() && game.infoset(h).mover != Mover::Chance {
                    found[h.index()] = Some(AbsentMinded {
                        infoset: h,
                        ancestor,
                        descendant: x,
                    });
                }
            }
            None => on_path[h.index()] = Some(x),
        }
        stack.push((x, false));
        for &c in game.children(x).iter().rev() {
            stack.push((c, true));
        }
    }
    found.into_iter().flatten().collect()
}
