//! Gambit's formats: files as Gambit writes them round-trip byte for byte, generated games
//! round-trip, errors carry positions, and von Stengel's 6 × 6 game has its 75 equilibria.

use kalmar_efg::format::{read_efg, read_nfg, to_efg_string, to_nfg_string};
use kalmar_efg::generate::{PRISONERS_DILEMMA, TreeParams, poker, random_tree, repeated};
use kalmar_efg::nash::is_equilibrium;
use kalmar_efg::nash::lemke_howson::all_labels;
use kalmar_efg::nash::support::support_enumeration;
use kalmar_efg::recall::Recall;
use kalmar_efg::strategic::{DEFAULT_LIMIT, strategic_form};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use std::path::Path;

fn testdata(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/efg")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn files_written_by_gambit_round_trip_byte_for_byte() {
    // Written by pygambit 16.7 (`Game.to_efg`, `Game.to_nfg`); gambit-kuhn.efg is Gambit's
    // rewrite of kalmar's examples/kuhn-poker.efg, byte for byte the same.
    for name in ["gambit-poker.efg", "gambit-kuhn.efg"] {
        let text = testdata(name);
        assert_eq!(to_efg_string(&read_efg(&text).unwrap()), text, "{name}");
    }
    for name in ["gambit-pennies.nfg", "stengel-6x6.nfg"] {
        let text = testdata(name);
        assert_eq!(to_nfg_string(&read_nfg(&text).unwrap()), text, "{name}");
    }
    let counted = "NFG 1 R \"Counted\" { \"1\" \"2\" } { 2 1 }\n\"a comment\"\n\n1 2 3/4 0.5\n";
    assert_eq!(to_nfg_string(&read_nfg(counted).unwrap()), counted);
}

#[test]
fn chance_probabilities_and_outcomes_are_exact() {
    let game = read_efg(&testdata("gambit-poker.efg")).unwrap();
    let pay = game.path_payoffs();
    let last = game.num_nodes() - 1;
    assert_eq!(pay[last][0].to_string(), "1/3");
    let recall = Recall::check(&game);
    assert!(recall.is_perfect());
    assert_eq!(game.chance_reach()[last].to_string(), "1/2");
}

#[test]
fn von_stengels_game_has_75_equilibria() {
    // B. von Stengel, New maximal numbers of equilibria in bimatrix games, Discrete and
    // Computational Geometry 21 (1999): a nondegenerate 6 × 6 game with 75 equilibria.
    let game = read_nfg(&testdata("stengel-6x6.nfg")).unwrap();
    let (a, b) = game.bimatrix().unwrap();
    let (all, _) = support_enumeration(&a, &b);
    assert_eq!(all.len(), 75);
    let lh = all_labels(&a, &b).0.equilibria;
    for e in &lh {
        assert!(all.contains(e));
        assert!(is_equilibrium(&game, e));
    }
}

#[test]
fn nfg_errors_name_line_and_column() {
    let cases = [
        ("NFG 1 R \"x\" { \"1\" } { 2 }\n\n1\n", 4, 1, "a payoff"),
        (
            "NFG 1 R \"x\" { \"1\" \"2\" } { 2 }\n\n1 2\n",
            1,
            25,
            "strategies for each of the 2 players",
        ),
        (
            "NFG 1 R \"x\" { \"1\" } { 4000000000 }\n\n1\n",
            1,
            21,
            "no more profiles",
        ),
        (
            "NFG 1 R \"x\" { \"1\" } { { \"a\" } }\n\"\"\n{\n{ \"\" 1 }\n}\n2\n",
            6,
            1,
            "from 0 to 1",
        ),
        ("NFG 2 R \"x\" { \"1\" } { 1 }\n1\n", 1, 5, "version 1"),
        (
            "NFG 1 R \"x\" { \"1\" } { 1 }\n\n1 2\n",
            3,
            3,
            "end of the file",
        ),
    ];
    for (text, line, column, expected) in cases {
        let e = read_nfg(text).unwrap_err();
        assert_eq!((e.span().line, e.span().column), (line, column), "{e}");
        assert!(e.expected().contains(expected), "{e}");
    }
    // A declared size past 2^64 profiles is said in full, not cut to 2^64 - 1.
    let five = "NFG 1 R \"x\" { \"1\" \"2\" \"3\" \"4\" \"5\" } { 100000 100000 100000 100000 100000 }\n\n1\n";
    let e = read_nfg(five).unwrap_err();
    assert!(
        e.to_string()
            .contains("found 10000000000000000000000000 profiles"),
        "{e}"
    );
}

#[test]
fn strategic_form_as_gambit_writes_it() {
    let game = poker(3);
    let recall = Recall::check(&game);
    let sf = strategic_form(&game, &recall, DEFAULT_LIMIT).unwrap();
    let text = to_nfg_string(&sf.nfg);
    assert!(
        text.starts_with("NFG 1 R \"poker with 3 cards\" { \"Player 1\" \"Player 2\" }\n\n{ {")
    );
    assert_eq!(read_nfg(&text).unwrap(), sf.nfg);
    let again = to_nfg_string(&read_nfg(&text).unwrap());
    assert_eq!(again, text);
    // Too large a form is refused with its size, before it is built.
    let big = repeated(4, PRISONERS_DILEMMA);
    let e = strategic_form(&big, &Recall::check(&big), DEFAULT_LIMIT).unwrap_err();
    assert!(e.to_string().contains("profiles × 2 payoffs"), "{e}");
}

/// A player without moves has one strategy, the empty one; and two strategies may have the
/// same label. The strategic form names them as equilibria do (`1`, `a (2)`), so the `.nfg`
/// file and `kalmar efg nash` agree on every name.
#[test]
fn strategic_form_names_strategies_as_equilibria_do() {
    let game = read_efg(
        "EFG 2 R \"x\" { \"1\" \"2\" }\np \"\" 1 1 \"\" { \"a\" \"a\" } 0\n\
         t \"\" 1 \"\" { 1, 2 }\nt \"\" 2 \"\" { 2, 1 }\n",
    )
    .unwrap();
    let sf = strategic_form(&game, &Recall::check(&game), DEFAULT_LIMIT).unwrap();
    assert_eq!(sf.nfg.strategies, [vec!["a", "a (2)"], vec!["1"]]);
    assert!(to_nfg_string(&sf.nfg).contains("{ { \"a\" \"a (2)\" }\n{ \"1\" }\n}"));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, rng_seed: RngSeed::Fixed(5), ..ProptestConfig::default() })]

    #[test]
    fn generated_games_round_trip(players in 1u32..=3, depth in 1u32..=4, chance in 0.0f64..0.5, seed: u64) {
        let params = TreeParams { players, max_depth: depth, chance, ..TreeParams::default() };
        let game = random_tree(&params, seed);
        let text = to_efg_string(&game);
        let again = read_efg(&text).unwrap();
        prop_assert_eq!(&again, &game);
        prop_assert_eq!(to_efg_string(&again), text);
        if let Ok(sf) = strategic_form(&game, &Recall::check(&game), 1 << 14) {
            let nfg = to_nfg_string(&sf.nfg);
            prop_assert_eq!(read_nfg(&nfg).unwrap(), sf.nfg);
        }
    }

    #[test]
    fn strategic_form_payoffs_equal_tree_walks(players in 1u32..=3, depth in 1u32..=4, seed: u64) {
        let params = TreeParams { players, max_depth: depth, ..TreeParams::default() };
        let game = random_tree(&params, seed);
        let recall = Recall::check(&game);
        let sf = strategic_form(&game, &recall, 1 << 16);
        prop_assume!(sf.is_ok());
        let sf = sf.unwrap();
        let shape = sf.nfg.shape();
        for k in 0..sf.nfg.num_profiles() {
            let mut rest = k;
            let profile: Vec<&[Option<u32>]> = shape
                .iter()
                .enumerate()
                .map(|(i, &n)| {
                    let s = rest % n;
                    rest /= n;
                    sf.strategies[i][s].as_slice()
                })
                .collect();
            let walked = kalmar_efg::strategic::payoff_by_walk(&game, &sf.players, &profile);
            for (i, w) in walked.iter().enumerate() {
                prop_assert_eq!(sf.nfg.payoff(k, i), w);
            }
        }
    }
}
