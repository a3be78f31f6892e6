//! `kalmar stochastic` end to end: exact values as fractions, the solvers, reductions, strategy
//! recovery, generation, `kalmar solve` routing games with chance here, and exit codes.

mod common;
use common::*;

#[test]
fn coin_toss_values_are_exact_fractions() {
    let out = kalmar(&["stochastic", "solve", "examples/coin-toss.gg", "--json"]);
    let j = json_of(&out);
    assert_eq!(j["class"], "simple");
    assert_eq!(j["values"]["a"], "1/2");
    assert_eq!(j["values"]["b"], "1/4");
    assert_eq!(j["values"]["d"], "1/4");
    assert_eq!(j["strategy"]["a"], "c");
    assert_eq!(j["strategy"]["b"], "d");
    assert_eq!(j["verified"], true);
    // The human table shows the fraction and a decimal.
    let out = kalmar(&["stochastic", "solve", "examples/coin-toss.gg"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let row: Vec<&str> = text
        .lines()
        .find(|l| l.trim_start().starts_with("a "))
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(row, ["a", "Max", "1/2", "0.500000", "c"]);
}

#[test]
fn figure_2_3_value() {
    let j = json_of(&kalmar(&[
        "stochastic",
        "solve",
        "examples/figure-2-3.gg",
        "--json",
    ]));
    assert_eq!(j["class"], "discounted");
    // 40 175/271
    assert_eq!(j["values"]["a"], "11015/271");
}

#[test]
fn value_iteration_gives_bounds_and_exact_on_request() {
    let j = json_of(&kalmar(&[
        "stochastic",
        "solve",
        "examples/coin-toss.gg",
        "--solver",
        "vi",
        "--epsilon",
        "1/1000",
        "--json",
    ]));
    assert_eq!(j["solver"], "vi");
    let lower: kalmar_core_rational::R = j["lower"]["a"].as_str().unwrap().parse().unwrap();
    let upper: kalmar_core_rational::R = j["upper"]["a"].as_str().unwrap().parse().unwrap();
    assert!(lower.0 <= 0.5 && 0.5 <= upper.0 && upper.0 - lower.0 <= 1e-3);
    let j = json_of(&kalmar(&[
        "stochastic",
        "solve",
        "examples/coin-toss.gg",
        "--solver",
        "vi",
        "--exact",
        "--json",
    ]));
    assert_eq!(j["exact"], true);
    assert_eq!(j["values"]["a"], "1/2");
}

/// Just enough of a fraction parser for the bounds (`p/q` or an integer).
mod kalmar_core_rational {
    pub struct R(pub f64);
    impl std::str::FromStr for R {
        type Err = std::num::ParseFloatError;
        fn from_str(s: &str) -> Result<R, Self::Err> {
            Ok(R(match s.split_once('/') {
                Some((p, q)) => p.parse::<f64>()? / q.parse::<f64>()?,
                None => s.parse()?,
            }))
        }
    }
}

#[test]
fn solve_routes_games_with_chance_here() {
    let j = json_of(&kalmar(&["solve", "examples/coin-toss.gg", "--json"]));
    assert_eq!(j["values"]["a"], "1/2");
    let j = json_of(&kalmar(&["solve", "examples/figure-2-3.gg", "--json"]));
    assert_eq!(j["values"]["a"], "11015/271");
}

#[test]
fn reduce_to_a_simple_stochastic_game_keeps_the_values() {
    // Figure 2.3 (rewards 0 to 100, beta = 9/10) as a simple stochastic game: the probability
    // of reaching 1 from a is (1 - beta) (value(a) - 0) / 100 = 11015 / 2710000.
    let j = reduced_and_solved("examples/figure-2-3.gg", &["--to", "simple"]);
    assert_eq!(j["class"], "simple");
    assert_eq!(j["values"]["a"], "2203/54200");
}

#[test]
fn recover_strategies_from_values() {
    let values = temp("coin-values.json");
    std::fs::write(
        &values,
        r#"{"a": "1/2", "c": "1/2", "b": "1/4", "d": "1/4", "one": 1, "zero": 0}"#,
    )
    .unwrap();
    let j = json_of(&kalmar(&[
        "stochastic",
        "recover",
        "examples/coin-toss.gg",
        values.to_str().unwrap(),
        "--json",
    ]));
    assert_eq!(j["strategy"]["a"], "c");
    assert_eq!(j["strategy"]["b"], "d");
    // Wrong values are refused as bad input.
    std::fs::write(
        &values,
        r#"{"a": "1", "c": "1/2", "b": "1/4", "d": "1/4", "one": 1, "zero": 0}"#,
    )
    .unwrap();
    let out = kalmar(&[
        "stochastic",
        "recover",
        "examples/coin-toss.gg",
        values.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

#[test]
fn generate_then_solve() {
    for generator in ["simple", "terminal", "discounted", "mean-payoff"] {
        let j = written_and_solved(&[
            "generate",
            "stochastic",
            generator,
            "--positions",
            "6",
            "--seed",
            "3",
        ]);
        assert_eq!(j["class"], generator);
        assert_eq!(j["verified"], true);
    }
    let out = kalmar(&["generate", "stochastic", "haddad-monmege", "--size", "8"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("choose max -> half"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn the_haddad_monmege_chain_worth_three_quarters_is_solved_exactly() {
    // The chain's end pays 3/4, more than the 1/2 Max can take at once: he enters the chain,
    // which reaches its end with probability 1, so it is worth exactly 3/4.
    let j = written_and_solved(&[
        "generate",
        "stochastic",
        "haddad-monmege-3/4",
        "--positions",
        "10",
    ]);
    assert_eq!(j["values"]["choose"], "3/4");
    assert_eq!(j["strategy"]["choose"], "3");
    assert_eq!(j["verified"], true);
}

#[test]
fn bad_input_exits_with_2() {
    let out = kalmar(&[
        "stochastic",
        "solve",
        "examples/coin-toss.gg",
        "--solver",
        "nope",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("si, vi, mpsi, zp"),
        "{}",
        stderr(&out)
    );
    let path = temp("bad.gg");
    std::fs::write(&path, "kalmar-gg 1\nx chance -> y:1/2 y:1/3\ny terminal\n").unwrap();
    let out = kalmar(&["stochastic", "solve", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains(":2:1:"), "{}", stderr(&out));
    let out = kalmar(&[
        "stochastic",
        "reduce",
        "examples/coin-toss.gg",
        "--to",
        "discounted",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn parity_games_with_chance_are_solved_exactly_in_both_conventions() {
    // The values worked out in the example's comment.
    let j = json_of(&kalmar(&[
        "stochastic",
        "solve",
        "examples/stochastic-parity.gg",
        "--json",
    ]));
    assert_eq!(j["class"], "parity");
    assert_eq!(j["verified"], true);
    for (v, x) in [
        ("m", "1/2"),
        ("c", "1/2"),
        ("a", "1"),
        ("d", "1"),
        ("l", "0"),
    ] {
        assert_eq!(j["values"][v], x, "{v}");
    }
    assert_eq!(j["strategy"]["m"], "c");
    assert_eq!(j["strategy"]["a"], "d");
    let j = json_of(&kalmar(&[
        "stochastic",
        "solve",
        "examples/stochastic-parity.gg",
        "--convention",
        "odd",
        "--json",
    ]));
    for (v, x) in [
        ("m", "0"),
        ("c", "1/2"),
        ("a", "1"),
        ("d", "2/3"),
        ("w", "0"),
    ] {
        assert_eq!(j["values"][v], x, "{v}");
    }
    // `kalmar solve` routes it here too.
    let j = json_of(&kalmar(&[
        "solve",
        "examples/stochastic-parity.gg",
        "--json",
    ]));
    assert_eq!(j["values"]["m"], "1/2");
}

#[test]
fn saved_stochastic_solutions_verify_and_wrong_or_malformed_ones_do_not() {
    for (game, class) in [
        ("examples/stochastic-parity.gg", "parity"),
        ("examples/figure-2-3.gg", "discounted"),
        ("examples/coin-toss.gg", "simple"),
    ] {
        let path = temp(&format!("{class}.ssol"));
        let path = path.to_str().unwrap();
        let out = kalmar(&["solve", game, "--output", path]);
        assert!(out.status.success(), "{}", stderr(&out));
        let out = kalmar(&["verify", game, path]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(stdout(&out).starts_with("accepted"), "{}", stdout(&out));
        assert!(stdout(&out).contains(class), "{}", stdout(&out));
    }
    let good = std::fs::read_to_string(temp("parity.ssol")).unwrap();
    assert!(good.contains("\nm 1/2 -> c\n"), "{good}");
    // Tampered: a value changed, or Min's move at m changed to the loop she loses: rejected,
    // exit 3.
    for tampered in [
        good.replace("\nm 1/2 -> c\n", "\nm 1/3 -> c\n"),
        good.replace("\nm 1/2 -> c\n", "\nm 1/2 -> m\n"),
    ] {
        let bad = temp("parity-tampered.ssol");
        std::fs::write(&bad, tampered).unwrap();
        let out = kalmar(&[
            "verify",
            "examples/stochastic-parity.gg",
            bad.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(3), "{}", stdout(&out));
        assert!(stderr(&out).contains("wrong"), "{}", stderr(&out));
    }
    // Malformed: a move to a vertex that does not exist, on line 4, column 10: exit 2.
    let bad = temp("parity-malformed.ssol");
    std::fs::write(&bad, good.replace("\nm 1/2 -> c\n", "\nm 1/2 -> q\n")).unwrap();
    let out = kalmar(&[
        "verify",
        "examples/stochastic-parity.gg",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("parity-malformed.ssol:4:10:"),
        "{}",
        stderr(&out)
    );
    // Value iteration without --exact has no strategies to save.
    let out = kalmar(&[
        "stochastic",
        "solve",
        "examples/coin-toss.gg",
        "--solver",
        "vi",
        "--output",
        temp("vi.ssol").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

/// `text` written to the temporary file `name` and solved by `kalmar stochastic solve --solver
/// mpsi --json`: the file and the JSON.
fn solved_by_mpsi(name: &str, text: &str) -> (std::path::PathBuf, serde_json::Value) {
    let game = temp(name);
    std::fs::write(&game, text).unwrap();
    let j = json_of(&kalmar(&[
        "stochastic",
        "solve",
        game.to_str().unwrap(),
        "--solver",
        "mpsi",
        "--json",
    ]));
    (game, j)
}

#[test]
fn mean_payoff_strategy_improvement_from_the_command_line() {
    // The two-cycle of rewards 1/2 and -1/3 (mean 1/12) against a loop paying -1/5.
    let (game, j) = solved_by_mpsi(
        "mp.gg",
        "kalmar-gg 1\na max reward=1/2 -> b c\nb min reward=-1/3 -> a\nc max reward=-1/5 -> c\n",
    );
    assert_eq!(j["solver"], "mpsi");
    assert_eq!(j["values"]["a"], "1/12");
    assert_eq!(j["values"]["c"], "-1/5");
    assert_eq!(j["strategy"]["a"], "b");
    assert_eq!(j["verified"], true);
    // Saved, verified (the gain/bias witnesses), and rejected with exit 1 when a value is changed.
    let sol = temp("mp.ssol");
    let out = kalmar(&[
        "stochastic",
        "solve",
        game.to_str().unwrap(),
        "--solver",
        "mpsi",
        "-o",
        sol.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = kalmar(&["verify", game.to_str().unwrap(), sol.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&sol).unwrap();
    assert!(text.contains("\na 1/12 -> b\n"), "{text}");
    std::fs::write(&sol, text.replace("\na 1/12 -> b\n", "\na 1/13 -> b\n")).unwrap();
    let out = kalmar(&["verify", game.to_str().unwrap(), sol.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
}

#[test]
fn mean_payoff_strategy_improvement_with_rewards_beyond_128_bits() {
    // The game above with every reward times 2^200: the values times 2^200 (2^200/12 = 2^198/3),
    // the same strategies, found in big integers and verified.
    let (_, j) = solved_by_mpsi(
        "mp-big.gg",
        "kalmar-gg 1\na max reward=803469022129495137770981046170581301261101496891396417650688 -> b c\nb min reward=-1606938044258990275541962092341162602522202993782792835301376/3 -> a\nc max reward=-1606938044258990275541962092341162602522202993782792835301376/5 -> c\n",
    );
    assert_eq!(
        j["values"]["a"],
        "401734511064747568885490523085290650630550748445698208825344/3"
    );
    assert_eq!(
        j["values"]["b"],
        "401734511064747568885490523085290650630550748445698208825344/3"
    );
    assert_eq!(
        j["values"]["c"],
        "-1606938044258990275541962092341162602522202993782792835301376/5"
    );
    assert_eq!(j["strategy"]["a"], "b");
    assert_eq!(j["verified"], true);
}

#[test]
fn stochastic_mean_payoff_solutions_are_verified_and_wrong_ones_rejected() {
    // Max at m takes the lottery c: 3/4 * 2 + 1/4 * (-1) = 5/4 per step, more than d's 1.
    let game = temp("lottery.gg");
    std::fs::write(
        &game,
        "kalmar-gg 1\nm max reward=0 -> c d\nc chance reward=0 -> a:3/4 b:1/4\n\
         a max reward=2 -> a\nb min reward=-1 -> b a\nd min reward=1 -> d\n",
    )
    .unwrap();
    let sol = temp("lottery.ssol");
    let out = kalmar(&[
        "stochastic",
        "solve",
        game.to_str().unwrap(),
        "--json",
        "-o",
        sol.to_str().unwrap(),
    ]);
    let j = json_of(&out);
    assert_eq!(j["values"]["m"], "5/4");
    assert_eq!(j["verified"], true);
    let out = kalmar(&["verify", game.to_str().unwrap(), sol.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&sol).unwrap();
    assert!(text.contains("\nm 5/4 -> c\n"), "{text}");
    for wrong in ["\nm 5/4 -> d\n", "\nm 1 -> d\n", "\nm 3/2 -> c\n"] {
        std::fs::write(&sol, text.replace("\nm 5/4 -> c\n", wrong)).unwrap();
        let out = kalmar(&["verify", game.to_str().unwrap(), sol.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(3), "{wrong}: {}", stderr(&out));
        assert!(stderr(&out).contains("vertex m"), "{}", stderr(&out));
    }
}

#[test]
fn large_deterministic_mean_payoff_answers_are_verified() {
    // Larger than any component Karp's quadratic table could take.
    let game = temp("mp-large.gg");
    let out = kalmar(&[
        "generate",
        "stochastic",
        "mean-payoff",
        "--deterministic",
        "--positions",
        "3000",
        "--seed",
        "4",
        "-o",
        game.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let j = json_of(&kalmar(&[
        "stochastic",
        "solve",
        game.to_str().unwrap(),
        "--solver",
        "mpsi",
        "--json",
    ]));
    assert_eq!(j["verified"], true);
}

#[test]
fn parity_games_reduce_to_terminal_payoff_games_by_the_gadget() {
    let j = reduced_and_solved(
        "examples/stochastic-parity.gg",
        &["--to", "terminal", "--delta", "1/1000"],
    );
    assert_eq!(j["class"], "terminal");
    // The gadget game's value is close to the parity game's 1/2, and Min still tosses the coin.
    let m: kalmar_core_rational::R = j["values"]["m"].as_str().unwrap().parse().unwrap();
    assert!((m.0 - 0.5).abs() < 0.01, "{}", m.0);
    assert_eq!(j["strategy"]["m"], "c.gadget");
    let out = kalmar(&[
        "stochastic",
        "reduce",
        "examples/stochastic-parity.gg",
        "--to",
        "terminal",
        "--delta",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn parity_games_with_chance_reduce_at_the_proven_delta() {
    // Without --delta the gadget stops with the proven parameter, whose optimal strategies are
    // optimal in the parity game: Min tosses the coin at m, Max retries the coin at a.
    let j = reduced_and_solved("examples/stochastic-parity.gg", &["--to", "terminal"]);
    assert_eq!(j["strategy"]["m"], "c.gadget");
    assert_eq!(j["strategy"]["a"], "d.gadget");
    let m: kalmar_core_rational::R = j["values"]["m"].as_str().unwrap().parse().unwrap();
    assert!((m.0 - 0.5).abs() < 1e-6, "{}", m.0);
    // To a mean-payoff game: the same gadget, and each terminal a loop earning its payoff.
    let out = kalmar(&[
        "stochastic",
        "reduce",
        "examples/stochastic-parity.gg",
        "--to",
        "mean-payoff",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("\nm min reward=0 -> m.gadget c.gadget\n"),
        "{text}"
    );
    assert!(
        text.contains("\nparity.win max reward=1 -> parity.win\n"),
        "{text}"
    );
    assert!(
        text.contains("\nparity.lose max reward=0 -> parity.lose\n"),
        "{text}"
    );
}

/// `kalmar stochastic reduce FILE ARGS…` written to a file, then that file solved: its JSON.
fn reduced_and_solved(file: &str, args: &[&str]) -> serde_json::Value {
    let mut reduce = vec!["stochastic", "reduce", file];
    reduce.extend_from_slice(args);
    written_and_solved(&reduce)
}

/// `kalmar ARGS… -o FILE` (a command that writes a game), then that file solved: its JSON.
fn written_and_solved(args: &[&str]) -> serde_json::Value {
    let path = temp(&format!("written-{}.gg", args.join("-").replace('/', "_")));
    let path = path.to_str().unwrap();
    let mut write = args.to_vec();
    write.extend_from_slice(&["-o", path]);
    let out = kalmar(&write);
    assert!(out.status.success(), "{}", stderr(&out));
    json_of(&kalmar(&["stochastic", "solve", path, "--json"]))
}

#[test]
fn the_bench_runs_the_searching_solvers_with_their_certificates() {
    // Mean-payoff games with chance (si, the discount factor searched) and parity games with
    // chance (the gadget's stopping parameter searched): one round each on these small games,
    // every answer checked by its certificate before the row is written.
    let j = json_of(&kalmar(&[
        "bench",
        "stochastic",
        "--families",
        "mean-payoff-chance,parity",
        "--sizes",
        "40",
        "--reps",
        "1",
        "--json",
    ]));
    let rows = j.as_array().unwrap();
    assert_eq!(rows.len(), 2, "{j}");
    assert_eq!(rows[0]["family"], "mean-payoff (chance)");
    assert_eq!(rows[0]["solver"], "si");
    assert_eq!(rows[1]["family"], "parity (chance)");
    for row in rows {
        assert!(
            row["error"].as_str().unwrap().starts_with("exact; 1 "),
            "{row}"
        );
    }
}
