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

use super::GameGraph;
use crate::error::Cursor;
use crate::{Builder, Owner, ParseError, Player, Rational, Span, Vertex};
use foldhash::{HashMap, HashMapExt};
use std::collections::hash_map::Entry;
use std::fmt;

/// The keywords that cannot be bare names.
const KEYWORDS: [&str; 3] = ["players", "start", "discount"];

/// What the owner column accepts.
const OWNERS: &str = "an owner: max, min, chance, terminal or player<k>";

/// Whether `c` may appear in a bare name.
fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '.' || c == '\''
}

/// Whether `c` may appear in a number token (more than numbers use, so that a bad number is
/// reported whole).
fn is_number_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '+' | '-' | '/' | '.' | '_')
}

/// How a vertex is referred to in a file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Label {
    /// A given name (bare or quoted).
    Name(String),
    /// An unnamed vertex by its number.
    Number(u64),
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Label::Name(name) => write!(f, "'{name}'"),
            Label::Number(k) => write!(f, "'{k}'"),
        }
    }
}

/// One vertex line.
struct Spec {
    label: Label,
    span: Span,
    owner: Owner,
    priority: Option<u32>,
    reward: Option<Rational>,
    payoff: Vec<Rational>,
    observation: Option<String>,
    successors: Vec<(Label, Span, Option<Rational>)>,
}

struct Parser<'a> {
    cur: Cursor<'a>,
    players: u8,
    players_seen: bool,
    start: Option<(Label, Span)>,
    discount: Option<Rational>,
    specs: Vec<Spec>,
    defined: HashMap<Label, usize>,
    /// The length of the first payoff vector, and where it was given.
    payoff_size: Option<(usize, Span)>,
    has_priority: bool,
    has_reward: bool,
    has_observation: bool,
}

/// Reads a game graph in the `.gg` format (see the [module documentation](self) and
/// `docs/formats.md`).
///
/// ```
/// use kalmar_core::format::read_gg;
/// let game = read_gg("kalmar-gg 1\nc chance -> a:1/2 b:1/2\na terminal payoff=1\nb terminal payoff=0\n")
///     .unwrap();
/// assert!(game.arena.has_chance());
/// let err = read_gg("kalmar-gg 1\nx max -> y\n").unwrap_err();
/// assert_eq!((err.span().line, err.span().column), (2, 10));
/// ```
pub fn read_gg(text: &str) -> Result<GameGraph, ParseError> {
    let text = super::check_size(text)?;
    let mut p = Parser {
        cur: Cursor::new(text),
        players: 2,
        players_seen: false,
        start: None,
        discount: None,
        specs: Vec::new(),
        defined: HashMap::new(),
        payoff_size: None,
        has_priority: false,
        has_reward: false,
        has_observation: false,
    };
    p.header()?;
    loop {
        p.cur.skip_blanks();
        match p.cur.peek() {
            None => break,
            Some('\n') => {
                p.cur.bump();
                continue;
            }
            Some('#') => {
                p.skip_comment();
                continue;
            }
            Some(_) => {}
        }
        let word = leading_word(p.cur.rest());
        if KEYWORDS.contains(&word) {
            p.directive(word)?;
        } else {
            p.vertex()?;
        }
        p.end_of_line("end of line")?;
    }
    p.finish()
}

/// The bare word at the start of `rest` (possibly empty).
fn leading_word(rest: &str) -> &str {
    let end = rest.find(|c| !is_name_char(c)).unwrap_or(rest.len());
    &rest[..end]
}

impl<'a> Parser<'a> {
    fn skip_comment(&mut self) {
        self.cur.take_while(|c| c != '\n');
    }

    /// Skips blanks; whether there were any.
    fn blanks(&mut self) -> bool {
        let before = self.cur.rest().len();
        self.cur.skip_blanks();
        self.cur.rest().len() != before
    }

    /// Whether the line ends here (end of input, end of line or a comment).
    fn at_line_end(&self) -> bool {
        matches!(self.cur.peek(), None | Some('\n') | Some('#'))
    }

    /// Expects the end of the line (after blanks and a comment) and consumes it.
    fn end_of_line(&mut self, expected: &str) -> Result<(), ParseError> {
        self.cur.skip_blanks();
        if self.cur.peek() == Some('#') {
            self.skip_comment();
        }
        match self.cur.peek() {
            None => Ok(()),
            Some('\n') => {
                self.cur.bump();
                Ok(())
            }
            Some(_) => Err(self.cur.error(expected)),
        }
    }

    /// Expects blanks before the next item, which the line must have.
    fn need_blank(&mut self, next: &str) -> Result<(), ParseError> {
        if self.blanks() && !self.at_line_end() {
            Ok(())
        } else {
            self.cur.skip_blanks();
            Err(self.cur.error(next))
        }
    }

    /// The first line: `kalmar-gg 1`.
    fn header(&mut self) -> Result<(), ParseError> {
        loop {
            self.cur.skip_whitespace();
            if self.cur.peek() == Some('#') {
                self.skip_comment();
            } else {
                break;
            }
        }
        let span = self.cur.span();
        let word = self.cur.take_while(|c| !c.is_whitespace() && c != '#');
        if word != "kalmar-gg" {
            let found = found(word, self.cur.rest());
            return Err(ParseError::new(
                span,
                found,
                "'kalmar-gg 1', the first line of a .gg file",
            ));
        }
        self.need_blank("the format version 1")?;
        let span = self.cur.span();
        let version = self.cur.take_while(|c| !c.is_whitespace() && c != '#');
        if version != "1" {
            return Err(ParseError::new(
                span,
                format!("'{version}'"),
                "the format version 1",
            ));
        }
        self.end_of_line("end of line after 'kalmar-gg 1'")
    }

    /// A directive line (`players`, `start`, `discount`).
    fn directive(&mut self, word: &str) -> Result<(), ParseError> {
        let span = self.cur.span();
        if !self.specs.is_empty() {
            return Err(ParseError::new(
                span,
                format!("'{word}'"),
                "a vertex (directives come before the first vertex; quote a vertex name that is a \
                 keyword)",
            ));
        }
        let repeated = match word {
            "players" => self.players_seen,
            "start" => self.start.is_some(),
            _ => self.discount.is_some(),
        };
        if repeated {
            return Err(ParseError::new(
                span,
                format!("a second '{word}'"),
                "each directive at most once",
            ));
        }
        self.cur.take_while(is_name_char);
        match word {
            "players" => {
                self.need_blank("the number of players, 0 to 255")?;
                let span = self.cur.span();
                let token = self.cur.take_while(is_number_char);
                match token.parse::<u8>() {
                    Ok(n) if token.bytes().all(|b| b.is_ascii_digit()) => {
                        self.players = n;
                        self.players_seen = true;
                    }
                    _ => {
                        return Err(ParseError::new(
                            span,
                            format!("'{token}'"),
                            "the number of players, 0 to 255",
                        ));
                    }
                }
            }
            "start" => {
                self.need_blank("the name of the start vertex")?;
                self.start = Some(self.label("the name of the start vertex")?);
            }
            _ => {
                self.need_blank("the discount factor, such as 9/10 or 0.9")?;
                let (d, span, token) = self.rational("the discount factor, such as 9/10 or 0.9")?;
                if d.signum().is_le() || d >= Rational::ONE {
                    return Err(ParseError::new(
                        span,
                        format!("'{token}'"),
                        "a discount factor strictly between 0 and 1",
                    ));
                }
                self.discount = Some(d);
            }
        }
        Ok(())
    }

    /// A vertex name: a bare word, a number or a quoted string.
    fn label(&mut self, expected: &str) -> Result<(Label, Span), ParseError> {
        let span = self.cur.span();
        if self.cur.peek() == Some('"') {
            return Ok((Label::Name(self.quoted()?), span));
        }
        let word = self.cur.take_while(is_name_char);
        if word.is_empty() {
            return Err(self.cur.error(expected));
        }
        if word.bytes().all(|b| b.is_ascii_digit()) {
            return match word.parse::<u64>() {
                Ok(k) => Ok((Label::Number(k), span)),
                Err(_) => Err(ParseError::new(
                    span,
                    format!("'{word}'"),
                    "a vertex number below 4294967295",
                )),
            };
        }
        if KEYWORDS.contains(&word) {
            return Err(ParseError::new(
                span,
                format!("the keyword '{word}'"),
                format!("a vertex name (write \"{word}\" in quotes to use it as a name)"),
            ));
        }
        Ok((Label::Name(word.to_string()), span))
    }

    /// A quoted name, the cursor at the opening quote.
    fn quoted(&mut self) -> Result<String, ParseError> {
        let open = self.cur.span();
        self.cur.bump();
        let mut name = String::new();
        loop {
            let here = self.cur.span();
            match self.cur.peek() {
                None | Some('\n') => {
                    return Err(ParseError::new(
                        open,
                        "a quoted name without its closing '\"'",
                        "a closing '\"' on the same line",
                    ));
                }
                Some('"') => {
                    self.cur.bump();
                    return Ok(name);
                }
                Some('\\') => {
                    self.cur.bump();
                    let c = match self.cur.bump() {
                        Some('"') => '"',
                        Some('\\') => '\\',
                        Some('n') => '\n',
                        Some('r') => '\r',
                        Some('t') => '\t',
                        Some('u') => self.unicode_escape(here)?,
                        other => {
                            let found = match other {
                                None | Some('\n') => "'\\' at the end of the line".to_string(),
                                Some(c) => format!("'\\{c}'"),
                            };
                            return Err(ParseError::new(
                                here,
                                found,
                                "an escape: \\\", \\\\, \\n, \\r, \\t or \\u{hex}",
                            ));
                        }
                    };
                    name.push(c);
                }
                Some(c) => {
                    self.cur.bump();
                    name.push(c);
                }
            }
        }
    }

    /// The rest of a `\u{HEX}` escape that starts at `start`.
    fn unicode_escape(&mut self, start: Span) -> Result<char, ParseError> {
        let bad = |p: &Self| {
            let shown: String = p
                .cur
                .rest()
                .chars()
                .take_while(|&c| c != '"')
                .take(8)
                .collect();
            ParseError::new(
                start,
                format!("'\\u{shown}'"),
                "a unicode escape such as \\u{e9}: 1 to 6 hex digits of a character",
            )
        };
        if self.cur.peek() != Some('{') {
            return Err(bad(self));
        }
        let rest = &self.cur.rest()[1..];
        let digits = &rest[..rest
            .find(|c: char| !c.is_ascii_hexdigit())
            .unwrap_or(rest.len())];
        if digits.is_empty() || digits.len() > 6 || !rest[digits.len()..].starts_with('}') {
            return Err(bad(self));
        }
        let c = u32::from_str_radix(digits, 16)
            .ok()
            .and_then(char::from_u32);
        match c {
            Some(c) => {
                for _ in 0..digits.len() + 2 {
                    self.cur.bump();
                }
                Ok(c)
            }
            None => Err(bad(self)),
        }
    }

    /// A rational number token: the value, where it starts and its text.
    fn rational(&mut self, expected: &str) -> Result<(Rational, Span, &'a str), ParseError> {
        let span = self.cur.span();
        let token = self.cur.take_while(is_number_char);
        if token.is_empty() {
            return Err(self.cur.error(expected));
        }
        match token.parse::<Rational>() {
            Ok(r) => Ok((r, span, token)),
            Err(e) => Err(ParseError::new(
                span,
                format!("'{token}'"),
                format!("{expected} ({e})"),
            )),
        }
    }

    /// A vertex line.
    fn vertex(&mut self) -> Result<(), ParseError> {
        let (label, span) = self.label("a vertex name")?;
        if let Label::Number(k) = label
            && k != self.specs.len() as u64
        {
            return Err(ParseError::new(
                span,
                format!("'{k}'"),
                format!(
                    "vertex number {} here (numbered vertices are defined in order)",
                    self.specs.len()
                ),
            ));
        }
        if self.specs.len() >= Vertex::LIMIT - 1 {
            return Err(ParseError::new(
                span,
                "one vertex too many",
                format!("at most {} vertices", Vertex::LIMIT - 1),
            ));
        }
        match self.defined.entry(label.clone()) {
            Entry::Occupied(first) => {
                let line = self.specs[*first.get()].span.line;
                return Err(ParseError::new(
                    span,
                    format!("{label} again"),
                    format!("a new vertex name ({label} is defined on line {line})"),
                ));
            }
            Entry::Vacant(slot) => {
                slot.insert(self.specs.len());
            }
        }
        self.need_blank(OWNERS)?;
        let owner = self.owner()?;
        let mut spec = Spec {
            label,
            span,
            owner,
            priority: None,
            reward: None,
            payoff: Vec::new(),
            observation: None,
            successors: Vec::new(),
        };
        loop {
            let had_blank = self.blanks();
            if self.at_line_end() {
                break;
            }
            if !had_blank {
                return Err(self.cur.error("white space"));
            }
            if self.cur.rest().starts_with("->") {
                return self.successors(spec);
            }
            self.attribute(&mut spec)?;
        }
        if owner != Owner::Terminal {
            return Err(self
                .cur
                .error("'->' and the successors (only terminals have no moves)"));
        }
        self.specs.push(spec);
        Ok(())
    }

    /// The owner column.
    fn owner(&mut self) -> Result<Owner, ParseError> {
        let span = self.cur.span();
        let word = self.cur.take_while(is_name_char);
        let player = match word {
            "max" => 0,
            "min" => 1,
            "chance" => return Ok(Owner::Chance),
            "terminal" => return Ok(Owner::Terminal),
            _ => match word.strip_prefix("player").map(str::parse::<u8>) {
                Some(Ok(k)) if word[6..].bytes().all(|b| b.is_ascii_digit()) => k,
                _ => {
                    let found = found(word, self.cur.rest());
                    return Err(ParseError::new(span, found, OWNERS));
                }
            },
        };
        if player >= self.players {
            let expected = match self.players {
                0 => "chance or terminal (the game has no players; set 'players N' first)"
                    .to_string(),
                n => format!(
                    "an owner of a game with {n} players (player0 to player{}; set 'players N' \
                     first for more)",
                    n - 1
                ),
            };
            return Err(ParseError::new(span, format!("'{word}'"), expected));
        }
        Ok(Owner::Player(Player(player)))
    }

    /// One `key=value` item.
    fn attribute(&mut self, spec: &mut Spec) -> Result<(), ParseError> {
        let span = self.cur.span();
        let key = self.cur.take_while(is_name_char);
        let seen = match key {
            "priority" => spec.priority.is_some(),
            "reward" => spec.reward.is_some(),
            "payoff" => !spec.payoff.is_empty(),
            "obs" => spec.observation.is_some(),
            _ => {
                let found = found(key, self.cur.rest());
                return Err(ParseError::new(
                    span,
                    found,
                    "'priority=', 'reward=', 'payoff=', 'obs=', '->' or the end of the line",
                ));
            }
        };
        if seen {
            return Err(ParseError::new(
                span,
                format!("a second '{key}'"),
                "each of priority, reward, payoff and obs at most once per vertex",
            ));
        }
        if key == "payoff" && spec.owner != Owner::Terminal {
            return Err(ParseError::new(
                span,
                "'payoff'",
                "'priority=', 'reward=' or '->' (only terminals have payoffs)",
            ));
        }
        if self.cur.peek() != Some('=') {
            return Err(self.cur.error(format!("'=' right after '{key}'")));
        }
        self.cur.bump();
        match key {
            "priority" => {
                let span = self.cur.span();
                let token = self.cur.take_while(is_number_char);
                let expected = "a priority: a whole number from 0 to 4294967295";
                if token.is_empty() {
                    return Err(self.cur.error(expected));
                }
                match token.parse::<u32>() {
                    Ok(p) if token.bytes().all(|b| b.is_ascii_digit()) => {
                        spec.priority = Some(p);
                        self.has_priority = true;
                    }
                    _ => return Err(ParseError::new(span, format!("'{token}'"), expected)),
                }
            }
            "reward" => {
                let (r, _, _) = self.rational("a reward such as 3, -1/2 or 0.25")?;
                spec.reward = Some(r);
                self.has_reward = true;
            }
            "obs" => {
                let name = if self.cur.peek() == Some('"') {
                    self.quoted()?
                } else {
                    let word = self.cur.take_while(is_name_char);
                    if word.is_empty() {
                        return Err(self.cur.error(
                            "an observation: a word of letters, digits, '_', '.' and ''' or a \
                             quoted name",
                        ));
                    }
                    word.to_string()
                };
                spec.observation = Some(name);
                self.has_observation = true;
            }
            _ => {
                let start = self.cur.span();
                let payoff = self.payoff()?;
                match self.payoff_size {
                    None => self.payoff_size = Some((payoff.len(), start)),
                    Some((size, first)) if size != payoff.len() => {
                        return Err(ParseError::new(
                            start,
                            format!("{} payoffs", payoff.len()),
                            format!(
                                "{size} payoffs, as in the first payoff (line {})",
                                first.line
                            ),
                        ));
                    }
                    Some(_) => {}
                }
                spec.payoff = payoff;
            }
        }
        Ok(())
    }

    /// A payoff value: one number or a parenthesised list.
    fn payoff(&mut self) -> Result<Vec<Rational>, ParseError> {
        const EXPECTED: &str = "a payoff such as 3, -1/2 or 0.25";
        if self.cur.peek() != Some('(') {
            let (r, _, _) = self.rational("a payoff such as 3, -1/2, 0.25 or (1,0,-1)")?;
            return Ok(vec![r]);
        }
        self.cur.bump();
        let mut payoff = Vec::new();
        loop {
            self.cur.skip_blanks();
            let (r, _, _) = self.rational(EXPECTED)?;
            payoff.push(r);
            self.cur.skip_blanks();
            match self.cur.peek() {
                Some(',') => {
                    self.cur.bump();
                }
                Some(')') => {
                    self.cur.bump();
                    return Ok(payoff);
                }
                _ => return Err(self.cur.error("',' or ')'")),
            }
        }
    }

    /// `->` and the successors, to the end of the line.
    fn successors(&mut self, mut spec: Spec) -> Result<(), ParseError> {
        let arrow = self.cur.span();
        if spec.owner == Owner::Terminal {
            return Err(ParseError::new(
                arrow,
                "'->'",
                "the end of the line (a terminal has no moves)",
            ));
        }
        self.cur.bump();
        self.cur.bump();
        let chance = spec.owner == Owner::Chance;
        let mut sum = Rational::ZERO;
        loop {
            let had_blank = self.blanks();
            if self.at_line_end() {
                break;
            }
            if !had_blank {
                return Err(self.cur.error("white space"));
            }
            let (label, span) = self.label("a successor's name")?;
            if self.cur.peek() == Some('=') {
                return Err(ParseError::new(
                    span,
                    match &label {
                        Label::Name(name) => format!("'{name}='"),
                        Label::Number(k) => format!("'{k}='"),
                    },
                    "a successor (priority=, reward= and payoff= come before '->')",
                ));
            }
            let mut probability = None;
            if self.cur.peek() == Some(':') {
                if !chance {
                    return Err(self.cur.error(
                        "white space or the end of the line (only moves of chance have \
                         probabilities)",
                    ));
                }
                self.cur.bump();
                let (p, span, token) = self.rational("a probability such as 1/2 or 0.25")?;
                if p.signum().is_le() || p > Rational::ONE {
                    return Err(ParseError::new(
                        span,
                        format!("'{token}'"),
                        "a probability greater than 0 and at most 1",
                    ));
                }
                sum = sum + &p;
                probability = Some(p);
            } else if chance {
                return Err(self.cur.error(
                    "':' and the probability of this move (moves of chance have probabilities)",
                ));
            }
            spec.successors.push((label, span, probability));
        }
        if spec.successors.is_empty() {
            return Err(self.cur.error("a successor after '->'"));
        }
        if chance && sum != Rational::ONE {
            return Err(ParseError::new(
                spec.span,
                format!("probabilities summing to {sum}"),
                "probabilities of the moves of chance summing to 1",
            ));
        }
        self.specs.push(spec);
        Ok(())
    }

    /// Resolves names and builds the graph.
    fn finish(self) -> Result<GameGraph, ParseError> {
        let lookup = |label: &Label, span: Span| -> Result<Vertex, ParseError> {
            match self.defined.get(label) {
                Some(&i) => Ok(Vertex::new(i)),
                None => Err(ParseError::new(
                    span,
                    label.to_string(),
                    "the name of a vertex defined in the file",
                )),
            }
        };
        let start = match &self.start {
            Some((label, span)) => Some(lookup(label, *span)?),
            None => None,
        };
        let edges = self.specs.iter().map(|spec| spec.successors.len()).sum();
        let mut b = Builder::new(self.players);
        b.reserve(self.specs.len(), edges);
        for spec in &self.specs {
            let v = b.add_vertex(spec.owner);
            if let Label::Name(name) = &spec.label {
                b.set_name(v, name.as_str());
            }
        }
        for (i, spec) in self.specs.iter().enumerate() {
            let v = Vertex::new(i);
            for (label, span, p) in &spec.successors {
                let w = lookup(label, *span)?;
                match p {
                    Some(p) => b.add_chance_edge(v, w, p.clone()),
                    None => b.add_edge(v, w),
                }
            }
        }
        if let Some(s) = start {
            b.set_start(s);
        }
        let arena = b.build().map_err(|e| {
            let span = e
                .at()
                .and_then(|v| self.specs.get(v.index()))
                .map_or(Span { line: 1, column: 1 }, |s| s.span);
            ParseError::new(span, e.to_string(), "a well-formed game")
        })?;
        let priority = self
            .has_priority
            .then(|| self.specs.iter().map(|s| s.priority.unwrap_or(0)).collect());
        let reward = self.has_reward.then(|| {
            self.specs
                .iter()
                .map(|s| s.reward.clone().unwrap_or(Rational::ZERO))
                .collect()
        });
        let observation = self
            .has_observation
            .then(|| self.specs.iter().map(|s| s.observation.clone()).collect());
        let payoff = self.specs.into_iter().map(|s| s.payoff).collect();
        Ok(GameGraph {
            arena,
            payoff,
            reward,
            priority,
            discount: self.discount,
            observation,
        })
    }
}

/// How an error names what stands at the start of `rest`.
fn describe(rest: &str) -> String {
    crate::error::describe_next(rest)
}

/// What a parse error says was found: the word just read, or what follows when it is empty.
fn found(word: &str, rest: &str) -> String {
    if word.is_empty() {
        describe(rest)
    } else {
        format!("'{word}'")
    }
}

/// Writes `name` as it appears in a `.gg` file: bare when it is a word that is neither all
/// digits nor a keyword, quoted otherwise.
fn write_name(out: &mut impl fmt::Write, name: &str) -> fmt::Result {
    let bare = !name.is_empty()
        && name.chars().all(is_name_char)
        && !name.bytes().all(|b| b.is_ascii_digit())
        && !KEYWORDS.contains(&name);
    if bare {
        return out.write_str(name);
    }
    out.write_char('"')?;
    for c in name.chars() {
        match c {
            '"' => out.write_str("\\\"")?,
            '\\' => out.write_str("\\\\")?,
            '\n' => out.write_str("\\n")?,
            '\r' => out.write_str("\\r")?,
            '\t' => out.write_str("\\t")?,
            c if c.is_control() => write!(out, "\\u{{{:x}}}", c as u32)?,
            c => out.write_char(c)?,
        }
    }
    out.write_char('"')
}

/// Writes how vertex `v` is referred to: its name, or its number if it has none.
fn write_vertex(out: &mut impl fmt::Write, graph: &GameGraph, v: Vertex) -> fmt::Result {
    match graph.arena.given_name(v) {
        Some(name) => write_name(out, name),
        None => write!(out, "{}", v.index()),
    }
}

/// Writes `graph` in the canonical `.gg` form. For every graph that passes
/// [`GameGraph::validate`], [`read_gg`] reads the text back to an equal graph (names, start,
/// move order and all labels included). Labels missing for some vertex (a graph that does not
/// validate) are left out for that vertex.
///
/// ```
/// use kalmar_core::{Builder, Owner, Player};
/// use kalmar_core::format::{GameGraph, to_gg_string};
/// let mut b = Builder::new(2);
/// let x = b.add_vertex(Owner::Player(Player::MAX));
/// b.add_edge(x, x);
/// let text = to_gg_string(&GameGraph::new(b.build().unwrap()));
/// assert_eq!(text, "kalmar-gg 1\nplayers 2\n0 max -> 0\n");
/// ```
pub fn write_gg(graph: &GameGraph, out: &mut impl fmt::Write) -> fmt::Result {
    let arena = &graph.arena;
    writeln!(out, "kalmar-gg 1")?;
    writeln!(out, "players {}", arena.num_players())?;
    if let Some(s) = arena.start() {
        out.write_str("start ")?;
        write_vertex(out, graph, s)?;
        out.write_char('\n')?;
    }
    if let Some(d) = &graph.discount {
        writeln!(out, "discount {d}")?;
    }
    let two_players = arena.num_players() == 2;
    for v in arena.vertices() {
        let i = v.index();
        write_vertex(out, graph, v)?;
        match arena.owner(v) {
            Owner::Player(p) if two_players && p == Player::MAX => out.write_str(" max")?,
            Owner::Player(p) if two_players && p == Player::MIN => out.write_str(" min")?,
            Owner::Player(p) => write!(out, " player{}", p.0)?,
            Owner::Chance => out.write_str(" chance")?,
            Owner::Terminal => out.write_str(" terminal")?,
        }
        if let Some(p) = graph.priority.as_ref().and_then(|p| p.get(i)) {
            write!(out, " priority={p}")?;
        }
        if let Some(r) = graph.reward.as_ref().and_then(|r| r.get(i)) {
            write!(out, " reward={r}")?;
        }
        if let Some(o) = graph
            .observation
            .as_ref()
            .and_then(|o| o.get(i)?.as_deref())
        {
            out.write_str(" obs=")?;
            write_name(out, o)?;
        }
        match graph.payoff.get(i).map(Vec::as_slice) {
            None | Some([]) => {}
            Some([x]) => write!(out, " payoff={x}")?,
            Some(xs) => {
                out.write_str(" payoff=(")?;
                for (k, x) in xs.iter().enumerate() {
                    if k > 0 {
                        out.write_char(',')?;
                    }
                    write!(out, "{x}")?;
                }
                out.write_char(')')?;
            }
        }
        if arena.owner(v) != Owner::Terminal {
            out.write_str(" ->")?;
            for e in arena.out_edges(v) {
                out.write_char(' ')?;
                write_vertex(out, graph, arena.target(e))?;
                if let Some(p) = arena.probability(e) {
                    write!(out, ":{p}")?;
                }
            }
        }
        out.write_char('\n')?;
    }
    Ok(())
}

/// The canonical `.gg` text of `graph` (see [`write_gg`]).
pub fn to_gg_string(graph: &GameGraph) -> String {
    let mut out = String::new();
    // Writing to a `String` cannot fail.
    let _ = write_gg(graph, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> (u32, u32, String, String) {
        let e = read_gg(text).unwrap_err();
        (
            e.span().line,
            e.span().column,
            e.found().to_string(),
            e.expected().to_string(),
        )
    }

    #[test]
    fn reads_the_example() {
        let text = "\
# an example
kalmar-gg 1
players 3            # optional, default 2
start v0             # optional
discount 9/10        # optional
# name  owner   [key=value ...]        [-> successors]
v0      max     priority=2 reward=-1   -> v1 v2
v1      min                            -> v0 t
v2      chance                         -> v0:1/3 t:2/3
p       player2                        -> v0
t       terminal payoff=(1,0,-1)
u       terminal payoff=( 1/2 , 0.25,-3 )
\"a name\" terminal
";
        let g = read_gg(text).unwrap();
        let a = &g.arena;
        assert_eq!(a.num_vertices(), 7);
        assert_eq!(a.num_players(), 3);
        assert_eq!(a.start(), Some(Vertex(0)));
        assert_eq!(g.discount, Some(Rational::new(9, 10)));
        assert_eq!(a.owner(Vertex(3)), Owner::Player(Player(2)));
        assert_eq!(a.successors(Vertex(2)), &[Vertex(0), Vertex(4)]);
        assert_eq!(
            a.probability(a.find_edge(Vertex(2), Vertex(4)).unwrap()),
            Some(&Rational::new(2, 3))
        );
        assert_eq!(g.priority, Some(vec![2, 0, 0, 0, 0, 0, 0]));
        assert_eq!(g.reward.as_ref().unwrap()[0], Rational::from(-1));
        assert_eq!(
            g.payoff[5],
            vec![Rational::new(1, 2), Rational::new(1, 4), Rational::from(-3)]
        );
        assert!(g.payoff[6].is_empty());
        assert_eq!(a.name(Vertex(6)), "a name");
        g.validate().unwrap();
        let text = to_gg_string(&g);
        assert_eq!(read_gg(&text).unwrap(), g);
        assert_eq!(to_gg_string(&read_gg(&text).unwrap()), text);
    }

    #[test]
    fn numbers_are_unnamed_vertices() {
        let g = read_gg("kalmar-gg 1\n0 max -> 1 \"1\"\n1 terminal\n\"1\" terminal").unwrap();
        assert_eq!(g.arena.given_name(Vertex(0)), None);
        assert_eq!(g.arena.given_name(Vertex(2)), Some("1"));
        assert_eq!(g.arena.successors(Vertex(0)), &[Vertex(1), Vertex(2)]);
        assert_eq!(
            to_gg_string(&g),
            "kalmar-gg 1\nplayers 2\n0 max -> 1 \"1\"\n1 terminal\n\"1\" terminal\n"
        );
    }

    #[test]
    fn quoting() {
        for name in [
            "",
            "a b",
            "start",
            "12",
            "x\"y\\z",
            "tab\there",
            "\u{1b}",
            "é→",
            "a:b",
        ] {
            let mut out = String::new();
            write_name(&mut out, name).unwrap();
            let text = format!("kalmar-gg 1\n{out} terminal\n");
            let g = read_gg(&text).unwrap();
            assert_eq!(g.arena.given_name(Vertex(0)), Some(name), "{text}");
        }
        let mut out = String::new();
        write_name(&mut out, "v0'.x_é").unwrap();
        assert_eq!(out, "v0'.x_é");
    }

    #[test]
    fn error_positions() {
        let (line, column, found, _) = pos("kalmar-gg 2\n");
        assert_eq!((line, column, found.as_str()), (1, 11, "'2'"));
        let (line, column, _, expected) = pos("kalmar-gg 1\nv max -> v\nv min -> v\n");
        assert_eq!((line, column), (3, 1));
        assert!(expected.contains("line 2"), "{expected}");
    }
}
