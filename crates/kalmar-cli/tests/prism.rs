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
