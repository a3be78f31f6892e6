//! Impartial games given by their rules, and their memoised analysis.
//!
//! An [`Impartial`] game lists the options (the positions one move leads to) of a position, the
//! same for both players, and may split a position into a disjunctive sum of components. The
//! [`Analysis`] computes, with memoisation over positions:
//!
//! - in normal play (the last player to move wins) the nimber of every position reached, by the
//!   mex rule, and for a position that splits, by the Sprague–Grundy sum rule (the XOR of the
//!   components' nimbers); the outcome is P exactly when the nimber is 0;
//! - in misère play (the last player to move loses) the misère Grundy value G⁻ (the mex of the
//!   options' values, and 1 for a position without moves); the outcome is P exactly when
//!   G⁻ = 0. Sums do not obey the XOR rule in misère play, so components are not used.
//!
//! The search is iterative (an explicit stack), so deep games do not overflow the call stack,
//! and it stops with [`CgtError::Loop`] on a position that can be repeated (the theory needs
//! games that end) and with [`CgtError::Limit`] when more positions than allowed are stored.
//!
//! # Complexity
//! Each distinct position reached is expanded once: O(Σ options) time and hash-map lookups,
//! O(positions) memory.
//!
//! ```
//! use kalmar_cgt::{Analysis, Outcome, Play, nim::Nim};
//! let mut analysis = Analysis::new(&Nim);
//! assert_eq!(analysis.nimber(&vec![1, 2, 4]).unwrap(), 7);
//! assert_eq!(analysis.outcome(Play::Normal, &vec![1, 2, 3]).unwrap(), Outcome::P);
//! // Misère: three heaps of one counter; whoever takes the last one loses.
//! assert_eq!(analysis.outcome(Play::Misere, &vec![1, 1, 1]).unwrap(), Outcome::P);
//! ```

use crate::mex::ValueSet;
use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};
use serde::Serialize;
use std::fmt::Debug;
use std::hash::Hash;

/// An impartial game: both players have the same moves from every position.
pub trait Impartial {
    /// A position of the game.
    type Position: Clone + Eq + Hash + Debug;

    /// Appends the options of `position` (the positions one move leads to) to `out`.
    fn options(&self, position: &Self::Position, out: &mut Vec<Self::Position>);

    /// If `position` is a disjunctive sum of two or more independent components, appends them to
    /// `out` and returns `true`; otherwise returns `false` (the default). A component must not
    /// split further into itself alone.
    fn components(&self, position: &Self::Position, out: &mut Vec<Self::Position>) -> bool {
        let _ = (position, out);
        false
    }
}

/// Who wins when the last player to move wins (normal play) or loses (misère play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Play {
    /// The player who cannot move loses.
    Normal,
    /// The player who cannot move wins.
    Misere,
}

/// The outcome class of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Outcome {
    /// The next player (the one to move) wins.
    N,
    /// The previous player (the one who just moved) wins.
    P,
}

impl Outcome {
    /// The outcome of a position whose (normal or misère) Grundy value is `value`.
    pub fn of_value(value: u32) -> Self {
        if value == 0 { Outcome::P } else { Outcome::N }
    }

    /// The outcome when the player to move wins (`true`) or loses.
    pub fn of_mover(wins: bool) -> Self {
        if wins { Outcome::N } else { Outcome::P }
    }

    /// The outcome said of a named player to move, as
    /// "P-position: the player to move (Max) loses".
    ///
    /// ```
    /// use kalmar_cgt::Outcome;
    /// assert_eq!(Outcome::N.to_string(), "N-position: the player to move wins");
    /// assert_eq!(Outcome::P.with_mover("Max"), "P-position: the player to move (Max) loses");
    /// ```
    pub fn with_mover(self, name: &str) -> String {
        let (class, verb) = self.parts();
        format!("{class}: the player to move ({name}) {verb}")
    }

    fn parts(self) -> (&'static str, &'static str) {
        match self {
            Outcome::N => ("N-position", "wins"),
            Outcome::P => ("P-position", "loses"),
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (class, verb) = self.parts();
        write!(f, "{class}: the player to move {verb}")
    }
}

/// Why an analysis stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CgtError {
    /// A position can be reached from itself, so the game need not end.
    #[error("position {0} can be reached from itself; impartial game theory needs games that end")]
    Loop(String),
    /// More positions than the limit would have to be stored.
    #[error("more than {0} positions would have to be stored; the analysis was stopped")]
    Limit(usize),
}

/// A memoised analysis of one game: the values of every position it has met are kept, so
/// later questions about related positions are cheap.
pub struct Analysis<'g, G: Impartial> {
    game: &'g G,
    normal: HashMap<G::Position, u32>,
    misere: HashMap<G::Position, u32>,
    limit: usize,
}

/// One position being expanded: its children (options, or components) and how far through them
/// the search is.
struct Frame<P> {
    position: P,
    children: Vec<P>,
    next: usize,
    is_sum: bool,
}

impl<'g, G: Impartial> Analysis<'g, G> {
    /// A fresh analysis of `game`, storing at most `usize::MAX` positions.
    pub fn new(game: &'g G) -> Self {
        Analysis {
            game,
            normal: HashMap::new(),
            misere: HashMap::new(),
            limit: usize::MAX,
        }
    }

    /// The same analysis, stopping with [`CgtError::Limit`] once more than `limit` positions
    /// would be stored (per convention of play).
    pub fn with_limit(mut self, limit: usize) -> Self {
        self.limit = limit;
        self
    }

    /// The game analysed.
    pub fn game(&self) -> &'g G {
        self.game
    }

    /// The number of positions whose value is stored (both conventions together).
    pub fn positions_solved(&self) -> usize {
        self.normal.len() + self.misere.len()
    }

    /// The nimber (normal-play Grundy value) of `position`.
    pub fn nimber(&mut self, position: &G::Position) -> Result<u32, CgtError> {
        self.value(Play::Normal, position)
    }

    /// The misère Grundy value of `position`: 1 without moves, else the mex of its options'.
    pub fn misere_value(&mut self, position: &G::Position) -> Result<u32, CgtError> {
        self.value(Play::Misere, position)
    }

    /// The outcome class of `position` under `play`.
    pub fn outcome(&mut self, play: Play, position: &G::Position) -> Result<Outcome, CgtError> {
        Ok(Outcome::of_value(self.value(play, position)?))
    }

    /// An option of `position` that is a P-position under `play` (a winning move), if any.
    pub fn winning_move(
        &mut self,
        play: Play,
        position: &G::Position,
    ) -> Result<Option<G::Position>, CgtError> {
        let mut options = Vec::new();
        self.game.options(position, &mut options);
        for option in options {
            if self.value(play, &option)? == 0 {
                return Ok(Some(option));
            }
        }
        Ok(None)
    }

    /// The Grundy value of `position` under `play`.
    pub fn value(&mut self, play: Play, position: &G::Position) -> Result<u32, CgtError> {
        if let Some(&v) = self.memo(play).get(position) {
            return Ok(v);
        }
        let mut on_stack = HashSet::new();
        let mut stack = vec![self.frame(play, position.clone())];
        on_stack.insert(position.clone());
        let mut set = ValueSet::new();
        while let Some(top) = stack.last_mut() {
            let memo = match play {
                Play::Normal => &self.normal,
                Play::Misere => &self.misere,
            };
            while top.next < top.children.len() && memo.contains_key(&top.children[top.next]) {
                top.next += 1;
            }
            if let Some(child) = top.children.get(top.next) {
                if on_stack.contains(child) {
                    return Err(CgtError::Loop(format!("{child:?}")));
                }
                // Positions on the stack are held too: a deep game is refused before its
                // path alone outgrows the limit.
                if memo.len().saturating_add(on_stack.len()) >= self.limit {
                    return Err(CgtError::Limit(self.limit));
                }
                let child = child.clone();
                on_stack.insert(child.clone());
                let frame = self.frame(play, child);
                stack.push(frame);
                continue;
            }
            let Frame {
                position,
                children,
                is_sum,
                ..
            } = stack
                .pop()
                .expect("the loop runs while the stack is not empty");
            let value = if is_sum {
                children.iter().fold(0, |x, c| x ^ memo[c])
            } else if children.is_empty() && play == Play::Misere {
                1
            } else {
                set.clear();
                for c in &children {
                    set.insert(memo[c]);
                }
                set.mex()
            };
            on_stack.remove(&position);
            let limit = self.limit;
            let memo = self.memo(play);
            if memo.len() >= limit {
                return Err(CgtError::Limit(limit));
            }
            memo.insert(position, value);
        }
        Ok(self.memo(play)[position])
    }

    fn memo(&mut self, play: Play) -> &mut HashMap<G::Position, u32> {
        match play {
            Play::Normal => &mut self.normal,
            Play::Misere => &mut self.misere,
        }
    }

    fn frame(&self, play: Play, position: G::Position) -> Frame<G::Position> {
        let mut children = Vec::new();
        let is_sum = play == Play::Normal && self.game.components(&position, &mut children);
        if !is_sum {
            children.clear();
            self.game.options(&position, &mut children);
        }
        Frame {
            position,
            children,
            next: 0,
            is_sum,
        }
    }
}

/// A Nim-like game given by a closure that lists the options of a position: the quickest way
/// to analyse a game of one's own.
///
/// ```
/// use kalmar_cgt::{Analysis, FnGame};
/// // Take 1 or 2 from a pile: the multiples of 3 are P-positions.
/// let game = FnGame::new(|&n: &u32, out: &mut Vec<u32>| {
///     out.extend([1, 2].iter().filter(|&&k| k <= n).map(|k| n - k))
/// });
/// let mut analysis = Analysis::new(&game);
/// assert_eq!(analysis.nimber(&9).unwrap(), 0);
/// assert_eq!(analysis.nimber(&10).unwrap(), 1);
/// ```
pub struct FnGame<P, F> {
    options: F,
    _position: std::marker::PhantomData<fn(&P)>,
}

impl<P, F> FnGame<P, F>
where
    F: Fn(&P, &mut Vec<P>),
{
    /// The game whose options are listed by `options`.
    pub fn new(options: F) -> Self {
        FnGame {
            options,
            _position: std::marker::PhantomData,
        }
    }
}

impl<P, F> Impartial for FnGame<P, F>
where
    P: Clone + Eq + Hash + Debug,
    F: Fn(&P, &mut Vec<P>),
{
    type Position = P;

    fn options(&self, position: &P, out: &mut Vec<P>) {
        (self.options)(position, out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loop_is_an_error() {
        let game = FnGame::new(|&n: &u8, out: &mut Vec<u8>| out.push((n + 1) % 3));
        let err = Analysis::new(&game).nimber(&0).unwrap_err();
        assert!(matches!(err, CgtError::Loop(_)), "{err}");
    }

    #[test]
    fn the_limit_stops_the_search() {
        let game = FnGame::new(|&n: &u32, out: &mut Vec<u32>| out.extend(n.checked_sub(1)));
        let mut analysis = Analysis::new(&game).with_limit(10);
        assert_eq!(analysis.nimber(&100), Err(CgtError::Limit(10)));
        // The path being searched counts too, not only the positions already solved.
        let mut deep = Analysis::new(&game).with_limit(10);
        assert_eq!(deep.nimber(&u32::MAX), Err(CgtError::Limit(10)));
    }

    #[test]
    fn deep_games_do_not_overflow_the_stack() {
        // A single path of 200,000 moves: the values alternate 0, 1.
        let game = FnGame::new(|&n: &u32, out: &mut Vec<u32>| out.extend(n.checked_sub(1)));
        let mut analysis = Analysis::new(&game);
        assert_eq!(analysis.nimber(&200_000).unwrap(), 0);
        assert_eq!(analysis.nimber(&199_999).unwrap(), 1);
        // Misère: the position without moves has value 1, so the parity flips.
        assert_eq!(analysis.misere_value(&200_000).unwrap(), 1);
    }

    #[test]
    fn terminal_positions() {
        let game = FnGame::new(|_: &u8, _: &mut Vec<u8>| {});
        let mut analysis = Analysis::new(&game);
        assert_eq!(analysis.outcome(Play::Normal, &0).unwrap(), Outcome::P);
        assert_eq!(analysis.outcome(Play::Misere, &0).unwrap(), Outcome::N);
        assert_eq!(analysis.winning_move(Play::Normal, &0).unwrap(), None);
    }
}
