//! The `.gg` reader: [`read_gg`], the directives, names, quoting and numbers; the vertex lines
//! are in the sibling module `vertex`.

use super::{KEYWORDS, is_name_char};
use crate::error::Cursor;
use crate::format::GameGraph;
use crate::{Owner, ParseError, Rational, Span};
use foldhash::{HashMap, HashMapExt};
use std::fmt;

/// Whether `c` may appear in a number token (more than numbers use, so that a bad number is
/// reported whole).
pub(super) fn is_number_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '+' | '-' | '/' | '.' | '_')
}

/// How a vertex is referred to in a file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Label {
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
pub(super) struct Spec {
    pub(super) label: Label,
    pub(super) span: Span,
    pub(super) owner: Owner,
    pub(super) priority: Option<u32>,
    /// The attributes most vertices lack, boxed so that a vertex without them costs a pointer.
    pub(super) extra: Option<Box<Extra>>,
    /// Where its successors lie in [`Parser::successors`].
    pub(super) successors: std::ops::Range<usize>,
}

/// A successor as the reader keeps it until every vertex is defined: a vertex number, or, with
/// [`Target::NAMED`], the index of its name in [`Parser::successor_names`], or, with
/// [`Target::HUGE`], the index there of a number too large for any vertex, as written.
#[derive(Clone, Copy)]
pub(super) struct Target(pub(super) u64);

impl Target {
    pub(super) const NAMED: u64 = 1 << 63;
    pub(super) const HUGE: u64 = 1 << 62;
}

/// A vertex's reward, payoff and observation, where it has any.
#[derive(Default)]
pub(super) struct Extra {
    pub(super) reward: Option<Rational>,
    pub(super) payoff: Vec<Rational>,
    pub(super) observation: Option<String>,
}

impl Spec {
    /// The vertex's extra attributes, made empty on first use.
    pub(super) fn extra_mut(&mut self) -> &mut Extra {
        self.extra.get_or_insert_with(Box::default)
    }
}

pub(super) struct Parser<'a> {
    pub(super) cur: Cursor<'a>,
    pub(super) players: u8,
    players_seen: bool,
    pub(super) start: Option<(Label, Span)>,
    pub(super) discount: Option<Rational>,
    pub(super) cycle: Option<Vec<Rational>>,
    pub(super) specs: Vec<Spec>,
    /// The successors of every vertex, one after the other (a vertex's are a range), so that a
    /// file of millions of moves costs one array of 16 bytes a move, not a vector per vertex.
    pub(super) successors: Vec<(Target, Span)>,
    /// The names (and the numbers too large for any vertex) successors are given by.
    pub(super) successor_names: Vec<String>,
    /// The probabilities of the moves of chance, in the order of their successors.
    pub(super) probabilities: Vec<Rational>,
    /// The vertices defined by name. A number needs no table: vertex `k` is numbered `k`
    /// (numbered vertices are defined in order) exactly when `numbered[k]`, a byte per vertex
    /// that resolving millions of successors reads instead of the vertices' specs.
    pub(super) defined: HashMap<String, usize>,
    pub(super) numbered: Vec<bool>,
    /// The length of the first payoff vector, and where it was given.
    pub(super) payoff_size: Option<(usize, Span)>,
    pub(super) has_priority: bool,
    pub(super) has_reward: bool,
    pub(super) has_observation: bool,
}

/// Reads a game graph in the `.gg` format (see the [module documentation](super) and
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
    let text = crate::format::check_size(text)?;
    let mut p = Parser {
        cur: Cursor::new(text),
        players: 2,
        players_seen: false,
        start: None,
        discount: None,
        cycle: None,
        specs: Vec::new(),
        successors: Vec::new(),
        successor_names: Vec::new(),
        probabilities: Vec::new(),
        defined: HashMap::new(),
        numbered: Vec::new(),
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
    pub(super) fn blanks(&mut self) -> bool {
        let before = self.cur.rest().len();
        self.cur.skip_blanks();
        self.cur.rest().len() != before
    }

    /// Whether the line ends here (end of input, end of line or a comment).
    pub(super) fn at_line_end(&self) -> bool {
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
    pub(super) fn need_blank(&mut self, next: &str) -> Result<(), ParseError> {
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

    /// A directive line (`players`, `start`, `discount`, `cycle`).
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
            "cycle" => self.cycle.is_some(),
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
            "cycle" => {
                self.need_blank("the utilities of infinite play, such as (1,0,2)")?;
                let start = self.cur.span();
                let cycle = self.payoff()?;
                // Every terminal's payoff must have as many entries.
                self.payoff_size = Some((cycle.len(), start));
                self.cycle = Some(cycle);
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
    pub(super) fn label(&mut self, expected: &str) -> Result<(Label, Span), ParseError> {
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
    pub(super) fn quoted(&mut self) -> Result<String, ParseError> {
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
    pub(super) fn rational(
        &mut self,
        expected: &str,
    ) -> Result<(Rational, Span, &'a str), ParseError> {
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
}

/// How an error names what stands at the start of `rest`.
fn describe(rest: &str) -> String {
    crate::error::describe_next(rest)
}

/// What a parse error says was found: the word just read, or what follows when it is empty.
pub(super) fn found(word: &str, rest: &str) -> String {
    if word.is_empty() {
        describe(rest)
    } else {
        format!("'{word}'")
    }
}
