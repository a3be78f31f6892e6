//! `--timeout SECONDS` on every solve: one argument with one help text, the watchdog's exit code
//! 124, and value iteration's bounds so far.

mod common;
use common::*;

/// Every solve command, as the words before its arguments.
const SOLVES: &[&[&str]] = &[
    &["solve"],
    &["reach", "solve"],
    &["dgg", "solve"],
    &["parity", "solve"],
    &["stochastic", "solve"],
    &["observation", "solve"],
    &["positional", "nash"],
    &["efg", "nash"],
    &["impartial", "octal"],
    &["impartial", "grundy"],
    &["impartial", "subtraction"],
    &["impartial", "all-but"],
    &["impartial", "nukit"],
    &["ohhell", "count"],
    &["ohhell", "enumerate"],
    &["ohhell", "sample"],
];

/// What every solve's `--help` says of `--timeout`, spaces collapsed.
const HELP: &str = "--timeout <SECONDS> Give up after this many seconds (decimals allowed): print \
\"timed out after N s\" on standard error and exit with code 124. Value iteration (`stochastic \
solve --solver vi`) first prints its bounds so far, and the enumerations of `efg nash` (lh, enum, \
vertex) the equilibria found so far, each checked";

#[test]
fn every_solve_has_the_same_timeout() {
    for command in SOLVES {
        let mut args = command.to_vec();
        args.push("--help");
        let out = kalmar(&args);
        assert!(out.status.success(), "{command:?}: {}", stderr(&out));
        let help = stdout(&out)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(help.contains(HELP), "{command:?}: {help}");
    }
    // The main help lists the exit codes.
    let main = stdout(&kalmar(&["--help"]));
    for code in [
        "0 success",
        "2 bad input",
        "3 solution rejected",
        "124 timed out",
    ] {
        assert!(main.contains(code), "{main}");
    }
}

#[test]
fn the_watchdog_stops_a_long_solve_with_124() {
    // Grundy's game up to a million heaps takes far longer than a tenth of a second.
    let out = kalmar(&[
        "impartial",
        "grundy",
        "--up-to",
        "1000000",
        "--timeout",
        "0.1",
    ]);
    assert_eq!(out.status.code(), Some(124), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("timed out after 0.1 s"),
        "{}",
        stderr(&out)
    );
    // A solve done in time is not affected.
    let out = kalmar(&["solve", "examples/tiny.pg", "--timeout", "1000"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn value_iteration_prints_its_bounds_when_time_is_up() {
    // On Haddad and Monmege's chain value iteration needs about 2^40 sweeps.
    let game = temp("hm.gg");
    let out = kalmar(&[
        "generate",
        "stochastic",
        "haddad-monmege-3/4",
        "--positions",
        "40",
        "-o",
        game.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let game = game.to_str().unwrap();
    for exact in [false, true] {
        let mut args = vec![
            "stochastic",
            "solve",
            game,
            "--solver",
            "vi",
            "--json",
            "--timeout",
            "0.2",
        ];
        if exact {
            args.push("--exact");
        }
        let out = kalmar(&args);
        assert_eq!(out.status.code(), Some(124), "{}", stderr(&out));
        assert!(
            stderr(&out).contains("timed out after 0.2 s"),
            "{}",
            stderr(&out)
        );
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["timed_out"], true);
        assert_eq!(json["exact"], false);
        // The bounds are sound: the start's value 3/4 lies between them.
        let bound = |side: &str| json[side]["choose"].as_str().unwrap().to_string();
        let (lower, upper) = (bound("lower"), bound("upper"));
        let as_f64 = |s: &str| match s.split_once('/') {
            Some((p, q)) => p.parse::<f64>().unwrap() / q.parse::<f64>().unwrap(),
            None => s.parse::<f64>().unwrap(),
        };
        assert!(
            as_f64(&lower) <= 0.75 && 0.75 <= as_f64(&upper),
            "{lower} {upper}"
        );
    }
}

#[test]
fn support_enumeration_prints_the_equilibria_found_when_time_is_up() {
    // A random 12 × 12 game: 2.7 million support pairs, far more than a second's work.
    let mut state: u64 = 3;
    let payoffs: Vec<String> = (0..2 * 12 * 12)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 33) % 19).to_string()
        })
        .collect();
    let game = temp("random-12.nfg");
    std::fs::write(
        &game,
        format!(
            "NFG 1 R \"random\" {{ \"1\" \"2\" }} {{ 12 12 }}\n\n{}\n",
            payoffs.join(" ")
        ),
    )
    .unwrap();
    let game = game.to_str().unwrap();
    let args = ["efg", "nash", game, "--solver", "enum", "--timeout", "1"];
    let out = kalmar(&args);
    assert_eq!(out.status.code(), Some(124), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("equilibria found so far"),
        "{}",
        stdout(&out)
    );
    let out = kalmar(&[&args[..], &["--json"]].concat());
    assert_eq!(out.status.code(), Some(124), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["timed_out"], true);
    assert!(json["equilibria"].is_array());
}

#[test]
fn a_timeout_must_be_a_positive_number_of_seconds() {
    for bad in ["0", "-1", "abc", "inf", "NaN"] {
        let out = kalmar(&["solve", "examples/tiny.pg", &format!("--timeout={bad}")]);
        assert_eq!(out.status.code(), Some(2), "{bad}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("not a number of seconds"),
            "{}",
            stderr(&out)
        );
    }
}
