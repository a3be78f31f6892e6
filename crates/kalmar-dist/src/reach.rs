//! Retrograde analysis of a chess-like game as an iterative dataflow: the game split over the
//! workers ([`Part`]), each vertex with a counter of its moves not yet known to lose, and
//! rounds of newly decided vertices sent to the owners of their predecessors.
//!
//! Round d: each worker sends, for every vertex it decided at distance d (the won and lost
//! terminals at 0), one message per arc into it, to the owner of the arc's tail, saying who
//! won there. An owner receiving "Max won" at a Max vertex not yet decided decides it won at
//! d + 1; at a Min vertex it lowers the counter, and the vertex is lost for Min at d + 1 when
//! the counter reaches 0 (and the same with the players swapped). The rounds stop when no
//! worker decided anything; what is left is drawn. All vertices decided in round d have
//! distance d, so the values and distances are those of the sequential first-in, first-out
//! sweep (`kalmar_terminal::reach::retrograde`): the winner's least, the loser's greatest
//! distance plus one. Worker 0 then gathers the values and distances, recovers both
//! strategies from them in one pass, and the merged solution goes through the same
//! certificate as the single-machine one.
//!
//! # Complexity
//! O(n + m) work in all, as the sequential sweep, in D + 1 rounds for the greatest distance D;
//! m messages of 8 bytes cross between workers (all but about 1/p of them to another worker).
//! Each worker holds its n/p vertices and the arcs into them.
//!
//! ```
//! use kalmar_dist::{Cluster, reach};
//! let game = kalmar_terminal::reach::from_graph(&kalmar_core::format::read_gg(
//!     "kalmar-gg 1\na max -> b w\nb min -> a l\nw terminal payoff=1\nl terminal payoff=-1\n",
//! ).unwrap()).unwrap();
//! let game = std::sync::Arc::new(game);
//! let solved = reach::solve(&game, &Cluster::threads(3)).unwrap().unwrap();
//! assert_eq!(solved.solution.values, kalmar_terminal::reach::solve(&game).values);
//! assert_eq!(solved.stats.workers, 3);
//! ```

use crate::partition::{Mover, Part};
use crate::rounds::{Dataflow, Rounds, Traffic};
use crate::{Cluster, DistError};
use kalmar_core::{Certificate, Edge, Strategy, Vertex};
use kalmar_terminal::reach::{ChessLike, Outcome, ReachSolution};
use std::sync::Arc;
use std::time::Instant;

/// What a distributed solve reports besides its answer: its rounds (the greatest distance
/// plus two: the last finds nothing) and messages (one per arc into a decided vertex).
pub type Stats = Dataflow;

/// The merged answer, checked.
#[derive(Clone, Debug)]
pub struct Solved {
    /// Values, distances and both strategies, which passed the certificate.
    pub solution: ReachSolution,
    /// Rounds, messages and time.
    pub stats: Stats,
}

/// Solves `game` on the workers of `cluster` (shared with them, not copied). Every process of
/// the cluster calls it with the same game; the process that runs worker 0 gets the checked answer, the others `None`.
pub fn solve(game: &Arc<ChessLike>, cluster: &Cluster) -> Result<Option<Solved>, DistError> {
    let shared = Arc::clone(game);
    let processes = cluster.processes_count();
    let guards = cluster.execute(move |worker| {
        let start = Instant::now();
        let (index, peers) = (worker.index(), worker.peers());
        let part = Part::of(&shared, index, peers);
        let (values, distance) = sweep(worker, &part);
        let mut gather = Rounds::<(u32, i8, u32)>::new(worker, |_| 0);
        let traffic = values.traffic;
        for (local, (&value, &d)) in values.values.iter().zip(&distance).enumerate() {
            gather.send((part.global(local), value, d));
        }
        let arrived = gather.deliver(worker);
        let size = (shared.arena().num_vertices(), processes);
        let stats = Dataflow::total(worker, &mut gather, traffic, size, start);
        (index == 0).then_some((arrived, stats))
    })?;
    let Some((arrived, stats)) = crate::cluster::gathered(guards)? else {
        return Ok(None);
    };
    let n = game.arena().num_vertices();
    let (mut values, mut distance) = (vec![Outcome::Draw; n], vec![0u32; n]);
    for (v, value, d) in arrived {
        values[v as usize] = outcome(value);
        distance[v as usize] = d;
    }
    let strategy = recover(game, &values, &distance);
    let solution = ReachSolution {
        values,
        distance,
        strategy,
    };
    solution
        .verify(game.as_ref())
        .map_err(|e| DistError::Certificate(e.to_string()))?;
    Ok(Some(Solved { solution, stats }))
}

/// A worker's values (1 Max won, -1 Min won, 0 drawn) with what it sent.
struct Swept {
    values: Vec<i8>,
    traffic: Traffic,
}

fn outcome(value: i8) -> Outcome {
    match value {
        1 => Outcome::Win,
        -1 => Outcome::Loss,
        _ => Outcome::Draw,
    }
}

/// The rounds of one worker over its part: its values and distances.
fn sweep(worker: &mut timely::worker::Worker, part: &Part) -> (Swept, Vec<u32>) {
    let peers = worker.peers() as u64;
    let mut rounds = Rounds::<(u32, i8)>::new(worker, move |m| u64::from(m.0) % peers);
    let n = part.len();
    let (mut value, mut decided) = (vec![0i8; n], vec![false; n]);
    let mut distance = vec![0u32; n];
    let mut left: Vec<u32> = (0..n).map(|l| part.moves(l)).collect();
    let mut frontier: Vec<usize> = Vec::new();
    for local in 0..n {
        if let Mover::Terminal(payoff) = part.mover(local) {
            decided[local] = true;
            value[local] = payoff as i8 - 1;
            if payoff != Outcome::Draw {
                frontier.push(local);
            }
        }
    }
    let mut d = 0;
    loop {
        for &local in &frontier {
            for &tail in part.predecessors(local) {
                rounds.send((tail, value[local]));
            }
        }
        let mut next = Vec::new();
        for (tail, won) in rounds.deliver(worker) {
            let local = part.local(tail);
            if decided[local] {
                continue;
            }
            let mine = match part.mover(local) {
                Mover::Max => 1,
                Mover::Min => -1,
                Mover::Terminal(_) => continue,
            };
            left[local] -= 1;
            if won == mine || left[local] == 0 {
                decided[local] = true;
                value[local] = won;
                distance[local] = d + 1;
                next.push(local);
            }
        }
        d += 1;
        if rounds.sum(worker, next.len() as u64) == 0 {
            break;
        }
        frontier = next;
    }
    let traffic = rounds.traffic();
    (
        Swept {
            values: value,
            traffic,
        },
        distance,
    )
}

/// Both strategies from values and distances, in one pass: a winner moves to a position of
/// the same value one closer to the end, a loser to one exactly one closer (the slowest), a
/// drawn player to a draw.
pub fn recover(game: &ChessLike, values: &[Outcome], distance: &[u32]) -> Strategy {
    let arena = game.arena();
    let choices = arena
        .vertices()
        .map(|v| {
            if arena.is_terminal(v) {
                return None;
            }
            let (value, d) = (values[v.index()], distance[v.index()]);
            let fits = |w: Vertex| match value {
                Outcome::Draw => values[w.index()] == Outcome::Draw,
                _ => values[w.index()] == value && distance[w.index()] + 1 == d,
            };
            arena.out_edges(v).find(|&e: &Edge| fits(arena.target(e)))
        })
        .collect();
    Strategy::from_choices(choices)
}
