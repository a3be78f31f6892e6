//! Priority compression, the first of the preprocessing steps every parity solver shares.
//!
//! Only the order of priorities and their parity matter to who wins: renumbering them so that
//! the smallest becomes 0 or 1 (keeping its parity) and each next larger priority goes up by one
//! exactly when its parity differs (and stays when it is the same) changes no play's winner. It
//! turns a game with a million distinct priorities but long runs of one parity into one with few,
//! which shortens Zielonka's recursion and every priority-indexed loop.
//!
//! The step is Oink's (T. van Dijk, *Oink: an implementation and evaluation of modern parity
//! game solvers*, TACAS 2018), after the priority compression of Friedmann and Lange's PGSolver.
//!
//! # Complexity
//! O(n + d) for n vertices and priorities up to d when d is at most a few times n (a table
//! indexed by priority); O(n log n) otherwise (a sort of the priorities).
//!
//! # Example
//! ```
//! use kalmar_parity::{ParityGame, compress::compress, format::read_pg};
//! // A cycle through priorities 2, 5, 7 and 8: 5 and 7 are both odd, so they merge.
//! let graph = read_pg("parity 3;\n0 2 0 1;\n1 5 1 2;\n2 7 0 3;\n3 8 1 0;\n").unwrap();
//! let game = ParityGame::from_graph(&graph, false).unwrap();
//! let small = compress(&game);
//! let priorities: Vec<u32> = small.arena().vertices().map(|v| small.priority(v)).collect();
//! assert_eq!(priorities, [0, 1, 1, 2]);
//! // Already compressed: nothing is copied.
//! assert!(matches!(compress(&small), std::borrow::Cow::Borrowed(_)));
//! ```

use super::ParityGame;
use std::borrow::Cow;
use std::sync::Arc;

/// The game with compressed priorities (same arena, same winners and winning strategies); the
/// game itself, not a copy, when its priorities are compressed already.
///
/// ```
/// use kalmar_core::{Builder, Owner, Player};
/// use kalmar_parity::{compress::compress, ParityGame};
/// let mut b = Builder::new(2);
/// let vs: Vec<_> = (0..4).map(|_| b.add_vertex(Owner::Player(Player(0)))).collect();
/// for i in 0..4 { b.add_edge(vs[i], vs[(i + 1) % 4]); }
/// let game = ParityGame::new(b.build().unwrap(), vec![2, 4, 7, 9]).unwrap();
/// // 2 and 4 are both even (0), 7 and 9 both odd (1).
/// assert_eq!((0..4).map(|i| compress(&game).priority(vs[i])).collect::<Vec<_>>(), vec![0, 0, 1, 1]);
/// ```
pub fn compress(game: &ParityGame) -> Cow<'_, ParityGame> {
    let max = game.priority.iter().copied().max().unwrap_or(0) as usize;
    // A table indexed by priority when it is not much larger than the game.
    let by_table = max <= 4 * game.priority.len() + 1024;
    let distinct: Vec<u32> = if by_table {
        let mut seen = vec![false; max + 1];
        for &p in &game.priority {
            seen[p as usize] = true;
        }
        (0..=max as u32).filter(|&p| seen[p as usize]).collect()
    } else {
        let mut distinct = game.priority.clone();
        distinct.sort_unstable();
        distinct.dedup();
        distinct
    };
    let rank = parity_ranks(&distinct);
    if distinct == rank {
        return Cow::Borrowed(game);
    }
    let priority = if by_table {
        let mut table = vec![0; max + 1];
        for (&p, &r) in distinct.iter().zip(&rank) {
            table[p as usize] = r;
        }
        game.priority.iter().map(|&p| table[p as usize]).collect()
    } else {
        game.priority
            .iter()
            .map(|p| rank[distinct.binary_search(p).expect("every priority is listed")])
            .collect()
    };
    Cow::Owned(ParityGame {
        arena: Arc::clone(&game.arena),
        priority,
    })
}

/// For distinct priorities in order (either way), the smallest numbers that keep each one's
/// parity and the order: a run of one parity shares a number, and the first keeps its parity.
pub fn parity_ranks(distinct: &[u32]) -> Vec<u32> {
    let mut rank = Vec::with_capacity(distinct.len());
    let mut current = distinct.first().map_or(0, |p| p % 2);
    for (i, &p) in distinct.iter().enumerate() {
        if i > 0 && p % 2 != distinct[i - 1] % 2 {
            current += 1;
        }
        rank.push(current);
    }
    rank
}
