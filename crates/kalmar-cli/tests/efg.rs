//! `kalmar efg` end to end: outputs, JSON, written files and exit codes.

mod common;
use common::*;
use kalmar_core::Rational;

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
    // Support enumeration is only sure to list every equilibrium of a nondegenerate game: it
    // says that this one is degenerate (Player 1's first strategy has both columns as best
    // replies) rather than staying silent.
    let enumerated = json(&["efg", "nash", "--solver", "enum", "--json", file]);
    assert_eq!(
        enumerated["degenerate"],
        serde_json::json!(true),
        "{enumerated}"
    );
    let text = stdout(&kalmar(&["efg", "nash", "--solver", "enum", file]));
    assert!(text.contains("the game is degenerate"), "{text}");
    assert!(vertex.get("degenerate").is_none(), "{vertex}");
    // Support enumeration with polynomial systems lists the isolated equilibria, here exact,
    // and counts the supports where a continuum of solutions lies (Player 2 mixing with at
    // least 2/3 on its first column against Player 1's first strategy).
    let polynomial = json(&["efg", "nash", "--solver", "enumpoly", "--json", file]);
    assert!(polynomial.get("epsilon").is_none(), "{polynomial}");
    assert!(polynomial["singular_supports"].as_u64().unwrap() >= 1);
    let text = stdout(&kalmar(&["efg", "nash", "--solver", "enumpoly", file]));
    assert!(text.contains("equilibria may be missing on"), "{text}");
}

#[test]
fn enumpoly_lists_all_75_equilibria_of_von_stengels_game() {
    let file = "testdata/efg/stengel-6x6.nfg";
    let polynomial = json(&["efg", "nash", "--solver", "enumpoly", "--json", file]);
    let vertex = json(&["efg", "nash", "--solver", "vertex", "--json", file]);
    let sorted = |v: &serde_json::Value| {
        let mut all: Vec<String> = v["equilibria"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["players"].to_string())
            .collect();
        all.sort();
        all
    };
    assert_eq!(sorted(&polynomial).len(), 75);
    assert_eq!(sorted(&polynomial), sorted(&vertex));
    assert!(
        polynomial.get("singular_supports").is_none(),
        "{polynomial}"
    );
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

/// CFR+ runs to the exploitability asked for; the saved profile carries its exact ε, which
/// `verify` accepts and no smaller one; a general-sum game is refused as bad input.
#[test]
fn cfr_reaches_its_target_and_verify_accepts_its_epsilon() {
    let saved = temp("kuhn-cfr.json");
    let file = saved.to_str().unwrap();
    let found = json(&[
        "efg",
        "nash",
        "examples/kuhn-poker.efg",
        "--solver",
        "cfr+",
        "--exploitability",
        "1e-3",
        "--json",
        "-o",
        file,
    ]);
    assert_eq!(found["stopped"], "target", "{found}");
    let exploitability: Rational = found["exploitability"].as_str().unwrap().parse().unwrap();
    assert!(
        exploitability <= Rational::new(11, 10_000),
        "{exploitability}"
    );
    let out = kalmar(&["verify", "examples/kuhn-poker.efg", file]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&saved).unwrap()).unwrap();
    assert_eq!(written["epsilon"], found["epsilon"]);
    written["epsilon"] = serde_json::json!("0");
    std::fs::write(&saved, written.to_string()).unwrap();
    let out = kalmar(&["verify", "examples/kuhn-poker.efg", file]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("gains by deviating"),
        "{}",
        stderr(&out)
    );
    refused(
        &["efg", "nash", "examples/entry.efg", "--solver", "dcfr"],
        "CFR needs a constant-sum game",
    );
    // The LP's answer on Kuhn's poker is exact: no ε in its file.
    let found = json(&[
        "efg",
        "nash",
        "examples/kuhn-poker.efg",
        "--solver",
        "lp",
        "--json",
        "-o",
        file,
    ]);
    assert_eq!(
        found["equilibria"][0]["payoffs"],
        serde_json::json!(["-1/18", "1/18"])
    );
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&saved).unwrap()).unwrap();
    assert!(written.get("epsilon").is_none(), "{written}");
    let out = kalmar(&["verify", "examples/kuhn-poker.efg", file]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn nash_saves_equilibria_that_verify_checks() {
    let saved = temp("kuhn-eq.json");
    let file = saved.to_str().unwrap();
    let out = kalmar(&["efg", "nash", "examples/kuhn-poker.efg", "-o", file]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&saved).unwrap();
    let written: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(written["form"], "tree");
    assert_eq!(
        written["equilibria"][0]["payoffs"],
        serde_json::json!(["-1/18", "1/18"])
    );
    let out = kalmar(&["verify", "examples/kuhn-poker.efg", file]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("accepted: the equilibrium in behaviour strategies"),
        "{}",
        stdout(&out)
    );
    let verdict = json(&["verify", "examples/kuhn-poker.efg", file, "--json"]);
    assert_eq!(verdict["accepted"], true);
    assert_eq!(
        verdict["equilibria"][0]["best_responses"],
        serde_json::json!(["-1/18", "1/18"])
    );
    // Player 1 bets every time with a 1 (card "1", information set 3): not an equilibrium.
    let pos = text.find("\"number\": 3").unwrap();
    let (head, tail) = text.split_at(pos);
    let tail = tail
        .replacen("\"check\": \"1\"", "\"check\": \"0\"", 1)
        .replacen("\"bet\": \"0\"", "\"bet\": \"1\"", 1);
    let bad = temp("kuhn-bad.json");
    std::fs::write(&bad, format!("{head}{tail}")).unwrap();
    let out = kalmar(&["verify", "examples/kuhn-poker.efg", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(3), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("player 1's expected payoff is"),
        "{}",
        stderr(&out)
    );
    // The file checked against another game.
    refused(
        &["verify", "examples/entry.efg", file],
        "the game's is 'Entrant'",
    );
    // No equilibrium found: nothing written.
    refused(
        &[
            "efg",
            "nash",
            "--solver",
            "pure",
            "testdata/efg/gambit-pennies.nfg",
            "-o",
            temp("none.json").to_str().unwrap(),
        ],
        "pure found no equilibrium",
    );
}

#[test]
fn solve_saves_equilibria_of_trees_and_tables() {
    for (game, name, form) in [
        ("examples/entry.efg", "entry-eq.json", "tree"),
        (
            "testdata/efg/stengel-6x6.nfg",
            "stengel-eq.json",
            "strategic form",
        ),
    ] {
        let saved = temp(name);
        let file = saved.to_str().unwrap();
        let out = kalmar(&["solve", game, "-o", file]);
        assert!(out.status.success(), "{}", stderr(&out));
        let verdict = json(&["verify", game, file, "--json"]);
        assert_eq!(verdict["form"], form);
        let text = std::fs::read_to_string(&saved).unwrap();
        let count = serde_json::from_str::<serde_json::Value>(&text).unwrap()["equilibria"]
            .as_array()
            .unwrap()
            .len();
        assert_eq!(verdict["equilibria"].as_array().unwrap().len(), count);
    }
    // A payoff changed in the table's file is caught, with the player and both values.
    let saved = temp("stengel-eq.json");
    let text = std::fs::read_to_string(&saved).unwrap();
    let opening = "\"payoffs\": [\n        \"";
    let first = text.find(opening).unwrap() + opening.len();
    let end = first + text[first..].find('"').unwrap();
    let claimed = &text[first..end];
    let lie = format!("{}{claimed}1{}", &text[..first], &text[end..]);
    std::fs::write(&saved, lie).unwrap();
    rejected(
        &[
            "verify",
            "testdata/efg/stengel-6x6.nfg",
            saved.to_str().unwrap(),
        ],
        &format!("player 1's expected payoff is {claimed}, not {claimed}1 as claimed"),
    );
}

#[test]
fn draw_writes_the_tree_with_an_equilibrium_on_it() {
    let plain = temp("entry.svg");
    let out = kalmar(&[
        "efg",
        "draw",
        "examples/entry.efg",
        "--svg",
        plain.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = std::fs::read_to_string(&plain).unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    for text in [
        ">Accommodate</text>",
        ">(-1, -1)</text>",
        "player 2 (Incumbent)",
    ] {
        assert!(svg.contains(text), "{text} in {svg}");
    }
    assert!(!svg.contains(">1/2</text>"), "{svg}");
    // nash --svg draws the equilibrium: In and Accommodate bold with probability 1.
    let drawn = temp("entry-eq.svg");
    let saved = temp("entry-draw.json");
    let out = kalmar(&[
        "efg",
        "nash",
        "examples/entry.efg",
        "--svg",
        drawn.to_str().unwrap(),
        "-o",
        saved.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = std::fs::read_to_string(&drawn).unwrap();
    assert!(svg.contains("font-weight=\"bold\">1</text>"), "{svg}");
    assert!(
        svg.contains("equilibrium 1 of 1 by seqform, payoffs 1, 1"),
        "{svg}"
    );
    // The same from the saved file, top down, to standard output.
    let out = kalmar(&[
        "efg",
        "draw",
        "examples/entry.efg",
        "--profile",
        saved.to_str().unwrap(),
        "--top-down",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("payoffs 1, 1"), "{}", stdout(&out));
    // Kuhn's poker: chance's probabilities and the information sets' dashed lines.
    let out = kalmar(&["efg", "draw", "examples/kuhn-poker.efg"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains(">1/6</text>"));
    assert!(stdout(&out).contains("stroke-dasharray"));
    // Tables have no tree; huge trees are refused.
    refused(
        &["efg", "draw", "testdata/efg/gambit-pennies.nfg"],
        "has no tree to draw",
    );
    refused(
        &[
            "efg",
            "nash",
            "testdata/efg/gambit-pennies.nfg",
            "--solver",
            "lh",
            "--svg",
            drawn.to_str().unwrap(),
        ],
        "has no tree to draw",
    );
    let big = temp("poker20.efg");
    let out = kalmar(&["efg", "generate", "poker", "20"]);
    std::fs::write(&big, out.stdout).unwrap();
    refused(
        &["efg", "draw", big.to_str().unwrap()],
        "too many for a readable picture",
    );
}

/// A game where chance picks one of `sets` information sets of player 1, each with two moves:
/// 2^sets reduced strategies.
fn wide(sets: usize) -> std::path::PathBuf {
    let path = temp(&format!("wide{sets}.efg"));
    let mut text = String::from("EFG 2 R \"wide\" { \"1\" \"2\" }\n\"\"\n\nc \"\" 1 \"\" { ");
    for i in 0..sets {
        text += &format!("\"{i}\" 1/{sets} ");
    }
    text += "} 0\n";
    for i in 1..=sets {
        text += &format!(
            "p \"\" 1 {i} \"\" {{ \"a\" \"b\" }} 0\nt \"\" 1 \"\" {{ 1, 0 }}\nt \"\" 2 \"\" {{ 0, 1 }}\n"
        );
    }
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_listing_ends_when_its_reader_goes() {
    use std::io::Read;
    let game = wide(60);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kalmar"))
        .args(["efg", "reduce", "--limit", "0", game.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 200];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap(); // then the pipe closes
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!stderr(&out).contains("panicked"));
}

/// A chain of `depth` nodes of `mover` (`c` for chance, `p` for player 1), each with one move
/// down the chain and one to a leaf.
fn chain(mover: char, depth: usize) -> std::path::PathBuf {
    let path = temp(&format!("chain-{mover}-{depth}.efg"));
    let mut text = String::from("EFG 2 R \"chain\" { \"A\" \"B\" }\n\"\"\n\n");
    for i in 1..=depth {
        let node = match mover {
            'c' => format!("c \"\" {i} \"\" {{ \"x\" 1/2 \"y\" 1/2 }} 0\n"),
            _ => format!("p \"\" 1 {i} \"\" {{ \"x\" \"y\" }} 0\n"),
        };
        text += &node;
        // 'h': player B answers every step in one information set, so no subgame is proper.
        if mover == 'h' {
            text += "p \"\" 2 1 \"\" { \"l\" \"r\" } 0\nt \"\" 0\n";
        }
        text += if i == 1 {
            "t \"\" 1 \"o\" { 1, -1 }\n"
        } else {
            "t \"\" 1\n"
        };
    }
    text += "t \"\" 1\n";
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn deep_trees_are_described_in_memory_linear_in_the_nodes() {
    for mover in ['c', 'p'] {
        let game = chain(mover, 100_000);
        let info = json(&["efg", "info", "--json", game.to_str().unwrap()]);
        assert_eq!(info["nodes"], 200_001, "{info}");
        let out = kalmar(&["efg", "recall", game.to_str().unwrap()]);
        assert!(out.status.success(), "{}", stderr(&out));
    }
}

#[test]
fn methods_too_large_for_a_game_are_refused_with_their_estimate() {
    // Kuhn's poker has 27 × 64 reduced strategies: C(91, 27) - 1 support pairs.
    refused(
        &["efg", "nash", "examples/kuhn-poker.efg", "--solver", "enum"],
        "would try more than 10^22 support pairs of a 27 × 64 game",
    );
    refused(
        &["efg", "nash", "examples/kuhn-poker.efg", "--solver", "enum"],
        "use --solver lh",
    );
    refused(
        &[
            "efg",
            "nash",
            "examples/kuhn-poker.efg",
            "--solver",
            "enumpoly",
        ],
        "support profiles, each checked against 91 strategies) on a 27 × 64 game",
    );
    // A deep two-player tree without proper subgames: the sequence form's dense matrix is
    // sized before it is built.
    let deep = chain('h', 5000);
    refused(
        &["efg", "nash", deep.to_str().unwrap()],
        "would build a sequence-form matrix of 400400100 entries for its largest subgame",
    );
    // A shallower one is solved, and so is a deep one whose every decision roots a subgame.
    let small = chain('h', 50);
    let out = kalmar(&["efg", "nash", small.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let chain = chain('p', 5000);
    let found = json(&["efg", "nash", "--json", chain.to_str().unwrap()]);
    assert_eq!(found["subgames"], 5000, "{found}");
}

#[test]
fn deep_chance_is_refused_before_its_probabilities_are_built() {
    // Reaching depth d has probability 1/2^d: d bits at every node, quadratic in all.
    let game = chain('c', 40_000);
    let path = game.to_str().unwrap();
    refused(
        &["efg", "nash", path],
        "would hold exact chance probabilities of",
    );
    refused(&["efg", "strategic", path], "exact chance probabilities");
    let out = kalmar(&["efg", "nash", path, "--solver", "spe"]);
    assert!(out.status.success(), "{}", stderr(&out));
}
