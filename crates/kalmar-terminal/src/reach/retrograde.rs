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
//! is the output plus one word per position (its counter of arcs and two flags, then its label:
//! outcome and distance) and the queue; [`Scratch`] keeps them for reuse, and the hot loop does
//! not allocate.
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
use kalmar_core::{Edge, Owner, Player, Strategy, Vertex};

// The state of a position is one word, so that the hot loop reads one place per arc (as a plain
// breadth-first search reads its visited flag).
/// Slot bits: the number of arcs not yet known to lead to a position won by the opponent.
const COUNT: u64 = u32::MAX as u64;
/// Slot bit: Min owns the position.
const MIN_OWNED: u64 = 1 << 32;
/// Slot bit: the position is labelled (terminals count as labelled). A labelled slot keeps
/// the position's distance in the [`COUNT`] bits and its outcome in [`WON_BY_MAX`] and
/// [`WON_BY_MIN`], so that labelling writes the one word already read; the outcomes and
/// distances are unpacked in one pass at the end.
const LABELLED: u64 = 1 << 33;
/// Slot bit of a labelled position: Max wins.
const WON_BY_MAX: u64 = 1 << 34;
/// Slot bit of a labelled position: Min wins.
const WON_BY_MIN: u64 = 1 << 35;

/// The slot bits of an outcome.
fn outcome_bits(value: Outcome) -> u64 {
    match value {
        Outcome::Win => WON_BY_MAX,
        Outcome::Loss => WON_BY_MIN,
        Outcome::Draw => 0,
    }
}

/// The outcome of a labelled slot.
fn outcome_of(slot: u64) -> Outcome {
    if slot & WON_BY_MAX != 0 {
        Outcome::Win
    } else if slot & WON_BY_MIN != 0 {
        Outcome::Loss
    } else {
        Outcome::Draw
    }
}

/// Scratch memory of retrograde analysis, kept between runs so that repeated solving does not
/// allocate it again.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    /// Per position: its counter and flags (see [`COUNT`], [`MIN_OWNED`], [`LABELLED`]).
    slot: Vec<u64>,
    /// The positions labelled so far, in the order they were labelled.
    queue: Vec<Vertex>,
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
    let n = arena.num_vertices();
    let mut green: Vec<Option<Edge>> = vec![None; n];
    let slot = &mut scratch.slot;
    let queue = &mut scratch.queue;
    slot.clear();
    slot.reserve(n);
    queue.clear();
    queue.reserve(n);
    for v in arena.vertices() {
        slot.push(match arena.owner(v) {
            Owner::Player(p) => {
                let min = if p == Player::MAX { 0 } else { MIN_OWNED };
                min | arena.out_degree(v) as u64
            }
            _ => {
                let value = *game.payoff(v);
                if value != Outcome::Draw {
                    queue.push(v);
                }
                LABELLED | outcome_bits(value)
            }
        });
    }
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head];
        head += 1;
        let labelled = slot[v.index()];
        // The flag a position has when its owner is the winner of `value`.
        let winner_flag = if labelled & WON_BY_MAX != 0 {
            0
        } else {
            MIN_OWNED
        };
        // The label of a position won from `v`: the same outcome, one move further.
        let label = (labelled & (LABELLED | WON_BY_MAX | WON_BY_MIN)) | ((labelled & COUNT) + 1);
        // The sources of the arcs into `v` in one contiguous array; the arcs' ids, read only
        // for the arcs that label a position, lie at the same places in another.
        let edges = arena.in_edges(v);
        for (i, &u) in arena.predecessors(v).iter().enumerate() {
            let u = u.index();
            let s = slot[u];
            if s & LABELLED != 0 {
                continue;
            }
            // The owner moves to a position he wins (green), or this was his last arc that did
            // not lose (green, the latest to be processed); otherwise the arc turns red.
            if s & MIN_OWNED != winner_flag && s & COUNT > 1 {
                slot[u] = s - 1;
                continue;
            }
            slot[u] = label;
            green[u] = Some(edges[i]);
            queue.push(Vertex(u as u32));
        }
    }
    let values: Vec<Outcome> = slot.iter().map(|&s| outcome_of(s)).collect();
    let distance: Vec<u32> = (slot.iter())
        .map(|&s| {
            if s & LABELLED != 0 {
                (s & COUNT) as u32
            } else {
                0
            }
        })
        .collect();
    // Unlabelled positions are draws: each has an arc to another draw (its owner has no winning
    // arc and not every arc loses), which keeps play among draws or lets the opponent lose.
    for v in arena.vertices() {
        if slot[v.index()] & LABELLED == 0 {
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
