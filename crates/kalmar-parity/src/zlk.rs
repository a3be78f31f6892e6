//! Zielonka's recursive algorithm (W. Zielonka, *Infinite games on finitely coloured graphs with
//! applications to automata on infinite trees*, TCS 1998; McNaughton 1993).
//!
//! In a (sub)game with top priority d, owned by player p = d mod 2, let A be p's attractor of the
//! vertices of priority d and solve the rest G \ A recursively. If the opponent wins nowhere
//! there, p wins everywhere: in G \ A by the recursive strategy, in A by attracting to priority
//! d and from there moving anywhere in G. Otherwise the opponent's winning region there, with
//! his attractor B of it, is his in G too, and the rest G \ B is solved recursively.
//!
//! Priorities are compressed first ([`super::compress`]); the current subgame is one membership
//! mask changed in place as the recursion descends, and attractors inside it cost only what they
//! touch.
//!
//! # Complexity
//! O(m n^d) in the worst case for d priorities (exponential); fast on most games in practice.
//!
//! # Example
//! ```
//! use kalmar_core::{Certificate, Player, Vertex};
//! use kalmar_parity::{ParityGame, Stats, format::read_pg, zlk};
//! // Even's 0 (priority 2) may stay or go to Odd's 1, who may return or go to Even's 2, which
//! // loops on priority 3; Odd's 3 (priority 4) may loop or go to 2.
//! let graph = read_pg("parity 3;\n0 2 0 0,1;\n1 1 1 0,2;\n2 3 0 2;\n3 4 1 2,3;\n").unwrap();
//! let game = ParityGame::from_graph(&graph, false).unwrap();
//! let solution = zlk::solve(&game, &mut Stats::default());
//! assert_eq!(solution.winner, [Player(0), Player(1), Player(1), Player(1)]);
//! let arena = game.arena();
//! assert_eq!(solution.strategy.successor(arena, Vertex(0)), Some(Vertex(0))); // Even stays
//! assert_eq!(solution.strategy.successor(arena, Vertex(1)), Some(Vertex(2))); // Odd leaves
//! assert!(solution.verify(&game).is_ok());
//! ```

use super::recursion::Recursion;
use super::{ParityGame, ParitySolution, Stats, winner_of};
use kalmar_core::Vertex;

/// Solves `game` by Zielonka's algorithm, after compressing its priorities.
pub fn solve(game: &ParityGame, stats: &mut Stats) -> ParitySolution {
    let game = &super::compress::compress(game);
    let mut state = Recursion::new(game);
    // Every subgame is listed in the order of priorities, largest first (each level keeps the
    // order of the list it was given), so its top priority is its first vertex's and the
    // vertices of that priority come first.
    let mut all: Vec<Vertex> = game.arena().vertices().collect();
    all.sort_by_key(|&v| std::cmp::Reverse(game.priority(v)));
    // The recursion is as deep as the number of priorities: give it room.
    let depth = game.max_priority() as usize + 1;
    super::with_stack_for(depth, || zielonka(&mut state, &all));
    *stats = state.stats;
    state.into_solution()
}

/// Solves the current subgame of `state`, whose vertices are `g`, listed in the order of
/// priorities, largest first: sets the winner of each of them and the winner's choices.
/// Leaves the subgame as it found it. Its lists come from the pool of `state` and go back to it.
fn zielonka(state: &mut Recursion<'_>, g: &[Vertex]) {
    let Some(&first) = g.first() else {
        return;
    };
    state.stats.iterations += 1;
    let game = state.game;
    let top = game.priority(first);
    let p = winner_of(top);
    let tops = &g[..g.partition_point(|&v| game.priority(v) == top)];
    let a = state.attract(p, tops);
    let rest = state.without(g, &a);
    zielonka(state, &rest);
    state.set_alive(&a, true);
    let mut opponent_wins = state.take();
    opponent_wins.extend(
        rest.iter()
            .copied()
            .filter(|&v| state.winner[v.index()] != p),
    );
    state.give(rest);
    if opponent_wins.is_empty() {
        // p wins all of g: the rest by the recursive strategy, A by attraction, and at the top
        // vertices of p any move that stays in g.
        for &v in &a {
            state.winner[v.index()] = p;
        }
        for &v in tops {
            state.stay(v, p);
        }
        state.give(a);
        state.give(opponent_wins);
        return;
    }
    state.give(a);
    let b = state.attract(p.opponent(), &opponent_wins);
    state.give(opponent_wins);
    for &v in &b {
        state.winner[v.index()] = p.opponent();
    }
    let rest = state.without(g, &b);
    zielonka(state, &rest);
    state.give(rest);
    state.set_alive(&b, true);
    state.give(b);
}
