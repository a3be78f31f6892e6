//! The parser's labels: `!`, `&`, `|`, parentheses, constants, propositions and aliases.

use super::expr::{Expr, Label};
use super::lexer::Kind;
use super::parser::Parser;
use kalmar_core::ParseError;

/// The deepest nesting of parentheses in a label.
const MAX_PARENS: u32 = 256;

/// The deepest nesting of `&` and `|` in a label, aliases included.
const MAX_DEPTH: u32 = 256;

/// What a label's atom may be.
const EXPECT_ATOM: &str = "an atomic proposition number, an alias '@name', 't', 'f', '!' or '('";

impl<'a> Parser<'a> {
    /// A label expression (without its brackets), in negation normal form.
    pub(super) fn label(
        &mut self,
        pending_ap: &mut Option<(u32, usize)>,
    ) -> Result<Label, ParseError> {
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
}
