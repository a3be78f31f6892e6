//! PGSolver's [`towersofhanoi`], a reachability game on the states of the puzzle.
//!
//! ```
//! use kalmar_parity::{Options, generate::towersofhanoi, solve};
//! let game = towersofhanoi(2).unwrap();
//! assert!(game.arena().num_vertices() >= 9);
//! assert!(solve(&game, &Options::default()).unwrap().verified);
//! ```

use super::listed::{Description, EVEN, explore};
use crate::ParityGame;
use kalmar_core::Player;
use kalmar_core::generate::{GenerateError, check_size};

/// A state of the towers of Hanoi: the disks on each peg, top first (disk 1 is the smallest).
type Towers = [Vec<u8>; 3];

struct Hanoi;

impl Hanoi {
    fn finished(ts: &Towers) -> bool {
        ts[0].is_empty() && ts[2].is_empty()
    }
}

impl Description for Hanoi {
    type Node = Towers;

    fn owner(&self, _: &Towers) -> Player {
        EVEN
    }

    fn priority(&self, ts: &Towers) -> u32 {
        if Hanoi::finished(ts) { 0 } else { 1 }
    }

    fn successors(&self, ts: &Towers) -> Vec<Towers> {
        if Hanoi::finished(ts) {
            return vec![ts.clone()];
        }
        let top = |k: usize| ts[k].first().copied().unwrap_or(0);
        let moves = [
            (0, 1, 2),
            (0, 2, 1),
            (1, 0, 2),
            (1, 2, 0),
            (2, 0, 1),
            (2, 1, 0),
        ];
        let mut succ = Vec::with_capacity(3);
        for (f, t, o) in moves {
            if top(f) > 0 && (top(f) < top(t) || top(t) == 0) {
                let mut next: Towers = Default::default();
                next[f] = ts[f][1..].to_vec();
                next[t] = std::iter::once(top(f))
                    .chain(ts[t].iter().copied())
                    .collect();
                next[o] = ts[o].clone();
                succ.push(next);
            }
        }
        // PGSolver collects the moves by prepending them.
        succ.reverse();
        succ
    }

    fn name(&self, ts: &Towers) -> String {
        let peg = |k: usize| {
            ts[k]
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        format!("[{}] [{}] [{}]", peg(0), peg(1), peg(2))
    }
}

/// PGSolver's towers of Hanoi reachability game for `n` disks, explored from the state with all
/// disks on the first peg: one vertex per state, `3^n` in all, every one owned by Even. A state
/// with every disk on the second peg is finished: priority 0 and a self-cycle. Every other
/// state has priority 1 and moves by the legal moves of the puzzle (the top disk of a peg onto
/// an empty peg or a larger disk), so Even wins everywhere by solving the puzzle. Vertices are
/// named by the pegs' contents top first, as `[1,2] [] [3]`. Needs `n >= 1`.
pub fn towersofhanoi(n: usize) -> Result<ParityGame, GenerateError> {
    if n == 0 {
        return Err(GenerateError::Parameter(
            "the towers of Hanoi need n >= 1 disks".into(),
        ));
    }
    let vertices = u32::try_from(n)
        .ok()
        .and_then(|e| 3usize.checked_pow(e))
        .unwrap_or(usize::MAX);
    check_size(vertices, vertices.saturating_mul(3))?;
    let init: Towers = [(1..=n as u8).collect(), Vec::new(), Vec::new()];
    explore(&Hanoi, init)
}
