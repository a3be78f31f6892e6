//! What a decision sets aside before strategy improvement: the minimiser's vertices that reach a
//! cycle of her own with a sum `<= 0` (Bellman–Ford-style negative-cycle detection), and her
//! attractor of them.

use super::Local;
use super::int::Int;
use num_bigint::BigInt;
use std::collections::VecDeque;

/// The minimiser's vertices from which she can reach, through her own vertices, a cycle of her
/// own with a sum `<= 0`, with moves that get there and go round it; `bound` is at least the
/// absolute value of every reward.
pub(super) fn nonpositive_cycles<T: Int>(
    local: &Local,
    maximiser: &[bool],
    reward: &[T],
    bound: &BigInt,
) -> (Vec<bool>, Vec<Option<usize>>) {
    let k = local.len();
    let scale = T::from_big(&BigInt::from(k + 1));
    let one = T::from_big(&BigInt::from(1));
    let zero = T::from_big(&BigInt::ZERO);
    // A tree of parents without a cycle has paths of at most k - 1 moves, each weighing at
    // least -((k + 1) bound + 1): a distance below `floor` proves a cycle of parents, and is
    // never kept without looking for it (which bounds the distances, see
    // `Rewards::small_enough`).
    let k_big = BigInt::from(k);
    let heaviest: BigInt = (&k_big + 1u32) * bound + 1u32;
    let floor = T::from_big(&-(k_big * heaviest + 1u32));
    let mut found = vec![false; k];
    let mut choice: Vec<Option<usize>> = vec![None; k];
    let own = |found: &[bool], v: usize| !maximiser[v] && !found[v];
    loop {
        // Shortest distances from a virtual source at every vertex, weights (k+1) r - 1; a
        // cycle of the predecessor graph is a negative cycle (Bellman–Ford).
        let mut dist = vec![zero.clone(); k];
        let mut parent: Vec<Option<usize>> = vec![None; k];
        let mut relaxations = 0usize;
        let mut queued = vec![false; k];
        let mut queue: VecDeque<usize> = (0..k).filter(|&v| own(&found, v)).collect();
        for &v in &queue {
            queued[v] = true;
        }
        let mut cycle_at = None;
        'relax: while let Some(u) = queue.pop_front() {
            queued[u] = false;
            for j in local.moves(u) {
                let w = local.target[j] as usize;
                if !own(&found, w) {
                    continue;
                }
                let x = dist[u].plus(&scale.times(&reward[u])).minus(&one);
                if x < dist[w] {
                    dist[w] = x;
                    parent[w] = Some(j);
                    relaxations += 1;
                    // Look for a cycle of parents once per k relaxations (O(1) amortised), and
                    // below the floor.
                    if relaxations.is_multiple_of(k) || dist[w] < floor {
                        cycle_at = parent_cycle(local, &parent);
                        if cycle_at.is_some() {
                            break 'relax;
                        }
                    }
                    if !queued[w] {
                        queued[w] = true;
                        queue.push_back(w);
                    }
                }
            }
        }
        let Some(c) = cycle_at else {
            return (found, choice);
        };
        // Go round the cycle (parent moves lead into each vertex), then mark every own vertex
        // that reaches it through own vertices, with the move that gets closer.
        let mut x = c;
        let mut reached = Vec::new();
        loop {
            let j = parent[x].expect("on a cycle of parents");
            let u = local_source(local, j);
            choice[u] = Some(j);
            found[u] = true;
            reached.push(u);
            x = u;
            if x == c {
                break;
            }
        }
        while let Some(w) = reached.pop() {
            for &(p, j) in local.preds(w) {
                let p = p as usize;
                if own(&found, p) {
                    found[p] = true;
                    choice[p] = Some(j as usize);
                    reached.push(p);
                }
            }
        }
    }
}

/// A vertex on a cycle of the parent graph, if it has one (each vertex has at most one parent:
/// follow parents from every vertex, marking the walk, until a vertex seen before).
fn parent_cycle(local: &Local, parent: &[Option<usize>]) -> Option<usize> {
    const NEW: u32 = u32::MAX;
    let mut walk = vec![NEW; parent.len()];
    for start in 0..parent.len() {
        let mut x = start;
        while walk[x] == NEW {
            walk[x] = start as u32;
            match parent[x] {
                Some(j) => x = local_source(local, j),
                None => break,
            }
        }
        if walk[x] == start as u32 && parent[x].is_some() {
            return Some(x);
        }
    }
    None
}

/// The source of the move with index `j`.
fn local_source(local: &Local, j: usize) -> usize {
    local.start.partition_point(|&s| s <= j) - 1
}

/// Adds the minimiser's attractor of `set` to it, with her moves into it.
pub(super) fn attract_minimiser(
    local: &Local,
    maximiser: &[bool],
    set: &mut [bool],
    choice: &mut [Option<usize>],
) {
    let k = local.len();
    let mut remaining: Vec<usize> = (0..k).map(|v| local.moves(v).len()).collect();
    let mut queue: Vec<usize> = (0..k).filter(|&v| set[v]).collect();
    while let Some(w) = queue.pop() {
        for &(p, j) in local.preds(w) {
            let p = p as usize;
            if set[p] {
                continue;
            }
            let joins = if maximiser[p] {
                remaining[p] -= 1;
                remaining[p] == 0
            } else {
                choice[p] = Some(j as usize);
                true
            };
            if joins {
                set[p] = true;
                queue.push(p);
            }
        }
    }
}
