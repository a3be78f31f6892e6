//! The independent check of a claimed solution of a terminal-payoff or discounted game: exact,
//! in linear time (plus rational arithmetic), and without solving anything.
//!
//! 1. The strategy chooses a move at every player's vertex; terminals have their payoffs.
//! 2. The values satisfy the optimality equations exactly: at a chance vertex the reward plus
//!    the discounted mean of its successors' values; at Max's vertices the largest, at Min's the
//!    smallest, of `r(v) + beta * value(w)` over the moves `v -> w`.
//! 3. Each strategy is *safe*: it takes a move that attains that optimum.
//! 4. Without discounting, each strategy is *stopping* where it needs to be: against every reply,
//!    play from a vertex of positive value reaches a terminal with positive probability when Max
//!    follows his strategy, and likewise from a vertex of negative value when Min follows hers
//!    (an attractor computation in which the checked player keeps to its chosen move).
//!
//! Fixing one player's strategy leaves the opponent a one-player game; 2–4 say exactly that the
//! opponent can do no better in it than the claimed values. For discounted games 2 and 3 suffice:
//! the optimality equations have one solution (they are a contraction; Shapley), and a strategy
//! that attains them locally secures it. For terminal-payoff games the equations can have many
//! solutions; Andersson and Miltersen's Lemma 5 shows that a safe and stopping strategy for Max
//! secures the claimed values against every strategy of Min, and its mirror image does the same
//! for Min, so the values are the game's and both strategies are optimal. Every optimal pair
//! passes (optimal strategies are safe and stopping), so the check is exact both ways.
//!
//! # Complexity
//! O(n + m) rational operations.
//!
//! # Example
//!
//! Strategy iteration's answer passes; a wrong value is refused.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_core::{Certificate, Rational};
//! use kalmar_stochastic::{Stats, TerminalPayoffGame, si};
//! let graph = read_gg("kalmar-gg 1\nm max -> c l\nc chance -> w:1/2 l:1/2\n\
//!                      w terminal payoff=1\nl terminal payoff=0\n").unwrap();
//! let game = TerminalPayoffGame::from_graph(&graph).unwrap();
//! let mut solution = si::solve_terminal(&game, &mut Stats::default());
//! assert!(solution.verify(&game).is_ok());
//! solution.values[0] = Rational::ONE;
//! assert!(solution.verify(&game).is_err());
//! ```

use super::model::{Model, check_shape, is_safe, player_of};
use super::reach::attract;
use super::{DiscountedGame, Solution, TerminalPayoffGame};
use kalmar_core::{Arena, Certificate, Owner, Player, Rational, Strategy, VerifyError};

/// Checks `values` and `strategy` against the game (see the module docs).
pub(crate) fn verify(
    model: &Model<'_>,
    values: &[Rational],
    strategy: &Strategy,
) -> Result<(), VerifyError> {
    let arena = model.arena;
    let name = |v| arena.name(v).into_owned();
    check_shape(arena, values, strategy)?;
    for v in arena.vertices() {
        let claimed = &values[v.index()];
        let expected = match arena.owner(v) {
            Owner::Terminal => model.payoff[v.index()].clone(),
            Owner::Chance => model.chance_value(v, values),
            Owner::Player(p) => {
                let steps = arena
                    .successors(v)
                    .iter()
                    .map(|w| model.step(v, &values[w.index()]));
                let best = if p == Player::MAX {
                    steps.max()
                } else {
                    steps.min()
                };
                let e = strategy.get(v).expect("checked above");
                if !is_safe(model, e, values) {
                    return Err(VerifyError::new(format!(
                        "vertex {}: the chosen move to {} is worth {}, not the claimed value {claimed}",
                        name(v),
                        name(arena.target(e)),
                        model.step(v, &values[arena.target(e).index()]),
                    )));
                }
                best.expect("a player's vertex has moves")
            }
        };
        if *claimed != expected {
            return Err(VerifyError::new(format!(
                "vertex {}: claimed value {claimed}, but the optimality equation gives {expected}",
                name(v)
            )));
        }
    }
    if model.discounted() {
        return Ok(());
    }
    for player in [Player::MAX, Player::MIN] {
        let terminals: Vec<bool> = arena.vertices().map(|v| arena.is_terminal(v)).collect();
        let reach = attract(arena, player, &terminals, |e| {
            let u = arena.source(e);
            player_of(arena, u) != Some(player) || strategy.get(u) == Some(e)
        });
        let good = |x: &Rational| {
            if player == Player::MAX {
                x.signum().is_gt()
            } else {
                x.signum().is_lt()
            }
        };
        if let Some(v) = arena
            .vertices()
            .find(|&v| good(&values[v.index()]) && !reach.region[v.index()])
        {
            let who = if player == Player::MAX { "Max" } else { "Min" };
            return Err(VerifyError::new(format!(
                "vertex {}: value {} but {who}'s strategy lets the opponent keep play from ending \
                 (infinite play pays 0)",
                name(v),
                values[v.index()]
            )));
        }
    }
    Ok(())
}

/// Checks a claimed solution by best replies: one value per vertex, a valid move wherever a
/// player moves, and against each player's part of `strategy` the other player's best reply,
/// `best_reply(fixed)` with `fixed` the player whose part is kept, gets exactly `values`.
pub(super) fn verify_by_best_replies(
    arena: &Arena,
    values: &[Rational],
    strategy: &Strategy,
    best_reply: impl Fn(Player) -> Result<Vec<Rational>, VerifyError>,
) -> Result<(), VerifyError> {
    check_shape(arena, values, strategy)?;
    for (fixed, who, gets) in [
        (Player::MIN, "Min", "Max's best reply gets"),
        (Player::MAX, "Max", "Min's best reply holds Max to"),
    ] {
        let reply = best_reply(fixed)?;
        if let Some(v) = arena
            .vertices()
            .find(|v| reply[v.index()] != values[v.index()])
        {
            return Err(VerifyError::new(format!(
                "vertex {}: claimed value {}, but against {who}'s strategy {gets} {}",
                arena.name(v),
                values[v.index()],
                reply[v.index()]
            )));
        }
    }
    Ok(())
}

impl Certificate<TerminalPayoffGame> for Solution {
    fn verify(&self, game: &TerminalPayoffGame) -> Result<(), VerifyError> {
        verify(&game.model(), &self.values, &self.strategy)
    }
}

impl Certificate<DiscountedGame> for Solution {
    fn verify(&self, game: &DiscountedGame) -> Result<(), VerifyError> {
        verify(&game.model(), &self.values, &self.strategy)
    }
}
