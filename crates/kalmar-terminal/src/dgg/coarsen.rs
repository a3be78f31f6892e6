//! Coarsening by merging terminals (Lemma 1) and the signs of all values (Lemma 2) of
//! *Deterministic Graphical Games Revisited*.
//!
//! Merging a terminal `s` into an adjacent terminal `t` (same sign, no payoff in between)
//! reconnects the arcs into `s` to `t` and removes `s`. By Lemma 1 every optimal strategy stays
//! optimal, positions of value `p(s)` get value `p(t)` and all other values stay. Merging a run of
//! adjacent terminals therefore keeps the run's order with respect to all other payoffs, so the
//! coarse game says which run each position's value falls in.
//!
//! [`coarsen`] builds the coarse game explicitly. The solvers never copy the graph: they give each
//! terminal the number of its run and run generalized retrograde analysis over the runs
//! ([`Retrograde`]), which is the same computation on the same arcs.
//!
//! [`signs`] is Lemma 2: merging all positive and all negative terminals leaves at most three
//! terminals, and one retrograde sweep gives the sign of every value.
//!
//! # Complexity
//! `coarsen`: O(n + m) time. `signs`: O(n + m) time and one comparison per terminal.
//!
//! # Example
//! ```
//! use kalmar_core::{Vertex, format::read_gg};
//! use kalmar_terminal::dgg::{self, coarsen::{coarsen, signs}, compare::Comparisons};
//! use std::cmp::Ordering::{Greater, Less};
//! // Max at a takes 3 or passes to Min at b, who takes 5 or -2 or returns to a.
//! let text = "kalmar-gg 1\na max -> t b\nb min -> u v a\n\
//!             t terminal payoff=3\nu terminal payoff=5\nv terminal payoff=-2\n";
//! let game = dgg::from_graph(&read_gg(text).unwrap()).unwrap();
//! let cmp = Comparisons::new();
//! // a is worth 3, b -2, and the terminals their payoffs.
//! assert_eq!(signs(&game, &cmp), [Greater, Less, Greater, Greater, Less]);
//! assert_eq!(cmp.count(), 3);
//! // 3 and 5 are adjacent payoffs of one sign: merge u (vertex 3) into t (vertex 2).
//! let (coarse, map) = coarsen(&game, &[vec![Vertex(2), Vertex(3)]]);
//! assert_eq!(coarse.arena().num_vertices(), 4);
//! assert_eq!(map[3], map[2]);
//! ```

use super::compare::Comparisons;
use super::retrograde::{Retrograde, Subgame, ZERO};
use crate::{Payoff, TerminalGame};
use kalmar_core::{Builder, Vertex};
use std::cmp::Ordering;

/// The game in which each set of terminals in `groups` is merged into its first member. Each group
/// must be a run of adjacent terminals (non-terminals in a group are ignored) (same sign, no other payoff in between) for Lemma 1 to
/// apply. Returns the coarse game and, for each original position, its position in the coarse
/// game (merged terminals map to their group's first member).
pub fn coarsen<P: Payoff>(
    game: &TerminalGame<P>,
    groups: &[Vec<Vertex>],
) -> (TerminalGame<P>, Vec<Vertex>) {
    let arena = game.arena();
    let n = arena.num_vertices();
    let mut merged_into: Vec<Option<Vertex>> = vec![None; n];
    for group in groups {
        let mut terminals = group.iter().copied().filter(|&t| arena.is_terminal(t));
        if let Some(first) = terminals.next() {
            for s in terminals {
                merged_into[s.index()] = Some(first);
            }
        }
    }
    let mut new_id = vec![Vertex(0); n];
    let mut builder = Builder::new(2);
    let mut payoff = Vec::new();
    for v in arena.vertices() {
        if merged_into[v.index()].is_none() {
            new_id[v.index()] = builder.add_vertex(arena.owner(v));
            if let Some(name) = arena.given_name(v) {
                builder.set_name(new_id[v.index()], name);
            }
            payoff.push(game.payoff(v).clone());
        }
    }
    for v in arena.vertices() {
        if let Some(t) = merged_into[v.index()] {
            new_id[v.index()] = new_id[t.index()];
        }
    }
    for v in arena.vertices() {
        for &w in arena.successors(v) {
            builder.add_edge(new_id[v.index()], new_id[w.index()]);
        }
    }
    builder.set_start(new_id[game.start().index()]);
    let arena = builder
        .build()
        .expect("merging terminals keeps a valid arena");
    let coarse =
        TerminalGame::new(arena, payoff).expect("merging terminals keeps a terminal-payoff game");
    (coarse, new_id)
}

/// The sign of the value of every position (Lemma 2).
pub fn signs<P: Payoff>(game: &TerminalGame<P>, cmp: &Comparisons) -> Vec<Ordering> {
    const SIGNS: [Ordering; 3] = [Ordering::Less, Ordering::Equal, Ordering::Greater];
    let arena = game.arena();
    let mut class_of = vec![0u32; arena.num_vertices()];
    for t in game.terminals() {
        class_of[t.index()] = (cmp.sign(game.payoff(t)) as i8 + 1) as u32;
    }
    let mut gra = Retrograde::new();
    gra.run(game, &Subgame::full(arena), &class_of, &SIGNS);
    gra.label
        .iter()
        .map(|&l| {
            if l == ZERO {
                Ordering::Equal
            } else {
                SIGNS[l as usize]
            }
        })
        .collect()
}
