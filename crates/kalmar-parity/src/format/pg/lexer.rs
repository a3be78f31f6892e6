//! The token reader shared by the game and solution formats, and the header's max-id.

use kalmar_core::error::Cursor;
use kalmar_core::{ParseError, Span, Vertex};

/// What the lexer reads a number into.
pub(super) const EXPECT_ID: &str = "a vertex id";

/// The shared token reader of the game and solution formats.
pub(super) struct Lexer<'a> {
    pub(super) cur: Cursor<'a>,
}

impl<'a> Lexer<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        Lexer {
            cur: Cursor::new(text),
        }
    }

    /// Skips white space and returns the next character.
    pub(super) fn peek(&mut self) -> Option<char> {
        self.cur.skip_whitespace();
        self.cur.peek()
    }

    /// The keyword (ASCII letters) at the cursor, not consumed.
    pub(super) fn keyword(&mut self) -> &'a str {
        self.cur.skip_whitespace();
        let rest = self.cur.rest();
        let end = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        &rest[..end]
    }

    /// Consumes the keyword `word`, which stands at the cursor.
    pub(super) fn take_keyword(&mut self, word: &str) {
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
    pub(super) fn number(&mut self, expected: &str) -> Result<(u64, Span), ParseError> {
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
    pub(super) fn max_id(&mut self) -> Result<(MaxId, Span), ParseError> {
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
    pub(super) fn semicolon(&mut self, expected: &str) -> Result<(), ParseError> {
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
pub(super) struct MaxId(pub(super) Option<u64>);

/// Checks `id` against the header, if there is one.
pub(super) fn check_max(
    header: Option<(MaxId, Span)>,
    id: u64,
    span: Span,
) -> Result<(), ParseError> {
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

/// The vertices of a game by their `.pg` ids (sorted, one per vertex in vertex order): an id is
/// found by its position, directly when the ids are exactly `0..n` (the usual case), else by
/// binary search.
pub(super) struct IdIndex<'a> {
    ids: &'a [u64],
    dense: bool,
}

impl<'a> IdIndex<'a> {
    /// The index of sorted `ids`.
    pub(super) fn new(ids: &'a [u64]) -> IdIndex<'a> {
        let dense = ids.iter().enumerate().all(|(i, &id)| id == i as u64);
        IdIndex { ids, dense }
    }

    /// The vertex of `id`, or an error at `span` that expects `expected`.
    pub(super) fn find(&self, id: u64, span: Span, expected: &str) -> Result<Vertex, ParseError> {
        let found = if self.dense {
            (id < self.ids.len() as u64).then_some(id as usize).ok_or(0)
        } else {
            self.ids.binary_search(&id)
        };
        found
            .map(Vertex::new)
            .map_err(|_| ParseError::new(span, format!("id {id}"), expected))
    }
}
