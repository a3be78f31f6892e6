//! `kalmar observation` end to end: the note's counterexample, Alpaga's files, saved strategies
//! and exit codes.

mod common;
use common::*;

#[test]
fn the_note_example_is_rejected_and_reif_accepts_it() {
    let file = "examples/reif-note.gg";
    for algorithm in ["knowledge", "antichain"] {
        let j = json(&[
            "observation",
            "solve",
            file,
            "--solver",
            algorithm,
            "--json",
        ]);
        assert_eq!(j["winner"], "environment", "{algorithm}");
        assert_eq!(j["reif_assumption"]["holds"], false);
        assert_eq!(
            j["reif_assumption"]["violations"][0]["positions"],
            serde_json::json!(["cT", "cB"])
        );
    }
    let j = json(&["observation", "solve", file, "--solver", "reif", "--json"]);
    assert_eq!(j["winner"], "system");
    assert_eq!(j["accept"], true);
    let out = kalmar(&["observation", "solve", file, "--solver", "reif"]);
    let text = stdout(&out);
    assert!(text.contains("ACCEPT"), "{text}");
    assert!(text.contains("cT and cB look alike (c)"), "{text}");
}

#[test]
fn the_spoiling_tree_shows_where_the_system_is_stuck() {
    let out = kalmar(&[
        "observation",
        "solve",
        "examples/reif-note.gg",
        "--strategy",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("winner: the environment"), "{text}");
    assert!(
        text.contains("shows c → {cT, cB}: no action is allowed at all of it"),
        "{text}"
    );
}

#[test]
fn a_generated_strategy_is_saved_and_verified() {
    let game = temp("primes2.gii");
    let strategy = temp("primes2.json");
    let g = game.to_str().unwrap();
    let s = strategy.to_str().unwrap();
    let out = kalmar(&["generate", "observation", "primes", "2", "-o", g]);
    assert!(out.status.success(), "{}", stderr(&out));
    let j = json(&["observation", "solve", g, "--json", "-o", s]);
    assert_eq!(j["winner"], "system");
    // Start, the 6 residues of the joint count of cycles of lengths 2 and 3, the safe end.
    assert_eq!(j["strategy"].as_array().unwrap().len(), 8);
    let out = kalmar(&["observation", "verify", g, s]);
    assert!(out.status.success(), "{}", stderr(&out));
    // A strategy that leaves at once is refused, with exit code 2.
    let wrong = temp("wrong.json");
    std::fs::write(
        &wrong,
        r#"{"strategy": [{"knowledge": ["s0"], "action": "leave"}]}"#,
    )
    .unwrap();
    rejected(
        &["observation", "verify", g, wrong.to_str().unwrap()],
        "unsafe location Bad",
    );
}

#[test]
fn antichains_save_parity_strategies_and_print_spoilers() {
    // Alpaga's parityGame7 has priorities 0 to 9 and is won by the system: the antichain
    // algorithm's strategy is saved and checked by `verify`.
    let strategy = temp("parity7.json");
    let s = strategy.to_str().unwrap();
    let file = "examples/alpaga/parityGame7.gii";
    let j = json(&[
        "observation",
        "solve",
        file,
        "--solver",
        "antichain",
        "--json",
        "-o",
        s,
    ]);
    assert_eq!(j["winner"], "system");
    assert_eq!(j["verified"], true);
    let out = kalmar(&["observation", "verify", file, s]);
    assert!(out.status.success(), "{}", stderr(&out));
    // On parityGame1 the environment wins; the antichains give its spoiling tree, and
    // --output has no strategy to write (exit code 2).
    let file = "examples/alpaga/parityGame1.gii";
    let out = kalmar(&[
        "observation",
        "solve",
        file,
        "--solver",
        "antichain",
        "--strategy",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("spoiling strategy verified"), "{text}");
    assert!(text.contains("the environment's spoiling tree"), "{text}");
    refused(
        &[
            "observation",
            "solve",
            file,
            "--solver",
            "antichain",
            "-o",
            s,
        ],
        "the environment wins",
    );
}

#[test]
fn alpaga_files_are_read() {
    let j = json(&[
        "observation",
        "solve",
        "examples/alpaga/parityGame1.gii",
        "--json",
    ]);
    assert_eq!(j["winner"], "environment");
    // Both algorithms name the same winner of the locking protocol; the antichain one reports
    // its antichains.
    let file = "examples/alpaga/locking.gii";
    let k = json(&["observation", "solve", file, "--json"]);
    let a = json(&[
        "observation",
        "solve",
        file,
        "--solver",
        "antichain",
        "--json",
    ]);
    assert_eq!(k["winner"], a["winner"]);
    assert!(a["stats"]["max_antichain"].as_u64().unwrap() > 0);
}

/// A chain of `n` states, each its own observation, that reaches its last state.
fn chain(n: usize) -> String {
    let mut s = String::from("ALPHABET : a\nINIT : s0\n");
    s += &format!("TARGET : s{}\nSTATES : ", n - 1);
    s += &(0..n)
        .map(|i| format!("s{i}"))
        .collect::<Vec<_>>()
        .join(", ");
    s += "\nTRANS :\n";
    for i in 0..n {
        s += &format!("s{i}, s{}, a\n", (i + 1).min(n - 1));
    }
    s += "OBS :\n";
    for i in 0..n {
        s += &format!("s{i}\n");
    }
    s
}

#[test]
fn a_long_chain_of_singleton_knowledge_sets_is_solved() {
    // Each knowledge set is one state: the sets are stored by their states, not as bit sets
    // over the whole game (which took memory quadratic in the chain's length).
    let file = temp("chain.gii");
    std::fs::write(&file, chain(30_000)).unwrap();
    let j = json(&["observation", "solve", file.to_str().unwrap(), "--json"]);
    assert_eq!(j["winner"], "system");
    assert_eq!(j["stats"]["knowledge_sets"], 29_999);
}

#[test]
fn bad_input_exits_with_2_and_a_position() {
    let bad = temp("bad.gii");
    std::fs::write(&bad, "ALPHABET : a\nSTATES : x\nINIT : z\nOBS :\nx\n").unwrap();
    refused(
        &["observation", "solve", bad.to_str().unwrap()],
        "bad.gii:3:8",
    );
    // Reif's procedure needs a turn-based game.
    let out = kalmar(&[
        "observation",
        "solve",
        "examples/alpaga/parityGame1.gii",
        "--solver",
        "reif",
    ]);
    assert_eq!(out.status.code(), Some(2));
    // A .gg game whose observation mixes the players.
    let mixed = temp("mixed.gg");
    std::fs::write(
        &mixed,
        "kalmar-gg 1\nstart a\na max obs=x -> b\nb min obs=x -> a\n",
    )
    .unwrap();
    refused(
        &["observation", "solve", mixed.to_str().unwrap()],
        "different players",
    );
}

#[test]
fn kalmar_solve_sends_games_with_observations_here() {
    let j = json(&["solve", "examples/reif-note.gg", "--json"]);
    assert_eq!(j["winner"], "environment");
    assert_eq!(j["algorithm"], "knowledge");
    let j = json(&["solve", "examples/alpaga/parityGame1.gii", "--json"]);
    assert_eq!(j["winner"], "environment");
}

#[test]
fn the_demo_shows_the_note_example() {
    let out = kalmar(&["demo"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for line in [
        "Reif's procedure: ACCEPT",
        "knowledge: the environment wins (witness verified)",
        "antichain: the environment wins (witness verified)",
        "cT and cB look alike (c) but cT can move to c2 and cB to c3",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
}

#[test]
fn solve_saves_and_verify_checks_a_winning_strategy() {
    let dir = std::env::temp_dir().join(format!("kalmar-obs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let saved = dir.join("locking.json");
    let game = "examples/alpaga/locking.gii";
    let out = kalmar(&["solve", game, "-o", saved.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = kalmar(&["verify", game, saved.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("system's winning strategy"),
        "{}",
        stdout(&out)
    );
    let text = std::fs::read_to_string(&saved).unwrap();
    let first_action = text.find("\"action\": \"").unwrap() + "\"action\": \"".len();
    let end = first_action + text[first_action..].find('"').unwrap();
    std::fs::write(
        &saved,
        format!("{}nope{}", &text[..first_action], &text[end..]),
    )
    .unwrap();
    let out = kalmar(&["verify", game, saved.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}
