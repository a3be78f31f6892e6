//! `kalmar dist reach`: two processes of two workers each on loopback, against `kalmar reach
//! solve` on every chess-like example and a generated game; the merged solution saved and
//! accepted by `kalmar verify`; bad cluster arguments refused. `kalmar dist vi`: the same
//! against `kalmar stochastic solve` on simple and terminal-payoff games.

mod common;
use common::{json, kalmar, refused, stderr, temp, workspace};
use std::net::TcpListener;
use std::process::{Command, Stdio};

/// Two loopback addresses free at the moment of asking.
fn free_hosts() -> String {
    let ports: Vec<u16> = (0..2)
        .map(|_| TcpListener::bind("127.0.0.1:0").unwrap())
        .collect::<Vec<_>>()
        .iter()
        .map(|l| l.local_addr().unwrap().port())
        .collect();
    format!("127.0.0.1:{}\n127.0.0.1:{}\n", ports[0], ports[1])
}

/// Runs `kalmar dist VERB GAME` with 2 processes × 2 workers and returns process 0's JSON.
fn two_processes(verb: &str, game: &str, name: &str) -> serde_json::Value {
    two_processes_with(verb, game, name, &[])
}

/// [`two_processes`] with `extra` arguments.
fn two_processes_with(verb: &str, game: &str, name: &str, extra: &[&str]) -> serde_json::Value {
    let hosts = temp(&format!("{name}.{verb}.hosts"));
    std::fs::write(&hosts, free_hosts()).unwrap();
    let args = |p: &str| {
        let hosts = hosts.to_str().unwrap();
        let cluster = [
            "dist", verb, game, "-w", "2", "-n", "2", "-p", p, "-h", hosts, "--json",
        ];
        cluster
            .iter()
            .chain(extra)
            .map(|a| a.to_string())
            .collect::<Vec<_>>()
    };
    let other = Command::new(env!("CARGO_BIN_EXE_kalmar"))
        .args(args("1"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let args0 = args("0");
    let first = json(&args0.iter().map(String::as_str).collect::<Vec<_>>());
    let other = other.wait_with_output().unwrap();
    assert!(
        other.status.success(),
        "{}",
        String::from_utf8_lossy(&other.stderr)
    );
    first
}

fn agree_with_one_machine(game: &str, name: &str) {
    let single = json(&["reach", "solve", game, "--json"]);
    let dist = two_processes("reach", game, name);
    assert_eq!(dist["solution"]["values"], single["values"], "{name}");
    assert_eq!(dist["solution"]["distance"], single["distance"], "{name}");
    assert_eq!(dist["stats"]["workers"], 4);
    assert_eq!(dist["stats"]["processes"], 2);
}

#[test]
fn two_processes_of_two_workers_agree_with_one_machine() {
    let mut games = 0;
    for entry in std::fs::read_dir(workspace().join("examples")).unwrap() {
        let path = entry.unwrap().path();
        let is_chess_like = path.extension().is_some_and(|e| e == "gg")
            && kalmar(&["reach", "solve", path.to_str().unwrap()])
                .status
                .success();
        if is_chess_like {
            let name = path.file_stem().unwrap().to_str().unwrap().to_string();
            agree_with_one_machine(path.to_str().unwrap(), &name);
            games += 1;
        }
    }
    assert!(games >= 3, "{games} chess-like examples");
    let random = temp("random.gg");
    let out = kalmar(&[
        "generate",
        "reach",
        "random-chess",
        "--size",
        "20000",
        "-o",
        random.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    agree_with_one_machine(random.to_str().unwrap(), "random");
}

#[test]
fn a_chess_table_made_by_two_processes_is_the_one_machine_table() {
    let dir = temp("dist-chess");
    std::fs::create_dir_all(&dir).unwrap();
    let one = dir.join("one.kct");
    let out = kalmar(&[
        "chess",
        "table",
        "KPK",
        "-o",
        one.to_str().unwrap(),
        "--lines",
        "0",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let report = two_processes("chess", "KPK", "kpk");
    assert_eq!(report["stats"]["white"]["longest_win"], 28);
    assert_eq!(report["dataflow"]["workers"], 4);
    assert_eq!(report["check"]["lines"], 1000);
    let two = dir.join("two.kct");
    let out = kalmar(&[
        "dist",
        "chess",
        "KPK",
        "-w",
        "3",
        "--lines",
        "0",
        "-o",
        two.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read(&one).unwrap(), std::fs::read(&two).unwrap());
}

#[test]
fn the_merged_solution_is_saved_for_verify() {
    let game = workspace().join("examples/figure2b.gg");
    let saved = temp("figure2b.json");
    let out = kalmar(&[
        "dist",
        "reach",
        game.to_str().unwrap(),
        "-w",
        "3",
        "-o",
        saved.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let verdict = kalmar(&["verify", game.to_str().unwrap(), saved.to_str().unwrap()]);
    assert!(verdict.status.success(), "{}", stderr(&verdict));
}

#[test]
fn bad_cluster_arguments_are_refused() {
    let game = workspace().join("examples/figure2b.gg");
    let game = game.to_str().unwrap();
    refused(&["dist", "reach", game, "-n", "2"], "needs a host file");
    let hosts = temp("bad.hosts");
    let hosts_arg = hosts.to_str().unwrap();
    let with_hosts = |text: &str, process: &str, message: &str| {
        std::fs::write(&hosts, text).unwrap();
        let args = [
            "dist", "reach", game, "-n", "2", "-p", process, "-h", hosts_arg,
        ];
        refused(&args, message);
    };
    with_hosts("127.0.0.1\n", "0", "host:port");
    with_hosts("127.0.0.1:1\n127.0.0.1:2\n", "2", "a number below 2");
}

/// `kalmar dist vi --exact` on 2 processes × 2 workers: the bounds hold the exact values of
/// `kalmar stochastic solve`, and the exact finish equals them.
fn value_iteration_agrees(game: &str, name: &str) {
    let exact = json(&["stochastic", "solve", game, "--json"]);
    let dist = two_processes_with("vi", game, name, &["--exact"]);
    assert_eq!(dist["values"], exact["values"], "{name}");
    assert_eq!(dist["verified"], true);
    assert_eq!(dist["dataflow"]["workers"], 4);
    let number = |x: &serde_json::Value| {
        x.as_str()
            .unwrap()
            .parse::<kalmar_core::Rational>()
            .unwrap()
    };
    for (vertex, value) in exact["values"].as_object().unwrap() {
        let (lower, upper) = (&dist["lower"][vertex], &dist["upper"][vertex]);
        let value = number(value);
        assert!(
            number(lower) <= value && value <= number(upper),
            "{name} {vertex}"
        );
    }
}

#[test]
fn value_iteration_on_two_processes_holds_the_exact_values() {
    let coin = workspace().join("examples/coin-toss.gg");
    value_iteration_agrees(coin.to_str().unwrap(), "coin-toss");
    for class in ["simple", "terminal"] {
        let game = temp(&format!("vi-{class}.gg"));
        let out = kalmar(&[
            "generate",
            "stochastic",
            class,
            "--size",
            "600",
            "-o",
            game.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        value_iteration_agrees(game.to_str().unwrap(), class);
    }
}

#[test]
fn value_iteration_refuses_other_classes() {
    let game = workspace().join("examples/stochastic-parity.gg");
    refused(
        &["dist", "vi", game.to_str().unwrap(), "-w", "2"],
        "simple and terminal-payoff games",
    );
    let coin = workspace().join("examples/coin-toss.gg");
    refused(
        &["dist", "vi", coin.to_str().unwrap(), "--epsilon", "0"],
        "positive",
    );
}
