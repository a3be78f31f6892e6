//! Retrograde analysis: a strong solution of a chess-like game, with the depth to mate of every
//! won or lost position, in linear time.
//!
//! Zermelo (1913) showed that in chess either White can force a win, or Black can, or both can
//! force a draw; König repaired his proof and Kalmár gave the first rigorous notion of strategy,
//! showing that each player has one positional strategy optimal from all positions. Retrograde
//! analysis, the folklore method that solves chess endgames, computes those values and strategies
//! from the terminals backwards (§1.2 of Andersson, Hansen, Miltersen and Sørensen,
//! *Deterministic Graphical Games Revisited*). It labels positions with values and colours arcs
//! green (optimal) or red: a position whose owner can move to a position won for him is won, by
//! the green arc to it; a position all of whose arcs lead to positions won by the opponent is
//! lost, and its green arc is the last of them processed. Positions never labelled are draws, and
//! their owners move to another draw (an uncoloured arc). This is not the same as moving to any
//! successor of equal value: in Figure 2(b) of the paper both positions are won for Max, and Max
//! choosing the arc back to Min's position would loop forever, a draw; the strategy of a won
//! position is always its green arc.
//!
//! Positions are processed first in, first out, from a queue seeded with every won and lost
//! terminal at once, and a position labelled while processing `v` gets distance `d(v) + 1`; the
//! distances are then the depths to mate of endgame tables (the winner wins as fast as possible,
//! the loser delays as long as possible). Proof: as in breadth-first search the queue holds
//! positions in non-decreasing order of distance, so a winner's position is labelled from its
//! same-valued successor of least distance (the first dequeued) and a loser's position from its
//! successor of greatest distance (the last dequeued). Hence `d(v) = 1 + min` (winner) or
//! `1 + max` (loser) over those successors, equations whose only solution in the natural numbers
//! (by induction on `d`) is the least number of moves in which the winner forces the end against
//! the longest resistance.
//!
//! # Complexity
//! O(n + m) time for n positions and m arcs: each position enters the queue at most once and each
//! arc is looked at once backwards (and once more forwards to give draws their arc). The memory
//! is the output plus one word per position, as narrow as the largest out-degree allows (a
//! byte up to 63 moves: its counter of arcs and two flags, then its outcome), and the queue of
//! labelled positions with their arcs, from which the distances (by layer) and the strategy
//! are unpacked after the sweep; [`Scratch`] keeps them for reuse, and the hot loop does not
//! allocate.
//!
//! # Example
//! ```
//! use kalmar_core::{Builder, Certificate, Owner, Player};
//! use kalmar_terminal::reach::{self, Outcome};
//! use kalmar_terminal::TerminalGame;
//! // Figure 2(b): Min at a may go to b or to a win for Max; Max at b may go back to a or win.
//! let mut b = Builder::new(2);
//! let a = b.add_vertex(Owner::Player(Player::MIN));
//! let m = b.add_vertex(Owner::Player(Player::MAX));
//! let [t1, t2] = [(); 2].map(|_| b.add_vertex(Owner::Terminal));
//! b.add_edge(a, m);
//! b.add_edge(a, t1);
//! b.add_edge(m, a);
//! b.add_edge(m, t2);
//! let payoff = vec![Outcome::Draw, Outcome::Draw, Outcome::Win, Outcome::Win];
//! let game = TerminalGame::new(b.build().unwrap(), payoff).unwrap();
//! let solution = reach::solve(&game);
//! assert!(solution.values.iter().all(|&x| x == Outcome::Win));
//! assert_eq!(solution.strategy.successor(game.arena(), m), Some(t2)); // not back to a
//! assert_eq!(solution.distance[a.index()], 2); // Min delays: a, b, win
//! assert!(solution.verify(&game).is_ok());
//! ```

use super::{ChessLike, Outcome, ReachSolution};
use kalmar_core::{Edge, LOOK_AHEAD, Owner, Player, Strategy, Vertex};

/// The state of a position during the sweep, in an unsigned word as narrow as the largest
/// out-degree allows (one byte for chess-like games of up to 63 moves a position), so that the
/// array the hot loop reads at random is no larger than it must be: a plain breadth-first
/// search reads a flag per position there, and this sweep reads its word.
///
/// The top bit marks a labelled position (terminals count as labelled), the next one a
/// position Min owns, and the bits below count the arcs not yet known to lead to a position
/// won by the opponent. A labelled word keeps only the outcome, in its two lowest bits
/// ([`MAX_WINS`] or [`MIN_WINS`]; neither for a drawn terminal): distances follow from the
/// queue's layers and the arcs from the queue itself, so labelling writes the word just read
/// and appends to the queue, and nothing else.
trait Slot: Copy + Eq {
    /// The bits of the word.
    const BITS: u32;
    /// The word holding `value` (which fits).
    fn from_u64(value: u64) -> Self;
    /// The word's value.
    fn to_u64(self) -> u64;
}

macro_rules! slot {
    ($($word:ty),*) => {$(
        impl Slot for $word {
            const BITS: u32 = <$word>::BITS;
            #[inline]
            fn from_u64(value: u64) -> Self {
                value as $word
            }
            #[inline]
            fn to_u64(self) -> u64 {
                self.into()
            }
        }
    )*};
}
slot!(u8, u16, u64);

/// The labelled bit of a word of `bits` bits.
const fn labelled(bits: u32) -> u64 {
    1 << (bits - 1)
}

/// The Min-owned bit of a word of `bits` bits.
const fn min_owned(bits: u32) -> u64 {
    1 << (bits - 2)
}

/// Outcome bits of a labelled word: Max wins.
const MAX_WINS: u64 = 1;
/// Outcome bits of a labelled word: Min wins.
const MIN_WINS: u64 = 2;

/// The outcome bits of `value`.
fn outcome_bits(value: Outcome) -> u64 {
    match value {
        Outcome::Win => MAX_WINS,
        Outcome::Loss => MIN_WINS,
        Outcome::Draw => 0,
    }
}

/// A position labelled, with where its green arc lies among the arcs into every position
/// ([`kalmar_core::Arena::in_positions`]; `NO_ARC` for a terminal).
type Labelled = (Vertex, u32);

/// The arc of a labelled terminal.
const NO_ARC: u32 = u32::MAX;

/// Scratch memory of retrograde analysis, kept between runs so that repeated solving does not
/// allocate it again.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    /// Per position, its word when no position has more than 63 arcs.
    narrow: Vec<u8>,
    /// Per position, its word when none has more than 16,383.
    middle: Vec<u16>,
    /// Per position, its word otherwise.
    wide: Vec<u64>,
    /// The positions labelled so far, in the order they were labelled, with their arcs.
    queue: Vec<Labelled>,
    /// Where each layer of the queue (one distance) ends.
    layers: Vec<usize>,
}

impl Scratch {
    /// Empty scratch memory.
    pub fn new() -> Self {
        Self::default()
    }
}

/// Strongly solves `game` by retrograde analysis, with depths to mate.
pub fn solve(game: &ChessLike) -> ReachSolution {
    solve_with(game, &mut Scratch::new())
}

/// [`solve`], reusing `scratch`.
pub fn solve_with(game: &ChessLike, scratch: &mut Scratch) -> ReachSolution {
    let arena = game.arena();
    let widest = arena
        .vertices()
        .map(|v| arena.out_degree(v) as u64)
        .max()
        .unwrap_or(0);
    let fits = |bits: u32| widest < min_owned(bits);
    let Scratch {
        narrow,
        middle,
        wide,
        queue,
        layers,
    } = scratch;
    let outcome = if fits(u8::BITS) {
        sweep(game, narrow, queue, layers)
    } else if fits(u16::BITS) {
        sweep(game, middle, queue, layers)
    } else {
        sweep(game, wide, queue, layers)
    };
    unpack(game, outcome, queue, layers)
}

/// Labels every position from which one player can force the end: fills `slot`, `queue` and
/// `layers`, and returns each position's outcome (draw where unlabelled).
fn sweep<S: Slot>(
    game: &ChessLike,
    slot: &mut Vec<S>,
    queue: &mut Vec<Labelled>,
    layers: &mut Vec<usize>,
) -> Vec<Outcome> {
    let arena = game.arena();
    let n = arena.num_vertices();
    let (labelled, min_owned) = (labelled(S::BITS), min_owned(S::BITS));
    let count = min_owned - 1;
    slot.clear();
    slot.reserve(n);
    queue.clear();
    queue.reserve(n);
    layers.clear();
    for v in arena.vertices() {
        slot.push(S::from_u64(match arena.owner(v) {
            Owner::Player(p) => {
                let min = if p == Player::MAX { 0 } else { min_owned };
                min | arena.out_degree(v) as u64
            }
            _ => {
                let value = *game.payoff(v);
                if value != Outcome::Draw {
                    queue.push((v, NO_ARC));
                }
                labelled | outcome_bits(value)
            }
        }));
    }
    let slot = &mut slot[..];
    let mut head = 0;
    while head < queue.len() {
        // The queue holds positions in layers of equal distance, as a breadth-first search's.
        if layers.last().is_none_or(|&end| end == head) {
            layers.push(queue.len());
        }
        let v = queue[head].0;
        head += 1;
        if let Some(&(ahead, _)) = queue.get(head + LOOK_AHEAD) {
            arena.prefetch_in_positions(ahead);
        }
        let won = slot[v.index()].to_u64() & (MAX_WINS | MIN_WINS);
        // The flag a position has when its owner is the winner of `v`'s outcome.
        let winner_flag = if won == MAX_WINS { 0 } else { min_owned };
        // The word of a position won from `v`: the same outcome.
        let label = S::from_u64(labelled | won);
        // The sources of the arcs into `v`, in one contiguous array; the arcs' ids lie at the
        // same positions in another, looked up only after the sweep.
        let first = arena.in_positions(v).start as u32;
        for (&u, position) in arena.predecessors(v).iter().zip(first..) {
            let s = slot[u.index()].to_u64();
            if s & labelled != 0 {
                continue;
            }
            // The owner moves to a position he wins (green), or this was his last arc that did
            // not lose (green, the latest to be processed); otherwise the arc turns red.
            if s & min_owned != winner_flag && s & count > 1 {
                slot[u.index()] = S::from_u64(s - 1);
                continue;
            }
            slot[u.index()] = label;
            queue.push((u, position));
        }
    }
    slot.iter()
        .map(|&s| {
            let s = s.to_u64();
            if s & labelled == 0 || s & MAX_WINS == 0 && s & MIN_WINS == 0 {
                Outcome::Draw
            } else if s & MAX_WINS != 0 {
                Outcome::Win
            } else {
                Outcome::Loss
            }
        })
        .collect()
}

/// The solution from the sweep's outcomes, its queue and layers: distances by layer, green
/// arcs from the queue, and for a draw an arc to another draw.
fn unpack(
    game: &ChessLike,
    values: Vec<Outcome>,
    queue: &[Labelled],
    layers: &[usize],
) -> ReachSolution {
    let arena = game.arena();
    let n = arena.num_vertices();
    let mut distance = vec![0u32; n];
    let mut green: Vec<Option<Edge>> = vec![None; n];
    let mut start = 0;
    for (d, &end) in layers.iter().enumerate() {
        for &(v, position) in &queue[start..end] {
            distance[v.index()] = d as u32;
            if position != NO_ARC {
                green[v.index()] = Some(arena.in_edge_at(position as usize));
            }
        }
        start = end;
    }
    // Unlabelled positions are draws: each has an arc to another draw (its owner has no winning
    // arc and not every arc loses), which keeps play among draws or lets the opponent lose.
    for v in arena.vertices() {
        if green[v.index()].is_none() {
            green[v.index()] = arena
                .out_edges(v)
                .find(|&e| values[arena.target(e).index()] == Outcome::Draw)
                .or_else(|| arena.out_edges(v).next());
        }
    }
    ReachSolution {
        values,
        distance,
        strategy: Strategy::from_choices(green),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TerminalGame;
    use kalmar_core::{Builder, Certificate};

    #[test]
    fn figure_2a_is_infinite_play() {
        let mut b = Builder::new(2);
        let a = b.add_vertex(Owner::Player(Player::MIN));
        let m = b.add_vertex(Owner::Player(Player::MAX));
        let [win, loss] = [(); 2].map(|_| b.add_vertex(Owner::Terminal));
        b.add_edge(a, win);
        b.add_edge(a, m);
        b.add_edge(m, loss);
        b.add_edge(m, a);
        let payoff = vec![Outcome::Draw, Outcome::Draw, Outcome::Win, Outcome::Loss];
        let game = TerminalGame::new(b.build().unwrap(), payoff).unwrap();
        let s = solve(&game);
        assert_eq!(&s.values[..2], &[Outcome::Draw, Outcome::Draw]);
        assert_eq!(s.strategy.successor(game.arena(), a), Some(m));
        assert_eq!(s.strategy.successor(game.arena(), m), Some(a));
        assert_eq!(s.line(&game, a), vec![a, m, a]);
        s.verify(&game).unwrap();
    }

    #[test]
    fn scratch_is_reused() {
        let mut b = Builder::new(2);
        let x = b.add_vertex(Owner::Player(Player::MAX));
        let t = b.add_vertex(Owner::Terminal);
        b.add_edge(x, x);
        b.add_edge(x, t);
        let game =
            TerminalGame::new(b.build().unwrap(), vec![Outcome::Draw, Outcome::Loss]).unwrap();
        let mut scratch = Scratch::new();
        let first = solve_with(&game, &mut scratch);
        assert_eq!(first, solve_with(&game, &mut scratch));
        assert_eq!(first.values[x.index()], Outcome::Draw);
        assert_eq!(first.strategy.successor(game.arena(), x), Some(x));
    }
}
