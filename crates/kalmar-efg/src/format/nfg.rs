//! Gambit's strategic-form format, "NFG 1 R", in both of its forms.
//!
//! After the title and the players, the strategies are either counted (`{ 2 2 }`) or named
//! (`{ { "H" "T" } { "h" "t" } }`), then an optional comment. The payoff-list form then gives,
//! for every profile with player 1's strategy changing fastest, one payoff per player:
//!
//! ```text
//! NFG 1 R "Matching pennies" { "Player 1" "Player 2" } { 2 2 }
//!
//! 1 -1 -1 1 -1 1 1 -1
//! ```
//!
//! The outcome-list form lists outcomes (a label and one payoff per player) in braces and then
//! gives, for every profile in the same order, an outcome number (0: every payoff 0):
//!
//! ```text
//! NFG 1 R "Matching pennies" { "Player 1" "Player 2" }
//!
//! { { "H" "T" }
//! { "h" "t" }
//! }
//! ""
//!
//! {
//! { "" 1, -1 }
//! { "" -1, 1 }
//! }
//! 1 2 2 1
//! ```
//!
//! The writer writes what Gambit writes for each form (the comment line of the payoff-list form
//! only when there is a comment); a file in that form is written back byte for byte.

use super::lex::{Lexer, quote};
use crate::normal::{Nfg, NfgBody, NfgOutcome};
use kalmar_core::ParseError;
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use std::fmt::Write;

/// The largest number of profiles a file may declare (2^32).
pub const MAX_PROFILES: u64 = 1 << 32;

/// Reads a game in Gambit's `.nfg` format (either form).
pub fn read_nfg(text: &str) -> Result<Nfg, ParseError> {
    let mut lex = Lexer::new(text);
    let (title, players) = lex.header("NFG", 1)?;
    let open_span = lex.peek()?.0;
    lex.open()?;
    // `{ 2 2 }` (payoff list) or `{ { "a" "b" } ... }` (outcome list).
    let labelled = lex.optional_open()?;
    // Labelled strategies, or counts of unlabelled ones (checked before anything is allocated).
    let mut labels: Vec<Vec<String>> = Vec::new();
    let mut counts: Vec<u64> = Vec::new();
    if labelled {
        loop {
            let mut names = Vec::new();
            while !lex.optional_close()? {
                names.push(lex.string("a strategy's name (a quoted string) or '}'")?);
            }
            counts.push(names.len() as u64);
            labels.push(names);
            if lex.optional_close()? {
                break;
            }
            lex.open()?;
        }
    } else {
        while !lex.optional_close()? {
            counts.push(u64::from(lex.count("a number of strategies or '}'")?.1));
        }
    }
    if counts.len() != players.len() {
        return Err(ParseError::new(
            open_span,
            format!("strategies for {} players", counts.len()),
            format!("strategies for each of the {} players", players.len()),
        ));
    }
    if counts.contains(&0) {
        return Err(ParseError::new(
            open_span,
            "a player without strategies",
            "at least one strategy per player",
        ));
    }
    // The count in full, however large, so the refusal says how many were declared.
    let declared: BigUint = counts.iter().product();
    let Some(profiles) = declared.to_u64().filter(|&p| p <= MAX_PROFILES) else {
        return Err(ParseError::new(
            open_span,
            format!("{declared} profiles"),
            format!("at most {MAX_PROFILES} profiles"),
        ));
    };
    // Every profile needs at least two characters of input (a number and a separator), so a
    // declared size larger than the text is refused before anything is allocated for it.
    let per_profile = if labelled {
        2
    } else {
        2 * players.len() as u64
    };
    if profiles.saturating_mul(per_profile) > text.len() as u64 + 1 {
        return Err(ParseError::new(
            open_span,
            format!("{profiles} profiles"),
            "no more profiles than the file has room for",
        ));
    }
    let strategies = if labelled {
        labels
    } else {
        counts
            .iter()
            .map(|&c| vec![String::new(); c as usize])
            .collect()
    };
    let profiles = profiles as usize;
    let comment = lex.optional_string()?.unwrap_or_default();
    let n = players.len();
    let body = if lex.optional_open()? {
        let mut outcomes = Vec::new();
        while !lex.optional_close()? {
            lex.open()?;
            let label = lex.string("an outcome's label (a quoted string)")?;
            let mut payoffs = Vec::with_capacity(n);
            while !lex.optional_close()? {
                if payoffs.len() == n {
                    return Err(lex.error(&format!("'}}' after {n} payoffs (one per player)")));
                }
                payoffs.push(lex.number("a payoff (a number) or '}'")?.1);
                lex.optional_comma()?;
            }
            if payoffs.len() != n {
                return Err(lex.error(&format!("{n} payoffs (one per player) before '}}'")));
            }
            outcomes.push(NfgOutcome { label, payoffs });
        }
        let mut table = Vec::with_capacity(profiles.min(1 << 20));
        for _ in 0..profiles {
            let (span, k) = lex.count("an outcome number")?;
            if k as usize > outcomes.len() {
                return Err(ParseError::new(
                    span,
                    k.to_string(),
                    format!("an outcome number from 0 to {}", outcomes.len()),
                ));
            }
            table.push(k);
        }
        NfgBody::Outcomes { outcomes, table }
    } else {
        let mut payoffs = Vec::with_capacity((profiles * n).min(1 << 20));
        for _ in 0..profiles * n {
            payoffs.push(lex.number("a payoff (a number)")?.1);
        }
        NfgBody::Payoffs(payoffs)
    };
    if !lex.at_end()? {
        return Err(lex.error("the end of the file"));
    }
    Ok(Nfg {
        title,
        comment,
        players,
        strategies,
        labelled,
        body,
    })
}

/// Writes a game in Gambit's `.nfg` format: the strategies as labels or as counts, then the
/// payoff list or the outcome list, as the game says.
pub fn write_nfg(game: &Nfg, out: &mut String) {
    let _ = write!(out, "NFG 1 R {} {{ ", quote(&game.title));
    for p in &game.players {
        let _ = write!(out, "{} ", quote(p));
    }
    out.push('}');
    if game.labelled {
        out.push_str("\n\n{ ");
        for s in &game.strategies {
            out.push_str("{ ");
            for name in s {
                let _ = write!(out, "{} ", quote(name));
            }
            out.push_str("}\n");
        }
        out.push_str("}\n");
    } else {
        out.push_str(" { ");
        for s in &game.strategies {
            let _ = write!(out, "{} ", s.len());
        }
        out.push_str("}\n");
    }
    match &game.body {
        NfgBody::Payoffs(payoffs) => {
            if !game.comment.is_empty() {
                let _ = writeln!(out, "{}", quote(&game.comment));
            }
            out.push('\n');
            let texts: Vec<&str> = payoffs.iter().map(|p| p.text.as_str()).collect();
            out.push_str(&texts.join(" "));
            out.push('\n');
        }
        NfgBody::Outcomes { outcomes, table } => {
            let _ = write!(out, "{}\n\n{{\n", quote(&game.comment));
            for o in outcomes {
                let payoffs: Vec<&str> = o.payoffs.iter().map(|p| p.text.as_str()).collect();
                let _ = writeln!(out, "{{ {} {} }}", quote(&o.label), payoffs.join(", "));
            }
            out.push_str("}\n");
            for k in table {
                let _ = write!(out, "{k} ");
            }
            out.push('\n');
        }
    }
}

/// The game as `.nfg` text.
pub fn to_nfg_string(game: &Nfg) -> String {
    let mut out = String::new();
    write_nfg(game, &mut out);
    out
}
