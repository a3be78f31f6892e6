//! The longest run of improvement dynamics: the most steps any rule can take from any profile
//! before it stops at an equilibrium, when the dynamics cannot cycle. For two players and
//! strong inside-play improvements the graph of profiles and improvements is acyclic (Andersson,
//! Gurvich and Hansen, Theorem 3), so every run ends; whether it ends in polynomially many steps
//! is the paper's open question (§6), and this is its exact measure on small games: the longest
//! path in that graph.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_positional::{PositionalGame, longest_run::longest};
//! use kalmar_positional::ricycle::{Improvement, Options};
//! let graph = read_gg("kalmar-gg 1\nplayers 2\ncycle (2,0)\nstart u\nu player0 -> v a1\n\
//!                      v player1 -> u a2\na1 terminal payoff=(1,2)\na2 terminal payoff=(0,1)\n")
//!     .unwrap();
//! let game = PositionalGame::from_graph(&graph).unwrap();
//! let options = Options { improvement: Improvement::Strong, ..Options::default() };
//! let run = longest(&game, &options).unwrap().expect("two players: no strong ri-cycle");
//! // From u -> a1: player 0 makes the play cycle (c), player 1 ends it at a2, player 0 at a1.
//! assert_eq!(run.steps, 3);
//! ```
//!
//! # Complexity
//! The graph of [`crate::ricycle`] (one node per profile, refused above the limit), then
//! linear in its size.

use crate::PositionalGame;
use crate::ricycle::{Options, Profiles, SearchError, improvement_graph};
use kalmar_core::Strategy;

/// The longest run and where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Longest {
    /// The number of steps.
    pub steps: usize,
    /// A profile it starts from.
    pub from: Strategy,
    /// How many profiles the game has.
    pub profiles: usize,
}

/// The longest run of improvements of the type and restriction of `options` (c-free if
/// asked), or None when the improvements can cycle (runs without end).
pub fn longest(game: &PositionalGame, options: &Options) -> Result<Option<Longest>, SearchError> {
    let profiles = Profiles::of(game, options.max_profiles)?;
    let count = profiles.count;
    let excluded = profiles.excluded(game, options);
    let arcs = improvement_graph(game, &profiles, options, &excluded);
    // Depth-first search in post-order: a profile's longest run is one more than its best
    // successor's; a successor still on the stack closes a cycle.
    const UNSEEN: usize = usize::MAX;
    const ON_STACK: usize = usize::MAX - 1;
    let mut longest = vec![UNSEEN; count];
    for root in 0..count {
        if longest[root] != UNSEEN {
            continue;
        }
        longest[root] = ON_STACK;
        let mut stack = vec![(root, 0usize)];
        while let Some(&mut (x, ref mut next)) = stack.last_mut() {
            if let Some(&(y, _, _)) = arcs[x].get(*next) {
                *next += 1;
                match longest[y] {
                    ON_STACK => return Ok(None),
                    UNSEEN => {
                        longest[y] = ON_STACK;
                        stack.push((y, 0));
                    }
                    _ => {}
                }
                continue;
            }
            longest[x] = arcs[x]
                .iter()
                .map(|&(y, _, _)| longest[y] + 1)
                .max()
                .unwrap_or(0);
            stack.pop();
        }
    }
    let (from, &steps) = longest
        .iter()
        .enumerate()
        .max_by_key(|&(x, &steps)| (steps, std::cmp::Reverse(x)))
        .expect("a game has a profile");
    Ok(Some(Longest {
        steps,
        from: profiles.profile(from),
        profiles: count,
    }))
}
