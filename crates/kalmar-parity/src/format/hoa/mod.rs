//! The extended HOA format for synthesis (`.ehoa`, `.hoa`): the parity games of SYNTCOMP's
//! parity track, read as explicit max-parity games.
//!
//! ```text
//! HOA: v1
//! States: 2
//! Start: 0
//! AP: 2 "r" "g"
//! controllable-AP: 1
//! acc-name: parity max even 2
//! Acceptance: 2 Fin(1) & Inf(0)
//! --BODY--
//! State: 0
//! [!0 | 1] 0 {0}
//! [0 & !1] 1 {1}
//! State: 1
//! [t] 1 {1}
//! --END--
//! ```
//!
//! # The format
//!
//! A file is one automaton in the Hanoi Omega-Automata format, version 1
//! (<https://adl.github.io/hoaf/>), with one more header item, `controllable-AP:`, that lists the
//! atomic propositions (by number) the controller sets; the environment sets the others
//! (G. A. Pérez, *The Extended HOA Format for Synthesis*, arXiv:1912.05793, 2019). The reader
//! takes the header items SYNTCOMP's files use: `HOA: v1` (or `v1.1`), `States:`, one `Start:`
//! state, `AP:`, `controllable-AP:`, `Alias:`, `Acceptance:` and `acc-name:`; `name:`, `tool:`,
//! `properties:` and any other item whose name starts with a lower-case letter are skipped, as
//! the HOA format allows, and an unknown item starting with an upper-case letter is an error.
//! The body lists states (`State: [label] number ["name"] [{sets}]`) and their edges
//! (`[label] target [{sets}]`). Without `States:`, the states are those up to the largest number
//! used; a declared state without a `State:` line has no edges; without `Start:` the game has no
//! start vertex. Labels are Boolean expressions over proposition numbers, `t`,
//! `f`, aliases `@name`, `!`, `&` (binding tighter) and `|`. A state label stands for the label
//! of all its edges; a state whose edges have no labels at all uses implicit labels: its `2^n`
//! edges (for `n` propositions) are the valuations in order, proposition 0 the lowest bit.
//! Tokens may be separated by any white space and `/* comments */` (which nest).
//!
//! The acceptance condition must be a parity condition: `Acceptance:` must be the HOA format's
//! canonical formula for `parity max|min even|odd k` (in any operand order, parentheses as the
//! precedence of `&` over `|` allows), for instance `Inf(2) | (Fin(1) & Inf(0))` for
//! `parity max even 3`; `t` and `f` are the conditions with no sets. If `acc-name:` names a
//! parity condition, the formula must be that one; other names (`Buchi`, `Rabin 1`, …) are only
//! hints, and the formula decides (`Inf(0)` is Büchi, which is parity max even 1).
//!
//! # The game
//!
//! This is SYNTCOMP's reading of such an automaton, the realizability problem of its parity
//! track: the benchmarks (<https://github.com/SYNTCOMP/benchmarks>, folder `parity/`) are
//! complete deterministic parity automata with one start state, which is what the `hoa2pg`
//! translation of SYNTCOMP's hoa-tools (<https://github.com/SYNTCOMP/hoa-tools>) requires before
//! it builds the game below, and the parity-track solver Knor (<https://github.com/trolando/knor>)
//! builds the same game. In every step the environment first chooses a valuation of its
//! (uncontrollable) propositions,
//! then the controller, knowing it, chooses a valuation of the controllable ones (a Mealy
//! machine); the automaton reads the pair and takes the edge whose label holds. The controller
//! wins a play if the run of the automaton is accepting. The specification is *realizable* if
//! the controller wins from the start state.
//!
//! In kalmar's max-parity game the controller is player 0 (Even) and the environment player 1
//! (Odd):
//!
//! - state `q` is vertex `q` (its name is its number), owned by the environment, with one move to
//!   each valuation vertex of `q`;
//! - the valuation vertex `q [v]`, for each valuation `v` of the uncontrollable propositions,
//!   written as a HOA label over their numbers in increasing order (`3 [!0&2]`; `3 [t]` when the
//!   environment has no propositions), is owned by the controller. Its moves are the edges of
//!   `q` whose label some valuation of the controllable propositions makes true together with
//!   `v`: a move to the target state when all edges of `q` have one priority (which `q` then
//!   carries), otherwise a move to the edge's own vertex `q e<i> -> <target>` (edge `i` of `q`,
//!   counting from 0 in file order), which carries the edge's priority and moves to the target;
//! - a valuation vertex without compatible edges (an incomplete automaton) has no run to
//!   continue: the automaton rejects, so it is a dead end of the controller, who loses there — a
//!   terminal with payoff `[-1]`, as a dead end in [`super::pg`];
//! - where several edges fit one valuation (a nondeterministic automaton), the controller
//!   chooses. SYNTCOMP's automata are deterministic, and then this is exactly the realizability
//!   game; for others it decides a stronger (good-for-games) question: a win is still a
//!   realization, a loss may not mean that none exists.
//!
//! Priorities. An edge belongs to the acceptance sets listed on it and on its state. With `max`
//! the largest set decides (none: as if set `-1`), with `min` the smallest (none: as if set
//! `k`). The priority of an edge, in max-parity with Even the controller, is then:
//!
//! | condition | priority of an edge whose deciding set is `s` (no set: `s` as above) |
//! |-----------|-------------------------------------------------------------------------|
//! | max even  | `s`, or `s + 2` if some edge belongs to no set (which then gets 1)     |
//! | max odd   | `s + 1`                                                                 |
//! | min even  | `K - s`, `K` the smallest even number `≥ k`                              |
//! | min odd   | `K - s`, `K` the smallest odd number `≥ k`                               |
//!
//! so the largest priority seen infinitely often is even exactly when the run is accepting.
//! State and valuation vertices without a priority of their own get 0, which no play can see
//! infinitely often without seeing an edge's priority, so it never decides. Priorities read
//! from `parity max even` files with colored edges are the file's own numbers.
//!
//! # Size
//!
//! With `n` states, `k` uncontrollable propositions and `m` edges, the game has
//! `n + n·2^k` vertices plus one per edge of the states whose edges differ in priority, and
//! `n·2^k` moves from states, one move per valuation vertex and compatible edge, and one per
//! edge vertex. The number of state–valuation pairs `n·2^k` is checked against [`MAX_PAIRS`]
//! before any of them is built, and the number of moves against [`MAX_MOVES`] before the game is
//! allocated. Labels are evaluated once per state for 4096 valuations at a time (as bit sets),
//! with the controllable propositions projected away exactly: a conjunction of parts without a
//! common controllable proposition is projected part by part, and one they share is split on (at
//! most [`MAX_SPLITS`] times per label). Sums of products, as most SYNTCOMP files have, need no
//! split; the negated sums of the files made from PGSolver games split on a few propositions.
//! Reading takes time linear in the text, plus `O(n·2^k + moves)`, plus `2^k/64` word operations
//! per operator of a state's labels.
//!
//! # Errors
//!
//! Every problem is a [`ParseError`] with line and column: malformed tokens and labels,
//! proposition or set numbers out of range, an undefined alias, a state number at or above
//! `States:`, a state defined twice, edges of one state with and without labels, a condition
//! that is not parity or not the one `acc-name:` names, universal branching (`&` between
//! states), more than one `Start:`, a missing `controllable-AP:` or `Acceptance:`, text after
//! `--END--`, `--ABORT--`, and games beyond the limits above.

mod acceptance;
mod body;
mod expand;
mod expr;
mod label;
mod lexer;
mod parser;
mod project;
#[cfg(test)]
mod tests;

use acceptance::Parity;
use expand::expand;
use expr::Expr;
use kalmar_core::ParseError;
use kalmar_core::format::GameGraph;
use parser::Parser;
use std::ops::Range;

/// The largest number of state–valuation pairs (states times valuations of the uncontrollable
/// propositions) the reader expands: 2^22 = 4,194,304.
pub const MAX_PAIRS: u64 = 1 << 22;

/// The largest number of moves of the expanded game: 2^24 = 16,777,216.
pub const MAX_MOVES: u64 = 1 << 24;

/// The most case splits on a controllable proposition that projecting one label may take.
pub const MAX_SPLITS: u32 = 1 << 16;

/// Reads an automaton in the extended HOA format as a max-parity game (see the
/// [module documentation](self)): two players, the controller being player 0 (Even), a priority
/// per vertex, and the start state as the start vertex.
///
/// ```
/// use kalmar_parity::format::read_hoa;
/// let text = "HOA: v1\nStates: 1\nStart: 0\nAP: 2 \"r\" \"g\"\ncontrollable-AP: 1\n\
///             acc-name: Buchi\nAcceptance: 1 Inf(0)\n--BODY--\n\
///             State: 0\n[0 & 1 | !0 & !1] 0 {0}\n[0 & !1 | !0 & 1] 0\n--END--\n";
/// let game = read_hoa(text).unwrap();
/// // State 0, one vertex per value of r ("0 [!0]", "0 [0]"), and one per edge (their priorities
/// // differ: 2 for set 0, 1 for no set).
/// assert_eq!(game.arena.num_vertices(), 5);
/// assert_eq!(game.arena.name(kalmar_core::Vertex(2)), "0 [0]");
/// let err = read_hoa("HOA: v1\nAP: 1 \"a\"\n--BODY--\n--END--\n").unwrap_err();
/// assert_eq!((err.span().line, err.span().column), (3, 1));
/// ```
pub fn read_hoa(text: &str) -> Result<GameGraph, ParseError> {
    let text = kalmar_core::format::check_size(text)?;
    let mut parser = Parser::new(text);
    let automaton = parser.automaton()?;
    expand(&parser.lex, &automaton)
}

// ---------------------------------------------------------------------------------------------
// The automaton as read, what the parser gives the expansion

struct StateRec {
    id: u32,
    at: usize,
    edges: Range<usize>,
}

struct EdgeRec {
    label: u32,
    target: u32,
    set: Option<u32>,
}

struct Automaton {
    states: u32,
    start: Option<u32>,
    aps: u32,
    controllable: Vec<bool>,
    /// Where `controllable-AP:` stands, for errors about the size of the game.
    controllable_at: usize,
    parity: Parity,
    records: Vec<StateRec>,
    edges: Vec<EdgeRec>,
    labels: Vec<Expr>,
    label_at: Vec<usize>,
}
