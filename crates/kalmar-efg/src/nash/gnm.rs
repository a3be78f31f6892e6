//! Nash equilibria of strategic-form games with any number of players by the global Newton
//! method: S. Govindan and R. Wilson, *A global Newton method to compute Nash equilibria*,
//! J. Economic Theory 110 (2003) 65–86.
//!
//! For `M` strategies in all, let `V(σ) ∈ ℝ^M` be the payoff of each pure strategy against the
//! others' mixture in the profile `σ`, and perturb the game by giving every strategy a bonus
//! `λ·b` for a *ray* `b` ([`Ray`]: random, or a bonus to one strategy per player). By the
//! structure theorem of E. Kohlberg and J.-F. Mertens (*On the strategic stability of
//! equilibria*, Econometrica 54, 1986), `σ` is an equilibrium of the perturbed game exactly when
//! `σ = r(z)` for a point `z ∈ ℝ^M` with
//!
//! `H(z, λ) = z − r(z) − V(r(z)) − λ·b = 0`,
//!
//! where `r` retracts each player's block of `z` onto their simplex (`σₛ = max(zₛ − v, 0)` for
//! the level `v` that makes the block sum to 1), and then `z = σ + V(σ) + λ·b`. For `λ` large
//! the perturbed game has one equilibrium, every player playing the strategy the ray favours;
//! from there the solutions of `H = 0` form a curve, which the method follows down in `λ`:
//!
//! - by predictor–corrector steps, an Euler step along the tangent (the kernel of the Jacobian
//!   `DH`, oriented by the sign of `det [DH; t]`, so that the curve may turn back in `λ` where
//!   the Jacobian in `z` alone is singular) and Newton's method back onto the curve, across it,
//!   with the step length adapted to the distance, the contraction of Newton's method and the
//!   turn of the tangent (Gambit's "local Newton" corrections, here after every step);
//! - `r` is linear where the supports are fixed (a *cell*: `σₛ = zₛ − v` on the support) and `H`
//!   is a polynomial there. A step that leaves the cell is cut where the curve meets its face — a
//!   probability reaching 0, or a strategy outside the support reaching the best payoff, found by
//!   Newton's method on `H = 0` and that one equation — and the curve goes on into the cell on
//!   the other side, the strategy leaving or entering the support, its tangent pointing into the
//!   new cell (which keeps the sign of `det [DH; t]`: `DH` changes by a matrix of rank one);
//! - every crossing of `λ = 0` is an equilibrium of the game, located on the curve by Newton's
//!   method with `λ = 0`, refined by Newton's method on its support's equations (each player's
//!   payoff equal across the support, probabilities summing to 1) to full `f64` accuracy, then
//!   rounded to fractions with denominators up to 10⁹ ([`rounding`](super::rounding)), every
//!   player's vector summing to 1 exactly, and its exact regret ([`regret`]) reported as its `ε`;
//! - the curve ends below `λ = −L`, where `L` is the largest of each player's payoff range over
//!   the gap between their two smallest distinct entries of the ray: there the strategies the ray
//!   likes least dominate all others, the perturbed games' equilibria do not depend on `λ` any
//!   more and the curve never comes back (the bound is proved, not the `λ = −10` of Gambit's
//!   default).
//!
//! Path following goes wrong where the curve grazes a face or turns near `λ = 0`: it crosses
//! twice within one step, unseen, and goes on along another piece of the curve. So each step
//! models every slack (and `λ`) by the cubic through its values and rates at both ends and is
//! taken again shorter when the model dips below 0 or, for a slack that falls and rises, comes
//! within a tenth of its change over the step; a step is also cut short where a slack that fell
//! and bent up over the last step would reach its least value; and a face or crossing Newton's
//! method finds must lie within the step, where the slack falls. A bonus ray treats players
//! alike, and in symmetric games or games whose payoff differences equal their range two
//! players meet their faces at once; each player's part of a bonus or given ray is scaled by its
//! own factor within 10⁻⁶ of 1 to part them.
//!
//! Every equilibrium met on the curve is returned, an odd number of them for a generic game
//! and ray (the curve can also miss equilibria; another ray may find others). The work is in
//! `f64` on each player's payoffs scaled to `[0, 1]`; players whose payoffs never vary are
//! indifferent, play the strategy the ray favours and are left out of the curve. In a degenerate
//! game the curve can run along `λ = 0` through a continuum of equilibria (met once, where it
//! comes within 10⁻¹⁰ of it), be tangent to a face, meet two faces at once or a singular
//! Jacobian; the run then stops there ([`GnmStop::Degenerate`], [`GnmStop::Lost`]) with the
//! equilibria found. The steps are bounded, and so is the time.
//!
//! # Complexity
//! Each evaluation of `V` and its derivatives is one pass over the table, `O(P·N²)` for `P`
//! profiles and `N` players (profiles with three strategies played with probability 0 are
//! skipped); each Newton iteration adds an `O(M³)` dense LU factorisation of the `(M + 1)`-square
//! Jacobian (written here: a few dozen rows do not need a linear algebra crate). The number of
//! steps is that of the curve: short on most games, with no polynomial bound (paths of this
//! kind can be exponentially long, as Lemke–Howson's are). Each equilibrium's exact regret is a
//! pass over the table in rationals whose denominators are products of the players' (up to
//! about 10³⁶ for four strategies of irrational probabilities each): on games of 4 or 5 players
//! it takes longer than following the curve.
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_efg::format::read_nfg;
//! use kalmar_efg::nash::gnm::{GnmOptions, GnmStop, gnm};
//! // Three players each choose 1 or 2: player 1 wants to match player 2, player 2 to match
//! // player 3, player 3 to differ from player 1. The only equilibrium mixes: player 1 plays 1
//! // with probability 1/5, player 2 with 1/3, player 3 with 1/4.
//! let game = read_nfg(
//!     "NFG 1 R \"cycle\" { \"1\" \"2\" \"3\" } { 2 2 2 }\n\n\
//!      2 3 0  0 3 1  0 0 0  1 0 1  2 0 4  0 0 0  0 1 4  1 1 0\n",
//! )
//! .unwrap();
//! let run = gnm(&game, &GnmOptions::default()).unwrap();
//! assert_eq!(run.stop, GnmStop::End);
//! let found = &run.equilibria[0];
//! assert_eq!(found.epsilon, Rational::ZERO);
//! let first: Vec<Rational> = found.profile.0.iter().map(|p| p[0].clone()).collect();
//! assert_eq!(first, [Rational::new(1, 5), Rational::new(1, 3), Rational::new(1, 4)]);
//! ```

use super::passed;
use super::profile::{MixedProfile, regret};
use super::rounding::round_profile;
use crate::normal::Nfg;
use kalmar_core::Rational;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// The bound on the denominators of the probabilities returned: 10⁹.
pub const DENOMINATOR: u32 = 1_000_000_000;

/// Newton iterations per correction.
const NEWTON_ITERATIONS: usize = 10;
/// A correction has converged when its last change is this small (relative to the point).
const NEWTON_TOLERANCE: f64 = 1e-12;
/// The nominal distance from the predicted point to the curve.
const DISTANCE: f64 = 0.02;
/// The nominal contraction of Newton's method (second change over the first).
const CONTRACTION: f64 = 0.25;
/// The nominal turn of the tangent in a step (radians).
const ANGLE: f64 = 0.15;
/// How far a probability may be negative, or another strategy better than the support, at a
/// point taken to be in a cell.
const SLACK_TOLERANCE: f64 = 1e-9;
/// The margin, relative to its change over the step, by which a slack that falls and rises
/// within a step must stay above 0.
const MARGIN: f64 = 0.1;
/// How near `λ = 0` a point counts as on it.
const ZERO_BAND: f64 = 1e-10;
/// The largest change of scale that parts the players of a bonus or given ray.
const UNTIE: f64 = 1e-6;
/// The least part of a step that a face where the step is cut must be ahead along the tangent.
const AHEAD: f64 = 1e-3;
/// The first step's length.
const INITIAL_STEP: f64 = 0.1;
/// How far refining may move an equilibrium located on the curve (to about 1e-12): further,
/// and Newton's method went to another solution.
const POLISH_DISTANCE: f64 = 1e-8;
/// Equilibria nearer than this (in every probability) are the same one met twice.
const SAME: f64 = 1e-12;
/// Newton iterations when refining an equilibrium on its support.
const POLISH_ITERATIONS: usize = 20;

/// The direction `b` of the perturbation `λ·b`.
#[derive(Clone, Debug, PartialEq)]
pub enum Ray {
    /// Entries drawn uniformly from `[0, 1)` by ChaCha8 from this seed.
    Random(u64),
    /// A bonus of 1 to one strategy of each player (by index from 0), 0 to the others; Gambit's
    /// `gnm_solve(game)` gives it to every player's first strategy.
    Bonus(Vec<usize>),
    /// Any vector, one entry per strategy of each player.
    Vector(Vec<Vec<f64>>),
}

impl Default for Ray {
    fn default() -> Self {
        Ray::Random(0)
    }
}

/// What a run follows and when it stops.
#[derive(Clone, Debug, PartialEq)]
pub struct GnmOptions {
    /// The ray; each player needs a unique strategy with the largest entry.
    pub ray: Ray,
    /// Stop once this many distinct equilibria have been found.
    pub max_equilibria: Option<usize>,
    /// The most steps along the curve.
    pub max_steps: u64,
    /// Stop before a step that would start after this instant.
    pub deadline: Option<Instant>,
    /// The shortest step (arc length in `(z, λ)`, payoffs scaled to `[0, 1]` and the ray to
    /// length 1); a curve that needs shorter ones is lost.
    pub min_step: f64,
    /// The longest step.
    pub max_step: f64,
}

impl Default for GnmOptions {
    fn default() -> Self {
        GnmOptions {
            ray: Ray::default(),
            max_equilibria: None,
            max_steps: 100_000,
            deadline: None,
            min_step: 1e-10,
            max_step: 100.0,
        }
    }
}

/// An equilibrium found on the curve, rounded to fractions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GnmEquilibrium {
    /// The profile.
    pub profile: MixedProfile,
    /// Its largest regret, exact: the profile is an `ε`-equilibrium for this `ε` and no smaller.
    pub epsilon: Rational,
}

/// Counters of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GnmStats {
    /// Predictor–corrector steps taken.
    pub steps: u64,
    /// Steps tried and taken again shorter.
    pub rejected: u64,
    /// Strategies that entered or left a support.
    pub support_changes: u64,
    /// Crossings of `λ = 0` (equilibria met, some possibly the same).
    pub crossings: u64,
    /// Turns of the curve back in `λ`.
    pub turns: u64,
}

/// Why a run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GnmStop {
    /// The curve went below `λ = −L`, past which it meets no more equilibria.
    End,
    /// The most equilibria asked for were found.
    Equilibria,
    /// The most steps were taken.
    Steps,
    /// The deadline passed.
    Deadline,
    /// The curve needed a step shorter than the shortest allowed, or went back up to where
    /// only the start is an equilibrium: a path-following failure.
    Lost,
    /// The Jacobian was singular or the curve tangent to a face: a degenerate game or ray.
    Degenerate,
}

/// A run's equilibria, counters and end.
#[derive(Clone, Debug, PartialEq)]
pub struct GnmResult {
    /// The distinct equilibria met, in the order met.
    pub equilibria: Vec<GnmEquilibrium>,
    /// The counters.
    pub stats: GnmStats,
    /// Why the run stopped.
    pub stop: GnmStop,
}

/// Why the method does not apply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GnmError {
    /// A game needs players.
    #[error("the game has no players")]
    NoPlayers,
    /// Every player needs a strategy.
    #[error("player {0} has no strategies")]
    NoStrategies(usize),
    /// The ray does not match the game's players and strategies.
    #[error("the ray needs one entry per strategy of each player (a bonus: one strategy each)")]
    RayShape,
    /// A ray entry is infinite or not a number.
    #[error("the ray's entries must be finite")]
    RayNotFinite,
    /// The perturbed game has no obvious equilibrium to start from.
    #[error("the ray must give player {0} one strategy with a larger entry than all others")]
    RayTie(usize),
    /// The step bounds are not `0 < min_step ≤ max_step`.
    #[error("the step bounds must satisfy 0 < min_step <= max_step")]
    StepBounds,
}

/// Follows the curve of equilibria of the games perturbed along the ray from large `λ` to its
/// end, and returns every equilibrium met at `λ = 0`, rounded, with its exact `ε`.
pub fn gnm(game: &Nfg, options: &GnmOptions) -> Result<GnmResult, GnmError> {
    let shape = game.shape();
    if shape.is_empty() {
        return Err(GnmError::NoPlayers);
    }
    if let Some(n) = shape.iter().position(|&s| s == 0) {
        return Err(GnmError::NoStrategies(n + 1));
    }
    if !(options.min_step > 0.0 && options.min_step <= options.max_step) {
        return Err(GnmError::StepBounds);
    }
    let ray = ray_vector(&shape, &options.ray)?;
    if options.max_equilibria == Some(0) {
        return Ok(GnmResult {
            equilibria: Vec::new(),
            stats: GnmStats::default(),
            stop: GnmStop::Equilibria,
        });
    }
    let favourite: Vec<usize> = ray.iter().map(|b| argmax(b)).collect();
    let table = Table::new(game, &favourite);
    let mut equilibria: Vec<GnmEquilibrium> = Vec::new();
    let mut found: Vec<Vec<f64>> = Vec::new();
    let (stats, stop) = trace(&table, table.ray(&ray), options, |sigma, support| {
        let mut sigma = sigma.to_vec();
        polish(&table, support, &mut sigma);
        let same = |other: &Vec<f64>| sigma.iter().zip(other).all(|(a, b)| (a - b).abs() <= SAME);
        if !found.iter().any(same) {
            let profile = table.exact_profile(&shape, &sigma);
            found.push(sigma);
            let regrets = regret(game, &profile).expect("a rounded profile is a distribution");
            let epsilon = regrets.into_iter().map(|(_, r)| r).max();
            equilibria.push(GnmEquilibrium {
                profile,
                epsilon: epsilon.unwrap_or(Rational::ZERO),
            });
        }
        options
            .max_equilibria
            .is_none_or(|most| equilibria.len() < most)
    });
    Ok(GnmResult {
        equilibria,
        stats,
        stop,
    })
}

/// Each player's ray entries, checked: finite, of the game's shape, with a unique largest.
fn ray_vector(shape: &[usize], ray: &Ray) -> Result<Vec<Vec<f64>>, GnmError> {
    let vector: Vec<Vec<f64>> = match ray {
        Ray::Random(seed) => {
            let mut rng = ChaCha8Rng::seed_from_u64(*seed);
            shape
                .iter()
                .map(|&s| (0..s).map(|_| rng.random::<f64>()).collect())
                .collect()
        }
        Ray::Bonus(choice) => {
            if choice.len() != shape.len() || choice.iter().zip(shape).any(|(&c, &s)| c >= s) {
                return Err(GnmError::RayShape);
            }
            shape
                .iter()
                .zip(choice)
                .map(|(&s, &c)| (0..s).map(|k| if k == c { 1.0 } else { 0.0 }).collect())
                .collect()
        }
        Ray::Vector(v) => {
            if v.len() != shape.len() || v.iter().zip(shape).any(|(b, &s)| b.len() != s) {
                return Err(GnmError::RayShape);
            }
            if v.iter().flatten().any(|x| !x.is_finite()) {
                return Err(GnmError::RayNotFinite);
            }
            v.clone()
        }
    };
    for (n, b) in vector.iter().enumerate() {
        let best = b[argmax(b)];
        if b.iter().filter(|&&x| x == best).count() > 1 {
            return Err(GnmError::RayTie(n + 1));
        }
    }
    Ok(match ray {
        Ray::Random(_) => vector,
        Ray::Bonus(_) | Ray::Vector(_) => untie(vector),
    })
}

/// The ray with each player's entries multiplied by their own factor `1 + u·`[`UNTIE`], `u`
/// uniform in `[0, 1)` from a fixed seed. Where the game and the ray treat two players alike (a
/// bonus to each, a symmetric game, payoff differences equal to the range), the curve would meet
/// both players' faces at once; their factors part them. Each player's order and ties stay.
fn untie(mut vector: Vec<Vec<f64>>) -> Vec<Vec<f64>> {
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    for b in &mut vector {
        let factor = 1.0 + UNTIE * rng.random::<f64>();
        b.iter_mut().for_each(|x| *x *= factor);
    }
    vector
}

/// The index of the first largest entry (0 for an empty slice).
fn argmax(b: &[f64]) -> usize {
    (0..b.len()).fold(0, |best, k| if b[k] > b[best] { k } else { best })
}

/// The game in `f64` on the strategies of the curve: every strategy of a player whose payoffs
/// vary, the ray's favourite of one whose payoffs do not (once the others are restricted so).
struct Table {
    /// Each player's strategies on the curve, as the game's indices.
    strategies: Vec<Vec<usize>>,
    /// Where each player's strategies start among the `M` of the curve (and `M` at the end).
    offset: Vec<usize>,
    /// The player of each of the `M` strategies.
    player: Vec<usize>,
    /// For each profile of the curve's strategies (player 1's changing fastest), each player's
    /// payoff, scaled to `[0, 1]` (0 for a player held fixed).
    payoffs: Vec<f64>,
}

impl Table {
    /// The table, holding a player whose payoffs do not vary at `favourite`, until none is left.
    fn new(game: &Nfg, favourite: &[usize]) -> Table {
        let n = game.num_players();
        let mut strategies: Vec<Vec<usize>> =
            game.shape().iter().map(|&s| (0..s).collect()).collect();
        loop {
            let mut payoffs = payoffs_on(game, &strategies);
            let (low, high) = ranges(&payoffs, n);
            let constant: Vec<usize> = (0..n)
                .filter(|&i| high[i] <= low[i] && strategies[i].len() > 1)
                .collect();
            if constant.is_empty() {
                for row in payoffs.chunks_mut(n) {
                    for i in 0..n {
                        let range = high[i] - low[i];
                        row[i] = if range > 0.0 {
                            (row[i] - low[i]) / range
                        } else {
                            0.0
                        };
                    }
                }
                let offset = std::iter::once(0)
                    .chain(strategies.iter().scan(0, |acc, s| {
                        *acc += s.len();
                        Some(*acc)
                    }))
                    .collect();
                let player = (0..n)
                    .flat_map(|i| std::iter::repeat_n(i, strategies[i].len()))
                    .collect();
                return Table {
                    strategies,
                    offset,
                    player,
                    payoffs,
                };
            }
            for i in constant {
                strategies[i] = vec![favourite[i]];
            }
        }
    }

    /// The number of players.
    fn players(&self) -> usize {
        self.strategies.len()
    }

    /// The number `M` of strategies on the curve.
    fn len(&self) -> usize {
        self.player.len()
    }

    /// Player `i`'s strategies among the `M`.
    fn block(&self, i: usize) -> std::ops::Range<usize> {
        self.offset[i]..self.offset[i + 1]
    }

    /// The ray on the curve's strategies, scaled to length 1.
    fn ray(&self, ray: &[Vec<f64>]) -> Vec<f64> {
        let b: Vec<f64> = self
            .strategies
            .iter()
            .enumerate()
            .flat_map(|(i, s)| s.iter().map(move |&k| ray[i][k]))
            .collect();
        let norm = b.iter().map(|x| x * x).sum::<f64>().sqrt();
        if norm > 0.0 {
            b.iter().map(|x| x / norm).collect()
        } else {
            b
        }
    }

    /// A profile of the curve's strategies as an exact profile of the game: each probability
    /// rounded, each player's then divided by their sum.
    fn exact_profile(&self, shape: &[usize], sigma: &[f64]) -> MixedProfile {
        let full: Vec<Option<Vec<f64>>> = (0..self.players())
            .map(|i| {
                let mut p = vec![0.0; shape[i]];
                for (&k, &x) in self.strategies[i].iter().zip(&sigma[self.block(i)]) {
                    p[k] = x;
                }
                Some(p)
            })
            .collect();
        MixedProfile::new(
            round_profile(&full, DENOMINATOR)
                .into_iter()
                .flatten()
                .collect(),
        )
    }
}

/// Every player's payoff, in `f64`, at every profile of these strategies (the game's indices),
/// profile by profile.
fn payoffs_on(game: &Nfg, strategies: &[Vec<usize>]) -> Vec<f64> {
    let n = game.num_players();
    let mut payoffs = Vec::new();
    for_each_profile(strategies, |profile| {
        let index = game.profile_index(profile);
        payoffs.extend((0..n).map(|i| game.payoff(index, i).to_f64()));
    });
    payoffs
}

/// Each of the `n` players' least and largest payoff in a table of payoffs, profile by profile.
fn ranges(payoffs: &[f64], n: usize) -> (Vec<f64>, Vec<f64>) {
    let mut low = vec![f64::INFINITY; n];
    let mut high = vec![f64::NEG_INFINITY; n];
    for row in payoffs.chunks(n) {
        for i in 0..n {
            low[i] = low[i].min(row[i]);
            high[i] = high[i].max(row[i]);
        }
    }
    (low, high)
}

/// Calls `f` with every profile of these strategies (the game's indices), player 1's changing
/// fastest.
fn for_each_profile(strategies: &[Vec<usize>], mut f: impl FnMut(&[usize])) {
    let mut digit = vec![0usize; strategies.len()];
    let mut profile: Vec<usize> = strategies.iter().map(|s| s[0]).collect();
    loop {
        f(&profile);
        let Some(i) = (0..digit.len()).find(|&i| digit[i] + 1 < strategies[i].len()) else {
            return;
        };
        for k in 0..i {
            digit[k] = 0;
            profile[k] = strategies[k][0];
        }
        digit[i] += 1;
        profile[i] = strategies[i][digit[i]];
    }
}

/// Each strategy's payoff against the others' mixture, `V(σ)`, and its derivatives
/// `∂Vᵢ/∂σⱼ`, with the scratch of the pass that computes them.
struct Payoffs {
    /// `V(σ)`, one entry per strategy.
    value: Vec<f64>,
    /// `∂Vᵢ/∂σⱼ` at `i·M + j` (0 for two strategies of one player).
    slope: Vec<f64>,
    /// The pass's position: each player's strategy (as an index on the curve).
    digit: Vec<usize>,
    /// The probability of each player's strategy at the pass's position.
    weight: Vec<f64>,
    /// Products of the weights of the players before each one, and of those from each one on.
    prefix: Vec<f64>,
    suffix: Vec<f64>,
}

impl Payoffs {
    fn new(table: &Table) -> Payoffs {
        let (m, n) = (table.len(), table.players());
        Payoffs {
            value: vec![0.0; m],
            slope: vec![0.0; m * m],
            digit: vec![0; n],
            weight: vec![0.0; n],
            prefix: vec![0.0; n + 1],
            suffix: vec![0.0; n + 1],
        }
    }

    /// `V(σ)` and its derivatives by one pass over the table: each profile adds its payoff,
    /// times the probability of the others' strategies, to its strategy's value, and times the
    /// probability of all but two players' strategies to the derivative for those two.
    fn compute(&mut self, table: &Table, sigma: &[f64]) {
        let n = table.players();
        self.value.fill(0.0);
        self.slope.fill(0.0);
        self.digit.fill(0);
        for payoff in table.payoffs.chunks_exact(n) {
            let mut zeros = 0;
            for i in 0..n {
                self.weight[i] = sigma[table.offset[i] + self.digit[i]];
                zeros += usize::from(self.weight[i] == 0.0);
            }
            // A profile with three strategies played with probability 0 adds nothing.
            if zeros < 3 {
                self.add(table, payoff);
            }
            if let Some(i) = (0..n).find(|&i| self.digit[i] + 1 < table.strategies[i].len()) {
                self.digit[..i].fill(0);
                self.digit[i] += 1;
            }
        }
    }

    /// Adds the profile at the pass's position, with these payoffs, to the values and slopes.
    fn add(&mut self, table: &Table, payoff: &[f64]) {
        let (m, n) = (table.len(), table.players());
        self.prefix[0] = 1.0;
        for i in 0..n {
            self.prefix[i + 1] = self.prefix[i] * self.weight[i];
        }
        self.suffix[n] = 1.0;
        for i in (0..n).rev() {
            self.suffix[i] = self.suffix[i + 1] * self.weight[i];
        }
        for a in 0..n {
            let s = table.offset[a] + self.digit[a];
            self.value[s] += payoff[a] * self.prefix[a] * self.suffix[a + 1];
            let mut between = 1.0;
            for b in a + 1..n {
                let t = table.offset[b] + self.digit[b];
                let others = self.prefix[a] * between * self.suffix[b + 1];
                self.slope[s * m + t] += payoff[a] * others;
                self.slope[t * m + s] += payoff[b] * others;
                between *= self.weight[b];
            }
        }
    }
}

/// A dense square matrix and its LU factors with partial pivoting, in place.
struct Lu {
    /// The order.
    n: usize,
    /// The matrix, row-major, then its factors.
    a: Vec<f64>,
    /// The row swapped into each position.
    pivot: Vec<usize>,
}

impl Lu {
    fn new(n: usize) -> Lu {
        Lu {
            n,
            a: vec![0.0; n * n],
            pivot: vec![0; n],
        }
    }

    /// Factors the matrix; the sign of its determinant, or `None` when it is singular to working
    /// precision.
    fn factor(&mut self) -> Option<f64> {
        let n = self.n;
        let scale = self.a.iter().fold(0.0f64, |m, x| m.max(x.abs()));
        let tiny = scale * 1e-13;
        let mut sign = 1.0;
        for c in 0..n {
            let p = (c..n)
                .max_by(|&r, &s| self.a[r * n + c].abs().total_cmp(&self.a[s * n + c].abs()))?;
            let pivot = self.a[p * n + c];
            if pivot.abs() <= tiny || !pivot.is_finite() {
                return None;
            }
            self.pivot[c] = p;
            if p != c {
                for j in 0..n {
                    self.a.swap(c * n + j, p * n + j);
                }
                sign = -sign;
            }
            if pivot < 0.0 {
                sign = -sign;
            }
            for r in c + 1..n {
                let f = self.a[r * n + c] / pivot;
                self.a[r * n + c] = f;
                for j in c + 1..n {
                    self.a[r * n + j] -= f * self.a[c * n + j];
                }
            }
        }
        Some(sign)
    }

    /// Solves `A x = b` in place, after [`Lu::factor`].
    fn solve(&self, x: &mut [f64]) {
        let n = self.n;
        for c in 0..n {
            x.swap(c, self.pivot[c]);
        }
        for r in 1..n {
            let s: f64 = (0..r).map(|j| self.a[r * n + j] * x[j]).sum();
            x[r] -= s;
        }
        for r in (0..n).rev() {
            let s: f64 = (r + 1..n).map(|j| self.a[r * n + j] * x[j]).sum();
            x[r] = (x[r] - s) / self.a[r * n + r];
        }
    }
}

/// The equation added to `H = 0` to make a square system.
enum Constraint<'c> {
    /// Perpendicular to the tangent through the predicted point: `t · (y − p) = 0`.
    Across {
        tangent: &'c [f64],
        point: &'c [f64],
    },
    /// The game itself: `λ = 0`.
    Unperturbed,
    /// The face of the cell where this strategy's slack is 0.
    Face(usize),
}

/// What Newton's method did to come back onto the curve.
struct Correction {
    /// The length of its first change.
    distance: f64,
    /// Its second change over its first.
    contraction: f64,
}

/// The equations of the curve in one cell and the linear algebra to follow it. A point is
/// `y = (z, λ)`, of length `M + 1`.
struct Path<'a> {
    table: &'a Table,
    /// The ray `b`.
    ray: Vec<f64>,
    /// Whether each strategy is in its player's support: the cell.
    support: Vec<bool>,
    /// The size of each player's support.
    size: Vec<usize>,
    /// `σ = r(z)` at the last point evaluated.
    sigma: Vec<f64>,
    /// `V(σ)` and its derivatives there.
    payoffs: Payoffs,
    /// `H(z, λ)` there.
    residual: Vec<f64>,
    /// The Jacobian of `H` with a last row added, and its factors.
    lu: Lu,
    /// The last row.
    row: Vec<f64>,
    /// A right-hand side, then the solution.
    rhs: Vec<f64>,
    /// Means of derivatives over a player's support.
    mean: Vec<f64>,
}

impl<'a> Path<'a> {
    fn new(table: &'a Table, ray: Vec<f64>) -> Path<'a> {
        let m = table.len();
        Path {
            table,
            ray,
            support: vec![false; m],
            size: vec![0; table.players()],
            sigma: vec![0.0; m],
            payoffs: Payoffs::new(table),
            residual: vec![0.0; m],
            lu: Lu::new(m + 1),
            row: vec![0.0; m + 1],
            rhs: vec![0.0; m + 1],
            mean: vec![0.0; m],
        }
    }

    /// The start: every player on the ray's favourite strategy, at a `λ` large enough for it to
    /// be the perturbed game's equilibrium.
    fn start(&mut self) -> Vec<f64> {
        let (m, table) = (self.table.len(), self.table);
        let favourite: Vec<usize> = (0..table.players())
            .map(|i| table.offset[i] + argmax(&self.ray[table.block(i)]))
            .collect();
        self.support.fill(false);
        self.sigma.fill(0.0);
        for &s in &favourite {
            self.support[s] = true;
            self.sigma[s] = 1.0;
        }
        self.size.fill(1);
        self.payoffs.compute(table, &self.sigma);
        // Another strategy t of player i is as good as i's favourite s from
        // λ = (V_t − V_s) / (b_s − b_t) down.
        let (value, b) = (&self.payoffs.value, &self.ray);
        let lambda = (0..m)
            .filter(|&t| !self.support[t])
            .map(|t| {
                let s = favourite[table.player[t]];
                (value[t] - value[s]) / (b[s] - b[t])
            })
            .fold(0.0f64, f64::max)
            + 1.0;
        let mut y: Vec<f64> = (0..m)
            .map(|j| self.sigma[j] + value[j] + lambda * b[j])
            .collect();
        y.push(lambda);
        y
    }

    /// The level `v` of player `i`'s block: `σₛ = zₛ − v` on the support.
    fn level(&self, z: &[f64], i: usize) -> f64 {
        let block = self.table.block(i);
        let sum: f64 = block.filter(|&j| self.support[j]).map(|j| z[j]).sum();
        (sum - 1.0) / self.size[i] as f64
    }

    /// Each strategy's slack in the cell at `y`: its probability on the support, by how much it
    /// is worse than the support off it. The point is in the cell when all are nonnegative.
    fn slacks(&self, y: &[f64], out: &mut [f64]) {
        for i in 0..self.table.players() {
            let v = self.level(y, i);
            for j in self.table.block(i) {
                out[j] = if self.support[j] { y[j] - v } else { v - y[j] };
            }
        }
    }

    /// Each strategy's slack's rate of change along `direction`.
    fn slack_rates(&self, direction: &[f64], out: &mut [f64]) {
        for i in 0..self.table.players() {
            let block = self.table.block(i);
            let sum: f64 = block
                .clone()
                .filter(|&j| self.support[j])
                .map(|j| direction[j])
                .sum();
            let mean = sum / self.size[i] as f64;
            for j in block {
                out[j] = if self.support[j] {
                    direction[j] - mean
                } else {
                    mean - direction[j]
                };
            }
        }
    }

    /// `σ = r(z)` by the cell's linear formula.
    fn retract(&mut self, y: &[f64]) {
        for i in 0..self.table.players() {
            let v = self.level(y, i);
            for j in self.table.block(i) {
                self.sigma[j] = if self.support[j] { y[j] - v } else { 0.0 };
            }
        }
    }

    /// `σ`, `V(σ)`, its derivatives and `H` at `y`.
    fn evaluate(&mut self, y: &[f64]) {
        self.retract(y);
        self.payoffs.compute(self.table, &self.sigma);
        let m = self.table.len();
        for j in 0..m {
            self.residual[j] = y[j] - self.sigma[j] - self.payoffs.value[j] - y[m] * self.ray[j];
        }
    }

    /// The Jacobian of `H` at the point last evaluated, then [`Path::row`], into the matrix.
    /// Where `r` is linear its derivative on a support of size `k` is `δ − 1/k`, so `DH`'s column
    /// for a strategy `t` on its support is `1/k` on the support minus `∂V/∂σₜ` plus its mean
    /// over the support; off the support it is the unit vector.
    fn fill_jacobian(&mut self) {
        let (m, table) = (self.table.len(), self.table);
        let w = m + 1;
        let slope = &self.payoffs.slope;
        for p in 0..table.players() {
            let block = table.block(p);
            let k = self.size[p] as f64;
            for i in 0..m {
                let row = &slope[i * m..(i + 1) * m];
                let sum: f64 = block
                    .clone()
                    .filter(|&u| self.support[u])
                    .map(|u| row[u])
                    .sum();
                self.mean[i] = sum / k;
            }
            for t in block.clone() {
                for i in 0..m {
                    self.lu.a[i * w + t] = if !self.support[t] {
                        if i == t { 1.0 } else { 0.0 }
                    } else {
                        let own = if block.contains(&i) && self.support[i] {
                            1.0 / k
                        } else {
                            0.0
                        };
                        own - slope[i * m + t] + self.mean[i]
                    };
                }
            }
        }
        for i in 0..m {
            self.lu.a[i * w + m] = -self.ray[i];
        }
        self.lu.a[m * w..].copy_from_slice(&self.row);
    }

    /// Sets [`Path::row`] to the constraint's row; its right-hand side.
    fn border(&mut self, constraint: &Constraint<'_>) -> f64 {
        let m = self.table.len();
        self.row.fill(0.0);
        match *constraint {
            Constraint::Across { tangent, point } => {
                self.row.copy_from_slice(tangent);
                dot(tangent, point)
            }
            Constraint::Unperturbed => {
                self.row[m] = 1.0;
                0.0
            }
            Constraint::Face(j) => {
                // zⱼ − v = 0, with v = (Σ_support z − 1) / k.
                let i = self.table.player[j];
                let k = self.size[i] as f64;
                for u in self.table.block(i) {
                    if self.support[u] {
                        self.row[u] = -1.0 / k;
                    }
                }
                self.row[j] += 1.0;
                -1.0 / k
            }
        }
    }

    /// Newton's method on `H = 0` and the constraint, from `y`; `None` when it does not converge.
    fn correct(&mut self, y: &mut [f64], constraint: &Constraint<'_>) -> Option<Correction> {
        let m = self.table.len();
        let target = self.border(constraint);
        let mut first = 0.0;
        let mut second = 0.0;
        for iteration in 0..NEWTON_ITERATIONS {
            self.evaluate(y);
            self.fill_jacobian();
            for j in 0..m {
                self.rhs[j] = -self.residual[j];
            }
            self.rhs[m] = target - dot(&self.row, y);
            self.lu.factor()?;
            self.lu.solve(&mut self.rhs);
            let change = norm_max(&self.rhs);
            if !change.is_finite() {
                return None;
            }
            for (x, d) in y.iter_mut().zip(&self.rhs) {
                *x += d;
            }
            match iteration {
                0 => first = change,
                1 => second = change,
                _ => {}
            }
            if change <= NEWTON_TOLERANCE * (1.0 + norm_max(y)) {
                let contraction = if first > 0.0 { second / first } else { 0.0 };
                return Some(Correction {
                    distance: first,
                    contraction,
                });
            }
        }
        None
    }

    /// The unit tangent at `y` in the cell with a positive component along `guide`, into `out`,
    /// and the sign of `det [DH; out]`; `None` when the Jacobian is singular.
    fn tangent(&mut self, y: &[f64], guide: &[f64], out: &mut [f64]) -> Option<f64> {
        let m = self.table.len();
        self.evaluate(y);
        self.row.copy_from_slice(guide);
        self.fill_jacobian();
        // det [DH; guide] = (guide · x̂) det [DH; x̂] for the unit kernel vector x̂, and
        // guide · x = 1 > 0.
        let sign = self.lu.factor()?;
        out.fill(0.0);
        out[m] = 1.0;
        self.lu.solve(out);
        let norm = dot(out, out).sqrt();
        if !norm.is_finite() || norm == 0.0 {
            return None;
        }
        out.iter_mut().for_each(|x| *x /= norm);
        Some(sign)
    }

    /// Moves strategy `j` into its player's support or out of it.
    fn toggle(&mut self, j: usize) {
        let i = self.table.player[j];
        self.support[j] = !self.support[j];
        if self.support[j] {
            self.size[i] += 1;
        } else {
            self.size[i] -= 1;
        }
    }

    /// The rate of change of strategy `j`'s slack along `direction`.
    fn slack_rate(&mut self, j: usize, direction: &[f64]) -> f64 {
        self.border(&Constraint::Face(j));
        let rate = dot(&self.row, direction);
        if self.support[j] { rate } else { -rate }
    }
}

/// The strategy whose slack the step from `slack` to `next` makes negative first (by linear
/// interpolation), and the fraction of the step where it reaches 0.
fn first_face(slack: &[f64], next: &[f64]) -> Option<(usize, f64)> {
    (0..slack.len())
        .filter(|&j| next[j] < 0.0 && next[j] < slack[j])
        .map(|j| (j, (slack[j] / (slack[j] - next[j])).clamp(0.0, 1.0)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
}

/// Whether the slack (or `λ`) with values `f0`, `f1` and rates `r0`, `r1` at the ends of a
/// step of length `length`, above 0 at both ends, may have gone below 0 in between, by its cubic
/// model: the model goes below 0, or the slack falls then rises and the model's least value is
/// within [`MARGIN`] of the slack's change over the step. The model's error falls as the fourth
/// power of the step and the margin as the first, so shorter steps decide a curve grazing a
/// face.
fn dips(f0: f64, r0: f64, f1: f64, r1: f64, length: f64) -> bool {
    if f0 <= 0.0 || f1 <= 0.0 {
        return false;
    }
    let (d0, d1) = (r0 * length, r1 * length);
    let least = (1..16)
        .map(|k| {
            let u = f64::from(k) / 16.0;
            let (u2, u3) = (u * u, u * u * u);
            (2.0 * u3 - 3.0 * u2 + 1.0) * f0
                + (u3 - 2.0 * u2 + u) * d0
                + (-2.0 * u3 + 3.0 * u2) * f1
                + (u3 - u2) * d1
        })
        .fold(f64::INFINITY, f64::min);
    least < 0.0 || (r0 < 0.0 && r1 > 0.0 && least < MARGIN * (d1 - d0))
}

/// How far `to` is from `from` along `direction`.
fn ahead_of(from: &[f64], to: &[f64], direction: &[f64]) -> f64 {
    from.iter()
        .zip(to)
        .zip(direction)
        .map(|((a, b), d)| (b - a) * d)
        .sum()
}

/// The squared distance between two points.
fn dot_difference(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| (x - y) * (x - y)).sum()
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn norm_max(a: &[f64]) -> f64 {
    a.iter().fold(0.0f64, |m, x| m.max(x.abs()))
}

/// The bounds `(U, L)` of the curve's interesting part: above `λ = U` every player's strategy
/// with the largest ray entry dominates the others (their payoffs range over `[0, 1]`), so the
/// perturbed game has that one equilibrium; below `λ = −L` the strategies with the smallest
/// entry dominate the others, so the perturbed games' equilibria stay the same.
fn bounds(table: &Table, ray: &[f64]) -> (f64, f64) {
    let mut bound = (0.0f64, 0.0f64);
    for i in 0..table.players() {
        let b = &ray[table.block(i)];
        let gap = |extreme: f64| {
            let next = b
                .iter()
                .map(|&x| (x - extreme).abs())
                .filter(|&d| d > 0.0)
                .fold(f64::INFINITY, f64::min);
            1.0 / next
        };
        let high = b.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let low = b.iter().copied().fold(f64::INFINITY, f64::min);
        if b.len() > 1 {
            bound = (bound.0.max(gap(high)), bound.1.max(gap(low)));
        }
    }
    bound
}

/// One step's outcome.
enum Step {
    /// Taken; where it met `λ = 0`, if it did.
    Taken { crossed: bool },
    /// Too long: to be tried again shorter.
    Rejected,
    /// The Jacobian was singular.
    Degenerate,
}

/// Follows the curve from the start to its end, calling `found` with `σ` and the supports at
/// each crossing of `λ = 0`; `found` says whether to go on.
fn trace(
    table: &Table,
    ray: Vec<f64>,
    options: &GnmOptions,
    mut found: impl FnMut(&[f64], &[bool]) -> bool,
) -> (GnmStats, GnmStop) {
    let (top, bottom) = bounds(table, &ray);
    let mut walk = Walk::new(table, ray);
    let (top, end) = (top.max(walk.y[walk.m]), -bottom);
    let mut stats = GnmStats::default();
    if walk.orient().is_none() {
        return (stats, GnmStop::Degenerate);
    }
    let mut h = INITIAL_STEP.min(options.max_step);
    loop {
        if stats.steps >= options.max_steps {
            return (stats, GnmStop::Steps);
        }
        if passed(options.deadline) {
            return (stats, GnmStop::Deadline);
        }
        if h < options.min_step {
            return (stats, GnmStop::Lost);
        }
        match walk.step(h, options.min_step, &mut stats) {
            Step::Rejected => {
                stats.rejected += 1;
                h /= 2.0;
            }
            Step::Degenerate => return (stats, GnmStop::Degenerate),
            Step::Taken { crossed } => {
                stats.steps += 1;
                h = (h / walk.factor.max(0.5)).min(options.max_step);
                if crossed {
                    stats.crossings += 1;
                    if !found(&walk.crossing_sigma, &walk.crossing_support) {
                        return (stats, GnmStop::Equilibria);
                    }
                }
                let lambda = walk.y[walk.m];
                if lambda < end {
                    return (stats, GnmStop::End);
                }
                if lambda > top * (1.0 + 1e-9) {
                    return (stats, GnmStop::Lost);
                }
            }
        }
    }
}

/// The walk along the curve: the point, its tangent and the buffers of a step.
struct Walk<'a> {
    path: Path<'a>,
    m: usize,
    /// The point on the curve.
    y: Vec<f64>,
    /// The oriented unit tangent there.
    t: Vec<f64>,
    /// The sign of `det [DH; t]` along the curve in the current cell.
    orientation: f64,
    /// The last step's ratio to the nominal distance, contraction and turn (above 1: too long).
    factor: f64,
    /// `σ` and the supports at the last crossing of `λ = 0`.
    crossing_sigma: Vec<f64>,
    crossing_support: Vec<bool>,
    predicted: Vec<f64>,
    next: Vec<f64>,
    next_t: Vec<f64>,
    switched_t: Vec<f64>,
    crossing: Vec<f64>,
    slack: Vec<f64>,
    next_slack: Vec<f64>,
    rate: Vec<f64>,
    next_rate: Vec<f64>,
    /// Each slack's second derivative along the curve over the last step in the cell.
    bend: Vec<f64>,
}

impl<'a> Walk<'a> {
    fn new(table: &'a Table, ray: Vec<f64>) -> Walk<'a> {
        let m = table.len();
        let mut path = Path::new(table, ray);
        let y = path.start();
        Walk {
            path,
            m,
            y,
            t: vec![0.0; m + 1],
            orientation: 1.0,
            factor: 1.0,
            crossing_sigma: vec![0.0; m],
            crossing_support: vec![false; m],
            predicted: vec![0.0; m + 1],
            next: vec![0.0; m + 1],
            next_t: vec![0.0; m + 1],
            switched_t: vec![0.0; m + 1],
            crossing: vec![0.0; m + 1],
            slack: vec![0.0; m],
            next_slack: vec![0.0; m],
            rate: vec![0.0; m],
            next_rate: vec![0.0; m],
            bend: vec![0.0; m],
        }
    }

    /// The first tangent, down in `λ`, and the orientation it gives the curve.
    fn orient(&mut self) -> Option<()> {
        let mut down = vec![0.0; self.m + 1];
        down[self.m] = -1.0;
        self.orientation = self.path.tangent(&self.y, &down, &mut self.t)?;
        Some(())
    }

    /// One predictor–corrector step of length `h`, cut at the cell's face if it leaves it.
    fn step(&mut self, h: f64, min_step: f64, stats: &mut GnmStats) -> Step {
        let m = self.m;
        self.path.slacks(&self.y, &mut self.slack);
        self.path.slack_rates(&self.t, &mut self.rate);
        let h = h.min(self.graze().max(min_step));
        for j in 0..=m {
            self.predicted[j] = self.y[j] + h * self.t[j];
        }
        self.next.copy_from_slice(&self.predicted);
        let across = Constraint::Across {
            tangent: &self.t,
            point: &self.predicted,
        };
        let Some(correction) = self.path.correct(&mut self.next, &across) else {
            return Step::Rejected;
        };
        // Leaving the cell: back to where the curve meets the face.
        self.path.slacks(&self.next, &mut self.next_slack);
        let face = first_face(&self.slack, &self.next_slack);
        if let Some((j, fraction)) = face {
            let reach = ahead_of(&self.y, &self.next, &self.t);
            for k in 0..=m {
                self.next[k] = self.y[k] + fraction * (self.next[k] - self.y[k]);
            }
            if self
                .path
                .correct(&mut self.next, &Constraint::Face(j))
                .is_none()
            {
                return Step::Rejected;
            }
            // The face must be within the step and ahead: a curve that leaves a face it has
            // just crossed and comes back to it is met again further on, by a shorter step.
            let ahead = ahead_of(&self.y, &self.next, &self.t);
            self.path.slacks(&self.next, &mut self.next_slack);
            if ahead < AHEAD * h
                || ahead > reach + AHEAD * h
                || (0..m).any(|k| k != j && self.next_slack[k] < -SLACK_TOLERANCE)
            {
                return Step::Rejected;
            }
        }
        let crossed = self.crosses();
        if crossed && !self.locate_crossing() {
            return Step::Rejected;
        }
        let Some(sign) = self.path.tangent(&self.next, &self.t, &mut self.next_t) else {
            return Step::Degenerate;
        };
        if sign != self.orientation {
            self.next_t.iter_mut().for_each(|x| *x = -*x);
        }
        let turn = dot(&self.t, &self.next_t).clamp(-1.0, 1.0).acos();
        self.factor = (correction.distance / DISTANCE)
            .sqrt()
            .max(correction.contraction / CONTRACTION)
            .max(turn / ANGLE);
        if self.factor > 2.0 || self.dips() {
            return Step::Rejected;
        }
        if let Some((j, _)) = face {
            // Where the curve first meets the face it leaves the cell: the slack falls there.
            // Where it rises, Newton's method found a later meeting, and an earlier one was missed.
            if self.path.slack_rate(j, &self.next_t) >= 0.0 {
                return Step::Rejected;
            }
            // The slacks bend differently in the next cell.
            self.bend.fill(0.0);
            if !self.switch(j) {
                return Step::Degenerate;
            }
            stats.support_changes += 1;
        }
        if (self.t[m] < 0.0) != (self.next_t[m] < 0.0) {
            stats.turns += 1;
        }
        std::mem::swap(&mut self.y, &mut self.next);
        std::mem::swap(&mut self.t, &mut self.next_t);
        Step::Taken { crossed }
    }

    /// The longest step that cannot pass over a dip of a slack below 0 unseen: where a slack
    /// falls but bends up (as it did over the last step) so that its quadratic model dips below
    /// 0, the step ends where the model is least, inside the dip.
    fn graze(&self) -> f64 {
        (0..self.m)
            .filter_map(|j| {
                let (f, r, c) = (self.slack[j], self.rate[j], self.bend[j]);
                (f > 0.0 && r < 0.0 && c > 0.0 && f < r * r / (2.0 * c)).then(|| -r / c)
            })
            .fold(f64::INFINITY, f64::min)
    }

    /// Whether a slack, or `λ`, may have crossed 0 and come back between `y` and `next`, by
    /// their values and rates of change at both ends.
    fn dips(&mut self) -> bool {
        let m = self.m;
        let length = dot_difference(&self.y, &self.next).sqrt();
        self.path.slack_rates(&self.next_t, &mut self.next_rate);
        for j in 0..m {
            self.bend[j] = (self.next_rate[j] - self.rate[j]) / length;
        }
        let sign = if self.y[m] > 0.0 { 1.0 } else { -1.0 };
        (0..m).any(|j| {
            dips(
                self.slack[j],
                self.rate[j],
                self.next_slack[j],
                self.next_rate[j],
                length,
            )
        }) || dips(
            sign * self.y[m],
            sign * self.t[m],
            sign * self.next[m],
            sign * self.next_t[m],
            length,
        )
    }

    /// Whether the step from `y` to `next` meets `λ = 0`: it ends there (within
    /// [`ZERO_BAND`], where a curve that stays on `λ = 0` in a degenerate game is met once),
    /// or jumps from one side to the other.
    fn crosses(&self) -> bool {
        let (from, to) = (self.y[self.m], self.next[self.m]);
        let zero = |lambda: f64| lambda.abs() <= ZERO_BAND;
        !zero(from) && (zero(to) || (from > 0.0) != (to > 0.0))
    }

    /// The point between `y` and `next` where the curve meets `λ = 0`, its `σ` and supports
    /// kept; false when Newton's method does not reach it inside the cell.
    fn locate_crossing(&mut self) -> bool {
        let m = self.m;
        self.crossing.copy_from_slice(&self.next);
        if self.next[m].abs() > ZERO_BAND {
            let fraction = self.y[m] / (self.y[m] - self.next[m]);
            for k in 0..=m {
                self.crossing[k] = self.y[k] + fraction * (self.next[k] - self.y[k]);
            }
            if self
                .path
                .correct(&mut self.crossing, &Constraint::Unperturbed)
                .is_none()
            {
                return false;
            }
            // Near a turn of the curve at λ ≈ 0 Newton's method may reach the other crossing.
            let (at, reach) = (
                ahead_of(&self.y, &self.crossing, &self.t),
                ahead_of(&self.y, &self.next, &self.t),
            );
            if at < 0.0 || at > reach {
                return false;
            }
        }
        self.path.slacks(&self.crossing, &mut self.next_rate);
        if self.next_rate.iter().any(|&s| s < -SLACK_TOLERANCE) {
            return false;
        }
        self.path.retract(&self.crossing);
        self.crossing_sigma.copy_from_slice(&self.path.sigma);
        self.crossing_support.copy_from_slice(&self.path.support);
        true
    }

    /// Moves the walk at `next` (on the face of strategy `j`) into the cell across the face: the
    /// new tangent points into it and sets the orientation there. False when the curve is
    /// tangent to the face or the Jacobian singular.
    fn switch(&mut self, j: usize) -> bool {
        self.path.toggle(j);
        let Some(sign) = self
            .path
            .tangent(&self.next, &self.next_t, &mut self.switched_t)
        else {
            return false;
        };
        let rate = self.path.slack_rate(j, &self.switched_t);
        if rate.abs() < 1e-10 {
            return false;
        }
        let into = rate.signum();
        self.orientation = sign * into;
        for (t, s) in self.next_t.iter_mut().zip(&self.switched_t) {
            *t = into * s;
        }
        true
    }
}

/// Newton's method on the equations of an equilibrium with these supports — each player's
/// payoff the same, `v`, across their support, and their probabilities summing to 1 — from
/// `sigma`, refined in place to full accuracy. Kept as it is when the iteration does not improve
/// on it or leaves the simplex.
fn polish(table: &Table, support: &[bool], sigma: &mut [f64]) {
    let (m, n) = (table.len(), table.players());
    let on: Vec<usize> = (0..m).filter(|&j| support[j]).collect();
    let size = on.len() + n;
    let mut payoffs = Payoffs::new(table);
    let mut lu = Lu::new(size);
    let mut current = sigma.to_vec();
    payoffs.compute(table, &current);
    // The unknowns: σ on the supports, then each player's v (first their expected payoff).
    let mut x: Vec<f64> = on.iter().map(|&j| current[j]).collect();
    x.extend((0..n).map(|i| {
        table
            .block(i)
            .map(|j| current[j] * payoffs.value[j])
            .sum::<f64>()
    }));
    let mut residual = vec![0.0; size];
    let mut best = (f64::INFINITY, current.clone());
    for _ in 0..POLISH_ITERATIONS {
        payoffs.compute(table, &current);
        for (r, &j) in on.iter().enumerate() {
            residual[r] = payoffs.value[j] - x[on.len() + table.player[j]];
        }
        for i in 0..n {
            residual[on.len() + i] = table.block(i).map(|j| current[j]).sum::<f64>() - 1.0;
        }
        let error = norm_max(&residual);
        if error.is_nan() || error >= best.0 {
            break;
        }
        best = (error, current.clone());
        lu.a.fill(0.0);
        for (r, &j) in on.iter().enumerate() {
            for (c, &k) in on.iter().enumerate() {
                lu.a[r * size + c] = payoffs.slope[j * m + k];
            }
            lu.a[r * size + on.len() + table.player[j]] = -1.0;
        }
        for (c, &k) in on.iter().enumerate() {
            lu.a[(on.len() + table.player[k]) * size + c] = 1.0;
        }
        if lu.factor().is_none() {
            break;
        }
        residual.iter_mut().for_each(|r| *r = -*r);
        lu.solve(&mut residual);
        for (x, d) in x.iter_mut().zip(&residual) {
            *x += d;
        }
        for (&j, &p) in on.iter().zip(&x) {
            current[j] = p;
        }
    }
    let polished = best.1;
    let moved = polished
        .iter()
        .zip(sigma.iter())
        .fold(0.0f64, |d, (a, b)| d.max((a - b).abs()));
    if moved <= POLISH_DISTANCE && polished.iter().all(|&p| p >= -SLACK_TOLERANCE) {
        for (s, p) in sigma.iter_mut().zip(polished) {
            *s = p.max(0.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nash::support::support_enumeration;
    use crate::normal::{Matrix, bimatrix_game};
    use proptest::prelude::*;

    /// A game of this shape from its payoffs, profile by profile (player 1's strategy changing
    /// fastest), one per player.
    fn game(shape: &[usize], payoffs: &[i64]) -> Nfg {
        Nfg::from_payoffs(shape, payoffs.iter().map(|&u| Rational::from(u)))
    }

    fn run(game: &Nfg, ray: Ray) -> GnmResult {
        let options = GnmOptions {
            ray,
            ..GnmOptions::default()
        };
        gnm(game, &options).unwrap()
    }

    fn profile(p: &[&[(i64, i64)]]) -> MixedProfile {
        MixedProfile::from_fractions(p)
    }

    /// The largest range of a player's payoffs.
    fn range(game: &Nfg) -> f64 {
        (0..game.num_players())
            .map(|i| {
                let u = game.payoffs_of(i);
                let (lo, hi) = (u.iter().min().unwrap(), u.iter().max().unwrap());
                (hi - lo).to_f64()
            })
            .fold(0.0, f64::max)
    }

    #[test]
    fn matching_pennies_is_half_and_half() {
        let a = Matrix::from_rows(&[&[1, -1], &[-1, 1]]);
        let b = Matrix::from_rows(&[&[-1, 1], &[1, -1]]);
        let pennies = bimatrix_game("pennies", &a, &b);
        for ray in [Ray::Random(0), Ray::Random(7), Ray::Bonus(vec![1, 0])] {
            let result = run(&pennies, ray);
            assert_eq!(result.stop, GnmStop::End);
            assert_eq!(result.stats.crossings, 1);
            let half = (1, 2);
            assert_eq!(result.equilibria.len(), 1);
            assert_eq!(
                result.equilibria[0].profile,
                profile(&[&[half; 2], &[half; 2]])
            );
            assert_eq!(result.equilibria[0].epsilon, Rational::ZERO);
        }
    }

    #[test]
    fn coordination_ends_at_its_equilibria() {
        let a = Matrix::from_rows(&[&[2, 0], &[0, 1]]);
        let game = bimatrix_game("coordination", &a, &a);
        let top = profile(&[&[(1, 1), (0, 1)], &[(1, 1), (0, 1)]]);
        let bottom = profile(&[&[(0, 1), (1, 1)], &[(0, 1), (1, 1)]]);
        let mixed = profile(&[&[(1, 3), (2, 3)], &[(1, 3), (2, 3)]]);
        for seed in 0..8 {
            let result = run(&game, Ray::Random(seed));
            assert_eq!(result.stop, GnmStop::End);
            assert_eq!(result.stats.crossings % 2, 1);
            for e in &result.equilibria {
                assert!([&top, &bottom, &mixed].contains(&&e.profile), "{e:?}");
                assert_eq!(e.epsilon, Rational::ZERO);
            }
        }
        // From a pure equilibrium the curve meets it first, and here goes on to the other two.
        let found = run(&game, Ray::Bonus(vec![1, 1])).equilibria;
        let profiles: Vec<_> = found.into_iter().map(|e| e.profile).collect();
        assert_eq!(profiles, [bottom, mixed, top]);
    }

    /// Player 1 wants to match player 2, player 2 to match player 3, player 3 to differ from
    /// player 1; the payoffs make the one equilibrium (1/5, 1/3, 1/4) on the first strategies.
    fn cycle() -> Nfg {
        game(
            &[2, 2, 2],
            &[
                2, 3, 0, 0, 3, 1, 0, 0, 0, 1, 0, 1, 2, 0, 4, 0, 0, 0, 0, 1, 4, 1, 1, 0,
            ],
        )
    }

    #[test]
    fn three_players_with_one_mixed_equilibrium() {
        let expected = profile(&[&[(1, 5), (4, 5)], &[(1, 3), (2, 3)], &[(1, 4), (3, 4)]]);
        let rays = (0..6)
            .map(Ray::Random)
            .chain((0..8).map(|k| Ray::Bonus(vec![k & 1, (k >> 1) & 1, k >> 2])));
        for ray in rays {
            let result = run(&cycle(), ray.clone());
            assert_eq!(result.stop, GnmStop::End, "{ray:?}");
            assert_eq!(result.equilibria.len(), 1, "{ray:?}");
            assert_eq!(result.equilibria[0].profile, expected, "{ray:?}");
            assert_eq!(result.equilibria[0].epsilon, Rational::ZERO);
        }
    }

    #[test]
    fn dominance_solvable_games_have_their_pure_equilibrium() {
        // The prisoner's dilemma: both defect (strategy 2).
        let dilemma = game(&[2, 2], &[3, 3, 5, 0, 0, 5, 1, 1]);
        // Three players, each paid 3 times their own strategy's index plus the others': the
        // last strategy dominates.
        let shape = [3, 2, 3];
        let mut payoffs = Vec::new();
        for c in 0..3 {
            for b in 0..2 {
                for a in 0..3 {
                    payoffs.extend([3 * a + b + c, a + 3 * b + c, a + b + 3 * c]);
                }
            }
        }
        let three = game(&shape, &payoffs);
        // Iterated dominance: player 2's strategy 3 is dominated, then player 1's strategy 1,
        // then player 2's strategy 1: (2, 2).
        let a = Matrix::from_rows(&[&[1, 0, 9], &[2, 3, 0], &[0, 1, 0]]);
        let b = Matrix::from_rows(&[&[2, 1, 0], &[0, 4, 3], &[3, 2, 1]]);
        let iterated = bimatrix_game("iterated", &a, &b);
        let cases = [
            (dilemma, vec![1, 1]),
            (three, vec![2, 1, 2]),
            (iterated, vec![1, 1]),
        ];
        for (game, pure) in cases {
            let expected = MixedProfile::pure(&game.shape(), &pure);
            for seed in 0..4 {
                let result = run(&game, Ray::Random(seed));
                assert_eq!(result.stop, GnmStop::End);
                let profiles: Vec<_> = result.equilibria.iter().map(|e| &e.profile).collect();
                assert_eq!(profiles, [&expected]);
            }
        }
    }

    #[test]
    fn trivial_games_are_solved() {
        // One player: the best strategy.
        let alone = game(&[3], &[1, 5, 2]);
        for seed in 0..4 {
            let found = run(&alone, Ray::Random(seed)).equilibria;
            assert_eq!(found.len(), 1);
            assert_eq!(found[0].profile, MixedProfile::pure(&[3], &[1]));
        }
        // Nothing to choose.
        for (shape, payoffs) in [(&[1][..], &[4][..]), (&[1, 1], &[4, -2])] {
            let found = run(&game(shape, payoffs), Ray::Random(0)).equilibria;
            assert_eq!(found.len(), 1);
            assert_eq!(
                found[0].profile,
                MixedProfile::pure(shape, &vec![0; shape.len()])
            );
        }
        // A player with one strategy, and matching pennies between the other two.
        let third = game(&[2, 1, 2], &[1, 0, -1, -1, 0, 1, -1, 0, 1, 1, 0, -1]);
        let found = run(&third, Ray::Random(3)).equilibria;
        let half = (1, 2);
        assert_eq!(
            found[0].profile,
            profile(&[&[half; 2], &[(1, 1)], &[half; 2]])
        );
        // All payoffs equal: every profile is an equilibrium; the ray's favourites are returned.
        let flat = game(&[2, 3, 2], &[7; 36]);
        let result = run(&flat, Ray::Bonus(vec![1, 2, 0]));
        assert_eq!(result.equilibria.len(), 1);
        assert_eq!(
            result.equilibria[0].profile,
            MixedProfile::pure(&[2, 3, 2], &[1, 2, 0])
        );
        // Player 3 is indifferent everywhere; players 1 and 2 play matching pennies when
        // player 3 plays 1, and coordinate when 3 plays 2.
        let indifferent = game(
            &[2, 2, 2],
            &[
                1, -1, 0, -1, 1, 0, -1, 1, 0, 1, -1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0,
            ],
        );
        for (favourite, expected) in [(0, (1, 2)), (1, (1, 1))] {
            let result = run(&indifferent, Ray::Bonus(vec![0, 0, favourite]));
            assert_eq!(result.stop, GnmStop::End);
            let first = &result.equilibria[0];
            assert_eq!(first.epsilon, Rational::ZERO);
            assert_eq!(first.profile.0[0][0], Rational::new(expected.0, expected.1));
        }
    }

    #[test]
    fn refusals_and_limits() {
        let pennies = game(&[2, 2], &[1, -1, -1, 1, -1, 1, 1, -1]);
        let refused = |ray: Ray| {
            gnm(
                &pennies,
                &GnmOptions {
                    ray,
                    ..GnmOptions::default()
                },
            )
        };
        assert_eq!(refused(Ray::Bonus(vec![0])), Err(GnmError::RayShape));
        assert_eq!(refused(Ray::Bonus(vec![0, 2])), Err(GnmError::RayShape));
        let tie = Ray::Vector(vec![vec![1.0, 0.0], vec![0.5, 0.5]]);
        assert_eq!(refused(tie), Err(GnmError::RayTie(2)));
        let nan = Ray::Vector(vec![vec![1.0, f64::NAN], vec![0.5, 0.0]]);
        assert_eq!(refused(nan), Err(GnmError::RayNotFinite));
        assert_eq!(
            gnm(&game(&[], &[]), &GnmOptions::default()),
            Err(GnmError::NoPlayers)
        );
        let steps = GnmOptions {
            min_step: 0.0,
            ..GnmOptions::default()
        };
        assert_eq!(gnm(&pennies, &steps), Err(GnmError::StepBounds));
        // The limits stop the run with what it found.
        let limited = |options: GnmOptions| gnm(&pennies, &options).unwrap();
        let none = limited(GnmOptions {
            max_steps: 0,
            ..GnmOptions::default()
        });
        assert_eq!((none.stop, none.equilibria.len()), (GnmStop::Steps, 0));
        let late = limited(GnmOptions {
            deadline: Some(Instant::now()),
            ..GnmOptions::default()
        });
        assert_eq!(late.stop, GnmStop::Deadline);
        let a = Matrix::from_rows(&[&[2, 0], &[0, 1]]);
        let coordination = bimatrix_game("coordination", &a, &a);
        let one = GnmOptions {
            ray: Ray::Bonus(vec![1, 1]),
            max_equilibria: Some(1),
            ..GnmOptions::default()
        };
        let first = gnm(&coordination, &one).unwrap();
        assert_eq!(
            (first.stop, first.equilibria.len()),
            (GnmStop::Equilibria, 1)
        );
    }

    /// A game of 2 to 4 players with 2 to 4 strategies each and payoffs in ±10⁶, generic, of at
    /// most 81 profiles: larger games meet dozens of equilibria, whose exact regrets take
    /// seconds in a debug build.
    fn random_game(players: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Nfg> {
        let shape = prop::collection::vec(2usize..=4, players)
            .prop_filter("at most 81 profiles", |s| s.iter().product::<usize>() <= 81);
        shape.prop_flat_map(|shape| {
            let size = shape.len() * shape.iter().product::<usize>();
            prop::collection::vec(-1_000_000i64..=1_000_000, size)
                .prop_map(move |payoffs| game(&shape, &payoffs))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        #[test]
        fn every_profile_returned_is_an_equilibrium(
            game in random_game(2..=4),
            seed in 0u64..1000,
        ) {
            let result = run(&game, Ray::Random(seed));
            prop_assert_eq!(result.stop, GnmStop::End);
            prop_assert_eq!(result.stats.crossings % 2, 1);
            prop_assert!(!result.equilibria.is_empty());
            let bound = 1e-6 * range(&game);
            for e in &result.equilibria {
                prop_assert!(e.epsilon.to_f64() <= bound, "{}", e.epsilon);
            }
        }

        #[test]
        fn two_player_equilibria_are_near_exact_ones(
            game in random_game(2..=2),
            seed in 0u64..1000,
        ) {
            let (a, b) = game.bimatrix().unwrap();
            let (exact, _) = support_enumeration(&a, &b);
            let result = run(&game, Ray::Random(seed));
            prop_assert_eq!(result.stop, GnmStop::End);
            for e in &result.equilibria {
                let near = exact.iter().any(|x| {
                    x.0.iter().flatten().zip(e.profile.0.iter().flatten())
                        .all(|(p, q)| (p - q).abs().to_f64() <= 1e-6)
                });
                prop_assert!(near, "{:?}", e.profile);
            }
        }

        /// Degenerate games (payoffs from a handful of values, with ties everywhere) end one
        /// way or another, and what they return is an equilibrium.
        #[test]
        fn degenerate_games_end(
            shape in prop::collection::vec(1usize..=3, 1..=3),
            values in prop::collection::vec(-2i64..=2, 81),
            seed in 0u64..1000,
        ) {
            let size = shape.len() * shape.iter().product::<usize>();
            let game = game(&shape, &values[..size]);
            let options = GnmOptions {
                ray: Ray::Random(seed),
                max_steps: 5_000,
                ..GnmOptions::default()
            };
            let result = gnm(&game, &options).unwrap();
            for e in &result.equilibria {
                prop_assert!(e.epsilon.to_f64() <= 1e-6, "{}", e.epsilon);
            }
        }
    }
}
