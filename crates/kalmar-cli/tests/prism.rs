//! `kalmar stochastic export --to prism` end to end: the model and property files, and the games
//! it refuses with exit code 2.

mod common;
use common::*;

#[test]
fn coin_toss_is_written_with_its_property() {
    let model = temp("coin-toss.prism");
    let out = kalmar(&[
        "stochastic",
        "export",
        "examples/coin-toss.gg",
        "--to",
        "prism",
        "-o",
        model.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&model).unwrap();
    // Start a (vertex 0); c tosses a fair coin between one (4) and zero (5); b is Min's.
    for line in [
        "s : [0..7] init 0;",
        "[max0] s=0 -> (s'=1);",
        "[max1] s=0 -> (s'=2);",
        "[] s=1 -> 1/2:(s'=4) + 1/2:(s'=5);",
        "[min0] s=2 -> (s'=4);",
        "[min1] s=2 -> (s'=3);",
        "[] s=4 -> (s'=6);",
        "[] s=5 -> (s'=7);",
        "label \"win\" = s=6;",
    ] {
        assert!(text.contains(line), "{line} not in\n{text}");
    }
    let properties = std::fs::read_to_string(model.with_extension("props")).unwrap();
    assert_eq!(properties, "<<maxplayer>> Pmax=? [ F \"win\" ]\n");
    // Without -o the model goes to standard output, the property in its header.
    let out = kalmar(&[
        "stochastic",
        "export",
        "examples/coin-toss.gg",
        "--to",
        "prism",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), text);
    assert!(text.contains("// Property: <<maxplayer>> Pmax=? [ F \"win\" ]"));
}

#[test]
fn coin_toss_is_written_as_explicit_files() {
    let out_path = temp("coin-toss-explicit.tra");
    let out = kalmar(&[
        "stochastic",
        "export",
        "examples/coin-toss.gg",
        "--to",
        "prism-explicit",
        "-o",
        out_path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let transitions = std::fs::read_to_string(&out_path).unwrap();
    // 8 states (6 vertices, win, lose); a's two moves, c's coin, b's two moves (player 1), d's
    // coin, one and zero to win and lose, win and lose loops: 10 choices, 12 transitions.
    assert!(transitions.starts_with("# Transitions (SMG)\n8:2 10 12\n0:0 0 1 1\n0:0 1 2 1\n"));
    assert!(transitions.contains("\n1:0 0 4 0.5\n1:0 0 5 0.5\n2:1 0 4 1\n2:1 1 3 1\n"));
    let labels = std::fs::read_to_string(out_path.with_extension("lab")).unwrap();
    assert_eq!(labels, "# Labels\n0=\"init\" 1=\"win\"\n0: 0\n6: 1\n");
    let properties = std::fs::read_to_string(out_path.with_extension("props")).unwrap();
    assert_eq!(properties, "<<1>> Pmax=? [ F \"win\" ]\n");
    refused(
        &[
            "stochastic",
            "export",
            "examples/coin-toss.gg",
            "--to",
            "prism-explicit",
        ],
        "name them with -o",
    );
}

#[test]
fn games_without_a_matching_objective_are_refused() {
    refused(
        &[
            "stochastic",
            "export",
            "examples/figure-2-3.gg",
            "--to",
            "prism",
        ],
        "a discounted game cannot be exported to PRISM-games",
    );
    let negative = temp("negative.gg");
    std::fs::write(
        &negative,
        "kalmar-gg 1\na max -> t u\nt terminal payoff=-1\nu terminal payoff=1\n",
    )
    .unwrap();
    refused(
        &[
            "stochastic",
            "export",
            negative.to_str().unwrap(),
            "--to",
            "prism",
        ],
        "PRISM-games refuses negative rewards",
    );
    refused(
        &[
            "stochastic",
            "export",
            "examples/coin-toss.gg",
            "--to",
            "gambit",
        ],
        "invalid value 'gambit'",
    );
}

/// A stand-in for PRISM's launcher, written as a shell script: it reads the number of states
/// of the model (the range of `s`, or the header of the imported `.tra`), writes every state with the value 1/2 to `-exportvector` and the identity to
/// `-exportstates`, and prints what PRISM-games prints, claiming an error of 1e-6; or, with
/// `fail`, prints PRISM's error for value iteration that ran out of sweeps.
fn fake_prism(name: &str, fail: bool) -> std::path::PathBuf {
    let path = temp(name);
    let body = if fail {
        "echo 'Value iteration (maxmin) took 10000 iterations and 0.3 seconds.'\n\
         echo 'Error: Iterative method did not converge within 10000 iterations.'\nexit 1\n"
    } else {
        "if [ \"$1\" = -importmodel ]; then\n\
           last=$(( $(sed -n '2s/:.*//p' \"${2%,lab}\") - 1 )); states=/dev/null\n\
         else last=$(sed -n 's/.*s : \\[0\\.\\.\\([0-9]*\\)\\].*/\\1/p' \"$1\"); fi\n\
         : > \"$vector\"; echo '# States' > \"$states\"; echo '(s)' >> \"$states\"\n\
         for i in $(seq 0 \"$last\"); do echo 0.5 >> \"$vector\"; echo \"$i:($i)\" >> \"$states\"; done\n\
         echo 'Time for model construction: 0.2 seconds.'\n\
         echo 'Value iteration (Gauss-Seidel, maxmin) took 7 iterations and 0.001 seconds.'\n\
         echo 'Time for model checking: 0.125 seconds.'\n\
         echo 'Result: 0.5 (+/- 1.0E-6 estimated; rel err 2.0E-6)'\n"
    };
    let script = format!(
        "#!/bin/sh\nvector=; states=; previous=\nfor a in \"$@\"; do\n\
         [ \"$previous\" = -exportvector ] && vector=$a\n\
         [ \"$previous\" = -exportstates ] && states=$a\nprevious=$a\ndone\n{body}"
    );
    std::fs::write(&path, script).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// `kalmar bench stochastic --peer PEER --families simple --reps 1 --json ARGS…`: the rows.
fn compared(peer: &std::path::Path, args: &[&str]) -> serde_json::Value {
    let mut command = vec![
        "bench",
        "stochastic",
        "--peer",
        peer.to_str().unwrap(),
        "--families",
        "simple",
        "--reps",
        "1",
        "--json",
    ];
    command.extend_from_slice(args);
    json(&command)
}

#[test]
fn the_peer_comparison_measures_every_value_against_the_exact_one() {
    let peer = fake_prism("fake-prism.sh", false);
    let rows = compared(
        &peer,
        &[
            "--sizes",
            "40",
            "--solvers",
            "si",
            "--peer-solvers",
            "default,language",
        ],
    );
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["solver"], "kalmar si");
    // The explicit files and the model in PRISM's language give the same comparison.
    assert_eq!(rows[2]["solver"], "PRISM language");
    for key in [
        "value_at_start",
        "claimed_error",
        "max_error",
        "beyond_claim",
    ] {
        assert_eq!(rows[1][key], rows[2][key], "{key}");
    }
    let prism = &rows[1];
    assert_eq!(prism["solver"], "PRISM default");
    assert_eq!(prism["median_seconds"], 0.125);
    assert_eq!(prism["iterations"], 7);
    assert_eq!(prism["claimed_error"], 1e-6);
    assert_eq!(prism["value_at_start"], "0.5000000000");
    assert_eq!(prism["reference"], "exact");
    // The same game solved on its own: PRISM's 1/2 everywhere is wrong by |v - 1/2| at each
    // vertex, and beyond its claim wherever that exceeds 1e-6.
    let game = temp("simple-40.gg");
    let out = kalmar(&[
        "generate",
        "stochastic",
        "simple",
        "--size",
        "40",
        "--seed",
        "1",
        "-o",
        game.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let solved = json(&["stochastic", "solve", game.to_str().unwrap(), "--json"]);
    let errors: Vec<f64> = solved["values"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| {
            let (p, q) = v
                .as_str()
                .unwrap()
                .split_once('/')
                .unwrap_or((v.as_str().unwrap(), "1"));
            (p.parse::<f64>().unwrap() / q.parse::<f64>().unwrap() - 0.5).abs()
        })
        .collect();
    let beyond = errors.iter().filter(|&&e| e > 1e-6).count();
    assert!(beyond > 0);
    assert_eq!(prism["beyond_claim"], beyond);
    let largest = errors.iter().copied().fold(0.0, f64::max);
    assert!((prism["max_error"].as_f64().unwrap() - largest).abs() < 1e-12);
    assert_eq!(rows[0]["value_at_start"], solved["values"]["0"]);
}

#[test]
fn a_failing_peer_is_a_note_and_unknown_configurations_are_refused() {
    let peer = fake_prism("failing-prism.sh", true);
    let rows = compared(
        &peer,
        &[
            "--sizes",
            "20",
            "--solvers",
            "vi",
            "--peer-solvers",
            "vi-noprob1",
        ],
    );
    let prism = &rows[1];
    assert_eq!(prism["solver"], "PRISM vi-noprob1");
    assert_eq!(prism["reference"], "vi bounds");
    assert_eq!(
        prism["note"],
        "PRISM: Iterative method did not converge within 10000 iterations."
    );
    assert!(prism["median_seconds"].is_null());
    refused(
        &[
            "bench",
            "stochastic",
            "--peer",
            peer.to_str().unwrap(),
            "--peer-solvers",
            "interval",
        ],
        "no PRISM configuration 'interval'",
    );
    refused(
        &["bench", "stochastic", "--peer", "no/such/prism"],
        "--peer no/such/prism: no such file",
    );
}
