//! Generalized retrograde analysis over ordered classes of terminals (Proposition 1 of Andersson,
//! Hansen, Miltersen and Sørensen, *Deterministic Graphical Games Revisited*).
//!
//! Retrograde analysis labels positions with values and colours arcs green (the optimal
//! strategies) or red. Generalized to arbitrary payoffs, it repeatedly takes a candidate arc
//! `(u, v)` with `u` unlabelled and `v` labelled non-zero, choosing one whose label has the largest
//! absolute value: if the owner of `u` prefers that label to 0, or the arc is the last uncoloured
//! one leaving `u`, the arc turns green and `u` takes the label; otherwise it turns red. Positions
//! left unlabelled get value 0 and keep an uncoloured arc (to another such position).
//!
//! The engine here needs no payoff comparison at all: the terminals come partitioned into
//! classes whose order is already known (the classes of a coarsened game, Lemma 1, or single
//! payoffs after sorting). Positive classes are processed from the largest down and negative ones
//! from the smallest up; how the two sides interleave does not matter, because a strictly
//! increasing map of the payoffs that fixes 0 changes no optimal strategy, and such a map can
//! realise any interleaving. They alternate here, from both ends inwards. Processing a class is
//! a breadth-first sweep over incoming arcs with a counter of uncoloured arcs per position.
//!
//! A weak solver needs one position's class: [`Retrograde::run_until`] stops after the class that
//! labels it. The classes swept are then right, and every position left unlabelled
//! ([`UNSWEPT`]) has a value strictly between the classes swept from either end; it keeps an arc
//! to another such position (it has one, or it would have been labelled), which secures for
//! either player what the unswept classes are worth against the swept ones.
//!
//! # Complexity
//! O(n + m + k) time for a subgame with n positions, m arcs and k classes, and no comparisons.
//!
//! # Example
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_terminal::dgg::{self, retrograde::{Retrograde, Subgame}};
//! use std::cmp::Ordering::{Greater, Less};
//! // Max at a takes 3 or passes to Min at b, who takes 5 or -2 or returns to a.
//! let text = "kalmar-gg 1\na max -> t b\nb min -> u v a\n\
//!             t terminal payoff=3\nu terminal payoff=5\nv terminal payoff=-2\n";
//! let game = dgg::from_graph(&read_gg(text).unwrap()).unwrap();
//! // The classes in increasing order of payoff: {v} (-2), {t} (3), {u} (5).
//! let mut class_of = vec![0; 5];
//! class_of[2] = 1; // t
//! class_of[3] = 2; // u
//! let mut gra = Retrograde::new();
//! gra.run(&game, &Subgame::full(game.arena()), &class_of, &[Less, Greater, Greater]);
//! assert_eq!(gra.label[0], 1); // a gets t's class: 3
//! assert_eq!(gra.label[1], 0); // b gets v's class: -2
//! ```

use crate::{Payoff, TerminalGame};
pub use kalmar_core::Subgame;
use kalmar_core::{Arena, Edge, LOOK_AHEAD, Owner, Player, Strategy, Vertex};
use std::cmp::Ordering;

/// The label of a position that is not labelled (yet).
pub const UNLABELLED: u32 = u32::MAX;
/// The label of a position whose value is zero because no class reached it.
pub const ZERO: u32 = u32::MAX - 1;
/// The label of a position that a stopped run ([`Retrograde::run_until`]) left unlabelled.
pub const UNSWEPT: u32 = u32::MAX - 2;

/// The word of a position in play during a sweep, as narrow as the largest out-degree allows
/// (a byte up to 127 moves), so that the array the sweep reads at random, once per arc, is no
/// larger than it must be: the top bit marks a position of Min, the bits below count its
/// uncoloured arcs, and 0 marks a position out of play (labelled, or outside the subgame).
trait Word: Copy + Eq + Default {
    /// The bit of a position of Min.
    const MIN_OWNED: Self;
    /// The word holding `value` (which fits).
    fn from_u32(value: u32) -> Self;
    /// The word's bits.
    fn to_u32(self) -> u32;
}

impl Word for u8 {
    const MIN_OWNED: u8 = 1 << 7;
    #[inline]
    fn from_u32(value: u32) -> Self {
        value as u8
    }
    #[inline]
    fn to_u32(self) -> u32 {
        self.into()
    }
}

impl Word for u32 {
    const MIN_OWNED: u32 = 1 << 31;
    #[inline]
    fn from_u32(value: u32) -> Self {
        value
    }
    #[inline]
    fn to_u32(self) -> u32 {
        self
    }
}
/// The arc of a terminal in the queue.
const NO_ARC: u32 = u32::MAX;

/// The result of generalized retrograde analysis, with scratch memory kept for the next run.
#[derive(Clone, Debug, Default)]
pub struct Retrograde {
    /// Per position: its class (an index into the class order), [`ZERO`] or [`UNSWEPT`]. Only
    /// positions of the last subgame analysed are meaningful.
    pub label: Vec<u32>,
    /// Per position: the green arc.
    pub green: Vec<Option<Edge>>,
    /// Per position, its [`Word`] when no position in play has more than 127 arcs.
    narrow: Vec<u8>,
    /// Per position, its [`Word`] otherwise.
    wide: Vec<u32>,
    queue: Vec<Vertex>,
    /// Per entry of `queue`, where the arc that labelled it lies among the arcs into every
    /// position ([`Arena::in_positions`]; [`NO_ARC`] for a terminal).
    arcs: Vec<u32>,
    bucket_start: Vec<u32>,
    bucket: Vec<Vertex>,
    /// Per class: whether the last run swept it.
    swept: Vec<bool>,
}

impl Retrograde {
    /// Empty scratch memory.
    pub fn new() -> Self {
        Self::default()
    }

    /// Analyses `sub`. Terminal `t` belongs to class `class_of[t]`; the classes are numbered in
    /// increasing order of payoff and `sign[c]` is the sign of class `c`.
    pub fn run<P: Payoff>(
        &mut self,
        game: &TerminalGame<P>,
        sub: &Subgame,
        class_of: &[u32],
        sign: &[Ordering],
    ) {
        self.run_stopping(game, sub, class_of, sign, None);
    }

    /// [`Retrograde::run`] until the class that labels `target`, a position of `sub`, is swept
    /// (a position of value 0 is labelled only by a full run).
    pub fn run_until<P: Payoff>(
        &mut self,
        game: &TerminalGame<P>,
        sub: &Subgame,
        class_of: &[u32],
        sign: &[Ordering],
        target: Vertex,
    ) {
        self.run_stopping(game, sub, class_of, sign, Some(target));
    }

    fn run_stopping<P: Payoff>(
        &mut self,
        game: &TerminalGame<P>,
        sub: &Subgame,
        class_of: &[u32],
        sign: &[Ordering],
        target: Option<Vertex>,
    ) {
        let arena = game.arena();
        let widest = sub.vertices().iter().map(|&v| arena.out_degree(v)).max();
        if widest.unwrap_or(0) < u8::MIN_OWNED as usize {
            let mut narrow = std::mem::take(&mut self.narrow);
            self.run_with(arena, sub, class_of, sign, target, &mut narrow);
            self.narrow = narrow;
        } else {
            let mut wide = std::mem::take(&mut self.wide);
            self.run_with(arena, sub, class_of, sign, target, &mut wide);
            self.wide = wide;
        }
    }

    /// [`Retrograde::run_stopping`] with the words of the positions in `remaining`.
    fn run_with<W: Word>(
        &mut self,
        arena: &Arena,
        sub: &Subgame,
        class_of: &[u32],
        sign: &[Ordering],
        target: Option<Vertex>,
        remaining: &mut Vec<W>,
    ) {
        let n = arena.num_vertices();
        self.label.resize(n, UNLABELLED);
        self.green.resize(n, None);
        // Every word is 0 between runs (the end of a run clears the words it left).
        remaining.resize(n, W::default());
        // Every position in play: its arcs are all its moves.
        let whole = sub.vertices().len() == n;
        let k = sign.len();
        self.bucket_start.clear();
        self.bucket_start.resize(k + 1, 0);
        for &v in sub.vertices() {
            self.label[v.index()] = UNLABELLED;
            self.green[v.index()] = None;
            if arena.is_terminal(v) {
                let c = class_of[v.index()];
                self.label[v.index()] = c;
                self.bucket_start[c as usize + 1] += 1;
            } else {
                let arcs = if whole {
                    arena.out_degree(v) as u32
                } else {
                    arena
                        .successors(v)
                        .iter()
                        .filter(|w| sub.contains(**w))
                        .count() as u32
                };
                let min = match arena.owner(v) {
                    Owner::Player(Player::MAX) => 0,
                    _ => W::MIN_OWNED.to_u32(),
                };
                // A position without arcs in play is never reached by the sweep.
                remaining[v.index()] = W::from_u32(if arcs == 0 { 0 } else { min | arcs });
            }
        }
        for c in 0..k {
            self.bucket_start[c + 1] += self.bucket_start[c];
        }
        self.bucket.clear();
        self.bucket.resize(self.bucket_start[k] as usize, Vertex(0));
        let mut fill = self.bucket_start.clone();
        for &v in sub.vertices() {
            if arena.is_terminal(v) {
                let c = class_of[v.index()] as usize;
                self.bucket[fill[c] as usize] = v;
                fill[c] += 1;
            }
        }
        let mut positive = (0..k).rev().take_while(|&c| sign[c] == Ordering::Greater);
        let mut negative = (0..k).take_while(|&c| sign[c] == Ordering::Less);
        let mut alternate = std::iter::from_fn(|| {
            let next = [positive.next(), negative.next()];
            (next != [None, None]).then_some(next.into_iter().flatten())
        })
        .flatten();
        self.swept.clear();
        self.swept.resize(k, false);
        let reached = |label: &[u32]| target.is_some_and(|t| label[t.index()] != UNLABELLED);
        let mut stopped = reached(&self.label);
        while !stopped {
            let Some(c) = alternate.next() else { break };
            self.sweep(arena, remaining, c as u32, sign[c]);
            self.swept[c] = true;
            stopped = reached(&self.label);
        }
        for &v in sub.vertices() {
            remaining[v.index()] = W::default();
        }
        self.settle(arena, sub, if stopped { UNSWEPT } else { ZERO });
    }

    /// Propagates class `c` backwards from its terminals. The sources of the arcs into a
    /// position are read from the predecessor array; the id of the arc that labels a position
    /// is looked up after the sweep, from where it lies.
    fn sweep<W: Word>(&mut self, arena: &Arena, remaining: &mut [W], c: u32, sign: Ordering) {
        let range =
            self.bucket_start[c as usize] as usize..self.bucket_start[c as usize + 1] as usize;
        self.queue.clear();
        self.queue.extend_from_slice(&self.bucket[range]);
        self.arcs.clear();
        self.arcs.resize(self.queue.len(), NO_ARC);
        let min_owned = W::MIN_OWNED.to_u32();
        // The owner's bit of a position that prefers this class to 0.
        let prefers = if sign == Ordering::Less { min_owned } else { 0 };
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            if let Some(&ahead) = self.queue.get(head + LOOK_AHEAD) {
                arena.prefetch_in_positions(ahead);
            }
            let first = arena.in_positions(v).start as u32;
            for (&u, position) in arena.predecessors(v).iter().zip(first..) {
                let word = remaining[u.index()].to_u32();
                if word == 0 {
                    continue;
                }
                if word & min_owned == prefers || word & !min_owned == 1 {
                    remaining[u.index()] = W::default();
                    self.label[u.index()] = c;
                    self.queue.push(u);
                    self.arcs.push(position);
                } else {
                    remaining[u.index()] = W::from_u32(word - 1);
                }
            }
        }
        for (&v, &position) in self.queue.iter().zip(&self.arcs) {
            if position != NO_ARC {
                self.green[v.index()] = Some(arena.in_edge_at(position as usize));
            }
        }
    }

    /// Labels the positions no class reached with `unlabelled` ([`ZERO`] after a full run), each
    /// keeping an arc to another such position or to a terminal of a class not swept.
    fn settle(&mut self, arena: &Arena, sub: &Subgame, unlabelled: u32) {
        for &v in sub.vertices() {
            if self.label[v.index()] == UNLABELLED {
                self.label[v.index()] = unlabelled;
            }
        }
        for &v in sub.vertices() {
            if self.label[v.index()] != unlabelled {
                continue;
            }
            self.green[v.index()] = arena.out_edges(v).find(|&e| {
                let w = arena.target(e);
                let l = self.label[w.index()];
                sub.contains(w) && (l == unlabelled || self.swept.get(l as usize) == Some(&false))
            });
        }
    }

    /// The green arcs as a strategy for the positions of `sub` (others choose their first arc),
    /// taken out of the scratch memory rather than copied.
    pub fn take_strategy(&mut self, arena: &Arena) -> Strategy {
        let mut choice = std::mem::take(&mut self.green);
        choice.resize(arena.num_vertices(), None);
        for (v, arc) in arena.vertices().zip(&mut choice) {
            if arc.is_none() && matches!(arena.owner(v), Owner::Player(_)) {
                *arc = arena.out_edges(v).next();
            }
        }
        Strategy::from_choices(choice)
    }
}
