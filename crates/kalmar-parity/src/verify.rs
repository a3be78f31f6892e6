//! The independent checker of parity-game solutions (in the manner of Oink's verifier).
//!
//! For each player p, with W the vertices the solution says p wins:
//! 1. W is closed under play that follows p's strategy: p's strategy never leaves W, and no move
//!    of the opponent does (W is a trap for the opponent; PGSolver once shipped a verifier that
//!    forgot this);
//! 2. in the one-player game left in W when p's strategy is fixed, every cycle has a largest
//!    priority of p's parity. Inside each strongly connected component with a cycle, the largest
//!    priority m lies on a cycle whose largest priority is m, so m must be p's; then every cycle
//!    through a vertex above the opponent's largest priority q in the component is won by p, so
//!    all those vertices are removed at once and the rest (priorities up to q) decomposed again.
//!
//! Together these say p wins from every vertex of W by following the strategy, whatever the
//! opponent does; the two regions partition the game by construction.
//!
//! # Complexity
//! O(d (n + m)) for d distinct priorities: each round of decomposition removes at least one
//! priority of each parity, so there are at most about d/2 rounds over any vertex. The moves
//! inside a set are laid out in one array per round, and no vector is made per vertex.
//!
//! # Example
//! ```
//! use kalmar_core::Player;
//! use kalmar_parity::{ParityGame, Stats, format::read_pg, verify::verify, zlk};
//! // Even's 0 (priority 2) may stay or go to Odd's 1, who may return or go to Even's 2, which
//! // loops on priority 3; Odd's 3 (priority 4) may loop or go to 2.
//! let graph = read_pg("parity 3;\n0 2 0 0,1;\n1 1 1 0,2;\n2 3 0 2;\n3 4 1 2,3;\n").unwrap();
//! let game = ParityGame::from_graph(&graph, false).unwrap();
//! let mut solution = zlk::solve(&game, &mut Stats::default());
//! assert!(verify(&game, &solution).is_ok());
//! // Odd cannot claim 0: Even loops there on priority 2.
//! solution.winner[0] = Player(1);
//! assert!(verify(&game, &solution).is_err());
//! ```

use super::{ParityGame, ParitySolution};
use kalmar_core::scc::strongly_connected_components_of_slices;
use kalmar_core::{Owner, Player, VerifyError, Vertex};

/// Checks `solution` against `game`.
pub fn verify(game: &ParityGame, solution: &ParitySolution) -> Result<(), VerifyError> {
    let arena = game.arena();
    let n = arena.num_vertices();
    let name = |v: Vertex| arena.name(v).into_owned();
    if solution.winner.len() != n {
        return Err(VerifyError::new(format!(
            "{} winners for {n} vertices",
            solution.winner.len()
        )));
    }
    if let Err(v) = solution.strategy.check(arena) {
        return Err(VerifyError::new(format!(
            "the strategy chooses no move of vertex {} there",
            name(v)
        )));
    }
    let mut local = vec![u32::MAX; n];
    for p in [Player(0), Player(1)] {
        let wins = |v: Vertex| solution.winner[v.index()] == p;
        // The moves that remain when p follows the strategy: the strategy's one at p's
        // vertices, all of them at the opponent's.
        let moves = |v: Vertex| {
            let (chosen, all): (Option<Vertex>, &[Vertex]) = match arena.owner(v) {
                Owner::Player(q) if q == p => (solution.strategy.successor(arena, v), &[]),
                _ => (None, arena.successors(v)),
            };
            chosen.into_iter().chain(all.iter().copied())
        };
        let region: Vec<Vertex> = arena.vertices().filter(|&v| wins(v)).collect();
        for &v in &region {
            if let Some(w) = moves(v).find(|&w| !wins(w)) {
                let who = if arena.owner(v) == Owner::Player(p) {
                    "the strategy"
                } else {
                    "the opponent"
                };
                return Err(VerifyError::new(format!(
                    "player {p} is said to win from {}, but {who} moves from it to {}, which player {p} loses",
                    name(v),
                    name(w)
                )));
            }
        }
        let opponents = |priority: u32| priority % 2 != u32::from(p.0);
        let mut pending = vec![region];
        while let Some(set) = pending.pop() {
            for (i, &v) in set.iter().enumerate() {
                local[v.index()] = i as u32;
            }
            // The moves inside `set`, by local index, in one array.
            let mut first = Vec::with_capacity(set.len() + 1);
            let mut targets = Vec::new();
            for &v in &set {
                first.push(targets.len());
                let inside = moves(v).filter(|w| local[w.index()] != u32::MAX);
                targets.extend(inside.map(|w| Vertex(local[w.index()])));
            }
            first.push(targets.len());
            let inside = |i: usize| &targets[first[i]..first[i + 1]];
            let components =
                strongly_connected_components_of_slices(set.len(), |v| inside(v.index()));
            for component in components.members().iter() {
                let cyclic =
                    component.len() > 1 || inside(component[0].index()).contains(&component[0]);
                if !cyclic {
                    continue;
                }
                let priority = |w: &Vertex| game.priority(set[w.index()]);
                let top = component.iter().map(priority).max().unwrap_or(0);
                if opponents(top) {
                    let at = component
                        .iter()
                        .map(|w| set[w.index()])
                        .find(|&v| game.priority(v) == top)
                        .unwrap_or(set[0]);
                    return Err(VerifyError::new(format!(
                        "player {p} is said to win from {}, but the opponent can keep play on a cycle through it whose largest priority is {top}",
                        name(at)
                    )));
                }
                // Every cycle through a vertex above the opponent's largest priority here is
                // won by p: those vertices go at once, and the rest is decomposed again.
                let Some(worst) = component
                    .iter()
                    .map(priority)
                    .filter(|&q| opponents(q))
                    .max()
                else {
                    continue;
                };
                let rest: Vec<Vertex> = component
                    .iter()
                    .map(|w| set[w.index()])
                    .filter(|&v| game.priority(v) <= worst)
                    .collect();
                pending.push(rest);
            }
            for &v in &set {
                local[v.index()] = u32::MAX;
            }
        }
    }
    Ok(())
}
