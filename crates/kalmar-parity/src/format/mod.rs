//! The parity family's file formats, and a reader for every game-graph file.
//!
//! - [`pg`]: PGSolver's parity-game format and its solution format, read and written exactly;
//! - [`hoa`]: the extended HOA format of SYNTCOMP's parity track (`.ehoa`), read as a parity
//!   game between the environment and the controller (read only);
//! - [`read_path`]: any game-graph file (`.gg`, `.pg`, `.ehoa`), the format chosen by the
//!   extension or by the first word ([`Format`]).
//!
//! Every reader returns a [`GameGraph`]; kalmar's own `.gg` format is in
//! [`kalmar_core::format`]. The grammar of `.pg` is in `docs/formats.md`, that of HOA in [`hoa`].
//!
//! ```
//! use kalmar_parity::format::{Format, read_pg};
//! let game = read_pg("parity 1;\n0 2 0 1;\n1 1 1 0;\n").unwrap();
//! assert_eq!(game.arena.num_vertices(), 2);
//! assert_eq!(Format::sniff("parity 1;"), Some(Format::Pg));
//! ```

pub mod hoa;
pub mod pg;

pub use hoa::read_hoa;
pub use pg::{
    PgSolution, PgWriteError, pg_ids, read_pg, read_pg_solution, write_pg, write_pg_solution,
};

use kalmar_core::format::{GameGraph, ReadError, content_extension, read_gg, read_text_file};
use kalmar_core::{ParseError, Span};
use std::path::Path;

/// A file format for game graphs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// kalmar's game-graph format (`.gg`), read by [`read_gg`].
    Gg,
    /// PGSolver's parity-game format (`.pg`, also `.gm`), read by [`read_pg`].
    Pg,
    /// The extended HOA format for synthesis (`.ehoa`, also `.hoa`), read by [`read_hoa`].
    Hoa,
}

impl Format {
    /// The format a file name's extension names (`.gg`; `.pg` or `.gm`; `.ehoa` or `.hoa`),
    /// ignoring case and a compression extension (`game.pg.gz` is `.pg`).
    pub fn from_extension(path: &Path) -> Option<Format> {
        match content_extension(path)?.as_str() {
            "gg" => Some(Format::Gg),
            "pg" | "gm" => Some(Format::Pg),
            "ehoa" | "hoa" => Some(Format::Hoa),
            _ => None,
        }
    }

    /// The format a text's first word names: `kalmar-gg` for `.gg`; `parity`, `start` or a
    /// number for `.pg`; `HOA:` for extended HOA. Blank lines and `#` comment lines before it
    /// are skipped.
    pub fn sniff(text: &str) -> Option<Format> {
        let word = first_word(text)?;
        if word == "kalmar-gg" {
            Some(Format::Gg)
        } else if word == "HOA:" {
            Some(Format::Hoa)
        } else if word.starts_with("parity") && !word.starts_with("paritysol")
            || word.starts_with("start")
            || word.starts_with(|c: char| c.is_ascii_digit())
        {
            Some(Format::Pg)
        } else {
            None
        }
    }

    /// Reads a game graph in this format.
    pub fn read(self, text: &str) -> Result<GameGraph, ParseError> {
        match self {
            Format::Gg => read_gg(text),
            Format::Pg => read_pg(text),
            Format::Hoa => read_hoa(text),
        }
    }
}

/// The first word of `text` after white space and `#` comment lines, if any.
fn first_word(text: &str) -> Option<&str> {
    let mut rest = text.strip_prefix('\u{feff}').unwrap_or(text);
    loop {
        rest = rest.trim_start();
        if rest.starts_with('#') {
            rest = rest.split_once('\n').map_or("", |(_, after)| after);
            continue;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == ';')
            .unwrap_or(rest.len());
        return (end > 0).then(|| &rest[..end]);
    }
}

/// Reads a game graph from a file: `.gg` files with [`read_gg`], `.pg` and `.gm` files with
/// [`read_pg`], `.ehoa` and `.hoa` files with [`read_hoa`], and any other file by its first
/// word (see [`Format::sniff`]). Files larger than
/// [`MAX_INPUT_BYTES`](kalmar_core::format::MAX_INPUT_BYTES) are refused; parse errors name the
/// file.
pub fn read_path(path: impl AsRef<Path>) -> Result<GameGraph, ReadError> {
    let path = path.as_ref();
    let text = read_text_file(path)?;
    let format = Format::from_extension(path).or_else(|| Format::sniff(&text));
    if format == Some(Format::Pg)
        && let Some(usual) = pg::parse_usual(&text)
    {
        // The usual `.pg` file: the text is freed before the arena is built, which on a large
        // game lowers the peak memory of reading by the size of the file.
        drop(text);
        match usual.build() {
            Ok(graph) => return Ok(graph),
            // Too many edges for an arena: the general reader says so with the line.
            Err(_) => return read_graph_text(path, &read_text_file(path)?),
        }
    }
    read_graph_text(path, &text)
}

/// [`read_path`] for a file already read: `text` is the content of the file at `path`, whose
/// extension chooses the format (or else the text's first word), and which parse errors name.
pub fn read_graph_text(path: &Path, text: &str) -> Result<GameGraph, ReadError> {
    let file = || path.display().to_string();
    let format = match Format::from_extension(path).or_else(|| Format::sniff(text)) {
        Some(format) => format,
        None => {
            let err = ParseError::new(
                Span { line: 1, column: 1 },
                first_word(text).map_or("end of input".to_string(), |w| format!("'{w}'")),
                "'kalmar-gg' (a .gg file), 'parity' (a .pg file) or 'HOA:' (an .ehoa file)",
            );
            return Err(err.in_file(file()).into());
        }
    };
    format.read(text).map_err(|e| e.in_file(file()).into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_formats() {
        assert_eq!(Format::sniff("# c\n\n kalmar-gg 1\n"), Some(Format::Gg));
        assert_eq!(Format::sniff("parity 3;\n"), Some(Format::Pg));
        assert_eq!(Format::sniff("parity;"), Some(Format::Pg));
        assert_eq!(Format::sniff("0 1 0 1;"), Some(Format::Pg));
        assert_eq!(Format::sniff("start 0;"), Some(Format::Pg));
        assert_eq!(Format::sniff("paritysol 3;"), None);
        assert_eq!(Format::sniff("hello"), None);
        assert_eq!(Format::sniff(""), None);
        assert_eq!(
            Format::from_extension(Path::new("a/b.PG")),
            Some(Format::Pg)
        );
        assert_eq!(Format::from_extension(Path::new("b.gg")), Some(Format::Gg));
        assert_eq!(Format::from_extension(Path::new("b.txt")), None);
    }

    #[test]
    fn files_read_as_their_text() {
        // The usual file (read without its text once parsed), one the general reader reads
        // (ids out of order), a file of another extension sniffed as `.pg`, and an error.
        let dir = std::env::temp_dir().join(format!("kalmar-read-path-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let texts = [
            (
                "usual.pg",
                "parity 2;\n0 1 0 1,2 \"a\";\n1 2 1 0;\n2 0 1;\n",
            ),
            ("general.pg", "parity 2;\n1 2 1 0;\n0 1 0 1,2;\n2 0 1;\n"),
            ("sniffed.txt", "0 1 0 1;\n1 2 1 0;\n"),
        ];
        for (name, text) in texts {
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap();
            assert_eq!(read_path(&path).unwrap(), read_pg(text).unwrap(), "{name}");
        }
        let path = dir.join("bad.pg");
        std::fs::write(&path, "parity 1;\n0 1 0 7;\n").unwrap();
        let error = read_path(&path).unwrap_err().to_string();
        assert!(error.contains("bad.pg:2:7: found id 7"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
