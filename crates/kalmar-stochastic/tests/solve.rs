//! The one-call library API: `solve` through the registry, solution files, the generator
//! registry and `reduce::convert`.

use kalmar_core::Rational;
use kalmar_core::format::GameGraph;
use kalmar_stochastic::generate::{
    CHAINS, GENERATORS, GeneratorError, Parameters, generate, instances,
};
use kalmar_stochastic::reduce::{ConvertError, convert};
use kalmar_stochastic::solution_file::{self, SolutionFileError};
use kalmar_stochastic::solve::{Options, SOLVERS, SolveError, solve};
use kalmar_stochastic::{Class, ParityConvention};
use proptest::prelude::*;

fn game(id: &str, positions: usize, deterministic: bool, seed: u64) -> GameGraph {
    let parameters = Parameters {
        positions,
        deterministic,
        seed,
        ..Parameters::default()
    };
    generate(id, &parameters).unwrap()
}

fn with(solver: &str) -> Options {
    Options {
        solver: solver.into(),
        ..Options::default()
    }
}

#[test]
fn every_solver_solves_and_certifies_every_class_it_lists() {
    for entry in &SOLVERS {
        for &class in entry.run.classes {
            let graph = game(class.name(), 12, true, 3);
            let answer = solve(&graph, &with(entry.id)).unwrap();
            assert_eq!(answer.class, class);
            assert_eq!(answer.values.len(), graph.arena.num_vertices());
            // Every answer with strategies has passed its certificate.
            assert_eq!(answer.strategy.is_some(), answer.check_time.is_some());
            assert_eq!(answer.certificate.is_some(), answer.check_time.is_some());
            // Value iteration may meet the values exactly too.
            assert!(
                answer.is_exact() || !entry.run.exact,
                "{} on {class:?}",
                entry.id
            );
        }
    }
}

#[test]
fn the_mean_payoff_solvers_agree() {
    for seed in 0..5 {
        let graph = game("mean-payoff", 15, true, seed);
        let values: Vec<_> = ["si", "mpsi", "zp"]
            .into_iter()
            .map(|id| solve(&graph, &with(id)).unwrap().values)
            .collect();
        assert_eq!(values[0], values[1]);
        assert_eq!(values[0], values[2]);
    }
}

#[test]
fn parity_games_without_chance_go_to_zielonka_with_chance_to_the_gadget() {
    let deterministic = solve(&game("parity", 12, true, 1), &Options::default()).unwrap();
    assert_eq!(deterministic.solver, "zlk");
    let stochastic = solve(&game("parity", 12, false, 1), &Options::default()).unwrap();
    assert_eq!(stochastic.solver, "si");
    assert!(stochastic.check_time.is_some());
}

#[test]
fn bad_requests_are_refused_before_solving() {
    let graph = game("simple", 10, false, 1);
    let unknown = solve(&graph, &with("nope")).unwrap_err();
    assert!(
        unknown.to_string().ends_with("si, vi, mpsi, zp"),
        "{unknown}"
    );
    assert!(!unknown.is_internal() && !unknown.is_in_game());
    let class = solve(&graph, &with("mpsi")).unwrap_err();
    assert!(matches!(
        class,
        SolveError::Class {
            solver: "mpsi",
            class: Class::Simple
        }
    ));
    let exact = Options {
        exact: true,
        ..Options::default()
    };
    assert_eq!(solve(&graph, &exact).unwrap_err(), SolveError::Exact);
    let epsilon = Options {
        epsilon: Rational::ZERO,
        ..with("vi")
    };
    assert_eq!(solve(&graph, &epsilon).unwrap_err(), SolveError::Epsilon);
    let chance = solve(&game("mean-payoff", 10, false, 1), &with("mpsi")).unwrap_err();
    assert!(chance.is_in_game(), "{chance}");
}

#[test]
fn value_iteration_bounds_hold_the_exact_values() {
    for id in ["simple", "terminal", "discounted"] {
        let graph = game(id, 20, false, 2);
        let exact = solve(&graph, &Options::default()).unwrap();
        let bounds = solve(&graph, &with("vi")).unwrap();
        let b = bounds.bounds.as_ref().unwrap();
        for (v, x) in exact.values.iter().enumerate() {
            assert!(b.lower[v] <= *x && *x <= b.upper[v], "{id}: vertex {v}");
        }
        assert!(
            bounds
                .solution_file(&graph, ParityConvention::EvenWins)
                .is_none()
        );
    }
}

#[test]
fn solution_files_of_every_class_verify_and_wrong_ones_do_not() {
    for class in ["simple", "terminal", "discounted", "mean-payoff", "parity"] {
        let graph = game(class, 12, false, 4);
        let answer = solve(&graph, &Options::default()).unwrap();
        let text = answer
            .solution_file(&graph, ParityConvention::EvenWins)
            .unwrap();
        assert_eq!(solution_file::verify(&graph, &text).unwrap().name(), class);
        let line = text
            .lines()
            .nth(2 + usize::from(class == "parity"))
            .unwrap();
        let (name, rest) = line.split_once(' ').unwrap();
        let (value, moves) = rest.split_once(' ').unwrap_or((rest, ""));
        let wrong = Rational::ONE + value.parse::<Rational>().unwrap();
        let changed = text.replacen(line, &format!("{name} {wrong} {moves}"), 1);
        let verdict = solution_file::verify(&graph, &changed).unwrap_err();
        assert!(matches!(verdict, SolutionFileError::Wrong(_)), "{verdict}");
    }
    let graph = game("simple", 6, false, 1);
    let malformed = solution_file::verify(&graph, "kalmar-ssol 1\nclass chess\n").unwrap_err();
    assert!(matches!(malformed, SolutionFileError::Parse(_)));
}

#[test]
fn every_generator_makes_a_game_of_its_class() {
    for entry in &GENERATORS {
        let graph = generate(entry.id, &Parameters::default()).unwrap();
        let class = Class::of(&graph);
        if !entry.run.chain {
            assert_eq!(class.name(), entry.id);
        }
    }
    assert!(matches!(
        generate("chess", &Parameters::default()),
        Err(GeneratorError::Unknown(_))
    ));
    let huge = Parameters {
        degree: 65,
        ..Parameters::default()
    };
    assert_eq!(generate("simple", &huge), Err(GeneratorError::Limit));
    let chains = instances("haddad-monmege", &[100], 1).unwrap();
    assert_eq!(chains.len(), CHAINS.len());
    assert_eq!(chains[0].0, format!("haddad-monmege {}", CHAINS[0]));
    let sized = instances("simple", &[100, 1000], 1).unwrap();
    assert_eq!(sized.len(), 2);
    assert!(sized[1].1.arena.num_edges() > sized[0].1.arena.num_edges());
}

#[test]
fn conversions_keep_the_values_and_refuse_what_they_cannot_do() {
    let terminal = game("terminal", 10, false, 5);
    let value = |g: &GameGraph| solve(g, &Options::default()).unwrap().values[0].clone();
    let even = ParityConvention::EvenWins;
    let simple = convert(&terminal, Class::Simple, even, None).unwrap();
    assert!(matches!(
        Class::of(&simple),
        Class::Simple | Class::Terminal
    ));
    let mean = convert(&terminal, Class::MeanPayoff, even, None).unwrap();
    assert_eq!(Class::of(&mean), Class::MeanPayoff);
    assert_eq!(value(&mean), value(&terminal));
    let parity = game("parity", 6, false, 5);
    let gadget = convert(&parity, Class::Terminal, even, None).unwrap();
    assert!(matches!(
        Class::of(&gadget),
        Class::Simple | Class::Terminal
    ));
    let half = Some(Rational::new(1, 2));
    assert!(convert(&parity, Class::Terminal, even, half).is_ok());
    let too_large = Some(Rational::ONE);
    assert_eq!(
        convert(&parity, Class::Terminal, even, too_large),
        Err(ConvertError::Delta)
    );
    assert!(matches!(
        convert(&terminal, Class::Parity, even, None),
        Err(ConvertError::NoReduction { .. })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Value iteration finished exactly gives strategy iteration's values.
    #[test]
    fn value_iteration_finished_exactly_is_strategy_iteration(
        seed in 0u64..1000,
        positions in 2usize..15,
        class in prop::sample::select(vec!["simple", "terminal", "discounted"]),
    ) {
        let graph = game(class, positions, false, seed);
        let exact = solve(&graph, &Options::default()).unwrap();
        let finished = solve(&graph, &Options { exact: true, ..with("vi") }).unwrap();
        prop_assert_eq!(&finished.values, &exact.values);
        prop_assert!(finished.bounds.is_some() && finished.check_time.is_some());
    }
}

#[test]
fn an_exact_solve_beyond_the_memory_allowed_is_refused_with_its_estimate() {
    use kalmar_stochastic::generate::{Parameters, generate};
    let graph = generate("simple", &Parameters::sized(4000, 1)).unwrap();
    let small = Options {
        max_memory: 1 << 20,
        ..Options::default()
    };
    let error = solve(&graph, &small).unwrap_err();
    assert!(error.is_in_game() && !error.is_internal(), "{error}");
    let SolveError::TooLarge { size, allowed } = &error else {
        panic!("{error}")
    };
    assert!(size.bytes > *allowed && size.largest_part > 100);
    assert!(error.to_string().contains("--solver vi"), "{error}");
    // Value iteration keeps no linear system and is not refused.
    let vi = Options {
        solver: "vi".into(),
        ..small
    };
    assert!(solve(&graph, &vi).is_ok());
}
