//! kalmar-puzzles: two pencil puzzles whose solvability Andersson proved NP-complete
//! (*Perfect-Information Games with Cycles*, papers 4 and 5), solved the way puzzle people
//! need them solved: instantly, with a check that the solution is unique, and generated.
//!
//! - [`hashi`]: Hashiwokakero (Nikoli's "Bridges"): join numbered islands by horizontal and
//!   vertical bridges, at most two between a pair, none crossing, each island's number met,
//!   all islands connected.
//! - [`hiroimono`]: collect every stone of a grid, moving along grid lines, picking stones up
//!   as you meet them and turning only where you pick one up (with the paper's variants: a
//!   given start, and 180° turns allowed).
//!
//! - [`source`]: which puzzle a file, a puzz.link URL or a Tatham game ID holds.
//!
//! This is the only crate of kalmar that depends on a SAT solver.
#![deny(missing_docs)]

pub mod hashi;
pub mod hiroimono;
pub mod source;
