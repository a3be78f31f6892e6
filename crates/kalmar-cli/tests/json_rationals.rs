//! Every rational in JSON is a string, "p/q" or "3", in every family's output and solution
//! files; readers still take the JSON integers of files written before.

mod common;

use common::{json, kalmar, stderr, temp};
use serde_json::Value;

/// Every leaf under `value` is a string that reads as a fraction.
fn all_rational_strings(value: &Value, what: &str) {
    match value {
        Value::String(s) => {
            let ok = s.split_once('/').map_or(s.as_str(), |(p, _)| p);
            assert!(
                ok.trim_start_matches('-')
                    .chars()
                    .all(|c| c.is_ascii_digit()),
                "{what}: {s}"
            );
        }
        Value::Array(items) => items.iter().for_each(|v| all_rational_strings(v, what)),
        Value::Object(map) => map.values().for_each(|v| all_rational_strings(v, what)),
        other => panic!("{what}: {other} is not a string"),
    }
}

#[test]
fn solutions_print_rationals_as_strings() {
    let dgg = json(&["dgg", "solve", "examples/dgg-small.gg", "--json"]);
    all_rational_strings(&dgg["values"], "dgg values");
    assert_eq!(dgg["values"]["zero"], "0");
    let reach = json(&["solve", "examples/figure2b.gg", "--json"]);
    all_rational_strings(&reach["values"], "chess-like values");
    assert_eq!(reach["values"]["a"], "1");
    // Distances are counts, not rationals.
    assert!(reach["distance"]["a"].is_u64());
    let stochastic = json(&["solve", "examples/coin-toss.gg", "--json"]);
    all_rational_strings(&stochastic["values"], "stochastic values");
    assert_eq!(stochastic["values"]["one"], "1");
    let nim = json(&["reach", "game", "nim", "1", "2", "--json"]);
    assert_eq!(nim["start"]["value"], "1");
    let spe = json(&[
        "efg",
        "nash",
        "--solver",
        "spe",
        "examples/entry.efg",
        "--json",
    ]);
    all_rational_strings(&spe["values"], "subgame-perfect values");
    let nash = json(&["efg", "nash", "examples/kuhn-poker.efg", "--json"]);
    let equilibrium = &nash["equilibria"][0];
    all_rational_strings(&equilibrium["payoffs"], "payoffs");
    for player in equilibrium["players"].as_array().unwrap() {
        for infoset in player["behaviour"].as_array().unwrap() {
            all_rational_strings(&infoset["moves"], "behaviour");
        }
    }
    let deals = json(&[
        "ohhell",
        "enumerate",
        "examples/ohhell-table1-192.txt",
        "--limit",
        "1",
        "--json",
    ]);
    all_rational_strings(&deals["shown"][0]["probability"], "probability");
    // Nim-values are not rationals: numbers.
    let kayles = json(&["octal", "0.77", "--up-to", "5", "--json"]);
    assert!(
        kayles["values"]
            .as_array()
            .unwrap()
            .iter()
            .all(Value::is_u64)
    );
}

#[test]
fn saved_files_write_strings_and_old_files_with_numbers_still_verify() {
    for (family, game) in [
        ("dgg", "examples/dgg-small.gg"),
        ("reach", "examples/figure2b.gg"),
    ] {
        let path = temp(&format!("{family}.json"));
        let out = kalmar(&[family, "solve", game, "-o", path.to_str().unwrap()]);
        assert!(out.status.success(), "{}", stderr(&out));
        let mut saved: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        all_rational_strings(&saved["values"], family);
        // The form written before: integers as JSON numbers.
        for value in saved["values"].as_object_mut().unwrap().values_mut() {
            if let Some(n) = value.as_str().and_then(|s| s.parse::<i64>().ok()) {
                *value = Value::from(n);
            }
        }
        assert!(
            saved["values"]
                .as_object()
                .unwrap()
                .values()
                .any(Value::is_i64)
        );
        let old = temp(&format!("{family}-old.json"));
        std::fs::write(&old, saved.to_string()).unwrap();
        let verdict = json(&["verify", game, old.to_str().unwrap(), "--json"]);
        assert_eq!(verdict["accepted"], true, "{family}");
    }
    // Values for strategy recovery, as numbers or strings.
    let values = temp("coin-values.json");
    std::fs::write(
        &values,
        r#"{"a": "1/2", "c": "1/2", "b": "1/4", "d": "1/4", "one": 1, "zero": "0"}"#,
    )
    .unwrap();
    let recovered = json(&[
        "stochastic",
        "recover",
        "examples/coin-toss.gg",
        values.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(recovered["verified"], true);
}
