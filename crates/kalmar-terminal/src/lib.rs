//! Two-player zero-sum terminal-payoff games: the common ground of chess-like games (payoffs in
//! {-1, 0, 1}, solved by retrograde analysis) and Washburn's deterministic graphical games
//! (arbitrary payoffs).
//!
//! Player 0 (Max) moves at some positions and player 1 (Min) at the others; play ends at a
//! terminal, where Min pays Max the terminal's payoff, and an infinite play pays 0. Both players
//! have optimal positional strategies (Liggett and Lippman), so a solution is a value per position
//! and one chosen edge per non-terminal position. Solutions are checked by [`verify`], which does
//! not trust the solver.
//!
//! The families: [`reach`] (chess-like games, retrograde analysis), [`dgg`] (arbitrary payoffs,
//! the algorithms of Andersson, Hansen, Miltersen and Sørensen, *Deterministic Graphical Games
//! Revisited*), [`games`] (rules-based examples), [`generate`] (the generator registry
//! [`generate::FAMILIES`]) and [`solution_file`] (solutions on file).
//!
//! # Complexity
//! Retrograde analysis and the verifier take O(n + m) time for n positions and m arcs; the DGG
//! solvers' bounds are tabled in [`dgg`].
//!
//! # Example
//! ```
//! use kalmar_core::{Certificate, Rational, format::read_gg};
//! use kalmar_terminal::{dgg, reach};
//! // Max at a takes 3 or passes to Min at b, who takes 5 or -2 or returns to a.
//! let text = "kalmar-gg 1\na max -> t b\nb min -> u v a\n\
//!             t terminal payoff=3\nu terminal payoff=5\nv terminal payoff=-2\n";
//! let graph = read_gg(text).unwrap();
//! let game = dgg::from_graph(&graph).unwrap();
//! let solved = dgg::solve(&game, &dgg::Options::default()).unwrap();
//! assert_eq!(*solved.solution.start_value(&game), Rational::from(3));
//! // With each payoff replaced by its sign the game is chess-like, and Max still wins from a.
//! let mut signs = graph.clone();
//! for p in signs.payoff.iter_mut().flatten() {
//!     *p = Rational::from(p.signum() as i64);
//! }
//! let chess = reach::from_graph(&signs).unwrap();
//! let solution = reach::solve(&chess);
//! assert_eq!(solution.values[0], reach::Outcome::Win);
//! assert!(solution.verify(&chess).is_ok());
//! ```
#![deny(missing_docs)]

pub mod dgg;
pub mod games;
pub mod generate;
pub mod reach;
pub mod solution_file;
pub mod verify;

use kalmar_core::{Arena, Certificate, Owner, Rational, Strategy, VerifyError, Vertex};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;

/// A totally ordered payoff with a zero (the payoff of infinite play).
pub trait Payoff: Ord + Clone + fmt::Debug + fmt::Display {
    /// The payoff of infinite play.
    fn zero() -> Self;

    /// The sign: less than, equal to or greater than zero.
    fn sign(&self) -> Ordering {
        self.cmp(&Self::zero())
    }
}

impl Payoff for Rational {
    fn zero() -> Self {
        Rational::ZERO
    }
    fn sign(&self) -> Ordering {
        self.signum()
    }
}

impl Payoff for i64 {
    fn zero() -> Self {
        0
    }
}

/// A two-player zero-sum game with payoffs at terminals: an arena whose vertices belong to Max,
/// Min or no one (terminals), and a payoff per terminal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TerminalGame<P> {
    arena: Arena,
    payoff: Vec<P>,
}

/// A deterministic graphical game: a terminal-payoff game with rational payoffs.
pub type Dgg = TerminalGame<Rational>;

/// Why an arena and payoffs do not make a terminal-payoff game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The game has no position at all, so it has no start position to solve from.
    #[error("the game has no positions")]
    Empty,
    /// The arena is not declared with two players.
    #[error("a two-player zero-sum game has players Max and Min; this one has {0} players")]
    Players(u8),
    /// A vertex belongs to chance.
    #[error("vertex {0}: belongs to chance, but this game has no moves of chance")]
    Owner(String),
    /// A terminal's payoff does not fit, or the payoff list has the wrong length.
    #[error("vertex {0}: {1}")]
    Payoff(String, String),
}

/// Checks that an arena can carry a terminal-payoff game: some positions, two players, no chance.
fn check_arena(arena: &Arena) -> Result<(), GameError> {
    if arena.num_vertices() == 0 {
        return Err(GameError::Empty);
    }
    if arena.num_players() != 2 {
        return Err(GameError::Players(arena.num_players()));
    }
    match arena.vertices().find(|&v| arena.owner(v) == Owner::Chance) {
        Some(v) => Err(GameError::Owner(arena.name(v).into_owned())),
        None => Ok(()),
    }
}

impl<P: Payoff> TerminalGame<P> {
    /// The game on `arena` paying `payoff[t]` at each terminal `t` (entries at non-terminals are
    /// ignored and stored as zero). The arena must have positions, two players and no chance.
    pub fn new(arena: Arena, mut payoff: Vec<P>) -> Result<Self, GameError> {
        check_arena(&arena)?;
        if payoff.len() != arena.num_vertices() {
            return Err(GameError::Payoff(
                String::from("-"),
                format!(
                    "{} payoffs for {} vertices",
                    payoff.len(),
                    arena.num_vertices()
                ),
            ));
        }
        for v in arena.vertices() {
            if !arena.is_terminal(v) {
                payoff[v.index()] = P::zero();
            }
        }
        Ok(TerminalGame { arena, payoff })
    }

    /// The game of a file's game graph. A terminal pays Max the single entry of its payoff vector,
    /// or the first of two that sum to zero (Max's and Min's); a terminal without a payoff pays 0.
    /// `convert` turns the payoff into `P` or says why it does not fit the family.
    pub fn from_graph(
        graph: &kalmar_core::format::GameGraph,
        convert: impl Fn(&Rational) -> Result<P, String>,
    ) -> Result<Self, GameError> {
        let payoff = Self::payoffs_of(graph, convert)?;
        TerminalGame::new(Arena::clone(&graph.arena), payoff)
    }

    /// [`TerminalGame::from_graph`] for a graph no longer needed: its arena is taken over, not
    /// copied (at 10⁷ arcs a copy is some 200 MB).
    pub fn from_owned_graph(
        graph: kalmar_core::format::GameGraph,
        convert: impl Fn(&Rational) -> Result<P, String>,
    ) -> Result<Self, GameError> {
        let payoff = Self::payoffs_of(&graph, convert)?;
        TerminalGame::new(std::sync::Arc::unwrap_or_clone(graph.arena), payoff)
    }

    /// The payoff of every vertex of `graph`, as [`TerminalGame::from_graph`] reads them.
    fn payoffs_of(
        graph: &kalmar_core::format::GameGraph,
        convert: impl Fn(&Rational) -> Result<P, String>,
    ) -> Result<Vec<P>, GameError> {
        let arena = &graph.arena;
        check_arena(arena)?;
        let name = |v: Vertex| arena.name(v).into_owned();
        let mut payoff = Vec::with_capacity(arena.num_vertices());
        for v in arena.vertices() {
            let given = graph.payoff.get(v.index()).map_or(&[][..], Vec::as_slice);
            let p = match given {
                [] => P::zero(),
                [x] => convert(x).map_err(|why| GameError::Payoff(name(v), why))?,
                [x, y] if (x + y).is_zero() => {
                    convert(x).map_err(|why| GameError::Payoff(name(v), why))?
                }
                _ => {
                    let payoffs: Vec<String> = given.iter().map(ToString::to_string).collect();
                    return Err(GameError::Payoff(
                        name(v),
                        format!(
                            "payoffs ({}) are not zero-sum; a two-player zero-sum game gives Max's payoff, which Min pays",
                            payoffs.join(", ")
                        ),
                    ));
                }
            };
            payoff.push(p);
        }
        Ok(payoff)
    }

    /// The game graph.
    pub fn arena(&self) -> &Arena {
        &self.arena
    }

    /// The payoff of terminal `t` (zero at non-terminals).
    #[inline]
    pub fn payoff(&self, t: Vertex) -> &P {
        &self.payoff[t.index()]
    }

    /// The payoffs of all vertices (zero at non-terminals).
    pub fn payoffs(&self) -> &[P] {
        &self.payoff
    }

    /// The terminals.
    pub fn terminals(&self) -> impl Iterator<Item = Vertex> + '_ {
        self.arena.vertices().filter(|&v| self.arena.is_terminal(v))
    }

    /// The start vertex: the arena's, or vertex 0.
    pub fn start(&self) -> Vertex {
        self.arena.start().unwrap_or(Vertex(0))
    }
}

/// A strong solution: the value of every position and a strategy for both players that is
/// optimal from every position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StrongSolution<P> {
    /// The value of each vertex (the payoff at terminals).
    pub values: Vec<P>,
    /// The chosen edge at each non-terminal, Max's and Min's.
    pub strategy: Strategy,
}

/// A weak solution: the value of the start position and a strategy for both players that is
/// optimal when play starts there.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WeakSolution<P> {
    /// The start position.
    pub start: Vertex,
    /// Its value.
    pub value: P,
    /// The chosen edge at each non-terminal, Max's and Min's.
    pub strategy: Strategy,
}

impl<P: Payoff> Certificate<TerminalGame<P>> for StrongSolution<P> {
    fn verify(&self, game: &TerminalGame<P>) -> Result<(), VerifyError> {
        verify::verify(game, &self.values, &self.strategy, None)
    }
}

impl<P: Payoff> Certificate<TerminalGame<P>> for WeakSolution<P> {
    fn verify(&self, game: &TerminalGame<P>) -> Result<(), VerifyError> {
        verify::verify(
            game,
            std::slice::from_ref(&self.value),
            &self.strategy,
            Some(self.start),
        )
    }
}
