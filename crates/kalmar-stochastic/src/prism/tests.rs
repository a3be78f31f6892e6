//! Tests of the PRISM-games export and of the readers of PRISM's output.

use super::*;
use crate::Class;
use crate::generate::{haddad_monmege, random_stochastic};
use kalmar_core::format::read_gg;
use kalmar_core::{Owner, Player, Vertex};
use proptest::prelude::*;

fn game(text: &str) -> TerminalPayoffGame {
    TerminalPayoffGame::from_graph(&read_gg(text).unwrap()).unwrap()
}

/// Max at a enters a coin that ends at t (payoff 1/2) with probability 2/3, by two parallel
/// moves, or returns to a; or goes to Min's m, who loops forever or gives up u (payoff 1).
const LOTTERY: &str = "kalmar-gg 1\na max -> c m\nc chance -> t:1/3 t:1/3 a:1/3\n\
                       m min -> m u\nt terminal payoff=1/2\nu terminal payoff=1\n";

#[test]
fn a_game_with_payoffs_in_the_unit_interval_is_a_reachability_game() {
    // Written by hand from PRISM-games' grammar: player blocks of the labels used, one
    // command per move, the chance vertex's probabilities as fractions, each terminal a
    // lottery between win (5) and lose (6).
    let expected = "\
// A stochastic terminal-payoff game written by kalmar: 5 vertices, 7 moves.
// State s=k is vertex k; Max is maxplayer, Min is minplayer.
// Property: <<maxplayer>> Pmax=? [ F \"win\" ]

smg

player maxplayer
  [max0], [max1]
endplayer

player minplayer
  [min0], [min1]
endplayer

module game
  s : [0..6] init 0;
  // 0: \"a\" (max)
  [max0] s=0 -> (s'=1);
  [max1] s=0 -> (s'=2);
  // 1: \"c\" (chance)
  [] s=1 -> 1/3:(s'=3) + 1/3:(s'=3) + 1/3:(s'=0);
  // 2: \"m\" (min)
  [min0] s=2 -> (s'=2);
  [min1] s=2 -> (s'=4);
  // 3: \"t\" (terminal, payoff 1/2)
  [] s=3 -> 1/2:(s'=5) + 1/2:(s'=6);
  // 4: \"u\" (terminal, payoff 1)
  [] s=4 -> (s'=5);
  // 5: win
  [] s=5 -> true;
  // 6: lose
  [] s=6 -> true;
endmodule

label \"win\" = s=5;
";
    let model = write_prism(&game(LOTTERY)).unwrap();
    assert_eq!(model.model, expected);
    assert_eq!(model.properties, "<<maxplayer>> Pmax=? [ F \"win\" ]\n");
    assert_eq!(model.query, PrismQuery::ReachWin);
    assert_eq!(model.states, 7);
    assert_eq!(model.inexact, 0);
}

#[test]
fn the_explicit_files_are_those_prism_exports_for_the_same_model() {
    // What PRISM-games 3.2 writes with `-exportmodel FILE.tra,lab` for the model of the
    // golden test above, less its action names and its `deadlock` label; the parallel moves
    // of c to t are one transition of 2/3.
    let model = write_prism_explicit(&game(LOTTERY)).unwrap();
    assert_eq!(
        model.transitions,
        "# Transitions (SMG)\n7:2 9 11\n0:0 0 1 1\n0:0 1 2 1\n1:0 0 0 0.3333333333333333\n\
         1:0 0 3 0.6666666666666666\n2:1 0 2 1\n2:1 1 4 1\n3:0 0 5 0.5\n3:0 0 6 0.5\n\
         4:0 0 5 1\n5:0 0 5 1\n6:0 0 6 1\n"
    );
    assert_eq!(model.labels, "# Labels\n0=\"init\" 1=\"win\"\n0: 0\n5: 1\n");
    assert_eq!(model.state_rewards, None);
    assert_eq!(model.properties, "<<1>> Pmax=? [ F \"win\" ]\n");
    let rewards = write_prism_explicit(&game(
        "kalmar-gg 1\nstart b\na max -> t a\nb min -> a z\nt terminal payoff=5/2\n\
         z terminal payoff=0\n",
    ))
    .unwrap();
    assert_eq!(
        rewards.state_rewards.as_deref(),
        Some("# Reward structure \"payoff\"\n# State rewards\n5 1\n2 2.5\n")
    );
    assert_eq!(
        rewards.labels,
        "# Labels\n0=\"init\" 1=\"done\"\n1: 0\n4: 1\n"
    );
    assert_eq!(
        rewards.properties,
        "<<1>> R{\"payoff\"}max=? [ F0 \"done\" ]\n"
    );
}

#[test]
fn payoffs_above_one_are_rewards_until_done() {
    let g = game(
        "kalmar-gg 1\nstart b\na max -> t a\nb min -> a z\nt terminal payoff=5/2\n\
         z terminal payoff=0\n",
    );
    let model = write_prism(&g).unwrap();
    assert_eq!(model.query, PrismQuery::RewardF0);
    assert_eq!(
        model.properties,
        "<<maxplayer>> R{\"payoff\"}max=? [ F0 \"done\" ]\n"
    );
    assert_eq!(model.states, 5);
    for line in [
        "player minplayer\n  [min0], [min1]\nendplayer",
        "  s : [0..4] init 1;",
        "  [] s=2 -> (s'=4);",
        "  [] s=3 -> (s'=4);",
        "  [] s=4 -> true;",
        "label \"done\" = s=4;",
        // Terminals of payoff 0 earn nothing and are not listed.
        "rewards \"payoff\"\n  s=2 : 5/2;\nendrewards",
    ] {
        assert!(
            model.model.contains(line),
            "{line}\nnot in\n{}",
            model.model
        );
    }
}

#[test]
fn a_player_without_vertices_has_an_empty_block() {
    let model = write_prism(&game("kalmar-gg 1\na max -> t\nt terminal payoff=1\n")).unwrap();
    assert!(model.model.contains("player minplayer\n  \nendplayer"));
    assert!(
        model
            .model
            .contains("player maxplayer\n  [max0]\nendplayer")
    );
}

#[test]
fn negative_payoffs_are_refused() {
    let g = game("kalmar-gg 1\na max -> t u\nt terminal payoff=-1\nu terminal payoff=2\n");
    assert_eq!(
        write_prism(&g),
        Err(PrismWriteError::NegativePayoff {
            vertex: "t".into(),
            payoff: Rational::from(-1),
        })
    );
}

#[test]
fn numbers_beyond_32_bits_become_doubles() {
    let g = game(
        "kalmar-gg 1\na chance -> t:1/3000000000 u:2999999999/3000000000\n\
         t terminal payoff=1\nu terminal payoff=0\n",
    );
    let model = write_prism(&g).unwrap();
    assert_eq!(model.inexact, 2);
    assert!(model.model.contains("3.333333333333333e-10:(s'=1)"));
}

/// One command of a model, read back: its label, state and branches (probability, target).
type Command = (String, usize, Vec<(Rational, usize)>);

/// Reads the commands of a model of [`write_prism`] with a small parser of its own.
fn commands(model: &str) -> Vec<Command> {
    model
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with('[') && l.contains(" -> "))
        .map(|line| {
            let (label, rest) = line[1..].split_once("] s=").unwrap();
            let (state, update) = rest.split_once(" -> ").unwrap();
            let state: usize = state.parse().unwrap();
            let update = update.strip_suffix(';').unwrap();
            let branches = if update == "true" {
                vec![(Rational::ONE, state)]
            } else {
                update
                    .split(" + ")
                    .map(|b| {
                        let (p, target) = match b.split_once(":(s'=") {
                            Some((p, t)) => (p.parse().unwrap(), t),
                            None => (Rational::ONE, b.strip_prefix("(s'=").unwrap()),
                        };
                        (p, target.strip_suffix(')').unwrap().parse().unwrap())
                    })
                    .collect()
            };
            (label.to_string(), state, branches)
        })
        .collect()
}

/// Every vertex and every move of the game is in the model, with its owner's label or
/// its probability, and the terminals lead to win, lose or done as their payoffs say.
fn check_every_move_appears(game: &TerminalPayoffGame) {
    let model = write_prism(game).unwrap();
    let arena = game.arena();
    let n = arena.num_vertices();
    let mut by_state: Vec<Vec<Command>> = vec![Vec::new(); model.states];
    for c in commands(&model.model) {
        by_state[c.1].push(c);
    }
    for v in arena.vertices() {
        let found = &by_state[v.index()];
        match arena.owner(v) {
            Owner::Player(p) => {
                let prefix = if p == Player::MAX { "max" } else { "min" };
                let expected: Vec<Command> = arena
                    .successors(v)
                    .iter()
                    .enumerate()
                    .map(|(i, w)| {
                        (
                            format!("{prefix}{i}"),
                            v.index(),
                            vec![(Rational::ONE, w.index())],
                        )
                    })
                    .collect();
                assert_eq!(found, &expected);
            }
            Owner::Chance => {
                let branches: Vec<(Rational, usize)> = arena
                    .out_edges(v)
                    .map(|e| {
                        (
                            arena.probability(e).unwrap().clone(),
                            arena.target(e).index(),
                        )
                    })
                    .collect();
                assert_eq!(found, &vec![(String::new(), v.index(), branches)]);
            }
            Owner::Terminal => {
                let [(label, _, branches)] = found.as_slice() else {
                    panic!("one command at terminal {v}: {found:?}");
                };
                assert_eq!(label, "");
                let payoff = game.payoff(v);
                let to = |target: usize| -> Rational {
                    branches
                        .iter()
                        .filter(|b| b.1 == target)
                        .map(|b| b.0.clone())
                        .fold(Rational::ZERO, |a, b| &a + &b)
                };
                match model.query {
                    PrismQuery::ReachWin => {
                        assert_eq!(&to(n), payoff);
                        assert_eq!(to(n + 1), &Rational::ONE - payoff);
                    }
                    PrismQuery::RewardF0 => {
                        assert_eq!(to(n), Rational::ONE);
                        let reward = format!("  s={} : {payoff};", v.index());
                        assert_eq!(payoff.is_zero(), !model.model.contains(&reward));
                    }
                }
            }
        }
    }
    // The absorbing states after the vertices loop, and nothing else is there.
    for extra in &by_state[n..] {
        assert_eq!(extra.len(), 1);
        assert_eq!(extra[0].2, vec![(Rational::ONE, extra[0].1)]);
    }
    let written: usize = by_state.iter().map(Vec::len).sum();
    let is_player = |v: &Vertex| matches!(arena.owner(*v), Owner::Player(_));
    let player_moves: usize = arena
        .vertices()
        .filter(is_player)
        .map(|v| arena.out_degree(v))
        .sum();
    let one_command = n - arena.vertices().filter(is_player).count();
    assert_eq!(written, player_moves + one_command + (model.states - n));
    check_explicit(game, &by_state);
}

/// The explicit files have the same choices as the language model: per state, the owner's
/// player index and per choice the same targets with the same probabilities (as doubles,
/// parallel moves added up); the header counts them.
fn check_explicit(game: &TerminalPayoffGame, language: &[Vec<Command>]) {
    let explicit = write_prism_explicit(game).unwrap();
    let mut lines = explicit.transitions.lines();
    assert_eq!(lines.next(), Some("# Transitions (SMG)"));
    let header = lines.next().unwrap().to_string();
    let mut choices: Vec<Vec<Vec<(usize, f64)>>> = vec![Vec::new(); explicit.states];
    let mut transitions = 0;
    for line in lines {
        let words: Vec<&str> = line.split(' ').collect();
        let (state, player) = words[0].split_once(':').unwrap();
        let (state, choice): (usize, usize) = (state.parse().unwrap(), words[1].parse().unwrap());
        let owner = game
            .arena()
            .owner(Vertex::new(state.min(game.arena().num_vertices() - 1)));
        if state < game.arena().num_vertices() {
            let expected = u8::from(owner == Owner::Player(Player::MIN));
            assert_eq!(player.parse::<u8>().unwrap(), expected);
        }
        if choices[state].len() == choice {
            choices[state].push(Vec::new());
        }
        choices[state][choice].push((words[2].parse().unwrap(), words[3].parse().unwrap()));
        transitions += 1;
    }
    let count: usize = choices.iter().map(Vec::len).sum();
    assert_eq!(
        header,
        format!("{}:2 {count} {transitions}", explicit.states)
    );
    for (state, commands) in language.iter().enumerate() {
        assert_eq!(choices[state].len(), commands.len());
        for (choice, command) in choices[state].iter().zip(commands) {
            let mut merged: Vec<(usize, f64)> = Vec::new();
            for (p, target) in &command.2 {
                match merged.iter_mut().find(|m| m.0 == *target) {
                    Some(m) => m.1 += p.to_f64(),
                    None => merged.push((*target, p.to_f64())),
                }
            }
            merged.sort_by_key(|m| m.0);
            assert_eq!(choice.len(), merged.len());
            for (a, b) in choice.iter().zip(&merged) {
                assert_eq!(a.0, b.0);
                assert!((a.1 - b.1).abs() < 1e-12);
            }
        }
    }
}

#[test]
fn every_move_of_the_haddad_monmege_chain_appears() {
    let g = haddad_monmege(5).unwrap();
    check_every_move_appears(&TerminalPayoffGame::from_graph(&g).unwrap());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_vertex_and_move_appears(
        seed in 0u64..1000,
        positions in 1usize..30,
        simple in any::<bool>(),
        scale in 1i64..4,
    ) {
        let class = if simple { Class::Simple } else { Class::Terminal };
        let mut graph = random_stochastic(class, positions, 3, 4, None, seed).unwrap();
        // Non-negative payoffs; scaled by 1/scale, so some games stay in [0, 1].
        for payoff in graph.payoff.iter_mut().flatten() {
            *payoff = &payoff.abs() / &Rational::from(scale);
        }
        check_every_move_appears(&TerminalPayoffGame::from_graph(&graph).unwrap());
    }
}

#[test]
fn the_log_gives_times_result_and_claimed_error() {
    // The lines PRISM-games 3.2 prints for `-valiter -noprob1` on a Haddad–Monmege chain,
    // then a run stopped by an error.
    let log = read_prism_log(
        "Computing reachable states... 13 states\n\
         Time for model construction: 0.126 seconds.\n\
         Type:        SMG\n\
         States:      13 (1 initial)\n\
         Prob0 (maxmin) took 10 iterations and 0.004 seconds.\n\
         Value iteration (maxmin) took 3832 iterations and 0.124 seconds.\n\
         Time for model checking: 0.158 seconds.\n\n\
         Result: 0.9994974341306767 (+/- 9.992797841418268E-6 estimated; rel err \
         9.997822405726942E-6)\n",
    );
    assert_eq!(
        log,
        PrismLog {
            construction_seconds: Some(0.126),
            checking_seconds: Some(0.158),
            states: Some(13),
            iterations: 3832,
            result: Some(0.9994974341306767),
            claimed_error: Some(9.992797841418268E-6),
            error: None,
        }
    );
    let log = read_prism_log("Result: 1.0 (exact floating point)\n");
    assert_eq!((log.result, log.claimed_error), (Some(1.0), Some(0.0)));
    let log = read_prism_log(
        "Value iteration (maxmin) took 10000 iterations and 0.269 seconds.\n\
         Error: Iterative method did not converge within 10000 iterations.\n",
    );
    assert_eq!(log.result, None);
    assert_eq!(
        log.error.as_deref(),
        Some("Iterative method did not converge within 10000 iterations.")
    );
    assert_eq!(
        read_prism_log("Result: ?\nStates: many\n"),
        PrismLog::default()
    );
}

#[test]
fn vectors_and_states_are_read_back() {
    assert_eq!(
        read_prism_vector("# values\n0.25\n\n1.0E-7  \nInfinity\n").unwrap(),
        vec![0.25, 1e-7, f64::INFINITY]
    );
    assert_eq!(
        read_prism_states("# States\n(s)\n0:(0)\n1:(4)\n2:(1)\n").unwrap(),
        vec![0, 4, 1]
    );
}

#[test]
fn bad_files_are_errors_with_line_and_column() {
    let e = read_prism_vector("0.5\n 1/2\n").unwrap_err();
    assert_eq!((e.span().line, e.span().column), (2, 2));
    assert_eq!(e.found(), "'1/2'");
    let e = read_prism_vector("0.5 0.25\n").unwrap_err();
    assert_eq!((e.span().line, e.span().column), (1, 5));
    let e = read_prism_states("(s,t)\n0:(0,1)\n").unwrap_err();
    assert_eq!((e.span().line, e.span().column), (1, 1));
    let e = read_prism_states("(s)\n0:(0)\n2:(1)\n").unwrap_err();
    assert_eq!((e.span().line, e.span().column), (3, 1));
    assert!(e.expected().contains("state 1"));
    let e = read_prism_states("(s)\n0:(x)\n").unwrap_err();
    assert_eq!((e.span().line, e.span().column), (2, 4));
    let e = read_prism_states("(s)\n0:(99999999999999999999999)\n").unwrap_err();
    assert_eq!(e.span().line, 2);
    assert!(read_prism_states("").is_err());
}
