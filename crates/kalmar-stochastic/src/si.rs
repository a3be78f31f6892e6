//! Strategy iteration (Hoffman and Karp, *On nonterminating stochastic games*, 1966) with exact
//! evaluation: exact values and optimal positional strategies of terminal-payoff (and simple
//! stochastic) games and of discounted games.
//!
//! Max improves a strategy `sigma`; each `sigma` is valued by Min's best reply, itself found by
//! strategy iteration in the one-player game (a Markov decision process) that fixing `sigma`
//! leaves; each strategy pair is valued exactly by [`chain`](super::chain). A player switches, at
//! every vertex where it pays, to the best move under the current values (Hoffman–Karp's
//! switch-all rule). In a discounted game this is the classical algorithm and needs nothing more.
//!
//! Terminal-payoff games need not stop: play may cycle forever and pay 0, and plain strategy
//! iteration can then stall at values that satisfy the optimality equations but are not the
//! values (Max, at a vertex worth -1, keeps moving towards the -1 terminal although a cycle of
//! value-(-1) vertices would let him stay away forever and get 0). The values of a strategy pair
//! are computed correctly (vertices that cannot reach a terminal get 0), and when no switch pays,
//! one more step looks for such a cycle: the improving player's negative (for Min: positive)
//! vertices from which the opponent, with chance on its side and both players restricted to
//! *safe* moves (moves between vertices of equal value), cannot force a positive probability of
//! ending ([`reach`](super::reach)). If there are any, the improving player switches to safe moves
//! that stay among them, which strictly raises (lowers) their values. If there are none, the
//! opponent's safe moves toward the end make a strategy that is safe and stopping, which holds
//! the improving player to the current values (Andersson and Miltersen, Lemma 5, in the
//! opponent's mirror image): the values are the game's, and that strategy is optimal.
//!
//! Each improvement strictly raises Max's values at some vertex and never lowers one, so no
//! strategy repeats and the iteration ends.
//!
//! Exact solves are the expensive part, so the iteration first runs on floating-point values
//! (the same elimination in `f64`, a bounded number of rounds, switching only on clear gains) to
//! find strategies close to optimal; the exact iteration then starts from them and usually needs
//! one or two exact solves per player. The floats only choose the starting point: the answer is
//! the exact iteration's.
//!
//! # Complexity
//! At most one evaluation per strategy of a player: exponentially many in the worst case
//! (Friedmann's lower bound applies), few in practice. Each evaluation is one exact linear solve
//! (see [`chain`](super::chain)) plus O(n + m) for the switches.
//!
//! # Example
//!
//! A coin toss worth 1/2 to Max, and a discounted game worth 2 where Max stays.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_core::{Certificate, Rational};
//! use kalmar_stochastic::{DiscountedGame, Stats, TerminalPayoffGame, si};
//! let graph = read_gg("kalmar-gg 1\nm max -> c l\nc chance -> w:1/2 l:1/2\n\
//!                      w terminal payoff=1\nl terminal payoff=0\n").unwrap();
//! let game = TerminalPayoffGame::from_graph(&graph).unwrap();
//! let solution = si::solve_terminal(&game, &mut Stats::default());
//! assert_eq!(solution.values[0], Rational::new(1, 2));
//! assert!(solution.verify(&game).is_ok());
//! let graph = read_gg("kalmar-gg 1\ndiscount 1/2\na max reward=1 -> a b\n\
//!                      b min reward=0 -> b\n").unwrap();
//! let game = DiscountedGame::from_graph(&graph).unwrap();
//! let solution = si::solve_discounted(&game, &mut Stats::default());
//! assert_eq!(solution.values, [Rational::from(2), Rational::ZERO]);
//! ```

use super::chain::{evaluate, evaluate_in};
use super::model::{Model, is_safe, player_of};
use super::reach::attract;
use super::{DiscountedGame, MeanPayoffGame, Solution, Stats, TerminalPayoffGame, mp_witness};
use kalmar_core::{Edge, Player, Rational, Strategy, VerifyError};

/// Options of strategy iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Start with the floating-point phase (see the module docs); on by default. Without it
    /// every step is exact.
    pub float_guide: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config { float_guide: true }
    }
}

/// Solves a terminal-payoff (or simple stochastic) game.
pub fn solve_terminal(game: &TerminalPayoffGame, stats: &mut Stats) -> Solution {
    solve(&game.model(), stats)
}

/// Solves a terminal-payoff game with these options.
pub fn solve_terminal_with(
    game: &TerminalPayoffGame,
    config: &Config,
    stats: &mut Stats,
) -> Solution {
    let model = game.model();
    solve_configured(&model, initial_profile(&model), config, stats)
}

/// Solves a discounted game.
pub fn solve_discounted(game: &DiscountedGame, stats: &mut Stats) -> Solution {
    solve(&game.model(), stats)
}

/// Solves a terminal-payoff game starting from the strategies in `start` (one move at every
/// player's vertex), such as those value iteration suggests.
pub fn solve_terminal_from(
    game: &TerminalPayoffGame,
    start: Strategy,
    stats: &mut Stats,
) -> Solution {
    solve_from(&game.model(), start, stats)
}

/// Solves a discounted game starting from the strategies in `start`.
pub fn solve_discounted_from(
    game: &DiscountedGame,
    start: Strategy,
    stats: &mut Stats,
) -> Solution {
    solve_from(&game.model(), start, stats)
}

/// Solves a mean-payoff game exactly: strategy iteration on discounted games with the same
/// arena and rewards, the discount factor `beta` ever closer to 1, until the strategies pass the
/// mean-payoff certificate ([`mp_witness`](super::mp_witness)). Lemma 1
/// ([`reduce::mean_to_discounted`](super::reduce::mean_to_discounted)) proves that every optimal
/// strategy of the discounted game at `beta*` is optimal for the mean payoff, but `beta*` has
/// O(n^2 log M) digits; so `1 - beta` starts at `1/(4(n + 1))` and is squared while the answer
/// fails the certificate, never going past `beta*` ([`certified_search`]), each round starting
/// from the last round's strategies. The values are those of the strategy pair, computed
/// exactly.
pub fn solve_mean_payoff(game: &MeanPayoffGame, stats: &mut Stats) -> Solution {
    let arena = game.arena();
    let n = arena.num_vertices() as i64;
    let floor = &Rational::ONE - &super::reduce::mean_to_discounted::beta_star(game);
    certified_search(
        Rational::new(1, 4 * (n + 1)),
        &floor,
        stats,
        |gap, start, stats| {
            let discounted =
                DiscountedGame::new(arena.clone(), game.rewards().to_vec(), &Rational::ONE - gap)
                    .expect("the arena of a mean-payoff game");
            let model = discounted.model();
            let begin = start.unwrap_or_else(|| initial_profile(&model));
            let strategy = solve_from(&model, begin, stats).strategy;
            Solution {
                values: game.evaluate(&strategy),
                strategy,
            }
        },
        |solution| mp_witness::verify(game, &solution.values, &solution.strategy),
    )
}

/// The first move at every player's vertex.
pub(crate) fn initial_profile(model: &Model<'_>) -> Strategy {
    initial_profile_of(model.arena)
}

/// The strategy pair that takes the first move at every player's vertex of `arena`.
pub fn initial_profile_of(arena: &kalmar_core::Arena) -> Strategy {
    Strategy::from_choices(
        arena
            .vertices()
            .map(|v| player_of(arena, v).and_then(|_| arena.out_edges(v).next()))
            .collect(),
    )
}

pub(crate) fn solve(model: &Model<'_>, stats: &mut Stats) -> Solution {
    solve_from(model, initial_profile(model), stats)
}

fn solve_from(model: &Model<'_>, profile: Strategy, stats: &mut Stats) -> Solution {
    solve_configured(model, profile, &Config::default(), stats)
}

fn solve_configured(
    model: &Model<'_>,
    mut profile: Strategy,
    config: &Config,
    stats: &mut Stats,
) -> Solution {
    assert!(
        profile.check(model.arena).is_ok(),
        "the starting strategies choose a move at every player's vertex"
    );
    if config.float_guide {
        guide(model, &mut profile, stats);
    }
    loop {
        let values = best_reply(model, Player::MIN, &mut profile, stats);
        if improve(model, Player::MAX, &mut profile, &values)
            || escape(model, Player::MAX, &mut profile, &values, false)
        {
            stats.iterations += 1;
            continue;
        }
        if !model.discounted() {
            // Min's reply is optimal against sigma, but may leave Max a cycle elsewhere; the
            // safe and stopping strategy cannot.
            stopping_strategy(model, Player::MIN, &mut profile, &values);
        }
        return Solution {
            values,
            strategy: profile,
        };
    }
}

/// Rounds of the floating-point phase (of Max's improvements, and of Min's within each).
const GUIDE_ROUNDS: usize = 64;

/// The floating-point phase: Hoffman–Karp's iteration with the strategy pairs valued in `f64`,
/// switching only where a move is better by a clear margin, for at most [`GUIDE_ROUNDS`] rounds.
/// It only chooses where the exact iteration starts (which then needs few exact solves); the
/// answer never depends on a float.
fn guide(model: &Model<'_>, profile: &mut Strategy, stats: &mut Stats) {
    for _ in 0..GUIDE_ROUNDS {
        for _ in 0..GUIDE_ROUNDS {
            let x = evaluate_in::<f64>(model, profile);
            stats.estimates += 1;
            if !improve_estimate(model, Player::MIN, profile, &x) {
                break;
            }
        }
        let x = evaluate_in::<f64>(model, profile);
        stats.estimates += 1;
        if !improve_estimate(model, Player::MAX, profile, &x) {
            return;
        }
    }
}

/// [`improve`] on floating-point values, with a margin of 1e-9 relative.
fn improve_estimate(model: &Model<'_>, player: Player, profile: &mut Strategy, x: &[f64]) -> bool {
    let arena = model.arena;
    let beta = model.discount.map_or(1.0, Rational::to_f64);
    let mut changed = false;
    for v in arena.vertices() {
        if player_of(arena, v) != Some(player) {
            continue;
        }
        let reward = model.reward.map_or(0.0, |r| r[v.index()].to_f64());
        let current = x[v.index()];
        let margin = 1e-9 * (1.0 + current.abs());
        let mut best: Option<(Edge, f64)> = None;
        for e in arena.out_edges(v) {
            let y = reward + beta * x[arena.target(e).index()];
            let wins = |b: f64| if player == Player::MAX { y > b } else { y < b };
            if best.is_none_or(|(_, b)| wins(b)) {
                best = Some((e, y));
            }
        }
        if let Some((e, y)) = best {
            let gain = if player == Player::MAX {
                y - current
            } else {
                current - y
            };
            if gain > margin {
                profile.set(v, e);
                changed = true;
            }
        }
    }
    changed
}

/// Makes `player`'s part of `profile` a best reply to the opponent's part (which stays fixed) by
/// strategy iteration in the one-player game, and returns the values of the resulting pair.
fn best_reply(
    model: &Model<'_>,
    player: Player,
    profile: &mut Strategy,
    stats: &mut Stats,
) -> Vec<Rational> {
    loop {
        let values = evaluate(model, profile);
        stats.evaluations += 1;
        if !improve(model, player, profile, &values)
            && !escape(model, player, profile, &values, true)
        {
            return values;
        }
    }
}

/// Whether `a` is strictly better than `b` for `player`.
fn better(player: Player, a: &Rational, b: &Rational) -> bool {
    if player == Player::MAX { a > b } else { a < b }
}

/// Switches `player` to its best move wherever that is strictly better than the current one
/// under `values` (the current move's value is `values[v]`); whether anything changed.
fn improve(model: &Model<'_>, player: Player, profile: &mut Strategy, values: &[Rational]) -> bool {
    let arena = model.arena;
    let mut changed = false;
    for v in arena.vertices() {
        if player_of(arena, v) != Some(player) {
            continue;
        }
        let mut best: Option<(Edge, Rational)> = None;
        for e in arena.out_edges(v) {
            let x = model.step(v, &values[arena.target(e).index()]);
            if best.as_ref().is_none_or(|(_, b)| better(player, &x, b)) {
                best = Some((e, x));
            }
        }
        if let Some((e, x)) = best
            && better(player, &x, &values[v.index()])
        {
            profile.set(v, e);
            changed = true;
        }
    }
    changed
}

/// The vertices where the opponent of `player`, restricted to safe moves (to its moves in
/// `profile` when `opponent_fixed`), cannot force a positive probability of reaching a terminal
/// or a vertex that is not strictly bad for `player`, while `player` also keeps to safe moves.
fn traps(
    model: &Model<'_>,
    player: Player,
    profile: &Strategy,
    values: &[Rational],
    opponent_fixed: bool,
) -> (Vec<bool>, super::reach::Reach) {
    let arena = model.arena;
    let opponent = player.opponent();
    let bad = |x: &Rational| {
        if player == Player::MAX {
            x.signum().is_lt()
        } else {
            x.signum().is_gt()
        }
    };
    let target: Vec<bool> = arena
        .vertices()
        .map(|v| arena.is_terminal(v) || !bad(&values[v.index()]))
        .collect();
    let reach = attract(arena, opponent, &target, |e| {
        let u = arena.source(e);
        if opponent_fixed && player_of(arena, u) == Some(opponent) {
            profile.get(u) == Some(e)
        } else {
            is_safe(model, e, values)
        }
    });
    let trapped = arena.vertices().map(|v| !reach.region[v.index()]).collect();
    (trapped, reach)
}

/// The step after no switch pays, in a game without discounting: where `player` can keep play
/// forever among its strictly bad vertices by safe moves, it does (see the module docs).
/// Whether anything changed.
fn escape(
    model: &Model<'_>,
    player: Player,
    profile: &mut Strategy,
    values: &[Rational],
    opponent_fixed: bool,
) -> bool {
    if model.discounted() {
        return false;
    }
    let arena = model.arena;
    let (trapped, _) = traps(model, player, profile, values, opponent_fixed);
    let mut changed = false;
    for v in arena.vertices() {
        if !trapped[v.index()] || player_of(arena, v) != Some(player) {
            continue;
        }
        let current = profile.get(v).expect("a choice at every player's vertex");
        if trapped[arena.target(current).index()] && is_safe(model, current, values) {
            continue;
        }
        let stay = arena
            .out_edges(v)
            .find(|&e| trapped[arena.target(e).index()] && is_safe(model, e, values))
            .expect("a trapped vertex has a safe move that stays trapped");
        profile.set(v, stay);
        changed = true;
    }
    changed
}

/// Replaces `player`'s part of `profile` by a safe strategy that is stopping where the values
/// are strictly good for `player` (the opponent's strictly bad vertices): toward the end along
/// the attractor, and elsewhere its current move if safe, else any safe move.
pub(crate) fn stopping_strategy(
    model: &Model<'_>,
    player: Player,
    profile: &mut Strategy,
    values: &[Rational],
) {
    let arena = model.arena;
    let (_, reach) = traps(model, player.opponent(), profile, values, false);
    for v in arena.vertices() {
        if player_of(arena, v) != Some(player) {
            continue;
        }
        if let Some(e) = reach.strategy[v.index()] {
            profile.set(v, e);
        } else if !profile.get(v).is_some_and(|e| is_safe(model, e, values)) {
            let safe = arena.out_edges(v).find(|&e| is_safe(model, e, values));
            if let Some(e) = safe {
                profile.set(v, e);
            }
        }
    }
}

/// Solves by a reduction whose parameter works once it is small enough, and is proven to work
/// at `floor`. `attempt(x, start, stats)` solves at the parameter `x`, starting from the last
/// attempt's strategies; the first answer that passes `certificate` is returned. The parameter
/// starts at `first` and is squared after each failure (doubling its bits), never going below
/// `floor`, where the answer must pass: O(log(log floor / log first)) rounds.
///
/// # Panics
/// If the answer at `floor` fails the certificate (the proof behind `floor` says it cannot).
pub(crate) fn certified_search(
    first: Rational,
    floor: &Rational,
    stats: &mut Stats,
    mut attempt: impl FnMut(&Rational, Option<Strategy>, &mut Stats) -> Solution,
    certificate: impl Fn(&Solution) -> Result<(), VerifyError>,
) -> Solution {
    let mut x = first.max(floor.clone());
    let mut start = None;
    loop {
        stats.rounds += 1;
        let solution = attempt(&x, start.take(), stats);
        match certificate(&solution) {
            Ok(()) => return solution,
            Err(e) => assert!(
                x > *floor,
                "the answer at the proven parameter {floor} failed the certificate: {e}"
            ),
        }
        start = Some(solution.strategy);
        x = (&x * &x).max(floor.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kalmar_core::Certificate;
    use kalmar_core::format::read_gg;

    fn solve_text(text: &str) -> (TerminalPayoffGame, Solution) {
        let game = TerminalPayoffGame::from_graph(&read_gg(text).unwrap()).unwrap();
        let exact_only = Config { float_guide: false };
        let solution = solve_terminal_with(&game, &exact_only, &mut Stats::default());
        solution.verify(&game).unwrap();
        assert_eq!(
            solve_terminal(&game, &mut Stats::default()).values,
            solution.values
        );
        (game, solution)
    }

    #[test]
    fn max_stays_away_from_a_loss_by_cycling() {
        // Max at a can end the game at -1 or move to b, where Min can only return: the cycle
        // pays 0, so both are worth 0 (strategy iteration from the first move must not stop at
        // the value -1, which also satisfies the optimality equations).
        let (_, s) = solve_text("kalmar-gg 1\na max -> t b\nb min -> a\nt terminal payoff=-1\n");
        assert_eq!(s.values[..2], [Rational::ZERO, Rational::ZERO]);
    }

    #[test]
    fn min_stays_away_from_a_win_by_cycling() {
        let (_, s) = solve_text("kalmar-gg 1\na min -> t b\nb max -> a\nt terminal payoff=1\n");
        assert_eq!(s.values[..2], [Rational::ZERO, Rational::ZERO]);
    }

    #[test]
    fn condon_coin_toss() {
        // Max at a picks a fair coin between the 1-sink and the 0-sink (1/2), or Min's b, who can
        // pick between the 1-sink and a coin that returns to a half the time: Min prefers the
        // coin, and a = max(1/2, x) with x = 1/2 * 0 + 1/2 * a, so a = 1/2.
        let (_, s) = solve_text(
            "kalmar-gg 1\na max -> c b\nc chance -> one:1/2 zero:1/2\nb min -> one d\n\
             d chance -> a:1/2 zero:1/2\none terminal payoff=1\nzero terminal payoff=0\n",
        );
        assert_eq!(s.values[0], Rational::new(1, 2));
        assert_eq!(s.values[3], Rational::new(1, 4));
    }

    #[test]
    fn a_mean_payoff_game_that_needs_a_discount_nearer_1() {
        // Max at a: to c, a loop earning 1 at every step (mean 1), or to d, which earns 100 once
        // and then loops at e earning 0 (mean 0). Discounted by 1 - 1/20 (the first try for 4
        // vertices), c is worth 19 and d 95, so the first discounted game picks d, which fails
        // the certificate; at 1 - 1/400, c is worth 399 and wins.
        let game = MeanPayoffGame::from_graph(
            &read_gg(
                "kalmar-gg 1\na max reward=0 -> d c\nc max reward=1 -> c\n\
                 d max reward=100 -> e\ne max reward=0 -> e\n",
            )
            .unwrap(),
        )
        .unwrap();
        let mut stats = Stats::default();
        let s = solve_mean_payoff(&game, &mut stats);
        s.verify(&game).unwrap();
        assert_eq!(s.values, [1, 1, 0, 0].map(Rational::from));
        assert_eq!(stats.rounds, 2);
    }
}
