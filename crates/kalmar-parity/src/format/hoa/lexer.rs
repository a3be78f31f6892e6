//! The HOA reader's tokenizer: tokens, and the line and column of a byte offset for errors.

use kalmar_core::{ParseError, Span};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
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
pub(super) struct Token {
    pub(super) kind: Kind,
    pub(super) start: usize,
    end: usize,
}

impl Token {
    pub(super) fn is(&self, c: u8) -> bool {
        self.kind == Kind::Punct(c)
    }
}

/// The tokenizer, over bytes; positions are byte offsets, turned into line and column only for
/// errors.
pub(super) struct Lexer<'a> {
    pub(super) text: &'a str,
    pos: usize,
    pub(super) peeked: Option<Token>,
}

fn is_ident_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

impl<'a> Lexer<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        Lexer {
            text,
            pos: 0,
            peeked: None,
        }
    }

    /// An error at byte offset `at`.
    pub(super) fn error(
        &self,
        at: usize,
        found: impl Into<String>,
        expected: impl Into<String>,
    ) -> ParseError {
        ParseError::new(span_at(self.text, at), found, expected)
    }

    /// An error at `token`, describing it as found.
    pub(super) fn unexpected(&self, token: Token, expected: impl Into<String>) -> ParseError {
        self.error(token.start, self.describe(token), expected)
    }

    pub(super) fn describe(&self, token: Token) -> String {
        match token.kind {
            Kind::Eof => "end of input".to_string(),
            _ => format!("'{}'", &self.text[token.start..token.end]),
        }
    }

    pub(super) fn slice(&self, token: Token) -> &'a str {
        &self.text[token.start..token.end]
    }

    /// The name of a header token, without its colon.
    pub(super) fn header_name(&self, token: Token) -> &'a str {
        &self.text[token.start..token.end - 1]
    }

    pub(super) fn peek(&mut self) -> Result<Token, ParseError> {
        if let Some(t) = self.peeked {
            return Ok(t);
        }
        let t = self.scan()?;
        self.peeked = Some(t);
        Ok(t)
    }

    pub(super) fn next(&mut self) -> Result<Token, ParseError> {
        let t = self.peek()?;
        self.peeked = None;
        Ok(t)
    }

    /// Consumes the next token if it is the punctuation `c`.
    pub(super) fn eat(&mut self, c: u8) -> Result<bool, ParseError> {
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
    pub(super) fn version(&mut self) -> Result<Token, ParseError> {
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
    pub(super) fn number(&self, token: Token, what: &str) -> Result<u32, ParseError> {
        if token.kind != Kind::Int {
            return Err(self.unexpected(token, what.to_string()));
        }
        self.slice(token)
            .parse::<u32>()
            .map_err(|_| self.unexpected(token, format!("{what} below 2^32")))
    }
}

/// The line and column of byte offset `at` (columns count characters).
pub(super) fn span_at(text: &str, at: usize) -> Span {
    let before = &text[..at.min(text.len())];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    Span {
        line: u32::try_from(line).unwrap_or(u32::MAX),
        column: u32::try_from(column).unwrap_or(u32::MAX),
    }
}
