//! The game tree of an extensive-form game: personal players and chance, information sets whose
//! moves are identified by (information set, index), and outcomes with payoff vectors.
//!
//! Nodes are stored in preorder (the order of a Gambit `.efg` file). An outcome may sit on any node,
//! as in Gambit: the payoff of a play is the sum of the outcomes on its path. Numbers keep the text
//! they were written with ([`Num`]), so a file is written back exactly as it was read.
//!
//! ```
//! use kalmar_efg::{EfgBuilder, Mover, Num};
//! let mut b = EfgBuilder::new("entry", vec!["Entrant".into(), "Incumbent".into()]);
//! let moves = |x: &str, y: &str| vec![(x.to_string(), None), (y.to_string(), None)];
//! let enter = b.infoset(Mover::Player(0), "", moves("Out", "In")).unwrap();
//! let respond = b.infoset(Mover::Player(1), "", moves("Fight", "Accommodate")).unwrap();
//! let pay = |b: &mut EfgBuilder, u: i64, v: i64| {
//!     b.outcome("", vec![Num::from(u), Num::from(v)]).unwrap()
//! };
//! let (out, fight, share) = (pay(&mut b, 0, 2), pay(&mut b, -1, -1), pay(&mut b, 1, 1));
//! // The nodes in preorder.
//! b.node("", Some(enter), None).unwrap();
//! b.node("", None, Some(out)).unwrap();
//! b.node("", Some(respond), None).unwrap();
//! b.node("", None, Some(fight)).unwrap();
//! b.node("", None, Some(share)).unwrap();
//! let game = b.finish().unwrap();
//! assert_eq!(game.num_nodes(), 5);
//! assert!(game.is_perfect_information());
//! assert_eq!(game.children(game.root()).len(), 2);
//! ```

use crate::number::Num;
use kalmar_core::Rational;
use std::fmt;

macro_rules! id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub u32);

        impl $name {
            /// The index of this id, for per-id arrays.
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id!(
    /// A node of the tree; node 0 is the root, nodes are numbered in preorder.
    NodeId
);
id!(
    /// An information set (of a personal player or of chance).
    InfosetId
);
id!(
    /// A move: one action of one information set. Labels need not be unique; this id is.
    ActionId
);
id!(
    /// An outcome: a label and a payoff vector.
    OutcomeId
);

/// The mover at an information set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mover {
    /// Chance, with fixed probabilities.
    Chance,
    /// A personal player, numbered from 0 (Gambit's player 1 is `Player(0)`).
    Player(u32),
}

impl fmt::Display for Mover {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mover::Chance => f.write_str("chance"),
            Mover::Player(p) => write!(f, "player {}", p + 1),
        }
    }
}

/// A node: its label, its information set (none for a terminal node), the outcome on it and its
/// place in the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The label (may be empty).
    pub label: String,
    /// The information set, or `None` for a terminal node.
    pub infoset: Option<InfosetId>,
    /// The outcome attached to this node, if any.
    pub outcome: Option<OutcomeId>,
    /// The parent, `None` at the root.
    pub parent: Option<NodeId>,
    /// Where this node's children start in the children array.
    first_child: u32,
}

/// An information set: who moves, its label, its number in the file and its actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Infoset {
    /// Who moves here.
    pub mover: Mover,
    /// The label (may be empty).
    pub label: String,
    /// The number of this information set among its mover's, from 1 (as in the file).
    pub number: u32,
    /// The first action's id; the actions are `first_action .. first_action + num_actions`.
    first_action: u32,
    num_actions: u32,
}

/// An action (a move) of an information set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    /// The label (may be empty and need not be unique).
    pub label: String,
    /// The chance probability (chance information sets only).
    pub prob: Option<Num>,
    /// The information set it belongs to.
    pub infoset: InfosetId,
    /// Its index among the information set's actions, from 0.
    pub index: u32,
}

/// An outcome: a label and one payoff per personal player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The label (may be empty).
    pub label: String,
    /// One payoff per player.
    pub payoffs: Vec<Num>,
}

/// An extensive-form game with any number of personal players and chance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Efg {
    /// The title.
    pub title: String,
    /// The comment (may be empty).
    pub comment: String,
    /// The personal players' names, in order.
    pub players: Vec<String>,
    nodes: Vec<Node>,
    children: Vec<NodeId>,
    infosets: Vec<Infoset>,
    actions: Vec<Action>,
    outcomes: Vec<Outcome>,
}

/// Why a tree could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TreeError {
    /// A chance information set whose probabilities are negative or do not sum to 1.
    #[error("the probabilities of chance information set {0} are negative or do not sum to 1")]
    Probabilities(u32),
    /// An outcome with the wrong number of payoffs.
    #[error("outcome {outcome} has {found} payoffs, the game has {players} players")]
    Payoffs {
        /// The outcome's number, from 1.
        outcome: u32,
        /// The number of payoffs given.
        found: usize,
        /// The number of players.
        players: usize,
    },
    /// An information set without actions.
    #[error("information set {0} has no actions")]
    NoActions(u32),
    /// A player number out of range.
    #[error("player {0} does not exist")]
    NoSuchPlayer(u32),
    /// The nodes given do not form one tree (too few or too many).
    #[error("{0}")]
    Shape(&'static str),
    /// Too many nodes, information sets or actions for 32-bit ids.
    #[error("the game is too large (more than 2^32 - 1 nodes, information sets or actions)")]
    TooLarge,
}

/// Builds an [`Efg`]: declare information sets and outcomes, then push the nodes in preorder.
#[derive(Clone, Debug, Default)]
pub struct EfgBuilder {
    game: Efg,
    /// For every node pushed: its information set's action count (0 for terminals).
    open: Vec<(NodeId, u32)>,
    child_count: Vec<u32>,
    per_mover: Vec<u32>,
}

fn id32(n: usize) -> Result<u32, TreeError> {
    u32::try_from(n)
        .ok()
        .filter(|&n| n < u32::MAX)
        .ok_or(TreeError::TooLarge)
}

impl EfgBuilder {
    /// A builder for a game with these players.
    pub fn new(title: impl Into<String>, players: Vec<String>) -> Self {
        let n = players.len();
        EfgBuilder {
            game: Efg {
                title: title.into(),
                players,
                ..Efg::default()
            },
            per_mover: vec![0; n + 1],
            ..EfgBuilder::default()
        }
    }

    /// Sets the comment.
    pub fn comment(&mut self, comment: impl Into<String>) {
        self.game.comment = comment.into();
    }

    /// The number of players.
    pub fn num_players(&self) -> usize {
        self.game.players.len()
    }

    /// Adds an information set with these action labels (and probabilities, for chance; they are
    /// checked to be nonnegative and sum to 1). Its number is the next free one of its mover.
    pub fn infoset(
        &mut self,
        mover: Mover,
        label: impl Into<String>,
        actions: Vec<(String, Option<Num>)>,
    ) -> Result<InfosetId, TreeError> {
        let slot = match mover {
            Mover::Chance => 0,
            Mover::Player(p) if (p as usize) < self.game.players.len() => p as usize + 1,
            Mover::Player(p) => return Err(TreeError::NoSuchPlayer(p + 1)),
        };
        // Counted only once the set is accepted, so a refused one leaves no gap in the numbers.
        let number = self.per_mover[slot] + 1;
        if actions.is_empty() {
            return Err(TreeError::NoActions(number));
        }
        if mover == Mover::Chance {
            let mut sum = Rational::ZERO;
            for (_, p) in &actions {
                let p = p
                    .as_ref()
                    .map(|p| p.value.clone())
                    .unwrap_or(Rational::ZERO);
                if p < Rational::ZERO {
                    return Err(TreeError::Probabilities(number));
                }
                sum = sum + p;
            }
            if sum != Rational::ONE {
                return Err(TreeError::Probabilities(number));
            }
        }
        let id = InfosetId(id32(self.game.infosets.len())?);
        let first_action = id32(self.game.actions.len())?;
        let num_actions = id32(actions.len())?;
        id32(self.game.actions.len() + actions.len())?;
        self.per_mover[slot] = number;
        for (index, (label, prob)) in actions.into_iter().enumerate() {
            let prob = if mover == Mover::Chance { prob } else { None };
            self.game.actions.push(Action {
                label,
                prob,
                infoset: id,
                index: index as u32,
            });
        }
        self.game.infosets.push(Infoset {
            mover,
            label: label.into(),
            number,
            first_action,
            num_actions,
        });
        Ok(id)
    }

    /// Adds an outcome (one payoff per player).
    pub fn outcome(
        &mut self,
        label: impl Into<String>,
        payoffs: Vec<Num>,
    ) -> Result<OutcomeId, TreeError> {
        let id = OutcomeId(id32(self.game.outcomes.len())?);
        if payoffs.len() != self.game.players.len() {
            return Err(TreeError::Payoffs {
                outcome: id.0 + 1,
                found: payoffs.len(),
                players: self.game.players.len(),
            });
        }
        self.game.outcomes.push(Outcome {
            label: label.into(),
            payoffs,
        });
        Ok(id)
    }

    /// Whether every node pushed so far has all its children (the tree is complete).
    pub fn is_complete(&self) -> bool {
        !self.game.nodes.is_empty() && self.open.is_empty()
    }

    /// Pushes the next node in preorder: a decision node of `infoset`, or a terminal node.
    pub fn node(
        &mut self,
        label: impl Into<String>,
        infoset: Option<InfosetId>,
        outcome: Option<OutcomeId>,
    ) -> Result<NodeId, TreeError> {
        if !self.game.nodes.is_empty() && self.open.is_empty() {
            return Err(TreeError::Shape("a node after the tree is complete"));
        }
        let id = NodeId(id32(self.game.nodes.len())?);
        let parent = match self.open.last_mut() {
            Some((parent, left)) => {
                *left -= 1;
                let parent = *parent;
                if *left == 0 {
                    self.open.pop();
                }
                Some(parent)
            }
            None => None,
        };
        let arity = infoset.map_or(0, |h| self.game.infosets[h.index()].num_actions);
        self.game.nodes.push(Node {
            label: label.into(),
            infoset,
            outcome,
            parent,
            first_child: 0,
        });
        self.child_count.push(0);
        if let Some(p) = parent {
            self.child_count[p.index()] += 1;
        }
        if arity > 0 {
            self.open.push((id, arity));
        }
        Ok(id)
    }

    /// The number of information sets declared so far; their ids are `0..num_infosets()`.
    pub fn num_infosets(&self) -> usize {
        self.game.infosets.len()
    }

    /// The information set with this number of this mover, if declared.
    pub fn find_infoset(&self, mover: Mover, number: u32) -> Option<InfosetId> {
        self.game
            .infosets
            .iter()
            .position(|h| h.mover == mover && h.number == number)
            .map(|i| InfosetId(i as u32))
    }

    /// A declared information set.
    pub fn infoset_ref(&self, id: InfosetId) -> &Infoset {
        &self.game.infosets[id.index()]
    }

    /// The actions of a declared information set.
    pub fn actions_of(&self, id: InfosetId) -> &[Action] {
        self.game.actions_of(id)
    }

    /// A declared outcome.
    pub fn outcome_ref(&self, id: OutcomeId) -> &Outcome {
        &self.game.outcomes[id.index()]
    }

    /// The finished game.
    pub fn finish(mut self) -> Result<Efg, TreeError> {
        if !self.is_complete() {
            return Err(TreeError::Shape(
                "the tree is incomplete: a node lacks children",
            ));
        }
        // Children in order: a node's children are pushed in preorder, so scanning the nodes in
        // order lists each node's children in action order.
        let mut start = 0u32;
        for (node, &count) in self.game.nodes.iter_mut().zip(&self.child_count) {
            node.first_child = start;
            start += count;
        }
        let mut fill: Vec<u32> = self.game.nodes.iter().map(|n| n.first_child).collect();
        self.game.children = vec![NodeId(0); start as usize];
        for (i, node) in self.game.nodes.iter().enumerate() {
            if let Some(p) = node.parent {
                self.game.children[fill[p.index()] as usize] = NodeId(i as u32);
                fill[p.index()] += 1;
            }
        }
        Ok(self.game)
    }
}

impl Efg {
    /// The number of personal players.
    pub fn num_players(&self) -> usize {
        self.players.len()
    }

    /// The number of nodes.
    pub fn num_nodes(&self) -> usize {
        self.nodes.len()
    }

    /// The root.
    pub fn root(&self) -> NodeId {
        NodeId(0)
    }

    /// A node.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    /// All nodes, in preorder.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The children of a node, in action order (empty for a terminal node).
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        let node = &self.nodes[id.index()];
        let k = node
            .infoset
            .map_or(0, |h| self.infosets[h.index()].num_actions as usize);
        let start = node.first_child as usize;
        &self.children[start..start + k]
    }

    /// The information sets, chance ones included.
    pub fn infosets(&self) -> &[Infoset] {
        &self.infosets
    }

    /// An information set.
    pub fn infoset(&self, id: InfosetId) -> &Infoset {
        &self.infosets[id.index()]
    }

    /// The actions of an information set, in order.
    pub fn actions_of(&self, id: InfosetId) -> &[Action] {
        let h = &self.infosets[id.index()];
        &self.actions[h.first_action as usize..(h.first_action + h.num_actions) as usize]
    }

    /// The id of action `index` of information set `h`.
    pub fn action_id(&self, h: InfosetId, index: u32) -> ActionId {
        ActionId(self.infosets[h.index()].first_action + index)
    }

    /// An action.
    pub fn action(&self, id: ActionId) -> &Action {
        &self.actions[id.index()]
    }

    /// The number of actions of all information sets.
    pub fn num_actions(&self) -> usize {
        self.actions.len()
    }

    /// The outcomes.
    pub fn outcomes(&self) -> &[Outcome] {
        &self.outcomes
    }

    /// The mover at a decision node, `None` at a terminal node.
    pub fn mover(&self, id: NodeId) -> Option<Mover> {
        self.nodes[id.index()]
            .infoset
            .map(|h| self.infosets[h.index()].mover)
    }

    /// The information sets of a personal player, in file order.
    pub fn player_infosets(&self, player: u32) -> impl Iterator<Item = InfosetId> + '_ {
        self.infosets
            .iter()
            .enumerate()
            .filter(move |(_, h)| h.mover == Mover::Player(player))
            .map(|(i, _)| InfosetId(i as u32))
    }

    /// Per information set (by id): its nodes in preorder, so the first is the one a depth-first
    /// walk of the tree meets first.
    ///
    /// ```
    /// use kalmar_efg::format::read_efg;
    /// use kalmar_efg::NodeId;
    /// let game = read_efg(r#"EFG 2 R "" { "1" "2" }
    /// ""
    ///
    /// p "" 1 1 "" { "l" "r" } 0
    /// p "" 2 1 "" { "a" "b" } 0
    /// t "" 1 "" { 1, 0 }
    /// t "" 2 "" { 0, 1 }
    /// p "" 2 1 "" { "a" "b" } 0
    /// t "" 3 "" { 2, 0 }
    /// t "" 4 "" { 0, 2 }
    /// "#)
    /// .unwrap();
    /// assert_eq!(game.members(), [vec![NodeId(0)], vec![NodeId(1), NodeId(4)]]);
    /// ```
    pub fn members(&self) -> Vec<Vec<NodeId>> {
        let mut members = vec![Vec::new(); self.infosets.len()];
        for (x, node) in self.nodes.iter().enumerate() {
            if let Some(h) = node.infoset {
                members[h.index()].push(NodeId(x as u32));
            }
        }
        members
    }

    /// The nodes in breadth-first order from the root (children in action order).
    pub fn bfs_order(&self) -> Vec<NodeId> {
        let mut order = Vec::with_capacity(self.nodes.len());
        order.push(self.root());
        let mut next = 0;
        while next < order.len() {
            let x = order[next];
            next += 1;
            order.extend_from_slice(self.children(x));
        }
        order
    }

    /// The action leading from a node's parent to it, `None` at the root.
    pub fn incoming_action(&self, id: NodeId) -> Option<ActionId> {
        let parent = self.nodes[id.index()].parent?;
        let siblings = self.children(parent);
        // Siblings are in preorder, so their ids increase.
        let index = siblings.binary_search(&id).ok()? as u32;
        let h = self.nodes[parent.index()].infoset?;
        Some(self.action_id(h, index))
    }

    /// Whether every information set of a personal player has exactly one node.
    pub fn is_perfect_information(&self) -> bool {
        let mut count = vec![0u32; self.infosets.len()];
        for node in &self.nodes {
            if let Some(h) = node.infoset {
                count[h.index()] += 1;
            }
        }
        self.infosets
            .iter()
            .zip(&count)
            .all(|(h, &c)| h.mover == Mover::Chance || c <= 1)
    }

    /// The payoff vectors at each node: the sum of the outcomes on the path from the root to it,
    /// exact. At a terminal node this is the payoff of the play ending there.
    pub fn path_payoffs(&self) -> Vec<Vec<Rational>> {
        let n = self.num_players();
        let mut pay: Vec<Vec<Rational>> = Vec::with_capacity(self.nodes.len());
        // Preorder: a parent comes before its children.
        for node in &self.nodes {
            let mut v = match node.parent {
                Some(p) => pay[p.index()].clone(),
                None => vec![Rational::ZERO; n],
            };
            if let Some(o) = node.outcome {
                for (v, p) in v.iter_mut().zip(&self.outcomes[o.index()].payoffs) {
                    *v = &*v + &p.value;
                }
            }
            pay.push(v);
        }
        pay
    }

    /// Every node's chance probability of being reached (the product of the chance
    /// probabilities on its path), exact.
    pub fn chance_reach(&self) -> Vec<Rational> {
        let mut prob = vec![Rational::ZERO; self.nodes.len()];
        if let Some(root) = prob.first_mut() {
            *root = Rational::ONE;
        }
        // Preorder: a parent comes before its children.
        for (i, node) in self.nodes.iter().enumerate() {
            let Some(h) = node.infoset else {
                continue;
            };
            let first = self.infosets[h.index()].first_action as usize;
            for (k, &child) in self.children(NodeId(i as u32)).iter().enumerate() {
                let p = match &self.actions[first + k].prob {
                    Some(q) => &prob[i] * &q.value,
                    None => prob[i].clone(),
                };
                prob[child.index()] = p;
            }
        }
        prob
    }

    /// A player's name: the game's, or `player N` (from 1) when it gives none.
    pub fn player_name(&self, player: u32) -> String {
        let name = &self.players[player as usize];
        if name.is_empty() {
            format!("player {}", player + 1)
        } else {
            name.clone()
        }
    }

    /// A short name for a node: its label, or `#i` (its preorder number from 1) when unlabelled.
    pub fn node_name(&self, id: NodeId) -> String {
        let label = &self.nodes[id.index()].label;
        if label.is_empty() {
            format!("#{}", id.0 + 1)
        } else {
            format!("{label} (#{})", id.0 + 1)
        }
    }

    /// A short name for an information set: `player 1's information set 2 "label"`.
    pub fn infoset_name(&self, id: InfosetId) -> String {
        let h = &self.infosets[id.index()];
        if h.label.is_empty() {
            format!("{}'s information set {}", h.mover, h.number)
        } else {
            format!("{}'s information set {} \"{}\"", h.mover, h.number, h.label)
        }
    }

    /// A short name for an action: its label (or its number from 1) at its information set.
    pub fn action_name(&self, id: ActionId) -> String {
        let a = &self.actions[id.index()];
        let label = if a.label.is_empty() {
            format!("{}", a.index + 1)
        } else {
            a.label.clone()
        };
        format!(
            "{label} (move {} at {})",
            a.index + 1,
            self.infoset_name(a.infoset)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_information_set_takes_no_number() {
        let mut b = EfgBuilder::new("", vec!["1".into()]);
        let half = || Some(Num::new(Rational::new(1, 2)));
        let third = Some(Num::new(Rational::new(1, 3)));
        let lopsided = vec![("a".into(), half()), ("b".into(), third)];
        assert_eq!(
            b.infoset(Mover::Chance, "", lopsided),
            Err(TreeError::Probabilities(1))
        );
        assert_eq!(
            b.infoset(Mover::Player(0), "", vec![]),
            Err(TreeError::NoActions(1))
        );
        let fair = vec![("a".into(), half()), ("b".into(), half())];
        let h = b.infoset(Mover::Chance, "", fair).unwrap();
        let k = b
            .infoset(Mover::Player(0), "", vec![("x".into(), None)])
            .unwrap();
        assert_eq!((b.infoset_ref(h).number, b.infoset_ref(k).number), (1, 1));
        assert_eq!(b.num_infosets(), 2);
    }
}
