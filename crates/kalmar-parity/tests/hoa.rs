//! The extended HOA reader on SYNTCOMP's parity benchmarks: the files in `testdata/parity/`, with
//! what reading them must give and its independent reference in `syntcomp.status`; a PGSolver
//! game and its SYNTCOMP translation, vertex by vertex; and `read_path` on HOA files.

use kalmar_core::format::{GameGraph, ReadError};
use kalmar_core::{Certificate, Owner, Player, Vertex};
use kalmar_parity::format::{read_hoa, read_path, read_pg};
use kalmar_parity::{self as parity, ParityGame, Stats};
use std::path::{Path, PathBuf};

fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/parity")
}

/// The winner of every vertex, by Zielonka's algorithm after the shared preprocessing, with the
/// certificate checked.
fn winners(graph: &GameGraph) -> Vec<Player> {
    let game = ParityGame::from_graph(graph, false).unwrap();
    let solution = parity::preprocess::solve(&game, &mut Stats::default(), parity::zlk::solve);
    solution.verify(&game).unwrap();
    solution.winner
}

/// The lines of `syntcomp.status`: file, expected result.
fn statuses() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(testdata().join("syntcomp.status")).unwrap();
    text.lines()
        .map(|l| l.split('#').next().unwrap().trim())
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (file, expected) = l.split_once(char::is_whitespace).unwrap();
            (file.to_string(), expected.trim().to_string())
        })
        .collect()
}

#[test]
fn syntcomp_benchmarks() {
    let statuses = statuses();
    let mut files: Vec<String> = std::fs::read_dir(testdata())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".ehoa"))
        .collect();
    files.sort();
    let mut listed: Vec<String> = statuses.iter().map(|(f, _)| f.clone()).collect();
    listed.sort();
    assert_eq!(
        files, listed,
        "every .ehoa file needs a line in syntcomp.status"
    );
    let (mut realizable, mut unrealizable, mut refused) = (0, 0, 0);
    for (file, expected) in &statuses {
        let path = testdata().join(file);
        let result = read_path(&path);
        if let Some(position) = expected.strip_prefix("error ") {
            let Err(ReadError::Parse(e)) = result else {
                panic!("{file}: read, but should be refused at {position}");
            };
            assert_eq!(
                format!("{}:{}", e.span().line, e.span().column),
                position,
                "{file}: {e}"
            );
            assert!(e.to_string().contains(file.as_str()), "{e}");
            refused += 1;
            continue;
        }
        let graph = result.unwrap_or_else(|e| panic!("{e}"));
        graph.validate().unwrap();
        let start = graph
            .arena
            .start()
            .expect("SYNTCOMP games have a start state");
        // State vertices come first, named by their number; the start is a state.
        assert_eq!(graph.arena.owner(start), Owner::Player(Player(1)), "{file}");
        let winner = winners(&graph)[start.index()];
        match expected.as_str() {
            "realizable" => {
                assert_eq!(winner, Player(0), "{file} is realizable");
                realizable += 1;
            }
            "unrealizable" => {
                assert_eq!(winner, Player(1), "{file} is unrealizable");
                unrealizable += 1;
            }
            other => panic!("{file}: unknown status {other}"),
        }
    }
    assert!(realizable >= 4 && unrealizable >= 4 && refused >= 2);
}

/// `PDLBinaryCountern=1_compact.gm.bz2.ehoa` is SYNTCOMP's translation of this PGSolver game of
/// Keiren's collection (state `i` is vertex `i`; the owner shows in which propositions its labels
/// use: `pl0_*` are the controller's, `pl1_*` the environment's).
const PDL_BINARY_COUNTER: &str = "parity 8;\n0 0 1 1,2,3;\n1 1 0 4;\n2 1 0 4;\n3 1 0 5;\n\
                                  4 0 0 4;\n5 1 1 1,6,7;\n6 1 0 4;\n7 1 0 8;\n8 1 1 1,2,3;\n";

#[test]
fn a_pgsolver_game_and_its_translation_agree_on_every_vertex() {
    let hoa = read_path(testdata().join("PDLBinaryCountern=1_compact.gm.bz2.ehoa")).unwrap();
    let pg = read_pg(PDL_BINARY_COUNTER).unwrap();
    let (hoa_winners, pg_winners) = (winners(&hoa), winners(&pg));
    // By hand: 4 loops on priority 0 and 1, 2, 6 lead there (Even); Odd keeps 0, 3, 5, 7, 8 on
    // the cycle 3 5 7 8 of priority 1.
    let by_hand: Vec<Player> = "100101011".bytes().map(|b| Player(b - b'0')).collect();
    assert_eq!(pg_winners, by_hand);
    assert_eq!(hoa_winners[..9], by_hand[..]);
    for v in pg.arena.vertices() {
        // The states keep the game's priorities (state-based sets of parity max even).
        assert_eq!(hoa.arena.name(v), v.index().to_string());
        assert_eq!(
            hoa.priority.as_ref().unwrap()[v.index()],
            pg.priority.as_ref().unwrap()[v.index()]
        );
        // An Odd vertex: the environment's four valuations reach its successors.
        if pg.arena.owner(v) == Owner::Player(Player(1)) {
            let mut reached: Vec<Vertex> = hoa
                .arena
                .successors(v)
                .iter()
                .flat_map(|&x| hoa.arena.successors(x).iter().copied())
                .collect();
            reached.sort();
            reached.dedup();
            assert_eq!(reached, pg.arena.successors(v), "vertex {v}");
        }
    }
    let names: Vec<String> = hoa
        .arena
        .successors(Vertex(0))
        .iter()
        .map(|&x| hoa.arena.name(x).into_owned())
        .collect();
    assert_eq!(names, ["0 [!2&!3]", "0 [2&!3]", "0 [!2&3]", "0 [2&3]"]);
}

#[test]
fn read_path_reads_hoa_by_extension_and_by_first_word() {
    let text = std::fs::read_to_string(testdata().join("starve.ehoa")).unwrap();
    let dir = std::env::temp_dir().join(format!("kalmar-hoa-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["starve.hoa", "starve.txt", "STARVE.EHOA"] {
        let path = dir.join(name);
        std::fs::write(&path, &text).unwrap();
        assert_eq!(
            read_path(&path).unwrap(),
            read_hoa(&text).unwrap(),
            "{name}"
        );
    }
    let path = dir.join("unknown.txt");
    std::fs::write(&path, "HAO: v1\n").unwrap();
    match read_path(&path) {
        Err(ReadError::Parse(e)) => assert!(e.expected().contains("'HOA:'"), "{e}"),
        other => panic!("{other:?}"),
    }
    // A .ehoa file that is not HOA is read as HOA, and refused as such.
    let path = dir.join("game.ehoa");
    std::fs::write(&path, "parity 0;\n0 0 0 0;\n").unwrap();
    match read_path(&path) {
        Err(ReadError::Parse(e)) => {
            assert_eq!((e.span().line, e.span().column), (1, 1));
            assert!(e.expected().contains("'HOA:'"), "{e}");
        }
        other => panic!("{other:?}"),
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn names_say_which_state_and_valuation() {
    // lilydemo13: AP 0 (a1) is the controller's, AP 1 (r1) the environment's; start state 1.
    let g = read_path(testdata().join("lilydemo13.tlsf.ehoa")).unwrap();
    let names: Vec<String> = g
        .arena
        .vertices()
        .map(|v| g.arena.name(v).into_owned())
        .collect();
    assert_eq!(names, ["0", "1", "0 [!1]", "0 [1]", "1 [!1]", "1 [1]"]);
    assert_eq!(g.arena.start(), Some(Vertex(1)));
    // Transition-based sets that differ: the edges get vertices of their own.
    let g = read_path(testdata().join("ltl2dba27.tlsf.ehoa")).unwrap();
    let idx = g.arena.name_index();
    assert_eq!(g.arena.successors(idx["1 e0 -> 0"]), &[Vertex(0)]);
    assert_eq!(g.priority.as_ref().unwrap()[idx["1 e0 -> 0"].index()], 3);
}
