//! Nukit (Canadian Computing Competition 2008, senior problem 5; the PEGWiki page on game
//! theory): there are counts of four kinds of particles, A, B, C and D; a move forms one
//! reaction, which consumes a fixed number of particles of each kind; the player who cannot
//! form a reaction loses. Patrick moves first, so he wins exactly from N-positions.
//!
//! The reactions of the competition are AABDD, ABCD, CCD, BBB and AD ([`Nukit::ccc2008`]); any
//! other list can be given. The analysis is the seed's recursion over the particle counts,
//! memoised ([`crate::Analysis`]).
//!
//! # Complexity
//! O(Π (cᵢ + 1) · reactions) for counts c: each count vector below the start is met at most once.
//!
//! ```
//! use kalmar_cgt::{Outcome, nukit::Nukit};
//! // The contest's sample: Roland wins from 0 2 0 2.
//! let answer = Nukit::ccc2008().solve([0, 2, 0, 2], 1 << 20).unwrap();
//! assert_eq!((answer.outcome, answer.winner), (Outcome::P, "Roland"));
//! ```

use crate::impartial::{Analysis, CgtError, Impartial, Outcome, Play};
use kalmar_core::{ParseError, Span};
use serde::Serialize;

/// Particle counts of A, B, C and D.
pub type Particles = [u32; 4];

/// The Nukit game with its reactions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nukit {
    reactions: Vec<Particles>,
}

impl Nukit {
    /// The game with these reactions; reactions that consume nothing are dropped (they would
    /// let the game go on forever).
    pub fn new(reactions: Vec<Particles>) -> Self {
        Nukit {
            reactions: reactions
                .into_iter()
                .filter(|r| r.iter().any(|&c| c > 0))
                .collect(),
        }
    }

    /// The reactions of the 2008 competition: AABDD, ABCD, CCD, BBB, AD.
    pub fn ccc2008() -> Self {
        Nukit::new(vec![
            [2, 1, 0, 2],
            [1, 1, 1, 1],
            [0, 0, 2, 1],
            [0, 3, 0, 0],
            [1, 0, 0, 1],
        ])
    }

    /// The reactions.
    pub fn reactions(&self) -> &[Particles] {
        &self.reactions
    }

    /// The counts after forming `reaction` from `particles`, if there are enough particles.
    pub fn react(particles: &Particles, reaction: &Particles) -> Option<Particles> {
        let mut after = *particles;
        for (left, used) in after.iter_mut().zip(reaction) {
            *left = left.checked_sub(*used)?;
        }
        Some(after)
    }

    /// Reads a reaction written with letters, as in the problem: `AABDD` consumes two A, one B
    /// and two D.
    ///
    /// ```
    /// assert_eq!(kalmar_cgt::nukit::Nukit::parse_reaction("AABDD").unwrap(), [2, 1, 0, 2]);
    /// assert_eq!(kalmar_cgt::nukit::Nukit::parse_reaction("ABX").unwrap_err().span().column, 3);
    /// ```
    pub fn parse_reaction(text: &str) -> Result<Particles, ParseError> {
        let mut counts = [0u32; 4];
        for (i, c) in text.chars().enumerate() {
            let kind = match c.to_ascii_uppercase() {
                'A' => 0,
                'B' => 1,
                'C' => 2,
                'D' => 3,
                _ => {
                    let column = u32::try_from(i + 1).unwrap_or(u32::MAX);
                    return Err(ParseError::new(
                        Span { line: 1, column },
                        format!("'{c}'"),
                        "a particle A, B, C or D",
                    ));
                }
            };
            counts[kind] = counts[kind].saturating_add(1);
        }
        if counts == [0; 4] {
            return Err(ParseError::new(
                Span { line: 1, column: 1 },
                "an empty reaction",
                "particles A, B, C or D, such as AABDD",
            ));
        }
        Ok(counts)
    }

    /// A reaction written with letters, as in the problem (AABDD).
    pub fn name(reaction: &Particles) -> String {
        reaction
            .iter()
            .zip(['A', 'B', 'C', 'D'])
            .flat_map(|(&n, c)| std::iter::repeat_n(c, n as usize))
            .collect()
    }
}

/// Who wins a game of Nukit, and with which reaction.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NukitAnswer {
    /// The counts of A, B, C and D at the start.
    pub particles: Particles,
    /// N: Patrick, who moves first, wins; P: Roland wins.
    pub outcome: Outcome,
    /// `"Patrick"` or `"Roland"`.
    pub winner: &'static str,
    /// A reaction that wins for Patrick, by its letters.
    pub winning_reaction: Option<String>,
}

/// Why a game of Nukit is not solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NukitError {
    /// The search could visit more positions than allowed; refused before it started.
    #[error(
        "the search could visit up to {estimate} positions (the counts reachable by the \
         reactions), more than the {limit} allowed; ask for fewer particles"
    )]
    TooLarge {
        /// The bound on the positions reachable from the start.
        estimate: u128,
        /// The most positions allowed.
        limit: usize,
    },
    /// The search stopped.
    #[error("{0}; ask for fewer particles")]
    Search(#[from] CgtError),
}

impl Nukit {
    /// An upper bound on the positions reachable from `start`, which the search may visit:
    /// reaction r can be formed at most fᵣ = min over its particles of ⌊cᵢ / rᵢ⌋ times, so a
    /// reachable position is fixed by how often each reaction was formed (at most Π (fᵣ + 1)),
    /// and kind i loses at most min(cᵢ, Σᵣ rᵢ fᵣ) particles (at most Π (that + 1)); the smaller
    /// product. Saturates at `u128::MAX`.
    ///
    /// ```
    /// use kalmar_cgt::nukit::Nukit;
    /// // Only AD and AABDD use A without B, C; with no D nothing can be formed.
    /// assert_eq!(Nukit::ccc2008().positions_bound([1_000_000_000, 0, 0, 0]), 1);
    /// assert_eq!(Nukit::new(vec![[1, 0, 0, 0]]).positions_bound([9, 5, 0, 0]), 10);
    /// ```
    pub fn positions_bound(&self, start: Particles) -> u128 {
        let fired: Vec<u128> = self
            .reactions
            .iter()
            .map(|r| {
                (0..4)
                    .filter(|&i| r[i] > 0)
                    .map(|i| u128::from(start[i] / r[i]))
                    .min()
                    .unwrap_or(0)
            })
            .collect();
        let by_reactions = fired
            .iter()
            .fold(1u128, |acc, &f| acc.saturating_mul(f + 1));
        let by_counts = (0..4).fold(1u128, |acc, i| {
            let most = self
                .reactions
                .iter()
                .zip(&fired)
                .fold(0u128, |sum, (r, &f)| {
                    sum.saturating_add(u128::from(r[i]).saturating_mul(f))
                });
            acc.saturating_mul(most.min(u128::from(start[i])) + 1)
        });
        by_reactions.min(by_counts)
    }

    /// Who wins from `start`, searching at most `limit` positions; refused before the search
    /// when [`Nukit::positions_bound`] exceeds `limit`.
    ///
    /// ```
    /// use kalmar_cgt::{Outcome, nukit::Nukit};
    /// let answer = Nukit::ccc2008().solve([1, 3, 1, 3], 1 << 20).unwrap();
    /// assert_eq!(answer.outcome, Outcome::N);
    /// assert_eq!(answer.winning_reaction.as_deref(), Some("ABCD"));
    /// ```
    pub fn solve(&self, start: Particles, limit: usize) -> Result<NukitAnswer, NukitError> {
        let estimate = self.positions_bound(start);
        if estimate > limit as u128 {
            return Err(NukitError::TooLarge { estimate, limit });
        }
        let mut analysis = Analysis::new(self).with_limit(limit);
        let outcome = analysis.outcome(Play::Normal, &start)?;
        let winning_reaction = match analysis.winning_move(Play::Normal, &start)? {
            Some(after) => self
                .reactions
                .iter()
                .find(|r| Nukit::react(&start, r) == Some(after))
                .map(Nukit::name),
            None => None,
        };
        Ok(NukitAnswer {
            particles: start,
            outcome,
            winner: if outcome == Outcome::N {
                "Patrick"
            } else {
                "Roland"
            },
            winning_reaction,
        })
    }
}

impl Impartial for Nukit {
    type Position = Particles;

    fn options(&self, particles: &Particles, out: &mut Vec<Particles>) {
        out.extend(
            self.reactions
                .iter()
                .filter_map(|r| Nukit::react(particles, r)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{Analysis, Outcome, Play};

    #[test]
    fn the_competition_samples() {
        // Sample input 0 2 0 2: no reaction can be formed, Roland wins; 1 3 1 3: Patrick wins.
        let game = Nukit::ccc2008();
        let mut analysis = Analysis::new(&game);
        assert_eq!(
            analysis.outcome(Play::Normal, &[0, 2, 0, 2]).unwrap(),
            Outcome::P
        );
        assert_eq!(
            analysis.outcome(Play::Normal, &[1, 3, 1, 3]).unwrap(),
            Outcome::N
        );
        assert_eq!(Nukit::name(&game.reactions()[0]), "AABDD");
    }

    #[test]
    fn huge_counts_are_refused_before_the_search() {
        let game = Nukit::ccc2008();
        let err = game.solve([1_000_000_000; 4], 1 << 20).unwrap_err();
        let NukitError::TooLarge { estimate, limit } = err else {
            panic!("{err}");
        };
        assert!(estimate > 1u128 << 60, "{estimate}");
        assert_eq!(limit, 1 << 20);
        // The bound holds: it is at least the positions the search stores.
        for p in [[3, 4, 2, 5], [6, 6, 6, 6], [0, 9, 0, 0]] {
            let mut analysis = Analysis::new(&game);
            analysis.outcome(Play::Normal, &p).unwrap();
            assert!(
                analysis.positions_solved() as u128 <= game.positions_bound(p),
                "{p:?}"
            );
        }
    }

    /// The seed's recursion without memoisation: P when every reaction leads to an N-position.
    fn wins(game: &Nukit, p: &Particles) -> bool {
        game.reactions()
            .iter()
            .filter_map(|r| Nukit::react(p, r))
            .any(|q| !wins(game, &q))
    }

    #[test]
    fn memoised_search_agrees_with_plain_recursion() {
        let game = Nukit::ccc2008();
        let mut analysis = Analysis::new(&game);
        for a in 0..5 {
            for b in 0..5 {
                for c in 0..4 {
                    for d in 0..5 {
                        let p = [a, b, c, d];
                        let n = analysis.outcome(Play::Normal, &p).unwrap() == Outcome::N;
                        assert_eq!(n, wins(&game, &p), "{p:?}");
                    }
                }
            }
        }
    }
}
