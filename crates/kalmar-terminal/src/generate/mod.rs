//! Generators of deterministic graphical games for tests, benchmarks and the command line.
//!
//! Every generator is deterministic: the random families draw from a `ChaCha8Rng` seeded with a
//! `u64`, the structured ones depend on their parameters only. Games are built straight through
//! [`kalmar_core::Builder`] with room reserved up front, so building one with 10^7 arcs makes no
//! allocation per arc.
//!
//! - [`random()`]: random Max/Min positions with random successors (cycles abound) and terminals
//!   with random payoffs drawn from a [`PayoffRange`];
//! - [`sorting_network()`]: Figure 4 of *Deterministic Graphical Games Revisited*, the acyclic
//!   game that implements Batcher's merge-exchange sorting network on given payoffs, so that
//!   strongly solving it sorts them;
//! - [`ladder()`]: a long chain of alternating Max/Min positions with back arcs (long cycles,
//!   deep retrograde sweeps) and terminals at the ends and along the way;
//! - [`CopsAndRobber::table`] on a [`CopsAndRobber::random_board`]: every position of cops and
//!   robber on a board with walls and exits, the shape of an endgame table (family `cops`);
//! - [`grid()`]: a 2-D checkerboard grid of alternating owners with moves to neighbours (east and
//!   south for both, west for Max, north for Min) and terminals around the border.
//!
//! [`FAMILIES`] lists the deterministic families with a constructor from an approximate number
//! of arcs and a seed, and [`build()`] builds one by id: they drive `kalmar generate dgg <family>
//! --size N --seed S`, the benchmarks and the tests.
//!
//! # Complexity
//! Each generator takes time and memory linear in the game it builds (see its module); the
//! game of [`sorting_network()`] has O(n log² n) arcs for n payoffs.
//!
//! # Example
//! ```
//! use kalmar_terminal::generate::{self, PayoffRange};
//! let game = generate::random(1000, 4, 250, PayoffRange::Distinct, 7).unwrap();
//! assert_eq!(game.arena().num_edges(), 4000);
//! let same = generate::build("random", 4000, 7).unwrap();
//! assert_eq!(game, same);
//! ```

pub mod grid;
pub mod ladder;
pub mod random;
pub mod sorting_network;

pub use grid::grid;
pub use ladder::ladder;
pub use random::random;
pub use sorting_network::{comparators, sorting_network, sorting_network_size};

use crate::Dgg;
use crate::TerminalGame;
use crate::games::cops::CopsAndRobber;
use kalmar_core::format::GameGraph;
pub use kalmar_core::generate::{GenerateError, builder, check_size, rng};
use kalmar_core::registry::{Entry, Registry};
use kalmar_core::{Builder, Rational};
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How terminal payoffs are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PayoffRange {
    /// Chess-like: -1, 0 or 1, uniformly.
    ChessLike,
    /// Integers in `[-k, k]`, uniformly.
    Integers(i64),
    /// All payoffs distinct (the assumption of the paper): a random permutation of the `n`
    /// non-zero integers `-floor(n/2), …, -1, 1, …, ceil(n/2)`.
    Distinct,
    /// Rationals `p/q` with `q` uniform in `[1, k]` and `p` uniform in `[-kq, kq]`: values in
    /// `[-k, k]` with denominators up to `k`.
    Rationals(i64),
}

impl PayoffRange {
    /// `count` payoffs drawn from this range.
    pub fn draw(self, count: usize, rng: &mut ChaCha8Rng) -> Vec<Rational> {
        match self {
            PayoffRange::ChessLike => (0..count)
                .map(|_| Rational::from(rng.random_range(-1i64..=1)))
                .collect(),
            PayoffRange::Integers(k) => {
                let k = k.abs();
                (0..count)
                    .map(|_| Rational::from(rng.random_range(-k..=k)))
                    .collect()
            }
            PayoffRange::Distinct => {
                let mut values: Vec<Rational> = (0..count as i64)
                    .map(|i| Rational::from(distinct_value(i, count as i64)))
                    .collect();
                values.shuffle(rng);
                values
            }
            PayoffRange::Rationals(k) => {
                let k = k.abs().max(1);
                (0..count)
                    .map(|_| {
                        let q = rng.random_range(1..=k);
                        Rational::new(rng.random_range(-k * q..=k * q), q)
                    })
                    .collect()
            }
        }
    }
}

/// The `i`-th of `n` distinct non-zero integers, in increasing order: `-floor(n/2), …, -1, 1, …,
/// ceil(n/2)`.
pub(crate) fn distinct_value(i: i64, n: i64) -> i64 {
    let v = i - n / 2;
    if v >= 0 { v + 1 } else { v }
}

/// The `k`-th payoff of the structured families: 1, -1, 2, -2, 3, … (distinct and non-zero).
pub(crate) fn alternating(k: usize) -> Rational {
    let m = (k / 2 + 1) as i64;
    Rational::from(if k & 1 == 0 { m } else { -m })
}

impl fmt::Display for PayoffRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PayoffRange::ChessLike => write!(f, "chess-like {{-1, 0, 1}}"),
            PayoffRange::Integers(k) => write!(f, "integers in [-{k}, {k}]"),
            PayoffRange::Distinct => write!(f, "distinct integers"),
            PayoffRange::Rationals(k) => write!(f, "rationals in [-{k}, {k}]"),
        }
    }
}

/// What a family of [`FAMILIES`] runs.
#[derive(Clone, Copy, Debug)]
pub struct Family {
    /// Whether the seed matters (the structured families ignore it).
    pub seeded: bool,
    /// Builds a game with about this many arcs from this seed.
    pub build: fn(usize, u64) -> Result<Dgg, GenerateError>,
}

/// A random game with about `arcs` arcs: out-degree 4 and a quarter as many terminals as
/// positions.
fn random_family(arcs: usize, seed: u64, payoffs: PayoffRange) -> Result<Dgg, GenerateError> {
    let positions = (arcs / 4).max(1);
    random(positions, 4, (positions / 4).max(1), payoffs, seed)
}

/// Every generated family, each with a constructor from an approximate number of arcs and a seed.
pub static FAMILIES: Registry<Family> = Registry::new(
    "game family",
    &[
        Entry {
            id: "random",
            summary: "random positions of out-degree 4, a quarter as many terminals, distinct payoffs",
            bounds: "",
            run: Family {
                seeded: true,
                build: |arcs, seed| random_family(arcs, seed, PayoffRange::Distinct),
            },
        },
        Entry {
            id: "random-chess",
            summary: "random positions of out-degree 4, a quarter as many terminals, payoffs -1, 0, 1",
            bounds: "",
            run: Family {
                seeded: true,
                build: |arcs, seed| random_family(arcs, seed, PayoffRange::ChessLike),
            },
        },
        Entry {
            id: "random-int",
            summary: "random positions of out-degree 4, a quarter as many terminals, payoffs in [-100, 100]",
            bounds: "",
            run: Family {
                seeded: true,
                build: |arcs, seed| random_family(arcs, seed, PayoffRange::Integers(100)),
            },
        },
        Entry {
            id: "random-rational",
            summary: "random positions of out-degree 4, a quarter as many terminals, rational payoffs",
            bounds: "",
            run: Family {
                seeded: true,
                build: |arcs, seed| random_family(arcs, seed, PayoffRange::Rationals(1000)),
            },
        },
        Entry {
            id: "sorting-network",
            summary: "Figure 4: Batcher's merge-exchange network on a random permutation, acyclic",
            bounds: "",
            run: Family {
                seeded: true,
                build: |arcs, seed| {
                    let n = sorting_network::inputs_for_arcs(arcs);
                    let mut rng = rng(seed);
                    sorting_network(&PayoffRange::Distinct.draw(n, &mut rng))
                },
            },
        },
        Entry {
            id: "ladder",
            summary: "a chain of alternating Max/Min positions with long back arcs and side terminals",
            bounds: "",
            run: Family {
                seeded: false,
                build: |arcs, _| {
                    let length = ladder::length_for_arcs(arcs);
                    ladder(
                        length,
                        ladder::default_span(length),
                        ladder::DEFAULT_SPACING,
                    )
                },
            },
        },
        Entry {
            id: "cops",
            summary: "cops and robber on a random square board with walls and exits: every position (an endgame table)",
            bounds: "",
            run: Family {
                seeded: true,
                build: |arcs, seed| {
                    CopsAndRobber::random_board(CopsAndRobber::side_for_arcs(arcs), seed)?.table()
                },
            },
        },
        Entry {
            id: "grid",
            summary: "a square checkerboard grid: Max pushes east/south, Min north, exits on the border",
            bounds: "",
            run: Family {
                seeded: false,
                build: |arcs, _| {
                    let side = grid::side_for_arcs(arcs);
                    grid(side, side)
                },
            },
        },
    ],
);

/// A game of the family `id` of [`FAMILIES`] with about `arcs` arcs, from `seed`.
///
/// ```
/// use kalmar_terminal::generate;
/// let game = generate::build("grid", 1000, 0).unwrap();
/// assert_eq!(game, generate::build("grid", 1000, 99).unwrap());
/// let err = generate::build("maze", 1000, 0).unwrap_err();
/// assert!(err.to_string().starts_with("unknown game family 'maze'"));
/// ```
pub fn build(id: &str, arcs: usize, seed: u64) -> Result<Dgg, GenerateError> {
    (FAMILIES.get(id)?.run.build)(arcs, seed)
}

/// Builds the game of a generator, which only constructs valid games.
pub(crate) fn finish(b: Builder, payoffs: Vec<Rational>) -> Dgg {
    let arena = b.build().expect("generators build valid arenas");
    TerminalGame::new(arena, payoffs).expect("generators give every vertex a payoff")
}

/// The file form of a generated game, for [`kalmar_core::format::write_gg`]: the arena and one payoff
/// (Max's) at each terminal.
///
/// ```
/// use kalmar_core::format;
/// use kalmar_terminal::generate;
/// let game = generate::grid(2, 2).unwrap();
/// let graph = generate::to_graph(&game);
/// let text = format::to_gg_string(&graph);
/// assert_eq!(format::read_gg(&text).unwrap(), graph);
/// ```
pub fn to_graph(game: &Dgg) -> GameGraph {
    graph_paying(game, Rational::clone)
}

/// The file form of a generated game made chess-like, as `kalmar generate reach` writes it: each
/// terminal pays the sign of its payoff (-1, 0 or 1).
///
/// ```
/// use kalmar_terminal::{generate, reach};
/// let game = generate::build("random-int", 400, 1).unwrap();
/// let chess = reach::from_graph(&generate::to_chess_graph(&game)).unwrap();
/// assert_eq!(chess.arena(), game.arena());
/// ```
pub fn to_chess_graph(game: &Dgg) -> GameGraph {
    graph_paying(game, |p| Rational::from(p.signum() as i64))
}

/// The arena of `game` and one payoff, `pay` of the game's, at each terminal.
fn graph_paying(game: &Dgg, pay: impl Fn(&Rational) -> Rational) -> GameGraph {
    let arena = game.arena();
    let payoff = arena
        .vertices()
        .map(|v| {
            if arena.is_terminal(v) {
                vec![pay(game.payoff(v))]
            } else {
                Vec::new()
            }
        })
        .collect();
    GameGraph {
        payoff,
        ..GameGraph::new(arena.clone())
    }
}
