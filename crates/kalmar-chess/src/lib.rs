//! kalmar-chess: chess endgame tables by retrograde analysis, on the rules of `cozy-chess`
//! (MIT), the only crate that depends on a chess move generator.
//!
//! Retrograde analysis was invented for chess endgames (Ströhlein 1970; Thompson 1986): every
//! position of a material, say king and rook against king (`KRK`), is solved at once, backwards
//! from the checkmates, giving win, draw or loss and the depth to mate under best play.
//!
//! - [`material`]: the men of an endgame, `KQKR`, and which table a side's men belong to;
//! - [`position`]: positions ranked into an array index with the board's symmetries folded
//!   out, and moves forwards and backwards (un-moves) by the rules;
//! - [`retrograde`]: one table by un-moves, in time linear in its moves, captures and
//!   promotions looked up in smaller tables;
//! - [`table`]: a solved table, its values and published statistics (wins, draws, losses, the
//!   longest mates with an example);
//! - [`tables`]: every table a material needs, solved smallest first, and probes by FEN;
//! - [`game`]: an endgame as an implicit [`kalmar_core::Game`], so the generic solvers (and
//!   the tests) can solve it from its rules alone;
//! - [`playout`]: the independent checks on `cozy-chess`'s own legal moves: sampled positions
//!   played out must mate in exactly the announced number of moves, and every position's
//!   value must be the one its moves give, one ply deep (a complete certificate);
//! - [`file`]: tables written to and read from disk.
//!
//! # Example
//! ```
//! use kalmar_chess::{Tables, Value};
//! let mut tables = Tables::new();
//! let probe = tables.probe("8/8/8/4k3/8/8/8/R3K3 w - - 0 1").unwrap();
//! assert!(matches!(probe.value, Value::Win { .. }));
//! println!("{} ({} best moves)", probe.value, probe.best.len());
//! ```
#![deny(missing_docs)]

pub mod file;
pub mod game;
pub mod make;
pub mod material;
pub mod playout;
pub mod position;
pub mod retrograde;
pub mod table;
pub mod tables;

pub use material::{MAX_MEN, Material, MaterialError};
pub use table::{Stats, Table, Value};
pub use tables::{ChessError, Probe, Tables};
