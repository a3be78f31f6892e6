//! Deterministic graphical games: every solver against brute force over all pairs of positional
//! strategies and against each other, every answer through the independent verifier, and the
//! verifier against corrupted solutions.

use kalmar_core::{Builder, Certificate, Edge, Owner, Player, Rational, Strategy, Vertex};
use kalmar_terminal::dgg::coarsen::{coarsen, signs};
use kalmar_terminal::dgg::compare::Comparisons;
use kalmar_terminal::dgg::narrowing::{self, Split};
use kalmar_terminal::dgg::recovery::{strong_from_values, weak_from_value};
use kalmar_terminal::dgg::retrograde::Retrograde;
use kalmar_terminal::dgg::{Kind, SOLVERS, Solution, Stats, sorting};
use kalmar_terminal::{Dgg, TerminalGame, WeakSolution};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random game: `players` positions of Max or Min with 1 to 3 arcs each, `terminals` terminals
/// with payoffs in [-range, range] (ties likely), start at `start`.
fn random_game(seed: u64, players: usize, terminals: usize, range: i64) -> Dgg {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = players + terminals;
    let mut b = Builder::new(2);
    let mut payoff = Vec::new();
    for i in 0..n {
        if i < players {
            b.add_vertex(Owner::Player(Player(rng.random_range(0..2))));
            payoff.push(Rational::ZERO);
        } else {
            b.add_vertex(Owner::Terminal);
            let p = Rational::new(rng.random_range(-range..=range), rng.random_range(1..=2));
            payoff.push(p);
        }
    }
    for v in 0..players {
        for _ in 0..rng.random_range(1..=3) {
            b.add_edge(Vertex::new(v), Vertex::new(rng.random_range(0..n)));
        }
    }
    b.set_start(Vertex::new(rng.random_range(0..n)));
    TerminalGame::new(b.build().unwrap(), payoff).unwrap()
}

/// The outcome of the play from `v` when both follow `choice` (a successor per position).
fn play(game: &Dgg, choice: &[Vertex], mut v: Vertex) -> Rational {
    let mut seen = vec![false; choice.len()];
    while !game.arena().is_terminal(v) {
        if seen[v.index()] {
            return Rational::ZERO;
        }
        seen[v.index()] = true;
        v = choice[v.index()];
    }
    game.payoff(v).clone()
}

/// Every positional strategy of `player`, as successor choices over all positions (other
/// players' entries are left at their first successor).
fn strategies(game: &Dgg, player: Player) -> Vec<Vec<Vertex>> {
    let arena = game.arena();
    let mut all = vec![
        arena
            .vertices()
            .map(|v| arena.successors(v).first().copied().unwrap_or(v))
            .collect::<Vec<_>>(),
    ];
    for v in arena.vertices() {
        if arena.owner(v) == Owner::Player(player) {
            all = all
                .into_iter()
                .flat_map(|s| {
                    arena.successors(v).iter().map(move |&w| {
                        let mut s = s.clone();
                        s[v.index()] = w;
                        s
                    })
                })
                .collect();
        }
    }
    all
}

/// What each player secures from each position with strategy `mine`, by brute force over the
/// opponent's positional strategies (which suffice in a one-player game).
fn brute_secured(game: &Dgg, mine: &[Vertex], player: Player) -> Vec<Rational> {
    let arena = game.arena();
    let theirs = strategies(game, player.opponent());
    arena
        .vertices()
        .map(|v| {
            let outcomes = theirs.iter().map(|t| {
                let choice: Vec<Vertex> = arena
                    .vertices()
                    .map(|u| {
                        if arena.owner(u) == Owner::Player(player) {
                            mine[u.index()]
                        } else {
                            t[u.index()]
                        }
                    })
                    .collect();
                play(game, &choice, v)
            });
            if player == Player::MAX {
                outcomes.min().unwrap()
            } else {
                outcomes.max().unwrap()
            }
        })
        .collect()
}

/// The value of every position: max over Max's strategies of what it secures.
fn brute_values(game: &Dgg) -> Vec<Rational> {
    let mut best: Option<Vec<Rational>> = None;
    for sigma in strategies(game, Player::MAX) {
        let secured = brute_secured(game, &sigma, Player::MAX);
        best = Some(match best {
            None => secured,
            Some(b) => b.into_iter().zip(secured).map(|(x, y)| x.max(y)).collect(),
        });
    }
    best.unwrap()
}

fn successors_of(game: &Dgg, strategy: &Strategy) -> Vec<Vertex> {
    let arena = game.arena();
    arena
        .vertices()
        .map(|v| strategy.successor(arena, v).unwrap_or(v))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn all_solvers_match_brute_force(seed in any::<u64>(), players in 1usize..8, terminals in 1usize..5, range in 1i64..4) {
        let game = random_game(seed, players, terminals, range);
        let values = brute_values(&game);
        let start = game.start();
        for info in SOLVERS.iter() {
            let solution = (info.run.solve)(&game, &mut Stats::default());
            prop_assert_eq!(solution.start_value(&game), &values[start.index()], "solver {}", info.id);
            if let Solution::Strong(s) = &solution {
                prop_assert_eq!(&s.values, &values, "solver {}", info.id);
            }
            prop_assert!(solution.verify(&game).is_ok(), "solver {}: {:?}", info.id, solution.verify(&game));
        }
        // Sampled splits cut these small games into several rounds, each stopping early.
        for split in [Split::Sample(2), Split::Sample(3)] {
            let weak = narrowing::solve(&game, &mut Stats::default(), |_| split);
            prop_assert_eq!(&weak.value, &values[start.index()], "{:?}", split);
            prop_assert!(weak.verify(&game).is_ok(), "{:?}: {:?}", split, weak.verify(&game));
        }
        let cmp = Comparisons::new();
        let strong = strong_from_values(&game, &values, &cmp).unwrap();
        prop_assert!(strong.verify(&game).is_ok());
        let weak = weak_from_value(&game, &values[start.index()], &cmp, &mut Retrograde::new()).unwrap();
        prop_assert!(weak.verify(&game).is_ok());
        let sign = signs(&game, &cmp);
        for v in game.arena().vertices() {
            prop_assert_eq!(sign[v.index()], values[v.index()].signum());
        }
    }

    /// The verifier accepts a strategy exactly when brute force says it is optimal everywhere.
    #[test]
    fn verifier_agrees_with_brute_force(seed in any::<u64>(), players in 1usize..7, terminals in 1usize..4, pick in any::<u64>()) {
        let game = random_game(seed, players, terminals, 3);
        let arena = game.arena();
        let solution = sorting::solve(&game, &mut Stats::default());
        // Redirect one position's choice.
        let mut strategy = solution.strategy.clone();
        let movable: Vec<Vertex> = arena.vertices().filter(|&v| arena.out_degree(v) > 1).collect();
        if let Some(&v) = movable.get(pick as usize % movable.len().max(1)) {
            let edges: Vec<Edge> = arena.out_edges(v).collect();
            strategy.set(v, edges[(pick as usize / 7) % edges.len()]);
        }
        let choice = successors_of(&game, &strategy);
        let optimal = brute_secured(&game, &choice, Player::MAX) == solution.values
            && brute_secured(&game, &choice, Player::MIN) == solution.values;
        let claimed = kalmar_terminal::StrongSolution { values: solution.values.clone(), strategy };
        prop_assert_eq!(claimed.verify(&game).is_ok(), optimal);

        // A wrong value is always rejected.
        let mut wrong = solution.clone();
        let v = Vertex::new(pick as usize % arena.num_vertices());
        wrong.values[v.index()] = &wrong.values[v.index()] + &Rational::new(1, 3);
        prop_assert!(wrong.verify(&game).is_err());
    }

    /// The verifier accepts a weak solution exactly when brute force says both strategies are
    /// optimal from the start position, whatever they do elsewhere.
    #[test]
    fn weak_verifier_agrees_with_brute_force(seed in any::<u64>(), players in 1usize..7, terminals in 1usize..4, picks in proptest::collection::vec(any::<u64>(), 1..4)) {
        let game = random_game(seed, players, terminals, 3);
        let arena = game.arena();
        let solution = sorting::solve(&game, &mut Stats::default());
        let start = game.start();
        let value = solution.values[start.index()].clone();
        // Redirect a few positions' choices.
        let mut strategy = solution.strategy.clone();
        let movable: Vec<Vertex> = arena.vertices().filter(|&v| arena.out_degree(v) > 1).collect();
        for pick in picks {
            if let Some(&v) = movable.get(pick as usize % movable.len().max(1)) {
                let edges: Vec<Edge> = arena.out_edges(v).collect();
                strategy.set(v, edges[(pick as usize / 7) % edges.len()]);
            }
        }
        let choice = successors_of(&game, &strategy);
        let optimal = brute_secured(&game, &choice, Player::MAX)[start.index()] == value
            && brute_secured(&game, &choice, Player::MIN)[start.index()] == value;
        let claimed = WeakSolution { start, value: value.clone(), strategy };
        prop_assert_eq!(claimed.verify(&game).is_ok(), optimal);
        // A wrong value is always rejected.
        let wrong = WeakSolution { value: &value - &Rational::new(1, 3), ..claimed };
        prop_assert!(wrong.verify(&game).is_err());
    }

    /// Lemma 1: merging a run of adjacent terminals maps every value in the run to the run's
    /// first member and leaves the others.
    #[test]
    fn coarsening_keeps_values_outside_the_run(seed in any::<u64>(), players in 1usize..9, terminals in 2usize..7, from in 0usize..6, len in 1usize..4) {
        let game = random_game(seed, players, terminals, 5);
        let mut ts: Vec<Vertex> = game.terminals().collect();
        ts.sort_by(|a, b| game.payoff(*a).cmp(game.payoff(*b)));
        let from = from % ts.len();
        // A run: all terminals with payoffs in [lo, hi], all of one sign (ties included, so no
        // other terminal pays anything in between).
        let lo = game.payoff(ts[from]).clone();
        let hi = ts[from..]
            .iter()
            .take(len)
            .map(|&t| game.payoff(t))
            .take_while(|p| p.signum() == lo.signum())
            .last()
            .unwrap()
            .clone();
        let run: Vec<Vertex> = ts.iter().copied().filter(|&t| lo <= *game.payoff(t) && *game.payoff(t) <= hi).collect();
        let payoffs_in_run: Vec<Rational> = run.iter().map(|&t| game.payoff(t).clone()).collect();
        let (coarse, map) = coarsen(&game, std::slice::from_ref(&run));
        let fine = sorting::solve(&game, &mut Stats::default()).values;
        let coarse_values = sorting::solve(&coarse, &mut Stats::default()).values;
        for v in game.arena().vertices() {
            let expected = if payoffs_in_run.contains(&fine[v.index()]) { game.payoff(run[0]).clone() } else { fine[v.index()].clone() };
            prop_assert_eq!(&coarse_values[map[v.index()].index()], &expected);
        }
    }
}

/// Larger games: the weak solvers agree with the sorting method and are certified.
#[test]
fn weak_solvers_agree_on_larger_games() {
    for seed in 0..20 {
        let game = random_game(seed, 3000, 400 + 50 * seed as usize, 1000);
        let strong = sorting::solve(&game, &mut Stats::default());
        assert!(strong.verify(&game).is_ok());
        for info in SOLVERS.iter().filter(|s| s.run.kind == Kind::Weak) {
            let mut stats = Stats::default();
            let weak = (info.run.solve)(&game, &mut stats);
            assert_eq!(
                weak.start_value(&game),
                &strong.values[game.start().index()],
                "{} seed {seed}",
                info.id
            );
            assert!(weak.verify(&game).is_ok(), "{} seed {seed}", info.id);
        }
    }
}

/// Every split of the narrowing rounds gives the value, certified: rounds around the median,
/// sampled splitters for few and for many groups (more than the almost-linear solver takes on
/// games this small), and a sort.
#[test]
fn every_split_gives_the_value() {
    for seed in 0..10 {
        let game = random_game(seed, 3000, 400 + 50 * seed as usize, 1000);
        let value = &sorting::solve(&game, &mut Stats::default()).values[game.start().index()];
        for split in [
            Split::Median,
            Split::Sample(2),
            Split::Sample(16),
            Split::Sample(256),
            Split::Sort,
        ] {
            let mut stats = Stats::default();
            let weak = narrowing::solve(&game, &mut stats, |_| split);
            assert_eq!(&weak.value, value, "{split:?} seed {seed}");
            assert!(weak.verify(&game).is_ok(), "{split:?} seed {seed}");
            assert!(stats.rounds >= 1);
        }
    }
}

/// Figure 2(b): both positions have value 1, yet Max choosing the other position of value 1
/// lets Min loop forever. The solvers take the green arc; the verifier rejects the loop.
#[test]
fn figure_2b_needs_the_green_arc() {
    let mut b = Builder::new(2);
    let max = b.add_vertex(Owner::Player(Player::MAX));
    let min = b.add_vertex(Owner::Player(Player::MIN));
    let one = b.add_vertex(Owner::Terminal);
    b.add_edge(max, min); // left: the loop
    b.add_edge(max, one); // right: the win
    b.add_edge(min, max);
    b.add_edge(min, one);
    b.set_start(min);
    let game = TerminalGame::new(b.build().unwrap(), vec![0.into(), 0.into(), 1.into()]).unwrap();
    for info in SOLVERS.iter() {
        let solution = (info.run.solve)(&game, &mut Stats::default());
        assert_eq!(solution.start_value(&game), &Rational::ONE);
        assert!(solution.verify(&game).is_ok());
    }
    let strong = sorting::solve(&game, &mut Stats::default());
    assert_eq!(
        strong.values,
        vec![Rational::ONE, Rational::ONE, Rational::ONE]
    );
    assert_eq!(strong.strategy.successor(game.arena(), max), Some(one));
    let mut looping = strong.clone();
    looping.strategy.set(max, Edge(0));
    let err = looping.verify(&game).unwrap_err();
    assert!(err.reason().contains("secures only 0"), "{err}");
    // Recovery from the values alone finds the green arc too.
    let recovered = strong_from_values(&game, &strong.values, &Comparisons::new()).unwrap();
    assert_eq!(recovered.strategy.successor(game.arena(), max), Some(one));
}

/// Large payoffs stay exact.
#[test]
fn huge_rational_payoffs() {
    let mut b = Builder::new(2);
    let max = b.add_vertex(Owner::Player(Player::MAX));
    let [a, c] = [b.add_vertex(Owner::Terminal), b.add_vertex(Owner::Terminal)];
    b.add_edge(max, a);
    b.add_edge(max, c);
    let big: Rational = "100000000000000000000000000001/3".parse().unwrap();
    let bigger = &big
        + &"1/100000000000000000000000000000"
            .parse::<Rational>()
            .unwrap();
    let game = TerminalGame::new(b.build().unwrap(), vec![0.into(), big, bigger.clone()]).unwrap();
    for info in SOLVERS.iter() {
        let solution = (info.run.solve)(&game, &mut Stats::default());
        assert_eq!(solution.start_value(&game), &bigger, "{}", info.id);
        assert!(solution.verify(&game).is_ok());
    }
}

#[test]
fn unknown_solver_lists_the_known_ones() {
    let err = kalmar_terminal::dgg::SOLVERS
        .get("quick")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("sort, paterson, loglog, almost-linear"),
        "{err}"
    );
}

#[test]
fn games_outside_the_family_are_refused() {
    use kalmar_terminal::GameError;
    let empty = Builder::new(2).build().unwrap();
    assert_eq!(Dgg::new(empty, vec![]).unwrap_err(), GameError::Empty);
    let mut b = Builder::new(2);
    let c = b.add_vertex(Owner::Chance);
    b.add_chance_edge(c, c, Rational::ONE);
    assert!(matches!(
        Dgg::new(b.build().unwrap(), vec![Rational::ZERO]),
        Err(GameError::Owner(_))
    ));
    let mut b = Builder::new(3);
    let p = b.add_vertex(Owner::Player(Player(2)));
    b.add_edge(p, p);
    assert!(matches!(
        Dgg::new(b.build().unwrap(), vec![Rational::ZERO]),
        Err(GameError::Players(3))
    ));
}
