//! The dataflow's value iteration against exact strategy iteration: on random games with
//! chance, cycles and end components, signed and simple payoffs, on one to three workers,
//! every vertex's bounds hold its exact value and are within epsilon.

use kalmar_core::{Builder, Owner, Player, Rational, Vertex};
use kalmar_dist::{Cluster, vi};
use kalmar_stochastic::generate::{haddad_monmege_paying, random_stochastic};
use kalmar_stochastic::{Class, Stats, TerminalPayoffGame, si};
use proptest::prelude::*;
use std::sync::Arc;

fn bounds_hold_values(game: &TerminalPayoffGame, workers: usize, epsilon: &Rational) -> vi::Stats {
    bounds_hold_values_in_blocks(game, workers, epsilon, vi::Options::default().block)
}

fn bounds_hold_values_in_blocks(
    game: &TerminalPayoffGame,
    workers: usize,
    epsilon: &Rational,
    block: usize,
) -> vi::Stats {
    let exact = si::solve_terminal(game, &mut Stats::default()).values;
    let shared = Arc::new(game.clone());
    let options = vi::Options {
        epsilon: epsilon.clone(),
        block,
        ..vi::Options::default()
    };
    let bounded = vi::solve(&shared, &options, &Cluster::threads(workers))
        .unwrap()
        .unwrap();
    for (v, value) in exact.iter().enumerate() {
        let (lower, upper) = (&bounded.bounds.lower[v], &bounded.bounds.upper[v]);
        assert!(
            lower <= value && value <= upper,
            "vertex {v}: {value} outside [{lower}, {upper}] on {workers} workers"
        );
    }
    assert!(bounded.bounds.error() <= *epsilon, "{workers} workers");
    assert_eq!(bounded.stats.dataflow.workers, workers);
    bounded.stats
}

/// One vertex of a drawn game: owner (0 Max, 1 Min, 2 and 3 chance, 4 terminal), two
/// successors, two weights, whether a player has the second move, and a payoff.
type Drawn = (u8, usize, usize, i64, i64, bool, i64);

fn drawn_game(vertices: &[Drawn]) -> TerminalPayoffGame {
    let n = vertices.len();
    let mut builder = Builder::new(2);
    for &(owner, ..) in vertices {
        builder.add_vertex(match owner {
            0 => Owner::Player(Player::MAX),
            1 => Owner::Player(Player::MIN),
            2 | 3 => Owner::Chance,
            _ => Owner::Terminal,
        });
    }
    let mut payoff = Vec::new();
    for (v, &(owner, a, b, wa, wb, two, pay)) in vertices.iter().enumerate() {
        let (v, a, b) = (Vertex::new(v), Vertex::new(a % n), Vertex::new(b % n));
        match owner {
            0 | 1 => {
                builder.add_edge(v, a);
                if two && a != b {
                    builder.add_edge(v, b);
                }
            }
            2 | 3 if a != b => {
                builder.add_chance_edge(v, a, Rational::new(wa, wa + wb));
                builder.add_chance_edge(v, b, Rational::new(wb, wa + wb));
            }
            2 | 3 => builder.add_chance_edge(v, a, Rational::ONE),
            _ => {}
        }
        payoff.push(Rational::new(pay, 3));
    }
    TerminalPayoffGame::new(builder.build().unwrap(), payoff).unwrap()
}

fn drawn() -> impl proptest::strategy::Strategy<Value = Vec<Drawn>> {
    prop::collection::vec(
        (
            0u8..5,
            0usize..9,
            0usize..9,
            1i64..5,
            1i64..5,
            any::<bool>(),
            -3i64..4,
        ),
        1..9,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Small games full of end components of every kind, signed payoffs.
    #[test]
    fn bounds_hold_the_values_of_drawn_games(vertices in drawn(), workers in 1usize..4) {
        bounds_hold_values(&drawn_game(&vertices), workers, &Rational::new(1, 1_000_000));
    }

    /// Random simple and terminal-payoff games of a hundred vertices and more, their sweeps
    /// in rounds of blocks of a few vertices or in one.
    #[test]
    fn bounds_hold_the_values_of_random_games(
        seed in 0u64..1_000,
        simple: bool,
        workers in 1usize..4,
        block in prop::sample::select(vec![4usize, 16, 8192]),
    ) {
        let class = if simple { Class::Simple } else { Class::Terminal };
        let graph = random_stochastic(class, 120, 2, 6, None, seed).unwrap();
        let game = TerminalPayoffGame::from_graph(&graph).unwrap();
        bounds_hold_values_in_blocks(&game, workers, &Rational::new(1, 1_000_000), block);
    }
}

#[test]
fn deflation_takes_the_upper_bound_down_to_the_exit() {
    // Min can keep play in {m, a} forever; Max's exit pays 3/10, the coin 1/2. Without
    // deflation the upper bound would stay at 1/2.
    let text = "kalmar-gg 1\nm min -> a c\na max -> m d\nc chance -> w:1/2 l:1/2\n\
                d chance -> w:3/10 l:7/10\nw terminal payoff=1\nl terminal payoff=0\n";
    let graph = kalmar_core::format::read_gg(text).unwrap();
    let game = TerminalPayoffGame::from_graph(&graph).unwrap();
    for workers in 1..=3 {
        let stats = bounds_hold_values(&game, workers, &Rational::new(1, 1_000_000_000));
        assert!(stats.deflations >= 1);
    }
}

#[test]
fn the_haddad_monmege_chain_converges_on_two_workers() {
    let graph = haddad_monmege_paying(6, Rational::new(3, 4)).unwrap();
    let game = TerminalPayoffGame::from_graph(&graph).unwrap();
    let stats = bounds_hold_values(&game, 2, &Rational::new(1, 1000));
    assert!(stats.sweeps > 8);
}

#[test]
fn payoffs_beyond_the_integers_are_refused() {
    let text = "kalmar-gg 1\nm max -> w l\nw terminal payoff=10000000000000\nl terminal payoff=0\n";
    let graph = kalmar_core::format::read_gg(text).unwrap();
    let game = Arc::new(TerminalPayoffGame::from_graph(&graph).unwrap());
    let refused = vi::solve(&game, &vi::Options::default(), &Cluster::threads(1));
    assert!(matches!(refused, Err(kalmar_dist::DistError::Game(_))));
}

#[test]
fn an_epsilon_that_is_not_positive_is_refused() {
    let text = "kalmar-gg 1\nm max -> w l\nw terminal payoff=1\nl terminal payoff=0\n";
    let graph = kalmar_core::format::read_gg(text).unwrap();
    let game = Arc::new(TerminalPayoffGame::from_graph(&graph).unwrap());
    for epsilon in [Rational::ZERO, Rational::new(-1, 2)] {
        let options = vi::Options {
            epsilon,
            ..vi::Options::default()
        };
        let refused = vi::solve(&game, &options, &Cluster::threads(2));
        assert!(
            matches!(&refused, Err(kalmar_dist::DistError::Options(m)) if m.contains("--epsilon")),
            "{:?}",
            refused.err()
        );
    }
}

#[test]
fn an_epsilon_beyond_the_integers_asks_for_no_sweep() {
    let text = "kalmar-gg 1\nm max -> w l\nw terminal payoff=1\nl terminal payoff=0\n";
    let graph = kalmar_core::format::read_gg(text).unwrap();
    let game = Arc::new(TerminalPayoffGame::from_graph(&graph).unwrap());
    let huge: Rational = "1000000000000000000000000000000000000000".parse().unwrap();
    let options = vi::Options {
        epsilon: huge,
        ..vi::Options::default()
    };
    let bounded = vi::solve(&game, &options, &Cluster::threads(2))
        .unwrap()
        .unwrap();
    assert_eq!(bounded.stats.sweeps, 0);
    assert!(bounded.bounds.lower[0] <= Rational::ONE && Rational::ONE <= bounded.bounds.upper[0]);
}
