//! `--dot FILE` on stochastic and observation solves, and `kalmar solve FILE --dot` for them:
//! the pictures are well-formed DOT (checked here by structure, as Graphviz is not at hand)
//! and say what the solution says.

mod common;

use common::{kalmar, stderr, temp};
use std::collections::{BTreeMap, BTreeSet};

/// A picture read back: each node's attributes, each edge with its attributes.
#[derive(Debug)]
struct Picture {
    nodes: BTreeMap<String, String>,
    edges: Vec<(String, String, String)>,
    clusters: usize,
}

impl Picture {
    /// The label of a node, with `\n` for its line breaks.
    fn label(&self, node: &str) -> &str {
        let attributes = &self.nodes[node];
        let start = attributes.find("label=\"").expect("a label") + 7;
        let end = start + attributes[start..].find("\" ").expect("a closing quote");
        &attributes[start..end]
    }

    /// The node whose label starts with `name` and a line break (or is `name`).
    fn node(&self, name: &str) -> &str {
        self.nodes
            .keys()
            .find(|n| {
                let label = self.label(n);
                label == name || label.starts_with(&format!("{name}\\n"))
            })
            .unwrap_or_else(|| panic!("no node {name} in {self:?}"))
    }

    /// Whether the edge between the nodes labelled `from` and `to` is bold.
    fn bold(&self, from: &str, to: &str) -> bool {
        let (from, to) = (self.node(from), self.node(to));
        self.edges
            .iter()
            .any(|(f, t, a)| f == from && t == to && a.contains("penwidth=3"))
    }

    fn fill(&self, name: &str) -> &str {
        let attributes = &self.nodes[self.node(name)];
        let start = attributes.find("fillcolor=\"").expect("a fill") + 11;
        &attributes[start..start + attributes[start..].find('"').unwrap()]
    }
}

/// Reads a picture, checking its structure: one `digraph` whose braces balance, statements
/// ending in `;`, quotes closed on every line, every edge between declared nodes.
fn parse(dot: &str) -> Picture {
    assert!(dot.starts_with("digraph game {\n"), "{dot}");
    assert!(dot.ends_with("}\n"), "{dot}");
    let mut depth = 0i32;
    let mut picture = Picture {
        nodes: BTreeMap::new(),
        edges: Vec::new(),
        clusters: 0,
    };
    for line in dot.lines() {
        let unescaped = line.replace("\\\\", "").replace("\\\"", "");
        assert_eq!(unescaped.matches('"').count() % 2, 0, "open quote: {line}");
        let line = line.trim();
        if line.ends_with('{') {
            depth += 1;
            if line.starts_with("subgraph cluster_") {
                picture.clusters += 1;
            }
            continue;
        }
        if line == "}" {
            depth -= 1;
            continue;
        }
        assert!(line.ends_with(';'), "statement without ';': {line}");
        let statement = &line[..line.len() - 1];
        let (head, attributes) = match statement.split_once(" [") {
            Some((head, rest)) => (head, rest.strip_suffix(']').expect("closed attributes")),
            None => (statement, ""),
        };
        if let Some((from, to)) = head.split_once(" -> ") {
            picture
                .edges
                .push((from.into(), to.into(), attributes.to_string()));
        } else if !head.contains('=') && !["node", "edge"].contains(&head) {
            picture
                .nodes
                .insert(head.into(), attributes.to_string() + " ");
        }
    }
    assert_eq!(depth, 0, "unbalanced braces: {dot}");
    let declared: BTreeSet<&String> = picture.nodes.keys().collect();
    for (from, to, _) in &picture.edges {
        assert!(
            declared.contains(from) && declared.contains(to),
            "{from} -> {to}"
        );
    }
    picture
}

/// The picture `kalmar ARGS --dot FILE` draws.
fn drawn(args: &[&str]) -> Picture {
    let path = temp(&format!("{}.dot", args.join("-").replace('/', "_")));
    let mut all = args.to_vec();
    all.extend(["--dot", path.to_str().unwrap()]);
    let out = kalmar(&all);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    parse(&std::fs::read_to_string(&path).unwrap())
}

const MAX: &str = "#a6cee3";
const MIN: &str = "#fb9a99";
const NONE: &str = "white";

#[test]
fn stochastic_pictures_show_values_strategies_and_sure_winners() {
    let coin = drawn(&["stochastic", "solve", "examples/coin-toss.gg"]);
    assert_eq!(coin.nodes.len(), 6);
    assert_eq!(coin.edges.len(), 8);
    assert_eq!(coin.label(coin.node("a")), "a\\nvalue 1/2");
    assert_eq!(coin.label(coin.node("d")), "d\\nvalue 1/4");
    // Both players' optimal moves are bold: Max tosses the coin c, Min takes the coin d.
    assert!(coin.bold("a", "c") && coin.bold("b", "d"));
    assert!(!coin.bold("a", "b") && !coin.bold("b", "one"));
    // Values are probabilities of winning: 1 is Max's, 0 Min's, 1/2 nobody's.
    assert_eq!(coin.fill("one"), MAX);
    assert_eq!(coin.fill("zero"), MIN);
    assert_eq!(coin.fill("a"), NONE);
    // Chance moves carry their probabilities.
    let c = coin.node("c");
    assert!(
        coin.edges
            .iter()
            .filter(|(f, _, _)| f == c)
            .all(|(_, _, a)| a.contains("label=\"1/2\""))
    );
    // `kalmar solve FILE --dot` draws the same for a stochastic parity game.
    let parity = drawn(&["solve", "examples/stochastic-parity.gg"]);
    assert_eq!(parity.label(parity.node("m")), "m\\nvalue 1/2\\npriority 2");
    assert_eq!(parity.fill("a"), MAX);
    assert_eq!(parity.fill("l"), MIN);
    assert!(parity.bold("a", "d"));
}

#[test]
fn observation_pictures_box_what_looks_alike_and_draw_the_witness() {
    let note = drawn(&["observation", "solve", "examples/reif-note.gg"]);
    assert_eq!(note.clusters, 1, "cT and cB look alike");
    assert_eq!(note.label(note.node("cT")), "cT\\nobs c");
    // The start is pointed at.
    let init = note.node("init");
    assert!(
        note.edges
            .iter()
            .any(|(f, t, _)| t == init && f.starts_with('i'))
    );
    // The environment wins: its moves into the box are bold, and where it keeps play is red.
    assert!(note.bold("init", "cT") && note.bold("init", "cB"));
    assert_eq!(note.fill("cB"), MIN);
    assert_eq!(note.fill("c3"), NONE);
    assert!(note.label(note.node("c2")).ends_with("system wins"));
    // `kalmar solve FILE --dot` draws Alpaga's games: actions on the moves, the target named.
    let alpaga = drawn(&["solve", "examples/alpaga/parityGame5.gii"]);
    assert_eq!(
        alpaga.nodes.len(),
        8 + 1,
        "eight states and the start's dot"
    );
    assert_eq!(alpaga.clusters, 2);
    // The system wins by playing b at 1 forever (priority 2).
    assert!(alpaga.bold("1", "1"));
    assert_eq!(alpaga.fill("1"), MAX);
    let moves = alpaga.edges.iter().filter(|(f, _, _)| f.starts_with('v'));
    assert!(moves.clone().count() > 8);
    assert!(moves.clone().all(|(_, _, a)| a.contains("label=")));
    let reach = drawn(&["solve", "examples/alpaga/parityGame1.gii"]);
    assert!(reach.label(reach.node("3")).ends_with("target"));
    // Reif's procedure gives no witness: the game alone.
    let reif = drawn(&[
        "observation",
        "solve",
        "examples/reif-note.gg",
        "--solver",
        "reif",
    ]);
    assert!(
        reif.nodes
            .values()
            .all(|a| a.contains(NONE) || a.contains("shape=point"))
    );
}

#[test]
fn gambit_games_are_not_drawn() {
    common::refused(
        &["solve", "examples/entry.efg", "--dot", "x.dot"],
        "is not one (extensive-form game)",
    );
}
