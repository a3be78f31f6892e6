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
