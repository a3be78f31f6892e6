//! Counterfactual regret minimisation on the tree of a two-player constant-sum game with perfect
//! recall: approximate equilibria of games far beyond the exact methods, with the
//! exploitability of the average strategy followed by best responses as it goes.
//!
//! M. Zinkevich, M. Johanson, M. Bowling and C. Piccione, *Regret minimization in games with
//! incomplete information* (NIPS 2007). Every information set runs a regret minimiser over its
//! moves: on each iteration the current strategy is regret matching (each move in proportion to
//! its positive cumulative regret, uniform when none is positive); a pass over the tree
//! computes every node's value under the current profile and adds, at each of the player's
//! sets, the *counterfactual regret* of each move — the others' and chance's reach of the node
//! times the move's value minus the node's — summed over the set's nodes. The average of the
//! current strategies, each weighted by the player's own reach, converges to an equilibrium,
//! its exploitability falling as `O(1/√T)` in theory. The variants ([`Variant`]):
//!
//! - **CFR**: the above, every iteration weighted alike.
//! - **CFR+** (O. Tammelin, *Solving large imperfect information games using CFR+*, 2014):
//!   regret matching+, cumulative regrets floored at 0 after every update, and the average
//!   weighting iteration `t` by `t` (linear averaging).
//! - **DCFR** (N. Brown and T. Sandholm, *Solving imperfect-information games via discounted
//!   regret minimization*, AAAI 2019), with their recommended `α = 3/2, β = 0, γ = 2`: after
//!   iteration `t` positive cumulative regrets are multiplied by `t^α / (t^α + 1)`, negative ones
//!   by `t^β / (t^β + 1) = 1/2`, and the average weights iteration `t` by `t^γ`.
//!
//! All three update the players in turn (*alternating updates*): an iteration is a pass for
//! player 1 then one for player 2 against player 1's updated strategy, each pass both from the
//! root (reach probabilities) and from the leaves (values, regrets, the average).
//!
//! The work is in `f64` on the tree laid out once in breadth-first order (children consecutive,
//! after their parent), every pass a loop over that array: no recursion, however deep the tree.
//! Every `check_every` iterations, and at the end, a best response to each player's average
//! strategy ([`best_response`](super::best_response)) measures its exploitability, the sum of
//! both players' gains from deviating (NashConv; OpenSpiel's `exploitability` is half of it).
//! The run stops at the iteration limit, the target exploitability or the deadline. For an
//! exact account, round the strategy ([`rounding::round_profile`](super::rounding)) and compute
//! the exact best response to the rationals.
//!
//! Refused: games with other than two players, without perfect recall, or whose plays' payoffs
//! do not all sum to the same constant (checked exactly; a play without any outcome pays 0 to
//! both).
//!
//! # Complexity
//! `O(n + A)` per iteration and per measurement for `n` nodes and `A` moves; `O(n + A)` memory
//! (a few numbers per node and per move).
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_efg::generate::poker;
//! use kalmar_efg::nash::best_response::best_response;
//! use kalmar_efg::nash::cfr::{CfrOptions, Stop, Variant, solve};
//! use kalmar_efg::nash::rounding::{DEFAULT_DENOMINATOR, round_profile};
//! // Kuhn's poker, worth -1/18 to player 1.
//! let game = poker(3);
//! let options = CfrOptions {
//!     variant: Variant::CfrPlus,
//!     iterations: 10_000,
//!     target: Some(1e-3),
//!     ..CfrOptions::default()
//! };
//! let run = solve(&game, &options).unwrap();
//! assert_eq!(run.stop, Stop::Target);
//! assert!(run.exploitability() <= 1e-3);
//! // The same strategies as exact fractions, and their exact exploitability.
//! let exact = round_profile(&run.strategy, DEFAULT_DENOMINATOR);
//! let br = best_response(&game, &exact).unwrap();
//! assert!(br.exploitability() < Rational::new(1, 500));
//! // The game's value lies between what each player's strategy guarantees.
//! assert!(-&br.best[1] <= Rational::new(-1, 18) && Rational::new(-1, 18) <= br.best[0]);
//! ```

use super::best_response::Responder;
use super::constant_sum::{NotConstantSum, constant_sum};
use super::flat::{CHANCE, Flat, TERMINAL};
use crate::recall::Recall;
use crate::tree::Efg;
use std::time::Instant;

/// DCFR's discount of positive regrets: `t^α / (t^α + 1)`.
pub const DCFR_ALPHA: f64 = 1.5;
/// DCFR's discount of negative regrets: `t^β / (t^β + 1)`.
pub const DCFR_BETA: f64 = 0.0;
/// DCFR's weight of iteration `t` in the average: `t^γ`.
pub const DCFR_GAMMA: f64 = 2.0;

/// Which regret minimiser runs at the information sets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Zinkevich et al.'s CFR: regret matching, uniform average.
    Cfr,
    /// Tammelin's CFR+: regret matching+, linear average.
    #[default]
    CfrPlus,
    /// Brown and Sandholm's discounted CFR with `α = 3/2, β = 0, γ = 2`.
    Dcfr,
}

/// What a run does and when it stops.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CfrOptions {
    /// The regret minimiser.
    pub variant: Variant,
    /// The most iterations.
    pub iterations: u64,
    /// Stop once a measured exploitability is at most this.
    pub target: Option<f64>,
    /// Stop before an iteration that would start after this instant.
    pub deadline: Option<Instant>,
    /// Measure the exploitability every this many iterations (0: only at the end).
    pub check_every: u64,
}

impl Default for CfrOptions {
    fn default() -> Self {
        CfrOptions {
            variant: Variant::default(),
            iterations: 1000,
            target: None,
            deadline: None,
            check_every: 10,
        }
    }
}

/// Why a run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stop {
    /// It made the most iterations allowed.
    Iterations,
    /// The exploitability reached the target.
    Target,
    /// The deadline passed.
    Deadline,
}

/// A run's average strategies and how their exploitability fell.
#[derive(Clone, Debug, PartialEq)]
pub struct CfrResult {
    /// The average behaviour profile: per information set (by id), the probabilities of its
    /// moves for a player's set, `None` for a chance set.
    pub strategy: Vec<Option<Vec<f64>>>,
    /// The iterations made.
    pub iterations: u64,
    /// `(iteration, exploitability)` of the average profile at each measurement, the last one
    /// of the profile returned.
    pub trace: Vec<(u64, f64)>,
    /// Why the run stopped.
    pub stop: Stop,
}

impl CfrResult {
    /// The exploitability of the profile returned (in `f64`).
    pub fn exploitability(&self) -> f64 {
        self.trace.last().map_or(f64::INFINITY, |&(_, e)| e)
    }
}

/// Why CFR does not apply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CfrError {
    /// CFR here is for two players.
    #[error("CFR needs exactly two players (the game has {0})")]
    Players(usize),
    /// The regrets at an information set need perfect recall.
    #[error("CFR needs perfect recall: {0}")]
    ImperfectRecall(String),
    /// Two plays whose payoffs sum to different totals.
    #[error("CFR needs a constant-sum game: {0}")]
    NotConstantSum(#[from] NotConstantSum),
}

/// Runs CFR (of the chosen variant) on a two-player constant-sum game with perfect recall.
pub fn solve(game: &Efg, options: &CfrOptions) -> Result<CfrResult, CfrError> {
    if game.num_players() != 2 {
        return Err(CfrError::Players(game.num_players()));
    }
    let recall = Recall::check(game);
    if !recall.is_perfect() {
        return Err(CfrError::ImperfectRecall(recall.explain(game).join("; ")));
    }
    drop(recall);
    constant_sum(game)?;
    let responder = Responder::with_perfect_recall(game);
    let mut state = State::new(responder.flat(), options.variant);
    let measure = |state: &State<'_>| {
        responder
            .respond_to_moves(&state.average())
            .exploitability()
    };
    let mut trace = Vec::new();
    let mut stop = Stop::Iterations;
    let mut t = 0;
    while t < options.iterations {
        if super::passed(options.deadline) {
            stop = Stop::Deadline;
            break;
        }
        t += 1;
        state.iterate(t);
        if options.check_every > 0 && t % options.check_every == 0 {
            let e = measure(&state);
            trace.push((t, e));
            if options.target.is_some_and(|target| e <= target) {
                stop = Stop::Target;
                break;
            }
        }
    }
    if trace.last().is_none_or(|&(i, _)| i != t) {
        trace.push((t, measure(&state)));
    }
    Ok(CfrResult {
        strategy: state.profile(),
        iterations: t,
        trace,
        stop,
    })
}

/// The regret minimisers of every information set, and the per-node arrays of the passes.
struct State<'a> {
    flat: &'a Flat<f64>,
    variant: Variant,
    /// Per player: the moves of each of their sets, as (first action id, number of moves).
    sets: [Vec<(usize, usize)>; 2],
    /// Per move: the cumulative regret.
    regret: Vec<f64>,
    /// Per move: the current strategy's probability (chance moves: the chance probability).
    current: Vec<f64>,
    /// Per move: the weighted sum of the current strategies, reach included.
    total: Vec<f64>,
    /// Per node: the updating player's own reach, the others' and chance's reach, and the
    /// value to the updating player.
    own: Vec<f64>,
    others: Vec<f64>,
    value: Vec<f64>,
}

impl<'a> State<'a> {
    fn new(flat: &'a Flat<f64>, variant: Variant) -> State<'a> {
        let mut sets = [Vec::new(), Vec::new()];
        let mut current = flat.chance.clone();
        for set in &flat.sets {
            if set.owner != CHANCE {
                let (first, len) = (set.first as usize, set.len as usize);
                sets[set.owner as usize].push((first, len));
                current[first..first + len].fill(1.0 / len as f64);
            }
        }
        let n = flat.len();
        State {
            flat,
            variant,
            sets,
            regret: vec![0.0; current.len()],
            total: vec![0.0; current.len()],
            current,
            own: vec![0.0; n],
            others: vec![0.0; n],
            value: vec![0.0; n],
        }
    }

    /// Iteration `t` (from 1): a pass and an update for each player in turn.
    fn iterate(&mut self, t: u64) {
        let t = t as f64;
        let weight = match self.variant {
            Variant::Cfr => 1.0,
            Variant::CfrPlus => t,
            Variant::Dcfr => t.powf(DCFR_GAMMA),
        };
        for player in 0..2 {
            self.pass(player, weight);
            self.update(player, t);
        }
    }

    /// One pass for `player`: reach probabilities from the root, then values from the leaves,
    /// adding the counterfactual regrets and the weighted current strategy at the player's sets.
    fn pass(&mut self, player: u32, weight: f64) {
        let f = self.flat;
        self.own[0] = 1.0;
        self.others[0] = 1.0;
        for k in 0..f.len() {
            let owner = f.owner[k];
            if owner == TERMINAL {
                continue;
            }
            let children = f.start[k] as usize..f.start[k + 1] as usize;
            let probs = &self.current[f.first[k] as usize..];
            let (own, others) = (self.own[k], self.others[k]);
            for (c, &p) in children.zip(probs) {
                if owner == player {
                    self.own[c] = own * p;
                    self.others[c] = others;
                } else {
                    self.own[c] = own;
                    self.others[c] = others * p;
                }
            }
        }
        for k in (0..f.len()).rev() {
            let owner = f.owner[k];
            if owner == TERMINAL {
                self.value[k] = f.payoff[f.first[k] as usize * 2 + player as usize];
                continue;
            }
            let children = f.start[k] as usize..f.start[k + 1] as usize;
            let first = f.first[k] as usize;
            let moves = first..first + children.len();
            let probs = &self.current[moves.clone()];
            let values = &self.value[children];
            let v: f64 = probs.iter().zip(values).map(|(p, v)| p * v).sum();
            if owner == player {
                let (others, own) = (self.others[k], self.own[k] * weight);
                let regret = &mut self.regret[moves.clone()];
                let total = &mut self.total[moves];
                for (((r, s), &p), &u) in regret.iter_mut().zip(total).zip(probs).zip(values) {
                    *r += others * (u - v);
                    *s += own * p;
                }
            }
            self.value[k] = v;
        }
    }

    /// After `player`'s pass of iteration `t`: the variant's treatment of the cumulative regrets,
    /// then regret matching for the player's next strategy.
    fn update(&mut self, player: u32, t: f64) {
        let discount = t.powf(DCFR_ALPHA);
        let (positive, negative) = (
            discount / (discount + 1.0),
            t.powf(DCFR_BETA) / (t.powf(DCFR_BETA) + 1.0),
        );
        for &(first, len) in &self.sets[player as usize] {
            let regret = &mut self.regret[first..first + len];
            match self.variant {
                Variant::Cfr => {}
                Variant::CfrPlus => regret.iter_mut().for_each(|r| *r = r.max(0.0)),
                Variant::Dcfr => regret
                    .iter_mut()
                    .for_each(|r| *r *= if *r > 0.0 { positive } else { negative }),
            }
            let sum: f64 = regret.iter().map(|r| r.max(0.0)).sum();
            let current = &mut self.current[first..first + len];
            if sum > 0.0 {
                for (c, r) in current.iter_mut().zip(regret.iter()) {
                    *c = r.max(0.0) / sum;
                }
            } else {
                current.fill(1.0 / len as f64);
            }
        }
    }

    /// The average strategy per move (chance moves: the chance probability); a set never
    /// reached gets the uniform one.
    fn average(&self) -> Vec<f64> {
        let mut average = self.current.clone();
        for &(first, len) in self.sets.iter().flatten() {
            let total = &self.total[first..first + len];
            let sum: f64 = total.iter().sum();
            let slot = &mut average[first..first + len];
            if sum > 0.0 {
                for (a, s) in slot.iter_mut().zip(total) {
                    *a = s / sum;
                }
            } else {
                slot.fill(1.0 / len as f64);
            }
        }
        average
    }

    /// The average behaviour profile, per information set.
    fn profile(&self) -> Vec<Option<Vec<f64>>> {
        let average = self.average();
        self.flat
            .sets
            .iter()
            .map(|set| {
                let moves = set.first as usize..(set.first + set.len) as usize;
                (set.owner != CHANCE).then(|| average[moves].to_vec())
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::read_efg;
    use crate::generate::{TreeParams, leduc, poker, random_tree, zero_sum};
    use crate::nash::best_response::best_response;
    use crate::nash::rounding::{DEFAULT_DENOMINATOR, round_profile};
    use crate::number::Num;
    use crate::tree::{EfgBuilder, Mover};
    use proptest::prelude::*;

    fn run(game: &Efg, variant: Variant, iterations: u64, target: Option<f64>) -> CfrResult {
        let options = CfrOptions {
            variant,
            iterations,
            target,
            ..CfrOptions::default()
        };
        solve(game, &options).unwrap()
    }

    #[test]
    fn cfr_plus_and_dcfr_solve_kuhn() {
        let game = poker(3);
        for variant in [Variant::CfrPlus, Variant::Dcfr] {
            let result = run(&game, variant, 3000, Some(1e-3));
            assert_eq!(result.stop, Stop::Target, "{variant:?}");
            assert!(result.exploitability() <= 1e-3);
            assert_eq!(result.trace.last().unwrap().0, result.iterations);
            let exact = round_profile(&result.strategy, DEFAULT_DENOMINATOR);
            let br = best_response(&game, &exact).unwrap();
            assert!(br.exploitability().to_f64() < 2e-3, "{variant:?}");
            let value = -1.0 / 18.0;
            assert!((br.value[0].to_f64() - value).abs() < 1e-3, "{variant:?}");
            assert!(-br.best[1].to_f64() <= value && value <= br.best[0].to_f64());
        }
    }

    #[test]
    fn vanilla_cfr_converges_more_slowly() {
        let result = run(&poker(3), Variant::Cfr, 1000, None);
        assert_eq!((result.stop, result.iterations), (Stop::Iterations, 1000));
        assert_eq!(result.trace.len(), 100);
        assert!(result.exploitability() < 3e-3);
        assert!(result.trace[0].1 > 10.0 * result.exploitability());
    }

    #[test]
    fn leduc_is_worth_about_minus_0_0856() {
        let game = leduc(3);
        let result = run(&game, Variant::Dcfr, 200, None);
        let profile = &result.strategy;
        let br = best_response(&game, profile).unwrap();
        assert!(br.exploitability() < 1e-2);
        assert!(-br.best[1] <= -0.0856 && -0.0856 <= br.best[0]);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn random_zero_sum_trees_are_solved(seed in 0u64..10_000) {
            let game = zero_sum(&random_tree(&TreeParams::default(), seed));
            for variant in [Variant::CfrPlus, Variant::Dcfr] {
                let result = run(&game, variant, 20_000, Some(1e-3));
                prop_assert_eq!(result.stop, Stop::Target);
                let exact = round_profile(&result.strategy, DEFAULT_DENOMINATOR);
                prop_assert!(best_response(&game, &exact).unwrap().exploitability().to_f64() < 2e-3);
            }
        }
    }

    #[test]
    fn games_outside_its_scope_are_refused() {
        let three = random_tree(
            &TreeParams {
                players: 3,
                ..TreeParams::default()
            },
            1,
        );
        let options = CfrOptions::default();
        assert_eq!(solve(&three, &options), Err(CfrError::Players(3)));
        let general = random_tree(&TreeParams::default(), 1);
        let refused = solve(&general, &options).unwrap_err();
        assert!(
            matches!(refused, CfrError::NotConstantSum { .. }),
            "{refused}"
        );
        // Player 1 forgets their first move; payoffs sum to 0.
        let forgetful = crate::nash::constant_sum::forgetful_zero_sum();
        assert!(matches!(
            solve(&forgetful, &options),
            Err(CfrError::ImperfectRecall(_))
        ));
    }

    #[test]
    fn a_play_without_outcome_pays_zero_to_both() {
        let text = |pay: &str| {
            format!(
                "EFG 2 R \"\" {{ \"1\" \"2\" }}\n\"\"\n\np \"\" 1 1 \"\" {{ \"a\" \"b\" }} 0\n\
                 t \"\" 1 \"\" {{ {pay} }}\nt \"\" 0\n"
            )
        };
        let zero = read_efg(&text("1, -1")).unwrap();
        let result = solve(&zero, &CfrOptions::default()).unwrap();
        assert!(result.strategy[0].as_ref().unwrap()[0] > 0.99);
        let constant = read_efg(&text("1, 1")).unwrap();
        let refused = solve(&constant, &CfrOptions::default()).unwrap_err();
        assert!(refused.to_string().contains("sum to 2"), "{refused}");
    }

    #[test]
    fn a_deep_tree_is_walked_without_recursion() {
        // Players alternate along a path of 50,000 moves, each may stop (paying the mover 1): a
        // recursion that deep would overflow a test thread's stack.
        let depth = 50_000;
        let mut b = EfgBuilder::new("deep", vec!["1".into(), "2".into()]);
        let stop =
            |b: &mut EfgBuilder, p: i64| b.outcome("", vec![Num::from(p), Num::from(-p)]).unwrap();
        let (one, two) = (stop(&mut b, 1), stop(&mut b, -1));
        let moves = || vec![("stop".to_string(), None), ("go".to_string(), None)];
        for d in 0..depth {
            let h = b.infoset(Mover::Player(d % 2), "", moves()).unwrap();
            b.node("", Some(h), None).unwrap();
            b.node("", None, Some(if d % 2 == 0 { one } else { two }))
                .unwrap();
        }
        b.node("", None, None).unwrap();
        let game = b.finish().unwrap();
        let result = run(&game, Variant::CfrPlus, 10, None);
        // Stopping at once wins.
        assert!(result.strategy[0].as_ref().unwrap()[0] > 0.9);
        assert!(result.exploitability() < 0.1);
    }

    #[test]
    fn a_passed_deadline_stops_before_the_first_iteration() {
        let options = CfrOptions {
            deadline: Some(Instant::now()),
            ..CfrOptions::default()
        };
        let result = solve(&poker(3), &options).unwrap();
        assert_eq!((result.stop, result.iterations), (Stop::Deadline, 0));
        assert_eq!(result.trace.len(), 1);
        assert_eq!(result.strategy[1], Some(vec![0.5, 0.5]));
    }
}
