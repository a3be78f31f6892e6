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
//! choices of the last run complete the certificate. The next run starts from the edges into
//! the sink from vertices in play (kept from round to round: those still in play, and the
//! in-edges of the vertices that just left), so the part of the network already decided is
//! not read again.
//!
//! **The groups.** g - 1 distinct splitter weights make 2g - 1 groups: below the first, each
//! splitter's own weight, between two splitters, above the last. Equal weights always share a
//! group, so no tie needs breaking, and once the source's group holds a single weight (a
//! splitter's group, any group of one weight, or every group of the last round) the source's
//! value is that weight. On networks of few distinct weights that ends the search a round
//! early.
//!
//! **The bound.** With c candidates left of the c₁ of the first round, a round splits them
//! by g - 1 = 2^d - 1 splitters, d = ⌈[`PACE`] · c₁ / c⌉ (weights evenly spaced in a sorted
//! random sample of up to 16g candidates; the seed is fixed, so runs repeat). An edge's group
//! is found when the edge joins the cut, by at most d + 1 comparisons: a guide indexed by the
//! weight's high bits points to the few splitters of its slice, and a binary search among
//! those (usually none or one) and a test for equality follow; so O(c d) = O(c₁)
//! comparisons, and on the generated networks one or two per edge. BSPI then runs over the
//! network, skipping the vertices already decided, in O(n + m). The candidates fall from c to
//! about c / 2^d (the splitters cut the sample into parts that size), which after k rounds is
//! a tower of k twos below c₁: O(log* m) rounds. When 2^d would reach c, the last round sorts
//! the c candidates, in O(c log c) = O(c₁) comparisons, and reads the value off. So
//! O(m log* m) comparisons and O((n + m) log* m) time, the paper's bound ("interdiction for
//! free"), expected over the samples: up to 2⁶⁴ edges that is at most two rounds (depth 8,
//! then a sort of about a 256th of the edges), and often one, when the source's value is a
//! splitter's weight. (Splitting by linear-time median selection instead makes the bound
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

use crate::bspi::{BspiError, Start, closed, open, removals, run_from};
use crate::bspi_buckets::Stacks;
use crate::budget::Budget;
use crate::gpi::user_path;
use crate::network::{InArc, Network};
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

/// How fast [`solve`] refines: a round splits c candidates by 2^d - 1 splitters,
/// d = ⌈PACE · c₁ / c⌉, c₁ the candidates of the first round. So the first round has 255
/// splitters: finding a weight's group is cheap (see `Round::key`), and on road networks,
/// where most vertices' values fall in a narrow band of weights, a coarser first round leaves
/// most of them in the source's group, for the next round to do again.
pub const PACE: usize = 8;

/// The splitters of a round, and the candidates' window: the weights `low..=high`.
struct Round {
    low: u64,
    high: u64,
    /// Distinct weights, sorted: splitter i - 1 is group 2i, the weights between splitters
    /// i - 1 and i are group 2i + 1.
    splitters: Vec<u64>,
    /// A guide to the splitters by the weight's high bits: `guide[b]` counts the splitters
    /// below `low + (b << shift)`, so a weight of slice b is compared with the few splitters
    /// of its slice only, not with log₂ of them along a chain of dependent loads.
    guide: Vec<u32>,
    shift: u32,
}

impl Round {
    /// The round of these `splitters` (sorted, distinct) over the window `low..=high`, and
    /// the comparisons made to build its guide.
    fn new(low: u64, high: u64, splitters: Vec<u64>) -> (Round, u64) {
        let slices = (4 * (splitters.len() + 1)).next_power_of_two() as u64;
        let span = splitters.last().map_or(0, |&last| last - low);
        // The last slice lies above every splitter.
        let mut shift = 0;
        while span >> shift >= slices - 1 {
            shift += 1;
        }
        let mut comparisons = 0;
        let guide = (0..slices)
            .map(|b| {
                let start = low + (b << shift);
                let below = splitters.partition_point(|&w| {
                    comparisons += 1;
                    w < start
                });
                below as u32
            })
            .collect();
        let round = Round {
            low,
            high,
            splitters,
            guide,
            shift,
        };
        (round, comparisons)
    }

    /// The key of weight `w` (BOTTOM below the window, None above it) and the comparisons
    /// made: two with the window, a binary search among the splitters of w's slice (usually
    /// none or one, at most log₂ of them all), and one for equality.
    #[inline]
    fn key(&self, w: u64) -> (Option<u32>, u64) {
        if w < self.low {
            return (Some(BOTTOM), 1);
        }
        if w > self.high {
            return (None, 2);
        }
        let slice = ((w - self.low) >> self.shift).min(self.guide.len() as u64 - 1) as usize;
        let from = self.guide[slice] as usize;
        let to = self
            .guide
            .get(slice + 1)
            .map_or(self.splitters.len(), |&to| to as usize);
        let mut compared = 3;
        let at = from
            + self.splitters[from..to].partition_point(|&splitter| {
                compared += 1;
                splitter <= w
            });
        let equal = at > 0 && self.splitters[at - 1] == w;
        (Some((2 * at + 1 - usize::from(equal)) as u32), compared)
    }

    /// The number of keys, bottom included.
    fn keys(&self) -> usize {
        2 * self.splitters.len() + 2
    }
}

/// The source's value of `network` under `budget` (k(v) removals), paths weighed by their
/// heaviest edge.
pub fn solve(network: &Network, budget: &Budget) -> Result<SourceValue, BspiError> {
    solve_at_pace(network, budget, PACE)
}

/// [`solve`] with the first round split by 2^`pace` - 1 splitters (see [`PACE`]); a slower
/// pace takes more rounds.
pub fn solve_at_pace(
    network: &Network,
    budget: &Budget,
    pace: usize,
) -> Result<SourceValue, BspiError> {
    let k = removals(network, budget)?;
    let (n, m, s, t) = (
        network.num_vertices(),
        network.num_edges(),
        network.source(),
        network.sink(),
    );
    // Comparisons of weights made, counted where they are made.
    let mut comparisons = 0u64;
    // Per edge, whether it is removed, and per vertex, the edge the user takes, from the run
    // of the round each vertex left: empty until vertices leave, since a source decided in the
    // first round takes that run's arrays as they are.
    let mut removed: Vec<bool> = Vec::new();
    let mut next: Vec<Option<u32>> = Vec::new();
    if s == t {
        return Ok(SourceValue {
            value: 0,
            removed: vec![false; m],
            path: Vec::new(),
            rounds: 0,
            comparisons: 0,
        });
    }
    let mut rng = StdRng::seed_from_u64(m as u64);
    // Per vertex, whether its value is known to be below the source's: it is part of the
    // sink. The others, the vertices in play, may still have the source's value.
    let mut below = vec![false; n];
    below[t] = true;
    // The weights of the candidates, the edges in play whose weight is in the window; None in
    // the first round, where every edge not leaving the sink is one.
    let mut candidates: Option<Vec<u64>> = None;
    let first = m - network.out_degree(t);
    let (mut low, mut high) = (0, u64::MAX);
    // The edges from vertices in play into the sink, as (position, head).
    let mut frontier: Vec<(u32, u32)> = Vec::new();
    let mut rounds = 0;
    loop {
        rounds += 1;
        let count = candidates.as_ref().map_or(first, Vec::len);
        let depth = (pace.max(1) * first).div_ceil(count.max(1));
        let last = depth >= usize::BITS as usize || 1usize << depth >= count;
        let splitters = if last {
            // The last round sorts the candidates: each weight is a group of its own.
            let mut sorted = candidates.take().unwrap_or_else(|| {
                let edges = (0..m).filter(|&e| network.tail(e) != t);
                edges.map(|e| network.weight(e)).collect()
            });
            sorted.sort_unstable_by(|a, b| {
                comparisons += 1;
                a.cmp(b)
            });
            sorted.dedup();
            comparisons += count.saturating_sub(1) as u64;
            sorted
        } else {
            let draw = |rng: &mut StdRng| match &candidates {
                Some(weights) => weights[rng.random_range(0..weights.len())],
                None => loop {
                    let e = rng.random_range(0..m);
                    if network.tail(e) != t {
                        break network.weight(e);
                    }
                },
            };
            splitters(count, 1 << depth, draw, &mut comparisons, &mut rng)
        };
        let (round, guided) = Round::new(low, high, splitters);
        comparisons += guided;
        let state = (0..n)
            .map(|v| if below[v] { closed(BOTTOM) } else { open(k[v]) })
            .collect();
        let start = match rounds {
            1 => Start::Vertices(&[t as u32]),
            _ => Start::Edges(&frontier),
        };
        let mut queue = Stacks::new(round.keys());
        let run = run_from(
            network,
            state,
            start,
            |arc, value| {
                let (key, compared) = round.key(arc.weight());
                comparisons += compared;
                Some(key?.max(value))
            },
            |a, b| a < b,
            &mut queue,
            Some(s),
        );
        let Some(j) = run.values[s] else {
            // The source is cut off: the run's choices are those of every vertex in play.
            merge(&mut removed, &mut next, run.removed, run.next);
            return Ok(SourceValue {
                value: INFINITY,
                removed,
                path: Vec::new(),
                rounds,
                comparisons,
            });
        };
        // The source's group j: group 2c is splitter c - 1's weight alone; group 2c + 1 the
        // weights strictly between splitters c - 1 and c (the window's edges for none).
        // (The source's value lies in the window, so its group is neither the bottom nor
        // below the first splitter's weight 0: the errors below would be bugs.)
        let c = j as usize / 2;
        let known = if j % 2 == 0 {
            let splitter = c.checked_sub(1).and_then(|i| round.splitters.get(i));
            Some(*splitter.ok_or(BspiError::Internal("the source's value is the bottom"))?)
        } else if last {
            return Err(BspiError::Internal(
                "the last round left the source's group open",
            ));
        } else {
            low = c.checked_sub(1).map_or(low, |i| round.splitters[i] + 1);
            if let Some(&w) = round.splitters.get(c) {
                high = w
                    .checked_sub(1)
                    .ok_or(BspiError::Internal("the source's group is below weight 0"))?;
            }
            None
        };
        if let Some(value) = known {
            // Everyone leaves: the run's choices are those of every vertex in play, and the
            // vertices out of play made none in it.
            merge(&mut removed, &mut next, run.removed, run.next);
            return Ok(SourceValue {
                value,
                removed,
                path: user_path(network, &next),
                rounds,
                comparisons,
            });
        }
        // The vertices final below the source's group leave, as part of the sink. The run
        // ended when the source was final, so the rest are in its group or above it, and the
        // next round tells which.
        let leavers: Vec<u32> = (run.order.iter().copied())
            .filter(|&u| run.values[u as usize] < Some(j))
            .collect();
        if removed.is_empty() {
            (removed, next) = (vec![false; m], vec![None; n]);
        }
        for &u in &leavers {
            let u = u as usize;
            for e in network.out_edges(u).filter(|&e| run.removed[e]) {
                removed[e] = true;
            }
            next[u] = run.next[u];
            below[u] = true;
        }
        // The next round starts from the edges into the sink from vertices in play and not
        // heavier than the window: those of this round that stay, and those into the vertices
        // that just left.
        let stays = |arc: InArc| !below[arc.tail()] && arc.weight() <= high;
        frontier.retain(|&(position, _)| stays(network.in_arc(position as usize)));
        for &v in &leavers {
            for position in network.in_positions(v as usize) {
                if stays(network.in_arc(position)) {
                    frontier.push((position as u32, v));
                }
            }
        }
        // The candidates left: the edges of vertices in play weighing within the new window.
        let weights: Vec<u64> = (0..n)
            .filter(|&v| !below[v])
            .flat_map(|v| network.out_edges(v))
            .map(|e| network.weight(e))
            .filter(|&w| {
                comparisons += 2;
                (low..=high).contains(&w)
            })
            .collect();
        let Some(&one) = weights.first() else {
            return Err(BspiError::Internal("the source's group has no candidate"));
        };
        comparisons += weights.len() as u64 - 1;
        if weights.iter().all(|&w| w == one) {
            // On networks of few weights the source's group soon holds one weight: that is
            // the source's value (the heaviest edge of the user's path is a candidate), and
            // the run's choices complete those of the vertices that left.
            merge(&mut removed, &mut next, run.removed, run.next);
            return Ok(SourceValue {
                value: one,
                removed,
                path: user_path(network, &next),
                rounds,
                comparisons,
            });
        }
        candidates = Some(weights);
    }
}

/// Adds the choices of the last run, of the vertices in play, to those of the vertices that
/// left in earlier rounds (none yet when `removed` is empty).
fn merge(
    removed: &mut Vec<bool>,
    next: &mut Vec<Option<u32>>,
    now: Vec<bool>,
    taken: Vec<Option<u32>>,
) {
    if removed.is_empty() {
        (*removed, *next) = (now, taken);
        return;
    }
    for (cut, now) in removed.iter_mut().zip(now) {
        *cut |= now;
    }
    for (before, now) in next.iter_mut().zip(taken) {
        *before = now.or(*before);
    }
}

/// Candidates drawn per group for the sample the splitters come from.
const OVERSAMPLE: usize = 16;

/// At most `groups` - 1 distinct weights, sorted, that split `count` candidates into groups
/// of about equal size: weights evenly spaced in a sorted random sample, drawn by `draw`, of
/// `OVERSAMPLE` · `groups` candidates (fewer when that would cost more than a few comparisons
/// per candidate).
fn splitters(
    count: usize,
    groups: usize,
    mut draw: impl FnMut(&mut StdRng) -> u64,
    comparisons: &mut u64,
    rng: &mut StdRng,
) -> Vec<u64> {
    let size = (groups * OVERSAMPLE).min((count / OVERSAMPLE).max(groups));
    let mut sample: Vec<u64> = (0..size.min(count)).map(|_| draw(rng)).collect();
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
