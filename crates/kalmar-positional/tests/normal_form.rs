//! The normal form against the graph: its pure equilibria are the positional profiles the
//! exhaustive search finds, each cell is the play of its profile, the `.nfg` text reads back,
//! and the paper's Figure 10 is checked by hand.

use kalmar_core::format::read_gg;
use kalmar_efg::format::{GameFile, read_game, to_nfg_string};
use kalmar_efg::nash::pure::pure_equilibria;
use kalmar_positional::normal_form::{self, DEFAULT_MAX_SIZE, NormalFormError};
use kalmar_positional::{Outcome, PositionalGame, brute_force, play, summary, win_lose};
use proptest::prelude::*;

mod common;
use common::games;

fn read(text: &str) -> PositionalGame {
    PositionalGame::from_graph(&read_gg(text).unwrap()).unwrap()
}

const FIGURE_10: &str = "kalmar-gg 1\nplayers 2\ncycle (2,0)\nstart u\nu player0 -> v a1\n\
                         v player1 -> u a2\na1 terminal payoff=(1,2)\na2 terminal payoff=(0,1)\n";

#[test]
fn figure_10_by_hand() {
    let game = read(FIGURE_10);
    let form = normal_form::build(&game, DEFAULT_MAX_SIZE).unwrap();
    let arena = game.arena();
    let at = |name: &str| arena.vertices().find(|&v| arena.name(v) == name).unwrap();
    // Player 0: u>v, u>a1; player 1: v>u, v>a2.
    assert_eq!(form.shape(), [2, 2]);
    assert_eq!(form.outcome(&[0, 0]), Outcome::Cycle);
    assert_eq!(form.outcome(&[0, 1]), Outcome::Terminal(at("a2")));
    assert_eq!(form.outcome(&[1, 0]), Outcome::Terminal(at("a1")));
    assert_eq!(form.outcome(&[1, 1]), Outcome::Terminal(at("a1")));
    // `.nfg` order: player 0 fastest.
    assert_eq!(
        form.outcomes(),
        [
            Outcome::Cycle,
            Outcome::Terminal(at("a1")),
            Outcome::Terminal(at("a2")),
            Outcome::Terminal(at("a1")),
        ]
    );
    let nfg = form.to_nfg(&game, "Figure 10");
    assert_eq!(nfg.strategies, [["u>v", "u>a1"], ["v>u", "v>a2"]]);
    assert_eq!(nfg.players, ["player0", "player1"]);
    let payoffs: Vec<(String, String)> = (0..4)
        .map(|k| (nfg.payoff(k, 0).to_string(), nfg.payoff(k, 1).to_string()))
        .collect();
    let expected = [("2", "0"), ("1", "2"), ("0", "1"), ("1", "2")];
    assert_eq!(
        payoffs,
        expected.map(|(a, b)| (a.to_string(), b.to_string()))
    );
    // Cycling pays player 0 most, so it leaves u for v unless player 1 ends at a2, and then it
    // ends at a1: one pure equilibrium, (u>a1, v>a2), as the exhaustive search finds.
    assert_eq!(pure_equilibria(&nfg), [[1, 1]]);
    let found = brute_force::solve(&game, 1 << 20).unwrap();
    assert_eq!(found.equilibria.len(), 1);
    assert_eq!(form.strategy_index(0, &found.equilibria[0]), Some(1));
    assert_eq!(form.strategy_index(1, &found.equilibria[0]), Some(1));
}

#[test]
fn the_nfg_text_reads_back() {
    let game = read(FIGURE_10);
    let nfg = normal_form::build(&game, DEFAULT_MAX_SIZE)
        .unwrap()
        .to_nfg(&game, "Figure 10");
    let text = to_nfg_string(&nfg);
    let GameFile::Nfg(back) = read_game(&text).unwrap() else {
        panic!("not read as .nfg: {text}")
    };
    assert_eq!(back, nfg);
    assert_eq!(to_nfg_string(&back), text);
    assert!(text.contains("{ \"c\" 2, 0 }"), "{text}");
}

#[test]
fn too_large_is_refused_with_its_size() {
    // Two players, 3 + 2 positions of two moves: 32 profiles, 64 payoffs.
    let game = read(
        "kalmar-gg 1\nplayers 2\na player0 -> b x\nb player0 -> c x\nc player0 -> d x\n\
         d player1 -> e x\ne player1 -> a x\nx terminal payoff=(1,0)\n",
    );
    let err = normal_form::build(&game, 63).unwrap_err();
    assert!(matches!(err, NormalFormError::TooLarge { .. }));
    assert_eq!(
        err.to_string().split(", more").next().unwrap(),
        "the normal form has 8 × 4 = 32 profiles × 2 players = 64 payoffs"
    );
    assert_eq!(normal_form::build(&game, 64).unwrap().num_profiles(), 32);
    // Games far beyond any memory are refused by their counts, not by allocating: exact up to
    // 2^1024, a power of two below the number beyond.
    let ring = |n: usize| {
        let mut text = "kalmar-gg 1\nplayers 2\n".to_string();
        for i in 0..n {
            text += &format!("p{i} player{} -> p{} x\n", i % 2, (i + 1) % n);
        }
        read(&(text + "x terminal payoff=(1,0)\n"))
    };
    let err = normal_form::build(&ring(200), u64::MAX).unwrap_err();
    let two_100 = "1267650600228229401496703205376";
    assert!(
        err.to_string()
            .starts_with(&format!("the normal form has {two_100} × {two_100} = ")),
        "{err}"
    );
    let err = normal_form::build(&ring(4000), u64::MAX).unwrap_err();
    assert!(
        err.to_string().starts_with(
            "the normal form has at least 2^2000 × at least 2^2000 = at least 2^4000 profiles × \
             2 players = at least 2^4001 payoffs"
        ),
        "{err}"
    );
}

#[test]
fn chance_is_refused() {
    let game = read(
        "kalmar-gg 1\nplayers 2\nd chance -> x:1/2 y:1/2\nx terminal payoff=(1,0)\ny terminal payoff=(0,1)\n",
    );
    assert!(matches!(
        normal_form::build(&game, DEFAULT_MAX_SIZE),
        Err(NormalFormError::Chance(_))
    ));
}

#[test]
fn strategy_names_stay_unique() {
    // Two moves from a to b: the names gain the strategy's number.
    let game = read(
        "kalmar-gg 1\nplayers 2\na player0 -> b b x\nb player1 -> a x\nx terminal payoff=(1,0)\n",
    );
    assert_eq!(game.arena().out_degree(game.start()), 3);
    let form = normal_form::build(&game, DEFAULT_MAX_SIZE).unwrap();
    assert_eq!(form.strategy_names(&game, 0), ["a>b#1", "a>b#2", "a>x#3"]);
    // A player without positions has one strategy.
    let game = read(
        "kalmar-gg 1\nplayers 3\na player0 -> x y\nx terminal payoff=(1,0,0)\ny terminal payoff=(0,1,0)\n",
    );
    let form = normal_form::build(&game, DEFAULT_MAX_SIZE).unwrap();
    assert_eq!(form.shape(), [2, 1, 1]);
    assert_eq!(form.strategy_names(&game, 1), ["-"]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn pure_equilibria_of_the_table_are_the_positional_equilibria(
        text in prop_oneof![(2usize..4).prop_flat_map(|k| games(k, false)), games(2, true)],
    ) {
        let game = read(&text);
        let form = normal_form::build(&game, DEFAULT_MAX_SIZE).unwrap();
        let nfg = form.to_nfg(&game, "random");
        let found = brute_force::solve(&game, 1 << 20).unwrap();
        prop_assert_eq!(found.profiles, form.num_profiles() as u64);
        let mut from_graph: Vec<Vec<usize>> = found
            .equilibria
            .iter()
            .map(|p| (0..game.num_players()).map(|i| form.strategy_index(i, p).unwrap()).collect())
            .collect();
        from_graph.sort_by_key(|s| form.profile_index(s));
        prop_assert_eq!(pure_equilibria(&nfg), from_graph);
        // Every cell is the play of its profile, and pays that outcome's utilities.
        for k in 0..form.num_profiles() {
            let mut strategies = Vec::new();
            let mut rest = k;
            for &n in form.shape() {
                strategies.push(rest % n);
                rest /= n;
            }
            prop_assert_eq!(form.profile_index(&strategies), k);
            let profile = form.profile(&game, &strategies);
            let outcome = play(&game, &profile, game.start()).unwrap().outcome;
            prop_assert_eq!(form.outcomes()[k], outcome);
            for i in 0..game.num_players() {
                prop_assert_eq!(nfg.payoff(k, i), &game.utility(outcome)[i]);
            }
        }
        // The .nfg text reads back as the same game.
        let GameFile::Nfg(back) = read_game(&to_nfg_string(&nfg)).unwrap() else {
            panic!("not an .nfg")
        };
        prop_assert_eq!(back, nfg);
        // The summary counts the same profiles, and play from the start can cycle exactly when
        // some profile's does; win-lose is what the attractor solver accepts.
        let info = summary::info(&game);
        prop_assert_eq!(info.profiles.to_u64(), Some(found.profiles));
        prop_assert_eq!(info.acyclic, !form.outcomes().contains(&Outcome::Cycle));
        prop_assert_eq!(info.win_lose, win_lose::solve(&game).is_ok());
        let strategies: Vec<Option<u64>> = info.players.iter().map(|p| p.strategies.to_u64()).collect();
        let shape: Vec<Option<u64>> = form.shape().iter().map(|&n| Some(n as u64)).collect();
        prop_assert_eq!(strategies, shape);
    }
}
