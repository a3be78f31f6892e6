//! Strategy recovery in linear time (Andersson and Miltersen, Theorem 2): given the values of all
//! vertices of a terminal-payoff game, optimal positional strategies for both players.
//!
//! Moving to any successor of equal value is not enough: in a cycle of equal values a player may
//! go round forever, and infinite play pays 0. A strategy is optimal exactly when it is *safe*
//! (it keeps the value) and *stopping* (from every vertex of positive value, for Max, every reply
//! leaves a positive probability of reaching a terminal) — Lemma 5. Theorem 2 finds one by
//! retrograde analysis on a derived game: Max keeps only his safe moves, chance becomes Max's,
//! and the terminals are merged into one target; the attractor of the target, built backwards,
//! gives every attracted vertex of Max a safe move that leads closer to the end. The mirror image
//! does the same for Min, from the vertices of negative value.
//!
//! The given values are trusted to be the game's; if they are not, a positive vertex may be left
//! without a way out, which is reported (and the [`verify`](super::verify) check finds any other
//! fault).
//!
//! # Complexity
//! O(n + m) rational comparisons.
//!
//! # Example
//!
//! The strategies of a coin toss from its values.
//!
//! ```
//! use kalmar_core::format::read_gg;
//! use kalmar_core::{Certificate, Rational};
//! use kalmar_stochastic::{Solution, TerminalPayoffGame, recover};
//! let graph = read_gg("kalmar-gg 1\nm max -> c l\nc chance -> w:1/2 l:1/2\n\
//!                      w terminal payoff=1\nl terminal payoff=0\n").unwrap();
//! let game = TerminalPayoffGame::from_graph(&graph).unwrap();
//! let half = Rational::new(1, 2);
//! let values = vec![half.clone(), half, Rational::ONE, Rational::ZERO];
//! let strategy = recover::recover(&game, &values).unwrap();
//! assert!(Solution { values, strategy }.verify(&game).is_ok());
//! ```

use super::model::{is_safe, player_of};
use super::reach::attract;
use super::{Solution, TerminalPayoffGame};
use kalmar_core::{Arena, Certificate, Player, Rational, Strategy, VerifyError, Vertex};

/// Why values given as JSON gave no certified solution.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ValuesError {
    /// The text is not JSON, or not an object of values by vertex name.
    #[error("{0}")]
    Json(String),
    /// A name that no vertex has.
    #[error("the game has no position named '{0}'")]
    Name(String),
    /// A value that is not a number.
    #[error("vertex {0}: {1}")]
    Value(String, String),
    /// A vertex without a value.
    #[error("no value for vertex {0}")]
    Missing(String),
    /// The values allow no optimal strategies.
    #[error(transparent)]
    Recover(#[from] RecoverError),
    /// The recovered strategies and the values fail the certificate.
    #[error("the values are not the game's: {0}")]
    Wrong(VerifyError),
}

/// The values of every vertex of `arena` from JSON: an object mapping every vertex name to its
/// value (`"3/4"`), or an object whose `values` field is one (the output of
/// `kalmar stochastic solve --json`).
///
/// ```
/// use kalmar_core::format::read_gg;
/// use kalmar_core::Rational;
/// use kalmar_stochastic::recover::values_from_json;
/// let graph = read_gg("kalmar-gg 1\na max -> b\nb terminal payoff=1\n").unwrap();
/// let values = values_from_json(&graph.arena, r#"{"values": {"a": "1", "b": "1"}}"#).unwrap();
/// assert_eq!(values, [Rational::ONE, Rational::ONE]);
/// assert!(values_from_json(&graph.arena, r#"{"a": "1"}"#).is_err());
/// ```
pub fn values_from_json(arena: &Arena, text: &str) -> Result<Vec<Rational>, ValuesError> {
    let parsed: serde_json::Value =
        serde_json::from_str(text).map_err(|e| ValuesError::Json(e.to_string()))?;
    let object = parsed
        .get("values")
        .unwrap_or(&parsed)
        .as_object()
        .ok_or_else(|| {
            ValuesError::Json("expected a JSON object of values by vertex name".into())
        })?;
    let index = arena.name_index();
    let mut values = vec![None; arena.num_vertices()];
    for (name, x) in object {
        let v = index
            .get(name.as_str())
            .ok_or_else(|| ValuesError::Name(name.clone()))?;
        let x: Rational = serde_json::from_value(x.clone())
            .map_err(|e| ValuesError::Value(name.clone(), e.to_string()))?;
        values[v.index()] = Some(x);
    }
    arena
        .vertices()
        .map(|v| {
            values[v.index()]
                .take()
                .ok_or_else(|| ValuesError::Missing(arena.name(v).into_owned()))
        })
        .collect()
}

/// Optimal strategies from the values ([`recover`]), checked with the values by the
/// certificate of terminal-payoff games.
pub fn certified(
    game: &TerminalPayoffGame,
    values: Vec<Rational>,
) -> Result<Solution, ValuesError> {
    let strategy = recover(game, &values)?;
    let solution = Solution { values, strategy };
    solution.verify(game).map_err(ValuesError::Wrong)?;
    Ok(solution)
}

/// The values do not allow optimal strategies: they are not the game's values.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecoverError {
    /// One value per vertex is needed.
    #[error("{found} values for {vertices} vertices")]
    Length {
        /// Values given.
        found: usize,
        /// Vertices of the game.
        vertices: usize,
    },
    /// A player's vertex has no move that keeps its value.
    #[error("vertex {0}: no move keeps its value {1}, so these are not the game's values")]
    NoSafeMove(String, Rational),
    /// A vertex that is good for a player has no safe way to the end.
    #[error(
        "vertex {0}: value {1}, but no safe strategy ends play from it with positive probability, \
         so these are not the game's values"
    )]
    NoWayOut(String, Rational),
}

/// Optimal strategies for both players from the values of every vertex (Theorem 2).
pub fn recover(game: &TerminalPayoffGame, values: &[Rational]) -> Result<Strategy, RecoverError> {
    let arena = game.arena();
    let model = game.model();
    if values.len() != arena.num_vertices() {
        return Err(RecoverError::Length {
            found: values.len(),
            vertices: arena.num_vertices(),
        });
    }
    let mut strategy = Strategy::empty(arena.num_vertices());
    let terminals: Vec<bool> = arena.vertices().map(|v| arena.is_terminal(v)).collect();
    for player in [Player::MAX, Player::MIN] {
        let reach = attract(arena, player, &terminals, |e| {
            player_of(arena, arena.source(e)) != Some(player) || is_safe(&model, e, values)
        });
        let good = |x: &Rational| {
            if player == Player::MAX {
                x.signum().is_gt()
            } else {
                x.signum().is_lt()
            }
        };
        for v in arena.vertices() {
            if player_of(arena, v) == Some(player) {
                let safe = reach.strategy[v.index()]
                    .or_else(|| arena.out_edges(v).find(|&e| is_safe(&model, e, values)))
                    .ok_or_else(|| {
                        RecoverError::NoSafeMove(name(game, v), values[v.index()].clone())
                    })?;
                strategy.set(v, safe);
            }
            if good(&values[v.index()]) && !reach.region[v.index()] {
                return Err(RecoverError::NoWayOut(
                    name(game, v),
                    values[v.index()].clone(),
                ));
            }
        }
    }
    Ok(strategy)
}

/// The naive recovery: at every player's vertex, the first move that keeps the value. It is safe
/// but need not be stopping, so it need not be optimal (kept to show why Theorem 2 is needed).
pub fn first_safe_move(game: &TerminalPayoffGame, values: &[Rational]) -> Strategy {
    let arena = game.arena();
    let model = game.model();
    let mut strategy = Strategy::empty(arena.num_vertices());
    for v in arena.vertices() {
        if player_of(arena, v).is_some()
            && let Some(e) = arena.out_edges(v).find(|&e| is_safe(&model, e, values))
        {
            strategy.set(v, e);
        }
    }
    strategy
}

fn name(game: &TerminalPayoffGame, v: Vertex) -> String {
    game.arena().name(v).into_owned()
}
