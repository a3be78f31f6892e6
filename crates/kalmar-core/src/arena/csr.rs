//! Arenas assembled from successor lists in CSR form: the edges by target derived from them,
//! and the subarena [`Arena::induced`] by a set of vertices.

use super::error::{BuildError, ErrorKind};
use super::{Arena, Owner};
use crate::{Edge, Rational, Vertex};

/// Checks that the probabilities of every chance vertex's edges sum to one.
pub(super) fn check_distributions(
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
    pub(super) fn from_csr(
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
    /// Fails as [`Builder::build`](super::Builder::build) does when a vertex of a player or of chance has no move
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
