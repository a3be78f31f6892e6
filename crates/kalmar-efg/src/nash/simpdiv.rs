//! Simplicial subdivision for strategic-form games of any number of players: an approximate Nash
//! equilibrium, found by following a path of simplices on a grid of mixed profiles and
//! restarting it from where it ended on finer and finer grids, until the profile's exact regret
//! is small enough.
//!
//! The variable-dimension restart algorithm on the product of the players' simplices of
//! G. van der Laan and A. J. J. Talman, *On the computation of fixed points in the product space
//! of unit simplices and an application to noncooperative N person games*, Mathematics of
//! Operations Research 7 (1982), with the restarts on refined grids of G. van der Laan,
//! A. J. J. Talman and L. van der Heyden, *Simplicial variable dimension algorithms for solving
//! the nonlinear complementarity problem on a product of unit simplices using a general
//! labelling*, Mathematics of Operations Research 12 (1987), the method of Gambit's `simpdiv`.
//!
//! - **Grid.** The profiles whose probabilities are multiples of `1/m`. Each player's strategies
//!   are put in a cyclic order, and the direction `q(c)` moves `1/m` of a player's probability
//!   from its strategy `c` to the next in the order. From the start `v`, for a set `T` of
//!   directions that leaves out at least one of every player's, the region `A(T)` holds the
//!   profiles `v + Σ_{c ∈ T} λ_c q(c)`, `λ ≥ 0`. The regions partition the product of
//!   simplices, and `A(T)` is cut into the `|T|`-simplices `y⁰, y⁰ + q(π₁)/m, …` of
//!   Freudenthal's triangulation, `y⁰ = v + Σ a_c q(c)/m` for integers `a ≥ 0` and orders `π`
//!   of `T`.
//! - **Labels.** A grid point is labelled with a direction `c` whose strategy the point plays,
//!   so the path never leaves the product of simplices. Two labellings are used: *best reply*
//!   (Gambit's): the player of largest regret (the first of ties) and its best reply `b` (the
//!   first of ties), the label being the first strategy met going back from `b` along the order
//!   that the point plays, so that `q` moves probability towards `b`; and *gap*: among all
//!   players' played strategies, the one whose payoff falls farthest below its player's best
//!   reply.
//! - **Path.** From `v` (`T = ∅`), a simplex of `A(T)` whose labels are `T` and one more label
//!   `l` grows into `A(T ∪ {l})`; one whose labels repeat one drops the older vertex of the two
//!   and pivots to the neighbouring simplex, down into `A(T ∖ {c})` when it would cross
//!   `λ_c = 0`. The path ends at a simplex carrying every label of one player `j`, and either
//!   labelling makes that an approximate equilibrium: with best reply, every strategy `j`
//!   plays near there is a best reply (a played strategy is only moved to when it is the best
//!   reply), so `j`'s regret, the largest, is `O(1/m)`; with gap, the largest gap of any played
//!   strategy is at most `j`'s best reply's, 0, up to `O(1/m)`.
//! - **Restarts.** The end's vertex of least regret starts a path on the grid refined by
//!   [`SimpdivOptions::refine`], until a profile's exact regret is at most
//!   [`SimpdivOptions::max_regret`] times the game's payoff range (the largest payoff of any
//!   player at any profile minus the smallest; Gambit's `maxregret` criterion). Each path orders
//!   every player's strategies by their payoffs at its start, so that `q` moves probability to
//!   the next better strategy. Near an equilibrium the labels behave like a dynamic, which an
//!   equilibrium may repel: a restart path can then wander off a distance that does not shrink
//!   with the grid, so that its pivots grow with `m` (Gambit's paths do too). A path that takes
//!   more than its budget of pivots (initially `16 (n + 1)` for `n` strategies in all) is
//!   therefore abandoned and followed again from the same start with the orders reversed, then
//!   with the other labelling; the budget doubles after each round of the four, so every grid
//!   still ends with a completely labelled simplex.
//!
//! Arithmetic: grid points are integer numerators over `m`, so the path's combinatorics are
//! exact. A label needs every strategy's payoff against the others' mixture; these are computed
//! in `f64` from `f64` copies of the payoffs, with a bound on their rounding error, and a
//! comparison closer than the bound is not trusted: the point is then labelled again in exact
//! rationals. The labels are therefore those of the exact game. The returned profile is exact
//! (probabilities with the grid's denominator) and its regret is computed exactly.
//!
//! # Complexity
//! Each pivot labels one new grid point: `O(P · N)` floating-point operations for `P` profiles
//! and `N` players (and `O(P · N²)` rational operations for the rare point labelled exactly),
//! with no allocation. The number of pivots has no polynomial bound (finding an approximate
//! equilibrium is PPAD-complete); a restart path from a good start is usually short.
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_efg::format::read_nfg;
//! use kalmar_efg::nash::simpdiv::{SimpdivOptions, simpdiv};
//! // Three players in a cycle: 1 wants to match 2, 2 to match 3, 3 to differ from 1. The
//! // only equilibrium has each playing its first strategy with probability 1/3.
//! let game = read_nfg(
//!     "NFG 1 R \"cycle\" { \"1\" \"2\" \"3\" } { 2 2 2 }\n\n\
//!      2 2 0 0 2 1 0 0 0 1 0 1 2 0 2 0 0 0 0 1 2 1 1 0\n",
//! )
//! .unwrap();
//! let found = simpdiv(&game, &SimpdivOptions::default()).unwrap();
//! assert!(found.stopped.is_none() && found.regret <= found.bound);
//! for mixed in &found.profile.0 {
//!     assert!((mixed[0].to_f64() - 1.0 / 3.0).abs() < 1e-6);
//! }
//! // On grids of thirds the path ends on the equilibrium itself.
//! let thirds = SimpdivOptions { grid: 3, ..SimpdivOptions::default() };
//! let exact = simpdiv(&game, &thirds).unwrap();
//! assert_eq!(exact.regret, Rational::ZERO);
//! assert_eq!(exact.profile.0[0], [Rational::new(1, 3), Rational::new(2, 3)]);
//! ```

use super::passed;
use super::profile::{
    MixedProfile, ProfileError, check, max_regret, payoff_range, strategy_values,
};
use crate::normal::Nfg;
use kalmar_core::Rational;
use num_integer::Integer;
use std::cmp::Ordering;
use std::time::Instant;

/// How to run [`simpdiv`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimpdivOptions {
    /// The profile the first path starts from; `None` for the centroid (every player mixing
    /// uniformly, Gambit's default start).
    pub start: Option<MixedProfile>,
    /// The first grid's denominator is the least common multiple of this and the start's
    /// denominators (so the start is a grid point). Default 1.
    pub grid: u64,
    /// Each restart multiplies the grid's denominator by this (at least 2). Default 2.
    pub refine: u64,
    /// A profile is accepted when its exact regret is at most this times the game's payoff
    /// range. Default `1/10⁸`.
    pub max_regret: Rational,
    /// Stop with the best profile seen when this passes.
    pub deadline: Option<Instant>,
    /// Stop with the best profile seen after this many pivots.
    pub max_pivots: Option<u64>,
}

impl Default for SimpdivOptions {
    fn default() -> Self {
        SimpdivOptions {
            start: None,
            grid: 1,
            refine: 2,
            max_regret: Rational::new(1, 100_000_000),
            deadline: None,
            max_pivots: None,
        }
    }
}

/// Why [`simpdiv`] stopped before reaching the bound on the regret.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The deadline passed.
    Deadline,
    /// The pivot limit was reached.
    Pivots,
    /// A finer grid's denominator would not fit in 63 bits.
    Grid,
}

/// An approximate equilibrium found by [`simpdiv`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimpdivResult {
    /// The profile: the last path's vertex of least regret, or, when stopped, the grid point
    /// of least regret seen.
    pub profile: MixedProfile,
    /// The profile's largest regret over the players, exact.
    pub regret: Rational,
    /// The bound on the regret: [`SimpdivOptions::max_regret`] times the payoff range.
    pub bound: Rational,
    /// The denominator of the profile's grid.
    pub grid: u64,
    /// Grid points labelled along the paths (each path's start not counted).
    pub pivots: u64,
    /// Paths abandoned when they ran out of their budget of pivots.
    pub abandoned: u64,
    /// Points whose label needed exact arithmetic (a floating-point comparison too close).
    pub exact_labels: u64,
    /// Restarts on a refined grid.
    pub refinements: u32,
    /// Why it stopped early, if it did: then `regret` may exceed `bound`.
    pub stopped: Option<Stop>,
}

/// Why [`simpdiv`] cannot run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimpdivError {
    /// A player without strategies has no mixed strategy.
    #[error("player {0} has no strategies")]
    NoStrategies(usize),
    /// The start is not a mixed profile of the game.
    #[error("the start: {0}")]
    Start(#[from] ProfileError),
    /// The first grid's denominator does not fit in 63 bits.
    #[error("the start's denominators need a grid finer than 1/2^63")]
    StartGrid,
    /// The refinement factor or the grid is out of range.
    #[error("the refinement factor must be at least 2 and the grid at least 1")]
    Options,
}

/// An approximate Nash equilibrium by simplicial subdivision with restarts.
pub fn simpdiv(game: &Nfg, options: &SimpdivOptions) -> Result<SimpdivResult, SimpdivError> {
    let shape = game.shape();
    if let Some(j) = shape.iter().position(|&s| s == 0) {
        return Err(SimpdivError::NoStrategies(j + 1));
    }
    if options.refine < 2 || options.grid < 1 {
        return Err(SimpdivError::Options);
    }
    let refine = i64::try_from(options.refine).map_err(|_| SimpdivError::Options)?;
    let start = options.start.clone().unwrap_or_else(|| centroid(&shape));
    check(game, &start)?;
    let (mut point, mut m) = grid_point(&start, options.grid)?;
    let bound = &options.max_regret * &payoff_range(game);
    let mut search = Search::new(game, options, &point, m);
    if shape.is_empty() {
        // Without players the empty profile is an equilibrium.
        return Ok(search.result(point, m, Rational::ZERO, bound, 0, None));
    }
    let mut path = Path::new(&shape);
    let mut refinements = 0;
    let mut regret = search.visit(&point, m);
    let stopped = loop {
        if let Some(exact) = search.accept(&point, m, regret, &bound) {
            return Ok(search.result(point, m, exact, bound, refinements, None));
        }
        match restart(&mut path, &mut search, &point, m) {
            Ok(end) => (point, regret) = end,
            Err(stop) => break stop,
        }
        let Some(finer) = m.checked_mul(refine) else {
            break Stop::Grid;
        };
        m = finer;
        for p in &mut point {
            *p *= refine;
        }
        refinements += 1;
    };
    let (point, m) = (search.best.clone(), search.best_grid);
    let exact = max_regret(game, &profile(&point, m, &shape)).expect("a grid point is a profile");
    Ok(search.result(point, m, exact, bound, refinements, Some(stopped)))
}

/// The ways to follow a path, tried in turn when one runs out of its budget: a labelling, and
/// whether the cyclic orders are reversed.
const ATTEMPTS: [(Rule, bool); 4] = [
    (Rule::BestReply, false),
    (Rule::BestReply, true),
    (Rule::Gap, false),
    (Rule::Gap, true),
];

/// Follows a path on the grid of denominator `m` from `v` to its end, trying the
/// [`ATTEMPTS`] in turn with a budget of pivots that doubles after each round of them; returns
/// the end's vertex of least regret, and that regret.
fn restart(
    path: &mut Path,
    search: &mut Search<'_>,
    v: &[i64],
    m: i64,
) -> Result<(Vec<i64>, f64), Stop> {
    let mut budget = 16 * (v.len() as u64 + 1);
    loop {
        for &(rule, reversed) in &ATTEMPTS {
            search.budget = budget;
            match path.follow(search, v, m, rule, reversed) {
                Ok(()) => return Ok(path.end()),
                Err(Left::Stop(stop)) => return Err(stop),
                Err(Left::Budget) => search.abandoned += 1,
            }
        }
        budget = budget.saturating_mul(2);
    }
}

/// Every player mixing uniformly.
fn centroid(shape: &[usize]) -> MixedProfile {
    MixedProfile::new(
        shape
            .iter()
            .map(|&n| vec![Rational::new(1, n as i64); n])
            .collect(),
    )
}

/// The profile as integer numerators over the least common multiple of `grid` and its
/// denominators, and that denominator.
fn grid_point(profile: &MixedProfile, grid: u64) -> Result<(Vec<i64>, i64), SimpdivError> {
    let fractions: Vec<(i64, i64)> = profile
        .0
        .iter()
        .flatten()
        .map(|p| p.to_small().ok_or(SimpdivError::StartGrid))
        .collect::<Result<_, _>>()?;
    let mut m = i64::try_from(grid).map_err(|_| SimpdivError::StartGrid)?;
    for &(_, den) in &fractions {
        m = i64::try_from(i128::from(m).lcm(&i128::from(den)))
            .map_err(|_| SimpdivError::StartGrid)?;
    }
    Ok((fractions.iter().map(|&(n, d)| n * (m / d)).collect(), m))
}

/// The grid point `point / m` as a profile of the game of this shape.
fn profile(point: &[i64], m: i64, shape: &[usize]) -> MixedProfile {
    let mut rest = point;
    MixedProfile::new(
        shape
            .iter()
            .map(|&n| {
                let (mine, others) = rest.split_at(n);
                rest = others;
                mine.iter().map(|&p| Rational::new(p, m)).collect()
            })
            .collect(),
    )
}

/// A labelling of grid points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// Towards the best reply of the player of largest regret.
    BestReply,
    /// Away from the played strategy farthest below its player's best reply.
    Gap,
}

/// What a labelling compares (for the rounding error of each).
#[derive(Clone, Copy)]
enum Kind {
    Regret,
    Value,
    Gap,
}

/// A grid point's measures: each player's regret, and each strategy's value (payoff against
/// the others' mixture) and gap (its player's best value minus its value).
struct Measures<'a, T> {
    regret: &'a [T],
    value: &'a [T],
    gap: &'a [T],
}

/// Orders two measures of a kind, and says whether the order is certain (always, in exact
/// arithmetic; in `f64`, when they differ by more than their rounding errors).
trait Compare<T>: Fn(Kind, &T, &T) -> (Ordering, bool) {}

impl<T, F: Fn(Kind, &T, &T) -> (Ordering, bool)> Compare<T> for F {}

/// The first of `candidates` (not empty) whose measure is largest, or `None` when another
/// comes too close to it to be sure.
fn argmax<T>(
    kind: Kind,
    candidates: impl Iterator<Item = usize> + Clone,
    measure: &[T],
    cmp: &impl Compare<T>,
) -> Option<usize> {
    let mut best = None;
    for c in candidates.clone() {
        if best.is_none_or(|b| cmp(kind, &measure[c], &measure[b]).0 == Ordering::Greater) {
            best = Some(c);
        }
    }
    let best = best.expect("there are candidates");
    let mut others = candidates.filter(|&c| c != best);
    others
        .all(|c| cmp(kind, &measure[c], &measure[best]).1)
        .then_some(best)
}

/// The label of `point` under `rule`, with each player's strategies at
/// `offset[j]..offset[j + 1]` and `prev` the cyclic orders backwards; `None` when `cmp` finds
/// the maximum of a comparison too close to call.
fn decide<T>(
    rule: Rule,
    offset: &[usize],
    prev: &[usize],
    point: &[i64],
    measures: &Measures<'_, T>,
    cmp: impl Compare<T>,
) -> Option<usize> {
    match rule {
        Rule::BestReply => {
            let player = argmax(
                Kind::Regret,
                0..measures.regret.len(),
                measures.regret,
                &cmp,
            )?;
            let strategies = offset[player]..offset[player + 1];
            let mut from = prev[argmax(Kind::Value, strategies, measures.value, &cmp)?];
            while point[from] == 0 {
                from = prev[from];
            }
            Some(from)
        }
        Rule::Gap => {
            let played = (0..point.len()).filter(|&c| point[c] > 0);
            argmax(Kind::Gap, played, measures.gap, &cmp)
        }
    }
}

/// The game's payoffs as `f64`, and the scratch space to measure grid points.
struct Evaluator<'a> {
    game: &'a Nfg,
    shape: Vec<usize>,
    /// Player `j`'s strategies are the coordinates `offset[j]..offset[j + 1]`.
    offset: Vec<usize>,
    /// `payoff[k · N + j]`: player `j`'s payoff at profile `k`.
    payoff: Vec<f64>,
    /// Bounds on the rounding error of a strategy's value and of a player's regret.
    value_error: f64,
    regret_error: f64,
    /// The point's probabilities, and its measures.
    x: Vec<f64>,
    value: Vec<f64>,
    gap: Vec<f64>,
    regret: Vec<f64>,
    /// The profile's strategies as coordinates, and products of their probabilities.
    coordinate: Vec<usize>,
    prefix: Vec<f64>,
    exact_labels: u64,
}

impl<'a> Evaluator<'a> {
    fn new(game: &'a Nfg) -> Evaluator<'a> {
        let shape = game.shape();
        let players = shape.len();
        let mut offset = vec![0];
        for &s in &shape {
            offset.push(offset[offset.len() - 1] + s);
        }
        let profiles = game.num_profiles();
        let payoff: Vec<f64> = (0..profiles)
            .flat_map(|k| (0..players).map(move |j| game.payoff(k, j).to_f64()))
            .collect();
        let largest = payoff.iter().fold(0.0f64, |a, u| a.max(u.abs()));
        // A value sums at most P terms, each a payoff times N - 1 probabilities: at most 5N
        // roundings in a term (conversions, quotients, products) and P in the sum, each of
        // relative error 2^-53; twice that covers the higher-order terms. A regret adds a
        // maximum and an expectation over at most n strategies.
        let unit = f64::EPSILON;
        let strategies = shape.iter().copied().max().unwrap_or(0);
        let value_error = (profiles + 5 * players + 8) as f64 * unit * largest;
        let regret_error = 2.0 * value_error + (strategies + 4) as f64 * unit * largest;
        let coordinates = offset[players];
        Evaluator {
            game,
            x: vec![0.0; coordinates],
            value: vec![0.0; coordinates],
            gap: vec![0.0; coordinates],
            regret: vec![0.0; players],
            coordinate: vec![0; players],
            prefix: vec![0.0; players + 1],
            shape,
            offset,
            payoff,
            value_error,
            regret_error,
            exact_labels: 0,
        }
    }

    /// Measures the grid point `point / m` in `f64`; returns its largest regret.
    fn evaluate(&mut self, point: &[i64], m: i64) -> f64 {
        let players = self.shape.len();
        for (x, &p) in self.x.iter_mut().zip(point) {
            *x = p as f64 / m as f64;
        }
        self.value.fill(0.0);
        self.coordinate.copy_from_slice(&self.offset[..players]);
        self.prefix[0] = 1.0;
        for payoffs in self.payoff.chunks_exact(players) {
            for i in 0..players {
                self.prefix[i + 1] = self.prefix[i] * self.x[self.coordinate[i]];
            }
            let mut suffix = 1.0;
            for i in (0..players).rev() {
                let c = self.coordinate[i];
                self.value[c] += payoffs[i] * self.prefix[i] * suffix;
                suffix *= self.x[c];
            }
            for i in 0..players {
                self.coordinate[i] += 1;
                if self.coordinate[i] < self.offset[i + 1] {
                    break;
                }
                self.coordinate[i] = self.offset[i];
            }
        }
        let mut largest = 0.0f64;
        for j in 0..players {
            let strategies = self.offset[j]..self.offset[j + 1];
            let values = &self.value[strategies.clone()];
            let best = values.iter().fold(f64::NEG_INFINITY, |a, &v| a.max(v));
            let expected: f64 = values
                .iter()
                .zip(&self.x[strategies.clone()])
                .map(|(v, x)| v * x)
                .sum();
            for c in strategies {
                self.gap[c] = best - self.value[c];
            }
            self.regret[j] = best - expected;
            largest = largest.max(self.regret[j]);
        }
        largest
    }

    /// The label under `rule` of the point [`Evaluator::evaluate`] measured last.
    fn label(&mut self, point: &[i64], m: i64, rule: Rule, prev: &[usize]) -> usize {
        let measures = Measures {
            regret: &self.regret,
            value: &self.value,
            gap: &self.gap,
        };
        let (value_error, regret_error) = (self.value_error, self.regret_error);
        let close = |kind: Kind, a: &f64, b: &f64| {
            let error = match kind {
                Kind::Regret => regret_error,
                Kind::Value => value_error,
                Kind::Gap => 2.0 * value_error,
            };
            (a.total_cmp(b), (a - b).abs() > 2.0 * error)
        };
        decide(rule, &self.offset, prev, point, &measures, close)
            .unwrap_or_else(|| self.exact_label(point, m, rule, prev))
    }

    /// The label of `point / m` under `rule` in exact arithmetic.
    fn exact_label(&mut self, point: &[i64], m: i64, rule: Rule, prev: &[usize]) -> usize {
        self.exact_labels += 1;
        let profile = profile(point, m, &self.shape);
        let values = strategy_values(self.game, &profile).expect("a grid point is a profile");
        let (mut regret, mut gap) = (Vec::new(), Vec::new());
        for (value, mixed) in values.iter().zip(&profile.0) {
            let best = value.iter().max().cloned().unwrap_or(Rational::ZERO);
            let expected = value
                .iter()
                .zip(mixed)
                .fold(Rational::ZERO, |a, (v, p)| a + &(v * p));
            regret.push(&best - &expected);
            gap.extend(value.iter().map(|v| &best - v));
        }
        let value: Vec<Rational> = values.into_iter().flatten().collect();
        let measures = Measures {
            regret: &regret,
            value: &value,
            gap: &gap,
        };
        let exact = |_: Kind, a: &Rational, b: &Rational| (a.cmp(b), true);
        decide(rule, &self.offset, prev, point, &measures, exact).expect("exact comparisons")
    }
}

/// Why a path was left before its end.
enum Left {
    /// A limit of [`SimpdivOptions`].
    Stop(Stop),
    /// The path's budget of pivots ran out.
    Budget,
}

/// The measuring of points, the limits, and the best point seen.
struct Search<'a> {
    evaluator: Evaluator<'a>,
    deadline: Option<Instant>,
    max_pivots: Option<u64>,
    pivots: u64,
    /// Pivots left to the path being followed, and paths abandoned.
    budget: u64,
    abandoned: u64,
    /// The grid point of least `f64` regret seen, its grid's denominator, and its regret.
    best: Vec<i64>,
    best_grid: i64,
    best_regret: f64,
}

impl<'a> Search<'a> {
    fn new(game: &'a Nfg, options: &SimpdivOptions, start: &[i64], m: i64) -> Search<'a> {
        Search {
            evaluator: Evaluator::new(game),
            deadline: options.deadline,
            max_pivots: options.max_pivots,
            pivots: 0,
            budget: 0,
            abandoned: 0,
            best: start.to_vec(),
            best_grid: m,
            best_regret: f64::INFINITY,
        }
    }

    /// Measures a grid point, remembering it if it is the best so far; returns its largest
    /// regret.
    fn visit(&mut self, point: &[i64], m: i64) -> f64 {
        let regret = self.evaluator.evaluate(point, m);
        if regret < self.best_regret {
            self.best.copy_from_slice(point);
            self.best_grid = m;
            self.best_regret = regret;
        }
        regret
    }

    /// Labels a new vertex of a path, unless a limit stops it first; returns the label and
    /// the vertex's largest regret.
    fn pivot(
        &mut self,
        point: &[i64],
        m: i64,
        rule: Rule,
        prev: &[usize],
    ) -> Result<(usize, f64), Left> {
        if self.max_pivots.is_some_and(|limit| self.pivots >= limit) {
            return Err(Left::Stop(Stop::Pivots));
        }
        if self.pivots.is_multiple_of(64) && passed(self.deadline) {
            return Err(Left::Stop(Stop::Deadline));
        }
        if self.budget == 0 {
            return Err(Left::Budget);
        }
        self.budget -= 1;
        self.pivots += 1;
        let regret = self.visit(point, m);
        Ok((self.evaluator.label(point, m, rule, prev), regret))
    }

    /// The exact regret of `point / m` if it is at most `bound`; the `f64` `regret` decides
    /// whether it is worth computing.
    fn accept(&self, point: &[i64], m: i64, regret: f64, bound: &Rational) -> Option<Rational> {
        if regret > bound.to_f64() + 2.0 * self.evaluator.regret_error {
            return None;
        }
        let profile = profile(point, m, &self.evaluator.shape);
        let exact = max_regret(self.evaluator.game, &profile).expect("a grid point is a profile");
        (exact <= *bound).then_some(exact)
    }

    fn result(
        &self,
        point: Vec<i64>,
        m: i64,
        regret: Rational,
        bound: Rational,
        refinements: u32,
        stopped: Option<Stop>,
    ) -> SimpdivResult {
        SimpdivResult {
            profile: profile(&point, m, &self.evaluator.shape),
            regret,
            bound,
            grid: m as u64,
            pivots: self.pivots,
            abandoned: self.abandoned,
            exact_labels: self.evaluator.exact_labels,
            refinements,
            stopped,
        }
    }
}

/// The simplex of the path and the region it lies in, reused from path to path.
struct Path {
    /// The number of coordinates (all players' strategies).
    coordinates: usize,
    /// Each coordinate's player, and each player's number of strategies.
    player: Vec<usize>,
    strategies: Vec<usize>,
    /// The cyclic orders: `q(c)` moves probability from `c` to `next[c]`; `prev` is the
    /// inverse, and `cycle` scratch space to sort them.
    next: Vec<usize>,
    prev: Vec<usize>,
    cycle: Vec<usize>,
    /// The labelling followed.
    rule: Rule,
    /// Storage for the vertices: slot `s` holds the numerators of one grid point.
    points: Vec<i64>,
    /// The label and largest regret of the vertex in each slot.
    labels: Vec<usize>,
    regrets: Vec<f64>,
    /// The slots of the vertices `y⁰, …, yᵗ` in order, and the unused slots.
    order: Vec<usize>,
    free: Vec<usize>,
    /// `yⁱ⁺¹ = yⁱ + q(π[i])`.
    pi: Vec<usize>,
    /// `y⁰ = v + Σ a[c] q(c)`.
    a: Vec<i64>,
    /// Whether each direction is in `T`, and how many of each player's are.
    in_t: Vec<bool>,
    count: Vec<usize>,
}

impl Path {
    fn new(shape: &[usize]) -> Path {
        let player: Vec<usize> = (0..shape.len())
            .flat_map(|j| std::iter::repeat_n(j, shape[j]))
            .collect();
        let coordinates = player.len();
        // A simplex of A(T) has |T| + 1 vertices, and T leaves out a direction of every player.
        let slots = coordinates - shape.len() + 1;
        Path {
            coordinates,
            player,
            strategies: shape.to_vec(),
            next: vec![0; coordinates],
            prev: vec![0; coordinates],
            cycle: vec![0; coordinates],
            rule: Rule::BestReply,
            points: vec![0; slots * coordinates],
            labels: vec![0; slots],
            regrets: vec![0.0; slots],
            order: Vec::with_capacity(slots),
            free: Vec::with_capacity(slots),
            pi: Vec::with_capacity(slots),
            a: vec![0; coordinates],
            in_t: vec![false; coordinates],
            count: vec![0; shape.len()],
        }
    }

    /// Orders each player's strategies cyclically by their values, from the best, so that
    /// `q(c)` moves probability to the next better strategy (from the best to the worst), or,
    /// `reversed`, to the next worse (from the worst to the best).
    fn orient(&mut self, value: &[f64], reversed: bool) {
        let mut first = 0;
        for &n in &self.strategies {
            let cycle = &mut self.cycle[first..first + n];
            for (k, c) in cycle.iter_mut().enumerate() {
                *c = first + k;
            }
            cycle.sort_by(|&a, &b| value[b].total_cmp(&value[a]));
            if reversed {
                cycle.reverse();
            }
            for k in 0..n {
                let (from, to) = (cycle[k], cycle[(k + n - 1) % n]);
                self.next[from] = to;
                self.prev[to] = from;
            }
            first += n;
        }
    }

    fn point(&self, slot: usize) -> &[i64] {
        &self.points[slot * self.coordinates..(slot + 1) * self.coordinates]
    }

    /// Sets the vertex at `position` to the one at `from` moved by `sign · q(direction)`, and
    /// labels it.
    fn step(
        &mut self,
        search: &mut Search<'_>,
        m: i64,
        position: usize,
        from: usize,
        direction: usize,
        sign: i64,
    ) -> Result<(), Left> {
        let (slot, source) = (self.order[position], self.order[from]);
        let n = self.coordinates;
        self.points
            .copy_within(source * n..(source + 1) * n, slot * n);
        self.points[slot * n + direction] -= sign;
        self.points[slot * n + self.next[direction]] += sign;
        debug_assert!(
            self.point(slot).iter().all(|&p| p >= 0),
            "the path left the grid"
        );
        let (label, regret) = search.pivot(self.point(slot), m, self.rule, &self.prev)?;
        self.labels[slot] = label;
        self.regrets[slot] = regret;
        Ok(())
    }

    /// Follows the path on the grid of denominator `m` from `v` under `rule`, with the cyclic
    /// orders of the values at `v` (`reversed` or not), to a simplex carrying all labels of one
    /// player.
    fn follow(
        &mut self,
        search: &mut Search<'_>,
        v: &[i64],
        m: i64,
        rule: Rule,
        reversed: bool,
    ) -> Result<(), Left> {
        self.order.clear();
        self.order.push(0);
        self.free.clear();
        self.free.extend((1..self.labels.len()).rev());
        self.pi.clear();
        self.a.fill(0);
        self.in_t.fill(false);
        self.count.fill(0);
        self.rule = rule;
        self.points[..self.coordinates].copy_from_slice(v);
        self.regrets[0] = search.visit(v, m);
        self.orient(&search.evaluator.value, reversed);
        self.labels[0] = search.evaluator.label(v, m, rule, &self.prev);
        // The position of the vertex that came in last.
        let mut entered = 0;
        loop {
            let label = self.labels[self.order[entered]];
            if self.in_t[label] {
                let twin = (0..self.order.len())
                    .find(|&p| p != entered && self.labels[self.order[p]] == label)
                    .expect("a label of T that came in again is carried by another vertex");
                entered = self.replace(search, m, twin)?;
                continue;
            }
            let j = self.player[label];
            if self.count[j] + 1 == self.strategies[j] {
                return Ok(());
            }
            self.in_t[label] = true;
            self.count[j] += 1;
            self.pi.push(label);
            let slot = self.free.pop().expect("a slot for every dimension");
            self.order.push(slot);
            entered = self.order.len() - 1;
            self.step(search, m, entered, entered - 1, label, 1)?;
        }
    }

    /// Drops the vertex at `position` and pivots to the neighbouring simplex, leaving `A(T)`
    /// for a smaller region when the facet left lies on its boundary; returns the position of
    /// the new vertex.
    fn replace(
        &mut self,
        search: &mut Search<'_>,
        m: i64,
        mut position: usize,
    ) -> Result<usize, Left> {
        loop {
            let t = self.pi.len();
            if position == 0 {
                // The new simplex starts one step further along π[0].
                self.a[self.pi[0]] += 1;
                self.order.rotate_left(1);
                self.pi.rotate_left(1);
                self.step(search, m, t, t - 1, self.pi[t - 1], 1)?;
                return Ok(t);
            }
            if position < t {
                self.pi.swap(position - 1, position);
                self.step(search, m, position, position - 1, self.pi[position - 1], 1)?;
                return Ok(position);
            }
            let last = self.pi[t - 1];
            if self.a[last] > 0 {
                // The new simplex starts one step back along π[t - 1].
                self.a[last] -= 1;
                self.order.rotate_right(1);
                self.pi.rotate_right(1);
                self.step(search, m, 0, 1, last, -1)?;
                return Ok(0);
            }
            // The facet lies in A(T ∖ {last}), where it carries `last` as its extra label: the
            // vertex labelled `last` goes next.
            assert!(t > 1, "the path never returns to its start");
            self.pi.pop();
            self.in_t[last] = false;
            self.count[self.player[last]] -= 1;
            let slot = self.order.pop().expect("a simplex has vertices");
            self.free.push(slot);
            position = (0..self.order.len())
                .find(|&p| self.labels[self.order[p]] == last)
                .expect("the facet carries every label of T");
        }
    }

    /// The vertex of least regret of the final simplex, and its regret.
    fn end(&self) -> (Vec<i64>, f64) {
        let best = self
            .order
            .iter()
            .copied()
            .min_by(|&s, &t| self.regrets[s].total_cmp(&self.regrets[t]))
            .expect("a simplex has vertices");
        (self.point(best).to_vec(), self.regrets[best])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::read_nfg;
    use crate::nash::pure::pure_equilibria;
    use crate::nash::support::support_enumeration;
    use proptest::prelude::*;
    use proptest::test_runner::RngSeed;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A game of this shape with these payoffs (profile-major, player 1's strategy fastest).
    fn table(shape: &[usize], payoffs: &[i64]) -> Nfg {
        Nfg::from_payoffs(shape, payoffs.iter().map(|&u| Rational::from(u)))
    }

    /// A game of this shape with payoffs drawn from `-9..=9`.
    fn random_game(shape: &[usize], seed: u64) -> Nfg {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let size = shape.len() * shape.iter().product::<usize>();
        let payoffs: Vec<i64> = (0..size).map(|_| rng.random_range(-9..=9)).collect();
        table(shape, &payoffs)
    }

    fn r(n: i64, d: i64) -> Rational {
        Rational::new(n, d)
    }

    fn solved(game: &Nfg, options: &SimpdivOptions) -> SimpdivResult {
        let found = simpdiv(game, options).unwrap();
        assert_eq!(found.stopped, None);
        assert!(found.regret <= found.bound);
        assert_eq!(max_regret(game, &found.profile).unwrap(), found.regret);
        found
    }

    fn pennies() -> Nfg {
        table(&[2, 2], &[1, -1, -1, 1, -1, 1, 1, -1])
    }

    #[test]
    fn matching_pennies_lands_exactly_on_the_half() {
        let half = vec![vec![r(1, 2), r(1, 2)]; 2];
        // The centroid is the equilibrium: accepted before any pivot.
        let centre = solved(&pennies(), &SimpdivOptions::default());
        assert_eq!((centre.profile.0.clone(), centre.pivots), (half.clone(), 0));
        // From the first strategies, the path ends on it after one refinement.
        let start = MixedProfile::pure(&[2, 2], &[0, 0]);
        let options = SimpdivOptions {
            start: Some(start),
            ..SimpdivOptions::default()
        };
        let found = solved(&pennies(), &options);
        assert_eq!(found.profile.0, half);
        assert_eq!(found.regret, Rational::ZERO);
    }

    #[test]
    fn a_three_player_cycle_approaches_its_only_equilibrium() {
        // 1 matches 2, 2 matches 3, 3 differs from 1; the equilibrium mixes 1/3, 2/3.
        let game = table(
            &[2, 2, 2],
            &[
                2, 2, 0, 0, 2, 1, 0, 0, 0, 1, 0, 1, 2, 0, 2, 0, 0, 0, 0, 1, 2, 1, 1, 0,
            ],
        );
        for start in [[0, 0, 0], [1, 0, 1], [1, 1, 1]] {
            let options = SimpdivOptions {
                start: Some(MixedProfile::pure(&[2, 2, 2], &start)),
                ..SimpdivOptions::default()
            };
            let found = solved(&game, &options);
            for mixed in &found.profile.0 {
                assert!((mixed[0].to_f64() - 1.0 / 3.0).abs() < 1e-6, "{found:?}");
            }
        }
    }

    #[test]
    fn pure_equilibria_are_found_exactly() {
        // The prisoner's dilemma: both defect.
        let pd = read_nfg("NFG 1 R \"pd\" { \"1\" \"2\" } { 2 2 }\n\n3 3 5 0 0 5 1 1\n").unwrap();
        let found = solved(&pd, &SimpdivOptions::default());
        assert_eq!(found.profile, MixedProfile::pure(&[2, 2], &[1, 1]));
        assert_eq!(found.regret, Rational::ZERO);
        // Three players, each with a dominant strategy (its last).
        let shape = [2, 3, 2];
        let mut payoffs = Vec::new();
        for k in 0..12usize {
            let digits = [k % 2, (k / 2) % 3, k / 6];
            payoffs.extend(digits.iter().map(|&d| d as i64 * 2 + (k % 5) as i64 % 2));
        }
        let game = table(&shape, &payoffs);
        assert_eq!(pure_equilibria(&game), [[1, 2, 1]]);
        let found = solved(&game, &SimpdivOptions::default());
        assert_eq!(found.profile, MixedProfile::pure(&shape, &[1, 2, 1]));
    }

    #[test]
    fn trivial_games() {
        // One player: its best strategy.
        let alone = table(&[3], &[1, 4, 2]);
        let found = solved(&alone, &SimpdivOptions::default());
        assert_eq!(found.profile, MixedProfile::pure(&[3], &[1]));
        // Players with one strategy, around matching pennies.
        let padded = table(
            &[1, 2, 1, 2],
            &[0, 1, 0, -1, 0, -1, 0, 1, 0, -1, 0, 1, 0, 1, 0, -1],
        );
        let found = solved(&padded, &SimpdivOptions::default());
        assert_eq!(found.profile.0[1], [r(1, 2), r(1, 2)]);
        // Everyone has one strategy.
        let single = table(&[1, 1, 1], &[3, 1, 2]);
        assert_eq!(solved(&single, &SimpdivOptions::default()).pivots, 0);
        // Payoffs all zero: every profile is an equilibrium, the start is returned.
        let zero = table(&[2, 3], &[0; 12]);
        let found = solved(&zero, &SimpdivOptions::default());
        assert_eq!(found.profile, centroid(&[2, 3]));
        assert_eq!((found.bound, found.pivots), (Rational::ZERO, 0));
        // No players.
        let none = table(&[], &[]);
        assert_eq!(solved(&none, &SimpdivOptions::default()).profile.0.len(), 0);
    }

    #[test]
    fn refused_options_and_limits() {
        let game = pennies();
        let bad = |options: SimpdivOptions| simpdiv(&game, &options).unwrap_err();
        let start = Some(MixedProfile::new(vec![
            vec![r(1, 2), r(1, 3)],
            vec![r(1, 2); 2],
        ]));
        assert_eq!(
            bad(SimpdivOptions {
                start,
                ..SimpdivOptions::default()
            }),
            SimpdivError::Start(ProfileError::NotDistribution(1))
        );
        let refine = SimpdivOptions {
            refine: 1,
            ..SimpdivOptions::default()
        };
        assert_eq!(bad(refine), SimpdivError::Options);
        let empty = table(&[2, 0], &[]);
        assert_eq!(
            simpdiv(&empty, &SimpdivOptions::default()).unwrap_err(),
            SimpdivError::NoStrategies(2)
        );
        // Limits stop the search with the best point seen, its regret exact.
        let game = random_game(&[3, 3, 2], 7);
        for (max_pivots, deadline, stop) in [
            (Some(5), None, Stop::Pivots),
            (None, Some(Instant::now()), Stop::Deadline),
        ] {
            let options = SimpdivOptions {
                max_pivots,
                deadline,
                ..SimpdivOptions::default()
            };
            let found = simpdiv(&game, &options).unwrap();
            assert_eq!(found.stopped, Some(stop));
            assert!(found.pivots <= 5);
            assert_eq!(max_regret(&game, &found.profile).unwrap(), found.regret);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: 48, rng_seed: RngSeed::Fixed(11), ..ProptestConfig::default()
        })]

        #[test]
        fn random_games_are_solved_within_the_bound(
            shape in proptest::collection::vec(2usize..=4, 2..=4),
            seed: u64,
        ) {
            // A bound of 10⁻⁶ keeps the grids coarse enough for tests in debug builds.
            let game = random_game(&shape, seed);
            let options = SimpdivOptions { max_regret: r(1, 1_000_000), ..SimpdivOptions::default() };
            let found = solved(&game, &options);
            prop_assert!(found.regret <= found.bound);
            prop_assert!(found.bound == &options.max_regret * &payoff_range(&game));
        }

        #[test]
        fn random_starts_and_refinements(
            shape in proptest::collection::vec(2usize..=3, 2..=3),
            seed: u64,
            refine in 2u64..=4,
            grid in 1u64..=6,
        ) {
            let game = random_game(&shape, seed);
            let mut rng = ChaCha8Rng::seed_from_u64(!seed);
            let start = MixedProfile::normalised(shape.iter().map(|&n| {
                (0..n).map(|_| Rational::from(rng.random_range(0..4i64))).collect::<Vec<_>>()
            }).map(|mut w| { w[0] = &w[0] + &Rational::ONE; w }).collect());
            let options = SimpdivOptions {
                start: Some(start),
                grid,
                refine,
                ..SimpdivOptions::default()
            };
            let found = solved(&game, &options);
            prop_assert_eq!(found.grid % grid, 0);
        }

        #[test]
        fn two_players_end_near_an_exact_equilibrium(m in 2usize..=4, n in 2usize..=4, seed: u64) {
            // Random payoffs from a wide range: nondegenerate with high probability.
            let (a, b) = crate::generate::random_bimatrix(m, n, 1000, seed);
            let game = crate::normal::bimatrix_game("random", &a, &b);
            let found = solved(&game, &SimpdivOptions::default());
            let (equilibria, stats) = support_enumeration(&a, &b);
            prop_assume!(!stats.degenerate);
            let distance = |e: &MixedProfile| {
                e.0.iter().flatten().zip(found.profile.0.iter().flatten())
                    .map(|(x, y)| (x - y).abs().to_f64())
                    .fold(0.0, f64::max)
            };
            let nearest = equilibria.iter().map(distance).fold(f64::INFINITY, f64::min);
            prop_assert!(nearest < 1e-5, "{nearest} from {equilibria:?}");
        }

        #[test]
        fn floating_point_labels_are_the_exact_ones(
            shape in proptest::collection::vec(1usize..=4, 1..=4),
            seed: u64,
            m in 1i64..=12,
        ) {
            // Small payoffs on a coarse grid make exact ties common.
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let size = shape.len() * shape.iter().product::<usize>();
            let payoffs: Vec<i64> = (0..size).map(|_| rng.random_range(-2..=2)).collect();
            let game = table(&shape, &payoffs);
            let mut evaluator = Evaluator::new(&game);
            let mut path = Path::new(&shape);
            let mut point = Vec::new();
            for &n in &shape {
                let mut left = m;
                for k in 0..n {
                    let p = if k + 1 == n { left } else { rng.random_range(0..=left) };
                    point.push(p);
                    left -= p;
                }
            }
            evaluator.evaluate(&point, m);
            path.orient(&evaluator.value, seed % 2 == 0);
            for rule in [Rule::BestReply, Rule::Gap] {
                let label = evaluator.label(&point, m, rule, &path.prev);
                prop_assert_eq!(label, evaluator.exact_label(&point, m, rule, &path.prev));
            }
        }
    }
}
