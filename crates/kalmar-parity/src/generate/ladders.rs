//! PGSolver's ladders: [`laddergame`], [`recursiveladder`] and [`modelcheckerladder`].
//!
//! ```
//! use kalmar_core::Player;
//! use kalmar_parity::generate::{laddergame, modelcheckerladder, recursiveladder};
//! use kalmar_parity::{Options, solve};
//! let ladder = laddergame(3).unwrap();
//! assert_eq!(ladder.arena().num_vertices(), 6);
//! assert_eq!(recursiveladder(2).unwrap().arena().num_vertices(), 10);
//! assert_eq!(modelcheckerladder(2).unwrap().arena().num_vertices(), 7);
//! // Each player keeps to the vertices of its own parity, where every priority is its own.
//! let solved = solve(&ladder, &Options::default()).unwrap();
//! let expected: Vec<Player> = (0..6).map(|v| Player(v % 2)).collect();
//! assert_eq!(solved.solution.winner, expected);
//! ```

use super::listed::{Description, Listed, ODD, benefits, explore};
use crate::ParityGame;
use kalmar_core::Player;
use kalmar_core::generate::{GenerateError, check_size};

/// PGSolver's ladder game: `2n` vertices; vertex `v` has priority `v mod 2`, belongs to the
/// player that priority benefits (Even at even `v`) and moves to `(v + 1) mod 2n` and
/// `(v + 2) mod 2n`. Each player wins exactly its own vertices (by staying on them two by two).
/// Needs `n >= 1`.
pub fn laddergame(n: usize) -> Result<ParityGame, GenerateError> {
    if n == 0 {
        return Err(GenerateError::Parameter(
            "the ladder game needs n >= 1".into(),
        ));
    }
    let m = n.checked_mul(2).ok_or(GenerateError::TooLarge {
        vertices: usize::MAX,
        arcs: usize::MAX,
    })?;
    check_size(m, m.saturating_mul(2))?;
    let mut listed = Listed::with_capacity(m, false);
    for v in 0..m {
        let p = (v % 2) as u32;
        listed.priority.push(p);
        listed.owner.push(benefits(p));
        listed
            .successors
            .push(vec![((v + 1) % m) as u32, ((v + 2) % m) as u32]);
    }
    listed.finish()
}

/// PGSolver's recursive ladder game number `n`: `5n` vertices in `n + 1` blocks of five
/// (`i = 0 … n`), block `i` at indices `5i - 2 + j` for `j = 0 … 4`, of which block 0 has only
/// `j = 2, 3, 4` and block `n` only `j = 0, 1`.
///
/// In block `i`, with `s = i mod 2` and `p = 3(i + 1) + 2`, vertex `j` has (indices relative to
/// the block, so `j - 5` is in the block before and `j + 5` in the next):
/// - `j = 0`: priority `1 - s`, owner `s + 1 mod 2`, moves to `-2` and `1`;
/// - `j = 1`: priority `1 - s`, owner `s`, moves to `0`, and to `2` except in the last block;
/// - `j = 2`: priority `p`, owner `s + 1 mod 2`, moves to `6` and `3`;
/// - `j = 3`: priority `p - 1`, owner `s`, moves to `-2` except in block 0, to `8` except in
///   block `n - 1`, and to `4`;
/// - `j = 4`: priority `p - 2`, owner `s + 1 mod 2`, moves to `3` and `6`.
///
/// Needs `n >= 1`.
pub fn recursiveladder(n: usize) -> Result<ParityGame, GenerateError> {
    if n == 0 {
        return Err(GenerateError::Parameter(
            "the recursive ladder needs n >= 1".into(),
        ));
    }
    let size = n.saturating_mul(5);
    check_size(size, size.saturating_mul(3))?;
    if 3 * (n + 1) + 2 > u32::MAX as usize {
        return Err(GenerateError::TooLarge {
            vertices: size,
            arcs: size,
        });
    }
    let height = n + 1;
    let mut slots: Vec<Option<(u32, Player, Vec<u32>)>> = vec![None; size];
    for i in 0..height {
        let start = 5 * i as i64 - 2;
        let p = (3 * (i + 1) + 2) as u32;
        let s = (i % 2) as u32;
        let o = 1 - s;
        let (first, last, before_last) = (i == 0, i == height - 1, i + 2 == height);
        let mut set = |j: i64, pr: u32, pl: u32, succ: &[i64]| {
            let index = (start + j) as usize;
            let succ = succ.iter().map(|&k| (start + k) as u32).collect();
            slots[index] = Some((pr, benefits(s + pl), succ));
        };
        if !first {
            set(0, o, 1, &[-2, 1]);
            set(1, o, 0, if last { &[0] } else { &[0, 2] });
        }
        if !last {
            set(2, p, 1, &[6, 3]);
            let mut succ = Vec::with_capacity(3);
            if !first {
                succ.push(-2);
            }
            if !before_last {
                succ.push(8);
            }
            succ.push(4);
            set(3, p - 1, 0, &succ);
            set(4, p - 2, 1, &[3, 6]);
        }
    }
    let mut listed = Listed::with_capacity(size, false);
    for slot in slots {
        let (priority, owner, succ) = slot.expect("the blocks cover every vertex");
        listed.priority.push(priority);
        listed.owner.push(owner);
        listed.successors.push(succ);
    }
    listed.finish()
}

/// A node of the model checker ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum ModelChecker {
    Player0(usize),
    Player1(usize),
    Player1x(usize),
}

struct ModelCheckerLadder {
    n: usize,
}

impl Description for ModelCheckerLadder {
    type Node = ModelChecker;

    fn owner(&self, _: &ModelChecker) -> Player {
        ODD
    }

    fn priority(&self, v: &ModelChecker) -> u32 {
        let p = match *v {
            ModelChecker::Player0(i) => 2 * self.n - 2 * i,
            ModelChecker::Player1(_) => 0,
            ModelChecker::Player1x(i) => 2 * self.n - 2 * i - 1,
        };
        p as u32
    }

    fn successors(&self, v: &ModelChecker) -> Vec<ModelChecker> {
        use ModelChecker::{Player0, Player1, Player1x};
        match *v {
            Player0(i) if i == self.n => vec![Player0(0)],
            Player0(i) => vec![Player1(i)],
            Player1(i) => vec![Player1x(i), Player0(i + 1)],
            Player1x(i) => vec![Player0(i + 1)],
        }
    }

    fn name(&self, v: &ModelChecker) -> String {
        match *v {
            ModelChecker::Player0(i) => format!("a{}", self.n - i),
            ModelChecker::Player1(i) => format!("b{}", self.n - i),
            ModelChecker::Player1x(i) => format!("c{}", self.n - i),
        }
    }
}

/// PGSolver's model checker ladder number `n`, explored from `a_n`: `3n + 1` vertices, all
/// owned by Odd. For `i = 0 … n`, `a_{n-i}` has priority `2n - 2i` and moves to `b_{n-i}`
/// (`a_0` moves back to `a_n`); for `i < n`, `b_{n-i}` has priority 0 and moves to `c_{n-i}`
/// and `a_{n-i-1}`, and `c_{n-i}` has priority `2n - 2i - 1` and moves to `a_{n-i-1}`. Vertices
/// carry these names (`a3`, `b3`, `c3`, …).
pub fn modelcheckerladder(n: usize) -> Result<ParityGame, GenerateError> {
    let vertices = n
        .checked_mul(3)
        .and_then(|v| v.checked_add(1))
        .unwrap_or(usize::MAX);
    check_size(vertices, vertices.saturating_mul(2))?;
    if n > (u32::MAX / 2) as usize {
        return Err(GenerateError::TooLarge {
            vertices,
            arcs: vertices,
        });
    }
    explore(&ModelCheckerLadder { n }, ModelChecker::Player0(0))
}
