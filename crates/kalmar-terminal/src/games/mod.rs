//! Rules-based example games, implementing [`kalmar_core::Game`] so that they can be explored into
//! arenas ([`kalmar_core::explore`]) and solved end to end, for example by
//! [`reach::solve_implicit`](crate::reach::solve_implicit).
//!
//! - [`nim`]: Nim under normal play, a finite game whose values follow Bouton's XOR rule;
//! - [`cops`]: a cop chasing a robber on a grid with walls and exits, a game with cycles and all
//!   three outcomes (capture, escape, and evasion forever).

pub mod cops;
pub mod nim;
