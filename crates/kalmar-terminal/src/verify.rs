//! The independent checker of solutions to terminal-payoff games.
//!
//! Fixing one player's positional strategy leaves a one-player game, which is solved directly:
//! the opponent, who controls every remaining choice, can realise any path of the restricted
//! graph, so from a position he obtains the best payoff among the terminals he can reach and zero
//! if he can reach a cycle (infinite play). This is computed over the strongly connected
//! components of the restricted graph in reverse topological order. A claimed value `x` of `v`
//! is certified when Max's strategy secures at least `x` from `v` and Min's secures at most `x`:
//! then `x` is the value and both strategies are optimal from `v`.
//!
//! That positional strategies suffice, so that such a certificate exists for every game, is
//! Liggett and Lippman's theorem, recalled by Andersson, Hansen, Miltersen and Sørensen,
//! *Deterministic Graphical Games Revisited*.
//!
//! # Complexity
//! O(n + m) payoff comparisons and time.
//!
//! # Example
//! ```
//! use kalmar_core::{Player, Rational, format::read_gg};
//! use kalmar_terminal::{dgg, verify};
//! // Max at a takes 3 or passes to Min at b, who takes 5 or -2 or returns to a.
//! let text = "kalmar-gg 1\na max -> t b\nb min -> u v a\n\
//!             t terminal payoff=3\nu terminal payoff=5\nv terminal payoff=-2\n";
//! let game = dgg::from_graph(&read_gg(text).unwrap()).unwrap();
//! let solution = dgg::sorting::solve(&game, &mut dgg::Stats::default());
//! let values: Vec<Rational> = [3, -2, 3, 5, -2].map(Rational::from).to_vec();
//! assert_eq!(verify::secured(&game, &solution.strategy, Player::MAX), values);
//! assert!(verify::verify(&game, &values, &solution.strategy, None).is_ok());
//! // Claiming 5 for a (a weak solution from a) fails: Max's strategy secures only 3.
//! let five = [Rational::from(5)];
//! let a = Some(kalmar_core::Vertex(0));
//! assert!(verify::verify(&game, &five, &solution.strategy, a).is_err());
//! ```

use super::{Payoff, TerminalGame};
use kalmar_core::scc::strongly_connected_components;
use kalmar_core::{Owner, Player, Strategy, VerifyError, Vertex};

/// What `player` secures from every vertex by following `strategy`, against every counter-play
/// of the opponent: the opponent's best outcome in the one-player game left.
pub fn secured<P: Payoff>(game: &TerminalGame<P>, strategy: &Strategy, player: Player) -> Vec<P> {
    let arena = game.arena();
    let fixed = |v: Vertex| arena.owner(v) == Owner::Player(player);
    let successor = |v: Vertex, i: usize| -> Option<Vertex> {
        if fixed(v) {
            (i == 0).then(|| strategy.successor(arena, v)).flatten()
        } else {
            arena.successors(v).get(i).copied()
        }
    };
    let n = arena.num_vertices();
    let components = strongly_connected_components(n, successor);
    // Vertices grouped by component (a counting sort); components come sinks first.
    let mut start = vec![0usize; components.count() + 1];
    for v in arena.vertices() {
        start[components.of(v) + 1] += 1;
    }
    for c in 0..components.count() {
        start[c + 1] += start[c];
    }
    let mut members = vec![Vertex(0); n];
    let mut fill = start.clone();
    for v in arena.vertices() {
        let c = components.of(v);
        members[fill[c]] = v;
        fill[c] += 1;
    }
    // The opponent prefers small payoffs when the player is Max and large ones when Min.
    let better = |a: &P, b: &P| if player == Player::MAX { a < b } else { a > b };
    let mut best: Vec<Option<P>> = vec![None; components.count()];
    for c in 0..components.count() {
        let mut acc: Option<P> = None;
        let mut offer = |x: &P| {
            if acc.as_ref().is_none_or(|a| better(x, a)) {
                acc = Some(x.clone());
            }
        };
        for &v in &members[start[c]..start[c + 1]] {
            if arena.is_terminal(v) {
                offer(game.payoff(v));
            }
            let mut i = 0;
            while let Some(w) = successor(v, i) {
                i += 1;
                let d = components.of(w);
                if d == c {
                    offer(&P::zero()); // a cycle inside the component: play can go on forever
                } else if let Some(x) = &best[d] {
                    offer(x);
                }
            }
        }
        best[c] = acc;
    }
    arena
        .vertices()
        .map(|v| best[components.of(v)].clone().unwrap_or_else(P::zero))
        .collect()
}

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
    let name = |v: Vertex| arena.name(v).into_owned();
    if let Err(v) = strategy.check(arena) {
        return Err(VerifyError::new(format!(
            "the strategy does not choose a move of vertex {} there",
            if v.index() < arena.num_vertices() {
                name(v)
            } else {
                v.to_string()
            }
        )));
    }
    let checked: Vec<(Vertex, &P)> = match start {
        Some(s) if s.index() < arena.num_vertices() && values.len() == 1 => vec![(s, &values[0])],
        Some(_) => {
            return Err(VerifyError::new(
                "a weak solution needs one value of an existing start vertex",
            ));
        }
        None if values.len() == arena.num_vertices() => arena.vertices().zip(values).collect(),
        None => {
            return Err(VerifyError::new(format!(
                "{} values for {} vertices",
                values.len(),
                arena.num_vertices()
            )));
        }
    };
    let by_max = secured(game, strategy, Player::MAX);
    let by_min = secured(game, strategy, Player::MIN);
    for (v, claimed) in checked {
        if arena.is_terminal(v) && claimed != game.payoff(v) {
            return Err(VerifyError::new(format!(
                "terminal {} pays {}, not {claimed}",
                name(v),
                game.payoff(v)
            )));
        }
        if by_max[v.index()] < *claimed {
            return Err(VerifyError::new(format!(
                "from {} Max's strategy secures only {}, less than the claimed value {claimed}",
                name(v),
                by_max[v.index()]
            )));
        }
        if by_min[v.index()] > *claimed {
            return Err(VerifyError::new(format!(
                "from {} Min's strategy concedes up to {}, more than the claimed value {claimed}",
                name(v),
                by_min[v.index()]
            )));
        }
    }
    Ok(())
}
