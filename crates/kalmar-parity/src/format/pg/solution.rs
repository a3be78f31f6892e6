//! PGSolver's solution format: [`PgSolution`], [`read_pg_solution`] and [`write_pg_solution`].

use super::PgWriteError;
use super::game::pg_ids;
use super::lexer::{EXPECT_ID, IdIndex, Lexer, MaxId, check_max};
use kalmar_core::format::GameGraph;
use kalmar_core::{ParseError, Player, Span, Vertex};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A solution of a parity game as PGSolver writes it: the winner of every vertex and, at some
/// vertices, the successor the winner's strategy moves to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PgSolution {
    /// Per vertex: the player who wins from it (0 = Even = Max, 1 = Odd = Min).
    pub winner: Vec<Player>,
    /// Per vertex: the successor the strategy chooses, if the solution gives one.
    pub strategy: Vec<Option<Vertex>>,
}

impl PgSolution {
    /// The solution's text in PGSolver's format for `game` (see [`write_pg_solution`]): what
    /// `kalmar parity solve --output` writes and [`read_pg_solution`] reads back.
    ///
    /// ```
    /// use kalmar_parity::format::{read_pg, read_pg_solution};
    /// use kalmar_parity::{Options, ParityGame, solve};
    /// let graph = read_pg("parity 1;\n0 2 0 1;\n1 1 1 0;\n").unwrap();
    /// let game = ParityGame::from_graph(&graph, false).unwrap();
    /// let solved = solve(&game, &Options::default()).unwrap();
    /// let text = solved.to_pg(&game, &graph).to_text(&graph).unwrap();
    /// assert_eq!(text, "paritysol 1;\n0 0 1;\n1 0;\n");
    /// assert_eq!(read_pg_solution(&text, &graph).unwrap(), solved.to_pg(&game, &graph));
    /// ```
    pub fn to_text(&self, game: &GameGraph) -> Result<String, PgWriteError> {
        let mut text = String::new();
        write_pg_solution(game, self, &mut text)?;
        Ok(text)
    }
}

/// Reads a solution in PGSolver's format for `game`: an optional header `paritysol <max-id>;`
/// and one line `<id> <winner> [<successor>];` for every vertex, with ids as in [`pg_ids`].
/// Every vertex needs exactly one line; a strategy successor must be a successor of its vertex.
///
/// ```
/// use kalmar_parity::format::{read_pg, read_pg_solution};
/// let game = read_pg("parity 1;\n0 2 0 0,1;\n1 1 1 0;\n").unwrap();
/// let sol = read_pg_solution("paritysol 1;\n0 0 0;\n1 0;\n", &game).unwrap();
/// assert_eq!(sol.strategy[0], Some(kalmar_core::Vertex(0)));
/// ```
pub fn read_pg_solution(text: &str, game: &GameGraph) -> Result<PgSolution, ParseError> {
    let text = kalmar_core::format::check_size(text)?;
    let arena = &game.arena;
    let ids = pg_ids(game);
    let n = ids.len();
    let mut winner: Vec<Option<Player>> = vec![None; n];
    let mut strategy: Vec<Option<Vertex>> = vec![None; n];
    let mut line_of = vec![0u32; n];
    let mut lex = Lexer::new(text);
    let mut header: Option<(MaxId, Span)> = None;
    let mut any = false;
    let index = IdIndex::new(&ids);
    let find = |id: u64, span: Span| index.find(id, span, "the id of a vertex of the game");
    while let Some(c) = lex.peek() {
        let word = lex.keyword();
        let span = lex.cur.span();
        if word == "paritysol" && header.is_none() && !any {
            lex.take_keyword(word);
            header = Some(lex.max_id()?);
            lex.semicolon("';' after the header")?;
            continue;
        }
        if !word.is_empty() || matches!(c, '"' | ';' | ',') {
            let expected = if header.is_none() && !any {
                "'paritysol' or a vertex id"
            } else {
                EXPECT_ID
            };
            return Err(ParseError::new(
                span,
                kalmar_core::error::describe_next(lex.cur.rest()),
                expected,
            ));
        }
        any = true;
        let (id, span) = lex.number(EXPECT_ID)?;
        check_max(header, id, span)?;
        let v = find(id, span)?;
        if winner[v.index()].is_some() {
            return Err(ParseError::new(
                span,
                format!("id {id} again"),
                format!(
                    "a vertex without a line yet ({id} is on line {})",
                    line_of[v.index()]
                ),
            ));
        }
        line_of[v.index()] = span.line;
        let (w, wspan) = lex.number("the winner: 0 (Even) or 1 (Odd)")?;
        if w > 1 {
            return Err(ParseError::new(
                wspan,
                format!("'{w}'"),
                "the winner: 0 (Even) or 1 (Odd)",
            ));
        }
        winner[v.index()] = Some(Player(w as u8));
        if matches!(lex.peek(), Some(c) if c.is_ascii_digit() || c == '-') {
            let (s, sspan) = lex.number("the strategy's successor id")?;
            check_max(header, s, sspan)?;
            let target = find(s, sspan)?;
            if !arena.successors(v).contains(&target) {
                return Err(ParseError::new(
                    sspan,
                    format!("id {s}"),
                    format!("the id of a successor of vertex {id}"),
                ));
            }
            strategy[v.index()] = Some(target);
            lex.semicolon("';'")?;
        } else {
            lex.semicolon("a successor id or ';'")?;
        }
    }
    let missing = winner.iter().position(Option::is_none);
    if let Some(i) = missing {
        lex.cur.skip_whitespace();
        return Err(ParseError::new(
            lex.cur.span(),
            "end of input",
            format!("a line for vertex {} (every vertex needs a winner)", ids[i]),
        ));
    }
    Ok(PgSolution {
        winner: winner.into_iter().flatten().collect(),
        strategy,
    })
}

/// Writes a solution of `game` in PGSolver's format, with the ids of [`pg_ids`]: the header,
/// then per vertex its id, its winner and the strategy's successor if there is one.
pub fn write_pg_solution(
    game: &GameGraph,
    solution: &PgSolution,
    out: &mut impl fmt::Write,
) -> Result<(), PgWriteError> {
    let arena = &game.arena;
    let n = arena.num_vertices();
    if solution.winner.len() != n || solution.strategy.len() != n {
        return Err(PgWriteError::SolutionSize {
            winners: solution.winner.len(),
            strategy: solution.strategy.len(),
            vertices: n,
        });
    }
    for v in arena.vertices() {
        let w = solution.winner[v.index()];
        if w.0 > 1 {
            return Err(PgWriteError::Winner(arena.name(v).into_owned(), w.0));
        }
        if let Some(s) = solution.strategy[v.index()]
            && !arena.successors(v).contains(&s)
        {
            let target = if s.index() < n {
                arena.name(s).into_owned()
            } else {
                s.index().to_string()
            };
            return Err(PgWriteError::Strategy(arena.name(v).into_owned(), target));
        }
    }
    let ids = pg_ids(game);
    match ids.last() {
        Some(max) => writeln!(out, "paritysol {max};")?,
        None => writeln!(out, "paritysol -1;")?,
    }
    for v in arena.vertices() {
        let i = v.index();
        write!(out, "{} {}", ids[i], solution.winner[i].0)?;
        if let Some(s) = solution.strategy[i] {
            write!(out, " {}", ids[s.index()])?;
        }
        out.write_str(";\n")?;
    }
    Ok(())
}
