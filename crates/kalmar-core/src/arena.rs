//! The explicit game graph: an [`Arena`] in CSR form, built and validated by a [`Builder`].
//!
//! Vertices are positions, edges are moves. Each vertex has an [`Owner`]: a player who chooses the
//! next edge, chance (which picks an edge with the edge's probability) or none (a terminal, where
//! play ends). Edges are stored twice, by source (successor lists, with edge ids in CSR order) and by
//! target (predecessor lists), each with an offset array of length `n + 1`, so both forward and
//! backward (retrograde) sweeps run over contiguous memory. Family types (`Dgg`, `ParityGame`, …)
//! wrap an arena with their own labels.

use crate::{Edge, Player, Rational, Vertex};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
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

    /// A builder holding a copy of this arena, to derive a modified game from it.
    pub fn to_builder(&self) -> Builder {
        let mut b = Builder::new(self.players);
        b.reserve(self.num_vertices(), self.num_edges());
        for v in self.vertices() {
            b.add_vertex(self.owner(v));
            if let Some(name) = self.given_name(v) {
                b.set_name(v, name);
            }
        }
        for e in (0..self.num_edges() as u32).map(Edge) {
            match self.probability(e) {
                Some(p) => b.add_chance_edge(self.source(e), self.target(e), p.clone()),
                None => b.add_edge(self.source(e), self.target(e)),
            }
        }
        b.start = self.start;
        b
    }

    /// The edge from `from` to `to`, if there is one (the first, if there are several).
    pub fn find_edge(&self, from: Vertex, to: Vertex) -> Option<Edge> {
        self.out_edges(from).find(|&e| self.target(e) == to)
    }
}

/// Builds an [`Arena`] and checks it: edges between existing vertices, players that exist,
/// successors at every non-terminal and none at terminals, probabilities exactly at chance edges,
/// positive and summing to one, unique names.
#[derive(Clone, Debug, Default)]
pub struct Builder {
    players: u8,
    owner: Vec<Owner>,
    edges: Vec<(Vertex, Vertex, Option<Rational>)>,
    names: Vec<Option<String>>,
    start: Option<Vertex>,
}

impl Builder {
    /// A builder for a game with `players` players (not counting chance).
    pub fn new(players: u8) -> Self {
        Builder {
            players,
            ..Builder::default()
        }
    }

    /// Reserves room for `vertices` vertices and `edges` edges.
    pub fn reserve(&mut self, vertices: usize, edges: usize) {
        self.owner.reserve(vertices);
        self.edges.reserve(edges);
    }

    /// The number of vertices added so far.
    pub fn num_vertices(&self) -> usize {
        self.owner.len()
    }

    /// Adds a vertex.
    ///
    /// # Panics
    /// If the arena already has [`Vertex::LIMIT`] vertices; parsers check counts first.
    pub fn add_vertex(&mut self, owner: Owner) -> Vertex {
        let v = Vertex::new(self.owner.len());
        self.owner.push(owner);
        v
    }

    /// Changes the owner of an added vertex.
    pub fn set_owner(&mut self, v: Vertex, owner: Owner) {
        self.owner[v.index()] = owner;
    }

    /// Adds a move from `from` to `to` (of a player's vertex).
    pub fn add_edge(&mut self, from: Vertex, to: Vertex) {
        self.edges.push((from, to, None));
    }

    /// Adds a move of chance from `from` to `to` with probability `p`.
    pub fn add_chance_edge(&mut self, from: Vertex, to: Vertex, p: Rational) {
        self.edges.push((from, to, Some(p)));
    }

    /// Names vertex `v`.
    pub fn set_name(&mut self, v: Vertex, name: impl Into<String>) {
        if self.names.len() <= v.index() {
            self.names.resize(v.index() + 1, None);
        }
        self.names[v.index()] = Some(name.into());
    }

    /// Sets the start vertex.
    pub fn set_start(&mut self, v: Vertex) {
        self.start = Some(v);
    }

    /// Checks everything and builds the arena.
    pub fn build(self) -> Result<Arena, BuildError> {
        let n = self.owner.len();
        if self.edges.len() >= Edge::LIMIT {
            return Err(BuildError::new(ErrorKind::TooManyEdges(self.edges.len())));
        }
        let name_of = |v: Vertex| -> String {
            match self.names.get(v.index()).and_then(|x| x.as_deref()) {
                Some(name) => format!("'{name}'"),
                None => v.index().to_string(),
            }
        };
        if let Some(s) = self.start
            && s.index() >= n
        {
            return Err(BuildError::new(ErrorKind::NoSuchVertex(s.index())));
        }
        if self.names.len() > n {
            return Err(BuildError::new(ErrorKind::NoSuchVertex(
                self.names.len() - 1,
            )));
        }
        for (i, owner) in self.owner.iter().enumerate() {
            if let Owner::Player(p) = owner
                && p.0 >= self.players
            {
                return Err(BuildError::vertex(
                    ErrorKind::NoSuchPlayer(*p),
                    Vertex::new(i),
                    name_of(Vertex::new(i)),
                ));
            }
        }
        let mut succ_offset = vec![0u32; n + 1];
        for (from, to, p) in &self.edges {
            for v in [from, to] {
                if v.index() >= n {
                    return Err(BuildError::new(ErrorKind::NoSuchVertex(v.index())));
                }
            }
            let err = |kind| Err(BuildError::vertex(kind, *from, name_of(*from)));
            match (self.owner[from.index()], p) {
                (Owner::Terminal, _) => return err(ErrorKind::TerminalWithMoves),
                (Owner::Chance, None) => return err(ErrorKind::MissingProbability),
                (Owner::Player(_), Some(_)) => return err(ErrorKind::ProbabilityAtPlayer),
                (Owner::Chance, Some(p)) if p.signum().is_le() || *p > Rational::ONE => {
                    return err(ErrorKind::BadProbability(p.clone()));
                }
                _ => {}
            }
            succ_offset[from.index() + 1] += 1;
        }
        for i in 0..n {
            if succ_offset[i + 1] == 0 && self.owner[i] != Owner::Terminal {
                return Err(BuildError::vertex(
                    ErrorKind::NoMoves,
                    Vertex::new(i),
                    name_of(Vertex::new(i)),
                ));
            }
            succ_offset[i + 1] += succ_offset[i];
        }
        let m = self.edges.len();
        let has_chance = self.owner.contains(&Owner::Chance);
        let mut target = vec![Vertex(0); m];
        let mut probability = has_chance.then(|| vec![Rational::ZERO; m]);
        let mut next = succ_offset.clone();
        for (from, to, p) in self.edges {
            let e = next[from.index()] as usize;
            next[from.index()] += 1;
            target[e] = to;
            if let (Some(probs), Some(p)) = (probability.as_mut(), p) {
                probs[e] = p;
            }
        }
        check_distributions(&self.owner, &succ_offset, probability.as_deref(), name_of)?;
        let mut seen = foldhash::HashMap::with_capacity_and_hasher(n, Default::default());
        for (i, name) in self.names.iter().enumerate() {
            if let Some(name) = name
                && let Some(first) = seen.insert(name.as_str(), i)
            {
                let v = Vertex::new(i);
                return Err(BuildError::vertex(
                    ErrorKind::DuplicateName(Vertex::new(first)),
                    v,
                    name_of(v),
                ));
            }
        }
        // An unnamed vertex is called by its index, unless a given name is such an index.
        // Only names made of `#`s and digits can look like one.
        let index_like: Vec<&str> = seen
            .keys()
            .copied()
            .filter(|name| name.bytes().all(|b| b == b'#' || b.is_ascii_digit()))
            .collect();
        let mut unnamed_prefix = String::new();
        while index_like.iter().any(|name| {
            name.strip_prefix(unnamed_prefix.as_str())
                .and_then(|digits| {
                    digits
                        .parse::<usize>()
                        .ok()
                        .filter(|i| i.to_string() == digits)
                })
                .is_some_and(|i| i < n && self.names.get(i).is_none_or(Option::is_none))
        }) {
            unnamed_prefix.push('#');
        }
        let names = if self.names.iter().any(Option::is_some) {
            let mut names = self.names;
            names.resize(n, None);
            names
        } else {
            Vec::new()
        };
        Ok(Arena::from_csr(
            self.players,
            self.owner,
            succ_offset,
            target,
            probability,
            names,
            unnamed_prefix,
            self.start,
        ))
    }
}

/// Checks that the probabilities of every chance vertex's edges sum to one.
fn check_distributions(
    owner: &[Owner],
    succ_offset: &[u32],
    probability: Option<&[Rational]>,
    name_of: impl Fn(Vertex) -> String,
) -> Result<(), BuildError> {
    let Some(probs) = probability else {
        return Ok(());
    };
    for (v, _) in owner
        .iter()
        .enumerate()
        .filter(|(_, o)| **o == Owner::Chance)
    {
        let range = succ_offset[v] as usize..succ_offset[v + 1] as usize;
        let sum = probs[range].iter().fold(Rational::ZERO, |acc, p| acc + p);
        if sum != Rational::ONE {
            let v = Vertex::new(v);
            return Err(BuildError::vertex(
                ErrorKind::ProbabilitySum(sum),
                v,
                name_of(v),
            ));
        }
    }
    Ok(())
}

impl Arena {
    /// The arena whose successor lists are given in CSR form (checked), with the edges by
    /// target derived from them.
    #[allow(clippy::too_many_arguments)]
    fn from_csr(
        players: u8,
        owner: Vec<Owner>,
        succ_offset: Vec<u32>,
        target: Vec<Vertex>,
        probability: Option<Vec<Rational>>,
        names: Vec<Option<String>>,
        unnamed_prefix: String,
        start: Option<Vertex>,
    ) -> Arena {
        let n = owner.len();
        let m = target.len();
        let mut source = vec![Vertex(0); m];
        for v in 0..n {
            source[succ_offset[v] as usize..succ_offset[v + 1] as usize].fill(Vertex::new(v));
        }
        let mut pred_offset = vec![0u32; n + 1];
        for to in &target {
            pred_offset[to.index() + 1] += 1;
        }
        for i in 0..n {
            pred_offset[i + 1] += pred_offset[i];
        }
        let mut pred_edge = vec![Edge(0); m];
        let mut pred_source = vec![Vertex(0); m];
        let mut next = pred_offset.clone();
        for (e, to) in target.iter().enumerate() {
            let slot = &mut next[to.index()];
            pred_edge[*slot as usize] = Edge(e as u32);
            pred_source[*slot as usize] = source[e];
            *slot += 1;
        }
        Arena {
            players,
            owner,
            succ_offset,
            target,
            source,
            pred_offset,
            pred_edge,
            pred_source,
            probability,
            names,
            unnamed_prefix,
            start,
        }
    }

    /// The arena induced by the vertices `part`: vertex `i` of the result is `part[i]`, with
    /// the edges between vertices of the part, in their order. `local[v]` must give each
    /// vertex of the part its index in it and be `u32::MAX` elsewhere. Names and the start are
    /// not kept. Returns the arena and, per edge of it, the edge of this arena it comes from.
    ///
    /// Fails as [`Builder::build`] does when a vertex of a player or of chance has no move
    /// inside the part, or when a chance vertex's moves inside do not sum to one.
    ///
    /// # Complexity
    /// O(|part| + the edges out of it + the edges inside it), without the builder's checks
    /// and copies.
    pub fn induced(
        &self,
        part: &[Vertex],
        local: &[u32],
    ) -> Result<(Arena, Vec<Edge>), BuildError> {
        let mut succ_offset = Vec::with_capacity(part.len() + 1);
        succ_offset.push(0u32);
        let mut target = Vec::new();
        let mut origin = Vec::new();
        let mut owner = Vec::with_capacity(part.len());
        for &v in part {
            for e in self.out_edges(v) {
                let w = local[self.target(e).index()];
                if w != u32::MAX {
                    target.push(Vertex(w));
                    origin.push(e);
                }
            }
            let o = self.owner(v);
            if target.len() == *succ_offset.last().expect("starts with 0") as usize
                && o != Owner::Terminal
            {
                return Err(BuildError::vertex(
                    ErrorKind::NoMoves,
                    v,
                    self.name(v).into_owned(),
                ));
            }
            succ_offset.push(target.len() as u32);
            owner.push(o);
        }
        let probability = self.probability.as_ref().map(|p| {
            origin
                .iter()
                .map(|e| p[e.index()].clone())
                .collect::<Vec<_>>()
        });
        check_distributions(&owner, &succ_offset, probability.as_deref(), |v| {
            self.name(part[v.index()]).into_owned()
        })?;
        let arena = Arena::from_csr(
            self.players,
            owner,
            succ_offset,
            target,
            probability,
            Vec::new(),
            String::new(),
            None,
        );
        Ok((arena, origin))
    }
}

/// Why a [`Builder`] refused to build an arena.
#[derive(Clone, Debug, PartialEq)]
pub struct BuildError {
    kind: ErrorKind,
    vertex: Option<(Vertex, String)>,
}

#[derive(Clone, Debug, PartialEq)]
enum ErrorKind {
    NoSuchVertex(usize),
    NoSuchPlayer(Player),
    TerminalWithMoves,
    NoMoves,
    MissingProbability,
    ProbabilityAtPlayer,
    BadProbability(Rational),
    ProbabilitySum(Rational),
    DuplicateName(Vertex),
    TooManyEdges(usize),
}

impl BuildError {
    fn new(kind: ErrorKind) -> Self {
        BuildError { kind, vertex: None }
    }

    fn vertex(kind: ErrorKind, v: Vertex, name: String) -> Self {
        BuildError {
            kind,
            vertex: Some((v, name)),
        }
    }

    /// The vertex the error is about, if it is about one.
    pub fn at(&self) -> Option<Vertex> {
        self.vertex.as_ref().map(|(v, _)| *v)
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((_, name)) = &self.vertex {
            write!(f, "vertex {name}: ")?;
        }
        match &self.kind {
            ErrorKind::NoSuchVertex(i) => write!(f, "vertex {i} does not exist"),
            ErrorKind::NoSuchPlayer(p) => {
                write!(f, "owned by player {p}, but the game has fewer players")
            }
            ErrorKind::TerminalWithMoves => write!(f, "a terminal cannot have moves"),
            ErrorKind::NoMoves => write!(f, "has no moves but is not a terminal"),
            ErrorKind::MissingProbability => write!(f, "a move of chance needs a probability"),
            ErrorKind::ProbabilityAtPlayer => write!(f, "only moves of chance have probabilities"),
            ErrorKind::BadProbability(p) => write!(f, "probability {p} is not in (0, 1]"),
            ErrorKind::ProbabilitySum(s) => write!(f, "probabilities sum to {s}, not 1"),
            ErrorKind::DuplicateName(first) => write!(f, "the same name as vertex {first}"),
            ErrorKind::TooManyEdges(m) => {
                write!(f, "{m} edges is more than the limit {}", Edge::LIMIT - 1)
            }
        }
    }
}

impl std::error::Error for BuildError {}

/// The JSON form of an arena: a list of vertices with their owners and moves.
#[derive(Serialize, Deserialize)]
struct ArenaData {
    players: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    start: Option<Vertex>,
    vertices: Vec<VertexData>,
}

#[derive(Serialize, Deserialize)]
struct VertexData {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    owner: Owner,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    successors: Vec<Vertex>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    probabilities: Option<Vec<Rational>>,
}

impl From<Arena> for ArenaData {
    fn from(a: Arena) -> Self {
        let vertices = a
            .vertices()
            .map(|v| VertexData {
                name: a.given_name(v).map(str::to_string),
                owner: a.owner(v),
                successors: a.successors(v).to_vec(),
                probabilities: (a.owner(v) == Owner::Chance).then(|| {
                    a.out_edges(v)
                        .filter_map(|e| a.probability(e).cloned())
                        .collect()
                }),
            })
            .collect();
        ArenaData {
            players: a.players,
            start: a.start,
            vertices,
        }
    }
}

impl TryFrom<ArenaData> for Arena {
    type Error = BuildError;
    fn try_from(data: ArenaData) -> Result<Self, BuildError> {
        let mut b = Builder::new(data.players);
        for d in &data.vertices {
            let v = b.add_vertex(d.owner);
            if let Some(name) = &d.name {
                b.set_name(v, name.clone());
            }
        }
        for (i, d) in data.vertices.into_iter().enumerate() {
            let v = Vertex::new(i);
            match d.probabilities {
                Some(ps) if ps.len() == d.successors.len() => {
                    for (w, p) in d.successors.into_iter().zip(ps) {
                        b.add_chance_edge(v, w, p);
                    }
                }
                Some(_) => {
                    return Err(BuildError::vertex(
                        ErrorKind::MissingProbability,
                        v,
                        i.to_string(),
                    ));
                }
                None => d.successors.into_iter().for_each(|w| b.add_edge(v, w)),
            }
        }
        if let Some(s) = data.start {
            b.set_start(s);
        }
        b.build()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn induced_keeps_the_edges_inside_and_says_where_they_come_from() {
        let mut b = Builder::new(2);
        let v: Vec<Vertex> = (0..4)
            .map(|i| b.add_vertex(Owner::Player(Player(i % 2))))
            .collect();
        for (x, y) in [(0, 1), (0, 3), (1, 2), (2, 0), (2, 2), (3, 0)] {
            b.add_edge(v[x], v[y]);
        }
        let a = b.build().unwrap();
        // The part {2, 0, 1}, in that order.
        let part = [v[2], v[0], v[1]];
        let mut local = vec![u32::MAX; 4];
        for (i, w) in part.iter().enumerate() {
            local[w.index()] = i as u32;
        }
        let (sub, origin) = a.induced(&part, &local).unwrap();
        assert_eq!(sub.num_vertices(), 3);
        assert_eq!(sub.owner(Vertex(0)), a.owner(v[2]));
        assert_eq!(sub.successors(Vertex(0)), &[Vertex(1), Vertex(0)]);
        assert_eq!(sub.successors(Vertex(1)), &[Vertex(2)]);
        assert_eq!(sub.successors(Vertex(2)), &[Vertex(0)]);
        assert_eq!(sub.predecessors(Vertex(0)), &[Vertex(0), Vertex(2)]);
        for e in (0..sub.num_edges() as u32).map(Edge) {
            let o = origin[e.index()];
            assert_eq!(part[sub.source(e).index()], a.source(o));
            assert_eq!(part[sub.target(e).index()], a.target(o));
        }
        // Vertex 3 alone has no move inside {3}.
        let mut local = vec![u32::MAX; 4];
        local[3] = 0;
        let err = a.induced(&[v[3]], &local).unwrap_err();
        assert_eq!(err.at(), Some(v[3]));
    }

    use super::*;

    fn max() -> Owner {
        Owner::Player(Player::MAX)
    }

    #[test]
    fn csr_and_predecessors() {
        let mut b = Builder::new(2);
        let [x, y, t] = [
            b.add_vertex(max()),
            b.add_vertex(Owner::Player(Player::MIN)),
            b.add_vertex(Owner::Terminal),
        ];
        b.add_edge(y, t);
        b.add_edge(x, y);
        b.add_edge(y, x);
        b.add_edge(x, t);
        let a = b.build().unwrap();
        assert_eq!(a.successors(x), &[y, t]);
        assert_eq!(a.successors(y), &[t, x]);
        let mut preds = a.predecessors(t).to_vec();
        preds.sort();
        assert_eq!(preds, vec![x, y]);
        for e in (0..4).map(Edge) {
            assert!(a.in_edges(a.target(e)).contains(&e));
            assert!(a.out_edges(a.source(e)).any(|f| f == e));
        }
    }

    #[test]
    fn rejects_bad_games() {
        let mut b = Builder::new(2);
        let x = b.add_vertex(max());
        assert!(
            b.clone()
                .build()
                .unwrap_err()
                .to_string()
                .contains("no moves")
        );
        b.add_edge(x, Vertex(7));
        assert!(
            b.build()
                .unwrap_err()
                .to_string()
                .contains("does not exist")
        );

        let mut b = Builder::new(2);
        let c = b.add_vertex(Owner::Chance);
        b.set_name(c, "coin");
        b.add_chance_edge(c, c, Rational::new(1, 2));
        let err = b.clone().build().unwrap_err();
        assert_eq!(
            err.to_string(),
            "vertex 'coin': probabilities sum to 1/2, not 1"
        );
        b.add_chance_edge(c, c, Rational::new(1, 2));
        assert!(b.build().is_ok());

        let mut b = Builder::new(1);
        b.add_vertex(Owner::Player(Player(1)));
        assert!(b.build().unwrap_err().to_string().contains("player 1"));
    }

    #[test]
    fn names_stay_unique_when_a_given_name_is_a_number() {
        let mut b = Builder::new(2);
        let [x, y, z] = [(); 3].map(|_| b.add_vertex(Owner::Terminal));
        b.set_name(z, "1");
        let a = b.build().unwrap();
        assert_eq!([a.name(x), a.name(y), a.name(z)], ["#0", "#1", "1"]);
        assert_eq!(a.name_index().len(), 3);
        let mut b = Builder::new(2);
        let [x, y] = [(); 2].map(|_| b.add_vertex(Owner::Terminal));
        b.set_name(y, "1");
        let a = b.build().unwrap();
        assert_eq!(
            [a.name(x), a.name(y)],
            ["0", "1"],
            "a vertex may be named by its own index"
        );
    }

    #[test]
    fn json_round_trip() {
        let mut b = Builder::new(2);
        let [x, c, t] = [
            b.add_vertex(max()),
            b.add_vertex(Owner::Chance),
            b.add_vertex(Owner::Terminal),
        ];
        b.set_name(t, "end");
        b.add_edge(x, c);
        b.add_chance_edge(c, x, Rational::new(1, 3));
        b.add_chance_edge(c, t, Rational::new(2, 3));
        b.set_start(x);
        let a = b.build().unwrap();
        let json = serde_json::to_string(&a).unwrap();
        let back: Arena = serde_json::from_str(&json).unwrap();
        assert_eq!(back, a);
        assert_eq!(back.probability(Edge(2)), Some(&Rational::new(2, 3)));
        assert_eq!(back.name(t), "end");
        assert_eq!(back.name(x), "0");
    }
}
