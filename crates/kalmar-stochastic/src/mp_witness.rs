//! The certificate of a mean-payoff game's solution, with or without chance, of any size: a
//! *gain/bias witness* for each player's strategy, checked exactly in linear time.
//!
//! # The witness
//! Claimed values `g` (the solution's) and Max's strategy `sigma`. In the game that fixing
//! `sigma` leaves, the *moves* of a vertex `u` are: `sigma`'s move at Max's vertices, every move
//! at Min's, and the distribution `p(u, ·)` at chance vertices; `E x` is the mean of `x` over a
//! move's next vertex. A *potential* `h` witnesses that `sigma` secures `g` when for every vertex
//! `u` and each of its moves
//!
//! - (C1) `g(u) <= E g`, and
//! - (C2) `g(u) + h(u) <= r(u) + E h`.
//!
//! Min's side is the mirror image: her strategy `tau` fixed, Max's moves all open, both
//! inequalities `>=`.
//!
//! # Why it proves the values
//! Fix `sigma` and any strategy of Min (history-dependent, randomised), a start `x0` and the play
//! `X_0 = x0, X_1, …`; let `F_t` be its history up to `X_t`. Each step is a mixture of moves of
//! `X_t`, so (C1) and (C2) give `E[g(X_{t+1}) | F_t] >= g(X_t)` and
//! `r(X_t) >= g(X_t) + h(X_t) - h(X_{t+1}) + D_{t+1}`, where
//! `D_{t+1} = h(X_{t+1}) - E[h(X_{t+1}) | F_t]` is a martingale difference bounded by `2 max|h|`.
//! Telescoping over `t < T`:
//!
//! `sum_{t<T} r(X_t) >= sum_{t<T} g(X_t) + h(X_0) - h(X_T) + sum_{1<=t<=T} D_t`.
//!
//! In expectation this is `E[sum_{t<T} r(X_t)] >= T g(x0) - 2 max|h|`, since `g(X_t)` is a
//! submartingale. Along plays: `g(X_t)` is a bounded submartingale, so it converges almost surely
//! to some `G` with `E[G] >= g(x0)` (Doob; bounded convergence), and so do its averages; the
//! averages of the bounded martingale differences tend to 0 almost surely (the strong law for
//! martingales, e.g. by Azuma's inequality and Borel–Cantelli); and `h` is bounded. Hence
//! `liminf_T (1/T) sum_{t<T} r(X_t) >= G` almost surely and the expected liminf average is at
//! least `g(x0)`: `sigma` secures `g` against every strategy of Min. (The same conclusion follows
//! from the bound in expectation for positional replies, whose averages converge almost surely,
//! and the optimality of positional replies in finite Markov decision processes; Liggett and
//! Lippman 1969, Puterman, *Markov Decision Processes*, chapter 9.) Min's witness likewise shows
//! that `tau` holds Max's expected limsup average, a fortiori his liminf, to at most `g`. So `g`
//! is the value of every vertex and both strategies are optimal.
//!
//! Every correct solution has witnesses. Against an optimal `sigma`, (C1) holds: Min's vertex is
//! worth its least successor, a chance vertex its mean, and `g(sigma(u)) < g(u)` would let Min
//! hold Max below `g(u)` from `sigma(u)`. The Markov decision process that `sigma` leaves Min has
//! best gain `g`, and its multichain optimality equations (Puterman, chapter 9) give a bias `h`
//! with (C2) on every move that keeps the gain (`E g = g(u)`). On a move with `E g > g(u)`, the
//! potential `h + M g` adds `M (E g - g(u)) > 0` to the slack of (C2) and nothing to it on the
//! others, so a large enough `M` makes (C2) hold everywhere.
//!
//! # Producer and check
//! [`witness`] produces a potential by Howard's multichain policy iteration for the other player
//! (the `howard` module), started from the solution's own strategy for that player, then
//! shifts it by the least integer `M >= 0` that makes (C2) hold (an integer keeps the numbers as
//! small as the bias's). If the best reply's gain differs from the claimed values, the claim is
//! wrong, and the error names the first such vertex. The producer is not trusted: [`check`]
//! decides, from the game, the values, the strategy and the potential alone.
//!
//! # Complexity
//! [`check`]: O(n + m) exact rational operations. [`witness`]: policy iteration, one exact
//! evaluation per round (the `chain` module: linear time without chance, an exact linear
//! solve per strongly connected component with it), plus O(n + m) per round.
//!
//! # Example
//!
//! mpsi's answer passes; swapped values do not.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_stochastic::{MeanPayoffGame, Stats, mp_witness, mpsi};
//! let graph = read_gg("kalmar-gg 1\na max reward=1 -> a b\nb min reward=-1 -> b a\n").unwrap();
//! let game = MeanPayoffGame::from_graph(&graph).unwrap();
//! let solution = mpsi::solve(&game, &mut Stats::default()).unwrap();
//! assert!(mp_witness::verify(&game, &solution.values, &solution.strategy).is_ok());
//! let swapped = [solution.values[1].clone(), solution.values[0].clone()];
//! assert!(mp_witness::verify(&game, &swapped, &solution.strategy).is_err());
//! ```

use super::model::check_shape;
use super::{MeanPayoffGame, Solution, howard};
use kalmar_core::{Certificate, Owner, Player, Rational, Strategy, VerifyError, Vertex};

/// A potential that shows that one player's part of a strategy secures the claimed values of a
/// mean-payoff game (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct Witness {
    /// The player whose strategy is fixed: Max's witness shows he gets at least the values,
    /// Min's that he gets at most them.
    pub player: Player,
    /// The potential `h`, one number per vertex.
    pub potential: Vec<Rational>,
}

/// Calls `each(E g, E h)` for every move of `u` in the game where `player` keeps to its part of
/// `strategy` (see the module docs), stopping at the first error.
fn for_each_move(
    game: &MeanPayoffGame,
    player: Player,
    strategy: &Strategy,
    values: &[Rational],
    potential: &[Rational],
    u: Vertex,
    mut each: impl FnMut(&Rational, &Rational) -> Result<(), VerifyError>,
) -> Result<(), VerifyError> {
    let arena = game.arena();
    match arena.owner(u) {
        Owner::Player(p) if p == player => {
            let w = strategy.successor(arena, u).expect("checked shape");
            each(&values[w.index()], &potential[w.index()])
        }
        Owner::Player(_) => arena
            .successors(u)
            .iter()
            .try_for_each(|w| each(&values[w.index()], &potential[w.index()])),
        Owner::Chance => {
            let (mut eg, mut eh) = (Rational::ZERO, Rational::ZERO);
            for e in arena.out_edges(u) {
                let p = arena
                    .probability(e)
                    .expect("chance edges have probabilities");
                let w = arena.target(e).index();
                eg = eg + p * &values[w];
                eh = eh + p * &potential[w];
            }
            each(&eg, &eh)
        }
        Owner::Terminal => Ok(()),
    }
}

/// Checks `witness` exactly: (C1) and (C2) of the module docs at every move. O(n + m).
pub fn check(
    game: &MeanPayoffGame,
    values: &[Rational],
    strategy: &Strategy,
    witness: &Witness,
) -> Result<(), VerifyError> {
    let arena = game.arena();
    check_shape(arena, values, strategy)?;
    let h = &witness.potential;
    if h.len() != arena.num_vertices() {
        return Err(VerifyError::new(format!(
            "a potential of {} numbers for {} vertices",
            h.len(),
            arena.num_vertices()
        )));
    }
    let (holds, who, sign) = if witness.player == Player::MAX {
        (
            Rational::le as fn(&Rational, &Rational) -> bool,
            "Max",
            "<=",
        )
    } else {
        (
            Rational::ge as fn(&Rational, &Rational) -> bool,
            "Min",
            ">=",
        )
    };
    for u in arena.vertices() {
        let g = &values[u.index()];
        // (C2) as `g(u) + h(u) - r(u) <= E h`: one subtraction per vertex, comparisons per move.
        let needed = &(g + &h[u.index()]) - &game.rewards()[u.index()];
        for_each_move(game, witness.player, strategy, values, h, u, |eg, eh| {
            if !holds(g, eg) {
                return Err(VerifyError::new(format!(
                    "vertex {}: against {who}'s strategy a move leads to claimed value {eg}, \
                     but {who} needs value {g} {sign} {eg}",
                    arena.name(u)
                )));
            }
            if !holds(&needed, eh) {
                return Err(VerifyError::new(format!(
                    "vertex {}: {who}'s potential fails: value + potential - reward = {needed}, \
                     potential after a move = {eh}, expected {sign}",
                    arena.name(u)
                )));
            }
            Ok(())
        })?;
    }
    Ok(())
}

/// A witness for `player`'s part of `strategy`, by policy iteration for the other player (see the
/// module docs); an error naming the first vertex whose claimed value the other player's best
/// reply does not meet. The result is not trusted: pass it to [`check`].
pub fn witness(
    game: &MeanPayoffGame,
    values: &[Rational],
    strategy: &Strategy,
    player: Player,
) -> Result<Witness, VerifyError> {
    let arena = game.arena();
    check_shape(arena, values, strategy)?;
    let reply = howard::best_reply(game, player, strategy);
    let (gain, mut potential) = (reply.values.gain, reply.values.bias);
    if let Some(v) = arena
        .vertices()
        .find(|v| gain[v.index()] != values[v.index()])
    {
        let (who, gets) = if player == Player::MAX {
            ("Max", "Min's best reply holds Max to")
        } else {
            ("Min", "Max's best reply gets")
        };
        return Err(VerifyError::new(format!(
            "vertex {}: claimed value {}, but against {who}'s strategy {gets} {}",
            arena.name(v),
            values[v.index()],
            gain[v.index()]
        )));
    }
    // The least M >= 0 with deficit <= M * slack on every move, where the slack (how much the
    // move improves the value for the fixed player) is positive.
    let oriented = |x: Rational| if player == Player::MAX { x } else { -x };
    let mut shift = Rational::ZERO;
    for u in arena.vertices() {
        let g = &values[u.index()];
        let left = g + &potential[u.index()];
        let reward = &game.rewards()[u.index()];
        for_each_move(game, player, strategy, values, &potential, u, |eg, eh| {
            let slack = oriented(eg - g);
            let deficit = oriented(&left - &(reward + eh));
            if slack.signum().is_gt() && deficit.signum().is_gt() {
                shift = shift.clone().max(&deficit / &slack);
            }
            Ok(())
        })?;
    }
    if !shift.is_zero() {
        let m = Rational::from_big(shift.to_big().ceil());
        for (h, g) in potential.iter_mut().zip(values) {
            *h = &*h + &(&m * g);
        }
    }
    Ok(Witness { player, potential })
}

/// Checks that `values` are the values of the game and that both parts of `strategy` are
/// optimal: a witness for each player, produced by [`witness`] and checked by [`check`].
pub fn verify(
    game: &MeanPayoffGame,
    values: &[Rational],
    strategy: &Strategy,
) -> Result<(), VerifyError> {
    for player in [Player::MAX, Player::MIN] {
        let witness = witness(game, values, strategy, player)?;
        check(game, values, strategy, &witness)?;
    }
    Ok(())
}

impl Certificate<MeanPayoffGame> for Solution {
    /// The gain/bias witnesses of this module: any size, with or without chance.
    fn verify(&self, game: &MeanPayoffGame) -> Result<(), VerifyError> {
        verify(game, &self.values, &self.strategy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chain::gain_and_bias;
    use crate::si::initial_profile_of;
    use kalmar_core::format::read_gg;

    fn game(text: &str) -> MeanPayoffGame {
        MeanPayoffGame::from_graph(&read_gg(text).unwrap()).unwrap()
    }

    /// The strategy pair that takes the move `from -> to` for each pair given, and the first move
    /// elsewhere.
    fn profile(game: &MeanPayoffGame, moves: &[(&str, &str)]) -> Strategy {
        let arena = game.arena();
        let names = arena.name_index();
        let mut s = initial_profile_of(arena);
        for (from, to) in moves {
            let (u, w) = (names[*from], names[*to]);
            s.set(u, arena.find_edge(u, w).unwrap());
        }
        s
    }

    fn values(xs: &[Rational]) -> Vec<Rational> {
        xs.to_vec()
    }

    #[test]
    fn a_lottery_worth_five_quarters_per_step() {
        // Max at m takes the lottery c (to the loop a earning 2 with probability 3/4, to Min's b
        // earning -1 with probability 1/4, where Min stays rather than go to a) instead of the
        // loop d earning 1: m and c are worth 3/4 * 2 + 1/4 * (-1) = 5/4 per step.
        let g = game(
            "kalmar-gg 1\nm max reward=0 -> c d\nc chance reward=0 -> a:3/4 b:1/4\n\
             a max reward=2 -> a\nb min reward=-1 -> b a\nd min reward=1 -> d\n",
        );
        let five_quarters = Rational::new(5, 4);
        let right = values(&[
            five_quarters.clone(),
            five_quarters.clone(),
            Rational::from(2),
            Rational::from(-1),
            Rational::ONE,
        ]);
        let best = profile(&g, &[("m", "c"), ("b", "b")]);
        assert_eq!(verify(&g, &right, &best), Ok(()));
        // Taking d is worth 1 at m, not 5/4.
        let timid = profile(&g, &[("m", "d"), ("b", "b")]);
        assert!(verify(&g, &right, &timid).is_err());
        // Nor are the values those of d: against Min's strategy, Max's best reply gets 5/4.
        let mut low = right.clone();
        low[0] = Rational::ONE;
        let err = verify(&g, &low, &timid).unwrap_err();
        assert!(err.reason().contains("vertex m"), "{err}");
        // Min moving to a at b gives Max 2 there.
        let generous = profile(&g, &[("m", "c"), ("b", "a")]);
        assert!(verify(&g, &right, &generous).is_err());
    }

    #[test]
    fn the_bias_step_repairs_a_gain_optimal_start() {
        // Every vertex is worth 0 and Min's first move at u (to x, which earns 5 on the way to
        // the loop z) is optimal, but the bias of that strategy pair is not a witness: (C2)
        // fails on Min's move to y. Policy iteration's bias step moves Min to y, whose bias is.
        let g = game(
            "kalmar-gg 1\nu min reward=0 -> x y\nx max reward=5 -> z\ny max reward=0 -> z\n\
             z min reward=0 -> z\n",
        );
        let zero = vec![Rational::ZERO; 4];
        let start = initial_profile_of(g.arena());
        let raw = Witness {
            player: Player::MAX,
            potential: gain_and_bias(g.arena(), g.rewards(), &start).bias,
        };
        assert_eq!(raw.potential[0], Rational::from(5));
        assert!(check(&g, &zero, &start, &raw).is_err());
        let produced = witness(&g, &zero, &start, Player::MAX).unwrap();
        let after_the_bias_step = [0, 5, 0, 0].map(Rational::from);
        assert_eq!(produced.potential, after_the_bias_step);
        assert_eq!(check(&g, &zero, &start, &produced), Ok(()));
        assert_eq!(verify(&g, &zero, &start), Ok(()));
    }

    #[test]
    fn the_shift_repairs_moves_to_better_vertices() {
        // Min at u stays at the loop z (value 0) rather than go to the cycle q, p (rewards -10
        // and 12, mean 1). The bias is 0 at p (the cycle's smallest vertex) and -11 at q, so
        // (C2) fails on Min's move u -> q by 11 with a gain difference of 1: M = 11.
        let g = game(
            "kalmar-gg 1\nu min reward=0 -> z q\np max reward=12 -> q\nz max reward=0 -> z\n\
             q max reward=-10 -> p\n",
        );
        let claimed = values(&[Rational::ZERO, Rational::ONE, Rational::ZERO, Rational::ONE]);
        let s = initial_profile_of(g.arena());
        let bias = gain_and_bias(g.arena(), g.rewards(), &s).bias;
        assert_eq!(bias[3], Rational::from(-11));
        let raw = Witness {
            player: Player::MAX,
            potential: bias,
        };
        assert!(check(&g, &claimed, &s, &raw).is_err());
        let produced = witness(&g, &claimed, &s, Player::MAX).unwrap();
        assert_eq!(produced.potential[3], Rational::ZERO);
        assert_eq!(produced.potential[1], Rational::from(11));
        assert_eq!(verify(&g, &claimed, &s), Ok(()));
    }

    #[test]
    fn malformed_witnesses_are_rejected() {
        let g = game("kalmar-gg 1\na max reward=1 -> a\n");
        let s = initial_profile_of(g.arena());
        let one = vec![Rational::ONE];
        let short = Witness {
            player: Player::MIN,
            potential: Vec::new(),
        };
        assert!(check(&g, &one, &s, &short).is_err());
        assert!(check(&g, &[], &s, &short).is_err());
        assert!(verify(&g, &[Rational::ZERO], &s).is_err());
    }
}
