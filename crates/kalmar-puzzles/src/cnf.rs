//! Formulas in conjunctive normal form and the DIMACS CNF format that SAT solvers and
//! benchmark sets (SATLIB, the SAT competitions) use — the input of the 3-SAT reduction.
//!
//! # Grammar
//! Lines starting with `c` are comments. The header `p cnf VARIABLES CLAUSES` comes before
//! any clause. Then literals — non-zero integers, `-v` the negation of variable `v`, with
//! `1 ≤ v ≤ VARIABLES` — separated by blanks and newlines; `0` ends each clause, and a clause
//! may span lines. Exactly `CLAUSES` clauses. A line `%` ends the formula early (SATLIB's
//! files have one, followed by a stray `0`); the rest is ignored.
//!
//! ```
//! use kalmar_puzzles::cnf::Cnf;
//! let formula = Cnf::parse("c two clauses\np cnf 3 2\n1 -3 0\n2 3\n-1 0\n").unwrap();
//! assert_eq!(formula.variables(), 3);
//! assert_eq!(formula.clauses(), [vec![1, -3], vec![2, 3, -1]]);
//! assert!(formula.satisfied_by(&[false, true, false]));
//! assert_eq!(formula.to_dimacs(), "p cnf 3 2\n1 -3 0\n2 3 -1 0\n");
//! let error = Cnf::parse("p cnf 2 1\n1 3 0\n").unwrap_err();
//! assert_eq!(error.to_string(), "<input>:2:3: found '3', expected a literal between -2 and 2");
//! ```
//!
//! # Complexity
//! Reading and writing are linear in the size of the text.

use kalmar_core::error::{Cursor, ParseError, Span};
use std::fmt::Write;
use thiserror::Error;

/// The most variables, and the most literals in all clauses, a formula may have.
pub const MAX_SIZE: usize = 1 << 24;

/// A formula in conjunctive normal form: clauses of literals, `v` for variable `v` (from 1)
/// and `-v` for its negation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cnf {
    variables: usize,
    clauses: Vec<Vec<i32>>,
}

/// A literal that names no variable of the formula.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("literal {literal} in clause {clause} names no variable from 1 to {variables}")]
pub struct BadLiteral {
    /// The literal.
    pub literal: i32,
    /// The clause (from 1).
    pub clause: usize,
    /// The formula's variable count.
    pub variables: usize,
}

impl Cnf {
    /// The formula over variables `1..=variables` with these clauses.
    pub fn new(variables: usize, clauses: Vec<Vec<i32>>) -> Result<Cnf, BadLiteral> {
        for (index, clause) in clauses.iter().enumerate() {
            if let Some(&literal) = clause
                .iter()
                .find(|l| l.unsigned_abs() as usize > variables || **l == 0)
            {
                return Err(BadLiteral {
                    literal,
                    clause: index + 1,
                    variables,
                });
            }
        }
        Ok(Cnf { variables, clauses })
    }

    /// The number of variables.
    pub fn variables(&self) -> usize {
        self.variables
    }

    /// The clauses.
    pub fn clauses(&self) -> &[Vec<i32>] {
        &self.clauses
    }

    /// Whether `assignment` (the value of variable `v` at index `v − 1`) makes every clause
    /// true; `false` if it has the wrong length.
    pub fn satisfied_by(&self, assignment: &[bool]) -> bool {
        assignment.len() == self.variables
            && self.clauses.iter().all(|clause| {
                clause
                    .iter()
                    .any(|&l| assignment[l.unsigned_abs() as usize - 1] == (l > 0))
            })
    }

    /// The formula in DIMACS CNF.
    pub fn to_dimacs(&self) -> String {
        let mut text = format!("p cnf {} {}\n", self.variables, self.clauses.len());
        for clause in &self.clauses {
            for literal in clause {
                let _ = write!(text, "{literal} ");
            }
            text.push_str("0\n");
        }
        text
    }

    /// Reads a formula in DIMACS CNF.
    pub fn parse(text: &str) -> Result<Cnf, ParseError> {
        let mut header: Option<(usize, usize)> = None;
        let mut clauses = Vec::new();
        let mut clause = Vec::new();
        let mut literals = 0usize;
        let mut last = Span { line: 1, column: 1 };
        let mut cursor = Cursor::new(text);
        let mut fresh_line = true;
        loop {
            cursor.skip_blanks();
            let Some(next) = cursor.peek() else { break };
            if next == '\n' {
                cursor.bump();
                fresh_line = true;
                continue;
            }
            if fresh_line {
                match next {
                    'c' => {
                        cursor.take_while(|c| c != '\n');
                        continue;
                    }
                    '%' => break,
                    'p' => {
                        let line = cursor.span().line;
                        if header.is_some() {
                            return Err(ParseError::new(
                                Span { line, column: 1 },
                                "a second header",
                                "one 'p cnf' line",
                            ));
                        }
                        header = Some(parse_header(line_words(&mut cursor).into_iter(), line)?);
                        continue;
                    }
                    _ => {}
                }
            }
            fresh_line = false;
            let span = cursor.span();
            let word = cursor.take_while(|c| !c.is_whitespace());
            last = span;
            let Some((variables, count)) = header else {
                return Err(ParseError::new(
                    span,
                    format!("'{word}'"),
                    "the header 'p cnf VARIABLES CLAUSES' first",
                ));
            };
            let bound = variables as i64;
            let expected = || format!("a literal between -{bound} and {bound}");
            let literal: i64 = word
                .parse()
                .map_err(|_| ParseError::new(span, format!("'{word}'"), expected()))?;
            if literal.abs() > bound {
                return Err(ParseError::new(span, format!("'{word}'"), expected()));
            }
            if clause.is_empty() && clauses.len() == count {
                return Err(ParseError::new(
                    span,
                    "another clause",
                    format!("{count} clauses, as the header says"),
                ));
            }
            if literal == 0 {
                clauses.push(std::mem::take(&mut clause));
            } else {
                literals += 1;
                if literals > MAX_SIZE {
                    return Err(ParseError::new(
                        span,
                        format!("more than {MAX_SIZE} literals"),
                        "a smaller formula",
                    ));
                }
                clause.push(literal as i32);
            }
        }
        let Some((variables, count)) = header else {
            return Err(ParseError::new(
                last,
                "no header",
                "the header 'p cnf VARIABLES CLAUSES'",
            ));
        };
        if !clause.is_empty() {
            return Err(ParseError::new(
                last,
                "the end",
                "a 0 ending the last clause",
            ));
        }
        if clauses.len() != count {
            return Err(ParseError::new(
                last,
                format!("{} clauses", clauses.len()),
                format!("{count} clauses, as the header says"),
            ));
        }
        Ok(Cnf { variables, clauses })
    }
}

/// The blank-separated words up to the end of the cursor's line, each with where it starts.
fn line_words<'a>(cursor: &mut Cursor<'a>) -> Vec<(Span, &'a str)> {
    let mut words = Vec::new();
    loop {
        cursor.skip_blanks();
        match cursor.peek() {
            None | Some('\n') => return words,
            Some(_) => {
                let span = cursor.span();
                words.push((span, cursor.take_while(|c| !c.is_whitespace())));
            }
        }
    }
}

/// Reads `p cnf VARIABLES CLAUSES`.
fn parse_header<'a>(
    mut words: impl Iterator<Item = (Span, &'a str)>,
    line: u32,
) -> Result<(usize, usize), ParseError> {
    let expected = "the header 'p cnf VARIABLES CLAUSES'";
    let end = Span { line, column: 1 };
    let mut next = |what: &str| {
        words
            .next()
            .ok_or_else(|| ParseError::new(end, "a short header", format!("{expected} ({what})")))
    };
    let (_, p) = next("p")?;
    let (span, format) = next("cnf")?;
    if p != "p" || format != "cnf" {
        return Err(ParseError::new(span, format!("'{format}'"), expected));
    }
    let mut number = |what: &str| -> Result<usize, ParseError> {
        let (span, word) = next(what)?;
        word.parse::<usize>()
            .ok()
            .filter(|&n| n <= MAX_SIZE)
            .ok_or_else(|| {
                ParseError::new(
                    span,
                    format!("'{word}'"),
                    format!("the number of {what}, at most {MAX_SIZE}"),
                )
            })
    };
    let variables = number("variables")?;
    let clauses = number("clauses")?;
    if let Some((span, word)) = words.next() {
        return Err(ParseError::new(
            span,
            format!("'{word}'"),
            "the end of the header",
        ));
    }
    Ok((variables, clauses))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn satlib_files_end_with_a_percent_line() {
        let formula = Cnf::parse("c uf\np cnf 2 1\n 1 -2 0\n%\n0\n\n").unwrap();
        assert_eq!(formula.clauses(), [vec![1, -2]]);
    }

    #[test]
    fn errors_say_where() {
        let cases = [
            (
                "1 2 0\n",
                "<input>:1:1: found '1', expected the header 'p cnf VARIABLES CLAUSES' first",
            ),
            (
                "p cnf 2 1\n1 x 0\n",
                "<input>:2:3: found 'x', expected a literal between -2 and 2",
            ),
            (
                "p cnf 2 1\n1 2\n",
                "<input>:2:3: found the end, expected a 0 ending the last clause",
            ),
            (
                "p cnf 2 2\n1 2 0\n",
                "<input>:2:5: found 1 clauses, expected 2 clauses, as the header says",
            ),
            (
                "p cnf 2 1\n1 0 2 0\n",
                "<input>:2:5: found another clause, expected 1 clauses, as the header says",
            ),
            (
                "p dnf 2 1\n",
                "<input>:1:3: found 'dnf', expected the header 'p cnf VARIABLES CLAUSES'",
            ),
            (
                "p cnf 2\n",
                "<input>:1:1: found a short header, expected the header 'p cnf VARIABLES CLAUSES' (clauses)",
            ),
            (
                "p cnf 99999999999 1\n",
                "<input>:1:7: found '99999999999', expected the number of variables, at most 16777216",
            ),
            (
                "",
                "<input>:1:1: found no header, expected the header 'p cnf VARIABLES CLAUSES'",
            ),
        ];
        for (text, message) in cases {
            assert_eq!(
                Cnf::parse(text).unwrap_err().to_string(),
                message,
                "{text:?}"
            );
        }
    }

    #[test]
    fn dimacs_round_trips() {
        let formula = Cnf::new(3, vec![vec![1, -2, 3], vec![], vec![-3]]).unwrap();
        assert_eq!(Cnf::parse(&formula.to_dimacs()).unwrap(), formula);
        assert!(Cnf::new(2, vec![vec![3]]).is_err());
    }
}
