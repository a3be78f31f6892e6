//! `kalmar generate FAMILY` and `kalmar bench FAMILY` are the homes of every generator and
//! benchmark: each family generates and benchmarks there (tiny sizes, no timing thresholds),
//! `--list` lists every family, and the old places still work, hidden from `--help`.

mod common;

use common::{json, kalmar, refused, stderr, stdout, temp};

/// The text `kalmar` prints on success.
fn text(args: &[&str]) -> String {
    let out = kalmar(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

#[test]
fn every_family_generates_at_its_home() {
    for (args, first_line) in [
        (&["reach", "grid", "--size", "40"][..], "kalmar-gg 1"),
        (
            &["dgg", "random", "--size", "40", "--seed", "3"],
            "kalmar-gg 1",
        ),
        (&["parity", "laddergame", "3"], "parity 5;"),
        (&["stochastic", "simple", "--positions", "5"], "kalmar-gg 1"),
        (&["observation", "cerny", "3"], "ALPHABET : a, b, c"),
        (&["efg", "poker", "3"], "EFG 2 R \"poker with 3 cards\""),
    ] {
        let out = text(&[&["generate"][..], args].concat());
        assert!(out.starts_with(first_line), "{args:?}: {out}");
    }
    // A chess-like game has only the payoffs -1, 0 and 1.
    let reach = text(&["generate", "reach", "random", "--size", "200"]);
    assert!(reach.contains("payoff=") && !reach.contains("payoff=2"));
    // A game written to a file is the game printed, and the file is named on standard error.
    let path = temp("poker.efg");
    let out = kalmar(&[
        "generate",
        "efg",
        "poker",
        "3",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert!(
        stderr(&out).contains("wrote poker 3 (55 nodes)"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        text(&["generate", "efg", "poker", "3"])
    );
}

#[test]
fn stochastic_games_are_sized_in_moves_or_positions() {
    let json = |args: &[&str]| {
        let path = temp(&format!("{}.gg", args.join("-").replace('/', "_")));
        let mut all = vec!["generate", "stochastic"];
        all.extend_from_slice(args);
        all.extend(["-o", path.to_str().unwrap()]);
        assert!(kalmar(&all).status.success());
        common::json(&["stochastic", "solve", path.to_str().unwrap(), "--json"])
    };
    // 300 moves of degree 3: 100 positions and 12 terminals.
    let sized = json(&["terminal", "--size", "300", "--degree", "3"]);
    assert_eq!(sized["values"].as_object().unwrap().len(), 112);
    let positioned = json(&["simple", "--positions", "7", "--terminals", "2"]);
    assert_eq!(positioned["values"].as_object().unwrap().len(), 9);
    refused(
        &[
            "generate",
            "stochastic",
            "simple",
            "--size",
            "10",
            "--positions",
            "4",
        ],
        "cannot be used with",
    );
}

#[test]
fn the_list_names_every_family_from_the_registries() {
    let list = text(&["generate", "--list"]);
    for family in [
        "reach, dgg (",
        "parity (",
        "stochastic (",
        "observation (",
        "efg (",
    ] {
        assert!(list.contains(family), "{family}: {list}");
    }
    let rows = json(&["generate", "--list", "--json"]);
    let rows = rows.as_array().unwrap();
    for (family, generator) in [
        ("reach, dgg", "sorting-network"),
        ("parity", "towersofhanoi"),
        ("stochastic", "haddad-monmege-3/4"),
        ("observation", "primes"),
        ("efg", "repeated"),
    ] {
        assert!(
            rows.iter()
                .any(|r| r["family"] == family && r["generator"] == generator),
            "{family} {generator}"
        );
    }
    refused(&["generate"], "pass --list");
    refused(&["generate", "dgg", "chess"], "invalid value 'chess'");
}

/// The rows of `kalmar bench ARGS --reps 1 --json`.
fn rows(args: &[&str]) -> Vec<serde_json::Value> {
    let all = [&["bench"][..], args, &["--reps", "1", "--json"]].concat();
    json(&all).as_array().expect("an array of rows").clone()
}

#[test]
fn every_family_benchmarks_at_its_home() {
    let reach = rows(&["reach", "--sizes", "100", "--families", "grid"]);
    let algorithms: Vec<&str> = reach
        .iter()
        .map(|r| r["algorithm"].as_str().unwrap())
        .collect();
    assert_eq!(algorithms, ["bfs-floor", "bfs-forward", "retrograde"]);
    let dgg = rows(&["dgg", "--sizes", "100", "--families", "random"]);
    assert!(dgg.iter().any(|r| r["algorithm"] == "paterson"), "{dgg:?}");
    let parity = rows(&[
        "parity",
        "--sizes",
        "50",
        "--priorities",
        "4",
        "--solvers",
        "zlk",
    ]);
    assert!(parity.iter().any(|r| r["solver"] == "zlk"), "{parity:?}");
    let stochastic = rows(&["stochastic", "--sizes", "20", "--families", "simple"]);
    assert!(
        stochastic
            .iter()
            .any(|r| r["solver"] == "si" && r["error"] == "exact"),
        "{stochastic:?}"
    );
    let observation = rows(&["observation", "--primes", "1", "--cerny", "2"]);
    assert_eq!(observation.len(), 4, "two games, two algorithms");
    assert!(observation.iter().all(|r| r["winner"] == "system"));
    let efg = rows(&["efg", "--families", "poker:3", "--solvers", "seqform"]);
    assert_eq!(efg[0]["game"], "poker 3");
    assert_eq!(efg[0]["result"], "payoffs -1/18 and 1/18, 55 pivots");
    let efg = rows(&["efg", "examples/entry.efg", "--solvers", "spe"]);
    assert_eq!(efg.len(), 1, "files alone: no generated games");
    let impartial = rows(&["impartial", "--sizes", "64", "--families", "kayles"]);
    assert!(impartial.iter().all(|r| r["n"] == 64), "{impartial:?}");
    // Without --json, a Markdown table.
    let table = text(&[
        "bench",
        "observation",
        "--primes",
        "1",
        "--cerny",
        "2",
        "--reps",
        "1",
    ]);
    assert!(table.starts_with("| game |"), "{table}");
    refused(&["bench", "efg", "--families", "poker:x"], "poker:x");
    refused(&["bench", "efg", "--families", "chess"], "chess");
}

#[test]
fn the_old_places_still_work_and_are_hidden() {
    // Generators: the same games as at their homes.
    assert_eq!(
        text(&[
            "stochastic",
            "generate",
            "terminal",
            "--positions",
            "6",
            "--seed",
            "2"
        ]),
        text(&[
            "generate",
            "stochastic",
            "terminal",
            "--positions",
            "6",
            "--seed",
            "2"
        ])
    );
    // The old place keeps its old default of 100 positions.
    let old = text(&["stochastic", "generate", "simple"]);
    let positions = old.lines().filter(|l| l.contains(" -> ")).count();
    assert_eq!(positions, 100);
    assert_eq!(
        text(&["observation", "generate", "primes", "2"]),
        text(&["generate", "observation", "primes", "2"])
    );
    assert_eq!(
        text(&["efg", "generate", "repeated", "2"]),
        text(&["generate", "efg", "repeated", "2"])
    );
    // Benchmarks.
    let old = rows(&["cgt", "--sizes", "64", "--families", "kayles"]);
    assert_eq!(old.len(), 2);
    let old = json(&[
        "observation",
        "bench",
        "--primes",
        "1",
        "--cerny",
        "2",
        "--runs",
        "1",
        "--json",
    ]);
    assert_eq!(old.as_array().unwrap().len(), 4);
    let old = json(&[
        "efg",
        "bench",
        "examples/kuhn-poker.efg",
        "--solver",
        "seqform",
        "--reps",
        "1",
    ]);
    assert_eq!(old["task"], "seqform");
    // None of them is offered.
    for (args, hidden) in [
        (&["stochastic", "--help"][..], "generate"),
        (&["observation", "--help"], "generate"),
        (&["observation", "--help"], "bench"),
        (&["efg", "--help"], "generate"),
        (&["efg", "--help"], "bench"),
        (&["bench", "--help"], "cgt "),
    ] {
        let help = text(args);
        let commands: Vec<&str> = help
            .lines()
            .skip_while(|l| !l.starts_with("Commands:"))
            .take_while(|l| !l.is_empty())
            .collect();
        assert!(
            !commands.iter().any(|l| l.trim_start().starts_with(hidden)),
            "{args:?} offers {hidden}: {help}"
        );
    }
}
