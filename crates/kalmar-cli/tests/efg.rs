//! `kalmar efg` end to end: outputs, JSON, written files and exit codes.

mod common;
use common::*;

#[test]
fn reduce_lists_stars_by_the_tree_order() {
    let out = kalmar(&["efg", "reduce", "examples/list-vs-tree.efg"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("1: 6 reduced strategies"), "{text}");
    assert!(
        text.contains("slots (breadth-first): {p,q} {x,y} {u,v}"),
        "{text}"
    );
    for s in ["pxu", "pxv", "pyu", "pyv", "qx*", "qy*"] {
        assert!(text.lines().any(|l| l.trim() == s), "{s} in {text}");
    }
    let counts = json(&[
        "efg",
        "reduce",
        "--count",
        "--json",
        "examples/list-vs-tree.efg",
    ]);
    assert_eq!(counts["reduced_strategies"], serde_json::json!([6, 1]));
    let listed = json(&["efg", "reduce", "--json", "examples/list-vs-tree.efg"]);
    assert_eq!(listed["players"][0]["strategies"][4], "qx*");
}

#[test]
fn recall_names_the_set_the_nodes_and_the_moves() {
    let out = kalmar(&["efg", "recall", "examples/forgetful.efg"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Imperfect recall"), "{text}");
    assert!(text.contains("player 1's information set 2"), "{text}");
    assert!(text.contains("L (move 1"), "{text}");
    let report = json(&["efg", "recall", "--json", "examples/forgetful.efg"]);
    assert_eq!(report["perfect_recall"], false);
    assert_eq!(report["players"], serde_json::json!([false, true]));
    assert_eq!(report["violations"][0]["nodes"][0], "#3");
}

#[test]
fn strategic_writes_nfg_and_nash_solves_it() {
    let path = temp("kuhn.nfg");
    let out = kalmar(&[
        "efg",
        "strategic",
        "examples/kuhn-poker.efg",
        "--output",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("NFG 1 R"), "{text}");
    let info = json(&["efg", "info", "--json", path.to_str().unwrap()]);
    assert_eq!(info["strategies"], serde_json::json!([27, 64]));
    // Kuhn poker is worth -1/18 to player 1, by any method.
    let lh = json(&[
        "efg",
        "nash",
        "--solver",
        "lh",
        "--json",
        path.to_str().unwrap(),
    ]);
    assert!(!lh["equilibria"].as_array().unwrap().is_empty());
    for e in lh["equilibria"].as_array().unwrap() {
        assert_eq!(e["payoffs"], serde_json::json!(["-1/18", "1/18"]));
    }
    let seq = json(&[
        "efg",
        "nash",
        "--solver",
        "seqform",
        "--json",
        "examples/kuhn-poker.efg",
    ]);
    assert_eq!(
        seq["equilibria"][0]["payoffs"],
        serde_json::json!(["-1/18", "1/18"])
    );
    assert_eq!(seq["checked"], true);
}

#[test]
fn pure_and_spe_on_a_perfect_information_game() {
    let pure = json(&[
        "efg",
        "nash",
        "--solver",
        "pure",
        "--json",
        "examples/entry.efg",
    ]);
    assert_eq!(pure["equilibria"].as_array().unwrap().len(), 2);
    let spe = json(&[
        "efg",
        "nash",
        "--solver",
        "spe",
        "--json",
        "examples/entry.efg",
    ]);
    assert_eq!(spe["values"], serde_json::json!(["1", "1"]));
    let out = kalmar(&["efg", "nash", "--solver", "spe", "examples/kuhn-poker.efg"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("perfect information"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bad_input_exits_2_with_a_position() {
    let path = temp("bad.efg");
    std::fs::write(
        &path,
        "EFG 2 R \"x\" { \"1\" }\n\"\"\n\np \"\" 2 1 \"\" { \"a\" } 0\n",
    )
    .unwrap();
    let out = kalmar(&["efg", "info", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("bad.efg:4:6"), "{err}");
    assert!(err.contains("a player number from 1 to 1"), "{err}");
    let out = kalmar(&["efg", "nash", "--solver", "nope", "examples/entry.efg"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("pure, lh, enum, seqform, spe"));
    let out = kalmar(&[
        "efg",
        "strategic",
        "examples/kuhn-poker.efg",
        "--max-size",
        "100",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("27 × 64 = 1728 profiles × 2 payoffs"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn vertex_enumeration_and_the_lemke_howson_traversal() {
    // The degenerate 3 × 2 game of von Stengel's AGT chapter (2007): three extreme equilibria,
    // ((1,0,0),(1,0)), ((1,0,0),(2/3,1/3)) and ((0,1/3,2/3),(1/3,2/3)), derived by hand in the
    // library's tests.
    let path = temp("degenerate.nfg");
    std::fs::write(
        &path,
        "NFG 1 R \"degenerate\" { \"1\" \"2\" } { 3 2 }\n\n3 3 2 2 0 3 3 3 5 6 6 1\n",
    )
    .unwrap();
    let file = path.to_str().unwrap();
    let vertex = json(&["efg", "nash", "--solver", "vertex", "--json", file]);
    let found = vertex["equilibria"].as_array().unwrap();
    assert_eq!(found.len(), 3, "{vertex}");
    assert!(
        found
            .iter()
            .all(|e| e["regret"] == serde_json::json!(["0", "0"]))
    );
    let lh = kalmar(&["efg", "nash", "--solver", "lh", file]);
    assert!(lh.status.success(), "{}", stderr(&lh));
    let text = stdout(&lh);
    assert!(
        text.contains("at the ends of the paths from the artificial equilibrium"),
        "{text}"
    );
    let lh = json(&["efg", "nash", "--solver", "lh", "--json", file]);
    let from_artificial = lh["from_artificial"].as_u64().unwrap() as usize;
    assert!(from_artificial >= 1);
    assert!(lh["equilibria"].as_array().unwrap().len() >= from_artificial);
}

#[test]
fn repeated_strategy_labels_keep_every_strategy_in_json() {
    // Player 1's two strategies are both labelled "a"; each is an equilibrium strategy.
    let path = temp("twins.nfg");
    std::fs::write(
        &path,
        "NFG 1 R \"twins\" { \"1\" \"2\" }\n\n{ { \"a\" \"a\" }\n{ \"x\" }\n}\n\"\"\n\n\
         {\n{ \"\" 1, 1 }\n}\n1 1\n",
    )
    .unwrap();
    let pure = json(&[
        "efg",
        "nash",
        "--solver",
        "pure",
        "--json",
        path.to_str().unwrap(),
    ]);
    let played: Vec<String> = pure["equilibria"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|e| {
            e["players"][0]["strategy"]
                .as_object()
                .unwrap()
                .keys()
                .cloned()
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(played, ["a", "a (2)"]);
}

#[test]
fn bad_chance_probabilities_are_reported_whole() {
    let path = temp("chance.efg");
    std::fs::write(
        &path,
        "EFG 2 R \"x\" { \"1\" \"2\" }\n\"\"\n\nc \"\" 1 \"\" { \"h\" 1/2 \"t\" 1/3 } 0\n\
         t \"\" 1 \"\" { 1, 0 }\nt \"\" 2 \"\" { 0, 1 }\n",
    )
    .unwrap();
    let out = kalmar(&["efg", "info", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("nonnegative probabilities summing to 1 at chance information set 1"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bench_generate_and_methods() {
    let rows = json(&[
        "bench",
        "efg",
        "examples/kuhn-poker.efg",
        "--solvers",
        "seqform",
        "--reps",
        "1",
        "--json",
    ]);
    let report = &rows[0];
    assert_eq!(report["game"], "examples/kuhn-poker.efg");
    assert_eq!(report["task"], "seqform");
    assert_eq!(report["nodes"], 55);
    assert!(report["median_ms"].as_f64().unwrap() >= 0.0);
    assert!(
        report["result"]
            .as_str()
            .unwrap()
            .starts_with("payoffs -1/18 and 1/18")
    );
    let out = kalmar(&["bench", "efg", "examples/kuhn-poker.efg", "--solvers", "x"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("strategic, pure, lh"),
        "{}",
        stderr(&out)
    );
    let out = kalmar(&["generate", "efg", "poker", "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("EFG 2 R \"poker with 3 cards\""));
    for bad in [&["poker", "1"][..], &["chess"][..]] {
        let out = kalmar(&[&["generate", "efg"][..], bad].concat());
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
    let out = kalmar(&["efg", "methods"]);
    assert!(stdout(&out).contains("seqform"), "{}", stdout(&out));
}

#[test]
fn solve_detects_gambit_games_and_picks_a_method_that_fits() {
    let out = kalmar(&["solve", "examples/kuhn-poker.efg"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("sequence form") && text.contains("regret 0"),
        "{text}"
    );
    assert!(text.contains("payoff -1/18"), "{text}");
    let table = json(&["solve", "testdata/efg/gambit-pennies.nfg", "--json"]);
    assert_eq!(table["method"], "lh");
    let out = kalmar(&["solve", "testdata/efg/no-such-file.efg"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}
