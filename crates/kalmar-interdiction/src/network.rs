//! The network of an interdiction instance: a directed graph with non-negative integer edge
//! weights (the 9th DIMACS challenge's road networks have integer weights), a source s and a
//! sink t, stored as arrays of out-edges and in-edges (compressed rows, `u32` ids). Each
//! in-edge is kept with its tail and its weight, so a search backwards from the sink reads one
//! array in order instead of looking each up by the edge's id.
//!
//! ```
//! use kalmar_interdiction::network::Network;
//! // 0 -> 1 -> 2 and 0 -> 2.
//! let network = Network::new(3, &[(0, 1, 4), (1, 2, 1), (0, 2, 9)], 0, 2).unwrap();
//! assert_eq!(network.out_edges(0).len(), 2);
//! assert_eq!(network.weight(network.out_edges(0).start), 4);
//! ```
//!
//! # Complexity
//! O(n + m) to build.

use std::ops::Range;

/// The largest weight of an edge: 2^40, so that a sum of weights along any path of at most
/// 2^23 edges fits in 63 bits.
pub const MAX_WEIGHT: u64 = 1 << 40;
/// The most vertices and edges: ids are `u32`.
pub const MAX_SIZE: usize = u32::MAX as usize;

/// About how many bytes a network and its solution take per vertex and per edge (arrays of
/// ids, weights, values, the solvers' queues), for the estimate made before allocating: the
/// whole `kalmar interdict solve` of a road-like network of 1.25 million vertices and 10
/// million edges peaks at 744 MiB, 69 bytes an item.
pub const BYTES_PER_ITEM: u64 = 72;

/// The most memory a network may be estimated to need: 16 GiB. The 9th DIMACS challenge's
/// whole United States (24 million vertices, 58 million arcs) needs about 6 GiB.
pub const MAX_BYTES: u64 = 16 << 30;

/// A directed graph with weights, a source and a sink.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    first_out: Vec<u32>,
    head: Vec<u32>,
    tail: Vec<u32>,
    weight: Vec<u64>,
    first_in: Vec<u32>,
    in_arc: Vec<InArc>,
    source: u32,
    sink: u32,
}

/// An edge as seen from its head: its id, its tail and its weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InArc {
    edge: u32,
    tail: u32,
    weight: u64,
}

impl InArc {
    /// The edge's id.
    pub fn edge(self) -> usize {
        self.edge as usize
    }

    /// The vertex the edge leaves.
    pub fn tail(self) -> usize {
        self.tail as usize
    }

    /// The edge's weight.
    pub fn weight(self) -> u64 {
        self.weight
    }
}

/// Why a network cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetworkError {
    /// An edge names a vertex that is not there.
    #[error("edge {edge} goes from {from} to {to}, but the vertices are 0..{n}")]
    Vertex {
        /// The edge, from 0.
        edge: usize,
        /// Its tail.
        from: usize,
        /// Its head.
        to: usize,
        /// The number of vertices.
        n: usize,
    },
    /// The source or the sink is not a vertex.
    #[error("the {0} is vertex {1}, but the vertices are 0..{2}")]
    Terminal(&'static str, usize, usize),
    /// A weight above [`MAX_WEIGHT`].
    #[error("edge {0} weighs {1}, more than the largest weight, 2^40")]
    Weight(usize, u64),
    /// Too many vertices or edges.
    #[error("{0} vertices and {1} edges: at most 2^32 - 1 of each")]
    TooLarge(usize, usize),
    /// More memory than allowed, estimated before anything is allocated.
    #[error(
        "{0} vertices and {1} edges would need about {2} GiB, more than the 16 GiB allowed: is the problem line's vertex count right?"
    )]
    Memory(usize, usize, u64),
}

impl Network {
    /// The network of `n` vertices and the edges (from, to, weight), with source `s` and
    /// sink `t`. Edges keep their order among those of the same tail.
    pub fn new(
        n: usize,
        edges: &[(usize, usize, u64)],
        s: usize,
        t: usize,
    ) -> Result<Network, NetworkError> {
        if n >= MAX_SIZE || edges.len() >= MAX_SIZE {
            return Err(NetworkError::TooLarge(n, edges.len()));
        }
        let bytes = (n as u64 + edges.len() as u64) * BYTES_PER_ITEM;
        if bytes > MAX_BYTES {
            return Err(NetworkError::Memory(n, edges.len(), bytes >> 30));
        }
        for (name, v) in [("source", s), ("sink", t)] {
            if v >= n {
                return Err(NetworkError::Terminal(name, v, n));
            }
        }
        let mut first_out = vec![0u32; n + 1];
        for (k, &(from, to, w)) in edges.iter().enumerate() {
            if from >= n || to >= n {
                return Err(NetworkError::Vertex {
                    edge: k,
                    from,
                    to,
                    n,
                });
            }
            if w > MAX_WEIGHT {
                return Err(NetworkError::Weight(k, w));
            }
            first_out[from + 1] += 1;
        }
        for v in 0..n {
            first_out[v + 1] += first_out[v];
        }
        let m = edges.len();
        let mut head = vec![0u32; m];
        let mut tail = vec![0u32; m];
        let mut weight = vec![0u64; m];
        let mut next = first_out.clone();
        for &(from, to, w) in edges {
            let e = next[from] as usize;
            next[from] += 1;
            head[e] = to as u32;
            tail[e] = from as u32;
            weight[e] = w;
        }
        let mut first_in = vec![0u32; n + 1];
        for &h in &head {
            first_in[h as usize + 1] += 1;
        }
        for v in 0..n {
            first_in[v + 1] += first_in[v];
        }
        let blank = InArc {
            edge: 0,
            tail: 0,
            weight: 0,
        };
        let mut in_arc = vec![blank; m];
        let mut next = first_in.clone();
        for (e, ((&h, &tail), &weight)) in head.iter().zip(&tail).zip(&weight).enumerate() {
            in_arc[next[h as usize] as usize] = InArc {
                edge: e as u32,
                tail,
                weight,
            };
            next[h as usize] += 1;
        }
        Ok(Network {
            first_out,
            head,
            tail,
            weight,
            first_in,
            in_arc,
            source: s as u32,
            sink: t as u32,
        })
    }

    /// The number of vertices.
    pub fn num_vertices(&self) -> usize {
        self.first_out.len() - 1
    }

    /// The number of edges.
    pub fn num_edges(&self) -> usize {
        self.head.len()
    }

    /// The source s.
    pub fn source(&self) -> usize {
        self.source as usize
    }

    /// The sink t.
    pub fn sink(&self) -> usize {
        self.sink as usize
    }

    /// The ids of the edges leaving `v`, consecutive.
    pub fn out_edges(&self, v: usize) -> Range<usize> {
        self.first_out[v] as usize..self.first_out[v + 1] as usize
    }

    /// The number of edges leaving `v`.
    pub fn out_degree(&self, v: usize) -> usize {
        self.out_edges(v).len()
    }

    /// The edges entering `v`, each with its tail.
    pub fn in_edges(&self, v: usize) -> &[InArc] {
        &self.in_arc[self.in_positions(v)]
    }

    /// Where the edges entering `v` lie among all in-edges, which are numbered 0..m by head:
    /// an array indexed by these positions is read in order by a search backwards.
    pub fn in_positions(&self, v: usize) -> Range<usize> {
        self.first_in[v] as usize..self.first_in[v + 1] as usize
    }

    /// The in-edge at `position` (see [`Network::in_positions`]).
    pub fn in_arc(&self, position: usize) -> InArc {
        self.in_arc[position]
    }

    /// The vertex edge `e` enters.
    pub fn head(&self, e: usize) -> usize {
        self.head[e] as usize
    }

    /// The vertex edge `e` leaves.
    pub fn tail(&self, e: usize) -> usize {
        self.tail[e] as usize
    }

    /// The weight of edge `e`.
    pub fn weight(&self, e: usize) -> u64 {
        self.weight[e]
    }

    /// The heaviest weight (0 without edges), in one pass over the weights in order.
    pub fn heaviest(&self) -> u64 {
        self.weight.iter().copied().max().unwrap_or(0)
    }

    /// Every edge as (from, to, weight), in id order.
    pub fn edges(&self) -> impl Iterator<Item = (usize, usize, u64)> + '_ {
        (0..self.num_edges()).map(|e| (self.tail(e), self.head(e), self.weight(e)))
    }
}
