//! Stochastic games: exact strategy iteration against brute force over all pairs of positional
//! strategies on small seeded random games, every answer through the independent verifier;
//! strategy recovery (Theorem 2) from the values; the known answers of the seed; the certificate
//! of mean-payoff solutions against Karp's check and against brute force.

use kalmar_core::format::read_gg;
use kalmar_core::{Arena, Certificate, Owner, Player, Rational, Strategy};
use kalmar_stochastic::generate::random_stochastic;
use kalmar_stochastic::recover::{first_safe_move, recover};
use kalmar_stochastic::{Class, DiscountedGame, Solution, Stats, TerminalPayoffGame, si};
use proptest::prelude::*;

/// A parity game: a coin with weights 1/3 and 2/3 between Max's loop of priority 2 and Min's loop
/// of priority 1.
const COIN_BETWEEN_LOOPS: &str = "kalmar-gg 1\nc chance priority=0 -> a:1/3 b:2/3\n\
                                  a max priority=2 -> a\nb min priority=1 -> b\n";

/// Every positional strategy of `player`, as choices merged into `base`.
fn strategies(arena: &Arena, player: Player, base: &Strategy) -> Vec<Strategy> {
    let mut all = vec![base.clone()];
    for v in arena.vertices() {
        if arena.owner(v) != Owner::Player(player) {
            continue;
        }
        all = all
            .into_iter()
            .flat_map(|s| {
                arena.out_edges(v).map(move |e| {
                    let mut s = s.clone();
                    s.set(v, e);
                    s
                })
            })
            .collect();
    }
    all
}

/// The value of every vertex by brute force: max over Max's positional strategies of the min over
/// Min's of the exact value of the pair (positional strategies suffice for both).
fn brute_values(arena: &Arena, evaluate: impl Fn(&Strategy) -> Vec<Rational>) -> Vec<Rational> {
    let empty = Strategy::empty(arena.num_vertices());
    let mut best: Option<Vec<Rational>> = None;
    for sigma in strategies(arena, Player::MAX, &empty) {
        let mut worst: Option<Vec<Rational>> = None;
        for profile in strategies(arena, Player::MIN, &sigma) {
            let x = evaluate(&profile);
            worst = Some(match worst {
                None => x,
                Some(w) => w.into_iter().zip(x).map(|(a, b)| a.min(b)).collect(),
            });
        }
        let worst = worst.expect("at least one strategy");
        best = Some(match best {
            None => worst,
            Some(b) => b.into_iter().zip(worst).map(|(a, c)| a.max(c)).collect(),
        });
    }
    best.expect("at least one strategy")
}

/// Whether brute force over this game's strategy pairs stays small.
fn small(arena: &Arena) -> bool {
    arena
        .vertices()
        .filter(|&v| matches!(arena.owner(v), Owner::Player(_)))
        .map(|v| arena.out_degree(v) as u64)
        .product::<u64>()
        <= 2000
}

/// The Markov chain of a strategy pair in a game without terminals, written independently of
/// the library's evaluation: each vertex's successors with probabilities, and which vertices
/// reach which.
struct Chain {
    step: Vec<Vec<(usize, Rational)>>,
    reach: Vec<Vec<bool>>,
}

impl Chain {
    fn of(arena: &Arena, profile: &Strategy) -> Chain {
        let n = arena.num_vertices();
        let step: Vec<Vec<(usize, Rational)>> = arena
            .vertices()
            .map(|v| match arena.owner(v) {
                Owner::Chance => arena
                    .out_edges(v)
                    .map(|e| {
                        (
                            arena.target(e).index(),
                            arena.probability(e).unwrap().clone(),
                        )
                    })
                    .collect(),
                _ => vec![(arena.target(profile.get(v).unwrap()).index(), Rational::ONE)],
            })
            .collect();
        let mut reach = vec![vec![false; n]; n];
        for (u, row) in reach.iter_mut().enumerate() {
            let mut stack = vec![u];
            row[u] = true;
            while let Some(v) = stack.pop() {
                for &(w, _) in &step[v] {
                    if !row[w] {
                        row[w] = true;
                        stack.push(w);
                    }
                }
            }
        }
        Chain { step, reach }
    }

    fn len(&self) -> usize {
        self.step.len()
    }

    /// Whether `u` is in a bottom strongly connected component (everything it reaches reaches
    /// it back).
    fn bottom(&self, u: usize) -> bool {
        (0..self.len()).all(|w| !self.reach[u][w] || self.reach[w][u])
    }

    /// `x_u = at_bottom(u)` in bottom components, else `x_u = sum p x_w`: the expected value of
    /// the bottom component where play ends up.
    fn absorbed(&self, at_bottom: impl Fn(usize) -> Rational) -> Vec<Rational> {
        let n = self.len();
        let mut a = vec![vec![Rational::ZERO; n]; n];
        let mut b = vec![Rational::ZERO; n];
        for u in 0..n {
            a[u][u] = Rational::ONE;
            if self.bottom(u) {
                b[u] = at_bottom(u);
            } else {
                for (w, p) in &self.step[u] {
                    a[u][*w] = &a[u][*w] - p;
                }
            }
        }
        solve_dense(a, b)
    }

    /// The limiting average reward from every vertex: in a bottom component, the mean reward
    /// under its stationary distribution `pi` (`pi P = pi`, `sum pi = 1`); elsewhere the
    /// expectation over the bottom components reached.
    fn mean_payoff(&self, reward: &[Rational]) -> Vec<Rational> {
        self.absorbed(|u| {
            let members: Vec<usize> = (0..self.len()).filter(|&w| self.reach[u][w]).collect();
            let k = members.len();
            let mut a = vec![vec![Rational::ZERO; k]; k];
            let mut b = vec![Rational::ZERO; k];
            // Row j < k - 1: the balance of members[j + 1]; the last row: the sum is 1.
            for (i, &v) in members.iter().enumerate() {
                for (w, p) in &self.step[v] {
                    let j = members.iter().position(|x| x == w).unwrap();
                    if j > 0 {
                        a[j - 1][i] = &a[j - 1][i] + p;
                    }
                }
                if i > 0 {
                    a[i - 1][i] = &a[i - 1][i] - &Rational::ONE;
                }
                a[k - 1][i] = Rational::ONE;
            }
            b[k - 1] = Rational::ONE;
            let pi = solve_dense(a, b);
            members
                .iter()
                .zip(&pi)
                .fold(Rational::ZERO, |acc, (&v, p)| acc + p * &reward[v])
        })
    }
}

/// The solution of the non-singular system `a x = b`, by Gauss–Jordan elimination.
fn solve_dense(mut a: Vec<Vec<Rational>>, mut b: Vec<Rational>) -> Vec<Rational> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).find(|&r| !a[r][col].is_zero()).unwrap();
        a.swap(col, pivot);
        b.swap(col, pivot);
        let pivot_row = a[col].clone();
        let pivot_b = b[col].clone();
        for (r, row) in a.iter_mut().enumerate() {
            if r != col && !row[col].is_zero() {
                let f = &row[col] / &pivot_row[col];
                for (x, p) in row.iter_mut().zip(&pivot_row).skip(col) {
                    *x = &*x - &(&f * p);
                }
                b[r] = &b[r] - &(&f * &pivot_b);
            }
        }
    }
    (0..n).map(|i| &b[i] / &a[i][i]).collect()
}

fn terminal_game(
    class: Class,
    seed: u64,
    n: usize,
    degree: usize,
    terminals: usize,
) -> TerminalPayoffGame {
    TerminalPayoffGame::from_graph(
        &random_stochastic(class, n, degree, terminals, None, seed).unwrap(),
    )
    .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn si_matches_brute_force_on_terminal_games(
        seed in any::<u64>(), n in 1usize..7, degree in 1usize..=3, terminals in 1usize..=3,
    ) {
        let game = terminal_game(Class::Terminal, seed, n, degree, terminals);
        prop_assume!(small(game.arena()));
        let solution = si::solve_terminal(&game, &mut Stats::default());
        prop_assert_eq!(solution.verify(&game), Ok(()));
        prop_assert_eq!(&solution.values, &brute_values(game.arena(), |s| game.evaluate(s)));
        // Every step exact, from the first moves (the trap steps run more often this way).
        let exact_only = si::Config { float_guide: false };
        let plain = si::solve_terminal_with(&game, &exact_only, &mut Stats::default());
        prop_assert_eq!(plain.verify(&game), Ok(()));
        prop_assert_eq!(&plain.values, &solution.values);
        prop_assert_eq!(game.evaluate(&solution.strategy), solution.values.clone());
        // Theorem 2: the values alone give optimal strategies.
        let recovered = recover(&game, &solution.values).unwrap();
        let again = Solution { values: solution.values.clone(), strategy: recovered };
        prop_assert_eq!(again.verify(&game), Ok(()));
    }

    #[test]
    fn si_matches_brute_force_on_simple_games(
        seed in any::<u64>(), n in 1usize..8, degree in 1usize..=2, terminals in 2usize..=3,
    ) {
        let game = terminal_game(Class::Simple, seed, n, degree, terminals);
        prop_assume!(small(game.arena()));
        prop_assert!(game.is_simple());
        let solution = si::solve_terminal(&game, &mut Stats::default());
        prop_assert_eq!(solution.verify(&game), Ok(()));
        let exact_only = si::Config { float_guide: false };
        let plain = si::solve_terminal_with(&game, &exact_only, &mut Stats::default());
        prop_assert_eq!(&plain.values, &solution.values);
        prop_assert_eq!(&solution.values, &brute_values(game.arena(), |s| game.evaluate(s)));
    }

    #[test]
    fn si_matches_brute_force_on_discounted_games(
        seed in any::<u64>(), n in 1usize..7, degree in 1usize..=3, beta in 1i64..10,
    ) {
        let graph = random_stochastic(
            Class::Discounted, n, degree, 0, Some(Rational::new(beta, 10)), seed,
        ).unwrap();
        let game = DiscountedGame::from_graph(&graph).unwrap();
        prop_assume!(small(game.arena()));
        let solution = si::solve_discounted(&game, &mut Stats::default());
        prop_assert_eq!(solution.verify(&game), Ok(()));
        prop_assert_eq!(&solution.values, &brute_values(game.arena(), |s| game.evaluate(s)));
    }

    #[test]
    fn verify_rejects_a_changed_value(
        seed in any::<u64>(), n in 2usize..12, degree in 1usize..=3, which in any::<usize>(),
    ) {
        let game = terminal_game(Class::Terminal, seed, n, degree, 2);
        let mut solution = si::solve_terminal(&game, &mut Stats::default());
        let v = which % solution.values.len();
        solution.values[v] = &solution.values[v] + &Rational::new(1, 7);
        prop_assert!(solution.verify(&game).is_err());
    }
}

fn gg(text: &str) -> TerminalPayoffGame {
    TerminalPayoffGame::from_graph(&read_gg(text).unwrap()).unwrap()
}

#[test]
fn a_cycle_of_equal_values_is_safe_but_not_stopping() {
    // Max at a and b: the values are 1 everywhere (Max can end at the 1-terminal). Moving to the
    // first successor of equal value sends a to b and b back to a: play never ends and pays 0.
    let game = gg("kalmar-gg 1\na max -> b win\nb max -> a\nwin terminal payoff=1\n");
    let values = vec![Rational::ONE; 3];
    let naive = first_safe_move(&game, &values);
    assert_eq!(game.evaluate(&naive)[0], Rational::ZERO);
    let claim = Solution {
        values: values.clone(),
        strategy: naive,
    };
    let err = claim.verify(&game).unwrap_err();
    assert!(err.reason().contains("keep play from ending"), "{err}");
    let recovered = recover(&game, &values).unwrap();
    assert_eq!(game.evaluate(&recovered), values);
    Solution {
        values,
        strategy: recovered,
    }
    .verify(&game)
    .unwrap();
}

#[test]
fn values_that_only_satisfy_the_equations_are_rejected() {
    // Max can end at -1 or cycle through Min's b forever (0). The values -1, -1 satisfy the
    // optimality equations, and moving to the terminal is safe for them, but Min cannot stop Max
    // from cycling: the verifier, and recovery, refuse them.
    let game = gg("kalmar-gg 1\na max -> loss b\nb min -> a\nloss terminal payoff=-1\n");
    let values = vec![Rational::from(-1), Rational::from(-1), Rational::from(-1)];
    let strategy = recover(&game, &values);
    assert!(strategy.is_err());
    let a = game.arena().vertices().next().unwrap();
    let mut claim = Strategy::empty(3);
    claim.set(a, game.arena().out_edges(a).next().unwrap());
    let b = kalmar_core::Vertex(1);
    claim.set(b, game.arena().out_edges(b).next().unwrap());
    let err = Solution {
        values,
        strategy: claim,
    }
    .verify(&game)
    .unwrap_err();
    assert!(err.reason().contains("Min's strategy"), "{err}");
}

#[test]
fn figure_2_3_is_solved_with_the_bold_strategies() {
    // Seed 002, Figure 2.3: 40 175/271 from a; the other moves are worse for whoever makes them.
    let graph = read_gg(include_str!("../../../examples/figure-2-3.gg")).unwrap();
    let game = DiscountedGame::from_graph(&graph).unwrap();
    let solution = si::solve_discounted(&game, &mut Stats::default());
    solution.verify(&game).unwrap();
    let a = game.arena().name_index()["a"];
    assert_eq!(
        solution.values[a.index()],
        Rational::new(40 * 271 + 175, 271)
    );
    assert_eq!(solution.values[a.index()].to_string(), "11015/271");
}

#[test]
fn si_agrees_with_brute_force_on_many_seeds() {
    for seed in 0..300u64 {
        let class = if seed % 2 == 0 {
            Class::Terminal
        } else {
            Class::Simple
        };
        let game = terminal_game(class, seed, 2 + seed as usize % 6, 1 + seed as usize % 3, 2);
        if !small(game.arena()) {
            continue;
        }
        let solution = si::solve_terminal(&game, &mut Stats::default());
        assert_eq!(solution.verify(&game), Ok(()), "seed {seed}");
        assert_eq!(
            solution.values,
            brute_values(game.arena(), |s| game.evaluate(s)),
            "seed {seed}"
        );
    }
}

mod reductions {
    use super::*;
    use kalmar_stochastic::MeanPayoffGame;
    use kalmar_stochastic::reduce::{
        coin_tosses, discounted_to_terminal, mean_to_discounted, terminal_to_mean,
    };

    fn mean_game(seed: u64, n: usize, degree: usize) -> MeanPayoffGame {
        MeanPayoffGame::from_graph(
            &random_stochastic(Class::MeanPayoff, n, degree, 0, None, seed).unwrap(),
        )
        .unwrap()
    }

    #[test]
    fn mean_payoff_of_a_chain_by_hand() {
        // a -> b -> a earns 3, 1, 3, 1, …: average 2. c tosses a coin between a and d, a self-loop
        // earning -4: average (2 - 4) / 2 = -1.
        let game = MeanPayoffGame::from_graph(
            &read_gg(
                "kalmar-gg 1\na max reward=3 -> b\nb min reward=1 -> a\n\
                 c chance reward=100 -> a:1/2 d:1/2\nd max reward=-4 -> d\n",
            )
            .unwrap(),
        )
        .unwrap();
        let solution = si::solve_mean_payoff(&game, &mut Stats::default());
        let expected: Vec<Rational> = [2, 2, -1, -4].map(Rational::from).to_vec();
        assert_eq!(solution.values, expected);
    }

    #[test]
    fn beta_star_is_the_formula_of_lemma_1() {
        // One vertex, reward 3, a self-loop: n + 1 = 2 and M = 3, so
        // beta* = 1 - 1 / ((2!)^2 2^7 3^8).
        let game =
            MeanPayoffGame::from_graph(&read_gg("kalmar-gg 1\na max reward=3 -> a\n").unwrap())
                .unwrap();
        let denominator = 4 * 128 * 6561;
        assert_eq!(
            mean_to_discounted::beta_star(&game),
            Rational::new(denominator - 1, denominator)
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]

        #[test]
        fn lemma_1_solves_mean_payoff_games(seed in any::<u64>(), n in 1usize..5, degree in 1usize..=2) {
            let game = mean_game(seed, n, degree);
            prop_assume!(small(game.arena()));
            let solution = si::solve_mean_payoff(&game, &mut Stats::default());
            prop_assert_eq!(&solution.values, &brute_values(game.arena(), |s| game.evaluate(s)));
        }

        #[test]
        fn lemma_4_terminal_games_as_mean_payoff_games(
            seed in any::<u64>(), n in 1usize..5, degree in 1usize..=2,
        ) {
            let game = terminal_game(Class::Terminal, seed, n, degree, 2);
            prop_assume!(small(game.arena()));
            let direct = si::solve_terminal(&game, &mut Stats::default());
            let mean = terminal_to_mean::reduce(&game);
            let solution = si::solve_mean_payoff(&mean, &mut Stats::default());
            prop_assert_eq!(&solution.values, &direct.values);
            // Every strategy pair is worth the same in both games, so optimal strategies of the
            // mean-payoff game are optimal in the terminal game.
            let back = kalmar_stochastic::reduce::transfer(
                mean.arena(), &solution.strategy, game.arena(), Some,
            );
            prop_assert_eq!(&game.evaluate(&back), &direct.values);
            let back = Solution { values: direct.values.clone(), strategy: back };
            prop_assert_eq!(back.verify(&game), Ok(()));
        }

        #[test]
        fn lemma_3_discounted_games_as_simple_stochastic_games(
            seed in any::<u64>(), n in 1usize..5, degree in 1usize..=2, beta in 1i64..4,
        ) {
            let graph = random_stochastic(
                Class::Discounted, n, degree, 0, Some(Rational::new(beta, 4)), seed,
            ).unwrap();
            let game = DiscountedGame::from_graph(&graph).unwrap();
            let direct = si::solve_discounted(&game, &mut Stats::default());
            let reduction = discounted_to_terminal::reduce(&game);
            let terminal = &reduction.game;
            let simple = coin_tosses::reduce(terminal);
            prop_assert!(simple.is_simple());
            let solution = si::solve_terminal(&simple, &mut Stats::default());
            prop_assert_eq!(solution.verify(&simple), Ok(()));
            // The original vertices of the 0/1 game keep their numbers in the simple game.
            let on_terminal = Solution {
                values: solution.values[..terminal.arena().num_vertices()].to_vec(),
                strategy: kalmar_stochastic::reduce::transfer(
                    simple.arena(), &solution.strategy, terminal.arena(), Some,
                ),
            };
            prop_assert_eq!(on_terminal.verify(terminal), Ok(()));
            let back = reduction.map_back(&game, &on_terminal);
            prop_assert_eq!(&back.values, &direct.values);
            prop_assert_eq!(back.verify(&game), Ok(()));
        }
    }
}

mod value_iteration {
    use super::*;
    use kalmar_stochastic::vi;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(100))]

        #[test]
        fn bounds_contain_the_exact_values_and_close_in(
            seed in any::<u64>(), n in 1usize..30, degree in 1usize..=3, terminals in 1usize..=4,
        ) {
            let class = if seed % 3 == 0 { Class::Simple } else { Class::Terminal };
            let game = terminal_game(class, seed, n, degree, terminals);
            let exact = si::solve_terminal(&game, &mut Stats::default()).values;
            let epsilon = Rational::new(1, 1000);
            let bounds = vi::solve_terminal(&game, &epsilon, 20_000, &mut Stats::default());
            for (v, x) in exact.iter().enumerate() {
                prop_assert!(bounds.lower[v] <= *x && *x <= bounds.upper[v], "vertex {}", v);
            }
            prop_assert!(bounds.error() <= epsilon, "error {}", bounds.error());
        }

        #[test]
        fn discounted_bounds_contain_the_exact_values(
            seed in any::<u64>(), n in 1usize..30, degree in 1usize..=3, beta in 1i64..10,
        ) {
            let graph = random_stochastic(
                Class::Discounted, n, degree, 0, Some(Rational::new(beta, 10)), seed,
            ).unwrap();
            let game = DiscountedGame::from_graph(&graph).unwrap();
            let exact = si::solve_discounted(&game, &mut Stats::default()).values;
            let epsilon = Rational::new(1, 1000);
            let bounds = vi::solve_discounted(&game, &epsilon, 20_000, &mut Stats::default());
            for (v, x) in exact.iter().enumerate() {
                prop_assert!(bounds.lower[v] <= *x && *x <= bounds.upper[v]);
            }
            prop_assert!(bounds.error() <= epsilon);
        }
    }

    #[test]
    fn deflation_closes_the_gap_of_a_min_cycle() {
        // Min can keep play in the cycle a -> b -> a forever (0) instead of letting Max at b
        // reach the 1-terminal only through c, a coin that returns to a half the time. Without
        // deflation the upper bound of a, b stays at 1; the value is 0.
        let game = gg(
            "kalmar-gg 1\na min -> b c\nb min -> a\nc chance -> one:1/2 a:1/2\n\
             one terminal payoff=1\n",
        );
        let bounds =
            vi::solve_terminal(&game, &Rational::new(1, 1000), 1000, &mut Stats::default());
        assert!(bounds.error() <= Rational::new(1, 1000));
        assert_eq!(bounds.upper[0], Rational::ZERO);
    }
}

mod deterministic_and_parity {
    use super::*;
    use kalmar_parity as parity;
    use kalmar_stochastic::generate::random_deterministic;
    use kalmar_stochastic::reduce::parity_to_mean;
    use kalmar_stochastic::{
        MeanPayoffGame, ParityConvention, StochasticParityGame, mp_check, mp_witness, mpsi, zp,
    };

    #[test]
    fn parity_win_probability_by_hand() {
        // A coin with weights 1/3 and 2/3 between a loop whose top priority is 2 and one whose
        // top priority is 1 (5 in the seed's convention, where odd wins for Max).
        let graph = read_gg(COIN_BETWEEN_LOOPS).unwrap();
        let even = StochasticParityGame::from_graph(&graph, ParityConvention::EvenWins).unwrap();
        let odd = StochasticParityGame::from_graph(&graph, ParityConvention::OddWins).unwrap();
        let profile = si::initial_profile_of(even.arena());
        assert_eq!(even.evaluate(&profile)[0], Rational::new(1, 3));
        assert_eq!(odd.evaluate(&profile)[0], Rational::new(2, 3));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]

        #[test]
        fn zwick_paterson_matches_strategy_iteration(
            seed in any::<u64>(), n in 1usize..6, degree in 1usize..=3,
        ) {
            let graph = random_deterministic(Class::MeanPayoff, n, degree, 0, None, seed).unwrap();
            let game = MeanPayoffGame::from_graph(&graph).unwrap();
            let values = zp::solve(&game, u64::MAX, &mut Stats::default()).unwrap();
            prop_assume!(small(game.arena()));
            prop_assert_eq!(&values, &brute_values(game.arena(), |s| game.evaluate(s)));
            prop_assert_eq!(values, si::solve_mean_payoff(&game, &mut Stats::default()).values);
        }

        #[test]
        fn mean_payoff_strategy_improvement_matches_brute_force_and_zwick_paterson(
            seed in any::<u64>(), n in 1usize..8, degree in 1usize..=3,
        ) {
            let graph = random_deterministic(Class::MeanPayoff, n, degree, 0, None, seed).unwrap();
            let game = MeanPayoffGame::from_graph(&graph).unwrap();
            let solution = mpsi::solve(&game, &mut Stats::default()).unwrap();
            prop_assert_eq!(&solution.values, &zp::solve(&game, u64::MAX, &mut Stats::default()).unwrap());
            // The strategies are worth the values, and neither player gains by a change.
            prop_assert_eq!(&game.evaluate(&solution.strategy), &solution.values);
            prop_assert_eq!(mp_check::verify(&game, &solution.values, &solution.strategy), Ok(()));
            let mut wrong = solution.values.clone();
            wrong[seed as usize % n] = &wrong[seed as usize % n] + &Rational::new(1, 7);
            prop_assert!(mp_check::verify(&game, &wrong, &solution.strategy).is_err());
            prop_assume!(small(game.arena()));
            prop_assert_eq!(&solution.values, &brute_values(game.arena(), |s| game.evaluate(s)));
            // The checker's best replies against brute force over the replier's strategies.
            let first = si::initial_profile_of(game.arena());
            for (fixed, sign) in [(Player::MAX, 1), (Player::MIN, -1)] {
                let brute = strategies(game.arena(), fixed.opponent(), &first)
                    .iter()
                    .map(|s| game.evaluate(s))
                    .reduce(|x, y| {
                        x.into_iter()
                            .zip(y)
                            .map(|(a, b)| if sign == 1 { a.min(b) } else { a.max(b) })
                            .collect()
                    })
                    .unwrap();
                prop_assert_eq!(mp_check::best_reply_values(&game, fixed, &first).unwrap(), brute);
            }
            for (player, better) in [(Player::MAX, 1), (Player::MIN, -1)] {
                for s in strategies(game.arena(), player, &solution.strategy) {
                    for (x, y) in game.evaluate(&s).iter().zip(&solution.values) {
                        prop_assert!(better * (x.clone() - y.clone()).signum() as i32 <= 0);
                    }
                }
            }
        }

        #[test]
        fn parity_games_as_mean_payoff_games(seed in any::<u64>(), n in 1usize..5, degree in 1usize..=2) {
            let graph = random_deterministic(Class::Parity, n, degree, 0, None, seed).unwrap();
            let game = StochasticParityGame::from_graph(&graph, ParityConvention::EvenWins).unwrap();
            let mean = parity_to_mean::reduce(&game);
            let solution = si::solve_mean_payoff(&mean, &mut Stats::default());
            let classic = parity::ParityGame::from_graph(&graph, false).unwrap();
            let winners = parity::zlk::solve(&classic, &mut parity::Stats::default()).winner;
            let wins = game.evaluate(&solution.strategy);
            for v in game.arena().vertices() {
                let max_wins = winners[v.index()] == Player::MAX;
                prop_assert_eq!(solution.values[v.index()].signum().is_gt(), max_wins);
                prop_assert_eq!(&wins[v.index()], &Rational::from(i64::from(max_wins)));
            }
        }

        /// Rewards times 2^k, k from 90 to 130, take mpsi to the edge of 128-bit arithmetic and
        /// past it (decisions in `i128` or big integers, whichever the magnitudes allow): the
        /// values are those of the game with the rewards as they were (Zwick–Paterson), times
        /// 2^k, and the strategies are worth them (evaluated, and the gain/bias certificate).
        #[test]
        fn mean_payoff_strategy_improvement_in_big_integers(
            seed in any::<u64>(), n in 1usize..8, degree in 1usize..=3, k in 90u32..=130,
        ) {
            let graph = random_deterministic(Class::MeanPayoff, n, degree, 0, None, seed).unwrap();
            let game = MeanPayoffGame::from_graph(&graph).unwrap();
            let big = scaled_by_power_of_two(&game, k);
            let solution = mpsi::solve(&big, &mut Stats::default()).unwrap();
            let values = zp::solve(&game, u64::MAX, &mut Stats::default()).unwrap();
            let factor = power_of_two(k);
            let expected: Vec<Rational> = values.iter().map(|x| x * &factor).collect();
            prop_assert_eq!(&solution.values, &expected);
            prop_assert_eq!(&big.evaluate(&solution.strategy), &solution.values);
            prop_assert_eq!(mp_witness::verify(&big, &solution.values, &solution.strategy), Ok(()));
        }

        /// Jurdziński's reduction of a parity game, rewards times 2^k, k from 90 to 130, solved
        /// by mpsi: Max (Even) has a positive value exactly where Zielonka's algorithm says Even
        /// wins, and mpsi's strategies win those vertices for Even and the others for Odd.
        #[test]
        fn parity_games_by_mean_payoff_strategy_improvement_in_big_integers(
            seed in any::<u64>(), n in 1usize..7, degree in 1usize..=3, k in 90u32..=130,
        ) {
            let graph = random_deterministic(Class::Parity, n, degree, 0, None, seed).unwrap();
            let game = StochasticParityGame::from_graph(&graph, ParityConvention::EvenWins).unwrap();
            let mean = scaled_by_power_of_two(&parity_to_mean::reduce(&game), k);
            let solution = mpsi::solve(&mean, &mut Stats::default()).unwrap();
            let classic = parity::ParityGame::from_graph(&graph, false).unwrap();
            let winners = parity::zlk::solve(&classic, &mut parity::Stats::default()).winner;
            let wins = game.evaluate(&solution.strategy);
            for v in game.arena().vertices() {
                let max_wins = winners[v.index()] == Player::MAX;
                prop_assert_eq!(solution.values[v.index()].signum().is_gt(), max_wins);
                prop_assert_eq!(&wins[v.index()], &Rational::from(i64::from(max_wins)));
            }
        }
    }

    fn power_of_two(k: u32) -> Rational {
        let x = num_bigint::BigInt::from(1) << k;
        Rational::from_big(num_rational::BigRational::from_integer(x))
    }

    /// The game with every reward multiplied by 2^k.
    fn scaled_by_power_of_two(game: &MeanPayoffGame, k: u32) -> MeanPayoffGame {
        let factor = power_of_two(k);
        let rewards = game.rewards().iter().map(|r| r * &factor).collect();
        MeanPayoffGame::new(game.arena().clone(), rewards).unwrap()
    }
}

mod parity_with_chance {
    //! Stochastic parity games: the gadget solver against brute force over all positional
    //! strategy pairs, each pair valued by an evaluator written here (bottom components by
    //! reachability, then a dense exact linear solve), independent of the library's Markov-chain
    //! code; the verifier's best replies against the same brute force.
    use super::*;
    use kalmar_core::{Builder, Vertex};
    use kalmar_stochastic::reduce::{parity_to_mean, parity_to_terminal};
    use kalmar_stochastic::{ParityConvention, StochasticParityGame, parity_mdp, spg};

    /// Max's winning probability from every vertex under `profile`: a bottom strongly connected
    /// component of the chain is won by Max when its largest priority is good for him; every
    /// other vertex's value is the probability of reaching a won bottom component.
    fn pair_value(game: &StochasticParityGame, profile: &Strategy) -> Vec<Rational> {
        let chain = Chain::of(game.arena(), profile);
        chain.absorbed(|u| {
            let top = (0..chain.len())
                .filter(|&w| chain.reach[u][w])
                .map(|w| game.priorities()[w])
                .max()
                .unwrap();
            Rational::from(i64::from(game.max_wins(top)))
        })
    }

    /// One vertex of a drawn game: owner (0 Max, 1 Min, 2 chance), priority, two successors,
    /// two weights for chance, and whether a player has the second move too.
    type Drawn = (u8, u32, usize, usize, i64, i64, bool);

    /// A game with many chance vertices and fractional values, drawn by proptest.
    fn drawn_game(vertices: &[Drawn], odd: bool) -> StochasticParityGame {
        let n = vertices.len();
        let mut builder = Builder::new(2);
        for &(owner, ..) in vertices {
            builder.add_vertex(match owner {
                0 => Owner::Player(Player::MAX),
                1 => Owner::Player(Player::MIN),
                _ => Owner::Chance,
            });
        }
        for (v, &(owner, _, a, b, wa, wb, two)) in vertices.iter().enumerate() {
            let (v, a, b) = (Vertex::new(v), Vertex::new(a % n), Vertex::new(b % n));
            if owner >= 2 {
                builder.add_chance_edge(v, a, Rational::new(wa, wa + wb));
                builder.add_chance_edge(v, b, Rational::new(wb, wa + wb));
            } else {
                builder.add_edge(v, a);
                if two {
                    builder.add_edge(v, b);
                }
            }
        }
        let convention = if odd {
            ParityConvention::OddWins
        } else {
            ParityConvention::EvenWins
        };
        let priority = vertices.iter().map(|d| d.1).collect();
        StochasticParityGame::new(builder.build().unwrap(), priority, convention).unwrap()
    }

    fn drawn() -> impl proptest::strategy::Strategy<Value = Vec<Drawn>> {
        prop::collection::vec(
            (
                0u8..4,
                0u32..5,
                0usize..8,
                0usize..8,
                1i64..5,
                1i64..5,
                any::<bool>(),
            ),
            1..8,
        )
    }

    fn parity_game(seed: u64, n: usize, degree: usize, odd: bool) -> StochasticParityGame {
        let graph = random_stochastic(Class::Parity, n, degree, 0, None, seed).unwrap();
        let convention = if odd {
            ParityConvention::OddWins
        } else {
            ParityConvention::EvenWins
        };
        StochasticParityGame::from_graph(&graph, convention).unwrap()
    }

    /// The verifier's best replies to the initial strategies equal brute force's, for both players.
    fn best_replies_match_brute_force_on(game: &StochasticParityGame) {
        let profile = si::initial_profile_of(game.arena());
        for fixed in [Player::MAX, Player::MIN] {
            assert_eq!(
                parity_mdp::best_reply_values(game, fixed, &profile),
                brute_reply(game, fixed, &profile)
            );
        }
    }

    /// The value of every vertex when `fixed` plays its part of `profile` and the other player
    /// replies by brute force over its positional strategies.
    fn brute_reply(
        game: &StochasticParityGame,
        fixed: Player,
        profile: &Strategy,
    ) -> Vec<Rational> {
        let replier = fixed.opponent();
        strategies(game.arena(), replier, profile)
            .iter()
            .map(|s| pair_value(game, s))
            .reduce(|x, y| {
                x.into_iter()
                    .zip(y)
                    .map(|(a, b)| {
                        if replier == Player::MAX {
                            a.max(b)
                        } else {
                            a.min(b)
                        }
                    })
                    .collect()
            })
            .unwrap()
    }

    #[test]
    fn the_evaluator_here_agrees_with_the_librarys_on_a_coin() {
        // A coin with weights 1/3 and 2/3 between Max's winning and losing loops.
        let graph = read_gg(COIN_BETWEEN_LOOPS).unwrap();
        let game = StochasticParityGame::from_graph(&graph, ParityConvention::EvenWins).unwrap();
        let profile = si::initial_profile_of(game.arena());
        let x = pair_value(&game, &profile);
        assert_eq!(x, vec![Rational::new(1, 3), Rational::ONE, Rational::ZERO]);
        assert_eq!(x, game.evaluate(&profile));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]

        #[test]
        fn gadget_solver_matches_brute_force(
            seed in any::<u64>(), n in 1usize..7, degree in 1usize..=3, odd in any::<bool>(),
        ) {
            let game = parity_game(seed, n, degree, odd);
            prop_assume!(small(game.arena()));
            let solution = spg::solve(&game, &mut Stats::default());
            prop_assert_eq!(solution.verify(&game), Ok(()));
            prop_assert_eq!(&solution.values, &brute_values(game.arena(), |s| pair_value(&game, s)));
            prop_assert_eq!(&pair_value(&game, &solution.strategy), &solution.values);
        }

        #[test]
        fn gadget_solver_matches_brute_force_with_much_chance(
            vertices in drawn(), odd in any::<bool>(),
        ) {
            let game = drawn_game(&vertices, odd);
            let solution = spg::solve(&game, &mut Stats::default());
            prop_assert_eq!(solution.verify(&game), Ok(()));
            prop_assert_eq!(&solution.values, &brute_values(game.arena(), |s| pair_value(&game, s)));
        }

        #[test]
        fn best_replies_match_brute_force_with_much_chance(
            vertices in drawn(), odd in any::<bool>(),
        ) {
            best_replies_match_brute_force_on(&drawn_game(&vertices, odd));
        }

        #[test]
        fn best_replies_match_brute_force(
            seed in any::<u64>(), n in 1usize..7, degree in 1usize..=3, odd in any::<bool>(),
        ) {
            let game = parity_game(seed, n, degree, odd);
            prop_assume!(small(game.arena()));
            best_replies_match_brute_force_on(&game);
        }

        #[test]
        fn verifier_accepts_exactly_the_optimal_pairs(
            seed in any::<u64>(), n in 1usize..6, degree in 1usize..=2, pick in any::<u64>(),
        ) {
            // A random strategy pair, claimed with its own values: correct exactly when neither
            // player's brute-force best reply changes a value.
            let game = parity_game(seed, n, degree, false);
            prop_assume!(small(game.arena()));
            let all = strategies(game.arena(), Player::MAX, &Strategy::empty(n));
            let sigma = &all[(pick % all.len() as u64) as usize];
            let pairs = strategies(game.arena(), Player::MIN, sigma);
            let profile = &pairs[(pick / 7 % pairs.len() as u64) as usize];
            let x = pair_value(&game, profile);
            let optimal = brute_reply(&game, Player::MIN, profile) == x
                && brute_reply(&game, Player::MAX, profile) == x;
            prop_assert_eq!(parity_mdp::verify(&game, &x, profile).is_ok(), optimal);
        }
    }

    #[test]
    fn a_changed_value_is_rejected() {
        for seed in 0..40u64 {
            let game = parity_game(seed, 2 + seed as usize % 4, 2, seed % 2 == 1);
            let solution = spg::solve(&game, &mut Stats::default());
            let mut values = solution.values.clone();
            let v = seed as usize % values.len();
            values[v] = if values[v].is_zero() {
                Rational::new(1, 7)
            } else {
                &values[v] - &Rational::new(1, 7)
            };
            assert!(parity_mdp::verify(&game, &values, &solution.strategy).is_err());
        }
    }
    /// The gadget game at the proven `delta*`, solved by strategy iteration with no certificate
    /// and no search: its strategies, carried back, are optimal (brute force says so).
    fn optimal_at_the_proven_delta(game: &StochasticParityGame) -> Result<(), TestCaseError> {
        let delta = parity_to_terminal::proven_delta(game);
        let gadget = parity_to_terminal::reduce(game, &delta);
        let solution = si::solve_terminal(&gadget, &mut Stats::default());
        let strategy = parity_to_terminal::map_back(game, &gadget, &solution.strategy);
        prop_assert_eq!(
            pair_value(game, &strategy),
            brute_values(game.arena(), |s| pair_value(game, s))
        );
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]

        #[test]
        fn the_proven_delta_needs_no_certificate(
            seed in any::<u64>(), n in 1usize..6, degree in 1usize..=3, odd in any::<bool>(),
        ) {
            let game = parity_game(seed, n, degree, odd);
            prop_assume!(small(game.arena()));
            optimal_at_the_proven_delta(&game)?;
        }

        #[test]
        fn the_proven_delta_needs_no_certificate_with_much_chance(
            vertices in drawn(), odd in any::<bool>(),
        ) {
            optimal_at_the_proven_delta(&drawn_game(&vertices, odd))?;
        }
    }

    #[test]
    fn the_proven_delta_by_hand() {
        // Two vertices: a fair coin (L = 2) and Max's loop (L = 1): Lambda = 2, prod L_i = 2,
        // so delta* = 1 / (8 * 2 * 4^2 * 2^2 * 2^2) = 1/4096.
        let game = StochasticParityGame::from_graph(
            &read_gg("kalmar-gg 1\nc chance priority=0 -> c:1/2 a:1/2\na max priority=1 -> a\n")
                .unwrap(),
            ParityConvention::EvenWins,
        )
        .unwrap();
        assert_eq!(
            parity_to_terminal::proven_delta(&game),
            Rational::new(1, 4096)
        );
    }

    #[test]
    fn the_proven_delta_is_below_the_search_where_the_search_needs_it() {
        // The game where the first gadget game's answer fails the certificate: Max passes
        // Min's priority 3 once to reach a fair coin between his loops (1/2), or takes a coin
        // that wins with 499/1000. At the proven delta the gadget game picks the first at once.
        let text = "kalmar-gg 1\na max priority=0 -> x b\nx min priority=3 -> c\n\
                    c chance priority=0 -> w:1/2 l:1/2\nb chance priority=0 -> w:499/1000 l:501/1000\n\
                    w max priority=2 -> w\nl max priority=1 -> l\n";
        let game =
            StochasticParityGame::from_graph(&read_gg(text).unwrap(), ParityConvention::EvenWins)
                .unwrap();
        let first = Rational::new(1, 4 * 7);
        assert!(parity_to_terminal::proven_delta(&game) < first);
        optimal_at_the_proven_delta(&game).unwrap();
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(12))]

        #[test]
        fn stochastic_parity_games_as_mean_payoff_games(
            seed in any::<u64>(), n in 1usize..4, degree in 1usize..=2, odd in any::<bool>(),
        ) {
            // Both sides solved: the mean-payoff game by exact strategy iteration (through
            // Lemma 1's discount factor), its strategies carried back, against brute force over
            // the parity game's strategy pairs.
            let game = parity_game(seed, n, degree, odd);
            prop_assume!(small(game.arena()));
            let mean = parity_to_mean::reduce(&game);
            let solution = parity_to_mean::map_back(
                &game,
                &mean,
                &si::solve_mean_payoff(&mean, &mut Stats::default()),
            );
            prop_assert_eq!(&solution.values, &brute_values(game.arena(), |s| pair_value(&game, s)));
            prop_assert_eq!(solution.verify(&game), Ok(()));
        }
    }
}

mod mean_payoff_witness {
    //! The gain/bias certificate of mean-payoff solutions: on deterministic games it agrees with
    //! Karp's check (an independent method) on correct and perturbed solutions; with chance, it
    //! accepts exactly the solutions that brute force over positional strategies (each pair
    //! valued by the stationary distributions of this file's `Chain`) finds optimal.
    use super::*;
    use kalmar_stochastic::generate::random_deterministic;
    use kalmar_stochastic::{MeanPayoffGame, mp_check, mp_witness, mpsi};

    /// Every strategy pair that differs from `strategy` at one player's vertex.
    fn one_move_changed(arena: &Arena, strategy: &Strategy) -> Vec<Strategy> {
        let mut all = Vec::new();
        for v in arena.vertices() {
            if !matches!(arena.owner(v), Owner::Player(_)) {
                continue;
            }
            for e in arena.out_edges(v).filter(|&e| strategy.get(v) != Some(e)) {
                let mut s = strategy.clone();
                s.set(v, e);
                all.push(s);
            }
        }
        all
    }

    /// Whether both parts of `strategy` hold the opponent to `values`, by brute force over the
    /// opponent's positional replies (which suffice in a finite Markov decision process).
    fn optimal_by_brute_force(
        game: &MeanPayoffGame,
        values: &[Rational],
        strategy: &Strategy,
    ) -> bool {
        let arena = game.arena();
        [Player::MAX, Player::MIN].into_iter().all(|fixed| {
            strategies(arena, fixed.opponent(), strategy)
                .iter()
                .all(|s| {
                    let x = Chain::of(arena, s).mean_payoff(game.rewards());
                    x.iter()
                        .zip(values)
                        .all(|(a, b)| if fixed == Player::MAX { a >= b } else { a <= b })
                })
        })
    }

    #[test]
    fn the_independent_evaluator_by_hand() {
        // c tosses a 3/4 coin between the loop a (reward 2) and the two-cycle b, d (rewards -1
        // and 5, mean 2): 2 at both. e leads into the cycle d, b. f tosses between a and itself
        // (reward 100), and ends in a: 2.
        let graph = read_gg(
            "kalmar-gg 1\nc chance reward=7 -> a:3/4 b:1/4\na max reward=2 -> a\n\
             b min reward=-1 -> d\nd max reward=5 -> b\ne min reward=0 -> d\n\
             f chance reward=100 -> a:1/2 f:1/2\n",
        )
        .unwrap();
        let game = MeanPayoffGame::from_graph(&graph).unwrap();
        let x = Chain::of(game.arena(), &si::initial_profile_of(game.arena()))
            .mean_payoff(game.rewards());
        assert_eq!(x, [2, 2, 2, 2, 2, 2].map(Rational::from));
        let graph = read_gg(
            "kalmar-gg 1\nc chance reward=0 -> a:3/4 b:1/4\na max reward=2 -> a\nb min reward=-1 -> b\n",
        )
        .unwrap();
        let game = MeanPayoffGame::from_graph(&graph).unwrap();
        let x = Chain::of(game.arena(), &si::initial_profile_of(game.arena()))
            .mean_payoff(game.rewards());
        assert_eq!(x[0], Rational::new(5, 4));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(100))]

        #[test]
        fn agrees_with_karp_on_deterministic_games(
            seed in any::<u64>(), n in 1usize..9, degree in 1usize..=3,
        ) {
            let graph = random_deterministic(Class::MeanPayoff, n, degree, 0, None, seed).unwrap();
            let game = MeanPayoffGame::from_graph(&graph).unwrap();
            let solution = mpsi::solve(&game, &mut Stats::default()).unwrap();
            let (values, strategy) = (&solution.values, &solution.strategy);
            prop_assert_eq!(mp_witness::verify(&game, values, strategy), Ok(()));
            prop_assert_eq!(mp_check::verify(&game, values, strategy), Ok(()));
            let mut wrong = values.clone();
            let i = seed as usize % n;
            wrong[i] = &wrong[i] - &Rational::new(1, 7);
            prop_assert!(mp_witness::verify(&game, &wrong, strategy).is_err());
            prop_assert!(mp_check::verify(&game, &wrong, strategy).is_err());
            // The check alone is sound: no potential, here the right solution's, lets a wrong
            // claim pass both sides.
            let witnesses = [Player::MAX, Player::MIN]
                .map(|p| mp_witness::witness(&game, values, strategy, p).unwrap());
            let passes = |values: &[Rational], strategy: &Strategy| {
                witnesses.iter().all(|w| mp_witness::check(&game, values, strategy, w).is_ok())
            };
            prop_assert!(passes(values, strategy));
            prop_assert!(!passes(&wrong, strategy));
            for changed in one_move_changed(game.arena(), strategy) {
                let karp = mp_check::verify(&game, values, &changed);
                let witness = mp_witness::verify(&game, values, &changed);
                prop_assert_eq!(karp.is_ok(), witness.is_ok(), "{:?} {:?}", karp, witness);
                prop_assert!(karp.is_ok() || !passes(values, &changed));
            }
        }

        #[test]
        fn exact_on_games_with_chance(seed in any::<u64>(), n in 2usize..8, degree in 1usize..=3) {
            let graph = random_stochastic(Class::MeanPayoff, n, degree, 0, None, seed).unwrap();
            let game = MeanPayoffGame::from_graph(&graph).unwrap();
            let arena = game.arena();
            prop_assume!(small(arena));
            let truth = brute_values(arena, |s| Chain::of(arena, s).mean_payoff(game.rewards()));
            let solution = si::solve_mean_payoff(&game, &mut Stats::default());
            prop_assert_eq!(&solution.values, &truth);
            prop_assert_eq!(solution.verify(&game), Ok(()));
            let mut wrong = truth.clone();
            let i = seed as usize % arena.num_vertices();
            wrong[i] = &wrong[i] + &Rational::new(1, 7);
            prop_assert!(solution_of(wrong, &solution.strategy).verify(&game).is_err());
            for changed in one_move_changed(arena, &solution.strategy) {
                let optimal = optimal_by_brute_force(&game, &truth, &changed);
                let verdict = solution_of(truth.clone(), &changed).verify(&game);
                prop_assert_eq!(optimal, verdict.is_ok(), "{:?}", verdict);
            }
        }
    }

    fn solution_of(values: Vec<Rational>, strategy: &Strategy) -> Solution {
        Solution {
            values,
            strategy: strategy.clone(),
        }
    }
}
