//! [`BuildError`]: why a game graph is not a valid arena, with the vertex at fault.

use crate::{Edge, Player, Rational, Vertex};
use std::fmt;

/// Why a [`Builder`](super::Builder) refused to build an arena.
#[derive(Clone, Debug, PartialEq)]
pub struct BuildError {
    kind: ErrorKind,
    vertex: Option<(Vertex, String)>,
}

#[derive(Clone, Debug, PartialEq)]
pub(super) enum ErrorKind {
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
    pub(super) fn new(kind: ErrorKind) -> Self {
        BuildError { kind, vertex: None }
    }

    pub(super) fn vertex(kind: ErrorKind, v: Vertex, name: String) -> Self {
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
