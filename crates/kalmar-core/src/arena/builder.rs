//! The [`Builder`] that checks a game graph and builds its [`Arena`], and
//! [`Arena::to_builder`], which goes back.

use super::csr::check_distributions;
use super::error::{BuildError, ErrorKind};
use super::{Arena, Owner};
use crate::{Edge, Rational, Vertex};

impl Arena {
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
    pub fn build(mut self) -> Result<Arena, BuildError> {
        let n = self.owner.len();
        if self.edges.len() >= Edge::LIMIT {
            return Err(BuildError::new(ErrorKind::TooManyEdges(self.edges.len())));
        }
        let name_of = |v: Vertex| self.name_of(v);
        self.check_vertices()?;
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
        for (from, to, p) in std::mem::take(&mut self.edges) {
            let e = next[from.index()] as usize;
            next[from.index()] += 1;
            target[e] = to;
            if let (Some(probs), Some(p)) = (probability.as_mut(), p) {
                probs[e] = p;
            }
        }
        check_distributions(&self.owner, &succ_offset, probability.as_deref(), |v| {
            self.name_of(v)
        })?;
        self.finish(succ_offset, target, probability)
    }

    /// Builds the arena of the vertices added (owners, names and start) with the moves given
    /// in CSR form: vertex v moves to `target[succ_offset[v]..succ_offset[v + 1]]`, edges
    /// numbered in that order. A reader that already holds every vertex's successors in one
    /// array builds the arena from it without a record per edge. Checks what
    /// [`build`](Self::build) checks; chance vertices need [`build`](Self::build), for their
    /// probabilities.
    ///
    /// ```
    /// use kalmar_core::{Builder, Owner, Player, Vertex};
    /// let mut b = Builder::new(2);
    /// b.add_vertex(Owner::Player(Player(0)));
    /// b.add_vertex(Owner::Terminal);
    /// let arena = b.build_csr(vec![0, 1, 1], vec![Vertex(1)]).unwrap();
    /// assert_eq!(arena.successors(Vertex(0)), [Vertex(1)]);
    /// ```
    ///
    /// # Panics
    /// If edges were added with [`add_edge`](Self::add_edge), or `succ_offset` does not
    /// delimit `target` for every vertex (n + 1 non-decreasing offsets from 0 to its length).
    pub fn build_csr(
        self,
        succ_offset: Vec<u32>,
        target: Vec<Vertex>,
    ) -> Result<Arena, BuildError> {
        let n = self.owner.len();
        assert!(self.edges.is_empty(), "edges added besides the CSR ones");
        assert!(
            succ_offset.len() == n + 1
                && succ_offset[0] == 0
                && succ_offset[n] as usize == target.len()
                && succ_offset.is_sorted(),
            "the offsets do not delimit the targets"
        );
        if target.len() >= Edge::LIMIT {
            return Err(BuildError::new(ErrorKind::TooManyEdges(target.len())));
        }
        self.check_vertices()?;
        if let Some(w) = target.iter().find(|w| w.index() >= n) {
            return Err(BuildError::new(ErrorKind::NoSuchVertex(w.index())));
        }
        for (v, owner) in self.owner.iter().enumerate() {
            let moves = succ_offset[v + 1] > succ_offset[v];
            let kind = match owner {
                Owner::Terminal if moves => ErrorKind::TerminalWithMoves,
                Owner::Chance if moves => ErrorKind::MissingProbability,
                Owner::Player(_) | Owner::Chance if !moves => ErrorKind::NoMoves,
                _ => continue,
            };
            let v = Vertex::new(v);
            return Err(BuildError::vertex(kind, v, self.name_of(v)));
        }
        self.finish(succ_offset, target, None)
    }

    /// How errors name vertex `v`: its name in quotes, or its index.
    fn name_of(&self, v: Vertex) -> String {
        match self.names.get(v.index()).and_then(|x| x.as_deref()) {
            Some(name) => format!("'{name}'"),
            None => v.index().to_string(),
        }
    }

    /// The checks of the vertices alone: the start and the names among them, owners among
    /// the players.
    fn check_vertices(&self) -> Result<(), BuildError> {
        let n = self.owner.len();
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
                    self.name_of(Vertex::new(i)),
                ));
            }
        }
        Ok(())
    }

    /// The arena of these moves, once they are checked: the names are checked for repeats and
    /// the prefix of unnamed vertices chosen.
    fn finish(
        self,
        succ_offset: Vec<u32>,
        target: Vec<Vertex>,
        probability: Option<Vec<Rational>>,
    ) -> Result<Arena, BuildError> {
        let n = self.owner.len();
        // As large as the names given: most files name no vertex, and a table for every vertex
        // is 25 bytes each.
        let named = self.names.iter().flatten().count();
        let mut seen = foldhash::HashMap::with_capacity_and_hasher(named, Default::default());
        for (i, name) in self.names.iter().enumerate() {
            if let Some(name) = name
                && let Some(first) = seen.insert(name.as_str(), i)
            {
                let v = Vertex::new(i);
                return Err(BuildError::vertex(
                    ErrorKind::DuplicateName(Vertex::new(first)),
                    v,
                    self.name_of(v),
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
