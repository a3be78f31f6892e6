//! Generators of parity games, named and built as PGSolver's generators build them.
//!
//! Each generator follows the definition of PGSolver's generator of the same name (its
//! `randomgame`, `steadygame`, `laddergame`, `jurdzinskigame`, `recursiveladder`,
//! `modelcheckerladder`, `cliquegame` and `towersofhanoi`): the same vertices, owners,
//! priorities and moves. Priorities are max-parity and Even is player 0, as in PGSolver. As in
//! PGSolver, the successors of a vertex are listed in increasing order without repetition.
//!
//! [`tc`] is Oink's two-counters family, built as Oink's `tc` tool builds it.
//!
//! Two kinds of construction occur:
//! - the games PGSolver builds vertex by vertex (random, steady, ladder, recursive ladder and
//!   clique games) number their vertices as PGSolver does;
//! - the games PGSolver builds by exploring from an initial node (Jurdziński's games, the model
//!   checker ladders and the towers of Hanoi) number their vertices in PGSolver's order of
//!   discovery too: the initial node is vertex 0, and exploring a node numbers its successors
//!   not seen before, in the order of its successor list, before the first of them is explored
//!   depth first. These games carry PGSolver's vertex names.
//!
//! The random families draw from a `ChaCha8Rng` seeded with a `u64`
//! ([`kalmar_core::generate::rng`]): they have PGSolver's distribution, not its games (which
//! depend on OCaml's generator). The other families ignore the seed.
//!
//! [`FAMILIES`] lists them with a constructor from a list of numbers, the parameters of
//! PGSolver's command-line generators in the same order, and [`build()`] builds one by id.
//!
//! # Complexity
//! Linear in the size of the game built, up to sorting each successor list and hashing the
//! nodes of the explored games, except [`steadygame`], whose redraws may scan every vertex
//! still open to predecessors against the drawn source's successors (O(n h) per arc drawn, for
//! out-degrees up to h).
//!
//! # Example
//! ```
//! use kalmar_parity::generate;
//! let game = generate::laddergame(5).unwrap();
//! assert_eq!(game.arena().num_vertices(), 10);
//! let same = generate::build("laddergame", &[5], 0).unwrap();
//! assert_eq!(game, same);
//! ```

mod clique;
mod counters;
pub mod friedmann;
mod hanoi;
mod jurdzinski;
mod ladders;
mod listed;
mod random;
#[cfg(test)]
mod tests;

pub use clique::{cliquegame, cliquegame_with_self_cycles};
pub use counters::tc;
pub use hanoi::towersofhanoi;
pub use jurdzinski::jurdzinskigame;
pub use ladders::{laddergame, modelcheckerladder, recursiveladder};
pub use random::{randomgame, randomgame_without_self_cycles, steadygame};

use crate::ParityGame;
use kalmar_core::generate::GenerateError;
use kalmar_core::registry::{Entry, Registry};

/// What a family of [`FAMILIES`] runs: its parameters and its constructor, which [`build()`]
/// calls once it has checked the number of parameters.
#[derive(Clone, Copy, Debug)]
pub struct Family {
    /// What the numbers given to [`build()`] mean, in order.
    pub params: &'static str,
    /// The fewest and the most numbers it takes.
    pub arity: (usize, usize),
    /// Builds a game from as many parameters as `arity` allows and a seed (ignored by the
    /// structured families).
    construct: fn(&[u64], u64) -> Result<ParityGame, GenerateError>,
    /// The parameters of a game of about this many vertices, for families that scale with one
    /// size (benchmarks at growing sizes); `None` for families that need their parameters.
    pub scaled: Option<fn(u64) -> Vec<u64>>,
}

/// The most disks of the towers of Hanoi with at most `vertices` states (3^disks of them).
fn hanoi_disks(vertices: u64) -> Vec<u64> {
    let mut disks = 1;
    while 3u64.saturating_pow(disks + 1) <= vertices {
        disks += 1;
    }
    vec![u64::from(disks)]
}

/// A parameter as a count.
fn size(x: u64) -> Result<usize, GenerateError> {
    usize::try_from(x).map_err(|_| GenerateError::Parameter(format!("{x} is too large")))
}

/// A parameter as a priority.
fn prio(x: u64) -> Result<u32, GenerateError> {
    u32::try_from(x).map_err(|_| GenerateError::Parameter(format!("priority {x} is too large")))
}

/// Every parity-game family, each with a constructor from its parameters and a seed.
pub static FAMILIES: Registry<Family> = Registry::new(
    "parity game family",
    &[
        Entry {
            id: "randomgame",
            summary: "random owners, priorities and distinct successors, out-degrees in a range",
            bounds: "",
            run: Family {
                params: "n p l h [x]: n vertices, priorities 0..=p, out-degrees l..=h; x != 0 disables self-cycles",
                arity: (4, 5),
                construct: |params, seed| {
                    let (n, p, l, h) = (
                        size(params[0])?,
                        prio(params[1])?,
                        size(params[2])?,
                        size(params[3])?,
                    );
                    if params.get(4).is_some_and(|&x| x != 0) {
                        randomgame_without_self_cycles(n, p, l, h, seed)
                    } else {
                        randomgame(n, p, l, h, seed)
                    }
                },
                scaled: Some(|v| vec![v, 9, 2, 5.min(v)]),
            },
        },
        Entry {
            id: "steadygame",
            summary: "random owners, vertex i of priority i, out- and in-degrees kept in ranges",
            bounds: "",
            run: Family {
                params: "n l h x y: n vertices, out-degrees l..=h, in-degrees x..=y",
                arity: (5, 5),
                construct: |params, seed| {
                    steadygame(
                        size(params[0])?,
                        size(params[1])?,
                        size(params[2])?,
                        size(params[3])?,
                        size(params[4])?,
                        seed,
                    )
                },
                scaled: Some(|v| vec![v, 2, 5, 2, 5]),
            },
        },
        Entry {
            id: "laddergame",
            summary: "2n vertices, v of priority and owner v mod 2, moving to v+1 and v+2 mod 2n",
            bounds: "",
            run: Family {
                params: "n: half the number of vertices",
                arity: (1, 1),
                construct: |params, _| laddergame(size(params[0])?),
                scaled: Some(|v| vec![(v / 2).max(1)]),
            },
        },
        Entry {
            id: "jurdzinskigame",
            summary: "Jurdzinski's lower-bound games for small progress measures",
            bounds: "",
            run: Family {
                params: "h w: height (layers) and width",
                arity: (2, 2),
                construct: |params, _| jurdzinskigame(size(params[0])?, size(params[1])?),
                // Height 10 has 2w + 1 + 9 (3w + 1) vertices.
                scaled: Some(|v| vec![10, (v.saturating_sub(10) / 29).max(1)]),
            },
        },
        Entry {
            id: "recursiveladder",
            summary: "nested ladders of five-vertex blocks, hard for the recursive algorithm",
            bounds: "",
            run: Family {
                params: "n: number of the game (5n vertices)",
                arity: (1, 1),
                construct: |params, _| recursiveladder(size(params[0])?),
                scaled: Some(|v| vec![(v / 5).max(1)]),
            },
        },
        Entry {
            id: "modelcheckerladder",
            summary: "a ladder of Odd vertices as from model checking, 3n + 1 vertices",
            bounds: "",
            run: Family {
                params: "n: number of the game",
                arity: (1, 1),
                construct: |params, _| modelcheckerladder(size(params[0])?),
                scaled: Some(|v| vec![(v.saturating_sub(1) / 3).max(1)]),
            },
        },
        Entry {
            id: "cliquegame",
            summary: "complete graph on n vertices, v of priority v owned by the player of v's parity",
            bounds: "",
            run: Family {
                params: "n [s]: n vertices; s != 0 adds self-cycles",
                arity: (1, 2),
                construct: |params, _| {
                    let n = size(params[0])?;
                    if params.get(1).is_some_and(|&s| s != 0) {
                        cliquegame_with_self_cycles(n)
                    } else {
                        cliquegame(n)
                    }
                },
                scaled: None,
            },
        },
        Entry {
            id: "towersofhanoi",
            summary: "the 3^n states of the n-disk towers of Hanoi, Even to reach the second peg",
            bounds: "",
            run: Family {
                params: "n: number of disks",
                arity: (1, 1),
                construct: |params, _| towersofhanoi(size(params[0])?),
                scaled: Some(hanoi_disks),
            },
        },
        Entry {
            id: "tc",
            summary: "Oink's two interleaved binary counters, hard for tangle learning",
            bounds: "",
            run: Family {
                params: "n: number of bits per counter",
                arity: (1, 1),
                construct: |params, _| tc(size(params[0])?),
                scaled: None,
            },
        },
        Entry {
            id: "switchallexp",
            summary: "Friedmann's sink game on which switch-all strategy improvement counts to 2^n",
            bounds: "",
            run: Family {
                params: "n: number of bits (14n + 7 vertices, 34n + 7 edges)",
                arity: (1, 1),
                construct: |params, _| friedmann::switchallexp(size(params[0])?),
                scaled: None,
            },
        },
        Entry {
            id: "switchallsubexp",
            summary: "Friedmann's LICS 2009 sink game for switch-all, quadratically many edges",
            bounds: "",
            run: Family {
                params: "n: number of bits (10n + 5 vertices)",
                arity: (1, 1),
                construct: |params, _| friedmann::switchallsubexp(size(params[0])?),
                scaled: None,
            },
        },
        Entry {
            id: "switchbestexp",
            summary: "Friedmann's sink game on which Schewe's switch-best strategy improvement counts to 2^n",
            bounds: "",
            run: Family {
                params: "n: number of bits (25n + 10 vertices, 60n + 10 edges)",
                arity: (1, 1),
                construct: |params, _| friedmann::switchbestexp(size(params[0])?),
                scaled: None,
            },
        },
    ],
);

/// A game of the family `id` of [`FAMILIES`] with these parameters (PGSolver's, in its order),
/// from `seed`.
///
/// ```
/// use kalmar_parity::generate;
/// let game = generate::build("cliquegame", &[4], 0).unwrap();
/// assert_eq!(game.arena().num_edges(), 12);
/// assert!(generate::build("cliquegame", &[4, 1, 1], 0).is_err());
/// let err = generate::build("nope", &[4], 0).unwrap_err();
/// assert!(err.to_string().starts_with("unknown parity game family 'nope'"));
/// ```
pub fn build(id: &str, params: &[u64], seed: u64) -> Result<ParityGame, GenerateError> {
    let family = &FAMILIES.get(id)?.run;
    let (min, max) = family.arity;
    if params.len() < min || params.len() > max {
        let expected = if min == max {
            format!("{min}")
        } else {
            format!("{min} to {max}")
        };
        return Err(GenerateError::Parameter(format!(
            "{id} takes {expected} parameters, not {}",
            params.len()
        )));
    }
    (family.construct)(params, seed)
}
