//! Unit tests of the HOA reader.

use super::acceptance::canonical_text;
use super::*;
use crate::format::Format;
use crate::{self as parity, ParityGame, Stats};
use kalmar_core::{Certificate, Owner, Player, Rational, Vertex};
use std::path::Path;

/// The winner of the start vertex, by Zielonka's algorithm after preprocessing, certified.
fn start_winner(g: &GameGraph) -> Player {
    let game = ParityGame::from_graph(g, false).unwrap();
    let solution = parity::preprocess::solve(&game, &mut Stats::default(), parity::zlk::solve);
    solution.verify(&game).unwrap();
    solution.winner[g.arena.start().unwrap().index()]
}

fn names(g: &GameGraph) -> Vec<String> {
    g.arena
        .vertices()
        .map(|v| g.arena.name(v).into_owned())
        .collect()
}

fn err(text: &str) -> ParseError {
    match read_hoa(text) {
        Ok(_) => panic!("read without error:\n{text}"),
        Err(e) => e,
    }
}

fn at(e: &ParseError) -> (u32, u32) {
    (e.span().line, e.span().column)
}

/// `G(r <-> g)` with r the environment's and g the controller's: state 0 is good (set 0),
/// state 1 a rejecting sink.
const COPY: &str = "HOA: v1\nStates: 2\nStart: 0\nAP: 2 \"r\" \"g\"\ncontrollable-AP: 1\n\
                    acc-name: Buchi\nAcceptance: 1 Inf(0)\n--BODY--\nState: 0\n\
                    [0&1 | !0&!1] 0 {0}\n[0&!1 | !0&1] 1\nState: 1\n[t] 1\n--END--\n";

#[test]
fn the_controller_answers_the_environment_in_the_same_step() {
    let g = read_hoa(COPY).unwrap();
    g.validate().unwrap();
    assert_eq!(
        names(&g),
        [
            "0",
            "1",
            "0 [!0]",
            "0 [0]",
            "1 [!0]",
            "1 [0]",
            "0 e0 -> 0",
            "0 e1 -> 1"
        ]
    );
    let a = &g.arena;
    assert_eq!(a.start(), Some(Vertex(0)));
    assert_eq!(a.owner(Vertex(0)), Owner::Player(Player(1)));
    assert_eq!(a.owner(Vertex(2)), Owner::Player(Player(0)));
    assert_eq!(a.successors(Vertex(0)), &[Vertex(2), Vertex(3)]);
    // Whatever r is, g can match it (edge 0) or not (edge 1).
    assert_eq!(a.successors(Vertex(2)), &[Vertex(6), Vertex(7)]);
    assert_eq!(a.successors(Vertex(3)), &[Vertex(6), Vertex(7)]);
    // State 1's edges all have one priority, so state 1 carries it.
    assert_eq!(a.successors(Vertex(4)), &[Vertex(1)]);
    assert_eq!(a.successors(Vertex(6)), &[Vertex(0)]);
    // Buchi with an edge in no set: set 0 is priority 2, no set priority 1.
    assert_eq!(g.priority, Some(vec![0, 1, 0, 0, 0, 0, 2, 1]));
    // A Mealy controller copies r into g: realizable (a Moore one could not).
    assert_eq!(start_winner(&g), Player(0));
}

#[test]
fn the_controller_cannot_see_the_next_input() {
    // g now must announce the next r: G(g -> X r) & G(!g -> X !r).
    let text = "HOA: v1\nStates: 4\nStart: 0\nAP: 2 \"r\" \"g\"\ncontrollable-AP: 1\n\
                acc-name: Buchi\nAcceptance: 1 Inf(0)\n--BODY--\n\
                State: 0\n[1] 1 {0}\n[!1] 2 {0}\n\
                State: 1\n[0&1] 1 {0}\n[0&!1] 2 {0}\n[!0] 3\n\
                State: 2\n[!0&1] 1 {0}\n[!0&!1] 2 {0}\n[0] 3\n\
                State: 3\n[t] 3\n--END--\n";
    assert_eq!(start_winner(&read_hoa(text).unwrap()), Player(1));
}

#[test]
fn a_valuation_without_an_edge_loses_for_the_controller() {
    let head = "HOA: v1\nStates: 1\nStart: 0\nAP: 2 \"r\" \"g\"\ncontrollable-AP: 1\n\
                Acceptance: 1 Inf(0)\n--BODY--\nState: 0\n";
    // The controller keeps g up: every r has an edge.
    let g = read_hoa(&format!("{head}[1] 0 {{0}}\n--END--\n")).unwrap();
    assert!(!g.arena.vertices().any(|v| g.arena.is_terminal(v)));
    assert_eq!(start_winner(&g), Player(0));
    // Without r there is no edge: the automaton has no run, and the controller is stuck.
    let g = read_hoa(&format!("{head}[0 & 1] 0 {{0}}\n--END--\n")).unwrap();
    let stuck = g.arena.name_index()["0 [!0]"];
    assert!(g.arena.is_terminal(stuck));
    assert_eq!(g.payoff[stuck.index()], vec![Rational::from(-1)]);
    assert_eq!(start_winner(&g), Player(1));
}

#[test]
fn every_parity_condition_maps_to_max_parity_with_the_controller_even() {
    // One state, two self-loops the controller chooses between with g: sets a and b.
    let game = |acceptance: &str, name: &str, a: u32, b: u32, controllable: &str| {
        let text = format!(
            "HOA: v1\nStart: 0\nAP: 2 \"r\" \"g\"\ncontrollable-AP: {controllable}\n\
             acc-name: {name}\nAcceptance: {acceptance}\n--BODY--\nState: 0\n\
             [!1] 0 {{{a}}}\n[1] 0 {{{b}}}\n--END--\n"
        );
        read_hoa(&text).unwrap()
    };
    let cases = [
        // (condition, acc-name, set of edge 0, set of edge 1, their priorities)
        (
            "3 Inf(2) | (Fin(1) & Inf(0))",
            "parity max even 3",
            0,
            1,
            [0, 1],
        ),
        ("2 Inf(1) | Fin(0)", "parity max odd 2", 0, 1, [1, 2]),
        ("2 Inf(0) | Fin(1)", "parity min even 2", 0, 1, [2, 1]),
        (
            "3 Fin(0) & (Inf(1) | Fin(2))",
            "parity min odd 3",
            0,
            1,
            [3, 2],
        ),
        (
            "3 Fin(0) & (Inf(1) | Fin(2))",
            "parity min odd 3",
            2,
            1,
            [1, 2],
        ),
    ];
    for (acceptance, name, a, b, priorities) in cases {
        let g = game(acceptance, name, a, b, "1");
        let p = g.priority.as_ref().unwrap();
        assert_eq!(p[p.len() - 2..], priorities, "{name}");
        // One of the two edges is accepting: the controller takes it.
        assert_eq!(start_winner(&g), Player(0), "{name}");
        // If the environment chose (g uncontrollable), it would take the other.
        assert_eq!(start_winner(&game(acceptance, name, a, b, "")), Player(1));
    }
    // No sets at all: t accepts every run, f none.
    for (acceptance, winner) in [("0 t", Player(0)), ("0 f", Player(1))] {
        let text = format!(
            "HOA: v1\nStart: 0\nAP: 0\ncontrollable-AP:\nAcceptance: {acceptance}\n\
             --BODY--\nState: 0\n[t] 0\n--END--\n"
        );
        assert_eq!(start_winner(&read_hoa(&text).unwrap()), winner);
    }
}

#[test]
fn nondeterminism_is_resolved_by_the_controller() {
    let text = "HOA: v1\nStates: 3\nStart: 0\nAP: 0\ncontrollable-AP:\n\
                Acceptance: 1 Inf(0)\n--BODY--\nState: 0\n[t] 1\n[t] 2\n\
                State: 1 {0}\n[t] 1\nState: 2\n[t] 2\n--END--\n";
    let g = read_hoa(text).unwrap();
    let idx = g.arena.name_index();
    assert_eq!(g.arena.successors(idx["0 [t]"]), &[Vertex(1), Vertex(2)]);
    assert_eq!(start_winner(&g), Player(0));
}

#[test]
fn implicit_labels_state_labels_and_aliases() {
    // The HOA format's example of implicit labels; its Rabin condition is parity min odd 2.
    let text = "HOA: v1\nStates: 3\nStart: 0\nacc-name: Rabin 1\n\
                Acceptance: 2 (Fin(0) & Inf(1))\nAP: 2 \"a\" \"b\"\ncontrollable-AP: 1\n\
                --BODY--\nState: 0 \"a U b\" { 0 }\n  2  /* !a  & !b */\n  0  /*  a  & !b */\n\
                \x20 1  /* !a  &  b */\n  1  /*  a  &  b */\nState: 1 { 1 }\n\
                \x20 1 1 1 1       /* four transitions on one line */\n\
                State: 2 \"sink state\" { 0 }\n  2 2 2 2\n--END--\n";
    let g = read_hoa(text).unwrap();
    let idx = g.arena.name_index();
    // Without a: b leads to 1, !b to 2; with a: b to 1, !b stays.
    assert_eq!(g.arena.successors(idx["0 [!0]"]), &[Vertex(1), Vertex(2)]);
    assert_eq!(g.arena.successors(idx["0 [0]"]), &[Vertex(0), Vertex(1)]);
    // min odd 2 (K = 3): set 0 is 3, set 1 is 2; states carry them.
    assert_eq!(&g.priority.as_ref().unwrap()[..3], &[3, 2, 3]);
    assert_eq!(start_winner(&g), Player(0));

    // A state label is the label of all its edges; aliases may use earlier aliases.
    let text = "HOA: v1\nStart: 0\nAP: 3 \"a\" \"b\" \"c\"\ncontrollable-AP: 1 2\n\
                Alias: @a 0\nAlias: @bc 1 & 2\nAlias: @x !@a | @bc\n\
                Acceptance: 1 Inf(0)\n--BODY--\nState: [!@x] 0 {0}\n0 1\n\
                State: 1\n[t] 1\n--END--\n";
    let g = read_hoa(text).unwrap();
    let idx = g.arena.name_index();
    // !@x = a & !(b & c): false without a, a choice of the controller with a.
    assert!(g.arena.is_terminal(idx["0 [!0]"]));
    assert_eq!(g.arena.successors(idx["0 [0]"]), &[Vertex(0), Vertex(1)]);
    assert_eq!(start_winner(&g), Player(1));
}

#[test]
fn projection_is_exact() {
    // Labels that a three-valued evaluation gets wrong: g & !g is false, (g | r) & (!g | r)
    // is r, (g | r) & (!g | !r) is true for every r.
    let text = "HOA: v1\nStates: 1\nStart: 0\nAP: 2 \"r\" \"g\"\ncontrollable-AP: 1\n\
                Acceptance: 1 Inf(0)\n--BODY--\nState: 0\n[1 & !1] 0 {0}\n\
                [(1 | 0) & (!1 | 0)] 0 {0}\n[(1 | 0) & (!1 | !0)] 0\n--END--\n";
    let g = read_hoa(text).unwrap();
    let idx = g.arena.name_index();
    let e = |i: usize| idx[&format!("0 e{i} -> 0")];
    assert_eq!(g.arena.successors(idx["0 [!0]"]), &[e(2)]);
    assert_eq!(g.arena.successors(idx["0 [0]"]), &[e(1), e(2)]);
    // Many controllable propositions, few of the environment's.
    let aps: Vec<String> = (0..40).map(|i| format!("\"p{i}\"")).collect();
    let controllable: Vec<String> = (1..40).map(|i| i.to_string()).collect();
    let cube: Vec<String> = (1..40).map(|i| format!("{}", i)).collect();
    let text = format!(
        "HOA: v1\nStart: 0\nAP: 40 {}\ncontrollable-AP: {}\nAcceptance: 1 Inf(0)\n\
         --BODY--\nState: 0\n[0 & {}] 0 {{0}}\n--END--\n",
        aps.join(" "),
        controllable.join(" "),
        cube.join(" & ")
    );
    let g = read_hoa(&text).unwrap();
    assert_eq!(g.arena.num_vertices(), 3);
    assert!(g.arena.is_terminal(g.arena.name_index()["0 [!0]"]));
    // 13 propositions of the environment: 8192 valuations, evaluated 4096 at a time.
    let aps: Vec<String> = (0..14).map(|i| format!("\"p{i}\"")).collect();
    let text = format!(
        "HOA: v1\nStart: 0\nAP: 14 {}\ncontrollable-AP: 13\nAcceptance: 1 Inf(0)\n\
         --BODY--\nState: 0\n[12 & 0 & 13] 0 {{0}}\n[!12 | !0] 0\n--END--\n",
        aps.join(" ")
    );
    let g = read_hoa(&text).unwrap();
    assert_eq!(g.arena.num_vertices(), 1 + 8192 + 2);
    let valuation = |v: usize| {
        let lits: Vec<String> = (0..13)
            .map(|j| format!("{}{j}", if (v >> j) & 1 == 1 { "" } else { "!" }))
            .collect();
        g.arena.name_index()[&format!("0 [{}]", lits.join("&"))]
    };
    let (good, bad) = (Vertex(8193), Vertex(8194));
    // Edge 0 needs p12 and p0 (and the controller's p13), edge 1 lacks one of them.
    assert_eq!(g.arena.successors(valuation(4097)), &[good]);
    assert_eq!(g.arena.successors(valuation(4096)), &[bad]);
    assert_eq!(g.arena.successors(valuation(1)), &[bad]);
    assert_eq!(g.arena.successors(valuation(8191)), &[good]);
}

#[test]
fn acceptance_formulas_in_any_operand_order() {
    let text = |acc: &str| {
        format!(
            "HOA: v1\nStart: 0\nAP: 0\ncontrollable-AP:\nacc-name: parity max even 3\n\
             Acceptance: 3 {acc}\n--BODY--\nState: 0\n[t] 0 {{1}}\n--END--\n"
        )
    };
    for acc in [
        "Inf(2) | (Fin(1) & Inf(0))",
        "(Fin(1) & Inf(0)) | Inf(2)",
        "Inf(2) | Inf(0) & Fin(1)",
        "((Inf(2)) | ((Fin(1)) & (Inf(0))))",
        "Inf(2)|(Fin(1)&Inf(0))",
    ] {
        let g = read_hoa(&text(acc)).unwrap_or_else(|e| panic!("{acc}: {e}"));
        assert_eq!(start_winner(&g), Player(1), "{acc}");
    }
    for acc in [
        "Inf(2) & (Fin(1) | Inf(0))",
        "Inf(2) | (Fin(1) & Inf(1))",
        "Inf(2) | (Fin(!1) & Inf(0))",
        "Inf(2) | Fin(1)",
    ] {
        let e = err(&text(acc));
        assert_eq!(at(&e), (6, 15), "{acc}");
    }
    // acc-name is only a hint unless it names a parity condition.
    let generalized = text("Inf(0) & Inf(1)").replace(
        "acc-name: parity max even 3",
        "acc-name: generalized-Buchi 2",
    );
    let e = err(&generalized.replace("Acceptance: 3", "Acceptance: 2"));
    assert_eq!(at(&e), (6, 15));
    assert_eq!(e.found(), "a condition that is not parity");
    // A parity name with another condition: the canonical one is shown.
    let e = err(&text("Inf(2) | (Fin(1) & Inf(0))").replace("max even", "min odd"));
    assert_eq!(at(&e), (6, 15));
    assert_eq!(
        e.expected(),
        "'Fin(0) & (Inf(1) | Fin(2))', the condition of 'parity min odd 3' that \
         'acc-name:' on line 5 names"
    );
    assert_eq!(
        canonical_text(Parity {
            max: true,
            even: false,
            sets: 100
        }),
        "'Inf(99) | (Fin(98) & (Inf(97) | (…)))'"
    );
}

#[test]
fn deep_parity_conditions_parse_without_recursion() {
    let sets = 5000;
    // parity max odd: odd sets are good for the controller.
    let mut acc = String::from("Fin(0)");
    for s in 1..sets {
        acc = if s % 2 == 1 {
            format!("Inf({s}) | ({acc})")
        } else {
            format!("Fin({s}) & ({acc})")
        };
    }
    let text = format!(
        "HOA: v1\nStart: 0\nAP: 0\ncontrollable-AP:\nacc-name: parity max odd {sets}\n\
         Acceptance: {sets} {acc}\n--BODY--\nState: 0\n[t] 0 {{4998}}\n--END--\n"
    );
    // Set 4998 is even, bad for the controller; max odd makes it priority 4999.
    let g = read_hoa(&text).unwrap();
    assert_eq!(g.priority.as_ref().unwrap()[0], 4999);
    assert_eq!(start_winner(&g), Player(1));
}

#[test]
fn tokens_comments_and_layout() {
    // Nested comments, escapes in strings, labels over several lines, HOA v1.1, skipped
    // header items with any values.
    let text = "HOA: v1.1 /* a /* nested */ comment */\nname: \"a \\\"quoted\\\" name\"\n\
                tool: \"x\" \"1.0\"\nproperties: trans-labels explicit-labels\n\
                spot-state-player: 0 1 [ ] { }\nStart: 0\nAP: 2 \"r\"\n\"g\"\n\
                controllable-AP: 1\nAcceptance: 1\nInf(0)\n--BODY--\nState: 0 \"s\"\n\
                [0 &\n 1 |\n !0 & !1] 0 {0}\n[!(0 & 1 | !0 & !1)] 0\n--END--\n/* done */\n";
    let g = read_hoa(text).unwrap();
    assert_eq!(start_winner(&g), Player(0));
}

#[test]
fn formats_know_hoa() {
    assert_eq!(Format::sniff("HOA: v1\nStates: 1\n"), Some(Format::Hoa));
    assert_eq!(
        Format::from_extension(Path::new("a/b.ehoa")),
        Some(Format::Hoa)
    );
    assert_eq!(
        Format::from_extension(Path::new("b.HOA")),
        Some(Format::Hoa)
    );
    assert!(Format::Hoa.read(COPY).is_ok());
}

#[test]
fn header_errors() {
    let base = "HOA: v1\nStates: 1\nStart: 0\nAP: 1 \"a\"\ncontrollable-AP: 0\n\
                Acceptance: 1 Inf(0)\n--BODY--\nState: 0\n[t] 0 {0}\n--END--\n";
    assert!(read_hoa(base).is_ok());
    let cases: &[(&str, &str, (u32, u32))] = &[
        ("HOA: v1", "HOA: v2", (1, 6)),
        ("HOA: v1", "HOA: v1 /* open", (1, 9)),
        ("HOA: v1\n", "", (1, 1)),
        ("Start: 0\n", "Start: 0&0\n", (3, 9)),
        ("Start: 0\n", "Start: 0\nStart: 0\n", (4, 1)),
        ("Start: 0\n", "Start: 1\n", (3, 8)),
        ("AP: 1 \"a\"", "AP: 2 \"a\"", (5, 1)),
        ("AP: 1 \"a\"", "AP: 1 \"a\" \"b\"", (4, 11)),
        ("AP: 1 \"a\"", "AP: 1 \"a", (4, 7)),
        ("controllable-AP: 0\n", "", (6, 1)),
        ("controllable-AP: 0", "controllable-AP: 1", (5, 18)),
        ("controllable-AP: 0", "controllable-AP: 0 0", (5, 20)),
        ("Acceptance: 1 Inf(0)\n", "", (6, 1)),
        ("Acceptance: 1 Inf(0)", "Acceptance: 1 Inf(1)", (6, 19)),
        ("Acceptance: 1 Inf(0)", "Acceptance: 1 (Inf(0)", (6, 15)),
        ("Acceptance: 1 Inf(0)", "Acceptance: 1 Inf(0))", (6, 21)),
        ("Acceptance: 1 Inf(0)", "Acceptance: 1 Inf 0", (6, 19)),
        (
            "Acceptance: 1 Inf(0)",
            "Acceptance: 1 Inf(0) & Inf(0)",
            (6, 15),
        ),
        (
            "Acceptance: 1 Inf(0)",
            "Acceptance: 1 f\nacc-name: parity max even 1",
            (6, 15),
        ),
        (
            "Acceptance: 1 Inf(0)",
            "Acceptance: 1 Inf(0)\nacc-name: parity max even 2",
            (7, 27),
        ),
        (
            "Acceptance: 1 Inf(0)",
            "Acceptance: 1 Inf(0)\nacc-name: parity up even 1",
            (7, 18),
        ),
        (
            "Acceptance: 1 Inf(0)",
            "Acceptance: 1 Inf(0)\nacc-name: parity max even 20890720927748",
            (7, 27),
        ),
        ("States: 1\n", "States: 1\nStates: 1\n", (3, 1)),
        ("States: 1\n", "States: 1\nFoo: 1\n", (3, 1)),
        ("States: 1\n", "States: -1\n", (2, 9)),
        (
            "controllable-AP: 0\n",
            "controllable-AP: 0\nAlias: @a 1\n",
            (6, 11),
        ),
        (
            "controllable-AP: 0\n",
            "controllable-AP: 0\nAlias: @a 0\nAlias: @a 0\n",
            (7, 8),
        ),
        (
            "controllable-AP: 0\n",
            "controllable-AP: 0\nAlias: a 0\n",
            (6, 8),
        ),
    ];
    for &(from, to, (line, column)) in cases {
        let text = base.replacen(from, to, 1);
        let e = err(&text);
        assert_eq!(at(&e), (line, column), "{to:?}: {e}");
    }
    // What the errors say.
    let e = err(&base.replacen("controllable-AP: 0\n", "", 1));
    assert_eq!(e.found(), "'--BODY--'");
    assert!(e.expected().contains("'controllable-AP:'"), "{e}");
    let e = err(&base.replacen("Start: 0\n", "Start: 0&0\n", 1));
    assert!(e.expected().contains("universal branching"), "{e}");
    // Lower-case items are skipped, whatever they hold.
    assert!(read_hoa(&base.replacen("States: 1\n", "States: 1\nfoo: 1 [ \"x\" @y\n", 1)).is_ok());
    // An alias may be defined before AP:, and its propositions are checked after.
    let e = err(
        "HOA: v1\nAlias: @a 3\nAP: 1 \"a\"\ncontrollable-AP:\nAcceptance: 0 t\n--BODY--\n--END--\n",
    );
    assert_eq!(at(&e), (2, 11));
}

#[test]
fn body_errors() {
    let head = "HOA: v1\nStates: 2\nStart: 0\nAP: 1 \"a\"\ncontrollable-AP: 0\n\
                Acceptance: 1 Inf(0)\n--BODY--\n";
    let cases: &[(&str, (u32, u32))] = &[
        ("State: 0\n[0 & 1] 0\n--END--\n", (9, 6)),
        ("State: 0\n[@x] 0\n--END--\n", (9, 2)),
        ("State: 0\n[0 &] 0\n--END--\n", (9, 5)),
        ("State: 0\n[0 0\n--END--\n", (9, 4)),
        ("State: 0\n[t] 5\n--END--\n", (9, 5)),
        ("State: 0\n[t] 0&1\n--END--\n", (9, 6)),
        ("State: 0\n[t] 0 {1}\n--END--\n", (9, 8)),
        ("State: 0\n[t] 0 {0\n--END--\n", (10, 1)),
        ("State: 0\n[t] 0\nState: 0\n--END--\n", (10, 8)),
        ("State: 0\n[0] 0\n0\n--END--\n", (10, 1)),
        ("State: 0\n0\n[0] 0\n--END--\n", (10, 1)),
        ("State: 0\n0\n--END--\n", (8, 1)),
        ("State: [0] 0\n[0] 0\n--END--\n", (9, 1)),
        ("[t] 0\n--END--\n", (8, 1)),
        ("State: 0\n[t] 0\n", (10, 1)),
        ("State: 0\n[t] 0\n--ABORT--\n", (10, 1)),
        ("State: 0\n[t] 0\n--END--\nHOA: v1\n", (11, 1)),
        ("State: 0\n[t] 0\nStates: 3\n--END--\n", (10, 1)),
        ("State: 0 \"open\n[t] 0\n--END--\n", (8, 10)),
        ("State: 0\n[t] 0 # comment\n--END--\n", (9, 7)),
    ];
    for &(body, (line, column)) in cases {
        let text = format!("{head}{body}");
        let e = err(&text);
        assert_eq!(at(&e), (line, column), "{body:?}: {e}");
    }
    // Parentheses nested too deep: the 257th '(' is refused.
    let deep = format!(
        "{head}State: 0\n[{}0{}] 0\n--END--\n",
        "(".repeat(300),
        ")".repeat(300)
    );
    assert_eq!(at(&err(&deep)), (9, 258));
    // Many negations are fine: they need no nesting.
    let negations = format!("{head}State: 0\n[{}0] 0\n--END--\n", "!".repeat(10_000));
    assert!(read_hoa(&negations).is_ok());
}

#[test]
fn the_expansion_is_sized_before_it_is_built() {
    let aps = |n: usize| {
        let names: Vec<String> = (0..n).map(|i| format!("\"p{i}\"")).collect();
        format!("AP: {n} {}", names.join(" "))
    };
    // 3 states × 2^21 valuations > 2^22.
    let text = format!(
        "HOA: v1\nStates: 3\nStart: 0\n{}\ncontrollable-AP:\nAcceptance: 0 t\n\
         --BODY--\n--END--\n",
        aps(21)
    );
    let e = err(&text);
    assert_eq!(at(&e), (5, 1));
    assert_eq!(e.found(), "3 states × 2^21 valuations");
    // Without States:, the body decides the number of states.
    let text = format!(
        "HOA: v1\nStart: 0\n{}\ncontrollable-AP: 0\nAcceptance: 0 t\n--BODY--\n\
         State: 2\n--END--\n",
        aps(23)
    );
    assert_eq!(at(&err(&text)), (4, 1));
    // 200 propositions of the environment are refused at once.
    let text = format!(
        "HOA: v1\nStates: 1\n{}\ncontrollable-AP:\nAcceptance: 0 t\n--BODY--\n--END--\n",
        aps(200)
    );
    assert_eq!(err(&text).found(), "1 states × 2^200 valuations");
    // Declared states without a body have no edges: every valuation is a dead end.
    let g = read_hoa(
        "HOA: v1\nStates: 2\nStart: 1\nAP: 0\ncontrollable-AP:\nAcceptance: 0 t\n\
         --BODY--\n--END--\n",
    )
    .unwrap();
    assert_eq!(names(&g), ["0", "1", "0 [t]", "1 [t]"]);
    assert_eq!(start_winner(&g), Player(1));
    // No states at all: the empty game.
    let g =
        read_hoa("HOA: v1\nAP: 0\ncontrollable-AP:\nAcceptance: 0 t\n--BODY--\n--END--\n").unwrap();
    assert_eq!(g.arena.num_vertices(), 0);
    assert_eq!(g.priority, None);
    g.validate().unwrap();
}

#[test]
fn prefixes_never_panic() {
    let text = "HOA: v1\nStates: 3\nStart: 0\nAP: 2 \"a\" \"b\"\ncontrollable-AP: 1\n\
                Alias: @x 0 & !(1 | t)\nacc-name: parity min odd 3\n\
                Acceptance: 3 Fin(0) & (Inf(1) | Fin(2))\n--BODY--\nState: 0 \"é\" {0}\n\
                [@x | !@x] 1\n[0&1] 2 {1 2}\nState: [0] 1\n0 2\nState: 2\n0 0 1 2\n\
                --END--\n";
    assert!(read_hoa(text).is_ok());
    for (i, _) in text.char_indices() {
        let _ = read_hoa(&text[..i]);
        let _ = read_hoa(&format!("{}/*{}", &text[..i], &text[i..]));
    }
}
