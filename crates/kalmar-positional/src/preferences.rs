//! Preferences in the paper's notation (Andersson, Gurvich and Hansen, *On Acyclicity of Games
//! with Cycles*, e.g. Figure 10): one line per player, its outcomes from worst to best,
//!
//! ```text
//! 1: a2 < a1 < c
//! 2: c < a2 = a1
//! ```
//!
//! Players are numbered from 1 as in the paper (player k is `player{k-1}` of the `.gg` game
//! form); outcomes are the terminals' names and `c`, every infinite play; `<` is strict
//! preference and `=` a tie. A line gives its player utilities 0, 1, 2, … by rank, the same for
//! tied outcomes. Every player ranks every outcome exactly once. `#` starts a comment.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_positional::{PositionalGame, preferences};
//! let mut form = read_gg("kalmar-gg 1\nplayers 2\nstart u\nu player0 -> v a1\n\
//!                         v player1 -> u a2\na1 terminal\na2 terminal\n").unwrap();
//! preferences::apply(&mut form, "1: a2 < a1 < c\n2: c < a2 < a1\n").unwrap();
//! let game = PositionalGame::from_graph(&form).unwrap();
//! assert_eq!(game.cycle_payoff().iter().map(|u| u.to_string()).collect::<Vec<_>>(), ["2", "0"]);
//! ```
//!
//! # Complexity
//! O(text + n).

use kalmar_core::format::GameGraph;
use kalmar_core::{ParseError, Rational, Span};
use std::collections::HashMap;

/// Gives the terminals of `form` and its infinite play the utilities the preferences in `text`
/// define (replacing any the form had). Errors name the line and column.
pub fn apply(form: &mut GameGraph, text: &str) -> Result<(), ParseError> {
    let arena = &form.arena;
    let players = usize::from(arena.num_players());
    // The outcomes by name: Some(terminal) or None for c.
    let mut named: Vec<(String, Option<usize>)> = arena
        .vertices()
        .filter(|&v| arena.is_terminal(v))
        .map(|v| (arena.name(v).into_owned(), Some(v.index())))
        .collect();
    named.push(("c".into(), None));
    let outcomes: HashMap<String, Option<usize>> = named.iter().cloned().collect();
    let mut ranked: Vec<Option<HashMap<Option<usize>, i64>>> = vec![None; players];
    let mut last_line = 0;
    for (number, line) in text.lines().enumerate() {
        let line_no = number as u32 + 1;
        last_line = line_no;
        let content = line.split('#').next().unwrap_or("");
        if content.trim().is_empty() {
            continue;
        }
        let at = |column: usize| Span {
            line: line_no,
            column: column as u32 + 1,
        };
        let Some((head, order)) = content.split_once(':') else {
            return Err(ParseError::new(
                at(0),
                format!("'{}'", content.trim()),
                "a line such as '1: a2 < a1 < c'",
            ));
        };
        let player = head
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|&p| (1..=players).contains(&p))
            .ok_or_else(|| {
                ParseError::new(
                    at(0),
                    format!("'{}'", head.trim()),
                    format!("a player from 1 to {players}"),
                )
            })?;
        if ranked[player - 1].is_some() {
            return Err(ParseError::new(
                at(0),
                format!("a second line for player {player}"),
                "one line per player",
            ));
        }
        let mut ranks = HashMap::new();
        let mut rank = 0i64;
        let mut column = head.len() + 1;
        let mut expect_outcome = true;
        for token in order.split_inclusive(['<', '=']) {
            let (word, separator) = match token.chars().last() {
                Some(s @ ('<' | '=')) => (&token[..token.len() - 1], Some(s)),
                _ => (token, None),
            };
            let name = word.trim();
            let start = column + word.len() - word.trim_start().len();
            if name.is_empty() && expect_outcome {
                return Err(ParseError::new(
                    at(start),
                    "nothing",
                    "an outcome (a terminal's name or c)",
                ));
            }
            let Some(&outcome) = outcomes.get(name) else {
                return Err(ParseError::new(
                    at(start),
                    format!("'{name}'"),
                    "an outcome: a terminal's name or c",
                ));
            };
            if ranks.insert(outcome, rank).is_some() {
                return Err(ParseError::new(
                    at(start),
                    format!("'{name}' a second time"),
                    "each outcome once per player",
                ));
            }
            if separator == Some('<') {
                rank += 1;
            }
            expect_outcome = separator.is_some();
            column += token.len();
        }
        if expect_outcome {
            return Err(ParseError::new(
                at(column),
                "the end of the line",
                "an outcome after '<' or '='",
            ));
        }
        if let Some((name, _)) = named.iter().find(|(_, o)| !ranks.contains_key(o)) {
            return Err(ParseError::new(
                at(column),
                "the end of the line",
                format!("player {player} to rank '{name}' too"),
            ));
        }
        ranked[player - 1] = Some(ranks);
    }
    if let Some(missing) = ranked.iter().position(Option::is_none) {
        return Err(ParseError::new(
            Span {
                line: last_line + 1,
                column: 1,
            },
            "the end of the preferences",
            format!("a line for player {}", missing + 1),
        ));
    }
    let ranked: Vec<HashMap<Option<usize>, i64>> = ranked.into_iter().flatten().collect();
    let utilities = |outcome: Option<usize>| -> Vec<Rational> {
        ranked.iter().map(|r| Rational::from(r[&outcome])).collect()
    };
    for v in form.arena.vertices().filter(|&v| form.arena.is_terminal(v)) {
        form.payoff[v.index()] = utilities(Some(v.index()));
    }
    form.cycle = Some(utilities(None));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::apply;
    use kalmar_core::format::read_gg;

    const FORM: &str = "kalmar-gg 1\nplayers 2\nstart u\nu player0 -> v a1\nv player1 -> u a2\na1 terminal\na2 terminal\n";

    fn error(preferences: &str) -> String {
        let mut form = read_gg(FORM).unwrap();
        apply(&mut form, preferences).unwrap_err().to_string()
    }

    #[test]
    fn ties_share_a_rank_and_comments_are_skipped() {
        let mut form = read_gg(FORM).unwrap();
        apply(
            &mut form,
            "# Figure 10, with a tie\n1: a2 < a1 = c\n\n2: c<a2<a1 # ok\n",
        )
        .unwrap();
        let a1: Vec<String> = form.payoff[2].iter().map(ToString::to_string).collect();
        assert_eq!(a1, ["1", "2"]);
        let c: Vec<String> = form
            .cycle
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(c, ["1", "0"]);
    }

    #[test]
    fn errors_say_where_and_what() {
        assert!(
            error("1: a2 < a1 < d\n").contains("1:14"),
            "{}",
            error("1: a2 < a1 < d\n")
        );
        assert!(error("1: a2 < a1 < d\n").contains("an outcome"));
        assert!(error("3: a2 < a1 < c\n").contains("a player from 1 to 2"));
        assert!(error("1: a2 < a1\n").contains("player 1 to rank 'c' too"));
        assert!(error("1: a2 < a1 < c <\n").contains("an outcome after"));
        assert!(error("1: a2 < a2 < c\n").contains("a second time"));
        assert!(error("1: a2 < a1 < c\n").contains("a line for player 2"));
        assert!(error("1: a2 < a1 < c\n1: c < a1 < a2\n").contains("a second line for player 1"));
        assert!(error("a2 < a1\n").contains("a line such as"));
    }
}
