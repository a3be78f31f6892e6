//! Random stochastic games: Max, Min and chance positions with random successors, for tests,
//! benchmarks and `kalmar generate stochastic`.
//!
//! Vertices `0 .. positions` belong to Max, Min or chance, each with probability 1/3, and have
//! `out_degree` moves to uniformly random vertices (self-loops and parallel moves allowed). A
//! chance vertex of a simple stochastic game tosses a fair coin between two moves; otherwise its
//! moves get random weights 1 to 4, normalised. Terminal-payoff games end with `terminals`
//! terminals after the positions: a simple stochastic game's pay 0 and 1 alternately, other
//! games' integers in [-3, 3]. Discounted and mean-payoff games have no terminals and a reward in
//! [-5, 5] at every vertex; discounted games the discount factor given. Parity games have no
//! terminals and a priority in [0, 3] at every vertex. The start is vertex 0.
//!
//! # Complexity
//! O(n + m) time, a few random draws per move.

use crate::Class;
use kalmar_core::format::GameGraph;
use kalmar_core::generate::{GenerateError, check_size, rng};
use kalmar_core::{Builder, Owner, Player, Rational, Vertex};
use rand::Rng;

/// A random game of `class` (simple, terminal, discounted or mean-payoff) drawn from `seed`.
///
/// ```
/// use kalmar_stochastic::generate::random_stochastic;
/// use kalmar_stochastic::Class;
/// let g = random_stochastic(Class::Simple, 50, 2, 4, None, 1).unwrap();
/// assert_eq!(g.arena.num_vertices(), 54);
/// assert_eq!(Class::of(&g), Class::Simple);
/// ```
pub fn random_stochastic(
    class: Class,
    positions: usize,
    out_degree: usize,
    terminals: usize,
    discount: Option<Rational>,
    seed: u64,
) -> Result<GameGraph, GenerateError> {
    random_game(
        class, positions, out_degree, terminals, discount, true, seed,
    )
}

/// The same as [`random_stochastic`] without chance vertices: the deterministic special case,
/// with Max and Min positions with probability 1/2 each.
pub fn random_deterministic(
    class: Class,
    positions: usize,
    out_degree: usize,
    terminals: usize,
    discount: Option<Rational>,
    seed: u64,
) -> Result<GameGraph, GenerateError> {
    random_game(
        class, positions, out_degree, terminals, discount, false, seed,
    )
}

fn random_game(
    class: Class,
    positions: usize,
    out_degree: usize,
    terminals: usize,
    discount: Option<Rational>,
    chance: bool,
    seed: u64,
) -> Result<GameGraph, GenerateError> {
    if positions == 0 || out_degree == 0 {
        return Err(GenerateError::Parameter(
            "a random game needs at least one position and one move per position".into(),
        ));
    }
    let infinite = matches!(class, Class::Discounted | Class::MeanPayoff | Class::Parity);
    let terminals = if infinite { 0 } else { terminals };
    let discount = match (class, discount) {
        (Class::Discounted, Some(beta)) if beta.signum().is_gt() && beta < Rational::ONE => {
            Some(beta)
        }
        (Class::Discounted, _) => {
            return Err(GenerateError::Parameter(
                "a discounted game needs a discount factor strictly between 0 and 1".into(),
            ));
        }
        _ => None,
    };
    let n = positions.saturating_add(terminals);
    let arcs = positions.saturating_mul(out_degree.max(2));
    check_size(n, arcs)?;
    let mut rng = rng(seed);
    let mut b = Builder::new(2);
    b.reserve(n, arcs);
    let owners: Vec<Owner> = (0..positions)
        .map(|_| match rng.random_range(0..if chance { 3 } else { 2 }) {
            0 => Owner::Player(Player::MAX),
            1 => Owner::Player(Player::MIN),
            _ => Owner::Chance,
        })
        .collect();
    for &owner in &owners {
        b.add_vertex(owner);
    }
    for _ in 0..terminals {
        b.add_vertex(Owner::Terminal);
    }
    for (i, &owner) in owners.iter().enumerate() {
        let v = Vertex::new(i);
        let mut target = || Vertex::new(rng.random_range(0..n));
        match owner {
            Owner::Chance if class == Class::Simple => {
                let (x, y) = (target(), target());
                b.add_chance_edge(v, x, Rational::new(1, 2));
                b.add_chance_edge(v, y, Rational::new(1, 2));
            }
            Owner::Chance => {
                let moves: Vec<(Vertex, i64)> = (0..out_degree)
                    .map(|_| (Vertex::new(rng.random_range(0..n)), rng.random_range(1..=4)))
                    .collect();
                let total: i64 = moves.iter().map(|m| m.1).sum();
                for (w, weight) in moves {
                    b.add_chance_edge(v, w, Rational::new(weight, total));
                }
            }
            _ => {
                for _ in 0..out_degree {
                    let w = target();
                    b.add_edge(v, w);
                }
            }
        }
    }
    b.set_start(Vertex(0));
    let arena = b.build().expect("the generator builds valid arenas");
    let mut graph = GameGraph::new(arena);
    for k in 0..terminals {
        let payoff = if class == Class::Simple {
            Rational::from((k % 2) as i64)
        } else {
            Rational::from(rng.random_range(-3i64..=3))
        };
        graph.payoff[positions + k] = vec![payoff];
    }
    if class == Class::Parity {
        graph.priority = Some((0..n).map(|_| rng.random_range(0..4u32)).collect());
    } else if infinite {
        graph.reward = Some(
            (0..n)
                .map(|_| Rational::from(rng.random_range(-5i64..=5)))
                .collect(),
        );
    }
    graph.discount = discount;
    Ok(graph)
}

/// The chain of Haddad and Monmege (*Interval iteration algorithm for MDPs and IMDPs*, TCS 2018)
/// on which value iteration converges exponentially slowly, as a terminal-payoff game: Max, at
/// the start, either takes a payoff of 1/2 or enters a chain of `n` fair coins, each of which
/// moves on with probability 1/2 and otherwise falls back to the first; past the last one a
/// terminal pays 1. Play reaches the end with probability 1, so the chain is worth 1 and Max
/// enters it; but a round succeeds with probability 2^-n, so the lower bound of value iteration
/// needs about 2^n sweeps to get close, while strategy iteration solves one linear system.
///
/// ```
/// use kalmar_stochastic::generate::haddad_monmege;
/// let g = haddad_monmege(10).unwrap();
/// assert_eq!(g.arena.num_vertices(), 13);
/// ```
pub fn haddad_monmege(n: usize) -> Result<GameGraph, GenerateError> {
    haddad_monmege_paying(n, Rational::ONE)
}

/// The chain of [`haddad_monmege`] whose end pays `payoff` instead of 1, which must exceed the
/// 1/2 that Max can take at once (so he still enters the chain, worth `payoff`). With a payoff
/// below 1 the value is no longer 1, so a graph precomputation of the vertices won with
/// probability 1 does not find it, and value iteration has to converge to it.
///
/// ```
/// use kalmar_core::Rational;
/// use kalmar_stochastic::generate::haddad_monmege_paying;
/// let g = haddad_monmege_paying(10, Rational::new(3, 4)).unwrap();
/// assert_eq!(g.payoff[2], vec![Rational::new(3, 4)]);
/// ```
pub fn haddad_monmege_paying(n: usize, payoff: Rational) -> Result<GameGraph, GenerateError> {
    if payoff <= Rational::new(1, 2) {
        return Err(GenerateError::Parameter(
            "the chain's end must pay more than the 1/2 Max can take at once".into(),
        ));
    }
    if n == 0 {
        return Err(GenerateError::Parameter(
            "the chain needs at least one coin".into(),
        ));
    }
    check_size(n.saturating_add(3), n.saturating_mul(2).saturating_add(2))?;
    let mut b = Builder::new(2);
    let start = b.add_vertex(Owner::Player(Player::MAX));
    let half = b.add_vertex(Owner::Terminal);
    let end = b.add_vertex(Owner::Terminal);
    b.set_name(start, "choose");
    b.set_name(half, "half");
    b.set_name(end, "end");
    let coins: Vec<Vertex> = (0..n).map(|_| b.add_vertex(Owner::Chance)).collect();
    b.add_edge(start, half);
    b.add_edge(start, coins[0]);
    for (i, &c) in coins.iter().enumerate() {
        let next = coins.get(i + 1).copied().unwrap_or(end);
        b.add_chance_edge(c, next, Rational::new(1, 2));
        b.add_chance_edge(c, coins[0], Rational::new(1, 2));
    }
    b.set_start(start);
    let mut graph = GameGraph::new(b.build().expect("the chain is valid"));
    graph.payoff[half.index()] = vec![Rational::new(1, 2)];
    graph.payoff[end.index()] = vec![payoff];
    Ok(graph)
}
