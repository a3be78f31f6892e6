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
