//! The parser, and its header items: `HOA:`, `States:`, `Start:`, `AP:`, `controllable-AP:`,
//! `Alias:`, `Acceptance:` and `acc-name:`.

use super::Automaton;
use super::acceptance::{Acc, Parity, canonical_text, is_canonical};
use super::expr::AliasDef;
use super::lexer::{Kind, Lexer};
use foldhash::{HashMap, HashMapExt};
use kalmar_core::ParseError;

/// What the header says.
#[derive(Default)]
pub(super) struct Header {
    pub(super) states: Option<u32>,
    pub(super) start: Option<(u32, usize)>,
    pub(super) aps: Option<u32>,
    pub(super) controllable: Option<(Vec<(u32, usize)>, usize)>,
    pub(super) acceptance: Option<(Parity, usize)>,
    /// The parity condition `acc-name:` names, where its parts stand.
    pub(super) acc_name: Option<AccName>,
    /// The largest proposition number an alias uses before `AP:`, and where.
    pub(super) pending_ap: Option<(u32, usize)>,
    /// Where `--BODY--` stands, for errors about what the header lacks.
    pub(super) body_at: usize,
}

pub(super) struct AccName {
    pub(super) parity: Parity,
    pub(super) at: usize,
    pub(super) sets_at: usize,
}

pub(super) struct Parser<'a> {
    pub(super) lex: Lexer<'a>,
    /// The number of propositions, once `AP:` is read.
    pub(super) aps: Option<u32>,
    pub(super) aliases: HashMap<&'a str, AliasDef>,
    /// Label nodes copied from aliases so far, and how many may be.
    pub(super) copied: usize,
    pub(super) copy_budget: usize,
}

impl<'a> Parser<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        Parser {
            lex: Lexer::new(text),
            aps: None,
            aliases: HashMap::new(),
            copied: 0,
            copy_budget: text.len().saturating_mul(4).saturating_add(1 << 16),
        }
    }

    pub(super) fn automaton(&mut self) -> Result<Automaton, ParseError> {
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
}
