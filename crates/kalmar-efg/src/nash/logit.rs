//! The logit quantal response equilibrium correspondence of a strategic-form game, followed
//! from `λ = 0` (the uniform profile) towards `λ → ∞`, where it ends at a Nash equilibrium.
//!
//! A logit QRE at precision `λ` is a profile `σ` in which every player plays each strategy
//! with probability proportional to `exp(λ u_ij(σ))`, `u_ij(σ)` being the expected payoff of
//! strategy `j` of player `i` against the others' mixture (McKelvey and Palfrey, *Quantal
//! response equilibria for normal form games*, GEB 1995). For almost every game the solutions
//! from `λ = 0` form one smooth branch whose limit is a Nash equilibrium, the one the logit
//! correspondence selects (Turocy, *A dynamic homotopy interpretation of the logistic quantal
//! response equilibrium correspondence*, GEB 2005).
//!
//! The branch is followed in `f64` in the unknowns `ln σ_ij` and `λ`, with the equations
//! `ln σ_ij − ln σ_i0 − λ (u_ij − u_i0) = 0` for `j > 0` and `Σ_j σ_ij = 1` per player, on
//! payoffs rescaled to `[0, 1]`: in log-probabilities the branch becomes nearly straight as
//! `λ` grows, so the steps can grow with it. Each step is an Euler predictor along the tangent
//! (the kernel of the Jacobian, from its QR factorisation by Householder reflections, oriented
//! by the sign of the augmented Jacobian's determinant so that `λ` increases at the start)
//! and a Newton corrector with the Moore–Penrose inverse; the step length shrinks when the
//! corrector's first step is long or it contracts slowly, and grows by at most a given factor
//! otherwise (Allgower and Georg, *Introduction to numerical continuation methods*, 1990,
//! chapters 2–6). The run stops when the profile's regret is below a tolerance or `λ` beyond a
//! bound. The last profile is then polished by Newton's method on the indifference equations of
//! its support, rounded to fractions ([`super::rounding`]) and its regret computed exactly
//! ([`super::profile::regret`]): the answer is an ε-equilibrium with ε exact.
//!
//! # Complexity
//! Per corrector iteration, `O(P · N²)` for the payoffs and their derivatives (one pass over the
//! `P` profiles of `N` players) and `O(S³)` for the factorisation, `S` being the total number of
//! strategies. The number of steps grows with `log λ` at the end, and with the branch's
//! curvature.
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_efg::format::read_nfg;
//! use kalmar_efg::nash::MixedProfile;
//! use kalmar_efg::nash::logit::{LogitOptions, logit};
//! // The prisoner's dilemma: the logit branch ends where both defect (strategy 2).
//! let game = read_nfg("NFG 1 R \"pd\" { \"1\" \"2\" } { 2 2 }\n\n3 3 5 0 0 5 1 1\n").unwrap();
//! let result = logit(&game, &LogitOptions::default()).unwrap();
//! assert_eq!(result.profile, MixedProfile::pure(&[2, 2], &[1, 1]));
//! assert_eq!(result.regret, Rational::ZERO);
//! ```

use super::passed;
use super::profile::{MixedProfile, regret};
use super::rounding::round_profile;
use crate::normal::Nfg;
use kalmar_core::Rational;
use std::time::Instant;

/// The bound on the denominators of the probabilities returned: 10^9.
pub const MAX_DENOMINATOR: u32 = 1_000_000_000;

/// The longest first Newton step of the corrector (in arclength units) before the step is
/// retried shorter.
const MAX_DISTANCE: f64 = 0.4;
/// The largest ratio of two successive Newton steps before the step is retried shorter.
const MAX_CONTRACTION: f64 = 0.6;
/// Newton iterations of the corrector before the step is retried shorter.
const CORRECTOR_ITERATIONS: usize = 10;
/// The corrector has converged when its step is at most this times `1 + λ`.
const CORRECTOR_TOLERANCE: f64 = 1e-12;
/// The least cosine of the angle between successive tangents before the step is retried
/// shorter.
const MIN_COSINE: f64 = 0.9;
/// The factor by which a failed step is shortened.
const DECELERATION: f64 = 0.5;
/// The shortest step tried before giving up.
const MIN_STEP: f64 = 1e-12;
/// The probabilities at or above which a strategy is in the support polished, tried in turn.
const SUPPORT_THRESHOLDS: [f64; 3] = [1e-9, 1e-6, 1e-3];
/// The most a polish may move a probability: farther, it has found another equilibrium.
const MAX_DRIFT: f64 = 1e-3;
/// Newton iterations of the polish.
const POLISH_ITERATIONS: usize = 30;
/// The polish has converged when every equation holds to this (payoffs in `[0, 1]`).
const POLISH_TOLERANCE: f64 = 1e-12;

/// How the branch is followed and when the run stops.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LogitOptions {
    /// The arclength of the first step.
    pub first_step: f64,
    /// The most a step may be longer than the one before (a factor above 1).
    pub max_accel: f64,
    /// Stop once `λ` times the payoff range (the largest payoff minus the smallest) exceeds
    /// this.
    pub max_lambda: f64,
    /// Stop once every player's regret is at most this times the payoff range.
    pub tolerance: f64,
    /// Stop after this many steps.
    pub max_steps: u64,
    /// Stop before a step that would start after this instant.
    pub deadline: Option<Instant>,
    /// Keep every point of the branch reached ([`LogitResult::path`]).
    pub record_path: bool,
}

impl Default for LogitOptions {
    fn default() -> Self {
        LogitOptions {
            first_step: 0.03,
            max_accel: 1.1,
            max_lambda: 1e6,
            tolerance: 1e-8,
            max_steps: 100_000,
            deadline: None,
            record_path: false,
        }
    }
}

/// Why the run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stop {
    /// The regret fell below the tolerance.
    Regret,
    /// `λ` passed its bound.
    Lambda,
    /// The most steps allowed were made.
    Steps,
    /// The deadline passed.
    Deadline,
    /// The corrector failed even on the shortest step (a singular point of the branch).
    StepSize,
}

/// A point of the branch.
#[derive(Clone, Debug, PartialEq)]
pub struct PathPoint {
    /// `λ`, in the game's payoff units.
    pub lambda: f64,
    /// Per player, the probability of each strategy.
    pub profile: Vec<Vec<f64>>,
}

/// The end of the branch followed, as an exact profile.
#[derive(Clone, Debug, PartialEq)]
pub struct LogitResult {
    /// The last profile, polished on its support and rounded to fractions.
    pub profile: MixedProfile,
    /// The profile's largest regret over the players, exact, in the game's payoff units.
    pub regret: Rational,
    /// The last `λ` reached, in the game's payoff units (per unit of payoff).
    pub lambda: f64,
    /// The steps made.
    pub steps: u64,
    /// Why the run stopped.
    pub stop: Stop,
    /// The bifurcation points crossed, where the Jacobian is singular and other branches meet
    /// this one (not in generic games): the branch was continued through each, so the
    /// equilibrium reached is one of several the correspondence can be said to select.
    pub bifurcations: u64,
    /// The points of the branch from `λ = 0`, when asked for ([`LogitOptions::record_path`]).
    pub path: Vec<PathPoint>,
}

/// Why the branch cannot be followed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LogitError {
    /// A player without strategies.
    #[error("player {0} has no strategies")]
    NoStrategies(usize),
    /// Payoffs beyond the range of `f64`.
    #[error("the payoffs are too large for floating point")]
    Payoffs,
}

/// Follows the logit QRE branch of `game` from `λ = 0` and returns its end as an exact profile
/// with its exact regret.
pub fn logit(game: &Nfg, options: &LogitOptions) -> Result<LogitResult, LogitError> {
    let table = Table::new(game)?;
    let mut tracer = Tracer::new(&table);
    let mut path = Vec::new();
    let (stop, steps) = tracer.follow(options, &mut path);
    let lambda = tracer.point[table.size] / table.scale;
    let last = finish(&table, &tracer.point[..table.size]);
    let profile = MixedProfile::new(
        round_profile(
            &last.into_iter().map(Some).collect::<Vec<_>>(),
            MAX_DENOMINATOR,
        )
        .into_iter()
        .flatten()
        .collect(),
    );
    let regret = regret(game, &profile)
        .expect("a rounded profile is a distribution of the game's shape")
        .into_iter()
        .map(|(_, r)| r)
        .max()
        .unwrap_or(Rational::ZERO);
    Ok(LogitResult {
        profile,
        regret,
        lambda,
        steps,
        stop,
        bifurcations: tracer.bifurcations,
        path,
    })
}

/// The game's payoffs in `f64`, rescaled to `[0, 1]`.
struct Table {
    /// The number of strategies of each player.
    shape: Vec<usize>,
    /// The index of each player's first strategy among all strategies, and their total last.
    offset: Vec<usize>,
    /// The total number of strategies.
    size: usize,
    /// Profile-major: the payoff of each player at each profile.
    payoffs: Vec<f64>,
    /// The payoff range (1 when every payoff is the same).
    scale: f64,
}

impl Table {
    fn new(game: &Nfg) -> Result<Table, LogitError> {
        let shape = game.shape();
        if let Some(i) = shape.iter().position(|&s| s == 0) {
            return Err(LogitError::NoStrategies(i + 1));
        }
        let n = shape.len();
        let mut payoffs: Vec<f64> = (0..game.num_profiles() * n)
            .map(|k| game.payoff(k / n, k % n).to_f64())
            .collect();
        if payoffs.iter().any(|p| !p.is_finite()) {
            return Err(LogitError::Payoffs);
        }
        let min = payoffs.iter().copied().fold(f64::INFINITY, f64::min);
        let max = payoffs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let range = if payoffs.is_empty() { 0.0 } else { max - min };
        if !range.is_finite() {
            return Err(LogitError::Payoffs);
        }
        let scale = if range > 0.0 { range } else { 1.0 };
        for p in &mut payoffs {
            *p = (*p - min) / scale;
        }
        let offset: Vec<usize> = std::iter::once(0)
            .chain(shape.iter().scan(0, |acc, &s| {
                *acc += s;
                Some(*acc)
            }))
            .collect();
        Ok(Table {
            size: offset[n],
            shape,
            offset,
            payoffs,
            scale,
        })
    }

    fn players(&self) -> usize {
        self.shape.len()
    }

    /// The payoff `u[ij]` of each strategy `j` of each player `i` against the others' mixture
    /// in `sigma`, and `d[ij · size + kl]`, its derivative in `σ_kl` for each strategy `l` of
    /// each other player `k`: one pass over the profiles, with for each the products of the
    /// probabilities of consecutive players' strategies (`between`, `(N + 1)²`), from which
    /// the product over all players but one or two takes two multiplications. `digits` holds
    /// the profile (one strategy per player).
    fn payoffs_and_derivatives(
        &self,
        sigma: &[f64],
        digits: &mut [usize],
        between: &mut [f64],
        u: &mut [f64],
        d: &mut [f64],
    ) {
        let (n, size, stride) = (self.players(), self.size, self.players() + 1);
        u.fill(0.0);
        d.fill(0.0);
        digits.fill(0);
        for payoffs in self.payoffs.chunks_exact(n.max(1)) {
            for a in 0..=n {
                let mut product = 1.0;
                between[a * stride + a] = 1.0;
                for b in a..n {
                    product *= sigma[self.offset[b] + digits[b]];
                    between[a * stride + b + 1] = product;
                }
            }
            let without = |lo: usize, hi: usize| {
                between[lo] * between[(lo + 1) * stride + hi] * between[(hi + 1) * stride + n]
            };
            for (i, &a) in payoffs.iter().enumerate().take(n) {
                if a == 0.0 {
                    continue;
                }
                let row = self.offset[i] + digits[i];
                u[row] += a * between[i] * between[(i + 1) * stride + n];
                for k in (0..n).filter(|&k| k != i) {
                    let w = without(i.min(k), i.max(k));
                    d[row * size + self.offset[k] + digits[k]] += a * w;
                }
            }
            // The next profile: player 1's strategy changes fastest.
            for (digit, &s) in digits.iter_mut().zip(&self.shape) {
                *digit += 1;
                if *digit < s {
                    break;
                }
                *digit = 0;
            }
        }
    }

    /// The largest regret over the players, from the payoffs `u` of each strategy.
    fn regret(&self, sigma: &[f64], u: &[f64]) -> f64 {
        (0..self.players())
            .map(|i| {
                let range = self.offset[i]..self.offset[i + 1];
                let best = u[range.clone()].iter().copied().fold(f64::MIN, f64::max);
                let expected: f64 = sigma[range.clone()]
                    .iter()
                    .zip(&u[range])
                    .map(|(s, v)| s * v)
                    .sum();
                best - expected
            })
            .fold(0.0, f64::max)
    }
}

/// The state of the path follower, with every buffer allocated once.
struct Tracer<'a> {
    table: &'a Table,
    /// The point on the branch: the log-probabilities, then `λ` (rescaled).
    point: Vec<f64>,
    /// The trial point of a step.
    trial: Vec<f64>,
    /// The oriented unit tangent at `point`.
    tangent: Vec<f64>,
    /// The sign making `λ` increase at the start (reversed at each bifurcation crossed).
    orientation: f64,
    /// The bifurcations crossed.
    bifurcations: u64,
    /// The probabilities at the point last evaluated.
    sigma: Vec<f64>,
    /// The payoffs of the strategies and their derivatives there.
    u: Vec<f64>,
    d: Vec<f64>,
    /// The equations' values there, then the solution of `Rᵀ y = h`.
    h: Vec<f64>,
    /// The transposed Jacobian, `size + 1` rows by `size` columns, column-major (a column per
    /// equation); after factorisation, `R` above the diagonal and the Householder vectors on
    /// and below it.
    jt: Vec<f64>,
    /// The diagonal of `R`.
    r: Vec<f64>,
    /// A vector of length `size + 1`: a Newton step or a tangent.
    work: Vec<f64>,
    digits: Vec<usize>,
    between: Vec<f64>,
}

impl<'a> Tracer<'a> {
    fn new(table: &'a Table) -> Tracer<'a> {
        let (n, size) = (table.players(), table.size);
        let mut point = vec![0.0; size + 1];
        for i in 0..n {
            let uniform = -(table.shape[i] as f64).ln();
            point[table.offset[i]..table.offset[i + 1]].fill(uniform);
        }
        Tracer {
            table,
            trial: point.clone(),
            point,
            tangent: vec![0.0; size + 1],
            orientation: 1.0,
            bifurcations: 0,
            sigma: vec![0.0; size],
            u: vec![0.0; size],
            d: vec![0.0; size * size],
            h: vec![0.0; size],
            jt: vec![0.0; (size + 1) * size],
            r: vec![0.0; size],
            work: vec![0.0; size + 1],
            digits: vec![0; n],
            between: vec![0.0; (n + 1) * (n + 1)],
        }
    }

    /// Follows the branch from `λ = 0` until a stopping rule holds, recording the points in
    /// `path` if asked; returns why it stopped and the steps made.
    fn follow(&mut self, options: &LogitOptions, path: &mut Vec<PathPoint>) -> (Stop, u64) {
        let size = self.table.size;
        self.trial.copy_from_slice(&self.point);
        self.evaluate();
        let sign = self.factor().unwrap_or(1.0);
        self.unit_tangent(sign);
        if self.work[size] < 0.0 {
            self.orientation = -1.0;
            self.work.iter_mut().for_each(|t| *t = -*t);
        }
        self.tangent.copy_from_slice(&self.work);
        let mut step = options.first_step;
        let mut steps = 0;
        loop {
            if options.record_path {
                path.push(self.path_point());
            }
            if self.table.regret(&self.sigma, &self.u) <= options.tolerance {
                return (Stop::Regret, steps);
            }
            if self.point[size] >= options.max_lambda {
                return (Stop::Lambda, steps);
            }
            if steps >= options.max_steps {
                return (Stop::Steps, steps);
            }
            if passed(options.deadline) {
                return (Stop::Deadline, steps);
            }
            loop {
                for ((t, p), v) in self.trial.iter_mut().zip(&self.point).zip(&self.tangent) {
                    *t = p + step * v;
                }
                if let Some((distance, contraction, sign)) = self.correct()
                    && self.turn(sign)
                {
                    std::mem::swap(&mut self.point, &mut self.trial);
                    let slow = (distance / MAX_DISTANCE)
                        .sqrt()
                        .max((contraction / MAX_CONTRACTION).sqrt());
                    step /= slow.max(1.0 / options.max_accel);
                    break;
                }
                step *= DECELERATION;
                if step < MIN_STEP {
                    return (Stop::StepSize, steps);
                }
            }
            steps += 1;
        }
    }

    /// Newton's method from `trial` with the Moore–Penrose inverse; on convergence, the length
    /// of the first Newton step, the largest ratio of successive ones, and the orientation of
    /// the last factorisation.
    fn correct(&mut self) -> Option<(f64, f64, f64)> {
        let size = self.table.size;
        let (mut first, mut previous, mut contraction) = (0.0, 0.0, 0.0f64);
        for iteration in 0..CORRECTOR_ITERATIONS {
            self.evaluate();
            let sign = self.factor()?;
            self.newton_step();
            let length = norm(&self.work);
            if !length.is_finite() {
                return None;
            }
            if iteration == 0 {
                first = length;
                if first > MAX_DISTANCE {
                    return None;
                }
            } else {
                contraction = contraction.max(length / previous);
                if contraction > MAX_CONTRACTION {
                    return None;
                }
            }
            previous = length;
            for (t, w) in self.trial.iter_mut().zip(&self.work) {
                *t += w;
            }
            if length <= CORRECTOR_TOLERANCE * (1.0 + self.trial[size].abs()) {
                self.sigma_from(true);
                return Some((first, contraction, sign));
            }
        }
        None
    }

    /// The probabilities at `trial` (or `point`).
    fn sigma_from(&mut self, trial: bool) {
        let x = if trial { &self.trial } else { &self.point };
        for (s, x) in self.sigma.iter_mut().zip(x) {
            *s = x.exp();
        }
    }

    /// The equations and the transposed Jacobian at `trial`.
    fn evaluate(&mut self) {
        let table = self.table;
        let size = table.size;
        let rows = size + 1;
        self.sigma_from(true);
        table.payoffs_and_derivatives(
            &self.sigma,
            &mut self.digits,
            &mut self.between,
            &mut self.u,
            &mut self.d,
        );
        let lambda = self.trial[size];
        self.jt.fill(0.0);
        for i in 0..table.players() {
            let first = table.offset[i];
            let last = table.offset[i + 1];
            // The sum of the probabilities.
            self.h[first] = self.sigma[first..last].iter().sum::<f64>() - 1.0;
            self.jt[first * rows + first..first * rows + last]
                .copy_from_slice(&self.sigma[first..last]);
            // The logit equations of the other strategies against the first.
            for row in first + 1..last {
                let x = &self.trial;
                self.h[row] = x[row] - x[first] - lambda * (self.u[row] - self.u[first]);
                let column = &mut self.jt[row * rows..(row + 1) * rows];
                for (kl, c) in column.iter_mut().enumerate().take(size) {
                    let dd = self.d[row * size + kl] - self.d[first * size + kl];
                    *c = -lambda * self.sigma[kl] * dd;
                }
                column[row] += 1.0;
                column[first] -= 1.0;
                column[size] = -(self.u[row] - self.u[first]);
            }
        }
    }

    /// Householder QR of the transposed Jacobian in place; the sign of the product of `R`'s
    /// diagonal (the orientation, as the `size` reflections have a constant determinant), or
    /// `None` when a column vanishes.
    fn factor(&mut self) -> Option<f64> {
        let size = self.table.size;
        let rows = size + 1;
        let mut sign = 1.0;
        for c in 0..size {
            let (done, rest) = self.jt.split_at_mut((c + 1) * rows);
            let v = &mut done[c * rows + c..];
            let length = norm(v);
            if length == 0.0 || !length.is_finite() {
                return None;
            }
            let alpha = if v[0] > 0.0 { -length } else { length };
            v[0] -= alpha;
            let v_length = norm(v);
            v.iter_mut().for_each(|x| *x /= v_length);
            self.r[c] = alpha;
            if alpha < 0.0 {
                sign = -sign;
            }
            for column in rest.chunks_exact_mut(rows) {
                reflect(v, &mut column[c..]);
            }
        }
        Some(sign)
    }

    /// `Q x` for the `Q` of the last factorisation: the reflections applied last to first.
    fn apply_q(&mut self) {
        let rows = self.table.size + 1;
        for c in (0..self.table.size).rev() {
            reflect(&self.jt[c * rows + c..(c + 1) * rows], &mut self.work[c..]);
        }
    }

    /// The unit tangent (the last column of `Q`) into `work`, oriented by the factorisation's
    /// sign.
    fn unit_tangent(&mut self, sign: f64) {
        let size = self.table.size;
        self.work.fill(0.0);
        self.work[size] = sign * self.orientation;
        self.apply_q();
    }

    /// Takes the tangent at the corrected point, unless it turns too far from the last one
    /// (the step was too long). A tangent turned back means that the determinant changed sign
    /// between the points: the step crossed a bifurcation (in games with symmetries, say), and
    /// the branch is continued straight through it, with the orientation reversed.
    fn turn(&mut self, sign: f64) -> bool {
        self.unit_tangent(sign);
        let cosine: f64 = self
            .work
            .iter()
            .zip(&self.tangent)
            .map(|(a, b)| a * b)
            .sum();
        if cosine.abs() < MIN_COSINE {
            return false;
        }
        if cosine < 0.0 {
            self.orientation = -self.orientation;
            self.work.iter_mut().for_each(|t| *t = -*t);
            self.bifurcations += 1;
        }
        self.tangent.copy_from_slice(&self.work);
        true
    }

    /// The Newton step `−J⁺ h` into `work`: `Rᵀ y = h`, then `−Q (y, 0)`.
    fn newton_step(&mut self) {
        let size = self.table.size;
        let rows = size + 1;
        for c in 0..size {
            let column = &self.jt[c * rows..c * rows + c];
            let known: f64 = column.iter().zip(&self.h).map(|(r, y)| r * y).sum();
            self.h[c] = (self.h[c] - known) / self.r[c];
        }
        for (w, y) in self.work.iter_mut().zip(&self.h) {
            *w = -y;
        }
        self.work[size] = 0.0;
        self.apply_q();
    }

    /// The current point as probabilities per player, `λ` in payoff units.
    fn path_point(&self) -> PathPoint {
        let table = self.table;
        PathPoint {
            lambda: self.point[table.size] / table.scale,
            profile: (0..table.players())
                .map(|i| {
                    self.point[table.offset[i]..table.offset[i + 1]]
                        .iter()
                        .map(|x| x.exp())
                        .collect()
                })
                .collect(),
        }
    }
}

/// Applies the reflection `I − 2 v vᵀ` (`v` a unit vector) to `x`.
fn reflect(v: &[f64], x: &mut [f64]) {
    let dot: f64 = v.iter().zip(x.iter()).map(|(a, b)| a * b).sum();
    for (x, v) in x.iter_mut().zip(v) {
        *x -= 2.0 * dot * v;
    }
}

/// The Euclidean norm.
fn norm(v: &[f64]) -> f64 {
    v.iter().map(|x| x * x).sum::<f64>().sqrt()
}

/// The profile to round, per player, from the log-probabilities reached: of the profile itself
/// and its polishes on the supports its probabilities suggest that stay near it, the one of
/// least regret.
fn finish(table: &Table, x: &[f64]) -> Vec<Vec<f64>> {
    let raw: Vec<f64> = x.iter().map(|x| x.exp()).collect();
    let mut best = (regret_of(table, &raw), raw.clone());
    for threshold in SUPPORT_THRESHOLDS {
        if let Some(polished) = polish(table, &raw, threshold) {
            let drift = raw.iter().zip(&polished).map(|(a, b)| (a - b).abs());
            if drift.fold(0.0, f64::max) > MAX_DRIFT {
                // Another equilibrium, not the branch's end.
                continue;
            }
            let r = regret_of(table, &polished);
            if r < best.0 {
                best = (r, polished);
            }
        }
    }
    (0..table.players())
        .map(|i| best.1[table.offset[i]..table.offset[i + 1]].to_vec())
        .collect()
}

/// The largest regret of a profile (all strategies' probabilities in one vector).
fn regret_of(table: &Table, sigma: &[f64]) -> f64 {
    let size = table.size;
    let mut u = vec![0.0; size];
    let mut d = vec![0.0; size * size];
    let n = table.players();
    let mut digits = vec![0; n];
    let mut between = vec![0.0; (n + 1) * (n + 1)];
    table.payoffs_and_derivatives(sigma, &mut digits, &mut between, &mut u, &mut d);
    table.regret(sigma, &u)
}

/// Newton's method on the equations of an equilibrium with support the strategies played
/// with probability at least `threshold` in `sigma`: those strategies' payoffs equal to a value
/// per player, their probabilities summing to 1. `None` unless it converges to nonnegative
/// probabilities (zero off the support).
fn polish(table: &Table, sigma: &[f64], threshold: f64) -> Option<Vec<f64>> {
    let (n, size) = (table.players(), table.size);
    let support: Vec<usize> = (0..size).filter(|&s| sigma[s] >= threshold).collect();
    // Unknowns: the support's probabilities, then one value per player. Equations: one per
    // strategy of the support, then one sum per player.
    let m = support.len() + n;
    let player_of = |s: usize| table.offset.partition_point(|&o| o <= s) - 1;
    let mut z: Vec<f64> = support.iter().map(|&s| sigma[s]).collect();
    z.extend((0..n).map(|_| 0.0));
    let mut current = vec![0.0; size];
    let (mut u, mut d) = (vec![0.0; size], vec![0.0; size * size]);
    let (mut digits, mut between) = (vec![0; n], vec![0.0; (n + 1) * (n + 1)]);
    let (mut jacobian, mut residual) = (vec![0.0; m * m], vec![0.0; m]);
    for iteration in 0..=POLISH_ITERATIONS {
        current.fill(0.0);
        for (e, &s) in support.iter().enumerate() {
            current[s] = z[e];
        }
        table.payoffs_and_derivatives(&current, &mut digits, &mut between, &mut u, &mut d);
        if iteration == 0 {
            // Start each player's value at the payoff of their likeliest strategy.
            for (i, value) in z[support.len()..].iter_mut().enumerate() {
                let range = table.offset[i]..table.offset[i + 1];
                let likeliest = range.max_by(|&a, &b| sigma[a].total_cmp(&sigma[b]))?;
                *value = u[likeliest];
            }
        }
        jacobian.fill(0.0);
        residual[support.len()..].fill(-1.0);
        for (e, &s) in support.iter().enumerate() {
            let i = player_of(s);
            residual[e] = u[s] - z[support.len() + i];
            for (f, &t) in support.iter().enumerate() {
                jacobian[e * m + f] = d[s * size + t];
            }
            jacobian[e * m + support.len() + i] = -1.0;
            residual[support.len() + i] += z[e];
            jacobian[(support.len() + i) * m + e] = 1.0;
        }
        let error = residual.iter().fold(0.0, |a: f64, r| a.max(r.abs()));
        if error <= POLISH_TOLERANCE {
            let valid = current.iter().all(|&p| p >= 0.0);
            return valid.then_some(current);
        }
        solve_dense(&mut jacobian, &mut residual, m)?;
        for (z, r) in z.iter_mut().zip(&residual) {
            *z -= r;
        }
    }
    None
}

/// Solves `a x = b` (`a` row-major, `m × m`) by Gaussian elimination with partial pivoting,
/// leaving `x` in `b`; `None` when singular.
fn solve_dense(a: &mut [f64], b: &mut [f64], m: usize) -> Option<()> {
    for c in 0..m {
        let pivot = (c..m).max_by(|&x, &y| a[x * m + c].abs().total_cmp(&a[y * m + c].abs()))?;
        if a[pivot * m + c].abs() <= 1e-300 || a[pivot * m + c].is_nan() {
            return None;
        }
        if pivot != c {
            for k in 0..m {
                a.swap(c * m + k, pivot * m + k);
            }
            b.swap(c, pivot);
        }
        for r in c + 1..m {
            let f = a[r * m + c] / a[c * m + c];
            if f != 0.0 {
                for k in c..m {
                    a[r * m + k] -= f * a[c * m + k];
                }
                b[r] -= f * b[c];
            }
        }
    }
    for c in (0..m).rev() {
        let known: f64 = (c + 1..m).map(|k| a[c * m + k] * b[k]).sum();
        b[c] = (b[c] - known) / a[c * m + c];
    }
    b.iter().all(|x| x.is_finite()).then_some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A game of this shape with these payoffs, profile-major (player 1's strategy fastest).
    fn game(shape: &[usize], payoffs: &[i64]) -> Nfg {
        Nfg::from_payoffs(shape, payoffs.iter().map(|&u| Rational::from(u)))
    }

    /// A two-player game from its payoff matrices (rows: player 1's strategies).
    fn bimatrix(a: &[&[i64]], b: &[&[i64]]) -> Nfg {
        let (m, n) = (a.len(), a[0].len());
        let payoffs: Vec<i64> = (0..n)
            .flat_map(|j| (0..m).flat_map(move |i| [a[i][j], b[i][j]]))
            .collect();
        game(&[m, n], &payoffs)
    }

    fn traced(game: &Nfg) -> LogitResult {
        let options = LogitOptions {
            record_path: true,
            ..LogitOptions::default()
        };
        logit(game, &options).unwrap()
    }

    fn fractions(rows: &[&[(i64, i64)]]) -> MixedProfile {
        MixedProfile::from_fractions(rows)
    }

    /// The largest difference between a path point's probabilities and the logit response to
    /// them at its `λ`, in the game's payoffs as `f64`.
    fn logit_error(game: &Nfg, point: &PathPoint) -> f64 {
        let shape = game.shape();
        let mut error: f64 = 0.0;
        for (i, own) in point.profile.iter().enumerate() {
            let mut u = vec![0.0; shape[i]];
            for k in 0..game.num_profiles() {
                let mut rest = k;
                let mut weight = 1.0;
                let mut mine = 0;
                for (j, &s) in shape.iter().enumerate() {
                    let digit = rest % s;
                    rest /= s;
                    if j == i {
                        mine = digit;
                    } else {
                        weight *= point.profile[j][digit];
                    }
                }
                u[mine] += weight * game.payoff(k, i).to_f64();
            }
            let best = u.iter().copied().fold(f64::MIN, f64::max);
            let weights: Vec<f64> = u
                .iter()
                .map(|v| (point.lambda * (v - best)).exp())
                .collect();
            let total: f64 = weights.iter().sum();
            for (p, w) in own.iter().zip(&weights) {
                error = error.max((p - w / total).abs());
            }
        }
        error
    }

    #[test]
    fn matching_pennies_stays_uniform() {
        let result = traced(&bimatrix(&[&[1, -1], &[-1, 1]], &[&[-1, 1], &[1, -1]]));
        for point in &result.path {
            for p in point.profile.iter().flatten() {
                assert!((p - 0.5).abs() < 1e-9, "{point:?}");
            }
        }
        assert_eq!(
            result.profile,
            fractions(&[&[(1, 2), (1, 2)], &[(1, 2), (1, 2)]])
        );
        assert_eq!(result.regret, Rational::ZERO);
    }

    #[test]
    fn a_dominant_strategy_is_the_limit() {
        // Player 1's second strategy dominates; player 2 answers it with the first.
        let result = traced(&bimatrix(&[&[1, 0], &[3, 2]], &[&[0, 1], &[2, 1]]));
        assert_eq!(result.profile, MixedProfile::pure(&[2, 2], &[1, 0]));
        assert!(result.regret <= Rational::new(1, 1_000_000_000));
        assert_eq!(result.stop, Stop::Regret);
    }

    // The expected limits below are those of Gambit's logit (pygambit 17.0.0b2,
    // `nash.logit_solve` on the same payoff arrays), up to its tolerance.

    #[test]
    fn asymmetric_matching_pennies_ends_at_its_equilibrium() {
        // McKelvey and Palfrey's asymmetric matching pennies; Gambit: (0.5000004, 0.4999996),
        // (0.1, 0.9).
        let result = traced(&bimatrix(&[&[9, 0], &[0, 1]], &[&[0, 1], &[1, 0]]));
        assert_eq!(
            result.profile,
            fractions(&[&[(1, 2), (1, 2)], &[(1, 10), (9, 10)]])
        );
        assert_eq!(result.regret, Rational::ZERO);
    }

    #[test]
    fn the_stag_hunt_ends_at_the_risk_dominant_equilibrium() {
        // Both hunting the stag pays more, but the logit branch ends where both hunt the hare,
        // the risk-dominant equilibrium; Gambit: (6e-9, 1 − 6e-9) for both.
        let result = traced(&bimatrix(&[&[9, 0], &[8, 7]], &[&[9, 8], &[0, 7]]));
        assert_eq!(result.profile, MixedProfile::pure(&[2, 2], &[1, 1]));
        // Three pure coordination equilibria: the branch picks the middle one (Gambit too).
        let result = traced(&bimatrix(
            &[&[3, 0, 0], &[0, 2, 0], &[0, 0, 1]],
            &[&[1, 0, 0], &[0, 2, 0], &[0, 0, 3]],
        ));
        assert_eq!(result.profile, MixedProfile::pure(&[3, 3], &[1, 1]));
    }

    #[test]
    fn a_bifurcation_is_crossed() {
        // The Battle of the Sexes: the branch of profiles symmetric under exchanging the
        // players and their strategies meets, at a pitchfork, the two branches to the pure
        // equilibria; followed straight through it, it ends at the mixed equilibrium. (Gambit
        // perturbs the game there and ends at the first pure one instead.)
        let result = traced(&bimatrix(&[&[3, 0], &[0, 2]], &[&[2, 0], &[0, 3]]));
        assert_eq!(result.bifurcations, 1);
        assert_eq!(
            result.profile,
            fractions(&[&[(3, 5), (2, 5)], &[(2, 5), (3, 5)]])
        );
        assert_eq!(result.regret, Rational::ZERO);
    }

    #[test]
    fn trivial_games() {
        let options = LogitOptions::default();
        // One player: the best strategy.
        let result = logit(&game(&[3], &[1, 5, 2]), &options).unwrap();
        assert_eq!(result.profile, MixedProfile::pure(&[3], &[1]));
        // One strategy each: nothing to choose, no step made.
        let result = logit(&game(&[1, 1, 1], &[1, 2, 3]), &options).unwrap();
        assert_eq!((result.steps, result.stop), (0, Stop::Regret));
        assert_eq!(result.profile, MixedProfile::pure(&[1, 1, 1], &[0, 0, 0]));
        // Constant payoffs: the uniform profile is an equilibrium.
        let result = logit(&game(&[2, 3], &[4; 12]), &options).unwrap();
        assert_eq!(result.profile, fractions(&[&[(1, 2); 2], &[(1, 3); 3]]));
        assert_eq!(result.regret, Rational::ZERO);
        // No players at all.
        let result = logit(&game(&[], &[]), &options).unwrap();
        assert_eq!(result.profile, MixedProfile::new(vec![]));
        // A player without strategies.
        assert_eq!(
            logit(&game(&[2, 0], &[]), &options),
            Err(LogitError::NoStrategies(2))
        );
    }

    #[test]
    fn the_rules_stop_the_run() {
        let pennies = bimatrix(&[&[9, 0], &[0, 1]], &[&[0, 1], &[1, 0]]);
        let options = LogitOptions {
            max_steps: 3,
            ..LogitOptions::default()
        };
        let result = logit(&pennies, &options).unwrap();
        assert_eq!((result.steps, result.stop), (3, Stop::Steps));
        let options = LogitOptions {
            deadline: Some(Instant::now()),
            ..LogitOptions::default()
        };
        let result = logit(&pennies, &options).unwrap();
        assert_eq!((result.steps, result.stop), (0, Stop::Deadline));
        let options = LogitOptions {
            max_lambda: 5.0,
            ..LogitOptions::default()
        };
        let result = logit(&pennies, &options).unwrap();
        assert_eq!(result.stop, Stop::Lambda);
        assert!(
            result.lambda >= 5.0 / 9.0 && result.lambda < 1.0,
            "{}",
            result.lambda
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        #[test]
        fn random_games_end_near_an_equilibrium(
            shape in prop::collection::vec(2usize..=3, 2..=3),
            seed in prop::collection::vec(0i64..1_000_000, 3 * 27),
        ) {
            let profiles: usize = shape.iter().product();
            let payoffs = &seed[..profiles * shape.len()];
            let game = game(&shape, payoffs);
            let result = traced(&game);
            let range = payoffs.iter().max().unwrap() - payoffs.iter().min().unwrap();
            prop_assert!(
                result.regret <= Rational::new(range, 1_000_000),
                "regret {} after {:?}", result.regret, result.stop
            );
            prop_assert_eq!(result.path[0].lambda, 0.0);
            prop_assert!(result.path.len() < 2 || result.path[1].lambda > 0.0);
            for point in &result.path {
                let error = logit_error(&game, point);
                prop_assert!(error <= 1e-8, "error {} at λ = {}", error, point.lambda);
            }
        }
    }
}
