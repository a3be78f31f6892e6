//! Nim under normal play: heaps of tokens; a move takes one or more tokens from one heap; the
//! player who cannot move (all heaps empty) loses.
//!
//! By Bouton's theorem (1901) the player to move wins exactly when the XOR of the heap sizes (the
//! nim-sum) is not zero, which makes Nim a check of any solver. The game is finite, so every
//! position is won or lost.
//!
//! States record the heaps in their given order and whose turn it is; there are
//! `2 · Π (h_i + 1)` of them ([`Nim::num_states`]), and a heap of size `h` offers `h` moves.
//!
//! ```
//! use kalmar_terminal::games::nim::Nim;
//! use kalmar_terminal::reach::{self, Outcome};
//! let nim = Nim::new(vec![3, 4, 5]);
//! assert!(nim.first_player_wins()); // 3 ^ 4 ^ 5 == 2
//! let (explored, solution) = reach::solve_implicit(&nim, 1_000).unwrap();
//! assert_eq!(solution.values[0], Outcome::Win); // vertex 0 is the start, Max to move
//! // In the terms of impartial games: an N-position, the player to move wins.
//! assert_eq!(Nim::mover_wins(&explored.states[0], solution.values[0]), Some(true));
//! ```

use crate::reach::Outcome;
use kalmar_core::{Game, Player, Rational, Turn};

/// Nim with the given heaps; Max moves first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    /// The starting heap sizes.
    pub heaps: Vec<u32>,
}

/// A position of Nim: the heaps and who is to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NimState {
    /// The heap sizes.
    pub heaps: Vec<u32>,
    /// The player to move.
    pub to_move: Player,
}

/// A move of Nim: take `count` (at least one) tokens from heap `heap`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Take {
    /// The index of the heap.
    pub heap: usize,
    /// How many tokens are taken.
    pub count: u32,
}

impl Nim {
    /// Nim with these heaps.
    pub fn new(heaps: Vec<u32>) -> Self {
        Nim { heaps }
    }

    /// The XOR of the heap sizes.
    pub fn nim_sum(&self) -> u32 {
        self.heaps.iter().fold(0, |x, h| x ^ h)
    }

    /// Whether the first player (Max) wins, by Bouton's rule: exactly when the nim-sum is not 0.
    pub fn first_player_wins(&self) -> bool {
        self.nim_sum() != 0
    }

    /// Whether the player to move in `state` wins, given the state's solved outcome (Win: Max
    /// wins); `None` for a draw, which Nim does not have. This is the impartial-game reading
    /// of a solution: an N-position when the player to move wins, a P-position when it loses.
    pub fn mover_wins(state: &NimState, outcome: Outcome) -> Option<bool> {
        match outcome {
            Outcome::Draw => None,
            Outcome::Win => Some(state.to_move == Player::MAX),
            Outcome::Loss => Some(state.to_move != Player::MAX),
        }
    }

    /// The number of states, `2 · Π (h_i + 1)`, or `None` if it does not fit a `u64`.
    pub fn num_states(&self) -> Option<u64> {
        self.heaps
            .iter()
            .try_fold(2u64, |acc, &h| acc.checked_mul(u64::from(h) + 1))
    }
}

impl Game for Nim {
    type State = NimState;
    type Action = Take;

    fn num_players(&self) -> u8 {
        2
    }

    fn initial_state(&self) -> NimState {
        NimState {
            heaps: self.heaps.clone(),
            to_move: Player::MAX,
        }
    }

    fn turn(&self, state: &NimState) -> Turn {
        if state.heaps.iter().all(|&h| h == 0) {
            Turn::Terminal
        } else {
            Turn::Player(state.to_move)
        }
    }

    fn legal_actions(&self, state: &NimState, actions: &mut Vec<Take>) {
        for (heap, &size) in state.heaps.iter().enumerate() {
            actions.extend((1..=size).map(|count| Take { heap, count }));
        }
    }

    fn apply(&self, state: &NimState, action: &Take) -> NimState {
        let mut heaps = state.heaps.clone();
        if let Some(h) = heaps.get_mut(action.heap) {
            *h = h.saturating_sub(action.count);
        }
        NimState {
            heaps,
            to_move: state.to_move.opponent(),
        }
    }

    /// The player to move cannot move and loses.
    fn returns(&self, state: &NimState) -> Vec<Rational> {
        let max = -Outcome::won_by(state.to_move);
        vec![max.to_rational(), (-max).to_rational()]
    }

    fn state_name(&self, state: &NimState) -> String {
        let mover = if state.to_move == Player::MAX {
            "Max"
        } else {
            "Min"
        };
        if state.heaps.is_empty() {
            return format!("no heaps, {mover} to move");
        }
        let heaps: Vec<String> = state.heaps.iter().map(u32::to_string).collect();
        format!("heaps {}, {mover} to move", heaps.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reach::{from_explored, solve_implicit};
    use kalmar_core::Certificate;

    #[test]
    fn values_follow_the_xor_rule_everywhere() {
        let mut heaps = vec![0u32; 3];
        for code in 0..(5 * 5 * 5) {
            for (i, h) in heaps.iter_mut().enumerate() {
                *h = (code / 5u32.pow(i as u32)) % 5;
            }
            let nim = Nim::new(heaps.clone());
            let (explored, solution) = solve_implicit(&nim, 10_000).unwrap();
            assert_eq!(
                explored.arena.num_vertices() as u64,
                explored.states.len() as u64
            );
            for v in explored.arena.vertices() {
                let state = &explored.states[v.index()];
                let position = Nim::new(state.heaps.clone());
                let mover_wins = position.first_player_wins();
                let expected = if mover_wins {
                    Outcome::won_by(state.to_move)
                } else {
                    -Outcome::won_by(state.to_move)
                };
                assert_eq!(solution.values[v.index()], expected, "{state:?}");
                assert_eq!(explored.arena.is_terminal(v), state.heaps == [0, 0, 0]);
            }
            let game = from_explored(&explored).unwrap();
            solution.verify(&game).unwrap();
        }
    }

    #[test]
    fn names_and_counts() {
        let nim = Nim::new(vec![3, 4, 5]);
        assert_eq!(
            nim.state_name(&nim.initial_state()),
            "heaps 3 4 5, Max to move"
        );
        assert_eq!(nim.num_states(), Some(2 * 4 * 5 * 6));
        assert_eq!(Nim::new(vec![u32::MAX; 3]).num_states(), None);
        let empty = Nim::new(Vec::new());
        assert_eq!(empty.turn(&empty.initial_state()), Turn::Terminal);
        assert_eq!(
            empty.returns(&empty.initial_state()),
            vec![Rational::from(-1), Rational::from(1)]
        );
        assert_eq!(
            empty.state_name(&empty.initial_state()),
            "no heaps, Max to move"
        );
    }
}
