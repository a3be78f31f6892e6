//! `kalmar verify GAME SOLUTION` as a library call: the kind of a saved solution is told by its
//! first word, and the solution is handed to its family's independent certificate.
//!
//! - against a game of imperfect information (`.gii`, or `.gg` with observations): the system's
//!   winning strategy as `kalmar observation solve --output` writes it, replayed against every
//!   behaviour of the environment;
//! - `paritysol`: PGSolver's solution format, checked by the parity verifier;
//! - `kalmar-ssol`: kalmar's stochastic solutions, checked by the certificate of the class the
//!   file names;
//! - JSON whose `family` is `positional`: a subgame-perfect equilibrium of an n-player game, or a
//!   Nash equilibrium of one with cycles;
//! - against a Gambit game (`.efg`, `.nfg`): the JSON file of equilibria
//!   ([`kalmar_efg::solution_file`]), each profile checked by [`kalmar_efg::certificate`];
//! - against a pencil puzzle: a solved Hashiwokakero grid, or a Hiroimono tour under the
//!   classic rules ([`kalmar_puzzles::source::check_solution`]);
//! - anything else is read as the JSON solution file of chess-like games and DGGs.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_files::verify::verify_solution;
//! use kalmar_terminal::{dgg, solution_file::SolutionFile};
//! let graph = read_gg("kalmar-gg 1\na max -> t u\nt terminal payoff=2\nu terminal payoff=-1\n")
//!     .unwrap();
//! let game = dgg::from_graph(&graph).unwrap();
//! let solved = dgg::solve(&game, &dgg::Options::default()).unwrap();
//! let text = serde_json::to_string(&SolutionFile::from_dgg(&game, &solved)).unwrap();
//! let accepted = verify_solution(&graph, &text).unwrap();
//! assert_eq!(accepted.to_string(), "strong dgg solution");
//! assert!(verify_solution(&graph, &text.replace("\"u\"}", "\"t\"}")).is_ok());
//! assert!(verify_solution(&graph, "paritysol 0;\n").is_err());
//! ```

use crate::{Detected, Family, ObservationError};
use kalmar_core::format::GameGraph;
use kalmar_core::{Certificate, ParseError};
use kalmar_efg::format::GameFile;
use kalmar_efg::solution_file::{EquilibriumFile, SolutionFileError as EfgFileError, Verified};
use kalmar_observation::witness::{StrategyFileError, verify_file};
use kalmar_parity::ParityGame;
use kalmar_parity::format::read_pg_solution;
use kalmar_positional::solution_file as positional;
use kalmar_puzzles::hiroimono::Variant;
use kalmar_puzzles::source::{CheckFileError, check_solution};
use kalmar_stochastic::solution_file::{self, SolutionFileError as StochasticFileError};
use kalmar_terminal::solution_file::{SolutionFile, SolutionFileError};
use std::fmt;

/// A solution that passed its certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Accepted {
    /// A PGSolver solution of a parity game.
    Parity,
    /// The system's winning strategy in a game of imperfect information.
    Observation,
    /// A stochastic solution of the class named.
    Stochastic(&'static str),
    /// An equilibrium of an n-player game, of the kind named (subgame-perfect, or Nash on a
    /// game with cycles).
    Positional(String),
    /// Equilibria of a Gambit game, each checked: the payoffs and best-response values.
    Equilibria(Verified),
    /// A puzzle's solution, as its checker names it.
    Puzzle(String),
    /// A JSON solution of this family (`reach` or `dgg`) and kind (`strong` or `weak`).
    Terminal {
        /// `reach` or `dgg`.
        family: String,
        /// `strong` or `weak`.
        kind: String,
    },
}

impl fmt::Display for Accepted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Accepted::Parity => write!(f, "parity solution"),
            Accepted::Observation => write!(f, "system's winning strategy"),
            Accepted::Stochastic(class) => write!(f, "{class} solution"),
            Accepted::Positional(kind) => write!(f, "{kind}"),
            Accepted::Equilibria(v) => match v.equilibria.len() {
                1 => write!(f, "equilibrium in {}", v.form.strategies()),
                n => write!(f, "{n} equilibria in {}", v.form.strategies()),
            },
            Accepted::Puzzle(what) => f.write_str(what),
            Accepted::Terminal { family, kind } => write!(f, "{kind} {family} solution"),
        }
    }
}

/// Why a solution was not accepted.
#[derive(Debug, thiserror::Error)]
pub enum VerifyFileError {
    /// The solution file does not parse: the line and column in it.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The JSON solution file does not parse.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// The file is no solution of this game: not of a solution file's shape, or naming what the
    /// game lacks (a position, player or action).
    #[error("{0}")]
    NotASolution(String),
    /// The game is not of the family the solution is for.
    #[error("{0}")]
    Game(String),
    /// The solution is wrong: what the certificate found. The only variant that rejects a
    /// solution; the others are bad input.
    #[error("{0}")]
    Wrong(String),
}

/// Checks the solution `text` against a game file as [`detect`](crate::detect) read it.
pub fn verify_detected(game: &Detected, text: &str) -> Result<Accepted, VerifyFileError> {
    let input = match game {
        Detected::Graph(family, graph) if *family != Family::Observation => {
            return verify_solution(graph, text);
        }
        Detected::Gambit(file) => return verify_equilibria(file, text),
        Detected::Puzzle(puzzle) => {
            let what =
                check_solution(puzzle, Some(text), Variant::Classic).map_err(|e| match e {
                    CheckFileError::Parse(e) => VerifyFileError::Parse(e),
                    CheckFileError::Wrong(why) => VerifyFileError::Wrong(why),
                    e => VerifyFileError::NotASolution(e.to_string()),
                })?;
            return Ok(Accepted::Puzzle(what));
        }
        observation => observation.observation_input().map_err(|e| match e {
            ObservationError::Parse(e) => VerifyFileError::Parse(e),
            e => VerifyFileError::Game(e.to_string()),
        })?,
    };
    verify_file(&input.game, text).map_err(|e| match e {
        StrategyFileError::Json(e) => VerifyFileError::Json(e),
        e @ (StrategyFileError::NoRules | StrategyFileError::Rule { .. }) => {
            VerifyFileError::NotASolution(e.to_string())
        }
        e => VerifyFileError::Wrong(e.to_string()),
    })?;
    Ok(Accepted::Observation)
}

/// Checks a JSON file of equilibria against a Gambit game.
pub fn verify_equilibria(file: &GameFile, text: &str) -> Result<Accepted, VerifyFileError> {
    let saved: EquilibriumFile = serde_json::from_str(text)?;
    let verified = saved.verify(file).map_err(|e| match e {
        EfgFileError::Game(e) => VerifyFileError::Game(e),
        EfgFileError::Mismatch(e) => VerifyFileError::NotASolution(e),
        e => VerifyFileError::Wrong(e.to_string()),
    })?;
    Ok(Accepted::Equilibria(verified))
}

/// Checks the solution `text` against the game of `graph` with its family's certificate.
pub fn verify_solution(graph: &GameGraph, text: &str) -> Result<Accepted, VerifyFileError> {
    let first = text.split_whitespace().next().unwrap_or("");
    if first.starts_with("paritysol") {
        let game = ParityGame::from_graph(graph, false)
            .map_err(|e| VerifyFileError::Game(e.to_string()))?;
        let pg = read_pg_solution(text, graph)?;
        let wrong = |e: kalmar_core::VerifyError| VerifyFileError::Wrong(e.to_string());
        pg.to_solution(&game).verify(&game).map_err(wrong)?;
        return Ok(Accepted::Parity);
    }
    if first == "kalmar-ssol" {
        let class = solution_file::verify(graph, text).map_err(|e| match e {
            StochasticFileError::Parse(e) => VerifyFileError::Parse(e),
            StochasticFileError::Game(e) => VerifyFileError::Game(e.to_string()),
            wrong @ StochasticFileError::Wrong(_) => VerifyFileError::Wrong(wrong.to_string()),
        })?;
        return Ok(Accepted::Stochastic(class.name()));
    }
    /// The family a JSON solution names, read before the whole file.
    #[derive(serde::Deserialize)]
    struct Named {
        family: Option<String>,
    }
    let named: Named = serde_json::from_str(text)?;
    if named.family.as_deref() == Some(positional::FAMILY) {
        let file = positional::SolutionFile::read(text)
            .map_err(|e| VerifyFileError::NotASolution(e.to_string()))?;
        file.verify(graph).map_err(|e| match e {
            positional::SolutionFileError::Game(e) => VerifyFileError::Game(e.to_string()),
            e => VerifyFileError::Wrong(e.to_string()),
        })?;
        return Ok(Accepted::Positional(file.kind));
    }
    let file: SolutionFile = serde_json::from_str(text)?;
    file.verify(graph).map_err(|e| match e {
        SolutionFileError::Game(e) => VerifyFileError::Game(e),
        e @ (SolutionFileError::Family(..)
        | SolutionFileError::UnknownPosition(_)
        | SolutionFileError::NotAMove(..)) => VerifyFileError::NotASolution(e.to_string()),
        e => VerifyFileError::Wrong(e.to_string()),
    })?;
    Ok(Accepted::Terminal {
        family: file.family,
        kind: file.kind,
    })
}
