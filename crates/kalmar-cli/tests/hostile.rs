//! Bad and huge input never crashes: commands of every family on absurd sizes, garbage, random
//! bytes, deep nesting, very long lines and names, each run under an address-space limit, must
//! end with a documented exit code (0, 2, 3 or 124) and without a panic.

mod common;
use common::*;
use std::path::PathBuf;
use std::process::{Command, Output};

/// The address space each run may use, in KiB (`ulimit -v`): 2 GiB, far below what an attempt
/// to allocate for a size of 10^18 would ask for.
const ADDRESS_SPACE_KIB: u64 = 2 << 20;

/// The exit codes documented in `kalmar --help` and README.md.
const DOCUMENTED: [i32; 4] = [0, 2, 3, 124];

/// Runs `kalmar args` under the address-space limit and checks that it ends with a documented
/// exit code and no panic; returns its output.
fn hostile(args: &[&str]) -> Output {
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {ADDRESS_SPACE_KIB}; exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_kalmar"))
        .args(args)
        .current_dir(workspace())
        .output()
        .expect("sh runs");
    let err = stderr(&out);
    assert!(
        out.status.code().is_some_and(|c| DOCUMENTED.contains(&c)),
        "{args:?} ended with {:?}: {err}",
        out.status
    );
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    out
}

/// Like [`hostile`], and the input must be refused as bad (exit code 2).
fn refused_hostile(args: &[&str]) {
    let out = hostile(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
}

/// A reproducible stream of pseudo-random bytes (xorshift).
fn random_bytes(n: usize, mut state: u64) -> Vec<u8> {
    (0..n)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 24) as u8
        })
        .collect()
}

/// Writes `bytes` to a scratch file and returns its path as text.
fn file(name: &str, bytes: impl AsRef<[u8]>) -> String {
    let path: PathBuf = temp(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_string()
}

/// Hostile files of any kind: garbage text (2 MB), random bytes, nesting 10^5 deep, a line of
/// more than 10^5 characters, and a valid game whose position's name has 10^5 characters.
fn any_kind() -> Vec<String> {
    let alphabet = b"abc xyz->=:/;{}[]\"0123456789\n";
    let garbage: Vec<u8> = random_bytes(2_000_000, 7)
        .into_iter()
        .map(|b| alphabet[b as usize % alphabet.len()])
        .collect();
    let name = "n".repeat(100_000);
    vec![
        file("garbage.gg", garbage),
        file("random.bin", random_bytes(65_536, 11)),
        file("deep.json", "[".repeat(100_000) + &"]".repeat(100_000)),
        file(
            "deep-object.json",
            "{\"values\":".repeat(50_000) + "1" + &"}".repeat(50_000),
        ),
        file(
            "long-line.gg",
            format!("kalmar-gg 1\na max -> {}\n", "bbb ".repeat(40_000)),
        ),
        file(
            "long-name.gg",
            format!("kalmar-gg 1\n{name} max -> t u\nt terminal payoff=1\nu terminal payoff=-1\n"),
        ),
    ]
}

/// Hostile game graphs: absurd counts and priorities in PGSolver, HOA and Alpaga files.
fn graphs() -> Vec<String> {
    vec![
        file("huge-count.pg", "parity 1000000000000000000;\n0 1 0 0;\n"),
        file(
            "huge-priority.pg",
            "parity 1;\n0 18446744073709551615 0 0;\n1 99999999999999999999999 1 0;\n",
        ),
        file(
            "huge-states.ehoa",
            "HOA: v1\nStates: 1000000000000000000\n--BODY--\n--END--\n",
        ),
        file("long.gii", format!("ALPHABET {}\n", "a ".repeat(100_000))),
    ]
}

/// Hostile Gambit files: an absurd table, and a tree cut off 10^5 levels deep.
fn gambit() -> Vec<String> {
    vec![
        file(
            "huge-table.nfg",
            "NFG 1 R \"x\" { \"1\" \"2\" } { 1000000000000000000 1000000000000000000 }\n",
        ),
        file(
            "deep.efg",
            "EFG 2 R \"x\" { \"1\" \"2\" }\n".to_string()
                + &"p \"\" 1 1 \"\" { \"a\" \"b\" } 0\n".repeat(100_000),
        ),
    ]
}

#[test]
fn every_solve_survives_every_hostile_file() {
    // Every command reads garbage, random bytes and a long name; the first of each group, which
    // reads files as the others do, every hostile file.
    let groups: [(&[&[&str]], Vec<String>); 3] = [
        (
            &[
                &["solve"],
                &["reach", "solve"],
                &["dgg", "solve"],
                &["parity", "solve"],
                &["stochastic", "solve"],
                &["observation", "solve"],
                &["positional", "nash"],
            ],
            [any_kind(), graphs(), gambit()[..1].to_vec()].concat(),
        ),
        (
            &[&["efg", "nash"], &["efg", "info"]],
            [any_kind(), gambit(), graphs()[..1].to_vec()].concat(),
        ),
        (
            &[
                &["ohhell", "count"],
                &["ohhell", "enumerate"],
                &["ohhell", "sample"],
            ],
            [any_kind(), graphs()[..1].to_vec()].concat(),
        ),
    ];
    for (commands, paths) in groups {
        for (k, command) in commands.iter().enumerate() {
            let shared = ["garbage.gg", "random.bin", "long-name.gg"];
            for path in &paths {
                if k > 0 && !shared.iter().any(|name| path.ends_with(name)) {
                    continue;
                }
                let mut args = command.to_vec();
                args.extend([path.as_str(), "--timeout", "2"]);
                hostile(&args);
            }
        }
    }
}

#[test]
fn verify_refuses_hostile_solution_files_as_bad_input() {
    // JSON solutions of graph games, stochastic solutions, and equilibria of Gambit games.
    let games = [
        "examples/dgg-small.gg",
        "examples/coin-toss.gg",
        "examples/kuhn-poker.efg",
    ];
    for solution in [any_kind(), graphs()].concat() {
        for game in games {
            refused_hostile(&["verify", game, &solution]);
        }
        refused_hostile(&["observation", "verify", "examples/reif-note.gg", &solution]);
    }
}

/// A random simple stochastic game of `positions` positions (seed 1), written by kalmar.
fn random_simple_game(positions: usize) -> String {
    let path = temp(&format!("simple-{positions}.gg"));
    let path = path.to_str().unwrap().to_string();
    let positions = positions.to_string();
    let out = kalmar(&[
        "generate",
        "stochastic",
        "simple",
        "--positions",
        &positions,
        "-o",
        &path,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    path
}

/// The prime-cycles game of the first `k` primes, whose knowledge game is exponential.
fn prime_cycles(k: usize) -> String {
    let path = temp(&format!("primes-{k}.gii"));
    let path = path.to_str().unwrap().to_string();
    let out = kalmar(&[
        "generate",
        "observation",
        "primes",
        &k.to_string(),
        "-o",
        &path,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    path
}

/// A chain of `length` fair coins, each ending the game or going on: the first is worth
/// 2^-length, a number of `length` binary digits (200,000 coins: 5 GB of digits in all).
fn coin_chain(length: usize) -> String {
    let mut text = String::from("kalmar-gg 1\n");
    for i in 0..length {
        text += &format!("c{i} chance -> c{}:1/2 z:1/2\n", i + 1);
    }
    text += &format!("c{length} terminal payoff=1\nz terminal payoff=0\n");
    file(&format!("coins-{length}.gg"), text)
}

#[test]
fn absurd_sizes_are_refused_before_any_work() {
    const HUGE: &str = "1000000000000000000";
    let cases: &[&[&str]] = &[
        &["impartial", "grundy", "--up-to", HUGE],
        &["impartial", "octal", "0.77", "--up-to", HUGE],
        &["impartial", "subtraction", "--set", HUGE, "--up-to", "10"],
        &["impartial", "subtraction", "--set", "0", "--up-to", "10"],
        &["impartial", "subtraction", "--set", "1,2", "--up-to", HUGE],
        &["impartial", "all-but", "--excluded", HUGE, "--up-to", HUGE],
        &["impartial", "stripes", HUGE, "1", "2", "3"],
        &["reach", "game", "nim", HUGE],
        &["generate", "reach", "random", "--size", HUGE],
        &["generate", "reach", "random", "--size", "0"],
        &["generate", "parity", "randomgame", HUGE, "5", "1", "2"],
        &[
            "generate",
            "parity",
            "randomgame",
            "--",
            "-5",
            "5",
            "1",
            "2",
        ],
        &["generate", "parity", "towersofhanoi", "1000"],
        &["generate", "positional", "random", "--size", HUGE],
        &["generate", "positional", "flower", "--size", "1000000000"],
        &["positional", "forms", "--positions", HUGE],
        &["positional", "forms", "--terminals", HUGE],
        &["positional", "forms", "--positions", "30", "--moves", "3"],
        &["generate", "interdiction", "grid", "--size", HUGE],
        &["generate", "interdiction", "random", "--size", "0"],
        &["generate", "stochastic", "simple", "--positions", HUGE],
        &["generate", "stochastic", "discounted", "--positions", "0"],
        &["stochastic", "solve", &random_simple_game(30_000)],
        &["stochastic", "solve", &coin_chain(200_000)],
        &[
            "observation",
            "solve",
            &prime_cycles(12),
            "--max-memory",
            "40M",
        ],
        &[
            "ohhell",
            "count",
            "--state",
            "game players=1000000 suits=1000000 ranks=1000000 tricks=1000000000000000000",
        ],
        &[
            "ohhell",
            "sample",
            "--state",
            "game players=4 suits=4 ranks=13 tricks=13",
            "--samples",
            HUGE,
            "--chains",
            HUGE,
        ],
    ];
    for args in cases {
        refused_hostile(args);
    }
}

#[test]
fn absurd_and_empty_sizes_end_with_an_answer_or_a_timeout() {
    const HUGE: &str = "1000000000000000000";
    let cases: &[&[&str]] = &[
        &["impartial", "grundy", "--up-to", "0", "--timeout", "1"],
        &["impartial", "all-but", "--up-to", "0", "--timeout", "1"],
        &[
            "impartial",
            "octal",
            "0.7777777777777777777777777",
            "--up-to",
            "100",
            "--timeout",
            "1",
        ],
        &["impartial", "nim", HUGE, HUGE, HUGE],
        &[
            "impartial",
            "nukit",
            "0",
            "0",
            "0",
            "0",
            "--reaction",
            &"A".repeat(100_000),
            "--timeout",
            "1",
        ],
        &[
            "impartial",
            "nukit",
            "4294967295",
            "4294967295",
            "4294967295",
            "4294967295",
            "--timeout",
            "0.3",
        ],
    ];
    for args in cases {
        hostile(args);
    }
}

#[test]
fn a_long_deep_game_is_stopped_by_the_timeout() {
    // A path of 10^5 decisions, each with a way out: valid, and deep enough to break recursion.
    let mut efg = String::from("EFG 2 R \"chain\" { \"1\" \"2\" }\n");
    for i in 0..100_000 {
        efg += &format!("p \"\" {} {} \"\" {{ \"a\" \"b\" }} 0\n", i % 2 + 1, i + 1);
    }
    efg += "t \"\" 1 \"\" { 1, -1 }\n";
    for i in 0..100_000 {
        efg += &format!("t \"\" {} \"\" {{ 0, 0 }}\n", i + 2);
    }
    let chain = file("chain.efg", efg);
    let out = hostile(&["efg", "nash", &chain, "--timeout", "0.5"]);
    // Stopped by the timeout, or, when reading takes less than the timeout, by the size model
    // before the solve: either way a clean exit, never a crash.
    let refused = out.status.code() == Some(2) && stderr(&out).contains("more than the limit");
    assert!(
        refused || matches!(out.status.code(), Some(0 | 124)),
        "{}",
        stderr(&out)
    );
}
