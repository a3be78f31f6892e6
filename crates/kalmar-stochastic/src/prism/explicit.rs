//! [`write_prism_explicit`]: a game in PRISM's explicit format (`.tra`, `.lab`, `.srew`).

use super::{Plan, PrismQuery, PrismWriteError};
use crate::TerminalPayoffGame;
use kalmar_core::{Owner, Player, Rational, Vertex};
use std::fmt::Write;

/// A game in PRISM's explicit format, which PRISM-games reads with
/// `-importmodel FILE.tra,lab[,srew]` far faster than it builds a large model from its language.
#[derive(Clone, Debug, PartialEq)]
pub struct PrismExplicit {
    /// The transitions file (`.tra`): `# Transitions (SMG)`, then `STATES:2 CHOICES
    /// TRANSITIONS`, then `STATE:PLAYER CHOICE TARGET PROBABILITY` (player 0 Max, 1 Min).
    pub transitions: String,
    /// The labels file (`.lab`): `init` at the start vertex, and `win` or `done`.
    pub labels: String,
    /// The state rewards file (`.srew`) of the reward structure `payoff`, for
    /// [`PrismQuery::RewardF0`].
    pub state_rewards: Option<String>,
    /// The properties file: the query with the coalition `<<1>>` (imported models have no
    /// player names).
    pub properties: String,
    /// Which query the property is.
    pub query: PrismQuery,
    /// The number of states: state k < n is vertex k.
    pub states: usize,
}

/// The model of `game` in PRISM's explicit format. PRISM reads these numbers only as doubles,
/// so every probability and payoff is written as the nearest one (the parallel moves of a
/// chance vertex to one target are added up exactly first); the states are those of
/// [`write_prism`](super::write_prism), without PRISM's reachability pruning.
///
/// # Errors
/// A negative payoff ([`PrismWriteError::NegativePayoff`]).
///
/// ```
/// use kalmar_core::format::read_gg;
/// use kalmar_stochastic::prism::write_prism_explicit;
/// use kalmar_stochastic::TerminalPayoffGame;
/// let g = read_gg("kalmar-gg 1\na max -> t c\nc chance -> a:1/3 t:2/3\nt terminal payoff=1\n")
///     .unwrap();
/// let model = write_prism_explicit(&TerminalPayoffGame::from_graph(&g).unwrap()).unwrap();
/// assert!(model.transitions.contains("1:0 0 0 0.3333333333333333\n1:0 0 2 0.6666666666666666\n"));
/// ```
pub fn write_prism_explicit(game: &TerminalPayoffGame) -> Result<PrismExplicit, PrismWriteError> {
    let plan = Plan::of(game)?;
    let arena = game.arena();
    let mut lines = String::with_capacity(24 * (plan.states + arena.num_edges()));
    let (mut choices, mut transitions) = (0usize, 0usize);
    let mut choice = |lines: &mut String,
                      state: usize,
                      player: u8,
                      index: usize,
                      branches: &[(Rational, usize)]| {
        choices += 1;
        for (p, target) in branches {
            transitions += 1;
            let _ = writeln!(lines, "{state}:{player} {index} {target} {}", p.to_f64());
        }
    };
    for v in arena.vertices() {
        let k = v.index();
        match arena.owner(v) {
            Owner::Player(p) => {
                let player = u8::from(p != Player::MAX);
                for (i, &w) in arena.successors(v).iter().enumerate() {
                    choice(&mut lines, k, player, i, &[(Rational::ONE, w.index())]);
                }
            }
            Owner::Chance => {
                let mut branches: Vec<(Rational, usize)> = Vec::new();
                for e in arena.out_edges(v) {
                    let p = arena.probability(e).cloned().unwrap_or(Rational::ZERO);
                    let target = arena.target(e).index();
                    match branches.iter_mut().find(|b| b.1 == target) {
                        Some(b) => b.0 = &b.0 + &p,
                        None => branches.push((p, target)),
                    }
                }
                branches.sort_by_key(|b| b.1);
                choice(&mut lines, k, 0, 0, &branches);
            }
            Owner::Terminal => choice(&mut lines, k, 0, 0, &plan.terminal_branches(game.payoff(v))),
        }
    }
    for (state, _) in plan.absorbing() {
        choice(&mut lines, state, 0, 0, &[(Rational::ONE, state)]);
    }
    let header = format!(
        "# Transitions (SMG)\n{}:2 {choices} {transitions}\n",
        plan.states
    );
    let (label, target) = plan.target();
    let start = arena.start().unwrap_or(Vertex(0)).index();
    let labels = format!("# Labels\n0=\"init\" 1=\"{label}\"\n{start}: 0\n{target}: 1\n");
    let state_rewards = (plan.query == PrismQuery::RewardF0).then(|| {
        let rewards = plan.rewards(game);
        let mut text = format!(
            "# Reward structure \"payoff\"\n# State rewards\n{} {}\n",
            plan.states,
            rewards.len()
        );
        for (t, payoff) in rewards {
            let _ = writeln!(text, "{t} {}", payoff.to_f64());
        }
        text
    });
    Ok(PrismExplicit {
        transitions: header + &lines,
        labels,
        state_rewards,
        properties: format!(
            "{}\n",
            plan.query.property().replace("<<maxplayer>>", "<<1>>")
        ),
        query: plan.query,
        states: plan.states,
    })
}
