//! Strongly connected components of a graph split over workers, by colouring (Orzan, *On
//! distributed verification and verified distribution*, 2004; the forward–backward
//! colouring of Pregel-style systems): in a phase every remaining vertex takes a colour, a
//! bijective scramble of its number; colours spread forward along the arcs, each vertex
//! keeping the largest that reaches it, until nothing changes. A vertex that kept its own
//! colour is a root: the vertices that reach it backward through vertices of its colour are
//! exactly its component (they reach it, and it reaches them since its colour is theirs).
//! The phase removes those components; the next phase colours what is left.
//!
//! Each worker holds only its own vertices with their arcs in both directions; an arc's
//! usability (for deflation: a keeper's optimal moves) is decided by the owner of its tail,
//! and a message to a vertex that is no longer in play is dropped by its owner.
//!
//! # Complexity
//! O(m) work and O(diameter) rounds per colouring and per backward search. A phase removes at
//! least one component, and every component whose root's colour is the largest among its
//! ancestors': one or two phases where a large component dominates, as in random graphs, but
//! on a long path of single vertices only its running maxima, O(log n) expected, per phase.
//!
//! ```
//! use kalmar_dist::scc::{Arcs, components};
//! use kalmar_dist::rounds::Rounds;
//! // 0 -> 1 -> 0, 1 -> 2, 2 -> 2, split over two workers (even and odd vertices).
//! let found = timely::execute(timely::Config::process(2), |worker| {
//!     let me = worker.index();
//!     let all = [(0u32, 1u32), (1, 0), (1, 2), (2, 2)];
//!     let mine: Vec<u32> = (0..3).filter(|v| *v as usize % 2 == me).collect();
//!     let out = Arcs::new(mine.iter().map(|v| all.iter().filter(|a| a.0 == *v).map(|a| (a.1, 0)).collect()));
//!     let into = Arcs::new(mine.iter().map(|v| {
//!         all.iter().filter(|a| a.1 == *v)
//!             .map(|a| (a.0, all.iter().filter(|b| b.0 == a.0).position(|b| b == a).unwrap() as u32))
//!             .collect()
//!     }));
//!     let mut rounds = Rounds::new(worker, |m: &(u32, u32, u32)| u64::from(m.0));
//!     let alive = vec![true; mine.len()];
//!     let found = components(worker, &mut rounds, (&out, &into), &alive, |_, _| true);
//!     mine.into_iter().zip(found).collect::<Vec<_>>()
//! }).unwrap().join().into_iter().flat_map(|r| r.unwrap()).collect::<std::collections::BTreeMap<_, _>>();
//! assert_eq!(found[&0], found[&1]);
//! assert_ne!(found[&1], found[&2]);
//! ```

use crate::rounds::Rounds;
use timely::worker::Worker;

/// The component of a vertex not in play.
pub const NONE: u32 = u32::MAX;

/// Arcs of a worker's vertices in compressed rows: for each local vertex, its arcs as
/// `(other end, arc number)`: for out-arcs the head and 0, for in-arcs the tail and the
/// arc's position among the tail's out-arcs.
#[derive(Clone, Debug, Default)]
pub struct Arcs {
    offsets: Vec<u32>,
    ends: Vec<(u32, u32)>,
}

impl Arcs {
    /// The rows of `rows`, one per local vertex.
    pub fn new(rows: impl IntoIterator<Item = Vec<(u32, u32)>>) -> Arcs {
        let mut arcs = Arcs {
            offsets: vec![0],
            ends: Vec::new(),
        };
        for row in rows {
            arcs.ends.extend(row);
            arcs.offsets.push(arcs.ends.len() as u32);
        }
        arcs
    }

    /// The arcs of local vertex `local`.
    pub fn of(&self, local: usize) -> &[(u32, u32)] {
        &self.ends[self.range(local)]
    }

    /// The positions of the arcs of local vertex `local` among all arcs.
    pub fn range(&self, local: usize) -> std::ops::Range<usize> {
        self.offsets[local] as usize..self.offsets[local + 1] as usize
    }

    /// The number of arcs.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are no arcs.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }
}

/// A bijection of `u32` that scatters neighbouring numbers (multiplication by an odd number
/// and a xor-shift), so that colours are not ordered along the graph's own numbering.
fn scramble(v: u32) -> u32 {
    let x = v.wrapping_mul(0x9E37_79B1);
    x ^ (x >> 16)
}

/// The component of every local vertex of the subgraph of `alive` vertices and the arcs
/// `usable(local, arc)` says may be used, as the number of its root (the same on every
/// worker), or [`NONE`] for vertices not alive. Vertex `local` of worker `i` of `p` is
/// `local * p + i`; `arcs` are its out- and in-arcs. Every worker calls this together.
pub fn components(
    worker: &mut Worker,
    rounds: &mut Rounds<(u32, u32, u32)>,
    (out, into): (&Arcs, &Arcs),
    alive: &[bool],
    usable: impl Fn(usize, usize) -> bool,
) -> Vec<u32> {
    let (peers, me) = (worker.peers(), worker.index());
    let global = |local: usize| (local * peers + me) as u32;
    let local = |v: u32| v as usize / peers;
    let n = alive.len();
    let mut remaining = alive.to_vec();
    let mut component = vec![NONE; n];
    let mut color = vec![0u32; n];
    let mut changed = vec![false; n];
    while rounds.sum(worker, remaining.iter().filter(|r| **r).count() as u64) > 0 {
        let mut frontier: Vec<usize> = (0..n).filter(|&l| remaining[l]).collect();
        for &l in &frontier {
            color[l] = scramble(global(l));
        }
        // Forward: the largest colour that reaches each vertex. Each round ends with the
        // number of messages sent by all: none, and the spreading is over.
        loop {
            let sent = rounds.sent();
            for &l in &frontier {
                for (k, &(head, _)) in out.of(l).iter().enumerate() {
                    if usable(l, k) {
                        rounds.send((head, color[l], 0));
                    }
                }
            }
            let (arrived, total) = rounds.deliver_and_sum(worker, rounds.sent() - sent);
            if total == 0 {
                break;
            }
            frontier.clear();
            for (head, c, _) in arrived {
                let h = local(head);
                if remaining[h] && c > color[h] {
                    color[h] = c;
                    if !changed[h] {
                        changed[h] = true;
                        frontier.push(h);
                    }
                }
            }
            for &h in &frontier {
                changed[h] = false;
            }
        }
        // Backward from the roots, through vertices of the root's colour.
        let mut frontier: Vec<usize> = (0..n)
            .filter(|&l| remaining[l] && color[l] == scramble(global(l)))
            .collect();
        for &l in &frontier {
            component[l] = global(l);
        }
        loop {
            let sent = rounds.sent();
            for &l in &frontier {
                for &(tail, arc) in into.of(l) {
                    rounds.send((tail, arc, component[l]));
                }
            }
            let (arrived, total) = rounds.deliver_and_sum(worker, rounds.sent() - sent);
            if total == 0 {
                break;
            }
            frontier.clear();
            for (tail, arc, root) in arrived {
                let t = local(tail);
                let open = remaining[t] && component[t] == NONE;
                if open && color[t] == scramble(root) && usable(t, arc as usize) {
                    component[t] = root;
                    frontier.push(t);
                }
            }
        }
        for l in 0..n {
            if component[l] != NONE {
                remaining[l] = false;
            }
        }
    }
    component
}
