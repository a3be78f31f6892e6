//! The JSON form of an arena: a list of vertices with their owners and moves, read back
//! through the [`Builder`](super::Builder) so that it is checked.

use super::builder::Builder;
use super::error::{BuildError, ErrorKind};
use super::{Arena, Owner};
use crate::{Rational, Vertex};
use serde::{Deserialize, Serialize};

/// The JSON form of an arena: a list of vertices with their owners and moves.
#[derive(Serialize, Deserialize)]
pub(super) struct ArenaData {
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
