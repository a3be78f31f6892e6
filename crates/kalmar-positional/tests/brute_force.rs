//! Backward induction and the certificate against brute force: on small random acyclic games
//! with three players and chance, every positional profile is evaluated directly, and a profile
//! is subgame perfect when no player gains at any position by any change of all their own moves
//! (the definition itself, not the one-shot deviation principle the certificate relies on).

use kalmar_core::format::read_gg;
use kalmar_core::{Rational, Strategy, Vertex};
use kalmar_positional::check::{Wrong, check};
use kalmar_positional::{Equilibrium, PositionalGame, backward_induction};
use proptest::prelude::*;

const PLAYERS: usize = 3;

/// A random acyclic game as `.gg` text: position i moves only to later positions; the last
/// three are terminals.
fn game_text(owners: &[u8], moves: &[Vec<usize>], payoffs: &[[u8; PLAYERS]]) -> String {
    let n = owners.len() + payoffs.len();
    let mut text = format!("kalmar-gg 1\nplayers {PLAYERS}\nstart v0\n");
    for (i, (&owner, targets)) in owners.iter().zip(moves).enumerate() {
        let mut targets: Vec<usize> = targets.iter().map(|t| i + 1 + t % (n - i - 1)).collect();
        targets.sort_unstable();
        targets.dedup();
        let chance = usize::from(owner) == PLAYERS;
        let kind = if chance {
            "chance".to_string()
        } else {
            format!("player{owner}")
        };
        let d = targets.len() as i64;
        let list: Vec<String> = targets
            .iter()
            .map(|t| {
                if chance {
                    format!("v{t}:1/{d}")
                } else {
                    format!("v{t}")
                }
            })
            .collect();
        text += &format!("v{i} {kind} -> {}\n", list.join(" "));
    }
    for (j, p) in payoffs.iter().enumerate() {
        text += &format!(
            "v{} terminal payoff=({},{},{})\n",
            owners.len() + j,
            p[0],
            p[1],
            p[2]
        );
    }
    text
}

/// The utilities every position gets under the profile `choice` (a successor index per
/// player's position).
fn evaluate(game: &PositionalGame, choice: &[usize]) -> Vec<Vec<Rational>> {
    let arena = game.arena();
    let mut value = vec![Vec::new(); arena.num_vertices()];
    let mut order: Vec<Vertex> = arena.vertices().collect();
    order.sort_by_key(|v| std::cmp::Reverse(arena.name(*v)[1..].parse::<usize>().unwrap()));
    for v in order {
        value[v.index()] = if arena.is_terminal(v) {
            game.payoff(v).to_vec()
        } else if game.mover(v).is_some() {
            value[arena.successors(v)[choice[v.index()]].index()].clone()
        } else {
            let mut sum = vec![Rational::from(0); PLAYERS];
            for e in arena.out_edges(v) {
                let p = arena.probability(e).unwrap();
                let t = &value[arena.target(e).index()];
                sum = sum.iter().zip(t).map(|(s, t)| s + &(p * t)).collect();
            }
            sum
        };
    }
    value
}

/// Every profile, as successor indices per position (0 where no player moves).
fn profiles(game: &PositionalGame) -> Vec<Vec<usize>> {
    let arena = game.arena();
    let mut all = vec![vec![0; arena.num_vertices()]];
    for v in arena.vertices().filter(|&v| game.mover(v).is_some()) {
        all = all
            .into_iter()
            .flat_map(|p| {
                (0..arena.out_degree(v)).map(move |c| {
                    let mut p = p.clone();
                    p[v.index()] = c;
                    p
                })
            })
            .collect();
    }
    all
}

/// Whether `profile` is subgame perfect, by the definition.
fn subgame_perfect(game: &PositionalGame, all: &[Vec<usize>], profile: &[usize]) -> bool {
    let arena = game.arena();
    let value = evaluate(game, profile);
    (0..PLAYERS).all(|player| {
        let others_agree = |other: &Vec<usize>| {
            arena
                .vertices()
                .all(|v| game.mover(v) == Some(player) || other[v.index()] == profile[v.index()])
        };
        all.iter().filter(|o| others_agree(o)).all(|deviation| {
            let deviated = evaluate(game, deviation);
            arena
                .vertices()
                .all(|v| deviated[v.index()][player] <= value[v.index()][player])
        })
    })
}

fn equilibrium(game: &PositionalGame, profile: &[usize]) -> Equilibrium {
    let arena = game.arena();
    let mut strategy = Strategy::empty(arena.num_vertices());
    for v in arena.vertices().filter(|&v| game.mover(v).is_some()) {
        strategy.set(v, arena.out_edges(v).nth(profile[v.index()]).unwrap());
    }
    Equilibrium {
        values: evaluate(game, profile),
        strategy,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]
    #[test]
    fn backward_induction_is_subgame_perfect_and_the_certificate_is_exact(
        owners in prop::collection::vec(0u8..=PLAYERS as u8, 1..6),
        moves in prop::collection::vec(prop::collection::vec(0usize..8, 1..4), 6),
        payoffs in prop::collection::vec([0u8..3, 0u8..3, 0u8..3], 3),
    ) {
        let text = game_text(&owners, &moves[..owners.len()], &payoffs);
        let game = PositionalGame::from_graph(&read_gg(&text).unwrap()).unwrap();
        let all = profiles(&game);
        let solved = backward_induction::solve(&game).unwrap();
        let choice: Vec<usize> = game.arena().vertices().map(|v| {
            solved.strategy.get(v).map_or(0, |e| e.index() - game.arena().out_edges(v).next().unwrap().index())
        }).collect();
        prop_assert!(subgame_perfect(&game, &all, &choice), "{text}");
        prop_assert_eq!(&solved, &equilibrium(&game, &choice));
        for profile in &all {
            let accepted = check(&game, &equilibrium(&game, profile)).is_ok();
            prop_assert_eq!(accepted, subgame_perfect(&game, &all, profile), "{}", text);
        }
        prop_assert_eq!(game.arena().name(game.start()), "v0");
    }
}

#[test]
fn a_cycle_is_refused_by_both() {
    let text =
        "kalmar-gg 1\nplayers 3\na player0 -> b x\nb player1 -> a x\nx terminal payoff=(1,1,1)\n";
    let game = PositionalGame::from_graph(&read_gg(text).unwrap()).unwrap();
    let error = backward_induction::solve(&game).unwrap_err();
    assert!(error.to_string().contains("cycle"), "{error}");
    // The certificate refuses a profile that goes round the cycle, whatever it claims.
    let arena = game.arena();
    let mut strategy = Strategy::empty(arena.num_vertices());
    for v in arena.vertices().filter(|&v| game.mover(v).is_some()) {
        strategy.set(v, arena.out_edges(v).next().unwrap());
    }
    let one = vec![Rational::from(1); PLAYERS];
    let claimed = Equilibrium {
        values: vec![one; arena.num_vertices()],
        strategy,
    };
    assert!(matches!(check(&game, &claimed), Err(Wrong::Cycle(_))));
}

#[test]
fn a_position_without_moves_or_with_short_payoffs_is_refused() {
    let no_moves = "kalmar-gg 1\nplayers 3\na player0 -> b\nb player1\n";
    let error = read_gg(no_moves).map(|g| PositionalGame::from_graph(&g));
    assert!(!matches!(error, Ok(Ok(_))));
    let short = "kalmar-gg 1\nplayers 3\na player0 -> x\nx terminal payoff=(1,1)\n";
    let error = PositionalGame::from_graph(&read_gg(short).unwrap()).unwrap_err();
    assert!(error.to_string().contains("3 players"), "{error}");
}
