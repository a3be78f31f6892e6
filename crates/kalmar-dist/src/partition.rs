//! A chess-like game split over workers by vertex: worker `w` of `p` owns the vertices
//! `v` with `v mod p = w` and keeps, for each, its owner, its payoff if terminal, its number
//! of moves and the tails of the arcs into it: what retrograde analysis reads of a vertex,
//! and nothing of the others'. Every arc is kept once, by the owner of its head.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_dist::partition::Part;
//! let text = "kalmar-gg 1\na max -> w b\nb min -> l a\nw terminal payoff=1\nl terminal payoff=-1\n";
//! let game = kalmar_terminal::reach::from_graph(&read_gg(text).unwrap()).unwrap();
//! let parts: Vec<Part> = (0..2).map(|w| Part::of(&game, w, 2)).collect();
//! assert_eq!(parts.iter().map(Part::arcs).sum::<usize>(), 4);
//! assert_eq!(parts[0].len() + parts[1].len(), 4);
//! ```

use kalmar_core::{Owner, Player, Vertex};
use kalmar_terminal::reach::{ChessLike, Outcome};

/// Who moves at a vertex of a part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    /// Max (White) chooses.
    Max,
    /// Min (Black) chooses.
    Min,
    /// Play has ended, with this payoff.
    Terminal(Outcome),
}

/// One worker's share of a game.
#[derive(Clone, Debug)]
pub struct Part {
    worker: usize,
    peers: usize,
    mover: Vec<Mover>,
    moves: Vec<u32>,
    offsets: Vec<u32>,
    tails: Vec<u32>,
}

impl Part {
    /// Worker `worker`'s share of `game` among `peers` workers.
    pub fn of(game: &ChessLike, worker: usize, peers: usize) -> Part {
        let arena = game.arena();
        let owned = (worker..arena.num_vertices())
            .step_by(peers)
            .map(Vertex::new);
        let (mut mover, mut moves, mut offsets, mut tails) = (vec![], vec![], vec![0], vec![]);
        for v in owned {
            mover.push(match arena.owner(v) {
                Owner::Player(p) if p == Player::MAX => Mover::Max,
                Owner::Player(_) => Mover::Min,
                _ => Mover::Terminal(*game.payoff(v)),
            });
            moves.push(arena.out_degree(v) as u32);
            tails.extend(arena.predecessors(v).iter().map(|u| u.0));
            offsets.push(tails.len() as u32);
        }
        Part {
            worker,
            peers,
            mover,
            moves,
            offsets,
            tails,
        }
    }

    /// The vertices owned.
    pub fn len(&self) -> usize {
        self.mover.len()
    }

    /// Whether no vertex is owned.
    pub fn is_empty(&self) -> bool {
        self.mover.is_empty()
    }

    /// The arcs kept (those into owned vertices).
    pub fn arcs(&self) -> usize {
        self.tails.len()
    }

    /// The worker that owns `v`.
    pub fn owner_of(&self, v: u32) -> usize {
        v as usize % self.peers
    }

    /// The local number of an owned vertex.
    pub fn local(&self, v: u32) -> usize {
        v as usize / self.peers
    }

    /// The vertex of a local number.
    pub fn global(&self, local: usize) -> u32 {
        (local * self.peers + self.worker) as u32
    }

    /// Who moves at an owned vertex.
    pub fn mover(&self, local: usize) -> Mover {
        self.mover[local]
    }

    /// The number of moves of an owned vertex.
    pub fn moves(&self, local: usize) -> u32 {
        self.moves[local]
    }

    /// The tails of the arcs into an owned vertex.
    pub fn predecessors(&self, local: usize) -> &[u32] {
        &self.tails[self.offsets[local] as usize..self.offsets[local + 1] as usize]
    }
}
