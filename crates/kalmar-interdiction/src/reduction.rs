//! Deterministic graphical games (Washburn; [`kalmar_terminal::dgg`]) as bottleneck shortest
//! path interdiction, in linear time (Andersson, *General Path Interdiction with Local Budgets*,
//! Remark 3.2, and Figure 4.2 of his dissertation).
//!
//! In a DGG, Max and Min move a token; play ending at a terminal pays Max its payoff, infinite
//! play pays 0. In BSPI, at a vertex with k(v) = out-degree − 1 the interdictor chooses the
//! one edge left (he may leave more, which only helps the user), at a vertex with k(v) = 0 the
//! user chooses, and the user, who wants a cheap path, is as bad off as can be when he cannot
//! reach the sink at all (value ∞). So the interdictor is the player who likes infinite play
//! best, and a game fits directly only when 0 is the best outcome for one player. Every game is
//! split into two such games, by its payoffs' signs:
//!
//! - **below**, payoffs min(p, 0): infinite play (0) is the best outcome, for Max. Max is the
//!   interdictor (k = out-degree − 1), Min the user (k = 0), and a terminal of payoff p gets
//!   one edge to the common sink of weight c(min(p, 0)) − low, low the least of them;
//! - **above**, payoffs max(p, 0): infinite play is Min's best. Min is the interdictor, Max the
//!   user, and the terminal's edge weighs high − c(max(p, 0)), high the largest of them.
//!
//! Here c writes payoffs as integers in the same order, 0 for 0: p times the least common
//! denominator L of the payoffs when those span at most 2^40 (so c(p) = p · L), and otherwise
//! the rank of p among the distinct payoffs and 0, minus the rank of 0 (a sort: O(n log n)
//! comparisons, the only case that is not linear).
//!
//! Every move is an edge of weight 0, so a path's heaviest edge is its terminal's. The value of
//! a game at x is v(x) = min(v(x), 0) + max(v(x), 0), and the value of the below game is
//! min(v(x), 0): min(·, 0) is non-decreasing, so optimal positional strategies of the game
//! (Liggett and Lippman) secure exactly min(v, 0) there; likewise for above. Within each copy
//! the map from the BSPI value to the game's is monotone (non-decreasing for below: c⁻¹(w + low),
//! and 0 for ∞, which is above every finite c⁻¹(w + low) ≤ 0; non-increasing for above:
//! c⁻¹(high − w), and 0 for ∞), so the interdictor's and the user's optimal choices are optimal
//! strategies of the game and the values carry over. Both copies share the sink: one network
//! of 2n + 1 vertices and 2m + 2·(terminals) edges.
//!
//! ```
//! use kalmar_core::{Rational, format::read_gg};
//! use kalmar_interdiction::{bspi, reduction};
//! use kalmar_terminal::dgg;
//! // Max at a takes 3 or passes to Min at b, who takes 5 or -2 or returns to a.
//! let text = "kalmar-gg 1\na max -> t b\nb min -> u v a\n\
//!             t terminal payoff=3\nu terminal payoff=5\nv terminal payoff=-2\n";
//! let game = dgg::from_graph(&read_gg(text).unwrap()).unwrap();
//! let reduced = reduction::reduce(&game).unwrap();
//! let solved = bspi::solve(&reduced.network, &reduced.budget).unwrap();
//! let values = reduced.values(&solved.solution.values).unwrap();
//! assert_eq!(values, [3, -2, 3, 5, -2].map(Rational::from));
//! ```
//!
//! # Complexity
//! O(n + m) time (and a gcd per terminal for the common denominator), no comparison of payoffs
//! but the sign of each and the least and largest of them; O(n log n) more for the ranks when
//! the scaled payoffs span more than 2^40.

use crate::budget::Budget;
use crate::network::{MAX_WEIGHT, Network, NetworkError};
use crate::operator::{INFINITY, Operator};
use crate::solvers::{self, Checked};
use kalmar_core::{Owner, Player, Rational};
use kalmar_terminal::Dgg;

/// A game as an interdiction instance: vertex x of the game is vertex x (below) and n + x
/// (above) of the network, and 2n is the sink; the source is the game's start, below.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduction {
    /// The network.
    pub network: Network,
    /// k(v) removals: out-degree − 1 at the interdictor's positions, 0 elsewhere.
    pub budget: Budget,
    /// How payoffs are written as integers.
    codes: Codes,
    /// The least of the codes of min(p, 0).
    low: i64,
    /// The largest of the codes of max(p, 0).
    high: i64,
}

/// Payoffs as integers, in the same order and with 0 for 0.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Codes {
    /// Times their least common denominator.
    Scaled(i64),
    /// Their rank among the distinct payoffs and 0, minus the rank of 0.
    Ranked(Vec<Rational>, usize),
}

impl Codes {
    /// The codes of the terminals' payoffs (None elsewhere), and how to read them back:
    /// scaled when they span at most 2^40, ranked otherwise.
    fn of(game: &Dgg) -> (Vec<Option<i64>>, Codes) {
        if let Some(scaled) = Codes::scaled(game) {
            return scaled;
        }
        let mut levels: Vec<Rational> = game
            .terminals()
            .map(|t| game.payoff(t).clone())
            .chain([Rational::ZERO])
            .collect();
        levels.sort_unstable();
        levels.dedup();
        let rank = |p: &Rational| levels.binary_search(p).unwrap_or(0);
        let zero = rank(&Rational::ZERO);
        let mut codes = vec![None; game.arena().num_vertices()];
        for t in game.terminals() {
            codes[t.index()] = Some(rank(game.payoff(t)) as i64 - zero as i64);
        }
        (codes, Codes::Ranked(levels, zero))
    }

    /// The payoffs times their least common denominator, if that spans at most 2^40.
    fn scaled(game: &Dgg) -> Option<(Vec<Option<i64>>, Codes)> {
        let mut scale: i128 = 1;
        for t in game.terminals() {
            let (_, den) = game.payoff(t).to_small()?;
            scale = scale / gcd(scale, den as i128) * den as i128;
            if scale > MAX_WEIGHT as i128 {
                return None;
            }
        }
        let mut codes = vec![None; game.arena().num_vertices()];
        let (mut low, mut high) = (0i128, 0i128);
        for t in game.terminals() {
            let (num, den) = game.payoff(t).to_small()?;
            let code = num as i128 * (scale / den as i128);
            (low, high) = (low.min(code), high.max(code));
            if high - low > MAX_WEIGHT as i128 {
                return None;
            }
            codes[t.index()] = Some(code as i64);
        }
        Some((codes, Codes::Scaled(scale as i64)))
    }

    /// The payoff of `code`, None if no payoff has it.
    fn payoff(&self, code: i64) -> Option<Rational> {
        match self {
            Codes::Scaled(scale) => Some(Rational::new(code, *scale)),
            Codes::Ranked(levels, zero) => {
                let rank = usize::try_from(code + *zero as i64).ok()?;
                levels.get(rank).cloned()
            }
        }
    }
}

/// Why a game is not reduced.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReductionError {
    /// The network would be too large.
    #[error(transparent)]
    Network(#[from] NetworkError),
    /// The values given are not one per vertex of the network.
    #[error("{0} values given for a network of {1} vertices")]
    Values(usize, usize),
    /// A value given is no payoff of the game.
    #[error("vertex {0} has value {1}, the weight of no payoff")]
    Value(usize, u64),
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

/// The bottleneck interdiction instance of `game`.
pub fn reduce(game: &Dgg) -> Result<Reduction, ReductionError> {
    let arena = game.arena();
    let n = arena.num_vertices();
    let (payoffs, codes) = Codes::of(game);
    let low = payoffs
        .iter()
        .flatten()
        .map(|&p| p.min(0))
        .min()
        .unwrap_or(0);
    let high = payoffs
        .iter()
        .flatten()
        .map(|&p| p.max(0))
        .max()
        .unwrap_or(0);
    let sink = 2 * n;
    let mut edges = Vec::with_capacity(2 * arena.num_edges() + 2 * n);
    let mut k = vec![0u32; 2 * n + 1];
    for copy in [0, n] {
        for v in arena.vertices() {
            let x = v.index();
            match (payoffs[x], arena.owner(v)) {
                (Some(p), _) => {
                    let weight = if copy == 0 {
                        p.min(0) - low
                    } else {
                        high - p.max(0)
                    };
                    edges.push((copy + x, sink, weight as u64));
                }
                (None, owner) => {
                    let successors = arena.successors(v);
                    edges.extend(successors.iter().map(|y| (copy + x, copy + y.index(), 0)));
                    let interdictor = if copy == 0 { Player::MAX } else { Player::MIN };
                    if owner == Owner::Player(interdictor) {
                        k[copy + x] = successors.len().saturating_sub(1) as u32;
                    }
                }
            }
        }
    }
    let network = Network::new(2 * n + 1, &edges, game.start().index(), sink)?;
    Ok(Reduction {
        budget: Budget::Removals(k),
        network,
        codes,
        low,
        high,
    })
}

/// A game solved through its interdiction instance.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The instance.
    pub reduction: Reduction,
    /// Its solution, which passed the certificate.
    pub checked: Checked,
    /// The value of every position of the game.
    pub values: Vec<Rational>,
}

/// Why a game was not solved through interdiction.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The game has no instance, or its values did not map back.
    #[error(transparent)]
    Reduction(#[from] ReductionError),
    /// The solver refused the instance.
    #[error(transparent)]
    Solver(#[from] solvers::Error),
}

/// The value of every position of `game` by bottleneck interdiction: the instance of
/// [`reduce`], solved by the solver `id` (or the fitting one, [`solvers::fitting`]) and checked
/// by the certificate, the values mapped back.
///
/// ```
/// use kalmar_core::{Rational, format::read_gg};
/// use kalmar_interdiction::reduction;
/// use kalmar_terminal::dgg;
/// let text = "kalmar-gg 1\na max -> t b\nb min -> u v a\n\
///             t terminal payoff=3\nu terminal payoff=5\nv terminal payoff=-2\n";
/// let game = dgg::from_graph(&read_gg(text).unwrap()).unwrap();
/// let solved = reduction::solve(&game, None).unwrap();
/// assert_eq!((solved.checked.solver, solved.values[0].clone()), ("bspi-buckets", Rational::from(3)));
/// ```
pub fn solve(game: &Dgg, id: Option<&str>) -> Result<Solved, SolveError> {
    let reduction = reduce(game)?;
    let checked = solvers::solve(&reduction.network, &reduction.budget, Operator::Max, id)?;
    let values = reduction.values(&checked.solution.values)?;
    Ok(Solved {
        reduction,
        checked,
        values,
    })
}

impl Reduction {
    /// The value of every vertex of the game, from the BSPI `values` of every vertex of the
    /// network.
    pub fn values(&self, values: &[u64]) -> Result<Vec<Rational>, ReductionError> {
        if values.len() != self.network.num_vertices() {
            return Err(ReductionError::Values(
                values.len(),
                self.network.num_vertices(),
            ));
        }
        let n = values.len() / 2;
        // Of min(v, 0) and max(v, 0) one is 0, so the sum of the codes is v's.
        let code = |x: usize, map: &dyn Fn(i64) -> i64| match values[x] {
            INFINITY => Ok(0),
            w if w <= MAX_WEIGHT => Ok(map(w as i64)),
            w => Err(ReductionError::Value(x, w)),
        };
        (0..n)
            .map(|x| {
                let v = code(x, &|w| w + self.low)? + code(n + x, &|w| self.high - w)?;
                self.codes
                    .payoff(v)
                    .ok_or(ReductionError::Value(x, values[x]))
            })
            .collect()
    }
}
