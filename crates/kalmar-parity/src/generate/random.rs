//! PGSolver's random families: [`randomgame`] (and its variant without self-cycles) and
//! [`steadygame`].

use super::listed::{EVEN, Listed, ODD};
use crate::ParityGame;
use kalmar_core::Player;
use kalmar_core::generate::{GenerateError, check_size, rng};
use rand::Rng;

/// A uniformly random owner.
fn random_owner(rng: &mut impl Rng) -> Player {
    if rng.random::<bool>() { ODD } else { EVEN }
}

/// Checks the degree bounds of the random families.
fn check_degrees(what: &str, min: usize, max: usize) -> Result<(), GenerateError> {
    if min == 0 {
        return Err(GenerateError::Parameter(format!(
            "the lowest {what} must be at least 1"
        )));
    }
    if min > max {
        return Err(GenerateError::Parameter(format!(
            "the lowest {what} ({min}) exceeds the highest ({max})"
        )));
    }
    Ok(())
}

/// PGSolver's random game, with self-cycles allowed: `n` vertices; each has an owner drawn
/// uniformly, a priority drawn uniformly from `0..=max_priority` and an out-degree `d` drawn
/// uniformly from `min_out..=max_out`, and moves to `d` distinct vertices drawn uniformly among
/// all `n` (itself included). Vertices are drawn in index order. Needs `n >= 1`,
/// `1 <= min_out <= max_out <= n`.
///
/// ```
/// use kalmar_parity::generate::randomgame;
/// let game = randomgame(100, 8, 1, 3, 7).unwrap();
/// assert_eq!(game.arena().num_vertices(), 100);
/// assert!(game.max_priority() <= 8);
/// ```
pub fn randomgame(
    n: usize,
    max_priority: u32,
    min_out: usize,
    max_out: usize,
    seed: u64,
) -> Result<ParityGame, GenerateError> {
    random_game(n, max_priority, min_out, max_out, true, seed)
}

/// PGSolver's random game with self-cycles disabled (its optional fifth argument): as
/// [`randomgame`], but the `d` distinct successors of a vertex are drawn uniformly among the
/// `n - 1` other vertices. Needs `n >= 2`, `1 <= min_out <= max_out <= n - 1`.
pub fn randomgame_without_self_cycles(
    n: usize,
    max_priority: u32,
    min_out: usize,
    max_out: usize,
    seed: u64,
) -> Result<ParityGame, GenerateError> {
    random_game(n, max_priority, min_out, max_out, false, seed)
}

fn random_game(
    n: usize,
    max_priority: u32,
    min_out: usize,
    max_out: usize,
    self_cycles: bool,
    seed: u64,
) -> Result<ParityGame, GenerateError> {
    check_degrees("out-degree", min_out, max_out)?;
    let range = if self_cycles { n } else { n.saturating_sub(1) };
    if n == 0 || max_out > range {
        return Err(GenerateError::Parameter(format!(
            "{n} vertices cannot have {max_out} distinct successors{}",
            if self_cycles {
                ""
            } else {
                " without self-cycles"
            }
        )));
    }
    check_size(n, n.saturating_mul(max_out))?;
    let mut rng = rng(seed);
    let mut listed = Listed::with_capacity(n, false);
    for v in 0..n {
        listed.priority.push(rng.random_range(0..=max_priority));
        listed.owner.push(random_owner(&mut rng));
        let degree = rng.random_range(min_out..=max_out);
        let succ = rand::seq::index::sample(&mut rng, range, degree)
            .into_iter()
            .map(|j| {
                if j < v || self_cycles {
                    j as u32
                } else {
                    j as u32 + 1
                }
            })
            .collect();
        listed.successors.push(succ);
    }
    listed.finish()
}

/// PGSolver's steady game: `n` vertices, vertex `i` of priority `i` and an owner drawn
/// uniformly, with out-degrees kept in `min_out..=max_out` and in-degrees in `min_in..=max_in`.
///
/// Arcs are added one at a time, as PGSolver does: while some vertex still lacks `min_out`
/// successors and some vertex can still take a predecessor, or some vertex still lacks `min_in`
/// predecessors and some vertex can still take a successor, a source `i` is drawn uniformly
/// among the vertices that may still take successors and a target `j` uniformly among those
/// that may still take predecessors, other than `i` and its successors so far (unless every
/// such vertex is excluded: then the drawn one is taken, and an arc already present or a
/// self-cycle may result; PGSolver redraws forever there when more than one vertex remains).
/// A vertex stops taking successors when it reaches `max_out` of them, and predecessors when
/// it reaches `max_in`, but only if that bound differs from the lower one: as in PGSolver, a
/// vertex whose lower and upper bounds coincide is never retired and may exceed the bound.
/// Arcs drawn twice count twice towards the degrees but occur once in the game.
///
/// Needs `n >= 1`, `1 <= min_out <= max_out`, `1 <= min_in <= max_in`. The degree bounds can
/// contradict each other (too few predecessors for the successors asked for): if a vertex ends
/// without successors, the result is a [`GenerateError::Parameter`].
///
/// ```
/// use kalmar_parity::generate::steadygame;
/// let game = steadygame(50, 2, 4, 2, 4, 3).unwrap();
/// assert_eq!(game.arena().num_vertices(), 50);
/// assert_eq!(game.distinct_priorities(), 50);
/// ```
pub fn steadygame(
    n: usize,
    min_out: usize,
    max_out: usize,
    min_in: usize,
    max_in: usize,
    seed: u64,
) -> Result<ParityGame, GenerateError> {
    check_degrees("out-degree", min_out, max_out)?;
    check_degrees("in-degree", min_in, max_in)?;
    if n == 0 {
        return Err(GenerateError::Parameter(
            "the game would have no vertices".into(),
        ));
    }
    for (at_least, at_most, need, allow) in [
        (min_out, max_in, "successors", "in-degrees"),
        (min_in, max_out, "predecessors", "out-degrees"),
    ] {
        if at_least > at_most {
            return Err(GenerateError::Parameter(format!(
                "{n} vertices with at least {at_least} {need} each need {} moves, but {allow} of \
                 at most {at_most} allow only {}",
                n.saturating_mul(at_least),
                n.saturating_mul(at_most)
            )));
        }
    }
    check_size(n, n.saturating_mul(max_out.max(max_in)))?;
    if n > u32::MAX as usize {
        return Err(GenerateError::TooLarge {
            vertices: n,
            arcs: 0,
        });
    }
    let mut rng = rng(seed);
    let mut out_avail: Vec<u32> = (0..n as u32).collect();
    let mut in_avail: Vec<u32> = (0..n as u32).collect();
    let mut out_todo = n;
    let mut in_todo = n;
    let mut succ: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut in_count = vec![0usize; n];
    while (out_todo > 0 && !in_avail.is_empty()) || (in_todo > 0 && !out_avail.is_empty()) {
        let ii = rng.random_range(0..out_avail.len());
        let i = out_avail[ii];
        let excluded = |x: u32, succ: &[Vec<u32>]| x == i || succ[i as usize].contains(&x);
        let mut jj = rng.random_range(0..in_avail.len());
        if in_avail.len() > 1 && excluded(in_avail[jj], &succ) {
            // PGSolver redraws until the target is allowed: the allowed ones, uniformly.
            let allowed: Vec<usize> = (0..in_avail.len())
                .filter(|&k| !excluded(in_avail[k], &succ))
                .collect();
            if !allowed.is_empty() {
                jj = allowed[rng.random_range(0..allowed.len())];
            }
        }
        let j = in_avail[jj];
        succ[i as usize].push(j);
        in_count[j as usize] += 1;
        let len_i = succ[i as usize].len();
        let len_j = in_count[j as usize];
        // A vertex whose bounds are equal leaves the draw when it reaches them, too.
        if len_i == min_out {
            out_todo -= 1;
        }
        if len_i == max_out {
            out_avail.swap_remove(ii);
        }
        if len_j == min_in {
            in_todo -= 1;
        }
        if len_j == max_in {
            in_avail.swap_remove(jj);
        }
    }
    if let Some(v) = succ.iter().position(Vec::is_empty) {
        return Err(GenerateError::Parameter(format!(
            "vertex {v} got no successor: in-degrees up to {max_in} cannot give {n} vertices \
             at least {min_out} successors each"
        )));
    }
    let mut listed = Listed::with_capacity(n, false);
    for (i, s) in succ.into_iter().enumerate() {
        listed.priority.push(i as u32);
        listed.owner.push(random_owner(&mut rng));
        listed.successors.push(s);
    }
    listed.finish()
}
