//! kalmar-cgt: impartial combinatorial games, solved exactly by the Sprague–Grundy theory.
//!
//! A game is *impartial* when both players have the same moves; it is played until someone
//! cannot move, and that player loses (normal play) or wins (misère play). This crate contains
//!
//! - the theory for any game given by rules: the [`Impartial`] trait (options of a position,
//!   and optionally its split into a disjunctive sum), [`mex`], and the memoised [`Analysis`]
//!   that computes nimbers (with the sum rule: the nimber of a sum is the XOR of the parts'),
//!   outcome classes and winning moves in normal and misère play, and the misère [`genus`];
//! - Nim ([`nim`]): Bouton's rule for both conventions and the winning move;
//! - heap games by their octal code, Grundy's game and subtraction games ([`octal`]): the naive
//!   and the sparse-space solvers of G(0..n), periods proven by the Guy–Smith theorem, a
//!   certificate check that does not trust the solvers, misère values by search, and the whole
//!   values job (solver from the registry [`octal::SOLVERS`], check, periods, misère play) in
//!   one call, [`octal::analysis::analyse`];
//! - all-but subtraction games ([`all_but`]), with arithmetic periods proven from their values;
//! - plots of nim-sequences that show their period ([`plot`]);
//! - the games of the PEGWiki page the project follows: the strip-placing game
//!   PEG-O-Stripes ([`stripes`]) and Nukit ([`nukit`]), and any Nim-like game given by a closure
//!   ([`FnGame`]).
#![deny(missing_docs)]

pub mod all_but;
pub mod genus;
pub mod impartial;
pub mod mex;
pub mod nim;
pub mod nukit;
pub mod octal;
pub mod plot;
pub mod stripes;

pub use impartial::{Analysis, CgtError, FnGame, Impartial, Outcome, Play};
pub use mex::{ValueSet, mex};
