//! kalmar's game-graph text format `.gg`: one line per vertex, exact rationals, every game on a
//! graph (players and chance, n players, payoffs, rewards, priorities, a discount factor).
//!
//! ```text
//! kalmar-gg 1
//! players 2            # optional, default 2
//! start v0             # optional
//! discount 9/10        # optional
//! # name  owner   [key=value ...]        [-> successors]
//! v0      max     priority=2 reward=-1   -> v1 v2
//! v1      min     priority=1             -> v0 t
//! v2      chance                         -> v0:1/3 t:2/3
//! t       terminal payoff=3/2
//! ```
//!
//! The rules, in brief (the full grammar is in `docs/formats.md`):
//!
//! - The first line that is not blank or a comment is `kalmar-gg 1`. `#` starts a comment that
//!   runs to the end of the line (outside quoted names).
//! - Directives `players N` (0 to 255, default 2), `start NAME` and `discount R` (strictly
//!   between 0 and 1) come next, each at most once, before the first vertex.
//! - Every other line defines one vertex: its name, its owner (`max` = `player0`, `min` =
//!   `player1`, `player2`, …, `chance`, `terminal`), optional `priority=N`, `reward=R` and
//!   (terminals only) `payoff=R` or `payoff=(R,R,…)`, `obs=NAME` (what a player who does not see
//!   the position observes there; see `kalmar-observation`), then, except for terminals, `->` and the
//!   successors in move order. A move of chance is written `NAME:P` with its probability `P`;
//!   the probabilities of a chance vertex sum to 1.
//! - Vertices are numbered in the order of their lines. A name is a word of letters, digits,
//!   `_`, `.` and `'` that is not all digits, or any text in double quotes (with escapes `\"`,
//!   `\\`, `\n`, `\r`, `\t`, `\u{HEX}`). A word of digits `K` stands for the unnamed vertex
//!   number `K`, whose line must be the K-th vertex line (counting from 0). The words `players`,
//!   `start` and `discount` are keywords: quote them to use them as names.
//! - Names may be used before their line; every name used is defined exactly once.
//! - If any vertex has a priority (or a reward), the game has priorities (rewards), and vertices
//!   without one have 0. Payoff vectors of the terminals have one common length; a terminal
//!   without `payoff=` has an empty payoff vector.
//!
//! [`write_gg`] writes the canonical form: one space between items, directives `players` always
//! and `start`/`discount` when present, vertices in index order, all labels of every vertex.

mod read;
#[cfg(test)]
mod tests;
mod vertex;
mod write;

pub use read::read_gg;
pub use write::{to_gg_string, write_gg};

/// The keywords that cannot be bare names.
const KEYWORDS: [&str; 4] = ["players", "start", "discount", "cycle"];

/// Whether `c` may appear in a bare name.
fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '.' || c == '\''
}
