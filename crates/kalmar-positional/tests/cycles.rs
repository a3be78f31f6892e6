//! Games with cycles against the definitions, on small random games: every profile's play is
//! followed directly, and a player's deviations are every strategy of its own (not the
//! reachability argument the certificate relies on). Theorem 3 (two players: strong
//! improvements end in an equilibrium), Proposition 2 (win-lose games) and Proposition 1 (lazy
//! deviations change the fewest decisions) become properties; the paper's Figure 10 is a test.

use kalmar_core::format::read_gg;
use kalmar_core::{Edge, Rational, Strategy, Vertex};
use kalmar_positional::improvement::{self, End};
use kalmar_positional::restricted::{self, Improvement, Restriction};
use kalmar_positional::{PositionalGame, brute_force, deviation, lazy, play, win_lose};
use kalmar_positional::{cycle_certificate, longest_run, preference_search, ricycle};
use proptest::prelude::*;
use proptest::strategy::{Strategy as _, ValueTree as _};

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

/// A random tree (each position but the root has one parent, earlier in the order), or a random
/// acyclic digraph (moves go to later positions only), with `players` players.
fn acyclic_text(
    players: usize,
    tree: bool,
    parents: &[usize],
    extra: &[Vec<usize>],
    utilities: &[Vec<i8>],
) -> String {
    let n = parents.len() + 1;
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (k, &p) in parents.iter().enumerate() {
        let child = k + 1;
        children[p % child].push(child);
    }
    if !tree {
        for (v, targets) in extra.iter().enumerate().take(n) {
            for &t in targets {
                let t = v + 1 + t % (n - v).max(1);
                if t < n && !children[v].contains(&t) {
                    children[v].push(t);
                }
            }
        }
    }
    let vector = |u: &[i8]| {
        let u: Vec<String> = u.iter().take(players).map(ToString::to_string).collect();
        format!("({})", u.join(","))
    };
    let mut text = format!("kalmar-gg 1\nplayers {players}\nstart v0\n");
    let mut leaf = 0;
    for (v, kids) in children.iter().enumerate() {
        if kids.is_empty() {
            text += &format!(
                "v{v} terminal payoff={}\n",
                vector(&utilities[leaf % utilities.len()])
            );
            leaf += 1;
        } else {
            let list: Vec<String> = kids.iter().map(|c| format!("v{c}")).collect();
            text += &format!(
                "v{v} player{} -> {}\n",
                (v * 7 + kids.len()) % players,
                list.join(" ")
            );
        }
    }
    text
}

fn acyclic_games(tree: bool) -> impl proptest::strategy::Strategy<Value = String> {
    (2usize..4, 2usize..8).prop_flat_map(move |(players, n)| {
        (
            proptest::collection::vec(0usize..16, n - 1),
            proptest::collection::vec(proptest::collection::vec(0usize..16, 0..2), n),
            proptest::collection::vec(proptest::collection::vec(0i8..4, players), 1..6),
        )
            .prop_map(move |(parents, extra, utilities)| {
                acyclic_text(players, tree, &parents, &extra, &utilities)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Theorem 1 (Kukushkin): positional games on trees have no restricted standard
    /// improvement cycles.
    #[test]
    fn trees_have_no_standard_ri_cycle(text in acyclic_games(true)) {
        let game = read(&text);
        prop_assert!(ricycle::search(&game, Improvement::Standard, 1 << 14).unwrap().is_none(), "{}", text);
    }

    /// Theorem 2: games on acyclic digraphs have no restricted last-step improvement cycles.
    #[test]
    fn acyclic_digraphs_have_no_last_step_ri_cycle(text in acyclic_games(false)) {
        let game = read(&text);
        prop_assert!(ricycle::search(&game, Improvement::LastStep, 1 << 14).unwrap().is_none(), "{}", text);
    }

    /// Theorem 3 as dynamics: strong inside-play improvements chosen at random always end, in an
    /// equilibrium, for two players; any dynamics that stop, stop at one.
    #[test]
    fn random_strong_dynamics_of_two_players_end_in_an_equilibrium(
        text in games(2, false),
        seed in 0u64..1000,
        restriction in 0usize..3,
    ) {
        let game = read(&text);
        let (_, restriction) = Restriction::ALL[restriction];
        let dynamics = improvement::Dynamics {
            improvement: Improvement::Strong,
            restriction,
            rule: improvement::Rule::Random(seed),
            max_steps: 100_000,
        };
        let run = improvement::run_with(&game, improvement::random_profile(&game, seed), &dynamics).unwrap();
        match &run.end {
            End::Equilibrium(profile) => prop_assert!(is_nash_by_definition(&game, profile)),
            // Unrestricted improvements may cycle: Theorem 3 is about restricted ones.
            End::Cycle { .. } => prop_assert_eq!(restriction, Restriction::Unrestricted, "{}", text),
            End::Limit => prop_assert!(false, "step limit\n{}", text),
        }
    }

    /// Theorem 3: two-person games have no restricted strong improvement cycles, cycles in the
    /// graph or not.
    #[test]
    fn two_players_have_no_strong_ri_cycle(text in games(2, false)) {
        let game = read(&text);
        prop_assert!(ricycle::search(&game, Improvement::Strong, 1 << 14).unwrap().is_none(), "{}", text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The inside-play deviations are exactly the changes of a player's strategy whose changed
    /// positions all lie on the new play (the paper's equivalent form, §1.4.2), and a standard
    /// improvement is one that ends better.
    #[test]
    fn inside_play_deviations_are_the_changes_on_the_new_play(
        text in (2usize..4).prop_flat_map(|k| games(k, false)),
        picks in proptest::collection::vec(0usize..3, 1..8),
        player in 0usize..3,
    ) {
        let game = read(&text);
        let player = player % game.num_players();
        let profile = random_profile(&game, &picks);
        let arena = game.arena();
        let utility = |p: &Strategy| game.utility(play(&game, p, game.start()).unwrap().outcome)[player].clone();
        let mine: Vec<Vertex> = arena.vertices().filter(|&v| game.mover(v) == Some(player)).collect();
        let mut expected = std::collections::BTreeSet::new();
        for moves in all_profiles(&game, &mine) {
            let mut deviated = profile.clone();
            for &e in &moves {
                deviated.set(arena.source(e), e);
            }
            let on_play = play(&game, &deviated, game.start()).unwrap().positions;
            let changed: Vec<Vertex> = mine.iter().copied().filter(|&v| deviated.get(v) != profile.get(v)).collect();
            if !changed.is_empty() && changed.iter().all(|v| on_play.contains(v)) && utility(&deviated) > utility(&profile) {
                expected.insert(moves.iter().map(|e| e.0).collect::<Vec<_>>());
            }
        }
        let found: std::collections::BTreeSet<Vec<u32>> = restricted::improvements(&game, &profile, player, Improvement::Standard, Restriction::InsidePlay)
            .into_iter()
            .map(|(p, _)| mine.iter().map(|&v| p.get(v).unwrap().0).collect())
            .collect();
        prop_assert_eq!(found, expected, "{}", text);
    }
}

/// The cycle search is not vacuous: without the inside-play restriction, improvement cycles
/// exist (the paper's Figure 1 has one even on a tree), and the search finds them, each step an
/// improvement for its player.
#[test]
fn unrestricted_improvement_cycles_are_found() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut found = 0;
    for _ in 0..1000 {
        let text = games(2, false).new_tree(&mut runner).unwrap().current();
        let game = read(&text);
        let search = ricycle::search_with(
            &game,
            &ricycle::Options {
                restriction: Restriction::Unrestricted,
                max_profiles: 1 << 12,
                ..ricycle::Options::default()
            },
        );
        let Some(cycle) = search.unwrap() else {
            continue;
        };
        found += 1;
        for step in &cycle {
            let u = |o| game.utility(o)[step.player].clone();
            assert!(
                u(*step.outcomes.last().unwrap()) > u(step.outcomes[0]),
                "{text}"
            );
        }
        assert!(cycle.len() >= 2);
    }
    assert!(found > 0, "no improvement cycle in 1000 random games");
}

/// Every ranking of `n` outcomes (rank 0 worst), with ties or only strict ones.
fn rankings(n: usize, ties: bool) -> Vec<Vec<i64>> {
    let mut all = Vec::new();
    let mut ranks = vec![0i64; n];
    loop {
        let mut used: Vec<i64> = ranks.clone();
        used.sort_unstable();
        used.dedup();
        let onto = used.len() == (*used.last().unwrap_or(&-1) + 1) as usize;
        if onto && (ties || used.len() == n) {
            all.push(ranks.clone());
        }
        let Some(k) = (0..n).find(|&k| ranks[k] + 1 < n as i64) else {
            return all;
        };
        ranks[k] += 1;
        for r in &mut ranks[..k] {
            *r = 0;
        }
    }
}

/// The game form with each player's outcomes ranked: terminals in vertex order, then c.
fn ranked(form: &PositionalGame, ranks: &[&Vec<i64>]) -> PositionalGame {
    let arena = form.arena();
    let outcomes: Vec<play::Outcome> = arena
        .vertices()
        .filter(|&v| arena.is_terminal(v))
        .map(play::Outcome::Terminal)
        .chain([play::Outcome::Cycle])
        .collect();
    let mut game = form.clone();
    for (player, ranks) in ranks.iter().enumerate() {
        for (&o, &r) in outcomes.iter().zip(ranks.iter()) {
            game.set_utility(o, player, Rational::from(r));
        }
    }
    game
}

/// Games of two or three players where improvement cycles are common: three to six positions
/// with two moves each, two or three terminals, utilities -2..2.
fn small_games(players: usize) -> impl proptest::strategy::Strategy<Value = String> {
    (3usize..7, 2usize..4).prop_flat_map(move |(positions, terminals)| {
        let n = positions + terminals;
        (
            proptest::collection::vec(0usize..players, positions),
            proptest::collection::vec((0..n, 1..n), positions),
            proptest::collection::vec(proptest::collection::vec(-2i8..3, players), terminals + 1),
        )
            .prop_map(move |(owners, moves, utilities)| {
                let moves: Vec<Vec<usize>> =
                    moves.iter().map(|&(a, b)| vec![a, (a + b) % n]).collect();
                common::game_text(players, &owners, &moves, &utilities)
            })
    })
}

fn kinds() -> impl proptest::strategy::Strategy<Value = (Improvement, Restriction)> {
    (0..Improvement::ALL.len(), 0..Restriction::ALL.len())
        .prop_map(|(k, r)| (Improvement::ALL[k].1, Restriction::ALL[r].1))
}

fn options(improvement: Improvement, restriction: Restriction) -> ricycle::Options {
    ricycle::Options {
        improvement,
        restriction,
        max_profiles: 1 << 12,
        max_nodes: 1 << 20,
        ..ricycle::Options::default()
    }
}

/// The search for preferences; a case whose search passes the budget is set aside (the search
/// is exponential, and random cases are not all small).
fn searched(
    form: &PositionalGame,
    options: &ricycle::Options,
) -> Result<preference_search::Searched, TestCaseError> {
    match preference_search::search(form, options) {
        Err(ricycle::SearchError::Budget(_)) => Err(TestCaseError::reject("over the budget")),
        found => Ok(found.unwrap()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Whenever a game has an ri-cycle, the search for preferences finds one in its form, and
    /// every witness passes the cycle's certificate under the preferences it gives.
    #[test]
    fn the_search_finds_preferences_wherever_a_game_has_a_cycle(
        text in (2usize..4).prop_flat_map(small_games),
        (improvement, restriction) in kinds(),
    ) {
        let game = read(&text);
        let options = options(improvement, restriction);
        let searched = searched(&game, &options)?;
        if let Some(witness) = &searched.witness {
            let ranked = witness.game(&game);
            prop_assert!(cycle_certificate::check(&ranked, &witness.steps, improvement, restriction).is_ok());
        }
        if let Some(cycle) = ricycle::search_with(&game, &options).unwrap() {
            prop_assert!(cycle_certificate::check(&game, &cycle, improvement, restriction).is_ok());
            prop_assert!(searched.witness.is_some(), "{}", text);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// And where the search finds no preferences, none exist: every ranking of the outcomes by
    /// both players is tried. Strict rankings suffice unless the type involves best replies,
    /// whose "at least as good as every reachable outcome" may force ties.
    #[test]
    fn no_ranking_makes_a_cycle_where_the_search_finds_none(
        text in small_games(2),
        (improvement, restriction) in kinds(),
    ) {
        let form = read(&text);
        let outcomes = form.arena().vertices().filter(|&v| form.arena().is_terminal(v)).count() + 1;
        let ties = matches!(improvement, Improvement::BestReply | Improvement::StrongBestReply);
        let rankings = rankings(outcomes, ties);
        prop_assume!(rankings.len() <= 24);
        let options = options(improvement, restriction);
        let found = searched(&form, &options)?.witness.is_some();
        let exists = rankings.iter().any(|first| {
            rankings.iter().any(|second| {
                let game = ranked(&form, &[first, second]);
                ricycle::search_with(&game, &options).unwrap().is_some()
            })
        });
        prop_assert_eq!(found, exists, "{}", text);
    }

    /// Theorems 1–3 for every preference at once: the search for preferences finds no standard
    /// ri-cycle on a tree, no last-step one on an acyclic digraph, no strong one for two players.
    #[test]
    fn no_preferences_break_theorems_1_to_3(
        tree in acyclic_games(true),
        acyclic in acyclic_games(false),
        two in games(2, false),
    ) {
        for (text, improvement) in [
            (&tree, Improvement::Standard),
            (&acyclic, Improvement::LastStep),
            (&two, Improvement::Strong),
        ] {
            let searched = searched(&read(text), &options(improvement, Restriction::InsidePlay))?;
            prop_assert!(searched.witness.is_none(), "{}", text);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The longest run exists exactly when the improvements cannot cycle, and no run of the
    /// dynamics, by any rule from any start, is longer.
    #[test]
    fn the_longest_run_bounds_every_run_of_the_dynamics(
        text in (2usize..4).prop_flat_map(small_games),
        (improvement, restriction) in kinds(),
        seed in 0u64..1000,
    ) {
        let game = read(&text);
        let options = options(improvement, restriction);
        let longest = longest_run::longest(&game, &options).unwrap();
        let cycle = ricycle::search_with(&game, &options).unwrap();
        prop_assert_eq!(longest.is_none(), cycle.is_some(), "{}", text);
        let Some(longest) = longest else {
            return Ok(());
        };
        let dynamics = improvement::Dynamics {
            improvement,
            restriction,
            rule: improvement::Rule::Random(seed),
            max_steps: longest.steps + 1,
        };
        let run = improvement::run_with(&game, improvement::random_profile(&game, seed), &dynamics).unwrap();
        prop_assert!(matches!(run.end, End::Equilibrium(_)), "{:?}\n{}", run.end, text);
        prop_assert!(run.steps.len() <= longest.steps);
        let from_longest = improvement::run_with(&game, longest.from.clone(), &dynamics).unwrap();
        prop_assert!(from_longest.steps.len() <= longest.steps);
    }
}
