//! kalmar-files: which family a game file holds, so that a front end can take any game, and the
//! check of any saved solution ([`verify`]).
//!
//! kalmar reads games on graphs (`.gg`, PGSolver's `.pg`, SYNTCOMP's `.ehoa`), Alpaga's games of
//! imperfect information (`.gii`) and Gambit's extensive and strategic forms (`.efg`, `.nfg`).
//! [`detect`] reads a file once and says which family's solver fits it, by these rules, in
//! order:
//!
//! 1. a `.gii` file is a game of imperfect information ([`Family::Observation`]); a `.hashi`,
//!    `.hiro` or `.hiroimono` file a pencil puzzle ([`Family::Puzzle`],
//!    [`kalmar_puzzles::source`]);
//! 2. a `.efg` or `.nfg` file is a Gambit game ([`Family::Extensive`] or [`Family::Strategic`]);
//! 3. a file without a game-graph extension (`.gg`, `.pg`, `.ehoa`, ...) whose first word is
//!    `EFG` or `NFG` is a Gambit game, one whose first line starts with `ALPHABET` or `STATES` an
//!    Alpaga game, one whose first word is `game` an Oh Hell public state ([`Family::OhHell`]);
//! 4. any other file is read as a game graph ([`kalmar_parity::format::read_path`]) and
//!    classified by [`family_of_graph`]: observations make a game of imperfect information;
//!    more than two players or payoff vectors an n-player game ([`Family::Positional`]); chance, rewards or a discount factor a stochastic game; priorities a parity game; terminal
//!    payoffs all in {-1, 0, 1} a chess-like game; other payoffs a deterministic graphical game.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_files::{Family, family_of_graph};
//! let chess = read_gg("kalmar-gg 1\na max -> t u\nt terminal payoff=1\nu terminal payoff=0\n");
//! assert_eq!(family_of_graph(&chess.unwrap()), Family::ChessLike);
//! let dgg = read_gg("kalmar-gg 1\na max -> t u\nt terminal payoff=5/2\nu terminal payoff=0\n");
//! assert_eq!(family_of_graph(&dgg.unwrap()), Family::Dgg);
//! let coin = read_gg("kalmar-gg 1\nc chance -> t:1/2 u:1/2\nt terminal payoff=1\nu terminal payoff=0\n");
//! assert_eq!(family_of_graph(&coin.unwrap()), Family::Stochastic);
//! ```
#![deny(missing_docs)]

pub mod verify;

use kalmar_core::ParseError;
use kalmar_core::format::{GameGraph, ReadError, content_extension, read_text_file};
use kalmar_efg::format::{GameFile, read_game};
use kalmar_filter::ohhell::PublicState;
use kalmar_observation::TurnBasedError;
use kalmar_observation::gii::is_gii;
use kalmar_observation::solve::Input;
use kalmar_parity::format::{Format, read_graph_text};
use kalmar_puzzles::source::{Kind, Source, read_text as read_puzzle};
use std::fmt;
use std::path::Path;

/// The families a game file can hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Win, lose or draw on a graph, solved by retrograde analysis.
    ChessLike,
    /// A deterministic graphical game: rational payoffs at terminals, infinite play pays 0.
    Dgg,
    /// A parity game.
    Parity,
    /// A stochastic game: chance moves, rewards or discounting.
    Stochastic,
    /// A game of imperfect information on a graph (Reif's problem).
    Observation,
    /// An n-player game on a graph (more than two players, or payoff vectors).
    Positional,
    /// A Gambit extensive-form game.
    Extensive,
    /// A Gambit strategic-form game.
    Strategic,
    /// An Oh Hell public state, whose histories are counted.
    OhHell,
    /// A pencil puzzle: Hashiwokakero or Hiroimono.
    Puzzle,
}

impl Family {
    /// The family's name as the command line spells it (`kalmar <name> ...`).
    pub fn command(self) -> &'static str {
        match self {
            Family::ChessLike => "reach",
            Family::Dgg => "dgg",
            Family::Parity => "parity",
            Family::Stochastic => "stochastic",
            Family::Observation => "observation",
            Family::Positional => "positional",
            Family::Extensive | Family::Strategic => "efg",
            Family::OhHell => "ohhell",
            Family::Puzzle => "puzzle",
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Family::ChessLike => "chess-like game",
            Family::Dgg => "deterministic graphical game",
            Family::Parity => "parity game",
            Family::Stochastic => "stochastic game",
            Family::Observation => "game of imperfect information",
            Family::Positional => "n-player game",
            Family::Extensive => "extensive-form game",
            Family::Strategic => "strategic-form game",
            Family::OhHell => "Oh Hell public state",
            Family::Puzzle => "pencil puzzle",
        })
    }
}

/// The family of a game graph, by the rules of the crate's docs (4).
pub fn family_of_graph(graph: &GameGraph) -> Family {
    if graph.observation.is_some() {
        Family::Observation
    } else if kalmar_positional::is_positional(graph) {
        Family::Positional
    } else if graph.arena.has_chance() || graph.reward.is_some() || graph.discount.is_some() {
        Family::Stochastic
    } else if graph.priority.is_some() {
        Family::Parity
    } else if kalmar_terminal::reach::from_graph(graph).is_ok() {
        Family::ChessLike
    } else {
        Family::Dgg
    }
}

/// A game file, read once, with its family.
#[derive(Debug)]
pub enum Detected {
    /// A game graph of the family given (boxed: it is much larger than the other variants).
    Graph(Family, Box<GameGraph>),
    /// An Alpaga `.gii` file; its text, for the observation family's reader.
    Gii(String),
    /// A Gambit game.
    Gambit(GameFile),
    /// An Oh Hell public state.
    OhHell(PublicState),
    /// A pencil puzzle.
    Puzzle(Box<Source>),
}

impl Detected {
    /// The family of the game.
    pub fn family(&self) -> Family {
        match self {
            Detected::Graph(family, _) => *family,
            Detected::Gii(_) => Family::Observation,
            Detected::Gambit(GameFile::Efg(_)) => Family::Extensive,
            Detected::Gambit(GameFile::Nfg(_)) => Family::Strategic,
            Detected::OhHell(_) => Family::OhHell,
            Detected::Puzzle(_) => Family::Puzzle,
        }
    }
}

/// Why a file does not hold a game of imperfect information.
#[derive(Debug, thiserror::Error)]
pub enum ObservationError {
    /// An Alpaga file that does not parse.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A game graph that is not a turn-based game with observations.
    #[error(transparent)]
    TurnBased(#[from] TurnBasedError),
    /// A Gambit game, an Oh Hell public state or a puzzle.
    #[error(
        "the file holds a Gambit game, an Oh Hell public state or a puzzle, not a game on a graph"
    )]
    NotAGraph,
}

impl Detected {
    /// The game of imperfect information the file holds: an Alpaga game, or any game graph read
    /// as a turn-based game with observations.
    pub fn observation_input(&self) -> Result<Input, ObservationError> {
        match self {
            Detected::Gii(text) => Ok(Input::from_gii(text)?),
            Detected::Graph(_, graph) => Ok(Input::from_graph(graph)?),
            Detected::Gambit(_) | Detected::OhHell(_) | Detected::Puzzle(_) => {
                Err(ObservationError::NotAGraph)
            }
        }
    }
}

/// Reads a game file and tells its family (see the crate's docs): `-` is standard input, and
/// `.gz` and `.bz2` files are read decompressed (`game.pg.gz` is a `.pg` file). Errors name the
/// file, with line and column for text that does not parse.
pub fn detect(path: impl AsRef<Path>) -> Result<Detected, ReadError> {
    let path = path.as_ref();
    detect_text(path, read_text_file(path)?)
}

/// [`detect`] on a file's text already read: `path` gives the extension the rules look at and
/// the name errors carry (it is not opened).
///
/// ```
/// use kalmar_files::{Family, detect_text};
/// let text = "EFG 2 R \"\" { \"1\" \"2\" }\nt \"\" 1 \"\" { 1, -1 }\n";
/// let game = detect_text("from-memory".as_ref(), text.to_string()).unwrap();
/// assert_eq!(game.family(), Family::Extensive);
/// ```
pub fn detect_text(path: &Path, text: String) -> Result<Detected, ReadError> {
    let extension = content_extension(path);
    let known_graph = Format::from_extension(path).is_some();
    match extension.as_deref() {
        _ if is_gii(path, &text) => Ok(Detected::Gii(text)),
        _ if Kind::of_path(path).is_some() => {
            Ok(Detected::Puzzle(Box::new(read_puzzle(path, &text)?)))
        }
        Some("efg" | "nfg") => read_gambit(path, &text),
        _ if !known_graph && is_gambit(&text) => read_gambit(path, &text),
        _ if !known_graph && first_word(&text) == Some("game") => {
            let in_file = |e: ParseError| e.in_file(path.display().to_string());
            Ok(Detected::OhHell(
                PublicState::parse(&text).map_err(in_file)?,
            ))
        }
        _ => {
            let graph = read_graph_text(path, &text)?;
            Ok(Detected::Graph(family_of_graph(&graph), Box::new(graph)))
        }
    }
}

/// Reads a Gambit file's text.
fn read_gambit(path: &Path, text: &str) -> Result<Detected, ReadError> {
    let in_file = |e: ParseError| e.in_file(path.display().to_string());
    Ok(Detected::Gambit(read_game(text).map_err(in_file)?))
}

/// Whether the text starts as Gambit's formats do, with `EFG` or `NFG`.
fn is_gambit(text: &str) -> bool {
    matches!(first_word(text), Some("EFG" | "NFG"))
}

/// The first word of the text, after blank and comment (`#`) lines.
fn first_word(text: &str) -> Option<&str> {
    let first_line = text
        .trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    first_line.and_then(|l| l.split_whitespace().next())
}
