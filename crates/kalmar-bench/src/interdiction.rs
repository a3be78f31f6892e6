//! The interdiction suite: on generated grid and random networks, Algorithm GPI with k(v) edge
//! removals against a plain Dijkstra on the same graph (the user's shortest paths with nothing
//! removed), and the certificate, each timed: the paper's claim is interdiction "for free",
//! GPI within a small factor of Dijkstra.
//!
//! ```
//! use kalmar_bench::interdiction::run;
//! let rows = run(&["grid"], &[1000], 1, 1).unwrap();
//! assert_eq!(rows.len(), 1);
//! assert!(rows[0].verified);
//! ```

use crate::harness::{TableRow, time};
use kalmar_core::generate::GenerateError;
use kalmar_interdiction::generate::{Params, generate};
use kalmar_interdiction::operator::Operator;
use kalmar_interdiction::{certificate, gpi};
use serde::Serialize;

/// One network, GPI against Dijkstra.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct InterdictionRow {
    /// The family.
    pub family: String,
    /// Vertices.
    pub vertices: usize,
    /// Edges.
    pub edges: usize,
    /// The median time of a plain Dijkstra from the sink, in seconds.
    pub dijkstra_seconds: f64,
    /// The median time of GPI, in seconds.
    pub gpi_seconds: f64,
    /// The median time of the certificate, in seconds.
    pub check_seconds: f64,
    /// Whether the certificate accepted GPI's answer.
    pub verified: bool,
}

impl TableRow for InterdictionRow {
    fn markdown_header() -> &'static str {
        "| family | vertices | edges | Dijkstra | GPI | GPI / Dijkstra | certificate |\n\
         |---|---:|---:|---:|---:|---:|---:|"
    }

    fn markdown(&self) -> String {
        format!(
            "| {} | {} | {} | {:.3} ms | {:.3} ms | {:.2} | {:.3} ms{} |",
            self.family,
            self.vertices,
            self.edges,
            self.dijkstra_seconds * 1e3,
            self.gpi_seconds * 1e3,
            self.gpi_seconds / self.dijkstra_seconds,
            self.check_seconds * 1e3,
            if self.verified { "" } else { " REJECTED" },
        )
    }
}

/// Each family at each size (edges), `runs` times (medians), on instances from `seed`.
pub fn run(
    families: &[&str],
    sizes: &[usize],
    runs: usize,
    seed: u64,
) -> Result<Vec<InterdictionRow>, GenerateError> {
    let mut rows = Vec::new();
    for family in families {
        for &size in sizes {
            let (network, budget) = generate(family, &Params { size, seed })?;
            let nothing = vec![false; network.num_edges()];
            let (dijkstra, _) = time(runs, || {
                certificate::user_values(&network, &nothing, Operator::Sum)
            });
            let (timing, solution) = time(runs, || gpi::solve(&network, &budget, Operator::Sum));
            let solution = solution.map_err(|e| GenerateError::Parameter(e.to_string()))?;
            let (check, verdict) = time(runs, || {
                certificate::check(&network, &budget, Operator::Sum, &solution)
            });
            rows.push(InterdictionRow {
                family: family.to_string(),
                vertices: network.num_vertices(),
                edges: network.num_edges(),
                dijkstra_seconds: dijkstra.median,
                gpi_seconds: timing.median,
                check_seconds: check.median,
                verified: verdict.is_ok(),
            });
        }
    }
    Ok(rows)
}
