//! The shortest-path format of the 9th DIMACS Implementation Challenge, `.gr`, as its road
//! networks are given: comment lines `c …`, one problem line `p sp N M` before any arc, then
//! `M` arc lines `a U V W` from vertex U to vertex V of weight W, vertices numbered from 1 to N,
//! weights whole numbers from 0 to [`MAX_WEIGHT`]. Fields are separated by spaces or tabs; blank
//! lines and a carriage return before each newline are allowed.
//!
//! ```text
//! c 0 -> 1 -> 2 and 0 -> 2, as vertices 1, 2, 3
//! p sp 3 3
//! a 1 2 4
//! a 2 3 1
//! a 1 3 9
//! ```
//!
//! Vertices are numbered from 0 inside the crate, so arc `a U V W` is `(U - 1, V - 1, W)`.
//! [`Network::new`] keeps the order of the arcs leaving each vertex; its edge ids are the arcs'
//! positions once grouped by tail (stably), which is the order [`write_gr`] writes them in.
//!
//! ```
//! use kalmar_interdiction::dimacs::{read_gr, to_gr_string};
//! let gr = read_gr("c a triangle\np sp 3 3\na 1 2 4\na 2 3 1\na 1 3 9\n").unwrap();
//! assert_eq!(gr.vertices, 3);
//! assert_eq!(gr.arcs, [(0, 1, 4), (1, 2, 1), (0, 2, 9)]);
//! let network = gr.network(0, 2).unwrap();
//! assert_eq!(to_gr_string(&network), "p sp 3 3\na 1 2 4\na 1 3 9\na 2 3 1\n");
//! // Errors give the line and column, what was found and what was expected.
//! let error = read_gr("p sp 3 1\na 1 4 7\n").unwrap_err();
//! assert_eq!(error.to_string(), "<input>:2:5: found '4', expected a vertex from 1 to 3");
//! ```
//!
//! # Complexity
//! O(size of the text) to read, bytes scanned once with no allocation per line; the arcs are
//! reserved from the problem line's M, at most 2^22 of them up front, so a header that promises
//! more than the file holds costs nothing. O(n + m) to write.

use crate::network::{MAX_SIZE, MAX_WEIGHT, Network, NetworkError};
use kalmar_core::{ParseError, Span};
use std::fmt;

/// The most arcs reserved before they are read (96 MiB of them): beyond that the vector grows
/// by doubling as the arcs come, a few copies in all.
const MAX_RESERVE: usize = 1 << 22;

/// A `.gr` file as read: the number of vertices and the arcs (from, to, weight) in the file's
/// order, vertices from 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gr {
    /// N, the number of vertices.
    pub vertices: usize,
    /// The arcs, from 0.
    pub arcs: Vec<(usize, usize, u64)>,
}

impl Gr {
    /// The network of these arcs with `source` and `sink` (from 0).
    pub fn network(&self, source: usize, sink: usize) -> Result<Network, NetworkError> {
        Network::new(self.vertices, &self.arcs, source, sink)
    }
}

/// Reads a `.gr` file. Errors name the line and column of the first problem.
pub fn read_gr(text: &str) -> Result<Gr, ParseError> {
    // (N, M, the problem line's number)
    let mut header: Option<(u64, usize, u32)> = None;
    let mut arcs = Vec::new();
    let mut end = Span { line: 1, column: 1 };
    for mut fields in lines(text) {
        end = fields.end_span();
        let Some((at, kind)) = fields.next() else {
            continue;
        };
        match kind {
            b"c" => {}
            b"p" => {
                if let Some((_, _, line)) = header {
                    return Err(fields.error(
                        at,
                        "a second problem line",
                        format!("one problem line (line {line} is one)"),
                    ));
                }
                fields.word(b"sp", "the problem type 'sp'")?;
                let top = MAX_SIZE as u64 - 1;
                let n =
                    fields.integer(1, top, || format!("a number of vertices from 1 to {top}"))?;
                let m = fields.integer(0, top, || format!("a number of arcs from 0 to {top}"))?;
                fields.finish()?;
                // Both fit: they are below 2^32 - 1.
                let m = m as usize;
                arcs.reserve(m.min(MAX_RESERVE));
                header = Some((n, m, fields.line_number()));
            }
            b"a" => {
                let Some((n, m, _)) = header else {
                    return Err(fields.error(
                        at,
                        "an arc before the problem line",
                        "the problem line 'p sp N M' first",
                    ));
                };
                if arcs.len() == m {
                    return Err(fields.error(
                        at,
                        format!("arc {}", m + 1),
                        format!("{m} arcs, as the problem line says"),
                    ));
                }
                let from = fields.integer(1, n, || format!("a vertex from 1 to {n}"))?;
                let to = fields.integer(1, n, || format!("a vertex from 1 to {n}"))?;
                let weight =
                    fields.integer(0, MAX_WEIGHT, || format!("a weight from 0 to {MAX_WEIGHT}"))?;
                fields.finish()?;
                arcs.push((from as usize - 1, to as usize - 1, weight));
            }
            _ => {
                return Err(fields.error(at, quote(kind), "a line of type c, p or a"));
            }
        }
    }
    match header {
        None => Err(ParseError::new(
            end,
            "end of input",
            "the problem line 'p sp N M'",
        )),
        Some((_, m, _)) if arcs.len() < m => Err(ParseError::new(
            end,
            format!("end of input after {} arcs", arcs.len()),
            format!("{m} arcs, as the problem line says"),
        )),
        Some((n, _, _)) => Ok(Gr {
            vertices: n as usize,
            arcs,
        }),
    }
}

/// Writes `network` as a `.gr` file: the problem line, then one arc per edge in id order.
pub fn write_gr(network: &Network, out: &mut impl fmt::Write) -> fmt::Result {
    writeln!(
        out,
        "p sp {} {}",
        network.num_vertices(),
        network.num_edges()
    )?;
    for (from, to, weight) in network.edges() {
        writeln!(out, "a {} {} {weight}", from + 1, to + 1)?;
    }
    Ok(())
}

/// The `.gr` text of `network` (see [`write_gr`]).
pub fn to_gr_string(network: &Network) -> String {
    let mut out = String::with_capacity(16 + 24 * network.num_edges());
    // Writing to a `String` cannot fail.
    let _ = write_gr(network, &mut out);
    out
}

/// The lines of `text`, numbered from 1, each split into fields on demand: the tokenizer the
/// crate's line-based formats share.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = Fields<'_>> {
    text.as_bytes()
        .split(|&b| b == b'\n')
        .enumerate()
        .map(|(k, line)| Fields {
            line,
            number: u32::try_from(k + 1).unwrap_or(u32::MAX),
            at: 0,
        })
}

/// One line's fields, read left to right.
#[derive(Clone)]
pub(crate) struct Fields<'a> {
    line: &'a [u8],
    number: u32,
    at: usize,
}

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r')
}

/// A field as an error names it.
pub(crate) fn quote(field: &[u8]) -> String {
    format!("'{}'", String::from_utf8_lossy(field))
}

impl<'a> Fields<'a> {
    /// The line's number, from 1.
    pub(crate) fn line_number(&self) -> u32 {
        self.number
    }

    /// The next field and the byte offset it starts at.
    pub(crate) fn next(&mut self) -> Option<(usize, &'a [u8])> {
        let line = self.line;
        while self.at < line.len() && is_blank(line[self.at]) {
            self.at += 1;
        }
        let start = self.at;
        while self.at < line.len() && !is_blank(line[self.at]) {
            self.at += 1;
        }
        (self.at > start).then(|| (start, &line[start..self.at]))
    }

    /// The line and column of byte `offset` (columns count characters).
    pub(crate) fn span(&self, offset: usize) -> Span {
        let chars = self.line[..offset.min(self.line.len())]
            .iter()
            .filter(|&&b| b & 0xC0 != 0x80)
            .count();
        Span {
            line: self.number,
            column: u32::try_from(chars + 1).unwrap_or(u32::MAX),
        }
    }

    /// Just past the line's last character (a carriage return before the newline aside).
    pub(crate) fn end_span(&self) -> Span {
        self.span(self.line.len() - usize::from(self.line.ends_with(b"\r")))
    }

    /// An error at byte `offset` of the line.
    pub(crate) fn error(
        &self,
        offset: usize,
        found: impl Into<String>,
        expected: impl Into<String>,
    ) -> ParseError {
        ParseError::new(self.span(offset), found, expected)
    }

    /// The next field, which must be there: `expected` names it otherwise.
    pub(crate) fn required(
        &mut self,
        expected: impl FnOnce() -> String,
    ) -> Result<(usize, &'a [u8]), ParseError> {
        self.next()
            .ok_or_else(|| ParseError::new(self.end_span(), "end of line", expected()))
    }

    /// The next field, which must be `word`.
    pub(crate) fn word(&mut self, word: &[u8], expected: &str) -> Result<(), ParseError> {
        match self.required(|| expected.into())? {
            (_, field) if field == word => Ok(()),
            (at, field) => Err(self.error(at, quote(field), expected)),
        }
    }

    /// The next field as a whole number from `low` to `high`; `expected` says what it is.
    pub(crate) fn integer(
        &mut self,
        low: u64,
        high: u64,
        expected: impl Fn() -> String,
    ) -> Result<u64, ParseError> {
        let (at, field) = self.required(&expected)?;
        match parse_integer(field) {
            Some(x) if (low..=high).contains(&x) => Ok(x),
            _ => Err(self.error(at, quote(field), expected())),
        }
    }

    /// Nothing more on the line.
    pub(crate) fn finish(&mut self) -> Result<(), ParseError> {
        match self.next() {
            None => Ok(()),
            Some((at, field)) => Err(self.error(at, quote(field), "the end of the line")),
        }
    }
}

/// Decimal digits as a number; None for anything else or past 2^64 - 1.
fn parse_integer(field: &[u8]) -> Option<u64> {
    field.iter().try_fold(0u64, |x, &b| {
        let digit = b.checked_sub(b'0').filter(|&d| d < 10)?;
        x.checked_mul(10)?.checked_add(u64::from(digit))
    })
}

#[cfg(test)]
mod tests {
    use super::{Gr, read_gr};
    use crate::network::MAX_WEIGHT;

    use crate::parse_errors::{at, parts};

    /// The error's line, column, found and expected.
    fn error(text: &str) -> (u32, u32, String, String) {
        parts(&read_gr(text).unwrap_err())
    }

    #[test]
    fn comments_blank_lines_tabs_and_carriage_returns_are_read() {
        let gr =
            read_gr("c start\r\n\r\n  p\tsp 2 2\r\nc between\na 1 2 0\na\t2  1 1099511627776\r\n")
                .unwrap();
        assert_eq!(
            gr,
            Gr {
                vertices: 2,
                arcs: vec![(0, 1, 0), (1, 0, MAX_WEIGHT)]
            }
        );
        assert_eq!(read_gr("p sp 1 0").unwrap().arcs, []);
    }

    #[test]
    fn every_error_names_its_line_and_column() {
        let top = "a number of vertices from 1 to 4294967294";
        let vertex = "a vertex from 1 to 3";
        let weight = "a weight from 0 to 1099511627776";
        let cases = [
            ("", at(1, 1, "end of input", "the problem line 'p sp N M'")),
            (
                "c only\n",
                at(2, 1, "end of input", "the problem line 'p sp N M'"),
            ),
            (
                "a 1 2 3\n",
                at(
                    1,
                    1,
                    "an arc before the problem line",
                    "the problem line 'p sp N M' first",
                ),
            ),
            (
                "p sp 3 0\np sp 3 0\n",
                at(
                    2,
                    1,
                    "a second problem line",
                    "one problem line (line 1 is one)",
                ),
            ),
            ("p max 3 0\n", at(1, 3, "'max'", "the problem type 'sp'")),
            ("p\n", at(1, 2, "end of line", "the problem type 'sp'")),
            ("p sp 0 0\n", at(1, 6, "'0'", top)),
            ("p sp 4294967295 0\n", at(1, 6, "'4294967295'", top)),
            ("p sp x 0\n", at(1, 6, "'x'", top)),
            (
                "p sp 3\n",
                at(1, 7, "end of line", "a number of arcs from 0 to 4294967294"),
            ),
            ("p sp 3 0 9\n", at(1, 10, "'9'", "the end of the line")),
            (
                "p sp 3 1\na 1 2 3\na 2 3 4\n",
                at(3, 1, "arc 2", "1 arcs, as the problem line says"),
            ),
            (
                "p sp 3 2\na 1 2 3\n",
                at(
                    3,
                    1,
                    "end of input after 1 arcs",
                    "2 arcs, as the problem line says",
                ),
            ),
            (
                "p sp 3 2\na 1 2 3",
                at(
                    2,
                    8,
                    "end of input after 1 arcs",
                    "2 arcs, as the problem line says",
                ),
            ),
            ("p sp 3 1\na 0 2 3\n", at(2, 3, "'0'", vertex)),
            ("p sp 3 1\na 1 4 3\n", at(2, 5, "'4'", vertex)),
            ("p sp 3 1\na 1 -2 3\n", at(2, 5, "'-2'", vertex)),
            ("p sp 3 1\na 1 2 -3\n", at(2, 7, "'-3'", weight)),
            ("p sp 3 1\na 1 2 1.5\n", at(2, 7, "'1.5'", weight)),
            (
                "p sp 3 1\na 1 2 1099511627777\n",
                at(2, 7, "'1099511627777'", weight),
            ),
            (
                "p sp 3 1\na 1 2 99999999999999999999\n",
                at(2, 7, "'99999999999999999999'", weight),
            ),
            ("p sp 3 1\na 1 2\n", at(2, 6, "end of line", weight)),
            ("p sp 3 1\na 1 2\r\n", at(2, 6, "end of line", weight)),
            (
                "p sp 3 1\na 1 2 3 4\n",
                at(2, 9, "'4'", "the end of the line"),
            ),
            (
                "p sp 3 1\nx 1 2 3\n",
                at(2, 1, "'x'", "a line of type c, p or a"),
            ),
            (
                "p sp 3 1\ncomment\n",
                at(2, 1, "'comment'", "a line of type c, p or a"),
            ),
            // Columns count characters, not bytes.
            (
                "p sp 3 1\n\u{a0}a 1 2\n",
                at(2, 1, "'\u{a0}a'", "a line of type c, p or a"),
            ),
            ("p sp 3 1\na 1 é\n", at(2, 5, "'é'", vertex)),
            ("p sp 3 1\na 1 2 é 1\n", at(2, 7, "'é'", weight)),
        ];
        for (text, expected) in cases {
            assert_eq!(error(text), expected, "{text:?}");
        }
    }

    #[test]
    fn a_header_promising_the_most_is_refused_at_the_end_of_a_short_file() {
        let e = read_gr("p sp 4294967294 4294967294\n").unwrap_err();
        assert_eq!(e.found(), "end of input after 0 arcs");
    }
}
