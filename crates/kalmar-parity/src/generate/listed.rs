//! The two ways the generators build a game: vertex by vertex ([`Listed`]) or by exploring
//! from an initial node in PGSolver's order of discovery ([`explore`]).

use crate::ParityGame;
use kalmar_core::generate::{GenerateError, builder, check_size};
use kalmar_core::{Owner, Player, Vertex};
use std::collections::HashMap;
use std::hash::Hash;

/// Even, player 0.
pub(super) const EVEN: Player = Player(0);
/// Odd, player 1.
pub(super) const ODD: Player = Player(1);

/// The player a priority benefits (PGSolver's `plr_benefits`): Even for even priorities.
pub(super) fn benefits(p: u32) -> Player {
    Player((p % 2) as u8)
}
/// A game given vertex by vertex: the owner, priority, successors and (optionally) name of each.
/// Successor lists are sorted and freed of repetitions, as PGSolver's successor sets are.
pub(super) struct Listed {
    pub(super) owner: Vec<Player>,
    pub(super) priority: Vec<u32>,
    pub(super) successors: Vec<Vec<u32>>,
    pub(super) names: Option<Vec<String>>,
}

impl Listed {
    pub(super) fn with_capacity(n: usize, named: bool) -> Self {
        Listed {
            owner: Vec::with_capacity(n),
            priority: Vec::with_capacity(n),
            successors: Vec::with_capacity(n),
            names: named.then(|| Vec::with_capacity(n)),
        }
    }

    /// Builds the game; every vertex must have a successor.
    pub(super) fn finish(mut self) -> Result<ParityGame, GenerateError> {
        let n = self.owner.len();
        if n == 0 {
            return Err(GenerateError::Parameter(
                "the game would have no vertices".into(),
            ));
        }
        for s in &mut self.successors {
            s.sort_unstable();
            s.dedup();
        }
        let arcs = self.successors.iter().map(Vec::len).sum();
        check_size(n, arcs)?;
        let mut b = builder(n, arcs);
        for &p in &self.owner {
            b.add_vertex(Owner::Player(p));
        }
        for (v, succ) in self.successors.iter().enumerate() {
            for &w in succ {
                b.add_edge(Vertex::new(v), Vertex(w));
            }
        }
        if let Some(names) = self.names {
            for (v, name) in names.into_iter().enumerate() {
                b.set_name(Vertex::new(v), name);
            }
        }
        let arena = b.build().expect("generators build valid arenas");
        Ok(ParityGame::new(arena, self.priority).expect("generators build valid parity games"))
    }
}

/// How a game explored from an initial node looks at a node: owner, priority, successors and
/// name.
pub(super) trait Description {
    /// A node of the game.
    type Node: Clone + Eq + Hash;
    fn owner(&self, v: &Self::Node) -> Player;
    fn priority(&self, v: &Self::Node) -> u32;
    fn successors(&self, v: &Self::Node) -> Vec<Self::Node>;
    fn name(&self, v: &Self::Node) -> String;
}

/// An explored node: owner, priority, successors and name.
type Explored = (Player, u32, Vec<u32>, String);

/// The game of the nodes reachable from `init`, numbered in PGSolver's order of discovery (its
/// `Build` functor): a node gets the next number when it is first met, either as the initial
/// node or in the successor list of a node being explored; the successors of a node are then
/// explored depth first, the first of them first.
pub(super) fn explore<D: Description>(d: &D, init: D::Node) -> Result<ParityGame, GenerateError> {
    let mut code: HashMap<D::Node, u32> = HashMap::new();
    let mut slots: Vec<Option<Explored>> = Vec::new();
    let mut stack = vec![(init.clone(), 0u32)];
    code.insert(init, 0);
    slots.push(None);
    while let Some((v, c)) = stack.pop() {
        if slots[c as usize].is_some() {
            continue;
        }
        let ws = d.successors(&v);
        let mut ds = Vec::with_capacity(ws.len());
        for w in &ws {
            let next = code.len() as u32;
            let id = *code.entry(w.clone()).or_insert(next);
            if id == next {
                slots.push(None);
            }
            ds.push(id);
        }
        slots[c as usize] = Some((d.owner(&v), d.priority(&v), ds.clone(), d.name(&v)));
        for (w, id) in ws.into_iter().zip(ds).rev() {
            stack.push((w, id));
        }
    }
    let mut listed = Listed::with_capacity(slots.len(), true);
    for slot in slots {
        let (owner, priority, successors, name) = slot.expect("every discovered node is explored");
        listed.owner.push(owner);
        listed.priority.push(priority);
        listed.successors.push(successors);
        if let Some(names) = listed.names.as_mut() {
            names.push(name);
        }
    }
    listed.finish()
}
