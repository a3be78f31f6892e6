//! PRISM-games models of stochastic terminal-payoff games, and the result vectors PRISM writes
//! back: so that the same game can be solved by kalmar and by PRISM-games and the answers
//! compared.
//!
//! [`write_prism`] turns a [`TerminalPayoffGame`] into a turn-based stochastic game of PRISM's
//! modelling language (model type `smg`) and an rPATL property whose value at every state is the
//! value of the vertex:
//!
//! ```text
//! smg
//!
//! player maxplayer
//!   [max0], [max1]
//! endplayer
//! player minplayer
//!   [min0], [min1]
//! endplayer
//!
//! module game
//!   s : [0..5] init 0;
//!   // 0: a (max)
//!   [max0] s=0 -> (s'=1);
//!   [max1] s=0 -> (s'=2);
//!   // 1: c (chance)
//!   [] s=1 -> 1/3:(s'=0) + 2/3:(s'=3);
//!   // 3: t (terminal, payoff 1/2)
//!   [] s=3 -> 1/2:(s'=4) + 1/2:(s'=5);
//!   …
//!   [] s=4 -> true;
//!   [] s=5 -> true;
//! endmodule
//!
//! label "win" = s=4;
//! ```
//!
//! - One integer variable `s`: state `k` is vertex `k` of the arena. The initial state is the
//!   arena's start vertex (vertex 0 when it has none).
//! - Max is the player `maxplayer`, Min the player `minplayer`. The `i`-th move of a vertex of
//!   Max is a command labelled `max{i}`, of Min `min{i}`; the player blocks give each label to
//!   its player, so PRISM gives each state to the owner of the vertex.
//! - A chance vertex is one unlabelled probabilistic command: its moves with their exact
//!   probabilities, written as fractions (`1/3`). A state with a single unlabelled command is
//!   given to the first player, which has only that one choice there.
//! - **Payoffs in [0, 1]** (simple stochastic games among them): two absorbing states follow the
//!   vertices, `win` (`s = n`) and `lose` (`s = n + 1`). A terminal of payoff `q` moves to `win`
//!   with probability `q` and to `lose` otherwise, so the probability of reaching `win` is the
//!   expected payoff and an infinite play, which never reaches `win`, pays 0. The property is
//!   `<<maxplayer>> Pmax=? [ F "win" ]`.
//! - **Other non-negative payoffs** (some above 1): one absorbing state `done` (`s = n`) follows
//!   the vertices, every terminal moves to it, and a reward structure `payoff` gives each terminal
//!   its payoff as a state reward, earned when play leaves the terminal. PRISM-games' `F0`
//!   reachability reward counts the rewards gathered until `done` is reached and 0 on a path
//!   that never reaches it, which is the terminal-payoff game's "infinite play pays 0". The
//!   property is `<<maxplayer>> R{"payoff"}max=? [ F0 "done" ]`.
//! - **Negative payoffs** are refused ([`PrismWriteError`]): PRISM's rewards are non-negative,
//!   and adding a constant to every payoff would change what an infinite play pays.
//!
//! [`write_prism_explicit`] writes the same states and choices in PRISM's explicit format
//! (`.tra`, `.lab`, `.srew`), which PRISM imports far faster than it builds a large model from
//! its language (where every command's guard is evaluated in every state).
//!
//! A probability or payoff whose numerator or denominator does not fit PRISM's 32-bit integer
//! literals is written as the nearest double instead (PRISM evaluates every expression in
//! doubles anyway); [`PrismModel::inexact`] counts them.
//!
//! [`read_prism_vector`] and [`read_prism_states`] read back the files of PRISM's
//! `-exportvector` and `-exportstates` options, which give the value of every state and the
//! value of `s` at each state; [`read_prism_log`] the times, result and claimed error PRISM
//! prints.
//!
//! # Complexity
//! Writing is O(n + m) for n vertices and m moves; reading is linear in the text.

use crate::TerminalPayoffGame;
use kalmar_core::error::Cursor;
use kalmar_core::{Owner, ParseError, Player, Rational, Vertex};
use std::fmt::Write;

/// The query of an exported model: what PRISM computes at every state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrismQuery {
    /// `<<maxplayer>> Pmax=? [ F "win" ]`: every payoff is in [0, 1].
    ReachWin,
    /// `<<maxplayer>> R{"payoff"}max=? [ F0 "done" ]`: some payoff is above 1.
    RewardF0,
}

impl PrismQuery {
    /// The property, in PRISM's property language.
    pub fn property(self) -> &'static str {
        match self {
            PrismQuery::ReachWin => "<<maxplayer>> Pmax=? [ F \"win\" ]",
            PrismQuery::RewardF0 => "<<maxplayer>> R{\"payoff\"}max=? [ F0 \"done\" ]",
        }
    }
}

/// A game written in PRISM's language, with its property.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrismModel {
    /// The model file (`.prism`).
    pub model: String,
    /// The properties file (`.props`): one property.
    pub properties: String,
    /// Which query the property is.
    pub query: PrismQuery,
    /// The number of PRISM states: the vertices and the absorbing states after the terminals.
    pub states: usize,
    /// How many probabilities and payoffs were written as doubles because their numerator or
    /// denominator does not fit in 32 bits (0 when every number is written exactly).
    pub inexact: usize,
}

/// Why a game cannot be written as a PRISM-games model.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PrismWriteError {
    /// PRISM's reward structures are non-negative, and a negative payoff cannot be shifted away
    /// (an infinite play must still pay 0).
    #[error(
        "terminal {vertex} pays {payoff}, but PRISM-games refuses negative rewards and a shift \
         would change what an infinite play pays; only games with non-negative payoffs can be \
         exported"
    )]
    NegativePayoff {
        /// The terminal's name.
        vertex: String,
        /// Its payoff.
        payoff: Rational,
    },
}

/// The model of `game` in PRISM-games' language, and the property whose value at state `k` is
/// the value of vertex `k`.
///
/// # Errors
/// A negative payoff ([`PrismWriteError::NegativePayoff`]).
///
/// ```
/// use kalmar_core::format::read_gg;
/// use kalmar_stochastic::prism::{PrismQuery, write_prism};
/// use kalmar_stochastic::TerminalPayoffGame;
/// let g = read_gg("kalmar-gg 1\na max -> t c\nc chance -> a:1/2 t:1/2\nt terminal payoff=1\n")
///     .unwrap();
/// let model = write_prism(&TerminalPayoffGame::from_graph(&g).unwrap()).unwrap();
/// assert_eq!(model.query, PrismQuery::ReachWin);
/// assert!(model.model.contains("[] s=1 -> 1/2:(s'=0) + 1/2:(s'=2);"));
/// ```
pub fn write_prism(game: &TerminalPayoffGame) -> Result<PrismModel, PrismWriteError> {
    let plan = Plan::of(game)?;
    let arena = game.arena();
    let (n, query) = (plan.vertices, plan.query);
    let mut numbers = Numbers::default();
    let mut out = String::with_capacity(48 * (n + arena.num_edges()) + 512);
    let start = arena.start().unwrap_or(Vertex(0)).index();
    // Writing to a String cannot fail.
    let _ = writeln!(
        out,
        "// A stochastic terminal-payoff game written by kalmar: {n} vertices, {} moves.\n\
         // State s=k is vertex k; Max is maxplayer, Min is minplayer.\n\
         // Property: {}\n\nsmg\n",
        arena.num_edges(),
        query.property()
    );
    for (player, prefix) in [("maxplayer", "max"), ("minplayer", "min")] {
        let owner = if prefix == "max" {
            Player::MAX
        } else {
            Player::MIN
        };
        // PRISM refuses a label that no command uses, so the block lists exactly those used.
        let labels = arena
            .vertices()
            .filter(|&v| arena.owner(v) == Owner::Player(owner))
            .map(|v| arena.out_degree(v))
            .max()
            .unwrap_or(0);
        let list: Vec<String> = (0..labels).map(|i| format!("[{prefix}{i}]")).collect();
        let _ = writeln!(out, "player {player}\n  {}\nendplayer\n", list.join(", "));
    }
    let _ = writeln!(
        out,
        "module game\n  s : [0..{}] init {start};",
        plan.states - 1
    );
    let mut update = |branches: &[(Rational, usize)]| -> String {
        match branches {
            [(_, target)] => format!("(s'={target})"),
            _ => {
                let parts: Vec<String> = branches
                    .iter()
                    .map(|(p, target)| format!("{}:(s'={target})", numbers.write(p)))
                    .collect();
                parts.join(" + ")
            }
        }
    };
    for v in arena.vertices() {
        let k = v.index();
        let name = serde_json::to_string(arena.name(v).as_ref()).unwrap_or_default();
        match arena.owner(v) {
            Owner::Player(p) => {
                let prefix = if p == Player::MAX { "max" } else { "min" };
                let _ = writeln!(out, "  // {k}: {name} ({prefix})");
                for (i, &w) in arena.successors(v).iter().enumerate() {
                    let _ = writeln!(out, "  [{prefix}{i}] s={k} -> (s'={});", w.index());
                }
            }
            Owner::Chance => {
                let _ = writeln!(out, "  // {k}: {name} (chance)");
                let branches: Vec<(Rational, usize)> = arena
                    .out_edges(v)
                    .map(|e| {
                        let p = arena.probability(e).cloned().unwrap_or(Rational::ZERO);
                        (p, arena.target(e).index())
                    })
                    .collect();
                let _ = writeln!(out, "  [] s={k} -> {};", update(&branches));
            }
            Owner::Terminal => {
                let payoff = game.payoff(v);
                let _ = writeln!(out, "  // {k}: {name} (terminal, payoff {payoff})");
                let branches = plan.terminal_branches(payoff);
                let _ = writeln!(out, "  [] s={k} -> {};", update(&branches));
            }
        }
    }
    for (state, name) in plan.absorbing() {
        let _ = writeln!(out, "  // {state}: {name}\n  [] s={state} -> true;");
    }
    let (label, target) = plan.target();
    let _ = writeln!(out, "endmodule\n\nlabel \"{label}\" = s={target};");
    if query == PrismQuery::RewardF0 {
        let _ = writeln!(out, "\nrewards \"payoff\"");
        for (t, payoff) in plan.rewards(game) {
            let _ = writeln!(out, "  s={t} : {};", numbers.write(payoff));
        }
        let _ = writeln!(out, "endrewards");
    }
    Ok(PrismModel {
        model: out,
        properties: format!("{}\n", query.property()),
        query,
        states: plan.states,
        inexact: numbers.inexact,
    })
}

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
/// [`write_prism`], without PRISM's reachability pruning.
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

/// What the two writers share: the query, and the absorbing states after the vertices (win
/// and lose, or done) that the terminals lead to.
struct Plan {
    query: PrismQuery,
    vertices: usize,
    states: usize,
}

impl Plan {
    fn of(game: &TerminalPayoffGame) -> Result<Plan, PrismWriteError> {
        let arena = game.arena();
        let terminals = || arena.vertices().filter(|&t| arena.is_terminal(t));
        if let Some(t) = terminals().find(|&t| game.payoff(t).signum().is_lt()) {
            return Err(PrismWriteError::NegativePayoff {
                vertex: arena.name(t).into_owned(),
                payoff: game.payoff(t).clone(),
            });
        }
        let n = arena.num_vertices();
        Ok(if terminals().all(|t| *game.payoff(t) <= Rational::ONE) {
            Plan {
                query: PrismQuery::ReachWin,
                vertices: n,
                states: n + 2,
            }
        } else {
            Plan {
                query: PrismQuery::RewardF0,
                vertices: n,
                states: n + 1,
            }
        })
    }

    /// The label of the target state (`win` or `done`) and the state.
    fn target(&self) -> (&'static str, usize) {
        match self.query {
            PrismQuery::ReachWin => ("win", self.vertices),
            PrismQuery::RewardF0 => ("done", self.vertices),
        }
    }

    /// The absorbing states after the vertices, with their names.
    fn absorbing(&self) -> Vec<(usize, &'static str)> {
        let n = self.vertices;
        match self.query {
            PrismQuery::ReachWin => vec![(n, "win"), (n + 1, "lose")],
            PrismQuery::RewardF0 => vec![(n, "done")],
        }
    }

    /// Where a terminal of this payoff moves: (probability, state), without zero branches.
    fn terminal_branches(&self, payoff: &Rational) -> Vec<(Rational, usize)> {
        let n = self.vertices;
        match self.query {
            PrismQuery::RewardF0 => vec![(Rational::ONE, n)],
            PrismQuery::ReachWin => [(payoff.clone(), n), (&Rational::ONE - payoff, n + 1)]
                .into_iter()
                .filter(|(p, _)| !p.is_zero())
                .collect(),
        }
    }

    /// The terminals with a non-zero payoff (their state rewards), in order.
    fn rewards<'g>(&self, game: &'g TerminalPayoffGame) -> Vec<(usize, &'g Rational)> {
        let arena = game.arena();
        arena
            .vertices()
            .filter(|&t| arena.is_terminal(t) && !game.payoff(t).is_zero())
            .map(|t| (t.index(), game.payoff(t)))
            .collect()
    }
}

/// Writes rationals as PRISM expressions, counting those that had to become doubles.
#[derive(Default)]
struct Numbers {
    inexact: usize,
}

impl Numbers {
    fn write(&mut self, x: &Rational) -> String {
        let fits = |i: &num_bigint::BigInt| i32::try_from(i).is_ok();
        let big = x.to_big();
        if fits(big.numer()) && fits(big.denom()) {
            // Negative numbers in parentheses, so that `-1/2` never follows an operator.
            if x.signum().is_lt() {
                format!("({x})")
            } else {
                x.to_string()
            }
        } else {
            self.inexact += 1;
            format!("{:e}", x.to_f64())
        }
    }
}

/// Reads the file PRISM writes with `-exportvector FILE`: one number per line, the value of each
/// state in PRISM's order (`Infinity` and `NaN` are allowed). Blank lines and `#` comments are
/// skipped.
///
/// ```
/// use kalmar_stochastic::prism::read_prism_vector;
/// assert_eq!(read_prism_vector("0.5\n1.0\n").unwrap(), vec![0.5, 1.0]);
/// ```
pub fn read_prism_vector(text: &str) -> Result<Vec<f64>, ParseError> {
    let mut cursor = Cursor::new(text);
    let mut values = Vec::new();
    loop {
        skip_comments(&mut cursor);
        if cursor.peek().is_none() {
            return Ok(values);
        }
        let at = cursor.clone();
        let word = cursor.take_while(|c| !c.is_whitespace());
        let value = word
            .parse::<f64>()
            .map_err(|_| at.error("a number (the value of a state)"))?;
        values.push(value);
        end_of_line(&mut cursor)?;
    }
}

/// Reads the file PRISM writes with `-exportstates FILE` for a model of [`write_prism`]: the
/// header `(s)`, then `INDEX:(VALUE)` per state, in order; lines starting with `#` are
/// comments (PRISM starts the file with `# States`). Returns the value of `s`, the vertex,
/// of each state.
///
/// ```
/// use kalmar_stochastic::prism::read_prism_states;
/// assert_eq!(read_prism_states("(s)\n0:(0)\n1:(3)\n").unwrap(), vec![0, 3]);
/// ```
pub fn read_prism_states(text: &str) -> Result<Vec<usize>, ParseError> {
    let mut cursor = Cursor::new(text);
    skip_comments(&mut cursor);
    token(
        &mut cursor,
        "(s)",
        "the header (s) of a model whose one variable is s",
    )?;
    end_of_line(&mut cursor)?;
    let mut states = Vec::new();
    loop {
        skip_comments(&mut cursor);
        if cursor.peek().is_none() {
            return Ok(states);
        }
        let at = cursor.clone();
        let index = number(&mut cursor, "the index of a state")?;
        if index != states.len() {
            return Err(at.error(format!(
                "state {} (states are listed in order)",
                states.len()
            )));
        }
        token(&mut cursor, ":(", "':(' after the index of a state")?;
        states.push(number(&mut cursor, "the value of s")?);
        token(&mut cursor, ")", "')'")?;
        end_of_line(&mut cursor)?;
    }
}

/// What PRISM-games reports on standard output for one property (the figures kalmar compares).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct PrismLog {
    /// `Time for model construction: T seconds.`
    pub construction_seconds: Option<f64>,
    /// `Time for model checking: T seconds.`
    pub checking_seconds: Option<f64>,
    /// `States: N (1 initial)`
    pub states: Option<u64>,
    /// The sum of `took N iterations` over the value-iteration lines (precomputations not
    /// counted).
    pub iterations: u64,
    /// `Result: X …`: the value at the initial state.
    pub result: Option<f64>,
    /// The error PRISM claims for the result: `(+/- E estimated; …)`, or 0 for `(exact floating
    /// point)`; `None` when the result line says neither.
    pub claimed_error: Option<f64>,
    /// The first `Error: …` message.
    pub error: Option<String>,
}

/// Reads PRISM-games' report of one model-checking run. Lines it does not know are skipped, so
/// any text gives a report (with nothing found, all fields empty).
///
/// ```
/// use kalmar_stochastic::prism::read_prism_log;
/// let log = read_prism_log(
///     "Time for model checking: 0.158 seconds.\n\
///      Result: 0.99949 (+/- 9.99E-6 estimated; rel err 1.0E-5)\n",
/// );
/// assert_eq!(log.checking_seconds, Some(0.158));
/// assert_eq!(log.result, Some(0.99949));
/// assert_eq!(log.claimed_error, Some(9.99e-6));
/// ```
pub fn read_prism_log(text: &str) -> PrismLog {
    let mut log = PrismLog::default();
    let first_number = |rest: &str| -> Option<f64> { rest.split_whitespace().next()?.parse().ok() };
    for line in text.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("Time for model construction:") {
            log.construction_seconds = first_number(rest);
        } else if let Some(rest) = line.strip_prefix("Time for model checking:") {
            log.checking_seconds = first_number(rest);
        } else if let Some(rest) = line.strip_prefix("States:") {
            log.states = rest.split_whitespace().next().and_then(|n| n.parse().ok());
        } else if let Some(rest) = line.strip_prefix("Result:") {
            log.result = first_number(rest);
            log.claimed_error = if let Some((_, after)) = rest.split_once("(+/- ") {
                first_number(after)
            } else if rest.contains("(exact floating point)") {
                Some(0.0)
            } else {
                None
            };
        } else if let Some(message) = line.strip_prefix("Error:") {
            log.error.get_or_insert_with(|| message.trim().to_string());
        } else if let Some((_, after)) = line
            .strip_prefix("Value iteration")
            .and_then(|rest| rest.split_once(" took "))
        {
            log.iterations += after
                .split_whitespace()
                .next()
                .and_then(|n| n.parse::<u64>().ok())
                .unwrap_or(0);
        }
    }
    log
}

/// Skips white space and `#` comments that run to the end of their line.
fn skip_comments(cursor: &mut Cursor<'_>) {
    cursor.skip_whitespace();
    while cursor.peek() == Some('#') {
        cursor.take_while(|c| c != '\n');
        cursor.skip_whitespace();
    }
}

/// Consumes `expected_token`, or says what stands there instead.
fn token(cursor: &mut Cursor<'_>, expected_token: &str, expected: &str) -> Result<(), ParseError> {
    if !cursor.rest().starts_with(expected_token) {
        return Err(cursor.error(expected));
    }
    for _ in expected_token.chars() {
        cursor.bump();
    }
    Ok(())
}

/// A decimal number that fits in `usize`.
fn number(cursor: &mut Cursor<'_>, expected: &str) -> Result<usize, ParseError> {
    let at = cursor.clone();
    let digits = cursor.take_while(|c| c.is_ascii_digit());
    digits.parse().map_err(|_| at.error(expected))
}

/// Blanks, then the end of the line or of the text.
fn end_of_line(cursor: &mut Cursor<'_>) -> Result<(), ParseError> {
    cursor.skip_blanks();
    match cursor.peek() {
        None | Some('\n') => Ok(()),
        Some(_) => Err(cursor.error("the end of the line")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Class;
    use crate::generate::{haddad_monmege, random_stochastic};
    use kalmar_core::format::read_gg;
    use proptest::prelude::*;

    fn game(text: &str) -> TerminalPayoffGame {
        TerminalPayoffGame::from_graph(&read_gg(text).unwrap()).unwrap()
    }

    /// Max at a enters a coin that ends at t (payoff 1/2) with probability 2/3, by two parallel
    /// moves, or returns to a; or goes to Min's m, who loops forever or gives up u (payoff 1).
    const LOTTERY: &str = "kalmar-gg 1\na max -> c m\nc chance -> t:1/3 t:1/3 a:1/3\n\
                           m min -> m u\nt terminal payoff=1/2\nu terminal payoff=1\n";

    #[test]
    fn a_game_with_payoffs_in_the_unit_interval_is_a_reachability_game() {
        // Written by hand from PRISM-games' grammar: player blocks of the labels used, one
        // command per move, the chance vertex's probabilities as fractions, each terminal a
        // lottery between win (5) and lose (6).
        let expected = "\
// A stochastic terminal-payoff game written by kalmar: 5 vertices, 7 moves.
// State s=k is vertex k; Max is maxplayer, Min is minplayer.
// Property: <<maxplayer>> Pmax=? [ F \"win\" ]

smg

player maxplayer
  [max0], [max1]
endplayer

player minplayer
  [min0], [min1]
endplayer

module game
  s : [0..6] init 0;
  // 0: \"a\" (max)
  [max0] s=0 -> (s'=1);
  [max1] s=0 -> (s'=2);
  // 1: \"c\" (chance)
  [] s=1 -> 1/3:(s'=3) + 1/3:(s'=3) + 1/3:(s'=0);
  // 2: \"m\" (min)
  [min0] s=2 -> (s'=2);
  [min1] s=2 -> (s'=4);
  // 3: \"t\" (terminal, payoff 1/2)
  [] s=3 -> 1/2:(s'=5) + 1/2:(s'=6);
  // 4: \"u\" (terminal, payoff 1)
  [] s=4 -> (s'=5);
  // 5: win
  [] s=5 -> true;
  // 6: lose
  [] s=6 -> true;
endmodule

label \"win\" = s=5;
";
        let model = write_prism(&game(LOTTERY)).unwrap();
        assert_eq!(model.model, expected);
        assert_eq!(model.properties, "<<maxplayer>> Pmax=? [ F \"win\" ]\n");
        assert_eq!(model.query, PrismQuery::ReachWin);
        assert_eq!(model.states, 7);
        assert_eq!(model.inexact, 0);
    }

    #[test]
    fn the_explicit_files_are_those_prism_exports_for_the_same_model() {
        // What PRISM-games 3.2 writes with `-exportmodel FILE.tra,lab` for the model of the
        // golden test above, less its action names and its `deadlock` label; the parallel moves
        // of c to t are one transition of 2/3.
        let model = write_prism_explicit(&game(LOTTERY)).unwrap();
        assert_eq!(
            model.transitions,
            "# Transitions (SMG)\n7:2 9 11\n0:0 0 1 1\n0:0 1 2 1\n1:0 0 0 0.3333333333333333\n\
             1:0 0 3 0.6666666666666666\n2:1 0 2 1\n2:1 1 4 1\n3:0 0 5 0.5\n3:0 0 6 0.5\n\
             4:0 0 5 1\n5:0 0 5 1\n6:0 0 6 1\n"
        );
        assert_eq!(model.labels, "# Labels\n0=\"init\" 1=\"win\"\n0: 0\n5: 1\n");
        assert_eq!(model.state_rewards, None);
        assert_eq!(model.properties, "<<1>> Pmax=? [ F \"win\" ]\n");
        let rewards = write_prism_explicit(&game(
            "kalmar-gg 1\nstart b\na max -> t a\nb min -> a z\nt terminal payoff=5/2\n\
             z terminal payoff=0\n",
        ))
        .unwrap();
        assert_eq!(
            rewards.state_rewards.as_deref(),
            Some("# Reward structure \"payoff\"\n# State rewards\n5 1\n2 2.5\n")
        );
        assert_eq!(
            rewards.labels,
            "# Labels\n0=\"init\" 1=\"done\"\n1: 0\n4: 1\n"
        );
        assert_eq!(
            rewards.properties,
            "<<1>> R{\"payoff\"}max=? [ F0 \"done\" ]\n"
        );
    }

    #[test]
    fn payoffs_above_one_are_rewards_until_done() {
        let g = game(
            "kalmar-gg 1\nstart b\na max -> t a\nb min -> a z\nt terminal payoff=5/2\n\
             z terminal payoff=0\n",
        );
        let model = write_prism(&g).unwrap();
        assert_eq!(model.query, PrismQuery::RewardF0);
        assert_eq!(
            model.properties,
            "<<maxplayer>> R{\"payoff\"}max=? [ F0 \"done\" ]\n"
        );
        assert_eq!(model.states, 5);
        for line in [
            "player minplayer\n  [min0], [min1]\nendplayer",
            "  s : [0..4] init 1;",
            "  [] s=2 -> (s'=4);",
            "  [] s=3 -> (s'=4);",
            "  [] s=4 -> true;",
            "label \"done\" = s=4;",
            // Terminals of payoff 0 earn nothing and are not listed.
            "rewards \"payoff\"\n  s=2 : 5/2;\nendrewards",
        ] {
            assert!(
                model.model.contains(line),
                "{line}\nnot in\n{}",
                model.model
            );
        }
    }

    #[test]
    fn a_player_without_vertices_has_an_empty_block() {
        let model = write_prism(&game("kalmar-gg 1\na max -> t\nt terminal payoff=1\n")).unwrap();
        assert!(model.model.contains("player minplayer\n  \nendplayer"));
        assert!(
            model
                .model
                .contains("player maxplayer\n  [max0]\nendplayer")
        );
    }

    #[test]
    fn negative_payoffs_are_refused() {
        let g = game("kalmar-gg 1\na max -> t u\nt terminal payoff=-1\nu terminal payoff=2\n");
        assert_eq!(
            write_prism(&g),
            Err(PrismWriteError::NegativePayoff {
                vertex: "t".into(),
                payoff: Rational::from(-1),
            })
        );
    }

    #[test]
    fn numbers_beyond_32_bits_become_doubles() {
        let g = game(
            "kalmar-gg 1\na chance -> t:1/3000000000 u:2999999999/3000000000\n\
             t terminal payoff=1\nu terminal payoff=0\n",
        );
        let model = write_prism(&g).unwrap();
        assert_eq!(model.inexact, 2);
        assert!(model.model.contains("3.333333333333333e-10:(s'=1)"));
    }

    /// One command of a model, read back: its label, state and branches (probability, target).
    type Command = (String, usize, Vec<(Rational, usize)>);

    /// Reads the commands of a model of [`write_prism`] with a small parser of its own.
    fn commands(model: &str) -> Vec<Command> {
        model
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with('[') && l.contains(" -> "))
            .map(|line| {
                let (label, rest) = line[1..].split_once("] s=").unwrap();
                let (state, update) = rest.split_once(" -> ").unwrap();
                let state: usize = state.parse().unwrap();
                let update = update.strip_suffix(';').unwrap();
                let branches = if update == "true" {
                    vec![(Rational::ONE, state)]
                } else {
                    update
                        .split(" + ")
                        .map(|b| {
                            let (p, target) = match b.split_once(":(s'=") {
                                Some((p, t)) => (p.parse().unwrap(), t),
                                None => (Rational::ONE, b.strip_prefix("(s'=").unwrap()),
                            };
                            (p, target.strip_suffix(')').unwrap().parse().unwrap())
                        })
                        .collect()
                };
                (label.to_string(), state, branches)
            })
            .collect()
    }

    /// Every vertex and every move of the game is in the model, with its owner's label or
    /// its probability, and the terminals lead to win, lose or done as their payoffs say.
    fn check_every_move_appears(game: &TerminalPayoffGame) {
        let model = write_prism(game).unwrap();
        let arena = game.arena();
        let n = arena.num_vertices();
        let mut by_state: Vec<Vec<Command>> = vec![Vec::new(); model.states];
        for c in commands(&model.model) {
            by_state[c.1].push(c);
        }
        for v in arena.vertices() {
            let found = &by_state[v.index()];
            match arena.owner(v) {
                Owner::Player(p) => {
                    let prefix = if p == Player::MAX { "max" } else { "min" };
                    let expected: Vec<Command> = arena
                        .successors(v)
                        .iter()
                        .enumerate()
                        .map(|(i, w)| {
                            (
                                format!("{prefix}{i}"),
                                v.index(),
                                vec![(Rational::ONE, w.index())],
                            )
                        })
                        .collect();
                    assert_eq!(found, &expected);
                }
                Owner::Chance => {
                    let branches: Vec<(Rational, usize)> = arena
                        .out_edges(v)
                        .map(|e| {
                            (
                                arena.probability(e).unwrap().clone(),
                                arena.target(e).index(),
                            )
                        })
                        .collect();
                    assert_eq!(found, &vec![(String::new(), v.index(), branches)]);
                }
                Owner::Terminal => {
                    let [(label, _, branches)] = found.as_slice() else {
                        panic!("one command at terminal {v}: {found:?}");
                    };
                    assert_eq!(label, "");
                    let payoff = game.payoff(v);
                    let to = |target: usize| -> Rational {
                        branches
                            .iter()
                            .filter(|b| b.1 == target)
                            .map(|b| b.0.clone())
                            .fold(Rational::ZERO, |a, b| &a + &b)
                    };
                    match model.query {
                        PrismQuery::ReachWin => {
                            assert_eq!(&to(n), payoff);
                            assert_eq!(to(n + 1), &Rational::ONE - payoff);
                        }
                        PrismQuery::RewardF0 => {
                            assert_eq!(to(n), Rational::ONE);
                            let reward = format!("  s={} : {payoff};", v.index());
                            assert_eq!(payoff.is_zero(), !model.model.contains(&reward));
                        }
                    }
                }
            }
        }
        // The absorbing states after the vertices loop, and nothing else is there.
        for extra in &by_state[n..] {
            assert_eq!(extra.len(), 1);
            assert_eq!(extra[0].2, vec![(Rational::ONE, extra[0].1)]);
        }
        let written: usize = by_state.iter().map(Vec::len).sum();
        let is_player = |v: &Vertex| matches!(arena.owner(*v), Owner::Player(_));
        let player_moves: usize = arena
            .vertices()
            .filter(is_player)
            .map(|v| arena.out_degree(v))
            .sum();
        let one_command = n - arena.vertices().filter(is_player).count();
        assert_eq!(written, player_moves + one_command + (model.states - n));
        check_explicit(game, &by_state);
    }

    /// The explicit files have the same choices as the language model: per state, the owner's
    /// player index and per choice the same targets with the same probabilities (as doubles,
    /// parallel moves added up); the header counts them.
    fn check_explicit(game: &TerminalPayoffGame, language: &[Vec<Command>]) {
        let explicit = write_prism_explicit(game).unwrap();
        let mut lines = explicit.transitions.lines();
        assert_eq!(lines.next(), Some("# Transitions (SMG)"));
        let header = lines.next().unwrap().to_string();
        let mut choices: Vec<Vec<Vec<(usize, f64)>>> = vec![Vec::new(); explicit.states];
        let mut transitions = 0;
        for line in lines {
            let words: Vec<&str> = line.split(' ').collect();
            let (state, player) = words[0].split_once(':').unwrap();
            let (state, choice): (usize, usize) =
                (state.parse().unwrap(), words[1].parse().unwrap());
            let owner = game
                .arena()
                .owner(Vertex::new(state.min(game.arena().num_vertices() - 1)));
            if state < game.arena().num_vertices() {
                let expected = u8::from(owner == Owner::Player(Player::MIN));
                assert_eq!(player.parse::<u8>().unwrap(), expected);
            }
            if choices[state].len() == choice {
                choices[state].push(Vec::new());
            }
            choices[state][choice].push((words[2].parse().unwrap(), words[3].parse().unwrap()));
            transitions += 1;
        }
        let count: usize = choices.iter().map(Vec::len).sum();
        assert_eq!(
            header,
            format!("{}:2 {count} {transitions}", explicit.states)
        );
        for (state, commands) in language.iter().enumerate() {
            assert_eq!(choices[state].len(), commands.len());
            for (choice, command) in choices[state].iter().zip(commands) {
                let mut merged: Vec<(usize, f64)> = Vec::new();
                for (p, target) in &command.2 {
                    match merged.iter_mut().find(|m| m.0 == *target) {
                        Some(m) => m.1 += p.to_f64(),
                        None => merged.push((*target, p.to_f64())),
                    }
                }
                merged.sort_by_key(|m| m.0);
                assert_eq!(choice.len(), merged.len());
                for (a, b) in choice.iter().zip(&merged) {
                    assert_eq!(a.0, b.0);
                    assert!((a.1 - b.1).abs() < 1e-12);
                }
            }
        }
    }

    #[test]
    fn every_move_of_the_haddad_monmege_chain_appears() {
        let g = haddad_monmege(5).unwrap();
        check_every_move_appears(&TerminalPayoffGame::from_graph(&g).unwrap());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn every_vertex_and_move_appears(
            seed in 0u64..1000,
            positions in 1usize..30,
            simple in any::<bool>(),
            scale in 1i64..4,
        ) {
            let class = if simple { Class::Simple } else { Class::Terminal };
            let mut graph = random_stochastic(class, positions, 3, 4, None, seed).unwrap();
            // Non-negative payoffs; scaled by 1/scale, so some games stay in [0, 1].
            for payoff in graph.payoff.iter_mut().flatten() {
                *payoff = &payoff.abs() / &Rational::from(scale);
            }
            check_every_move_appears(&TerminalPayoffGame::from_graph(&graph).unwrap());
        }
    }

    #[test]
    fn the_log_gives_times_result_and_claimed_error() {
        // The lines PRISM-games 3.2 prints for `-valiter -noprob1` on a Haddad–Monmege chain,
        // then a run stopped by an error.
        let log = read_prism_log(
            "Computing reachable states... 13 states\n\
             Time for model construction: 0.126 seconds.\n\
             Type:        SMG\n\
             States:      13 (1 initial)\n\
             Prob0 (maxmin) took 10 iterations and 0.004 seconds.\n\
             Value iteration (maxmin) took 3832 iterations and 0.124 seconds.\n\
             Time for model checking: 0.158 seconds.\n\n\
             Result: 0.9994974341306767 (+/- 9.992797841418268E-6 estimated; rel err \
             9.997822405726942E-6)\n",
        );
        assert_eq!(
            log,
            PrismLog {
                construction_seconds: Some(0.126),
                checking_seconds: Some(0.158),
                states: Some(13),
                iterations: 3832,
                result: Some(0.9994974341306767),
                claimed_error: Some(9.992797841418268E-6),
                error: None,
            }
        );
        let log = read_prism_log("Result: 1.0 (exact floating point)\n");
        assert_eq!((log.result, log.claimed_error), (Some(1.0), Some(0.0)));
        let log = read_prism_log(
            "Value iteration (maxmin) took 10000 iterations and 0.269 seconds.\n\
             Error: Iterative method did not converge within 10000 iterations.\n",
        );
        assert_eq!(log.result, None);
        assert_eq!(
            log.error.as_deref(),
            Some("Iterative method did not converge within 10000 iterations.")
        );
        assert_eq!(
            read_prism_log("Result: ?\nStates: many\n"),
            PrismLog::default()
        );
    }

    #[test]
    fn vectors_and_states_are_read_back() {
        assert_eq!(
            read_prism_vector("# values\n0.25\n\n1.0E-7  \nInfinity\n").unwrap(),
            vec![0.25, 1e-7, f64::INFINITY]
        );
        assert_eq!(
            read_prism_states("# States\n(s)\n0:(0)\n1:(4)\n2:(1)\n").unwrap(),
            vec![0, 4, 1]
        );
    }

    #[test]
    fn bad_files_are_errors_with_line_and_column() {
        let e = read_prism_vector("0.5\n 1/2\n").unwrap_err();
        assert_eq!((e.span().line, e.span().column), (2, 2));
        assert_eq!(e.found(), "'1/2'");
        let e = read_prism_vector("0.5 0.25\n").unwrap_err();
        assert_eq!((e.span().line, e.span().column), (1, 5));
        let e = read_prism_states("(s,t)\n0:(0,1)\n").unwrap_err();
        assert_eq!((e.span().line, e.span().column), (1, 1));
        let e = read_prism_states("(s)\n0:(0)\n2:(1)\n").unwrap_err();
        assert_eq!((e.span().line, e.span().column), (3, 1));
        assert!(e.expected().contains("state 1"));
        let e = read_prism_states("(s)\n0:(x)\n").unwrap_err();
        assert_eq!((e.span().line, e.span().column), (2, 4));
        let e = read_prism_states("(s)\n0:(99999999999999999999999)\n").unwrap_err();
        assert_eq!(e.span().line, 2);
        assert!(read_prism_states("").is_err());
    }
}
