//! Saved equilibria: every method's answer round-trips through the JSON file and passes the
//! independent check; tampered files and non-equilibria are rejected, as a brute-force best
//! response says they should be.

use kalmar_core::Rational;
use kalmar_efg::certificate::tree::Behaviour;
use kalmar_efg::format::{GameFile, read_game};
use kalmar_efg::generate::{TreeParams, random_bimatrix, random_tree};
use kalmar_efg::nash::{self, METHODS, Options};
use kalmar_efg::normal::bimatrix_game;
use kalmar_efg::solution_file::{EquilibriumFile, Form, SolutionFileError};
use kalmar_efg::{Efg, InfosetId, Mover, NodeId};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use std::path::Path;

fn game(path: &str) -> GameFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path);
    read_game(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Every method that applies: its equilibria written, read back and verified; returns how many
/// methods found equilibria.
fn round_trip_all(file: &GameFile) -> usize {
    round_trip(file, METHODS.ids())
}

/// The methods given that apply: their equilibria written, read back and verified.
fn round_trip<'a>(file: &GameFile, methods: impl IntoIterator<Item = &'a str>) -> usize {
    let mut files = 0;
    for id in methods {
        let options = Options {
            method: id.into(),
            ..Options::default()
        };
        let Ok(solution) = nash::solve(file, &options) else {
            continue;
        };
        let saved = EquilibriumFile::from_solution(file, &solution).unwrap();
        if saved.equilibria.is_empty() {
            continue;
        }
        let text = serde_json::to_string_pretty(&saved).unwrap();
        let back: EquilibriumFile = serde_json::from_str(&text).unwrap();
        assert_eq!(back, saved, "{id}");
        let verified = back
            .verify(file)
            .unwrap_or_else(|e| panic!("{id}: {e}\n{text}"));
        assert_eq!(verified.equilibria.len(), saved.equilibria.len());
        let allowed = saved.epsilon.clone().unwrap_or(Rational::ZERO);
        for (checked, claimed) in verified.equilibria.iter().zip(&saved.equilibria) {
            assert_eq!(checked.payoffs, claimed.payoffs);
            for (best, payoff) in checked.best_responses.iter().zip(&claimed.payoffs) {
                assert!(best >= payoff && best - payoff <= allowed, "{id}");
            }
        }
        files += 1;
    }
    files
}

#[test]
fn every_method_round_trips_on_the_examples() {
    // Kuhn's poker has no pure equilibrium, and its 27 × 64 form is too large to enumerate.
    assert_eq!(
        round_trip(&game("examples/kuhn-poker.efg"), ["pure", "lh", "seqform"]),
        2
    );
    for (path, methods) in [
        ("examples/entry.efg", 10),
        ("examples/list-vs-tree.efg", 10),
        ("examples/forgetful.efg", 8),
        ("testdata/efg/gambit-pennies.nfg", 7),
        ("testdata/efg/stengel-6x6.nfg", 8),
    ] {
        assert_eq!(round_trip_all(&game(path)), methods, "{path}");
    }
}

#[test]
fn a_forgetful_players_mixed_equilibria_stay_mixtures_of_reduced_strategies() {
    let file = game("examples/forgetful.efg");
    let options = Options {
        method: "lh".into(),
        ..Options::default()
    };
    let solution = nash::solve(&file, &options).unwrap();
    let saved = EquilibriumFile::from_solution(&file, &solution).unwrap();
    let mixed = saved.equilibria.iter().any(|e| {
        e.profile[0]
            .strategies
            .as_ref()
            .is_some_and(|s| s.0.len() > 1)
    });
    assert_eq!(saved.form == Form::Reduced, mixed);
    assert!(saved.verify(&file).is_ok());
    let pure = Options {
        method: "pure".into(),
        ..Options::default()
    };
    let pure = EquilibriumFile::from_solution(&file, &nash::solve(&file, &pure).unwrap()).unwrap();
    assert_eq!(pure.form, Form::Tree);
    assert!(pure.verify(&file).is_ok());
}

/// The entry game's subgame-perfect equilibrium, saved.
fn entry_file() -> (GameFile, String) {
    let file = game("examples/entry.efg");
    let options = Options {
        method: "spe".into(),
        ..Options::default()
    };
    let saved =
        EquilibriumFile::from_solution(&file, &nash::solve(&file, &options).unwrap()).unwrap();
    (file, serde_json::to_string_pretty(&saved).unwrap())
}

fn verify_text(file: &GameFile, text: &str) -> Result<(), String> {
    let saved: EquilibriumFile = serde_json::from_str(text).map_err(|e| e.to_string())?;
    saved.verify(file).map(|_| ()).map_err(|e| e.to_string())
}

#[test]
fn tampered_files_are_rejected_with_the_reason() {
    let (file, text) = entry_file();
    assert!(text.contains("\"Fight\": \"0\",\n"), "{text}");
    assert_eq!(verify_text(&file, &text), Ok(()));
    // (In, Fight): the probabilities changed, the payoffs kept.
    let fight = text
        .replace("\"Fight\": \"0\"", "\"Fight\": \"1\"")
        .replace("\"Accommodate\": \"1\"", "\"Accommodate\": \"0\"");
    let why = verify_text(&file, &fight).unwrap_err();
    assert!(
        why.contains("player 1 (Entrant)'s expected payoff is -1, not 1"),
        "{why}"
    );
    // ... and the payoffs made right: the entrant gains by staying out.
    let fight = fight.replace("\"1\",\n        \"1\"", "\"-1\",\n        \"-1\"");
    let why = verify_text(&file, &fight).unwrap_err();
    assert!(
        why.contains(
            "equilibrium 1: player 1 (Entrant) gains by deviating: playing Out at player 1's \
             information set 1 pays 0, the profile pays -1"
        ),
        "{why}"
    );
    // A probability changed so that the moves no longer sum to 1.
    let half = text.replace("\"Fight\": \"0\"", "\"Fight\": \"1/2\"");
    let why = verify_text(&file, &half).unwrap_err();
    assert!(why.contains("sum to 3/2, not 1"), "{why}");
    // A payoff changed.
    let payoff = text.replace("\"1\",\n        \"1\"", "\"1\",\n        \"2\"");
    let why = verify_text(&file, &payoff).unwrap_err();
    assert!(
        why.contains("player 2 (Incumbent)'s expected payoff is 1, not 2"),
        "{why}"
    );
    // Names and numbers the game lacks; a float; a name twice.
    for (from, to, reason) in [
        ("\"Fight\"", "\"Flight\"", "no move named 'Flight'"),
        ("\"number\": 1", "\"number\": 7", "has no information set 7"),
        (
            "\"Incumbent\",\n",
            "\"Other\",\n",
            "the game's is 'Incumbent'",
        ),
        (
            "\"Fight\": \"0\"",
            "\"Fight\": 0.0",
            "an integer or a string",
        ),
        ("\"Fight\": \"0\"", "\"Accommodate\": \"0\"", "given twice"),
        (
            "\"kind\": \"equilibria\"",
            "\"kind\": \"strong\"",
            "expected family 'efg'",
        ),
    ] {
        let why = verify_text(&file, &text.replacen(from, to, 1)).unwrap_err();
        assert!(why.contains(reason), "{from} -> {to}: {why}");
    }
    // The file of a tree is not one of a table.
    let pennies = game("testdata/efg/gambit-pennies.nfg");
    assert!(verify_text(&pennies, &text).is_err());
}

#[test]
fn a_table_profile_with_a_profitable_deviation_is_rejected() {
    let file = game("testdata/efg/gambit-pennies.nfg");
    let options = Options {
        method: "enum".into(),
        ..Options::default()
    };
    let saved =
        EquilibriumFile::from_solution(&file, &nash::solve(&file, &options).unwrap()).unwrap();
    let text = serde_json::to_string(&saved).unwrap();
    assert_eq!(verify_text(&file, &text), Ok(()));
    // Player 1 always plays 1: player 2 answers with 2 and gets 1 instead of 0.
    let biased = text.replacen(r#"{"1":"1/2","2":"1/2"}"#, r#"{"1":"1"}"#, 1);
    let why = verify_text(&file, &biased).unwrap_err();
    assert!(
        why.contains("player 2 gains by deviating: playing 2 pays 1, the profile pays 0"),
        "{why}"
    );
    let unknown = text.replacen(r#""1":"1/2""#, r#""3":"1/2""#, 1);
    assert!(
        verify_text(&file, &unknown)
            .unwrap_err()
            .contains("no strategy named '3'")
    );
}

/// An approximate method's file says its ε: the check allows each player that much gain and
/// no more, and says which ε was exceeded.
#[test]
fn an_epsilon_equilibrium_is_checked_within_its_epsilon() {
    let file = game("testdata/efg/gambit-pennies.nfg");
    let options = Options {
        method: "enum".into(),
        ..Options::default()
    };
    let mut saved =
        EquilibriumFile::from_solution(&file, &nash::solve(&file, &options).unwrap()).unwrap();
    // Player 1 plays 1 with 51/100: both still get 0, but player 2 gains 1/50 by playing 2.
    let text = serde_json::to_string(&saved).unwrap();
    let tilted = text.replacen(
        r#"{"1":"1/2","2":"1/2"}"#,
        r#"{"1":"51/100","2":"49/100"}"#,
        1,
    );
    saved = serde_json::from_str(&tilted).unwrap();
    assert!(saved.verify(&file).is_err());
    saved.epsilon = Some(Rational::new(1, 25));
    let checked = saved.verify(&file).unwrap();
    assert_eq!(
        checked.equilibria[0].best_responses[1],
        Rational::new(1, 50)
    );
    saved.epsilon = Some(Rational::new(1, 100));
    let why = saved.verify(&file).unwrap_err().to_string();
    assert!(
        why.contains("so it is not an ε-equilibrium for ε = 1/100"),
        "{why}"
    );
    saved.epsilon = Some(Rational::new(-1, 100));
    assert!(
        saved
            .verify(&file)
            .unwrap_err()
            .to_string()
            .contains("at least 0")
    );
}

#[test]
fn a_file_without_equilibria_is_refused() {
    let (file, text) = entry_file();
    let mut saved: EquilibriumFile = serde_json::from_str(&text).unwrap();
    saved.equilibria.clear();
    assert_eq!(
        saved.verify(&file).unwrap_err(),
        SolutionFileError::Mismatch("the file holds no equilibrium to check".into())
    );
}

/// Every node's reach probability under the profile, player `skip` (if any) left out.
fn reach(game: &Efg, profile: &Behaviour, node: NodeId, skip: Option<u32>) -> Rational {
    let mut p = Rational::ONE;
    let mut x = node;
    while let Some(parent) = game.node(x).parent {
        let k = game.children(parent).iter().position(|&c| c == x).unwrap();
        let h = game.node(parent).infoset.unwrap();
        p = &p
            * &match game.infoset(h).mover {
                Mover::Chance => game.actions_of(h)[k].prob.clone().unwrap().value,
                Mover::Player(i) if Some(i) == skip => Rational::ONE,
                Mover::Player(_) => profile.0[h.index()].as_ref().unwrap()[k].clone(),
            };
        x = parent;
    }
    p
}

/// Each player's payoff and best-response value, by walking the tree for every pure strategy
/// of the player (one move per information set).
fn brute_force(game: &Efg, profile: &Behaviour) -> Vec<(Rational, Rational)> {
    let pay = game.path_payoffs();
    let leaves: Vec<NodeId> = (0..game.num_nodes() as u32)
        .map(NodeId)
        .filter(|&x| game.node(x).infoset.is_none())
        .collect();
    (0..game.num_players() as u32)
        .map(|i| {
            let payoff = leaves.iter().fold(Rational::ZERO, |acc, &z| {
                acc + &(&reach(game, profile, z, None) * &pay[z.index()][i as usize])
            });
            let sets: Vec<InfosetId> = game.player_infosets(i).collect();
            let arity: Vec<usize> = sets.iter().map(|&h| game.actions_of(h).len()).collect();
            let mut best: Option<Rational> = None;
            let mut digit = vec![0usize; sets.len()];
            loop {
                let mut pure = profile.clone();
                for (k, &h) in sets.iter().enumerate() {
                    pure.0[h.index()] = Some(
                        (0..arity[k])
                            .map(|a| {
                                if a == digit[k] {
                                    Rational::ONE
                                } else {
                                    Rational::ZERO
                                }
                            })
                            .collect(),
                    );
                }
                let value = leaves.iter().fold(Rational::ZERO, |acc, &z| {
                    acc + &(&reach(game, &pure, z, None) * &pay[z.index()][i as usize])
                });
                if best.as_ref().is_none_or(|b| value > *b) {
                    best = Some(value);
                }
                let Some(d) = (0..sets.len()).find(|&d| digit[d] + 1 < arity[d]) else {
                    break;
                };
                digit[d] += 1;
                digit[..d].iter_mut().for_each(|v| *v = 0);
            }
            (payoff, best.unwrap())
        })
        .collect()
}

/// The behaviour profile of a tree file's first equilibrium, with one information set's
/// probability moved from one move to another.
fn perturbed(game: &Efg, saved: &EquilibriumFile, pick: usize, amount: Rational) -> Behaviour {
    let mut profile = saved.behaviour(game, 0).unwrap();
    let sets: Vec<usize> = (0..profile.0.len())
        .filter(|&k| profile.0[k].is_some())
        .collect();
    if sets.is_empty() {
        return profile;
    }
    let probs = profile.0[sets[pick % sets.len()]].as_mut().unwrap();
    let from = (pick / sets.len()) % probs.len();
    let to = (from + 1) % probs.len();
    let moved = if probs[from] < amount {
        probs[from].clone()
    } else {
        amount
    };
    probs[from] = &probs[from] - &moved;
    probs[to] = &probs[to] + &moved;
    profile
}

/// A tree file holding exactly this behaviour profile and these payoffs.
fn with_profile(
    saved: &EquilibriumFile,
    game: &Efg,
    profile: &Behaviour,
    payoffs: Vec<Rational>,
) -> EquilibriumFile {
    let mut file = saved.clone();
    file.equilibria.truncate(1);
    let e = &mut file.equilibria[0];
    e.payoffs = payoffs;
    for (i, p) in e.profile.iter_mut().enumerate() {
        let sets: Vec<InfosetId> = game.player_infosets(i as u32).collect();
        for (entry, h) in p.infosets.as_mut().unwrap().iter_mut().zip(sets) {
            let probs = profile.0[h.index()].as_ref().unwrap();
            for ((_, p), q) in entry.moves.0.iter_mut().zip(probs) {
                *p = q.clone();
            }
        }
    }
    file
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, rng_seed: RngSeed::Fixed(11), ..ProptestConfig::default() })]

    #[test]
    fn every_equilibrium_any_method_finds_passes_the_check(
        depth in 2u32..=3, players in 1u32..=3, merge in 0.0f64..0.9, recall: bool, seed: u64,
    ) {
        let params = TreeParams { players, max_depth: depth, merge, perfect_recall: recall, ..TreeParams::default() };
        let file = GameFile::Efg(random_tree(&params, seed));
        round_trip_all(&file);
    }

    #[test]
    fn every_table_equilibrium_passes_the_check(m in 1usize..=4, n in 1usize..=4, seed: u64) {
        let (a, b) = random_bimatrix(m, n, 4, seed);
        let file = GameFile::Nfg(bimatrix_game("random", &a, &b));
        prop_assert!(round_trip_all(&file) >= 3);
    }

    #[test]
    fn a_perturbed_profile_is_rejected_exactly_when_a_deviation_pays(
        depth in 2u32..=3, merge in 0.0f64..0.9, chance in 0.0f64..0.4, seed: u64,
        pick in 0usize..64, num in 1i64..=4,
    ) {
        let params = TreeParams { players: 2, max_depth: depth, merge, chance, ..TreeParams::default() };
        let game = random_tree(&params, seed);
        let file = GameFile::Efg(game.clone());
        let solution = nash::solve(&file, &Options::for_game(&file)).unwrap();
        let saved = EquilibriumFile::from_solution(&file, &solution).unwrap();
        let profile = perturbed(&game, &saved, pick, Rational::new(num, 4));
        let truth = brute_force(&game, &profile);
        let payoffs = truth.iter().map(|(p, _)| p.clone()).collect();
        let equilibrium = truth.iter().all(|(p, b)| p == b);
        let result = with_profile(&saved, &game, &profile, payoffs).verify(&file);
        match result {
            Ok(verified) => {
                prop_assert!(equilibrium);
                let best: Vec<Rational> = truth.into_iter().map(|(_, b)| b).collect();
                prop_assert_eq!(&verified.equilibria[0].best_responses, &best);
            }
            Err(SolutionFileError::Rejected { rejection, .. }) => {
                prop_assert!(!equilibrium, "{}", rejection);
                let kalmar_efg::certificate::Rejection::Deviation { best, .. } = *rejection else {
                    panic!("a deviation, not {rejection}");
                };
                prop_assert!(truth.iter().any(|(_, b)| *b == best));
            }
            Err(e) => panic!("{e}"),
        }
    }
}
