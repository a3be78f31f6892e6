//! The solution file of a stochastic game (`.ssol`): exact values and both players' positional
//! strategies, written by `kalmar stochastic solve --output` and checked by `kalmar verify`.
//!
//! ```text
//! kalmar-ssol 1
//! # comments run from '#' to the end of the line
//! class parity
//! convention even
//! m 1/2 -> c
//! c 1/2
//! "a name with spaces" -3/4 -> m
//! ```
//!
//! - The first line is the header `kalmar-ssol 1`.
//! - `class C` names the class the solution is for: `simple`, `terminal`, `discounted`,
//!   `mean-payoff` or `parity`; parity games add `convention even` or `convention odd` (which
//!   parity of the largest recurring priority makes Max win; even when not given).
//! - Every other line is one vertex of the game, by its name in the game file: its exact value
//!   (an integer, a fraction `p/q` or a decimal), and for a vertex of Max or Min the move its
//!   owner makes, `-> successor`. Chance vertices and terminals have no move. Every vertex of
//!   the game appears exactly once, in any order.
//! - A name is a bare word of letters, digits, `_`, `.` and `'`, or a quoted string with the
//!   escapes of JSON.
//!
//! Errors name the line and column and what was expected there.

use super::{
    Class, DiscountedGame, MeanPayoffGame, ParityConvention, Solution, StochasticError,
    StochasticParityGame, TerminalPayoffGame,
};
use kalmar_core::error::Cursor;
use kalmar_core::format::GameGraph;
use kalmar_core::{
    Arena, Certificate, Owner, ParseError, Rational, Span, Strategy, VerifyError, Vertex,
};
use std::fmt::Write;

/// The header line.
const HEADER: &str = "kalmar-ssol 1";

/// A solution read from a file, resolved against the game's arena.
#[derive(Clone, Debug, PartialEq)]
pub struct SolutionText {
    /// The class the solution is for.
    pub class: Class,
    /// The parity convention (parity games; even when the file does not say).
    pub convention: ParityConvention,
    /// The values and strategies.
    pub solution: Solution,
}

/// Writes a solution of a game of `class` on `arena`.
pub fn write(
    arena: &Arena,
    class: Class,
    convention: ParityConvention,
    solution: &Solution,
) -> String {
    let mut out = format!("{HEADER}\nclass {}\n", class.name());
    if class == Class::Parity {
        let c = match convention {
            ParityConvention::EvenWins => "even",
            ParityConvention::OddWins => "odd",
        };
        let _ = writeln!(out, "convention {c}");
    }
    for v in arena.vertices() {
        write_name(&mut out, &arena.name(v));
        let _ = write!(out, " {}", solution.values[v.index()]);
        if let Some(w) = solution.strategy.successor(arena, v) {
            out.push_str(" -> ");
            write_name(&mut out, &arena.name(w));
        }
        out.push('\n');
    }
    out
}

/// Why a solution file was not accepted.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SolutionFileError {
    /// The file cannot be read against the game: the line and column, and what was expected.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The game is not one of the class the file names.
    #[error(transparent)]
    Game(#[from] StochasticError),
    /// The solution is wrong: what its certificate found.
    #[error("the solution is wrong: {0}")]
    Wrong(VerifyError),
}

/// Reads a solution file against the game of `graph` and checks it with the certificate of the
/// class it names ([`check`]); the class when it is correct.
pub fn verify(graph: &GameGraph, text: &str) -> Result<Class, SolutionFileError> {
    let parsed = read(text, &graph.arena)?;
    check(graph, &parsed)?.map_err(SolutionFileError::Wrong)?;
    Ok(parsed.class)
}

/// The certificate of the solution's class applied to it and the game of `graph`: `Err` when
/// the graph is not a game of that class, `Ok(Err)` when the solution is wrong.
pub fn check(
    graph: &GameGraph,
    parsed: &SolutionText,
) -> Result<Result<(), VerifyError>, StochasticError> {
    let solution = &parsed.solution;
    Ok(match parsed.class {
        Class::Simple | Class::Terminal => solution.verify(&TerminalPayoffGame::from_graph(graph)?),
        Class::Discounted => solution.verify(&DiscountedGame::from_graph(graph)?),
        Class::MeanPayoff => solution.verify(&MeanPayoffGame::from_graph(graph)?),
        Class::Parity => {
            solution.verify(&StochasticParityGame::from_graph(graph, parsed.convention)?)
        }
    })
}

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '.' | '\'')
}

fn write_name(out: &mut String, name: &str) {
    if !name.is_empty() && name.chars().all(is_name_char) {
        out.push_str(name);
    } else {
        out.push_str(&serde_json::to_string(name).expect("a string serialises"));
    }
}

/// Reads a solution of a game on `arena` (see the module docs).
pub fn read(text: &str, arena: &Arena) -> Result<SolutionText, ParseError> {
    let text = kalmar_core::format::check_size(text)?;
    let index = arena.name_index();
    let n = arena.num_vertices();
    let mut cur = Cursor::new(text);
    let mut class = None;
    let mut convention = None;
    let mut values: Vec<Option<Rational>> = vec![None; n];
    let mut line_of = vec![0u32; n];
    let mut strategy = Strategy::empty(n);
    let mut header = false;
    loop {
        cur.skip_blanks();
        if comment_or_end(&mut cur) {
            if cur.peek().is_none() {
                break;
            }
            cur.bump();
            continue;
        }
        let start = cur.span();
        if !header {
            let line = cur.take_while(|c| c != '\n' && c != '#');
            if line.trim_end() != HEADER {
                return Err(ParseError::new(
                    start,
                    format!("'{}'", line.trim_end()),
                    format!("the header '{HEADER}'"),
                ));
            }
            header = true;
            continue;
        }
        let word = leading_word(cur.rest());
        if word == "class" && class.is_none() && !any(&values) {
            cur.take_while(is_name_char);
            class = Some(keyword(
                &mut cur,
                "a class: simple, terminal, discounted, mean-payoff or parity",
                |w| match w {
                    "simple" => Some(Class::Simple),
                    "terminal" => Some(Class::Terminal),
                    "discounted" => Some(Class::Discounted),
                    "mean-payoff" => Some(Class::MeanPayoff),
                    "parity" => Some(Class::Parity),
                    _ => None,
                },
            )?);
            continue;
        }
        if word == "convention" && convention.is_none() && !any(&values) {
            cur.take_while(is_name_char);
            convention = Some(keyword(
                &mut cur,
                "a convention: even or odd",
                |w| match w {
                    "even" => Some(ParityConvention::EvenWins),
                    "odd" => Some(ParityConvention::OddWins),
                    _ => None,
                },
            )?);
            continue;
        }
        if class.is_none() {
            return Err(cur.error("'class' and the class of the game"));
        }
        // A vertex line.
        let (name, span) = read_name(&mut cur, "a vertex name")?;
        let v = *index.get(&name).ok_or_else(|| {
            ParseError::new(
                span,
                format!("'{name}'"),
                "the name of a vertex of the game",
            )
        })?;
        if values[v.index()].is_some() {
            return Err(ParseError::new(
                span,
                format!("'{name}' again"),
                format!(
                    "a vertex not given before ('{name}' is on line {})",
                    line_of[v.index()]
                ),
            ));
        }
        line_of[v.index()] = span.line;
        need_blank(&mut cur, "a blank and the vertex's value")?;
        let value_span = cur.span();
        let token = cur.take_while(|c| !c.is_whitespace() && c != '#');
        let value: Rational = token.parse().map_err(|_| {
            ParseError::new(
                value_span,
                if token.is_empty() {
                    kalmar_core::error::describe_next(cur.rest())
                } else {
                    format!("'{token}'")
                },
                "an exact value: an integer, a fraction p/q or a decimal",
            )
        })?;
        values[v.index()] = Some(value);
        cur.skip_blanks();
        let player = matches!(arena.owner(v), Owner::Player(_));
        if cur.rest().starts_with("->") {
            let arrow = cur.span();
            if !player {
                return Err(ParseError::new(
                    arrow,
                    "'->'",
                    format!("the end of the line ('{name}' belongs to no player and has no move)"),
                ));
            }
            cur.bump();
            cur.bump();
            cur.skip_blanks();
            let (to, to_span) = read_name(&mut cur, "the name of the successor moved to")?;
            let w = *index.get(&to).ok_or_else(|| {
                ParseError::new(
                    to_span,
                    format!("'{to}'"),
                    "the name of a vertex of the game",
                )
            })?;
            let e = arena.find_edge(v, w).ok_or_else(|| {
                ParseError::new(
                    to_span,
                    format!("'{to}'"),
                    format!("a successor of '{name}' (there is no move from '{name}' to '{to}')"),
                )
            })?;
            strategy.set(v, e);
            cur.skip_blanks();
        } else if player {
            return Err(cur.error(format!("'->' and the move of '{name}'")));
        }
        if !comment_or_end(&mut cur) {
            return Err(cur.error("the end of the line"));
        }
    }
    if !header {
        return Err(ParseError::new(
            cur.span(),
            "an empty file",
            format!("the header '{HEADER}'"),
        ));
    }
    let class = class.ok_or_else(|| cur.error("'class' and the class of the game"))?;
    let values = values
        .into_iter()
        .enumerate()
        .map(|(i, x)| {
            x.ok_or_else(|| {
                ParseError::new(
                    cur.span(),
                    "the end of the file",
                    format!("a line for vertex '{}'", arena.name(Vertex::new(i))),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(SolutionText {
        class,
        convention: convention.unwrap_or(ParityConvention::EvenWins),
        solution: Solution { values, strategy },
    })
}

fn any(values: &[Option<Rational>]) -> bool {
    values.iter().any(Option::is_some)
}

/// Skips a comment; whether the line ends here (newline or end of input, not consumed).
fn comment_or_end(cur: &mut Cursor<'_>) -> bool {
    if cur.peek() == Some('#') {
        cur.take_while(|c| c != '\n');
    }
    matches!(cur.peek(), None | Some('\n'))
}

fn leading_word(rest: &str) -> &str {
    let end = rest.find(|c| !is_name_char(c)).unwrap_or(rest.len());
    &rest[..end]
}

fn need_blank(cur: &mut Cursor<'_>, expected: &str) -> Result<(), ParseError> {
    if !matches!(cur.peek(), Some(' ' | '\t')) {
        return Err(cur.error(expected));
    }
    cur.skip_blanks();
    Ok(())
}

/// The keyword after a directive, mapped by `parse`, and the end of the line.
fn keyword<T>(
    cur: &mut Cursor<'_>,
    expected: &str,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<T, ParseError> {
    need_blank(cur, expected)?;
    let span = cur.span();
    let word = cur.take_while(|c| is_name_char(c) || c == '-');
    let value = parse(word).ok_or_else(|| {
        ParseError::new(
            span,
            if word.is_empty() {
                kalmar_core::error::describe_next(cur.rest())
            } else {
                format!("'{word}'")
            },
            expected,
        )
    })?;
    cur.skip_blanks();
    if !comment_or_end(cur) {
        return Err(cur.error("the end of the line"));
    }
    Ok(value)
}

/// A bare or quoted name.
fn read_name(cur: &mut Cursor<'_>, expected: &str) -> Result<(String, Span), ParseError> {
    let span = cur.span();
    if cur.peek() == Some('"') {
        // The quoted string ends at the first '"' not escaped by a backslash.
        let rest = cur.rest();
        let mut escaped = false;
        let end = rest[1..].char_indices().find_map(|(i, c)| {
            let end = !escaped && c == '"';
            escaped = !escaped && c == '\\';
            end.then_some(i + 2)
        });
        let quoted = end
            .map(|end| &rest[..end])
            .filter(|q| !q.contains('\n'))
            .ok_or_else(|| {
                ParseError::new(span, "a quoted name without its closing '\"'", expected)
            })?;
        let name: String = serde_json::from_str(quoted).map_err(|_| {
            ParseError::new(
                span,
                format!("'{quoted}'"),
                "a quoted name with JSON escapes",
            )
        })?;
        for _ in quoted.chars() {
            cur.bump();
        }
        return Ok((name, span));
    }
    let word = cur.take_while(is_name_char);
    if word.is_empty() {
        return Err(cur.error(expected));
    }
    Ok((word.to_string(), span))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Stats, StochasticParityGame, spg};
    use kalmar_core::format::read_gg;

    const GAME: &str = "kalmar-gg 1\nm min priority=2 -> m c\nc chance priority=0 -> w:1/2 \"l x\":1/2\n\
                        w max priority=2 -> w\n\"l x\" max priority=1 -> \"l x\"\n";

    fn arena() -> Arena {
        std::sync::Arc::unwrap_or_clone(read_gg(GAME).unwrap().arena)
    }

    #[test]
    fn written_solutions_read_back() {
        let graph = read_gg(GAME).unwrap();
        for convention in [ParityConvention::EvenWins, ParityConvention::OddWins] {
            let game = StochasticParityGame::from_graph(&graph, convention).unwrap();
            let solution = spg::solve(&game, &mut Stats::default());
            let text = write(&graph.arena, Class::Parity, convention, &solution);
            let back = read(&text, &graph.arena).unwrap();
            assert_eq!(back.class, Class::Parity);
            assert_eq!(back.convention, convention);
            assert_eq!(back.solution, solution);
        }
    }

    fn error_at(text: &str) -> (u32, u32, String) {
        let e = read(text, &arena()).unwrap_err();
        (e.span().line, e.span().column, e.expected().to_string())
    }

    #[test]
    fn errors_name_line_column_and_what_was_expected() {
        let head = "kalmar-ssol 1\nclass parity\n";
        assert_eq!(error_at("kalmar-ssol 2\n").0, 1);
        let (l, c, e) = error_at(&format!("{head}m 1/2 -> c\nq 0\n"));
        assert_eq!((l, c), (4, 1));
        assert!(e.contains("vertex of the game"), "{e}");
        let (l, c, e) = error_at(&format!("{head}m 1/2 -> w\n"));
        assert_eq!((l, c), (3, 10));
        assert!(e.contains("successor of 'm'"), "{e}");
        let (l, c, _) = error_at(&format!("{head}m 1/2\n"));
        assert_eq!((l, c), (3, 6));
        let (l, c, e) = error_at(&format!("{head}m 1/2 -> c\nm 0 -> m\n"));
        assert_eq!((l, c), (4, 1));
        assert!(e.contains("line 3"), "{e}");
        let (l, c, _) = error_at(&format!("{head}m one -> c\n"));
        assert_eq!((l, c), (3, 3));
        let (l, c, _) = error_at(&format!("{head}c 1/2 -> w\n"));
        assert_eq!((l, c), (3, 7));
        let (l, _, e) = error_at(&format!("{head}m 1/2 -> c\nc 1/2\nw 1 -> w\n"));
        assert_eq!(l, 6);
        assert!(e.contains("'l x'"), "{e}");
        let (l, c, _) = error_at("kalmar-ssol 1\nclass chess\n");
        assert_eq!((l, c), (2, 7));
        let (l, c, _) = error_at("kalmar-ssol 1\nm 1/2 -> c\n");
        assert_eq!((l, c), (2, 1));
        let (_, _, e) = error_at(&format!("{head}\"l x 0 -> w\n"));
        assert!(e.contains("vertex name"), "{e}");
    }
}
