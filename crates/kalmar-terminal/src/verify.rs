//! The independent checker of solutions to terminal-payoff games.
//!
//! Fixing one player's positional strategy leaves a one-player game: the opponent can realise
//! any path of the restricted graph (the strategy's move at the player's positions, every move
//! elsewhere). Max's strategy *secures* at least `x` from `v` when every such path from `v` ends
//! at a terminal paying at least `x`, or goes on forever (paying 0) and `x <= 0`; Min's concedes
//! at most `x` symmetrically. A claimed value is correct, and both strategies optimal, exactly
//! when Max's secures it and Min's concedes it. That positional strategies suffice, so that such
//! a certificate exists for every game, is Liggett and Lippman's theorem, recalled by
//! Andersson, Hansen, Miltersen and Sørensen, *Deterministic Graphical Games Revisited*.
//!
//! Both checks are local conditions and one peeling of the restricted graph, with no recursion:
//!
//! - **Strong solutions** (a value at every position): terminals are claimed their payoff;
//!   along every move of Max's restricted graph the claimed value never falls (Max's strategy
//!   keeps it, no move of Min lowers it), and along Min's it never rises; and no cycle of
//!   Max's restricted graph runs through positions claimed above 0, nor of Min's below 0. Then
//!   a play from `v` that follows Max's strategy ends at a terminal paying at least the claim
//!   of `v`, or circles forever among positions of one claim `c` with `v`'s claim `<= c <= 0`:
//!   Max secures the claim. With Min's side the same, every claim is the value. Conversely the
//!   values and optimal strategies meet every condition: a move of Max's strategy to a position
//!   of lower value would secure only that value, and a cycle of positive positions is a way
//!   for Min to make play go on forever for 0.
//! - **Weak solutions** (the value `z` of the start position): the positions reachable from the
//!   start in Max's restricted graph reach only terminals paying at least `z`, and, when
//!   `z > 0`, lie on no cycle; in Min's, only terminals paying at most `z` and, when `z < 0`,
//!   no cycle. This is exactly what each strategy secures from the start.
//!
//! Cycles are found by peeling (Kahn's algorithm backwards): positions all of whose moves in
//! the part checked lead to peeled positions are peeled; from any position left, the opponent
//! can keep play going forever.
//!
//! # Complexity
//! O(n + m) time and O(m) payoff comparisons.
//!
//! # Example
//! ```
//! use kalmar_core::{Rational, Vertex, format::read_gg};
//! use kalmar_terminal::{dgg, verify};
//! // Max at a takes 3 or passes to Min at b, who takes 5 or -2 or returns to a.
//! let text = "kalmar-gg 1\na max -> t b\nb min -> u v a\n\
//!             t terminal payoff=3\nu terminal payoff=5\nv terminal payoff=-2\n";
//! let game = dgg::from_graph(&read_gg(text).unwrap()).unwrap();
//! let solution = dgg::sorting::solve(&game, &mut dgg::Stats::default());
//! let values: Vec<Rational> = [3, -2, 3, 5, -2].map(Rational::from).to_vec();
//! assert!(verify::verify(&game, &values, &solution.strategy, None).is_ok());
//! // Claiming 5 for a (a weak solution from a) fails: Max's strategy secures only 3.
//! let five = [Rational::from(5)];
//! assert!(verify::verify(&game, &five, &solution.strategy, Some(Vertex(0))).is_err());
//! ```

use super::{Payoff, TerminalGame};
use kalmar_core::{Arena, Owner, Player, Strategy, VerifyError, Vertex};
use std::cmp::Ordering;

/// Checks claimed values and strategies. With `start = None`, `values` has one entry per vertex
/// and every one is checked (a strong solution); with `start = Some(v)`, `values` is the single
/// value of `v` and only `v` is checked (a weak solution).
pub fn verify<P: Payoff>(
    game: &TerminalGame<P>,
    values: &[P],
    strategy: &Strategy,
    start: Option<Vertex>,
) -> Result<(), VerifyError> {
    let arena = game.arena();
    if let Err(v) = strategy.check(arena) {
        return Err(VerifyError::new(format!(
            "the strategy does not choose a move of vertex {} there",
            if v.index() < arena.num_vertices() {
                arena.name(v).into_owned()
            } else {
                v.to_string()
            }
        )));
    }
    match start {
        Some(s) if s.index() < arena.num_vertices() && values.len() == 1 => {
            verify_weak(game, s, &values[0], strategy)
        }
        Some(_) => Err(VerifyError::new(
            "a weak solution needs one value of an existing start vertex",
        )),
        None if values.len() == arena.num_vertices() => verify_strong(game, values, strategy),
        None => Err(VerifyError::new(format!(
            "{} values for {} vertices",
            values.len(),
            arena.num_vertices()
        ))),
    }
}

/// One player's side of the check: the player whose strategy is fixed, and the direction of
/// payoffs that hurts him.
#[derive(Clone, Copy)]
struct Side {
    player: Player,
    /// `Less` for Max, `Greater` for Min.
    hurts: Ordering,
}

impl Side {
    const BOTH: [Side; 2] = [
        Side {
            player: Player::MAX,
            hurts: Ordering::Less,
        },
        Side {
            player: Player::MIN,
            hurts: Ordering::Greater,
        },
    ];

    /// The side a change of value in this direction hurts, if any.
    fn hurt_by(change: Ordering) -> Option<Side> {
        Side::BOTH.into_iter().find(|side| side.hurts == change)
    }

    fn names(self) -> (&'static str, &'static str) {
        if self.player == Player::MAX {
            ("Max", "Min")
        } else {
            ("Min", "Max")
        }
    }

    /// What the player's strategy secures at worst, in words.
    fn secures(self) -> &'static str {
        if self.player == Player::MAX {
            "secures only"
        } else {
            "concedes up to"
        }
    }

    /// The moves of `v` in the restricted graph: the strategy's at the player's positions,
    /// every move elsewhere.
    fn moves<'a>(self, arena: &'a Arena, strategy: &Strategy, v: Vertex) -> &'a [Vertex] {
        let all = arena.successors(v);
        match (arena.owner(v), strategy.get(v), arena.out_edges(v).next()) {
            (Owner::Player(p), Some(chosen), Some(first)) if p == self.player => {
                let i = chosen.index() - first.index();
                &all[i..=i]
            }
            _ => all,
        }
    }

    /// A position of `members` (those with `inside[v]`) from which the opponent can keep play
    /// going forever, if there is one. Every move of a member must lead to a member.
    fn endless(
        self,
        arena: &Arena,
        strategy: &Strategy,
        members: &[Vertex],
        inside: &[bool],
    ) -> Option<Vertex> {
        // Per member: its moves to members not yet peeled.
        let mut open = vec![0u32; arena.num_vertices()];
        let mut peeled = Vec::new();
        for &v in members {
            open[v.index()] = self.moves(arena, strategy, v).len() as u32;
            if open[v.index()] == 0 {
                peeled.push(v);
            }
        }
        let mut head = 0;
        while let Some(&w) = peeled.get(head) {
            head += 1;
            for (&e, &u) in arena.in_edges(w).iter().zip(arena.predecessors(w)) {
                if !inside[u.index()] {
                    continue;
                }
                if arena.owner(u) != Owner::Player(self.player) || strategy.get(u) == Some(e) {
                    open[u.index()] -= 1;
                    if open[u.index()] == 0 {
                        peeled.push(u);
                    }
                }
            }
        }
        (peeled.len() < members.len())
            .then(|| members.iter().copied().find(|v| open[v.index()] > 0))
            .flatten()
    }
}

fn verify_strong<P: Payoff>(
    game: &TerminalGame<P>,
    values: &[P],
    strategy: &Strategy,
) -> Result<(), VerifyError> {
    let arena = game.arena();
    let name = |v: Vertex| arena.name(v).into_owned();
    for t in game.terminals() {
        if values[t.index()] != *game.payoff(t) {
            return Err(VerifyError::new(format!(
                "terminal {} pays {}, not {}",
                name(t),
                game.payoff(t),
                values[t.index()]
            )));
        }
    }
    // One pass over the moves: a move that changes the claim hurts one side, and must not be a
    // move of that side's restricted graph.
    for v in arena.vertices() {
        let claimed = &values[v.index()];
        for (e, &w) in arena.out_edges(v).zip(arena.successors(v)) {
            let worth = &values[w.index()];
            let Some(side) = Side::hurt_by(worth.cmp(claimed)) else {
                continue;
            };
            let (me, you) = side.names();
            let mine = arena.owner(v) == Owner::Player(side.player);
            if mine && strategy.get(v) != Some(e) {
                continue;
            }
            return Err(VerifyError::new(if mine {
                format!(
                    "from {}, claimed {claimed}, {me}'s strategy moves to {}, claimed {worth}",
                    name(v),
                    name(w)
                )
            } else {
                format!(
                    "from {}, claimed {claimed}, {you} can move to {}, claimed {worth}",
                    name(v),
                    name(w)
                )
            }));
        }
    }
    for side in Side::BOTH {
        let (me, you) = side.names();
        // Where the player needs play to end: claims that infinite play (0) hurts. The moves
        // checked above never leave them.
        let inside: Vec<bool> = values
            .iter()
            .map(|x| P::zero().cmp(x) == side.hurts)
            .collect();
        let members: Vec<Vertex> = arena.vertices().filter(|v| inside[v.index()]).collect();
        if let Some(v) = side.endless(arena, strategy, &members, &inside) {
            return Err(VerifyError::new(format!(
                "from {} {me}'s strategy {} 0, not the claimed value {}: {you} can keep play going forever",
                name(v),
                side.secures(),
                values[v.index()]
            )));
        }
    }
    Ok(())
}

fn verify_weak<P: Payoff>(
    game: &TerminalGame<P>,
    start: Vertex,
    value: &P,
    strategy: &Strategy,
) -> Result<(), VerifyError> {
    let arena = game.arena();
    let name = |v: Vertex| arena.name(v).into_owned();
    if arena.is_terminal(start) && value != game.payoff(start) {
        return Err(VerifyError::new(format!(
            "terminal {} pays {}, not {value}",
            name(start),
            game.payoff(start)
        )));
    }
    let mut inside = vec![false; arena.num_vertices()];
    for side in Side::BOTH {
        let (me, you) = side.names();
        // The positions play can reach from the start when the player follows the strategy.
        inside.fill(false);
        inside[start.index()] = true;
        let mut reached = vec![start];
        let mut head = 0;
        while let Some(&v) = reached.get(head) {
            head += 1;
            for &w in side.moves(arena, strategy, v) {
                if !inside[w.index()] {
                    inside[w.index()] = true;
                    reached.push(w);
                }
            }
        }
        if let Some(&t) = reached
            .iter()
            .find(|&&t| arena.is_terminal(t) && game.payoff(t).cmp(value) == side.hurts)
        {
            return Err(VerifyError::new(format!(
                "from {} {me}'s strategy {} {}, not the claimed value {value}: {you} can reach terminal {}",
                name(start),
                side.secures(),
                game.payoff(t),
                name(t)
            )));
        }
        if P::zero().cmp(value) == side.hurts
            && let Some(v) = side.endless(arena, strategy, &reached, &inside)
        {
            return Err(VerifyError::new(format!(
                "from {} {me}'s strategy {} 0, not the claimed value {value}: {you} can keep play going forever (through {})",
                name(start),
                side.secures(),
                name(v)
            )));
        }
    }
    Ok(())
}
