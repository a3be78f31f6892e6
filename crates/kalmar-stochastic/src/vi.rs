//! Value iteration with sound bounds: a lower and an upper bound on every value, both iterated
//! with the optimality operator until they are within `epsilon` of each other everywhere; the
//! result is an interval per vertex that is guaranteed to contain the value.
//!
//! The bounds start at the smallest and largest value any play can have (for terminal-payoff
//! games the extreme payoffs and 0, for discounted games the extreme rewards over `1 - beta`).
//! The optimality operator is monotone and the values are its fixed point, so iterating keeps
//! each bound on its side. Numbers stay small and exact: after each update a bound is rounded
//! outward to a multiple of 2^-40, which keeps it sound.
//!
//! Discounted games converge at rate `beta`. Terminal-payoff games need more: where the opponent
//! can keep play inside a set of vertices forever (and so make it pay 0), the upper bound can get
//! stuck above the value (a fixed point that is not the least one, the problem of end components,
//! Haddad and Monmege; Kelmendi, Krämer, Křetínský and Weininger, *Value iteration for simple
//! stochastic games*, CAV 2018). Every few sweeps the bounds are therefore *deflated*: the
//! vertices are split into maximal sets in which Min, using only moves optimal for the lower
//! bound, and chance keep play inside unless Max leaves (found like maximal end components: SCCs,
//! minus the vertices that cannot stay, repeated); inside such a set Min can hold Max to the
//! better of 0 (staying forever) and Max's best exit, so the upper bound is lowered to that. The
//! lower bound is raised symmetrically on the sets Max can keep play inside. Both steps are sound
//! whatever the sets are.
//!
//! # Complexity
//! O(m) per sweep, O(n m) per deflation in the worst case; the number of sweeps depends on the
//! game (exponential in the worst case, as the Haddad–Monmege games show).
//!
//! # Example
//!
//! Bounds around the value 1/2 of a coin toss, at most 1/1000 apart.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_core::Rational;
//! use kalmar_stochastic::{Stats, TerminalPayoffGame, vi};
//! let graph = read_gg("kalmar-gg 1\nm max -> c l\nc chance -> w:1/2 l:1/2\n\
//!                      w terminal payoff=1\nl terminal payoff=0\n").unwrap();
//! let game = TerminalPayoffGame::from_graph(&graph).unwrap();
//! let epsilon = Rational::new(1, 1000);
//! let bounds = vi::solve_terminal(&game, &epsilon, 1_000_000, &mut Stats::default());
//! assert!(bounds.lower[0] <= Rational::new(1, 2) && Rational::new(1, 2) <= bounds.upper[0]);
//! assert!(bounds.error() <= epsilon);
//! ```

use super::model::{Model, player_of};
use super::{DiscountedGame, Stats, TerminalPayoffGame};
use kalmar_core::scc::strongly_connected_components;
use kalmar_core::{Owner, Player, Rational, Vertex};
use std::time::Instant;

/// The bounds are multiples of 2^-`PRECISION_BITS`.
const PRECISION_BITS: u32 = 40;

/// Sweeps between deflations.
const DEFLATE_EVERY: u64 = 8;

/// A guaranteed interval for the value of every vertex.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Bounds {
    /// `lower[v] <= value(v)`.
    pub lower: Vec<Rational>,
    /// `value(v) <= upper[v]`.
    pub upper: Vec<Rational>,
}

impl Bounds {
    /// The largest width `upper - lower` over all vertices: the guaranteed error of either bound.
    pub fn error(&self) -> Rational {
        self.lower
            .iter()
            .zip(&self.upper)
            .map(|(l, u)| u - l)
            .max()
            .unwrap_or(Rational::ZERO)
    }
}

impl Bounds {
    /// The strategies the bounds suggest: Max moves to a successor of largest lower bound, Min to
    /// one of smallest upper bound (a start for exact strategy iteration).
    pub fn greedy(&self, arena: &kalmar_core::Arena) -> kalmar_core::Strategy {
        let mut strategy = kalmar_core::Strategy::empty(arena.num_vertices());
        for v in arena.vertices() {
            let choice = match arena.owner(v) {
                Owner::Player(Player::MAX) => arena.out_edges(v).max_by(|&a, &b| {
                    self.lower[arena.target(a).index()].cmp(&self.lower[arena.target(b).index()])
                }),
                Owner::Player(_) => arena.out_edges(v).min_by(|&a, &b| {
                    self.upper[arena.target(a).index()].cmp(&self.upper[arena.target(b).index()])
                }),
                _ => None,
            };
            if let Some(e) = choice {
                strategy.set(v, e);
            }
        }
        strategy
    }
}

/// Bounds within `epsilon` (or as close as `max_sweeps` sweeps get) for a terminal-payoff game.
pub fn solve_terminal(
    game: &TerminalPayoffGame,
    epsilon: &Rational,
    max_sweeps: u64,
    stats: &mut Stats,
) -> Bounds {
    solve_terminal_until(game, epsilon, max_sweeps, None, stats)
}

/// Bounds within `epsilon` (or as close as `max_sweeps` sweeps get) for a discounted game.
pub fn solve_discounted(
    game: &DiscountedGame,
    epsilon: &Rational,
    max_sweeps: u64,
    stats: &mut Stats,
) -> Bounds {
    solve_discounted_until(game, epsilon, max_sweeps, None, stats)
}

/// [`solve_terminal`], stopping also at the end of the first sweep after `deadline` with the
/// bounds so far (sound, but perhaps wider than `epsilon`).
pub fn solve_terminal_until(
    game: &TerminalPayoffGame,
    epsilon: &Rational,
    max_sweeps: u64,
    deadline: Option<Instant>,
    stats: &mut Stats,
) -> Bounds {
    iterate(&game.model(), epsilon, (max_sweeps, deadline), stats)
}

/// [`solve_discounted`], stopping also at the end of the first sweep after `deadline` with the
/// bounds so far (sound, but perhaps wider than `epsilon`).
pub fn solve_discounted_until(
    game: &DiscountedGame,
    epsilon: &Rational,
    max_sweeps: u64,
    deadline: Option<Instant>,
    stats: &mut Stats,
) -> Bounds {
    iterate(&game.model(), epsilon, (max_sweeps, deadline), stats)
}

/// `x` rounded down (or up) to a multiple of 2^-PRECISION_BITS.
fn round(x: &Rational, up: bool) -> Rational {
    let scale = Rational::from(1i64 << PRECISION_BITS);
    let scaled = (x * &scale).to_big();
    let whole = if up { scaled.ceil() } else { scaled.floor() };
    &Rational::from_big(whole) / &scale
}

/// Sweeps until the bounds are within `epsilon`, or `max_sweeps` sweeps, or the deadline.
fn iterate(
    model: &Model<'_>,
    epsilon: &Rational,
    (max_sweeps, deadline): (u64, Option<Instant>),
    stats: &mut Stats,
) -> Bounds {
    let arena = model.arena;
    let (lo, hi) = extremes(model);
    let start = |v: Vertex, x: &Rational| {
        if arena.is_terminal(v) {
            model.payoff[v.index()].clone()
        } else {
            x.clone()
        }
    };
    let mut bounds = Bounds {
        lower: arena.vertices().map(|v| start(v, &lo)).collect(),
        upper: arena.vertices().map(|v| start(v, &hi)).collect(),
    };
    let in_time = || deadline.is_none_or(|d| Instant::now() < d);
    while bounds.error() > *epsilon && stats.iterations < max_sweeps && in_time() {
        stats.iterations += 1;
        for (side, up) in [(&mut bounds.lower, false), (&mut bounds.upper, true)] {
            for v in arena.vertices() {
                let x = match arena.owner(v) {
                    Owner::Terminal => continue,
                    Owner::Chance => model.chance_value(v, side),
                    Owner::Player(p) => {
                        let steps = arena
                            .successors(v)
                            .iter()
                            .map(|w| model.step(v, &side[w.index()]));
                        let best = if p == Player::MAX {
                            steps.max()
                        } else {
                            steps.min()
                        };
                        best.expect("a player's vertex has moves")
                    }
                };
                // Gauss–Seidel: later vertices of this sweep already see the new value.
                side[v.index()] = round(&x, up);
            }
        }
        if !model.discounted() && stats.iterations.is_multiple_of(DEFLATE_EVERY) {
            deflate(model, &mut bounds, Player::MIN);
            deflate(model, &mut bounds, Player::MAX);
        }
    }
    bounds
}

/// The smallest and largest value a play can have.
fn extremes(model: &Model<'_>) -> (Rational, Rational) {
    let arena = model.arena;
    match (model.reward, model.discount) {
        (Some(reward), Some(beta)) => {
            let scale = &Rational::ONE / &(&Rational::ONE - beta);
            let lo = reward.iter().min().cloned().unwrap_or(Rational::ZERO);
            let hi = reward.iter().max().cloned().unwrap_or(Rational::ZERO);
            (round(&(&lo * &scale), false), round(&(&hi * &scale), true))
        }
        _ => {
            let payoffs: Vec<&Rational> = arena
                .vertices()
                .filter(|&v| arena.is_terminal(v))
                .map(|v| &model.payoff[v.index()])
                .chain([&Rational::ZERO])
                .collect();
            let lo = (*payoffs.iter().min().expect("0 is there")).clone();
            let hi = (*payoffs.iter().max().expect("0 is there")).clone();
            (lo, hi)
        }
    }
}

/// Deflation by `keeper`'s sets: where `keeper` (Min for the upper bound, Max for the lower) and
/// chance keep play inside a set unless the other player leaves, the other player gets at most
/// (at least) the better of 0 and its best exit.
fn deflate(model: &Model<'_>, bounds: &mut Bounds, keeper: Player) {
    let arena = model.arena;
    let n = arena.num_vertices();
    let (guide, side) = if keeper == Player::MIN {
        (&bounds.lower, &mut bounds.upper)
    } else {
        (&bounds.upper, &mut bounds.lower)
    };
    // The keeper's moves that are optimal for its guide bound.
    let optimal = |v: Vertex, w: Vertex| -> bool {
        let best = arena.successors(v).iter().map(|x| &guide[x.index()]);
        let best = if keeper == Player::MIN {
            best.min()
        } else {
            best.max()
        };
        best == Some(&guide[w.index()])
    };
    let mut alive: Vec<bool> = arena.vertices().map(|v| !arena.is_terminal(v)).collect();
    loop {
        let components = strongly_connected_components(n, |v, i| {
            if !alive[v.index()] {
                return None;
            }
            let succ = arena.successors(v);
            let w = *succ.get(i)?;
            let usable = alive[w.index()] && (player_of(arena, v) != Some(keeper) || optimal(v, w));
            Some(if usable { w } else { v })
        });
        let leaving: Vec<Vertex> = arena
            .vertices()
            .filter(|v| alive[v.index()])
            .filter(|&v| {
                let c = components.of(v);
                let inside = |w: &Vertex| alive[w.index()] && components.of(*w) == c;
                let stays = match arena.owner(v) {
                    Owner::Chance => arena.successors(v).iter().all(inside),
                    Owner::Player(p) if p == keeper => arena
                        .successors(v)
                        .iter()
                        .any(|w| inside(w) && optimal(v, *w)),
                    _ => arena.successors(v).iter().any(inside),
                };
                !stays
            })
            .collect();
        for v in &leaving {
            alive[v.index()] = false;
        }
        if leaving.is_empty() {
            let mut exit: Vec<Option<Rational>> = vec![None; components.count()];
            for v in arena.vertices().filter(|v| alive[v.index()]) {
                if player_of(arena, v) == Some(keeper) || arena.owner(v) == Owner::Chance {
                    continue;
                }
                let c = components.of(v);
                for &w in arena.successors(v) {
                    if alive[w.index()] && components.of(w) == c {
                        continue;
                    }
                    let x = &side[w.index()];
                    let e = &mut exit[c];
                    let better = match e {
                        None => true,
                        Some(y) if keeper == Player::MIN => x > y,
                        Some(y) => x < y,
                    };
                    if better {
                        *e = Some(x.clone());
                    }
                }
            }
            for v in arena.vertices().filter(|v| alive[v.index()]) {
                let best = exit[components.of(v)].clone().unwrap_or(Rational::ZERO);
                let limit = if keeper == Player::MIN {
                    best.max(Rational::ZERO)
                } else {
                    best.min(Rational::ZERO)
                };
                let x = &mut side[v.index()];
                if (keeper == Player::MIN && limit < *x) || (keeper == Player::MAX && limit > *x) {
                    *x = limit;
                }
            }
            return;
        }
    }
}
