//! The check of a solution of a *deterministic* mean-payoff game, independent of the solvers:
//! fix one player's strategy; in the graph that remains the other player chooses alone, and the
//! best it can do from a vertex is to reach the best cycle it can reach and go round it forever
//! (every infinite path's averages end up between the smallest and the largest mean of a cycle
//! on it). The best cycle mean of each strongly connected component comes from Karp's minimum
//! mean cycle algorithm (*A characterization of the minimum cycle mean in a digraph*, Discrete
//! Mathematics 1978), and each vertex takes the best over the components it can reach. The claimed
//! values must equal both players' best replies.
//!
//! Solutions are certified by [`mp_witness`](super::mp_witness) (any size, with chance too); this
//! check, by an unrelated method, is the tests' cross-check of it on deterministic games.
//!
//! # Complexity
//! O(k · e) time and O(k^2) memory for a component of `k` vertices and `e` moves; components of
//! more than [`LARGEST_COMPONENT`] vertices are refused.
//!
//! # Example
//!
//! mpsi's answer passes Karp's check.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_stochastic::{MeanPayoffGame, Stats, mp_check, mpsi};
//! let graph = read_gg("kalmar-gg 1\na max reward=1 -> a b\nb min reward=-1 -> b a\n").unwrap();
//! let game = MeanPayoffGame::from_graph(&graph).unwrap();
//! let solution = mpsi::solve(&game, &mut Stats::default()).unwrap();
//! assert!(mp_check::verify(&game, &solution.values, &solution.strategy).is_ok());
//! ```

use super::model::integer_rewards;
use super::model::player_of;
use super::{MeanPayoffGame, is_deterministic};
use kalmar_core::scc::strongly_connected_components;
use kalmar_core::{Player, Rational, Strategy, VerifyError, Vertex};

/// The largest strongly connected component checked (Karp's table has `k^2` entries).
pub const LARGEST_COMPONENT: usize = 2000;

/// Max's mean payoff from every vertex when `fixed` follows its part of `strategy` and the other
/// player replies as well as it can.
pub fn best_reply_values(
    game: &MeanPayoffGame,
    fixed: Player,
    strategy: &Strategy,
) -> Result<Vec<Rational>, VerifyError> {
    let arena = game.arena();
    if !is_deterministic(arena) {
        return Err(VerifyError::new(
            "the mean-payoff check is for deterministic games; this one has chance",
        ));
    }
    let (reward, scale) =
        integer_rewards(game).ok_or_else(|| VerifyError::new("rewards too large to check"))?;
    // The replier minimises: Min as herself, Max by minimising the negated rewards.
    let sign: i128 = if fixed == Player::MAX { 1 } else { -1 };
    let weight: Vec<i128> = reward.iter().map(|r| sign * r).collect();
    let n = arena.num_vertices();
    let successors = |v: Vertex| -> Vec<Vertex> {
        if player_of(arena, v) == Some(fixed) {
            vec![strategy.successor(arena, v).expect("checked by the caller")]
        } else {
            arena.successors(v).to_vec()
        }
    };
    let lists: Vec<Vec<Vertex>> = arena.vertices().map(successors).collect();
    let components = strongly_connected_components(n, |v, i| lists[v.index()].get(i).copied());
    let mut best: Vec<Option<Rational>> = vec![None; components.count()];
    // Components come sinks first, so every successor component is done before its
    // predecessors.
    for (c, members) in components.members().iter().enumerate() {
        let mut value = karp(members, &lists, &weight, &components, c)?;
        for &v in members {
            for w in &lists[v.index()] {
                let d = components.of(*w);
                if d != c
                    && let Some(x) = &best[d]
                    && value.as_ref().is_none_or(|y| x < y)
                {
                    value = Some(x.clone());
                }
            }
        }
        best[c] = value;
    }
    let scale = Rational::from_big(num_rational::BigRational::from_integer(scale));
    let sign = Rational::from(sign as i64);
    Ok(arena
        .vertices()
        .map(|v| {
            let x = best[components.of(v)]
                .clone()
                .expect("every vertex reaches a cycle");
            &(&x * &sign) / &scale
        })
        .collect())
}

/// The minimum mean of a cycle inside component `c` (None if it has no cycle).
fn karp(
    members: &[Vertex],
    lists: &[Vec<Vertex>],
    weight: &[i128],
    components: &kalmar_core::scc::Components,
    c: usize,
) -> Result<Option<Rational>, VerifyError> {
    let k = members.len();
    let inside = |w: &Vertex| components.of(*w) == c;
    if k == 1 && !lists[members[0].index()].iter().any(|w| *w == members[0]) {
        return Ok(None);
    }
    if k > LARGEST_COMPONENT {
        return Err(VerifyError::new(format!(
            "a strongly connected part of {k} vertices is too large for the mean-payoff check \
             (at most {LARGEST_COMPONENT})"
        )));
    }
    let local: std::collections::HashMap<Vertex, usize> =
        members.iter().enumerate().map(|(i, &v)| (v, i)).collect();
    const INF: i128 = i128::MAX;
    // d[j][v]: the least weight of a walk of exactly j moves from members[0] to v.
    let mut d = vec![vec![INF; k]; k + 1];
    d[0][0] = 0;
    for j in 1..=k {
        for (i, &u) in members.iter().enumerate() {
            let from = d[j - 1][i];
            if from == INF {
                continue;
            }
            for w in lists[u.index()].iter().filter(|w| inside(w)) {
                let x = from + weight[u.index()];
                let t = local[w];
                if x < d[j][t] {
                    d[j][t] = x;
                }
            }
        }
    }
    let mut best: Option<Rational> = None;
    for (v, &last) in d[k].iter().enumerate() {
        if last == INF {
            continue;
        }
        let worst = (0..k)
            .filter(|&j| d[j][v] != INF)
            .map(|j| {
                Rational::from_big(num_rational::BigRational::new(
                    num_bigint::BigInt::from(last - d[j][v]),
                    num_bigint::BigInt::from(k - j),
                ))
            })
            .max()
            .expect("j = 0 or a shorter walk reaches v");
        if best.as_ref().is_none_or(|b| worst < *b) {
            best = Some(worst);
        }
    }
    Ok(best)
}

/// Checks that `values` are the values of a deterministic mean-payoff game and that both parts
/// of `strategy` are optimal (see the module docs).
pub fn verify(
    game: &MeanPayoffGame,
    values: &[Rational],
    strategy: &Strategy,
) -> Result<(), VerifyError> {
    super::verify::verify_by_best_replies(game.arena(), values, strategy, |fixed| {
        best_reply_values(game, fixed, strategy)
    })
}
