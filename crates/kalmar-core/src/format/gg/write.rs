//! The `.gg` writer: the canonical text of a game graph.

use super::{KEYWORDS, is_name_char};
use crate::format::GameGraph;
use crate::{Owner, Player, Rational, Vertex};
use std::fmt;

/// Writes `name` as it appears in a `.gg` file: bare when it is a word that is neither all
/// digits nor a keyword, quoted otherwise.
pub(super) fn write_name(out: &mut impl fmt::Write, name: &str) -> fmt::Result {
    let bare = !name.is_empty()
        && name.chars().all(is_name_char)
        && !name.bytes().all(|b| b.is_ascii_digit())
        && !KEYWORDS.contains(&name);
    if bare {
        return out.write_str(name);
    }
    out.write_char('"')?;
    for c in name.chars() {
        match c {
            '"' => out.write_str("\\\"")?,
            '\\' => out.write_str("\\\\")?,
            '\n' => out.write_str("\\n")?,
            '\r' => out.write_str("\\r")?,
            '\t' => out.write_str("\\t")?,
            c if c.is_control() => write!(out, "\\u{{{:x}}}", c as u32)?,
            c => out.write_char(c)?,
        }
    }
    out.write_char('"')
}

/// Writes how vertex `v` is referred to: its name, or its number if it has none.
fn write_vertex(out: &mut impl fmt::Write, graph: &GameGraph, v: Vertex) -> fmt::Result {
    match graph.arena.given_name(v) {
        Some(name) => write_name(out, name),
        None => write!(out, "{}", v.index()),
    }
}

/// Writes `graph` in the canonical `.gg` form. For every graph that passes
/// [`GameGraph::validate`], [`read_gg`](super::read_gg) reads the text back to an equal graph
/// (names, start, move order and all labels included). Labels missing for some vertex (a graph
/// that does not validate) are left out for that vertex.
///
/// ```
/// use kalmar_core::{Builder, Owner, Player};
/// use kalmar_core::format::{GameGraph, to_gg_string};
/// let mut b = Builder::new(2);
/// let x = b.add_vertex(Owner::Player(Player::MAX));
/// b.add_edge(x, x);
/// let text = to_gg_string(&GameGraph::new(b.build().unwrap()));
/// assert_eq!(text, "kalmar-gg 1\nplayers 2\n0 max -> 0\n");
/// ```
pub fn write_gg(graph: &GameGraph, out: &mut impl fmt::Write) -> fmt::Result {
    let arena = &graph.arena;
    writeln!(out, "kalmar-gg 1")?;
    writeln!(out, "players {}", arena.num_players())?;
    if let Some(s) = arena.start() {
        out.write_str("start ")?;
        write_vertex(out, graph, s)?;
        out.write_char('\n')?;
    }
    if let Some(d) = &graph.discount {
        writeln!(out, "discount {d}")?;
    }
    if let Some(cycle) = &graph.cycle {
        out.write_str("cycle ")?;
        write_payoff(out, cycle)?;
        out.write_char('\n')?;
    }
    let two_players = arena.num_players() == 2;
    for v in arena.vertices() {
        let i = v.index();
        write_vertex(out, graph, v)?;
        match arena.owner(v) {
            Owner::Player(p) if two_players && p == Player::MAX => out.write_str(" max")?,
            Owner::Player(p) if two_players && p == Player::MIN => out.write_str(" min")?,
            Owner::Player(p) => write!(out, " player{}", p.0)?,
            Owner::Chance => out.write_str(" chance")?,
            Owner::Terminal => out.write_str(" terminal")?,
        }
        if let Some(p) = graph.priority.as_ref().and_then(|p| p.get(i)) {
            write!(out, " priority={p}")?;
        }
        if let Some(r) = graph.reward.as_ref().and_then(|r| r.get(i)) {
            write!(out, " reward={r}")?;
        }
        if let Some(o) = graph
            .observation
            .as_ref()
            .and_then(|o| o.get(i)?.as_deref())
        {
            out.write_str(" obs=")?;
            write_name(out, o)?;
        }
        if let Some(payoff) = graph.payoff.get(i).filter(|p| !p.is_empty()) {
            out.write_str(" payoff=")?;
            write_payoff(out, payoff)?;
        }
        if arena.owner(v) != Owner::Terminal {
            out.write_str(" ->")?;
            for e in arena.out_edges(v) {
                out.write_char(' ')?;
                write_vertex(out, graph, arena.target(e))?;
                if let Some(p) = arena.probability(e) {
                    write!(out, ":{p}")?;
                }
            }
        }
        out.write_char('\n')?;
    }
    Ok(())
}

/// The canonical `.gg` text of `graph` (see [`write_gg`]).
pub fn to_gg_string(graph: &GameGraph) -> String {
    let mut out = String::new();
    // Writing to a `String` cannot fail.
    let _ = write_gg(graph, &mut out);
    out
}

/// A payoff: one number, or several in parentheses.
fn write_payoff(out: &mut impl fmt::Write, payoff: &[Rational]) -> fmt::Result {
    if let [x] = payoff {
        return write!(out, "{x}");
    }
    out.write_char('(')?;
    for (k, x) in payoff.iter().enumerate() {
        if k > 0 {
            out.write_char(',')?;
        }
        write!(out, "{x}")?;
    }
    out.write_char(')')
}
