//! `kalmar bench impartial` end to end: the rows of a small run, proven periods instead of grinding,
//! a peer program's output checked, and bad sizes and games refused.

mod common;

use common::{json, kalmar, stderr, stdout};

#[test]
fn bench_cgt_rows() {
    let rows = json(&[
        "bench",
        "impartial",
        "--sizes",
        "2^11",
        "--families",
        "kayles,officers",
        "--reps",
        "1",
        "--json",
    ]);
    let rows = rows.as_array().unwrap();
    // Two games, two solvers, one size.
    assert_eq!(rows.len(), 4);
    for row in rows {
        assert_eq!(row["n"], 2048);
        assert!(row["wall_seconds"].as_f64().unwrap() >= 0.0);
    }
    // Kayles: period 12 from n = 71 (Winning Ways), proven from the first 1024 values.
    let kayles = &rows[0];
    assert_eq!(kayles["game"], "Kayles 0.77");
    assert_eq!(kayles["computed"], 1024);
    // No rate for values filled in from the period.
    assert!(kayles["values_per_second"].is_null(), "{kayles}");
    assert!(rows[2]["values_per_second"].as_f64().unwrap() > 0.0);
    assert!(
        kayles["note"]
            .as_str()
            .unwrap()
            .contains("period 12 from n = 71"),
        "{kayles}"
    );
    // Officers has no period in sight: every value is computed, by both solvers.
    assert_eq!(rows[2]["solver"], "sparse");
    assert_eq!(rows[3]["solver"], "naive");
    assert_eq!(rows[2]["computed"], 2048);
    assert_eq!(rows[3]["computed"], 2048);
}

#[cfg(unix)]
#[test]
fn bench_cgt_peer_without_a_hash_is_reported() {
    let out = kalmar(&[
        "bench",
        "impartial",
        "--sizes",
        "64",
        "--families",
        "officers",
        "--solvers",
        "sparse",
        "--reps",
        "1",
        "--peer",
        "true",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("printed no hash"), "{}", stdout(&out));
}

#[test]
fn bench_cgt_refuses_bad_sizes_and_games() {
    let out = kalmar(&["bench", "impartial", "--sizes", "2^40"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("expected 2^K"), "{}", stderr(&out));
    let out = kalmar(&["bench", "impartial", "--families", "0.9"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("found '9'"), "{}", stderr(&out));
}

#[test]
fn all_but_games_have_proven_arithmetic_periods() {
    // Excluding 1: heap n reaches every heap up to n − 2, so G(n) = n div 2.
    let answer = json(&[
        "impartial",
        "all-but",
        "--excluded",
        "1",
        "--up-to",
        "40",
        "--json",
    ]);
    let values: Vec<u64> = answer["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(values, (0..=40).map(|n| n / 2).collect::<Vec<u64>>());
    assert_eq!(answer["arithmetic_period"]["period"], 2);
    assert_eq!(answer["arithmetic_period"]["saltus"], 1);
    assert_eq!(answer["arithmetic_period"]["preperiod"], 0);
    // Nim: G(n) = n (Bouton).
    let out = kalmar(&["impartial", "all-but", "--up-to", "10"]);
    assert!(
        stdout(&out).contains("G(n + 1) = G(n) + 1 for every n >= 0; proven"),
        "{}",
        stdout(&out)
    );
    let out = kalmar(&["impartial", "all-but", "--excluded", "0", "--up-to", "10"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn huge_searches_are_refused_before_they_start() {
    // Nukit with a billion of each particle: the reachable counts are estimated first.
    common::refused(
        &[
            "impartial",
            "nukit",
            "1000000000",
            "1000000000",
            "1000000000",
            "1000000000",
        ],
        "the search could visit up to",
    );
    // Misère Kayles of heaps up to 100: the partitions of up to 100 counters, at once.
    common::refused(
        &["impartial", "octal", "0.77", "--misere", "--up-to", "100"],
        "ask for --up-to",
    );
}

#[test]
fn huge_value_lists_keep_only_what_the_period_needs() {
    // Four billion values of Kayles: a period is proven after 1,024, the rest come from it.
    let out = kalmar(&["impartial", "octal", "0.77", "--up-to", "4000000000"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("computed 1024 values"),
        "{}",
        stdout(&out)
    );
    // Listing them all is refused with the size and what to do instead.
    common::refused(
        &[
            "impartial",
            "octal",
            "0.77",
            "--up-to",
            "1000000000",
            "--limit",
            "0",
        ],
        "use --limit N for the first N",
    );
    common::refused(
        &[
            "impartial",
            "octal",
            "0.77",
            "--up-to",
            "4000000000",
            "--json",
        ],
        "listing all 4000000001 values",
    );
    // Without the period's shortcut every value would be stored: refused before allocating.
    common::refused(
        &[
            "impartial",
            "octal",
            "0.77",
            "--up-to",
            "1000000000",
            "--no-shortcut",
        ],
        "would be stored (8000 MB)",
    );
}
