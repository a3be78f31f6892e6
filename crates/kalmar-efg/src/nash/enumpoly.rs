//! Support enumeration with polynomial systems ("enumpoly"), for games of any number of
//! players: for every profile of supports, every isolated solution of its indifference
//! equations that is a Nash equilibrium.
//!
//! A profile `σ` with supports `S₁, …, S_N` is an equilibrium iff each player `i` is indifferent
//! among the strategies of `S_i` and none outside does better. Writing each player's first
//! support strategy's probability as 1 minus the others', the indifferences are `Σ(|S_i| - 1)`
//! polynomial equations in as many unknowns, of degree `N - 1`, affine in each other player's
//! probabilities (McKelvey and McLennan, *Computation of equilibria in finite games*, Handbook of
//! Computational Economics I, 1996, §6; the method of Gambit's `enumpoly`). Their solutions in
//! the product of simplices are found by subdivision with interval arithmetic:
//!
//! - **Exclusion.** A box of unknowns is dropped when an equation's range on it leaves out 0,
//!   when a strategy outside the support does better than the support all over it, or when
//!   Krawczyk's operator `K(X) = c - Y·F(c) + (I - Y·J(X))(X - c)` misses it. The ranges are
//!   exact: an equation is affine in each player's probabilities, so its extremes over a box
//!   lie at corners.
//! - **Verification.** When `K(X)` lies inside `X`, the box holds exactly one solution
//!   (Krawczyk 1969; Moore 1977), which Newton's method from its centre finds. After a failure
//!   the operator is tried again only on boxes half as wide.
//! - **Otherwise** the box is cut in two across the side along which the equations vary most
//!   (Kearfott's maximal smear), slightly off its middle so that simple fractions do not fall on
//!   the cut, and the boxes are searched depth first.
//!
//! The enclosures round outward (sums exactly where they are exact, by the error-free `TwoSum`;
//! products one step out), so exclusion and verification are rigorous; every solution that is
//! isolated and regular (its Jacobian nonsingular) is found. Where no solution can be regular
//! the search does not cover a continuum with ever smaller boxes: a support whose Jacobian is
//! singular everywhere (at two points in general position) is searched, when unbalanced (a player's
//! equations outnumber the unknowns they depend on), with the operator on a square part and
//! the other equations checked at its solution, and otherwise until its first box narrower
//! than [`SINGULAR_WIDTH`]; elsewhere Levenberg–Marquardt probes from small boxes recognise a
//! solution with a singular Jacobian. Such supports are reported as *singular*, those whose
//! boxes exceed [`EnumpolyOptions::max_boxes`] as *unfinished*: equilibria there may be
//! missing. Before any box, a support is skipped when one of its strategies is weakly
//! dominated against the others' supports by another strategy with some strict gain (no
//! profile of those supports can make it a best reply).
//!
//! Every solution becomes exact: its probabilities are rounded to fractions of denominators up
//! to 10⁶, which is the equilibrium itself when that gives regret 0 exactly; a two-player one is
//! otherwise solved exactly on its support (its equilibria are rational); a game of more players
//! may have irrational equilibria, which are reported as ε-equilibria with their exact regret
//! after rounding to the nearest fractions of denominators up to 2³² (about 10⁻¹⁶ of the payoff
//! range). A profile is accepted when that regret is at most [`EnumpolyOptions::max_regret`]
//! times the payoff range.
//!
//! # Complexity
//! `Π_i (2^{m_i} - 1)` support profiles for `m_i` strategies; each box costs
//! `O(N² · P · (N + m) + d³)` interval operations for `P` profiles of the supports and `d`
//! unknowns. The number of boxes has no polynomial bound: this is for small games.
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_efg::format::read_game;
//! use kalmar_efg::nash::enumpoly::{EnumpolyOptions, enumpoly};
//! // Three players, each choosing 1 or 2; each gets 1 for matching the next player, and player
//! // 3 for mismatching player 1. Its one equilibrium has everyone mixing half and half.
//! let text = "NFG 1 R \"\" { \"1\" \"2\" \"3\" } { 2 2 2 }\n\n\
//!             1 1 0  0 1 1  0 0 0  1 0 1  1 0 1  0 0 0  0 1 1  1 1 0\n";
//! let kalmar_efg::format::GameFile::Nfg(game) = read_game(text).unwrap() else { panic!() };
//! let found = enumpoly(&game, &EnumpolyOptions::default()).unwrap();
//! assert_eq!(found.equilibria.len(), 1);
//! let half = Rational::new(1, 2);
//! assert_eq!(found.equilibria[0].profile.0, vec![vec![half.clone(), half.clone()]; 3]);
//! assert!(found.equilibria[0].regret.is_zero());
//! ```

use super::passed;
use super::profile::{MixedProfile, max_regret, payoff_range};
use super::rounding::round_profile;
use super::support::indifference;
use crate::normal::Nfg;
use kalmar_core::Rational;
use std::time::Instant;

/// A box still undecided below this width is taken for part of a continuum or a singular
/// solution (a regular one is verified in a larger box), and its support reported as singular.
pub const SINGULAR_WIDTH: f64 = 1.0 / 1024.0;

/// Below this width an undecided box is probed by Newton's method for a singular solution
/// (one where the Jacobian is singular), at most [`MAX_PROBES`] times per support; one found
/// ends the support's search as singular, as a continuum would otherwise be covered by ever
/// smaller boxes.
const PROBE_WIDTH: f64 = 1.0 / 16.0;

/// The most corners of a box over which [`System::over_corners`] takes a hull.
const MAX_CORNERS: u64 = 256;

/// The most probes per support.
const MAX_PROBES: u32 = 64;

/// How far the boxes reach beyond the simplices, so that solutions on their faces lie inside
/// a box (they belong to smaller supports and are found there too).
const MARGIN: f64 = 1.0 / 1024.0;

/// Where a box is cut, as a fraction of its width: near the middle, but not on simple fractions.
const CUT: f64 = 0.4990234375;

/// The most strategies of a player (a strategy's position in a support is kept in a byte;
/// the supports of far fewer are already more than can be enumerated).
pub const MAX_STRATEGIES: usize = 255;

/// How to run [`enumpoly`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnumpolyOptions {
    /// The most boxes searched on one support before it is given up as unfinished. Default
    /// 20,000, the budget of rectangles of Gambit's `enumpoly`.
    pub max_boxes: u64,
    /// A profile is accepted when its exact regret is at most this times the game's payoff
    /// range. Default `1/10⁸`.
    pub max_regret: Rational,
    /// Stop with the equilibria found so far when this passes.
    pub deadline: Option<Instant>,
}

impl Default for EnumpolyOptions {
    fn default() -> Self {
        EnumpolyOptions {
            max_boxes: 20_000,
            max_regret: Rational::new(1, 100_000_000),
            deadline: None,
        }
    }
}

/// One equilibrium found by [`enumpoly`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnumpolyEquilibrium {
    /// The profile, exact.
    pub profile: MixedProfile,
    /// Its largest regret over the players, exact: 0 when the equilibrium is exact.
    pub regret: Rational,
}

/// A profile of supports: each player's strategies, in order.
pub type Supports = Vec<Vec<usize>>;

/// What [`enumpoly`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EnumpolyResult {
    /// The equilibria, each once, in the order found (supports by their total size).
    pub equilibria: Vec<EnumpolyEquilibrium>,
    /// The bound on the regret: [`EnumpolyOptions::max_regret`] times the payoff range.
    pub bound: Rational,
    /// Support profiles enumerated.
    pub supports: u64,
    /// Of those, skipped because a strategy of theirs is dominated against the others.
    pub dominated: u64,
    /// Boxes searched, over all supports.
    pub boxes: u64,
    /// Supports with a continuum of solutions or a multiple one, where equilibria may be
    /// missing.
    pub singular: Vec<Supports>,
    /// Supports given up after [`EnumpolyOptions::max_boxes`] boxes, where equilibria may be
    /// missing.
    pub unfinished: Vec<Supports>,
    /// The deadline passed: the equilibria are those found so far.
    pub stopped: bool,
}

/// Why [`enumpoly`] cannot run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EnumpolyError {
    /// A player without strategies has no mixed strategy.
    #[error("player {0} has no strategies")]
    NoStrategies(usize),
    /// More strategies than [`MAX_STRATEGIES`].
    #[error("player {0} has {1} strategies, more than the {MAX_STRATEGIES} enumpoly handles")]
    TooManyStrategies(usize, usize),
    /// A payoff too large for floating point.
    #[error("a payoff is beyond the range of floating point")]
    Payoff,
}

/// Every equilibrium of `game` that is an isolated, regular solution of its support's
/// indifference equations, exact where it can be made so.
pub fn enumpoly(game: &Nfg, options: &EnumpolyOptions) -> Result<EnumpolyResult, EnumpolyError> {
    let shape = game.shape();
    if let Some(i) = shape.iter().position(|&m| m == 0) {
        return Err(EnumpolyError::NoStrategies(i + 1));
    }
    if let Some(i) = shape.iter().position(|&m| m > MAX_STRATEGIES) {
        return Err(EnumpolyError::TooManyStrategies(i + 1, shape[i]));
    }
    let n = shape.len();
    let payoffs = (0..game.num_profiles() * n)
        .map(|k| enclose(game.payoff(k / n, k % n)).ok_or(EnumpolyError::Payoff))
        .collect::<Result<Vec<_>, _>>()?;
    let range = payoff_range(game);
    let mut search = Search {
        game,
        shape: &shape,
        stride: game.strides(),
        payoffs,
        range: range.to_f64(),
        options,
        result: EnumpolyResult {
            bound: &options.max_regret * &range,
            ..EnumpolyResult::default()
        },
        found: Vec::new(),
    };
    let total: usize = shape.iter().sum();
    'sizes: for size in n..=total {
        let mut stopped = false;
        for_each_size_vector(&shape, size, &mut |sizes| {
            if stopped {
                return;
            }
            // Each player's first subset of its size, then the others in lexicographic order,
            // generated as the odometer turns: nothing is listed in advance.
            let mut supports: Supports = sizes.iter().map(|&k| (0..k).collect()).collect();
            loop {
                if passed(options.deadline) {
                    stopped = true;
                    return;
                }
                search.support(supports.clone());
                let Some(i) = (0..n).find(|&i| next_subset(&mut supports[i], shape[i])) else {
                    return;
                };
                for (support, &k) in supports[..i].iter_mut().zip(sizes) {
                    *support = (0..k).collect();
                }
            }
        });
        if stopped {
            search.result.stopped = true;
            break 'sizes;
        }
    }
    Ok(search.result)
}

/// Turns `set`, a sorted subset of `0..m`, into the next of its size in lexicographic order;
/// false (leaving it as it was) when it is the last.
fn next_subset(set: &mut [usize], m: usize) -> bool {
    let k = set.len();
    let Some(i) = (0..k).rev().find(|&i| set[i] < m - k + i) else {
        return false;
    };
    set[i] += 1;
    for j in i + 1..k {
        set[j] = set[j - 1] + 1;
    }
    true
}

/// Calls `f` with every vector of support sizes `1 ≤ k_i ≤ shape[i]` summing to `size`.
fn for_each_size_vector(shape: &[usize], size: usize, f: &mut impl FnMut(&[usize])) {
    fn go(shape: &[usize], left: usize, sizes: &mut Vec<usize>, f: &mut impl FnMut(&[usize])) {
        let i = sizes.len();
        if i == shape.len() {
            if left == 0 {
                f(sizes);
            }
            return;
        }
        let rest = shape.len() - i - 1;
        for k in 1..=shape[i].min(left.saturating_sub(rest)) {
            sizes.push(k);
            go(shape, left - k, sizes, f);
            sizes.pop();
        }
    }
    go(shape, size, &mut Vec::with_capacity(shape.len()), f);
}

/// The enumeration's state.
struct Search<'a> {
    game: &'a Nfg,
    shape: &'a [usize],
    stride: Vec<usize>,
    /// Every payoff enclosed, at `profile · N + player`.
    payoffs: Vec<Interval>,
    range: f64,
    options: &'a EnumpolyOptions,
    result: EnumpolyResult,
    /// The equilibria found, in floating point, to recognise one found again.
    found: Vec<Vec<Vec<f64>>>,
}

impl Search<'_> {
    /// Searches one support profile.
    fn support(&mut self, supports: Supports) {
        self.result.supports += 1;
        let system = System::new(self, &supports);
        if system.dominated() {
            self.result.dominated += 1;
            return;
        }
        // Without regular solutions (the Jacobian singular everywhere), no box can be
        // verified: when a player's equations outnumber the unknowns they depend on, Krawczyk's
        // operator is taken on as many of them as unknowns, whose solutions the others must
        // then satisfy, which a support without solutions soon fails; otherwise the first
        // small box left shows a singular solution.
        let regular = !system.nowhere_regular();
        let square = match system.overdetermined() {
            Some(square) if !regular => square,
            _ => Square::whole(system.dim),
        };
        // Each box with the width below which Krawczyk's operator is tried on it: tried on
        // the first box, and after a failure only on boxes half as wide.
        let mut boxes = vec![(
            vec![Interval::new(-MARGIN, 1.0 + MARGIN); system.dim],
            f64::INFINITY,
        )];
        let mut searched = 0u64;
        let mut singular = false;
        let mut probes = 0;
        // Regular solutions the probes met: boxes holding one are not probed again.
        let mut regular_points: Vec<Vec<f64>> = Vec::new();
        let tolerance = 1e-9 * self.range.max(f64::MIN_POSITIVE);
        while let Some((x, try_below)) = boxes.pop() {
            searched += 1;
            if searched > self.options.max_boxes {
                self.result.unfinished.push(supports.clone());
                break;
            }
            if searched.is_multiple_of(1024) && passed(self.options.deadline) {
                break;
            }
            let width = square.width(&x);
            let krawczyk = width <= try_below;
            match system.examine(&x, &square, krawczyk) {
                Verdict::Empty => {}
                Verdict::Root(tight) => self.root(&system, &supports, &tight),
                Verdict::Tighter(tight) => boxes.push((tight, try_below)),
                Verdict::Singular => {
                    singular = true;
                    break;
                }
                Verdict::Split(x, along) => {
                    let examined = width;
                    let width = square.width(&x);
                    let known =
                        |point: &Vec<f64>| point.iter().zip(&x).all(|(v, b)| b.contains(*v));
                    if regular
                        && width < PROBE_WIDTH
                        && probes < MAX_PROBES
                        && !regular_points.iter().any(known)
                    {
                        probes += 1;
                        match system.probe(&x, tolerance) {
                            Probe::Singular => {
                                singular = true;
                                break;
                            }
                            Probe::Regular(point) => regular_points.push(point),
                            Probe::Nothing => {}
                        }
                    }
                    if width < SINGULAR_WIDTH {
                        // A box this small around a regular solution would have been
                        // verified: here the Jacobian is singular or nearly so.
                        singular = true;
                        if regular {
                            continue;
                        }
                        break;
                    }
                    let (low, high) = split(&x, along);
                    let try_below = if krawczyk { 0.5 * examined } else { try_below };
                    boxes.push((high, try_below));
                    boxes.push((low, try_below));
                }
            }
        }
        self.result.boxes += searched;
        if singular {
            self.result.singular.push(supports);
        }
    }

    /// A verified solution in `x`: refined by Newton's method, kept if it is a profile with no
    /// better reply outside the support, made exact and checked.
    fn root(&mut self, system: &System, supports: &Supports, x: &[Interval]) {
        let point = system.newton(x);
        let Some(probabilities) = system.profile(&point, self.shape) else {
            return;
        };
        let tolerance = 1e-9 * self.range.max(f64::MIN_POSITIVE);
        if system.best_outside(&point) > tolerance {
            return;
        }
        let near = |f: &Vec<Vec<f64>>| {
            f.iter()
                .flatten()
                .zip(probabilities.iter().flatten())
                .all(|(a, b)| (a - b).abs() < 1e-9)
        };
        if self.found.iter().any(near) {
            return;
        }
        if let Some((profile, regret)) = self.exact(supports, &probabilities) {
            self.found.push(probabilities);
            self.result
                .equilibria
                .push(EnumpolyEquilibrium { profile, regret });
        }
    }

    /// The exact profile of a solution and its exact regret, if at most the bound.
    fn exact(
        &self,
        supports: &Supports,
        probabilities: &[Vec<f64>],
    ) -> Option<(MixedProfile, Rational)> {
        let rounded = |denominator| {
            let per_player: Vec<Option<Vec<f64>>> =
                probabilities.iter().cloned().map(Some).collect();
            MixedProfile::new(
                round_profile(&per_player, denominator)
                    .into_iter()
                    .flatten()
                    .collect(),
            )
        };
        let mut candidates = vec![rounded(1_000_000)];
        candidates.extend(self.two_player_exact(supports));
        candidates.push(rounded(u32::MAX));
        let mut best: Option<(MixedProfile, Rational)> = None;
        for profile in candidates {
            let Ok(regret) = max_regret(self.game, &profile) else {
                continue;
            };
            let exact = regret.is_zero();
            if best.as_ref().is_none_or(|(_, r)| regret < *r) {
                best = Some((profile, regret));
            }
            if exact {
                break;
            }
        }
        best.filter(|(_, regret)| *regret <= self.result.bound)
    }

    /// A two-player equilibrium on supports of equal size, solved exactly from its
    /// indifference equations.
    fn two_player_exact(&self, supports: &Supports) -> Option<MixedProfile> {
        let [rows, cols] = supports.as_slice() else {
            return None;
        };
        if rows.len() != cols.len() {
            return None;
        }
        let payoff =
            |r: usize, c: usize, i: usize| self.game.payoff(r + c * self.stride[1], i).clone();
        let (y, _) = indifference(rows, cols, |r, c| payoff(r, c, 0))?;
        let (x, _) = indifference(cols, rows, |c, r| payoff(r, c, 1))?;
        let spread = |support: &[usize], values: Vec<Rational>, m: usize| {
            let mut p = vec![Rational::ZERO; m];
            for (&s, v) in support.iter().zip(values) {
                p[s] = v;
            }
            p
        };
        Some(MixedProfile::new(vec![
            spread(rows, x, self.shape[0]),
            spread(cols, y, self.shape[1]),
        ]))
    }
}

/// A box cut in two across the side of unknown `k`.
fn split(x: &[Interval], k: usize) -> (Vec<Interval>, Vec<Interval>) {
    let cut = x[k].lo + CUT * x[k].width();
    let (mut low, mut high) = (x.to_vec(), x.to_vec());
    low[k].hi = cut;
    high[k].lo = cut;
    (low, high)
}

/// The unknown of `square` along which the equations vary most over the box `x` (its width
/// times the largest derivative along it, Kearfott's maximal smear), or the widest where none
/// varies.
fn widest_smear(x: &[Interval], jacobian: &[Vec<Interval>], square: &Square) -> usize {
    let magnitude = |v: &Interval| v.lo.abs().max(v.hi.abs());
    let smear = |q: usize| {
        let rows = square.rows.iter().chain(&square.rest);
        rows.map(|&r| magnitude(&jacobian[r][q]))
            .fold(0.0, f64::max)
            * x[q].width()
    };
    let along = square.cols.iter().copied();
    match along.max_by(|&a, &b| smear(a).total_cmp(&smear(b))) {
        Some(q) if smear(q) > 0.0 => q,
        _ => square.widest(x),
    }
}

/// What a box holds.
enum Verdict {
    /// No equilibrium.
    Empty,
    /// Exactly one solution of the equations, in this (possibly smaller) box.
    Root(Vec<Interval>),
    /// Perhaps solutions, all within this box, much smaller than the one examined.
    Tighter(Vec<Interval>),
    /// Undecided: to be cut across the side of this unknown.
    Split(Vec<Interval>, usize),
    /// A solution that is not isolated or not regular.
    Singular,
}

/// Where a probe by Newton's method ended.
enum Probe {
    /// At a solution where the Jacobian is singular, or nearly.
    Singular,
    /// At this regular solution.
    Regular(Vec<f64>),
    /// Elsewhere, or nowhere.
    Nothing,
}

/// The square subsystem Krawczyk's operator is taken on: equations `rows` in the unknowns
/// `cols` (as many), the equations `rest` to be checked at its solutions.
struct Square {
    rows: Vec<usize>,
    cols: Vec<usize>,
    rest: Vec<usize>,
}

impl Square {
    /// The widest side of `x` among the unknowns.
    fn width(&self, x: &[Interval]) -> f64 {
        self.cols.iter().map(|&q| x[q].width()).fold(0.0, f64::max)
    }

    /// The unknown of the widest side.
    fn widest(&self, x: &[Interval]) -> usize {
        let along = self.cols.iter().copied();
        along
            .max_by(|&a, &b| x[a].width().total_cmp(&x[b].width()))
            .unwrap_or(0)
    }

    /// The whole system.
    fn whole(dim: usize) -> Square {
        Square {
            rows: (0..dim).collect(),
            cols: (0..dim).collect(),
            rest: Vec::new(),
        }
    }
}

/// The indifference equations of one support profile. The unknowns are, per player in
/// order, the probabilities of its support strategies after the first; equation `(i, j)`
/// says that player `i`'s `j`-th support strategy (`j ≥ 1`) earns as much as its first.
struct System {
    n: usize,
    supports: Supports,
    /// The strategies of each player.
    strategies: Vec<usize>,
    /// The first unknown (and equation) of each player.
    offsets: Vec<usize>,
    dim: usize,
    /// Per player `i`: for each profile `t` of the others' supports (the lowest player
    /// fastest) and each strategy `a` of `i`, at `t · m_i + a`, the payoff of `a` minus that
    /// of `i`'s first support strategy.
    tables: Vec<Vec<Interval>>,
    /// Per player `i`: the profiles of the others' supports in the tables' order, each as
    /// every player's position in its support (`i`'s 0), `N` bytes a profile.
    profiles: Vec<Vec<u8>>,
}

impl System {
    fn new(search: &Search<'_>, supports: &Supports) -> System {
        let n = supports.len();
        let strategies = search.shape.to_vec();
        let mut offsets = Vec::with_capacity(n);
        let mut dim = 0;
        for s in supports {
            offsets.push(dim);
            dim += s.len() - 1;
        }
        let tables: Vec<Vec<Interval>> = (0..n)
            .map(|i| {
                let m = strategies[i];
                let first = supports[i][0];
                let mut table = Vec::new();
                for_each_profile(supports, i, |digits| {
                    let base: usize = (0..n)
                        .filter(|&h| h != i)
                        .map(|h| supports[h][digits[h]] * search.stride[h])
                        .sum();
                    let at = |a: usize| search.payoffs[(base + a * search.stride[i]) * n + i];
                    let reference = at(first);
                    table.extend((0..m).map(|a| at(a).sub(reference)));
                });
                table
            })
            .collect();
        let profiles = (0..n)
            .map(|i| {
                let mut all = Vec::new();
                for_each_profile(supports, i, |digits| {
                    all.extend(digits.iter().map(|&d| d as u8));
                });
                all
            })
            .collect();
        System {
            n,
            supports: supports.clone(),
            strategies,
            offsets,
            dim,
            tables,
            profiles,
        }
    }

    /// Whether a support strategy is weakly dominated against the others' supports by some
    /// strategy with a strict gain somewhere (so that no profile of those supports makes it a
    /// best reply); decided only where the enclosures are sure.
    fn dominated(&self) -> bool {
        (0..self.n).any(|i| {
            let m = self.strategies[i];
            let rows = self.tables[i].chunks(m);
            self.supports[i].iter().any(|&s| {
                (0..m).filter(|&t| t != s).any(|t| {
                    let mut strict = false;
                    let weak = rows.clone().all(|row| {
                        let gain = row[t].sub(row[s]);
                        strict |= gain.lo > 0.0;
                        gain.lo >= 0.0
                    });
                    weak && strict
                })
            })
        })
    }

    /// Whether the Jacobian is singular at two points inside the simplices in general
    /// position: its determinant, a polynomial, then vanishes everywhere (but on a set of
    /// measure zero the two points avoid), so no solution is regular, and a box that stays
    /// small enough is taken for a singular one instead of cut along a continuum.
    fn nowhere_regular(&self) -> bool {
        self.dim > 0
            && [0.2718281828, 0.3141592653].iter().all(|&seed| {
                let mut x = Vec::with_capacity(self.dim);
                for support in &self.supports {
                    // Probabilities seed·k mod 1, scaled to sum below 1.
                    let own: Vec<f64> = (1..support.len())
                        .map(|k| (seed * (k + x.len()) as f64 * 7.0).fract())
                        .collect();
                    let scale = 0.9 / (own.iter().sum::<f64>() + 0.1);
                    x.extend(own.iter().map(|&v| Interval::point(v * scale)));
                }
                invert(&mid_matrix(&self.jacobian(&x))).is_none()
            })
    }

    /// For the player whose equations outnumber the unknowns they depend on (the other
    /// players') the most, if one does (an unbalanced support, in McKelvey and McLennan's
    /// terms): as many of its equations as those unknowns, in them, and the rest of its
    /// equations.
    fn overdetermined(&self) -> Option<Square> {
        let own = |i: usize| self.offsets[i]..self.offsets[i] + self.supports[i].len() - 1;
        let excess = |i: usize| 2 * own(i).len() as i64 - self.dim as i64;
        let i = (0..self.n).max_by_key(|&i| excess(i))?;
        (excess(i) > 0).then(|| {
            let cols: Vec<usize> = (0..self.dim).filter(|k| !own(i).contains(k)).collect();
            let mut rows: Vec<usize> = own(i).collect();
            let rest = rows.split_off(cols.len());
            Square { rows, cols, rest }
        })
    }

    /// Each player's probabilities on its support, from the unknowns.
    fn probabilities(&self, x: &[Interval]) -> Vec<Vec<Interval>> {
        (0..self.n)
            .map(|h| {
                let own = &x[self.offsets[h]..self.offsets[h] + self.supports[h].len() - 1];
                let rest = own.iter().fold(Interval::point(1.0), |acc, &v| acc.sub(v));
                std::iter::once(rest).chain(own.iter().copied()).collect()
            })
            .collect()
    }

    /// Player `i`'s table contracted with the others' probabilities `p`, except player `skip`'s
    /// if given: entry `s · m_i + a` for `skip`'s `s`-th support strategy (`s = 0` without one).
    fn contract(&self, i: usize, p: &[Vec<Interval>], skip: Option<usize>) -> Vec<Interval> {
        let m = self.strategies[i];
        let rows = skip.map_or(1, |h| self.supports[h].len());
        let weighed: Vec<usize> = (0..self.n).filter(|&h| h != i && Some(h) != skip).collect();
        let mut out = vec![Interval::point(0.0); rows * m];
        let (n, table) = (self.n, &self.tables[i]);
        for (digits, values) in self.profiles[i].chunks(n).zip(table.chunks(m)) {
            let weight = weighed.iter().fold(Interval::point(1.0), |w, &h| {
                w.mul(p[h][usize::from(digits[h])])
            });
            let row = skip.map_or(0, |h| usize::from(digits[h]));
            for (o, &v) in out[row * m..(row + 1) * m].iter_mut().zip(values) {
                *o = o.add(weight.mul(v));
            }
        }
        out
    }

    /// Whether the box `x` surely holds no equilibrium: it lies outside the simplices, or an
    /// equation is not 0 anywhere on it, or a strategy outside a support does better than
    /// the support everywhere on it, by the ranges over corners.
    fn excludes(&self, x: &[Interval]) -> bool {
        let p = self.probabilities(x);
        if p.iter().any(|p| p[0].hi < -MARGIN) {
            return true;
        }
        let fails = |i: usize, v: &[Interval]| {
            let support = &self.supports[i];
            support[1..].iter().any(|&a| !v[a].contains_zero())
                || (0..self.strategies[i]).any(|a| !support.contains(&a) && v[a].lo > 0.0)
        };
        (0..self.n).any(|i| fails(i, &self.over_corners(i, x, None, |v| v.to_vec())))
    }

    /// The Jacobian of the equations on `x` (row: equation, column: unknown).
    fn jacobian(&self, x: &[Interval]) -> Vec<Vec<Interval>> {
        let mut jacobian = vec![vec![Interval::point(0.0); self.dim]; self.dim];
        for i in 0..self.n {
            let m = self.strategies[i];
            let support = &self.supports[i];
            for h in (0..self.n).filter(|&h| h != i && self.supports[h].len() > 1) {
                let k = self.supports[h].len();
                // Entry (j, l): the derivative of equation j along unknown l of player h.
                let d = self.over_corners(i, x, Some(h), |d| {
                    support[1..]
                        .iter()
                        .flat_map(|&a| (1..k).map(move |l| d[l * m + a].sub(d[a])))
                        .collect()
                });
                for j in 1..support.len() {
                    let row = &mut jacobian[self.offsets[i] + j - 1];
                    for l in 1..k {
                        row[self.offsets[h] + l - 1] = d[(j - 1) * (k - 1) + l - 1];
                    }
                }
            }
        }
        jacobian
    }

    /// The hull, over the corners of the box `x` in the unknowns of the players other than
    /// `i` and `skip`, of `f` applied to player `i`'s table contracted there
    /// ([`System::contract`]). Being affine in each player's probabilities, a contraction
    /// takes its extremes over a box at corners, so this encloses `f`'s range on `x` far more
    /// tightly than interval arithmetic on the whole box, which forgets that a player's
    /// probabilities sum to 1. Without `skip`, the player with the most unknowns is left out
    /// of the corners and contracted last in the form `D₀ + Σ_l x_l (D_l - D₀)`, whose range is
    /// exact as each unknown appears once. Above [`MAX_CORNERS`] corners, interval arithmetic
    /// on the whole box instead.
    fn over_corners(
        &self,
        i: usize,
        x: &[Interval],
        skip: Option<usize>,
        f: impl Fn(&[Interval]) -> Vec<Interval>,
    ) -> Vec<Interval> {
        let unknowns_of = |h: usize| self.supports[h].len() - 1;
        let mut others: Vec<usize> = (0..self.n).filter(|&h| h != i && Some(h) != skip).collect();
        let last = match skip {
            Some(_) => None,
            None => others.iter().copied().max_by_key(|&h| unknowns_of(h)),
        };
        others.retain(|&h| Some(h) != last);
        let unknowns: usize = others.iter().map(|&h| unknowns_of(h)).sum();
        if unknowns > MAX_CORNERS.ilog2() as usize {
            return f(&self.contract(i, &self.probabilities(x), skip));
        }
        let m = self.strategies[i];
        let mut p: Vec<Vec<Interval>> = vec![Vec::new(); self.n];
        let mut hull: Option<Vec<Interval>> = None;
        for corner in 0u64..1 << unknowns {
            let mut bit = 0;
            for &h in &others {
                let ends: Vec<Interval> = self
                    .unknowns(x, h)
                    .iter()
                    .map(|v| {
                        bit += 1;
                        Interval::point(if corner >> (bit - 1) & 1 == 1 {
                            v.hi
                        } else {
                            v.lo
                        })
                    })
                    .collect();
                let first = ends.iter().fold(Interval::point(1.0), |acc, &v| acc.sub(v));
                p[h] = std::iter::once(first).chain(ends).collect();
            }
            let contracted = match last {
                None => self.contract(i, &p, skip),
                Some(h) => {
                    let d = self.contract(i, &p, Some(h));
                    (0..m)
                        .map(|a| {
                            let base = d[a];
                            self.unknowns(x, h)
                                .iter()
                                .enumerate()
                                .fold(base, |acc, (l, &v)| {
                                    acc.add(v.mul(d[(l + 1) * m + a].sub(base)))
                                })
                        })
                        .collect()
                }
            };
            let values = f(&contracted);
            hull = Some(match hull {
                None => values,
                Some(h) => h.iter().zip(&values).map(|(a, b)| a.hull(*b)).collect(),
            });
        }
        hull.unwrap_or_default()
    }

    /// Player `h`'s unknowns in `x`.
    fn unknowns<'x>(&self, x: &'x [Interval], h: usize) -> &'x [Interval] {
        &x[self.offsets[h]..self.offsets[h] + self.supports[h].len() - 1]
    }

    /// Excludes, verifies, tightens or splits the box `x`, Krawczyk's operator taken on the
    /// square subsystem `square`.
    fn examine(&self, x: &[Interval], square: &Square, krawczyk: bool) -> Verdict {
        if self.excludes(x) {
            return Verdict::Empty;
        }
        let Square { rows, cols, rest } = square;
        if cols.is_empty() {
            // Nothing left to cut: every equation is 0 somewhere on the box.
            return if self.dim == 0 {
                Verdict::Root(Vec::new())
            } else {
                Verdict::Singular
            };
        }
        if !krawczyk {
            return Verdict::Split(x.to_vec(), square.widest(x));
        }
        let centre: Vec<Interval> = x.iter().map(|v| Interval::point(v.mid())).collect();
        let at_centre = self.values_at(&centre);
        let jacobian = self.jacobian(x);
        let at_centre_jacobian = self.jacobian(&centre);
        let sub = |m: &[Vec<Interval>]| -> Vec<Vec<f64>> {
            rows.iter()
                .map(|&r| cols.iter().map(|&c| m[r][c].mid()).collect())
                .collect()
        };
        let Some(inverse) = invert(&sub(&at_centre_jacobian)) else {
            return Verdict::Split(x.to_vec(), widest_smear(x, &jacobian, square));
        };
        // K(X) = c - Y·F(c) + (I - Y·J(X))(X - c), on the unknowns `cols`.
        let mut tight = x.to_vec();
        let mut inside = true;
        for (a, &q) in cols.iter().enumerate() {
            let mut k = centre[q];
            for (b, &r) in rows.iter().enumerate() {
                k = k.sub(Interval::point(inverse[a][b]).mul(at_centre[r]));
            }
            for (e, &v) in cols.iter().enumerate() {
                let mut entry = Interval::point(if a == e { 1.0 } else { 0.0 });
                for (b, &r) in rows.iter().enumerate() {
                    entry = entry.sub(Interval::point(inverse[a][b]).mul(jacobian[r][v]));
                }
                k = k.add(entry.mul(x[v].sub(centre[v])));
            }
            inside &= k.lo > x[q].lo && k.hi < x[q].hi;
            match k.intersect(x[q]) {
                Some(t) => tight[q] = t,
                None => return Verdict::Empty,
            }
        }
        if inside && rest.is_empty() {
            return Verdict::Root(tight);
        }
        if inside {
            // The square subsystem has one solution here; the other equations decide.
            let values = self.values_at(&tight);
            if rest.iter().any(|&r| !values[r].contains_zero()) {
                return Verdict::Empty;
            }
            if cols.iter().all(|&q| tight[q].width() < 1e-12) {
                return Verdict::Singular;
            }
            return Verdict::Tighter(tight);
        }
        if square.width(&tight) < 0.5 * square.width(x) {
            Verdict::Tighter(tight)
        } else {
            let along = widest_smear(&tight, &jacobian, square);
            Verdict::Split(tight, along)
        }
    }

    /// The equations' enclosures on a box (without the exclusions of [`System::excludes`]).
    fn values_at(&self, x: &[Interval]) -> Vec<Interval> {
        let p = self.probabilities(x);
        (0..self.n)
            .flat_map(|i| {
                let v = self.contract(i, &p, None);
                self.supports[i][1..]
                    .iter()
                    .map(move |&a| v[a])
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    /// Where Newton's method from the centre of `x` ends: near it at a solution (equations
    /// within `tolerance` of 0) where the Jacobian is singular or its condition number above
    /// 10⁸ (a point of a continuum of solutions, or a multiple one), at a regular solution, or
    /// elsewhere.
    fn probe(&self, x: &[Interval], tolerance: f64) -> Probe {
        let mut point: Vec<f64> = x.iter().map(Interval::mid).collect();
        let reach = x.iter().map(Interval::width).fold(0.0, f64::max);
        let norm = |m: &[Vec<f64>]| {
            m.iter()
                .map(|row| row.iter().map(|v| v.abs()).sum::<f64>())
                .fold(0.0, f64::max)
        };
        for _ in 0..40 {
            let boxed: Vec<Interval> = point.iter().map(|&v| Interval::point(v)).collect();
            let f: Vec<f64> = self.values_at(&boxed).iter().map(Interval::mid).collect();
            let jacobian = mid_matrix(&self.jacobian(&boxed));
            if f.iter().all(|v| v.abs() <= tolerance) {
                return match invert(&jacobian) {
                    Some(inverse) if norm(&jacobian) * norm(&inverse) <= 1e8 => {
                        Probe::Regular(point)
                    }
                    _ => Probe::Singular,
                };
            }
            // A Levenberg–Marquardt step Jᵀ(JJᵀ + μI)⁻¹F, the least-norm Newton step as μ → 0,
            // which goes to a continuum of solutions where a Newton step would not exist.
            let d = self.dim;
            let mu = 1e-8 * norm(&jacobian).powi(2) + f64::MIN_POSITIVE;
            let normal: Vec<Vec<f64>> = (0..d)
                .map(|r| {
                    (0..d)
                        .map(|c| {
                            let dot: f64 = (0..d).map(|k| jacobian[r][k] * jacobian[c][k]).sum();
                            dot + if r == c { mu } else { 0.0 }
                        })
                        .collect()
                })
                .collect();
            let Some(inverse) = invert(&normal) else {
                return Probe::Nothing;
            };
            let y: Vec<f64> = (0..d)
                .map(|r| inverse[r].iter().zip(&f).map(|(a, b)| a * b).sum())
                .collect();
            for (q, v) in point.iter_mut().enumerate() {
                *v -= (0..d).map(|r| jacobian[r][q] * y[r]).sum::<f64>();
            }
            let away = point
                .iter()
                .zip(x)
                .any(|(v, b)| !(b.lo - reach..=b.hi + reach).contains(v));
            if away {
                return Probe::Nothing;
            }
        }
        Probe::Nothing
    }

    /// Newton's method from the centre of a box verified to hold one solution, kept in it.
    fn newton(&self, x: &[Interval]) -> Vec<f64> {
        let mut point: Vec<f64> = x.iter().map(Interval::mid).collect();
        for _ in 0..50 {
            let boxed: Vec<Interval> = point.iter().map(|&v| Interval::point(v)).collect();
            let f: Vec<f64> = self.values_at(&boxed).iter().map(Interval::mid).collect();
            let Some(inverse) = invert(&mid_matrix(&self.jacobian(&boxed))) else {
                break;
            };
            let mut step = 0.0f64;
            for (r, v) in point.iter_mut().enumerate() {
                let delta: f64 = inverse[r].iter().zip(&f).map(|(y, f)| y * f).sum();
                let next = (*v - delta).clamp(x[r].lo, x[r].hi);
                step = step.max((next - *v).abs());
                *v = next;
            }
            if step <= 1e-16 {
                break;
            }
        }
        point
    }

    /// The mixed profile at the unknowns `x`, in floating point, or `None` when a probability
    /// is negative (beyond rounding).
    fn profile(&self, x: &[f64], shape: &[usize]) -> Option<Vec<Vec<f64>>> {
        let boxed: Vec<Interval> = x.iter().map(|&v| Interval::point(v)).collect();
        let p = self.probabilities(&boxed);
        let mut profile: Vec<Vec<f64>> = shape.iter().map(|&m| vec![0.0; m]).collect();
        for (h, support) in self.supports.iter().enumerate() {
            for (&s, q) in support.iter().zip(&p[h]) {
                let q = q.mid();
                if q < -1e-9 {
                    return None;
                }
                profile[h][s] = q.max(0.0);
            }
        }
        Some(profile)
    }

    /// The largest gain of a strategy outside a support over the support, at `x`.
    fn best_outside(&self, x: &[f64]) -> f64 {
        let boxed: Vec<Interval> = x.iter().map(|&v| Interval::point(v)).collect();
        let p = self.probabilities(&boxed);
        (0..self.n)
            .flat_map(|i| {
                let v = self.contract(i, &p, None);
                (0..self.strategies[i])
                    .filter(|a| !self.supports[i].contains(a))
                    .map(|a| v[a].mid())
                    .collect::<Vec<_>>()
            })
            .fold(f64::NEG_INFINITY, f64::max)
    }
}

/// Calls `f` with every profile of the others' supports (digits: support positions per
/// player; player `i`'s stays 0), the lowest player fastest.
fn for_each_profile(supports: &Supports, i: usize, mut f: impl FnMut(&[usize])) {
    let n = supports.len();
    let mut digits = vec![0usize; n];
    loop {
        f(&digits);
        let Some(h) = (0..n).find(|&h| h != i && digits[h] + 1 < supports[h].len()) else {
            return;
        };
        for (g, d) in digits.iter_mut().enumerate().take(h) {
            if g != i {
                *d = 0;
            }
        }
        digits[h] += 1;
    }
}

/// The midpoints of an interval matrix.
fn mid_matrix(m: &[Vec<Interval>]) -> Vec<Vec<f64>> {
    m.iter()
        .map(|row| row.iter().map(Interval::mid).collect())
        .collect()
}

/// The inverse of a square matrix by Gauss–Jordan elimination with partial pivoting, or
/// `None` when a pivot is below `10⁻¹⁰` of the largest entry (numerically singular).
fn invert(m: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let d = m.len();
    let scale = m.iter().flatten().fold(0.0f64, |a, v| a.max(v.abs()));
    if scale == 0.0 || !scale.is_finite() {
        return None;
    }
    let mut a: Vec<Vec<f64>> = m
        .iter()
        .enumerate()
        .map(|(r, row)| {
            let mut full = row.clone();
            full.extend((0..d).map(|c| if c == r { 1.0 } else { 0.0 }));
            full
        })
        .collect();
    for c in 0..d {
        let pivot = (c..d).max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))?;
        if a[pivot][c].abs() < 1e-10 * scale {
            return None;
        }
        a.swap(c, pivot);
        let p = a[c][c];
        for v in a[c].iter_mut() {
            *v /= p;
        }
        let pivot_row = a[c].clone();
        for (r, row) in a.iter_mut().enumerate() {
            if r != c && row[c] != 0.0 {
                let f = row[c];
                for (v, q) in row.iter_mut().zip(&pivot_row) {
                    *v -= f * q;
                }
            }
        }
    }
    Some(a.into_iter().map(|row| row[d..].to_vec()).collect())
}

/// A closed interval of reals whose ends are floating-point numbers; every operation encloses
/// the exact result.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Interval {
    lo: f64,
    hi: f64,
}

impl Interval {
    fn new(lo: f64, hi: f64) -> Interval {
        Interval { lo, hi }
    }

    fn point(x: f64) -> Interval {
        Interval { lo: x, hi: x }
    }

    fn width(&self) -> f64 {
        self.hi - self.lo
    }

    fn mid(&self) -> f64 {
        self.lo + 0.5 * (self.hi - self.lo)
    }

    fn hull(self, other: Interval) -> Interval {
        Interval {
            lo: self.lo.min(other.lo),
            hi: self.hi.max(other.hi),
        }
    }

    fn contains_zero(&self) -> bool {
        self.contains(0.0)
    }

    fn contains(&self, x: f64) -> bool {
        self.lo <= x && x <= self.hi
    }

    fn intersect(self, other: Interval) -> Option<Interval> {
        let (lo, hi) = (self.lo.max(other.lo), self.hi.min(other.hi));
        (lo <= hi).then_some(Interval { lo, hi })
    }

    fn add(self, other: Interval) -> Interval {
        Interval {
            lo: sum(self.lo, other.lo, Direction::Down),
            hi: sum(self.hi, other.hi, Direction::Up),
        }
    }

    fn sub(self, other: Interval) -> Interval {
        Interval {
            lo: sum(self.lo, -other.hi, Direction::Down),
            hi: sum(self.hi, -other.lo, Direction::Up),
        }
    }

    /// The product, each end moved one step outward (a correctly rounded product is within
    /// half a step of the exact one).
    fn mul(self, other: Interval) -> Interval {
        let (a, b) = if self.lo >= 0.0 {
            (self, other)
        } else {
            (other, self)
        };
        let (lo, hi) = if a.lo >= 0.0 {
            // One factor is nonnegative: two products suffice.
            if b.lo >= 0.0 {
                (a.lo * b.lo, a.hi * b.hi)
            } else if b.hi <= 0.0 {
                (a.hi * b.lo, a.lo * b.hi)
            } else {
                (a.hi * b.lo, a.hi * b.hi)
            }
        } else {
            let ends = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi];
            (
                ends.iter().copied().fold(f64::INFINITY, f64::min),
                ends.iter().copied().fold(f64::NEG_INFINITY, f64::max),
            )
        };
        Interval {
            lo: lo.next_down(),
            hi: hi.next_up(),
        }
    }
}

#[derive(Clone, Copy)]
enum Direction {
    Down,
    Up,
}

/// `a + b` rounded in `direction`: the rounding error is exact by `TwoSum` (Knuth).
fn sum(a: f64, b: f64, direction: Direction) -> f64 {
    let s = a + b;
    let b_virtual = s - a;
    let error = (a - (s - b_virtual)) + (b - b_virtual);
    nudge(s, error, direction)
}

/// `x`, the rounded value of `x + error`, moved one step in `direction` when the exact value
/// lies beyond it.
fn nudge(x: f64, error: f64, direction: Direction) -> f64 {
    match direction {
        Direction::Down if error < 0.0 || error.is_nan() => x.next_down(),
        Direction::Up if error > 0.0 || error.is_nan() => x.next_up(),
        _ => x,
    }
}

/// An interval holding `q` exactly: a point when `q` is an integer of at most 53 bits.
fn enclose(q: &Rational) -> Option<Interval> {
    if let Some((num, 1)) = q.to_small()
        && num.unsigned_abs() <= 1 << 53
    {
        return Some(Interval::point(num as f64));
    }
    let x = q.to_f64();
    if !x.is_finite() {
        return None;
    }
    // The conversion errs by a few units in the last place at most.
    let r = x.abs() * 4.0 * f64::EPSILON + f64::MIN_POSITIVE;
    Some(Interval::new((x - r).next_down(), (x + r).next_up()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nash::profile::is_equilibrium;
    use crate::nash::vertex::extreme_equilibria;
    use proptest::prelude::*;

    /// A game of the given shape with these payoffs, profile by profile, player by player.
    fn game(shape: &[usize], payoffs: &[i64]) -> Nfg {
        Nfg::from_payoffs(shape, payoffs.iter().map(|&u| Rational::from(u)))
    }

    #[test]
    fn enclosures_are_tight_and_outward() {
        let third = Interval::point(1.0).mul(Interval::point(1.0 / 3.0));
        assert!(third.lo < 1.0 / 3.0 && third.hi > 1.0 / 3.0);
        assert_eq!(
            Interval::point(2.0).add(Interval::point(3.0)),
            Interval::point(5.0)
        );
        let sum = Interval::point(0.1).add(Interval::point(0.2));
        assert!(sum.lo < 0.1 + 0.2 || sum.hi > 0.1 + 0.2);
        assert!(sum.lo <= 0.30000000000000004 && sum.hi >= 0.30000000000000004);
        let q = Rational::new(1, 3);
        let e = enclose(&q).unwrap();
        assert!(e.lo < 1.0 / 3.0 && e.hi > 1.0 / 3.0);
        assert_eq!(enclose(&Rational::from(7)), Some(Interval::point(7.0)));
    }

    #[test]
    fn battle_of_the_sexes_has_three_equilibria() {
        // (2,1) (0,0) / (0,0) (1,2): two pure, one mixed (2/3, 1/3), (1/3, 2/3).
        let g = game(&[2, 2], &[2, 1, 0, 0, 0, 0, 1, 2]);
        let found = enumpoly(&g, &EnumpolyOptions::default()).unwrap();
        assert_eq!(found.equilibria.len(), 3);
        assert!(found.equilibria.iter().all(|e| e.regret.is_zero()));
        let mixed = &found.equilibria[2].profile.0;
        assert_eq!(mixed[0], [Rational::new(2, 3), Rational::new(1, 3)]);
        assert_eq!(mixed[1], [Rational::new(1, 3), Rational::new(2, 3)]);
        assert!(found.singular.is_empty() && found.unfinished.is_empty());
    }

    #[test]
    fn an_irrational_equilibrium_is_an_epsilon_one() {
        // Nau, Gomez Canovas and Hansen (2004), §4: a three-player game whose only
        // equilibrium has irrational probabilities.
        let g = game(
            &[2, 2, 2],
            &[
                3, 0, 2, 0, 1, 0, 0, 2, 0, 1, 0, 0, 1, 0, 0, 0, 3, 0, 0, 1, 0, 2, 0, 3,
            ],
        );
        let found = enumpoly(&g, &EnumpolyOptions::default()).unwrap();
        assert!(!found.equilibria.is_empty());
        for e in &found.equilibria {
            assert!(e.regret <= found.bound);
        }
        let irrational = found.equilibria.iter().any(|e| !e.regret.is_zero());
        assert!(irrational, "{:?}", found.equilibria);
    }

    #[test]
    fn a_continuum_is_reported_singular() {
        // Every profile is an equilibrium: the pure ones are found, the rest is a continuum.
        let g = game(&[2, 2], &[0; 8]);
        let found = enumpoly(&g, &EnumpolyOptions::default()).unwrap();
        assert_eq!(found.equilibria.len(), 4);
        assert!(!found.singular.is_empty());
    }

    #[test]
    fn dominated_supports_are_skipped() {
        // The prisoner's dilemma: defecting dominates, so every support with cooperation is
        // skipped before any box.
        let g = game(&[2, 2], &[3, 3, 5, 0, 0, 5, 1, 1]);
        let found = enumpoly(&g, &EnumpolyOptions::default()).unwrap();
        assert_eq!(found.equilibria.len(), 1);
        assert_eq!(found.supports, 9);
        assert_eq!(found.dominated, 8);
    }

    #[test]
    fn subsets_come_in_lexicographic_order() {
        let mut set = vec![0, 1];
        let mut all = vec![set.clone()];
        while next_subset(&mut set, 4) {
            all.push(set.clone());
        }
        let expected = [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]];
        assert_eq!(all, expected.map(|s| s.to_vec()));
        assert_eq!(set, [2, 3]);
    }

    #[test]
    fn many_strategies_are_enumerated_without_listing_their_supports() {
        // 2^30 - 1 supports for the first player: enumerated lazily, stopped by the deadline.
        let g = game(&[30, 1], &[0; 60]);
        let options = EnumpolyOptions {
            deadline: Some(Instant::now() + std::time::Duration::from_millis(50)),
            ..EnumpolyOptions::default()
        };
        let found = enumpoly(&g, &options).unwrap();
        assert!(found.stopped && found.supports > 0);
    }

    #[test]
    fn too_many_strategies_are_refused() {
        let g = game(&[256, 1], &[0; 512]);
        let refused = enumpoly(&g, &EnumpolyOptions::default());
        assert_eq!(refused, Err(EnumpolyError::TooManyStrategies(1, 256)));
    }

    #[test]
    fn the_deadline_stops_it() {
        let g = game(&[2, 2], &[2, 1, 0, 0, 0, 0, 1, 2]);
        let options = EnumpolyOptions {
            deadline: Some(Instant::now()),
            ..EnumpolyOptions::default()
        };
        let found = enumpoly(&g, &options).unwrap();
        assert!(found.stopped && found.equilibria.is_empty());
    }

    /// Random integer payoffs from a wide range: nondegenerate with high probability.
    fn random_game(shape: Vec<usize>) -> impl Strategy<Value = Nfg> {
        let cells = shape.iter().product::<usize>() * shape.len();
        proptest::collection::vec(-1000i64..1000, cells).prop_map(move |p| game(&shape, &p))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]

        /// On two-player games every equilibrium is exact and, on nondegenerate ones, the
        /// equilibria are exactly the vertex enumeration's.
        #[test]
        fn two_players_agree_with_vertex_enumeration(
            g in (1usize..5, 1usize..5).prop_flat_map(|(m, n)| random_game(vec![m, n]))
        ) {
            let found = enumpoly(&g, &EnumpolyOptions::default()).unwrap();
            let (a, b) = g.bimatrix().unwrap();
            let (vertices, stats) = extreme_equilibria(&a, &b);
            prop_assume!(!stats.degenerate && found.singular.is_empty());
            let mut mine: Vec<MixedProfile> =
                found.equilibria.iter().map(|e| e.profile.clone()).collect();
            prop_assert!(mine.iter().all(|p| is_equilibrium(&g, p)));
            let mut theirs = vertices;
            mine.sort_by(|x, y| x.0.cmp(&y.0));
            theirs.sort_by(|x, y| x.0.cmp(&y.0));
            prop_assert_eq!(mine, theirs);
        }

        /// On games of three and four players every profile returned has a regret within the
        /// bound, and the pure equilibria are all among them.
        #[test]
        fn more_players_find_every_pure_equilibrium(
            g in prop_oneof![
                random_game(vec![2, 2, 2]),
                random_game(vec![3, 2, 2]),
                random_game(vec![2, 2, 2, 2]),
            ]
        ) {
            let found = enumpoly(&g, &EnumpolyOptions::default()).unwrap();
            for e in &found.equilibria {
                prop_assert!(max_regret(&g, &e.profile).unwrap() <= found.bound);
            }
            let shape = g.shape();
            for p in crate::nash::pure::pure_equilibria(&g) {
                let pure = MixedProfile::pure(&shape, &p);
                prop_assert!(found.equilibria.iter().any(|e| e.profile == pure));
            }
            // Generic games have an odd number of equilibria (Harsanyi 1973).
            if found.singular.is_empty() && found.unfinished.is_empty() {
                prop_assert_eq!(found.equilibria.len() % 2, 1);
            }
        }

        /// Every equilibrium the global Newton method meets, a second algorithm, is one of
        /// those listed here.
        #[test]
        fn the_global_newton_methods_equilibria_are_among_them(
            g in prop_oneof![random_game(vec![2, 2, 2]), random_game(vec![3, 3, 2])]
        ) {
            let found = enumpoly(&g, &EnumpolyOptions::default()).unwrap();
            prop_assume!(found.singular.is_empty() && found.unfinished.is_empty());
            let newton = crate::nash::gnm::gnm(&g, &Default::default()).unwrap();
            let float = |p: &MixedProfile| -> Vec<f64> {
                p.0.iter().flatten().map(Rational::to_f64).collect()
            };
            for e in &newton.equilibria {
                let theirs = float(&e.profile);
                let among = found.equilibria.iter().any(|mine| {
                    float(&mine.profile).iter().zip(&theirs).all(|(a, b)| (a - b).abs() < 1e-6)
                });
                prop_assert!(among, "{:?} not among {:?}", theirs, found.equilibria);
            }
        }
    }
}
