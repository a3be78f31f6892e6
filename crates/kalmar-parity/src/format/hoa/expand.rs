//! The expansion of the automaton into an explicit max-parity game.

use super::lexer::Lexer;
use super::project::{Projector, WINDOW};
use super::{Automaton, EdgeRec, MAX_MOVES, MAX_SPLITS};
use kalmar_core::format::GameGraph;
use kalmar_core::{Builder, Owner, ParseError, Player, Rational, Span, Vertex};
use std::fmt::Write as _;

pub(super) fn expand(lex: &Lexer<'_>, aut: &Automaton) -> Result<GameGraph, ParseError> {
    let n = aut.states as usize;
    let mut position: Vec<Option<u32>> = vec![None; aut.aps as usize];
    let mut uncontrollable: Vec<u32> = Vec::new();
    for ap in 0..aut.aps {
        if !aut.controllable[ap as usize] {
            position[ap as usize] = Some(uncontrollable.len() as u32);
            uncontrollable.push(ap);
        }
    }
    let k = uncontrollable.len();
    // check_pairs has bounded n·2^k.
    let valuations = 1usize << k;
    let pairs = n * valuations;
    let shift = if aut.parity.max && aut.parity.even && aut.edges.iter().any(|e| e.set.is_none()) {
        2
    } else {
        0
    };
    let mut record_of: Vec<u32> = vec![u32::MAX; n];
    for (i, r) in aut.records.iter().enumerate() {
        record_of[r.id as usize] = i as u32;
    }
    let too_many_moves = |at: usize| {
        lex.error(
            at,
            format!("more than {MAX_MOVES} moves"),
            format!(
                "a game of at most {MAX_MOVES} (2^24) moves, the most kalmar expands into an \
                 explicit game"
            ),
        )
    };
    let edge_base = n + pairs;
    let mut projector = Projector::new(&position, k);
    let mut state_priority = vec![0u32; n];
    // Per edge vertex: its state, edge number, target and priority.
    let mut edge_vertices: Vec<(u32, u32, u32, u32)> = Vec::new();
    // The moves of the valuation vertices, in order.
    let mut succ: Vec<u32> = Vec::new();
    let mut succ_end: Vec<u32> = Vec::with_capacity(pairs);
    let mut bits: Vec<Vec<u64>> = Vec::new();
    let mut bit_of: Vec<usize> = Vec::new();
    for s in 0..n {
        let record = aut.records.get(record_of[s] as usize);
        let edges = record.map_or(&[][..], |r| &aut.edges[r.edges.clone()]);
        let at = record.map_or(aut.controllable_at, |r| r.at);
        let priority = |e: &EdgeRec| aut.parity.priority(e.set, shift);
        let uniform = edges
            .first()
            .is_none_or(|e0| edges.iter().all(|e| priority(e) == priority(e0)));
        let first_vertex = edge_base + edge_vertices.len();
        if uniform {
            if let Some(e0) = edges.first() {
                state_priority[s] = priority(e0);
            }
        } else {
            for (i, e) in edges.iter().enumerate() {
                edge_vertices.push((s as u32, i as u32, e.target, priority(e)));
            }
        }
        // The labels are projected for a window of valuations at a time; a state label is
        // shared by all its edges.
        for window in (0..projector.words).step_by(WINDOW) {
            projector.window = window..(window + WINDOW).min(projector.words);
            bits.clear();
            bit_of.clear();
            let mut last_label = u32::MAX;
            for e in edges {
                if e.label != last_label {
                    let label = e.label as usize;
                    let b = projector.project(&aut.labels[label]).map_err(|_| {
                        lex.error(
                            aut.label_at[label],
                            "a label too complex to expand",
                            format!(
                                "a label that takes at most {MAX_SPLITS} case splits on the \
                                 controller's propositions to evaluate"
                            ),
                        )
                    })?;
                    bits.push(b);
                    last_label = e.label;
                }
                bit_of.push(bits.len() - 1);
            }
            let first_valuation = window * 64;
            let last_valuation = (projector.window.end * 64).min(valuations);
            for v in first_valuation..last_valuation {
                let (word, bit) = ((v - first_valuation) >> 6, v & 63);
                let start = succ.len();
                for (i, e) in edges.iter().enumerate() {
                    if (bits[bit_of[i]][word] >> bit) & 1 == 1 {
                        succ.push(if uniform {
                            e.target
                        } else {
                            (first_vertex + i) as u32
                        });
                    }
                }
                if uniform && succ.len() - start > 1 {
                    succ[start..].sort_unstable();
                    let mut w = start + 1;
                    for r in start + 1..succ.len() {
                        if succ[r] != succ[w - 1] {
                            succ[w] = succ[r];
                            w += 1;
                        }
                    }
                    succ.truncate(w);
                }
                if (pairs + succ.len()) as u64 > MAX_MOVES {
                    return Err(too_many_moves(at));
                }
                succ_end.push(succ.len() as u32);
            }
        }
    }
    let vertices = edge_base + edge_vertices.len();
    let moves = pairs + succ.len() + edge_vertices.len();
    if moves as u64 > MAX_MOVES {
        return Err(too_many_moves(aut.controllable_at));
    }
    if vertices >= Vertex::LIMIT {
        return Err(lex.error(
            aut.controllable_at,
            format!("a game of {vertices} vertices"),
            format!("at most {} vertices", Vertex::LIMIT - 1),
        ));
    }

    let mut b = Builder::new(2);
    b.reserve(vertices, moves);
    let mut priority = Vec::with_capacity(vertices);
    let mut payoff = Vec::with_capacity(vertices);
    for &p in &state_priority {
        b.add_vertex(Owner::Player(Player(1)));
        priority.push(p);
        payoff.push(Vec::new());
    }
    // The names of the valuation vertices: the state, then the valuation (shared by all states).
    let valuation_text = |v: usize| {
        let mut text = String::from(" [");
        if k == 0 {
            text.push('t');
        }
        for (j, ap) in uncontrollable.iter().enumerate() {
            if j > 0 {
                text.push('&');
            }
            if (v >> j) & 1 == 0 {
                text.push('!');
            }
            let _ = write!(text, "{ap}");
        }
        text.push(']');
        text
    };
    let cached: Vec<String> = if valuations <= 1 << 12 {
        (0..valuations).map(valuation_text).collect()
    } else {
        Vec::new()
    };
    let mut end_before = 0u32;
    for s in 0..n {
        let state = s.to_string();
        for v in 0..valuations {
            let end = succ_end[s * valuations + v];
            let dead = end == end_before;
            end_before = end;
            let x = b.add_vertex(if dead {
                Owner::Terminal
            } else {
                Owner::Player(Player(0))
            });
            let computed;
            let suffix = match cached.get(v) {
                Some(text) => text,
                None => {
                    computed = valuation_text(v);
                    &computed
                }
            };
            let mut name = String::with_capacity(state.len() + suffix.len());
            name.push_str(&state);
            name.push_str(suffix);
            b.set_name(x, name);
            priority.push(0);
            payoff.push(if dead {
                vec![Rational::from(-1)]
            } else {
                Vec::new()
            });
        }
    }
    for &(s, i, target, p) in &edge_vertices {
        let x = b.add_vertex(Owner::Player(Player(0)));
        b.set_name(x, format!("{s} e{i} -> {target}"));
        priority.push(p);
        payoff.push(Vec::new());
    }
    for s in 0..n {
        for v in 0..valuations {
            b.add_edge(Vertex::new(s), Vertex::new(n + s * valuations + v));
        }
    }
    let mut from = 0usize;
    for (pair, &end) in succ_end.iter().enumerate() {
        for &w in &succ[from..end as usize] {
            b.add_edge(Vertex::new(n + pair), Vertex::new(w as usize));
        }
        from = end as usize;
    }
    for (i, &(_, _, target, _)) in edge_vertices.iter().enumerate() {
        b.add_edge(Vertex::new(edge_base + i), Vertex::new(target as usize));
    }
    if let Some(s) = aut.start {
        b.set_start(Vertex::new(s as usize));
    }
    let arena = b.build().map_err(|e| {
        ParseError::new(
            Span { line: 1, column: 1 },
            e.to_string(),
            "a well-formed game",
        )
    })?;
    Ok(GameGraph {
        arena: arena.into(),
        payoff,
        reward: None,
        // The empty game carries no labels (see `GameGraph::validate`).
        priority: (vertices > 0).then_some(priority),
        discount: None,
        observation: None,
        cycle: None,
    })
}
