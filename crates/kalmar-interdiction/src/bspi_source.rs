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
//! group (or ∞): the same argument as in [`crate::bspi_coarse`]. Each run stops as soon as the
//! source is final, in its group j: the vertices already final below j are merged into the sink,
//! and every other vertex stays in play (its value is j's or higher; the next round tells). An
//! edge keeps its weight if it lies in group j, gets the bottom key if it is lighter, and is
//! dropped if it is heavier (the user never takes it, the interdictor never needs to remove
//! it). Those are the values of the whole instance again, and the vertices that leave the round
//! keep the choices of its run; when the run stops, a vertex not yet final has removed every
//! edge popped for it, and the rest are at least as heavy as the source's value, so the
//! choices of the last run complete the certificate.
//!
//! **The groups.** g - 1 distinct splitter weights make 2g - 1 groups: below the first, each
//! splitter's own weight, between two splitters, above the last. Equal weights always share a
//! group, so no tie needs breaking, and once the source's group holds a single weight (a
//! splitter's group, any group of one weight, or every group of the last round) the source's
//! value is that weight. On networks of few distinct weights that ends the search a round
//! early.
//!
//! **The bound.** With c candidates left of the c₁ of the first round, a round splits them
//! by g - 1 = 2^d - 1 splitters, d = ⌈2c₁ / c⌉ (weights evenly spaced in a sorted random sample
//! of up to 16g candidates; the seed is fixed, so runs repeat), and a binary search of d
//! comparisons per candidate, one more for equality: O(c d) = O(c₁) comparisons. BSPI then runs
//! over the network, skipping the vertices already decided, in O(n + m). The candidates fall
//! from c to about c / 2^d (the splitters cut the sample into parts that size), which after
//! k rounds is a tower of k twos below c₁: O(log* m) rounds. When 2^d would reach c, the
//! last round sorts the c candidates, in O(c log c) = O(c₁) comparisons, and reads the value
//! off. So O(m log* m) comparisons and O((n + m) log* m) time, the paper's bound
//! ("interdiction for free"), expected over the samples: from 2¹¹ to 2⁶⁴ edges that is at most
//! three rounds (depths 2, 8, then a sort of a thousandth of the edges) and four to six
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
    // Edges are named by their positions among the in-edges, so that the run reads their
    // groups in order, and so are their weights, gathered once.
    let weights: Vec<u64> = (0..m)
        .map(|position| network.weight(network.in_arc(position).edge()))
        .collect();
    let weight = |position: u32| weights[position as usize];
    let mut rng = StdRng::seed_from_u64(m as u64);
    // Per edge, its group (from 1) while it is a candidate, else BOTTOM or DROPPED.
    let mut group_in = vec![BOTTOM; m];
    // Per vertex, whether its value is known to be below the source's: it is part of the
    // sink. The others, the vertices in play, may still have the source's value.
    let mut below = vec![false; n];
    below[t] = true;
    let mut sinks = vec![t as u32];
    let mut candidates: Vec<u32> = (0..m as u32)
        .filter(|&position| network.in_arc(position as usize).tail() != t)
        .collect();
    // The candidates of the first round set the pace: depth ⌈2 · first / candidates⌉.
    let first = candidates.len();
    let mut rounds = 0;
    loop {
        rounds += 1;
        let count = candidates.len();
        let depth = (2 * first).div_ceil(count.max(1));
        let last = depth >= usize::BITS as usize || 1usize << depth >= count;
        let groups = if last {
            // The last round sorts the candidates: each weight is a group of its own. The
            // weights themselves are sorted beside their positions, which would otherwise
            // look each weight up in the whole array at every comparison.
            let mut sorted: Vec<(u64, u32)> = candidates.iter().map(|&e| (weight(e), e)).collect();
            sorted.sort_unstable_by(|a, b| {
                comparisons += 1;
                a.0.cmp(&b.0)
            });
            let mut group = 0;
            for (g, &(weight, position)) in sorted.iter().enumerate() {
                if g == 0 || sorted[g - 1].0 != weight {
                    group += 1;
                }
                group_in[position as usize] = group;
            }
            comparisons += count.saturating_sub(1) as u64;
            group as usize
        } else {
            let splitters = splitters(&candidates, 1 << depth, weight, &mut comparisons, &mut rng);
            // Per candidate, the number c of splitters at or below it, by a binary search that
            // halves the range ⌈log₂ (splitters + 1)⌉ times, and one comparison more for
            // whether it equals the c-th: group 2c when it does, else 2c + 1.
            for &e in &candidates {
                let (mut base, mut size, weight) = (0, splitters.len() + 1, weight(e));
                while size > 1 {
                    let half = size / 2;
                    // Without a branch: the outcome is a coin toss a branch would mispredict.
                    let above = splitters[base + half - 1] <= weight;
                    base = std::hint::select_unpredictable(above, base + half, base);
                    size -= half;
                }
                let equal = base > 0 && splitters[base - 1] == weight;
                group_in[e as usize] = (2 * base + 1 - usize::from(equal)) as u32;
            }
            let steps = (splitters.len() + 1).next_power_of_two().trailing_zeros() + 1;
            comparisons += u64::from(steps) * count as u64;
            2 * splitters.len() + 1
        };
        let state = (0..n)
            .map(|v| if below[v] { closed(BOTTOM) } else { open(k[v]) })
            .collect();
        let mut queue = Buckets::new(groups + 1);
        let run = run_from(
            network,
            state,
            &sinks,
            |_, position, value| match group_in[position] {
                DROPPED => None,
                group => Some(group.max(value)),
            },
            |a, b| a < b,
            &mut queue,
            Some(s),
        );
        let value = run.values[s];
        // The source's value, once its group j is known to hold one weight: in the last
        // round, where each candidate is a group, or when all of j's candidates weigh the
        // same (ties broken by position make keys distinct, but on networks of few weights
        // the source's group soon holds one weight, and no finer round is needed).
        let known = match value {
            None => None,
            Some(j) => {
                let mut weighs = candidates
                    .iter()
                    .filter(|&&position| group_in[position as usize] == j)
                    .map(|&position| weight(position));
                let one = weighs
                    .next()
                    .ok_or(BspiError::Internal("the source's group has no candidate"))?;
                weighs
                    .all(|weight| {
                        comparisons += 1;
                        weight == one
                    })
                    .then_some(one)
            }
        };
        let ends = value.is_none() || known.is_some();
        if ends {
            // Everyone leaves: the run's choices are those of every vertex in play, and the
            // vertices out of play made none in it.
            for (cut, &now) in removed.iter_mut().zip(&run.removed) {
                *cut |= now;
            }
            for (taken, &now) in next.iter_mut().zip(&run.next) {
                *taken = now.or(*taken);
            }
        } else {
            // The vertices final below the source's group leave, as part of the sink. The run
            // ended when the source was final, so the rest are in its group or above it, and
            // the next round tells which.
            for &u in &run.order {
                let u = u as usize;
                if below[u] || run.values[u] >= value {
                    continue;
                }
                for e in network.out_edges(u).filter(|&e| run.removed[e]) {
                    removed[e] = true;
                }
                next[u] = run.next[u];
                below[u] = true;
                sinks.push(u as u32);
            }
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
        if let Some(value) = known {
            return Ok(SourceValue {
                value,
                removed,
                path: user_path(network, &next),
                rounds,
                comparisons,
            });
        }
        // The source's group stays; lighter candidates become bottom edges, heavier ones are
        // dropped, and so are the edges of vertices that left.
        candidates.retain(|&position| {
            let group = &mut group_in[position as usize];
            let stays = *group == j;
            *group = match (*group).cmp(&j) {
                std::cmp::Ordering::Less => BOTTOM,
                std::cmp::Ordering::Equal => *group,
                std::cmp::Ordering::Greater => DROPPED,
            };
            stays && !below[network.in_arc(position as usize).tail()]
        });
    }
}

/// Candidates drawn per group for the sample the splitters come from.
const OVERSAMPLE: usize = 16;

/// At most `groups` - 1 distinct weights, sorted, that split `candidates` into groups of
/// about equal size: weights evenly spaced in a sorted random sample of `OVERSAMPLE` ·
/// `groups` candidates (fewer when that would cost more than a few comparisons per
/// candidate).
fn splitters(
    candidates: &[u32],
    groups: usize,
    weight: impl Fn(u32) -> u64,
    comparisons: &mut u64,
    rng: &mut StdRng,
) -> Vec<u64> {
    let size = (groups * OVERSAMPLE).min((candidates.len() / OVERSAMPLE).max(groups));
    let mut sample: Vec<u64> = (0..size.min(candidates.len()))
        .map(|_| weight(candidates[rng.random_range(0..candidates.len())]))
        .collect();
    sample.sort_unstable_by(|a, b| {
        *comparisons += 1;
        a.cmp(b)
    });
    sample.dedup();
    let mut splitters: Vec<u64> = (1..groups)
        .map(|i| sample[i * sample.len() / groups])
        .collect();
    splitters.dedup();
    splitters
}
