//! The JSON solution file of an interdiction instance (family `interdiction`): the operator
//! that weighs paths, the size of the network it is for, every vertex's value, the order the
//! values became final, the edges the interdictor removes and the user's path from the source.
//! Vertices and edges are numbered from 1 as in the `.gr` file; an edge's number is its
//! position in the network's order (the arcs grouped by tail, keeping the file's order among
//! each vertex's arcs: the file's own order when it lists arcs by tail, as
//! [`crate::dimacs::write_gr`] does).
//!
//! Values are strings, a decimal number or `inf` (the interdictor blocks every path, or there
//! is none), since they reach 2^64 - 2 and JSON readers commonly keep only 53 bits of a number;
//! `values[i]` is vertex i + 1's. The file holds the user's path from the source, not its move
//! at every vertex: the certificate finds the user's best replies itself.
//!
//! ```json
//! {"family": "interdiction", "operator": "sum", "vertices": 3, "edges": 3,
//!  "values": ["10", "1", "0"], "order": [3, 2, 1], "removed": [2], "path": [1]}
//! ```
//!
//! For partial interdiction (raises within polytopes, [`crate::partial`]) values are exact
//! rationals (`"9/2"`) or `inf`, `removed` is empty, and two lists are added: `raises`, the
//! edges raised, each with its raise z (a rational) and, where the interdictor raises it
//! without bound, a positive `ray` (the edge's part of a direction of the polytope: the edge
//! costs ∞); and `duals`, for every vertex of finite value but the sink, the weights λ of the
//! edges to earlier vertices and the multipliers μ of the vertex's rows that prove no raise
//! forces more ([`crate::partial_certificate`]). Files without them read as before.
//!
//! ```json
//! {"family": "interdiction", "operator": "sum", "vertices": 3, "edges": 3,
//!  "values": ["9/2", "1", "0"], "order": [3, 2, 1], "removed": [], "path": [1],
//!  "raises": [{"edge": 1, "raise": "1/2"}, {"edge": 2, "raise": "5/2"}],
//!  "duals": [{"vertex": 1, "weights": [[1, "1/2"], [2, "1/2"]], "rows": ["1/2"]},
//!            {"vertex": 2, "weights": [[3, "1"]], "rows": []}]}
//! ```
//!
//! The source's value alone (bottleneck paths, [`crate::bspi_source`]) is a file with
//! `source_value`, empty `values` and `order`, the removals at every vertex and the user's
//! path, checked by [`certificate::check_source_value`]:
//!
//! ```json
//! {"family": "interdiction", "operator": "max", "vertices": 3, "edges": 3,
//!  "values": [], "order": [], "removed": [2], "path": [1], "source_value": "10"}
//! ```
//!
//! [`SolutionFile::verify`] rebuilds the solution and hands it to [`certificate::check`] (or
//! [`partial_certificate::check`] for raises), so a file is accepted exactly when its values
//! are what the interdictor can force.
//!
//! ```
//! use kalmar_interdiction::budget_file::instance;
//! use kalmar_interdiction::{gpi, operator::Operator, solution_file::SolutionFile};
//! let (network, budget) =
//!     instance("p sp 3 3\na 1 3 10\na 1 2 1\na 2 3 1\n", "s 1\nt 3\nk 1 1\n").unwrap();
//! let solution = gpi::solve(&network, &budget, Operator::Sum).unwrap();
//! let file = SolutionFile::new(&network, Operator::Sum, &solution);
//! assert_eq!(file.values, ["10", "1", "0"]);
//! let text = file.to_text().unwrap();
//! assert!(SolutionFile::read(&text).unwrap().verify(&network, &budget).is_ok());
//! // Not removing the edge 1 -> 2 lets the user pay 2: the values are wrong then.
//! let lie = text.replace("\"removed\": [\n    2\n  ]", "\"removed\": []");
//! assert!(SolutionFile::read(&lie).unwrap().verify(&network, &budget).is_err());
//! ```
//!
//! # Complexity
//! O(n + m) to write and to rebuild; [`SolutionFile::verify`] adds the certificate's cost.

use crate::bspi_source::SourceValue;
use crate::budget::Budget;
use crate::certificate::{self, Wrong};
use crate::gpi::Solution;
use crate::network::Network;
use crate::operator::{INFINITY, Operator};
use crate::partial::{Dual, PartialSolution};
use crate::partial_certificate::{self, PartialWrong};
use crate::polyhedral::{Extended, Polyhedral};
use kalmar_core::Rational;
use serde::{Deserialize, Serialize};

/// The family name an interdiction solution file carries.
pub const FAMILY: &str = "interdiction";

/// How the file writes ∞.
pub const INF: &str = "inf";

/// An interdiction solution as saved in JSON.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct SolutionFile {
    /// Always `interdiction`.
    pub family: String,
    /// How paths are weighed: `sum`, `max` or `product`.
    pub operator: String,
    /// The network's number of vertices.
    pub vertices: usize,
    /// The network's number of edges.
    pub edges: usize,
    /// Per vertex (vertex i + 1 at i), its value: a decimal number, or `inf`.
    pub values: Vec<String>,
    /// The vertices of finite value, from 1, in the order their values became final.
    pub order: Vec<usize>,
    /// The edges the interdictor removes, from 1, in increasing order.
    pub removed: Vec<usize>,
    /// The edges of the user's path from the source, from 1.
    pub path: Vec<usize>,
    /// Partial interdiction: the edges raised, in increasing order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub raises: Vec<RaiseEntry>,
    /// Partial interdiction: the dual of every vertex of finite value but the sink.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub duals: Vec<DualEntry>,
    /// The source's value alone ([`crate::bspi_source`]): then `values` and `order` are empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_value: Option<String>,
}

/// An edge's raise, as saved.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct RaiseEntry {
    /// The edge, from 1.
    pub edge: usize,
    /// Its raise z_e, a rational.
    pub raise: String,
    /// Its part of the direction of unbounded raises, a positive rational, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ray: Option<String>,
}

/// A vertex's dual, as saved.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct DualEntry {
    /// The vertex, from 1.
    pub vertex: usize,
    /// λ: (edge from 1, weight).
    pub weights: Vec<(usize, String)>,
    /// μ: one multiplier per row of the vertex, in the budget file's order.
    pub rows: Vec<String>,
}

/// Why a saved solution is not accepted.
#[derive(Debug, thiserror::Error)]
pub enum SolutionFileError {
    /// Not JSON of this shape.
    #[error("not an interdiction solution file: {0}")]
    Json(#[from] serde_json::Error),
    /// The file does not fit the network, or names what is not there.
    #[error("{0}")]
    Malformed(String),
    /// The solution is wrong.
    #[error("the certificate refuses it (vertices and edges counted from 0 there): {0}")]
    Wrong(#[from] Wrong),
    /// The partial-interdiction solution is wrong.
    #[error("the certificate refuses it (vertices and edges counted from 0 there): {0}")]
    WrongPartial(#[from] PartialWrong),
}

fn malformed(message: String) -> SolutionFileError {
    SolutionFileError::Malformed(message)
}

impl SolutionFile {
    /// The file of `solution` on `network`, paths weighed by `operator`.
    pub fn new(network: &Network, operator: Operator, solution: &Solution) -> SolutionFile {
        SolutionFile {
            family: FAMILY.into(),
            operator: operator.name().into(),
            vertices: network.num_vertices(),
            edges: network.num_edges(),
            values: solution.values.iter().map(|&x| show(x)).collect(),
            order: solution.order.iter().map(|&v| v as usize + 1).collect(),
            removed: (solution.removed.iter().enumerate())
                .filter(|&(_, &gone)| gone)
                .map(|(e, _)| e + 1)
                .collect(),
            path: solution.path.iter().map(|&e| e + 1).collect(),
            raises: Vec::new(),
            duals: Vec::new(),
            source_value: None,
        }
    }

    /// The file of the source's value alone (bottleneck paths, [`crate::bspi_source`]).
    pub fn new_source_value(network: &Network, answer: &SourceValue) -> SolutionFile {
        SolutionFile {
            family: FAMILY.into(),
            operator: Operator::Max.name().into(),
            vertices: network.num_vertices(),
            edges: network.num_edges(),
            values: Vec::new(),
            order: Vec::new(),
            removed: (answer.removed.iter().enumerate())
                .filter(|&(_, &gone)| gone)
                .map(|(e, _)| e + 1)
                .collect(),
            path: answer.path.iter().map(|&e| e + 1).collect(),
            raises: Vec::new(),
            duals: Vec::new(),
            source_value: Some(show(answer.value)),
        }
    }

    /// The file of a partial-interdiction `solution` on `network` (paths weighed by sum).
    pub fn new_partial(network: &Network, solution: &PartialSolution) -> SolutionFile {
        let raises = (0..network.num_edges())
            .filter(|&e| !solution.raises[e].is_zero() || !solution.rays[e].is_zero())
            .map(|e| RaiseEntry {
                edge: e + 1,
                raise: solution.raises[e].to_string(),
                ray: (!solution.rays[e].is_zero()).then(|| solution.rays[e].to_string()),
            })
            .collect();
        let duals = (solution.duals.iter().enumerate())
            .filter_map(|(v, dual)| {
                let dual = dual.as_ref()?;
                Some(DualEntry {
                    vertex: v + 1,
                    weights: (dual.weights.iter())
                        .map(|(e, l)| (*e as usize + 1, l.to_string()))
                        .collect(),
                    rows: dual.rows.iter().map(Rational::to_string).collect(),
                })
            })
            .collect();
        SolutionFile {
            family: FAMILY.into(),
            operator: Operator::Sum.name().into(),
            vertices: network.num_vertices(),
            edges: network.num_edges(),
            values: solution.values.iter().map(Extended::to_string).collect(),
            order: solution.order.iter().map(|&v| v as usize + 1).collect(),
            removed: Vec::new(),
            path: solution.path.iter().map(|&e| e + 1).collect(),
            raises,
            duals,
            source_value: None,
        }
    }

    /// The file's text: pretty-printed JSON ending in a newline, which [`SolutionFile::read`]
    /// reads back.
    pub fn to_text(&self) -> Result<String, serde_json::Error> {
        Ok(serde_json::to_string_pretty(self)? + "\n")
    }

    /// Reads a file's JSON text.
    pub fn read(text: &str) -> Result<SolutionFile, SolutionFileError> {
        Ok(serde_json::from_str(text)?)
    }

    /// The operator and the solution the file states for `network`, every number checked to
    /// be in range (the user's move at each vertex is not in the file: `next` is all None).
    pub fn solution(&self, network: &Network) -> Result<(Operator, Solution), SolutionFileError> {
        self.every_vertex()?;
        let operator = self.header(network)?;
        let (n, m) = (network.num_vertices(), network.num_edges());
        let values = (self.values.iter().enumerate())
            .map(|(v, x)| {
                parse_value(x).ok_or_else(|| {
                malformed(format!(
                    "the value of vertex {} is '{x}', not a whole number below 2^64 - 1 or '{INF}'",
                    v + 1
                ))
            })
            })
            .collect::<Result<Vec<u64>, _>>()?;
        let order = ids("order", "vertex", &self.order, n)?
            .map(|v| v as u32)
            .collect();
        let removed = self.removed_edges(m)?;
        let path = ids("path", "edge", &self.path, m)?.collect();
        Ok((
            operator,
            Solution {
                values,
                order,
                removed,
                next: vec![None; n],
                path,
            },
        ))
    }

    /// Refuses a file of the source's value alone where every vertex's value is wanted.
    fn every_vertex(&self) -> Result<(), SolutionFileError> {
        match self.source_value {
            Some(_) => Err(malformed(
                "the file holds the source's value alone, not every vertex's".into(),
            )),
            None => Ok(()),
        }
    }

    /// Per edge of a network of `m` edges, whether the file removes it.
    fn removed_edges(&self, m: usize) -> Result<Vec<bool>, SolutionFileError> {
        let mut removed = vec![false; m];
        for e in ids("removed edges", "edge", &self.removed, m)? {
            if std::mem::replace(&mut removed[e], true) {
                return Err(malformed(format!("edge {} is removed twice", e + 1)));
            }
        }
        Ok(removed)
    }

    /// The family and operator checked, and the sizes against `network`'s.
    fn header(&self, network: &Network) -> Result<Operator, SolutionFileError> {
        if self.family != FAMILY {
            return Err(malformed(format!(
                "the family is '{}', not '{FAMILY}'",
                self.family
            )));
        }
        let operator = Operator::from_name(&self.operator).ok_or_else(|| {
            let names: Vec<&str> = Operator::ALL.iter().map(|&(name, _)| name).collect();
            malformed(format!(
                "unknown operator '{}': expected {}",
                self.operator,
                names.join(", ")
            ))
        })?;
        let (n, m) = (network.num_vertices(), network.num_edges());
        let values = if self.source_value.is_some() { 0 } else { n };
        if (self.vertices, self.edges, self.values.len()) != (n, m, values) {
            return Err(malformed(format!(
                "the file is for {} vertices and {} edges with {} values; the network has {n} \
                 vertices and {m} edges",
                self.vertices,
                self.edges,
                self.values.len()
            )));
        }
        Ok(operator)
    }

    /// The partial-interdiction solution the file states for `network`, every number checked
    /// to be in range (`next` is all None: the certificate does not need it).
    pub fn partial_solution(
        &self,
        network: &Network,
    ) -> Result<PartialSolution, SolutionFileError> {
        self.every_vertex()?;
        let operator = self.header(network)?;
        if operator != Operator::Sum {
            return Err(malformed(format!(
                "raises within polytopes are solved for the sum operator only, not '{}'",
                self.operator
            )));
        }
        let (n, m) = (network.num_vertices(), network.num_edges());
        let values = (self.values.iter().enumerate())
            .map(|(v, x)| {
                Extended::parse(x).ok_or_else(|| {
                    malformed(format!(
                        "the value of vertex {} is '{x}', not a rational or '{INF}'",
                        v + 1
                    ))
                })
            })
            .collect::<Result<Vec<Extended>, _>>()?;
        let number = |what: String, text: &str| {
            text.parse::<Rational>()
                .map_err(|_| malformed(format!("{what} is '{text}', not a rational")))
        };
        let order = ids("order", "vertex", &self.order, n)?
            .map(|v| v as u32)
            .collect();
        if !self.removed.is_empty() {
            return Err(malformed(
                "a file of raises removes no edges: 'removed' must be empty".into(),
            ));
        }
        let mut raises = vec![Rational::ZERO; m];
        let mut rays = vec![Rational::ZERO; m];
        let mut seen = vec![false; m];
        let edges: Vec<usize> = self.raises.iter().map(|entry| entry.edge).collect();
        for (e, entry) in ids("raises", "edge", &edges, m)?.zip(&self.raises) {
            if std::mem::replace(&mut seen[e], true) {
                return Err(malformed(format!("edge {} is raised twice", e + 1)));
            }
            raises[e] = number(format!("the raise of edge {}", e + 1), &entry.raise)?;
            if let Some(ray) = &entry.ray {
                rays[e] = number(format!("the ray of edge {}", e + 1), ray)?;
            }
        }
        let mut duals = vec![None; n];
        let vertices: Vec<usize> = self.duals.iter().map(|entry| entry.vertex).collect();
        for (v, entry) in ids("duals", "vertex", &vertices, n)?.zip(&self.duals) {
            let edges: Vec<usize> = entry.weights.iter().map(|&(e, _)| e).collect();
            let weights = ids("dual weights", "edge", &edges, m)?
                .zip(&entry.weights)
                .map(|(e, (_, l))| {
                    Ok((
                        e as u32,
                        number(format!("a weight of vertex {}", v + 1), l)?,
                    ))
                })
                .collect::<Result<_, SolutionFileError>>()?;
            let rows = (entry.rows.iter())
                .map(|mu| number(format!("a row multiplier of vertex {}", v + 1), mu))
                .collect::<Result<_, _>>()?;
            if duals[v].replace(Dual { weights, rows }).is_some() {
                return Err(malformed(format!("vertex {} has two duals", v + 1)));
            }
        }
        let path = ids("path", "edge", &self.path, m)?.collect();
        Ok(PartialSolution {
            values,
            order,
            raises,
            rays,
            duals,
            next: vec![None; n],
            path,
        })
    }

    /// Checks the file against `network` under `budget`: the certificate judges the solution.
    pub fn verify(&self, network: &Network, budget: &Budget) -> Result<(), SolutionFileError> {
        if let Budget::Polyhedral(polytopes) = budget {
            return self.verify_partial(network, polytopes);
        }
        if let Some(value) = &self.source_value {
            if self.header(network)? != Operator::Max {
                return Err(malformed(
                    "the source's value alone is for bottleneck paths: the operator must be max"
                        .into(),
                ));
            }
            let value = parse_value(value).ok_or_else(|| {
                malformed(format!(
                    "the source's value is '{value}', not a whole number below 2^64 - 1 or '{INF}'"
                ))
            })?;
            let removed = self.removed_edges(network.num_edges())?;
            let path: Vec<usize> = ids("path", "edge", &self.path, network.num_edges())?.collect();
            certificate::check_source_value(network, budget, value, &removed, &path)?;
            return Ok(());
        }
        let (operator, solution) = self.solution(network)?;
        certificate::check(network, budget, operator, &solution)?;
        Ok(())
    }

    /// Checks a partial-interdiction file against `network` under `budget`.
    pub fn verify_partial(
        &self,
        network: &Network,
        budget: &Polyhedral,
    ) -> Result<(), SolutionFileError> {
        let solution = self.partial_solution(network)?;
        partial_certificate::check(network, budget, &solution)?;
        Ok(())
    }
}

/// A value as the file writes it.
fn show(x: u64) -> String {
    if x == INFINITY {
        INF.to_string()
    } else {
        x.to_string()
    }
}

/// A value as the file writes it: decimal digits below the ∞ marker, or `inf`.
fn parse_value(text: &str) -> Option<u64> {
    if text == INF {
        return Some(INFINITY);
    }
    let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    text.parse().ok().filter(|&x| digits && x != INFINITY)
}

/// The numbers of `list` from 0, each checked to be from 1 to `count`.
fn ids<'a>(
    list_name: &str,
    what: &str,
    list: &'a [usize],
    count: usize,
) -> Result<impl Iterator<Item = usize> + 'a, SolutionFileError> {
    if let Some(&bad) = list.iter().find(|&&x| x == 0 || x > count) {
        return Err(malformed(format!(
            "in the {list_name}, {what} {bad} is not one of the network's, 1 to {count}"
        )));
    }
    Ok(list.iter().map(|&x| x - 1))
}

#[cfg(test)]
mod tests {
    use super::SolutionFile;
    use crate::budget_file::instance;
    use crate::gpi;
    use crate::network::Network;
    use crate::operator::Operator;

    /// A change to a file.
    type Change = fn(&mut SolutionFile);

    /// From 1: straight to 3 (10), or through 2 (1 + 1); vertex 4 cannot reach 3.
    fn file() -> (Network, crate::budget::Budget, SolutionFile) {
        let (network, budget) = instance(
            "p sp 4 4\na 1 3 10\na 1 2 1\na 2 3 1\na 3 4 1\n",
            "s 1\nt 3\nk 1 1\n",
        )
        .unwrap();
        let solution = gpi::solve(&network, &budget, Operator::Sum).unwrap();
        let file = SolutionFile::new(&network, Operator::Sum, &solution);
        (network, budget, file)
    }

    #[test]
    fn the_file_reads_back_and_verifies() {
        let (network, budget, file) = file();
        assert_eq!(file.values, ["10", "1", "0", "inf"]);
        assert_eq!(
            (file.order.as_slice(), file.removed.as_slice()),
            (&[3, 2, 1][..], &[2][..])
        );
        assert_eq!(file.path, [1]);
        let again = SolutionFile::read(&file.to_text().unwrap()).unwrap();
        assert_eq!(again, file);
        again.verify(&network, &budget).unwrap();
    }

    #[test]
    fn partial_files_read_back_verify_and_refuse_lies() {
        let (network, budget) = instance(
            "p sp 4 4\na 1 3 4\na 1 2 1\na 2 3 1\na 4 3 1\n",
            "s 1\nt 3\nr 1 1:1 2:1 <= 3\nr 4 1:0 <= 0\n",
        )
        .unwrap();
        let crate::budget::Budget::Polyhedral(polytopes) = &budget else {
            panic!("a file of raises")
        };
        let solution = crate::partial::solve(&network, polytopes, Operator::Sum).unwrap();
        let file = SolutionFile::new_partial(&network, &solution);
        assert_eq!(file.values, ["9/2", "1", "0", "inf"]);
        let text = file.to_text().unwrap();
        assert!(text.contains("\"ray\": \"1\""), "{text}");
        let again = SolutionFile::read(&text).unwrap();
        assert_eq!(again, file);
        again.verify(&network, &budget).unwrap();
        let refusal = |change: Change| {
            let mut wrong = file.clone();
            change(&mut wrong);
            wrong.verify(&network, &budget).unwrap_err().to_string()
        };
        let cases: [(Change, &str); 7] = [
            (|f| f.values[0] = "5".into(), "the certificate refuses it"),
            (
                |f| f.values[0] = "x".into(),
                "the value of vertex 1 is 'x', not a rational or 'inf'",
            ),
            (
                |f| f.raises[0].raise = "1/0".into(),
                "the raise of edge 1 is '1/0', not a rational",
            ),
            (|f| f.raises[2].ray = None, "the certificate refuses it"),
            (
                |f| f.raises.push(f.raises[0].clone()),
                "edge 1 is raised twice",
            ),
            (
                |f| f.duals.push(f.duals[0].clone()),
                "vertex 1 has two duals",
            ),
            (
                |f| f.operator = "max".into(),
                "for the sum operator only, not 'max'",
            ),
        ];
        for (change, message) in cases {
            assert!(refusal(change).contains(message), "{}", refusal(change));
        }
    }

    #[test]
    fn malformed_files_are_refused_with_what_is_wrong() {
        let (network, budget, file) = file();
        let refusal = |change: Change| {
            let mut wrong = file.clone();
            change(&mut wrong);
            wrong.verify(&network, &budget).unwrap_err().to_string()
        };
        let cases: [(Change, &str); 12] = [
            (
                |f| f.family = "positional".into(),
                "the family is 'positional', not 'interdiction'",
            ),
            (
                |f| f.operator = "min".into(),
                "unknown operator 'min': expected sum, max, product",
            ),
            (
                |f| f.vertices = 5,
                "the file is for 5 vertices and 4 edges with 4 values; the network has 4 vertices and 4 edges",
            ),
            (
                |f| f.edges = 3,
                "the file is for 4 vertices and 3 edges with 4 values",
            ),
            (
                |f| {
                    f.values.pop();
                },
                "with 3 values",
            ),
            (
                |f| f.values[1] = "-1".into(),
                "the value of vertex 2 is '-1', not a whole number below 2^64 - 1 or 'inf'",
            ),
            (
                |f| f.values[1] = "+1".into(),
                "the value of vertex 2 is '+1'",
            ),
            (
                |f| f.values[1] = "18446744073709551615".into(),
                "the value of vertex 2 is '18446744073709551615'",
            ),
            (
                |f| f.order.push(5),
                "in the order, vertex 5 is not one of the network's, 1 to 4",
            ),
            (
                |f| f.removed.push(0),
                "in the removed edges, edge 0 is not one of the network's, 1 to 4",
            ),
            (|f| f.removed.push(2), "edge 2 is removed twice"),
            (|f| f.path.push(5), "in the path, edge 5 is not"),
        ];
        for (change, message) in cases {
            assert!(refusal(change).contains(message), "{}", refusal(change));
        }
        // Well formed but wrong: the certificate says so.
        let lie = refusal(|f| f.values[0] = "2".into());
        assert!(lie.starts_with("the certificate refuses it"), "{lie}");
        // A file of removals is not a file of raises.
        let raises = crate::budget::Budget::polyhedral(&network, vec![vec![]; 4]).unwrap();
        let partial = file.verify(&network, &raises).unwrap_err().to_string();
        assert!(partial.contains("'removed' must be empty"), "{partial}");
        let json = SolutionFile::read("{\"family\": \"interdiction\"}").unwrap_err();
        assert!(
            json.to_string().contains("missing field `operator`"),
            "{json}"
        );
        let negative = SolutionFile::read(
            &file
                .to_text()
                .unwrap()
                .replace("\"order\": [\n    3", "\"order\": [\n    -3"),
        );
        assert!(negative.is_err());
    }
}
