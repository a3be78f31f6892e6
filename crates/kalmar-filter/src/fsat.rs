//! The 3-FSAT-GAME of Definition 2 and Theorem 1 of the paper: a two-player FOSG whose history
//! construction problem is functional satisfiability.
//!
//! Player 0 chooses a truth assignment of `m` variables (nobody else sees it); then, for a fixed
//! number of rounds, player 1 takes the single action `go` and a 3-CNF clause satisfied by the
//! assignment is drawn uniformly at random and shown to everybody. A public state is therefore a
//! satisfiable 3-CNF formula, and a history of it is an assignment satisfying every clause:
//! constructing one solves the formula. The game's rewards are all zero.
//!
//! ```
//! use kalmar_filter::fsat::FsatGame;
//! use kalmar_filter::{Uniform, construct};
//! // Three variables, one round: the public state is one clause, and an assignment satisfies it.
//! let game = FsatGame::new(3, 1);
//! let clause = game.clauses()[0];
//! let target = game.public_state(&[clause]);
//! let history = construct(&game, &Uniform, &target, None).unwrap();
//! assert!(history.is_some());
//! ```

use crate::fosg::Fosg;
use kalmar_core::{Player, Rational};
use std::fmt;

/// A literal: variable index and whether it is negated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Literal {
    /// The variable, from 0.
    pub var: u8,
    /// Whether the literal is `¬x`.
    pub negated: bool,
}

/// A clause of three literals over three different variables, in increasing variable order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Clause(pub [Literal; 3]);

impl Clause {
    /// Whether `assignment` (bit `i` is variable `i`) satisfies the clause.
    pub fn satisfied_by(&self, assignment: u32) -> bool {
        self.0
            .iter()
            .any(|l| (assignment >> l.var & 1 == 1) != l.negated)
    }
}

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c] = self
            .0
            .map(|l| format!("{}x{}", if l.negated { "!" } else { "" }, l.var));
        write!(f, "({a}|{b}|{c})")
    }
}

/// The 3-FSAT-GAME with `variables` variables and `rounds` clauses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FsatGame {
    variables: u8,
    rounds: usize,
}

impl FsatGame {
    /// A game of `variables` (3 to 16) variables and `rounds` clauses.
    ///
    /// # Panics
    /// If `variables` is out of range.
    pub fn new(variables: usize, rounds: usize) -> Self {
        assert!((3..=16).contains(&variables), "3 to 16 variables");
        FsatGame {
            variables: variables as u8,
            rounds,
        }
    }

    /// All clauses of three different variables.
    pub fn clauses(&self) -> Vec<Clause> {
        let n = self.variables;
        let mut all = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    for signs in 0..8u8 {
                        let lit = |var, bit: u8| Literal {
                            var,
                            negated: signs >> bit & 1 == 1,
                        };
                        all.push(Clause([lit(a, 0), lit(b, 1), lit(c, 2)]));
                    }
                }
            }
        }
        all
    }

    /// The public state of a formula: the start, then one clause per round.
    pub fn public_state(&self, formula: &[Clause]) -> Vec<FsatObs> {
        std::iter::once(FsatObs::Chosen)
            .chain(formula.iter().map(|&c| FsatObs::Clause(c)))
            .collect()
    }
}

/// A world state: the start, or the chosen assignment with the round number and the last clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FsatWorld {
    /// Before player 0 chooses.
    Start,
    /// After the choice.
    Chosen {
        /// The assignment, bit `i` for variable `i`.
        assignment: u32,
        /// Clauses drawn so far.
        round: usize,
        /// The last clause drawn.
        last: Option<Clause>,
    },
}

/// An action: player 0's assignment or player 1's `go`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FsatAction {
    /// Choose this assignment.
    Assign(u32),
    /// Draw the next clause.
    Go,
}

impl fmt::Display for FsatAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FsatAction::Assign(a) => write!(f, "assign{a}"),
            FsatAction::Go => f.write_str("go"),
        }
    }
}

/// The random part of a step: the clause drawn, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FsatOutcome {
    /// The choice of an assignment (deterministic).
    Chosen,
    /// This clause was drawn.
    Clause(Clause),
}

/// An observation (public, and also the private one of player 0, who sees the assignment).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FsatObs {
    /// Nothing but that a step happened.
    Chosen,
    /// This clause was drawn.
    Clause(Clause),
    /// Player 0's private view of the assignment chosen.
    Assignment(u32),
}

impl fmt::Display for FsatObs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FsatObs::Chosen => f.write_str("-"),
            FsatObs::Clause(c) => write!(f, "{c}"),
            FsatObs::Assignment(a) => write!(f, "assignment{a}"),
        }
    }
}

impl Fosg for FsatGame {
    type World = FsatWorld;
    type Action = FsatAction;
    type Outcome = FsatOutcome;
    type PublicObs = FsatObs;
    type PrivateObs = FsatObs;

    fn num_players(&self) -> usize {
        2
    }

    fn initial(&self) -> FsatWorld {
        FsatWorld::Start
    }

    fn is_terminal(&self, world: &FsatWorld) -> bool {
        matches!(world, FsatWorld::Chosen { round, .. } if *round == self.rounds)
    }

    fn acting(&self, world: &FsatWorld) -> Vec<Player> {
        match world {
            FsatWorld::Start => vec![Player(0)],
            FsatWorld::Chosen { .. } => vec![Player(1)],
        }
    }

    fn legal_actions(&self, world: &FsatWorld, player: Player) -> Vec<FsatAction> {
        match (world, player.index()) {
            (FsatWorld::Start, 0) => (0..1u32 << self.variables)
                .map(FsatAction::Assign)
                .collect(),
            (FsatWorld::Chosen { .. }, 1) => vec![FsatAction::Go],
            _ => Vec::new(),
        }
    }

    fn transition(&self, world: &FsatWorld, _: &[FsatAction]) -> Vec<(FsatOutcome, Rational)> {
        match world {
            FsatWorld::Start => vec![(FsatOutcome::Chosen, Rational::from(1))],
            FsatWorld::Chosen { assignment, .. } => {
                let satisfied: Vec<Clause> = self
                    .clauses()
                    .into_iter()
                    .filter(|c| c.satisfied_by(*assignment))
                    .collect();
                let p = Rational::new(1, satisfied.len() as i64);
                satisfied
                    .into_iter()
                    .map(|c| (FsatOutcome::Clause(c), p.clone()))
                    .collect()
            }
        }
    }

    fn next(&self, world: &FsatWorld, joint: &[FsatAction], outcome: &FsatOutcome) -> FsatWorld {
        match (world, joint.first(), outcome) {
            (FsatWorld::Start, Some(FsatAction::Assign(a)), _) => FsatWorld::Chosen {
                assignment: *a,
                round: 0,
                last: None,
            },
            (
                FsatWorld::Chosen {
                    assignment, round, ..
                },
                _,
                FsatOutcome::Clause(c),
            ) => FsatWorld::Chosen {
                assignment: *assignment,
                round: round + 1,
                last: Some(*c),
            },
            _ => *world,
        }
    }

    fn rewards(&self, _: &FsatWorld, _: &[FsatAction]) -> Vec<Rational> {
        vec![Rational::from(0); 2]
    }

    fn public_observation(&self, _: &FsatWorld, _: &[FsatAction], next: &FsatWorld) -> FsatObs {
        match next {
            FsatWorld::Chosen {
                last: Some(clause), ..
            } => FsatObs::Clause(*clause),
            _ => FsatObs::Chosen,
        }
    }

    fn private_observation(
        &self,
        world: &FsatWorld,
        _: &[FsatAction],
        next: &FsatWorld,
        player: Player,
    ) -> FsatObs {
        match (world, next, player.index()) {
            (FsatWorld::Start, FsatWorld::Chosen { assignment, .. }, 0) => {
                FsatObs::Assignment(*assignment)
            }
            _ => FsatObs::Chosen,
        }
    }
}
