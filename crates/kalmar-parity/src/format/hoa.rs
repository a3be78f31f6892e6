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

use foldhash::{HashMap, HashMapExt};
use kalmar_core::format::GameGraph;
use kalmar_core::{Builder, Owner, ParseError, Player, Rational, Span, Vertex};
use std::fmt::Write as _;
use std::ops::Range;

/// The largest number of state–valuation pairs (states times valuations of the uncontrollable
/// propositions) the reader expands: 2^22 = 4,194,304.
pub const MAX_PAIRS: u64 = 1 << 22;

/// The largest number of moves of the expanded game: 2^24 = 16,777,216.
pub const MAX_MOVES: u64 = 1 << 24;

/// The most case splits on a controllable proposition that projecting one label may take.
pub const MAX_SPLITS: u32 = 1 << 16;

/// The deepest nesting of parentheses in a label.
const MAX_PARENS: u32 = 256;

/// The deepest nesting of `&` and `|` in a label, aliases included.
const MAX_DEPTH: u32 = 256;

/// What a label's atom may be.
const EXPECT_ATOM: &str = "an atomic proposition number, an alias '@name', 't', 'f', '!' or '('";

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
// Tokens

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// `name:` (the token includes the colon).
    Header,
    /// `[a-zA-Z_][a-zA-Z0-9_-]*`.
    Ident,
    /// `[0-9]+`.
    Int,
    /// A string in double quotes.
    Str,
    /// `@name`.
    Alias,
    /// One of `! & | ( ) [ ] { }`.
    Punct(u8),
    /// `--BODY--`.
    Body,
    /// `--END--`.
    End,
    /// `--ABORT--`.
    Abort,
    Eof,
}

#[derive(Clone, Copy, Debug)]
struct Token {
    kind: Kind,
    start: usize,
    end: usize,
}

impl Token {
    fn is(&self, c: u8) -> bool {
        self.kind == Kind::Punct(c)
    }
}

/// The tokenizer, over bytes; positions are byte offsets, turned into line and column only for
/// errors.
struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    peeked: Option<Token>,
}

fn is_ident_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Self {
        Lexer {
            text,
            pos: 0,
            peeked: None,
        }
    }

    /// An error at byte offset `at`.
    fn error(
        &self,
        at: usize,
        found: impl Into<String>,
        expected: impl Into<String>,
    ) -> ParseError {
        ParseError::new(span_at(self.text, at), found, expected)
    }

    /// An error at `token`, describing it as found.
    fn unexpected(&self, token: Token, expected: impl Into<String>) -> ParseError {
        self.error(token.start, self.describe(token), expected)
    }

    fn describe(&self, token: Token) -> String {
        match token.kind {
            Kind::Eof => "end of input".to_string(),
            _ => format!("'{}'", &self.text[token.start..token.end]),
        }
    }

    fn slice(&self, token: Token) -> &'a str {
        &self.text[token.start..token.end]
    }

    /// The name of a header token, without its colon.
    fn header_name(&self, token: Token) -> &'a str {
        &self.text[token.start..token.end - 1]
    }

    fn peek(&mut self) -> Result<Token, ParseError> {
        if let Some(t) = self.peeked {
            return Ok(t);
        }
        let t = self.scan()?;
        self.peeked = Some(t);
        Ok(t)
    }

    fn next(&mut self) -> Result<Token, ParseError> {
        let t = self.peek()?;
        self.peeked = None;
        Ok(t)
    }

    /// Consumes the next token if it is the punctuation `c`.
    fn eat(&mut self, c: u8) -> Result<bool, ParseError> {
        if self.peek()?.is(c) {
            self.peeked = None;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    /// Skips white space and comments (which nest).
    fn skip(&mut self) -> Result<(), ParseError> {
        let bytes = self.text.as_bytes();
        loop {
            while self.pos < bytes.len() && bytes[self.pos].is_ascii_whitespace() {
                self.pos += 1;
            }
            if !bytes[self.pos..].starts_with(b"/*") {
                return Ok(());
            }
            let open = self.pos;
            self.pos += 2;
            let mut depth = 1u32;
            while depth > 0 {
                match bytes.get(self.pos..self.pos + 2) {
                    Some(b"*/") => {
                        depth -= 1;
                        self.pos += 2;
                    }
                    Some(b"/*") => {
                        depth += 1;
                        self.pos += 2;
                    }
                    Some(_) => self.pos += 1,
                    None => {
                        return Err(self.error(
                            open,
                            "a comment without its closing '*/'",
                            "'*/' to close the comment",
                        ));
                    }
                }
            }
        }
    }

    fn scan(&mut self) -> Result<Token, ParseError> {
        self.skip()?;
        let bytes = self.text.as_bytes();
        let start = self.pos;
        let token = |kind, end| Token { kind, start, end };
        let Some(&b) = bytes.get(start) else {
            return Ok(token(Kind::Eof, start));
        };
        let kind = match b {
            b'0'..=b'9' => {
                let len = bytes[start..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                self.pos += len;
                Kind::Int
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                let len = bytes[start..]
                    .iter()
                    .take_while(|&&b| is_ident_char(b))
                    .count();
                self.pos += len;
                if bytes.get(self.pos) == Some(&b':') {
                    self.pos += 1;
                    Kind::Header
                } else {
                    Kind::Ident
                }
            }
            b'"' => {
                let mut i = start + 1;
                loop {
                    match bytes.get(i) {
                        Some(b'"') => break,
                        Some(b'\\') => i += 2,
                        Some(_) => i += 1,
                        None => {
                            return Err(self.error(
                                start,
                                "a string without its closing '\"'",
                                "'\"' to close the string",
                            ));
                        }
                    }
                }
                self.pos = i + 1;
                Kind::Str
            }
            b'@' => {
                let len = bytes[start + 1..]
                    .iter()
                    .take_while(|&&b| is_ident_char(b))
                    .count();
                if len == 0 {
                    return Err(self.error(
                        start,
                        "'@' without a name",
                        "an alias name after '@' (letters, digits, '_' and '-')",
                    ));
                }
                self.pos += 1 + len;
                Kind::Alias
            }
            b'!' | b'&' | b'|' | b'(' | b')' | b'[' | b']' | b'{' | b'}' => {
                self.pos += 1;
                Kind::Punct(b)
            }
            b'-' => {
                let rest = &bytes[start..];
                if rest.get(1).is_some_and(u8::is_ascii_digit) {
                    let len = 1 + rest[1..].iter().take_while(|b| b.is_ascii_digit()).count();
                    return Err(self.error(
                        start,
                        format!("the negative number '{}'", &self.text[start..start + len]),
                        "a number that is not negative",
                    ));
                }
                let (kind, len) = if rest.starts_with(b"--BODY--") {
                    (Kind::Body, 8)
                } else if rest.starts_with(b"--END--") {
                    (Kind::End, 7)
                } else if rest.starts_with(b"--ABORT--") {
                    (Kind::Abort, 9)
                } else {
                    return Err(self.error(
                        start,
                        kalmar_core::error::describe_next(&self.text[start..]),
                        "a token of the HOA format ('--BODY--', '--END--' or '--ABORT--' here)",
                    ));
                };
                self.pos += len;
                kind
            }
            _ => {
                return Err(self.error(
                    start,
                    kalmar_core::error::describe_next(&self.text[start..]),
                    "a token of the HOA format",
                ));
            }
        };
        Ok(token(kind, self.pos))
    }

    /// The version after `HOA:`: a word of letters, digits, `_`, `-` and `.`.
    fn version(&mut self) -> Result<Token, ParseError> {
        debug_assert!(self.peeked.is_none());
        self.skip()?;
        let start = self.pos;
        let len = self.text.as_bytes()[start..]
            .iter()
            .take_while(|&&b| is_ident_char(b) || b == b'.')
            .count();
        self.pos += len;
        Ok(Token {
            kind: Kind::Ident,
            start,
            end: self.pos,
        })
    }

    /// A natural number below 2^32.
    fn number(&self, token: Token, what: &str) -> Result<u32, ParseError> {
        if token.kind != Kind::Int {
            return Err(self.unexpected(token, what.to_string()));
        }
        self.slice(token)
            .parse::<u32>()
            .map_err(|_| self.unexpected(token, format!("{what} below 2^32")))
    }
}

/// The line and column of byte offset `at` (columns count characters).
fn span_at(text: &str, at: usize) -> Span {
    let before = &text[..at.min(text.len())];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    Span {
        line: u32::try_from(line).unwrap_or(u32::MAX),
        column: u32::try_from(column).unwrap_or(u32::MAX),
    }
}

// ---------------------------------------------------------------------------------------------
// Labels

/// A label in negation normal form: negations only on propositions.
#[derive(Clone, Debug, PartialEq)]
enum Expr {
    Const(bool),
    /// Proposition `ap` has value `value`.
    Lit {
        ap: u32,
        value: bool,
    },
    And(Vec<Expr>),
    Or(Vec<Expr>),
}

impl Expr {
    /// The conjunction (`and`) or disjunction of `parts`, flattened and with constants folded.
    fn join(and: bool, parts: Vec<Expr>) -> Expr {
        let mut out = Vec::with_capacity(parts.len());
        for part in parts {
            match part {
                // The absorbing constant: false in a conjunction, true in a disjunction.
                Expr::Const(b) if b != and => return Expr::Const(b),
                Expr::Const(_) => {}
                Expr::And(children) if and => out.extend(children),
                Expr::Or(children) if !and => out.extend(children),
                other => out.push(other),
            }
        }
        match out.len() {
            0 => Expr::Const(and),
            1 => out.pop().expect("one part"),
            _ if and => Expr::And(out),
            _ => Expr::Or(out),
        }
    }

    fn negate(&self) -> Expr {
        match self {
            Expr::Const(b) => Expr::Const(!b),
            Expr::Lit { ap, value } => Expr::Lit {
                ap: *ap,
                value: !value,
            },
            Expr::And(children) => Expr::Or(children.iter().map(Expr::negate).collect()),
            Expr::Or(children) => Expr::And(children.iter().map(Expr::negate).collect()),
        }
    }

    /// The number of nodes.
    fn size(&self) -> usize {
        match self {
            Expr::Const(_) | Expr::Lit { .. } => 1,
            Expr::And(children) | Expr::Or(children) => {
                1 + children.iter().map(Expr::size).sum::<usize>()
            }
        }
    }

    /// The label with proposition `ap` set to `value`.
    fn assign(&self, ap: u32, value: bool) -> Expr {
        match self {
            Expr::Lit { ap: a, value: v } if *a == ap => Expr::Const(*v == value),
            Expr::Const(_) | Expr::Lit { .. } => self.clone(),
            Expr::And(children) => {
                Expr::join(true, children.iter().map(|c| c.assign(ap, value)).collect())
            }
            Expr::Or(children) => Expr::join(
                false,
                children.iter().map(|c| c.assign(ap, value)).collect(),
            ),
        }
    }

    /// Pushes the controllable propositions of the label to `out` (with repeats).
    fn controllable(&self, uncontrollable: &[Option<u32>], out: &mut Vec<u32>) {
        match self {
            Expr::Const(_) => {}
            Expr::Lit { ap, .. } => {
                if uncontrollable[*ap as usize].is_none() {
                    out.push(*ap);
                }
            }
            Expr::And(children) | Expr::Or(children) => {
                for c in children {
                    c.controllable(uncontrollable, out);
                }
            }
        }
    }
}

/// A label with an upper bound on its depth (nesting of `&` and `|`).
struct Label {
    expr: Expr,
    depth: u32,
}

struct AliasDef {
    positive: Expr,
    negative: Expr,
    depth: u32,
    size: usize,
}

// ---------------------------------------------------------------------------------------------
// The automaton as read

/// The acceptance condition: a parity condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Parity {
    max: bool,
    even: bool,
    sets: u32,
}

impl Parity {
    fn name(&self) -> String {
        format!(
            "parity {} {} {}",
            if self.max { "max" } else { "min" },
            if self.even { "even" } else { "odd" },
            self.sets
        )
    }

    /// The deciding set of an edge that belongs to `a` and `b` (each the deciding set of a
    /// list of sets, if any).
    fn combine(&self, a: Option<u32>, b: Option<u32>) -> Option<u32> {
        match (a, b) {
            (Some(x), Some(y)) => Some(if self.max { x.max(y) } else { x.min(y) }),
            (x, None) => x,
            (None, y) => y,
        }
    }

    /// The max-parity priority of an edge whose deciding set is `set` (see the module
    /// documentation); `shift` is 2 for `max even` conditions with edges in no set, else 0.
    fn priority(&self, set: Option<u32>, shift: u32) -> u32 {
        match (self.max, self.even) {
            (true, true) => set.map_or(1, |s| s + shift),
            (true, false) => set.map_or(0, |s| s + 1),
            (false, even) => {
                let top = if self.sets.is_multiple_of(2) == even {
                    self.sets
                } else {
                    self.sets + 1
                };
                top - set.unwrap_or(self.sets)
            }
        }
    }
}

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

/// What the header says.
#[derive(Default)]
struct Header {
    states: Option<u32>,
    start: Option<(u32, usize)>,
    aps: Option<u32>,
    controllable: Option<(Vec<(u32, usize)>, usize)>,
    acceptance: Option<(Parity, usize)>,
    /// The parity condition `acc-name:` names, where its parts stand.
    acc_name: Option<AccName>,
    /// The largest proposition number an alias uses before `AP:`, and where.
    pending_ap: Option<(u32, usize)>,
    /// Where `--BODY--` stands, for errors about what the header lacks.
    body_at: usize,
}

struct AccName {
    parity: Parity,
    at: usize,
    sets_at: usize,
}

// ---------------------------------------------------------------------------------------------
// The parser

struct Parser<'a> {
    lex: Lexer<'a>,
    /// The number of propositions, once `AP:` is read.
    aps: Option<u32>,
    aliases: HashMap<&'a str, AliasDef>,
    /// Label nodes copied from aliases so far, and how many may be.
    copied: usize,
    copy_budget: usize,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Self {
        Parser {
            lex: Lexer::new(text),
            aps: None,
            aliases: HashMap::new(),
            copied: 0,
            copy_budget: text.len().saturating_mul(4).saturating_add(1 << 16),
        }
    }

    fn automaton(&mut self) -> Result<Automaton, ParseError> {
        let header = self.header()?;
        self.body(header)
    }

    /// Skips the values of a header item.
    fn skip_values(&mut self) -> Result<(), ParseError> {
        while !matches!(
            self.lex.peek()?.kind,
            Kind::Header | Kind::Body | Kind::End | Kind::Abort | Kind::Eof
        ) {
            self.lex.next()?;
        }
        Ok(())
    }

    fn header(&mut self) -> Result<Header, ParseError> {
        let first = self.lex.next()?;
        if first.kind != Kind::Header || self.lex.header_name(first) != "HOA" {
            return Err(self
                .lex
                .unexpected(first, "'HOA:', the first word of a HOA file"));
        }
        let version = self.lex.version()?;
        let v = self.lex.slice(version);
        if v != "v1" && v != "v1.1" {
            let found = if v.is_empty() {
                let next = self.lex.peek()?;
                self.lex.describe(next)
            } else {
                format!("'{v}'")
            };
            return Err(self.lex.error(
                version.start,
                found,
                "'v1', the version of the HOA format kalmar reads",
            ));
        }
        let mut h = Header::default();
        loop {
            let item = self.lex.next()?;
            match item.kind {
                Kind::Header => {}
                Kind::Body => {
                    h.body_at = item.start;
                    break;
                }
                Kind::Eof => return Err(self.lex.unexpected(item, "a header item or '--BODY--'")),
                _ => {
                    return Err(self
                        .lex
                        .unexpected(item, "a header item ('name:') or '--BODY--'"));
                }
            }
            let name = self.lex.header_name(item);
            let again = |lex: &Lexer<'_>| {
                lex.error(
                    item.start,
                    format!("a second '{name}:'"),
                    format!("one '{name}:' at most"),
                )
            };
            match name {
                "HOA" => return Err(again(&self.lex)),
                "States" => {
                    if h.states.is_some() {
                        return Err(again(&self.lex));
                    }
                    let t = self.lex.next()?;
                    h.states = Some(self.lex.number(t, "the number of states")?);
                }
                "Start" => {
                    if h.start.is_some() {
                        return Err(self.lex.error(
                            item.start,
                            "a second 'Start:'",
                            "one start state: kalmar reads games that start in one state",
                        ));
                    }
                    let t = self.lex.next()?;
                    let s = self.lex.number(t, "the number of the start state")?;
                    let amp = self.lex.peek()?;
                    if amp.is(b'&') {
                        return Err(self.lex.unexpected(
                            amp,
                            "one start state (kalmar reads automata without universal branching)",
                        ));
                    }
                    h.start = Some((s, t.start));
                }
                "AP" => {
                    if h.aps.is_some() {
                        return Err(again(&self.lex));
                    }
                    let t = self.lex.next()?;
                    let count = self.lex.number(t, "the number of atomic propositions")?;
                    let mut seen = 0u32;
                    loop {
                        let t = self.lex.peek()?;
                        if t.kind != Kind::Str {
                            if seen < count {
                                return Err(self.lex.unexpected(
                                    t,
                                    format!(
                                        "the name of proposition {seen} in quotes ('AP:' \
                                         declares {count})"
                                    ),
                                ));
                            }
                            break;
                        }
                        if seen == count {
                            return Err(self.lex.unexpected(
                                t,
                                format!("the next header item ('AP:' declares {count} names)"),
                            ));
                        }
                        self.lex.next()?;
                        seen += 1;
                    }
                    h.aps = Some(count);
                    self.aps = Some(count);
                }
                "controllable-AP" => {
                    if h.controllable.is_some() {
                        return Err(again(&self.lex));
                    }
                    let mut list: Vec<(u32, usize)> = Vec::new();
                    while self.lex.peek()?.kind == Kind::Int {
                        let t = self.lex.next()?;
                        let ap = self.lex.number(t, "a proposition number")?;
                        if list.iter().any(|&(a, _)| a == ap) {
                            return Err(self.lex.error(
                                t.start,
                                format!("proposition {ap} again"),
                                "a proposition not listed yet",
                            ));
                        }
                        list.push((ap, t.start));
                    }
                    h.controllable = Some((list, item.start));
                }
                "Alias" => {
                    let t = self.lex.next()?;
                    if t.kind != Kind::Alias {
                        return Err(self.lex.unexpected(t, "an alias name '@name'"));
                    }
                    let name = &self.lex.slice(t)[1..];
                    if self.aliases.contains_key(name) {
                        return Err(self.lex.error(
                            t.start,
                            format!("alias '@{name}' again"),
                            "an alias not defined yet",
                        ));
                    }
                    let label = self.label(&mut h.pending_ap)?;
                    let size = label.expr.size();
                    let def = AliasDef {
                        negative: label.expr.negate(),
                        positive: label.expr,
                        depth: label.depth,
                        size,
                    };
                    self.aliases.insert(name, def);
                }
                "Acceptance" => {
                    if h.acceptance.is_some() {
                        return Err(again(&self.lex));
                    }
                    h.acceptance = Some(self.acceptance()?);
                }
                "acc-name" => {
                    if h.acc_name.is_some() {
                        return Err(again(&self.lex));
                    }
                    h.acc_name = self.acc_name()?;
                }
                _ if name.starts_with(|c: char| c.is_ascii_uppercase()) => {
                    return Err(self.lex.unexpected(
                        item,
                        "a header item kalmar knows: an unknown item whose name starts with an \
                         upper-case letter may change the meaning of the automaton",
                    ));
                }
                _ => self.skip_values()?,
            }
        }
        Ok(h)
    }

    /// `acc-name:`: the parity condition it names, if it names one.
    fn acc_name(&mut self) -> Result<Option<AccName>, ParseError> {
        let t = self.lex.next()?;
        if t.kind != Kind::Ident {
            return Err(self
                .lex
                .unexpected(t, "the name of an acceptance condition"));
        }
        if self.lex.slice(t) != "parity" {
            self.skip_values()?;
            return Ok(None);
        }
        let mut word = |choices: [&str; 2], what: &str| -> Result<bool, ParseError> {
            let w = self.lex.next()?;
            let s = if w.kind == Kind::Ident {
                self.lex.slice(w)
            } else {
                ""
            };
            if s == choices[0] || s == choices[1] {
                Ok(s == choices[0])
            } else {
                Err(self
                    .lex
                    .unexpected(w, format!("'{}' or '{}' ({what})", choices[0], choices[1])))
            }
        };
        let max = word(["max", "min"], "which priority decides")?;
        let even = word(["even", "odd"], "which parity wins")?;
        let n = self.lex.next()?;
        let sets = self.lex.number(n, "the number of acceptance sets")?;
        Ok(Some(AccName {
            parity: Parity { max, even, sets },
            at: t.start,
            sets_at: n.start,
        }))
    }

    /// `Acceptance:`: the number of sets and the condition, which must be a parity condition.
    fn acceptance(&mut self) -> Result<(Parity, usize), ParseError> {
        let t = self.lex.next()?;
        let sets = self.lex.number(t, "the number of acceptance sets")?;
        if sets > u32::MAX - 2 {
            return Err(self.lex.unexpected(t, "at most 4294967293 acceptance sets"));
        }
        let formula = self.lex.peek()?;
        let (nodes, root) = self.acceptance_formula(sets)?;
        let kinds = [(true, true), (true, false), (false, true), (false, false)];
        let found = kinds.into_iter().find_map(|(max, even)| {
            let p = Parity { max, even, sets };
            is_canonical(&nodes, root, p).then_some(p)
        });
        match found {
            Some(p) => Ok((p, formula.start)),
            None => Err(self.lex.error(
                formula.start,
                "a condition that is not parity",
                format!(
                    "a parity condition in the HOA format's canonical form, such as {} for \
                     'parity max even {sets}'",
                    canonical_text(Parity {
                        max: true,
                        even: true,
                        sets
                    })
                ),
            )),
        }
    }

    /// Parses an acceptance formula without recursion (parity conditions nest as deep as they
    /// have sets): `&` binds tighter than `|`, and each operator's operands are flattened.
    fn acceptance_formula(&mut self, sets: u32) -> Result<(Vec<Acc>, usize), ParseError> {
        #[derive(Clone, Copy, PartialEq)]
        enum Op {
            Open(usize),
            And,
            Or,
        }
        let mut nodes: Vec<Acc> = Vec::new();
        let mut operands: Vec<usize> = Vec::new();
        let mut ops: Vec<Op> = Vec::new();
        let reduce = |nodes: &mut Vec<Acc>, operands: &mut Vec<usize>, and: bool| {
            let b = operands.pop().expect("two operands");
            let a = operands.pop().expect("two operands");
            let mut children = Vec::new();
            for x in [a, b] {
                match &nodes[x] {
                    Acc::Op {
                        and: same,
                        children: c,
                    } if *same == and => children.extend_from_slice(c),
                    _ => children.push(x),
                }
            }
            nodes.push(Acc::Op { and, children });
            operands.push(nodes.len() - 1);
        };
        let mut expect_operand = true;
        loop {
            let t = self.lex.peek()?;
            if expect_operand {
                if t.is(b'(') {
                    self.lex.next()?;
                    ops.push(Op::Open(t.start));
                    continue;
                }
                let word = if t.kind == Kind::Ident {
                    self.lex.slice(t)
                } else {
                    ""
                };
                match word {
                    "t" | "f" => {
                        self.lex.next()?;
                        nodes.push(Acc::Const(word == "t"));
                    }
                    "Inf" | "Fin" => {
                        self.lex.next()?;
                        let open = self.lex.next()?;
                        if !open.is(b'(') {
                            return Err(self.lex.unexpected(open, format!("'(' after '{word}'")));
                        }
                        let negated = self.lex.eat(b'!')?;
                        let n = self.lex.next()?;
                        let set = self.lex.number(n, "an acceptance set number")?;
                        if set >= sets {
                            return Err(self.lex.unexpected(
                                n,
                                format!(
                                    "an acceptance set number below {sets}, the number of sets"
                                ),
                            ));
                        }
                        let close = self.lex.next()?;
                        if !close.is(b')') {
                            return Err(self.lex.unexpected(close, "')'"));
                        }
                        nodes.push(Acc::Atom {
                            inf: word == "Inf",
                            set,
                            negated,
                        });
                    }
                    _ => {
                        return Err(self.lex.unexpected(
                            t,
                            "an acceptance condition: 'Inf(n)', 'Fin(n)', 't', 'f' or '('",
                        ));
                    }
                }
                operands.push(nodes.len() - 1);
                expect_operand = false;
                continue;
            }
            if t.is(b'&') {
                self.lex.next()?;
                while ops.last() == Some(&Op::And) {
                    ops.pop();
                    reduce(&mut nodes, &mut operands, true);
                }
                ops.push(Op::And);
                expect_operand = true;
            } else if t.is(b'|') {
                self.lex.next()?;
                while let Some(&op) = ops.last() {
                    match op {
                        Op::And | Op::Or => {
                            ops.pop();
                            reduce(&mut nodes, &mut operands, op == Op::And);
                        }
                        Op::Open(_) => break,
                    }
                }
                ops.push(Op::Or);
                expect_operand = true;
            } else if t.is(b')') {
                loop {
                    match ops.pop() {
                        Some(Op::Open(_)) => break,
                        Some(op) => reduce(&mut nodes, &mut operands, op == Op::And),
                        None => {
                            return Err(self.lex.unexpected(
                                t,
                                "'&', '|' or the next header item (this ')' closes nothing)",
                            ));
                        }
                    }
                }
                self.lex.next()?;
            } else {
                break;
            }
        }
        while let Some(op) = ops.pop() {
            match op {
                Op::Open(at) => {
                    return Err(self.lex.error(
                        at,
                        "'(' without its closing ')'",
                        "')' to close it",
                    ));
                }
                op => reduce(&mut nodes, &mut operands, op == Op::And),
            }
        }
        let root = operands.pop().expect("one formula");
        Ok((nodes, root))
    }

    /// A label expression (without its brackets), in negation normal form.
    fn label(&mut self, pending_ap: &mut Option<(u32, usize)>) -> Result<Label, ParseError> {
        self.disjunction(false, 0, pending_ap)
    }

    fn join(&self, and: bool, parts: Vec<Label>, at: usize) -> Result<Label, ParseError> {
        let depth = parts.iter().map(|p| p.depth).max().unwrap_or(0) + 1;
        if depth > MAX_DEPTH {
            return Err(self.lex.error(
                at,
                "a label nested too deep",
                format!("a label with at most {MAX_DEPTH} nested '&' and '|' (aliases included)"),
            ));
        }
        Ok(Label {
            expr: Expr::join(and, parts.into_iter().map(|p| p.expr).collect()),
            depth,
        })
    }

    /// `a | b | …`; under negation, the conjunction of the negations.
    fn disjunction(
        &mut self,
        neg: bool,
        parens: u32,
        pending_ap: &mut Option<(u32, usize)>,
    ) -> Result<Label, ParseError> {
        let first = self.conjunction(neg, parens, pending_ap)?;
        let t = self.lex.peek()?;
        if !t.is(b'|') {
            return Ok(first);
        }
        let mut parts = vec![first];
        while self.lex.eat(b'|')? {
            parts.push(self.conjunction(neg, parens, pending_ap)?);
        }
        self.join(neg, parts, t.start)
    }

    /// `a & b & …`; under negation, the disjunction of the negations.
    fn conjunction(
        &mut self,
        neg: bool,
        parens: u32,
        pending_ap: &mut Option<(u32, usize)>,
    ) -> Result<Label, ParseError> {
        let first = self.literal(neg, parens, pending_ap)?;
        let t = self.lex.peek()?;
        if !t.is(b'&') {
            return Ok(first);
        }
        let mut parts = vec![first];
        while self.lex.eat(b'&')? {
            parts.push(self.literal(neg, parens, pending_ap)?);
        }
        self.join(!neg, parts, t.start)
    }

    fn literal(
        &mut self,
        mut neg: bool,
        parens: u32,
        pending_ap: &mut Option<(u32, usize)>,
    ) -> Result<Label, ParseError> {
        while self.lex.eat(b'!')? {
            neg = !neg;
        }
        let t = self.lex.next()?;
        let leaf = |expr| Ok(Label { expr, depth: 0 });
        match t.kind {
            Kind::Ident if matches!(self.lex.slice(t), "t" | "f") => {
                leaf(Expr::Const((self.lex.slice(t) == "t") != neg))
            }
            Kind::Int => {
                let ap = self.lex.number(t, "an atomic proposition number")?;
                match self.aps {
                    Some(count) if ap >= count => {
                        return Err(self.lex.unexpected(
                            t,
                            format!(
                                "an atomic proposition number below {count}, the number 'AP:' \
                                 declares"
                            ),
                        ));
                    }
                    Some(_) => {}
                    None => {
                        if pending_ap.is_none_or(|(max, _)| ap > max) {
                            *pending_ap = Some((ap, t.start));
                        }
                    }
                }
                leaf(Expr::Lit { ap, value: !neg })
            }
            Kind::Alias => {
                let name = &self.lex.slice(t)[1..];
                let Some(def) = self.aliases.get(name) else {
                    return Err(self
                        .lex
                        .unexpected(t, "an alias defined by an 'Alias:' item"));
                };
                self.copied = self.copied.saturating_add(def.size);
                if self.copied > self.copy_budget {
                    return Err(self.lex.error(
                        t.start,
                        "aliases that expand too much",
                        format!(
                            "labels whose aliases expand to at most {} operators in all (four \
                             per byte of the file)",
                            self.copy_budget
                        ),
                    ));
                }
                let expr = if neg {
                    def.negative.clone()
                } else {
                    def.positive.clone()
                };
                Ok(Label {
                    expr,
                    depth: def.depth,
                })
            }
            Kind::Punct(b'(') => {
                if parens >= MAX_PARENS {
                    return Err(self.lex.error(
                        t.start,
                        "parentheses nested too deep",
                        format!("a label with at most {MAX_PARENS} nested parentheses"),
                    ));
                }
                let inner = self.disjunction(neg, parens + 1, pending_ap)?;
                let close = self.lex.next()?;
                if !close.is(b')') {
                    return Err(self.lex.unexpected(close, "')', '&' or '|'"));
                }
                Ok(inner)
            }
            _ => Err(self.lex.unexpected(t, EXPECT_ATOM)),
        }
    }

    /// `{n …}` if it stands here: the deciding set of the sets listed.
    fn acc_sig(&mut self, parity: Parity) -> Result<Option<u32>, ParseError> {
        if !self.lex.eat(b'{')? {
            return Ok(None);
        }
        let mut decider = None;
        loop {
            let t = self.lex.next()?;
            if t.is(b'}') {
                return Ok(decider);
            }
            if t.kind != Kind::Int {
                return Err(self.lex.unexpected(t, "an acceptance set number or '}'"));
            }
            let set = self.lex.number(t, "an acceptance set number")?;
            if set >= parity.sets {
                return Err(self.lex.unexpected(
                    t,
                    format!(
                        "an acceptance set number below {}, the number of sets of 'Acceptance:'",
                        parity.sets
                    ),
                ));
            }
            decider = parity.combine(decider, Some(set));
        }
    }

    /// Checks the header and reads the body.
    fn body(&mut self, h: Header) -> Result<Automaton, ParseError> {
        let body_at = h.body_at;
        let aps = h.aps.unwrap_or(0);
        self.aps = Some(aps);
        if let Some((ap, at)) = h.pending_ap
            && ap >= aps
        {
            return Err(self.lex.error(
                at,
                format!("proposition {ap}"),
                format!("an atomic proposition number below {aps}, the number 'AP:' declares"),
            ));
        }
        let Some((parity, acceptance_at)) = h.acceptance else {
            return Err(self.lex.error(
                body_at,
                "'--BODY--'",
                "an 'Acceptance:' header item before '--BODY--'",
            ));
        };
        let Some((list, controllable_at)) = h.controllable else {
            return Err(self.lex.error(
                body_at,
                "'--BODY--'",
                "a 'controllable-AP:' header item before '--BODY--' (the propositions the \
                 controller sets, as the extended HOA format for synthesis has it)",
            ));
        };
        let mut controllable = vec![false; aps as usize];
        for (ap, at) in list {
            if ap >= aps {
                return Err(self.lex.error(
                    at,
                    format!("proposition {ap}"),
                    format!("an atomic proposition number below {aps}, the number 'AP:' declares"),
                ));
            }
            controllable[ap as usize] = true;
        }
        if let Some(name) = &h.acc_name {
            if name.parity.sets != parity.sets {
                return Err(self.lex.error(
                    name.sets_at,
                    format!("{} sets", name.parity.sets),
                    format!(
                        "{}, the number of sets of 'Acceptance:' on line {}",
                        parity.sets,
                        span_at(self.lex.text, acceptance_at).line
                    ),
                ));
            }
            // One formula may be two conditions' (Inf(0) is max even 1 and min even 1); what
            // matters is that it is the one acc-name names.
            if canonical_text(name.parity) != canonical_text(parity) {
                return Err(self.lex.error(
                    acceptance_at,
                    format!("the condition of '{}'", parity.name()),
                    format!(
                        "{}, the condition of '{}' that 'acc-name:' on line {} names",
                        canonical_text(name.parity),
                        name.parity.name(),
                        span_at(self.lex.text, name.at).line
                    ),
                ));
            }
        }
        let states = h.states;
        if let (Some((s, at)), Some(n)) = (h.start, states)
            && s >= n
        {
            return Err(self.lex.error(
                at,
                format!("state {s}"),
                format!("a state number below {n}, the number of states"),
            ));
        }
        let uncontrollable = controllable.iter().filter(|&&c| !c).count();
        if let Some(n) = states {
            check_pairs(&self.lex, n as u64, uncontrollable, controllable_at)?;
        }

        // The body.
        let mut records: Vec<StateRec> = Vec::new();
        let mut edges: Vec<EdgeRec> = Vec::new();
        let mut labels: Vec<Expr> = Vec::new();
        let mut label_at: Vec<usize> = Vec::new();
        let mut defined: HashMap<u32, usize> = HashMap::new();
        // The largest state number used, and where (when States: is absent).
        let mut largest: Option<u32> = h.start.map(|(s, _)| s);
        let check_state =
            |lex: &Lexer<'_>, s: u32, at: usize, largest: &mut Option<u32>| match states {
                Some(n) if s >= n => Err(lex.error(
                    at,
                    format!("state {s}"),
                    format!("a state number below {n}, the number 'States:' declares"),
                )),
                _ => {
                    if largest.is_none_or(|l| s > l) {
                        *largest = Some(s);
                    }
                    Ok(())
                }
            };
        let mut current: Option<Current> = None;
        loop {
            let t = self.lex.next()?;
            match t.kind {
                Kind::Header if self.lex.header_name(t) == "State" => {
                    if let Some(c) = current.take() {
                        self.finish_state(c, &mut records, &mut edges, &mut labels, &mut label_at)?;
                    }
                    let mut label = None;
                    if self.lex.eat(b'[')? {
                        let at = self.lex.peek()?.start;
                        let l = self.label(&mut None)?;
                        self.close_bracket()?;
                        labels.push(l.expr);
                        label_at.push(at);
                        label = Some(labels.len() as u32 - 1);
                    }
                    let n = self.lex.next()?;
                    let id = self.lex.number(n, "a state number")?;
                    check_state(&self.lex, id, n.start, &mut largest)?;
                    if let Some(&first) = defined.get(&id) {
                        return Err(self.lex.error(
                            n.start,
                            format!("state {id} again"),
                            format!(
                                "a state not defined yet ({id} is defined on line {})",
                                span_at(self.lex.text, first).line
                            ),
                        ));
                    }
                    defined.insert(id, n.start);
                    if self.lex.peek()?.kind == Kind::Str {
                        self.lex.next()?;
                    }
                    let set = self.acc_sig(parity)?;
                    current = Some(Current {
                        id,
                        at: t.start,
                        label,
                        set,
                        first_edge: edges.len(),
                        labelled: None,
                        unlabelled: None,
                    });
                }
                Kind::Punct(b'[') | Kind::Int => {
                    let Some(c) = current.as_mut() else {
                        return Err(self.lex.unexpected(t, "'State:' before the first edge"));
                    };
                    let label = if t.kind == Kind::Int {
                        c.unlabelled.get_or_insert(t.start);
                        self.lex.peeked = Some(t);
                        c.label.unwrap_or(u32::MAX)
                    } else {
                        if c.label.is_some() {
                            return Err(self.lex.unexpected(
                                t,
                                format!(
                                    "an edge without a label (state {} has a state label)",
                                    c.id
                                ),
                            ));
                        }
                        c.labelled.get_or_insert(t.start);
                        let at = self.lex.peek()?.start;
                        let l = self.label(&mut None)?;
                        self.close_bracket()?;
                        labels.push(l.expr);
                        label_at.push(at);
                        labels.len() as u32 - 1
                    };
                    let n = self.lex.next()?;
                    let target = self.lex.number(n, "the number of the target state")?;
                    check_state(&self.lex, target, n.start, &mut largest)?;
                    let amp = self.lex.peek()?;
                    if amp.is(b'&') {
                        return Err(self.lex.unexpected(
                            amp,
                            "one target state (kalmar reads automata without universal \
                             branching)",
                        ));
                    }
                    let set = self.acc_sig(parity)?;
                    edges.push(EdgeRec {
                        label,
                        target,
                        set: parity.combine(c.set, set),
                    });
                }
                Kind::End => break,
                Kind::Abort => {
                    return Err(self.lex.unexpected(
                        t,
                        "'--END--' (the automaton was aborted by the tool that wrote it)",
                    ));
                }
                _ => {
                    let expected = if current.is_some() {
                        "an edge ('[label] state'), 'State:' or '--END--'"
                    } else {
                        "'State:' or '--END--'"
                    };
                    return Err(self.lex.unexpected(t, expected));
                }
            }
        }
        if let Some(c) = current.take() {
            self.finish_state(c, &mut records, &mut edges, &mut labels, &mut label_at)?;
        }
        let after = self.lex.next()?;
        if after.kind != Kind::Eof {
            return Err(self.lex.unexpected(
                after,
                "end of input after '--END--' (kalmar reads one automaton per file)",
            ));
        }
        let n = match states {
            Some(n) => n,
            None => {
                let n = largest.map_or(0, |l| u64::from(l) + 1);
                check_pairs(&self.lex, n, uncontrollable, controllable_at)?;
                n as u32
            }
        };
        Ok(Automaton {
            states: n,
            start: h.start.map(|(s, _)| s),
            aps,
            controllable,
            controllable_at,
            parity,
            records,
            edges,
            labels,
            label_at,
        })
    }

    fn close_bracket(&mut self) -> Result<(), ParseError> {
        let t = self.lex.next()?;
        if t.is(b']') {
            Ok(())
        } else {
            Err(self.lex.unexpected(t, "']', '&' or '|'"))
        }
    }

    /// Ends the edges of a state: resolves implicit labels.
    fn finish_state(
        &self,
        c: Current,
        records: &mut Vec<StateRec>,
        edges: &mut [EdgeRec],
        labels: &mut Vec<Expr>,
        label_at: &mut Vec<usize>,
    ) -> Result<(), ParseError> {
        let range = c.first_edge..edges.len();
        if c.label.is_none()
            && let Some(unlabelled) = c.unlabelled
        {
            if let Some(labelled) = c.labelled {
                let at = unlabelled.max(labelled);
                let found = if at == unlabelled {
                    "an edge without a label"
                } else {
                    "an edge with a label"
                };
                return Err(self.lex.error(
                    at,
                    found,
                    format!(
                        "edges of state {} all with labels, or all without (implicit labels)",
                        c.id
                    ),
                ));
            }
            let aps = self.aps.unwrap_or(0);
            let count = range.len() as u64;
            if aps >= 32 || count != 1u64 << aps {
                return Err(self.lex.error(
                    c.at,
                    format!("{count} edges without labels"),
                    format!(
                        "2^{aps} edges, one per valuation, for state {} with implicit labels",
                        c.id
                    ),
                ));
            }
            // The implicit label of edge i: the valuation i, proposition 0 its lowest bit.
            for (i, edge) in edges[range.clone()].iter_mut().enumerate() {
                let cube = (0..aps)
                    .map(|ap| Expr::Lit {
                        ap,
                        value: (i >> ap) & 1 == 1,
                    })
                    .collect();
                labels.push(Expr::join(true, cube));
                label_at.push(unlabelled);
                edge.label = labels.len() as u32 - 1;
            }
        }
        records.push(StateRec {
            id: c.id,
            at: c.at,
            edges: range,
        });
        Ok(())
    }
}

/// The state whose edges are being read.
struct Current {
    id: u32,
    at: usize,
    label: Option<u32>,
    set: Option<u32>,
    first_edge: usize,
    /// Where the first edge with a label, and the first without, stand.
    labelled: Option<usize>,
    unlabelled: Option<usize>,
}

/// Refuses games with more than [`MAX_PAIRS`] state–valuation pairs.
fn check_pairs(
    lex: &Lexer<'_>,
    states: u64,
    uncontrollable: usize,
    at: usize,
) -> Result<(), ParseError> {
    let pairs = if uncontrollable >= 63 {
        None
    } else {
        states.checked_mul(1u64 << uncontrollable)
    };
    if pairs.is_some_and(|p| p <= MAX_PAIRS) {
        return Ok(());
    }
    Err(lex.error(
        at,
        format!("{states} states × 2^{uncontrollable} valuations"),
        format!(
            "at most {MAX_PAIRS} (2^22) pairs of a state and a valuation of the environment's \
             {uncontrollable} propositions, the most kalmar expands into an explicit game"
        ),
    ))
}

/// A node of an acceptance formula.
enum Acc {
    Const(bool),
    Atom { inf: bool, set: u32, negated: bool },
    Op { and: bool, children: Vec<usize> },
}

/// Whether the formula at `root` is the HOA format's canonical formula of `p`, up to the order
/// of operands: for `max`, set `k-1` decides first (`Inf(k-1) | …` if it is good for the
/// controller, `Fin(k-1) & …` otherwise), then `k-2`, down to set 0; for `min`, set 0 first.
fn is_canonical(nodes: &[Acc], root: usize, p: Parity) -> bool {
    if p.sets == 0 {
        // No sets: a run sees the imaginary set -1 (max) or 0 (min).
        let accepting = if p.max { !p.even } else { p.even };
        return matches!(nodes[root], Acc::Const(b) if b == accepting);
    }
    let is_atom = |x: usize, set: u32| {
        let good = set.is_multiple_of(2) == p.even;
        matches!(nodes[x], Acc::Atom { inf, set: s, negated: false } if inf == good && s == set)
    };
    let mut node = root;
    for step in 0..p.sets {
        let set = if p.max { p.sets - 1 - step } else { step };
        if step == p.sets - 1 {
            return is_atom(node, set);
        }
        let good = set.is_multiple_of(2) == p.even;
        let Acc::Op { and, children } = &nodes[node] else {
            return false;
        };
        if *and == good || children.len() != 2 {
            return false;
        }
        node = match (is_atom(children[0], set), is_atom(children[1], set)) {
            (true, _) => children[1],
            (_, true) => children[0],
            _ => return false,
        };
    }
    false
}

/// The canonical formula of `p`, cut short after three sets when it has more than four.
fn canonical_text(p: Parity) -> String {
    if p.sets == 0 {
        let accepting = if p.max { !p.even } else { p.even };
        return if accepting { "'t'" } else { "'f'" }.to_string();
    }
    let shown = if p.sets > 4 { 3 } else { p.sets };
    let mut out = String::from("'");
    let mut open = 0;
    for step in 0..shown {
        let set = if p.max { p.sets - 1 - step } else { step };
        let good = set.is_multiple_of(2) == p.even;
        let _ = write!(out, "{}({set})", if good { "Inf" } else { "Fin" });
        if step + 1 < p.sets {
            out.push_str(if good { " | " } else { " & " });
            if step + 2 < p.sets {
                out.push('(');
                open += 1;
            }
        }
    }
    if shown < p.sets {
        out.push('…');
    }
    for _ in 0..open {
        out.push(')');
    }
    out.push('\'');
    out
}

// ---------------------------------------------------------------------------------------------
// Projecting labels onto the environment's valuations

/// Evaluates labels for a window of valuations of the uncontrollable propositions at once: bit
/// `v` of a result says whether some valuation of the controllable propositions makes the label
/// true together with valuation `first + v` (proposition `uncontrollable[j]` is bit `j` of a
/// valuation), where `first` is 64 times the window's first word.
struct Projector<'a> {
    /// Per proposition: its bit among the uncontrollable ones, or None if controllable.
    position: &'a [Option<u32>],
    /// The words of all valuations, and the window evaluated.
    words: usize,
    window: Range<usize>,
    /// The valid bits of the last word (of fewer than 64 valuations).
    mask: u64,
    /// Case splits and label nodes they copied, for the label being projected.
    splits: u32,
    copied: usize,
}

/// The most label nodes the case splits of one label may copy.
const MAX_SPLIT_COPIES: usize = 1 << 22;

/// How many words of valuations are evaluated at once (4096 valuations), which bounds the
/// memory a state with many edges takes.
const WINDOW: usize = 64;

/// The bits of the valuations in which the proposition at position `p < 6` is true.
const PATTERN: [u64; 6] = [
    0xAAAA_AAAA_AAAA_AAAA,
    0xCCCC_CCCC_CCCC_CCCC,
    0xF0F0_F0F0_F0F0_F0F0,
    0xFF00_FF00_FF00_FF00,
    0xFFFF_0000_FFFF_0000,
    0xFFFF_FFFF_0000_0000,
];

/// A label needs more case splits than [`MAX_SPLITS`].
struct TooComplex;

impl<'a> Projector<'a> {
    fn new(position: &'a [Option<u32>], k: usize) -> Self {
        let bits = 1usize << k;
        let words = bits.div_ceil(64);
        Projector {
            position,
            words,
            window: 0..words,
            mask: if bits >= 64 { !0 } else { (1u64 << bits) - 1 },
            splits: 0,
            copied: 0,
        }
    }

    fn filled(&self, value: bool) -> Vec<u64> {
        vec![if value { !0 } else { 0 }; self.window.len()]
    }

    /// Word `i` of the window of valuations in which proposition `ap` has `value` (all of them
    /// if it is controllable: the controller can give it either value).
    fn literal_word(&self, ap: u32, value: bool, i: usize) -> u64 {
        let Some(p) = self.position[ap as usize] else {
            return !0;
        };
        let i = self.window.start + i;
        let w = if p < 6 {
            PATTERN[p as usize]
        } else if (i >> (p - 6)) & 1 == 1 {
            !0
        } else {
            0
        };
        if value { w } else { !w }
    }

    fn project(&mut self, e: &Expr) -> Result<Vec<u64>, TooComplex> {
        self.splits = 0;
        self.copied = 0;
        let mut bits = self.proj(e)?;
        if self.words == 1
            && let Some(last) = bits.last_mut()
        {
            *last &= self.mask;
        }
        Ok(bits)
    }

    fn proj(&mut self, e: &Expr) -> Result<Vec<u64>, TooComplex> {
        match e {
            Expr::Const(b) => Ok(self.filled(*b)),
            Expr::Lit { ap, value } => Ok((0..self.words)
                .map(|i| self.literal_word(*ap, *value, i))
                .collect()),
            Expr::Or(children) => {
                let mut acc = self.filled(false);
                for c in children {
                    if let Expr::Lit { ap, value } = c {
                        for (i, w) in acc.iter_mut().enumerate() {
                            *w |= self.literal_word(*ap, *value, i);
                        }
                    } else {
                        let r = self.proj(c)?;
                        acc.iter_mut().zip(r).for_each(|(a, b)| *a |= b);
                    }
                }
                Ok(acc)
            }
            Expr::And(children) => self.conj(children),
        }
    }

    /// A conjunction: parts that share no controllable proposition are projected one by one;
    /// parts tied by shared ones are split on the most shared.
    fn conj(&mut self, children: &[Expr]) -> Result<Vec<u64>, TooComplex> {
        let mut acc = self.filled(true);
        // (controllable proposition, child) pairs.
        let mut occurs: Vec<(u32, u32)> = Vec::new();
        let mut vars = Vec::new();
        for (i, c) in children.iter().enumerate() {
            vars.clear();
            c.controllable(self.position, &mut vars);
            vars.sort_unstable();
            vars.dedup();
            occurs.extend(vars.iter().map(|&v| (v, i as u32)));
        }
        // Children tied by a common controllable proposition form a group (union-find).
        let mut parent: Vec<u32> = (0..children.len() as u32).collect();
        fn root(parent: &mut [u32], mut x: u32) -> u32 {
            while parent[x as usize] != x {
                parent[x as usize] = parent[parent[x as usize] as usize];
                x = parent[x as usize];
            }
            x
        }
        occurs.sort_unstable();
        for w in occurs.windows(2) {
            if w[0].0 == w[1].0 {
                let (a, b) = (root(&mut parent, w[0].1), root(&mut parent, w[1].1));
                parent[a.max(b) as usize] = a.min(b);
            }
        }
        let group_of: Vec<u32> = (0..children.len() as u32)
            .map(|i| root(&mut parent, i))
            .collect();
        // The children in order of their group (a group's root is its first child).
        let mut order: Vec<u32> = (0..children.len() as u32).collect();
        order.sort_by_key(|&i| group_of[i as usize]);
        let mut from = 0;
        while from < order.len() {
            let g = group_of[order[from] as usize];
            let len = order[from..]
                .iter()
                .take_while(|&&j| group_of[j as usize] == g)
                .count();
            let members = &order[from..from + len];
            from += len;
            let r = if members.len() == 1 {
                match &children[members[0] as usize] {
                    Expr::Lit { ap, value } => {
                        for (k, w) in acc.iter_mut().enumerate() {
                            *w &= self.literal_word(*ap, *value, k);
                        }
                        continue;
                    }
                    c => self.proj(c)?,
                }
            } else {
                // The controllable proposition shared by the most members.
                let mut best = (0usize, 0u32);
                let mut k = 0;
                while k < occurs.len() {
                    let v = occurs[k].0;
                    let run = occurs[k..].iter().take_while(|o| o.0 == v).count();
                    if group_of[occurs[k].1 as usize] == g && run > best.0 {
                        best = (run, v);
                    }
                    k += run;
                }
                let part = Expr::And(
                    members
                        .iter()
                        .map(|&j| children[j as usize].clone())
                        .collect(),
                );
                self.splits += 1;
                self.copied += 2 * part.size();
                if self.splits > MAX_SPLITS || self.copied > MAX_SPLIT_COPIES {
                    return Err(TooComplex);
                }
                let mut r = self.proj(&part.assign(best.1, false))?;
                let r1 = self.proj(&part.assign(best.1, true))?;
                r.iter_mut().zip(r1).for_each(|(a, b)| *a |= b);
                r
            };
            acc.iter_mut().zip(r).for_each(|(a, b)| *a &= b);
            if acc.iter().all(|&w| w == 0) {
                break;
            }
        }
        Ok(acc)
    }
}

// ---------------------------------------------------------------------------------------------
// The game

fn expand(lex: &Lexer<'_>, aut: &Automaton) -> Result<GameGraph, ParseError> {
    let n = aut.states as usize;
    let mut position: Vec<Option<u32>> = vec![None; aut.aps as usize];
    let mut uncontrollable: Vec<u32> = Vec::new();
    for ap in 0..aut.aps {
        if !aut.controllable[ap as usize] {
            position[ap as usize] = Some(uncontrollable.len() as u32);
            uncontrollable.push(ap);
        }
    }
    let k = uncontrollable.len();
    // check_pairs has bounded n·2^k.
    let valuations = 1usize << k;
    let pairs = n * valuations;
    let shift = if aut.parity.max && aut.parity.even && aut.edges.iter().any(|e| e.set.is_none()) {
        2
    } else {
        0
    };
    let mut record_of: Vec<u32> = vec![u32::MAX; n];
    for (i, r) in aut.records.iter().enumerate() {
        record_of[r.id as usize] = i as u32;
    }
    let too_many_moves = |at: usize| {
        lex.error(
            at,
            format!("more than {MAX_MOVES} moves"),
            format!(
                "a game of at most {MAX_MOVES} (2^24) moves, the most kalmar expands into an \
                 explicit game"
            ),
        )
    };
    let edge_base = n + pairs;
    let mut projector = Projector::new(&position, k);
    let mut state_priority = vec![0u32; n];
    // Per edge vertex: its state, edge number, target and priority.
    let mut edge_vertices: Vec<(u32, u32, u32, u32)> = Vec::new();
    // The moves of the valuation vertices, in order.
    let mut succ: Vec<u32> = Vec::new();
    let mut succ_end: Vec<u32> = Vec::with_capacity(pairs);
    let mut bits: Vec<Vec<u64>> = Vec::new();
    let mut bit_of: Vec<usize> = Vec::new();
    for s in 0..n {
        let record = aut.records.get(record_of[s] as usize);
        let edges = record.map_or(&[][..], |r| &aut.edges[r.edges.clone()]);
        let at = record.map_or(aut.controllable_at, |r| r.at);
        let priority = |e: &EdgeRec| aut.parity.priority(e.set, shift);
        let uniform = edges
            .first()
            .is_none_or(|e0| edges.iter().all(|e| priority(e) == priority(e0)));
        let first_vertex = edge_base + edge_vertices.len();
        if uniform {
            if let Some(e0) = edges.first() {
                state_priority[s] = priority(e0);
            }
        } else {
            for (i, e) in edges.iter().enumerate() {
                edge_vertices.push((s as u32, i as u32, e.target, priority(e)));
            }
        }
        // The labels are projected for a window of valuations at a time; a state label is
        // shared by all its edges.
        for window in (0..projector.words).step_by(WINDOW) {
            projector.window = window..(window + WINDOW).min(projector.words);
            bits.clear();
            bit_of.clear();
            let mut last_label = u32::MAX;
            for e in edges {
                if e.label != last_label {
                    let label = e.label as usize;
                    let b = projector.project(&aut.labels[label]).map_err(|_| {
                        lex.error(
                            aut.label_at[label],
                            "a label too complex to expand",
                            format!(
                                "a label that takes at most {MAX_SPLITS} case splits on the \
                                 controller's propositions to evaluate"
                            ),
                        )
                    })?;
                    bits.push(b);
                    last_label = e.label;
                }
                bit_of.push(bits.len() - 1);
            }
            let first_valuation = window * 64;
            let last_valuation = (projector.window.end * 64).min(valuations);
            for v in first_valuation..last_valuation {
                let (word, bit) = ((v - first_valuation) >> 6, v & 63);
                let start = succ.len();
                for (i, e) in edges.iter().enumerate() {
                    if (bits[bit_of[i]][word] >> bit) & 1 == 1 {
                        succ.push(if uniform {
                            e.target
                        } else {
                            (first_vertex + i) as u32
                        });
                    }
                }
                if uniform && succ.len() - start > 1 {
                    succ[start..].sort_unstable();
                    let mut w = start + 1;
                    for r in start + 1..succ.len() {
                        if succ[r] != succ[w - 1] {
                            succ[w] = succ[r];
                            w += 1;
                        }
                    }
                    succ.truncate(w);
                }
                if (pairs + succ.len()) as u64 > MAX_MOVES {
                    return Err(too_many_moves(at));
                }
                succ_end.push(succ.len() as u32);
            }
        }
    }
    let vertices = edge_base + edge_vertices.len();
    let moves = pairs + succ.len() + edge_vertices.len();
    if moves as u64 > MAX_MOVES {
        return Err(too_many_moves(aut.controllable_at));
    }
    if vertices >= Vertex::LIMIT {
        return Err(lex.error(
            aut.controllable_at,
            format!("a game of {vertices} vertices"),
            format!("at most {} vertices", Vertex::LIMIT - 1),
        ));
    }

    let mut b = Builder::new(2);
    b.reserve(vertices, moves);
    let mut priority = Vec::with_capacity(vertices);
    let mut payoff = Vec::with_capacity(vertices);
    for &p in &state_priority {
        b.add_vertex(Owner::Player(Player(1)));
        priority.push(p);
        payoff.push(Vec::new());
    }
    // The names of the valuation vertices: the state, then the valuation (shared by all states).
    let valuation_text = |v: usize| {
        let mut text = String::from(" [");
        if k == 0 {
            text.push('t');
        }
        for (j, ap) in uncontrollable.iter().enumerate() {
            if j > 0 {
                text.push('&');
            }
            if (v >> j) & 1 == 0 {
                text.push('!');
            }
            let _ = write!(text, "{ap}");
        }
        text.push(']');
        text
    };
    let cached: Vec<String> = if valuations <= 1 << 12 {
        (0..valuations).map(valuation_text).collect()
    } else {
        Vec::new()
    };
    let mut end_before = 0u32;
    for s in 0..n {
        let state = s.to_string();
        for v in 0..valuations {
            let end = succ_end[s * valuations + v];
            let dead = end == end_before;
            end_before = end;
            let x = b.add_vertex(if dead {
                Owner::Terminal
            } else {
                Owner::Player(Player(0))
            });
            let computed;
            let suffix = match cached.get(v) {
                Some(text) => text,
                None => {
                    computed = valuation_text(v);
                    &computed
                }
            };
            let mut name = String::with_capacity(state.len() + suffix.len());
            name.push_str(&state);
            name.push_str(suffix);
            b.set_name(x, name);
            priority.push(0);
            payoff.push(if dead {
                vec![Rational::from(-1)]
            } else {
                Vec::new()
            });
        }
    }
    for &(s, i, target, p) in &edge_vertices {
        let x = b.add_vertex(Owner::Player(Player(0)));
        b.set_name(x, format!("{s} e{i} -> {target}"));
        priority.push(p);
        payoff.push(Vec::new());
    }
    for s in 0..n {
        for v in 0..valuations {
            b.add_edge(Vertex::new(s), Vertex::new(n + s * valuations + v));
        }
    }
    let mut from = 0usize;
    for (pair, &end) in succ_end.iter().enumerate() {
        for &w in &succ[from..end as usize] {
            b.add_edge(Vertex::new(n + pair), Vertex::new(w as usize));
        }
        from = end as usize;
    }
    for (i, &(_, _, target, _)) in edge_vertices.iter().enumerate() {
        b.add_edge(Vertex::new(edge_base + i), Vertex::new(target as usize));
    }
    if let Some(s) = aut.start {
        b.set_start(Vertex::new(s as usize));
    }
    let arena = b.build().map_err(|e| {
        ParseError::new(
            Span { line: 1, column: 1 },
            e.to_string(),
            "a well-formed game",
        )
    })?;
    Ok(GameGraph {
        arena,
        payoff,
        reward: None,
        // The empty game carries no labels (see `GameGraph::validate`).
        priority: (vertices > 0).then_some(priority),
        discount: None,
        observation: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Format;
    use crate::{self as parity, ParityGame, Stats};
    use kalmar_core::Certificate;
    use std::path::Path;

    /// The winner of the start vertex, by Zielonka's algorithm after preprocessing, certified.
    fn start_winner(g: &GameGraph) -> Player {
        let game = ParityGame::from_graph(g, false).unwrap();
        let solution = parity::preprocess::solve(&game, &mut Stats::default(), parity::zlk::solve);
        solution.verify(&game).unwrap();
        solution.winner[g.arena.start().unwrap().index()]
    }

    fn names(g: &GameGraph) -> Vec<String> {
        g.arena
            .vertices()
            .map(|v| g.arena.name(v).into_owned())
            .collect()
    }

    fn err(text: &str) -> ParseError {
        match read_hoa(text) {
            Ok(_) => panic!("read without error:\n{text}"),
            Err(e) => e,
        }
    }

    fn at(e: &ParseError) -> (u32, u32) {
        (e.span().line, e.span().column)
    }

    /// `G(r <-> g)` with r the environment's and g the controller's: state 0 is good (set 0),
    /// state 1 a rejecting sink.
    const COPY: &str = "HOA: v1\nStates: 2\nStart: 0\nAP: 2 \"r\" \"g\"\ncontrollable-AP: 1\n\
                        acc-name: Buchi\nAcceptance: 1 Inf(0)\n--BODY--\nState: 0\n\
                        [0&1 | !0&!1] 0 {0}\n[0&!1 | !0&1] 1\nState: 1\n[t] 1\n--END--\n";

    #[test]
    fn the_controller_answers_the_environment_in_the_same_step() {
        let g = read_hoa(COPY).unwrap();
        g.validate().unwrap();
        assert_eq!(
            names(&g),
            [
                "0",
                "1",
                "0 [!0]",
                "0 [0]",
                "1 [!0]",
                "1 [0]",
                "0 e0 -> 0",
                "0 e1 -> 1"
            ]
        );
        let a = &g.arena;
        assert_eq!(a.start(), Some(Vertex(0)));
        assert_eq!(a.owner(Vertex(0)), Owner::Player(Player(1)));
        assert_eq!(a.owner(Vertex(2)), Owner::Player(Player(0)));
        assert_eq!(a.successors(Vertex(0)), &[Vertex(2), Vertex(3)]);
        // Whatever r is, g can match it (edge 0) or not (edge 1).
        assert_eq!(a.successors(Vertex(2)), &[Vertex(6), Vertex(7)]);
        assert_eq!(a.successors(Vertex(3)), &[Vertex(6), Vertex(7)]);
        // State 1's edges all have one priority, so state 1 carries it.
        assert_eq!(a.successors(Vertex(4)), &[Vertex(1)]);
        assert_eq!(a.successors(Vertex(6)), &[Vertex(0)]);
        // Buchi with an edge in no set: set 0 is priority 2, no set priority 1.
        assert_eq!(g.priority, Some(vec![0, 1, 0, 0, 0, 0, 2, 1]));
        // A Mealy controller copies r into g: realizable (a Moore one could not).
        assert_eq!(start_winner(&g), Player(0));
    }

    #[test]
    fn the_controller_cannot_see_the_next_input() {
        // g now must announce the next r: G(g -> X r) & G(!g -> X !r).
        let text = "HOA: v1\nStates: 4\nStart: 0\nAP: 2 \"r\" \"g\"\ncontrollable-AP: 1\n\
                    acc-name: Buchi\nAcceptance: 1 Inf(0)\n--BODY--\n\
                    State: 0\n[1] 1 {0}\n[!1] 2 {0}\n\
                    State: 1\n[0&1] 1 {0}\n[0&!1] 2 {0}\n[!0] 3\n\
                    State: 2\n[!0&1] 1 {0}\n[!0&!1] 2 {0}\n[0] 3\n\
                    State: 3\n[t] 3\n--END--\n";
        assert_eq!(start_winner(&read_hoa(text).unwrap()), Player(1));
    }

    #[test]
    fn a_valuation_without_an_edge_loses_for_the_controller() {
        let head = "HOA: v1\nStates: 1\nStart: 0\nAP: 2 \"r\" \"g\"\ncontrollable-AP: 1\n\
                    Acceptance: 1 Inf(0)\n--BODY--\nState: 0\n";
        // The controller keeps g up: every r has an edge.
        let g = read_hoa(&format!("{head}[1] 0 {{0}}\n--END--\n")).unwrap();
        assert!(!g.arena.vertices().any(|v| g.arena.is_terminal(v)));
        assert_eq!(start_winner(&g), Player(0));
        // Without r there is no edge: the automaton has no run, and the controller is stuck.
        let g = read_hoa(&format!("{head}[0 & 1] 0 {{0}}\n--END--\n")).unwrap();
        let stuck = g.arena.name_index()["0 [!0]"];
        assert!(g.arena.is_terminal(stuck));
        assert_eq!(g.payoff[stuck.index()], vec![Rational::from(-1)]);
        assert_eq!(start_winner(&g), Player(1));
    }

    #[test]
    fn every_parity_condition_maps_to_max_parity_with_the_controller_even() {
        // One state, two self-loops the controller chooses between with g: sets a and b.
        let game = |acceptance: &str, name: &str, a: u32, b: u32, controllable: &str| {
            let text = format!(
                "HOA: v1\nStart: 0\nAP: 2 \"r\" \"g\"\ncontrollable-AP: {controllable}\n\
                 acc-name: {name}\nAcceptance: {acceptance}\n--BODY--\nState: 0\n\
                 [!1] 0 {{{a}}}\n[1] 0 {{{b}}}\n--END--\n"
            );
            read_hoa(&text).unwrap()
        };
        let cases = [
            // (condition, acc-name, set of edge 0, set of edge 1, their priorities)
            (
                "3 Inf(2) | (Fin(1) & Inf(0))",
                "parity max even 3",
                0,
                1,
                [0, 1],
            ),
            ("2 Inf(1) | Fin(0)", "parity max odd 2", 0, 1, [1, 2]),
            ("2 Inf(0) | Fin(1)", "parity min even 2", 0, 1, [2, 1]),
            (
                "3 Fin(0) & (Inf(1) | Fin(2))",
                "parity min odd 3",
                0,
                1,
                [3, 2],
            ),
            (
                "3 Fin(0) & (Inf(1) | Fin(2))",
                "parity min odd 3",
                2,
                1,
                [1, 2],
            ),
        ];
        for (acceptance, name, a, b, priorities) in cases {
            let g = game(acceptance, name, a, b, "1");
            let p = g.priority.as_ref().unwrap();
            assert_eq!(p[p.len() - 2..], priorities, "{name}");
            // One of the two edges is accepting: the controller takes it.
            assert_eq!(start_winner(&g), Player(0), "{name}");
            // If the environment chose (g uncontrollable), it would take the other.
            assert_eq!(start_winner(&game(acceptance, name, a, b, "")), Player(1));
        }
        // No sets at all: t accepts every run, f none.
        for (acceptance, winner) in [("0 t", Player(0)), ("0 f", Player(1))] {
            let text = format!(
                "HOA: v1\nStart: 0\nAP: 0\ncontrollable-AP:\nAcceptance: {acceptance}\n\
                 --BODY--\nState: 0\n[t] 0\n--END--\n"
            );
            assert_eq!(start_winner(&read_hoa(&text).unwrap()), winner);
        }
    }

    #[test]
    fn nondeterminism_is_resolved_by_the_controller() {
        let text = "HOA: v1\nStates: 3\nStart: 0\nAP: 0\ncontrollable-AP:\n\
                    Acceptance: 1 Inf(0)\n--BODY--\nState: 0\n[t] 1\n[t] 2\n\
                    State: 1 {0}\n[t] 1\nState: 2\n[t] 2\n--END--\n";
        let g = read_hoa(text).unwrap();
        let idx = g.arena.name_index();
        assert_eq!(g.arena.successors(idx["0 [t]"]), &[Vertex(1), Vertex(2)]);
        assert_eq!(start_winner(&g), Player(0));
    }

    #[test]
    fn implicit_labels_state_labels_and_aliases() {
        // The HOA format's example of implicit labels; its Rabin condition is parity min odd 2.
        let text = "HOA: v1\nStates: 3\nStart: 0\nacc-name: Rabin 1\n\
                    Acceptance: 2 (Fin(0) & Inf(1))\nAP: 2 \"a\" \"b\"\ncontrollable-AP: 1\n\
                    --BODY--\nState: 0 \"a U b\" { 0 }\n  2  /* !a  & !b */\n  0  /*  a  & !b */\n\
                    \x20 1  /* !a  &  b */\n  1  /*  a  &  b */\nState: 1 { 1 }\n\
                    \x20 1 1 1 1       /* four transitions on one line */\n\
                    State: 2 \"sink state\" { 0 }\n  2 2 2 2\n--END--\n";
        let g = read_hoa(text).unwrap();
        let idx = g.arena.name_index();
        // Without a: b leads to 1, !b to 2; with a: b to 1, !b stays.
        assert_eq!(g.arena.successors(idx["0 [!0]"]), &[Vertex(1), Vertex(2)]);
        assert_eq!(g.arena.successors(idx["0 [0]"]), &[Vertex(0), Vertex(1)]);
        // min odd 2 (K = 3): set 0 is 3, set 1 is 2; states carry them.
        assert_eq!(&g.priority.as_ref().unwrap()[..3], &[3, 2, 3]);
        assert_eq!(start_winner(&g), Player(0));

        // A state label is the label of all its edges; aliases may use earlier aliases.
        let text = "HOA: v1\nStart: 0\nAP: 3 \"a\" \"b\" \"c\"\ncontrollable-AP: 1 2\n\
                    Alias: @a 0\nAlias: @bc 1 & 2\nAlias: @x !@a | @bc\n\
                    Acceptance: 1 Inf(0)\n--BODY--\nState: [!@x] 0 {0}\n0 1\n\
                    State: 1\n[t] 1\n--END--\n";
        let g = read_hoa(text).unwrap();
        let idx = g.arena.name_index();
        // !@x = a & !(b & c): false without a, a choice of the controller with a.
        assert!(g.arena.is_terminal(idx["0 [!0]"]));
        assert_eq!(g.arena.successors(idx["0 [0]"]), &[Vertex(0), Vertex(1)]);
        assert_eq!(start_winner(&g), Player(1));
    }

    #[test]
    fn projection_is_exact() {
        // Labels that a three-valued evaluation gets wrong: g & !g is false, (g | r) & (!g | r)
        // is r, (g | r) & (!g | !r) is true for every r.
        let text = "HOA: v1\nStates: 1\nStart: 0\nAP: 2 \"r\" \"g\"\ncontrollable-AP: 1\n\
                    Acceptance: 1 Inf(0)\n--BODY--\nState: 0\n[1 & !1] 0 {0}\n\
                    [(1 | 0) & (!1 | 0)] 0 {0}\n[(1 | 0) & (!1 | !0)] 0\n--END--\n";
        let g = read_hoa(text).unwrap();
        let idx = g.arena.name_index();
        let e = |i: usize| idx[&format!("0 e{i} -> 0")];
        assert_eq!(g.arena.successors(idx["0 [!0]"]), &[e(2)]);
        assert_eq!(g.arena.successors(idx["0 [0]"]), &[e(1), e(2)]);
        // Many controllable propositions, few of the environment's.
        let aps: Vec<String> = (0..40).map(|i| format!("\"p{i}\"")).collect();
        let controllable: Vec<String> = (1..40).map(|i| i.to_string()).collect();
        let cube: Vec<String> = (1..40).map(|i| format!("{}", i)).collect();
        let text = format!(
            "HOA: v1\nStart: 0\nAP: 40 {}\ncontrollable-AP: {}\nAcceptance: 1 Inf(0)\n\
             --BODY--\nState: 0\n[0 & {}] 0 {{0}}\n--END--\n",
            aps.join(" "),
            controllable.join(" "),
            cube.join(" & ")
        );
        let g = read_hoa(&text).unwrap();
        assert_eq!(g.arena.num_vertices(), 3);
        assert!(g.arena.is_terminal(g.arena.name_index()["0 [!0]"]));
        // 13 propositions of the environment: 8192 valuations, evaluated 4096 at a time.
        let aps: Vec<String> = (0..14).map(|i| format!("\"p{i}\"")).collect();
        let text = format!(
            "HOA: v1\nStart: 0\nAP: 14 {}\ncontrollable-AP: 13\nAcceptance: 1 Inf(0)\n\
             --BODY--\nState: 0\n[12 & 0 & 13] 0 {{0}}\n[!12 | !0] 0\n--END--\n",
            aps.join(" ")
        );
        let g = read_hoa(&text).unwrap();
        assert_eq!(g.arena.num_vertices(), 1 + 8192 + 2);
        let valuation = |v: usize| {
            let lits: Vec<String> = (0..13)
                .map(|j| format!("{}{j}", if (v >> j) & 1 == 1 { "" } else { "!" }))
                .collect();
            g.arena.name_index()[&format!("0 [{}]", lits.join("&"))]
        };
        let (good, bad) = (Vertex(8193), Vertex(8194));
        // Edge 0 needs p12 and p0 (and the controller's p13), edge 1 lacks one of them.
        assert_eq!(g.arena.successors(valuation(4097)), &[good]);
        assert_eq!(g.arena.successors(valuation(4096)), &[bad]);
        assert_eq!(g.arena.successors(valuation(1)), &[bad]);
        assert_eq!(g.arena.successors(valuation(8191)), &[good]);
    }

    #[test]
    fn acceptance_formulas_in_any_operand_order() {
        let text = |acc: &str| {
            format!(
                "HOA: v1\nStart: 0\nAP: 0\ncontrollable-AP:\nacc-name: parity max even 3\n\
                 Acceptance: 3 {acc}\n--BODY--\nState: 0\n[t] 0 {{1}}\n--END--\n"
            )
        };
        for acc in [
            "Inf(2) | (Fin(1) & Inf(0))",
            "(Fin(1) & Inf(0)) | Inf(2)",
            "Inf(2) | Inf(0) & Fin(1)",
            "((Inf(2)) | ((Fin(1)) & (Inf(0))))",
            "Inf(2)|(Fin(1)&Inf(0))",
        ] {
            let g = read_hoa(&text(acc)).unwrap_or_else(|e| panic!("{acc}: {e}"));
            assert_eq!(start_winner(&g), Player(1), "{acc}");
        }
        for acc in [
            "Inf(2) & (Fin(1) | Inf(0))",
            "Inf(2) | (Fin(1) & Inf(1))",
            "Inf(2) | (Fin(!1) & Inf(0))",
            "Inf(2) | Fin(1)",
        ] {
            let e = err(&text(acc));
            assert_eq!(at(&e), (6, 15), "{acc}");
        }
        // acc-name is only a hint unless it names a parity condition.
        let generalized = text("Inf(0) & Inf(1)").replace(
            "acc-name: parity max even 3",
            "acc-name: generalized-Buchi 2",
        );
        let e = err(&generalized.replace("Acceptance: 3", "Acceptance: 2"));
        assert_eq!(at(&e), (6, 15));
        assert_eq!(e.found(), "a condition that is not parity");
        // A parity name with another condition: the canonical one is shown.
        let e = err(&text("Inf(2) | (Fin(1) & Inf(0))").replace("max even", "min odd"));
        assert_eq!(at(&e), (6, 15));
        assert_eq!(
            e.expected(),
            "'Fin(0) & (Inf(1) | Fin(2))', the condition of 'parity min odd 3' that \
             'acc-name:' on line 5 names"
        );
        assert_eq!(
            canonical_text(Parity {
                max: true,
                even: false,
                sets: 100
            }),
            "'Inf(99) | (Fin(98) & (Inf(97) | (…)))'"
        );
    }

    #[test]
    fn deep_parity_conditions_parse_without_recursion() {
        let sets = 5000;
        // parity max odd: odd sets are good for the controller.
        let mut acc = String::from("Fin(0)");
        for s in 1..sets {
            acc = if s % 2 == 1 {
                format!("Inf({s}) | ({acc})")
            } else {
                format!("Fin({s}) & ({acc})")
            };
        }
        let text = format!(
            "HOA: v1\nStart: 0\nAP: 0\ncontrollable-AP:\nacc-name: parity max odd {sets}\n\
             Acceptance: {sets} {acc}\n--BODY--\nState: 0\n[t] 0 {{4998}}\n--END--\n"
        );
        // Set 4998 is even, bad for the controller; max odd makes it priority 4999.
        let g = read_hoa(&text).unwrap();
        assert_eq!(g.priority.as_ref().unwrap()[0], 4999);
        assert_eq!(start_winner(&g), Player(1));
    }

    #[test]
    fn tokens_comments_and_layout() {
        // Nested comments, escapes in strings, labels over several lines, HOA v1.1, skipped
        // header items with any values.
        let text = "HOA: v1.1 /* a /* nested */ comment */\nname: \"a \\\"quoted\\\" name\"\n\
                    tool: \"x\" \"1.0\"\nproperties: trans-labels explicit-labels\n\
                    spot-state-player: 0 1 [ ] { }\nStart: 0\nAP: 2 \"r\"\n\"g\"\n\
                    controllable-AP: 1\nAcceptance: 1\nInf(0)\n--BODY--\nState: 0 \"s\"\n\
                    [0 &\n 1 |\n !0 & !1] 0 {0}\n[!(0 & 1 | !0 & !1)] 0\n--END--\n/* done */\n";
        let g = read_hoa(text).unwrap();
        assert_eq!(start_winner(&g), Player(0));
    }

    #[test]
    fn formats_know_hoa() {
        assert_eq!(Format::sniff("HOA: v1\nStates: 1\n"), Some(Format::Hoa));
        assert_eq!(
            Format::from_extension(Path::new("a/b.ehoa")),
            Some(Format::Hoa)
        );
        assert_eq!(
            Format::from_extension(Path::new("b.HOA")),
            Some(Format::Hoa)
        );
        assert!(Format::Hoa.read(COPY).is_ok());
    }

    #[test]
    fn header_errors() {
        let base = "HOA: v1\nStates: 1\nStart: 0\nAP: 1 \"a\"\ncontrollable-AP: 0\n\
                    Acceptance: 1 Inf(0)\n--BODY--\nState: 0\n[t] 0 {0}\n--END--\n";
        assert!(read_hoa(base).is_ok());
        let cases: &[(&str, &str, (u32, u32))] = &[
            ("HOA: v1", "HOA: v2", (1, 6)),
            ("HOA: v1", "HOA: v1 /* open", (1, 9)),
            ("HOA: v1\n", "", (1, 1)),
            ("Start: 0\n", "Start: 0&0\n", (3, 9)),
            ("Start: 0\n", "Start: 0\nStart: 0\n", (4, 1)),
            ("Start: 0\n", "Start: 1\n", (3, 8)),
            ("AP: 1 \"a\"", "AP: 2 \"a\"", (5, 1)),
            ("AP: 1 \"a\"", "AP: 1 \"a\" \"b\"", (4, 11)),
            ("AP: 1 \"a\"", "AP: 1 \"a", (4, 7)),
            ("controllable-AP: 0\n", "", (6, 1)),
            ("controllable-AP: 0", "controllable-AP: 1", (5, 18)),
            ("controllable-AP: 0", "controllable-AP: 0 0", (5, 20)),
            ("Acceptance: 1 Inf(0)\n", "", (6, 1)),
            ("Acceptance: 1 Inf(0)", "Acceptance: 1 Inf(1)", (6, 19)),
            ("Acceptance: 1 Inf(0)", "Acceptance: 1 (Inf(0)", (6, 15)),
            ("Acceptance: 1 Inf(0)", "Acceptance: 1 Inf(0))", (6, 21)),
            ("Acceptance: 1 Inf(0)", "Acceptance: 1 Inf 0", (6, 19)),
            (
                "Acceptance: 1 Inf(0)",
                "Acceptance: 1 Inf(0) & Inf(0)",
                (6, 15),
            ),
            (
                "Acceptance: 1 Inf(0)",
                "Acceptance: 1 f\nacc-name: parity max even 1",
                (6, 15),
            ),
            (
                "Acceptance: 1 Inf(0)",
                "Acceptance: 1 Inf(0)\nacc-name: parity max even 2",
                (7, 27),
            ),
            (
                "Acceptance: 1 Inf(0)",
                "Acceptance: 1 Inf(0)\nacc-name: parity up even 1",
                (7, 18),
            ),
            (
                "Acceptance: 1 Inf(0)",
                "Acceptance: 1 Inf(0)\nacc-name: parity max even 20890720927748",
                (7, 27),
            ),
            ("States: 1\n", "States: 1\nStates: 1\n", (3, 1)),
            ("States: 1\n", "States: 1\nFoo: 1\n", (3, 1)),
            ("States: 1\n", "States: -1\n", (2, 9)),
            (
                "controllable-AP: 0\n",
                "controllable-AP: 0\nAlias: @a 1\n",
                (6, 11),
            ),
            (
                "controllable-AP: 0\n",
                "controllable-AP: 0\nAlias: @a 0\nAlias: @a 0\n",
                (7, 8),
            ),
            (
                "controllable-AP: 0\n",
                "controllable-AP: 0\nAlias: a 0\n",
                (6, 8),
            ),
        ];
        for &(from, to, (line, column)) in cases {
            let text = base.replacen(from, to, 1);
            let e = err(&text);
            assert_eq!(at(&e), (line, column), "{to:?}: {e}");
        }
        // What the errors say.
        let e = err(&base.replacen("controllable-AP: 0\n", "", 1));
        assert_eq!(e.found(), "'--BODY--'");
        assert!(e.expected().contains("'controllable-AP:'"), "{e}");
        let e = err(&base.replacen("Start: 0\n", "Start: 0&0\n", 1));
        assert!(e.expected().contains("universal branching"), "{e}");
        // Lower-case items are skipped, whatever they hold.
        assert!(
            read_hoa(&base.replacen("States: 1\n", "States: 1\nfoo: 1 [ \"x\" @y\n", 1)).is_ok()
        );
        // An alias may be defined before AP:, and its propositions are checked after.
        let e = err(
            "HOA: v1\nAlias: @a 3\nAP: 1 \"a\"\ncontrollable-AP:\nAcceptance: 0 t\n--BODY--\n--END--\n",
        );
        assert_eq!(at(&e), (2, 11));
    }

    #[test]
    fn body_errors() {
        let head = "HOA: v1\nStates: 2\nStart: 0\nAP: 1 \"a\"\ncontrollable-AP: 0\n\
                    Acceptance: 1 Inf(0)\n--BODY--\n";
        let cases: &[(&str, (u32, u32))] = &[
            ("State: 0\n[0 & 1] 0\n--END--\n", (9, 6)),
            ("State: 0\n[@x] 0\n--END--\n", (9, 2)),
            ("State: 0\n[0 &] 0\n--END--\n", (9, 5)),
            ("State: 0\n[0 0\n--END--\n", (9, 4)),
            ("State: 0\n[t] 5\n--END--\n", (9, 5)),
            ("State: 0\n[t] 0&1\n--END--\n", (9, 6)),
            ("State: 0\n[t] 0 {1}\n--END--\n", (9, 8)),
            ("State: 0\n[t] 0 {0\n--END--\n", (10, 1)),
            ("State: 0\n[t] 0\nState: 0\n--END--\n", (10, 8)),
            ("State: 0\n[0] 0\n0\n--END--\n", (10, 1)),
            ("State: 0\n0\n[0] 0\n--END--\n", (10, 1)),
            ("State: 0\n0\n--END--\n", (8, 1)),
            ("State: [0] 0\n[0] 0\n--END--\n", (9, 1)),
            ("[t] 0\n--END--\n", (8, 1)),
            ("State: 0\n[t] 0\n", (10, 1)),
            ("State: 0\n[t] 0\n--ABORT--\n", (10, 1)),
            ("State: 0\n[t] 0\n--END--\nHOA: v1\n", (11, 1)),
            ("State: 0\n[t] 0\nStates: 3\n--END--\n", (10, 1)),
            ("State: 0 \"open\n[t] 0\n--END--\n", (8, 10)),
            ("State: 0\n[t] 0 # comment\n--END--\n", (9, 7)),
        ];
        for &(body, (line, column)) in cases {
            let text = format!("{head}{body}");
            let e = err(&text);
            assert_eq!(at(&e), (line, column), "{body:?}: {e}");
        }
        // Parentheses nested too deep: the 257th '(' is refused.
        let deep = format!(
            "{head}State: 0\n[{}0{}] 0\n--END--\n",
            "(".repeat(300),
            ")".repeat(300)
        );
        assert_eq!(at(&err(&deep)), (9, 258));
        // Many negations are fine: they need no nesting.
        let negations = format!("{head}State: 0\n[{}0] 0\n--END--\n", "!".repeat(10_000));
        assert!(read_hoa(&negations).is_ok());
    }

    #[test]
    fn the_expansion_is_sized_before_it_is_built() {
        let aps = |n: usize| {
            let names: Vec<String> = (0..n).map(|i| format!("\"p{i}\"")).collect();
            format!("AP: {n} {}", names.join(" "))
        };
        // 3 states × 2^21 valuations > 2^22.
        let text = format!(
            "HOA: v1\nStates: 3\nStart: 0\n{}\ncontrollable-AP:\nAcceptance: 0 t\n\
             --BODY--\n--END--\n",
            aps(21)
        );
        let e = err(&text);
        assert_eq!(at(&e), (5, 1));
        assert_eq!(e.found(), "3 states × 2^21 valuations");
        // Without States:, the body decides the number of states.
        let text = format!(
            "HOA: v1\nStart: 0\n{}\ncontrollable-AP: 0\nAcceptance: 0 t\n--BODY--\n\
             State: 2\n--END--\n",
            aps(23)
        );
        assert_eq!(at(&err(&text)), (4, 1));
        // 200 propositions of the environment are refused at once.
        let text = format!(
            "HOA: v1\nStates: 1\n{}\ncontrollable-AP:\nAcceptance: 0 t\n--BODY--\n--END--\n",
            aps(200)
        );
        assert_eq!(err(&text).found(), "1 states × 2^200 valuations");
        // Declared states without a body have no edges: every valuation is a dead end.
        let g = read_hoa(
            "HOA: v1\nStates: 2\nStart: 1\nAP: 0\ncontrollable-AP:\nAcceptance: 0 t\n\
             --BODY--\n--END--\n",
        )
        .unwrap();
        assert_eq!(names(&g), ["0", "1", "0 [t]", "1 [t]"]);
        assert_eq!(start_winner(&g), Player(1));
        // No states at all: the empty game.
        let g = read_hoa("HOA: v1\nAP: 0\ncontrollable-AP:\nAcceptance: 0 t\n--BODY--\n--END--\n")
            .unwrap();
        assert_eq!(g.arena.num_vertices(), 0);
        assert_eq!(g.priority, None);
        g.validate().unwrap();
    }

    #[test]
    fn prefixes_never_panic() {
        let text = "HOA: v1\nStates: 3\nStart: 0\nAP: 2 \"a\" \"b\"\ncontrollable-AP: 1\n\
                    Alias: @x 0 & !(1 | t)\nacc-name: parity min odd 3\n\
                    Acceptance: 3 Fin(0) & (Inf(1) | Fin(2))\n--BODY--\nState: 0 \"é\" {0}\n\
                    [@x | !@x] 1\n[0&1] 2 {1 2}\nState: [0] 1\n0 2\nState: 2\n0 0 1 2\n\
                    --END--\n";
        assert!(read_hoa(text).is_ok());
        for (i, _) in text.char_indices() {
            let _ = read_hoa(&text[..i]);
            let _ = read_hoa(&format!("{}/*{}", &text[..i], &text[i..]));
        }
    }
}
