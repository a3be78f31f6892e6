//! kalmar-interdiction: network interdiction with vertex-local budgets (Andersson, *General
//! Path Interdiction with Local Budgets*; Khachiyan et al., *On short paths interdiction
//! problems*). An interdictor first spends a budget at each vertex on the edges leaving it; a
//! user then takes a best path from the source s to the sink t.
//!
//! - [`network`]: the directed graph with integer weights, s and t;
//! - [`budget`]: k(v) removals, explicit affordable sets (an independence system), or raises
//!   within a polytope;
//! - [`dimacs`]: the 9th DIMACS challenge's shortest-path format `.gr`, read and written;
//! - [`budget_file`]: the source, the sink and the budgets in a line-based file beside the
//!   `.gr` file, and [`budget_file::instance`], which reads both;
//! - [`operator`]: how a path is weighed: sum, max (bottleneck), product;
//! - [`oracle`]: the local oracle L of GPI for each kind of budget;
//! - [`gpi`]: Algorithm GPI, the modified Dijkstra, O(m log n) plus oracle calls;
//! - [`polyhedral`], [`partial`], [`partial_certificate`]: partial interdiction, weights raised
//!   within a polytope at each vertex, solved by GPI with the oracle as an exact linear program
//!   ([`lp`], a two-phase simplex over the rationals), values rational or ∞, and checked by
//!   linear-programming duality without solving anything; [`partial_lp`]: the same values as
//!   one global linear program, for the tests;
//! - [`bspi`], [`bspi_buckets`], [`bspi_coarse`]: Algorithm BSPI for bottleneck paths and k(v)
//!   removals, with a binary heap (O(m log n)), with sorted weights and bucket queues (O(m)
//!   after the sort), and by median splits without a sort (O(m log m) comparisons);
//! - [`bspi_source`]: the source's value alone by the Gabow–Tarjan coarsening, O(m log* m)
//!   comparisons;
//! - [`solvers`]: the registry of solvers, and one call that solves and checks;
//! - [`reduction`]: deterministic graphical games as bottleneck interdiction (Remark 3.2);
//! - [`certificate`]: the independent check: the user's best paths under the interdictor's
//!   choice cost exactly the values, and no choice within the budgets does better;
//! - [`solution_file`]: the JSON solution file, checked by the certificate when read back;
//! - [`picture`]: a solved instance drawn in DOT (removals dashed, the user's path bold);
//! - [`brute_force`]: every choice of the interdictor on small networks, the oracle of the
//!   tests;
//! - [`generate`]: grid and random instances;
//! - [`global`]: bottleneck interdiction with a global budget of k removals, by binary search
//!   over maximum flows, with a flow-free certificate.
#![deny(missing_docs)]

pub mod brute_force;
pub mod bspi;
pub mod bspi_buckets;
pub mod bspi_coarse;
pub mod bspi_source;
pub mod budget;
pub mod budget_file;
pub mod certificate;
pub mod dimacs;
pub mod generate;
pub mod global;
pub mod gpi;
pub mod lp;
pub mod network;
pub mod operator;
pub mod oracle;
pub mod partial;
pub mod partial_certificate;
pub mod partial_lp;
pub mod picture;
pub mod polyhedral;
pub mod reduction;
pub mod solution_file;
pub mod solvers;

/// What the parsers' tests compare: an error's line, column, what was found and expected.
#[cfg(test)]
mod parse_errors {
    use kalmar_core::ParseError;

    /// The error's line, column, found and expected.
    pub fn parts(e: &ParseError) -> (u32, u32, String, String) {
        let span = e.span();
        (
            span.line,
            span.column,
            e.found().into(),
            e.expected().into(),
        )
    }

    /// The parts expected.
    pub fn at(line: u32, column: u32, found: &str, expected: &str) -> (u32, u32, String, String) {
        (line, column, found.into(), expected.into())
    }
}
