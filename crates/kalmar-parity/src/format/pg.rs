//! PGSolver's parity-game format (`.pg`) and its solution format, read and written exactly.
//!
//! ```text
//! parity 4;
//! start 0;
//! 0 6 1 4,2 "Africa";
//! 4 5 1 0 "Antarctica";
//! 1 8 1 2,4,3 "America";
//! 3 6 0 4,2 "Australia";
//! 2 7 0 3,1,0,4 "Asia";
//! ```
//!
//! A file is an optional header `parity <max-id>;`, an optional `start <id>;` and node
//! specifications `<id> <priority> <owner> <successors> ["<name>"];` where the owner is 0 (Even,
//! kalmar's Max) or 1 (Odd, Min), the successors are ids separated by commas and the name is any
//! text without `"` or a line break. The reader is token based like PGSolver's: white space
//! (line breaks included) may stand between any two tokens, so several specifications may share
//! a line and one may span several.
//!
//! **Ids.** Vertices are numbered in increasing id order. When the ids are exactly `0..n`, vertex
//! `i` is id `i` and a vertex's name is its quoted name. Otherwise (sparse ids, or names used
//! twice, which kalmar's arenas do not allow) every vertex is named by its id, followed by a
//! space and its quoted name if it has one (`17` or `17 "Asia"`), and writers recover the ids
//! from these names; see [`pg_ids`].
//!
//! **Dead ends.** A specification without successors (some tools write them) is a terminal; the
//! player who cannot move loses, so its payoff is `[-1]` (a loss for Max) when its owner is 0
//! and `[1]` when it is 1. The writer writes such terminals back as dead ends of that owner.
//!
//! **Errors.** Duplicate ids, successors that are not defined, ids above the header's max-id,
//! priorities above 4294967295, owners other than 0 and 1 and negative numbers are errors with
//! line and column. The header's max-id is only compared with ids, never used to allocate.
//!
//! **Solutions.** `paritysol <max-id>;` then one `<id> <winner> [<successor>];` per vertex: the
//! winner (0 or 1) and, where the winner's strategy is fixed there, the successor it moves to.

use foldhash::{HashSet, HashSetExt};
use kalmar_core::error::Cursor;
use kalmar_core::format::{GameGraph, LabelError};
use kalmar_core::{Builder, Owner, ParseError, Player, Rational, Span, Vertex};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a game graph or solution cannot be written in PGSolver's formats.
#[derive(Debug, thiserror::Error)]
pub enum PgWriteError {
    /// A parity game has exactly two players.
    #[error("a parity game has two players, this game has {0}")]
    Players(u8),
    /// The graph has no priorities.
    #[error("the game has no priorities")]
    NoPriorities,
    /// A label PGSolver's format cannot hold (rewards or a discount factor).
    #[error("the game has {0}, which PGSolver's format cannot hold")]
    Unsupported(&'static str),
    /// A chance vertex.
    #[error("vertex {0} belongs to chance, which PGSolver's format cannot hold")]
    Chance(String),
    /// A terminal whose payoff is not that of a dead end (`[-1]` or `[1]`).
    #[error(
        "terminal {0} has payoff {1}; a dead end in PGSolver's format has payoff -1 (owner 0 cannot \
         move) or 1 (owner 1 cannot move)"
    )]
    Terminal(String, String),
    /// A name with a `"` or a line break.
    #[error(
        "the name of vertex {0} has a '\"' or a line break, which PGSolver's format cannot hold"
    )]
    Name(String),
    /// The labels do not fit the arena.
    #[error("the labels do not fit the arena: {0}")]
    Invalid(#[from] LabelError),
    /// A solution whose size is not the game's.
    #[error(
        "the solution has {winners} winners and {strategy} strategy entries for {vertices} vertices"
    )]
    SolutionSize {
        /// The number of winners.
        winners: usize,
        /// The number of strategy entries.
        strategy: usize,
        /// The number of vertices.
        vertices: usize,
    },
    /// A winner other than player 0 or 1.
    #[error("the winner at vertex {0} is player {1}, not 0 or 1")]
    Winner(String, u8),
    /// A strategy that moves to a vertex that is not a successor.
    #[error("the strategy at vertex {0} moves to {1}, which is not a successor")]
    Strategy(String, String),
    /// The output refused the text.
    #[error("could not write: {0}")]
    Fmt(#[from] fmt::Error),
}

/// A solution of a parity game as PGSolver writes it: the winner of every vertex and, at some
/// vertices, the successor the winner's strategy moves to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PgSolution {
    /// Per vertex: the player who wins from it (0 = Even = Max, 1 = Odd = Min).
    pub winner: Vec<Player>,
    /// Per vertex: the successor the strategy chooses, if the solution gives one.
    pub strategy: Vec<Option<Vertex>>,
}

/// What the lexer reads a number into.
const EXPECT_ID: &str = "a vertex id";

/// The shared token reader of the game and solution formats.
struct Lexer<'a> {
    cur: Cursor<'a>,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Self {
        Lexer {
            cur: Cursor::new(text),
        }
    }

    /// Skips white space and returns the next character.
    fn peek(&mut self) -> Option<char> {
        self.cur.skip_whitespace();
        self.cur.peek()
    }

    /// The keyword (ASCII letters) at the cursor, not consumed.
    fn keyword(&mut self) -> &'a str {
        self.cur.skip_whitespace();
        let rest = self.cur.rest();
        let end = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        &rest[..end]
    }

    /// Consumes the keyword `word`, which stands at the cursor.
    fn take_keyword(&mut self, word: &str) {
        self.cur.take_while(|c| c.is_ascii_alphabetic());
        debug_assert!(!word.is_empty());
    }

    /// A number token, as text, and where it starts. Empty when there is none.
    fn token(&mut self) -> (&'a str, Span) {
        self.cur.skip_whitespace();
        let span = self.cur.span();
        let token = self
            .cur
            .take_while(|c| c.is_alphanumeric() || matches!(c, '-' | '+' | '.' | '_'));
        (token, span)
    }

    /// A natural number.
    fn number(&mut self, expected: &str) -> Result<(u64, Span), ParseError> {
        let (token, span) = self.token();
        if token.is_empty() {
            return Err(self.cur.error(expected));
        }
        let digits = token.bytes().all(|b| b.is_ascii_digit());
        match token.parse::<u64>() {
            Ok(n) if digits => Ok((n, span)),
            _ if digits => Err(ParseError::new(
                span,
                format!("'{token}'"),
                format!("{expected} below 2^64"),
            )),
            _ if token.starts_with('-') && token[1..].bytes().all(|b| b.is_ascii_digit()) => {
                Err(ParseError::new(
                    span,
                    format!("the negative number '{token}'"),
                    format!("{expected} (a number that is not negative)"),
                ))
            }
            _ => Err(ParseError::new(span, format!("'{token}'"), expected)),
        }
    }

    /// The number of a header (`parity`, `paritysol`): a max-id, or -1 for an empty game.
    fn max_id(&mut self) -> Result<(MaxId, Span), ParseError> {
        let save = self.cur.clone();
        let (token, span) = self.token();
        if token == "-1" {
            return Ok((MaxId(None), span));
        }
        self.cur = save;
        let (n, span) = self.number("the largest vertex id (or -1 for an empty game)")?;
        Ok((MaxId(Some(n)), span))
    }

    /// Expects `;`.
    fn semicolon(&mut self, expected: &str) -> Result<(), ParseError> {
        if self.peek() == Some(';') {
            self.cur.bump();
            Ok(())
        } else {
            Err(self.cur.error(expected))
        }
    }
}

/// The largest id a header allows; `None` for `-1` (no vertices).
#[derive(Clone, Copy)]
struct MaxId(Option<u64>);

/// Checks `id` against the header, if there is one.
fn check_max(header: Option<(MaxId, Span)>, id: u64, span: Span) -> Result<(), ParseError> {
    match header {
        Some((MaxId(max), at)) if max.is_none_or(|max| id > max) => {
            let bound = max.map_or("-1".to_string(), |m| m.to_string());
            Err(ParseError::new(
                span,
                format!("id {id}"),
                format!(
                    "an id of at most {bound}, the largest id the header on line {} allows",
                    at.line
                ),
            ))
        }
        _ => Ok(()),
    }
}

/// One node specification.
struct Spec {
    id: u64,
    span: Span,
    priority: u32,
    owner: u8,
    successors: Vec<(u64, Span)>,
    name: Option<String>,
}

/// Reads a parity game in PGSolver's format (see the [module documentation](self)). The
/// result has two players and priorities (unless it has no vertices: the empty game carries no
/// labels).
///
/// ```
/// use kalmar_parity::format::read_pg;
/// let game = read_pg("parity 1;\n0 2 0 1;\n1 1 1 0,1 \"b\";\n").unwrap();
/// assert_eq!(game.priority, Some(vec![2, 1]));
/// assert_eq!(game.arena.name(kalmar_core::Vertex(1)), "b");
/// let err = read_pg("parity 1;\n0 2 0 2;\n").unwrap_err();
/// assert_eq!((err.span().line, err.span().column), (2, 7));
/// ```
pub fn read_pg(text: &str) -> Result<GameGraph, ParseError> {
    let text = kalmar_core::format::check_size(text)?;
    let mut lex = Lexer::new(text);
    let mut header: Option<(MaxId, Span)> = None;
    let mut start: Option<(u64, Span)> = None;
    let mut specs: Vec<Spec> = Vec::new();
    while let Some(c) = lex.peek() {
        let word = lex.keyword();
        let span = lex.cur.span();
        match word {
            "parity" if header.is_none() && start.is_none() && specs.is_empty() => {
                lex.take_keyword(word);
                header = Some(lex.max_id()?);
                lex.semicolon("';' after the header")?;
            }
            "start" if start.is_none() && specs.is_empty() => {
                lex.take_keyword(word);
                let (id, span) = lex.number("the id of the start vertex")?;
                check_max(header, id, span)?;
                start = Some((id, span));
                lex.semicolon("';' after the start vertex")?;
            }
            "" if c != '"' && c != ';' && c != ',' => {
                let (id, id_span) = lex.number(EXPECT_ID)?;
                check_max(header, id, id_span)?;
                if specs.len() >= Vertex::LIMIT - 1 {
                    return Err(ParseError::new(
                        id_span,
                        "one vertex too many",
                        format!("at most {} vertices", Vertex::LIMIT - 1),
                    ));
                }
                let (priority, span) = lex.number("a priority")?;
                let priority = u32::try_from(priority).map_err(|_| {
                    ParseError::new(
                        span,
                        format!("priority {priority}"),
                        "a priority of at most 4294967295",
                    )
                })?;
                let (owner, span) = lex.number("an owner: 0 (Even) or 1 (Odd)")?;
                if owner > 1 {
                    return Err(ParseError::new(
                        span,
                        format!("'{owner}'"),
                        "an owner: 0 (Even) or 1 (Odd)",
                    ));
                }
                let mut successors = Vec::new();
                let mut expected = "a successor id, a name in quotes or ';'";
                if matches!(lex.peek(), Some(c) if c.is_ascii_digit() || c == '-') {
                    loop {
                        let (w, span) = lex.number("a successor id")?;
                        check_max(header, w, span)?;
                        successors.push((w, span));
                        if lex.peek() == Some(',') {
                            lex.cur.bump();
                        } else {
                            break;
                        }
                    }
                    expected = "',', a name in quotes or ';'";
                }
                let mut name = None;
                if lex.peek() == Some('"') {
                    name = Some(quoted(&mut lex.cur)?);
                    expected = "';' after the name";
                }
                lex.semicolon(expected)?;
                specs.push(Spec {
                    id,
                    span: id_span,
                    priority,
                    owner: owner as u8,
                    successors,
                    name,
                });
            }
            _ => {
                let expected = if specs.is_empty() && start.is_none() {
                    if header.is_none() {
                        "'parity', 'start' or a vertex id"
                    } else {
                        "'start' or a vertex id"
                    }
                } else {
                    EXPECT_ID
                };
                return Err(ParseError::new(
                    span,
                    kalmar_core::error::describe_next(lex.cur.rest()),
                    expected,
                ));
            }
        }
    }
    build(specs, start)
}

/// A quoted name, the cursor at the opening quote: any text without `"` or a line break.
fn quoted(cur: &mut Cursor<'_>) -> Result<String, ParseError> {
    let open = cur.span();
    cur.bump();
    let name = cur.take_while(|c| c != '"' && c != '\n');
    if cur.peek() != Some('"') {
        return Err(ParseError::new(
            open,
            "a name without its closing '\"'",
            "a closing '\"' on the same line",
        ));
    }
    cur.bump();
    Ok(name.to_string())
}

/// Orders, checks and resolves the specifications.
fn build(specs: Vec<Spec>, start: Option<(u64, Span)>) -> Result<GameGraph, ParseError> {
    let n = specs.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_unstable_by_key(|&i| (specs[i].id, i));
    // The first repeated id in file order.
    let repeat = order
        .windows(2)
        .filter(|w| specs[w[0]].id == specs[w[1]].id)
        .map(|w| w[1])
        .min();
    if let Some(i) = repeat {
        let first = order
            .iter()
            .map(|&j| &specs[j])
            .find(|s| s.id == specs[i].id)
            .map_or(0, |s| s.span.line);
        return Err(ParseError::new(
            specs[i].span,
            format!("id {} again", specs[i].id),
            format!(
                "a new vertex id ({} is defined on line {first})",
                specs[i].id
            ),
        ));
    }
    let ids: Vec<u64> = order.iter().map(|&i| specs[i].id).collect();
    // Ids are usually exactly 0..n: then an id is its vertex, without a search.
    let dense = ids.iter().enumerate().all(|(i, &id)| id == i as u64);
    let find = |id: u64, span: Span| -> Result<Vertex, ParseError> {
        let found = if dense {
            (id < ids.len() as u64).then_some(id as usize).ok_or(0)
        } else {
            ids.binary_search(&id)
        };
        match found {
            Ok(k) => Ok(Vertex::new(k)),
            Err(_) => Err(ParseError::new(
                span,
                format!("id {id}"),
                "the id of a vertex defined in the file",
            )),
        }
    };
    let start = match start {
        Some((id, span)) => Some(find(id, span)?),
        None => None,
    };
    let mut edges = 0usize;
    for spec in &specs {
        for &(w, span) in &spec.successors {
            find(w, span)?;
        }
        edges += spec.successors.len();
    }
    let contiguous = ids.last().is_none_or(|&last| last == n as u64 - 1);
    let unique = {
        let mut seen = HashSet::with_capacity(n);
        specs
            .iter()
            .filter_map(|s| s.name.as_deref())
            .all(|name| seen.insert(name))
    };
    let mut b = Builder::new(2);
    b.reserve(n, edges);
    let mut priority = Vec::with_capacity(n);
    let mut payoff = Vec::with_capacity(n);
    for &i in &order {
        let spec = &specs[i];
        let owner = if spec.successors.is_empty() {
            payoff.push(vec![Rational::from(if spec.owner == 0 { -1 } else { 1 })]);
            Owner::Terminal
        } else {
            payoff.push(Vec::new());
            Owner::Player(Player(spec.owner))
        };
        let v = b.add_vertex(owner);
        priority.push(spec.priority);
        if contiguous && unique {
            if let Some(name) = &spec.name {
                b.set_name(v, name.as_str());
            }
        } else {
            match &spec.name {
                Some(name) => b.set_name(v, format!("{} \"{name}\"", spec.id)),
                None => b.set_name(v, spec.id.to_string()),
            }
        }
    }
    for (k, &i) in order.iter().enumerate() {
        for &(w, span) in &specs[i].successors {
            b.add_edge(Vertex::new(k), find(w, span)?);
        }
    }
    if let Some(s) = start {
        b.set_start(s);
    }
    let arena = b.build().map_err(|e| {
        let span = e
            .at()
            .and_then(|v| order.get(v.index()))
            .map_or(Span { line: 1, column: 1 }, |&i| specs[i].span);
        ParseError::new(span, e.to_string(), "a well-formed parity game")
    })?;
    Ok(GameGraph {
        arena,
        payoff,
        reward: None,
        // The empty game carries no labels (see `GameGraph::validate`).
        priority: (n > 0).then_some(priority),
        discount: None,
        observation: None,
    })
}

/// A name that carries a PGSolver id: `17` or `17 "text"` (canonical decimal, text without `"`
/// or a line break).
fn parse_id_name(name: &str) -> Option<(u64, Option<&str>)> {
    let (digits, rest) = match name.split_once(' ') {
        Some((digits, rest)) => (digits, Some(rest)),
        None => (name, None),
    };
    let canonical = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits.len() == 1 || !digits.starts_with('0'));
    if !canonical {
        return None;
    }
    let id = digits.parse().ok()?;
    match rest {
        None => Some((id, None)),
        Some(rest) => {
            let text = rest.strip_prefix('"')?.strip_suffix('"')?;
            writable(text).then_some((id, Some(text)))
        }
    }
}

/// Whether `name` can stand between quotes in a PGSolver file.
fn writable(name: &str) -> bool {
    !name.contains(['"', '\n'])
}

/// The ids and file names of the vertices when the arena's names carry ids (see the module
/// documentation): every vertex has such a name, the ids increase, and they are not `0..n` or
/// the file names repeat.
fn id_names(graph: &GameGraph) -> Option<Vec<(u64, Option<&str>)>> {
    let arena = &graph.arena;
    let n = arena.num_vertices();
    if n == 0 {
        return None;
    }
    let mut out: Vec<(u64, Option<&str>)> = Vec::with_capacity(n);
    for v in arena.vertices() {
        let (id, name) = parse_id_name(arena.given_name(v)?)?;
        if out.last().is_some_and(|&(last, _)| last >= id) {
            return None;
        }
        out.push((id, name));
    }
    let contiguous = out.last().is_some_and(|&(last, _)| last == n as u64 - 1);
    if contiguous {
        let mut seen = HashSet::with_capacity(n);
        let unique = out
            .iter()
            .filter_map(|&(_, name)| name)
            .all(|name| seen.insert(name));
        if unique {
            return None;
        }
    }
    Some(out)
}

/// The PGSolver id of every vertex: the ids its names carry when the graph was read from a file
/// with sparse ids (or repeated names), otherwise the vertex indices. [`write_pg`],
/// [`read_pg_solution`] and [`write_pg_solution`] use these ids, so a game read with
/// [`read_pg`] is written back, and its solutions read and written, with the file's ids.
///
/// One case is ambiguous: a file with ids `0..n` whose every vertex has a quoted name that is a
/// number, these numbers increasing but not `0..n`, reads as if those numbers were the ids.
pub fn pg_ids(graph: &GameGraph) -> Vec<u64> {
    match id_names(graph) {
        Some(names) => names.into_iter().map(|(id, _)| id).collect(),
        None => (0..graph.arena.num_vertices() as u64).collect(),
    }
}

/// Writes a parity game in PGSolver's format: the header, `start` if the game has a start
/// vertex, then one line per vertex in id order. Ids are those of [`pg_ids`]; terminals are
/// written as dead ends (see the module documentation). [`read_pg`] reads the text back to an
/// equal graph.
///
/// Fails, before writing anything, if the graph has other than two players, no priorities (and
/// vertices),
/// rewards, a discount factor, chance vertices, terminals whose payoff is not `[-1]` or `[1]`,
/// or a name with a `"` or a line break.
pub fn write_pg(graph: &GameGraph, out: &mut impl fmt::Write) -> Result<(), PgWriteError> {
    graph.validate()?;
    let arena = &graph.arena;
    if arena.num_players() != 2 {
        return Err(PgWriteError::Players(arena.num_players()));
    }
    let no_priorities = Vec::new();
    let priority = match &graph.priority {
        Some(priority) => priority,
        None if arena.num_vertices() == 0 => &no_priorities,
        None => return Err(PgWriteError::NoPriorities),
    };
    if graph.reward.is_some() {
        return Err(PgWriteError::Unsupported("rewards"));
    }
    if graph.discount.is_some() {
        return Err(PgWriteError::Unsupported("a discount factor"));
    }
    let name = |v: Vertex| arena.name(v).into_owned();
    let mut owners = Vec::with_capacity(arena.num_vertices());
    for v in arena.vertices() {
        owners.push(match arena.owner(v) {
            Owner::Player(p) => p.0,
            Owner::Chance => return Err(PgWriteError::Chance(name(v))),
            Owner::Terminal => match graph.payoff[v.index()].as_slice() {
                [x] if *x == Rational::from(-1) => 0,
                [x] if *x == Rational::ONE => 1,
                other => {
                    let shown = match other {
                        [] => "none".to_string(),
                        [x] => x.to_string(),
                        xs => format!("{xs:?}"),
                    };
                    return Err(PgWriteError::Terminal(name(v), shown));
                }
            },
        });
    }
    let id_names = id_names(graph);
    let names: Vec<Option<&str>> = match &id_names {
        Some(id_names) => id_names.iter().map(|&(_, name)| name).collect(),
        None => arena.vertices().map(|v| arena.given_name(v)).collect(),
    };
    if let Some(v) = arena
        .vertices()
        .find(|v| names[v.index()].is_some_and(|name| !writable(name)))
    {
        return Err(PgWriteError::Name(name(v)));
    }
    let ids = pg_ids(graph);
    match ids.last() {
        Some(max) => writeln!(out, "parity {max};")?,
        None => writeln!(out, "parity -1;")?,
    }
    if let Some(s) = arena.start() {
        writeln!(out, "start {};", ids[s.index()])?;
    }
    for v in arena.vertices() {
        let i = v.index();
        write!(out, "{} {} {}", ids[i], priority[i], owners[i])?;
        for (k, w) in arena.successors(v).iter().enumerate() {
            out.write_str(if k == 0 { " " } else { "," })?;
            write!(out, "{}", ids[w.index()])?;
        }
        if let Some(name) = names[i] {
            write!(out, " \"{name}\"")?;
        }
        out.write_str(";\n")?;
    }
    Ok(())
}

/// Reads a solution in PGSolver's format for `game`: an optional header `paritysol <max-id>;`
/// and one line `<id> <winner> [<successor>];` for every vertex, with ids as in [`pg_ids`].
/// Every vertex needs exactly one line; a strategy successor must be a successor of its vertex.
///
/// ```
/// use kalmar_parity::format::{read_pg, read_pg_solution};
/// let game = read_pg("parity 1;\n0 2 0 0,1;\n1 1 1 0;\n").unwrap();
/// let sol = read_pg_solution("paritysol 1;\n0 0 0;\n1 0;\n", &game).unwrap();
/// assert_eq!(sol.strategy[0], Some(kalmar_core::Vertex(0)));
/// ```
pub fn read_pg_solution(text: &str, game: &GameGraph) -> Result<PgSolution, ParseError> {
    let text = kalmar_core::format::check_size(text)?;
    let arena = &game.arena;
    let ids = pg_ids(game);
    let n = ids.len();
    let mut winner: Vec<Option<Player>> = vec![None; n];
    let mut strategy: Vec<Option<Vertex>> = vec![None; n];
    let mut line_of = vec![0u32; n];
    let mut lex = Lexer::new(text);
    let mut header: Option<(MaxId, Span)> = None;
    let mut any = false;
    // Ids are usually exactly 0..n: then an id is its vertex, without a search.
    let dense = ids.iter().enumerate().all(|(i, &id)| id == i as u64);
    let find = |id: u64, span: Span| -> Result<Vertex, ParseError> {
        let found = if dense {
            (id < ids.len() as u64).then_some(id as usize).ok_or(0)
        } else {
            ids.binary_search(&id)
        };
        match found {
            Ok(k) => Ok(Vertex::new(k)),
            Err(_) => Err(ParseError::new(
                span,
                format!("id {id}"),
                "the id of a vertex of the game",
            )),
        }
    };
    while let Some(c) = lex.peek() {
        let word = lex.keyword();
        let span = lex.cur.span();
        if word == "paritysol" && header.is_none() && !any {
            lex.take_keyword(word);
            header = Some(lex.max_id()?);
            lex.semicolon("';' after the header")?;
            continue;
        }
        if !word.is_empty() || matches!(c, '"' | ';' | ',') {
            let expected = if header.is_none() && !any {
                "'paritysol' or a vertex id"
            } else {
                EXPECT_ID
            };
            return Err(ParseError::new(
                span,
                kalmar_core::error::describe_next(lex.cur.rest()),
                expected,
            ));
        }
        any = true;
        let (id, span) = lex.number(EXPECT_ID)?;
        check_max(header, id, span)?;
        let v = find(id, span)?;
        if winner[v.index()].is_some() {
            return Err(ParseError::new(
                span,
                format!("id {id} again"),
                format!(
                    "a vertex without a line yet ({id} is on line {})",
                    line_of[v.index()]
                ),
            ));
        }
        line_of[v.index()] = span.line;
        let (w, wspan) = lex.number("the winner: 0 (Even) or 1 (Odd)")?;
        if w > 1 {
            return Err(ParseError::new(
                wspan,
                format!("'{w}'"),
                "the winner: 0 (Even) or 1 (Odd)",
            ));
        }
        winner[v.index()] = Some(Player(w as u8));
        if matches!(lex.peek(), Some(c) if c.is_ascii_digit() || c == '-') {
            let (s, sspan) = lex.number("the strategy's successor id")?;
            check_max(header, s, sspan)?;
            let target = find(s, sspan)?;
            if !arena.successors(v).contains(&target) {
                return Err(ParseError::new(
                    sspan,
                    format!("id {s}"),
                    format!("the id of a successor of vertex {id}"),
                ));
            }
            strategy[v.index()] = Some(target);
            lex.semicolon("';'")?;
        } else {
            lex.semicolon("a successor id or ';'")?;
        }
    }
    let missing = winner.iter().position(Option::is_none);
    if let Some(i) = missing {
        lex.cur.skip_whitespace();
        return Err(ParseError::new(
            lex.cur.span(),
            "end of input",
            format!("a line for vertex {} (every vertex needs a winner)", ids[i]),
        ));
    }
    Ok(PgSolution {
        winner: winner.into_iter().flatten().collect(),
        strategy,
    })
}

/// Writes a solution of `game` in PGSolver's format, with the ids of [`pg_ids`]: the header,
/// then per vertex its id, its winner and the strategy's successor if there is one.
pub fn write_pg_solution(
    game: &GameGraph,
    solution: &PgSolution,
    out: &mut impl fmt::Write,
) -> Result<(), PgWriteError> {
    let arena = &game.arena;
    let n = arena.num_vertices();
    if solution.winner.len() != n || solution.strategy.len() != n {
        return Err(PgWriteError::SolutionSize {
            winners: solution.winner.len(),
            strategy: solution.strategy.len(),
            vertices: n,
        });
    }
    for v in arena.vertices() {
        let w = solution.winner[v.index()];
        if w.0 > 1 {
            return Err(PgWriteError::Winner(arena.name(v).into_owned(), w.0));
        }
        if let Some(s) = solution.strategy[v.index()]
            && !arena.successors(v).contains(&s)
        {
            let target = if s.index() < n {
                arena.name(s).into_owned()
            } else {
                s.index().to_string()
            };
            return Err(PgWriteError::Strategy(arena.name(v).into_owned(), target));
        }
    }
    let ids = pg_ids(game);
    match ids.last() {
        Some(max) => writeln!(out, "paritysol {max};")?,
        None => writeln!(out, "paritysol -1;")?,
    }
    for v in arena.vertices() {
        let i = v.index();
        write!(out, "{} {}", ids[i], solution.winner[i].0)?;
        if let Some(s) = solution.strategy[i] {
            write!(out, " {}", ids[s.index()])?;
        }
        out.write_str(";\n")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_of(g: &GameGraph) -> String {
        let mut out = String::new();
        write_pg(g, &mut out).unwrap();
        out
    }

    #[test]
    fn reads_the_pgsolver_example() {
        let text = "parity 4;\n0 6 1 4,2 \"Africa\";\n4 5 1 0 \"Antarctica\";\n1 8 1 2,4,3 \
                    \"America\";\n3 6 0 4,2 \"Australia\";\n2 7 0 3,1,0,4 \"Asia\";\n";
        let g = read_pg(text).unwrap();
        assert_eq!(g.arena.num_vertices(), 5);
        assert_eq!(g.arena.name(Vertex(2)), "Asia");
        assert_eq!(g.priority, Some(vec![6, 8, 7, 6, 5]));
        assert_eq!(
            g.arena.successors(Vertex(2)),
            &[Vertex(3), Vertex(1), Vertex(0), Vertex(4)]
        );
        let out = text_of(&g);
        assert!(out.starts_with("parity 4;\n0 6 1 4,2 \"Africa\";\n1 8 1 2,4,3"));
        assert_eq!(read_pg(&out).unwrap(), g);
    }

    #[test]
    fn sparse_ids_are_kept() {
        let text = "start 10;\n10 1 0 30 \"a\";\n30 2 1 10,30;\n";
        let g = read_pg(text).unwrap();
        assert_eq!(g.arena.name(Vertex(0)), "10 \"a\"");
        assert_eq!(g.arena.name(Vertex(1)), "30");
        assert_eq!(pg_ids(&g), vec![10, 30]);
        assert_eq!(
            text_of(&g),
            "parity 30;\nstart 10;\n10 1 0 30 \"a\";\n30 2 1 10,30;\n"
        );
        let sol = read_pg_solution("30 1 10;\n10 1;", &g).unwrap();
        assert_eq!(sol.winner, vec![Player(1), Player(1)]);
        assert_eq!(sol.strategy, vec![None, Some(Vertex(0))]);
        let mut out = String::new();
        write_pg_solution(&g, &sol, &mut out).unwrap();
        assert_eq!(out, "paritysol 30;\n10 1;\n30 1 10;\n");
        assert_eq!(read_pg_solution(&out, &g).unwrap(), sol);
    }

    #[test]
    fn repeated_names_keep_ids() {
        let g = read_pg("0 1 0 1 \"x\";\n1 1 0 0 \"x\";\n2 0 1 0;").unwrap();
        assert_eq!(g.arena.name(Vertex(1)), "1 \"x\"");
        assert_eq!(g.arena.name(Vertex(2)), "2");
        assert_eq!(read_pg(&text_of(&g)).unwrap(), g);
    }

    #[test]
    fn dead_ends_are_terminals() {
        let g = read_pg("0 0 0 1,2;\n1 3 0;\n2 4 1 \"stuck\";").unwrap();
        assert_eq!(g.arena.owner(Vertex(1)), Owner::Terminal);
        assert_eq!(g.payoff[1], vec![Rational::from(-1)]);
        assert_eq!(g.payoff[2], vec![Rational::ONE]);
        let out = text_of(&g);
        assert_eq!(out, "parity 2;\n0 0 0 1,2;\n1 3 0;\n2 4 1 \"stuck\";\n");
    }

    #[test]
    fn token_based() {
        let g = read_pg("parity\n2\n;0 1 0 1\n,\n2;1 1 1\t0;2 0\n0\n0\n\"n\"\n;").unwrap();
        assert_eq!(g.arena.num_vertices(), 3);
        assert_eq!(g.arena.successors(Vertex(0)), &[Vertex(1), Vertex(2)]);
        assert_eq!(g.arena.name(Vertex(2)), "n");
    }

    #[test]
    fn hostile_header() {
        let g = read_pg("parity 99999999999;\n0 0 0 0;").unwrap();
        assert_eq!(g.arena.num_vertices(), 1);
        let e = read_pg("parity 99999999999999999999999;").unwrap_err();
        assert_eq!(e.span(), Span { line: 1, column: 8 });
        let g = read_pg("parity -1;").unwrap();
        assert_eq!(g.arena.num_vertices(), 0);
        assert_eq!(text_of(&g), "parity -1;\n");
        assert_eq!(read_pg(&text_of(&g)).unwrap(), g);
    }

    #[test]
    fn refuses_what_it_cannot_write() {
        let g = read_gg_simple();
        assert!(matches!(
            write_pg(&g, &mut String::new()),
            Err(PgWriteError::Chance(_))
        ));
    }

    fn read_gg_simple() -> GameGraph {
        kalmar_core::format::read_gg("kalmar-gg 1\nc chance priority=1 -> c:1\n").unwrap()
    }
}
