//! The tokens of Gambit's `.efg` and `.nfg` files: quoted strings (with `\"` and `\\` escapes),
//! numbers, words, braces and commas, each with its line and column.
//!
//! ```
//! use kalmar_efg::format::lex::{Lexer, Token};
//! let mut lex = Lexer::new("p \"a \\\"b\\\"\" { 1/2 }");
//! lex.word("p").unwrap();
//! assert_eq!(lex.string("a label").unwrap(), "a \"b\"");
//! lex.open().unwrap();
//! let (span, half) = lex.number("a number").unwrap();
//! assert_eq!((span.line, span.column, half.text.as_str()), (1, 15, "1/2"));
//! assert_eq!(lex.advance().unwrap().1, Some(Token::Close));
//! assert!(lex.at_end().unwrap());
//! ```

use crate::number::Num;
use kalmar_core::error::Cursor;
use kalmar_core::{ParseError, Span};

/// A token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token<'a> {
    /// A quoted string, unescaped.
    Str(String),
    /// A number (integer, decimal, fraction, exponent form).
    Number(&'a str),
    /// A bare word such as `EFG`, `R`, `p`, `c`, `t`.
    Word(&'a str),
    /// `{`
    Open,
    /// `}`
    Close,
    /// `,`
    Comma,
}

/// A tokenizer with one token of lookahead.
pub struct Lexer<'a> {
    cursor: Cursor<'a>,
    peeked: Option<(Span, Option<Token<'a>>)>,
}

fn describe(token: &Option<Token<'_>>) -> String {
    match token {
        None => "end of input".into(),
        Some(Token::Str(s)) => format!("string \"{s}\""),
        Some(Token::Number(n)) => format!("number {n}"),
        Some(Token::Word(w)) => format!("'{w}'"),
        Some(Token::Open) => "'{'".into(),
        Some(Token::Close) => "'}'".into(),
        Some(Token::Comma) => "','".into(),
    }
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`.
    pub fn new(text: &'a str) -> Self {
        Lexer {
            cursor: Cursor::new(text),
            peeked: None,
        }
    }

    fn read(&mut self) -> Result<(Span, Option<Token<'a>>), ParseError> {
        self.cursor.skip_whitespace();
        let span = self.cursor.span();
        let Some(c) = self.cursor.peek() else {
            return Ok((span, None));
        };
        let token = match c {
            '{' => {
                self.cursor.bump();
                Token::Open
            }
            '}' => {
                self.cursor.bump();
                Token::Close
            }
            ',' => {
                self.cursor.bump();
                Token::Comma
            }
            '"' => {
                self.cursor.bump();
                let mut s = String::new();
                loop {
                    match self.cursor.bump() {
                        None => {
                            return Err(ParseError::new(
                                self.cursor.span(),
                                "end of input",
                                "a closing '\"'",
                            ));
                        }
                        Some('"') => break,
                        Some('\\') => match self.cursor.bump() {
                            Some(c) => s.push(c),
                            None => {
                                return Err(ParseError::new(
                                    self.cursor.span(),
                                    "end of input",
                                    "a character after '\\'",
                                ));
                            }
                        },
                        Some(c) => s.push(c),
                    }
                }
                Token::Str(s)
            }
            c if c.is_ascii_digit() || c == '-' || c == '+' || c == '.' => {
                let text = self.cursor.take_while(|c| {
                    c.is_ascii_alphanumeric() || matches!(c, '.' | '/' | '-' | '+')
                });
                Token::Number(text)
            }
            c if c.is_alphabetic() => {
                Token::Word(self.cursor.take_while(|c| c.is_alphanumeric() || c == '_'))
            }
            _ => {
                return Err(self
                    .cursor
                    .error("a string, a number, a word, '{', '}' or ','"));
            }
        };
        Ok((span, Some(token)))
    }

    /// The next token without consuming it, and where it starts.
    pub fn peek(&mut self) -> Result<(Span, Option<&Token<'a>>), ParseError> {
        if self.peeked.is_none() {
            self.peeked = Some(self.read()?);
        }
        let (span, token) = self.peeked.as_ref().expect("just filled");
        Ok((*span, token.as_ref()))
    }

    /// Consumes the next token.
    pub fn advance(&mut self) -> Result<(Span, Option<Token<'a>>), ParseError> {
        match self.peeked.take() {
            Some(t) => Ok(t),
            None => self.read(),
        }
    }

    /// An error at the next token.
    pub fn error(&mut self, expected: &str) -> ParseError {
        match self.peek() {
            Ok((span, token)) => ParseError::new(span, describe(&token.cloned()), expected),
            Err(e) => e,
        }
    }

    /// Consumes a bare word equal to `word`.
    pub fn word(&mut self, word: &str) -> Result<(), ParseError> {
        match self.peek()? {
            (_, Some(Token::Word(w))) if *w == word => {
                self.advance()?;
                Ok(())
            }
            _ => Err(self.error(&format!("'{word}'"))),
        }
    }

    /// Consumes any bare word.
    pub fn any_word(&mut self, expected: &str) -> Result<(Span, &'a str), ParseError> {
        match self.peek()? {
            (span, Some(Token::Word(w))) => {
                let (w, span) = (*w, span);
                self.advance()?;
                Ok((span, w))
            }
            _ => Err(self.error(expected)),
        }
    }

    /// Consumes a quoted string.
    pub fn string(&mut self, expected: &str) -> Result<String, ParseError> {
        match self.peek()? {
            (_, Some(Token::Str(_))) => match self.advance()? {
                (_, Some(Token::Str(s))) => Ok(s),
                _ => unreachable!("peeked a string"),
            },
            _ => Err(self.error(expected)),
        }
    }

    /// Consumes a quoted string if one is next.
    pub fn optional_string(&mut self) -> Result<Option<String>, ParseError> {
        match self.peek()? {
            (_, Some(Token::Str(_))) => self.string("a string").map(Some),
            _ => Ok(None),
        }
    }

    /// Consumes `{` if it is next.
    pub fn optional_open(&mut self) -> Result<bool, ParseError> {
        if matches!(self.peek()?, (_, Some(Token::Open))) {
            self.advance()?;
            return Ok(true);
        }
        Ok(false)
    }

    /// Consumes `{`.
    pub fn open(&mut self) -> Result<(), ParseError> {
        if self.optional_open()? {
            Ok(())
        } else {
            Err(self.error("'{'"))
        }
    }

    /// Consumes `}` if it is next.
    pub fn optional_close(&mut self) -> Result<bool, ParseError> {
        if matches!(self.peek()?, (_, Some(Token::Close))) {
            self.advance()?;
            return Ok(true);
        }
        Ok(false)
    }

    /// Consumes `,` if it is next.
    pub fn optional_comma(&mut self) -> Result<(), ParseError> {
        if matches!(self.peek()?, (_, Some(Token::Comma))) {
            self.advance()?;
        }
        Ok(())
    }

    /// Consumes an exact number.
    pub fn number(&mut self, expected: &str) -> Result<(Span, Num), ParseError> {
        match self.peek()? {
            (span, Some(Token::Number(text))) => match Num::parse(text) {
                Some(n) => {
                    self.advance()?;
                    Ok((span, n))
                }
                None => Err(self.error(expected)),
            },
            _ => Err(self.error(expected)),
        }
    }

    /// The header both Gambit formats open with: `KIND VERSION R|D "title" { "player" … }`
    /// (Gambit once wrote `D` for games with floating-point numbers; both are read exactly).
    /// Returns the title and the players' names.
    pub fn header(
        &mut self,
        kind: &str,
        version: u32,
    ) -> Result<(String, Vec<String>), ParseError> {
        self.word(kind)?;
        let expected = format!("the format version {version}");
        let (span, found) = self.count(&expected)?;
        if found != version {
            return Err(ParseError::new(span, found.to_string(), expected));
        }
        let (span, field) = self.any_word("'R' (rational) or 'D'")?;
        if field != "R" && field != "D" {
            return Err(ParseError::new(span, format!("'{field}'"), "'R' or 'D'"));
        }
        let title = self.string("the game's title (a quoted string)")?;
        self.open()?;
        let mut players = Vec::new();
        while !self.optional_close()? {
            players.push(self.string("a player's name (a quoted string) or '}'")?);
        }
        Ok((title, players))
    }

    /// Consumes a nonnegative integer that fits in `u32`.
    pub fn count(&mut self, expected: &str) -> Result<(Span, u32), ParseError> {
        match self.peek()? {
            (span, Some(Token::Number(text))) => match text.parse::<u32>() {
                Ok(n) if !text.starts_with('+') => {
                    self.advance()?;
                    Ok((span, n))
                }
                _ => Err(self.error(expected)),
            },
            _ => Err(self.error(expected)),
        }
    }

    /// Whether the input is exhausted.
    pub fn at_end(&mut self) -> Result<bool, ParseError> {
        Ok(self.peek()?.1.is_none())
    }
}

/// Quotes a label as Gambit does: in double quotes, with `"` and `\` escaped by a backslash.
pub fn quote(label: &str) -> String {
    let mut out = String::with_capacity(label.len() + 2);
    out.push('"');
    for c in label.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}
