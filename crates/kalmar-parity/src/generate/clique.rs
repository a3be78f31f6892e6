//! PGSolver's clique games: [`cliquegame`] and [`cliquegame_with_self_cycles`].
//!
//! ```
//! use kalmar_parity::{Options, generate::cliquegame, solve};
//! let game = cliquegame(4).unwrap();
//! assert_eq!(game.arena().num_vertices(), 4);
//! assert_eq!(game.arena().num_edges(), 12);
//! assert!(solve(&game, &Options::default()).unwrap().verified);
//! ```

use super::listed::{Listed, benefits};
use crate::ParityGame;
use kalmar_core::generate::{GenerateError, check_size};

/// PGSolver's clique game without self-cycles (its default): `n` vertices, vertex `v` of
/// priority `v`, owned by the player that priority benefits (Even at even `v`), moving to every
/// other vertex. Needs `n >= 2`.
pub fn cliquegame(n: usize) -> Result<ParityGame, GenerateError> {
    clique(n, false)
}

/// PGSolver's clique game with self-cycles (its option `self`): as [`cliquegame`], but every
/// vertex also moves to itself. Needs `n >= 1`.
pub fn cliquegame_with_self_cycles(n: usize) -> Result<ParityGame, GenerateError> {
    clique(n, true)
}

fn clique(n: usize, self_cycles: bool) -> Result<ParityGame, GenerateError> {
    if n < 2 - self_cycles as usize {
        return Err(GenerateError::Parameter(format!(
            "a clique game {} needs at least {} vertices",
            if self_cycles {
                "with self-cycles"
            } else {
                "without self-cycles"
            },
            2 - self_cycles as usize
        )));
    }
    check_size(n, n.saturating_mul(n))?;
    let mut listed = Listed::with_capacity(n, false);
    for v in 0..n {
        listed.priority.push(v as u32);
        listed.owner.push(benefits(v as u32));
        listed.successors.push(
            (0..n as u32)
                .filter(|&j| self_cycles || j as usize != v)
                .collect(),
        );
    }
    listed.finish()
}
