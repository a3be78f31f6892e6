//! Unit tests of the `.gg` reader and writer.

use super::write::write_name;
use super::*;
use crate::{Owner, Player, Rational, Vertex};

fn pos(text: &str) -> (u32, u32, String, String) {
    let e = read_gg(text).unwrap_err();
    (
        e.span().line,
        e.span().column,
        e.found().to_string(),
        e.expected().to_string(),
    )
}

#[test]
fn reads_the_example() {
    let text = "\
# an example
kalmar-gg 1
players 3            # optional, default 2
start v0             # optional
discount 9/10        # optional
# name  owner   [key=value ...]        [-> successors]
v0      max     priority=2 reward=-1   -> v1 v2
v1      min                            -> v0 t
v2      chance                         -> v0:1/3 t:2/3
p       player2                        -> v0
t       terminal payoff=(1,0,-1)
u       terminal payoff=( 1/2 , 0.25,-3 )
\"a name\" terminal
";
    let g = read_gg(text).unwrap();
    let a = &g.arena;
    assert_eq!(a.num_vertices(), 7);
    assert_eq!(a.num_players(), 3);
    assert_eq!(a.start(), Some(Vertex(0)));
    assert_eq!(g.discount, Some(Rational::new(9, 10)));
    assert_eq!(a.owner(Vertex(3)), Owner::Player(Player(2)));
    assert_eq!(a.successors(Vertex(2)), &[Vertex(0), Vertex(4)]);
    assert_eq!(
        a.probability(a.find_edge(Vertex(2), Vertex(4)).unwrap()),
        Some(&Rational::new(2, 3))
    );
    assert_eq!(g.priority, Some(vec![2, 0, 0, 0, 0, 0, 0]));
    assert_eq!(g.reward.as_ref().unwrap()[0], Rational::from(-1));
    assert_eq!(
        g.payoff[5],
        vec![Rational::new(1, 2), Rational::new(1, 4), Rational::from(-3)]
    );
    assert!(g.payoff[6].is_empty());
    assert_eq!(a.name(Vertex(6)), "a name");
    g.validate().unwrap();
    let text = to_gg_string(&g);
    assert_eq!(read_gg(&text).unwrap(), g);
    assert_eq!(to_gg_string(&read_gg(&text).unwrap()), text);
}

#[test]
fn numbers_are_unnamed_vertices() {
    let g = read_gg("kalmar-gg 1\n0 max -> 1 \"1\"\n1 terminal\n\"1\" terminal").unwrap();
    assert_eq!(g.arena.given_name(Vertex(0)), None);
    assert_eq!(g.arena.given_name(Vertex(2)), Some("1"));
    assert_eq!(g.arena.successors(Vertex(0)), &[Vertex(1), Vertex(2)]);
    assert_eq!(
        to_gg_string(&g),
        "kalmar-gg 1\nplayers 2\n0 max -> 1 \"1\"\n1 terminal\n\"1\" terminal\n"
    );
}

/// Successors and the start are resolved after the last vertex: by number (vertex `k` when it
/// is numbered `k`), by name, and a number too large for any vertex never, not even to a quoted
/// name of the same digits; each miss is reported where it is written.
#[test]
fn successors_resolve_by_number_and_name() {
    let text =
        "kalmar-gg 1\nstart \"7\"\n0 max -> b 1\n1 terminal\nb min -> 0 \"7\"\n\"7\" terminal\n";
    let g = read_gg(text).unwrap();
    assert_eq!(g.arena.successors(Vertex(0)), &[Vertex(2), Vertex(1)]);
    assert_eq!(g.arena.successors(Vertex(2)), &[Vertex(0), Vertex(3)]);
    assert_eq!(g.arena.start(), Some(Vertex(3)));
    let huge = "99999999999999999999999";
    let misses = [
        (
            "kalmar-gg 1\n0 max -> 2\n1 terminal\n",
            (2, 10),
            "'2'".to_string(),
        ),
        (
            "kalmar-gg 1\n0 max -> a\n1 terminal\n",
            (2, 10),
            "'a'".to_string(),
        ),
        (
            "kalmar-gg 1\na max -> 0\n1 terminal\n",
            (2, 10),
            "'0'".to_string(),
        ),
        (
            "kalmar-gg 1\nstart 5\n0 max -> 1\n1 terminal\n",
            (2, 7),
            "'5'".to_string(),
        ),
        (
            "kalmar-gg 1\n0 max -> 18446744073709551615\n\"18446744073709551615\" terminal\n",
            (2, 10),
            "'18446744073709551615'".to_string(),
        ),
    ];
    for (text, at, found) in misses {
        let (line, column, got, expected) = pos(text);
        assert_eq!(((line, column), got), (at, found), "{text}");
        assert!(expected.contains("defined in the file"), "{expected}");
    }
    assert!(read_gg(&format!("kalmar-gg 1\n0 max -> {huge}\n")).is_err());
}

#[test]
fn quoting() {
    for name in [
        "",
        "a b",
        "start",
        "12",
        "x\"y\\z",
        "tab\there",
        "\u{1b}",
        "é→",
        "a:b",
    ] {
        let mut out = String::new();
        write_name(&mut out, name).unwrap();
        let text = format!("kalmar-gg 1\n{out} terminal\n");
        let g = read_gg(&text).unwrap();
        assert_eq!(g.arena.given_name(Vertex(0)), Some(name), "{text}");
    }
    let mut out = String::new();
    write_name(&mut out, "v0'.x_é").unwrap();
    assert_eq!(out, "v0'.x_é");
}

#[test]
fn error_positions() {
    let (line, column, found, _) = pos("kalmar-gg 2\n");
    assert_eq!((line, column, found.as_str()), (1, 11, "'2'"));
    let (line, column, _, expected) = pos("kalmar-gg 1\nv max -> v\nv min -> v\n");
    assert_eq!((line, column), (3, 1));
    assert!(expected.contains("line 2"), "{expected}");
}

#[test]
fn cycle_utilities_round_trip_and_fix_the_payoff_size() {
    let text = "kalmar-gg 1\nplayers 3\ncycle (0,1,-1/2)\na player0 -> b t\nb player2 -> a\nt terminal payoff=(1,0,0)\n";
    let g = read_gg(text).unwrap();
    g.validate().unwrap();
    let cycle: Vec<String> = g.cycle.iter().flatten().map(ToString::to_string).collect();
    assert_eq!(cycle, ["0", "1", "-1/2"]);
    assert_eq!(read_gg(&to_gg_string(&g)).unwrap(), g);
    let short = text.replace("payoff=(1,0,0)", "payoff=(1,0)");
    let e = read_gg(&short).unwrap_err().to_string();
    assert!(e.contains("2 payoffs") && e.contains("line 3"), "{e}");
    let twice = text.replace("cycle (0,1,-1/2)\n", "cycle (0,1,-1/2)\ncycle (1,1,1)\n");
    assert!(
        read_gg(&twice)
            .unwrap_err()
            .to_string()
            .contains("a second 'cycle'")
    );
}
