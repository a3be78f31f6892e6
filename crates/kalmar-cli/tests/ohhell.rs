//! `kalmar ohhell` end to end: exact counts in JSON, Table 1, construction, sampling, bad input.

mod common;
use common::*;

#[test]
fn count_prints_the_exact_number_of_histories() {
    let out = kalmar(&[
        "ohhell",
        "count",
        "examples/ohhell-table1-192.txt",
        "--json",
    ]);
    assert_eq!(json_of(&out)["histories"], 192);
    let out = kalmar(&[
        "ohhell",
        "count",
        "--solver",
        "enumeration",
        "--json",
        "--state",
        "game players=3 suits=2 ranks=4 tricks=2; trump Jd; bids 1 0 0; plays Kc Qc Jc",
    ]);
    assert_eq!(json_of(&out)["histories"], 192);
    // 51!/3! histories before any card is played with 52 cards: an exact integer of 66 digits.
    let out = kalmar(&[
        "ohhell",
        "count",
        "--json",
        "--state",
        "game players=4 suits=4 ranks=13 tricks=12; trump 2c",
    ]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        text.contains(
            "\"histories\": 258519792214563713370707169411550535177209953336164352000000000000,"
        ),
        "{text}"
    );
}

#[test]
fn table1_reproduces_the_papers_small_counts() {
    let out = kalmar(&["ohhell", "experiment", "table1", "--small", "--json"]);
    let value = json_of(&out);
    let rows = value["rows"].as_array().expect("rows");
    assert_eq!(rows[0]["histories"], 192);
    assert_eq!(rows[1]["histories"], 12_960);
}

#[test]
fn construct_builds_a_history_or_proves_there_is_none() {
    let out = kalmar(&[
        "ohhell",
        "construct",
        "examples/ohhell-table1-192.txt",
        "--json",
    ]);
    let value = json_of(&out);
    let deal = value["history"].as_array().expect("a deal");
    assert_eq!(deal.len(), 6);
    // Player 1 shows a void in clubs, then plays a club: no deal fits.
    let out = kalmar(&[
        "ohhell",
        "construct",
        "--json",
        "--state",
        "game players=2 suits=2 ranks=4 tricks=2; trump Ad; bids 0 0; plays Ac Jd Kc Qc",
    ]);
    assert!(json_of(&out)["history"].is_null());
}

#[test]
fn sample_draws_the_number_asked() {
    for extra in [&[][..], &["--exact"][..]] {
        let mut args = vec![
            "ohhell",
            "sample",
            "examples/ohhell-table1-192.txt",
            "--samples",
            "10",
            "--policy",
            "bias:7/10",
            "--json",
        ];
        args.extend_from_slice(extra);
        let value = json_of(&kalmar(&args));
        assert_eq!(value["samples"].as_array().expect("samples").len(), 10);
    }
}

#[test]
fn bad_input_exits_with_2_and_a_position() {
    let out = kalmar(&[
        "ohhell",
        "count",
        "--state",
        "game players=3 suits=2 ranks=4 tricks=2; trump Jx",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--state:1:48"), "{err}");
    let out = kalmar(&[
        "ohhell",
        "sample",
        "examples/ohhell-table1-192.txt",
        "--policy",
        "bias:2",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let out = kalmar(&["ohhell", "count", "no-such-file.txt"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn sizes_are_checked_before_sampling_or_enumerating() {
    let table1 = "examples/ohhell-table1-192.txt";
    refused(
        &["ohhell", "sample", table1, "--samples", "0"],
        "--samples must be at least 1",
    );
    refused(
        &["ohhell", "sample", table1, "--chains", "0"],
        "--chains must be at least 1",
    );
    let many = kalmar(&[
        "ohhell",
        "sample",
        table1,
        "--chains",
        "100000000",
        "--samples",
        "3",
    ]);
    assert!(
        stdout(&many).contains("3 samples from 3 chains"),
        "{}",
        stdout(&many)
    );
    refused(
        &["ohhell", "sample", table1, "--samples", "10000000000000"],
        "GB, more than",
    );
    refused(
        &["ohhell", "sample", table1, "--burn-in", "100000000000"],
        "would take hours",
    );
    refused(
        &["ohhell", "sample", table1, "--policy", "bias:1"],
        "probability zero",
    );
    refused(
        &["ohhell", "experiment", "scale", "--samples", "0"],
        "at least 1",
    );
    let huge =
        "game players=4 suits=4 ranks=13 tricks=12; trump 7d; bids 3 2 4 1; plays Kc 4c Ac 9c";
    for job in [
        &["ohhell", "enumerate", "--state", huge][..],
        &["ohhell", "sample", "--exact", "--state", huge],
        &[
            "ohhell",
            "count",
            "--solver",
            "enumeration",
            "--state",
            huge,
        ],
    ] {
        refused(job, "histories (counted exactly)");
    }
}

#[test]
fn kalmar_solve_counts_the_histories_of_a_public_state() {
    let j = json(&["solve", "examples/ohhell-table1-192.txt", "--json"]);
    assert_eq!(j["histories"], 192);
    refused(
        &["solve", "examples/ohhell-table1-192.txt", "--dot", "x.dot"],
        "is not one (Oh Hell public state)",
    );
}
