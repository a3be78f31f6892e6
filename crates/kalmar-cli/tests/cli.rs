//! The `kalmar` program end to end: outputs, saved solutions, and exit codes.

mod common;
use common::*;
use std::process::Command;

#[test]
fn demo_tours_every_family() {
    let out = kalmar(&["demo"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for answer in [
        "Max wins in 1",                            // chess-like games
        "the strategy moves to b at distance 2",    // the verifier catches a loop
        "almost-linear  weak      3/2",             // deterministic graphical games
        "zlk 5/5, pp 5/5",                          // parity games
        "a = 1/2, c = 1/2, b = 1/4, d = 1/4",       // stochastic games
        "13 positions is worth exactly 3/4",        // the chain PRISM-games misses
        "payoffs -1/18 and 1/18",                   // extensive-form games
        "pxu pxv pyu pyv qx* qy*",                  // reduced strategies in the tree order
        "192 histories",                            // Oh Hell
        "period 34 from n = 53",                    // impartial games
        "the environment wins",                     // imperfect information
        "players expect (7/6, 7/6, 2/3)",           // n-player games
        "mates in at most 16 moves (121 positions", // chess endgames
    ] {
        assert!(text.contains(answer), "{answer} in {text}");
    }
}

#[test]
fn json_values_map_names_to_values() {
    let out = kalmar(&["dgg", "solve", "examples/dgg-small.gg", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["values"]["s"], "3/4");
    assert_eq!(json["values"]["x"], "-1/2");
    // Every rational is a string, integers too.
    assert_eq!(json["values"]["zero"], "0");
    assert_eq!(json["strategy"]["y"], "hi");
    for solver in ["paterson", "loglog", "almost-linear"] {
        let out = kalmar(&[
            "dgg",
            "solve",
            "examples/dgg-small.gg",
            "--weak",
            "--solver",
            solver,
            "--json",
        ]);
        let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        assert_eq!(json["kind"], "weak");
        assert_eq!(json["values"]["s"], "3/4", "{solver}");
    }
}

#[test]
fn solve_detects_the_family() {
    let out = kalmar(&["solve", "examples/figure2b.gg", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["family"], "reach");
    let out = kalmar(&["solve", "examples/dgg-small.gg", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["family"], "dgg");
}

#[test]
fn saved_solutions_verify_and_corrupted_ones_do_not() {
    for (family, game) in [
        ("dgg", "examples/dgg-small.gg"),
        ("reach", "examples/figure2b.gg"),
    ] {
        let path = temp(&format!("{family}.json"));
        let out = kalmar(&[family, "solve", game, "--output", path.to_str().unwrap()]);
        assert!(out.status.success(), "{}", stderr(&out));
        let out = kalmar(&["verify", game, path.to_str().unwrap()]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(stdout(&out).starts_with("accepted"));

        let mut json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let first = json["values"]
            .as_object()
            .unwrap()
            .keys()
            .next()
            .unwrap()
            .clone();
        json["values"][&first] = serde_json::json!(-1);
        if family == "dgg" {
            json["values"][&first] = serde_json::json!("7/3");
        }
        let bad = temp(&format!("{family}-bad.json"));
        std::fs::write(&bad, json.to_string()).unwrap();
        let out = kalmar(&["verify", game, bad.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(3), "{}", stdout(&out));
        assert!(
            stderr(&out).contains("solution rejected"),
            "{}",
            stderr(&out)
        );
    }
}

#[test]
fn bad_input_exits_2_with_a_position() {
    let path = temp("bad.gg");
    std::fs::write(&path, "kalmar-gg 1\na max -> b\n").unwrap();
    let out = kalmar(&["solve", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("bad.gg:2:10"), "{}", stderr(&out));

    let out = kalmar(&["dgg", "solve", "examples/dgg-small.gg", "--solver", "quick"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("sort, paterson, loglog, almost-linear"));

    let out = kalmar(&["solve", "no/such/file.gg"]);
    assert_eq!(out.status.code(), Some(2));

    let out = kalmar(&["reach", "solve", "examples/dgg-small.gg"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("kalmar dgg solve"),
        "{}",
        stderr(&out)
    );

    let out = kalmar(&["frobnicate"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn generated_games_round_trip_through_the_solvers() {
    let path = temp("net.gg");
    let out = kalmar(&[
        "generate",
        "dgg",
        "sorting-network",
        "--size",
        "400",
        "--seed",
        "3",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = kalmar(&["dgg", "solve", path.to_str().unwrap(), "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    // The outputs of the network hold the payoffs in sorted order.
    let values = json["values"].as_object().unwrap();
    let mut outputs: Vec<(usize, i64)> = values
        .iter()
        .filter_map(|(k, v)| {
            let value = v.as_str()?.parse().ok()?;
            Some((k.strip_prefix("out")?.parse().ok()?, value))
        })
        .collect();
    outputs.sort();
    assert!(outputs.len() > 10);
    assert!(outputs.windows(2).all(|w| w[0].1 <= w[1].1), "{outputs:?}");

    let out = kalmar(&["generate", "reach", "random", "--size", "500"]);
    assert!(out.status.success());
    assert!(stdout(&out).starts_with("kalmar-gg 1"));
}

#[test]
fn bench_prints_a_table() {
    let out = kalmar(&["bench", "reach", "--sizes", "1e3", "--reps", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("bfs-floor") && text.contains("retrograde"),
        "{text}"
    );
}

#[test]
fn bench_sizes_in_every_notation_and_bad_input_refused() {
    let rows = json(&[
        "bench",
        "dgg",
        "--families",
        "random",
        "--sizes",
        "2^9,1e3",
        "--reps",
        "1",
        "--json",
    ]);
    let algorithms: Vec<&str> = rows
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|row| row["algorithm"].as_str())
        .collect();
    assert_eq!(algorithms.iter().filter(|a| **a == "bfs-floor").count(), 2);
    assert!(algorithms.len() > 2, "{algorithms:?}");
    refused(&["bench", "reach", "--sizes", "1.5"], "size '1.5'");
    refused(&["bench", "reach", "--families", "nonsense"], "nonsense");
    // Each suite takes its own options only: reach has no peer.
    refused(
        &["bench", "reach", "--peer", "oink"],
        "unexpected argument '--peer'",
    );
    refused(
        &["bench", "parity", "--priorities", "x", "--sizes", "10"],
        "size 'x'",
    );
    refused(&["bench", "parity", "--solvers", "nonsense"], "nonsense");
    // The summary has no plot: refused before any game runs.
    refused(
        &["bench", "parity", "--summary", "--svg", "x.svg"],
        "cannot be used with",
    );
}

#[test]
fn isolated_parity_bench_cuts_a_runaway_solver_short() {
    // Zielonka's algorithm needs exponential time on the recursive ladder (PGSolver's lower
    // bound for it), while priority promotion solves it at once; each run is its own process.
    let out = kalmar(&[
        "bench",
        "parity",
        "--families",
        "recursiveladder:40",
        "--solvers",
        "zlk,pp",
        "--reps",
        "2",
        "--timeout",
        "1",
        "--isolate",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let rows: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let row = |id: &str| {
        rows.as_array()
            .unwrap()
            .iter()
            .find(|r| r["solver"] == id)
            .unwrap_or_else(|| panic!("no {id} row"))["kalmar"]
            .clone()
    };
    assert_eq!(row("zlk")["timed_out"], true);
    assert_eq!(row("zlk")["median_seconds"], 1.0);
    assert_eq!(row("pp")["timed_out"], false);
    assert_eq!(row("pp")["runs"], 2);
    assert!(row("pp")["peak_rss_bytes"].as_u64().is_some());
    // The whole `kalmar parity solve` process with the fastest solver, timed from outside,
    // and the cold reads it reports.
    assert_eq!(row("process")["runs"], 2);
    assert!(row("process")["peak_rss_bytes"].as_u64().is_some());
    assert_eq!(row("parse")["runs"], 2);
    let process = rows
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["solver"] == "process");
    assert_eq!(process.unwrap()["kalmar_best"], "pp");
}

#[test]
fn verify_is_strict_about_the_solution_file() {
    let path = temp("strict.json");
    let out = kalmar(&[
        "dgg",
        "solve",
        "examples/dgg-small.gg",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let text = std::fs::read_to_string(&path).unwrap();
    let cases = [
        // A position the game does not have.
        text.replacen("\"values\": {", "\"values\": {\n    \"bogus\": 5,", 1),
        // A position given twice.
        text.replacen("\"values\": {", "\"values\": {\n    \"s\": \"3/4\",", 1),
        // An unknown kind.
        text.replacen("\"strong\"", "\"bogus\"", 1),
    ];
    for (i, case) in cases.iter().enumerate() {
        assert_ne!(case, &text);
        let bad = temp(&format!("strict-{i}.json"));
        std::fs::write(&bad, case).unwrap();
        let out = kalmar(&["verify", "examples/dgg-small.gg", bad.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "case {i}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(bad.to_str().unwrap()),
            "case {i}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn numeric_names_do_not_clash_with_unnamed_positions() {
    let game = temp("numeric.pg");
    std::fs::write(&game, "0 0 0 1,2 \"2\";\n1 0 1;\n2 0 0;\n").unwrap();
    let solution = temp("numeric.json");
    let out = kalmar(&[
        "reach",
        "solve",
        game.to_str().unwrap(),
        "-o",
        solution.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = kalmar(&["verify", game.to_str().unwrap(), solution.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn a_weak_solver_needs_weak() {
    let out = kalmar(&[
        "dgg",
        "solve",
        "examples/dgg-small.gg",
        "--solver",
        "paterson",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--weak"), "{}", stderr(&out));
}

#[test]
fn a_closed_pipe_ends_quietly() {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_kalmar"))
        .args(["generate", "dgg", "random", "--size", "200000"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap(); // then the pipe closes
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!stderr(&out).contains("panicked"));
}

#[test]
fn builtin_games_are_explored_and_solved() {
    let out = kalmar(&["reach", "game", "nim", "1", "2", "3", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        json["start"]["value"], "-1",
        "1 ^ 2 ^ 3 = 0: the player to move loses"
    );
    assert_eq!(
        json["line"].as_array().unwrap().len() as u64,
        json["start"]["distance"].as_u64().unwrap() + 1
    );
    // The same answer in the terms of impartial games, beside Max's and Min's.
    assert_eq!(json["start"]["outcome"], "P");
    let out = kalmar(&["reach", "game", "nim", "1", "2", "3"]);
    let text = stdout(&out);
    assert!(text.contains("Min wins in 6"), "{text}");
    assert!(
        text.contains("P-position: the player to move (Max) loses"),
        "{text}"
    );
    let out = kalmar(&["reach", "game", "cops", "--layout", "escape", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["start"]["value"], "-1", "the robber escapes");
    let out = kalmar(&["reach", "game", "cops", "--layout", "nope"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn parity_games_are_solved_and_their_pgsolver_solutions_verified() {
    let solution = temp("tiny.sol");
    let out = kalmar(&[
        "parity",
        "solve",
        "examples/tiny.pg",
        "-o",
        solution.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&solution).unwrap();
    assert!(text.starts_with("paritysol"), "{text}");
    let out = kalmar(&["verify", "examples/tiny.pg", solution.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    // Claim that Odd wins vertex 0: rejected.
    let bad = temp("tiny-bad.sol");
    std::fs::write(&bad, text.replacen("\n0 0", "\n0 1", 1)).unwrap();
    let out = kalmar(&["verify", "examples/tiny.pg", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(3), "{}", stdout(&out));
    // kalmar solve sends files with priorities to the parity solver.
    let out = kalmar(&["solve", "examples/tiny.pg", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["solver"], "zlk");
    let out = kalmar(&["parity", "info", "examples/tiny.pg"]);
    assert!(stdout(&out).contains("strongly connected components"));
}

#[test]
fn parity_generators_write_pgsolver_files() {
    let path = temp("ladder.pg");
    let out = kalmar(&[
        "generate",
        "parity",
        "laddergame",
        "50",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .starts_with("parity ")
    );
    let out = kalmar(&["parity", "solve", path.to_str().unwrap(), "--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    // In the ladder game each player wins exactly the vertices of its own parity.
    let winners = json["winner"].as_object().unwrap();
    assert_eq!(winners.len(), 100);
    assert!(
        winners
            .iter()
            .all(|(name, w)| name.parse::<u64>().unwrap() % 2 == w.as_u64().unwrap())
    );
    let out = kalmar(&["generate", "parity", "randomgame", "10"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn syntcomp_games_are_read_and_their_options_checked() {
    // lilydemo13 is realizable: the controller (player 0) wins the start state.
    let file = "testdata/parity/lilydemo13.tlsf.ehoa";
    let out = kalmar(&["parity", "solve", file]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("won by player 0"), "{}", stdout(&out));
    let out = kalmar(&["parity", "solve", file, "--no-verify", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["verified"], false);
    let out = kalmar(&["parity", "solve", file, "--min-parity"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--min-parity"), "{}", stderr(&out));
    // A file whose acc-name and Acceptance disagree: refused with its position.
    let out = kalmar(&["parity", "solve", "testdata/parity/test1.ehoa"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("test1.ehoa:5:15"), "{}", stderr(&out));
}

#[test]
fn nim_prints_the_outcome_and_a_winning_move() {
    // The seed: 1 XOR 2 XOR 4 = 7, and taking one counter from the heap of four wins.
    let out = kalmar(&["impartial", "nim", "1", "2", "4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("1 XOR 2 XOR 4 = 7"), "{text}");
    assert!(text.contains("take 1 from heap 3 (4 → 3)"), "{text}");
    let out = kalmar(&["impartial", "nim", "1", "2", "3", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["nimber"], 0);
    assert_eq!(json["outcome"], "P");
    assert!(json["winning_move"].is_null());
    // Misère: three heaps of one counter lose for the player to move.
    let out = kalmar(&["impartial", "nim", "1", "1", "1", "--misere", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["outcome"], "P");
}

#[test]
fn impartial_games_live_under_impartial_and_the_old_names_still_work() {
    // `kalmar nim` and `kalmar octal` are hidden old names: they work, with a note.
    let out = kalmar(&["nim", "1", "2", "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("P-position: the player to move loses"));
    assert!(
        stderr(&out).contains("kalmar impartial nim"),
        "{}",
        stderr(&out)
    );
    let out = kalmar(&["octal", "0.07", "--up-to", "200", "--period"]);
    assert!(
        stdout(&out).contains("period 34 from n = 53"),
        "{}",
        stdout(&out)
    );
    // Not in the top-level help; all seven under `kalmar impartial`.
    let help = stdout(&kalmar(&["--help"]));
    let top = subcommands(&help);
    assert!(top.contains(&"impartial".to_string()), "{help}");
    assert!(!top.contains(&"nim".to_string()) && !top.contains(&"octal".to_string()));
    let help = stdout(&kalmar(&["impartial", "--help"]));
    assert_eq!(
        subcommands(&help),
        [
            "nim",
            "octal",
            "grundy",
            "subtraction",
            "all-but",
            "stripes",
            "nukit"
        ]
    );
}

#[test]
fn nim_sequences_are_plotted_with_their_period() {
    let svg = temp("sequence.svg");
    let svg_arg = svg.to_str().unwrap();
    let args = [
        "impartial",
        "octal",
        "0.77",
        "--up-to",
        "200",
        "--svg",
        svg_arg,
    ];
    let out = kalmar(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg"));
    assert!(
        picture.contains("period 12 from n₀ = 71"),
        "the period is said"
    );
    assert!(
        picture.contains("pre-period 0..70"),
        "the pre-period is shaded"
    );
    let out = kalmar(&["impartial", "grundy", "--up-to", "300", "--svg", svg_arg]);
    assert!(out.status.success(), "{}", stderr(&out));
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.contains("no period proven within n ≤ 300"));
    let args = [
        "impartial",
        "all-but",
        "--excluded",
        "1",
        "--up-to",
        "40",
        "--svg",
        svg_arg,
    ];
    let out = kalmar(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(
        picture.contains("G(n + 2) = G(n) + 1: slope 1/2"),
        "the saltus line"
    );
    // A file that cannot be written is an error, not a panic.
    let bad = temp("no/such/directory.svg");
    let out = kalmar(&[
        "impartial",
        "grundy",
        "--up-to",
        "9",
        "--svg",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("directory.svg"), "{}", stderr(&out));
}

#[test]
fn octal_json_has_the_values_and_the_proven_period() {
    let out = kalmar(&[
        "impartial",
        "octal",
        "0.77",
        "--up-to",
        "2000",
        "--period",
        "--verify",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["verified"], true);
    let values = json["values"].as_array().unwrap();
    assert_eq!(values.len(), 2001);
    // Kayles (Winning Ways; OEIS A002186): 0 1 2 3 1 4 3 2 1 4 2 6 …
    let first: Vec<u64> = values[..12].iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(first, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    assert_eq!(json["period"]["period"], 12);
    assert_eq!(json["period"]["last_exception"], 70);
    let out = kalmar(&["impartial", "octal", "0.137", "--up-to", "3000", "--period"]);
    let text = stdout(&out);
    assert!(text.contains("period 34 from n = 52"), "{text}");
    assert!(text.contains("last exceptional value G(51)"), "{text}");
}

#[test]
fn octal_misere_and_bad_codes() {
    let out = kalmar(&[
        "impartial",
        "octal",
        "0.77",
        "--up-to",
        "6",
        "--misere",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    // A heap of 0 is won by the player to move in misère play (value 1); a heap of 1 is lost.
    assert_eq!(json["misere"][0], 1);
    assert_eq!(json["misere"][1], 0);
    let out = kalmar(&["impartial", "octal", "0.79", "--up-to", "5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("the octal code:1:4: found '9'"),
        "{}",
        stderr(&out)
    );
    let out = kalmar(&[
        "impartial",
        "octal",
        "0.7",
        "--up-to",
        "5",
        "--solver",
        "quick",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("sparse, naive"), "{}", stderr(&out));
}

#[test]
fn impartial_games_of_the_seed() {
    // Nukit, the contest's samples: 0 2 0 2 is lost by Patrick, 1 3 1 3 won.
    let out = kalmar(&["impartial", "nukit", "0", "2", "0", "2"]);
    assert!(stdout(&out).contains("Roland wins"), "{}", stdout(&out));
    let out = kalmar(&["impartial", "nukit", "1", "3", "1", "3"]);
    assert!(
        stdout(&out).contains("N-position: the player to move (Patrick) wins: form ABCD"),
        "{}",
        stdout(&out)
    );
    let out = kalmar(&["impartial", "nukit", "1", "1", "1", "1", "--reaction", "AQ"]);
    assert_eq!(out.status.code(), Some(2));
    // PEG-O-Stripes with strips of 2 only is Dawson's Kayles: a board of 5 is lost.
    let out = kalmar(&["impartial", "stripes", "5", "2", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(json["nimber"], 0);
    assert_eq!(json["outcome"], "P");
    // S(1, 2, 3): n mod 4.
    let out = kalmar(&[
        "impartial",
        "subtraction",
        "--set",
        "1,2,3",
        "--up-to",
        "9",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        json["values"],
        serde_json::json!([0, 1, 2, 3, 0, 1, 2, 3, 0, 1])
    );
    let out = kalmar(&["impartial", "grundy", "--up-to", "9", "--period"]);
    assert!(
        stdout(&out).contains("no period claimed"),
        "{}",
        stdout(&out)
    );
}

/// The subcommands listed under "Commands:" in a help text.
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&c| c != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn every_command_speaks_one_vocabulary() {
    // The algorithm is --solver, rows shown are --limit, a saved answer is -o/--output: the old
    // names are hidden aliases and appear in no help text.
    let mut queue = vec![Vec::<String>::new()];
    let mut seen = 0;
    while let Some(path) = queue.pop() {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let out = kalmar(&args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let help = stdout(&out);
        seen += 1;
        for old in ["--method ", "--algorithm ", "--task ", "--show "] {
            assert!(!help.contains(old), "{args:?} offers {old}: {help}");
        }
        let options = help
            .lines()
            .map(str::trim_start)
            .filter(|l| l.starts_with('-'));
        if let Some(line) = options.clone().find(|l| l.starts_with("--output")) {
            panic!("{args:?}: --output without -o: {line}");
        }
        for sub in subcommands(&help) {
            let mut next = path.clone();
            next.push(sub);
            queue.push(next);
        }
    }
    assert!(seen > 40, "only {seen} commands walked");
}

#[test]
fn old_flag_names_still_work() {
    let old = kalmar(&["efg", "nash", "--method", "lh", "examples/entry.efg"]);
    let new = kalmar(&["efg", "nash", "--solver", "lh", "examples/entry.efg"]);
    assert!(old.status.success(), "{}", stderr(&old));
    assert_eq!(stdout(&old).lines().nth(1), stdout(&new).lines().nth(1));
    let out = kalmar(&[
        "observation",
        "solve",
        "--algorithm",
        "antichain",
        "examples/reif-note.gg",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = kalmar(&["impartial", "octal", "0.07", "--up-to", "30", "--show", "5"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("26 more"), "{}", stdout(&out));
    assert!(kalmar(&["efg", "methods"]).status.success());
}

#[test]
fn games_come_from_standard_input_and_compressed_files() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kalmar"))
        .args(["solve", "-", "--json"])
        .current_dir(workspace())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let game = std::fs::read(workspace().join("examples/figure2b.gg")).unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), &game).unwrap();
    let out = child.wait_with_output().unwrap();
    let piped: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let direct = json(&["solve", "examples/figure2b.gg", "--json"]);
    assert_eq!(piped["values"], direct["values"]);
    // A gzipped .pg is read as a .pg.
    let dir = std::env::temp_dir().join(format!("kalmar-gz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let gz = dir.join("tiny.pg.gz");
    let mut encoder =
        flate2::write::GzEncoder::new(std::fs::File::create(&gz).unwrap(), Default::default());
    let plain_text = std::fs::read(workspace().join("examples/tiny.pg")).unwrap();
    std::io::Write::write_all(&mut encoder, &plain_text).unwrap();
    encoder.finish().unwrap();
    let zipped = json(&["parity", "solve", gz.to_str().unwrap(), "--json"]);
    let plain = json(&["parity", "solve", "examples/tiny.pg", "--json"]);
    assert_eq!(zipped["winner"], plain["winner"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn dot_draws_winners_values_and_strategies() {
    let dir = std::env::temp_dir().join(format!("kalmar-dot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let picture = dir.join("tiny.dot");
    let out = kalmar(&[
        "parity",
        "solve",
        "examples/tiny.pg",
        "--dot",
        picture.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let dot = std::fs::read_to_string(&picture).unwrap();
    assert!(dot.starts_with("digraph game {"), "{dot}");
    assert!(
        dot.contains("\"start\\npriority 2\" shape=diamond"),
        "{dot}"
    );
    assert_eq!(
        dot.matches("penwidth=3").count(),
        5,
        "one chosen move per vertex: {dot}"
    );
    let dgg = dir.join("dgg.dot");
    let out = kalmar(&[
        "dgg",
        "solve",
        "examples/dgg-small.gg",
        "--dot",
        dgg.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        std::fs::read_to_string(&dgg)
            .unwrap()
            .contains("\"s\\n3/4\"")
    );
    let out = kalmar(&[
        "solve",
        "examples/kuhn-poker.efg",
        "--dot",
        dgg.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let out = kalmar(&[
        "dgg",
        "solve",
        "examples/dgg-small.gg",
        "--weak",
        "--dot",
        "x.dot",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_solver_listing_has_json() {
    for family in ["dgg", "parity", "stochastic", "efg", "observation"] {
        let list = json(&[family, "solvers", "--json"]);
        let entries = list.as_array().expect("an array");
        assert!(!entries.is_empty(), "{family}");
        assert!(
            entries.iter().all(|e| e["id"].is_string()),
            "{family}: {list}"
        );
    }
}

#[test]
fn verify_and_parity_info_speak_json() {
    let info = json(&["parity", "info", "examples/tiny.pg", "--json"]);
    assert_eq!(info["vertices"], "5");
    let dir = std::env::temp_dir().join(format!("kalmar-verify-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let saved = dir.join("tiny.sol");
    let out = kalmar(&[
        "parity",
        "solve",
        "examples/tiny.pg",
        "-o",
        saved.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let verdict = json(&[
        "verify",
        "examples/tiny.pg",
        saved.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(verdict["accepted"], true);
    assert_eq!(verdict["solution"], "parity solution");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_n_player_game_is_solved_saved_and_verified() {
    let saved = temp("spe.json");
    let saved = saved.to_str().unwrap();
    let out = kalmar(&["solve", "examples/three-players.gg", "-o", saved]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("the players expect (7/6, 7/6, 2/3)"),
        "{}",
        stdout(&out)
    );
    let out = kalmar(&["verify", "examples/three-players.gg", saved]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(saved).unwrap();
    let worse = temp("worse.json");
    // Player 1 moves to c, and the utilities are those this profile gives: still player 1 would
    // rather move to b.
    let deviated = text
        .replace("\"p1\": \"b\"", "\"p1\": \"c\"")
        .replacen(
            "\"7/6\",\n      \"7/6\",\n      \"2/3\"",
            "\"3/2\",\n      \"1/2\",\n      \"1\"",
            1,
        )
        .replacen(
            "\"0\",\n      \"2\",\n      \"1\"",
            "\"1\",\n      \"0\",\n      \"2\"",
            1,
        );
    std::fs::write(&worse, deviated).unwrap();
    rejected(
        &[
            "verify",
            "examples/three-players.gg",
            worse.to_str().unwrap(),
        ],
        "player 1 gets 2 by moving to b instead of 0",
    );
    let j = json_of(&kalmar(&[
        "positional",
        "nash",
        "examples/three-players.gg",
        "--json",
    ]));
    assert_eq!(
        j["values"]["deal"],
        serde_json::json!(["7/6", "7/6", "2/3"])
    );
    let cyclic = temp("cycle.gg");
    std::fs::write(
        &cyclic,
        "kalmar-gg 1\nplayers 3\na player0 -> b x\nb player1 -> a x\nx terminal payoff=(1,1,1)\n",
    )
    .unwrap();
    // With cycles (infinite play worth 0 to all here), the exact search answers.
    let out = stdout(&kalmar(&["solve", cyclic.to_str().unwrap()]));
    assert!(out.contains("solved by exact"), "{out}");
    assert!(out.contains("after searching"), "{out}");
    assert!(
        out.contains("play ends in x with utilities (1, 1, 1)"),
        "{out}"
    );
    // Saved, it is checked by the deviation certificate; a false outcome is rejected.
    let nash = temp("nash.json");
    let cyclic = cyclic.to_str().unwrap();
    let out = kalmar(&["positional", "nash", cyclic, "-o", nash.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = stdout(&kalmar(&["verify", cyclic, nash.to_str().unwrap()]));
    assert!(out.contains("accepted: the nash equilibrium"), "{out}");
    let text = std::fs::read_to_string(&nash).unwrap();
    std::fs::write(
        &nash,
        text.replace("\"outcome\": \"x\"", "\"outcome\": \"c\""),
    )
    .unwrap();
    rejected(
        &["verify", cyclic, nash.to_str().unwrap()],
        "the play from the start ends in x, not in c",
    );
    // A three-player game without an equilibrium (of the shape of Boros, Gurvich, Milanič,
    // Oudalov and Vičič's):
    // the exact search proves it, as does trying its 16 profiles.
    let none = temp("no-equilibrium.gg");
    std::fs::write(
        &none,
        "kalmar-gg 1\nplayers 3\nstart v0\ncycle (3,3,0)\nv0 player1 -> v2 v3\n\
         v1 player2 -> v2 a2\nv2 player0 -> v1 a1\nv3 player2 -> v1 a0\n\
         a0 terminal payoff=(0,1,2)\na1 terminal payoff=(2,0,3)\na2 terminal payoff=(1,2,1)\n",
    )
    .unwrap();
    let none = none.to_str().unwrap();
    let j = json_of(&kalmar(&["positional", "nash", none, "--json"]));
    assert_eq!(j["solver"], "exact");
    assert_eq!(j["equilibrium"], serde_json::Value::Null);
    assert!(j["nodes"].as_u64().is_some_and(|n| n > 0), "{j}");
    let out = stdout(&kalmar(&["positional", "nash", none, "--solver", "brute"]));
    assert!(
        out.contains("0 of the 16 positional profiles are equilibria"),
        "{out}"
    );
    assert!(out.contains("no Nash equilibrium"), "{out}");
    // The paper's Figure 10: an equilibrium by strong improvements, not subgame perfect.
    let j = json_of(&kalmar(&[
        "positional",
        "nash",
        "examples/figure-10.gg",
        "--json",
    ]));
    assert_eq!(j["solver"], "improve");
    assert_eq!(j["equilibrium"]["outcome"], "a1");
    assert_eq!(j["equilibrium"]["subgame_perfect"], false);
    let out = stdout(&kalmar(&[
        "positional",
        "nash",
        "examples/figure-10.gg",
        "--solver",
        "brute",
    ]));
    assert!(
        out.contains("1 of the 4 positional profiles is an equilibrium"),
        "{out}"
    );
    refused(
        &[
            "positional",
            "nash",
            "examples/figure-10.gg",
            "--solver",
            "win-lose",
        ],
        "win-lose game pays (1,-1) or (-1,1)",
    );
    // A generated win-lose game is solved by the attractor, subgame perfect; the suite runs.
    let generated = temp("win-lose.gg");
    let out = kalmar(&[
        "generate",
        "positional",
        "win-lose",
        "--size",
        "2000",
        "-o",
        generated.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let j = json_of(&kalmar(&[
        "positional",
        "nash",
        generated.to_str().unwrap(),
        "--json",
    ]));
    assert_eq!(j["solver"], "win-lose");
    assert_eq!(j["equilibrium"]["subgame_perfect"], true);
    let out = stdout(&kalmar(&[
        "bench",
        "positional",
        "--win-lose",
        "1e3",
        "--improve",
        "1e2",
        "--exact",
        "200",
        "--longest",
        "8",
        "--games",
        "3",
        "--reps",
        "1",
    ]));
    assert!(out.contains("| win-lose | win-lose | 1000 |"), "{out}");
    assert!(out.contains("| random | longest run | 8 |"), "{out}");
    assert!(out.contains("| random, 3 players | exact | 200 |"), "{out}");
    let out = stdout(&kalmar(&[
        "positional",
        "ricycle",
        "examples/figure-10.gg",
        "--improvement",
        "strong",
    ]));
    assert!(
        out.contains("no strong improvement cycle (inside-play)"),
        "{out}"
    );
    refused(
        &[
            "positional",
            "ricycle",
            "examples/figure-10.gg",
            "--improvement",
            "weak",
        ],
        "expected standard, strong, last-step, best-reply or strong-best-reply",
    );
    let out = stdout(&kalmar(&["positional", "solvers"]));
    assert!(
        out.contains("win-lose") && out.contains("Theorem 3"),
        "{out}"
    );
    assert!(
        out.find("exact")
            .is_some_and(|e| out.find("brute").is_some_and(|b| e < b)),
        "{out}"
    );
}

/// The search for preferences on the paper's four-person flower: a strong best-reply ri-cycle
/// through c, its preferences written with -o and read back with --preferences, a picture, and
/// the proof that no c-free one exists.
#[test]
fn preferences_for_an_ri_cycle_are_found_written_and_read_back() {
    let dir = std::env::temp_dir().join(format!("kalmar-ricycle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let prefs = dir.join("cycle.prefs");
    let dot = dir.join("cycle.dot");
    let out = stdout(&kalmar(&[
        "positional",
        "ricycle",
        "examples/flower-4.gg",
        "--any-preferences",
        "--improvement",
        "strong-best-reply",
        "-o",
        prefs.to_str().unwrap(),
        "--dot",
        dot.to_str().unwrap(),
    ]));
    assert!(
        out.contains("strong-best-reply improvement cycle (inside-play) of 8 steps")
            && out.contains("certificate verified")
            && out.contains("1: a3 < a1 < a2 < c"),
        "{out}"
    );
    let written = std::fs::read_to_string(&prefs).unwrap();
    assert_eq!(written.lines().count(), 4, "{written}");
    assert!(
        std::fs::read_to_string(&dot)
            .unwrap()
            .contains("changed in step")
    );
    let out = stdout(&kalmar(&[
        "positional",
        "ricycle",
        "examples/flower-4.gg",
        "--preferences",
        prefs.to_str().unwrap(),
        "--improvement",
        "strong-best-reply",
    ]));
    assert!(out.contains("of 8 steps"), "{out}");
    let out = stdout(&kalmar(&[
        "positional",
        "ricycle",
        "examples/flower-4.gg",
        "--any-preferences",
        "--c-free",
        "--json",
    ]));
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(json["cycle"].is_null() && json["c_free"] == true, "{out}");
    refused(
        &[
            "positional",
            "ricycle",
            "examples/figure-10.gg",
            "-o",
            "x.prefs",
        ],
        "-o writes the preferences --any-preferences finds",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Random forms searched for preferences: the paper's Figure 3 (a two-person acyclic form with
/// a standard ri-cycle) is found and written as a game whose own ri-cycle search confirms it.
#[test]
fn random_forms_are_searched_for_an_ri_cycle() {
    let dir = std::env::temp_dir().join(format!("kalmar-forms-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let found = dir.join("found.gg");
    let out = stdout(&kalmar(&[
        "positional",
        "forms",
        "--players",
        "2",
        "--positions",
        "4",
        "--terminals",
        "4",
        "--acyclic",
        "-o",
        found.to_str().unwrap(),
    ]));
    assert!(
        out.contains("has a standard ri-cycle (inside-play)"),
        "{out}"
    );
    let out = stdout(&kalmar(&["positional", "ricycle", found.to_str().unwrap()]));
    assert!(out.contains("a standard improvement cycle"), "{out}");
    let out = stdout(&kalmar(&[
        "positional",
        "info",
        found.to_str().unwrap(),
        "--json",
    ]));
    let info: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(info["acyclic"], true, "{out}");
    let out = stdout(&kalmar(&[
        "positional",
        "forms",
        "--players",
        "2",
        "--improvement",
        "strong",
        "--forms",
        "50",
        "--json",
    ]));
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (json["found"].clone(), json["forms"].clone()),
        (false.into(), 50.into()),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_positional_game_is_described_and_its_normal_form_solved_by_the_efg_family() {
    let out = stdout(&kalmar(&["positional", "info", "examples/figure-10.gg"]));
    assert!(out.contains("play from it can cycle"), "{out}");
    assert!(out.contains("infinite play (c) pays (2, 0)"), "{out}");
    assert!(out.contains("4 positional profiles"), "{out}");
    let j = json(&["positional", "info", "examples/figure-10.gg", "--json"]);
    assert_eq!(j["profiles"], 4);
    assert_eq!(j["acyclic"], false);
    assert_eq!(j["win_lose"], false);
    assert_eq!(j["cycle"], serde_json::json!(["2", "0"]));
    assert_eq!(j["players"][1]["strategies"], 2);
    let j = json(&["positional", "info", "examples/three-players.gg", "--json"]);
    assert_eq!(
        (j["acyclic"].clone(), j["chance_positions"].clone()),
        (true.into(), 1.into())
    );

    // The normal form's pure equilibria are the positional ones: 1 of the 4 profiles.
    let nfg = temp("figure-10.nfg");
    let nfg = nfg.to_str().unwrap();
    let out = kalmar(&[
        "positional",
        "normal-form",
        "examples/figure-10.gg",
        "-o",
        nfg,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("4 profiles of 2 × 2"),
        "{}",
        stderr(&out)
    );
    let j = json(&["efg", "nash", nfg, "--solver", "pure", "--json"]);
    let from_table = j["equilibria"].as_array().map(Vec::len);
    assert_eq!(j["equilibria"][0]["players"][0]["strategy"]["u>a1"], "1");
    let out = stdout(&kalmar(&[
        "positional",
        "nash",
        "examples/figure-10.gg",
        "--solver",
        "brute",
    ]));
    assert!(out.contains("1 of the 4 positional profiles"), "{out}");
    assert_eq!(from_table, Some(1), "{j}");
    // Without -o, the same text on standard output.
    let out = kalmar(&["positional", "normal-form", "examples/figure-10.gg"]);
    assert_eq!(stdout(&out), std::fs::read_to_string(nfg).unwrap());
    assert!(
        stdout(&out).contains("{ \"u>v\" \"u>a1\" }"),
        "{}",
        stdout(&out)
    );
    refused(
        &[
            "positional",
            "normal-form",
            "examples/figure-10.gg",
            "--max-size",
            "7",
        ],
        "4 profiles × 2 players = 8 payoffs, more than the limit of 7",
    );
    refused(
        &["positional", "normal-form", "examples/three-players.gg"],
        "belongs to chance",
    );
}

#[test]
fn benchmark_tables_are_plotted() {
    let svg = temp("floor.svg");
    let svg_arg = svg.to_str().unwrap();
    let out = kalmar(&[
        "bench",
        "plot",
        "docs/BENCHMARKS.md",
        "--table",
        "against the floor",
        "--svg",
        svg_arg,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("12 series"), "{}", stdout(&out));
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.contains("random-chess: retrograde") && picture.contains("time (s)"));
    // A table that is not there: the tables are listed, each with its line and heading (the
    // line moves whenever a section is added above, so only the heading is asserted).
    refused(
        &[
            "bench",
            "plot",
            "docs/BENCHMARKS.md",
            "--table",
            "999",
            "--svg",
            svg_arg,
        ],
        ", under \"Retrograde analysis of chess-like games against the floor\"",
    );
    refused(
        &[
            "bench",
            "plot",
            "docs/BENCHMARKS.md",
            "--table",
            "against the floor",
            "--y",
            "nope",
            "--svg",
            svg_arg,
        ],
        "no column 'nope'",
    );
    // A suite draws the table it printed.
    let out = kalmar(&[
        "bench",
        "reach",
        "--sizes",
        "1e3,2e3",
        "--reps",
        "1",
        "--families",
        "grid",
        "--svg",
        svg_arg,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(
        picture.contains("grid retrograde"),
        "one series per family and algorithm"
    );
}
