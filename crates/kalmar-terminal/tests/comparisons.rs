//! The comparison complexity of the DGG solvers on generated games (*Deterministic Graphical
//! Games Revisited*, §4): the weak solvers make O(n) payoff comparisons for n terminals, the
//! sorting method Θ(n log n); and sorting-network games (Figure 4), whose strong solution sorts
//! the payoffs.

use kalmar_core::{Certificate, Rational};
use kalmar_terminal::Dgg;
use kalmar_terminal::dgg::{self, SOLVERS, Solution, Stats};
use kalmar_terminal::generate::{self, FAMILIES, PayoffRange};
use rand::Rng;

/// Terminals of the growing games.
const SIZES: [usize; 4] = [1000, 4000, 16000, 64000];
/// Games per size for the weak solvers' mean.
const SEEDS: u64 = 3;

/// A random game with `n` distinct payoffs and `2n` positions of out-degree 4 (arcs = 4 x
/// positions).
fn game(n: usize, seed: u64) -> Dgg {
    generate::random(2 * n, 4, n, PayoffRange::Distinct, seed).unwrap()
}

fn comparisons(id: &str, game: &Dgg) -> (u64, Solution<Rational>) {
    let solver = dgg::SOLVERS.get(id).unwrap();
    let mut stats = Stats::default();
    let solution = (solver.run.solve)(game, &mut stats);
    (stats.comparisons, solution)
}

/// The bound on the comparisons per terminal of Paterson's algorithm and of the O(m log log n)
/// one, from the worst case of the selection they use (median of medians, Blum, Floyd, Pratt,
/// Rivest and Tarjan). Selecting among k items sorts groups of 5 (at most 10 comparisons per
/// group: 2k), selects the median of the group medians (T(k/5)), partitions (k) and recurses on
/// at most 7k/10 + 6 items, so T(k) <= 3k + T(k/5) + T(7k/10) <= 30k; partitioning around the
/// median adds k, so a round over k terminals costs at most 31k. Each round keeps at most half of
/// the terminals, so the rounds cost at most 62n together. The signs (Lemma 2) add n and the
/// final sort of the O(m log log n) algorithm, over n_i terminals with n_i log2 n_i <= n, about
/// 2n: about 65n in all, and 70n with room for the sort's lower-order terms. Measured figures are
/// far below it (about 10n); the test also checks that they do not grow with n.
const LINEAR_BOUND: f64 = 70.0;

#[test]
fn weak_solvers_make_linearly_many_comparisons() {
    for id in ["paterson", "loglog"] {
        let mut ratios = Vec::new();
        for (i, &n) in SIZES.iter().enumerate() {
            // The mean over a few games per size, since one game's start may reach an unusually
            // easy part of it.
            let mut sum = 0.0;
            for seed in 0..SEEDS {
                let g = game(n, 100 + (SEEDS * i as u64) + seed);
                let (c, solution) = comparisons(id, &g);
                let ratio = c as f64 / n as f64;
                eprintln!("{id}: n = {n}: {c} comparisons, {ratio:.2} per terminal");
                assert!(
                    ratio <= LINEAR_BOUND,
                    "{id}: {ratio:.2} comparisons per terminal at n = {n}"
                );
                if n == SIZES[0] {
                    solution.verify(&g).unwrap();
                }
                sum += ratio;
            }
            ratios.push(sum / SEEDS as f64);
        }
        // Linear, not n log n: sixty-four times the terminals, at most 1.5 times the
        // comparisons per terminal (n log n would give 1.6 times from 1000 to 64000).
        let (first, last) = (ratios[0], ratios[ratios.len() - 1]);
        assert!(
            last <= 1.5 * first,
            "{id}: comparisons per terminal grew from {first:.2} to {last:.2}"
        );
    }
}

#[test]
fn sorting_makes_n_log_n_comparisons() {
    let mut last = 0.0;
    for (i, &n) in SIZES.iter().enumerate() {
        let g = game(n, 200 + i as u64);
        let (c, solution) = comparisons("sort", &g);
        let per_terminal = c as f64 / n as f64;
        let ratio = per_terminal / (n as f64).log2();
        eprintln!(
            "sort: n = {n}: {c} comparisons, {per_terminal:.2} per terminal, {ratio:.3} n log2 n"
        );
        assert!(
            (0.5..=2.0).contains(&ratio),
            "{ratio:.3} n log2 n comparisons at n = {n}"
        );
        assert!(
            per_terminal > last,
            "comparisons per terminal did not grow at n = {n}"
        );
        last = per_terminal;
        if n == SIZES[0] {
            solution.verify(&g).unwrap();
        }
    }
}

#[test]
fn sorting_network_games_sort_their_payoffs() {
    let mut rng = generate::rng(7);
    for n in (1..=100).step_by(3).chain([64, 99, 100]) {
        let values: Vec<Rational> = (0..n)
            .map(|_| Rational::new(rng.random_range(-1000..=1000), rng.random_range(1..=5)))
            .collect();
        let mut sorted = values.clone();
        sorted.sort();
        let g = generate::sorting_network(&values).unwrap();
        let names = g.arena().name_index();
        let (_, solution) = comparisons("sort", &g);
        let Solution::Strong(strong) = &solution else {
            panic!("the sorting method solves strongly")
        };
        let outputs: Vec<Rational> = (0..n)
            .map(|i| strong.values[names[&format!("out{i}")].index()].clone())
            .collect();
        assert_eq!(outputs, sorted, "n = {n}");
        assert_eq!(g.start(), names[&format!("out{}", (n - 1) / 2)]);
        for solver in SOLVERS.iter() {
            let mut stats = Stats::default();
            let solution = (solver.run.solve)(&g, &mut stats);
            solution
                .verify(&g)
                .unwrap_or_else(|e| panic!("{} on the network of {n}: {e}", solver.id));
            assert_eq!(
                solution.start_value(&g),
                &sorted[(n - 1) / 2],
                "{}: the start is the median output",
                solver.id
            );
        }
    }
}

#[test]
fn every_solver_agrees_on_every_family() {
    for family in &FAMILIES {
        for seed in 0..3 {
            let g = (family.run.build)(3000, seed).unwrap();
            let (_, strong) = comparisons("sort", &g);
            let value = strong.start_value(&g).clone();
            for solver in SOLVERS.iter() {
                let mut stats = Stats::default();
                let solution = (solver.run.solve)(&g, &mut stats);
                solution
                    .verify(&g)
                    .unwrap_or_else(|e| panic!("{} on {}: {e}", solver.id, family.id));
                assert_eq!(
                    solution.start_value(&g),
                    &value,
                    "{} on {}",
                    solver.id,
                    family.id
                );
            }
        }
    }
}

/// The almost-linear solver makes O(m) comparisons per round, and fewer than the sorting method
/// once the game is large enough (2^22 arcs) for the first round to split rather than sort. A
/// sampled split costs about one comparison per terminal and level, and takes at most
/// `ceil(m/n_i) + 1` levels; a round sorts only fewer than 2^20 terminals (fewer than sixteen
/// groups of 2^16 arcs for a side's share of the arcs, and `n <= m`), and only with more than
/// two arcs a terminal, so about 1.1 log2 2^20 < 24 comparisons a terminal, at most 24 m.
#[test]
fn almost_linear_makes_linearly_many_comparisons_per_round() {
    for (i, &n) in SIZES.iter().chain(&[1 << 19]).enumerate() {
        let g = game(n, 300 + i as u64);
        let arcs = g.arena().num_edges() as u64;
        let mut stats = Stats::default();
        let solution = (SOLVERS.get("almost-linear").unwrap().run.solve)(&g, &mut stats);
        solution.verify(&g).unwrap();
        let (sorting, _) = comparisons("sort", &g);
        eprintln!(
            "almost-linear: n = {n}, m = {arcs}: {} comparisons in {} rounds, sort {sorting}",
            stats.comparisons, stats.rounds
        );
        assert!(
            stats.comparisons <= 24 * arcs * u64::from(stats.rounds),
            "{} comparisons in {} rounds over {arcs} arcs",
            stats.comparisons,
            stats.rounds
        );
        if n == 1 << 19 {
            assert!(stats.rounds >= 2 && stats.comparisons < sorting);
        }
    }
}
