//! Nash equilibria, each checked by an independent regret test: exact, or approximate with an
//! exact bound on the regret.
//!
//! On the strategic form: pure equilibria ([`pure`]) for any number of players; for two players
//! Lemke–Howson from every starting label and through the Lemke–Howson graph
//! ([`lemke_howson`]), support enumeration ([`support`]), and all extreme equilibria of
//! degenerate games too by vertex enumeration of the best-response polytopes ([`vertex`]); and,
//! for any number of players, an approximate equilibrium by simplicial subdivision
//! ([`simpdiv`]), an exact grid profile whose exact regret is within a given bound, and the
//! global Newton method of Govindan and Wilson ([`gnm`]), which follows a curve of equilibria
//! of perturbed games in floating point and returns the equilibria it meets rounded to
//! fractions, each with its `ε` computed exactly; and every isolated equilibrium of a small
//! game by support enumeration with polynomial systems ([`enumpoly`]), solved by interval
//! subdivision, exact where the equilibrium is rational. On the
//! extensive form: subgame-perfect equilibria of perfect-information trees by backward
//! induction ([`backward`]), and for two players with perfect recall the sequence form with
//! Lemke's algorithm ([`sequence_form`], Koller, Megiddo and von Stengel), which avoids the
//! exponential strategic form; a tree is solved one subgame at a time ([`subgames`]), so its
//! equilibrium is subgame perfect. Two-player constant-sum games with perfect recall too large
//! for it have the sequence form's linear program solved in floating point and the answer
//! certified exactly ([`sequence_lp`]): an exact equilibrium recovered from the supports, or
//! else a rounded ε-equilibrium with its exact ε. Beyond exact methods, such games are solved
//! approximately by counterfactual regret minimisation ([`cfr`]: CFR, CFR+ and DCFR), in
//! floating point, with the exploitability followed by best responses ([`best_response`],
//! exact or in `f64`); [`rounding`] turns the floating-point strategies into readable exact
//! ones whose exploitability is then computed exactly. For any number of players, [`logit`]
//! follows the logit quantal response equilibrium branch in floating point to the Nash
//! equilibrium it selects, rounded to fractions with its regret computed exactly.
//!
//! [`regret`] ([`profile`]) computes, for a mixed profile of a strategic-form game, each
//! player's gain from the best pure deviation; an equilibrium has regret 0 for everyone.
//! [`sequence_form::regret`] does the same for realization plans on the tree. [`METHODS`] lists the methods by id and
//! [`size`] estimates what a method would build or search, and [`solve()`] refuses what is
//! larger than its limit, then runs the method and checks its answer, returning a [`Solution`] that serialises as JSON.
//!
//! ```
//! use kalmar_efg::format::GameFile;
//! use kalmar_efg::generate::poker;
//! use kalmar_efg::nash::{self, Options, Solution};
//! // Kuhn's poker (three cards) is worth -1/18 to player 1, on the tree and on the strategic form.
//! let kuhn = GameFile::Efg(poker(3));
//! for method in ["seqform", "lh"] {
//!     let options = Options { method: method.into(), ..Options::default() };
//!     let json = serde_json::to_value(nash::solve(&kuhn, &options).unwrap()).unwrap();
//!     assert_eq!(json["equilibria"][0]["payoffs"], serde_json::json!(["-1/18", "1/18"]));
//!     assert_eq!(json["checked"], true);
//! }
//! ```

pub mod backward;
pub mod best_response;
pub mod cfr;
mod constant_sum;
pub mod enumpoly;
mod flat;
pub mod gnm;
pub mod lemke;
pub mod lemke_howson;
mod linear_system;
pub mod logit;
pub mod polytope;
pub mod profile;
pub mod pure;
pub mod rounding;
pub mod sequence_form;
pub mod sequence_lp;
pub mod simpdiv;
pub mod size;
pub mod solution;
pub mod solve;
pub mod subgames;
pub mod support;
pub mod tableau;
pub mod vertex;

pub use constant_sum::NotConstantSum;
pub use profile::{MixedProfile, ProfileError, Stats, is_equilibrium, regret};
pub use solution::Solution;
pub use solve::{
    METHODS, Method, NashError, Options, STOPS_AT_DEADLINE, check, find, solve, stops_at_deadline,
    strategic_game,
};

/// Whether `deadline` has passed (never, without one).
fn passed(deadline: Option<std::time::Instant>) -> bool {
    deadline.is_some_and(|d| std::time::Instant::now() >= d)
}
