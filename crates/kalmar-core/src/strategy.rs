//! Positional strategies: one chosen edge per vertex where a player moves.

use crate::{Arena, Edge, Owner, Vertex};
use serde::{Deserialize, Serialize};

/// A positional strategy profile: for each vertex owned by a player, the edge that player takes
/// there (`None` at terminals and chance vertices). One value holds the strategies of all players,
/// since each vertex has one owner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Strategy {
    choice: Vec<Option<Edge>>,
}

impl Strategy {
    /// A strategy for `n` vertices with no choices made yet.
    pub fn empty(n: usize) -> Self {
        Strategy {
            choice: vec![None; n],
        }
    }

    /// The strategy choosing `choice[v]` at each vertex `v`.
    pub fn from_choices(choice: Vec<Option<Edge>>) -> Self {
        Strategy { choice }
    }

    /// The edge chosen at `v`.
    #[inline]
    pub fn get(&self, v: Vertex) -> Option<Edge> {
        self.choice.get(v.index()).copied().flatten()
    }

    /// Chooses edge `e` at `v`.
    #[inline]
    pub fn set(&mut self, v: Vertex, e: Edge) {
        self.choice[v.index()] = Some(e);
    }

    /// The number of vertices the strategy is defined over.
    pub fn len(&self) -> usize {
        self.choice.len()
    }

    /// Whether the strategy covers no vertex.
    pub fn is_empty(&self) -> bool {
        self.choice.is_empty()
    }

    /// The successor chosen at `v`.
    pub fn successor(&self, arena: &Arena, v: Vertex) -> Option<Vertex> {
        self.get(v).map(|e| arena.target(e))
    }

    /// Checks that the strategy is well formed for `arena`: it covers every vertex, and at each
    /// vertex owned by a player it chooses an edge leaving that vertex. Returns the first vertex
    /// where it does not.
    pub fn check(&self, arena: &Arena) -> Result<(), Vertex> {
        if self.choice.len() != arena.num_vertices() {
            return Err(Vertex::new(self.choice.len().min(arena.num_vertices())));
        }
        for v in arena.vertices() {
            let ok = match (arena.owner(v), self.get(v)) {
                (Owner::Player(_), Some(e)) => {
                    e.index() < arena.num_edges() && arena.source(e) == v
                }
                (Owner::Player(_), None) => false,
                (_, choice) => choice.is_none(),
            };
            if !ok {
                return Err(v);
            }
        }
        Ok(())
    }
}
