//! `kalmar chess`: tables made with their published statistics, written, checked and tampered
//! with; probes by FEN with and without table files; refusals of what tables do not cover.

mod common;
use common::{json, kalmar, refused, rejected, stderr, stdout, temp};

#[test]
fn a_table_is_made_written_checked_and_a_damaged_one_rejected() {
    let path = temp("KRK.kct");
    let out = kalmar(&[
        "chess",
        "table",
        "krk",
        "-o",
        path.to_str().unwrap(),
        "--lines",
        "200",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("KRK: 50015 legal positions"), "{text}");
    assert!(text.contains("mate in 16 (121 positions)"), "{text}");
    assert!(text.contains("200 sampled positions played out"), "{text}");

    let check = json(&[
        "chess",
        "check",
        path.to_str().unwrap(),
        "--lines",
        "300",
        "--json",
    ]);
    assert_eq!(check["accepted"], true);
    assert_eq!(check["check"]["lines"], 300);
    let all = json(&["chess", "check", path.to_str().unwrap(), "--all", "--json"]);
    assert_eq!(all["certificate"]["positions"], 50_015 + 924);
    assert_eq!(all["certificate"]["tables"], 2);

    // A lost position made a draw: its line no longer holds one ply deep.
    let mut bytes = std::fs::read(&path).unwrap();
    let header = bytes.len() - 81_920;
    let lost = (header + 40_960..bytes.len())
        .find(|&i| bytes[i] == 2 + 20)
        .unwrap();
    bytes[lost] = 1;
    let bad = temp("KRK-bad.kct");
    std::fs::write(&bad, &bytes).unwrap();
    rejected(
        &["chess", "check", bad.to_str().unwrap(), "--lines", "100000"],
        "the table says",
    );
    rejected(
        &["chess", "check", bad.to_str().unwrap(), "--all"],
        "the table says",
    );
    // A truncated file.
    std::fs::write(&bad, &bytes[..bytes.len() - 10]).unwrap();
    rejected(
        &["chess", "check", bad.to_str().unwrap()],
        "the file ends after",
    );
}

#[test]
fn the_json_report_has_both_sides_and_the_tables_made_first() {
    let report = json(&[
        "chess",
        "table",
        "KPK",
        "--json",
        "--lines",
        "100",
        "--certify",
    ]);
    assert_eq!(report["certificate"]["unreachable"], 0);
    assert_eq!(report["certificate"]["tables"], 6);
    assert_eq!(report["stats"]["material"], "KPK");
    assert_eq!(report["stats"]["white"]["longest_win"], 28);
    assert_eq!(report["stats"]["white"]["longest_win_positions"], 3);
    assert_eq!(report["stats"]["black"]["longest_loss"], 28);
    let smaller: Vec<_> = report["smaller"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["material"].clone())
        .collect();
    for m in ["KK", "KQK", "KRK", "KBK", "KNK"] {
        assert!(
            smaller.contains(&serde_json::json!(m)),
            "{m} in {smaller:?}"
        );
    }
    assert!(report["timing"]["positions_per_second"].as_f64().unwrap() > 0.0);
}

#[test]
fn a_probe_gives_the_value_and_the_best_moves() {
    let out = kalmar(&["chess", "probe", "k7/8/1K6/8/8/8/7Q/8 w - - 0 1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("KQK, White to move: win, mate in 1"),
        "{text}"
    );
    assert!(text.contains("h2h8   loss, checkmated"), "{text}");
    // Colours swapped: Black's rook against the white king is the KRK table turned over.
    let probe = json(&[
        "chess",
        "probe",
        "8/8/8/8/8/2K5/1r6/k7 b - - 0 1",
        "--json",
        "--all",
    ]);
    assert_eq!(probe["material"], "KRK");
    assert_eq!(probe["value"]["outcome"], "win");
    assert_eq!(probe["value"]["plies"], 31);
    assert!(probe["moves"].as_array().unwrap().len() > probe["best"].as_array().unwrap().len());
}

#[test]
fn a_probe_reads_table_files_from_a_folder() {
    let dir = temp("chess-tables");
    std::fs::create_dir_all(&dir).unwrap();
    for m in ["KQK", "KK"] {
        let path = dir.join(format!("{m}.kct"));
        let out = kalmar(&[
            "chess",
            "table",
            m,
            "-o",
            path.to_str().unwrap(),
            "--lines",
            "0",
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
    }
    let probe = json(&[
        "chess",
        "probe",
        "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1",
        "--tables",
        dir.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(probe["value"]["plies"], 19);
}

#[test]
fn what_tables_do_not_cover_is_refused() {
    refused(&["chess", "table", "KPPK"], "2 pawns");
    refused(&["chess", "table", "KQXK"], "not a material signature");
    refused(&["chess", "table", "KQRBNK"], "6 men");
    refused(
        &["chess", "table", "KQRKQ", "--max-memory", "100M"],
        "raise the limit",
    );
    refused(
        &["chess", "probe", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"],
        "castling",
    );
    refused(
        &["chess", "probe", "8/8/8/8"],
        "not a legal position in FEN",
    );
}

#[test]
fn the_explored_arena_gives_the_table_s_depth() {
    // The second route: the rules explored into a graph and solved by the generic retrograde
    // analysis, against the table made by un-moves.
    let fen = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1";
    let arena = json(&["reach", "game", "chess", fen, "--json"]);
    let probe = json(&["chess", "probe", fen, "--json"]);
    assert_eq!(probe["side"], "white");
    assert_eq!(arena["start"]["distance"], probe["value"]["plies"]);
    assert_eq!(arena["start"]["value"], "1");
    assert_eq!(arena["positions"], 402_676);
}
