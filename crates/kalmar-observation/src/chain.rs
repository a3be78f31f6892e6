//! Chains as reachability games: the family on which a solver of games of imperfect
//! information must be linear, because nothing is hidden.
//!
//! Locations `s0 … s(n-1)`, each with an observation of its own, and one action `a` that moves
//! `si → s(i+1)` (the last location loops). The play starts at `s0` and the system must reach
//! `s(n-1)`, the target (every observation has priority 1, so that staying away from the
//! target loses: a reachability game). Every knowledge set is a single location, so the knowledge game is
//! the chain itself, n sets with one move each: the knowledge solver and the antichains should
//! both take time and memory linear in n.

use super::{GameBuilder, ObservationGame};

/// The chain of `n ≥ 1` locations as a reachability game (see the module documentation).
///
/// ```
/// use kalmar_observation::{chain, knowledge, Side};
/// let game = chain::chain(5);
/// assert_eq!(game.num_locations(), 5);
/// let solved = knowledge::solve(&game);
/// assert_eq!(solved.winner, Side::System);
/// // One knowledge set per location before the target: a single location each.
/// assert_eq!(solved.stats.knowledge_sets, 4);
/// ```
pub fn chain(n: usize) -> ObservationGame {
    let mut b = GameBuilder::new();
    let step = b.add_action("a");
    let s: Vec<u32> = (0..n)
        .map(|i| {
            // Priority 1 everywhere: a play that never reaches the target is lost.
            let seen = b.add_observation(format!("o{i}"), 1);
            b.add_location(format!("s{i}"), seen)
        })
        .collect();
    for (i, &here) in s.iter().enumerate() {
        b.add_move(here, step, s[(i + 1).min(n - 1)]);
    }
    b.add_initial(s[0]);
    b.add_target(s[n - 1]);
    b.build().expect("the game has an initial location")
}
