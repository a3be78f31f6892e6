//! The explicit game graph: an [`Arena`] in CSR form, built and validated by a [`Builder`].
//!
//! Vertices are positions, edges are moves. Each vertex has an [`Owner`]: a player who chooses the
//! next edge, chance (which picks an edge with the edge's probability) or none (a terminal, where
//! play ends). Edges are stored twice, by source (successor lists, with edge ids in CSR order) and by
//! target (predecessor lists), each with an offset array of length `n + 1`, so both forward and
//! backward (retrograde) sweeps run over contiguous memory. Family types (`Dgg`, `ParityGame`, …)
//! wrap an arena with their own labels.
mod builder;
mod csr;
mod error;
mod json;
#[cfg(test)]
mod tests;

pub use builder::Builder;
pub use error::BuildError;

use crate::{Edge, Player, Rational, Vertex};
use json::ArenaData;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Range;

/// Who moves at a vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Owner {
    /// A player chooses the outgoing edge.
    Player(Player),
    /// Chance chooses the outgoing edge with the edge's probability.
    Chance,
    /// Play ends here; a terminal has no outgoing edges.
    Terminal,
}

/// An explicit game graph in CSR form. Build one with [`Builder`].
///
/// ```
/// use kalmar_core::{Builder, Owner, Player};
/// let mut b = Builder::new(2);
/// let x = b.add_vertex(Owner::Player(Player::MAX));
/// let t = b.add_vertex(Owner::Terminal);
/// b.add_edge(x, t);
/// b.add_edge(x, x);
/// let arena = b.build().unwrap();
/// assert_eq!(arena.successors(x), &[t, x]);
/// assert_eq!(arena.predecessors(x), &[x]);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "ArenaData", into = "ArenaData")]
pub struct Arena {
    players: u8,
    owner: Vec<Owner>,
    succ_offset: Vec<u32>,
    target: Vec<Vertex>,
    source: Vec<Vertex>,
    pred_offset: Vec<u32>,
    pred_edge: Vec<Edge>,
    /// `pred_source[k]` is the source of `pred_edge[k]`, so that backward sweeps read
    /// predecessors contiguously.
    pred_source: Vec<Vertex>,
    /// Per edge; `None` unless the arena has chance vertices.
    probability: Option<Vec<Rational>>,
    /// Per vertex; empty when no vertex is named.
    names: Vec<Option<String>>,
    /// What precedes the index in the name of an unnamed vertex: empty, or as many `#` as it
    /// takes for no given name to look like an unnamed vertex's.
    unnamed_prefix: String,
    start: Option<Vertex>,
}

/// How far ahead in its queue a backward sweep reads where the arcs into a position lie
/// ([`Arena::prefetch_in_positions`]), before it comes to that position. At 10^7 arcs this
/// took retrograde analysis from 0.42-0.45 s to 0.30-0.31 s on the random chess-like game and
/// from 0.24 to 0.17-0.20 s on cops and robber, each build run in turn with the other; 4 to 32
/// measured alike. Reading the first arc's source too was slower, and so was reading the
/// words of the arcs' sources. Where arcs stay near their positions there is nothing to
/// overlap: grids did not change, nor ladders at 10^7 arcs, while at 10^6 arcs, in the cache,
/// ladders lost 7% to the extra reads. The attractors of Zielonka's algorithm and tangle
/// learning gained nothing from it on random and ladder parity games of 10^6 vertices, and do
/// not read ahead.
pub const LOOK_AHEAD: usize = 8;

impl Arena {
    /// The number of players (not counting chance).
    pub fn num_players(&self) -> u8 {
        self.players
    }

    /// The number of vertices.
    pub fn num_vertices(&self) -> usize {
        self.owner.len()
    }

    /// The number of edges.
    pub fn num_edges(&self) -> usize {
        self.target.len()
    }

    /// All vertices, in index order.
    pub fn vertices(&self) -> impl ExactSizeIterator<Item = Vertex> + use<> {
        (0..self.owner.len() as u32).map(Vertex)
    }

    /// Who moves at `v`.
    #[inline]
    pub fn owner(&self, v: Vertex) -> Owner {
        self.owner[v.index()]
    }

    /// Whether `v` is a terminal.
    #[inline]
    pub fn is_terminal(&self, v: Vertex) -> bool {
        self.owner[v.index()] == Owner::Terminal
    }

    /// The targets of the edges leaving `v`, in edge order.
    #[inline]
    pub fn successors(&self, v: Vertex) -> &[Vertex] {
        &self.target[self.edge_range(v)]
    }

    /// The ids of the edges leaving `v` (consecutive).
    #[inline]
    pub fn out_edges(&self, v: Vertex) -> impl ExactSizeIterator<Item = Edge> + use<> {
        self.edge_range(v).map(|e| Edge(e as u32))
    }

    #[inline]
    fn edge_range(&self, v: Vertex) -> Range<usize> {
        self.succ_offset[v.index()] as usize..self.succ_offset[v.index() + 1] as usize
    }

    /// The number of edges leaving `v`.
    #[inline]
    pub fn out_degree(&self, v: Vertex) -> usize {
        self.edge_range(v).len()
    }

    /// The ids of the edges entering `v`.
    #[inline]
    pub fn in_edges(&self, v: Vertex) -> &[Edge] {
        &self.pred_edge[self.pred_range(v)]
    }

    /// The sources of the edges entering `v` (with repetition for parallel edges), in the
    /// order of [`Arena::in_edges`].
    #[inline]
    pub fn predecessors(&self, v: Vertex) -> &[Vertex] {
        &self.pred_source[self.pred_range(v)]
    }

    /// Where the arcs into `v` lie among the arcs into every vertex, which are grouped by
    /// their target: `in_edges(v)[i]` is `in_edge_at(in_positions(v).start + i)`. A backward
    /// sweep can keep such a position (one word) instead of an arc's id, which lies in
    /// another array, and look the id up later.
    #[inline]
    pub fn in_positions(&self, v: Vertex) -> Range<usize> {
        self.pred_range(v)
    }

    /// Reads where the arcs into `v` lie, and nothing else: a backward sweep calls this for the
    /// position [`LOOK_AHEAD`] places ahead in its queue, so that on games whose arcs land
    /// anywhere in memory that cache miss overlaps the ones of the position at hand instead of
    /// following them.
    #[inline]
    pub fn prefetch_in_positions(&self, v: Vertex) {
        std::hint::black_box(self.pred_range(v));
    }

    /// The arc at `position` among the arcs into every vertex (see [`Arena::in_positions`]).
    #[inline]
    pub fn in_edge_at(&self, position: usize) -> Edge {
        self.pred_edge[position]
    }

    #[inline]
    fn pred_range(&self, v: Vertex) -> Range<usize> {
        self.pred_offset[v.index()] as usize..self.pred_offset[v.index() + 1] as usize
    }

    /// The source of edge `e`.
    #[inline]
    pub fn source(&self, e: Edge) -> Vertex {
        self.source[e.index()]
    }

    /// The target of edge `e`.
    #[inline]
    pub fn target(&self, e: Edge) -> Vertex {
        self.target[e.index()]
    }

    /// The probability of edge `e` if it leaves a chance vertex.
    pub fn probability(&self, e: Edge) -> Option<&Rational> {
        match self.owner(self.source(e)) {
            Owner::Chance => self.probability.as_ref().map(|p| &p[e.index()]),
            _ => None,
        }
    }

    /// Whether any vertex belongs to chance.
    pub fn has_chance(&self) -> bool {
        self.probability.is_some()
    }

    /// The designated start vertex, if there is one.
    pub fn start(&self) -> Option<Vertex> {
        self.start
    }

    /// The name of `v` if it was given one.
    pub fn given_name(&self, v: Vertex) -> Option<&str> {
        self.names.get(v.index()).and_then(|n| n.as_deref())
    }

    /// The name of `v`: its given name, or its index. Names are unique: when a given name is the
    /// index of an unnamed vertex, unnamed vertices are called `#` and their index instead.
    pub fn name(&self, v: Vertex) -> Cow<'_, str> {
        match self.given_name(v) {
            Some(name) => Cow::Borrowed(name),
            None => Cow::Owned(format!("{}{}", self.unnamed_prefix, v.index())),
        }
    }

    /// A map from the [`name`](Arena::name) of every vertex to the vertex.
    pub fn name_index(&self) -> HashMap<String, Vertex> {
        self.vertices()
            .map(|v| (self.name(v).into_owned(), v))
            .collect()
    }

    /// The edge from `from` to `to`, if there is one (the first, if there are several).
    pub fn find_edge(&self, from: Vertex, to: Vertex) -> Option<Edge> {
        self.out_edges(from).find(|&e| self.target(e) == to)
    }
}
