//! Rules-based example games, implementing [`kalmar_core::Game`] so that they can be explored into
//! arenas ([`kalmar_core::explore`]) and solved end to end, for example by
//! [`reach::solve_implicit`](crate::reach::solve_implicit).
//!
//! - [`nim`]: Nim under normal play, a finite game whose values follow Bouton's XOR rule;
//! - [`cops`]: a cop chasing a robber on a grid with walls and exits, a game with cycles and all
//!   three outcomes (capture, escape, and evasion forever).
//!
//! # Complexity
//! Exploring takes time and memory linear in the states and moves reached (each state hashed
//! once, [`kalmar_core::explore`]), and retrograde analysis solves the explored game in linear time
//! ([`crate::reach::retrograde`]). The number of states is the game's: `2 · Π (h_i + 1)` for
//! Nim, two per placement of cop and robber for the chase (plus its terminals).
//!
//! # Example
//! ```
//! use kalmar_core::Certificate;
//! use kalmar_terminal::games::nim::Nim;
//! use kalmar_terminal::reach::{self, Outcome};
//! // Heaps 1 and 1: Max takes one, Min the other, and Max cannot move: Min wins.
//! let nim = Nim::new(vec![1, 1]);
//! assert!(!nim.first_player_wins());
//! let (explored, solution) = reach::solve_implicit(&nim, 100).unwrap();
//! let start = explored.arena.start().unwrap();
//! assert_eq!(solution.values[start.index()], Outcome::Loss);
//! assert!(solution.verify(&reach::from_explored(&explored).unwrap()).is_ok());
//! ```

pub mod cops;
pub mod nim;
