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
