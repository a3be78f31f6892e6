//! The sequence-form linear program of a two-player constant-sum game with perfect recall,
//! solved in floating point by an interior-point method, and its answer certified exactly.
//!
//! D. Koller, N. Megiddo and B. von Stengel, *Fast algorithms for finding randomized strategies
//! in game trees* (STOC 1994) and *Efficient computation of equilibria for extensive two-person
//! games* (Games and Economic Behavior 14, 1996); B. von Stengel, *Efficient computation of
//! behavior strategies* (Games and Economic Behavior 14, 1996). With `A` player 1's payoff
//! matrix over pairs of sequences and `Ex = e`, `Fy = f` the constraints of the realization
//! plans ([`sequence_form`]), player 1's optimal plans are those of
//!
//! ```text
//! maximise q₀  over x ≥ 0, q free,  subject to  E x = e,  Fᵀq − Aᵀx ≤ 0
//! ```
//!
//! (for a fixed `x`, `q₀` is at most what player 2's best reply leaves player 1, by the duality
//! of player 2's own program), and the dual program is player 2's, whose variables on the rows
//! `Fᵀq − Aᵀx ≤ 0` are player 2's plan `y`. The optimum is the value of the game. A game whose
//! payoffs sum to a constant `c` on every play has the equilibria of the zero-sum game that pays
//! player 2 `−u₁` in place of `c − u₁`, so only player 1's payoffs enter the program.
//!
//! The program is solved in `f64` by Clarabel (P. Goulart and Y. Chen, *Clarabel: an
//! interior-point solver for conic programs with quadratic objectives*, 2024), to tolerances of
//! `10⁻¹²`. An interior-point method ends near the relative interior of the optimal face: every
//! sequence some optimal plan plays has weight far from 0, the others nearly 0 (on Leduc poker,
//! above `10⁻⁵` against below `10⁻⁹`). The answer is then certified exactly:
//!
//! 1. **Exact recovery.** For a tolerance `δ`, take each player's support, the sequences of
//!    weight above `δ`. By complementary slackness an equilibrium with these supports solves,
//!    for player 1, `E x = e`, `x_σ = 0` off the support and `(Fᵀq − Aᵀx)_τ = 0` on the
//!    sequences `τ` of player 2's support (and the same for player 2 with the roles swapped): a
//!    sparse linear system, solved exactly in rationals by Gaussian elimination. Unknowns the
//!    system leaves free take the floating-point solution's values, first as the nearest
//!    fractions of denominator at most `10⁶`, then as the exact binary values. The pair of plans
//!    found is accepted only if both are realization plans and both players' regret
//!    ([`sequence_form::regret`]) is exactly 0. Tolerances [`TOLERANCES`] are tried in turn.
//! 2. **Fallback.** If no attempt passes, the floating-point plans become behaviour strategies
//!    (each move's weight over its information set's total), rounded to fractions of denominator
//!    at most `10⁶` ([`rounding::round_profile`]), and the profile's exploitability is computed
//!    exactly by best responses ([`best_response`](super::best_response)): an ε-equilibrium with
//!    its exact ε.
//!
//! Why Clarabel. Measured on Leduc poker (1,093 sequences a player): Clarabel solves the
//! program in about 0.02 s; the HiGHS bindings (dual simplex) in about 0.13 s; microlp, a
//! pure-Rust simplex method without duals, each player's program in about 0.5 s. A simplex
//! vertex would make the recovery's system square, but microlp's vertex is optimal only to about
//! `4·10⁻⁸`, and its supports failed the exact recovery on Leduc and on poker with 13 cards,
//! where Clarabel's succeeded on every game tried; microlp does not expose its basis either.
//! HiGHS compiles its C++ with CMake and needs libclang for its bindings, adding about 7 minutes
//! of CPU time to a clean build of this crate (under a minute before), where Clarabel and microlp
//! add 10 to 20 seconds. Clarabel is pure Rust, Apache-2.0, and gives both players' plans in one
//! solve (the dual is player 2's plan).
//!
//! Refused: games with other than two players, without perfect recall, or whose plays' payoffs
//! do not all sum to the same constant.
//!
//! # Complexity
//! The program has `s₁ + h₂ + 1` variables and `h₁ + 1 + s₂ + s₁` rows for `sᵢ` sequences and
//! `hᵢ` information sets, with as many nonzeros as leaves plus sequences. The interior-point
//! method takes a few tens of iterations, each a sparse factorisation of that size. The exact
//! recovery is a sparse elimination in rationals per player and attempt, and the check a pass
//! over the leaves; the fallback a best response, linear in the tree.
//!
//! ```
//! use kalmar_core::Rational;
//! use kalmar_efg::generate::poker;
//! use kalmar_efg::nash::sequence_lp::{Certified, solve};
//! // Kuhn's poker is worth -1/18 to player 1.
//! let solution = solve(&poker(3)).unwrap();
//! assert!((solution.lp_value + 1.0 / 18.0).abs() < 1e-9);
//! let Certified::Exact(exact) = &solution.certified else { panic!("Kuhn's poker is recovered") };
//! assert_eq!(exact.equilibrium.payoffs, [Rational::new(-1, 18), Rational::new(1, 18)]);
//! ```

use super::best_response::{best_response, profile_of};
use super::constant_sum::{NotConstantSum, constant_sum};
use super::linear_system::{self, Equation};
use super::rounding::{self, DEFAULT_DENOMINATOR, approximate};
use super::sequence_form::{self, PlanEquilibrium, SequenceForm, Sequences, regret};
use crate::recall::Recall;
use crate::tree::{Efg, InfosetId};
use clarabel::algebra::CscMatrix;
use clarabel::solver::{
    DefaultSettingsBuilder, DefaultSolver, IPSolver, NonnegativeConeT, SolverStatus, ZeroConeT,
};
use kalmar_core::Rational;
use num_rational::BigRational;
use std::time::{Duration, Instant};

/// The support tolerances tried in turn by the exact recovery.
pub const TOLERANCES: [f64; 4] = [1e-9, 1e-7, 1e-11, 1e-5];

/// The interior-point method's tolerances (on the duality gap and the residuals).
const LP_TOLERANCE: f64 = 1e-12;

/// Why the sequence-form program is not solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SequenceLpError {
    /// The program is for two players.
    #[error("the sequence-form LP needs exactly two players (the game has {0})")]
    Players(usize),
    /// The sequence form needs perfect recall.
    #[error("the sequence-form LP needs perfect recall: {0}")]
    ImperfectRecall(String),
    /// Two plays whose payoffs sum to different totals.
    #[error("the sequence-form LP needs a constant-sum game: {0}")]
    NotConstantSum(#[from] NotConstantSum),
    /// The LP solver failed to return a solution.
    #[error("the LP solver failed: {0}")]
    Solver(String),
}

/// The program's solution, certified.
#[derive(Clone, Debug)]
pub struct LpSolution {
    /// What the exact certification found.
    pub certified: Certified,
    /// The program's optimum in `f64`: the value of the game to player 1, as the solver found it.
    pub lp_value: f64,
    /// How the solver and the certification went.
    pub stats: LpStats,
}

/// An exact equilibrium, or failing it an ε-equilibrium with its exact ε.
#[derive(Clone, Debug)]
pub enum Certified {
    /// Realization plans recovered exactly, with regret 0 for both players.
    Exact(Box<ExactEquilibrium>),
    /// Rounded behaviour strategies and their exact exploitability.
    Approximate(ApproximateEquilibrium),
}

impl Certified {
    /// The behaviour profile: per information set (by id), the probabilities of its moves for a
    /// player's set, `None` for a chance set.
    pub fn behaviour(&self) -> &[Option<Vec<Rational>>] {
        match self {
            Certified::Exact(exact) => &exact.behaviour,
            Certified::Approximate(approximate) => &approximate.behaviour,
        }
    }
}

/// An exact equilibrium in realization plans.
#[derive(Clone, Debug)]
pub struct ExactEquilibrium {
    /// The game's sequence form, over which the plans are indexed.
    pub form: SequenceForm,
    /// Both plans and the payoffs, player 1's the value of the game.
    pub equilibrium: PlanEquilibrium,
    /// The plans' behaviour strategies ([`sequence_form::behaviour`]; sets a plan never reaches
    /// get the uniform mix), per information set as [`Certified::behaviour`] gives them.
    pub behaviour: Vec<Option<Vec<Rational>>>,
    /// The support tolerance of the attempt that succeeded.
    pub tolerance: f64,
}

/// An ε-equilibrium: the floating-point solution rounded, and how far it is from an
/// equilibrium, exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApproximateEquilibrium {
    /// Per information set (by id): the rounded probabilities of a player's set, `None` for
    /// chance's.
    pub behaviour: Vec<Option<Vec<Rational>>>,
    /// Each player's expected payoff under the profile.
    pub payoffs: Vec<Rational>,
    /// Each player's gain from a best response.
    pub gains: Vec<Rational>,
    /// The sum of the gains (NashConv).
    pub exploitability: Rational,
}

/// How the solver and the certification went.
#[derive(Clone, Debug, PartialEq)]
pub struct LpStats {
    /// Each player's number of sequences.
    pub sequences: [usize; 2],
    /// The interior-point method's final status, as the solver names it.
    pub status: String,
    /// Its iterations.
    pub iterations: u32,
    /// The time to build and solve the program.
    pub lp_time: Duration,
    /// Exact recovery attempts made (at most twice the number of tolerances).
    pub attempts: u32,
    /// The time of the exact recovery attempts.
    pub recovery_time: Duration,
    /// The time of the fallback (zero when the recovery succeeded).
    pub fallback_time: Duration,
}

/// Solves the sequence-form program of a two-player constant-sum game with perfect recall and
/// certifies the answer exactly.
pub fn solve(game: &Efg) -> Result<LpSolution, SequenceLpError> {
    if game.num_players() != 2 {
        return Err(SequenceLpError::Players(game.num_players()));
    }
    let recall = Recall::check(game);
    if !recall.is_perfect() {
        return Err(SequenceLpError::ImperfectRecall(
            recall.explain(game).join("; "),
        ));
    }
    constant_sum(game)?;
    let form = SequenceForm::new(game, &recall).expect("two players with perfect recall");
    drop(recall);
    let sequences = form.players.each_ref().map(Sequences::len);
    let payoff = payoff_matrix(&form);
    let start = Instant::now();
    let float = solve_program(&form, &payoff)?;
    let lp_time = start.elapsed();
    let start = Instant::now();
    let (recovered, attempts) = recover(&form, &payoff, &float);
    let recovery_time = start.elapsed();
    let (certified, fallback_time) = match recovered {
        Some((equilibrium, tolerance)) => {
            let behaviour = profile_of(
                game,
                &[
                    sequence_form::behaviour(game, &form.players[0], &equilibrium.x),
                    sequence_form::behaviour(game, &form.players[1], &equilibrium.y),
                ],
            );
            let exact = ExactEquilibrium {
                form,
                equilibrium,
                behaviour,
                tolerance,
            };
            (Certified::Exact(Box::new(exact)), Duration::ZERO)
        }
        None => {
            let start = Instant::now();
            let approximate = fallback(game, &form, &float.plans);
            (Certified::Approximate(approximate), start.elapsed())
        }
    };
    Ok(LpSolution {
        certified,
        lp_value: float.value,
        stats: LpStats {
            sequences,
            status: float.status,
            iterations: float.iterations,
            lp_time,
            attempts,
            recovery_time,
            fallback_time,
        },
    })
}

/// Player 1's payoff matrix `A`: per pair of sequences reaching a leaf, `(σ₁, σ₂, a)` with `a`
/// the sum over those leaves of chance probability times player 1's payoff, zeros dropped.
fn payoff_matrix(form: &SequenceForm) -> Vec<(usize, usize, Rational)> {
    let mut entries: Vec<(usize, usize, Rational)> = form
        .leaves
        .iter()
        .map(|(s1, s2, p, pay)| (*s1, *s2, p * &pay[0]))
        .collect();
    entries.sort_by_key(|&(s1, s2, _)| (s1, s2));
    let mut matrix: Vec<(usize, usize, Rational)> = Vec::with_capacity(entries.len());
    for (s1, s2, a) in entries {
        match matrix.last_mut() {
            Some((t1, t2, sum)) if (*t1, *t2) == (s1, s2) => *sum = &*sum + &a,
            _ => matrix.push((s1, s2, a)),
        }
    }
    matrix.retain(|(_, _, a)| !a.is_zero());
    matrix
}

/// The program's solution in `f64`, with each player's multipliers oriented as in that player's
/// own program (maximising their payoff in the zero-sum game).
struct FloatSolution {
    /// Per player: the realization plan.
    plans: [Vec<f64>; 2],
    /// Per player: the multipliers `q` of the other's constraint rows in the player's program.
    multipliers: [Vec<f64>; 2],
    /// Player 1's value.
    value: f64,
    status: String,
    iterations: u32,
}

/// Builds player 1's program and solves it with Clarabel, which minimises `cᵀz` subject to
/// `Mz + s = b`, `s` in a cone: here `z = (x, q)`, `c = −e₀` on `q₀`, rows `E x = e` (the zero
/// cone), then `Fᵀq − Aᵀx ≤ 0` and `−x ≤ 0` (the nonnegative cone). The dual variables of the
/// second block are player 2's plan `y`, those of the first player 2's multipliers `p` (player
/// 2's program minimises `p₀` subject to `Eᵀp − Ay ≥ 0`, `F y = f`).
fn solve_program(
    form: &SequenceForm,
    payoff: &[(usize, usize, Rational)],
) -> Result<FloatSolution, SequenceLpError> {
    let [p1, p2] = &form.players;
    let (n1, n2) = (p1.len(), p2.len());
    let (e, f) = (p1.constraints(), p2.constraints());
    let (k1, k2) = (e.len(), f.len());
    let (mut rows, mut cols, mut values) = (Vec::new(), Vec::new(), Vec::new());
    let mut push = |r: usize, c: usize, v: f64| {
        rows.push(r);
        cols.push(c);
        values.push(v);
    };
    for (h, row) in e.iter().enumerate() {
        for (s, coefficient) in row {
            push(h, *s, coefficient.to_f64());
        }
    }
    for (h, row) in f.iter().enumerate() {
        for (t, coefficient) in row {
            push(k1 + t, n1 + h, coefficient.to_f64());
        }
    }
    for (s1, s2, a) in payoff {
        push(k1 + s2, *s1, -a.to_f64());
    }
    for s in 0..n1 {
        push(k1 + n2 + s, s, -1.0);
    }
    let (m, n) = (k1 + n2 + n1, n1 + k2);
    let constraints = CscMatrix::new_from_triplets(m, n, rows, cols, values);
    let mut b = vec![0.0; m];
    b[0] = 1.0;
    let mut c = vec![0.0; n];
    c[n1] = -1.0;
    let settings = DefaultSettingsBuilder::default()
        .verbose(false)
        .tol_gap_abs(LP_TOLERANCE)
        .tol_gap_rel(LP_TOLERANCE)
        .tol_feas(LP_TOLERANCE)
        .build()
        .expect("valid settings");
    let cones = [ZeroConeT(k1), NonnegativeConeT(n2 + n1)];
    let mut solver = DefaultSolver::new(
        &CscMatrix::zeros((n, n)),
        &c,
        &constraints,
        &b,
        &cones,
        settings,
    )
    .map_err(|e| SequenceLpError::Solver(e.to_string()))?;
    solver.solve();
    let solution = &solver.solution;
    let status = solution.status;
    if matches!(
        status,
        SolverStatus::PrimalInfeasible
            | SolverStatus::DualInfeasible
            | SolverStatus::AlmostPrimalInfeasible
            | SolverStatus::AlmostDualInfeasible
    ) || !solution.x.iter().chain(&solution.z).all(|v| v.is_finite())
    {
        return Err(SequenceLpError::Solver(format!(
            "it ended with status {status:?} on a program that has an optimum"
        )));
    }
    Ok(FloatSolution {
        plans: [solution.x[..n1].to_vec(), solution.z[k1..k1 + n2].to_vec()],
        multipliers: [
            solution.x[n1..].to_vec(),
            solution.z[..k1].iter().map(|p| -p).collect(),
        ],
        value: solution.x[n1],
        status: format!("{status:?}"),
        iterations: solution.iterations,
    })
}

/// How the unknowns a recovery system leaves free are set from the floating-point solution.
#[derive(Clone, Copy, Debug)]
enum Free {
    /// The nearest fraction of denominator at most [`DEFAULT_DENOMINATOR`].
    Nearest,
    /// The `f64`'s exact binary value.
    Binary,
}

impl Free {
    fn value(self, v: f64) -> Rational {
        let binary = |v: f64| {
            Rational::from_big(BigRational::from_float(v).expect("the solution is finite"))
        };
        match self {
            Free::Nearest => {
                let whole = v.floor();
                &binary(whole) + &approximate(v - whole, DEFAULT_DENOMINATOR)
            }
            Free::Binary => binary(v),
        }
    }
}

/// The exact recovery: for each way of setting free unknowns and each tolerance, both players'
/// plans from their systems, accepted if both regrets are exactly 0. Returns the equilibrium
/// with the tolerance that gave it, and the number of attempts made.
fn recover(
    form: &SequenceForm,
    payoff: &[(usize, usize, Rational)],
    float: &FloatSolution,
) -> (Option<(PlanEquilibrium, f64)>, u32) {
    let mut attempts = 0;
    for free in [Free::Nearest, Free::Binary] {
        for tolerance in TOLERANCES {
            attempts += 1;
            let plan = |i: usize| recover_plan(form, payoff, float, i, tolerance, free);
            let (Some(x), Some(y)) = (plan(0), plan(1)) else {
                continue;
            };
            if regret(form, &x, &y).is_some_and(|r| r.iter().all(Rational::is_zero)) {
                let payoffs = form.payoffs(&x, &y);
                return (
                    Some((PlanEquilibrium { x, y, payoffs }, tolerance)),
                    attempts,
                );
            }
        }
    }
    (None, attempts)
}

/// Player `i`'s plan from the system of its program's optimality conditions on the supports
/// read at `tolerance`: unknowns the plan, then the multipliers of the other's constraint rows.
fn recover_plan(
    form: &SequenceForm,
    payoff: &[(usize, usize, Rational)],
    float: &FloatSolution,
    i: usize,
    tolerance: f64,
    free: Free,
) -> Option<Vec<Rational>> {
    let (own, other) = (&form.players[i], &form.players[1 - i]);
    let n = own.len();
    let (plan, other_plan) = (&float.plans[i], &float.plans[1 - i]);
    let mut equations: Vec<Equation> = own
        .constraints()
        .into_iter()
        .enumerate()
        .map(|(h, terms)| Equation {
            terms,
            rhs: if h == 0 {
                Rational::ONE
            } else {
                Rational::ZERO
            },
        })
        .collect();
    equations.extend((0..n).filter(|&s| plan[s] <= tolerance).map(|s| Equation {
        terms: vec![(s, Rational::ONE)],
        rhs: Rational::ZERO,
    }));
    // Per sequence of the other's support: Σ_h F[h][τ] q_h − Σ_σ M[σ][τ] x_σ = 0, with M the
    // player's payoff matrix in the zero-sum game (A for player 1, −Aᵀ for player 2).
    let mut rows: Vec<Option<Vec<(usize, Rational)>>> = (0..other.len())
        .map(|t| (other_plan[t] > tolerance).then(Vec::new))
        .collect();
    for (h, row) in other.constraints().into_iter().enumerate() {
        for (t, coefficient) in row {
            if let Some(terms) = rows[t].as_mut() {
                terms.push((n + h, coefficient));
            }
        }
    }
    for (s1, s2, a) in payoff {
        let (mine, theirs, entry) = if i == 0 {
            (*s1, *s2, -a)
        } else {
            (*s2, *s1, a.clone())
        };
        if let Some(terms) = rows[theirs].as_mut() {
            terms.push((mine, entry));
        }
    }
    equations.extend(rows.into_iter().flatten().map(|terms| Equation {
        terms,
        rhs: Rational::ZERO,
    }));
    let guess: Vec<f64> = plan.iter().chain(&float.multipliers[i]).copied().collect();
    let mut solution = linear_system::solve(guess.len(), equations, |c| free.value(guess[c]))?;
    solution.truncate(n);
    Some(solution)
}

/// The ε-equilibrium: each player's floating-point plan as behaviour probabilities, rounded, with
/// the exact best responses to it.
fn fallback(game: &Efg, form: &SequenceForm, plans: &[Vec<f64>; 2]) -> ApproximateEquilibrium {
    let profile = profile_of(
        game,
        &[
            float_behaviour(&form.players[0], &plans[0]),
            float_behaviour(&form.players[1], &plans[1]),
        ],
    );
    let behaviour = rounding::round_profile(&profile, DEFAULT_DENOMINATOR);
    let response =
        best_response(game, &behaviour).expect("a rounded profile of a game with perfect recall");
    ApproximateEquilibrium {
        gains: response.gains(),
        exploitability: response.exploitability(),
        payoffs: response.value,
        behaviour,
    }
}

/// A plan's behaviour strategy in `f64`: each move's weight (negative rounding errors taken as 0)
/// over the total of its information set's moves, uniform where that total is 0.
fn float_behaviour(seqs: &Sequences, plan: &[f64]) -> Vec<(InfosetId, Vec<f64>)> {
    seqs.infosets
        .iter()
        .zip(&seqs.children)
        .map(|(&h, kids)| {
            let weights: Vec<f64> = kids.iter().map(|&c| plan[c].max(0.0)).collect();
            let total: f64 = weights.iter().sum();
            let probs = if total > 0.0 {
                weights.iter().map(|w| w / total).collect()
            } else {
                vec![1.0 / kids.len() as f64; kids.len()]
            };
            (h, probs)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::read_efg;
    use crate::generate::{TreeParams, poker, random_tree, zero_sum};
    use proptest::prelude::*;

    fn exact(game: &Efg) -> ExactEquilibrium {
        match solve(game).unwrap().certified {
            Certified::Exact(exact) => *exact,
            Certified::Approximate(a) => panic!("not recovered: {a:?}"),
        }
    }

    #[test]
    fn kuhn_is_recovered_exactly() {
        let game = poker(3);
        let solution = solve(&game).unwrap();
        assert!((solution.lp_value + 1.0 / 18.0).abs() < 1e-9);
        assert_eq!(solution.stats.sequences, [13, 13]);
        assert_eq!(solution.stats.status, "Solved");
        let Certified::Exact(exact) = solution.certified else {
            panic!("Kuhn's poker is recovered");
        };
        let (form, eq) = (&exact.form, &exact.equilibrium);
        assert!(form.players[0].is_plan(&eq.x) && form.players[1].is_plan(&eq.y));
        let value = Rational::new(-1, 18);
        assert_eq!(eq.payoffs, [value.clone(), -&value]);
        let r = regret(form, &eq.x, &eq.y).unwrap();
        assert!(r.iter().all(Rational::is_zero));
        // The behaviour profile is an exact equilibrium on the tree too.
        let br = best_response(&game, &exact.behaviour).unwrap();
        assert!(br.exploitability().is_zero());
    }

    #[test]
    fn a_constant_sum_game_is_solved_as_zero_sum() {
        // Matching pennies paying 1 in all to share: player 1 gets the point on a match.
        let game = read_efg(
            r#"EFG 2 R "Pennies" { "1" "2" }
""

p "" 1 1 "" { "H" "T" } 0
p "" 2 1 "" { "h" "t" } 0
t "" 1 "" { 1, 0 }
t "" 2 "" { 0, 1 }
p "" 2 1 "" { "h" "t" } 0
t "" 3 "" { 0, 1 }
t "" 4 "" { 1, 0 }
"#,
        )
        .unwrap();
        let exact = exact(&game);
        let half = Rational::new(1, 2);
        assert_eq!(exact.equilibrium.payoffs, [half.clone(), half.clone()]);
        assert_eq!(exact.equilibrium.x, [Rational::ONE, half.clone(), half]);
    }

    #[test]
    fn the_fallback_measures_a_perturbed_solution_exactly() {
        let game = poker(3);
        let exact = exact(&game);
        let form = &exact.form;
        // Kuhn's equilibrium plans, each weight moved by 1e-4: no longer an equilibrium.
        let plans = [&exact.equilibrium.x, &exact.equilibrium.y].map(|plan| {
            plan.iter()
                .enumerate()
                .map(|(s, v)| v.to_f64() + if s % 2 == 0 { 1e-4 } else { -1e-4 })
                .collect::<Vec<f64>>()
        });
        let approximate = fallback(&game, form, &plans);
        assert!(approximate.exploitability > Rational::ZERO);
        assert!(approximate.exploitability < Rational::new(1, 1000));
        assert_eq!(
            approximate.exploitability,
            approximate.gains.iter().fold(Rational::ZERO, |a, g| a + g)
        );
        let value = Rational::new(-1, 18);
        assert!((&approximate.payoffs[0] - &value).abs() < Rational::new(1, 1000));
        assert!(
            approximate
                .behaviour
                .iter()
                .flatten()
                .all(|probs| { probs.iter().fold(Rational::ZERO, |a, p| a + p) == Rational::ONE })
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]
        /// Either the exact equilibrium, worth the value the exact Lemke method finds (the value
        /// of a zero-sum game is unique), or an ε-equilibrium with a tiny ε.
        #[test]
        fn random_zero_sum_trees_are_solved(seed in 0u64..10_000) {
            let game = zero_sum(&random_tree(&TreeParams::default(), seed));
            let form = SequenceForm::new(&game, &Recall::check(&game)).unwrap();
            let (lemke, _) = sequence_form::solve(&form).unwrap();
            match solve(&game).unwrap().certified {
                Certified::Exact(exact) => {
                    let eq = &exact.equilibrium;
                    let r = regret(&exact.form, &eq.x, &eq.y).unwrap();
                    prop_assert!(r.iter().all(Rational::is_zero));
                    prop_assert_eq!(&eq.payoffs, &lemke.payoffs);
                }
                Certified::Approximate(approximate) => {
                    prop_assert!(approximate.exploitability.to_f64() < 1e-6);
                }
            }
        }
    }

    #[test]
    fn three_players_are_refused() {
        let three = random_tree(
            &TreeParams {
                players: 3,
                ..TreeParams::default()
            },
            1,
        );
        assert_eq!(solve(&three).unwrap_err(), SequenceLpError::Players(3));
    }

    #[test]
    fn a_game_that_is_not_constant_sum_is_refused() {
        let general = random_tree(&TreeParams::default(), 1);
        let refused = solve(&general).unwrap_err();
        assert!(
            matches!(refused, SequenceLpError::NotConstantSum(_)),
            "{refused}"
        );
        assert!(
            refused
                .to_string()
                .contains("constant-sum game: the payoffs of the play")
        );
    }

    #[test]
    fn imperfect_recall_is_refused() {
        // Player 1 forgets their first move; payoffs sum to 0.
        let forgetful = crate::nash::constant_sum::forgetful_zero_sum();
        let refused = solve(&forgetful).unwrap_err();
        assert!(
            matches!(refused, SequenceLpError::ImperfectRecall(_)),
            "{refused}"
        );
    }
}
