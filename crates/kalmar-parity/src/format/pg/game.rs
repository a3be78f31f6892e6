//! PGSolver's game format: [`read_pg`], [`write_pg`], and the ids of [`pg_ids`].

use super::PgWriteError;
use super::lexer::{EXPECT_ID, IdIndex, Lexer, MaxId, check_max};
use foldhash::{HashSet, HashSetExt};
use kalmar_core::error::Cursor;
use kalmar_core::format::GameGraph;
use kalmar_core::{BuildError, Builder, Owner, ParseError, Player, Rational, Span, Vertex};
use std::fmt;

/// One node specification.
struct Spec {
    id: u64,
    span: Span,
    priority: u32,
    owner: u8,
    /// Where its successors lie among those of all nodes, which are kept in one array (a
    /// vector per node would cost an allocation each, millions of them in a large game).
    successors: std::ops::Range<usize>,
    name: Option<String>,
}

/// Reads a parity game in PGSolver's format (see the [module documentation](super)). The
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
    match read_usual(text) {
        Some(graph) => Ok(graph),
        None => read_general(text),
    }
}

/// The reader of every file, with line and column for each error.
pub(super) fn read_general(text: &str) -> Result<GameGraph, ParseError> {
    let mut lex = Lexer::new(text);
    let mut header: Option<(MaxId, Span)> = None;
    let mut start: Option<(u64, Span)> = None;
    let mut specs: Vec<Spec> = Vec::new();
    let mut successors: Vec<(u64, Span)> = Vec::new();
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
                let first = successors.len();
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
                    successors: first..successors.len(),
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
    // `parity -1;` declares the empty game (as the writer writes it); otherwise a file without
    // vertices is a mistake, most often an empty or truncated file.
    let declared_empty = matches!(header, Some((MaxId(None), _)));
    if specs.is_empty() && !declared_empty {
        return Err(ParseError::new(
            lex.cur.span(),
            "the end of the input",
            "at least one vertex line, such as `0 1 0 0;` (id, priority, owner, successors)",
        ));
    }
    build(specs, &successors, start)
}

/// The reader of the usual file, ids `0..n` in order and names (if any) used once, byte by
/// byte with no positions kept and the arena built from one array of successors: `None` for
/// any other file, and at the first thing amiss, so that [`read_general`] reads it again and
/// says where. The same graph as [`read_general`]'s, in less than half its time on a game of a
/// million vertices.
pub(super) fn read_usual(text: &str) -> Option<GameGraph> {
    parse_usual(text)?.build().ok()
}

/// A usual file read by [`parse_usual`], its arena not built yet: the text is no longer needed,
/// so a caller that owns it can free it first (on a large game the text is as large as the
/// arrays being built).
pub(crate) struct Usual {
    owners: Vec<Owner>,
    priorities: Vec<u32>,
    payoff: Vec<Vec<Rational>>,
    names: Vec<(usize, String)>,
    start: Option<u64>,
    succ_offset: Vec<u32>,
    target: Vec<Vertex>,
}

/// The first half of [`read_usual`]: the file read and checked, `None` where [`read_usual`]
/// gives `None`.
pub(crate) fn parse_usual(text: &str) -> Option<Usual> {
    let mut bytes = Bytes { text, at: 0 };
    let mut max = u64::MAX;
    if bytes.keyword("parity") {
        max = bytes.number()?;
        bytes.expect(b';')?;
    }
    let start = if bytes.keyword("start") {
        let start = bytes.number()?;
        bytes.expect(b';')?;
        Some(start)
    } else {
        None
    };
    let (mut owners, mut priorities, mut names) = (Vec::new(), Vec::new(), Vec::new());
    let mut payoff = Vec::new();
    let mut succ_offset = vec![0u32];
    let mut target = Vec::new();
    while bytes.peek().is_some() {
        let id = bytes.number()?;
        if id != owners.len() as u64 || id > max || owners.len() >= Vertex::LIMIT - 1 {
            return None;
        }
        priorities.push(u32::try_from(bytes.number()?).ok()?);
        let owner = bytes.number()?;
        if bytes.peek()?.is_ascii_digit() {
            loop {
                let w = bytes.number()?;
                if w > max || w >= u32::MAX as u64 {
                    return None;
                }
                target.push(Vertex(w as u32));
                if bytes.peek() != Some(b',') {
                    break;
                }
                bytes.at += 1;
            }
        }
        if owner > 1 {
            return None;
        }
        let (owner, pays) = vertex_of(owner as u8, target.len() == *succ_offset.last()? as usize);
        owners.push(owner);
        payoff.push(pays);
        succ_offset.push(u32::try_from(target.len()).ok()?);
        if bytes.peek() == Some(b'"') {
            names.push((owners.len() - 1, bytes.quoted()?));
        }
        bytes.expect(b';')?;
    }
    let n = owners.len();
    let outside = |id: u64| id >= n as u64 || id > max;
    if n == 0 || start.is_some_and(outside) || target.iter().any(|w| w.index() >= n) {
        return None;
    }
    let mut seen = HashSet::with_capacity(names.len());
    if !names.iter().all(|(_, name)| seen.insert(name.as_str())) {
        return None;
    }
    drop(seen);
    Some(Usual {
        owners,
        priorities,
        payoff,
        names,
        start,
        succ_offset,
        target,
    })
}

impl Usual {
    /// The game graph of the file. Its checks were made when it was read, but for the number
    /// of edges an arena can hold.
    pub(crate) fn build(self) -> Result<GameGraph, BuildError> {
        let mut b = Builder::new(2);
        b.reserve(self.owners.len(), 0);
        for owner in self.owners {
            b.add_vertex(owner);
        }
        // The names, only as many as the file gives (most give none).
        for (v, name) in self.names {
            b.set_name(Vertex::new(v), name);
        }
        if let Some(s) = self.start {
            b.set_start(Vertex::new(s as usize));
        }
        let arena = b.build_csr(self.succ_offset, self.target)?;
        Ok(GameGraph {
            arena: arena.into(),
            payoff: self.payoff,
            reward: None,
            priority: Some(self.priorities),
            discount: None,
            observation: None,
            cycle: None,
        })
    }
}

/// The vertex of a node of `owner` (0 or 1), with its payoff: a dead end is a terminal whose
/// owner, who cannot move, loses; any other node is its owner's, without a payoff.
fn vertex_of(owner: u8, dead_end: bool) -> (Owner, Vec<Rational>) {
    match (dead_end, owner) {
        (false, _) => (Owner::Player(Player(owner)), Vec::new()),
        (true, 0) => (Owner::Terminal, vec![Rational::from(-1)]),
        (true, _) => (Owner::Terminal, vec![Rational::from(1)]),
    }
}

/// The text of a `.pg` file read byte by byte, for [`read_usual`].
struct Bytes<'a> {
    text: &'a str,
    at: usize,
}

impl Bytes<'_> {
    /// Skips ASCII white space and returns the next byte.
    fn peek(&mut self) -> Option<u8> {
        let bytes = self.text.as_bytes();
        while bytes.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
        bytes.get(self.at).copied()
    }

    /// Consumes `word` if it stands next as a whole word.
    fn keyword(&mut self, word: &str) -> bool {
        self.peek();
        let rest = &self.text.as_bytes()[self.at..];
        let whole = rest.starts_with(word.as_bytes())
            && !rest.get(word.len()).is_some_and(u8::is_ascii_alphabetic);
        if whole {
            self.at += word.len();
        }
        whole
    }

    /// A natural number below 2^64 that ends where the general reader's token ends.
    fn number(&mut self) -> Option<u64> {
        self.peek();
        let bytes = self.text.as_bytes();
        let first = self.at;
        let mut n: u64 = 0;
        while let Some(&b) = bytes.get(self.at).filter(|b| b.is_ascii_digit()) {
            n = n.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
            self.at += 1;
        }
        let ends = !bytes.get(self.at).is_some_and(|&b| {
            b.is_ascii_alphanumeric() || matches!(b, b'-' | b'+' | b'.' | b'_') || !b.is_ascii()
        });
        (self.at > first && ends).then_some(n)
    }

    /// Consumes `byte`, which must come next.
    fn expect(&mut self, byte: u8) -> Option<()> {
        (self.peek()? == byte).then(|| self.at += 1)
    }

    /// A name in quotes, on one line.
    fn quoted(&mut self) -> Option<String> {
        let rest = &self.text[self.at + 1..];
        let end = rest.find(['"', '\n'])?;
        if rest.as_bytes()[end] != b'"' {
            return None;
        }
        self.at += end + 2;
        Some(rest[..end].to_string())
    }
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

/// Orders, checks and resolves the specifications, whose successors lie in `successors`.
fn build(
    specs: Vec<Spec>,
    successors: &[(u64, Span)],
    start: Option<(u64, Span)>,
) -> Result<GameGraph, ParseError> {
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
    let index = IdIndex::new(&ids);
    let find = |id: u64, span: Span| index.find(id, span, "the id of a vertex defined in the file");
    let start = match start {
        Some((id, span)) => Some(find(id, span)?),
        None => None,
    };
    // Every successor resolved once, in file order, before anything is built.
    let targets = successors
        .iter()
        .map(|&(w, span)| find(w, span))
        .collect::<Result<Vec<Vertex>, ParseError>>()?;
    let contiguous = ids.last().is_none_or(|&last| last == n as u64 - 1);
    let unique = {
        let mut seen = HashSet::with_capacity(n);
        specs
            .iter()
            .filter_map(|s| s.name.as_deref())
            .all(|name| seen.insert(name))
    };
    let mut b = Builder::new(2);
    b.reserve(n, 0);
    let mut priority = Vec::with_capacity(n);
    let mut payoff = Vec::with_capacity(n);
    // The successors in vertex order, for the arena's one array (at most 2^30 of them: the
    // text is at most 2 GiB).
    let mut succ_offset = Vec::with_capacity(n + 1);
    succ_offset.push(0u32);
    let mut ordered = Vec::with_capacity(targets.len());
    for &i in &order {
        let spec = &specs[i];
        let (owner, pays) = vertex_of(spec.owner, spec.successors.is_empty());
        payoff.push(pays);
        ordered.extend_from_slice(&targets[spec.successors.clone()]);
        succ_offset.push(ordered.len() as u32);
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
    drop(targets);
    if let Some(s) = start {
        b.set_start(s);
    }
    let arena = b.build_csr(succ_offset, ordered).map_err(|e| {
        let span = e
            .at()
            .and_then(|v| order.get(v.index()))
            .map_or(Span { line: 1, column: 1 }, |&i| specs[i].span);
        ParseError::new(span, e.to_string(), "a well-formed parity game")
    })?;
    Ok(GameGraph {
        arena: arena.into(),
        payoff,
        reward: None,
        // The empty game carries no labels (see `GameGraph::validate`).
        priority: (n > 0).then_some(priority),
        discount: None,
        observation: None,
        cycle: None,
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
/// [`read_pg_solution`](super::read_pg_solution) and
/// [`write_pg_solution`](super::write_pg_solution) use these ids, so a game read with
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
