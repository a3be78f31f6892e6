//! kalmar's game-graph file format `.gg` and the type every graph format reads into.
//!
//! A [`GameGraph`] is the [`Arena`] and every label a family may use (payoffs, rewards,
//! priorities, a discount factor, observations); each family's game type takes what it needs
//! from it. The other graph formats live with their families (PGSolver's `.pg` and SYNTCOMP's
//! extended HOA in `kalmar-parity`, Alpaga's `.gii` in `kalmar-observation`, PRISM-games models
//! in `kalmar-stochastic`) and read into the same type.
//!
//! - [`gg`]: kalmar's line-oriented format, covering every game on a graph, exact and round-trip
//!   safe: `read_gg(&write_gg(g)) == g` for every graph that passes [`GameGraph::validate`];
//! - [`read_text_file`] and [`check_size`]: the size guard every reader shares.
//!
//! Readers work on text and report problems as a [`ParseError`] with line and column. The grammar
//! of `.gg`, with examples, is in `docs/formats.md`. A [`GameGraph`] also serialises to JSON with
//! serde; rationals are integers or `"p/q"` strings there.
//!
//! ```
//! use kalmar_core::format::{read_gg, write_gg};
//! let text = "kalmar-gg 1\na max -> t u\nt terminal payoff=1\nu terminal payoff=-1/2\n";
//! let game = read_gg(text).unwrap();
//! assert_eq!(game.arena.num_vertices(), 3);
//! let mut out = String::new();
//! write_gg(&game, &mut out).unwrap();
//! assert_eq!(read_gg(&out).unwrap(), game);
//! ```

pub mod gg;

pub use gg::{read_gg, to_gg_string, write_gg};

use crate::{Arena, Owner, ParseError, Rational, Span, Vertex};
use serde::{Deserialize, Serialize};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The largest input the readers accept, in bytes (2 GiB). Larger files are refused before they
/// are read, and larger strings before they are parsed.
pub const MAX_INPUT_BYTES: u64 = 2 << 30;

/// A game graph as read from a file: the arena and every label any family may use.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameGraph {
    /// The graph: vertices, owners, moves, chance probabilities, names and the start vertex.
    /// Shared, so that a family's game made from the graph can hold the same arena instead
    /// of a copy (see `kalmar_parity::ParityGame::from_graph`).
    pub arena: Arc<Arena>,
    /// Per vertex: the payoff vector of a terminal (one entry for a two-player zero-sum game: the
    /// payoff to player 0 = Max; one per player for n-player games); empty for non-terminals.
    pub payoff: Vec<Vec<Rational>>,
    /// Per vertex reward (for mean-payoff/discounted games); None when the file has no rewards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reward: Option<Vec<Rational>>,
    /// Per vertex priority (parity games); None when the file has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority: Option<Vec<u32>>,
    /// Discount factor, if the file gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discount: Option<Rational>,
    /// Per vertex, the observation of a player with imperfect information (the `obs=` key of
    /// `.gg`), `None` where the vertex is observed by its own name; `None` when no vertex has
    /// one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observation: Option<Vec<Option<String>>>,
    /// The utilities of infinite play, one per player (the `cycle` directive of `.gg`): in
    /// n-player positional games every infinite play is one outcome, `c`, that each player may
    /// rank anywhere. None when the file gives none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cycle: Option<Vec<Rational>>,
}

/// Why the labels of a [`GameGraph`] do not fit its arena (see [`GameGraph::validate`]).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LabelError {
    /// A per-vertex label has the wrong length.
    #[error("{label} has {found} entries for {vertices} vertices")]
    Length {
        /// Which label: `payoff`, `reward`, `priority` or `observation`.
        label: &'static str,
        /// Its length.
        found: usize,
        /// The number of vertices.
        vertices: usize,
    },
    /// A game without vertices carries rewards or priorities (text formats cannot tell an empty
    /// list from none, so the empty game has none).
    #[error("a game without vertices has no {0}")]
    EmptyLabel(&'static str),
    /// A vertex that is not a terminal has a payoff.
    #[error("vertex {0} has a payoff but is not a terminal")]
    PayoffAtNonTerminal(Vertex),
    /// Terminals have payoff vectors of different lengths.
    #[error("terminal {vertex} has {found} payoffs, other terminals have {expected}")]
    PayoffSize {
        /// The terminal.
        vertex: Vertex,
        /// Its number of payoffs.
        found: usize,
        /// The number of payoffs of the first terminal that has any.
        expected: usize,
    },
    /// The observations are given but no vertex has one (text formats cannot tell that from
    /// none).
    #[error("observations are given but no vertex has one")]
    NoObservation,
    /// The utilities of infinite play (`cycle`) are not one per entry of the terminals' payoff
    /// vectors.
    #[error("infinite play pays {found} utilities, but the terminals pay {expected}")]
    CycleSize {
        /// How many the `cycle` directive gives.
        found: usize,
        /// How many each terminal's payoff has.
        expected: usize,
    },
    /// The discount factor is not strictly between 0 and 1.
    #[error("discount factor {0} is not strictly between 0 and 1")]
    Discount(Rational),
}

impl GameGraph {
    /// A game graph with this arena and no labels: empty payoffs, no rewards, priorities or
    /// discount factor.
    pub fn new(arena: Arena) -> Self {
        let n = arena.num_vertices();
        GameGraph {
            arena: Arc::new(arena),
            payoff: vec![Vec::new(); n],
            reward: None,
            priority: None,
            discount: None,
            observation: None,
            cycle: None,
        }
    }

    /// Checks that the labels fit the arena: one payoff vector per vertex, empty at
    /// non-terminals and of one common length at the terminals that have one; rewards and
    /// priorities absent or one per vertex (and absent when there are no vertices); a discount
    /// factor strictly between 0 and 1; observations absent or one per vertex, at least one of
    /// them given. Every graph the readers return passes, and every graph
    /// that passes is written by [`write_gg`] so that [`read_gg`] gives it back unchanged.
    pub fn validate(&self) -> Result<(), LabelError> {
        let n = self.arena.num_vertices();
        if self.payoff.len() != n {
            return Err(LabelError::Length {
                label: "payoff",
                found: self.payoff.len(),
                vertices: n,
            });
        }
        let lengths = [
            ("reward", self.reward.as_ref().map(Vec::len)),
            ("priority", self.priority.as_ref().map(Vec::len)),
            ("observation", self.observation.as_ref().map(Vec::len)),
        ];
        for (label, len) in lengths {
            match len {
                Some(_) if n == 0 => return Err(LabelError::EmptyLabel(label)),
                Some(found) if found != n => {
                    return Err(LabelError::Length {
                        label,
                        found,
                        vertices: n,
                    });
                }
                _ => {}
            }
        }
        if let Some(o) = &self.observation
            && o.iter().all(Option::is_none)
        {
            return Err(LabelError::NoObservation);
        }
        let mut size = None;
        for v in self.arena.vertices() {
            let payoff = &self.payoff[v.index()];
            if payoff.is_empty() {
                continue;
            }
            if self.arena.owner(v) != Owner::Terminal {
                return Err(LabelError::PayoffAtNonTerminal(v));
            }
            match size {
                None => size = Some(payoff.len()),
                Some(expected) if expected != payoff.len() => {
                    return Err(LabelError::PayoffSize {
                        vertex: v,
                        found: payoff.len(),
                        expected,
                    });
                }
                Some(_) => {}
            }
        }
        if let Some(cycle) = &self.cycle
            && (cycle.is_empty() || size.is_some_and(|expected| expected != cycle.len()))
        {
            return Err(LabelError::CycleSize {
                found: cycle.len(),
                expected: size.unwrap_or(1),
            });
        }
        if let Some(d) = &self.discount
            && (d.signum().is_le() || *d >= Rational::ONE)
        {
            return Err(LabelError::Discount(d.clone()));
        }
        Ok(())
    }
}

/// Why a game file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file could not be opened or read.
    #[error("{path}: {source}", path = .0.display(), source = .1)]
    Io(PathBuf, #[source] std::io::Error),
    /// The file is larger than [`MAX_INPUT_BYTES`].
    #[error(
        "{}: the file has {size} bytes, more than the {} bytes (2 GiB) kalmar reads",
        path.display(),
        MAX_INPUT_BYTES
    )]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size in bytes (at least, for files whose size is not known in advance).
        size: u64,
    },
    /// The text is not a well-formed game graph; the error names the file.
    #[error(transparent)]
    Parse(#[from] ParseError),
}

/// How a file is compressed, by its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// gzip (`.gz`), as PGSolver's and SYNTCOMP's benchmark sets ship.
    Gzip,
    /// bzip2 (`.bz2`).
    Bzip2,
}

impl Compression {
    /// The compression a file name's last extension names, if any.
    pub fn of(path: &Path) -> Option<Compression> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "gz" => Some(Compression::Gzip),
            "bz2" => Some(Compression::Bzip2),
            _ => None,
        }
    }
}

/// The extension of the content of a file, lower case: `pg` for both `game.pg` and
/// `game.pg.gz`.
///
/// ```
/// use kalmar_core::format::content_extension;
/// use std::path::Path;
/// assert_eq!(content_extension(Path::new("a/game.PG.gz")).as_deref(), Some("pg"));
/// assert_eq!(content_extension(Path::new("game.gii")).as_deref(), Some("gii"));
/// assert_eq!(content_extension(Path::new("-")), None);
/// ```
pub fn content_extension(path: &Path) -> Option<String> {
    let path = match Compression::of(path) {
        Some(_) => Path::new(path.file_stem()?),
        None => path,
    };
    Some(path.extension()?.to_str()?.to_ascii_lowercase())
}

/// Reads a whole text file of at most [`MAX_INPUT_BYTES`] bytes (after decompression): `-` is
/// standard input, and a `.gz` or `.bz2` file is decompressed as it is read. Text that is not
/// UTF-8 is a parse error at the first bad byte; errors name the file.
pub fn read_text_file(path: impl AsRef<Path>) -> Result<String, ReadError> {
    let path = path.as_ref();
    let io = |e| ReadError::Io(path.to_path_buf(), e);
    let source: Box<dyn Read> = if path == Path::new("-") {
        Box::new(std::io::stdin().lock())
    } else {
        let file = std::fs::File::open(path).map_err(io)?;
        let size = file.metadata().map_err(io)?.len();
        match Compression::of(path) {
            None if size > MAX_INPUT_BYTES => {
                return Err(ReadError::TooLarge {
                    path: path.to_path_buf(),
                    size,
                });
            }
            None => Box::new(file),
            Some(Compression::Gzip) => Box::new(flate2::read::MultiGzDecoder::new(file)),
            Some(Compression::Bzip2) => Box::new(bzip2::read::MultiBzDecoder::new(file)),
        }
    };
    read_text(source, path)
}

/// How much of an input is checked for UTF-8 chunk by chunk as it arrives (1 MiB): enough to
/// refuse binary data at once, while the rest of a large file is validated only once, at the end.
const EARLY_CHECK_BYTES: usize = 1 << 20;

/// Reads `source` to its end as text, checking it as it arrives, so that binary data
/// (`/dev/zero`, `/dev/urandom`, an executable) is refused at its first bad byte instead of after
/// [`MAX_INPUT_BYTES`] of it, and an endless stream at that size: the first
/// [`EARLY_CHECK_BYTES`] are checked chunk by chunk for UTF-8 and NUL bytes, later chunks for NUL
/// bytes, and the whole text once more for UTF-8 at the end.
fn read_text(mut source: impl Read, path: &Path) -> Result<String, ReadError> {
    let io = |e| ReadError::Io(path.to_path_buf(), e);
    let in_file = |e: ParseError| e.in_file(path.display().to_string());
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    let mut checked = 0;
    loop {
        let read = match source.read(&mut chunk) {
            Ok(0) => break,
            Ok(read) => read,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(io(e)),
        };
        if (bytes.len() + read) as u64 > MAX_INPUT_BYTES {
            return Err(ReadError::TooLarge {
                path: path.to_path_buf(),
                size: (bytes.len() + read) as u64,
            });
        }
        bytes.extend_from_slice(&chunk[..read]);
        if checked < EARLY_CHECK_BYTES {
            checked = check_text(&bytes, checked, false).map_err(in_file)?;
        } else if chunk[..read].contains(&0) {
            return Err(in_file(first_bad_byte(&bytes, checked)).into());
        }
    }
    // The rest is validated once, by the conversion; its error is placed by `check_text`.
    String::from_utf8(bytes).map_err(|e| in_file(first_bad_byte(e.as_bytes(), checked)).into())
}

/// The error at the first NUL or non-UTF-8 byte of `bytes` from `from`, which must have one.
fn first_bad_byte(bytes: &[u8], from: usize) -> ParseError {
    check_text(bytes, from, true).expect_err("the bytes hold a NUL or are not UTF-8")
}

/// Checks `bytes[from..]` for UTF-8 text without NUL bytes, and returns how far it is known to be
/// good: the end, or (unless `at_end`) the start of a character cut off by the end of a chunk.
fn check_text(bytes: &[u8], from: usize, at_end: bool) -> Result<usize, ParseError> {
    let (good, bad) = match std::str::from_utf8(&bytes[from..]) {
        Ok(_) => (bytes.len(), None),
        Err(e) if e.error_len().is_none() && !at_end => (from + e.valid_up_to(), None),
        Err(e) => (from + e.valid_up_to(), Some(from + e.valid_up_to())),
    };
    let nul = bytes[from..good]
        .iter()
        .position(|&b| b == 0)
        .map(|i| from + i);
    let Some(at) = nul.or(bad) else {
        return Ok(good);
    };
    let before = std::str::from_utf8(&bytes[..at]).unwrap_or("");
    let found = match bytes.get(at) {
        Some(0) => "byte 0x00 (NUL), which text files do not contain".to_string(),
        Some(b) => format!("byte 0x{b:02x}, which is not UTF-8"),
        None => "the end of the file inside a UTF-8 character".to_string(),
    };
    Err(ParseError::new(end_span(before), found, "UTF-8 text"))
}

/// The position just after `text`.
fn end_span(text: &str) -> Span {
    let line = text.matches('\n').count() + 1;
    let last = text.rsplit('\n').next().unwrap_or("");
    Span {
        line: u32::try_from(line).unwrap_or(u32::MAX),
        column: u32::try_from(last.chars().count() + 1).unwrap_or(u32::MAX),
    }
}

/// Refuses inputs larger than [`MAX_INPUT_BYTES`], so that line and column numbers fit, and
/// drops a leading byte-order mark.
pub fn check_size(text: &str) -> Result<&str, ParseError> {
    if text.len() as u64 > MAX_INPUT_BYTES {
        return Err(ParseError::new(
            Span { line: 1, column: 1 },
            format!("an input of {} bytes", text.len()),
            "at most 2 GiB of text",
        ));
    }
    Ok(text.strip_prefix('\u{feff}').unwrap_or(text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// A reader that gives one byte per call, so every character is cut at a chunk boundary.
    struct ByteByByte<'a>(&'a [u8]);

    impl Read for ByteByByte<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let Some((first, rest)) = self.0.split_first() else {
                return Ok(0);
            };
            buf[0] = *first;
            self.0 = rest;
            Ok(1)
        }
    }

    #[test]
    fn text_is_checked_as_it_arrives() {
        let path = Path::new("x.gg");
        let text = "kalmar-gg 1\n# Grundy’s ≥ game ∅\n";
        assert_eq!(read_text(ByteByByte(text.as_bytes()), path).unwrap(), text);
        let nul = read_text(ByteByByte(b"ab\ncd\0ef"), path)
            .unwrap_err()
            .to_string();
        assert!(nul.contains("x.gg:2:3") && nul.contains("NUL"), "{nul}");
        let binary = read_text(&b"ok\n\xff\xfe"[..], path)
            .unwrap_err()
            .to_string();
        assert!(
            binary.contains("x.gg:2:1") && binary.contains("0xff"),
            "{binary}"
        );
        let cut = read_text(ByteByByte("é".as_bytes().split_last().unwrap().1), path);
        assert!(cut.is_err());
        // Past the bytes checked chunk by chunk, NUL and bad UTF-8 are still found and placed.
        let long = "a\n".repeat(EARLY_CHECK_BYTES);
        let late_nul = format!("{long}ab\0");
        let error = read_text(late_nul.as_bytes(), path)
            .unwrap_err()
            .to_string();
        let line = EARLY_CHECK_BYTES + 1;
        assert!(
            error.contains(&format!("x.gg:{line}:3")) && error.contains("NUL"),
            "{error}"
        );
        let mut late_binary = long.into_bytes();
        late_binary.extend_from_slice(b"ok\xff");
        let error = read_text(&late_binary[..], path).unwrap_err().to_string();
        assert!(
            error.contains(&format!("x.gg:{line}:3")) && error.contains("0xff"),
            "{error}"
        );
    }

    #[test]
    fn compressed_files_read_as_their_text() {
        let text = "kalmar-gg 1\na max -> t\nt terminal payoff=1\n";
        let dir = std::env::temp_dir().join(format!("kalmar-compressed-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let gz = dir.join("game.gg.gz");
        let mut encoder =
            flate2::write::GzEncoder::new(std::fs::File::create(&gz).unwrap(), Default::default());
        encoder.write_all(text.as_bytes()).unwrap();
        encoder.finish().unwrap();
        let bz2 = dir.join("game.gg.bz2");
        let mut encoder =
            bzip2::write::BzEncoder::new(std::fs::File::create(&bz2).unwrap(), Default::default());
        encoder.write_all(text.as_bytes()).unwrap();
        encoder.finish().unwrap();
        for path in [&gz, &bz2] {
            assert_eq!(read_text_file(path).unwrap(), text);
            assert_eq!(content_extension(path).as_deref(), Some("gg"));
        }
        // Not gzip at all: an error naming the file, not a panic.
        let fake = dir.join("fake.pg.gz");
        std::fs::write(&fake, "parity 1;").unwrap();
        let err = read_text_file(&fake).unwrap_err().to_string();
        assert!(err.contains("fake.pg.gz"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn end_spans() {
        assert_eq!(end_span(""), Span { line: 1, column: 1 });
        assert_eq!(end_span("ab\ncé"), Span { line: 2, column: 3 });
    }
}
