//! Observation games: the note's counterexample to Reif's procedure, known games, and the
//! algorithms cross-checked against each other, against brute force over the plays of tiny
//! games, and through the independent checks of their witnesses.

use kalmar_core::format::{read_gg, to_gg_string};
use kalmar_observation::solve::{Input, Report, complete_algorithms, solve};
use kalmar_observation::verify::verify_spoiler;
use kalmar_observation::{
    GameBuilder, KnowledgeStrategy, LocationSet, ObservationGame, Side, Solution, Spoiler,
    TurnBased, antichain, brute_force, knowledge, primes, reif, verify,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Checks the witness a solution carries, and that every algorithm names the same winner.
fn solve_all(game: &ObservationGame) -> Side {
    let mut winners = Vec::new();
    for (id, algorithm) in complete_algorithms() {
        let solution: Solution = (algorithm.solve)(game);
        if let Some(strategy) = &solution.strategy {
            assert_eq!(solution.winner, Side::System);
            verify(game, strategy).unwrap_or_else(|e| panic!("{id}: {e}"));
        }
        if let Some(spoiler) = &solution.spoiler {
            assert_eq!(solution.winner, Side::Environment);
            verify_spoiler(game, spoiler).unwrap_or_else(|e| panic!("{id}: {e}"));
        }
        winners.push(solution.winner);
    }
    assert!(
        winners.iter().all(|&w| w == winners[0]),
        "the algorithms disagree: {winners:?}"
    );
    // The solve job agrees, its witness checked.
    let input = Input {
        game: game.clone(),
        turn_based: None,
    };
    for (id, _) in complete_algorithms() {
        match solve(&input, id, kalmar_core::memory::DEFAULT_LIMIT)
            .unwrap_or_else(|e| panic!("{id}: {e}"))
        {
            Report::Decided(decided) => {
                assert_eq!(decided.winner, winners[0], "{id}");
                assert!(decided.verified);
            }
            Report::Reif(_) => panic!("{id} is a complete algorithm"),
        }
    }
    // The knowledge game always gives a witness.
    let k = knowledge::solve(game);
    assert!(k.strategy.is_some() || k.spoiler.is_some());
    // So do the antichains, for every objective.
    let a = antichain::solve(game);
    assert!(a.strategy.is_some() || a.spoiler.is_some());
    winners[0]
}

// ----- the note of seed 000 -----

#[test]
fn the_note_example_fools_reif_but_not_the_knowledge_game() {
    let graph = reif::note_example();
    let game = TurnBased::from_graph(&graph).unwrap();
    // Reif's procedure: ACCEPT (the system "wins").
    let outcome = reif::run(&game, None);
    assert!(outcome.accept);
    // The environment goes down in the first step and wins: REJECT is right.
    assert_eq!(solve_all(&game.to_game()), Side::Environment);
    // The model assumption is broken at cT and cB, which offer c2 and c3.
    let violations = reif::check_assumption(&game);
    assert_eq!(violations.len(), 1);
    let v = &violations[0];
    assert_eq!((v.first.as_str(), v.second.as_str()), ("cT", "cB"));
    assert_eq!(v.observation, "c");
    assert_eq!(
        (v.only_first.clone(), v.only_second.clone()),
        (vec!["c2".to_string()], vec!["c3".to_string()])
    );
}

#[test]
fn the_note_example_trace() {
    // The note's run: P = {init}; then {cT, cB} (the universal choice of c); then the
    // existential choice of c2 gives {c2}, all dead ends at the environment's turn: ACCEPT.
    // The accepting run takes three steps: two choices and the final test.
    let game = TurnBased::from_graph(&reif::note_example()).unwrap();
    let outcome = reif::run(&game, None);
    assert_eq!(outcome.rounds, Some(3));
    // Bounded to two steps the machine cannot reach its accepting test.
    assert!(!reif::run(&game, Some(2)).accept);
}

#[test]
fn with_the_bottom_branch_seen_the_system_still_loses_and_reif_agrees() {
    // Give cB its own observation: Reif's assumption holds, and his procedure is right.
    let text = "kalmar-gg 1\nstart init\ninit min -> cT cB\ncT max obs=c -> c2\ncB max obs=d -> c3\n\
                c2 terminal\nc3 min -> dead\ndead terminal\n";
    let game = TurnBased::from_graph(&read_gg(text).unwrap()).unwrap();
    assert!(reif::check_assumption(&game).is_empty());
    assert!(!reif::run(&game, None).accept);
    assert_eq!(solve_all(&game.to_game()), Side::Environment);
}

#[test]
fn a_cycle_terminates_and_the_environment_wins_infinite_play() {
    // The system can only go round a cycle: no dead end is ever reached.
    let text = "kalmar-gg 1\nstart a\na max -> b\nb min -> a\n";
    let game = TurnBased::from_graph(&read_gg(text).unwrap()).unwrap();
    assert!(!reif::run(&game, None).accept);
    assert_eq!(solve_all(&game.to_game()), Side::Environment);
    // With priorities the cycle is won by the system (largest priority 2, even).
    let text = "kalmar-gg 1\nstart a\na max priority=2 -> b\nb min priority=1 -> a\n";
    let game = TurnBased::from_graph(&read_gg(text).unwrap()).unwrap();
    assert_eq!(solve_all(&game.to_game()), Side::System);
}

#[test]
fn a_vertex_without_obs_is_observed_by_its_name() {
    // `b` has no obs=, `c` has obs=b: the system cannot tell them apart.
    let text = "kalmar-gg 1\nstart a\na min -> b c\nb max -> t\nc max obs=b -> t\nt terminal\n";
    let game = TurnBased::from_graph(&read_gg(text).unwrap()).unwrap();
    assert_eq!(game.observation[1], game.observation[2]);
    assert_ne!(game.observation[0], game.observation[1]);
    assert_eq!(game.observation_names[game.observation[1] as usize], "b");
}

#[test]
fn turn_based_model_errors_name_the_positions() {
    let mixed = "kalmar-gg 1\nstart a\na max obs=x -> b\nb min obs=x -> a\n";
    let err = TurnBased::from_graph(&read_gg(mixed).unwrap()).unwrap_err();
    assert!(
        err.to_string()
            .contains("a and b share the observation 'x'"),
        "{err}"
    );
    let no_start = "kalmar-gg 1\na max -> a\n";
    assert!(TurnBased::from_graph(&read_gg(no_start).unwrap()).is_err());
    let payoff = "kalmar-gg 1\nstart a\na max -> t\nt terminal payoff=1\n";
    let err = TurnBased::from_graph(&read_gg(payoff).unwrap()).unwrap_err();
    assert!(err.to_string().contains("terminal t has a payoff"), "{err}");
    let shared = "kalmar-gg 1\nstart a\na max -> t b\nb min -> t\nt terminal\n";
    let err = TurnBased::from_graph(&read_gg(shared).unwrap()).unwrap_err();
    assert!(err.to_string().contains("terminal t"), "{err}");
}

#[test]
fn observations_round_trip_in_gg() {
    let graph = reif::note_example();
    let text = to_gg_string(&graph);
    assert!(text.contains("cT max obs=c -> c2"), "{text}");
    assert_eq!(read_gg(&text).unwrap(), graph);
    let quoted = "kalmar-gg 1\nstart a\na max obs=\"two words\" -> a\n";
    let g = read_gg(quoted).unwrap();
    assert_eq!(read_gg(&to_gg_string(&g)).unwrap(), g);
    let err = read_gg("kalmar-gg 1\na max obs= -> a\n").unwrap_err();
    assert_eq!((err.span().line, err.span().column), (2, 11));
    let err = read_gg("kalmar-gg 1\na max obs=x obs=y -> a\n").unwrap_err();
    assert_eq!((err.span().line, err.span().column), (2, 13));
}

// ----- known games -----

#[test]
fn prime_cycles_are_won_by_counting() {
    // Cycles of lengths 2, 3 and 5 look alike; the system must leave through the last
    // position of the cycle it is on, so it waits for a multiple of 30 rounds. The knowledge
    // sets its strategy meets are the start, the 30 positions of the joint count, and the
    // safe end.
    let game = primes::prime_cycles(3);
    let k = knowledge::solve(&game);
    assert_eq!(k.winner, Side::System);
    assert_eq!(k.strategy.unwrap().rules.len(), 1 + 30 + 1);
    assert_eq!(solve_all(&game), Side::System);
}

#[test]
fn a_hidden_bit_cannot_be_guessed_but_can_be_asked() {
    let build = |can_ask: bool| {
        let mut b = GameBuilder::new();
        let hidden = b.add_observation("hidden", 1);
        let goal = b.add_observation("goal", 1);
        let is0 = b.add_observation("is0", 1);
        let is1 = b.add_observation("is1", 1);
        let [g0, g1, ask] = [b.add_action("0"), b.add_action("1"), b.add_action("ask")];
        let zero = b.add_location("zero", hidden);
        let one = b.add_location("one", hidden);
        let win = b.add_location("win", goal);
        let lose = b.add_location("lose", goal);
        let z = b.add_location("z", is0);
        let o = b.add_location("o", is1);
        b.add_move(zero, g0, win);
        b.add_move(zero, g1, lose);
        b.add_move(one, g1, win);
        b.add_move(one, g0, lose);
        b.add_move(lose, g0, lose);
        b.add_move(z, g0, win);
        b.add_move(o, g1, win);
        if can_ask {
            b.add_move(zero, ask, z);
            b.add_move(one, ask, o);
        }
        b.add_initial(zero);
        b.add_initial(one);
        b.add_target(win);
        b.build().unwrap()
    };
    assert_eq!(solve_all(&build(false)), Side::Environment);
    assert_eq!(solve_all(&build(true)), Side::System);

    // The checks refuse wrong witnesses: guessing 0 loses when the bit is 1 (the play stays at
    // `lose` forever, priority 1), and no spoiler beats asking.
    let game = build(true);
    let both = LocationSet::of(game.num_locations(), [0, 1]);
    let lose = LocationSet::of(game.num_locations(), [3]);
    let guess = KnowledgeStrategy {
        rules: vec![(both.clone(), 0), (lose, 0)],
    };
    let err = verify(&game, &guess).unwrap_err();
    assert!(err.reason().contains("priority is 1, odd"), "{err}");
    let spoiler = Spoiler {
        start: Some(both.clone()),
        answers: vec![
            ((both.clone(), 0), 1),
            ((both.clone(), 1), 1),
            ((both, 2), 2),
        ],
    };
    assert!(verify_spoiler(&game, &spoiler).is_err());
}

#[test]
fn buchi_needs_the_asked_bit_and_antichains_find_the_strategy() {
    // Round after round the environment hides a bit (`zero` or `one`, both look `hidden`); the
    // system must answer it to pass through `good` (priority 2) and start again, and a wrong
    // answer traps the play in `bad` (priority 1) forever. Guessing loses: the environment
    // takes the other bit. With `ask` the system first sees the bit (`is0`/`is1`) and then
    // answers right every round, visiting `good` infinitely often: it wins Büchi.
    let build = |can_ask: bool| {
        let mut b = GameBuilder::new();
        let [start, hidden, good, bad, is0, is1] = [
            ("start", 1),
            ("hidden", 1),
            ("good", 2),
            ("bad", 1),
            ("is0", 1),
            ("is1", 1),
        ]
        .map(|(name, p)| b.add_observation(name, p));
        let [go, g0, g1, ask] = ["go", "0", "1", "ask"].map(|a| b.add_action(a));
        let s = b.add_location("s", start);
        let zero = b.add_location("zero", hidden);
        let one = b.add_location("one", hidden);
        let g = b.add_location("g", good);
        let x = b.add_location("x", bad);
        let z = b.add_location("z", is0);
        let o = b.add_location("o", is1);
        b.add_move(s, go, zero);
        b.add_move(s, go, one);
        for (from, right, wrong) in [(zero, g0, g1), (one, g1, g0), (z, g0, g1), (o, g1, g0)] {
            b.add_move(from, right, g);
            b.add_move(from, wrong, x);
        }
        b.add_move(g, go, s);
        b.add_move(x, go, x);
        if can_ask {
            b.add_move(zero, ask, z);
            b.add_move(one, ask, o);
        }
        b.add_initial(s);
        (b.build().unwrap(), [zero, one], ask)
    };
    let (game, _, _) = build(false);
    assert_eq!(solve_all(&game), Side::Environment);
    assert!(brute_force::solve(&game).is_none());
    let (game, [zero, one], ask) = build(true);
    assert_eq!(solve_all(&game), Side::System);
    // The antichains' strategy asks at the hidden bit.
    let strategy = antichain::solve(&game).strategy.unwrap();
    let both = LocationSet::of(game.num_locations(), [zero, one]);
    assert_eq!(strategy.lookup().action(&both), Some(ask));
    assert!(brute_force::solve(&game).is_some());
}

// ----- random games -----

/// A random game of at most `max_locations` locations; `objective` 0 is reachability, 1 safety,
/// 2 parity (with targets and unsafe locations), 3 Büchi (priorities 1 and 2, with targets and
/// unsafe locations).
fn random_game(seed: u64, max_locations: usize, objective: u8) -> ObservationGame {
    random_game_seen(seed, max_locations, 3, objective)
}

/// A random game with at most `max_observations` observations.
fn random_game_seen(
    seed: u64,
    max_locations: usize,
    max_observations: usize,
    objective: u8,
) -> ObservationGame {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = rng.random_range(1..=max_locations);
    let observations = rng.random_range(1..=n.min(max_observations));
    let actions = rng.random_range(1..=2u32);
    let mut b = GameBuilder::new();
    for o in 0..observations {
        let p = match objective {
            0 => 1,
            1 => 0,
            3 => rng.random_range(1..=2),
            _ => rng.random_range(0..4),
        };
        b.add_observation(format!("o{o}"), p);
    }
    for a in 0..actions {
        b.add_action(format!("a{a}"));
    }
    for l in 0..n {
        b.add_location(format!("l{l}"), rng.random_range(0..observations as u32));
    }
    for l in 0..n as u32 {
        for a in 0..actions {
            if rng.random_bool(0.8) {
                for _ in 0..rng.random_range(1..=2) {
                    b.add_move(l, a, rng.random_range(0..n as u32));
                }
            }
        }
        if objective != 1 && rng.random_bool(0.25) {
            b.add_target(l);
        }
        if objective != 0 && rng.random_bool(0.2) {
            b.make_unsafe(l);
        }
        if rng.random_bool(0.5) {
            b.add_initial(l);
        }
    }
    b.add_initial(rng.random_range(0..n as u32));
    b.build().unwrap()
}

/// Brute force over the plays of the game for `rounds` rounds: whether the system has an
/// observation-based way to make every play reach the target (`reach`) or stay safe. Each
/// play is a list of locations; the system's action may depend only on the observations seen,
/// so it is one action for all plays with the same observations so far.
fn brute_force(game: &ObservationGame, plays: Vec<Vec<u32>>, rounds: u32, reach: bool) -> bool {
    let open: Vec<Vec<u32>> = plays
        .into_iter()
        .filter(|p| !p.iter().any(|&l| game.target().contains(l)))
        .collect();
    if open.is_empty() {
        return true;
    }
    if !reach
        && open
            .iter()
            .any(|p| p.iter().any(|&l| !game.safe().contains(l)))
    {
        return false;
    }
    if rounds == 0 {
        return !reach;
    }
    (0..game.num_actions() as u32).any(|a| {
        let last = |p: &Vec<u32>| *p.last().unwrap();
        if !open.iter().all(|p| game.available(last(p), a)) {
            return false;
        }
        let mut next: Vec<Vec<u32>> = Vec::new();
        for p in &open {
            for &(b, t) in game.moves(last(p)) {
                if b == a {
                    let mut q = p.clone();
                    q.push(t);
                    next.push(q);
                }
            }
        }
        (0..game.num_observations() as u32).all(|o| {
            let part: Vec<Vec<u32>> = next
                .iter()
                .filter(|p| game.observation(last(p)) == o)
                .cloned()
                .collect();
            part.is_empty() || brute_force(game, part, rounds - 1, reach)
        })
    })
}

/// The brute force from the initial locations, split by their observation as the system sees.
fn brute_force_wins(game: &ObservationGame, reach: bool) -> bool {
    // With n locations there are fewer than 2^n knowledge sets: a winner wins within that many
    // rounds (the rank of an attractor of the knowledge game).
    let rounds = (1u32 << game.num_locations()) - 1;
    (0..game.num_observations() as u32).all(|o| {
        let plays: Vec<Vec<u32>> = game
            .initial()
            .iter()
            .filter(|&l| game.observation(l) == o)
            .map(|l| vec![l])
            .collect();
        plays.is_empty() || brute_force(game, plays, rounds, reach)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn reachability_agrees_with_brute_force(seed in any::<u64>()) {
        let game = random_game(seed, 3, 0);
        let winner = solve_all(&game);
        prop_assert_eq!(winner == Side::System, brute_force_wins(&game, true));
    }

    #[test]
    fn safety_agrees_with_brute_force(seed in any::<u64>()) {
        let game = random_game(seed, 3, 1);
        let winner = solve_all(&game);
        prop_assert_eq!(winner == Side::System, brute_force_wins(&game, false));
    }

    #[test]
    fn many_observations_agree(seed in any::<u64>()) {
        // Over a hundred observations: the antichains' persistent arrays have several levels,
        // and the iterations look only at what changed; solve_all checks agreement and every
        // witness.
        solve_all(&random_game_seen(seed, 150, 150, (seed % 4) as u8));
    }

    #[test]
    fn parity_knowledge_and_antichains_agree(seed in any::<u64>()) {
        // solve_all checks agreement and every witness.
        solve_all(&random_game(seed, 6, 2));
    }

    #[test]
    fn parity_and_buchi_agree_with_brute_force(seed in any::<u64>()) {
        // Knowledge game, antichains (both witnesses checked in solve_all) and the enumeration
        // of the strategies on knowledge sets, whose winning map is checked by `verify` too.
        let game = random_game(seed, 4, 2 + (seed % 2) as u8);
        let winner = solve_all(&game);
        let brute = brute_force::solve(&game);
        prop_assert_eq!(winner == Side::System, brute.is_some());
        if let Some(strategy) = brute {
            prop_assert!(verify(&game, &strategy).is_ok());
        }
    }

    #[test]
    fn reif_is_right_under_his_assumption_and_optimistic_otherwise(seed in any::<u64>()) {
        let graph = random_turn_based(seed);
        let game = TurnBased::from_graph(&graph).unwrap();
        let accept = reif::run(&game, None).accept;
        let winner = solve_all(&game.to_game());
        if reif::check_assumption(&game).is_empty() {
            prop_assert_eq!(accept, winner == Side::System);
        } else {
            // The existential choice only adds options for the system.
            prop_assert!(accept || winner == Side::Environment);
        }
    }
}

#[test]
fn larger_random_games_agree_and_both_sides_win_some() {
    let mut wins = [[0; 2]; 3];
    for seed in 0..60 {
        let objective = (seed % 3) as u8;
        let winner = solve_all(&random_game(seed, 9, objective));
        wins[objective as usize][usize::from(winner == Side::System)] += 1;
    }
    // The random games are not all won by one side, for any objective.
    assert!(wins.iter().flatten().all(|&w| w > 0), "{wins:?}");
}

#[test]
fn brute_force_sees_both_sides_win_parity_and_buchi_games() {
    // The random games of the cross-check with the brute force are not all won by one side.
    let mut wins = [[0; 2]; 2];
    for seed in 0..80u64 {
        let objective = (seed % 2) as u8;
        let game = random_game(seed, 4, 2 + objective);
        let brute = brute_force::solve(&game).is_some();
        assert_eq!(brute, solve_all(&game) == Side::System, "seed {seed}");
        wins[objective as usize][usize::from(brute)] += 1;
    }
    assert!(wins.iter().flatten().all(|&w| w > 0), "{wins:?}");
}

/// A random turn-based game with observations that passes [`TurnBased::from_graph`]:
/// observations that never mix the players, terminals entered by one player.
fn random_turn_based(seed: u64) -> kalmar_core::format::GameGraph {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = rng.random_range(2..=7usize);
    // Position i belongs to the system when i is even; terminals come last.
    let terminals = rng.random_range(0..=2usize);
    let mut text = String::from("kalmar-gg 1\nstart p0\n");
    let positions = n;
    for i in 0..positions {
        let system = i % 2 == 0;
        let obs = rng.random_range(0..2);
        let owner = if system { "max" } else { "min" };
        let obs_name = format!("{}{obs}", if system { "s" } else { "e" });
        let mut succ = Vec::new();
        for _ in 0..rng.random_range(1..=3) {
            if terminals > 0 && rng.random_bool(0.3) {
                // The terminal of the mover.
                succ.push(format!("t{}{}", owner, rng.random_range(0..terminals)));
            } else {
                succ.push(format!("p{}", rng.random_range(0..positions)));
            }
        }
        text += &format!("p{i} {owner} obs={obs_name} -> {}\n", succ.join(" "));
    }
    for owner in ["max", "min"] {
        for k in 0..terminals {
            text += &format!("t{owner}{k} terminal obs=t{}\n", rng.random_range(0..2));
        }
    }
    read_gg(&text).unwrap()
}

// ----- Alpaga's files -----

fn alpaga_example(name: &str) -> ObservationGame {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/alpaga")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    kalmar_observation::read_gii(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn alpaga_examples_are_solved_alike_by_both_algorithms() {
    for name in [
        "locking.gii",
        "mutex.gii",
        "mutex-full.gii",
        "parityGame1.gii",
        "parityGame2.gii",
        "parityGame3.gii",
        "parityGame4.gii",
        "parityGame5.gii",
        "parityGame6.gii",
        "parityGame7.gii",
    ] {
        solve_all(&alpaga_example(name));
    }
}

#[test]
fn alpagas_first_parity_game_is_lost_by_the_system() {
    // "A very simple example amounting to a reachability game with target 3": every state has
    // its own observation, and from 1 action a may lead to 2 instead of 3; from 2 the play
    // returns to 1 through 4 (priorities 1, 1, 0: odd) or stays at 2 (priority 1). The
    // environment never lets the play reach 3.
    assert_eq!(
        solve_all(&alpaga_example("parityGame1.gii")),
        Side::Environment
    );
}

#[test]
fn a_play_that_leaves_safe_before_the_target_loses_unlike_in_alpaga() {
    // s is safe, u is not, t is the target; a leads s -> u -> t. kalmar's objective asks the
    // play to stay safe until it reaches the target, so the environment wins. Alpaga's fixpoint
    // unites its (unconstrained) Reach(TARGET) = μX. {t} ∪ CPre(X) ∋ {u}, {s} with the safe
    // parity part, so Alpaga answers that the initial set is winning (docs/formats.md).
    let text = "ALPHABET : a\nSTATES : s, u, t\nINIT : s\nSAFE : s, t\nTARGET : t\n\
                TRANS :\ns, u, a\nu, t, a\nt, t, a\nOBS :\ns\nu\nt\n";
    let game = kalmar_observation::read_gii(text).unwrap();
    assert_eq!(solve_all(&game), Side::Environment);
    // With u safe the same play wins.
    let safe = text.replace("SAFE : s, t", "SAFE : s, u, t");
    let game = kalmar_observation::read_gii(&safe).unwrap();
    assert_eq!(solve_all(&game), Side::System);
}

#[test]
fn prime_cycles_survive_the_gii_round_trip() {
    let game = primes::prime_cycles(3);
    let text = kalmar_observation::write_gii(&game).unwrap();
    let back = kalmar_observation::read_gii(&text).unwrap();
    assert_eq!(kalmar_observation::write_gii(&back).unwrap(), text);
    assert_eq!(back.num_moves(), game.num_moves());
    assert_eq!(solve_all(&back), Side::System);
}

/// Two cycles of system positions that look alike (`x`), of lengths 2 and 5; the system may
/// leave (move to an observation `w`) from any position, but only from the last position of
/// its cycle does that reach a dead end of the environment; elsewhere the environment then
/// moves to a dead end of the system. Reif's assumption holds (every position offers `x` and
/// `w`).
fn counting_game() -> kalmar_core::format::GameGraph {
    let mut text = String::from("kalmar-gg 1\nstart init\ninit min -> a1 b1\n");
    for (cycle, len) in [("a", 2), ("b", 5)] {
        for i in 1..=len {
            let next = if i == len { 1 } else { i + 1 };
            let out = if i == len { "won" } else { "trap" };
            text += &format!("{cycle}{i} max obs=x -> {cycle}{next} {out}\n");
        }
    }
    text += "won terminal obs=w\ntrap min obs=w -> lost\nlost terminal\n";
    read_gg(&text).unwrap()
}

#[test]
fn reif_needs_more_rounds_than_there_are_states() {
    // The system must leave when both cycles are at their last position: after lcm(2, 5) = 10
    // positions. The accepting run of Reif's procedure: the environment's first move, 9 more
    // moves round the cycles, the move out, and the final test: 12 steps, more than the 11
    // states, so the note's bound (the number of states) rejects a game the system wins.
    let game = TurnBased::from_graph(&counting_game()).unwrap();
    assert!(reif::check_assumption(&game).is_empty());
    assert_eq!(game.arena.num_vertices(), 11);
    assert!(!reif::run(&game, Some(11)).accept);
    let outcome = reif::run(&game, None);
    assert_eq!((outcome.accept, outcome.rounds), (true, Some(12)));
    assert_eq!(solve_all(&game.to_game()), Side::System);
}

#[test]
fn cerny_automata_reach_every_subset_but_one_antichain_element_wins() {
    use kalmar_observation::{antichain, cerny};
    for n in 2..=6usize {
        let game = cerny::cerny(n);
        assert_eq!(solve_all(&game), Side::System);
        // Every nonempty subset of the cycle is a knowledge set (Černý's automaton), and `c`
        // turns each one holding q0 into a losing set with `bad`.
        let k = knowledge::solve(&game);
        assert_eq!(k.stats.knowledge_sets, (1 << n) - 1 + (1 << (n - 1)));
        let a = antichain::solve(&game);
        assert_eq!(a.stats.knowledge_sets, 1);
    }
}

#[test]
fn a_solver_past_its_memory_stops_with_an_error_instead_of_growing() {
    use kalmar_core::memory::{MemoryGuard, resident_bytes};
    if resident_bytes().is_none() {
        return; // No figure to guard on this system.
    }
    // 2·3·5·7·11 = 2310 knowledge sets: the guard reads the memory at the 256th.
    let game = kalmar_observation::primes::prime_cycles(5);
    let mut guard = MemoryGuard::new(1);
    let over = knowledge::solve_within(&game, &mut guard).unwrap_err();
    assert!(over.resident > over.limit);
    let input = Input {
        game,
        turn_based: None,
    };
    let error = solve(&input, "knowledge", 1).unwrap_err();
    assert!(!error.is_internal());
    assert!(error.to_string().contains("--solver antichain"), "{error}");
    // With room, the same game is solved and checked.
    assert!(solve(&input, "knowledge", kalmar_core::memory::DEFAULT_LIMIT).is_ok());
}
