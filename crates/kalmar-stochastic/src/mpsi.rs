//! Strategy improvement for deterministic mean-payoff games, after Björklund and Vorobyov (*A
//! combinatorial strongly subexponential strategy improvement algorithm for mean payoff games*,
//! Discrete Applied Mathematics 155, 2007): exact values and optimal positional strategies for
//! both players, in integer arithmetic.
//!
//! **The decision step** tells the vertices of value `> 0` from those of value `<= 0`. Max gets a
//! *retreat*: at each of his vertices he may stop the play, which then pays the sum of the
//! rewards seen (a longest-shortest-paths game). A strategy `sigma` of Max is *admissible* when
//! every cycle of the graph it leaves (Max's moves fixed, Min's all open) has a positive sum.
//! Its valuation `d(v)` is Min's shortest distance from `v` to a retreat in that graph, `+inf`
//! where she cannot reach one (exact, by label-correcting shortest paths: no cycle is negative).
//! Max switches every vertex where some move `v -> w` (or the retreat) gives `r(v) + d(w) > d(v)`;
//! a cycle the switches close has a positive sum (add up `d(v) < r(v) + d(w)` around it), so the
//! new strategy is admissible again, and valuations only grow. When nothing switches:
//! - where `d = +inf`, Max's strategy keeps play in a part of the graph where every cycle is
//!   positive: every play has a mean payoff of at least `1/n`, so the value is positive;
//! - where `d` is finite, Min's move to a successor attaining `d(v) = r(v) + d(w)` keeps the sum
//!   of rewards of any play at most `d(v_0) - d(v_k)` (Max has no move raising `d`), so the mean
//!   payoff is at most 0.
//!
//! Retreating everywhere is admissible only if Min has no cycle of her own with a sum `<= 0`; the
//! vertices from which she can reach one through her own vertices (found by Bellman–Ford-style
//! negative-cycle detection with rewards `(n + 1) r - 1`, which makes exactly those cycles
//! negative), and Min's attractor of them, have value `<= 0` and are set aside first.
//!
//! **Exact values** come from thresholds: the decision on rewards `b r(v) - a` tells the values
//! `> a/b`; on the negated game with the players' roles exchanged, the values `< a/b`. Values are
//! fractions with denominators at most `n`, and the vertices above (below) a threshold form a
//! subgame with the same values, so the solver splits the vertices at the midpoint of the interval
//! known to hold their values, recursively, and once the interval is narrower than `1/n^2` (at
//! most one candidate fraction left) tries the simplest fraction in it. A split tries instead
//! the median of the mean payoffs that the moves found by the decisions so far give the group's
//! vertices (a guess that is often a value, which then settles many vertices at once), unless the
//! two splits that led to the group were guesses that did not halve its interval: the interval
//! halves at least every third split, so guessing at most triples the number of splits. When
//! every vertex of a group is above `t`, the negated decision is skipped. The vertices of value
//! exactly `t` get Min's strategy of the decision at `t` and Max's of the negated decision; along
//! any play these strategies never move to a better vertex for the opponent, and once the value
//! stays constant the potential arguments above apply, so they are optimal.
//!
//! Valuations after the first of a decision are incremental (module `valuation`): only the vertices
//! whose shortest path to a retreat passes through a switched vertex are valued again, and only
//! Max's vertices at or next to a vertex whose distance changed are looked at for the next
//! switches. A decision at `t` starts from the last strategy of a decision at `t'` on a larger
//! group when that strategy is admissible at `t` (the maximiser's, when `t < t'`; every cycle it
//! leaves open had a positive sum at `t'`), instead of from retreating everywhere.
//!
//! **Arithmetic.** Rewards are scaled to integers. Each decision computes in `i128` when a bound
//! on the integers it can form (see [`Rewards::small_enough`]) fits, else in arbitrary-precision
//! integers (module `int`); the algorithm is written once for both, and the choice is made per
//! decision, so a game with small rewards never pays for big integers.
//!
//! # Complexity
//! Each decision: at most one valuation per strategy of Max (finitely many; Björklund and
//! Vorobyov's randomised choice of switches gives a subexponential bound, this implementation
//! switches all improvable vertices, which is fast in practice but has no such bound). A
//! valuation is a label-correcting shortest-path computation, O(n m) in the worst case, near
//! linear on typical games; an incremental one costs the same on the part it values again.
//! Exact values: O(log(n W)) thresholds along any chain of splits.
//!
//! # Example
//!
//! Max keeps the reward 1, Min the reward -1.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_core::{Certificate, Rational};
//! use kalmar_stochastic::{MeanPayoffGame, Stats, mpsi};
//! let graph = read_gg("kalmar-gg 1\na max reward=1 -> a b\nb min reward=-1 -> b a\n").unwrap();
//! let game = MeanPayoffGame::from_graph(&graph).unwrap();
//! let solution = mpsi::solve(&game, &mut Stats::default()).unwrap();
//! assert_eq!(solution.values, [Rational::ONE, Rational::from(-1)]);
//! assert!(solution.verify(&game).is_ok());
//! ```

use super::{MeanPayoffGame, Solution, Stats, is_deterministic};
use int::{Big, Int};
use kalmar_core::{Edge, Owner, Player, Rational, Strategy, Vertex};
use nonpositive::{attract_minimiser, nonpositive_cycles};
use num_bigint::BigInt;
use valuation::{Retreats, Valuation};

mod int;
mod nonpositive;
#[cfg(test)]
mod tests;
mod valuation;

/// Why strategy improvement does not apply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MpsiError {
    /// The game has chance vertices.
    #[error("mean-payoff strategy improvement solves deterministic games; this one has chance")]
    Stochastic,
}

/// The vertices of one subgame, renumbered, with the moves that stay inside it.
struct Local {
    /// Global vertex of each local one.
    global: Vec<Vertex>,
    /// Whether the local vertex belongs to Max in the original game.
    max: Vec<bool>,
    /// Successor lists (local targets, global edges), in CSR form.
    start: Vec<usize>,
    target: Vec<u32>,
    edge: Vec<Edge>,
    /// Predecessor lists: (local source, index into `target`).
    pred_start: Vec<usize>,
    pred: Vec<(u32, u32)>,
}

impl Local {
    fn new(game: &MeanPayoffGame, vertices: &[Vertex], local_of: &mut [u32]) -> Local {
        let arena = game.arena();
        for (i, v) in vertices.iter().enumerate() {
            local_of[v.index()] = i as u32;
        }
        let k = vertices.len();
        let mut start = Vec::with_capacity(k + 1);
        let (mut target, mut edge) = (Vec::new(), Vec::new());
        let mut in_degree = vec![0usize; k + 1];
        start.push(0);
        for &v in vertices {
            for e in arena.out_edges(v) {
                let w = local_of[arena.target(e).index()];
                if w != u32::MAX {
                    target.push(w);
                    edge.push(e);
                    in_degree[w as usize + 1] += 1;
                }
            }
            start.push(target.len());
        }
        for i in 0..k {
            in_degree[i + 1] += in_degree[i];
        }
        let pred_start = in_degree.clone();
        let mut fill = in_degree;
        let mut pred = vec![(0u32, 0u32); target.len()];
        for u in 0..k {
            for (j, &w) in target.iter().enumerate().take(start[u + 1]).skip(start[u]) {
                let w = w as usize;
                pred[fill[w]] = (u as u32, j as u32);
                fill[w] += 1;
            }
        }
        for v in vertices {
            local_of[v.index()] = u32::MAX;
        }
        Local {
            max: vertices
                .iter()
                .map(|&v| arena.owner(v) == Owner::Player(Player::MAX))
                .collect(),
            global: vertices.to_vec(),
            start,
            target,
            edge,
            pred_start,
            pred,
        }
    }

    fn len(&self) -> usize {
        self.global.len()
    }

    /// The moves (indices into `target`) of one chosen edge or None per vertex; None also where
    /// the edge leaves the subgame.
    fn moves_of(&self, edges: Option<&[Option<Edge>]>) -> Option<Vec<Option<usize>>> {
        let edges = edges?;
        let local = (0..self.len())
            .map(|u| edges[u].and_then(|e| self.moves(u).find(|&j| self.edge[j] == e)));
        Some(local.collect())
    }

    fn moves(&self, u: usize) -> std::ops::Range<usize> {
        self.start[u]..self.start[u + 1]
    }

    fn preds(&self, u: usize) -> &[(u32, u32)] {
        &self.pred[self.pred_start[u]..self.pred_start[u + 1]]
    }
}

/// The outcome of one decision: which vertices have value `> 0` for the maximiser, a move
/// (index into `Local::target`) for the maximiser on those and for the minimiser elsewhere, and
/// the maximiser's last strategy (None: the retreat).
struct Decision {
    above: Vec<bool>,
    choice: Vec<Option<usize>>,
    sigma: Vec<Option<usize>>,
}

/// Decides the sign of every vertex's value in `local` with these integer rewards (of absolute
/// value at most `bound`), where
/// `maximiser[v]` says who maximises (see the module docs). Strategy improvement starts from
/// `start` (moves of the maximiser, None: the retreat) where given: the last strategy of a
/// decision for the same maximiser at a larger threshold on these vertices or more, which is
/// admissible here (see [`Task::upper_start`]).
fn decide<T: Int>(
    local: &Local,
    maximiser: &[bool],
    reward: &[T],
    bound: &BigInt,
    start: Option<&[Option<usize>]>,
    valuation: &mut Valuation<T>,
    stats: &mut Stats,
) -> Decision {
    let k = local.len();
    let (mut set_aside, mut choice) = nonpositive_cycles(local, maximiser, reward, bound);
    attract_minimiser(local, maximiser, &mut set_aside, &mut choice);
    let game = Retreats {
        local,
        maximiser,
        reward,
        set_aside: &set_aside,
    };
    // Strategy improvement on the rest; None is the retreat. A move into the vertices set
    // aside here becomes the retreat.
    let mut sigma: Vec<Option<usize>> = vec![None; k];
    if let Some(start) = start {
        for v in (0..k).filter(|&v| maximiser[v] && !set_aside[v]) {
            sigma[v] = start[v].filter(|&j| !set_aside[local.target[j] as usize]);
        }
    }
    valuation.full(&game, &sigma);
    stats.evaluations += 1;
    let mut candidates: Vec<usize> = (0..k).filter(|&v| maximiser[v] && !set_aside[v]).collect();
    let mut switched = Vec::new();
    let mut seen = vec![false; k];
    loop {
        // Only a vertex whose distance or a successor's changed can have become improvable:
        // every improvable vertex switched in the last round.
        switched.clear();
        for &v in &candidates {
            if let Some(better) = improvement(&game, &sigma, valuation, v) {
                sigma[v] = better;
                switched.push(v);
            }
        }
        if switched.is_empty() {
            break;
        }
        stats.iterations += 1;
        valuation.update(&game, &sigma, &switched);
        stats.evaluations += 1;
        candidates.clear();
        for &u in valuation.changed() {
            let around = std::iter::once(u).chain(local.preds(u).iter().map(|&(p, _)| p as usize));
            for v in around {
                if maximiser[v] && !set_aside[v] && !seen[v] {
                    seen[v] = true;
                    candidates.push(v);
                }
            }
        }
        for &v in &candidates {
            seen[v] = false;
        }
    }
    let d = |v: usize| valuation.d(v);
    let mut above = vec![false; k];
    for v in (0..k).filter(|&v| !set_aside[v]) {
        if *d(v) == T::INF {
            above[v] = true;
            choice[v] = maximiser[v].then_some(sigma[v]).flatten();
        } else if !maximiser[v] {
            choice[v] = local.moves(v).find(|&j| {
                let w = local.target[j] as usize;
                !set_aside[w] && *d(w) != T::INF && reward[v].plus(d(w)) == *d(v)
            });
        }
    }
    Decision {
        above,
        choice,
        sigma,
    }
}

/// Max's best move at `v` (None: the retreat) if it is better than `d(v)`; among equally good
/// moves the current one is kept.
fn improvement<T: Int>(
    game: &Retreats<'_, T>,
    sigma: &[Option<usize>],
    valuation: &Valuation<T>,
    v: usize,
) -> Option<Option<usize>> {
    let local = game.local;
    let d = |v: usize| valuation.d(v);
    let through = |j: usize| {
        let w = local.target[j] as usize;
        if game.set_aside[w] {
            T::NEG_INF
        } else if *d(w) == T::INF {
            T::INF
        } else {
            game.reward[v].plus(d(w))
        }
    };
    let mut best = (game.reward[v].clone(), None);
    for j in local.moves(v) {
        let x = through(j);
        if x > best.0 || (x == best.0 && sigma[v] == Some(j)) {
            best = (x, Some(j));
        }
    }
    (best.0 > *d(v)).then_some(best.1)
}

/// After this many guessed thresholds in a row that did not halve a group's interval, the next
/// threshold is the midpoint.
const MISSES: u32 = 2;

/// A group of vertices whose values lie strictly between `low` and `high`.
struct Task {
    vertices: Vec<Vertex>,
    low: Rational,
    high: Rational,
    /// Where the decision at the next threshold `t` starts strategy improvement (one move or
    /// None per vertex), from the decision that made the group, at the threshold `t'` at one
    /// end of its interval: Max's last strategy there if `t < t'`, Min's in the negated game if
    /// `t > t'`. Every cycle it leaves open among vertices not set aside then had a positive sum
    /// at `t'`, so it has one at `t`. Vertices set aside at `t'` retreated there, a Min vertex
    /// outside them has no move into them, and a cycle of Min alone with a sum `<= 0` at `t` is
    /// set aside at `t`: the start is admissible (see [`decide`]).
    upper_start: Option<Vec<Option<Edge>>>,
    lower_start: Option<Vec<Option<Edge>>>,
    /// How many guesses in a row that did not halve the interval led to this group (the next
    /// threshold is a guess if fewer than [`MISSES`], else the midpoint).
    misses: u32,
}

/// Solves a deterministic mean-payoff game exactly: values and optimal strategies for both
/// players (see the module docs).
pub fn solve(game: &MeanPayoffGame, stats: &mut Stats) -> Result<Solution, MpsiError> {
    solve_in(game, Arithmetic::Fastest, stats)
}

/// Which integers the decisions compute with.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Arithmetic {
    /// `i128` where the magnitudes allow it (see [`Rewards::small_enough`]), else big integers.
    Fastest,
    /// Big integers everywhere (for tests: the same algorithm in the other arithmetic).
    #[cfg_attr(not(test), allow(dead_code))]
    Big,
}

/// [`solve`] in the arithmetic given.
fn solve_in(
    game: &MeanPayoffGame,
    arithmetic: Arithmetic,
    stats: &mut Stats,
) -> Result<Solution, MpsiError> {
    let arena = game.arena();
    if !is_deterministic(arena) {
        return Err(MpsiError::Stochastic);
    }
    let n = arena.num_vertices();
    let (reward, scale) = super::model::big_integer_rewards(game);
    let rewards = Rewards::new(reward, n, arithmetic);
    let bound = Rational::from_big(num_rational::BigRational::from_integer(
        &rewards.w + BigInt::from(1),
    ));
    let narrow = Rational::from_big(num_rational::BigRational::new(
        BigInt::from(1),
        BigInt::from(n) * BigInt::from(n),
    ));
    let mut values = vec![Rational::ZERO; n];
    let mut strategy = Strategy::empty(n);
    let mut local_of = vec![u32::MAX; n];
    let mut tasks = vec![Task {
        vertices: arena.vertices().collect(),
        low: -bound.clone(),
        high: bound,
        upper_start: None,
        lower_start: None,
        misses: 0,
    }];
    // The moves the decisions so far suggest, for guessing thresholds.
    let mut guess = super::si::initial_profile_of(arena);
    let mut means = CycleMeans::new(n);
    let mut valuations = (Valuation::<i128>::default(), Valuation::<Big>::default());
    while let Some(task) = tasks.pop() {
        let width = &task.high - &task.low;
        let guessed = if task.misses < MISSES && width > narrow {
            match &rewards.small {
                Some(small) => means.median_between(arena, small, &guess, &task),
                None => means.median_between(arena, &rewards.big, &guess, &task),
            }
        } else {
            None
        };
        let used_guess = guessed.is_some();
        let t = match guessed {
            Some(t) => t,
            None if width <= narrow => simplest_between(&task.low, &task.high),
            None => &(&task.low + &task.high) / &Rational::from(2),
        };
        let local = Local::new(game, &task.vertices, &mut local_of);
        let upper_start = local.moves_of(task.upper_start.as_deref());
        let lower_start = local.moves_of(task.lower_start.as_deref());
        let starts = (upper_start.as_deref(), lower_start.as_deref());
        let threshold = Threshold::new(t.to_big(), &rewards.w);
        let (upper, lower) = match rewards.small_enough(&threshold) {
            Some(small) => decide_both(&local, small, &threshold, starts, &mut valuations.0, stats),
            None => {
                let big = &rewards.big;
                decide_both(&local, big, &threshold, starts, &mut valuations.1, stats)
            }
        };
        let (mut above, mut below) = (Vec::new(), Vec::new());
        let (mut above_start, mut below_start) = (Vec::new(), Vec::new());
        let edge = |j: Option<usize>| j.map(|j| local.edge[j]);
        for i in 0..local.len() {
            let v = local.global[i];
            let lower_choice = lower.as_ref().and_then(|lower| lower.choice[i]);
            for j in [upper.choice[i], lower_choice].into_iter().flatten() {
                guess.set(v, local.edge[j]);
            }
            let Some(lower) = &lower else {
                above.push(v);
                continue;
            };
            if upper.above[i] {
                above.push(v);
                above_start.push(edge(lower.sigma[i]));
            } else if lower.above[i] {
                below.push(v);
                below_start.push(edge(upper.sigma[i]));
            } else {
                values[v.index()] = t.clone();
                // Min's move from the decision at t, Max's from the negated one.
                let own = if local.max[i] { lower } else { &upper };
                let j = own.choice[i].expect("a move for the holding player");
                strategy.set(v, local.edge[j]);
            }
        }
        // A guess that did not halve the interval is a miss.
        let misses = |low: &Rational, high: &Rational| {
            let halved = (high - low) * Rational::from(2) <= width;
            if used_guess && !halved {
                task.misses + 1
            } else {
                0
            }
        };
        if !above.is_empty() {
            tasks.push(Task {
                vertices: above,
                upper_start: None,
                lower_start: lower.is_some().then_some(above_start),
                misses: misses(&t, &task.high),
                low: t.clone(),
                high: task.high.clone(),
            });
        }
        if !below.is_empty() {
            tasks.push(Task {
                vertices: below,
                upper_start: Some(below_start),
                lower_start: None,
                misses: misses(&task.low, &t),
                low: task.low,
                high: t,
            });
        }
    }
    let scale = Rational::from_big(num_rational::BigRational::from_integer(scale));
    for x in &mut values {
        *x = &*x / &scale;
    }
    Ok(Solution { values, strategy })
}

/// The rewards scaled to integers, as [`Big`] integers and, when the sum of any `n` of them
/// fits, as `i128`.
struct Rewards {
    big: Vec<Big>,
    small: Option<Vec<i128>>,
    /// The largest absolute value of a reward.
    w: BigInt,
    /// The length of `n` in bits.
    n_bits: u64,
}

impl Rewards {
    fn new(reward: Vec<BigInt>, n: usize, arithmetic: Arithmetic) -> Self {
        use num_traits::{Signed, ToPrimitive};
        let w = reward.iter().map(|r| r.abs()).max().unwrap_or_default();
        let n_bits = u64::from(usize::BITS - n.leading_zeros());
        // The mean of a cycle adds up at most n rewards.
        let small = (arithmetic == Arithmetic::Fastest && w.bits() + n_bits <= 126)
            .then(|| reward.iter().map(|r| r.to_i128()).collect())
            .flatten();
        Rewards {
            big: reward.into_iter().map(Big::Finite).collect(),
            small,
            w,
            n_bits,
        }
    }

    /// The rewards in `i128` if a decision at the threshold `t = a/b` cannot overflow there.
    ///
    /// The shifted rewards `b r - a` are at most `S = b W + |a|` in absolute value.
    /// - A valuation's label at `v` is the sum of the rewards along a simple path: were `v` on
    ///   the walk behind its new label, that label would be its older one plus a cycle's sum,
    ///   positive (the strategy is admissible), and labels only fall. (An update clears some
    ///   vertices; the walk behind a new label runs through cleared vertices, then along the
    ///   tree path of a kept vertex, which avoids them.) So labels, and a reward plus a label,
    ///   stay below `(n + 1) S`.
    /// - The negative-cycle search weighs moves `(n + 1) x - 1`, at most `(n + 2) S` in absolute
    ///   value, and never keeps a distance below `-n (n + 2) S - 1` without finding a cycle
    ///   (see `nonpositive_cycles`): its integers stay below `(n + 2)^2 S + 1 <= 10 n^2 S`.
    ///
    /// The decision runs in `i128` when `2^(bits(S) + 3 bits(n) + 5)`, a wide margin over
    /// both, is at most `2^126`.
    fn small_enough(&self, t: &Threshold) -> Option<&[i128]> {
        let small = self.small.as_deref()?;
        (t.bound.bits() + 3 * self.n_bits + 5 <= 126).then_some(small)
    }
}

/// A threshold `t = a/b` and the bound `S = b W + |a|` on the rewards `b r - a` it gives.
struct Threshold {
    t: num_rational::BigRational,
    bound: BigInt,
}

impl Threshold {
    fn new(t: num_rational::BigRational, w: &BigInt) -> Self {
        let bound = t.denom() * w + num_traits::Signed::abs(t.numer());
        Threshold { t, bound }
    }
}

/// Where a decision starts strategy improvement: a move or None per vertex (see [`decide`]).
type Start<'a> = Option<&'a [Option<usize>]>;

/// The two decisions at the threshold `t = a/b`: for the maximiser on `b r - a`, and, unless
/// every vertex is above `t`, for the minimiser on `a - b r`; from the starts given.
fn decide_both<T: Int>(
    local: &Local,
    reward: &[T],
    threshold: &Threshold,
    (upper_start, lower_start): (Start<'_>, Start<'_>),
    valuation: &mut Valuation<T>,
    stats: &mut Stats,
) -> (Decision, Option<Decision>) {
    let (t, bound) = (&threshold.t, &threshold.bound);
    let (a, b) = (T::from_big(t.numer()), T::from_big(t.denom()));
    let shifted: Vec<T> = local
        .global
        .iter()
        .map(|v| b.times(&reward[v.index()]).minus(&a))
        .collect();
    let upper = decide(
        local,
        &local.max,
        &shifted,
        bound,
        upper_start,
        valuation,
        stats,
    );
    // When every vertex is above t, none is below.
    if upper.above.iter().all(|&x| x) {
        return (upper, None);
    }
    let negated: Vec<T> = local
        .global
        .iter()
        .map(|v| a.minus(&b.times(&reward[v.index()])))
        .collect();
    let minimiser_is_max: Vec<bool> = local.max.iter().map(|m| !m).collect();
    let lower = decide(
        local,
        &minimiser_is_max,
        &negated,
        bound,
        lower_start,
        valuation,
        stats,
    );
    (upper, Some(lower))
}

/// The mean payoffs of strategy pairs, by following each vertex's one move to the cycle it
/// ends on (scaled integer rewards; the means are fractions with denominators at most `n`).
struct CycleMeans {
    /// The call that last gave each vertex its mean (0: none).
    stamp: Vec<u32>,
    call: u32,
    mean: Vec<Rational>,
    /// Position on the current path, or `usize::MAX`.
    position: Vec<usize>,
}

impl CycleMeans {
    fn new(n: usize) -> Self {
        CycleMeans {
            stamp: vec![0; n],
            call: 0,
            mean: vec![Rational::ZERO; n],
            position: vec![usize::MAX; n],
        }
    }

    /// The median of the pair means of the task's vertices under `profile` that lie strictly
    /// inside its interval, if any do.
    fn median_between<T: Int>(
        &mut self,
        arena: &kalmar_core::Arena,
        reward: &[T],
        profile: &Strategy,
        task: &Task,
    ) -> Option<Rational> {
        let (vertices, low, high) = (&task.vertices, &task.low, &task.high);
        self.call += 1;
        let call = self.call;
        let mut inside = Vec::new();
        for &start in vertices.iter() {
            let mut path: Vec<Vertex> = Vec::new();
            let mut v = start;
            let value = loop {
                if self.stamp[v.index()] == call {
                    break self.mean[v.index()].clone();
                }
                let at = self.position[v.index()];
                if at != usize::MAX {
                    let cycle = &path[at..];
                    let sum = cycle
                        .iter()
                        .skip(1)
                        .fold(reward[cycle[0].index()].clone(), |x, u| {
                            x.plus(&reward[u.index()])
                        });
                    break Rational::from_big(num_rational::BigRational::new(
                        sum.to_big(),
                        BigInt::from(cycle.len()),
                    ));
                }
                self.position[v.index()] = path.len();
                path.push(v);
                v = profile.successor(arena, v).expect("a move at every vertex");
            };
            for u in path {
                self.position[u.index()] = usize::MAX;
                self.stamp[u.index()] = call;
                self.mean[u.index()] = value.clone();
            }
            let x = &self.mean[start.index()];
            if low < x && x < high {
                inside.push(x.clone());
            }
        }
        if inside.is_empty() {
            return None;
        }
        let middle = inside.len() / 2;
        Some(inside.select_nth_unstable(middle).1.clone())
    }
}

/// The fraction with the smallest denominator strictly between `low` and `high` (by continued
/// fractions, as in the Stern–Brocot tree).
fn simplest_between(low: &Rational, high: &Rational) -> Rational {
    use num_rational::BigRational;
    use num_traits::{One, Zero};
    fn simplest(p: BigRational, q: BigRational) -> BigRational {
        let floor = p.floor();
        let next = floor.clone() + BigRational::one();
        if next < q {
            // An integer lies strictly inside (p, q).
            return next;
        }
        let (p, q) = (p - floor.clone(), q - floor.clone());
        if p.is_zero() {
            // (0, q) with q <= 1: 1/m for the smallest m with 1/m < q.
            let m = q.recip().floor() + BigRational::one();
            return floor + m.recip();
        }
        floor + simplest(q.recip(), p.recip()).recip()
    }
    Rational::from_big(simplest(low.to_big(), high.to_big()))
}
