//! Gambit's extensive-form format, "EFG 2 R".
//!
//! ```text
//! EFG 2 R "title" { "Player 1" "Player 2" }
//! "an optional comment"
//!
//! c "" 1 "" { "H" 1/2 "T" 0.5 } 0
//! p "" 1 1 "" { "a" "b" } 0
//! t "" 1 "win" { 1, -1 }
//! ...
//! ```
//!
//! Nodes come in preorder. A personal node `p` names its player (from 1), its information set's
//! number for that player, and the first time that number appears the set's label and actions; a
//! chance node `c` the same without a player, with a probability (integer, decimal or fraction,
//! read exactly) after each action; a terminal node `t` only its outcome. Every node ends with an
//! outcome number (0 for none) and, the first time that number appears, its label and one payoff
//! per player (commas optional). Later nodes of an information set or outcome may repeat its
//! label, actions and payoffs (they must then agree) or leave them out.
//!
//! The writer writes what Gambit writes: every node in full, information sets numbered per
//! mover and outcomes numbered in the order they first appear, numbers as they were read. A file
//! in that form is written back byte for byte.

use super::lex::{Lexer, Token, quote};
use crate::tree::{Efg, EfgBuilder, InfosetId, Mover, OutcomeId, TreeError};
use kalmar_core::{ParseError, Span};
use std::collections::HashMap;
use std::fmt::Write;

/// A tree the builder refuses, as what was found (short: [`ParseError`] cuts a long one) and
/// what a well-formed game has there, so the message stays whole.
fn tree_error(span: Span, e: TreeError) -> ParseError {
    let (found, expected) = match e {
        TreeError::Probabilities(h) => (
            "bad chance probabilities".to_string(),
            format!(
                "a well-formed game: nonnegative probabilities summing to 1 at chance \
                 information set {h}"
            ),
        ),
        TreeError::Payoffs {
            outcome,
            found,
            players,
        } => (
            format!("outcome {outcome} with {found} of {players} payoffs"),
            "a well-formed game: one payoff per player".to_string(),
        ),
        TreeError::NoActions(h) => (
            format!("information set {h} without actions"),
            "a well-formed game: at least one action per information set".to_string(),
        ),
        TreeError::NoSuchPlayer(p) => (
            format!("player {p}"),
            "a well-formed game: a player it has".to_string(),
        ),
        TreeError::Shape(what) => (what.to_string(), "a well-formed game".to_string()),
        TreeError::TooLarge => (
            "a game too large".to_string(),
            "a well-formed game: fewer than 2^32 - 1 nodes, information sets and actions"
                .to_string(),
        ),
    };
    ParseError::new(span, found, expected)
}

struct Reader<'a> {
    lex: Lexer<'a>,
    builder: EfgBuilder,
    infosets: HashMap<(Mover, u32), InfosetId>,
    outcomes: HashMap<u32, OutcomeId>,
}

/// Reads a game in Gambit's `.efg` format.
pub fn read_efg(text: &str) -> Result<Efg, ParseError> {
    let mut lex = Lexer::new(text);
    let (title, players) = lex.header("EFG", 2)?;
    let mut builder = EfgBuilder::new(title, players);
    if let Some(comment) = lex.optional_string()? {
        builder.comment(comment);
    }
    let mut reader = Reader {
        lex,
        builder,
        infosets: HashMap::new(),
        outcomes: HashMap::new(),
    };
    reader.nodes()?;
    let span = reader.lex.peek()?.0;
    reader.builder.finish().map_err(|e| tree_error(span, e))
}

impl Reader<'_> {
    fn nodes(&mut self) -> Result<(), ParseError> {
        loop {
            if self.builder.is_complete() {
                if self.lex.at_end()? {
                    return Ok(());
                }
                return Err(self.lex.error("the end of the file (the tree is complete)"));
            }
            let (span, kind) = self
                .lex
                .any_word("a node: 'p' (player), 'c' (chance) or 't' (terminal)")?;
            let label = self.lex.string("the node's label (a quoted string)")?;
            let infoset = match kind {
                "p" => {
                    let (span, player) = self.lex.count("a player number")?;
                    if player == 0 || player as usize > self.builder.num_players() {
                        return Err(ParseError::new(
                            span,
                            player.to_string(),
                            format!("a player number from 1 to {}", self.builder.num_players()),
                        ));
                    }
                    Some(self.infoset(Mover::Player(player - 1))?)
                }
                "c" => Some(self.infoset(Mover::Chance)?),
                "t" => None,
                other => {
                    return Err(ParseError::new(
                        span,
                        format!("'{other}'"),
                        "a node: 'p' (player), 'c' (chance) or 't' (terminal)",
                    ));
                }
            };
            let outcome = self.outcome()?;
            self.builder
                .node(label, infoset, outcome)
                .map_err(|e| tree_error(span, e))?;
        }
    }

    fn infoset(&mut self, mover: Mover) -> Result<InfosetId, ParseError> {
        let (span, number) = self.lex.count("an information set number")?;
        if number == 0 {
            return Err(ParseError::new(
                span,
                "0",
                "an information set number from 1",
            ));
        }
        let label = self.lex.optional_string()?;
        let actions_span = self.lex.peek()?.0;
        let actions = if self.lex.optional_open()? {
            let mut actions = Vec::new();
            while !self.lex.optional_close()? {
                let name = self
                    .lex
                    .string("an action's label (a quoted string) or '}'")?;
                let prob = if mover == Mover::Chance {
                    Some(self.lex.number("the action's probability (a number)")?.1)
                } else {
                    None
                };
                actions.push((name, prob));
            }
            Some(actions)
        } else {
            None
        };
        match self.infosets.get(&(mover, number)) {
            Some(&id) => {
                let known = self.builder.infoset_ref(id);
                if label.as_ref().is_some_and(|l| *l != known.label) {
                    return Err(ParseError::new(
                        span,
                        format!("label {}", quote(label.as_deref().unwrap_or(""))),
                        format!("the label {} given before", quote(&known.label)),
                    ));
                }
                if let Some(actions) = actions {
                    let same = actions.len() == self.builder.actions_of(id).len()
                        && actions
                            .iter()
                            .zip(self.builder.actions_of(id))
                            .all(|((l, p), a)| *l == a.label && *p == a.prob);
                    if !same {
                        return Err(ParseError::new(
                            actions_span,
                            "different actions",
                            format!("the actions given before for information set {number}"),
                        ));
                    }
                }
                Ok(id)
            }
            None => {
                let Some(actions) = actions else {
                    return Err(ParseError::new(
                        span,
                        "no action list",
                        format!("'{{' and the actions of new information set {number}"),
                    ));
                };
                let id = self
                    .builder
                    .infoset(mover, label.unwrap_or_default(), actions)
                    .map_err(|e| tree_error(actions_span, e))?;
                self.infosets.insert((mover, number), id);
                Ok(id)
            }
        }
    }

    fn outcome(&mut self) -> Result<Option<OutcomeId>, ParseError> {
        let (span, number) = self.lex.count("an outcome number (0 for none)")?;
        let label = if number == 0 {
            None
        } else {
            self.lex.optional_string()?
        };
        let payoff_span = self.lex.peek()?.0;
        let payoffs = if number != 0 && self.lex.optional_open()? {
            let mut payoffs = Vec::new();
            while !self.lex.optional_close()? {
                if payoffs.len() == self.builder.num_players() {
                    return Err(self.lex.error(&format!(
                        "'}}' after {} payoffs (one per player)",
                        payoffs.len()
                    )));
                }
                payoffs.push(self.lex.number("a payoff (a number) or '}'")?.1);
                self.lex.optional_comma()?;
            }
            Some(payoffs)
        } else {
            None
        };
        if number == 0 {
            return Ok(None);
        }
        match self.outcomes.get(&number) {
            Some(&id) => {
                let known = self.builder.outcome_ref(id);
                let agrees = label.as_ref().is_none_or(|l| *l == known.label)
                    && payoffs.as_ref().is_none_or(|p| *p == known.payoffs);
                if !agrees {
                    return Err(ParseError::new(
                        span,
                        format!("outcome {number} again, differently"),
                        format!("the label and payoffs given before for outcome {number}"),
                    ));
                }
                Ok(Some(id))
            }
            None => {
                let Some(payoffs) = payoffs else {
                    return Err(ParseError::new(
                        span,
                        "no payoffs",
                        format!("'{{' and the payoffs of new outcome {number}"),
                    ));
                };
                let id = self
                    .builder
                    .outcome(label.unwrap_or_default(), payoffs)
                    .map_err(|e| tree_error(payoff_span, e))?;
                self.outcomes.insert(number, id);
                Ok(Some(id))
            }
        }
    }
}

/// Writes a game in Gambit's `.efg` format, as Gambit writes it.
pub fn write_efg(game: &Efg, out: &mut String) {
    let _ = write!(out, "EFG 2 R {} {{ ", quote(&game.title));
    for p in &game.players {
        let _ = write!(out, "{} ", quote(p));
    }
    let _ = write!(out, "}}\n{}\n\n", quote(&game.comment));
    // Outcomes, and each mover's information sets, are numbered in the order they first
    // appear in preorder, as Gambit numbers them.
    let mut number = vec![0u32; game.outcomes().len()];
    let mut next = 0;
    let mut set_number = vec![0u32; game.infosets().len()];
    let mut next_set: std::collections::HashMap<Mover, u32> = std::collections::HashMap::new();
    for node in game.nodes() {
        if let Some(o) = node.outcome
            && number[o.index()] == 0
        {
            next += 1;
            number[o.index()] = next;
        }
        if let Some(h) = node.infoset
            && set_number[h.index()] == 0
        {
            let n = next_set.entry(game.infoset(h).mover).or_insert(0);
            *n += 1;
            set_number[h.index()] = *n;
        }
    }
    for node in game.nodes() {
        match node.infoset.map(|h| (h, game.infoset(h))) {
            None => {
                let _ = write!(out, "t {} ", quote(&node.label));
            }
            Some((h, infoset)) => {
                match infoset.mover {
                    Mover::Chance => {
                        let _ = write!(out, "c {} ", quote(&node.label));
                    }
                    Mover::Player(p) => {
                        let _ = write!(out, "p {} {} ", quote(&node.label), p + 1);
                    }
                }
                let _ = write!(
                    out,
                    "{} {} {{ ",
                    set_number[h.index()],
                    quote(&infoset.label)
                );
                for a in game.actions_of(h) {
                    let _ = write!(out, "{} ", quote(&a.label));
                    if let Some(p) = &a.prob {
                        let _ = write!(out, "{p} ");
                    }
                }
                out.push_str("} ");
            }
        }
        match node.outcome {
            None => out.push_str("0\n"),
            Some(o) => {
                let outcome = &game.outcomes()[o.index()];
                let _ = write!(out, "{} {} {{ ", number[o.index()], quote(&outcome.label));
                let payoffs: Vec<&str> = outcome.payoffs.iter().map(|p| p.text.as_str()).collect();
                let _ = writeln!(out, "{} }}", payoffs.join(", "));
            }
        }
    }
}

/// The game as `.efg` text.
pub fn to_efg_string(game: &Efg) -> String {
    let mut out = String::new();
    write_efg(game, &mut out);
    out
}

/// Whether a token is a node keyword (used by format detection).
pub fn starts_efg(text: &str) -> bool {
    matches!(Lexer::new(text).peek(), Ok((_, Some(Token::Word("EFG")))))
}

#[cfg(test)]
mod tests {
    use super::*;

    const BARGAIN: &str = r#"EFG 2 R "A simple poker game" { "Fred" "Alice" }
"Chance deals a card; Fred bets or folds."

c "" 1 "" { "K" 1/2 "Q" 0.5 } 0
p "" 1 1 "k" { "bet" "fold" } 0
p "" 2 1 "" { "call" "pass" } 0
t "" 1 "win big" { 2, -2 }
t "" 2 "win" { 1, -1 }
t "" 3 "lose" { -1, 1 }
p "" 1 2 "q" { "bet" "fold" } 0
p "" 2 1 "" { "call" "pass" } 0
t "" 4 "lose big" { -2, 2 }
t "" 2 "win" { 1, -1 }
t "" 3 "lose" { -1, 1 }
"#;

    #[test]
    fn reads_and_writes_back_byte_for_byte() {
        let game = read_efg(BARGAIN).unwrap();
        assert_eq!(game.num_players(), 2);
        assert_eq!(game.num_nodes(), 11);
        assert_eq!(game.outcomes().len(), 4);
        assert_eq!(game.infosets().len(), 4);
        assert_eq!(to_efg_string(&game), BARGAIN);
    }

    #[test]
    fn later_nodes_may_omit_what_is_known() {
        let terse = r#"EFG 2 R "A simple poker game" { "Fred" "Alice" } "Chance deals a card; Fred bets or folds."
c "" 1 "" { "K" 1/2 "Q" 0.5 } 0
p "" 1 1 "k" { "bet" "fold" } 0
p "" 2 1 "" { "call" "pass" } 0
t "" 1 "win big" { 2 -2 }
t "" 2 "win" { 1, -1 }
t "" 3 "lose" { -1, 1 }
p "" 1 2 "q" { "bet" "fold" } 0
p "" 2 1 0
t "" 4 "lose big" { -2, 2 }
t "" 2
t "" 3 "lose"
"#;
        assert_eq!(to_efg_string(&read_efg(terse).unwrap()), BARGAIN);
        let clash = terse.replace("t \"\" 3 \"lose\"\n", "t \"\" 3 \"won\"\n");
        let e = read_efg(&clash).unwrap_err();
        assert_eq!((e.span().line, e.span().column), (12, 6), "{e}");
    }

    #[test]
    fn tree_errors_are_reported_whole() {
        let e = read_efg(&BARGAIN.replace("1/2", "1/3")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "<input>:4:11: found bad chance probabilities, expected a well-formed game: \
             nonnegative probabilities summing to 1 at chance information set 1"
        );
        let e = read_efg(&BARGAIN.replace("{ 2, -2 }", "{ 2 }")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "<input>:7:18: found outcome 1 with 1 of 2 payoffs, expected a well-formed game: \
             one payoff per player"
        );
    }

    #[test]
    fn errors_name_line_and_column() {
        let cases = [
            (BARGAIN.replace("1/2", "1/3"), 4, 11, "well-formed"),
            (
                BARGAIN.replace("{ 2, -2 }", "{ 2, -2, 3 }"),
                7,
                27,
                "'}' after 2 payoffs",
            ),
            (
                BARGAIN.replace("p \"\" 2 1 \"\" {", "p \"\" 3 1 \"\" {"),
                6,
                6,
                "a player number from 1 to 2",
            ),
            (BARGAIN.replace("EFG 2 R", "EFG 3 R"), 1, 5, "version 2"),
            (
                BARGAIN.replace("t \"\" 4 \"lose big\" { -2, 2 }\n", ""),
                14,
                1,
                "a node",
            ),
            (
                BARGAIN.replace("t \"\" 4 \"lose big\" { -2, 2 }", "t \"\" 4"),
                12,
                6,
                "payoffs of new outcome 4",
            ),
            (
                format!("{}\"lose", &BARGAIN[..BARGAIN.len() - 17]),
                14,
                13,
                "closing",
            ),
            (format!("{BARGAIN}t \"\" 0\n"), 15, 1, "end of the file"),
        ];
        for (text, line, column, expected) in cases {
            let e = read_efg(&text).unwrap_err();
            assert_eq!((e.span().line, e.span().column), (line, column), "{e}");
            assert!(e.expected().contains(expected), "{e}");
        }
    }
}
