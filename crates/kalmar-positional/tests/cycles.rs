//! Games with cycles against the definitions, on small random games: every profile's play is
//! followed directly, and a player's deviations are every strategy of its own (not the
//! reachability argument the certificate relies on). Theorem 3 (two players: strong
//! improvements end in an equilibrium), Proposition 2 (win-lose games) and Proposition 1 (lazy
//! deviations change the fewest decisions) become properties; the paper's Figure 10 is a test.

use kalmar_core::format::read_gg;
use kalmar_core::{Edge, Rational, Strategy, Vertex};
use kalmar_positional::improvement::{self, End};
use kalmar_positional::{PositionalGame, brute_force, deviation, lazy, play, win_lose};
use proptest::prelude::*;
use proptest::strategy::Strategy as _;

mod common;
use common::games;

fn read(text: &str) -> PositionalGame {
    PositionalGame::from_graph(&read_gg(text).unwrap()).unwrap()
}

/// Every profile of the positions in `movers`, each as the list of moves taken.
fn all_profiles(game: &PositionalGame, movers: &[Vertex]) -> Vec<Vec<Edge>> {
    let arena = game.arena();
    let mut profiles = vec![Vec::new()];
    for &v in movers {
        profiles = profiles
            .into_iter()
            .flat_map(|p| {
                arena.out_edges(v).map(move |e| {
                    let mut p = p.clone();
                    p.push(e);
                    p
                })
            })
            .collect();
    }
    profiles
}

/// The best utility `player` gets over all its own strategies, the others' fixed.
fn best_by_definition(game: &PositionalGame, profile: &Strategy, player: usize) -> Rational {
    let arena = game.arena();
    let mine: Vec<Vertex> = arena
        .vertices()
        .filter(|&v| game.mover(v) == Some(player))
        .collect();
    all_profiles(game, &mine)
        .into_iter()
        .map(|moves| {
            let mut deviated = profile.clone();
            for e in moves {
                deviated.set(arena.source(e), e);
            }
            let outcome = play(game, &deviated, game.start()).unwrap().outcome;
            game.utility(outcome)[player].clone()
        })
        .max()
        .unwrap()
}

fn is_nash_by_definition(game: &PositionalGame, profile: &Strategy) -> bool {
    let outcome = play(game, profile, game.start()).unwrap().outcome;
    (0..game.num_players())
        .all(|i| best_by_definition(game, profile, i) <= game.utility(outcome)[i])
}

fn random_profile(game: &PositionalGame, picks: &[usize]) -> Strategy {
    let arena = game.arena();
    let mut profile = Strategy::empty(arena.num_vertices());
    for (k, v) in arena
        .vertices()
        .filter(|&v| !arena.is_terminal(v))
        .enumerate()
    {
        let moves: Vec<Edge> = arena.out_edges(v).collect();
        profile.set(v, moves[picks[k % picks.len()] % moves.len()]);
    }
    profile
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn the_certificate_agrees_with_the_definition(
        text in (2usize..4).prop_flat_map(|k| games(k, false)),
        picks in proptest::collection::vec(0usize..3, 1..8),
    ) {
        let game = read(&text);
        let profile = random_profile(&game, &picks);
        prop_assert_eq!(deviation::check(&game, &profile).is_ok(), is_nash_by_definition(&game, &profile));
    }

    #[test]
    fn two_players_improve_to_an_equilibrium(text in games(2, false), picks in proptest::collection::vec(0usize..3, 1..8)) {
        let game = read(&text);
        let run = improvement::run(&game, random_profile(&game, &picks), 10_000).unwrap();
        let End::Equilibrium(profile) = &run.end else {
            return Err(TestCaseError::fail(format!("no equilibrium: {:?}\n{text}", run.end)));
        };
        prop_assert!(is_nash_by_definition(&game, profile));
        // Each step was a strong improvement for its player.
        for step in &run.steps {
            prop_assert!(step.gain.1 > step.gain.0);
        }
        prop_assert!(!brute_force::solve(&game, 1 << 16).unwrap().equilibria.is_empty());
    }

    #[test]
    fn brute_force_finds_exactly_the_equilibria(text in (2usize..4).prop_flat_map(|k| games(k, false))) {
        let game = read(&text);
        let found = brute_force::solve(&game, 1 << 16).unwrap();
        let arena = game.arena();
        let movers: Vec<Vertex> = arena.vertices().filter(|&v| !arena.is_terminal(v)).collect();
        let mut expected = 0;
        for moves in all_profiles(&game, &movers) {
            let mut profile = Strategy::empty(arena.num_vertices());
            for e in moves {
                profile.set(arena.source(e), e);
            }
            expected += usize::from(is_nash_by_definition(&game, &profile));
        }
        prop_assert_eq!(found.equilibria.len(), expected);
    }

    #[test]
    fn win_lose_games_have_a_subgame_perfect_equilibrium(text in games(2, true)) {
        let game = read(&text);
        let solved = win_lose::solve(&game).unwrap();
        prop_assert!(deviation::check_subgame_perfect(&game, &solved.profile).is_ok());
        for v in game.arena().vertices().filter(|&v| !game.arena().is_terminal(v)) {
            let outcome = play(&game, &solved.profile, v).unwrap().outcome;
            let winner = usize::from(game.utility(outcome)[1] > game.utility(outcome)[0]);
            prop_assert_eq!(winner, usize::from(solved.winner[v.index()]));
        }
    }

    #[test]
    fn lazy_deviations_reach_their_target_with_the_fewest_changes(
        text in (2usize..4).prop_flat_map(|k| games(k, false)),
        picks in proptest::collection::vec(0usize..3, 1..8),
        player in 0usize..3,
    ) {
        let game = read(&text);
        let player = player % game.num_players();
        let profile = random_profile(&game, &picks);
        let arena = game.arena();
        let mine: Vec<Vertex> = arena.vertices().filter(|&v| game.mover(v) == Some(player)).collect();
        // By definition: every strategy of the player, its outcome and how many decisions change.
        let mut fewest = std::collections::HashMap::new();
        for moves in all_profiles(&game, &mine) {
            let mut deviated = profile.clone();
            let mut changed = 0u32;
            for e in moves {
                changed += u32::from(profile.get(arena.source(e)) != Some(e));
                deviated.set(arena.source(e), e);
            }
            let outcome = play(&game, &deviated, game.start()).unwrap().outcome;
            let best = fewest.entry(outcome).or_insert(changed);
            *best = (*best).min(changed);
        }
        let targets = deviation::reachable_outcomes(&game, &profile, player, game.start());
        prop_assert_eq!(targets.len(), fewest.len());
        for target in targets {
            let (changed, deviated) = lazy::deviate(&game, &profile, player, target).unwrap();
            prop_assert_eq!(play(&game, &deviated, game.start()).unwrap().outcome, target);
            prop_assert_eq!(changed, fewest[&target], "target {:?}\n{}", target, text);
        }
    }
}

/// Figure 10: a two-person game whose equilibria are not subgame perfect, and no positional
/// profile is: from each start, some player gains by deviating.
#[test]
fn figure_10_has_no_subgame_perfect_profile() {
    // 1 : a2 < a1 < c and 2 : c < a2 < a1, the ranks as utilities.
    let game = read(
        "kalmar-gg 1\nplayers 2\ncycle (2,0)\nstart u\nu player0 -> v a1\nv player1 -> u a2\n\
         a1 terminal payoff=(1,2)\na2 terminal payoff=(0,1)\n",
    );
    let found = brute_force::solve(&game, 16).unwrap();
    assert_eq!(found.profiles, 4);
    assert!(!found.equilibria.is_empty());
    let arena = game.arena();
    let movers: Vec<Vertex> = arena
        .vertices()
        .filter(|&v| !arena.is_terminal(v))
        .collect();
    for moves in all_profiles(&game, &movers) {
        let mut profile = Strategy::empty(arena.num_vertices());
        for e in moves {
            profile.set(arena.source(e), e);
        }
        assert!(deviation::check_subgame_perfect(&game, &profile).is_err());
    }
}
