//! The tables against answers that share none of their code: the generic retrograde analysis
//! of `kalmar-terminal` on the arena explored from the rules alone, and lines played out on
//! `cozy-chess`'s boards.

use kalmar_chess::game::Endgame;
use kalmar_chess::tables::men_of;
use kalmar_chess::{Tables, Value, file, playout};
use kalmar_terminal::reach::{self, Outcome};

/// Every position reachable from the start, solved by exploring the rules and running the
/// generic retrograde analysis, has the table's outcome and, where captures only draw, its
/// depth to mate.
fn agree_with_explored_retrograde(fen: &str, depth_too: bool) {
    let mut tables = Tables::new();
    tables.probe(fen).unwrap();
    let game = Endgame::from_fen(fen, &tables).unwrap();
    let (explored, solution) = reach::solve_implicit(&game, 2_000_000).unwrap();
    assert!(
        explored.states.len() > 10_000,
        "{fen}: {} states",
        explored.states.len()
    );
    let mut compared = 0;
    for (v, board) in explored.states.iter().enumerate() {
        if explored.arena.is_terminal(kalmar_core::Vertex::new(v)) {
            continue;
        }
        let side = board.side_to_move();
        let table = tables.value_of(&men_of(board), side);
        let white_wins = |v: Value| match (v, side) {
            (Value::Draw, _) => Outcome::Draw,
            (Value::Win { .. }, cozy_chess::Color::White)
            | (Value::Loss { .. }, cozy_chess::Color::Black) => Outcome::Win,
            _ => Outcome::Loss,
        };
        assert_eq!(solution.values[v], white_wins(table), "{board}");
        if depth_too {
            let plies = match table {
                Value::Draw => 0,
                Value::Win { plies } | Value::Loss { plies } => plies as u32,
            };
            assert_eq!(solution.distance[v], plies, "{board}");
        }
        compared += 1;
    }
    assert!(compared > 10_000);
}

#[test]
fn kqk_and_krk_agree_with_the_explored_arena() {
    agree_with_explored_retrograde("8/8/8/8/8/2k5/8/K1Q5 b - - 0 1", true);
    agree_with_explored_retrograde("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", true);
}

#[test]
fn kpk_agrees_with_the_explored_arena() {
    // KPK leaves its material by promotion into won tables: outcomes only.
    agree_with_explored_retrograde("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", false);
}

#[test]
fn sampled_lines_mate_in_exactly_the_announced_moves() {
    let mut tables = Tables::new();
    for name in ["KQK", "KRK", "KPK", "KBNK", "KQKR", "KRKP"] {
        let material = name.parse().unwrap();
        tables.solve(&material).unwrap();
        let report = playout::check(&tables, &material, 300, 7).unwrap();
        assert_eq!(report.lines, 300, "{name}");
        assert!(report.mates > 0, "{name}: some sampled lines are mates");
    }
}

#[test]
fn every_position_agrees_with_its_moves_on_the_rules() {
    let mut tables = Tables::new();
    for name in ["KQK", "KRK", "KPK", "KBNK", "KQKR", "KRKP"] {
        let material = name.parse().unwrap();
        let positions = tables.solve(&material).unwrap().stats().positions;
        let certificate = playout::check_all(&tables, &material).unwrap();
        assert_eq!(
            certificate.positions + certificate.unreachable,
            positions,
            "{name}"
        );
        assert_eq!(
            certificate.unreachable, 0,
            "{name}: no triple check with four men"
        );
    }
}

#[test]
fn a_wrong_byte_is_found_by_the_full_check() {
    let mut tables = Tables::new();
    let kqk = tables.solve(&"KQK".parse().unwrap()).unwrap();
    let mut bytes = Vec::new();
    file::write(kqk, &mut bytes).unwrap();
    let header = bytes.len() - kqk.bytes().len();
    // One win made a move slower: its moves still give the quicker one.
    let win = kqk.bytes().iter().position(|&b| b == 2 + 7).unwrap();
    bytes[header + win] = 2 + 9;
    let mut damaged = Tables::new();
    damaged.solve(&"KK".parse().unwrap()).unwrap();
    damaged.insert(file::read(&mut bytes.as_slice()).unwrap());
    let why = playout::check_all(&damaged, &"KQK".parse().unwrap()).unwrap_err();
    assert!(why.contains("the table says win, mate in 5"), "{why}");
}

#[test]
fn a_table_survives_its_file_and_a_damaged_file_is_refused() {
    let mut tables = Tables::new();
    let kpk = tables.solve(&"KPK".parse().unwrap()).unwrap();
    let mut bytes = Vec::new();
    file::write(kpk, &mut bytes).unwrap();
    assert_eq!(
        file::read(&mut bytes.as_slice()).unwrap().bytes(),
        kpk.bytes()
    );
    let header = bytes.len() - kpk.bytes().len();
    // An unused index given a value.
    let unused = kpk.bytes().iter().position(|&b| b == 0).unwrap();
    let mut bad = bytes.clone();
    bad[header + unused] = 1;
    assert!(
        file::read(&mut bad.as_slice())
            .unwrap_err()
            .to_string()
            .contains("unused")
    );
    // Cut short, and another material's header.
    assert!(file::read(&mut &bytes[..bytes.len() - 1]).is_err());
    let other = String::from_utf8_lossy(&bytes[..header]).replace("KPK", "KRK");
    let mut renamed = other.into_bytes();
    renamed.extend_from_slice(kpk.bytes());
    assert!(file::read(&mut renamed.as_slice()).is_err());
}

#[test]
fn probes_refuse_what_tables_do_not_model() {
    let mut tables = Tables::new();
    let castling = tables.probe("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap_err();
    assert!(castling.to_string().contains("castling"));
    assert!(tables.probe("not a fen").is_err());
    let six = tables
        .probe("4k3/8/8/8/8/8/8/RRRRK3 w - - 0 1")
        .unwrap_err();
    assert!(six.to_string().contains("6 men"), "{six}");
    let pawns = tables.probe("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1").unwrap_err();
    assert!(pawns.to_string().contains("pawns"), "{pawns}");
}
