//! The `.gii` format of the Alpaga tool (games of imperfect information; M. De Wulf, L. Doyen,
//! J.-F. Raskin and others, Université Libre de Bruxelles), read into an
//! [`ObservationGame`] and written from one.
//!
//! ```text
//! # a reachability game with target 3
//! ALPHABET : a, b
//! STATES : 1, 2, 3, 4
//! INIT : 1
//! TARGET : 3
//! TRANS :
//! 1, 2, a          # from, to, action
//! 1, 3, a
//! 1, 1, b
//! 2, 4, a
//! 4, 1, b
//! OBS :
//! 1, 2 : 1         # the states of one observation, and its priority
//! 3 : 1
//! 4 : 0
//! ```
//!
//! - `#` starts a comment that runs to the end of the line; blank lines are ignored.
//! - `ALPHABET`, `STATES`, `INIT`, `SAFE` and `TARGET` are each followed by `:` and a
//!   comma-separated list on the same line (empty items are skipped). `TRANS` and `OBS` (with or
//!   without `:`) start blocks: one transition `from, to, action` per line, and one observation
//!   per line, its states comma-separated, then optionally `:` and its priority. Each keyword
//!   comes at most once; `ALPHABET`, `STATES`, `INIT` and `OBS` are required.
//! - Names are words without blanks, `,`, `:` or `#`. Every state is in exactly one
//!   observation; either every observation has a priority or none has (then all have 0).
//!
//! The objective is Alpaga's `Reach(TARGET) ∪ (Parity ∩ Safe(SAFE))`. Without a `SAFE` line no
//! state is safe, so the objective is reachability of `TARGET` alone: kalmar reads that as all
//! states safe with every priority 1. With a `SAFE` line, kalmar asks that a play stays safe
//! until it reaches the target (a play that leaves `SAFE` and reaches `TARGET` later counts
//! for the system in Alpaga, not in kalmar; no example of Alpaga's has one). Transitions are
//! not completed: an action missing at a state cannot be played where that state is possible,
//! which is what Alpaga's completion with a losing `SINK` state amounts to.

use crate::{GameBuilder, ObservationGame};
use foldhash::{HashMap, HashMapExt};
use kalmar_core::{ParseError, Span};
use std::fmt::Write;

const KEYWORDS: [&str; 7] = [
    "ALPHABET", "STATES", "INIT", "SAFE", "TARGET", "TRANS", "OBS",
];

/// Which block lines belong to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Block {
    Header,
    Trans,
    Obs,
}

/// A name and where it stands.
type Item<'a> = (&'a str, Span);

/// Splits `text`, which starts at `span`, at `separator`; trims the items, drops empty ones.
fn items(text: &str, span: Span, separator: char) -> Vec<Item<'_>> {
    let mut out = Vec::new();
    let mut column = span.column;
    for piece in text.split(separator) {
        let lead = piece.len() - piece.trim_start().len();
        let item = piece.trim();
        if !item.is_empty() {
            let at = column + piece[..lead].chars().count() as u32;
            out.push((
                item,
                Span {
                    line: span.line,
                    column: at,
                },
            ));
        }
        column += piece.chars().count() as u32 + 1;
    }
    out
}

/// Checks that an item is a name.
fn name<'a>(item: Item<'a>, what: &str) -> Result<Item<'a>, ParseError> {
    let (text, span) = item;
    if text.contains(|c: char| c.is_whitespace() || c == ':') {
        return Err(ParseError::new(
            span,
            format!("'{text}'"),
            format!("{what} (a name without blanks, ',', ':' or '#')"),
        ));
    }
    Ok(item)
}

#[derive(Default)]
struct Lists<'a> {
    found: HashMap<&'static str, Span>,
    alphabet: Vec<Item<'a>>,
    states: Vec<Item<'a>>,
    init: Vec<Item<'a>>,
    safe: Option<Vec<Item<'a>>>,
    target: Vec<Item<'a>>,
    trans: Vec<[Item<'a>; 3]>,
    obs: Vec<(Vec<Item<'a>>, Option<u32>, Span)>,
}

/// Whether a file is in Alpaga's format: by its extension, or, when the extension is not one
/// of kalmar's game formats, by its first keyword.
pub fn is_gii(path: &std::path::Path, text: &str) -> bool {
    if kalmar_core::format::content_extension(path).as_deref() == Some("gii") {
        return true;
    }
    kalmar_parity::format::Format::from_extension(path).is_none()
        && text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'))
            .is_some_and(|l| l.starts_with("ALPHABET") || l.starts_with("STATES"))
}

/// Reads a game in Alpaga's `.gii` format (see the [module documentation](self)).
///
/// ```
/// use kalmar_observation::read_gii;
/// let game = read_gii("ALPHABET : a\nSTATES : x, y\nINIT : x\nTARGET : y\nTRANS :\nx, y, a\nOBS :\nx, y\n")
///     .unwrap();
/// assert_eq!(game.num_locations(), 2);
/// let err = read_gii("ALPHABET : a\nSTATES : x\nINIT : z\nOBS :\nx\n").unwrap_err();
/// assert_eq!((err.span().line, err.span().column), (3, 8));
/// ```
pub fn read_gii(text: &str) -> Result<ObservationGame, ParseError> {
    let text = kalmar_core::format::check_size(text)?;
    let mut lists = Lists::default();
    let mut block = Block::Header;
    let mut last_line = 1;
    for (i, raw) in text.split('\n').enumerate() {
        let line_no = u32::try_from(i + 1).unwrap_or(u32::MAX);
        last_line = line_no;
        let line = raw.split('#').next().unwrap_or("").trim_end();
        let indent = line.len() - line.trim_start().len();
        let body = &line[indent..];
        if body.is_empty() {
            continue;
        }
        let span = Span {
            line: line_no,
            column: line[..indent].chars().count() as u32 + 1,
        };
        let keyword = KEYWORDS.iter().copied().find(|k| {
            body.strip_prefix(k).is_some_and(|rest| {
                rest.is_empty() || rest.starts_with(|c: char| c.is_whitespace() || c == ':')
            })
        });
        if let Some(k) = keyword {
            if let Some(first) = lists.found.insert(k, span) {
                return Err(ParseError::new(
                    span,
                    format!("a second '{k}'"),
                    format!("each keyword once ('{k}' is on line {})", first.line),
                ));
            }
            let after_keyword = &body[k.len()..];
            let rest = after_keyword.trim_start();
            let blanks = &after_keyword[..after_keyword.len() - rest.len()];
            let after = span.column + k.chars().count() as u32 + blanks.chars().count() as u32;
            let rest_span = Span {
                line: line_no,
                column: after,
            };
            let list = match rest.strip_prefix(':') {
                Some(list) => list,
                None if matches!(k, "TRANS" | "OBS") && rest.is_empty() => "",
                None => {
                    return Err(ParseError::new(
                        rest_span,
                        kalmar_core::error::describe_next(rest),
                        format!("':' after '{k}'"),
                    ));
                }
            };
            let list_span = Span {
                line: line_no,
                column: after + 1,
            };
            let parsed = || -> Result<Vec<Item<'_>>, ParseError> {
                items(list, list_span, ',')
                    .into_iter()
                    .map(|it| name(it, "a name"))
                    .collect()
            };
            match k {
                "TRANS" | "OBS" => {
                    if !list.trim().is_empty() {
                        return Err(ParseError::new(
                            list_span,
                            format!("'{}'", list.trim()),
                            format!("the end of the line ('{k}' starts a block of lines)"),
                        ));
                    }
                    block = if k == "TRANS" {
                        Block::Trans
                    } else {
                        Block::Obs
                    };
                }
                "ALPHABET" => lists.alphabet = parsed()?,
                "STATES" => lists.states = parsed()?,
                "INIT" => lists.init = parsed()?,
                "SAFE" => lists.safe = Some(parsed()?),
                _ => lists.target = parsed()?,
            }
            continue;
        }
        match block {
            Block::Header => {
                return Err(ParseError::new(
                    span,
                    kalmar_core::error::describe_next(body),
                    "a keyword: ALPHABET, STATES, INIT, SAFE, TARGET, TRANS or OBS",
                ));
            }
            Block::Trans => {
                let parts = items(body, span, ',');
                let [from, to, action] = parts[..] else {
                    return Err(ParseError::new(
                        span,
                        format!("{} items", parts.len()),
                        "a transition: from, to, action",
                    ));
                };
                lists.trans.push([
                    name(from, "a state")?,
                    name(to, "a state")?,
                    name(action, "an action")?,
                ]);
            }
            Block::Obs => {
                let (states, priority) = match body.split_once(':') {
                    Some((states, p)) => {
                        let p_col = span.column + states.chars().count() as u32 + 1;
                        let p_trim = p.trim();
                        let blanks = &p[..p.len() - p.trim_start().len()];
                        let p_span = Span {
                            line: line_no,
                            column: p_col + blanks.chars().count() as u32,
                        };
                        match p_trim.parse::<u32>() {
                            Ok(v) if p_trim.bytes().all(|b| b.is_ascii_digit()) => {
                                (states, Some(v))
                            }
                            _ => {
                                return Err(ParseError::new(
                                    p_span,
                                    kalmar_core::error::describe_next(p.trim_start()),
                                    "a priority: a whole number from 0 to 4294967295",
                                ));
                            }
                        }
                    }
                    None => (body, None),
                };
                let states: Vec<Item<'_>> = items(states, span, ',')
                    .into_iter()
                    .map(|it| name(it, "a state"))
                    .collect::<Result<_, _>>()?;
                if states.is_empty() {
                    return Err(ParseError::new(
                        span,
                        "no state",
                        "the states of an observation",
                    ));
                }
                lists.obs.push((states, priority, span));
            }
        }
    }
    build(lists, last_line)
}

/// Resolves names and builds the game.
fn build(lists: Lists<'_>, last_line: u32) -> Result<ObservationGame, ParseError> {
    let end = Span {
        line: last_line,
        column: 1,
    };
    for k in ["ALPHABET", "STATES", "INIT", "OBS"] {
        if !lists.found.contains_key(k) {
            return Err(ParseError::new(
                end,
                "end of input",
                format!("a '{k}' line (ALPHABET, STATES, INIT and OBS are required)"),
            ));
        }
    }
    let mut b = GameBuilder::new();
    let mut actions: HashMap<&str, u32> = HashMap::new();
    for &(a, span) in &lists.alphabet {
        if actions.insert(a, b.add_action(a)).is_some() {
            return Err(ParseError::new(
                span,
                format!("'{a}' again"),
                "a new action",
            ));
        }
    }
    // States get their observation once the OBS block is read.
    let mut state_index: HashMap<&str, usize> = HashMap::new();
    for (i, &(s, span)) in lists.states.iter().enumerate() {
        if state_index.insert(s, i).is_some() {
            return Err(ParseError::new(span, format!("'{s}' again"), "a new state"));
        }
    }
    let state = |&(s, span): &Item<'_>| -> Result<u32, ParseError> {
        state_index
            .get(s)
            .map(|&i| i as u32)
            .ok_or_else(|| ParseError::new(span, format!("'{s}'"), "a state listed in STATES"))
    };
    let given = lists.obs.iter().filter(|(_, p, _)| p.is_some()).count();
    if given != 0 && given != lists.obs.len() {
        let (_, _, span) = lists
            .obs
            .iter()
            .find(|(_, p, _)| p.is_none())
            .expect("some observation has no priority");
        return Err(ParseError::new(
            *span,
            "an observation without a priority",
            "':' and a priority, as the other observations have",
        ));
    }
    let reach_only = lists.safe.is_none();
    let mut observation_of: Vec<Option<u32>> = vec![None; lists.states.len()];
    for (states, priority, _) in &lists.obs {
        let label = observation_label(states);
        let p = if reach_only { 1 } else { priority.unwrap_or(0) };
        let o = b.add_observation(label, p);
        for item in states {
            let s = state(item)? as usize;
            if observation_of[s].is_some() {
                return Err(ParseError::new(
                    item.1,
                    format!("'{}' in a second observation", item.0),
                    "each state in one observation",
                ));
            }
            observation_of[s] = Some(o);
        }
    }
    for (i, &(s, span)) in lists.states.iter().enumerate() {
        let Some(o) = observation_of[i] else {
            return Err(ParseError::new(
                span,
                format!("'{s}', which is in no observation"),
                "a state listed in the OBS block",
            ));
        };
        b.add_location(s, o);
    }
    for [from, to, action] in &lists.trans {
        let a = actions.get(action.0).copied().ok_or_else(|| {
            ParseError::new(
                action.1,
                format!("'{}'", action.0),
                "an action listed in ALPHABET",
            )
        })?;
        b.add_move(state(from)?, a, state(to)?);
    }
    for item in &lists.init {
        b.add_initial(state(item)?);
    }
    for item in &lists.target {
        b.add_target(state(item)?);
    }
    if let Some(safe) = &lists.safe {
        let mut is_safe = vec![false; lists.states.len()];
        for item in safe {
            is_safe[state(item)? as usize] = true;
        }
        for (l, _) in is_safe.iter().enumerate().filter(|(_, s)| !**s) {
            b.make_unsafe(l as u32);
        }
    }
    let init_span = lists.found.get("INIT").copied().unwrap_or(end);
    b.build()
        .map_err(|e| ParseError::new(init_span, e.to_string(), "a game with an initial state"))
}

/// How an observation is named: its states, shortened when there are many.
fn observation_label(states: &[Item<'_>]) -> String {
    const SHOWN: usize = 3;
    let names: Vec<&str> = states.iter().take(SHOWN).map(|(s, _)| *s).collect();
    if states.len() > SHOWN {
        format!("{{{},… {} states}}", names.join(","), states.len())
    } else {
        format!("{{{}}}", names.join(","))
    }
}

/// A game whose names cannot be written in `.gii`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' cannot be a name in a .gii file (names have no blanks, ',', ':' or '#')")]
pub struct GiiWriteError(String);

/// Writes `game` in Alpaga's `.gii` format. Reading the text back gives a game with the same
/// locations, actions, moves and winner (observations are named by their states there).
pub fn write_gii(game: &ObservationGame) -> Result<String, GiiWriteError> {
    let names: Vec<&str> = (0..game.num_locations() as u32)
        .map(|l| game.location_name(l))
        .chain((0..game.num_actions() as u32).map(|a| game.action_name(a)))
        .collect();
    if let Some(bad) = names.iter().find(|s| {
        s.is_empty()
            || s.contains(|c: char| c.is_whitespace() || matches!(c, ',' | ':' | '#'))
            || KEYWORDS.iter().any(|k| s.starts_with(k))
    }) {
        return Err(GiiWriteError(bad.to_string()));
    }
    let list = |ls: &mut dyn Iterator<Item = u32>| -> String {
        ls.map(|l| game.location_name(l))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let locations = || 0..game.num_locations() as u32;
    let mut out = String::new();
    let actions: Vec<&str> = (0..game.num_actions() as u32)
        .map(|a| game.action_name(a))
        .collect();
    // Writing to a String cannot fail.
    let _ = writeln!(out, "ALPHABET : {}", actions.join(", "));
    let _ = writeln!(out, "STATES : {}", list(&mut locations()));
    let _ = writeln!(out, "INIT : {}", list(&mut game.initial().iter()));
    let _ = writeln!(out, "SAFE : {}", list(&mut game.safe().iter()));
    if !game.target().is_empty() {
        let _ = writeln!(out, "TARGET : {}", list(&mut game.target().iter()));
    }
    out.push_str("TRANS :\n");
    for l in locations() {
        for &(a, t) in game.moves(l) {
            let _ = writeln!(
                out,
                "{}, {}, {}",
                game.location_name(l),
                game.location_name(t),
                game.action_name(a)
            );
        }
    }
    out.push_str("OBS :\n");
    for o in 0..game.num_observations() as u32 {
        let members = list(&mut game.class(o).iter());
        if !members.is_empty() {
            let _ = writeln!(out, "{members} : {}", game.priority(o));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> (u32, u32, String) {
        let e = read_gii(text).unwrap_err();
        (e.span().line, e.span().column, e.expected().to_string())
    }

    const HEAD: &str = "ALPHABET : a, b\nSTATES : x, y\nINIT : x\n";

    #[test]
    fn reads_an_example() {
        let g = read_gii(
            "# c\nALPHABET : a, b \nSTATES : 1, 2, 3, 4\nINIT : 1\nSAFE : 1,2,3,4\nTARGET : 3\n\
             TRANS : \n1, 2 , a\n1,3, a\n1, 1, b\n\n2,4,a\nOBS :\n1:1\n2:1\n3:1\n4:0",
        )
        .unwrap();
        assert_eq!(
            (g.num_locations(), g.num_actions(), g.num_moves()),
            (4, 2, 4)
        );
        assert_eq!(g.num_observations(), 4);
        assert_eq!(g.priority(g.observation(3)), 0);
        assert!(g.target().contains(2) && g.initial().contains(0));
    }

    #[test]
    fn columns_count_characters() {
        // An ideographic space is white space of three bytes: one column.
        let (l, c, _) = err("ALPHABET\u{3000}a\n");
        assert_eq!((l, c), (1, 10));
        let (l, c, _) = err(&format!("{HEAD}OBS\nx :\u{3000}one\n"));
        assert_eq!((l, c), (5, 5));
    }

    #[test]
    fn errors_have_positions() {
        let (l, c, e) = err(&format!("{HEAD}TRANS\nx, z, a\nOBS\nx, y\n"));
        assert_eq!((l, c), (5, 4), "{e}");
        let (l, c, e) = err(&format!("{HEAD}TRANS\nx, y, c\nOBS\nx, y\n"));
        assert_eq!((l, c), (5, 7), "{e}");
        let (l, c, _) = err(&format!("{HEAD}TRANS\nx, y\nOBS\nx, y\n"));
        assert_eq!((l, c), (5, 1));
        let (l, c, _) = err(&format!("{HEAD}OBS\nx\n"));
        assert_eq!((l, c), (2, 13));
        let (l, c, _) = err(&format!("{HEAD}OBS\nx\ny : 1\n"));
        assert_eq!((l, c), (5, 1));
        let (l, c, e) = err(&format!("{HEAD}OBS\nx, y\n y\n"));
        assert_eq!((l, c), (6, 2), "{e}");
        let (l, c, _) = err(&format!("{HEAD}OBS\nx : 1\ny : one\n"));
        assert_eq!((l, c), (6, 5));
        let (l, c, _) = err(&format!("{HEAD}OBS\nx : 1\ny : 2\nINIT : y\n"));
        assert_eq!((l, c), (7, 1));
        let (l, c, _) = err("ALPHABET a\n");
        assert_eq!((l, c), (1, 10));
        let (l, c, _) = err("hello\n");
        assert_eq!((l, c), (1, 1));
        let (l, _, e) = err("ALPHABET : a\n");
        assert_eq!(l, 2);
        assert!(e.contains("STATES"), "{e}");
        let (l, c, _) = err("ALPHABET : a\nSTATES : x y\n");
        assert_eq!((l, c), (2, 10));
    }

    #[test]
    fn writes_what_it_reads() {
        let text = format!("{HEAD}TARGET : y\nTRANS\nx, y, a\nx, x, b\nOBS\nx : 1\ny : 1\n");
        let g = read_gii(&text).unwrap();
        let written = write_gii(&g).unwrap();
        let again = read_gii(&written).unwrap();
        assert_eq!(write_gii(&again).unwrap(), written);
        assert_eq!(again.num_moves(), 2);
    }
}
