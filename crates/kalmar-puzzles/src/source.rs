//! Which puzzle a file or a link holds, read once: the one call a front end makes to take any
//! puzzle.
//!
//! A source is, by these rules in order:
//! 1. a puzz.link / pzprjs URL (it has `://` or starts with `puzz.link`, `pzprxs.vercel.app` or
//!    `pzv.jp`): a Hashiwokakero puzzle, [`hashi::url::from_puzz_link`];
//! 2. a Tatham game ID (`WxH:…` or `WxHm2:…`, no `/` before the colon): Hashiwokakero,
//!    [`hashi::url::from_tatham`];
//! 3. a file (`-` for standard input): with extension `.hashi` a Hashiwokakero grid, with
//!    `.hiro` or `.hiroimono` a Hiroimono puzzle; otherwise by its text: a Hiroimono point list
//!    (`hiroimono points`) or a grid of `o`, `S` and `.` is Hiroimono, a grid with island
//!    numbers is Hashiwokakero ([`Kind::of_text`]).
//!
//! A Hashiwokakero grid may have its bridges drawn: they are read as the solution, for
//! `kalmar puzzle check`.
//!
//! ```
//! use kalmar_puzzles::source::{Kind, Source, read_text};
//! assert_eq!(Kind::of_text("3.3\n...\n2.2\n"), Kind::Hashi);
//! assert_eq!(Kind::of_text("S.o\n...\n..o\n"), Kind::Hiroimono);
//! let Source::Hashi { puzzle, solution } = read_text("in.hashi".as_ref(), "3=3\n|.|\n2-2\n").unwrap()
//! else { unreachable!() };
//! assert_eq!(puzzle.islands().len(), 4);
//! assert_eq!(solution.unwrap().bridges, [2, 1, 1, 1]);
//! ```
//!
//! # Complexity
//! Linear in the size of the source.

use crate::{hashi, hiroimono};
use kalmar_core::format::{ReadError, content_extension, read_text_file};
use std::path::Path;
use thiserror::Error;

/// The puzzles kalmar reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Hashiwokakero.
    Hashi,
    /// Hiroimono.
    Hiroimono,
}

impl Kind {
    /// The kind a text holds when its file name does not say: Hiroimono for a point list or a
    /// grid of stones (`o`, `S`), Hashiwokakero otherwise.
    pub fn of_text(text: &str) -> Kind {
        let mut lines = text
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with('#'));
        match lines.next() {
            Some("hiroimono points") => Kind::Hiroimono,
            Some(first) => {
                let stones = |line: &str| line.chars().any(|c| c == 'o' || c == 'S');
                if stones(first) || lines.any(stones) {
                    Kind::Hiroimono
                } else {
                    Kind::Hashi
                }
            }
            None => Kind::Hashi,
        }
    }

    /// The kind a file's extension names, if it names one.
    pub fn of_path(path: &Path) -> Option<Kind> {
        match content_extension(path)?.as_str() {
            "hashi" => Some(Kind::Hashi),
            "hiro" | "hiroimono" => Some(Kind::Hiroimono),
            _ => None,
        }
    }
}

/// A puzzle as read.
#[derive(Clone, Debug)]
pub enum Source {
    /// A Hashiwokakero puzzle, with the bridges drawn in its file if there were any.
    Hashi {
        /// The puzzle.
        puzzle: hashi::Puzzle,
        /// The bridges drawn, if the grid had any.
        solution: Option<hashi::Solution>,
    },
    /// A Hiroimono puzzle.
    Hiroimono(hiroimono::Puzzle),
}

impl Source {
    /// The kind of puzzle.
    pub fn kind(&self) -> Kind {
        match self {
            Source::Hashi { .. } => Kind::Hashi,
            Source::Hiroimono(_) => Kind::Hiroimono,
        }
    }
}

/// Why a source gives no puzzle.
#[derive(Debug, Error)]
pub enum SourceError {
    /// The file could not be read, or its text does not parse (file, line and column).
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A link or game ID that does not give a puzzle.
    #[error("{source_text}: {error}")]
    Link {
        /// The link as given.
        source_text: String,
        /// What is wrong with it.
        error: hashi::url::UrlError,
    },
}

/// Why a claimed solution of a puzzle is not accepted.
#[derive(Debug, Error)]
pub enum CheckFileError {
    /// The solution's text does not parse (line and column in it).
    #[error(transparent)]
    Parse(#[from] kalmar_core::ParseError),
    /// A solved Hashiwokakero grid whose islands are not the puzzle's.
    #[error("its islands are not the puzzle's")]
    OtherPuzzle,
    /// Nothing to check: a Hashiwokakero grid without bridges and no solution given, or a
    /// Hiroimono puzzle without its tour.
    #[error("{0}")]
    Missing(&'static str),
    /// The solution breaks a rule: the checker's reason. The only variant that rejects a
    /// solution; the others are bad input.
    #[error("{0}")]
    Wrong(String),
}

/// Checks a claimed solution of `source` with the puzzle's independent checker and says what
/// it accepted: for Hashiwokakero a solved grid (`solution`, or the bridges drawn in the
/// puzzle's own file), for Hiroimono a tour (`hiroimono solution` text) under `variant`.
///
/// ```
/// use kalmar_puzzles::hiroimono::Variant;
/// use kalmar_puzzles::source::{check_solution, read_text};
/// let solved = read_text("a.hashi".as_ref(), "3=3\n|.|\n2-2\n").unwrap();
/// assert_eq!(check_solution(&solved, None, Variant::Classic).unwrap(), "Hashiwokakero solution");
/// let wrong = check_solution(&solved, Some("3-3\n|.|\n2-2\n"), Variant::Classic).unwrap_err();
/// assert!(wrong.to_string().contains("island"), "{wrong}");
/// ```
pub fn check_solution(
    source: &Source,
    solution: Option<&str>,
    variant: hiroimono::Variant,
) -> Result<String, CheckFileError> {
    match source {
        Source::Hashi {
            puzzle,
            solution: drawn,
        } => {
            let claimed = match solution {
                Some(text) => {
                    let (solved, bridges) = hashi::format::read_solved(text)?;
                    if &solved != puzzle {
                        return Err(CheckFileError::OtherPuzzle);
                    }
                    bridges
                }
                None => drawn.clone().ok_or(CheckFileError::Missing(
                    "no bridges drawn and no solution given",
                ))?,
            };
            hashi::check::check(puzzle, &claimed)
                .map_err(|e| CheckFileError::Wrong(e.to_string()))?;
            Ok("Hashiwokakero solution".into())
        }
        Source::Hiroimono(puzzle) => {
            let text = solution.ok_or(CheckFileError::Missing(
                "a Hiroimono puzzle is checked against a tour ('hiroimono solution')",
            ))?;
            let tour = hiroimono::format::parse_solution(puzzle, text)?;
            hiroimono::check(puzzle, variant, &tour)
                .map_err(|e| CheckFileError::Wrong(e.to_string()))?;
            Ok(format!("tour under {variant}"))
        }
    }
}

/// Reads the puzzle `source` names: a link, a game ID or a file (see the module's rules).
pub fn read(source: &str) -> Result<Source, SourceError> {
    let link_error = |error| SourceError::Link {
        source_text: source.to_string(),
        error,
    };
    if is_url(source) {
        let puzzle = hashi::url::from_puzz_link(source).map_err(link_error)?;
        return Ok(Source::Hashi {
            puzzle,
            solution: None,
        });
    }
    if is_tatham_id(source) {
        let puzzle = hashi::url::from_tatham(source).map_err(link_error)?;
        return Ok(Source::Hashi {
            puzzle,
            solution: None,
        });
    }
    let path = Path::new(source);
    Ok(read_text(path, &read_text_file(path)?)?)
}

/// Reads a puzzle file's text: `path` gives the extension the rules look at and the name
/// errors carry (it is not opened).
pub fn read_text(path: &Path, text: &str) -> Result<Source, ReadError> {
    let in_file = |error: kalmar_core::ParseError| error.in_file(path.display().to_string());
    let kind = Kind::of_path(path).unwrap_or_else(|| Kind::of_text(text));
    Ok(match kind {
        Kind::Hashi => {
            let (puzzle, solution) = hashi::format::read_solved(text).map_err(in_file)?;
            let drawn = solution.bridges.iter().any(|&bridges| bridges > 0);
            Source::Hashi {
                puzzle,
                solution: drawn.then_some(solution),
            }
        }
        Kind::Hiroimono => Source::Hiroimono(hiroimono::format::parse(text).map_err(in_file)?),
    })
}

/// Whether `source` is a puzz.link or pzprjs URL.
fn is_url(source: &str) -> bool {
    source.contains("://")
        || ["puzz.link", "pzprxs.vercel.app", "pzv.jp"]
            .iter()
            .any(|host| source.starts_with(host))
}

/// Whether `source` looks like a Tatham game ID: `WxH` digits, then `:` or `m`.
fn is_tatham_id(source: &str) -> bool {
    let Some((head, _)) = source.split_once(':') else {
        return false;
    };
    let head = head.split_once('m').map_or(head, |(size, _)| size);
    let Some((width, height)) = head.split_once('x') else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    digits(width) && digits(height) && !Path::new(source).exists()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_and_ids_are_told_from_files() {
        assert!(is_url("https://puzz.link/p?hashikake/5/3/2g5g1k1g3h"));
        assert!(is_url("puzz.link/p?hashikake/5/3/2g5g1k1g3h"));
        assert!(!is_url("puzzles/a.hashi"));
        assert!(is_tatham_id("5x3:2a5a1e1a3b"));
        assert!(is_tatham_id("5x3m2:2a5a1e1a3b"));
        assert!(!is_tatham_id("a:b"));
        assert!(!is_tatham_id("5x3"));
        let Source::Hashi { puzzle, .. } = read("5x3m2:2a5a1e1a3b").unwrap() else {
            panic!("not a Hashiwokakero puzzle");
        };
        assert_eq!(puzzle.islands().len(), 5);
        assert!(read("https://puzz.link/p?sudoku/9/9/").is_err());
    }

    #[test]
    fn a_file_is_read_by_its_extension_or_its_text() {
        let hiroimono = read_text(Path::new("a.txt"), "S.o\n...\n..o\n").unwrap();
        assert_eq!(hiroimono.kind(), Kind::Hiroimono);
        let hashi = read_text(Path::new("a.hashi"), "2.5.1\n.....\n1.3..\n").unwrap();
        assert!(matches!(hashi, Source::Hashi { solution: None, .. }));
        let error = read_text(Path::new("a.hashi"), "2.x\n").unwrap_err();
        assert!(error.to_string().starts_with("a.hashi:1:3:"), "{error}");
    }
}
