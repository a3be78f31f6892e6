//! Random solvable puzzles: a random walk that drops a stone at the end of every move, so the
//! walk itself is a solution.
//!
//! Each move picks a direction (never straight back unless 180° turns are wanted) and a
//! length from 1 to `max_step`; its end must be a free point, one neither holding a stone nor
//! passed over by an earlier move (a stone there would have blocked that move). Moves may pass
//! over earlier stones, which are collected by then. The stones are then listed with the
//! walk's start first and the others shuffled, so the instance's order gives nothing away.
//!
//! ```
//! use kalmar_puzzles::hiroimono::{check, generate::generate, Variant};
//! let (puzzle, witness) = generate(12, 4, false, 7).unwrap();
//! assert_eq!(puzzle.len(), 12);
//! assert!(check(&puzzle, Variant::Start, &witness).is_ok());
//! ```
//!
//! # Complexity
//! O(n · max_step) expected per attempt with hashing; a walk that gets stuck is restarted, at
//! most [`ATTEMPTS`] times.

use super::model::{Direction, Point, Puzzle, Solution};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;
use thiserror::Error;

/// Walks tried before giving up.
pub const ATTEMPTS: usize = 1000;

/// Tries per move before a walk counts as stuck.
const TRIES_PER_MOVE: usize = 32;

/// The most stones generated at once.
pub const MAX_GENERATED: usize = 1 << 16;

/// Why no puzzle was generated.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GenerateError {
    /// Every walk got stuck (try a longer `max_step`).
    #[error("no walk of {stones} stones with steps up to {max_step} in {ATTEMPTS} attempts")]
    Stuck {
        /// Stones asked for.
        stones: usize,
        /// The longest step allowed.
        max_step: u32,
    },
    /// Asked for more than [`MAX_GENERATED`] stones or for steps of length 0.
    #[error(
        "{stones} stones with steps up to {max_step}: need 1 to {MAX_GENERATED} stones and steps of at least 1"
    )]
    BadSize {
        /// Stones asked for.
        stones: usize,
        /// The longest step allowed.
        max_step: u32,
    },
}

/// A puzzle of `stones` stones solvable under START-HIROIMONO (and so under every variant), or
/// only with 180° turns if `reversals` (then under 180-START-HIROIMONO), with the walk as the
/// witness. Seeded: the same arguments give the same puzzle.
pub fn generate(
    stones: usize,
    max_step: u32,
    reversals: bool,
    seed: u64,
) -> Result<(Puzzle, Solution), GenerateError> {
    if stones == 0 || stones > MAX_GENERATED || max_step == 0 {
        return Err(GenerateError::BadSize { stones, max_step });
    }
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..ATTEMPTS {
        if let Some(walk) = walk(stones, max_step, reversals, &mut rng) {
            return Ok(shuffled(walk, &mut rng));
        }
    }
    Err(GenerateError::Stuck { stones, max_step })
}

/// One random walk of `stones` stops, or `None` if it got stuck.
fn walk(stones: usize, max_step: u32, reversals: bool, rng: &mut StdRng) -> Option<Vec<Point>> {
    let mut at = Point::new(0, 0);
    let mut points = vec![at];
    let mut used: HashSet<Point> = HashSet::from([at]);
    let mut came: Option<Direction> = None;
    while points.len() < stones {
        let (d, length) = (0..TRIES_PER_MOVE).find_map(|_| {
            let d = Direction::ALL[rng.random_range(0..4)];
            let length = rng.random_range(1..=max_step) as i64;
            let turn_ok = reversals || came != Some(d.opposite());
            (turn_ok && !used.contains(&step(at, d, length))).then_some((d, length))
        })?;
        for k in 1..=length {
            used.insert(step(at, d, k));
        }
        at = step(at, d, length);
        points.push(at);
        came = Some(d);
    }
    Some(points)
}

/// The point `length` steps from `at` in direction `d`.
fn step(at: Point, d: Direction, length: i64) -> Point {
    match d {
        Direction::Up => Point::new(at.x, at.y - length),
        Direction::Down => Point::new(at.x, at.y + length),
        Direction::Left => Point::new(at.x - length, at.y),
        Direction::Right => Point::new(at.x + length, at.y),
    }
}

/// The puzzle with the walk's start first and the other stones shuffled, and the walk as a
/// solution of it.
fn shuffled(walk: Vec<Point>, rng: &mut StdRng) -> (Puzzle, Solution) {
    let mut position: Vec<usize> = (0..walk.len()).collect();
    position[1..].shuffle(rng);
    // Stone `i` of the puzzle is stop `position[i]` of the walk.
    let points = position.iter().map(|&k| walk[k]).collect();
    let mut order = vec![0; walk.len()];
    for (stone, &k) in position.iter().enumerate() {
        order[k] = stone;
    }
    let puzzle = Puzzle::new(points).expect("a walk never stops twice at one point");
    (puzzle, Solution { order })
}
