//! The RingSwap Metropolis–Hastings sampler: symmetric neighbours, detailed balance checked
//! exactly against the reach probabilities, and the total-variation distance of its samples to
//! the exact distribution shrinking with the number of samples.

mod common;

use common::{TABLE1, random_public_state, random_small_game, rng};
use foldhash::HashMap;
use kalmar_core::Rational;
use kalmar_filter::filter::{ExactSampler, weigh};
use kalmar_filter::ohhell::OhHell;
use kalmar_filter::ohhell::{
    Card, McmcConfig, PublicState, Sampler, Start, UniformDeals, ring_swap,
};
use kalmar_filter::{Policy, PolicyBias, Uniform};
use rand::Rng;

/// The deals of the histories of `state` with their exact reach probabilities.
fn exact(state: &PublicState, policy: &dyn Policy<OhHell>) -> Vec<(Vec<Card>, Rational)> {
    let histories = state.histories(usize::MAX, None).expect("small");
    weigh(&state.game, policy, histories)
        .expect("legal")
        .into_iter()
        .map(|(h, r)| {
            let deal = h[..state.game.dealt()]
                .iter()
                .map(|s| match s.outcome {
                    kalmar_filter::ohhell::Outcome::Card(c) => c,
                    kalmar_filter::ohhell::Outcome::Move => panic!("a deal step"),
                })
                .collect();
            (deal, r.total())
        })
        .collect()
}

#[test]
fn ring_swap_neighbours_are_valid_and_symmetric() {
    let mut r = rng(5);
    let mut moved = 0;
    for _ in 0..40 {
        let game = random_small_game(&mut r);
        let state = random_public_state(&game, r.random_range(0..=game.dealt()), &mut r);
        let c = state.constraints();
        for a in c.assignments() {
            let neighbours = ring_swap(&c, &a);
            let mut distinct = neighbours.clone();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(distinct.len(), neighbours.len(), "each neighbour once");
            for b in neighbours {
                assert!(c.is_valid(&b));
                assert_ne!(a, b);
                assert!(ring_swap(&c, &b).contains(&a), "{}", state.to_text());
                moved += 1;
            }
        }
    }
    assert!(moved > 0);
}

/// Checks `π(h) Q(h, h') = π(h') Q(h', h)` exactly for every pair of histories.
fn check_detailed_balance(state: &PublicState, policy: &dyn Policy<OhHell>) -> usize {
    let sampler = Sampler::new(state, policy).expect("has histories");
    let weighted = exact(state, policy);
    let mut positive = 0;
    for (i, (h, ph)) in weighted.iter().enumerate() {
        let mut out = Rational::from(0);
        for (j, (g, pg)) in weighted.iter().enumerate() {
            if i == j {
                continue;
            }
            let forward = sampler.transition_probability(h, g).expect("legal");
            let backward = sampler.transition_probability(g, h).expect("legal");
            assert_eq!(ph * &forward, pg * &backward, "{}", state.to_text());
            if !forward.is_zero() {
                positive += 1;
            }
            out = &out + &forward;
        }
        assert!(out <= Rational::from(1));
    }
    positive
}

#[test]
fn detailed_balance_holds_exactly_on_small_public_states() {
    let mut r = rng(9);
    let mut checked = 0;
    let mut positive = 0;
    while checked < 12 {
        let game = random_small_game(&mut r);
        let state = random_public_state(&game, r.random_range(0..=game.dealt()), &mut r);
        let n = state.constraints().count();
        if n > 80u32.into() || n < 2u32.into() {
            continue;
        }
        positive += check_detailed_balance(&state, &Uniform);
        positive += check_detailed_balance(&state, &PolicyBias::new(Rational::new(9, 10), checked));
        checked += 1;
    }
    assert!(positive > 0);
}

/// Total-variation distance between the empirical distribution of `samples` and `exact`.
fn total_variation(exact: &[(Vec<Card>, Rational)], samples: &[Vec<Card>]) -> f64 {
    let total = exact.iter().fold(Rational::from(0), |a, (_, p)| &a + p);
    let mut seen: HashMap<&[Card], usize> = HashMap::default();
    for s in samples {
        *seen.entry(s.as_slice()).or_default() += 1;
    }
    let n = samples.len() as f64;
    let tv: f64 = exact
        .iter()
        .map(|(deal, p)| {
            let empirical = seen.get(deal.as_slice()).copied().unwrap_or(0) as f64 / n;
            ((p / &total).to_f64() - empirical).abs()
        })
        .sum();
    tv / 2.0
}

#[test]
fn samples_approach_the_exact_distribution() {
    let state = PublicState::parse(TABLE1[0].0).expect("valid");
    let policy = PolicyBias::new(Rational::new(7, 10), 1);
    let weighted = exact(&state, &policy);
    assert_eq!(weighted.len(), 192);
    let sampler = Sampler::new(&state, &policy).expect("has histories");
    let run = |start, samples_per_chain| {
        let config = McmcConfig {
            start,
            chains: 4,
            samples_per_chain,
            burn_in: 20,
            thin: 4,
            seed: 2,
        };
        let run = sampler.run(&config).expect("runs");
        assert_eq!(run.samples.len(), 4 * samples_per_chain);
        assert!(run.accepted > 0 && run.accepted < run.transitions);
        total_variation(&weighted, &run.samples)
    };
    for start in [Start::Uniform, Start::Flow] {
        let (few, many) = (run(start, 25), run(start, 2500));
        assert!(many < few, "{start:?}: {many} >= {few}");
        assert!(many < 0.1, "{start:?}: {many}");
    }

    // The exact sampler as the yardstick at the same sample size.
    let exact_sampler = ExactSampler::new(weighted.clone());
    let mut r = rng(4);
    let draws: Vec<Vec<Card>> = (0..10_000)
        .map(|_| exact_sampler.sample(&mut r).clone())
        .collect();
    assert!(total_variation(&weighted, &draws) < 0.1);
}

#[test]
fn uniform_deals_are_uniform_over_the_histories() {
    let state = PublicState::parse(TABLE1[0].0).expect("valid");
    let weighted = exact(&state, &Uniform);
    // Equal weights: the uniform distribution over the 192 histories.
    let flat: Vec<(Vec<Card>, Rational)> = weighted
        .into_iter()
        .map(|(d, _)| (d, Rational::from(1)))
        .collect();
    let uniform = UniformDeals::new(&state.constraints()).expect("has histories");
    let mut r = rng(8);
    let draws: Vec<Vec<Card>> = (0..20_000).map(|_| uniform.deal(&mut r)).collect();
    assert!(total_variation(&flat, &draws) < 0.06);
    // A public state without histories has no uniform sampler.
    let empty = PublicState::parse(
        "game players=2 suits=2 ranks=4 tricks=2; trump Ad; bids 0 0; plays Ac Jd Kc Qc",
    )
    .expect("parses");
    assert!(UniformDeals::new(&empty.constraints()).is_none());
}
