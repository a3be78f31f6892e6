//! Gambit's file formats: `.efg` ("EFG 2 R", extensive form) and `.nfg` ("NFG 1 R", strategic
//! form, payoff-list and outcome-list forms). Readers report problems as a [`ParseError`] with
//! line and column, never panic, and never allocate from a count they have not checked; writers
//! write what Gambit writes, so files in that form round-trip byte for byte.
//!
//! ```
//! use kalmar_efg::format::{read_efg, to_efg_string};
//! let text = "EFG 2 R \"tiny\" { \"A\" \"B\" }\n\"\"\n\np \"\" 1 1 \"\" { \"l\" \"r\" } 0\n\
//! t \"\" 1 \"\" { 1, 0 }\nt \"\" 2 \"\" { 0, 1 }\n";
//! let game = read_efg(text).unwrap();
//! assert_eq!(game.num_nodes(), 3);
//! assert_eq!(to_efg_string(&game), text);
//! ```

pub mod efg;
pub mod lex;
pub mod nfg;

pub use efg::{read_efg, to_efg_string, write_efg};
pub use nfg::{read_nfg, to_nfg_string, write_nfg};

use kalmar_core::ParseError;
use kalmar_core::format::{ReadError, read_text_file};
use std::path::Path;

/// A game file of either kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameFile {
    /// An extensive-form game.
    Efg(crate::Efg),
    /// A strategic-form game.
    Nfg(crate::Nfg),
}

/// Reads a game in either format, choosing by its first word (`EFG` or `NFG`).
pub fn read_game(text: &str) -> Result<GameFile, ParseError> {
    if text.trim_start().starts_with("NFG") {
        read_nfg(text).map(GameFile::Nfg)
    } else {
        read_efg(text).map(GameFile::Efg)
    }
}

/// Reads a game file of either kind (`-` for standard input, `.gz` and `.bz2` decompressed),
/// chosen by its first word; a parse error names the file, its line and its column.
///
/// ```
/// use kalmar_efg::format::{GameFile, read_path};
/// let path = std::env::temp_dir().join("kalmar-efg-read-path.nfg");
/// std::fs::write(&path, "NFG 1 R \"\" { \"1\" \"2\" } { 1 1 }\n\n0 x\n").unwrap();
/// let error = read_path(&path).unwrap_err().to_string();
/// assert!(error.contains("kalmar-efg-read-path.nfg:3:3"), "{error}");
/// std::fs::write(&path, "NFG 1 R \"\" { \"1\" \"2\" } { 1 1 }\n\n0 1\n").unwrap();
/// assert!(matches!(read_path(&path).unwrap(), GameFile::Nfg(_)));
/// assert!(read_path("/nonexistent/game.efg").is_err());
/// # std::fs::remove_file(&path).unwrap();
/// ```
pub fn read_path(path: impl AsRef<Path>) -> Result<GameFile, ReadError> {
    let path = path.as_ref();
    let text = read_text_file(path)?;
    read_game(&text).map_err(|e| ReadError::Parse(e.in_file(path.display().to_string())))
}
