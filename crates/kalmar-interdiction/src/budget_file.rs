//! The budget file that goes with a `.gr` network: the source, the sink and what the interdictor
//! may remove at each vertex. Line-based like DIMACS, vertices numbered from 1 as in the `.gr`
//! file, fields separated by spaces or tabs, blank lines allowed:
//!
//! | line | meaning |
//! | --- | --- |
//! | `c …` | a comment |
//! | `s V` | the source is vertex V (required, once) |
//! | `t V` | the sink is vertex V (required, once) |
//! | `d K` | K removals at every vertex without a `k` line (at most once; 0 without it) |
//! | `k V K` | K removals at vertex V (at most one line per vertex) |
//! | `f V E1 E2 …` | removing V's out-edges numbered E1, E2, … is affordable |
//! | `r V E1:A1 E2:A2 … <= B` | a row A1·z1 + A2·z2 + … ≤ B of V's polytope of raises |
//!
//! Out-edges are numbered from 1 in the order of the vertex's arcs in the `.gr` file. A file
//! gives removals (`d` and `k` lines), affordable sets (`f` lines) or raise rows (`r` lines),
//! one kind only: k(v) removals as explicit sets would take every subset of at most k(v)
//! out-edges, exponentially many, and raises are another game (partial interdiction, rational
//! values), so a mixed file is refused at the first line of another kind. With `f` lines every
//! vertex may remove nothing (the empty set is always affordable, `f V` alone says so
//! explicitly), a vertex without `f` lines only that, and each vertex's sets must be closed
//! under taking subsets (checked by [`Budget::affordable`]; the error names the line of a set
//! whose subset is missing). An out-edge may appear once in a set; a set may be listed twice.
//!
//! With `r` lines the interdictor raises the weights of V's out-edges by z ≥ 0 within the rows
//! of V ([`crate::polyhedral`]): coefficients and bounds are rationals (`2`, `-1/3`, `0.5`),
//! bounds at least 0 (raising nothing is always allowed), each out-edge at most once in a row.
//! An out-edge that no row of its vertex names is never raised (a vertex without `r` lines
//! raises nothing); one named with coefficient 0 only (`E:0`) may be raised without bound. A
//! row without terms (`r V <= B`) says nothing and is dropped; `r S <= 0` alone marks a file
//! of raises in which nothing can be raised.
//!
//! ```text
//! c one removal everywhere, two at vertex 3, none at the sink
//! s 1
//! t 4
//! d 1
//! k 3 2
//! k 4 0
//! ```
//!
//! ```text
//! c vertex 1 may remove its first or its second out-edge, not both; the others nothing
//! s 1
//! t 4
//! f 1 1
//! f 1 2
//! ```
//!
//! ```text
//! c vertex 1 may raise its two out-edges by 3 in all, the first by at most 2
//! s 1
//! t 4
//! r 1 1:1 2:1 <= 3
//! r 1 1:1 <= 2
//! ```
//!
//! ```
//! use kalmar_interdiction::budget::Budget;
//! use kalmar_interdiction::budget_file::{instance, to_budget_string};
//! let gr = "p sp 3 3\na 1 3 10\na 1 2 1\na 2 3 1\n";
//! let (network, budget) = instance(gr, "c one removal at 1\ns 1\nt 3\nk 1 1\n").unwrap();
//! assert_eq!((network.source(), network.sink()), (0, 2));
//! assert_eq!(budget, Budget::Removals(vec![1, 0, 0]));
//! assert_eq!(to_budget_string(&network, &budget), "s 1\nt 3\nd 0\nk 1 1\n");
//! // Vertex 1 has two out-edges.
//! let error = instance(gr, "s 1\nt 3\nf 1 3\n").unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "the budget file:3:5: found '3', expected an out-edge number of vertex 1, from 1 to 2"
//! );
//! ```
//!
//! # Complexity
//! O(size of the text + n) to read, plus the check of the sets (see [`crate::budget`]);
//! [`instance`] builds the network twice when the source and sink are not both vertex 1, since
//! the budget is read against the network's edges and the network needs the file's terminals.
//! O(n + Σ sets) to write.

use crate::budget::{Budget, BudgetError};
use crate::dimacs::{Fields, lines, quote, read_gr};
use crate::network::{Network, NetworkError};
use crate::polyhedral::Row;
use kalmar_core::{ParseError, Rational, Span};
use std::collections::BTreeMap;
use std::fmt;

/// A budget file as read: the source, the sink (from 0) and the budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BudgetFile {
    /// The source s.
    pub source: usize,
    /// The sink t.
    pub sink: usize,
    /// What the interdictor may remove at each vertex.
    pub budget: Budget,
}

/// Why an instance cannot be read: which file, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InstanceError {
    /// The `.gr` file (its error is in the file "the .gr file").
    #[error(transparent)]
    Gr(ParseError),
    /// The budget file (its error is in the file "the budget file").
    #[error(transparent)]
    Budget(ParseError),
    /// The network cannot be built.
    #[error(transparent)]
    Network(#[from] NetworkError),
}

/// The network of the `.gr` text with the source and sink of the budget text, and the budget.
/// Errors keep their line and column; name the files with [`ParseError::in_file`].
pub fn instance(gr_text: &str, budget_text: &str) -> Result<(Network, Budget), InstanceError> {
    let gr = read_gr(gr_text).map_err(|e| InstanceError::Gr(e.in_file("the .gr file")))?;
    // The budget needs the edges, the network the terminals: first with both at vertex 0.
    let network = gr.network(0, 0)?;
    let file = read_budget(budget_text, &network)
        .map_err(|e| InstanceError::Budget(e.in_file("the budget file")))?;
    let network = if (file.source, file.sink) == (0, 0) {
        network
    } else {
        drop(network);
        gr.network(file.source, file.sink)?
    };
    Ok((network, file.budget))
}

/// The kinds of budget a file may give, in the order error messages name them.
const KINDS: [(&str, &str); 3] = [
    ("removals", "removals ('d' or 'k')"),
    ("affordable sets", "affordable sets ('f')"),
    ("raises", "raise rows ('r')"),
];

/// The kind of a budget line's key: an index into [`KINDS`].
fn kind_of(key: &[u8]) -> usize {
    match key {
        b"f" => 1,
        b"r" => 2,
        _ => 0,
    }
}

/// Reads a budget file for the vertices and edges of `network` (whose own source and sink are
/// not consulted: the file's are returned). Errors name the line and column.
pub fn read_budget(text: &str, network: &Network) -> Result<BudgetFile, ParseError> {
    let n = network.num_vertices();
    let mut terminals: [Option<(usize, u32)>; 2] = [None, None];
    // The kind of the file and the line that decided it.
    let mut kind: Option<(usize, u32)> = None;
    let mut default: Option<(u32, u32)> = None;
    // Per vertex, its removals and the line of its `k` line (0: none), once one is read.
    let mut removals: Vec<(u32, u32)> = Vec::new();
    // Per vertex, its affordable sets, once an `f` line is read.
    let mut families: Vec<Vec<Vec<u32>>> = Vec::new();
    // Per vertex, the rows of its polytope of raises, once an `r` line is read.
    let mut rows: Vec<Vec<Row>> = Vec::new();
    let mut end = Span { line: 1, column: 1 };
    for mut fields in lines(text) {
        end = fields.end_span();
        let Some((at, key)) = fields.next() else {
            continue;
        };
        let line = fields.line_number();
        match key {
            b"c" => continue,
            b"s" | b"t" => {
                let (slot, name) = if key == b"s" {
                    (0, "source")
                } else {
                    (1, "sink")
                };
                if let Some((_, first)) = terminals[slot] {
                    return Err(fields.error(
                        at,
                        format!("a second '{}' line", key[0] as char),
                        format!("one {name} (line {first} gives it)"),
                    ));
                }
                terminals[slot] = Some((vertex(&mut fields, n)?, line));
            }
            b"d" | b"k" | b"f" | b"r" => {
                let this = kind_of(key);
                match kind {
                    Some((first_kind, first)) if first_kind != this => {
                        return Err(mixed(&fields, at, (first_kind, first), this));
                    }
                    Some(_) => {}
                    None => kind = Some((this, line)),
                }
                match key {
                    b"d" => {
                        if let Some((_, first)) = default {
                            return Err(fields.error(
                                at,
                                "a second 'd' line",
                                format!("one default (line {first} gives it)"),
                            ));
                        }
                        default = Some((count(&mut fields)?, line));
                    }
                    b"k" => {
                        if removals.is_empty() {
                            removals = vec![(0, 0); n];
                        }
                        let at = fields.clone().next().map_or(0, |(at, _)| at);
                        let v = vertex(&mut fields, n)?;
                        if let (_, first @ 1..) = removals[v] {
                            return Err(fields.error(
                                at,
                                format!("vertex {} again", v + 1),
                                format!("one 'k' line per vertex (line {first} gives it)"),
                            ));
                        }
                        removals[v] = (count(&mut fields)?, line);
                    }
                    b"f" => {
                        if families.is_empty() {
                            families = vec![vec![Vec::new()]; n];
                        }
                        let (v, set) = affordable_set(&mut fields, network)?;
                        families[v].push(set);
                    }
                    _ => {
                        if rows.is_empty() {
                            rows = vec![Vec::new(); n];
                        }
                        let (v, row) = raise_row(&mut fields, network)?;
                        rows[v].push(row);
                    }
                }
            }
            _ => {
                return Err(fields.error(at, quote(key), "a line of type c, s, t, d, k, f or r"));
            }
        }
        fields.finish()?;
    }
    let [Some((source, _)), Some((sink, _))] = terminals else {
        let missing = if terminals[0].is_none() {
            "an 's' line giving the source"
        } else {
            "a 't' line giving the sink"
        };
        return Err(ParseError::new(end, "end of input", missing));
    };
    let budget = if let Some((1, _)) = kind {
        Budget::affordable(network, families).map_err(|e| budget_error(text, network, end, e))?
    } else if let Some((2, _)) = kind {
        Budget::polyhedral(network, rows).map_err(|e| budget_error(text, network, end, e))?
    } else {
        let d = default.map_or(0, |(d, _)| d);
        let k = if removals.is_empty() {
            vec![d; n]
        } else {
            removals
                .iter()
                .map(|&(k, line)| if line == 0 { d } else { k })
                .collect()
        };
        Budget::removals(network, k).map_err(|e| budget_error(text, network, end, e))?
    };
    Ok(BudgetFile {
        source,
        sink,
        budget,
    })
}

/// The next field as a vertex, from 0.
fn vertex(fields: &mut Fields<'_>, n: usize) -> Result<usize, ParseError> {
    let v = fields.integer(1, n as u64, || format!("a vertex from 1 to {n}"))?;
    Ok(v as usize - 1)
}

/// The next field as a number of removals.
fn count(fields: &mut Fields<'_>) -> Result<u32, ParseError> {
    let top = u32::MAX;
    let k = fields.integer(0, top.into(), || {
        format!("a number of removals from 0 to {top}")
    })?;
    Ok(k as u32)
}

/// The error of a line of kind `this` after line `first` of another kind.
fn mixed(fields: &Fields<'_>, at: usize, (kind, first): (usize, u32), this: usize) -> ParseError {
    let (one, other) = (kind.min(this), kind.max(this));
    fields.error(
        at,
        format!("{} and {} in one file", KINDS[one].0, KINDS[other].0),
        format!("only {}, as line {first} gives", KINDS[kind].1),
    )
}

/// The rest of an `r` line: the vertex and its row (out-edge numbers from 0).
fn raise_row(fields: &mut Fields<'_>, network: &Network) -> Result<(usize, Row), ParseError> {
    let v = vertex(fields, network.num_vertices())?;
    let degree = network.out_degree(v);
    let term = || {
        format!(
            "a term E:A (an out-edge number of vertex {}, from 1 to {degree}, a colon, a rational coefficient) or '<='",
            v + 1
        )
    };
    let mut terms: Vec<(u32, Rational)> = Vec::new();
    loop {
        let (at, field) = fields.required(term)?;
        if field == b"<=" {
            break;
        }
        let colon = field.iter().position(|&b| b == b':');
        let number = colon.map_or(field, |c| &field[..c]);
        let e = std::str::from_utf8(number)
            .ok()
            .filter(|digits| !digits.starts_with('+'))
            .and_then(|digits| digits.parse::<u32>().ok())
            .filter(|e| (1..=degree as u64).contains(&u64::from(*e)))
            .ok_or_else(|| fields.error(at, quote(field), term()))?
            - 1;
        let Some(colon) = colon else {
            return Err(fields.error(at, quote(field), term()));
        };
        let coefficient = rational(fields, at + colon + 1, &field[colon + 1..], || {
            "a coefficient after the colon: a rational such as 2, -1/3 or 0.5".into()
        })?;
        if terms.iter().any(|&(k, _)| k == e) {
            return Err(fields.error(
                at,
                format!("out-edge {} again", e + 1),
                "each out-edge once in a row",
            ));
        }
        terms.push((e, coefficient));
    }
    let bound_text = || "a bound of at least 0: a rational such as 3 or 5/2".to_string();
    let (at, field) = fields.required(bound_text)?;
    let bound = rational(fields, at, field, bound_text)?;
    if bound < Rational::ZERO {
        return Err(fields.error(
            at,
            quote(field),
            "a bound of at least 0, so that raising nothing is always allowed",
        ));
    }
    Ok((v, Row::new(terms, bound)))
}

/// `field`, which starts at byte `at`, as a rational.
fn rational(
    fields: &Fields<'_>,
    at: usize,
    field: &[u8],
    expected: impl Fn() -> String,
) -> Result<Rational, ParseError> {
    std::str::from_utf8(field)
        .ok()
        .and_then(|text| text.parse().ok())
        .ok_or_else(|| fields.error(at, quote(field), expected()))
}

/// The rest of an `f` line: the vertex and its set of out-edge numbers (from 0).
fn affordable_set(
    fields: &mut Fields<'_>,
    network: &Network,
) -> Result<(usize, Vec<u32>), ParseError> {
    let v = vertex(fields, network.num_vertices())?;
    let degree = network.out_degree(v);
    let mut set = Vec::new();
    while let Some((at, _)) = fields.clone().next() {
        let e = fields.integer(1, degree as u64, || {
            if degree == 0 {
                format!("the end of the line: vertex {} has no out-edges", v + 1)
            } else {
                format!("an out-edge number of vertex {}, from 1 to {degree}", v + 1)
            }
        })? as u32
            - 1;
        if set.contains(&e) {
            return Err(fields.error(
                at,
                format!("out-edge {} again", e + 1),
                "each out-edge once in a set",
            ));
        }
        set.push(e);
    }
    Ok((v, set))
}

/// A set of out-edges as the file numbers them.
fn show(set: &[u32]) -> String {
    let numbers: Vec<String> = set.iter().map(|e| (e + 1).to_string()).collect();
    format!("{{{}}}", numbers.join(", "))
}

/// The error of a family that is not closed under subsets, at the line of the set whose
/// subset is missing. Every other [`BudgetError`] is prevented while reading; were one to
/// come, it is reported at the end of the file.
fn budget_error(text: &str, network: &Network, end: Span, error: BudgetError) -> ParseError {
    let BudgetError::NotClosed(v, set, subset) = &error else {
        return ParseError::new(end, "a budget that does not fit", error.to_string());
    };
    // The line of that set: the `f` lines are valid by now, so they read again.
    let span = lines(text)
        .find_map(|mut fields| {
            let (at, key) = fields.next()?;
            let (u, mut listed) = affordable_set(&mut fields, network).ok()?;
            listed.sort_unstable();
            (key == b"f" && u == *v && listed == *set).then(|| fields.span(at))
        })
        .unwrap_or(end);
    ParseError::new(
        span,
        format!("the set {} of vertex {}", show(set), v + 1),
        format!(
            "its subset {} listed too: affordable sets are closed under subsets",
            show(subset)
        ),
    )
}

/// Writes the budget file of `budget` on `network`'s vertices, with its source and sink: the
/// most common number of removals as the default `d` and a `k` line for every other vertex, or
/// an `f` line for every non-empty affordable set (just `f S`, the source's empty set, when
/// there is none, so that the file still says it gives sets), or an `r` line for every row
/// (just `r S <= 0` when there is none).
pub fn write_budget(network: &Network, budget: &Budget, out: &mut impl fmt::Write) -> fmt::Result {
    writeln!(out, "s {}\nt {}", network.source() + 1, network.sink() + 1)?;
    match budget {
        Budget::Removals(k) => {
            let mut counts = BTreeMap::new();
            for &k in k {
                *counts.entry(k).or_insert(0usize) += 1;
            }
            let d = counts
                .iter()
                .max_by_key(|&(&k, &count)| (count, std::cmp::Reverse(k)))
                .map_or(0, |(&k, _)| k);
            writeln!(out, "d {d}")?;
            for (v, &k) in k.iter().enumerate().filter(|&(_, &k)| k != d) {
                writeln!(out, "k {} {k}", v + 1)?;
            }
        }
        Budget::Affordable(families) => {
            let mut any = false;
            for (v, family) in families.iter().enumerate() {
                for set in family.iter().filter(|set| !set.is_empty()) {
                    write!(out, "f {}", v + 1)?;
                    for e in set {
                        write!(out, " {}", e + 1)?;
                    }
                    out.write_char('\n')?;
                    any = true;
                }
            }
            if !any {
                writeln!(out, "f {}", network.source() + 1)?;
            }
        }
        Budget::Polyhedral(polytopes) => {
            let mut any = false;
            for v in 0..polytopes.num_vertices() {
                for row in polytopes.rows(v) {
                    write!(out, "r {}", v + 1)?;
                    for (e, a) in &row.terms {
                        write!(out, " {}:{a}", e + 1)?;
                    }
                    writeln!(out, " <= {}", row.bound)?;
                    any = true;
                }
            }
            if !any {
                writeln!(out, "r {} <= 0", network.source() + 1)?;
            }
        }
    }
    Ok(())
}

/// The budget file's text (see [`write_budget`]).
pub fn to_budget_string(network: &Network, budget: &Budget) -> String {
    let mut out = String::new();
    // Writing to a `String` cannot fail.
    let _ = write_budget(network, budget, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::{BudgetFile, InstanceError, instance, read_budget, to_budget_string};
    use crate::budget::Budget;
    use crate::network::Network;

    /// 1 -> 2, 1 -> 3, 2 -> 3, 1 -> 3 again, 3 -> 4 (from 1): vertex 1 has three out-edges.
    fn network() -> Network {
        let edges = [(0, 1, 1), (0, 2, 5), (1, 2, 1), (0, 2, 7), (2, 3, 2)];
        Network::new(4, &edges, 0, 3).unwrap()
    }

    fn read(text: &str) -> BudgetFile {
        read_budget(text, &network()).unwrap()
    }

    use crate::parse_errors::{at, parts};

    /// The error's line, column, found and expected.
    fn error(text: &str) -> (u32, u32, String, String) {
        parts(&read_budget(text, &network()).unwrap_err())
    }

    #[test]
    fn removals_default_and_per_vertex() {
        let file = read("c a comment\n\nt 4\r\nk 2 3\ns\t2\nd 1\nk 4 0\n");
        assert_eq!((file.source, file.sink), (1, 3));
        assert_eq!(file.budget, Budget::Removals(vec![1, 3, 1, 0]));
        assert_eq!(read("s 1\nt 4\n").budget, Budget::Removals(vec![0; 4]));
        assert_eq!(read("s 1\nt 1\nd 7\n").budget, Budget::Removals(vec![7; 4]));
    }

    #[test]
    fn affordable_sets_include_the_empty_set() {
        let file = read("s 1\nt 4\nf 1 3 1\nf 1 1\nf 1 3\nf 1 1\nf 3\n");
        let expected = vec![
            vec![vec![], vec![0], vec![0, 2], vec![2]],
            vec![vec![]],
            vec![vec![]],
            vec![vec![]],
        ];
        assert_eq!(file.budget, Budget::Affordable(expected));
    }

    #[test]
    fn raise_rows_read_and_write_back() {
        use crate::polyhedral::Row;
        use kalmar_core::Rational;
        let network = network();
        let file =
            read("s 1\nt 4\nr 1 3:-1/2 1:1.5 <= 5/2\nr 1 2:0 <= 0\nr 3\t<= 7\nr 2 1:2 <= 0\n");
        let q = Rational::new;
        let expected = Budget::polyhedral(
            &network,
            vec![
                vec![
                    Row::new(vec![(2, q(-1, 2)), (0, q(3, 2))], q(5, 2)),
                    Row::new(vec![(1, q(0, 1))], q(0, 1)),
                ],
                vec![Row::new(vec![(0, q(2, 1))], q(0, 1))],
                vec![],
                vec![],
            ],
        )
        .unwrap();
        assert_eq!(file.budget, expected);
        let text = to_budget_string(&network, &expected);
        assert_eq!(
            text,
            "s 1\nt 4\nr 1 3:-1/2 1:3/2 <= 5/2\nr 1 2:0 <= 0\nr 2 1:2 <= 0\n"
        );
        assert_eq!(read(&text).budget, expected);
        // No rows at all: the file still says it gives raises.
        let none = Budget::polyhedral(&network, vec![vec![]; 4]).unwrap();
        let text = to_budget_string(&network, &none);
        assert_eq!(text, "s 1\nt 4\nr 1 <= 0\n");
        assert_eq!(read(&text).budget, none);
        let term = "a term E:A (an out-edge number of vertex 1, from 1 to 3, a colon, a rational coefficient) or '<='";
        let bound = "a bound of at least 0: a rational such as 3 or 5/2";
        let coefficient = "a coefficient after the colon: a rational such as 2, -1/3 or 0.5";
        let cases = [
            ("r 1 1:1\n", at(1, 8, "end of line", term)),
            ("r 1 4:1 <= 1\n", at(1, 5, "'4:1'", term)),
            ("r 1 0:1 <= 1\n", at(1, 5, "'0:1'", term)),
            ("r 1 +1:1 <= 1\n", at(1, 5, "'+1:1'", term)),
            ("r 1 1 <= 1\n", at(1, 5, "'1'", term)),
            ("r 1 1:x <= 1\n", at(1, 7, "'x'", coefficient)),
            ("r 1 1:1/0 <= 1\n", at(1, 7, "'1/0'", coefficient)),
            (
                "r 1 1:1 2:1 1:2 <= 1\n",
                at(1, 13, "out-edge 1 again", "each out-edge once in a row"),
            ),
            ("r 1 1:1 <=\n", at(1, 11, "end of line", bound)),
            ("r 1 1:1 <= y\n", at(1, 12, "'y'", bound)),
            (
                "r 1 1:1 <= -1\n",
                at(
                    1,
                    12,
                    "'-1'",
                    "a bound of at least 0, so that raising nothing is always allowed",
                ),
            ),
            ("r 1 1:1 <= 1 2\n", at(1, 14, "'2'", "the end of the line")),
            ("r 5 <= 1\n", at(1, 3, "'5'", "a vertex from 1 to 4")),
            (
                "f 1 1\nr 1 1:1 <= 1\n",
                at(
                    2,
                    1,
                    "affordable sets and raises in one file",
                    "only affordable sets ('f'), as line 1 gives",
                ),
            ),
            (
                "r 1 1:1 <= 1\nd 1\n",
                at(
                    2,
                    1,
                    "removals and raises in one file",
                    "only raise rows ('r'), as line 1 gives",
                ),
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(error(text), expected, "{text:?}");
        }
    }

    #[test]
    fn written_budgets_read_back() {
        let network = network();
        let budgets = [
            Budget::Removals(vec![2, 2, 0, 5]),
            Budget::Removals(vec![0; 4]),
            // Vertex 1 may remove its second out-edge, or its first and third.
            Budget::affordable(
                &network,
                vec![
                    vec![vec![], vec![1], vec![0], vec![2], vec![0, 2]],
                    vec![vec![]],
                    vec![vec![]],
                    vec![vec![]],
                ],
            )
            .unwrap(),
            Budget::Affordable(vec![vec![vec![]]; 4]),
        ];
        for budget in budgets {
            let text = to_budget_string(&network, &budget);
            let file = read_budget(&text, &network).unwrap();
            assert_eq!(
                (file.source, file.sink, file.budget),
                (0, 3, budget),
                "{text}"
            );
        }
        assert_eq!(
            to_budget_string(&network, &Budget::Removals(vec![2, 2, 0, 5])),
            "s 1\nt 4\nd 2\nk 3 0\nk 4 5\n"
        );
        assert_eq!(
            to_budget_string(&network, &Budget::Affordable(vec![vec![vec![]]; 4])),
            "s 1\nt 4\nf 1\n"
        );
    }

    #[test]
    fn every_error_names_its_line_and_column() {
        let vertex = "a vertex from 1 to 4";
        let count = "a number of removals from 0 to 4294967295";
        let closed = "its subset {1} listed too: affordable sets are closed under subsets";
        let cases = [
            (
                "t 4\n",
                at(2, 1, "end of input", "an 's' line giving the source"),
            ),
            (
                "s 1\nt 4\ns 2\n",
                at(3, 1, "a second 's' line", "one source (line 1 gives it)"),
            ),
            (
                "s 1\n",
                at(2, 1, "end of input", "a 't' line giving the sink"),
            ),
            (
                "s 1\nt 4\nt 4\n",
                at(3, 1, "a second 't' line", "one sink (line 2 gives it)"),
            ),
            ("s 0\n", at(1, 3, "'0'", vertex)),
            ("s 5\n", at(1, 3, "'5'", vertex)),
            ("s\n", at(1, 2, "end of line", vertex)),
            ("s 1 2\n", at(1, 5, "'2'", "the end of the line")),
            (
                "x 1\n",
                at(1, 1, "'x'", "a line of type c, s, t, d, k, f or r"),
            ),
            (
                "d 1\nd 2\n",
                at(2, 1, "a second 'd' line", "one default (line 1 gives it)"),
            ),
            ("d -1\n", at(1, 3, "'-1'", count)),
            ("d 4294967296\n", at(1, 3, "'4294967296'", count)),
            (
                "k 2 1\nk  2 1\n",
                at(
                    2,
                    4,
                    "vertex 2 again",
                    "one 'k' line per vertex (line 1 gives it)",
                ),
            ),
            ("k 5 1\n", at(1, 3, "'5'", vertex)),
            ("k 2\n", at(1, 4, "end of line", count)),
            ("k 2 x\n", at(1, 5, "'x'", count)),
            (
                "f 1 1\nk 2 1\n",
                at(
                    2,
                    1,
                    "removals and affordable sets in one file",
                    "only affordable sets ('f'), as line 1 gives",
                ),
            ),
            (
                "f 1 1\nd 1\n",
                at(
                    2,
                    1,
                    "removals and affordable sets in one file",
                    "only affordable sets ('f'), as line 1 gives",
                ),
            ),
            (
                "c\nd 1\n f 1 1\n",
                at(
                    3,
                    2,
                    "removals and affordable sets in one file",
                    "only removals ('d' or 'k'), as line 2 gives",
                ),
            ),
            (
                "f 1 4\n",
                at(1, 5, "'4'", "an out-edge number of vertex 1, from 1 to 3"),
            ),
            (
                "f 1 0\n",
                at(1, 5, "'0'", "an out-edge number of vertex 1, from 1 to 3"),
            ),
            (
                "f 4 1\n",
                at(
                    1,
                    5,
                    "'1'",
                    "the end of the line: vertex 4 has no out-edges",
                ),
            ),
            (
                "f 1 2 3 2\n",
                at(1, 9, "out-edge 2 again", "each out-edge once in a set"),
            ),
            (
                "s 1\nt 4\nf 1 1\nf 1 1 3\n",
                at(
                    4,
                    1,
                    "the set {1, 3} of vertex 1",
                    "its subset {3} listed too: affordable sets are closed under subsets",
                ),
            ),
            (
                "s 1\nt 4\nf 1 3\n\nf 1 2\t3\n",
                at(
                    5,
                    1,
                    "the set {2, 3} of vertex 1",
                    "its subset {2} listed too: affordable sets are closed under subsets",
                ),
            ),
            (
                "s 1\nt 4\nf 1 2\n  f 1 2 1\n",
                at(4, 3, "the set {1, 2} of vertex 1", closed),
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(error(text), expected, "{text:?}");
        }
    }

    #[test]
    fn instance_reads_both_files_and_says_which_is_wrong() {
        let gr = "p sp 3 2\na 1 2 4\na 2 3 1\n";
        let (network, budget) = instance(gr, "s 1\nt 3\nd 1\n").unwrap();
        assert_eq!(
            network,
            Network::new(3, &[(0, 1, 4), (1, 2, 1)], 0, 2).unwrap()
        );
        assert_eq!(budget, Budget::Removals(vec![1; 3]));
        // Both terminals at vertex 1: the first network is kept.
        let (network, _) = instance(gr, "s 1\nt 1\n").unwrap();
        assert_eq!((network.source(), network.sink()), (0, 0));
        let Err(InstanceError::Gr(e)) = instance("p sp 3 2\na 1 2 4\n", "s 1\nt 3\n") else {
            panic!("the .gr file is short of an arc");
        };
        assert_eq!(
            e.to_string(),
            "the .gr file:3:1: found end of input after 1 arcs, expected 2 arcs, as the problem line says"
        );
        let Err(InstanceError::Budget(e)) = instance(gr, "s 1\nt 4\n") else {
            panic!("the budget names vertex 4 of 3");
        };
        assert_eq!(
            e.to_string(),
            "the budget file:2:3: found '4', expected a vertex from 1 to 3"
        );
        assert_eq!(e.in_file("net.budget").span().line, 2);
    }
}
