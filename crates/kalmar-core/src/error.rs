//! Errors with positions: every parser reports the file, line and column of the first problem,
//! what it found there and what it expected.

use std::fmt;

/// A place in a text input: 1-based line and column (columns count characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    /// The line, starting at 1.
    pub line: u32,
    /// The column, starting at 1.
    pub column: u32,
}

/// An error in a text input: where, what was found and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    file: Option<String>,
    span: Span,
    found: String,
    expected: String,
}

impl ParseError {
    /// A new error at `span`: `found` is what stands there (quoted by the caller if it is text),
    /// `expected` what the grammar allows.
    pub fn new(span: Span, found: impl Into<String>, expected: impl Into<String>) -> Self {
        let mut found = found.into();
        if found.chars().count() > 40 {
            found = found.chars().take(37).collect::<String>() + "...";
        }
        ParseError {
            file: None,
            span,
            found,
            expected: expected.into(),
        }
    }

    /// The same error, naming the file it is in.
    pub fn in_file(mut self, file: impl Into<String>) -> Self {
        self.file = Some(file.into());
        self
    }

    /// The file, if one was named.
    pub fn file(&self) -> Option<&str> {
        self.file.as_deref()
    }

    /// The line and column.
    pub fn span(&self) -> Span {
        self.span
    }

    /// What was found.
    pub fn found(&self) -> &str {
        &self.found
    }

    /// What was expected.
    pub fn expected(&self) -> &str {
        &self.expected
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = self.file.as_deref().unwrap_or("<input>");
        write!(
            f,
            "{file}:{}:{}: found {}, expected {}",
            self.span.line, self.span.column, self.found, self.expected
        )
    }
}

impl std::error::Error for ParseError {}

/// A cursor over a text input that tracks line and column: the shared tokenizer state of the
/// line-oriented parsers.
#[derive(Clone, Debug)]
pub struct Cursor<'a> {
    rest: &'a str,
    span: Span,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `text`.
    pub fn new(text: &'a str) -> Self {
        Cursor {
            rest: text,
            span: Span { line: 1, column: 1 },
        }
    }

    /// The position of the next character.
    pub fn span(&self) -> Span {
        self.span
    }

    /// The unread input.
    pub fn rest(&self) -> &'a str {
        self.rest
    }

    /// The next character, without consuming it.
    pub fn peek(&self) -> Option<char> {
        self.rest.chars().next()
    }

    /// Consumes one character.
    pub fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.rest = &self.rest[c.len_utf8()..];
        if c == '\n' {
            self.span.line += 1;
            self.span.column = 1;
        } else {
            self.span.column += 1;
        }
        Some(c)
    }

    /// Consumes characters while `pred` holds and returns them. Runs of ASCII, the common case,
    /// are scanned byte by byte without decoding.
    pub fn take_while(&mut self, pred: impl Fn(char) -> bool) -> &'a str {
        let start = self.rest;
        let bytes = start.as_bytes();
        let mut len = 0;
        loop {
            match bytes.get(len) {
                Some(&b) if b.is_ascii() => {
                    if !pred(b as char) {
                        break;
                    }
                    len += 1;
                    if b == b'\n' {
                        self.span.line += 1;
                        self.span.column = 1;
                    } else {
                        self.span.column += 1;
                    }
                }
                Some(_) => {
                    let c = start[len..]
                        .chars()
                        .next()
                        .expect("a character starts here");
                    if !pred(c) {
                        break;
                    }
                    len += c.len_utf8();
                    self.span.column += 1;
                }
                None => break,
            }
        }
        self.rest = &start[len..];
        &start[..len]
    }

    /// Skips spaces and tabs (not newlines).
    pub fn skip_blanks(&mut self) {
        self.take_while(|c| c == ' ' || c == '\t' || c == '\r');
    }

    /// Skips all white space including newlines.
    pub fn skip_whitespace(&mut self) {
        self.take_while(char::is_whitespace);
    }

    /// An error at the current position, describing the next token as found.
    pub fn error(&self, expected: impl Into<String>) -> ParseError {
        ParseError::new(self.span, describe_next(self.rest), expected)
    }
}

/// How a parse error names what stands at the start of `rest`.
pub fn describe_next(rest: &str) -> String {
    match rest.chars().next() {
        None => "end of input".to_string(),
        Some('\n') => "end of line".to_string(),
        Some(c) if c.is_whitespace() => "white space".to_string(),
        Some(_) => {
            let token: String = rest
                .chars()
                .take_while(|c| !c.is_whitespace())
                .take(40)
                .collect();
            format!("'{token}'")
        }
    }
}
