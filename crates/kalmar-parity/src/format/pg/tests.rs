//! Unit tests of PGSolver's formats.

use super::*;
use kalmar_core::format::GameGraph;
use kalmar_core::{Owner, Player, Rational, Span, Vertex};

fn text_of(g: &GameGraph) -> String {
    let mut out = String::new();
    write_pg(g, &mut out).unwrap();
    out
}

#[test]
fn reads_the_pgsolver_example() {
    let text = "parity 4;\n0 6 1 4,2 \"Africa\";\n4 5 1 0 \"Antarctica\";\n1 8 1 2,4,3 \
                \"America\";\n3 6 0 4,2 \"Australia\";\n2 7 0 3,1,0,4 \"Asia\";\n";
    let g = read_pg(text).unwrap();
    assert_eq!(g.arena.num_vertices(), 5);
    assert_eq!(g.arena.name(Vertex(2)), "Asia");
    assert_eq!(g.priority, Some(vec![6, 8, 7, 6, 5]));
    assert_eq!(
        g.arena.successors(Vertex(2)),
        &[Vertex(3), Vertex(1), Vertex(0), Vertex(4)]
    );
    let out = text_of(&g);
    assert!(out.starts_with("parity 4;\n0 6 1 4,2 \"Africa\";\n1 8 1 2,4,3"));
    assert_eq!(read_pg(&out).unwrap(), g);
}

#[test]
fn sparse_ids_are_kept() {
    let text = "start 10;\n10 1 0 30 \"a\";\n30 2 1 10,30;\n";
    let g = read_pg(text).unwrap();
    assert_eq!(g.arena.name(Vertex(0)), "10 \"a\"");
    assert_eq!(g.arena.name(Vertex(1)), "30");
    assert_eq!(pg_ids(&g), vec![10, 30]);
    assert_eq!(
        text_of(&g),
        "parity 30;\nstart 10;\n10 1 0 30 \"a\";\n30 2 1 10,30;\n"
    );
    let sol = read_pg_solution("30 1 10;\n10 1;", &g).unwrap();
    assert_eq!(sol.winner, vec![Player(1), Player(1)]);
    assert_eq!(sol.strategy, vec![None, Some(Vertex(0))]);
    let mut out = String::new();
    write_pg_solution(&g, &sol, &mut out).unwrap();
    assert_eq!(out, "paritysol 30;\n10 1;\n30 1 10;\n");
    assert_eq!(read_pg_solution(&out, &g).unwrap(), sol);
}

#[test]
fn repeated_names_keep_ids() {
    let g = read_pg("0 1 0 1 \"x\";\n1 1 0 0 \"x\";\n2 0 1 0;").unwrap();
    assert_eq!(g.arena.name(Vertex(1)), "1 \"x\"");
    assert_eq!(g.arena.name(Vertex(2)), "2");
    assert_eq!(read_pg(&text_of(&g)).unwrap(), g);
}

#[test]
fn dead_ends_are_terminals() {
    let g = read_pg("0 0 0 1,2;\n1 3 0;\n2 4 1 \"stuck\";").unwrap();
    assert_eq!(g.arena.owner(Vertex(1)), Owner::Terminal);
    assert_eq!(g.payoff[1], vec![Rational::from(-1)]);
    assert_eq!(g.payoff[2], vec![Rational::ONE]);
    let out = text_of(&g);
    assert_eq!(out, "parity 2;\n0 0 0 1,2;\n1 3 0;\n2 4 1 \"stuck\";\n");
}

#[test]
fn token_based() {
    let g = read_pg("parity\n2\n;0 1 0 1\n,\n2;1 1 1\t0;2 0\n0\n0\n\"n\"\n;").unwrap();
    assert_eq!(g.arena.num_vertices(), 3);
    assert_eq!(g.arena.successors(Vertex(0)), &[Vertex(1), Vertex(2)]);
    assert_eq!(g.arena.name(Vertex(2)), "n");
}

#[test]
fn hostile_header() {
    let g = read_pg("parity 99999999999;\n0 0 0 0;").unwrap();
    assert_eq!(g.arena.num_vertices(), 1);
    let e = read_pg("parity 99999999999999999999999;").unwrap_err();
    assert_eq!(e.span(), Span { line: 1, column: 8 });
    let g = read_pg("parity -1;").unwrap();
    assert_eq!(g.arena.num_vertices(), 0);
    assert_eq!(text_of(&g), "parity -1;\n");
    assert_eq!(read_pg(&text_of(&g)).unwrap(), g);
}

#[test]
fn refuses_what_it_cannot_write() {
    let g = read_gg_simple();
    assert!(matches!(
        write_pg(&g, &mut String::new()),
        Err(PgWriteError::Chance(_))
    ));
}

fn read_gg_simple() -> GameGraph {
    kalmar_core::format::read_gg("kalmar-gg 1\nc chance priority=1 -> c:1\n").unwrap()
}

#[test]
fn a_file_without_vertices_says_so_with_its_position() {
    for text in ["", "parity 3;\n", "start 0;\n"] {
        let e = read_pg(text).unwrap_err();
        assert!(e.to_string().contains("at least one vertex line"), "{e}");
    }
    assert!(read_pg("parity -1;\n").is_ok());
}

mod usual {
    use super::super::game::{read_general, read_usual};
    use super::*;
    use proptest::prelude::*;

    /// A vertex line's pieces: id, priority, owner, successors and name.
    type Line = (u64, u32, u8, Vec<u64>, Option<String>);

    /// A `.pg` text from its pieces, spaced by `gap` (a run of white space or nothing).
    fn text(vertices: &[Line], head: &str, gap: &str) -> String {
        let mut out = head.to_string();
        for (id, priority, owner, successors, name) in vertices {
            let list: Vec<String> = successors.iter().map(u64::to_string).collect();
            out.push_str(&format!(
                "{id} {priority}{gap} {owner} {}",
                list.join(&format!("{gap},"))
            ));
            if let Some(name) = name {
                out.push_str(&format!(" \"{name}\""));
            }
            out.push_str(&format!("{gap};\n"));
        }
        out
    }

    #[test]
    fn reads_the_usual_file_and_leaves_the_rest_to_the_general_reader() {
        let usual = "parity 2;\nstart 1;\n0 3 0 1,2 \"a\";\n1 0 1 \"b\";\n2 5 0 2, 0;\n";
        let g = read_usual(usual).expect("the usual file");
        assert_eq!(Ok(g.clone()), read_general(usual));
        assert_eq!(g.payoff[1], [Rational::from(1)]);
        for other in [
            "parity -1;\n",
            "1 0 0 1;\n",
            "0 0 0 1;\n1 0 0 0;\n0 1 1 0;\n",
            "0 1 0 0 \"x\";\n1 1 0 0 \"x\";\n",
            "parity 0;\n0 1 0 1;\n1 1 0 0;\n",
            "0 1 2 0;\n",
            "0 1 0 0x;\n",
            "0 1 0 0",
            "",
        ] {
            assert_eq!(read_usual(other), None, "{other:?}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        /// Any text: the fast reader never panics, and where it answers, so does the general
        /// one, alike.
        #[test]
        fn any_text(text in "(parity|start|[0-9]{1,3}|[ ,;\"\n\t]|-|x|é){0,30}") {
            if let Some(g) = read_usual(&text) {
                prop_assert_eq!(Ok(g), read_general(&text));
            }
        }

        /// Wherever the fast reader answers, the general one gives the same graph; and it
        /// answers on every file the writer writes.
        #[test]
        fn agrees_with_the_general_reader(
            vertices in proptest::collection::vec(
                (0u64..8, 0u32..5, 0u8..3, proptest::collection::vec(0u64..9, 0..3),
                 proptest::option::of("[a-c0-9#]{0,2}")),
                1..8,
            ),
            dense in any::<bool>(),
            head in prop_oneof!["", "parity 7;\n", "parity 3;\nstart 2;\n", "start 0;\n"],
            gap in prop_oneof!["", " ", "\n\t"],
        ) {
            let vertices: Vec<_> = vertices
                .into_iter()
                .enumerate()
                .map(|(i, (id, p, o, s, name))| (if dense { i as u64 } else { id }, p, o, s, name))
                .collect();
            let text = text(&vertices, &head, &gap);
            let general = read_general(&text);
            if let Some(g) = read_usual(&text) {
                prop_assert_eq!(Ok(g), general.clone());
            }
            // The writer's file of a game with ids 0..n (names that look like ids count) and
            // names used once is a usual file.
            let mut names: Vec<&String> = vertices.iter().filter_map(|v| v.4.as_ref()).collect();
            let count = names.len();
            names.sort();
            names.dedup();
            let usual = |g: &GameGraph| {
                dense && names.len() == count && pg_ids(g).into_iter().eq(0..g.arena.num_vertices() as u64)
            };
            if let Some(g) = general.ok().filter(usual) {
                let mut written = String::new();
                write_pg(&g, &mut written).unwrap();
                prop_assert_eq!(read_usual(&written), Some(g));
            }
        }
    }
}
