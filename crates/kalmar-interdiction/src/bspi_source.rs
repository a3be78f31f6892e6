//! The source's value of bottleneck interdiction in O(m log* m) comparisons (Andersson,
//! *General Path Interdiction with Local Budgets*, §3.1, by the coarsening of Gabow and Tarjan,
//! *Algorithms for two bottleneck optimization problems*): the weights are never sorted; in
//! each round the weights that may still be the source's value, the candidates, are split into
//! g groups, Algorithm BSPI runs over bucket keys (one per group, and a bottom key for the
//! weights already known to be lighter), and only the group the source's value falls in is
//! kept.
//!
//! **Why one group suffices.** A vertex's value is a lattice polynomial of the weights, and the
//! map from a weight to its group is non-decreasing, so the coarse run gives every vertex's
//! group (or ∞): the same argument as in [`crate::bspi_coarse`]. The next round keeps the
//! vertices whose value lies in the source's group j, with the vertices of lower value merged
//! into the sink; an edge keeps its weight if it lies in group j, gets the bottom key if it is
//! lighter, and is dropped if it is heavier or leads to a vertex of higher value (the user
//! never takes it, the interdictor never needs to remove it). Those are the values of the whole
//! instance again, and the vertices that leave the round keep the choices of its run.
//!
//! **The bound.** With c candidates left of the c₁ of the first round, a round splits them
//! into g = 2^d groups, d = ⌈2c₁ / c⌉, by g - 1 splitters (keys evenly spaced in a sorted random
//! sample of up to 16g candidates; the seed is fixed, so runs repeat) and a binary search of d
//! comparisons per candidate: O(c d) = O(c₁) comparisons. BSPI then runs over the network,
//! skipping the vertices already decided, in O(n + m). The candidates fall from c to about
//! c / 2^d, which after k rounds is a tower of k twos below c₁: O(log* m) rounds. When 2^d
//! would reach c, the last round sorts the c candidates, in O(c log c) = O(c₁) comparisons,
//! and reads the value off. So O(m log* m) comparisons and O((n + m) log* m) time, the
//! paper's bound ("interdiction for free"), expected over the samples: from 2¹¹ to 2⁶⁴ edges
//! that is three rounds (depths 2, 8, then a sort of a thousandth of the edges) and about four
//! comparisons per edge. (Splitting by linear-time median selection instead makes the bound
//! worst-case, at about five times the comparisons.) For the value of every vertex,
//! Ω(m log m) comparisons can be needed (see [`crate::bspi_coarse`]): this scheme decides the
//! source's.
//!
//! **The answer** is checked by [`crate::certificate::check_source_value`]: the interdictor's
//! choice at every vertex (from the round each vertex left, or the last), under which every
//! path from the source has an edge at least as heavy as the value, and the user's path, no
//! edge heavier.
//!
//! ```
//! use kalmar_interdiction::{bspi_source, budget::Budget, certificate, network::Network};
//! // From 0: straight to the sink over an edge of weight 10, or over 1 with edges 3 and 1.
//! let network = Network::new(3, &[(0, 2, 10), (0, 1, 3), (1, 2, 1)], 0, 2).unwrap();
//! let budget = Budget::removals(&network, vec![1, 0, 0]).unwrap();
//! let answer = bspi_source::solve(&network, &budget).unwrap();
//! assert_eq!(answer.value, 10); // the interdictor removes 0 -> 1
//! assert_eq!(answer.path, [0]);
//! let (removed, path) = (&answer.removed, &answer.path);
//! assert!(certificate::check_source_value(&network, &budget, 10, removed, path).is_ok());
//! assert!(certificate::check_source_value(&network, &budget, 3, removed, path).is_err());
//! ```
//!
//! # Complexity
//! O((n + m) log* m) time and O(m log* m) comparisons of weights (expected), as above.

use crate::bspi::{BspiError, closed, open, removals, run_from};
use crate::bspi_buckets::Buckets;
use crate::budget::Budget;
use crate::gpi::user_path;
use crate::network::Network;
use crate::operator::INFINITY;
use rand::{Rng, SeedableRng, rngs::StdRng};

/// The source's value and the choices that prove it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceValue {
    /// The source's value ([`INFINITY`] when the interdictor can cut it off).
    pub value: u64,
    /// Per edge, whether the interdictor removes it.
    pub removed: Vec<bool>,
    /// The user's path from the source under that choice, no edge heavier than the value
    /// (empty when the value is ∞ or the source is the sink).
    pub path: Vec<usize>,
    /// The rounds of coarsening run.
    pub rounds: usize,
    /// The comparisons of weights made.
    pub comparisons: u64,
}

/// The key of an edge lighter than every candidate.
const BOTTOM: u32 = 0;
/// The mark of an edge heavier than every candidate: the user never takes it, the
/// interdictor never needs to remove it.
const DROPPED: u32 = u32::MAX;

/// Where a vertex stands against the source's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Play {
    /// Its value may still be the source's.
    In,
    /// Its value is lower: it is part of the sink.
    Below,
    /// Its value is higher, or ∞.
    Above,
}

/// The source's value of `network` under `budget` (k(v) removals), paths weighed by their
/// heaviest edge.
pub fn solve(network: &Network, budget: &Budget) -> Result<SourceValue, BspiError> {
    let k = removals(network, budget)?;
    let (n, m, s, t) = (
        network.num_vertices(),
        network.num_edges(),
        network.source(),
        network.sink(),
    );
    // Comparisons of weights made, counted where they are made.
    let mut comparisons = 0u64;
    let mut removed = vec![false; m];
    // Per vertex, the edge the user takes, from the run of the round it left.
    let mut next: Vec<Option<u32>> = vec![None; n];
    if s == t {
        return Ok(SourceValue {
            value: 0,
            removed,
            path: Vec::new(),
            rounds: 0,
            comparisons: 0,
        });
    }
    // Distinct keys: the weight above, the edge id below to break ties (one comparison of
    // u128 compares both).
    let key = |e: u32| u128::from(network.weight(e as usize)) << 32 | u128::from(e);
    let mut rng = StdRng::seed_from_u64(m as u64);
    // Per edge, its group (from 1) while it is a candidate, else BOTTOM or DROPPED.
    let mut group_of = vec![BOTTOM; m];
    let mut play = vec![Play::In; n];
    play[t] = Play::Below;
    let mut in_play: Vec<u32> = (0..n as u32).filter(|&v| v as usize != t).collect();
    let mut sinks = vec![t as u32];
    let mut candidates: Vec<u32> = (0..m as u32)
        .filter(|&e| network.tail(e as usize) != t)
        .collect();
    // The candidates of the first round set the pace: depth ⌈2 · first / candidates⌉.
    let first = candidates.len();
    let mut rounds = 0;
    loop {
        rounds += 1;
        let count = candidates.len();
        let depth = (2 * first).div_ceil(count.max(1));
        let last = depth >= usize::BITS as usize || 1usize << depth >= count;
        // The last round sorts the candidates: each is a group of its own.
        let groups = if last {
            // The keys themselves are sorted (the edge id is their low half), not the ids,
            // which would look each key up in the whole array at every comparison.
            let mut sorted: Vec<u128> = candidates.iter().map(|&e| key(e)).collect();
            sorted.sort_unstable_by(|a, b| {
                comparisons += 1;
                a.cmp(b)
            });
            for (g, (&key, e)) in sorted.iter().zip(&mut candidates).enumerate() {
                *e = key as u32;
                group_of[*e as usize] = g as u32 + 1;
            }
            candidates.len()
        } else {
            let splitters = splitters(&candidates, 1 << depth, key, &mut comparisons, &mut rng);
            // Per candidate, its group is the number of splitters at or below it: a binary
            // search that halves the range ⌈log₂ groups⌉ times for every candidate.
            let groups = splitters.len() + 1;
            for &e in &candidates {
                let (mut base, mut size, key) = (0, groups, key(e));
                while size > 1 {
                    let half = size / 2;
                    base += half * usize::from(splitters[base + half - 1] <= key);
                    size -= half;
                }
                group_of[e as usize] = base as u32 + 1;
            }
            let steps = groups.next_power_of_two().trailing_zeros();
            comparisons += u64::from(steps) * candidates.len() as u64;
            groups
        };
        let state = (0..n)
            .map(|v| match play[v] {
                Play::In => open(k[v]),
                Play::Below => closed(BOTTOM),
                Play::Above => closed(DROPPED),
            })
            .collect();
        let mut queue = Buckets::new(groups + 1);
        let run = run_from(
            network,
            state,
            &sinks,
            |e, value| match group_of[e] {
                DROPPED => None,
                group => Some(group.max(value)),
            },
            |a, b| a < b,
            &mut queue,
        );
        let value = run.values[s];
        // Who leaves the play now: everyone in the last round or when the source's value is
        // ∞; otherwise those whose value is outside the source's group.
        let stays = |u: usize| !last && value.is_some() && run.values[u] == value;
        for &u in &in_play {
            let u = u as usize;
            if stays(u) {
                continue;
            }
            for e in network.out_edges(u).filter(|&e| run.removed[e]) {
                removed[e] = true;
            }
            next[u] = run.next[u];
            play[u] = match (run.values[u], value) {
                (Some(here), Some(j)) if here < j => {
                    sinks.push(u as u32);
                    Play::Below
                }
                _ => Play::Above,
            };
        }
        let Some(j) = value else {
            return Ok(SourceValue {
                value: INFINITY,
                removed,
                path: Vec::new(),
                rounds,
                comparisons,
            });
        };
        if last {
            let edge = (j as usize)
                .checked_sub(1)
                .and_then(|g| candidates.get(g))
                .ok_or(BspiError::Internal("the source's value is no candidate"))?;
            return Ok(SourceValue {
                value: network.weight(*edge as usize),
                removed,
                path: user_path(network, &next),
                rounds,
                comparisons,
            });
        }
        // The source's group stays; lighter candidates become bottom edges, heavier ones are
        // dropped, and so are the edges of vertices that left.
        in_play.retain(|&u| play[u as usize] == Play::In);
        candidates.retain(|&e| {
            let group = group_of[e as usize];
            group_of[e as usize] = match group.cmp(&j) {
                std::cmp::Ordering::Less => BOTTOM,
                std::cmp::Ordering::Equal => group,
                std::cmp::Ordering::Greater => DROPPED,
            };
            group == j && {
                let (u, h) = (network.tail(e as usize), network.head(e as usize));
                play[u] == Play::In && play[h] != Play::Above
            }
        });
    }
}

/// Candidates drawn per group for the sample the splitters come from.
const OVERSAMPLE: usize = 16;

/// At most `groups` - 1 keys that split `candidates` into groups of about equal size: keys
/// evenly spaced in a sorted random sample of `OVERSAMPLE` · `groups` candidates (fewer when
/// that would cost more than a few comparisons per candidate), without repeats.
fn splitters(
    candidates: &[u32],
    groups: usize,
    key: impl Fn(u32) -> u128,
    comparisons: &mut u64,
    rng: &mut StdRng,
) -> Vec<u128> {
    let size = (groups * OVERSAMPLE).min((candidates.len() / OVERSAMPLE).max(groups));
    let mut sample: Vec<u128> = (0..size.min(candidates.len()))
        .map(|_| key(candidates[rng.random_range(0..candidates.len())]))
        .collect();
    sample.sort_unstable_by(|a, b| {
        *comparisons += 1;
        a.cmp(b)
    });
    sample.dedup();
    let mut splitters: Vec<u128> = (1..groups)
        .map(|i| sample[i * sample.len() / groups])
        .collect();
    splitters.dedup();
    splitters
}
