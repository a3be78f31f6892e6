//! The picture of a solved game of imperfect information in Graphviz's DOT language, drawn with
//! the pieces of [`kalmar_core::dot`].
//!
//! - Each location shows its observation under its name (unless the observation is just the
//!   name), and locations that look alike (one observation) are drawn inside one dashed box.
//!   Priorities are shown when the game has more than one.
//! - A `.gg` game keeps the shapes of [`kalmar_core::dot`]: the system's (Max's) positions are
//!   diamonds, the environment's boxes, terminals double circles marked with who wins there (the
//!   last player to move). Alpaga's locations are ellipses, their moves labelled with their
//!   actions, and target and unsafe locations are marked `target` and `unsafe`.
//! - A small dot points at each initial location.
//! - The winner's witness is drawn: the knowledge sets met when the system plays its winning
//!   strategy (or the environment its spoiling strategy) from the start (without a solution, the
//!   game alone is drawn). Their locations are
//!   filled with the winner's colour (blue for the system, red for the environment): where the
//!   winner can keep play. The moves the witness uses are bold: the system's chosen action at
//!   each knowledge set, or the environment's answers. The picture's caption says who wins.
//!
//! ```
//! use kalmar_observation::picture::to_dot;
//! use kalmar_observation::{knowledge, reif, solve::Input};
//! let input = Input::from_graph(&reif::note_example()).unwrap();
//! let solution = knowledge::solve(&input.game);
//! let dot = to_dot(&input, Some(&solution));
//! // cT and cB look alike: one box for observation c.
//! assert!(dot.contains("subgraph cluster_1 {"));
//! assert!(dot.contains("\"cB\\nobs c\" shape=diamond"));
//! // The environment moves to cT or cB, unseen (both moves bold), and no move of the system is
//! // safe at both: its spoiling strategy keeps play in the red.
//! assert!(dot.contains("v0 -> v1 [penwidth=3]") && dot.contains("v0 -> v2 [penwidth=3]"));
//! assert!(dot.contains("\"cB\\nobs c\" shape=diamond fillcolor=\"#fb9a99\""));
//! assert!(dot.contains("label=\"the environment wins"));
//! ```
//!
//! # Complexity
//! Linear in the size of the game plus the knowledge sets the witness meets (as many as its
//! check by [`verify`](crate::verify()) meets), times the cost of one knowledge-set step.

use crate::solve::Input;
use crate::{LocationSet, ObservationGame, Side, Solution};
use foldhash::{HashSet, HashSetExt};
use kalmar_core::Player;
use kalmar_core::dot::{BOLD, HEADER, escaped, fill, shape, write_edge, write_node};
use std::fmt::Write;

/// What the winner's witness reaches: the locations of its knowledge sets (and the targets its
/// moves enter), and its moves as (from, action, to).
#[derive(Default)]
struct Reach {
    locations: HashSet<u32>,
    moves: HashSet<(u32, u32, u32)>,
}

/// The picture of the game `input` with `solution` (if any: without one, the game alone) as DOT
/// text.
pub fn to_dot(input: &Input, solution: Option<&Solution>) -> String {
    let game = &input.game;
    let reach = solution.map_or_else(Reach::default, |s| witness(game, s));
    let winner = match solution.map(|s| s.winner) {
        Some(Side::Environment) => Player::MIN,
        _ => Player::MAX,
    };
    let priorities: HashSet<u32> = (0..game.num_observations() as u32)
        .map(|o| game.priority(o))
        .collect();
    let show_priority = priorities.len() > 1;
    let mut out = String::from(HEADER);
    let mut members: Vec<Vec<u32>> = vec![Vec::new(); game.num_observations()];
    for l in 0..game.num_locations() as u32 {
        members[game.observation(l) as usize].push(l);
    }
    for (o, locations) in members.iter().enumerate() {
        let o = o as u32;
        let boxed = locations.len() > 1;
        let indent = if boxed { "  " } else { "" };
        if boxed {
            let _ = writeln!(
                out,
                "  subgraph cluster_{o} {{\n    style=dashed color=\"#888888\";"
            );
        }
        for &l in locations {
            let mut lines = vec![game.location_name(l).to_string()];
            let name = game.observation_name(o);
            if name != lines[0] && name != format!("{{{}}}", lines[0]) {
                lines.push(format!("obs {name}"));
            }
            if show_priority {
                lines.push(format!("priority {}", game.priority(o)));
            }
            let shape = match &input.turn_based {
                Some(turn_based) => {
                    let v = kalmar_core::Vertex::new(l as usize);
                    if turn_based.arena.is_terminal(v) {
                        let side = if turn_based.won_by_system(v) {
                            "system"
                        } else {
                            "environment"
                        };
                        lines.push(format!("{side} wins"));
                    }
                    shape(turn_based.arena.owner(v))
                }
                None => {
                    if game.target().contains(l) {
                        lines.push("target".into());
                    }
                    if !game.safe().contains(l) {
                        lines.push("unsafe".into());
                    }
                    "ellipse"
                }
            };
            let colour = fill(reach.locations.contains(&l).then_some(winner));
            out.push_str(indent);
            write_node(&mut out, &format!("v{l}"), &lines, shape, colour);
        }
        if boxed {
            out.push_str("  }\n");
        }
    }
    for l in game.initial().iter() {
        let _ = writeln!(out, "  i{l} [shape=point fillcolor=black label=\"\"];");
        write_edge(&mut out, &format!("i{l}"), &format!("v{l}"), &[]);
    }
    moves(&mut out, input, &reach);
    if let Some(solution) = solution {
        let caption = match solution.winner {
            Side::System => "the system wins (filled: where its winning strategy can lead)",
            Side::Environment => "the environment wins (filled: where its spoiling strategy leads)",
        };
        let _ = writeln!(
            out,
            "  label=\"{caption}\" labelloc=b fontname=\"Helvetica\";"
        );
    }
    out.push_str("}\n");
    out
}

/// The moves: one arrow per pair of locations (a `.gg` game), or per pair and whether the
/// witness uses it, labelled with its actions (Alpaga's games).
fn moves(out: &mut String, input: &Input, reach: &Reach) {
    let game = &input.game;
    for l in 0..game.num_locations() as u32 {
        // (to, bold) -> actions, in the order met (moves are sorted by action).
        let mut arrows: Vec<((u32, bool), Vec<&str>)> = Vec::new();
        for &(a, t) in game.moves(l) {
            let key = (t, reach.moves.contains(&(l, a, t)));
            match arrows.iter_mut().find(|(k, _)| *k == key) {
                Some((_, actions)) => actions.push(game.action_name(a)),
                None => arrows.push((key, vec![game.action_name(a)])),
            }
        }
        arrows.sort_by_key(|&((t, bold), _)| (t, !bold));
        for ((t, bold), actions) in arrows {
            let mut attributes = Vec::new();
            if bold {
                attributes.push(BOLD.to_string());
            }
            if input.turn_based.is_none() {
                attributes.push(format!("label=\"{}\"", escaped(&actions.join(", "))));
            }
            write_edge(out, &format!("v{l}"), &format!("v{t}"), &attributes);
        }
    }
}

/// The knowledge sets the winner's witness meets from the start, and the moves it uses.
fn witness(game: &ObservationGame, solution: &Solution) -> Reach {
    let mut reach = Reach::default();
    let mut seen: HashSet<LocationSet> = HashSet::new();
    if let Some(strategy) = &solution.strategy {
        let lookup = strategy.lookup();
        let mut open = game.initial_knowledge();
        while let Some(k) = open.pop() {
            if !seen.insert(k.clone()) {
                continue;
            }
            reach.locations.extend(k.iter());
            let Some(a) = lookup.action(&k) else { continue };
            for l in k.iter() {
                for t in game.post(l, a) {
                    reach.moves.insert((l, a, t));
                    reach.locations.insert(t);
                }
            }
            open.extend(
                game.successors(&k, a)
                    .into_iter()
                    .map(|(_, next)| next)
                    .filter(|next| !next.is_empty()),
            );
        }
    } else if let Some(spoiler) = &solution.spoiler {
        let answers = spoiler.lookup();
        let mut open: Vec<LocationSet> = spoiler.start.iter().cloned().collect();
        while let Some(k) = open.pop() {
            if !seen.insert(k.clone()) {
                continue;
            }
            reach.locations.extend(k.iter());
            if game.losing_at_once(&k) {
                continue;
            }
            for a in game.common_actions(&k) {
                let Some(&o) = answers.get(&(&k, a)) else {
                    continue;
                };
                let Some((_, next)) = game.successors(&k, a).into_iter().find(|(p, _)| *p == o)
                else {
                    continue;
                };
                for l in k.iter() {
                    for t in game.post(l, a).filter(|&t| next.contains(t)) {
                        reach.moves.insert((l, a, t));
                    }
                }
                open.push(next);
            }
        }
    }
    reach
}
