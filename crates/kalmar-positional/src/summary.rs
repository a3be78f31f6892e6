//! What a user wants to know about a positional game before solving it, as data
//! (serialisable as JSON): its players and their positions, its terminals and moves, whether
//! play from the start can cycle (Andersson, Gurvich and Hansen, *On Acyclicity of Games with
//! Cycles*: an acyclic game is solved by backward induction, a game with cycles has the one
//! extra outcome `c` of infinite play), how many pure positional strategies each player has
//! and how many profiles there are (the size of the normal form, [`crate::normal_form`]),
//! whether it is a two-player win-lose game (Proposition 2), and what `c` pays.
//!
//! A number of strategies is the product of the out-degrees of the player's positions: exact
//! up to 2^[`COUNT_BITS`], and beyond that a lower bound 2^k (k the sum of the out-degrees'
//! binary logarithms, rounded down), written "at least 2^k".
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_positional::{PositionalGame, summary};
//! let graph = read_gg("kalmar-gg 1\nplayers 2\ncycle (2,0)\nstart u\nu player0 -> v a1\n\
//!                      v player1 -> u a2\na1 terminal payoff=(1,2)\na2 terminal payoff=(0,1)\n")
//!     .unwrap();
//! let info = summary::info(&PositionalGame::from_graph(&graph).unwrap());
//! assert_eq!((info.players.len(), info.terminals, info.moves), (2, 2, 4));
//! assert!(!info.acyclic && !info.win_lose);
//! assert_eq!(info.profiles.to_string(), "4");
//! assert_eq!(info.players[0].strategies.to_string(), "2");
//! assert_eq!(info.cycle[0].to_string(), "2");
//! ```
//!
//! # Complexity
//! O(n + m) for n positions and m moves (each count is multiplied out in at most
//! [`COUNT_BITS`] bits).

use crate::PositionalGame;
use kalmar_core::{Owner, Rational, Vertex};
use num_bigint::BigUint;
use num_traits::{One, ToPrimitive};
use serde::{Serialize, Serializer};
use std::fmt;

/// Counts are exact below 2^COUNT_BITS.
pub const COUNT_BITS: u64 = 1024;

/// A number of strategies or profiles: exact, or at least a power of two when it is too large
/// to be worth writing out. Serialised as a JSON number when it fits 64 bits, else as a string
/// (`"1267650600228229401496703205376"`, `"at least 2^5000"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Count {
    /// The exact number.
    Exact(BigUint),
    /// At least 2 to this power (the exact number has more than [`COUNT_BITS`] bits).
    AtLeast(u64),
}

impl Count {
    /// The product of `factors`, exact below 2^[`COUNT_BITS`].
    pub fn product(factors: impl IntoIterator<Item = usize>) -> Count {
        let mut exact = BigUint::one();
        let mut at_least = 0u64;
        let mut saturated = false;
        for f in factors {
            at_least += u64::from(usize::BITS - 1 - f.max(1).leading_zeros());
            if !saturated {
                exact *= BigUint::from(f);
                saturated = exact.bits() > COUNT_BITS;
            }
        }
        if saturated {
            Count::AtLeast(at_least)
        } else {
            Count::Exact(exact)
        }
    }

    /// The number, if it fits in 64 bits.
    pub fn to_u64(&self) -> Option<u64> {
        match self {
            Count::Exact(n) => n.to_u64(),
            Count::AtLeast(_) => None,
        }
    }

    /// The number, if it fits in 128 bits.
    pub fn to_u128(&self) -> Option<u128> {
        match self {
            Count::Exact(n) => n.to_u128(),
            Count::AtLeast(_) => None,
        }
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Count::Exact(n) => n.fmt(f),
            Count::AtLeast(k) => write!(f, "at least 2^{k}"),
        }
    }
}

impl Serialize for Count {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.to_u64() {
            Some(n) => serializer.serialize_u64(n),
            None => serializer.collect_str(self),
        }
    }
}

/// A player's share of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerInfo {
    /// The player's number, from 0 (`player0` in `.gg`).
    pub player: usize,
    /// How many positions it moves at.
    pub positions: usize,
    /// How many moves leave them.
    pub moves: usize,
    /// How many pure positional strategies it has: the product of its positions' out-degrees.
    pub strategies: Count,
}

/// A positional game described.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Info {
    /// Every player, in order.
    pub players: Vec<PlayerInfo>,
    /// All positions, terminals included.
    pub positions: usize,
    /// The terminals.
    pub terminals: usize,
    /// The positions of chance.
    pub chance_positions: usize,
    /// The moves.
    pub moves: usize,
    /// The position play starts from.
    pub start: String,
    /// Whether no cycle is reachable from the start (then backward induction solves the game).
    pub acyclic: bool,
    /// How many positional profiles there are: the product of the players' strategies.
    pub profiles: Count,
    /// Whether it is a win-lose game: two players, and every terminal and `c` pays (1,-1) or
    /// (-1,1).
    pub win_lose: bool,
    /// The utilities of infinite play, the outcome `c`.
    pub cycle: Vec<Rational>,
}

/// Describes a game.
pub fn info(game: &PositionalGame) -> Info {
    let arena = game.arena();
    let players = (0..game.num_players())
        .map(|player| {
            let mine: Vec<Vertex> = arena
                .vertices()
                .filter(|&v| game.mover(v) == Some(player))
                .collect();
            PlayerInfo {
                player,
                positions: mine.len(),
                moves: mine.iter().map(|&v| arena.out_degree(v)).sum(),
                strategies: Count::product(mine.iter().map(|&v| arena.out_degree(v))),
            }
        })
        .collect();
    let count = |owner: Owner| {
        arena
            .vertices()
            .filter(|&v| arena.owner(v) == owner)
            .count()
    };
    Info {
        players,
        positions: arena.num_vertices(),
        terminals: count(Owner::Terminal),
        chance_positions: count(Owner::Chance),
        moves: arena.num_edges(),
        start: arena.name(game.start()).into_owned(),
        acyclic: acyclic_from(game, game.start()),
        profiles: Count::product(
            arena
                .vertices()
                .filter(|&v| game.mover(v).is_some())
                .map(|v| arena.out_degree(v)),
        ),
        win_lose: is_win_lose(game),
        cycle: game.cycle_payoff().to_vec(),
    }
}

/// Whether the game is a two-player win-lose game: every terminal and `c` pays (1,-1) or
/// (-1,1).
pub fn is_win_lose(game: &PositionalGame) -> bool {
    let one = Rational::from(1);
    let minus_one = Rational::from(-1);
    let win_lose =
        |u: &[Rational]| (u[0] == one && u[1] == minus_one) || (u[0] == minus_one && u[1] == one);
    let arena = game.arena();
    game.num_players() == 2
        && win_lose(game.cycle_payoff())
        && arena
            .vertices()
            .filter(|&v| arena.is_terminal(v))
            .all(|v| win_lose(game.payoff(v)))
}

/// Whether no cycle is reachable from `from`, by an iterative depth-first search.
pub fn acyclic_from(game: &PositionalGame, from: Vertex) -> bool {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    let arena = game.arena();
    let mut mark = vec![Mark::New; arena.num_vertices()];
    // Each entry: a position and how many of its successors have been entered.
    let mut stack = vec![(from, 0usize)];
    mark[from.index()] = Mark::Open;
    while let Some(&(v, next)) = stack.last() {
        let Some(&w) = arena.successors(v).get(next) else {
            mark[v.index()] = Mark::Done;
            stack.pop();
            continue;
        };
        if let Some(top) = stack.last_mut() {
            top.1 += 1;
        }
        match mark[w.index()] {
            Mark::Open => return false,
            Mark::Done => {}
            Mark::New => {
                mark[w.index()] = Mark::Open;
                stack.push((w, 0));
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::Count;

    #[test]
    fn counts_are_exact_until_they_saturate() {
        assert_eq!(Count::product([]).to_string(), "1");
        assert_eq!(Count::product([2, 3, 5]).to_u64(), Some(30));
        let big = Count::product(std::iter::repeat_n(2, 100));
        assert_eq!(big.to_string(), "1267650600228229401496703205376");
        assert_eq!(
            serde_json::to_string(&big).unwrap(),
            "\"1267650600228229401496703205376\""
        );
        // 3^1000 has 1585 bits: saturated, 3 ≥ 2^1 per factor.
        let huge = Count::product(std::iter::repeat_n(3, 1000));
        assert_eq!(huge, Count::AtLeast(1000));
        assert_eq!(huge.to_string(), "at least 2^1000");
    }
}
